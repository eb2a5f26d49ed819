//! Pictures of one tile: the preview of the drawn tile in its four rotations with every follower
//! place named, and the rotations that fit at one cell, each shown with its neighbours.

use super::art;
use super::art::rotate_point;
use super::canvas::{fill_rect, new_canvas, paste, rect_stroke, Img, GRID, HIGHLIGHT, TEXT};
use super::text::{draw_text_centered, text_width};
use super::tiles::Renderer;
use crate::engine::{Game, Pos, Rotation, TileId};

impl Renderer {
    /// The drawn tile in its four rotations, each follower place labelled with the name a player
    /// types (`city:N`, `field:SSE`, `cloister`, ...).
    pub fn preview(&self, tile: TileId) -> Img {
        let cell = 232u32;
        let gap = 20u32;
        let head = 34u32;
        let mut img = new_canvas(4 * cell + 5 * gap, head + cell + gap);
        let t = tile.get();
        let anchors = art::segment_anchors(t);
        for (k, rot) in Rotation::ALL.into_iter().enumerate() {
            let x0 = gap + k as u32 * (cell + gap);
            let y0 = head;
            let art = self.tile(tile, rot, cell);
            paste(&mut img, &art.img, x0 as i64, y0 as i64, art.opaque);
            let (cx, cy) = ((x0 + cell / 2) as f32, (head / 2) as f32);
            let args = [("tile", t.id.into()), ("degrees", rot.degrees().into())];
            super::labels::PREVIEW_TITLE.draw_centered(&mut img, &args, cx, cy, TEXT);
            for (seg, &anchor) in anchors.iter().enumerate().take(t.segment_count()) {
                let spot = Game::segment_spot(tile, rot, seg);
                let (ux, uy) = rotate_point(anchor, rot.quarter_turns());
                let cx = x0 as f32 + ux * cell as f32;
                let cy = y0 as f32 + uy * cell as f32;
                pill(&mut img, &spot.to_string(), cx, cy, 12.5);
            }
        }
        img
    }

    /// The tile preview as PNG bytes.
    pub fn preview_png(&self, tile: TileId) -> Vec<u8> {
        super::encode(&self.preview(tile))
    }

    /// The drawn tile at one cell in each of the given rotations, side by side: the cell and its
    /// eight neighbours as they lie on the board, the tile in the middle outlined, and the
    /// rotation written above (the "choose a rotation" picture of placing by buttons).
    pub fn rotations_at(&self, game: &Game, tile: TileId, at: Pos, rots: &[Rotation]) -> Img {
        let cell = 72u32;
        let gap = 18u32;
        let head = 34u32;
        let n = rots.len().max(1) as u32;
        let side = 3 * cell;
        let mut img = new_canvas(n * side + (n + 1) * gap, head + side + gap);
        for (k, &rot) in rots.iter().enumerate() {
            let x0 = gap + k as u32 * (side + gap);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let px = x0 as i32 + (dx + 1) * cell as i32;
                    let py = head as i32 + (dy + 1) * cell as i32;
                    rect_stroke(&mut img, px, py, cell, GRID, 1);
                    let p = Pos::new(at.x + dx, at.y + dy);
                    let art = if dx == 0 && dy == 0 {
                        Some(self.tile(tile, rot, cell))
                    } else {
                        game.tile_at(p)
                            .map(|t| self.tile_copy(t.tile, t.garden, t.rotation, cell))
                    };
                    if let Some(art) = art {
                        paste(&mut img, &art.img, px as i64, py as i64, art.opaque);
                    }
                }
            }
            let (cx, cy) = ((x0 + cell) as i32, (head + cell) as i32);
            rect_stroke(&mut img, cx, cy, cell, HIGHLIGHT, 3);
            let title = format!("{}°", rot.degrees());
            let (tx, ty) = ((x0 + side / 2) as f32, (head / 2) as f32);
            draw_text_centered(&mut img, &title, tx, ty, 22.0, TEXT);
        }
        img
    }
}

/// A label with dark text on a light background, centred on (cx, cy).
fn pill(img: &mut Img, text: &str, cx: f32, cy: f32, size: f32) {
    let w = (text_width(text, size) + 10.0).round() as u32;
    let h = (size + 8.0).round() as u32;
    let (x, y) = (
        (cx - w as f32 / 2.0).round() as i32,
        (cy - h as f32 / 2.0).round() as i32,
    );
    fill_rect(img, x, y, w, h, [0xff, 0xff, 0xff], 0.9);
    super::canvas::rect_stroke_wh(img, x, y, w, h, [0x30, 0x30, 0x30], 1);
    draw_text_centered(img, text, cx, cy, size, [0x1a, 0x1a, 0x1a]);
}
