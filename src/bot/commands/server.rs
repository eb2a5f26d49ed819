//! Server commands: `/carcassonne settings` (shown to everyone, changed with Manage Server).

use super::lobby::{ComputerLevel, Farms, MoveClock, WhileAway};
use super::me::Language;
use crate::ai::Level;
use crate::bot::{run_command, Context, Error};
use crate::engine::FarmRule;
use crate::service::{ChannelRule, Command, SettingsChange};
use poise::serenity_prelude as serenity;

/// What to do with the channel the settings command is typed in.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Channel {
    /// Games may be opened here (and only in the channels so chosen).
    #[name = "games may be opened in this channel"]
    Allow,
    /// No more games here.
    #[name = "no more games in this channel"]
    Remove,
    /// Every channel.
    #[name = "games in any channel"]
    Any,
}

/// This server's settings: defaults of new games, channels, threads, who opens games, moderators.
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Language of the bot's public messages on this server"] language: Option<
        Language,
    >,
    #[description = "Expansions of new games, comma-separated (none: the base game)"]
    expansions: Option<String>,
    #[description = "How farms score in new games"] farms: Option<Farms>,
    #[description = "A completed two-tile city scores 2 in new games"] small_city: Option<bool>,
    #[description = "Hours between reminders in new games (0 = none)"]
    #[min = 0]
    #[max = 336]
    reminder_hours: Option<u32>,
    #[description = "Time per move in new games"] move_clock: Option<MoveClock>,
    #[description = "While a player is away, new games wait or let the computer play"]
    while_away: Option<WhileAway>,
    #[description = "How strong computer players are in new games"] computer_level: Option<
        ComputerLevel,
    >,
    #[description = "Whether games may be opened in this channel"] channel: Option<Channel>,
    #[description = "Open a thread for each new game"] threads: Option<bool>,
    #[description = "Links to games' web pages under board pictures"] web_links: Option<bool>,
    #[description = "Only members with this role open games"] start_role: Option<serenity::Role>,
    #[description = "Everyone may open games again"] everyone_starts: Option<bool>,
    #[description = "Members with this role moderate games"] moderator_role: Option<serenity::Role>,
    #[description = "No moderator role (Manage Messages still moderates)"]
    no_moderator_role: Option<bool>,
) -> Result<(), Error> {
    let change = SettingsChange {
        lang: language.map(Language::lang),
        sets: expansions.map(|e| {
            e.split(',')
                .map(|s| s.trim().to_lowercase())
                .filter(|s| !s.is_empty() && s != "none")
                .collect()
        }),
        farms: farms.map(FarmRule::from),
        small_city,
        reminder_hours,
        clock_hours: move_clock.map(MoveClock::hours),
        while_away: while_away.map(Into::into),
        level: computer_level.map(Level::from),
        channel: channel.map(|c| match c {
            Channel::Allow => ChannelRule::Allow,
            Channel::Remove => ChannelRule::Remove,
            Channel::Any => ChannelRule::Any,
        }),
        threads,
        web_links,
        starter_role: match (start_role, everyone_starts) {
            (Some(r), _) => Some(Some(r.id.get())),
            (None, Some(true)) => Some(None),
            _ => None,
        },
        moderator_role: match (moderator_role, no_moderator_role) {
            (Some(r), _) => Some(Some(r.id.get())),
            (None, Some(true)) => Some(None),
            _ => None,
        },
    };
    run_command(ctx, Command::Settings(Box::new(change))).await
}

/// Moderators: take a player out, hand a seat over, or renew a game's web link.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("remove", "handover", "newlink"),
    subcommand_required
)]
pub async fn moderate(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A moderator takes a player out of this game: the computer plays on for their seat.
#[poise::command(slash_command, guild_only)]
pub async fn remove(
    ctx: Context<'_>,
    #[description = "The player to take out"] player: serenity::User,
) -> Result<(), Error> {
    run_command(
        ctx,
        Command::RemovePlayer {
            user: player.id.get(),
        },
    )
    .await
}

/// A moderator hands a player's seat to another member.
#[poise::command(slash_command, guild_only)]
pub async fn handover(
    ctx: Context<'_>,
    #[description = "The player whose seat changes hands"] player: serenity::User,
    #[description = "The member who takes the seat"] to: serenity::User,
) -> Result<(), Error> {
    run_command(
        ctx,
        Command::HandSeat {
            from: player.id.get(),
            to: to.id.get(),
            to_name: to.display_name().to_string(),
        },
    )
    .await
}

/// A new web link for this game (the old stops); no game: the last one's stops.
#[poise::command(slash_command, guild_only)]
pub async fn newlink(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::NewLink).await
}
