//! Game sessions without Discord: a command in, a reply (text, pictures, pings, buttons) out.
//!
//! The service knows which game lives in which channel, who may do what, what to say and which
//! picture to attach, and it never loses a move: every change is written to [`Storage`] (durably)
//! before the reply is returned. Commands for one channel are applied one at a time (one lock per
//! channel, held only inside the synchronous [`Service::handle`]); different channels proceed in
//! parallel. Async callers run `handle` with `spawn_blocking`: it renders pictures.

pub mod ai;
pub mod storage;
pub mod stored;

use crate::engine::{
    Action, FarmRule, Figure, Goods, LiveGame, Pos, Reason, Record, Rotation, Rules, ScoreEvent,
    Setup, Spot, TileId, TileSet, TurnOutcome,
};
use crate::render::{BoardOptions, Renderer, COLOUR_NAMES};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use storage::Storage;
use stored::{Phase, Seat, StoredGame, SCHEMA};

/// Discord's limit on message text.
pub const MAX_TEXT: usize = 2000;
const EMOJI: [&str; 6] = ["🔴", "🔵", "🟢", "🟡", "⚫", "⚪"];

/// Service-wide settings (from the configuration file).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Reminder interval for new games, in hours (0: none).
    pub reminder_hours: u32,
    /// Rules of a new game unless its creator chooses.
    pub default_rules: Rules,
    /// Sets of a new game unless its creator chooses (record names).
    pub default_sets: Vec<String>,
    /// Play computer turns as soon as they come up (the bot); `false` waits for
    /// [`Command::PlayComputer`] (the demo, to picture every turn).
    pub autoplay_computers: bool,
    /// Fixed seed for shuffles (tests, demo); `None` draws a random one per game.
    pub seed: Option<u64>,
    /// Length of a reminder "hour" in seconds: 3600, except in tests that cannot wait.
    pub seconds_per_hour: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            reminder_hours: 12,
            default_rules: Rules::default(),
            default_sets: vec!["base".into()],
            autoplay_computers: true,
            seed: None,
            seconds_per_hour: 3600,
        }
    }
}

/// Who sends a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Discord user id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// The Discord layer says this user may manage the channel (may abort any game there).
    pub manager: bool,
}

/// Options of a new lobby; `None` takes the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    /// Sets besides the base game (record names: "river", "inns").
    pub sets: Option<Vec<String>>,
    /// Farm rule.
    pub farms: Option<FarmRule>,
    /// Small-city rule.
    pub small_city: Option<bool>,
    /// Hours between reminders (0: none).
    pub reminder_hours: Option<u32>,
    /// Most players (2..=6).
    pub max_players: Option<u8>,
    /// Computer players to seat at once.
    pub computers: u8,
    /// Whether the creator takes a seat (the demo's creator only watches).
    pub spectate: bool,
}

/// The follower part of a placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowerChoice {
    /// Not said: if a follower could go somewhere, ask with buttons before placing.
    Ask,
    /// No follower.
    None,
    /// A figure and place such as `city:N`, `large city:N`, `builder road:E`, `pig field:SSW`,
    /// `abbot garden`, or `recall abbot`.
    Place(String),
}

/// Reads a figure choice: `none`, `recall abbot`, a place (`city:N`: a follower there), or a figure
/// and a place (`large city:N`, `builder road:E`, `pig field:SSW`, `abbot cloister`).
pub fn parse_figure_choice(text: &str) -> Result<Action, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if lower == "none" || lower.is_empty() {
        return Ok(Action::Pass);
    }
    if lower == "recall" || lower == "recall abbot" || lower == "recall:abbot" {
        return Ok(Action::Recall);
    }
    let (figure, rest) = match lower.split_once([' ', ':']) {
        Some((f, rest)) => match f.parse::<Figure>() {
            Ok(f) => (f, rest.trim()),
            Err(_) => (Figure::Follower, lower.as_str()),
        },
        None => (Figure::Follower, lower.as_str()),
    };
    let spot = rest.parse::<Spot>().map_err(|e| e.to_string())?;
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
        _ => "none".into(),
    }
}

/// A button label for a figure action.
fn figure_choice_label(a: Action) -> String {
    match a {
        Action::Deploy {
            figure: Figure::Follower,
            spot,
        } => format!("Follower on {spot}"),
        Action::Deploy {
            figure: Figure::Large,
            spot,
        } => format!("Large follower on {spot}"),
        Action::Deploy { figure, spot } => {
            let mut name = figure.name().to_string();
            name[..1].make_ascii_uppercase();
            format!("{name} on {spot}")
        }
        Action::Recall => "Call the abbot back".into(),
        _ => "No figure".into(),
    }
}

/// A command from a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby in the channel.
    New(NewGame),
    /// Take a seat in the lobby.
    Join,
    /// Leave the lobby.
    Leave,
    /// Seat a computer player in the lobby.
    AddComputer,
    /// Start the game (the creator).
    Start,
    /// Place the drawn tile.
    Place {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
        /// Degrees clockwise: 0, 90, 180, 270.
        rotation: i64,
        /// The follower.
        follower: FollowerChoice,
        /// The turn a button was made for (stale clicks are refused).
        turn: Option<usize>,
    },
    /// Show the board (optionally zoomed around a point).
    Board {
        /// Centre of a zoomed view.
        around: Option<(i32, i32)>,
    },
    /// Whose turn, scores, supplies.
    Status,
    /// Tiles left to draw.
    Tiles,
    /// This game's rules.
    Rules,
    /// Give up; the computer plays on for you.
    Resign,
    /// Stop the game (creator or channel manager).
    Abort,
    /// The game record as a file.
    Export,
    /// Finished games of this channel.
    History,
    /// How to play with the bot.
    Help,
    /// Let a computer player take its turn (when computers do not play automatically).
    PlayComputer,
}

/// One request: a command in a channel by a user at a time.
#[derive(Clone, Debug)]
pub struct Request {
    /// Channel (or thread) id.
    pub channel: u64,
    /// Who sends it.
    pub actor: Actor,
    /// What they want.
    pub command: Command,
    /// Unix seconds.
    pub now: u64,
}

/// A file attached to a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name (`board.png`).
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
    /// Alt text.
    pub description: String,
}

/// Look of a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// A button under a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What a click sends back (≤ 100 characters; see [`parse_button`]).
    pub custom_id: String,
    /// Text on the button.
    pub label: String,
    /// Look.
    pub style: ButtonStyle,
}

/// What to answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Message text (≤ 2000 characters).
    pub text: String,
    /// Only the sender sees it (refusals, questions).
    pub ephemeral: bool,
    /// Pictures and files.
    pub files: Vec<Attachment>,
    /// Users to ping (the only mentions allowed).
    pub ping: Vec<u64>,
    /// Buttons, in rows of at most 5 (at most 25).
    pub buttons: Vec<Button>,
}

impl Reply {
    fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: clip(text.into()),
            ..Reply::default()
        }
    }
    fn refuse(text: impl Into<String>) -> Reply {
        Reply {
            text: clip(text.into()),
            ephemeral: true,
            ..Reply::default()
        }
    }
}

/// A ping the Discord layer should send for a slow player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    /// Channel of the game.
    pub channel: u64,
    /// The player to ping.
    pub user: u64,
    /// Message text.
    pub text: String,
}

/// Turns a button's custom id back into a command.
pub fn parse_button(custom_id: &str) -> Option<Command> {
    let mut parts = custom_id.split(':');
    if parts.next()? != "cc" {
        return None;
    }
    match parts.next()? {
        "join" => Some(Command::Join),
        "leave" => Some(Command::Leave),
        "cpu" => Some(Command::AddComputer),
        "start" => Some(Command::Start),
        "board" => Some(Command::Board { around: None }),
        "place" => {
            let turn = parts.next()?.parse().ok()?;
            let x = parts.next()?.parse().ok()?;
            let y = parts.next()?.parse().ok()?;
            let rotation = parts.next()?.parse().ok()?;
            let spot = parts.collect::<Vec<_>>().join(":");
            let follower = if spot == "none" {
                FollowerChoice::None
            } else {
                FollowerChoice::Place(spot)
            };
            Some(Command::Place {
                x,
                y,
                rotation,
                follower,
                turn: Some(turn),
            })
        }
        _ => None,
    }
}

/// A channel's state in memory.
enum Slot {
    /// Nothing loaded yet.
    Unloaded,
    /// No game in the channel.
    Empty,
    /// A game that could be read.
    Game(Box<Session>),
    /// The stored entry is damaged; only abort works.
    Damaged(String),
}

struct Session {
    stored: StoredGame,
    game: Option<LiveGame>,
}

/// The game service. Share it as `Arc<Service>`.
pub struct Service {
    storage: Arc<dyn Storage>,
    renderer: Arc<Renderer>,
    settings: Settings,
    slots: Mutex<HashMap<u64, Arc<Mutex<Slot>>>>,
    /// Channel → (unix second a reminder is due, user).
    reminders: Mutex<HashMap<u64, (u64, u64)>>,
}

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct OpenError(#[from] storage::StorageError);

impl Service {
    /// Opens the service over a storage; rebuilds the reminder schedule from it. Damaged entries
    /// are skipped here (and reported when their channel is used).
    pub fn open(
        storage: Arc<dyn Storage>,
        renderer: Arc<Renderer>,
        settings: Settings,
    ) -> Result<Service, OpenError> {
        let svc = Service {
            storage,
            renderer,
            settings,
            slots: Mutex::new(HashMap::new()),
            reminders: Mutex::new(HashMap::new()),
        };
        for (channel, bytes) in svc.storage.all_games()? {
            match StoredGame::decode(&bytes) {
                Ok(stored) => svc.schedule(channel, &stored),
                Err(e) => tracing::warn!(channel, "damaged game entry: {e}"),
            }
        }
        Ok(svc)
    }

    /// The renderer (for the Discord layer's previews).
    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    fn slot(&self, channel: u64) -> Arc<Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots
            .entry(channel)
            .or_insert_with(|| Arc::new(Mutex::new(Slot::Unloaded)))
            .clone()
    }

    fn load(&self, channel: u64) -> Slot {
        match self.storage.get_game(channel) {
            Err(e) => Slot::Damaged(e.to_string()),
            Ok(None) => Slot::Empty,
            Ok(Some(bytes)) => match StoredGame::decode(&bytes) {
                Err(e) => Slot::Damaged(e),
                Ok(stored) => match stored.live_game() {
                    Err(e) => Slot::Damaged(e),
                    Ok(game) => Slot::Game(Box::new(Session { stored, game })),
                },
            },
        }
    }

    /// Applies one command and says what to answer. Never panics on user input; a refused
    /// command changes nothing.
    pub fn handle(&self, req: Request) -> Reply {
        let slot = self.slot(req.channel);
        let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(*guard, Slot::Unloaded) {
            *guard = self.load(req.channel);
        }
        let reply = match &mut *guard {
            Slot::Damaged(reason) => {
                if req.command == Command::Abort {
                    if req.actor.manager {
                        match self.storage.delete_game(req.channel) {
                            Ok(()) => {
                                *guard = Slot::Empty;
                                self.unschedule(req.channel);
                                Reply::public("The damaged game entry of this channel was removed.")
                            }
                            Err(e) => self.internal(e),
                        }
                    } else {
                        Reply::refuse(
                            "Only someone who can manage this channel can remove a damaged game.",
                        )
                    }
                } else {
                    Reply::refuse(format!(
                        "This channel's saved game cannot be read ({reason}). A channel manager can remove it with /carcassonne abort."
                    ))
                }
            }
            Slot::Empty => self.no_game(&req, &mut guard),
            Slot::Game(session) => {
                let session: &mut Session = session;
                match self.with_game(&req, session) {
                    Ok(Outcome::Keep(r)) => r,
                    Ok(Outcome::Gone(r)) => {
                        *guard = Slot::Empty;
                        self.unschedule(req.channel);
                        r
                    }
                    Err(r) => r,
                }
            }
            Slot::Unloaded => Reply::refuse("Try again."),
        };
        drop(guard);
        reply
    }

    fn internal(&self, e: impl std::fmt::Display) -> Reply {
        tracing::error!("internal error: {e}");
        Reply::refuse("Something went wrong on our side; nothing was changed. Please try again.")
    }

    fn no_game(&self, req: &Request, guard: &mut Slot) -> Reply {
        match &req.command {
            Command::New(opts) => match self.new_lobby(req, opts) {
                Ok(session) => {
                    if let Err(e) = self.save(req.channel, &session.stored) {
                        return self.internal(e);
                    }
                    let reply =
                        self.lobby_reply(&session.stored, "A new Carcassonne game is open.");
                    *guard = Slot::Game(Box::new(session));
                    reply
                }
                Err(r) => r,
            },
            Command::History => self.history(req.channel),
            Command::Help => help(),
            _ => Reply::refuse("There is no game in this channel. Open one with /carcassonne new."),
        }
    }

    fn new_lobby(&self, req: &Request, o: &NewGame) -> Result<Session, Reply> {
        let mut sets = vec!["base".to_string()];
        for s in o
            .sets
            .clone()
            .unwrap_or_else(|| self.settings.default_sets.clone())
        {
            let set = TileSet::parse(s.trim())
                .ok_or_else(|| Reply::refuse(format!("There is no tile set called {s:?}.")))?;
            if matches!(set, TileSet::Princess | TileSet::Tower) {
                return Err(Reply::refuse(format!(
                    "The {} set is not playable yet; the base game, river, inns, traders and abbot are.",
                    set.name()
                )));
            }
            if !sets.contains(&set.name().to_string()) {
                sets.push(set.name().to_string());
            }
        }
        let max = o.max_players.unwrap_or(6);
        if !(2..=6).contains(&max) {
            return Err(Reply::refuse("A game has 2 to 6 players."));
        }
        let hours = o.reminder_hours.unwrap_or(self.settings.reminder_hours);
        if hours > 24 * 14 {
            return Err(Reply::refuse(
                "Reminders can be at most 336 hours (two weeks) apart.",
            ));
        }
        let mut stored = StoredGame {
            schema: SCHEMA,
            creator: req.actor.id,
            created_at: req.now,
            phase: Phase::Lobby,
            sets,
            rules: Rules {
                farms: o.farms.unwrap_or(self.settings.default_rules.farms),
                small_city: o
                    .small_city
                    .unwrap_or(self.settings.default_rules.small_city),
            },
            reminder_hours: hours,
            max_players: max,
            seats: Vec::new(),
            record: None,
            deck: Vec::new(),
            seed: self.settings.seed.unwrap_or_else(rand::random),
            last_move_at: req.now,
            last_reminder_at: req.now,
            ended_at: None,
            to_play: None,
        };
        if !o.spectate {
            seat_human(&mut stored, &req.actor);
        }
        for _ in 0..o.computers {
            if stored.seats.len() < max as usize {
                seat_computer(&mut stored);
            }
        }
        Ok(Session { stored, game: None })
    }

    fn save(&self, channel: u64, stored: &StoredGame) -> Result<(), storage::StorageError> {
        self.storage.put_game(channel, &stored.encode())?;
        self.schedule(channel, stored);
        Ok(())
    }

    fn schedule(&self, channel: u64, stored: &StoredGame) {
        let mut r = self.reminders.lock().unwrap_or_else(|e| e.into_inner());
        r.remove(&channel);
        if stored.phase != Phase::Playing || stored.reminder_hours == 0 {
            return;
        }
        // Derived from the record: saving must not replay the whole game.
        let Some(seat) = stored.current_seat().and_then(|i| stored.seats.get(i)) else {
            return;
        };
        if seat.computer {
            return;
        }
        let base = stored.last_move_at.max(stored.last_reminder_at);
        r.insert(
            channel,
            (
                base + stored.reminder_hours as u64 * self.settings.seconds_per_hour,
                seat.user,
            ),
        );
    }

    fn unschedule(&self, channel: u64) {
        self.reminders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&channel);
    }

    /// Reminders due at `now`. Each one returned is recorded as sent (and the next one scheduled
    /// an interval later), durably, so a restart does not repeat it.
    pub fn due_reminders(&self, now: u64) -> Vec<Reminder> {
        let due: Vec<u64> = self
            .reminders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter(|(_, (at, _))| *at <= now)
            .map(|(c, _)| *c)
            .collect();
        let mut out = Vec::new();
        for channel in due {
            let slot = self.slot(channel);
            let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
            if matches!(*guard, Slot::Unloaded) {
                *guard = self.load(channel);
            }
            let Slot::Game(session) = &mut *guard else {
                self.unschedule(channel);
                continue;
            };
            let Some(game) = &session.game else { continue };
            let seat = &session.stored.seats[game.current_player()];
            if session.stored.phase != Phase::Playing || seat.computer {
                self.unschedule(channel);
                continue;
            }
            let tile = game.drawn_tile().map(|t| t.name()).unwrap_or("?");
            let text = format!(
                "<@{}> reminder: it's your turn in the Carcassonne game here (drawn tile **{tile}**). Use /carcassonne place.",
                seat.user
            );
            let user = seat.user;
            let mut next = session.stored.clone();
            next.last_reminder_at = now;
            if let Err(e) = self.save(channel, &next) {
                tracing::error!(channel, "cannot record a reminder: {e}");
                continue;
            }
            session.stored = next;
            out.push(Reminder {
                channel,
                user,
                text,
            });
        }
        out
    }

    /// Legal placements of the drawn tile for autocomplete: `(label, "x y rotation")`, at most
    /// `limit`, placements that touch more neighbours first. Empty if `user` is not to play.
    pub fn placement_choices(
        &self,
        channel: u64,
        user: u64,
        limit: usize,
    ) -> Vec<(String, String)> {
        self.peek(channel, |s| {
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
                crate::engine::Side::ALL
                    .iter()
                    .filter(|&&d| game.tile_at(p.step(d)).is_some())
                    .count()
            };
            ps.sort_by_key(|p| (std::cmp::Reverse(neighbours(p.at)), p.at.y, p.at.x));
            ps.into_iter()
                .take(limit)
                .map(|p| {
                    (
                        format!(
                            "{} at x={} y={} rotation {}",
                            tile.name(),
                            p.at.x,
                            p.at.y,
                            p.rotation.degrees()
                        ),
                        format!("{} {} {}", p.at.x, p.at.y, p.rotation.degrees()),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// Legal follower places for a placement of the drawn tile (for autocomplete and buttons).
    pub fn follower_choices(&self, channel: u64, x: i64, y: i64, rotation: i64) -> Vec<String> {
        self.peek(channel, |s| {
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
            let p = crate::engine::Placement {
                at: Pos::new(x, y),
                rotation: rot,
            };
            if game.check_placement(tile, p.at, rot).is_err() {
                return Vec::new();
            }
            game.acts_after(tile, p)
                .into_iter()
                .filter(|a| *a != Action::Pass)
                .map(figure_choice_text)
                .collect()
        })
        .unwrap_or_default()
    }

    fn peek<T>(&self, channel: u64, f: impl FnOnce(&Session) -> T) -> Option<T> {
        let slot = self.slot(channel);
        let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(*guard, Slot::Unloaded) {
            *guard = self.load(channel);
        }
        match &*guard {
            Slot::Game(s) => Some(f(s)),
            _ => None,
        }
    }

    fn history(&self, channel: u64) -> Reply {
        let entries = match self.storage.history(channel) {
            Ok(e) => e,
            Err(e) => return self.internal(e),
        };
        if entries.is_empty() {
            return Reply::public("No finished games in this channel yet.");
        }
        let mut lines = vec!["**Games played here** (latest last)".to_string()];
        let start = entries.len().saturating_sub(10);
        for (i, bytes) in entries.iter().enumerate().skip(start) {
            let line = match StoredGame::decode(bytes) {
                Err(e) => format!("{}. (unreadable: {e})", i + 1),
                Ok(s) => {
                    let when = date(s.ended_at.unwrap_or(s.created_at));
                    let game = s.live_game().ok().flatten();
                    match (s.phase, game) {
                        (Phase::Finished, Some(g)) => {
                            let fin = g.final_scoring();
                            let scores: Vec<String> = s
                                .seats
                                .iter()
                                .zip(&fin.scores)
                                .map(|(seat, sc)| format!("{} {sc}", seat.name))
                                .collect();
                            let winners: Vec<&str> = fin
                                .winners
                                .iter()
                                .map(|&w| s.seats[w].name.as_str())
                                .collect();
                            format!(
                                "{}. {when}: {} — won by {}",
                                i + 1,
                                scores.join(", "),
                                winners.join(" & ")
                            )
                        }
                        _ => format!(
                            "{}. {when}: aborted ({})",
                            i + 1,
                            s.seats
                                .iter()
                                .map(|x| x.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    }
                }
            };
            lines.push(line);
        }
        Reply::public(lines.join("\n"))
    }

    fn lobby_reply(&self, s: &StoredGame, headline: &str) -> Reply {
        let seats: Vec<String> = s
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| format!("{} {}", EMOJI[i % 6], seat_label(seat)))
            .collect();
        let text = format!(
            "{headline}\n**Lobby** ({}/{} players): {}\nRules: {}.\nPress **Join** to take a seat; <@{}> starts with **Start** (2–6 players).",
            s.seats.len(),
            s.max_players,
            if seats.is_empty() { "nobody yet".to_string() } else { seats.join(", ") },
            rules_line(s),
            s.creator
        );
        Reply {
            text: clip(text),
            buttons: vec![
                button("cc:join", "Join", ButtonStyle::Success),
                button("cc:leave", "Leave", ButtonStyle::Secondary),
                button("cc:cpu", "Add computer", ButtonStyle::Secondary),
                button("cc:start", "Start", ButtonStyle::Primary),
            ],
            ..Reply::default()
        }
    }

    fn with_game(&self, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
        let phase = session.stored.phase;
        let actor = &req.actor;
        let seated = session
            .stored
            .seats
            .iter()
            .position(|s| s.user == actor.id && !s.computer);
        match (&req.command, phase) {
            (Command::Help, _) => Ok(Outcome::Keep(help())),
            (Command::History, _) => Ok(Outcome::Keep(self.history(req.channel))),
            (Command::New(_), Phase::Lobby) => Err(Reply::refuse(
                "This channel already has an open lobby: press Join, or ask its creator to start or abort it.",
            )),
            (Command::New(_), _) => Err(Reply::refuse(
                "This channel already has a game running. Finish or abort it first, or start a game in a thread.",
            )),
            (Command::Join, Phase::Lobby) => {
                if seated.is_some() {
                    return Err(Reply::refuse("You already have a seat."));
                }
                if session.stored.seats.len() >= session.stored.max_players as usize {
                    return Err(Reply::refuse("The lobby is full."));
                }
                let mut next = session.stored.clone();
                seat_human(&mut next, actor);
                self.commit(req.channel, session, next, None)?;
                Ok(Outcome::Keep(self.lobby_reply(&session.stored, &format!("{} joined.", clean_name(&actor.name)))))
            }
            (Command::Leave, Phase::Lobby) => {
                let Some(i) = seated else {
                    return Err(Reply::refuse("You are not in this lobby."));
                };
                let mut next = session.stored.clone();
                next.seats.remove(i);
                if !next.seats.iter().any(|s| !s.computer) {
                    // Nobody human left: the lobby closes.
                    if let Err(e) = self.storage.delete_game(req.channel) {
                        return Err(self.internal(e));
                    }
                    return Ok(Outcome::Gone(Reply::public(format!(
                        "{} left; with nobody left the lobby is closed.",
                        clean_name(&actor.name)
                    ))));
                }
                if next.creator == actor.id {
                    if let Some(h) = next.seats.iter().find(|s| !s.computer) {
                        next.creator = h.user;
                    }
                }
                self.commit(req.channel, session, next, None)?;
                Ok(Outcome::Keep(self.lobby_reply(&session.stored, &format!("{} left.", clean_name(&actor.name)))))
            }
            (Command::AddComputer, Phase::Lobby) => {
                if actor.id != session.stored.creator && seated.is_none() {
                    return Err(Reply::refuse("Only players in the lobby can add computer players."));
                }
                if session.stored.seats.len() >= session.stored.max_players as usize {
                    return Err(Reply::refuse("The lobby is full."));
                }
                let mut next = session.stored.clone();
                seat_computer(&mut next);
                self.commit(req.channel, session, next, None)?;
                Ok(Outcome::Keep(self.lobby_reply(&session.stored, "A computer player joined.")))
            }
            (Command::Start, Phase::Lobby) => self.start(req, session),
            (Command::Join | Command::Leave | Command::AddComputer | Command::Start, _) => Err(
                Reply::refuse("The game has already started; seats can no longer change (use /carcassonne resign to give up)."),
            ),
            (Command::Abort, _) => {
                if actor.id != session.stored.creator && !actor.manager {
                    return Err(Reply::refuse(
                        "Only the game's creator or someone who can manage this channel can abort it.",
                    ));
                }
                let mut next = session.stored.clone();
                next.phase = Phase::Aborted;
                next.ended_at = Some(req.now);
                if let Err(e) = self.storage.archive(req.channel, &next.encode()) {
                    return Err(self.internal(e));
                }
                Ok(Outcome::Gone(Reply::public(format!("{} aborted the game.", clean_name(&actor.name)))))
            }
            (_, Phase::Lobby) => Err(Reply::refuse("The game has not started yet.")),
            (Command::Place { x, y, rotation, follower, turn }, _) => {
                self.place(req, session, (*x, *y, *rotation), follower, *turn)
            }
            (Command::PlayComputer, _) => {
                let game = session.game.as_ref().ok_or_else(|| self.internal("no live game"))?;
                if !session.stored.seats[game.current_player()].computer {
                    return Err(Reply::refuse("It is a person's turn, not a computer's."));
                }
                let mut lines = Vec::new();
                self.computer_turn(req, session, &mut lines)?;
                self.after_moves(req, session, lines)
            }
            (Command::Board { around }, _) => Ok(Outcome::Keep(self.board_reply(session, *around))),
            (Command::Status, _) => Ok(Outcome::Keep(Reply::public(status_text(session)))),
            (Command::Tiles, _) => Ok(Outcome::Keep(Reply::public(tiles_text(session)))),
            (Command::Rules, _) => Ok(Outcome::Keep(Reply::public(format!(
                "**This game's rules**: {}.\n{}",
                rules_line(&session.stored),
                RULES_SUMMARY
            )))),
            (Command::Export, _) => {
                let record = session.stored.record.clone().ok_or_else(|| self.internal("no record"))?;
                Ok(Outcome::Keep(Reply {
                    text: "The game record (replay it with `meeplebot replay`).".into(),
                    files: vec![Attachment {
                        name: format!("carcassonne-{}.json", req.channel),
                        bytes: record.to_json().into_bytes(),
                        description: "game record".into(),
                    }],
                    ..Reply::default()
                }))
            }
            (Command::Resign, _) => {
                let Some(i) = seated else {
                    return Err(Reply::refuse("Only seated players can resign."));
                };
                if session.stored.phase != Phase::Playing {
                    return Err(Reply::refuse("The game is over."));
                }
                let mut next = session.stored.clone();
                next.seats[i].computer = true;
                next.seats[i].resigned = true;
                self.commit(req.channel, session, next, None)?;
                let mut lines = vec![format!(
                    "{} resigned; the computer plays on for their seat.",
                    clean_name(&actor.name)
                )];
                if session.stored.seats.iter().all(|s| s.computer) {
                    let mut next = session.stored.clone();
                    next.phase = Phase::Aborted;
                    next.ended_at = Some(req.now);
                    if let Err(e) = self.storage.archive(req.channel, &next.encode()) {
                        return Err(self.internal(e));
                    }
                    lines.push("Every player has resigned: the game ends.".into());
                    return Ok(Outcome::Gone(Reply::public(lines.join("\n"))));
                }
                if self.settings.autoplay_computers {
                    self.play_computers(req, session, &mut lines)?;
                }
                self.after_moves(req, session, lines)
            }
        }
    }

    /// Saves `next` durably, then makes it (and `game`, if given) the session's state.
    fn commit(
        &self,
        channel: u64,
        session: &mut Session,
        mut next: StoredGame,
        game: Option<LiveGame>,
    ) -> Result<(), Reply> {
        if let Some(g) = &game {
            next.to_play = Some(g.current_player());
        }
        if let Err(e) = self.save(channel, &next) {
            return Err(self.internal(e));
        }
        session.stored = next;
        if game.is_some() {
            session.game = game;
        }
        Ok(())
    }

    fn start(&self, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
        let s = &session.stored;
        if req.actor.id != s.creator {
            return Err(Reply::refuse(format!(
                "Only <@{}> (who opened the lobby) can start.",
                s.creator
            )));
        }
        if s.seats.len() < 2 {
            return Err(Reply::refuse(
                "A game needs at least 2 players: invite someone or add a computer player.",
            ));
        }
        let sets: Vec<TileSet> = s.sets.iter().filter_map(|n| TileSet::parse(n)).collect();
        let setup = Setup {
            players: s.seats.iter().map(|x| x.name.clone()).collect(),
            sets: sets.clone(),
            rules: s.rules,
        };
        let deck = crate::engine::random::shuffled_deck(&sets, s.seed);
        let game = LiveGame::new(setup.clone(), deck).map_err(|e| self.internal(e))?;
        let mut next = s.clone();
        next.phase = Phase::Playing;
        next.record = Some(game.record());
        next.deck = remaining_deck(&game);
        next.last_move_at = req.now;
        next.last_reminder_at = req.now;
        self.commit(req.channel, session, next, Some(game))?;
        let seats: Vec<String> = session
            .stored
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                format!(
                    "{} {} ({})",
                    EMOJI[i % 6],
                    seat_label(seat),
                    COLOUR_NAMES[i % 6]
                )
            })
            .collect();
        let mut lines = vec![format!(
            "**The game is on!** Seats in turn order: {}.",
            seats.join(", ")
        )];
        if self.settings.autoplay_computers {
            self.play_computers(req, session, &mut lines)?;
        }
        self.after_moves(req, session, lines)
    }

    fn place(
        &self,
        req: &Request,
        session: &mut Session,
        (x, y, rotation): (i64, i64, i64),
        follower: &FollowerChoice,
        turn: Option<usize>,
    ) -> Result<Outcome, Reply> {
        let game = session
            .game
            .as_ref()
            .ok_or_else(|| self.internal("no live game"))?;
        if session.stored.phase != Phase::Playing || game.is_over() {
            return Err(Reply::refuse("The game is over."));
        }
        let now_turn = game.turns().len();
        if let Some(t) = turn {
            if t != now_turn {
                return Err(Reply::refuse("That button belongs to an earlier turn."));
            }
        }
        let cur = game.current_player();
        let seat = &session.stored.seats[cur];
        if seat.user != req.actor.id || seat.computer {
            return Err(Reply::refuse(format!(
                "It's {}'s turn, not yours.",
                seat.name
            )));
        }
        let tile = game
            .drawn_tile()
            .ok_or_else(|| self.internal("no drawn tile"))?;
        let rot = Rotation::from_degrees(rotation).ok_or_else(|| {
            Reply::refuse(format!(
                "Rotation must be 0, 90, 180 or 270, not {rotation}."
            ))
        })?;
        let (Ok(xi), Ok(yi)) = (i32::try_from(x), i32::try_from(y)) else {
            return Err(Reply::refuse(format!("[{x},{y}] is far off the board.")));
        };
        let at = Pos::new(xi, yi);
        if let Err(e) = game.check_placement(tile, at, rot) {
            return Err(Reply::refuse(format!(
                "{} can't go at [{x},{y}] rotation {rotation}: {}.",
                tile.name(),
                e
            )));
        }
        let placement = crate::engine::Placement { at, rotation: rot };
        let act = match follower {
            FollowerChoice::None => Action::Pass,
            FollowerChoice::Place(text) => parse_figure_choice(text).map_err(Reply::refuse)?,
            FollowerChoice::Ask => {
                let acts = game.acts_after(tile, placement);
                if acts.len() <= 1 {
                    Action::Pass
                } else {
                    return Err(self.ask_follower(now_turn, tile, (x, y, rotation), &acts));
                }
            }
        };
        let mut g = game.clone();
        let outcome = g
            .play_turn(at, rot, act)
            .map_err(|e| Reply::refuse(format!("That can't be done: {e}.")))?;
        let mut lines = move_lines(&session.stored, cur, tile, at, rot, act, &outcome);
        let mut next = session.stored.clone();
        next.record = Some(g.record());
        next.deck = remaining_deck(&g);
        next.last_move_at = req.now;
        next.last_reminder_at = req.now;
        self.commit(req.channel, session, next, Some(g))?;
        if self.settings.autoplay_computers {
            self.play_computers(req, session, &mut lines)?;
        }
        self.after_moves(req, session, lines)
    }

    fn ask_follower(
        &self,
        turn: usize,
        tile: TileId,
        (x, y, r): (i64, i64, i64),
        acts: &[Action],
    ) -> Reply {
        let mut buttons: Vec<Button> = Vec::new();
        // Discord shows at most 25 buttons: 24 choices and "No follower".
        for &a in acts.iter().filter(|a| **a != Action::Pass).take(24) {
            let style = match a {
                Action::Deploy {
                    figure: Figure::Follower,
                    ..
                } => ButtonStyle::Primary,
                Action::Recall => ButtonStyle::Danger,
                _ => ButtonStyle::Success,
            };
            buttons.push(button(
                &format!("cc:place:{turn}:{x}:{y}:{r}:{}", figure_choice_text(a)),
                &figure_choice_label(a),
                style,
            ));
        }
        buttons.push(button(
            &format!("cc:place:{turn}:{x}:{y}:{r}:none"),
            "No follower",
            ButtonStyle::Secondary,
        ));
        let preview = self.renderer.preview_png(tile);
        Reply {
            text: format!(
                "{} fits at [{x},{y}] rotation {r}. Place a follower? (The picture names each place.)",
                tile.name()
            ),
            ephemeral: true,
            files: vec![Attachment {
                name: "tile.png".into(),
                bytes: preview,
                description: format!("tile {} in its four rotations with follower places", tile.name()),
            }],
            buttons,
            ..Reply::default()
        }
    }

    /// Plays computer turns until a person is to play or the game ends.
    fn play_computers(
        &self,
        req: &Request,
        session: &mut Session,
        lines: &mut Vec<String>,
    ) -> Result<(), Reply> {
        loop {
            let Some(game) = &session.game else {
                return Ok(());
            };
            if game.is_over() || !session.stored.seats[game.current_player()].computer {
                return Ok(());
            }
            self.computer_turn(req, session, lines)?;
        }
    }

    fn computer_turn(
        &self,
        req: &Request,
        session: &mut Session,
        lines: &mut Vec<String>,
    ) -> Result<(), Reply> {
        let game = session
            .game
            .as_ref()
            .ok_or_else(|| self.internal("no live game"))?;
        let cur = game.current_player();
        let seed =
            session.stored.seed ^ (game.turns().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(mv) = ai::greedy_move(game.game(), seed) else {
            return Ok(());
        };
        let mut g = game.clone();
        let outcome = g
            .play_turn(mv.placement.at, mv.placement.rotation, mv.act)
            .map_err(|e| self.internal(format!("computer move refused: {e}")))?;
        lines.extend(move_lines(
            &session.stored,
            cur,
            mv.tile,
            mv.placement.at,
            mv.placement.rotation,
            mv.act,
            &outcome,
        ));
        let mut next = session.stored.clone();
        next.record = Some(g.record());
        next.deck = remaining_deck(&g);
        next.last_move_at = req.now;
        next.last_reminder_at = req.now;
        self.commit(req.channel, session, next, Some(g))
    }

    /// The reply after moves: summary, board, and either the next player's ping and tile or the
    /// final scoring (and the game goes to the channel's history).
    fn after_moves(
        &self,
        req: &Request,
        session: &mut Session,
        mut lines: Vec<String>,
    ) -> Result<Outcome, Reply> {
        let game = session
            .game
            .as_ref()
            .ok_or_else(|| self.internal("no live game"))?;
        if game.is_over() {
            let fin = game.final_scoring();
            lines.push("**The last tile is placed: final scoring.**".into());
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
                    .map(|r| format!("{} {}", reason_plural(*r), b[r.index()]))
                    .collect();
                lines.push(format!(
                    "{} **{}**: {} (game {} + {})",
                    EMOJI[i % 6],
                    session.stored.seats[i].name,
                    fin.scores[i],
                    game.scores()[i],
                    parts.join(", ")
                ));
            }
            let winners: Vec<&str> = fin
                .winners
                .iter()
                .map(|&w| session.stored.seats[w].name.as_str())
                .collect();
            lines.push(format!(
                "🏆 {} win{}!",
                winners.join(" & "),
                if winners.len() == 1 { "s" } else { "" }
            ));
            let png = self.renderer.final_png(game.game());
            let mut next = session.stored.clone();
            next.phase = Phase::Finished;
            next.ended_at = Some(req.now);
            if let Err(e) = self.storage.archive(req.channel, &next.encode()) {
                return Err(self.internal(e));
            }
            let ping: Vec<u64> = session
                .stored
                .seats
                .iter()
                .filter(|s| !s.computer)
                .map(|s| s.user)
                .collect();
            return Ok(Outcome::Gone(Reply {
                text: clip(lines.join("\n")),
                files: vec![Attachment {
                    name: "final.png".into(),
                    bytes: png,
                    description: "final board and scores".into(),
                }],
                ping: dedup(ping),
                ..Reply::default()
            }));
        }
        let cur = game.current_player();
        let seat = &session.stored.seats[cur];
        let tile = game.drawn_tile().map(|t| t.name()).unwrap_or("?");
        lines.push(format!(
            "Next: {} {} — drawn tile **{tile}**. Place it with /carcassonne place.",
            EMOJI[cur % 6],
            if seat.computer {
                seat.name.clone()
            } else {
                format!("<@{}>", seat.user)
            }
        ));
        let mut reply = self.board_reply(session, None);
        reply.text = clip(lines.join("\n"));
        if !seat.computer {
            reply.ping = vec![seat.user];
        }
        Ok(Outcome::Keep(reply))
    }

    fn board_reply(&self, session: &Session, around: Option<(i32, i32)>) -> Reply {
        let Some(game) = &session.game else {
            return Reply::refuse("The game has not started yet.");
        };
        let opts = BoardOptions {
            mark_legal: true,
            crop: around.map(|(x, y)| (Pos::new(x, y), 3)),
            title: Some(format!(
                "Turn {} · {} tiles left",
                game.turns().len() + 1,
                game.remaining_total()
            )),
        };
        let mut files = vec![Attachment {
            name: "board.png".into(),
            bytes: self.renderer.board_png(game.game(), &opts),
            description: "the board".into(),
        }];
        if let Some(t) = game.drawn_tile() {
            files.push(Attachment {
                name: "tile.png".into(),
                bytes: self.renderer.preview_png(t),
                description: format!("drawn tile {} in its four rotations", t.name()),
            });
        }
        Reply {
            text: status_text(session),
            files,
            buttons: vec![button("cc:board", "Refresh board", ButtonStyle::Secondary)],
            ..Reply::default()
        }
    }
}

enum Outcome {
    /// The channel keeps its game.
    Keep(Reply),
    /// The game ended or was removed.
    Gone(Reply),
}

fn button(id: &str, label: &str, style: ButtonStyle) -> Button {
    Button {
        custom_id: id.chars().take(100).collect(),
        label: label.chars().take(80).collect(),
        style,
    }
}

fn dedup(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v.dedup();
    v
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

/// A display name safe inside messages: no mentions, no markdown surprises, bounded length.
fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '@' => '＠',
            '*' | '_' | '`' | '~' | '|' | '<' | '>' => ' ',
            c => c,
        })
        .take(32)
        .collect();
    let t = cleaned.trim();
    if t.is_empty() {
        "Player".into()
    } else {
        t.to_string()
    }
}

fn unique_name(stored: &StoredGame, base: &str) -> String {
    let mut name = base.to_string();
    let mut k = 2;
    while stored.seats.iter().any(|s| s.name == name) {
        name = format!("{base} ({k})");
        k += 1;
    }
    name
}

fn seat_human(stored: &mut StoredGame, actor: &Actor) {
    let name = unique_name(stored, &clean_name(&actor.name));
    stored.seats.push(Seat {
        user: actor.id,
        name,
        computer: false,
        resigned: false,
    });
}

fn seat_computer(stored: &mut StoredGame) {
    let n = stored.seats.iter().filter(|s| s.computer).count() + 1;
    let name = unique_name(stored, &format!("Computer {n}"));
    stored.seats.push(Seat {
        user: 0,
        name,
        computer: true,
        resigned: false,
    });
}

fn seat_label(seat: &Seat) -> String {
    if seat.resigned {
        format!("{} (resigned)", seat.name)
    } else if seat.computer {
        format!("{} 🤖", seat.name)
    } else {
        seat.name.clone()
    }
}

/// The tiles still to be drawn as stored: the drawn tile (not yet in the record) first, then the
/// bag.
fn remaining_deck(g: &LiveGame) -> Vec<String> {
    g.drawn()
        .into_iter()
        .chain(g.bag().iter().copied())
        .map(|d| d.to_string())
        .collect()
}

fn reason_plural(r: Reason) -> &'static str {
    match r {
        Reason::City => "cities",
        Reason::Road => "roads",
        Reason::Cloister => "cloisters",
        Reason::Garden => "gardens",
        Reason::Farm => "farms",
        Reason::Goods => "goods",
    }
}

fn rules_line(s: &StoredGame) -> String {
    let farms = match s.rules.farms {
        FarmRule::PerFarm => "farms score 3 per completed city (per farm)",
        FarmRule::PerCity => "farms score 4 per completed city (per city)",
        FarmRule::None => "no farmers",
    };
    let reminders = if s.reminder_hours == 0 {
        "no reminders".to_string()
    } else {
        format!("reminders every {} h", s.reminder_hours)
    };
    format!(
        "{}, {farms}{}, {reminders}",
        s.sets.join(" + "),
        if s.rules.small_city {
            ", small cities score 2"
        } else {
            ""
        }
    )
}

const RULES_SUMMARY: &str = "On your turn place the drawn tile touching the board, every edge matching (city to city, road to road, field to field); then you may put one follower on that tile, on a city, road, field or cloister nobody occupies yet. Completed roads score 1 per tile, cities 2 per tile and pennant, cloisters 9; followers then come back. At the end unfinished features score 1 per tile and pennant (cloister: 1 + neighbours), then farms score for the completed cities they border. Ties all score.";

fn status_text(session: &Session) -> String {
    let s = &session.stored;
    let Some(game) = &session.game else {
        return format!("Lobby: {} player(s).", s.seats.len());
    };
    let mut lines = Vec::new();
    for (i, seat) in s.seats.iter().enumerate() {
        let marker = if !game.is_over() && game.current_player() == i {
            " ◀ to play"
        } else {
            ""
        };
        let sup = game.supplies()[i];
        let mut extra = Vec::new();
        for f in [Figure::Large, Figure::Builder, Figure::Pig, Figure::Abbot] {
            if game.has_figure(f) {
                extra.push(format!(
                    "{} {}",
                    if sup.count(f) > 0 { "✓" } else { "✗" },
                    f.name()
                ));
            }
        }
        if game.has_set(TileSet::Traders) {
            let g = game.goods()[i];
            extra.push(format!(
                "goods: {} wine, {} grain, {} cloth",
                g[Goods::Wine as usize],
                g[Goods::Grain as usize],
                g[Goods::Cloth as usize]
            ));
        }
        lines.push(format!(
            "{} {}: **{}** points, {} follower{} left{}{marker}",
            EMOJI[i % 6],
            seat_label(seat),
            game.scores()[i],
            sup.followers,
            if sup.followers == 1 { "" } else { "s" },
            if extra.is_empty() {
                String::new()
            } else {
                format!(" ({})", extra.join(", "))
            }
        ));
    }
    if let Some(t) = game.drawn_tile() {
        lines.push(format!(
            "Drawn tile: **{}** · {} tiles left after it",
            t.name(),
            game.remaining_total() - 1
        ));
    }
    lines.join("\n")
}

fn tiles_text(session: &Session) -> String {
    let Some(game) = &session.game else {
        return "The game has not started yet.".into();
    };
    let cat = crate::engine::catalog();
    let parts: Vec<String> = game
        .remaining()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, &c)| format!("{}×{c}", cat.tiles[i].id))
        .collect();
    format!(
        "**{} tiles left** (the drawn one included): {}",
        game.remaining_total(),
        parts.join(" ")
    )
}

fn help() -> Reply {
    Reply::refuse(
        "**Carcassonne here, in turns.**\n\
         • `/carcassonne new` opens a lobby (choose farm rule, small cities, reminders); others press **Join**, the creator presses **Start**. **Add computer** fills a seat.\n\
         • On your turn the bot pings you with the board and your tile in four rotations. `/carcassonne place x y rotation [follower]` — read x and y off the board's edges; rotation is 0, 90, 180 or 270; follower is a place like `city:N`, `road:E`, `field:SSW`, `cloister` or `none` (leave it out to choose with buttons); with the expansions also `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden` or `recall`. Autocomplete offers legal moves.\n\
         • `board`, `status`, `tiles`, `rules` show the game; `resign` hands your seat to the computer; `abort` stops it (creator or channel managers); `export` gives the game record; `history` lists past games.",
    )
}

/// The lines telling what a turn did: the move, what scored, goods taken, discards, and a
/// builder's second turn.
fn move_lines(
    s: &StoredGame,
    seat: usize,
    tile: TileId,
    at: Pos,
    rot: Rotation,
    act: Action,
    outcome: &TurnOutcome,
) -> Vec<String> {
    let name = s.seats[seat].name.as_str();
    let mut line = format!(
        "{} **{}** placed {} at [{},{}] rotation {}",
        EMOJI[seat % 6],
        name,
        tile.name(),
        at.x,
        at.y,
        rot.degrees()
    );
    match act {
        Action::Deploy { figure, spot } => {
            let what = match figure {
                Figure::Follower => spot.role().to_string(),
                Figure::Large => format!("large {}", spot.role()),
                Figure::Builder => "builder".into(),
                Figure::Pig => "pig".into(),
                Figure::Abbot => "abbot".into(),
            };
            line.push_str(&format!(" with a {what} on {spot}"));
        }
        Action::Recall => line.push_str(" and called the abbot back"),
        _ => {}
    }
    line.push('.');
    for e in &outcome.events {
        if e.players.is_empty() {
            continue;
        }
        line.push(' ');
        line.push_str(&score_text(s, e));
    }
    let mut lines = vec![line];
    for (p, kind, n) in &outcome.goods {
        lines.push(format!(
            "{} takes {n} {} token{} from the completed city.",
            s.seats[*p].name,
            kind.name(),
            if *n == 1 { "" } else { "s" }
        ));
    }
    for d in &outcome.discarded {
        lines.push(format!(
            "(Tile {} fits nowhere and was set aside.)",
            d.name()
        ));
    }
    if outcome.extra_turn {
        lines.push(format!(
            "{name} builds on: the builder gives a second tile this turn."
        ));
    }
    lines
}

fn score_text(s: &StoredGame, e: &ScoreEvent) -> String {
    let who: Vec<&str> = e
        .players
        .iter()
        .map(|&p| s.seats[p].name.as_str())
        .collect();
    let detail = match e.reason {
        Reason::City if e.pennants > 0 => format!(
            "{} tiles, {} pennant{}",
            e.tiles,
            e.pennants,
            if e.pennants == 1 { "" } else { "s" }
        ),
        Reason::Cloister | Reason::Garden if e.complete => String::new(),
        Reason::Cloister | Reason::Garden => format!("{} tiles", e.tiles),
        Reason::Goods => format!("{} tokens", e.tiles),
        _ => format!("{} tiles", e.tiles),
    };
    let what = match e.reason {
        Reason::Farm => "farm",
        r => r.name(),
    };
    format!(
        "{} +{} for the {what}{}.",
        who.join(" & "),
        e.points,
        if detail.is_empty() {
            String::new()
        } else {
            format!(" ({detail})")
        }
    )
}

/// `YYYY-MM-DD` of a unix time (UTC).
fn date(unix: u64) -> String {
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

/// Used by callers that want a record without the service (exports in tests).
pub fn record_of(stored_bytes: &[u8]) -> Result<Option<Record>, String> {
    Ok(StoredGame::decode(stored_bytes)?.record)
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
    fn buttons_round_trip() {
        let c = parse_button("cc:place:12:-3:4:270:field:SSW").unwrap();
        assert_eq!(
            c,
            Command::Place {
                x: -3,
                y: 4,
                rotation: 270,
                follower: FollowerChoice::Place("field:SSW".into()),
                turn: Some(12)
            }
        );
        assert_eq!(parse_button("cc:join"), Some(Command::Join));
        assert_eq!(parse_button("cc:place:x"), None);
        assert_eq!(parse_button("other"), None);
    }

    #[test]
    fn names_cannot_ping() {
        assert_eq!(clean_name("@everyone"), "＠everyone");
        assert_eq!(clean_name("<@123>"), "＠123");
        assert_eq!(clean_name("   "), "Player");
    }
}
