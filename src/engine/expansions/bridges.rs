//! Bridges, Castles & Bazaars (`bridges-castles-bazaars.md`): its twelve tiles and, so far, the
//! castles.
//!
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

use crate::engine::action::{ScoreEvent, TurnOutcome};
use crate::engine::geom::{Pos, Side};
use crate::engine::table::Table;
use crate::engine::tiles::FeatureKind;
use crate::engine::types::Reason;

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

/// The set's state: castle tokens in hand, the castles, and the small cities of the tile just
/// placed whose owners are still to be asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BridgesState {
    /// Castle tokens in hand per seat.
    pub(crate) tokens: Vec<u8>,
    /// The castles, in the order they were built.
    pub(crate) castles: Vec<Castle>,
    /// The small cities the tile just placed completed that may become castles, each with the
    /// seat to ask, in the order they are asked.
    pub(crate) asking: Vec<(u32, u8)>,
    /// Whether the tile just placed was looked at for castles already.
    pub(crate) asked: bool,
}

impl BridgesState {
    /// The state at the start of a game of `players` seats.
    pub(crate) fn new(players: usize) -> BridgesState {
        BridgesState {
            tokens: vec![tokens_for(players); players],
            ..BridgesState::default()
        }
    }
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
