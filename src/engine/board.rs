//! The board: placed tiles, the cell map and the frontier of empty cells where tiles may go, with
//! the edge each frontier cell requires (cached, so enumerating placements is a mask compare).

use super::error::PlaceError;
use super::geom::{Pos, Rotation, Side};
use super::tiles::{EdgeKind, TileId};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Where it lies.
    pub pos: Pos,
    /// Its type.
    pub tile: TileId,
    /// Its rotation.
    pub rotation: Rotation,
    /// The copy with a garden (Abbot games).
    pub garden: bool,
    pub(crate) first_node: u32,
}

/// A placement of a tile: position and rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Where.
    pub at: Pos,
    /// Turned how far.
    pub rotation: Rotation,
}

/// Placed tiles and the frontier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    half: i32,
    width: i32,
    /// 0 = empty, else placement index + 1.
    cells: Vec<u16>,
    pub(crate) tiles: Vec<PlacedTile>,
    frontier: Vec<Pos>,
    /// Per frontier cell: (mask, required edge code) from its placed neighbours.
    frontier_req: Vec<(u8, u8)>,
}

impl Board {
    /// An empty board with room for `tiles` tiles in every direction.
    pub(crate) fn new(tiles: usize) -> Board {
        let half = tiles as i32 + 2;
        let width = 2 * half + 1;
        Board {
            half,
            width,
            cells: vec![0; (width * width) as usize],
            tiles: Vec::with_capacity(tiles + 1),
            frontier: Vec::new(),
            frontier_req: Vec::new(),
        }
    }

    fn cell_index(&self, p: Pos) -> Option<usize> {
        let x = p.x + self.half;
        let y = p.y + self.half;
        if x < 0 || y < 0 || x >= self.width || y >= self.width {
            None
        } else {
            Some((y * self.width + x) as usize)
        }
    }

    /// The placement index of the tile at `p`.
    pub fn cell(&self, p: Pos) -> Option<usize> {
        self.cell_index(p).and_then(|i| match self.cells[i] {
            0 => None,
            v => Some(v as usize - 1),
        })
    }

    /// The tile at a position.
    pub fn tile_at(&self, p: Pos) -> Option<&PlacedTile> {
        self.cell(p).map(|i| &self.tiles[i])
    }

    /// Tiles in placement order.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// Empty cells next to placed tiles.
    pub fn frontier(&self) -> &[Pos] {
        &self.frontier
    }

    /// How many of the 8 cells around `p` hold a tile.
    pub fn neighbours_filled(&self, p: Pos) -> u32 {
        p.ring().iter().filter(|&&q| self.cell(q).is_some()).count() as u32
    }

    /// Bounding box of the placed tiles: (min, max).
    pub fn bounds(&self) -> (Pos, Pos) {
        let mut lo = Pos::new(i32::MAX, i32::MAX);
        let mut hi = Pos::new(i32::MIN, i32::MIN);
        for t in &self.tiles {
            lo.x = lo.x.min(t.pos.x);
            lo.y = lo.y.min(t.pos.y);
            hi.x = hi.x.max(t.pos.x);
            hi.y = hi.y.max(t.pos.y);
        }
        (lo, hi)
    }

    /// Edge kind shown by the placed tile at `p` on `side`.
    pub fn edge_at(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        self.tile_at(p)
            .map(|t| t.tile.get().view(t.rotation).edges[side as usize])
    }

    /// Checks that a tile fits at a cell edge by edge (no expansion rules).
    pub fn check_edges(&self, tile: TileId, at: Pos, rotation: Rotation) -> Result<(), PlaceError> {
        if self.cell(at).is_some() {
            return Err(PlaceError::Occupied(at));
        }
        let view = tile.get().view(rotation);
        let mut touches = false;
        for s in Side::ALL {
            let np = at.step(s);
            if let Some(i) = self.cell(np) {
                touches = true;
                let t = &self.tiles[i];
                let theirs = t.tile.get().view(t.rotation).edges[s.opposite() as usize];
                let ours = view.edges[s as usize];
                if ours != theirs {
                    return Err(PlaceError::EdgeMismatch {
                        side: s,
                        ours,
                        theirs,
                        neighbour: np,
                    });
                }
            }
        }
        if !touches {
            return Err(PlaceError::NotAdjacent(at));
        }
        Ok(())
    }

    /// Calls `f` for each placement that fits edge by edge, until it returns false.
    pub(crate) fn for_each_fit(&self, tile: TileId, mut f: impl FnMut(Placement) -> bool) {
        let t = tile.get();
        for (&p, &(mask, req)) in self.frontier.iter().zip(&self.frontier_req) {
            for rot in Rotation::ALL {
                if t.view(rot).edge_code & mask == req
                    && !f(Placement {
                        at: p,
                        rotation: rot,
                    })
                {
                    return;
                }
            }
        }
    }

    /// Puts a tile (already checked) and updates the frontier; returns its placement index.
    pub(crate) fn put(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        garden: bool,
        first_node: u32,
    ) -> usize {
        let index = self.tiles.len();
        self.tiles.push(PlacedTile {
            pos: at,
            tile,
            rotation,
            garden,
            first_node,
        });
        let ci = self.cell_index(at).expect("placement inside the board");
        self.cells[ci] = index as u16 + 1;
        if let Some(fi) = self.frontier.iter().position(|&p| p == at) {
            self.frontier.swap_remove(fi);
            self.frontier_req.swap_remove(fi);
        }
        let edges = tile.get().view(rotation).edges;
        for s in Side::ALL {
            let np = at.step(s);
            if self.cell(np).is_some() || self.cell_index(np).is_none() {
                continue;
            }
            // The neighbour's side facing this tile must show this tile's edge on side `s`.
            let shift = 2 * s.opposite() as u8;
            let (m, r) = (3u8 << shift, (edges[s as usize] as u8) << shift);
            match self.frontier.iter().position(|&p| p == np) {
                Some(fi) => {
                    let e = &mut self.frontier_req[fi];
                    e.0 |= m;
                    e.1 |= r;
                }
                None => {
                    self.frontier.push(np);
                    self.frontier_req.push((m, r));
                }
            }
        }
        index
    }
}
