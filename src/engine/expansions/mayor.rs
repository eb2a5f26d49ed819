//! Abbey & Mayor (`../shared/rules/abbey-mayor.md`): twelve tiles, and per player an abbey
//! tile, a mayor, a wagon and a barn.
//!
//! - **The abbey**: instead of drawing, a player may put his abbey into a hole (an empty cell with
//!   tiles on all four sides). Its edges fit anything and close the roads and cities they touch
//!   (the abbey is no tile of them); what it completes scores at once. It is a cloister. After
//!   the last tile, each player still holding his abbey may place it, in one round from the
//!   next player to the one who placed the last tile ([`AbbeyRound`]).
//! - **The mayor**: a follower for cities only, as strong as the city's pennants when it scores
//!   (no pennant: 0, and a city held by strength 0 alone scores for nobody).
//! - **The wagon**: a follower on a road, city or cloister; when its feature scores during the
//!   game, its owner may move it to an unfinished, unoccupied road, city or cloister with a part
//!   on the wagon's tile or one of the eight around it ([`WagonRule::C2`]; with
//!   [`WagonRule::C1`], the 1st edition's, to one linked to the feature that scored, at any
//!   distance: see [`linked`]), owners deciding in turn order from the player whose turn it is.
//! - **The barn**: not a follower; on a corner of the tile just placed where four tiles meet and
//!   each has field at that corner. No farmer may then enter its field. When placed on a farm
//!   with farmers, that farm scores for them as at the end and they go home; a tile that joins
//!   farmers to a barn's field scores them 1 per completed city and sends them home; at the end
//!   each barn's owner scores 4 per completed city of its field.

use crate::engine::action::{Capture, ScoreEvent, TurnOutcome};
use crate::engine::board::Board;
use crate::engine::error::MayorError;
use crate::engine::features::{FeatureData, MAX_PLAYERS};
use crate::engine::geom::{Corner, Half, Pos, Side};
use crate::engine::table::{on_feature, segment_spot, spot_segment, Table};
use crate::engine::tiles::{EdgeKind, FeatureKind};
use crate::engine::types::{BarnRule, FarmRule, Figure, Reason, Spot, WagonRule};
use std::ops::ControlFlow;

/// What Abbey & Mayor keeps beyond the table.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct MayorState {
    /// Per seat: whether the abbey is still in hand.
    pub(crate) abbeys: [bool; MAX_PLAYERS],
    /// Wagons whose feature scored, waiting for their owners' choice, in the order they decide:
    /// (owner, placement index of the tile the wagon stood on, root of the feature that scored).
    pub(crate) wagons: Vec<(u8, u16, u32)>,
    /// Where a wagon may move.
    pub(crate) wagon_rule: WagonRule,
    /// The abbeys' round after the last tile: how many seats are still to be asked (`None`
    /// before the last tile).
    pub(crate) round: Option<u8>,
}

clone_fields!(MayorState {
    abbeys,
    wagons,
    wagon_rule,
    round
});

impl MayorState {
    /// Every seat holds its abbey; wagons move as `wagon_rule` says.
    pub(crate) fn new(players: usize, wagon_rule: WagonRule) -> MayorState {
        let mut abbeys = [false; MAX_PLAYERS];
        abbeys[..players.min(MAX_PLAYERS)].fill(true);
        MayorState {
            abbeys,
            wagons: Vec::new(),
            wagon_rule,
            round: None,
        }
    }
}

/// Whether `at` is a hole: empty, with a tile on each of its four sides.
#[inline(always)]
pub(crate) fn is_hole(b: &Board, at: Pos) -> bool {
    b.cell(at).is_none() && Side::ALL.iter().all(|&s| b.cell(at.step(s)).is_some())
}

/// The holes of the board, in frontier order (a hole is always on the frontier).
pub(crate) fn holes(b: &Board) -> impl Iterator<Item = Pos> + '_ {
    b.frontier().iter().copied().filter(|&p| is_hole(b, p))
}

/// Whether `seat` may place its abbey now: it holds it and the board has a hole.
pub(crate) fn may_place_abbey(t: &Table, s: &MayorState, seat: usize) -> bool {
    s.abbeys.get(seat).copied().unwrap_or(false) && holes(&t.board).next().is_some()
}

/// Whether an abbey may still fill the cell `at`: a seat holds one and `at` is a hole.
pub(crate) fn abbey_may_fill(t: &Table, s: &MayorState, at: Pos) -> bool {
    s.abbeys.iter().any(|&a| a) && is_hole(&t.board, at)
}

/// Checks `seat`'s abbey into the cell `at`.
pub(crate) fn check_abbey(
    t: &Table,
    s: Option<&MayorState>,
    seat: usize,
    at: Pos,
) -> Result<(), MayorError> {
    let s = s.ok_or(MayorError::NotInGame)?;
    if !s.abbeys.get(seat).copied().unwrap_or(false) {
        return Err(MayorError::NoAbbey);
    }
    if t.board.cell(at).is_some() {
        return Err(MayorError::AbbeyOnTile(at));
    }
    if !is_hole(&t.board, at) {
        return Err(MayorError::NotAHole(at));
    }
    Ok(())
}

/// The abbey just put at placement index `index` closes the cities and roads its edges touch:
/// each loses an open edge (the abbey joins none of them); so do the fields along them, a
/// half-edge each (a closed field: Hills & Sheep).
pub(crate) fn close_edges(t: &mut Table, index: usize) {
    for (root, _) in closed_features(t, index) {
        t.features.data[root as usize].open -= 1;
    }
    let placed = t.board.tiles[index];
    for s in Side::ALL {
        let Some(ni) = t.board.cell(placed.pos.step(s)) else {
            continue;
        };
        let n = t.board.tiles[ni];
        let nv = n.tile.get().view(n.rotation);
        let o = s.opposite() as usize;
        for h in [Half::from_index(2 * o), Half::from_index(2 * o + 1)] {
            if let Some(seg) = nv.field_at[h as usize] {
                let root = t.features.find(n.first_node + seg as u32);
                t.features.data[root as usize].open -= 1;
            }
        }
    }
}

/// The cities and roads of the neighbours that the tile at `index` closes with an abbey's edge:
/// (root, kind), one entry per touching edge (a feature touching two edges comes twice).
pub(crate) fn closed_features(t: &Table, index: usize) -> Vec<(u32, FeatureKind)> {
    let placed = t.board.tiles[index];
    let v = placed.tile.get().view(placed.rotation);
    let mut out = Vec::new();
    for s in Side::ALL {
        if v.edges[s as usize] != EdgeKind::Abbey {
            continue;
        }
        let Some(ni) = t.board.cell(placed.pos.step(s)) else {
            continue;
        };
        let n = t.board.tiles[ni];
        let nv = n.tile.get().view(n.rotation);
        let o = s.opposite() as usize;
        // A multi-edge city (HS-02) closes with the city whose side it shares.
        for (seg, kind) in [
            (nv.city_at[o], FeatureKind::City),
            (nv.city_also[o], FeatureKind::City),
            (nv.road_at[o], FeatureKind::Road),
        ] {
            if let Some(seg) = seg {
                out.push((t.features.find(n.first_node + seg as u32), kind));
            }
        }
    }
    out
}

/// The field segments of the tile at `index` whose field holds a barn, as bits (no farmer may
/// go there).
pub(crate) fn barn_fields(t: &Table, index: usize) -> u16 {
    if !t.meeples.iter().any(|m| m.figure == Figure::Barn) {
        return 0;
    }
    let placed = t.board.tiles[index];
    let tile = placed.tile.get();
    let mut bits = 0;
    for seg in tile.field_base()..tile.field_base() + tile.fields.len() {
        if t.field_closed(t.features.find(placed.first_node + seg as u32)) {
            bits |= 1 << seg;
        }
    }
    bits
}

/// A figure of this set, or a farmer, on segment `seg` (place `spot`) of the tile at `index`.
pub(crate) fn check_deploy(
    t: &Table,
    barn_rule: BarnRule,
    index: usize,
    figure: Figure,
    spot: Spot,
    seg: u8,
) -> Result<(), MayorError> {
    match figure {
        Figure::Mayor if spot.kind() != FeatureKind::City => Err(MayorError::MayorPlace(spot)),
        // Not on a field, nor on a place that is no feature (a set's single-tile places).
        Figure::Wagon if !on_feature(seg) || spot.kind() == FeatureKind::Field => {
            Err(MayorError::WagonPlace(spot))
        }
        Figure::Barn => check_barn(t, barn_rule, index, spot, seg),
        Figure::Follower | Figure::Large if spot.kind() == FeatureKind::Field => {
            let root = t.features.find(t.node_of(index, seg as usize));
            if t.field_closed(root) {
                return Err(MayorError::BarnField);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Whether the corner `c` (board orientation) of the placed tile at `p` is a barn corner: one
/// field of the tile holds both half-edges that meet there.
fn barn_corner(b: &Board, p: Pos, c: Corner) -> bool {
    b.tile_at(p).is_some_and(|pt| {
        let v = pt.tile.get().view(pt.rotation);
        let [x, y] = c.halves();
        v.field_at[x as usize].is_some() && v.field_at[x as usize] == v.field_at[y as usize]
    })
}

/// The barn on corner `spot` of the tile at `index` (its field segment `seg`).
fn check_barn(
    t: &Table,
    barn_rule: BarnRule,
    index: usize,
    spot: Spot,
    seg: u8,
) -> Result<(), MayorError> {
    let Spot::Corner(c) = spot else {
        return Err(MayorError::BarnPlace(spot));
    };
    let p = t.board.tiles[index].pos;
    if !barn_corner(&t.board, p, c)
        || !c
            .around(p)
            .iter()
            .all(|&(q, qc)| barn_corner(&t.board, q, qc))
    {
        return Err(MayorError::NoBarnCorner(c));
    }
    let root = t.features.find(t.node_of(index, seg as usize));
    if barn_rule == BarnRule::NotOccupied && t.field_closed(root) {
        return Err(MayorError::BarnThere(c));
    }
    Ok(())
}

/// The barns the seat to act may put on the corners of the tile at `index`.
pub(crate) fn for_each_barn(
    t: &Table,
    barn_rule: BarnRule,
    (seat, index): (usize, usize),
    f: &mut impl FnMut(crate::engine::action::Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !t.supply[seat].has(Figure::Barn) {
        return ControlFlow::Continue(());
    }
    let placed = t.board.tiles[index];
    for c in Corner::ALL {
        let spot = Spot::Corner(c);
        let Some(seg) = spot_segment(placed.tile, placed.rotation, spot) else {
            continue;
        };
        if check_barn(t, barn_rule, index, spot, seg as u8).is_ok() {
            f(crate::engine::action::Action::Deploy {
                figure: Figure::Barn,
                spot,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Each seat's strength in the feature `root` when it scores: a mayor counts the city's
/// pennants instead of the 1 it holds the city with.
pub(crate) fn strength(t: &Table, root: u32, f: &FeatureData) -> [u8; MAX_PLAYERS] {
    let mut s = f.strength;
    for m in &t.meeples {
        if m.figure == Figure::Mayor && t.root_of(m) == Some(root) {
            let p = m.player as usize;
            let pennants = u8::try_from(f.pennants).unwrap_or(u8::MAX);
            s[p] = (s[p] - Figure::Mayor.strength()).saturating_add(pennants);
        }
    }
    s
}

/// Before the figures of the feature `root` go home after it scored during the game: its
/// wagons wait for their owners' choice.
pub(crate) fn wagons_scored(t: &Table, s: &mut MayorState, root: u32) {
    for m in &t.meeples {
        if m.figure == Figure::Wagon && t.root_of(m) == Some(root) {
            s.wagons.push((m.player, m.tile_index, root));
        }
    }
}

/// Puts the waiting wagons in the order their owners decide: from the seat whose turn it is,
/// on round the table.
pub(crate) fn order_wagons(s: &mut MayorState, turn_of: usize, players: usize) {
    s.wagons
        .sort_by_key(|&(p, _, _)| (p as usize + players - turn_of) % players);
}

/// Whether `pos` lies on the wagon's tile at `from` or one of the eight around it.
fn near(from: Pos, pos: Pos) -> bool {
    (from.x - pos.x).abs() <= 1 && (from.y - pos.y).abs() <= 1
}

/// Whether segment `seg` of the tile at `index` is a feature the wagon may move to: a road, a
/// city or a cloister, unfinished, with no figure on it.
fn wagon_target(t: &Table, index: usize, seg: usize) -> Result<(), MayorError> {
    let placed = t.board.tiles[index];
    let kind = placed.tile.get().segment_kind(seg);
    let spot = segment_spot(placed.tile, placed.rotation, seg);
    if kind == FeatureKind::Field {
        return Err(MayorError::WagonPlace(spot));
    }
    let on = placed.pos;
    if t.segment_complete(index, seg) {
        return Err(MayorError::WagonComplete { on, spot });
    }
    let root = t.features.find(t.node_of(index, seg));
    if t.features.data[root as usize].occupied()
        || t.meeples.iter().any(|m| t.root_of(m) == Some(root))
    {
        return Err(MayorError::WagonOccupied { on, spot });
    }
    Ok(())
}

/// The wagon that waits now (its owner and the tile it stood on).
pub(crate) fn waiting(t: &Table, s: Option<&MayorState>) -> Result<(usize, Pos), MayorError> {
    let s = s.ok_or(MayorError::NotInGame)?;
    let &(seat, tile, _) = s.wagons.first().ok_or(MayorError::NoWagon)?;
    Ok((seat as usize, t.board.tiles[tile as usize].pos))
}

/// The features linked to the feature `root` for the 1st-edition wagon move ([`WagonRule::C1`],
/// `../shared/reference/tiles.md` §12 "wagon links"), each once, in the order found:
/// - a road's end at a city's gate (`R:E>N` in the catalog) and that city, both ways;
/// - a road's end at the tile's cloister and that cloister, both ways;
/// - the roads ending at one village or crossing, each to the others (a tower's foundation,
///   where roads also end, is no crossing: the catalog marks no village there);
/// - a cloister drawn inside a city (PD-D4) and that city, both ways;
/// - a road or city that an abbey closes and that abbey, both ways.
pub(crate) fn linked(t: &Table, root: u32) -> Vec<u32> {
    let mut found: Vec<u32> = Vec::new();
    let of = |index: usize, seg: usize| t.features.find(t.node_of(index, seg));
    for node in t.features.members(root) {
        let nd = &t.features.nodes[node as usize];
        let (index, seg) = (nd.tile as usize, nd.seg as usize);
        let placed = t.board.tiles[index];
        let tile = placed.tile.get();
        let stub = |r: &crate::engine::tiles::RoadSegment| r.sides.count_ones() == 1;
        let cloister = tile.cloister_segment();
        match tile.segment_kind(seg) {
            FeatureKind::Road => {
                let road = &tile.roads[seg - tile.road_base()];
                if stub(road) && road.ends_at != 0 {
                    if let Some(c) = tile.cities.iter().position(|c| c.sides & road.ends_at != 0) {
                        found.push(of(index, c));
                    }
                } else if stub(road) && cloister.is_some() {
                    found.push(of(index, cloister.unwrap_or_default()));
                } else if stub(road) && tile.symbols.village {
                    for (j, r) in tile.roads.iter().enumerate() {
                        if stub(r) && r.ends_at == 0 {
                            found.push(of(index, tile.road_base() + j));
                        }
                    }
                }
            }
            FeatureKind::City => {
                let sides = tile.cities[seg].sides;
                for (j, r) in tile.roads.iter().enumerate() {
                    if stub(r) && r.ends_at & sides != 0 {
                        found.push(of(index, tile.road_base() + j));
                    }
                }
                if let (true, Some(c)) = (tile.symbols.cloister_in_city, cloister) {
                    found.push(of(index, c));
                }
            }
            FeatureKind::Cloister if Some(seg) == cloister => {
                for (j, r) in tile.roads.iter().enumerate() {
                    if stub(r) && r.ends_at == 0 {
                        found.push(of(index, tile.road_base() + j));
                    }
                }
                if tile.symbols.cloister_in_city {
                    (0..tile.cities.len()).for_each(|c| found.push(of(index, c)));
                }
                if tile.symbols.abbey {
                    for (r, _) in closed_features(t, index) {
                        found.push(r);
                    }
                }
            }
            _ => {}
        }
        // An abbey beside a road's or city's edge closes it there.
        let v = tile.view(placed.rotation);
        for side in Side::ALL {
            let i = side as usize;
            if v.road_at[i] != Some(seg as u8) && v.city_at[i] != Some(seg as u8) {
                continue;
            }
            let Some(ni) = t.board.cell(placed.pos.step(side)) else {
                continue;
            };
            let n = t.board.tiles[ni].tile.get();
            if n.symbols.abbey {
                if let Some(c) = n.cloister_segment() {
                    found.push(of(ni, c));
                }
            }
        }
    }
    let mut out: Vec<u32> = Vec::with_capacity(found.len());
    for r in found {
        if r != root && !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// The root of the feature whose scoring freed the waiting wagon.
fn scored_root(s: Option<&MayorState>) -> Option<u32> {
    s?.wagons.first().map(|&(_, _, root)| root)
}

/// Checks the waiting wagon's move to `to`; returns the target's placement index, segment and
/// canonical place. `free` says whether a figure may go on a tile at all (not the dragon's).
pub(crate) fn check_wagon(
    t: &Table,
    s: Option<&MayorState>,
    to: Capture,
    free: impl Fn(usize) -> bool,
) -> Result<(usize, u8, Spot), MayorError> {
    let (_, from) = waiting(t, s)?;
    let index = t.board.cell(to.on).ok_or(MayorError::NoTile(to.on))?;
    let c1 = s.is_some_and(|s| s.wagon_rule == WagonRule::C1);
    if !c1 && !near(from, to.on) {
        return Err(MayorError::WagonFar { from, to: to.on });
    }
    let placed = t.board.tiles[index];
    let seg =
        spot_segment(placed.tile, placed.rotation, to.spot).ok_or(MayorError::NoSuchPlace {
            on: to.on,
            spot: to.spot,
        })?;
    if matches!(to.spot, Spot::Corner(_)) {
        return Err(MayorError::WagonPlace(to.spot));
    }
    wagon_target(t, index, seg)?;
    if c1 {
        let target = t.features.find(t.node_of(index, seg));
        let root = scored_root(s).ok_or(MayorError::NoWagon)?;
        if !linked(t, root).contains(&target) {
            return Err(MayorError::WagonUnlinked {
                on: to.on,
                spot: segment_spot(placed.tile, placed.rotation, seg),
            });
        }
    }
    if !free(index) {
        return Err(MayorError::WagonBlocked(to.on));
    }
    Ok((
        index,
        seg as u8,
        segment_spot(placed.tile, placed.rotation, seg),
    ))
}

/// The moves of the waiting wagon: every place it may go, on its tile and the eight around it
/// (tiles in reading order, segments in order; a feature on several of those tiles comes once
/// per tile).
pub(crate) fn for_each_wagon_move(
    t: &Table,
    s: Option<&MayorState>,
    free: impl Fn(usize) -> bool,
    f: &mut impl FnMut(crate::engine::action::Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Ok((_, from)) = waiting(t, s) else {
        return ControlFlow::Continue(());
    };
    if let (Some(WagonRule::C1), Some(root)) = (s.map(|s| s.wagon_rule), scored_root(s)) {
        for target in linked(t, root) {
            for node in t.features.members(target) {
                let nd = &t.features.nodes[node as usize];
                let (index, seg) = (nd.tile as usize, nd.seg as usize);
                if free(index) && wagon_target(t, index, seg).is_ok() {
                    let placed = t.board.tiles[index];
                    let spot = segment_spot(placed.tile, placed.rotation, seg);
                    f(crate::engine::action::Action::Wagon {
                        to: Capture {
                            on: placed.pos,
                            spot,
                        },
                    })?;
                }
            }
        }
        return ControlFlow::Continue(());
    }
    for dy in -1..=1 {
        for dx in -1..=1 {
            let on = Pos::new(from.x + dx, from.y + dy);
            let Some(index) = t.board.cell(on) else {
                continue;
            };
            if !free(index) {
                continue;
            }
            let placed = t.board.tiles[index];
            for seg in 0..placed.tile.get().segment_count() {
                if wagon_target(t, index, seg).is_ok() {
                    let spot = segment_spot(placed.tile, placed.rotation, seg);
                    f(crate::engine::action::Action::Wagon {
                        to: Capture { on, spot },
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The barns' scoring after the features of the turn that placed the tile at `index`: a farm
/// with a barn and farmers scores for the farmers (as at the end where a barn was put there
/// this turn, else 1 per completed city: the tile joined them to a barn's field), and its
/// farmers go home. `bonus` says whether a seat earns 1 more per city in a farm (Traders &
/// Builders' pig).
pub(crate) fn score_barns(
    t: &mut Table,
    index: usize,
    farms: FarmRule,
    bonus: impl Fn(&Table, usize, u32) -> bool,
    winners: impl Fn(&Table, u32, &[u8; MAX_PLAYERS]) -> Vec<usize>,
    out: &mut TurnOutcome,
) {
    let mut roots: Vec<(u32, bool)> = Vec::new();
    for m in &t.meeples {
        if m.figure != Figure::Barn {
            continue;
        }
        let Some(root) = t.root_of(m) else { continue };
        let fresh = m.tile_index as usize == index;
        match roots.iter_mut().find(|(r, _)| *r == root) {
            Some(entry) => entry.1 |= fresh,
            None => roots.push((root, fresh)),
        }
    }
    for (root, fresh) in roots {
        let strength = t.features.data[root as usize].strength;
        if strength == [0; MAX_PLAYERS] {
            continue;
        }
        let winners = winners(t, root, &strength);
        let bordering = t.farm_cities(root);
        let cities = bordering.len() as u32;
        // A castle counts one point more (Bridges, Castles & Bazaars).
        let castles = t.castles_among(&bordering);
        let per_city = match (fresh, farms) {
            (true, FarmRule::PerCity) => 4,
            (true, _) => 3,
            (false, _) => 1,
        };
        let at = t.board.tiles[t.features.nodes[root as usize].tile as usize].pos;
        for w in winners {
            let points = cities * (per_city + u32::from(bonus(t, w, root))) + castles;
            if cities > 0 {
                t.scores[w] += points;
                out.events.push(ScoreEvent {
                    reason: Reason::Farm,
                    complete: false,
                    points,
                    players: vec![w],
                    tiles: cities,
                    pennants: 0,
                    at,
                });
            }
        }
        // Every farmer of the field goes home (the figures that go with the last one too).
        let mut i = 0;
        while i < t.meeples.len() {
            let m = t.meeples[i];
            if m.figure.is_follower() && t.root_of(&m) == Some(root) {
                t.remove_figure(i, out);
                i = 0;
            } else {
                i += 1;
            }
        }
    }
}

/// The barns at the end: each seat with a barn in a field scores 4 per completed city of it
/// and 5 per castle (once per field, however many barns it has there).
pub(crate) fn final_barns(t: &Table, events: &mut Vec<ScoreEvent>) {
    let mut seen: Vec<(u32, u8)> = Vec::new();
    for m in &t.meeples {
        if m.figure != Figure::Barn {
            continue;
        }
        let Some(root) = t.root_of(m) else { continue };
        if seen.contains(&(root, m.player)) {
            continue;
        }
        seen.push((root, m.player));
        let bordering = t.farm_cities(root);
        let cities = bordering.len() as u32;
        if cities > 0 {
            events.push(ScoreEvent {
                reason: Reason::Farm,
                complete: false,
                // A castle counts one point more (Bridges, Castles & Bazaars).
                points: 4 * cities + t.castles_among(&bordering),
                players: vec![m.player as usize],
                tiles: cities,
                pennants: 0,
                at: t.board.tiles[m.tile_index as usize].pos,
            });
        }
    }
}

/// The abbeys each seat still holds.
pub(crate) fn abbeys(s: Option<&MayorState>, players: usize) -> Vec<bool> {
    match s {
        Some(s) => s.abbeys[..players].to_vec(),
        None => vec![false; players],
    }
}
