//! Traders & Builders in the pictures: each seat's goods among its holdings.

use super::SetMarks;
use crate::engine::{Goods, TileSet};
use crate::render::art::goods_icon;
use crate::render::canvas::from_pixmap;
use crate::render::sprite_key::Token;

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
    ..SetMarks::NONE
};

/// A trade good's token, `d` pixels across, in the order of [`Goods::ALL`].
const GOODS: [Token; 3] = [
    good("goods-wine", |d, _| {
        from_pixmap(&goods_icon(Goods::Wine, d))
    }),
    good("goods-grain", |d, _| {
        from_pixmap(&goods_icon(Goods::Grain, d))
    }),
    good("goods-cloth", |d, _| {
        from_pixmap(&goods_icon(Goods::Cloth, d))
    }),
];

const fn good(name: &'static str, draw: fn(u32, u8) -> crate::render::canvas::Img) -> Token {
    Token {
        name,
        lettered: false,
        most_n: 0,
        draw,
    }
}
