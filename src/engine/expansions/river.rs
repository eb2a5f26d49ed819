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
    let lake = lake();
    if remaining.get(lake.0 as usize) == Some(&0) {
        // The lake comes after every other river tile: once it is drawn, the river is done.
        return Ok(());
    }
    let rivers_left: u32 = rivers()
        .iter()
        .map(|t| remaining[t.0 as usize] as u32)
        .sum();
    check_draw_with(remaining, tile, rivers_left)
}

/// [`check_draw`] with the river tiles left but the lake already counted.
fn check_draw_with(remaining: &[u8], tile: TileId, rivers_left: u32) -> Result<(), PlaceError> {
    let lake = lake();
    let lake_left = remaining[lake.0 as usize] > 0;
    if tile == lake && rivers_left > 0 {
        return Err(PlaceError::LakeTooEarly);
    }
    if !tile.get().has_river() && (rivers_left > 0 || lake_left) {
        return Err(PlaceError::RiverFirst(tile));
    }
    Ok(())
}

/// The river tiles but the lake.
fn rivers() -> &'static [TileId] {
    static RIVERS: OnceLock<Vec<TileId>> = OnceLock::new();
    RIVERS.get_or_init(|| {
        let lake = lake();
        catalog()
            .set(TileSet::River)
            .filter(|t| t.has_river() && t.index != lake)
            .map(|t| t.index)
            .collect()
    })
}

/// A shuffled deck in the River's order: its tiles first (in their shuffled order), then the
/// lake, then the rest; `tile` reads a card's tile.
pub(crate) fn arrange<T>(deck: Vec<T>, tile: impl Fn(&T) -> TileId) -> Vec<T> {
    let lake = lake();
    let (river, rest): (Vec<T>, Vec<T>) = deck.into_iter().partition(|d| tile(d).get().has_river());
    let (lakes, mut river): (Vec<T>, Vec<T>) = river.into_iter().partition(|d| tile(d) == lake);
    river.extend(lakes);
    river.extend(rest);
    river
}

/// Checks that tiles drawn in this order from `remaining` keep the draw rules ([`check_draw`]
/// for each in turn, with the river tiles left counted once); the first that breaks them is the
/// error.
pub(crate) fn check_order(
    remaining: &[u8],
    order: impl IntoIterator<Item = TileId>,
) -> Result<(), TileId> {
    let lake = lake();
    let mut rem = remaining.to_vec();
    let mut rivers_left: u32 = rivers().iter().map(|t| rem[t.0 as usize] as u32).sum();
    for tile in order {
        if rem.get(lake.0 as usize) == Some(&0) {
            // The river is done: any order of the rest is fine.
            return Ok(());
        }
        check_draw_with(&rem, tile, rivers_left).map_err(|_| tile)?;
        let left = rem.get_mut(tile.0 as usize).ok_or(tile)?;
        *left = left.checked_sub(1).ok_or(tile)?;
        if rivers().contains(&tile) {
            rivers_left -= 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::shuffled_deck;
    use crate::engine::types::Setup;
    use crate::engine::{Game, LiveGame, SetupError};
    use rand::{Rng, SeedableRng};

    /// The first tile of `order` that [`check_draw`] refuses, each judged after the ones before.
    fn first_refused(remaining: &[u8], order: &[TileId]) -> Result<(), TileId> {
        let mut rem = remaining.to_vec();
        for &tile in order {
            check_draw(&rem, tile).map_err(|_| tile)?;
            rem[tile.0 as usize] -= 1;
        }
        Ok(())
    }

    /// Checking a whole order at once refuses the tile that checking draw by draw refuses: on
    /// bags made for river games (all accepted) and on the same bags with a river tile swapped
    /// with another tile (often refused), and a live game refuses such a bag as out of order.
    #[test]
    fn a_bag_is_checked_as_its_draws_would_be() {
        let mut setup = Setup::base(["A", "B"]);
        setup.sets.push(TileSet::River);
        let game = Game::new(setup.clone()).expect("valid setup");
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut refused = 0;
        for seed in 0..200 {
            let mut bag = shuffled_deck(&setup.sets, seed);
            if seed % 2 == 1 {
                let (a, b) = (rng.gen_range(0..12), rng.gen_range(0..bag.len()));
                bag.swap(a, b);
            }
            let order: Vec<TileId> = bag.iter().map(|d| d.tile).collect();
            let expected = first_refused(game.remaining(), &order);
            if seed % 2 == 0 {
                assert_eq!(expected, Ok(()), "seed {seed}: a bag as made");
            }
            assert_eq!(
                check_order(game.remaining(), order.iter().copied()),
                expected,
                "seed {seed}"
            );
            let live = LiveGame::new(setup.clone(), bag);
            match expected {
                Ok(()) => assert!(live.is_ok(), "seed {seed}: {:?}", live.err()),
                Err(tile) => {
                    refused += 1;
                    assert!(
                        matches!(live, Err(SetupError::DeckOrder(t)) if t == tile),
                        "seed {seed}: {:?}",
                        live.err()
                    );
                }
            }
        }
        assert!(refused > 20, "{refused} swapped bags refused");
    }
}
