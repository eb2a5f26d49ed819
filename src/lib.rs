//! meeplebot: Carcassonne with real rules, played in Discord.
//!
//! Modules depend one way: [`engine`] (pure rules) ← [`render`] (pictures).

pub mod engine;
pub mod render;
