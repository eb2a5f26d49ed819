//! Computer turns, off the request path. A write that leaves a computer to play queues its game;
//! a worker (the bot's worker thread, the demo loop, tests) takes games from the queue with
//! [`Service::wait_for_computer`], plays one turn with [`Service::play_computer`] through the same
//! move path as people, and posts the returned [`Notice`]. The queue is rebuilt from the stored
//! index at start, so a kill or restart in the middle of computer moves never leaves a game
//! waiting; [`Service::stop`] lets a worker finish its turn and return (graceful shutdown).

use super::play::By;
use super::stored::Phase;
use super::{Key, Notice, Outcome, Service, Slot};
use crate::ai::{self, Level};
use crate::engine::Game;
use crate::i18n;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// What a computer is to do, found under the channel's lock.
enum Think {
    /// Nothing: a person is to play, or the game is not running.
    Nothing,
    /// Already done under the lock (a game whose end was not saved was finished).
    Done(ComputerStep),
    /// Choose the seat's actions in this state: its turn, or its step of the dragon.
    Decide {
        game: Box<Game>,
        level: Level,
        /// The turn's seed (a step of the dragon derives its own).
        seed: u64,
        /// The game's id: a later game of the channel at the same turn is not this one.
        id: u64,
    },
}

/// What a computer's search gave.
enum Thought<T> {
    /// It chose (or found nothing to choose).
    Chose(T),
    /// It panicked at its level and at the easy level.
    Stuck,
}

/// The message of a caught panic.
fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// What one call of [`Service::play_computer`] did.
#[derive(Debug)]
pub enum ComputerStep {
    /// A computer moved: post this.
    Played(Notice),
    /// Nothing to do there (a person is to play, the game ended, the channel is empty).
    Idle,
    /// The move could not be saved; the game was queued again (try later).
    Failed,
}

impl Service {
    /// Waits up to `timeout` for a game where a computer is to play, and takes it from the queue.
    /// Returns `None` on timeout or once [`Service::stop`] was called.
    pub fn wait_for_computer(&self, timeout: Duration) -> Option<Key> {
        self.jobs.wait_for_computer(timeout)
    }

    /// Games queued for a computer turn.
    pub fn computer_queue_len(&self) -> usize {
        self.jobs.queue_len()
    }

    /// Whether computers are to play or thinking in this process (a review waits then).
    pub fn computers_busy(&self) -> bool {
        self.jobs.queue_len() > 0 || self.thinking.load(Ordering::SeqCst) > 0
    }

    /// Asks workers to finish the turn they are playing and return; no new turn starts.
    pub fn stop(&self) {
        self.jobs.stop();
    }

    /// Whether [`Service::stop`] was called.
    pub fn stopping(&self) -> bool {
        self.jobs.stopping()
    }

    /// Plays one computer turn in a game, if a computer is to play there. The computer thinks
    /// without holding the channel's lock (people may look at the board meanwhile); its move is
    /// applied only if the game is still where it was. If another computer follows, the game is
    /// queued again (behind other games: turns of different channels take turns).
    pub fn play_computer(&self, key: Key, now: u64) -> ComputerStep {
        // 0. The work is this process's (another one may be on it, with shared storage).
        if !self.sessions.claim(key, now) {
            return ComputerStep::Idle;
        }
        // A panic anywhere in the computer's turn stays in this game: the worker lives on.
        let step = match std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.play_claimed_computer(key, now)
        })) {
            Ok(step) => step,
            Err(e) => {
                self.metrics.computer_panics.inc();
                tracing::error!(%key, "a computer turn panicked: {}", panic_text(&e));
                self.stuck(key, now)
            }
        };
        if matches!(step, ComputerStep::Idle) {
            self.sessions.release(key);
        }
        match step {
            // The game's lock is released: now the pictures.
            ComputerStep::Played(mut n) => {
                self.pictures.draw(&mut n.reply);
                ComputerStep::Played(n)
            }
            other => other,
        }
    }

    fn play_claimed_computer(&self, key: Key, now: u64) -> ComputerStep {
        // 1. Under the lock: what to think about.
        let task = self.with_slot(key, |svc, slot| {
            let Slot::Game(session) = slot else {
                return Think::Nothing;
            };
            let Some(game) = &session.game else {
                return Think::Nothing;
            };
            if session.stored.phase != Phase::Playing {
                return Think::Nothing;
            }
            if game.is_over() {
                // The last move was saved but the end was not (a crash in between): only
                // score and archive.
                let lines = Ok(Vec::new());
                let _langs = i18n::enter(svc.servers.game_langs(key, &session.stored));
                return Think::Done(svc.finish_computer_step(key, slot, lines, now));
            }
            let cur = game.pending().seat;
            if !session.stored.seats.get(cur).is_some_and(|s| s.computer) {
                return Think::Nothing;
            }
            let seed = session.stored.seed
                ^ (game.turn_count() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let level = session.stored.computer_level;
            let snapshot = Box::new(game.game().clone());
            let id = session.stored.game_id();
            Think::Decide {
                game: snapshot,
                level,
                seed,
                id,
            }
        });
        let step = match task {
            None => ComputerStep::Failed,
            Some(Think::Nothing) => ComputerStep::Idle,
            Some(Think::Done(step)) => step,
            Some(Think::Decide {
                game,
                level,
                seed,
                id,
            }) => {
                // 2. Without the lock: think.
                match self.think(key, level, |l| ai::choose(&game, l, seed)) {
                    Thought::Stuck => self.stuck(key, now),
                    Thought::Chose(actions) if actions.is_empty() => {
                        tracing::error!(%key, "the computer found no move");
                        ComputerStep::Idle
                    }
                    // 3. Under the lock again: play, if nothing changed meanwhile.
                    Thought::Chose(actions) => self
                        .with_slot(key, |svc, slot| {
                            let Slot::Game(session) = slot else {
                                return ComputerStep::Idle;
                            };
                            let unchanged = session.stored.game_id() == id
                                && session.game.as_ref().is_some_and(|g| {
                                    g.game().turn_count() == game.turn_count()
                                        && g.game().pending() == game.pending()
                                })
                                && session.stored.phase == Phase::Playing
                                && session
                                    .stored
                                    .seats
                                    .get(game.pending().seat)
                                    .is_some_and(|s| s.computer);
                            if !unchanged {
                                return ComputerStep::Idle;
                            }
                            let _langs = i18n::enter(svc.servers.game_langs(key, &session.stored));
                            let lines = svc.play_for(key, session, By::Computer, actions, now);
                            svc.finish_computer_step(key, slot, lines, now)
                        })
                        .unwrap_or(ComputerStep::Failed),
                }
            }
        };
        if matches!(step, ComputerStep::Failed) {
            self.jobs.requeue(key);
        }
        step
    }

    /// Runs a computer's search with a panic contained to this game: a panic is logged and
    /// counted, and the computer thinks again at the easy level (the greedy player, a separate
    /// piece of code); if that panics too, the game is stuck.
    fn think<T>(&self, key: Key, level: Level, search: impl Fn(Level) -> T) -> Thought<T> {
        // Counted while it thinks: a review waits for it ([`Service::computers_busy`]).
        struct Thinking<'a>(&'a std::sync::atomic::AtomicUsize);
        impl Drop for Thinking<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::SeqCst);
            }
        }
        self.thinking.fetch_add(1, Ordering::SeqCst);
        let _thinking = Thinking(&self.thinking);
        let attempt = |level: Level| {
            std::panic::catch_unwind(AssertUnwindSafe(|| {
                if self.injected_panics.load(Ordering::SeqCst) > 0 {
                    self.injected_panics.fetch_sub(1, Ordering::SeqCst);
                    panic!("injected panic while the computer thinks (a test's fault)");
                }
                search(level)
            }))
        };
        match attempt(level) {
            Ok(choice) => return Thought::Chose(choice),
            Err(e) => {
                self.metrics.computer_panics.inc();
                tracing::error!(%key, ?level, "the computer panicked while thinking: {}", panic_text(&e));
            }
        }
        if level == Level::Easy {
            return Thought::Stuck;
        }
        match attempt(Level::Easy) {
            Ok(choice) => Thought::Chose(choice),
            Err(e) => {
                self.metrics.computer_panics.inc();
                tracing::error!(%key, "the computer panicked again at the easy level: {}", panic_text(&e));
                Thought::Stuck
            }
        }
    }

    /// A game whose computer cannot choose a move: said plainly in the channel, and tried again
    /// an hour later (by whichever process takes the work then). Nothing of the game changes;
    /// a moderator can hand the seat to a person or end the game meanwhile.
    fn stuck(&self, key: Key, now: u64) -> ComputerStep {
        self.metrics.computer_stuck.inc();
        let again = now.saturating_add(self.settings.seconds_per_hour.max(1));
        self.jobs.release(key, Some(again));
        let text = self
            .with_slot(key, |svc, slot| match slot {
                Slot::Game(session) => {
                    let _langs = i18n::enter(svc.servers.game_langs(key, &session.stored));
                    Some(crate::tr!(i18n::public(), "computer-stuck"))
                }
                _ => None,
            })
            .flatten();
        match text {
            Some(text) => ComputerStep::Played(Notice {
                key,
                reply: super::Reply::public(text),
            }),
            None => ComputerStep::Idle,
        }
    }

    /// Makes the next `n` computer searches panic (a test's fault injection: a panic inside the
    /// search must stay inside its game).
    #[doc(hidden)]
    pub fn inject_computer_panics(&self, n: u32) {
        self.injected_panics.store(n, Ordering::SeqCst);
    }

    /// The reply to a computer's move (or to finishing a game), as a notice.
    pub(super) fn finish_computer_step(
        &self,
        key: Key,
        slot: &mut Slot,
        lines: Result<Vec<String>, super::Reply>,
        now: u64,
    ) -> ComputerStep {
        let Slot::Game(session) = slot else {
            return ComputerStep::Idle;
        };
        match lines.and_then(|lines| self.turn_reply(key, session, lines, now)) {
            Ok(Outcome::Keep(mut reply)) => {
                super::link_page(self.web_base(), &mut reply, &session.stored, false);
                self.allow_page(key, &mut reply);
                self.members.route_pings(key, &mut reply, now);
                ComputerStep::Played(Notice { key, reply })
            }
            Ok(Outcome::Gone(mut reply)) => {
                super::link_page(self.web_base(), &mut reply, &session.stored, false);
                self.allow_page(key, &mut reply);
                *slot = Slot::Empty;
                self.members.route_pings(key, &mut reply, now);
                ComputerStep::Played(Notice { key, reply })
            }
            Err(r) => {
                tracing::error!(%key, "a computer turn failed: {}", r.text);
                ComputerStep::Failed
            }
        }
    }

    /// Plays queued computer turns until none is left (at most `max_turns`), for callers without
    /// a worker thread (the demo, tests). Returns the notices in order.
    pub fn run_computers(&self, now: u64, max_turns: usize) -> Vec<Notice> {
        let mut out = Vec::new();
        for _ in 0..max_turns {
            let Some(key) = self.wait_for_computer(Duration::ZERO) else {
                break;
            };
            match self.play_computer(key, now) {
                ComputerStep::Played(n) => out.push(n),
                ComputerStep::Idle => {}
                ComputerStep::Failed => break,
            }
        }
        out
    }
}
