//! Traders & Builders: the builder (a second turn when the player extends its road or city, never
//! a third), the pig (+1 per city for its owner's farm), and goods tokens (to the player who
//! completes a city; 10 points to each kind's majority at the end).

use crate::engine::action::{ScoreEvent, TurnOutcome};
use crate::engine::error::FollowerError;
use crate::engine::geom::Pos;
use crate::engine::table::Table;
use crate::engine::tiles::{FeatureKind, Goods};
use crate::engine::types::{Figure, Reason, Spot};

/// After a tile is placed: whether it extends a road or city with the builder of `seat` (whose
/// turn it is) on it.
pub(crate) fn after_place(t: &Table, seat: usize, index: usize) -> bool {
    // A seat has one builder: in hand, it is not on the board.
    if t.supply[seat].has(Figure::Builder) {
        return false;
    }
    let Some(builder) = t
        .meeples
        .iter()
        .find(|m| m.figure == Figure::Builder && m.player as usize == seat)
        .and_then(|m| t.root_of(m))
    else {
        return false;
    };
    // The tile's cities and roads come before its fields.
    let placed = t.board.tiles[index];
    (0..placed.tile.get().field_base() as u32)
        .any(|seg| t.features.find(placed.first_node + seg) == builder)
}

/// A builder goes on a road or city, a pig on a field, of the tile just placed, where the feature
/// already holds one of the player's followers.
pub(crate) fn check_deploy(
    t: &Table,
    seat: usize,
    index: usize,
    figure: Figure,
    spot: Spot,
    seg: u8,
) -> Result<(), FollowerError> {
    let kind = spot.kind();
    match figure {
        Figure::Builder if !matches!(kind, FeatureKind::City | FeatureKind::Road) => {
            return Err(FollowerError::BuilderPlace(spot))
        }
        Figure::Pig if kind != FeatureKind::Field => return Err(FollowerError::PigPlace(spot)),
        _ => {}
    }
    let node = t.board.tiles[index].first_node + seg as u32;
    if t.features.root_data(node).strength[seat] == 0 {
        return Err(FollowerError::NeedsOwnFollower { figure, spot });
    }
    Ok(())
}

/// A city was completed: the player who placed the tile (`seat`) takes its goods.
pub(crate) fn city_completed(t: &mut Table, seat: usize, root: u32, out: &mut TurnOutcome) {
    let goods = t.features.data[root as usize].goods;
    for kind in Goods::ALL {
        let n = goods[kind as usize];
        if n > 0 {
            t.goods[seat][kind as usize] += n;
            out.goods.push((seat, kind, n));
        }
    }
}

/// Whether `seat` has a pig on one of the farms with these roots.
pub(crate) fn has_pig(t: &Table, seat: usize, farms: &[u32]) -> bool {
    t.meeples.iter().any(|m| {
        m.figure == Figure::Pig
            && m.player as usize == seat
            && t.root_of(m).is_some_and(|r| farms.contains(&r))
    })
}

/// The goods majorities at the end: 10 to each player with the most of a kind (ties all score).
pub(crate) fn final_goods(t: &Table, events: &mut Vec<ScoreEvent>) {
    for kind in Goods::ALL {
        let k = kind as usize;
        let best = t.goods.iter().map(|t| t[k]).max().unwrap_or(0);
        if best == 0 {
            continue;
        }
        let players: Vec<usize> = (0..t.goods.len())
            .filter(|&p| t.goods[p][k] == best)
            .collect();
        events.push(ScoreEvent {
            reason: Reason::Goods,
            complete: true,
            points: 10,
            players,
            tiles: best as u32,
            pennants: 0,
            at: Pos::new(0, 0),
        });
    }
}
