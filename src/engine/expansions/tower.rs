//! The Tower: tower pieces on tower foundations, prisoners, exchanges and ransoms.
//!
//! Instead of a figure, a player may put one of their tower pieces on the foundation or the
//! unguarded tower of any placed tile and take one follower (normal or large, one on top of a
//! tower included; never a builder, pig or abbot) within the new height's reach: the tower's tile
//! and `height` tiles in each of the four straight directions, over gaps and other towers. Their
//! own follower goes back to their supply; another's is held prisoner. When two players hold a
//! prisoner of each other, one of each is exchanged at once (a large one first). Before placing
//! their tile a player may pay 3 points (never going below 0) to get back one follower a player
//! holds. A follower on top of a tower closes it until it leaves.

use crate::engine::action::{Action, Capture, PrisonerEvent, TurnOutcome};
use crate::engine::error::TowerError;
use crate::engine::features::MAX_PLAYERS;
use crate::engine::geom::Pos;
use crate::engine::table::{place_segment, Meeple, Table, TOWER_SEGMENT};
use crate::engine::types::{Figure, Spot};
use std::ops::ControlFlow;

/// Points a ransom costs.
pub const RANSOM: u32 = 3;

/// Tower pieces per player, by the number of players.
pub fn pieces_for(players: usize) -> u8 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        _ => 5,
    }
}

/// A tower foundation on the board and what stands on it (The Tower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TowerView {
    /// The tile.
    pub at: Pos,
    /// Tower pieces stacked there (0: an empty foundation).
    pub height: u8,
    /// The follower on top, which closes the tower.
    pub guard: Option<Meeple>,
}

/// The Tower's state: tower heights and prisoners.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct TowerState {
    /// Every placed tile with a tower foundation: (placement index, tower height, position).
    pub(crate) sites: Vec<(u16, u8, Pos)>,
    /// `held[capturer][owner]`: the owner's figures the capturer holds, by [`PRISONERS`].
    pub(crate) held: Vec<[[u8; PRISONER_KINDS]; MAX_PLAYERS]>,
}

clone_fields!(TowerState { sites, held });

impl TowerState {
    /// The state at the start of a game of `players`.
    pub(crate) fn new(players: usize) -> TowerState {
        TowerState {
            sites: Vec::new(),
            held: vec![[[0; PRISONER_KINDS]; MAX_PLAYERS]; players],
        }
    }

    /// The height of the tower on the tile with this placement index (`None`: no foundation).
    pub(crate) fn height(&self, index: usize) -> Option<u8> {
        self.sites
            .iter()
            .find(|s| s.0 as usize == index)
            .map(|s| s.1)
    }
}

/// How many kinds of figure a tower takes prisoner.
pub const PRISONER_KINDS: usize = 4;

/// The kinds of figure a tower takes prisoner, in the order of [`TowerState::held`]'s counts.
pub const PRISONERS: [Figure; PRISONER_KINDS] = Figure::CAPTURABLE;

/// A prisoner's count in [`TowerState::held`].
fn slot(figure: Figure) -> usize {
    PRISONERS.iter().position(|&f| f == figure).unwrap_or(0)
}

/// Whether `p` is within reach of a tower at `tower` of height `height`.
pub fn in_reach(tower: Pos, height: u8, p: Pos) -> bool {
    let h = i64::from(height);
    let (dx, dy) = (
        (i64::from(p.x) - i64::from(tower.x)).abs(),
        (i64::from(p.y) - i64::from(tower.y)).abs(),
    );
    (dx == 0 && dy <= h) || (dy == 0 && dx <= h)
}

/// After a tile is placed: a tile with a tower foundation becomes a site.
pub(crate) fn after_place(t: &Table, s: &mut TowerState, index: usize) {
    let placed = t.board.tiles[index];
    if placed.tile.get().symbols.tower {
        s.sites.push((index as u16, 0, placed.pos));
    }
}

/// The index in `meeples` of the follower on top of the tower of tile `index`.
pub(crate) fn guard(t: &Table, index: usize) -> Option<usize> {
    t.meeples
        .iter()
        .position(|m| m.tile_index as usize == index && m.segment == TOWER_SEGMENT)
}

fn state(s: Option<&TowerState>) -> Result<&TowerState, TowerError> {
    s.ok_or(TowerError::NotInGame)
}

/// The tile at `at` with a foundation that is not closed: its index and tower height.
fn open_site(t: &Table, s: &TowerState, at: Pos) -> Result<(usize, u8), TowerError> {
    let index = t.board.cell(at).ok_or(TowerError::NoTile(at))?;
    let height = s.height(index).ok_or(TowerError::NoFoundation(at))?;
    // The table keeps the closed towers (the figures are read for a tile it does not know).
    if t.tower_lines
        .closed(index)
        .unwrap_or_else(|| guard(t, index).is_some())
    {
        return Err(TowerError::Guarded(at));
    }
    Ok((index, height))
}

/// The index in `meeples` of the follower a capture names.
fn captive(t: &Table, c: Capture) -> Result<usize, TowerError> {
    let index = t.board.cell(c.on).ok_or(TowerError::NoTile(c.on))?;
    let placed = t.board.tiles[index];
    let seg = match c.spot {
        Spot::Tower => Some(TOWER_SEGMENT),
        s => place_segment(&placed, s),
    };
    // The first follower there, else the first figure there (which cannot be taken).
    let mut first = None;
    for (i, m) in t.meeples.iter().enumerate() {
        let here = m.tile_index as usize == index && Some(m.segment) == seg;
        if here {
            if m.figure.capturable() {
                if t.in_castle(m) {
                    return Err(TowerError::CastleLord(c.on));
                }
                return Ok(i);
            }
            first.get_or_insert(i);
        }
    }
    match first {
        Some(i) => Err(TowerError::NotCapturable(t.meeples[i].figure)),
        None => Err(TowerError::NoFollower {
            on: c.on,
            spot: c.spot,
        }),
    }
}

/// What a valid tower action will do.
pub(crate) struct Build {
    index: usize,
    captive: Option<usize>,
}

/// Checks a tower piece on the tile at `at`, with its capture.
pub(crate) fn check_build(
    t: &Table,
    s: Option<&TowerState>,
    seat: usize,
    at: Pos,
    capture: Option<Capture>,
) -> Result<Build, TowerError> {
    let s = state(s)?;
    if t.supply[seat].towers == 0 {
        return Err(TowerError::NoPieces);
    }
    let (index, height) = open_site(t, s, at)?;
    let captive = match capture {
        None => None,
        Some(c) => {
            let new_height = height + 1;
            if !in_reach(at, new_height, c.on) {
                return Err(TowerError::OutOfReach {
                    on: c.on,
                    at,
                    height: new_height,
                });
            }
            Some(captive(t, c)?)
        }
    };
    Ok(Build { index, captive })
}

/// Builds the checked tower piece and takes its prisoner.
pub(crate) fn build(
    t: &mut Table,
    s: &mut TowerState,
    seat: usize,
    b: Build,
    out: &mut TurnOutcome,
) {
    t.supply[seat].towers -= 1;
    if let Some(site) = s.sites.iter_mut().find(|x| x.0 as usize == b.index) {
        site.1 += 1;
    }
    let Some(i) = b.captive else {
        return;
    };
    let m = t.meeples[i];
    let root = t.root_of(&m);
    let at = t.board.tiles[m.tile_index as usize].pos;
    t.take_meeple(i);
    let owner = m.player as usize;
    out.prisoners.push(PrisonerEvent::Captured {
        by: seat,
        owner,
        figure: m.figure,
        at,
        spot: m.spot,
    });
    if owner == seat {
        t.supply[seat].put(m.id);
    } else {
        s.held[seat][owner][slot(m.figure)] += 1;
    }
    // A builder or pig leaves with its owner's last follower on the feature.
    if let Some(root) = root {
        t.leave_with_last_follower(owner, root, out);
    }
    if owner != seat {
        exchange(t, s, seat, owner, out);
    }
}

/// Takes one prisoner that `holder` holds of `owner` back to `owner`'s supply: the large
/// follower first, then the others in the order of [`PRISONERS`].
fn release(t: &mut Table, s: &mut TowerState, holder: usize, owner: usize) -> Option<Figure> {
    let h = &mut s.held[holder][owner];
    let figure = std::iter::once(Figure::Large)
        .chain(PRISONERS)
        .find(|&f| h[slot(f)] > 0)?;
    h[slot(figure)] -= 1;
    t.give_back(owner, figure);
    Some(figure)
}

/// When `a` and `b` hold a prisoner of each other, one of each goes home.
fn exchange(t: &mut Table, s: &mut TowerState, a: usize, b: usize, out: &mut TurnOutcome) {
    let holds = |x: usize, y: usize| s.held[x][y].iter().any(|&c| c > 0);
    if !(holds(a, b) && holds(b, a)) {
        return;
    }
    let (Some(fa), Some(fb)) = (release(t, s, b, a), release(t, s, a, b)) else {
        return;
    };
    out.prisoners.push(PrisonerEvent::Exchanged {
        a: (a, fa),
        b: (b, fb),
    });
}

/// Checks a follower (normal or large) from the supply onto the tower at `on`; returns the tile's
/// placement index.
pub(crate) fn check_guard(
    t: &Table,
    s: Option<&TowerState>,
    seat: usize,
    on: Pos,
    figure: Figure,
    spot: Spot,
) -> Result<usize, TowerError> {
    if spot != Spot::Tower {
        return Err(TowerError::OnlyTower(spot));
    }
    let s = state(s)?;
    if !figure.is_plain() || !t.has_figure(figure) {
        return Err(TowerError::GuardFigure(figure));
    }
    if !t.supply[seat].has(figure) {
        return Err(TowerError::NoneLeft(figure));
    }
    let (index, height) = open_site(t, s, on)?;
    if height == 0 {
        return Err(TowerError::NoTowerYet(on));
    }
    Ok(index)
}

/// Checks a ransom by the seat to play.
pub(crate) fn check_ransom(
    t: &Table,
    s: Option<&TowerState>,
    seat: usize,
    ransomed: bool,
    from: u8,
    figure: Figure,
) -> Result<(), TowerError> {
    let s = state(s)?;
    let from = from as usize;
    if ransomed {
        return Err(TowerError::AlreadyRansomed);
    }
    if from >= t.supply.len() || from == seat {
        return Err(TowerError::RansomFrom(from));
    }
    if !figure.capturable() {
        return Err(TowerError::GuardFigure(figure));
    }
    if s.held[from][seat][slot(figure)] == 0 {
        return Err(TowerError::NoPrisoner { from, figure });
    }
    if t.scores[seat] < RANSOM {
        return Err(TowerError::TooPoor(t.scores[seat]));
    }
    Ok(())
}

/// Lists the ransoms `seat` may pay before placing its tile (what [`check_ransom`] accepts):
/// from each other seat of `players` in order, a normal follower, then a large one.
pub(crate) fn for_each_ransom(
    t: &Table,
    s: &TowerState,
    (seat, players): (usize, usize),
    ransomed: bool,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for from in 0..players as u8 {
        // Most seats hold none of `seat`'s figures: nothing to check.
        if from as usize == seat || s.held[from as usize][seat] == [0; PRISONER_KINDS] {
            continue;
        }
        for figure in PRISONERS {
            if check_ransom(t, Some(s), seat, ransomed, from, figure).is_ok() {
                f(Action::Ransom { from, figure })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Lists `seat`'s tower pieces on each open tower (with every capture they allow), then
/// followers on top of it; `site_ok` says whether a figure may go on a tile at all (not the
/// dragon's).
pub(crate) fn for_each_tower(
    t: &Table,
    s: &TowerState,
    seat: usize,
    site_ok: impl Fn(usize) -> bool,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if s.sites.is_empty() {
        return ControlFlow::Continue(());
    }
    let supply = t.supply[seat];
    let meeples = &t.meeples;
    let lines = &t.tower_lines;
    // The table keeps the knights by column and row (every figure of a game has a bit), and
    // the closed towers, as figures come and go (for a tower it does not know, the figures
    // are read).
    let guarded = |site: usize| {
        lines.closed(site).unwrap_or_else(|| {
            meeples
                .iter()
                .any(|m| m.segment == TOWER_SEGMENT && m.tile_index as usize == site)
        })
    };
    // Without tower pieces only the towers already built take figures, and only followers.
    let on_top = t.holds_follower(&supply);
    if supply.towers == 0 && !on_top {
        return ControlFlow::Continue(());
    }
    for &(site, height, pos) in &s.sites {
        if supply.towers == 0 && height == 0 {
            continue;
        }
        let site = usize::from(site);
        if guarded(site) {
            continue;
        }
        if supply.towers > 0 {
            f(Action::Tower {
                at: pos,
                capture: None,
            })?;
            // The knights within reach of the tower one higher: those in its column or row
            // (candidates from the bits), checked exactly, in order.
            let mut candidates = lines.candidates(pos);
            while candidates != 0 {
                let m = meeples[candidates.trailing_zeros() as usize];
                candidates &= candidates - 1;
                let on = t.board.tiles[m.tile_index as usize].pos;
                if m.figure.capturable() && in_reach(pos, height + 1, on) && !t.in_castle(&m) {
                    f(Action::Tower {
                        at: pos,
                        capture: Some(Capture { on, spot: m.spot }),
                    })?;
                }
            }
        }
        if height == 0 {
            continue;
        }
        let mut ok = None;
        for figure in [Figure::Follower, Figure::Large] {
            if supply.has(figure)
                && t.has_figure(figure)
                && *ok.get_or_insert_with(|| site_ok(site))
            {
                f(Action::DeployOn {
                    on: pos,
                    figure,
                    spot: Spot::Tower,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Pays a checked ransom.
pub(crate) fn ransom(
    t: &mut Table,
    s: &mut TowerState,
    seat: usize,
    from: u8,
    figure: Figure,
    out: &mut TurnOutcome,
) {
    let from = from as usize;
    t.scores[seat] -= RANSOM;
    t.scores[from] += RANSOM;
    s.held[from][seat][slot(figure)] -= 1;
    t.give_back(seat, figure);
    out.prisoners.push(PrisonerEvent::Ransomed {
        payer: seat,
        from,
        figure,
    });
}
