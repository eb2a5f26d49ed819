//! Computer against computer: two players (a level, or the random player) play two-player
//! games from seeded bags, seats swapped every other game, for `meeplebot arena` and for
//! measuring the levels ([`super::ladder`] rates several).

use super::{choose, Level, UnknownLevel};
use crate::engine::random::shuffled_deck;
use crate::engine::{Action, Decision, Game, LiveGame, Rules, Setup, TileSet};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Who plays a side in the arena: a level players can choose, the random player (every
/// decision uniformly among the legal actions, the ladder's floor), or the fixed old hard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Uniformly random legal actions.
    Random,
    /// A level of the computer players.
    Level(Level),
    /// Hard as it was when issue 59 was filed ([`super::old_hard_budget`]), kept fixed: the
    /// baseline a stronger hard is measured against (`old-hard`). A change to the search that
    /// should make hard stronger is made switchable, so that this player keeps playing as
    /// before.
    OldHard,
}

impl Player {
    /// The player's name (`random`, `easy`, `medium`, `hard`, `old-hard`).
    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Level(l) => l.name(),
            Player::OldHard => "old-hard",
        }
    }

    /// The actions this player takes for the pending decision (see [`choose`]).
    pub fn choose(self, game: &Game, seed: u64) -> Vec<Action> {
        match self {
            Player::Level(l) => choose(game, l, seed),
            Player::Random => random_choice(game, seed),
            Player::OldHard => super::choose_with(game, &|g| Some(super::old_hard_budget(g)), seed),
        }
    }
}

impl From<Level> for Player {
    fn from(l: Level) -> Player {
        Player::Level(l)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Player, UnknownLevel> {
        if s.trim().eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if s.trim().eq_ignore_ascii_case("old-hard") {
            return Ok(Player::OldHard);
        }
        s.parse().map(Player::Level)
    }
}

/// The random player's actions for the pending decision: for a drawn tile, random legal
/// actions until the turn is over (a ransom, the placement, the figure action); for a set's
/// step, one random step.
fn random_choice(game: &Game, seed: u64) -> Vec<Action> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut g = game.clone();
    let seat = g.pending().seat;
    let step = g.pending().decision.set_step().is_some();
    let mut out = Vec::new();
    while let Some(&a) = g.legal_actions().choose(&mut rng) {
        if g.apply(a).is_err() {
            break;
        }
        out.push(a);
        let p = g.pending();
        if step
            || p.seat != seat
            || !matches!(
                p.decision,
                Decision::PlaceTile { .. } | Decision::Act { .. }
            )
        {
            break;
        }
    }
    out
}

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
    a: impl Into<Player>,
    b: impl Into<Player>,
    sets: &[TileSet],
    rules: Rules,
    seed: u64,
    index: u64,
) -> Result<GameResult, String> {
    let swapped = index % 2 == 1;
    let (a, b) = (a.into(), b.into());
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
        let turn_actions = levels[seat].choose(game.game(), move_seed);
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
            let step = levels[mover].choose(game.game(), move_seed);
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
pub fn summarize(
    a: impl Into<Player>,
    b: impl Into<Player>,
    sets: &[TileSet],
    seed: u64,
    games: &[GameResult],
) -> Summary {
    let mut sides = [Side::default(), Side::default()];
    sides[0].level = a.into().name().into();
    sides[1].level = b.into().name().into();
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
