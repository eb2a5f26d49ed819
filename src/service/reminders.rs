//! The index of waiting games and the reminders it drives.
//!
//! Every stored game has an [`IndexEntry`], written in the same transaction as the game: whether
//! it is a lobby, whether a computer is to play, which person is awaited and when to remind them,
//! and the time of the last activity (for retention). Starting reads only the index.

use super::stored::{Phase, StoredGame};
use super::text::seat_name;
use super::{Key, Notice, Reply, Service, Slot};
use crate::engine::Action;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet, VecDeque};

/// What the service must do next for a game, kept beside it in storage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexEntry {
    /// Still a lobby.
    pub lobby: bool,
    /// Work for the worker: a computer player is to play, or the last tile is placed and the
    /// final scoring is still to be announced and archived (a crash in between).
    pub computer: bool,
    /// The person to play.
    pub waiting: Option<u64>,
    /// Unix second the next reminder is due.
    pub remind_at: Option<u64>,
    /// Unix second of the last move, reminder-independent (for retention).
    pub last_activity: u64,
    /// The people seated (for `/carcassonne mygames`); `None` in entries written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub people: Option<Vec<u64>>,
    /// Who opened it, while it is a lobby (for the limits on open lobbies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<u64>,
}

impl IndexEntry {
    /// The entry of a stored game; `seconds_per_hour` scales the reminder interval.
    pub fn of(s: &StoredGame, seconds_per_hour: u64) -> IndexEntry {
        let seat = s.current_seat().and_then(|i| s.seats.get(i));
        let playing = s.phase == Phase::Playing;
        let waiting = seat
            .filter(|x| playing && !x.computer && !s.deck.is_empty())
            .map(|x| x.user);
        IndexEntry {
            lobby: s.phase == Phase::Lobby,
            computer: playing && (s.deck.is_empty() || seat.is_some_and(|x| x.computer)),
            waiting,
            remind_at: waiting.and_then(|_| s.remind_at(seat?, seconds_per_hour)),
            last_activity: s.last_move_at.max(s.created_at),
            people: Some(
                s.seats
                    .iter()
                    // People away (a computer plays for them) still sit; those who left do not.
                    .filter(|x| !x.computer || x.away || x.away_until.is_some())
                    .map(|x| x.user)
                    .collect(),
            ),
            creator: (s.phase == Phase::Lobby).then_some(s.creator),
        }
    }

    /// Serialises for storage.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("index entries serialise")
    }

    /// Reads a stored entry (`None`: empty or unreadable; rebuild it from the game).
    pub fn decode(bytes: &[u8]) -> Option<IndexEntry> {
        serde_json::from_slice(bytes).ok()
    }
}

/// The index in memory, and the queue of games where a computer is to play.
#[derive(Default)]
pub(crate) struct Schedule {
    pub entries: HashMap<Key, IndexEntry>,
    pub queue: FairQueue,
    pub queued: HashSet<Key>,
}

/// Games waiting for a computer's turn, shared fairly between servers: servers take turns (each
/// gives its oldest waiting game), so a server with a hundred computer games delays another's
/// one game by one turn, not by a hundred.
#[derive(Default)]
pub(crate) struct FairQueue {
    /// Each server's waiting games, oldest first.
    by_guild: HashMap<u64, VecDeque<Key>>,
    /// Servers with waiting games, in the order they are served.
    turns: VecDeque<u64>,
    len: usize,
}

impl FairQueue {
    /// Adds a game behind the others of its server.
    pub fn push_back(&mut self, key: Key) {
        let games = self.by_guild.entry(key.guild).or_default();
        if games.is_empty() {
            self.turns.push_back(key.guild);
        }
        games.push_back(key);
        self.len += 1;
    }

    /// The oldest game of the server whose turn it is; that server goes to the back.
    pub fn pop_front(&mut self) -> Option<Key> {
        let guild = self.turns.pop_front()?;
        let games = self.by_guild.get_mut(&guild)?;
        let key = games.pop_front();
        if games.is_empty() {
            self.by_guild.remove(&guild);
        } else {
            self.turns.push_back(guild);
        }
        if key.is_some() {
            self.len -= 1;
        }
        key
    }

    /// Games waiting.
    pub fn len(&self) -> usize {
        self.len
    }
}

impl Service {
    /// When a person's step of a set's own (the dragon's journey) is due, its reminder
    /// interval having passed: the step the bot takes for them, and the note that says so.
    fn overdue_step(&self, slot: &Slot) -> Option<(Action, String)> {
        let Slot::Game(session) = slot else {
            return None;
        };
        let game = session.game.as_ref()?;
        let (_, waiting, step) = super::sets::pending_step(game.pending().decision)?;
        let overdue_key = waiting.overdue_key?;
        let seat = session.stored.seats.get(game.pending().seat)?;
        if seat.computer || session.stored.phase != Phase::Playing {
            return None;
        }
        let seed = session.stored.seed ^ u64::from(step) ^ game.turn_count() as u64;
        let a = crate::ai::greedy_step(game.game(), seed)?;
        let note = crate::tr!(
            crate::i18n::public(),
            overdue_key,
            name = &seat.name,
            hours = session.stored.reminder_hours
        );
        Some((a, note))
    }

    /// Reminders due at `now`, as notices for the games' channels: the reminder interval's, or
    /// a move clock's warnings and timeouts. Each one returned is recorded as sent (and the next
    /// one scheduled), durably, so a restart does not repeat it. A reminder due in its player's
    /// quiet hours waits until they end. A damaged game never stops the reminders of others.
    pub fn due_reminders(&self, now: u64) -> Vec<Notice> {
        let due: Vec<Key> = self
            .jobs
            .select(|k, e| e.remind_at.is_some_and(|at| at <= now).then_some(k));
        let mut out = Vec::new();
        for key in due {
            // Another process may have reminded already, or hold the work.
            if !self.sessions.claim(key, now) {
                self.sessions.refresh(key);
                continue;
            }
            let notice = self.with_slot(key, |svc, slot| svc.remind(key, slot, now));
            match notice.flatten() {
                Some(n) => out.push(n),
                None => self.sessions.release(key),
            }
        }
        out
    }

    /// A game's due reminder (see [`Service::due_reminders`]).
    fn remind(&self, key: Key, slot: &mut Slot, now: u64) -> Option<Notice> {
        let clocked = matches!(slot, Slot::Game(s) if s.stored.clock.is_some());
        // A set's step (the dragon's) left for the interval: the bot takes it (a game with a
        // move clock lets the clock decide).
        if let Some(step) = (!clocked).then(|| self.overdue_step(slot)).flatten() {
            let Slot::Game(session) = slot else {
                return None;
            };
            let _langs = crate::i18n::enter(self.servers.game_langs(key, &session.stored));
            let by = super::play::By::Overdue(&step.1);
            let lines = self.play_for(key, session, by, vec![step.0], now);
            return match self.finish_computer_step(key, slot, lines, now) {
                super::computer::ComputerStep::Played(n) => Some(n),
                _ => None,
            };
        }
        let Slot::Game(session) = slot else {
            self.sessions.indexed(key, None);
            return None;
        };
        let game = session.game.as_ref()?;
        let cur = game.pending().seat;
        let seat = session.stored.seats.get(cur)?;
        if session.stored.phase != Phase::Playing || seat.computer {
            let entry = self.sessions.index_entry(&session.stored);
            self.sessions.indexed(key, Some(entry));
            return None;
        }
        let _langs = crate::i18n::enter(self.servers.game_langs(key, &session.stored));
        // The clock's step, if it is due: a reminder before it is the game's own, for a game
        // that has waited too long on a clock stopped by quiet hours or an absence.
        let step = session
            .stored
            .clock
            .filter(|c| c.due.get(c.passed as usize).is_some_and(|&d| d <= now))
            .map(|c| c.passed);
        if step == Some(2) {
            return self.clock_ran_out(key, session, cur);
        }
        // Quiet hours: the reminder (or the clock's warning) waits until they end.
        if let Some(end) = self.members.prefs(seat.user).quiet_until(now) {
            let mut next = session.stored.clone();
            next.remind_not_before = Some(end);
            if let Err(r) = self.commit(key, session, next, None) {
                tracing::error!(%key, "cannot put off a reminder: {}", r.text);
            }
            return None;
        }
        let lang = crate::i18n::public();
        let tile = game.drawn_tile().map(|t| t.name()).unwrap_or("?");
        let user = seat.user;
        let turn = game.turn_count();
        let mut next = session.stored.clone();
        next.remind_not_before = None;
        let mut text = match (step, self.clocks().left(&next, now)) {
            (Some(_), Some(left)) => {
                if let Some(c) = &mut next.clock {
                    c.passed += 1;
                }
                crate::tr!(
                    lang,
                    "clock-warning",
                    mention = format!("<@{user}>"),
                    tile = tile,
                    left = super::words::duration(lang, left)
                )
            }
            // A set's step that is the turn itself (the abbey before the draw) has its own
            // words: `reminder-<word>`.
            _ => match super::sets::pending_step(game.pending().decision)
                .filter(|(_, w, _)| w.overdue_key.is_none())
            {
                Some((st, _, _)) => crate::tr!(
                    lang,
                    &format!("reminder-{}", st.word),
                    mention = format!("<@{user}>"),
                    seat = seat_name(&session.stored, cur)
                ),
                None => crate::tr!(
                    lang,
                    "reminder",
                    mention = format!("<@{user}>"),
                    tile = tile,
                    seat = seat_name(&session.stored, cur)
                ),
            },
        };
        next.last_reminder_at = now;
        next.reminders_unanswered += 1;
        let others = next
            .seats
            .iter()
            .enumerate()
            .any(|(i, x)| i != cur && !x.computer);
        let after = self.settings.absent_after;
        // With a move clock, the clock decides what happens to a player who does not move.
        let vote = step.is_none() && others && after > 0 && next.reminders_unanswered >= after;
        if vote {
            text.push('\n');
            text.push_str(&crate::tr!(
                lang,
                "reminder-vote",
                n = next.reminders_unanswered,
                name = seat_name(&next, cur)
            ));
        }
        if let Err(r) = self.commit(key, session, next, None) {
            tracing::error!(%key, "cannot record a reminder: {}", r.text);
            return None;
        }
        let buttons = if vote {
            self.absent_buttons(&session.stored, cur, turn)
        } else {
            Vec::new()
        };
        let mut reply = Reply {
            ping: Box::new([user]),
            buttons,
            ..Reply::public(text)
        };
        self.members.route_pings(key, &mut reply, now);
        Some(Notice { key, reply })
    }

    /// A move clock ran out: the computer plays this move for the seat, and after
    /// [`TIMEOUTS_TO_SEAT`](super::clock::TIMEOUTS_TO_SEAT) in a row takes the seat until its
    /// player comes back.
    fn clock_ran_out(&self, key: Key, session: &mut super::Session, cur: usize) -> Option<Notice> {
        let lang = crate::i18n::public();
        let mut next = session.stored.clone();
        let name = seat_name(&next, cur).to_string();
        let x = next.seats.get_mut(cur)?;
        x.timeouts = x.timeouts.saturating_add(1);
        x.computer = true;
        let seat_goes = x.timeouts >= super::clock::TIMEOUTS_TO_SEAT;
        let mut text = crate::tr!(lang, "clock-out", name = &name);
        if seat_goes {
            x.away = true;
            next.stand_in = None;
            let user = x.user;
            super::table::pass_creator(&mut next, user);
            text.push('\n');
            text.push_str(&crate::tr!(
                lang,
                "clock-out-seat",
                name = &name,
                n = super::clock::TIMEOUTS_TO_SEAT
            ));
        } else {
            next.stand_in = Some(cur);
        }
        next.clock = None;
        next.remind_not_before = None;
        if let Err(r) = self.commit(key, session, next, None) {
            tracing::error!(%key, "cannot record a move clock's timeout: {}", r.text);
            return None;
        }
        Some(Notice {
            key,
            reply: Reply::public(text),
        })
    }
}

#[cfg(test)]
mod fair_tests {
    use super::*;

    #[test]
    fn servers_take_turns_and_each_keeps_its_order() {
        let mut q = FairQueue::default();
        for c in 0..100 {
            q.push_back(Key::new(1, c));
        }
        q.push_back(Key::new(2, 7));
        q.push_back(Key::new(3, 8));
        q.push_back(Key::new(2, 9));
        assert_eq!(q.len(), 103);
        let first: Vec<Key> = (0..6).filter_map(|_| q.pop_front()).collect();
        assert_eq!(
            first,
            vec![
                Key::new(1, 0),
                Key::new(2, 7),
                Key::new(3, 8),
                Key::new(1, 1),
                Key::new(2, 9),
                Key::new(1, 2)
            ]
        );
        let rest: Vec<Key> = std::iter::from_fn(|| q.pop_front()).collect();
        assert_eq!(rest, (3..100).map(|c| Key::new(1, c)).collect::<Vec<_>>());
        assert_eq!(q.len(), 0);
        assert_eq!(q.pop_front(), None);
    }
}
