//! Board geometry: positions, edges, half-edges and rotations.
//!
//! Coordinates follow the game record: `x` grows to the east, `y` grows to the south, the start tile
//! lies at `[0, 0]`. Rotations are clockwise quarter turns.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A board position `[x, y]`; x grows east, y grows south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    /// Column, growing to the east.
    pub x: i32,
    /// Row, growing to the south.
    pub y: i32,
}

impl From<[i32; 2]> for Pos {
    fn from(a: [i32; 2]) -> Self {
        Pos { x: a[0], y: a[1] }
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> Self {
        [p.x, p.y]
    }
}

impl Pos {
    /// Creates a position.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// The neighbouring position across `side`.
    pub fn step(self, side: Side) -> Pos {
        match side {
            Side::N => Pos::new(self.x, self.y - 1),
            Side::E => Pos::new(self.x + 1, self.y),
            Side::S => Pos::new(self.x, self.y + 1),
            Side::W => Pos::new(self.x - 1, self.y),
        }
    }

    /// The eight positions around this one (for cloisters).
    pub fn ring(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x - 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x + 1, y),
            Pos::new(x + 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x - 1, y + 1),
            Pos::new(x - 1, y),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.x, self.y)
    }
}

/// One of the four edges of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// North (up).
    N = 0,
    /// East (right).
    E = 1,
    /// South (down).
    S = 2,
    /// West (left).
    W = 3,
}

impl Side {
    /// All sides, clockwise from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with this index (0 = N, clockwise), modulo 4.
    pub fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The facing side of the neighbouring tile.
    pub fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// This side after turning the tile by `rot`.
    pub fn rotate(self, rot: Rotation) -> Side {
        Side::from_index(self as usize + rot.quarter_turns() as usize)
    }

    /// Its one-letter name.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// Its name in prose ("north").
    pub fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }

    /// Parses a one-letter name.
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'N' | 'n' => Some(Side::N),
            'E' | 'e' => Some(Side::E),
            'S' | 's' => Some(Side::S),
            'W' | 'w' => Some(Side::W),
            _ => None,
        }
    }
}

/// A straight line across a tile from one edge to the opposite one: what a bridge spans
/// (Bridges, Castles & Bazaars).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// From the north edge to the south edge.
    NS = 0,
    /// From the west edge to the east edge.
    WE = 1,
}

impl Axis {
    /// Both axes.
    pub const ALL: [Axis; 2] = [Axis::NS, Axis::WE];

    /// Its two edges.
    pub fn sides(self) -> [Side; 2] {
        match self {
            Axis::NS => [Side::N, Side::S],
            Axis::WE => [Side::W, Side::E],
        }
    }

    /// Its two edges as bits (bit `side`).
    pub fn mask(self) -> u8 {
        match self {
            Axis::NS => 1 << Side::N as u8 | 1 << Side::S as u8,
            Axis::WE => 1 << Side::W as u8 | 1 << Side::E as u8,
        }
    }

    /// The axis after turning the tile by `rot` (a quarter turn swaps them).
    pub fn rotate(self, rot: Rotation) -> Axis {
        if rot.quarter_turns().is_multiple_of(2) {
            self
        } else {
            self.other()
        }
    }

    /// The other axis.
    pub fn other(self) -> Axis {
        match self {
            Axis::NS => Axis::WE,
            Axis::WE => Axis::NS,
        }
    }

    /// Its name in records and commands: `"N-S"` or `"W-E"`.
    pub fn name(self) -> &'static str {
        match self {
            Axis::NS => "N-S",
            Axis::WE => "W-E",
        }
    }

    /// Reads a name: `N-S`, `NS`, `S-N` (any case) and the like.
    pub fn parse(s: &str) -> Option<Axis> {
        let letters: String = s
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        match letters.as_str() {
            "NS" | "SN" => Some(Axis::NS),
            "WE" | "EW" => Some(Axis::WE),
            _ => None,
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One half of a tile edge, where fields meet: `NNW` is the west half of the north edge, and so on
/// clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    /// West half of the north edge.
    NNW = 0,
    /// East half of the north edge.
    NNE = 1,
    /// North half of the east edge.
    ENE = 2,
    /// South half of the east edge.
    ESE = 3,
    /// East half of the south edge.
    SSE = 4,
    /// West half of the south edge.
    SSW = 5,
    /// South half of the west edge.
    WSW = 6,
    /// North half of the west edge.
    WNW = 7,
}

impl Half {
    /// All half-edges, clockwise from `NNW`.
    pub const ALL: [Half; 8] = [
        Half::NNW,
        Half::NNE,
        Half::ENE,
        Half::ESE,
        Half::SSE,
        Half::SSW,
        Half::WSW,
        Half::WNW,
    ];
    const NAMES: [&'static str; 8] = ["NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"];

    /// The half-edge with this index (0 = NNW, clockwise), modulo 8.
    pub fn from_index(i: usize) -> Half {
        Half::ALL[i % 8]
    }

    /// The edge this half belongs to.
    pub fn side(self) -> Side {
        Side::from_index(self as usize / 2)
    }

    /// The half-edge of the neighbouring tile that touches this one.
    pub fn opposite(self) -> Half {
        let s = self as usize / 2;
        let p = self as usize % 2;
        Half::from_index(2 * ((s + 2) % 4) + (1 - p))
    }

    /// This half-edge after turning the tile by `rot`.
    pub fn rotate(self, rot: Rotation) -> Half {
        Half::from_index(self as usize + 2 * rot.quarter_turns() as usize)
    }

    /// Its name (`"NNW"`).
    pub fn name(self) -> &'static str {
        Half::NAMES[self as usize]
    }

    /// Parses a name such as `NNW` (any case).
    pub fn parse(s: &str) -> Option<Half> {
        let up = s.to_ascii_uppercase();
        Half::NAMES
            .iter()
            .position(|n| *n == up)
            .map(Half::from_index)
    }
}

/// A corner of a tile, where two half-edges meet (Abbey & Mayor's barn stands on one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    /// North-west: `WNW` and `NNW` meet.
    NW = 0,
    /// North-east: `NNE` and `ENE` meet.
    NE = 1,
    /// South-east: `ESE` and `SSE` meet.
    SE = 2,
    /// South-west: `SSW` and `WSW` meet.
    SW = 3,
}

impl Corner {
    /// The four corners, clockwise from `NW`.
    pub const ALL: [Corner; 4] = [Corner::NW, Corner::NE, Corner::SE, Corner::SW];
    const NAMES: [&'static str; 4] = ["NW", "NE", "SE", "SW"];

    /// The corner with this index (0 = NW, clockwise), modulo 4.
    pub fn from_index(i: usize) -> Corner {
        Corner::ALL[i % 4]
    }

    /// The two half-edges that meet at the corner (the one before it clockwise first).
    pub fn halves(self) -> [Half; 2] {
        let i = self as usize;
        [Half::from_index(2 * i + 7), Half::from_index(2 * i)]
    }

    /// This corner after turning the tile by `rot`.
    pub fn rotate(self, rot: Rotation) -> Corner {
        Corner::from_index(self as usize + rot.quarter_turns() as usize)
    }

    /// The other three tiles around this corner of the tile at `p`, each with its own corner
    /// there: clockwise from the tile across the corner's first side.
    pub fn around(self, p: Pos) -> [(Pos, Corner); 3] {
        let (dx, dy) = match self {
            Corner::NW => (-1, -1),
            Corner::NE => (1, -1),
            Corner::SE => (1, 1),
            Corner::SW => (-1, 1),
        };
        // Mirrored left to right (NW and NE), top to bottom (NW and SW).
        let flip_x = |c: Corner| Corner::from_index(c as usize ^ 1);
        let flip_y = |c: Corner| Corner::from_index(3 - c as usize);
        [
            (Pos::new(p.x + dx, p.y), flip_x(self)),
            (Pos::new(p.x + dx, p.y + dy), self.rotate(Rotation::ALL[2])),
            (Pos::new(p.x, p.y + dy), flip_y(self)),
        ]
    }

    /// Its name (`"SE"`).
    pub fn name(self) -> &'static str {
        Corner::NAMES[self as usize]
    }

    /// Parses a name such as `SE` (any case).
    pub fn parse(s: &str) -> Option<Corner> {
        let up = s.to_ascii_uppercase();
        Corner::NAMES
            .iter()
            .position(|n| *n == up)
            .map(Corner::from_index)
    }
}

/// A clockwise rotation by a multiple of 90 degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(u8);

impl Rotation {
    /// The four rotations: 0, 90, 180, 270 degrees.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// A rotation from clockwise degrees; `None` unless 0, 90, 180 or 270.
    pub fn from_degrees(deg: i64) -> Option<Rotation> {
        match deg {
            0 => Some(Rotation(0)),
            90 => Some(Rotation(1)),
            180 => Some(Rotation(2)),
            270 => Some(Rotation(3)),
            _ => None,
        }
    }

    /// A rotation from a number of clockwise quarter turns (modulo 4).
    pub fn from_quarter_turns(q: u8) -> Rotation {
        Rotation(q % 4)
    }

    /// Clockwise quarter turns, 0..=3.
    pub fn quarter_turns(self) -> u8 {
        self.0
    }

    /// Clockwise degrees.
    pub fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }

    /// The rotation that undoes this one.
    pub fn inverse(self) -> Rotation {
        Rotation((4 - self.0) % 4)
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_opposites_match_the_record_format() {
        assert_eq!(Half::NNW.opposite(), Half::SSW);
        assert_eq!(Half::NNE.opposite(), Half::SSE);
        assert_eq!(Half::ENE.opposite(), Half::WNW);
        assert_eq!(Half::ESE.opposite(), Half::WSW);
        for h in Half::ALL {
            assert_eq!(h.opposite().opposite(), h);
            assert_eq!(h.opposite().side(), h.side().opposite());
        }
    }

    #[test]
    fn rotating_by_90_puts_north_on_east() {
        let r = Rotation::from_degrees(90).unwrap();
        assert_eq!(Side::N.rotate(r), Side::E);
        assert_eq!(Side::W.rotate(r), Side::N);
        assert_eq!(Half::NNW.rotate(r), Half::ENE);
        assert_eq!(Half::WNW.rotate(r), Half::NNE);
        assert_eq!(Rotation::from_degrees(45), None);
    }
}
