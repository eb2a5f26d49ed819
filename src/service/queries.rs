//! Answers that change nothing: the board, status, the record, the channel's history, and the
//! legal choices for autocomplete.

use super::api::{
    Attachment, ButtonStyle, Command, Drawing, Later, Laters, PlacementChoice, Reply, Request,
};
use super::buttons::button;
use super::history::Last;
use super::pictures::picture;
use super::stored::{Phase, StoredGame};
use super::text::status_text;
use super::{Key, Service, Session, Slot};
use crate::engine::{Action, LiveGame, Placement, Pos, Rotation, Side};
use crate::i18n::{private, public};
use crate::render::{
    legal_cells, recent_moves, BoardOptions, Recent, Sight, PHONE_COLS, PHONE_ROWS,
};
use crate::tr;

impl Service {
    /// The `board` command: the whole board (or a zoom around a point), the moves since the
    /// asker's last turn outlined, and the status text. A board too large to read whole offers
    /// buttons that zoom on each quarter.
    pub(super) fn board_reply(
        &self,
        session: &Session,
        around: Option<(i32, i32)>,
        viewer: Option<usize>,
    ) -> Reply {
        let Some(game) = &session.game else {
            return Reply::refuse(tr!(private(), "not-started"));
        };
        let recent = viewer
            .map(|v| recent_moves(game.game(), v))
            .unwrap_or_default();
        let opts = BoardOptions {
            mark_legal: true,
            crop: around.map(|(x, y)| (Pos::new(x, y), 3)),
            title: Some(self.board_title(game)),
            recent: recent.clone(),
            // A zoom is read on phones too: 7 × 7 cells in the phone layout.
            phone: around.is_some(),
        };
        let mut buttons = vec![button(
            &session.stored,
            Command::Board { around: None },
            &tr!(public(), "button-whole-board"),
            ButtonStyle::Secondary,
        )];
        let (lo, hi) = game.game().bounds();
        let (w, h) = (hi.x - lo.x + 3, hi.y - lo.y + 3);
        if around.is_none() && (w > 2 * PHONE_COLS || h > 2 * PHONE_ROWS) {
            // Too large for a phone: a zoom on each part.
            for (label, (x, y)) in zoom_parts(lo, hi, w > 2 * PHONE_COLS, h > 2 * PHONE_ROWS) {
                let label = tr!(public(), label);
                buttons.push(button(
                    &session.stored,
                    Command::Board {
                        around: Some((x, y)),
                    },
                    &label,
                    ButtonStyle::Secondary,
                ));
            }
        }
        let what = match around {
            Some((x, y)) => tr!(public(), "alt-board-around", x = x, y = y),
            None => tr!(public(), "alt-board-whole"),
        };
        let cells = legal_cells(game.game());
        let description = picture_description(&session.stored, game, &what, (&recent, &cells));
        let mut later = picture("board.png", description, game, Drawing::Board(opts));
        mark_away(&mut later, &session.stored);
        Reply {
            later: Laters::from_iter([later]),
            buttons,
            ..Reply::public(status_text(&session.stored, session.game.as_ref()))
        }
    }

    /// The title line of board pictures.
    fn board_title(&self, game: &crate::engine::LiveGame) -> String {
        crate::render::labels::BOARD_TITLE_SIDE.text_in(
            public(),
            &[
                ("turn", (game.turn_count() + 1).into()),
                ("n", game.remaining_total().into()),
            ],
        )
    }

    /// The picture of a turn message, made for phones: the board around the action (the moves
    /// since `viewer`'s last turn, each outlined in its player's colour with its number, and
    /// the cells where the drawn tile fits), large tiles, the panel below. One picture: the
    /// drawn tile is in the panel.
    pub(super) fn turn_picture(&self, session: &Session, sight: &Sight) -> Option<Later> {
        let game = session.game.as_ref()?;
        let description = picture_description(
            &session.stored,
            game,
            &tr!(public(), "alt-board-recent"),
            (&sight.recent, &sight.cells),
        );
        let outside: Vec<String> = sight
            .outside
            .iter()
            .map(|p| {
                let direction = tr!(public(), &format!("direction-{}", p.direction()));
                tr!(
                    public(),
                    "alt-arrow",
                    n = p.recent.order,
                    direction = direction
                )
            })
            .collect();
        let description = if outside.is_empty() {
            description
        } else {
            let d = format!(
                "{description} {}",
                tr!(public(), "alt-outside", moves = outside.join(", "))
            );
            d.chars().take(1024).collect()
        };
        let drawing = Drawing::Turn(Box::new((sight.clone(), self.board_title(game))));
        let mut later = picture("turn.png", description, game, drawing);
        mark_away(&mut later, &session.stored);
        Some(later)
    }

    pub(super) fn status_reply(&self, session: &Session, now: u64) -> Reply {
        let mut text = status_text(&session.stored, session.game.as_ref());
        for line in self.clocks().rhythm_lines(&session.stored, now, false) {
            text.push('\n');
            text.push_str(&line);
        }
        if session.game.is_some() {
            text.push('\n');
            text.push_str(&super::text::tiles_text(
                &session.stored,
                session.game.as_ref(),
            ));
        }
        Reply::public(text)
    }

    pub(super) fn export(&self, req: &Request, session: &Session) -> Result<Reply, Reply> {
        let record = session
            .stored
            .record
            .clone()
            .ok_or_else(|| self.internal("no record"))?;
        let mut files = vec![Attachment {
            name: format!("carcassonne-{}.json", req.key.channel),
            bytes: record.to_json().into_bytes(),
            description: tr!(private(), "alt-record"),
        }];
        let mut text = tr!(private(), "export-record");
        if let Some(f) = taken_back(&session.stored, &format!("{}", req.key.channel)) {
            text.push(' ');
            text.push_str(&tr!(
                private(),
                "export-taken-back",
                n = session.stored.undone.len()
            ));
            files.push(f);
        }
        Ok(Reply {
            text,
            files,
            ..Reply::default()
        })
    }

    /// The record of the last game that ended in the channel (for `export` after the end).
    pub(super) fn export_last(&self, key: Key) -> Reply {
        let (seq, stored) = match self.history.last(key) {
            Ok(Last::Game(seq, game)) => (seq, game),
            Ok(Last::NotKept(seq)) => (seq, Err(tr!(private(), "history-not-kept"))),
            Ok(Last::None) => return Reply::refuse(tr!(private(), "export-none")),
            Err(e) => {
                // A storage error names the database (its host and name): logged, not shown.
                tracing::error!(%key, "cannot read history: {e}");
                return Reply::refuse(tr!(private(), "history-unreadable"));
            }
        };
        match stored.map(|s| {
            (
                s.record.clone(),
                taken_back(&s, &format!("{}-{seq}", key.channel)),
            )
        }) {
            Ok((Some(record), undone)) => Reply {
                text: tr!(private(), "export-last"),
                files: std::iter::once(Attachment {
                    name: format!("carcassonne-{}-{seq}.json", key.channel),
                    bytes: record.to_json().into_bytes(),
                    description: tr!(private(), "alt-record"),
                })
                .chain(undone)
                .collect(),
                ..Reply::default()
            },
            Ok((None, _)) => Reply::refuse(tr!(private(), "export-not-started")),
            Err(why) => {
                tracing::error!(%key, seq, "cannot read an archived game: {why}");
                Reply::refuse(tr!(private(), "history-damaged", why = why))
            }
        }
    }

    /// Legal placements of the drawn tile for autocomplete, at most `limit`, placements that
    /// touch more neighbours first. Empty if `user` is not to play.
    pub fn placement_choices(&self, key: Key, user: u64, limit: usize) -> Vec<PlacementChoice> {
        self.peek(key, |s| {
            let Some(game) = &s.game else {
                return Vec::new();
            };
            if s.stored.phase != Phase::Playing
                || s.stored.seats.get(game.current_player()).map(|x| x.user) != Some(user)
            {
                return Vec::new();
            }
            let Some(tile) = game.drawn_tile() else {
                return Vec::new();
            };
            let mut ps = game.legal_placements(tile);
            let neighbours = |p: Pos| {
                Side::ALL
                    .iter()
                    .filter(|&&d| game.tile_at(p.step(d)).is_some())
                    .count()
            };
            ps.sort_by_key(|p| (std::cmp::Reverse(neighbours(p.at)), p.at.y, p.at.x));
            ps.into_iter()
                .take(limit)
                .map(|p| PlacementChoice {
                    label: tr!(
                        private(),
                        "autocomplete-place",
                        tile = tile.name(),
                        x = p.at.x,
                        y = p.at.y,
                        rotation = p.rotation.degrees()
                    ),
                    x: p.at.x as i64,
                    y: p.at.y as i64,
                    rotation: p.rotation.degrees() as i64,
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// The seat of the player with this name in the channel's game (case-insensitive).
    pub fn seat_named(&self, key: Key, name: &str) -> Option<usize> {
        let name = name.trim().trim_start_matches('@').to_lowercase();
        self.peek(key, |s| {
            s.stored
                .seats
                .iter()
                .position(|seat| seat.name.to_lowercase() == name)
        })
        .flatten()
    }

    /// Legal figure actions (not "none") after a placement of the drawn tile.
    pub fn follower_choices(&self, key: Key, x: i64, y: i64, rotation: i64) -> Vec<Action> {
        self.peek(key, |s| {
            let Some(game) = &s.game else {
                return Vec::new();
            };
            let (Some(tile), Some(rot)) = (game.drawn_tile(), Rotation::from_degrees(rotation))
            else {
                return Vec::new();
            };
            let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) else {
                return Vec::new();
            };
            let p = Placement {
                at: Pos::new(x, y),
                rotation: rot,
            };
            if game.check_placement(tile, p.at, rot).is_err() {
                return Vec::new();
            }
            game.acts_after(tile, p)
                .into_iter()
                .filter(|a| *a != Action::Pass)
                .collect()
        })
        .unwrap_or_default()
    }

    /// For autocomplete of a set's own decision typed with `word` (`abbey`, `wagon`): the
    /// legal typed forms that may follow `so_far`, each with its label; empty when the game
    /// does not wait for that decision of `user`'s seat.
    pub fn step_choices(
        &self,
        key: Key,
        user: u64,
        word: &str,
        so_far: &str,
    ) -> Vec<(String, String)> {
        let Some(st) = super::sets::step_named(word) else {
            return Vec::new();
        };
        self.peek(key, |s| {
            let Some(game) = &s.game else {
                return Vec::new();
            };
            let mine = s
                .stored
                .seats
                .get(game.pending().seat)
                .is_some_and(|x| x.user == user && !x.computer);
            if !mine {
                return Vec::new();
            }
            (st.choices)(game, so_far)
        })
        .unwrap_or_default()
    }

    pub(super) fn peek<T>(&self, key: Key, f: impl FnOnce(&Session) -> T) -> Option<T> {
        self.with_slot(key, |_, slot| match slot {
            Slot::Game(s) => Some(f(s)),
            _ => None,
        })
        .flatten()
    }
}

/// The moves taken back during a game, as a JSON file beside its record (`None`: none were).
fn taken_back(s: &StoredGame, name: &str) -> Option<Attachment> {
    if s.undone.is_empty() {
        return None;
    }
    let bytes = serde_json::to_vec_pretty(&s.undone).ok()?;
    Some(Attachment {
        name: format!("carcassonne-{name}-taken-back.json"),
        bytes,
        description: tr!(private(), "alt-taken-back"),
    })
}

/// Alt text of a board picture: what it shows, the moves outlined and where the drawn tile fits
/// (at most 1024 characters, Discord's limit).
fn picture_description(
    s: &StoredGame,
    game: &LiveGame,
    what: &str,
    (recent, cells): (&[Recent], &[Pos]),
) -> String {
    let lang = public();
    let mut d = tr!(
        lang,
        "alt-what-turn",
        what = what,
        turn = game.turn_count() + 1
    );
    if !recent.is_empty() {
        let moves: Vec<String> = recent
            .iter()
            .map(|r| {
                tr!(
                    lang,
                    "alt-move",
                    n = r.order,
                    name = super::text::seat_name(s, r.seat),
                    x = r.at.x,
                    y = r.at.y
                )
            })
            .collect();
        d.push(' ');
        d.push_str(&tr!(lang, "alt-moves", moves = moves.join(", ")));
    }
    if let Some(t) = game.drawn_tile() {
        let mut cells = cells.to_vec();
        cells.sort_by_key(|p| (p.y, p.x));
        let list: Vec<String> = cells.iter().map(|p| format!("[{},{}]", p.x, p.y)).collect();
        d.push(' ');
        d.push_str(&tr!(
            lang,
            "alt-drawn-fits",
            tile = t.name(),
            words = super::text::tile_words(lang, t),
            cells = list.join(" ")
        ));
    }
    d.chars().take(1024).collect()
}

/// Marks in a picture's panel the players who said they are away ("Alice (away)").
fn mark_away(later: &mut Later, s: &StoredGame) {
    if !s.seats.iter().any(|x| x.away_until.is_some()) {
        return;
    }
    let Later::Picture(p) = later else {
        return;
    };
    let names = s
        .seats
        .iter()
        .map(|x| match x.away_until {
            Some(_) => tr!(public(), "panel-away", name = &x.name),
            None => x.name.clone(),
        })
        .collect();
    p.game.rename_players(names);
}

/// The parts of a board too large for a phone that get a zoom button, with their centres: the
/// four quarters of a board too wide and too tall, the two halves of one only too wide (a river
/// game's long thin board) or only too tall. No two parts share a centre (Discord refuses a
/// message whose buttons repeat a custom id).
fn zoom_parts(lo: Pos, hi: Pos, wide: bool, tall: bool) -> Vec<(&'static str, (i32, i32))> {
    let (mx, my) = ((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
    let mid = |a: i32, b: i32| (a + b) / 2;
    let (west, east) = (mid(lo.x, mx), mid(mx, hi.x));
    let (north, south) = (mid(lo.y, my), mid(my, hi.y));
    let parts = match (wide, tall) {
        (true, true) => vec![
            ("zoom-north-west", (west, north)),
            ("zoom-north-east", (east, north)),
            ("zoom-south-west", (west, south)),
            ("zoom-south-east", (east, south)),
        ],
        (true, false) => vec![("zoom-west", (west, my)), ("zoom-east", (east, my))],
        (false, true) => vec![("zoom-north", (mx, north)), ("zoom-south", (mx, south))],
        (false, false) => Vec::new(),
    };
    let mut seen = std::collections::HashSet::new();
    parts
        .into_iter()
        .filter(|(_, at)| seen.insert(*at))
        .collect()
}

#[cfg(test)]
mod zoom_tests {
    use super::*;

    #[test]
    fn a_long_thin_board_gets_two_zooms_with_different_centres() {
        // A river game: 30 cells wide, 2 tall.
        let parts = zoom_parts(Pos::new(-5, 0), Pos::new(25, 1), true, false);
        assert_eq!(parts.len(), 2);
        assert_ne!(parts[0].1, parts[1].1);
        let tall = zoom_parts(Pos::new(0, -20), Pos::new(0, 20), false, true);
        assert_eq!(tall.len(), 2);
        assert_ne!(tall[0].1, tall[1].1);
    }

    #[test]
    fn no_board_gets_two_zooms_on_one_centre() {
        for w in 0..40 {
            for h in 0..40 {
                let parts = zoom_parts(
                    Pos::new(-w / 2, -h / 2),
                    Pos::new(w - w / 2, h - h / 2),
                    w > 10,
                    h > 10,
                );
                let mut at: Vec<_> = parts.iter().map(|p| p.1).collect();
                at.sort_unstable();
                at.dedup();
                assert_eq!(at.len(), parts.len(), "{w}×{h}");
            }
        }
    }
}
