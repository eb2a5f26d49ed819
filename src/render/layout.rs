//! The sizes the pictures share: the full board's panel and padding, the phone picture's least
//! width, the score graph's plot, and where a board area's cells lie (`Layout`). A leaf
//! module, so that the drawing modules and the label widths read them without importing each
//! other.

use super::art;
use crate::engine::{Game, Meeple, Pos};

/// Width of the full board's side panel.
pub(super) const PANEL: u32 = 300;
/// Padding right of and below the full board.
pub(super) const PAD: u32 = 12;
/// Least width of the phone picture (room for the panel).
pub const PHONE_MIN_W: u32 = 640;
/// Width of the score graph.
pub(super) const GRAPH_W: u32 = 1000;
/// Margin left of the score graph's plot.
pub(super) const GRAPH_L: f32 = 64.0;
/// Margin right of the plot (it holds the names).
pub(super) const GRAPH_R: f32 = 250.0;
/// Width of the plot (and of the title and axis labels).
pub(super) const PLOT_WIDTH: f32 = GRAPH_W as f32 - GRAPH_L - GRAPH_R;

/// Where the cells of a board area lie on a picture.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// Top-left cell shown.
    pub lo: Pos,
    /// Bottom-right cell shown.
    pub hi: Pos,
    /// Cell size in pixels.
    pub cell: u32,
    /// Picture x of the left edge of column `lo.x`.
    pub left: i32,
    /// Picture y of the top edge of row `lo.y`.
    pub top: i32,
}

impl Layout {
    /// Columns shown.
    pub fn cols(&self) -> u32 {
        (self.hi.x - self.lo.x + 1) as u32
    }

    /// Rows shown.
    pub fn rows(&self) -> u32 {
        (self.hi.y - self.lo.y + 1) as u32
    }

    /// The top-left pixel of a cell.
    pub fn origin(&self, p: Pos) -> (i32, i32) {
        (
            self.left + (p.x - self.lo.x) * self.cell as i32,
            self.top + (p.y - self.lo.y) * self.cell as i32,
        )
    }

    /// The centre of a cell.
    pub fn centre(&self, p: Pos) -> (f32, f32) {
        let (x, y) = self.origin(p);
        let h = self.cell as f32 / 2.0;
        (x as f32 + h, y as f32 + h)
    }

    /// Whether a cell is shown.
    pub fn inside(&self, p: Pos) -> bool {
        p.x >= self.lo.x && p.x <= self.hi.x && p.y >= self.lo.y && p.y <= self.hi.y
    }

    /// Picture x of the right edge and y of the bottom edge of the area.
    pub fn far_corner(&self) -> (i32, i32) {
        (
            self.left + (self.cols() * self.cell) as i32,
            self.top + (self.rows() * self.cell) as i32,
        )
    }
}

/// Where a figure put at place `spot` of `tile` turned by `rotation` stands within its cell, as
/// the pictures draw it (0 to 1 across and down): the web board puts the targets of a
/// placement's figure choices there.
pub fn spot_point(
    tile: crate::engine::TileId,
    rotation: crate::engine::Rotation,
    figure: crate::engine::Figure,
    spot: crate::engine::Spot,
) -> (f32, f32) {
    let seg = Game::spot_segment(tile, rotation, spot).map_or(u8::MAX, |s| s as u8);
    let a = art::figure_anchor(tile.get(), seg, spot);
    let a = if figure.stands_alone() {
        a
    } else {
        ((a.0 + 0.16).min(0.86), (a.1 + 0.12).min(0.86))
    };
    art::rotate_point(a, rotation.quarter_turns())
}

/// Where the figure `m` stands on the board's picture in the area `l` (`None`: outside it).
pub(super) fn figure_point(game: &Game, m: &Meeple, l: &Layout) -> Option<(f32, f32)> {
    let c = l.cell as f32;
    let t = game.tiles()[m.tile_index as usize];
    if !l.inside(t.pos) {
        return None;
    }
    let tt = t.tile.get();
    let a = art::figure_anchor(tt, m.segment, m.spot);
    // A figure that works with a follower stands beside it.
    let a = if m.figure.stands_alone() {
        a
    } else {
        ((a.0 + 0.16).min(0.86), (a.1 + 0.12).min(0.86))
    };
    let (ux, uy) = art::rotate_point(a, t.rotation.quarter_turns());
    let (px, py) = l.origin(t.pos);
    Some((px as f32 + ux * c, py as f32 + uy * c))
}
