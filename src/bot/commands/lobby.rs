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

/// A game's time per move, as offered in `/carcassonne new` and the server's settings.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum MoveClock {
    /// No move clock.
    #[name = "off"]
    Off,
    /// An hour.
    #[name = "1 hour"]
    H1,
    /// Four hours.
    #[name = "4 hours"]
    H4,
    /// Twelve hours.
    #[name = "12 hours"]
    H12,
    /// A day.
    #[name = "1 day"]
    D1,
    /// Two days.
    #[name = "2 days"]
    D2,
    /// Three days.
    #[name = "3 days"]
    D3,
    /// A week.
    #[name = "7 days"]
    D7,
}

impl MoveClock {
    /// Hours per move (0: off).
    pub fn hours(self) -> u32 {
        match self {
            MoveClock::Off => 0,
            MoveClock::H1 => 1,
            MoveClock::H4 => 4,
            MoveClock::H12 => 12,
            MoveClock::D1 => 24,
            MoveClock::D2 => 48,
            MoveClock::D3 => 72,
            MoveClock::D7 => 168,
        }
    }
}

/// What a game does while a player is away, as offered in `/carcassonne new` and the settings.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WhileAway {
    /// The game waits for them.
    #[name = "wait for them"]
    Wait,
    /// The computer plays their turns until they are back.
    #[name = "the computer plays for them"]
    Computer,
}

impl From<WhileAway> for crate::service::stored::WhileAway {
    fn from(w: WhileAway) -> Self {
        match w {
            WhileAway::Wait => crate::service::stored::WhileAway::Wait,
            WhileAway::Computer => crate::service::stored::WhileAway::Computer,
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
    #[description = "Expansions, comma-separated: river, inns, traders, abbot, tower, princess, mayor, hills, bridges"]
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
    #[description = "Time per move: when it runs out the computer plays that move (default: off)"]
    move_clock: Option<MoveClock>,
    #[description = "The clock stops in a player's quiet hours and while away (default: yes)"]
    clock_pauses: Option<bool>,
    #[description = "While a player is away: wait for them, or the computer plays for them"]
    while_away: Option<WhileAway>,
    #[description = "Players may ask the computer for a move on their turn (default: no)"]
    hints: Option<bool>,
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
        clock_hours: move_clock.map(MoveClock::hours),
        clock_pauses,
        while_away: while_away.map(Into::into),
        hints,
        level: computer_level.map(Level::from),
        max_players: players,
        computers: computers.unwrap_or(0),
        spectate: false,
        origin: None,
    };
    let here = crate::bot::key_of(&ctx);
    let check = crate::bot::request(ctx, here, Command::New(opts.clone()));
    let service = ctx.data().service.clone();
    // Everything `new` checks (options, channel, role, the limits on open lobbies) before a
    // thread is made for it.
    let threads = match tokio::task::spawn_blocking(move || service.open_check(&check)).await? {
        Ok(threads) => threads,
        Err(refusal) => return refuse(ctx, refusal).await,
    };
    // Discord has no threads in threads: inside one, the game is played there.
    let in_thread = crate::bot::typed_in_thread(ctx);
    let langs = crate::bot::discord_langs(ctx);
    let want_thread = match (thread, threads) {
        _ if in_thread => false,
        // The server opens every game in a thread of its own.
        (Some(false), true) => {
            return refuse(ctx, crate::tr!(langs.private, "bot-thread-required")).await;
        }
        (Some(t), _) => t,
        (None, t) => t,
    };
    if want_thread {
        // The bot makes the thread with its own permissions, so it checks the member's: only who
        // could open a public thread here (and write in it) has one opened for them.
        let may = match ctx {
            poise::Context::Application(a) => {
                a.interaction.member.as_ref().and_then(|m| m.permissions)
            }
            poise::Context::Prefix(_) => None,
        }
        .is_some_and(|p| p.create_public_threads() && p.send_messages_in_threads());
        if !may {
            return refuse(ctx, crate::tr!(langs.private, "bot-thread-not-allowed")).await;
        }
        let opts = NewGame {
            origin: Some(ctx.channel_id().get()),
            ..opts
        };
        let name = crate::tr!(
            langs.public,
            "bot-thread-name",
            name = crate::service::text::clean_name(ctx.author().display_name())
        );
        let name: String = name.chars().take(100).collect();
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
            // Refused after all (a lobby opened elsewhere meanwhile): the empty thread goes.
            if let Err(e) = channel.id.delete(ctx).await {
                tracing::warn!(%key, "cannot delete the thread of a refused lobby: {e}");
            }
            return refuse(ctx, reply.text).await;
        }
        channel
            .id
            .send_message(ctx, crate::bot::to_message(&reply))
            .await?;
        let link = format!("<#{}>", channel.id);
        ctx.say(crate::tr!(langs.public, "bot-game-open-in", channel = link))
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

/// A private refusal of `new`, before anything was made.
async fn refuse(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(crate::bot::deliver::to_reply(
        &crate::service::Reply::refuse(text),
    ))
    .await?;
    Ok(())
}
