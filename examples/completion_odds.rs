//! Measures how often an unfinished city, road or cloister with figures is completed by the end
//! of the game, against what the search's valuation assumes:
//!
//! ```text
//! cargo run --release --example completion_odds -- GAMES ITERATIONS SEED THREADS OUT
//! ```
//!
//! Plays `GAMES` two-player games with every set, both seats searching `ITERATIONS` iterations
//! a move with hard's valuation (the bags from `SEED`), on `THREADS` threads. At the start of
//! each turn it notes each unfinished feature with figures ([`Game::unfinished_named`]); at
//! the end, whether each was completed ([`Game::completed`]). Writes one line per feature and
//! turn to `OUT` (`game kind open left blocked completed gain`, `left` the share of the draw
//! pile still to draw) and prints the completion rate by kind, open edges and tiles left beside
//! the valuation's odds (√left × 0.9 per open edge beyond the first; none when blocked).

use meeplebot::ai::choose_with;
use meeplebot::ai::mcts::Budget;
use meeplebot::ai::valuation::{initial_tiles, Valuation};
use meeplebot::engine::random::shuffled_deck;
use meeplebot::engine::{Decision, FeatureKind, FeatureRef, LiveGame, Setup, TileSet, Unfinished};
use std::io::Write;
use std::time::Duration;

/// One unfinished feature at the start of one turn.
struct Row {
    game: u64,
    kind: FeatureKind,
    open: u32,
    left: f32,
    blocked: bool,
    id: FeatureRef,
    gain: u32,
    completed: bool,
}

fn play(index: u64, seed: u64, iterations: u32) -> Vec<Row> {
    let mut setup = Setup::base(["A", "B"]);
    setup.sets.extend(TileSet::EXPANSIONS);
    let mut game =
        LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, seed + index)).expect("a new game");
    let initial = initial_tiles(game.game());
    let budget = Budget {
        iterations,
        max_time: Duration::from_secs(60),
        rollout: 0,
        valuation: Valuation::Open,
        root: meeplebot::ai::mcts::RootChoice::Ucb,
    };
    let mut rows = Vec::new();
    let mut turn = 0u64;
    while !game.is_over() {
        let g = game.game();
        let left = g.remaining_total() as f32 / initial;
        for (u, id) in g.unfinished_named() {
            let Unfinished {
                kind,
                open,
                blocked,
                now,
                complete,
                ..
            } = u;
            rows.push(Row {
                game: index,
                kind,
                open,
                left,
                blocked,
                id,
                gain: complete.saturating_sub(now),
                completed: false,
            });
        }
        let move_seed =
            seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ turn.wrapping_mul(0xD1B5);
        let actions = choose_with(g, &|_| Some(budget), move_seed);
        game.apply_all(&actions).expect("a legal move");
        while !matches!(
            game.pending().decision,
            Decision::PlaceTile { .. } | Decision::GameOver
        ) {
            let step = choose_with(game.game(), &|_| Some(budget), move_seed);
            game.apply_all(&step).expect("a legal step");
        }
        turn += 1;
    }
    for r in &mut rows {
        r.completed = game.game().completed(r.id);
    }
    rows
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut next = |default: u64| args.next().and_then(|n| n.parse().ok()).unwrap_or(default);
    let games = next(100);
    let iterations = next(3000) as u32;
    let seed = next(1);
    let threads = next(2);
    let out = std::env::args()
        .nth(5)
        .unwrap_or_else(|| "completion.txt".into());
    let rows: Vec<Row> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut out = Vec::new();
                    for i in (t..games).step_by(threads as usize) {
                        out.extend(play(i, seed, iterations));
                        eprintln!("game {i} done");
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).expect("the output file"));
    for r in &rows {
        writeln!(
            f,
            "{} {:?} {} {:.4} {} {} {}",
            r.game, r.kind, r.open, r.left, r.blocked as u8, r.completed as u8, r.gain
        )
        .expect("written");
    }
    println!("kind     open  left      n  completed  valuation's odds");
    for kind in [FeatureKind::City, FeatureKind::Road, FeatureKind::Cloister] {
        for open in 1..=8u32 {
            for (lo, hi) in [(0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01)] {
                let sel: Vec<&Row> = rows
                    .iter()
                    .filter(|r| {
                        r.kind == kind
                            && !r.blocked
                            && r.open.clamp(1, 8) == open
                            && r.left >= lo
                            && r.left < hi
                    })
                    .collect();
                if sel.len() < 30 {
                    continue;
                }
                let done = sel.iter().filter(|r| r.completed).count() as f32 / sel.len() as f32;
                let odds: f32 = sel
                    .iter()
                    .map(|r| r.left.sqrt() * 0.9f32.powi(open as i32 - 1))
                    .sum::<f32>()
                    / sel.len() as f32;
                println!(
                    "{:<8} {open:>4}  {lo:.1}-{hi:.1} {:>6}  {done:>9.3}  {odds:>16.3}",
                    format!("{kind:?}"),
                    sel.len()
                );
            }
        }
    }
    let blocked: Vec<&Row> = rows.iter().filter(|r| r.blocked).collect();
    println!(
        "blocked: {} features, {} completed",
        blocked.len(),
        blocked.iter().filter(|r| r.completed).count()
    );
}
