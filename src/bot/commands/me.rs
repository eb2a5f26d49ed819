//! A member's own settings, in one group (`/carcassonne me …`): language, how they are told
//! it is their turn, time zone and quiet hours, an absence, the daily digest, their personal
//! web links.

use crate::bot::{run_command, Context, Error};
use crate::service::{Command, MeChange};
use poise::serenity_prelude as serenity;

/// Your own settings: language, notifications, time zone and quiet hours, away, digest.
#[poise::command(
    slash_command,
    subcommands("show", "language", "notify", "hours", "away", "digest", "links"),
    subcommand_required
)]
pub async fn me(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Show your settings: time zone, quiet hours, away, digest.
#[poise::command(slash_command)]
pub async fn show(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Me(Box::default())).await
}

/// Time zones whose names contain what was typed.
async fn autocomplete_zone(_ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    crate::service::local_time::zones_like(partial, 25)
        .into_iter()
        .map(|z| serenity::AutocompleteChoice::new(z.clone(), z))
        .collect()
}

/// Your time zone and quiet hours: no ping, message or reminder reaches you in them.
#[poise::command(slash_command)]
pub async fn hours(
    ctx: Context<'_>,
    #[description = "Your time zone, e.g. Europe/Berlin"]
    #[autocomplete = "autocomplete_zone"]
    time_zone: Option<String>,
    #[description = "Quiet hours start (24-hour clock, e.g. 23:00)"] quiet_from: Option<String>,
    #[description = "Quiet hours end (e.g. 08:00)"] quiet_to: Option<String>,
    #[description = "No quiet hours at all"] no_quiet_hours: Option<bool>,
) -> Result<(), Error> {
    let quiet = match (quiet_from, quiet_to) {
        (Some(a), Some(b)) => Some((a, b)),
        (None, None) => None,
        // One end only: the service says what is missing.
        (a, b) => Some((a.unwrap_or_default(), b.unwrap_or_default())),
    };
    let change = MeChange {
        zone: time_zone,
        quiet,
        quiet_off: no_quiet_hours == Some(true),
        ..MeChange::default()
    };
    run_command(ctx, Command::Me(Box::new(change))).await
}

/// Say you are away (up to 30 days) or back: your games say so and wait, or let the computer play.
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "Days you will be away (1-30)"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "You are back now"] back: Option<bool>,
) -> Result<(), Error> {
    let days = if back == Some(true) { Some(0) } else { days };
    let change = MeChange {
        away_days: days,
        ..MeChange::default()
    };
    run_command(ctx, Command::Me(Box::new(change))).await
}

/// Stop all your personal web links.
#[poise::command(slash_command)]
pub async fn links(ctx: Context<'_>) -> Result<(), Error> {
    let change = MeChange {
        links_reset: true,
        ..MeChange::default()
    };
    run_command(ctx, Command::Me(Box::new(change))).await
}

/// One message a day listing the games waiting for you, instead of a ping per turn.
#[poise::command(slash_command)]
pub async fn digest(
    ctx: Context<'_>,
    #[description = "When, in your time zone (e.g. 18:00), or off"] at: String,
) -> Result<(), Error> {
    let change = MeChange {
        digest: Some(at),
        ..MeChange::default()
    };
    run_command(ctx, Command::Me(Box::new(change))).await
}

/// How you are told that it is your turn.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Notify {
    /// A mention in the game's channel.
    #[name = "ping in the channel"]
    Ping,
    /// A direct message.
    #[name = "direct message"]
    Dm,
    /// Nothing: your name only.
    #[name = "quiet"]
    Quiet,
}

/// Choose how you are told that it is your turn: ping, direct message or quiet.
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Ping in the channel, a direct message, or quiet"] how: Notify,
    #[description = "Only for this channel's games (otherwise: every game)"] only_here: Option<
        bool,
    >,
    #[description = "Also tell me privately when the player before me starts their turn"]
    heads_up: Option<bool>,
) -> Result<(), Error> {
    use crate::service::NotifyMode;
    let mode = match how {
        Notify::Ping => NotifyMode::Ping,
        Notify::Dm => NotifyMode::Dm,
        Notify::Quiet => NotifyMode::Quiet,
    };
    let command = if only_here == Some(true) {
        Command::NotifyHere(mode)
    } else {
        Command::Notify(mode)
    };
    let Some(on) = heads_up else {
        return run_command(ctx, command).await;
    };
    // Both choices, answered together.
    let key = crate::bot::key_of(&ctx);
    let mut reply = crate::bot::call(ctx, key, command).await?;
    let also = crate::bot::call(ctx, key, Command::HeadsUp(on)).await?;
    reply.text = format!("{}\n{}", reply.text, also.text);
    ctx.send(crate::bot::deliver::to_reply(&reply)).await?;
    Ok(())
}

/// A language of the bot, or the user's language in Discord.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Language {
    /// Whatever Discord says the user reads.
    #[name = "automatic (your Discord language)"]
    Auto,
    /// English.
    #[name = "English"]
    En,
    /// German.
    #[name = "Deutsch"]
    De,
    /// French.
    #[name = "Français"]
    Fr,
    /// Polish.
    #[name = "Polski"]
    Pl,
    /// Spanish.
    #[name = "Español"]
    Es,
}

impl Language {
    /// The catalog's language; `None` for automatic.
    pub fn lang(self) -> Option<crate::i18n::Lang> {
        use crate::i18n::Lang;
        match self {
            Language::Auto => None,
            Language::En => Some(Lang::En),
            Language::De => Some(Lang::De),
            Language::Fr => Some(Lang::Fr),
            Language::Pl => Some(Lang::Pl),
            Language::Es => Some(Lang::Es),
        }
    }
}

/// Choose the language the bot speaks with you (your Discord language unless you choose).
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "A language, or automatic: your Discord language"] language: Language,
) -> Result<(), Error> {
    run_command(ctx, Command::Language(language.lang())).await
}
