//! The button every part of the service puts under its replies: one for a command on a game.
//! Shared here, below the texts and the sets' modules, so the parts that answer commands do not
//! import each other for it.

use super::api::{Button, ButtonAction, ButtonStyle, Command};
use super::stored::StoredGame;

/// A button of this game.
pub(super) fn button(s: &StoredGame, command: Command, label: &str, style: ButtonStyle) -> Button {
    Button {
        action: ButtonAction {
            game: s.game_id(),
            command,
        },
        label: label.chars().take(80).collect(),
        style,
    }
}
