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

use crate::engine::action::{Capture, ScoreEvent, TurnOutcome};
use crate::engine::error::PrincessError;
use crate::engine::game::{Game, TOWER_SEGMENT};
use crate::engine::geom::{Pos, Side};
use crate::engine::tiles::{FeatureKind, TileId};
use crate::engine::types::{Figure, PrincessRule, Reason, Spot};

/// Steps of a dragon's journey.
pub const JOURNEY: u8 = 6;

/// The state of the set: where the dragon and the fairy are, the dragon tiles set aside and the
/// journey in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// A dragon's journey in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Journey {
    /// Tiles entered so far, the start included (placement indices).
    pub(crate) visited: Vec<u16>,
    /// With the `before-scoring` option: the tile whose features score after the journey.
    pub(crate) score_after: Option<usize>,
}

impl Journey {
    /// Steps taken so far.
    pub(crate) fn steps(&self) -> u8 {
        (self.visited.len() - 1) as u8
    }
}

fn state(g: &Game) -> Option<&PrincessState> {
    g.exp.princess.as_ref()
}

/// Whether a drawn tile is set aside: a dragon tile while no volcano is out.
pub(crate) fn sets_aside(g: &Game, tile: TileId) -> bool {
    state(g).is_some_and(|s| s.dragon.is_none()) && tile.get().symbols.dragon
}

/// After a tile is placed: a volcano brings the dragon (and the set-aside dragon tiles back).
pub(crate) fn after_place(g: &mut Game, index: usize) {
    if !g.board.tiles[index].tile.get().symbols.volcano {
        return;
    }
    let back = match g.exp.princess.as_mut() {
        Some(s) => {
            s.dragon = Some(index as u16);
            std::mem::take(&mut s.set_aside)
        }
        None => return,
    };
    g.put_back(&back);
}

/// Checks that a figure may go on the tile with placement index `index`: not the dragon's.
pub(crate) fn check_tile(g: &Game, index: usize) -> Result<(), PrincessError> {
    let Some(s) = state(g) else {
        return Ok(());
    };
    let pos = g.board.tiles[index].pos;
    if s.dragon == Some(index as u16) {
        let fresh_volcano =
            g.board.tiles[index].tile.get().symbols.volcano && g.board.tiles.len() - 1 == index;
        return Err(if fresh_volcano {
            PrincessError::Volcano
        } else {
            PrincessError::DragonHere(pos)
        });
    }
    Ok(())
}

/// The root of the city the princess of the tile `index` joins, if it holds knights.
pub(crate) fn princess_city(g: &Game, index: usize) -> Option<u32> {
    state(g)?;
    let placed = g.board.tiles[index];
    let t = placed.tile.get();
    let seg = t.cities.iter().position(|c| c.princess)?;
    let root = g.features.find(placed.first_node + seg as u32);
    g.features.data[root as usize].occupied().then_some(root)
}

/// Whether the player must use the princess now (compulsory, and a city with knights joined).
pub(crate) fn princess_due(g: &Game, index: usize) -> bool {
    g.setup.rules.princess == PrincessRule::Must && princess_city(g, index).is_some()
}

/// The knights (normal and large followers) of the city the princess joins.
pub(crate) fn knights(g: &Game, index: usize) -> Vec<(usize, Capture)> {
    let Some(root) = princess_city(g, index) else {
        return Vec::new();
    };
    g.meeples
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            matches!(m.figure, Figure::Follower | Figure::Large) && g.root_of(m) == Some(root)
        })
        .map(|(i, m)| {
            (
                i,
                Capture {
                    on: g.board.tiles[m.tile_index as usize].pos,
                    spot: m.spot,
                },
            )
        })
        .collect()
}

/// Checks the knight the princess sends home; returns its index in `meeples`.
pub(crate) fn check_princess(
    g: &Game,
    index: usize,
    knight: Capture,
) -> Result<usize, PrincessError> {
    if state(g).is_none() {
        return Err(PrincessError::NotInGame);
    }
    if !g.board.tiles[index]
        .tile
        .get()
        .cities
        .iter()
        .any(|c| c.princess)
    {
        return Err(PrincessError::NoPrincess);
    }
    let on_tile = |c: &Capture| {
        let p = g.board.tiles[g.board.cell(c.on)?];
        Game::spot_segment(p.tile, p.rotation, c.spot)
            .map(|s| Game::segment_spot(p.tile, p.rotation, s))
    };
    let canonical = on_tile(&knight).unwrap_or(knight.spot);
    knights(g, index)
        .into_iter()
        .find(|(_, c)| c.on == knight.on && c.spot == canonical)
        .map(|(i, _)| i)
        .ok_or(PrincessError::NotAKnight {
            on: knight.on,
            spot: knight.spot,
        })
}

/// Sends a checked knight (meeple `i`) home.
pub(crate) fn send_home(g: &mut Game, i: usize, out: &mut TurnOutcome) {
    let m = g.meeples[i];
    let pos = g.board.tiles[m.tile_index as usize].pos;
    g.remove_figure(i, out);
    out.sent_home.push((m.player as usize, m.figure, pos));
}

/// Checks a move of the fairy onto the tile at `at`; returns its placement index.
pub(crate) fn check_fairy(g: &Game, at: Pos) -> Result<u16, PrincessError> {
    let s = state(g).ok_or(PrincessError::NotInGame)?;
    let index = g.board.cell(at).ok_or(PrincessError::NoTile(at))?;
    if s.fairy == Some(index as u16) {
        return Err(PrincessError::FairyThere(at));
    }
    let seat = g.pending().seat;
    let mine = g.meeples.iter().any(|m| {
        m.tile_index as usize == index && m.player as usize == seat && m.figure.is_follower()
    });
    if !mine {
        return Err(PrincessError::FairyNeedsFollower(at));
    }
    Ok(index as u16)
}

/// The placement index of the fairy's tile (`None` while it stands beside the board).
pub(crate) fn fairy_tile(g: &Game) -> Option<u16> {
    state(g).and_then(|s| s.fairy)
}

/// Moves the fairy (checked).
pub(crate) fn move_fairy(g: &mut Game, index: u16) {
    if let Some(s) = g.exp.princess.as_mut() {
        s.fairy = Some(index);
    }
}

/// At the start of `seat`'s turn: 1 point if one of their followers stands on the fairy's tile.
pub(crate) fn turn_start(g: &mut Game, seat: usize, out: &mut TurnOutcome) {
    let Some(f) = state(g).and_then(|s| s.fairy) else {
        return;
    };
    let here = g
        .meeples
        .iter()
        .any(|m| m.tile_index == f && m.player as usize == seat && m.figure.is_follower());
    if here {
        g.scores[seat] += 1;
        out.events.push(ScoreEvent {
            reason: Reason::Fairy,
            complete: true,
            points: 1,
            players: vec![seat],
            tiles: 0,
            pennants: 0,
            at: g.board.tiles[f as usize].pos,
        });
    }
}

/// The fairy's 3 points when the feature with root `root` is scored: to each player with a
/// follower of that feature on the fairy's tile.
pub(crate) fn fairy_bonus(g: &Game, root: u32) -> Option<ScoreEvent> {
    let f = state(g)?.fairy?;
    let mut players: Vec<usize> = g
        .meeples
        .iter()
        .filter(|m| m.tile_index == f && g.root_of(m) == Some(root))
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
        at: g.board.tiles[f as usize].pos,
    })
}

/// Whether the tile just placed (`index`) starts a journey: a dragon tile with the dragon out.
pub(crate) fn dragon_tile(g: &Game, index: usize) -> bool {
    state(g).is_some_and(|s| s.dragon.is_some()) && g.board.tiles[index].tile.get().symbols.dragon
}

/// Starts a journey; false if the dragon cannot take a single step.
pub(crate) fn start_journey(g: &mut Game, score_after: Option<usize>) -> bool {
    let Some(s) = g.exp.princess.as_mut() else {
        return false;
    };
    let Some(d) = s.dragon else {
        return false;
    };
    s.journey = Some(Journey {
        visited: vec![d],
        score_after,
    });
    if steps(g).is_empty() {
        if let Some(s) = g.exp.princess.as_mut() {
            s.journey = None;
        }
        return false;
    }
    true
}

/// The legal steps of the journey in progress.
pub(crate) fn steps(g: &Game) -> Vec<Side> {
    let Some(s) = state(g) else {
        return Vec::new();
    };
    let (Some(d), Some(j)) = (s.dragon, s.journey.as_ref()) else {
        return Vec::new();
    };
    let at = g.board.tiles[d as usize].pos;
    Side::ALL
        .into_iter()
        .filter(|&side| {
            g.board.cell(at.step(side)).is_some_and(|i| {
                let i = i as u16;
                !j.visited.contains(&i) && s.fairy != Some(i)
            })
        })
        .collect()
}

/// Checks one step of the dragon.
pub(crate) fn check_step(g: &Game, side: Side) -> Result<(), PrincessError> {
    let s = state(g).ok_or(PrincessError::NotInGame)?;
    let d = s.dragon.ok_or(PrincessError::NoJourney)?;
    let j = s.journey.as_ref().ok_or(PrincessError::NoJourney)?;
    let to = g.board.tiles[d as usize].pos.step(side);
    let Some(i) = g.board.cell(to) else {
        return Err(PrincessError::DragonEmpty { side, to });
    };
    if j.visited.contains(&(i as u16)) {
        return Err(PrincessError::DragonVisited { side, to });
    }
    if s.fairy == Some(i as u16) {
        return Err(PrincessError::DragonFairy { side, to });
    }
    Ok(())
}

/// Takes a checked step: the dragon enters the tile and every figure there goes home. Returns
/// whether the journey goes on, and with the `before-scoring` option the tile to score now.
pub(crate) fn step(g: &mut Game, side: Side, out: &mut TurnOutcome) -> (bool, Option<usize>) {
    let Some(d) = state(g).and_then(|s| s.dragon) else {
        return (false, None);
    };
    let to = g.board.tiles[d as usize].pos.step(side);
    let Some(index) = g.board.cell(to) else {
        return (false, None);
    };
    if let Some(s) = g.exp.princess.as_mut() {
        s.dragon = Some(index as u16);
        if let Some(j) = s.journey.as_mut() {
            j.visited.push(index as u16);
        }
    }
    out.dragon_path.push(to);
    while let Some(i) = g
        .meeples
        .iter()
        .position(|m| m.tile_index as usize == index)
    {
        let m = g.meeples[i];
        g.remove_figure(i, out);
        out.sent_home.push((m.player as usize, m.figure, to));
    }
    let done = state(g)
        .and_then(|s| s.journey.as_ref())
        .is_none_or(|j| j.steps() >= JOURNEY)
        || steps(g).is_empty();
    if !done {
        return (true, None);
    }
    let score_after = g
        .exp
        .princess
        .as_mut()
        .and_then(|s| s.journey.take())
        .and_then(|j| j.score_after);
    (false, score_after)
}

/// Checks a follower (normal or large) onto the tile at `on` after a magic portal; returns the
/// tile's placement index and the segment.
pub(crate) fn check_portal(
    g: &Game,
    just_placed: usize,
    on: Pos,
    figure: Figure,
    spot: Spot,
) -> Result<(usize, u8), PrincessError> {
    if state(g).is_none() {
        return Err(PrincessError::NotInGame);
    }
    if !g.board.tiles[just_placed].tile.get().symbols.portal {
        return Err(PrincessError::NoPortal);
    }
    if !matches!(figure, Figure::Follower | Figure::Large) || !g.has_figure(figure) {
        return Err(PrincessError::PortalFigure(figure));
    }
    let seat = g.pending().seat;
    if g.supply[seat].count(figure) == 0 {
        return Err(PrincessError::NoneLeft(figure));
    }
    let index = g.board.cell(on).ok_or(PrincessError::NoTile(on))?;
    check_tile(g, index)?;
    let p = g.board.tiles[index];
    let seg = match spot {
        Spot::Garden | Spot::Tower => None,
        s => Game::spot_segment(p.tile, p.rotation, s),
    }
    .ok_or(PrincessError::NoSuchPlace { on, spot })?;
    portal_target(g, index, seg)?;
    Ok((index, seg as u8))
}

/// The checks of [`check_portal`] that depend only on the target segment (not on the figure):
/// farmers allowed, the feature free and not complete. The dragon's tile is checked apart.
pub(crate) fn portal_target(g: &Game, index: usize, seg: usize) -> Result<(), PrincessError> {
    let p = g.board.tiles[index];
    let kind = p.tile.get().segment_kind(seg);
    if kind == FeatureKind::Field && g.setup.rules.farms == crate::engine::types::FarmRule::None {
        return Err(PrincessError::NoFarmers);
    }
    let spot = || Game::segment_spot(p.tile, p.rotation, seg);
    let data = g.features.root_data(p.first_node + seg as u32);
    if data.occupied() {
        return Err(PrincessError::Occupied {
            on: p.pos,
            spot: spot(),
        });
    }
    let complete = match kind {
        FeatureKind::City | FeatureKind::Road => data.open == 0,
        FeatureKind::Cloister => g.segment_complete(index, seg),
        FeatureKind::Field => false,
    };
    if complete {
        return Err(PrincessError::Complete {
            on: p.pos,
            spot: spot(),
        });
    }
    debug_assert!(seg < TOWER_SEGMENT as usize);
    Ok(())
}

/// The fairy's tile and the dragon's, for pictures and status.
pub(crate) fn positions(g: &Game) -> (Option<Pos>, Option<Pos>) {
    let pos = |i: Option<u16>| i.map(|i| g.board.tiles[i as usize].pos);
    match state(g) {
        Some(s) => (pos(s.dragon), pos(s.fairy)),
        None => (None, None),
    }
}
