//! Game records: the JSON format of `docs/game-record.md`, and replaying them.
//!
//! [`Record`] is the unchecked form (as read from a file); [`replay`] turns it into a validated
//! [`Game`] or names the first illegal entry. Version 2 is the game's log, one [`ActionRecord`]
//! per action; version 1 (every scenario file, and saves and exports made before version 2) has
//! one [`TurnRecord`] per drawn tile and stays readable: [`Record::to_v2`] is its one converter.

use super::action::{Action, Capture, Decision};
use super::error::{ActionError, PlaceError, SetupError};
use super::game::hooks;
use super::game::Game;
use super::geom::{Axis, Pos, Rotation, Side};
use super::log::{Logged, TurnView};
use super::tiles::{TileId, TileSet};
use super::types::{Figure, FlockChoice, Rules, Setup, SheepToken, Spot};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record format version this engine writes (it reads 1 and 2).
pub const RECORD_VERSION: u32 = 2;

/// The first version, one entry per drawn tile: read for ever, written only on request
/// ([`Record::to_v1`]).
pub const RECORD_VERSION_1: u32 = 1;

/// One turn as written in a record; unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The drawn tile's id.
    pub tile: String,
    /// Where it was placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// Clockwise degrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<i64>,
    /// Where the figure went (`city:N` ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Which figure, when not a normal follower (`large`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// The tile fitted nowhere and was discarded.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub discard: bool,
    /// The drawn tile is the copy with a garden (Abbot).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub garden: bool,
    /// Instead of a figure, the abbot comes back (`"abbot"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<String>,
    /// The tile `place` is on when it is not the tile just placed (a follower on a tower).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<[i64; 2]>,
    /// The Tower: instead of a figure, a tower piece on the tile at this position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower: Option<[i64; 2]>,
    /// The Tower: with `tower`, the follower taken prisoner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<CaptureRecord>,
    /// The Tower: before placing, a follower bought back for 3 points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ransom: Option<RansomRecord>,
    /// The Princess & the Dragon: instead of a figure, the fairy moves to this tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fairy: Option<FairyRecord>,
    /// The Princess & the Dragon: the knight the princess sends home.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub princess: Option<CaptureRecord>,
    /// The Princess & the Dragon: the dragon's journey after this tile, one direction per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dragon: Option<Vec<String>>,
    /// The Princess & the Dragon: a dragon tile drawn before the first volcano, put aside.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub set_aside: bool,
}

/// A follower taken prisoner, as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureRecord {
    /// The tile it stands on.
    pub on: [i64; 2],
    /// Its place there (`city:N`, `tower` ...).
    pub place: String,
}

/// A bridge laid with a tile, as written in a record (Bridges, Castles & Bazaars).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BridgeRecord {
    /// The tile it is laid on: the tile placed, or one beside it.
    pub on: [i64; 2],
    /// Its line in board orientation: `"N-S"` or `"W-E"`.
    pub axis: String,
}

/// A ransom, as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RansomRecord {
    /// The seat that holds the prisoner.
    pub from: i64,
    /// `follower` (the default), `large`, `mayor` or `wagon`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// Where the fairy goes, as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FairyRecord {
    /// Onto a tile (the default rule).
    Tile([i64; 2]),
    /// Next to one follower (the `next-to-follower` rule, not played yet).
    Follower(CaptureRecord),
}

impl TurnRecord {
    /// A placement turn.
    pub fn placed(
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        spot: Option<Spot>,
        figure: Figure,
    ) -> TurnRecord {
        TurnRecord {
            tile: tile.name().to_string(),
            at: Some([at.x as i64, at.y as i64]),
            rotation: Some(rotation.degrees() as i64),
            place: spot.map(|s| s.to_string()),
            figure: (spot.is_some() && figure != Figure::Follower)
                .then(|| figure.name().to_string()),
            ..TurnRecord::default()
        }
    }

    /// A discard turn.
    pub fn discarded(tile: TileId) -> TurnRecord {
        TurnRecord {
            tile: tile.name().to_string(),
            discard: true,
            ..TurnRecord::default()
        }
    }
}

/// Expected results, kept in scenario files next to the record (ignored by replay).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Expect {
    /// Scores after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u32>>,
    /// Scores after end-of-game scoring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_scores: Option<Vec<u32>>,
    /// Winners' names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<String>>,
    /// Normal plus large followers in each seat's supply after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_hand: Option<Vec<u8>>,
    /// Figures of any kind each seat has on the board after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_figures: Option<Vec<u8>>,
    /// Figures of the named kinds (`"mayor"`, `"wagon"`, `"builder"`, ...) in each seat's
    /// supply after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<std::collections::BTreeMap<Figure, Vec<u8>>>,
    /// The Tower: `prisoners[holder][owner]`, figures held (followers normal and large, mayors,
    /// wagons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Vec<Vec<u8>>>,
    /// The Tower: tower pieces left per seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower_pieces: Option<Vec<u8>>,
    /// The Tower: `[x, y, height]` of every tower with at least one piece, in placement order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub towers: Option<Vec<[i64; 3]>>,
    /// Tiles left to draw after the last turn (Hills & Sheep: a hill puts one out of the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u32>,
    /// Hills & Sheep: the bag of sheep after the last turn, tokens of each kind: wolves, then
    /// ones, twos, threes and fours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheep_bag: Option<[u8; 5]>,
    /// Hills & Sheep: the sheep beside each seat's shepherd after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flocks: Option<Vec<u32>>,
    /// Bridges, Castles & Bazaars: castle tokens left in each seat's hand after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castles: Option<Vec<u8>>,
    /// Bridges, Castles & Bazaars: bridges left in each seat's hand after the last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridges: Option<Vec<u8>>,
    /// Bridges, Castles & Bazaars: the bridges on the board in the order of their tiles'
    /// placement, each as `"x,y:N-S"` or `"x,y:W-E"` (board orientation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridges_on_board: Option<Vec<String>>,
    /// If set, replay must fail at this turn index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_turn: Option<usize>,
    /// With `error_turn`: a part of the error message (so the turn fails for the right reason).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A game record (unchecked).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Format version (1 or 2).
    pub version: u32,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Sets in play, by record name.
    #[serde(default = "default_sets")]
    pub sets: Vec<String>,
    /// Rule options (a record without them was made before rule revisions: the legacy
    /// readings, [`Rules::legacy`]).
    #[serde(default = "Rules::legacy")]
    pub rules: Rules,
    /// Version 1: the turns in draw order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnRecord>,
    /// Version 2: every action in order, draws included.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<ActionRecord>,
    /// What a scenario expects (not part of a game's state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
    /// A scenario's description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The largest record read from text (a finished game with every set is tens of kilobytes).
pub const MAX_RECORD_BYTES: usize = 4 << 20;
/// The longest player name a record may hold.
pub const MAX_NAME_CHARS: usize = 100;

fn default_sets() -> Vec<String> {
    vec!["base".into()]
}

impl Record {
    /// A record of version 1: a setup and its turns.
    pub fn new(setup: &Setup, turns: Vec<TurnRecord>) -> Record {
        Record {
            version: RECORD_VERSION_1,
            turns,
            ..Record::of_log(setup, Vec::new())
        }
    }

    /// A record of version 2: a setup and its log.
    pub fn of_log(setup: &Setup, log: Vec<ActionRecord>) -> Record {
        Record {
            version: RECORD_VERSION,
            players: setup.players.clone(),
            sets: setup.sets.iter().map(|s| s.name().to_string()).collect(),
            rules: setup.rules,
            turns: Vec::new(),
            log,
            expect: None,
            description: None,
        }
    }

    /// The number of tiles drawn in the record (turns begun, discards and set-aside tiles
    /// included).
    pub fn turn_count(&self) -> usize {
        if self.version == RECORD_VERSION_1 {
            return self.turns.len();
        }
        self.log.iter().filter(|a| a.draw.is_some()).count()
    }

    /// The number of turns played: [`Game::turn_count`] of the replayed record (a tile drawn
    /// and not placed yet is no turn played; a record's entries alone cannot tell it from a
    /// last tile discarded). Replays the record.
    pub fn turns_played(&self) -> Result<usize, ReplayError> {
        replay(self).map(|g| g.turn_count())
    }

    /// The number of tiles placed in the record.
    pub fn tiles_placed(&self) -> usize {
        if self.version == RECORD_VERSION_1 {
            return self.turns.iter().filter(|t| t.at.is_some()).count();
        }
        self.log.iter().filter(|a| a.at.is_some()).count()
    }

    /// The record of the first `n` turns only (what a replay viewer shows up to turn `n`).
    pub fn first_turns(&self, n: usize) -> Record {
        let mut r = self.clone();
        if r.version == RECORD_VERSION_1 {
            r.turns.truncate(n);
        } else {
            let end = r
                .log
                .iter()
                .enumerate()
                .filter(|(_, a)| a.draw.is_some())
                .nth(n)
                .map_or(r.log.len(), |(i, _)| i);
            r.log.truncate(end);
        }
        r
    }

    /// Appends the actions of `game` (this record's game, played on) that the record does not
    /// hold yet: a version 2 record grows with its game and is never rebuilt. A record of
    /// version 1, or one longer than the game's log, is replaced by the game's record.
    pub fn catch_up(&mut self, game: &Game) {
        let log = game.log();
        if self.version != RECORD_VERSION || self.log.len() > log.len() {
            let (expect, description) = (self.expect.take(), self.description.take());
            *self = game.record();
            self.expect = expect;
            self.description = description;
            return;
        }
        let from = self.log.len();
        self.log
            .extend(log[from..].iter().map(|e| ActionRecord::of(e.action)));
    }

    /// The record in version 2, the log of the game (the one converter from version 1: it
    /// replays the turns and keeps what the engine logged). A version 2 record comes back as it
    /// is.
    pub fn to_v2(&self) -> Result<Record, ReplayError> {
        if self.version != RECORD_VERSION_1 {
            self.setup()?;
            return Ok(self.clone());
        }
        let game = replay(self)?;
        Ok(Record {
            expect: self.expect.clone(),
            description: self.description.clone(),
            ..game.record()
        })
    }

    /// The record in version 1, one entry per drawn tile, for tools that read only that
    /// version: the complete turns (a turn still under way is left out).
    pub fn to_v1(&self) -> Result<Record, ReplayError> {
        let game = replay(self)?;
        check_version_1(&game.setup().sets)?;
        let open = matches!(
            game.pending().decision,
            Decision::Act { .. } | Decision::DragonMove { .. }
        );
        let n = game.turn_count() - usize::from(open);
        Ok(Record {
            expect: self.expect.clone(),
            description: self.description.clone(),
            ..Record::new(
                game.setup(),
                game.turns().take(n).map(|t| turn_record(&t)).collect(),
            )
        })
    }

    /// Parses a record from JSON: at most [`MAX_RECORD_BYTES`], player names of at most
    /// [`MAX_NAME_CHARS`] characters and at most six players (records come from anywhere).
    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(ReplayError::Malformed(format!(
                "the record is {} bytes; at most {MAX_RECORD_BYTES}",
                text.len()
            )));
        }
        let record: Record =
            serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        if record.players.len() > super::MAX_PLAYERS {
            return Err(ReplayError::Malformed(format!(
                "{} players; a game has at most {}",
                record.players.len(),
                super::MAX_PLAYERS
            )));
        }
        if let Some(i) = record
            .players
            .iter()
            .position(|p| p.chars().count() > MAX_NAME_CHARS)
        {
            return Err(ReplayError::Malformed(format!(
                "player {} has a name of {} characters; at most {MAX_NAME_CHARS}",
                i + 1,
                record.players[i].chars().count()
            )));
        }
        Ok(record)
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// The setup the record describes.
    pub fn setup(&self) -> Result<Setup, ReplayError> {
        match self.version {
            RECORD_VERSION_1 if !self.log.is_empty() => {
                return Err(ReplayError::Malformed(
                    "a record of version 1 has \"turns\", not \"log\"".into(),
                ))
            }
            RECORD_VERSION if !self.turns.is_empty() => {
                return Err(ReplayError::Malformed(
                    "a record of version 2 has \"log\", not \"turns\"".into(),
                ))
            }
            RECORD_VERSION_1 | RECORD_VERSION => {}
            v => return Err(ReplayError::Version(v)),
        }
        let mut sets = vec![TileSet::Base];
        for s in &self.sets {
            let set = TileSet::parse(s)
                .ok_or_else(|| ReplayError::Setup(SetupError::UnsupportedSet(s.clone())))?;
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
        Ok(Setup {
            players: self.players.clone(),
            sets,
            rules: self.rules,
        })
    }
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Not valid record JSON.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// Unknown format version.
    #[error("record version {0} is not supported (this build reads versions 1 and 2)")]
    Version(u32),
    /// The setup is invalid.
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    /// A turn is illegal.
    #[error("turn {index} ({context}): {reason}")]
    Turn {
        /// 0-based index of the turn.
        index: usize,
        /// "tile K at [2,-1] rotation 90".
        context: String,
        /// Why it is illegal.
        reason: TurnProblem,
    },
    /// A version 1 record of a set that came after it (Abbey & Mayor).
    #[error("a version 1 record cannot hold the {0} set: its moves are written only in version 2")]
    NotInVersion1(TileSet),
    /// An entry of a version 2 log is malformed or illegal.
    #[error("action {index} ({context}): {reason}")]
    Action {
        /// 0-based index of the entry in the log.
        index: usize,
        /// The entry, as JSON.
        context: String,
        /// Why it is refused.
        reason: TurnProblem,
    },
}

/// What is wrong with a recorded turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnProblem {
    /// Unknown tile id.
    #[error("unknown tile id {0:?}")]
    UnknownTile(String),
    /// A placement without `at` or `rotation`.
    #[error("a placed tile needs \"at\" and \"rotation\"")]
    Incomplete,
    /// A discard with a position or follower.
    #[error("a discarded tile has no \"at\", \"rotation\" or \"place\"")]
    DiscardWithPlacement,
    /// Unknown figure name.
    #[error("{0}")]
    BadFigure(String),
    /// A field of a set that is not in play.
    #[error("the field \"{field}\" belongs to the {set} set, which is not in play")]
    SetNotInPlay {
        /// The field.
        field: &'static str,
        /// The set it needs.
        set: &'static str,
    },
    /// A recall of something other than the abbot.
    #[error("only the abbot can be recalled, not {0:?}")]
    BadRecall(String),
    /// A recall together with a figure.
    #[error("a turn recalls the abbot or places a figure, not both")]
    RecallAndPlace,
    /// Two figure actions in one turn.
    #[error("a turn takes one figure action, not both \"{0}\" and \"{1}\"")]
    TwoActions(&'static str, &'static str),
    /// A capture without a tower piece.
    #[error("\"capture\" goes with \"tower\" (the tower piece that takes the prisoner)")]
    CaptureWithoutTower,
    /// `on` without `place`.
    #[error("\"on\" names the tile of \"place\", which is missing")]
    OnWithoutPlace,
    /// The fairy next to a follower (another edition's rule, not played).
    #[error("the fairy goes onto a tile, written \"fairy\": [x, y]")]
    FairyForm,
    /// A set-aside turn with a placement.
    #[error("a set-aside tile has no \"at\", \"rotation\", \"place\" or \"dragon\"")]
    SetAsideWithPlacement,
    /// A tile set aside that is not a dragon tile drawn before the first volcano.
    #[error("{0} is not set aside: only dragon tiles drawn while no volcano is out are")]
    NotSetAside(TileId),
    /// A dragon tile drawn before the first volcano, not marked set aside.
    #[error(
        "{0} is a dragon tile drawn while no volcano is out: it is set aside (\"set_aside\": true)"
    )]
    MustSetAside(TileId),
    /// A step that is not N, E, S or W.
    #[error("the dragon steps N, E, S or W, not {0:?}")]
    BadStep(String),
    /// A token of the bag of sheep that is not 1 to 4 or "wolf".
    #[error("a token of the bag of sheep is 1, 2, 3, 4 or \"wolf\", not {0}")]
    BadToken(String),
    /// A shepherd's choice that is not "grow" or "home".
    #[error("the shepherd's choice is \"grow\" or \"home\", not {0:?}")]
    BadFlock(String),
    /// A castle's choice that is not "build" or "score".
    #[error("a castle's choice is \"build\" or \"score\", not {0:?}")]
    BadCastle(String),
    /// A bazaar's deal that is not "buy" or "sell".
    #[error("a bazaar's deal is \"buy\" or \"sell\", not {0:?}")]
    BadDeal(String),
    /// A bid or a tile's index of a bazaar that is negative or too large.
    #[error("{0} is no bid or tile of a bazaar (0 or more)")]
    BadBid(i64),
    /// A bridge's line that is not "N-S" or "W-E".
    #[error("a bridge's axis is \"N-S\" or \"W-E\", not {0:?}")]
    BadBridge(String),
    /// More steps than the journey has.
    #[error("the dragon's journey ended after {steps} steps; the record has more")]
    NoJourney {
        /// Steps taken when it ended (0: no journey at all).
        steps: usize,
    },
    /// Fewer steps than the journey needs.
    #[error("the dragon's journey is not over after {steps} steps: it goes 6 steps unless stuck")]
    JourneyShort {
        /// Steps recorded.
        steps: u8,
    },
    /// A ransom from a seat that is no number of this game.
    #[error("the ransom names seat {0}, which is not in this game")]
    BadSeat(i64),
    /// The drawn tile fits somewhere, so it cannot be discarded.
    #[error("{tile} fits at {at}, so it cannot be discarded")]
    CannotDiscard {
        /// The tile.
        tile: TileId,
        /// A place where it fits.
        at: Pos,
    },
    /// A log entry that names no action, or more than one.
    #[error("a log entry takes one action: {0}")]
    NotOneAction(String),
    /// A field that goes only with another one.
    #[error("\"{0}\" goes with \"{1}\"")]
    Stray(&'static str, &'static str),
    /// The engine refused the move.
    #[error(transparent)]
    Illegal(#[from] ActionError),
}

impl From<PlaceError> for TurnProblem {
    fn from(e: PlaceError) -> TurnProblem {
        TurnProblem::Illegal(ActionError::Place(e))
    }
}

fn turn_context(t: &TurnRecord) -> String {
    match (t.at, t.rotation) {
        _ if t.discard => format!("tile {} discarded", t.tile),
        (Some([x, y]), Some(r)) => format!("tile {} at [{x},{y}] rotation {r}", t.tile),
        _ => format!("tile {}", t.tile),
    }
}

/// Checks that a turn names only fields of the sets in play.
fn check_fields(game: &Game, t: &TurnRecord) -> Result<(), TurnProblem> {
    let (tower, princess) = (
        game.has_set(TileSet::Tower),
        game.has_set(TileSet::Princess),
    );
    for (present, field, ok, set) in [
        (t.on.is_some(), "on", tower || princess, "princess or tower"),
        (t.tower.is_some(), "tower", tower, "tower"),
        (t.capture.is_some(), "capture", tower, "tower"),
        (t.ransom.is_some(), "ransom", tower, "tower"),
        (t.fairy.is_some(), "fairy", princess, "princess"),
        (t.princess.is_some(), "princess", princess, "princess"),
        (t.dragon.is_some(), "dragon", princess, "princess"),
        (t.set_aside, "set_aside", princess, "princess"),
    ] {
        if present && !ok {
            return Err(TurnProblem::SetNotInPlay { field, set });
        }
    }
    if (t.garden || t.recall.is_some()) && !game.has_set(TileSet::Abbot) {
        let field = if t.garden { "garden" } else { "recall" };
        return Err(TurnProblem::SetNotInPlay {
            field,
            set: "abbot",
        });
    }
    Ok(())
}

/// Applies one recorded turn to a game waiting for a draw: the draw, the placement and the figure
/// action, all or nothing (on error the game is unchanged).
pub fn apply_turn(game: &mut Game, t: &TurnRecord) -> Result<(), TurnProblem> {
    let mut g = game.clone();
    apply_turn_in_place(&mut g, t)?;
    *game = g;
    Ok(())
}

/// [`apply_turn`] without the copy: on error the game may be left mid-turn (replay discards it).
fn apply_turn_in_place(game: &mut Game, t: &TurnRecord) -> Result<(), TurnProblem> {
    let tile = TileId::parse(&t.tile).ok_or_else(|| TurnProblem::UnknownTile(t.tile.clone()))?;
    check_fields(game, t)?;
    if game.pending().decision == Decision::GameOver {
        return Err(ActionError::GameOver.into());
    }
    let draw = Action::Draw {
        tile,
        garden: t.garden,
    };
    if t.set_aside {
        if t.discard
            || t.at.is_some()
            || t.rotation.is_some()
            || t.place.is_some()
            || t.dragon.is_some()
        {
            return Err(TurnProblem::SetAsideWithPlacement);
        }
        if game.check_draw_ok(tile, t.garden) && !hooks::sets_aside(game, tile) {
            return Err(TurnProblem::NotSetAside(tile));
        }
        game.apply(draw)?;
        return Ok(());
    }
    if hooks::sets_aside(game, tile) && game.check_draw_ok(tile, t.garden) {
        return Err(TurnProblem::MustSetAside(tile));
    }
    if t.discard {
        if t.at.is_some()
            || t.rotation.is_some()
            || t.place.is_some()
            || t.recall.is_some()
            || t.on.is_some()
            || t.tower.is_some()
            || t.capture.is_some()
            || t.ransom.is_some()
        {
            return Err(TurnProblem::DiscardWithPlacement);
        }
        if let Some(p) = game.legal_placements(tile).first() {
            return Err(TurnProblem::CannotDiscard { tile, at: p.at });
        }
        game.apply(draw)?;
        return Ok(());
    }
    let (Some([x, y]), Some(r)) = (t.at, t.rotation) else {
        return Err(TurnProblem::Incomplete);
    };
    let rotation = Rotation::from_degrees(r).ok_or(PlaceError::BadRotation(r))?;
    let at = pos(x, y);
    let act = turn_act(t)?;
    let ransom = before_placing_of(game, t)?;
    if !game.fits_somewhere(tile) && game.check_draw_ok(tile, t.garden) {
        // Name the reason at the recorded place, else say it fits nowhere.
        game.check_placement(tile, at, rotation)?;
        return Err(PlaceError::FitsNowhere(tile).into());
    }
    game.apply(draw)?;
    if let Some(r) = ransom {
        game.apply(r)?;
    }
    game.apply(Action::Place { at, rotation })?;
    game.apply(act)?;
    for (k, step) in after_act_of(t)?.into_iter().enumerate() {
        if !matches!(game.pending().decision, Decision::DragonMove { .. }) {
            return Err(TurnProblem::NoJourney { steps: k });
        }
        game.apply(step)?;
    }
    if let Decision::DragonMove { step } = game.pending().decision {
        return Err(TurnProblem::JourneyShort { steps: step });
    }
    Ok(())
}

/// What a recorded turn does before placing its tile (the ransom it pays), as an action.
pub(crate) fn before_placing_of(
    game: &Game,
    t: &TurnRecord,
) -> Result<Option<Action>, TurnProblem> {
    t.ransom
        .as_ref()
        .map(|r| ransom_of(r, game.player_count()))
        .transpose()
}

/// A ransom in record form, as an action, in a game of `players` seats.
fn ransom_of(r: &RansomRecord, players: usize) -> Result<Action, TurnProblem> {
    let from = u8::try_from(r.from)
        .ok()
        .filter(|&f| (f as usize) < players)
        .ok_or(TurnProblem::BadSeat(r.from))?;
    let figure = match &r.figure {
        Some(f) => f.parse::<Figure>().map_err(TurnProblem::BadFigure)?,
        None => Figure::Follower,
    };
    Ok(Action::Ransom { from, figure })
}

/// What a recorded turn does after its figure action (the dragon's steps), as actions.
pub(crate) fn after_act_of(t: &TurnRecord) -> Result<Vec<Action>, TurnProblem> {
    t.dragon.iter().flatten().map(|s| dragon_step(s)).collect()
}

/// One step of the dragon (`N`, `E`, `S` or `W`) as an action.
fn dragon_step(step: &str) -> Result<Action, TurnProblem> {
    step.chars()
        .next()
        .filter(|_| step.chars().count() == 1)
        .and_then(Side::from_letter)
        .map(|side| Action::MoveDragon { side })
        .ok_or_else(|| TurnProblem::BadStep(step.to_string()))
}

pub(crate) fn pos(x: i64, y: i64) -> Pos {
    let clamp = |v: i64| v.clamp(i32::MIN as i64 / 2, i32::MAX as i64 / 2) as i32;
    Pos::new(clamp(x), clamp(y))
}

/// A figure's place as a record writes it (`city:N`), or why it names none.
fn spot_of(s: &str) -> Result<Spot, TurnProblem> {
    s.parse::<Spot>()
        .map_err(|e| TurnProblem::Illegal(ActionError::Follower(e.into())))
}

/// The figure action a recorded turn names: at most one of `place`, `tower` and `recall`.
pub(crate) fn turn_act(t: &TurnRecord) -> Result<Action, TurnProblem> {
    let named: Vec<&'static str> = [
        (t.place.is_some(), "place"),
        (t.tower.is_some(), "tower"),
        (t.recall.is_some(), "recall"),
        (t.fairy.is_some(), "fairy"),
        (t.princess.is_some(), "princess"),
    ]
    .into_iter()
    .filter(|x| x.0)
    .map(|x| x.1)
    .collect();
    if let [a, b, ..] = named[..] {
        return Err(if (a, b) == ("place", "recall") {
            TurnProblem::RecallAndPlace
        } else {
            TurnProblem::TwoActions(a, b)
        });
    }
    if t.capture.is_some() && t.tower.is_none() {
        return Err(TurnProblem::CaptureWithoutTower);
    }
    if t.on.is_some() && t.place.is_none() {
        return Err(TurnProblem::OnWithoutPlace);
    }
    let figure = match &t.figure {
        Some(f) => f.parse::<Figure>().map_err(TurnProblem::BadFigure)?,
        None => Figure::Follower,
    };
    if let Some(f) = &t.fairy {
        return match f {
            FairyRecord::Tile([x, y]) => Ok(Action::Fairy { at: pos(*x, *y) }),
            FairyRecord::Follower(_) => Err(TurnProblem::FairyForm),
        };
    }
    if let Some(k) = &t.princess {
        return Ok(Action::Princess {
            knight: Capture {
                on: pos(k.on[0], k.on[1]),
                spot: spot_of(&k.place)?,
            },
        });
    }
    Ok(match (&t.place, &t.recall, t.tower) {
        (_, Some(what), _) if what == "abbot" => Action::Recall,
        (_, Some(what), _) => return Err(TurnProblem::BadRecall(what.clone())),
        (_, _, Some([x, y])) => Action::Tower {
            at: pos(x, y),
            capture: match &t.capture {
                None => None,
                Some(c) => Some(Capture {
                    on: pos(c.on[0], c.on[1]),
                    spot: spot_of(&c.place)?,
                }),
            },
        },
        (Some(s), None, None) => match t.on {
            Some([x, y]) => Action::DeployOn {
                on: pos(x, y),
                figure,
                spot: spot_of(s)?,
            },
            None => Action::Deploy {
                spot: spot_of(s)?,
                figure,
            },
        },
        (None, None, None) => Action::Pass,
    })
}

/// Replays a whole record.
pub fn replay(record: &Record) -> Result<Game, ReplayError> {
    replay_watching(record, |_| {})
}

/// Every seat's score before the first turn and after each turn of a record (`out[k][seat]`), for
/// score graphs.
pub fn score_history(record: &Record) -> Result<Vec<Vec<u32>>, ReplayError> {
    let mut out = Vec::new();
    replay_watching(record, |g| out.push(g.scores().to_vec()))?;
    Ok(out)
}

/// Replays a record, showing `watch` the game before the first turn and after each one (replay
/// viewers and timelapses step through a game with it).
/// (A version 2 log is shown the game after each action that ends a turn, so both versions
/// show the same positions.)
pub fn replay_watching(record: &Record, mut watch: impl FnMut(&Game)) -> Result<Game, ReplayError> {
    let mut game = Game::new(record.setup()?)?;
    watch(&game);
    if record.version != RECORD_VERSION_1 {
        let players = game.player_count();
        for (index, entry) in record.log.iter().enumerate() {
            let before = game.pending().decision;
            entry
                .to_action(players)
                .and_then(|a| game.apply(a).map_err(TurnProblem::from))
                .map_err(|reason| ReplayError::Action {
                    index,
                    context: serde_json::to_string(entry).unwrap_or_default(),
                    reason,
                })?;
            if game.pending().decision.ends_turn_after(before) {
                watch(&game);
            }
        }
        return Ok(game);
    }
    check_version_1(&game.setup().sets)?;
    for (index, t) in record.turns.iter().enumerate() {
        apply_turn_in_place(&mut game, t).map_err(|reason| ReplayError::Turn {
            index,
            context: turn_context(t),
            reason,
        })?;
        watch(&game);
    }
    Ok(game)
}

/// Version 1 is frozen with the sets it was written for: a set that came after it (Abbey &
/// Mayor, with its abbeys and wagons; Hills & Sheep, with its shepherds; Bridges, Castles &
/// Bazaars, with its castles) is written only in version 2.
fn check_version_1(sets: &[TileSet]) -> Result<(), ReplayError> {
    match sets
        .iter()
        .find(|&&s| matches!(s, TileSet::Mayor | TileSet::Hills | TileSet::Bridges))
    {
        Some(&s) => Err(ReplayError::NotInVersion1(s)),
        None => Ok(()),
    }
}

/// The summary printed by `meeplebot replay`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplaySummary {
    /// Number of turns replayed.
    pub turns: usize,
    /// Scores after the last turn.
    pub scores: Vec<u32>,
    /// Scores after end-of-game scoring.
    pub final_scores: Vec<u32>,
    /// Names with the highest final score.
    pub winners: Vec<String>,
}

impl ReplaySummary {
    /// Summarises a replayed game.
    pub fn of(game: &Game) -> ReplaySummary {
        let fin = game.final_scoring();
        ReplaySummary {
            turns: game.turn_count(),
            scores: game.scores().to_vec(),
            final_scores: fin.scores,
            winners: fin
                .winners
                .iter()
                .map(|&w| game.setup().players[w].clone())
                .collect(),
        }
    }
}

impl fmt::Display for ReplaySummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

/// A turn of the log in record form (version 1).
fn turn_record(t: &TurnView<'_>) -> TurnRecord {
    let (tile, garden) = t.tile();
    let act = t.act().unwrap_or(Action::Pass);
    let mut r = match t.placed() {
        Some((at, rotation)) => match act {
            Action::Deploy { figure, spot } | Action::DeployOn { figure, spot, .. } => {
                TurnRecord::placed(tile, at, rotation, Some(spot), figure)
            }
            _ => TurnRecord::placed(tile, at, rotation, None, Figure::Follower),
        },
        None => TurnRecord::discarded(tile),
    };
    if t.set_aside() {
        r.discard = false;
        r.set_aside = true;
    }
    let path: Vec<String> = t
        .after_act()
        .filter_map(|a| match a {
            Action::MoveDragon { side } => Some(side.letter().to_string()),
            _ => None,
        })
        .collect();
    if !path.is_empty() {
        r.dragon = Some(path);
    }
    let a = ActionRecord::of(act);
    r.fairy = a.fairy.map(FairyRecord::Tile);
    r.princess = a.princess;
    r.recall = a.recall;
    r.on = a.on;
    r.tower = a.tower;
    r.capture = a.capture;
    r.ransom = t.before_placing().find_map(|a| ActionRecord::of(a).ransom);
    r.garden = garden;
    r
}

/// One entry of a version 2 record's log: one action, named by the field it sets (the names of
/// version 1: `draw`, `at` with `rotation`, `place` with `figure` and `on`, `recall`, `tower` with
/// `capture`, `ransom`, `fairy`, `princess`, `dragon` (one step) or `pass`). Unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRecord {
    /// The tile drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// With `draw`: the copy with a garden (Abbot).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub garden: bool,
    /// The drawn tile placed here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// With `at`: clockwise degrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<i64>,
    /// With `at`: a bridge laid with the tile (Bridges, Castles & Bazaars).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge: Option<BridgeRecord>,
    /// A figure from the supply to this place (`city:N` ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// With `place`: which figure, when not a normal follower (`large` ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// With `place`: the tile it is on, when not the tile just placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<[i64; 2]>,
    /// The abbot comes back (`"abbot"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<String>,
    /// The Tower: a tower piece on the tile at this position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower: Option<[i64; 2]>,
    /// With `tower`: the follower taken prisoner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<CaptureRecord>,
    /// The Tower: a follower bought back for 3 points before placing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ransom: Option<RansomRecord>,
    /// The Princess & the Dragon: the fairy moves onto this tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fairy: Option<[i64; 2]>,
    /// The Princess & the Dragon: the knight the princess sends home.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub princess: Option<CaptureRecord>,
    /// The Princess & the Dragon: one step of the dragon (`N`, `E`, `S` or `W`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dragon: Option<String>,
    /// Abbey & Mayor: the player's abbey into the hole at this position, instead of drawing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbey: Option<[i64; 2]>,
    /// Abbey & Mayor: the wagon that waits moves onto this place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wagon: Option<CaptureRecord>,
    /// Hills & Sheep: the token drawn from the bag of sheep (chance): 1 to 4, or `"wolf"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheep: Option<TokenRecord>,
    /// Hills & Sheep: the shepherd's choice, `"grow"` or `"home"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flock: Option<String>,
    /// Bridges, Castles & Bazaars: a castle's choice, `"build"` or `"score"` (the city).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castle: Option<String>,
    /// Bridges, Castles & Bazaars: the tile turned up from the stack for a bazaar (chance, like
    /// `draw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    /// Bridges, Castles & Bazaars: the chooser's tile of the bazaar (its index in the offer,
    /// from 0 in the order turned up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bazaar: Option<i64>,
    /// With `bazaar`: the chooser's bid (0 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<i64>,
    /// Bridges, Castles & Bazaars: a higher bid for the tile under auction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raise: Option<i64>,
    /// Bridges, Castles & Bazaars: the chooser's deal, `"buy"` or `"sell"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
    /// No figure action this turn (or a set's own decision not taken).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
}

/// A token of the bag of sheep as a log writes it: its sheep (`3`) or `"wolf"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TokenRecord {
    /// 1 to 4 sheep.
    Sheep(i64),
    /// `"wolf"`.
    Named(String),
}

impl TokenRecord {
    /// The chance action it names.
    fn to_action(&self) -> Result<Action, TurnProblem> {
        let token = match self {
            TokenRecord::Sheep(n @ 1..=4) => SheepToken::Sheep(*n as u8),
            TokenRecord::Named(w) if w == "wolf" => SheepToken::Wolf,
            TokenRecord::Sheep(n) => return Err(TurnProblem::BadToken(n.to_string())),
            TokenRecord::Named(w) => return Err(TurnProblem::BadToken(format!("{w:?}"))),
        };
        Ok(Action::Token { token })
    }
}

impl ActionRecord {
    /// An action in record form.
    pub fn of(action: Action) -> ActionRecord {
        let xy = |p: Pos| Some([p.x as i64, p.y as i64]);
        let capture = |c: Capture| CaptureRecord {
            on: [c.on.x as i64, c.on.y as i64],
            place: c.spot.to_string(),
        };
        let figure = |f: Figure| (f != Figure::Follower).then(|| f.name().to_string());
        let none = ActionRecord::default();
        match action {
            Action::Draw { tile, garden } => ActionRecord {
                draw: Some(tile.name().to_string()),
                garden,
                ..none
            },
            Action::Place { at, rotation } => ActionRecord {
                at: xy(at),
                rotation: Some(rotation.degrees() as i64),
                ..none
            },
            Action::PlaceBridge {
                at,
                rotation,
                on,
                axis,
            } => ActionRecord {
                at: xy(at),
                rotation: Some(rotation.degrees() as i64),
                bridge: Some(BridgeRecord {
                    on: [on.x as i64, on.y as i64],
                    axis: axis.name().into(),
                }),
                ..none
            },
            Action::Deploy { figure: f, spot } => ActionRecord {
                place: Some(spot.to_string()),
                figure: figure(f),
                ..none
            },
            Action::DeployOn {
                on,
                figure: f,
                spot,
            } => ActionRecord {
                place: Some(spot.to_string()),
                figure: figure(f),
                on: xy(on),
                ..none
            },
            Action::Recall => ActionRecord {
                recall: Some("abbot".into()),
                ..none
            },
            Action::Tower { at, capture: c } => ActionRecord {
                tower: xy(at),
                capture: c.map(capture),
                ..none
            },
            Action::Ransom { from, figure: f } => ActionRecord {
                ransom: Some(RansomRecord {
                    from: from as i64,
                    figure: figure(f),
                }),
                ..none
            },
            Action::Fairy { at } => ActionRecord {
                fairy: xy(at),
                ..none
            },
            Action::Princess { knight } => ActionRecord {
                princess: Some(capture(knight)),
                ..none
            },
            Action::MoveDragon { side } => ActionRecord {
                dragon: Some(side.letter().to_string()),
                ..none
            },
            Action::Abbey { at } => ActionRecord {
                abbey: xy(at),
                ..none
            },
            Action::Wagon { to } => ActionRecord {
                wagon: Some(capture(to)),
                ..none
            },
            Action::Token { token } => ActionRecord {
                sheep: Some(match token {
                    SheepToken::Wolf => TokenRecord::Named("wolf".into()),
                    SheepToken::Sheep(n) => TokenRecord::Sheep(i64::from(n)),
                }),
                ..none
            },
            Action::Flock { choice } => ActionRecord {
                flock: Some(choice.name().into()),
                ..none
            },
            Action::Castle { build } => ActionRecord {
                castle: Some(if build { "build" } else { "score" }.into()),
                ..none
            },
            Action::Offer { tile, garden } => ActionRecord {
                offer: Some(tile.name().to_string()),
                garden,
                ..none
            },
            Action::Bazaar { tile, bid } => ActionRecord {
                bazaar: Some(i64::from(tile)),
                bid: (bid > 0).then_some(i64::from(bid)),
                ..none
            },
            Action::Raise { bid } => ActionRecord {
                raise: Some(i64::from(bid)),
                ..none
            },
            Action::Deal { buy } => ActionRecord {
                deal: Some(if buy { "buy" } else { "sell" }.into()),
                ..none
            },
            Action::Pass => ActionRecord { pass: true, ..none },
        }
    }

    /// The action the entry names, in a game of `players` seats; refuses an entry that names
    /// none or several, or a field without the one it goes with.
    pub fn to_action(&self, players: usize) -> Result<Action, TurnProblem> {
        let named: Vec<&'static str> = [
            (self.draw.is_some(), "draw"),
            (self.at.is_some(), "at"),
            (self.place.is_some(), "place"),
            (self.recall.is_some(), "recall"),
            (self.tower.is_some(), "tower"),
            (self.ransom.is_some(), "ransom"),
            (self.fairy.is_some(), "fairy"),
            (self.princess.is_some(), "princess"),
            (self.dragon.is_some(), "dragon"),
            (self.abbey.is_some(), "abbey"),
            (self.wagon.is_some(), "wagon"),
            (self.sheep.is_some(), "sheep"),
            (self.flock.is_some(), "flock"),
            (self.castle.is_some(), "castle"),
            (self.offer.is_some(), "offer"),
            (self.bazaar.is_some(), "bazaar"),
            (self.raise.is_some(), "raise"),
            (self.deal.is_some(), "deal"),
            (self.pass, "pass"),
        ]
        .into_iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
        if named.len() != 1 {
            return Err(TurnProblem::NotOneAction(if named.is_empty() {
                "it names none".into()
            } else {
                format!("it names {}", named.join(", "))
            }));
        }
        for (present, field, with, ok) in [
            (
                self.garden,
                "garden",
                "draw",
                self.draw.is_some() || self.offer.is_some(),
            ),
            (self.bid.is_some(), "bid", "bazaar", self.bazaar.is_some()),
            (self.rotation.is_some(), "rotation", "at", self.at.is_some()),
            (self.bridge.is_some(), "bridge", "at", self.at.is_some()),
            (
                self.figure.is_some(),
                "figure",
                "place",
                self.place.is_some(),
            ),
            (self.on.is_some(), "on", "place", self.place.is_some()),
            (
                self.capture.is_some(),
                "capture",
                "tower",
                self.tower.is_some(),
            ),
        ] {
            if present && !ok {
                return Err(TurnProblem::Stray(field, with));
            }
        }
        if let Some(id) = &self.draw {
            let tile = TileId::parse(id).ok_or_else(|| TurnProblem::UnknownTile(id.clone()))?;
            return Ok(Action::Draw {
                tile,
                garden: self.garden,
            });
        }
        if let Some(id) = &self.offer {
            let tile = TileId::parse(id).ok_or_else(|| TurnProblem::UnknownTile(id.clone()))?;
            return Ok(Action::Offer {
                tile,
                garden: self.garden,
            });
        }
        if let Some(k) = self.bazaar {
            let tile = u8::try_from(k).map_err(|_| TurnProblem::BadBid(k))?;
            let bid = self.bid.unwrap_or(0);
            let bid = u32::try_from(bid).map_err(|_| TurnProblem::BadBid(bid))?;
            return Ok(Action::Bazaar { tile, bid });
        }
        if let Some(bid) = self.raise {
            let bid = u32::try_from(bid).map_err(|_| TurnProblem::BadBid(bid))?;
            return Ok(Action::Raise { bid });
        }
        if let Some(d) = &self.deal {
            let buy = match d.as_str() {
                "buy" => true,
                "sell" => false,
                _ => return Err(TurnProblem::BadDeal(d.clone())),
            };
            return Ok(Action::Deal { buy });
        }
        if let Some([x, y]) = self.at {
            let r = self.rotation.ok_or(TurnProblem::Incomplete)?;
            let rotation = Rotation::from_degrees(r).ok_or(PlaceError::BadRotation(r))?;
            if let Some(b) = &self.bridge {
                let axis =
                    Axis::parse(&b.axis).ok_or_else(|| TurnProblem::BadBridge(b.axis.clone()))?;
                return Ok(Action::PlaceBridge {
                    at: pos(x, y),
                    rotation,
                    on: pos(b.on[0], b.on[1]),
                    axis,
                });
            }
            return Ok(Action::Place {
                at: pos(x, y),
                rotation,
            });
        }
        if let Some(step) = &self.dragon {
            return dragon_step(step);
        }
        if let Some(r) = &self.ransom {
            return ransom_of(r, players);
        }
        if let Some([x, y]) = self.abbey {
            return Ok(Action::Abbey { at: pos(x, y) });
        }
        if let Some(w) = &self.wagon {
            let spot = spot_of(&w.place)?;
            return Ok(Action::Wagon {
                to: Capture {
                    on: pos(w.on[0], w.on[1]),
                    spot,
                },
            });
        }
        if let Some(t) = &self.sheep {
            return t.to_action();
        }
        if let Some(c) = &self.flock {
            let choice = match c.as_str() {
                "grow" => FlockChoice::Grow,
                "home" => FlockChoice::Home,
                _ => return Err(TurnProblem::BadFlock(c.clone())),
            };
            return Ok(Action::Flock { choice });
        }
        if let Some(c) = &self.castle {
            let build = match c.as_str() {
                "build" => true,
                "score" => false,
                _ => return Err(TurnProblem::BadCastle(c.clone())),
            };
            return Ok(Action::Castle { build });
        }
        if self.pass {
            return Ok(Action::Pass);
        }
        // The figure actions read as the fields of a version 1 turn.
        turn_act(&TurnRecord {
            place: self.place.clone(),
            figure: self.figure.clone(),
            on: self.on,
            recall: self.recall.clone(),
            tower: self.tower,
            capture: self.capture.clone(),
            fairy: self.fairy.map(FairyRecord::Tile),
            princess: self.princess.clone(),
            ..TurnRecord::default()
        })
    }
}

/// The game's record (version 2): its setup and its log, the turn under way included.
impl Game {
    /// The game as a record of version 2.
    pub fn record(&self) -> Record {
        Record::of_log(
            self.setup(),
            self.log()
                .iter()
                .map(|e: &Logged| ActionRecord::of(e.action))
                .collect(),
        )
    }
}
