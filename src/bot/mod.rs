//! The Discord face: poise/serenity adapters only. Every decision is the service's; this module
//! turns interactions into [`Request`]s and [`Reply`]s into Discord messages. Split by job:
//! `commands` (the slash commands, one file per group), `events` (button clicks and deleted
//! channels), `deliver` (the one place where a reply becomes a Discord message, and posting),
//! `worker` (computer turns, reminders and timed jobs) and, here, the command adapter and the
//! start-up.
//!
//! The service is synchronous (it renders pictures), so every call goes through
//! `spawn_blocking`; if it takes longer than two seconds the interaction is deferred first, so
//! Discord's three-second deadline is always met. No lock is held across an `.await`.

pub mod commands;
pub mod custom_id;
mod deliver;
mod events;
pub mod oauth;
pub mod ops;
mod worker;

use deliver::{deliver_anyway, let_the_handler_answer_first, send_direct, to_reply};
pub use deliver::{ends_the_game, to_message};
use events::on_event;
use worker::{background, shutdown_signal};

use crate::service::{Actor, Command, Key, Notice, Reply, Request, Service};
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
    /// Threads that think for computer players (at least one).
    pub computer_threads: usize,
    /// The pause before each computer turn, so moves read at a human pace (tests shorten it).
    pub computer_pause: Duration,
    /// The gateway shards to run, `(first, last, total)` with `last` included; `None`: one
    /// shard for every server.
    pub shards: Option<(u32, u32, u32)>,
    /// Where to serve `/health` and `/metrics` (`None`: nowhere).
    pub ops_listen: Option<std::net::SocketAddr>,
    /// Where to serve the games' web pages, and the limits per address (`None`: nowhere).
    pub web_listen: Option<(std::net::SocketAddr, crate::web::WebLimits)>,
    /// The board as the application's Discord Activity: its client ID and OAuth2 client
    /// secret (`None`: no Activity).
    pub activity: Option<(String, String)>,
}

/// Seconds since the Unix epoch.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The poise options: commands, the one error handler, the button handler.
pub fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands::localized(),
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
            let text = crate::tr!(discord_langs(ctx).private, "bot-failed");
            let _ = ctx.send(to_reply(&Reply::refuse(text))).await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            let text = crate::tr!(
                discord_langs(ctx).private,
                "bot-unreadable-argument",
                error = error.to_string()
            );
            let _ = ctx.send(to_reply(&Reply::refuse(text))).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}

/// The key of the invoking channel.
pub fn key_of(ctx: &Context<'_>) -> Key {
    Key::new(
        ctx.guild_id().map(|g| g.get()).unwrap_or(0),
        ctx.channel_id().get(),
    )
}

/// Runs a command through the service for the invoking user in the invoking channel and sends
/// the reply (deferring first if the service is slow). If the interaction can no longer be
/// answered, a public reply is posted to the channel instead.
pub async fn run_command(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    run_command_in(ctx, key_of(&ctx), command).await
}

/// Like [`run_command`] for another channel (a thread the command opened).
pub async fn run_command_in(ctx: Context<'_>, key: Key, command: Command) -> Result<(), Error> {
    let reply = call(ctx, key, command).await?;
    let direct = reply.direct().to_vec();
    match ctx.send(to_reply(&reply)).await {
        Err(e) => deliver_anyway(ctx.http(), ctx.data(), key, reply, e).await,
        Ok(handle) => {
            if reply.final_of().is_some() {
                // A final message: its id, for the review to be added to it.
                if let Ok(m) = handle.message().await {
                    let id = m.id.get();
                    deliver::final_message_posted(&ctx.data().service, key, &reply, id).await;
                }
            }
            send_direct(ctx.http(), &direct).await;
        }
    }
    Ok(())
}

/// What a member may do on the server, from the interaction's member data (its permissions
/// are the member's in the channel of the interaction; `in_thread`: that channel is a thread).
pub fn rights_of(member: Option<&serenity::Member>, in_thread: bool) -> crate::service::Rights {
    let Some(m) = member else {
        return Default::default();
    };
    let perms = m.permissions.unwrap_or_default();
    let may_write = if in_thread {
        perms.send_messages_in_threads()
    } else {
        perms.send_messages()
    };
    crate::service::Rights {
        manage_server: perms.manage_guild(),
        manage_messages: perms.manage_messages(),
        roles: m.roles.iter().map(|r| r.get()).collect(),
        muted: m.permissions.is_some() && !may_write,
    }
}

/// Whether a channel of an interaction is a thread.
fn is_thread(kind: Option<serenity::ChannelType>) -> bool {
    matches!(
        kind,
        Some(
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    )
}

/// Whether the command was typed in a thread.
pub(crate) fn typed_in_thread(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => is_thread(a.interaction.channel.as_ref().map(|c| c.kind)),
        poise::Context::Prefix(_) => false,
    }
}

/// The languages an interaction carries: the user's and the server's preferred one.
pub fn locale_of(user: &str, server: Option<&str>) -> crate::service::Locale {
    crate::service::Locale {
        user: crate::i18n::Lang::from_locale(user),
        server: server.and_then(crate::i18n::Lang::from_locale),
    }
}

/// The languages of a command's texts made here, without the service: the user's and the
/// server's Discord locales (the service also knows the languages they chose, but asking it
/// would read storage on the runtime).
pub fn discord_langs(ctx: Context<'_>) -> crate::i18n::Langs {
    let l = match ctx {
        poise::Context::Application(a) => {
            locale_of(&a.interaction.locale, a.interaction.guild_locale.as_deref())
        }
        poise::Context::Prefix(_) => Default::default(),
    };
    let public = l.server.unwrap_or_default();
    crate::i18n::Langs {
        private: l.user.unwrap_or(public),
        public,
    }
}

/// The service request of a command: who sends it, with their rights and languages.
pub fn request(ctx: Context<'_>, key: Key, command: Command) -> Request {
    let manager = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_channels()),
        poise::Context::Prefix(_) => false,
    };
    Request {
        key,
        actor: Actor {
            id: ctx.author().id.get(),
            name: ctx.author().display_name().to_string(),
            manager,
            rights: match ctx {
                poise::Context::Application(a) => rights_of(
                    a.interaction.member.as_deref(),
                    is_thread(a.interaction.channel.as_ref().map(|c| c.kind)),
                ),
                poise::Context::Prefix(_) => Default::default(),
            },
        },
        command,
        now: now(),
        game: None,
        interaction: match ctx {
            poise::Context::Application(a) => Some(a.interaction.id.get()),
            poise::Context::Prefix(_) => None,
        },
        locale: match ctx {
            poise::Context::Application(a) => {
                locale_of(&a.interaction.locale, a.interaction.guild_locale.as_deref())
            }
            poise::Context::Prefix(_) => Default::default(),
        },
    }
}

/// Calls the service off the runtime, deferring the interaction if it takes over two seconds.
pub async fn call(ctx: Context<'_>, key: Key, command: Command) -> Result<Reply, Error> {
    let req = request(ctx, key, command);
    let service = ctx.data().service.clone();
    let mut task = tokio::task::spawn_blocking(move || service.handle_and_complete(req));
    match tokio::time::timeout(Duration::from_secs(2), &mut task).await {
        Ok(r) => {
            let reply = r?;
            let_the_handler_answer_first(&reply).await;
            Ok(reply)
        }
        Err(_) => {
            if let Err(e) = ctx.defer().await {
                tracing::warn!(%key, "cannot defer: {e}");
            }
            Ok(task.await?)
        }
    }
}

/// Pause before each computer turn (unless the configuration says otherwise).
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(800);

/// Connects to Discord (or to `api_base`) and serves until the connection ends or SIGTERM/SIGINT
/// arrives. Computer turns, reminders and upkeep run in the background from the start (games
/// where a computer was to play when the bot stopped go on by themselves). On a signal the
/// worker finishes the turn it is playing, every game stays resumable, and the bot returns.
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
    let work = tokio::spawn(background(
        client.http.clone(),
        service.clone(),
        tick,
        config.computer_threads,
        config.computer_pause,
    ));
    if let Some(addr) = config.ops_listen {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("ops: cannot listen on {addr}: {e}"))?;
        tracing::info!("serving /health and /metrics on {addr}");
        let expected = match config.shards {
            Some((first, last, _)) => (first..=last).collect(),
            None => vec![0],
        };
        tokio::spawn(ops::serve(
            listener,
            service.clone(),
            client.shard_manager.clone(),
            expected,
        ));
    }
    if let Some((addr, limits)) = config.web_listen {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("web: cannot listen on {addr}: {e}"))?;
        tracing::info!("serving the web board on {addr}");
        let activity = config
            .activity
            .clone()
            .map(|(id, secret)| crate::web::Activity {
                client_id: id.clone(),
                users: Arc::new(oauth::DiscordOAuth::new(
                    config.api_base.as_deref(),
                    id,
                    secret,
                )),
            });
        tokio::spawn(crate::web::serve_with(
            listener,
            service.clone(),
            limits,
            activity,
        ));
    }
    let shards = client.shard_manager.clone();
    let stopper = service.clone();
    let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down: finishing the computer turn in progress");
        stopper.stop();
        shards.shutdown_all().await;
        let _ = stopped_tx.send(());
    });
    // The gateway may be stuck reconnecting (no network): after a signal, stop waiting for it.
    let result = tokio::select! {
        r = async {
            match config.shards {
                // serenity starts `range.start..=range.end` here (its end is included).
                Some((first, last, total)) => client.start_shard_range(first..last, total).await,
                None => client.start().await,
            }
        } => r,
        _ = async {
            if stopped_rx.await.is_ok() {
                tokio::time::sleep(Duration::from_secs(2)).await;
            } else {
                std::future::pending::<()>().await;
            }
        } => Ok(()),
    };
    service.stop();
    if tokio::time::timeout(Duration::from_secs(30), work)
        .await
        .is_err()
    {
        tracing::warn!("background work did not finish within 30 s");
    }
    result?;
    tracing::info!("stopped");
    Ok(())
}
