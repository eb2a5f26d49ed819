//! The slash commands: one parent, `/carcassonne`, with a subcommand per service command.
//! The `///` comment of each command is its help text in Discord.

mod info;
mod lobby;
mod play;

use super::{Context, Error};

/// Play Carcassonne in this channel, turn by turn.
#[poise::command(
    slash_command,
    subcommands(
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::computer",
        "lobby::start",
        "play::place",
        "play::ransom",
        "play::dragon",
        "info::board",
        "info::status",
        "info::tiles",
        "info::rules",
        "play::undo",
        "play::resign",
        "play::comeback",
        "play::notify",
        "lobby::rematch",
        "info::standings",
        "play::abort",
        "info::export",
        "info::history",
        "info::replay",
        "info::help"
    ),
    subcommand_required
)]
pub async fn carcassonne(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}
