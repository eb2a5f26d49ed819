//! The **hook table**: the functions below are the steps of a turn, and each lists, in order, the
//! expansions that take part in it. The game calls the expansions only through these (no
//! `if sets.contains(..)` elsewhere: `tests/architecture.rs` checks that no other file of the
//! game calls a set's module), and each hands an expansion only the parts of the game it needs.
//!
//! | step | hooks, in order |
//! |---|---|
//! | setup | inns: one large follower; traders: builder and pig; abbot: one abbot; tower: 10/9/7/6/5 tower pieces and the lines of knights; mayor: an abbey, a mayor, a wagon and a barn; hills: a shepherd, the bag of 18 tokens (`Expansions::new_table`); bridges: 3 castle tokens (2 with five or six players) |
//! | draw | river: river tiles first, the lake last of them (also for a whole hidden draw order); princess: dragon tiles set aside before the first volcano |
//! | place tile | river: continue the open end, no U-turn, never where it could run into itself (revision 1) |
//! | before placing | tower: ransom (listed and applied) |
//! | after placing | traders: does the tile extend a feature with the player's builder?; tower: a new foundation; princess: a volcano brings the dragon and the set-aside tiles back; hills: a hill puts the stack's next tile out of the game |
//! | figure action | inns: large follower; traders: builder, pig; abbot: abbot on cloister/garden, recall (revision 1: not from a completed one); tower: tower piece with a capture (and the exchange), follower on a tower; princess: no figure on the dragon's tile, the princess first, fairy, portal; mayor: the mayor on a city, the wagon on a road, city or cloister, the barn on a corner of four fields, no farmer into a barn's field; hills: the shepherd on a field without one |
//! | figure action, listed | mayor: fields closed to farmers; hills: fields open to a shepherd; princess: the knights first (alone when she must act); abbot: the recall after passing; after the figures, princess: the fairy and a portal's targets (sampled in random play), tower: tower pieces and followers on towers, mayor: the barn's corners |
//! | after the figure action | hills: a new shepherd's first token (chance), the owner's choice when the tile extends its shepherd's field (grow: a token; home: the flock scores), then the flocks of closed fields score |
//! | castles, before the scoring | bridges: a small city of two castle bases with one follower, completed by the tile, becomes a castle if its owner says so (asked in turn order) |
//! | a set's own steps | princess: the dragon's journey (listed, applied, started before or after the scoring as the rules say; a shepherd it eats leaves its sheep to the bag: hills); mayor: the abbey instead of the draw, a scored wagon's move; hills: the tokens in the bag, grow or home |
//! | after scoring | princess: the dragon's journey (before scoring with that option) |
//! | start of a turn | princess: the fairy's point; bridges: the castles built in the last turn may score from now on; mayor: the abbey's choice before the draw, the abbeys' round after the last tile |
//! | score completed | mayor: the roads and cities an abbey closed, the mayor's strength; hills: a tie broken by followers on hills, a completed cloister's vineyards; traders: goods to the completer; inns: points; abbot: gardens; princess: the fairy's 3 (gardens too); bridges: no castle scores as a city, then the castles whose fief holds a completed road, city or cloister score it, then each other; mayor: scored wagons wait, then the barns (their ties broken by hills; a castle one more) |
//! | end of turn | mayor: waiting wagons first; traders: the builder's second turn (never a third) |
//! | final scoring | inns: points; mayor: barns, the mayor's strength; hills: ties of features and farms broken by followers on hills; abbot: gardens; traders: pigs in farms, goods majorities; princess: the fairy's 3 (also for a farm worth nothing, and gardens); bridges: a castle's lord scores nothing, a farm counts a castle one more (also a barn's) |
//! | any figure | princess: none on the dragon's tile |
//! | a cell's filling (the computer's judgement of unfinished features) | mayor: an abbey in a seat's hand fills a hole; bridges: a tile held from a bazaar, a bridge in a seat's hand (a road or field edge met by either) |
//! | views | tower: towers, prisoners, the ransom paid; princess: dragon, fairy, journey, set-aside tiles; traders: goods; mayor: abbeys in hand, the waiting wagon; hills: the bag of sheep, each flock, the tiles under hills; which reasons score |
//!
//! Each step calls a set only when that set is in play, so a game pays nothing for the sets it
//! leaves out (a step of Abbey & Mayor on a hot path is an inlined test of the set and a call
//! kept out of line, so the base game keeps its registers); [`hook_calls`](crate::engine::expansions::hook_calls) counts the calls per set (the
//! engine's property tests check it).

use super::*;
use crate::engine::error::{BridgesError, PrincessError};
use crate::engine::expansions::TowerView;
use crate::engine::expansions::{
    abbot, bridges, called, hills, inns, mayor, princess, river, tower, traders,
};
use crate::engine::features::FeatureData;
use crate::engine::geom::Axis;
use crate::engine::table::TOWER_SEGMENT;
use crate::engine::tiles::{fitting_types, TypeSet};
use crate::engine::types::{DragonRule, FlockChoice, SheepToken};
use std::ops::ControlFlow;

/// Step "draw": may this tile be drawn now?
pub(crate) fn check_draw(g: &Game, tile: TileId) -> Result<(), PlaceError> {
    if g.exp.river.is_some() {
        called(TileSet::River);
        river::check_draw(g.remaining(), tile)?;
    }
    Ok(())
}

/// Step "draw", for a whole hidden draw order: whether a set's rules constrain the order (the
/// River's).
#[inline]
pub(crate) fn orders_draws(g: &Game) -> bool {
    g.exp.river.is_some()
}

/// Step "draw", for a whole hidden draw order: may the tiles be drawn in this order from the
/// tiles `remaining` (the River's tiles first, the lake last of them)? The first tile out of
/// order is the error.
pub(crate) fn check_order(
    g: &Game,
    remaining: &[u8],
    order: impl IntoIterator<Item = TileId>,
) -> Result<(), TileId> {
    if g.exp.river.is_none() {
        return Ok(());
    }
    called(TileSet::River);
    river::check_order(remaining, order)
}

/// Step "place tile": the one cell where a tile whose edges do not alone decide must go (the
/// next river tile: the river's open end).
pub(crate) fn placement_cell(g: &Game) -> Option<Pos> {
    g.exp.river.as_ref().and_then(river::RiverState::mouth)
}

/// Step "place tile": the expansions' placement rules; returns the River's new state.
pub(crate) fn check_place(
    g: &Game,
    tile: TileId,
    at: Pos,
    rotation: Rotation,
) -> Result<Option<river::RiverState>, PlaceError> {
    match &g.exp.river {
        Some(r) => {
            called(TileSet::River);
            let ahead = (g.setup.rules.revision >= river::LOOKS_AHEAD_FROM).then(|| river::Ahead {
                board: &g.table.board,
                remaining: g.remaining(),
            });
            r.check_place(tile, at, rotation, ahead).map(Some)
        }
        // Without the River no river tile is drawn (none is among the tiles to draw).
        None => Ok(None),
    }
}

/// Step "after placing": the tile is on the board and joined to its neighbours; `placing` is
/// what [`check_place`] found (the River's new state).
#[inline(always)]
pub(crate) fn after_place(g: &mut Game, index: usize, placing: Option<river::RiverState>) {
    g.exp.river = placing;
    // The common case, one check: no set in play acts after a placement.
    if g.exp.place_steps {
        sets_after_place(g, index);
    }
}

/// [`after_place`] for the sets that act then: a builder's turn, a tower's foundation, the
/// dragon's tiles back, a bazaar due, a hill.
#[inline(never)]
fn sets_after_place(g: &mut Game, index: usize) {
    if g.exp.traders {
        called(TileSet::Traders);
        if traders::after_place(&g.table, g.pending.turn_of, index) {
            g.turn.builder_used = true;
        }
    }
    if let Some(s) = g.exp.tower.as_mut() {
        called(TileSet::Tower);
        tower::after_place(&g.table, s, index);
    }
    if let Some(s) = g.exp.princess.as_mut() {
        called(TileSet::Princess);
        let back = princess::after_place(&g.table, s, index);
        g.put_back(&back);
    }
    if let Some(s) = g.exp.bridges.as_mut() {
        called(TileSet::Bridges);
        bridges::after_place(s, g.table.board.tiles[index].tile.get());
    }
    if let Some(s) = g.exp.hills.as_mut() {
        called(TileSet::Hills);
        if hills::buries(&g.table, index, g.remaining_total) {
            // The stack's next tile goes under the hill, out of the game: one tile fewer to
            // draw, its kind unknown (it stays among the counts of the tiles not seen).
            g.remaining_total -= 1;
            s.buried += 1;
        }
    }
}

/// Step "figure action": the sets' rules for a figure at a place of the tile `index` (segment
/// `seg`): the builder's and the pig's, the abbot's places, and only the abbot on a garden.
pub(crate) fn check_figure_place(
    g: &Game,
    index: usize,
    figure: Figure,
    spot: Spot,
    seg: u8,
) -> Result<(), FollowerError> {
    match figure {
        Figure::Builder | Figure::Pig => {
            traders::check_deploy(&g.table, g.pending.seat, index, figure, spot, seg)
        }
        Figure::Abbot => abbot::check_deploy(spot),
        Figure::Follower | Figure::Large => {
            abbot::check_follower(spot)?;
            if g.exp.mayor.is_some() && spot.kind() == FeatureKind::Field {
                called(TileSet::Mayor);
                let rule = g.setup.rules.barn;
                mayor::check_deploy(&g.table, rule, index, figure, spot, seg)?;
            }
            Ok(())
        }
        Figure::Mayor | Figure::Wagon | Figure::Barn => {
            called(TileSet::Mayor);
            let rule = g.setup.rules.barn;
            Ok(mayor::check_deploy(
                &g.table, rule, index, figure, spot, seg,
            )?)
        }
        Figure::Shepherd => {
            called(TileSet::Hills);
            Ok(hills::check_deploy(&g.table, index, spot, seg)?)
        }
    }
}

/// Step "figure action", listed: the field segments of the tile `index` a set's own figure
/// of the fields may go to (Hills & Sheep: the shepherd, where none stands), as bits.
#[inline(always)]
pub(crate) fn free_fields(g: &Game, index: usize) -> u16 {
    if g.exp.hills.is_none() {
        return 0;
    }
    hills_shepherd_fields(g, index)
}

#[inline(never)]
fn hills_shepherd_fields(g: &Game, index: usize) -> u16 {
    called(TileSet::Hills);
    hills::shepherd_fields(&g.table, index)
}

/// Whether a set in play has steps of its own at the end of a turn ([`flock_steps`],
/// [`brings_steps`], [`wagon_waits`]): without one, a turn ends with its scoring.
#[inline(always)]
pub(crate) fn has_turn_steps(g: &Game) -> bool {
    g.exp.turn_steps
}

/// Step "after the figure action", before the scoring: the flocks (Hills & Sheep). A shepherd
/// placed on the tile `index` draws its first token; else, when the tile extends the field of
/// the shepherd of the seat whose turn it is, that seat grows its flock or drives it home; then
/// the flocks of closed fields score. True while the game waits for one of these decisions
/// (the turn goes on from [`Game::finish_turn`] once they are taken).
#[inline(always)]
pub(crate) fn flock_steps(g: &mut Game, index: usize, out: &mut TurnOutcome) -> bool {
    if g.exp.hills.is_none() {
        return false;
    }
    hills_flock_steps(g, index, out)
}

#[inline(never)]
fn hills_flock_steps(g: &mut Game, index: usize, out: &mut TurnOutcome) -> bool {
    called(TileSet::Hills);
    let seat = g.pending.turn_of;
    let Some(s) = g.exp.hills.as_mut() else {
        return false;
    };
    if !s.asked {
        s.asked = true;
        if let Some(i) = hills::shepherd(&g.table, seat) {
            let fresh = g.table.meeples[i].tile_index as usize == index;
            let extended = || {
                hills::shepherd_field(&g.table, seat)
                    .is_some_and(|root| hills::extends(&g.table, index, root))
            };
            if fresh || extended() {
                g.pending.seat = seat;
                g.pending.decision = if fresh {
                    Decision::Token
                } else {
                    Decision::Flock
                };
                return true;
            }
        }
    }
    s.asked = false;
    hills::score_closed(&mut g.table, s, out);
    false
}

/// Step "flocks": the token `token` drawn for the flock of the seat to decide, then the turn
/// goes on.
fn draw_sheep(g: &mut Game, token: SheepToken, out: &mut TurnOutcome) -> Result<(), ActionError> {
    let s = g.exp.hills.as_mut().ok_or(ActionError::WrongDecision {
        expected: Decision::Token.name(),
        got: "a token without Hills & Sheep",
    })?;
    called(TileSet::Hills);
    hills::check_token(s, token)?;
    let seat = g.pending.seat;
    hills::draw_token(&mut g.table, s, seat, token, out);
    out.sheep = Some(crate::engine::action::SheepDraw {
        seat,
        token,
        flock: s.sheep_of(seat),
    });
    let index = g.table.board.tiles.len() - 1;
    g.finish_turn(index, out);
    Ok(())
}

/// Step "flocks": the seat to decide grows its flock (a token is drawn next) or drives it
/// home, then the turn goes on.
fn choose_flock(
    g: &mut Game,
    choice: FlockChoice,
    out: &mut TurnOutcome,
) -> Result<(), ActionError> {
    let seat = g.pending.seat;
    let Some(s) = g.exp.hills.as_mut() else {
        return Err(ActionError::WrongDecision {
            expected: Decision::Flock.name(),
            got: "a flock without Hills & Sheep",
        });
    };
    called(TileSet::Hills);
    match choice {
        FlockChoice::Grow => g.pending.decision = Decision::Token,
        FlockChoice::Home => {
            if let Some(root) = hills::shepherd_field(&g.table, seat) {
                hills::score_flock(&mut g.table, s, root, out);
            }
            let index = g.table.board.tiles.len() - 1;
            g.finish_turn(index, out);
        }
    }
    Ok(())
}

/// Step "castles", before the scoring: the small cities the tile `index` completed that may
/// become castles, each asked of its follower's owner in turn (Bridges, Castles & Bazaars).
/// True while the game waits for one of these choices (the turn goes on from
/// [`Game::castles_then_score`] once each is taken).
#[inline(always)]
pub(crate) fn castle_steps(g: &mut Game, index: usize) -> bool {
    if g.exp.bridges.is_none() {
        return false;
    }
    bridges_castle_steps(g, index)
}

#[inline(never)]
fn bridges_castle_steps(g: &mut Game, index: usize) -> bool {
    let turn_of = g.pending.turn_of;
    let Some(s) = g.exp.bridges.as_mut() else {
        return false;
    };
    called(TileSet::Bridges);
    if !s.asked {
        s.asked = true;
        s.asking = bridges::candidates(&g.table, s, index, turn_of);
    }
    // A seat whose last castle token went to a city asked before it is not asked again: that
    // city scores.
    while s
        .asking
        .first()
        .is_some_and(|&(_, seat)| s.tokens[seat as usize] == 0)
    {
        s.asking.remove(0);
    }
    if let Some(&(_, seat)) = s.asking.first() {
        g.pending.seat = seat as usize;
        g.pending.decision = Decision::Castle;
        return true;
    }
    s.asked = false;
    g.pending.seat = turn_of;
    false
}

/// Step "castles": the seat to decide builds a castle on the small city it was asked about, or
/// lets it score; then the next one is asked, or the turn goes on.
fn choose_castle(g: &mut Game, build: bool, out: &mut TurnOutcome) {
    let seat = g.pending.seat;
    if let Some(s) = g.exp.bridges.as_mut() {
        called(TileSet::Bridges);
        if !s.asking.is_empty() {
            let (root, _) = s.asking.remove(0);
            if build {
                bridges::build(&mut g.table, s, root, seat, out);
            }
        }
    }
    let index = g.table.board.tiles.len() - 1;
    g.castles_then_score(index, out);
}

/// Step "score completed", last before the barns: the castles whose fief holds a feature
/// completed this turn score it, then each other (Bridges, Castles & Bazaars). `features` are
/// the completed cities and roads (their roots and kinds), `cloisters` the completed cloisters
/// and gardens (each with its tile's placement index second).
#[inline(always)]
pub(crate) fn castles_score(
    g: &mut Game,
    features: &[(u32, FeatureKind)],
    cloisters: &[(usize, usize)],
    out: &mut TurnOutcome,
) {
    if g.exp
        .bridges
        .as_ref()
        .is_some_and(|s| !s.castles.is_empty())
    {
        bridges_castles_score(g, features, cloisters, out);
    }
}

#[inline(never)]
fn bridges_castles_score(
    g: &mut Game,
    features: &[(u32, FeatureKind)],
    cloisters: &[(usize, usize)],
    out: &mut TurnOutcome,
) {
    called(TileSet::Bridges);
    let mut completed = Vec::new();
    for &(root, kind) in features {
        let f = &g.table.features.data[root as usize];
        if f.open != 0 || g.table.is_castle(root) {
            continue;
        }
        let tiles = g.table.features.tile_count(root);
        completed.push(bridges::Completed {
            points: g.feature_points(kind, f, tiles, true),
            what: bridges::CompletedKind::Feature(root),
        });
    }
    for &(_, ti) in cloisters {
        let pt = g.table.board.tiles[ti];
        if pt.tile.get().cloister_segment().is_some() {
            completed.push(bridges::Completed {
                points: cloister_points(g, pt.pos),
                what: bridges::CompletedKind::Cloister(pt.pos),
            });
        }
    }
    let Some(s) = g.exp.bridges.as_ref() else {
        return;
    };
    // Each lord's strength as its city's majority reads it (a mayor's: its pennants).
    let waiting: Vec<(bridges::Castle, bool)> = bridges::occupied(&g.table, s)
        .into_iter()
        .map(|c| {
            (
                c,
                strength(g, c.root, FeatureKind::City)[c.owner as usize] > 0,
            )
        })
        .collect();
    if waiting.is_empty() {
        return;
    }
    // The fairy's 3 for a castle's city (disjoint from the table the castles score on).
    let fairy = g.exp.princess.as_ref();
    bridges::score(&mut g.table, waiting, &completed, out, |t, root, out| {
        if let Some(p) = fairy {
            called(TileSet::Princess);
            if let Some(e) = princess::fairy_bonus(t, p, root) {
                for &w in &e.players {
                    t.scores[w] += e.points;
                }
                out.events.push(e);
            }
        }
    });
}

/// Step "figure action", listed: the field segments of the tile `index` no farmer may enter
/// (a barn's: Abbey & Mayor), as bits.
#[inline(always)]
pub(crate) fn closed_to_farmers(g: &Game, index: usize) -> u16 {
    if g.exp.mayor.is_none() {
        return 0;
    }
    mayor_barn_fields(g, index)
}

#[inline(never)]
fn mayor_barn_fields(g: &Game, index: usize) -> u16 {
    called(TileSet::Mayor);
    mayor::barn_fields(&g.table, index)
}

/// Step "draw", after the draw rules: is the drawn tile set aside (a dragon tile before the
/// first volcano)?
pub(crate) fn sets_aside(g: &Game, tile: TileId) -> bool {
    g.exp.princess.as_ref().is_some_and(|s| {
        called(TileSet::Princess);
        princess::sets_aside(s, tile)
    })
}

/// Step "any figure": may a figure go on the tile with placement index `index` (not the
/// dragon's)?
#[inline]
pub(crate) fn check_tile(g: &Game, index: usize) -> Result<(), PrincessError> {
    let Some(s) = g.exp.princess.as_ref() else {
        return Ok(());
    };
    called(TileSet::Princess);
    princess::check_tile(&g.table, s, index)
}

/// Step "figure action": must the princess act before anything else?
pub(crate) fn princess_due(g: &Game, index: usize) -> bool {
    g.exp.princess.is_some() && {
        called(TileSet::Princess);
        princess::princess_due(&g.table, index)
    }
}

/// Step "after scoring": does the tile at `index` bring a set's own steps (the dragon's
/// journey)?
pub(crate) fn brings_steps(g: &Game, index: usize) -> bool {
    g.exp.princess.as_ref().is_some_and(|s| {
        called(TileSet::Princess);
        princess::dragon_tile(&g.table, s, index)
    })
}

/// Step "after scoring" (`before_scoring`: before it, with that rule): the dragon's journey
/// brought by the tile at `index` starts, and the game waits for its first step; false if the
/// rule says the other time or the dragon cannot take a single step.
pub(crate) fn start_steps(g: &mut Game, index: usize, before_scoring: bool) -> bool {
    let when = if before_scoring {
        DragonRule::BeforeScoring
    } else {
        DragonRule::AfterScoring
    };
    if g.setup.rules.dragon != when || !start_journey(g, before_scoring.then_some(index)) {
        return false;
    }
    g.pending.decision = Decision::DragonMove { step: 0 };
    true
}

/// Step "start of a turn": the fairy's point; a bridge's turn over, a bazaar's tiles turned up
/// or a held tile.
#[inline(always)]
pub(crate) fn turn_start(g: &mut Game, seat: usize, out: &mut TurnOutcome) {
    // The common case, one check: no set in play acts at a turn's start.
    if g.exp.start_steps {
        sets_turn_start(g, seat, out);
    }
}

/// [`turn_start`] for the sets that act then.
#[inline(never)]
fn sets_turn_start(g: &mut Game, seat: usize, out: &mut TurnOutcome) {
    if let Some(s) = g.exp.princess.as_ref() {
        called(TileSet::Princess);
        princess::turn_start(&mut g.table, s, seat, out);
    }
    if g.exp.bridges.is_some() {
        bridges_turn_start(g);
    }
}

/// Step "start of a turn" for Bridges, Castles & Bazaars: the bridge of the turn is over; a
/// bazaar due turns up its tiles, or the seat's turn begins with its tile from the bazaar.
#[inline(never)]
fn bridges_turn_start(g: &mut Game) {
    let (turn_of, n, left) = (g.pending.turn_of, g.player_count(), g.remaining_total);
    let Some(s) = g.exp.bridges.as_mut() else {
        return;
    };
    called(TileSet::Bridges);
    bridges::turn_over(s);
    match bridges::turn_start(s, turn_of, n, left) {
        bridges::TurnStart::Draw => {}
        bridges::TurnStart::Offer => g.pending.decision = Decision::Offer,
        bridges::TurnStart::Held => g.pending.decision = Decision::HeldTile,
    }
}

/// Whether a seat still holds a tile from a bazaar (Bridges, Castles & Bazaars): the game
/// goes on when the stack is empty. Asked only then.
#[cold]
pub(crate) fn holds_tiles(g: &Game) -> bool {
    g.exp.bridges.as_ref().is_some_and(|s| {
        called(TileSet::Bridges);
        bridges::holds_tiles(s)
    })
}

/// Step "bazaar": what the auction waits for next.
fn bazaar_next(g: &mut Game, next: bridges::Next) {
    let (seat, decision) = match next {
        bridges::Next::Offer => (g.pending.turn_of, Decision::Offer),
        bridges::Next::Choose(s) => (s as usize, Decision::Bazaar),
        bridges::Next::Raise(s) => (s as usize, Decision::Raise),
        bridges::Next::Deal(s) => (s as usize, Decision::Deal),
        bridges::Next::Done => (g.pending.turn_of, Decision::HeldTile),
    };
    g.pending.seat = seat;
    g.pending.decision = decision;
}

/// Step "bazaar": a tile turned up from the stack for the bazaar's offer.
fn offer_tile(g: &mut Game, tile: TileId, garden: bool) -> Result<(), ActionError> {
    g.check_draw(tile, garden)?;
    g.take_tile(tile, garden);
    let n = g.player_count();
    let Some(s) = g.exp.bridges.as_mut() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    let next = bridges::offer(s, Action::Draw { tile, garden }, n);
    bazaar_next(g, next);
    Ok(())
}

/// Step "bazaar": the seat to decide chooses the tile `tile` of the offer and bids `bid`.
fn choose_lot(g: &mut Game, tile: u8, bid: u32) -> Result<(), ActionError> {
    let (seat, rule) = (g.pending.seat, g.setup.rules.bazaar);
    let Some(s) = g.exp.bridges.as_mut() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    bridges::check_choice(&g.table, s, rule, seat, tile, bid)?;
    let next = bridges::choose(&mut g.table, s, rule, seat, tile, bid);
    bazaar_next(g, next);
    Ok(())
}

/// Step "bazaar": the seat to decide raises to `bid`, or passes (`None`).
fn raise_bid(g: &mut Game, bid: Option<u32>) -> Result<(), ActionError> {
    let seat = g.pending.seat;
    let Some(s) = g.exp.bridges.as_mut() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    if let Some(bid) = bid {
        bridges::check_raise(&g.table, s, seat, bid)?;
    }
    let next = bridges::raise(&mut g.table, s, seat, bid);
    bazaar_next(g, next);
    Ok(())
}

/// Step "bazaar": the chooser buys or sells the tile under auction.
fn close_deal(g: &mut Game, buy: bool) -> Result<(), ActionError> {
    let Some(s) = g.exp.bridges.as_mut() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    bridges::check_deal(&g.table, s, buy)?;
    let next = bridges::deal(&mut g.table, s, buy);
    bazaar_next(g, next);
    Ok(())
}

/// Step "bazaar's round": the seat's turn begins with its tile from the bazaar, drawn as from
/// the stack (it fits, or is discarded and the seat draws).
fn draw_taken(
    g: &mut Game,
    tile: TileId,
    garden: bool,
    out: &mut TurnOutcome,
) -> Result<(), ActionError> {
    let seat = g.pending.seat;
    let Some(s) = g.exp.bridges.as_mut() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    bridges::check_taken(s, seat, Action::Draw { tile, garden })?;
    bridges::take(s, seat);
    // Back among the tiles not placed yet, as a drawn tile waiting to be placed is.
    g.put_back(&[(tile, garden)]);
    g.pending.decision = Decision::Draw;
    g.do_draw(tile, garden, out);
    g.drawn += 1;
    Ok(())
}

/// Step "score completed" (and the end): the fairy's 3 points for the feature `root`.
pub(crate) fn feature_bonus(g: &Game, root: u32) -> Option<ScoreEvent> {
    let s = g.exp.princess.as_ref()?;
    called(TileSet::Princess);
    princess::fairy_bonus(&g.table, s, root)
}

/// Step "score completed": the points of a city or road when an inn or a cathedral changes
/// them (`None`: the base rules count).
pub(crate) fn feature_points(
    g: &Game,
    kind: FeatureKind,
    f: &FeatureData,
    tiles: u32,
    complete: bool,
) -> Option<u32> {
    if !g.exp.inns {
        return None;
    }
    called(TileSet::Inns);
    inns::feature_points(kind, f, tiles, complete)
}

/// Step "score completed": a city was completed (traders: its goods to the player).
pub(crate) fn city_completed(g: &mut Game, root: u32, out: &mut TurnOutcome) {
    if g.exp.traders {
        called(TileSet::Traders);
        traders::city_completed(&mut g.table, g.pending.seat, root, out);
    }
}

/// Step "score completed": the surrounded garden of the tile at `index` (the abbot), then the
/// fairy's 3 when she stands on that tile (princess).
pub(crate) fn surrounded(g: &mut Game, index: usize, out: &mut TurnOutcome) {
    if !g.exp.abbot {
        return;
    }
    called(TileSet::Abbot);
    let Some(owner) = abbot::score_garden(&mut g.table, index, out) else {
        return;
    };
    if let Some(e) = fairy_on_garden(g, index, owner) {
        g.table.scores[owner] += e.points;
        out.events.push(e);
    }
}

/// The fairy's 3 for the garden of the tile `index` held by `owner`'s abbot, when she stands
/// there.
fn fairy_on_garden(g: &Game, index: usize, owner: usize) -> Option<ScoreEvent> {
    let s = g.exp.princess.as_ref()?;
    called(TileSet::Princess);
    princess::fairy_bonus_on_tile(&g.table, s, index, owner)
}

/// Step "final scoring": unfinished gardens (the abbot), each followed by the fairy's 3 when
/// she stands on its tile (princess).
pub(crate) fn final_scoring(g: &Game, events: &mut Vec<ScoreEvent>) {
    if g.exp.mayor.is_some() {
        called(TileSet::Mayor);
        mayor::final_barns(&g.table, events);
    }
    if g.exp.abbot {
        called(TileSet::Abbot);
        abbot::final_gardens(&g.table, events);
        for (index, owner) in abbot::held_gardens(&g.table) {
            events.extend(fairy_on_garden(g, index, owner));
        }
    }
}

/// Step "final scoring", after the farms: goods majorities (traders).
pub(crate) fn final_goods(g: &Game, events: &mut Vec<ScoreEvent>) {
    if g.exp.traders {
        called(TileSet::Traders);
        traders::final_goods(&g.table, events);
    }
}

/// Step "final scoring", farms: whether `seat` earns more for one of `farms` (its pig there:
/// traders).
pub(crate) fn farm_bonus(g: &Game, seat: usize, farms: &[u32]) -> bool {
    g.exp.traders && {
        called(TileSet::Traders);
        traders::has_pig(&g.table, seat, farms)
    }
}

/// Step "figure action", before any other: an action on the tile just placed (`at`) while a
/// set's action must come first (the princess's, when she must act) is refused.
#[inline]
pub(crate) fn check_act_order(g: &Game, at: Pos, action: Action) -> Result<(), ActionError> {
    if g.exp.princess.is_some()
        && !matches!(action, Action::Princess { .. } | Action::Draw { .. })
        && g.table.board.cell(at).is_some_and(|i| princess_due(g, i))
    {
        return Err(PrincessError::PrincessFirst.into());
    }
    Ok(())
}

/// A set's own action answering `decision`: the abbot's recall, a tower piece, a ransom, the
/// princess, the fairy, a step of the dragon. Returns the action as the log keeps it (a knight
/// by its canonical place), or `None` when `action` is no set's action for that decision.
pub(crate) fn apply_set_action(
    g: &mut Game,
    decision: Decision,
    action: Action,
    out: &mut TurnOutcome,
) -> Option<Result<Action, ActionError>> {
    let seat = g.pending.seat;
    let placed = |g: &Game, at: Pos| g.table.board.cell(at).expect("the tile just placed");
    let done = match (decision, action) {
        (Decision::Act { at }, Action::Princess { knight }) => {
            let index = placed(g, at);
            send_knight_home(g, index, knight, out).map(|canonical| {
                g.finish_turn(index, out);
                Action::Princess { knight: canonical }
            })
        }
        (Decision::Act { at }, Action::Fairy { at: to }) => {
            let index = placed(g, at);
            move_fairy(g, seat, to).map(|()| {
                g.finish_turn(index, out);
                action
            })
        }
        (Decision::Act { at }, Action::Recall) => {
            let index = placed(g, at);
            recall_abbot(g, seat, out).map(|()| {
                g.finish_turn(index, out);
                action
            })
        }
        (Decision::Act { at }, Action::Tower { at: site, capture }) => {
            let index = placed(g, at);
            build_tower(g, seat, site, capture, out).map(|()| {
                g.finish_turn(index, out);
                action
            })
        }
        (
            Decision::PlaceTile { tile, garden },
            Action::PlaceBridge {
                at,
                rotation,
                on,
                axis,
            },
        ) => place_bridged(g, seat, (tile, garden), at, rotation, on, axis).map(|()| action),
        (Decision::PlaceTile { .. }, Action::Ransom { from, figure }) => {
            pay_ransom(g, seat, (from, figure), out).map(|()| {
                g.turn.before_placing = true;
                action
            })
        }
        (Decision::DragonMove { step }, Action::MoveDragon { side }) => {
            take_step(g, step, side, out).map(|()| action)
        }
        (Decision::Abbey, Action::Abbey { at }) => place_abbey(g, seat, at).map(|()| action),
        (Decision::Abbey, Action::Pass) => {
            skip_abbey(g);
            Ok(action)
        }
        (Decision::WagonMove, Action::Wagon { to }) => {
            move_wagon(g, to, out).map(|canonical| Action::Wagon {
                to: Capture {
                    on: to.on,
                    spot: canonical,
                },
            })
        }
        (Decision::WagonMove, Action::Pass) => {
            next_wagon(g, out);
            Ok(action)
        }
        (Decision::Token, Action::Token { token }) => draw_sheep(g, token, out).map(|()| action),
        (Decision::Flock, Action::Flock { choice }) => {
            choose_flock(g, choice, out).map(|()| action)
        }
        (Decision::Castle, Action::Castle { build }) => {
            choose_castle(g, build, out);
            Ok(action)
        }
        (Decision::Offer, Action::Offer { tile, garden }) => {
            offer_tile(g, tile, garden).map(|()| action)
        }
        (Decision::Bazaar, Action::Bazaar { tile, bid }) => {
            choose_lot(g, tile, bid).map(|()| action)
        }
        (Decision::Raise, Action::Raise { bid }) => raise_bid(g, Some(bid)).map(|()| action),
        (Decision::Raise, Action::Pass) => raise_bid(g, None).map(|()| action),
        (Decision::Deal, Action::Deal { buy }) => close_deal(g, buy).map(|()| action),
        (Decision::HeldTile, Action::Draw { tile, garden }) => {
            draw_taken(g, tile, garden, out).map(|()| action)
        }
        _ => return None,
    };
    Some(done)
}

/// Step "dragon": step `step` of the journey, towards `side`, by the seat to decide; the
/// journey goes on with the next seat, or ends: the tile it waited for is scored and the turn
/// ends.
fn take_step(g: &mut Game, step: u8, side: Side, out: &mut TurnOutcome) -> Result<(), ActionError> {
    check_dragon_step(g, side)?;
    let mover = g.pending.seat;
    let (more, score_after) = dragon_step(g, side, out)?;
    if more {
        g.pending.seat = (mover + 1) % g.player_count();
        g.pending.decision = Decision::DragonMove { step: step + 1 };
        return Ok(());
    }
    g.pending.seat = g.pending.turn_of;
    match score_after {
        // The tile the journey came before is scored now (the castles' choices first).
        Some(index) => g.castles_then_score(index, out),
        None => g.end_turn(out),
    }
    Ok(())
}

/// Step "figure action": the princess sends the knight `knight` home from the city of the tile
/// `index`; returns where that knight stood (its canonical place).
fn send_knight_home(
    g: &mut Game,
    index: usize,
    knight: Capture,
    out: &mut TurnOutcome,
) -> Result<Capture, ActionError> {
    let i = princess::check_princess(&g.table, g.exp.princess.as_ref(), index, knight)?;
    called(TileSet::Princess);
    let m = g.table.meeples[i];
    let canonical = Capture {
        on: g.table.board.tiles[m.tile_index as usize].pos,
        spot: m.spot,
    };
    princess::send_home(&mut g.table, i, out);
    Ok(canonical)
}

/// Step "figure action": the fairy moves onto the tile at `to`, where `seat` has a follower.
fn move_fairy(g: &mut Game, seat: usize, to: Pos) -> Result<(), ActionError> {
    let f = princess::check_fairy(&g.table, g.exp.princess.as_ref(), seat, to)?;
    if let Some(s) = g.exp.princess.as_mut() {
        called(TileSet::Princess);
        s.fairy = Some(f);
    }
    Ok(())
}

/// Step "figure action": `seat`'s abbot comes back and scores its cloister or garden.
fn recall_abbot(g: &mut Game, seat: usize, out: &mut TurnOutcome) -> Result<(), ActionError> {
    let m = abbot::recallable(&g.table, seat).ok_or(ActionError::NoAbbot)?;
    if g.exp.abbot {
        called(TileSet::Abbot);
    }
    if g.setup.rules.revision >= abbot::STAYS_ON_COMPLETED_FROM {
        if let Some(at) = abbot::completed(&g.table, m) {
            return Err(ActionError::AbbotCompleted(at));
        }
    }
    abbot::recall(&mut g.table, m, out);
    Ok(())
}

/// Step "before placing", listed: the ransoms the player may pay first (the Tower).
#[inline]
pub(crate) fn for_each_before_placing(
    g: &Game,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // The common case, one check: no set in play offers anything before placing.
    if !g.exp.before_placing {
        return ControlFlow::Continue(());
    }
    if let Some(s) = g.exp.tower.as_ref() {
        let who = (g.pending.seat, g.player_count());
        tower::for_each_ransom(&g.table, s, who, g.turn.before_placing, f)?;
    }
    match g.exp.bridges {
        Some(_) => bridges_placements(g, f),
        None => ControlFlow::Continue(()),
    }
}

/// Step "place tile", listed after the placements and the ransoms: the drawn tile's placements
/// with one of the player's bridges (Bridges, Castles & Bazaars), the sets' placement rules
/// (the River's) kept.
#[inline(never)]
fn bridges_placements(g: &Game, f: &mut impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
    let (Some(s), Decision::PlaceTile { tile, .. }) = (g.exp.bridges.as_ref(), g.pending.decision)
    else {
        return ControlFlow::Continue(());
    };
    called(TileSet::Bridges);
    let seat = g.pending.seat;
    let ok = |at, rotation| check_place(g, tile, at, rotation).is_ok();
    bridges::for_each_bridged(&g.table, s, seat, tile, ok, f)
}

/// Step "draw": whether the drawn `tile`, which fits nowhere as it is, fits with one of the
/// player's bridges (Bridges, Castles & Bazaars): then it is not discarded.
#[inline(always)]
pub(crate) fn fits_with_bridge(g: &Game, tile: TileId) -> bool {
    g.exp.bridges.is_some() && bridges_fit(g, tile)
}

#[inline(never)]
fn bridges_fit(g: &Game, tile: TileId) -> bool {
    let Some(s) = g.exp.bridges.as_ref() else {
        return false;
    };
    called(TileSet::Bridges);
    let mut any = false;
    let ok = |at, rotation| check_place(g, tile, at, rotation).is_ok();
    let _ = bridges::for_each_bridged(&g.table, s, g.pending.seat, tile, ok, &mut |_| {
        any = true;
        ControlFlow::Break(())
    });
    any
}

/// Step "a cell's filling" (the computer's judgement of unfinished features): whether a set's
/// piece may still fill the empty cell `at`, whose neighbours' edges (`key`) none of the tile
/// types still to come (`left`: [`Game::types_left`]) fits: mayor: an abbey in a seat's hand,
/// `at` a hole; bridges: a tile a seat holds from a bazaar, or a bridge in a seat's hand and a
/// tile that fits the cell's cities and rivers (a bridge turns a field edge into a road, on the
/// tile placed or on its neighbour).
#[inline(always)]
pub(crate) fn fills_otherwise(g: &Game, at: Pos, key: u16, left: &TypeSet) -> bool {
    (g.exp.mayor.is_some() && mayor_fills(g, at))
        || (g.exp.bridges.is_some() && bridges_fill(g, key, left))
}

#[inline(never)]
fn mayor_fills(g: &Game, at: Pos) -> bool {
    let Some(s) = g.exp.mayor.as_ref() else {
        return false;
    };
    called(TileSet::Mayor);
    mayor::abbey_may_fill(&g.table, s, at)
}

#[inline(never)]
fn bridges_fill(g: &Game, key: u16, left: &TypeSet) -> bool {
    let Some(s) = g.exp.bridges.as_ref() else {
        return false;
    };
    called(TileSet::Bridges);
    bridges::held_tile_fits(s, key)
        || (bridges::in_hand(s) && left.meets(fitting_types(bridges::key_bridged(key))))
}

/// Step "place tile": whether the tile put down keeps a spare node for a bridge laid on it
/// in a later turn (Bridges, Castles & Bazaars).
#[inline(always)]
pub(crate) fn keeps_bridge_room(g: &Game, tile: TileId) -> bool {
    g.exp.bridges.is_some() && bridges::keeps_room(tile.get())
}

/// Step "place tile": the drawn tile placed with one of the player's bridges, on it or on a
/// tile beside it (Bridges, Castles & Bazaars); nothing changes when it is refused.
#[allow(clippy::too_many_arguments)]
fn place_bridged(
    g: &mut Game,
    seat: usize,
    (tile, garden): (TileId, bool),
    at: Pos,
    rotation: Rotation,
    on: Pos,
    axis: Axis,
) -> Result<(), ActionError> {
    let Some(s) = g.exp.bridges.as_ref() else {
        return Err(BridgesError::NotInGame.into());
    };
    called(TileSet::Bridges);
    let laying = bridges::check_bridge(&g.table, s, seat, tile, at, rotation, on, axis)?;
    let placing = check_place(g, tile, at, rotation)?;
    // Valid: from here on nothing fails.
    g.take_tile(tile, garden);
    let index = match laying {
        bridges::Laying::Placed(variant) => {
            let index = g.put_tile(variant, at, rotation, garden);
            if let Some(s) = g.exp.bridges.as_mut() {
                s.bridges[seat] -= 1;
            }
            index
        }
        bridges::Laying::Beside(beside, variant) => {
            let index = g.put_tile(tile, at, rotation, garden);
            if let Some(s) = g.exp.bridges.as_mut() {
                bridges::lay_beside(&mut g.table, s, seat, beside, variant);
            }
            index
        }
    };
    after_place(g, index, placing);
    g.pending.decision = Decision::Act { at };
    Ok(())
}

/// Step "figure action", listed first: the knights the princess on the tile `index` may send
/// home; `true` when they are the only actions (she must act).
#[inline(always)]
pub(crate) fn for_each_act_first(
    g: &Game,
    index: usize,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<(), bool> {
    if g.exp.princess.is_none() {
        return ControlFlow::Continue(false);
    }
    princess::for_each_knight(&g.table, index, f)?;
    ControlFlow::Continue(princess_due(g, index))
}

/// Step "figure action", listed after passing, before the figures: the abbot's recall.
#[inline(always)]
pub(crate) fn for_each_act_before_figures(
    g: &Game,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !g.exp.abbot {
        return ControlFlow::Continue(());
    }
    if let Some(m) = abbot::recallable(&g.table, g.pending.seat) {
        let stays = g.setup.rules.revision >= abbot::STAYS_ON_COMPLETED_FROM;
        if !(stays && abbot::completed(&g.table, m).is_some()) {
            f(Action::Recall)?;
        }
    }
    ControlFlow::Continue(())
}

/// Step "figure action", listed after the figures on the tile `index`: the fairy, a magic
/// portal's targets on other tiles (unless `targets` is false: they are sampled, see
/// [`sample_targets`]), tower pieces with their captures and followers on towers.
#[inline(always)]
pub(crate) fn for_each_act_after_figures(
    g: &Game,
    index: usize,
    targets: bool,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let seat = g.pending.seat;
    if let Some(s) = g.exp.princess.as_ref() {
        princess::for_each_fairy(&g.table, s, seat, f)?;
        if targets {
            princess::for_each_portal(&g.table, s, seat, index, f)?;
        }
    }
    if let Some(s) = g.exp.tower.as_ref() {
        tower::for_each_tower(&g.table, s, seat, |site| check_tile(g, site).is_ok(), f)?;
    }
    if g.exp.mayor.is_some() && check_tile(g, index).is_ok() {
        mayor::for_each_barn(&g.table, g.setup.rules.barn, (seat, index), f)?;
    }
    ControlFlow::Continue(())
}

/// Step "figure action", sampled: whether the figure actions on the tile `index` include
/// targets on other tiles too many to list (a magic portal's), which [`sample_targets`] draws.
#[inline]
pub(crate) fn samples_targets(g: &Game, index: usize) -> bool {
    g.exp.princess.is_some()
        && princess::portal_figures(&g.table, g.pending.seat, index).contains(&true)
        && !princess_due(g, index)
}

/// Step "figure action", sampled: one action drawn uniformly from `listed` (the other actions)
/// and the targets on other tiles, trying `tries` random targets before listing them.
pub(crate) fn sample_targets<R: rand::Rng>(
    g: &Game,
    index: usize,
    listed: &mut Vec<Action>,
    tries: usize,
    rng: &mut R,
) -> Option<Action> {
    let s = g.exp.princess.as_ref()?;
    princess::sample_portal(&g.table, s, (g.pending.seat, index), listed, tries, rng)
}

/// A set's own decision between turns, listed: the steps of the dragon's journey; the holes for
/// an abbey, then drawing; the wagon's moves, then keeping it.
#[inline]
pub(crate) fn for_each_set_step(
    g: &Game,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match g.pending.decision {
        Decision::Abbey => {
            if g.exp.mayor.is_some() {
                called(TileSet::Mayor);
                for at in mayor::holes(&g.table.board) {
                    f(Action::Abbey { at })?;
                }
            }
            f(Action::Pass)
        }
        Decision::WagonMove => {
            if g.exp.mayor.is_some() {
                called(TileSet::Mayor);
                let free = |i: usize| check_tile(g, i).is_ok();
                mayor::for_each_wagon_move(&g.table, g.exp.mayor.as_ref(), free, f)?;
            }
            f(Action::Pass)
        }
        Decision::Token | Decision::Flock => for_each_flock_step(g, f),
        Decision::Castle => {
            f(Action::Castle { build: true })?;
            f(Action::Castle { build: false })
        }
        Decision::Offer
        | Decision::HeldTile
        | Decision::Bazaar
        | Decision::Raise
        | Decision::Deal => for_each_bazaar_step(g, f),
        _ => princess::for_each_step(&g.table, g.exp.princess.as_ref(), f),
    }
}

/// [`for_each_set_step`] for a bazaar (Bridges, Castles & Bazaars): every tile the stack may
/// turn up, the tile a seat took there, the choices, raises and deals of its auction.
#[inline(never)]
fn for_each_bazaar_step(
    g: &Game,
    f: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(s) = g.exp.bridges.as_ref() else {
        return ControlFlow::Continue(());
    };
    called(TileSet::Bridges);
    match g.pending.decision {
        Decision::Offer => g.for_each_draw(&mut |d| match Decision::Offer.from_stack(d) {
            Some(a) => f(a),
            None => ControlFlow::Continue(()),
        }),
        Decision::HeldTile => match bridges::held(s, g.pending.seat) {
            Some(l) => f(l.drawn),
            None => ControlFlow::Continue(()),
        },
        d => bridges::for_each_step(&g.table, s, g.setup.rules.bazaar, d, g.pending.seat, f),
    }
}

/// [`for_each_set_step`] for Hills & Sheep: the tokens the bag holds (chance), or the
/// shepherd's two choices (kept out of line: the other sets' steps are listed on hot paths).
#[inline(never)]
fn for_each_flock_step(g: &Game, f: &mut impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
    let Some(s) = g.exp.hills.as_ref() else {
        return ControlFlow::Continue(());
    };
    called(TileSet::Hills);
    if g.pending.decision == Decision::Token {
        for (token, &n) in SheepToken::ALL.into_iter().zip(&s.bag) {
            if n > 0 {
                f(Action::Token { token })?;
            }
        }
    } else {
        for choice in [FlockChoice::Grow, FlockChoice::Home] {
            f(Action::Flock { choice })?;
        }
    }
    ControlFlow::Continue(())
}

/// Step "abbey": `seat` puts its abbey into the hole at `at` instead of drawing; its edges close
/// what they touch, and the game waits for the figure action on it.
fn place_abbey(g: &mut Game, seat: usize, at: Pos) -> Result<(), ActionError> {
    mayor::check_abbey(&g.table, g.exp.mayor.as_ref(), seat, at)?;
    called(TileSet::Mayor);
    if let Some(s) = g.exp.mayor.as_mut() {
        s.abbeys[seat] = false;
    }
    let index = g.put_tile(
        crate::engine::tiles::abbey(),
        at,
        Rotation::default(),
        false,
    );
    g.undrawn += 1;
    mayor::close_edges(&mut g.table, index);
    g.pending.decision = Decision::Act { at };
    Ok(())
}

/// Step "abbey": the seat draws instead (during the turns), or lets its last chance go (in the
/// abbeys' round after the last tile).
fn skip_abbey(g: &mut Game) {
    let in_round = g.exp.mayor.as_ref().is_some_and(|s| s.round.is_some());
    if in_round {
        g.pending.turn_of = (g.pending.turn_of + 1) % g.player_count();
        g.pending.seat = g.pending.turn_of;
        g.pending.decision = Decision::GameOver;
        last_round(g);
    } else {
        g.pending.decision = Decision::Draw;
    }
}

/// Step "end of turn", last: the next turn begins with the abbey's choice before the draw, or
/// the abbeys' round when no tile is left (Abbey & Mayor).
#[inline(always)]
pub(crate) fn turn_begins(g: &mut Game) {
    if g.exp.mayor.is_some() {
        if g.pending.decision == Decision::Draw {
            mayor_before_draw(g);
        } else if g.pending.decision == Decision::GameOver {
            mayor_last_round(g);
        }
    }
}

/// Step "start of a turn", before the draw (a builder's second turn too): the seat may put its
/// abbey into a hole instead (Abbey & Mayor).
#[inline(never)]
fn mayor_before_draw(g: &mut Game) {
    if let Some(s) = g.exp.mayor.as_ref() {
        called(TileSet::Mayor);
        if mayor::may_place_abbey(&g.table, s, g.pending.turn_of) {
            g.pending.decision = Decision::Abbey;
        }
    }
}

/// Step "end of the game", when no tile is left: the abbeys' round (Abbey & Mayor), from the
/// seat whose turn it would be, each seat once, to the one who placed the last tile; the game
/// waits for the next seat that may place its abbey, or stays over.
#[inline(always)]
pub(crate) fn last_round(g: &mut Game) {
    if g.exp.mayor.is_some() {
        mayor_last_round(g);
    }
}

#[inline(never)]
fn mayor_last_round(g: &mut Game) {
    let n = g.player_count();
    let Some(s) = g.exp.mayor.as_mut() else {
        return;
    };
    if g.setup.rules.abbeys == crate::engine::types::AbbeyRound::None {
        return;
    }
    called(TileSet::Mayor);
    let mut left = s.round.unwrap_or(n as u8);
    while left > 0 {
        left -= 1;
        let seat = g.pending.turn_of;
        if mayor::may_place_abbey(&g.table, s, seat) {
            s.round = Some(left);
            g.pending.seat = seat;
            g.pending.decision = Decision::Abbey;
            return;
        }
        g.pending.turn_of = (seat + 1) % n;
    }
    s.round = Some(0);
    g.pending.seat = g.pending.turn_of;
}

/// Step "end of turn", first: a wagon whose feature scored waits for its owner (Abbey & Mayor);
/// true when the game waits for it.
#[inline(always)]
pub(crate) fn wagon_waits(g: &mut Game) -> bool {
    g.exp.mayor.is_some() && mayor_wagon_waits(g)
}

#[inline(never)]
fn mayor_wagon_waits(g: &mut Game) -> bool {
    let Some(s) = g.exp.mayor.as_mut() else {
        return false;
    };
    called(TileSet::Mayor);
    mayor::order_wagons(s, g.pending.turn_of, g.setup.players.len());
    match s.wagons.first() {
        Some(&(seat, _, _)) => {
            g.pending.seat = seat as usize;
            g.pending.decision = Decision::WagonMove;
            true
        }
        None => false,
    }
}

/// Step "wagon": the waiting wagon moves to `to`; returns its canonical place there.
fn move_wagon(g: &mut Game, to: Capture, out: &mut TurnOutcome) -> Result<Spot, ActionError> {
    let free = |i: usize| check_tile(g, i).is_ok();
    let (index, seg, canonical) = mayor::check_wagon(&g.table, g.exp.mayor.as_ref(), to, free)?;
    called(TileSet::Mayor);
    let seat = g.pending.seat;
    g.deploy(seat, index, seg, canonical, Figure::Wagon);
    next_wagon(g, out);
    Ok(canonical)
}

/// Step "wagon": the waiting wagon's choice is made; the next one waits, or the turn ends.
fn next_wagon(g: &mut Game, out: &mut TurnOutcome) {
    if let Some(s) = g.exp.mayor.as_mut() {
        if !s.wagons.is_empty() {
            s.wagons.remove(0);
        }
    }
    g.pending.seat = g.pending.turn_of;
    g.end_turn(out);
}

/// Step "score completed": the cities and roads of other tiles that the tile at `index` closed
/// with an abbey's edges (Abbey & Mayor), added to `roots` after the first `count`; returns the
/// new count.
#[inline(always)]
pub(crate) fn closed_by_abbey(
    g: &Game,
    index: usize,
    roots: &mut [(u32, FeatureKind)],
    count: usize,
) -> usize {
    if g.exp.mayor.is_none() {
        return count;
    }
    mayor_closed_by_abbey(g, index, roots, count)
}

#[inline(never)]
fn mayor_closed_by_abbey(
    g: &Game,
    index: usize,
    roots: &mut [(u32, FeatureKind)],
    mut count: usize,
) -> usize {
    if !g.table.board.tiles[index].tile.get().symbols.abbey {
        return count;
    }
    called(TileSet::Mayor);
    for (root, kind) in mayor::closed_features(&g.table, index) {
        if count < roots.len() && !roots[..count].iter().any(|(r, _)| *r == root) {
            roots[count] = (root, kind);
            count += 1;
        }
    }
    count
}

/// Step "score completed" (and the end): each seat's strength in the feature `root` as its
/// majority reads it: a mayor's pennants (Abbey & Mayor), a tie broken by followers on hills
/// (Hills & Sheep).
#[inline(always)]
pub(crate) fn strength(g: &Game, root: u32, kind: FeatureKind) -> [u8; MAX_PLAYERS] {
    if g.exp.hills.is_some() {
        return hills_strength(g, root, kind);
    }
    let f = &g.table.features.data[root as usize];
    if g.exp.mayor.is_none() || kind != FeatureKind::City {
        return f.strength;
    }
    called(TileSet::Mayor);
    mayor::strength(&g.table, root, f)
}

/// [`strength`] with Hills & Sheep: the mayor's, then the hills' tie-break.
#[inline(never)]
fn hills_strength(g: &Game, root: u32, kind: FeatureKind) -> [u8; MAX_PLAYERS] {
    let f = &g.table.features.data[root as usize];
    let s = if g.exp.mayor.is_some() && kind == FeatureKind::City {
        called(TileSet::Mayor);
        mayor::strength(&g.table, root, f)
    } else {
        f.strength
    };
    ranked(g, &[root], s)
}

/// Step "score completed" (and the end, the farms, a barn's farm): the strengths `s` of the
/// feature made of `roots` as its majority reads them: a tie broken by followers on hills
/// (Hills & Sheep).
#[inline(always)]
pub(crate) fn ranked(g: &Game, roots: &[u32], s: [u8; MAX_PLAYERS]) -> [u8; MAX_PLAYERS] {
    if g.exp.hills.is_none() {
        return s;
    }
    called(TileSet::Hills);
    hills::rank(&g.table, roots, s, g.player_count(), g.setup.rules.hill)
}

/// Step "score completed": what a cloister completed at `pos` scores: 9, and 3 more for each
/// vineyard around it (Hills & Sheep).
#[inline(always)]
pub(crate) fn cloister_points(g: &Game, pos: Pos) -> u32 {
    if g.exp.hills.is_some() {
        hills_cloister_points(g, pos)
    } else {
        9
    }
}

#[inline(never)]
fn hills_cloister_points(g: &Game, pos: Pos) -> u32 {
    called(TileSet::Hills);
    9 + hills::VINEYARD_POINTS * hills::vineyards_around(&g.table.board, pos)
}

/// Step "score completed", before the feature `root`'s figures go home: its wagons will ask
/// their owners where to go (Abbey & Mayor).
#[inline(always)]
pub(crate) fn feature_scored(g: &mut Game, root: u32) {
    if g.exp.mayor.is_some() {
        mayor_feature_scored(g, root);
    }
}

#[inline(never)]
fn mayor_feature_scored(g: &mut Game, root: u32) {
    if let Some(s) = g.exp.mayor.as_mut() {
        called(TileSet::Mayor);
        mayor::wagons_scored(&g.table, s, root);
    }
}

/// Step "score completed", after the features: the barns (Abbey & Mayor).
#[inline(always)]
pub(crate) fn after_scoring(g: &mut Game, index: usize, out: &mut TurnOutcome) {
    if g.exp.mayor.is_some() {
        mayor_after_scoring(g, index, out);
    }
}

#[inline(never)]
fn mayor_after_scoring(g: &mut Game, index: usize, out: &mut TurnOutcome) {
    called(TileSet::Mayor);
    let traders = g.exp.traders;
    let pig = |t: &Table, seat: usize, root: u32| traders && traders::has_pig(t, seat, &[root]);
    let (hilly, hill) = (g.exp.hills.is_some(), g.setup.rules.hill);
    let winners = |t: &Table, root: u32, strength: &[u8; MAX_PLAYERS]| {
        let n = t.scores.len();
        let s = if hilly {
            called(TileSet::Hills);
            hills::rank(t, &[root], *strength, n, hill)
        } else {
            *strength
        };
        crate::engine::features::majority(&s, n)
    };
    mayor::score_barns(&mut g.table, index, g.setup.rules.farms, pig, winners, out);
}

/// Step "before placing": `seat` pays a ransom to `from` for a `figure` it holds (the Tower).
fn pay_ransom(
    g: &mut Game,
    seat: usize,
    (from, figure): (u8, Figure),
    out: &mut TurnOutcome,
) -> Result<(), ActionError> {
    let ransomed = g.turn.before_placing;
    tower::check_ransom(&g.table, g.exp.tower.as_ref(), seat, ransomed, from, figure)?;
    if let Some(s) = g.exp.tower.as_mut() {
        called(TileSet::Tower);
        tower::ransom(&mut g.table, s, seat, from, figure, out);
    }
    Ok(())
}

/// Step "figure action": a tower piece of `seat` on the tower at `site`, with its capture.
fn build_tower(
    g: &mut Game,
    seat: usize,
    site: Pos,
    capture: Option<Capture>,
    out: &mut TurnOutcome,
) -> Result<(), ActionError> {
    let plan = tower::check_build(&g.table, g.exp.tower.as_ref(), seat, site, capture)?;
    if let Some(s) = g.exp.tower.as_mut() {
        called(TileSet::Tower);
        tower::build(&mut g.table, s, seat, plan, out);
    }
    Ok(())
}

/// Step "figure action": where a figure sent onto another tile goes: on top of the tower at
/// `on` (the Tower), or through a magic portal (the Princess & the Dragon). Returns the tile's
/// placement index, the segment and the canonical place.
pub(crate) fn deploy_target(
    g: &Game,
    (seat, index): (usize, usize),
    on: Pos,
    figure: Figure,
    spot: Spot,
) -> Result<(usize, u8, Spot), ActionError> {
    if spot == Spot::Tower || g.exp.princess.is_none() {
        if g.exp.tower.is_some() {
            called(TileSet::Tower);
        }
        let target = tower::check_guard(&g.table, g.exp.tower.as_ref(), seat, on, figure, spot)?;
        check_tile(g, target)?;
        return Ok((target, TOWER_SEGMENT, Spot::Tower));
    }
    called(TileSet::Princess);
    let s = g.exp.princess.as_ref();
    let (target, seg) = princess::check_portal(&g.table, s, seat, index, on, figure, spot)?;
    let p = g.table.board.tiles[target];
    Ok((
        target,
        seg,
        Game::segment_spot(p.tile, p.rotation, seg as usize),
    ))
}

/// Whether a figure sent onto the tile just placed (`at`) goes through a magic portal of that
/// tile, which is a figure placed the usual way.
pub(crate) fn sent_onto_itself(g: &Game, at: Pos, on: Pos, spot: Spot) -> bool {
    on == at
        && spot != Spot::Tower
        && g.exp.princess.is_some()
        && g.table
            .board
            .cell(at)
            .is_some_and(|i| g.table.board.tiles[i].tile.get().symbols.portal)
}

/// Step "draw": a dragon tile set aside until the volcano (the Princess & the Dragon).
pub(crate) fn set_aside(g: &mut Game, tile: TileId, garden: bool) {
    if let Some(p) = g.exp.princess.as_mut() {
        called(TileSet::Princess);
        p.set_aside.push((tile, garden));
    }
}

/// Step "after scoring": the dragon's journey starts; false if it cannot take a single step.
fn start_journey(g: &mut Game, score_after: Option<usize>) -> bool {
    g.exp.princess.as_mut().is_some_and(|s| {
        called(TileSet::Princess);
        princess::start_journey(&g.table, s, score_after)
    })
}

/// Step "dragon": checks a step of the journey towards `side`.
fn check_dragon_step(g: &Game, side: Side) -> Result<(), ActionError> {
    princess::check_step(&g.table, g.exp.princess.as_ref(), side)?;
    called(TileSet::Princess);
    Ok(())
}

/// Step "dragon": the dragon moves towards `side` (checked); returns whether the journey goes
/// on and the tile to score after it, if any.
fn dragon_step(
    g: &mut Game,
    side: Side,
    out: &mut TurnOutcome,
) -> Result<(bool, Option<usize>), ActionError> {
    let Some(s) = g.exp.princess.as_mut() else {
        return Err(PrincessError::NotInGame.into());
    };
    called(TileSet::Princess);
    let step = princess::step(&mut g.table, s, side, out);
    // A shepherd the dragon ate leaves its flock to the bag (Hills & Sheep).
    if let Some(h) = g.exp.hills.as_mut() {
        called(TileSet::Hills);
        hills::strays_home(&g.table, h);
    }
    Ok(step)
}

/// Step "after placing", read: the tiles put out of the game (Hills & Sheep: under hills).
pub(crate) fn buried(g: &Game) -> u32 {
    g.exp.hills.as_ref().map_or(0, |h| h.buried)
}

/// Step "after placing", read: whether placing `tile` puts the stack's next tile out of the
/// game (Hills & Sheep: a hill tile, while tiles are left).
pub(crate) fn covers_next(tile: TileId) -> bool {
    tile.get().symbols.hill
}

/// What the sets show of the game (read-only views for the pictures and the texts).
impl Game {
    /// The bag of sheep (Hills & Sheep): how many tokens of each kind it holds, by
    /// [`SheepToken::ALL`] (public: which tokens are out is seen on the board); `None` without
    /// the set.
    pub fn sheep_bag(&self) -> Option<[u8; 5]> {
        self.exp.hills.as_ref().map(|s| s.bag)
    }

    /// Tokens in the bag of sheep (0 without Hills & Sheep).
    pub fn tokens_in_bag(&self) -> u32 {
        self.exp.hills.as_ref().map_or(0, hills::HillsState::in_bag)
    }

    /// The `k`-th token of the bag of sheep (`0..tokens_in_bag()`), as the chance action that
    /// names it: a uniform `k` draws as the bag does.
    pub fn nth_token(&self, k: u32) -> Option<Action> {
        let token = self.exp.hills.as_ref()?.nth_token(k)?;
        Some(Action::Token { token })
    }

    /// The sheep of `seat`'s flock, beside its shepherd (Hills & Sheep; 0 without it).
    pub fn flock(&self, seat: usize) -> u32 {
        self.exp.hills.as_ref().map_or(0, |s| s.sheep_of(seat))
    }

    /// Bridges left in `seat`'s hand (Bridges, Castles & Bazaars; 0 without the set).
    pub fn bridges_in_hand(&self, seat: usize) -> u8 {
        self.exp
            .bridges
            .as_ref()
            .map_or(0, |s| s.bridges.get(seat).copied().unwrap_or(0))
    }

    /// The bridges on the board (Bridges, Castles & Bazaars): each tile with one, and the
    /// bridge's line in board orientation.
    pub fn bridges(&self) -> Vec<(Pos, Axis)> {
        self.table
            .board
            .tiles
            .iter()
            .filter_map(|p| {
                let (_, axis) = p.tile.get().bridge_of?;
                Some((p.pos, axis.rotate(p.rotation)))
            })
            .collect()
    }

    /// The bazaar under way, its auction or its round (Bridges, Castles & Bazaars; `None`
    /// when none runs).
    pub fn bazaar(&self) -> Option<bridges::BazaarView> {
        self.exp.bridges.as_ref().and_then(bridges::view)
    }

    /// Castle tokens left in `seat`'s hand (Bridges, Castles & Bazaars; 0 without the set).
    pub fn castle_tokens(&self, seat: usize) -> u8 {
        self.exp
            .bridges
            .as_ref()
            .map_or(0, |s| s.tokens.get(seat).copied().unwrap_or(0))
    }

    /// A square of the small city whose castle the game asks about now (Bridges, Castles &
    /// Bazaars; `None` when no castle's choice waits).
    pub fn castle_asked(&self) -> Option<Pos> {
        if self.pending.decision != Decision::Castle {
            return None;
        }
        let &(root, _) = self.exp.bridges.as_ref()?.asking.first()?;
        let node = self.table.features.nodes.get(root as usize)?;
        Some(self.table.board.tiles.get(node.tile as usize)?.pos)
    }

    /// The castles (Bridges, Castles & Bazaars): each one's two squares and the seat that
    /// built it, in the order they were built; empty without the set.
    pub fn castles(&self) -> Vec<([Pos; 2], usize)> {
        self.exp.bridges.as_ref().map_or(Vec::new(), |s| {
            s.castles.iter().map(|c| (c.at, c.owner as usize)).collect()
        })
    }

    /// The towers (The Tower): every placed tile with a foundation, its tower's height and
    /// whether a follower on top closes it.
    pub fn towers(&self) -> Vec<TowerView> {
        let Some(t) = self.exp.tower.as_ref() else {
            return Vec::new();
        };
        t.sites
            .iter()
            .map(|&(i, height, at)| TowerView {
                at,
                height,
                guard: tower::guard(&self.table, i as usize).map(|k| self.table.meeples[k]),
            })
            .collect()
    }

    /// The prisoners (The Tower): `prisoners()[holder][owner]` is how many figures of `owner`
    /// the seat `holder` holds, by kind in the order of [`tower::PRISONERS`] (normal and large
    /// followers, mayor, wagon). Empty without the Tower.
    pub fn prisoners(&self) -> Vec<Vec<[u8; tower::PRISONER_KINDS]>> {
        let n = self.player_count();
        self.exp
            .tower
            .as_ref()
            .map(|t| t.held.iter().map(|row| row[..n].to_vec()).collect())
            .unwrap_or_default()
    }

    /// Where the dragon is (The Princess & the Dragon; `None` before the first volcano).
    pub fn dragon(&self) -> Option<Pos> {
        princess::positions(&self.table, self.exp.princess.as_ref()).0
    }

    /// Where the fairy is (`None` while it stands beside the board).
    pub fn fairy(&self) -> Option<Pos> {
        princess::positions(&self.table, self.exp.princess.as_ref()).1
    }

    /// The tiles the dragon entered on the journey in progress, its start first.
    pub fn dragon_journey(&self) -> Vec<Pos> {
        self.exp
            .princess
            .as_ref()
            .and_then(|s| s.journey.as_ref())
            .map(|j| {
                j.visited()
                    .iter()
                    .map(|&i| self.table.board.tiles[i as usize].pos)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Dragon tiles set aside until the first volcano.
    pub fn set_aside(&self) -> Vec<TileId> {
        self.exp
            .princess
            .as_ref()
            .map(|s| s.set_aside.iter().map(|t| t.0).collect())
            .unwrap_or_default()
    }

    /// Per seat, whether it still holds its abbey (Abbey & Mayor; all false without it).
    pub fn abbeys(&self) -> Vec<bool> {
        mayor::abbeys(self.exp.mayor.as_ref(), self.player_count())
    }

    /// The tile of the wagon whose owner is asked now (Abbey & Mayor: its feature scored;
    /// `None` when no wagon waits).
    pub fn waiting_wagon(&self) -> Option<Pos> {
        let &(_, index, _) = self.exp.mayor.as_ref()?.wagons.first()?;
        Some(self.table.board.tiles.get(index as usize)?.pos)
    }

    /// Goods tokens per seat, indexed by [`Goods`](crate::engine::tiles::Goods) (wine, grain, cloth).
    pub fn goods(&self) -> &[[u8; 3]] {
        &self.table.goods
    }

    /// Whether the seat to play has paid a ransom this turn.
    pub fn ransom_paid(&self) -> bool {
        self.turn.before_placing
    }

    /// Whether points can be scored for `reason` at the end of this game (the set that scores
    /// it is in play): the rows of end-game breakdowns shown. Flocks and castles score during
    /// the game only (Hills & Sheep; Bridges, Castles & Bazaars), never at its end.
    pub fn scores_for(&self, reason: Reason) -> bool {
        match reason {
            Reason::Flock | Reason::Castle => reason.at_end(),
            Reason::Garden => self.has_figure(Figure::Abbot),
            Reason::Goods => self.has_set(TileSet::Traders),
            Reason::Fairy => self.has_set(TileSet::Princess),
            Reason::City | Reason::Road | Reason::Cloister | Reason::Farm => true,
        }
    }
}
