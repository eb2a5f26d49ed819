//! Lobby commands: open, join, leave, add a computer player, start, rematch.

use crate::ai::Level;
use crate::bot::{run_command, run_command_in, Context, Error};
use crate::engine::FarmRule;
use crate::service::{Command, NewGame};
use poise::serenity_prelude as serenity;

/// Farm scoring, as offered in `/carcassonne new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Farms {
    /// 3 per completed city, per farm (current editions).
    #[name = "per-farm (3 per city, each farm)"]
    PerFarm,
    /// 4 per completed city to the majority over all its farms.
    #[name = "per-city (4 per city, majority over all farms)"]
    PerCity,
    /// No farmers.
    #[name = "none (no farmers)"]
    None,
}

impl From<Farms> for FarmRule {
    fn from(f: Farms) -> FarmRule {
        match f {
            Farms::PerFarm => FarmRule::PerFarm,
            Farms::PerCity => FarmRule::PerCity,
            Farms::None => FarmRule::None,
        }
    }
}

/// Strength of the computer players, as offered in `/carcassonne new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ComputerLevel {
    /// Takes the most points this turn.
    #[name = "easy (most points this turn)"]
    Easy,
    /// A short look ahead.
    #[name = "medium (a short look ahead)"]
    Medium,
    /// A longer look ahead.
    #[name = "hard (a longer look ahead)"]
    Hard,
}

impl From<ComputerLevel> for Level {
    fn from(l: ComputerLevel) -> Level {
        match l {
            ComputerLevel::Easy => Level::Easy,
            ComputerLevel::Medium => Level::Medium,
            ComputerLevel::Hard => Level::Hard,
        }
    }
}

/// Open a new game in this channel (others then press Join).
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
#[poise::command(slash_command)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Most players (2-6, default 6)"]
    #[min = 2]
    #[max = 6]
    players: Option<u8>,
    #[description = "Expansions besides the base game, comma-separated: river, inns, traders, abbot, tower, princess"]
    expansions: Option<String>,
    #[description = "How farms score at the end"] farms: Option<Farms>,
    #[description = "A completed two-tile city scores 2 instead of 4"] small_city: Option<bool>,
    #[description = "Hours between reminders to the player whose turn it is (0 = none)"]
    #[min = 0]
    #[max = 336]
    reminder_hours: Option<u32>,
    #[description = "Computer players to seat right away"]
    #[min = 0]
    #[max = 5]
    computers: Option<u8>,
    #[description = "How strong computer players are (default: hard)"] computer_level: Option<
        ComputerLevel,
    >,
    #[description = "Open a thread for the game instead of playing in this channel"] thread: Option<
        bool,
    >,
) -> Result<(), Error> {
    let opts = NewGame {
        sets: expansions.map(|e| {
            e.split(',')
                .map(|s| s.trim().to_lowercase())
                .filter(|s| !s.is_empty())
                .collect()
        }),
        farms: farms.map(FarmRule::from),
        small_city,
        reminder_hours,
        level: computer_level.map(Level::from),
        max_players: players,
        computers: computers.unwrap_or(0),
        spectate: false,
        origin: None,
    };
    let here = crate::bot::key_of(&ctx);
    let check = crate::bot::request(ctx, here, Command::New(opts.clone()));
    let service = ctx.data().service.clone();
    let threads = match tokio::task::spawn_blocking(move || service.open_check(&check)).await? {
        Ok(threads) => threads,
        Err(refusal) => {
            ctx.send(
                poise::CreateReply::default()
                    .content(refusal)
                    .ephemeral(true),
            )
            .await?;
            return Ok(());
        }
    };
    // The server's choice of threads does not apply inside a thread (Discord has no threads
    // in threads).
    let in_thread = match ctx {
        poise::Context::Application(a) => a.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        }),
        poise::Context::Prefix(_) => false,
    };
    if thread.unwrap_or(threads && !in_thread) {
        let opts = NewGame {
            origin: Some(ctx.channel_id().get()),
            ..opts
        };
        let lang = crate::bot::discord_langs(ctx).public;
        let name = crate::tr!(lang, "bot-thread-name", name = ctx.author().display_name());
        let channel = ctx
            .channel_id()
            .create_thread(
                ctx,
                serenity::CreateThread::new(name).kind(serenity::ChannelType::PublicThread),
            )
            .await?;
        let key = crate::bot::Key::new(
            ctx.guild_id().map(|g| g.get()).unwrap_or(0),
            channel.id.get(),
        );
        let reply = crate::bot::call(ctx, key, Command::New(opts)).await?;
        if reply.ephemeral {
            ctx.send(
                poise::CreateReply::default()
                    .content(reply.text)
                    .ephemeral(true),
            )
            .await?;
            return Ok(());
        }
        channel
            .id
            .send_message(ctx, crate::bot::to_message(&reply))
            .await?;
        let link = format!("<#{}>", channel.id);
        ctx.say(crate::tr!(lang, "bot-game-open-in", channel = link))
            .await?;
        return Ok(());
    }
    run_command_in(ctx, here, Command::New(opts)).await
}

/// Take a seat in this channel's lobby.
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Join).await
}

/// Leave this channel's lobby.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Leave).await
}

/// Start the game (the lobby's creator, 2-6 players).
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Start).await
}

/// After a game: a new one with the same seats in a new order.
#[poise::command(slash_command)]
pub async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Rematch).await
}
