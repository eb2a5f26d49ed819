//! The turn picture made for phones: a window of at most [`PHONE_COLS`] × [`PHONE_ROWS`] cells
//! of [`PHONE_CELL`] pixels around the moves since the viewer's last turn, coordinates on all
//! four edges, an arrow at the window's edge for every such move outside it, and the panel below.
//! Its size never depends on how far apart the moves lie, so it always fits a phone screen.

use super::board::{legal_cells, AreaStyle, Labels, Layout, Recent};
use super::canvas::{fill_rect, new_canvas, Img, INK, TEXT};
use super::layout::PHONE_MIN_W;
use super::sprites::{arrow, SpriteKey};
use super::text::{draw_text_centered, text_width};
use super::tiles::Renderer;
use crate::engine::{Game, Pos};

/// Most columns of the phone layout.
pub const PHONE_COLS: i32 = 8;
/// Most rows of the phone layout.
pub const PHONE_ROWS: i32 = 7;
/// Cell size of the phone layout.
pub const PHONE_CELL: u32 = 96;
/// Margin of the phone layout on each side of the board (coordinate labels).
pub const PHONE_MARGIN: u32 = 40;

/// The tiles placed since `viewer`'s last turn, oldest first, numbered from 1 (all of them, up
/// to twelve, if the viewer has not played yet).
pub fn recent_moves(game: &Game, viewer: usize) -> Vec<Recent> {
    let mut out = Vec::new();
    for t in game.turns().rev() {
        if t.seat() == viewer {
            break;
        }
        if let Some((at, _)) = t.placed() {
            out.push((at, t.seat()));
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
/// in [`PHONE_COLS`] × [`PHONE_ROWS`], otherwise the window of that size holding the most of
/// what matters: the last move above all, then as many other recent moves as fit, then the
/// cells where the drawn tile fits; among equals, the one centred on them. Returns the top-left
/// and bottom-right cells.
pub fn phone_window(game: &Game, recent: &[Recent]) -> (Pos, Pos) {
    window_of(game, recent, &legal_cells(game))
}

/// [`phone_window`] with the cells where the drawn tile fits ([`legal_cells`]) given.
fn window_of(game: &Game, recent: &[Recent], cells: &[Pos]) -> (Pos, Pos) {
    let (lo, hi) = super::board::padded_bounds(game);
    let cols = (hi.x - lo.x + 1).min(PHONE_COLS);
    let rows = (hi.y - lo.y + 1).min(PHONE_ROWS);
    let mut points: Vec<(Pos, i64)> = Vec::new();
    let last = recent.iter().map(|r| r.order).max();
    for r in recent {
        let weight = if Some(r.order) == last {
            1_000_000
        } else {
            1000
        };
        points.push((r.at, weight));
    }
    if recent.is_empty() {
        if let Some(t) = game.tiles().last() {
            points.push((t.pos, 1_000_000));
        }
    }
    points.extend(cells.iter().map(|&p| (p, 1)));
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

/// What a turn picture shows, derived once per reply and shared by its text, its alt text, the
/// picture and its buttons: the moves since the viewer's last turn, the cells where the drawn
/// tile fits, the window of the board shown, and the moves outside it with their arrows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// The moves since the viewer's last turn ([`recent_moves`]).
    pub recent: Vec<Recent>,
    /// The cells where the drawn tile fits ([`legal_cells`]).
    pub cells: Vec<Pos>,
    /// The window shown: its top-left and bottom-right cells ([`phone_window`]).
    pub window: (Pos, Pos),
    /// The recent moves outside the window ([`off_window`]).
    pub outside: Vec<Pointer>,
}

impl Sight {
    /// What `viewer`'s turn picture shows.
    pub fn of(game: &Game, viewer: usize) -> Sight {
        Sight::with_recent(game, recent_moves(game, viewer))
    }

    /// What a turn picture outlining `recent` shows.
    pub fn with_recent(game: &Game, recent: Vec<Recent>) -> Sight {
        let cells = legal_cells(game);
        let window = window_of(game, &recent, &cells);
        let outside = pointers(window.0, window.1, &recent);
        Sight {
            recent,
            cells,
            window,
            outside,
        }
    }
}

/// A recent move outside the turn picture's window, and where the arrow pointing at it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pointer {
    /// The move.
    pub recent: Recent,
    /// The cell at the window's edge holding the arrow.
    pub cell: Pos,
    /// The arrow's direction: each of `dx`, `dy` is -1, 0 or 1 (x grows east, y south).
    pub dx: i32,
    /// See `dx`.
    pub dy: i32,
}

impl Pointer {
    /// The compass direction of the arrow: "north", "south-east", ...
    pub fn direction(&self) -> &'static str {
        match (self.dx, self.dy) {
            (0, -1) => "north",
            (1, -1) => "north-east",
            (1, 0) => "east",
            (1, 1) => "south-east",
            (0, 1) => "south",
            (-1, 1) => "south-west",
            (-1, 0) => "west",
            _ => "north-west",
        }
    }
}

/// The recent moves that fall outside the turn picture's window, each with the arrow that points
/// at it from the window's edge.
pub fn off_window(game: &Game, recent: &[Recent]) -> Vec<Pointer> {
    let (lo, hi) = phone_window(game, recent);
    pointers(lo, hi, recent)
}

fn pointers(lo: Pos, hi: Pos, recent: &[Recent]) -> Vec<Pointer> {
    let inside = |p: Pos| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
    let mut out: Vec<Pointer> = Vec::new();
    for r in recent.iter().filter(|r| !inside(r.at)) {
        let edge = Pos::new(r.at.x.clamp(lo.x, hi.x), r.at.y.clamp(lo.y, hi.y));
        let (dx, dy) = ((r.at.x - edge.x).signum(), (r.at.y - edge.y).signum());
        // One pointer per cell: a later one slides along its edge to the nearest free cell.
        let free = |p: &Pos| inside(*p) && out.iter().all(|q| q.cell != *p);
        let slide = |d: i32| {
            if dx != 0 {
                [Pos::new(edge.x, edge.y + d), Pos::new(edge.x, edge.y - d)]
            } else {
                [Pos::new(edge.x + d, edge.y), Pos::new(edge.x - d, edge.y)]
            }
        };
        let cell = (0..PHONE_COLS.max(PHONE_ROWS))
            .flat_map(slide)
            .find(free)
            .unwrap_or(edge);
        out.push(Pointer {
            recent: *r,
            cell,
            dx,
            dy,
        });
    }
    out
}

impl Renderer {
    /// The turn picture made for phones (see the module docs): `recent` are the moves since the
    /// viewer's last turn, `title` the panel's first line.
    pub fn turn_picture(&self, game: &Game, recent: &[Recent], title: Option<&str>) -> Img {
        self.turn_picture_of(game, &Sight::with_recent(game, recent.to_vec()), title)
    }

    /// The turn picture of what `sight` shows (derived once for the reply).
    pub fn turn_picture_of(&self, game: &Game, sight: &Sight, title: Option<&str>) -> Img {
        let (lo, hi) = sight.window;
        let cells = Some(&sight.cells[..]);
        let mut img = self.phone_layout(game, sight.window, &sight.recent, cells, title);
        let layout = phone_area(lo, hi, img.width());
        self.draw_pointers(&mut img, &layout, &sight.outside);
        img
    }

    /// The phone layout of the cells `lo`..=`hi`: board, labels on four edges, panel below
    /// (the turn picture's window, or a zoomed view); `legal`: the cells where the drawn tile
    /// fits, when known.
    pub(super) fn phone_layout(
        &self,
        game: &Game,
        (lo, hi): (Pos, Pos),
        recent: &[Recent],
        legal: Option<&[Pos]>,
        title: Option<&str>,
    ) -> Img {
        let cols = (hi.x - lo.x + 1) as u32;
        let rows = (hi.y - lo.y + 1) as u32;
        let width = (cols * PHONE_CELL + 2 * PHONE_MARGIN).max(PHONE_MIN_W);
        let board_h = PHONE_MARGIN + rows * PHONE_CELL + PHONE_MARGIN;
        let panel_h = super::panel::phone_panel_height(self, game, width);
        let mut img = new_canvas(width, board_h + panel_h);
        let layout = phone_area(lo, hi, width);
        self.draw_area(
            &mut img,
            game,
            &layout,
            &AreaStyle {
                mark_legal: true,
                legal,
                recent,
                labels: Labels::AllFour,
                figure_scale: 1.3,
                highlight_last: true,
            },
        );
        self.phone_panel(&mut img, game, title, board_h as f32);
        img
    }

    /// Arrows at the window's edge pointing at moves outside it, each with its number and the
    /// move's coordinates.
    fn draw_pointers(&self, img: &mut Img, l: &Layout, pointers: &[Pointer]) {
        let c = l.cell as f32;
        for p in pointers {
            let (cx, cy) = l.centre(p.cell);
            let (dx, dy) = (p.dx as f32, p.dy as f32);
            // The arrow in the half of the cell towards the move, the badge and the move's
            // coordinates in the other half.
            let a = arrow(p.dx, p.dy, c * 0.42, p.recent.seat);
            let (ax, ay) = (cx + dx * c * 0.25, cy + dy * c * 0.25);
            image::imageops::overlay(
                img,
                &a,
                (ax - a.width() as f32 / 2.0).round() as i64,
                (ay - a.height() as f32 / 2.0).round() as i64,
            );
            let ((bx, by), (tx, ty)) = if p.dy == 0 {
                let x = cx - dx * c * 0.2;
                ((x, cy - c * 0.18), (x, cy + c * 0.2))
            } else {
                let y = cy - dy * c * 0.2;
                ((cx - c * 0.24, y), (cx + c * 0.17, y))
            };
            let d = (c * 0.26).round() as u32;
            self.put_sprite(
                img,
                SpriteKey::Badge(p.recent.order, d, p.recent.seat),
                bx,
                by,
            );
            let label = format!("{},{}", p.recent.at.x, p.recent.at.y);
            let size = 17.0;
            let (w, h) = (text_width(&label, size).ceil() as u32 + 8, size as u32 + 6);
            let (lx, ly) = (
                (tx - w as f32 / 2.0).round() as i32,
                (ty - h as f32 / 2.0).round() as i32,
            );
            fill_rect(img, lx, ly, w, h, INK, 0.85);
            let stripe = super::board::seat_colour(p.recent.seat);
            fill_rect(img, lx, ly + h as i32 - 3, w, 3, stripe, 1.0);
            draw_text_centered(img, &label, tx, ty - 1.0, size, TEXT);
        }
    }
}

/// Where the board area of the phone layout lies on a picture `width` pixels wide.
fn phone_area(lo: Pos, hi: Pos, width: u32) -> Layout {
    let cols = (hi.x - lo.x + 1) as u32;
    Layout {
        lo,
        hi,
        cell: PHONE_CELL,
        left: ((width - cols * PHONE_CELL) / 2) as i32,
        top: PHONE_MARGIN as i32,
    }
}
