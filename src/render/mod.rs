//! Pictures: the tile-art generator and every picture the bot posts, composited with `image`
//! and `imageproc` over one shared compositor ([`canvas`]).
//!
//! - [`board`]: the board area all board pictures share, and the full board with its panel;
//! - [`turn`]: the turn picture made for phones (a window of the board, arrows to moves outside);
//! - [`panel`]: the panels with scores and what each seat holds;
//! - [`finale`]: the end-of-game picture; [`graph`]: the score graph;
//! - [`preview`]: the drawn tile's rotations and follower places;
//! - [`replay`]: one turn of a finished game; [`timelapse`]: the whole game as an animated GIF;
//! - [`sprites`]: figures, dragon, fairy, towers and badges (vector drawings, cached);
//! - [`tiles`]: the renderer and its tile art (built-in, or a PNG/JPEG/WebP art pack);
//! - [`art`]: the generator of the built-in tile art; [`text`]: text on pictures;
//! - [`labels`]: the words on pictures, each from the catalogs and with its box;
//! - [`web`]: the pieces of the web board (tile art and sprites as files, the figures layer).
//!
//! Depends on the engine and on image/imageproc/tiny-skia only; no async, no Discord, no
//! storage, no file I/O (callers pass bytes in and get bytes out). Async callers run these
//! functions off the runtime (`spawn_blocking`): they take milliseconds.

pub mod art;
pub mod board;
pub mod canvas;
pub mod finale;
pub mod graph;
pub mod labels;
pub mod layout;
pub mod panel;
pub mod preview;
pub mod replay;
mod sets;
pub mod sprite_key;
pub mod sprites;
pub mod text;
pub mod tiles;
pub mod timelapse;
pub mod turn;
pub mod web;

pub use board::legal_cells;
pub use board::{BoardOptions, Recent};
pub use canvas::{encode, Img};
pub use sprites::{COLOUR_NAMES, HEAD_SHAPES, PLAYER_COLOURS};
pub use tiles::{ArtError, Renderer, TileArt, ART_EXTENSIONS};
pub use timelapse::TimelapseError;

impl Renderer {
    /// A renderer that draws the built-in tile art at whatever size it needs.
    pub fn generated() -> Renderer {
        Renderer::drawing(sets::symbols().to_vec())
    }
}

/// One tile's picture as PNG, `size` pixels square, in its canonical orientation
/// (`other_copy`: the copy printed with a garden), every set drawing its symbols.
pub fn tile_png(t: &crate::engine::TileType, size: u32, other_copy: bool) -> Vec<u8> {
    art::tile_png(t, size, other_copy, &sets::symbols())
}

/// Reads a sprite's name in a URL ([`sprite_key::SpriteKey::name`]), the sets' tokens among
/// them; `None` for anything else.
pub fn sprite_named(name: &str) -> Option<sprite_key::SpriteKey> {
    sprite_key::SpriteKey::from_name(name, &sets::tokens())
}
pub use turn::{
    off_window, phone_window, recent_moves, Pointer, Sight, PHONE_CELL, PHONE_COLS, PHONE_MARGIN,
    PHONE_ROWS,
};
