//! The expansions, each its own module with its own state and hooks, and the **hook table**: the
//! functions below are the steps of a turn, and each lists, in order, the expansions that take part
//! in it. `Game` calls only these; no `if sets.contains(..)` elsewhere.
//!
//! | step | hooks, in order |
//! |---|---|
//! | setup | inns: one large follower; traders: builder and pig; abbot: one abbot; tower: 10/9/7/6/5 tower pieces |
//! | draw | river: river tiles first, the lake last of them; princess: dragon tiles set aside before the first volcano |
//! | place tile | river: continue the open end, no U-turn |
//! | before placing | tower: ransom |
//! | after placing | traders: does the tile extend a feature with the player's builder?; tower: a new foundation; princess: a volcano brings the dragon and the set-aside tiles back |
//! | figure action | inns: large follower; traders: builder, pig; abbot: abbot on cloister/garden, recall; tower: tower piece with a capture (and the exchange), follower on a tower; princess: no figure on the dragon's tile, the princess first, fairy, portal |
//! | after scoring | princess: the dragon's journey (before scoring with that option) |
//! | start of a turn | princess: the fairy's point |
//! | score completed | traders: goods to the completer; inns: points; abbot: gardens; princess: the fairy's 3 |
//! | end of turn | traders: the builder's second turn (never a third) |
//! | final scoring | inns: points; abbot: gardens; traders: pigs in farms, goods majorities; princess: the fairy's 3 |
//! | any figure | princess: none on the dragon's tile |
//!
//! Each step calls a set only when that set is in play, so a game pays nothing for the sets it
//! leaves out; [`hook_calls`] counts the calls per set (the engine's property tests check it).

pub mod abbot;
pub mod inns;
pub mod princess;
pub mod river;
pub mod tower;
pub mod traders;

use super::action::{ScoreEvent, TurnOutcome};
use super::error::{FollowerError, PlaceError, PrincessError, SetupError};
use super::features::FeatureData;
use super::game::{Game, Supply};
use super::geom::{Pos, Rotation};
use super::tiles::{FeatureKind, TileId, TileSet};
use super::types::{Figure, Setup, Spot};
use princess::PrincessState;
use river::RiverState;
use std::cell::Cell;
use tower::TowerState;

/// Which expansions are in play, with the state of those that have one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
}

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
            }
        }
        Ok(e)
    }

    /// Puts each expansion's figures into a starting supply.
    pub(crate) fn stock_supply(&self, s: &mut Supply, players: usize) {
        if self.tower.is_some() {
            s.towers = tower::pieces_for(players);
        }
        if self.inns {
            s.large = 1;
        }
        if self.traders {
            s.builder = 1;
            s.pig = 1;
        }
        if self.abbot {
            s.abbot = 1;
        }
    }

    /// Whether the game has that figure.
    pub(crate) fn has_figure(&self, f: Figure) -> bool {
        match f {
            Figure::Follower => true,
            Figure::Large => self.inns,
            Figure::Builder | Figure::Pig => self.traders,
            Figure::Abbot => self.abbot,
        }
    }
}

thread_local! {
    /// Calls into each set's hooks on this thread, indexed like [`TileSet::ALL`].
    static HOOK_CALLS: Cell<[u64; 7]> = const { Cell::new([0; 7]) };
}

/// Counts one call into `set`'s hooks.
fn called(set: TileSet) {
    let i = TileSet::ALL.iter().position(|&s| s == set).unwrap_or(0);
    HOOK_CALLS.with(|c| {
        let mut n = c.get();
        n[i] += 1;
        c.set(n);
    });
}

/// How many times this thread has called into each set's hooks, indexed like [`TileSet::ALL`]
/// (for tests and profiling: a game must not call the hooks of a set that is not in play).
pub fn hook_calls() -> [u64; 7] {
    HOOK_CALLS.with(Cell::get)
}

/// Step "draw": may this tile be drawn now?
pub(crate) fn check_draw(g: &Game, tile: TileId) -> Result<(), PlaceError> {
    if g.exp.river.is_some() {
        called(TileSet::River);
        river::check_draw(g.remaining(), tile)?;
    }
    Ok(())
}

/// The cell where the next river tile must go, while the River flows.
pub(crate) fn river_mouth(g: &Game) -> Option<Pos> {
    g.exp.river.as_ref().and_then(RiverState::mouth)
}

/// Step "place tile": the expansions' placement rules; returns the River's new state.
pub(crate) fn check_place(
    g: &Game,
    tile: TileId,
    at: Pos,
    rotation: Rotation,
) -> Result<Option<RiverState>, PlaceError> {
    match &g.exp.river {
        Some(r) => {
            called(TileSet::River);
            r.check_place(tile, at, rotation).map(Some)
        }
        None if tile.get().has_river() => Err(PlaceError::RiverDisconnected(at)),
        None => Ok(None),
    }
}

/// Step "after placing": the tile is on the board and joined to its neighbours.
pub(crate) fn after_place(g: &mut Game, index: usize) {
    if g.exp.traders {
        called(TileSet::Traders);
        traders::after_place(g, index);
    }
    if g.exp.tower.is_some() {
        called(TileSet::Tower);
        tower::after_place(g, index);
    }
    if g.exp.princess.is_some() {
        called(TileSet::Princess);
        princess::after_place(g, index);
    }
}

/// Step "figure action" for the figures of the expansions (builder, pig, abbot).
pub(crate) fn check_special_deploy(
    g: &Game,
    index: usize,
    figure: Figure,
    spot: Spot,
    seg: u8,
) -> Result<(), FollowerError> {
    match figure {
        Figure::Builder | Figure::Pig => traders::check_deploy(g, index, figure, spot, seg),
        Figure::Abbot => abbot::check_deploy(spot),
        Figure::Follower | Figure::Large => Ok(()),
    }
}

/// Step "draw", after the draw rules: is the drawn tile set aside (a dragon tile before the
/// first volcano)?
pub(crate) fn sets_aside(g: &Game, tile: TileId) -> bool {
    g.exp.princess.is_some() && {
        called(TileSet::Princess);
        princess::sets_aside(g, tile)
    }
}

/// Step "any figure": may a figure go on the tile with placement index `index` (not the
/// dragon's)?
pub(crate) fn check_tile(g: &Game, index: usize) -> Result<(), PrincessError> {
    if g.exp.princess.is_none() {
        return Ok(());
    }
    called(TileSet::Princess);
    princess::check_tile(g, index)
}

/// Step "figure action": must the princess act before anything else?
pub(crate) fn princess_due(g: &Game, index: usize) -> bool {
    g.exp.princess.is_some() && {
        called(TileSet::Princess);
        princess::princess_due(g, index)
    }
}

/// Step "after scoring": does the tile at `index` bring the dragon's journey?
pub(crate) fn dragon_tile(g: &Game, index: usize) -> bool {
    g.exp.princess.is_some() && {
        called(TileSet::Princess);
        princess::dragon_tile(g, index)
    }
}

/// Step "start of a turn": the fairy's point.
pub(crate) fn turn_start(g: &mut Game, seat: usize, out: &mut TurnOutcome) {
    if g.exp.princess.is_some() {
        called(TileSet::Princess);
        princess::turn_start(g, seat, out);
    }
}

/// Step "score completed" (and the end): the fairy's 3 points for the feature `root`.
pub(crate) fn fairy_bonus(g: &Game, root: u32) -> Option<ScoreEvent> {
    g.exp.princess.as_ref()?;
    called(TileSet::Princess);
    princess::fairy_bonus(g, root)
}

/// Step "score completed": the points of a city or road when an inn or a cathedral changes
/// them (`None`: the base rules count).
pub(crate) fn feature_points(
    g: &Game,
    kind: FeatureKind,
    f: &FeatureData,
    tiles: u32,
    complete: bool,
) -> Option<u32> {
    if !g.exp.inns {
        return None;
    }
    called(TileSet::Inns);
    inns::feature_points(kind, f, tiles, complete)
}

/// Step "score completed": a city was completed (traders: its goods to the player).
pub(crate) fn city_completed(g: &mut Game, root: u32, out: &mut TurnOutcome) {
    if g.exp.traders {
        called(TileSet::Traders);
        traders::city_completed(g, root, out);
    }
}

/// Step "score completed": the surrounded garden of the tile at `index` (the abbot).
pub(crate) fn score_garden(g: &mut Game, index: usize, out: &mut TurnOutcome) {
    if g.exp.abbot {
        called(TileSet::Abbot);
        abbot::score_garden(g, index, out);
    }
}

/// Step "final scoring": unfinished gardens (the abbot), then goods majorities (traders).
pub(crate) fn final_scoring(g: &Game, events: &mut Vec<ScoreEvent>) {
    if g.exp.abbot {
        called(TileSet::Abbot);
        abbot::final_gardens(g, events);
    }
}

/// Step "final scoring", after the farms: goods majorities (traders).
pub(crate) fn final_goods(g: &Game, events: &mut Vec<ScoreEvent>) {
    if g.exp.traders {
        called(TileSet::Traders);
        traders::final_goods(g, events);
    }
}

/// Step "final scoring", farms: whether `seat` has its pig on one of `farms` (traders).
pub(crate) fn has_pig(g: &Game, seat: usize, farms: &[u32]) -> bool {
    g.exp.traders && {
        called(TileSet::Traders);
        traders::has_pig(g, seat, farms)
    }
}
