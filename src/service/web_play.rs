//! Playing on the web board: a seat's personal links, and the moves made through them.
//!
//! A seat's link is `/p/<secret>`: 128 random bits, shown once, privately, to the member who
//! asked for it (the **Play on the web** button of a turn message) and kept nowhere else.
//! Storage keeps only its SHA-256: in the seat, with the member it was made for, and its first
//! 16 bytes as a link row naming the channel and the game, so that any process finds the game
//! by it. A link moves its seat while that member holds the seat, the computer does not play
//! it and the game is played; otherwise it leads where a wrong link does (nowhere).
//!
//! The page asks what its seat may do ([`Service::web_turn`]) and what a placement allows
//! ([`Service::web_acts`]), and sends a move ([`Service::web_move`]). The choices are the
//! buttons Discord shows for the same decision, and a move is one of their commands, handled
//! like a click ([`Service::handle`]): the same rules, locks, refusals, clocks and pings. What
//! the move says goes to the channel as a notice (the outbox), like a computer's turn.

use super::api::{Actor, Button, Command, Locale, Notice, Reply, Request};
use super::sessions::Session;
use super::storage::{Key, Link};
use super::stored::{Phase, SeatKey, SEAT_LINKS};
use super::web::{parse_token, token_text, WebError};
use super::{Outcome, Service};
use crate::engine::{Action, Decision, LiveGame, Placement};
use crate::i18n::{private, Lang, Langs};
use crate::tr;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// A secret's hash as kept (64 hexadecimal digits) and the key of its link row (the hash's
/// first 16 bytes).
fn hashed(secret: &[u8; 16]) -> (String, [u8; 16]) {
    let h: [u8; 32] = Sha256::digest(secret).into();
    let mut row = [0; 16];
    row.copy_from_slice(&h[..16]);
    let hex = h.iter().map(|b| format!("{b:02x}")).collect();
    (hex, row)
}

/// The seat a personal link moves, as found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatAt {
    /// The game's channel.
    pub key: Key,
    /// The game's id.
    pub game: u64,
    /// The seat.
    pub seat: usize,
    /// The member who holds it.
    pub user: u64,
}

/// A choice the page offers: what it says, and its number in the list the server makes again
/// when the move comes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WebChoice {
    /// Its label (as on the button in Discord).
    pub label: String,
    /// Its number.
    pub id: usize,
    /// For a figure put on the tile just placed: where it would stand, in board cells (the
    /// cell's column and row plus the point within it), for a target on the tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<(f32, f32)>,
    /// What it would score this turn, seat by seat (the features it completes): empty when
    /// nothing scores.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub s: Scores,
}

/// Points seats would score, as `(seat, points)` in seat order, each seat once and only the
/// seats that score.
pub type Scores = Vec<(usize, u32)>;

/// A way to place the drawn tile at a cell other than a plain placement: a set's (with a
/// bridge), named by its number in the list the server makes again when the move comes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WebWay {
    /// The rotation, in degrees clockwise.
    pub r: u16,
    /// Its number ([`WebMove::way`]).
    pub id: usize,
    /// What it adds to the placement, in words ("with a bridge on it (west to east)").
    pub label: String,
    /// What it would score this turn with no figure.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub s: Scores,
}

/// A cell where the drawn tile fits, with the rotations that fit there (degrees).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WebCell {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The legal rotations of a plain placement, in degrees clockwise.
    pub r: Vec<u16>,
    /// What each of those would score this turn with no figure (one list per rotation).
    pub s: Vec<Scores>,
    /// The other ways to place the tile here (a set's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub w: Vec<WebWay>,
}

/// What a seat's page may do now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WebTurn {
    /// The game's version: a move made on it says so ([`WebMove::version`]).
    pub version: String,
    /// The page's seat.
    pub seat: usize,
    /// Whether the game waits for this seat.
    pub you: bool,
    /// The drawn tile to place (its picture's name, and whether it is the other copy).
    pub tile: Option<(String, bool)>,
    /// Where it fits.
    pub cells: Vec<WebCell>,
    /// The other choices of this decision (a set's step: the dragon's way, a bid; before
    /// placing: a ransom).
    pub choices: Vec<WebChoice>,
    /// Whether the seat has placed a tile it may ask to take back ([`Service::web_undo`]:
    /// the rules of taking back decide).
    pub undo: bool,
    /// Another seat's request to take back a move, which this seat answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vote: Option<WebVote>,
}

/// Another seat's request to take back a move, as the page of a seat that answers it shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WebVote {
    /// The request's turn count ([`WebUndo::turns`]).
    pub turns: usize,
    /// Who asks.
    pub asker: String,
}

/// A request sent by a seat's page to take back its last move, or its answer to another
/// seat's request.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct WebUndo {
    /// The request's own number, made by the page: sent twice, it is taken once.
    pub id: u64,
    /// `None` to ask; agree or refuse to answer the request of [`WebUndo::turns`].
    #[serde(default)]
    pub agree: Option<bool>,
    /// The request answered ([`WebVote::turns`]).
    #[serde(default)]
    pub turns: usize,
}

/// A move sent by a seat's page.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct WebMove {
    /// The version of the game the move was made on ([`WebTurn::version`]).
    pub version: String,
    /// The move's own number, made by the page: a move sent twice is made once.
    pub id: u64,
    /// The placement (column, row, degrees), for a placement.
    #[serde(default)]
    pub place: Option<(i64, i64, i64)>,
    /// The way of placing it, for a set's ([`WebWay::id`]); none for a plain placement.
    #[serde(default)]
    pub way: Option<usize>,
    /// The choice: after the placement, among [`Service::web_acts`]; else among
    /// [`WebTurn::choices`].
    pub choice: usize,
}

/// What the Activity's page gets once Discord said who launched it ([`Service::activity_seat`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActivitySeat {
    /// The game's public token (its page, data and events).
    pub token: String,
    /// A new personal link's secret for the user's seat; `None` for a spectator.
    pub secret: Option<String>,
}

/// Why a page's request is not answered as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WebPlayError {
    /// The link leads nowhere (wrong, stale, or its game is over).
    #[error("no such seat")]
    NotFound,
    /// The game changed since the page read it: the page reads it again.
    #[error("{0}")]
    Changed(String),
    /// The move was refused, with why (in the page's language).
    #[error("{0}")]
    Refused(String),
    /// The storage did not answer.
    #[error("the storage did not answer: {0}")]
    Storage(String),
}

impl From<super::storage::StorageError> for WebPlayError {
    fn from(e: super::storage::StorageError) -> WebPlayError {
        WebPlayError::Storage(e.to_string())
    }
}

impl From<WebError> for WebPlayError {
    fn from(e: WebError) -> WebPlayError {
        match e {
            WebError::NotFound => WebPlayError::NotFound,
            WebError::Storage(s) => WebPlayError::Storage(s),
        }
    }
}

/// What became of a move sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebMoved {
    /// Made now.
    Made,
    /// Made before (the same move sent again).
    Already,
}

/// The seat of `user` that a personal link may move in `s`, if any.
fn seat_of(s: &super::stored::StoredGame, hash: &str) -> Option<usize> {
    s.seats
        .iter()
        .position(|x| !x.computer && x.web_keys.iter().any(|k| k.0 == x.user && k.1 == hash))
}

/// The ways to place the drawn tile other than plain placements (a set's: with a bridge), in
/// the engine's order: a way's number is its place in this list.
fn placing_ways(game: &LiveGame) -> Vec<Action> {
    if !matches!(game.pending().decision, Decision::PlaceTile { .. }) {
        return Vec::new();
    }
    game.legal_actions()
        .into_iter()
        .filter(|a| a.placed().is_some() && !matches!(a, Action::Place { .. }))
        .collect()
}

/// What each seat would score this turn if `actions` were taken now, seat by seat; empty
/// when nothing scores or the actions are refused.
fn scores_of(game: &LiveGame, actions: &[Action]) -> Scores {
    let mut g = game.clone();
    let mut points: Scores = Vec::new();
    for &a in actions {
        let Ok(out) = g.apply(a) else {
            return Vec::new();
        };
        for e in out.events.iter().filter(|e| e.points > 0) {
            for &p in &e.players {
                match points.iter_mut().find(|x| x.0 == p) {
                    Some(x) => x.1 += e.points,
                    None => points.push((p, e.points)),
                }
            }
        }
    }
    points.sort_unstable();
    points
}

/// The placing action the page asks for: a plain placement at `place`, or the set's way
/// numbered `way` there.
fn placing(
    game: &LiveGame,
    tile: crate::engine::TileId,
    place: (i64, i64, i64),
    way: Option<usize>,
) -> Result<Action, Reply> {
    let Some(i) = way else {
        let Placement { at, rotation } = super::play::checked_placement(game, tile, place)?;
        return Ok(Action::Place { at, rotation });
    };
    let at = super::play::cell_pos(place.0, place.1)?;
    placing_ways(game)
        .get(i)
        .copied()
        .filter(|a| {
            a.placed()
                .is_some_and(|(p, r)| p == at && i64::from(r.degrees()) == place.2)
        })
        .ok_or_else(|| Reply::refuse(tr!(private(), "web-play-no-choice")))
}

/// The page's choices of a placement: the figure buttons Discord shows for it.
fn acts_buttons(
    session: &Session,
    turn: usize,
    place: (i64, i64, i64),
    way: Option<usize>,
) -> Result<(Action, Vec<Button>), Reply> {
    let game = session.live()?;
    let tile = game
        .drawn_tile()
        .ok_or_else(|| Reply::refuse(tr!(private(), "web-play-no-tile")))?;
    let first = placing(game, tile, place, way)?;
    let acts = match first {
        Action::Place { at, rotation } => game.acts_after(tile, Placement { at, rotation }),
        a => super::sets::acts_after(game, a),
    };
    let command = |act| Command::Play {
        turn,
        step: None,
        actions: vec![first, act],
    };
    let buttons = super::sets::figure_buttons(&session.stored, &acts, 24, command);
    Ok((first, buttons))
}

/// The choices of the decision the game waits for, other than placing: a set's step's buttons,
/// or the set's offers before placing (a ransom).
fn turn_buttons(session: &Session, lang: Lang) -> Vec<Button> {
    let Some(game) = session.game.as_ref() else {
        return Vec::new();
    };
    let buttons = match super::sets::pending_step(game.pending().decision) {
        Some((_, w, step)) => (w.prompt)(&session.stored, game, Vec::new(), step).buttons,
        None => {
            let turn = game.turn_count();
            super::sets::all(|w| (w.turn_offers)(lang, game, turn))
                .into_iter()
                .filter_map(|o| o.1)
                .map(|(command, label)| {
                    super::buttons::button(
                        &session.stored,
                        command,
                        &label,
                        super::api::ButtonStyle::Primary,
                    )
                })
                .collect()
        }
    };
    // Only the decisions themselves: a button that shows something (the board) is the page's.
    buttons
        .into_iter()
        .filter(|b| {
            matches!(
                b.action.command,
                Command::Play { .. } | Command::Decide { .. }
            )
        })
        .collect()
}

/// The page's choices of `buttons` in `game`, each with what it would score; with the `tile`
/// they place, where their figures would stand.
fn choices(
    game: &LiveGame,
    buttons: &[Button],
    tile: Option<crate::engine::TileId>,
) -> Vec<WebChoice> {
    buttons
        .iter()
        .enumerate()
        .map(|(id, b)| WebChoice {
            label: b.label.clone(),
            id,
            at: tile.and_then(|t| target(b, t)),
            s: match &b.action.command {
                Command::Play { actions, .. } => scores_of(game, actions),
                _ => Vec::new(),
            },
        })
        .collect()
}

/// Where the figure a button puts on the tile it places would stand, in board cells.
fn target(b: &Button, tile: crate::engine::TileId) -> Option<(f32, f32)> {
    let Command::Play { actions, .. } = &b.action.command else {
        return None;
    };
    let [place, Action::Deploy { figure, spot }] = actions.as_slice() else {
        return None;
    };
    let (at, rotation) = place.placed()?;
    let (x, y) = crate::render::layout::spot_point(tile, rotation, *figure, *spot);
    Some((at.x as f32 + x, at.y as f32 + y))
}

impl Service {
    /// The **Play on the web** button: a new personal link for the sender's seat, answered
    /// privately (the oldest of the seat's links stops beyond [`SEAT_LINKS`]).
    pub(super) fn web_play_link(
        &self,
        req: &Request,
        session: &mut Session,
    ) -> Result<Outcome, Reply> {
        let me = private();
        let base = self
            .web_base()
            .ok_or_else(|| Reply::refuse(tr!(me, "web-play-none")))?
            .to_string();
        let secret = self.new_seat_link(req.key, req.actor.id, session)?;
        let url = format!("{}/p/{}", base.trim_end_matches('/'), token_text(secret));
        Ok(Outcome::Keep(Reply {
            text: tr!(me, "web-play-link", url = url),
            ephemeral: true,
            ..Reply::default()
        }))
    }

    /// A new personal link for the seat of `user` in the game `session` of `key`: its secret
    /// (the oldest of the seat's links stops beyond [`SEAT_LINKS`]; links made for the seat's
    /// earlier holder stop). Refused, in the private language, where the board has no page
    /// for the game, the game is not being played or `user` holds no seat.
    fn new_seat_link(&self, key: Key, user: u64, session: &mut Session) -> Result<[u8; 16], Reply> {
        let me = private();
        if self.web_base().is_none()
            || self.servers.server(key.guild).web_links_off
            || session.stored.link.is_none()
        {
            return Err(Reply::refuse(tr!(me, "web-play-none")));
        }
        if session.stored.phase != Phase::Playing {
            return Err(Reply::refuse(tr!(me, "game-over")));
        }
        let seat = session
            .stored
            .seats
            .iter()
            .position(|x| x.user == user && !x.computer)
            .ok_or_else(|| Reply::refuse(tr!(me, "web-play-not-seated")))?;
        let secret: [u8; 16] = rand::random();
        let (hash, row) = hashed(&secret);
        // The row first: a seat that holds a link whose row is missing would lead nowhere.
        self.web
            .put_seat_row(row, &Link::live(key, session.stored.game_id()))
            .map_err(|e| {
                tracing::error!(%key, "cannot store a personal web link: {e}");
                Reply::refuse(tr!(me, "prefs-not-saved"))
            })?;
        let mut next = session.stored.clone();
        let keys = &mut next.seats[seat].web_keys;
        // Links made for the seat's earlier holder lead nowhere: they go now.
        let mut dropped: Vec<SeatKey> = Vec::new();
        keys.retain(|k| {
            let theirs = k.0 == user;
            if !theirs {
                dropped.push(k.clone());
            }
            theirs
        });
        keys.push(SeatKey(user, hash));
        let over = keys.len().saturating_sub(SEAT_LINKS);
        dropped.extend(keys.drain(..over));
        self.commit(key, session, next, None)?;
        for k in dropped {
            if let Some(row) = k.1.get(..32).and_then(parse_token) {
                if let Err(e) = self.web.drop_seat_row(row) {
                    // The seat no longer holds it: it leads nowhere all the same.
                    tracing::warn!(%key, "cannot remove an old personal link: {e}");
                }
            }
        }
        Ok(secret)
    }

    /// The Activity launched in the channel of `key` by the Discord user `user` (whom Discord
    /// vouched for): the game's public token, and a new personal link for their seat if they
    /// hold one (a spectator gets none). Not found where the channel has no game played with a
    /// page, as a wrong link.
    pub fn activity_seat(&self, user: u64, key: Key) -> Result<ActivitySeat, WebPlayError> {
        let found = self.with_slot(key, |svc, slot| {
            let super::sessions::Slot::Game(session) = slot else {
                return Err(WebPlayError::NotFound);
            };
            let token = session.stored.link.clone().ok_or(WebPlayError::NotFound)?;
            if svc.servers.server(key.guild).web_links_off || session.stored.phase != Phase::Playing
            {
                return Err(WebPlayError::NotFound);
            }
            let seated = session
                .stored
                .seats
                .iter()
                .any(|x| x.user == user && !x.computer);
            let secret = if seated {
                let s = svc
                    .new_seat_link(key, user, session)
                    .map_err(|r| WebPlayError::Refused(r.text))?;
                Some(token_text(s))
            } else {
                None
            };
            Ok(ActivitySeat { token, secret })
        });
        found.unwrap_or(Err(WebPlayError::NotFound))
    }

    /// The seat a personal link moves now (its text form: 32 hexadecimal digits).
    pub fn web_seat(&self, secret: &str) -> Result<SeatAt, WebPlayError> {
        let bytes = parse_token(secret).ok_or(WebPlayError::NotFound)?;
        let (hash, row) = hashed(&bytes);
        let link = self.web.seat_row(row)?.ok_or(WebPlayError::NotFound)?;
        if link.seq.is_some() || !self.web.shown(link.key.guild)? {
            return Err(WebPlayError::NotFound);
        }
        self.peek(link.key, |s| {
            let st = &s.stored;
            if st.game_id() != link.game || st.phase != Phase::Playing {
                return None;
            }
            let seat = seat_of(st, &hash)?;
            Some(SeatAt {
                key: link.key,
                game: link.game,
                seat,
                user: st.seats[seat].user,
            })
        })
        .flatten()
        .ok_or(WebPlayError::NotFound)
    }

    /// The public token of the game a personal link moves (for the page's data).
    pub fn web_seat_token(&self, at: &SeatAt) -> Option<String> {
        self.peek(at.key, |s| s.stored.link.clone()).flatten()
    }

    /// What the page of a personal link may do now, in `lang`.
    pub fn web_turn(&self, secret: &str, lang: Lang) -> Result<WebTurn, WebPlayError> {
        let at = self.web_seat(secret)?;
        let langs = Langs {
            private: lang,
            public: lang,
        };
        crate::i18n::scope(langs, || {
            self.peek(at.key, |s| {
                let game = s.game.as_ref()?;
                let pending = game.pending();
                let you = pending.seat == at.seat && !game.is_over();
                let st = &s.stored;
                let mut turn = WebTurn {
                    version: format!("{:x}", s.version.unwrap_or(0)),
                    seat: at.seat,
                    you,
                    tile: None,
                    cells: Vec::new(),
                    choices: Vec::new(),
                    undo: !game.is_over()
                        && game
                            .turns()
                            .any(|t| t.seat() == at.seat && t.placed().is_some()),
                    vote: st
                        .undo_request
                        .as_ref()
                        .filter(|r| {
                            r.turns == game.turn_count()
                                && r.seat != at.seat
                                && !r.agreed.contains(&at.seat)
                        })
                        .map(|r| WebVote {
                            turns: r.turns,
                            asker: st
                                .seats
                                .get(r.seat)
                                .map(|x| x.name.clone())
                                .unwrap_or_default(),
                        }),
                };
                if !you {
                    return Some(turn);
                }
                if let Some((tile, other)) = crate::render::web::drawn_copy(game.game()) {
                    turn.tile = Some((crate::render::web::tile_file_name(tile), other));
                    let mut cells: Vec<WebCell> = Vec::new();
                    let cell = |cells: &mut Vec<WebCell>, x: i32, y: i32| -> usize {
                        match cells.iter().position(|c| (c.x, c.y) == (x, y)) {
                            Some(i) => i,
                            None => {
                                cells.push(WebCell {
                                    x,
                                    y,
                                    r: Vec::new(),
                                    s: Vec::new(),
                                    w: Vec::new(),
                                });
                                cells.len() - 1
                            }
                        }
                    };
                    for p in game.legal_placements(tile) {
                        let i = cell(&mut cells, p.at.x, p.at.y);
                        let place = Action::Place {
                            at: p.at,
                            rotation: p.rotation,
                        };
                        cells[i].r.push(p.rotation.degrees());
                        cells[i].s.push(scores_of(game, &[place, Action::Pass]));
                    }
                    for (id, a) in placing_ways(game).into_iter().enumerate() {
                        let Some((at, rotation)) = a.placed() else {
                            continue;
                        };
                        let i = cell(&mut cells, at.x, at.y);
                        cells[i].w.push(WebWay {
                            r: rotation.degrees(),
                            id,
                            label: super::sets::move_words(lang, a).unwrap_or_default(),
                            s: scores_of(game, &[a, Action::Pass]),
                        });
                    }
                    turn.cells = cells;
                }
                turn.choices = choices(game, &turn_buttons(s, lang), None);
                Some(turn)
            })
            .flatten()
            .ok_or(WebPlayError::NotFound)
        })
    }

    /// What a placement of the drawn tile allows (the figure choices, "no figure" among them),
    /// for the page of a personal link.
    pub fn web_acts(
        &self,
        secret: &str,
        place: (i64, i64, i64),
        way: Option<usize>,
        lang: Lang,
    ) -> Result<Vec<WebChoice>, WebPlayError> {
        let at = self.web_seat(secret)?;
        let langs = Langs {
            private: lang,
            public: lang,
        };
        crate::i18n::scope(langs, || {
            self.peek(at.key, |s| {
                let game = s.live().map_err(|r| WebPlayError::Refused(r.text))?;
                if game.pending().seat != at.seat {
                    return Err(WebPlayError::Changed(tr!(private(), "web-play-changed")));
                }
                acts_buttons(s, game.turn_count(), place, way)
                    .map(|(_, b)| choices(game, &b, game.drawn_tile()))
                    .map_err(|r| WebPlayError::Refused(r.text))
            })
            .unwrap_or(Err(WebPlayError::NotFound))
        })
    }

    /// A move sent by the page of a personal link, in `lang`: the command its choice names in
    /// the game as it is now, handled like the button's click; what it says is posted in the
    /// channel. A move made on another version of the game is refused (unless it is the same
    /// move sent again, which is answered as made).
    pub fn web_move(
        &self,
        secret: &str,
        m: &WebMove,
        lang: Lang,
        now: u64,
    ) -> Result<WebMoved, WebPlayError> {
        let at = self.web_seat(secret)?;
        let langs = Langs {
            private: lang,
            public: lang,
        };
        let found = crate::i18n::scope(langs, || {
            self.peek(at.key, |s| {
                if s.stored.handled.contains(&m.id) {
                    return Ok(None);
                }
                if format!("{:x}", s.version.unwrap_or(0)) != m.version {
                    return Err(WebPlayError::Changed(tr!(private(), "web-play-changed")));
                }
                let game = s.live().map_err(|r| WebPlayError::Refused(r.text))?;
                if game.pending().seat != at.seat || game.is_over() {
                    return Err(WebPlayError::Changed(tr!(private(), "web-play-changed")));
                }
                let buttons = match m.place {
                    Some(p) => {
                        acts_buttons(s, game.turn_count(), p, m.way)
                            .map_err(|r| WebPlayError::Refused(r.text))?
                            .1
                    }
                    None => turn_buttons(s, lang),
                };
                let b = buttons
                    .get(m.choice)
                    .ok_or_else(|| WebPlayError::Refused(tr!(private(), "web-play-no-choice")))?;
                Ok(Some(b.action.command.clone()))
            })
            .unwrap_or(Err(WebPlayError::NotFound))
        })?;
        let Some(command) = found else {
            return Ok(WebMoved::Already);
        };
        self.seat_command(&at, command, m.id, lang, now)
    }

    /// A request to take back the seat's last move, or the seat's answer to another's, sent
    /// by the page of a personal link, in `lang`: the command **Undo** (or a vote's button) of
    /// that seat's member, with the same rules; what it says is posted in the channel.
    pub fn web_undo(
        &self,
        secret: &str,
        u: &WebUndo,
        lang: Lang,
        now: u64,
    ) -> Result<WebMoved, WebPlayError> {
        let at = self.web_seat(secret)?;
        let command = match u.agree {
            None => Command::Undo,
            Some(agree) => Command::UndoVote {
                turns: u.turns,
                agree,
            },
        };
        self.seat_command(&at, command, u.id, lang, now)
    }

    /// `command` from the member who holds the seat `at`, as the interaction numbered `id`
    /// (a repeat is answered, not taken again): refusals in the page's language `lang`; what
    /// it says is posted in the channel, in the channel's.
    fn seat_command(
        &self,
        at: &SeatAt,
        command: Command,
        id: u64,
        lang: Lang,
        now: u64,
    ) -> Result<WebMoved, WebPlayError> {
        let (name, channel_lang) = self
            .peek(at.key, |s| {
                let name = s.stored.seats.get(at.seat).map(|x| x.name.clone());
                (name.unwrap_or_default(), s.stored.lang)
            })
            .ok_or(WebPlayError::NotFound)?;
        let req = Request {
            key: at.key,
            actor: Actor {
                id: at.user,
                name,
                manager: false,
                rights: Default::default(),
            },
            command,
            now,
            game: Some(at.game),
            interaction: Some(id),
            locale: Locale {
                user: Some(lang),
                server: channel_lang,
            },
        };
        // Refusals in the page's language; what is posted in the channel's.
        let mut langs = self.langs(&req);
        langs.private = lang;
        let reply = crate::i18n::scope(langs, || self.handle_in_langs(req));
        if reply.repeat {
            return Ok(WebMoved::Already);
        }
        if reply.ephemeral {
            return Err(WebPlayError::Refused(reply.text));
        }
        self.post_later(Notice { key: at.key, reply });
        Ok(WebMoved::Made)
    }

    /// How many personal web links of `user` move their seat in the game at `key` now (none
    /// once the game ends, the seat changes hands or the computer plays it). The links
    /// themselves are kept only by hash: `mygames` and `me` can count them, never show them.
    pub(super) fn live_web_links(&self, user: u64, key: Key) -> usize {
        self.peek(key, |s| {
            let st = &s.stored;
            if st.phase != Phase::Playing || st.link.is_none() {
                return 0;
            }
            st.seats
                .iter()
                .filter(|x| x.user == user && !x.computer)
                .map(|x| x.web_keys.iter().filter(|k| k.0 == user).count())
                .sum()
        })
        .unwrap_or(0)
    }

    /// Stops every personal web link of `user` in `games` (`me links`): each seat of theirs
    /// holds none afterwards, and their rows are removed. Returns how many stopped.
    pub(super) fn reset_web_links(&self, user: u64, games: &[Key]) -> usize {
        let mut stopped = 0;
        for &key in games {
            let rows = self.with_slot(key, |svc, slot| {
                let super::sessions::Slot::Game(session) = slot else {
                    return Vec::new();
                };
                let mut next = session.stored.clone();
                let mut rows = Vec::new();
                for seat in next.seats.iter_mut() {
                    seat.web_keys.retain(|k| {
                        let mine = k.0 == user;
                        if mine {
                            rows.extend(k.1.get(..32).and_then(parse_token));
                        }
                        !mine
                    });
                }
                if rows.is_empty() {
                    return rows;
                }
                match svc.commit(key, session, next, None) {
                    Ok(()) => rows,
                    Err(r) => {
                        tracing::error!(%key, user, "cannot stop personal links: {}", r.text);
                        Vec::new()
                    }
                }
            });
            for row in rows.unwrap_or_default() {
                stopped += 1;
                if let Err(e) = self.web.drop_seat_row(row) {
                    // The seat no longer holds it: it leads nowhere all the same.
                    tracing::warn!(%key, "cannot remove a stopped personal link: {e}");
                }
            }
        }
        stopped
    }
}
