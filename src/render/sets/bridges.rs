//! Bridges, Castles & Bazaars in the pictures: each seat's bridges and castle tokens in hand
//! among its holdings; on the board each castle, a keep with battlements on the edge its two
//! squares share (beside its lord), flying its builder's colour (a bridge is drawn with its
//! tile: `render::tiles`); a market stall on each bazaar tile; and while a bazaar runs, its tiles on the table for all to see, in
//! the order turned up, each ×1 while on offer and ×0 once a player took it, until its turn.

use super::SetMarks;
use crate::engine::{Axis, Game, TileSet};
use crate::render::art::{Canvas, Mark, SymbolArt, DARK, P};
use crate::render::canvas::{from_pixmap, Img};
use crate::render::layout::Layout;
use crate::render::sprite_key::{SpriteKey, Token};
use crate::render::sprites::{outlined, sprite_pixmap, PLAYER_COLOURS};
use crate::render::tiles::Renderer;
use tiny_skia::PathBuilder;

/// Bridges, Castles & Bazaars' hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    symbols: SymbolArt {
        // A market stall where the roads end at the bazaar, else in a field, or where the
        // tile has none (BB-01's city all round) in the city.
        road_end: |t| t.symbols.bazaar.then_some((0.15, stall as Mark)),
        fields: |t, centre| {
            if t.symbols.bazaar && !centre {
                vec![(0.15, stall as Mark)]
            } else {
                Vec::new()
            }
        },
        ..SymbolArt::NONE
    },
    holdings,
    table,
    marks,
    tokens: &[&CASTLE, &BRIDGE, &BAZAAR_TILE],
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

/// A tile of a bazaar: its art, small (`n`: the tile's number in the catalog; none past it).
const BAZAAR_TILE: Token = Token {
    name: "bazaar-tile",
    lettered: false,
    most_n: u8::MAX,
    draw: bazaar_tile,
};

/// A bazaar's market stall centred on `c`: a striped awning on two posts over a counter of
/// wares, readable on a tile 44 pixels wide.
fn stall(cv: &mut Canvas, c: P) {
    const WOOD: [u8; 3] = [0x8a, 0x5a, 0x2b];
    const RED: [u8; 3] = [0xc8, 0x2a, 0x2a];
    const AWNING: [u8; 3] = [0xf4, 0xee, 0xdc];
    const WARES: [u8; 3] = [0xe8, 0xb0, 0x2c];
    let (x, y) = c;
    // The posts.
    for dx in [-0.1, 0.1] {
        cv.poly(
            &[
                (x + dx - 0.008, y - 0.04),
                (x + dx + 0.008, y - 0.04),
                (x + dx + 0.008, y + 0.1),
                (x + dx - 0.008, y + 0.1),
            ],
            WOOD,
        );
    }
    // The counter, with its wares.
    cv.poly_outline(
        &[
            (x - 0.12, y + 0.03),
            (x + 0.12, y + 0.03),
            (x + 0.12, y + 0.1),
            (x - 0.12, y + 0.1),
        ],
        WOOD,
        DARK,
        0.01,
    );
    for k in 0..3 {
        cv.circle((x - 0.06 + 0.06 * k as f32, y + 0.015), 0.022, WARES);
    }
    // The awning: a trapezoid in four stripes, red and white.
    let (top, bottom) = (y - 0.13, y - 0.04);
    for k in 0..4 {
        let (a, b) = (k as f32 / 4.0, (k + 1) as f32 / 4.0);
        let at = |t: f32, w: f32, yy: f32| (x - w + 2.0 * w * t, yy);
        cv.poly(
            &[
                at(a, 0.1, top),
                at(b, 0.1, top),
                at(b, 0.14, bottom),
                at(a, 0.14, bottom),
            ],
            if k % 2 == 0 { RED } else { AWNING },
        );
    }
    cv.poly_outline(
        &[
            (x - 0.1, top),
            (x + 0.1, top),
            (x + 0.14, bottom),
            (x - 0.14, bottom),
        ],
        RED,
        DARK,
        0.01,
    );
    for k in 0..4 {
        let (a, b) = (k as f32 / 4.0, (k + 1) as f32 / 4.0);
        if k % 2 == 1 {
            let at = |t: f32, w: f32, yy: f32| (x - w + 2.0 * w * t, yy);
            cv.poly(
                &[
                    at(a, 0.1, top + 0.005),
                    at(b, 0.1, top + 0.005),
                    at(b, 0.14, bottom - 0.005),
                    at(a, 0.14, bottom - 0.005),
                ],
                AWNING,
            );
        }
    }
}

/// The art of the tile numbered `n` in the catalog, `w` pixels wide (a blank past the
/// catalog: a sprite's name may carry any number).
fn bazaar_tile(w: u32, n: u8) -> Img {
    let w = w.max(8);
    match crate::engine::catalog().tiles.get(usize::from(n)) {
        Some(t) => from_pixmap(&crate::render::art::draw_tile(
            t,
            w,
            false,
            &super::symbols(),
        )),
        None => from_pixmap(&tiny_skia::Pixmap::new(w, w).expect("a small picture")),
    }
}

/// The bazaar's tiles not played yet, `h` pixels high: ×1 on offer, ×0 taken.
fn table(game: &Game, h: f32) -> Vec<(SpriteKey, u8)> {
    let Some(b) = game.bazaar() else {
        return Vec::new();
    };
    let w = h.round() as u32;
    b.tiles
        .iter()
        .filter(|t| !t.played)
        .map(|t| (BAZAAR_TILE.key(w, t.tile.0), u8::from(t.owner.is_none())))
        .collect()
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{replay, Record};

    /// While a bazaar's auction runs its tiles lie on the table, one icon each; taken ones count
    /// 0; once each began its turn, none is left.
    #[test]
    fn the_bazaars_tiles_lie_on_the_table_while_it_runs() {
        let text =
            include_str!("../../../tests/scenarios/bridges/a_bazaar_auction_buys_and_sells.json");
        let mut record = Record::from_json(text).unwrap();
        record.expect = None;
        let full = record.log.clone();
        // Just after Blue bought the first tile (entry 27: the deal).
        record.log = full[..28].to_vec();
        let game = replay(&record).unwrap();
        let icons = table(&game, 24.0);
        assert_eq!(icons.len(), 3);
        assert_eq!(
            icons.iter().map(|(_, n)| *n).collect::<Vec<_>>(),
            [0, 1, 1],
            "the first one taken"
        );
        // The sprite draws the tile's art.
        let (key, _) = icons[0];
        assert_eq!(
            key.name(),
            format!(
                "bazaar-tile-24-{}",
                crate::engine::TileId::parse("E").unwrap().0
            )
        );
        let img = (BAZAAR_TILE.draw)(
            24,
            icons[0]
                .0
                .name()
                .rsplit('-')
                .next()
                .unwrap()
                .parse()
                .unwrap(),
        );
        assert!(img.width() >= 24);
        // Past the round, nothing.
        record.log = full;
        assert!(table(&replay(&record).unwrap(), 24.0).is_empty());
        // A number past the catalog draws a blank, never panics.
        let _ = (BAZAAR_TILE.draw)(24, u8::MAX);
    }
}
