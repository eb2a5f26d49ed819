//! What each set adds to the pictures: its symbols on the tiles' art, its icons among a seat's
//! holdings in the panels and its marks on the board, one module per set, each registering its
//! hooks in one ordered table ([`SETS`], the engine's order of sets), so that the generic
//! drawing code names no set.

mod bridges;
mod hills;
mod mayor;
mod princess;
mod tower;
mod traders;

use super::art::SymbolArt;
use super::canvas::Img;
use super::layout::Layout;
use super::sprite_key::{SpriteKey, Token};
use super::tiles::Renderer;
use crate::engine::{Game, Spot};

/// One set's hooks into the pictures; [`SetMarks::NONE`] draws nothing.
pub(super) struct SetMarks {
    /// What a seat holds of the set (tower pieces, goods, prisoners) as icons `h` pixels high,
    /// each with its count.
    pub holdings: fn(&Game, usize, f32) -> Vec<(SpriteKey, u8)>,
    /// What the set keeps on the table for everyone to see (the bag of sheep's tokens) as
    /// icons `h` pixels high, each with its count, shown under the tiles left.
    pub table: fn(&Game, f32) -> Vec<(SpriteKey, u8)>,
    /// Draws the set's marks over the board's figures in the area `l` (towers with their
    /// guards, the dragon's journey, the fairy, the dragon).
    pub marks: fn(&Renderer, &mut Img, &Game, &Layout),
    /// Whether the set's marks draw the figures at this place themselves (a tower's guard).
    pub own_place: fn(Spot) -> bool,
    /// The tokens its holdings and marks show, each drawn by the set's module.
    pub tokens: &'static [&'static Token],
    /// Its symbols on the tiles' art.
    pub symbols: SymbolArt,
}

impl SetMarks {
    /// Hooks that draw nothing, for a set's module to fill in part.
    pub const NONE: SetMarks = SetMarks {
        holdings: |_, _, _| Vec::new(),
        table: |_, _| Vec::new(),
        marks: |_, _, _, _| {},
        own_place: |_| false,
        tokens: &[],
        symbols: SymbolArt::NONE,
    };
}

/// Every set's hooks, in the engine's order of sets.
const SETS: [&SetMarks; 6] = [
    &traders::MARKS,
    &tower::MARKS,
    &princess::MARKS,
    &mayor::MARKS,
    &hills::MARKS,
    &bridges::MARKS,
];

/// What a seat holds of every set, in the table's order.
pub(super) fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    SETS.iter()
        .flat_map(|s| (s.holdings)(game, seat, h))
        .collect()
}

/// What every set keeps on the table for all to see, in the table's order.
pub(super) fn table(game: &Game, h: f32) -> Vec<(SpriteKey, u8)> {
    SETS.iter().flat_map(|s| (s.table)(game, h)).collect()
}

/// Whether a set draws the figures at `spot` with its marks.
pub(super) fn draws_itself(spot: Spot) -> bool {
    SETS.iter().any(|s| (s.own_place)(spot))
}

/// Draws every set's marks over the board's figures.
pub(super) fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    for s in SETS {
        (s.marks)(r, img, game, l);
    }
}

/// Every set's tokens, for reading a sprite's name back.
pub(super) fn tokens() -> Vec<&'static Token> {
    SETS.iter().flat_map(|s| s.tokens.iter().copied()).collect()
}

/// Every set's symbols on the tiles' art.
pub(super) fn symbols() -> [&'static SymbolArt; SETS.len()] {
    SETS.map(|s| &s.symbols)
}
