//! What the search thinks a position is worth to each seat: its estimate of each seat's final
//! score, which [`super::mcts`] turns into a reward by the lead over the best other seat.
//!
//! Each valuation starts from the score each seat would have if the game ended now
//! ([`Game::final_scoring`], farms included) and adds what is still to come, by hand-made
//! constants: the figures still in hand while tiles are left, and part of what each unfinished
//! feature would gain by completion (less the further it is from completion and the fewer tiles
//! are left; nothing for one that needs a cell no tile left can fill, in hard's valuation). `examples/fit_valuation.rs` measures how well each predicts a game's final margin.

use crate::engine::{Figure, Game, Unfinished, MAX_PLAYERS};

/// The constants a new position is valued with: the levels of play keep theirs, so a level
/// measured in the arena stays the level it was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Valuation {
    /// As hard valued positions when issue 59 was filed (`a843636`) and as medium still does:
    /// each open edge of an unfinished feature beyond the first (a cloister: each empty
    /// neighbour) lowers its chance of completion by a quarter (×0.75).
    Original,
    /// Hard's since issue 59's tuning: ×0.9 for each open edge beyond the first, so a large
    /// open city or road keeps more of its worth (measured in `BENCHMARKS.md`, "Tuning the
    /// valuation against the old hard"); and a feature that needs a cell no tile still to come
    /// can fill ([`Unfinished::blocked`]) has no chance of completion ("Features that can no
    /// longer be completed").
    #[default]
    Open,
}

/// The tiles a game's draw pile held at its start (the tiles drawn and those left; at least 1):
/// what [`Valuation::estimate`] measures the share of tiles left by.
pub fn initial_tiles(game: &Game) -> f32 {
    (game.turn_count() as f32 + game.remaining_total() as f32).max(1.0)
}

/// Worth of a normal follower in hand at the start of the game (scaled down as tiles run out),
/// in the hand-made valuations.
const FOLLOWER_WORTH: f32 = 2.5;

impl Valuation {
    /// The factor each open edge beyond the first puts on an unfinished feature's chance of
    /// completion (the hand-made valuations).
    fn completion_odds(self) -> f32 {
        match self {
            Valuation::Original => 0.75,
            Valuation::Open => 0.9,
        }
    }

    /// Whether a feature that can no longer be completed ([`Unfinished::blocked`]) is valued
    /// at what it scores unfinished (the original valuation gave it its odds like any other).
    fn knows_blocked(self) -> bool {
        self == Valuation::Open
    }

    /// Each seat's estimated final score (seats beyond the game's players: 0). `initial_tiles`
    /// is the number of tiles the game's draw pile held at its start ([`initial_tiles`]).
    pub fn estimate(self, game: &Game, initial_tiles: f32) -> [f32; MAX_PLAYERS] {
        self.estimate_with(game, initial_tiles, &mut Vec::new())
    }

    /// [`Valuation::estimate`] with a buffer for the unfinished features, reused from one
    /// position to the next (the search values thousands a second).
    pub fn estimate_with(
        self,
        game: &Game,
        initial_tiles: f32,
        unfinished: &mut Vec<Unfinished>,
    ) -> [f32; MAX_PLAYERS] {
        let n = game.player_count();
        let scores = game.scores_now(unfinished, self.knows_blocked());
        let left = game.remaining_total() as f32 / initial_tiles;
        let mut est = [0f32; MAX_PLAYERS];
        for (p, e) in est.iter_mut().enumerate().take(n) {
            let s = game.supplies()[p];
            let hand = s.count(Figure::Follower) as f32 + 2.0 * s.count(Figure::Large) as f32;
            *e = scores[p] as f32 + FOLLOWER_WORTH * left * hand;
        }
        // Unfinished cities, roads and cloisters may still be completed: their holders expect
        // part of the difference, less the further the feature is from completion and the fewer
        // tiles are left (an inn or a cathedral scores nothing unfinished, much completed).
        let chance = left.sqrt();
        let completion_odds = self.completion_odds();
        let knows_blocked = self.knows_blocked();
        for u in unfinished.iter() {
            // A feature that needs a cell no tile left can fill will not be completed.
            if u.blocked && knows_blocked {
                continue;
            }
            let gain = u.complete as f32 - u.now as f32;
            let odds = chance * completion_odds.powi(u.open.saturating_sub(1) as i32);
            for &p in &u.players {
                est[p] += odds * gain;
            }
        }
        est
    }
}
