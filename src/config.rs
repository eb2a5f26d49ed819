//! The configuration file (`config.example.toml` documents every key) and its environment
//! overrides. Unknown keys are errors, so a typo never silently falls back to a default.

use crate::ai::Level;
use crate::engine::{FarmRule, Rules};
use crate::service::Settings;
use serde::Deserialize;
use std::path::PathBuf;

/// Everything the bot reads at start-up.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Discord bot token (`DISCORD_TOKEN` wins).
    pub token: String,
    /// sled database directory (`MEEPLEBOT_DATA_DIR` wins).
    pub data_dir: PathBuf,
    /// Tile pictures directory; missing or incomplete means the built-in art.
    pub tiles_dir: PathBuf,
    /// Guild for instant command registration while developing (0 or absent: global).
    pub dev_guild: Option<u64>,
    /// Default hours between reminders.
    pub reminder_hours: u32,
    /// Unanswered reminders after which the other players may vote to let the computer play for
    /// an absent player (0: never).
    pub absent_after_reminders: u32,
    /// tracing filter (`RUST_LOG` wins).
    pub log: String,
    /// Rules of new games.
    pub defaults: Defaults,
    /// What is kept, and for how long.
    pub retention: RetentionConfig,
    /// Threads that think for computer players (0: one per core).
    pub computer_threads: usize,
    /// Search iterations per position of the computer's review of each finished game (0: no
    /// reviews; `MEEPLEBOT_REVIEW_ITERATIONS` wins).
    pub review_iterations: u32,
    /// A fixed seed for every new game's shuffle (`MEEPLEBOT_SEED`; tests and demonstrations
    /// only: every game then draws the same order).
    pub seed: Option<u64>,
    /// Whether new games may choose sets still being built (`preview_sets = true`; off by
    /// default: players see only the sets that are done).
    pub preview_sets: bool,
    /// Where the games live when not in sled in `data_dir`.
    pub storage: StorageConfig,
    /// The gateway shards this process runs, as `"first-last/total"` or `"n/total"`
    /// (`MEEPLEBOT_SHARDS` and `run --shards` win). Absent: one shard, all servers.
    pub shards: Option<Shards>,
    /// The operators' endpoint.
    pub ops: OpsConfig,
    /// The web board (`[web]`).
    pub web: WebConfig,
    /// What one member, channel or server may make the bot do.
    pub limits: LimitsConfig,
}

/// Limits against misuse (`[limits]`; 0 turns a limit off).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// Lobbies one member may have open at once on a server.
    pub lobbies_per_member: u32,
    /// Lobbies a server may have open at once.
    pub lobbies_per_server: u32,
    /// Commands that only show something, per member per minute.
    pub looks_per_member: u32,
    /// Commands that only show something, per channel per minute.
    pub looks_per_channel: u32,
    /// Moves taken back per game.
    pub undos_per_game: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        let l = crate::service::Limits::default();
        LimitsConfig {
            lobbies_per_member: l.lobbies_per_member,
            lobbies_per_server: l.lobbies_per_server,
            looks_per_member: l.looks_per_member,
            looks_per_channel: l.looks_per_channel,
            undos_per_game: l.undos_per_game,
        }
    }
}

/// The operators' HTTP endpoint.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct OpsConfig {
    /// Address to serve `/health` and `/metrics` on (`MEEPLEBOT_OPS_LISTEN` wins); absent:
    /// none.
    pub listen: Option<std::net::SocketAddr>,
}

/// The web board: each game's page, live, served by the bot itself.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct WebConfig {
    /// Address to serve the pages on (`MEEPLEBOT_WEB_LISTEN` wins); absent: no pages, no links.
    pub listen: Option<std::net::SocketAddr>,
    /// The address players open, as the links show it (`https://carcassonne.example`; a reverse
    /// proxy in front); `MEEPLEBOT_WEB_PUBLIC_URL` wins. Absent: `http://` and `listen`.
    pub public_url: Option<String>,
    /// Requests for pages and their data one address may make per minute (0: no limit); tile
    /// art and scripts, cached by browsers, are not counted.
    pub requests_per_minute: u32,
    /// Live pages one address may hold open at once (0: no limit).
    pub streams_per_address: u32,
    /// Requests one seat's personal link may make per minute, from any address (0: no limit).
    pub link_requests_per_minute: u32,
    /// Figures layers (one a turn, when stepping through a game) one address may ask for per
    /// minute (0: no limit).
    pub layers_per_minute: u32,
    /// Connections open at once in all (0: a quarter of the process's file limit, at most
    /// 4,096; a larger number is cut to that).
    pub connections: u32,
    /// Connections one address may hold open at once (0: no limit; a trusted proxy's are not
    /// counted).
    pub connections_per_address: u32,
    /// Reverse proxies (addresses or ranges, `10.0.0.0/8`) whose `X-Forwarded-For` names the
    /// client; everyone else's is ignored.
    pub trusted_proxies: Vec<String>,
    /// The application's client ID, for the board as its Discord Activity
    /// (`MEEPLEBOT_ACTIVITY_CLIENT_ID` wins); with the secret, the Activity is on.
    pub activity_client_id: Option<String>,
    /// The application's OAuth2 client secret (`MEEPLEBOT_ACTIVITY_CLIENT_SECRET` wins), with
    /// which the board learns from Discord who launched the Activity.
    pub activity_client_secret: Option<String>,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            listen: None,
            public_url: None,
            requests_per_minute: 300,
            streams_per_address: 20,
            link_requests_per_minute: 120,
            layers_per_minute: 1_200,
            connections: 0,
            connections_per_address: 64,
            trusted_proxies: Vec::new(),
            activity_client_id: None,
            activity_client_secret: None,
        }
    }
}

/// A trusted proxy as written: an address (`10.0.0.1`, `::1`) or a range (`10.0.0.0/8`).
pub fn parse_proxy(text: &str) -> Option<ipnet::IpNet> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>().ok().or_else(|| {
        text.parse::<std::net::IpAddr>()
            .ok()
            .map(ipnet::IpNet::from)
    })
}

impl WebConfig {
    /// The start of every page's link (no slash at the end), if pages are served.
    pub fn base_url(&self) -> Option<String> {
        let listen = self.listen?;
        Some(match &self.public_url {
            Some(u) => u.trim_end_matches('/').to_string(),
            None => format!("http://{listen}"),
        })
    }

    /// The Activity's client ID and secret, when the board serves pages and both are set.
    pub fn activity(&self) -> Option<(String, String)> {
        self.listen?;
        let id = self.activity_client_id.as_deref()?.trim();
        let secret = self.activity_client_secret.as_deref()?.trim();
        (!id.is_empty() && !secret.is_empty()).then(|| (id.to_string(), secret.to_string()))
    }
}

/// A range of Discord gateway shards: this process runs `first..=last` of `total`, and answers
/// the interactions of the servers on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// First shard run here.
    pub first: u32,
    /// Last shard run here (inclusive).
    pub last: u32,
    /// Shards of the whole bot.
    pub total: u32,
}

impl std::str::FromStr for Shards {
    type Err = String;

    fn from_str(text: &str) -> Result<Shards, String> {
        let bad = || {
            format!(
                "shards {text:?}: expected first-last/total (e.g. 0-1/4: shards 0 and 1 of 4) or n/total"
            )
        };
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ),
            None => {
                let n = range.trim().parse().map_err(|_| bad())?;
                (n, n)
            }
        };
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "shards {text:?}: shards are numbered 0 to total - 1, first before last"
            ));
        }
        Ok(Shards { first, last, total })
    }
}

impl<'de> Deserialize<'de> for Shards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shards, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

/// The database that holds the games, when it is not sled in `data_dir`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct StorageConfig {
    /// A PostgreSQL URL (`postgres://user:password@host:5432/database`;
    /// `MEEPLEBOT_DATABASE_URL` wins). Absent: sled in `data_dir`.
    pub url: Option<String>,
    /// Seconds a process holds a game's due work once it claimed it (another process takes
    /// the work over that long after the first died).
    pub lease_seconds: u64,
    /// PostgreSQL: connections this process opens at most.
    pub connections: usize,
    /// PostgreSQL: seconds a statement may take (waiting for a lock included) before the
    /// database cancels it and the player is told to try again.
    pub statement_timeout_seconds: u64,
}

impl Default for StorageConfig {
    fn default() -> Self {
        let pg = crate::store::PgLimits::default();
        StorageConfig {
            url: None,
            lease_seconds: crate::service::api::LEASE_SECONDS,
            connections: pg.connections,
            statement_timeout_seconds: pg.statement_timeout.as_secs(),
        }
    }
}

impl StorageConfig {
    /// The PostgreSQL limits this configuration asks for.
    pub fn pg_limits(&self) -> crate::store::PgLimits {
        let t = std::time::Duration::from_secs(self.statement_timeout_seconds);
        crate::store::PgLimits {
            connections: self.connections,
            statement_timeout: t,
            wait: t,
        }
    }
}

/// How long lobbies, idle games and history are kept.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct RetentionConfig {
    /// Close a lobby nobody started after this many hours (0: never).
    pub lobby_hours: u32,
    /// End a game nobody moved in for this many days (0: never).
    pub abandoned_days: u32,
    /// Keep finished games in history this many days (0: forever).
    pub history_days: u32,
    /// Games kept loaded in memory at most.
    pub max_loaded_games: usize,
}

impl Default for RetentionConfig {
    fn default() -> Self {
        let r = crate::service::Retention::default();
        RetentionConfig {
            lobby_hours: r.lobby_hours,
            abandoned_days: r.abandoned_days,
            history_days: r.history_days,
            max_loaded_games: r.max_loaded,
        }
    }
}

/// Default rules of a new game.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Defaults {
    /// Expansions besides the base game.
    pub sets: Vec<String>,
    /// Farm rule.
    pub farms: FarmRule,
    /// Small-city rule.
    pub small_city: bool,
    /// Strength of computer players: easy, medium or hard.
    pub computer_level: Level,
    /// Hours per move (0: no move clock).
    pub move_clock_hours: u32,
}

impl Default for Defaults {
    fn default() -> Self {
        Defaults {
            sets: vec!["base".into()],
            farms: FarmRule::PerFarm,
            small_city: false,
            computer_level: Level::Hard,
            move_clock_hours: 0,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: String::new(),
            data_dir: PathBuf::from("data"),
            tiles_dir: PathBuf::from("tiles"),
            dev_guild: None,
            reminder_hours: 12,
            absent_after_reminders: crate::service::ABSENT_AFTER,
            log: "info,serenity=warn,poise=warn".into(),
            defaults: Defaults::default(),
            retention: RetentionConfig::default(),
            computer_threads: 0,
            review_iterations: crate::service::api::REVIEW_ITERATIONS,
            seed: None,
            preview_sets: false,
            storage: StorageConfig::default(),
            shards: None,
            ops: OpsConfig::default(),
            web: WebConfig::default(),
            limits: LimitsConfig::default(),
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// Not valid TOML or an unknown key.
    #[error("config: {0}")]
    Parse(String),
    /// A value out of range.
    #[error("config: {0}")]
    Invalid(String),
}

impl Config {
    /// Parses a configuration file's text.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let c: Config = toml::from_str(text).map_err(|e| ConfigError::Parse(e.to_string()))?;
        if c.reminder_hours > 24 * 14 {
            return Err(ConfigError::Invalid(format!(
                "reminder_hours is {}; at most 336 (two weeks)",
                c.reminder_hours
            )));
        }
        if c.defaults.move_clock_hours > 7 * 24 {
            return Err(ConfigError::Invalid(format!(
                "defaults.move_clock_hours is {}; at most 168 (a week)",
                c.defaults.move_clock_hours
            )));
        }
        if c.retention.max_loaded_games == 0 {
            return Err(ConfigError::Invalid(
                "retention.max_loaded_games must be at least 1".into(),
            ));
        }
        if !(5..=600).contains(&c.storage.lease_seconds) {
            return Err(ConfigError::Invalid(format!(
                "storage.lease_seconds is {}; 5 to 600",
                c.storage.lease_seconds
            )));
        }
        if c.storage.connections == 0 || c.storage.connections > 1000 {
            return Err(ConfigError::Invalid(format!(
                "storage.connections is {}; 1 to 1000",
                c.storage.connections
            )));
        }
        if !(1..=300).contains(&c.storage.statement_timeout_seconds) {
            return Err(ConfigError::Invalid(format!(
                "storage.statement_timeout_seconds is {}; 1 to 300",
                c.storage.statement_timeout_seconds
            )));
        }
        for p in &c.web.trusted_proxies {
            if parse_proxy(p).is_none() {
                return Err(ConfigError::Invalid(format!(
                    "web.trusted_proxies holds {p:?}; an address (10.0.0.1) or a range (10.0.0.0/8)"
                )));
            }
        }
        if let Some(url) = &c.web.public_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::Invalid(format!(
                    "web.public_url is {url:?}; it must start with https:// (or http://)"
                )));
            }
        }
        if let Some(url) = &c.storage.url {
            if !crate::store::is_database_url(url) {
                return Err(ConfigError::Invalid(
                    "storage.url must be a PostgreSQL URL (postgres://user@host:5432/database); \
                     for sled, leave it out and set data_dir"
                        .into(),
                ));
            }
        }
        for s in &c.defaults.sets {
            if !crate::engine::TileSet::parse(s).is_some_and(|t| t.offered() || c.preview_sets) {
                return Err(ConfigError::Invalid(format!(
                    "defaults.sets: unknown set {s:?}"
                )));
            }
        }
        Ok(c)
    }

    /// Applies `DISCORD_TOKEN`, `MEEPLEBOT_DATA_DIR`, `MEEPLEBOT_DATABASE_URL`,
    /// `MEEPLEBOT_OPS_LISTEN`, `MEEPLEBOT_WEB_LISTEN`, `MEEPLEBOT_WEB_PUBLIC_URL`,
    /// `MEEPLEBOT_SHARDS`, `RUST_LOG`, `MEEPLEBOT_SEED` and `MEEPLEBOT_PREVIEW_SETS` (`1` or
    /// `true`, `0` or `false`) from `env`.
    pub fn with_env(mut self, env: impl Fn(&str) -> Option<String>) -> Config {
        if let Some(t) = env("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.token = t.trim().to_string();
        }
        if let Some(d) = env("MEEPLEBOT_DATA_DIR").filter(|d| !d.is_empty()) {
            self.data_dir = PathBuf::from(d);
        }
        if let Some(u) = env("MEEPLEBOT_DATABASE_URL").filter(|u| !u.trim().is_empty()) {
            self.storage.url = Some(u.trim().to_string());
        }
        if let Some(a) = env("MEEPLEBOT_OPS_LISTEN").and_then(|a| a.trim().parse().ok()) {
            self.ops.listen = Some(a);
        }
        if let Some(a) = env("MEEPLEBOT_WEB_LISTEN").and_then(|a| a.trim().parse().ok()) {
            self.web.listen = Some(a);
        }
        if let Some(u) = env("MEEPLEBOT_WEB_PUBLIC_URL").filter(|u| !u.trim().is_empty()) {
            self.web.public_url = Some(u.trim().to_string());
        }
        if let Some(id) = env("MEEPLEBOT_ACTIVITY_CLIENT_ID").filter(|v| !v.trim().is_empty()) {
            self.web.activity_client_id = Some(id.trim().to_string());
        }
        if let Some(s) = env("MEEPLEBOT_ACTIVITY_CLIENT_SECRET").filter(|v| !v.trim().is_empty()) {
            self.web.activity_client_secret = Some(s.trim().to_string());
        }
        if let Some(s) = env("MEEPLEBOT_SHARDS").and_then(|s| s.parse().ok()) {
            self.shards = Some(s);
        }
        if let Some(l) = env("RUST_LOG").filter(|l| !l.is_empty()) {
            self.log = l;
        }
        if let Some(n) = env("MEEPLEBOT_REVIEW_ITERATIONS").and_then(|s| s.trim().parse().ok()) {
            self.review_iterations = n;
        }
        if let Some(seed) = env("MEEPLEBOT_SEED").and_then(|s| s.trim().parse().ok()) {
            self.seed = Some(seed);
        }
        if let Some(on) = env("MEEPLEBOT_PREVIEW_SETS").and_then(|s| match s.trim() {
            "1" | "true" => Some(true),
            "0" | "false" => Some(false),
            _ => None,
        }) {
            self.preview_sets = on;
        }
        self
    }

    /// Where the games live: PostgreSQL if a URL is set, else sled in `data_dir`.
    pub fn location(&self) -> crate::store::Location {
        match &self.storage.url {
            Some(url) => crate::store::Location::Url(url.clone()),
            None => crate::store::Location::Dir(self.data_dir.clone()),
        }
    }

    /// The service settings this configuration asks for.
    pub fn settings(&self) -> Settings {
        Settings {
            reminder_hours: self.reminder_hours,
            absent_after: self.absent_after_reminders,
            default_rules: Rules {
                farms: self.defaults.farms,
                small_city: self.defaults.small_city,
                ..Rules::default()
            },
            default_sets: self.defaults.sets.clone(),
            default_level: self.defaults.computer_level,
            clock_hours: self.defaults.move_clock_hours,
            seed: self.seed,
            seconds_per_hour: 3600,
            retention: crate::service::Retention {
                lobby_hours: self.retention.lobby_hours,
                abandoned_days: self.retention.abandoned_days,
                history_days: self.retention.history_days,
                max_loaded: self.retention.max_loaded_games,
            },
            lease_seconds: self.storage.lease_seconds,
            limits: crate::service::Limits {
                lobbies_per_member: self.limits.lobbies_per_member,
                lobbies_per_server: self.limits.lobbies_per_server,
                looks_per_member: self.limits.looks_per_member,
                looks_per_channel: self.limits.looks_per_channel,
                undos_per_game: self.limits.undos_per_game,
            },
            web_base: self.web.base_url(),
            activity: self.web.activity().is_some(),
            preview_sets: self.preview_sets,
            review_iterations: self.review_iterations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_documents_the_defaults() {
        let text = include_str!("../config.example.toml");
        let c = Config::parse(text).unwrap();
        assert_eq!(c, Config::default());
        // Every key is in the example (uncommented or commented out).
        for key in [
            "token",
            "data_dir",
            "tiles_dir",
            "dev_guild",
            "reminder_hours",
            "absent_after_reminders",
            "log",
            "[defaults]",
            "sets",
            "farms",
            "small_city",
            "[retention]",
            "lobby_hours",
            "abandoned_days",
            "history_days",
            "max_loaded_games",
            "shards",
            "[ops]",
            "listen",
            "[web]",
            "public_url",
            "requests_per_minute",
            "streams_per_address",
            "link_requests_per_minute",
            "layers_per_minute",
            "connections_per_address",
            "trusted_proxies",
            "activity_client_id",
            "activity_client_secret",
            "[storage]",
            "url",
            "lease_seconds",
            "connections",
            "statement_timeout_seconds",
            "[limits]",
            "lobbies_per_member",
            "lobbies_per_server",
            "looks_per_member",
            "looks_per_channel",
            "undos_per_game",
        ] {
            assert!(text.contains(key), "{key} is not documented");
        }
    }

    #[test]
    fn typos_and_bad_values_are_reported() {
        assert!(matches!(
            Config::parse("reminder_hour = 3"),
            Err(ConfigError::Parse(_))
        ));
        assert!(matches!(
            Config::parse("reminder_hours = 1000"),
            Err(ConfigError::Invalid(_))
        ));
        assert!(matches!(
            Config::parse("[defaults]\nfarms = \"sometimes\""),
            Err(ConfigError::Parse(_))
        ));
        assert!(matches!(
            Config::parse("[defaults]\nsets = [\"moon\"]"),
            Err(ConfigError::Invalid(_))
        ));
        assert!(matches!(
            Config::parse("[storage]\nurl = \"/var/lib/meeplebot\""),
            Err(ConfigError::Invalid(_))
        ));
        assert!(matches!(
            Config::parse("[storage]\nconnections = 0"),
            Err(ConfigError::Invalid(_))
        ));
        assert!(matches!(
            Config::parse("[limits]\nlooks_per_minute = 3"),
            Err(ConfigError::Parse(_))
        ));
    }

    #[test]
    fn shard_ranges_are_read_and_checked() {
        let s: Shards = "0-1/4".parse().unwrap();
        assert_eq!(
            s,
            Shards {
                first: 0,
                last: 1,
                total: 4
            }
        );
        assert_eq!("3/4".parse::<Shards>().unwrap().first, 3);
        for bad in ["4/4", "2-1/4", "0-1", "a-b/2", "0/0"] {
            assert!(bad.parse::<Shards>().is_err(), "{bad}");
        }
        let c = Config::parse("shards = \"1/2\"").unwrap();
        assert_eq!(c.shards.map(|s| s.to_string()), Some("1-1/2".into()));
        assert!(Config::parse("shards = \"2/2\"").is_err());
    }

    #[test]
    fn the_environment_wins() {
        let c = Config::parse("token = \"file\"")
            .unwrap()
            .with_env(|k| match k {
                "DISCORD_TOKEN" => Some("env".into()),
                "MEEPLEBOT_DATA_DIR" => Some("/data".into()),
                _ => None,
            });
        assert_eq!(c.token, "env");
        assert_eq!(c.data_dir, PathBuf::from("/data"));
        assert_eq!(c.location(), crate::store::Location::Dir("/data".into()));
        let c = Config::parse("[storage]\nurl = \"postgres://file/db\"")
            .unwrap()
            .with_env(|k| (k == "MEEPLEBOT_DATABASE_URL").then(|| "postgres://env/db".into()));
        assert_eq!(
            c.location(),
            crate::store::Location::Url("postgres://env/db".into())
        );
    }
}
