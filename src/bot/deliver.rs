//! Delivery: the one place where a service [`Reply`] becomes a Discord message ([`Parts`] and
//! the builders made from it), posting notices to channels (a channel gone for good ends its
//! game), direct messages, and a reply delivered anyway when its interaction could not be
//! answered.

use super::custom_id;
use super::{now, Data};
use crate::service::{
    Actor, Amend, ButtonStyle, Command, KeptMessage, Key, Notice, Reply, Request, Service,
    TableToOpen,
};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Direct messages to the players who chose them (turn notices); a failure is logged only (the
/// user may not accept direct messages; the channel message names them anyway).
pub(super) async fn send_direct(http: &serenity::Http, direct: &[(u64, String)]) {
    for (user, text) in direct {
        let user = serenity::UserId::new((*user).max(1));
        let sent = match user.create_dm_channel(http).await {
            Ok(ch) => ch
                .id
                .send_message(
                    http,
                    to_message(&Reply {
                        text: crate::service::clip(text.clone()),
                        ..Reply::default()
                    }),
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
pub(super) async fn deliver_anyway(
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

/// The one place where a service reply becomes a Discord message: its text, whether only the
/// sender sees it, whom it may ping, its buttons and its files. Each way of sending (a channel
/// message, the answer to a command or a click, a follow-up after deferring) takes these parts
/// into its own builder.
struct Parts {
    text: String,
    ephemeral: bool,
    mentions: serenity::CreateAllowedMentions,
    rows: Vec<serenity::CreateActionRow>,
    files: Vec<serenity::CreateAttachment>,
}

impl Parts {
    fn of(reply: &Reply) -> Parts {
        Parts {
            text: reply.text.clone(),
            ephemeral: reply.ephemeral,
            mentions: mentions(reply),
            rows: rows(reply),
            files: attachments(reply),
        }
    }
}

/// A reply as a channel (or direct) message.
pub fn to_message(reply: &Reply) -> serenity::CreateMessage {
    let p = Parts::of(reply);
    serenity::CreateMessage::new()
        .content(p.text)
        .allowed_mentions(p.mentions)
        .components(p.rows)
        .add_files(p.files)
}

/// A reply as the answer to a slash command.
pub(super) fn to_reply(reply: &Reply) -> poise::CreateReply {
    let p = Parts::of(reply);
    let mut r = poise::CreateReply::default()
        .content(p.text)
        .ephemeral(p.ephemeral)
        .allowed_mentions(p.mentions)
        .components(p.rows);
    for a in p.files {
        r = r.attachment(a);
    }
    r
}

/// A reply as the first answer to a button click.
pub(super) fn to_response(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let p = Parts::of(reply);
    serenity::CreateInteractionResponseMessage::new()
        .content(p.text)
        .ephemeral(p.ephemeral)
        .allowed_mentions(p.mentions)
        .components(p.rows)
        .add_files(p.files)
}

/// A reply as the answer to a click that was deferred.
pub(super) fn to_followup(reply: &Reply) -> serenity::CreateInteractionResponseFollowup {
    let p = Parts::of(reply);
    serenity::CreateInteractionResponseFollowup::new()
        .content(p.text)
        .ephemeral(p.ephemeral)
        .allowed_mentions(p.mentions)
        .components(p.rows)
        .add_files(p.files)
}

/// Exactly the users the service names may be pinged; never roles or @everyone.
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .users(reply.ping.iter().map(|&u| serenity::UserId::new(u.max(1))))
}

/// Buttons in rows of five, at most five rows; the link to the game's web page last, where
/// there is room.
fn rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows: Vec<Vec<serenity::CreateButton>> = buttons(reply);
    if let Some(link) = reply.page() {
        let button = serenity::CreateButton::new_link(link.url.clone()).label(link.label.clone());
        let room = rows.last().is_some_and(|row| row.len() < 5);
        if let (true, Some(row)) = (room, rows.last_mut()) {
            row.push(button);
        } else if rows.len() < 5 {
            rows.push(vec![button]);
        }
    }
    rows.into_iter()
        .map(serenity::CreateActionRow::Buttons)
        .collect()
}

/// The reply's own buttons in rows of five, at most five rows.
fn buttons(reply: &Reply) -> Vec<Vec<serenity::CreateButton>> {
    reply
        .buttons
        .chunks(5)
        .take(5)
        .map(|chunk| {
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
                .collect()
        })
        .collect()
}

/// How long the answer to an interaction handled already waits for the process that handled it
/// (inside Discord's three seconds for a first answer).
const REPEAT_WAIT: Duration = Duration::from_millis(1500);

/// For the answer to an interaction that another process (or an earlier delivery) handled: waits
/// a moment, so that the handler's answer, which tells the move, comes first; this private
/// "done already" then fails harmlessly ("already acknowledged") and only goes out if the
/// handler's answer never came.
pub(super) async fn let_the_handler_answer_first(reply: &Reply) {
    if reply.repeat {
        tokio::time::sleep(REPEAT_WAIT).await;
    }
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
pub(super) async fn post(http: &serenity::Http, service: &Arc<Service>, mut notice: Notice) {
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
    if let Some(kept) = notice.reply.kept() {
        keep_message(http, service, notice.key, &notice.reply, kept).await;
        return;
    }
    if let Some(amend) = notice.reply.amend() {
        // A message posted earlier completed in place (a final message and its review); the
        // notice goes out as a message of its own only if that fails.
        if amend_message(http, notice.key, amend).await {
            return;
        }
    }
    let tables = notice.reply.tables().to_vec();
    // Direct messages only (a member's digest, what waited for the end of their quiet hours),
    // or a tournament's tables to open.
    if notice.reply.text.is_empty() && notice.reply.files.is_empty() {
        send_direct(http, notice.reply.direct()).await;
        open_tables(http, service, notice.key, &tables).await;
        return;
    }
    let channel = serenity::ChannelId::new(notice.key.channel.max(1));
    let mut wait = Duration::from_secs(1);
    for attempt in 0..3 {
        match channel.send_message(http, to_message(&notice.reply)).await {
            Ok(m) => {
                final_message_posted(service, notice.key, &notice.reply, m.id.get()).await;
                send_direct(http, notice.reply.direct()).await;
                open_tables(http, service, notice.key, &tables).await;
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

/// Edits a message posted earlier to show `amend`'s text, buttons and link (its files stay);
/// `false` if Discord refused (the message deleted, or the channel out of reach).
async fn amend_message(http: &serenity::Http, key: Key, amend: &Amend) -> bool {
    let channel = serenity::ChannelId::new(key.channel.max(1));
    let p = Parts::of(&amend.reply);
    let edit = serenity::EditMessage::new()
        .content(p.text)
        .components(p.rows)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    match channel
        .edit_message(http, serenity::MessageId::new(amend.message.max(1)), edit)
        .await
    {
        Ok(_) => true,
        Err(e) => {
            tracing::info!(%key, "a message cannot be completed ({e}); posting a new one");
            false
        }
    }
}

/// Tells the service the id of a finished game's final message ([`Reply::final_of`]) once it
/// is posted, so that the game's review is added to it.
pub(super) async fn final_message_posted(
    service: &Arc<Service>,
    key: Key,
    reply: &Reply,
    message: u64,
) {
    let Some(seq) = reply.final_of().filter(|_| !reply.ephemeral) else {
        return;
    };
    let svc = service.clone();
    let _ = tokio::task::spawn_blocking(move || svc.final_message_posted(key, seq, message)).await;
}

/// Opens a tournament's tables: a public thread in the tournament's channel `parent` for each,
/// then the table's game in it ([`Command::OpenTable`], answered in the thread). A thread the
/// service refuses (the table opened elsewhere meanwhile) is deleted again; a thread that
/// cannot be made is left to the tournament's job, which asks again later.
async fn open_tables(
    http: &serenity::Http,
    service: &Arc<Service>,
    parent: Key,
    tables: &[TableToOpen],
) {
    for t in tables {
        let made = serenity::ChannelId::new(parent.channel.max(1))
            .create_thread(
                http,
                serenity::CreateThread::new(t.thread.clone())
                    .kind(serenity::ChannelType::PublicThread),
            )
            .await;
        let thread = match made {
            Ok(thread) => thread,
            Err(e) => {
                tracing::warn!(key = %parent, id = t.id, "cannot make a tournament table's thread: {e}");
                continue;
            }
        };
        let key = Key::new(parent.guild, thread.id.get());
        let req = Request {
            key,
            actor: Actor {
                id: 0,
                name: String::new(),
                manager: false,
                rights: Default::default(),
            },
            command: Command::OpenTable {
                id: t.id,
                round: t.round,
                table: t.table,
            },
            now: now(),
            game: None,
            interaction: None,
            locale: Default::default(),
        };
        let svc = service.clone();
        let reply = match tokio::task::spawn_blocking(move || svc.handle_and_complete(req)).await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(%key, "opening a tournament table failed: {e}");
                continue;
            }
        };
        if reply.ephemeral {
            tracing::info!(%key, "a tournament table's thread was not needed: {}", reply.text);
            if let Err(e) = thread.id.delete(http).await {
                tracing::warn!(%key, "cannot delete an unneeded thread: {e}");
            }
            continue;
        }
        if let Err(e) = thread.id.send_message(http, to_message(&reply)).await {
            tracing::warn!(%key, "cannot post a tournament table's first turn: {e}");
        }
        send_direct(http, reply.direct()).await;
    }
}

/// A message kept up to date (a tournament's standings): edits it in place, or posts it when it
/// was never posted or is gone, and tells the service the new message's id.
async fn keep_message(
    http: &serenity::Http,
    service: &Arc<Service>,
    key: Key,
    reply: &Reply,
    kept: KeptMessage,
) {
    let channel = serenity::ChannelId::new(key.channel.max(1));
    // The message as stored now: an update made before the message was first posted knows no
    // id yet.
    let stored = {
        let svc = service.clone();
        tokio::task::spawn_blocking(move || svc.tournament_message(key.guild, kept.tournament))
            .await
            .ok()
            .flatten()
    };
    if let Some(message) = stored.or(kept.message) {
        let edit = serenity::EditMessage::new()
            .content(reply.text.clone())
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        match channel
            .edit_message(http, serenity::MessageId::new(message.max(1)), edit)
            .await
        {
            Ok(_) => return,
            Err(e) => {
                tracing::info!(%key, "a kept message cannot be edited ({e}); posting it again")
            }
        }
    }
    match channel.send_message(http, to_message(reply)).await {
        Ok(m) => {
            let svc = service.clone();
            let id = m.id.get();
            let _ = tokio::task::spawn_blocking(move || {
                svc.tournament_message_posted(key.guild, kept.tournament, id)
            })
            .await;
        }
        Err(e) => tracing::warn!(%key, "cannot post a kept message: {e}"),
    }
}
