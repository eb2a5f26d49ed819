//! Hills & Sheep's words: the shepherd's choice (grow the flock or drive it home) as a step of
//! its own, typed (`flock grow`, `flock home`) and on buttons with the bag's odds; the refusals
//! of the shepherd and of the bag; each flock and the bag of sheep in `status`; the tiles under
//! hills in `tiles`; the line of each token drawn ("Alice's flock grows by 3 sheep: 7", "a
//! wolf!"); a flock's scoring in sheep; and the hill and the vineyard in a tile's words.
//!
//! The shepherd is placed like any figure (`shepherd field:S`): the generic figure choice reads
//! and labels it. The token drawn is chance: the live game draws it, the turn's outcome tells it.

use super::{step_question, step_report, xy, Done, SetStep, SetWords, Waiting};
use crate::engine::error::HillsError;
use crate::engine::{
    Action, ActionError, Decision, Figure, FlockChoice, FollowerError, LiveGame, Pos, Reason,
    SheepToken, TileSet, TileType, TurnOutcome,
};
use crate::i18n::{private, public, Lang};
use crate::service::api::{ButtonStyle, Reply};
use crate::service::stored::StoredGame;
use crate::service::words::{seat_name, seat_who};
use crate::tr;

/// Hills & Sheep's hooks.
pub(super) const WORDS: SetWords = SetWords {
    action_text: |a| match a {
        Action::Flock { choice } => Some(format!("flock {}", choice_word(choice))),
        _ => None,
    },
    parse_action: |text| {
        let rest = text.strip_prefix("flock ")?;
        Some(parse_choice(rest).map(|choice| Action::Flock { choice }))
    },
    refusal,
    seat_status,
    game_status,
    tiles_lines: |lang, _, game| {
        let n = game.buried();
        if !game.has_set(TileSet::Hills) || n == 0 {
            return Vec::new();
        }
        vec![tr!(lang, "tiles-buried", n = n)]
    },
    turn_lines,
    score_detail: |lang, e| {
        (e.reason == Reason::Flock).then(|| tr!(lang, "count-sheep", n = e.tiles))
    },
    tile_words,
    no_take_back: |lang, game| {
        (game.pending().decision == Decision::Flock).then(|| tr!(lang, "undo-flock"))
    },
    replay_words: |lang, turn| {
        turn.after_act()
            .filter_map(|a| match a {
                Action::Token {
                    token: SheepToken::Wolf,
                } => Some(tr!(lang, "replay-wolf")),
                Action::Token {
                    token: SheepToken::Sheep(n),
                } => Some(tr!(lang, "replay-sheep", n = n)),
                Action::Flock {
                    choice: FlockChoice::Home,
                } => Some(tr!(lang, "replay-flock-home")),
                _ => None,
            })
            .collect()
    },
    steps: &[&FLOCK],
    ..SetWords::NONE
};

/// The shepherd's choice when the owner's tile extends its field: asked of the owner at the
/// end of their turn. Typed `flock grow` or `flock home`; buttons carry the choice.
const FLOCK: SetStep = SetStep {
    word: "flock",
    owns: |a| matches!(a, Action::Flock { .. }),
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Hills)).then(|| tr!(lang, "flock-not-in-game")),
    wrong_time: |lang, d| (d != Decision::Flock).then(|| tr!(lang, "flock-not-now")),
    keys: ["flock-earlier", "flock-not-yours", "flock-cannot"],
    typed: |text, _, _| {
        let rest = text.strip_prefix("flock").unwrap_or(text);
        match parse_choice(rest) {
            Some(choice) => Ok(vec![Action::Flock { choice }]),
            None => Err(Reply::refuse(tr!(private(), "typed-flock", typed = text))),
        }
    },
    lines: flock_lines,
    choices: |game, _| {
        if game.pending().decision != Decision::Flock {
            return Vec::new();
        }
        let lang = private();
        let home = home_points(game);
        vec![
            ("grow".to_string(), tr!(lang, "button-flock-grow")),
            (
                "home".to_string(),
                tr!(lang, "button-flock-home", points = home),
            ),
        ]
    },
    old_button: |_| None,
    waiting: Some(Waiting {
        pending: |d| (d == Decision::Flock).then_some(0),
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-flock")
            } else {
                tr!(lang, "flock-wait", name = name)
            }
        },
        overdue_key: Some("flock-overdue"),
        prompt: flock_prompt,
    }),
};

/// The typed word of a choice.
fn choice_word(choice: FlockChoice) -> &'static str {
    match choice {
        FlockChoice::Grow => "grow",
        FlockChoice::Home => "home",
    }
}

/// `grow` or `home` (any case, spaces around); `None` for anything else.
fn parse_choice(text: &str) -> Option<FlockChoice> {
    match text.trim().to_ascii_lowercase().as_str() {
        "grow" => Some(FlockChoice::Grow),
        "home" => Some(FlockChoice::Home),
        _ => None,
    }
}

/// Where `seat`'s shepherd stands, if it does.
fn shepherd_at(game: &LiveGame, seat: usize) -> Option<Pos> {
    let m = game
        .meeples()
        .iter()
        .find(|m| m.figure == Figure::Shepherd && m.player as usize == seat)?;
    Some(game.tiles().get(m.tile_index as usize)?.pos)
}

/// What driving the flock home would score now (every flock of the field counts), as the
/// engine scores it.
fn home_points(game: &LiveGame) -> u32 {
    let mut after = game.clone();
    after
        .apply(Action::Flock {
            choice: FlockChoice::Home,
        })
        .map(|out| {
            out.events
                .iter()
                .filter(|e| e.reason == Reason::Flock)
                .map(|e| e.points)
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0)
}

/// The bag as words: how many tokens, how many of them wolves, how many sheep in all.
fn bag_words(lang: Lang, game: &LiveGame) -> String {
    let bag = game.sheep_bag().unwrap_or_default();
    let sheep: u32 = SheepToken::ALL
        .iter()
        .zip(bag)
        .map(|(t, n)| match t {
            SheepToken::Sheep(k) => u32::from(*k) * u32::from(n),
            SheepToken::Wolf => 0,
        })
        .sum();
    tr!(
        lang,
        "flock-bag",
        tokens = game.tokens_in_bag(),
        wolves = bag[0],
        sheep = sheep
    )
}

/// The question to the shepherd's owner: the flock, what driving it home scores, the bag's
/// odds, a button for each choice.
fn flock_prompt(s: &StoredGame, game: &LiveGame, lines: Vec<String>, step: u8) -> Reply {
    let lang = public();
    let owner = game.pending().seat;
    let home = home_points(game);
    let ask = |who: &str| {
        tr!(
            lang,
            "flock-ask",
            who = who,
            at = shepherd_at(game, owner).map(xy).unwrap_or_default(),
            n = game.flock(owner),
            points = home,
            bag = bag_words(lang, game)
        )
    };
    let choice = |choice| Action::Flock { choice };
    let buttons = vec![
        (
            choice(FlockChoice::Grow),
            tr!(lang, "button-flock-grow"),
            ButtonStyle::Primary,
        ),
        (
            choice(FlockChoice::Home),
            tr!(lang, "button-flock-home", points = home),
            ButtonStyle::Success,
        ),
    ];
    step_question(s, game, lines, step, ask, buttons)
}

/// What the owner chose, then the token drawn and what scored.
fn flock_lines(s: &StoredGame, done: &Done) -> Vec<String> {
    let key = match done.actions {
        [Action::Flock {
            choice: FlockChoice::Home,
        }] => "flock-home",
        _ => "flock-grow",
    };
    step_report(s, done, tr!(public(), key, who = seat_who(s, done.mover)))
}

/// The token drawn for a flock, if one was.
fn turn_lines(s: &StoredGame, _seat: usize, outcome: &TurnOutcome) -> Vec<String> {
    let Some(d) = outcome.sheep else {
        return Vec::new();
    };
    let lang = public();
    let name = seat_name(s, d.seat);
    vec![match d.token {
        SheepToken::Wolf => tr!(lang, "flock-wolf", name = name),
        SheepToken::Sheep(n) if u32::from(n) == d.flock => {
            tr!(lang, "flock-new", name = name, n = n)
        }
        SheepToken::Sheep(n) => tr!(lang, "flock-grows", name = name, n = n, flock = d.flock),
    }]
}

/// The seat's flock, while its shepherd stands.
fn seat_status(lang: Lang, game: &LiveGame, seat: usize) -> Vec<String> {
    if !game.has_set(TileSet::Hills) || shepherd_at(game, seat).is_none() {
        return Vec::new();
    }
    vec![tr!(lang, "status-flock", n = game.flock(seat))]
}

/// The bag of sheep: what it holds, kind by kind (public: the tokens out are on the board).
fn game_status(lang: Lang, game: &crate::engine::Game) -> Vec<String> {
    let Some(bag) = game.sheep_bag() else {
        return Vec::new();
    };
    vec![tr!(
        lang,
        "status-sheep-bag",
        tokens = game.tokens_in_bag(),
        wolves = bag[0],
        one = bag[1],
        two = bag[2],
        three = bag[3],
        four = bag[4]
    )]
}

/// A hill or vineyard on the tile.
fn tile_words(lang: Lang, t: &TileType) -> Vec<String> {
    [
        (t.symbols.hill, "tile-hill"),
        (t.symbols.vineyard, "tile-vineyard"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, key)| tr!(lang, key))
    .collect()
}

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    let e = match e {
        ActionError::Hills(e) | ActionError::Follower(FollowerError::Hills(e)) => e,
        _ => return None,
    };
    Some(match e {
        HillsError::ShepherdPlace(s) => tr!(lang, "err-shepherd-place", spot = s.to_string()),
        HillsError::ShepherdThere(s) => tr!(lang, "err-shepherd-there", spot = s.to_string()),
        HillsError::NotInBag(t) => tr!(lang, "err-not-in-bag", token = token_words(lang, *t)),
        HillsError::NoSuchToken(n) => tr!(lang, "err-no-such-token", n = *n),
    })
}

/// A token in words ("a wolf", "3 sheep").
fn token_words(lang: Lang, t: SheepToken) -> String {
    match t {
        SheepToken::Wolf => tr!(lang, "token-wolf"),
        SheepToken::Sheep(n) => tr!(lang, "count-sheep", n = n),
    }
}
