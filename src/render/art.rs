//! The tile-art generator: draws every tile of the catalog from its features, so the pictures can
//! never disagree with the rules. A set's own symbols (a good, a tower's foundation, a volcano
//! ...) are drawn by its module in `render/sets/` (`SymbolArt`); this module places them.
//!
//! Everything is drawn in the tile's canonical orientation in unit coordinates (0..1, y down) and
//! scaled to the requested size. Besides the pictures, this module knows where each segment of a
//! tile lies ([`segment_anchors`]), which the board renderer uses to put figures on the right spot
//! and the preview uses to label follower places.

use crate::engine::tiles::{CitySegment, TileType};
use crate::engine::Axis;
use std::sync::OnceLock;
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform,
};

/// A point in unit tile coordinates (x east, y south, 0..1).
pub type P = (f32, f32);

pub(crate) const FIELD: [u8; 3] = [0x8c, 0xbf, 0x4f];
const FIELD_DARK: [u8; 3] = [0x79, 0xab, 0x42];
pub(crate) const CITY: [u8; 3] = [0xdc, 0xb8, 0x72];
const CITY_DARK: [u8; 3] = [0xc4, 0x9b, 0x55];
const WALL: [u8; 3] = [0x6b, 0x47, 0x2a];
pub(crate) const ROAD: [u8; 3] = [0xf3, 0xea, 0xd3];
pub(crate) const ROAD_EDGE: [u8; 3] = [0x8f, 0x7d, 0x5b];
const RIVER: [u8; 3] = [0x4a, 0x9f, 0xdc];
const RIVER_EDGE: [u8; 3] = [0x2b, 0x6f, 0xa8];
const ROOF: [u8; 3] = [0xb5, 0x3b, 0x2b];
pub(crate) const WHITE: [u8; 3] = [0xfa, 0xf7, 0xef];
pub(crate) const DARK: [u8; 3] = [0x2d, 0x26, 0x20];

const CENTER: P = (0.5, 0.5);
/// Side midpoints N, E, S, W.
const MID: [P; 4] = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)];
/// Corners at the start of each side, clockwise: NW, NE, SE, SW.
const CORNER: [P; 4] = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];

fn color(c: [u8; 3]) -> Color {
    Color::from_rgba8(c[0], c[1], c[2], 255)
}

fn paint(c: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(c));
    p.anti_alias = true;
    p
}

fn lerp(a: P, b: P, t: f32) -> P {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// Sides in a mask, N=0 .. W=3.
fn sides(mask: u8) -> Vec<usize> {
    (0..4).filter(|s| mask & (1 << s) != 0).collect()
}

/// The outline of a city segment touching the sides in `mask`.
pub(crate) fn city_path(mask: u8, slim: bool) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let mask = mask & 0xf;
    if mask == 0xf {
        pb.push_rect(Rect::from_xywh(0.0, 0.0, 1.0, 1.0)?);
        return pb.finish();
    }
    // Runs of consecutive city sides, clockwise, starting after a side that is not city.
    let start = (0..4).find(|s| mask & (1 << s) == 0)?;
    let mut runs: Vec<(usize, usize)> = Vec::new(); // (first side, number of sides)
    for k in 1..=4 {
        let s = (start + k) % 4;
        if mask & (1 << s) != 0 {
            match runs.last_mut() {
                Some((f, n)) if (*f + *n) % 4 == s => *n += 1,
                _ => runs.push((s, 1)),
            }
        }
    }
    let count = mask.count_ones() as usize;
    let (f0, _) = *runs.first()?;
    pb.move_to(CORNER[f0].0, CORNER[f0].1);
    for (i, &(f, n)) in runs.iter().enumerate() {
        for k in 1..=n {
            let c = CORNER[(f + k) % 4];
            pb.line_to(c.0, c.1);
        }
        let end = (f + n) % 4; // corner index where the run ends
        let (nf, _) = runs[(i + 1) % runs.len()];
        let gap = (nf + 4 - end) % 4;
        let gap = if gap == 0 { 4 } else { gap };
        let from = CORNER[end];
        let to = CORNER[nf];
        let c = gap_control(from, to, CORNER[(end + 1) % 4], gap, count, slim);
        pb.quad_to(c.0, c.1, to.0, to.1);
    }
    pb.close();
    pb.finish()
}

/// Control point of the wall between two corners of a city, across `gap` non-city sides.
/// `slim` makes room for an inner field on tiles with several cities.
fn gap_control(from: P, to: P, field_corner: P, gap: usize, city_sides: usize, slim: bool) -> P {
    let m = lerp(from, to, 0.5);
    match gap {
        // A bay cut into a three-sided city.
        1 if city_sides == 3 => lerp(m, CENTER, if slim { 0.9 } else { 1.2 }),
        // Between the two halves of a band (or a corner and a cap).
        1 => lerp(m, CENTER, if slim { 1.3 } else { 1.15 }),
        // The diagonal wall of a corner city, bulging a little away from the city's corner.
        2 => lerp(CENTER, field_corner, if slim { -0.3 } else { 0.12 }),
        // A cap on one side.
        _ => lerp(m, CENTER, if slim { 0.6 } else { 0.85 }),
    }
}

/// The sides of two cities that cross the tile from side to side, north–south and east–west.
const CROSSING: [u8; 2] = [0b0101, 0b1010];

/// Whether the tile's two cities cross (Abbey & Mayor's AM-02: a narrow city north–south
/// arching over a second one east–west, grass in the four corners).
fn crossing_cities(t: &TileType) -> bool {
    let [a, b] = t.cities.as_slice() else {
        return false;
    };
    let mut masks = [a.sides & 0xf, b.sides & 0xf];
    masks.sort_unstable();
    masks == CROSSING
}

/// The outline of the city `i` of `t`: crossing cities are straight bands, the north–south one
/// narrower (it is drawn on top: [`city_order`]); the others as [`city_path`] draws them.
fn city_shape(t: &TileType, i: usize) -> Option<Path> {
    let mask = t.cities.get(i)?.sides & 0xf;
    if crossing_cities(t) {
        // Each band holds its two sides whole and narrows towards the middle; the grass lies
        // in the four wedges between them, touching the tile's corners only.
        let ns: [P; 8] = [
            (0.0, 0.0),
            (1.0, 0.0),
            (0.62, 0.2),
            (0.62, 0.8),
            (1.0, 1.0),
            (0.0, 1.0),
            (0.38, 0.8),
            (0.38, 0.2),
        ];
        let ew: [P; 8] = [
            (0.0, 0.0),
            (0.2, 0.31),
            (0.8, 0.31),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.8, 0.69),
            (0.2, 0.69),
            (0.0, 1.0),
        ];
        return poly_path(if mask == CROSSING[0] { &ns } else { &ew });
    }
    city_path(mask, slim_cities(t))
}

/// The order in which a tile's cities are drawn (and claim their pixels): the north–south city
/// of crossing ones last, on top.
fn city_order(t: &TileType) -> Vec<usize> {
    let mut order: Vec<usize> = (0..t.cities.len()).collect();
    if crossing_cities(t) {
        order.sort_by_key(|&i| t.cities[i].sides & 0xf == CROSSING[0]);
    }
    order
}

/// Whether a tile's cities are drawn slimmer to leave room for an inner field.
fn slim_cities(t: &TileType) -> bool {
    t.has_inner_field() || t.cities.len() >= 3
}

/// The path a road segment takes; returns polylines/curves as a tiny-skia path (stroked later).
fn road_path(t: &TileType, mask: u8) -> Option<Path> {
    let ss = sides(mask);
    let mut pb = PathBuilder::new();
    match ss.as_slice() {
        [a, b] if (a + 2) % 4 == *b => {
            pb.move_to(MID[*a].0, MID[*a].1);
            pb.line_to(MID[*b].0, MID[*b].1);
        }
        [a, b] => {
            pb.move_to(MID[*a].0, MID[*a].1);
            let c = lerp(CENTER, lerp(MID[*a], MID[*b], 0.5), 0.25);
            pb.quad_to(c.0, c.1, MID[*b].0, MID[*b].1);
        }
        [a] => {
            pb.move_to(MID[*a].0, MID[*a].1);
            let ends_at_center = t.cloister
                || t.symbols.village
                || t.roads.iter().filter(|r| r.sides.count_ones() == 1).count() >= 3;
            let named = t
                .roads
                .iter()
                .find(|r| r.sides == mask)
                .map_or(0, |r| r.ends_at);
            if let Some(&target) = sides(named).first() {
                // The catalog names the city the road ends at.
                pb.quad_to(CENTER.0, CENTER.1, MID[target].0, MID[target].1);
            } else if ends_at_center || t.cities.is_empty() {
                pb.line_to(CENTER.0, CENTER.1);
            } else {
                // The road runs into a city: aim at the nearest city side (the city is drawn on top).
                let target = t
                    .cities
                    .iter()
                    .flat_map(|c| sides(c.sides))
                    .min_by_key(|&s| if s == (a + 2) % 4 { 0 } else { 1 })
                    .unwrap_or((a + 2) % 4);
                if target == (a + 2) % 4 {
                    pb.line_to(MID[target].0, MID[target].1);
                } else {
                    pb.quad_to(CENTER.0, CENTER.1, MID[target].0, MID[target].1);
                }
            }
        }
        // One road with three or four arms (round a well): each arm to the centre.
        arms if arms.len() >= 3 => {
            for &a in arms {
                pb.move_to(MID[a].0, MID[a].1);
                pb.line_to(CENTER.0, CENTER.1);
            }
        }
        _ => return None,
    }
    pb.finish()
}

/// The river's course on the tile (edges of kind river), if any.
fn river_path(t: &TileType) -> Option<Path> {
    let ss: Vec<usize> = (0..4)
        .filter(|&s| t.edges[s] == crate::engine::EdgeKind::River)
        .collect();
    let mut pb = PathBuilder::new();
    match ss.as_slice() {
        [a, b] if (a + 2) % 4 == *b => {
            pb.move_to(MID[*a].0, MID[*a].1);
            pb.line_to(MID[*b].0, MID[*b].1);
        }
        [a, b] => {
            pb.move_to(MID[*a].0, MID[*a].1);
            pb.quad_to(CENTER.0, CENTER.1, MID[*b].0, MID[*b].1);
        }
        [a] => {
            pb.move_to(MID[*a].0, MID[*a].1);
            pb.line_to(CENTER.0, CENTER.1);
        }
        _ => return None,
    }
    pb.finish()
}

/// Draws pictures of one size; all drawing goes through a unit-to-pixel transform.
pub(crate) struct Canvas {
    pm: Pixmap,
    ts: Transform,
    size: f32,
    /// Places already taken by icons (centre, radius) so that icons do not overlap.
    taken: Vec<(P, f32)>,
}

impl Canvas {
    fn new(size: u32) -> Canvas {
        let pm = Pixmap::new(size, size).expect("positive size");
        Canvas {
            pm,
            ts: Transform::from_scale(size as f32, size as f32),
            size: size as f32,
            taken: Vec::new(),
        }
    }

    pub(crate) fn fill(&mut self, path: &Path, c: [u8; 3]) {
        self.pm
            .fill_path(path, &paint(c), FillRule::Winding, self.ts, None);
    }

    pub(crate) fn stroke(&mut self, path: &Path, c: [u8; 3], width: f32) {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        self.pm.stroke_path(path, &paint(c), &stroke, self.ts, None);
    }

    fn stroke_butt(&mut self, path: &Path, c: [u8; 3], width: f32) {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Butt,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        self.pm.stroke_path(path, &paint(c), &stroke, self.ts, None);
    }

    pub(crate) fn circle(&mut self, c: P, r: f32, col: [u8; 3]) {
        if let Some(p) = PathBuilder::from_circle(c.0, c.1, r) {
            self.fill(&p, col);
        }
    }

    pub(crate) fn poly(&mut self, pts: &[P], col: [u8; 3]) {
        if let Some(p) = poly_path(pts) {
            self.fill(&p, col);
        }
    }

    /// The upright rectangle from corner `a` to the opposite corner `b`, filled with `col` and
    /// outlined with `line` `w` wide (the outline starts at `a` and goes along `a`'s row first).
    pub(crate) fn rect_outline(&mut self, a: P, b: P, col: [u8; 3], line: [u8; 3], w: f32) {
        self.poly_outline(&[a, (b.0, a.1), b, (a.0, b.1)], col, line, w);
    }

    pub(crate) fn poly_outline(&mut self, pts: &[P], col: [u8; 3], line: [u8; 3], w: f32) {
        if let Some(p) = poly_path(pts) {
            self.fill(&p, col);
            self.stroke(&p, line, w);
        }
    }

    /// The colour at a unit point.
    fn rgb_at(&self, p: P) -> [u8; 3] {
        let x = ((p.0 * self.size) as u32).min(self.pm.width() - 1);
        let y = ((p.1 * self.size) as u32).min(self.pm.height() - 1);
        let c = self.pm.pixel(x, y).expect("inside").demultiply();
        [c.red(), c.green(), c.blue()]
    }

    /// Finds a free spot of radius `r` whose surroundings all have colour `want` (nearly), close
    /// to `prefer`. Falls back to `prefer`.
    fn find_spot(&self, want: &[[u8; 3]], r: f32, prefer: P) -> P {
        let near = |a: [u8; 3], want: &[[u8; 3]]| {
            want.iter()
                .any(|b| (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= 24))
        };
        let mut best: Option<(f32, P)> = None;
        let n = 15;
        for i in 0..n {
            for j in 0..n {
                let p = ((i as f32 + 0.5) / n as f32, (j as f32 + 0.5) / n as f32);
                if p.0 - r < 0.02 || p.1 - r < 0.02 || p.0 + r > 0.98 || p.1 + r > 0.98 {
                    continue;
                }
                let ok = (0..16).all(|k| {
                    let a = k as f32 * std::f32::consts::TAU / 16.0;
                    [1.0, 0.5].iter().all(|f| {
                        let q = (p.0 + a.cos() * r * f, p.1 + a.sin() * r * f);
                        near(self.rgb_at(q), want)
                    })
                }) && near(self.rgb_at(p), want);
                let free = self.taken.iter().all(|(c, cr)| dist(*c, p) > cr + r * 0.9);
                if ok && free {
                    let d = dist(p, prefer);
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, p));
                    }
                }
            }
        }
        if let Some((_, p)) = best {
            return p;
        }
        // No spot of the wanted colour: take the free spot nearest to `prefer`.
        let mut best: Option<(f32, P)> = None;
        for i in 0..n {
            for j in 0..n {
                let p = ((i as f32 + 0.5) / n as f32, (j as f32 + 0.5) / n as f32);
                if p.0 - r < 0.0 || p.1 - r < 0.0 || p.0 + r > 1.0 || p.1 + r > 1.0 {
                    continue;
                }
                let free = self.taken.iter().all(|(c, cr)| dist(*c, p) > cr + r * 0.9);
                let d = dist(p, prefer);
                if free && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, p));
                }
            }
        }
        best.map(|b| b.1).unwrap_or(prefer)
    }

    fn take(&mut self, p: P, r: f32) {
        self.taken.push((p, r));
    }
}

fn dist(a: P, b: P) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn poly_path(pts: &[P]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = pts.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// A small deterministic hash for texture placement.
fn hash(a: u32, b: u32) -> u32 {
    let mut h = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0xC2B2_AE3D);
    h ^ (h >> 13)
}

/// A set's symbol drawn centred on a unit point of the tile.
pub(crate) type Mark = fn(&mut Canvas, P);

/// What a set draws on the tiles' art: its symbols, each drawn by the set's module (the
/// generic art below places them).
pub(crate) struct SymbolArt {
    /// The set's mark, and the room it takes, at the centre of a tile whose roads end there
    /// (instead of a village).
    pub road_end: fn(&TileType) -> Option<(f32, Mark)>,
    /// The set's marks in a city, each with the room it takes.
    pub city: fn(&CitySegment) -> Vec<(f32, Mark)>,
    /// The set's marks in the fields, each with the room it takes; the flag says whether a
    /// set's mark stands at the centre where the roads end (`road_end`).
    pub fields: fn(&TileType, bool) -> Vec<(f32, Mark)>,
}

impl SymbolArt {
    /// A set without symbols of its own.
    pub const NONE: SymbolArt = SymbolArt {
        road_end: |_| None,
        city: |_| Vec::new(),
        fields: |_, _| Vec::new(),
    };
}

/// Draws one tile in canonical orientation, `size` pixels square. `garden` adds the garden mark
/// (only some copies of a tile type carry one); `sets` draw their symbols.
pub(crate) fn draw_tile(t: &TileType, size: u32, garden: bool, sets: &[&SymbolArt]) -> Pixmap {
    let mut cv = Canvas::new(size);
    let px = 1.0 / size as f32; // one pixel in unit coordinates
    cv.pm.fill(color(FIELD));
    // Grass texture: short darker strokes at fixed pseudo-random places.
    let seed = t.index.0 as u32;
    for k in 0..28 {
        let h = hash(seed, k);
        let x = (h % 1000) as f32 / 1000.0;
        let y = ((h / 1000) % 1000) as f32 / 1000.0;
        let mut pb = PathBuilder::new();
        pb.move_to(x, y);
        pb.line_to(x + 0.015, y - 0.03);
        if let Some(p) = pb.finish() {
            cv.stroke(&p, FIELD_DARK, 0.012);
        }
    }

    // River below everything else.
    if let Some(p) = river_path(t) {
        cv.stroke_butt(&p, RIVER_EDGE, 0.24);
        cv.stroke_butt(&p, RIVER, 0.19);
        let ends = (0..4)
            .filter(|&s| t.edges[s] == crate::engine::EdgeKind::River)
            .count();
        if ends == 1 {
            let r = if t.symbols.lake { 0.24 } else { 0.13 };
            cv.circle(CENTER, r + 0.025, RIVER_EDGE);
            cv.circle(CENTER, r, RIVER);
            if t.symbols.spring {
                // Ripples of a spring.
                for rr in [0.05, 0.09] {
                    if let Some(c) = PathBuilder::from_circle(CENTER.0, CENTER.1, rr) {
                        cv.stroke(&c, WHITE, 0.01);
                    }
                }
            }
            cv.take(CENTER, r);
        }
    }

    // Roads (cities are drawn over the ends that run into them).
    let bridge_over_city = t.symbols.bridge && !t.cities.is_empty();
    let mut bridged: Vec<Path> = Vec::new();
    for (i, r) in t.roads.iter().enumerate() {
        let Some(p) = road_path(t, r.sides) else {
            continue;
        };
        let over = t.symbols.bridge
            && (bridge_over_city
                || t.edges.contains(&crate::engine::EdgeKind::River)
                || (t.roads.len() == 2 && i == 0));
        if over {
            bridged.push(p);
        } else {
            cv.stroke(&p, ROAD_EDGE, 0.11);
            cv.stroke(&p, ROAD, 0.08);
        }
    }

    // Cities: filled area, roof texture, wall along the inner boundary.
    for i in city_order(t) {
        let c = &t.cities[i];
        let Some(path) = city_shape(t, i) else {
            continue;
        };
        cv.fill(&path, CITY);
        // Rows of roofs clipped to the city.
        let mut mask = tiny_skia::Mask::new(size, size).expect("size");
        mask.fill_path(&path, FillRule::Winding, true, cv.ts);
        let mut roofs = PathBuilder::new();
        let step = 0.085;
        let mut y = 0.03;
        let mut row = 0;
        while y < 1.0 {
            let mut x = if row % 2 == 0 {
                0.02
            } else {
                0.02 + step / 2.0
            };
            while x < 1.0 {
                roofs.push_rect(Rect::from_xywh(x, y, step * 0.6, step * 0.45).expect("rect"));
                x += step;
            }
            y += step * 0.8;
            row += 1;
        }
        if let Some(rp) = roofs.finish() {
            cv.pm.fill_path(
                &rp,
                &paint(CITY_DARK),
                FillRule::Winding,
                cv.ts,
                Some(&mask),
            );
        }
        cv.stroke(&path, WALL, 0.035);
        // Re-cover the wall along the tile's own edges: the city continues there.
        for s in sides(c.sides) {
            let a = CORNER[s];
            let b = CORNER[(s + 1) % 4];
            let inward = lerp(MID[s], CENTER, 0.04);
            let o = (inward.0 - MID[s].0, inward.1 - MID[s].1);
            let mut pb = PathBuilder::new();
            pb.move_to(a.0, a.1);
            pb.line_to(b.0, b.1);
            pb.line_to(b.0 + o.0, b.1 + o.1);
            pb.line_to(a.0 + o.0, a.1 + o.1);
            pb.close();
            if let Some(p) = pb.finish() {
                cv.pm
                    .fill_path(&p, &paint(CITY), FillRule::Winding, cv.ts, Some(&mask));
            }
        }
    }

    // Roads that pass over something: bridges.
    for p in &bridged {
        cv.stroke_butt(p, DARK, 0.13);
        cv.stroke_butt(p, ROAD_EDGE, 0.11);
        cv.stroke_butt(p, ROAD, 0.08);
    }
    if t.symbols.tunnel {
        // Tunnel mouths where the road dives under the city.
        for r in &t.roads {
            for s in sides(r.sides) {
                let m = lerp(MID[s], CENTER, 0.42);
                cv.circle(m, 0.065, DARK);
            }
        }
    }

    // Villages and road ends: roads that stop in the middle of the tile stop at something.
    let roads_end_mid = !t.cloister
        && t.roads.iter().any(|r| r.sides.count_ones() == 1)
        && (t.cities.is_empty()
            || t.roads.iter().filter(|r| r.sides.count_ones() == 1).count() >= 3);
    let mut centre = false;
    if t.symbols.well {
        // A well where the three arms meet (the road goes on).
        cv.circle(CENTER, 0.1, ROAD_EDGE);
        cv.circle(CENTER, 0.075, [0x4a, 0x8f, 0xc9]);
    }
    if t.symbols.village {
        village(&mut cv, CENTER);
    } else if roads_end_mid {
        match sets.iter().find_map(|s| (s.road_end)(t)) {
            Some((r, mark)) => {
                mark(&mut cv, CENTER);
                cv.take(CENTER, r);
                centre = true;
            }
            None => village(&mut cv, CENTER),
        }
    }
    if t.cloister {
        cloister(&mut cv, CENTER, t.cities.iter().any(|c| c.sides == 0xf));
    }

    // Marks inside cities.
    let anchors = segment_anchors(t);
    let city_colours = [CITY, CITY_DARK];
    for (i, c) in t.cities.iter().enumerate() {
        let prefer = anchors[i];
        if c.cathedral {
            let p = cv.find_spot(&city_colours, 0.16, CENTER);
            cathedral(&mut cv, p);
            cv.take(p, 0.16);
        }
        for _ in 0..c.pennants {
            let p = cv.find_spot(&city_colours, 0.075, prefer);
            pennant(&mut cv, p);
            cv.take(p, 0.075);
        }
        for (r, mark) in sets.iter().flat_map(|s| (s.city)(c)) {
            let p = cv.find_spot(&city_colours, r, prefer);
            mark(&mut cv, p);
            cv.take(p, r);
        }
    }

    // Marks in the fields.
    for r in t.roads.iter().filter(|r| r.inn) {
        let along = sides(r.sides)
            .first()
            .map(|&s| lerp(MID[s], CENTER, 0.5))
            .unwrap_or(CENTER);
        let p = cv.find_spot(&[FIELD, FIELD_DARK], 0.1, along);
        inn(&mut cv, p);
        cv.take(p, 0.1);
    }
    let mut field_marks: Vec<(f32, Mark)> =
        sets.iter().flat_map(|s| (s.fields)(t, centre)).collect();
    if garden {
        field_marks.push((0.08, garden_mark));
    }
    for (r, draw) in field_marks {
        let p = cv.find_spot(&[FIELD, FIELD_DARK], r, CENTER);
        draw(&mut cv, p);
        cv.take(p, r);
    }

    // A thin dark frame so tiles read as tiles on the board.
    if let Some(frame) = Rect::from_xywh(px / 2.0, px / 2.0, 1.0 - px, 1.0 - px) {
        let p = PathBuilder::from_rect(frame);
        cv.stroke_butt(&p, [0x4a, 0x5a, 0x35], px * 1.2);
    }
    cv.pm
}

fn house(cv: &mut Canvas, c: P, w: f32, wall: [u8; 3], roof: [u8; 3]) {
    let h = w * 0.7;
    cv.rect_outline(
        (c.0 - w / 2.0, c.1),
        (c.0 + w / 2.0, c.1 + h),
        wall,
        DARK,
        w * 0.08,
    );
    cv.poly_outline(
        &[
            (c.0 - w * 0.62, c.1 + w * 0.02),
            (c.0, c.1 - w * 0.55),
            (c.0 + w * 0.62, c.1 + w * 0.02),
        ],
        roof,
        DARK,
        w * 0.08,
    );
}

fn village(cv: &mut Canvas, c: P) {
    cv.circle(c, 0.12, ROAD_EDGE);
    cv.circle(c, 0.105, ROAD);
    house(cv, (c.0 - 0.035, c.1 - 0.01), 0.09, WHITE, ROOF);
    house(
        cv,
        (c.0 + 0.045, c.1 + 0.02),
        0.07,
        WHITE,
        [0x8a, 0x4a, 0x2c],
    );
    cv.take(c, 0.12);
}

fn cloister(cv: &mut Canvas, c: P, in_city: bool) {
    if !in_city {
        cv.circle(c, 0.2, [0x9c, 0xc9, 0x6a]);
    }
    // Nave with a tower and a cross.
    let base = (c.0, c.1 + 0.02);
    cv.rect_outline(
        (base.0 - 0.14, base.1 - 0.02),
        (base.0 + 0.06, base.1 + 0.12),
        WHITE,
        DARK,
        0.012,
    );
    cv.poly_outline(
        &[
            (base.0 - 0.17, base.1),
            (base.0 - 0.04, base.1 - 0.1),
            (base.0 + 0.09, base.1),
        ],
        ROOF,
        DARK,
        0.012,
    );
    cv.rect_outline(
        (base.0 + 0.06, base.1 - 0.1),
        (base.0 + 0.14, base.1 + 0.12),
        WHITE,
        DARK,
        0.012,
    );
    cv.poly_outline(
        &[
            (base.0 + 0.05, base.1 - 0.1),
            (base.0 + 0.1, base.1 - 0.19),
            (base.0 + 0.15, base.1 - 0.1),
        ],
        ROOF,
        DARK,
        0.012,
    );
    // Door and cross.
    cv.poly(
        &[
            (base.0 - 0.06, base.1 + 0.12),
            (base.0 - 0.06, base.1 + 0.05),
            (base.0 - 0.02, base.1 + 0.05),
            (base.0 - 0.02, base.1 + 0.12),
        ],
        DARK,
    );
    let mut pb = PathBuilder::new();
    pb.move_to(base.0 + 0.1, base.1 - 0.27);
    pb.line_to(base.0 + 0.1, base.1 - 0.19);
    pb.move_to(base.0 + 0.075, base.1 - 0.245);
    pb.line_to(base.0 + 0.125, base.1 - 0.245);
    if let Some(p) = pb.finish() {
        cv.stroke(&p, DARK, 0.014);
    }
    cv.take(c, 0.2);
}

fn cathedral(cv: &mut Canvas, c: P) {
    let stone = [0xe8, 0xe2, 0xd6];
    cv.rect_outline(
        (c.0 - 0.13, c.1 - 0.02),
        (c.0 + 0.13, c.1 + 0.14),
        stone,
        DARK,
        0.012,
    );
    for dx in [-0.1, 0.1] {
        cv.rect_outline(
            (c.0 + dx - 0.04, c.1 - 0.1),
            (c.0 + dx + 0.04, c.1 + 0.14),
            stone,
            DARK,
            0.012,
        );
        cv.poly_outline(
            &[
                (c.0 + dx - 0.05, c.1 - 0.1),
                (c.0 + dx, c.1 - 0.2),
                (c.0 + dx + 0.05, c.1 - 0.1),
            ],
            [0x3f, 0x5f, 0x8f],
            DARK,
            0.012,
        );
    }
    cv.circle((c.0, c.1 + 0.04), 0.035, [0x3f, 0x5f, 0x8f]);
    cv.poly(
        &[
            (c.0 - 0.025, c.1 + 0.14),
            (c.0 - 0.025, c.1 + 0.09),
            (c.0 + 0.025, c.1 + 0.09),
            (c.0 + 0.025, c.1 + 0.14),
        ],
        DARK,
    );
}

/// A pennant: a blue shield with a white chevron.
fn pennant(cv: &mut Canvas, c: P) {
    let (w, h) = (0.06, 0.075);
    let mut pb = PathBuilder::new();
    pb.move_to(c.0 - w, c.1 - h);
    pb.line_to(c.0 + w, c.1 - h);
    pb.line_to(c.0 + w, c.1);
    pb.quad_to(c.0 + w, c.1 + h * 0.8, c.0, c.1 + h * 1.2);
    pb.quad_to(c.0 - w, c.1 + h * 0.8, c.0 - w, c.1);
    pb.close();
    if let Some(p) = pb.finish() {
        cv.fill(&p, [0x23, 0x4f, 0xa3]);
        cv.stroke(&p, WHITE, 0.012);
    }
    let mut pb = PathBuilder::new();
    pb.move_to(c.0 - w * 0.6, c.1 - h * 0.3);
    pb.line_to(c.0, c.1 + h * 0.3);
    pb.line_to(c.0 + w * 0.6, c.1 - h * 0.3);
    if let Some(p) = pb.finish() {
        cv.stroke(&p, WHITE, 0.018);
    }
}

fn inn(cv: &mut Canvas, c: P) {
    // A lake with a little inn on its shore.
    let mut pb = PathBuilder::new();
    if let Some(r) = Rect::from_xywh(c.0 - 0.1, c.1 - 0.02, 0.2, 0.1) {
        pb.push_oval(r);
    }
    if let Some(p) = pb.finish() {
        cv.fill(&p, RIVER);
        cv.stroke(&p, RIVER_EDGE, 0.01);
    }
    house(
        cv,
        (c.0 - 0.02, c.1 - 0.06),
        0.08,
        [0xf7, 0xe7, 0xc0],
        [0x7a, 0x3b, 0x1e],
    );
}

fn garden_mark(cv: &mut Canvas, c: P) {
    cv.circle(c, 0.07, [0x3f, 0x7d, 0x2e]);
    for (dx, dy, col) in [
        (-0.03, -0.02, [0xf4, 0x8f, 0xb1]),
        (0.025, -0.03, [0xff, 0xee, 0x58]),
        (0.0, 0.03, [0xff, 0xff, 0xff]),
        (0.035, 0.02, [0xf4, 0x8f, 0xb1]),
    ] {
        cv.circle((c.0 + dx, c.1 + dy), 0.016, col);
    }
}

/// Where each segment of a tile is best marked (for figures and labels), in unit coordinates of
/// the canonical orientation, indexed like the tile's segments (cities, roads, fields, cloister).
pub fn segment_anchors(t: &TileType) -> &'static [P] {
    static ALL: OnceLock<Vec<Vec<P>>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        crate::engine::catalog()
            .every()
            .map(compute_anchors)
            .collect()
    });
    &all[t.index.0 as usize]
}

/// Where a tile's garden is drawn (unit square, canonical orientation), found by drawing the tile
/// with and without its garden and taking the centre of the pixels that differ. (Gardens are
/// printed on base and River tiles only, which carry no set's symbols: the sets are left out.)
pub fn garden_anchor(t: &TileType) -> P {
    static ALL: OnceLock<Vec<P>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        const N: u32 = 64;
        crate::engine::catalog()
            .every()
            .map(|t| {
                if t.gardens == 0 {
                    return (0.5, 0.5);
                }
                let a = draw_tile(t, N, false, &[]);
                let b = draw_tile(t, N, true, &[]);
                let (mut sx, mut sy, mut n) = (0.0f32, 0.0f32, 0u32);
                for (i, (pa, pb)) in a.pixels().iter().zip(b.pixels()).enumerate() {
                    if pa != pb {
                        sx += (i as u32 % N) as f32;
                        sy += (i as u32 / N) as f32;
                        n += 1;
                    }
                }
                if n == 0 {
                    (0.5, 0.5)
                } else {
                    (
                        (sx / n as f32 + 0.5) / N as f32,
                        (sy / n as f32 + 0.5) / N as f32,
                    )
                }
            })
            .collect()
    });
    // A tile with a bridge keeps its printed tile's garden.
    all[t.index.printed().0 as usize]
}

/// Labels every pixel of a low-resolution map with the segment it belongs to and returns, per
/// segment, its pixel farthest from any other segment (a point well inside it).
fn compute_anchors(t: &TileType) -> Vec<P> {
    const N: usize = 48;
    let nseg = t.segment_count();
    const NONE: u16 = u16::MAX;
    let mut label = vec![NONE; N * N];
    let paint_path = |label: &mut Vec<u16>, path: &Path, seg: usize, stroke: Option<f32>| {
        let mut mask = tiny_skia::Mask::new(N as u32, N as u32).expect("size");
        let ts = Transform::from_scale(N as f32, N as f32);
        match stroke {
            None => mask.fill_path(path, FillRule::Winding, false, ts),
            Some(w) => {
                let s = Stroke {
                    width: w,
                    ..Stroke::default()
                };
                if let Some(p) = path.stroke(&s, 1.0) {
                    mask.fill_path(&p, FillRule::Winding, false, ts);
                }
            }
        }
        for (i, &m) in mask.data().iter().enumerate() {
            if m > 127 {
                label[i] = seg as u16;
            }
        }
    };
    // Rivers are nobody's segment but separate fields.
    const RIVER_L: u16 = u16::MAX - 1;
    if let Some(p) = river_path(t) {
        paint_path(&mut label, &p, RIVER_L as usize, Some(0.2));
    }
    for (i, r) in t.roads.iter().enumerate() {
        if let Some(p) = road_path(t, r.sides) {
            paint_path(&mut label, &p, t.road_base() + i, Some(0.1));
        }
    }
    for i in city_order(t) {
        if let Some(p) = city_shape(t, i) {
            paint_path(&mut label, &p, i, None);
        }
    }
    // Bridged roads over a city are on top.
    if t.symbols.bridge && !t.cities.is_empty() {
        for (i, r) in t.roads.iter().enumerate() {
            if let Some(p) = road_path(t, r.sides) {
                paint_path(&mut label, &p, t.road_base() + i, Some(0.1));
            }
        }
    }
    // Fields: connected components of unlabelled pixels, matched to field segments by the
    // half-edges they touch.
    let half_of = |x: usize, y: usize| -> Option<usize> {
        let m = N - 1;
        let lo = |v: usize| v < N / 2;
        if y == 0 {
            Some(if lo(x) { 0 } else { 1 })
        } else if x == m {
            Some(if lo(y) { 2 } else { 3 })
        } else if y == m {
            Some(if lo(x) { 5 } else { 4 })
        } else if x == 0 {
            Some(if lo(y) { 7 } else { 6 })
        } else {
            None
        }
    };
    let mut comp = vec![usize::MAX; N * N];
    let mut comps: Vec<(Vec<usize>, u8)> = Vec::new();
    for start in 0..N * N {
        if label[start] != NONE || comp[start] != usize::MAX {
            continue;
        }
        let id = comps.len();
        let mut stack = vec![start];
        comp[start] = id;
        let mut pix = Vec::new();
        let mut halves = 0u8;
        while let Some(i) = stack.pop() {
            pix.push(i);
            let (x, y) = (i % N, i / N);
            if let Some(h) = half_of(x, y) {
                halves |= 1 << h;
            }
            let mut push = |j: usize| {
                if label[j] == NONE && comp[j] == usize::MAX {
                    comp[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                push(i - 1);
            }
            if x + 1 < N {
                push(i + 1);
            }
            if y > 0 {
                push(i - N);
            }
            if y + 1 < N {
                push(i + N);
            }
        }
        comps.push((pix, halves));
    }
    for (pix, halves) in &comps {
        let seg = t
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                if f.halves == 0 {
                    *halves == 0
                } else {
                    f.halves & halves != 0
                }
            })
            .max_by_key(|(_, f)| (f.halves & halves).count_ones())
            .map(|(i, _)| t.field_base() + i);
        if let Some(seg) = seg {
            for &i in pix {
                label[i] = seg as u16;
            }
        }
    }
    // Roads are thin: mark them on their course instead, a third of the way in from an edge
    // (so that several roads meeting in a village get separate marks).
    let mut road_anchor = vec![None; t.roads.len()];
    for (i, r) in t.roads.iter().enumerate() {
        let ss = sides(r.sides);
        road_anchor[i] = Some(match ss.as_slice() {
            [a] => lerp(MID[*a], CENTER, 0.3),
            [a, b] if (a + 2) % 4 == *b => lerp(MID[*a], MID[*b], 0.3),
            [a, b] => {
                let c = lerp(CENTER, lerp(MID[*a], MID[*b], 0.5), 0.25);
                lerp(lerp(MID[*a], c, 0.5), lerp(c, MID[*b], 0.5), 0.5)
            }
            _ => CENTER,
        });
    }
    // Per segment, the pixel farthest from any other segment and from the tile border (chamfer
    // distance transform), with a slight preference for the middle of the tile.
    let mut out = vec![CENTER; nseg];
    let mut d = vec![0u32; N * N];
    for (seg, slot) in out.iter_mut().enumerate() {
        if Some(seg) == t.cloister_segment() {
            *slot = (0.5, 0.56);
            continue;
        }
        if seg >= t.road_base() && seg < t.field_base() {
            if let Some(p) = road_anchor[seg - t.road_base()] {
                *slot = p;
                continue;
            }
        }
        for (i, v) in d.iter_mut().enumerate() {
            *v = if label[i] == seg as u16 {
                u32::MAX / 2
            } else {
                0
            };
        }
        let idx = |x: usize, y: usize| y * N + x;
        // Forward pass (outside the map counts as another segment).
        for y in 0..N {
            for x in 0..N {
                let i = idx(x, y);
                if d[i] == 0 {
                    continue;
                }
                let mut v = d[i];
                v = v.min(if x > 0 { d[i - 1] + 3 } else { 3 });
                v = v.min(if y > 0 { d[i - N] + 3 } else { 3 });
                v = v.min(if x > 0 && y > 0 { d[i - N - 1] + 4 } else { 4 });
                v = v.min(if x + 1 < N && y > 0 {
                    d[i - N + 1] + 4
                } else {
                    4
                });
                d[i] = v;
            }
        }
        for y in (0..N).rev() {
            for x in (0..N).rev() {
                let i = idx(x, y);
                if d[i] == 0 {
                    continue;
                }
                let mut v = d[i];
                v = v.min(if x + 1 < N { d[i + 1] + 3 } else { 3 });
                v = v.min(if y + 1 < N { d[i + N] + 3 } else { 3 });
                v = v.min(if x + 1 < N && y + 1 < N {
                    d[i + N + 1] + 4
                } else {
                    4
                });
                v = v.min(if x > 0 && y + 1 < N {
                    d[i + N - 1] + 4
                } else {
                    4
                });
                d[i] = v;
            }
        }
        let mut best: Option<(f32, usize)> = None;
        for (i, &v) in d.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (x, y) = ((i % N) as f32, (i / N) as f32);
            let bias = ((x - 23.5).powi(2) + (y - 23.5).powi(2)).sqrt() * 0.6;
            let score = v as f32 - bias;
            if best.is_none_or(|(bs, _)| score > bs) {
                best = Some((score, i));
            }
        }
        if let Some((_, i)) = best {
            *slot = (
                ((i % N) as f32 + 0.5) / N as f32,
                ((i / N) as f32 + 0.5) / N as f32,
            );
        }
    }
    out
}

/// Encodes a tile picture as PNG, `sets` drawing their symbols.
pub(crate) fn tile_png(t: &TileType, size: u32, garden: bool, sets: &[&SymbolArt]) -> Vec<u8> {
    super::canvas::encode(&super::canvas::from_pixmap(&draw_tile(
        t, size, garden, sets,
    )))
}

/// One mark alone, `size` pixels across, scaled so that `unit` (tile units around the point it
/// is drawn on) fills the picture: a set's token in the panels drawn as on its tiles.
pub(crate) fn mark_icon(mark: Mark, unit: f32, size: u32) -> Pixmap {
    let mut cv = Canvas::new(size);
    cv.ts = Transform::from_scale(size as f32 / unit, size as f32 / unit);
    mark(&mut cv, (unit / 2.0, unit / 2.0));
    cv.pm
}

/// Turns a unit point by `q` clockwise quarter turns about the tile's centre.
pub fn rotate_point(p: P, q: u8) -> P {
    let mut p = p;
    for _ in 0..q % 4 {
        p = (1.0 - p.1, p.0);
    }
    p
}

/// Where a figure at place `spot` (segment `seg`) of a tile of type `tt` stands, in unit
/// coordinates of the unturned tile: its segment's anchor, or the garden's.
pub fn figure_anchor(tt: &TileType, seg: u8, spot: crate::engine::Spot) -> P {
    if spot == crate::engine::Spot::Garden {
        garden_anchor(tt)
    } else {
        segment_anchors(tt)
            .get(seg as usize)
            .copied()
            .unwrap_or((0.5, 0.5))
    }
}

/// A wooden bridge along `axis` of an upright tile `size` pixels square, on a clear picture: a
/// deck of planks between two dark rails from one edge to the other, with a shadow on the
/// grass, readable at 44 px.
pub(crate) fn bridge(size: u32, axis: Axis) -> Pixmap {
    bridge_deck(size, axis, 0.16)
}

/// [`bridge`] with a deck `half` of the picture wide on each side of its middle (a bridge in
/// hand is drawn wider, to be read at an icon's size).
pub(crate) fn bridge_deck(size: u32, axis: Axis, half: f32) -> Pixmap {
    let mut pm = Pixmap::new(size.max(1), size.max(1)).expect("a tile's size");
    let s = size as f32;
    // Drawn north to south, then turned a quarter for west to east.
    let turn = match axis {
        Axis::NS => Transform::identity(),
        Axis::WE => Transform::from_rotate_at(90.0, s / 2.0, s / 2.0),
    };
    let paint = |rgba: [u8; 4]| {
        let mut p = Paint::default();
        p.set_color_rgba8(rgba[0], rgba[1], rgba[2], rgba[3]);
        p.anti_alias = true;
        p
    };
    let (x0, x1) = (s * (0.5 - half), s * (0.5 + half));
    if let Some(r) = Rect::from_ltrb(x0 + s * 0.04, 0.0, x1 + s * 0.05, s) {
        pm.fill_rect(r, &paint([0, 0, 0, 70]), turn, None);
    }
    if let Some(r) = Rect::from_ltrb(x0, 0.0, x1, s) {
        pm.fill_rect(r, &paint([0xb0, 0x7a, 0x45, 255]), turn, None);
    }
    let line = (s * 0.018).max(1.0);
    let mut planks = PathBuilder::new();
    let mut y = s * 0.09;
    while y < s {
        planks.move_to(x0, y);
        planks.line_to(x1, y);
        y += s * 0.11;
    }
    let stroke = Stroke {
        width: line,
        ..Stroke::default()
    };
    if let Some(p) = planks.finish() {
        pm.stroke_path(&p, &paint([0x6b, 0x43, 0x1f, 255]), &stroke, turn, None);
    }
    let mut rails = PathBuilder::new();
    for x in [x0, x1] {
        rails.move_to(x, 0.0);
        rails.line_to(x, s);
    }
    let rail = Stroke {
        width: (s * 0.05).max(2.0),
        ..Stroke::default()
    };
    if let Some(p) = rails.finish() {
        pm.stroke_path(&p, &paint([0x3d, 0x26, 0x12, 255]), &rail, turn, None);
    }
    pm
}
