//! Hills & Sheep (`../shared/rules/hills-sheep.md`): eighteen tiles, eight with a hill, eight
//! with a vineyard, two with a cloister; the shepherds and their bag of sheep.
//!
//! - **Hills**: when players tie for the majority of a road, city or farm, the tied players with
//!   a follower on a hill tile in that feature win it alone; if all the tied players have one,
//!   or none has, the tie stands ([`HillRule::AtLeastOne`]). With
//!   [`HillRule::NumberOfFollowers`], among the tied the most followers on hill tiles win.
//! - **Under the hill**: placing a hill tile puts the stack's next tile out of the game, unseen
//!   ([`HillsState::buried`]); the live game takes it from its bag.
//! - **Vineyards**: a cloister (an abbey too) scored as completed scores 3 more for each
//!   vineyard tile among its eight neighbours; never at the end, never for an unfinished one.
//! - **Shepherds and their flocks**: instead of a follower, a player's one shepherd goes on a
//!   field of the tile just placed (one shepherd per field; farmers and barns do not matter)
//!   and draws a token from the bag of 18 ([`SheepToken::IN_BAG`]): sheep join its flock, a
//!   wolf sends it home. When a later tile of its owner extends its field, the owner grows the
//!   flock (another token) or drives it home: every seat with a shepherd in the field scores
//!   all of the field's sheep, and the shepherds and their tokens go back. A wolf sends every
//!   shepherd of the field home for nothing. A closed field scores its flock at once, whoever
//!   closed it (its owner, having extended it, may grow it first). Flocks score nothing at
//!   the end. Each token drawn is chance, like a tile: the log names it
//!   ([`Decision::Token`](crate::engine::Decision::Token)).

use crate::engine::action::{ScoreEvent, TurnOutcome};
use crate::engine::board::Board;
use crate::engine::error::HillsError;
use crate::engine::features::MAX_PLAYERS;
use crate::engine::geom::Pos;
use crate::engine::table::Table;
use crate::engine::tiles::FeatureKind;
use crate::engine::types::{Figure, HillRule, Reason, SheepToken, Spot};

/// Hills & Sheep's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HillsState {
    /// Tiles put out of the game under hills. Nobody knows their kinds, so the game keeps them
    /// among the tiles not seen yet ([`Game::remaining`](crate::engine::game::Game::remaining))
    /// and only the number left to draw goes down.
    pub(crate) buried: u32,
    /// The bag: its tokens of each kind, by [`SheepToken::index`].
    pub(crate) bag: [u8; 5],
    /// Each seat's flock: the tokens beside its shepherd, by kind (never a wolf).
    pub(crate) flocks: [[u8; 5]; MAX_PLAYERS],
    /// The flock question of the tile just placed was dealt with (the token of a shepherd
    /// placed on it drawn, or its owner's choice made); cleared when the turn goes on.
    pub(crate) asked: bool,
}

impl Default for HillsState {
    fn default() -> HillsState {
        HillsState {
            buried: 0,
            bag: SheepToken::IN_BAG,
            flocks: [[0; 5]; MAX_PLAYERS],
            asked: false,
        }
    }
}

impl HillsState {
    /// Tokens in the bag.
    pub(crate) fn in_bag(&self) -> u32 {
        self.bag.iter().map(|&c| u32::from(c)).sum()
    }

    /// The `k`-th token in the bag (`0..in_bag()`), kinds in [`SheepToken::ALL`] order: a
    /// uniform `k` draws as the bag does.
    pub(crate) fn nth_token(&self, mut k: u32) -> Option<SheepToken> {
        for (i, &c) in self.bag.iter().enumerate() {
            if k < u32::from(c) {
                return Some(SheepToken::ALL[i]);
            }
            k -= u32::from(c);
        }
        None
    }

    /// The sheep beside `seat`'s shepherd.
    pub(crate) fn sheep_of(&self, seat: usize) -> u32 {
        self.flocks[seat]
            .iter()
            .zip(SheepToken::ALL)
            .map(|(&c, t)| u32::from(c) * t.sheep())
            .sum()
    }

    /// `seat`'s flock goes back into the bag.
    fn flock_back(&mut self, seat: usize) {
        for (b, f) in self.bag.iter_mut().zip(&mut self.flocks[seat]) {
            *b += std::mem::take(f);
        }
    }
}

/// The token `token` may be drawn from the bag now.
pub(crate) fn check_token(s: &HillsState, token: SheepToken) -> Result<(), HillsError> {
    let i = token.index().ok_or(match token {
        SheepToken::Sheep(n) => HillsError::NoSuchToken(n),
        SheepToken::Wolf => HillsError::NotInBag(token),
    })?;
    if s.bag[i] == 0 {
        return Err(HillsError::NotInBag(token));
    }
    Ok(())
}

/// Where `seat`'s shepherd stands: its index among the figures on the board.
pub(crate) fn shepherd(t: &Table, seat: usize) -> Option<usize> {
    t.meeples
        .iter()
        .position(|m| m.figure == Figure::Shepherd && m.player as usize == seat)
}

/// The field (its root) of the figure at `i` among those on the board.
fn field_of(t: &Table, i: usize) -> Option<u32> {
    t.root_of(&t.meeples[i])
}

/// Whether a shepherd stands in the field `root`.
fn has_shepherd(t: &Table, root: u32) -> bool {
    t.meeples
        .iter()
        .any(|m| m.figure == Figure::Shepherd && t.root_of(m) == Some(root))
}

/// The checks of the shepherd at place `spot` (segment `seg`) of the tile `index`: a field,
/// without a shepherd (farmers and barns do not matter).
pub(crate) fn check_deploy(t: &Table, index: usize, spot: Spot, seg: u8) -> Result<(), HillsError> {
    if spot.kind() != FeatureKind::Field {
        return Err(HillsError::ShepherdPlace(spot));
    }
    let root = t.features.find(t.node_of(index, seg as usize));
    if has_shepherd(t, root) {
        return Err(HillsError::ShepherdThere(spot));
    }
    Ok(())
}

/// The field segments of the tile `index` a shepherd may go to, as bits.
pub(crate) fn shepherd_fields(t: &Table, index: usize) -> u16 {
    let placed = t.board.tiles[index];
    let tt = placed.tile.get();
    let mut bits = 0;
    for seg in tt.field_base()..tt.segment_count() {
        if tt.segment_kind(seg) == FeatureKind::Field {
            let root = t.features.find(placed.first_node + seg as u32);
            if !has_shepherd(t, root) {
                bits |= 1 << seg;
            }
        }
    }
    bits
}

/// Whether the tile `index` holds part of the field `root` (it extends it).
pub(crate) fn extends(t: &Table, index: usize, root: u32) -> bool {
    let placed = t.board.tiles[index];
    let tt = placed.tile.get();
    (tt.field_base()..tt.segment_count()).any(|seg| {
        tt.segment_kind(seg) == FeatureKind::Field
            && t.features.find(placed.first_node + seg as u32) == root
    })
}

/// The field of `seat`'s shepherd, if it stands on one.
pub(crate) fn shepherd_field(t: &Table, seat: usize) -> Option<u32> {
    shepherd(t, seat).and_then(|i| field_of(t, i))
}

/// Every shepherd of the field `root` goes home with its flock's tokens back into the bag
/// (counted in `out.returned`, like followers after a scoring: not sent home by another's
/// figure).
fn shepherds_home(t: &mut Table, s: &mut HillsState, root: u32, out: &mut TurnOutcome) {
    let mut i = 0;
    while i < t.meeples.len() {
        let m = t.meeples[i];
        if m.figure == Figure::Shepherd && t.root_of(&m) == Some(root) {
            t.return_meeple(i, &mut out.returned);
            s.flock_back(m.player as usize);
        } else {
            i += 1;
        }
    }
}

/// The flock of the field `root` is scored: every seat with a shepherd there scores all the
/// sheep of the field's shepherds; then they go home and their tokens back into the bag.
pub(crate) fn score_flock(t: &mut Table, s: &mut HillsState, root: u32, out: &mut TurnOutcome) {
    let mut owners = Vec::new();
    let mut sheep = 0;
    let mut at = None;
    for m in &t.meeples {
        if m.figure == Figure::Shepherd && t.root_of(m) == Some(root) {
            let seat = m.player as usize;
            if !owners.contains(&seat) {
                owners.push(seat);
            }
            sheep += s.sheep_of(seat);
            at.get_or_insert(t.board.tiles[m.tile_index as usize].pos);
        }
    }
    let Some(at) = at else { return };
    owners.sort_unstable();
    for &p in &owners {
        t.scores[p] += sheep;
    }
    out.events.push(ScoreEvent {
        reason: Reason::Flock,
        complete: true,
        points: sheep,
        players: owners,
        tiles: sheep,
        pennants: 0,
        at,
    });
    shepherds_home(t, s, root, out);
}

/// The token `token` (checked) drawn for `seat`'s flock: sheep join it; a wolf sends every
/// shepherd of its field home, their sheep back into the bag (the wolf is never taken out).
pub(crate) fn draw_token(
    t: &mut Table,
    s: &mut HillsState,
    seat: usize,
    token: SheepToken,
    out: &mut TurnOutcome,
) {
    match token.index() {
        Some(0) | None => {
            if let Some(root) = shepherd_field(t, seat) {
                shepherds_home(t, s, root, out);
            }
        }
        Some(i) => {
            s.bag[i] -= 1;
            s.flocks[seat][i] += 1;
        }
    }
}

/// The flocks of closed fields (no open edge left) score, whoever closed them.
pub(crate) fn score_closed(t: &mut Table, s: &mut HillsState, out: &mut TurnOutcome) {
    loop {
        let closed = t.meeples.iter().find_map(|m| {
            let root = (m.figure == Figure::Shepherd)
                .then(|| t.root_of(m))
                .flatten()?;
            (t.features.data[root as usize].open == 0).then_some(root)
        });
        match closed {
            Some(root) => score_flock(t, s, root, out),
            None => return,
        }
    }
}

/// The flocks of shepherds that left the board otherwise (the dragon ate them) go back into
/// the bag.
pub(crate) fn strays_home(t: &Table, s: &mut HillsState) {
    for seat in 0..t.scores.len() {
        if s.flocks[seat] != [0; 5] && shepherd(t, seat).is_none() {
            s.flock_back(seat);
        }
    }
}

/// Whether placing the tile at `index` puts the stack's next tile under it: a hill tile, while
/// `left` tiles remain to be drawn (none goes under a hill placed after the last one).
pub(crate) fn buries(t: &Table, index: usize, left: u32) -> bool {
    left > 0 && t.board.tiles[index].tile.get().symbols.hill
}

/// Points a vineyard adds to a completed cloister beside it.
pub(crate) const VINEYARD_POINTS: u32 = 3;

/// The vineyard tiles among the eight neighbours of `pos`.
pub(crate) fn vineyards_around(b: &Board, pos: Pos) -> u32 {
    let mut n = 0;
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) == (0, 0) {
                continue;
            }
            if let Some(i) = b.cell(Pos::new(pos.x + dx, pos.y + dy)) {
                n += u32::from(b.tiles[i].tile.get().symbols.vineyard);
            }
        }
    }
    n
}

/// The tie-break of the hills, folded into the strengths: `strength` (per seat, `n` seats) of
/// the feature made of `roots` (one, or the farms that supply a city under the per-city farm
/// rule) as the majority should read it. When several seats tie for the highest strength, each
/// of them gets 1 plus its followers on hill tiles in the feature (at most 1 with
/// [`HillRule::AtLeastOne`]) and every other seat 0, so the majority of the result is the tied
/// seats the hills favour (all of them when the hills favour none); otherwise `strength` is
/// returned as it is.
pub(crate) fn rank(
    t: &Table,
    roots: &[u32],
    strength: [u8; MAX_PLAYERS],
    n: usize,
    rule: HillRule,
) -> [u8; MAX_PLAYERS] {
    let best = strength[..n].iter().copied().max().unwrap_or(0);
    if best == 0 || strength[..n].iter().filter(|&&s| s == best).count() < 2 {
        return strength;
    }
    let mut ranked = [0u8; MAX_PLAYERS];
    for (seat, r) in ranked.iter_mut().enumerate().take(n) {
        if strength[seat] != best {
            continue;
        }
        let on_hills = t
            .meeples
            .iter()
            .filter(|m| {
                m.player as usize == seat
                    && m.figure.is_follower()
                    && t.board.tiles[m.tile_index as usize].tile.get().symbols.hill
                    && t.root_of(m).is_some_and(|r| roots.contains(&r))
            })
            .count();
        let bonus = match rule {
            HillRule::AtLeastOne => on_hills.min(1),
            HillRule::NumberOfFollowers => on_hills.min(usize::from(u8::MAX) - 1),
        };
        *r = 1 + bonus as u8;
    }
    ranked
}
