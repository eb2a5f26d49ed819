//! Board pictures, tile previews and final pictures, composited from the tile art.

use super::art::{self, P};
use super::text::{draw_text, draw_text_centered, text_width};
use crate::engine::{FeatureKind, Figure, Game, Goods, Pos, Reason, Rotation, TileId, TileSet};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tiny_skia::{
    Color, FillRule, IntSize, Paint, PathBuilder, Pixmap, PixmapPaint, Rect, Stroke, Transform,
};

/// Seat colours in seat order: red (vermilion), blue, green (bluish), yellow, black, pink. Chosen
/// so that every pair stays apart under protanopia, deuteranopia and tritanopia (a render test
/// simulates each); seats are also told apart by number and head shape, never by colour alone.
pub const PLAYER_COLOURS: [[u8; 3]; 6] = [
    [0xd5, 0x3e, 0x00],
    [0x00, 0x5a, 0xb5],
    [0x00, 0x9e, 0x73],
    [0xf0, 0xe4, 0x42],
    [0x22, 0x22, 0x22],
    [0xd8, 0x8c, 0xc8],
];

/// Names of the seat colours, for text replies.
pub const COLOUR_NAMES: [&str; 6] = ["red", "blue", "green", "yellow", "black", "pink"];

/// Head shapes of the seats' meeples, in seat order (told apart without colour).
pub const HEAD_SHAPES: [&str; 6] = ["round", "square", "triangle", "diamond", "hexagon", "star"];

const BG: [u8; 3] = [0x26, 0x2a, 0x31];
const GRID: [u8; 3] = [0x33, 0x38, 0x41];
const LABEL: [u8; 3] = [0xb8, 0xc0, 0xcc];
const TEXT: [u8; 3] = [0xee, 0xf1, 0xf5];
const HIGHLIGHT: [u8; 3] = [0xff, 0xe0, 0x3a];
const LEGAL: [u8; 3] = [0x6c, 0xe0, 0x7a];

const TOP: u32 = 30;
const LEFT: u32 = 44;
const PANEL: u32 = 300;
const PAD: u32 = 12;

/// Why tile art could not be loaded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArtError {
    /// A tile id has no picture.
    #[error("no picture for tile {0} (expected {0}.png)")]
    Missing(String),
    /// A picture is not a PNG that can be decoded.
    #[error("{0}.png is not a readable PNG")]
    Undecodable(String),
    /// A picture is not square.
    #[error("{0}.png is {1}x{2}; tile pictures must be square")]
    NotSquare(String, u32, u32),
}

/// What a board picture shows besides the board itself.
#[derive(Clone, Debug, Default)]
pub struct BoardOptions {
    /// Mark the cells where the drawn tile fits.
    pub mark_legal: bool,
    /// Show only the cells within this many steps of a position (a zoomed view).
    pub crop: Option<(Pos, i32)>,
    /// A line of text at the top of the panel.
    pub title: Option<String>,
    /// Moves to outline in their player's colour with their order (the moves since the viewer's
    /// last turn); without them the last tile is outlined in yellow.
    pub recent: Vec<Recent>,
    /// The phone layout: a window of at most [`PHONE_COLS`] × [`PHONE_ROWS`] cells around the
    /// recent moves and the cells where the drawn tile fits, large tiles, coordinates on all
    /// four edges and the panel below the board, so it stays legible at 450 px wide.
    pub phone: bool,
}

/// A move outlined on the board: where, by which seat, and its order (1 = the oldest shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recent {
    /// The tile's position.
    pub at: Pos,
    /// The seat that placed it.
    pub seat: usize,
    /// Its number in the sequence.
    pub order: usize,
}

/// Most columns of the phone layout (a tile stays ≥ 48 px when the picture is shown 450 px wide).
pub const PHONE_COLS: i32 = 8;
/// Most rows of the phone layout.
pub const PHONE_ROWS: i32 = 7;
/// Cell size of the phone layout.
pub const PHONE_CELL: u32 = 96;
/// Margin of the phone layout on each side of the board (coordinate labels).
pub const PHONE_MARGIN: u32 = 40;
/// Least width of the phone picture (room for the panel).
const PHONE_MIN_W: u32 = 640;

/// The tiles placed since `viewer`'s last turn, oldest first, numbered from 1 (all of them, up
/// to twelve, if the viewer has not played yet).
pub fn recent_moves(game: &Game, viewer: usize) -> Vec<Recent> {
    let mut out = Vec::new();
    for t in game.turns().iter().rev() {
        if t.seat as usize == viewer {
            break;
        }
        if let Some((at, _)) = t.placed {
            out.push((at, t.seat as usize));
        }
        if out.len() == 12 {
            break;
        }
    }
    out.reverse();
    out.into_iter()
        .enumerate()
        .map(|(k, (at, seat))| Recent {
            at,
            seat,
            order: k + 1,
        })
        .collect()
}

/// The cells a phone picture shows: the whole board with one ring of empty cells when it fits
/// in [`PHONE_COLS`] × [`PHONE_ROWS`] (more rows, or as a last resort more columns, when the
/// recent moves lie further apart), otherwise the window of that size holding the most of
/// what matters: the last move above all, then as many other recent moves as fit, then the
/// cells where the drawn tile fits; among equals, the one centred on them. Returns the top-left
/// and bottom-right cells.
pub fn phone_window(game: &Game, recent: &[Recent]) -> (Pos, Pos) {
    let (lo, hi) = game.bounds();
    let (lo, hi) = (Pos::new(lo.x - 1, lo.y - 1), Pos::new(hi.x + 1, hi.y + 1));
    // Room for every recent move: more rows if they need them (a taller picture keeps its tile
    // size on a phone), more columns only if nothing else can show them all.
    let span = |f: fn(&Pos) -> i32| {
        let v: Vec<i32> = recent.iter().map(|r| f(&r.at)).collect();
        match (v.iter().min(), v.iter().max()) {
            (Some(a), Some(b)) => b - a + 1,
            _ => 0,
        }
    };
    let cols = (hi.x - lo.x + 1).min(PHONE_COLS.max(span(|p| p.x)));
    let rows = (hi.y - lo.y + 1).min(PHONE_ROWS.max(span(|p| p.y)));
    let mut points: Vec<(Pos, i64)> = Vec::new();
    let last = recent.iter().map(|r| r.order).max();
    for r in recent {
        points.push((
            r.at,
            if Some(r.order) == last {
                1_000_000
            } else {
                1000
            },
        ));
    }
    if recent.is_empty() {
        if let Some(t) = game.tiles().last() {
            points.push((t.pos, 1_000_000));
        }
    }
    if let Some(tile) = game.tile_to_place() {
        let mut cells: Vec<Pos> = game.legal_placements(tile).iter().map(|p| p.at).collect();
        cells.sort_by_key(|p| (p.x, p.y));
        cells.dedup();
        points.extend(cells.into_iter().map(|p| (p, 1)));
    }
    let (n, sx, sy) = points.iter().fold((0i64, 0i64, 0i64), |(n, x, y), (p, w)| {
        (n + w, x + p.x as i64 * w, y + p.y as i64 * w)
    });
    let centre = if n > 0 {
        (sx as f64 / n as f64, sy as f64 / n as f64)
    } else {
        (0.0, 0.0)
    };
    let mut best: Option<(i64, f64, Pos)> = None;
    for y0 in lo.y..=hi.y - rows + 1 {
        for x0 in lo.x..=hi.x - cols + 1 {
            let inside = |p: Pos| p.x >= x0 && p.x < x0 + cols && p.y >= y0 && p.y < y0 + rows;
            let score: i64 = points
                .iter()
                .filter(|(p, _)| inside(*p))
                .map(|(_, w)| w)
                .sum();
            let mid = (
                x0 as f64 + (cols - 1) as f64 / 2.0,
                y0 as f64 + (rows - 1) as f64 / 2.0,
            );
            let off = (mid.0 - centre.0).powi(2) + (mid.1 - centre.1).powi(2);
            let better = match best {
                None => true,
                Some((s, o, _)) => score > s || (score == s && off < o),
            };
            if better {
                best = Some((score, off, Pos::new(x0, y0)));
            }
        }
    }
    let start = best.map(|b| b.2).unwrap_or(lo);
    (start, Pos::new(start.x + cols - 1, start.y + rows - 1))
}

/// A cached tile picture: tile index, quarter turns, size, garden copy.
type TileKey = (u8, u8, u32, bool);

/// Draws pictures; holds the tile art and a cache of scaled, rotated tiles. Cheap to share
/// (`Arc<Renderer>`) between threads.
pub struct Renderer {
    /// User-supplied art, full size, by tile index; `None` means generated art.
    custom: Option<Vec<Pixmap>>,
    cache: Mutex<HashMap<TileKey, Arc<Pixmap>>>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::generated()
    }
}

impl Renderer {
    /// A renderer that draws the built-in tile art at whatever size it needs.
    pub fn generated() -> Renderer {
        Renderer {
            custom: None,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// A renderer using the given pictures, `(file name, PNG bytes)`, e.g. read from a tiles
    /// directory. Every tile id of the catalog needs `<id>.png`; other files are ignored.
    pub fn from_pngs(
        files: impl IntoIterator<Item = (String, Vec<u8>)>,
    ) -> Result<Renderer, ArtError> {
        let mut by_name: HashMap<String, Vec<u8>> = files.into_iter().collect();
        let mut art = Vec::new();
        for t in &crate::engine::catalog().tiles {
            let bytes = by_name
                .remove(&format!("{}.png", t.id))
                .ok_or_else(|| ArtError::Missing(t.id.to_string()))?;
            let pm =
                Pixmap::decode_png(&bytes).map_err(|_| ArtError::Undecodable(t.id.to_string()))?;
            if pm.width() != pm.height() {
                return Err(ArtError::NotSquare(
                    t.id.to_string(),
                    pm.width(),
                    pm.height(),
                ));
            }
            art.push(pm);
        }
        Ok(Renderer {
            custom: Some(art),
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// The picture of `tile` turned by `rot`, `cell` pixels square.
    pub fn tile(&self, tile: TileId, rot: Rotation, cell: u32) -> Arc<Pixmap> {
        self.tile_copy(tile, false, rot, cell)
    }

    /// The picture of `tile` (its garden copy if `garden`) turned by `rot`, `cell` pixels square.
    /// Custom art has no garden copies: the plain picture stands for both.
    pub fn tile_copy(&self, tile: TileId, garden: bool, rot: Rotation, cell: u32) -> Arc<Pixmap> {
        let key = (tile.0, rot.quarter_turns(), cell, garden);
        if let Some(p) = self.cache.lock().expect("cache lock").get(&key) {
            return p.clone();
        }
        let base = match &self.custom {
            None => art::draw_tile(tile.get(), cell, garden),
            Some(art) => {
                let src = &art[tile.0 as usize];
                let mut pm = Pixmap::new(cell, cell).expect("cell size");
                let s = cell as f32 / src.width() as f32;
                let paint = PixmapPaint {
                    quality: tiny_skia::FilterQuality::Bicubic,
                    ..PixmapPaint::default()
                };
                pm.draw_pixmap(
                    0,
                    0,
                    src.as_ref(),
                    &paint,
                    Transform::from_scale(s, s),
                    None,
                );
                pm
            }
        };
        let rotated = Arc::new(rotate(&base, rot.quarter_turns()));
        self.cache
            .lock()
            .expect("cache lock")
            .insert(key, rotated.clone());
        rotated
    }

    /// The board picture of a game.
    pub fn board(&self, game: &Game, opts: &BoardOptions) -> Pixmap {
        self.compose(game, opts, None)
    }

    /// The board picture as PNG bytes.
    pub fn board_png(&self, game: &Game, opts: &BoardOptions) -> Vec<u8> {
        encode(&self.board(game, opts))
    }

    /// The end-of-game picture: the board and the final breakdown per player.
    pub fn final_picture(&self, game: &Game) -> Pixmap {
        let fin = game.final_scoring();
        self.compose(game, &BoardOptions::default(), Some(&fin))
    }

    /// The end-of-game picture as PNG bytes.
    pub fn final_png(&self, game: &Game) -> Vec<u8> {
        encode(&self.final_picture(game))
    }

    /// The drawn tile in its four rotations, each follower place labelled with the name a player
    /// types (`city:N`, `field:SSE`, `cloister`, ...).
    pub fn preview(&self, tile: TileId) -> Pixmap {
        let cell = 232u32;
        let gap = 20u32;
        let head = 34u32;
        let w = 4 * cell + 5 * gap;
        let h = head + cell + gap;
        let mut pm = Pixmap::new(w, h).expect("size");
        pm.fill(color(BG));
        let t = tile.get();
        let anchors = art::segment_anchors(t);
        for (k, rot) in Rotation::ALL.into_iter().enumerate() {
            let x0 = gap + k as u32 * (cell + gap);
            let y0 = head;
            let img = self.tile(tile, rot, cell);
            blit(&mut pm, &img, x0 as i32, y0 as i32);
            let title = format!("{} rotation {}", t.id, rot.degrees());
            draw_text_centered(
                &mut pm,
                &title,
                (x0 + cell / 2) as f32,
                (head / 2) as f32,
                17.0,
                TEXT,
            );
            for (seg, &anchor) in anchors.iter().enumerate().take(t.segment_count()) {
                let spot = Game::segment_spot(tile, rot, seg);
                let (ux, uy) = rotate_point(anchor, rot.quarter_turns());
                let cx = x0 as f32 + ux * cell as f32;
                let cy = y0 as f32 + uy * cell as f32;
                pill(&mut pm, &spot.to_string(), cx, cy, 12.5);
            }
        }
        pm
    }

    /// The drawn tile at one cell in each of the given rotations, side by side: the cell and its
    /// eight neighbours as they lie on the board, the tile in the middle outlined, and the
    /// rotation written above (the "choose a rotation" picture of placing by buttons).
    pub fn rotations_at(&self, game: &Game, tile: TileId, at: Pos, rots: &[Rotation]) -> Pixmap {
        let cell = 72u32;
        let gap = 18u32;
        let head = 34u32;
        let n = rots.len().max(1) as u32;
        let side = 3 * cell;
        let mut pm = Pixmap::new(n * side + (n + 1) * gap, head + side + gap).expect("size");
        pm.fill(color(BG));
        for (k, &rot) in rots.iter().enumerate() {
            let x0 = gap + k as u32 * (side + gap);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (px, py) = (
                        (x0 as i32 + (dx + 1) * cell as i32) as f32,
                        (head as i32 + (dy + 1) * cell as i32) as f32,
                    );
                    rect_stroke(&mut pm, px + 0.5, py + 0.5, cell as f32 - 1.0, GRID, 1.0);
                    let p = Pos::new(at.x + dx, at.y + dy);
                    let img = if dx == 0 && dy == 0 {
                        Some(self.tile(tile, rot, cell))
                    } else {
                        game.tile_at(p)
                            .map(|t| self.tile_copy(t.tile, t.garden, t.rotation, cell))
                    };
                    if let Some(img) = img {
                        blit(&mut pm, &img, px as i32, py as i32);
                    }
                }
            }
            let (cx, cy) = ((x0 + cell) as f32, (head + cell) as f32);
            rect_stroke(
                &mut pm,
                cx + 1.5,
                cy + 1.5,
                cell as f32 - 3.0,
                HIGHLIGHT,
                3.0,
            );
            let title = format!("{}°", rot.degrees());
            draw_text_centered(
                &mut pm,
                &title,
                (x0 + side / 2) as f32,
                (head / 2) as f32,
                22.0,
                TEXT,
            );
        }
        pm
    }

    /// The scores over the game: one line per seat (its colour, its own dash pattern and its
    /// number at the end, so lines are told apart without colour). `series[seat][k]` is the
    /// seat's score after turn k; the last point may include the end-game scoring.
    pub fn score_graph(&self, names: &[String], series: &[Vec<u32>]) -> Pixmap {
        let (w, h) = (1000u32, 520u32);
        let (l, r, t, b) = (64.0f32, 250.0f32, 46.0f32, 50.0f32);
        let mut pm = Pixmap::new(w, h).expect("size");
        pm.fill(color(BG));
        draw_text(&mut pm, "Scores over the game", l, 12.0, 22.0, TEXT);
        let turns = series.iter().map(|s| s.len()).max().unwrap_or(0).max(2);
        let top = series.iter().flatten().copied().max().unwrap_or(0).max(10);
        let step = [5u32, 10, 20, 25, 50, 100, 200]
            .into_iter()
            .find(|s| top / s <= 8)
            .unwrap_or(500);
        let top = top.div_ceil(step) * step;
        let (pw, ph) = (w as f32 - l - r, h as f32 - t - b);
        let px = |k: usize| l + pw * k as f32 / (turns - 1) as f32;
        let py = |v: u32| t + ph - ph * v as f32 / top as f32;
        let mut v = 0;
        while v <= top {
            let y = py(v);
            fill_rect_wh(&mut pm, l, y, pw, 1.0, GRID, 1.0);
            let s = v.to_string();
            draw_text(
                &mut pm,
                &s,
                l - 10.0 - text_width(&s, 16.0),
                y - 9.0,
                16.0,
                LABEL,
            );
            v += step;
        }
        let tick = [5usize, 10, 20, 25, 50, 100]
            .into_iter()
            .find(|s| turns / s <= 10)
            .unwrap_or(200);
        let mut k = 0;
        while k < turns {
            draw_text_centered(&mut pm, &k.to_string(), px(k), t + ph + 16.0, 16.0, LABEL);
            k += tick;
        }
        draw_text_centered(&mut pm, "turn", l + pw / 2.0, t + ph + 36.0, 16.0, LABEL);
        let dashes: [&[f32]; 6] = [
            &[],
            &[14.0, 6.0],
            &[4.0, 5.0],
            &[14.0, 5.0, 3.0, 5.0],
            &[24.0, 6.0],
            &[8.0, 4.0, 2.0, 4.0, 2.0, 4.0],
        ];
        let mut ends: Vec<(f32, usize)> = Vec::new();
        for (seat, pts) in series.iter().enumerate() {
            let mut pb = PathBuilder::new();
            for (k, &v) in pts.iter().enumerate() {
                if k == 0 {
                    pb.move_to(px(k), py(v));
                } else {
                    pb.line_to(px(k), py(v));
                }
            }
            let Some(path) = pb.finish() else { continue };
            let d = dashes[seat % 6];
            let stroke = Stroke {
                width: 4.0,
                line_join: tiny_skia::LineJoin::Round,
                dash: (!d.is_empty())
                    .then(|| tiny_skia::StrokeDash::new(d.to_vec(), 0.0))
                    .flatten(),
                ..Stroke::default()
            };
            let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
            let outline = Stroke {
                width: 6.5,
                dash: None,
                ..stroke.clone()
            };
            pm.stroke_path(
                &path,
                &paint([0x10, 0x10, 0x10], 0.6),
                &outline,
                Transform::identity(),
                None,
            );
            pm.stroke_path(
                &path,
                &paint(col, 1.0),
                &stroke,
                Transform::identity(),
                None,
            );
            if let Some(&last) = pts.last() {
                ends.push((py(last), seat));
            }
        }
        // Labels at the right, pushed apart so they never overlap.
        ends.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut prev = f32::MIN;
        for (y, seat) in ends {
            let y = y.max(prev + 30.0);
            prev = y;
            let x = l + pw + 22.0;
            meeple(&mut pm, x, y, 30.0, seat, false);
            let name = names.get(seat).map(String::as_str).unwrap_or("?");
            let score = series[seat].last().copied().unwrap_or(0);
            let label = ellipsize(&format!("{score} {name}"), r - 40.0, 16.0);
            draw_text(&mut pm, &label, x + 18.0, y - 10.0, 16.0, TEXT);
        }
        pm
    }

    /// The tile preview as PNG bytes.
    pub fn preview_png(&self, tile: TileId) -> Vec<u8> {
        encode(&self.preview(tile))
    }

    fn compose(
        &self,
        game: &Game,
        opts: &BoardOptions,
        fin: Option<&crate::engine::FinalScoring>,
    ) -> Pixmap {
        // Board extent: the placed tiles plus one ring of empty cells to place into.
        let (lo, hi) = game.bounds();
        let (mut lo, mut hi) = (Pos::new(lo.x - 1, lo.y - 1), Pos::new(hi.x + 1, hi.y + 1));
        if let Some((c, r)) = opts.crop {
            let r = r.clamp(1, 30);
            lo = Pos::new(c.x - r, c.y - r);
            hi = Pos::new(c.x + r, c.y + r);
        }
        let phone = opts.phone && fin.is_none();
        if phone && opts.crop.is_none() {
            (lo, hi) = phone_window(game, &opts.recent);
        }
        let cols = (hi.x - lo.x + 1) as u32;
        let rows = (hi.y - lo.y + 1) as u32;
        let players = game.player_count() as u32;
        let (cell, left, top, width, height, board_w);
        if phone {
            cell = PHONE_CELL;
            let board = cols * cell + 2 * PHONE_MARGIN;
            width = board.max(PHONE_MIN_W);
            left = (width - cols * cell) / 2;
            top = PHONE_MARGIN;
            board_w = width;
            height = top + rows * cell + PHONE_MARGIN + phone_panel_height(players);
        } else {
            cell = [96u32, 88, 80, 72, 64, 56, 48, 40]
                .into_iter()
                .find(|&c| cols * c <= 1500 && rows * c <= 1500)
                .unwrap_or(32);
            left = LEFT;
            top = TOP;
            let panel_h = panel_height(players, fin.is_some());
            board_w = LEFT + cols * cell + PAD;
            let board_h = TOP + rows * cell + PAD;
            width = board_w + PANEL;
            height = board_h.max(panel_h);
        }
        let mut pm = Pixmap::new(width, height).expect("size");
        pm.fill(color(BG));

        let origin = |p: Pos| -> (f32, f32) {
            (
                (left as i32 + (p.x - lo.x) * cell as i32) as f32,
                (top as i32 + (p.y - lo.y) * cell as i32) as f32,
            )
        };
        // Grid and coordinate labels (on all four edges in the phone layout).
        let label_size = if phone {
            22.0
        } else if cell >= 64 {
            14.0
        } else {
            12.0
        };
        let bottom = top as f32 + (rows * cell) as f32;
        for x in lo.x..=hi.x {
            let (px, _) = origin(Pos::new(x, lo.y));
            let cx = px + cell as f32 / 2.0;
            let s = x.to_string();
            draw_text_centered(&mut pm, &s, cx, top as f32 / 2.0, label_size, LABEL);
            if phone {
                let cy = bottom + PHONE_MARGIN as f32 / 2.0;
                draw_text_centered(&mut pm, &s, cx, cy, label_size, LABEL);
            }
        }
        for y in lo.y..=hi.y {
            let (_, py) = origin(Pos::new(lo.x, y));
            let s = y.to_string();
            let w = text_width(&s, label_size);
            let ty = py + cell as f32 / 2.0 - label_size * 0.58;
            draw_text(&mut pm, &s, left as f32 - 8.0 - w, ty, label_size, LABEL);
            if phone {
                let rx = left as f32 + (cols * cell) as f32 + 8.0;
                draw_text(&mut pm, &s, rx, ty, label_size, LABEL);
            }
        }
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                let (px, py) = origin(Pos::new(x, y));
                rect_stroke(&mut pm, px + 0.5, py + 0.5, cell as f32 - 1.0, GRID, 1.0);
            }
        }
        // Where the drawn tile fits.
        if opts.mark_legal {
            if let Some(tile) = game.tile_to_place() {
                let mut cells: Vec<Pos> =
                    game.legal_placements(tile).iter().map(|p| p.at).collect();
                cells.dedup();
                for p in cells {
                    if p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
                        continue;
                    }
                    let (px, py) = origin(p);
                    fill_rect(&mut pm, px + 3.0, py + 3.0, cell as f32 - 6.0, LEGAL, 0.18);
                    rect_stroke(&mut pm, px + 3.0, py + 3.0, cell as f32 - 6.0, LEGAL, 2.0);
                    let label = format!("{},{}", p.x, p.y);
                    draw_text_centered(
                        &mut pm,
                        &label,
                        px + cell as f32 / 2.0,
                        py + cell as f32 / 2.0,
                        label_size,
                        LEGAL,
                    );
                }
            }
        }
        // Tiles.
        for t in game.tiles() {
            let p = t.pos;
            if p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
                continue;
            }
            let (px, py) = origin(p);
            let img = self.tile_copy(t.tile, t.garden, t.rotation, cell);
            blit(&mut pm, &img, px as i32, py as i32);
        }
        // The moves since the viewer's last turn, each in its player's colour with its number;
        // otherwise the last placed tile in yellow.
        let inside = |p: Pos| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
        if !opts.recent.is_empty() {
            let w = (cell as f32 * 0.06).max(3.0);
            for r in opts.recent.iter().filter(|r| inside(r.at)) {
                let (px, py) = origin(r.at);
                let col = PLAYER_COLOURS[r.seat % PLAYER_COLOURS.len()];
                let c = cell as f32;
                rect_stroke(
                    &mut pm,
                    px + w / 2.0,
                    py + w / 2.0,
                    c - w,
                    [0x10, 0x10, 0x10],
                    w + 2.0,
                );
                rect_stroke(&mut pm, px + w / 2.0, py + w / 2.0, c - w, col, w);
                badge(
                    &mut pm,
                    &r.order.to_string(),
                    px + c * 0.17,
                    py + c * 0.17,
                    c * 0.26,
                    col,
                );
            }
        } else if game.tiles().len() > 1 {
            if let Some(t) = game.tiles().last().filter(|t| inside(t.pos)) {
                let (px, py) = origin(t.pos);
                rect_stroke(
                    &mut pm,
                    px + 1.5,
                    py + 1.5,
                    cell as f32 - 3.0,
                    HIGHLIGHT,
                    3.0,
                );
            }
        }
        // Figures (tower guards are drawn with their towers).
        for m in game.meeples() {
            if m.spot == crate::engine::Spot::Tower {
                continue;
            }
            let t = game.tiles()[m.tile_index as usize];
            let p = t.pos;
            if p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
                continue;
            }
            let anchors = art::segment_anchors(t.tile.get());
            let a = if m.spot == crate::engine::Spot::Garden {
                art::garden_anchor(t.tile.get())
            } else {
                anchors
                    .get(m.segment as usize)
                    .copied()
                    .unwrap_or((0.5, 0.5))
            };
            // Builders and pigs stand beside the follower they work with.
            let a = match m.figure {
                Figure::Builder | Figure::Pig => ((a.0 + 0.16).min(0.86), (a.1 + 0.12).min(0.86)),
                _ => a,
            };
            let (ux, uy) = rotate_point(a, t.rotation.quarter_turns());
            let (px, py) = origin(p);
            let lying = m.spot != crate::engine::Spot::Garden
                && t.tile.get().segment_kind(m.segment as usize) == FeatureKind::Field;
            // Larger figures on phones, so the seat number on them stays readable.
            let size = if phone {
                cell as f32 * 1.3
            } else {
                cell as f32
            };
            figure(
                &mut pm,
                px + ux * cell as f32,
                py + uy * cell as f32,
                size,
                m.player as usize,
                m.figure,
                lying,
            );
        }
        // Towers: a stone tower in the tile's top-right corner with its height on it, and the
        // guard standing on top.
        for t in game.towers() {
            let p = t.at;
            if t.height == 0 || p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
                continue;
            }
            let (px, py) = origin(p);
            let c = cell as f32;
            let (cx, cy) = (px + 0.76 * c, py + 0.3 * c);
            tower(&mut pm, cx, cy, c * 0.36, t.height);
            if let Some(g) = t.guard {
                figure(
                    &mut pm,
                    cx,
                    cy - c * 0.24,
                    c * 0.8,
                    g.player as usize,
                    g.figure,
                    false,
                );
            }
        }
        // The dragon's journey so far, the dragon and the fairy.
        let centre = |p: Pos| {
            let (px, py) = origin(p);
            (px + cell as f32 / 2.0, py + cell as f32 / 2.0)
        };
        let journey = game.dragon_journey();
        if journey.len() > 1 {
            let mut pb = PathBuilder::new();
            for (k, p) in journey.iter().enumerate() {
                let (x, y) = centre(*p);
                if k == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            if let Some(path) = pb.finish() {
                let s = Stroke {
                    width: (cell as f32 * 0.08).max(3.0),
                    line_cap: tiny_skia::LineCap::Round,
                    dash: tiny_skia::StrokeDash::new(
                        vec![cell as f32 * 0.12, cell as f32 * 0.1],
                        0.0,
                    ),
                    ..Stroke::default()
                };
                pm.stroke_path(
                    &path,
                    &paint([0xd0, 0x20, 0x20], 0.85),
                    &s,
                    Transform::identity(),
                    None,
                );
            }
        }
        if let Some(p) = game.fairy().filter(|p| inside(*p)) {
            let (x, y) = origin(p);
            fairy(
                &mut pm,
                x + 0.2 * cell as f32,
                y + 0.78 * cell as f32,
                cell as f32 * 0.3,
            );
        }
        if let Some(p) = game.dragon().filter(|p| inside(*p)) {
            let (x, y) = centre(p);
            dragon(&mut pm, x, y, cell as f32 * 0.62);
        }
        if phone {
            let y0 = top as f32 + (rows * cell) as f32 + PHONE_MARGIN as f32;
            self.phone_panel(&mut pm, game, opts, y0);
        } else {
            self.panel(&mut pm, game, opts, fin, board_w as f32);
        }
        pm
    }

    /// The phone layout's panel, below the board: one line per seat in large type (its meeple
    /// with number and head shape, name, score, figures left), then the drawn tile.
    fn phone_panel(&self, pm: &mut Pixmap, game: &Game, opts: &BoardOptions, y0: f32) {
        let x0 = 20.0;
        let w = pm.width() as f32 - 2.0 * x0;
        let mut y = y0;
        let title = opts.title.clone().unwrap_or_else(|| "Carcassonne".into());
        draw_text(pm, &ellipsize(&title, w, 24.0), x0, y, 24.0, TEXT);
        y += 40.0;
        let current = (!game.is_over()).then(|| game.current_player());
        for (i, name) in game.setup().players.iter().enumerate() {
            if current == Some(i) {
                fill_rect_wh(
                    pm,
                    x0 - 8.0,
                    y - 6.0,
                    w + 16.0,
                    52.0,
                    [0x3a, 0x40, 0x4a],
                    1.0,
                );
            }
            meeple(pm, x0 + 20.0, y + 20.0, 44.0, i, false);
            let score = game.scores()[i].to_string();
            let sw = text_width(&score, 28.0);
            draw_text(pm, &score, x0 + w - sw, y + 2.0, 28.0, TEXT);
            let supply = game.supplies()[i];
            let mut sub = format!("{} left{}", supply.followers, in_hand(game, &supply));
            if game.has_set(TileSet::Tower) {
                sub.push_str(&format!(" · {}T", supply.towers));
            }
            if current == Some(i) {
                sub.push_str(" ◀");
            }
            let sub_w = text_width(&sub, 20.0);
            let name_room = (w - 56.0 - sw - sub_w - 36.0).max(60.0);
            draw_text(
                pm,
                &ellipsize(name, name_room, 24.0),
                x0 + 50.0,
                y + 4.0,
                24.0,
                TEXT,
            );
            draw_text(pm, &sub, x0 + w - sw - 18.0 - sub_w, y + 8.0, 20.0, LABEL);
            y += 54.0;
        }
        y += 6.0;
        let left = game.remaining_total();
        let tiles = if left == 1 { "tile" } else { "tiles" };
        let mut line = format!("{left} {tiles} left");
        if let Some(tile) = game.tile_to_place() {
            line = format!("drawn: {} · {line}", tile.name());
            let img = self.tile(tile, Rotation::default(), 96);
            blit(pm, &img, (x0 + w - 96.0) as i32, y as i32);
        }
        draw_text(pm, &line, x0, y + 34.0, 22.0, LABEL);
    }

    fn panel(
        &self,
        pm: &mut Pixmap,
        game: &Game,
        opts: &BoardOptions,
        fin: Option<&crate::engine::FinalScoring>,
        x0: f32,
    ) {
        let mut y = PAD as f32 + 4.0;
        let title = match (fin, &opts.title) {
            (Some(_), _) => "Final scores".to_string(),
            (None, Some(t)) => t.clone(),
            (None, None) => "Carcassonne".to_string(),
        };
        draw_text(pm, &ellipsize(&title, 260.0, 18.0), x0, y, 18.0, TEXT);
        y += 34.0;
        let names = &game.setup().players;
        let current = (!game.is_over() && fin.is_none()).then(|| game.current_player());
        for (i, name) in names.iter().enumerate() {
            let score = fin.map(|f| f.scores[i]).unwrap_or(game.scores()[i]);
            if current == Some(i) {
                fill_rect_wh(
                    pm,
                    x0 - 6.0,
                    y - 4.0,
                    PANEL as f32 - 12.0,
                    44.0,
                    [0x3a, 0x40, 0x4a],
                    1.0,
                );
            }
            meeple(pm, x0 + 14.0, y + 18.0, 30.0, i, false);
            let label = ellipsize(name, 170.0, 16.0);
            draw_text(pm, &label, x0 + 36.0, y + 1.0, 16.0, TEXT);
            let s = score.to_string();
            draw_text(pm, &s, x0 + 270.0 - text_width(&s, 18.0), y, 18.0, TEXT);
            let sub = if let Some(f) = fin {
                let b = f.breakdown[i];
                let winner = if f.winners.contains(&i) {
                    "  ★ winner"
                } else {
                    ""
                };
                format!(
                    "game {} · end {}{winner}",
                    game.scores()[i],
                    b.iter().sum::<u32>()
                )
            } else {
                let supply = game.supplies()[i];
                let sup = supply.followers;
                let turn = if current == Some(i) {
                    "  ◀ to play"
                } else {
                    ""
                };
                let extra = in_hand(game, &supply);
                let mut goods = String::new();
                if game.has_set(TileSet::Traders) {
                    let g = game.goods()[i];
                    goods = format!(
                        " · goods w{} g{} c{}",
                        g[Goods::Wine as usize],
                        g[Goods::Grain as usize],
                        g[Goods::Cloth as usize]
                    );
                }
                let mut tower = String::new();
                if game.has_set(TileSet::Tower) {
                    let held: u32 = game.prisoners()[i]
                        .iter()
                        .map(|h| (h[0] + h[1]) as u32)
                        .sum();
                    tower = format!(" · {} towers", supply.towers);
                    if held > 0 {
                        tower.push_str(&format!(" · holds {held}"));
                    }
                }
                format!(
                    "{sup} meeple{} left{extra}{goods}{tower}{turn}",
                    if sup == 1 { "" } else { "s" }
                )
            };
            draw_text(pm, &sub, x0 + 36.0, y + 21.0, 12.0, LABEL);
            y += 50.0;
        }
        y += 6.0;
        if let Some(f) = fin {
            // End-game points per reason (gardens and goods only when in play).
            let cols: Vec<Reason> = Reason::ALL
                .into_iter()
                .filter(|r| match r {
                    Reason::Garden => game.has_figure(Figure::Abbot),
                    Reason::Goods => game.has_set(TileSet::Traders),
                    Reason::Fairy => game.has_set(TileSet::Princess),
                    _ => true,
                })
                .collect();
            draw_text(pm, "end-game points", x0, y, 13.0, LABEL);
            y += 22.0;
            let step = 184.0 / cols.len() as f32;
            let colx = |k: usize| x0 + 86.0 + k as f32 * step;
            let (label_size, short) = if cols.len() > 4 {
                (10.0, true)
            } else {
                (11.0, false)
            };
            for (k, c) in cols.iter().enumerate() {
                let name = match (c, short) {
                    (Reason::Cloister, true) => "clois.",
                    (Reason::Garden, true) => "gard.",
                    _ => c.name(),
                };
                draw_text_centered(pm, name, colx(k), y, label_size, LABEL);
            }
            y += 14.0;
            for (i, name) in names.iter().enumerate() {
                meeple(pm, x0 + 8.0, y + 8.0, 16.0, i, false);
                draw_text(
                    pm,
                    &ellipsize(name, 60.0, 12.0),
                    x0 + 20.0,
                    y + 1.0,
                    12.0,
                    TEXT,
                );
                for (k, r) in cols.iter().enumerate() {
                    let v = f.breakdown[i][r.index()];
                    draw_text_centered(pm, &v.to_string(), colx(k), y + 8.0, 13.0, TEXT);
                }
                y += 22.0;
            }
        } else {
            let left = game.remaining_total();
            let tiles = if left == 1 { "tile" } else { "tiles" };
            draw_text(pm, &format!("{left} {tiles} left"), x0, y, 14.0, LABEL);
            y += 26.0;
            if let Some(tile) = game.tile_to_place() {
                draw_text(pm, &format!("drawn: {}", tile.name()), x0, y, 14.0, LABEL);
                y += 22.0;
                let img = self.tile(tile, Rotation::default(), 96);
                blit(pm, &img, x0 as i32, y as i32);
            }
        }
    }
}

/// The special figures a seat still holds, as " +L +B +P +A" (large follower, builder, pig,
/// abbot; only those in play).
fn in_hand(game: &Game, supply: &crate::engine::Supply) -> String {
    [
        (Figure::Large, "L"),
        (Figure::Builder, "B"),
        (Figure::Pig, "P"),
        (Figure::Abbot, "A"),
    ]
    .into_iter()
    .filter(|&(f, _)| game.has_figure(f) && supply.count(f) > 0)
    .map(|(_, letter)| format!(" +{letter}"))
    .collect()
}

fn phone_panel_height(players: u32) -> u32 {
    40 + players * 54 + 6 + 96 + 20
}

/// A round badge with a number, `d` pixels across, centred on (cx, cy), ringed in `ring`.
fn badge(pm: &mut Pixmap, text: &str, cx: f32, cy: f32, d: f32, ring: [u8; 3]) {
    let mut pb = PathBuilder::new();
    pb.push_circle(cx, cy, d / 2.0);
    if let Some(p) = pb.finish() {
        outlined(pm, &p, [0xff, 0xff, 0xff], [0x10, 0x10, 0x10], d * 0.2);
        let s = Stroke {
            width: d * 0.12,
            ..Stroke::default()
        };
        pm.stroke_path(&p, &paint(ring, 1.0), &s, Transform::identity(), None);
    }
    draw_text_centered(pm, text, cx, cy, d * 0.62, [0x10, 0x10, 0x10]);
}

fn panel_height(players: u32, fin: bool) -> u32 {
    let base = PAD + 40 + players * 50 + 10;
    if fin {
        base + 40 + players * 22 + PAD
    } else {
        base + 26 + 22 + 96 + PAD
    }
}

/// Draws `img` with its top-left corner at (x, y), unscaled.
fn blit(pm: &mut Pixmap, img: &Pixmap, x: i32, y: i32) {
    pm.draw_pixmap(
        x,
        y,
        img.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
}

/// Encodes a picture as PNG.
pub fn encode(pm: &Pixmap) -> Vec<u8> {
    pm.encode_png().expect("an in-memory PNG encodes")
}

fn color(c: [u8; 3]) -> Color {
    Color::from_rgba8(c[0], c[1], c[2], 255)
}

fn paint(c: [u8; 3], alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    let mut col = color(c);
    col.set_alpha(alpha);
    p.set_color(col);
    p.anti_alias = true;
    p
}

fn rect_stroke(pm: &mut Pixmap, x: f32, y: f32, size: f32, c: [u8; 3], w: f32) {
    if let Some(r) = Rect::from_xywh(x, y, size, size) {
        let path = PathBuilder::from_rect(r);
        let s = Stroke {
            width: w,
            ..Stroke::default()
        };
        pm.stroke_path(&path, &paint(c, 1.0), &s, Transform::identity(), None);
    }
}

fn fill_rect(pm: &mut Pixmap, x: f32, y: f32, size: f32, c: [u8; 3], alpha: f32) {
    fill_rect_wh(pm, x, y, size, size, c, alpha);
}

fn fill_rect_wh(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: [u8; 3], alpha: f32) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        pm.fill_rect(r, &paint(c, alpha), Transform::identity(), None);
    }
}

/// A rounded label with dark text on a light background, centred on (cx, cy).
fn pill(pm: &mut Pixmap, text: &str, cx: f32, cy: f32, size: f32) {
    let w = text_width(text, size) + 10.0;
    let h = size + 8.0;
    let (x, y) = (cx - w / 2.0, cy - h / 2.0);
    let mut pb = PathBuilder::new();
    let r = h / 2.0;
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    if let Some(p) = pb.finish() {
        pm.fill_path(
            &p,
            &paint([0xff, 0xff, 0xff], 0.9),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let s = Stroke {
            width: 1.2,
            ..Stroke::default()
        };
        pm.stroke_path(
            &p,
            &paint([0x30, 0x30, 0x30], 1.0),
            &s,
            Transform::identity(),
            None,
        );
    }
    draw_text_centered(pm, text, cx, cy, size, [0x1a, 0x1a, 0x1a]);
}

/// Shortens `s` with an ellipsis so that it fits `max` pixels at `size`.
fn ellipsize(s: &str, max: f32, size: f32) -> String {
    if text_width(s, size) <= max {
        return s.to_string();
    }
    // One pass: keep characters while the prefix and the ellipsis fit (linear in the length).
    let room = max - text_width("…", size);
    let mut out = String::new();
    for c in s.chars() {
        out.push(c);
        if text_width(&out, size) > room {
            out.pop();
            break;
        }
    }
    format!("{out}…")
}

/// Turns a unit point by `q` clockwise quarter turns about the tile's centre.
pub fn rotate_point(p: P, q: u8) -> P {
    let mut p = p;
    for _ in 0..q % 4 {
        p = (1.0 - p.1, p.0);
    }
    p
}

/// Rotates a square pixmap by `q` clockwise quarter turns (exact pixel moves).
fn rotate(src: &Pixmap, q: u8) -> Pixmap {
    let n = src.width() as usize;
    if q.is_multiple_of(4) {
        return src.clone();
    }
    let s = src.data();
    let mut d = vec![0u8; s.len()];
    for y in 0..n {
        for x in 0..n {
            let (dx, dy) = match q % 4 {
                1 => (n - 1 - y, x),
                2 => (n - 1 - x, n - 1 - y),
                _ => (y, n - 1 - x),
            };
            let si = (y * n + x) * 4;
            let di = (dy * n + dx) * 4;
            d[di..di + 4].copy_from_slice(&s[si..si + 4]);
        }
    }
    let size = IntSize::from_wh(n as u32, n as u32).expect("size");
    Pixmap::from_vec(d, size).expect("same size")
}

/// Draws a figure on a tile `cell` pixels wide: a meeple (larger for the large follower, with a
/// hood for the abbot), a builder (a tall house-shaped pawn) or a pig, in the seat's colour with
/// the seat number.
pub fn figure(pm: &mut Pixmap, cx: f32, cy: f32, cell: f32, seat: usize, fig: Figure, lying: bool) {
    let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let outline = if seat % 6 == 4 {
        [0xf0, 0xf0, 0xf0]
    } else {
        [0x15, 0x15, 0x15]
    };
    let stroke = |w: f32| Stroke {
        width: w,
        ..Stroke::default()
    };
    match fig {
        Figure::Follower => meeple(pm, cx, cy, cell * 0.36, seat, lying),
        Figure::Large => meeple(pm, cx, cy, cell * 0.48, seat, lying),
        Figure::Abbot => {
            let h = cell * 0.38;
            meeple(pm, cx, cy, h, seat, false);
            // A white hood around the head marks the abbot.
            let mut pb = PathBuilder::new();
            pb.push_circle(cx, cy - 0.3 * h, 0.24 * h);
            if let Some(path) = pb.finish() {
                pm.stroke_path(
                    &path,
                    &paint([0xff, 0xff, 0xff], 1.0),
                    &stroke(0.08 * h),
                    Transform::identity(),
                    None,
                );
            }
        }
        Figure::Builder => {
            let h = cell * 0.34;
            let pts = [
                (0.0, -0.55),
                (0.32, -0.22),
                (0.32, 0.45),
                (-0.32, 0.45),
                (-0.32, -0.22),
            ];
            let mut pb = PathBuilder::new();
            pb.move_to(cx + pts[0].0 * h, cy + pts[0].1 * h);
            for p in &pts[1..] {
                pb.line_to(cx + p.0 * h, cy + p.1 * h);
            }
            pb.close();
            if let Some(path) = pb.finish() {
                outlined(pm, &path, col, outline, 0.1 * h);
            }
            if h * 0.4 >= 7.0 {
                draw_text_centered(pm, "B", cx, cy + 0.05 * h, h * 0.4, contrast(col));
            }
        }
        Figure::Pig => {
            let w = cell * 0.3;
            let mut pb = PathBuilder::new();
            if let Some(r) = Rect::from_xywh(cx - w / 2.0, cy - w * 0.3, w, w * 0.6) {
                pb.push_oval(r);
            }
            // Snout and ears.
            pb.push_circle(cx + w * 0.5, cy, w * 0.14);
            pb.move_to(cx + w * 0.15, cy - w * 0.26);
            pb.line_to(cx + w * 0.3, cy - w * 0.46);
            pb.line_to(cx + w * 0.36, cy - w * 0.2);
            pb.close();
            if let Some(path) = pb.finish() {
                outlined(pm, &path, col, outline, w * 0.06);
            }
            if w * 0.4 >= 7.0 {
                draw_text_centered(pm, "P", cx - w * 0.05, cy, w * 0.4, contrast(col));
            }
        }
    }
}

/// The dragon, `w` pixels wide, centred on (cx, cy): a red winged silhouette with a dark outline
/// and a "D", so it reads on any tile at any scale.
pub fn dragon(pm: &mut Pixmap, cx: f32, cy: f32, w: f32) {
    let u = w / 2.0;
    let pts: [(f32, f32); 14] = [
        (-0.95, -0.1),
        (-0.55, -0.75),
        (-0.35, -0.2),
        (-0.1, -0.9),
        (0.15, -0.25),
        (0.55, -0.55),
        (0.95, -0.35),
        (0.6, -0.05),
        (0.75, 0.35),
        (0.35, 0.2),
        (0.1, 0.7),
        (-0.2, 0.25),
        (-0.6, 0.55),
        (-0.5, 0.1),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(cx + pts[0].0 * u, cy + pts[0].1 * u);
    for p in &pts[1..] {
        pb.line_to(cx + p.0 * u, cy + p.1 * u);
    }
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(
            pm,
            &path,
            [0xc6, 0x28, 0x28],
            [0x10, 0x10, 0x10],
            (w * 0.05).max(1.5),
        );
    }
    if w * 0.3 >= 8.0 {
        draw_text_centered(pm, "D", cx, cy - 0.05 * u, w * 0.3, [0xff, 0xf0, 0xc0]);
    }
}

/// The fairy, `w` pixels wide: a glowing violet star with an "F".
pub fn fairy(pm: &mut Pixmap, cx: f32, cy: f32, w: f32) {
    let r = w / 2.0;
    let mut pb = PathBuilder::new();
    for k in 0..10 {
        let a = std::f32::consts::PI * (k as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let rr = if k % 2 == 0 { r } else { r * 0.45 };
        let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
        if k == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    let mut glow = PathBuilder::new();
    glow.push_circle(cx, cy, r * 1.15);
    if let Some(g) = glow.finish() {
        pm.fill_path(
            &g,
            &paint([0xff, 0xf6, 0xa0], 0.55),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some(path) = pb.finish() {
        outlined(
            pm,
            &path,
            [0x9c, 0x4d, 0xe0],
            [0x20, 0x10, 0x30],
            (w * 0.05).max(1.0),
        );
    }
    if w * 0.35 >= 8.0 {
        draw_text_centered(pm, "F", cx, cy + 0.05 * r, w * 0.35, [0xff, 0xff, 0xff]);
    }
}

/// A tower `w` pixels wide centred on (cx, cy): grey stone with battlements and its height in
/// large type, so the height reads at a glance even when the board is scaled down.
pub fn tower(pm: &mut Pixmap, cx: f32, cy: f32, w: f32, height: u8) {
    let h = w * 1.15;
    let (x0, y0) = (cx - w / 2.0, cy - h / 2.0);
    let merlon = w / 5.0;
    let mut pb = PathBuilder::new();
    pb.move_to(x0, y0 + h);
    pb.line_to(x0, y0);
    // Battlements: three merlons with two gaps.
    for k in 0..5 {
        let x = x0 + merlon * k as f32;
        let top = if k % 2 == 0 { y0 } else { y0 + merlon * 0.8 };
        pb.line_to(x, top);
        pb.line_to(x + merlon, top);
    }
    pb.line_to(x0 + w, y0 + h);
    pb.close();
    if let Some(path) = pb.finish() {
        outlined(
            pm,
            &path,
            [0x8d, 0x8a, 0x84],
            [0x15, 0x15, 0x15],
            (w * 0.07).max(1.0),
        );
    }
    draw_text_centered(
        pm,
        &height.to_string(),
        cx,
        cy + h * 0.12,
        (w * 0.62).max(9.0),
        [0xff, 0xff, 0xff],
    );
}

/// Fills a path in `col` with an `outline` of `width` pixels.
fn outlined(pm: &mut Pixmap, path: &tiny_skia::Path, col: [u8; 3], outline: [u8; 3], width: f32) {
    let s = Stroke {
        width,
        ..Stroke::default()
    };
    let id = Transform::identity();
    pm.stroke_path(path, &paint(outline, 1.0), &s, id, None);
    pm.fill_path(path, &paint(col, 1.0), FillRule::Winding, id, None);
}

fn contrast(col: [u8; 3]) -> [u8; 3] {
    if col.iter().map(|&c| c as u32).sum::<u32>() > 480 {
        [0x10, 0x10, 0x10]
    } else {
        [0xff, 0xff, 0xff]
    }
}

/// Adds a seat's head shape ([`HEAD_SHAPES`]) of radius `r` at (x, y) to a path.
fn head(pb: &mut PathBuilder, seat: usize, x: f32, y: f32, r: f32) {
    let poly = |pb: &mut PathBuilder, n: usize, rot: f32, inner: Option<f32>| {
        let k = if inner.is_some() { 2 * n } else { n };
        for i in 0..k {
            let a = rot + std::f32::consts::TAU * i as f32 / k as f32;
            let rr = match inner {
                Some(f) if i % 2 == 1 => r * f,
                _ => r,
            };
            let (px, py) = (x + rr * a.sin(), y - rr * a.cos());
            if i == 0 {
                pb.move_to(px, py);
            } else {
                pb.line_to(px, py);
            }
        }
        pb.close();
    };
    match seat {
        1 => {
            if let Some(rc) = Rect::from_xywh(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7) {
                pb.push_rect(rc);
            }
        }
        2 => poly(pb, 3, 0.0, None),
        3 => poly(pb, 4, 0.0, None),
        4 => poly(pb, 6, 0.0, None),
        5 => poly(pb, 5, 0.0, Some(0.5)),
        _ => pb.push_circle(x, y, r * 0.9),
    }
}

/// Draws a meeple of height `h` centred on (cx, cy) in the seat's colour, with the seat number
/// on its body so colours need not be told apart; `lying` turns it on its side (a farmer).
pub fn meeple(pm: &mut Pixmap, cx: f32, cy: f32, h: f32, seat: usize, lying: bool) {
    let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
    let light = col.iter().map(|&c| c as u32).sum::<u32>() > 480;
    let outline = if seat % 6 == 4 {
        [0xf0, 0xf0, 0xf0]
    } else {
        [0x15, 0x15, 0x15]
    };
    // Unit meeple, height 1, centred.
    let body: [(f32, f32); 14] = [
        (-0.13, -0.2),
        (-0.42, -0.08),
        (-0.44, 0.06),
        (-0.17, 0.04),
        (-0.32, 0.46),
        (-0.06, 0.46),
        (0.0, 0.3),
        (0.06, 0.46),
        (0.32, 0.46),
        (0.17, 0.04),
        (0.44, 0.06),
        (0.42, -0.08),
        (0.13, -0.2),
        (0.0, -0.24),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(body[0].0, body[0].1);
    for p in &body[1..] {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    head(&mut pb, seat % 6, 0.0, -0.3, 0.19);
    let Some(path) = pb.finish() else { return };
    let mut ts = Transform::from_translate(cx, cy).pre_scale(h, h);
    if lying {
        ts = ts.pre_rotate(-90.0);
    }
    let s = Stroke {
        width: 0.09,
        ..Stroke::default()
    };
    pm.stroke_path(&path, &paint(outline, 1.0), &s, ts, None);
    pm.fill_path(&path, &paint(col, 1.0), FillRule::Winding, ts, None);
    let digit = (seat + 1).to_string();
    let size = h * 0.44;
    if size >= 7.0 {
        let text_col = if light {
            [0x10, 0x10, 0x10]
        } else {
            [0xff, 0xff, 0xff]
        };
        let (tx, ty) = if lying {
            (cx + h * 0.05, cy)
        } else {
            (cx, cy + h * 0.06)
        };
        draw_text_centered(pm, &digit, tx, ty, size, text_col);
    }
}
