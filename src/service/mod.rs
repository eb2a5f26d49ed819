//! Game sessions without Discord: a command in, a reply (text, pictures, pings, buttons) out, and
//! later [`Notice`]s (computer moves, reminders, expiries) for the Discord layer to post.
//!
//! The service knows which game lives in which channel, who may do what, what to say and which
//! picture to attach, and it never loses a move: every change is written to [`Storage`] (durably,
//! with a version check) before the reply is returned, and a reply never claims more than was
//! saved. Commands for one channel are applied one at a time (one lock per channel, held only
//! inside synchronous calls); different channels proceed in parallel. Async callers run the
//! service with `spawn_blocking`: it renders pictures.
//!
//! Concerns, one module each: [`api`] (requests, replies, notices), `table` (lobby, start,
//! resign, abort), `undo` (taking back moves), `absence` (votes on absent players), `after`
//! (the final message's buttons, rematch), `play` (the one move path for people and
//! computers), `tap` (placing by buttons), [`computer`] (the worker's side: computer turns off
//! the request path), `queries` (board, status, tiles, exports, ...), [`text`] (everything said, with
//! each set's words in `sets`), [`reminders`] (the index of waiting games), `upkeep`
//! (retention, deleted channels), [`stored`] (the saved form) and [`storage`] (the storage
//! trait).
//!
//! Narrow parts, each its own type with only the storage and the cache it needs:
//! [`Members`] (members' own settings: notifications, language), [`server::Servers`] (servers'
//! settings, who may open games, who moderates), [`Standings`] (the servers' standings),
//! `history` (a channel's finished games, their final boards and replays), `jobs` (the
//! schedule of due work and the leases on it), `clock` (the move clocks), [`metrics`] (the
//! operators' counters) and `pictures` (the pictures a reply still needs, drawn off the game's
//! lock: only the renderer and the drawing places).

mod absence;
mod after;
pub mod api;
mod buttons;
mod clock;
pub mod computer;
mod history;
mod jobs;
mod limits;
pub mod local_time;
mod members;
pub mod metrics;
pub mod offline;
mod pictures;
mod play;
mod queries;
mod quiet;
mod refusals;
pub mod reminders;
pub mod server;
mod sets;
mod standings;
pub mod storage;
pub mod stored;
mod table;
mod tap;
pub mod text;
mod undo;
mod upkeep;
pub mod web;
mod words;

pub use api::ABSENT_AFTER;
pub use api::{
    Actor, Attachment, Button, ButtonAction, ButtonStyle, Command, Drawing, Finale, FollowerChoice,
    Later, Laters, Limits, Link, Locale, NewGame, Notice, NotifyMode, Picture, PlacementChoice,
    Rare, ReplayOf, Reply, Request, Retention, Rights, Settings,
};
pub use api::{ChannelRule, MeChange, SettingsChange};
pub use members::{Members, Prefs};
pub use server::ServerSettings;
pub use standings::{standings, Standing, Standings, START_RATING};
pub use storage::Key;
pub use text::{
    action_text, clip, figure_choice_label, figure_choice_text, old_set_button, parse_action,
    parse_figure_choice, place_action, MAX_TEXT,
};

use crate::engine::LiveGame;
use crate::render::Renderer;
use crate::tr;
use reminders::IndexEntry;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use storage::{frame, Storage, StorageError};
use stored::{Phase, StoredGame, Summary};

/// A channel's state in memory.
enum Slot {
    /// Nothing loaded yet (or dropped to be read again).
    Unloaded,
    /// No game in the channel.
    Empty,
    /// A game that could be read.
    Game(Box<Session>),
    /// The stored entry is damaged; only abort (by a channel manager) works.
    Damaged(String),
    /// Storage could not be read just now (not cached: read again next time).
    Unreadable(String),
}

struct Session {
    stored: StoredGame,
    /// The stored version (`None`: not stored yet).
    version: Option<u64>,
    game: Option<LiveGame>,
    /// A write failed in a way that leaves storage unknown: read it again before the next
    /// command.
    stale: bool,
}

impl Session {
    /// The live game, or the refusal for a game that has not started.
    fn live(&self) -> Result<&LiveGame, api::Reply> {
        self.game
            .as_ref()
            .ok_or_else(|| api::Reply::refuse(tr!(crate::i18n::private(), "not-started")))
    }
}

thread_local! {
    /// Whether a write of the command being handled on this thread lost its compare-and-swap
    /// (another process wrote the game first).
    static CONFLICTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the command being handled on this thread wrote anything.
    static WROTE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The Discord interaction of the command being handled on this thread, recorded with the
    /// game by every write it makes.
    static INTERACTION: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// A channel's slot and when it was last used (for eviction).
type SlotEntry = (Arc<Mutex<Slot>>, u64);

/// The game service. Share it as `Arc<Service>`.
pub struct Service {
    storage: Arc<dyn Storage>,
    /// The pictures replies still need.
    pictures: pictures::Pictures,
    settings: Settings,
    /// Channel → (its slot, when it was last used).
    slots: Mutex<HashMap<Key, SlotEntry>>,
    clock: AtomicU64,
    /// The work this process does unasked, and its leases on it.
    jobs: jobs::Jobs,
    /// Members' own settings.
    members: members::Members,
    /// Servers' settings read so far (kept only when no other process shares the storage).
    servers: server::Servers,
    metrics: metrics::Metrics,
    /// Computer searches still to fail on purpose (tests' fault injection).
    injected_panics: std::sync::atomic::AtomicU32,
    /// What members and channels made the bot show lately.
    rates: limits::RateLimits,
    /// The servers' standings.
    standings: standings::Standings,
    /// The channels' histories.
    history: history::History,
    /// The web board: games' links and their pages' data.
    web: web::Web,
    /// Notices of work done for a member outside a game's command, for the worker to post.
    outbox: Mutex<Vec<Notice>>,
}

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct OpenError(#[from] StorageError);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a command did to the channel's game.
enum Outcome {
    /// The channel keeps its game.
    Keep(Reply),
    /// The game ended or was removed.
    Gone(Reply),
}

impl Service {
    /// Opens the service over a storage: reads the index of waiting games (not the games), so
    /// reminders are scheduled and computer turns that were pending are queued again.
    pub fn open(
        storage: Arc<dyn Storage>,
        renderer: Arc<Renderer>,
        settings: Settings,
    ) -> Result<Service, OpenError> {
        let svc = Service {
            members: members::Members::new(storage.clone()),
            servers: server::Servers::new(storage.clone(), settings.clone()),
            standings: standings::Standings::new(storage.clone()),
            history: history::History::new(storage.clone(), settings.web_base.clone()),
            web: web::Web::new(storage.clone(), renderer.clone()),
            outbox: Mutex::new(Vec::new()),
            jobs: jobs::Jobs::new(storage.clone(), settings.lease_seconds),
            storage,
            pictures: pictures::Pictures::new(renderer),
            settings,
            slots: Mutex::new(HashMap::new()),
            clock: AtomicU64::new(0),
            metrics: metrics::Metrics::default(),
            injected_panics: std::sync::atomic::AtomicU32::new(0),
            rates: limits::RateLimits::default(),
        };
        let jobs: std::collections::HashSet<Key> =
            svc.storage.jobs()?.into_iter().map(|(k, _)| k).collect();
        for (key, bytes) in svc.storage.index()? {
            let entry = match IndexEntry::decode(&bytes) {
                Some(entry) => Some(entry),
                // An entry from before the index (or unreadable): rebuild it from the game.
                None => svc
                    .with_slot(key, |svc, slot| match slot {
                        Slot::Game(s) => Some(svc.index_entry(&s.stored)),
                        _ => None,
                    })
                    .flatten(),
            };
            let Some(entry) = entry else { continue };
            // A game stored before due times were kept gets its due time now.
            if let (false, Some(due)) = (jobs.contains(&key), svc.due_at(&entry)) {
                svc.storage.restore_due(key, due)?;
            }
            svc.indexed(key, Some(entry));
        }
        Ok(svc)
    }

    /// The web board: games' links and their pages' data.
    pub fn web(&self) -> &web::Web {
        &self.web
    }

    /// The renderer (for the Discord layer's previews).
    pub fn renderer(&self) -> &Renderer {
        self.pictures.renderer()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The metrics as Prometheus text at `now` (reads the due work from storage).
    pub fn metrics_text(&self, now: u64) -> String {
        let lease = self.settings.lease_seconds;
        self.metrics
            .text(&*self.storage, self.jobs.len(), lease, now)
    }

    /// Checks that storage answers.
    pub fn health(&self) -> metrics::Health {
        self.metrics.health(&*self.storage)
    }

    /// The games' move clocks, with the members' settings they run by.
    fn clocks(&self) -> clock::Clocks<'_> {
        clock::Clocks {
            members: &self.members,
            seconds_per_hour: self.settings.seconds_per_hour,
        }
    }

    fn slot(&self, key: Key) -> Arc<Mutex<Slot>> {
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut slots = lock(&self.slots);
        let e = slots
            .entry(key)
            .or_insert_with(|| (Arc::new(Mutex::new(Slot::Unloaded)), tick));
        e.1 = tick;
        e.0.clone()
    }

    fn load(&self, key: Key) -> Slot {
        match self.storage.get_game(key) {
            Err(e) => {
                self.metrics.storage_errors.inc();
                Slot::Unreadable(e.to_string())
            }
            Ok(None) if key.guild != 0 => {
                // Entries stored before keys had a guild live under guild 0: move them here.
                let old = Key::new(0, key.channel);
                match self.storage.move_channel(old, key) {
                    Ok(true) => {
                        lock(&self.slots).remove(&old);
                        let slot = self.load(key);
                        if let Slot::Game(s) = &slot {
                            let entry = self.index_entry(&s.stored);
                            self.indexed(old, None);
                            self.indexed(key, Some(entry));
                        }
                        slot
                    }
                    Ok(false) => Slot::Empty,
                    Err(e) => Slot::Unreadable(e.to_string()),
                }
            }
            Ok(None) => Slot::Empty,
            Ok(Some(bytes)) => match StoredGame::decode_versioned(&bytes) {
                Err(e) => Slot::Damaged(e),
                Ok((version, stored)) => match stored.live_game() {
                    Err(e) => Slot::Damaged(e),
                    Ok(game) => Slot::Game(Box::new(Session {
                        stored,
                        version: Some(version),
                        game,
                        stale: false,
                    })),
                },
            },
        }
    }

    /// Drops a channel's game from memory, so the next use reads it from storage.
    fn forget(&self, key: Key) {
        let slot = lock(&self.slots).get(&key).map(|e| e.0.clone());
        if let Some(slot) = slot {
            *lock(&slot) = Slot::Unloaded;
        }
    }

    /// Reads a game again from storage and schedules what it needs now.
    fn refresh(&self, key: Key) {
        self.forget(key);
        let entry = self
            .with_slot(key, |svc, slot| match slot {
                Slot::Game(s) => Some(svc.index_entry(&s.stored)),
                _ => None,
            })
            .flatten();
        self.indexed(key, entry);
    }

    /// Whether a game kept in memory may be used as it is: always with storage of one process;
    /// with shared storage only if no other process wrote it since (its version is the same).
    /// A storage error is returned as such (the database does not answer: the command is
    /// answered at once rather than after a second wait to read the game).
    fn still_current(&self, key: Key, slot: &Slot) -> Result<bool, StorageError> {
        if !self.storage.shared() {
            return Ok(true);
        }
        let cached = match slot {
            Slot::Game(s) => s.version,
            Slot::Empty => None,
            _ => return Ok(false),
        };
        Ok(self.storage.game_version(key)? == cached)
    }

    /// Runs `f` on a channel's slot under its lock, loading it first (and reading it again if
    /// another process changed it); a panic inside is caught, logged and confined to this
    /// channel (its slot is read again next time).
    fn with_slot<T>(&self, key: Key, f: impl FnOnce(&Self, &mut Slot) -> T) -> Option<T> {
        let slot = self.slot(key);
        let mut guard = lock(&slot);
        if !matches!(*guard, Slot::Unloaded) {
            match self.still_current(key, &guard) {
                Ok(true) => {}
                Ok(false) => *guard = Slot::Unloaded,
                Err(e) => {
                    self.metrics.storage_errors.inc();
                    *guard = Slot::Unreadable(e.to_string());
                }
            }
        }
        if matches!(*guard, Slot::Unloaded) {
            *guard = self.load(key);
        }
        let out = std::panic::catch_unwind(AssertUnwindSafe(|| f(self, &mut guard)));
        match &*guard {
            Slot::Game(s) if s.stale => *guard = Slot::Unloaded,
            Slot::Unreadable(_) => *guard = Slot::Unloaded,
            _ => {}
        }
        match out {
            Ok(v) => Some(v),
            Err(_) => {
                tracing::error!(%key, "internal error (panic) while handling this channel's game");
                *guard = Slot::Unloaded;
                None
            }
        }
    }

    /// Applies one command and says what to answer. Never panics; a refused command changes
    /// nothing, and a reply never claims more than was saved.
    pub fn handle(&self, req: Request) -> Reply {
        crate::i18n::scope(self.langs(&req), || self.handle_in_langs(req))
    }

    /// The languages of a request's texts: public ones in the language the server chose, else
    /// its preferred language in Discord; private ones in the language the user chose, else
    /// their language in Discord, else the public one.
    pub(crate) fn langs(&self, req: &Request) -> crate::i18n::Langs {
        let public = self
            .servers
            .server(req.key.guild)
            .lang
            .or(req.locale.server)
            .unwrap_or_default();
        let private = self
            .members
            .prefs(req.actor.id)
            .lang
            .or(req.locale.user)
            .unwrap_or(public);
        crate::i18n::Langs { private, public }
    }

    fn handle_in_langs(&self, req: Request) -> Reply {
        // A member's own settings touch each of their games, each under its own lock: not
        // under the lock of the channel the command was typed in.
        if let Command::Me(change) = &req.command {
            return self.me(&req, change);
        }
        let started = std::time::Instant::now();
        // What only shows something is limited per member and per channel; checked before the
        // game is read, so a flood costs no storage and no pictures.
        if let Some(kind) = limits::look(&req.command) {
            if let Err(wait) =
                self.rates
                    .take_look(kind, &self.settings.limits, req.actor.id, req.key, req.now)
            {
                self.metrics.limited.inc();
                return Reply::refuse(tr!(crate::i18n::private(), "slow-down", seconds = wait));
            }
        }
        let muted = req.actor.rights.muted;
        let attempt = || {
            CONFLICTED.set(false);
            WROTE.set(false);
            self.with_slot(req.key, |svc, slot| match (slot, req.interaction) {
                (Slot::Game(s), Some(id)) if s.stored.handled.contains(&id) => Reply {
                    repeat: true,
                    ..Reply::refuse(tr!(crate::i18n::private(), "done-already"))
                },
                // The move that ended the game, delivered again (to another process, during a
                // shard handover) after the game went to the history: handled there.
                (Slot::Empty, Some(id))
                    if !table::works_without_game(&req.command)
                        && svc.last_game_handled(req.key, id) =>
                {
                    Reply {
                        repeat: true,
                        ..Reply::refuse(tr!(crate::i18n::private(), "done-already"))
                    }
                }
                (slot, _) => svc.handle_in(&req, slot),
            })
            .unwrap_or_else(|| Reply::refuse(tr!(crate::i18n::private(), "internal-error")))
        };
        INTERACTION.set(req.interaction);
        let mut reply = attempt();
        // Another process wrote the game between our read and our write, and nothing of this
        // command was written: read the game again and try once more (the command is checked
        // again against what is stored now).
        if CONFLICTED.get() && !WROTE.get() {
            self.forget(req.key);
            reply = attempt();
        }
        INTERACTION.set(None);
        if muted && !reply.ephemeral && limits::look(&req.command).is_some() {
            // A member who may not write here gets what they asked for privately.
            reply.ephemeral = true;
            reply.ping = Box::new([]);
            reply.buttons.clear();
        }
        self.members.route_pings(req.key, &mut reply, req.now);
        self.allow_page(req.key, &mut reply);
        // The game's lock is released: now the pictures.
        self.pictures.draw(&mut reply);
        self.metrics
            .commands
            .observe(started.elapsed().as_secs_f64());
        reply
    }

    /// Where games' web pages are served, if anywhere.
    fn web_base(&self) -> Option<&str> {
        self.settings.web_base.as_deref()
    }

    /// Takes the web page's link off a reply if the server turned links off.
    fn allow_page(&self, key: Key, reply: &mut Reply) {
        if reply.page().is_some() && self.servers.server(key.guild).web_links_off {
            reply.set_page(None);
        }
    }

    /// A server's settings ([`server::Servers::server`]).
    pub fn server(&self, guild: u64) -> ServerSettings {
        self.servers.server(guild)
    }

    /// A member's own settings (defaults if none are stored or they cannot be read).
    pub fn prefs(&self, user: u64) -> Prefs {
        self.members.prefs(user)
    }

    /// Makes the files a reply still needs ([`api::Later`]): called by whoever sends the reply,
    /// after [`Service::handle`] returned and so without holding the game's lock (the Discord
    /// layer on a blocking thread, the computer worker, the demo). A file that cannot be made
    /// is left out and logged.
    pub fn complete(&self, reply: &mut Reply) {
        self.pictures.complete(reply);
    }

    /// Before the Discord layer opens a thread for a new game: whether the sender may open one
    /// from the request's channel, and whether the server wants a thread when the command does
    /// not say. The refusal is in the sender's language.
    pub fn open_check(&self, req: &Request) -> Result<bool, String> {
        crate::i18n::scope(self.langs(req), || {
            if let Command::New(o) = &req.command {
                // Every option, the channel, the role and the limits, as `new` checks them.
                table::new_lobby(self, req, o).map_err(|r| r.text)?;
            } else {
                self.servers.may_open(req, req.key.channel)?;
            }
            Ok(self.servers.server(req.key.guild).threads)
        })
    }

    /// [`Service::handle`], then [`Service::complete`]: the reply with every file it needs,
    /// the slow ones made after the game's lock is released.
    pub fn handle_and_complete(&self, req: Request) -> Reply {
        let mut reply = self.handle(req);
        self.complete(&mut reply);
        reply
    }

    fn handle_in(&self, req: &Request, slot: &mut Slot) -> Reply {
        match slot {
            Slot::Damaged(reason) => {
                if req.command != Command::Abort {
                    return Reply::refuse(tr!(
                        crate::i18n::private(),
                        "damaged-game",
                        reason = reason.to_string()
                    ));
                }
                if !req.actor.manager {
                    return Reply::refuse(tr!(crate::i18n::private(), "damaged-not-manager"));
                }
                // The damaged entry has no trustworthy version (its header may be what is
                // damaged): remove it if it is still the bytes read now.
                let removed = match self.storage.get_game(req.key) {
                    Ok(Some(bytes)) => self.storage.delete_damaged(req.key, &bytes),
                    Ok(None) => Ok(()),
                    Err(e) => Err(e),
                };
                match removed {
                    Ok(()) => {
                        *slot = Slot::Empty;
                        self.indexed(req.key, None);
                        Reply::public(tr!(crate::i18n::public(), "damaged-removed"))
                    }
                    Err(e) => {
                        *slot = Slot::Unloaded;
                        self.storage_failed_reply(&e)
                    }
                }
            }
            Slot::Empty => match table::no_game(self, req) {
                (reply, Some(session)) => {
                    *slot = Slot::Game(Box::new(session));
                    reply
                }
                (reply, None) => reply,
            },
            Slot::Game(session) => {
                // History and standings buttons show no game's state: they work while a later
                // game runs.
                let history = matches!(
                    req.command,
                    Command::Final { .. } | Command::Standings | Command::Replay { .. }
                );
                if let Some(g) = req.game.filter(|_| !history) {
                    if g != session.stored.game_id() {
                        return Reply::refuse(tr!(crate::i18n::private(), "earlier-game"));
                    }
                }
                // What shows the game without a picture of it.
                let looks = matches!(
                    req.command,
                    Command::Status | Command::Board { .. } | Command::Tiles
                );
                match table::with_game(self, req, session) {
                    Ok(Outcome::Keep(mut r)) => {
                        link_page(self.web_base(), &mut r, &session.stored, looks);
                        r
                    }
                    Err(r) => r,
                    Ok(Outcome::Gone(mut r)) => {
                        link_page(self.web_base(), &mut r, &session.stored, looks);
                        *slot = Slot::Empty;
                        r
                    }
                }
            }
            Slot::Unreadable(e) => {
                tracing::error!(key = %req.key, "cannot read a game: {e}");
                Reply::refuse(tr!(crate::i18n::private(), "storage-unreadable"))
            }
            Slot::Unloaded => Reply::refuse(tr!(crate::i18n::private(), "try-again")),
        }
    }

    /// An internal error before anything was written.
    fn internal(&self, e: impl std::fmt::Display) -> Reply {
        tracing::error!("internal error: {e}");
        Reply::refuse(tr!(crate::i18n::private(), "internal-nothing-changed"))
    }

    /// What to say after a failed write: the truth, which for an I/O error is "unknown".
    fn storage_failed_reply(&self, e: &StorageError) -> Reply {
        if matches!(e, StorageError::Io(_)) {
            self.metrics.storage_errors.inc();
        }
        match e {
            StorageError::Conflict { .. } => {
                CONFLICTED.set(true);
                tracing::warn!("write conflict: {e}");
                Reply::refuse(tr!(crate::i18n::private(), "storage-conflict"))
            }
            StorageError::Io(_) => {
                tracing::error!("storage failed: {e}");
                Reply::refuse(tr!(crate::i18n::private(), "storage-uncertain"))
            }
        }
    }

    /// When the game's next work that is not a reply is due (`None`: none): at once for a
    /// computer's move (or an unannounced end), else the earliest of its reminder and its
    /// expiry.
    fn due_at(&self, e: &IndexEntry) -> Option<u64> {
        if e.computer {
            return Some(0);
        }
        let r = self.settings.retention;
        let hour = self.settings.seconds_per_hour;
        let expiry = if e.lobby {
            r.lobby_hours as u64 * hour
        } else {
            r.abandoned_days as u64 * 24 * hour
        };
        let expires = (expiry > 0).then(|| e.last_activity + expiry);
        [e.remind_at, expires].into_iter().flatten().min()
    }

    /// Claims a game's due work for this process ([`jobs::Jobs::claim`]).
    fn claim(&self, key: Key, now: u64) -> bool {
        self.jobs.claim(key, now)
    }

    /// Gives up this process's claim on a game's work without writing the game; its due time
    /// becomes what the game now needs.
    fn release(&self, key: Key) {
        let due = self.jobs.entry(key).and_then(|e| self.due_at(&e));
        self.jobs.release(key, due);
    }

    /// Claims the games whose work is due at `now` and that no process holds (work another
    /// process left when it died, or that this one has not seen), reads each again from
    /// storage and schedules it here: computer turns join the queue, reminders and expiries
    /// become due in the local schedule. Returns how many were claimed.
    pub fn claim_due_work(&self, now: u64) -> usize {
        let keys = self.jobs.claim_due(now);
        for &key in &keys {
            self.refresh(key);
            if self.jobs.entry(key).is_none() {
                self.release(key);
            }
        }
        keys.len()
    }

    /// The index entry of a stored game.
    fn index_entry(&self, s: &StoredGame) -> IndexEntry {
        IndexEntry::of(s, self.settings.seconds_per_hour)
    }

    /// Saves `next` durably (if the stored version is still the session's), then makes it (and
    /// `game`, if given) the session's state. On failure the session is unchanged and, if
    /// storage is now unknown, marked to be read again.
    fn commit(
        &self,
        key: Key,
        session: &mut Session,
        mut next: StoredGame,
        game: Option<LiveGame>,
    ) -> Result<(), Reply> {
        if let Some(g) = &game {
            // The seat to decide (the dragon's mover during a journey), the log (the record
            // grows by the actions it does not hold yet) and the tiles to come, all from the live
            // game.
            next.to_play = Some(g.pending().seat);
            match &mut next.record {
                Some(r) => r.catch_up(g),
                None => next.record = Some(g.record()),
            }
            next.turn_in_progress = None;
            next.deck = stored::remaining_deck(g);
        }
        self.web.ensure_link(key, &mut next);
        self.clocks().wind(&mut next);
        if let Some(id) = INTERACTION.get() {
            if !next.handled.contains(&id) {
                next.handled.push(id);
                let extra = next.handled.len().saturating_sub(stored::HANDLED_KEPT);
                next.handled.drain(..extra);
            }
        }
        let version = session
            .version
            .map_or_else(|| first_version(next.game_id()), |v| v + 1);
        let entry = self.index_entry(&next);
        if let Err(e) = self.storage.put_game(
            key,
            session.version,
            &frame(version, &next.encode()),
            &entry.encode(),
            self.due_at(&entry),
        ) {
            session.stale = true;
            return Err(self.storage_failed_reply(&e));
        }
        WROTE.set(true);
        let turns = |g: &Option<LiveGame>| g.as_ref().map_or(0, |g| g.turn_count());
        let played = turns(&game).saturating_sub(turns(&session.game));
        session.stored = next;
        session.version = Some(version);
        if game.is_some() {
            session.game = game;
            self.metrics.turns.inc_by(played as u64);
        }
        self.indexed(key, Some(entry));
        self.web.changed(key);
        Ok(())
    }

    /// Moves an ended game (`next`: finished or aborted, with its end time) into the channel's
    /// history with its summary.
    fn archive(
        &self,
        key: Key,
        session: &mut Session,
        next: StoredGame,
        fin: Option<&crate::engine::FinalScoring>,
    ) -> Result<(), Reply> {
        let version = session
            .version
            .map_or_else(|| first_version(next.game_id()), |v| v + 1);
        let summary = match fin {
            Some(fin) => Summary::scored(&next, fin),
            None => Summary::of(&next),
        };
        if let Err(e) = self.storage.archive(
            key,
            session.version,
            &frame(version, &next.encode()),
            summary.ended_at,
            &summary.encode(),
        ) {
            session.stale = true;
            return Err(self.storage_failed_reply(&e));
        }
        WROTE.set(true);
        session.stored = next;
        session.version = None;
        self.indexed(key, None);
        // The server's standings read its history again.
        self.standings.forget(key.guild);
        self.web.changed(key);
        Ok(())
    }

    /// Removes a game that never started (a lobby).
    fn delete(&self, key: Key, session: &mut Session) -> Result<(), Reply> {
        if let Err(e) = self.storage.delete_game(key, session.version) {
            session.stale = true;
            return Err(self.storage_failed_reply(&e));
        }
        WROTE.set(true);
        self.indexed(key, None);
        Ok(())
    }

    /// Updates the in-memory schedule after a write (or at start); queues a computer turn.
    fn indexed(&self, key: Key, entry: Option<IndexEntry>) {
        self.jobs.indexed(key, entry);
    }
}

/// Names the game's web page on a public reply that shows the game (a picture of it, or
/// `looks`: the answer to a command that shows it), while the game is played or after it
/// finished, if the pages are served (`base`).
fn link_page(base: Option<&str>, reply: &mut Reply, stored: &StoredGame, looks: bool) {
    let pictured = looks || !reply.later.is_empty() || !reply.files.is_empty();
    let shown = matches!(stored.phase, Phase::Playing | Phase::Finished);
    if reply.page().is_none() && !reply.ephemeral && pictured && shown {
        reply.set_page(page_link(base, stored));
    }
}

/// The link button to a game's web page, if the pages are served (`base`) and it has one.
fn page_link(base: Option<&str>, stored: &StoredGame) -> Option<api::Link> {
    Some(api::Link {
        url: format!(
            "{}/g/{}",
            base?.trim_end_matches('/'),
            stored.link.as_ref()?
        ),
        label: tr!(crate::i18n::public(), "web-link"),
    })
}

/// The first stored version of a game: its id in the high half, 1 in the low half. Versions
/// grow by one with each write of the game, so two games of one channel never share a version
/// (unless their random 31-bit ids are equal), and a process that still holds an ended game
/// can neither take a later game for it (the freshness check) nor overwrite it (the
/// compare-and-swap of every write names the version it replaces).
pub fn first_version(game_id: u64) -> u64 {
    ((game_id & 0x7FFF_FFFF) << 32) | 1
}

/// A new game's id: from the seed when shuffles are fixed (tests), random otherwise.
fn new_game_id(seed: Option<u64>, now: u64) -> u64 {
    let id = match seed {
        Some(s) => (s ^ now).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 34,
        None => rand::random::<u32>() as u64 & 0x7FFF_FFFF,
    };
    id.max(1)
}
