//! The River: the spring replaces the start tile; the river tiles are drawn first and the lake last
//! of them; each river tile continues the river's open end, and the river never turns the same way
//! twice in a row (no U-turns). From rule revision 1 a river tile may also not go where the river
//! could run into itself: after it, every order of the river tiles still to come must leave each
//! of them, and then the lake, a place (see [`Ahead`]).

use crate::engine::board::Board;
use crate::engine::error::PlaceError;
use crate::engine::geom::{Pos, Rotation, Side};
use crate::engine::tiles::{catalog, lake, EdgeKind, TileId, TileSet};
use std::sync::OnceLock;

/// The rules revision from which a river tile may not go where the river could run into itself.
pub(crate) const LOOKS_AHEAD_FROM: u8 = 1;

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

    /// Checks a placement; returns the state after it. With `ahead` (rule revision 1), a river
    /// tile is also refused where the river could run into itself.
    pub(crate) fn check_place(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        ahead: Option<Ahead<'_>>,
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
        let Some((exit, turn)) = course(&edges, entry) else {
            return Ok(RiverState {
                open: None,
                turn: 0,
            }); // the lake
        };
        if turn != 0 && turn == self.turn {
            return Err(PlaceError::RiverUTurn);
        }
        let (mouth, entry) = (at.step(exit), exit.opposite());
        if let Some(ahead) = ahead {
            // Most placements leave the river open ahead: settled without imagining a tile
            // (the tile placed is the one behind the mouth, which the condition leaves out).
            let count = to_come(ahead.remaining, tile);
            if !open_ahead(ahead.board, &[], (mouth, entry, turn), count) {
                let mut search = Search::new(ahead, tile);
                search.path.push((at, edges));
                if !search.safe(mouth, entry, turn) {
                    return Err(PlaceError::RiverTrapped);
                }
            }
        }
        Ok(RiverState {
            open: Some((mouth, entry)),
            turn,
        })
    }
}

/// Where a river entering by `entry` leaves a tile with these edges, and how it turns there (1
/// right, -1 left, 0 straight); `None` for the lake (no other river edge).
fn course(edges: &[EdgeKind; 4], entry: Side) -> Option<(Side, i8)> {
    let exit = Side::ALL
        .into_iter()
        .find(|&s| s != entry && edges[s as usize] == EdgeKind::River)?;
    let travel = entry.opposite(); // the direction the water flows in on entering
    let turn = if exit == travel {
        0
    } else if exit == Side::from_index((travel as usize + 1) % 4) {
        1
    } else {
        -1
    };
    Some((exit, turn))
}

/// What the look-ahead of rule revision 1 reads: the board and the tiles left to draw (the tile
/// being placed still counted among them).
#[derive(Clone, Copy)]
pub(crate) struct Ahead<'a> {
    /// The board before the placement.
    pub(crate) board: &'a Board,
    /// Copies left to draw per tile, the tile being placed included.
    pub(crate) remaining: &'a [u8],
}

/// The look-ahead: is the river safe, that is, does every river tile that may be drawn next
/// have a placement after which the river is again safe (and the lake, when it alone is left,
/// a place)? Placements are tried on the board plus a path of imagined river tiles.
///
/// Most positions are settled at once by a sufficient condition ([`open_ahead`]); the
/// full search runs only near earlier stretches of the river, where it is short.
struct Search<'a> {
    board: &'a Board,
    /// The imagined tiles, in order: cell and edges.
    path: Vec<(Pos, [EdgeKind; 4])>,
    /// River tiles to come but the lake, and copies left of each.
    left: Vec<(TileId, u8)>,
    /// How many river tiles are still to come, the lake included.
    count: u32,
    /// Whether the lake is still to come.
    lake_left: bool,
    /// Whether [`open_ahead`] may settle a position (always but in the test that checks
    /// it against the full search).
    shortcut: bool,
}

impl<'a> Search<'a> {
    /// The search after placing `placing` (taken from the tiles left).
    fn new(ahead: Ahead<'a>, placing: TileId) -> Search<'a> {
        let copies = |t: TileId| {
            let n = ahead.remaining.get(t.0 as usize).copied().unwrap_or(0);
            n.saturating_sub(u8::from(t == placing))
        };
        let left: Vec<(TileId, u8)> = rivers()
            .iter()
            .map(|&t| (t, copies(t)))
            .filter(|&(_, n)| n > 0)
            .collect();
        Search {
            board: ahead.board,
            path: Vec::with_capacity(12),
            left,
            count: to_come(ahead.remaining, placing),
            lake_left: copies(lake()) > 0,
            shortcut: true,
        }
    }

    /// Whether a tile stands at `p` (on the board or imagined).
    fn occupied(&self, p: Pos) -> bool {
        self.board.cell(p).is_some() || self.path.iter().any(|&(q, _)| q == p)
    }

    /// The edge shown at `p` on `side`, if a tile stands there.
    fn edge_at(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        self.board.edge_at(p, side).or_else(|| {
            self.path
                .iter()
                .find(|&&(q, _)| q == p)
                .map(|&(_, e)| e[side as usize])
        })
    }

    /// Whether a tile with these edges fits at the empty cell `at` edge by edge.
    fn fits(&self, at: Pos, edges: &[EdgeKind; 4]) -> bool {
        Side::ALL.into_iter().all(|s| {
            self.edge_at(at.step(s), s.opposite())
                .is_none_or(|theirs| theirs == edges[s as usize])
        })
    }

    /// Whether the river entering `mouth` by `entry` after a tile that turned `turn` is safe.
    fn safe(&mut self, mouth: Pos, entry: Side, turn: i8) -> bool {
        if self.count == 0 {
            return true;
        }
        if self.occupied(mouth) {
            return false;
        }
        if self.shortcut && open_ahead(self.board, &self.path, (mouth, entry, turn), self.count) {
            return true;
        }
        if self.count == 1 && self.lake_left {
            return Rotation::ALL.into_iter().any(|r| {
                let edges = lake().get().view(r).edges;
                edges[entry as usize] == EdgeKind::River && self.fits(mouth, &edges)
            });
        }
        for i in 0..self.left.len() {
            let (tile, copies) = self.left[i];
            if copies == 0 {
                continue;
            }
            self.left[i].1 -= 1;
            self.count -= 1;
            let placed = self.placeable(tile, mouth, entry, turn);
            self.left[i].1 += 1;
            self.count += 1;
            if !placed {
                return false;
            }
        }
        true
    }

    /// Whether `tile` (already taken from the tiles left) has a placement at `mouth` after
    /// which the river is safe.
    fn placeable(&mut self, tile: TileId, mouth: Pos, entry: Side, turn: i8) -> bool {
        let t = tile.get();
        let mut tried: [Option<[EdgeKind; 4]>; 4] = [None; 4];
        for (k, r) in Rotation::ALL.into_iter().enumerate() {
            let edges = t.view(r).edges;
            if edges[entry as usize] != EdgeKind::River || tried[..k].contains(&Some(edges)) {
                continue;
            }
            tried[k] = Some(edges);
            let Some((exit, t2)) = course(&edges, entry) else {
                continue;
            };
            if (t2 != 0 && t2 == turn) || !self.fits(mouth, &edges) {
                continue;
            }
            self.path.push((mouth, edges));
            let safe = self.safe(mouth.step(exit), exit.opposite(), t2);
            self.path.pop();
            if safe {
                return true;
            }
        }
        false
    }
}

/// How many river tiles (the lake included) are still to come once `placing` is placed.
fn to_come(remaining: &[u8], placing: TileId) -> u32 {
    let copies = |t: TileId| remaining.get(t.0 as usize).copied().unwrap_or(0) as u32;
    let all: u32 = rivers().iter().map(|&t| copies(t)).sum::<u32>() + copies(lake());
    all.saturating_sub(u32::from(copies(placing) > 0))
}

/// A sufficient condition for safety, with `count` river tiles (the lake included) to come:
/// the river, flowing in direction `h` into `mouth` (entering by `entry` after a tile that
/// turned `turn`), may go on as a staircase (turning alternately to a side `p` and back to
/// `h`) into a triangle of empty cells that no tile but the one behind the mouth touches, for a
/// side `p` to which it may turn first. Such a staircase never touches itself but tile to tile,
/// so every tile fits whatever the order, and after each the condition holds again. `path` are
/// imagined tiles besides the board's.
fn open_ahead(
    board: &Board,
    path: &[(Pos, [EdgeKind; 4])],
    (mouth, entry, turn): (Pos, Side, i8),
    count: u32,
) -> bool {
    let n = count as i32;
    let h = entry.opposite();
    let back = mouth.step(entry);
    [1i8, -1].into_iter().any(|first| {
        // The first curve towards `p` turns `first` (right 1, left -1): not twice in a row.
        if first == turn {
            return false;
        }
        let p = Side::from_index((h as usize + if first == 1 { 1 } else { 3 }) % 4);
        let (hx, hy) = unit(h);
        let (px, py) = unit(p);
        let clear = |q: Pos| {
            if q == back {
                return true;
            }
            let (dx, dy) = (q.x - mouth.x, q.y - mouth.y);
            let a = dx * hx + dy * hy;
            let b = dx * px + dy * py;
            let inside = (a >= 0 && b >= 0 && a + b <= n)
                || (a == -1 && (0..n).contains(&b))
                || (b == -1 && (0..n).contains(&a));
            !inside
        };
        board.tiles().iter().all(|t| clear(t.pos)) && path.iter().all(|&(q, _)| clear(q))
    })
}

/// The unit step of a side: (dx, dy).
fn unit(s: Side) -> (i32, i32) {
    match s {
        Side::N => (0, -1),
        Side::E => (1, 0),
        Side::S => (0, 1),
        Side::W => (-1, 0),
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

    /// The look-ahead's shortcut is sound: wherever the sufficient condition settles a
    /// position, the full search (every order of the tiles to come, every placement) finds it
    /// safe too, and the two agree on every river placement of random games at the legacy
    /// revision (which wander into trapped positions) once at most six river tiles are to come.
    /// Both answers occur.
    #[test]
    fn the_shortcut_agrees_with_the_full_search() {
        let (mut safe, mut unsafe_) = (0, 0);
        for seed in 0..300u64 {
            let mut setup = Setup::base(["A", "B"]);
            setup.sets.push(TileSet::River);
            setup.rules = crate::engine::Rules::legacy();
            let mut g = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, seed)).unwrap();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            for _ in 0..11 {
                let game = g.game();
                if let (Some(tile), Some(state)) = (g.drawn_tile(), game.exp.river) {
                    for r in Rotation::ALL {
                        let Some(at) = state.mouth() else { break };
                        let ahead = Ahead {
                            board: game.board(),
                            remaining: game.remaining(),
                        };
                        let Ok(next) = state.check_place(tile, at, r, None) else {
                            continue;
                        };
                        if game.board().check_edges(tile, at, r).is_err() {
                            continue;
                        }
                        let Some((mouth, entry)) = next.open else {
                            continue;
                        };
                        let mut search = Search::new(ahead, tile);
                        if search.count > 6 {
                            continue;
                        }
                        search.path.push((at, tile.get().view(r).edges));
                        let quick = search.safe(mouth, entry, next.turn);
                        search.shortcut = false;
                        let full = search.safe(mouth, entry, next.turn);
                        assert_eq!(quick, full, "seed {seed} {tile} at {at} {r:?}");
                        if full {
                            safe += 1;
                        } else {
                            unsafe_ += 1;
                        }
                    }
                }
                if !crate::engine::random::random_turn(&mut g, &mut rng) {
                    break;
                }
            }
        }
        assert!(safe > 100 && unsafe_ > 10, "{safe} safe, {unsafe_} unsafe");
    }

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
