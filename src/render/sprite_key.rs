//! The key of a cached sprite: what it shows and at which size. A leaf module, so that the
//! renderer's cache (`tiles.rs`) and the sprites drawn into it do not import each other.

use crate::engine::{Figure, Goods};

/// Largest sprite or tile size (pixels) a URL may ask for.
pub const MOST_PIXELS: u32 = 256;

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

impl SpriteKey {
    /// The sprite's name in a URL (`fig-2-abbot-40-0`, `goods-wine-24` ...): what
    /// [`SpriteKey::from_name`] reads back.
    pub fn name(&self) -> String {
        match *self {
            SpriteKey::Figure {
                seat,
                figure,
                cell,
                lying,
            } => format!("fig-{seat}-{}-{cell}-{}", figure.name(), u8::from(lying)),
            SpriteKey::Meeple { seat, h } => format!("meeple-{seat}-{h}"),
            SpriteKey::Dragon(w) => format!("dragon-{w}"),
            SpriteKey::Fairy(w) => format!("fairy-{w}"),
            SpriteKey::Tower(w, h) => format!("tower-{w}-{h}"),
            SpriteKey::Badge(n, d, seat) => format!("badge-{n}-{d}-{seat}"),
            SpriteKey::Goods(g, d) => format!("goods-{}-{d}", g.name()),
        }
    }

    /// Reads a sprite's name ([`SpriteKey::name`]); `None` for anything else, or for a size
    /// above [`MOST_PIXELS`] or a seat above 5.
    pub fn from_name(name: &str) -> Option<SpriteKey> {
        let parts: Vec<&str> = name.split('-').collect();
        let n = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok());
        let size = |i: usize| n(i).filter(|&s| (1..=MOST_PIXELS).contains(&s));
        let seat = |i: usize| n(i).filter(|&s| s < 6).map(|s| s as usize);
        let key = match (parts.first()?, parts.len()) {
            (&"fig", 5) => SpriteKey::Figure {
                seat: seat(1)?,
                figure: Figure::ALL.into_iter().find(|f| f.name() == parts[2])?,
                cell: size(3)?,
                lying: match parts[4] {
                    "0" => false,
                    "1" => true,
                    _ => return None,
                },
            },
            (&"meeple", 3) => SpriteKey::Meeple {
                seat: seat(1)?,
                h: size(2)?,
            },
            (&"dragon", 2) => SpriteKey::Dragon(size(1)?),
            (&"fairy", 2) => SpriteKey::Fairy(size(1)?),
            (&"tower", 3) => SpriteKey::Tower(size(1)?, n(2).filter(|&h| h <= 20)? as u8),
            (&"badge", 4) => {
                SpriteKey::Badge(n(1).filter(|&b| b < 100)? as usize, size(2)?, seat(3)?)
            }
            (&"goods", 3) => SpriteKey::Goods(
                Goods::ALL.into_iter().find(|g| g.name() == parts[1])?,
                size(2)?,
            ),
            _ => return None,
        };
        Some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sprite_name_reads_back() {
        let keys = [
            SpriteKey::Figure {
                seat: 2,
                figure: Figure::ALL[Figure::ALL.len() - 1],
                cell: 40,
                lying: true,
            },
            SpriteKey::Meeple { seat: 5, h: 24 },
            SpriteKey::Dragon(30),
            SpriteKey::Fairy(20),
            SpriteKey::Tower(30, 4),
            SpriteKey::Badge(12, 20, 1),
            SpriteKey::Goods(Goods::ALL[1], 24),
        ];
        for k in keys {
            assert_eq!(SpriteKey::from_name(&k.name()), Some(k), "{}", k.name());
        }
        for bad in [
            "",
            "fig",
            "meeple-9-24",
            "dragon-5000",
            "goods-gold-20",
            "fig-1-x-40-0",
        ] {
            assert_eq!(SpriteKey::from_name(bad), None, "{bad}");
        }
    }
}
