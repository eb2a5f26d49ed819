//! Text on pictures: one embedded bold sans font (DejaVu Sans Bold), laid out by ab_glyph and
//! drawn with `imageproc`'s text drawing (coverage-blended onto the picture).

use super::canvas::{rgba, Img};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::sync::OnceLock;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The embedded font.
pub fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// Width in pixels of `text` at `size` pixels (advances and kerning, as it is drawn).
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
pub fn draw_text(img: &mut Img, text: &str, x: f32, y: f32, size: f32, rgb: [u8; 3]) {
    imageproc::drawing::draw_text_mut(
        img,
        rgba(rgb),
        x.round() as i32,
        y.round() as i32,
        PxScale::from(size),
        font(),
        text,
    );
}

/// Draws `text` centred on (`cx`, `cy`).
pub fn draw_text_centered(img: &mut Img, text: &str, cx: f32, cy: f32, size: f32, rgb: [u8; 3]) {
    let w = text_width(text, size);
    draw_text(img, text, cx - w / 2.0, cy - size * 0.58, size, rgb);
}

/// Shortens `s` with an ellipsis so that it fits `max` pixels at `size` (linear in its length).
pub fn ellipsize(s: &str, max: f32, size: f32) -> String {
    if text_width(s, size) <= max {
        return s.to_string();
    }
    let f = font().as_scaled(PxScale::from(size));
    let room = max - text_width("…", size);
    let mut out = String::new();
    let mut w = 0.0;
    let mut prev = None;
    for c in s.chars() {
        let id = f.glyph_id(c);
        let step = prev.map(|p| f.kern(p, id)).unwrap_or(0.0) + f.h_advance(id);
        if w + step > room {
            break;
        }
        w += step;
        prev = Some(id);
        out.push(c);
    }
    format!("{out}…")
}
