//! Hills & Sheep (`../shared/rules/hills-sheep.md`): eighteen tiles, eight with a hill, eight
//! with a vineyard, two with a cloister (its shepherds and their bag of sheep come next, with the
//! tile a hill buries).
//!
//! - **Hills**: when players tie for the majority of a road, city or farm, the tied players with
//!   a follower on a hill tile in that feature win it alone; if all the tied players have one,
//!   or none has, the tie stands ([`HillRule::AtLeastOne`]). With
//!   [`HillRule::NumberOfFollowers`], among the tied the most followers on hill tiles win.
//! - **Vineyards**: a cloister (an abbey too) scored as completed scores 3 more for each
//!   vineyard tile among its eight neighbours; never at the end, never for an unfinished one.

use crate::engine::board::Board;
use crate::engine::geom::Pos;
use crate::engine::table::Table;
use crate::engine::types::HillRule;

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

/// The tie-break of the hills: of the `winners` of the feature made of `roots` (one, or the
/// farms that supply a city under the per-city farm rule; tied when more than one winner), those
/// the hills favour.
pub(crate) fn break_tie(
    t: &Table,
    roots: &[u32],
    winners: Vec<usize>,
    rule: HillRule,
) -> Vec<usize> {
    if winners.len() < 2 {
        return winners;
    }
    // Per tied seat, its followers on hill tiles in the feature.
    let on_hills: Vec<usize> = winners
        .iter()
        .map(|&seat| {
            t.meeples
                .iter()
                .filter(|m| {
                    m.player as usize == seat
                        && m.figure.is_follower()
                        && t.root_of(m).is_some_and(|r| roots.contains(&r))
                        && t.board.tiles[m.tile_index as usize].tile.get().symbols.hill
                })
                .count()
        })
        .collect();
    let best = match rule {
        HillRule::AtLeastOne => on_hills.iter().map(|&n| n.min(1)).max().unwrap_or(0),
        HillRule::NumberOfFollowers => on_hills.iter().copied().max().unwrap_or(0),
    };
    if best == 0 {
        return winners;
    }
    winners
        .into_iter()
        .zip(on_hills)
        .filter(|&(_, n)| match rule {
            HillRule::AtLeastOne => n >= 1,
            HillRule::NumberOfFollowers => n == best,
        })
        .map(|(seat, _)| seat)
        .collect()
}
