//! Taking back a move. Its player may take back their last move alone until the next player
//! acts; after that, the other players must agree, by buttons. The game is rebuilt from its
//! record without the turns taken back (their tiles go back on top of the deck, in order), and
//! what was taken back is kept with the game ([`Undone`]).

use super::api::{ButtonStyle, Command, Reply, Request};
use super::buttons::button;
use super::stored::{Phase, StoredGame, UndoRequest, Undone};
use super::text::{seat_name, seat_who};
use super::{Key, Outcome, Service, Session};
use crate::engine::{Action, ActionRecord, Drawn, TurnView};
use crate::i18n::{private, public};
use crate::tr;

/// The seats whose consent a request needs: every other person at the table.
fn voters(s: &StoredGame, asker: usize) -> Vec<usize> {
    (0..s.seats.len())
        .filter(|&i| i != asker && !s.seats[i].computer)
        .collect()
}

impl Service {
    /// `/carcassonne undo`: at once if nobody acted since the asker's last move (or nobody but
    /// computers did), otherwise a request the others answer with buttons.
    pub(super) fn undo(&self, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let game = session.live()?;
        if s.phase != Phase::Playing || game.is_over() {
            return Err(Reply::refuse(tr!(private(), "undo-over")));
        }
        let seat = s
            .person_seat(req.actor.id)
            .ok_or_else(|| Reply::refuse(tr!(private(), "undo-not-player")))?;
        if let Some(why) = super::sets::first(|w| (w.no_take_back)(private(), game)) {
            return Err(Reply::refuse(why));
        }
        // Each take-back is kept with the game: a bound keeps it from growing without end (a
        // player alone with computers needs nobody's consent).
        let cap = self.settings.limits.undos_per_game;
        if cap > 0 && s.undone.len() >= cap as usize {
            return Err(Reply::refuse(tr!(private(), "undo-limit", n = cap)));
        }
        let turns: Vec<TurnView> = game.turns().collect();
        let Some(from) = turns.iter().rposition(|t| t.seat() == seat) else {
            return Err(Reply::refuse(tr!(private(), "undo-no-move")));
        };
        if let Some(r) = &s.undo_request {
            if r.turns == turns.len() {
                return Err(Reply::refuse(tr!(
                    private(),
                    "undo-pending",
                    name = seat_name(s, r.seat)
                )));
            }
        }
        // Others acted if a person played a turn since, or took part in this turn's steps of a
        // set (a journey) after this move.
        // (A tile that fit nowhere and was set aside by itself is no act of its drawer.)
        let others_moved = turns[from + 1..]
            .iter()
            .any(|t| t.placed().is_some() && !s.seats[t.seat()].computer)
            || super::sets::SETS
                .iter()
                .any(|w| (w.shared_turn)(&turns[from]));
        let voters = voters(s, seat);
        if !others_moved || voters.is_empty() {
            return self.take_back(req.key, session, seat, from, Vec::new(), req.now);
        }
        // Ask the others.
        let mut next = s.clone();
        next.undo_request = Some(UndoRequest {
            seat,
            turns: turns.len(),
            from,
            agreed: Vec::new(),
        });
        let n = turns.len();
        self.commit(req.key, session, next, None)?;
        let s = &session.stored;
        let since = n - from;
        let names: Vec<String> = voters
            .iter()
            .map(|&v| format!("<@{}>", s.seats[v].user))
            .collect();
        let who = seat_who(s, seat);
        let text = if since > 1 {
            tr!(
                public(),
                "undo-ask-more",
                who = who,
                later = since - 1,
                voters = names.join(", ")
            )
        } else {
            tr!(public(), "undo-ask", who = who, voters = names.join(", "))
        };
        Ok(Outcome::Keep(Reply {
            ping: voters.iter().map(|&v| s.seats[v].user).collect(),
            buttons: vec![
                button(
                    s,
                    Command::UndoVote {
                        turns: n,
                        agree: true,
                    },
                    &tr!(public(), "undo-button-agree"),
                    ButtonStyle::Success,
                ),
                button(
                    s,
                    Command::UndoVote {
                        turns: n,
                        agree: false,
                    },
                    &tr!(public(), "undo-button-keep"),
                    ButtonStyle::Danger,
                ),
            ],
            ..Reply::public(text)
        }))
    }

    /// An answer to a request to take back a move.
    pub(super) fn undo_vote(
        &self,
        req: &Request,
        session: &mut Session,
        turns: usize,
        agree: bool,
    ) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let game = session.live()?;
        let Some(r) = s.undo_request.clone() else {
            return Err(Reply::refuse(tr!(private(), "undo-none")));
        };
        if r.turns != turns || game.turn_count() != r.turns || s.phase != Phase::Playing {
            return Err(Reply::refuse(tr!(private(), "undo-lapsed")));
        }
        let Some(me) = s.person_seat(req.actor.id) else {
            return Err(Reply::refuse(tr!(private(), "undo-answer-not-player")));
        };
        if me == r.seat {
            return Err(Reply::refuse(tr!(private(), "undo-asker")));
        }
        if r.agreed.contains(&me) {
            return Err(Reply::refuse(tr!(private(), "undo-agreed-already")));
        }
        let mut next = s.clone();
        if !agree {
            next.undo_request = None;
            self.commit(req.key, session, next, None)?;
            let s = &session.stored;
            return Ok(Outcome::Keep(Reply::public(tr!(
                public(),
                "undo-refused",
                who = seat_who(s, me),
                asker = seat_name(s, r.seat)
            ))));
        }
        let mut agreed = r.agreed.clone();
        agreed.push(me);
        let missing: Vec<usize> = voters(s, r.seat)
            .into_iter()
            .filter(|v| !agreed.contains(v))
            .collect();
        if missing.is_empty() {
            return self.take_back(req.key, session, r.seat, r.from, agreed, req.now);
        }
        next.undo_request = Some(UndoRequest { agreed, ..r });
        self.commit(req.key, session, next, None)?;
        let s = &session.stored;
        let wait: Vec<String> = missing
            .iter()
            .map(|&m| seat_name(s, m).to_string())
            .collect();
        Ok(Outcome::Keep(Reply::public(tr!(
            public(),
            "undo-agrees",
            who = seat_who(s, me),
            waiting = wait.join(", ")
        ))))
    }

    /// Takes back the turns from `from` on: the record without them, their tiles back on top of
    /// the deck, the game rebuilt and saved; then the turn message for the seat to play.
    fn take_back(
        &self,
        key: Key,
        session: &mut Session,
        seat: usize,
        from: usize,
        agreed: Vec<usize>,
        now: u64,
    ) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let game = session.live()?;
        // The log from the first draw taken back on goes; its tiles go back on top of the bag.
        let Some(cut) = game.turns().nth(from).map(|t| t.start()) else {
            return Err(self.internal("nothing to take back"));
        };
        let taken = &game.log()[cut..];
        if taken.iter().any(|e| e.aside) {
            return Err(Reply::refuse(tr!(private(), "undo-set-aside")));
        }
        let draws: Vec<Drawn> = taken.iter().filter_map(|e| Drawn::of(e.action)).collect();
        // Their tiles go back on top of the deck, with the tiles they put out of the game
        // (Hills & Sheep) in their places.
        let (back, kept) = game
            .hidden_before(cut)
            .map_err(|e| self.internal(format!("the record before the undo: {e}")))?;
        // The first drawn tile's cell: the first placement after a draw (plain or with a set's
        // piece; a tile placed from the hand was not drawn).
        let mut drawn = false;
        let first_placed = taken.iter().find_map(|e| {
            if matches!(e.action, Action::Draw { .. }) {
                drawn = true;
            }
            e.action.placed().filter(|_| drawn).map(|(at, _)| at)
        });
        let first_tile = draws.first().map(|d| d.tile);
        let taken_turns = game.turns().count() - from;
        let mut record = game.record();
        record.log.truncate(cut);
        let deck: Vec<String> = back.iter().map(|d| d.to_string()).collect();
        let log = taken.iter().map(|e| ActionRecord::of(e.action)).collect();
        let mut next = s.clone();
        next.record = Some(record);
        next.deck = deck;
        next.buried = kept.iter().map(|d| d.to_string()).collect();
        next.turn_in_progress = None;
        next.undo_request = None;
        next.absent_vote = None;
        next.reminders_unanswered = 0;
        next.last_move_at = now;
        next.last_reminder_at = now;
        next.timings.retain(|t| t.3 as usize <= cut);
        next.undone.push(Undone {
            seat,
            at: now,
            agreed,
            turns: Vec::new(),
            log,
        });
        let live = match next.live_game() {
            Ok(Some(g)) => g,
            Ok(None) => return Err(self.internal("no game after taking back")),
            Err(e) => {
                tracing::warn!(%key, "a move could not be taken back: {e}");
                return Err(Reply::refuse(tr!(private(), "undo-impossible")));
            }
        };
        self.commit(key, session, next, Some(live))?;
        let s = &session.stored;
        let lang = public();
        let tile = first_tile.map_or(String::new(), |t| t.name().to_string());
        let mut what = match first_placed {
            Some(at) => tr!(lang, "undo-tile-at", tile = &tile, x = at.x, y = at.y),
            None => tr!(lang, "undo-tile", tile = &tile),
        };
        if taken_turns > 1 {
            what.push_str(&tr!(lang, "undo-and-later", n = taken_turns - 1));
        }
        let who = seat_who(s, seat);
        let line = tr!(lang, "undo-done", who = who, what = what);
        self.turn_reply(key, session, vec![line], now)
    }
}
