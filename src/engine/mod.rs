//! The rules engine: pure Carcassonne rules, with no async, no I/O, no Discord, no storage and no
//! images.
//!
//! * [`tiles`]: the catalog of every tile of every set.
//! * [`Game`]: a validated game; [`Game::place`] applies a turn or returns a specific error and
//!   changes nothing.
//! * [`record`]: the game-record format and [`replay`].
//! * [`random`]: seeded decks and random play (tests, benchmarks, demo opponents).

pub mod error;
pub mod game;
pub mod geom;
pub mod random;
pub mod record;
pub mod tiles;
pub mod types;

pub use error::{FollowerError, PlaceError, SetupError};
pub use game::{
    FinalScoring, Game, Meeple, PlacedTile, Placement, ScoreEvent, Supply, TurnOutcome,
};
pub use geom::{Half, Pos, Rotation, Side};
pub use record::{replay, Record, ReplayError, ReplaySummary, TurnRecord};
pub use tiles::{catalog, EdgeKind, FeatureKind, TileId, TileSet, TileType};
pub use types::{FarmRule, Figure, Rules, Setup, Spot};
