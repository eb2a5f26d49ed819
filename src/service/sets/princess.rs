//! The Princess & the Dragon's words: the fairy, the princess and the magic portal typed and on
//! buttons, the dragon's steps as buttons carry them, its refusals, the dragon and fairy in
//! `status`, the tiles its symbols add, and the dragon's, the fairy's and the princess's lines
//! of a turn.

use super::{ask_end, set_lines, step_reply, xy, Done, SetStep, SetWords, Waiting};
use crate::engine::error::PrincessError;
use crate::engine::{
    Action, ActionError, Capture, Decision, Figure, FollowerError, LiveGame, Pos, Reason, Side,
    TileType, TurnOutcome,
};
use crate::i18n::{private, public, Lang};
use crate::service::api::{ButtonStyle, Command, Reply};
use crate::service::buttons::button;
use crate::service::stored::StoredGame;
use crate::service::words::{
    and_list, direction, figure_name, parse_spot, parse_xy, placed_figure, scores_line, seat_name,
    seat_who, typed_help, EMOJI,
};
use crate::tr;

/// The Princess & the Dragon's hooks.
pub(super) const WORDS: SetWords = SetWords {
    parse_choice,
    choice_text,
    choice_label,
    action_text,
    parse_action,
    move_text,
    refusal,
    game_status,
    turn_lines,
    own_reasons: &[Reason::Fairy],
    shared_turn: |turn| {
        turn.after_act()
            .any(|a| matches!(a, Action::MoveDragon { .. }))
    },
    no_take_back: |lang, game| {
        matches!(game.pending().decision, Decision::DragonMove { .. })
            .then(|| tr!(lang, "undo-dragon"))
    },
    tile_words,
    steps: &[&JOURNEY],
    ..SetWords::NONE
};

/// A step of the dragon's journey: the game waits for it after a volcano or dragon tile, seat
/// by seat, with a button per legal direction; typed `dragon N|E|S|W`.
const JOURNEY: SetStep = SetStep {
    word: "dragon",
    owns: |a| matches!(a, Action::MoveDragon { .. }),
    before_placing: false,
    absent: |_, _| None,
    wrong_time: |lang, d| {
        (!matches!(d, Decision::DragonMove { .. })).then(|| tr!(lang, "dragon-not-journey"))
    },
    keys: ["dragon-earlier", "dragon-not-yours", "dragon-cannot"],
    typed: |text, _, _| match parse_action(text) {
        Some(Some(a)) => Ok(vec![a]),
        _ => Err(Reply::refuse(tr!(
            private(),
            "dragon-cannot",
            reason = text.to_string()
        ))),
    },
    lines: |s, done| match done.actions {
        [Action::MoveDragon { side }] => journey_lines(s, *side, done),
        _ => Vec::new(),
    },
    choices: |_, _| Vec::new(),
    old_button: |parts| match parts {
        // `dragon:<turn>:<step>:<N|E|S|W>`.
        ["dragon", turn, step, letter] => Some(Command::Play {
            turn: turn.parse().ok()?,
            step: Some(step.parse().ok()?),
            actions: vec![parse_action(&format!("dragon {letter}"))??],
        }),
        _ => None,
    },
    waiting: Some(Waiting {
        pending: |d| match d {
            Decision::DragonMove { step } => Some(step),
            _ => None,
        },
        wait: |lang, tap, name| {
            if tap {
                tr!(lang, "tap-dragon")
            } else {
                tr!(lang, "dragon-journey-wait", name = name)
            }
        },
        overdue_key: Some("dragon-overdue"),
        prompt: journey_prompt,
    }),
};

/// What a step of the dragon did: where it went, whose figures it sent home, and what was
/// scored; the note says who took the step when it was not the mover's player.
fn journey_lines(s: &StoredGame, side: Side, done: &Done) -> Vec<String> {
    let outcome = done.outcome;
    let to = outcome
        .dragon_path
        .first()
        .copied()
        .or(done.before.dragon());
    let lang = public();
    let who = seat_who(s, done.mover);
    let direction = direction(lang, side);
    let mut line = match to {
        Some(p) => tr!(
            lang,
            "dragon-moved-to",
            who = who,
            direction = direction,
            x = p.x,
            y = p.y
        ),
        None => tr!(lang, "dragon-moved", who = who, direction = direction),
    };
    if let Some(n) = done.note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    let mut lines = vec![line];
    let mut rest = outcome.clone();
    rest.dragon_path.clear();
    if !outcome.sent_home.is_empty() {
        let gone: Vec<String> = outcome
            .sent_home
            .iter()
            .map(|&(o, f, _)| {
                tr!(
                    lang,
                    "figure-of",
                    who = seat_who(s, o),
                    figure = figure_name(lang, f)
                )
            })
            .collect();
        lines.push(tr!(lang, "dragon-sends-home", figures = gone.join(", ")));
        rest.sent_home.clear();
    }
    lines.extend(set_lines(s, done.mover, &rest));
    for e in outcome.events.iter().filter(|e| e.reason != Reason::Fairy) {
        lines.push((done.score_text)(s, e));
    }
    lines
}

/// The message while the dragon travels: what happened, whose step it is (pinged, with a
/// button per legal direction).
fn journey_prompt(s: &StoredGame, game: &LiveGame, mut lines: Vec<String>, step: u8) -> Reply {
    let mover = game.pending().seat;
    let seat = s.seats.get(mover);
    let computer = seat.is_none_or(|x| x.computer);
    let at = game.dragon();
    let hours = s.reminder_hours;
    let lang = public();
    let who = match seat {
        Some(x) if !x.computer => format!("{} <@{}>", EMOJI[mover % 6], x.user),
        _ => tr!(lang, "dragon-computer", who = seat_who(s, mover)),
    };
    let mut ask = match at {
        Some(p) => tr!(
            lang,
            "dragon-ask-from",
            step = step + 1,
            who = who,
            x = p.x,
            y = p.y
        ),
        None => tr!(lang, "dragon-ask", step = step + 1, who = who),
    };
    ask.push_str(&ask_end(
        lang,
        computer,
        hours,
        [
            "dragon-ask-computer",
            "dragon-ask-hours",
            "dragon-ask-press",
        ],
    ));
    lines.push(scores_line(s, game.scores()));
    lines.push(ask);
    let mut reply = step_reply(s, mover, lines);
    if !computer {
        let turn = game.turn_count();
        for a in game.legal_actions() {
            let Action::MoveDragon { side } = a else {
                continue;
            };
            let to = at.map(|p| p.step(side));
            let arrow = match side {
                Side::N => "⬆",
                Side::E => "➡",
                Side::S => "⬇",
                Side::W => "⬅",
            };
            let direction = direction(lang, side);
            let label = match to {
                Some(p) => tr!(
                    lang,
                    "dragon-button-to",
                    arrow = arrow,
                    direction = direction,
                    x = p.x,
                    y = p.y
                ),
                None => format!("{arrow} {direction}"),
            };
            reply.buttons.push(button(
                s,
                Command::Play {
                    turn,
                    step: Some(step),
                    actions: vec![Action::MoveDragon { side }],
                },
                &label,
                ButtonStyle::Primary,
            ));
        }
    }
    reply
}

/// `fairy 1,0`, `princess 0,-1 city:N`, `portal 2,0 road:E`, `large portal 2,0 road:E`.
fn parse_choice(t: &str, lower: &str) -> Option<Result<Action, String>> {
    if let Some(rest) = lower.strip_prefix("fairy ") {
        return Some(
            parse_xy(rest)
                .map(|at| Action::Fairy { at })
                .ok_or_else(|| typed_help(t, "typed-fairy")),
        );
    }
    if let Some(rest) = lower.strip_prefix("princess ") {
        return Some(place_on(t, rest, "typed-princess").map(|knight| Action::Princess { knight }));
    }
    // `portal`, or `<figure> portal` for any other figure the portal sends.
    for figure in Figure::CAPTURABLE {
        let prefix = match figure {
            Figure::Follower => "portal ".to_string(),
            f => format!("{} portal ", f.name()),
        };
        if let Some(rest) = lower.strip_prefix(prefix.as_str()) {
            return Some(place_on(t, rest, "typed-portal").map(|c| Action::DeployOn {
                on: c.on,
                figure,
                spot: c.spot,
            }));
        }
    }
    None
}

/// `x,y spot` after the set's word; `help` is the key of how to write it.
fn place_on(t: &str, rest: &str, help: &str) -> Result<Capture, String> {
    let bad = || typed_help(t, help);
    let (on, spot) = rest.trim().rsplit_once(' ').ok_or_else(bad)?;
    let on = parse_xy(on).ok_or_else(bad)?;
    Ok(Capture {
        on,
        spot: parse_spot(spot)?,
    })
}

/// A figure onto another tile is a portal's here (an earlier set in the table claims its own:
/// the hooks are asked in order).
fn choice_text(a: Action) -> Option<String> {
    Some(match a {
        Action::DeployOn {
            on,
            figure: Figure::Follower,
            spot,
        } => format!("portal {},{} {spot}", on.x, on.y),
        Action::DeployOn { on, figure, spot } => {
            format!("{} portal {},{} {spot}", figure.name(), on.x, on.y)
        }
        Action::Fairy { at } => format!("fairy {},{}", at.x, at.y),
        Action::Princess { knight } => {
            format!("princess {},{} {}", knight.on.x, knight.on.y, knight.spot)
        }
        _ => return None,
    })
}

fn choice_label(lang: Lang, a: Action) -> Option<String> {
    Some(match a {
        Action::DeployOn {
            on,
            figure: Figure::Large,
            spot,
        } => tr!(
            lang,
            "choice-portal-large",
            spot = spot.to_string(),
            at = xy(on)
        ),
        Action::DeployOn { on, figure, spot } if figure != Figure::Follower => tr!(
            lang,
            "choice-portal-figure",
            figure = figure_name(lang, figure),
            spot = spot.to_string(),
            at = xy(on)
        ),
        Action::DeployOn { on, spot, .. } => {
            tr!(lang, "choice-portal", spot = spot.to_string(), at = xy(on))
        }
        Action::Fairy { at } => tr!(lang, "choice-fairy", at = xy(at)),
        Action::Princess { knight } => tr!(lang, "choice-princess", at = xy(knight.on)),
        _ => return None,
    })
}

/// A step of the dragon: `dragon N`.
fn action_text(a: Action) -> Option<String> {
    match a {
        Action::MoveDragon { side } => Some(format!("dragon {}", side.letter())),
        _ => None,
    }
}

fn parse_action(text: &str) -> Option<Option<Action>> {
    let rest = text.strip_prefix("dragon ")?;
    let mut letter = rest.chars();
    let side = letter.next().and_then(crate::engine::Side::from_letter);
    Some(
        side.filter(|_| letter.next().is_none())
            .map(|side| Action::MoveDragon { side }),
    )
}

fn move_text(lang: Lang, a: Action) -> Option<String> {
    match a {
        Action::DeployOn { on, figure, spot } => Some(tr!(
            lang,
            "move-portal",
            figure = placed_figure(lang, figure, spot),
            spot = spot.to_string(),
            x = on.x,
            y = on.y
        )),
        Action::Fairy { at } => Some(tr!(lang, "move-fairy", x = at.x, y = at.y)),
        Action::Princess { knight: k } => Some(tr!(lang, "move-princess", x = k.on.x, y = k.on.y)),
        _ => None,
    }
}

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    let e = match e {
        ActionError::Princess(e) | ActionError::Follower(FollowerError::Princess(e)) => e,
        _ => return None,
    };
    let at = |p: &Pos| p.to_string();
    Some(match e {
        PrincessError::NotInGame => tr!(lang, "err-princess-not-in-game"),
        PrincessError::Volcano => tr!(lang, "err-volcano"),
        PrincessError::DragonHere(p) => tr!(lang, "err-dragon-here", at = at(p)),
        PrincessError::NoPrincess => tr!(lang, "err-no-princess"),
        PrincessError::PrincessFirst => tr!(lang, "err-princess-first"),
        PrincessError::NotAKnight { on, spot } => tr!(
            lang,
            "err-not-a-knight",
            spot = spot.to_string(),
            on = at(on)
        ),
        PrincessError::NoTile(p) => tr!(lang, "err-no-tile", at = at(p)),
        PrincessError::FairyThere(p) => tr!(lang, "err-fairy-there", at = at(p)),
        PrincessError::FairyNeedsFollower(p) => {
            tr!(lang, "err-fairy-needs-follower", at = at(p))
        }
        PrincessError::NoJourney => tr!(lang, "dragon-not-journey"),
        PrincessError::DragonEmpty { side, to } => tr!(
            lang,
            "err-dragon-empty",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::DragonVisited { side, to } => tr!(
            lang,
            "err-dragon-visited",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::DragonFairy { side, to } => tr!(
            lang,
            "err-dragon-fairy",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::NoPortal => tr!(lang, "err-no-portal"),
        PrincessError::PortalFigure(_) => tr!(lang, "err-portal-figure"),
        PrincessError::PortalPlace { figure, spot } => tr!(
            lang,
            "err-portal-place",
            figure = figure_name(lang, *figure),
            spot = spot.to_string()
        ),
        PrincessError::NoneLeft(f) => tr!(lang, "err-none-left", kind = f.name()),
        PrincessError::NoSuchPlace { on, spot } => tr!(
            lang,
            "err-tile-has-no-place",
            on = at(on),
            spot = spot.to_string()
        ),
        PrincessError::NoFarmers => tr!(lang, "err-no-farmers"),
        PrincessError::ClosedField { on, spot } => tr!(
            lang,
            "err-closed-field",
            on = at(on),
            spot = spot.to_string()
        ),
        PrincessError::Occupied { on, spot } => tr!(
            lang,
            "err-occupied-at",
            on = at(on),
            spot = spot.to_string()
        ),
        PrincessError::Complete { on, spot } => tr!(
            lang,
            "err-complete-at",
            on = at(on),
            spot = spot.to_string()
        ),
    })
}

/// Where the dragon and the fairy are, and the dragon tiles set aside.
fn game_status(lang: Lang, game: &crate::engine::Game) -> Vec<String> {
    if !game.has_set(crate::engine::TileSet::Princess) {
        return Vec::new();
    }
    let at = |p: Option<Pos>| match p {
        Some(p) => xy(p),
        None => tr!(lang, "status-beside-board"),
    };
    let mut line = tr!(
        lang,
        "status-dragon",
        dragon = at(game.dragon()),
        fairy = at(game.fairy())
    );
    let aside = game.set_aside().len();
    if aside > 0 {
        line.push_str(" · ");
        line.push_str(&tr!(lang, "status-set-aside", n = aside));
    }
    vec![line]
}

/// What the dragon did (the tiles it entered, the figures it sent home), dragon tiles set aside,
/// and the fairy's points, one line each.
pub(in crate::service) fn turn_lines(
    s: &StoredGame,
    _seat: usize,
    outcome: &TurnOutcome,
) -> Vec<String> {
    let lang = crate::i18n::public();
    let mut lines = Vec::new();
    for t in &outcome.set_aside {
        lines.push(tr!(lang, "dragon-set-aside", tile = t.name()));
    }
    let sent_home: Vec<String> = outcome
        .sent_home
        .iter()
        .map(|&(owner, figure, at)| {
            tr!(
                lang,
                "figure-of-at",
                who = seat_who(s, owner),
                figure = figure_name(lang, figure),
                x = at.x,
                y = at.y
            )
        })
        .collect();
    if !outcome.dragon_path.is_empty() {
        let path: Vec<String> = outcome.dragon_path.iter().map(|&p| xy(p)).collect();
        let mut line = tr!(lang, "dragon-flies", path = path.join(" → "));
        if !sent_home.is_empty() {
            line.push(' ');
            line.push_str(&tr!(lang, "dragon-eaten", figures = sent_home.join(", ")));
        }
        lines.push(line);
    } else if !sent_home.is_empty() {
        lines.push(tr!(lang, "back-to-supply", figures = sent_home.join(", ")));
    }
    for e in outcome.events.iter().filter(|e| e.reason == Reason::Fairy) {
        let who: Vec<String> = e
            .players
            .iter()
            .map(|&p| seat_name(s, p).to_string())
            .collect();
        lines.push(tr!(
            lang,
            "fairy-gives",
            who = and_list(lang, &who),
            points = e.points
        ));
    }
    lines
}

fn tile_words(lang: Lang, t: &TileType) -> Vec<String> {
    let sy = t.symbols;
    [
        (sy.volcano, "tile-volcano"),
        (sy.dragon, "tile-dragon"),
        (sy.portal, "tile-portal"),
        (t.cities.iter().any(|c| c.princess), "tile-princess"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, key)| tr!(lang, key))
    .collect()
}
