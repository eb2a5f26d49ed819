//! The pieces of the web board (served by `crate::web`): the tile art and the sprites as PNG
//! files of their own, a sprite's name in a URL, and the layer of figures and marks that lies
//! over the page's tiles, drawn by the same code as the pictures.

use super::board::padded_bounds;
use super::canvas::{encode, Img};
use super::layout::Layout;
use super::sprite_key::SpriteKey;
use super::tiles::Renderer;
pub use super::tiles::{drawn_copy, other_copy};
use crate::engine::{Game, Pos, Rotation, TileId};
use image::{ImageBuffer, Rgba};

pub use super::sprite_key::MOST_PIXELS;
/// Largest width or height of a figures layer, in pixels (its picture is drawn in memory).
const LAYER_MOST: u32 = 2560;

/// A figures layer of a board: the PNG, the cells it covers and its cell size.
pub struct Layer {
    /// The PNG (transparent where nothing stands).
    pub png: Vec<u8>,
    /// Top-left cell covered.
    pub lo: Pos,
    /// Bottom-right cell covered.
    pub hi: Pos,
    /// Pixels per cell.
    pub cell: u32,
}

/// The cells a web board of `game` shows: the placed tiles with one ring of empty cells.
pub fn web_bounds(game: &Game) -> (Pos, Pos) {
    padded_bounds(game)
}

impl Renderer {
    /// The figures and every set's marks of `game` (towers, the dragon, the fairy ...) on a
    /// transparent picture of the cells from `lo` to `hi`, at most `cell` pixels per cell.
    pub fn figures_layer(&self, game: &Game, lo: Pos, hi: Pos, cell: u32) -> Layer {
        let cols = (hi.x - lo.x + 1).max(1) as u32;
        let rows = (hi.y - lo.y + 1).max(1) as u32;
        let cell = cell.min(LAYER_MOST / cols.max(rows)).max(8);
        let l = Layout {
            lo,
            hi,
            cell,
            left: 0,
            top: 0,
        };
        let mut img: Img = ImageBuffer::from_pixel(cols * cell, rows * cell, Rgba([0, 0, 0, 0]));
        self.draw_figures(&mut img, game, &l, 1.0);
        super::sets::marks(self, &mut img, game, &l);
        Layer {
            png: encode(&img),
            lo,
            hi,
            cell,
        }
    }

    /// The upright picture of `tile` (its other copy if `other`: the Abbot's garden), `cell`
    /// pixels square, as a PNG.
    pub fn tile_file(&self, tile: TileId, other: bool, cell: u32) -> Vec<u8> {
        let cell = cell.clamp(8, MOST_PIXELS);
        encode(&self.tile_copy(tile, other, Rotation::default(), cell).img)
    }

    /// The sprite `key` as a PNG.
    pub fn sprite_file(&self, key: SpriteKey) -> Vec<u8> {
        encode(&self.sprite(key))
    }
}

/// The name of `tile`'s picture on the web board (`/art/…/tile/p/NAME.png`): its id, and for
/// a tile with a bridge laid on it the bridge's axis after a `~`
/// (`K~N-S`), since such a tile keeps its printed tile's id.
pub fn tile_file_name(tile: TileId) -> String {
    match tile.get().bridge_of {
        Some((printed, axis)) => format!("{}~{}", printed.name(), axis.name()),
        None => tile.name().to_string(),
    }
}

/// The tile a name of [`tile_file_name`] stands for; `None` for a name no tile has.
pub fn tile_named(name: &str) -> Option<TileId> {
    match name.split_once('~') {
        None => TileId::parse(name),
        Some((id, axis)) => {
            let printed = TileId::parse(id)?;
            printed.with_bridge(crate::engine::Axis::parse(axis)?)
        }
    }
}

/// What a seat holds, as sprites `h` pixels high with counts (as the panels show them).
pub fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    super::panel::holdings(game, seat, h)
}

/// What the sets keep on the table for all to see (the bag of sheep), as sprites `h` pixels
/// high with counts (as the panels show it under the tiles left).
pub fn table(game: &Game, h: f32) -> Vec<(SpriteKey, u8)> {
    super::sets::table(game, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_with_a_bridge_has_a_picture_name_of_its_own() {
        let catalog = crate::engine::catalog();
        let mut bridged = 0;
        for t in catalog.every() {
            let name = tile_file_name(t.index);
            assert_eq!(tile_named(&name), Some(t.index), "{name}");
            if t.bridge_of.is_some() {
                assert!(name.contains('~'), "{name}");
                bridged += 1;
            }
        }
        assert!(bridged > 10, "{bridged} tiles with a bridge");
        assert_eq!(tile_named("K~up"), None);
        assert_eq!(tile_named("nothing"), None);
    }
}
