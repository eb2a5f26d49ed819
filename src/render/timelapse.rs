//! The timelapse of a whole game: an animated GIF, made with `image`'s GIF encoder, with one
//! frame per placed tile and a last frame with the final scores. Every frame shows the whole
//! final board's extent (the camera never moves), the newest tile outlined, and a header with
//! the turn and the scores.

use super::board::{padded_bounds, AreaStyle, Labels, Layout};
use super::canvas::{new_canvas, Img, LABEL, TEXT};
use super::sprites::SpriteKey;
use super::text::{draw_text, text_width};
use super::tiles::Renderer;
use crate::engine::{replay_watching, FinalScoring, Game, Record, ReplayError};
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame};

/// Height of the header strip above the board.
const HEADER: u32 = 34;
/// Longest side of a frame's board area, in pixels.
const BOARD_MAX: u32 = 540;
/// How long each placed tile is shown.
pub const FRAME_MS: u32 = 140;
/// How long the final frame is shown.
pub const FINAL_MS: u32 = 4000;

/// Why a timelapse could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TimelapseError {
    /// The record does not replay.
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The GIF encoder failed.
    #[error("the GIF could not be encoded: {0}")]
    Encode(#[from] image::ImageError),
}

/// The frame layout of a game: the final board's cells, scaled to fit [`BOARD_MAX`].
fn frame_layout(final_game: &Game) -> Layout {
    let (lo, hi) = padded_bounds(final_game);
    let cols = (hi.x - lo.x + 1) as u32;
    let rows = (hi.y - lo.y + 1) as u32;
    let cell = (BOARD_MAX / cols.max(rows)).clamp(12, 48);
    Layout {
        lo,
        hi,
        cell,
        left: 4,
        top: (HEADER + 4) as i32,
    }
}

impl Renderer {
    /// One timelapse frame: the game as it is, drawn in `layout`, with `caption` and the scores
    /// (`scores`) in the header.
    fn timelapse_frame(&self, game: &Game, layout: &Layout, caption: &str, scores: &[u32]) -> Img {
        let (right, bottom) = layout.far_corner();
        let mut img = new_canvas(right as u32 + 4, bottom as u32 + 4);
        let style = AreaStyle {
            mark_legal: false,
            legal: None,
            recent: &[],
            labels: Labels::Off,
            figure_scale: 1.0,
            highlight_last: true,
        };
        self.draw_area(&mut img, game, layout, &style);
        draw_text(&mut img, caption, 8.0, 8.0, 18.0, TEXT);
        let mut x = 16.0 + text_width(caption, 18.0);
        for (seat, score) in scores.iter().enumerate() {
            if x + 60.0 > img.width() as f32 {
                break;
            }
            self.put_sprite(&mut img, SpriteKey::Meeple { seat, h: 24 }, x + 10.0, 17.0);
            let s = score.to_string();
            draw_text(&mut img, &s, x + 24.0, 8.0, 18.0, LABEL);
            x += 34.0 + text_width(&s, 18.0);
        }
        img
    }

    /// The timelapse of a game as GIF bytes: one frame per placed tile, then the final scores.
    pub fn timelapse(&self, record: &Record) -> Result<Vec<u8>, TimelapseError> {
        let game = crate::engine::replay(record)?;
        self.timelapse_of(record, &game, &game.final_scoring(), |_| {})
    }

    /// [`Renderer::timelapse`] of a record whose final position `final_game` and final scoring
    /// `fin` the caller has: the record is replayed once, for the frames, and `watch` sees the
    /// game before the first turn and after each one (as [`replay_watching`] shows it), so
    /// that the caller can read what else it needs off the same replay.
    pub fn timelapse_of(
        &self,
        record: &Record,
        final_game: &Game,
        fin: &FinalScoring,
        mut watch: impl FnMut(&Game),
    ) -> Result<Vec<u8>, TimelapseError> {
        let layout = frame_layout(final_game);
        let placed = final_game.tiles().len();
        let lang = crate::i18n::public();
        let mut out = Vec::new();
        {
            let mut enc = GifEncoder::new_with_speed(&mut out, 30);
            enc.set_repeat(Repeat::Infinite)?;
            let mut failed: Option<image::ImageError> = None;
            let mut shown = 0usize;
            replay_watching(record, |g| {
                watch(g);
                let n = g.tiles().len();
                if n == shown || failed.is_some() {
                    return;
                }
                shown = n;
                let caption = super::labels::TIMELAPSE_TILE
                    .text_in(lang, &[("n", n.into()), ("total", placed.into())]);
                let img = self.timelapse_frame(g, &layout, &caption, g.scores());
                let delay = Delay::from_numer_denom_ms(FRAME_MS, 1);
                if let Err(e) = enc.encode_frame(Frame::from_parts(img, 0, 0, delay)) {
                    failed = Some(e);
                }
            })?;
            if let Some(e) = failed {
                return Err(e.into());
            }
            let caption = super::labels::TIMELAPSE_FINAL.text_in(lang, &[]);
            let img = self.timelapse_frame(final_game, &layout, &caption, &fin.scores);
            let delay = Delay::from_numer_denom_ms(FINAL_MS, 1);
            enc.encode_frame(Frame::from_parts(img, 0, 0, delay))?;
        }
        Ok(out)
    }
}
