//! A server's settings (`/carcassonne settings`): the defaults of its new games, the channels
//! that may host games, whether new games open in a thread, who may open games, its moderator
//! role and the language of its public messages. Kept per server in the same storage as the
//! games; members who can manage the server change them, everyone may look. Also what concerns
//! a member across the server: whether they moderate, and the games they sit in.

use super::api::Settings;
use super::api::{ChannelRule, Reply, Request, SettingsChange};
use super::reminders::IndexEntry;
use super::storage::{Key, Storage, StorageError};
use super::stored::{StoredGame, WhileAway};
use crate::ai::Level;
use crate::engine::{FarmRule, TileSet};
use crate::i18n::{self, Lang};
use crate::tr;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a server's admins chose; `None` (or empty) takes the bot's default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerSettings {
    /// The language of public messages (`None`: the server's preferred language in Discord).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// The sets of new games besides the base game (record names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets: Option<Vec<String>>,
    /// The farm rule of new games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub farms: Option<FarmRule>,
    /// Whether two-tile cities score 2 in new games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub small_city: Option<bool>,
    /// Hours between reminders in new games (0: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder_hours: Option<u32>,
    /// The strength of computer players in new games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// Hours per move in new games (0: no move clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_hours: Option<u32>,
    /// What new games do while a player is away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub while_away: Option<WhileAway>,
    /// The channels where games may be opened (empty: any channel).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<u64>,
    /// Whether `/carcassonne new` opens a thread unless told otherwise.
    #[serde(default)]
    pub threads: bool,
    /// Only members with this role (or who can manage the server) open games (`None`: everyone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starter_role: Option<u64>,
    /// Members with this role moderate games, besides those who can manage messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moderator_role: Option<u64>,
    /// Messages carry no link to games' web pages, and the pages of the server's games are not
    /// shown.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub web_links_off: bool,
    /// The standings' seasons: the rule, the season now and the past seasons' final tables.
    #[serde(default, skip_serializing_if = "super::season::Seasons::is_off")]
    pub seasons: super::season::Seasons,
}

/// The servers' settings: read through a cache (unless other processes share the storage:
/// then read each time, they may change them), written through to the storage; and what the
/// servers' index of games says (the lobbies open, a member's games). A narrow part of the
/// service: the storage, the bot's defaults and the cache, nothing else.
pub struct Servers {
    storage: Arc<dyn Storage>,
    /// The bot's settings: the defaults a server's settings show where it chose none.
    settings: Settings,
    /// Servers' settings read so far.
    cache: Mutex<HashMap<u64, ServerSettings>>,
}

impl Servers {
    /// The settings of servers kept in `storage`, over the bot's `settings`.
    pub(super) fn new(storage: Arc<dyn Storage>, settings: Settings) -> Servers {
        Servers {
            storage,
            settings,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// A server's settings: the stored ones, or the defaults when none are stored or the entry
    /// cannot be read (logged; the server's games go on). Kept in memory after the first read
    /// unless other processes share the storage (then read each time: they may change them).
    pub fn server(&self, guild: u64) -> ServerSettings {
        if guild == 0 {
            return ServerSettings::default();
        }
        let shared = self.storage.shared();
        if !shared {
            if let Some(s) = super::lock(&self.cache).get(&guild) {
                return s.clone();
            }
        }
        let read = self.read_server(guild);
        if !shared {
            super::lock(&self.cache).insert(guild, read.clone());
        }
        read
    }

    /// Changes a server's settings with `f` over what is stored (read again and done again when
    /// another writer came first); `f` returning `None` writes nothing. Returns the settings
    /// written, if any.
    pub(super) fn change(
        &self,
        guild: u64,
        mut f: impl FnMut(&ServerSettings) -> Option<ServerSettings>,
    ) -> Result<Option<ServerSettings>, StorageError> {
        let mut tries = 0;
        loop {
            tries += 1;
            let stored = self.storage.get_server(guild)?;
            let current = match &stored {
                Some(b) => serde_json::from_slice(b).map_err(|e| {
                    StorageError::Io(format!("the server's stored settings cannot be read: {e}"))
                })?,
                None => ServerSettings::default(),
            };
            let Some(next) = f(&current) else {
                // What is stored is what this process should see from now on.
                if !self.storage.shared() {
                    super::lock(&self.cache).insert(guild, current);
                }
                return Ok(None);
            };
            let bytes = serde_json::to_vec(&next).unwrap_or_default();
            match self.storage.swap_server(guild, stored.as_deref(), &bytes) {
                Ok(()) => {
                    if !self.storage.shared() {
                        super::lock(&self.cache).insert(guild, next.clone());
                    }
                    return Ok(Some(next));
                }
                Err(StorageError::Conflict { .. }) if tries < 8 => continue,
                Err(e) => {
                    super::lock(&self.cache).remove(&guild);
                    return Err(e);
                }
            }
        }
    }

    /// Every server's stored settings that can be read (which this process then keeps as
    /// read).
    pub(super) fn all(&self) -> Result<Vec<(u64, ServerSettings)>, StorageError> {
        let all: Vec<(u64, ServerSettings)> = self
            .storage
            .all_servers()?
            .into_iter()
            .filter_map(|(g, b)| serde_json::from_slice(&b).ok().map(|s| (g, s)))
            .collect();
        if !self.storage.shared() {
            let mut cache = super::lock(&self.cache);
            for (g, s) in &all {
                cache.insert(*g, s.clone());
            }
        }
        Ok(all)
    }

    fn read_server(&self, guild: u64) -> ServerSettings {
        match self.storage.get_server(guild) {
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::error!(guild, "the server's stored settings cannot be read: {e}");
                ServerSettings::default()
            }),
            Ok(None) => ServerSettings::default(),
            Err(e) => {
                tracing::error!(guild, "cannot read the server's settings: {e}");
                ServerSettings::default()
            }
        }
    }

    /// Whether the sender may open one more lobby on this server: at most
    /// [`super::Limits::lobbies_per_member`] of theirs and
    /// [`super::Limits::lobbies_per_server`] in all may be open at once. Direct messages count
    /// as one server per member (their games are the member's own).
    pub fn lobby_room(&self, req: &Request) -> Result<(), String> {
        let limits = self.settings.limits;
        if limits.lobbies_per_member == 0 && limits.lobbies_per_server == 0 {
            return Ok(());
        }
        let lang = i18n::private();
        let entries = self.storage.guild_index(req.key.guild).map_err(|e| {
            tracing::error!(guild = req.key.guild, "cannot read the index: {e}");
            tr!(lang, "storage-unreadable")
        })?;
        let (mut mine, mut all) = (0u32, 0u32);
        for (key, bytes) in entries {
            let Some(entry) = IndexEntry::decode(&bytes) else {
                continue;
            };
            if !entry.lobby || key == req.key {
                continue;
            }
            all += 1;
            if entry.creator == Some(req.actor.id) {
                mine += 1;
            }
        }
        if limits.lobbies_per_member > 0 && mine >= limits.lobbies_per_member {
            return Err(tr!(
                lang,
                "lobbies-per-member",
                n = limits.lobbies_per_member
            ));
        }
        if req.key.guild != 0 && limits.lobbies_per_server > 0 && all >= limits.lobbies_per_server {
            return Err(tr!(
                lang,
                "lobbies-per-server",
                n = limits.lobbies_per_server
            ));
        }
        Ok(())
    }

    /// The languages of work on a game that no interaction asked for (a computer's move): the
    /// server's choice, else the language the game was opened in.
    pub(crate) fn game_langs(&self, key: super::Key, stored: &StoredGame) -> i18n::Langs {
        let public = self
            .server(key.guild)
            .lang
            .or(stored.lang)
            .unwrap_or_default();
        i18n::Langs {
            private: public,
            public,
        }
    }

    /// `/carcassonne mygames`: the games of this server the sender sits in, their turns first,
    /// with a link to each channel, whose turn it is and how many personal web links of theirs
    /// move their seat there (`web_links`, counted by the service) (privately).
    pub(super) fn my_games(&self, req: &Request, web_links: impl Fn(Key) -> usize) -> Reply {
        let lang = i18n::private();
        let me = req.actor.id;
        let entries = match self.storage.guild_index(req.key.guild) {
            Ok(e) => e,
            Err(e) => {
                tracing::error!("cannot read the index: {e}");
                return Reply::refuse(tr!(lang, "internal-error"));
            }
        };
        let mut games = Vec::new();
        for (key, bytes) in entries {
            let Some(entry) = IndexEntry::decode(&bytes) else {
                continue;
            };
            let people = match &entry.people {
                Some(p) => p.clone(),
                // Entries from before the list: read the game.
                None => match self
                    .storage
                    .get_game(key)
                    .ok()
                    .flatten()
                    .map(|b| StoredGame::decode(&b).map(|s| IndexEntry::of(&s, 1).people))
                {
                    Some(Ok(Some(p))) => p,
                    _ => continue,
                },
            };
            if !people.contains(&me) {
                continue;
            }
            let (rank, state) = if entry.lobby {
                (2, tr!(lang, "mygames-lobby"))
            } else {
                match entry.waiting {
                    Some(u) if u == me => (0, tr!(lang, "mygames-your-turn")),
                    Some(u) => (1, tr!(lang, "mygames-turn-of", player = format!("<@{u}>"))),
                    None => (1, tr!(lang, "mygames-computer")),
                }
            };
            let links = if entry.lobby { 0 } else { web_links(key) };
            let state = if links > 0 {
                format!("{state} · {}", tr!(lang, "mygames-web-links", n = links))
            } else {
                state
            };
            games.push((rank, key.channel, state));
        }
        if games.is_empty() {
            return Reply::refuse(tr!(lang, "mygames-none"));
        }
        games.sort();
        let mut lines = vec![tr!(lang, "mygames-title", n = games.len())];
        lines.extend(
            games
                .into_iter()
                .map(|(_, channel, state)| format!("• <#{channel}>: {state}")),
        );
        Reply::refuse(lines.join("\n"))
    }

    /// Whether the request's sender may open a game in `channel` (the channel `/new` was typed
    /// in); the refusal says why, in the sender's language.
    pub fn may_open(&self, req: &Request, channel: u64) -> Result<(), String> {
        let server = self.server(req.key.guild);
        let lang = i18n::private();
        if !server.channels.is_empty() && !server.channels.contains(&channel) {
            return Err(tr!(
                lang,
                "new-channel-not-allowed",
                channels = channel_list(&server.channels)
            ));
        }
        if let Some(role) = server.starter_role {
            let rights = &req.actor.rights;
            if !rights.manage_server && !rights.roles.contains(&role) {
                return Err(tr!(lang, "new-not-starter", role = format!("<@&{role}>")));
            }
        }
        Ok(())
    }

    /// Whether the request's sender moderates games on this server: they may manage messages
    /// (or the server, or the channel), or hold the server's moderator role.
    pub fn is_moderator(&self, req: &Request) -> bool {
        let rights = &req.actor.rights;
        if rights.manage_messages || rights.manage_server || req.actor.manager {
            return true;
        }
        self.server(req.key.guild)
            .moderator_role
            .is_some_and(|r| rights.roles.contains(&r))
    }

    /// `/carcassonne settings`: shows the server's settings, or changes them for members who
    /// can manage the server. Every reply is private.
    pub(super) fn settings_command(&self, req: &Request, change: &SettingsChange) -> Reply {
        let lang = i18n::private();
        let guild = req.key.guild;
        if guild == 0 {
            return Reply::refuse(tr!(lang, "settings-no-server"));
        }
        if change.is_empty() {
            return Reply::refuse(self.settings_text(lang, &self.server(guild)));
        }
        if !req.actor.rights.manage_server {
            return Reply::refuse(tr!(lang, "settings-not-admin"));
        }
        // Read, change, and write only if nobody wrote them meanwhile (another admin, through
        // another process); else read again and apply the change to what is stored now.
        let mut tries = 0;
        let server = loop {
            tries += 1;
            let stored = match self.storage.get_server(guild) {
                Ok(b) => b,
                Err(e) => {
                    tracing::error!(guild, "cannot read the server's settings: {e}");
                    return Reply::refuse(tr!(lang, "prefs-not-saved"));
                }
            };
            let current = match &stored {
                Some(bytes) => serde_json::from_slice(bytes).unwrap_or_else(|e| {
                    tracing::error!(guild, "the server's stored settings cannot be read: {e}");
                    ServerSettings::default()
                }),
                None => ServerSettings::default(),
            };
            let server = match changed(current, change, req.key.channel) {
                Ok(s) => s,
                Err(r) => return r,
            };
            let bytes = serde_json::to_vec(&server).unwrap_or_default();
            match self.storage.swap_server(guild, stored.as_deref(), &bytes) {
                Ok(()) => break server,
                Err(StorageError::Conflict { .. }) if tries < 5 => continue,
                Err(e) => {
                    tracing::error!(guild, "cannot store the server's settings: {e}");
                    super::lock(&self.cache).remove(&guild);
                    return Reply::refuse(tr!(lang, "prefs-not-saved"));
                }
            }
        };
        if !self.storage.shared() {
            super::lock(&self.cache).insert(guild, server.clone());
        }
        Reply::refuse(format!(
            "{}\n{}",
            tr!(lang, "settings-saved"),
            self.settings_text(lang, &server)
        ))
    }

    /// The settings as shown: every setting with its value, the bot's default where the server
    /// chose none.
    fn settings_text(&self, lang: Lang, s: &ServerSettings) -> String {
        let d = &self.settings;
        let yes_no = |b: bool| tr!(lang, if b { "yes" } else { "no" });
        let sets = s.sets.clone().unwrap_or_else(|| d.default_sets.clone());
        let farms = s.farms.unwrap_or(d.default_rules.farms);
        let level = s.level.unwrap_or(d.default_level);
        let lines = [
            tr!(lang, "settings-title"),
            tr!(
                lang,
                "settings-language",
                language = s
                    .lang
                    .map(|l| l.native_name().to_string())
                    .unwrap_or_else(|| tr!(lang, "settings-language-discord"))
            ),
            tr!(
                lang,
                "settings-sets",
                sets = if sets.is_empty() {
                    tr!(lang, "settings-sets-none")
                } else {
                    sets.join(", ")
                }
            ),
            tr!(
                lang,
                "settings-farms",
                farms = tr!(
                    lang,
                    match farms {
                        FarmRule::PerFarm => "farms-per-farm",
                        FarmRule::PerCity => "farms-per-city",
                        FarmRule::None => "farms-none",
                    }
                )
            ),
            tr!(
                lang,
                "settings-small-city",
                yes = yes_no(s.small_city.unwrap_or(d.default_rules.small_city))
            ),
            tr!(
                lang,
                "settings-reminders",
                hours = s.reminder_hours.unwrap_or(d.reminder_hours)
            ),
            tr!(
                lang,
                "settings-clock",
                clock = super::words::clock_words(lang, s.clock_hours.unwrap_or(d.clock_hours))
            ),
            tr!(
                lang,
                "settings-while-away",
                what = super::words::while_away_words(lang, s.while_away.unwrap_or_default())
            ),
            tr!(
                lang,
                "settings-level",
                level = tr!(
                    lang,
                    match level {
                        Level::Easy => "level-easy",
                        Level::Medium => "level-medium",
                        Level::Hard => "level-hard",
                    }
                )
            ),
            tr!(
                lang,
                "settings-channels",
                channels = if s.channels.is_empty() {
                    tr!(lang, "settings-channels-any")
                } else {
                    channel_list(&s.channels)
                }
            ),
            tr!(lang, "settings-threads", yes = yes_no(s.threads)),
            tr!(lang, "settings-web-links", yes = yes_no(!s.web_links_off)),
            tr!(
                lang,
                "settings-starters",
                who = s
                    .starter_role
                    .map(|r| format!("<@&{r}>"))
                    .unwrap_or_else(|| tr!(lang, "settings-everyone"))
            ),
            tr!(
                lang,
                "settings-moderators",
                role = s
                    .moderator_role
                    .map(|r| format!("<@&{r}>"))
                    .unwrap_or_else(|| "—".to_string())
            ),
        ];
        lines.join("\n")
    }
}

/// A server's settings with a change applied (`channel`: where the command was typed, for the
/// channel rules), or the refusal of a bad value.
fn changed(
    mut server: ServerSettings,
    change: &SettingsChange,
    channel: u64,
) -> Result<ServerSettings, Reply> {
    let lang = i18n::private();
    if let Some(sets) = &change.sets {
        let mut names = Vec::new();
        for s in sets {
            let Some(set) = TileSet::parse(s.trim()).filter(|t| t.offered()) else {
                return Err(Reply::refuse(tr!(lang, "settings-bad-set", set = s.trim())));
            };
            if set != TileSet::Base && !names.contains(&set.name().to_string()) {
                names.push(set.name().to_string());
            }
        }
        server.sets = Some(names);
    }
    if let Some(hours) = change.reminder_hours {
        if hours > 24 * 14 {
            return Err(Reply::refuse(tr!(lang, "settings-bad-hours")));
        }
        server.reminder_hours = Some(hours);
    }
    if let Some(hours) = change.clock_hours {
        if hours > super::table::MOST_CLOCK_HOURS {
            return Err(Reply::refuse(tr!(lang, "clock-max")));
        }
        server.clock_hours = Some(hours);
    }
    if let Some(w) = change.while_away {
        server.while_away = Some(w);
    }
    if let Some(l) = change.lang {
        server.lang = l;
    }
    if let Some(f) = change.farms {
        server.farms = Some(f);
    }
    if let Some(b) = change.small_city {
        server.small_city = Some(b);
    }
    if let Some(l) = change.level {
        server.level = Some(l);
    }
    if let Some(t) = change.threads {
        server.threads = t;
    }
    if let Some(on) = change.web_links {
        server.web_links_off = !on;
    }
    if let Some(r) = change.starter_role {
        server.starter_role = r;
    }
    if let Some(r) = change.moderator_role {
        server.moderator_role = r;
    }
    match change.channel {
        Some(ChannelRule::Allow) if !server.channels.contains(&channel) => {
            server.channels.push(channel)
        }
        Some(ChannelRule::Remove) => server.channels.retain(|&c| c != channel),
        Some(ChannelRule::Any) => server.channels.clear(),
        _ => {}
    }
    Ok(server)
}

fn channel_list(channels: &[u64]) -> String {
    channels
        .iter()
        .map(|c| format!("<#{c}>"))
        .collect::<Vec<_>>()
        .join(", ")
}
