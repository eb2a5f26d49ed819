//! Storage on PostgreSQL, shared by several processes.
//!
//! Tables (schema version [`SCHEMA_VERSION`], migrations in [`MIGRATIONS`], applied at open):
//! `games` holds each live game's frame, its version, its index entry and its due work (when it
//! is due, and the lease of the worker that claimed it) in one row, so they change together; `history` holds finished games with their end time and
//! summary, numbered by the sequence `history_seq`; `prefs` holds users' preferences and
//! `servers` servers' settings and `tournaments` their tournaments;
//! `meeplebot_schema` lists the migrations applied. Keys are Discord snowflakes stored as
//! `BIGINT` (they are below 2^63).
//!
//! A write names the version it replaces, and the compare and the swap are one conditional
//! statement (`UPDATE … WHERE version = $expected`, `INSERT … ON CONFLICT DO NOTHING`): of two
//! writers, in one process or several, exactly one wins and the other gets
//! [`StorageError::Conflict`]. A write returns after its transaction committed (PostgreSQL's
//! default `synchronous_commit` makes that durable). The SQL stays within what
//! PostgreSQL-compatible distributed engines also run: no advisory locks, no `LOCK TABLE`.
//!
//! The `postgres` client is synchronous, like the service that calls it (from blocking
//! threads); connections are pooled and a broken one is dropped and replaced on the next call.

use super::{io, Plain};
use crate::service::storage::{
    version_of, Changed, Held as Timed, Job, Key, Lease, Link, Storage, StorageError, SummaryEntry,
};
use postgres::Client;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Each migration's SQL, in order: migration `n` (from 1) is `MIGRATIONS[n - 1]`. Never edit a
/// migration that was released; add one.
pub const MIGRATIONS: &[&str] = &[
    "
    CREATE TABLE games (
        guild BIGINT NOT NULL,
        channel BIGINT NOT NULL,
        version BIGINT NOT NULL,
        frame BYTEA NOT NULL,
        entry BYTEA NOT NULL,
        due_at BIGINT,
        lease_owner TEXT,
        lease_until BIGINT,
        PRIMARY KEY (guild, channel)
    );
    CREATE INDEX games_due_at ON games (due_at) WHERE due_at IS NOT NULL;
    CREATE TABLE history (
        guild BIGINT NOT NULL,
        channel BIGINT NOT NULL,
        seq BIGINT NOT NULL,
        frame BYTEA NOT NULL,
        ended_at BIGINT NOT NULL,
        summary BYTEA NOT NULL,
        PRIMARY KEY (guild, channel, seq)
    );
    CREATE INDEX history_ended_at ON history (ended_at);
    CREATE SEQUENCE history_seq;
    CREATE TABLE prefs (
        user_id BIGINT PRIMARY KEY,
        bytes BYTEA NOT NULL
    );
",
    "
    CREATE TABLE servers (
        guild BIGINT PRIMARY KEY,
        bytes BYTEA NOT NULL
    );
",
    // Web links, and a notice to every listening process when a game is written (delivered
    // when the writing transaction commits).
    "
    CREATE TABLE links (
        token BYTEA PRIMARY KEY,
        guild BIGINT NOT NULL,
        channel BIGINT NOT NULL,
        game BIGINT NOT NULL
    );
    CREATE FUNCTION meeplebot_game_written() RETURNS trigger AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            PERFORM pg_notify('meeplebot_games', OLD.guild || ':' || OLD.channel);
        ELSE
            PERFORM pg_notify('meeplebot_games', NEW.guild || ':' || NEW.channel);
        END IF;
        RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER games_written AFTER INSERT OR DELETE OR UPDATE OF frame ON games
        FOR EACH ROW EXECUTE FUNCTION meeplebot_game_written();
",
    // Members' timed messages (pings held in quiet hours, digests, the ends of absences).
    "
    CREATE TABLE held (
        user_id BIGINT NOT NULL,
        guild BIGINT NOT NULL,
        channel BIGINT NOT NULL,
        due_at BIGINT NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (user_id, guild, channel)
    );
    CREATE INDEX held_due_at ON held (due_at);
",
    // Where a web link's game lies in the history once archived (a page is then found with one
    // read), and links by channel (deleted with their games, moved with their channels).
    "
    ALTER TABLE links ADD COLUMN seq BIGINT;
    CREATE INDEX links_place ON links (guild, channel, seq);
",
    // Servers' tournaments.
    "
    CREATE TABLE tournaments (
        guild BIGINT NOT NULL,
        id BIGINT NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (guild, id)
    );
",
];

/// A row of `held` (user, guild, channel, due, bytes).
fn held_row(r: postgres::Row) -> Timed {
    Timed {
        user: r.get::<_, i64>(0) as u64,
        topic: Key::new(r.get::<_, i64>(1) as u64, r.get::<_, i64>(2) as u64),
        due: r.get::<_, i64>(3) as u64,
        bytes: r.get(4),
    }
}

/// A link read from a row's columns `from..from + 4` (guild, channel, game, seq).
fn link_row(r: &postgres::Row, from: usize) -> Link {
    Link {
        key: Key::new(
            r.get::<_, i64>(from) as u64,
            r.get::<_, i64>(from + 1) as u64,
        ),
        game: r.get::<_, i64>(from + 2) as u64,
        seq: r.get::<_, Option<i64>>(from + 3).map(|s| s as u64),
    }
}

/// The channel of [`Storage::watch`]'s notices: `guild:channel` of each game written.
const NOTICES: &str = "meeplebot_games";

/// How far the process leans on the database: a bounded pool, and a deadline on every
/// statement, so a database that hangs (a lock held elsewhere, a dead network) gives the player
/// a plain answer within seconds instead of holding the channel and its thread for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgLimits {
    /// Connections open at once at most (in use and idle); a call waits for a free one up to
    /// `wait`.
    pub connections: usize,
    /// The longest a statement may run (lock waits included) before the database cancels it
    /// (`statement_timeout`; the URL's own `options=-c statement_timeout=…` wins).
    pub statement_timeout: Duration,
    /// How long a call waits for a free connection, and for a new one to connect.
    pub wait: Duration,
}

impl Default for PgLimits {
    fn default() -> Self {
        PgLimits {
            connections: 16,
            statement_timeout: Duration::from_secs(3),
            wait: Duration::from_secs(3),
        }
    }
}

/// Games in a PostgreSQL database.
pub struct PgStorage {
    config: postgres::Config,
    /// TLS as the URL's `sslmode` asks (`prefer` when it says nothing).
    tls: tokio_postgres_rustls::MakeRustlsConnect,
    /// The database as shown in messages (no password).
    shown: String,
    limits: PgLimits,
    pool: Mutex<Pool>,
    /// Signalled when a connection is given back or dropped.
    freed: std::sync::Condvar,
    /// The listener of [`Storage::watch`]: whether it runs, and its faults for tests.
    listener: Arc<Listener>,
}

/// The state of the listening connection.
#[derive(Default)]
struct Listener {
    /// Whether a watch was asked (the listener then runs for ever).
    started: AtomicBool,
    /// Whether its connection is up and listening.
    up: AtomicBool,
    /// The database's process id of the listening connection.
    pid: AtomicU32,
    /// Connection attempts still to fail by a panic (set by tests: a panic is what a failed
    /// runtime start inside the client library looks like).
    panics: AtomicU32,
}

/// The pool: idle connections, and how many are open in all.
#[derive(Default)]
struct Pool {
    idle: Vec<Client>,
    open: usize,
}

impl Plain for postgres::Error {
    fn plain(&self) -> String {
        if let Some(db) = self.as_db_error() {
            return format!(
                "the database refused the operation: {} ({})",
                db.message(),
                db.code().code()
            );
        }
        if self.is_closed() {
            return "the connection to the database was closed".into();
        }
        // The client's own text, with its cause ("error connecting to server: Connection
        // refused (os error 111)").
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(s) = source {
            let more = s.to_string();
            if !text.contains(&more) {
                text = format!("{text}: {more}");
            }
            source = s.source();
        }
        format!("the database failed: {text}")
    }
}

/// A URL without its password, for messages and logs.
pub(super) fn shown_url(url: &str) -> String {
    let url = super::tls::split_url(url)
        .map(|(u, _)| u)
        .unwrap_or_default();
    match url.parse::<postgres::Config>() {
        Ok(c) => shown(&c),
        Err(_) => "an unreadable PostgreSQL URL".into(),
    }
}

fn shown(c: &postgres::Config) -> String {
    let host = c
        .get_hosts()
        .iter()
        .map(|h| match h {
            postgres::config::Host::Tcp(h) => h.clone(),
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(",");
    let port = c.get_ports().first().copied().unwrap_or(5432);
    let db = c.get_dbname().unwrap_or("(default)");
    format!("postgres://{host}:{port}/{db}")
}

/// A time in Unix seconds as stored (`BIGINT`).
fn secs(t: u64) -> i64 {
    t.min(i64::MAX as u64) as i64
}

fn conflict(expected: Option<u64>, found: Option<u64>) -> StorageError {
    StorageError::Conflict { expected, found }
}

fn frame_version(framed: &[u8]) -> Result<i64, StorageError> {
    version_of(framed)
        .map(|v| v as i64)
        .ok_or_else(|| StorageError::Io("refusing to store a game that is not framed".into()))
}

fn entry(seq: i64, ended_at: i64, bytes: Vec<u8>) -> SummaryEntry {
    SummaryEntry {
        seq: seq as u64,
        ended_at: ended_at as u64,
        bytes,
    }
}

impl PgStorage {
    /// Connects to the database at `url` (`postgres://user@host:port/db`, with the client's
    /// usual parameters, e.g. `options=-csearch_path%3Dmine`, and libpq's `sslmode` and
    /// `sslrootcert`: see [`super::tls`]) and applies missing migrations.
    /// Refuses a database written by a newer build.
    pub fn open(url: &str) -> Result<PgStorage, StorageError> {
        Self::open_with(url, PgLimits::default())
    }

    /// [`PgStorage::open`] with other limits.
    pub fn open_with(url: &str, limits: PgLimits) -> Result<PgStorage, StorageError> {
        let (url, choice) = super::tls::split_url(url)?;
        let tls = super::tls::connector(&choice)?;
        let mut config: postgres::Config = url.parse().map_err(|e| {
            StorageError::Io(format!(
                "the database URL is not valid ({e}); expected postgres://user@host:port/database"
            ))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(limits.wait.max(Duration::from_secs(1)));
        }
        // A connection whose peer vanished is noticed within about a minute, not hours.
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(30))
            .keepalives_interval(Duration::from_secs(10))
            .keepalives_retries(3)
            .tcp_user_timeout(Duration::from_secs(60));
        // Ours first: a `-c statement_timeout` in the URL's own options comes later and wins.
        let ms = limits.statement_timeout.as_millis().max(1);
        let options = match config.get_options() {
            Some(o) if !o.is_empty() => format!("-c statement_timeout={ms} {o}"),
            _ => format!("-c statement_timeout={ms}"),
        };
        config.options(&options);
        let shown = shown(&config);
        let s = PgStorage {
            config,
            tls,
            shown,
            limits: PgLimits {
                connections: limits.connections.max(1),
                ..limits
            },
            pool: Mutex::new(Pool::default()),
            freed: std::sync::Condvar::new(),
            listener: Arc::default(),
        };
        s.with(migrate)?;
        // A database that a newer build migrated further than this one knows is refused.
        let v = s.with(newest)?;
        if v > SCHEMA_VERSION {
            return Err(StorageError::Io(format!(
                "the database at {} was written by a newer meeplebot (schema {v}, this build knows {SCHEMA_VERSION})",
                s.shown
            )));
        }
        Ok(s)
    }

    fn connect(&self) -> Result<Client, StorageError> {
        self.config.connect(self.tls.clone()).map_err(|e| {
            StorageError::Io(format!(
                "cannot reach the database at {}: {}",
                self.shown,
                e.plain()
            ))
        })
    }

    /// Takes an idle connection, or the right to open one, waiting up to the limit's `wait` for
    /// one of the `connections` to be free.
    fn checkout(&self) -> Result<Option<Client>, StorageError> {
        let deadline = std::time::Instant::now() + self.limits.wait;
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            while let Some(c) = pool.idle.pop() {
                if !c.is_closed() {
                    return Ok(Some(c));
                }
                pool.open -= 1;
            }
            if pool.open < self.limits.connections {
                pool.open += 1;
                return Ok(None);
            }
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return Err(StorageError::Io(format!(
                    "all {} connections to the database at {} are busy",
                    self.limits.connections, self.shown
                )));
            }
            pool = self
                .freed
                .wait_timeout(pool, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Closes every idle connection.
    fn drop_idle(&self) {
        let idle = {
            let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
            let idle = std::mem::take(&mut pool.idle);
            pool.open -= idle.len();
            idle
        };
        drop(idle);
        self.freed.notify_all();
    }

    /// Gives a connection back (`None`: the one checked out was dropped or never opened).
    fn checkin(&self, client: Option<Client>) {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        match client {
            Some(c) if !c.is_closed() => pool.idle.push(c),
            _ => pool.open -= 1,
        }
        drop(pool);
        self.freed.notify_one();
    }

    /// Runs `f` on a pooled connection; a connection that broke is not reused.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, StorageError> {
        // The slot goes back to the pool however this call ends (an error, a panic).
        let mut held = Held {
            storage: self,
            client: self.checkout()?,
        };
        if held.client.is_none() {
            held.client = Some(self.connect()?);
        }
        let Some(client) = held.client.as_mut() else {
            return Err(StorageError::Io("no connection".into()));
        };
        let out = f(client);
        // A connection found broken (the database restarted, or ended its sessions): the idle
        // ones went with it, so the next callers open fresh ones rather than fail one by one.
        if out.is_err() && client.is_closed() {
            self.drop_idle();
        }
        drop(held);
        out.map_err(|e| {
            let e = io(e);
            tracing::warn!("storage error at {}: {e}", self.shown);
            e
        })
    }

    /// Like [`PgStorage::with`], for operations that may end in a version conflict.
    fn with_cas(
        &self,
        f: impl FnOnce(&mut Client) -> Result<Result<(), StorageError>, postgres::Error>,
    ) -> Result<(), StorageError> {
        self.with(f)?
    }
}

/// A connection (or the right to open one) taken from the pool, given back when dropped.
struct Held<'a> {
    storage: &'a PgStorage,
    client: Option<Client>,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.storage.checkin(self.client.take());
    }
}

/// Applies the migrations this database lacks, each in its own transaction with its row in
/// `meeplebot_schema`: when two processes start at once, one applies a migration and the other
/// waits on the row, then skips it.
fn migrate(c: &mut Client) -> Result<(), postgres::Error> {
    let create = "CREATE TABLE IF NOT EXISTS meeplebot_schema (
            version INTEGER PRIMARY KEY,
            applied_at BIGINT NOT NULL
        )";
    // Two concurrent CREATE TABLE IF NOT EXISTS can collide on the catalog; the second try
    // sees the table.
    if c.batch_execute(create).is_err() {
        c.batch_execute(create)?;
    }
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        let mut tx = c.transaction()?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        let fresh = tx.execute(
            "INSERT INTO meeplebot_schema (version, applied_at) VALUES ($1, $2)
             ON CONFLICT (version) DO NOTHING",
            &[&version, &now],
        )?;
        if fresh == 1 {
            tx.batch_execute(sql)?;
            tx.commit()?;
        } else {
            tx.rollback()?;
        }
    }
    Ok(())
}

/// The newest migration a database has, checked against this build.
fn newest(c: &mut Client) -> Result<i32, postgres::Error> {
    let row = c.query_one(
        "SELECT COALESCE(MAX(version), 0) FROM meeplebot_schema",
        &[],
    )?;
    row.try_get(0)
}

fn found(c: &mut impl postgres::GenericClient, key: Key) -> Result<Option<u64>, postgres::Error> {
    Ok(c.query_opt(
        "SELECT version FROM games WHERE guild = $1 AND channel = $2",
        &[&(key.guild as i64), &(key.channel as i64)],
    )?
    .map(|r| r.get::<_, i64>(0) as u64))
}

/// Removes a game if its version is `expected` (`None`: succeeds only when there is no game).
fn take_game(
    c: &mut impl postgres::GenericClient,
    key: Key,
    expected: Option<u64>,
) -> Result<Result<(), StorageError>, postgres::Error> {
    let (g, ch) = (key.guild as i64, key.channel as i64);
    match expected {
        Some(v) => {
            let n = c.execute(
                "DELETE FROM games WHERE guild = $1 AND channel = $2 AND version = $3",
                &[&g, &ch, &(v as i64)],
            )?;
            if n == 1 {
                Ok(Ok(()))
            } else {
                Ok(Err(conflict(expected, found(c, key)?)))
            }
        }
        None => match found(c, key)? {
            None => Ok(Ok(())),
            Some(f) => Ok(Err(conflict(None, Some(f)))),
        },
    }
}

impl Storage for PgStorage {
    fn shared(&self) -> bool {
        true
    }

    fn game_version(&self, key: Key) -> Result<Option<u64>, StorageError> {
        self.with(|c| found(c, key))
    }

    fn get_game(&self, key: Key) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT frame FROM games WHERE guild = $1 AND channel = $2",
                &[&(key.guild as i64), &(key.channel as i64)],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn put_game(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        index: &[u8],
        due: Option<u64>,
    ) -> Result<(), StorageError> {
        let version = frame_version(framed)?;
        let (g, ch) = (key.guild as i64, key.channel as i64);
        let due = due.map(secs);
        self.with_cas(|c| {
            let n = match expected {
                None => c.execute(
                    "INSERT INTO games (guild, channel, version, frame, entry, due_at)
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild, channel) DO NOTHING",
                    &[&g, &ch, &version, &framed, &index, &due],
                )?,
                Some(v) => c.execute(
                    "UPDATE games SET version = $3, frame = $4, entry = $5, due_at = $6,
                         lease_owner = NULL, lease_until = NULL
                     WHERE guild = $1 AND channel = $2 AND version = $7",
                    &[&g, &ch, &version, &framed, &index, &due, &(v as i64)],
                )?,
            };
            if n == 1 {
                Ok(Ok(()))
            } else {
                Ok(Err(conflict(expected, found(c, key)?)))
            }
        })
    }

    fn delete_game(&self, key: Key, expected: Option<u64>) -> Result<(), StorageError> {
        self.with_cas(|c| take_game(c, key, expected))
    }

    fn delete_damaged(&self, key: Key, stored: &[u8]) -> Result<(), StorageError> {
        self.with_cas(|c| {
            let n = c.execute(
                "DELETE FROM games WHERE guild = $1 AND channel = $2 AND frame = $3",
                &[&(key.guild as i64), &(key.channel as i64), &stored],
            )?;
            if n == 1 {
                Ok(Ok(()))
            } else {
                Ok(Err(conflict(version_of(stored), found(c, key)?)))
            }
        })
    }

    fn archive(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        ended_at: u64,
        summary: &[u8],
        link: Option<[u8; 16]>,
    ) -> Result<u64, StorageError> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            if let Err(e) = take_game(&mut tx, key, expected)? {
                tx.rollback()?;
                return Ok(Err(e));
            }
            let (g, ch) = (key.guild as i64, key.channel as i64);
            let seq: i64 = tx
                .query_one(
                    "INSERT INTO history (guild, channel, seq, frame, ended_at, summary)
                     VALUES ($1, $2, nextval('history_seq'), $3, $4, $5) RETURNING seq",
                    &[&g, &ch, &framed, &(ended_at as i64), &summary],
                )?
                .get(0);
            if let Some(token) = link {
                tx.execute(
                    "UPDATE links SET seq = $4 WHERE token = $1 AND guild = $2 AND channel = $3",
                    &[&token.as_slice(), &g, &ch, &seq],
                )?;
            }
            tx.commit()?;
            Ok(Ok(seq as u64))
        })?
    }

    fn index(&self) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT guild, channel, entry FROM games ORDER BY guild, channel",
                &[],
            )?
            .into_iter()
            .map(|r| {
                let key = Key::new(r.get::<_, i64>(0) as u64, r.get::<_, i64>(1) as u64);
                (key, r.get(2))
            })
            .collect())
        })
    }

    fn guild_index(&self, guild: u64) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT channel, entry FROM games WHERE guild = $1 ORDER BY channel",
                &[&(guild as i64)],
            )?
            .into_iter()
            .map(|r| (Key::new(guild, r.get::<_, i64>(0) as u64), r.get(1)))
            .collect())
        })
    }

    fn summaries(&self, key: Key) -> Result<Vec<SummaryEntry>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT seq, ended_at, summary FROM history
                     WHERE guild = $1 AND channel = $2 ORDER BY seq",
                &[&(key.guild as i64), &(key.channel as i64)],
            )?
            .into_iter()
            .map(|r| entry(r.get(0), r.get(1), r.get(2)))
            .collect())
        })
    }

    fn archived(&self, key: Key, seq: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT frame FROM history WHERE guild = $1 AND channel = $2 AND seq = $3",
                &[&(key.guild as i64), &(key.channel as i64), &(seq as i64)],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn put_summary(
        &self,
        key: Key,
        seq: u64,
        ended_at: u64,
        summary: &[u8],
    ) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "UPDATE history SET ended_at = $4, summary = $5
                 WHERE guild = $1 AND channel = $2 AND seq = $3",
                &[
                    &(key.guild as i64),
                    &(key.channel as i64),
                    &(seq as i64),
                    &(ended_at as i64),
                    &summary,
                ],
            )?;
            Ok(())
        })
    }

    fn prune_history(&self, ended_before: u64) -> Result<usize, StorageError> {
        self.with(|c| {
            let before = ended_before.min(i64::MAX as u64) as i64;
            let mut tx = c.transaction()?;
            tx.execute(
                "DELETE FROM links l USING history h
                 WHERE h.ended_at <> 0 AND h.ended_at < $1
                   AND l.guild = h.guild AND l.channel = h.channel AND l.seq = h.seq",
                &[&before],
            )?;
            let n = tx.execute(
                "DELETE FROM history WHERE ended_at <> 0 AND ended_at < $1",
                &[&before],
            )?;
            tx.commit()?;
            Ok(n as usize)
        })
    }

    fn move_channel(&self, from: Key, to: Key) -> Result<bool, StorageError> {
        let (fg, fc) = (from.guild as i64, from.channel as i64);
        let (tg, tc) = (to.guild as i64, to.channel as i64);
        self.with(|c| {
            let mut tx = c.transaction()?;
            let games = tx.execute(
                "UPDATE games SET guild = $3, channel = $4
                 WHERE guild = $1 AND channel = $2
                   AND NOT EXISTS (SELECT 1 FROM games WHERE guild = $3 AND channel = $4)",
                &[&fg, &fc, &tg, &tc],
            )?;
            let history = tx.execute(
                "UPDATE history SET guild = $3, channel = $4 WHERE guild = $1 AND channel = $2",
                &[&fg, &fc, &tg, &tc],
            )?;
            // The links go with what they name: an archived game's always, the live game's if
            // it moved.
            tx.execute(
                "UPDATE links SET guild = $3, channel = $4
                 WHERE guild = $1 AND channel = $2 AND (seq IS NOT NULL OR $5)",
                &[&fg, &fc, &tg, &tc, &(games > 0)],
            )?;
            tx.commit()?;
            Ok(games + history > 0)
        })
    }

    fn guild_summaries(&self, guild: u64) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT channel, seq, ended_at, summary FROM history
                     WHERE guild = $1 ORDER BY channel, seq",
                &[&(guild as i64)],
            )?
            .into_iter()
            .map(|r| {
                (
                    Key::new(guild, r.get::<_, i64>(0) as u64),
                    entry(r.get(1), r.get(2), r.get(3)),
                )
            })
            .collect())
        })
    }

    fn all_summaries(&self) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT guild, channel, seq, ended_at, summary FROM history
                     ORDER BY guild, channel, seq",
                &[],
            )?
            .into_iter()
            .map(|r| {
                let key = Key::new(r.get::<_, i64>(0) as u64, r.get::<_, i64>(1) as u64);
                (key, entry(r.get(2), r.get(3), r.get(4)))
            })
            .collect())
        })
    }

    fn all_prefs(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(
                c.query("SELECT user_id, bytes FROM prefs ORDER BY user_id", &[])?
                    .into_iter()
                    .map(|r| (r.get::<_, i64>(0) as u64, r.get(1)))
                    .collect(),
            )
        })
    }

    fn claim_due(
        &self,
        now: u64,
        owner: &str,
        lease: u64,
        limit: usize,
    ) -> Result<Vec<Key>, StorageError> {
        let (now, until, limit) = (secs(now), secs(now.saturating_add(lease)), limit as i64);
        self.with(|c| {
            // SKIP LOCKED: workers claiming at once take different games.
            Ok(c.query(
                "UPDATE games SET lease_owner = $1, lease_until = $2
                     WHERE (guild, channel) IN (
                         SELECT guild, channel FROM games
                         WHERE due_at IS NOT NULL AND due_at <= $3
                           AND (lease_until IS NULL OR lease_until <= $3)
                         ORDER BY due_at, guild, channel
                         LIMIT $4
                         FOR UPDATE SKIP LOCKED)
                     RETURNING guild, channel, due_at",
                &[&owner, &until, &now, &limit],
            )?
            .into_iter()
            .map(|r| {
                let key = Key::new(r.get::<_, i64>(0) as u64, r.get::<_, i64>(1) as u64);
                (r.get::<_, i64>(2), key)
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .map(|(_, k)| k)
            .collect())
        })
    }

    fn claim(&self, key: Key, now: u64, owner: &str, lease: u64) -> Result<bool, StorageError> {
        let (now, until) = (secs(now), secs(now.saturating_add(lease)));
        self.with(|c| {
            let n = c.execute(
                "UPDATE games SET lease_owner = $3, lease_until = $4
                 WHERE guild = $1 AND channel = $2 AND due_at IS NOT NULL AND due_at <= $5
                   AND (lease_until IS NULL OR lease_until <= $5 OR lease_owner = $3)",
                &[
                    &(key.guild as i64),
                    &(key.channel as i64),
                    &owner,
                    &until,
                    &now,
                ],
            )?;
            Ok(n == 1)
        })
    }

    fn release(&self, key: Key, owner: &str, due: Option<u64>) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET due_at = $4, lease_owner = NULL, lease_until = NULL
                 WHERE guild = $1 AND channel = $2 AND lease_owner = $3",
                &[
                    &(key.guild as i64),
                    &(key.channel as i64),
                    &owner,
                    &due.map(secs),
                ],
            )?;
            Ok(())
        })
    }

    fn jobs(&self) -> Result<Vec<(Key, Job)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT guild, channel, due_at, lease_owner, lease_until FROM games
                     WHERE due_at IS NOT NULL ORDER BY guild, channel",
                &[],
            )?
            .into_iter()
            .map(|r| {
                let key = Key::new(r.get::<_, i64>(0) as u64, r.get::<_, i64>(1) as u64);
                let owner: Option<String> = r.get(3);
                let until: Option<i64> = r.get(4);
                let lease = owner.zip(until).map(|(owner, until)| Lease {
                    owner,
                    until: until as u64,
                });
                let due_at = r.get::<_, i64>(2) as u64;
                (key, Job { due_at, lease })
            })
            .collect())
        })
    }

    fn restore_due(&self, key: Key, due: u64) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET due_at = $3
                 WHERE guild = $1 AND channel = $2 AND due_at IS NULL",
                &[&(key.guild as i64), &(key.channel as i64), &secs(due)],
            )?;
            Ok(())
        })
    }

    fn get_pref(&self, user: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT bytes FROM prefs WHERE user_id = $1",
                &[&(user as i64)],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn put_pref(&self, user: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO prefs (user_id, bytes) VALUES ($1, $2)
                 ON CONFLICT (user_id) DO UPDATE SET bytes = EXCLUDED.bytes",
                &[&(user as i64), &bytes],
            )?;
            Ok(())
        })
    }

    fn get_server(&self, guild: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT bytes FROM servers WHERE guild = $1",
                &[&(guild as i64)],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn put_server(&self, guild: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO servers (guild, bytes) VALUES ($1, $2)
                 ON CONFLICT (guild) DO UPDATE SET bytes = EXCLUDED.bytes",
                &[&(guild as i64), &bytes],
            )?;
            Ok(())
        })
    }

    fn swap_server(
        &self,
        guild: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.with_cas(|c| {
            let n = match expected {
                None => c.execute(
                    "INSERT INTO servers (guild, bytes) VALUES ($1, $2)
                     ON CONFLICT (guild) DO NOTHING",
                    &[&(guild as i64), &bytes],
                )?,
                Some(old) => c.execute(
                    "UPDATE servers SET bytes = $3 WHERE guild = $1 AND bytes = $2",
                    &[&(guild as i64), &old, &bytes],
                )?,
            };
            Ok(if n == 1 {
                Ok(())
            } else {
                Err(conflict(None, None))
            })
        })
    }

    fn all_servers(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(
                c.query("SELECT guild, bytes FROM servers ORDER BY guild", &[])?
                    .into_iter()
                    .map(|r| (r.get::<_, i64>(0) as u64, r.get(1)))
                    .collect(),
            )
        })
    }

    fn get_tournament(&self, guild: u64, id: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT bytes FROM tournaments WHERE guild = $1 AND id = $2",
                &[&(guild as i64), &(id as i64)],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn swap_tournament(
        &self,
        guild: u64,
        id: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.with_cas(|c| {
            let n = match expected {
                None => c.execute(
                    "INSERT INTO tournaments (guild, id, bytes) VALUES ($1, $2, $3)
                     ON CONFLICT (guild, id) DO NOTHING",
                    &[&(guild as i64), &(id as i64), &bytes],
                )?,
                Some(old) => c.execute(
                    "UPDATE tournaments SET bytes = $4 WHERE guild = $1 AND id = $2 AND bytes = $3",
                    &[&(guild as i64), &(id as i64), &old, &bytes],
                )?,
            };
            Ok(if n == 1 {
                Ok(())
            } else {
                Err(conflict(None, None))
            })
        })
    }

    fn tournaments(&self, guild: u64) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT id, bytes FROM tournaments WHERE guild = $1 ORDER BY id",
                &[&(guild as i64)],
            )?
            .into_iter()
            .map(|r| (r.get::<_, i64>(0) as u64, r.get(1)))
            .collect())
        })
    }

    fn all_tournaments(&self) -> Result<Vec<(u64, u64, Vec<u8>)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT guild, id, bytes FROM tournaments ORDER BY guild, id",
                &[],
            )?
            .into_iter()
            .map(|r| {
                (
                    r.get::<_, i64>(0) as u64,
                    r.get::<_, i64>(1) as u64,
                    r.get(2),
                )
            })
            .collect())
        })
    }

    fn put_link(&self, token: [u8; 16], link: &Link) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO links (token, guild, channel, game, seq) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (token) DO UPDATE SET guild = $2, channel = $3, game = $4, seq = $5",
                &[
                    &token.as_slice(),
                    &(link.key.guild as i64),
                    &(link.key.channel as i64),
                    &(link.game as i64),
                    &link.seq.map(|s| s as i64),
                ],
            )?;
            Ok(())
        })
    }

    fn get_link(&self, token: [u8; 16]) -> Result<Option<Link>, StorageError> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT guild, channel, game, seq FROM links WHERE token = $1",
                &[&token.as_slice()],
            )?
            .map(|r| link_row(&r, 0)))
        })
    }

    fn delete_link(&self, token: [u8; 16]) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute("DELETE FROM links WHERE token = $1", &[&token.as_slice()])?;
            Ok(())
        })
    }

    fn all_links(&self) -> Result<Vec<([u8; 16], Link)>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT token, guild, channel, game, seq FROM links ORDER BY guild, channel",
                &[],
            )?
            .into_iter()
            .filter_map(|r| {
                let token = <[u8; 16]>::try_from(r.get::<_, &[u8]>(0)).ok()?;
                Some((token, link_row(&r, 1)))
            })
            .collect())
        })
    }

    fn hold(&self, held: &Timed) -> Result<(), StorageError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO held (user_id, guild, channel, due_at, bytes) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (user_id, guild, channel) DO UPDATE SET due_at = $4, bytes = $5",
                &[
                    &(held.user as i64),
                    &(held.topic.guild as i64),
                    &(held.topic.channel as i64),
                    &(held.due as i64),
                    &held.bytes,
                ],
            )?;
            Ok(())
        })
    }

    fn take_held(&self, now: u64, limit: usize) -> Result<Vec<Timed>, StorageError> {
        self.with(|c| {
            // One statement: of two processes taking at once, each row goes to one.
            let mut out: Vec<Timed> = c
                .query(
                    "DELETE FROM held WHERE (user_id, guild, channel) IN (
                         SELECT user_id, guild, channel FROM held WHERE due_at <= $1
                         ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
                     RETURNING user_id, guild, channel, due_at, bytes",
                    &[&(now as i64), &(limit as i64)],
                )?
                .into_iter()
                .map(held_row)
                .collect();
            out.sort_by_key(|h| (h.due, h.user, h.topic));
            Ok(out)
        })
    }

    fn all_held(&self) -> Result<Vec<Timed>, StorageError> {
        self.with(|c| {
            Ok(c.query(
                "SELECT user_id, guild, channel, due_at, bytes FROM held ORDER BY due_at",
                &[],
            )?
            .into_iter()
            .map(held_row)
            .collect())
        })
    }

    fn watch(&self, tell: Changed) -> Result<(), StorageError> {
        let mut client = self.connect()?;
        let state = self.listener.clone();
        listen_on(&mut client, &state).map_err(io)?;
        let (config, tls, shown) = (self.config.clone(), self.tls.clone(), self.shown.clone());
        state.up.store(true, Ordering::SeqCst);
        state.started.store(true, Ordering::SeqCst);
        std::thread::Builder::new()
            .name("pg-listen".into())
            .spawn(move || {
                let mut first = Some(client);
                // A panic (the client library's connect can panic when the process is out of
                // file descriptors or memory) ends one round, not the listener.
                loop {
                    let round = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        listen(first.take(), &config, &tls, &shown, &tell, &state)
                    }));
                    state.up.store(false, Ordering::SeqCst);
                    if round.is_err() {
                        tracing::error!("the listener of {shown} failed; starting it again");
                    }
                    std::thread::sleep(Duration::from_secs(1));
                }
            })
            .map_err(|e| {
                self.listener.started.store(false, Ordering::SeqCst);
                StorageError::Io(format!("cannot start the listener: {e}"))
            })?;
        Ok(())
    }

    fn listening(&self) -> Option<bool> {
        self.listener
            .started
            .load(Ordering::SeqCst)
            .then(|| self.listener.up.load(Ordering::SeqCst))
    }
}

impl PgStorage {
    /// Makes the listener's next `n` connection attempts panic (for tests of its restart).
    #[doc(hidden)]
    pub fn fail_listener_connects(&self, n: u32) {
        self.listener.panics.store(n, Ordering::SeqCst);
    }

    /// Puts `n` fresh connections in the pool as idle and ends them from the database's side,
    /// as a database restart does (for tests of what follows).
    #[doc(hidden)]
    pub fn break_idle_connections(&self, n: usize) -> Result<(), StorageError> {
        let mut pids = Vec::new();
        for _ in 0..n {
            let mut c = self.connect()?;
            let pid: i32 = c
                .query_one("SELECT pg_backend_pid()", &[])
                .map_err(io)?
                .get(0);
            pids.push(pid);
            let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
            pool.open += 1;
            pool.idle.push(c);
        }
        let mut killer = self.connect()?;
        for pid in pids {
            killer
                .execute("SELECT pg_terminate_backend($1)", &[&pid])
                .map_err(io)?;
        }
        std::thread::sleep(Duration::from_millis(300));
        Ok(())
    }

    /// Closes the listening connection from the database's side (for tests of its restart):
    /// whether one was found.
    #[doc(hidden)]
    pub fn drop_listener_connection(&self) -> Result<bool, StorageError> {
        let pid = self.listener.pid.load(Ordering::SeqCst) as i32;
        self.with(|c| {
            let row = c.query_one("SELECT pg_terminate_backend($1)", &[&pid])?;
            Ok(row.get::<_, bool>(0))
        })
    }
}

/// Tells `tell` of every notice on `client` (listening already; `None`: open one first), until
/// the connection ends: a lost connection is opened again (every second until it works), and
/// `tell` then hears [`Key::default`] (notices may have been missed meanwhile). Returns only by
/// a panic.
fn listen(
    client: Option<Client>,
    config: &postgres::Config,
    tls: &tokio_postgres_rustls::MakeRustlsConnect,
    shown: &str,
    tell: &Changed,
    state: &Listener,
) {
    use postgres::fallible_iterator::FallibleIterator;
    let mut client = match client {
        Some(c) => c,
        None => reconnect(config, tls, shown, tell, state),
    };
    loop {
        state.up.store(true, Ordering::SeqCst);
        let mut notices = client.notifications();
        let mut iter = notices.blocking_iter();
        // Until the connection ends.
        while let Ok(Some(n)) = iter.next() {
            let mut parts = n.payload().split(':').map(|p| p.parse::<i64>());
            if let (Some(Ok(g)), Some(Ok(c))) = (parts.next(), parts.next()) {
                tell(Key::new(g as u64, c as u64));
            }
        }
        drop(iter);
        drop(notices);
        state.up.store(false, Ordering::SeqCst);
        tracing::warn!("the notices of {shown} stopped; listening again");
        std::thread::sleep(Duration::from_secs(1));
        client = reconnect(config, tls, shown, tell, state);
    }
}

/// Starts listening on `client`, noting its process id.
fn listen_on(client: &mut Client, state: &Listener) -> Result<(), postgres::Error> {
    client.batch_execute(&format!("LISTEN {NOTICES}"))?;
    let pid: i32 = client.query_one("SELECT pg_backend_pid()", &[])?.get(0);
    state.pid.store(pid as u32, Ordering::SeqCst);
    Ok(())
}

/// Opens the listening connection again (every second until it works), then tells `tell` that
/// notices may have been missed.
fn reconnect(
    config: &postgres::Config,
    tls: &tokio_postgres_rustls::MakeRustlsConnect,
    shown: &str,
    tell: &Changed,
    state: &Listener,
) -> Client {
    let client = loop {
        let fail = state
            .panics
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if fail {
            panic!("a listener connection failed (injected)");
        }
        let again = config.connect(tls.clone()).and_then(|mut c| {
            listen_on(&mut c, state)?;
            Ok(c)
        });
        match again {
            Ok(c) => break c,
            Err(e) => tracing::warn!("cannot listen to {shown}: {}", e.plain()),
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    state.up.store(true, Ordering::SeqCst);
    tell(Key::default());
    client
}
