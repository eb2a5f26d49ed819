//! The Princess & the Dragon in the pictures: on the board, the dragon's journey so far (a
//! dashed red line between cell centres), the fairy beside its follower and the dragon.

use super::SetMarks;
use crate::engine::Game;
use crate::render::canvas::{fill_rect, Img};
use crate::render::layout::Layout;
use crate::render::sprite_key::SpriteKey;
use crate::render::tiles::Renderer;

/// The Princess & the Dragon's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    marks,
    ..SetMarks::NONE
};

/// The dragon's journey so far (a dashed red line between cell centres), the dragon and the
/// fairy.
fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    let c = l.cell as f32;
    let journey = game.dragon_journey();
    let width = (c * 0.08).max(3.0);
    let (dash, gap) = (c * 0.12, c * 0.1);
    let period = dash + gap;
    let mut total = 0.0f32;
    for pair in journey.windows(2) {
        let (a, b) = (l.centre(pair[0]), l.centre(pair[1]));
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len == 0.0 {
            continue;
        }
        let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        // Dash k covers [k * period, k * period + dash] of the whole path's length.
        let mut k = (total / period).floor();
        while k * period < total + len {
            let s0 = (k * period - total).max(0.0);
            let s1 = (k * period + dash - total).min(len);
            if s1 > s0 {
                // One dash: the box around its two ends (exact for the dragon's straight
                // steps between neighbouring cells).
                let (x0, y0) = (a.0 + ux * s0, a.1 + uy * s0);
                let (x1, y1) = (a.0 + ux * s1, a.1 + uy * s1);
                fill_rect(
                    img,
                    (x0.min(x1) - width / 2.0).round() as i32,
                    (y0.min(y1) - width / 2.0).round() as i32,
                    ((x1 - x0).abs() + width).round() as u32,
                    ((y1 - y0).abs() + width).round() as u32,
                    [0xd0, 0x20, 0x20],
                    0.85,
                );
            }
            k += 1.0;
        }
        total += len;
    }
    if let Some(p) = game.fairy().filter(|p| l.inside(*p)) {
        let (x, y) = l.origin(p);
        let key = SpriteKey::Fairy((c * 0.3).round() as u32);
        r.put_sprite(img, key, x as f32 + 0.2 * c, y as f32 + 0.78 * c);
    }
    if let Some(p) = game.dragon().filter(|p| l.inside(*p)) {
        let (x, y) = l.centre(p);
        r.put_sprite(img, SpriteKey::Dragon((c * 0.62).round() as u32), x, y);
    }
}
