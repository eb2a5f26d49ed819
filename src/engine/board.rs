//! The board: placed tiles, the cell map and the frontier of empty cells where tiles may go, with
//! the edge key each frontier cell requires (cached, so enumerating placements is a table lookup per cell).

use super::error::PlaceError;
use super::geom::{Pos, Rotation, Side};
use super::tiles::{edge_key, EdgeKind, TileId};

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
///
/// The cell map is a square grid around the start tile that doubles when a tile comes near its
/// edge (a game starts with a few hundred cells, not the worst case). Each cell says whether it
/// holds a tile (and which) or is on the frontier (and where in the frontier list), so putting a
/// tile never searches.
#[derive(Debug)]
pub struct Board {
    half: i32,
    width: i32,
    /// 0 = empty; placement index + 1 for a tile; [`FRONT`] | index for a frontier cell.
    cells: Vec<u16>,
    pub(crate) tiles: Vec<PlacedTile>,
    frontier: Vec<Pos>,
    /// Per frontier cell: the [`edge_key`] of the edges its placed neighbours require.
    frontier_key: Vec<u16>,
}

clone_fields!(Board {
    half,
    width,
    cells,
    tiles,
    frontier,
    frontier_key
});

/// The flag of a frontier cell in [`Board::cells`].
const FRONT: u16 = 0x8000;

/// Frontier cells whose fits [`Board::for_each_fit`] gathers at a time.
const FIT_CHUNK: usize = 64;

const _: () = assert!(
    FIT_CHUNK <= 64,
    "a cell within the chunk and a rotation fit in a byte"
);

/// For each set of fitting rotations (bit `r` = rotation `r`), the rotations in order, one per
/// byte from the lowest, the rest zero: the four slots one frontier cell writes while gathering
/// fits.
const FIT_SLOTS: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut rots = 0;
    while rots < 16 {
        let mut lane = 0;
        let mut r = 0;
        while r < 4 {
            if rots & (1 << r) != 0 {
                t[rots] |= (r as u32) << (8 * lane);
                lane += 1;
            }
            r += 1;
        }
        rots += 1;
    }
    t
};

/// For each set of fitting rotations, how many there are (a table: `count_ones` is a dozen
/// instructions on baseline x86-64, which has no popcount instruction).
const FIT_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Half the width of a new board's grid (grown as needed).
const START_HALF: i32 = 8;

impl PartialEq for Board {
    /// Boards are equal when their tiles and frontiers are (the grid's size is bookkeeping).
    fn eq(&self, other: &Board) -> bool {
        self.tiles == other.tiles
            && self.frontier == other.frontier
            && self.frontier_key == other.frontier_key
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board with room for `tiles` tiles.
    pub(crate) fn new(tiles: usize) -> Board {
        let half = START_HALF;
        let width = 2 * half + 1;
        Board {
            half,
            width,
            cells: vec![0; (width * width) as usize],
            tiles: Vec::with_capacity(tiles + 1),
            frontier: Vec::with_capacity(64),
            frontier_key: Vec::with_capacity(64),
        }
    }

    fn cell_index(&self, p: Pos) -> Option<usize> {
        // Negative offsets wrap to large unsigned values: one compare per axis.
        let x = p.x.wrapping_add(self.half) as u32;
        let y = p.y.wrapping_add(self.half) as u32;
        let w = self.width as u32;
        (x < w && y < w).then(|| (y * w + x) as usize)
    }

    /// Makes the grid hold every cell within `reach` of the start tile in both axes.
    fn grow(&mut self, reach: i32) {
        if reach <= self.half {
            return;
        }
        let mut half = self.half;
        while half < reach {
            half *= 2;
        }
        self.half = half;
        self.width = 2 * half + 1;
        self.cells = vec![0; (self.width * self.width) as usize];
        for i in 0..self.tiles.len() {
            let ci = self
                .cell_index(self.tiles[i].pos)
                .expect("inside the grown grid");
            self.cells[ci] = i as u16 + 1;
        }
        for i in 0..self.frontier.len() {
            let ci = self
                .cell_index(self.frontier[i])
                .expect("inside the grown grid");
            self.cells[ci] = FRONT | i as u16;
        }
    }

    /// The placement index of the tile at `p`.
    pub fn cell(&self, p: Pos) -> Option<usize> {
        self.cell_index(p).and_then(|i| match self.cells[i] {
            v if v == 0 || v & FRONT != 0 => None,
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

    /// The [`edge_key`](super::tiles::edge_key) of each cell of [`Board::frontier`], in the same
    /// order: what a tile must show there, side by side.
    pub(crate) fn frontier_keys(&self) -> &[u16] {
        &self.frontier_key
    }

    /// How many of the 8 cells around `p` hold a tile.
    pub fn neighbours_filled(&self, p: Pos) -> u32 {
        let cell_by_cell = || p.ring().iter().filter(|&&q| self.cell(q).is_some()).count() as u32;
        // Inside the grid with a cell to spare on each side (every placed tile is: the grid
        // grows to hold its neighbours), the ring is eight fixed offsets from its cell, read
        // without a branch: a cell holds a tile when its value is 1..FRONT.
        let (x, y) = (p.x.wrapping_add(self.half), p.y.wrapping_add(self.half));
        if (1..self.width - 1).contains(&x) && (1..self.width - 1).contains(&y) {
            let (w, ci) = (self.width as isize, (y * self.width + x) as isize);
            let filled = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
                .iter()
                .map(|&d| u32::from(self.cells[(ci + d) as usize].wrapping_sub(1) < FRONT - 1))
                .sum();
            debug_assert_eq!(filled, cell_by_cell());
            return filled;
        }
        cell_by_cell()
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
        // A frontier cell's edge key says at once which rotations fit (as listing them does);
        // the neighbours are compared one by one only to say why a placement does not fit.
        if let Some(ci) = self.cell_index(at) {
            let v = self.cells[ci];
            if v & FRONT != 0 {
                let key = self.frontier_key[(v & !FRONT) as usize];
                if tile.get().fits(key) & (1 << rotation.quarter_turns()) != 0 {
                    return Ok(());
                }
            }
        }
        self.compare_edges(tile, at, rotation, None)
    }

    /// Calls `f` for each placement that fits edge by edge, until it returns false: by frontier
    /// cell, then by rotation.
    ///
    /// Whether a cell takes the tile in a given rotation is close to a coin flip, so testing it
    /// with a branch mispredicts often (measured: the largest source of mispredictions of a
    /// random game). The fits of up to [`FIT_CHUNK`] cells are therefore gathered without
    /// branching, each cell writing all four candidate slots and advancing by its number of
    /// fitting rotations, and `f` is called over what was gathered.
    pub(crate) fn for_each_fit(&self, tile: TileId, mut f: impl FnMut(Placement) -> bool) {
        let t = tile.get();
        // Codes (cell within the chunk << 2 | rotation), written four at once. The write index,
        // masked below 4 × FIT_CHUNK, plus the four bytes written stays visibly inside the
        // buffer, so the compiler checks no bounds there.
        let mut found = [0u8; 8 * FIT_CHUNK];
        for (c, keys) in self.frontier_key.chunks(FIT_CHUNK).enumerate() {
            let base = c * FIT_CHUNK;
            let mut n = 0;
            let mut cell = 0u32;
            for &key in keys {
                let rots = (t.fits(key) & 15) as usize;
                let at = n & (4 * FIT_CHUNK - 1);
                found[at..at + 4].copy_from_slice(&(cell | FIT_SLOTS[rots]).to_le_bytes());
                n += FIT_COUNT[rots] as usize;
                // The next cell, in each of the four lanes (after the chunk's last cell the top
                // lane carries out: wrapping, the value is not used).
                cell = cell.wrapping_add(0x0404_0404);
            }
            for &code in &found[..n] {
                let at = self.frontier[base + (code >> 2) as usize];
                let rotation = Rotation::from_quarter_turns(code & 3);
                if !f(Placement { at, rotation }) {
                    return;
                }
            }
        }
    }

    /// How many placements fit edge by edge (what [`Board::for_each_fit`] would list).
    pub(crate) fn fit_count(&self, tile: TileId) -> usize {
        let t = tile.get();
        self.frontier_key
            .iter()
            .map(|&key| t.fit_count(key) as usize)
            .sum()
    }

    /// The placement [`Board::for_each_fit`] would list `k`-th (from 0), if there are that
    /// many.
    pub(crate) fn nth_fit(&self, tile: TileId, mut k: usize) -> Option<Placement> {
        let t = tile.get();
        for (i, &key) in self.frontier_key.iter().enumerate() {
            let n = t.fit_count(key) as usize;
            if k < n {
                let rots = t.fits(key) as usize;
                let rotation = (FIT_SLOTS[rots] >> (8 * k)) as u8 & 3;
                return Some(Placement {
                    at: self.frontier[i],
                    rotation: Rotation::from_quarter_turns(rotation),
                });
            }
            k -= n;
        }
        None
    }

    /// Whether `tile` fits edge by edge at any frontier cell: cells are judged eight at a time
    /// without a branch, and most tiles fit within the first few.
    pub(crate) fn fits_anywhere(&self, tile: TileId) -> bool {
        let t = tile.get();
        self.frontier_key
            .chunks(8)
            .any(|keys| keys.iter().fold(0u8, |any, &key| any | t.fits(key)) != 0)
    }

    /// How many codes [`Board::fit_of_code`] takes: four rotations of each frontier cell.
    pub(crate) fn placement_codes(&self) -> usize {
        4 * self.frontier.len()
    }

    /// The placement with code `code` (frontier cell `code / 4`, rotation `code % 4`) if
    /// `tile` fits there edge by edge: a placement drawn uniformly among the codes, kept only
    /// when it fits, is uniform among the placements that fit.
    #[inline]
    pub(crate) fn fit_of_code(&self, tile: TileId, code: usize) -> Option<Placement> {
        let (cell, rotation) = (code / 4, (code % 4) as u8);
        let key = *self.frontier_key.get(cell)?;
        (tile.get().fits(key) & (1 << rotation) != 0).then(|| Placement {
            at: self.frontier[cell],
            rotation: Rotation::from_quarter_turns(rotation),
        })
    }

    /// Calls `f` for each rotation in which `tile` fits at the empty cell `at` edge by edge,
    /// until it returns false.
    pub(crate) fn for_each_fit_at(
        &self,
        tile: TileId,
        at: Pos,
        mut f: impl FnMut(Placement) -> bool,
    ) {
        let Some(v) = self.cell_index(at).map(|i| self.cells[i]) else {
            return;
        };
        if v & FRONT == 0 {
            return;
        }
        let rots = tile.get().fits(self.frontier_key[(v & !FRONT) as usize]);
        for rot in Rotation::ALL {
            if rots & (1 << rot.quarter_turns()) != 0 && !f(Placement { at, rotation: rot }) {
                return;
            }
        }
    }

    /// The tile at placement index `index` becomes `tile`, a type with the same segments up
    /// to one more (a bridge laid on it: Bridges, Castles & Bazaars); the empty cells beside
    /// it now require its new edges.
    pub(crate) fn retype(&mut self, index: usize, tile: TileId) {
        let placed = self.tiles[index];
        let old = placed.tile.get().view(placed.rotation).edges;
        let new = tile.get().view(placed.rotation).edges;
        self.tiles[index].tile = tile;
        for s in Side::ALL {
            if old[s as usize] == new[s as usize] {
                continue;
            }
            let Some(ci) = self.cell_index(placed.pos.step(s)) else {
                continue;
            };
            let v = self.cells[ci];
            if v & FRONT != 0 {
                let key = &mut self.frontier_key[(v & !FRONT) as usize];
                *key = *key - edge_key(s.opposite(), old[s as usize])
                    + edge_key(s.opposite(), new[s as usize]);
            }
        }
    }

    /// Checks that `tile` fits at `at` edge by edge, where the placed tile at `bridged` shows
    /// the edges of another tile type instead of its own: the tile placed beside a neighbour a
    /// bridge is laid on in the same move.
    pub(crate) fn check_edges_with(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        bridged: (Pos, TileId),
    ) -> Result<(), PlaceError> {
        self.compare_edges(tile, at, rotation, Some(bridged))
    }

    /// Compares the edges of `tile` at `at` with each neighbour's, one by one (the placed tile
    /// at `shown`'s cell, if any, read as `shown`'s tile type): `Ok` when the cell is empty,
    /// touches a tile and every edge matches, else the first reason it does not fit.
    fn compare_edges(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        shown: Option<(Pos, TileId)>,
    ) -> Result<(), PlaceError> {
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
                let shown = match shown {
                    Some((p, as_tile)) if p == np => as_tile,
                    _ => t.tile,
                };
                let theirs = shown.get().view(t.rotation).edges[s.opposite() as usize];
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

    /// Puts a tile (already checked) and updates the frontier; returns its placement index.
    pub(crate) fn put(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        garden: bool,
        first_node: u32,
    ) -> usize {
        // The new tile's neighbours join the frontier: keep them inside the grid.
        self.grow(at.x.abs().max(at.y.abs()) + 1);
        let index = self.tiles.len();
        self.tiles.push(PlacedTile {
            pos: at,
            tile,
            rotation,
            garden,
            first_node,
        });
        let ci = self.cell_index(at).expect("placement inside the board");
        let was = self.cells[ci];
        self.cells[ci] = index as u16 + 1;
        if was & FRONT != 0 {
            let fi = (was & !FRONT) as usize;
            self.frontier.swap_remove(fi);
            self.frontier_key.swap_remove(fi);
            if let Some(&moved) = self.frontier.get(fi) {
                let mi = self.cell_index(moved).expect("frontier inside the grid");
                self.cells[mi] = FRONT | fi as u16;
            }
        }
        let edges = tile.get().view(rotation).edges;
        for s in Side::ALL {
            let np = at.step(s);
            let ni = self
                .cell_index(np)
                .expect("neighbours inside the grown grid");
            let v = self.cells[ni];
            if v != 0 && v & FRONT == 0 {
                continue;
            }
            // The neighbour's side facing this tile must show this tile's edge on side `s`.
            let k = edge_key(s.opposite(), edges[s as usize]);
            if v & FRONT != 0 {
                self.frontier_key[(v & !FRONT) as usize] += k;
            } else {
                self.cells[ni] = FRONT | self.frontier.len() as u16;
                self.frontier.push(np);
                self.frontier_key.push(k);
            }
        }
        index
    }
}
