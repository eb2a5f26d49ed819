//! `/tournament`: a server's tournaments (a command of its own: `/carcassonne` has no room).

use super::lobby::{ComputerLevel, Farms, MoveClock};
use crate::bot::{run_command, Context, Error};
use crate::service::api::SeasonChange;
use crate::service::season::SeasonRule;
use crate::service::tournament::Format;
use crate::service::tournaments::{TournamentCommand, TournamentSpec};
use crate::service::{Command, NewGame};
use poise::serenity_prelude as serenity;

/// When a server's seasons of standings end, as offered in `/tournament seasons`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SeasonEnds {
    /// No seasons: one table for all time.
    #[name = "none"]
    Off,
    /// Each calendar month (UTC).
    #[name = "monthly"]
    Monthly,
    /// Each calendar quarter (UTC).
    #[name = "quarterly"]
    Quarterly,
    /// When an admin ends one.
    #[name = "by hand"]
    ByHand,
}

/// What a new season's ratings start from.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SeasonElo {
    /// From the last season's final ratings.
    #[name = "carried over"]
    Carry,
    /// From 1500.
    #[name = "reset"]
    Reset,
}

/// How a tournament's rounds are paired, as offered in `/tournament create`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Pairing {
    /// Swiss: players with equal points meet, no rematch while another pairing exists.
    #[name = "swiss"]
    Swiss,
    /// Everyone meets everyone once.
    #[name = "round robin"]
    RoundRobin,
    /// Single elimination.
    #[name = "elimination"]
    Elimination,
}

/// Tournaments in this channel: sign-ups, rounds in threads, standings.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create", "signup", "withdraw", "begin", "overview", "drop", "replace", "pause", "resume",
        "cancel", "seasons"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Runs a tournament command for the invoking member.
async fn run(ctx: Context<'_>, c: TournamentCommand) -> Result<(), Error> {
    run_command(ctx, Command::Tournament(Box::new(c))).await
}

/// Moderators: open a tournament here; its games are played in threads of this channel.
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[description = "Its name"]
    #[max_length = 60]
    name: String,
    #[description = "How rounds are paired"] format: Pairing,
    #[description = "Swiss: rounds to play (default 3)"]
    #[min = 1]
    #[max = 15]
    rounds: Option<u32>,
    #[description = "Most players at a table (Swiss, round robin: 2-4; default 2)"]
    #[min = 2]
    #[max = 4]
    players: Option<u8>,
    #[description = "Expansions, comma-separated, as in new"] expansions: Option<String>,
    #[description = "How farms score"] farms: Option<Farms>,
    #[description = "Time per move (default: the server's)"] move_clock: Option<MoveClock>,
    #[description = "Hours a game may last (0 = no limit)"]
    #[min = 0]
    #[max = 1440]
    game_hours: Option<u32>,
    #[description = "Hours until sign-ups close and it starts (none: start by hand)"]
    #[min = 1]
    #[max = 672]
    signup_hours: Option<u32>,
    #[description = "Computer seats to add at the start"]
    #[min = 0]
    #[max = 16]
    computers: Option<u8>,
    #[description = "How strong the computer seats are"] computer_level: Option<ComputerLevel>,
) -> Result<(), Error> {
    // Its tables are threads of its channel, and Discord has no threads in threads.
    if crate::bot::typed_in_thread(ctx) {
        let langs = crate::bot::discord_langs(ctx);
        let text = crate::tr!(langs.private, "tournament-in-thread");
        ctx.send(crate::bot::deliver::to_reply(
            &crate::service::Reply::refuse(text),
        ))
        .await?;
        return Ok(());
    }
    let format = match format {
        Pairing::Swiss => Format::Swiss {
            rounds: rounds.unwrap_or(3),
        },
        Pairing::RoundRobin => Format::RoundRobin,
        Pairing::Elimination => Format::Elimination,
    };
    let spec = TournamentSpec {
        name,
        format,
        table_size: players.unwrap_or(2),
        game: NewGame {
            sets: expansions.map(|e| {
                e.split(',')
                    .map(|s| s.trim().to_lowercase())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
            farms: farms.map(Into::into),
            clock_hours: move_clock.map(MoveClock::hours),
            level: computer_level.map(Into::into),
            spectate: true,
            ..NewGame::default()
        },
        signup_hours,
        game_hours: game_hours.unwrap_or(0),
        computers: computers.unwrap_or(0),
    };
    run(ctx, TournamentCommand::Create(Box::new(spec))).await
}

/// Sign up for this channel's tournament.
#[poise::command(slash_command, guild_only)]
pub async fn signup(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::SignUp { id: None }).await
}

/// Withdraw your sign-up.
#[poise::command(slash_command, guild_only)]
pub async fn withdraw(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Withdraw { id: None }).await
}

/// Close sign-ups and pair the first round (creator or moderator).
#[poise::command(slash_command, guild_only)]
pub async fn begin(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Start).await
}

/// Standings, the round, games in progress and the log.
#[poise::command(slash_command, guild_only)]
pub async fn overview(
    ctx: Context<'_>,
    #[description = "A tournament's number (default: this channel's)"]
    #[min = 1]
    number: Option<u64>,
) -> Result<(), Error> {
    run(ctx, TournamentCommand::Show { id: number }).await
}

/// Moderators: drop a player (their games are forfeited).
#[poise::command(slash_command, guild_only)]
pub async fn drop(
    ctx: Context<'_>,
    #[description = "The player"] player: serenity::User,
) -> Result<(), Error> {
    run(
        ctx,
        TournamentCommand::Drop {
            user: player.id.get(),
        },
    )
    .await
}

/// Moderators: give a player's place (results and seat) to another member.
#[poise::command(slash_command, guild_only)]
pub async fn replace(
    ctx: Context<'_>,
    #[description = "The player who leaves"] player: serenity::User,
    #[description = "The member who takes over"] by: serenity::User,
) -> Result<(), Error> {
    let name = by.display_name().to_string();
    run(
        ctx,
        TournamentCommand::Replace {
            user: player.id.get(),
            by: by.id.get(),
            name,
        },
    )
    .await
}

/// Moderators: pause (games go on, no new round starts).
#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Pause).await
}

/// Moderators: resume a paused tournament.
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Resume).await
}

/// Moderators: cancel this channel's tournament.
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Cancel).await
}

/// Server admins: seasons of the standings (shown to anyone).
#[poise::command(slash_command, guild_only)]
pub async fn seasons(
    ctx: Context<'_>,
    #[description = "When a season ends"] ends: Option<SeasonEnds>,
    #[description = "A new season's ratings"] elo: Option<SeasonElo>,
    #[description = "End the season now; its table is kept"] end_now: Option<bool>,
) -> Result<(), Error> {
    let change = SeasonChange {
        rule: ends.map(|e| match e {
            SeasonEnds::Off => SeasonRule::Off,
            SeasonEnds::Monthly => SeasonRule::Monthly,
            SeasonEnds::Quarterly => SeasonRule::Quarterly,
            SeasonEnds::ByHand => SeasonRule::ByHand,
        }),
        carry: elo.map(|e| matches!(e, SeasonElo::Carry)),
        end_now: end_now.unwrap_or(false),
    };
    run(ctx, TournamentCommand::Seasons(change)).await
}
