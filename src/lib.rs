//! meeplebot: Carcassonne with real rules, played in Discord.
//!
//! [`i18n`] holds the message catalogs every layer takes its texts from. Modules depend one way: [`engine`] (pure rules) ← [`ai`] (computer players) ← [`render`] (pictures) ← [`service`] (game
//! sessions: commands in, replies out) ← [`store`] (sled storage), [`bot`] (poise/serenity
//! adapters) and [`web`] (the web board, over HTTP). [`config`] reads the configuration file. The binary wires them together.

#![warn(missing_docs)]

pub mod ai;
pub mod bot;
pub mod config;
pub mod engine;
pub mod i18n;
pub mod render;
pub mod service;
pub mod store;
pub mod web;
