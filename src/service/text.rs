//! Every text the service shows: names made safe, move and score lines, status, rules, help,
//! dates, and the figure choices as players type them.

use super::sets;
pub(super) use super::sets::{figure_buttons, move_words, set_lines};
pub use super::sets::{figure_choice_label, figure_choice_text, parse_figure_choice};
use super::stored::{Phase, Seat, StoredGame, Timing};
use super::words::duration;
pub use super::words::{and_list, clip, scores_line, seat_name, seat_who, EMOJI, MAX_TEXT};
use crate::engine::FinalScoring;
use crate::engine::PlaceError;
use crate::engine::TileId;
use crate::engine::{
    Action, FarmRule, Figure, LiveGame, Pos, Reason, Rotation, ScoreEvent, TurnOutcome,
};
use crate::i18n::{self, Lang};
use crate::tr;

/// A seat's action as buttons carry it (and as it may be typed): a placement `@x,y,rotation`,
/// a set's action taken outside the figure choice (`ransom <seat> <figure>`, `dragon N`), a
/// figure action as [`figure_choice_text`] writes it. A draw has no text: it is never a seat's.
pub fn action_text(a: Action) -> String {
    match a {
        Action::Place { at, rotation } => format!("@{},{},{}", at.x, at.y, rotation.degrees()),
        a => sets::first(|w| (w.action_text)(a)).unwrap_or_else(|| figure_choice_text(a)),
    }
}

/// Reads a button's custom id posted by an older build for a set's own decision (its parts
/// after the game's number, verb first) as the command it meant (`None`: not such an id).
pub fn old_set_button(parts: &[&str]) -> Option<super::api::Command> {
    sets::old_button(parts)
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
    if let Some(read) = sets::first(|w| (w.parse_action)(text)) {
        return read;
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
    let mut reminders = if s.clock_hours > 0 {
        let clock = super::words::clock_words(lang, s.clock_hours);
        if s.clock_runs_always {
            tr!(lang, "rules-clock-always", clock = clock)
        } else {
            tr!(lang, "rules-clock", clock = clock)
        }
    } else if s.reminder_hours == 0 {
        tr!(lang, "rules-no-reminders")
    } else {
        tr!(lang, "rules-reminders", hours = s.reminder_hours)
    };
    if s.while_away == super::stored::WhileAway::Computer {
        reminders = format!("{reminders}, {}", tr!(lang, "rules-away-computer"));
    }
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
    let mut small = if s.rules.small_city {
        format!(", {}", tr!(lang, "rules-small-city"))
    } else {
        String::new()
    };
    if s.hints {
        small.push_str(&format!(", {}", tr!(lang, "rules-hints")));
    }
    // A game begun before the current rules revision keeps its readings: say so.
    let legacy = s.phase != Phase::Lobby && s.rules.revision < crate::engine::Rules::CURRENT;
    let legacy = if legacy {
        format!(
            ", {}",
            tr!(lang, "rules-revision-old", revision = s.rules.revision)
        )
    } else {
        String::new()
    };
    format!(
        "{}, {farms}{small}, {reminders}{computers}{legacy}",
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
        for f in Figure::ALL.into_iter().skip(1) {
            if game.has_figure(f) {
                extra.push(format!(
                    "{} {}",
                    if sup.count(f) > 0 { "✓" } else { "✗" },
                    tr!(lang, &format!("status-{}", f.name()))
                ));
            }
        }
        extra.extend(sets::all(|w| (w.seat_status)(lang, game, i)));
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
    lines.extend(sets::all(|w| (w.game_status)(lang, game)));
    // How long each person takes to move, in this game.
    let pace: Vec<String> = s
        .median_moves()
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| s.seats.get(i).is_some_and(|x| !x.computer))
        .filter_map(|(i, m)| Some(format!("{} {}", seat_name(s, i), duration(lang, m?))))
        .collect();
    if !pace.is_empty() {
        lines.push(tr!(lang, "status-pace", list = pace.join(", ")));
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
pub fn tiles_text(s: &StoredGame, game: Option<&LiveGame>) -> String {
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
    let mut text = tr!(
        lang,
        "tiles-list",
        n = game.remaining_total(),
        tiles = parts.join(" ")
    );
    for line in sets::all(|w| (w.tiles_lines)(lang, s, game)) {
        text.push('\n');
        text.push_str(&line);
    }
    text
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
    place: Action,
    act: Action,
    outcome: &TurnOutcome,
) -> Vec<String> {
    let lang = i18n::public();
    let name = seat_name(s, seat);
    let (at, rot) = place
        .placed()
        .unwrap_or((Pos::new(0, 0), Rotation::default()));
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
    // What a set laid with the tile (a bridge).
    if let Some(with) = sets::first(|w| (w.move_text)(lang, place)) {
        line.push(' ');
        line.push_str(&with);
    }
    let then = move_words(lang, act);
    if let Some(then) = then {
        line.push(' ');
        line.push_str(&then);
    }
    line.push('.');
    for e in &outcome.events {
        if e.players.is_empty() || sets::reported_apart(e.reason) {
            continue;
        }
        line.push(' ');
        line.push_str(&score_text(s, e));
    }
    let mut lines = vec![line];
    lines.extend(set_lines(s, seat, outcome));
    for d in &outcome.discarded {
        lines.push(tr!(lang, "tile-set-aside", tile = d.name()));
    }
    lines.extend(sets::all(|w| (w.last_lines)(s, seat, outcome)));
    lines
}

/// One scoring: who, how much, for what.
pub fn score_text(s: &StoredGame, e: &ScoreEvent) -> String {
    let lang = i18n::public();
    let who: Vec<&str> = e.players.iter().map(|&p| seat_name(s, p)).collect();
    let tiles = || tr!(lang, "count-tiles", n = e.tiles);
    let detail = sets::first(|w| (w.score_detail)(lang, e)).unwrap_or_else(|| match e.reason {
        Reason::City if e.pennants > 0 => format!(
            "{}, {}",
            tiles(),
            tr!(lang, "count-pennants", n = e.pennants)
        ),
        Reason::Cloister if e.complete => String::new(),
        _ => tiles(),
    });
    let what = tr!(lang, &format!("reason-{}", e.reason.name()));
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
    // The game's length and its slowest move (a person's, if people played).
    if let (Some(first), Some(last)) = (s.timings.first(), s.timings.last()) {
        let human = |t: &&Timing| s.seats.get(t.0 as usize).is_some_and(|x| !x.computer);
        let slowest = s
            .timings
            .iter()
            .filter(human)
            .max_by_key(|t| t.took())
            .or_else(|| s.timings.iter().max_by_key(|t| t.took()));
        if let Some(slow) = slowest {
            lines.push(tr!(
                lang,
                "final-pace",
                length = duration(lang, last.2.saturating_sub(first.1)),
                name = seat_name(s, slow.0 as usize),
                time = duration(lang, slow.took())
            ));
        }
    }
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
    parts.extend(sets::all(|w| (w.tile_words)(lang, t)));
    if parts.is_empty() {
        return tr!(lang, "tile-field");
    }
    and_list(lang, &parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portal_and_a_guard_are_told_apart_in_turn_lines() {
        use crate::engine::Spot;
        let guard = Action::DeployOn {
            on: Pos::new(1, 0),
            figure: Figure::Follower,
            spot: Spot::Tower,
        };
        let portal = Action::DeployOn {
            on: Pos::new(2, 0),
            figure: Figure::Follower,
            spot: "city:N".parse().unwrap(),
        };
        let guard = move_words(Lang::En, guard).unwrap();
        assert!(guard.contains("top of the tower at [1,0]"), "{guard}");
        assert_eq!(
            move_words(Lang::En, portal).unwrap(),
            "and through the magic portal put a knight on city:N at [2,0]"
        );
    }

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
