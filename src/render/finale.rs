//! The end-of-game picture: the whole board and, beside it, the final scores with the end-game
//! points of each seat by reason.

use super::board::{padded_bounds, AreaStyle, Labels};
use super::canvas::{Img, LABEL, TEXT};
use super::sprites::SpriteKey;
use super::text::{draw_text, draw_text_centered, ellipsize};
use super::tiles::Renderer;
use crate::engine::{FinalScoring, Game, Reason};

impl Renderer {
    /// The end-of-game picture: the board and the final breakdown per player.
    pub fn final_picture(&self, game: &Game) -> Img {
        self.final_picture_scored(game, &game.final_scoring())
    }

    /// [`Renderer::final_picture`] with the final scoring computed already (`fin`: the game's).
    pub fn final_picture_scored(&self, game: &Game, fin: &FinalScoring) -> Img {
        let style = AreaStyle {
            mark_legal: false,
            legal: None,
            recent: &[],
            labels: Labels::TopLeft,
            figure_scale: 1.0,
            highlight_last: true,
        };
        self.with_side_panel(game, padded_bounds(game), &style, None, Some(fin))
    }

    /// The end-of-game picture as PNG bytes.
    pub fn final_png(&self, game: &Game) -> Vec<u8> {
        super::encode(&self.final_picture(game))
    }

    /// [`Renderer::final_png`] with the final scoring computed already (`fin`: the game's).
    pub fn final_png_scored(&self, game: &Game, fin: &FinalScoring) -> Vec<u8> {
        super::encode(&self.final_picture_scored(game, fin))
    }

    /// End-game points per reason and seat (gardens, goods and the fairy only when in play),
    /// from (`x0`, `y`).
    pub(super) fn breakdown_table(
        &self,
        img: &mut Img,
        game: &Game,
        f: &FinalScoring,
        x0: f32,
        y: f32,
    ) {
        let mut y = y;
        let cols: Vec<Reason> = Reason::ALL
            .into_iter()
            .filter(|&r| game.scores_for(r))
            .collect();
        super::labels::END_POINTS.draw(img, &[], x0, y, LABEL);
        y += 22.0;
        let step = super::labels::TABLE_WIDTH / cols.len() as f32;
        let colx = |k: usize| x0 + super::labels::TABLE_LEFT + (k as f32 + 0.5) * step;
        // Headers alternate between two lines so that each may be nearly two columns wide.
        for (k, c) in cols.iter().enumerate() {
            let label = super::labels::column(*c, cols.len());
            let cy = y + (k % 2) as f32 * 12.0;
            label.draw_centered(img, &[], colx(k), cy, LABEL);
        }
        y += 26.0;
        for (i, name) in game.setup().players.iter().enumerate() {
            self.put_sprite(img, SpriteKey::Meeple { seat: i, h: 16 }, x0 + 8.0, y + 8.0);
            draw_text(
                img,
                &ellipsize(name, 60.0, 12.0),
                x0 + 20.0,
                y + 1.0,
                12.0,
                TEXT,
            );
            for (k, r) in cols.iter().enumerate() {
                let v = f.breakdown[i][r.index()];
                draw_text_centered(img, &v.to_string(), colx(k), y + 8.0, 13.0, TEXT);
            }
            y += 22.0;
        }
    }
}
