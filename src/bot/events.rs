//! Gateway events: button clicks go to the service like commands; deleted channels, threads
//! and servers end their games.

use super::deliver::{
    deliver_anyway, final_message_posted, let_the_handler_answer_first, send_direct, to_followup,
    to_response,
};
use super::{custom_id, is_thread, locale_of, now, rights_of, Data, Error};
use crate::service::{Actor, Command, Key, Reply, Request};
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Interactions and gateway events: button clicks go to the service like commands; deleted
/// channels, threads and guilds end their games.
pub(super) async fn on_event(
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
        let msg = to_response(&Reply::refuse(crate::tr!(lang, "bot-button-outdated")));
        ci.create_response(&ctx.http, serenity::CreateInteractionResponse::Message(msg))
            .await?;
        return Ok(());
    };
    if let Command::LaunchActivity = action.command {
        // Discord launches the Activity in this channel; the Activity finds the game itself.
        ci.create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::LaunchActivity,
        )
        .await?;
        return Ok(());
    }
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
        ci.create_followup(&ctx.http, to_followup(&reply))
            .await
            .map(|m| Some(m.id.get()))
    } else {
        let msg = to_response(&reply);
        let update = (lobby_click && !reply.ephemeral) || (on_private && reply.update);
        let response = if update {
            serenity::CreateInteractionResponse::UpdateMessage(msg)
        } else {
            serenity::CreateInteractionResponse::Message(msg)
        };
        ci.create_response(&ctx.http, response).await.map(|()| None)
    };
    let direct = reply.direct().to_vec();
    match sent {
        Err(e) => deliver_anyway(&ctx.http, data, key, reply, e).await,
        Ok(posted) => {
            if reply.final_of().is_some() {
                // A final message: its id, for the review to be added to it.
                let id = match posted {
                    Some(id) => Some(id),
                    None => ci.get_response(&ctx.http).await.ok().map(|m| m.id.get()),
                };
                if let Some(id) = id {
                    final_message_posted(&data.service, key, &reply, id).await;
                }
            }
            send_direct(&ctx.http, &direct).await;
        }
    }
    Ok(())
}
