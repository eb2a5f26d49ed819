//! Runs the search of the computer players on fixed positions, for profiling it with callgrind
//! (instruction counts are repeatable where wall time is not) and for checking that a change
//! to the engine or the search leaves its choices as they were:
//!
//! ```text
//! cargo build --release --example search
//! valgrind --tool=callgrind target/release/examples/search all 4 3000
//! ```
//!
//! The first argument is `base` (2 players, base game, hard's ten random turns from each new
//! node) or `all` (2 players, every set, nodes valued at once, as hard searches); the second
//! the number of positions (turn 10, 30, 50, … of random games, one game a position); the
//! third the iterations of each search (no time limit: the result depends only on them); a
//! fourth, `original`, values nodes as medium and the old hard do ([`Valuation::Original`];
//! hard's by default), and `halving` shares the root's iterations as hard does
//! ([`RootChoice::Halving`]; UCB1 by default, as before it). Each search's chosen actions are
//! printed, one line a position.

use meeplebot::ai::mcts::{search_move, Budget, RootChoice, Valuation};
use meeplebot::engine::random::{random_turn, shuffled_deck};
use meeplebot::engine::{Decision, LiveGame, Setup, TileSet};
use rand::SeedableRng;
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "all".into());
    let positions: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(4);
    let iterations: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(3000);
    let fourth = args.next();
    let valuation = match fourth.as_deref() {
        Some("original") => Valuation::Original,
        _ => Valuation::default(),
    };
    let root = match fourth.as_deref() {
        Some("halving") => RootChoice::Halving,
        _ => RootChoice::Ucb,
    };
    let every = kind == "all";
    for p in 0..positions {
        let mut setup = Setup::base(["A", "B"]);
        if every {
            setup.sets.extend(TileSet::EXPANSIONS);
        }
        let mut game = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, p)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(p);
        let turns = 10 + 20 * (p % 4);
        let mut played = 0;
        // Random turns up to the position, then to the next tile to place.
        while played < turns || !matches!(game.pending().decision, Decision::PlaceTile { .. }) {
            if !random_turn(&mut game, &mut rng) {
                break;
            }
            played += 1;
        }
        if game.is_over() {
            println!("position {p}: the game ended");
            continue;
        }
        let budget = Budget {
            iterations,
            max_time: Duration::from_secs(3600),
            rollout: if every { 0 } else { 10 },
            valuation,
            root,
        };
        let chosen = search_move(game.game(), budget, p);
        println!("position {p} (turn {played}): {chosen:?}");
    }
}
