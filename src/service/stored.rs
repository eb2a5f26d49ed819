//! The stored form of a channel's game (lobby, running or finished) and its schema migrations.
//!
//! A game is stored as its lobby data, its game record (setup and every turn) and the order of
//! the tiles still to be drawn; the live state is rebuilt by replaying the record. Storage
//! frames the JSON with a version and a checksum ([`super::storage::frame`]). A finished game is
//! archived with a [`Summary`], so listing history never replays it.

use super::storage::unframe;
use crate::ai::Level;
use crate::engine::{replay, ActionRecord, Drawn, LiveGame, Record, Rules, TurnRecord};
use serde::{Deserialize, Serialize};

/// Current schema version of stored games.
pub const SCHEMA: u32 = 2;

/// Where a channel's game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Players are joining.
    Lobby,
    /// The game is running.
    Playing,
    /// The last tile was placed.
    Finished,
    /// Stopped before the end.
    Aborted,
}

/// One seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Discord user id (0 for a computer player).
    pub user: u64,
    /// Name shown in the game (unique within the game).
    pub name: String,
    /// Played by the computer (from the start, or after its player resigned).
    #[serde(default)]
    pub computer: bool,
    /// Its player resigned; the computer plays on for them.
    #[serde(default)]
    pub resigned: bool,
    /// The other players voted that the computer plays for this absent player until they come
    /// back (`/carcassonne return`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub away: bool,
    /// Its player said they are away until this Unix second and the game lets the computer
    /// play meanwhile: the seat is theirs again when they are back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_until: Option<u64>,
    /// Moves in a row whose clock ran out (the computer played them); reset by a move of
    /// their own.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub timeouts: u8,
    /// Seconds of absence granted to its player in this game so far (at most
    /// [`MOST_AWAY_SECONDS_PER_GAME`]).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub away_granted: u64,
    /// The seat's personal web links, newest last (at most [`SEAT_LINKS`]): each lets whoever
    /// holds it move this seat on the web board while the member it was made for holds the
    /// seat and the computer does not play it. Only their hashes are kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub web_keys: Vec<SeatKey>,
}

/// Personal web links kept per seat (a member may open the game on a few devices); a new one
/// beyond them replaces the oldest.
pub const SEAT_LINKS: usize = 4;

/// A personal web link of a seat as kept: the member it was made for and the SHA-256 of its
/// secret (64 hexadecimal digits). The secret itself is kept nowhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatKey(pub u64, pub String);

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

/// The absence one player may take in one game, in all: 30 days. Past it their absences no
/// longer hold the game (it reminds them, and the others may vote).
pub const MOST_AWAY_SECONDS_PER_GAME: u64 = 30 * 86_400;

/// How many reminder intervals a game waits at least for an absent player, or for a move clock
/// stopped by quiet hours or an absence, before it reminds them all the same (and after the
/// usual unanswered reminders the others may vote): nobody can hold a game until it is
/// abandoned.
pub const STALL_INTERVALS: u64 = 4;

/// The wait a game grants an absent player at least, in hours (an absence of a week is
/// honoured).
pub const HONOURED_HOURS: u64 = 7 * 24;

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// What a game does while one of its players is away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WhileAway {
    /// The game waits for them (reminders and votes about them wait too).
    #[default]
    Wait,
    /// The computer plays their turns until they are back; the seat stays theirs.
    Computer,
}

/// The clock of the move being waited for, in a game with a time per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveClock {
    /// The seat to move.
    pub seat: u8,
    /// When the move was offered ([`StoredGame::last_move_at`] then): a new offer starts a
    /// new clock.
    pub offered: u64,
    /// The Unix second the clock last (re)started from, and the active seconds it had run
    /// before that (an absence stops it).
    pub start: u64,
    /// Active seconds used before `start`.
    pub used: u64,
    /// When half the time is gone, when 90 % is, and when it runs out.
    pub due: [u64; 3],
    /// Of those, how many have passed (warnings sent, or the timeout).
    pub passed: u8,
}

/// Moves taken back, kept with the game: the record holds the game as it stands, this what
/// happened besides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undone {
    /// The seat whose move was taken back.
    pub seat: usize,
    /// Unix seconds.
    pub at: u64,
    /// The seats that agreed (empty: taken back by its player before anyone acted).
    #[serde(default)]
    pub agreed: Vec<usize>,
    /// The turns taken back, in record form (version 1), oldest first: entries written before
    /// records of version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnRecord>,
    /// The actions taken back, in record form (the log of version 2), oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<ActionRecord>,
}

/// A request to take back a move that waits for the other players' consent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoRequest {
    /// Who asks.
    pub seat: usize,
    /// The number of turns in the record when asked (a request lapses when the game moves on).
    pub turns: usize,
    /// The first turn to take back (the asker's last move).
    pub from: usize,
    /// The seats that agreed so far.
    #[serde(default)]
    pub agreed: Vec<usize>,
}

/// A vote that the computer plays for a player who does not answer reminders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsentVote {
    /// The absent seat.
    pub seat: usize,
    /// The turn (record length) the vote is about.
    pub turn: usize,
    /// Seats voting that the computer takes the seat until its player returns.
    #[serde(default)]
    pub for_good: Vec<usize>,
    /// Seats voting that the computer plays this turn only.
    #[serde(default)]
    pub this_turn: Vec<usize>,
}

/// Interactions remembered per game (a duplicate comes within seconds; a few dozen moves cover
/// it).
pub const HANDLED_KEPT: usize = 32;

/// A channel's game as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredGame {
    /// Schema version ([`SCHEMA`]).
    pub schema: u32,
    /// Who opened the lobby.
    pub creator: u64,
    /// Unix seconds.
    pub created_at: u64,
    /// Lobby, running, finished or aborted.
    pub phase: Phase,
    /// Sets in play (record names).
    pub sets: Vec<String>,
    /// Rule options.
    pub rules: Rules,
    /// Hours between reminders (0: none).
    pub reminder_hours: u32,
    /// Most players the lobby takes.
    pub max_players: u8,
    /// Seats in turn order.
    pub seats: Vec<Seat>,
    /// The game record, once started.
    pub record: Option<Record>,
    /// Tiles still to be drawn, in order.
    pub deck: Vec<String>,
    /// Tiles put under hills (Hills & Sheep), in order: out of the game and hidden like the
    /// deck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buried: Vec<String>,
    /// Seed of the shuffle and of the computer players.
    pub seed: u64,
    /// Unix seconds of the last move (or of the start).
    pub last_move_at: u64,
    /// Unix seconds of the last reminder.
    pub last_reminder_at: u64,
    /// Unix seconds of the end.
    #[serde(default)]
    pub ended_at: Option<u64>,
    /// The seat to play, written with every move (a builder's second turn keeps the seat, so it
    /// cannot be read off the number of turns); absent in older entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_play: Option<usize>,
    /// Identifies this game among the channel's games (its buttons carry it); 0 in older
    /// entries, which use their creation time instead ([`StoredGame::game_id`]).
    #[serde(default)]
    pub id: u64,
    /// How strong the computer players are; older entries played the greedy level.
    #[serde(default = "older_level")]
    pub computer_level: Level,
    /// The moves of the turn in progress that the record does not hold yet (a ransom paid
    /// before placing; a placed tile whose dragon's journey is under way), as a partial turn
    /// entry; the deck then starts with that turn's tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_in_progress: Option<TurnRecord>,
    /// Why a game ended before its last tile (aborted, abandoned, channel deleted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<String>,
    /// Moves taken back, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone: Vec<Undone>,
    /// The language of the game's public messages when it was opened (for work done without
    /// an interaction: computers' moves); the server's choice in its settings comes first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<crate::i18n::Lang>,
    /// The interactions that changed this game most recently (their ids, newest last; at most
    /// [`HANDLED_KEPT`]), so the same interaction delivered again changes nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handled: Vec<u64>,
    /// A request to take back a move, waiting for consent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_request: Option<UndoRequest>,
    /// Reminders sent since the last move (the vote on an absent player comes after a few).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reminders_unanswered: u32,
    /// A vote on an absent player, under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent_vote: Option<AbsentVote>,
    /// The seat the computer plays for this one turn (voted so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<usize>,
    /// The channel the game was opened from, when it was opened in a new thread (the server's
    /// allowed channels name that channel, not the thread).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<u64>,
    /// The token of the game's web page (32 hexadecimal digits), made when the game starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// When each move was offered and taken, in order (absent in games stored before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub timings: Vec<Timing>,
    /// Hours per move (0: no move clock).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub clock_hours: u32,
    /// The move clock runs on through its player's quiet hours and absence (by default it
    /// stops).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_runs_always: bool,
    /// What the game does while a player is away.
    #[serde(default, skip_serializing_if = "is_default")]
    pub while_away: WhileAway,
    /// The clock of the move awaited, in a game with a move clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<MoveClock>,
    /// No reminder before this Unix second (its player is away or in quiet hours).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remind_not_before: Option<u64>,
    /// Players may ask the computer for a move on their turn (the Hint button).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// The tournament table this game is (`service::tournament`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TableOf>,
    /// The text of the final message, as posted (kept with a finished game so that its review
    /// can be added to that message later).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_text: Option<String>,
}

/// Where a tournament's game belongs: the tournament (of the game's server), its round and
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOf {
    /// The tournament's id.
    pub id: u64,
    /// The round (1 is the first).
    pub round: u32,
    /// The table within the round (0 is the first).
    pub table: u32,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// One move's timing: the seat that moved, when the move was offered (the move before it, the
/// start, or the last change of the game's seats) and when it was taken, in Unix seconds, and
/// the length of the game's log after it (a move taken back takes its timing with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing(pub u8, pub u64, pub u64, pub u32);

impl Timing {
    /// Seconds the seat took.
    pub fn took(self) -> u64 {
        self.2.saturating_sub(self.1)
    }
}

/// The median of `v` (the lower one of an even count); `None` when empty.
pub fn median(mut v: Vec<u64>) -> Option<u64> {
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

impl StoredGame {
    /// When the person in `seat`, whose move the game waits for, is to be reminded: the next
    /// step of the move clock in a game with one (half time, 90 %, the end), else the
    /// reminder interval after the last move or reminder (`None`: never). Not before their
    /// return when they are away (unless the clock runs through absences), nor before
    /// [`StoredGame::remind_not_before`].
    ///
    /// However long an absence or a stopped clock, a reminder comes by
    /// [`StoredGame::stalled_at`].
    pub fn remind_at(&self, seat: &Seat, seconds_per_hour: u64) -> Option<u64> {
        let timeout = self.clock.is_some_and(|c| c.passed >= 2);
        let at = match self.clock {
            Some(c) if self.clock_hours > 0 => c.due.get(c.passed as usize).copied()?,
            _ if self.reminder_hours > 0 => {
                self.last_move_at.max(self.last_reminder_at)
                    + self.reminder_hours as u64 * seconds_per_hour
            }
            _ => return None,
        };
        let back = seat
            .away_until
            .filter(|_| self.clock.is_none() || !self.clock_runs_always)
            .unwrap_or(0);
        // A clock's end does not wait for quiet hours: the computer moves, nobody is pinged.
        let not_before = self.remind_not_before.filter(|_| !timeout).unwrap_or(0);
        Some(
            at.max(back)
                .min(self.stalled_at(seconds_per_hour))
                .max(not_before),
        )
    }

    /// When the game has waited long enough for the player it waits for, whatever their
    /// absence or clock says: [`STALL_INTERVALS`] reminder intervals or [`HONOURED_HOURS`]
    /// after the last move, whichever is longer (with a move clock, twice its time more: a
    /// clock that runs is never cut short, one that quiet hours stretch to their cap neither).
    /// From then on an absence no longer holds off the others' vote.
    pub fn stall_from(&self, seconds_per_hour: u64) -> u64 {
        let clock = match self.clock {
            Some(_) => 2 * self.clock_hours as u64 * seconds_per_hour,
            None => 0,
        };
        let wait = (STALL_INTERVALS * self.interval(seconds_per_hour))
            .max(HONOURED_HOURS * seconds_per_hour);
        self.last_move_at + wait + clock
    }

    /// The next reminder of a game that waits too long ([`StoredGame::stall_from`]): then, and
    /// a reminder interval after each reminder since.
    pub fn stalled_at(&self, seconds_per_hour: u64) -> u64 {
        let after_reminder = self.last_reminder_at + self.interval(seconds_per_hour);
        self.stall_from(seconds_per_hour).max(after_reminder)
    }

    /// The reminder interval in seconds (a day when reminders are off).
    fn interval(&self, seconds_per_hour: u64) -> u64 {
        let hours = match self.reminder_hours {
            0 => 24,
            h => h as u64,
        };
        hours * seconds_per_hour
    }

    /// The median seconds each seat took to move in this game (`None`: it has not moved).
    pub fn median_moves(&self) -> Vec<Option<u64>> {
        (0..self.seats.len())
            .map(|seat| {
                median(
                    self.timings
                        .iter()
                        .filter(|t| t.0 as usize == seat)
                        .map(|t| t.took())
                        .collect(),
                )
            })
            .collect()
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The computer level of entries written before levels existed.
fn older_level() -> Level {
    Level::Easy
}

/// What the history lists of a finished or aborted game, stored beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Unix seconds of the end.
    pub ended_at: u64,
    /// Finished or aborted.
    pub phase: Phase,
    /// Sets in play.
    pub sets: Vec<String>,
    /// Seat names in turn order.
    pub seats: Vec<String>,
    /// Final scores by seat (empty for a game that did not finish).
    pub scores: Vec<u32>,
    /// Winning seats.
    pub winners: Vec<usize>,
    /// Why it ended early.
    #[serde(default)]
    pub reason: Option<String>,
    /// Tiles placed.
    pub turns: usize,
    /// Discord user ids by seat (0 for computers); empty in summaries written before standings.
    #[serde(default)]
    pub users: Vec<u64>,
    /// The seconds each seat took for each of its moves, by seat (empty in summaries written
    /// before moves were timed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub took: Vec<Vec<u32>>,
    /// The game allowed hints (standings mark it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// The computer's review of the game, once made (`service::review`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<StoredReview>,
    /// The game's id (0 in summaries written before tournaments read them).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub game: u64,
    /// The seats that forfeited: resigned, or played by the computer at the end because their
    /// player ran out of time or was voted away (a tournament's table ranks them last).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<usize>,
    /// The Discord message that announced the end of the game, once the Discord layer told its
    /// id (its review is added to it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_message: Option<u64>,
}

impl Summary {
    /// The summary of an ended game (replays a finished game once, to score it).
    pub fn of(s: &StoredGame) -> Summary {
        match (s.phase, s.live_game()) {
            (Phase::Finished, Ok(Some(g))) => Summary::scored(s, &g.final_scoring()),
            _ => Summary::with(s, Vec::new(), Vec::new()),
        }
    }

    /// The summary of a game that has just finished, with its final scoring `fin` (no replay).
    pub fn scored(s: &StoredGame, fin: &crate::engine::FinalScoring) -> Summary {
        Summary::with(s, fin.scores.clone(), fin.winners.clone())
    }

    fn with(s: &StoredGame, scores: Vec<u32>, winners: Vec<usize>) -> Summary {
        Summary {
            ended_at: s.ended_at.unwrap_or(s.last_move_at),
            phase: s.phase,
            sets: s.sets.clone(),
            seats: s.seats.iter().map(|x| x.name.clone()).collect(),
            scores,
            winners,
            reason: s.end_reason.clone(),
            turns: s.record.as_ref().map(Record::turn_count).unwrap_or(0),
            users: s.seats.iter().map(|x| x.user).collect(),
            took: if s.timings.is_empty() {
                Vec::new()
            } else {
                (0..s.seats.len())
                    .map(|seat| {
                        s.timings
                            .iter()
                            .filter(|t| t.0 as usize == seat)
                            .map(|t| t.took().min(u32::MAX as u64) as u32)
                            .collect()
                    })
                    .collect()
            },
            hints: s.hints,
            review: None,
            game: s.id,
            out: s
                .seats
                .iter()
                .enumerate()
                .filter(|(_, x)| x.resigned || x.away)
                .map(|(i, _)| i)
                .collect(),
            final_message: None,
        }
    }

    /// Serialises for storage.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("summaries serialise")
    }
}

impl StoredGame {
    /// Serialises for storage (the payload of a frame).
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("stored games serialise")
    }

    /// Reads a stored frame (or bare JSON), migrating older schemas. A damaged entry gives a
    /// one-line reason.
    pub fn decode(bytes: &[u8]) -> Result<StoredGame, String> {
        Self::decode_versioned(bytes).map(|(_, s)| s)
    }

    /// Like [`StoredGame::decode`], with the frame's version.
    pub fn decode_versioned(bytes: &[u8]) -> Result<(u64, StoredGame), String> {
        let (version, bytes) = unframe(bytes)?;
        Self::decode_json(bytes).map(|s| (version, s))
    }

    fn decode_json(bytes: &[u8]) -> Result<StoredGame, String> {
        let mut v: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| format!("not valid JSON ({e})"))?;
        let schema = v
            .get("schema")
            .and_then(|s| s.as_u64())
            .ok_or("no schema version")? as u32;
        if schema > SCHEMA {
            return Err(format!(
                "written by a newer meeplebot (schema {schema}, this build reads up to {SCHEMA})"
            ));
        }
        if schema < 1 {
            return Err(format!("unknown schema version {schema}"));
        }
        if schema == 1 {
            migrate_1_to_2(&mut v)?;
        }
        serde_json::from_value(v).map_err(|e| format!("unreadable game entry ({e})"))
    }

    /// The seat a person (not a computer playing for them) plays, if any.
    pub fn person_seat(&self, user: u64) -> Option<usize> {
        self.seats
            .iter()
            .position(|x| x.user == user && !x.computer)
    }

    /// The id the game's buttons carry.
    pub fn game_id(&self) -> u64 {
        if self.id != 0 {
            self.id
        } else {
            self.created_at
        }
    }

    /// The seat to play, as written with the last move, without replaying the game. Entries
    /// written before that field existed had no builders, so seats took turns by placed tiles.
    pub fn current_seat(&self) -> Option<usize> {
        let record = self.record.as_ref()?;
        if self.seats.is_empty() {
            return None;
        }
        if let Some(seat) = self.to_play {
            return (seat < self.seats.len()).then_some(seat);
        }
        Some(record.tiles_placed() % self.seats.len())
    }

    /// Rebuilds the live game (for a started game): replays the record and attaches the deck.
    pub fn live_game(&self) -> Result<Option<LiveGame>, String> {
        let Some(record) = &self.record else {
            return Ok(None);
        };
        let game = replay(record).map_err(|e| format!("its record does not replay: {e}"))?;
        if game.player_count() != self.seats.len() {
            return Err(format!(
                "its record has {} players but the game has {} seats",
                game.player_count(),
                self.seats.len()
            ));
        }
        let tiles = |ids: &[String], what: &str| {
            ids.iter()
                .map(|id| {
                    Drawn::parse(id).ok_or_else(|| format!("unknown tile {id:?} in its {what}"))
                })
                .collect::<Result<Vec<Drawn>, _>>()
        };
        let deck = tiles(&self.deck, "deck")?;
        let buried = tiles(&self.buried, "tiles out of the game")?;
        // Version 1 entries keep the turn in progress beside the record, and its tile first in
        // the deck; a log of version 2 holds it.
        let (mut live, _) = LiveGame::restore(game, deck, buried, Some(self.seed))
            .map_err(|e| format!("its deck does not fit the record: {e}"))?;
        if let Some(t) = self
            .turn_in_progress
            .as_ref()
            .filter(|_| record.version == 1)
        {
            live.resume_turn(t)
                .map_err(|e| format!("its turn in progress does not replay: {e}"))?;
        }
        Ok(Some(live))
    }
}

/// Schema 1 had no per-game reminder interval or lobby size.
fn migrate_1_to_2(v: &mut serde_json::Value) -> Result<(), String> {
    let obj = v
        .as_object_mut()
        .ok_or("a game entry must be a JSON object")?;
    obj.entry("reminder_hours").or_insert(12.into());
    obj.entry("max_players").or_insert(6.into());
    obj.insert("schema".into(), 2.into());
    Ok(())
}

/// The tiles still to be drawn as stored: the bag (the drawn tile is in the record's log).
pub(super) fn remaining_deck(g: &LiveGame) -> Vec<String> {
    g.bag().iter().map(|d| d.to_string()).collect()
}

/// The tiles under hills as stored (Hills & Sheep).
pub(super) fn buried_tiles(g: &LiveGame) -> Vec<String> {
    g.buried_tiles().iter().map(|d| d.to_string()).collect()
}

/// Turning points kept per player in a game's review.
pub const KEPT_PER_PLAYER: usize = 3;

/// A game's review as kept in its summary: the turning points kept, worst first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredReview {
    /// Search iterations per position.
    pub iterations: u32,
    /// Up to [`KEPT_PER_PLAYER`] per seat reviewed, worst first.
    pub points: Vec<StoredPoint>,
    /// The seats reviewed (the people's; computers are not reviewed).
    pub seats: Vec<usize>,
}

/// One turning point as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPoint {
    /// The turn's number (1: the first tile after the start tile).
    pub turn: usize,
    /// The seat that moved.
    pub seat: usize,
    /// The tile it placed (its name).
    pub tile: String,
    /// The move made, as the record writes actions.
    pub made: Vec<crate::engine::ActionRecord>,
    /// The search's move.
    pub better: Vec<crate::engine::ActionRecord>,
    /// About how many points of final lead the move made gave away (rounded).
    pub gain: u32,
}

impl StoredReview {
    /// The review kept of `points` (worst first), `seats` reviewed.
    pub fn of(
        points: &[crate::ai::review::TurningPoint],
        seats: Vec<usize>,
        iterations: u32,
    ) -> StoredReview {
        let mut kept: Vec<StoredPoint> = Vec::new();
        for p in points {
            if kept.iter().filter(|k| k.seat == p.seat).count() >= KEPT_PER_PLAYER {
                continue;
            }
            kept.push(StoredPoint {
                turn: p.turn,
                seat: p.seat,
                tile: p.tile.name().to_string(),
                made: p
                    .made
                    .iter()
                    .map(|&a| crate::engine::ActionRecord::of(a))
                    .collect(),
                better: p
                    .better
                    .iter()
                    .map(|&a| crate::engine::ActionRecord::of(a))
                    .collect(),
                gain: p.gain.round().max(0.0) as u32,
            });
        }
        StoredReview {
            iterations,
            points: kept,
            seats,
        }
    }

    /// The turning points of `seat`, worst first.
    pub fn of_seat(&self, seat: usize) -> impl Iterator<Item = &StoredPoint> {
        self.points.iter().filter(move |p| p.seat == seat)
    }
}
