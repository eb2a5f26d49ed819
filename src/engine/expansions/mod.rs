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

pub mod abbot;
pub mod inns;
pub mod princess;
pub mod river;
pub mod tower;
pub mod traders;

use super::error::{FollowerError, PlaceError, SetupError};
use super::game::{Game, Supply};
use super::geom::{Pos, Rotation};
use super::tiles::{TileId, TileSet};
use super::types::{Figure, Setup, Spot};
use princess::PrincessState;
use river::RiverState;
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

/// Step "draw": may this tile be drawn now?
pub(crate) fn check_draw(g: &Game, tile: TileId) -> Result<(), PlaceError> {
    if g.exp.river.is_some() {
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
        Some(r) => r.check_place(tile, at, rotation).map(Some),
        None if tile.get().has_river() => Err(PlaceError::RiverDisconnected(at)),
        None => Ok(None),
    }
}

/// Step "after placing": the tile is on the board and joined to its neighbours.
pub(crate) fn after_place(g: &mut Game, index: usize) {
    if g.exp.traders {
        traders::after_place(g, index);
    }
    if g.exp.tower.is_some() {
        tower::after_place(g, index);
    }
    if g.exp.princess.is_some() {
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
