//! Bridges, Castles & Bazaars in the pictures, so far its bridges and castles: each seat's
//! bridges and castle tokens in hand among its holdings, and on the board each castle, a keep
//! with battlements on the edge its two squares share (beside its lord), flying its builder's
//! colour (a bridge is drawn with its tile: `render::tiles`).

use super::SetMarks;
use crate::engine::{Axis, Game, TileSet};
use crate::render::canvas::{from_pixmap, Img};
use crate::render::layout::Layout;
use crate::render::sprite_key::{SpriteKey, Token};
use crate::render::sprites::{outlined, sprite_pixmap, PLAYER_COLOURS};
use crate::render::tiles::Renderer;
use tiny_skia::PathBuilder;

/// Bridges, Castles & Bazaars' hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings,
    marks,
    tokens: &[&CASTLE, &BRIDGE],
    ..SetMarks::NONE
};

/// A bridge in hand: the deck drawn on a tile with one, laid west to east.
const BRIDGE: Token = Token {
    name: "bridge",
    lettered: false,
    most_n: 0,
    draw: |w, _| from_pixmap(&crate::render::art::bridge_deck(w.max(8), Axis::WE, 0.3)),
};

/// A castle: `n` 0 is a token in hand (no flag), else the flag of seat `n - 1`.
const CASTLE: Token = Token {
    name: "castle",
    lettered: false,
    most_n: PLAYER_COLOURS.len() as u8,
    draw: |w, n| castle(w as f32, n),
};

fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    if !game.has_set(TileSet::Bridges) {
        return Vec::new();
    }
    vec![
        (
            BRIDGE.key((h * 0.8).round() as u32, 0),
            game.bridges_in_hand(seat),
        ),
        (
            CASTLE.key((h * 0.8).round() as u32, 0),
            game.castle_tokens(seat),
        ),
    ]
}

fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    let c = l.cell as f32;
    for ([a, b], owner) in game.castles() {
        if !l.inside(a) || !l.inside(b) {
            continue;
        }
        // On the edge the two squares share, beside its middle, where the city's lord stands.
        let (ax, ay) = l.origin(a);
        let (bx, by) = l.origin(b);
        let (along_x, along_y) = if a.x == b.x { (0.3, 0.0) } else { (0.0, 0.3) };
        let cx = (ax + bx) as f32 / 2.0 + c * (0.5 + along_x);
        let cy = (ay + by) as f32 / 2.0 + c * (0.5 + along_y);
        let w = (c * 0.42).round() as u32;
        let flag = (owner % PLAYER_COLOURS.len()) as u8 + 1;
        r.put_sprite(img, CASTLE.key(w, flag), cx, cy);
    }
}

/// A castle `w` pixels wide: a stone keep with three merlons and a gate, with a flag in a
/// seat's colour when `flag` is 1 or more.
fn castle(w: f32, flag: u8) -> Img {
    let h = w * 0.8;
    let (mut pm, c) = sprite_pixmap(w * 1.35);
    let (x0, y0) = (c - w / 2.0, c - h / 2.0 + w * 0.12);
    let merlon = w / 7.0;
    let stroke = (w * 0.06).max(1.0);
    let ink = [0x15, 0x15, 0x15];
    let mut pb = PathBuilder::new();
    pb.move_to(x0, y0 + h);
    pb.line_to(x0, y0);
    for k in 0..7 {
        let x = x0 + merlon * k as f32;
        let top = if k % 2 == 0 { y0 } else { y0 + merlon * 0.9 };
        pb.line_to(x, top);
        pb.line_to(x + merlon, top);
    }
    pb.line_to(x0 + w, y0 + h);
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(&mut pm, &path, [0xb9, 0xb2, 0xa4], ink, stroke);
    }
    // The gate: an arch in the middle of the wall.
    let (gw, gh) = (w * 0.24, h * 0.42);
    let mut pb = PathBuilder::new();
    pb.move_to(c - gw / 2.0, y0 + h);
    pb.line_to(c - gw / 2.0, y0 + h - gh + gw / 2.0);
    pb.quad_to(
        c,
        y0 + h - gh - gw / 4.0,
        c + gw / 2.0,
        y0 + h - gh + gw / 2.0,
    );
    pb.line_to(c + gw / 2.0, y0 + h);
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(&mut pm, &path, [0x4a, 0x3b, 0x2c], ink, stroke * 0.7);
    }
    if flag > 0 {
        let colour = PLAYER_COLOURS[(flag as usize - 1) % PLAYER_COLOURS.len()];
        // A pole on the middle merlon and a pennant to its right.
        let top = y0 - w * 0.3;
        let mut pole = PathBuilder::new();
        pole.move_to(c - stroke * 0.4, y0);
        pole.line_to(c - stroke * 0.4, top);
        pole.line_to(c + stroke * 0.4, top);
        pole.line_to(c + stroke * 0.4, y0);
        pole.close();
        if let Some(path) = pole.finish() {
            outlined(&mut pm, &path, ink, ink, stroke * 0.3);
        }
        let mut pb = PathBuilder::new();
        pb.move_to(c + stroke * 0.4, top);
        pb.line_to(c + w * 0.32, top + w * 0.08);
        pb.line_to(c + stroke * 0.4, top + w * 0.17);
        pb.close();
        if let Some(path) = pb.finish() {
            outlined(&mut pm, &path, colour, ink, stroke * 0.6);
        }
    }
    from_pixmap(&pm)
}
