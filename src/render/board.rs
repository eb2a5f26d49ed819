//! The board area every board picture shares (grid, coordinates, the cells where the drawn tile
//! fits, tiles, outlined moves, figures, towers, the dragon and the fairy), and the full board
//! picture with its side panel.

use super::canvas::{
    fill_rect, new_canvas, paste, rect_stroke, Img, GRID, HIGHLIGHT, INK, LABEL, LEGAL,
};
use super::layout::{PAD, PANEL};
use super::sprites::{SpriteKey, PLAYER_COLOURS};
use super::text::{draw_text, draw_text_centered, text_width};
use super::tiles::Renderer;
use crate::engine::{Action, FeatureKind, Game, Pos};

/// Label margin above the full board.
pub(super) const TOP: u32 = 30;
/// Label margin left of the full board.
pub(super) const LEFT: u32 = 44;

/// What a board picture shows besides the board itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// The phone layout (see [`Renderer::turn_picture`]): a window of at most
    /// [`super::PHONE_COLS`] × [`super::PHONE_ROWS`] cells, large tiles, coordinates on all four
    /// edges and the panel below the board, so it fits a phone screen.
    pub phone: bool,
}

/// The cells where the drawn tile fits, west to east and north to south within a column
/// (empty when no tile waits to be placed).
pub fn legal_cells(game: &Game) -> Vec<Pos> {
    let mut cells: Vec<Pos> = match game.tile_to_place() {
        Some(tile) => game.legal_placements(tile).iter().map(|p| p.at).collect(),
        // A set's own decision that points at cells (the holes an abbey may fill, the tiles a
        // wagon may go to): those.
        None => game
            .legal_actions()
            .into_iter()
            .filter_map(Action::cell)
            .collect(),
    };
    cells.sort_by_key(|p| (p.x, p.y));
    cells.dedup();
    cells
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

pub(super) use super::layout::Layout;

/// Which edges carry coordinate labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Labels {
    /// None (timelapse frames).
    Off,
    /// Above and left of the board.
    TopLeft,
    /// On all four edges, in large type (the phone layout).
    AllFour,
}

/// How a board area is drawn.
#[derive(Clone, Copy, Debug)]
pub(super) struct AreaStyle<'a> {
    /// Mark the cells where the drawn tile fits.
    pub mark_legal: bool,
    /// Those cells, when the caller has them ([`legal_cells`]); otherwise they are listed here.
    pub legal: Option<&'a [Pos]>,
    /// Moves outlined in their colours with numbers; empty outlines the last tile in yellow.
    pub recent: &'a [Recent],
    /// Coordinate labels.
    pub labels: Labels,
    /// Figures are drawn this many times larger than on the full board (phones: 1.3).
    pub figure_scale: f32,
    /// Outline the last tile in yellow when no recent moves are given.
    pub highlight_last: bool,
}

impl Renderer {
    /// The board picture of a game: the full board with its side panel, a zoomed part of it
    /// (`crop`), or with `phone` the turn picture made for phones.
    pub fn board(&self, game: &Game, opts: &BoardOptions) -> Img {
        let title = opts.title.as_deref();
        let cropped = opts.crop.map(|(c, r)| {
            let r = r.clamp(1, 30);
            (Pos::new(c.x - r, c.y - r), Pos::new(c.x + r, c.y + r))
        });
        if opts.phone {
            return match cropped {
                None => self.turn_picture(game, &opts.recent, title),
                // A zoomed view in the phone layout.
                Some(window) => self.phone_layout(game, window, &opts.recent, None, title),
            };
        }
        let cells = cropped.unwrap_or_else(|| padded_bounds(game));
        let style = AreaStyle {
            mark_legal: opts.mark_legal,
            legal: None,
            recent: &opts.recent,
            labels: Labels::TopLeft,
            figure_scale: 1.0,
            highlight_last: true,
        };
        self.with_side_panel(game, cells, &style, title, None)
    }

    /// The cells `lo`..=`hi` at the largest cell size that keeps them within 1500 px, labels
    /// above and left, and the side panel (the final scores with `fin`).
    pub(super) fn with_side_panel(
        &self,
        game: &Game,
        (lo, hi): (Pos, Pos),
        style: &AreaStyle,
        title: Option<&str>,
        fin: Option<&crate::engine::FinalScoring>,
    ) -> Img {
        let cols = (hi.x - lo.x + 1) as u32;
        let rows = (hi.y - lo.y + 1) as u32;
        let cell = full_board_cell(cols, rows);
        let board_w = LEFT + cols * cell + PAD;
        let board_h = TOP + rows * cell + PAD;
        let panel_h = super::panel::side_panel_height(self, game, fin.is_some());
        let mut img = new_canvas(board_w + PANEL, board_h.max(panel_h));
        let layout = Layout {
            lo,
            hi,
            cell,
            left: LEFT as i32,
            top: TOP as i32,
        };
        self.draw_area(&mut img, game, &layout, style);
        self.side_panel(&mut img, game, title, fin, board_w as f32);
        img
    }

    /// The board picture as PNG bytes.
    pub fn board_png(&self, game: &Game, opts: &BoardOptions) -> Vec<u8> {
        super::encode(&self.board(game, opts))
    }

    /// Draws the board area of `game` in `layout`: everything on and around the cells.
    pub(super) fn draw_area(&self, img: &mut Img, game: &Game, l: &Layout, style: &AreaStyle) {
        let cell = l.cell;
        let c = cell as f32;
        self.draw_labels(img, l, style.labels);
        for y in l.lo.y..=l.hi.y {
            for x in l.lo.x..=l.hi.x {
                let (px, py) = l.origin(Pos::new(x, y));
                rect_stroke(img, px, py, cell, GRID, 1);
            }
        }
        // Where the drawn tile fits (or what a set's own decision points at).
        let listed;
        let marked: &[Pos] = match (style.mark_legal, style.legal) {
            (false, _) => &[],
            (true, Some(cells)) => cells,
            (true, None) => {
                listed = legal_cells(game);
                &listed
            }
        };
        let size = label_size(style.labels, cell);
        for &p in marked
            .iter()
            .filter(|p| l.inside(**p) && game.tile_at(**p).is_none())
        {
            let (px, py) = l.origin(p);
            fill_rect(img, px + 3, py + 3, cell - 6, cell - 6, LEGAL, 0.18);
            rect_stroke(img, px + 2, py + 2, cell - 4, LEGAL, 2);
            let (cx, cy) = l.centre(p);
            draw_text_centered(img, &format!("{},{}", p.x, p.y), cx, cy, size, LEGAL);
        }
        // Tiles.
        for t in game.tiles().iter().filter(|t| l.inside(t.pos)) {
            let (px, py) = l.origin(t.pos);
            let art = self.tile_copy(t.tile, t.garden, t.rotation, cell);
            paste(img, &art.img, px as i64, py as i64, art.opaque);
        }
        // Marked cells that hold a tile (where a wagon may go): outlined over the tile.
        for &p in marked.iter().filter(|p| l.inside(**p)) {
            if game.tile_at(p).is_some() {
                let (px, py) = l.origin(p);
                rect_stroke(img, px + 2, py + 2, cell - 4, LEGAL, 3);
            }
        }
        // The moves since the viewer's last turn, each in its player's colour with its number;
        // otherwise the last placed tile in yellow.
        if !style.recent.is_empty() {
            let w = ((c * 0.06).round() as u32).max(3);
            for r in style.recent.iter().filter(|r| l.inside(r.at)) {
                let (px, py) = l.origin(r.at);
                rect_stroke(img, px - 1, py - 1, cell + 2, INK, w + 2);
                rect_stroke(img, px, py, cell, seat_colour(r.seat), w);
                let d = (c * 0.26).round() as u32;
                let key = SpriteKey::Badge(r.order, d, r.seat);
                self.put_sprite(img, key, px as f32 + c * 0.17, py as f32 + c * 0.17);
            }
        } else if style.highlight_last && game.tiles().len() > 1 {
            if let Some(t) = game.tiles().last().filter(|t| l.inside(t.pos)) {
                let (px, py) = l.origin(t.pos);
                rect_stroke(img, px, py, cell, HIGHLIGHT, 3);
            }
        }
        self.draw_figures(img, game, l, style.figure_scale);
        super::sets::marks(self, img, game, l);
    }

    /// Coordinates on the chosen edges.
    fn draw_labels(&self, img: &mut Img, l: &Layout, labels: Labels) {
        if labels == Labels::Off {
            return;
        }
        let all = labels == Labels::AllFour;
        let size = label_size(labels, l.cell);
        let (right, bottom) = l.far_corner();
        let margin = if all {
            super::PHONE_MARGIN as f32
        } else {
            TOP as f32
        };
        for x in l.lo.x..=l.hi.x {
            let (cx, _) = l.centre(Pos::new(x, l.lo.y));
            let s = x.to_string();
            draw_text_centered(img, &s, cx, l.top as f32 - margin / 2.0, size, LABEL);
            if all {
                draw_text_centered(img, &s, cx, bottom as f32 + margin / 2.0, size, LABEL);
            }
        }
        for y in l.lo.y..=l.hi.y {
            let (_, cy) = l.centre(Pos::new(l.lo.x, y));
            let s = y.to_string();
            let w = text_width(&s, size);
            let ty = cy - size * 0.58;
            draw_text(img, &s, l.left as f32 - 8.0 - w, ty, size, LABEL);
            if all {
                draw_text(img, &s, right as f32 + 8.0, ty, size, LABEL);
            }
        }
    }

    /// The figures where they stand on their tiles (a figure on a tower is the tower's, drawn
    /// with the set's marks).
    pub(super) fn draw_figures(&self, img: &mut Img, game: &Game, l: &Layout, scale: f32) {
        let c = l.cell as f32;
        for m in game.meeples() {
            if super::sets::draws_itself(m.spot) {
                continue;
            }
            let Some((x, y)) = super::layout::figure_point(game, m, l) else {
                continue;
            };
            let lying = m.spot.kind() == FeatureKind::Field;
            let key = SpriteKey::Figure {
                seat: m.player as usize,
                figure: m.figure,
                cell: (c * scale).round() as u32,
                lying,
            };
            self.put_sprite(img, key, x, y);
        }
    }
}

/// The placed tiles' bounds with one ring of empty cells around them.
pub(super) fn padded_bounds(game: &Game) -> (Pos, Pos) {
    let (lo, hi) = game.bounds();
    (Pos::new(lo.x - 1, lo.y - 1), Pos::new(hi.x + 1, hi.y + 1))
}

/// The full board's cell size: the largest that keeps the board within 1500 px.
pub(super) fn full_board_cell(cols: u32, rows: u32) -> u32 {
    [96u32, 88, 80, 72, 64, 56, 48, 40]
        .into_iter()
        .find(|&c| cols * c <= 1500 && rows * c <= 1500)
        .unwrap_or(32)
}

/// Coordinate label size for a layout.
fn label_size(labels: Labels, cell: u32) -> f32 {
    if labels == Labels::AllFour {
        22.0
    } else if cell >= 64 {
        14.0
    } else {
        12.0
    }
}

/// A seat's colour.
pub(super) fn seat_colour(seat: usize) -> [u8; 3] {
    PLAYER_COLOURS[seat % PLAYER_COLOURS.len()]
}
