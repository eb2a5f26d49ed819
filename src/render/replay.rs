//! A frame of a replay: the board after one turn of a finished game, in the phone layout around
//! that turn's tile (outlined in its player's colour with the turn number), with the scores as
//! they stood then.

use super::board::Recent;
use super::canvas::Img;
use super::tiles::Renderer;
use crate::engine::Game;

impl Renderer {
    /// The picture of turn `turn` of `total`: `game` is the position after that turn.
    pub fn replay_frame(&self, game: &Game, turn: usize, total: usize) -> Img {
        let recent: Vec<Recent> = game
            .turns()
            .next_back()
            .and_then(|t| t.placed().map(|(at, _)| (at, t.seat())))
            .map(|(at, seat)| Recent {
                at,
                seat,
                order: turn,
            })
            .into_iter()
            .collect();
        let title = super::labels::REPLAY_TITLE.text_in(
            crate::i18n::public(),
            &[("turn", turn.into()), ("total", total.into())],
        );
        self.turn_picture(game, &recent, Some(&title))
    }
}
