//! The Tower in the pictures: each seat's tower pieces and the prisoners it holds (lying
//! followers in their owner's colour) among its holdings, and on the board each tower, a stone
//! tower with its height in the tile's top-right corner, with its guard standing on top; on the
//! tiles' art, the tower's foundation (at the centre where roads end, or in a field).

use super::SetMarks;
use crate::engine::{Figure, Game, Spot, TileSet};
use crate::render::art::{Canvas, SymbolArt, DARK, P, ROAD, ROAD_EDGE};
use crate::render::canvas::{from_pixmap, Img};
use crate::render::layout::Layout;
use crate::render::sprite_key::{SpriteKey, Token};
use crate::render::sprites::{outlined, sprite_pixmap};
use crate::render::text::draw_text_centered;
use crate::render::tiles::Renderer;
use tiny_skia::PathBuilder;

/// The Tower's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings,
    marks,
    own_place: |spot| spot == Spot::Tower,
    tokens: &[&TOWER],
    symbols: SymbolArt {
        road_end: |t| t.symbols.tower.then_some((0.13, foundation_at_road_end)),
        city: |_| Vec::new(),
        fields: |t, centre| {
            let field = t.symbols.tower && !centre;
            field
                .then_some((0.12, foundation as _))
                .into_iter()
                .collect()
        },
    },
    ..SetMarks::NONE
};

/// A tower's foundation where the roads end: on a patch of road.
fn foundation_at_road_end(cv: &mut Canvas, c: P) {
    cv.circle(c, 0.12, ROAD_EDGE);
    cv.circle(c, 0.105, ROAD);
    foundation(cv, c);
}

/// A tower's foundation: a stone square seen from above.
fn foundation(cv: &mut Canvas, c: P) {
    let stone = [0x9e, 0x9a, 0x92];
    cv.rect_outline(
        (c.0 - 0.09, c.1 - 0.09),
        (c.0 + 0.09, c.1 + 0.09),
        stone,
        DARK,
        0.012,
    );
    cv.rect_outline(
        (c.0 - 0.05, c.1 - 0.05),
        (c.0 + 0.05, c.1 + 0.05),
        [0x6f, 0x6b, 0x64],
        DARK,
        0.008,
    );
}

/// The towers' stone grey.
const TOWER_GREY: [u8; 3] = [0x8d, 0x8a, 0x84];

/// A tower with its height (0: none shown).
const TOWER: Token = Token {
    name: "tower",
    lettered: false,
    most_n: 20,
    draw: |w, height| tower(w as f32, height),
};

fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    if !game.has_set(TileSet::Tower) {
        return Vec::new();
    }
    let mut out = vec![(
        TOWER.key((h * 0.7).round() as u32, 0),
        game.supplies()[seat].towers,
    )];
    for (owner, held) in game.prisoners()[seat].iter().enumerate() {
        let n: u8 = held.iter().sum();
        if n > 0 {
            out.push((SpriteKey::icon(owner, Figure::Follower, h, true), n));
        }
    }
    out
}

fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    let c = l.cell as f32;
    for t in game.towers() {
        if t.height == 0 || !l.inside(t.at) {
            continue;
        }
        let (px, py) = l.origin(t.at);
        let (cx, cy) = (px as f32 + 0.76 * c, py as f32 + 0.3 * c);
        let w = (c * 0.36).round() as u32;
        r.put_sprite(img, TOWER.key(w, t.height), cx, cy);
        if let Some(g) = t.guard {
            let key = SpriteKey::Figure {
                seat: g.player as usize,
                figure: g.figure,
                cell: (c * 0.8).round() as u32,
                lying: false,
            };
            r.put_sprite(img, key, cx, cy - c * 0.24);
        }
    }
}

/// A tower `w` pixels wide: grey stone with battlements and its height in large type, so the
/// height reads at a glance even when the board is scaled down.
fn tower(w: f32, height: u8) -> Img {
    let h = w * 1.15;
    let (mut pm, c) = sprite_pixmap(h * 1.1);
    let (x0, y0) = (c - w / 2.0, c - h / 2.0);
    let merlon = w / 5.0;
    let mut pb = PathBuilder::new();
    pb.move_to(x0, y0 + h);
    pb.line_to(x0, y0);
    // Battlements: three merlons with two gaps.
    for k in 0..5 {
        let x = x0 + merlon * k as f32;
        let top = if k % 2 == 0 { y0 } else { y0 + merlon * 0.8 };
        pb.line_to(x, top);
        pb.line_to(x + merlon, top);
    }
    pb.line_to(x0 + w, y0 + h);
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(
            &mut pm,
            &path,
            TOWER_GREY,
            [0x15, 0x15, 0x15],
            (w * 0.07).max(1.0),
        );
    }
    let mut img = from_pixmap(&pm);
    if height > 0 {
        draw_text_centered(
            &mut img,
            &height.to_string(),
            c,
            c + h * 0.12,
            (w * 0.62).max(9.0),
            [0xff, 0xff, 0xff],
        );
    }
    img
}
