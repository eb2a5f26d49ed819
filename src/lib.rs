//! meeplebot: Carcassonne with real rules, played in Discord.
//!
//! Modules depend one way: [`engine`] (pure rules) ← [`render`] (pictures) ← [`service`] (game
//! sessions: commands in, replies out) ← [`store`] (sled storage). The binary wires them.

pub mod engine;
pub mod render;
pub mod service;
pub mod store;
