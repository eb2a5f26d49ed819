//! Computer against computer: two levels play two-player games from seeded bags, seats swapped
//! every other game, for `meeplebot arena` and for measuring the levels.

use super::{choose, Level};
use crate::engine::random::shuffled_deck;
use crate::engine::{Decision, LiveGame, Rules, Setup, TileSet};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What one arena game gave each side.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// Final scores of side a and side b.
    pub scores: [u32; 2],
    /// Move times of side a and side b.
    pub times: [Vec<Duration>; 2],
}

/// Plays game number `index` of a match: side a sits first in even games, second in odd ones;
/// the bag is shuffled with `seed + index / 2`, so both seatings see the same bag.
pub fn play_game(
    a: Level,
    b: Level,
    sets: &[TileSet],
    rules: Rules,
    seed: u64,
    index: u64,
) -> Result<GameResult, String> {
    let swapped = index % 2 == 1;
    let levels = if swapped { [b, a] } else { [a, b] };
    let setup = Setup {
        players: vec!["first".into(), "second".into()],
        sets: sets.to_vec(),
        rules,
    };
    let bag_seed = seed.wrapping_add(index / 2);
    let mut game =
        LiveGame::new(setup, shuffled_deck(sets, bag_seed)).map_err(|e| e.to_string())?;
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut turn = 0u64;
    while !game.is_over() {
        let seat = game.current_player();
        let move_seed = seed
            ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ turn.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let start = Instant::now();
        let turn_actions = choose(game.game(), levels[seat], move_seed);
        if turn_actions.is_empty() {
            return Err(format!("game {index}: {} found no move", levels[seat]));
        }
        times[seat].push(start.elapsed());
        game.apply_all(&turn_actions)
            .map_err(|e| format!("game {index}: {} chose an illegal move: {e}", levels[seat]))?;
        // The rest of the turn, a set's own decisions (a journey's steps), each by the seat that
        // must take it; the live game has drawn the next tile when the turn is over.
        while !matches!(
            game.pending().decision,
            Decision::PlaceTile { .. } | Decision::GameOver
        ) {
            let mover = game.pending().seat;
            let step = choose(game.game(), levels[mover], move_seed);
            if step.is_empty() {
                return Err(format!("game {index}: {} found no step", levels[mover]));
            }
            game.apply_all(&step).map_err(|e| {
                format!("game {index}: {} chose an illegal step: {e}", levels[mover])
            })?;
        }
        turn += 1;
    }
    let scores = game.final_scoring().scores;
    Ok(if swapped {
        GameResult {
            scores: [scores[1], scores[0]],
            times: [std::mem::take(&mut times[1]), std::mem::take(&mut times[0])],
        }
    } else {
        GameResult {
            scores: [scores[0], scores[1]],
            times,
        }
    })
}

/// One side's totals over a match.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Side {
    /// The level.
    pub level: String,
    /// Games won outright.
    pub wins: u32,
    /// Games tied.
    pub ties: u32,
    /// Share of games won (ties count half).
    pub win_rate: f64,
    /// Average final score.
    pub avg_score: f64,
    /// Median move time, milliseconds.
    pub move_ms_p50: f64,
    /// 99th percentile move time, milliseconds.
    pub move_ms_p99: f64,
    /// Longest move, milliseconds.
    pub move_ms_max: f64,
}

/// A whole match, as `arena` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Tile sets in play.
    pub sets: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// Side a.
    pub a: Side,
    /// Side b.
    pub b: Side,
}

/// Sums up the games of a match.
pub fn summarize(a: Level, b: Level, sets: &[TileSet], seed: u64, games: &[GameResult]) -> Summary {
    let mut sides = [Side::default(), Side::default()];
    sides[0].level = a.name().into();
    sides[1].level = b.name().into();
    let n = games.len().max(1) as f64;
    for (s, side) in sides.iter_mut().enumerate() {
        let o = 1 - s;
        side.wins = games.iter().filter(|g| g.scores[s] > g.scores[o]).count() as u32;
        side.ties = games.iter().filter(|g| g.scores[s] == g.scores[o]).count() as u32;
        side.win_rate = (side.wins as f64 + side.ties as f64 / 2.0) / n;
        side.avg_score = games.iter().map(|g| g.scores[s] as f64).sum::<f64>() / n;
        let mut t: Vec<Duration> = games
            .iter()
            .flat_map(|g| g.times[s].iter().copied())
            .collect();
        t.sort_unstable();
        let ms = |d: Duration| (d.as_secs_f64() * 1e5).round() / 100.0;
        side.move_ms_p50 = ms(percentile(&t, 0.50));
        side.move_ms_p99 = ms(percentile(&t, 0.99));
        side.move_ms_max = ms(t.last().copied().unwrap_or_default());
    }
    let [sa, sb] = sides;
    Summary {
        games: games.len() as u32,
        sets: sets.iter().map(|s| s.name().to_string()).collect(),
        seed,
        a: sa,
        b: sb,
    }
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}
