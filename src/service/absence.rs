//! Players who are away.
//!
//! After some reminders go unanswered ([`super::Settings::absent_after`], by default
//! [`ABSENT_AFTER`](super::api::ABSENT_AFTER)), the reminder offers the other players a vote:
//! the computer plays this one turn for the absent player, or takes their seat until they come
//! back with `/carcassonne return`. A majority of the other people decides. How each member is
//! told it is their turn is theirs to choose ([`super::Members`]).

use super::api::{ButtonStyle, Command, Reply, Request};
use super::buttons::button;
use super::stored::{AbsentVote, Phase, StoredGame};
use super::text::{seat_name, seat_who};
use super::{Outcome, Service, Session};
use crate::i18n::{private, public};
use crate::tr;

/// Votes needed to decide about an absent seat: more than half of the other people.
fn needed(s: &StoredGame, absent: usize) -> usize {
    let others = (0..s.seats.len())
        .filter(|&i| i != absent && !s.seats[i].computer)
        .count();
    others / 2 + 1
}

impl Service {
    /// The vote buttons a reminder carries once its player has missed enough of them.
    pub(super) fn absent_buttons(
        &self,
        s: &StoredGame,
        seat: usize,
        turn: usize,
    ) -> Vec<super::api::Button> {
        let name = seat_name(s, seat);
        vec![
            button(
                s,
                Command::AbsentVote {
                    seat,
                    turn,
                    seat_for_good: false,
                },
                &tr!(crate::i18n::public(), "absent-button-turn", name = name),
                ButtonStyle::Primary,
            ),
            button(
                s,
                Command::AbsentVote {
                    seat,
                    turn,
                    seat_for_good: true,
                },
                &tr!(crate::i18n::public(), "absent-button-seat", name = name),
                ButtonStyle::Danger,
            ),
        ]
    }

    /// A vote on an absent player.
    pub(super) fn absent_vote(
        &self,
        req: &Request,
        session: &mut Session,
        (seat, turn, for_good): (usize, usize, bool),
    ) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let game = session.live()?;
        if s.phase != Phase::Playing || game.is_over() {
            return Err(Reply::refuse(tr!(private(), "game-over")));
        }
        if turn != game.turn_count() || game.current_player() != seat {
            return Err(Reply::refuse(tr!(private(), "absent-earlier")));
        }
        let absent = s
            .seats
            .get(seat)
            .ok_or_else(|| self.internal("no such seat"))?;
        if absent.computer {
            return Err(Reply::refuse(tr!(
                private(),
                "absent-already",
                name = &absent.name
            )));
        }
        // An absence holds off the vote until the game has waited too long for it.
        let stalled = req.now >= s.stall_from(self.settings.seconds_per_hour);
        if absent.away_until.is_some() && !stalled {
            return Err(Reply::refuse(tr!(
                private(),
                "absent-is-away",
                name = &absent.name
            )));
        }
        let after = self.settings.absent_after;
        if after == 0 || s.reminders_unanswered < after {
            return Err(Reply::refuse(match after {
                0 => tr!(private(), "absent-off"),
                n => tr!(private(), "absent-not-yet", n = n),
            }));
        }
        let Some(me) = s.person_seat(req.actor.id) else {
            return Err(Reply::refuse(tr!(private(), "absent-not-player")));
        };
        if me == seat {
            return Err(Reply::refuse(tr!(private(), "absent-self")));
        }
        let mut vote = match &s.absent_vote {
            Some(v) if v.seat == seat && v.turn == turn => v.clone(),
            _ => AbsentVote {
                seat,
                turn,
                for_good: Vec::new(),
                this_turn: Vec::new(),
            },
        };
        vote.for_good.retain(|&v| v != me);
        vote.this_turn.retain(|&v| v != me);
        if for_good {
            vote.for_good.push(me);
        } else {
            vote.this_turn.push(me);
        }
        let need = needed(s, seat);
        let mut next = s.clone();
        let who = seat_who(s, me);
        let absent_name = seat_name(s, seat).to_string();
        // Votes to take the seat also count for playing this turn.
        let decided = if vote.for_good.len() >= need {
            Some(true)
        } else if vote.for_good.len() + vote.this_turn.len() >= need {
            Some(false)
        } else {
            None
        };
        let Some(for_good) = decided else {
            next.absent_vote = Some(vote.clone());
            let have = vote.for_good.len() + vote.this_turn.len();
            self.commit(req.key, session, next, None)?;
            return Ok(Outcome::Keep(Reply::public(tr!(
                public(),
                if for_good {
                    "absent-vote-seat"
                } else {
                    "absent-vote-turn"
                },
                who = who,
                name = absent_name,
                have = have,
                need = need
            ))));
        };
        next.absent_vote = None;
        next.seats[seat].computer = true;
        if for_good {
            next.seats[seat].away = true;
            next.stand_in = None;
            let user = next.seats[seat].user;
            super::table::pass_creator(&mut next, user);
        } else {
            next.stand_in = Some(seat);
        }
        self.commit(req.key, session, next, None)?;
        let line = if for_good {
            tr!(public(), "absent-voted-seat", name = absent_name)
        } else {
            tr!(public(), "absent-voted-turn", name = absent_name)
        };
        Ok(Outcome::Keep(Reply::public(line)))
    }

    /// `/carcassonne return`: a player whose seat the computer took takes it back.
    pub(super) fn come_back(&self, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let Some(i) = s.seats.iter().position(|x| x.user == req.actor.id) else {
            return Err(Reply::refuse(tr!(private(), "return-no-seat")));
        };
        if s.phase != Phase::Playing {
            return Err(Reply::refuse(tr!(private(), "game-over")));
        }
        if s.seats[i].resigned {
            return Err(Reply::refuse(tr!(private(), "return-resigned")));
        }
        if !s.seats[i].computer {
            return Err(Reply::refuse(tr!(private(), "return-playing")));
        }
        let mut next = s.clone();
        next.seats[i].computer = false;
        next.seats[i].away = false;
        next.seats[i].away_until = None;
        next.seats[i].timeouts = 0;
        if next.stand_in == Some(i) {
            next.stand_in = None;
        }
        self.commit(req.key, session, next, None)?;
        let line = tr!(
            public(),
            "return-welcome",
            name = seat_name(&session.stored, i)
        );
        self.turn_reply(req.key, session, vec![line], req.now)
    }
}
