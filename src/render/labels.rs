//! The words on pictures. Every label is a message of the catalogs ([`crate::i18n`]) drawn at a
//! fixed size inside a box of fixed width; the boxes are listed here, in one place, so that a
//! test can check that every label fits its box in every language (with the longest numbers and
//! tile names it can show).
//!
//! Pictures are public: their words are in the language of public messages
//! ([`crate::i18n::public`]), set by whoever asks for the picture.

use super::canvas::Img;
use super::layout::{PANEL, PHONE_MIN_W, PLOT_WIDTH};
use super::text::{draw_text, draw_text_centered, ellipsize, text_width};
use crate::engine::Reason;
use crate::i18n::{self, Arg, Lang};

/// A label on a picture: the catalog message `key`, drawn `size` pixels high in a box `width`
/// pixels wide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// The catalog message.
    pub key: &'static str,
    /// Font size in pixels.
    pub size: f32,
    /// Width of the box it must fit.
    pub width: f32,
}

impl Label {
    /// The label's text in `lang`.
    pub fn text_in(&self, lang: Lang, args: &[(&str, Arg)]) -> String {
        i18n::text(lang, self.key, args)
    }

    /// Whether the label's text in `lang` fits its box.
    pub fn fits(&self, lang: Lang, args: &[(&str, Arg)]) -> bool {
        text_width(&self.text_in(lang, args), self.size) <= self.width
    }

    /// Draws the label (in the language of public messages) with its top-left corner at
    /// (`x`, `y`); a text longer than its box is cut with an ellipsis rather than overflow.
    pub fn draw(&self, img: &mut Img, args: &[(&str, Arg)], x: f32, y: f32, rgb: [u8; 3]) {
        let text = self.text_in(i18n::public(), args);
        draw_text(
            img,
            &ellipsize(&text, self.width, self.size),
            x,
            y,
            self.size,
            rgb,
        );
    }

    /// Draws the label centred on (`cx`, `cy`), cut like [`Label::draw`].
    pub fn draw_centered(
        &self,
        img: &mut Img,
        args: &[(&str, Arg)],
        cx: f32,
        cy: f32,
        rgb: [u8; 3],
    ) {
        let text = self.text_in(i18n::public(), args);
        let text = ellipsize(&text, self.width, self.size);
        draw_text_centered(img, &text, cx, cy, self.size, rgb);
    }
}

const fn label(key: &'static str, size: f32, width: f32) -> Label {
    Label { key, size, width }
}

/// Width of the phone panel's text column beside the drawn tile in the narrowest phone picture
/// (see `panel::phone_panel`).
const PHONE_LINE: f32 = PHONE_MIN_W as f32 - 40.0 - 96.0 - 12.0;
/// Width of the phone panel's title in the narrowest phone picture.
const PHONE_TITLE: f32 = PHONE_MIN_W as f32 - 40.0;
/// Size and width of the side panel's title.
pub(super) const SIDE_TITLE_SIZE: f32 = 16.0;
pub(super) const SIDE_TITLE: f32 = PANEL as f32 - 30.0;
/// Width of the side panel's text.
const SIDE: f32 = PANEL as f32 - 40.0;

/// Phone panel: the tiles left (no tile drawn).
pub const PHONE_LEFT: Label = label("tiles-left", 22.0, PHONE_LINE);
/// Phone panel: the drawn tile and the tiles left.
pub const PHONE_DRAWN_LEFT: Label = label("pic-drawn-left", 22.0, PHONE_LINE);
/// Side panel: the title of the final scores.
pub const SIDE_FINAL: Label = label("pic-final-scores", 18.0, SIDE);
/// Side panel: the tiles left.
pub const SIDE_LEFT: Label = label("tiles-left", 14.0, SIDE);
/// Side panel: the drawn tile.
pub const SIDE_DRAWN: Label = label("pic-drawn", 14.0, SIDE);
/// Side panel of the final picture: a seat's game and end-game points.
pub const SIDE_SUB: Label = label("pic-final-sub", 12.0, PANEL as f32 - 48.0);
/// Side panel of the final picture: the same for a winner.
pub const SIDE_SUB_WINNER: Label = label("pic-final-sub-winner", 12.0, PANEL as f32 - 48.0);
/// The final picture: the title of the end-game points table.
pub const END_POINTS: Label = label("pic-end-points", 13.0, SIDE);
/// The score graph's title.
pub const GRAPH_TITLE: Label = label("pic-graph-title", 22.0, PLOT_WIDTH);
/// The score graph's horizontal axis.
pub const GRAPH_AXIS: Label = label("pic-graph-axis", 16.0, PLOT_WIDTH);
/// The title of a replay picture (in the phone panel).
pub const REPLAY_TITLE: Label = label("pic-replay-title", 24.0, PHONE_TITLE);
/// The title of a board picture in the side panel (the turn and the tiles left).
pub const BOARD_TITLE_SIDE: Label = label("pic-board-title", SIDE_TITLE_SIZE, SIDE_TITLE);
/// The same title in the phone panel.
pub const BOARD_TITLE_PHONE: Label = label("pic-board-title", 24.0, PHONE_TITLE);
/// The title of the picture of a move before it is confirmed (phone panel).
pub const MOVE_PREVIEW_TITLE: Label = label("pic-move-preview", 24.0, PHONE_TITLE);
/// A timelapse frame's caption.
pub const TIMELAPSE_TILE: Label = label("pic-timelapse-tile", 18.0, 240.0);
/// The last timelapse frame's caption.
pub const TIMELAPSE_FINAL: Label = label("pic-timelapse-final", 18.0, 240.0);
/// The title above each rotation of the tile preview.
pub const PREVIEW_TITLE: Label = label("pic-preview-rotation", 17.0, 224.0);

/// Left edge of the end-game points table's first column, from the panel's left.
pub(super) const TABLE_LEFT: f32 = 86.0;
/// Width of the end-game points table's columns together.
pub(super) const TABLE_WIDTH: f32 = 184.0;

/// The header of the end-game points column for `reason` when the table has `cols` columns.
/// Headers alternate between two lines, so each may be nearly two columns wide.
pub fn column(reason: Reason, cols: usize) -> Label {
    let step = TABLE_WIDTH / cols.max(1) as f32;
    let size = if cols > 4 { 10.0 } else { 11.0 };
    label(column_key(reason), size, 2.0 * step - 6.0)
}

/// The catalog key of a reason's column, `pic-col-<reason>` (built once for every reason, so a
/// set's scoring needs its catalog entry only).
fn column_key(reason: Reason) -> &'static str {
    static KEYS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        Reason::ALL
            .iter()
            .map(|r| format!("pic-col-{}", r.name()))
            .collect()
    });
    &keys[reason.index()]
}

/// Every label with the longest values it is drawn with (numbers up to three digits, the
/// longest tile name), for the test that each fits in every language; the table's column
/// headers with the most columns a game can have.
pub fn every_label() -> Vec<(Label, Vec<(&'static str, Arg)>)> {
    let n = |v: u32| Arg::Num(v as f64);
    let tile = || Arg::Text(longest_tile_name());
    let mut out = vec![
        (PHONE_LEFT, vec![("n", n(188))]),
        (PHONE_DRAWN_LEFT, vec![("tile", tile()), ("n", n(188))]),
        (SIDE_FINAL, vec![]),
        (SIDE_LEFT, vec![("n", n(188))]),
        (SIDE_DRAWN, vec![("tile", tile())]),
        (SIDE_SUB, vec![("game", n(288)), ("end", n(188))]),
        (SIDE_SUB_WINNER, vec![("game", n(288)), ("end", n(188))]),
        (END_POINTS, vec![]),
        (GRAPH_TITLE, vec![]),
        (GRAPH_AXIS, vec![]),
        (REPLAY_TITLE, vec![("turn", n(188)), ("total", n(188))]),
        (BOARD_TITLE_SIDE, vec![("turn", n(188)), ("n", n(188))]),
        (BOARD_TITLE_PHONE, vec![("turn", n(188)), ("n", n(188))]),
        (MOVE_PREVIEW_TITLE, vec![]),
        (TIMELAPSE_TILE, vec![("n", n(188)), ("total", n(188))]),
        (TIMELAPSE_FINAL, vec![]),
        (PREVIEW_TITLE, vec![("tile", tile()), ("degrees", n(270))]),
    ];
    let at_end: Vec<Reason> = Reason::ALL.into_iter().filter(|r| r.at_end()).collect();
    for cols in [4, at_end.len()] {
        for &r in at_end.iter().take(cols) {
            out.push((column(r, cols), vec![]));
        }
    }
    out
}

/// The tile name that is widest on a picture.
fn longest_tile_name() -> String {
    crate::engine::catalog()
        .tiles
        .iter()
        .map(|t| t.id.to_string())
        .max_by(|a, b| text_width(a, 20.0).total_cmp(&text_width(b, 20.0)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_fits_its_box_in_every_language() {
        let mut problems = Vec::new();
        for lang in Lang::ALL {
            for (label, args) in every_label() {
                if !label.fits(lang, &args) {
                    let text = label.text_in(lang, &args);
                    problems.push(format!(
                        "{lang} {}: {text:?} is {:.0} px at {} px, the box {:.0} px",
                        label.key,
                        text_width(&text, label.size),
                        label.size,
                        label.width
                    ));
                }
                assert!(
                    i18n::has(lang, label.key),
                    "{lang} has no message {}",
                    label.key
                );
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_letters_on_figures_are_one_letter_in_every_language() {
        for lang in Lang::ALL {
            for key in [
                "pic-letter-builder",
                "pic-letter-pig",
                "pic-letter-dragon",
                "pic-letter-fairy",
            ] {
                let text = i18n::text(lang, key, &[]);
                assert!(i18n::has(lang, key), "{lang} has no {key}");
                assert_eq!(text.chars().count(), 1, "{lang} {key}: {text:?}");
                assert!(
                    text.chars().all(char::is_alphabetic),
                    "{lang} {key}: {text:?}"
                );
            }
        }
    }

    #[test]
    fn a_label_too_long_for_its_box_is_found() {
        // The check itself can fail: a narrow box does not hold the German table title.
        let narrow = Label {
            width: 40.0,
            ..END_POINTS
        };
        assert!(!narrow.fits(Lang::De, &[]));
        assert!(END_POINTS.fits(Lang::De, &[]));
    }
}
