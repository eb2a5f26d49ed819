//! Figure sprites: meeples with their seat's number and head shape, the large follower, the
//! abbot, builders, pigs, numbered badges and edge arrows (the sets' tokens are drawn by their
//! modules in `render/sets/`, with the helpers here). Their
//! shapes are vector drawings (tiny-skia, antialiased), converted once into `image` buffers and
//! cached by the renderer; the letters and digits on them are drawn with `imageproc`.

use super::canvas::{from_pixmap, Img, INK};
pub use super::sprite_key::SpriteKey;
use super::text::draw_text_centered;
use super::tiles::Renderer;
use crate::engine::Figure;
use std::sync::Arc;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// Seat colours in seat order: red (vermilion), blue, green (bluish), yellow, black, pink. Chosen
/// so that every pair stays apart under protanopia, deuteranopia and tritanopia (a render test
/// simulates each); seats are also told apart by number and head shape, never by colour alone.
pub const PLAYER_COLOURS: [[u8; 3]; 6] = [
    [0xd5, 0x3e, 0x00],
    [0x00, 0x5a, 0xb5],
    [0x00, 0x9e, 0x73],
    [0xf0, 0xe4, 0x42],
    [0x22, 0x22, 0x22],
    [0xd8, 0x8c, 0xc8],
];

/// Names of the seat colours, for text replies.
pub const COLOUR_NAMES: [&str; 6] = ["red", "blue", "green", "yellow", "black", "pink"];

/// Head shapes of the seats' meeples, in seat order (told apart without colour).
pub const HEAD_SHAPES: [&str; 6] = ["round", "square", "triangle", "diamond", "hexagon", "star"];

/// The letter on a figure or piece (its name's initial in the language of public messages).
pub(super) fn letter(key: &str) -> String {
    crate::i18n::text(crate::i18n::public(), key, &[])
}

impl SpriteKey {
    /// The language the sprite's letter is in: the public one for sprites with a letter,
    /// English (any one) for the others, so that those are drawn once for every language.
    fn lang(self) -> crate::i18n::Lang {
        let lettered = match self {
            SpriteKey::Figure { figure, .. } => matches!(figure, Figure::Builder | Figure::Pig),
            SpriteKey::Token { token, .. } => token.lettered,
            _ => false,
        };
        if lettered {
            crate::i18n::public()
        } else {
            crate::i18n::Lang::En
        }
    }
}

impl Renderer {
    /// The sprite for `key`, drawn on first use; paste it centred on its spot.
    pub fn sprite(&self, key: SpriteKey) -> Arc<Img> {
        let cached = (key.lang(), key);
        if let Some(s) = self.sprites.lock().expect("sprite cache").get(&cached) {
            return s.clone();
        }
        let img = Arc::new(match key {
            SpriteKey::Figure {
                seat,
                figure: f,
                cell,
                lying,
            } => figure(seat, f, cell as f32, lying),
            SpriteKey::Meeple { seat, h } => meeple(seat, h as f32, false),
            SpriteKey::Badge(n, d, seat) => badge(&n.to_string(), d as f32, seat),
            SpriteKey::Token { token, w, n } => (token.draw)(w, n),
        });
        self.sprites
            .lock()
            .expect("sprite cache")
            .insert(cached, img.clone());
        img
    }

    /// Pastes the sprite for `key` centred on (`cx`, `cy`).
    pub fn put_sprite(&self, img: &mut Img, key: SpriteKey, cx: f32, cy: f32) {
        let s = self.sprite(key);
        let x = (cx - s.width() as f32 / 2.0).round() as i64;
        let y = (cy - s.height() as f32 / 2.0).round() as i64;
        image::imageops::overlay(img, s.as_ref(), x, y);
    }
}

pub(super) fn paint(c: [u8; 3], alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], (alpha * 255.0).round() as u8);
    p.anti_alias = true;
    p
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        ..Stroke::default()
    }
}

/// A square transparent pixmap about `extent` pixels across (odd sizes avoid half pixels).
pub(super) fn sprite_pixmap(extent: f32) -> (Pixmap, f32) {
    let side = (extent.ceil() as u32 + 4) | 1;
    (
        Pixmap::new(side, side).expect("sprite size"),
        side as f32 / 2.0,
    )
}

/// Fills a path in `col` with an `outline` of `width` pixels.
pub(super) fn outlined(
    pm: &mut Pixmap,
    path: &tiny_skia::Path,
    col: [u8; 3],
    outline: [u8; 3],
    width: f32,
) {
    let id = Transform::identity();
    pm.stroke_path(path, &paint(outline, 1.0), &stroke(width), id, None);
    pm.fill_path(path, &paint(col, 1.0), FillRule::Winding, id, None);
}

/// Dark text on light colours, white on dark ones.
pub fn contrast(col: [u8; 3]) -> [u8; 3] {
    if col.iter().map(|&c| c as u32).sum::<u32>() > 480 {
        INK
    } else {
        [0xff, 0xff, 0xff]
    }
}

fn outline_of(seat: usize) -> [u8; 3] {
    if seat % 6 == 4 {
        [0xf0, 0xf0, 0xf0]
    } else {
        [0x15, 0x15, 0x15]
    }
}

/// A figure standing on a tile `cell` pixels wide, centred in its sprite: a meeple (larger for
/// the large follower, with a hood for the abbot), a builder (a tall house-shaped pawn) or a pig,
/// in the seat's colour with the seat number (or B / P).
pub fn figure(seat: usize, fig: Figure, cell: f32, lying: bool) -> Img {
    let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let outline = outline_of(seat);
    match fig {
        Figure::Follower => meeple(seat, cell * 0.36, lying),
        Figure::Large => meeple(seat, cell * 0.48, lying),
        Figure::Abbot => {
            let h = cell * 0.38;
            let mut img = meeple(seat, h, false);
            // A white hood around the head marks the abbot.
            let (mut pm, c) = sprite_pixmap(h * 1.12);
            if let Some(path) = PathBuilder::from_circle(c, c - 0.3 * h, 0.24 * h) {
                pm.stroke_path(
                    &path,
                    &paint([0xff, 0xff, 0xff], 1.0),
                    &stroke(0.08 * h),
                    Transform::identity(),
                    None,
                );
            }
            image::imageops::overlay(&mut img, &from_pixmap(&pm), 0, 0);
            img
        }
        Figure::Builder => {
            let h = cell * 0.34;
            let (mut pm, c) = sprite_pixmap(h * 1.2);
            let pts = [
                (0.0, -0.55),
                (0.32, -0.22),
                (0.32, 0.45),
                (-0.32, 0.45),
                (-0.32, -0.22),
            ];
            let mut pb = PathBuilder::new();
            polygon(&mut pb, c, h, &pts);
            if let Some(path) = pb.finish() {
                outlined(&mut pm, &path, col, outline, 0.1 * h);
            }
            let mut img = from_pixmap(&pm);
            if h * 0.4 >= 7.0 {
                draw_text_centered(
                    &mut img,
                    &letter("pic-letter-builder"),
                    c,
                    c + 0.05 * h,
                    h * 0.4,
                    contrast(col),
                );
            }
            img
        }
        Figure::Pig => {
            let w = cell * 0.3;
            let (mut pm, c) = sprite_pixmap(w * 1.3);
            let mut pb = PathBuilder::new();
            if let Some(r) = Rect::from_xywh(c - w / 2.0, c - w * 0.3, w, w * 0.6) {
                pb.push_oval(r);
            }
            // Snout and ears.
            pb.push_circle(c + w * 0.5, c, w * 0.14);
            pb.move_to(c + w * 0.15, c - w * 0.26);
            pb.line_to(c + w * 0.3, c - w * 0.46);
            pb.line_to(c + w * 0.36, c - w * 0.2);
            pb.close();
            if let Some(path) = pb.finish() {
                outlined(&mut pm, &path, col, outline, w * 0.06);
            }
            let mut img = from_pixmap(&pm);
            if w * 0.4 >= 7.0 {
                draw_text_centered(
                    &mut img,
                    &letter("pic-letter-pig"),
                    c - w * 0.05,
                    c,
                    w * 0.4,
                    contrast(col),
                );
            }
            img
        }
        Figure::Mayor => {
            let h = cell * 0.4;
            let mut img = meeple(seat, h, lying);
            // A gold chain of office across the chest marks the mayor.
            let (mut pm, c) = sprite_pixmap(h * 1.12);
            let mut pb = PathBuilder::new();
            pb.move_to(c - 0.22 * h, c - 0.08 * h);
            pb.quad_to(c, c + 0.14 * h, c + 0.22 * h, c - 0.08 * h);
            if let Some(path) = pb.finish() {
                pm.stroke_path(
                    &path,
                    &paint([0xf2, 0xc2, 0x1a], 1.0),
                    &stroke(0.09 * h),
                    Transform::identity(),
                    None,
                );
            }
            image::imageops::overlay(&mut img, &from_pixmap(&pm), 0, 0);
            img
        }
        Figure::Wagon => {
            let w = cell * 0.34;
            let (mut pm, c) = sprite_pixmap(w * 1.3);
            let mut pb = PathBuilder::new();
            if let Some(r) = Rect::from_xywh(c - w / 2.0, c - w * 0.32, w, w * 0.4) {
                pb.push_rect(r);
            }
            // Two wheels under the box.
            pb.push_circle(c - w * 0.26, c + w * 0.2, w * 0.15);
            pb.push_circle(c + w * 0.26, c + w * 0.2, w * 0.15);
            if let Some(path) = pb.finish() {
                outlined(&mut pm, &path, col, outline, w * 0.07);
            }
            from_pixmap(&pm)
        }
        Figure::Barn => {
            let w = cell * 0.36;
            let (mut pm, c) = sprite_pixmap(w * 1.2);
            // A wide house with a steep roof.
            let pts = [
                (0.0, -0.45),
                (0.5, -0.08),
                (0.42, -0.08),
                (0.42, 0.38),
                (-0.42, 0.38),
                (-0.42, -0.08),
                (-0.5, -0.08),
            ];
            let mut pb = PathBuilder::new();
            polygon(&mut pb, c, w, &pts);
            // The door.
            if let Some(r) = Rect::from_xywh(c - w * 0.1, c + w * 0.08, w * 0.2, w * 0.3) {
                pb.push_rect(r);
            }
            if let Some(path) = pb.finish() {
                outlined(&mut pm, &path, col, outline, w * 0.07);
            }
            from_pixmap(&pm)
        }
        Figure::Shepherd => {
            // A shepherd stands watch over its field (a farmer there lies down).
            let h = cell * 0.36;
            let mut img = meeple(seat, h, false);
            // A crook held at the side marks the shepherd: a staff with a hook on top.
            let (mut pm, c) = sprite_pixmap(h * 1.12);
            let mut pb = PathBuilder::new();
            let x = c + 0.36 * h;
            pb.move_to(x, c + 0.42 * h);
            pb.line_to(x, c - 0.36 * h);
            pb.quad_to(x, c - 0.52 * h, x - 0.12 * h, c - 0.5 * h);
            pb.quad_to(x - 0.22 * h, c - 0.46 * h, x - 0.18 * h, c - 0.36 * h);
            if let Some(path) = pb.finish() {
                for (colour, width) in [(outline, 0.13 * h), ([0x8a, 0x5a, 0x2b], 0.07 * h)] {
                    pm.stroke_path(
                        &path,
                        &paint(colour, 1.0),
                        &stroke(width),
                        Transform::identity(),
                        None,
                    );
                }
            }
            image::imageops::overlay(&mut img, &from_pixmap(&pm), 0, 0);
            img
        }
    }
}

/// Adds a closed polygon to a path: `pts` are offsets from the centre (`c`, `c`) in units of
/// `size`.
fn polygon(pb: &mut PathBuilder, c: f32, size: f32, pts: &[(f32, f32)]) {
    let Some(&(x0, y0)) = pts.first() else { return };
    pb.move_to(c + x0 * size, c + y0 * size);
    for p in &pts[1..] {
        pb.line_to(c + p.0 * size, c + p.1 * size);
    }
    pb.close();
}

/// Adds a seat's head shape ([`HEAD_SHAPES`]) of radius `r` at (x, y) to a path.
fn head(pb: &mut PathBuilder, seat: usize, x: f32, y: f32, r: f32) {
    let poly = |pb: &mut PathBuilder, n: usize, inner: Option<f32>| {
        let k = if inner.is_some() { 2 * n } else { n };
        for i in 0..k {
            let a = std::f32::consts::TAU * i as f32 / k as f32;
            let rr = match inner {
                Some(f) if i % 2 == 1 => r * f,
                _ => r,
            };
            let (px, py) = (x + rr * a.sin(), y - rr * a.cos());
            if i == 0 {
                pb.move_to(px, py);
            } else {
                pb.line_to(px, py);
            }
        }
        pb.close();
    };
    match seat {
        1 => {
            if let Some(rc) = Rect::from_xywh(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7) {
                pb.push_rect(rc);
            }
        }
        2 => poly(pb, 3, None),
        3 => poly(pb, 4, None),
        4 => poly(pb, 6, None),
        5 => poly(pb, 5, Some(0.5)),
        _ => pb.push_circle(x, y, r * 0.9),
    }
}

/// A meeple `h` pixels high, centred in its sprite, in the seat's colour with the seat number on
/// its body so colours need not be told apart; `lying` turns it on its side (a farmer).
pub fn meeple(seat: usize, h: f32, lying: bool) -> Img {
    let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let light = col.iter().map(|&c| c as u32).sum::<u32>() > 480;
    let (mut pm, c) = sprite_pixmap(h * 1.12);
    // Unit meeple, height 1, centred.
    let body: [(f32, f32); 14] = [
        (-0.13, -0.2),
        (-0.42, -0.08),
        (-0.44, 0.06),
        (-0.17, 0.04),
        (-0.32, 0.46),
        (-0.06, 0.46),
        (0.0, 0.3),
        (0.06, 0.46),
        (0.32, 0.46),
        (0.17, 0.04),
        (0.44, 0.06),
        (0.42, -0.08),
        (0.13, -0.2),
        (0.0, -0.24),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(body[0].0, body[0].1);
    for p in &body[1..] {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    head(&mut pb, seat % 6, 0.0, -0.3, 0.19);
    let Some(path) = pb.finish() else {
        return from_pixmap(&pm);
    };
    let mut ts = Transform::from_translate(c, c).pre_scale(h, h);
    if lying {
        ts = ts.pre_rotate(-90.0);
    }
    pm.stroke_path(
        &path,
        &paint(outline_of(seat), 1.0),
        &stroke(0.09),
        ts,
        None,
    );
    pm.fill_path(&path, &paint(col, 1.0), FillRule::Winding, ts, None);
    let mut img = from_pixmap(&pm);
    let size = h * 0.44;
    if size >= 7.0 {
        let text_col = if light { INK } else { [0xff, 0xff, 0xff] };
        let (tx, ty) = if lying {
            (c + h * 0.05, c)
        } else {
            (c, c + h * 0.06)
        };
        draw_text_centered(&mut img, &(seat + 1).to_string(), tx, ty, size, text_col);
    }
    img
}

/// A round white badge `d` pixels across with `text` in dark type, ringed in the seat's colour.
pub fn badge(text: &str, d: f32, seat: usize) -> Img {
    let ring = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let (mut pm, c) = sprite_pixmap(d * 1.25);
    if let Some(p) = PathBuilder::from_circle(c, c, d / 2.0) {
        outlined(&mut pm, &p, [0xff, 0xff, 0xff], INK, d * 0.2);
        pm.stroke_path(
            &p,
            &paint(ring, 1.0),
            &stroke(d * 0.12),
            Transform::identity(),
            None,
        );
    }
    let mut img = from_pixmap(&pm);
    // Three digits (turn numbers in a replay) need smaller type to stay inside.
    let size = if text.chars().count() > 2 {
        d * 0.45
    } else {
        d * 0.62
    };
    draw_text_centered(&mut img, text, c, c, size, INK);
    img
}

/// A filled arrow `len` pixels long pointing in direction (`dx`, `dy`) (a unit step: one of
/// the eight compass directions), in the seat's colour with a dark outline; its tip is at the
/// sprite's centre plus half its length in that direction.
pub fn arrow(dx: i32, dy: i32, len: f32, seat: usize) -> Img {
    let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let (mut pm, c) = sprite_pixmap(len * 1.1);
    let n = ((dx * dx + dy * dy) as f32).sqrt().max(1.0);
    let (ux, uy) = (dx as f32 / n, dy as f32 / n);
    let (px, py) = (-uy, ux);
    let half = len / 2.0;
    let tip = (c + ux * half, c + uy * half);
    let neck = (c + ux * half * 0.1, c + uy * half * 0.1);
    let tail = (c - ux * half, c - uy * half);
    let (head_w, shaft_w) = (len * 0.42, len * 0.16);
    let pts = [
        tip,
        (neck.0 + px * head_w, neck.1 + py * head_w),
        (neck.0 + px * shaft_w, neck.1 + py * shaft_w),
        (tail.0 + px * shaft_w, tail.1 + py * shaft_w),
        (tail.0 - px * shaft_w, tail.1 - py * shaft_w),
        (neck.0 - px * shaft_w, neck.1 - py * shaft_w),
        (neck.0 - px * head_w, neck.1 - py * head_w),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(pts[0].0, pts[0].1);
    for p in &pts[1..] {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(&mut pm, &path, col, outline_of(seat), (len * 0.06).max(2.0));
    }
    from_pixmap(&pm)
}
