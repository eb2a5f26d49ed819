//! Computer players.
//!
//! The greedy player tries every legal placement with every follower choice (including none) and
//! takes the one with the best immediate value: points it scores this turn minus points others
//! score, plus a small bonus for a follower placed on a feature that can still grow (so it does
//! play followers), minus a little for spending a follower when few are left. Ties are broken by a
//! seeded random choice, so a game among computers is reproducible.

use crate::engine::{FeatureKind, Figure, Game, Placement, Spot, TileId};
use rand::{Rng, SeedableRng};

/// One computer move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The drawn tile.
    pub tile: TileId,
    /// Where and how it goes.
    pub placement: Placement,
    /// The follower place, if any.
    pub spot: Option<Spot>,
}

/// The greedy move for the current player, or `None` if the game is over.
pub fn greedy_move(game: &Game, seed: u64) -> Option<AiMove> {
    let tile = game.drawn_tile()?;
    let me = game.current_player();
    let before: Vec<i64> = game.scores().iter().map(|&s| s as i64).collect();
    let followers = game.supplies()[me].followers;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut best: Option<(f64, AiMove)> = None;
    for p in game.legal_placements(tile) {
        let mut options: Vec<Option<Spot>> = vec![None];
        options.extend(game.legal_spots(tile, p).into_iter().map(Some));
        for spot in options {
            let mut g = game.clone();
            if g.place(tile, p.at, p.rotation, spot, Figure::Follower)
                .is_err()
            {
                continue;
            }
            let after = g.scores();
            let mine = after[me] as i64 - before[me];
            let others: i64 = (0..after.len())
                .filter(|&i| i != me)
                .map(|i| after[i] as i64 - before[i])
                .sum();
            let mut value = mine as f64 - others as f64 * 0.7;
            if let Some(s) = spot {
                let returned = g.supplies()[me].followers >= followers;
                if !returned {
                    value += follower_bonus(s, followers);
                }
            }
            // Jitter breaks ties without changing real preferences.
            value += rng.gen_range(0.0..0.01);
            let mv = AiMove {
                tile,
                placement: p,
                spot,
            };
            if best.as_ref().is_none_or(|(b, _)| value > *b) {
                best = Some((value, mv));
            }
        }
    }
    best.map(|(_, m)| m)
}

/// Rough worth of leaving a follower on a feature that is still open.
fn follower_bonus(spot: Spot, left: u8) -> f64 {
    let scarcity = if left <= 3 { -2.5 } else { 0.0 };
    let kind = match spot {
        Spot::City(_) => FeatureKind::City,
        Spot::Road(_) => FeatureKind::Road,
        Spot::Cloister => FeatureKind::Cloister,
        Spot::Field(_) | Spot::FieldInner => FeatureKind::Field,
    };
    scarcity
        + match kind {
            FeatureKind::Cloister => 3.0,
            FeatureKind::City => 2.0,
            FeatureKind::Road => 1.0,
            FeatureKind::Field => {
                if left >= 5 {
                    1.2
                } else {
                    0.2
                }
            }
        }
}
