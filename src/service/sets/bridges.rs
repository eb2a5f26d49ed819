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
        _ => None,
    },
    parse_action: |text| {
        if text.starts_with("bridge ") {
            return Some(parse_bridge(text).map(|(a, _)| a));
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
    no_take_back: |lang, game| {
        (game.pending().decision == Decision::Castle).then(|| tr!(lang, "undo-castle"))
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
    steps: &[&CASTLE, &BRIDGE],
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
