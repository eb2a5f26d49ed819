//! Features (cities, roads, fields, cloisters) as a union-find over the segments of placed tiles.
//!
//! Every segment of every placed tile is a node; the nodes of one feature form a set whose root
//! carries the feature's data (size, open edges, pennants, inn, cathedral, goods, and the majority
//! strength of each seat). Members are also kept as a circular list, so a feature's tiles can be
//! walked without scanning the board. Every node points at its root directly: a union relabels the
//! members of the smaller set (walking its list), so finding a root is one load, not a loop whose
//! length the branch predictor cannot guess; each node is relabelled at most log2(n) times.

use super::board::Board;
use super::geom::{Half, Side};
use super::tiles::{catalog, FeatureKind, TileType};
use std::sync::OnceLock;

/// Most players in a game.
pub const MAX_PLAYERS: usize = 6;

/// Union-find node: one segment of one placed tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// The root of the node's set (itself for a root).
    pub(crate) parent: u32,
    /// Circular list of the members of the node's set.
    pub(crate) next: u32,
    /// Placement index of the tile.
    pub(crate) tile: u16,
    /// Segment of that tile.
    pub(crate) seg: u8,
}

/// Data kept at a union-find root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FeatureData {
    pub(crate) size: u32,
    /// Edges of the feature not yet matched by a neighbour (cities, roads).
    pub(crate) open: i32,
    pub(crate) pennants: u16,
    pub(crate) inn: bool,
    pub(crate) cathedral: bool,
    /// Goods symbols (wine, grain, cloth) in a city.
    pub(crate) goods: [u8; 3],
    /// Majority strength per seat.
    pub(crate) strength: [u8; MAX_PLAYERS],
}

impl FeatureData {
    /// Whether any follower stands on the feature.
    #[inline]
    pub(crate) fn occupied(&self) -> bool {
        // One comparison of the whole array, no loop with an early exit.
        self.strength != [0; MAX_PLAYERS]
    }
}

/// The union-find of every placed segment.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Features {
    pub(crate) nodes: Vec<Node>,
    pub(crate) data: Vec<FeatureData>,
}

clone_fields!(Features { nodes, data });

impl Features {
    /// An empty structure with room for `segments` nodes.
    pub(crate) fn with_capacity(segments: usize) -> Features {
        Features {
            nodes: Vec::with_capacity(segments),
            data: Vec::with_capacity(segments),
        }
    }

    /// The root of a node's set.
    #[inline]
    pub(crate) fn find(&self, n: u32) -> u32 {
        self.nodes[n as usize].parent
    }

    /// The data of the feature a node belongs to.
    pub(crate) fn root_data(&self, n: u32) -> &FeatureData {
        &self.data[self.find(n) as usize]
    }

    /// The members of the set with root `root`.
    pub(crate) fn members(&self, root: u32) -> impl Iterator<Item = u32> + '_ {
        let mut cur = root;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let out = cur;
            cur = self.nodes[cur as usize].next;
            done = cur == root;
            Some(out)
        })
    }

    /// Distinct tiles of a feature.
    pub(crate) fn tile_count(&self, root: u32) -> u32 {
        // The first 256 placements as bits on the stack (every tile of every set fits); a
        // larger board falls back to sorting.
        let mut seen = [0u64; 4];
        let mut n = 0;
        for m in self.members(root) {
            let t = self.nodes[m as usize].tile as usize;
            let Some(word) = seen.get_mut(t / 64) else {
                return self.tile_count_sorted(root);
            };
            let bit = 1u64 << (t % 64);
            if *word & bit == 0 {
                *word |= bit;
                n += 1;
            }
        }
        n
    }

    /// [`Features::tile_count`] by sorting the members' tiles.
    fn tile_count_sorted(&self, root: u32) -> u32 {
        let mut seen: Vec<u16> = self
            .members(root)
            .map(|n| self.nodes[n as usize].tile)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() as u32
    }

    /// Adds the segments of a tile just put at placement index `index`; returns its first node.
    pub(crate) fn add_tile(&mut self, index: usize, t: &TileType) -> u32 {
        let first_node = self.nodes.len() as u32;
        for seg in 0..t.segment_count() {
            let id = first_node + seg as u32;
            self.nodes.push(Node {
                parent: id,
                next: id,
                tile: index as u16,
                seg: seg as u8,
            });
        }
        // Each segment's data as a new feature, made once per tile type (copied, not built
        // segment by segment with a branch on its kind).
        let fresh = &fresh_data()[usize::from(t.index.0)];
        debug_assert_eq!(fresh.len(), t.segment_count());
        self.data.extend_from_slice(fresh);
        first_node
    }

    /// Adds one node after the segments of the tile just added at placement index `index`, in
    /// no feature, kept for a bridge laid on the tile later (see [`Features::lay_bridge`]).
    #[inline(never)]
    pub(crate) fn add_spare(&mut self, index: usize) {
        let id = self.nodes.len() as u32;
        let seg = self.nodes.last().map_or(0, |n| n.seg + 1);
        self.nodes.push(Node {
            parent: id,
            next: id,
            tile: index as u16,
            seg,
        });
        self.data.push(FeatureData::default());
    }

    /// A bridge is laid on the tile at placement index `index` of `board`, which already shows
    /// the tile with the bridge (`Board::retype`) and was added with a spare node: the nodes of
    /// its fields and cloister move up by one into the spare, making room for the bridge's
    /// road right after the tile's other roads, which then joins the roads at its ends.
    pub(crate) fn lay_bridge(&mut self, board: &Board, index: usize) {
        let placed = board.tiles[index];
        let t = placed.tile.get();
        let road = t.field_base() - 1;
        let first = placed.first_node;
        // The spare is the node after the printed tile's segments: the last of the new ones.
        let last = first + t.segment_count() as u32 - 1;
        for from in (first + road as u32..last).rev() {
            self.move_node(from, from + 1);
        }
        let id = first + road as u32;
        self.nodes[id as usize] = Node {
            parent: id,
            next: id,
            tile: index as u16,
            seg: road as u8,
        };
        self.data[id as usize] = fresh_data()[usize::from(t.index.0)][road];
        let v = t.view(placed.rotation);
        for s in Side::ALL {
            if v.road_at[s as usize] != Some(road as u8) {
                continue;
            }
            let Some(ni) = board.cell(placed.pos.step(s)) else {
                continue;
            };
            let n = board.tiles[ni];
            if let Some(b) = n.tile.get().view(n.rotation).road_at[s.opposite() as usize] {
                self.union(id, n.first_node + b as u32);
            }
        }
    }

    /// Moves node `from` of a tile to the free node `to` (in no feature), as the next segment
    /// of the same tile: its feature's list, its root and the root's data follow.
    fn move_node(&mut self, from: u32, to: u32) {
        let node = self.nodes[from as usize].clone();
        let root = node.parent == from;
        let alone = node.next == from;
        self.nodes[to as usize] = Node {
            parent: if root { to } else { node.parent },
            next: if alone { to } else { node.next },
            tile: node.tile,
            seg: node.seg + 1,
        };
        if !alone {
            let mut p = node.next;
            while self.nodes[p as usize].next != from {
                p = self.nodes[p as usize].next;
            }
            self.nodes[p as usize].next = to;
        }
        if root {
            self.data[to as usize] = std::mem::take(&mut self.data[from as usize]);
            let mut m = self.nodes[to as usize].next;
            while m != to {
                self.nodes[m as usize].parent = to;
                m = self.nodes[m as usize].next;
            }
        }
        self.nodes[from as usize] = Node {
            parent: from,
            next: from,
            tile: node.tile,
            seg: node.seg,
        };
        self.data[from as usize] = FeatureData::default();
    }

    /// Joins the segments of the tile at placement index `index` with its neighbours' segments.
    pub(crate) fn join_neighbours(&mut self, board: &Board, index: usize) {
        let placed = board.tiles[index];
        let v = placed.tile.get().view(placed.rotation);
        for s in Side::ALL {
            let Some(ni) = board.cell(placed.pos.step(s)) else {
                continue;
            };
            let n = board.tiles[ni];
            let nv = n.tile.get().view(n.rotation);
            let o = s.opposite() as usize;
            if let (Some(a), Some(b)) = (v.city_at[s as usize], nv.city_at[o]) {
                self.union(placed.first_node + a as u32, n.first_node + b as u32);
                // A multi-edge city on either side joins too; only its own edge closes.
                if let Some(c) = v.city_also[s as usize] {
                    self.join_also(placed.first_node + c as u32, n.first_node + b as u32);
                }
                if let Some(c) = nv.city_also[o] {
                    self.join_also(n.first_node + c as u32, placed.first_node + a as u32);
                }
            }
            if let (Some(a), Some(b)) = (v.road_at[s as usize], nv.road_at[o]) {
                self.union(placed.first_node + a as u32, n.first_node + b as u32);
            }
            for h in [
                Half::from_index(2 * s as usize),
                Half::from_index(2 * s as usize + 1),
            ] {
                if let (Some(a), Some(b)) =
                    (v.field_at[h as usize], nv.field_at[h.opposite() as usize])
                {
                    self.union(placed.first_node + a as u32, n.first_node + b as u32);
                }
            }
        }
    }

    fn union(&mut self, a: u32, b: u32) {
        self.union_closing(a, b, 2);
    }

    /// Joins the multi-edge city `also` to the feature of `across`, the city across the side it
    /// shares: the side closes once for `also` (the feature across had it closed already).
    fn join_also(&mut self, also: u32, across: u32) {
        self.union_closing(also, across, 1);
    }

    /// Joins the features of `a` and `b`, closing `closed` of their open edges (inlined, so
    /// that the usual join closes a constant 2).
    #[inline(always)]
    fn union_closing(&mut self, a: u32, b: u32, closed: i32) {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            self.data[ra as usize].open -= closed;
            return;
        }
        let (big, small) = if self.data[ra as usize].size >= self.data[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let mut m = small;
        loop {
            let node = &mut self.nodes[m as usize];
            node.parent = big;
            m = node.next;
            if m == small {
                break;
            }
        }
        let sn = self.nodes[small as usize].next;
        let bn = self.nodes[big as usize].next;
        self.nodes[small as usize].next = bn;
        self.nodes[big as usize].next = sn;
        let s = std::mem::take(&mut self.data[small as usize]);
        let f = &mut self.data[big as usize];
        f.size += s.size;
        f.open += s.open - closed;
        f.pennants += s.pennants;
        f.inn |= s.inn;
        f.cathedral |= s.cathedral;
        for (x, y) in f.goods.iter_mut().zip(s.goods) {
            *x += y;
        }
        for (x, y) in f.strength.iter_mut().zip(s.strength) {
            *x += y;
        }
    }
}

/// Per tile type (by [`TileId`](super::tiles::TileId) index), the data of each of its segments
/// as a feature of its own: one tile, its open edges, pennants, inn, cathedral and goods.
fn fresh_data() -> &'static [Vec<FeatureData>] {
    static FRESH: OnceLock<Vec<Vec<FeatureData>>> = OnceLock::new();
    FRESH.get_or_init(|| {
        catalog()
            .every()
            .map(|t| {
                (0..t.segment_count())
                    .map(|seg| segment_data(t, seg))
                    .collect()
            })
            .collect()
    })
}

/// The data of segment `seg` of tile type `t` as a feature of its own.
fn segment_data(t: &TileType, seg: usize) -> FeatureData {
    let mut f = FeatureData {
        size: 1,
        ..FeatureData::default()
    };
    match t.segment_kind(seg) {
        FeatureKind::City => {
            let c = &t.cities[seg];
            // A side shared with the tile's other city is open for each of them.
            f.open = (c.sides.count_ones() + c.shares.count_ones()) as i32;
            f.pennants = c.pennants as u16;
            f.cathedral = c.cathedral;
            if let Some(g) = c.goods {
                f.goods[g as usize] = 1;
            }
        }
        FeatureKind::Road => {
            let r = &t.roads[seg - t.road_base()];
            f.open = r.sides.count_ones() as i32;
            f.inn = r.inn;
        }
        FeatureKind::Field => {
            // Its half-edges: a field with none open left can grow no more (Hills & Sheep's
            // closed fields).
            f.open = t.fields[seg - t.field_base()].halves.count_ones() as i32;
        }
        FeatureKind::Cloister => {}
    }
    f
}

/// The seats with the highest non-zero strength (all of them on a tie).
pub(crate) fn majority(strength: &[u8; MAX_PLAYERS], n: usize) -> Vec<usize> {
    majority_seats(strength, n).to_vec()
}

/// [`majority`] without an allocation.
pub(crate) fn majority_seats(strength: &[u8; MAX_PLAYERS], n: usize) -> Seats {
    let mut seats = Seats::default();
    let best = strength[..n].iter().copied().max().unwrap_or(0);
    if best != 0 {
        for p in (0..n).filter(|&p| strength[p] == best) {
            seats.list[seats.len as usize] = p;
            seats.len += 1;
        }
    }
    seats
}

/// A few seats in ascending order (a majority, ties included), kept inline: a slice of seat
/// indices by [`std::ops::Deref`].
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Seats {
    list: [usize; MAX_PLAYERS],
    len: u8,
}

impl std::ops::Deref for Seats {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.list[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Seats {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::random::random_game;
    use crate::engine::{Setup, TileSet};

    /// Counting a feature's tiles with bits gives what sorting gives, for every feature of
    /// finished games (base, and every set with its larger board).
    #[test]
    fn tile_count_by_bits_agrees_with_sorting() {
        for (players, every_set) in [(2, false), (4, true)] {
            for seed in 0..5 {
                let mut setup = Setup::base(["A", "B", "C", "D"][..players].to_vec());
                if every_set {
                    setup.sets.extend(TileSet::EXPANSIONS);
                }
                let live = random_game(setup, seed);
                let f = &live.game().table.features;
                let mut roots = 0;
                for n in 0..f.nodes.len() as u32 {
                    if f.find(n) == n {
                        roots += 1;
                        assert_eq!(f.tile_count(n), f.tile_count_sorted(n), "seed {seed}");
                    }
                }
                assert!(roots > 50, "seed {seed}: {roots} features");
            }
        }
    }
}
