//! The key of a cached sprite: what it shows and at which size. A leaf module, so that the
//! renderer's cache (`tiles.rs`) and the sprites drawn into it do not import each other.

use super::canvas::Img;
use crate::engine::Figure;
use std::hash::{Hash, Hasher};

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
    /// A round badge `d` pixels across with a number, ringed in a seat's colour.
    Badge(usize, u32, usize),
    /// A set's token `w` pixels wide (the dragon, the fairy, a tower of height `n`, a trade
    /// good), drawn by its set's module.
    Token {
        /// Which token.
        token: &'static Token,
        /// Width.
        w: u32,
        /// Its number (a tower's height; 0 for tokens without one).
        n: u8,
    },
}

/// A token a set puts on the board or in the panels, registered by the set's module in
/// `render/sets/`.
#[derive(Debug)]
pub struct Token {
    /// Its name in a sprite's name (`dragon`, `goods-wine`): unique.
    pub name: &'static str,
    /// Whether it carries a letter (drawn in the language of public messages).
    pub lettered: bool,
    /// The largest number its name may carry (a tower's height); 0: it carries none.
    pub most_n: u8,
    /// Draws it `w` pixels wide with its number.
    pub draw: fn(w: u32, n: u8) -> Img,
}

impl Token {
    /// The token `w` pixels wide with number `n`, as a sprite's key.
    pub fn key(&'static self, w: u32, n: u8) -> SpriteKey {
        SpriteKey::Token { token: self, w, n }
    }
}

impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        self.name == other.name
    }
}

impl Eq for Token {}

impl Hash for Token {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.name.hash(h);
    }
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
            SpriteKey::Badge(n, d, seat) => format!("badge-{n}-{d}-{seat}"),
            SpriteKey::Token { token, w, n } if token.most_n > 0 => {
                format!("{}-{w}-{n}", token.name)
            }
            SpriteKey::Token { token, w, .. } => format!("{}-{w}", token.name),
        }
    }

    /// Reads a sprite's name ([`SpriteKey::name`]) among the sets' `tokens`; `None` for
    /// anything else, or for a size above [`MOST_PIXELS`], a seat above 5 or a number above
    /// the token's.
    pub fn from_name(name: &str, tokens: &[&'static Token]) -> Option<SpriteKey> {
        for &token in tokens {
            let Some(rest) = name
                .strip_prefix(token.name)
                .and_then(|r| r.strip_prefix('-'))
            else {
                continue;
            };
            let mut parts = rest.split('-');
            let w = parts.next()?.parse::<u32>().ok()?;
            let n = match (token.most_n, parts.next()) {
                (0, None) => 0,
                (most, Some(n)) if most > 0 => n.parse::<u8>().ok().filter(|&n| n <= most)?,
                _ => return None,
            };
            if parts.next().is_some() || !(1..=MOST_PIXELS).contains(&w) {
                return None;
            }
            return Some(token.key(w, n));
        }
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
            (&"badge", 4) => {
                SpriteKey::Badge(n(1).filter(|&b| b < 100)? as usize, size(2)?, seat(3)?)
            }
            _ => return None,
        };
        Some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Token = Token {
        name: "plain",
        lettered: false,
        most_n: 0,
        draw: |_, _| Img::new(1, 1),
    };
    const NUMBERED: Token = Token {
        name: "numbered",
        lettered: false,
        most_n: 20,
        draw: |_, _| Img::new(1, 1),
    };
    const TOKENS: &[&Token] = &[&PLAIN, &NUMBERED];

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
            SpriteKey::Badge(12, 20, 1),
            PLAIN.key(30, 0),
            NUMBERED.key(30, 4),
        ];
        for k in keys {
            assert_eq!(
                SpriteKey::from_name(&k.name(), TOKENS),
                Some(k),
                "{}",
                k.name()
            );
        }
        for bad in [
            "",
            "fig",
            "meeple-9-24",
            "plain-5000",
            "plain-20-1",
            "numbered-20",
            "numbered-20-21",
            "plain-gold-20",
            "fig-1-x-40-0",
        ] {
            assert_eq!(SpriteKey::from_name(bad, TOKENS), None, "{bad}");
        }
    }
}
