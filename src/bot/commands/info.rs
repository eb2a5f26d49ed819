//! Commands that show the game: board, status, tiles, rules, export, history, replay,
//! standings, help.

use crate::bot::{run_command, Context, Error};
use crate::service::{Command, ReplayOf};

/// Show the board (zoom in with x and y).
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Zoom: column to centre on"] x: Option<i32>,
    #[description = "Zoom: row to centre on"] y: Option<i32>,
) -> Result<(), Error> {
    let around = match (x, y) {
        (Some(x), Some(y)) => Some((x, y)),
        (Some(x), None) => Some((x, 0)),
        (None, Some(y)) => Some((0, y)),
        (None, None) => None,
    };
    run_command(ctx, Command::Board { around }).await
}

/// Whose turn it is, scores, followers and tiles left.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Status).await
}

/// Your games on this server, with links and whose turn it is.
#[poise::command(slash_command, guild_only)]
pub async fn mygames(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::MyGames).await
}

/// This game's rules and a short summary of Carcassonne.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Rules).await
}

/// The game record as a JSON file (for replays and bug reports).
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Export).await
}

/// Games finished in this channel.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::History).await
}

/// Step through a finished game of this channel, turn by turn (only you see it).
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Which game: its number in /carcassonne history (default: the last one)"]
    #[min = 1]
    game: Option<u32>,
) -> Result<(), Error> {
    let of = match game {
        Some(n) => ReplayOf::Number(n as usize),
        None => ReplayOf::Latest,
    };
    run_command(
        ctx,
        Command::Replay {
            of,
            from: 1,
            step: 0,
        },
    )
    .await
}

/// This server's standings: games, wins, average score and rating.
#[poise::command(slash_command)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "A season's final table (seasons: /tournament seasons)"]
    #[min = 1]
    season: Option<u32>,
) -> Result<(), Error> {
    let command = match season {
        Some(number) => Command::Season { number },
        None => Command::Standings,
    };
    run_command(ctx, command).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Help).await
}
