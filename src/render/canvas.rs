//! The shared compositor every picture is made with: an `image` RGBA buffer, axis-aligned
//! rectangles and lines drawn with `imageproc`, pictures pasted with `image::imageops`, and the
//! one conversion from tiny-skia's premultiplied pixmaps (vector sprites and generated art) into
//! `image` buffers. PNG encoding is here too.

use image::{ImageBuffer, Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_hollow_rect_mut, Blend};
use imageproc::rect::Rect;

/// The picture type every renderer draws on.
pub type Img = RgbaImage;

/// Background of every picture.
pub const BG: [u8; 3] = [0x26, 0x2a, 0x31];
/// Cell grid lines.
pub const GRID: [u8; 3] = [0x33, 0x38, 0x41];
/// Secondary text (coordinates, captions).
pub const LABEL: [u8; 3] = [0xb8, 0xc0, 0xcc];
/// Primary text.
pub const TEXT: [u8; 3] = [0xee, 0xf1, 0xf5];
/// The last placed tile when no recent moves are outlined.
pub const HIGHLIGHT: [u8; 3] = [0xff, 0xe0, 0x3a];
/// Cells where the drawn tile fits.
pub const LEGAL: [u8; 3] = [0x6c, 0xe0, 0x7a];
/// Near-black outlines.
pub const INK: [u8; 3] = [0x10, 0x10, 0x10];
/// The highlighted row of the seat to play.
pub const ROW: [u8; 3] = [0x3a, 0x40, 0x4a];

/// An opaque pixel of colour `c`.
pub fn rgba(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// A new picture `w` × `h` filled with the background colour.
pub fn new_canvas(w: u32, h: u32) -> Img {
    ImageBuffer::from_pixel(w.max(1), h.max(1), rgba(BG))
}

/// Fills the rectangle at (`x`, `y`) of `w` × `h` pixels with `c`; with `alpha` < 1 the colour
/// is blended over what is there.
pub fn fill_rect(img: &mut Img, x: i32, y: i32, w: u32, h: u32, c: [u8; 3], alpha: f32) {
    if w == 0 || h == 0 {
        return;
    }
    let rect = Rect::at(x, y).of_size(w, h);
    if alpha >= 1.0 {
        draw_filled_rect_mut(img, rect, rgba(c));
    } else {
        let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
        let mut b = Blend(std::mem::take(img));
        draw_filled_rect_mut(&mut b, rect, Rgba([c[0], c[1], c[2], a]));
        *img = b.0;
    }
}

/// Outlines the `size` × `size` square at (`x`, `y`) with a line `width` pixels thick, drawn
/// inside the square.
pub fn rect_stroke(img: &mut Img, x: i32, y: i32, size: u32, c: [u8; 3], width: u32) {
    rect_stroke_wh(img, x, y, size, size, c, width);
}

/// Outlines the `w` × `h` rectangle at (`x`, `y`) with a line `width` pixels thick, inside it.
pub fn rect_stroke_wh(img: &mut Img, x: i32, y: i32, w: u32, h: u32, c: [u8; 3], width: u32) {
    for k in 0..width.max(1) {
        if w <= 2 * k || h <= 2 * k {
            break;
        }
        let rect = Rect::at(x + k as i32, y + k as i32).of_size(w - 2 * k, h - 2 * k);
        draw_hollow_rect_mut(img, rect, rgba(c));
    }
}

/// Pastes `top` with its top-left corner at (`x`, `y`): copied as it is when `opaque`, blended
/// by its alpha otherwise.
pub fn paste(img: &mut Img, top: &Img, x: i64, y: i64, opaque: bool) {
    if opaque {
        image::imageops::replace(img, top, x, y);
    } else {
        image::imageops::overlay(img, top, x, y);
    }
}

/// Converts a tiny-skia pixmap (premultiplied alpha) into an `image` buffer (straight alpha):
/// the one place where vector drawings enter the compositor.
pub fn from_pixmap(pm: &tiny_skia::Pixmap) -> Img {
    let mut out = Vec::with_capacity(pm.data().len());
    for p in pm.pixels() {
        let c = p.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    ImageBuffer::from_raw(pm.width(), pm.height(), out).expect("same size")
}

/// Lays a tiny-skia pixmap (premultiplied alpha) over the picture with its top-left corner at
/// (`x`, `y`), without converting it first: transparent pixels are skipped and opaque ones
/// copied, so a large, mostly empty vector layer costs little.
pub fn overlay_pixmap(img: &mut Img, pm: &tiny_skia::Pixmap, x: i32, y: i32) {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let pw = pm.width() as i32;
    for (i, p) in pm.pixels().iter().enumerate() {
        let a = p.alpha();
        if a == 0 {
            continue;
        }
        let (dx, dy) = (x + i as i32 % pw, y + i as i32 / pw);
        if dx < 0 || dy < 0 || dx >= w || dy >= h {
            continue;
        }
        let d = img.get_pixel_mut(dx as u32, dy as u32);
        let src = [p.red(), p.green(), p.blue()];
        let keep = 255 - a as u32;
        for k in 0..3 {
            // Premultiplied source over an opaque destination.
            d[k] = (src[k] as u32 + (d[k] as u32 * keep + 127) / 255).min(255) as u8;
        }
        d[3] = (a as u32 + (d[3] as u32 * keep + 127) / 255).min(255) as u8;
    }
}

/// Whether every pixel of a picture is opaque (it can then be copied instead of blended).
pub fn is_opaque(img: &Img) -> bool {
    img.pixels().all(|p| p[3] == 255)
}

/// Encodes a picture as PNG (RGB when it is opaque, which is smaller and faster).
pub fn encode(img: &Img) -> Vec<u8> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    let enc = image::codecs::png::PngEncoder::new_with_quality(
        &mut out,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::Sub,
    );
    let (w, h) = img.dimensions();
    let result = if is_opaque(img) {
        let rgb: Vec<u8> = img
            .as_raw()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        enc.write_image(&rgb, w, h, image::ExtendedColorType::Rgb8)
    } else {
        enc.write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgba8)
    };
    result.expect("an in-memory PNG encodes");
    out
}
