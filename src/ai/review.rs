//! A finished game's turning points (issue 59): the turns where the move a player made was
//! worth clearly less than the move the search finds, with what it would have played instead
//! and about how much it would have gained.
//!
//! Each turn of a seat begins where a drawn tile waits to be placed; the seat's move is what it
//! decides from there in a row (a ransom before placing, the placement, the figure action, the
//! set's own steps it takes then). The position before it is searched as a computer searches it
//! ([`mcts::search_move`]). Where the search's move differs from the one made, the positions
//! after each are valued by a search of the same budget from there, as the mover's expected final
//! lead over the best other player, in points ([`lead_of`]); the difference is what the move
//! made gave away. The search never sees the hidden draw order (it samples the draws from the
//! tiles left), so a review tells nothing a player could not have known.
//!
//! The values are estimates of a sampled search: differences of a point or two are noise, which
//! is why only moves that gave away at least [`CLEAR_GAIN`] count.

use super::mcts::{self, Budget};
use crate::engine::{Action, Decision, Game, Record, ReplayError, TileId};

/// The smallest gain (points of final lead) that makes a turning point: below it, the search's
/// own noise.
pub const CLEAR_GAIN: f32 = 3.0;

/// The search's rewards lie in 0..1, a logistic of the lead over the best other seat with this
/// scale (the search's own, [`mcts`]).
const LEAD_SCALE: f32 = 12.0;

/// One turn where the move made was worth clearly less than the search's.
#[derive(Clone, Debug, PartialEq)]
pub struct TurningPoint {
    /// The turn's number as the replay counts it (1: the first tile after the start tile).
    pub turn: usize,
    /// The seat that moved.
    pub seat: usize,
    /// The tile it placed (or was to place).
    pub tile: TileId,
    /// The move made.
    pub made: Vec<Action>,
    /// The search's move there.
    pub better: Vec<Action>,
    /// About how many points of final lead the move made gave away.
    pub gain: f32,
}

/// The lead in points that a mean reward `r` of the search stands for (its logistic undone,
/// kept within ±55 points).
pub fn lead_of(r: f32) -> f32 {
    let r = r.clamp(0.01, 0.99);
    LEAD_SCALE * (r / (1.0 - r)).ln()
}

/// The expected final lead of `seat` in `game`, by a search of `budget` from there.
fn value(game: &Game, seat: usize, budget: Budget, seed: u64) -> f32 {
    lead_of(mcts::root_value(game, seat, budget, seed))
}

/// The turning points of the game of `record`, by searches of `budget` each (three a turn
/// where the search's move differs from the one made; one where it agrees), worst first;
/// `seed` makes it repeatable (with a budget of iterations that no time limit cuts). Every
/// turn of every seat is looked at; `keep` says which seats' turns to review.
pub fn review(
    record: &Record,
    budget: Budget,
    seed: u64,
    keep: impl Fn(usize) -> bool,
) -> Result<Vec<TurningPoint>, ReplayError> {
    review_with(record, budget, seed, keep, || true).map(|r| r.unwrap_or_default())
}

/// [`review`], asking `go_on` before each turn it searches (where the caller may wait, for the
/// machine to finish more urgent work): `Ok(None)` once it says no.
pub fn review_with(
    record: &Record,
    budget: Budget,
    seed: u64,
    keep: impl Fn(usize) -> bool,
    mut go_on: impl FnMut() -> bool,
) -> Result<Option<Vec<TurningPoint>>, ReplayError> {
    let record = if record.log.is_empty() && !record.turns.is_empty() {
        record.to_v2()?
    } else {
        record.clone()
    };
    let mut game = Game::new(record.setup()?)?;
    let players = game.player_count();
    let mut found = Vec::new();
    let mut index = 0;
    let entry_action = |index: usize| -> Result<Action, ReplayError> {
        let entry = &record.log[index];
        entry
            .to_action(players)
            .map_err(|reason| ReplayError::Action {
                index,
                context: serde_json::to_string(entry).unwrap_or_default(),
                reason,
            })
    };
    let apply = |game: &mut Game, index: usize, a: Action| -> Result<(), ReplayError> {
        game.apply(a).map(|_| ()).map_err(|e| ReplayError::Action {
            index,
            context: serde_json::to_string(&record.log[index]).unwrap_or_default(),
            reason: e.into(),
        })
    };
    while index < record.log.len() {
        let p = game.pending();
        let (seat, tile) = match p.decision {
            Decision::PlaceTile { tile, .. } if keep(p.seat) => (p.seat, tile),
            _ => {
                let a = entry_action(index)?;
                apply(&mut game, index, a)?;
                index += 1;
                continue;
            }
        };
        if !go_on() {
            return Ok(None);
        }
        let before = game.scratch();
        let turn = before.turn_count() + 1;
        // The seat's move: what it decides from here in a row.
        let mut made = Vec::new();
        while index < record.log.len() {
            let p = game.pending();
            if p.seat != seat
                || p.decision.is_chance()
                || p.decision == Decision::GameOver
                || (!made.is_empty() && matches!(p.decision, Decision::PlaceTile { .. }))
            {
                break;
            }
            let a = entry_action(index)?;
            apply(&mut game, index, a)?;
            made.push(a);
            index += 1;
        }
        let turn_seed = seed ^ (turn as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let better = mcts::search_move(&before, budget, turn_seed);
        if better.is_empty() || made.starts_with(&better) || better.starts_with(&made) {
            continue;
        }
        let mut after_better = before.clone();
        if better.iter().any(|&a| after_better.apply(a).is_err()) {
            continue;
        }
        let vseed = turn_seed.rotate_left(17);
        let gain = value(&after_better, seat, budget, vseed) - value(&game, seat, budget, vseed);
        if gain >= CLEAR_GAIN {
            found.push(TurningPoint {
                turn,
                seat,
                tile,
                made,
                better,
                gain,
            });
        }
    }
    found.sort_by(|a, b| b.gain.total_cmp(&a.gain).then(a.turn.cmp(&b.turn)));
    Ok(Some(found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::shuffled_deck;
    use crate::engine::{LiveGame, Rules, Setup, TileSet};
    use std::time::Duration;

    /// What `actions` score at once for `seat` from `game` (its tile placed and its figure
    /// action taken), or `None` if they are not legal there.
    fn scores_at_once(game: &Game, seat: usize, actions: &[Action]) -> Option<u32> {
        let mut g = game.clone();
        for &a in actions {
            g.apply(a).ok()?;
        }
        Some(g.scores()[seat].saturating_sub(game.scores()[seat]))
    }

    /// A base game where one player, at a turn where a move scores a completed city or road at
    /// once for them, places the tile where it scores nothing and takes no figure; the others
    /// play as the greedy player. The record, the blunder's turn and seat.
    fn game_with_a_blunder(seed: u64) -> Option<(Record, usize, usize)> {
        let setup = Setup {
            players: vec!["Ann".into(), "Bob".into()],
            sets: vec![TileSet::Base],
            rules: Rules::default(),
        };
        let mut live = LiveGame::new(setup, shuffled_deck(&[TileSet::Base], seed)).ok()?;
        let mut blunder = None;
        let mut turns_after = 0;
        while !live.is_over() && turns_after < 2 {
            let g = live.game().clone();
            let seat = g.pending().seat;
            let good = crate::ai::greedy::greedy_move(&g, seed);
            let good_points = scores_at_once(&g, seat, &good)?;
            let moves = if blunder.is_none() && good_points >= 8 {
                // The blunder: a placement that scores nothing at once, and no figure.
                let bad = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| a.placed().is_some())
                    .find(|&a| scores_at_once(&g, seat, &[a, Action::Pass]) == Some(0))?;
                blunder = Some((g.turn_count() + 1, seat));
                vec![bad, Action::Pass]
            } else {
                if blunder.is_some() {
                    turns_after += 1;
                }
                good
            };
            live.apply_all(&moves).ok()?;
        }
        let (turn, seat) = blunder?;
        Some((live.record(), turn, seat))
    }

    #[test]
    fn a_review_names_the_turn_that_gave_away_a_completed_feature() {
        let (record, turn, seat) = (1..40)
            .find_map(game_with_a_blunder)
            .expect("a seed with a move that completes a feature for 8 points or more");
        let budget = Budget {
            iterations: 400,
            max_time: Duration::from_secs(600),
            rollout: 0,
            valuation: mcts::Valuation::default(),
            root: crate::ai::mcts::RootChoice::Ucb,
        };
        let points = review(&record, budget, 7, |s| s == seat).unwrap();
        assert!(
            points
                .iter()
                .all(|p| p.seat == seat && p.gain >= CLEAR_GAIN),
            "{points:?}"
        );
        let worst = points.first().expect("the blunder is a turning point");
        assert_eq!(worst.turn, turn, "{points:?}");
        assert!(worst.gain >= 6.0, "{points:?}");
        assert_ne!(worst.made, worst.better);
        // The same review again: the same points (a budget no clock cuts, the same seed).
        assert_eq!(review(&record, budget, 7, |s| s == seat).unwrap(), points);
    }

    #[test]
    fn the_lead_of_a_reward_undoes_the_search_logistic() {
        assert!(lead_of(0.5).abs() < 1e-4);
        let r = 1.0 / (1.0 + (-10.0f32 / LEAD_SCALE).exp());
        assert!((lead_of(r) - 10.0).abs() < 1e-3);
        assert!(lead_of(1.0) <= 55.2 && lead_of(0.0) >= -55.2);
    }
}
