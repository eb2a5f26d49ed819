//! Seeded bags and uniformly random play, for live games, tests and benchmarks.

use super::action::{Action, Decision, TurnOutcome};
use super::expansions::{arrange_deck, gardens_among, tile_counts};
use super::game::Game;
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
    arrange_deck(sets, deck, |d| d.tile)
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

/// How many random codes [`pick`] tries for a placement before it counts them (see
/// `Game::sample_placement`): a tile that fits at few of the codes is counted exactly.
const PLACEMENT_TRIES: usize = 24;

/// How many random codes [`pick`] tries for a figure action's target on another tile (a magic
/// portal's) before it lists them (see `Game::sample_act`).
const TARGET_TRIES: usize = 64;

/// A uniformly random legal action of the pending decision, or `None` if there is none.
///
/// A tile's placements (most of a game's actions) are sampled, not listed: a random frontier
/// cell and rotation is kept if the tile fits there (see `Game::sample_placement`), the ransoms
/// open before the placement being as likely as each placement. Everything else is listed into
/// `actions` and one is chosen, but for a magic portal's targets, which are sampled the same way.
fn pick<R: Rng>(game: &Game, rng: &mut R, actions: &mut Vec<Action>) -> Option<Action> {
    actions.clear();
    if let Decision::PlaceTile { tile, .. } = game.pending().decision {
        if tile.get().edges_decide() {
            let _ = game.for_each_before_placing(&mut |a| {
                actions.push(a);
                ControlFlow::Continue(())
            });
            return game
                .sample_placement(tile, actions.len(), PLACEMENT_TRIES, rng)
                .map(|choice| match choice {
                    Ok(p) => Action::Place {
                        at: p.at,
                        rotation: p.rotation,
                    },
                    Err(i) => actions[i],
                });
        }
    }
    if let Decision::Act { at } = game.pending().decision {
        if let Some(index) = game.board().cell(at) {
            return game.sample_act(index, actions, TARGET_TRIES, rng);
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
    // The figure action, then a set's own steps (the dragon's).
    while matches!(game.pending().decision, Decision::Act { .. })
        || game.pending().decision.set_step().is_some()
    {
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
                let k = rng.gen_range(0..game.unseen());
                let a = game.nth_left(k).expect("a tile is left");
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
            Decision::Offer => {
                // A tile turned up for a bazaar, drawn like any other.
                let k = rng.gen_range(0..game.unseen());
                let decision = game.pending().decision;
                let a = game
                    .nth_left(k)
                    .and_then(|a| decision.from_stack(a))
                    .unwrap_or(Action::Pass);
                if game.apply(a).is_err() {
                    let a = pick(game, rng, &mut actions).expect("a tile to turn up");
                    game.apply(a).expect("enumerated actions are legal");
                }
            }
            Decision::Token => {
                // A token from the bag of sheep, as likely as the bag makes it.
                let k = rng.gen_range(0..game.tokens_in_bag());
                let a = game.nth_token(k).expect("the bag always holds its wolves");
                game.apply(a).expect("a token of the bag");
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
    use crate::engine::{Spot, TileSet};

    /// Every action random play picks is one of the listed legal actions, at every decision of
    /// games with and without every set.
    #[test]
    fn picks_are_legal_actions() {
        for (players, every_set) in [(2, false), (3, false), (4, true), (5, true)] {
            for seed in 0..4 {
                let mut game = new_game(players, every_set, seed);
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                let mut actions = Vec::new();
                let mut decisions = 0;
                while !game.is_over() {
                    let listed = game.legal_actions();
                    let got = pick(game.game(), &mut rng, &mut actions);
                    assert!(
                        got.is_some_and(|a| listed.contains(&a)),
                        "seed {seed}, decision {decisions}: {got:?}"
                    );
                    game.apply(got.expect("a legal action")).expect("legal");
                    decisions += 1;
                }
                assert!(decisions > 100, "seed {seed}: {decisions} decisions");
            }
        }
    }

    /// A game copied over another with `clone_from` (the search's copy into the buffers of
    /// the iteration before) equals the original, whichever of the two is further on, in
    /// games with and without every set.
    #[test]
    fn a_game_copied_over_another_equals_the_original() {
        for (players, every_set) in [(2, false), (4, true)] {
            let mut game = new_game(players, every_set, 11);
            let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
            let mut earlier = vec![game.game().clone()];
            while random_turn(&mut game, &mut rng) {
                let now = game.game();
                if now.turn_count().is_multiple_of(9) {
                    for e in &earlier {
                        let mut copy = e.clone();
                        copy.clone_from(now);
                        assert!(copy == *now, "a later game copied over an earlier one");
                        let mut back = now.clone();
                        back.clone_from(e);
                        assert!(back == *e, "an earlier game copied over a later one");
                    }
                    earlier.push(now.clone());
                }
            }
            assert!(earlier.len() > 5);
        }
    }

    fn new_game(players: usize, every_set: bool, seed: u64) -> LiveGame {
        let mut setup = Setup::base(["A", "B", "C", "D", "E"][..players].to_vec());
        if every_set {
            setup.sets.extend(TileSet::EXPANSIONS);
        }
        let deck = shuffled_deck(&setup.sets, seed);
        LiveGame::new(setup, deck).expect("valid setup")
    }

    /// Draws `300 × listed.len()` actions with `draw` and checks that each is listed and that
    /// they come equally often (chi-square under its bound); `what` names the case.
    fn assert_uniform(listed: &[Action], mut draw: impl FnMut() -> Action, what: &str) {
        let mut counts = vec![0u32; listed.len()];
        for _ in 0..300 * listed.len() {
            let a = draw();
            let i = listed.iter().position(|&l| l == a);
            counts[i.unwrap_or_else(|| panic!("{what}: {a:?} is not legal"))] += 1;
        }
        let (chi2, bound) = chi_square(&counts);
        assert!(
            chi2 < bound,
            "{what}: chi-square {chi2:.1} over {bound:.1} ({} actions)",
            listed.len()
        );
    }

    /// Pearson's chi-square of `counts` against equal frequencies, and the bound it stays under
    /// when they are equally likely (the mean plus six standard deviations of the statistic).
    fn chi_square(counts: &[u32]) -> (f64, f64) {
        let expected = counts.iter().sum::<u32>() as f64 / counts.len() as f64;
        let chi2 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let df = (counts.len() - 1) as f64;
        (chi2, df + 6.0 * (2.0 * df).sqrt())
    }

    /// The figure decisions of every-set games after a magic portal was placed, with a
    /// follower in hand (the portal's targets are sampled).
    fn portal_positions() -> Vec<Game> {
        let mut positions = Vec::new();
        for seed in 0..6 {
            let mut game = new_game(4, true, seed);
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            while !game.is_over() {
                if let Decision::Act { at } = game.pending().decision {
                    let portal = game.legal_actions().iter().any(
                        |a| matches!(a, Action::DeployOn { spot, .. } if *spot != Spot::Tower),
                    );
                    if portal && game.board().tile_at(at).is_some() {
                        positions.push(game.game().clone());
                    }
                }
                random_action(&mut game, &mut rng);
            }
        }
        assert!(positions.len() >= 4, "{} positions", positions.len());
        positions
    }

    /// The figure actions after a magic portal are picked equally often, its targets and the
    /// rest: by random play as it is, by codes alone and by listing alone.
    #[test]
    fn portal_targets_and_other_actions_are_picked_uniformly() {
        for (n, game) in portal_positions().iter().enumerate() {
            let Decision::Act { at } = game.pending().decision else {
                unreachable!("figure decisions")
            };
            let index = game.board().cell(at).expect("the tile just placed");
            let listed = game.legal_actions();
            for tries in [TARGET_TRIES, 1_000_000, 0] {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(n as u64);
                let mut actions = Vec::new();
                let draw = || {
                    game.sample_act(index, &mut actions, tries, &mut rng)
                        .expect("an action")
                };
                assert_uniform(&listed, draw, &format!("position {n}, {tries} tries"));
            }
        }
    }

    /// The placement decisions of every-set games where the drawn tile is not a river tile:
    /// some from the middle of the games and every one with ransoms open (the Tower).
    fn placement_positions() -> Vec<Game> {
        let mut positions = Vec::new();
        let mut with_ransoms = 0;
        for seed in 0..12 {
            let mut game = new_game(4, true, seed);
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut decisions = 0;
            while !game.is_over() {
                if let Decision::PlaceTile { tile, .. } = game.pending().decision {
                    let ransoms = game
                        .legal_actions()
                        .iter()
                        .filter(|a| matches!(a, Action::Ransom { .. }))
                        .count();
                    let middle = seed < 3 && decisions % 97 == 50;
                    if tile.get().edges_decide() && (middle || (ransoms > 0 && with_ransoms < 3)) {
                        with_ransoms += usize::from(ransoms > 0);
                        positions.push(game.game().clone());
                    }
                }
                random_action(&mut game, &mut rng);
                decisions += 1;
            }
        }
        assert!(with_ransoms > 0, "a position with ransoms open");
        assert!(positions.len() >= 6, "{} positions", positions.len());
        positions
    }

    /// A tile's placements and the ransoms open before it are picked equally often: by random
    /// play as it is, by codes alone (no count, unless every try misses) and by the count alone.
    #[test]
    fn placements_and_ransoms_are_picked_uniformly() {
        for (n, game) in placement_positions().iter().enumerate() {
            let Decision::PlaceTile { tile, .. } = game.pending().decision else {
                unreachable!("placement positions")
            };
            let listed = game.legal_actions();
            // The actions listed beside the plain placements: ransoms, placements with a
            // bridge.
            let ransoms: Vec<Action> = listed
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Place { .. }))
                .collect();
            for tries in [PLACEMENT_TRIES, 1_000_000, 0] {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(n as u64);
                let mut actions = Vec::new();
                let draw = || {
                    if tries == PLACEMENT_TRIES {
                        return pick(game, &mut rng, &mut actions).expect("an action");
                    }
                    match game.sample_placement(tile, ransoms.len(), tries, &mut rng) {
                        Some(Ok(p)) => Action::Place {
                            at: p.at,
                            rotation: p.rotation,
                        },
                        Some(Err(i)) => ransoms[i],
                        None => panic!("position {n}: nothing picked"),
                    }
                };
                let what = format!("position {n}, {tries} tries, {} others", ransoms.len());
                assert_uniform(&listed, draw, &what);
            }
        }
    }
}
