//! The Princess & the Dragon in the pictures: on the board, the dragon's journey so far (a
//! dashed red line between cell centres), the fairy beside its follower and the dragon; on the
//! tiles' art, the princess's crown in her city and the volcano, the magic portal and the dragon
//! in the fields.

use super::SetMarks;
use crate::engine::Game;
use crate::render::art::{Canvas, Mark, SymbolArt, DARK, P};
use crate::render::canvas::{fill_rect, from_pixmap, Img, INK};
use crate::render::layout::Layout;
use crate::render::sprite_key::Token;
use crate::render::sprites::{letter, outlined, paint, sprite_pixmap};
use crate::render::text::draw_text_centered;
use crate::render::tiles::Renderer;
use tiny_skia::{FillRule, PathBuilder, Transform};

/// The Princess & the Dragon's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    marks,
    tokens: &[&DRAGON, &FAIRY],
    symbols: SymbolArt {
        city: |c| {
            c.princess
                .then_some((0.08, crown as Mark))
                .into_iter()
                .collect()
        },
        fields: |t, _| {
            let s = &t.symbols;
            [
                (s.volcano, 0.16, volcano as Mark),
                (s.portal, 0.11, portal),
                (s.dragon, 0.085, dragon_symbol),
            ]
            .into_iter()
            .filter(|m| m.0)
            .map(|(_, r, mark)| (r, mark))
            .collect()
        },
        ..SymbolArt::NONE
    },
    ..SetMarks::NONE
};

/// The princess's crown in her city.
fn crown(cv: &mut Canvas, c: P) {
    cv.poly_outline(
        &[
            (c.0 - 0.06, c.1 + 0.04),
            (c.0 - 0.06, c.1 - 0.03),
            (c.0 - 0.03, c.1),
            (c.0, c.1 - 0.05),
            (c.0 + 0.03, c.1),
            (c.0 + 0.06, c.1 - 0.03),
            (c.0 + 0.06, c.1 + 0.04),
        ],
        [0xf2, 0xc1, 0x2e],
        DARK,
        0.01,
    );
    cv.circle((c.0, c.1 + 0.015), 0.012, [0xe0, 0x4f, 0x8f]);
}

/// A volcano.
fn volcano(cv: &mut Canvas, c: P) {
    cv.poly_outline(
        &[
            (c.0 - 0.15, c.1 + 0.1),
            (c.0 - 0.04, c.1 - 0.08),
            (c.0 + 0.04, c.1 - 0.08),
            (c.0 + 0.15, c.1 + 0.1),
        ],
        [0x6e, 0x55, 0x46],
        DARK,
        0.012,
    );
    cv.poly(
        &[
            (c.0 - 0.04, c.1 - 0.08),
            (c.0 + 0.04, c.1 - 0.08),
            (c.0 + 0.015, c.1 + 0.02),
            (c.0 - 0.01, c.1 - 0.02),
        ],
        [0xe8, 0x4a, 0x1a],
    );
    cv.circle((c.0 - 0.02, c.1 - 0.13), 0.03, [0x9a, 0x9a, 0x9a]);
    cv.circle((c.0 + 0.03, c.1 - 0.15), 0.025, [0xb4, 0xb4, 0xb4]);
}

/// A magic portal.
fn portal(cv: &mut Canvas, c: P) {
    cv.circle(c, 0.1, [0xd9, 0xb8, 0xf2]);
    let mut pb = PathBuilder::new();
    pb.move_to(c.0 - 0.05, c.1 + 0.07);
    pb.line_to(c.0 - 0.05, c.1 - 0.01);
    pb.quad_to(c.0, c.1 - 0.09, c.0 + 0.05, c.1 - 0.01);
    pb.line_to(c.0 + 0.05, c.1 + 0.07);
    if let Some(p) = pb.finish() {
        cv.stroke(&p, [0x6b, 0x2f, 0x9e], 0.022);
    }
    cv.circle((c.0, c.1 + 0.02), 0.025, [0xf6, 0xee, 0xff]);
}

/// The dragon's head on a dragon tile.
fn dragon_symbol(cv: &mut Canvas, c: P) {
    // A red dragon's head in profile.
    let red = [0xc8, 0x1e, 0x1e];
    cv.poly_outline(
        &[
            (c.0 - 0.07, c.1 + 0.06),
            (c.0 - 0.05, c.1 - 0.04),
            (c.0 - 0.02, c.1 - 0.08),
            (c.0, c.1 - 0.04),
            (c.0 + 0.08, c.1 - 0.02),
            (c.0 + 0.08, c.1 + 0.02),
            (c.0 + 0.01, c.1 + 0.02),
            (c.0 - 0.01, c.1 + 0.06),
        ],
        red,
        DARK,
        0.01,
    );
    cv.circle((c.0 - 0.015, c.1 - 0.02), 0.012, [0xff, 0xe0, 0x40]);
}

/// The dragon's red.
const DRAGON_RED: [u8; 3] = [0xc6, 0x28, 0x28];
/// The fairy's violet.
const FAIRY_VIOLET: [u8; 3] = [0x9c, 0x4d, 0xe0];

/// The dragon token.
const DRAGON: Token = Token {
    name: "dragon",
    lettered: true,
    most_n: 0,
    draw: |w, _| dragon(w as f32),
};

/// The fairy token.
const FAIRY: Token = Token {
    name: "fairy",
    lettered: true,
    most_n: 0,
    draw: |w, _| fairy(w as f32),
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
        let key = FAIRY.key((c * 0.3).round() as u32, 0);
        r.put_sprite(img, key, x as f32 + 0.2 * c, y as f32 + 0.78 * c);
    }
    if let Some(p) = game.dragon().filter(|p| l.inside(*p)) {
        let (x, y) = l.centre(p);
        r.put_sprite(img, DRAGON.key((c * 0.62).round() as u32, 0), x, y);
    }
}

/// The dragon, `w` pixels wide: a red winged silhouette with a dark outline and a "D", so it
/// reads on any tile at any scale.
fn dragon(w: f32) -> Img {
    let u = w / 2.0;
    let (mut pm, c) = sprite_pixmap(w * 1.05);
    let pts: [(f32, f32); 14] = [
        (-0.95, -0.1),
        (-0.55, -0.75),
        (-0.35, -0.2),
        (-0.1, -0.9),
        (0.15, -0.25),
        (0.55, -0.55),
        (0.95, -0.35),
        (0.6, -0.05),
        (0.75, 0.35),
        (0.35, 0.2),
        (0.1, 0.7),
        (-0.2, 0.25),
        (-0.6, 0.55),
        (-0.5, 0.1),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(c + pts[0].0 * u, c + pts[0].1 * u);
    for p in &pts[1..] {
        pb.line_to(c + p.0 * u, c + p.1 * u);
    }
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(&mut pm, &path, DRAGON_RED, INK, (w * 0.05).max(1.5));
    }
    let mut img = from_pixmap(&pm);
    if w * 0.3 >= 8.0 {
        draw_text_centered(
            &mut img,
            &letter("pic-letter-dragon"),
            c,
            c - 0.05 * u,
            w * 0.3,
            [0xff, 0xf0, 0xc0],
        );
    }
    img
}

/// The fairy, `w` pixels wide: a glowing violet star with an "F".
fn fairy(w: f32) -> Img {
    let r = w / 2.0;
    let (mut pm, c) = sprite_pixmap(w * 1.25);
    let mut pb = PathBuilder::new();
    for k in 0..10 {
        let a = std::f32::consts::PI * (k as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let rr = if k % 2 == 0 { r } else { r * 0.45 };
        let (x, y) = (c + rr * a.cos(), c + rr * a.sin());
        if k == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    if let Some(g) = PathBuilder::from_circle(c, c, r * 1.15) {
        pm.fill_path(
            &g,
            &paint([0xff, 0xf6, 0xa0], 0.55),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some(path) = pb.finish() {
        outlined(
            &mut pm,
            &path,
            FAIRY_VIOLET,
            [0x20, 0x10, 0x30],
            (w * 0.05).max(1.0),
        );
    }
    let mut img = from_pixmap(&pm);
    if w * 0.35 >= 8.0 {
        draw_text_centered(
            &mut img,
            &letter("pic-letter-fairy"),
            c,
            c + 0.05 * r,
            w * 0.35,
            [0xff, 0xff, 0xff],
        );
    }
    img
}
