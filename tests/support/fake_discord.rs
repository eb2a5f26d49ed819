//! A small fake Discord (HTTP API + gateway websocket) on 127.0.0.1 for end-to-end tests of the
//! real `meeplebot` binary. It follows `../shared/reference/discord-testing.md` and enforces what
//! Discord enforces for interactions: an initial response within 3 s, only one initial response,
//! message limits, and files matching their attachment entries.

#![allow(dead_code)]

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};

pub const APP: u64 = 900_000_000_000_000_001;
pub const GUILD: u64 = 900_000_000_000_000_002;

/// What the bot answered to one interaction.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Callback type (4 message, 5 deferred, 8 autocomplete) or 0 for a followup.
    pub kind: u64,
    /// The `data` object.
    pub data: Value,
    /// Attached files: (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
}

impl Answer {
    pub fn content(&self) -> &str {
        self.data["content"].as_str().unwrap_or("")
    }
    pub fn ephemeral(&self) -> bool {
        self.data["flags"].as_u64().unwrap_or(0) & 64 != 0
    }
    pub fn custom_ids(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for row in self.data["components"]
            .as_array()
            .cloned()
            .unwrap_or_default()
        {
            for b in row["components"].as_array().cloned().unwrap_or_default() {
                if b["style"] == 5 {
                    continue; // a link
                }
                out.push((
                    b["custom_id"].as_str().unwrap_or("").to_string(),
                    b["label"].as_str().unwrap_or("").to_string(),
                ));
            }
        }
        out
    }
    /// The link buttons: (address, label).
    pub fn links(&self) -> Vec<(String, String)> {
        links_of(&self.data)
    }
    pub fn pinged(&self) -> Vec<u64> {
        self.data["allowed_mentions"]["users"]
            .as_array()
            .map(|u| {
                u.iter()
                    .filter_map(|v| v.as_str().and_then(|s| s.parse().ok()).or(v.as_u64()))
                    .collect()
            })
            .unwrap_or_default()
    }
    pub fn choices(&self) -> Vec<(String, Value)> {
        self.data["choices"]
            .as_array()
            .map(|cs| {
                cs.iter()
                    .map(|c| {
                        (
                            c["name"].as_str().unwrap_or("").to_string(),
                            c["value"].clone(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

struct Pending {
    created: Instant,
    answers: Vec<Answer>,
    acknowledged: bool,
    /// Initial responses tried, refused ones included (two when two processes handle one
    /// interaction).
    attempts: usize,
}

/// One gateway session: the shard it identified with, of how many, and its outbox.
struct Session {
    shard: u64,
    total: u64,
    tx: mpsc::UnboundedSender<String>,
}

#[derive(Default)]
struct Inner {
    gateway: Option<mpsc::UnboundedSender<String>>,
    /// Every session that identified, the newest last (a shard that reconnects replaces its
    /// older session when events are routed).
    sessions: Vec<Session>,
    /// Events delivered, by shard.
    delivered: HashMap<u64, usize>,
    /// The guild of each channel that is not in [`GUILD`].
    guild_of: HashMap<u64, u64>,
    registered: Vec<Value>,
    interactions: HashMap<u64, Pending>,
    messages: Vec<Value>,
    /// Channel messages the bot edited (by id, once per edit).
    edits: Vec<u64>,
    /// Answers to interactions that became channel messages with an id the bot learnt (the
    /// original response fetched, or a followup): (interaction, answer's index), by id from
    /// [`FIRST_ORIGINAL`].
    originals: Vec<(u64, usize)>,
    /// The channel of each interaction.
    interaction_channels: HashMap<u64, u64>,
    identifies: usize,
    violations: Vec<String>,
    /// The next this many interaction callbacks fail as expired (10062).
    expire: usize,
    /// Channels that answer "Unknown Channel" (deleted).
    deleted: Vec<u64>,
    /// Files of each channel message, by message index.
    message_files: Vec<Vec<(String, Vec<u8>)>>,
    /// The channel of each channel message, by message index.
    message_channels: Vec<u64>,
    /// Direct-message channels opened, by recipient.
    dms: Vec<u64>,
    /// Permission bits of users, when a test set them (otherwise from [`User::manage`]).
    perms: HashMap<u64, u64>,
    /// Threads the bot created: (parent channel, thread, name).
    threads: Vec<(u64, u64, String)>,
    /// Channels (threads) the bot deleted.
    bot_deleted: Vec<u64>,
    /// Channels that answer "Missing Access" (the bot's view of them was taken away).
    no_access: Vec<u64>,
    /// Posts refused with "Missing Access", by channel.
    refused_posts: Vec<u64>,
    /// The application's OAuth2 client ID and secret, once a test set them.
    oauth_client: Option<(String, String)>,
    /// OAuth2 codes not yet exchanged, and the user each was given to.
    codes: HashMap<String, u64>,
    /// Access tokens given, and their users.
    access: HashMap<String, u64>,
    /// Token exchanges asked for (good or bad).
    exchanges: usize,
}

/// The id of the direct-message channel with a user.
pub fn dm_channel(user: u64) -> u64 {
    9_000_000_000 + user
}

#[derive(Clone)]
pub struct Fake {
    pub port: u16,
    inner: Arc<Mutex<Inner>>,
    changed: Arc<Notify>,
    seq: Arc<AtomicU64>,
    ids: Arc<AtomicU64>,
}

type S = (Arc<Mutex<Inner>>, Arc<Notify>, u16);

impl Fake {
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let inner = Arc::new(Mutex::new(Inner::default()));
        let changed = Arc::new(Notify::new());
        let state: S = (inner.clone(), changed.clone(), port);
        let app = Router::new()
            .route("/api/v10/gateway", get(gateway))
            .route("/api/v10/gateway/bot", get(gateway))
            .route("/gw", get(ws))
            .route("/api/v10/oauth2/applications/@me", get(app_info))
            .route("/api/v10/applications/:app/commands", put(register))
            .route(
                "/api/v10/applications/:app/guilds/:guild/commands",
                put(register_guild),
            )
            .route("/api/v10/interactions/:id/:token/callback", post(callback))
            .route("/api/v10/webhooks/:app/:token", post(followup))
            .route(
                "/api/v10/webhooks/:app/:token/messages/:message",
                get(original_message),
            )
            .route("/api/v10/channels/:id/messages", post(channel_message))
            .route(
                "/api/v10/channels/:id/messages/:message",
                axum::routing::patch(edit_message),
            )
            .route("/api/v10/users/@me/channels", post(open_dm))
            .route("/api/v10/oauth2/token", post(oauth_token))
            .route("/api/v10/users/@me", get(current_user))
            .route("/api/v10/channels/:id/threads", post(create_thread))
            .route(
                "/api/v10/channels/:id",
                axum::routing::delete(delete_channel),
            )
            .fallback(fallback)
            // Discord takes uploads of several files of up to 10 MiB each (checked per file
            // below); axum's own default of 2 MB per body would refuse them first.
            .layer(axum::extract::DefaultBodyLimit::max(64 << 20))
            .with_state(state);
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake {
            port,
            inner,
            changed,
            seq: Arc::new(AtomicU64::new(1)),
            ids: Arc::new(AtomicU64::new(7_000_000_000_000_000_000)),
        }
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    async fn wait_for<T>(
        &self,
        timeout: Duration,
        mut f: impl FnMut(&mut Inner) -> Option<T>,
    ) -> Option<T> {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            if let Some(v) = f(&mut self.inner.lock().unwrap()) {
                return Some(v);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            let _ = tokio::time::timeout(left.min(Duration::from_millis(200)), notified).await;
        }
    }

    /// Waits until the bot has identified `n` times in total and registered its commands after.
    pub async fn wait_ready(&self, n: usize) -> Vec<Value> {
        self.wait_for(Duration::from_secs(120), |i| {
            (i.identifies >= n && i.gateway.is_some() && i.registered.len() >= n)
                .then(|| i.registered.last().cloned())
        })
        .await
        .flatten()
        .and_then(|v| v.as_array().cloned())
        .expect("the bot connected and registered its commands")
    }

    pub fn violations(&self) -> Vec<String> {
        self.inner.lock().unwrap().violations.clone()
    }

    pub fn channel_messages(&self) -> Vec<Value> {
        self.inner.lock().unwrap().messages.clone()
    }

    /// The messages posted to a channel (a direct-message channel: [`dm_channel`]).
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let i = self.inner.lock().unwrap();
        i.messages
            .iter()
            .zip(&i.message_channels)
            .filter(|(_, c)| **c == channel)
            .map(|(m, _)| m.clone())
            .collect()
    }

    /// Users a direct-message channel was opened with.
    pub fn dms_opened(&self) -> Vec<u64> {
        self.inner.lock().unwrap().dms.clone()
    }

    /// File names attached to each channel message.
    pub fn channel_message_files(&self) -> Vec<Vec<String>> {
        self.inner
            .lock()
            .unwrap()
            .message_files
            .iter()
            .map(|fs| fs.iter().map(|(n, _)| n.clone()).collect())
            .collect()
    }

    /// The next `n` interaction callbacks fail with "Unknown interaction", as when a reply comes
    /// too late.
    pub fn expire_next(&self, n: usize) {
        self.inner.lock().unwrap().expire = n;
    }

    /// Posting to `channel` fails with "Unknown Channel" from now on.
    pub fn delete_channel(&self, channel: u64) {
        self.inner.lock().unwrap().deleted.push(channel);
    }

    /// Posting to `channel` fails with "Missing Access" (50001) until [`Fake::grant_access`].
    pub fn deny_access(&self, channel: u64) {
        self.inner.lock().unwrap().no_access.push(channel);
    }

    /// Waits until `n` posts to `channel` were refused with "Missing Access".
    pub async fn wait_refused_posts(&self, channel: u64, n: usize) {
        self.wait_for(Duration::from_secs(60), |i| {
            (i.refused_posts.iter().filter(|&&c| c == channel).count() >= n).then_some(())
        })
        .await
        .unwrap_or_else(|| panic!("fewer than {n} posts to {channel} were refused"))
    }

    /// Undoes [`Fake::deny_access`].
    pub fn grant_access(&self, channel: u64) {
        self.inner
            .lock()
            .unwrap()
            .no_access
            .retain(|&c| c != channel);
    }

    /// Gives `user` exactly these permission bits in every channel (as the interaction's
    /// `member.permissions` carries them).
    pub fn set_permissions(&self, user: u64, bits: u64) {
        self.inner.lock().unwrap().perms.insert(user, bits);
    }

    fn perms_of(&self, user: &User) -> u64 {
        let i = self.inner.lock().unwrap();
        i.perms.get(&user.id).copied().unwrap_or(if user.manage {
            2_251_799_813_685_247
        } else {
            3072
        })
    }

    /// The ids of the messages the bot edited in `channel`, once per edit (the messages it
    /// posted there and the answers to interactions there).
    pub fn edits_in(&self, channel: u64) -> Vec<u64> {
        let i = self.inner.lock().unwrap();
        let channel_of = |m: u64| {
            if let Some(o) = m.checked_sub(FIRST_ORIGINAL) {
                let (id, _) = *i.originals.get(o as usize)?;
                i.interaction_channels.get(&id).copied()
            } else {
                let n = m.checked_sub(FIRST_MESSAGE)?;
                i.message_channels.get(n as usize).copied()
            }
        };
        i.edits
            .iter()
            .copied()
            .filter(|&m| channel_of(m) == Some(channel))
            .collect()
    }

    /// Threads the bot created: (parent channel, thread, name).
    pub fn threads(&self) -> Vec<(u64, u64, String)> {
        self.inner.lock().unwrap().threads.clone()
    }

    /// Channels and threads the bot deleted.
    pub fn deleted_by_bot(&self) -> Vec<u64> {
        self.inner.lock().unwrap().bot_deleted.clone()
    }

    /// Waits until a channel message satisfies `f`; returns its index and body.
    pub async fn wait_message(
        &self,
        from: usize,
        f: impl Fn(&Value) -> bool,
    ) -> Option<(usize, Value)> {
        self.wait_for(Duration::from_secs(30), |i| {
            i.messages
                .iter()
                .enumerate()
                .skip(from)
                .find(|(_, m)| f(m))
                .map(|(k, m)| (k, m.clone()))
        })
        .await
    }

    /// Sends an event to the session of its guild's shard, as Discord does: shard
    /// `(guild_id >> 22) % total`; events without a guild go to shard 0.
    fn dispatch(&self, kind: &str, d: Value) {
        self.dispatch_to(kind, d, false)
    }

    /// [`Fake::dispatch`]; with `everywhere`, the event goes to the newest session of every
    /// shard, as an event may reach both the old and the new session during a shard handover.
    fn dispatch_to(&self, kind: &str, d: Value, everywhere: bool) {
        let s = self.seq.fetch_add(1, Ordering::SeqCst);
        let guild = d["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .unwrap_or(0);
        let msg = json!({"op": 0, "s": s, "t": kind, "d": d}).to_string();
        let mut inner = self.inner.lock().unwrap();
        if kind == "INTERACTION_CREATE" {
            let num = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
            if let (Some(id), Some(channel)) = (num(&d["id"]), num(&d["channel_id"])) {
                inner.interaction_channels.insert(id, channel);
            }
        }
        let total = inner.sessions.last().map_or(1, |x| x.total.max(1));
        let shard = shard_of(guild, total);
        if everywhere {
            for shard in 0..total {
                let tx = inner
                    .sessions
                    .iter()
                    .rev()
                    .find(|x| x.shard == shard && x.total == total)
                    .map(|x| x.tx.clone());
                if let Some(tx) = tx {
                    *inner.delivered.entry(shard).or_default() += 1;
                    let _ = tx.send(msg.clone());
                }
            }
            return;
        }
        let tx = inner
            .sessions
            .iter()
            .rev()
            .find(|x| x.shard == shard && x.total == total)
            .map(|x| x.tx.clone())
            .or_else(|| inner.gateway.clone())
            .expect("gateway connected");
        *inner.delivered.entry(shard).or_default() += 1;
        // A session that died drops the event, as Discord's would be lost.
        let _ = tx.send(msg);
    }

    /// Puts `channel` in `guild` (channels are in [`GUILD`] otherwise).
    pub fn set_guild(&self, channel: u64, guild: u64) {
        self.inner.lock().unwrap().guild_of.insert(channel, guild);
    }

    fn guild_for(&self, channel: u64) -> u64 {
        let i = self.inner.lock().unwrap();
        i.guild_of.get(&channel).copied().unwrap_or(GUILD)
    }

    /// Events delivered to each shard so far.
    pub fn delivered(&self) -> HashMap<u64, usize> {
        self.inner.lock().unwrap().delivered.clone()
    }

    /// Waits until sessions identified with each of `shards` (of `total`), counting only
    /// sessions after the first `after` identifies.
    pub async fn wait_shards(&self, shards: &[u64], total: u64, after: usize) {
        self.wait_for(Duration::from_secs(120), |i| {
            shards
                .iter()
                .all(|s| {
                    i.sessions
                        .iter()
                        .skip(after)
                        .any(|x| x.shard == *s && x.total == total)
                })
                .then_some(())
        })
        .await
        .unwrap_or_else(|| panic!("shards {shards:?} of {total} did not connect"));
    }

    /// Identifies so far (each process's gateway session counts once).
    pub fn identifies(&self) -> usize {
        self.inner.lock().unwrap().identifies
    }

    fn new_interaction(&self) -> u64 {
        let id = self.ids.fetch_add(1, Ordering::SeqCst);
        self.inner.lock().unwrap().interactions.insert(
            id,
            Pending {
                created: Instant::now(),
                answers: Vec::new(),
                acknowledged: false,
                attempts: 0,
            },
        );
        id
    }

    /// A slash command `/carcassonne <sub>` with options, by `user` in `channel`.
    /// `/carcassonne <sub>` with `options`; `sub` may name a group's subcommand
    /// (`"me notify"`).
    pub fn slash(&self, user: &User, channel: u64, sub: &str, options: Vec<Value>) -> u64 {
        self.slash_in_locale(user, channel, sub, options, ("en-US", "en-US"))
    }

    /// [`Fake::slash`] from a user whose Discord speaks `locale.0`, in a server whose preferred
    /// locale is `locale.1`.
    pub fn slash_in_locale(
        &self,
        user: &User,
        channel: u64,
        sub: &str,
        options: Vec<Value>,
        locale: (&str, &str),
    ) -> u64 {
        let id = self.new_interaction();
        let data = command_data(sub, options);
        let guild = self.guild_for(channel);
        let mut v = interaction(id, 2, data, user, self.perms_of(user), guild, channel, None);
        v["locale"] = json!(locale.0);
        v["guild_locale"] = json!(locale.1);
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// An autocomplete request for option `focused` of `/carcassonne place`.
    pub fn autocomplete(
        &self,
        user: &User,
        channel: u64,
        sub: &str,
        mut options: Vec<Value>,
        focused: &str,
        typed: &str,
    ) -> u64 {
        let id = self.new_interaction();
        options.push(json!({"name": focused, "type": 3, "value": typed, "focused": true}));
        let data = command_data(sub, options);
        let guild = self.guild_for(channel);
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(id, 4, data, user, self.perms_of(user), guild, channel, None),
        );
        id
    }

    /// A click on a button of a message the bot sent.
    pub fn click(&self, user: &User, channel: u64, custom_id: &str) -> u64 {
        self.click_on(user, channel, custom_id, false)
    }

    /// A click on a button of a message the bot sent, which may be a private (ephemeral) one.
    pub fn click_on(&self, user: &User, channel: u64, custom_id: &str, private: bool) -> u64 {
        self.click_to(user, channel, custom_id, private, false)
    }

    /// A click delivered to every shard's session at once (a shard handover): each process
    /// that runs a shard gets the same interaction.
    pub fn click_everywhere(&self, user: &User, channel: u64, custom_id: &str) -> u64 {
        self.click_to(user, channel, custom_id, false, true)
    }

    fn click_to(
        &self,
        user: &User,
        channel: u64,
        custom_id: &str,
        private: bool,
        everywhere: bool,
    ) -> u64 {
        let id = self.new_interaction();
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let mut message = message_json(channel, "the bot's message", APP);
        if private {
            message["flags"] = json!(64);
        }
        let guild = self.guild_for(channel);
        self.dispatch_to(
            "INTERACTION_CREATE",
            interaction(
                id,
                3,
                data,
                user,
                self.perms_of(user),
                guild,
                channel,
                Some(message),
            ),
            everywhere,
        );
        id
    }

    /// Waits until `n` initial responses to an interaction were tried (accepted or refused).
    pub async fn wait_attempts(&self, id: u64, n: usize) {
        self.wait_for(Duration::from_secs(30), |i| {
            (i.interactions.get(&id)?.attempts >= n).then_some(())
        })
        .await
        .unwrap_or_else(|| panic!("interaction {id}: fewer than {n} responses tried"))
    }

    /// Waits until the bot edited an interaction's answer (as a channel message) so that it
    /// contains `needle`; returns it as edited.
    pub async fn wait_edited_answer(&self, needle: &str) -> Answer {
        self.wait_for(Duration::from_secs(60), |i| {
            i.edits.iter().rev().find_map(|&m| {
                let &(id, n) = i.originals.get(m.checked_sub(FIRST_ORIGINAL)? as usize)?;
                let a = i.interactions.get(&id)?.answers.get(n)?;
                a.content().contains(needle).then(|| a.clone())
            })
        })
        .await
        .unwrap_or_else(|| panic!("no answer was edited to say {needle:?}"))
    }

    /// The number of channel messages so far.
    pub fn message_count(&self) -> usize {
        self.inner.lock().unwrap().messages.len()
    }

    /// The final answer to an interaction (after a deferral, its followup).
    /// Forgets an answered interaction (a long load keeps the fake's memory flat).
    pub fn forget(&self, id: u64) {
        self.inner.lock().unwrap().interactions.remove(&id);
    }

    pub async fn answer(&self, id: u64) -> Answer {
        self.wait_for(Duration::from_secs(30), |i| {
            let p = i.interactions.get(&id)?;
            let last = p.answers.last()?;
            (last.kind != 5).then(|| last.clone())
        })
        .await
        .unwrap_or_else(|| panic!("no answer to interaction {id}"))
    }
}

#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub manage: bool,
}

/// The shard of a guild's events, as Discord computes it.
pub fn shard_of(guild: u64, total: u64) -> u64 {
    (guild >> 22) % total.max(1)
}

#[allow(clippy::too_many_arguments)]
fn interaction(
    id: u64,
    kind: u64,
    data: Value,
    user: &User,
    perms: u64,
    guild: u64,
    channel: u64,
    message: Option<Value>,
) -> Value {
    let perms = perms.to_string();
    let mut v = json!({
        "id": id.to_string(), "application_id": APP.to_string(), "type": kind, "token": format!("tok-{id}"),
        "version": 1, "data": data, "guild_id": guild.to_string(), "channel_id": channel.to_string(),
        "channel": {"id": channel.to_string(), "type": 0, "name": "games", "guild_id": guild.to_string(), "permissions": perms},
        "member": {"user": {"id": user.id.to_string(), "username": user.name.to_lowercase(), "discriminator": "0",
                            "global_name": user.name, "avatar": null},
                   "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
                   "flags": 0, "permissions": perms, "nick": null, "avatar": null, "pending": false},
        "app_permissions": "2251799813685247", "locale": "en-US", "guild_locale": "en-US",
        "entitlements": [], "authorizing_integration_owners": {"0": guild.to_string()}, "context": 0,
        "attachment_size_limit": 10485760
    });
    if let Some(m) = message {
        v["message"] = m;
    }
    v
}

fn message_json(channel: u64, content: &str, author: u64) -> Value {
    json!({"id": "1100", "channel_id": channel.to_string(),
        "author": {"id": author.to_string(), "username": "meeplebot", "discriminator": "0", "global_name": null, "avatar": null, "bot": true},
        "content": content, "timestamp": "2026-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0})
}

async fn gateway(State((_, _, port)): State<S>) -> Json<Value> {
    Json(
        json!({"url": format!("ws://127.0.0.1:{port}/gw"), "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
    )
}

async fn app_info() -> Json<Value> {
    Json(
        json!({"id": APP.to_string(), "name": "meeplebot", "icon": null, "description": "",
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "00", "flags": 0,
        "owner": {"id": "1", "username": "owner", "discriminator": "0", "global_name": null, "avatar": null},
        "team": null}),
    )
}

async fn ws(up: WebSocketUpgrade, State(state): State<S>) -> Response {
    up.on_upgrade(move |socket| gateway_session(socket, state))
}

async fn gateway_session(mut socket: WebSocket, (inner, changed, port): S) {
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 45000}}).to_string();
    if socket.send(Message::Text(hello)).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(out) = out else { break };
                if socket.send(Message::Text(out)).await.is_err() { break; }
            }
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Close(_) => break,
                    _ => continue,
                };
                let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                match v["op"].as_u64() {
                    Some(2) => {
                        let shard = v["d"]["shard"].as_array().cloned().unwrap_or_default();
                        let (id, total) = (
                            shard.first().and_then(|x| x.as_u64()).unwrap_or(0),
                            shard.get(1).and_then(|x| x.as_u64()).unwrap_or(1),
                        );
                        let ready = json!({"op": 0, "s": 0, "t": "READY", "d": {
                            "v": 10,
                            "user": {"id": APP.to_string(), "username": "meeplebot", "discriminator": "0", "global_name": null, "avatar": null, "bot": true},
                            "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                            "session_id": "session", "resume_gateway_url": format!("ws://127.0.0.1:{port}/gw"),
                            "shard": [id, total], "application": {"id": APP.to_string(), "flags": 0}}});
                        if socket.send(Message::Text(ready.to_string())).await.is_err() { break; }
                        let mut i = inner.lock().unwrap();
                        i.identifies += 1;
                        i.gateway = Some(tx.clone());
                        i.sessions.push(Session { shard: id, total, tx: tx.clone() });
                        drop(i);
                        changed.notify_waiters();
                    }
                    Some(1) => {
                        let _ = socket.send(Message::Text(json!({"op": 11}).to_string())).await;
                    }
                    _ => {}
                }
            }
        }
    }
}

fn with_ids(body: &Value) -> Value {
    let mut cmds = body.as_array().cloned().unwrap_or_default();
    for (k, c) in cmds.iter_mut().enumerate() {
        c["id"] = json!((800 + k).to_string());
        c["application_id"] = json!(APP.to_string());
        c["version"] = json!("1");
        if c.get("type").is_none() {
            c["type"] = json!(1);
        }
    }
    Value::Array(cmds)
}

async fn register(
    State((inner, changed, _)): State<S>,
    Path(_app): Path<String>,
    Json(body): Json<Value>,
) -> Json<Value> {
    inner.lock().unwrap().registered.push(body.clone());
    changed.notify_waiters();
    Json(with_ids(&body))
}

async fn register_guild(
    State((inner, changed, _)): State<S>,
    Path((_app, _guild)): Path<(String, String)>,
    Json(body): Json<Value>,
) -> Json<Value> {
    inner.lock().unwrap().registered.push(body.clone());
    changed.notify_waiters();
    Json(with_ids(&body))
}

fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    (
        status,
        Json(json!({"code": code, "message": message, "errors": {}})),
    )
        .into_response()
}

/// Reads a JSON or multipart body into (payload, files).
async fn read_body(
    headers: &HeaderMap,
    req: axum::extract::Request,
) -> Result<(Value, Vec<(String, Vec<u8>)>), String> {
    let ct = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    if ct.starts_with("multipart/form-data") {
        let mut mp = Multipart::from_request(req, &())
            .await
            .map_err(|e| e.to_string())?;
        let mut payload = Value::Null;
        let mut files = Vec::new();
        while let Some(field) = mp.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or("").to_string();
            let file_name = field.file_name().unwrap_or("").to_string();
            let bytes = field.bytes().await.map_err(|e| e.to_string())?.to_vec();
            if name == "payload_json" {
                payload = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
            } else {
                files.push((file_name, bytes));
            }
        }
        Ok((payload, files))
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 50 << 20)
            .await
            .map_err(|e| e.to_string())?;
        Ok((
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())?,
            Vec::new(),
        ))
    }
}

/// The link buttons of a message payload: (address, label).
pub fn links_of(data: &Value) -> Vec<(String, String)> {
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["style"] == 5)
        .map(|b| {
            (
                b["url"].as_str().unwrap_or("").to_string(),
                b["label"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Checks a message payload against Discord's limits; returns the problems.
fn check_message(data: &Value, files: &[(String, Vec<u8>)]) -> Vec<String> {
    let mut out = Vec::new();
    if data["content"].as_str().map_or(0, |c| c.chars().count()) > 2000 {
        out.push("content over 2000 characters".into());
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        out.push("more than 5 action rows".into());
    }
    // Custom ids are unique within a message.
    let mut ids: Vec<&str> = rows
        .iter()
        .flat_map(|r| r["components"].as_array().into_iter().flatten())
        .filter_map(|b| b["custom_id"].as_str())
        .collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != n {
        out.push("the same custom_id twice in one message".into());
    }
    for row in &rows {
        let buttons = row["components"].as_array().cloned().unwrap_or_default();
        if buttons.len() > 5 {
            out.push("more than 5 buttons in a row".into());
        }
        for b in buttons {
            // A link button has an address and no custom id.
            if b["style"] == 5 {
                let url = b["url"].as_str().unwrap_or("");
                if !(url.starts_with("https://") || url.starts_with("http://"))
                    || url.len() > 512
                    || !b["custom_id"].is_null()
                {
                    out.push(format!("link button {b} is not a link"));
                }
                continue;
            }
            let id = b["custom_id"].as_str().unwrap_or("");
            if id.is_empty() || id.len() > 100 {
                out.push(format!("custom_id {id:?} not 1-100 characters"));
            }
            if b["label"].as_str().map_or(0, |l| l.chars().count()) > 80 {
                out.push("button label over 80 characters".into());
            }
        }
    }
    let attachments = data["attachments"].as_array().cloned().unwrap_or_default();
    if attachments.len() != files.len() {
        out.push(format!(
            "{} files for {} attachment entries",
            files.len(),
            attachments.len()
        ));
    }
    for (_, bytes) in files {
        if bytes.len() > 10 * 1024 * 1024 {
            out.push("file over 10 MiB".into());
        }
    }
    if let Some(users) = data["allowed_mentions"]["parse"].as_array() {
        if users.iter().any(|p| p == "everyone" || p == "roles") {
            out.push("allowed_mentions parses everyone/roles".into());
        }
    }
    out
}

async fn callback(
    State((inner, changed, _)): State<S>,
    Path((id, _token)): Path<(u64, String)>,
    headers: HeaderMap,
    req: axum::extract::Request,
) -> Response {
    let (body, files) = match read_body(&headers, req).await {
        Ok(b) => b,
        Err(e) => return discord_error(StatusCode::BAD_REQUEST, 50035, &e),
    };
    let mut i = inner.lock().unwrap();
    let Some(p) = i.interactions.get_mut(&id) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    p.attempts += 1;
    if p.acknowledged {
        drop(i);
        changed.notify_waiters();
        return discord_error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    if p.created.elapsed() > Duration::from_secs(3) {
        drop(i);
        changed.notify_waiters();
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    if i.expire > 0 && kind != 8 {
        i.expire -= 1;
        drop(i);
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let Some(p) = i.interactions.get_mut(&id) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    p.acknowledged = true;
    let data = body["data"].clone();
    p.answers.push(Answer {
        kind,
        data: data.clone(),
        files: files.clone(),
    });
    if kind == 4 || kind == 7 {
        // 4: a new message; 7: the clicked message, edited in place.
        let problems = check_message(&data, &files);
        i.violations.extend(problems);
    }
    if kind == 8 && data["choices"].as_array().map_or(0, |c| c.len()) > 25 {
        i.violations
            .push("more than 25 autocomplete choices".into());
    }
    drop(i);
    changed.notify_waiters();
    StatusCode::NO_CONTENT.into_response()
}

async fn followup(
    State((inner, changed, _)): State<S>,
    Path((_app, token)): Path<(String, String)>,
    headers: HeaderMap,
    req: axum::extract::Request,
) -> Response {
    let (body, files) = match read_body(&headers, req).await {
        Ok(b) => b,
        Err(e) => return discord_error(StatusCode::BAD_REQUEST, 50035, &e),
    };
    let Some(id) = token
        .strip_prefix("tok-")
        .and_then(|s| s.parse::<u64>().ok())
    else {
        return discord_error(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token");
    };
    let mut i = inner.lock().unwrap();
    let problems = check_message(&body, &files);
    i.violations.extend(problems);
    let Some(p) = i.interactions.get_mut(&id) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if !p.acknowledged {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    p.answers.push(Answer {
        kind: 0,
        data: body.clone(),
        files,
    });
    let answer = p.answers.len() - 1;
    let channel = i.interaction_channels.get(&id).copied().unwrap_or(1);
    let message = original_id(&mut i, id, answer);
    drop(i);
    changed.notify_waiters();
    let content = body["content"].as_str().unwrap_or("");
    let mut m = message_json(channel, content, APP);
    m["id"] = json!(message.to_string());
    Json(m).into_response()
}

/// The id of an interaction's answer as a channel message (given once, then the same).
fn original_id(i: &mut Inner, interaction: u64, answer: usize) -> u64 {
    let n = match i.originals.iter().position(|&o| o == (interaction, answer)) {
        Some(n) => n,
        None => {
            i.originals.push((interaction, answer));
            i.originals.len() - 1
        }
    };
    FIRST_ORIGINAL + n as u64
}

/// The id of the first interaction answer the bot learns as a message.
const FIRST_ORIGINAL: u64 = 1_500_000_000;

/// `GET /webhooks/{app}/{token}/messages/@original`: the message an interaction's response
/// made (its first answer that is a message).
async fn original_message(
    State((inner, _, _)): State<S>,
    Path((_app, token, message)): Path<(String, String, String)>,
) -> Response {
    let id = token
        .strip_prefix("tok-")
        .and_then(|s| s.parse::<u64>().ok());
    let mut i = inner.lock().unwrap();
    let found = id.filter(|_| message == "@original").and_then(|id| {
        let p = i.interactions.get(&id)?;
        let n = p.answers.iter().position(|a| a.kind == 4 || a.kind == 0)?;
        Some((id, n, p.answers[n].data.clone()))
    });
    let Some((id, n, data)) = found else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    let channel = i.interaction_channels.get(&id).copied().unwrap_or(1);
    let message = original_id(&mut i, id, n);
    let mut m = message_json(channel, data["content"].as_str().unwrap_or(""), APP);
    m["id"] = json!(message.to_string());
    Json(m).into_response()
}

async fn channel_message(
    State((inner, changed, _)): State<S>,
    Path(channel): Path<u64>,
    headers: HeaderMap,
    req: axum::extract::Request,
) -> Response {
    let (body, files) = match read_body(&headers, req).await {
        Ok(b) => b,
        Err(e) => return discord_error(StatusCode::BAD_REQUEST, 50035, &e),
    };
    let mut i = inner.lock().unwrap();
    if i.deleted.contains(&channel) {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    if i.no_access.contains(&channel) {
        i.refused_posts.push(channel);
        drop(i);
        changed.notify_waiters();
        return discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access");
    }
    let problems = check_message(&body, &files);
    i.violations.extend(problems);
    i.messages.push(body.clone());
    i.message_files.push(files);
    i.message_channels.push(channel);
    let id = FIRST_MESSAGE + i.messages.len() as u64 - 1;
    drop(i);
    changed.notify_waiters();
    let mut m = message_json(channel, body["content"].as_str().unwrap_or(""), APP);
    m["id"] = json!(id.to_string());
    Json(m).into_response()
}

/// The id of the first channel message the bot posts (the next ones count up from it).
const FIRST_MESSAGE: u64 = 1_100_000_000;

/// `PATCH /channels/{id}/messages/{message}`: the bot edits one of its messages; its body is
/// replaced in place and the edit counted.
async fn edit_message(
    State((inner, changed, _)): State<S>,
    Path((channel, message)): Path<(u64, u64)>,
    Json(body): Json<Value>,
) -> Response {
    let mut i = inner.lock().unwrap();
    if let Some(o) = message.checked_sub(FIRST_ORIGINAL).map(|n| n as usize) {
        // An interaction's answer, edited as a channel message.
        let Some(&(id, answer)) = i.originals.get(o) else {
            return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
        };
        if i.interaction_channels.get(&id) != Some(&channel) {
            return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
        }
        let problems = check_message(&body, &[]);
        i.violations.extend(problems);
        if let Some(a) = i
            .interactions
            .get_mut(&id)
            .and_then(|p| p.answers.get_mut(answer))
        {
            for field in ["content", "components"] {
                if let Some(v) = body.get(field) {
                    a.data[field] = v.clone();
                }
            }
        }
        i.edits.push(message);
        drop(i);
        changed.notify_waiters();
        let mut m = message_json(channel, body["content"].as_str().unwrap_or(""), APP);
        m["id"] = json!(message.to_string());
        return Json(m).into_response();
    }
    let Some(n) = message.checked_sub(FIRST_MESSAGE).map(|n| n as usize) else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if i.message_channels.get(n) != Some(&channel) {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    let problems = check_message(&body, &[]);
    i.violations.extend(problems);
    for field in ["content", "components"] {
        if let Some(v) = body.get(field) {
            i.messages[n][field] = v.clone();
        }
    }
    i.edits.push(message);
    drop(i);
    changed.notify_waiters();
    let mut m = message_json(channel, body["content"].as_str().unwrap_or(""), APP);
    m["id"] = json!(message.to_string());
    Json(m).into_response()
}

/// `POST /users/@me/channels`: opens (or finds) the direct-message channel with a user.
async fn open_dm(State((inner, changed, _)): State<S>, Json(body): Json<Value>) -> Response {
    let Some(user) = body["recipient_id"]
        .as_str()
        .and_then(|s| s.parse::<u64>().ok())
        .or_else(|| body["recipient_id"].as_u64())
    else {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "recipient_id missing");
    };
    inner.lock().unwrap().dms.push(user);
    changed.notify_waiters();
    Json(json!({
        "id": dm_channel(user).to_string(), "type": 1, "last_message_id": null,
        "recipients": [{"id": user.to_string(), "username": "someone", "discriminator": "0",
                        "global_name": null, "avatar": null}]
    }))
    .into_response()
}

/// `POST /channels/{id}/threads`: a public thread without a starter message.
async fn create_thread(
    State((inner, changed, _)): State<S>,
    Path(parent): Path<u64>,
    Json(body): Json<Value>,
) -> Response {
    let name = body["name"].as_str().unwrap_or("").to_string();
    let mut i = inner.lock().unwrap();
    if name.is_empty() || name.chars().count() > 100 {
        i.violations
            .push(format!("thread name {name:?} not 1-100 characters"));
    }
    let id = 880_000_000_000_000_000 + i.threads.len() as u64 + 1;
    i.threads.push((parent, id, name.clone()));
    let guild = i.guild_of.get(&parent).copied().unwrap_or(GUILD);
    i.guild_of.insert(id, guild);
    drop(i);
    changed.notify_waiters();
    Json(json!({
        "id": id.to_string(), "type": 11, "guild_id": guild.to_string(),
        "parent_id": parent.to_string(), "owner_id": APP.to_string(), "name": name,
        "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "locked": false,
                            "archive_timestamp": "2026-01-01T00:00:00.000000+00:00"},
        "message_count": 0, "member_count": 1
    }))
    .into_response()
}

/// `DELETE /channels/{id}`: the bot deletes a channel or thread.
async fn delete_channel(
    State((inner, changed, _)): State<S>,
    Path(channel): Path<u64>,
) -> Response {
    let mut i = inner.lock().unwrap();
    let Some((parent, _, name)) = i.threads.iter().find(|t| t.1 == channel).cloned() else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    i.bot_deleted.push(channel);
    i.deleted.push(channel);
    let guild = i.guild_of.get(&channel).copied().unwrap_or(GUILD);
    drop(i);
    changed.notify_waiters();
    Json(json!({
        "id": channel.to_string(), "type": 11, "guild_id": guild.to_string(),
        "parent_id": parent.to_string(), "name": name
    }))
    .into_response()
}

async fn fallback(req: axum::extract::Request) -> Response {
    eprintln!("fake discord: unhandled {} {}", req.method(), req.uri());
    discord_error(StatusCode::NOT_FOUND, 0, "not handled by the fake")
}

/// The data of `/carcassonne <sub>`: a subcommand, or a group and its subcommand
/// (`"me notify"`); `"/abbey"`: the top-level command `/abbey`.
fn command_data(sub: &str, options: Vec<Value>) -> Value {
    if let Some(top) = sub.strip_prefix('/') {
        return json!({"id": "801", "name": top, "type": 1, "options": options});
    }
    let inner = match sub.split_once(' ') {
        Some((group, name)) => json!({"name": group, "type": 2,
            "options": [{"name": name, "type": 1, "options": options}]}),
        None => json!({"name": sub, "type": 1, "options": options}),
    };
    json!({"id": "800", "name": "carcassonne", "type": 1, "options": [inner]})
}

impl Fake {
    /// The application's OAuth2 client: token exchanges must name this ID and secret.
    pub fn set_oauth_client(&self, id: &str, secret: &str) {
        self.inner.lock().unwrap().oauth_client = Some((id.into(), secret.into()));
    }

    /// An OAuth2 authorization code for `user`, as Discord gives an Activity after
    /// `authorize` (good for one exchange).
    pub fn oauth_code(&self, user: u64) -> String {
        let code = format!("code{}", self.ids.fetch_add(1, Ordering::SeqCst));
        self.inner.lock().unwrap().codes.insert(code.clone(), user);
        code
    }

    /// Token exchanges asked for so far.
    pub fn exchanges(&self) -> usize {
        self.inner.lock().unwrap().exchanges
    }
}

/// `POST /oauth2/token`: an authorization code exchanged for an access token, as Discord's
/// OAuth2 defines it (a form body; `grant_type=authorization_code`, the client's ID and
/// secret, the code; a code is good once).
async fn oauth_token(
    State((inner, _, _)): State<S>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let form = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let oauth_error = |status: StatusCode, error: &str, description: &str| {
        (
            status,
            axum::Json(json!({"error": error, "error_description": description})),
        )
            .into_response()
    };
    if !form {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "a form body is required",
        );
    }
    let fields: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let mut i = inner.lock().unwrap();
    i.exchanges += 1;
    if fields.get("grant_type").map(String::as_str) != Some("authorization_code") {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Unsupported grant type",
        );
    }
    let client = (
        fields.get("client_id").cloned().unwrap_or_default(),
        fields.get("client_secret").cloned().unwrap_or_default(),
    );
    if i.oauth_client.as_ref() != Some(&client) {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "Invalid client");
    }
    let Some(user) = fields.get("code").and_then(|c| i.codes.remove(c)) else {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "Invalid \"code\" in request.",
        );
    };
    let token = format!("access{user}x{}", i.access.len());
    i.access.insert(token.clone(), user);
    axum::Json(json!({
        "access_token": token,
        "token_type": "Bearer",
        "expires_in": 604800,
        "refresh_token": format!("refresh{user}"),
        "scope": "identify",
    }))
    .into_response()
}

/// `GET /users/@me` with a user's access token (`Authorization: Bearer …`): that user.
async fn current_user(State((inner, _, _)): State<S>, headers: HeaderMap) -> Response {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    let Some(user) = inner.lock().unwrap().access.get(token).copied() else {
        return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    };
    axum::Json(json!({
        "id": user.to_string(),
        "username": format!("user{user}"),
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
    }))
    .into_response()
}
