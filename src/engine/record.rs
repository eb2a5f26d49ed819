//! Game records: the JSON format of `docs/game-record.md`, and replaying them.
//!
//! [`Record`] is the unchecked form (as read from a file); [`replay`] turns it into a validated
//! [`Game`] or names the first illegal turn.

use super::action::{Action, Capture, Decision};
use super::error::{ActionError, PlaceError, SetupError};
use super::game::hooks;
use super::game::{Act, Game, Turn};
use super::geom::{Pos, Rotation, Side};
use super::tiles::{TileId, TileSet};
use super::types::{Figure, Rules, Setup, Spot};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record format version this engine writes and reads.
pub const RECORD_VERSION: u32 = 1;

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

/// A ransom, as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RansomRecord {
    /// The seat that holds the prisoner.
    pub from: i64,
    /// `follower` (the default) or `large`.
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
    /// The Tower: `prisoners[holder][owner]`, followers (normal and large) held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Vec<Vec<u8>>>,
    /// The Tower: tower pieces left per seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower_pieces: Option<Vec<u8>>,
    /// The Tower: `[x, y, height]` of every tower with at least one piece, in placement order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub towers: Option<Vec<[i64; 3]>>,
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

/// The largest record read from text (a finished game with every set is tens of kilobytes).
pub const MAX_RECORD_BYTES: usize = 4 << 20;
/// The longest player name a record may hold.
pub const MAX_NAME_CHARS: usize = 100;

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
    let ransom = ransom_action(game, t)?;
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
    for (k, step) in dragon_steps(t)?.into_iter().enumerate() {
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

/// The ransom a recorded turn pays, as an action.
pub(crate) fn ransom_action(game: &Game, t: &TurnRecord) -> Result<Option<Action>, TurnProblem> {
    let Some(r) = &t.ransom else {
        return Ok(None);
    };
    let from = u8::try_from(r.from)
        .ok()
        .filter(|&f| (f as usize) < game.player_count())
        .ok_or(TurnProblem::BadSeat(r.from))?;
    let figure = match &r.figure {
        Some(f) => f.parse::<Figure>().map_err(TurnProblem::BadFigure)?,
        None => Figure::Follower,
    };
    Ok(Some(Action::Ransom { from, figure }))
}

/// The dragon's steps a recorded turn names, as actions.
pub(crate) fn dragon_steps(t: &TurnRecord) -> Result<Vec<Action>, TurnProblem> {
    t.dragon
        .iter()
        .flatten()
        .map(|step| {
            step.chars()
                .next()
                .filter(|_| step.chars().count() == 1)
                .and_then(Side::from_letter)
                .map(|side| Action::MoveDragon { side })
                .ok_or_else(|| TurnProblem::BadStep(step.clone()))
        })
        .collect()
}

pub(crate) fn pos(x: i64, y: i64) -> Pos {
    let clamp = |v: i64| v.clamp(i32::MIN as i64 / 2, i32::MAX as i64 / 2) as i32;
    Pos::new(clamp(x), clamp(y))
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
    let spot = |s: &str| {
        s.parse::<Spot>()
            .map_err(|e| TurnProblem::Illegal(ActionError::Follower(e.into())))
    };
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
                spot: spot(&k.place)?,
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
                    spot: spot(&c.place)?,
                }),
            },
        },
        (Some(s), None, None) => match t.on {
            Some([x, y]) => Action::DeployOn {
                on: pos(x, y),
                figure,
                spot: spot(s)?,
            },
            None => Action::Deploy {
                spot: spot(s)?,
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
pub fn replay_watching(record: &Record, mut watch: impl FnMut(&Game)) -> Result<Game, ReplayError> {
    let mut game = Game::new(record.setup()?)?;
    watch(&game);
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

impl Turn {
    /// The turn in game-record form.
    pub fn to_record(&self) -> TurnRecord {
        let mut r = match self.placed {
            Some((at, rotation)) => match self.act {
                Act::Deploy(figure, spot) | Act::DeployOn(_, figure, spot) => {
                    TurnRecord::placed(self.tile, at, rotation, Some(spot), figure)
                }
                Act::None | Act::Recall | Act::Tower(..) | Act::Fairy(_) | Act::Princess(_) => {
                    TurnRecord::placed(self.tile, at, rotation, None, Figure::Follower)
                }
            },
            None => TurnRecord::discarded(self.tile),
        };
        if self.set_aside {
            r.discard = false;
            r.set_aside = true;
        }
        let xy = |p: Pos| [p.x as i64, p.y as i64];
        let path: Vec<String> = self
            .dragon
            .iter()
            .flatten()
            .map(|s| s.letter().to_string())
            .collect();
        if !path.is_empty() {
            r.dragon = Some(path);
        }
        match self.act {
            Act::Fairy(at) => r.fairy = Some(FairyRecord::Tile(xy(at))),
            Act::Princess(k) => {
                r.princess = Some(CaptureRecord {
                    on: xy(k.on),
                    place: k.spot.to_string(),
                })
            }
            Act::Recall => r.recall = Some("abbot".into()),
            Act::DeployOn(on, ..) => r.on = Some(xy(on)),
            Act::Tower(at, capture) => {
                r.tower = Some(xy(at));
                r.capture = capture.map(|c| CaptureRecord {
                    on: xy(c.on),
                    place: c.spot.to_string(),
                });
            }
            Act::None | Act::Deploy(..) => {}
        }
        r.ransom = self.ransom.map(|(from, figure)| RansomRecord {
            from: from as i64,
            figure: (figure != Figure::Follower).then(|| figure.name().to_string()),
        });
        r.garden = self.garden;
        r
    }
}

/// The game in record form: the record of its complete turns and the turn in progress.
impl Game {
    /// The turn in progress as a partial record entry, when it has moves that the record does
    /// not hold yet: a ransom paid before placing, or a placed tile whose dragon's journey is
    /// under way. [`LiveGame::resume_turn`](super::live::LiveGame::resume_turn) replays it.
    pub fn turn_in_progress(&self) -> Option<TurnRecord> {
        match self.pending().decision {
            Decision::PlaceTile { tile, garden } => {
                self.ransom_before_placing()
                    .map(|(from, figure)| TurnRecord {
                        tile: tile.name().to_string(),
                        garden,
                        ransom: Some(RansomRecord {
                            from: from as i64,
                            figure: (figure != Figure::Follower).then(|| figure.name().to_string()),
                        }),
                        ..TurnRecord::default()
                    })
            }
            Decision::Act { .. } | Decision::DragonMove { .. } => {
                self.turns().last().map(Turn::to_record)
            }
            Decision::Draw | Decision::GameOver => None,
        }
    }

    /// The game as a record (setup and the complete turns of the log).
    pub fn record(&self) -> Record {
        let complete = match self.pending().decision {
            Decision::Act { .. } | Decision::DragonMove { .. } => {
                self.turns().len().saturating_sub(1)
            }
            _ => self.turns().len(),
        };
        Record::new(
            self.setup(),
            self.turns()[..complete]
                .iter()
                .map(Turn::to_record)
                .collect(),
        )
    }
}
