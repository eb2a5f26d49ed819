//! Measures how well the search's valuations predict a game's final score margin, and fits a
//! linear correction to the open valuation from games the hard search plays against itself:
//!
//! ```text
//! cargo run --release --example fit_valuation -- GAMES ITERATIONS SEED THREADS [CACHE]
//! ```
//!
//! Plays `GAMES` two-player games with every set, both seats searching `ITERATIONS` iterations
//! a move with the open valuation (the bags from `SEED`), on `THREADS` threads (or reads them
//! from the file `CACHE`, which a first run writes). At the start of each turn it records each
//! seat's [`features`], its score if the game ended now and the valuations' estimates; at the
//! end, the final scores. A correction (the features' weights) is fitted by least squares to the
//! open valuation's error on the final margin, on four games of five, its ridge chosen on a
//! fifth of them; the games left out (every fifth) measure each estimate's error on the final
//! margin (root mean square, in points, by the share of tiles left) and the lead scale that
//! best turns an estimated margin into odds of winning. Last, the weights.
//!
//! The correction is not in the search: played by hard against the old hard it lost (37 of 100
//! games where the open valuation won 58; `BENCHMARKS.md`, "A valuation fitted to final
//! margins").

use meeplebot::ai::choose_with;
use meeplebot::ai::mcts::Budget;
use meeplebot::ai::valuation::{initial_tiles, Valuation};
use meeplebot::engine::random::shuffled_deck;
use meeplebot::engine::{
    Decision, FeatureKind, Figure, Game, LiveGame, Reason, Setup, TileSet, MAX_PLAYERS,
};
use std::time::Duration;

/// Number of terms in [`features`].
const FEATURES: usize = 24;

/// What each term of [`features`] is, in order.
const FEATURE_NAMES: [&str; FEATURES] = [
    "followers in hand × left",
    "large followers in hand × left",
    "other figures in hand × left",
    "city gain, 1 open edge × √left",
    "city gain, 2 open edges × √left",
    "city gain, 3 open edges × √left",
    "city gain, 4+ open edges × √left",
    "road gain, 1 open edge × √left",
    "road gain, 2 open edges × √left",
    "road gain, 3 open edges × √left",
    "road gain, 4+ open edges × √left",
    "cloister gain, 1-2 empty × √left",
    "cloister gain, 3-4 empty × √left",
    "cloister gain, 5-6 empty × √left",
    "cloister gain, 7-8 empty × √left",
    "city gain × left",
    "road gain × left",
    "cloister gain × left",
    "shared features' gain × √left",
    "farm points now × left",
    "goods points now × left",
    "score if ended now × left",
    "seat to decide × left",
    "unfinished features held × left",
];

/// The terms of the correction fitted to the open valuation, for each seat (`left`: the share
/// of the draw pile still to draw; "gain": what an unfinished feature would gain by completion).
fn features(game: &Game, initial_tiles: f32) -> [[f32; FEATURES]; MAX_PLAYERS] {
    let n = game.player_count();
    let left = game.remaining_total() as f32 / initial_tiles;
    let root = left.sqrt();
    let fs = game.final_scoring();
    let mut x = [[0f32; FEATURES]; MAX_PLAYERS];
    for (p, f) in x.iter_mut().enumerate().take(n) {
        let s = game.supplies()[p];
        let other: u32 = Figure::ALL
            .iter()
            .filter(|&&k| k != Figure::Follower && k != Figure::Large)
            .map(|&k| u32::from(s.count(k)))
            .sum();
        f[0] = s.count(Figure::Follower) as f32 * left;
        f[1] = s.count(Figure::Large) as f32 * left;
        f[2] = other as f32 * left;
        f[19] = fs.breakdown[p][Reason::Farm.index()] as f32 * left;
        f[20] = fs.breakdown[p][Reason::Goods.index()] as f32 * left;
        f[21] = fs.scores[p] as f32 * left;
        f[22] = if game.pending().seat == p { left } else { 0.0 };
    }
    for u in game.unfinished_features() {
        let gain = u.complete as f32 - u.now as f32;
        let (term, slow) = match u.kind {
            FeatureKind::City => (3 + u.open.clamp(1, 4) as usize - 1, 15),
            FeatureKind::Road => (7 + u.open.clamp(1, 4) as usize - 1, 16),
            _ => (11 + (u.open.clamp(1, 8) as usize - 1) / 2, 17),
        };
        for &p in &u.players {
            let f = &mut x[p];
            f[term] += gain * root;
            f[slow] += gain * left;
            if u.players.len() > 1 {
                f[18] += gain * root;
            }
            f[23] += left;
        }
    }
    x
}

/// One position of a game, as seen from seat 0 against seat 1.
struct Row {
    /// The game's number (the held-out games are every fifth).
    game: u64,
    /// Share of the draw pile left.
    left: f32,
    /// Seat 0's features less seat 1's.
    x: [f64; FEATURES],
    /// The margin if the game ended now.
    now: f64,
    /// The margins the hand-made valuations estimate: original, open.
    hand: [f64; 2],
    /// The final margin.
    fin: f64,
}

impl Row {
    /// The row as a line of the cache: game, left, now, the two hand-made margins, final, x.
    fn line(&self) -> String {
        let x: Vec<String> = self.x.iter().map(|v| v.to_string()).collect();
        format!(
            "{} {} {} {} {} {} {}\n",
            self.game,
            self.left,
            self.now,
            self.hand[0],
            self.hand[1],
            self.fin,
            x.join(" ")
        )
    }

    fn parse(line: &str) -> Option<Row> {
        let v: Vec<f64> = line
            .split(' ')
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        if v.len() != 6 + FEATURES {
            return None;
        }
        let mut x = [0f64; FEATURES];
        x.copy_from_slice(&v[6..]);
        Some(Row {
            game: v[0] as u64,
            left: v[1] as f32,
            now: v[2],
            hand: [v[3], v[4]],
            fin: v[5],
            x,
        })
    }
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
        let x = features(g, initial);
        let fs = g.final_scoring();
        let hand = [Valuation::Original, Valuation::Open].map(|v| {
            let e = v.estimate(g, initial);
            f64::from(e[0] - e[1])
        });
        let mut d = [0f64; FEATURES];
        for (k, v) in d.iter_mut().enumerate() {
            *v = f64::from(x[0][k] - x[1][k]);
        }
        rows.push(Row {
            game: index,
            left: g.remaining_total() as f32 / initial,
            x: d,
            now: f64::from(fs.scores[0]) - f64::from(fs.scores[1]),
            hand,
            fin: 0.0,
        });
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
    let s = game.final_scoring().scores;
    let fin = f64::from(s[0]) - f64::from(s[1]);
    for r in &mut rows {
        r.fin = fin;
    }
    rows
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        let pivot = a[c].clone();
        for r in c + 1..n {
            let f = a[r][c] / pivot[c];
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(40);
    let iterations: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(3000);
    let seed: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let threads: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(2);
    let cache = args.next();
    let rows = match cache.as_deref().map(std::fs::read_to_string) {
        Some(Ok(text)) => text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                Row::parse(line).unwrap_or_else(|| {
                    eprintln!("line {} of the cache is not a position: {line:.60}", i + 1);
                    std::process::exit(1)
                })
            })
            .collect(),
        _ => {
            let rows = play_all(games, seed, iterations, threads);
            if let Some(path) = &cache {
                let text: String = rows.iter().map(Row::line).collect();
                std::fs::write(path, text).expect("the cache written");
            }
            rows
        }
    };
    fit(&rows, games, seed, iterations);
}

/// Plays the games on `threads` threads.
fn play_all(games: u64, seed: u64, iterations: u32, threads: u64) -> Vec<Row> {
    std::thread::scope(|s| {
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
    })
}

/// Least squares on `x · w ≈ fin − open` (the open valuation's error) over the rows `train`
/// keeps, with a ridge of `lambda` on standardized features; the weights in the features' own
/// units.
fn least_squares(rows: &[Row], train: &dyn Fn(&Row) -> bool, lambda: f64) -> Vec<f64> {
    let used: Vec<&Row> = rows.iter().filter(|r| train(r)).collect();
    let m = used.len().max(1) as f64;
    let mut scale = [0f64; FEATURES];
    for r in &used {
        for (s, x) in scale.iter_mut().zip(&r.x) {
            *s += x * x;
        }
    }
    for s in &mut scale {
        *s = (*s / m).sqrt().max(1e-9);
    }
    let mut a = vec![vec![0.0; FEATURES]; FEATURES];
    let mut b = vec![0.0; FEATURES];
    for r in &used {
        let y = r.fin - r.hand[1];
        for i in 0..FEATURES {
            let xi = r.x[i] / scale[i];
            b[i] += xi * y;
            for j in 0..FEATURES {
                a[i][j] += xi * r.x[j] / scale[j];
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += lambda;
    }
    solve(a, b).iter().zip(&scale).map(|(w, s)| w / s).collect()
}

/// The final margin the open valuation corrected by the weights `w` estimates.
fn predict(r: &Row, w: &[f64]) -> f64 {
    r.hand[1] + r.x.iter().zip(w).map(|(x, w)| x * w).sum::<f64>()
}

/// Root mean square error of an estimate of the final margin over `rows`.
fn rmse(rows: &[&Row], estimate: &dyn Fn(&Row) -> f64) -> f64 {
    let s: f64 = rows.iter().map(|r| (estimate(r) - r.fin).powi(2)).sum();
    (s / rows.len().max(1) as f64).sqrt()
}

fn fit(rows: &[Row], games: u64, seed: u64, iterations: u32) {
    // The ridge chosen on every fifth training game, the weights then fitted on all of them.
    let validation: Vec<&Row> = rows.iter().filter(|r| r.game % 5 == 3).collect();
    let mut lambda = 1.0;
    let mut best = f64::MAX;
    for l in [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0] {
        let w = least_squares(rows, &|r| r.game % 5 < 3, l);
        let e = rmse(&validation, &|r| predict(r, &w));
        println!("ridge {l}: validation error {e:.3}");
        if e < best {
            best = e;
            lambda = l;
        }
    }
    let held_out = |r: &Row| r.game % 5 == 4;
    let w = least_squares(rows, &|r| !held_out(r), lambda);
    let n = rows.iter().filter(|r| !held_out(r)).count();
    println!("ridge {lambda}");
    let fitted = |r: &Row| predict(r, &w);
    let test: Vec<&Row> = rows.iter().filter(|r| held_out(r)).collect();
    println!(
        "{} positions of {games} games ({n} fitted, {} held out), {iterations} iterations a move, seed {seed}",
        rows.len(),
        test.len()
    );
    println!("root mean square error of the final margin (points), held-out games:");
    println!("| tiles left | positions | ended now | original | open | fitted |");
    println!("|---|---|---|---|---|---|");
    for (lo, hi, name) in [
        (0.0, 1.01, "all"),
        (0.67, 1.01, "over 2/3"),
        (0.33, 0.67, "1/3 to 2/3"),
        (0.0, 0.33, "under 1/3"),
    ] {
        let part: Vec<&Row> = test
            .iter()
            .copied()
            .filter(|r| r.left >= lo && r.left < hi)
            .collect();
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
            part.len(),
            rmse(&part, &|r| r.now),
            rmse(&part, &|r| r.hand[0]),
            rmse(&part, &|r| r.hand[1]),
            rmse(&part, &fitted),
        );
    }
    // The logistic scale that best predicts the winner from each estimate (held-out games).
    for (name, f) in [
        ("open", &(|r: &Row| r.hand[1]) as &dyn Fn(&Row) -> f64),
        ("fitted", &fitted),
    ] {
        let ll = |scale: f64| -> f64 {
            test.iter()
                .filter(|r| r.fin != 0.0)
                .map(|r| {
                    let p = 1.0 / (1.0 + (-f(r) / scale).exp());
                    if r.fin > 0.0 {
                        p.max(1e-9).ln()
                    } else {
                        (1.0 - p).max(1e-9).ln()
                    }
                })
                .sum::<f64>()
        };
        let best = (1..=60)
            .map(|s| s as f64)
            .max_by(|&a, &b| ll(a).total_cmp(&ll(b)))
            .unwrap();
        println!(
            "{name}: the winner's log-likelihood is best at a lead scale of {best} points ({:.1}; at 12: {:.1})",
            ll(best),
            ll(12.0)
        );
    }
    println!("| term | weight |\n|---|---|");
    for (v, name) in w.iter().zip(FEATURE_NAMES) {
        println!("| {name} | {v:.4} |");
    }
}
