//! Hints (issue 59): a game may let its players ask the computer for a move on their turn
//! (`hints: true` in `new`, shown in the rules line). The **Hint** button on a turn's message
//! answers privately with what the hard search would play there; it thinks after the game's
//! lock is released, from a copy of the position. A game without hints refuses, and the
//! standings mark games played with them.

use super::api::{Hint, Later, Reply, Request};
use super::play::{Ask, By};
use super::review::move_text;
use super::{Outcome, Service, Session};
use crate::ai::mcts::{Budget, Valuation};
use crate::ai::Level;
use crate::engine::Decision;
use crate::i18n::private;
use crate::tr;
use std::time::Duration;

/// The longest a hint thinks: the answer comes within Discord's three seconds.
const HINT_TIME: Duration = Duration::from_millis(800);

impl Service {
    /// The Hint button: refused unless the game allows hints and the asking member is to place
    /// a tile; otherwise a private answer whose move is thought out once the lock is released
    /// ([`Service::complete`]).
    pub(super) fn hint(&self, req: &Request, session: &Session) -> Result<Outcome, Reply> {
        let lang = private();
        if !session.stored.hints {
            return Err(Reply::refuse(tr!(lang, "hints-off")));
        }
        let game = self.check_turn(session, By::Member(req.actor.id), Ask::Place, None)?;
        let seed = session.stored.seed ^ (game.turn_count() as u64).rotate_left(29) ^ 0x4849_4E54;
        let mut reply = Reply::refuse(String::new());
        reply.later.push(Later::Hint(Box::new(Hint {
            game: game.game().clone(),
            seed,
            lang,
        })));
        Ok(Outcome::Keep(reply))
    }

    /// Thinks out the hints a reply still needs and writes them in its text.
    pub(super) fn complete_hints(&self, reply: &mut Reply) {
        if !reply
            .later
            .as_slice()
            .iter()
            .any(|l| matches!(l, Later::Hint(_)))
        {
            return;
        }
        let mut rest = Vec::new();
        for later in reply.later.take() {
            let Later::Hint(h) = later else {
                rest.push(later);
                continue;
            };
            let Decision::PlaceTile { tile, .. } = h.game.pending().decision else {
                continue;
            };
            // Hard's search, within the hint's time.
            let mut budget = Level::Hard.budget_for(&h.game).unwrap_or(Budget {
                iterations: 30_000,
                max_time: HINT_TIME,
                rollout: 0,
                valuation: Valuation::default(),
                root: crate::ai::mcts::RootChoice::Halving,
            });
            budget.max_time = budget.max_time.min(HINT_TIME);
            let actions = crate::ai::mcts::search_move(&h.game, budget, h.seed);
            let text = if actions.is_empty() {
                tr!(h.lang, "hint-none")
            } else {
                tr!(
                    h.lang,
                    "hint-move",
                    moves = move_text(h.lang, tile.name(), &actions, false)
                )
            };
            reply.text = super::words::clip(text);
        }
        reply.later = rest.into_iter().collect();
    }
}
