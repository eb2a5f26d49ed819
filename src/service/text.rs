//! Every text the service shows: names made safe, move and score lines, status, rules, help,
//! dates, and the figure choices as players type them.

use super::refusals::figure_name;
use super::stored::{Phase, Seat, StoredGame};
use crate::engine::FinalScoring;
use crate::engine::PlaceError;
use crate::engine::TileId;
use crate::engine::{
    Action, Capture, FarmRule, Figure, Goods, LiveGame, Pos, PrisonerEvent, Reason, Rotation,
    ScoreEvent, Spot, TileSet, TurnOutcome,
};
use crate::i18n::{self, Lang};
use crate::tr;

/// Discord's limit on message text.
pub const MAX_TEXT: usize = 2000;
/// Seat markers, in seat order.
pub const EMOJI: [&str; 6] = ["🔴", "🔵", "🟢", "🟡", "⚫", "⚪"];

/// Reads `x,y` (spaces allowed, optionally in brackets).
fn parse_xy(s: &str) -> Option<Pos> {
    let s = s.trim().trim_start_matches('[').trim_end_matches(']');
    let (x, y) = s.split_once(',')?;
    Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// What was typed and how to write it, in the acting person's language.
fn typed_help(typed: &str, key: &str) -> String {
    tr!(i18n::private(), key, typed = format!("{typed:?}"))
}

/// Reads a figure choice: `none`, `recall abbot`, a place (`city:N`: a follower there), a figure
/// and a place (`large city:N`, `builder road:E`, `pig field:SSW`, `abbot cloister`), and with the
/// Tower `tower 1,0` (a tower piece), `tower 1,0 capture 2,0 city:N` (with a prisoner) or
/// `guard 1,0` / `large guard 1,0` (a follower on top of the tower at 1,0), and with the
/// Princess & the Dragon `fairy 1,0`, `princess 0,-1 city:N` or `portal 2,0 road:E`.
pub fn parse_figure_choice(text: &str) -> Result<Action, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if lower == "none" || lower.is_empty() {
        return Ok(Action::Pass);
    }
    if lower == "recall" || lower == "recall abbot" || lower == "recall:abbot" {
        return Ok(Action::Recall);
    }
    if let Some(rest) = lower.strip_prefix("tower ") {
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
                let spot = spot
                    .parse::<Spot>()
                    .map_err(|e| super::refusals::spot_error(i18n::private(), &e))?;
                Some(Capture { on, spot })
            }
        };
        return Ok(Action::Tower { at, capture });
    }
    if let Some(rest) = lower.strip_prefix("fairy ") {
        let at = parse_xy(rest).ok_or_else(|| typed_help(t, "typed-fairy"))?;
        return Ok(Action::Fairy { at });
    }
    if let Some(rest) = lower.strip_prefix("princess ") {
        let bad = || typed_help(t, "typed-princess");
        let (on, spot) = rest.trim().rsplit_once(' ').ok_or_else(bad)?;
        let on = parse_xy(on).ok_or_else(bad)?;
        let spot = spot
            .parse::<Spot>()
            .map_err(|e| super::refusals::spot_error(i18n::private(), &e))?;
        return Ok(Action::Princess {
            knight: Capture { on, spot },
        });
    }
    for (prefix, figure) in [
        ("portal ", Figure::Follower),
        ("large portal ", Figure::Large),
    ] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            let bad = || typed_help(t, "typed-portal");
            let (on, spot) = rest.trim().rsplit_once(' ').ok_or_else(bad)?;
            let on = parse_xy(on).ok_or_else(bad)?;
            let spot = spot
                .parse::<Spot>()
                .map_err(|e| super::refusals::spot_error(i18n::private(), &e))?;
            return Ok(Action::DeployOn { on, figure, spot });
        }
    }
    for (prefix, figure) in [
        ("guard ", Figure::Follower),
        ("large guard ", Figure::Large),
    ] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            let on = parse_xy(rest).ok_or_else(|| typed_help(t, "typed-guard"))?;
            return Ok(Action::DeployOn {
                on,
                figure,
                spot: Spot::Tower,
            });
        }
    }
    let (figure, rest) = match lower.split_once([' ', ':']) {
        Some((f, rest)) => match f.parse::<Figure>() {
            Ok(f) => (f, rest.trim()),
            Err(_) => (Figure::Follower, lower.as_str()),
        },
        None => (Figure::Follower, lower.as_str()),
    };
    let spot = rest
        .parse::<Spot>()
        .map_err(|e| super::refusals::spot_error(i18n::private(), &e))?;
    Ok(Action::Deploy { figure, spot })
}

/// The text form of a figure action, as [`parse_figure_choice`] reads it.
pub fn figure_choice_text(a: Action) -> String {
    match a {
        Action::Deploy {
            figure: Figure::Follower,
            spot,
        } => spot.to_string(),
        Action::Deploy { figure, spot } => format!("{} {spot}", figure.name()),
        Action::Recall => "recall abbot".into(),
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
        Action::DeployOn {
            on,
            figure: Figure::Large,
            spot,
        } => format!("large portal {},{} {spot}", on.x, on.y),
        Action::DeployOn { on, spot, .. } => format!("portal {},{} {spot}", on.x, on.y),
        Action::Fairy { at } => format!("fairy {},{}", at.x, at.y),
        Action::Princess { knight } => {
            format!("princess {},{} {}", knight.on.x, knight.on.y, knight.spot)
        }
        _ => "none".into(),
    }
}

/// A seat's action as buttons carry it (and as it may be typed): a placement `@x,y,rotation`, a
/// ransom `ransom <seat> <figure>`, a step of the dragon `dragon N`, a figure action as
/// [`figure_choice_text`] writes it. A draw has no text: it is never a seat's.
pub fn action_text(a: Action) -> String {
    match a {
        Action::Place { at, rotation } => format!("@{},{},{}", at.x, at.y, rotation.degrees()),
        Action::Ransom { from, figure } => format!("ransom {from} {}", figure.name()),
        Action::MoveDragon { side } => format!("dragon {}", side.letter()),
        a => figure_choice_text(a),
    }
}

/// Reads [`action_text`] back (`None`: not an action; a draw is none).
pub fn parse_action(text: &str) -> Option<Action> {
    if text.trim().is_empty() {
        return None;
    }
    if let Some(rest) = text.strip_prefix('@') {
        let mut v = rest.split(',');
        let mut next = || v.next().and_then(|n| n.trim().parse::<i64>().ok());
        let (x, y, r) = (next()?, next()?, next()?);
        return place_action(x, y, r);
    }
    if let Some(rest) = text.strip_prefix("ransom ") {
        let (from, figure) = rest.split_once(' ')?;
        return Some(Action::Ransom {
            from: from.parse().ok()?,
            figure: figure.parse().ok()?,
        });
    }
    if let Some(rest) = text.strip_prefix("dragon ") {
        let mut letter = rest.chars();
        let side = crate::engine::Side::from_letter(letter.next()?)?;
        return letter
            .next()
            .is_none()
            .then_some(Action::MoveDragon { side });
    }
    parse_figure_choice(text).ok()
}

/// A placement at column `x`, row `y`, turned `rotation` degrees clockwise (`None`: no
/// rotation, or a cell off any board).
pub fn place_action(x: i64, y: i64, rotation: i64) -> Option<Action> {
    Some(Action::Place {
        at: crate::engine::Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?),
        rotation: crate::engine::Rotation::from_degrees(rotation)?,
    })
}

/// A button label for a figure action.
pub fn figure_choice_label(a: Action) -> String {
    let lang = i18n::private();
    let xy = |p: Pos| format!("[{},{}]", p.x, p.y);
    match a {
        Action::Deploy {
            figure: Figure::Follower,
            spot,
        } => tr!(lang, "choice-follower", spot = spot.to_string()),
        Action::Deploy {
            figure: Figure::Large,
            spot,
        } => tr!(lang, "choice-large", spot = spot.to_string()),
        Action::Deploy { figure, spot } => {
            let key = match figure {
                Figure::Builder => "choice-builder",
                Figure::Pig => "choice-pig",
                _ => "choice-abbot",
            };
            tr!(lang, key, spot = spot.to_string())
        }
        Action::Recall => tr!(lang, "choice-recall"),
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
        Action::DeployOn { on, spot, .. } => {
            tr!(lang, "choice-portal", spot = spot.to_string(), at = xy(on))
        }
        Action::Fairy { at } => tr!(lang, "choice-fairy", at = xy(at)),
        Action::Princess { knight } => tr!(lang, "choice-princess", at = xy(knight.on)),
        _ => tr!(lang, "choice-none"),
    }
}

/// Cuts text to Discord's limit.
pub fn clip(s: String) -> String {
    if s.chars().count() <= MAX_TEXT {
        return s;
    }
    let mut out: String = s.chars().take(MAX_TEXT - 1).collect();
    out.push('…');
    out
}

/// A display name safe inside messages and pictures: no mentions, no markdown that could format
/// (headings, lists, quotes, masked links, code, spoilers), no direction overrides or invisible
/// characters that could reorder or hide text, one line, at most 32 characters.
pub fn clean_name(name: &str) -> String {
    let invisible = |c: char| {
        (c.is_control() && !c.is_whitespace())
            || matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
                | '\u{17B5}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
                | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
    };
    let mut out = String::new();
    let mut space = false;
    for c in name.chars().filter(|&c| !invisible(c)) {
        let c = match c {
            '@' => '＠',
            '#' => '＃',
            ':' => '∶',
            '[' | '(' => '⟨',
            ']' | ')' => '⟩',
            '*' | '_' | '`' | '~' | '|' | '<' | '>' | '\\' => ' ',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !space && !out.is_empty() {
                out.push(' ');
            }
            space = true;
            continue;
        }
        space = false;
        out.push(c);
        if out.chars().count() >= 32 {
            break;
        }
    }
    // A leading "-" or "+" would start a list; "." after digits an ordered one.
    let t = out.trim().trim_start_matches(['-', '+', '.', ' ']).trim();
    if t.is_empty() {
        "Player".into()
    } else {
        t.to_string()
    }
}

/// A seat's name with its computer or resigned mark.
pub fn seat_label(seat: &Seat) -> String {
    if seat.resigned {
        tr!(i18n::public(), "seat-resigned", name = &seat.name)
    } else if seat.computer {
        format!("{} 🤖", seat.name)
    } else {
        seat.name.clone()
    }
}

/// The game's rules in one line.
pub fn rules_line(s: &StoredGame) -> String {
    let lang = i18n::public();
    let farms = tr!(
        lang,
        match s.rules.farms {
            FarmRule::PerFarm => "rules-farms-per-farm",
            FarmRule::PerCity => "rules-farms-per-city",
            FarmRule::None => "rules-farms-none",
        }
    );
    let reminders = if s.reminder_hours == 0 {
        tr!(lang, "rules-no-reminders")
    } else {
        tr!(lang, "rules-reminders", hours = s.reminder_hours)
    };
    let computers = if s.phase == Phase::Lobby || s.seats.iter().any(|x| x.computer) {
        let level = match s.computer_level {
            crate::ai::Level::Easy => "level-easy",
            crate::ai::Level::Medium => "level-medium",
            crate::ai::Level::Hard => "level-hard",
        };
        format!(
            ", {}",
            tr!(lang, "rules-computers", level = tr!(lang, level))
        )
    } else {
        String::new()
    };
    let small = if s.rules.small_city {
        format!(", {}", tr!(lang, "rules-small-city"))
    } else {
        String::new()
    };
    format!(
        "{}, {farms}{small}, {reminders}{computers}",
        s.sets.join(" + ")
    )
}

/// Scores, figures left and goods of every seat, and the drawn tile.
pub fn status_text(s: &StoredGame, game: Option<&LiveGame>) -> String {
    let lang = i18n::public();
    let Some(game) = game else {
        return tr!(lang, "status-lobby", n = s.seats.len());
    };
    let mut lines = Vec::new();
    for (i, seat) in s.seats.iter().enumerate() {
        let marker = if !game.is_over() && game.current_player() == i {
            format!(" {}", tr!(lang, "status-to-play"))
        } else {
            String::new()
        };
        let sup = game.supplies()[i];
        let mut extra = Vec::new();
        for (f, key) in [
            (Figure::Large, "status-large"),
            (Figure::Builder, "status-builder"),
            (Figure::Pig, "status-pig"),
            (Figure::Abbot, "status-abbot"),
        ] {
            if game.has_figure(f) {
                extra.push(format!(
                    "{} {}",
                    if sup.count(f) > 0 { "✓" } else { "✗" },
                    tr!(lang, key)
                ));
            }
        }
        if game.has_set(TileSet::Traders) {
            let g = game.goods()[i];
            extra.push(tr!(
                lang,
                "status-goods",
                wine = g[Goods::Wine as usize],
                grain = g[Goods::Grain as usize],
                cloth = g[Goods::Cloth as usize]
            ));
        }
        if game.has_set(TileSet::Tower) {
            extra.push(tr!(lang, "status-towers", n = sup.towers));
            let prisoners = game.prisoners();
            let held: Vec<String> = (0..s.seats.len())
                .filter_map(|owner| {
                    let h = prisoners[i][owner];
                    let n = h[0] + h[1];
                    (n > 0).then(|| format!("{n} {}", EMOJI[owner % 6]))
                })
                .collect();
            if !held.is_empty() {
                extra.push(tr!(lang, "status-prisoners", held = held.join(" ")));
            }
        }
        lines.push(format!(
            "{} {}: {}{}{marker}",
            EMOJI[i % 6],
            seat_label(seat),
            tr!(
                lang,
                "status-seat",
                points = game.scores()[i],
                followers = sup.count(Figure::Follower)
            ),
            if extra.is_empty() {
                String::new()
            } else {
                format!(" ({})", extra.join(", "))
            }
        ));
    }
    if game.has_set(TileSet::Princess) {
        let at = |p: Option<Pos>| match p {
            Some(p) => format!("[{},{}]", p.x, p.y),
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
        lines.push(line);
    }
    if let Some(t) = game.drawn_tile() {
        let tile = format!("**{}** ({})", t.name(), tile_words(lang, t));
        lines.push(tr!(
            lang,
            "status-drawn",
            tile = tile,
            n = game.remaining_total() - 1
        ));
    }
    lines.join("\n")
}

/// The tiles still to be drawn, by id.
pub fn tiles_text(game: Option<&LiveGame>) -> String {
    let lang = i18n::public();
    let Some(game) = game else {
        return tr!(lang, "not-started");
    };
    let cat = crate::engine::catalog();
    let parts: Vec<String> = game
        .remaining()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, &c)| format!("{}×{c}", cat.tiles[i].id))
        .collect();
    tr!(
        lang,
        "tiles-list",
        n = game.remaining_total(),
        tiles = parts.join(" ")
    )
}

/// How to play with the bot, in the reader's language.
pub fn help_text() -> String {
    tr!(i18n::private(), "help")
}

/// The refusal of a placement that breaks the rules, in `lang`: the tile, where, and why.
pub fn cant_go_text(
    lang: Lang,
    tile: TileId,
    (x, y, rotation): (i64, i64, i64),
    e: &PlaceError,
) -> String {
    tr!(
        lang,
        "cant-go",
        tile = tile.name(),
        x = x,
        y = y,
        rotation = rotation,
        reason = place_error_text(lang, e)
    )
}

/// Why a tile cannot go where it was asked, in `lang`.
pub fn place_error_text(lang: Lang, e: &PlaceError) -> String {
    super::refusals::place_error(lang, e)
}

/// The lines telling what a turn did: the move, what scored, goods taken, discards, and a
/// builder's second turn.
pub fn move_lines(
    s: &StoredGame,
    seat: usize,
    tile: TileId,
    at: Pos,
    rot: Rotation,
    act: Action,
    outcome: &TurnOutcome,
) -> Vec<String> {
    let lang = i18n::public();
    let name = seat_name(s, seat);
    let mut line = format!(
        "{} {}",
        EMOJI[seat % 6],
        tr!(
            lang,
            "move-placed",
            name = name,
            tile = tile.name(),
            x = at.x,
            y = at.y,
            rotation = rot.degrees()
        )
    );
    let then = match act {
        Action::Deploy { figure, spot } => Some(tr!(
            lang,
            "move-with",
            figure = placed_figure(lang, figure, spot),
            spot = spot.to_string()
        )),
        Action::Recall => Some(tr!(lang, "move-recall")),
        Action::Tower { at, .. } => Some(tr!(lang, "move-tower", x = at.x, y = at.y)),
        Action::DeployOn { on, figure, .. } => Some(tr!(
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
    };
    if let Some(then) = then {
        line.push(' ');
        line.push_str(&then);
    }
    line.push('.');
    for e in &outcome.events {
        if e.players.is_empty() || e.reason == Reason::Fairy {
            continue;
        }
        line.push(' ');
        line.push_str(&score_text(s, e));
    }
    let mut lines = vec![line];
    lines.extend(prisoner_lines(s, &outcome.prisoners));
    lines.extend(dragon_lines(s, outcome));
    for (p, kind, n) in &outcome.goods {
        let key = match kind {
            Goods::Wine => "goods-wine",
            Goods::Grain => "goods-grain",
            Goods::Cloth => "goods-cloth",
        };
        lines.push(tr!(lang, key, name = seat_name(s, *p), n = *n));
    }
    for d in &outcome.discarded {
        lines.push(tr!(lang, "tile-set-aside", tile = d.name()));
    }
    if outcome.extra_turn {
        lines.push(tr!(lang, "builder-extra", name = name));
    }
    lines
}

/// The figure a move put out, as the turn line names it in `lang` ("a knight").
pub(super) fn placed_figure(lang: Lang, figure: Figure, spot: crate::engine::Spot) -> String {
    let role = match spot.role() {
        "knight" => "knight",
        "thief" => "thief",
        "farmer" => "farmer",
        "monk" => "monk",
        "abbot" => "abbot",
        _ => "guard",
    };
    let key = match figure {
        Figure::Follower => format!("figure-{role}"),
        Figure::Large => format!("figure-large-{role}"),
        Figure::Builder => "figure-builder".into(),
        Figure::Pig => "figure-pig".into(),
        Figure::Abbot => "figure-abbot".into(),
    };
    tr!(lang, &key)
}

/// Names joined as a list in `lang`: "A", "A and B", "A, B and C".
pub fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(lang, "list-and", a = rest.join(", "), b = last),
    }
}

/// What the dragon did (the tiles it entered, the figures it sent home), dragon tiles set aside,
/// and the fairy's points, one line each.
pub fn dragon_lines(s: &StoredGame, outcome: &TurnOutcome) -> Vec<String> {
    let lang = i18n::public();
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
        let path: Vec<String> = outcome
            .dragon_path
            .iter()
            .map(|p| format!("[{},{}]", p.x, p.y))
            .collect();
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

/// What happened to prisoners (The Tower), one line each.
pub fn prisoner_lines(s: &StoredGame, events: &[PrisonerEvent]) -> Vec<String> {
    let lang = i18n::public();
    let who = |p: usize| format!("{} **{}**", EMOJI[p % 6], seat_name(s, p));
    let kind = |f: Figure| {
        if f == Figure::Large {
            "large"
        } else {
            "follower"
        }
    };
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

/// One scoring: who, how much, for what.
pub fn score_text(s: &StoredGame, e: &ScoreEvent) -> String {
    let lang = i18n::public();
    let who: Vec<&str> = e.players.iter().map(|&p| seat_name(s, p)).collect();
    let tiles = || tr!(lang, "count-tiles", n = e.tiles);
    let detail = match e.reason {
        Reason::City if e.pennants > 0 => format!(
            "{}, {}",
            tiles(),
            tr!(lang, "count-pennants", n = e.pennants)
        ),
        Reason::Cloister | Reason::Garden if e.complete => String::new(),
        Reason::Goods => tr!(lang, "count-tokens", n = e.tiles),
        _ => tiles(),
    };
    let what = tr!(
        lang,
        match e.reason {
            Reason::City => "reason-city",
            Reason::Road => "reason-road",
            Reason::Cloister => "reason-cloister",
            Reason::Garden => "reason-garden",
            Reason::Farm => "reason-farm",
            Reason::Goods => "reason-goods",
            Reason::Fairy => "reason-fairy",
        }
    );
    let who = who.join(" & ");
    if detail.is_empty() {
        tr!(
            lang,
            "score-line",
            who = who,
            points = e.points,
            what = what
        )
    } else {
        tr!(
            lang,
            "score-line-detail",
            who = who,
            points = e.points,
            what = what,
            detail = detail
        )
    }
}

/// `YYYY-MM-DD` of a unix time (UTC).
pub fn date(unix: u64) -> String {
    let days = (unix / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{:02}-{:02}", if m <= 2 { y + 1 } else { y }, m, d)
}

/// A seat as turn lines name it: its colour's emoji and its name ("🔴 Ann").
pub fn seat_who(s: &StoredGame, seat: usize) -> String {
    format!("{} {}", EMOJI[seat % 6], seat_name(s, seat))
}

/// A seat's name, or "?" for a seat the game does not have (never panics on a bad entry).
pub fn seat_name(s: &StoredGame, seat: usize) -> &str {
    s.seats.get(seat).map(|x| x.name.as_str()).unwrap_or("?")
}

/// The final scoring `fin` of `game`: each seat's total with its breakdown by reason, then the
/// winners.
pub fn final_lines(s: &StoredGame, game: &LiveGame, fin: &FinalScoring) -> Vec<String> {
    let lang = i18n::public();
    let mut lines = vec![tr!(lang, "final-title")];
    let mut order: Vec<usize> = (0..fin.scores.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(fin.scores[i]));
    for i in order {
        let b = fin.breakdown[i];
        let parts: Vec<String> = Reason::ALL
            .iter()
            .filter(|r| {
                b[r.index()] > 0
                    || matches!(
                        r,
                        Reason::City | Reason::Road | Reason::Cloister | Reason::Farm
                    )
            })
            .map(|r| {
                let key = format!("plural-{}", r.name());
                format!("{} {}", tr!(lang, &key), b[r.index()])
            })
            .collect();
        lines.push(format!(
            "{} {}",
            EMOJI[i % 6],
            tr!(
                lang,
                "final-seat",
                name = seat_name(s, i),
                total = fin.scores[i],
                game = game.scores()[i],
                parts = parts.join(", ")
            )
        ));
    }
    let winners: Vec<&str> = fin.winners.iter().map(|&w| seat_name(s, w)).collect();
    lines.push(tr!(
        lang,
        "final-winners",
        names = winners.join(" & "),
        count = winners.len()
    ));
    lines
}

/// A tile in plain words next to its letter ("city corner with a shield and road curve"), for
/// turn texts and alt text, in `lang`: players know tiles by their look, not by catalog letters.
pub fn tile_words(lang: Lang, tile: TileId) -> String {
    let t = tile.get();
    let mut parts: Vec<String> = Vec::new();
    if t.cloister {
        parts.push(tr!(lang, "tile-cloister"));
    }
    // Alike city pieces counted: "2 city caps".
    let mut seen: Vec<((&str, bool, bool), usize)> = Vec::new();
    for c in &t.cities {
        let opposite = c.sides == 0b0101 || c.sides == 0b1010;
        let kind = match c.sides.count_ones() {
            0 => "tile-city",
            1 => "tile-city-cap",
            2 if opposite => "tile-city-band",
            2 => "tile-city-corner",
            3 => "tile-city-three",
            _ => "tile-city-four",
        };
        let key = (kind, c.pennants > 0, c.cathedral);
        match seen.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => seen.push((key, 1)),
        }
    }
    for ((kind, shield, cathedral), n) in seen {
        let mut what = tr!(lang, kind, n = n);
        if shield {
            what = tr!(lang, "tile-with-shield", what = what, n = n);
        }
        if cathedral {
            what = tr!(lang, "tile-with-cathedral", what = what, n = n);
        }
        parts.push(what);
    }
    let all_ends = t.roads.iter().all(|r| r.sides.count_ones() == 1);
    let road = match t.roads.len() {
        0 => None,
        1 if all_ends => Some(tr!(lang, "tile-road-end", n = 1)),
        1 => {
            let s = t.roads[0].sides;
            Some(if s == 0b0101 || s == 0b1010 {
                tr!(lang, "tile-road-straight")
            } else {
                tr!(lang, "tile-road-curve")
            })
        }
        n if all_ends && n == 2 => Some(tr!(lang, "tile-road-end", n = 2)),
        n if all_ends => Some(tr!(lang, "tile-crossroads", n = n)),
        n => Some(tr!(lang, "tile-roads", n = n)),
    };
    if let Some(r) = road {
        if t.roads.iter().any(|r| r.inn) {
            parts.push(tr!(lang, "tile-with-inn", what = r));
        } else {
            parts.push(r);
        }
    }
    if t.edges.contains(&crate::engine::EdgeKind::River) || t.symbols.spring || t.symbols.lake {
        parts.push(tr!(
            lang,
            if t.symbols.spring {
                "tile-river-spring"
            } else if t.symbols.lake {
                "tile-river-lake"
            } else {
                "tile-river"
            }
        ));
    }
    let sy = t.symbols;
    for (on, key) in [
        (sy.volcano, "tile-volcano"),
        (sy.dragon, "tile-dragon"),
        (sy.portal, "tile-portal"),
        (sy.tower, "tile-tower"),
        (t.cities.iter().any(|c| c.princess), "tile-princess"),
    ] {
        if on {
            parts.push(tr!(lang, key));
        }
    }
    if parts.is_empty() {
        return tr!(lang, "tile-field");
    }
    and_list(lang, &parts)
}

/// Each seat's score in one line ("Scores: 🔴 Alice 12 · 🔵 Bob 8").
pub fn scores_line(s: &StoredGame, scores: &[u32]) -> String {
    let parts: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {} {p}", EMOJI[i % 6], seat_name(s, i)))
        .collect();
    tr!(i18n::public(), "scores-line", scores = parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(1_700_000_000), "2023-11-14");
    }

    #[test]
    fn names_cannot_ping_or_format() {
        assert_eq!(clean_name("@everyone"), "＠everyone");
        assert_eq!(clean_name("<@123>"), "＠123");
        assert_eq!(clean_name("   "), "Player");
        assert_eq!(clean_name("# Big heading"), "＃ Big heading");
        let link = clean_name("[click](https://evil.example)");
        assert!(
            !link.contains('[') && !link.contains("](") && !link.contains("://"),
            "{link}"
        );
        // A right-to-left override would reverse the rest of a score line.
        assert_eq!(clean_name("Bob\u{202E}321"), "Bob321");
        assert_eq!(clean_name("a\u{200B}b\nc"), "ab c");
        assert_eq!(clean_name("- item"), "item");
        assert_eq!(clean_name(&"x".repeat(5000)).chars().count(), 32);
        assert_eq!(clean_name("Zoë 🐉"), "Zoë 🐉");
        assert_eq!(clean_name("O'Brien"), "O'Brien");
    }
}
