//! Bridges, Castles & Bazaars (`bridges-castles-bazaars.md`): its twelve tiles, the bridges
//! and the castles.
//!
//! - **Bridges** (§2): with the tile he places, a player may lay one of his bridges (3 each
//!   with two to four players, 2 with five or six), on that tile or on a tile beside it, across
//!   two opposite field edges, which become road edges: the bridge is a road of its own that
//!   joins the roads at its ends and passes over the fields, splitting none. Each of its ends
//!   meets an empty square or a road. A tile whose road would meet a field (or whose field
//!   would meet a road) may go there with the bridge that mends it. One bridge a tile, one a
//!   turn; a tile with a bridge is a tile type of its own ([`TileType::bridges`]).
//! - **Building a castle** (§3): when a tile completes a small city of two castle bases (caps
//!   touching one edge each, not marked `no-castle`) holding exactly one follower, that
//!   follower's owner may put one of its castle tokens on it instead of scoring the city (the
//!   owners are asked in turn order from the seat whose turn it is). The follower stays as the
//!   castle's lord; the city is never scored as a city again, and counts one more to farmers.
//! - **Its fief** is the castle's two squares and the two beside each along its long sides.
//! - **Castle scoring**: in a later turn, when a road, city or cloister with a tile in the fief
//!   (a cloister: its own tile) is completed, scored or not, the lord's owner scores what it is
//!   worth (the most valuable one, when one tile completes several), and the lord goes home; the
//!   castle stays. A castle that scores counts as a completed feature for the other castles
//!   whose fief holds one of its squares, and so on. At the end an occupied castle scores 0.
//! - **Bazaars** (§4): after the turn (a builder's second one included) of a player who placed
//!   a bazaar tile drawn from the stack, as many tiles as players are turned up from the stack
//!   (none while a bazaar's round runs, nor with fewer tiles left than players). From the seat
//!   after him, each player without a tile chooses one of those left and bids (at least 0);
//!   each other player without a tile, in turn order after the chooser, may once bid higher or
//!   pass; then the chooser takes it paying his own bid to nobody when nobody raised, or buys
//!   it (paying the highest bid to that bidder) or sells it (the bidder pays the chooser). The
//!   last tile goes free to the last player without one. Then, from the seat after the bazaar's
//!   player to him, each turn begins with the player's tile instead of a draw. Our reading: no
//!   one bids more than his score, and a chooser who cannot pay the highest bid sells (scores
//!   never go below 0; JCZ lets them). With [`BazaarRule::NoAuction`] each chooses for free.

use crate::engine::action::{Action, ScoreEvent, TurnOutcome};
use crate::engine::error::{ActionError, BridgesError, PlaceError};
use crate::engine::geom::{Axis, Pos, Rotation, Side};
use crate::engine::table::{on_feature, Table};
use crate::engine::tiles::{
    catalog, key_digits, key_edges, EdgeKind, FeatureKind, TileId, TileType, EDGE_KEYS,
};
use crate::engine::types::{BazaarRule, Reason};
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// Castle tokens per player: 3 with two to four players, 2 with five or six.
pub(crate) fn tokens_for(players: usize) -> u8 {
    if players <= 4 {
        3
    } else {
        2
    }
}

/// A castle on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Castle {
    /// The root of the city it was (a completed city joins nothing more, so it stays the root).
    pub(crate) root: u32,
    /// Its two squares.
    pub(crate) at: [Pos; 2],
    /// The seat whose lord holds it.
    pub(crate) owner: u8,
    /// Built in the turn under way: it scores nothing before the next turn.
    pub(crate) fresh: bool,
}

impl Castle {
    /// The six squares of its fief: its own two and the two beside each along its long sides.
    pub(crate) fn fief(&self) -> [Pos; 6] {
        let [a, b] = self.at;
        let (one, other) = if a.x == b.x {
            (Side::W, Side::E)
        } else {
            (Side::N, Side::S)
        };
        [a, b, a.step(one), a.step(other), b.step(one), b.step(other)]
    }
}

/// The set's state: bridges and castle tokens in hand, the castles, and the small cities of
/// the tile just placed whose owners are still to be asked.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct BridgesState {
    /// Bridges in hand per seat.
    pub(crate) bridges: Vec<u8>,
    /// Castle tokens in hand per seat.
    pub(crate) tokens: Vec<u8>,
    /// The castles, in the order they were built.
    pub(crate) castles: Vec<Castle>,
    /// The small cities the tile just placed completed that may become castles, each with the
    /// seat to ask, in the order they are asked.
    pub(crate) asking: Vec<(u32, u8)>,
    /// Whether the tile just placed was looked at for castles already.
    pub(crate) asked: bool,
    /// A bazaar tile from the stack was placed this turn: a bazaar is held when it ends.
    pub(crate) due: bool,
    /// The bazaar under way: its auction, then its round (until the turn of the last tile's
    /// player is over).
    pub(crate) bazaar: Option<Bazaar>,
}

clone_fields!(BridgesState {
    bridges,
    tokens,
    castles,
    asking,
    asked,
    due,
    bazaar
});

/// A bazaar: the tiles it offers, who took each, and the auction under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bazaar {
    /// The tiles turned up, in that order.
    pub(crate) offer: Vec<Lot>,
    /// The seat choosing now (during the auction).
    pub(crate) chooser: u8,
    /// The tile under auction: its index, the highest bid and its bidder.
    pub(crate) auction: Option<(u8, u32, u8)>,
}

/// A tile of a bazaar's offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lot {
    /// The draw that turned it up, as its owner's turn takes it ([`Action::Draw`]: the tile
    /// and the copy drawn).
    pub(crate) drawn: Action,
    /// The seat that took it.
    pub(crate) owner: Option<u8>,
    /// What it cost: the points, and the seat paid (`None`: nobody, or it was free).
    pub(crate) price: (u32, Option<u8>),
    /// Its owner's turn began with it.
    pub(crate) played: bool,
}

impl BridgesState {
    /// The state at the start of a game of `players` seats.
    pub(crate) fn new(players: usize) -> BridgesState {
        BridgesState {
            bridges: vec![tokens_for(players); players],
            tokens: vec![tokens_for(players); players],
            ..BridgesState::default()
        }
    }
}

/// Whether a tile a seat took at a bazaar and has not played yet fits an empty cell whose
/// neighbours require the edge key `key`.
pub(crate) fn held_tile_fits(s: &BridgesState, key: u16) -> bool {
    s.bazaar.as_ref().is_some_and(|b| {
        b.offer
            .iter()
            .any(|l| !l.played && l.tile().get().fits(key) != 0)
    })
}

/// Whether a seat still holds a bridge.
pub(crate) fn in_hand(s: &BridgesState) -> bool {
    s.bridges.iter().any(|&n| n > 0)
}

/// An empty cell's edge key as a tile placed with a bridge may meet
/// it: a neighbour's road or field edge may meet either (a bridge on the tile placed or on
/// the neighbour turns a field edge into a road), so only its cities and rivers are required.
pub(crate) fn key_bridged(key: u16) -> u16 {
    let mut out = 0;
    let mut unit = 1;
    for d in crate::engine::tiles::key_digits(usize::from(key)) {
        // The digit is the edge kind + 1: 1 a field, 2 a road.
        if d > 2 {
            out += d as u16 * unit;
        }
        unit *= 5;
    }
    out
}

/// Whether a tile placed in a game with the set keeps a spare node for a bridge laid on it
/// later (a printed tile with two opposite field edges).
#[inline]
pub(crate) fn keeps_room(tile: &TileType) -> bool {
    tile.bridges != [None, None]
}

/// How a bridge checked by [`check_bridge`] goes on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Laying {
    /// On the tile placed: it goes down as this tile with a bridge.
    Placed(TileId),
    /// On the tile with this placement index beside it, which becomes this tile with a bridge.
    Beside(usize, TileId),
}

/// Checks `seat`'s bridge along `axis` (board orientation) on the tile at `on`, laid with the
/// drawn `tile` placed at `at` turned by `rotation`: a bridge in hand, on the tile placed or one
/// beside it without a bridge, across two field edges, each end meeting an empty square or a
/// road, and every edge of the tile placed matching its neighbours with the bridge laid. The
/// sets' own placement rules (the River's) are checked apart.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_bridge(
    t: &Table,
    s: &BridgesState,
    seat: usize,
    tile: TileId,
    at: Pos,
    rotation: Rotation,
    on: Pos,
    axis: Axis,
) -> Result<Laying, ActionError> {
    if s.bridges[seat] == 0 {
        return Err(BridgesError::NoneLeft.into());
    }
    if on == at {
        let variant = tile.get().bridges[axis.rotate(rotation) as usize]
            .ok_or(BridgesError::NotFields { at, axis })?;
        t.board.check_edges(variant, at, rotation)?;
        return Ok(Laying::Placed(variant));
    }
    if !Side::ALL.iter().any(|&d| at.step(d) == on) {
        return Err(BridgesError::TooFar(on).into());
    }
    if t.board.cell(at).is_some() {
        return Err(PlaceError::Occupied(at).into());
    }
    let index = t.board.cell(on).ok_or(BridgesError::NoTile(on))?;
    let placed = t.board.tiles[index];
    let printed = placed.tile.get();
    if printed.bridge_of.is_some() {
        return Err(BridgesError::HasOne(on).into());
    }
    let variant = printed.bridges[axis.rotate(placed.rotation) as usize]
        .ok_or(BridgesError::NotFields { at: on, axis })?;
    for side in axis.sides() {
        let beyond = on.step(side);
        if beyond == at {
            continue;
        }
        if let Some(theirs) = t.board.edge_at(beyond, side.opposite()) {
            if theirs != EdgeKind::Road {
                return Err(BridgesError::EndMeets {
                    at: on,
                    side,
                    theirs,
                }
                .into());
            }
        }
    }
    t.board
        .check_edges_with(tile, at, rotation, (on, variant))?;
    Ok(Laying::Beside(index, variant))
}

/// `seat` lays a bridge on the tile at placement index `index` (placed earlier, beside the
/// tile placed this turn), which becomes `variant`: its fields' and cloister's nodes and the
/// figures on them move up to make room for the bridge's road, which joins the roads at its
/// ends. The bridge leaves the seat's hand. (Any road through the bridge that this move
/// completes runs through the tile placed: an end not facing that tile faces an empty square,
/// since no road could meet the field edge it had; so the turn's scoring finds it there.)
pub(crate) fn lay_beside(
    t: &mut Table,
    s: &mut BridgesState,
    seat: usize,
    index: usize,
    variant: TileId,
) {
    t.board.retype(index, variant);
    t.features.lay_bridge(&t.board, index);
    let road = variant.get().field_base() as u8 - 1;
    for m in t.meeples.iter_mut() {
        if usize::from(m.tile_index) == index && on_feature(m.segment) && m.segment >= road {
            m.segment += 1;
        }
    }
    s.bridges[seat] -= 1;
}

/// How a tile turned one way meets the edges around an empty cell, side by side (bit `side`):
/// what decides which bridges may make it fit there. A bridge turns the two edges of its axis
/// into roads and changes no other (`bridge_variants_turn_their_axis_into_roads_only`), so a
/// try these rule out cannot fit.
#[derive(Clone, Copy, Default)]
struct Meeting {
    /// The sides where the tile as it is meets a different edge.
    unmatched: u8,
    /// The sides where the tile shows a road.
    our_roads: u8,
    /// The sides where it meets a road or nothing.
    their_roads: u8,
}

impl Meeting {
    /// What side `k` alone says: the tile shows `ours` there and meets `theirs`.
    fn side(k: usize, ours: EdgeKind, theirs: Option<EdgeKind>) -> Meeting {
        let bit = |b: bool| u8::from(b) << k;
        Meeting {
            unmatched: bit(theirs.is_some_and(|e| e != ours)),
            our_roads: bit(ours == EdgeKind::Road),
            their_roads: bit(theirs.is_none_or(|e| e == EdgeKind::Road)),
        }
    }

    /// Two meetings' sides together (each side says its own bit).
    fn or(self, other: Meeting) -> Meeting {
        Meeting {
            unmatched: self.unmatched | other.unmatched,
            our_roads: self.our_roads | other.our_roads,
            their_roads: self.their_roads | other.their_roads,
        }
    }

    /// The four sides at once (what [`Meeting::side`] says of each, together; the table of
    /// [`bridge_rotations`] is built side by side and checked against this).
    fn new(ours: &[EdgeKind; 4], theirs: &[Option<EdgeKind>; 4]) -> Meeting {
        let mut m = Meeting::default();
        for (k, e) in theirs.iter().enumerate() {
            if e.is_some_and(|e| e != ours[k]) {
                m.unmatched |= 1 << k;
            }
            if e.is_none_or(|e| e == EdgeKind::Road) {
                m.their_roads |= 1 << k;
            }
            if ours[k] == EdgeKind::Road {
                m.our_roads |= 1 << k;
            }
        }
        m
    }

    /// A bridge along `axis` on the tile placed: its other sides fit as they are, its axis
    /// meets roads (or nothing), and the tile has fields there.
    fn on_tile(self, printed: &TileType, rotation: Rotation, axis: Axis) -> bool {
        let m = axis.mask();
        self.unmatched & !m == 0
            && self.their_roads & m == m
            && printed.bridges[axis.rotate(rotation) as usize].is_some()
    }

    /// A bridge on the tile beside side `k`, across the edge it shares with the tile placed
    /// (`across`) or along it: only that edge changes; across it, into a road.
    fn beside(self, k: usize, across: bool) -> bool {
        self.unmatched & !(1 << k) == 0
            && ((across && self.our_roads & (1 << k) != 0) || (!across && self.unmatched == 0))
    }
}

/// For each tile type that can be drawn (by index) and each [`edge_key`] of an empty cell: the
/// rotations (bit `quarter_turns`) in which a bridge might be laid on the tile placed there
/// (low four bits) and those in which one might be laid on a tile beside it (high four bits),
/// as [`Meeting`] judges it with a tile that keeps room for one on every side that has a
/// neighbour. Most frontier cells have none, and are passed over on one load.
///
/// [`edge_key`]: crate::engine::tiles::edge_key
fn bridge_rotations() -> &'static [[u8; EDGE_KEYS]] {
    static TABLE: OnceLock<Vec<[u8; EDGE_KEYS]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        catalog()
            .tiles
            .iter()
            .map(|printed| {
                // Each rotation's sides alone, for each digit a key may have there (0: no
                // neighbour, else the edge it shows + 1); a key's meeting is theirs together.
                let sides: [[[Meeting; 5]; 4]; 4] = std::array::from_fn(|r| {
                    let ours = printed.view(Rotation::from_quarter_turns(r as u8)).edges;
                    std::array::from_fn(|k| {
                        std::array::from_fn(|d| {
                            let theirs = key_edges(d as u16 * [1, 5, 25, 125][k])[k];
                            Meeting::side(k, ours[k], theirs)
                        })
                    })
                });
                std::array::from_fn(|key| {
                    let digits = key_digits(key);
                    let mut rotations = 0u8;
                    for rotation in Rotation::ALL {
                        let r = usize::from(rotation.quarter_turns());
                        let m = (0..4)
                            .map(|k| sides[r][k][digits[k]])
                            .fold(Meeting::default(), Meeting::or);
                        if Axis::ALL
                            .into_iter()
                            .any(|axis| m.on_tile(printed, rotation, axis))
                        {
                            rotations |= 1 << r;
                        }
                        if (0..4)
                            .any(|k| digits[k] != 0 && (m.beside(k, true) || m.beside(k, false)))
                        {
                            rotations |= 16 << r;
                        }
                    }
                    rotations
                })
            })
            .collect()
    })
}

/// Lists `seat`'s placements of the drawn `tile` with a bridge, until `f` breaks: by frontier
/// cell and rotation, the bridge on the tile placed (each axis), then on each tile beside it.
pub(crate) fn for_each_bridged(
    t: &Table,
    s: &BridgesState,
    seat: usize,
    tile: TileId,
    mut ok: impl FnMut(Pos, Rotation) -> bool,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if s.bridges[seat] == 0 {
        return ControlFlow::Continue(());
    }
    let printed = tile.get();
    let table = bridge_rotations().get(usize::from(tile.0));
    let keys = t.board.frontier_keys();
    for (i, &at) in t.board.frontier().iter().enumerate() {
        // The rotations a bridge might make work here, on the tile placed (low bits) or beside
        // it (high bits), read off the cell's edges.
        let key = keys[i];
        let possible = match table {
            Some(table) => table[usize::from(key) % EDGE_KEYS],
            None => 0xff,
        };
        if possible == 0 {
            continue;
        }
        // The neighbours' edges facing the cell.
        let theirs = key_edges(key);
        // The tiles beside the cell a bridge may be laid on.
        let mut beside = [None; 4];
        if possible >> 4 != 0 {
            for (k, d) in Side::ALL.into_iter().enumerate() {
                if theirs[k].is_none() {
                    continue;
                }
                let q = at.step(d);
                if t.board.tile_at(q).is_some_and(|p| keeps_room(p.tile.get())) {
                    beside[k] = Some(q);
                }
            }
        }
        let rotations = (possible | possible >> 4) & 15;
        for rotation in Rotation::ALL {
            if rotations & (1 << rotation.quarter_turns()) == 0 {
                continue;
            }
            let m = Meeting::new(&printed.view(rotation).edges, &theirs);
            let mut tries: [(Pos, Axis); 10] = [(at, Axis::NS); 10];
            let mut n = 0;
            for axis in Axis::ALL {
                if m.on_tile(printed, rotation, axis) {
                    tries[n] = (at, axis);
                    n += 1;
                }
            }
            for (k, q) in beside.into_iter().enumerate() {
                let Some(q) = q else {
                    continue;
                };
                for axis in Axis::ALL {
                    if m.beside(k, axis.mask() & (1 << k) != 0) {
                        tries[n] = (q, axis);
                        n += 1;
                    }
                }
            }
            let mut place_ok: Option<bool> = None;
            for &(on, axis) in &tries[..n] {
                if check_bridge(t, s, seat, tile, at, rotation, on, axis).is_err() {
                    continue;
                }
                // The sets' own placement rules (the River's), judged once per placement.
                if !*place_ok.get_or_insert_with(|| ok(at, rotation)) {
                    break;
                }
                f(Action::PlaceBridge {
                    at,
                    rotation,
                    on,
                    axis,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether the city segment `seg` of the tile at `index` may be a castle's half: it touches
/// one edge only, shares none and is not marked `no-castle`.
fn castle_base(t: &Table, index: usize, seg: usize) -> bool {
    let tile = t.board.tiles[index].tile.get();
    tile.cities.get(seg).is_some_and(|c| {
        c.sides.count_ones() == 1
            && c.shares == 0
            && !c.no_castle
            && tile.cities.iter().all(|o| o.shares & c.sides == 0)
    })
}

/// The small cities the tile at `index` completed that may become castles: two castle bases
/// with exactly one follower, whose owner holds a castle token; with the seat to ask, in turn
/// order from `turn_of`.
pub(crate) fn candidates(
    t: &Table,
    s: &BridgesState,
    index: usize,
    turn_of: usize,
) -> Vec<(u32, u8)> {
    let placed = t.board.tiles[index];
    let tile = placed.tile.get();
    let n = t.scores.len();
    let mut found: Vec<(u32, u8)> = Vec::new();
    for seg in 0..tile.cities.len() {
        let root = t.features.find(placed.first_node + seg as u32);
        if t.features.data[root as usize].open != 0 || found.iter().any(|&(r, _)| r == root) {
            continue;
        }
        let members: Vec<u32> = t.features.members(root).collect();
        let small = members.len() == 2
            && members.iter().all(|&node| {
                let nd = &t.features.nodes[node as usize];
                castle_base(t, nd.tile as usize, nd.seg as usize)
            });
        if !small {
            continue;
        }
        let mut followers = t
            .meeples
            .iter()
            .filter(|m| m.figure.is_follower() && t.root_of(m) == Some(root));
        let (Some(lord), None) = (followers.next(), followers.next()) else {
            continue;
        };
        if s.tokens[lord.player as usize] > 0 {
            found.push((root, lord.player));
        }
    }
    found.sort_by_key(|&(_, seat)| (seat as usize + n - turn_of) % n);
    found
}

/// `seat` builds a castle on the completed small city `root`: a token leaves its hand, its
/// follower there stays as the lord, and the other figures there (a builder) go home.
pub(crate) fn build(
    t: &mut Table,
    s: &mut BridgesState,
    root: u32,
    seat: usize,
    out: &mut TurnOutcome,
) {
    s.tokens[seat] -= 1;
    let tiles: Vec<Pos> = t
        .features
        .members(root)
        .map(|node| t.board.tiles[t.features.nodes[node as usize].tile as usize].pos)
        .collect();
    let at = [tiles[0], tiles[tiles.len() - 1]];
    s.castles.push(Castle {
        root,
        at,
        owner: seat as u8,
        fresh: true,
    });
    t.castles.push(root);
    let mut i = 0;
    while i < t.meeples.len() {
        let m = t.meeples[i];
        if !m.figure.is_follower() && t.root_of(&m) == Some(root) {
            t.return_meeple(i, &mut out.returned);
        } else {
            i += 1;
        }
    }
}

/// The turn under way is over: its castles may score from now on.
pub(crate) fn turn_over(s: &mut BridgesState) {
    for c in &mut s.castles {
        c.fresh = false;
    }
}

/// A feature completed this turn, as the castles see it: what it is worth and whether a square
/// lies in a fief.
pub(crate) struct Completed {
    /// Its full value.
    pub(crate) points: u32,
    /// A city or road's root, or a cloister's square.
    pub(crate) what: CompletedKind,
}

/// Which feature a [`Completed`] is.
pub(crate) enum CompletedKind {
    /// A city or road.
    Feature(u32),
    /// A cloister (its own square counts).
    Cloister(Pos),
}

/// Whether the completed feature has a square in `fief`.
fn touches(t: &Table, what: &CompletedKind, fief: &[Pos; 6]) -> bool {
    match *what {
        CompletedKind::Cloister(p) => fief.contains(&p),
        CompletedKind::Feature(root) => fief.iter().any(|&p| {
            t.board.cell(p).is_some_and(|i| {
                let pt = t.board.tiles[i];
                let tile = pt.tile.get();
                (0..tile.field_base()).any(|seg| {
                    matches!(
                        tile.segment_kind(seg),
                        FeatureKind::City | FeatureKind::Road
                    ) && t.features.find(pt.first_node + seg as u32) == root
                })
            })
        }),
    }
}

/// The castles that may score this turn (occupied, not built this turn).
pub(crate) fn occupied(t: &Table, s: &BridgesState) -> Vec<Castle> {
    s.castles
        .iter()
        .filter(|c| !c.fresh)
        .filter(|c| {
            t.meeples
                .iter()
                .any(|m| m.figure.is_follower() && t.root_of(m) == Some(c.root))
        })
        .copied()
        .collect()
}

/// The castles `waiting` (from [`occupied`], each with whether its lord has strength there:
/// a figure whose strength in a city is its pennants has none) score what `completed` holds in
/// their fiefs, then each other in a chain; each lord that scores goes home. `bonus` gives a
/// set's bonus for the castle's city (the fairy's).
pub(crate) fn score(
    t: &mut Table,
    mut waiting: Vec<(Castle, bool)>,
    completed: &[Completed],
    out: &mut TurnOutcome,
    mut bonus: impl FnMut(&mut Table, u32, &mut TurnOutcome),
) {
    if waiting.is_empty() {
        return;
    }
    // Castles scored so far, with their points: the chain's features.
    let mut scored: Vec<(Castle, u32)> = Vec::new();
    loop {
        let mut progress = false;
        let mut k = 0;
        while k < waiting.len() {
            let (c, strong) = waiting[k];
            let fief = c.fief();
            let from_features = completed
                .iter()
                .filter(|f| touches(t, &f.what, &fief))
                .map(|f| f.points);
            let from_castles = scored
                .iter()
                .filter(|(o, _)| o.at.iter().any(|p| fief.contains(p)))
                .map(|&(_, p)| p);
            let Some(best) = from_features.chain(from_castles).max() else {
                k += 1;
                continue;
            };
            let points = if strong { best } else { 0 };
            let owner = c.owner as usize;
            t.scores[owner] += points;
            out.events.push(ScoreEvent {
                reason: Reason::Castle,
                complete: true,
                points,
                players: vec![owner],
                tiles: 2,
                pennants: 0,
                at: c.at[0],
            });
            bonus(t, c.root, out);
            t.return_figures(c.root, &mut out.returned);
            scored.push((c, points));
            waiting.swap_remove(k);
            progress = true;
        }
        if !progress || waiting.is_empty() {
            break;
        }
    }
}

// ----- bazaars -----

/// Step "after placing": a bazaar tile from the stack placed while no bazaar runs brings one
/// at the end of the turn.
pub(crate) fn after_place(s: &mut BridgesState, tile: &TileType) {
    if tile.symbols.bazaar && s.bazaar.is_none() {
        s.due = true;
    }
}

impl Lot {
    /// The tile.
    pub(crate) fn tile(&self) -> TileId {
        self.drawn.turn_tile().map_or(TileId(0), |(t, _)| t)
    }
}

/// A bazaar as everyone sees it (Bridges, Castles & Bazaars): its tiles, who took each and
/// for what, and the auction under way.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BazaarView {
    /// The tiles turned up, in that order (an index here is a tile's number in
    /// [`Action::Bazaar`]).
    pub tiles: Vec<BazaarTile>,
    /// The seat choosing now, while the auction runs.
    pub chooser: Option<usize>,
    /// The tile under auction: its index, the highest bid and the seat that made it.
    pub auction: Option<(usize, u32, usize)>,
}

/// A tile of a bazaar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BazaarTile {
    /// The tile.
    pub tile: TileId,
    /// The seat that took it.
    pub owner: Option<usize>,
    /// The points its owner paid, or was paid when he sold it (0: free).
    pub price: u32,
    /// The seat the points went to: the seller or the highest bidder; `None` when they went
    /// to nobody (a bid nobody raised) or the tile was free.
    pub paid_to: Option<usize>,
    /// Its owner's turn began with it.
    pub played: bool,
}

/// The bazaar under way, as everyone sees it.
pub(crate) fn view(s: &BridgesState) -> Option<BazaarView> {
    let b = s.bazaar.as_ref()?;
    let done = b.offer.iter().all(|l| l.owner.is_some());
    Some(BazaarView {
        tiles: b
            .offer
            .iter()
            .map(|l| BazaarTile {
                tile: l.tile(),
                owner: l.owner.map(usize::from),
                price: l.price.0,
                paid_to: l.price.1.map(usize::from),
                played: l.played,
            })
            .collect(),
        chooser: (!done).then_some(b.chooser as usize),
        auction: b.auction.map(|(t, bid, by)| (t as usize, bid, by as usize)),
    })
}

/// What the start of a turn does with the bazaar, for the seat `turn_of` of `players`, with
/// `left` tiles in the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnStart {
    /// Nothing: the seat draws.
    Draw,
    /// The bazaar's tiles are turned up.
    Offer,
    /// The seat's turn begins with its tile from the bazaar.
    Held,
}

/// Step "start of a turn": a bazaar's round ends once each of its tiles began a turn, a bazaar
/// due is held (when the stack holds a tile for each player), and a player of the round begins
/// the turn with his tile.
pub(crate) fn turn_start(
    s: &mut BridgesState,
    turn_of: usize,
    players: usize,
    left: u32,
) -> TurnStart {
    if s.bazaar
        .as_ref()
        .is_some_and(|b| b.offer.iter().all(|l| l.played))
    {
        s.bazaar = None;
    }
    if std::mem::take(&mut s.due) && s.bazaar.is_none() && left as usize >= players {
        s.bazaar = Some(Bazaar {
            chooser: turn_of as u8,
            ..Bazaar::default()
        });
        return TurnStart::Offer;
    }
    if held(s, turn_of).is_some() {
        return TurnStart::Held;
    }
    TurnStart::Draw
}

/// The tile `seat` took at the bazaar and has not played yet.
pub(crate) fn held(s: &BridgesState, seat: usize) -> Option<Lot> {
    let b = s.bazaar.as_ref()?;
    b.offer
        .iter()
        .find(|l| l.owner == Some(seat as u8) && !l.played)
        .copied()
}

/// Whether some seat still holds a tile from the bazaar (the game goes on without a stack).
pub(crate) fn holds_tiles(s: &BridgesState) -> bool {
    s.bazaar
        .as_ref()
        .is_some_and(|b| b.offer.iter().any(|l| l.owner.is_some() && !l.played))
}

/// Checks the tile `seat`'s turn begins with: the one it took at the bazaar.
pub(crate) fn check_taken(
    s: &BridgesState,
    seat: usize,
    drawn: Action,
) -> Result<Lot, BridgesError> {
    let lot = held(s, seat).ok_or(BridgesError::NotInGame)?;
    if lot.drawn != drawn {
        return Err(BridgesError::NotTaken {
            held: lot.tile(),
            asked: drawn.turn_tile().map_or(lot.tile(), |(t, _)| t),
        });
    }
    Ok(lot)
}

/// Marks `seat`'s tile from the bazaar played (its turn began with it).
pub(crate) fn take(s: &mut BridgesState, seat: usize) {
    if let Some(b) = s.bazaar.as_mut() {
        if let Some(l) = b
            .offer
            .iter_mut()
            .find(|l| l.owner == Some(seat as u8) && !l.played)
        {
            l.played = true;
        }
    }
}

/// What the auction waits for after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Another tile turned up.
    Offer,
    /// This seat chooses a tile and bids.
    Choose(u8),
    /// This seat may raise.
    Raise(u8),
    /// The chooser buys or sells.
    Deal(u8),
    /// Every tile has its owner: the round begins.
    Done,
}

/// Step "offer": the tile `drawn` names ([`Action::Draw`]) turned up for the bazaar of
/// `players` seats.
pub(crate) fn offer(s: &mut BridgesState, drawn: Action, players: usize) -> Next {
    let b = s.bazaar.as_mut().expect("a bazaar is being offered");
    b.offer.push(Lot {
        drawn,
        owner: None,
        price: (0, None),
        played: false,
    });
    if b.offer.len() < players {
        return Next::Offer;
    }
    Next::Choose(b.chooser)
}

/// Checks a chooser's tile and bid.
pub(crate) fn check_choice(
    t: &Table,
    s: &BridgesState,
    rule: BazaarRule,
    seat: usize,
    tile: u8,
    bid: u32,
) -> Result<(), BridgesError> {
    let b = s.bazaar.as_ref().ok_or(BridgesError::NotInGame)?;
    let Some(lot) = b.offer.get(tile as usize) else {
        return Err(BridgesError::NotOnOffer {
            tile,
            offered: b.offer.len(),
        });
    };
    if lot.owner.is_some() {
        return Err(BridgesError::Taken(tile));
    }
    if rule == BazaarRule::NoAuction && bid > 0 {
        return Err(BridgesError::NoAuction);
    }
    check_score(t, seat, bid)
}

/// A bid is at most the bidder's score.
fn check_score(t: &Table, seat: usize, bid: u32) -> Result<(), BridgesError> {
    let score = t.scores[seat];
    if bid > score {
        return Err(BridgesError::TooPoor { bid, score });
    }
    Ok(())
}

/// Step "choose": `seat` takes the tile `tile` to auction, bidding `bid` (checked); without an
/// auction it is his at once.
pub(crate) fn choose(
    t: &mut Table,
    s: &mut BridgesState,
    rule: BazaarRule,
    seat: usize,
    tile: u8,
    bid: u32,
) -> Next {
    let b = s.bazaar.as_mut().expect("an auction runs");
    if rule == BazaarRule::NoAuction {
        b.offer[tile as usize].owner = Some(seat as u8);
        return next_chooser(b, t.scores.len());
    }
    b.auction = Some((tile, bid, seat as u8));
    next_bidder(t, b, seat)
}

/// Checks a raise of `seat`.
pub(crate) fn check_raise(
    t: &Table,
    s: &BridgesState,
    seat: usize,
    bid: u32,
) -> Result<(), BridgesError> {
    let (_, current, _) = s
        .bazaar
        .as_ref()
        .and_then(|b| b.auction)
        .ok_or(BridgesError::NotInGame)?;
    if bid <= current {
        return Err(BridgesError::NotHigher { bid, current });
    }
    check_score(t, seat, bid)
}

/// Step "raise": `seat` bids `bid` (checked), or passes (`None`); the next seat is asked.
pub(crate) fn raise(t: &mut Table, s: &mut BridgesState, seat: usize, bid: Option<u32>) -> Next {
    let b = s.bazaar.as_mut().expect("an auction runs");
    if let (Some(bid), Some(a)) = (bid, b.auction.as_mut()) {
        a.1 = bid;
        a.2 = seat as u8;
    }
    next_bidder(t, b, seat)
}

/// The seat after `after` without a tile that is asked to raise, or the auction's end: the
/// chooser takes the tile when nobody raised, or is asked to buy or sell.
fn next_bidder(t: &mut Table, b: &mut Bazaar, after: usize) -> Next {
    let n = t.scores.len();
    let chooser = b.chooser as usize;
    let mut seat = (after + 1) % n;
    while seat != chooser {
        if !owns(b, seat) {
            return Next::Raise(seat as u8);
        }
        seat = (seat + 1) % n;
    }
    let (tile, bid, bidder) = b.auction.expect("an auction runs");
    if bidder as usize == chooser {
        // Nobody raised: the chooser pays his bid to nobody.
        t.scores[chooser] -= bid;
        let lot = &mut b.offer[tile as usize];
        lot.owner = Some(chooser as u8);
        lot.price = (bid, None);
        b.auction = None;
        return next_chooser(b, n);
    }
    Next::Deal(b.chooser)
}

/// Checks the chooser's deal: buying needs the points to pay.
pub(crate) fn check_deal(t: &Table, s: &BridgesState, buy: bool) -> Result<(), BridgesError> {
    let b = s.bazaar.as_ref().ok_or(BridgesError::NotInGame)?;
    let (_, bid, _) = b.auction.ok_or(BridgesError::NotInGame)?;
    let score = t.scores[b.chooser as usize];
    if buy && bid > score {
        return Err(BridgesError::CannotPay { bid, score });
    }
    Ok(())
}

/// Step "deal": the chooser buys the tile (paying the highest bid to its bidder) or sells it
/// (the bidder pays him); the next chooser is asked.
pub(crate) fn deal(t: &mut Table, s: &mut BridgesState, buy: bool) -> Next {
    let b = s.bazaar.as_mut().expect("an auction runs");
    let (tile, bid, bidder) = b.auction.take().expect("an auction runs");
    let chooser = b.chooser;
    let (owner, payee) = if buy {
        (chooser, bidder)
    } else {
        (bidder, chooser)
    };
    t.scores[owner as usize] -= bid;
    t.scores[payee as usize] += bid;
    let lot = &mut b.offer[tile as usize];
    lot.owner = Some(owner);
    lot.price = (bid, Some(payee));
    next_chooser(b, t.scores.len())
}

fn owns(b: &Bazaar, seat: usize) -> bool {
    b.offer.iter().any(|l| l.owner == Some(seat as u8))
}

/// The next seat after the chooser without a tile chooses; the last one left takes the last
/// tile for free.
fn next_chooser(b: &mut Bazaar, n: usize) -> Next {
    let free = b.offer.iter().filter(|l| l.owner.is_none()).count();
    if free == 0 {
        return Next::Done;
    }
    let mut seat = b.chooser as usize;
    for _ in 0..n {
        seat = (seat + 1) % n;
        if !owns(b, seat) {
            break;
        }
    }
    b.chooser = seat as u8;
    if free == 1 {
        if let Some(l) = b.offer.iter_mut().find(|l| l.owner.is_none()) {
            l.owner = Some(seat as u8);
        }
        return Next::Done;
    }
    Next::Choose(seat as u8)
}

/// The decisions of a bazaar, listed: the tiles left to choose with every bid the chooser can
/// pay (0 alone without auction); a pass, then every higher bid the seat can pay; buying (when
/// the chooser can pay), then selling.
pub(crate) fn for_each_step(
    t: &Table,
    s: &BridgesState,
    rule: BazaarRule,
    decision: crate::engine::action::Decision,
    seat: usize,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    use crate::engine::action::Decision;
    let Some(b) = s.bazaar.as_ref() else {
        return ControlFlow::Continue(());
    };
    let score = t.scores[seat];
    match decision {
        Decision::Bazaar => {
            let most = if rule == BazaarRule::NoAuction {
                0
            } else {
                score
            };
            for (i, l) in b.offer.iter().enumerate() {
                if l.owner.is_none() {
                    for bid in 0..=most {
                        f(Action::Bazaar { tile: i as u8, bid })?;
                    }
                }
            }
        }
        Decision::Raise => {
            f(Action::Pass)?;
            if let Some((_, current, _)) = b.auction {
                for bid in current + 1..=score {
                    f(Action::Raise { bid })?;
                }
            }
        }
        Decision::Deal => {
            if check_deal(t, s, true).is_ok() {
                f(Action::Deal { buy: true })?;
            }
            f(Action::Deal { buy: false })?;
        }
        _ => {}
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::Meeting;
    use crate::engine::geom::{Axis, Rotation, Side};
    use crate::engine::tiles::{catalog, edge_key, key_edges, EdgeKind};

    /// A cell's key as a bridge may meet it keeps its cities and rivers and drops its roads and
    /// fields, side by side.
    #[test]
    fn a_bridged_key_keeps_cities_and_rivers() {
        for key in 0..625u16 {
            let kept = key_edges(super::key_bridged(key));
            for (side, (was, now)) in key_edges(key).into_iter().zip(kept).enumerate() {
                let expected = was.filter(|e| matches!(e, EdgeKind::City | EdgeKind::River));
                assert_eq!(now, expected, "key {key}, side {side}");
            }
        }
    }

    /// The table of rotations where a bridge might be laid, built side by side, gives for each
    /// tile and each empty cell's edges (encoded as the board encodes them) what the cell's
    /// meeting with the tile says when worked out whole, on the tile placed and beside it: a
    /// cell it passes over has no bridge. The edges read back from the key are the cell's.
    #[test]
    fn bridge_rotations_follow_each_cells_edges() {
        const KINDS: [EdgeKind; 4] = [
            EdgeKind::Field,
            EdgeKind::Road,
            EdgeKind::City,
            EdgeKind::River,
        ];
        let table = super::bridge_rotations();
        let (mut on_tile, mut beside, mut passed) = (0, 0, 0);
        for printed in &catalog().tiles {
            let row = &table[usize::from(printed.index.0)];
            for choice in 0..625usize {
                let mut theirs = [None; 4];
                let mut key = 0u16;
                for side in Side::ALL {
                    let d = choice / 5usize.pow(side as u32) % 5;
                    if d > 0 {
                        theirs[side as usize] = Some(KINDS[d - 1]);
                        key += edge_key(side, KINDS[d - 1]);
                    }
                }
                assert_eq!(key_edges(key), theirs, "key {key}");
                for rotation in Rotation::ALL {
                    let m = Meeting::new(&printed.view(rotation).edges, &theirs);
                    let on = Axis::ALL
                        .into_iter()
                        .any(|axis| m.on_tile(printed, rotation, axis));
                    let by = (0..4)
                        .any(|k| theirs[k].is_some() && (m.beside(k, true) || m.beside(k, false)));
                    let bit = 1 << rotation.quarter_turns();
                    let listed = (
                        row[usize::from(key)] & bit != 0,
                        row[usize::from(key)] >> 4 & bit != 0,
                    );
                    assert_eq!(
                        listed,
                        (on, by),
                        "{} turned {rotation:?} beside {theirs:?}",
                        printed.id
                    );
                    on_tile += usize::from(on);
                    beside += usize::from(by);
                    passed += usize::from(!on && !by);
                }
            }
        }
        // The table passes over most cells and keeps some of each kind.
        assert!(
            on_tile > 1000 && beside > 1000 && passed > on_tile + beside,
            "{on_tile} on the tile, {beside} beside, {passed} passed over"
        );
    }

    /// A bridge turns a tile's two edges on its axis into roads and changes no other, in every
    /// rotation: what lets [`super::for_each_bridged`] skip the bridges that cannot fit.
    #[test]
    fn bridge_variants_turn_their_axis_into_roads_only() {
        let mut seen = 0;
        for printed in &catalog().tiles {
            for rotation in Rotation::ALL {
                for axis in Axis::ALL {
                    let Some(variant) = printed.bridges[axis.rotate(rotation) as usize] else {
                        continue;
                    };
                    let (before, after) = (printed.view(rotation), variant.get().view(rotation));
                    for side in Side::ALL {
                        if axis.sides().contains(&side) {
                            assert_eq!(
                                after.edges[side as usize],
                                EdgeKind::Road,
                                "{} turned {rotation:?}, bridge {axis:?}, side {side:?}",
                                printed.id
                            );
                        } else {
                            assert_eq!(
                                before.edges[side as usize], after.edges[side as usize],
                                "{} turned {rotation:?}, bridge {axis:?}, side {side:?}",
                                printed.id
                            );
                        }
                    }
                    seen += 1;
                }
            }
        }
        assert!(seen > 50, "only {seen} bridged views looked at");
    }
}
