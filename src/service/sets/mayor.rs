//! Abbey & Mayor's words: the abbey (placed instead of drawing) and the wagon's move as steps of
//! their own, typed and on buttons; the refusals of the abbey, the mayor, the wagon and the barn;
//! the abbeys held in `status`; and the lines of an abbey's turn and of a wagon's move.
//!
//! The mayor, the wagon and the barn are placed like any figure (`mayor city:N`,
//! `wagon road:E`, `barn corner:SE`): the generic figure choice reads and labels them.

use super::{
    acts_after, figure_choice_label, figure_choice_text, figure_question, move_words,
    parse_figure_choice, set_lines, step_reply, xy, Done, SetStep, SetWords, Waiting,
};
use crate::engine::error::MayorError;
use crate::engine::{
    Action, ActionError, Capture, Decision, FollowerError, LiveGame, Pos, TileSet, TurnView,
};
use crate::i18n::{private, public, Lang};
use crate::service::api::{ButtonStyle, Command, Reply};
use crate::service::buttons::button;
use crate::service::stored::StoredGame;
use crate::service::words::{parse_spot, parse_xy, scores_line, seat_who, EMOJI};
use crate::tr;

/// Abbey & Mayor's hooks.
pub(super) const WORDS: SetWords = SetWords {
    action_text,
    parse_action,
    refusal,
    seat_status: |lang, game, seat| {
        if game.has_set(TileSet::Mayor) && game.abbeys().get(seat).copied().unwrap_or(false) {
            vec![tr!(lang, "status-abbey")]
        } else {
            Vec::new()
        }
    },
    tiles_lines: |lang, s, game| {
        let holders: Vec<String> = (0..game.player_count())
            .filter(|&seat| game.abbeys().get(seat).copied().unwrap_or(false))
            .map(|seat| crate::service::words::seat_name(s, seat).to_string())
            .collect();
        if !game.has_set(TileSet::Mayor) || holders.is_empty() {
            return Vec::new();
        }
        vec![tr!(
            lang,
            "tiles-abbeys",
            n = holders.len(),
            names = holders.join(", ")
        )]
    },
    no_take_back: |lang, game| {
        (game.pending().decision == Decision::WagonMove).then(|| tr!(lang, "undo-wagon"))
    },
    shared_turn: |turn: &TurnView| turn.after_act().any(|a| matches!(a, Action::Wagon { .. })),
    steps: &[&ABBEY, &WAGON],
    ..SetWords::NONE
};

/// The abbey instead of the draw: the game asks at the start of a turn when the seat holds its
/// abbey and the board has a hole. Typed `abbey x,y [figure]` or `abbey draw`; buttons carry
/// the abbey with its figure action, or the draw (a pass).
const ABBEY: SetStep = SetStep {
    word: "abbey",
    owns: |a| matches!(a, Action::Abbey { .. }),
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Mayor)).then(|| tr!(lang, "abbey-not-in-game")),
    wrong_time: |lang, d| (d != Decision::Abbey).then(|| tr!(lang, "abbey-not-now")),
    keys: ["abbey-earlier", "abbey-not-yours", "abbey-cannot"],
    typed: abbey_typed,
    lines: abbey_lines,
    choices: abbey_choices,
    old_button: |_| None,
    waiting: Some(Waiting {
        pending: |d| (d == Decision::Abbey).then_some(0),
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-abbey")
            } else {
                tr!(lang, "abbey-wait", name = name)
            }
        },
        overdue_key: None,
        prompt: abbey_prompt,
    }),
};

/// A wagon's move after its feature scored: asked of its owner, whose turn it may not be.
/// Typed `wagon x,y place` or `wagon home`; buttons carry the move or the pass.
const WAGON: SetStep = SetStep {
    word: "wagon",
    owns: |a| matches!(a, Action::Wagon { .. }),
    before_placing: false,
    absent: |lang, game| (!game.has_set(TileSet::Mayor)).then(|| tr!(lang, "abbey-not-in-game")),
    wrong_time: |lang, d| (d != Decision::WagonMove).then(|| tr!(lang, "wagon-not-now")),
    keys: ["wagon-earlier", "wagon-not-yours", "wagon-cannot"],
    typed: |text, _, _| match parse_action(text) {
        Some(Some(a)) => Ok(vec![a]),
        _ if text.trim() == "wagon home" => Ok(vec![Action::Pass]),
        _ => Err(Reply::refuse(tr!(private(), "typed-wagon", typed = text))),
    },
    lines: wagon_lines,
    choices: wagon_choices,
    old_button: |_| None,
    waiting: Some(Waiting {
        pending: |d| (d == Decision::WagonMove).then_some(0),
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-wagon")
            } else {
                tr!(lang, "wagon-wait", name = name)
            }
        },
        overdue_key: Some("wagon-overdue"),
        prompt: wagon_prompt,
    }),
};

/// `abbey x,y` (the abbey alone, as a button or a log names it) and `wagon x,y place`.
fn action_text(a: Action) -> Option<String> {
    match a {
        Action::Abbey { at } => Some(format!("abbey {},{}", at.x, at.y)),
        Action::Wagon { to } => Some(format!("wagon {},{} {}", to.on.x, to.on.y, to.spot)),
        _ => None,
    }
}

fn parse_action(text: &str) -> Option<Option<Action>> {
    if let Some(rest) = text.strip_prefix("abbey ") {
        return Some(parse_xy(rest).map(|at| Action::Abbey { at }));
    }
    // `wagon cloister` is a figure choice (the wagon placed), not a move: only a rest with a
    // tile's place is the move's.
    let rest = text.strip_prefix("wagon ")?;
    let (on, spot) = rest.trim().rsplit_once(' ')?;
    let on = parse_xy(on)?;
    Some(parse_spot(spot).ok().map(|spot| Action::Wagon {
        to: Capture { on, spot },
    }))
}

/// The holes the seat to decide may put its abbey into.
fn holes(game: &LiveGame) -> Vec<Pos> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Abbey { at } => Some(at),
            _ => None,
        })
        .collect()
}

/// The figure actions (a pass among them) after an abbey at `at`; none if it may not go there.
fn acts_on_abbey(game: &LiveGame, at: Pos) -> Vec<Action> {
    acts_after(game, Action::Abbey { at })
}

/// After `abbey`: the holes and `draw`; after `abbey x,y`: the figure actions on that abbey.
fn abbey_choices(game: &LiveGame, so_far: &str) -> Vec<(String, String)> {
    if game.pending().decision != Decision::Abbey {
        return Vec::new();
    }
    let lang = private();
    match parse_xy(so_far) {
        Some(at) => acts_on_abbey(game, at)
            .into_iter()
            .map(|a| (figure_choice_text(a), figure_choice_label(a)))
            .collect(),
        None => std::iter::once(("draw".to_string(), tr!(lang, "button-draw")))
            .chain(holes(game).into_iter().map(|at| {
                (
                    format!("{},{}", at.x, at.y),
                    tr!(lang, "button-abbey", at = xy(at)),
                )
            }))
            .collect(),
    }
}

/// The wagon's legal moves as typed after `wagon` (`x,y place`), and `home`.
fn wagon_choices(game: &LiveGame, _so_far: &str) -> Vec<(String, String)> {
    if game.pending().decision != Decision::WagonMove {
        return Vec::new();
    }
    let lang = private();
    game.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::Wagon { to } => (
                format!("{},{} {}", to.on.x, to.on.y, to.spot),
                tr!(
                    lang,
                    "button-wagon",
                    spot = to.spot.to_string(),
                    at = xy(to.on)
                ),
            ),
            _ => ("home".to_string(), tr!(lang, "button-wagon-home")),
        })
        .collect()
}

/// `abbey draw`, `abbey x,y` (the figure asked with buttons) or `abbey x,y <figure choice>`.
fn abbey_typed(text: &str, s: &StoredGame, game: &LiveGame) -> Result<Vec<Action>, Reply> {
    let lang = private();
    let rest = text.strip_prefix("abbey").unwrap_or(text).trim();
    if rest.eq_ignore_ascii_case("draw") {
        return Ok(vec![Action::Pass]);
    }
    let (cell, choice) = match rest.split_once(' ') {
        Some((cell, choice)) => (cell, Some(choice.trim())),
        None => (rest, None),
    };
    let at = parse_xy(cell).ok_or_else(|| Reply::refuse(tr!(lang, "typed-abbey", typed = text)))?;
    let abbey = Action::Abbey { at };
    let act = match choice {
        Some(c) => parse_figure_choice(c).map_err(Reply::refuse)?,
        None => {
            // The figure is asked only about an abbey that may go there; a refused one is
            // refused by the one move path, with the rule.
            let acts = acts_on_abbey(game, at);
            if acts.iter().all(|a| *a == Action::Pass) {
                Action::Pass
            } else {
                let ask = tr!(lang, "abbey-figure-ask", x = at.x, y = at.y);
                let turn = (game.turn_count(), Some(0));
                return Err(figure_question(s, turn, abbey, &acts, ask));
            }
        }
    };
    Ok(vec![abbey, act])
}

/// What an abbey's turn did (the abbey, its figure, what it completed), or nothing for the
/// draw: the turn's message with the drawn tile follows.
fn abbey_lines(s: &StoredGame, done: &Done) -> Vec<String> {
    let [Action::Abbey { at }, rest @ ..] = done.actions else {
        return Vec::new();
    };
    let lang = public();
    let seat = done.mover;
    let mut line = format!(
        "{} {}",
        EMOJI[seat % 6],
        tr!(
            lang,
            "move-abbey",
            name = crate::service::words::seat_name(s, seat),
            x = at.x,
            y = at.y
        )
    );
    if let Some(then) = rest.first().and_then(|&a| move_words(lang, a)) {
        line.push(' ');
        line.push_str(&then);
    }
    if let Some(n) = done.note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    for e in done.outcome.events.iter().filter(|e| !e.players.is_empty()) {
        if !super::reported_apart(e.reason) {
            line.push(' ');
            line.push_str(&(done.score_text)(s, e));
        }
    }
    let mut lines = vec![line];
    lines.extend(set_lines(s, seat, done.outcome));
    lines.extend(super::all(|w| (w.last_lines)(s, seat, done.outcome)));
    lines
}

/// The start of a turn with the abbey's choice: whose turn it is (pinged), the holes, and a
/// button to draw and one per hole.
fn abbey_prompt(s: &StoredGame, game: &LiveGame, mut lines: Vec<String>, _step: u8) -> Reply {
    let seat_no = game.pending().seat;
    let seat = s.seats.get(seat_no);
    let computer = seat.is_none_or(|x| x.computer);
    let lang = public();
    let holes = holes(game);
    let list: Vec<String> = holes.iter().map(|&p| xy(p)).collect();
    // After the last tile the abbeys' round asks; passing then keeps the abbey.
    let last_round = game.remaining_total() == 0;
    lines.push(scores_line(s, game.scores()));
    lines.push(match seat {
        Some(x) if !x.computer => tr!(
            lang,
            if last_round {
                "abbey-ask-last"
            } else {
                "abbey-ask"
            },
            seat = EMOJI[seat_no % 6],
            mention = format!("<@{}>", x.user),
            holes = list.join(", ")
        ),
        _ => tr!(
            lang,
            "abbey-ask-computer",
            who = seat_who(s, seat_no),
            holes = list.join(", ")
        ),
    });
    let mut reply = step_reply(s, seat_no, lines);
    if !computer {
        let turn = game.turn_count();
        reply.buttons.push(button(
            s,
            Command::Play {
                turn,
                step: Some(0),
                actions: vec![Action::Pass],
            },
            &tr!(
                lang,
                if last_round {
                    "button-abbey-pass"
                } else {
                    "button-draw"
                }
            ),
            ButtonStyle::Success,
        ));
        // Discord shows at most 25 buttons: the draw, the board and 23 holes.
        for &at in holes.iter().take(23) {
            reply.buttons.push(button(
                s,
                Command::Decide {
                    text: format!("abbey {},{}", at.x, at.y),
                    turn: Some(turn),
                },
                &tr!(lang, "button-abbey", at = xy(at)),
                ButtonStyle::Primary,
            ));
        }
        reply.buttons.push(button(
            s,
            Command::Board { around: None },
            &tr!(lang, "button-whole-board"),
            ButtonStyle::Secondary,
        ));
    }
    reply
}

/// What a wagon's owner decided: the move or the wagon back in hand.
fn wagon_lines(s: &StoredGame, done: &Done) -> Vec<String> {
    let lang = public();
    let who = seat_who(s, done.mover);
    let mut line = match done.actions {
        [Action::Wagon { to }] => tr!(
            lang,
            "wagon-moved",
            who = who,
            spot = to.spot.to_string(),
            x = to.on.x,
            y = to.on.y
        ),
        _ => tr!(lang, "wagon-home", who = who),
    };
    if let Some(n) = done.note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    let mut lines = vec![line];
    lines.extend(set_lines(s, done.mover, done.outcome));
    lines.extend(done.outcome.events.iter().map(|e| (done.score_text)(s, e)));
    lines
}

/// The question to a wagon's owner: where it may go, a button each, and one to take it back.
fn wagon_prompt(s: &StoredGame, game: &LiveGame, lines: Vec<String>, step: u8) -> Reply {
    let lang = public();
    let from = game.waiting_wagon().map(xy).unwrap_or_default();
    // The 1st-edition rule (a record's option) moves it along links, not to the tiles around.
    let key = match game.game().rules().wagon {
        crate::engine::types::WagonRule::C1 => "wagon-ask-linked",
        crate::engine::types::WagonRule::C2 => "wagon-ask",
    };
    let ask = |who: &str| tr!(lang, key, who = who, at = from);
    let buttons = game
        .legal_actions()
        .into_iter()
        .take(24)
        .map(|a| match a {
            Action::Wagon { to } => (
                a,
                tr!(
                    lang,
                    "button-wagon",
                    spot = to.spot.to_string(),
                    at = xy(to.on)
                ),
                ButtonStyle::Primary,
            ),
            _ => (a, tr!(lang, "button-wagon-home"), ButtonStyle::Secondary),
        })
        .collect();
    super::step_question(s, game, lines, step, ask, buttons)
}

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    let e = match e {
        ActionError::Mayor(e) | ActionError::Follower(FollowerError::Mayor(e)) => e,
        _ => return None,
    };
    let at = |p: &Pos| p.to_string();
    Some(match e {
        MayorError::NotInGame => tr!(lang, "abbey-not-in-game"),
        MayorError::NoAbbey => tr!(lang, "err-no-abbey"),
        MayorError::AbbeyOnTile(p) => tr!(lang, "err-abbey-on-tile", at = at(p)),
        MayorError::NotAHole(p) => tr!(lang, "err-not-a-hole", at = at(p)),
        MayorError::MayorPlace(s) => tr!(lang, "err-mayor-place", spot = s.to_string()),
        MayorError::WagonPlace(s) => tr!(lang, "err-wagon-place", spot = s.to_string()),
        MayorError::BarnPlace(s) => tr!(lang, "err-barn-place", spot = s.to_string()),
        MayorError::NoBarnCorner(c) => tr!(lang, "err-no-barn-corner", corner = c.name()),
        MayorError::BarnThere(c) => tr!(lang, "err-barn-there", corner = c.name()),
        MayorError::BarnField => tr!(lang, "err-barn-field"),
        MayorError::NoWagon => tr!(lang, "wagon-not-now"),
        MayorError::NoTile(p) => tr!(lang, "err-no-tile", at = at(p)),
        MayorError::NoSuchPlace { on, spot } => tr!(
            lang,
            "err-tile-has-no-place",
            on = at(on),
            spot = spot.to_string()
        ),
        MayorError::WagonFar { from, to } => {
            tr!(lang, "err-wagon-far", from = at(from), to = at(to))
        }
        MayorError::WagonUnlinked { on, spot } => tr!(
            lang,
            "err-wagon-unlinked",
            spot = spot.to_string(),
            on = at(on)
        ),
        MayorError::WagonComplete { on, spot } => tr!(
            lang,
            "err-wagon-complete",
            spot = spot.to_string(),
            on = at(on)
        ),
        MayorError::WagonOccupied { on, spot } => tr!(
            lang,
            "err-wagon-occupied",
            spot = spot.to_string(),
            on = at(on)
        ),
        MayorError::WagonBlocked(p) => tr!(lang, "err-wagon-blocked", at = at(p)),
    })
}
