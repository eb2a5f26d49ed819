//! Pictures: the tile art generator, board pictures, tile previews and final pictures.
//!
//! Depends on the engine and on image/tiny-skia only; no async, no Discord, no storage, no file
//! I/O (callers pass PNG bytes in and get PNG bytes out). Async callers run these functions off
//! the runtime (`spawn_blocking`): they take milliseconds.

pub mod art;
pub mod board;
pub mod text;

pub use board::{
    encode, phone_window, recent_moves, ArtError, BoardOptions, Recent, Renderer, COLOUR_NAMES,
    HEAD_SHAPES, PHONE_CELL, PHONE_COLS, PHONE_MARGIN, PHONE_ROWS, PLAYER_COLOURS,
};
