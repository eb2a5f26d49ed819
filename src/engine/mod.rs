//! The rules engine: pure Carcassonne rules, with no async, no I/O, no Discord, no storage and no
//! images.
//!
//! A turn is a sequence of decisions. [`Game::pending`] says who must decide and what
//! ([`Decision`]); [`Game::apply`] takes an [`Action`], validates it (on error nothing changes) and
//! runs the automatic steps until the next decision. [`Game::for_each_legal`] enumerates every
//! legal action of the pending decision.
//!
//! * [`tiles`]: the catalog of every tile of every set.
//! * [`board`], [`features`](self): the placed tiles and the union-find of their features.
//! * [`game`]: the validated rules state and its queries, with the turn ([`Game::apply`]), the
//!   figures and scoring in files of their own; [`live`]: a game plus its hidden bag.
//! * `table`: what lies on the table (board, features, figures, supplies, scores): the parts of a
//!   game the expansions' rules get.
//! * [`legal`]: enumerating the legal actions of the pending decision.
//! * [`expansions`]: each expansion's state and rules, given the table and their own state (never
//!   the whole game); the game's hook table (`game/hooks.rs`) calls them, in order, at each step of
//!   a turn.
//! * [`log`]: the log of a game (every action in order) and the turns read off it.
//! * [`record`]: the game-record format (version 2: the log; version 1: one entry per turn) and
//!   [`replay`].
//! * [`random`]: seeded bags and random play (tests, benchmarks, demo opponents).

/// Implements `Clone` field by field (every field named: a field added later and left out is a
/// compile error), with `clone_from` copying each field into the one it replaces, so that a
/// copy made again and again (each iteration of a search copies the game it starts from) reuses
/// the vectors' buffers instead of allocating them afresh.
macro_rules! clone_fields {
    ($t:ty { $($f:ident),* $(,)? }) => {
        impl Clone for $t {
            fn clone(&self) -> Self {
                let Self { $($f),* } = self;
                Self { $($f: $f.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let Self { $($f),* } = source;
                $(self.$f.clone_from($f);)*
            }
        }
    };
}

pub mod action;
pub mod board;
pub mod error;
pub mod expansions;
pub(crate) mod features;
pub mod game;
pub mod geom;
pub mod legal;
pub mod live;
pub mod log;
pub mod random;
pub mod record;
pub(crate) mod table;
pub mod tiles;
pub mod types;

pub use action::{Action, Capture, Decision, Pending, ScoreEvent, TurnOutcome};
pub use board::{Board, PlacedTile, Placement};
pub use error::{ActionError, FollowerError, HillsError, PlaceError, SetupError};
pub use features::{Seats, MAX_PLAYERS};
pub use game::{
    figure_of, FeatureRef, FigureId, FinalScoring, Game, Meeple, Supply, Unfinished,
    FOLLOWERS_PER_PLAYER,
};
pub use geom::{Axis, Corner, Half, Pos, Rotation, Side};
pub use live::{Drawn, LiveGame};
pub use log::{Logged, TurnView};
pub use record::{
    replay, replay_watching, score_history, ActionRecord, Record, ReplayError, ReplaySummary,
    TurnRecord, MAX_NAME_CHARS, MAX_RECORD_BYTES,
};
pub use tiles::{catalog, EdgeKind, FeatureKind, TileId, TileSet, TileType};
pub use types::{
    FarmRule, Figure, FlockChoice, Reason, Rules, Setup, SheepToken, Spot, SpotParseError,
};
