//! The Princess & the Dragon: the volcano and the dragon, the fairy, magic portals and the
//! princess.
//!
//! - A volcano tile takes no figure; the dragon flies to it at once. Dragon tiles drawn while no
//!   volcano is out are set aside (the same player draws again) and come back into the draw when
//!   the first volcano is placed.
//! - After a dragon tile (after its features are scored, or before with the `before-scoring`
//!   option) the dragon makes a journey of 6 steps, each decided by the next player in seat order
//!   from the current one; it never enters a tile twice in one journey (its start counts), nor
//!   the fairy's tile, nor an empty space, and stops early when stuck. Every figure on a tile it
//!   enters goes home; a builder or pig leaves with its owner's last follower on its feature.
//!   No figure may be placed on the dragon's tile.
//! - Instead of a figure, a player may move the fairy onto a tile where they have a follower. The
//!   dragon never enters its tile; a player whose turn starts with a follower on its tile scores 1
//!   (once, even in a builder's double turn); when a feature is scored, each player with a
//!   follower of that feature on its tile scores 3 more.
//! - After a magic portal tile, a follower (normal or large) may go onto any unoccupied,
//!   incomplete feature of any placed tile.
//! - A princess tile whose princess city joins a city with knights sends one of them home
//!   (compulsory unless the `may` option); then nothing else is placed that turn.

use crate::engine::action::{Action, Capture, ScoreEvent, TurnOutcome};
use crate::engine::board::PlacedTile;
use crate::engine::error::PrincessError;
use crate::engine::geom::{Pos, Side};
use crate::engine::table::{on_feature, segment_spot, spot_segment, PlaceNames, Table, NO_SEGMENT};
use crate::engine::tiles::{FeatureKind, TileId, TileType, MAX_SEGMENTS};
use crate::engine::types::FarmRule;
use crate::engine::types::{Figure, PrincessRule, Reason, Spot};
use std::ops::ControlFlow;

/// Steps of a dragon's journey.
pub const JOURNEY: u8 = 6;

/// The state of the set: where the dragon and the fairy are, the dragon tiles set aside and the
/// journey in progress.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct PrincessState {
    /// Placement index of the dragon's tile (`None` until the first volcano).
    pub(crate) dragon: Option<u16>,
    /// Placement index of the fairy's tile (`None` while it stands beside the board).
    pub(crate) fairy: Option<u16>,
    /// Dragon tiles drawn before the first volcano (with their garden flag), waiting to go back
    /// into the draw.
    pub(crate) set_aside: Vec<(TileId, bool)>,
    /// The dragon's journey in progress.
    pub(crate) journey: Option<Journey>,
}

clone_fields!(PrincessState {
    dragon,
    fairy,
    set_aside,
    journey
});

/// A dragon's journey in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Journey {
    /// Tiles entered so far, the start included (placement indices), in the first `entered`
    /// slots: a journey is its start and at most [`JOURNEY`] steps (no allocation per journey).
    visited: [u16; JOURNEY as usize + 1],
    /// How many of `visited` are set (at least the start).
    entered: u8,
    /// With the `before-scoring` option: the tile whose features score after the journey.
    pub(crate) score_after: Option<usize>,
}

impl Journey {
    /// A journey from the tile with placement index `start`.
    fn new(start: u16, score_after: Option<usize>) -> Journey {
        let mut visited = [0; JOURNEY as usize + 1];
        visited[0] = start;
        Journey {
            visited,
            entered: 1,
            score_after,
        }
    }

    /// The tiles entered so far, the start first.
    pub(crate) fn visited(&self) -> &[u16] {
        &self.visited[..usize::from(self.entered)]
    }

    /// The dragon enters tile `index` (a step past the last is not recorded: the rules end the
    /// journey before).
    fn enter(&mut self, index: u16) {
        debug_assert!(
            usize::from(self.entered) < self.visited.len(),
            "a step too many"
        );
        if let Some(slot) = self.visited.get_mut(usize::from(self.entered)) {
            *slot = index;
            self.entered += 1;
        }
    }

    /// Steps taken so far.
    pub(crate) fn steps(&self) -> u8 {
        self.entered - 1
    }
}

/// Whether a drawn tile is set aside: a dragon tile while no volcano is out.
pub(crate) fn sets_aside(s: &PrincessState, tile: TileId) -> bool {
    s.dragon.is_none() && tile.get().symbols.dragon
}

/// After a tile is placed: a volcano brings the dragon; returns the set-aside dragon tiles, which
/// go back into the draw.
pub(crate) fn after_place(t: &Table, s: &mut PrincessState, index: usize) -> Vec<(TileId, bool)> {
    if !t.board.tiles[index].tile.get().symbols.volcano {
        return Vec::new();
    }
    s.dragon = Some(index as u16);
    std::mem::take(&mut s.set_aside)
}

/// Checks that a figure may go on the tile with placement index `index`: not the dragon's.
pub(crate) fn check_tile(t: &Table, s: &PrincessState, index: usize) -> Result<(), PrincessError> {
    let pos = t.board.tiles[index].pos;
    if s.dragon == Some(index as u16) {
        let fresh_volcano =
            t.board.tiles[index].tile.get().symbols.volcano && t.board.tiles.len() - 1 == index;
        return Err(if fresh_volcano {
            PrincessError::Volcano
        } else {
            PrincessError::DragonHere(pos)
        });
    }
    Ok(())
}

/// The root of the city the princess of the tile `index` joins, if it holds knights.
pub(crate) fn princess_city(t: &Table, index: usize) -> Option<u32> {
    let placed = t.board.tiles[index];
    let tile = placed.tile.get();
    let seg = tile.princess_segment()?;
    let root = t.features.find(placed.first_node + seg as u32);
    t.features.data[root as usize].occupied().then_some(root)
}

/// Whether the player must use the princess now (compulsory, and a city with knights joined).
pub(crate) fn princess_due(t: &Table, index: usize) -> bool {
    t.rules.princess == PrincessRule::Must && princess_city(t, index).is_some()
}

/// The knights of the city the princess joins: every follower in it (normal and large, and
/// the other sets' followers that stand in cities: a mayor, a wagon).
pub(crate) fn knights(t: &Table, index: usize) -> Vec<(usize, Capture)> {
    let Some(root) = princess_city(t, index) else {
        return Vec::new();
    };
    t.meeples
        .iter()
        .enumerate()
        .filter(|(_, m)| m.figure.is_follower() && t.root_of(m) == Some(root))
        .map(|(i, m)| {
            (
                i,
                Capture {
                    on: t.board.tiles[m.tile_index as usize].pos,
                    spot: m.spot,
                },
            )
        })
        .collect()
}

/// Lists the knights the princess on the tile `index` may send home.
pub(crate) fn for_each_knight(
    t: &Table,
    index: usize,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (_, knight) in knights(t, index) {
        f(Action::Princess { knight })?;
    }
    ControlFlow::Continue(())
}

/// Checks the knight the princess sends home; returns its index in `meeples`.
pub(crate) fn check_princess(
    t: &Table,
    s: Option<&PrincessState>,
    index: usize,
    knight: Capture,
) -> Result<usize, PrincessError> {
    if s.is_none() {
        return Err(PrincessError::NotInGame);
    }
    if t.board.tiles[index].tile.get().princess_segment().is_none() {
        return Err(PrincessError::NoPrincess);
    }
    let on_tile = |c: &Capture| {
        let p = t.board.tiles[t.board.cell(c.on)?];
        spot_segment(p.tile, p.rotation, c.spot).map(|s| segment_spot(p.tile, p.rotation, s))
    };
    let canonical = on_tile(&knight).unwrap_or(knight.spot);
    knights(t, index)
        .into_iter()
        .find(|(_, c)| c.on == knight.on && c.spot == canonical)
        .map(|(i, _)| i)
        .ok_or(PrincessError::NotAKnight {
            on: knight.on,
            spot: knight.spot,
        })
}

/// Sends a checked knight (meeple `i`) home.
pub(crate) fn send_home(t: &mut Table, i: usize, out: &mut TurnOutcome) {
    let m = t.meeples[i];
    let pos = t.board.tiles[m.tile_index as usize].pos;
    t.remove_figure(i, out);
    out.sent_home.push((m.player as usize, m.figure, pos));
}

/// Checks a move of the fairy onto the tile at `at`; returns its placement index.
pub(crate) fn check_fairy(
    t: &Table,
    s: Option<&PrincessState>,
    seat: usize,
    at: Pos,
) -> Result<u16, PrincessError> {
    let s = s.ok_or(PrincessError::NotInGame)?;
    let index = t.board.cell(at).ok_or(PrincessError::NoTile(at))?;
    if s.fairy == Some(index as u16) {
        return Err(PrincessError::FairyThere(at));
    }
    if !t.follower_tiles.has(seat, index) {
        return Err(PrincessError::FairyNeedsFollower(at));
    }
    Ok(index as u16)
}

/// Lists the fairy's moves onto each tile with one of `seat`'s followers (but the one it is
/// on): what [`check_fairy`] accepts, read from the tiles the table keeps per seat.
pub(crate) fn for_each_fairy(
    t: &Table,
    s: &PrincessState,
    seat: usize,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let fairy = s.fairy.map(usize::from);
    for (w, words) in t.follower_tiles.words().iter().enumerate() {
        let mut rest = words[seat];
        while rest != 0 {
            let i = w * 64 + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if Some(i) != fairy {
                f(Action::Fairy {
                    at: t.board.tiles[i].pos,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// At the start of `seat`'s turn: 1 point if one of their followers stands on the fairy's tile.
pub(crate) fn turn_start(t: &mut Table, s: &PrincessState, seat: usize, out: &mut TurnOutcome) {
    let Some(f) = s.fairy else {
        return;
    };
    if t.follower_tiles.has(seat, f as usize) {
        t.scores[seat] += 1;
        out.events.push(ScoreEvent {
            reason: Reason::Fairy,
            complete: true,
            points: 1,
            players: vec![seat],
            tiles: 0,
            pennants: 0,
            at: t.board.tiles[f as usize].pos,
        });
    }
}

/// The fairy's 3 points when the feature with root `root` is scored: to each player with a
/// follower of that feature on the fairy's tile.
pub(crate) fn fairy_bonus(t: &Table, s: &PrincessState, root: u32) -> Option<ScoreEvent> {
    let f = s.fairy?;
    let mut players: Vec<usize> = t
        .meeples
        .iter()
        .filter(|m| m.tile_index == f && t.root_of(m) == Some(root))
        .map(|m| m.player as usize)
        .collect();
    players.sort_unstable();
    players.dedup();
    (!players.is_empty()).then(|| ScoreEvent {
        reason: Reason::Fairy,
        complete: true,
        points: 3,
        players,
        tiles: 0,
        pennants: 0,
        at: t.board.tiles[f as usize].pos,
    })
}

/// The fairy's 3 points when the garden of the tile `index` is scored with the abbot of `player`
/// on it: the abbot is a follower, and the garden a feature of that one tile (issue 41; as
/// JCloisterZone does). Calling the abbot back scores the abbot, not the garden, so it brings no
/// bonus.
pub(crate) fn fairy_bonus_on_tile(
    t: &Table,
    s: &PrincessState,
    index: usize,
    player: usize,
) -> Option<ScoreEvent> {
    (s.fairy == Some(index as u16)).then(|| ScoreEvent {
        reason: Reason::Fairy,
        complete: true,
        points: 3,
        players: vec![player],
        tiles: 0,
        pennants: 0,
        at: t.board.tiles[index].pos,
    })
}

/// Whether the tile just placed (`index`) starts a journey: a dragon tile with the dragon out.
pub(crate) fn dragon_tile(t: &Table, s: &PrincessState, index: usize) -> bool {
    s.dragon.is_some() && t.board.tiles[index].tile.get().symbols.dragon
}

/// Starts a journey; false if the dragon cannot take a single step.
pub(crate) fn start_journey(t: &Table, s: &mut PrincessState, score_after: Option<usize>) -> bool {
    let Some(d) = s.dragon else {
        return false;
    };
    s.journey = Some(Journey::new(d, score_after));
    if steps(t, Some(s)).next().is_none() {
        s.journey = None;
        return false;
    }
    true
}

/// The legal steps of the journey in progress.
pub(crate) fn steps(t: &Table, s: Option<&PrincessState>) -> impl Iterator<Item = Side> {
    let mut sides = 0u8;
    if let Some(s) = s {
        if let (Some(d), Some(j)) = (s.dragon, s.journey.as_ref()) {
            let at = t.board.tiles[d as usize].pos;
            for side in Side::ALL {
                let open = t.board.cell(at.step(side)).is_some_and(|i| {
                    let i = i as u16;
                    !j.visited().contains(&i) && s.fairy != Some(i)
                });
                sides |= (open as u8) << side as u8;
            }
        }
    }
    Side::ALL
        .into_iter()
        .filter(move |&side| sides & (1 << side as u8) != 0)
}

/// Lists the steps of the journey in progress.
pub(crate) fn for_each_step(
    t: &Table,
    s: Option<&PrincessState>,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for side in steps(t, s) {
        f(Action::MoveDragon { side })?;
    }
    ControlFlow::Continue(())
}

/// Checks one step of the dragon.
pub(crate) fn check_step(
    t: &Table,
    s: Option<&PrincessState>,
    side: Side,
) -> Result<(), PrincessError> {
    let s = s.ok_or(PrincessError::NotInGame)?;
    let d = s.dragon.ok_or(PrincessError::NoJourney)?;
    let j = s.journey.as_ref().ok_or(PrincessError::NoJourney)?;
    let to = t.board.tiles[d as usize].pos.step(side);
    let Some(i) = t.board.cell(to) else {
        return Err(PrincessError::DragonEmpty { side, to });
    };
    if j.visited().contains(&(i as u16)) {
        return Err(PrincessError::DragonVisited { side, to });
    }
    if s.fairy == Some(i as u16) {
        return Err(PrincessError::DragonFairy { side, to });
    }
    Ok(())
}

/// Takes a checked step: the dragon enters the tile and every figure there goes home. Returns
/// whether the journey goes on, and with the `before-scoring` option the tile to score now.
pub(crate) fn step(
    t: &mut Table,
    s: &mut PrincessState,
    side: Side,
    out: &mut TurnOutcome,
) -> (bool, Option<usize>) {
    let Some(d) = s.dragon else {
        return (false, None);
    };
    let to = t.board.tiles[d as usize].pos.step(side);
    let Some(index) = t.board.cell(to) else {
        return (false, None);
    };
    s.dragon = Some(index as u16);
    if let Some(j) = s.journey.as_mut() {
        j.enter(index as u16);
    }
    out.dragon_path.push(to);
    // Every figure on the tile; a barn stands on a corner, not on the tile, and stays, and a
    // castle's lord is out of the dragon's reach.
    while let Some(i) = t
        .meeples
        .iter()
        .position(|m| m.tile_index as usize == index && !m.figure.on_corner() && !t.in_castle(m))
    {
        let m = t.meeples[i];
        t.remove_figure(i, out);
        out.sent_home.push((m.player as usize, m.figure, to));
    }
    let done = s.journey.as_ref().is_none_or(|j| j.steps() >= JOURNEY)
        || steps(t, Some(s)).next().is_none();
    if !done {
        return (true, None);
    }
    let score_after = s.journey.take().and_then(|j| j.score_after);
    (false, score_after)
}

/// Checks a follower (normal or large) onto the tile at `on` after a magic portal; returns the
/// tile's placement index and the segment.
pub(crate) fn check_portal(
    t: &Table,
    s: Option<&PrincessState>,
    seat: usize,
    just_placed: usize,
    on: Pos,
    figure: Figure,
    spot: Spot,
) -> Result<(usize, u8), PrincessError> {
    let Some(s) = s else {
        return Err(PrincessError::NotInGame);
    };
    if !t.board.tiles[just_placed].tile.get().symbols.portal {
        return Err(PrincessError::NoPortal);
    }
    if !figure.capturable() || !t.has_figure(figure) {
        return Err(PrincessError::PortalFigure(figure));
    }
    if !t.supply[seat].has(figure) {
        return Err(PrincessError::NoneLeft(figure));
    }
    let index = t.board.cell(on).ok_or(PrincessError::NoTile(on))?;
    check_tile(t, s, index)?;
    let p = t.board.tiles[index];
    // A garden or a tower's top is no segment: no portal leads there.
    let seg =
        spot_segment(p.tile, p.rotation, spot).ok_or(PrincessError::NoSuchPlace { on, spot })?;
    if !figure.goes_on(p.tile.get().segment_kind(seg)) {
        return Err(PrincessError::PortalPlace { figure, spot });
    }
    portal_target(t, index, seg)?;
    Ok((index, seg as u8))
}

/// The checks of [`check_portal`] that depend only on the target segment (not on the figure):
/// farmers allowed, the feature free and not complete. The dragon's tile is checked apart.
pub(crate) fn portal_target(t: &Table, index: usize, seg: usize) -> Result<(), PrincessError> {
    let p = t.board.tiles[index];
    let kind = p.tile.get().segment_kind(seg);
    if kind == FeatureKind::Field && t.rules.farms == FarmRule::None {
        return Err(PrincessError::NoFarmers);
    }
    let spot = || segment_spot(p.tile, p.rotation, seg);
    let data = t.features.root_data(p.first_node + seg as u32);
    if kind == FeatureKind::Field && t.field_closed(t.features.find(p.first_node + seg as u32)) {
        return Err(PrincessError::ClosedField {
            on: p.pos,
            spot: spot(),
        });
    }
    if data.occupied() {
        return Err(PrincessError::Occupied {
            on: p.pos,
            spot: spot(),
        });
    }
    let complete = match kind {
        FeatureKind::City | FeatureKind::Road => data.open == 0,
        FeatureKind::Cloister => t.segment_complete(index, seg),
        FeatureKind::Field => false,
    };
    if complete {
        return Err(PrincessError::Complete {
            on: p.pos,
            spot: spot(),
        });
    }
    debug_assert!(on_feature(seg as u8));
    Ok(())
}

/// Every target of a magic portal on the tile `index` just placed, in placement order, then
/// segment order: calls `f(tile, segment, place)` for each segment of each other tile (the
/// dragon's excepted) whose place name leads to a segment [`portal_target`] accepts. What
/// [`check_portal`] accepts, but judged once per segment in one pass: the segment kinds and
/// names are table lookups (the tables fetched once), the feature one load.
pub(crate) fn for_each_portal_target(
    t: &Table,
    s: &PrincessState,
    index: usize,
    mut f: impl FnMut(usize, usize, Spot) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let farmers = t.rules.farms != FarmRule::None;
    let dragon = s.dragon.map(usize::from);
    let names = PlaceNames::get();
    for (i, p) in t.board.tiles.iter().enumerate() {
        if i == index || Some(i) == dragon {
            continue;
        }
        let tile = p.tile.get();
        let (spots, named) = names.of(p.tile, p.rotation);
        let n = tile.segment_count().min(MAX_SEGMENTS);
        for (seg, (&target, &spot)) in named[..n].iter().zip(&spots[..n]).enumerate() {
            if target == NO_SEGMENT {
                continue;
            }
            let target = usize::from(target);
            if portal_open(t, farmers, tile, p, i, target) {
                debug_assert!(portal_target(t, i, target).is_ok());
                debug_assert_eq!(spot, segment_spot(p.tile, p.rotation, seg));
                f(i, seg, spot)?;
            } else {
                debug_assert!(portal_target(t, i, target).is_err());
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether segment `target` of tile `i` (placed as `p`, of type `tile`) is free and open: what
/// [`portal_target`] accepts, the feature read with one load.
#[inline]
fn portal_open(
    t: &Table,
    farmers: bool,
    tile: &TileType,
    p: &PlacedTile,
    i: usize,
    target: usize,
) -> bool {
    let data = t.features.root_data(p.first_node + target as u32);
    let open = match tile.segment_kind(target) {
        FeatureKind::City | FeatureKind::Road => data.open != 0,
        FeatureKind::Field => {
            farmers && !t.field_closed(t.features.find(p.first_node + target as u32))
        }
        FeatureKind::Cloister => !t.segment_complete(i, target),
    };
    open && !data.occupied()
}

/// Place `place` (in the order of the tile's place names) of tile `i` as a target of the magic
/// portal on the tile `index` just placed: its name if [`for_each_portal_target`] lists it, judged
/// alone (for sampling targets without listing them).
pub(crate) fn portal_place(
    t: &Table,
    s: &PrincessState,
    index: usize,
    i: usize,
    place: usize,
) -> Option<Spot> {
    if i == index || Some(i) == s.dragon.map(usize::from) {
        return None;
    }
    let p = t.board.tiles.get(i)?;
    let tile = p.tile.get();
    if place >= tile.segment_count().min(MAX_SEGMENTS) {
        return None;
    }
    let (spots, named) = PlaceNames::get().of(p.tile, p.rotation);
    let target = named[place];
    if target == NO_SEGMENT {
        return None;
    }
    let farmers = t.rules.farms != FarmRule::None;
    portal_open(t, farmers, tile, p, i, usize::from(target)).then_some(spots[place])
}

/// The figures a magic portal sends to another tile: the followers that stand in features.
const PORTAL_FIGURES: [Figure; 4] = Figure::CAPTURABLE;

/// Which of [`PORTAL_FIGURES`] `seat` may send through a magic portal on the tile `index` (none
/// if it has no portal).
#[inline(always)]
pub(crate) fn portal_figures(t: &Table, seat: usize, index: usize) -> [bool; 4] {
    // Nearly every tile has no portal: one test.
    if !t.board.tiles[index].tile.get().symbols.portal {
        return [false; PORTAL_FIGURES.len()];
    }
    let supply = t.supply[seat];
    PORTAL_FIGURES.map(|k| supply.has(k) && t.has_figure(k))
}

/// Lists a magic portal's moves on the tile `index` just placed: `seat`'s follower onto any
/// other tile's free, open feature. (The checks of [`check_portal`], the figure's apart from
/// the target's: [`for_each_portal_target`] judges each target segment once.)
pub(crate) fn for_each_portal(
    t: &Table,
    s: &PrincessState,
    seat: usize,
    index: usize,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let figures = portal_figures(t, seat, index);
    if !figures.contains(&true) {
        return ControlFlow::Continue(());
    }
    for_each_portal_target(t, s, index, |i, _, spot| {
        let other = t.board.tiles[i];
        for (figure, ok) in PORTAL_FIGURES.into_iter().zip(figures) {
            if ok && figure.goes_on(spot.kind()) {
                f(Action::DeployOn {
                    on: other.pos,
                    figure,
                    spot,
                })?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// A figure action on the tile `index` (with a magic portal) drawn uniformly from `listed`, the
/// other legal actions, and the portal's targets, which may be a hundred, judged one by one
/// when listed. So a code (a tile, one of its places, a figure) is drawn among the listed
/// actions and every code, and kept if it is a listed action or a legal target. After `tries`
/// misses the targets are listed into `listed` too and one action chosen from all. Either way
/// every legal action is equally likely.
pub(crate) fn sample_portal<R: rand::Rng>(
    t: &Table,
    s: &PrincessState,
    (seat, index): (usize, usize),
    listed: &mut Vec<Action>,
    tries: usize,
    rng: &mut R,
) -> Option<Action> {
    use rand::seq::SliceRandom;
    let figures = portal_figures(t, seat, index);
    // Codes: (tile × 16 + place) × the figures that may go + which of them.
    const _: () = assert!(MAX_SEGMENTS <= 16, "a tile's places fit four bits");
    let mut kinds = [Figure::Follower; PORTAL_FIGURES.len()];
    let mut per_place = 0;
    for (k, ok) in PORTAL_FIGURES.into_iter().zip(figures) {
        if ok {
            kinds[per_place] = k;
            per_place += 1;
        }
    }
    let (n, codes) = (listed.len(), t.board.tiles.len() * 16 * per_place);
    for _ in 0..tries {
        let c = rng.gen_range(0..(n + codes) as u32) as usize;
        let Some(code) = c.checked_sub(n) else {
            return Some(listed[c]);
        };
        let (cell, figure) = (code / per_place, kinds[code % per_place]);
        let (i, place) = (cell / 16, cell % 16);
        // A code of a figure that may not stand there is a miss like any other.
        if let Some(spot) = portal_place(t, s, index, i, place).filter(|s| figure.goes_on(s.kind()))
        {
            return Some(Action::DeployOn {
                on: t.board.tiles[i].pos,
                figure,
                spot,
            });
        }
    }
    let _ = for_each_portal(t, s, seat, index, &mut |a| {
        listed.push(a);
        ControlFlow::Continue(())
    });
    listed.choose(rng).copied()
}

/// The fairy's tile and the dragon's, for pictures and status.
pub(crate) fn positions(t: &Table, s: Option<&PrincessState>) -> (Option<Pos>, Option<Pos>) {
    let pos = |i: Option<u16>| i.map(|i| t.board.tiles[i as usize].pos);
    match s {
        Some(s) => (pos(s.dragon), pos(s.fairy)),
        None => (None, None),
    }
}
