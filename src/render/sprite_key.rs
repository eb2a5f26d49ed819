//! The key of a cached sprite: what it shows and at which size. A leaf module, so that the
//! renderer's cache (`tiles.rs`) and the sprites drawn into it do not import each other.

use crate::engine::{Figure, Goods};

/// What a cached sprite shows; sizes are whole pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpriteKey {
    /// A figure for a tile `cell` pixels wide.
    Figure {
        /// Seat.
        seat: usize,
        /// Kind.
        figure: Figure,
        /// Tile size it stands on.
        cell: u32,
        /// On its side (a farmer).
        lying: bool,
    },
    /// A meeple `h` pixels high.
    Meeple {
        /// Seat.
        seat: usize,
        /// Height.
        h: u32,
    },
    /// The dragon, `w` pixels wide.
    Dragon(u32),
    /// The fairy, `w` pixels wide.
    Fairy(u32),
    /// A tower `w` pixels wide of the given height.
    Tower(u32, u8),
    /// A round badge `d` pixels across with a number, ringed in a seat's colour.
    Badge(usize, u32, usize),
    /// A trade good's token, `d` pixels across.
    Goods(Goods, u32),
}

impl SpriteKey {
    /// A seat's figure as an icon `h` pixels high (as the panels show holdings), standing or
    /// on its side.
    pub fn icon(seat: usize, figure: Figure, h: f32, lying: bool) -> SpriteKey {
        SpriteKey::Figure {
            seat,
            figure,
            // Followers fill about 0.4 of their cell: scale so the icon is `h` high.
            cell: (h / 0.42).round() as u32,
            lying,
        }
    }
}
