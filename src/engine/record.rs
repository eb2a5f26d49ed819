//! Game records: the JSON format of `../shared/reference/game-record.md`, and replaying them.
//!
//! [`Record`] is the unchecked form (as read from a file); [`replay`] turns it into a validated
//! [`Game`] or names the first illegal turn.

use super::error::{PlaceError, SetupError};
use super::game::Game;
use super::geom::{Pos, Rotation};
use super::tiles::{TileId, TileSet};
use super::types::{Figure, Rules, Setup, Spot};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record format version this engine writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// One turn as written in a record; unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
            discard: false,
        }
    }

    /// A discard turn.
    pub fn discarded(tile: TileId) -> TurnRecord {
        TurnRecord {
            tile: tile.name().to_string(),
            at: None,
            rotation: None,
            place: None,
            figure: None,
            discard: true,
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
    /// If set, replay must fail at this turn index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_turn: Option<usize>,
}

/// A game record (unchecked).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Format version (1).
    pub version: u32,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Sets in play, by record name.
    #[serde(default = "default_sets")]
    pub sets: Vec<String>,
    /// Rule options.
    #[serde(default)]
    pub rules: Rules,
    /// Turns in draw order.
    #[serde(default)]
    pub turns: Vec<TurnRecord>,
    /// What a scenario expects (not part of a game's state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
    /// A scenario's description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

fn default_sets() -> Vec<String> {
    vec!["base".into()]
}

impl Record {
    /// A record of a setup and turns.
    pub fn new(setup: &Setup, turns: Vec<TurnRecord>) -> Record {
        Record {
            version: RECORD_VERSION,
            players: setup.players.clone(),
            sets: setup.sets.iter().map(|s| s.name().to_string()).collect(),
            rules: setup.rules,
            turns,
            expect: None,
            description: None,
        }
    }

    /// Parses a record from JSON.
    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// The setup the record describes.
    pub fn setup(&self) -> Result<Setup, ReplayError> {
        if self.version != RECORD_VERSION {
            return Err(ReplayError::Version(self.version));
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
    #[error("record version {0} is not supported (this build reads version 1)")]
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
    /// The engine refused the move.
    #[error(transparent)]
    Illegal(#[from] PlaceError),
}

fn turn_context(t: &TurnRecord) -> String {
    match (t.at, t.rotation) {
        _ if t.discard => format!("tile {} discarded", t.tile),
        (Some([x, y]), Some(r)) => format!("tile {} at [{x},{y}] rotation {r}", t.tile),
        _ => format!("tile {}", t.tile),
    }
}

/// Applies one recorded turn to a game.
pub fn apply_turn(game: &mut Game, t: &TurnRecord) -> Result<(), TurnProblem> {
    let tile = TileId::parse(&t.tile).ok_or_else(|| TurnProblem::UnknownTile(t.tile.clone()))?;
    if t.discard {
        if t.at.is_some() || t.rotation.is_some() || t.place.is_some() {
            return Err(TurnProblem::DiscardWithPlacement);
        }
        game.discard(tile)?;
        return Ok(());
    }
    let (Some([x, y]), Some(r)) = (t.at, t.rotation) else {
        return Err(TurnProblem::Incomplete);
    };
    let rotation = Rotation::from_degrees(r).ok_or(PlaceError::BadRotation(r))?;
    let clamp = |v: i64| v.clamp(i32::MIN as i64 / 2, i32::MAX as i64 / 2) as i32;
    let at = Pos::new(clamp(x), clamp(y));
    let spot = match &t.place {
        Some(s) => Some(
            s.parse::<Spot>()
                .map_err(|e| PlaceError::Follower(e.into()))?,
        ),
        None => None,
    };
    let figure = match &t.figure {
        Some(f) => f.parse::<Figure>().map_err(TurnProblem::BadFigure)?,
        None => Figure::Follower,
    };
    game.place(tile, at, rotation, spot, figure)?;
    Ok(())
}

/// Replays a whole record.
pub fn replay(record: &Record) -> Result<Game, ReplayError> {
    let mut game = Game::new(record.setup()?)?;
    for (index, t) in record.turns.iter().enumerate() {
        apply_turn(&mut game, t).map_err(|reason| ReplayError::Turn {
            index,
            context: turn_context(t),
            reason,
        })?;
    }
    Ok(game)
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
            turns: game.turns().len(),
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
