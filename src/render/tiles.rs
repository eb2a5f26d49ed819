//! The renderer and its tile art: the built-in art (drawn from the catalog) or an art pack of
//! PNG, JPEG or WebP pictures of any square size, decoded with `image`, resized once per cell
//! size with a Lanczos filter, turned with `image::imageops` and cached.

use super::art::{self, SymbolArt};
use super::canvas::{from_pixmap, is_opaque, Img};
use super::sprite_key::SpriteKey;
use crate::engine::{Axis, PlacedTile, Rotation, TileId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Why tile art could not be loaded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArtError {
    /// A tile id has no picture.
    #[error("no picture for tile {0} (expected {0}.png, {0}.jpg or {0}.webp)")]
    Missing(String),
    /// A picture cannot be decoded.
    #[error("{0} is not a readable PNG, JPEG or WebP picture")]
    Undecodable(String),
    /// A picture is not square.
    #[error("{0} is {1}x{2}; tile pictures must be square")]
    NotSquare(String, u32, u32),
}

/// File name endings an art pack may use, in the order they are preferred.
pub const ART_EXTENSIONS: [&str; 4] = ["png", "jpg", "jpeg", "webp"];

/// A tile picture ready to paste: its pixels and whether all of them are opaque (then it is
/// copied, which is faster than blending).
pub struct TileArt {
    /// The picture, one cell square.
    pub img: Img,
    /// Every pixel is opaque.
    pub opaque: bool,
}

/// A cached tile picture: tile index, quarter turns, size, garden copy.
type TileKey = (u8, u8, u32, bool);

/// Draws pictures; holds the tile art and caches of scaled, turned tiles and of figure sprites.
/// Cheap to share (`Arc<Renderer>`) between threads.
pub struct Renderer {
    /// Art pack pictures at full size, by tile index; `None` means the built-in art.
    custom: Option<Vec<Img>>,
    /// The sets' symbols on the built-in art.
    symbols: Vec<&'static SymbolArt>,
    tiles: Mutex<HashMap<TileKey, Arc<TileArt>>>,
    pub(super) sprites: Mutex<HashMap<(crate::i18n::Lang, SpriteKey), Arc<Img>>>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::generated()
    }
}

impl Renderer {
    /// A renderer that draws the built-in tile art at whatever size it needs, `symbols`
    /// drawing the sets' symbols ([`Renderer::generated`] hands it every set's).
    pub(super) fn drawing(symbols: Vec<&'static SymbolArt>) -> Renderer {
        Renderer {
            custom: None,
            symbols,
            tiles: Mutex::new(HashMap::new()),
            sprites: Mutex::new(HashMap::new()),
        }
    }

    /// A renderer using an art pack: `(file name, bytes)` pairs, e.g. read from a tiles
    /// directory. Every tile id of the catalog needs `<id>.png`, `<id>.jpg`, `<id>.jpeg` or
    /// `<id>.webp` (square, any size); other files are ignored.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, Vec<u8>)>,
    ) -> Result<Renderer, ArtError> {
        let mut by_name: HashMap<String, Vec<u8>> = files.into_iter().collect();
        let mut pack = Vec::new();
        for t in &crate::engine::catalog().tiles {
            let (name, bytes) = ART_EXTENSIONS
                .iter()
                .find_map(|ext| {
                    let name = format!("{}.{ext}", t.id);
                    by_name.remove(&name).map(|b| (name, b))
                })
                .ok_or_else(|| ArtError::Missing(t.id.to_string()))?;
            let img = image::load_from_memory(&bytes)
                .map_err(|_| ArtError::Undecodable(name.clone()))?
                .into_rgba8();
            if img.width() != img.height() {
                return Err(ArtError::NotSquare(name, img.width(), img.height()));
            }
            pack.push(img);
        }
        Ok(Renderer {
            custom: Some(pack),
            symbols: Vec::new(),
            tiles: Mutex::new(HashMap::new()),
            sprites: Mutex::new(HashMap::new()),
        })
    }

    /// The picture of `tile` turned by `rot`, `cell` pixels square.
    pub fn tile(&self, tile: TileId, rot: Rotation, cell: u32) -> Arc<TileArt> {
        self.tile_copy(tile, false, rot, cell)
    }

    /// The picture of `tile` (its garden copy if `garden`) turned by `rot`, `cell` pixels square.
    /// Art packs have no garden copies: the plain picture stands for both.
    pub fn tile_copy(&self, tile: TileId, garden: bool, rot: Rotation, cell: u32) -> Arc<TileArt> {
        let garden = garden && self.custom.is_none();
        let q = rot.quarter_turns() % 4;
        let key = (tile.0, q, cell, garden);
        if let Some(p) = self.tiles.lock().expect("tile cache").get(&key) {
            return p.clone();
        }
        let turned = if q == 0 {
            // A tile with a bridge is its printed tile's picture with the bridge laid over it.
            let printed = tile.printed();
            let mut img = match &self.custom {
                None => from_pixmap(&art::draw_tile(printed.get(), cell, garden, &self.symbols)),
                Some(pack) => {
                    let src = &pack[printed.0 as usize];
                    if src.width() == cell {
                        src.clone()
                    } else {
                        image::imageops::resize(
                            src,
                            cell,
                            cell,
                            image::imageops::FilterType::Lanczos3,
                        )
                    }
                }
            };
            if let Some((_, axis)) = tile.get().bridge_of {
                lay_bridge(&mut img, axis);
            }
            let opaque = is_opaque(&img);
            Arc::new(TileArt { img, opaque })
        } else {
            // Turn the cached upright picture: the art is scaled once per cell size.
            let up = self.tile_copy(tile, garden, Rotation::default(), cell);
            let img = match q {
                1 => image::imageops::rotate90(&up.img),
                2 => image::imageops::rotate180(&up.img),
                _ => image::imageops::rotate270(&up.img),
            };
            Arc::new(TileArt {
                img,
                opaque: up.opaque,
            })
        };
        self.tiles
            .lock()
            .expect("tile cache")
            .insert(key, turned.clone());
        turned
    }
}

/// Whether a placed tile is the other copy of its kind, drawn with other art (the Abbot's
/// garden): see `Renderer::tile_file`.
pub fn other_copy(t: &PlacedTile) -> bool {
    t.garden
}

/// The tile the game waits to see placed, and whether it is the other copy of its kind (see
/// [`other_copy`]); `None` when no tile waits.
pub fn drawn_copy(game: &crate::engine::Game) -> Option<(crate::engine::TileId, bool)> {
    match game.pending().decision {
        crate::engine::Decision::PlaceTile { tile, garden } => Some((tile, garden)),
        _ => None,
    }
}

/// Lays the bridge of a tile with one (Bridges, Castles & Bazaars's token) over its printed
/// picture, drawn along `axis` of the upright tile.
fn lay_bridge(img: &mut Img, axis: Axis) {
    let over = art::bridge(img.width(), axis);
    image::imageops::overlay(img, &from_pixmap(&over), 0, 0);
}
