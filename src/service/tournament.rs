//! A server's tournament as stored (issue 60), and what happens to it: sign-ups, the start,
//! each round's pairing, the tables' results, drops, replacements, pause, resume, cancel and
//! the end. Pure: no storage, no Discord, no clock but the `now` it is given, so every process
//! computes the same next state from the same stored one (the service writes it with
//! compare-and-swap: a round advances once).
//!
//! **Players.** A player is an entrant's number (their place in the sign-up order, from 0),
//! so a replacement takes over the entrant's results and seat; computer seats asked for at
//! creation are entrants too, added at the start.
//!
//! **Rounds.** Swiss pairs each round by [`league::swiss`] (at most the chosen table size); a
//! round robin plays the schedule of [`league::round_robin_tables`] fixed at the start (the
//! circle method at two-player tables, a covering of every pair at larger ones); single elimination seeds the bracket in sign-up order ([`league::bracket`]) and then
//! pairs the advancers of each round the way a printed bracket does (the first against the
//! last, and so on), so the top seeds meet last. A table with a dropped player that has not
//! opened is decided at once by forfeit, without a game.
//!
//! **Results.** A table's result is its game's final scores; a player who resigned, was voted
//! away or lost the seat to the computer by running out of time (the move clock's rules) is
//! marked as forfeiting and ranks below the others ([`league`]'s points). In an elimination
//! the table's winner goes on: the highest score among those who did not forfeit, the better
//! seed on a tie.

use super::league::{self, Player};
use super::stored::WhileAway;
use crate::ai::Level;
use crate::engine::Rules;
use serde::{Deserialize, Serialize};

/// The stored form's version.
pub const SCHEMA: u32 = 1;

/// Most entrants a tournament takes (computer seats included).
pub const MOST_ENTRANTS: usize = 64;

/// Most rounds of a Swiss tournament.
pub const MOST_SWISS_ROUNDS: u32 = 15;

/// Lines of the tournament's log kept (the oldest go first).
pub const LOG_KEPT: usize = 40;

/// Most characters of a tournament's name.
pub const NAME_CHARS: usize = 60;

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Swiss, this many rounds.
    Swiss {
        /// Rounds to play.
        rounds: u32,
    },
    /// Everyone meets everyone once (two-player tables).
    RoundRobin,
    /// Single elimination (two-player tables).
    Elimination,
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Members sign up.
    SignUp,
    /// Rounds are played.
    Running,
    /// A moderator paused it: no new round starts (games being played go on).
    Paused,
    /// Over, with its final standings.
    Finished,
    /// A moderator cancelled it.
    Cancelled,
}

impl Format {
    /// The format in words.
    pub fn words(self, lang: crate::i18n::Lang) -> String {
        match self {
            Format::Swiss { rounds } => {
                crate::tr!(lang, "tournament-format-swiss", rounds = rounds)
            }
            Format::RoundRobin => crate::tr!(lang, "tournament-format-robin"),
            Format::Elimination => crate::tr!(lang, "tournament-format-elimination"),
        }
    }
}

impl Status {
    /// Where the tournament is, in words.
    pub fn words(self, lang: crate::i18n::Lang) -> String {
        crate::tr!(
            lang,
            match self {
                Status::SignUp => "tournament-state-signup",
                Status::Running => "tournament-state-running",
                Status::Paused => "tournament-state-paused",
                Status::Finished => "tournament-state-finished",
                Status::Cancelled => "tournament-state-cancelled",
            }
        )
    }

    /// Whether the tournament is over (finished or cancelled).
    pub fn ended(self) -> bool {
        matches!(self, Status::Finished | Status::Cancelled)
    }
}

/// One entrant: a member, or a computer seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The member's Discord id (0 for a computer seat).
    pub user: u64,
    /// The name shown.
    pub name: String,
    /// A computer seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub computer: bool,
    /// Dropped by a moderator: paired no more, their open tables forfeited.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dropped: bool,
}

/// How a table ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final scores in seat order (empty when decided without a game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<u32>,
    /// The players who forfeited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeit: Vec<Player>,
    /// Unix second it was decided.
    pub at: u64,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The players, in seat order.
    pub players: Vec<Player>,
    /// The channel (a thread) its game is played in; 0 until opened.
    #[serde(default)]
    pub channel: u64,
    /// Its game's id, once opened.
    #[serde(default)]
    pub game: u64,
    /// How it ended, once it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

impl Slot {
    /// Whether a game still has to be opened for it.
    pub fn to_open(&self) -> bool {
        self.channel == 0 && self.result.is_none()
    }
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Unix second it was paired.
    pub started_at: u64,
    /// Its tables.
    pub tables: Vec<Slot>,
    /// Players with a bye this round (in an elimination, in bracket order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<Player>,
}

impl Round {
    /// Whether every table has its result.
    pub fn done(&self) -> bool {
        self.tables.iter().all(|t| t.result.is_some())
    }
}

/// The rules each table's game is played by (the options of `new`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRules {
    /// Sets in play (record names, the base game first).
    pub sets: Vec<String>,
    /// The rules' options.
    pub rules: Rules,
    /// Hours between reminders (0: none).
    pub reminder_hours: u32,
    /// Hours per move (0: no move clock).
    pub clock_hours: u32,
    /// The move clock runs in quiet hours and absences too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_runs_always: bool,
    /// What a game does while a player is away.
    #[serde(default)]
    pub while_away: WhileAway,
    /// Players may ask for hints.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// The computer seats' strength.
    pub level: Level,
}

/// Something a tournament's log remembers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Logged {
    /// Opened for sign-ups by `by`.
    Created {
        /// Who (a name).
        by: String,
    },
    /// Started with this many entrants.
    Started {
        /// Entrants.
        entrants: u32,
    },
    /// A round was paired.
    Round {
        /// Its number (from 1).
        round: u32,
    },
    /// A player was dropped.
    Dropped {
        /// Who.
        name: String,
        /// By whom.
        by: String,
    },
    /// A player was replaced.
    Replaced {
        /// Who left.
        old: String,
        /// Who took over.
        new: String,
        /// By whom.
        by: String,
    },
    /// Paused.
    Paused {
        /// By whom.
        by: String,
    },
    /// Resumed.
    Resumed {
        /// By whom.
        by: String,
    },
    /// Cancelled.
    Cancelled {
        /// By whom.
        by: String,
    },
    /// Over.
    Finished {
        /// The winner's name.
        winner: String,
    },
}

/// A log line: when and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// Unix second.
    pub at: u64,
    /// What.
    #[serde(flatten)]
    pub what: Logged,
}

/// A server's tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// [`SCHEMA`].
    pub schema: u32,
    /// Its id on its server.
    pub id: u64,
    /// The channel it was created in: its messages go there, its games in threads of it.
    pub channel: u64,
    /// Its name.
    pub name: String,
    /// Who created it.
    pub creator: u64,
    /// Unix second it was created.
    pub created_at: u64,
    /// How rounds are paired.
    pub format: Format,
    /// Most players at a table (2 to 4).
    pub table_size: u8,
    /// The games' rules.
    pub game: TableRules,
    /// When sign-ups close and the tournament starts by itself (`None`: started by hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signup_until: Option<u64>,
    /// Hours a table's game may last (0: no limit); past it, the game is decided as it
    /// stands.
    #[serde(default)]
    pub game_hours: u32,
    /// Computer seats added at the start.
    #[serde(default)]
    pub computers: u8,
    /// Who entered, in sign-up order (a player is an index into this).
    pub entrants: Vec<Entrant>,
    /// The rounds paired so far.
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// The round robin's schedule, fixed at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<(Vec<Vec<Player>>, Option<Player>)>,
    /// Where it is.
    pub status: Status,
    /// The latest of what happened.
    #[serde(default)]
    pub log: Vec<LogLine>,
    /// The channel's message that shows the standings, kept up to date (its Discord id, once
    /// posted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
}

/// Why a change to a tournament was refused (each with its own message).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// Sign-ups are closed.
    #[error("sign-ups are closed")]
    SignUpClosed,
    /// Already signed up.
    #[error("already signed up")]
    AlreadyIn,
    /// Not signed up.
    #[error("not signed up")]
    NotIn,
    /// No more room.
    #[error("the tournament is full")]
    Full,
    /// Not enough players to start.
    #[error("too few players")]
    TooFew,
    /// It is not in sign-ups (for a start) or not running (for a pause).
    #[error("not possible in this state")]
    WrongState,
    /// The player was dropped already.
    #[error("dropped already")]
    Dropped,
}

impl Tournament {
    /// Serialises for storage.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("tournaments serialise")
    }

    /// Reads a stored tournament; a damaged one gives a one-line reason.
    pub fn decode(bytes: &[u8]) -> Result<Tournament, String> {
        let t: Tournament = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if t.schema > SCHEMA {
            return Err(format!(
                "written by a newer version (schema {}, this one reads {SCHEMA})",
                t.schema
            ));
        }
        Ok(t)
    }

    /// Notes `what` at `at` in the log (the oldest lines go beyond [`LOG_KEPT`]).
    pub fn note(&mut self, at: u64, what: Logged) {
        self.log.push(LogLine { at, what });
        if self.log.len() > LOG_KEPT {
            let extra = self.log.len() - LOG_KEPT;
            self.log.drain(..extra);
        }
    }

    /// The entrant a member is, if they signed up.
    pub fn entrant_of(&self, user: u64) -> Option<Player> {
        self.entrants
            .iter()
            .position(|e| e.user == user && !e.computer)
            .map(|i| i as Player)
    }

    /// One line that names it in a list: number, name, where it is and its winner once over.
    pub fn line(&self, lang: crate::i18n::Lang) -> String {
        let mut line = format!(
            "#{} **{}** — {}",
            self.id,
            self.name,
            self.status.words(lang)
        );
        if let Some(w) = self.winner() {
            line.push_str(" — ");
            line.push_str(&crate::tr!(
                lang,
                "tournament-won-by",
                name = self.name_of(w)
            ));
        }
        line
    }

    /// An entrant's name.
    pub fn name_of(&self, p: Player) -> &str {
        self.entrants
            .get(p as usize)
            .map_or("?", |e| e.name.as_str())
    }

    /// Whether `p` was dropped.
    fn dropped(&self, p: Player) -> bool {
        self.entrants.get(p as usize).is_none_or(|e| e.dropped)
    }

    /// The entrants still in, in sign-up order.
    pub fn active(&self) -> Vec<Player> {
        (0..self.entrants.len() as Player)
            .filter(|&p| !self.dropped(p))
            .collect()
    }

    /// Every decided table as the league counts it, and every bye given.
    fn played(&self) -> (Vec<league::Table>, Vec<Player>) {
        let mut tables = Vec::new();
        let mut byes = Vec::new();
        for (i, r) in self.rounds.iter().enumerate() {
            byes.extend(r.byes.iter().copied());
            for t in &r.tables {
                if let Some(o) = &t.result {
                    tables.push(league::Table {
                        round: i as u32 + 1,
                        players: t.players.clone(),
                        scores: o.scores.clone(),
                        forfeit: o.forfeit.clone(),
                    });
                }
            }
        }
        (tables, byes)
    }

    /// The standings now, best first (every entrant, dropped ones too).
    pub fn standings(&self) -> Vec<league::Standing> {
        let all: Vec<Player> = (0..self.entrants.len() as Player).collect();
        let (tables, byes) = self.played();
        league::standings(&all, &tables, &byes)
    }

    /// Signs `user` up as `name`.
    pub fn sign_up(&mut self, user: u64, name: &str) -> Result<(), TournamentError> {
        if self.status != Status::SignUp {
            return Err(TournamentError::SignUpClosed);
        }
        if self.entrant_of(user).is_some() {
            return Err(TournamentError::AlreadyIn);
        }
        if self.entrants.len() + self.computers as usize >= MOST_ENTRANTS {
            return Err(TournamentError::Full);
        }
        self.entrants.push(Entrant {
            user,
            name: name.to_string(),
            computer: false,
            dropped: false,
        });
        Ok(())
    }

    /// Takes `user` off the list of sign-ups.
    pub fn withdraw(&mut self, user: u64) -> Result<(), TournamentError> {
        if self.status != Status::SignUp {
            return Err(TournamentError::SignUpClosed);
        }
        let p = self.entrant_of(user).ok_or(TournamentError::NotIn)?;
        self.entrants.remove(p as usize);
        Ok(())
    }

    /// Fewest entrants (computer seats included) a start needs.
    pub fn fewest(&self) -> usize {
        match self.format {
            Format::Elimination | Format::RoundRobin => 2,
            Format::Swiss { .. } => (self.table_size as usize).max(2),
        }
    }

    /// Starts: the computer seats join and the first round is paired.
    pub fn start(&mut self, now: u64) -> Result<(), TournamentError> {
        if self.status != Status::SignUp {
            return Err(TournamentError::WrongState);
        }
        if self.entrants.len() + (self.computers as usize) < self.fewest() {
            return Err(TournamentError::TooFew);
        }
        for n in 1..=self.computers {
            self.entrants.push(Entrant {
                user: 0,
                name: crate::tr!(crate::i18n::public(), "computer-name", n = n),
                computer: true,
                dropped: false,
            });
        }
        if self.format == Format::RoundRobin {
            let all: Vec<Player> = (0..self.entrants.len() as Player).collect();
            self.schedule = league::round_robin_tables(&all, self.table_size as usize)
                .into_iter()
                .map(|p| (p.tables, p.bye))
                .collect();
        }
        self.status = Status::Running;
        self.note(
            now,
            Logged::Started {
                entrants: self.entrants.len() as u32,
            },
        );
        self.advance(now);
        Ok(())
    }

    /// The rounds this tournament plays (an elimination: as many as its bracket needs).
    pub fn rounds_planned(&self) -> u32 {
        match self.format {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin => self.schedule.len() as u32,
            Format::Elimination => {
                let n = self.entrants.len().max(2);
                n.next_power_of_two().trailing_zeros()
            }
        }
    }

    /// The winner of a decided two-or-more-player table: the best score among those who did
    /// not forfeit, the earlier seat on a tie (everyone forfeited: the first seat).
    pub fn table_winner(t: &Slot) -> Option<Player> {
        let o = t.result.as_ref()?;
        let mut best: Option<(bool, u32, Player)> = None;
        for (i, &p) in t.players.iter().enumerate() {
            let key = (
                !o.forfeit.contains(&p),
                o.scores.get(i).copied().unwrap_or(0),
            );
            if best.is_none_or(|(f, s, _)| key > (f, s)) {
                best = Some((key.0, key.1, p));
            }
        }
        best.map(|(_, _, p)| p)
    }

    /// Who goes on from an elimination round: its byes, then each table's winner, in bracket
    /// order.
    fn advancers(r: &Round) -> Vec<Player> {
        let mut out = r.byes.clone();
        out.extend(r.tables.iter().filter_map(Tournament::table_winner));
        out
    }

    /// The next round's tables and byes, or `None` when the tournament is over.
    fn next_pairing(&self) -> Option<(Vec<Vec<Player>>, Vec<Player>)> {
        let n = self.rounds.len();
        match self.format {
            Format::Swiss { rounds } => {
                if n as u32 >= rounds {
                    return None;
                }
                let active = self.active();
                if active.len() < 2 {
                    return None;
                }
                let (tables, byes) = self.played();
                let p = league::swiss(&active, &tables, &byes, self.table_size as usize);
                Some((p.tables, p.bye.into_iter().collect()))
            }
            Format::RoundRobin => {
                let (tables, bye) = self.schedule.get(n)?.clone();
                Some((tables, bye.into_iter().collect()))
            }
            Format::Elimination => {
                let field = match self.rounds.last() {
                    None => (0..self.entrants.len() as Player).collect(),
                    Some(r) => Tournament::advancers(r),
                };
                if field.len() < 2 {
                    return None;
                }
                if n == 0 {
                    return Some(league::bracket(&field));
                }
                let m = field.len();
                let tables = (0..m / 2)
                    .map(|k| vec![field[k], field[m - 1 - k]])
                    .collect();
                // A field that is no power of two (it never is past the first round) would
                // leave its middle player out: they go on.
                let byes = if m % 2 == 1 {
                    vec![field[m / 2]]
                } else {
                    Vec::new()
                };
                Some((tables, byes))
            }
        }
    }

    /// Moves on as far as the results allow: while running (not paused) and the last round
    /// is done, pairs the next round or finishes. Tables with a dropped player that have not
    /// opened are decided at once. Returns whether anything changed.
    pub fn advance(&mut self, now: u64) -> bool {
        let mut changed = self.forfeit_unopened(now);
        while self.status == Status::Running && self.rounds.last().is_none_or(Round::done) {
            match self.next_pairing() {
                Some((tables, byes)) => {
                    self.rounds.push(Round {
                        started_at: now,
                        tables: tables
                            .into_iter()
                            .map(|players| Slot {
                                players,
                                channel: 0,
                                game: 0,
                                result: None,
                            })
                            .collect(),
                        byes,
                    });
                    let round = self.rounds.len() as u32;
                    self.note(now, Logged::Round { round });
                    self.forfeit_unopened(now);
                }
                None => {
                    self.status = Status::Finished;
                    let winner = self.winner().map(|p| self.name_of(p).to_string());
                    self.note(
                        now,
                        Logged::Finished {
                            winner: winner.unwrap_or_default(),
                        },
                    );
                }
            }
            changed = true;
        }
        changed
    }

    /// Decides the current round's unopened tables where a dropped player sits (or where a
    /// single player is left): the others win by forfeit. Returns whether any was decided.
    fn forfeit_unopened(&mut self, now: u64) -> bool {
        let dropped: Vec<bool> = self.entrants.iter().map(|e| e.dropped).collect();
        let Some(r) = self.rounds.last_mut() else {
            return false;
        };
        let mut any = false;
        for t in r.tables.iter_mut().filter(|t| t.to_open()) {
            let out: Vec<Player> = t
                .players
                .iter()
                .copied()
                .filter(|&p| dropped.get(p as usize).copied().unwrap_or(true))
                .collect();
            if !out.is_empty() && t.players.len() - out.len() <= 1 {
                t.result = Some(Outcome {
                    scores: Vec::new(),
                    forfeit: out,
                    at: now,
                });
                any = true;
            }
        }
        any
    }

    /// The winner once finished: the elimination's last table's winner, else the top of the
    /// standings.
    pub fn winner(&self) -> Option<Player> {
        if self.status != Status::Finished {
            return None;
        }
        match self.format {
            Format::Elimination => {
                let last = self.rounds.last()?;
                let a = Tournament::advancers(last);
                (a.len() == 1).then(|| a[0])
            }
            _ => self.standings().first().map(|s| s.player),
        }
    }

    /// Notes a table's result (once: a table already decided keeps its first result).
    pub fn record(&mut self, round: usize, table: usize, outcome: Outcome) -> bool {
        match self
            .rounds
            .get_mut(round)
            .and_then(|r| r.tables.get_mut(table))
        {
            Some(t) if t.result.is_none() => {
                t.result = Some(outcome);
                true
            }
            _ => false,
        }
    }

    /// Drops `p`: paired no more; an unopened table of theirs is decided by forfeit (the caller
    /// resigns their seat in a game being played).
    pub fn drop_player(&mut self, p: Player, by: &str, now: u64) -> Result<(), TournamentError> {
        if self.status.ended() || self.status == Status::SignUp {
            return Err(TournamentError::WrongState);
        }
        let e = self
            .entrants
            .get_mut(p as usize)
            .ok_or(TournamentError::NotIn)?;
        if e.dropped {
            return Err(TournamentError::Dropped);
        }
        e.dropped = true;
        let name = e.name.clone();
        self.note(
            now,
            Logged::Dropped {
                name,
                by: by.to_string(),
            },
        );
        self.advance(now);
        Ok(())
    }

    /// Hands entrant `p`'s place (results and seat) to `user` called `name`.
    pub fn replace(
        &mut self,
        p: Player,
        user: u64,
        name: &str,
        by: &str,
        now: u64,
    ) -> Result<(), TournamentError> {
        if self.status.ended() {
            return Err(TournamentError::WrongState);
        }
        if self.entrant_of(user).is_some() {
            return Err(TournamentError::AlreadyIn);
        }
        let e = self
            .entrants
            .get_mut(p as usize)
            .ok_or(TournamentError::NotIn)?;
        if e.dropped {
            return Err(TournamentError::Dropped);
        }
        let old = std::mem::replace(&mut e.name, name.to_string());
        e.user = user;
        e.computer = false;
        self.note(
            now,
            Logged::Replaced {
                old,
                new: name.to_string(),
                by: by.to_string(),
            },
        );
        Ok(())
    }

    /// Pauses a running tournament (or resumes a paused one, `on` false).
    pub fn pause(&mut self, on: bool, by: &str, now: u64) -> Result<(), TournamentError> {
        let by = by.to_string();
        match (self.status, on) {
            (Status::Running, true) => {
                self.status = Status::Paused;
                self.note(now, Logged::Paused { by });
            }
            (Status::Paused, false) => {
                self.status = Status::Running;
                self.note(now, Logged::Resumed { by });
                self.advance(now);
            }
            _ => return Err(TournamentError::WrongState),
        }
        Ok(())
    }

    /// Cancels it.
    pub fn cancel(&mut self, by: &str, now: u64) -> Result<(), TournamentError> {
        if self.status.ended() {
            return Err(TournamentError::WrongState);
        }
        self.status = Status::Cancelled;
        self.note(now, Logged::Cancelled { by: by.to_string() });
        Ok(())
    }

    /// The current round's tables still to open, as (round, table) indexes.
    pub fn to_open(&self) -> Vec<(usize, usize)> {
        if self.status != Status::Running && self.status != Status::Paused {
            return Vec::new();
        }
        let Some(r) = self.rounds.len().checked_sub(1) else {
            return Vec::new();
        };
        self.rounds[r]
            .tables
            .iter()
            .enumerate()
            .filter(|(_, t)| t.to_open())
            .map(|(i, _)| (r, i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(format: Format, size: u8, names: &[&str]) -> Tournament {
        Tournament {
            schema: SCHEMA,
            id: 1,
            channel: 10,
            name: "Cup".into(),
            creator: 100,
            created_at: 0,
            format,
            table_size: size,
            game: TableRules {
                sets: vec!["base".into()],
                rules: Rules::default(),
                reminder_hours: 0,
                clock_hours: 0,
                clock_runs_always: false,
                while_away: WhileAway::default(),
                hints: false,
                level: Level::Easy,
            },
            signup_until: None,
            game_hours: 0,
            computers: 0,
            entrants: names
                .iter()
                .enumerate()
                .map(|(i, n)| Entrant {
                    user: 100 + i as u64,
                    name: n.to_string(),
                    computer: false,
                    dropped: false,
                })
                .collect(),
            rounds: Vec::new(),
            schedule: Vec::new(),
            status: Status::SignUp,
            log: Vec::new(),
            message: None,
        }
    }

    /// Decides every open table of the current round: the first seat scores `10 * seat` less.
    fn play_round(t: &mut Tournament, now: u64) {
        let r = t.rounds.len() - 1;
        for i in 0..t.rounds[r].tables.len() {
            if t.rounds[r].tables[i].result.is_none() {
                let n = t.rounds[r].tables[i].players.len() as u32;
                let scores = (0..n).map(|s| 100 - 10 * s).collect();
                assert!(t.record(
                    r,
                    i,
                    Outcome {
                        scores,
                        forfeit: Vec::new(),
                        at: now
                    }
                ));
            }
        }
        t.advance(now);
    }

    #[test]
    fn an_elimination_of_six_seeds_its_bracket_and_the_top_seeds_meet_last() {
        let mut t = tournament(Format::Elimination, 2, &["a", "b", "c", "d", "e", "f"]);
        t.start(1).unwrap();
        // Bracket of eight: 1 and 2 (players 0 and 1) have byes; 3–6 and 4–5 play.
        assert_eq!(t.rounds[0].byes, vec![0, 1]);
        let tables: Vec<_> = t.rounds[0]
            .tables
            .iter()
            .map(|s| s.players.clone())
            .collect();
        assert_eq!(tables, vec![vec![2, 5], vec![3, 4]]);
        // The first seat wins each table.
        play_round(&mut t, 2);
        let tables: Vec<_> = t.rounds[1]
            .tables
            .iter()
            .map(|s| s.players.clone())
            .collect();
        assert_eq!(tables, vec![vec![0, 3], vec![1, 2]]);
        play_round(&mut t, 3);
        let tables: Vec<_> = t.rounds[2]
            .tables
            .iter()
            .map(|s| s.players.clone())
            .collect();
        assert_eq!(tables, vec![vec![0, 1]]);
        assert_eq!(t.rounds_planned(), 3);
        play_round(&mut t, 4);
        assert_eq!(t.status, Status::Finished);
        assert_eq!(t.winner(), Some(0));
        assert!(matches!(
            t.log.last().map(|l| &l.what),
            Some(Logged::Finished { winner }) if winner == "a"
        ));
    }

    #[test]
    fn a_table_is_won_by_the_best_score_of_those_who_did_not_forfeit() {
        let slot = |scores: Vec<u32>, forfeit: Vec<Player>| Slot {
            players: vec![4, 7],
            channel: 1,
            game: 1,
            result: Some(Outcome {
                scores,
                forfeit,
                at: 0,
            }),
        };
        assert_eq!(
            Tournament::table_winner(&slot(vec![50, 60], vec![])),
            Some(7)
        );
        assert_eq!(
            Tournament::table_winner(&slot(vec![50, 60], vec![7])),
            Some(4)
        );
        // A tie: the better seed (the first seat).
        assert_eq!(
            Tournament::table_winner(&slot(vec![60, 60], vec![])),
            Some(4)
        );
        assert_eq!(Tournament::table_winner(&slot(vec![], vec![4])), Some(7));
    }

    #[test]
    fn a_round_robin_of_four_plays_three_rounds_and_everyone_meets_once() {
        let mut t = tournament(Format::RoundRobin, 2, &["a", "b", "c", "d"]);
        t.start(1).unwrap();
        assert_eq!(t.rounds_planned(), 3);
        let mut met = std::collections::BTreeSet::new();
        for now in 2..5 {
            for s in &t.rounds.last().unwrap().tables {
                assert!(met.insert((
                    s.players[0].min(s.players[1]),
                    s.players[0].max(s.players[1])
                )));
            }
            play_round(&mut t, now);
        }
        assert_eq!(met.len(), 6);
        assert_eq!(t.status, Status::Finished);
        assert_eq!(t.rounds.len(), 3);
    }

    #[test]
    fn a_round_robin_at_four_player_tables_seats_every_pair_and_then_ends() {
        let mut t = tournament(Format::RoundRobin, 4, &["a", "b", "c", "d", "e", "f", "g"]);
        t.start(1).unwrap();
        assert_eq!(t.rounds_planned(), 3);
        let mut met = std::collections::BTreeSet::new();
        for now in 2..5 {
            let r = t.rounds.last().unwrap();
            assert!(r.byes.is_empty());
            let sizes: Vec<usize> = r.tables.iter().map(|s| s.players.len()).collect();
            assert_eq!(sizes, vec![4, 3]);
            for s in &r.tables {
                for &a in &s.players {
                    for &b in &s.players {
                        if a < b {
                            met.insert((a, b));
                        }
                    }
                }
            }
            play_round(&mut t, now);
        }
        assert_eq!(met.len(), 21, "every pair of seven sat together");
        assert_eq!(t.status, Status::Finished);
        assert_eq!(t.winner(), Some(t.standings()[0].player));
    }

    #[test]
    fn a_dropped_players_unopened_table_is_decided_by_forfeit_and_swiss_pairs_them_no_more() {
        let mut t = tournament(Format::Swiss { rounds: 3 }, 2, &["a", "b", "c", "d"]);
        t.start(1).unwrap();
        let first = t.rounds[0].tables[0].players.clone();
        t.drop_player(first[1], "mod", 2).unwrap();
        let o = t.rounds[0].tables[0].result.clone().unwrap();
        assert_eq!(o.forfeit, vec![first[1]]);
        assert!(o.scores.is_empty());
        assert_eq!(
            t.drop_player(first[1], "mod", 2),
            Err(TournamentError::Dropped)
        );
        play_round(&mut t, 3);
        // Round 2: three players left, one bye; the dropped one is nowhere.
        let r = &t.rounds[1];
        assert_eq!(r.tables.len(), 1);
        assert_eq!(r.byes.len(), 1);
        assert!(r.tables.iter().all(|s| !s.players.contains(&first[1])));
        assert!(!r.byes.contains(&first[1]));
        assert!(matches!(
            t.log.iter().find(|l| matches!(l.what, Logged::Dropped { .. })).map(|l| &l.what),
            Some(Logged::Dropped { by, .. }) if by == "mod"
        ));
    }

    #[test]
    fn sign_ups_refuse_twice_the_same_member_and_a_start_with_too_few() {
        let mut t = tournament(Format::Swiss { rounds: 2 }, 4, &["a", "b"]);
        assert_eq!(t.sign_up(100, "a"), Err(TournamentError::AlreadyIn));
        assert_eq!(t.withdraw(999), Err(TournamentError::NotIn));
        let before = t.clone();
        assert_eq!(t.start(1), Err(TournamentError::TooFew));
        assert_eq!(t, before, "a refused start changes nothing");
        t.computers = 2;
        t.start(1).unwrap();
        assert_eq!(t.entrants.len(), 4);
        assert!(t.entrants[2].computer && t.entrants[3].computer);
        assert_eq!(t.rounds[0].tables.len(), 1);
        assert_eq!(t.sign_up(500, "late"), Err(TournamentError::SignUpClosed));
    }

    #[test]
    fn a_paused_tournament_pairs_no_round_until_resumed() {
        let mut t = tournament(Format::Swiss { rounds: 2 }, 2, &["a", "b", "c", "d"]);
        t.start(1).unwrap();
        t.pause(true, "mod", 2).unwrap();
        assert_eq!(t.pause(true, "mod", 2), Err(TournamentError::WrongState));
        play_round(&mut t, 3);
        assert_eq!(t.rounds.len(), 1, "paused: no second round");
        t.pause(false, "mod", 4).unwrap();
        assert_eq!(t.rounds.len(), 2);
        assert_eq!(t.rounds[1].started_at, 4);
    }

    #[test]
    fn the_stored_form_reads_back_and_a_newer_schema_is_refused() {
        let mut t = tournament(Format::Swiss { rounds: 3 }, 3, &["a", "b", "c", "d", "e"]);
        t.start(7).unwrap();
        let back = Tournament::decode(&t.encode()).unwrap();
        assert_eq!(back, t);
        let mut newer = t.clone();
        newer.schema = SCHEMA + 1;
        assert!(Tournament::decode(&newer.encode())
            .unwrap_err()
            .contains("newer"));
        assert!(Tournament::decode(b"{").is_err());
    }
}
