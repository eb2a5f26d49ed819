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
//! (retention, deleted channels), [`stored`] (the saved form), [`storage`] (the storage
//! trait), [`web_play`] (personal links of the web board) and [`solo`] (a game of one person
//! against the computer without Discord).
//!
//! Narrow parts, each its own type with only the storage and the cache it needs (the service
//! itself holds no storage): `sessions` (the channels' games in memory, one lock each, and
//! their versioned writes with the index and the due times; it knows no reply), [`Members`]
//! (members' own settings and timed messages), [`server::Servers`] (servers' settings, who may
//! open games, who moderates), [`Standings`] (the servers' standings), `history` (a channel's
//! ended games, their final boards and replays), `jobs` (the schedule of due work and the
//! leases on it), `clock` (the move clocks), [`metrics`] (the operators' counters) and
//! `pictures` (the pictures a reply still needs, drawn off the game's lock: only the renderer
//! and the drawing places).

mod absence;
mod after;
pub mod api;
mod buttons;
mod clock;
pub mod computer;
mod hints;
mod history;
mod jobs;
pub mod league;
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
pub mod review;
pub mod season;
pub mod seasons;
pub mod server;
mod sessions;
mod sets;
pub mod solo;
mod standings;
pub mod storage;
pub mod stored;
mod table;
mod tap;
pub mod text;
pub mod tournament;
pub mod tournaments;
mod undo;
mod upkeep;
pub mod web;
pub mod web_play;
mod words;

pub use api::ABSENT_AFTER;
pub use api::{
    Actor, Amend, Attachment, Button, ButtonAction, ButtonStyle, Command, Drawing, Finale,
    FollowerChoice, KeptMessage, Later, Laters, Limits, Link, Locale, NewGame, Notice, NotifyMode,
    Picture, PlacementChoice, Rare, ReplayOf, Reply, Request, Retention, Rights, Settings,
    TableToOpen,
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
use sessions::{Session, Slot, CONFLICTED, INTERACTION, WROTE};
use std::sync::{Arc, Mutex, MutexGuard};
use storage::{Storage, StorageError};
use stored::{Phase, StoredGame};

/// Times a command is tried again after another process wrote its game first.
const CONFLICT_RETRIES: usize = 2;

impl Session {
    /// The live game, or the refusal for a game that has not started.
    fn live(&self) -> Result<&LiveGame, api::Reply> {
        self.game
            .as_ref()
            .ok_or_else(|| api::Reply::refuse(tr!(crate::i18n::private(), "not-started")))
    }
}

/// The game service. Share it as `Arc<Service>`.
pub struct Service {
    /// The pictures replies still need.
    pictures: pictures::Pictures,
    settings: Settings,
    /// The channels' games in memory and their writes.
    sessions: sessions::Sessions,
    /// The work this process does unasked, and its leases on it.
    jobs: Arc<jobs::Jobs>,
    /// Members' own settings.
    members: members::Members,
    /// Servers' settings read so far (kept only when no other process shares the storage).
    servers: server::Servers,
    /// The operators' counters.
    metrics: metrics::Metrics,
    /// Computer searches still to fail on purpose (tests' fault injection).
    injected_panics: std::sync::atomic::AtomicU32,
    /// Computer searches running now.
    thinking: std::sync::atomic::AtomicUsize,
    /// What members and channels made the bot show lately.
    rates: limits::RateLimits,
    /// The servers' standings.
    standings: standings::Standings,
    /// The channels' histories.
    history: history::History,
    /// The web board: games' links and their pages' data.
    web: web::Web,
    /// Notices of work done for a member outside a game's command (an absence told in each
    /// of their games, a move made on the web board), for the worker to post.
    outbox: Mutex<Vec<Notice>>,
    /// Woken when a notice is put in the outbox.
    outbox_filled: std::sync::Condvar,
    /// Finished games this process is to review.
    reviews: review::Reviews,
    /// The servers' tournaments.
    tournaments: tournaments::Tournaments,
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
        let jobs = Arc::new(jobs::Jobs::new(storage.clone(), settings.lease_seconds));
        let metrics = metrics::Metrics::new(storage.clone());
        let sessions = sessions::Sessions::new(
            storage.clone(),
            jobs.clone(),
            settings.retention,
            settings.seconds_per_hour,
            metrics.storage_errors.clone(),
        );
        sessions.schedule_stored()?;
        let svc = Service {
            members: members::Members::new(storage.clone()),
            servers: server::Servers::new(storage.clone(), settings.clone()),
            standings: standings::Standings::new(storage.clone()),
            history: history::History::new(storage.clone(), settings.web_base.clone()),
            web: web::Web::new(storage.clone(), renderer.clone()),
            outbox: Mutex::new(Vec::new()),
            outbox_filled: std::sync::Condvar::new(),
            jobs,
            sessions,
            pictures: pictures::Pictures::new(renderer),
            settings,
            metrics,
            injected_panics: std::sync::atomic::AtomicU32::new(0),
            thinking: std::sync::atomic::AtomicUsize::new(0),
            rates: limits::RateLimits::default(),
            reviews: review::Reviews::default(),
            tournaments: tournaments::Tournaments::new(storage.clone()),
        };
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
        self.metrics.text(self.jobs.len(), lease, now)
    }

    /// Checks that storage answers.
    pub fn health(&self) -> metrics::Health {
        self.metrics.health()
    }

    /// The games' move clocks, with the members' settings they run by.
    fn clocks(&self) -> clock::Clocks<'_> {
        clock::Clocks {
            members: &self.members,
            seconds_per_hour: self.settings.seconds_per_hour,
        }
    }

    /// Runs `f` on a channel's slot under its lock ([`sessions::Sessions::with_slot`]).
    fn with_slot<T>(&self, key: Key, f: impl FnOnce(&Self, &mut Slot) -> T) -> Option<T> {
        self.sessions.with_slot(key, |slot| f(self, slot))
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
        // A tournament is written with compare-and-swap, under no channel's lock (its games
        // are each under their own).
        if let Command::Tournament(c) = &req.command {
            let mut reply = self.tournament_command(&req, c);
            self.members.route_pings(req.key, &mut reply, req.now);
            return reply;
        }
        // A season's table reads the server's history, not a channel's game.
        if let Command::Season { number } = req.command {
            return self.season_reply(&req, number);
        }
        // A member's games are read each under its own lock, as their settings.
        if let Command::MyGames = req.command {
            return self
                .servers
                .my_games(&req, |key| self.live_web_links(req.actor.id, key));
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
        // command was written: read the game again and try again, at most twice more (the
        // command is checked again against what is stored now; a busy game may see a click and
        // a reminder of the other process land between one read and write).
        for _ in 0..CONFLICT_RETRIES {
            if !CONFLICTED.get() || WROTE.get() {
                break;
            }
            self.sessions.forget(req.key);
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
        self.complete_hints(reply);
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
                match self.sessions.remove_damaged(req.key) {
                    Ok(()) => {
                        *slot = Slot::Empty;
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
                    Command::Final { .. }
                        | Command::Review { .. }
                        | Command::Standings
                        | Command::Replay { .. }
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

    /// Claims the games whose work is due at `now` and that no process holds (work another
    /// process left when it died, or that this one has not seen), reads each again from
    /// storage and schedules it here: computer turns join the queue, reminders and expiries
    /// become due in the local schedule. Returns how many were claimed.
    pub fn claim_due_work(&self, now: u64) -> usize {
        self.sessions.claim_due_work(now)
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
            next.buried = stored::buried_tiles(g);
        }
        self.web.ensure_link(key, &mut next);
        self.clocks().wind(&mut next);
        let turns = |g: &Option<LiveGame>| g.as_ref().map_or(0, |g| g.turn_count());
        let played = turns(&game).saturating_sub(turns(&session.game));
        self.sessions
            .put(key, session, next)
            .map_err(|e| self.storage_failed_reply(&e))?;
        if game.is_some() {
            session.game = game;
            self.metrics.turns.inc_by(played as u64);
        }
        self.web.changed(key);
        Ok(())
    }

    /// Moves an ended game (`next`: finished or aborted, with its end time) into the channel's
    /// history with its summary; returns its place there.
    fn archive(
        &self,
        key: Key,
        session: &mut Session,
        next: StoredGame,
        fin: Option<&crate::engine::FinalScoring>,
    ) -> Result<u64, Reply> {
        let seq = self
            .sessions
            .archive(key, session, next, fin)
            .map_err(|e| self.storage_failed_reply(&e))?;
        // The server's standings read its history again.
        self.standings.forget(key.guild);
        self.web.changed(key);
        // A tournament's table has its result: the tournament's job looks at it.
        if let Some(of) = session.stored.tournament {
            let ended = session
                .stored
                .ended_at
                .unwrap_or(session.stored.last_move_at);
            self.tournament_game_ended(key.guild, of, ended);
        }
        Ok(seq)
    }

    /// Removes a game that never started (a lobby).
    fn delete(&self, key: Key, session: &mut Session) -> Result<(), Reply> {
        self.sessions
            .delete(key, session)
            .map_err(|e| self.storage_failed_reply(&e))
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

/// A new game's id: from the seed when shuffles are fixed (tests), random otherwise.
fn new_game_id(seed: Option<u64>, now: u64) -> u64 {
    let id = match seed {
        Some(s) => (s ^ now).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 34,
        None => rand::random::<u32>() as u64 & 0x7FFF_FFFF,
    };
    id.max(1)
}
