//! The River: the spring replaces the start tile; the river tiles are drawn first and the lake last
//! of them; each river tile continues the river's open end, and the river never turns the same way
//! twice in a row (no U-turns).

use crate::engine::error::PlaceError;
use crate::engine::geom::{Pos, Rotation, Side};
use crate::engine::tiles::{catalog, lake, EdgeKind, TileId, TileSet};
use std::sync::OnceLock;

/// The river's open end and how its last tile turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RiverState {
    /// The cell the next river tile goes to and the side it enters by (`None` after the lake).
    open: Option<(Pos, Side)>,
    /// How the last river tile turned: 1 right, -1 left, 0 straight (or none yet).
    turn: i8,
}

impl RiverState {
    /// After the spring, whose river leaves east.
    pub(crate) fn start() -> RiverState {
        RiverState {
            open: Some((Pos::new(1, 0), Side::W)),
            turn: 0,
        }
    }

    /// The cell the next river tile goes to (`None` after the lake).
    pub(crate) fn mouth(&self) -> Option<Pos> {
        self.open.map(|(cell, _)| cell)
    }

    /// Checks a placement; returns the state after it.
    pub(crate) fn check_place(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
    ) -> Result<RiverState, PlaceError> {
        let t = tile.get();
        if !t.has_river() {
            return Ok(*self);
        }
        let Some((cell, entry)) = self.open else {
            return Err(PlaceError::RiverDisconnected(at));
        };
        let edges = t.view(rotation).edges;
        if at != cell || edges[entry as usize] != EdgeKind::River {
            return Err(PlaceError::RiverDisconnected(cell));
        }
        let exit = Side::ALL
            .into_iter()
            .find(|&s| s != entry && edges[s as usize] == EdgeKind::River);
        let Some(exit) = exit else {
            return Ok(RiverState {
                open: None,
                turn: 0,
            }); // the lake
        };
        let travel = entry.opposite(); // the direction the water flows in on entering
        let turn = if exit == travel {
            0
        } else if exit == Side::from_index((travel as usize + 1) % 4) {
            1
        } else {
            -1
        };
        if turn != 0 && turn == self.turn {
            return Err(PlaceError::RiverUTurn);
        }
        Ok(RiverState {
            open: Some((at.step(exit), exit.opposite())),
            turn,
        })
    }
}

/// Checks the River's draw order: river tiles first, the lake after them, then the rest.
pub(crate) fn check_draw(remaining: &[u8], tile: TileId) -> Result<(), PlaceError> {
    static RIVERS: OnceLock<Vec<TileId>> = OnceLock::new();
    let lake = lake();
    if remaining.get(lake.0 as usize) == Some(&0) {
        // The lake comes after every other river tile: once it is drawn, the river is done.
        return Ok(());
    }
    let rivers = RIVERS.get_or_init(|| {
        catalog()
            .set(TileSet::River)
            .filter(|t| t.has_river() && t.index != lake)
            .map(|t| t.index)
            .collect()
    });
    let rivers_left: u32 = rivers.iter().map(|t| remaining[t.0 as usize] as u32).sum();
    let lake_left = remaining[lake.0 as usize] > 0;
    if tile == lake && rivers_left > 0 {
        return Err(PlaceError::LakeTooEarly);
    }
    if !tile.get().has_river() && (rivers_left > 0 || lake_left) {
        return Err(PlaceError::RiverFirst(tile));
    }
    Ok(())
}
