//! Abbey & Mayor in the pictures: the abbey a seat still holds, among its holdings (the mayor,
//! the wagon and the barn are figures, counted and drawn like the others; the abbey tile and the
//! well are drawn by the tiles' art).

use super::SetMarks;
use crate::engine::TileSet;
use crate::render::art::draw_tile;
use crate::render::canvas::from_pixmap;
use crate::render::sprite_key::Token;

/// Abbey & Mayor's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings: |game, seat, h| {
        if !game.has_set(TileSet::Mayor) {
            return Vec::new();
        }
        let held = game.abbeys().get(seat).copied().unwrap_or(false);
        vec![(ABBEY.key(h.round() as u32, 0), u8::from(held))]
    },
    tokens: &[&ABBEY],
    ..SetMarks::NONE
};

/// The abbey tile, `w` pixels across: a seat's abbey in hand.
const ABBEY: Token = Token {
    name: "abbey",
    lettered: false,
    most_n: 0,
    draw: |w, _| {
        let abbey = crate::engine::tiles::abbey();
        from_pixmap(&draw_tile(abbey.get(), w.max(2), false, &[]))
    },
};
