//! What lies on the table: the board, the union-find of its features, the figures on the board,
//! each seat's supply, scores and goods, and what a place name means on a tile. These are the
//! parts of a game that the expansions' rules read and change; an expansion gets them (with its own
//! state and the seat that decides), never the whole [`Game`](super::game::Game), so the
//! expansions depend on this module and the game on the expansions, not both ways.

use super::action::TurnOutcome;
use super::board::{Board, PlacedTile};
use super::features::{Features, MAX_PLAYERS};
use super::geom::{Half, Pos, Rotation, Side};
use super::tiles::{catalog, FeatureKind, TileId, MAX_SEGMENTS};
use super::types::{Figure, Rules, Spot};
use serde::Serialize;

/// The segment number that stands for a tile's garden (gardens are not union-find features).
pub(crate) const GARDEN_SEGMENT: u8 = u8::MAX;

/// The segment number that stands for the top of a tile's tower (not a feature).
pub(crate) const TOWER_SEGMENT: u8 = u8::MAX - 1;

/// Whether a figure's segment is a feature of its tile (not a tower's top or a garden).
#[inline]
pub(crate) fn on_feature(seg: u8) -> bool {
    seg < TOWER_SEGMENT
}

/// The segment a place names on a placed tile: one of its features, or its garden if it has
/// one.
pub(crate) fn place_segment(placed: &PlacedTile, spot: Spot) -> Option<u8> {
    if spot == Spot::Garden {
        return placed.garden.then_some(GARDEN_SEGMENT);
    }
    spot_segment(placed.tile, placed.rotation, spot).map(|s| s as u8)
}

/// A figure's number among its owner's figures: normal followers 0–6, the large follower 7, the
/// builder 8, the pig 9, the abbot 10, the mayor 11, the wagon 12, the barn 13, the shepherd
/// 14. A figure keeps its id on the board, in hand and as a
/// prisoner, so every figure of a seat is exactly one of its ids.
pub type FigureId = u8;

/// The first id of each kind of figure, indexed like [`Figure::ALL`] (one past the last: 15).
const FIRST_ID: [u8; 10] = [0, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Figures of every kind a seat can have (room kept for them on the board).
pub(crate) const FIGURES_PER_SEAT: usize = FIRST_ID[9] as usize;

/// Normal followers each player starts with.
pub const FOLLOWERS_PER_PLAYER: u8 = FIRST_ID[1];

/// The place of a kind in [`Figure::ALL`] (its discriminant: `ALL` lists the kinds in their
/// order, checked below).
#[inline]
fn kind_index(f: Figure) -> usize {
    f as usize
}

const _: () = {
    let mut k = 0;
    while k < Figure::ALL.len() {
        assert!(Figure::ALL[k] as usize == k);
        k += 1;
    }
};

/// The ids of each kind of figure, as bits, indexed like [`Figure::ALL`].
const ID_MASKS: [u16; 9] = {
    let mut masks = [0u16; 9];
    let mut k = 0;
    while k < 9 {
        let (first, end) = (FIRST_ID[k], FIRST_ID[k + 1]);
        masks[k] = ((1u16 << (end - first)) - 1) << first;
        k += 1;
    }
    masks
};

/// The ids of the kind at `k` in [`Figure::ALL`], as bits.
#[inline]
pub(crate) fn kind_ids(k: usize) -> u16 {
    ID_MASKS[k]
}

/// The ids of one kind of figure, as bits.
#[inline]
fn id_mask(f: Figure) -> u16 {
    ID_MASKS[kind_index(f)]
}

/// The kind of figure an id stands for.
pub fn figure_of(id: FigureId) -> Figure {
    let k = FIRST_ID[1..]
        .iter()
        .take_while(|&&first| id >= first)
        .count();
    Figure::ALL[k.min(Figure::ALL.len() - 1)]
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple {
    /// Owner's seat.
    pub player: u8,
    /// Which figure.
    pub figure: Figure,
    /// Which of its owner's figures it is.
    pub id: FigureId,
    /// Index of the tile it stands on, in placement order.
    pub tile_index: u16,
    /// Segment of that tile (`u8::MAX` for a garden).
    pub segment: u8,
    /// The place name in board orientation.
    pub spot: Spot,
}

/// A seat's figures in hand (by id, so by kind) and its tower pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Supply {
    /// The ids of the figures in hand, as bits.
    hand: u16,
    /// Tower pieces in hand (The Tower; not a figure).
    pub towers: u8,
}

impl Supply {
    /// How many of a figure are in hand.
    pub fn count(&self, f: Figure) -> u8 {
        (self.hand & id_mask(f)).count_ones() as u8
    }

    /// Whether at least one of a figure is in hand.
    pub fn has(&self, f: Figure) -> bool {
        self.hand & id_mask(f) != 0
    }

    /// Whether the figure with that id is in hand.
    pub fn holds(&self, id: FigureId) -> bool {
        id < 16 && self.hand & (1 << id) != 0
    }

    /// Puts every figure of a kind in hand (the start of a game).
    pub(crate) fn stock(&mut self, f: Figure) {
        self.hand |= id_mask(f);
    }

    /// Takes a figure of that kind out of hand (the lowest id), if one is there.
    pub(crate) fn take(&mut self, f: Figure) -> Option<FigureId> {
        let bits = self.hand & id_mask(f);
        if bits == 0 {
            return None;
        }
        let id = bits.trailing_zeros() as FigureId;
        self.hand &= !(1 << id);
        Some(id)
    }

    /// Puts the figure with that id back in hand.
    pub(crate) fn put(&mut self, id: FigureId) {
        if id < 16 {
            self.hand |= 1 << id;
        }
    }
}

/// Per seat, the tiles where it has followers (normal, large, the abbot), kept as figures come and
/// go: what the fairy's moves and its point read without looking at every figure. Sized once for
/// all the game's tiles (so equal games have equal ones).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct FollowerTiles {
    /// Followers per placed tile and seat.
    counts: Vec<[u8; MAX_PLAYERS]>,
    /// Per 64 placed tiles and seat: bit `i % 64` of word `i / 64` when the seat has a follower
    /// on tile `i`.
    bits: Vec<[u64; MAX_PLAYERS]>,
}

clone_fields!(FollowerTiles { counts, bits });

impl FollowerTiles {
    /// Room for a game of `tiles` tiles (placement indices below it).
    pub(crate) fn with_tiles(tiles: usize) -> FollowerTiles {
        FollowerTiles {
            counts: vec![[0; MAX_PLAYERS]; tiles],
            bits: vec![[0; MAX_PLAYERS]; tiles.div_ceil(64)],
        }
    }

    fn add(&mut self, seat: usize, tile: usize) {
        debug_assert!(
            tile < self.counts.len(),
            "a follower beyond the game's tiles"
        );
        if let Some(c) = self.counts.get_mut(tile).and_then(|c| c.get_mut(seat)) {
            *c += 1;
            if *c == 1 {
                self.bits[tile / 64][seat] |= 1 << (tile % 64);
            }
        }
    }

    fn remove(&mut self, seat: usize, tile: usize) {
        if let Some(c) = self.counts.get_mut(tile).and_then(|c| c.get_mut(seat)) {
            debug_assert!(*c > 0, "a follower taken that was not counted");
            *c = c.saturating_sub(1);
            if *c == 0 {
                self.bits[tile / 64][seat] &= !(1 << (tile % 64));
            }
        }
    }

    /// Whether `seat` has a follower on the tile with placement index `tile`.
    pub(crate) fn has(&self, seat: usize, tile: usize) -> bool {
        self.counts
            .get(tile)
            .and_then(|c| c.get(seat))
            .is_some_and(|&c| c > 0)
    }

    /// Per 64 placed tiles, per seat: bit `i % 64` of word `i / 64` when the seat has a
    /// follower on tile `i`, in placement order.
    pub(crate) fn words(&self) -> &[[u64; MAX_PLAYERS]] {
        &self.bits
    }
}

/// The Tower's view of the figures, kept as they come and go (empty when the Tower is not in
/// play, so other games pay nothing): the normal and large followers a tower piece could take, as
/// bits by their index in `meeples`, by column and by row of their tile (modulo [`LINES`]: a
/// follower whose column or row only has the same remainder is a candidate the exact reach check
/// drops); and the tiles whose tower a follower on top closes.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TowerLines {
    /// Word `c`: the knights in the columns `≡ c`; word `LINES + r`: in the rows `≡ r`.
    lines: Vec<u128>,
    /// Bit `i % 64` of word `i / 64`: a follower stands on top of the tower of tile `i`.
    tops: Vec<u64>,
}

clone_fields!(TowerLines { lines, tops });

/// Columns (and rows) told apart by [`TowerLines`].
pub(crate) const LINES: usize = 16;

/// The line (column or row) of coordinate `c` modulo [`LINES`].
fn line(c: i32) -> usize {
    const { assert!(LINES.is_power_of_two()) };
    (c & (LINES as i32 - 1)) as usize
}

/// Figures [`TowerLines`] can index: every figure of a game (six seats of eleven figures).
const MAX_LINED: usize = 128;
const _: () = assert!(MAX_PLAYERS * FIGURES_PER_SEAT <= MAX_LINED);

impl TowerLines {
    /// Lines for a game of `tiles` tiles with the Tower; empty ones without it.
    pub(crate) fn new(tower: bool, tiles: usize) -> TowerLines {
        if !tower {
            return TowerLines {
                lines: Vec::new(),
                tops: Vec::new(),
            };
        }
        TowerLines {
            lines: vec![0; 2 * LINES],
            tops: vec![0; tiles.div_ceil(64)],
        }
    }

    /// Whether the Tower is in play (the lines are kept).
    pub(crate) fn kept(&self) -> bool {
        !self.lines.is_empty()
    }

    /// Sets or clears the bit of figure `i` of `meeples`, a knight at `on`.
    fn flip(&mut self, i: usize, on: Pos, set: bool) {
        if i >= MAX_LINED || self.lines.is_empty() {
            return;
        }
        let bit = 1u128 << i;
        for w in [line(on.x), LINES + line(on.y)] {
            if set {
                self.lines[w] |= bit;
            } else {
                self.lines[w] &= !bit;
            }
        }
    }

    /// Marks or unmarks the tower of tile `tile` as closed.
    fn top(&mut self, tile: usize, set: bool) {
        if let Some(word) = self.tops.get_mut(tile / 64) {
            if set {
                *word |= 1 << (tile % 64);
            } else {
                *word &= !(1 << (tile % 64));
            }
        }
    }

    /// The knights (indices in `meeples`) whose tile is in the column or the row of `p` (and
    /// some whose column or row only has the same remainder).
    pub(crate) fn candidates(&self, p: Pos) -> u128 {
        match (self.lines.get(line(p.x)), self.lines.get(LINES + line(p.y))) {
            (Some(c), Some(r)) => c | r,
            _ => 0,
        }
    }

    /// Whether a follower on top closes the tower of tile `tile` (`None`: not known here, a
    /// tile beyond the game's or the Tower not in play).
    pub(crate) fn closed(&self, tile: usize) -> Option<bool> {
        self.tops
            .get(tile / 64)
            .map(|word| word & (1 << (tile % 64)) != 0)
    }
}

/// The board and everything on it, with the rules and the figures the game has.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// The rule options (copied from the setup).
    pub(crate) rules: Rules,
    /// The ids of the kinds of figure the game has, as bits.
    pub(crate) figure_ids: u16,
    /// One past the last kind of figure the game has, in [`Figure::ALL`] (the base game: 1).
    pub(crate) kinds_end: usize,
    /// The placed tiles.
    pub(crate) board: Board,
    /// The features of the placed tiles.
    pub(crate) features: Features,
    /// Figures on the board (changed only by [`Table::put_meeple`] and [`Table::take_meeple`]).
    pub(crate) meeples: Vec<Meeple>,
    /// Per seat, the tiles where it has followers (kept with `meeples`).
    pub(crate) follower_tiles: FollowerTiles,
    /// The knights by column and row, and the closed towers (kept with `meeples`).
    pub(crate) tower_lines: TowerLines,
    /// Figures in hand per seat.
    pub(crate) supply: Vec<Supply>,
    /// Scores per seat.
    pub(crate) scores: Vec<u32>,
    /// Goods tokens per seat: wine, grain, cloth.
    pub(crate) goods: Vec<[u8; 3]>,
    /// The roots of the completed cities that became castles (Bridges, Castles & Bazaars): no
    /// longer cities to score, one point more to farmers.
    pub(crate) castles: Vec<u32>,
}

clone_fields!(Table {
    rules,
    figure_ids,
    kinds_end,
    board,
    features,
    meeples,
    follower_tiles,
    tower_lines,
    supply,
    scores,
    goods,
    castles
});

impl Table {
    /// Whether the game has that figure (the large follower with Inns & Cathedrals, and so on).
    pub(crate) fn has_figure(&self, f: Figure) -> bool {
        self.figure_ids & id_mask(f) != 0
    }

    /// Whether `supply` holds a normal or a large follower the game has.
    #[inline]
    pub(crate) fn holds_follower(&self, supply: &Supply) -> bool {
        self.usable(supply) & (ID_MASKS[0] | ID_MASKS[1]) != 0
    }

    /// The ids of `supply`'s figures in hand of the kinds the game has, as bits.
    #[inline]
    pub(crate) fn usable(&self, supply: &Supply) -> u16 {
        supply.hand & self.figure_ids
    }

    pub(crate) fn node_of(&self, tile_index: usize, seg: usize) -> u32 {
        self.board.tiles[tile_index].first_node + seg as u32
    }

    pub(crate) fn root_of(&self, m: &Meeple) -> Option<u32> {
        on_feature(m.segment).then(|| {
            self.features
                .find(self.node_of(m.tile_index as usize, m.segment as usize))
        })
    }

    /// A figure of `owner` of kind `f` that is neither in hand nor on the board (a prisoner, or
    /// one taken off the board a moment ago) goes back to `owner`'s hand; returns its id.
    pub(crate) fn give_back(&mut self, owner: usize, f: Figure) -> Option<FigureId> {
        let k = kind_index(f);
        let id = (FIRST_ID[k]..FIRST_ID[k + 1]).find(|&id| {
            !self.supply[owner].holds(id)
                && !self
                    .meeples
                    .iter()
                    .any(|m| m.player as usize == owner && m.id == id)
        })?;
        self.supply[owner].put(id);
        Some(id)
    }

    /// Whether the feature of a tile's segment is complete (cities and roads; cloisters when
    /// surrounded; fields never).
    pub(crate) fn segment_complete(&self, tile_index: usize, seg: usize) -> bool {
        let pt = self.board.tiles[tile_index];
        if seg == GARDEN_SEGMENT as usize {
            return self.board.neighbours_filled(pt.pos) == 8;
        }
        if seg == TOWER_SEGMENT as usize {
            return false;
        }
        match pt.tile.get().segment_kind(seg) {
            FeatureKind::City | FeatureKind::Road => {
                self.features.root_data(pt.first_node + seg as u32).open == 0
            }
            FeatureKind::Cloister => self.board.neighbours_filled(pt.pos) == 8,
            FeatureKind::Field => false,
        }
    }

    /// Takes figure `i` off the board back to its owner's supply; a builder or pig whose owner
    /// keeps no follower on its feature goes home with it.
    pub(crate) fn remove_figure(&mut self, i: usize, out: &mut TurnOutcome) {
        let m = self.meeples[i];
        let root = self.root_of(&m);
        self.return_meeple(i, &mut out.returned);
        if let Some(root) = root {
            self.leave_with_last_follower(m.player as usize, root, out);
        }
    }

    /// A builder or pig of `owner` on the feature `root` goes home if `owner` has no follower
    /// left there.
    pub(crate) fn leave_with_last_follower(
        &mut self,
        owner: usize,
        root: u32,
        out: &mut TurnOutcome,
    ) {
        if self.features.data[root as usize].strength[owner] != 0 {
            return;
        }
        let mut k = 0;
        while k < self.meeples.len() {
            let o = self.meeples[k];
            if o.player as usize == owner
                && matches!(o.figure, Figure::Builder | Figure::Pig)
                && self.root_of(&o) == Some(root)
            {
                let pos = self.board.tiles[o.tile_index as usize].pos;
                self.return_meeple(k, &mut out.returned);
                out.sent_home.push((owner, o.figure, pos));
            } else {
                k += 1;
            }
        }
    }

    /// Takes the figure `i` of `meeples` off the board, back to its owner.
    pub(crate) fn return_meeple(&mut self, i: usize, returned: &mut [u8]) {
        let m = self.take_meeple(i);
        self.supply[m.player as usize].put(m.id);
        returned[m.player as usize] += 1;
    }

    /// Puts a figure on the board (its feature's strength is the caller's).
    pub(crate) fn put_meeple(&mut self, m: Meeple) {
        if m.figure.is_follower() {
            self.follower_tiles
                .add(m.player as usize, m.tile_index as usize);
        }
        if self.tower_lines.kept() {
            self.line_up(self.meeples.len(), m, true);
        }
        self.meeples.push(m);
    }

    /// Keeps [`Table::tower_lines`] for figure `m` at index `i` of `meeples` coming (`set`) or
    /// going.
    fn line_up(&mut self, i: usize, m: Meeple, set: bool) {
        if m.figure.capturable() {
            let on = self.board.tiles[m.tile_index as usize].pos;
            self.tower_lines.flip(i, on, set);
        }
        if m.segment == TOWER_SEGMENT {
            self.tower_lines.top(m.tile_index as usize, set);
        }
    }

    /// Takes the figure `i` of `meeples` off the board (to nobody's supply yet).
    pub(crate) fn take_meeple(&mut self, i: usize) -> Meeple {
        if self.tower_lines.kept() {
            // The last figure takes the place of the one leaving.
            let last = self.meeples.len() - 1;
            self.line_up(i, self.meeples[i], false);
            if last != i {
                self.line_up(last, self.meeples[last], false);
                self.line_up(i, self.meeples[last], true);
            }
        }
        let m = self.meeples.swap_remove(i);
        if m.figure.is_follower() {
            self.follower_tiles
                .remove(m.player as usize, m.tile_index as usize);
        }
        if let Some(root) = self.root_of(&m) {
            self.features.data[root as usize].strength[m.player as usize] -= m.figure.strength();
        }
        m
    }

    /// Whether a figure that stands on a corner (a barn) is in the field with root `root`: no
    /// farmer may go there then.
    pub(crate) fn field_closed(&self, root: u32) -> bool {
        self.has_figure(Figure::Barn)
            && self
                .meeples
                .iter()
                .any(|m| m.figure.on_corner() && self.root_of(m) == Some(root))
    }

    /// Completed city roots bordering the farm with root `field_root`.
    #[inline]
    pub(crate) fn farm_cities(&self, field_root: u32) -> Vec<u32> {
        let mut cities = Vec::new();
        self.farm_cities_into(field_root, &mut cities);
        cities
    }

    /// [`Table::farm_cities`] appended to `out` (each city once among those appended).
    pub(crate) fn farm_cities_into(&self, field_root: u32, out: &mut Vec<u32>) {
        let start = out.len();
        for node in self.features.members(field_root) {
            let nd = &self.features.nodes[node as usize];
            let pt = self.board.tiles[nd.tile as usize];
            let t = pt.tile.get();
            let field = &t.fields[nd.seg as usize - t.field_base()];
            for &c in &field.cities {
                let r = self.features.find(pt.first_node + c as u32);
                if self.features.data[r as usize].open == 0 && !out[start..].contains(&r) {
                    out.push(r);
                }
            }
        }
    }

    /// How many of the completed cities `cities` are castles (each one point more to farmers).
    #[inline]
    pub(crate) fn castles_among(&self, cities: &[u32]) -> u32 {
        if self.castles.is_empty() {
            return 0;
        }
        cities.iter().filter(|c| self.castles.contains(c)).count() as u32
    }

    /// Whether the completed city `root` is a castle.
    #[inline]
    pub(crate) fn is_castle(&self, root: u32) -> bool {
        !self.castles.is_empty() && self.castles.contains(&root)
    }

    /// Whether the figure `m` is a castle's lord (Bridges, Castles & Bazaars): the dragon does
    /// not eat it, a tower does not take it.
    #[inline]
    pub(crate) fn in_castle(&self, m: &Meeple) -> bool {
        !self.castles.is_empty() && self.root_of(m).is_some_and(|r| self.castles.contains(&r))
    }

    /// Returns every figure on the feature with root `root` to its owner.
    pub(crate) fn return_figures(&mut self, root: u32, returned: &mut [u8]) {
        let mut i = 0;
        while i < self.meeples.len() {
            if self.root_of(&self.meeples[i]) == Some(root) {
                self.return_meeple(i, returned);
            } else {
                i += 1;
            }
        }
    }
}

/// The segment a place names on `tile` turned by `rotation` (`u8::MAX` as `usize` for a
/// garden, when `garden` says the copy has one).
pub(crate) fn spot_segment(tile: TileId, rotation: Rotation, spot: Spot) -> Option<usize> {
    let t = tile.get();
    let v = t.view(rotation);
    let seg = match spot {
        Spot::City(s) => v.city_at[s as usize],
        Spot::Road(s) => v.road_at[s as usize],
        Spot::Field(h) => v.field_at[h as usize],
        Spot::FieldInner(k) => t
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.halves == 0)
            .nth(k as usize)
            .map(|(i, _)| (t.field_base() + i) as u8),
        Spot::Corner(c) => {
            let [a, b] = c.halves();
            v.field_at[a as usize].filter(|&f| v.field_at[b as usize] == Some(f))
        }
        Spot::Cloister => t.cloister_segment().map(|s| s as u8),
        Spot::Garden | Spot::Tower => None,
    };
    seg.map(usize::from)
}

/// The canonical place name of a segment in board orientation.
pub(crate) fn segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
    let s8 = seg as u8;
    if s8 == GARDEN_SEGMENT {
        return Spot::Garden;
    }
    if s8 == TOWER_SEGMENT {
        return Spot::Tower;
    }
    let names = &spot_names()[tile.0 as usize][rotation.quarter_turns() as usize];
    names.spot.get(seg).copied().unwrap_or(Spot::Cloister)
}

/// Every tile type's place names in every rotation, fetched once for a loop over many tiles (each
/// [`segment_spot`] call fetches the table anew).
#[derive(Clone, Copy)]
pub(crate) struct PlaceNames(&'static [[SpotNames; 4]]);

impl PlaceNames {
    /// The table.
    pub(crate) fn get() -> PlaceNames {
        PlaceNames(spot_names())
    }

    /// Per segment of `tile` turned by `rotation`: its canonical place name, and the segment that
    /// name leads back to ([`NO_SEGMENT`]: none), which is what an action naming that place
    /// would take.
    pub(crate) fn of(
        self,
        tile: TileId,
        rotation: Rotation,
    ) -> (&'static [Spot; MAX_SEGMENTS], &'static [u8; MAX_SEGMENTS]) {
        let names = &self.0[tile.0 as usize][rotation.quarter_turns() as usize];
        (&names.spot, &names.named)
    }
}

/// Marks "no segment" in [`SpotNames::named`].
pub(crate) const NO_SEGMENT: u8 = u8::MAX;

/// One tile type's place names in one rotation, per segment: the listing of figure actions asks
/// for them for every segment of every tile, so they are worked out once.
struct SpotNames {
    /// The canonical place name of each segment.
    spot: [Spot; MAX_SEGMENTS],
    /// The segment each of those names leads back to ([`NO_SEGMENT`]: none).
    named: [u8; MAX_SEGMENTS],
}

/// [`SpotNames`] of every tile type in every rotation, indexed by tile id and quarter turns.
fn spot_names() -> &'static [[SpotNames; 4]] {
    static NAMES: std::sync::OnceLock<Vec<[SpotNames; 4]>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        catalog()
            .every()
            .map(|t| {
                Rotation::ALL.map(|r| {
                    let mut names = SpotNames {
                        spot: [Spot::Cloister; MAX_SEGMENTS],
                        named: [NO_SEGMENT; MAX_SEGMENTS],
                    };
                    for seg in 0..t.segment_count().min(MAX_SEGMENTS) {
                        let spot = compute_segment_spot(t.index, r, seg);
                        names.spot[seg] = spot;
                        names.named[seg] =
                            spot_segment(t.index, r, spot).map_or(NO_SEGMENT, |s| s as u8);
                    }
                    names
                })
            })
            .collect()
    })
}

/// The canonical place name of a segment (one of the tile's own) in board orientation, worked
/// out from the tile.
fn compute_segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
    let t = tile.get();
    let v = t.view(rotation);
    let s8 = seg as u8;
    match t.segment_kind(seg) {
        FeatureKind::City => Side::ALL
            .into_iter()
            .find(|s| v.city_at[*s as usize] == Some(s8))
            .map(Spot::City)
            .unwrap_or(Spot::Cloister),
        FeatureKind::Road => Side::ALL
            .into_iter()
            .find(|s| v.road_at[*s as usize] == Some(s8))
            .map(Spot::Road)
            .unwrap_or(Spot::Cloister),
        FeatureKind::Field => Half::ALL
            .into_iter()
            .find(|h| v.field_at[*h as usize] == Some(s8))
            .map(Spot::Field)
            .unwrap_or_else(|| {
                // Which of the tile's inner fields it is.
                let before = t.fields[..seg - t.field_base()]
                    .iter()
                    .filter(|f| f.halves == 0)
                    .count();
                Spot::FieldInner(before as u8)
            }),
        FeatureKind::Cloister => Spot::Cloister,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::live::LiveGame;
    use crate::engine::random::{random_action, shuffled_deck};
    use crate::engine::{Setup, TileSet};
    use rand::SeedableRng;

    /// The knights by column and row and the closed towers that the table keeps as figures come
    /// and go are, after every action of games with every set, what the figures on the board
    /// say.
    #[test]
    fn tower_lines_follow_the_figures() {
        let (mut knights, mut tops) = (0, 0);
        for seed in 0..8 {
            let mut setup = Setup::base(["A", "B", "C", "D"]);
            setup.sets.extend(TileSet::EXPANSIONS);
            let deck = shuffled_deck(&setup.sets, seed);
            let mut live = LiveGame::new(setup, deck).expect("valid setup");
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            while random_action(&mut live, &mut rng) {
                let t = &live.game().table;
                let mut lines = vec![0u128; 2 * LINES];
                let mut closed = vec![0u64; t.tower_lines.tops.len()];
                for (i, m) in t.meeples.iter().enumerate() {
                    let on = t.board.tiles[m.tile_index as usize].pos;
                    if m.figure.capturable() {
                        lines[on.x.rem_euclid(LINES as i32) as usize] |= 1 << i;
                        lines[LINES + on.y.rem_euclid(LINES as i32) as usize] |= 1 << i;
                        knights += 1;
                    }
                    if m.segment == TOWER_SEGMENT {
                        closed[m.tile_index as usize / 64] |= 1 << (m.tile_index % 64);
                        tops += 1;
                    }
                }
                assert_eq!(t.tower_lines.lines, lines, "seed {seed}");
                assert_eq!(t.tower_lines.tops, closed, "seed {seed}");
            }
        }
        assert!(
            knights > 1000 && tops > 10,
            "{knights} knights, {tops} tops"
        );
    }
}
