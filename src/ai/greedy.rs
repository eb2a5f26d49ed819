//! The greedy computer player (level "easy").
//!
//! The greedy player tries every legal placement with every legal figure action (every figure
//! kind, the abbot's recall, or nothing) and takes the one with the best immediate value: points
//! it scores this turn minus points others score, plus a small bonus for a figure left on a
//! feature that can still grow (so it does play followers), a builder's second turn, and minus a
//! little for spending a follower when few are left; with the Tower, a prisoner taken from another
//! player is worth a little, and with at most one follower in hand it buys one back when it can. Ties are broken by a seeded random choice, so
//! a game among computers is reproducible. It reads only the rules state, never the hidden bag.

use crate::engine::{Action, Decision, FeatureKind, Figure, Game, Spot, TileId};
use rand::{Rng, SeedableRng};
use std::ops::ControlFlow;

/// The placements of the drawn tile that a set lists beside the plain ones (with a bridge), in
/// the engine's order.
fn placements_with_sets(game: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    let _ = game.for_each_before_placing(&mut |a| {
        if a.placed().is_some() {
            out.push(a);
        }
        ControlFlow::Continue(())
    });
    out
}

/// The greedy turn for the current player: a ransom where it pays one (The Tower), the
/// placement and the figure action; empty if no tile waits to be placed.
pub fn greedy_move(game: &Game, seed: u64) -> Vec<Action> {
    greedy_turn(game, seed)
        .map(|(_, actions)| actions)
        .unwrap_or_default()
}

/// [`greedy_move`] with the value of the turn it chose; `None` if no tile waits to be placed
/// or it fits nowhere.
fn greedy_turn(game: &Game, seed: u64) -> Option<(f64, Vec<Action>)> {
    let Decision::PlaceTile { tile, .. } = game.pending().decision else {
        return None;
    };
    let me = game.current_player();
    let ransom = before_placing(game);
    let mut paid = game.scratch();
    if let Some(r) = ransom {
        paid.apply(r).ok()?;
    }
    let game = &paid;
    let before: Vec<i64> = game.scores().iter().map(|&s| s as i64).collect();
    let followers = game.supplies()[me].count(Figure::Follower);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut best: Option<(f64, Action, Action)> = None;
    // Every placement, and those a set adds (with a bridge), tried the same way.
    let placements = game
        .legal_placements(tile)
        .into_iter()
        .map(|p| Action::Place {
            at: p.at,
            rotation: p.rotation,
        })
        .chain(placements_with_sets(game));
    for place in placements {
        let mut placed = game.clone();
        if placed.apply(place).is_err() {
            continue;
        }
        if let Some((value, act)) = best_act(game, &placed, &before, followers, &mut rng) {
            if best.as_ref().is_none_or(|(b, ..)| value > *b) {
                best = Some((value, place, act));
            }
        }
    }
    let (value, place, act) = best?;
    Some((value, ransom.into_iter().chain([place, act]).collect()))
}

/// The best figure action on the tile just placed in `placed` (from `game`, the position before
/// the placement, whose scores are `before`), with its value; `followers` in hand before.
fn best_act(
    game: &Game,
    placed: &Game,
    before: &[i64],
    followers: u8,
    rng: &mut rand::rngs::SmallRng,
) -> Option<(f64, Action)> {
    let me = game.current_player();
    let mut best: Option<(f64, Action)> = None;
    let mut acts = Vec::new();
    placed.for_each_legal(|a| {
        acts.push(a);
        ControlFlow::Continue(())
    });
    for act in acts {
        let mut g = placed.clone();
        let Ok(outcome) = g.apply(act) else {
            continue;
        };
        let after = g.scores();
        let mine = after[me] as i64 - before[me];
        let others: i64 = (0..after.len())
            .filter(|&i| i != me)
            .map(|i| after[i] as i64 - before[i])
            .sum();
        let mut value = mine as f64 - others as f64 * 0.7;
        if outcome.extra_turn {
            value += 4.0;
        }
        if let Action::Deploy { figure, spot } = act {
            let still_there = g.supplies()[me].count(figure) < game.supplies()[me].count(figure);
            if still_there {
                value += figure_bonus(figure, spot, followers);
            }
        }
        match act {
            Action::Recall => value -= 1.0,
            // A prisoner costs its owner a follower and whatever it stood for.
            Action::Tower {
                capture: Some(c), ..
            } => {
                let owner = game
                    .meeples()
                    .iter()
                    .find(|m| m.spot == c.spot && game.tiles()[m.tile_index as usize].pos == c.on)
                    .map(|m| m.player as usize);
                value += if owner == Some(me) { -2.0 } else { 2.5 };
            }
            // A guard is a follower gone for the rest of the game.
            Action::DeployOn {
                spot: Spot::Tower, ..
            } => value -= 1.5,
            // Through a magic portal: like a follower on the tile just placed.
            Action::DeployOn { figure, spot, .. } => value += figure_bonus(figure, spot, followers),
            // The fairy onto one's own follower when it guards none yet: a point a turn
            // and protection.
            Action::Fairy { .. } => {
                let guards_mine = game.fairy().is_some_and(|f| {
                    game.meeples().iter().any(|m| {
                        m.player as usize == me && game.tiles()[m.tile_index as usize].pos == f
                    })
                });
                value += if guards_mine { -0.5 } else { 1.0 };
            }
            _ => {}
        }
        // Jitter breaks ties without changing real preferences.
        value += rng.gen_range(0.0..0.01);
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, act));
        }
    }
    best
}

/// The greedy figure action when the game waits for one and no placement of the computer's
/// came before it (after an abbey: Abbey & Mayor).
pub fn greedy_act(game: &Game, seed: u64) -> Option<Action> {
    let Decision::Act { .. } = game.pending().decision else {
        return None;
    };
    let me = game.current_player();
    let before: Vec<i64> = game.scores().iter().map(|&s| s as i64).collect();
    let followers = game.supplies()[me].count(Figure::Follower);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    best_act(game, game, &before, followers, &mut rng).map(|(_, a)| a)
}

/// What a computer does before placing where a set's rule says so. The Tower: with at most one
/// follower in hand and tiles enough left to use another, it buys one back when it can (a
/// large follower first). Both the greedy player and the search follow this rule; the search
/// may also choose such an action on its own.
pub(crate) fn before_placing(game: &Game) -> Option<Action> {
    let me = game.pending().seat;
    let s = game.supplies().get(me)?;
    if s.count(Figure::Follower) + s.count(Figure::Large) > 1 || game.remaining_total() < 8 {
        return None;
    }
    let mut choices: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Ransom { .. }))
        .collect();
    choices.sort_by_key(|a| {
        !matches!(
            a,
            Action::Ransom {
                figure: crate::engine::Figure::Large,
                ..
            }
        )
    });
    choices.first().copied()
}

/// The greedy answer to a set's own decision the game waits for between turns (a step of the
/// dragon's journey), also the bot's step for a person who let it wait too long; `None` when
/// the game waits for a turn's own decision, or for nothing.
pub fn greedy_step(game: &Game, seed: u64) -> Option<Action> {
    match game.pending().decision {
        Decision::DragonMove { .. } => greedy_dragon_step(game, seed),
        Decision::Abbey => Some(greedy_abbey(game)),
        Decision::WagonMove => Some(greedy_wagon(game, seed)),
        Decision::Flock => Some(greedy_flock(game)),
        Decision::Castle => Some(greedy_castle(game)),
        Decision::Bazaar | Decision::Raise | Decision::Deal => bazaar_rule(game, seed),
        _ => None,
    }
}

/// The search's trader at a bazaar inside its tree (Bridges, Castles & Bazaars): where the
/// engine lists every bid a seat can pay, the search follows this one answer, cheap enough for
/// every node: the first tile left at 0, no raise, and a sale when someone bid (the points are
/// the chooser's gain). `None` for every other decision.
pub(crate) fn searched_by_rule(game: &Game) -> Option<Action> {
    match game.pending().decision {
        Decision::Bazaar | Decision::Raise | Decision::Deal => {}
        _ => return None,
    }
    let mut first = None;
    game.for_each_legal(|a| {
        let keep = match a {
            Action::Bazaar { bid, .. } => bid == 0,
            Action::Pass => true,
            Action::Deal { buy } => !buy,
            _ => false,
        };
        if keep {
            first = Some(a);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    first
}

/// The decisions every level answers by a rule instead of its own search: a bazaar's choice,
/// raise and deal ([`bazaar_rule`]). `None` for every other decision.
pub(crate) fn answered_by_rule(game: &Game, seed: u64) -> Option<Action> {
    match game.pending().decision {
        Decision::Bazaar | Decision::Raise | Decision::Deal => bazaar_rule(game, seed),
        _ => None,
    }
}

/// What `tile` is worth to `seat` on the board as it stands: the value the greedy player gives
/// its best placement there (points now, less those of others, and the worth of a figure left
/// on a feature that can grow); 0 when it fits nowhere.
fn tile_worth(game: &Game, seat: usize, tile: TileId, seed: u64) -> f64 {
    game.supposing_drawn(seat, tile)
        .and_then(|g| greedy_turn(&g, seed))
        .map_or(0.0, |(value, _)| value)
}

/// Points paid to a rival, in the greedy player's values: the payer's loss and, at the weight
/// the greedy player gives others' points, the rival's gain.
const PAID: f64 = 1.7;

/// The computer at a bazaar (Bridges, Castles & Bazaars), every level's. Each tile on offer is
/// worth to a seat what its best placement on the board as it stands is worth to the greedy
/// player ([`tile_worth`]); the tile a seat would otherwise end with is worth the mean of the
/// other tiles left. The chooser takes the tile worth most to it and bids 0 (a bid nobody
/// raises is lost; a raise is paid to the chooser or pays for the tile). A bidder raises to
/// half of what the tile is worth to it above the others when that beats the bid: if the
/// chooser buys, the bidder gains the points; if he sells, the tile is worth the price. The
/// chooser buys when the tile is worth more above the others than twice the price changes
/// hands (paying the bidder against being paid), else sells.
fn bazaar_rule(game: &Game, seed: u64) -> Option<Action> {
    let view = game.bazaar()?;
    let me = game.pending().seat;
    let score = game.scores().get(me).copied()?;
    // Each tile left with its worth to the seat.
    let worth: Vec<(usize, f64)> = (0..view.tiles.len())
        .filter(|&i| view.tiles[i].owner.is_none())
        .map(|i| (i, tile_worth(game, me, view.tiles[i].tile, seed)))
        .collect();
    // The mean worth of the tiles left other than `i`.
    let others = |i: usize| {
        let rest: Vec<f64> = worth.iter().filter(|w| w.0 != i).map(|w| w.1).collect();
        if rest.is_empty() {
            0.0
        } else {
            rest.iter().sum::<f64>() / rest.len() as f64
        }
    };
    let of = |i: usize| worth.iter().find(|w| w.0 == i).map_or(0.0, |w| w.1);
    let wanted = match game.pending().decision {
        Decision::Bazaar => {
            let best = worth
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))?;
            Action::Bazaar {
                tile: best.0 as u8,
                bid: 0,
            }
        }
        Decision::Raise => {
            let (i, bid, _) = view.auction?;
            let gain = of(i) - others(i);
            let most = (gain / 2.0).floor();
            if most > f64::from(bid) && bid < score {
                Action::Raise {
                    bid: (most as u32).min(score),
                }
            } else {
                Action::Pass
            }
        }
        Decision::Deal => {
            let (i, bid, _) = view.auction?;
            let gain = of(i) - others(i);
            Action::Deal {
                buy: gain >= 2.0 * PAID * f64::from(bid),
            }
        }
        _ => return None,
    };
    // The rule's answer if the engine lists it (buying needs the points), else the plain one.
    if game.legal_actions().contains(&wanted) {
        Some(wanted)
    } else {
        searched_by_rule(game)
    }
}

/// The greedy lord (Bridges, Castles & Bazaars): builds the castle while enough tiles are left
/// for a feature of its fief to be completed (it then scores that feature's worth, usually
/// more than the small city's), else scores the city now.
fn greedy_castle(game: &Game) -> Action {
    Action::Castle {
        build: game.remaining_total() >= 12,
    }
}

/// The greedy shepherd (Hills & Sheep): grows its flock while the bag as it stands makes that
/// worth more than the flock now (the chance of a sheep times the flock with the sheep a
/// token brings on average, against the flock), and while enough tiles are left for it to
/// score later; else drives it home.
fn greedy_flock(game: &Game) -> Action {
    use crate::engine::FlockChoice;
    let me = game.pending().seat;
    let flock = game.flock(me) as f32;
    let grow = match game.sheep_bag() {
        Some(bag) if game.remaining_total() >= 6 => {
            let tokens: u32 = bag.iter().map(|&c| u32::from(c)).sum();
            let sheep_tokens = tokens - u32::from(bag[0]);
            let sheep: u32 = (1..5).map(|v| v as u32 * u32::from(bag[v])).sum();
            if tokens == 0 || sheep_tokens == 0 {
                false
            } else {
                let p_sheep = sheep_tokens as f32 / tokens as f32;
                let mean = sheep as f32 / sheep_tokens as f32;
                p_sheep * (flock + mean) > flock
            }
        }
        _ => false,
    };
    Action::Flock {
        choice: if grow {
            FlockChoice::Grow
        } else {
            FlockChoice::Home
        },
    }
}

/// The greedy choice between an abbey and the draw (Abbey & Mayor): the abbey into the hole
/// with the most tiles around it when it scores something now, when that hole is nearly
/// surrounded (a cloister worth 8 or 9), or when no tile is left to draw; else the draw.
fn greedy_abbey(game: &Game) -> Action {
    let me = game.pending().seat;
    let mut best: Option<(u32, Action)> = None;
    for a in game.legal_actions() {
        let Action::Abbey { at } = a else { continue };
        let around = game.board().neighbours_filled(at);
        if best.is_none_or(|(b, _)| around > b) {
            best = Some((around, a));
        }
    }
    let Some((around, abbey)) = best else {
        return Action::Pass;
    };
    // What the abbey completes scores once its figure action (none here) ends the turn.
    let mut g = game.scratch();
    let gains = g.apply(abbey).is_ok()
        && g.apply(Action::Pass)
            .is_ok_and(|out| out.events.iter().any(|e| e.players.contains(&me)));
    if gains || around >= 7 || game.remaining_total() == 0 {
        abbey
    } else {
        Action::Pass
    }
}

/// The greedy move of a wagon whose feature scored (Abbey & Mayor): onto the open feature a
/// follower is worth most on (a cloister, a city, a road), ties broken by `seed`; kept in hand
/// when there is none.
fn greedy_wagon(game: &Game, seed: u64) -> Action {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut best: Option<(f64, Action)> = None;
    for a in game.legal_actions() {
        let Action::Wagon { to } = a else { continue };
        let value = follower_bonus(to.spot, 7) + rng.gen_range(0.0..0.01);
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, a));
        }
    }
    best.map_or(Action::Pass, |(_, a)| a)
}

/// The greedy step of the dragon: onto the tile where it sends home the most of the others'
/// figures and the fewest of the mover's own, looking one step ahead to break ties.
pub fn greedy_dragon_step(game: &Game, seed: u64) -> Option<Action> {
    let Decision::DragonMove { .. } = game.pending().decision else {
        return None;
    };
    let me = game.pending().seat;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let worth = |out: &crate::engine::TurnOutcome| -> f64 {
        out.sent_home
            .iter()
            .map(|&(owner, figure, _)| {
                let w = if figure == Figure::Large { 3.0 } else { 2.0 };
                if owner == me {
                    -w
                } else {
                    w
                }
            })
            .sum()
    };
    let mut best: Option<(f64, Action)> = None;
    let game = game.scratch();
    for a in game.legal_actions() {
        let mut g = game.clone();
        let Ok(out) = g.apply(a) else {
            continue;
        };
        let value = worth(&out) + rng.gen_range(0.0..0.01);
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, a));
        }
    }
    best.map(|(_, a)| a)
}

/// Rough worth of leaving a figure on a feature that is still open.
fn figure_bonus(figure: Figure, spot: Spot, left: u8) -> f64 {
    match figure {
        Figure::Builder => return 1.5,
        Figure::Pig => return 1.0,
        Figure::Abbot => return if spot == Spot::Garden { 2.5 } else { 3.0 },
        Figure::Large => return follower_bonus(spot, left) + 1.0,
        // A mayor is worth a city's pennants; a wagon comes back to work again.
        Figure::Mayor => return follower_bonus(spot, left) + 0.5,
        Figure::Wagon => return follower_bonus(spot, left) + 0.8,
        Figure::Barn => return 2.0,
        // A flock's sheep to come, on average, against the wolf's chance.
        Figure::Shepherd => return 1.5,
        Figure::Follower => {}
    }
    follower_bonus(spot, left)
}

fn follower_bonus(spot: Spot, left: u8) -> f64 {
    let scarcity = if left <= 3 { -2.5 } else { 0.0 };
    scarcity
        + match spot.kind() {
            FeatureKind::Cloister => 3.0,
            FeatureKind::City => 2.0,
            FeatureKind::Road => 1.0,
            FeatureKind::Field => {
                if left >= 5 {
                    1.2
                } else {
                    0.2
                }
            }
        }
}
