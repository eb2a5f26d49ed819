//! Bridges, Castles & Bazaars' words, so far for its bridges and castles: a placement with a
//! bridge typed (`bridge 1,1 0 0,1 W-E`, with autocomplete of the legal ones and the figure
//! asked with buttons) and told in the move's line; the choice of a follower's owner when a
//! tile completes a small city of two castle bases with that follower alone in it (build a
//! castle or score the city) as a step of its own, typed (`castle build`, `castle score`) and
//! on buttons with what the city would score; the line of the choice; the refusals of the
//! bridges; the bridges and castle tokens in hand in `status`; a castle's scoring; the bazaar
//! in a tile's words.

use super::{
    acts_after, figure_choice_label, figure_choice_text, figure_question, parse_figure_choice,
    step_question, step_report, xy, Done, SetStep, SetWords, Waiting,
};
use crate::engine::error::BridgesError;
use crate::engine::{
    Action, ActionError, Axis, Decision, LiveGame, Pos, Reason, Rotation, TileSet, TileType,
};
use crate::i18n::{private, public, Lang};
use crate::service::api::{ButtonStyle, Reply};
use crate::service::stored::StoredGame;
use crate::service::words::{parse_xy, seat_who};
use crate::tr;

/// Bridges, Castles & Bazaars' hooks.
pub(super) const WORDS: SetWords = SetWords {
    action_text: |a| match a {
        Action::Castle { build } => Some(format!("castle {}", choice_word(build))),
        Action::PlaceBridge { .. } => Some(bridge_text(a)),
        Action::Bazaar { .. } | Action::Raise { .. } | Action::Deal { .. } => {
            Some(format!("bazaar {}", bazaar_text(a)))
        }
        _ => None,
    },
    parse_action: |text| {
        if text.starts_with("bridge ") {
            return Some(parse_bridge(text).map(|(a, _)| a));
        }
        if let Some(rest) = text.strip_prefix("bazaar ") {
            return Some(parse_bazaar(rest));
        }
        let rest = text.strip_prefix("castle ")?;
        Some(parse_choice(rest).map(|build| Action::Castle { build }))
    },
    move_text: |lang, a| match a {
        Action::PlaceBridge { at, on, axis, .. } if on == at => {
            Some(tr!(lang, "move-bridge-here", axis = axis_words(lang, axis)))
        }
        Action::PlaceBridge { on, axis, .. } => Some(tr!(
            lang,
            "move-bridge-beside",
            at = xy(on),
            axis = axis_words(lang, axis)
        )),
        _ => None,
    },
    refusal,
    game_status: bazaar_status,
    seat_status: |lang, game, seat| {
        if !game.has_set(TileSet::Bridges) {
            return Vec::new();
        }
        vec![
            tr!(lang, "status-bridges", n = game.bridges_in_hand(seat)),
            tr!(lang, "status-castles", n = game.castle_tokens(seat)),
        ]
    },
    score_detail: |_, e| (e.reason == Reason::Castle).then(String::new),
    tile_words: |lang, t: &TileType| {
        if t.symbols.bazaar {
            vec![tr!(lang, "tile-bazaar")]
        } else {
            Vec::new()
        }
    },
    no_take_back: |lang, game| match game.pending().decision {
        Decision::Castle => Some(tr!(lang, "undo-castle")),
        Decision::Bazaar | Decision::Raise | Decision::Deal => Some(tr!(lang, "undo-bazaar")),
        _ => None,
    },
    replay_words: |lang, turn| {
        turn.after_act()
            .filter(|a| *a == Action::Castle { build: true })
            .map(|_| tr!(lang, "replay-castle"))
            .collect()
    },
    turn_offers: |lang, game, _| {
        // A drawn tile that fits only with a bridge: say how to place it.
        let Some(tile) = game.drawn_tile() else {
            return Vec::new();
        };
        if !game.has_set(TileSet::Bridges) || !game.legal_placements(tile).is_empty() {
            return Vec::new();
        }
        vec![(tr!(lang, "bridge-needed"), None)]
    },
    steps: &[&CASTLE, &BRIDGE, &BAZAAR],
    ..SetWords::NONE
};

/// A placement with a bridge, typed: `bridge x,y rotation on-x,on-y N-S|W-E [figure]` (the
/// figure asked with buttons when it is left out). It is the turn's move, reported like one.
const BRIDGE: SetStep = SetStep {
    word: "bridge",
    owns: |a| matches!(a, Action::PlaceBridge { .. }),
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Bridges)).then(|| tr!(lang, "bridge-not-in-game")),
    wrong_time: |lang, d| {
        (!matches!(d, Decision::PlaceTile { .. })).then(|| tr!(lang, "bridge-not-now"))
    },
    keys: ["bridge-earlier", "bridge-not-yours", "bridge-cannot"],
    typed: bridge_typed,
    lines: |_, _| Vec::new(),
    choices: bridge_choices,
    old_button: |_| None,
    waiting: None,
};

/// The typed form of a placement with a bridge (also a button's): `bridge 1,1 90 0,1 W-E`.
fn bridge_text(a: Action) -> String {
    match a {
        Action::PlaceBridge {
            at,
            rotation,
            on,
            axis,
        } => format!(
            "bridge {},{} {} {},{} {}",
            at.x,
            at.y,
            rotation.degrees(),
            on.x,
            on.y,
            axis.name()
        ),
        _ => String::new(),
    }
}

/// Reads `bridge x,y rotation on-x,on-y axis [figure]`: the placement and what follows it
/// (the figure choice, if typed). `on` may be `here` for the tile placed.
fn parse_bridge(text: &str) -> Option<(Action, Option<&str>)> {
    let rest = text.trim().strip_prefix("bridge")?.trim_start();
    let mut words = rest
        .splitn(5, char::is_whitespace)
        .filter(|w| !w.is_empty());
    let at = parse_xy(words.next()?)?;
    let degrees: i64 = words.next()?.trim_end_matches('°').parse().ok()?;
    let rotation = Rotation::from_degrees(degrees)?;
    let on_word = words.next()?;
    let on = if on_word.eq_ignore_ascii_case("here") {
        at
    } else {
        parse_xy(on_word)?
    };
    let axis = Axis::parse(words.next()?)?;
    let figure = words.next().map(str::trim).filter(|w| !w.is_empty());
    Some((
        Action::PlaceBridge {
            at,
            rotation,
            on,
            axis,
        },
        figure,
    ))
}

/// The typed placement with a bridge, then its figure: as typed, or asked with buttons when
/// the tile placed offers one.
fn bridge_typed(text: &str, s: &StoredGame, game: &LiveGame) -> Result<Vec<Action>, Reply> {
    let Some((place, figure)) = parse_bridge(text) else {
        return Err(Reply::refuse(tr!(private(), "typed-bridge", typed = text)));
    };
    let act = match figure {
        Some(f) => parse_figure_choice(f).map_err(Reply::refuse)?,
        None => {
            // A refused placement is refused by the one move path, with the rule.
            let acts = acts_after(game, place);
            if acts.iter().all(|a| *a == Action::Pass) {
                Action::Pass
            } else {
                let ask = tr!(private(), "bridge-figure-ask");
                return Err(figure_question(
                    s,
                    (game.turn_count(), None),
                    place,
                    &acts,
                    ask,
                ));
            }
        }
    };
    Ok(vec![place, act])
}

/// For autocomplete: the placements of the drawn tile with a bridge, each typed and in words
/// (the bridge on the tile placed first); after a placement, the figure actions it allows.
fn bridge_choices(game: &LiveGame, so_far: &str) -> Vec<(String, String)> {
    if !matches!(game.pending().decision, Decision::PlaceTile { .. }) {
        return Vec::new();
    }
    if let Some((place, _)) = parse_bridge(&format!("bridge {so_far}")) {
        return acts_after(game, place)
            .into_iter()
            .map(|a| (figure_choice_text(a), figure_choice_label(a)))
            .collect();
    }
    let lang = private();
    let mut out: Vec<(bool, String, String)> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceBridge {
                at,
                rotation,
                on,
                axis,
            } => {
                let label = tr!(
                    lang,
                    "bridge-choice",
                    at = xy(at),
                    rotation = rotation.degrees(),
                    on = xy(on),
                    axis = axis_words(lang, axis)
                );
                Some((on != at, bridge_text(a).replacen("bridge ", "", 1), label))
            }
            _ => None,
        })
        .collect();
    out.sort_by_key(|(beside, ..)| *beside);
    out.into_iter()
        .map(|(_, text, label)| (text, label))
        .collect()
}

/// A bridge's line in words ("west to east").
fn axis_words(lang: Lang, axis: Axis) -> String {
    match axis {
        Axis::NS => tr!(lang, "axis-ns"),
        Axis::WE => tr!(lang, "axis-we"),
    }
}

/// The refusals of the bridges' rules, in words.
fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    let ActionError::Bridges(e) = e else {
        return None;
    };
    let at = |p: &Pos| xy(*p);
    Some(match e {
        BridgesError::NotInGame => tr!(lang, "bridge-not-in-game"),
        BridgesError::NoneLeft => tr!(lang, "err-bridge-none-left"),
        BridgesError::TooFar(p) => tr!(lang, "err-bridge-too-far", at = at(p)),
        BridgesError::NoTile(p) => tr!(lang, "err-bridge-no-tile", at = at(p)),
        BridgesError::HasOne(p) => tr!(lang, "err-bridge-has-one", at = at(p)),
        BridgesError::NotFields { at: p, axis } => tr!(
            lang,
            "err-bridge-not-fields",
            at = at(p),
            axis = axis_words(lang, *axis)
        ),
        BridgesError::EndMeets {
            at: p,
            side,
            theirs,
        } => tr!(
            lang,
            "err-bridge-end-meets",
            at = at(p),
            side = crate::service::words::side_word(lang, *side),
            theirs = crate::service::words::edge_word(lang, *theirs)
        ),
        BridgesError::NotOnOffer { tile, offered } => tr!(
            lang,
            "err-bazaar-not-on-offer",
            count = *offered as i64,
            tile = i64::from(*tile) + 1
        ),
        BridgesError::Taken(tile) => tr!(lang, "err-bazaar-taken", tile = i64::from(*tile) + 1),
        BridgesError::NoAuction => tr!(lang, "err-bazaar-no-auction"),
        BridgesError::TooPoor { bid, score } => tr!(
            lang,
            "err-bazaar-too-poor",
            bid = i64::from(*bid),
            score = i64::from(*score)
        ),
        BridgesError::NotHigher { current, .. } => {
            tr!(lang, "err-bazaar-not-higher", current = i64::from(*current))
        }
        BridgesError::CannotPay { bid, score } => tr!(
            lang,
            "err-bazaar-cannot-pay",
            bid = i64::from(*bid),
            score = i64::from(*score)
        ),
        BridgesError::NotTaken { .. } => tr!(lang, "err-bazaar-not-taken"),
    })
}

/// The castle's choice: asked of the follower's owner (whoever's turn it is) before the turn's
/// scoring. Typed `castle build` or `castle score`; buttons carry the choice.
const CASTLE: SetStep = SetStep {
    word: "castle",
    owns: |a| matches!(a, Action::Castle { .. }),
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Bridges)).then(|| tr!(lang, "castle-not-in-game")),
    wrong_time: |lang, d| (d != Decision::Castle).then(|| tr!(lang, "castle-not-now")),
    keys: ["castle-earlier", "castle-not-yours", "castle-cannot"],
    typed: |text, _, _| {
        let rest = text.strip_prefix("castle").unwrap_or(text);
        match parse_choice(rest) {
            Some(build) => Ok(vec![Action::Castle { build }]),
            None => Err(Reply::refuse(tr!(private(), "typed-castle", typed = text))),
        }
    },
    lines: castle_lines,
    choices: |game, _| {
        if game.pending().decision != Decision::Castle {
            return Vec::new();
        }
        let lang = private();
        vec![
            ("build".to_string(), tr!(lang, "button-castle-build")),
            (
                "score".to_string(),
                tr!(lang, "button-castle-score", points = city_points(game)),
            ),
        ]
    },
    old_button: |_| None,
    waiting: Some(Waiting {
        pending: |d| (d == Decision::Castle).then_some(0),
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-castle")
            } else {
                tr!(lang, "castle-wait", name = name)
            }
        },
        overdue_key: Some("castle-overdue"),
        prompt: castle_prompt,
    }),
};

/// The typed word of a choice.
fn choice_word(build: bool) -> &'static str {
    if build {
        "build"
    } else {
        "score"
    }
}

/// `build` or `score` (any case, spaces around); `None` for anything else.
fn parse_choice(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "build" => Some(true),
        "score" => Some(false),
        _ => None,
    }
}

/// What the small city scores its owner if no castle is built, as the engine scores it.
fn city_points(game: &LiveGame) -> u32 {
    let seat = game.pending().seat;
    let mut after = game.clone();
    after
        .apply(Action::Castle { build: false })
        .map(|out| {
            out.events
                .iter()
                .filter(|e| e.reason == Reason::City && e.players.contains(&seat))
                .map(|e| e.points)
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0)
}

/// The question to the follower's owner: where the city is, what it scores now, what a castle
/// would do, a button for each choice.
fn castle_prompt(s: &StoredGame, game: &LiveGame, lines: Vec<String>, step: u8) -> Reply {
    let lang = public();
    let owner = game.pending().seat;
    let points = city_points(game);
    let ask = |who: &str| {
        tr!(
            lang,
            "castle-ask",
            who = who,
            at = game.castle_asked().map(xy).unwrap_or_default(),
            points = points,
            left = game.castle_tokens(owner)
        )
    };
    let buttons = vec![
        (
            Action::Castle { build: true },
            tr!(lang, "button-castle-build"),
            ButtonStyle::Primary,
        ),
        (
            Action::Castle { build: false },
            tr!(lang, "button-castle-score", points = points),
            ButtonStyle::Success,
        ),
    ];
    step_question(s, game, lines, step, ask, buttons)
}

/// What the owner chose, then what scored.
fn castle_lines(s: &StoredGame, done: &Done) -> Vec<String> {
    let key = match done.actions {
        [Action::Castle { build: true }] => "castle-built",
        _ => "castle-scored",
    };
    step_report(s, done, tr!(public(), key, who = seat_who(s, done.mover)))
}

/// A bazaar's decisions (choosing a tile and bidding, raising or passing, buying or selling),
/// each asked of its seat in turn, between turns: typed (`bazaar 2 3`, `bazaar raise 4`,
/// `bazaar pass`, `bazaar buy`, `bazaar sell`) and on buttons, with reminders and clocks like
/// any step; the computer answers for a computer seat and for an overdue player.
const BAZAAR: SetStep = SetStep {
    word: "bazaar",
    owns: |a| {
        matches!(
            a,
            Action::Bazaar { .. } | Action::Raise { .. } | Action::Deal { .. }
        )
    },
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Bridges)).then(|| tr!(lang, "bazaar-not-in-game")),
    wrong_time: |lang, d| {
        (!matches!(d, Decision::Bazaar | Decision::Raise | Decision::Deal))
            .then(|| tr!(lang, "bazaar-not-now"))
    },
    keys: ["bazaar-earlier", "bazaar-not-yours", "bazaar-cannot"],
    typed: |text, _, _| {
        let rest = text.strip_prefix("bazaar").unwrap_or(text);
        match parse_bazaar(rest) {
            Some(a) => Ok(vec![a]),
            None => Err(Reply::refuse(tr!(private(), "typed-bazaar", typed = text))),
        }
    },
    lines: bazaar_lines,
    choices: bazaar_choices,
    old_button: |_| None,
    waiting: Some(Waiting {
        pending: bazaar_step,
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-bazaar")
            } else {
                tr!(lang, "bazaar-wait", name = name)
            }
        },
        overdue_key: Some("bazaar-overdue"),
        prompt: bazaar_prompt,
    }),
};

/// The step's number of each bazaar decision (a button of one is stale at another).
fn bazaar_step(d: Decision) -> Option<u8> {
    match d {
        Decision::Bazaar => Some(0),
        Decision::Raise => Some(1),
        Decision::Deal => Some(2),
        _ => None,
    }
}

/// The typed form of a bazaar's action after its word: `2 3` (tile 2 of the offer, from 1,
/// with a bid of 3), `raise 4`, `pass`, `buy`, `sell`.
fn bazaar_text(a: Action) -> String {
    match a {
        Action::Bazaar { tile, bid } => format!("{} {bid}", u32::from(tile) + 1),
        Action::Raise { bid } => format!("raise {bid}"),
        Action::Deal { buy: true } => "buy".into(),
        Action::Deal { buy: false } => "sell".into(),
        _ => "pass".into(),
    }
}

/// Reads [`bazaar_text`]'s forms (any case, a bid left out is 0); `None` for anything else.
fn parse_bazaar(rest: &str) -> Option<Action> {
    let rest = rest.trim().to_ascii_lowercase();
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        ["pass"] => Some(Action::Pass),
        ["buy"] => Some(Action::Deal { buy: true }),
        ["sell"] => Some(Action::Deal { buy: false }),
        ["raise", bid] => Some(Action::Raise {
            bid: bid.parse().ok()?,
        }),
        [tile] | [tile, _] => {
            let n: u32 = tile.trim_start_matches('#').parse().ok()?;
            let bid = match words.get(1) {
                Some(b) => b.parse().ok()?,
                None => 0,
            };
            Some(Action::Bazaar {
                tile: u8::try_from(n.checked_sub(1)?).ok()?,
                bid,
            })
        }
        _ => None,
    }
}

/// A tile of the offer in words: its number (from 1) and its code ("2 (K)").
fn lot_words(b: &crate::engine::expansions::BazaarView, k: usize) -> String {
    b.tiles
        .get(k)
        .map(|t| format!("{} ({})", k + 1, t.tile.name()))
        .unwrap_or_else(|| (k + 1).to_string())
}

/// The legal answers, as typed after the word and labelled, for autocomplete and buttons: a
/// few bids for each tile left (0, 1, 2, 3, 5 as far as the seat can pay), a pass and a few
/// raises, buying (when the chooser can pay) and selling.
fn bazaar_answers(game: &LiveGame) -> Vec<(Action, String)> {
    let lang = private();
    let Some(b) = game.bazaar() else {
        return Vec::new();
    };
    let listed = game.legal_actions();
    let mut out = Vec::new();
    match game.pending().decision {
        Decision::Bazaar => {
            for a in &listed {
                if let Action::Bazaar { tile, bid } = *a {
                    if [0, 1, 2, 3, 5].contains(&bid) {
                        let label = tr!(
                            lang,
                            "button-bazaar-tile",
                            tile = lot_words(&b, tile as usize),
                            bid = bid
                        );
                        out.push((*a, label));
                    }
                }
            }
        }
        Decision::Raise => {
            let current = b.auction.map_or(0, |(_, bid, _)| bid);
            for a in &listed {
                match *a {
                    Action::Pass => out.push((*a, tr!(lang, "button-bazaar-pass"))),
                    Action::Raise { bid } if [1, 2, 3, 5, 10].contains(&(bid - current)) => {
                        out.push((*a, tr!(lang, "button-bazaar-raise", bid = bid)));
                    }
                    _ => {}
                }
            }
        }
        Decision::Deal => {
            let bid = b.auction.map_or(0, |(_, bid, _)| bid);
            for a in &listed {
                match *a {
                    Action::Deal { buy: true } => {
                        out.push((*a, tr!(lang, "button-bazaar-buy", bid = bid)))
                    }
                    Action::Deal { buy: false } => {
                        out.push((*a, tr!(lang, "button-bazaar-sell", bid = bid)))
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    out.truncate(24);
    out
}

/// For autocomplete: the answers [`bazaar_answers`] gives, typed after the word.
fn bazaar_choices(game: &LiveGame, _so_far: &str) -> Vec<(String, String)> {
    bazaar_answers(game)
        .into_iter()
        .map(|(a, label)| (bazaar_text(a), label))
        .collect()
}

/// The question to the seat the bazaar waits for: the tiles on offer and who took them, the
/// bid to beat, and a button for each answer [`bazaar_answers`] gives.
fn bazaar_prompt(s: &StoredGame, game: &LiveGame, mut lines: Vec<String>, step: u8) -> Reply {
    let lang = public();
    if let Some(line) = offer_line(s, game) {
        lines.push(line);
    }
    let b = game.bazaar();
    let auction = b.as_ref().and_then(|b| b.auction);
    let tile = match (&b, auction) {
        (Some(b), Some((k, ..))) => lot_words(b, k),
        _ => String::new(),
    };
    let (bid, bidder) = auction.map_or((0, String::new()), |(_, bid, by)| (bid, seat_who(s, by)));
    let score = game.scores().get(game.pending().seat).copied().unwrap_or(0);
    let key = match game.pending().decision {
        Decision::Raise => "bazaar-ask-raise",
        Decision::Deal => "bazaar-ask-deal",
        _ if game.game().rules().bazaar == crate::engine::types::BazaarRule::NoAuction => {
            "bazaar-ask-free"
        }
        _ => "bazaar-ask-choose",
    };
    let ask = |who: &str| {
        tr!(
            lang,
            key,
            who = who,
            tile = tile.clone(),
            bid = bid,
            bidder = bidder.clone(),
            score = score
        )
    };
    let buttons = bazaar_answers(game)
        .into_iter()
        .map(|(a, label)| {
            let style = match a {
                Action::Pass | Action::Deal { buy: false } => ButtonStyle::Secondary,
                _ => ButtonStyle::Primary,
            };
            (a, label, style)
        })
        .collect();
    step_question(s, game, lines, step, ask, buttons)
}

/// The bazaar's tiles in one line: each with its number, its code and who took it for what.
fn offer_line(s: &StoredGame, game: &LiveGame) -> Option<String> {
    let lang = public();
    let b = game.bazaar()?;
    let tiles: Vec<String> = (0..b.tiles.len())
        .map(|k| {
            let t = &b.tiles[k];
            match t.owner {
                Some(o) => tr!(
                    lang,
                    "bazaar-lot-taken",
                    tile = lot_words(&b, k),
                    who = seat_who(s, o)
                ),
                None => lot_words(&b, k),
            }
        })
        .collect();
    Some(tr!(lang, "bazaar-offer", tiles = tiles.join(" · ")))
}

/// What the seat did at the bazaar, then each tile that found its owner by it (bought, sold,
/// kept for a bid nobody raised, or the last one, free), with what was paid to whom.
fn bazaar_lines(s: &StoredGame, done: &Done) -> Vec<String> {
    let lang = public();
    let who = seat_who(s, done.mover);
    let before = done.before.bazaar();
    let after = done.after.bazaar();
    let lot = |k: u8| {
        before
            .as_ref()
            .map(|b| lot_words(b, k as usize))
            .unwrap_or_default()
    };
    let mut line = match done.actions {
        [Action::Bazaar { tile, bid }] => {
            if done.after.game().rules().bazaar == crate::engine::types::BazaarRule::NoAuction {
                tr!(lang, "bazaar-chose-free", who = who, tile = lot(*tile))
            } else {
                tr!(
                    lang,
                    "bazaar-chose",
                    who = who,
                    tile = lot(*tile),
                    bid = *bid
                )
            }
        }
        [Action::Raise { bid }] => tr!(lang, "bazaar-raised", who = who, bid = *bid),
        [Action::Deal { buy: true }] => tr!(lang, "bazaar-bought", who = who),
        [Action::Deal { buy: false }] => tr!(lang, "bazaar-sold", who = who),
        _ => tr!(lang, "bazaar-passed", who = who),
    };
    if let Some(n) = done.note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    let mut lines = vec![line];
    if let Some(a) = &after {
        for (k, t) in a.tiles.iter().enumerate() {
            let was = before
                .as_ref()
                .and_then(|b| b.tiles.get(k))
                .and_then(|t| t.owner);
            let Some(owner) = t.owner.filter(|_| was.is_none()) else {
                continue;
            };
            let tile = lot_words(a, k);
            let owner_who = seat_who(s, owner);
            lines.push(match t.paid_to {
                Some(p) => tr!(
                    lang,
                    "bazaar-took-paying",
                    who = owner_who,
                    tile = tile,
                    points = t.price,
                    to = seat_who(s, p)
                ),
                None if t.price > 0 => tr!(
                    lang,
                    "bazaar-took-bid",
                    who = owner_who,
                    tile = tile,
                    points = t.price
                ),
                None => tr!(lang, "bazaar-took-free", who = owner_who, tile = tile),
            });
        }
    }
    lines
}

/// `status` while a bazaar runs: its tiles and who took them, and the bid to beat.
fn bazaar_status(lang: Lang, game: &crate::engine::Game) -> Vec<String> {
    let Some(b) = game.bazaar() else {
        return Vec::new();
    };
    if b.tiles.iter().all(|t| t.played) {
        return Vec::new();
    }
    let name = |seat: usize| {
        game.setup()
            .players
            .get(seat)
            .cloned()
            .unwrap_or_else(|| "?".into())
    };
    let tiles: Vec<String> = (0..b.tiles.len())
        .map(|k| match b.tiles[k].owner {
            Some(o) => tr!(
                lang,
                "bazaar-lot-taken",
                tile = lot_words(&b, k),
                who = name(o)
            ),
            None => lot_words(&b, k),
        })
        .collect();
    let mut out = vec![tr!(lang, "bazaar-offer", tiles = tiles.join(" · "))];
    if let Some((k, bid, by)) = b.auction {
        out.push(tr!(
            lang,
            "status-bazaar-bid",
            tile = lot_words(&b, k),
            bid = bid,
            who = name(by)
        ));
    }
    out
}
