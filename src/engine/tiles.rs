//! The tile catalog: every tile type of every set, parsed once from `catalog.txt`.
//!
//! A tile type has four edges, city/road/field segments (which edges or half-edges each touches, and
//! which cities each field borders), a possible cloister and symbols. Segment indices within a tile
//! are: cities first, then roads, then fields, then the cloister. Each type also carries its four
//! rotated views, precomputed for fast placement checks.

use super::geom::{Axis, Half, Rotation, Side};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The tile sets (expansions) a game can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TileSet {
    /// The base game, always in play.
    Base,
    /// The River.
    River,
    /// Inns & Cathedrals.
    Inns,
    /// Traders & Builders.
    Traders,
    /// The Princess & the Dragon.
    Princess,
    /// The Tower.
    Tower,
    /// The Abbot: no tiles of its own; one abbot per player and the garden copies of tiles.
    Abbot,
    /// Abbey & Mayor: twelve tiles, an abbey tile, a mayor, a wagon and a barn per player.
    Mayor,
    /// Hills & Sheep: eighteen tiles (hills, vineyards, two cloisters), a shepherd per player
    /// and a bag of sheep.
    Hills,
    /// Bridges, Castles & Bazaars: twelve tiles (eight with a bazaar), bridges and castle
    /// tokens per player.
    Bridges,
}

impl TileSet {
    /// Every set.
    pub const ALL: [TileSet; 10] = [
        TileSet::Base,
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Princess,
        TileSet::Tower,
        TileSet::Abbot,
        TileSet::Mayor,
        TileSet::Hills,
        TileSet::Bridges,
    ];

    /// Every expansion (every set but the base game), in the order setups usually list them.
    pub const EXPANSIONS: [TileSet; 9] = [
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Abbot,
        TileSet::Tower,
        TileSet::Princess,
        TileSet::Mayor,
        TileSet::Hills,
        TileSet::Bridges,
    ];

    /// Whether players may choose the set for a game yet. A set is played by the engine and its
    /// tests while its pictures, words and commands are built, and offered once they are; until
    /// then the lobby, the server settings and the command line refuse it unless an operator
    /// turns `preview_sets` on. Every set of the catalog is offered now; the next one starts
    /// here as `false`.
    pub fn offered(self) -> bool {
        match self {
            TileSet::Base
            | TileSet::River
            | TileSet::Inns
            | TileSet::Traders
            | TileSet::Princess
            | TileSet::Tower
            | TileSet::Abbot
            | TileSet::Mayor
            | TileSet::Hills
            | TileSet::Bridges => true,
        }
    }

    /// Whether the set adds tiles only, with no figure, token or decision of its own (the base
    /// game and the River): a game of such sets plays like the base game.
    pub fn tiles_only(self) -> bool {
        matches!(self, TileSet::Base | TileSet::River)
    }

    /// The name used in game records (`"base"`, `"river"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::River => "river",
            TileSet::Inns => "inns",
            TileSet::Traders => "traders",
            TileSet::Princess => "princess",
            TileSet::Tower => "tower",
            TileSet::Abbot => "abbot",
            TileSet::Mayor => "mayor",
            TileSet::Hills => "hills",
            TileSet::Bridges => "bridges",
        }
    }

    /// Parses a record name.
    pub fn parse(s: &str) -> Option<TileSet> {
        TileSet::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What lies on a tile edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    /// Field (grass) along the whole edge.
    Field = 0,
    /// A road leaving the edge in its middle, with field on both sides.
    Road = 1,
    /// City along the whole edge.
    City = 2,
    /// A river leaving the edge in its middle, with field on both sides.
    River = 3,
    /// An edge of an abbey (Abbey & Mayor): it fits any edge and closes what it touches.
    Abbey = 4,
}

impl EdgeKind {
    /// Its name in prose ("road").
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Field => "field",
            EdgeKind::Road => "road",
            EdgeKind::City => "city",
            EdgeKind::River => "river",
            EdgeKind::Abbey => "abbey",
        }
    }
}

/// Trade goods printed in a city (Traders & Builders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goods {
    /// Wine.
    Wine,
    /// Grain.
    Grain,
    /// Cloth.
    Cloth,
}

impl Goods {
    /// The three kinds, in token-count order.
    pub const ALL: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

    /// Its name ("wine").
    pub fn name(self) -> &'static str {
        match self {
            Goods::Wine => "wine",
            Goods::Grain => "grain",
            Goods::Cloth => "cloth",
        }
    }
}

/// A city segment of a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CitySegment {
    /// Bit `s` set when the segment touches side `s` (canonical orientation).
    pub sides: u8,
    /// Number of pennants (coats of arms).
    pub pennants: u8,
    /// Has a cathedral (Inns & Cathedrals).
    pub cathedral: bool,
    /// Has a princess (Princess & Dragon).
    pub princess: bool,
    /// Trade goods (Traders & Builders).
    pub goods: Option<Goods>,
    /// Sides the segment shares with the tile's other city touching them (`C:E+shares-N`: a
    /// "multi-edge" city, Hills & Sheep's HS-02): a city across such a side joins both, and an
    /// abbey there closes both.
    pub shares: u8,
    /// May not be a castle's half although it touches one edge (`no-castle`: Bridges, Castles
    /// & Bazaars' castle bases).
    pub no_castle: bool,
}

/// A road segment of a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoadSegment {
    /// Bit `s` set when the segment touches side `s` (canonical orientation).
    pub sides: u8,
    /// Has an inn (Inns & Cathedrals).
    pub inn: bool,
    /// A side of the city whose gate the road ends at (`R:E>N`: the city touching N); 0 when
    /// the road does not end at a city (it runs on, or ends at the tile's cloister, village or
    /// crossing, or at a dead end). The 1st-edition wagon moves along these links.
    pub ends_at: u8,
}

/// A field segment of a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldSegment {
    /// Bit `h` set when the segment touches half-edge `h` (canonical orientation); 0 for an inner field.
    pub halves: u8,
    /// Indices (into the tile's cities) of the city segments this field borders.
    pub cities: Vec<u8>,
}

/// Symbols that are not features of their own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    /// Volcano (Princess & Dragon).
    pub volcano: bool,
    /// Dragon (Princess & Dragon).
    pub dragon: bool,
    /// Magic portal (Princess & Dragon).
    pub portal: bool,
    /// Tower foundation (The Tower).
    pub tower: bool,
    /// A bridge (river or road crossing).
    pub bridge: bool,
    /// A tunnel under a city.
    pub tunnel: bool,
    /// River spring.
    pub spring: bool,
    /// River lake.
    pub lake: bool,
    /// A village or crossing where roads end.
    pub village: bool,
    /// A well where three roads meet without ending (Abbey & Mayor's AM-11).
    pub well: bool,
    /// An abbey (Abbey & Mayor's abbey tile; its cloister is the tile's cloister).
    pub abbey: bool,
    /// The cloister is drawn inside the tile's city (PD-D4): the two are linked for the
    /// 1st-edition wagon move.
    pub cloister_in_city: bool,
    /// A hill (Hills & Sheep): followers on the tile win ties.
    pub hill: bool,
    /// A vineyard (Hills & Sheep): 3 more for each completed cloister around it.
    pub vineyard: bool,
    /// A bazaar (Bridges, Castles & Bazaars): placing the tile brings an auction.
    pub bazaar: bool,
}

/// A tile type in one orientation: what each edge and half-edge shows and which segment touches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oriented {
    /// Edge kinds in board orientation, indexed by side.
    pub edges: [EdgeKind; 4],
    /// Segment index of the city touching each side.
    pub city_at: [Option<u8>; 4],
    /// Segment index of a second city touching a side it shares with the first (a multi-edge
    /// city: HS-02's east city reaches its north edge).
    pub city_also: [Option<u8>; 4],
    /// Segment index of the road touching each side.
    pub road_at: [Option<u8>; 4],
    /// Segment index of the field touching each half-edge.
    pub field_at: [Option<u8>; 8],
}

/// One kind of tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    /// Its id as in tiles.md (`"K"`, `"RV-04"`).
    pub id: &'static str,
    /// Its index in the catalog.
    pub index: TileId,
    /// The set it belongs to.
    pub set: TileSet,
    /// How many physical copies the set has.
    pub count: u8,
    /// How many of those copies carry a garden (C2 editions).
    pub gardens: u8,
    /// Edge kinds in canonical orientation (N, E, S, W).
    pub edges: [EdgeKind; 4],
    /// City segments.
    pub cities: Vec<CitySegment>,
    /// Road segments.
    pub roads: Vec<RoadSegment>,
    /// Field segments.
    pub fields: Vec<FieldSegment>,
    /// Has a cloister.
    pub cloister: bool,
    /// Other symbols.
    pub symbols: Symbols,
    /// The four rotated views, indexed by quarter turns.
    pub oriented: [Oriented; 4],
    /// For each [`edge_key`] of an empty cell: the rotations (bit `quarter_turns`) in which the
    /// tile matches every edge the key requires, and in the high four bits how many they are
    /// (padded with zeros to [`FIT_TABLE`] entries, so a masked key needs no bounds check; read
    /// it with [`TileType::fits`] and [`TileType::fit_count`]).
    fits: Box<[u8; FIT_TABLE]>,
    /// The kind of each segment index (a lookup: the chain of comparisons of counts is a branch
    /// the predictor misses); past the last segment (and past the table), a cloister's.
    kinds: [FeatureKind; MAX_SEGMENTS],
    /// The segment of the city with the princess (Princess & Dragon), found once.
    princess: Option<u8>,
    /// Per [`FeatureKind`] (in declaration order), its segments as bits.
    kind_masks: [u16; 4],
    /// The same tile with a bridge (Bridges, Castles & Bazaars) along each [`Axis`] of its
    /// canonical orientation (indexed by the axis), where both its edges there are fields.
    pub bridges: [Option<TileId>; 2],
    /// For a tile with a bridge: the printed tile it is and the bridge's axis in canonical
    /// orientation. The bridge is its last road; such a tile is never drawn (it is in
    /// [`Catalog::bridged`], not [`Catalog::tiles`]).
    pub bridge_of: Option<(TileId, Axis)>,
}

/// Most segments on one tile (checked when the catalog is parsed).
pub const MAX_SEGMENTS: usize = 15;

/// Number of distinct [`edge_key`]s.
pub(crate) const EDGE_KEYS: usize = 625;

/// Entries of a tile's fit table: the edge keys rounded up to a power of two.
const FIT_TABLE: usize = EDGE_KEYS.next_power_of_two();

impl TileType {
    /// The rotations (bit `quarter_turns`) in which the tile matches every edge an empty cell
    /// with this [`edge_key`] requires: 0 to 15.
    #[inline]
    pub(crate) fn fits(&self, key: u16) -> u8 {
        self.fits[key as usize & (FIT_TABLE - 1)] & 15
    }

    /// How many rotations [`TileType::fits`] gives for this key (kept in the same table: one
    /// load per cell when placements are counted).
    #[inline]
    pub(crate) fn fit_count(&self, key: u16) -> u8 {
        self.fits[key as usize & (FIT_TABLE - 1)] >> 4
    }
}

/// What an empty cell requires of a tile, as one number: per side (N, E, S, W) a base-5 digit,
/// 0 for no neighbour there, else the required [`EdgeKind`] + 1. (An abbey, whose edge fits
/// anything, is never beside an empty cell: it fills a hole.)
#[inline]
pub(crate) fn edge_key(side: Side, kind: EdgeKind) -> u16 {
    debug_assert!(
        kind != EdgeKind::Abbey,
        "an abbey is never beside an empty cell"
    );
    (kind as u16 + 1) * [1, 5, 25, 125][side as usize]
}

/// The edges an empty cell's [`edge_key`] says its neighbours show it, side by side (N, E, S,
/// W): `None` where there is no neighbour.
#[inline]
pub(crate) fn key_edges(key: u16) -> [Option<EdgeKind>; 4] {
    const KINDS: [EdgeKind; 4] = [
        EdgeKind::Field,
        EdgeKind::Road,
        EdgeKind::City,
        EdgeKind::River,
    ];
    key_digits(usize::from(key)).map(|d| d.checked_sub(1).map(|d| KINDS[d]))
}

/// An [`edge_key`]'s base-5 digits, side by side (N, E, S, W): 0 for no neighbour, else the
/// edge it shows + 1.
#[inline]
pub(crate) fn key_digits(key: usize) -> [usize; 4] {
    [key % 5, key / 5 % 5, key / 25 % 5, key / 125 % 5]
}

/// The rotations of a tile's views that satisfy each edge key (low four bits) and how many they
/// are (high four bits).
fn fit_table(oriented: &[Oriented; 4]) -> Box<[u8; FIT_TABLE]> {
    let mut fits = Box::new([0u8; FIT_TABLE]);
    for (key, slot) in fits.iter_mut().enumerate().take(EDGE_KEYS) {
        let digits = key_digits(key);
        for (r, o) in oriented.iter().enumerate() {
            let ok = digits
                .iter()
                .zip(o.edges)
                .all(|(&d, e)| d == 0 || d == e as usize + 1);
            if ok {
                *slot |= 1 << r;
            }
        }
        // The number of rotations in the high four bits.
        *slot |= (slot.count_ones() as u8) << 4;
    }
    fits
}

/// A set of printed tile types, one bit each ([`TileId`] is a byte: 256 types at most).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TypeSet([u64; 4]);

impl TypeSet {
    /// Adds the type `t`.
    #[inline]
    pub(crate) fn insert(&mut self, t: TileId) {
        let i = usize::from(t.0);
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// The types with a count above zero in `counts` (indexed by [`TileId`]; counts beyond the
    /// 256th are ignored), eight counts at a time.
    pub(crate) fn of(counts: &[u8]) -> TypeSet {
        /// The high bit of the eight counts' bytes set where the count is not zero, gathered
        /// into one byte, the first count's the lowest bit.
        fn nonzero(x: u64) -> u64 {
            const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
            let high = (((x & LOW7) + LOW7) | x) & !LOW7;
            (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
        }
        let counts = &counts[..counts.len().min(256)];
        let mut set = TypeSet::default();
        let groups = counts.chunks_exact(8);
        let rest = groups.remainder();
        let mut i = 0;
        for group in groups {
            let bytes: [u8; 8] = group.try_into().unwrap_or_default();
            set.0[i / 8] |= nonzero(u64::from_le_bytes(bytes)) << (8 * (i % 8));
            i += 1;
        }
        let mut bytes = [0u8; 8];
        bytes[..rest.len()].copy_from_slice(rest);
        if i < 32 {
            set.0[i / 8] |= nonzero(u64::from_le_bytes(bytes)) << (8 * (i % 8));
        }
        set
    }

    /// Whether the two sets share a type.
    #[inline]
    pub(crate) fn meets(&self, other: &TypeSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
}

/// For each [`edge_key`] of an empty cell, the printed tile types that fit it in some rotation
/// (built once): the tiles still to come that could fill the cell.
pub(crate) fn fitting_types(key: u16) -> &'static TypeSet {
    static TABLE: OnceLock<Vec<TypeSet>> = OnceLock::new();
    static NONE: TypeSet = TypeSet([0; 4]);
    let table = TABLE.get_or_init(|| {
        (0..EDGE_KEYS as u16)
            .map(|k| {
                let mut set = TypeSet::default();
                for t in catalog().tiles.iter().filter(|t| t.fits(k) != 0) {
                    set.insert(t.index);
                }
                set
            })
            .collect()
    });
    table.get(usize::from(key)).unwrap_or(&NONE)
}

/// What kind of feature a segment belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    /// A city.
    City,
    /// A road.
    Road,
    /// A field (farm).
    Field,
    /// A cloister.
    Cloister,
}

impl FeatureKind {
    /// Its name as in follower places (`"city"`).
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
        }
    }
}

impl TileType {
    /// Number of segments (cities, roads, fields and the cloister).
    pub fn segment_count(&self) -> usize {
        self.cities.len() + self.roads.len() + self.fields.len() + usize::from(self.cloister)
    }

    /// Segment index of the first road.
    pub fn road_base(&self) -> usize {
        self.cities.len()
    }

    /// Segment index of the first field.
    pub fn field_base(&self) -> usize {
        self.cities.len() + self.roads.len()
    }

    /// Segment index of the cloister, if any.
    pub fn cloister_segment(&self) -> Option<usize> {
        self.cloister
            .then(|| self.cities.len() + self.roads.len() + self.fields.len())
    }

    /// The segment of the city with the princess, if the tile has one.
    #[inline]
    pub(crate) fn princess_segment(&self) -> Option<usize> {
        self.princess.map(usize::from)
    }

    /// The segments of a kind, as bits (bit `seg`).
    #[inline]
    pub(crate) fn segments_of(&self, kind: FeatureKind) -> u16 {
        self.kind_masks[kind as usize]
    }

    /// The kind of feature of segment `seg`.
    #[inline]
    pub fn segment_kind(&self, seg: usize) -> FeatureKind {
        self.kinds
            .get(seg)
            .copied()
            .unwrap_or(FeatureKind::Cloister)
    }

    /// [`TileType::segment_kind`] worked out from the segment counts.
    fn count_segment_kind(&self, seg: usize) -> FeatureKind {
        if seg < self.road_base() {
            FeatureKind::City
        } else if seg < self.field_base() {
            FeatureKind::Road
        } else if seg < self.field_base() + self.fields.len() {
            FeatureKind::Field
        } else {
            FeatureKind::Cloister
        }
    }

    /// The view of this tile turned by `rot`.
    pub fn view(&self, rot: Rotation) -> &Oriented {
        &self.oriented[rot.quarter_turns() as usize]
    }

    /// Whether some field touches no edge.
    pub fn has_inner_field(&self) -> bool {
        self.fields.iter().any(|f| f.halves == 0)
    }
}

/// Index of a tile type in the catalog; a small `Copy` handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub u8);

impl TileId {
    /// The tile type.
    pub fn get(self) -> &'static TileType {
        let c = catalog();
        match c.tiles.get(self.0 as usize) {
            Some(t) => t,
            None => &c.bridged[self.0 as usize - c.tiles.len()],
        }
    }

    /// The printed tile: itself, or for a tile with a bridge the tile under it.
    pub fn printed(self) -> TileId {
        self.get().bridge_of.map_or(self, |(t, _)| t)
    }

    /// The same printed tile with a bridge along `axis` of its canonical orientation, where
    /// both its edges there are fields.
    pub fn with_bridge(self, axis: Axis) -> Option<TileId> {
        self.get().bridges[axis as usize]
    }

    /// Its id string (`"K"`).
    pub fn name(self) -> &'static str {
        self.get().id
    }

    /// Looks a tile up by its id string (exact, or any case).
    pub fn parse(s: &str) -> Option<TileId> {
        catalog().by_name(s)
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for TileId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        TileId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown tile id {s:?}")))
    }
}

/// The whole catalog.
#[derive(Debug)]
pub struct Catalog {
    /// Every tile type, in catalog order.
    pub tiles: Vec<TileType>,
    /// The printed tiles with a bridge on them (Bridges, Castles & Bazaars), each a type of its
    /// own whose [`TileId`]s follow those of [`Catalog::tiles`]: never drawn, only made by
    /// placing a bridge.
    pub bridged: Vec<TileType>,
}

impl Catalog {
    /// Every tile type by [`TileId`]: the printed ones, then those with a bridge.
    pub fn every(&self) -> impl Iterator<Item = &TileType> {
        self.tiles.iter().chain(&self.bridged)
    }

    /// Looks a tile up by its id string (exact, or any case).
    pub fn by_name(&self, s: &str) -> Option<TileId> {
        self.tiles
            .iter()
            .find(|t| t.id == s)
            .or_else(|| self.tiles.iter().find(|t| t.id.eq_ignore_ascii_case(s)))
            .map(|t| t.index)
    }

    /// The tile types of one set.
    pub fn set(&self, set: TileSet) -> impl Iterator<Item = &TileType> {
        self.tiles.iter().filter(move |t| t.set == set)
    }
}

/// The catalog, parsed on first use.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        parse_catalog(include_str!("catalog.txt"))
            .unwrap_or_else(|e| panic!("built-in tile catalog is malformed: {e}"))
    })
}

/// The start tile of the base game (`D`).
pub fn start_tile() -> TileId {
    static ID: OnceLock<TileId> = OnceLock::new();
    *ID.get_or_init(|| TileId::parse("D").expect("catalog has D"))
}

/// The River's spring, which replaces the start tile when the River is in play.
pub fn spring() -> TileId {
    static ID: OnceLock<TileId> = OnceLock::new();
    *ID.get_or_init(|| TileId::parse("RV-01").expect("catalog has the spring"))
}

/// The River's lake, placed after the other river tiles.
pub fn lake() -> TileId {
    static ID: OnceLock<TileId> = OnceLock::new();
    *ID.get_or_init(|| TileId::parse("RV-02").expect("catalog has the lake"))
}

/// Abbey & Mayor's abbey tile, which players place from their hand into a hole.
pub fn abbey() -> TileId {
    static ID: OnceLock<TileId> = OnceLock::new();
    *ID.get_or_init(|| TileId::parse("AM-AB").expect("catalog has the abbey"))
}

impl TileType {
    /// Whether the tile shows a river.
    pub fn has_river(&self) -> bool {
        self.edges.contains(&EdgeKind::River)
    }

    /// Whether its edges alone decide where the tile may go: no set's rule restricts it (a
    /// river tile must continue the river).
    #[inline]
    pub fn edges_decide(&self) -> bool {
        !self.has_river()
    }
}

fn sides_mask(s: &str) -> Result<u8, String> {
    let mut m = 0u8;
    for c in s.chars() {
        let side = Side::from_letter(c).ok_or_else(|| format!("bad side {c:?} in {s:?}"))?;
        m |= 1 << side as u8;
    }
    Ok(m)
}

fn orient(
    edges: &[EdgeKind; 4],
    cities: &[CitySegment],
    roads: &[RoadSegment],
    fields: &[FieldSegment],
    rot: Rotation,
) -> Oriented {
    let mut o = Oriented {
        edges: [EdgeKind::Field; 4],
        city_at: [None; 4],
        city_also: [None; 4],
        road_at: [None; 4],
        field_at: [None; 8],
    };
    for s in Side::ALL {
        let t = s.rotate(rot) as usize;
        o.edges[t] = edges[s as usize];
    }
    for (i, c) in cities.iter().enumerate() {
        for s in Side::ALL {
            if c.sides & (1 << s as u8) != 0 {
                o.city_at[s.rotate(rot) as usize] = Some(i as u8);
            }
            if c.shares & (1 << s as u8) != 0 {
                o.city_also[s.rotate(rot) as usize] = Some(i as u8);
            }
        }
    }
    let rb = cities.len();
    for (i, r) in roads.iter().enumerate() {
        for s in Side::ALL {
            if r.sides & (1 << s as u8) != 0 {
                o.road_at[s.rotate(rot) as usize] = Some((rb + i) as u8);
            }
        }
    }
    let fb = rb + roads.len();
    for (i, f) in fields.iter().enumerate() {
        for h in Half::ALL {
            if f.halves & (1 << h as u8) != 0 {
                o.field_at[h.rotate(rot) as usize] = Some((fb + i) as u8);
            }
        }
    }
    o
}

/// Parses catalog text (see `catalog.txt` for the notation).
pub fn parse_catalog(text: &str) -> Result<Catalog, String> {
    let mut tiles = Vec::new();
    let mut set = TileSet::Base;
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: String| format!("line {}: {m}", lineno + 1);
        if let Some(name) = line.strip_prefix("@set ") {
            set = TileSet::parse(name.trim()).ok_or_else(|| err(format!("unknown set {name}")))?;
            continue;
        }
        let mut words = line.split_whitespace();
        let id: &'static str = Box::leak(
            words
                .next()
                .unwrap_or_default()
                .to_string()
                .into_boxed_str(),
        );
        let count: u8 = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| err("bad count".into()))?;
        let edge_str = words.next().ok_or_else(|| err("missing edges".into()))?;
        let mut edges = [EdgeKind::Field; 4];
        if edge_str.len() != 4 {
            return Err(err("edges need 4 letters".into()));
        }
        for (i, c) in edge_str.chars().enumerate() {
            edges[i] = match c {
                'C' => EdgeKind::City,
                'R' => EdgeKind::Road,
                'F' => EdgeKind::Field,
                'W' => EdgeKind::River,
                '*' => EdgeKind::Abbey,
                _ => return Err(err(format!("bad edge {c}"))),
            };
        }
        let mut cities = Vec::new();
        let mut roads = Vec::new();
        let mut field_specs: Vec<(u8, Vec<String>)> = Vec::new();
        let mut cloister = false;
        let mut symbols = Symbols::default();
        let mut gardens = 0;
        for w in words {
            if let Some(rest) = w.strip_prefix("C:") {
                let mut parts = rest.split('+');
                let sides = sides_mask(parts.next().unwrap_or_default()).map_err(err)?;
                let mut c = CitySegment {
                    sides,
                    pennants: 0,
                    cathedral: false,
                    princess: false,
                    goods: None,
                    shares: 0,
                    no_castle: false,
                };
                for flag in parts {
                    if let Some(side) = flag.strip_prefix("shares-") {
                        c.shares |= sides_mask(side).map_err(err)?;
                        continue;
                    }
                    match flag {
                        "p" => c.pennants += 1,
                        "cat" => c.cathedral = true,
                        "pr" => c.princess = true,
                        "wine" => c.goods = Some(Goods::Wine),
                        "grain" => c.goods = Some(Goods::Grain),
                        "cloth" => c.goods = Some(Goods::Cloth),
                        "no-castle" => c.no_castle = true,
                        _ => return Err(err(format!("bad city flag {flag}"))),
                    }
                }
                cities.push(c);
            } else if let Some(rest) = w.strip_prefix("R:") {
                let mut parts = rest.split('+');
                let head = parts.next().unwrap_or_default();
                let (sides_s, ends_s) = head.split_once('>').unwrap_or((head, ""));
                let sides = sides_mask(sides_s).map_err(err)?;
                let ends_at = sides_mask(ends_s).map_err(err)?;
                let mut inn = false;
                for flag in parts {
                    match flag {
                        "inn" => inn = true,
                        _ => return Err(err(format!("bad road flag {flag}"))),
                    }
                }
                roads.push(RoadSegment {
                    sides,
                    inn,
                    ends_at,
                });
            } else if let Some(rest) = w.strip_prefix("F:") {
                let (halves_s, cities_s) = rest
                    .split_once('>')
                    .ok_or_else(|| err(format!("field without '>': {w}")))?;
                let mut halves = 0u8;
                if halves_s != "inner" {
                    for h in halves_s.split('.') {
                        let h = Half::parse(h).ok_or_else(|| err(format!("bad half-edge {h}")))?;
                        halves |= 1 << h as u8;
                    }
                }
                let refs = cities_s
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                field_specs.push((halves, refs));
            } else if let Some(n) = w.strip_prefix("garden=") {
                gardens = n
                    .parse()
                    .map_err(|_| err(format!("bad garden count {n}")))?;
            } else {
                match w {
                    "cloister" => cloister = true,
                    "volcano" => symbols.volcano = true,
                    "dragon" => symbols.dragon = true,
                    "portal" => symbols.portal = true,
                    "tower" => symbols.tower = true,
                    "bridge" => symbols.bridge = true,
                    "tunnel" => symbols.tunnel = true,
                    "spring" => symbols.spring = true,
                    "lake" => symbols.lake = true,
                    "village" => symbols.village = true,
                    "well" => symbols.well = true,
                    "abbey" => symbols.abbey = true,
                    "cloister-in-city" => symbols.cloister_in_city = true,
                    "hill" => symbols.hill = true,
                    "vineyard" => symbols.vineyard = true,
                    "bazaar" => symbols.bazaar = true,
                    _ => return Err(err(format!("unknown item {w}"))),
                }
            }
        }
        let mut fields = Vec::new();
        for (halves, refs) in field_specs {
            let mut fc = Vec::new();
            for r in refs {
                let m = sides_mask(&r).map_err(err)?;
                let i = cities
                    .iter()
                    .position(|c: &CitySegment| c.sides == m)
                    .ok_or_else(|| err(format!("field borders unknown city {r}")))?;
                fc.push(i as u8);
            }
            fields.push(FieldSegment { halves, cities: fc });
        }
        if cities.len() + roads.len() + fields.len() + usize::from(cloister) > MAX_SEGMENTS {
            return Err(err(format!("more than {MAX_SEGMENTS} segments")));
        }
        let oriented = Rotation::ALL.map(|r| orient(&edges, &cities, &roads, &fields, r));
        let fits = fit_table(&oriented);
        let index = TileId(u8::try_from(tiles.len()).map_err(|_| err("too many tiles".into()))?);
        let mut tile = TileType {
            id,
            index,
            set,
            count,
            gardens,
            edges,
            cities,
            roads,
            fields,
            cloister,
            symbols,
            oriented,
            fits,
            kinds: [FeatureKind::Cloister; MAX_SEGMENTS],
            princess: None,
            kind_masks: [0; 4],
            bridges: [None; 2],
            bridge_of: None,
        };
        tile.finish();
        tiles.push(tile);
    }
    let bridged = with_bridges(&mut tiles)?;
    Ok(Catalog { tiles, bridged })
}

impl TileType {
    /// Fills the tables worked out from the segments: the kinds, their masks, the princess.
    fn finish(&mut self) {
        self.kinds = std::array::from_fn(|seg| self.count_segment_kind(seg));
        self.kind_masks = [0; 4];
        for seg in 0..self.segment_count() {
            self.kind_masks[self.kinds[seg] as usize] |= 1 << seg;
        }
        self.princess = self.cities.iter().position(|c| c.princess).map(|s| s as u8);
    }
}

/// The tiles with a bridge (Bridges, Castles & Bazaars): for each printed tile and each axis
/// whose two edges are fields, the same tile with a road of its own along that axis (its last
/// road: it joins the roads at its ends and passes over the rest, splitting no field), given
/// the next [`TileId`]s; each printed tile learns its own in [`TileType::bridges`].
fn with_bridges(tiles: &mut [TileType]) -> Result<Vec<TileType>, String> {
    let mut out: Vec<TileType> = Vec::new();
    for i in 0..tiles.len() {
        for axis in Axis::ALL {
            let base = &tiles[i];
            let [a, b] = axis.sides();
            let fields = |s: Side| base.edges[s as usize] == EdgeKind::Field;
            if !(fields(a) && fields(b)) || base.segment_count() >= MAX_SEGMENTS {
                continue;
            }
            let index = TileId(
                u8::try_from(tiles.len() + out.len())
                    .map_err(|_| "too many tiles with bridges".to_string())?,
            );
            let mut edges = base.edges;
            edges[a as usize] = EdgeKind::Road;
            edges[b as usize] = EdgeKind::Road;
            let mut roads = base.roads.clone();
            roads.push(RoadSegment {
                sides: axis.mask(),
                inn: false,
                ends_at: 0,
            });
            let oriented =
                Rotation::ALL.map(|r| orient(&edges, &base.cities, &roads, &base.fields, r));
            let mut t = TileType {
                index,
                count: 0,
                gardens: 0,
                edges,
                roads,
                fits: fit_table(&oriented),
                oriented,
                bridges: [None; 2],
                bridge_of: Some((base.index, axis)),
                ..base.clone()
            };
            t.finish();
            tiles[i].bridges[axis as usize] = Some(index);
            out.push(t);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of types built eight counts at a time holds exactly the types with a count above
    /// zero, whatever the counts' length (the first 256) and values.
    #[test]
    fn a_type_set_of_counts_holds_the_types_left() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for len in 0..300 {
            let counts: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Zero half the time, otherwise any count (high bits included).
                    if state & 1 == 0 {
                        0
                    } else {
                        (state >> 8) as u8 | 1
                    }
                })
                .collect();
            let mut expected = TypeSet::default();
            for (i, &c) in counts.iter().enumerate().take(256) {
                if c != 0 {
                    expected.insert(TileId(i as u8));
                }
            }
            assert_eq!(TypeSet::of(&counts), expected, "length {len}");
        }
    }
}
