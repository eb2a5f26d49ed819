//! Computer players: they read a [`Game`] (the rules state, which never holds the hidden draw
//! order) and answer its pending decision. Pure and synchronous like the engine; the service runs
//! them off the request path.
//!
//! * [`Level::Easy`]: [`greedy`], the best immediate value.
//! * [`Level::Medium`], [`Level::Hard`]: [`mcts`], a Monte-Carlo tree search over every decision
//!   of every set in play, with each future draw sampled from the tiles left.
//!
//! Every level is deterministic under a seed (the search counts iterations; its time limit only
//! stops it early on an overloaded machine).

pub mod arena;
pub mod greedy;
pub mod ladder;
pub mod mcts;
pub mod review;
pub mod valuation;

use crate::engine::{Action, Decision, Game};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use greedy::{greedy_move, greedy_step};

/// How strong a computer player is.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The greedy player: best points this turn.
    Easy,
    /// A short search that values each new position at once.
    Medium,
    /// A search fifty times longer than medium's (in the base game: fewer nodes, each valued
    /// after ten random turns; see [`Level::budget_for`]), which with the expansions' figures
    /// values open features higher ([`mcts::Valuation::Open`]).
    #[default]
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name (`easy`, `medium`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The search budget of the level (`None` for the greedy player).
    pub fn budget(self) -> Option<mcts::Budget> {
        match self {
            Level::Easy => None,
            Level::Medium => Some(mcts::Budget {
                iterations: 600,
                max_time: Duration::from_secs(2),
                rollout: 0,
                valuation: mcts::Valuation::Original,
                root: mcts::RootChoice::Ucb,
            }),
            // Hard stops thinking after 900 ms whatever its iterations: a move of hard's
            // takes under a second even on a busy machine or a late, wide board (with every
            // set, 2% of its moves took longer with a 2 s limit, issue 57).
            Level::Hard => Some(mcts::Budget {
                iterations: 30_000,
                max_time: Duration::from_millis(900),
                rollout: 0,
                valuation: mcts::Valuation::Open,
                // Sequential halving at the root: measured stronger against the old hard
                // (`BENCHMARKS.md`, "Sequential halving at the root").
                root: mcts::RootChoice::Halving,
            }),
        }
    }
}

impl Level {
    /// The search budget of the level for this game (`None` for the greedy player). Hard values
    /// each new node at once, except in the base game (with or without the River), where it
    /// plays ten random turns from each of 12,000 new nodes: measured in the arena (issue 24),
    /// random turns sharpen a node's value in the base game (99.25% against easy, where valuing
    /// 30,000 nodes at once won 95.5%) and are noise once the expansions' figures, towers and
    /// dragon are in play (82% against 93% with every set).
    pub fn budget_for(self, game: &Game) -> Option<mcts::Budget> {
        let mut budget = self.budget()?;
        let plain = game.setup().sets.iter().all(|s| s.tiles_only());
        if self == Level::Hard && plain {
            budget.iterations = 12_000;
            budget.rollout = 10;
            // The open valuation was measured with the expansions' figures in play; the base
            // game keeps the one its 99% against easy was measured with.
            budget.valuation = mcts::Valuation::Original;
            // And the root it was measured with.
            budget.root = mcts::RootChoice::Ucb;
        }
        Some(budget)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of `easy` (or `greedy`), `medium`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown computer level {0:?}: use easy, medium or hard")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" | "greedy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

/// The actions a computer player of `level` takes for the seat's pending decision: for a drawn
/// tile, a ransom first where it pays one (The Tower), the placement and the figure action; for
/// a step of the dragon (or another set's own decision), that step; for a figure action left
/// to take (after an abbey), that action. Empty when nothing waits to be decided. `seed` is the
/// turn's: a step of the dragon derives its own from it and the step's number, so the choice
/// depends only on the game and the seed. Apply them with
/// [`LiveGame::apply_all`](crate::engine::LiveGame::apply_all).
pub fn choose(game: &Game, level: Level, seed: u64) -> Vec<Action> {
    choose_with(game, &|g| level.budget_for(g), seed)
}

/// Hard's search budget as it was when issue 59 was filed (`a843636`): 30,000 iterations
/// stopped after 2 s (today's hard stops after 900 ms), 12,000 with ten random turns from each
/// new node in the base game, positions valued as then ([`mcts::Valuation::Original`]; today's
/// hard values them with [`mcts::Valuation::Open`] where an expansion's figures are in play).
/// The arena's fixed `old-hard` player ([`arena::Player::OldHard`]), the baseline a stronger
/// hard is measured against.
pub fn old_hard_budget(game: &Game) -> mcts::Budget {
    let plain = game.setup().sets.iter().all(|s| s.tiles_only());
    let (iterations, rollout) = if plain { (12_000, 10) } else { (30_000, 0) };
    mcts::Budget {
        iterations,
        max_time: Duration::from_secs(2),
        rollout,
        valuation: mcts::Valuation::Original,
        root: mcts::RootChoice::Ucb,
    }
}

/// [`choose`] with the search budget `budget` gives for a position (`None`: the greedy player).
pub fn choose_with(
    game: &Game,
    budget: &dyn Fn(&Game) -> Option<mcts::Budget>,
    seed: u64,
) -> Vec<Action> {
    match game.pending().decision {
        Decision::PlaceTile { .. } => match budget(game) {
            None => greedy_move(game, seed),
            Some(budget) => mcts::search_move(game, budget, seed),
        },
        // A figure action with no placement of the computer's before it (on a tile from the
        // hand placed as a set's own step).
        Decision::Act { .. } => match budget(game) {
            None => greedy::greedy_act(game, seed).into_iter().collect(),
            Some(mut budget) => {
                budget.iterations = (budget.iterations / 10).max(50);
                mcts::search_action(game, budget, seed)
                    .into_iter()
                    .collect()
            }
        },
        d => {
            let Some(step) = d.set_step() else {
                return Vec::new();
            };
            let seed = seed ^ u64::from(step + 1).wrapping_mul(0xA24B_AED4_963E_E407);
            // A decision every level answers by the same rule (a bazaar's bids).
            if let Some(a) = greedy::answered_by_rule(game, seed) {
                return vec![a];
            }
            let step = match budget(game) {
                None => greedy_step(game, seed),
                Some(mut budget) => {
                    // A step is a small decision: a tenth of the search of a whole move.
                    budget.iterations = (budget.iterations / 10).max(50);
                    mcts::search_action(game, budget, seed)
                }
            };
            let mut actions: Vec<Action> = step.into_iter().collect();
            // A step that puts a tile from the hand on the board (the abbey) and its figure
            // action are one decision, as a person takes them.
            if let Some(&a) = actions.first().filter(|a| a.placed().is_some()) {
                let mut g = game.scratch();
                if g.apply(a).is_ok() && matches!(g.pending().decision, Decision::Act { .. }) {
                    actions.extend(choose_with(&g, budget, seed.rotate_left(17)));
                }
            }
            actions
        }
    }
}
