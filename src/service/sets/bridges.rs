//! Bridges, Castles & Bazaars' words, so far for its castles: the choice of a follower's owner
//! when a tile completes a small city of two castle bases with that follower alone in it
//! (build a castle or score the city) as a step of its own, typed (`castle build`, `castle
//! score`) and on buttons with what the city would score; the line of the choice; the castle
//! tokens in hand in `status`; a castle's scoring; the bazaar in a tile's words.

use super::{step_question, step_report, xy, Done, SetStep, SetWords, Waiting};
use crate::engine::{Action, Decision, LiveGame, Reason, TileSet, TileType};
use crate::i18n::{private, public};
use crate::service::api::{ButtonStyle, Reply};
use crate::service::stored::StoredGame;
use crate::service::words::seat_who;
use crate::tr;

/// Bridges, Castles & Bazaars' hooks.
pub(super) const WORDS: SetWords = SetWords {
    action_text: |a| match a {
        Action::Castle { build } => Some(format!("castle {}", choice_word(build))),
        _ => None,
    },
    parse_action: |text| {
        let rest = text.strip_prefix("castle ")?;
        Some(parse_choice(rest).map(|build| Action::Castle { build }))
    },
    seat_status: |lang, game, seat| {
        if !game.has_set(TileSet::Bridges) {
            return Vec::new();
        }
        vec![tr!(lang, "status-castles", n = game.castle_tokens(seat))]
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
    steps: &[&CASTLE],
    ..SetWords::NONE
};

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
