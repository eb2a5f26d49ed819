//! Traders & Builders in the pictures: each seat's goods among its holdings, drawn as the goods'
//! tokens in the cities of the tiles' art.

use super::SetMarks;
use crate::engine::tiles::Goods;
use crate::engine::TileSet;
use crate::render::art::{mark_icon, Canvas, Mark, SymbolArt, DARK, P, WHITE};
use crate::render::canvas::from_pixmap;
use crate::render::sprite_key::Token;
use tiny_skia::PathBuilder;

/// Traders & Builders' hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings: |game, seat, h| {
        if !game.has_set(TileSet::Traders) {
            return Vec::new();
        }
        let g = game.goods()[seat];
        Goods::ALL
            .into_iter()
            .map(|kind| {
                (
                    GOODS[kind as usize].key(h.round() as u32, 0),
                    g[kind as usize],
                )
            })
            .collect()
    },
    tokens: &[&GOODS[0], &GOODS[1], &GOODS[2]],
    symbols: SymbolArt {
        city: |c| {
            c.goods
                .map(|g| (0.08, GOOD_MARKS[g as usize]))
                .into_iter()
                .collect()
        },
        ..SymbolArt::NONE
    },
    ..SetMarks::NONE
};

/// Each good's token, drawn as marks in the order of [`Goods::ALL`].
const GOOD_MARKS: [Mark; 3] = [
    |cv, c| good_token(cv, c, Goods::Wine),
    |cv, c| good_token(cv, c, Goods::Grain),
    |cv, c| good_token(cv, c, Goods::Cloth),
];

/// A good's token alone, `size` pixels across (the icon of a seat's goods in the panels).
fn goods_icon(g: Goods, size: u32) -> crate::render::canvas::Img {
    // The token is 0.15 units across on a tile: scale it to fill the picture.
    from_pixmap(&mark_icon(GOOD_MARKS[g as usize], 0.16, size))
}

/// A trade good's token, `d` pixels across, in the order of [`Goods::ALL`].
const GOODS: [Token; 3] = [
    good("goods-wine", |d, _| goods_icon(Goods::Wine, d)),
    good("goods-grain", |d, _| goods_icon(Goods::Grain, d)),
    good("goods-cloth", |d, _| goods_icon(Goods::Cloth, d)),
];

const fn good(name: &'static str, draw: fn(u32, u8) -> crate::render::canvas::Img) -> Token {
    Token {
        name,
        lettered: false,
        most_n: 0,
        draw,
    }
}

/// A good's token: a white disc with the good on it.
fn good_token(cv: &mut Canvas, c: P, g: Goods) {
    cv.circle(c, 0.075, WHITE);
    if let Some(p) = PathBuilder::from_circle(c.0, c.1, 0.075) {
        cv.stroke(&p, DARK, 0.01);
    }
    match g {
        Goods::Wine => {
            let grape = [0x6a, 0x2c, 0x84];
            for (dx, dy) in [
                (-0.025, -0.025),
                (0.0, -0.025),
                (0.025, -0.025),
                (-0.0125, 0.0),
                (0.0125, 0.0),
                (0.0, 0.025),
            ] {
                cv.circle((c.0 + dx, c.1 + dy), 0.014, grape);
            }
        }
        Goods::Grain => {
            let gold = [0xd8, 0xa0, 0x1e];
            let mut pb = PathBuilder::new();
            for dx in [-0.025, 0.0, 0.025] {
                pb.move_to(c.0 + dx * 0.3, c.1 + 0.045);
                pb.line_to(c.0 + dx, c.1 - 0.035);
            }
            if let Some(p) = pb.finish() {
                cv.stroke(&p, gold, 0.014);
            }
            for dx in [-0.025, 0.0, 0.025] {
                cv.circle((c.0 + dx, c.1 - 0.035), 0.013, gold);
            }
        }
        Goods::Cloth => {
            cv.rect_outline(
                (c.0 - 0.04, c.1 - 0.03),
                (c.0 + 0.04, c.1 + 0.03),
                [0x2f, 0x7d, 0xc4],
                DARK,
                0.008,
            );
            let mut pb = PathBuilder::new();
            pb.move_to(c.0 - 0.04, c.1);
            pb.line_to(c.0 + 0.04, c.1);
            if let Some(p) = pb.finish() {
                cv.stroke(&p, WHITE, 0.008);
            }
        }
    }
}
