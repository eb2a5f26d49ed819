//! Text on pictures: one embedded bold sans font (DejaVu Sans Bold), drawn with ab_glyph onto
//! tiny-skia pixmaps with proper alpha blending.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::sync::OnceLock;
use tiny_skia::Pixmap;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// Width in pixels of `text` at `size` pixels.
pub fn text_width(text: &str, size: f32) -> f32 {
    let f = font().as_scaled(PxScale::from(size));
    let mut w = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            w += f.kern(p, id);
        }
        w += f.h_advance(id);
        prev = Some(id);
    }
    w
}

/// Draws `text` with its top-left corner at (`x`, `y`), `size` pixels high, in `rgb`.
pub fn draw_text(pm: &mut Pixmap, text: &str, x: f32, y: f32, size: f32, rgb: [u8; 3]) {
    let scale = PxScale::from(size);
    let f = font().as_scaled(scale);
    let ascent = f.ascent();
    let mut caret = x;
    let mut prev = None;
    let (w, h) = (pm.width() as i32, pm.height() as i32);
    let data = pm.data_mut();
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            caret += f.kern(p, id);
        }
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(caret, y + ascent));
        caret += f.h_advance(id);
        prev = Some(id);
        let Some(outlined) = font().outline_glyph(glyph) else {
            continue;
        };
        let b = outlined.px_bounds();
        outlined.draw(|gx, gy, cov| {
            let px = b.min.x as i32 + gx as i32;
            let py = b.min.y as i32 + gy as i32;
            if px < 0 || py < 0 || px >= w || py >= h || cov <= 0.0 {
                return;
            }
            let i = ((py * w + px) * 4) as usize;
            let a = cov.min(1.0);
            // Premultiplied source-over.
            for (k, &c) in rgb.iter().enumerate() {
                let dst = data[i + k] as f32;
                data[i + k] = (c as f32 * a + dst * (1.0 - a)).round() as u8;
            }
            let da = data[i + 3] as f32;
            data[i + 3] = (255.0 * a + da * (1.0 - a)).round() as u8;
        });
    }
}

/// Draws `text` centred on (`cx`, `cy`).
pub fn draw_text_centered(pm: &mut Pixmap, text: &str, cx: f32, cy: f32, size: f32, rgb: [u8; 3]) {
    let w = text_width(text, size);
    draw_text(pm, text, cx - w / 2.0, cy - size * 0.58, size, rgb);
}
