//! Storage in sled, the embedded default (nothing to install; one process per directory).
//!
//! Layout 2 (trees): `games` maps a [`Key`] (guild, channel: 16 bytes big-endian) to its current
//! game (a checksummed frame); `index` maps the same key to the game's index entry; `history` and
//! `summaries` map key + sequence number (24 bytes) to a finished game and to its end time plus
//! summary; `prefs` maps a user id (8 bytes big-endian) to their preferences, `servers` a server
//! id to its settings and `tournaments` a server id and a tournament id to the tournament; `meta` holds the
//! layout version and the number of writes made. Every write is one
//! transaction, flushed before it returns, so a move that was acknowledged survives a crash.
//!
//! sled silently drops the tail of a damaged or truncated log when it opens. To notice, every
//! acknowledged write also records the write count in a small file next to the database
//! (`acknowledged-writes`); opening refuses, naming the files, when the database holds fewer
//! writes than were acknowledged. sled stays failed after an I/O error (a full disk) until it is
//! opened again, so after an I/O error the next call reopens it. Opening waits up to two seconds
//! for a held lock: sled's background threads release a closed database's lock a moment late.

use super::{io, Plain};
use crate::service::storage::{
    check_version, link_value, read_link_value, version_of, Held, Job, Key, Lease, Link, Storage,
    StorageError, SummaryEntry,
};
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::Transactional;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// Version of the database layout (trees and keys). Game entries carry their own schema version,
/// migrated by the service.
pub const LAYOUT_VERSION: u32 = 2;

/// How long opening the database waits while its lock is held: after the database is closed
/// (to open it again after an I/O error, or by a process that is ending), sled's background
/// threads may hold the lock a moment longer.
const LOCK_PATIENCE: Duration = Duration::from_secs(2);

/// Name of the file beside the database that holds the count of acknowledged writes.
pub const WRITES_FILE: &str = "acknowledged-writes";

/// Games in a sled database.
pub struct SledStorage {
    dir: PathBuf,
    inner: RwLock<Option<Inner>>,
    broken: AtomicBool,
    /// Serialises the write-count file.
    marker: Mutex<()>,
    /// Leases on games' due work: in memory, since one process opens the directory.
    leases: Mutex<HashMap<Key, Lease>>,
}

struct Inner {
    db: sled::Db,
    games: sled::Tree,
    index: sled::Tree,
    history: sled::Tree,
    summaries: sled::Tree,
    jobs: sled::Tree,
    meta: sled::Tree,
    prefs: sled::Tree,
    /// Server id (8 bytes big-endian) → the server's settings.
    servers: sled::Tree,
    /// Server id and tournament id (8 bytes big-endian each) → the tournament.
    tournaments: sled::Tree,
    /// A web link's token (16 bytes) → its channel's key and game id ([`link_value`]).
    links: sled::Tree,
    /// Member (8 bytes big-endian) and topic ([`Key::bytes`]) → due time (8 bytes big-endian)
    /// and the held message.
    held: sled::Tree,
}

impl Plain for sled::Error {
    fn plain(&self) -> String {
        match self {
            sled::Error::Io(e) => format!("the disk failed: {e}"),
            sled::Error::Corruption { .. } => "the database files are damaged (sled found \
                 corrupted data): stop the bot and restore a backup of its data_dir"
                .into(),
            sled::Error::CollectionNotFound(_) => {
                "a part of the database is missing (damaged files?)".into()
            }
            sled::Error::Unsupported(e) => format!("the database refused the operation: {e}"),
            sled::Error::ReportableBug(e) => {
                format!("the database failed with an internal error: {e}")
            }
            #[allow(unreachable_patterns)]
            other => format!("the database failed: {other}"),
        }
    }
}

fn tx_err(e: TransactionError<StorageError>) -> StorageError {
    match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => io(e),
    }
}

fn abort(e: StorageError) -> ConflictableTransactionError<StorageError> {
    ConflictableTransactionError::Abort(e)
}

/// Adds one to the write count inside a transaction.
fn count_write(meta: &TransactionalTree) -> Result<(), ConflictableTransactionError<StorageError>> {
    let n = meta
        .get("writes")?
        .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
        .map(u64::from_be_bytes)
        .unwrap_or(0);
    meta.insert("writes", &(n + 1).to_be_bytes())?;
    Ok(())
}

fn history_key(key: Key, seq: u64) -> Vec<u8> {
    let mut k = key.bytes().to_vec();
    k.extend_from_slice(&seq.to_be_bytes());
    k
}

/// Every held message in a tree of them (entries of another shape are skipped).
fn read_held(tree: &sled::Tree) -> Result<Vec<Held>, StorageError> {
    let mut out = Vec::new();
    for kv in tree.iter() {
        let (k, v) = kv.map_err(io)?;
        let (Some(user), Some(topic), Some(due)) = (
            k.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()),
            k.get(8..).and_then(Key::from_bytes),
            v.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()),
        ) else {
            continue;
        };
        out.push(Held {
            user: u64::from_be_bytes(user),
            topic,
            due: u64::from_be_bytes(due),
            bytes: v[8..].to_vec(),
        });
    }
    Ok(out)
}

/// Whether sled refused to open a database because its lock is held.
fn is_lock_error(e: &sled::Error) -> bool {
    e.to_string().contains("could not acquire lock")
}

impl Inner {
    /// Opens the database in `dir`, trying again for up to [`LOCK_PATIENCE`] while its lock is
    /// held.
    fn open(dir: &Path) -> Result<Inner, StorageError> {
        let shown = dir.display().to_string();
        let start = Instant::now();
        let opened = loop {
            let opened = std::panic::catch_unwind(|| sled::Config::new().path(dir).open());
            match &opened {
                Ok(Err(e)) if is_lock_error(e) && start.elapsed() < LOCK_PATIENCE => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => break opened,
            }
        };
        let db = match opened {
            Ok(Ok(db)) => db,
            Ok(Err(e)) if is_lock_error(&e) => {
                return Err(StorageError::Io(format!(
                    "the database in {shown} is in use by another process (sled lets one process \
                     open a database directory): stop the other bot, or give this one its own \
                     data_dir"
                )))
            }
            Ok(Err(e)) => {
                return Err(StorageError::Io(format!(
                    "cannot open the database in {shown}: {e}"
                )))
            }
            Err(_) => {
                return Err(StorageError::Io(format!(
                    "cannot open the database in {shown}: its files are damaged (sled failed while reading them); restore a backup of {shown}"
                )))
            }
        };
        let t = |name: &str| db.open_tree(name).map_err(io);
        let inner = Inner {
            games: t("games")?,
            index: t("index")?,
            history: t("history")?,
            summaries: t("summaries")?,
            jobs: t("jobs")?,
            meta: t("meta")?,
            prefs: t("prefs")?,
            servers: t("servers")?,
            tournaments: t("tournaments")?,
            links: t("links")?,
            held: t("held")?,
            db,
        };
        inner.migrate(&shown)?;
        Ok(inner)
    }

    fn layout(&self, shown: &str) -> Result<Option<u32>, StorageError> {
        match self.meta.get("layout").map_err(io)? {
            None => Ok(None),
            Some(v) => <[u8; 4]>::try_from(v.as_ref())
                .map(|b| Some(u32::from_be_bytes(b)))
                .map_err(|_| {
                    StorageError::Io(format!(
                        "the layout version of the database in {shown} is unreadable"
                    ))
                }),
        }
    }

    /// Brings a layout-1 database (keys by channel only) to layout 2.
    fn migrate(&self, shown: &str) -> Result<(), StorageError> {
        match self.layout(shown)? {
            Some(LAYOUT_VERSION) => return Ok(()),
            Some(v) if v > LAYOUT_VERSION => {
                return Err(StorageError::Io(format!(
                    "the database in {shown} was written by a newer meeplebot (layout {v}, this build reads {LAYOUT_VERSION})"
                )))
            }
            _ => {}
        }
        // Layout 1: games by 8-byte channel keys, history by channel + sequence.
        for kv in self.games.iter() {
            let (k, v) = kv.map_err(io)?;
            if let Ok(ch) = <[u8; 8]>::try_from(k.as_ref()) {
                let key = Key::new(0, u64::from_be_bytes(ch));
                self.games.insert(key.bytes(), v).map_err(io)?;
                // An empty index entry: the service rebuilds it from the game.
                self.index.insert(key.bytes(), &[][..]).map_err(io)?;
                self.games.remove(k).map_err(io)?;
            }
        }
        for kv in self.history.iter() {
            let (k, v) = kv.map_err(io)?;
            if k.len() == 16 {
                let ch = u64::from_be_bytes(k[..8].try_into().map_err(io)?);
                let seq = u64::from_be_bytes(k[8..].try_into().map_err(io)?);
                let nk = history_key(Key::new(0, ch), seq);
                self.history.insert(&nk, v).map_err(io)?;
                self.summaries
                    .insert(&nk, &0u64.to_be_bytes()[..])
                    .map_err(io)?;
                self.history.remove(k).map_err(io)?;
            }
        }
        self.meta
            .insert("layout", &LAYOUT_VERSION.to_be_bytes())
            .map_err(io)?;
        self.db.flush().map_err(io)?;
        Ok(())
    }

    fn writes(&self) -> Result<u64, StorageError> {
        Ok(self
            .meta
            .get("writes")
            .map_err(io)?
            .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
            .map(u64::from_be_bytes)
            .unwrap_or(0))
    }
}

impl SledStorage {
    /// Opens (or creates) the database in `dir`. Open each directory once per process. Refuses a
    /// database that lost acknowledged writes or cannot be read, naming the files.
    pub fn open(dir: &Path) -> Result<SledStorage, StorageError> {
        let inner = Inner::open(dir)?;
        let s = SledStorage {
            dir: dir.to_path_buf(),
            inner: RwLock::new(None),
            broken: AtomicBool::new(false),
            marker: Mutex::new(()),
            leases: Mutex::new(HashMap::new()),
        };
        s.check_writes(&inner)?;
        *s.inner.write().unwrap_or_else(|e| e.into_inner()) = Some(inner);
        Ok(s)
    }

    fn writes_file(&self) -> PathBuf {
        self.dir.join(WRITES_FILE)
    }

    /// Compares the database's write count with the acknowledged one.
    fn check_writes(&self, inner: &Inner) -> Result<(), StorageError> {
        let file = self.writes_file();
        let acknowledged = match std::fs::read_to_string(&file) {
            Ok(text) => text.trim().parse::<u64>().map_err(|_| {
                StorageError::Io(format!(
                    "{} is unreadable; if the database in {} is known to be good, delete that file",
                    file.display(),
                    self.dir.display()
                ))
            })?,
            Err(_) => return Ok(()), // a new database, or one from before the count existed
        };
        let held = inner.writes()?;
        if held < acknowledged {
            return Err(StorageError::Io(format!(
                "the database in {} has lost saved games: {} says {acknowledged} writes were acknowledged, but the database holds {held} (its files were truncated or damaged). Restore a backup of {}; to start anyway with what is left, delete {}",
                self.dir.display(),
                file.display(),
                self.dir.display(),
                file.display()
            )));
        }
        Ok(())
    }

    /// Runs `f` on the open database, reopening it first after an I/O error.
    fn with<T>(
        &self,
        f: impl FnOnce(&Inner) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        if self.broken.load(Ordering::SeqCst) {
            let mut guard = self.inner.write().unwrap_or_else(|e| e.into_inner());
            if self.broken.load(Ordering::SeqCst) {
                *guard = None; // sled must be closed before it opens again
                let inner = Inner::open(&self.dir)?;
                *guard = Some(inner);
                self.broken.store(false, Ordering::SeqCst);
                tracing::info!("the database in {} was opened again", self.dir.display());
            }
        }
        let guard = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let inner = guard
            .as_ref()
            .ok_or_else(|| StorageError::Io("the database is not open".into()))?;
        let out = f(inner);
        if let Err(StorageError::Io(e)) = &out {
            tracing::warn!("storage error; the database will be opened again: {e}");
            self.broken.store(true, Ordering::SeqCst);
        }
        out
    }

    /// Flushes and records the acknowledged write count beside the database.
    fn durable(&self, inner: &Inner) -> Result<(), StorageError> {
        inner.db.flush().map_err(io)?;
        let n = inner.writes()?;
        let _g = self.marker.lock().unwrap_or_else(|e| e.into_inner());
        let file = self.writes_file();
        let tmp = self.dir.join(format!("{WRITES_FILE}.tmp"));
        let write = || -> std::io::Result<()> {
            use std::io::Write;
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(n.to_string().as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, &file)
        };
        write().map_err(|e| io(format!("cannot write {}: {e}", file.display())))
    }

    fn end_lease(&self, key: Key) {
        self.leases
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
    }

    /// When each game's work is due, by key.
    fn due_times(&self) -> Result<Vec<(Key, u64)>, StorageError> {
        self.with(|i| {
            let mut out = Vec::new();
            for kv in i.jobs.iter() {
                let (k, v) = kv.map_err(io)?;
                if let (Some(key), Ok(at)) = (Key::from_bytes(&k), <[u8; 8]>::try_from(v.as_ref()))
                {
                    out.push((key, u64::from_be_bytes(at)));
                }
            }
            Ok(out)
        })
    }

    /// Runs a write transaction over all trees, then makes it durable.
    fn transact(
        &self,
        f: impl Fn(&Trees<'_>) -> Result<(), ConflictableTransactionError<StorageError>>,
    ) -> Result<(), StorageError> {
        self.with(|inner| {
            (
                &inner.games,
                &inner.index,
                &inner.history,
                &inner.summaries,
                &inner.jobs,
                &inner.links,
                &inner.meta,
            )
                .transaction(|(games, index, history, summaries, jobs, links, meta)| {
                    f(&Trees {
                        games,
                        index,
                        history,
                        summaries,
                        jobs,
                        links,
                    })?;
                    count_write(meta)
                })
                .map_err(tx_err)?;
            self.durable(inner)
        })
    }
}

impl SledStorage {
    /// The web links that `keep` keeps.
    fn links_where(
        &self,
        keep: impl Fn(&Link) -> bool,
    ) -> Result<Vec<([u8; 16], Link)>, StorageError> {
        self.with(|i| {
            let mut out = Vec::new();
            for kv in i.links.iter() {
                let (k, v) = kv.map_err(io)?;
                let token = <[u8; 16]>::try_from(k.as_ref()).ok();
                if let (Some(token), Some(link)) = (token, read_link_value(&v)) {
                    if keep(&link) {
                        out.push((token, link));
                    }
                }
            }
            Ok(out)
        })
    }

    /// Removes a game, its index entry and its due work in one transaction, if `check` (given
    /// the games' tree) passes; ends this process's lease on it.
    fn remove_game(
        &self,
        key: Key,
        check: impl Fn(&TransactionalTree) -> Result<(), ConflictableTransactionError<StorageError>>,
    ) -> Result<(), StorageError> {
        self.transact(|t| {
            check(t.games)?;
            t.games.remove(&key.bytes())?;
            t.index.remove(&key.bytes())?;
            t.jobs.remove(&key.bytes())?;
            Ok(())
        })?;
        self.end_lease(key);
        Ok(())
    }
}

struct Trees<'a> {
    games: &'a TransactionalTree,
    index: &'a TransactionalTree,
    history: &'a TransactionalTree,
    summaries: &'a TransactionalTree,
    /// Game key → when its work is due (8 bytes big-endian).
    jobs: &'a TransactionalTree,
    /// Web links ([`link_value`]).
    links: &'a TransactionalTree,
}

fn check(
    games: &TransactionalTree,
    key: Key,
    expected: Option<u64>,
) -> Result<(), ConflictableTransactionError<StorageError>> {
    let cur = games.get(key.bytes())?;
    check_version(cur.as_deref(), expected).map_err(abort)
}

/// Every entry of a tree keyed by an id (8 bytes big-endian), by id.
fn by_id(tree: &sled::Tree) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
    let mut out = Vec::new();
    for kv in tree.iter() {
        let (k, v) = kv.map_err(io)?;
        if let Ok(id) = <[u8; 8]>::try_from(k.as_ref()) {
            out.push((u64::from_be_bytes(id), v.to_vec()));
        }
    }
    Ok(out)
}

/// The key of a server's tournament: the server's id, then the tournament's (big-endian).
fn two_ids(guild: u64, id: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&guild.to_be_bytes());
    k[8..].copy_from_slice(&id.to_be_bytes());
    k
}

/// The tournaments whose keys start with `prefix` (a server's id, or nothing), by key.
fn tournaments_under(i: &Inner, prefix: &[u8]) -> Result<Vec<(u64, u64, Vec<u8>)>, StorageError> {
    let mut out = Vec::new();
    for kv in i.tournaments.scan_prefix(prefix) {
        let (k, v) = kv.map_err(io)?;
        let (Some(g), Some(id)) = (
            k.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()),
            k.get(8..16).and_then(|b| <[u8; 8]>::try_from(b).ok()),
        ) else {
            continue;
        };
        out.push((u64::from_be_bytes(g), u64::from_be_bytes(id), v.to_vec()));
    }
    Ok(out)
}

/// The entry of `tree` under the id `id` (a member or a server).
fn get_id(tree: &sled::Tree, id: u64) -> Result<Option<Vec<u8>>, StorageError> {
    Ok(tree.get(id.to_be_bytes()).map_err(io)?.map(|v| v.to_vec()))
}

/// The summaries whose keys start with `prefix`, by key.
fn summaries_under(i: &Inner, prefix: &[u8]) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
    let mut out = Vec::new();
    for kv in i.summaries.scan_prefix(prefix) {
        let (k, v) = kv.map_err(io)?;
        let (Some(key), Some(seq), Some(end)) = (
            k.get(..16).and_then(Key::from_bytes),
            k.get(16..24).and_then(|b| <[u8; 8]>::try_from(b).ok()),
            v.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()),
        ) else {
            continue;
        };
        out.push((
            key,
            SummaryEntry {
                seq: u64::from_be_bytes(seq),
                ended_at: u64::from_be_bytes(end),
                bytes: v[8..].to_vec(),
            },
        ));
    }
    Ok(out)
}

impl Storage for SledStorage {
    fn get_game(&self, key: Key) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|i| Ok(i.games.get(key.bytes()).map_err(io)?.map(|v| v.to_vec())))
    }

    fn put_game(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        index: &[u8],
        due: Option<u64>,
    ) -> Result<(), StorageError> {
        self.transact(|t| {
            check(t.games, key, expected)?;
            t.games.insert(&key.bytes(), framed)?;
            t.index.insert(&key.bytes(), index)?;
            match due {
                Some(at) => t.jobs.insert(&key.bytes(), &at.to_be_bytes())?,
                None => t.jobs.remove(&key.bytes())?,
            };
            Ok(())
        })?;
        self.end_lease(key);
        Ok(())
    }

    fn delete_game(&self, key: Key, expected: Option<u64>) -> Result<(), StorageError> {
        self.remove_game(key, |games| check(games, key, expected))
    }

    fn delete_damaged(&self, key: Key, stored: &[u8]) -> Result<(), StorageError> {
        self.remove_game(key, |games| {
            let cur = games.get(key.bytes())?;
            if cur.as_deref() != Some(stored) {
                return Err(abort(StorageError::Conflict {
                    expected: version_of(stored),
                    found: cur.as_deref().and_then(version_of),
                }));
            }
            Ok(())
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
        let seq = self.with(|i| i.db.generate_id().map_err(io))?;
        let hk = history_key(key, seq);
        let mut sv = ended_at.to_be_bytes().to_vec();
        sv.extend_from_slice(summary);
        self.transact(|t| {
            check(t.games, key, expected)?;
            t.history.insert(hk.as_slice(), framed)?;
            t.summaries.insert(hk.as_slice(), sv.as_slice())?;
            t.games.remove(&key.bytes())?;
            t.index.remove(&key.bytes())?;
            t.jobs.remove(&key.bytes())?;
            if let Some(token) = link {
                let stored = t.links.get(token)?.and_then(|v| read_link_value(&v));
                if let Some(mut l) = stored.filter(|l| l.key == key) {
                    l.seq = Some(seq);
                    t.links.insert(&token, link_value(&l))?;
                }
            }
            Ok(())
        })?;
        self.end_lease(key);
        Ok(seq)
    }

    fn index(&self) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        self.with(|i| {
            let mut out = Vec::new();
            for kv in i.index.iter() {
                let (k, v) = kv.map_err(io)?;
                if let Some(key) = Key::from_bytes(&k) {
                    out.push((key, v.to_vec()));
                }
            }
            Ok(out)
        })
    }

    fn guild_index(&self, guild: u64) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        self.with(|i| {
            let mut out = Vec::new();
            for kv in i.index.scan_prefix(guild.to_be_bytes()) {
                let (k, v) = kv.map_err(io)?;
                if let Some(key) = Key::from_bytes(&k) {
                    out.push((key, v.to_vec()));
                }
            }
            Ok(out)
        })
    }

    fn summaries(&self, key: Key) -> Result<Vec<SummaryEntry>, StorageError> {
        self.with(|i| {
            let mut out = Vec::new();
            for kv in i.summaries.scan_prefix(key.bytes()) {
                let (k, v) = kv.map_err(io)?;
                let (Some(seq), Some(end)) = (
                    k.get(16..24).and_then(|b| <[u8; 8]>::try_from(b).ok()),
                    v.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()),
                ) else {
                    continue;
                };
                out.push(SummaryEntry {
                    seq: u64::from_be_bytes(seq),
                    ended_at: u64::from_be_bytes(end),
                    bytes: v[8..].to_vec(),
                });
            }
            Ok(out)
        })
    }

    fn guild_summaries(&self, guild: u64) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        self.with(|i| summaries_under(i, &guild.to_be_bytes()))
    }

    fn all_summaries(&self) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        self.with(|i| summaries_under(i, &[]))
    }

    fn all_prefs(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|i| by_id(&i.prefs))
    }

    fn get_server(&self, guild: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|i| get_id(&i.servers, guild))
    }

    fn put_server(&self, guild: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.with(|i| {
            i.servers.insert(guild.to_be_bytes(), bytes).map_err(io)?;
            self.durable(i)
        })
    }

    fn swap_server(
        &self,
        guild: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.with(|i| {
            match i
                .servers
                .compare_and_swap(guild.to_be_bytes(), expected, Some(bytes))
                .map_err(io)?
            {
                Ok(()) => self.durable(i),
                Err(_) => Err(StorageError::Conflict {
                    expected: None,
                    found: None,
                }),
            }
        })
    }

    fn all_servers(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|i| by_id(&i.servers))
    }

    fn get_tournament(&self, guild: u64, id: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|i| {
            Ok(i.tournaments
                .get(two_ids(guild, id))
                .map_err(io)?
                .map(|v| v.to_vec()))
        })
    }

    fn swap_tournament(
        &self,
        guild: u64,
        id: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.with(|i| {
            match i
                .tournaments
                .compare_and_swap(two_ids(guild, id), expected, Some(bytes))
                .map_err(io)?
            {
                Ok(()) => self.durable(i),
                Err(_) => Err(StorageError::Conflict {
                    expected: None,
                    found: None,
                }),
            }
        })
    }

    fn tournaments(&self, guild: u64) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        self.with(|i| {
            Ok(tournaments_under(i, &guild.to_be_bytes())?
                .into_iter()
                .map(|(_, id, b)| (id, b))
                .collect())
        })
    }

    fn all_tournaments(&self) -> Result<Vec<(u64, u64, Vec<u8>)>, StorageError> {
        self.with(|i| tournaments_under(i, &[]))
    }

    fn put_link(&self, token: [u8; 16], link: &Link) -> Result<(), StorageError> {
        self.with(|i| {
            i.links.insert(token, link_value(link)).map_err(io)?;
            self.durable(i)
        })
    }

    fn get_link(&self, token: [u8; 16]) -> Result<Option<Link>, StorageError> {
        self.with(|i| {
            Ok(i.links
                .get(token)
                .map_err(io)?
                .and_then(|v| read_link_value(&v)))
        })
    }

    fn delete_link(&self, token: [u8; 16]) -> Result<(), StorageError> {
        self.with(|i| {
            i.links.remove(token).map_err(io)?;
            self.durable(i)
        })
    }

    fn all_links(&self) -> Result<Vec<([u8; 16], Link)>, StorageError> {
        self.links_where(|_| true)
    }

    fn hold(&self, held: &Held) -> Result<(), StorageError> {
        self.with(|i| {
            let mut k = held.user.to_be_bytes().to_vec();
            k.extend_from_slice(&held.topic.bytes());
            let mut v = held.due.to_be_bytes().to_vec();
            v.extend_from_slice(&held.bytes);
            i.held.insert(k, v).map_err(io)?;
            self.durable(i)
        })
    }

    fn take_held(&self, now: u64, limit: usize) -> Result<Vec<Held>, StorageError> {
        self.with(|i| {
            let mut due = Vec::new();
            for held in read_held(&i.held)? {
                if held.due <= now {
                    due.push(held);
                }
            }
            due.sort_by_key(|h| (h.due, h.user, h.topic));
            due.truncate(limit);
            let mut taken = Vec::with_capacity(due.len());
            for h in due {
                let mut k = h.user.to_be_bytes().to_vec();
                k.extend_from_slice(&h.topic.bytes());
                let mut v = h.due.to_be_bytes().to_vec();
                v.extend_from_slice(&h.bytes);
                // Only as read: one held again meanwhile (a later ping, the next digest) stays
                // for its own time.
                let swapped = i
                    .held
                    .compare_and_swap(k, Some(v), None::<&[u8]>)
                    .map_err(io)?;
                if swapped.is_ok() {
                    taken.push(h);
                }
            }
            if !taken.is_empty() {
                self.durable(i)?;
            }
            Ok(taken)
        })
    }

    fn all_held(&self) -> Result<Vec<Held>, StorageError> {
        self.with(|i| read_held(&i.held))
    }

    fn claim_due(
        &self,
        now: u64,
        owner: &str,
        lease: u64,
        limit: usize,
    ) -> Result<Vec<Key>, StorageError> {
        let mut due = self.due_times()?;
        due.retain(|(_, at)| *at <= now);
        due.sort_by_key(|(k, at)| (*at, *k));
        let mut leases = self.leases.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = Vec::new();
        for (key, _) in due {
            if out.len() >= limit {
                break;
            }
            if leases.get(&key).is_some_and(|l| l.until > now) {
                continue;
            }
            leases.insert(key, Lease::new(owner, now, lease));
            out.push(key);
        }
        Ok(out)
    }

    fn claim(&self, key: Key, now: u64, owner: &str, lease: u64) -> Result<bool, StorageError> {
        let due = self.with(|i| i.jobs.get(key.bytes()).map_err(io))?;
        let Some(at) = due.and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok()) else {
            return Ok(false);
        };
        if u64::from_be_bytes(at) > now {
            return Ok(false);
        }
        let mut leases = self.leases.lock().unwrap_or_else(|e| e.into_inner());
        if !Lease::free_for(leases.get(&key), owner, now) {
            return Ok(false);
        }
        leases.insert(key, Lease::new(owner, now, lease));
        Ok(true)
    }

    fn release(&self, key: Key, owner: &str, due: Option<u64>) -> Result<(), StorageError> {
        let mut leases = self.leases.lock().unwrap_or_else(|e| e.into_inner());
        if leases.get(&key).is_none_or(|l| l.owner != owner) {
            return Ok(());
        }
        self.transact(|t| {
            // Only a live game has due work.
            if t.games.get(key.bytes())?.is_some() {
                match due {
                    Some(at) => t.jobs.insert(&key.bytes(), &at.to_be_bytes())?,
                    None => t.jobs.remove(&key.bytes())?,
                };
            }
            Ok(())
        })?;
        leases.remove(&key);
        Ok(())
    }

    fn jobs(&self) -> Result<Vec<(Key, Job)>, StorageError> {
        let leases = self
            .leases
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        Ok(self
            .due_times()?
            .into_iter()
            .map(|(key, due_at)| {
                (
                    key,
                    Job {
                        due_at,
                        lease: leases.get(&key).cloned(),
                    },
                )
            })
            .collect())
    }

    fn restore_due(&self, key: Key, due: u64) -> Result<(), StorageError> {
        self.transact(|t| {
            if t.games.get(key.bytes())?.is_some() && t.jobs.get(key.bytes())?.is_none() {
                t.jobs.insert(&key.bytes(), &due.to_be_bytes())?;
            }
            Ok(())
        })
    }

    fn get_pref(&self, user: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|i| get_id(&i.prefs, user))
    }

    fn put_pref(&self, user: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.with(|i| {
            i.prefs.insert(user.to_be_bytes(), bytes).map_err(io)?;
            self.durable(i)
        })
    }

    fn archived(&self, key: Key, seq: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.with(|i| {
            Ok(i.history
                .get(history_key(key, seq))
                .map_err(io)?
                .map(|v| v.to_vec()))
        })
    }

    fn put_summary(
        &self,
        key: Key,
        seq: u64,
        ended_at: u64,
        summary: &[u8],
    ) -> Result<(), StorageError> {
        let hk = history_key(key, seq);
        let mut sv = ended_at.to_be_bytes().to_vec();
        sv.extend_from_slice(summary);
        self.transact(|t| {
            t.summaries.insert(hk.as_slice(), sv.as_slice())?;
            Ok(())
        })
    }

    fn prune_history(&self, ended_before: u64) -> Result<usize, StorageError> {
        let old: Vec<Vec<u8>> = self.with(|i| {
            let mut out = Vec::new();
            for kv in i.summaries.iter() {
                let (k, v) = kv.map_err(io)?;
                let end = v
                    .get(..8)
                    .and_then(|b| <[u8; 8]>::try_from(b).ok())
                    .map(u64::from_be_bytes)
                    .unwrap_or(0);
                if end != 0 && end < ended_before {
                    out.push(k.to_vec());
                }
            }
            Ok(out)
        })?;
        if old.is_empty() {
            return Ok(0);
        }
        // The links of the games that go (a prune is rare: every link is looked at).
        let gone: std::collections::BTreeSet<&[u8]> = old.iter().map(|k| k.as_slice()).collect();
        let links = self.links_where(|l| {
            l.seq
                .is_some_and(|seq| gone.contains(history_key(l.key, seq).as_slice()))
        })?;
        self.transact(|t| {
            for k in &old {
                t.history.remove(k.as_slice())?;
                t.summaries.remove(k.as_slice())?;
            }
            for (token, _) in &links {
                t.links.remove(token.as_slice())?;
            }
            Ok(())
        })?;
        Ok(old.len())
    }

    fn move_channel(&self, from: Key, to: Key) -> Result<bool, StorageError> {
        let history: Vec<Vec<u8>> = self.with(|i| {
            i.history
                .scan_prefix(from.bytes())
                .keys()
                .map(|k| k.map(|k| k.to_vec()).map_err(io))
                .collect()
        })?;
        let has_game = self.with(|i| i.games.contains_key(from.bytes()).map_err(io))?;
        if history.is_empty() && !has_game {
            return Ok(false);
        }
        let links = self.links_where(|l| l.key == from)?;
        let moved = std::sync::atomic::AtomicBool::new(false);
        self.transact(|t| {
            let (games, idx, hist, summaries) = (t.games, t.index, t.history, t.summaries);
            moved.store(false, Ordering::SeqCst);
            let mut game_moved = false;
            if games.get(to.bytes())?.is_none() {
                if let Some(g) = games.remove(&from.bytes())? {
                    games.insert(&to.bytes(), g)?;
                    if let Some(e) = idx.remove(&from.bytes())? {
                        idx.insert(&to.bytes(), e)?;
                    }
                    if let Some(j) = t.jobs.remove(&from.bytes())? {
                        t.jobs.insert(&to.bytes(), j)?;
                    }
                    moved.store(true, Ordering::SeqCst);
                    game_moved = true;
                }
            }
            // The links go with what they name: an archived game's always, the live game's
            // if it moved.
            for (token, l) in &links {
                if l.seq.is_some() || game_moved {
                    let moved_link = Link { key: to, ..*l };
                    t.links.insert(token.as_slice(), link_value(&moved_link))?;
                }
            }
            for k in &history {
                let Some(seq) = k.get(16..24) else { continue };
                let mut nk = to.bytes().to_vec();
                nk.extend_from_slice(seq);
                if let Some(h) = hist.remove(k.as_slice())? {
                    hist.insert(nk.as_slice(), h)?;
                    moved.store(true, Ordering::SeqCst);
                }
                if let Some(v) = summaries.remove(k.as_slice())? {
                    summaries.insert(nk.as_slice(), v)?;
                }
            }
            Ok(())
        })?;
        Ok(moved.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sled_failures_read_in_plain_words() {
        let damaged = io(sled::Error::Corruption { at: None, bt: () }).to_string();
        assert!(
            damaged.contains("damaged") && damaged.contains("restore a backup"),
            "{damaged}"
        );
        assert!(!damaged.contains("backtrace") && !damaged.contains("offset None"));
        let disk = io(sled::Error::Io(std::io::Error::from_raw_os_error(28))).to_string();
        assert!(
            disk.contains("the disk failed") && disk.contains("No space left"),
            "{disk}"
        );
    }
}
