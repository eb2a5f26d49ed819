//! The sizes the pictures share: the full board's panel and padding, the phone picture's least
//! width and the score graph's plot. A leaf module, so that the drawing modules and the label
//! widths read them without importing each other.

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
