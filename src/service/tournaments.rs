//! Tournaments in a server (issue 60): the commands (`/tournament ...` and its buttons), the
//! tables' games and the job that follows them. The rules of a tournament are
//! [`super::tournament`]'s and the pairing [`super::league`]'s; this module reads and writes
//! them, opens the games and says what happened.
//!
//! **Storage.** A tournament is one entry per server and id, written with compare-and-swap
//! ([`Tournaments::change`]): two processes that advance it at once compute the same next
//! state, one writes and the other reads it again and finds nothing left to do, so a round
//! is paired once.
//!
//! **Its job** is a timer of the service's own ([`super::storage::Held`]): its user carries
//! [`TOURNAMENT_TIMER`] and the tournament's id, its topic the server. It is due when a table's
//! game ends (set as the game is archived), when sign-ups close, when a table's game reaches
//! the tournament's time limit, when a table still waits for its thread, and otherwise every
//! [`SWEEP`] seconds while the tournament runs (so a timer lost to a crash between a game's end
//! and its setting costs an hour at most; upkeep makes a missing one again). A process that
//! takes it keeps it again [`LEASE`] seconds ahead before it acts.
//!
//! **Tables.** A new round's reply names the tables whose games the Discord layer opens: it
//! makes a thread in the tournament's channel for each and sends [`Command::OpenTable`] there.
//! The table records its thread and game id first (compare-and-swap: a second thread made for
//! the same table is refused and deleted), then the game starts with the table's players in
//! their seats (computer seats played by the computer). A table not opened after
//! [`REASK`] seconds is asked for again; a table whose thread was recorded but whose game was
//! never written (a crash between the two) has it made by the job.
//!
//! **Results** come from the games' summaries in their threads' histories; a game past the
//! tournament's time limit ends as it stands, scored as if it had ended then (the end-of-game
//! rules), and its players who forfeited (see [`super::tournament`]) rank last at the table. A
//! dropped player's seat in a game being played is resigned (the computer plays it out).

use super::api::{
    Actor, Button, ButtonAction, ButtonStyle, Command, KeptMessage, Notice, Reply, Request,
    TableToOpen,
};
pub use super::api::{TournamentCommand, TournamentSpec};
use super::league::Player;
use super::sessions::{Session, Slot};
use super::storage::{Held, Key, Storage, StorageError};
use super::stored::{Phase, Seat, Summary, TableOf};
use super::text::clean_name;
use super::tournament::{
    Entrant, Format, Logged, Outcome, Status, TableRules, Tournament, TournamentError,
    MOST_ENTRANTS, MOST_SWISS_ROUNDS, NAME_CHARS, SCHEMA,
};
use super::Service;
use crate::i18n::{private, public, Lang};
use crate::tr;
use std::sync::Arc;

/// The bit that marks a member's timer as a tournament's job (no Discord id has it before
/// 2049); the rest of the timer's user is the tournament's id, its topic the server.
pub(super) const TOURNAMENT_TIMER: u64 = 1 << 62;

/// Seconds a process holds a tournament's job it took before another may take it over.
pub(super) const LEASE: u64 = 120;

/// Seconds between two looks at a running tournament when nothing else is due.
pub(super) const SWEEP: u64 = 3600;

/// Seconds before a table still without its thread is asked for again.
pub(super) const REASK: u64 = 300;

/// Attempts at a tournament's write that another process keeps overtaking.
const TRIES: usize = 8;

/// Lines of the standings a round's announcement shows.
const ANNOUNCED: usize = 12;

/// The server's other tournaments `overview` lists.
const OTHERS_SHOWN: usize = 10;

/// Most computer seats a tournament adds.
pub const MOST_COMPUTERS: u8 = 16;

/// Longest sign-up, in hours (four weeks).
pub const MOST_SIGNUP_HOURS: u32 = 24 * 28;

/// The servers' tournaments in storage: read, listed and changed with compare-and-swap.
pub(super) struct Tournaments {
    storage: Arc<dyn Storage>,
}

/// Why a tournament could not be read or changed.
#[derive(Debug)]
pub(super) enum Trouble {
    /// Refused, with what to say.
    Refused(Reply),
    /// The storage failed.
    Storage(StorageError),
}

impl From<StorageError> for Trouble {
    fn from(e: StorageError) -> Trouble {
        Trouble::Storage(e)
    }
}

impl Tournaments {
    pub(super) fn new(storage: Arc<dyn Storage>) -> Tournaments {
        Tournaments { storage }
    }

    /// A server's tournament, if it can be read (a damaged entry is logged and left alone).
    pub(super) fn get(&self, guild: u64, id: u64) -> Result<Option<Tournament>, StorageError> {
        Ok(self
            .storage
            .get_tournament(guild, id)?
            .and_then(|b| readable(guild, id, &b)))
    }

    /// Every readable tournament of a server, by id.
    pub(super) fn of_server(&self, guild: u64) -> Result<Vec<Tournament>, StorageError> {
        Ok(self
            .storage
            .tournaments(guild)?
            .into_iter()
            .filter_map(|(id, b)| readable(guild, id, &b))
            .collect())
    }

    /// Every readable tournament, with its server.
    pub(super) fn all(&self) -> Result<Vec<(u64, Tournament)>, StorageError> {
        Ok(self
            .storage
            .all_tournaments()?
            .into_iter()
            .filter_map(|(g, id, b)| readable(g, id, &b).map(|t| (g, t)))
            .collect())
    }

    /// Stores a new tournament under the server's next free id; returns it.
    pub(super) fn create(&self, guild: u64, mut t: Tournament) -> Result<Tournament, StorageError> {
        for _ in 0..TRIES {
            let next = self
                .storage
                .tournaments(guild)?
                .iter()
                .map(|(id, _)| *id)
                .max()
                .unwrap_or(0)
                + 1;
            t.id = next;
            match self.storage.swap_tournament(guild, next, None, &t.encode()) {
                Ok(()) => return Ok(t),
                Err(StorageError::Conflict { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StorageError::Conflict {
            expected: None,
            found: None,
        })
    }

    /// Changes a tournament with `f` and writes it over what was read (read again and done
    /// again when another process wrote first). `f` returning an error changes nothing.
    /// Returns the tournament before and after.
    pub(super) fn change(
        &self,
        guild: u64,
        id: u64,
        mut f: impl FnMut(&mut Tournament) -> Result<(), Reply>,
    ) -> Result<(Tournament, Tournament), Trouble> {
        for _ in 0..TRIES {
            let Some(bytes) = self.storage.get_tournament(guild, id)? else {
                return Err(Trouble::Refused(Reply::refuse(tr!(
                    private(),
                    "tournament-none"
                ))));
            };
            let before = Tournament::decode(&bytes).map_err(|why| {
                Trouble::Refused(Reply::refuse(tr!(
                    private(),
                    "tournament-damaged",
                    reason = why
                )))
            })?;
            let mut after = before.clone();
            f(&mut after).map_err(Trouble::Refused)?;
            if after == before {
                return Ok((before, after));
            }
            match self
                .storage
                .swap_tournament(guild, id, Some(&bytes), &after.encode())
            {
                Ok(()) => return Ok((before, after)),
                Err(StorageError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Trouble::Storage(StorageError::Conflict {
            expected: None,
            found: None,
        }))
    }
}

/// A stored tournament read, or logged as damaged.
fn readable(guild: u64, id: u64, bytes: &[u8]) -> Option<Tournament> {
    match Tournament::decode(bytes) {
        Ok(t) => Some(t),
        Err(e) => {
            tracing::warn!(guild, id, "a tournament cannot be read: {e}");
            None
        }
    }
}

/// A refusal's words.
fn refusal(e: TournamentError, t: &Tournament) -> Reply {
    let lang = private();
    let name = t.name.as_str();
    Reply::refuse(match e {
        TournamentError::SignUpClosed => tr!(lang, "tournament-signup-closed", name = name),
        TournamentError::AlreadyIn => tr!(lang, "tournament-already-in", name = name),
        TournamentError::NotIn => tr!(lang, "tournament-not-in", name = name),
        TournamentError::Full => tr!(lang, "tournament-full", name = name, count = MOST_ENTRANTS),
        TournamentError::TooFew => tr!(lang, "tournament-too-few", name = name, count = t.fewest()),
        TournamentError::WrongState => {
            tr!(lang, "tournament-wrong-state", state = t.status.words(lang))
        }
        TournamentError::Dropped => tr!(lang, "tournament-dropped-already"),
    })
}

/// A tournament's button.
fn button(command: TournamentCommand, label: &str, style: ButtonStyle) -> Button {
    Button {
        action: ButtonAction {
            game: 0,
            command: Command::Tournament(Box::new(command)),
        },
        label: tr!(public(), label),
        style,
    }
}

/// The sign-up buttons of a tournament.
fn signup_buttons(id: u64) -> Vec<Button> {
    vec![
        button(
            TournamentCommand::SignUp { id: Some(id) },
            "button-tournament-signup",
            ButtonStyle::Success,
        ),
        button(
            TournamentCommand::Withdraw { id: Some(id) },
            "button-tournament-withdraw",
            ButtonStyle::Secondary,
        ),
    ]
}

/// An entrant as the public texts name them: a member is mentioned, a computer seat named.
fn who(t: &Tournament, p: Player) -> String {
    match t.entrants.get(p as usize) {
        Some(e) if !e.computer && e.user != 0 => format!("<@{}>", e.user),
        Some(e) => e.name.clone(),
        None => "?".into(),
    }
}

/// A number of points as the standings show it (halves as .5).
fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The standings' lines, best first.
fn standings_lines(lang: Lang, t: &Tournament) -> Vec<String> {
    t.standings()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let e = &t.entrants[s.player as usize];
            let mut line = tr!(
                lang,
                "tournament-standings-line",
                rank = i + 1,
                name = e.name.as_str(),
                points = points(s.points),
                buchholz = points(s.buchholz),
                difference = format!("{:+.0}", s.difference)
            );
            if e.dropped {
                line.push_str(&format!(" ({})", tr!(lang, "tournament-dropped-mark")));
            }
            line
        })
        .collect()
}

/// The tournament's standings message, kept up to date in its channel: its state, the round
/// and its games, and the top of the standings.
fn board(t: &Tournament) -> Reply {
    let lang = public();
    let mut lines = vec![format!(
        "🏆 **{}** — {} · {}",
        t.name,
        t.format.words(lang),
        t.status.words(lang)
    )];
    if let Some(r) = t.rounds.last() {
        let playing = r.tables.iter().filter(|s| s.result.is_none()).count();
        lines.push(tr!(
            lang,
            "tournament-board-round",
            round = t.rounds.len(),
            rounds = t.rounds_planned(),
            playing = playing
        ));
        for (k, s) in r.tables.iter().enumerate() {
            let names: Vec<&str> = s.players.iter().map(|&p| t.name_of(p)).collect();
            let mut line = tr!(
                lang,
                "tournament-table-line",
                table = k + 1,
                players = names.join(", ")
            );
            match (&s.result, s.channel) {
                (Some(_), _) => line.push_str(" ✓"),
                (None, 0) => {}
                (None, c) => line.push_str(&format!(" <#{c}>")),
            }
            lines.push(line);
        }
    }
    lines.extend(standings_lines(lang, t).into_iter().take(ANNOUNCED));
    if let Some(w) = t.winner() {
        lines.push(tr!(
            lang,
            "tournament-finished",
            name = t.name.as_str(),
            winner = t.name_of(w)
        ));
    }
    let mut reply = Reply::public(lines.join("\n"));
    reply.set_kept(Some(KeptMessage {
        tournament: t.id,
        message: t.message,
    }));
    reply
}

/// What the channel is told of a tournament that moved from `before` to `after`: new rounds
/// with their tables (to open), the standings after each finished round, and the end.
fn announce(before: &Tournament, after: &Tournament) -> (Vec<String>, Vec<TableToOpen>) {
    let lang = public();
    let mut lines = Vec::new();
    let mut open = Vec::new();
    let old = before.rounds.len();
    let new_round = after.rounds.len() > old;
    if (new_round && old > 0)
        || (after.status == Status::Finished && before.status != Status::Finished)
    {
        lines.push(tr!(
            lang,
            "tournament-standings-title",
            name = after.name.as_str(),
            round = after.rounds.iter().filter(|r| r.done()).count()
        ));
        // The top of the table (a message holds 2,000 characters; `overview` shows more).
        lines.extend(standings_lines(lang, after).into_iter().take(ANNOUNCED));
    }
    if new_round {
        let planned = after.rounds_planned();
        for (i, r) in after.rounds.iter().enumerate().skip(old) {
            let round = i as u32 + 1;
            lines.push(tr!(
                lang,
                "tournament-round",
                name = after.name.as_str(),
                round = round,
                rounds = planned
            ));
            for (k, s) in r.tables.iter().enumerate() {
                let players: Vec<String> = s.players.iter().map(|&p| who(after, p)).collect();
                let mut line = tr!(
                    lang,
                    "tournament-table-line",
                    table = k + 1,
                    players = players.join(", ")
                );
                if s.result.is_some() {
                    line.push_str(&format!(" — {}", tr!(lang, "tournament-table-forfeited")));
                }
                lines.push(line);
            }
            if !r.byes.is_empty() {
                let byes: Vec<String> = r.byes.iter().map(|&p| who(after, p)).collect();
                lines.push(tr!(lang, "tournament-bye-line", names = byes.join(", ")));
            }
        }
        open = tables_to_open(after);
    }
    if after.status == Status::Finished && before.status != Status::Finished {
        let winner = after.winner().map(|p| who(after, p)).unwrap_or_default();
        lines.push(tr!(
            lang,
            "tournament-finished",
            name = after.name.as_str(),
            winner = winner
        ));
    }
    (lines, open)
}

/// The tables of the current round whose games the Discord layer is to open.
fn tables_to_open(t: &Tournament) -> Vec<TableToOpen> {
    let lang = public();
    t.to_open()
        .into_iter()
        .map(|(r, k)| TableToOpen {
            id: t.id,
            round: r as u32 + 1,
            table: k as u32,
            thread: tr!(
                lang,
                "tournament-thread-name",
                name = t.name.as_str(),
                round = r + 1,
                table = k + 1
            )
            .chars()
            .take(100)
            .collect(),
        })
        .collect()
}

/// Members to ping for new tables.
fn pings(before: &Tournament, after: &Tournament) -> Vec<u64> {
    let mut out: Vec<u64> = after
        .rounds
        .iter()
        .skip(before.rounds.len())
        .flat_map(|r| r.tables.iter().flat_map(|s| s.players.iter()))
        .filter_map(|&p| after.entrants.get(p as usize))
        .filter(|e| !e.computer && e.user != 0)
        .map(|e| e.user)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

impl Service {
    /// A tournament's command (handled outside any channel's lock; the tournament is written
    /// with compare-and-swap).
    pub(super) fn tournament_command(&self, req: &Request, c: &TournamentCommand) -> Reply {
        match self.tournament_in(req, c) {
            Ok(r) => r,
            Err(Trouble::Refused(r)) => r,
            Err(Trouble::Storage(e)) => self.storage_failed_reply(&e),
        }
    }

    fn tournament_in(&self, req: &Request, c: &TournamentCommand) -> Result<Reply, Trouble> {
        let guild = req.key.guild;
        let lang = private();
        let moderator = self.servers.is_moderator(req);
        let by = clean_name(&req.actor.name);
        match c {
            TournamentCommand::Create(spec) => self.create_tournament(req, spec),
            TournamentCommand::Seasons(change) => Ok(self.seasons_command(req, change)),
            TournamentCommand::SignUp { id } => {
                let t = self.tournament_here(req, *id)?;
                let name = clean_name(&req.actor.name);
                let (_, after) = self.tournaments.change(guild, t.id, |t| {
                    t.sign_up(req.actor.id, &name).map_err(|e| refusal(e, t))
                })?;
                Ok(self.signup_reply(&after, "tournament-signed-up", &name))
            }
            TournamentCommand::Withdraw { id } => {
                let t = self.tournament_here(req, *id)?;
                let name = clean_name(&req.actor.name);
                let (_, after) = self.tournaments.change(guild, t.id, |t| {
                    t.withdraw(req.actor.id).map_err(|e| refusal(e, t))
                })?;
                Ok(self.signup_reply(&after, "tournament-withdrew", &name))
            }
            TournamentCommand::Start => {
                let t = self.tournament_here(req, None)?;
                if !moderator && req.actor.id != t.creator {
                    return Err(Trouble::Refused(Reply::refuse(tr!(
                        lang,
                        "tournament-not-moderator"
                    ))));
                }
                let (before, after) = self
                    .tournaments
                    .change(guild, t.id, |t| t.start(req.now).map_err(|e| refusal(e, t)))?;
                self.after_change(
                    guild,
                    &before,
                    &after,
                    req.now,
                    tr!(
                        public(),
                        "tournament-started",
                        name = after.name.as_str(),
                        count = after.entrants.len()
                    ),
                )
            }
            TournamentCommand::Show { id } => {
                let t = match id {
                    Some(n) => self.tournaments.get(guild, *n)?.ok_or_else(|| {
                        Trouble::Refused(Reply::refuse(tr!(
                            lang,
                            "tournament-no-number",
                            number = *n
                        )))
                    })?,
                    None => self.tournament_here(req, None)?,
                };
                let mut text = self.show(&t);
                let others = self.others_line(guild, t.id)?;
                if !others.is_empty() {
                    text.push('\n');
                    text.push_str(&others);
                }
                Ok(Reply::refuse(text))
            }
            TournamentCommand::Drop { user } => self
                .moderate(req, moderator, |t| {
                    let p = t
                        .entrant_of(*user)
                        .ok_or(TournamentError::NotIn)
                        .map_err(|e| refusal(e, t))?;
                    t.drop_player(p, &by, req.now).map_err(|e| refusal(e, t))
                })
                .and_then(|(before, after)| {
                    let p = after.entrant_of(*user).unwrap_or(0);
                    self.resign_in_tables(guild, &after, p, req.now);
                    self.after_change(
                        guild,
                        &before,
                        &after,
                        req.now,
                        tr!(
                            public(),
                            "tournament-dropped",
                            name = after.name_of(p),
                            by = by.as_str()
                        ),
                    )
                }),
            TournamentCommand::Replace {
                user,
                by: new,
                name,
            } => {
                let new_name = clean_name(name);
                let (before, after) = self.moderate(req, moderator, |t| {
                    let p = t
                        .entrant_of(*user)
                        .ok_or(TournamentError::NotIn)
                        .map_err(|e| refusal(e, t))?;
                    t.replace(p, *new, &new_name, &by, req.now)
                        .map_err(|e| refusal(e, t))
                })?;
                let p = after.entrant_of(*new).unwrap_or(0);
                self.hand_over_in_tables(guild, &after, p, *user, *new, &new_name);
                self.after_change(
                    guild,
                    &before,
                    &after,
                    req.now,
                    tr!(
                        public(),
                        "tournament-replaced",
                        old = format!("<@{user}>"),
                        new = format!("<@{new}>"),
                        by = by.as_str()
                    ),
                )
            }
            TournamentCommand::Pause | TournamentCommand::Resume => {
                let on = matches!(c, TournamentCommand::Pause);
                let (before, after) = self.moderate(req, moderator, |t| {
                    t.pause(on, &by, req.now).map_err(|e| refusal(e, t))
                })?;
                let key = if on {
                    "tournament-paused"
                } else {
                    "tournament-resumed"
                };
                self.after_change(
                    guild,
                    &before,
                    &after,
                    req.now,
                    tr!(public(), key, name = after.name.as_str(), by = by.as_str()),
                )
            }
            TournamentCommand::Cancel => {
                let (before, after) = self.moderate(req, moderator, |t| {
                    t.cancel(&by, req.now).map_err(|e| refusal(e, t))
                })?;
                self.after_change(
                    guild,
                    &before,
                    &after,
                    req.now,
                    tr!(
                        public(),
                        "tournament-cancelled",
                        name = after.name.as_str(),
                        by = by.as_str()
                    ),
                )
            }
        }
    }

    /// A moderator's change to this channel's tournament.
    fn moderate(
        &self,
        req: &Request,
        moderator: bool,
        f: impl FnMut(&mut Tournament) -> Result<(), Reply>,
    ) -> Result<(Tournament, Tournament), Trouble> {
        if !moderator {
            return Err(Trouble::Refused(Reply::refuse(tr!(
                private(),
                "tournament-not-moderator"
            ))));
        }
        let t = self.tournament_here(req, None)?;
        self.tournaments.change(req.key.guild, t.id, f)
    }

    /// The public reply to a change: `head`, then what the change made happen; its job is
    /// due again as the change requires.
    fn after_change(
        &self,
        guild: u64,
        before: &Tournament,
        after: &Tournament,
        now: u64,
        head: String,
    ) -> Result<Reply, Trouble> {
        let (lines, open) = announce(before, after);
        self.schedule_tournament(guild, after, now);
        let mut reply = Reply::public([vec![head], lines].concat().join("\n"));
        reply.ping = pings(before, after).into();
        if before.status != Status::SignUp || after.status != Status::SignUp {
            self.post_later(Notice {
                key: Key::new(guild, after.channel),
                reply: board(after),
            });
        }
        if !open.is_empty() {
            // The tables' threads are made in the tournament's channel once this is posted.
            let mut tables = Reply::default();
            tables.set_tables(open);
            self.post_later(Notice {
                key: Key::new(guild, after.channel),
                reply: tables,
            });
        }
        Ok(reply)
    }

    /// The reply to a sign-up or withdrawal: who, and the list.
    fn signup_reply(&self, t: &Tournament, key: &str, name: &str) -> Reply {
        let lang = public();
        let names: Vec<&str> = t.entrants.iter().map(|e| e.name.as_str()).collect();
        let mut reply = Reply::public(format!(
            "{}\n{}",
            tr!(lang, key, name = name, tournament = t.name.as_str()),
            tr!(
                lang,
                "tournament-entrants",
                count = names.len(),
                names = names.join(", ")
            )
        ));
        reply.buttons = signup_buttons(t.id);
        reply
    }

    /// The tournament a command means: the button's, else the one of this channel that has not
    /// ended.
    fn tournament_here(&self, req: &Request, id: Option<u64>) -> Result<Tournament, Trouble> {
        let none = || Trouble::Refused(Reply::refuse(tr!(private(), "tournament-none")));
        if let Some(id) = id {
            return self.tournaments.get(req.key.guild, id)?.ok_or_else(none);
        }
        let mut here: Vec<Tournament> = self
            .tournaments
            .of_server(req.key.guild)?
            .into_iter()
            .filter(|t| t.channel == req.key.channel)
            .collect();
        // The one still open, else the last one (its standings).
        here.sort_by_key(|t| (!t.status.ended(), t.id));
        here.pop().ok_or_else(none)
    }

    /// Opens a tournament in the request's channel.
    fn create_tournament(&self, req: &Request, spec: &TournamentSpec) -> Result<Reply, Trouble> {
        let lang = private();
        let refuse = |key: &str| Err(Trouble::Refused(Reply::refuse(tr!(lang, key))));
        if !self.servers.is_moderator(req) {
            return refuse("tournament-not-moderator");
        }
        let name = clean_name(&spec.name);
        if spec.name.trim().is_empty() || name.chars().count() > NAME_CHARS {
            return Err(Trouble::Refused(Reply::refuse(tr!(
                lang,
                "tournament-bad-name",
                most = NAME_CHARS
            ))));
        }
        if !(2..=4).contains(&spec.table_size) {
            return refuse("tournament-bad-size");
        }
        match spec.format {
            Format::Swiss { rounds } if !(1..=MOST_SWISS_ROUNDS).contains(&rounds) => {
                return Err(Trouble::Refused(Reply::refuse(tr!(
                    lang,
                    "tournament-bad-rounds",
                    most = MOST_SWISS_ROUNDS
                ))));
            }
            Format::Elimination if spec.table_size != 2 => {
                return refuse("tournament-two-only");
            }
            _ => {}
        }
        if spec.computers > MOST_COMPUTERS {
            return Err(Trouble::Refused(Reply::refuse(tr!(
                lang,
                "tournament-bad-computers",
                most = MOST_COMPUTERS
            ))));
        }
        if spec.signup_hours == Some(0) {
            return refuse("tournament-past-signup");
        }
        if spec.signup_hours.is_some_and(|h| h > MOST_SIGNUP_HOURS) {
            return Err(Trouble::Refused(Reply::refuse(tr!(
                lang,
                "tournament-signup-too-long",
                most = MOST_SIGNUP_HOURS
            ))));
        }
        if spec.game_hours > 24 * 60 {
            return refuse("tournament-game-hours");
        }
        // The games' options as `new` checks them (sets, clock, the channel and the role).
        let template =
            super::table::game_options(self, req, &spec.game).map_err(Trouble::Refused)?;
        let open = self
            .tournaments
            .of_server(req.key.guild)?
            .into_iter()
            .find(|t| t.channel == req.key.channel && !t.status.ended());
        if let Some(t) = open {
            return Err(Trouble::Refused(Reply::refuse(tr!(
                lang,
                "tournament-exists",
                name = t.name.as_str()
            ))));
        }
        let hour = self.settings.seconds_per_hour.max(1);
        let mut t = Tournament {
            schema: SCHEMA,
            id: 0,
            channel: req.key.channel,
            name,
            creator: req.actor.id,
            created_at: req.now,
            format: spec.format,
            table_size: spec.table_size,
            game: TableRules {
                sets: template.sets.clone(),
                rules: template.rules,
                reminder_hours: template.reminder_hours,
                clock_hours: template.clock_hours,
                clock_runs_always: template.clock_runs_always,
                while_away: template.while_away,
                hints: template.hints,
                level: template.computer_level,
            },
            signup_until: spec.signup_hours.map(|h| req.now + h as u64 * hour),
            game_hours: spec.game_hours,
            computers: spec.computers,
            entrants: Vec::<Entrant>::new(),
            rounds: Vec::new(),
            schedule: Vec::new(),
            status: Status::SignUp,
            log: Vec::new(),
            message: None,
        };
        t.note(
            req.now,
            Logged::Created {
                by: clean_name(&req.actor.name),
            },
        );
        let t = self.tournaments.create(req.key.guild, t)?;
        self.schedule_tournament(req.key.guild, &t, req.now);
        let plang = public();
        let mut lines = vec![tr!(
            plang,
            "tournament-created",
            name = t.name.as_str(),
            format = t.format.words(plang),
            size = t.table_size,
            sets = t.game.sets.join(", ")
        )];
        if t.computers > 0 {
            lines.push(tr!(plang, "tournament-computers", count = t.computers));
        }
        if t.game_hours > 0 {
            lines.push(tr!(plang, "tournament-game-limit", hours = t.game_hours));
        }
        lines.push(match t.signup_until {
            Some(at) => tr!(plang, "tournament-signup-until", at = at),
            None => tr!(plang, "tournament-signup-by-hand"),
        });
        let mut reply = Reply::public(lines.join("\n"));
        reply.buttons = signup_buttons(t.id);
        Ok(reply)
    }

    /// The server's other tournaments, newest first (at most [`OTHERS_SHOWN`]): number, name,
    /// where each is and its winner, so that past ones stay in reach of `overview number:N`.
    fn others_line(&self, guild: u64, shown: u64) -> Result<String, Trouble> {
        let lang = private();
        let mut all = self.tournaments.of_server(guild)?;
        all.retain(|t| t.id != shown);
        if all.is_empty() {
            return Ok(String::new());
        }
        all.sort_by_key(|t| std::cmp::Reverse(t.id));
        let mut lines = vec![tr!(lang, "tournament-others-title")];
        lines.extend(all.iter().take(OTHERS_SHOWN).map(|t| t.line(lang)));
        if all.len() > OTHERS_SHOWN {
            lines.push(tr!(
                lang,
                "tournament-others-more",
                count = all.len() - OTHERS_SHOWN
            ));
        }
        Ok(lines.join("\n"))
    }

    /// A tournament as `overview` shows it: where it is, standings, the round's open tables and
    /// the latest of its log.
    fn show(&self, t: &Tournament) -> String {
        let lang = private();
        let mut lines = vec![format!(
            "🏆 #{} **{}** — {} — {}",
            t.id,
            t.name,
            t.format.words(lang),
            t.status.words(lang)
        )];
        if t.status == Status::SignUp {
            let names: Vec<&str> = t.entrants.iter().map(|e| e.name.as_str()).collect();
            lines.push(tr!(
                lang,
                "tournament-entrants",
                count = names.len(),
                names = names.join(", ")
            ));
        } else {
            lines.extend(standings_lines(lang, t));
            if let Some(r) = t.rounds.last() {
                lines.push(tr!(
                    lang,
                    "tournament-round-now",
                    round = t.rounds.len(),
                    rounds = t.rounds_planned()
                ));
                for (k, s) in r.tables.iter().enumerate() {
                    if s.result.is_none() {
                        let names: Vec<&str> = s.players.iter().map(|&p| t.name_of(p)).collect();
                        let place = if s.channel != 0 {
                            format!(" <#{}>", s.channel)
                        } else {
                            String::new()
                        };
                        lines.push(format!(
                            "{}{place}",
                            tr!(
                                lang,
                                "tournament-table-line",
                                table = k + 1,
                                players = names.join(", ")
                            )
                        ));
                    }
                }
            }
        }
        if !t.log.is_empty() {
            lines.push(tr!(lang, "tournament-log-title"));
            for l in t.log.iter().rev().take(5) {
                lines.push(format!("<t:{}:d> {}", l.at, log_words(lang, &l.what)));
            }
        }
        lines.join("\n")
    }

    /// The standings message a tournament keeps up to date, as stored now (a notice made before
    /// it was posted does not know it yet).
    pub fn tournament_message(&self, guild: u64, id: u64) -> Option<u64> {
        self.tournaments.get(guild, id).ok().flatten()?.message
    }

    /// The Discord layer posted a tournament's standings message anew (there was none, or it
    /// was gone): later updates edit `message`.
    pub fn tournament_message_posted(&self, guild: u64, id: u64, message: u64) {
        let kept = self.tournaments.change(guild, id, |t| {
            t.message = Some(message);
            Ok(())
        });
        if let Err(e) = kept {
            tracing::warn!(guild, id, "cannot keep a tournament's message: {e:?}");
        }
    }

    /// Keeps the tournament's job due when it next needs one (nothing once it has ended).
    pub(super) fn schedule_tournament(&self, guild: u64, t: &Tournament, now: u64) {
        if let Some(due) = next_due(t, now, self.settings.seconds_per_hour) {
            self.members
                .hold_raw(TOURNAMENT_TIMER | t.id, Key::new(guild, 0), due);
        }
    }

    /// A tournament's game ended (or left the channel): its job looks at it now.
    pub(super) fn tournament_game_ended(&self, guild: u64, of: TableOf, now: u64) {
        self.members
            .hold_raw(TOURNAMENT_TIMER | of.id, Key::new(guild, 0), now);
    }

    /// Takes the tournaments' jobs among timers just taken (the rest are returned) and does
    /// them; what they say goes to the tournaments' channels.
    pub(super) fn take_tournaments(&self, held: Vec<Held>, now: u64) -> (Vec<Held>, Vec<Notice>) {
        let (jobs, rest): (Vec<Held>, Vec<Held>) = held
            .into_iter()
            .partition(|h| h.user & TOURNAMENT_TIMER != 0 && h.user >> 63 == 0);
        let mut out = Vec::new();
        for h in jobs {
            // Kept again first: a process that dies now leaves the job to the next.
            self.members.hold_again(&Held {
                due: now + LEASE,
                ..h.clone()
            });
            let id = h.user & !TOURNAMENT_TIMER;
            let guild = h.topic.guild;
            // Said in the server's language.
            let lang = self.servers.server(guild).lang.unwrap_or_default();
            let langs = crate::i18n::Langs {
                private: lang,
                public: lang,
            };
            out.extend(crate::i18n::scope(langs, || {
                self.tournament_tick(guild, id, now)
            }));
        }
        (rest, out)
    }

    /// Makes the timers of tournaments that run without one (lost to a failure between
    /// taking and acting); returns how many.
    pub(super) fn restore_tournament_timers(&self, held: &[Held], now: u64) -> usize {
        let Ok(all) = self.tournaments.all() else {
            return 0;
        };
        let mut made = 0;
        for (guild, t) in all {
            let has = held
                .iter()
                .any(|h| h.user == TOURNAMENT_TIMER | t.id && h.topic.guild == guild);
            if !has && !t.status.ended() {
                self.schedule_tournament(guild, &t, now);
                made += 1;
            }
        }
        made
    }

    /// One look at a tournament: sign-ups that closed, results of its tables, games past the
    /// time limit, games to open again; the next round paired when one is done.
    pub fn tournament_tick(&self, guild: u64, id: u64, now: u64) -> Vec<Notice> {
        let t = match self.tournaments.get(guild, id) {
            Ok(Some(t)) => t,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::warn!(guild, id, "cannot read a tournament: {e}");
                return Vec::new();
            }
        };
        let key = Key::new(guild, t.channel);
        let mut out = Vec::new();
        let lang = public();
        // Sign-ups that closed: it starts, or ends for want of players.
        if t.status == Status::SignUp && t.signup_until.is_some_and(|at| at <= now) {
            let changed = self.tournaments.change(guild, id, |t| {
                if t.status != Status::SignUp {
                    return Ok(());
                }
                if t.start(now).is_err() {
                    t.cancel("—", now).map_err(|e| refusal(e, t))?;
                }
                Ok(())
            });
            match changed {
                Ok((before, after)) if before != after => {
                    let head = if after.status == Status::Cancelled {
                        tr!(
                            lang,
                            "tournament-too-few-cancelled",
                            name = after.name.as_str(),
                            count = after.fewest()
                        )
                    } else {
                        tr!(
                            lang,
                            "tournament-started",
                            name = after.name.as_str(),
                            count = after.entrants.len()
                        )
                    };
                    if let Ok(reply) = self.after_change(guild, &before, &after, now, head) {
                        out.push(Notice { key, reply });
                    }
                }
                Ok((_, after)) => self.schedule_tournament(guild, &after, now),
                Err(e) => tracing::warn!(guild, id, "cannot start a tournament: {e:?}"),
            }
            return out;
        }
        if !matches!(t.status, Status::Running | Status::Paused) {
            self.schedule_tournament(guild, &t, now);
            return out;
        }
        // The results of its tables, read outside the tournament's write.
        let mut results = Vec::new();
        let limit = t.game_hours as u64 * self.settings.seconds_per_hour.max(1);
        if let Some(r) = t.rounds.len().checked_sub(1) {
            for (k, s) in t.rounds[r].tables.iter().enumerate() {
                if s.result.is_some() || s.channel == 0 {
                    continue;
                }
                let at = Key::new(guild, s.channel);
                let of = TableOf {
                    id,
                    round: r as u32 + 1,
                    table: k as u32,
                };
                // The game being played first, then the history: a game that ends between the
                // two reads is found in the history.
                let past = limit > 0 && now >= t.rounds[r].started_at + limit;
                let live = self.live_game_id(at);
                if live == Some(s.game) {
                    if past {
                        if let Some((o, n)) = self.end_for_limit(at, s.game, &s.players, now) {
                            results.push((r, k, o));
                            out.push(n);
                        }
                    }
                    continue;
                }
                match self.table_result(at, s.game, &s.players) {
                    Ok(Some(o)) => results.push((r, k, o)),
                    // Recorded, never written (a crash between the two): made now.
                    Ok(None) if live.is_none() => {
                        if let Some(n) = self.open_table_game(at, &t, of, s.game, now) {
                            out.push(n);
                        }
                    }
                    Ok(None) => {
                        tracing::warn!(%at, "a tournament table's thread holds another game")
                    }
                    Err(e) => tracing::warn!(%at, "cannot read a tournament table's game: {e}"),
                }
            }
        }
        let changed = self.tournaments.change(guild, id, |t| {
            for (r, k, o) in &results {
                t.record(*r, *k, o.clone());
            }
            t.advance(now);
            Ok(())
        });
        match changed {
            Ok((before, after)) => {
                let (lines, open) = announce(&before, &after);
                // Tables still without their game after a while: asked for again.
                let open = if open.is_empty() && before.rounds.len() == after.rounds.len() {
                    let waited = after
                        .rounds
                        .last()
                        .is_some_and(|r| now >= r.started_at + REASK);
                    if waited {
                        tables_to_open(&after)
                    } else {
                        Vec::new()
                    }
                } else {
                    open
                };
                self.schedule_tournament(guild, &after, now);
                if !lines.is_empty() || !open.is_empty() {
                    let mut reply = Reply::public(lines.join("\n"));
                    reply.ping = pings(&before, &after).into();
                    reply.set_tables(open);
                    out.push(Notice { key, reply });
                }
                if before != after {
                    out.push(Notice {
                        key,
                        reply: board(&after),
                    });
                }
            }
            Err(e) => tracing::warn!(guild, id, "cannot advance a tournament: {e:?}"),
        }
        out
    }

    /// The id of the game being played in a channel, if any.
    fn live_game_id(&self, key: Key) -> Option<u64> {
        self.peek(key, |s| {
            (matches!(s.stored.phase, Phase::Playing | Phase::Lobby)).then_some(s.stored.id)
        })
        .flatten()
    }

    /// A table's result, if its game `game` is in the channel's history.
    fn table_result(
        &self,
        key: Key,
        game: u64,
        players: &[Player],
    ) -> Result<Option<Outcome>, StorageError> {
        let summaries = self.storage_summaries(key)?;
        Ok(summaries
            .into_iter()
            .find(|s| s.game == game)
            .map(|s| outcome_of(&s, players)))
    }

    /// A channel's summaries, read.
    fn storage_summaries(&self, key: Key) -> Result<Vec<Summary>, StorageError> {
        self.history.summaries_of(key)
    }

    /// Ends a table's game at the tournament's time limit, scored as if it ended now; returns
    /// the table's result and what the game's channel is told.
    fn end_for_limit(
        &self,
        key: Key,
        game: u64,
        players: &[Player],
        now: u64,
    ) -> Option<(Outcome, Notice)> {
        let lang = public();
        let ended = self.with_slot(key, |svc, slot| {
            let Slot::Game(session) = slot else {
                return None;
            };
            if session.stored.id != game || session.stored.phase != Phase::Playing {
                return None;
            }
            let live = session.game.as_ref()?;
            let fin = live.final_scoring();
            let mut next = session.stored.clone();
            next.phase = Phase::Finished;
            next.ended_at = Some(now);
            next.end_reason = Some("the tournament's time limit".into());
            let summary = Summary::scored(&next, &fin);
            let names: Vec<String> = next
                .seats
                .iter()
                .zip(&fin.scores)
                .map(|(s, p)| format!("{} {p}", s.name))
                .collect();
            match svc.archive(key, session, next, Some(&fin)) {
                Ok(_) => {
                    *slot = Slot::Empty;
                    Some((outcome_of(&summary, players), names))
                }
                Err(_) => None,
            }
        })??;
        let (o, names) = ended;
        let reply = Reply::public(tr!(
            lang,
            "tournament-time-limit",
            scores = names.join(", ")
        ));
        Some((o, Notice { key, reply }))
    }

    /// Resigns a dropped player's seat in their table's game being played (the computer plays
    /// it out for the others).
    fn resign_in_tables(&self, guild: u64, t: &Tournament, p: Player, now: u64) {
        let Some(r) = t.rounds.last() else {
            return;
        };
        let Some(user) = t.entrants.get(p as usize).map(|e| e.user) else {
            return;
        };
        for s in r
            .tables
            .iter()
            .filter(|s| s.result.is_none() && s.channel != 0)
        {
            if s.players.contains(&p) && user != 0 {
                let reply = self.handle(Request {
                    key: Key::new(guild, s.channel),
                    actor: Actor {
                        id: user,
                        name: t.name_of(p).to_string(),
                        manager: false,
                        rights: Default::default(),
                    },
                    command: Command::Resign,
                    now,
                    game: None,
                    interaction: None,
                    locale: Default::default(),
                });
                if !reply.ephemeral {
                    self.post_later(Notice {
                        key: Key::new(guild, s.channel),
                        reply,
                    });
                }
            }
        }
    }

    /// Hands a replaced player's seat in their table's game being played to who replaces them.
    fn hand_over_in_tables(
        &self,
        guild: u64,
        t: &Tournament,
        p: Player,
        old: u64,
        new: u64,
        name: &str,
    ) {
        let Some(r) = t.rounds.last() else {
            return;
        };
        for s in r
            .tables
            .iter()
            .filter(|s| s.result.is_none() && s.channel != 0)
        {
            if !s.players.contains(&p) {
                continue;
            }
            let key = Key::new(guild, s.channel);
            let done = self.with_slot(key, |svc, slot| {
                let Slot::Game(session) = slot else {
                    return false;
                };
                if session.stored.id != s.game {
                    return false;
                }
                let mut next = session.stored.clone();
                let Some(seat) = next.seats.iter_mut().find(|x| x.user == old) else {
                    return false;
                };
                seat.user = new;
                seat.name = name.to_string();
                seat.web_keys.clear();
                let game = session.game.take();
                svc.commit(key, session, next, game).is_ok()
            });
            if done == Some(true) {
                self.post_later(Notice {
                    key,
                    reply: Reply {
                        ping: vec![new].into(),
                        ..Reply::public(tr!(
                            public(),
                            "tournament-seat-handed",
                            new = format!("<@{new}>")
                        ))
                    },
                });
            }
        }
    }

    /// Opens a tournament table's game in the request's channel (a thread made for it): the
    /// table records the channel first, then the game starts. Refused when the table is open
    /// elsewhere or the tournament is no longer played.
    pub(super) fn open_table(
        &self,
        req: &Request,
        id: u64,
        round: u32,
        table: u32,
    ) -> (Reply, Option<Session>) {
        let guild = req.key.guild;
        let game = super::new_game_id(self.settings.seed, req.now ^ (req.key.channel << 1));
        let mut chosen = 0;
        let changed = self.tournaments.change(guild, id, |t| {
            if !matches!(t.status, Status::Running | Status::Paused) {
                return Err(Reply::refuse(tr!(private(), "tournament-table-taken")));
            }
            let slot = t
                .rounds
                .get_mut(round.saturating_sub(1) as usize)
                .and_then(|r| r.tables.get_mut(table as usize))
                .ok_or_else(|| Reply::refuse(tr!(private(), "tournament-table-taken")))?;
            if slot.result.is_some() || (slot.channel != 0 && slot.channel != req.key.channel) {
                return Err(Reply::refuse(tr!(private(), "tournament-table-taken")));
            }
            if slot.channel == 0 {
                slot.channel = req.key.channel;
                slot.game = game;
            }
            chosen = slot.game;
            Ok(())
        });
        let t = match changed {
            Ok((_, after)) => after,
            Err(Trouble::Refused(r)) => return (r, None),
            Err(Trouble::Storage(e)) => return (self.storage_failed_reply(&e), None),
        };
        let of = TableOf { id, round, table };
        self.start_table(req, &t, of, chosen)
    }

    /// Makes and starts a table's game `game` in a channel whose slot is empty (the job's
    /// repair of a table recorded but never written).
    fn open_table_game(
        &self,
        key: Key,
        t: &Tournament,
        of: TableOf,
        game: u64,
        now: u64,
    ) -> Option<Notice> {
        let req = self.table_request(key, t, now);
        let reply = self
            .with_slot(key, |svc, slot| {
                if !matches!(slot, Slot::Empty) {
                    return None;
                }
                let (reply, session) = svc.start_table(&req, t, of, game);
                if let Some(s) = session {
                    *slot = Slot::Game(Box::new(s));
                }
                Some(reply)
            })
            .flatten()?;
        (!reply.ephemeral).then_some(Notice { key, reply })
    }

    /// The request a table's game is made with: by the tournament's creator, in the table's
    /// channel.
    fn table_request(&self, key: Key, t: &Tournament, now: u64) -> Request {
        Request {
            key,
            actor: Actor {
                id: t.creator,
                name: String::new(),
                manager: false,
                rights: Default::default(),
            },
            command: Command::Help,
            now,
            game: None,
            interaction: None,
            locale: Default::default(),
        }
    }

    /// Starts a table's game `game` in the request's (empty) channel with the table's players.
    fn start_table(
        &self,
        req: &Request,
        t: &Tournament,
        of: TableOf,
        game: u64,
    ) -> (Reply, Option<Session>) {
        let Some(slot) = t
            .rounds
            .get(of.round.saturating_sub(1) as usize)
            .and_then(|r| r.tables.get(of.table as usize))
        else {
            return (
                Reply::refuse(tr!(private(), "tournament-table-taken")),
                None,
            );
        };
        let req = Request {
            actor: Actor {
                id: t.creator,
                ..req.actor.clone()
            },
            ..req.clone()
        };
        let g = &t.game;
        let mut lobby = super::table::new_stored(self, &req, &g.sets, g.rules);
        lobby.reminder_hours = g.reminder_hours;
        lobby.clock_hours = g.clock_hours;
        lobby.clock_runs_always = g.clock_runs_always;
        lobby.while_away = g.while_away;
        lobby.hints = g.hints;
        lobby.computer_level = g.level;
        lobby.max_players = slot.players.len() as u8;
        lobby.origin = Some(t.channel);
        lobby.id = game;
        lobby.tournament = Some(of);
        lobby.seats = slot
            .players
            .iter()
            .map(|&p| {
                let e = &t.entrants[p as usize];
                Seat {
                    user: if e.computer { 0 } else { e.user },
                    name: e.name.clone(),
                    computer: e.computer,
                    ..Seat::default()
                }
            })
            .collect();
        let headline = tr!(
            public(),
            "tournament-table-headline",
            name = t.name.as_str(),
            round = of.round,
            table = of.table + 1
        );
        super::table::start_seated(self, &req, lobby, headline)
    }
}

/// When a tournament's job is next due (`None`: never again).
fn next_due(t: &Tournament, now: u64, hour: u64) -> Option<u64> {
    match t.status {
        Status::Finished | Status::Cancelled => None,
        Status::SignUp => t.signup_until,
        Status::Running | Status::Paused => {
            let mut due = now + SWEEP;
            if let Some(r) = t.rounds.last() {
                if t.game_hours > 0 && !r.done() {
                    let limit = r.started_at + t.game_hours as u64 * hour.max(1);
                    due = due.min(limit.max(now + 1));
                }
                if r.tables.iter().any(|s| s.to_open()) {
                    due = due.min(now.max(r.started_at) + REASK);
                }
            }
            Some(due)
        }
    }
}

/// A table's result from its game's summary: the scores, and who forfeited (an aborted game:
/// those who resigned, or everyone when nobody did).
fn outcome_of(s: &Summary, players: &[Player]) -> Outcome {
    let finished = s.phase == Phase::Finished && !s.scores.is_empty();
    let forfeit = if finished || !s.out.is_empty() {
        s.out
            .iter()
            .filter_map(|&i| players.get(i).copied())
            .collect()
    } else {
        players.to_vec()
    };
    Outcome {
        scores: if s.phase == Phase::Finished {
            s.scores.clone()
        } else {
            Vec::new()
        },
        forfeit,
        at: s.ended_at,
    }
}

/// A log line in words.
fn log_words(lang: Lang, what: &Logged) -> String {
    match what {
        Logged::Created { by } => tr!(lang, "tournament-log-created", by = by.as_str()),
        Logged::Started { entrants } => tr!(lang, "tournament-log-started", count = *entrants),
        Logged::Round { round } => tr!(lang, "tournament-log-round", round = *round),
        Logged::Dropped { name, by } => tr!(
            lang,
            "tournament-log-dropped",
            name = name.as_str(),
            by = by.as_str()
        ),
        Logged::Replaced { old, new, by } => tr!(
            lang,
            "tournament-log-replaced",
            old = old.as_str(),
            new = new.as_str(),
            by = by.as_str()
        ),
        Logged::Paused { by } => tr!(lang, "tournament-log-paused", by = by.as_str()),
        Logged::Resumed { by } => tr!(lang, "tournament-log-resumed", by = by.as_str()),
        Logged::Cancelled { by } => tr!(lang, "tournament-log-cancelled", by = by.as_str()),
        Logged::Finished { winner } => {
            tr!(lang, "tournament-log-finished", winner = winner.as_str())
        }
    }
}
