//! Traders & Builders in the pictures: each seat's goods among its holdings.

use super::SetMarks;
use crate::engine::{Goods, TileSet};
use crate::render::sprite_key::SpriteKey;

/// Traders & Builders' hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings: |game, seat, h| {
        if !game.has_set(TileSet::Traders) {
            return Vec::new();
        }
        let g = game.goods()[seat];
        Goods::ALL
            .into_iter()
            .map(|kind| (SpriteKey::Goods(kind, h.round() as u32), g[kind as usize]))
            .collect()
    },
    ..SetMarks::NONE
};
