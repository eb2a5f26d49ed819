//! meeplebot: Carcassonne with real rules, played in Discord.
//!
//! Modules depend one way: [`engine`] (pure rules) is used by everything else.

pub mod engine;
