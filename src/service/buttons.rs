//! Buttons every part of the service puts under its replies: one for a command on a game, and one
//! per figure action after a placement. Shared here so the parts that answer commands do not
//! import each other for them.

use super::api::{Button, ButtonAction, ButtonStyle, Command};
use super::stored::StoredGame;
use super::text::figure_choice_label;
use crate::engine::{Action, Figure};

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

/// A button per legal figure action after a placement (at most `most`, in the engine's order),
/// then "No follower" unless the princess must send a knight home; `command` makes each
/// button's command.
pub(super) fn figure_buttons(
    s: &StoredGame,
    acts: &[Action],
    most: usize,
    command: impl Fn(Action) -> Command,
) -> Vec<Button> {
    let mut buttons: Vec<_> = acts
        .iter()
        .filter(|a| **a != Action::Pass)
        .take(most)
        .map(|&a| {
            let style = match a {
                Action::Deploy {
                    figure: Figure::Follower,
                    ..
                } => ButtonStyle::Primary,
                Action::Recall => ButtonStyle::Danger,
                _ => ButtonStyle::Success,
            };
            button(s, command(a), &figure_choice_label(a), style)
        })
        .collect();
    if acts.contains(&Action::Pass) {
        buttons.push(button(
            s,
            command(Action::Pass),
            &crate::tr!(crate::i18n::private(), "button-no-follower"),
            ButtonStyle::Secondary,
        ));
    }
    buttons
}
