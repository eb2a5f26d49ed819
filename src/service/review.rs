//! The computer's review of a finished game (issue 59): for each player, the moves that gave
//! away clearly more than the move the hard search finds there ([`crate::ai::review`]), with
//! what it would have played and about how much it was worth.
//!
//! A review is made once per game, off the request path, and kept with the game's summary in
//! the channel's history (so every storage keeps it, `migrate` copies it and pruning removes
//! it with the game). The work is a member's timer of the service's own ([`Held`]): its user
//! carries [`REVIEW_TIMER`] and the game's place in the history, its topic the channel. A
//! process that takes it keeps it again [`REVIEW_LEASE`] seconds ahead before it starts, so
//! a process killed mid-review leaves the review to whichever process comes next; one that
//! finds the review made drops it. The search yields to the computers' turns: before each turn
//! it reviews it waits while games wait for a computer or a computer thinks.
//!
//! When a review is made, each player's costliest move in one line and a **Review** button
//! (each player's top three, privately) are added to the game's final message: the Discord
//! layer tells the service that message's id once posted ([`Service::final_message_posted`]),
//! the final text is kept with the game, and the review's notice asks for that message to be
//! edited ([`Amend`]). Where the id is not known, the edit fails or the lines would not fit, the
//! notice is posted as a message of its own. A finished game's final board shown again from
//! the history carries the button too (and asks for a review a game from before reviews never
//! had).

use super::api::{Amend, Button, ButtonAction, ButtonStyle, Command, Notice, Reply};
use super::storage::{Held, Key};
use super::stored::{Phase, StoredGame, StoredPoint, StoredReview};
use super::text::{date, move_words, seat_name};
use super::{lock, Service};
use crate::ai::mcts::{Budget, Valuation};
use crate::ai::review::{review_with, CLEAR_GAIN};
use crate::engine::{Action, ActionRecord};
use crate::i18n::{private, public, Lang};
use crate::tr;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// The bit that marks a member's timer as a game's review (no Discord id has it); the rest of
/// the timer's user is the game's place in its channel's history.
pub(super) const REVIEW_TIMER: u64 = 1 << 63;

/// Seconds a process holds a review it took before another may take it over.
pub(super) const REVIEW_LEASE: u64 = 1800;

/// The longest a review's single search thinks, whatever its iterations.
const SEARCH_TIME: Duration = Duration::from_secs(2);

/// The reviews this process was given to make, in order.
#[derive(Default)]
pub(super) struct Reviews {
    queue: Mutex<VecDeque<(Key, u64)>>,
    filled: Condvar,
}

impl Reviews {
    fn push(&self, job: (Key, u64)) {
        let mut q = lock(&self.queue);
        if !q.contains(&job) {
            q.push_back(job);
        }
        self.filled.notify_all();
    }

    /// Reviews waiting to be made.
    pub(super) fn len(&self) -> usize {
        lock(&self.queue).len()
    }
}

/// The words of a move (`made`: the one played, else the search's) with the tile it places.
pub(super) fn move_text(lang: Lang, tile: &str, actions: &[Action], made: bool) -> String {
    let mut parts = Vec::new();
    for &a in actions {
        match a {
            Action::Place { at, rotation } => parts.push(tr!(
                lang,
                if made {
                    "review-placed"
                } else {
                    "review-instead"
                },
                tile = tile,
                x = at.x,
                y = at.y,
                rotation = rotation.degrees()
            )),
            Action::Pass if parts.is_empty() => parts.push(tr!(lang, "review-pass")),
            Action::Pass => {}
            a => parts.push(move_words(lang, a).unwrap_or_else(|| super::text::action_text(a))),
        }
    }
    parts.join(" ")
}

/// One turning point in words: the turn, the move made, the search's and its worth.
pub(super) fn point_line(lang: Lang, s: &StoredGame, p: &StoredPoint) -> String {
    let players = s.seats.len();
    let actions = |v: &[ActionRecord]| -> Vec<Action> {
        v.iter().filter_map(|r| r.to_action(players).ok()).collect()
    };
    tr!(
        lang,
        "review-line",
        name = seat_name(s, p.seat),
        turn = p.turn,
        made = move_text(lang, &p.tile, &actions(&p.made), true),
        better = move_text(lang, &p.tile, &actions(&p.better), false),
        gain = p.gain
    )
}

/// The line of a reviewed seat without a turning point.
fn clean_line(lang: Lang, s: &StoredGame, seat: usize) -> String {
    tr!(
        lang,
        "review-clean",
        name = seat_name(s, seat),
        gain = CLEAR_GAIN as u32
    )
}

/// The Review button of the game at `seq` in the channel's history.
pub(super) fn review_button(seq: u64, lang: Lang) -> Button {
    Button {
        action: ButtonAction {
            game: 0,
            command: Command::Review { seq },
        },
        label: tr!(lang, "button-review"),
        style: ButtonStyle::Secondary,
    }
}

impl Service {
    /// Asks for the review of the game at `seq` in `key`'s history, due at `due`, if reviews
    /// are made.
    pub(super) fn schedule_review(&self, key: Key, seq: u64, due: u64) {
        if self.settings.review_iterations > 0 {
            self.members.hold_raw(REVIEW_TIMER | seq, key, due);
        }
    }

    /// Takes the reviews among timers just taken (the rest are returned): each is kept again a
    /// lease ahead and queued for this process's reviewer.
    pub(super) fn take_reviews(&self, held: Vec<Held>, now: u64) -> Vec<Held> {
        let (reviews, rest): (Vec<Held>, Vec<Held>) =
            held.into_iter().partition(|h| h.user & REVIEW_TIMER != 0);
        for h in reviews {
            if self.settings.review_iterations == 0 {
                continue;
            }
            let seq = h.user & !REVIEW_TIMER;
            self.members.hold_again(&Held {
                due: now + REVIEW_LEASE,
                ..h.clone()
            });
            self.reviews.push((h.topic, seq));
        }
        rest
    }

    /// The Discord layer posted the final message of the game at `seq` in `key`'s history
    /// ([`Reply::final_of`]) as `message`: its id is kept, so that the game's review is added to
    /// that message rather than posted as one more.
    pub fn final_message_posted(&self, key: Key, seq: u64, message: u64) {
        if let Err(e) = self.history.put_final_message(key, seq, message) {
            tracing::warn!(%key, seq, "cannot keep the id of a final message: {e}");
        }
    }

    /// Reviews queued in this process.
    pub fn reviews_queued(&self) -> usize {
        self.reviews.len()
    }

    /// Waits up to `timeout` for a review to make, makes it (waiting while computers are to
    /// play) and returns what to post, if anything. Returns `None` on timeout, when there is
    /// nothing to post, or once the service is stopping (an unfinished review is taken up again
    /// after its lease).
    pub fn review_next(&self, timeout: Duration) -> Option<Notice> {
        let job = {
            let q = lock(&self.reviews.queue);
            let (mut q, _) = self
                .reviews
                .filled
                .wait_timeout_while(q, timeout, |q| q.is_empty() && !self.stopping())
                .unwrap_or_else(|e| e.into_inner());
            q.pop_front()?
        };
        let (key, seq) = job;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.make_review(key, seq)))
        {
            Ok(n) => n,
            Err(_) => {
                tracing::error!(%key, seq, "a review panicked");
                None
            }
        }
    }

    /// Makes and keeps the review of the game at `seq` in `key`'s history, unless it has one.
    fn make_review(&self, key: Key, seq: u64) -> Option<Notice> {
        let summary = match self.history.summary(key, seq) {
            Ok(Some(s)) => s,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(%key, seq, "cannot read a summary to review: {e}");
                return None;
            }
        };
        if summary.review.is_some() || summary.phase != Phase::Finished {
            return None;
        }
        let stored = match self.history.archived_game(key, seq) {
            Ok(s) => s,
            Err(why) => {
                tracing::warn!(%key, seq, "cannot review a game: {}", why.text);
                return None;
            }
        };
        let record = stored.record.as_ref()?;
        let seats: Vec<usize> = (0..stored.seats.len())
            .filter(|&i| !stored.seats[i].computer)
            .collect();
        let iterations = self.settings.review_iterations;
        let budget = Budget {
            iterations,
            max_time: SEARCH_TIME,
            rollout: 0,
            valuation: Valuation::default(),
            root: crate::ai::mcts::RootChoice::Ucb,
        };
        let started = std::time::Instant::now();
        let points = if seats.is_empty() {
            Some(Vec::new())
        } else {
            let go_on = || {
                // Computers' turns come first.
                while self.computers_busy() && !self.stopping() {
                    std::thread::sleep(Duration::from_millis(20));
                }
                !self.stopping()
            };
            match review_with(
                record,
                budget,
                stored.game_id(),
                |s| seats.contains(&s),
                go_on,
            ) {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!(%key, seq, "a finished game does not replay for its review: {e}");
                    return None;
                }
            }
        };
        // Stopped: the review is taken up again after its lease.
        let points = points?;
        self.metrics.reviews.inc();
        tracing::info!(
            %key,
            seq,
            points = points.len(),
            secs = started.elapsed().as_secs_f32(),
            "reviewed a game"
        );
        let review = StoredReview::of(&points, seats, iterations);
        let kept = match self.history.put_review(key, seq, &review) {
            Ok(Some(kept)) => kept,
            // Another process kept one first: it told the channel.
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(%key, seq, "cannot keep a review: {e}");
                return None;
            }
        };
        if review.seats.is_empty() {
            return None;
        }
        let langs = self.servers.game_langs(key, &stored);
        let reply = crate::i18n::scope(langs, || {
            let lang = public();
            let mut points = Vec::new();
            for &seat in &review.seats {
                points.push(match review.of_seat(seat).next() {
                    Some(p) => point_line(lang, &stored, p),
                    None => clean_line(lang, &stored, seat),
                });
            }
            // Added to the final message, when its id is known and the lines fit.
            let amend = kept
                .final_message
                .zip(stored.final_text.as_deref())
                .and_then(|(message, text)| {
                    let amended = self.amended_final(key, &stored, text, &points, seq)?;
                    Some(Amend {
                        message,
                        reply: Box::new(amended),
                    })
                });
            // Else (or if that edit fails) a message of its own.
            let when = date(stored.ended_at.unwrap_or(stored.last_move_at));
            let mut lines = vec![tr!(lang, "review-title", date = when)];
            lines.extend(points);
            let mut reply = Reply::public(lines.join("\n"));
            reply.buttons.push(review_button(seq, lang));
            reply.set_amend(amend);
            reply
        });
        Some(Notice { key, reply })
    }

    /// The final message `text` of the game `stored` (at `seq` in `key`'s history) with each
    /// reviewed player's costliest move (`points`) under it, the buttons it had and the Review
    /// button; `None` when it would be too long for one message.
    fn amended_final(
        &self,
        key: Key,
        stored: &StoredGame,
        text: &str,
        points: &[String],
        seq: u64,
    ) -> Option<Reply> {
        let lang = public();
        let mut lines = vec![text.to_string(), tr!(lang, "review-final-title")];
        lines.extend(points.iter().cloned());
        let text = lines.join("\n");
        if text.chars().count() > super::words::MAX_TEXT {
            return None;
        }
        let mut buttons = self.after_buttons(stored);
        buttons.push(review_button(seq, lang));
        let mut reply = Reply {
            text,
            buttons,
            ..Reply::default()
        };
        reply.set_page(super::page_link(self.web_base(), stored));
        self.allow_page(key, &mut reply);
        Some(reply)
    }

    /// The Review button: each reviewed player's top three turning points of the game at `seq`
    /// in the channel's history, privately; a finished game without a review gets one asked for.
    pub(super) fn review_reply(&self, key: Key, seq: u64, now: u64) -> Reply {
        let lang = private();
        let summary = match self.history.summary(key, seq) {
            Ok(Some(s)) => s,
            Ok(None) => return Reply::refuse(tr!(lang, "game-not-kept")),
            Err(e) => {
                tracing::error!(%key, seq, "cannot read history: {e}");
                return Reply::refuse(tr!(lang, "history-unreadable"));
            }
        };
        if summary.phase != Phase::Finished {
            return Reply::refuse(tr!(lang, "game-unfinished"));
        }
        let Some(review) = summary.review else {
            if self.settings.review_iterations == 0 {
                return Reply::refuse(tr!(lang, "review-off"));
            }
            self.schedule_review(key, seq, now);
            return Reply::refuse(tr!(lang, "review-coming"));
        };
        let stored = match self.history.archived_game(key, seq) {
            Ok(s) => s,
            Err(r) => return r,
        };
        let when = date(stored.ended_at.unwrap_or(stored.last_move_at));
        let mut lines = vec![tr!(lang, "review-top-title", date = when)];
        if review.seats.is_empty() {
            lines.push(tr!(lang, "review-no-people"));
        }
        for &seat in &review.seats {
            let mut any = false;
            for p in review.of_seat(seat) {
                lines.push(format!("• {}", point_line(lang, &stored, p)));
                any = true;
            }
            if !any {
                lines.push(format!("• {}", clean_line(lang, &stored, seat)));
            }
        }
        lines.push(tr!(lang, "review-how", n = review.iterations));
        Reply::refuse(lines.join("\n"))
    }
}
