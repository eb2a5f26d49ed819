//! Plays random games for profiling the engine with callgrind (instruction counts are repeatable
//! on a shared machine where wall time is not):
//!
//! ```text
//! cargo build --release --example random_games
//! valgrind --tool=callgrind target/release/examples/random_games base 200
//! ```
//!
//! The first argument is `base` (2 players, base game), `all` (4 players, every set),
//! `all-<set>` (4 players, every set but that one: `all-princess`, to see what a set costs;
//! several may be left out: `all-mayor-hills-bridges` is the six sets issue 59 was filed with),
//! `all+<set>` (4 players, every set and one still in preview: `all+bridges`),
//! `river` (2 players, base and the River), `river-legacy` (the same at rules revision 0, the
//! River without its look-ahead) or `mayor` (2 players, base and Abbey & Mayor); the second
//! the number of games. `all` holds every set players may choose: Abbey & Mayor since issue 55
//! (`all-mayor` is what `all` was before it) and Hills & Sheep since issue 56 (`all-hills` is
//! what `all` was before it).

use meeplebot::engine::random::random_game;
use meeplebot::engine::{Rules, Setup, TileSet};

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "base".into());
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let mut total = 0u64;
    for seed in 0..games {
        let setup = match kind.strip_prefix("all") {
            Some(rest) => {
                let without: Vec<TileSet> = match rest.strip_prefix('-') {
                    Some(names) => names
                        .split('-')
                        .map(|n| {
                            TileSet::parse(n).unwrap_or_else(|| {
                                eprintln!("no set named {n}");
                                std::process::exit(2)
                            })
                        })
                        .collect(),
                    None => Vec::new(),
                };
                let with = rest.strip_prefix('+').and_then(TileSet::parse);
                let mut s = Setup::base(["A", "B", "C", "D"]);
                s.sets.extend(
                    TileSet::EXPANSIONS
                        .into_iter()
                        .filter(|t| !without.contains(t)),
                );
                s.sets.extend(with);
                s
            }
            None => {
                let mut s = Setup::base(["A", "B"]);
                if kind.starts_with("river") {
                    s.sets.push(TileSet::River);
                }
                if kind == "mayor" {
                    s.sets.push(TileSet::Mayor);
                }
                if kind == "river-legacy" {
                    s.rules = Rules::legacy();
                }
                s
            }
        };
        let g = random_game(setup, seed);
        total += g
            .final_scoring()
            .scores
            .iter()
            .map(|&s| s as u64)
            .sum::<u64>();
    }
    println!("{games} {kind} games, total score {total}");
}
