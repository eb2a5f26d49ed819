//! The web board's side of the service: each game's link (a 128-bit token made when the game
//! starts, kept in storage by token so that any process finds the game by it), the game a link
//! names, and what its page shows, as JSON: the seats, every tile where it lies, and one frame
//! per turn (the scores, what each seat holds, the tiles left, the turn's line of text, what
//! stands on each tile). The figures of a frame come as a picture of their own
//! ([`Web::layer`]), drawn by the renderer as on the pictures.
//!
//! A narrow part of the service: the storage, the renderer and its caches. An aborted game's
//! link leads nowhere; a finished game's works as long as the channel's history keeps it.

use super::storage::{Changed, Key, Link, Storage, StorageError};
use super::stored::{Phase, StoredGame};
use super::words::{placed_figure, seat_name, EMOJI};
use crate::engine::{replay_watching, Game, Pos};
use crate::i18n::{Lang, Langs};
use crate::render::web::{holdings, other_copy, table, tile_file_name, web_bounds, Layer};
use crate::render::Renderer;
use crate::tr;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Pixels per cell of a figures layer (less for a board too large for it).
const LAYER_CELL: u32 = 96;
/// Height of the holdings' icons in the page's panel.
const ICON: f32 = 28.0;
/// How long a finished game found in the history is trusted before it is looked up again
/// (the history may have dropped it meanwhile).
const ARCHIVE_TRUST: Duration = Duration::from_secs(60);
/// How long a server's choice to show its pages or not is believed before storage is asked
/// again (a change made through this process is known at once).
const SHOWN_TRUST: Duration = Duration::from_secs(5);
/// How long a link that leads nowhere is believed before storage is asked again.
const MISS_TRUST: Duration = Duration::from_secs(10);
/// Most views and layers kept made.
const KEPT: usize = 256;

/// A link token's text form: 32 lowercase hexadecimal digits.
pub fn token_text(token: [u8; 16]) -> String {
    token.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads a token's text form ([`token_text`]).
pub fn parse_token(text: &str) -> Option<[u8; 16]> {
    if text.len() != 32 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut out = [0; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// Why a page cannot be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebError {
    /// No game has this link, or its game was aborted, expired or is no longer kept.
    #[error("no such game")]
    NotFound,
    /// The storage did not answer.
    #[error("the storage did not answer: {0}")]
    Storage(String),
}

impl From<StorageError> for WebError {
    fn from(e: StorageError) -> WebError {
        WebError::Storage(e.to_string())
    }
}

/// A game a link names, as read.
#[derive(Clone)]
pub struct WebGame {
    /// The link's token.
    pub token: [u8; 16],
    /// Its channel.
    pub key: Key,
    /// Its revision: changes with every write of the game.
    pub rev: u64,
    /// The game as stored.
    pub stored: Arc<StoredGame>,
    /// Whether it is still being played.
    pub live: bool,
}

/// Where a game was found: its revision, and for a finished game of the history when.
#[derive(Clone)]
struct Found {
    game: WebGame,
    archived_at: Option<Instant>,
}

/// A page's data made: for a token in a language (kept with its revision).
type ViewKey = ([u8; 16], Lang);
/// A page's data: its revision and its JSON.
type Made = (u64, Arc<[u8]>);
/// A figures layer made: token, revision, frame.
type LayerKey = ([u8; 16], u64, usize);

/// The web board's part of the service.
pub struct Web {
    storage: Arc<dyn Storage>,
    renderer: Arc<Renderer>,
    /// Games found by token, as last read.
    found: Arc<Mutex<HashMap<[u8; 16], Found>>>,
    /// Tokens that led nowhere, and when that was seen (believed for [`MISS_TRUST`]).
    missing: Mutex<HashMap<[u8; 16], Instant>>,
    /// Pages' data made.
    views: Mutex<HashMap<ViewKey, Made>>,
    /// Figures layers made.
    layers: Mutex<HashMap<LayerKey, Arc<Layer>>>,
    /// Told of every game written (by this process or, through the storage, another).
    watchers: Arc<Mutex<Vec<Changed>>>,
    /// The sprites the pages' data names (the only ones served: a page asks for no other).
    sprites: Mutex<std::collections::HashSet<String>>,
    /// Whether every write of another process is told (the storage is not shared, or its
    /// notices are listened to): then a game found stays true until a write of it is told.
    told: std::sync::atomic::AtomicBool,
    /// Counts the writes told, so a game read before one is not kept after it.
    writes: Arc<std::sync::atomic::AtomicU64>,
    /// Whether each server lets its pages be shown, as read and when.
    shown: Mutex<HashMap<u64, (bool, Instant)>>,
    /// Whether the board's server is accepting connections (for `/health`): 0 not started,
    /// 1 accepting, 2 stopped.
    serving: Arc<std::sync::atomic::AtomicU8>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Tells every watcher that the game of `key` was written (outside the list's lock: a watcher
/// may add another).
fn tell_all(watchers: &Mutex<Vec<Changed>>, key: Key) {
    let list: Vec<Changed> = lock(watchers).clone();
    for w in &list {
        w(key);
    }
}

/// Forgets the live game found of `key` (every game for [`Key::default`]: writes may have
/// been missed) after a write of it, and counts the write. A finished game found in the
/// history stays: a write of the channel is of another game, and what the history keeps does
/// not change (it is looked up again after [`ARCHIVE_TRUST`], in case it was pruned).
fn forget(
    found: &Mutex<HashMap<[u8; 16], Found>>,
    writes: &std::sync::atomic::AtomicU64,
    key: Key,
) {
    writes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let mut found = lock(found);
    if key == Key::default() {
        found.clear();
    } else {
        found.retain(|_, f| f.game.key != key || f.archived_at.is_some());
    }
}

impl Web {
    /// The web board over `storage`, drawing with `renderer`.
    pub(super) fn new(storage: Arc<dyn Storage>, renderer: Arc<Renderer>) -> Web {
        Web {
            storage,
            renderer,
            found: Arc::default(),
            missing: Mutex::default(),
            views: Mutex::default(),
            layers: Mutex::default(),
            watchers: Arc::default(),
            sprites: Mutex::default(),
            told: std::sync::atomic::AtomicBool::new(false),
            writes: Arc::default(),
            shown: Mutex::default(),
            serving: Arc::default(),
        }
    }

    /// Notes that the board's server accepts connections (`true`) or stopped (`false`).
    pub fn set_serving(&self, on: bool) {
        let state = if on { 1 } else { 2 };
        self.serving
            .store(state, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the board's server accepts connections (`None`: this process serves no board).
    pub fn serving(&self) -> Option<bool> {
        match self.serving.load(std::sync::atomic::Ordering::SeqCst) {
            0 => None,
            s => Some(s == 1),
        }
    }

    /// Whether the storage's notices of other processes' writes are heard: `None` when there
    /// is nothing to listen to (the storage is not shared, or nobody watches).
    pub fn listening(&self) -> Option<bool> {
        if lock(&self.watchers).is_empty() {
            return None;
        }
        self.storage.listening()
    }

    /// Whether every write of another process is told now: then a live game found stays true
    /// until a write of it is told.
    fn all_told(&self) -> bool {
        use std::sync::atomic::Ordering;
        !self.storage.shared()
            || (self.told.load(Ordering::SeqCst) && self.storage.listening() != Some(false))
    }

    /// Whether `guild` lets its pages be shown: as read within [`SHOWN_TRUST`], else read
    /// again. A failed read shows nothing (an error, not the defaults).
    pub fn shown(&self, guild: u64) -> Result<bool, WebError> {
        if let Some(s) = self.shown_cached(guild) {
            return Ok(s);
        }
        let shown = match self.storage.get_server(guild)? {
            None => true,
            Some(bytes) => serde_json::from_slice::<super::server::ServerSettings>(&bytes)
                .map(|s| !s.web_links_off)
                .map_err(|e| WebError::Storage(format!("the server's settings: {e}")))?,
        };
        let mut cache = lock(&self.shown);
        if cache.len() >= KEPT * 4 {
            cache.clear();
        }
        cache.insert(guild, (shown, Instant::now()));
        Ok(shown)
    }

    fn shown_cached(&self, guild: u64) -> Option<bool> {
        if guild == 0 {
            return Some(true);
        }
        lock(&self.shown)
            .get(&guild)
            .filter(|(_, at)| at.elapsed() < SHOWN_TRUST)
            .map(|(s, _)| *s)
    }

    /// The game of a page: [`Web::game`], unless its server does not show its pages.
    pub fn page_game(&self, token: &str) -> Result<WebGame, WebError> {
        let g = self.game(token)?;
        if self.shown(g.key.guild)? {
            Ok(g)
        } else {
            Err(WebError::NotFound)
        }
    }

    /// [`Web::page_game`] from what is known true, without asking storage (`None`: storage
    /// must be asked).
    pub fn cached_page_game(&self, token: &str) -> Option<Result<WebGame, WebError>> {
        match self.cached(token)? {
            Ok(g) => match self.shown_cached(g.key.guild)? {
                true => Some(Ok(g)),
                false => Some(Err(WebError::NotFound)),
            },
            Err(e) => Some(Err(e)),
        }
    }

    /// A server turned its pages on or off: open pages look again at once.
    pub(super) fn links_changed(&self, guild: u64) {
        lock(&self.shown).remove(&guild);
        tell_all(&self.watchers, Key::default());
    }

    /// Gives a game that is being played a link, if it has none yet: stored by its token
    /// before the game is (a link whose game does not hold it leads nowhere). A failure is
    /// logged and tried again at the game's next write.
    pub(super) fn ensure_link(&self, key: Key, next: &mut StoredGame) {
        if next.link.is_some() || next.phase != Phase::Playing {
            return;
        }
        let token: [u8; 16] = rand::random();
        match self
            .storage
            .put_link(token, &Link::live(key, next.game_id()))
        {
            Ok(()) => next.link = Some(token_text(token)),
            Err(e) => tracing::warn!(%key, "cannot store the game's web link: {e}"),
        }
    }

    /// Gives the game `next` of `key` a new link, stored before the game is (see
    /// [`Web::ensure_link`]): the game no longer holds its old one, which then leads nowhere.
    /// Returns the old token, whose row the caller removes once the game is written.
    pub(super) fn new_link(
        &self,
        key: Key,
        next: &mut StoredGame,
    ) -> Result<Option<[u8; 16]>, StorageError> {
        let token: [u8; 16] = rand::random();
        self.storage
            .put_link(token, &Link::live(key, next.game_id()))?;
        let old = next.link.replace(token_text(token));
        Ok(old.as_deref().and_then(parse_token))
    }

    /// The last finished game of `key` with a link: its creator and the link's token.
    pub(super) fn last_finished_link(&self, key: Key) -> Result<Option<(u64, [u8; 16])>, WebError> {
        let Some(last) = self.storage.summaries(key)?.pop() else {
            return Ok(None);
        };
        let Some(bytes) = self.storage.archived(key, last.seq)? else {
            return Ok(None);
        };
        let Ok(s) = StoredGame::decode(&bytes) else {
            return Ok(None);
        };
        let token = s.link.as_deref().and_then(parse_token);
        let live = token
            .map(|t| self.storage.get_link(t))
            .transpose()?
            .flatten();
        Ok(token.filter(|_| live.is_some()).map(|t| (s.creator, t)))
    }

    /// Stores the row of a seat's personal link (see [`crate::service::web_play`]): `row`
    /// names the game `link` (its seat is found by the whole hash, in the game).
    pub(super) fn put_seat_row(&self, row: [u8; 16], link: &Link) -> Result<(), StorageError> {
        self.storage.put_link(row, link)
    }

    /// The game a personal link's row names (`None`: no such row).
    pub(super) fn seat_row(&self, row: [u8; 16]) -> Result<Option<Link>, StorageError> {
        self.storage.get_link(row)
    }

    /// Removes the row of a personal link the seat no longer holds.
    pub(super) fn drop_seat_row(&self, row: [u8; 16]) -> Result<(), StorageError> {
        self.storage.delete_link(row)
    }

    /// Removes a link: its page leads nowhere from now on, in this process at once.
    pub(super) fn drop_link(&self, token: [u8; 16]) -> Result<(), StorageError> {
        self.storage.delete_link(token)?;
        lock(&self.found).remove(&token);
        tell_all(&self.watchers, Key::default());
        Ok(())
    }

    /// Adds a watcher of written games: told here of this process's writes, and by the storage
    /// of other processes' (see [`Storage::watch`]).
    pub fn watch(&self, tell: Changed) -> Result<(), StorageError> {
        let first = {
            let mut w = lock(&self.watchers);
            w.push(tell);
            w.len() == 1
        };
        if first {
            let (watchers, found, writes) = (
                self.watchers.clone(),
                self.found.clone(),
                self.writes.clone(),
            );
            self.storage.watch(Arc::new(move |key| {
                forget(&found, &writes, key);
                tell_all(&watchers, key);
            }))?;
            self.told.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        Ok(())
    }

    /// Tells the watchers that this process wrote the game of `key`.
    pub(super) fn changed(&self, key: Key) {
        forget(&self.found, &self.writes, key);
        tell_all(&self.watchers, key);
    }

    /// Every link in the storage with its channel and whether its game can be shown.
    pub fn links(&self) -> Result<Vec<(String, Key)>, WebError> {
        let mut out = Vec::new();
        for (token, link) in self.storage.all_links()? {
            let text = token_text(token);
            if self.game(&text).is_ok() {
                out.push((text, link.key));
            }
        }
        Ok(out)
    }

    /// Gives every link of a finished game stored before links kept the game's place in the
    /// history that place, and removes the links whose game is gone (pruned, or aborted before
    /// it was archived): afterwards each link is found with at most two reads. Each channel's
    /// history is read once; run at start-up, off the requests. Returns how many links were
    /// placed and how many removed.
    pub fn settle_links(&self) -> Result<(usize, usize), WebError> {
        let mut unplaced: HashMap<Key, Vec<([u8; 16], Link)>> = HashMap::new();
        for (token, link) in self.storage.all_links()? {
            if link.seq.is_none() {
                unplaced.entry(link.key).or_default().push((token, link));
            }
        }
        let (mut placed, mut removed) = (0, 0);
        for (key, links) in unplaced {
            let live = self
                .storage
                .get_game(key)?
                .and_then(|b| StoredGame::decode_versioned(&b).ok())
                .map(|(_, s)| s);
            // The live game's own link stays as it is, and so do its seats' personal links
            // (a row is its hash's first half).
            let held = |t: &[u8; 16]| {
                let text = token_text(*t);
                live.as_ref().is_some_and(|s| {
                    s.link.as_deref() == Some(&text)
                        || s.seats.iter().any(|x| {
                            x.web_keys
                                .iter()
                                .any(|k| k.0 == x.user && k.1.starts_with(&text))
                        })
                })
            };
            let waiting: Vec<_> = links.into_iter().filter(|(t, _)| !held(t)).collect();
            if waiting.is_empty() {
                continue;
            }
            let mut places: HashMap<String, u64> = HashMap::new();
            for e in self.storage.summaries(key)? {
                let Some(bytes) = self.storage.archived(key, e.seq)? else {
                    continue;
                };
                if let Ok(s) = StoredGame::decode(&bytes) {
                    if let Some(link) = s.link {
                        places.insert(link, e.seq);
                    }
                }
            }
            for (token, link) in waiting {
                match places.get(&token_text(token)) {
                    Some(&seq) => {
                        let seq = Some(seq);
                        self.storage.put_link(token, &Link { seq, ..link })?;
                        placed += 1;
                    }
                    // A link just made for the live game, which does not hold it yet (the
                    // link is stored first), stays.
                    None if live
                        .as_ref()
                        .is_some_and(|s| s.game_id() == link.game && s.link.is_none()) => {}
                    None => {
                        self.storage.delete_link(token)?;
                        removed += 1;
                    }
                }
            }
        }
        Ok((placed, removed))
    }

    /// The game a link's token names if what was last read of it is still true, without
    /// asking storage (`None`: storage must be asked, through [`Web::game`]); a token known to
    /// lead nowhere is [`WebError::NotFound`].
    pub fn cached(&self, token: &str) -> Option<Result<WebGame, WebError>> {
        let Some(token) = parse_token(token) else {
            return Some(Err(WebError::NotFound));
        };
        if let Some(at) = lock(&self.missing).get(&token) {
            if at.elapsed() < MISS_TRUST {
                return Some(Err(WebError::NotFound));
            }
        }
        let f = lock(&self.found).get(&token).cloned()?;
        match f.archived_at {
            Some(at) if at.elapsed() < ARCHIVE_TRUST => Some(Ok(f.game)),
            // Every write is told (and forgets the game): what is kept is true.
            None if self.all_told() => Some(Ok(f.game)),
            _ => None,
        }
    }

    /// The game a link's token names, live or in its channel's history: at most three reads of
    /// storage (the link, then the live game's version or the game), whatever the history's
    /// length.
    pub fn game(&self, token: &str) -> Result<WebGame, WebError> {
        use std::sync::atomic::Ordering;
        if let Some(known) = self.cached(token) {
            return known;
        }
        let token = parse_token(token).ok_or(WebError::NotFound)?;
        let writes = self.writes.load(Ordering::SeqCst);
        let known = lock(&self.found).get(&token).cloned();
        if let Some(f) = known.filter(|f| f.archived_at.is_none()) {
            if self.storage.game_version(f.game.key)? == Some(f.game.rev) {
                return Ok(f.game);
            }
        }
        let found = match self.look_up(token) {
            Ok(f) => f,
            Err(WebError::NotFound) => {
                let mut missing = lock(&self.missing);
                if missing.len() >= KEPT * 4 {
                    missing.retain(|_, at| at.elapsed() < MISS_TRUST);
                    if missing.len() >= KEPT * 4 {
                        missing.clear();
                    }
                }
                missing.insert(token, Instant::now());
                return Err(WebError::NotFound);
            }
            Err(e) => return Err(e),
        };
        let mut cache = lock(&self.found);
        if cache.len() >= KEPT * 4 {
            cache.clear();
        }
        // A write told meanwhile may have come after the read: keep nothing then.
        if self.writes.load(Ordering::SeqCst) == writes {
            cache.insert(token, found.clone());
        }
        Ok(found.game)
    }

    /// Reads what a link names: the link, then its archived game (the link knows where it lies
    /// in the history) or the channel's live game. Never reads the history through.
    fn look_up(&self, token: [u8; 16]) -> Result<Found, WebError> {
        let link = self.storage.get_link(token)?.ok_or(WebError::NotFound)?;
        let (key, id) = (link.key, link.game);
        let text = token_text(token);
        let holds = |s: &StoredGame| s.game_id() == id && s.link.as_deref() == Some(&text);
        let shown = |s: &StoredGame| matches!(s.phase, Phase::Playing | Phase::Finished);
        let read = |rev: u64, s: StoredGame, archived: bool| -> Result<Found, WebError> {
            Ok(Found {
                game: WebGame {
                    token,
                    key,
                    rev,
                    live: s.phase == Phase::Playing,
                    stored: Arc::new(s),
                },
                archived_at: archived.then(Instant::now),
            })
        };
        if let Some(seq) = link.seq {
            let Some(bytes) = self.storage.archived(key, seq)? else {
                return Err(WebError::NotFound);
            };
            return match StoredGame::decode(&bytes) {
                Ok(s) if holds(&s) && shown(&s) => read(seq | ARCHIVED, s, true),
                _ => Err(WebError::NotFound),
            };
        }
        let Some(bytes) = self.storage.get_game(key)? else {
            return Err(WebError::NotFound);
        };
        match StoredGame::decode_versioned(&bytes) {
            Ok((version, s)) if holds(&s) && shown(&s) => read(version, s, false),
            _ => Err(WebError::NotFound),
        }
    }

    /// The computer's review of a finished game's page in `lang`, as JSON: `made` (whether it
    /// is made yet) and its turning points, each with its turn, seat, worth in points, its line
    /// of text and the tile the computer would have placed (picture name, x, y, quarter turns).
    /// A game being played has none.
    pub fn review(&self, g: &WebGame, lang: Lang) -> Result<Vec<u8>, WebError> {
        let seq = (!g.live && g.rev & ARCHIVED != 0).then_some(g.rev & !ARCHIVED);
        let review = match seq {
            None => None,
            Some(seq) => self
                .storage
                .summaries(g.key)?
                .into_iter()
                .find(|e| e.seq == seq)
                .and_then(|e| serde_json::from_slice::<super::stored::Summary>(&e.bytes).ok())
                .and_then(|s| s.review),
        };
        let players = g.stored.seats.len();
        let points: Vec<ReviewPoint> = review
            .iter()
            .flat_map(|r| r.points.iter())
            .map(|p| {
                let place = p
                    .better
                    .iter()
                    .filter_map(|a| a.to_action(players).ok())
                    .find_map(|a| match a {
                        crate::engine::Action::Place { at, rotation } => {
                            Some((p.tile.clone(), at.x, at.y, rotation.quarter_turns()))
                        }
                        _ => None,
                    });
                ReviewPoint {
                    turn: p.turn,
                    seat: p.seat,
                    gain: p.gain,
                    line: super::review::point_line(lang, &g.stored, p),
                    tile: place,
                }
            })
            .collect();
        let mut points = points;
        points.sort_by_key(|p| p.turn);
        serde_json::to_vec(&ReviewView {
            made: review.is_some(),
            points,
        })
        .map_err(|e| WebError::Storage(e.to_string()))
    }

    /// The tournament of a tournament table's page in `lang`, as JSON: its name, format and
    /// state, the round, the standings and the round's tables (`{}` for a game of no
    /// tournament, or one whose tournament is gone).
    pub fn tournament(&self, g: &WebGame, lang: Lang) -> Result<Vec<u8>, WebError> {
        let Some(of) = g.stored.tournament else {
            return Ok(b"{}".to_vec());
        };
        let Some(bytes) = self.storage.get_tournament(g.key.guild, of.id)? else {
            return Ok(b"{}".to_vec());
        };
        let t = match super::tournament::Tournament::decode(&bytes) {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(key = %g.key, "a tournament cannot be read: {e}");
                return Ok(b"{}".to_vec());
            }
        };
        let standings = t
            .standings()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let e = &t.entrants[s.player as usize];
                (
                    i + 1,
                    e.name.clone(),
                    s.points,
                    s.buchholz,
                    s.difference.round(),
                    e.dropped,
                )
            })
            .collect();
        // (Tables are read field by field: this module names no `Slot`, a word of the sessions.)
        let round = |r: &super::tournament::Round| RoundView {
            tables: r
                .tables
                .iter()
                .map(|s| {
                    let result = s.result.as_ref();
                    TableView {
                        names: s
                            .players
                            .iter()
                            .map(|&p| t.name_of(p).to_string())
                            .collect(),
                        scores: result.map(|o| o.scores.clone()).unwrap_or_default(),
                        forfeit: s
                            .players
                            .iter()
                            .map(|p| result.is_some_and(|o| o.forfeit.contains(p)))
                            .collect(),
                        decided: result.is_some(),
                        here: s.channel == g.key.channel,
                        thread: (s.channel != 0).then(|| {
                            format!("https://discord.com/channels/{}/{}", g.key.guild, s.channel)
                        }),
                    }
                })
                .collect(),
            byes: r.byes.iter().map(|&p| t.name_of(p).to_string()).collect(),
        };
        let mut rounds: Vec<RoundView> = t.rounds.iter().map(round).collect();
        let now = rounds.pop();
        rounds.reverse();
        serde_json::to_vec(&TournamentView {
            name: t.name.clone(),
            about: format!("{} · {}", t.format.words(lang), t.status.words(lang)),
            round: t.rounds.len(),
            rounds: t.rounds_planned(),
            standings,
            tables: now.map(|r| r.tables).unwrap_or_default(),
            earlier: rounds,
            winner: t.winner().map(|p| t.name_of(p).to_string()),
        })
        .map_err(|e| WebError::Storage(e.to_string()))
    }

    /// The page's data for `g` in `lang`, as JSON (made once per revision and language).
    pub fn view(&self, g: &WebGame, lang: Lang) -> Result<Arc<[u8]>, WebError> {
        if let Some((rev, json)) = lock(&self.views).get(&(g.token, lang)) {
            if *rev == g.rev {
                return Ok(json.clone());
            }
        }
        let view = crate::i18n::scope(
            Langs {
                private: lang,
                public: lang,
            },
            || view_of(g, lang),
        )?;
        {
            let mut shown = lock(&self.sprites);
            shown.extend(view.sprites.iter().cloned());
            shown.extend(view.seats.iter().map(|s| s.icon.clone()));
        }
        let json: Arc<[u8]> = serde_json::to_vec(&view)
            .map_err(|e| WebError::Storage(e.to_string()))?
            .into();
        let mut views = lock(&self.views);
        if views.len() >= KEPT {
            views.clear();
        }
        views.insert((g.token, lang), (g.rev, json.clone()));
        Ok(json)
    }

    /// The figures layer of `g` after `frame` turns (0: before the first), with the cells it
    /// covers; `None` past the last turn.
    pub fn layer(&self, g: &WebGame, frame: usize) -> Result<Option<Arc<Layer>>, WebError> {
        let k = (g.token, g.rev, frame);
        if let Some(l) = lock(&self.layers).get(&k) {
            return Ok(Some(l.clone()));
        }
        let Some(record) = g.stored.record.as_ref() else {
            return Ok(None);
        };
        let mut at = None;
        let mut n = 0;
        replay_watching(&record.first_turns(frame), |game| {
            if n == frame {
                at = Some(game.clone());
            }
            n += 1;
        })
        .map_err(|e| WebError::Storage(e.to_string()))?;
        let Some(game) = at else { return Ok(None) };
        let (lo, hi) = web_bounds(&game);
        let layer = Arc::new(self.renderer.figures_layer(&game, lo, hi, LAYER_CELL));
        let mut layers = lock(&self.layers);
        if layers.len() >= KEPT {
            layers.clear();
        }
        layers.insert(k, layer.clone());
        Ok(Some(layer))
    }

    /// Whether a page's data named the sprite `name` (a page asks for no other).
    pub fn sprite_shown(&self, name: &str) -> bool {
        lock(&self.sprites).contains(name)
    }

    /// The renderer (the page's tile art and sprites).
    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }
}

/// The bit of a revision that marks a finished game read from the history (the rest is its
/// place there).
const ARCHIVED: u64 = 1 << 63;

/// The tournament a game's table belongs to, for its page.
#[derive(Serialize)]
struct TournamentView {
    /// Its name.
    name: String,
    /// Its format and where it is, in words.
    about: String,
    /// The round now and the rounds it plays.
    round: usize,
    rounds: u32,
    /// The standings, best first: rank, name, points, Buchholz, score difference, dropped.
    standings: Vec<(usize, String, f64, f64, f64, bool)>,
    /// The round's tables.
    tables: Vec<TableView>,
    /// The rounds before it, the latest first.
    earlier: Vec<RoundView>,
    /// The winner's name, once over.
    winner: Option<String>,
}

/// A tournament's round, for a table's page.
#[derive(Serialize)]
struct RoundView {
    /// Its tables.
    tables: Vec<TableView>,
    /// Who had a bye.
    byes: Vec<String>,
}

/// A tournament's table, for a table's page.
#[derive(Serialize)]
struct TableView {
    /// The players' names, in seat order.
    names: Vec<String>,
    /// Their final scores, once decided by a game (empty otherwise).
    scores: Vec<u32>,
    /// Which of them forfeited.
    forfeit: Vec<bool>,
    /// Whether it is decided.
    decided: bool,
    /// Whether it is this page's game.
    here: bool,
    /// Its Discord thread, once opened.
    thread: Option<String>,
}

/// A finished game's review, for its page.
#[derive(Serialize)]
struct ReviewView {
    /// Whether the review is made yet.
    made: bool,
    /// The turning points, by turn.
    points: Vec<ReviewPoint>,
}

#[derive(Serialize)]
struct ReviewPoint {
    /// The turn (its frame is the position after it).
    turn: usize,
    seat: usize,
    /// About how many points the move made gave away.
    gain: u32,
    /// The point in words.
    line: String,
    /// Where the computer would have placed the tile: its picture, x, y, quarter turns.
    tile: Option<(String, i32, i32, u8)>,
}

/// The page's data.
#[derive(Serialize)]
struct View {
    /// Revision: a page that holds it is up to date.
    rev: String,
    /// Still being played.
    live: bool,
    /// The language of the texts.
    lang: &'static str,
    /// The sets in play, as a line.
    title: String,
    /// Who is to play, or how it ended.
    status: String,
    /// The seats in turn order.
    seats: Vec<SeatView>,
    /// Every placed tile, in the order placed: its picture's name (its id, and for a tile with
    /// a bridge the bridge's axis: `K~N-S`), x, y, quarter turns, the other copy.
    tiles: Vec<(String, i32, i32, u8, bool)>,
    /// The tile kinds of the game, as the frames' `count` number them.
    kinds: Vec<&'static str>,
    /// The sprites of what seats hold, as the frames' `hold` number them.
    sprites: Vec<String>,
    /// The position before the first turn and after each turn.
    frames: Vec<Frame>,
    /// The cells a set's own step waits on (the holes an abbey may fill, the tiles a wagon may
    /// go to), outlined on the last frame; empty otherwise.
    asked: Vec<(i32, i32)>,
    /// A tournament's table: the page shows the tournament (`tournament.json`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tournament: bool,
}

#[derive(Serialize)]
struct SeatView {
    name: String,
    /// The seat's meeple sprite.
    icon: String,
    /// Its colour's name.
    colour: String,
    /// Its colour (`#rrggbb`).
    hex: String,
}

#[derive(Serialize)]
struct Frame {
    /// Tiles placed.
    n: usize,
    /// The seat that played the turn.
    seat: Option<usize>,
    /// What the turn did.
    line: String,
    /// Every seat's score.
    scores: Vec<u32>,
    /// What every seat holds: sprite (in [`View::sprites`]) and count.
    hold: Vec<Vec<(u16, u8)>>,
    /// Tiles left to draw.
    left: u32,
    /// What the sets keep on the table for all (the bag of sheep's tokens): sprite (in
    /// [`View::sprites`]) and count; empty without such a set.
    table: Vec<(u16, u8)>,
    /// Tiles left of the kinds whose count changed since the frame before (the first frame:
    /// since none): kind (in [`View::kinds`]) and count.
    count: Vec<(u16, u8)>,
    /// The cells of the figures layer.
    lo: (i32, i32),
    hi: (i32, i32),
    /// What stands on the tiles: index of the tile (in `tiles`), words.
    on: Vec<(u16, String)>,
}

fn view_of(g: &WebGame, lang: Lang) -> Result<View, WebError> {
    let s = &g.stored;
    let seats = s
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| SeatView {
            name: seat.name.clone(),
            icon: crate::render::sprite_key::SpriteKey::Meeple {
                seat: i,
                h: ICON as u32,
            }
            .name(),
            colour: tr!(
                lang,
                &format!("colour-{}", crate::render::COLOUR_NAMES[i % 6])
            ),
            hex: {
                let [r, g, b] = crate::render::PLAYER_COLOURS[i % 6];
                format!("#{r:02x}{g:02x}{b:02x}")
            },
        })
        .collect();
    let mut made = Frames::default();
    let last = match s.record.as_ref() {
        None => None,
        Some(record) => Some(
            replay_watching(record, |game| made.add(s, game, lang))
                .map_err(|e| WebError::Storage(e.to_string()))?,
        ),
    };
    let game = last.as_ref();
    // A game that ran to its end shows its final scores (the end-of-game scoring included),
    // as its last message and its summary do.
    let final_scores = game
        .filter(|_| s.phase == Phase::Finished)
        .map(|g| g.final_scoring().scores);
    if let Some(game) = game {
        made.settle_last(game, final_scores.as_deref());
    }
    let tiles = game.map_or_else(Vec::new, |game| {
        game.tiles()
            .iter()
            .map(|t| {
                (
                    tile_file_name(t.tile),
                    t.pos.x,
                    t.pos.y,
                    t.rotation.quarter_turns() % 4,
                    other_copy(t),
                )
            })
            .collect()
    });
    let status = match (s.phase, game) {
        (Phase::Playing, Some(game)) => {
            let seat = s.to_play.unwrap_or(game.pending().seat);
            // A set's own step says what is awaited (a wagon's move, the dragon's step).
            match super::sets::pending_step(game.pending().decision) {
                Some((_, w, _)) => {
                    // With what the sets show of it (a bazaar's tiles and bids).
                    let mut line = (w.wait)(lang, false, seat_name(s, seat));
                    for extra in super::sets::all(|x| (x.game_status)(lang, game)) {
                        line.push_str(" · ");
                        line.push_str(&extra);
                    }
                    line
                }
                None => tr!(lang, "web-to-play", who = seat_name(s, seat)),
            }
        }
        (_, Some(game)) => {
            let scores =
                super::words::named_scores(s, final_scores.as_deref().unwrap_or(game.scores()));
            tr!(lang, "web-finished", scores = scores)
        }
        _ => String::new(),
    };
    let asked = match (s.phase, game) {
        (Phase::Playing, Some(game))
            if super::sets::pending_step(game.pending().decision).is_some() =>
        {
            crate::render::legal_cells(game)
                .into_iter()
                .map(|p| (p.x, p.y))
                .collect()
        }
        _ => Vec::new(),
    };
    Ok(View {
        rev: format!("{:x}", g.rev),
        live: g.live,
        lang: lang.code(),
        title: s.sets.join(" · "),
        status,
        seats,
        tiles,
        kinds: made.kinds,
        sprites: made.sprites,
        frames: made.frames,
        asked,
        tournament: s.tournament.is_some(),
    })
}

/// Sprites (numbered as in [`View::sprites`]) with their counts.
type Icons = Vec<(u16, u8)>;

/// The frames of a game as its replay shows them, with the tables they number from.
#[derive(Default)]
struct Frames {
    frames: Vec<Frame>,
    /// The tile kinds in the game, and each one's index in the engine's catalog.
    kinds: Vec<&'static str>,
    kind_index: Vec<usize>,
    /// Tiles left of each kind at the last frame.
    counts: Vec<u8>,
    sprites: Vec<String>,
    sprite_number: HashMap<String, u16>,
}

impl Frames {
    /// Adds the frame of `game`.
    fn add(&mut self, s: &StoredGame, game: &Game, lang: Lang) {
        if self.kind_index.is_empty() {
            for (i, &c) in game.remaining().iter().enumerate() {
                if c > 0 {
                    self.kind_index.push(i);
                    self.kinds.push(crate::engine::TileId(i as u8).name());
                }
            }
            self.counts = vec![0; self.kinds.len()];
        }
        let count = self.count_changes(game);
        let (hold, on_table) = self.panel_of(game);
        let before = self.frames.last().map(|f| f.scores.clone());
        let mut frame = frame_of(s, game, before.as_deref(), lang, hold, count);
        frame.table = on_table;
        self.frames.push(frame);
    }

    /// Brings the last frame's panel up to `game`, the game as it stands: between two turns'
    /// ends a set's own steps may change scores, holdings, what lies on the table and the tiles
    /// left (a bazaar's tiles turned up, its bids paid), and the page shows them as they are;
    /// a finished game's last frame shows `final_scores`.
    fn settle_last(&mut self, game: &Game, final_scores: Option<&[u32]>) {
        if self.frames.is_empty() {
            return;
        }
        let count = self.count_changes(game);
        let (hold, table) = self.panel_of(game);
        if let Some(f) = self.frames.last_mut() {
            f.count.extend(count);
            f.hold = hold;
            f.table = table;
            f.scores = final_scores.unwrap_or(game.scores()).to_vec();
            f.left = game.remaining_total();
        }
    }

    /// The kinds whose count of tiles left changed since the last frame, with their counts now.
    fn count_changes(&mut self, game: &Game) -> Vec<(u16, u8)> {
        let mut count = Vec::new();
        for (k, &i) in self.kind_index.iter().enumerate() {
            let now = game.remaining().get(i).copied().unwrap_or(0);
            if now != self.counts[k] {
                self.counts[k] = now;
                count.push((k as u16, now));
            }
        }
        count
    }

    /// What every seat holds and what lies on the table in `game`, numbered as sprites.
    fn panel_of(&mut self, game: &Game) -> (Vec<Icons>, Icons) {
        let hold = (0..game.player_count())
            .map(|seat| {
                holdings(game, seat, ICON)
                    .into_iter()
                    .map(|(key, n)| (self.sprite(key.name()), n))
                    .collect()
            })
            .collect();
        let on_table = table(game, ICON)
            .into_iter()
            .map(|(key, n)| (self.sprite(key.name()), n))
            .collect();
        (hold, on_table)
    }

    /// The number of a sprite.
    fn sprite(&mut self, name: String) -> u16 {
        if let Some(&n) = self.sprite_number.get(&name) {
            return n;
        }
        let n = self.sprites.len() as u16;
        self.sprites.push(name.clone());
        self.sprite_number.insert(name, n);
        n
    }
}

fn frame_of(
    s: &StoredGame,
    game: &Game,
    before: Option<&[u32]>,
    lang: Lang,
    hold: Vec<Vec<(u16, u8)>>,
    count: Vec<(u16, u8)>,
) -> Frame {
    // The seats' emoji stand for their colours in Discord; the page shows the colours.
    let line = super::history::turn_line(s, game, before.unwrap_or(game.scores()));
    let line = line
        .trim_start_matches(|c: char| EMOJI.iter().any(|e| e.starts_with(c)) || c == ' ')
        .to_string();
    let (lo, hi): (Pos, Pos) = web_bounds(game);
    let on = game
        .meeples()
        .iter()
        .map(|m| {
            let seat = m.player as usize;
            (
                m.tile_index,
                format!(
                    "{}: {}",
                    seat_name(s, seat),
                    placed_figure(lang, m.figure, m.spot)
                ),
            )
        })
        .collect();
    Frame {
        n: game.tiles().len(),
        seat: game.turns().next_back().map(|t| t.seat()),
        line: line.replace("**", ""),
        scores: game.scores().to_vec(),
        hold,
        left: game.remaining_total(),
        table: Vec::new(),
        count,
        lo: (lo.x, lo.y),
        hi: (hi.x, hi.y),
        on,
    }
}
