//! The Abbot: one abbot per player, placed only on a cloister or a garden of the tile just placed;
//! it scores like a cloister (9 when surrounded, 1 + neighbours at the end), and instead of placing
//! a figure its owner may call it back and score it at once, while its cloister or garden is
//! unfinished (rule revision 1; before it, also from one the tile just placed completed).

use crate::engine::action::{ScoreEvent, TurnOutcome};
use crate::engine::error::FollowerError;
use crate::engine::geom::Pos;
use crate::engine::table::{Meeple, Table, GARDEN_SEGMENT};
use crate::engine::types::{Figure, Reason, Spot};

/// The rules revision from which the abbot cannot be called back from a cloister or garden the
/// tile just placed completed (the publisher's clarification of November 2020).
pub(crate) const STAYS_ON_COMPLETED_FROM: u8 = 1;

/// The abbot goes only on a cloister or a garden.
pub(crate) fn check_deploy(spot: Spot) -> Result<(), FollowerError> {
    match spot {
        Spot::Cloister | Spot::Garden => Ok(()),
        other => Err(FollowerError::AbbotPlace(other)),
    }
}

/// Checks a normal or large follower's place: only the abbot stands on a garden.
#[inline]
pub(crate) fn check_follower(spot: Spot) -> Result<(), FollowerError> {
    if spot == Spot::Garden {
        return Err(FollowerError::GardenIsForTheAbbot);
    }
    Ok(())
}

/// The index in `meeples` of the seat's abbot on the board.
pub(crate) fn recallable(t: &Table, seat: usize) -> Option<usize> {
    if t.supply[seat].has(Figure::Abbot) {
        // The seat's one abbot is in hand.
        return None;
    }
    t.meeples
        .iter()
        .position(|m| m.figure == Figure::Abbot && m.player as usize == seat)
}

/// Where the abbot `i` stands, if its cloister or garden is surrounded: the tile just placed
/// completed it, and it scores as completed at the end of the turn (rule revision 1: it cannot
/// be called back then).
pub(crate) fn completed(t: &Table, i: usize) -> Option<Pos> {
    let pos = t.board.tiles[t.meeples[i].tile_index as usize].pos;
    (t.board.neighbours_filled(pos) == 8).then_some(pos)
}

/// What the abbot `m`'s unfinished cloister or garden is worth now: 1 + neighbouring tiles.
fn unfinished(t: &Table, m: &Meeple) -> ScoreEvent {
    let pos = t.board.tiles[m.tile_index as usize].pos;
    let points = 1 + t.board.neighbours_filled(pos);
    ScoreEvent {
        reason: if m.segment == GARDEN_SEGMENT {
            Reason::Garden
        } else {
            Reason::Cloister
        },
        complete: false,
        points,
        players: vec![m.player as usize],
        tiles: points,
        pennants: 0,
        at: pos,
    }
}

/// Calls the abbot `i` back and scores its cloister or garden as it stands.
pub(crate) fn recall(t: &mut Table, i: usize, out: &mut TurnOutcome) {
    let e = unfinished(t, &t.meeples[i]);
    t.scores[t.meeples[i].player as usize] += e.points;
    out.events.push(e);
    t.return_meeple(i, &mut out.returned);
}

/// Scores the garden of the tile at `index` if it is surrounded and has an abbot; returns the
/// abbot's owner when it scored.
pub(crate) fn score_garden(t: &mut Table, index: usize, out: &mut TurnOutcome) -> Option<usize> {
    let i = t
        .meeples
        .iter()
        .position(|m| m.tile_index as usize == index && m.segment == GARDEN_SEGMENT)?;
    let m = t.meeples[i];
    t.scores[m.player as usize] += 9;
    out.events.push(ScoreEvent {
        reason: Reason::Garden,
        complete: true,
        points: 9,
        players: vec![m.player as usize],
        tiles: 9,
        pennants: 0,
        at: t.board.tiles[index].pos,
    });
    t.return_meeple(i, &mut out.returned);
    Some(m.player as usize)
}

/// Unfinished gardens with an abbot at the end: 1 + neighbouring tiles.
pub(crate) fn final_gardens(t: &Table, events: &mut Vec<ScoreEvent>) {
    for m in t.meeples.iter().filter(|m| m.segment == GARDEN_SEGMENT) {
        events.push(unfinished(t, m));
    }
}

/// The gardens with an abbot on them: (placement index of the tile, the abbot's owner).
pub(crate) fn held_gardens(t: &Table) -> impl Iterator<Item = (usize, usize)> + '_ {
    t.meeples
        .iter()
        .filter(|m| m.segment == GARDEN_SEGMENT)
        .map(|m| (m.tile_index as usize, m.player as usize))
}
