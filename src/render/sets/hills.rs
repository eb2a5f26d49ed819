//! Hills & Sheep in the pictures: the hill and the vineyard drawn in the fields of the tiles'
//! art, large enough to read on a 44-pixel cell; on the board, beside each shepherd (a figure,
//! drawn like the others), its flock: a sheep with the flock's size; in the panel, the bag of
//! sheep (public): a wolf and a sheep for each token of 1 to 4, each with how many are left.

use super::SetMarks;
use crate::engine::{Figure, Game, SheepToken};
use crate::render::art::{Canvas, SymbolArt, DARK, P};
use crate::render::canvas::{from_pixmap, Img};
use crate::render::layout::{figure_point, Layout};
use crate::render::sprite_key::{SpriteKey, Token};
use crate::render::sprites::{outlined, sprite_pixmap};
use crate::render::text::draw_text_centered;
use crate::render::tiles::Renderer;
use tiny_skia::{PathBuilder, Rect};

/// Hills & Sheep's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    symbols: SymbolArt {
        fields: |t, _| {
            let mut marks: Vec<(f32, crate::render::art::Mark)> = Vec::new();
            if t.symbols.hill {
                marks.push((0.17, hill));
            }
            if t.symbols.vineyard {
                marks.push((0.15, vineyard));
            }
            marks
        },
        ..SymbolArt::NONE
    },
    marks,
    table,
    tokens: &[&FLOCK, &WOLF],
    ..SetMarks::NONE
};

/// A wolf's token in the bag.
const WOLF: Token = Token {
    name: "wolf",
    lettered: false,
    most_n: 0,
    draw: |w, _| wolf(w as f32),
};

/// The bag of sheep, `h` pixels high: the wolves, then the tokens of 1 to 4 sheep (a sheep
/// showing its number), each with how many are left (none is left out: an empty kind says
/// that it is gone).
fn table(game: &Game, h: f32) -> Vec<(SpriteKey, u8)> {
    let Some(bag) = game.sheep_bag() else {
        return Vec::new();
    };
    let w = (h * 1.2).round() as u32;
    SheepToken::ALL
        .iter()
        .zip(bag)
        .map(|(t, n)| match *t {
            SheepToken::Wolf => (WOLF.key(w, 0), n),
            SheepToken::Sheep(k) => (FLOCK.key(w, k), n),
        })
        .collect()
}

/// A flock: a sheep with the number of its sheep.
const FLOCK: Token = Token {
    name: "flock",
    lettered: false,
    most_n: 37,
    draw: |w, n| flock(w as f32, n),
};

/// Each shepherd's flock, beside it on the board.
fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    let c = l.cell as f32;
    for m in game.meeples() {
        if m.figure != Figure::Shepherd {
            continue;
        }
        let Some((x, y)) = figure_point(game, m, l) else {
            continue;
        };
        let sheep = game.flock(m.player as usize).min(u32::from(FLOCK.most_n)) as u8;
        let key = FLOCK.key((c * 0.34).round() as u32, sheep);
        r.put_sprite(img, key, x - c * 0.2, y + c * 0.06);
    }
}

/// The sheep's fleece.
const WOOL: [u8; 3] = [0xfa, 0xf7, 0xee];
/// Its head and legs.
const SHEEP_HEAD: [u8; 3] = [0x2b, 0x26, 0x22];

/// A sheep `w` pixels wide with `n` on its fleece (0: none written): a woolly white body with a
/// dark outline and a dark head, so it reads on any field.
fn flock(w: f32, n: u8) -> Img {
    let (mut pm, c) = sprite_pixmap(w * 1.1);
    let u = w / 2.0;
    let mut head = PathBuilder::new();
    head.push_circle(c - 0.78 * u, c - 0.18 * u, 0.24 * u);
    for dx in [-0.4f32, 0.4] {
        if let Some(leg) = Rect::from_xywh(c + dx * u - 0.06 * u, c + 0.3 * u, 0.12 * u, 0.32 * u) {
            head.push_rect(leg);
        }
    }
    if let Some(path) = head.finish() {
        outlined(&mut pm, &path, SHEEP_HEAD, SHEEP_HEAD, (w * 0.03).max(0.8));
    }
    // The fleece: a body of overlapping puffs.
    let mut body = PathBuilder::new();
    if let Some(r) = Rect::from_xywh(c - 0.72 * u, c - 0.42 * u, 1.44 * u, 0.8 * u) {
        body.push_oval(r);
    }
    if let Some(path) = body.finish() {
        outlined(&mut pm, &path, WOOL, DARK, (w * 0.05).max(1.0));
    }
    let mut img = from_pixmap(&pm);
    if n > 0 {
        draw_text_centered(
            &mut img,
            &n.to_string(),
            c + 0.02 * u,
            c - 0.02 * u,
            (w * 0.5).max(8.0),
            SHEEP_HEAD,
        );
    }
    img
}

/// The wolf's fur.
const FUR: [u8; 3] = [0x7d, 0x82, 0x8a];

/// A wolf's head `w` pixels wide, seen from the front: a grey face with pointed ears, dark
/// eyes and nose.
fn wolf(w: f32) -> Img {
    let (mut pm, c) = sprite_pixmap(w * 1.1);
    let u = w / 2.0;
    let mut pb = PathBuilder::new();
    pb.move_to(c - 0.7 * u, c - 0.3 * u);
    pb.line_to(c - 0.55 * u, c - 0.9 * u);
    pb.line_to(c - 0.2 * u, c - 0.45 * u);
    pb.line_to(c + 0.2 * u, c - 0.45 * u);
    pb.line_to(c + 0.55 * u, c - 0.9 * u);
    pb.line_to(c + 0.7 * u, c - 0.3 * u);
    pb.line_to(c, c + 0.8 * u);
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(&mut pm, &path, FUR, DARK, (w * 0.05).max(1.0));
    }
    let mut spots = PathBuilder::new();
    spots.push_circle(c - 0.25 * u, c - 0.15 * u, 0.1 * u);
    spots.push_circle(c + 0.25 * u, c - 0.15 * u, 0.1 * u);
    spots.push_circle(c, c + 0.5 * u, 0.13 * u);
    if let Some(path) = spots.finish() {
        outlined(&mut pm, &path, SHEEP_HEAD, SHEEP_HEAD, (w * 0.02).max(0.5));
    }
    from_pixmap(&pm)
}

/// The hill's grass, darker than the field's.
const HILL: [u8; 3] = [0x5e, 0x8c, 0x31];
/// Its sunny side.
const HILL_LIGHT: [u8; 3] = [0x86, 0xb4, 0x4a];
/// Grapes.
const GRAPES: [u8; 3] = [0x6a, 0x2c, 0x7c];
/// The vines' stakes.
const STAKE: [u8; 3] = [0x7a, 0x55, 0x30];

/// A mound, `0.17` units across its base, centred on `c`.
fn hill(cv: &mut Canvas, c: P) {
    let dome = |r: f32, lift: f32| -> Vec<P> {
        (0..=12)
            .map(|i| {
                let a = std::f32::consts::PI * i as f32 / 12.0;
                (c.0 - r * a.cos(), c.1 + 0.06 - lift * a.sin())
            })
            .collect()
    };
    cv.poly_outline(&dome(0.16, 0.15), HILL, DARK, 0.012);
    cv.poly(&dome(0.09, 0.1), HILL_LIGHT);
}

/// Three rows of vines with grapes, centred on `c`.
fn vineyard(cv: &mut Canvas, c: P) {
    for row in 0..3 {
        let x = c.0 + (row as f32 - 1.0) * 0.075;
        cv.poly(
            &[
                (x - 0.006, c.1 - 0.1),
                (x + 0.006, c.1 - 0.1),
                (x + 0.006, c.1 + 0.1),
                (x - 0.006, c.1 + 0.1),
            ],
            STAKE,
        );
        for k in 0..3 {
            let y = c.1 - 0.065 + k as f32 * 0.065;
            cv.circle((x - 0.018, y), 0.022, GRAPES);
            cv.circle((x + 0.018, y + 0.01), 0.022, GRAPES);
        }
    }
}
