//! The Discord face: poise/serenity adapters only. Every decision is the service's; this module
//! turns interactions into [`Request`]s and [`Reply`]s into Discord messages.
//!
//! The service is synchronous (it renders pictures), so every call goes through
//! `spawn_blocking`; if it takes longer than two seconds the interaction is deferred first, so
//! Discord's three-second deadline is always met. No lock is held across an `.await`.

pub mod commands;
pub mod custom_id;
pub mod ops;

use crate::service::{Actor, ButtonStyle, Command, Key, Notice, Reply, Request, Service};
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
    /// The gateway shards to run, `(first, last, total)` with `last` included; `None`: one
    /// shard for every server.
    pub shards: Option<(u32, u32, u32)>,
    /// Where to serve `/health` and `/metrics` (`None`: nowhere).
    pub ops_listen: Option<std::net::SocketAddr>,
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
        commands: vec![commands::localized()],
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
            let _ = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            let text = crate::tr!(
                discord_langs(ctx).private,
                "bot-unreadable-argument",
                error = error.to_string()
            );
            let _ = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}

/// Interactions and gateway events: button clicks go to the service like commands; deleted
/// channels, threads and guilds end their games.
async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } => on_button(ctx, ci, data).await,
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            gone(data, Key::new(channel.guild_id.get(), channel.id.get())).await;
            Ok(())
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            gone(data, Key::new(thread.guild_id.get(), thread.id.get())).await;
            Ok(())
        }
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let service = data.service.clone();
            let guild = incomplete.id.get();
            tokio::task::spawn_blocking(move || service.guild_gone(guild, now())).await?;
            Ok(())
        }
        _ => Ok(()),
    }
}

async fn gone(data: &Data, key: Key) {
    let service = data.service.clone();
    if let Err(e) = tokio::task::spawn_blocking(move || service.channel_gone(key, now())).await {
        tracing::error!(%key, "cannot end the game of a deleted channel: {e}");
    }
}

async fn on_button(
    ctx: &serenity::Context,
    ci: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), Error> {
    if !ci.data.custom_id.starts_with("cc:") {
        return Ok(());
    }
    let Some(action) = custom_id::decode(&ci.data.custom_id) else {
        let lang = locale_of(&ci.locale, ci.guild_locale.as_deref())
            .user
            .unwrap_or_default();
        let msg = serenity::CreateInteractionResponseMessage::new()
            .content(crate::tr!(lang, "bot-button-outdated"))
            .ephemeral(true);
        ci.create_response(&ctx.http, serenity::CreateInteractionResponse::Message(msg))
            .await?;
        return Ok(());
    };
    let manager = ci
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    let key = Key::new(
        ci.guild_id.map(|g| g.get()).unwrap_or(0),
        ci.channel_id.get(),
    );
    let req = Request {
        key,
        actor: Actor {
            id: ci.user.id.get(),
            name: ci.user.display_name().to_string(),
            manager,
            rights: rights_of(
                ci.member.as_ref(),
                is_thread(ci.channel.as_ref().map(|c| c.kind)),
            ),
        },
        command: action.command,
        now: now(),
        game: Some(action.game),
        interaction: Some(ci.id.get()),
        locale: locale_of(&ci.locale, ci.guild_locale.as_deref()),
    };
    // A lobby click redraws the lobby message itself instead of posting a new one; so does a
    // step of a private flow (placing by buttons) clicked on the private message before it.
    let lobby_click = matches!(
        req.command,
        Command::Join | Command::Leave | Command::AddComputer
    );
    let on_private = ci
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let service = data.service.clone();
    let mut task = tokio::task::spawn_blocking(move || service.handle_and_complete(req));
    let (reply, deferred) = match tokio::time::timeout(Duration::from_secs(2), &mut task).await {
        Ok(r) => {
            let reply = r?;
            let_the_handler_answer_first(&reply).await;
            (reply, false)
        }
        Err(_) => {
            // Deferring may fail if the interaction already expired; the reply still goes out.
            let deferred = ci.defer(&ctx.http).await.is_ok();
            (task.await?, deferred)
        }
    };
    let sent = if deferred {
        let msg = serenity::CreateInteractionResponseFollowup::new()
            .content(reply.text.clone())
            .ephemeral(reply.ephemeral)
            .allowed_mentions(mentions(&reply))
            .components(rows(&reply))
            .add_files(attachments(&reply));
        ci.create_followup(&ctx.http, msg).await.map(|_| ())
    } else {
        let msg = serenity::CreateInteractionResponseMessage::new()
            .content(reply.text.clone())
            .ephemeral(reply.ephemeral)
            .allowed_mentions(mentions(&reply))
            .components(rows(&reply))
            .add_files(attachments(&reply));
        let update = (lobby_click && !reply.ephemeral) || (on_private && reply.update);
        let response = if update {
            serenity::CreateInteractionResponse::UpdateMessage(msg)
        } else {
            serenity::CreateInteractionResponse::Message(msg)
        };
        ci.create_response(&ctx.http, response).await
    };
    let direct = reply.direct.clone();
    if let Err(e) = sent {
        deliver_anyway(&ctx.http, data, key, reply, e).await;
    } else {
        send_direct(&ctx.http, &direct).await;
    }
    Ok(())
}

/// Direct messages to the players who chose them (turn notices); a failure is logged only (the
/// user may not accept direct messages; the channel message names them anyway).
async fn send_direct(http: &serenity::Http, direct: &[(u64, String)]) {
    for (user, text) in direct {
        let user = serenity::UserId::new((*user).max(1));
        let sent = match user.create_dm_channel(http).await {
            Ok(ch) => ch
                .id
                .send_message(
                    http,
                    serenity::CreateMessage::new()
                        .content(crate::service::clip(text.clone()))
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
                .await
                .map(|_| ()),
            Err(e) => Err(e),
        };
        if let Err(e) = sent {
            tracing::warn!(%user, "cannot send a direct message: {e}");
        }
    }
}

/// The interaction could not be answered (expired, or Discord failed): a public reply is posted
/// to the channel instead, so the move is told and the next player pinged; a private one is
/// dropped (it was only for the sender) and logged.
async fn deliver_anyway(
    http: &serenity::Http,
    data: &Data,
    key: Key,
    reply: Reply,
    e: serenity::Error,
) {
    if reply.repeat {
        // The process that handled the interaction answered it: as it should be.
        tracing::debug!(%key, "the handler answered a repeated interaction first: {e}");
        return;
    }
    if reply.ephemeral {
        tracing::warn!(%key, "cannot answer an interaction: {e}");
        return;
    }
    tracing::warn!(%key, "cannot answer an interaction ({e}); posting the reply to the channel");
    post(http, &data.service, Notice { key, reply }).await;
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
                        serenity::CreateButton::new(custom_id::encode(&b.action))
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
    for a in attachments(&reply) {
        r = r.attachment(a);
    }
    r
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
    let direct = reply.direct.clone();
    if let Err(e) = ctx.send(to_reply(reply.clone())).await {
        deliver_anyway(ctx.http(), ctx.data(), key, reply, e).await;
    } else {
        send_direct(ctx.http(), &direct).await;
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

/// How long the answer to an interaction handled already waits for the process that handled it
/// (inside Discord's three seconds for a first answer).
const REPEAT_WAIT: Duration = Duration::from_millis(1500);

/// For the answer to an interaction that another process (or an earlier delivery) handled: waits
/// a moment, so that the handler's answer, which tells the move, comes first; this private
/// "done already" then fails harmlessly ("already acknowledged") and only goes out if the
/// handler's answer never came.
async fn let_the_handler_answer_first(reply: &Reply) {
    if reply.repeat {
        tokio::time::sleep(REPEAT_WAIT).await;
    }
}

/// A message of the service as a channel message.
pub fn to_message(reply: &Reply) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(reply.text.clone())
        .allowed_mentions(mentions(reply))
        .components(rows(reply))
        .add_files(attachments(reply))
}

/// The reply's files as Discord attachments, with their alt text.
fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    reply
        .files
        .iter()
        .map(|f| {
            let a = serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone());
            // Alt text (Discord takes at most 1024 characters).
            if f.description.is_empty() {
                a
            } else {
                a.description(f.description.chars().take(1024).collect::<String>())
            }
        })
        .collect()
}

/// Discord's answer that a channel is gone for good.
fn channel_is_gone(e: &serenity::Error) -> bool {
    if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = e {
        return ends_the_game(r.error.code);
    }
    false
}

/// Whether a Discord error code on a post means the channel is gone, so its game ends: only
/// *Unknown Channel* (10003). *Missing Access* (50001) and *Missing Permissions* (50013) are
/// what any member with the right to edit a channel can cause (or a moderator's mistake); the
/// game waits, and a later post goes through once access is back.
pub fn ends_the_game(code: isize) -> bool {
    code == 10003
}

/// Posts a notice to its channel, retrying a failed delivery twice; a channel that is gone ends
/// its game.
async fn post(http: &serenity::Http, service: &Arc<Service>, mut notice: Notice) {
    if !notice.reply.later.is_empty() {
        // Files made after the game's lock was released (a finished game's timelapse).
        let svc = service.clone();
        let mut reply = notice.reply.clone();
        match tokio::task::spawn_blocking(move || {
            svc.complete(&mut reply);
            reply
        })
        .await
        {
            Ok(r) => notice.reply = r,
            // The message goes out without those files rather than not at all.
            Err(e) => tracing::error!(key = %notice.key, "making a reply's files failed: {e}"),
        }
    }
    let channel = serenity::ChannelId::new(notice.key.channel.max(1));
    let mut wait = Duration::from_secs(1);
    for attempt in 0..3 {
        match channel.send_message(http, to_message(&notice.reply)).await {
            Ok(_) => {
                send_direct(http, &notice.reply.direct).await;
                return;
            }
            Err(e) if channel_is_gone(&e) => {
                tracing::info!(key = %notice.key, "the channel is gone: {e}");
                let svc = service.clone();
                let key = notice.key;
                let _ = tokio::task::spawn_blocking(move || svc.channel_gone(key, now())).await;
                return;
            }
            Err(e) => {
                tracing::warn!(key = %notice.key, attempt, "cannot post to the channel: {e}");
                tokio::time::sleep(wait).await;
                wait *= 4;
            }
        }
    }
}

/// Pause before each computer turn.
const COMPUTER_PAUSE: Duration = Duration::from_millis(800);

/// Background work: computer turns (one worker thread), reminders and upkeep, all posted as
/// notices. Returns when the service is stopped and the worker has finished its turn.
async fn background(
    http: Arc<serenity::Http>,
    service: Arc<Service>,
    tick: Duration,
    threads: usize,
) {
    use crate::service::computer::ComputerStep;
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Notice>(64);
    // A bounded pool of threads thinks for computers: each takes one game from the queue, so a
    // long search in one channel never holds up another.
    let workers: Vec<_> = (0..threads.max(1))
        .map(|_| {
            let service = service.clone();
            let tx = tx.clone();
            tokio::task::spawn_blocking(move || {
                while !service.stopping() {
                    let Some(key) = service.wait_for_computer(Duration::from_millis(500)) else {
                        continue;
                    };
                    // A moment's pause, so the reply to the move before is out first and moves
                    // read at a human pace.
                    std::thread::sleep(COMPUTER_PAUSE);
                    // `play_computer` contains a panic to its game; this catch keeps the
                    // worker alive whatever else happens in its turn.
                    let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        service.play_computer(key, now())
                    }))
                    .unwrap_or_else(|_| {
                        tracing::error!(%key, "a computer worker's turn panicked");
                        ComputerStep::Failed
                    });
                    match step {
                        ComputerStep::Played(n) => {
                            if tx.blocking_send(n).is_err() {
                                break;
                            }
                        }
                        ComputerStep::Failed => std::thread::sleep(Duration::from_secs(1)),
                        ComputerStep::Idle => {}
                    }
                }
            })
        })
        .collect();
    let timer = {
        let service = service.clone();
        let tx = tx.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            let mut last_upkeep = 0u64;
            loop {
                every.tick().await;
                if service.stopping() {
                    break;
                }
                let svc = service.clone();
                let hour = svc.settings().seconds_per_hour.max(1);
                let upkeep = now() >= last_upkeep + hour;
                let due = tokio::task::spawn_blocking(move || {
                    // Work no process holds (left by one that died, or written by another):
                    // claimed and scheduled here first.
                    svc.claim_due_work(now());
                    let mut out = svc.due_reminders(now());
                    out.extend(svc.expire_due(now()));
                    if upkeep {
                        out.extend(svc.maintain(now()));
                    }
                    out
                })
                .await;
                if upkeep {
                    last_upkeep = now();
                }
                match due {
                    Ok(notices) => {
                        for n in notices {
                            if tx.send(n).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::error!("reminder task failed: {e}"),
                }
            }
        })
    };
    drop(tx);
    let poster = {
        let service = service.clone();
        tokio::spawn(async move {
            while let Some(n) = rx.recv().await {
                post(&http, &service, n).await;
            }
        })
    };
    for w in workers {
        let _ = w.await;
    }
    timer.abort();
    let _ = timer.await;
    // The worker and the timer are done: the poster ends when their last notices are out.
    let _ = tokio::time::timeout(Duration::from_secs(10), poster).await;
}

/// Waits for SIGTERM (docker stop) or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

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
