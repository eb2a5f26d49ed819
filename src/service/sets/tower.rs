//! The Tower's words: tower pieces and guards typed and on buttons, ransoms as buttons carry
//! them, its refusals, the towers and prisoners in `status` and the prisoners' lines of a turn.

use super::{set_lines, xy, Offer, SetStep, SetWords};
use crate::engine::action::PrisonerEvent;
use crate::engine::error::TowerError;
use crate::engine::{Action, ActionError, Capture, Decision, Figure, LiveGame, Spot, TurnOutcome};
use crate::i18n::{private, public, Lang};
use crate::service::api::{ButtonStyle, Command, Reply};
use crate::service::buttons::button;
use crate::service::stored::StoredGame;
use crate::service::words::{parse_spot, parse_xy, scores_line, seat_name, typed_help, EMOJI};
use crate::tr;

/// The Tower's hooks.
pub(super) const WORDS: SetWords = SetWords {
    parse_choice,
    choice_text,
    choice_label,
    action_text,
    parse_action,
    move_text,
    refusal,
    seat_status,
    turn_lines,
    no_take_back: |lang, game| game.ransom_paid().then(|| tr!(lang, "undo-ransom")),
    turn_offers,
    steps: &[&RANSOM],
    tile_words: |lang, t| {
        if t.symbols.tower {
            vec![tr!(lang, "tile-tower")]
        } else {
            Vec::new()
        }
    },
    ..SetWords::NONE
};

/// `tower 1,0`, `tower 1,0 capture 2,0 city:N`, `guard 1,0`, `large guard 1,0`.
fn parse_choice(t: &str, lower: &str) -> Option<Result<Action, String>> {
    if let Some(rest) = lower.strip_prefix("tower ") {
        return Some(parse_tower(t, rest));
    }
    for (prefix, figure) in [
        ("guard ", Figure::Follower),
        ("large guard ", Figure::Large),
    ] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            return Some(
                parse_xy(rest)
                    .ok_or_else(|| typed_help(t, "typed-guard"))
                    .map(|on| Action::DeployOn {
                        on,
                        figure,
                        spot: Spot::Tower,
                    }),
            );
        }
    }
    None
}

fn parse_tower(t: &str, rest: &str) -> Result<Action, String> {
    let bad = || typed_help(t, "typed-tower");
    let (site, capture) = match rest.split_once("capture") {
        Some((site, c)) => (site, Some(c.trim())),
        None => (rest, None),
    };
    let at = parse_xy(site).ok_or_else(bad)?;
    let capture = match capture {
        None => None,
        Some(c) => {
            let (on, spot) = c.rsplit_once(' ').ok_or_else(bad)?;
            let on = parse_xy(on).ok_or_else(bad)?;
            Some(Capture {
                on,
                spot: parse_spot(spot)?,
            })
        }
    };
    Ok(Action::Tower { at, capture })
}

fn choice_text(a: Action) -> Option<String> {
    Some(match a {
        Action::Tower { at, capture: None } => format!("tower {},{}", at.x, at.y),
        Action::Tower {
            at,
            capture: Some(c),
        } => format!(
            "tower {},{} capture {},{} {}",
            at.x, at.y, c.on.x, c.on.y, c.spot
        ),
        Action::DeployOn {
            on,
            figure: Figure::Large,
            spot: Spot::Tower,
        } => format!("large guard {},{}", on.x, on.y),
        Action::DeployOn {
            on,
            spot: Spot::Tower,
            ..
        } => format!("guard {},{}", on.x, on.y),
        _ => return None,
    })
}

fn choice_label(lang: Lang, a: Action) -> Option<String> {
    Some(match a {
        Action::Tower { at, capture: None } => tr!(lang, "choice-tower", at = xy(at)),
        Action::Tower {
            at,
            capture: Some(c),
        } => tr!(
            lang,
            "choice-tower-capture",
            at = xy(at),
            spot = c.spot.to_string(),
            on = xy(c.on)
        ),
        Action::DeployOn {
            on,
            figure: Figure::Large,
            spot: Spot::Tower,
        } => tr!(lang, "choice-guard-large", at = xy(on)),
        Action::DeployOn {
            on,
            spot: Spot::Tower,
            ..
        } => tr!(lang, "choice-guard", at = xy(on)),
        _ => return None,
    })
}

/// A ransom: `ransom <seat> <figure>`.
fn action_text(a: Action) -> Option<String> {
    match a {
        Action::Ransom { from, figure } => Some(format!("ransom {from} {}", figure.name())),
        _ => None,
    }
}

fn parse_action(text: &str) -> Option<Option<Action>> {
    let rest = text.strip_prefix("ransom ")?;
    Some((|| {
        let (from, figure) = rest.split_once(' ')?;
        Some(Action::Ransom {
            from: from.parse().ok()?,
            figure: figure.parse().ok()?,
        })
    })())
}

fn move_text(lang: Lang, a: Action) -> Option<String> {
    match a {
        Action::Tower { at, .. } => Some(tr!(lang, "move-tower", x = at.x, y = at.y)),
        Action::DeployOn {
            on,
            figure,
            spot: Spot::Tower,
        } => Some(tr!(
            lang,
            if figure == Figure::Large {
                "move-guard-large"
            } else {
                "move-guard"
            },
            x = on.x,
            y = on.y
        )),
        _ => None,
    }
}

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    let ActionError::Tower(e) = e else {
        return None;
    };
    let at = |p: &crate::engine::Pos| p.to_string();
    Some(match e {
        TowerError::NotInGame => tr!(lang, "err-tower-not-in-game"),
        TowerError::NoPieces => tr!(lang, "err-no-pieces"),
        TowerError::NoTile(p) => tr!(lang, "err-no-tile", at = at(p)),
        TowerError::NoFoundation(p) => tr!(lang, "err-no-foundation", at = at(p)),
        TowerError::Guarded(p) => tr!(lang, "err-guarded", at = at(p)),
        TowerError::OutOfReach {
            on,
            at: tower,
            height,
        } => tr!(
            lang,
            "err-out-of-reach",
            on = at(on),
            at = at(tower),
            height = *height
        ),
        TowerError::NoFollower { on, spot } => tr!(
            lang,
            "err-no-follower",
            spot = spot.to_string(),
            on = at(on)
        ),
        TowerError::NotCapturable(_) => tr!(lang, "err-not-capturable"),
        TowerError::CastleLord(p) => tr!(lang, "err-castle-lord", at = at(p)),
        TowerError::OnlyTower(s) => tr!(lang, "err-only-tower", spot = s.to_string()),
        TowerError::GuardFigure(_) => tr!(lang, "err-guard-figure"),
        TowerError::NoneLeft(f) => tr!(lang, "err-none-left", kind = f.name()),
        TowerError::NoTowerYet(p) => tr!(lang, "err-no-tower-yet", at = at(p)),
        TowerError::AlreadyRansomed => tr!(lang, "ransom-paid-already"),
        TowerError::RansomFrom(_) => tr!(lang, "ransom-other-player"),
        TowerError::NoPrisoner { from, .. } => tr!(lang, "err-no-prisoner", seat = from + 1),
        TowerError::TooPoor(score) => tr!(lang, "ransom-too-poor", score = *score),
    })
}

/// The seat's tower pieces and the prisoners it holds.
fn seat_status(lang: Lang, game: &LiveGame, seat: usize) -> Vec<String> {
    if !game.has_set(crate::engine::TileSet::Tower) {
        return Vec::new();
    }
    let mut extra = vec![tr!(lang, "status-towers", n = game.supplies()[seat].towers)];
    let prisoners = game.prisoners();
    let held: Vec<String> = (0..game.player_count())
        .filter_map(|owner| {
            let h = prisoners[seat][owner];
            let n: u8 = h.iter().sum();
            (n > 0).then(|| format!("{n} {}", EMOJI[owner % 6]))
        })
        .collect();
    if !held.is_empty() {
        extra.push(tr!(lang, "status-prisoners", held = held.join(" ")));
    }
    extra
}

fn turn_lines(s: &StoredGame, _seat: usize, outcome: &TurnOutcome) -> Vec<String> {
    prisoner_lines(s, &outcome.prisoners)
}

/// What happened to prisoners, one line each.
fn prisoner_lines(s: &StoredGame, events: &[PrisonerEvent]) -> Vec<String> {
    let lang = crate::i18n::public();
    let who = |p: usize| format!("{} **{}**", EMOJI[p % 6], seat_name(s, p));
    // The catalogs' selector: the figure's name (a follower's is the default).
    let kind = |f: Figure| f.name();
    events
        .iter()
        .map(|e| match *e {
            PrisonerEvent::Captured {
                by,
                owner,
                figure,
                at,
                spot,
            } => tr!(
                lang,
                if by == owner {
                    "prisoner-own"
                } else {
                    "prisoner-taken"
                },
                who = who(by),
                owner = who(owner),
                kind = kind(figure),
                spot = spot.to_string(),
                x = at.x,
                y = at.y
            ),
            PrisonerEvent::Exchanged { a, b } => tr!(
                lang,
                "prisoner-exchanged",
                a = who(a.0),
                b = who(b.0),
                aname = seat_name(s, a.0),
                akind = kind(a.1),
                bname = seat_name(s, b.0),
                bkind = kind(b.1)
            ),
            PrisonerEvent::Ransomed {
                payer,
                from,
                figure,
            } => tr!(
                lang,
                "prisoner-ransomed",
                payer = who(payer),
                from = who(from),
                kind = kind(figure)
            ),
        })
        .collect()
}

/// A ransom, when the seat to play may pay one now.
fn turn_offers(lang: Lang, game: &LiveGame, turn: usize) -> Vec<Offer> {
    if !ransom_possible(game) {
        return Vec::new();
    }
    let command = Command::Decide {
        text: RANSOM.word.into(),
        turn: Some(turn),
    };
    vec![(
        tr!(lang, "ransom-possible"),
        Some((command, tr!(lang, "button-ransom"))),
    )]
}

/// Whether the seat to play may pay a ransom now: it holds 3 points, another seat holds one of
/// its followers, and it has paid none this turn.
fn ransom_possible(game: &LiveGame) -> bool {
    if !game.has_set(crate::engine::TileSet::Tower)
        || game.ransom_paid()
        || game.drawn_tile().is_none()
    {
        return false;
    }
    let me = game.current_player();
    game.scores()[me] >= 3
        && game
            .prisoners()
            .iter()
            .any(|row| row[me].iter().any(|&n| n > 0))
}

/// The ransom: before placing, the player to play pays 3 points to get back a follower held
/// prisoner. Typed `ransom [seat] [follower|large]`; with no seat or figure named and more than
/// one choice, it asks with buttons.
const RANSOM: SetStep = SetStep {
    word: "ransom",
    owns: |a| matches!(a, Action::Ransom { .. }),
    before_placing: true,
    absent: |lang, game| {
        (!game.has_set(crate::engine::TileSet::Tower)).then(|| tr!(lang, "ransom-no-tower"))
    },
    wrong_time: |lang, d| {
        (!matches!(d, Decision::PlaceTile { .. })).then(|| tr!(lang, "ransom-after-placing"))
    },
    keys: ["earlier-turn", "ransom-not-your-turn", "cannot-do"],
    typed: ransom_typed,
    lines: |s, done| {
        let mut lines = set_lines(s, done.mover, done.outcome);
        lines.push(scores_line(s, done.after.scores()));
        lines.push(tr!(public(), "ransom-now-place"));
        lines
    },
    choices: |_, _| Vec::new(),
    old_button: |parts| match parts {
        // The question `ransom:<turn>` and a choice `ransom:<turn>:<seat>:<figure>`.
        ["ransom", turn] => Some(Command::Decide {
            text: RANSOM.word.into(),
            turn: Some(turn.parse().ok()?),
        }),
        ["ransom", turn, from, figure] => Some(Command::Play {
            turn: turn.parse().ok()?,
            step: None,
            actions: vec![Action::Ransom {
                from: from.parse().ok()?,
                figure: figure.parse().ok()?,
            }],
        }),
        _ => None,
    },
    waiting: None,
};

/// `ransom [seat] [follower|large]` against the game: the one ransom that fits, or buttons to
/// choose among several, or why there is none.
fn ransom_typed(text: &str, s: &StoredGame, game: &LiveGame) -> Result<Vec<Action>, Reply> {
    let (mut from, mut figure) = (None, None);
    for word in text.split_whitespace().skip(1) {
        if let Ok(seat) = word.parse::<usize>() {
            from = Some(seat);
        } else if let Ok(f) = word.parse::<Figure>() {
            figure = Some(f);
        } else {
            return Err(Reply::refuse(tr!(private(), "ransom-impossible")));
        }
    }
    let me = game.current_player();
    let choices: Vec<(u8, Figure)> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Ransom { from, figure } => Some((from, figure)),
            _ => None,
        })
        .filter(|(f, fig)| {
            from.is_none_or(|x| x == *f as usize) && figure.is_none_or(|x| x == *fig)
        })
        .collect();
    match choices[..] {
        [(from, figure)] => Ok(vec![Action::Ransom { from, figure }]),
        [] => Err(Reply::refuse(ransom_refusal(s, game, me, from))),
        _ => Err(ransom_ask(s, &choices, game.turn_count())),
    }
}

/// Why the seat `me` cannot pay a ransom (to `from`, if named).
fn ransom_refusal(s: &StoredGame, game: &LiveGame, me: usize, from: Option<usize>) -> String {
    let prisoners = game.prisoners();
    let held = |h: usize| prisoners[h][me].iter().sum::<u8>();
    let total: u8 = (0..s.seats.len()).map(held).sum();
    if game.ransom_paid() {
        return tr!(private(), "ransom-paid-already");
    }
    if let Some(f) = from {
        if f >= s.seats.len() || f == me {
            return tr!(private(), "ransom-other-player");
        }
        if held(f) == 0 {
            return tr!(private(), "ransom-holds-none", name = seat_name(s, f));
        }
    }
    if total == 0 {
        return tr!(private(), "ransom-no-prisoner");
    }
    let score = game.scores()[me];
    if score < 3 {
        return tr!(private(), "ransom-too-poor", score = score);
    }
    tr!(private(), "ransom-impossible")
}

/// Buttons to choose whose prisoner to buy back, when there is more than one choice.
fn ransom_ask(s: &StoredGame, choices: &[(u8, Figure)], turn: usize) -> Reply {
    let buttons = choices
        .iter()
        .map(|&(f, fig)| {
            let key = match fig {
                Figure::Large => "ransom-button-large",
                Figure::Follower => "ransom-button",
                _ => "ransom-button-figure",
            };
            button(
                s,
                Command::Play {
                    turn,
                    step: None,
                    actions: vec![Action::Ransom {
                        from: f,
                        figure: fig,
                    }],
                },
                &tr!(
                    private(),
                    key,
                    name = seat_name(s, f as usize),
                    figure = crate::service::words::figure_name(private(), fig)
                ),
                ButtonStyle::Primary,
            )
        })
        .collect();
    Reply {
        text: tr!(private(), "ransom-whom"),
        ephemeral: true,
        buttons,
        ..Reply::default()
    }
}
