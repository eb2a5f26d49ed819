//! The Discord face: poise/serenity adapters only. Every decision is the service's; this module
//! turns interactions into [`Request`]s and [`Reply`]s into Discord messages.
//!
//! The service is synchronous (it renders pictures), so every call goes through
//! `spawn_blocking`; if it takes longer than two seconds the interaction is deferred first, so
//! Discord's three-second deadline is always met. No lock is held across an `.await`.

pub mod commands;

use crate::service::{parse_button, Actor, ButtonStyle, Command, Reply, Request, Service};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Shared state of the bot.
pub struct Data {
    /// The game service.
    pub service: Arc<Service>,
}

/// Errors inside command handlers (internal: logged, never shown in detail).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// poise context with our data.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// How the bot connects.
pub struct BotConfig {
    /// Bot token.
    pub token: String,
    /// Register commands in this guild only (development).
    pub dev_guild: Option<u64>,
    /// Replace `https://discord.com` (tests against a fake Discord).
    pub api_base: Option<String>,
    /// How often to look for due reminders.
    pub reminder_tick: Duration,
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The poise options: commands, the one error handler, the button handler.
pub fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: vec![commands::carcassonne()],
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |ctx, event, _framework, data| Box::pin(on_event(ctx, event, data)),
        initialize_owners: false,
        ..Default::default()
    }
}

/// User mistakes are shown to the user as a short ephemeral message; internal errors are logged.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error}");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Something went wrong on our side; nothing was changed.")
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(format!("I could not read that: {error}"))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}

/// Button clicks (component interactions) go to the service like commands.
async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(ci),
    } = event
    else {
        return Ok(());
    };
    let Some(command) = parse_button(&ci.data.custom_id) else {
        return Ok(());
    };
    let manager = ci
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    let req = Request {
        channel: ci.channel_id.get(),
        actor: Actor {
            id: ci.user.id.get(),
            name: ci.user.display_name().to_string(),
            manager,
        },
        command,
        now: now(),
    };
    let service = data.service.clone();
    let mut task = tokio::task::spawn_blocking(move || service.handle(req));
    let reply = match tokio::time::timeout(Duration::from_secs(2), &mut task).await {
        Ok(r) => r?,
        Err(_) => {
            ci.defer(&ctx.http).await?;
            let reply = task.await?;
            let mut msg = serenity::CreateInteractionResponseFollowup::new()
                .content(reply.text.clone())
                .ephemeral(reply.ephemeral)
                .allowed_mentions(mentions(&reply));
            for f in &reply.files {
                msg = msg.add_file(serenity::CreateAttachment::bytes(
                    f.bytes.clone(),
                    f.name.clone(),
                ));
            }
            msg = msg.components(rows(&reply));
            ci.create_followup(&ctx.http, msg).await?;
            return Ok(());
        }
    };
    let mut msg = serenity::CreateInteractionResponseMessage::new()
        .content(reply.text.clone())
        .ephemeral(reply.ephemeral)
        .allowed_mentions(mentions(&reply))
        .components(rows(&reply));
    for f in &reply.files {
        msg = msg.add_file(serenity::CreateAttachment::bytes(
            f.bytes.clone(),
            f.name.clone(),
        ));
    }
    ci.create_response(&ctx.http, serenity::CreateInteractionResponse::Message(msg))
        .await?;
    Ok(())
}

/// Exactly the users the service names may be pinged; never roles or @everyone.
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .users(reply.ping.iter().map(|&u| serenity::UserId::new(u.max(1))))
}

/// Buttons in rows of five, at most five rows.
fn rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .buttons
        .chunks(5)
        .take(5)
        .map(|chunk| {
            serenity::CreateActionRow::Buttons(
                chunk
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.custom_id.clone())
                            .label(b.label.clone())
                            .style(match b.style {
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Turns a service reply into a poise reply.
fn to_reply(reply: Reply) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(reply.text.clone())
        .ephemeral(reply.ephemeral)
        .allowed_mentions(mentions(&reply))
        .components(rows(&reply));
    for f in reply.files {
        r = r.attachment(serenity::CreateAttachment::bytes(f.bytes, f.name));
    }
    r
}

/// Runs a command through the service for the invoking user in the invoking channel and sends
/// the reply (deferring first if the service is slow).
pub async fn run_command(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    run_command_in(ctx, ctx.channel_id().get(), command).await
}

/// Like [`run_command`] for another channel (a thread the command opened).
pub async fn run_command_in(ctx: Context<'_>, channel: u64, command: Command) -> Result<(), Error> {
    let reply = call(ctx, channel, command).await?;
    ctx.send(to_reply(reply)).await?;
    Ok(())
}

/// Calls the service off the runtime, deferring the interaction if it takes over two seconds.
pub async fn call(ctx: Context<'_>, channel: u64, command: Command) -> Result<Reply, Error> {
    let manager = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_channels()),
        poise::Context::Prefix(_) => false,
    };
    let req = Request {
        channel,
        actor: Actor {
            id: ctx.author().id.get(),
            name: ctx.author().display_name().to_string(),
            manager,
        },
        command,
        now: now(),
    };
    let service = ctx.data().service.clone();
    let mut task = tokio::task::spawn_blocking(move || service.handle(req));
    match tokio::time::timeout(Duration::from_secs(2), &mut task).await {
        Ok(r) => Ok(r?),
        Err(_) => {
            ctx.defer().await?;
            Ok(task.await?)
        }
    }
}

/// Sends due reminders every minute, forever.
async fn reminders(http: Arc<serenity::Http>, service: Arc<Service>, every: Duration) {
    let mut tick = tokio::time::interval(every);
    loop {
        tick.tick().await;
        let svc = service.clone();
        let due = match tokio::task::spawn_blocking(move || svc.due_reminders(now())).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("reminder task failed: {e}");
                continue;
            }
        };
        for r in due {
            let msg = serenity::CreateMessage::new()
                .content(r.text)
                .allowed_mentions(
                    serenity::CreateAllowedMentions::new()
                        .users([serenity::UserId::new(r.user.max(1))]),
                );
            if let Err(e) = serenity::ChannelId::new(r.channel.max(1))
                .send_message(&http, msg)
                .await
            {
                tracing::warn!(channel = r.channel, "cannot send a reminder: {e}");
            }
        }
    }
}

/// Connects to Discord (or to `api_base`) and serves until the connection ends.
pub async fn run(config: BotConfig, service: Arc<Service>) -> Result<(), Error> {
    let dev_guild = config.dev_guild.filter(|&g| g != 0);
    let tick = config.reminder_tick;
    let data_service = service.clone();
    let framework = poise::Framework::builder()
        .options(framework_options())
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!("connected as {}", ready.user.name);
                match dev_guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(g),
                        )
                        .await?
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                tokio::spawn(reminders(ctx.http.clone(), data_service.clone(), tick));
                Ok(Data {
                    service: data_service,
                })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = match &config.api_base {
        Some(base) => {
            let http = serenity::HttpBuilder::new(&config.token)
                .proxy(base.trim_end_matches('/'))
                .ratelimiter_disabled(true)
                .build();
            serenity::ClientBuilder::new_with_http(http, intents)
        }
        None => serenity::ClientBuilder::new(&config.token, intents),
    }
    .framework(framework)
    .await?;
    client.start().await?;
    Ok(())
}
