//! The small words the service's texts share: seat markers and names, lists, directions,
//! figure kinds, and reading a place or a cell as typed. A leaf: the texts, the refusals and
//! the sets' modules ([`super::sets`]) use it, and it uses none of them.

use super::stored::StoredGame;
use crate::engine::{EdgeKind, Figure, Pos, Side, Spot, SpotParseError};
use crate::i18n::{self, Lang};
use crate::tr;

/// Discord's limit on message text.
pub const MAX_TEXT: usize = 2000;

/// Cuts text to Discord's limit.
pub fn clip(s: String) -> String {
    if s.chars().count() <= MAX_TEXT {
        return s;
    }
    let mut out: String = s.chars().take(MAX_TEXT - 1).collect();
    out.push('…');
    out
}

/// Seat markers, in seat order.
pub const EMOJI: [&str; 6] = ["🔴", "🔵", "🟢", "🟡", "⚫", "⚪"];

/// Reads `x,y` (spaces allowed, optionally in brackets).
pub(super) fn parse_xy(s: &str) -> Option<Pos> {
    let s = s.trim().trim_start_matches('[').trim_end_matches(']');
    let (x, y) = s.split_once(',')?;
    Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// What was typed and how to write it, in the acting person's language.
pub(super) fn typed_help(typed: &str, key: &str) -> String {
    tr!(i18n::private(), key, typed = format!("{typed:?}"))
}

/// Names joined as a list in `lang`: "A", "A and B", "A, B and C".
pub fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(lang, "list-and", a = rest.join(", "), b = last),
    }
}

/// A seat as turn lines name it: its colour's emoji and its name ("🔴 Ann").
pub fn seat_who(s: &StoredGame, seat: usize) -> String {
    format!("{} {}", EMOJI[seat % 6], seat_name(s, seat))
}

/// A seat's name, or "?" for a seat the game does not have (never panics on a bad entry).
pub fn seat_name(s: &StoredGame, seat: usize) -> &str {
    s.seats.get(seat).map(|x| x.name.as_str()).unwrap_or("?")
}

/// The name of a direction in `lang` ("north").
pub(super) fn direction(lang: Lang, side: Side) -> String {
    tr!(lang, &format!("direction-{}", side.name()))
}

/// A figure kind's name in `lang`, without article ("large follower").
pub fn figure_name(lang: Lang, figure: Figure) -> String {
    tr!(lang, &format!("kind-{}", figure.name()))
}

/// Reads a typed place (`city:N`), or says in the acting person's language why it is none.
pub(super) fn parse_spot(typed: &str) -> Result<Spot, String> {
    typed
        .parse::<Spot>()
        .map_err(|e| spot_error(crate::i18n::private(), &e))
}

/// A follower place that does not parse, in `lang`.
pub fn spot_error(lang: Lang, e: &SpotParseError) -> String {
    tr!(lang, "err-spot", typed = format!("{:?}", e.0))
}

/// The figure a move put out, as the turn line names it in `lang` ("a knight").
pub(super) fn placed_figure(lang: Lang, figure: Figure, spot: Spot) -> String {
    // A role's last word: a guard of any kind is a guard.
    let role = spot.role().rsplit(' ').next().unwrap_or_default();
    let key = match figure {
        Figure::Follower => format!("figure-{role}"),
        Figure::Large => format!("figure-large-{role}"),
        other => format!("figure-{}", other.name()),
    };
    tr!(lang, &key)
}

/// A length of time in `lang` in its two largest units ("2 d 3 h", "14 min", "40 s").
pub(super) fn duration(lang: Lang, secs: u64) -> String {
    let units = [
        ("duration-d", 86_400),
        ("duration-h", 3_600),
        ("duration-min", 60),
        ("duration-s", 1),
    ];
    let Some(first) = units.iter().position(|&(_, u)| secs >= u) else {
        return tr!(lang, "duration-s", n = 0);
    };
    let mut left = secs;
    let mut parts = Vec::new();
    for &(key, u) in units.iter().skip(first).take(2) {
        let n = left / u;
        left -= n * u;
        if n > 0 || parts.is_empty() {
            parts.push(tr!(lang, key, n = n));
        }
    }
    parts.join(" ")
}

/// A game's time per move in `lang` ("1 d", or "off").
pub(super) fn clock_words(lang: Lang, hours: u32) -> String {
    if hours == 0 {
        tr!(lang, "clock-off")
    } else {
        duration(lang, hours as u64 * 3600)
    }
}

/// What a game does while a player is away, in `lang`.
pub(super) fn while_away_words(lang: Lang, w: super::stored::WhileAway) -> String {
    match w {
        super::stored::WhileAway::Wait => tr!(lang, "while-away-wait"),
        super::stored::WhileAway::Computer => tr!(lang, "while-away-computer"),
    }
}

/// Each seat's name and score, comma-separated ("Alice 12, Bob 8").
pub fn named_scores(s: &StoredGame, scores: &[u32]) -> String {
    let parts: Vec<String> = s
        .seats
        .iter()
        .zip(scores)
        .map(|(x, sc)| format!("{} {sc}", x.name))
        .collect();
    parts.join(", ")
}

/// Each seat's score in one line ("Scores: 🔴 Alice 12 · 🔵 Bob 8").
pub fn scores_line(s: &StoredGame, scores: &[u32]) -> String {
    let parts: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {} {p}", EMOJI[i % 6], seat_name(s, i)))
        .collect();
    tr!(
        crate::i18n::public(),
        "scores-line",
        scores = parts.join(" · ")
    )
}

/// A side's name (`north`) in `lang`.
pub fn side_word(lang: Lang, side: Side) -> String {
    tr!(
        lang,
        match side {
            Side::N => "side-n",
            Side::E => "side-e",
            Side::S => "side-s",
            Side::W => "side-w",
        }
    )
}

/// An edge's kind (`city`) in `lang`.
pub fn edge_word(lang: Lang, edge: EdgeKind) -> String {
    tr!(lang, &format!("edge-{}", edge.name()))
}
