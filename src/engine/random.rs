//! Seeded bags and uniformly random play, for live games, tests and benchmarks.

use super::action::{Action, Decision, TurnOutcome};
use super::game::{gardens_among, tile_counts, Game};
use super::live::{Drawn, LiveGame};
use super::tiles::{TileId, TileSet};
use super::types::Setup;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::ops::ControlFlow;

/// Every drawable tile of the sets (start tile excluded; garden copies marked when the Abbot is
/// in play), shuffled with `seed`. With the River, its tiles come first and the lake last of them.
pub fn shuffled_deck(sets: &[TileSet], seed: u64) -> Vec<Drawn> {
    let counts = tile_counts(sets);
    let gardens = gardens_among(sets, &counts);
    let mut deck = Vec::with_capacity(counts.iter().map(|&c| usize::from(c)).sum());
    for (i, &c) in counts.iter().enumerate() {
        let g = usize::from(gardens[i]);
        deck.extend((0..usize::from(c)).map(|k| Drawn {
            tile: TileId(i as u8),
            garden: k < g,
        }));
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    deck.shuffle(&mut rng);
    if sets.contains(&TileSet::River) {
        // River tiles first (shuffled), then the lake, then the rest.
        let lake = super::tiles::lake();
        let (mut river, rest): (Vec<Drawn>, Vec<Drawn>) =
            deck.into_iter().partition(|d| d.tile.get().has_river());
        let lakes: Vec<Drawn> = river.iter().copied().filter(|d| d.tile == lake).collect();
        river.retain(|d| d.tile != lake);
        river.extend(lakes);
        river.extend(rest);
        deck = river;
    }
    deck
}

/// Takes one uniformly random legal action of the pending decision (draws excluded: a live game
/// draws from its bag). Returns false if the game is over.
pub fn random_action<R: Rng>(game: &mut LiveGame, rng: &mut R) -> bool {
    random_action_with(game, rng, &mut Scratch::default())
}

/// Buffers that random play reuses from one action to the next (no allocation per action).
struct Scratch {
    /// The legal actions of the pending decision.
    actions: Vec<Action>,
    /// What the last action did (unread).
    out: TurnOutcome,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            actions: Vec::with_capacity(64),
            out: TurnOutcome::new(0),
        }
    }
}

/// [`random_action`] with reused buffers.
fn random_action_with<R: Rng>(game: &mut LiveGame, rng: &mut R, s: &mut Scratch) -> bool {
    if game.is_over() {
        return false;
    }
    let Some(a) = pick(game.game(), rng, &mut s.actions) else {
        return false;
    };
    game.apply_into(a, &mut s.out)
        .expect("enumerated actions are legal");
    true
}

/// A uniformly random legal action of the pending decision (what `SliceRandom::choose` picks
/// from [`Game::legal_actions`], drawing the same random number), or `None` if there is none.
///
/// A tile's placements are counted and the chosen one found without listing the others
/// (they are most of a game's actions); everything else is listed into `actions`.
fn pick<R: Rng>(game: &Game, rng: &mut R, actions: &mut Vec<Action>) -> Option<Action> {
    actions.clear();
    if let Decision::PlaceTile { tile, .. } = game.pending().decision {
        if let Some(placements) = game.placement_count(tile) {
            // The ransoms come after the placements in the listed order.
            let _ = game.for_each_ransom(&mut |a| {
                actions.push(a);
                ControlFlow::Continue(())
            });
            let n = placements + actions.len();
            if n == 0 {
                return None;
            }
            let k = rng.gen_range(0..n as u32) as usize;
            return Some(match k.checked_sub(placements) {
                Some(r) => actions[r],
                None => {
                    let p = game.nth_placement(tile, k).expect("k < placement count");
                    Action::Place {
                        at: p.at,
                        rotation: p.rotation,
                    }
                }
            });
        }
    }
    game.for_each_legal(|a| {
        actions.push(a);
        ControlFlow::Continue(())
    });
    actions.choose(rng).copied()
}

/// Plays one whole turn (placement, then the figure action) at random. Returns false if the game
/// is over.
pub fn random_turn<R: Rng>(game: &mut LiveGame, rng: &mut R) -> bool {
    random_turn_with(game, rng, &mut Scratch::default())
}

fn random_turn_with<R: Rng>(game: &mut LiveGame, rng: &mut R, s: &mut Scratch) -> bool {
    if !random_action_with(game, rng, s) {
        return false;
    }
    while matches!(
        game.pending().decision,
        Decision::Act { .. } | Decision::DragonMove { .. }
    ) {
        random_action_with(game, rng, s);
    }
    true
}

/// Plays a whole random game from a seeded bag.
pub fn random_game(setup: Setup, seed: u64) -> LiveGame {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let deck = shuffled_deck(&setup.sets, seed);
    let mut game = LiveGame::new(setup, deck).expect("valid setup");
    let mut scratch = Scratch::default();
    while random_turn_with(&mut game, &mut rng, &mut scratch) {}
    game
}

/// Plays a game to its end with random legal actions, sampling each draw uniformly from the tiles
/// left (as a search would): the game never needs a bag.
pub fn random_playout<R: Rng>(game: &mut Game, rng: &mut R) {
    let mut actions = Vec::with_capacity(64);
    loop {
        match game.pending().decision {
            Decision::GameOver => return,
            Decision::Draw => {
                let total = game.remaining_total();
                let mut k = rng.gen_range(0..total);
                let mut pick = None;
                for (i, &c) in game.remaining().iter().enumerate() {
                    if k < c as u32 {
                        let gardens = game.remaining_gardens()[i] as u32;
                        pick = Some(Action::Draw {
                            tile: TileId(i as u8),
                            garden: k < gardens,
                        });
                        break;
                    }
                    k -= c as u32;
                }
                let a = pick.expect("a tile is left");
                if game.apply(a).is_err() {
                    // The draw rules (the River first) forbid that tile now: take the first legal.
                    let mut first = None;
                    game.for_each_legal(|a| {
                        first = Some(a);
                        ControlFlow::Break(())
                    });
                    game.apply(first.expect("a legal draw"))
                        .expect("enumerated draws are legal");
                }
            }
            _ => {
                let a = pick(game, rng, &mut actions).expect("a legal action");
                game.apply(a).expect("enumerated actions are legal");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TileSet;

    /// Random play picks what choosing from the full list of legal actions picks with the same
    /// random number, at every decision of games with and without every set (so the counted
    /// placements and the listed ones are the same actions in the same order).
    #[test]
    fn pick_agrees_with_choosing_from_the_listed_actions() {
        for (players, every_set) in [(2, false), (3, false), (4, true), (5, true)] {
            for seed in 0..4 {
                let mut setup = Setup::base(["A", "B", "C", "D", "E"][..players].to_vec());
                if every_set {
                    setup.sets.extend(TileSet::EXPANSIONS);
                }
                let deck = shuffled_deck(&setup.sets, seed);
                let mut game = LiveGame::new(setup, deck).expect("valid setup");
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                let mut actions = Vec::new();
                let mut decisions = 0;
                while !game.is_over() {
                    let mut twin = rng.clone();
                    let listed = game.legal_actions();
                    let expected = listed.choose(&mut twin).copied();
                    let got = pick(game.game(), &mut rng, &mut actions);
                    assert_eq!(got, expected, "seed {seed}, decision {decisions}");
                    assert_eq!(rng.gen::<u64>(), twin.gen::<u64>(), "same numbers drawn");
                    game.apply(got.expect("a legal action")).expect("legal");
                    decisions += 1;
                }
                assert!(decisions > 100, "seed {seed}: {decisions} decisions");
            }
        }
    }
}
