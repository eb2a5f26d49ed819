//! The expansions, each its own module with its own state and rules. An expansion's functions get
//! the parts of a game they need — the `Table` (board, features, figures,
//! supplies, scores), their own state, the seat that decides — never the whole game; the game calls
//! them through its hook table (`game/hooks.rs`), which says at which step of a turn each set takes
//! part, in which order, and calls a set only when it is in play. [`hook_calls`] counts the calls
//! per set (the engine's property tests check that a set not in play costs nothing).

pub mod abbot;
pub mod bridges;
pub mod hills;
pub mod inns;
pub mod mayor;
pub mod princess;
pub mod river;
pub mod tower;
pub mod traders;

use super::board::Board;
use super::error::SetupError;
use super::features::Features;
use super::table::{FollowerTiles, Supply, Table, TowerLines, FIGURES_PER_SEAT};
use super::tiles::{self, TileId, TileSet};
use super::types::{Figure, Rules, Setup};
use bridges::BridgesState;
pub use bridges::{BazaarTile, BazaarView};
use hills::HillsState;
use mayor::MayorState;
use princess::PrincessState;
use river::RiverState;
use std::cell::{Cell, RefCell};
use tower::TowerState;
pub use tower::TowerView;

/// Which expansions are in play, with the state of those that have one.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Expansions {
    /// The River (its open end).
    pub(crate) river: Option<RiverState>,
    /// Inns & Cathedrals.
    pub(crate) inns: bool,
    /// Traders & Builders.
    pub(crate) traders: bool,
    /// The Abbot.
    pub(crate) abbot: bool,
    /// The Tower (tower heights and prisoners).
    pub(crate) tower: Option<TowerState>,
    /// The Princess & the Dragon (dragon, fairy, set-aside tiles, journey).
    pub(crate) princess: Option<PrincessState>,
    /// Abbey & Mayor (the abbeys in hand, the wagons waiting, the abbeys' last round).
    pub(crate) mayor: Option<MayorState>,
    /// Hills & Sheep (the tiles under hills).
    pub(crate) hills: Option<HillsState>,
    /// Bridges, Castles & Bazaars (the castle tokens, the castles).
    pub(crate) bridges: Option<BridgesState>,
    /// Whether a set in play has steps of its own at the end of a turn (the flocks, the
    /// dragon's journey, a wagon's move, a castle): the common turn checks this once.
    pub(crate) turn_steps: bool,
    /// Whether a set in play acts after a tile is placed (a builder's turn, a tower's
    /// foundation, the dragon's tiles back, a hill, a bazaar due): the common placement checks
    /// this once.
    pub(crate) place_steps: bool,
    /// Whether a set in play acts at a turn's start (the fairy's point, a bridge's turn over,
    /// a bazaar): the common turn checks this once.
    pub(crate) start_steps: bool,
    /// Whether a set in play offers actions before or with a placement (a ransom, a bridge).
    pub(crate) before_placing: bool,
}

clone_fields!(Expansions {
    river,
    inns,
    traders,
    abbot,
    tower,
    princess,
    mayor,
    hills,
    bridges,
    turn_steps,
    place_steps,
    start_steps,
    before_placing
});

impl Expansions {
    /// The expansions of a setup; a set whose rules are not played yet is an error.
    pub(crate) fn new(setup: &Setup) -> Result<Expansions, SetupError> {
        let mut e = Expansions::default();
        for s in &setup.sets {
            match s {
                TileSet::Base => {}
                TileSet::River => e.river = Some(RiverState::start()),
                TileSet::Inns => e.inns = true,
                TileSet::Traders => e.traders = true,
                TileSet::Abbot => e.abbot = true,
                TileSet::Tower => e.tower = Some(TowerState::new(setup.players.len())),
                TileSet::Princess => {
                    if setup.rules.fairy == crate::engine::types::FairyRule::NextToFollower {
                        return Err(SetupError::UnsupportedRule(
                            "fairy: next-to-follower".into(),
                        ));
                    }
                    e.princess = Some(PrincessState::default());
                }
                TileSet::Mayor => {
                    e.mayor = Some(MayorState::new(setup.players.len(), setup.rules.wagon));
                }
                TileSet::Hills => e.hills = Some(HillsState::default()),
                TileSet::Bridges => e.bridges = Some(BridgesState::new(setup.players.len())),
            }
        }
        e.turn_steps =
            e.hills.is_some() || e.princess.is_some() || e.mayor.is_some() || e.bridges.is_some();
        e.place_steps = e.traders
            || e.tower.is_some()
            || e.princess.is_some()
            || e.hills.is_some()
            || e.bridges.is_some();
        e.start_steps = e.princess.is_some() || e.bridges.is_some();
        e.before_placing = e.tower.is_some() || e.bridges.is_some();
        Ok(e)
    }

    /// The table a game of these sets starts with, for `players` seats and at most `tiles`
    /// tiles from the stack: the figures the sets bring, each seat's supply (a follower's, then
    /// the sets'), the Tower's lines of knights; room for the abbeys too.
    pub(crate) fn new_table(&self, rules: Rules, players: usize, tiles: usize) -> Table {
        let tiles = tiles + if self.mayor.is_some() { players } else { 0 };
        let mut supply = Supply::default();
        supply.stock(Figure::Follower);
        self.stock_supply(&mut supply, players);
        Table {
            rules,
            figure_ids: Figure::ALL
                .iter()
                .enumerate()
                .filter(|&(_, &f)| self.has_figure(f))
                .fold(0, |bits, (k, _)| bits | crate::engine::table::kind_ids(k)),
            kinds_end: Figure::ALL
                .iter()
                .rposition(|&f| self.has_figure(f))
                .map_or(0, |k| k + 1),
            board: Board::new(tiles - 1),
            features: Features::with_capacity(6 * tiles),
            meeples: Vec::with_capacity(players * FIGURES_PER_SEAT),
            follower_tiles: FollowerTiles::with_tiles(tiles),
            tower_lines: TowerLines::new(self.tower.is_some(), tiles),
            supply: vec![supply; players],
            scores: vec![0; players],
            goods: vec![[0; 3]; players],
            castles: Vec::new(),
        }
    }

    /// The tile the game starts with: the spring with the River, else the start tile.
    pub(crate) fn start_tile(&self) -> TileId {
        if self.river.is_some() {
            tiles::spring()
        } else {
            tiles::start_tile()
        }
    }

    /// Puts each expansion's figures into a starting supply.
    fn stock_supply(&self, s: &mut Supply, players: usize) {
        if self.tower.is_some() {
            s.towers = tower::pieces_for(players);
        }
        for f in Figure::ALL.into_iter().skip(1) {
            if self.has_figure(f) {
                s.stock(f);
            }
        }
    }

    /// Whether the game has that figure.
    pub(crate) fn has_figure(&self, f: Figure) -> bool {
        match f {
            Figure::Follower => true,
            Figure::Large => self.inns,
            Figure::Builder | Figure::Pig => self.traders,
            Figure::Abbot => self.abbot,
            Figure::Mayor | Figure::Wagon | Figure::Barn => self.mayor.is_some(),
            Figure::Shepherd => self.hills.is_some(),
        }
    }
}

/// The tiles of the chosen sets, minus the start tile: what the players draw from.
pub fn tile_counts(sets: &[TileSet]) -> Vec<u8> {
    // The chosen sets as bits, the base game always among them.
    let chosen = sets.iter().fold(1u32 << TileSet::Base as u32, |bits, &s| {
        bits | 1 << s as u32
    });
    thread_local! {
        /// The counts of the sets asked last on this thread: a run of games (random play, the
        /// computer's playouts) asks the same sets each time, and a copy of them costs less
        /// than a pass over every tile type of the catalog.
        static LAST: RefCell<(u32, Vec<u8>)> = const { RefCell::new((0, Vec::new())) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if last.0 != chosen {
            *last = (chosen, counts_of(chosen));
        }
        last.1.clone()
    })
}

/// [`tile_counts`] of the sets whose bits `chosen` sets.
fn counts_of(chosen: u32) -> Vec<u8> {
    let cat = tiles::catalog();
    let mut counts: Vec<u8> = cat
        .tiles
        .iter()
        .map(|t| {
            if chosen & (1 << t.set as u32) != 0 {
                t.count
            } else {
                0
            }
        })
        .collect();
    counts[tiles::start_tile().0 as usize] -= 1;
    if chosen & 1 << TileSet::River as u32 != 0 {
        // The spring replaces the start tile (which goes back to the box).
        counts[tiles::spring().0 as usize] -= 1;
    }
    counts
}

/// The garden copies among `counts` (the [`tile_counts`] of `sets`).
pub(crate) fn gardens_among(sets: &[TileSet], counts: &[u8]) -> Vec<u8> {
    if !sets.contains(&TileSet::Abbot) {
        return vec![0; counts.len()];
    }
    tiles::catalog()
        .tiles
        .iter()
        .zip(counts)
        .map(|(t, &c)| t.gardens.min(c))
        .collect()
}

/// A shuffled deck put in the order the sets' rules draw from (the River's tiles first, the
/// lake last of them); `tile` reads a card's tile.
pub(crate) fn arrange_deck<T>(
    sets: &[TileSet],
    deck: Vec<T>,
    tile: impl Fn(&T) -> TileId,
) -> Vec<T> {
    if sets.contains(&TileSet::River) {
        return river::arrange(deck, tile);
    }
    deck
}

thread_local! {
    /// Calls into each set's hooks on this thread, indexed like [`TileSet::ALL`].
    static HOOK_CALLS: [Cell<u64>; TileSet::ALL.len()] =
        const { [const { Cell::new(0) }; TileSet::ALL.len()] };
}

// `called` indexes the counters by the enum's value: `TileSet::ALL` must list the sets in that
// order.
const _: () = {
    let mut i = 0;
    while i < TileSet::ALL.len() {
        assert!(TileSet::ALL[i] as usize == i);
        i += 1;
    }
};

/// Counts one call into `set`'s hooks (one increment of a thread-local counter: hooks are
/// called on the hot path).
#[inline]
pub(crate) fn called(set: TileSet) {
    HOOK_CALLS.with(|c| {
        let n = &c[set as usize];
        n.set(n.get() + 1);
    });
}

/// How many times this thread has called into each set's hooks, indexed like [`TileSet::ALL`]
/// (for tests and profiling: a game must not call the hooks of a set that is not in play).
pub fn hook_calls() -> [u64; TileSet::ALL.len()] {
    HOOK_CALLS.with(|c| c.each_ref().map(Cell::get))
}
