//! What the service needs from storage, as a trait: framed bytes in and out, durable on return.
//!
//! Games are keyed by [`Key`] (guild and channel). Each stored game is a *frame*: a magic
//! prefix, a version number (for optimistic concurrency: a write names the version it replaces)
//! and a CRC-32 of the payload, so damage is detected and confined to its game. Besides the
//! games, storage keeps an *index* entry per live game (who is waiting, when to remind, last
//! activity), so starting never reads every game, and per finished game an archived copy and a
//! short *summary*, so listing history never replays a game.
//!
//! The sled implementation lives in `crate::store` (the only module that touches sled);
//! [`MemoryStorage`] serves tests and the offline demo, and can be told to fail.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

/// Where a game lives: a Discord guild (0 for direct messages or unknown) and a channel or
/// thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Key {
    /// Guild (server) id; 0 when unknown.
    pub guild: u64,
    /// Channel or thread id.
    pub channel: u64,
}

impl Key {
    /// A key.
    pub fn new(guild: u64, channel: u64) -> Key {
        Key { guild, channel }
    }

    /// The 16-byte big-endian form (guild, then channel): keys of one guild sort together.
    pub fn bytes(self) -> [u8; 16] {
        let mut b = [0; 16];
        b[..8].copy_from_slice(&self.guild.to_be_bytes());
        b[8..].copy_from_slice(&self.channel.to_be_bytes());
        b
    }

    /// Reads the first 16 bytes of a stored key.
    pub fn from_bytes(b: &[u8]) -> Option<Key> {
        let g = <[u8; 8]>::try_from(b.get(..8)?).ok()?;
        let c = <[u8; 8]>::try_from(b.get(8..16)?).ok()?;
        Some(Key::new(u64::from_be_bytes(g), u64::from_be_bytes(c)))
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "guild {} channel {}", self.guild, self.channel)
    }
}

/// A storage failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    /// The disk or the database failed; whether the write reached the disk is unknown.
    #[error("storage error: {0}")]
    Io(String),
    /// The game was written by someone else since it was read; nothing was written.
    #[error(
        "the game changed meanwhile (stored version {found:?}, this write expected {expected:?})"
    )]
    Conflict {
        /// The version the write expected (`None`: no game).
        expected: Option<u64>,
        /// The version found.
        found: Option<u64>,
    },
}

/// One finished game as listed by [`Storage::summaries`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryEntry {
    /// Order of archiving within storage.
    pub seq: u64,
    /// Unix seconds of the end (0: unknown, an entry from before summaries existed).
    pub ended_at: u64,
    /// The summary bytes (empty: none yet; see [`Storage::put_summary`]).
    pub bytes: Vec<u8>,
}

/// Work due for a game that is not a reply (a computer's move, a reminder, an expiry): when it
/// is due, and which worker holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Unix second the work is due (0: at once).
    pub due_at: u64,
    /// The worker that claimed it and until when, if one did.
    pub lease: Option<Lease>,
}

/// A worker's claim on a game's due work, until a time: a worker that dies loses it then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The worker (process) that holds it.
    pub owner: String,
    /// Unix second the lease ends.
    pub until: u64,
}

impl Lease {
    /// A lease for `owner` from `now` for `secs` seconds.
    pub fn new(owner: &str, now: u64, secs: u64) -> Lease {
        Lease {
            owner: owner.to_string(),
            until: now.saturating_add(secs),
        }
    }

    /// Whether `owner` may take work under `lease` at `now`: no lease, its own, or one that
    /// ended.
    pub fn free_for(lease: Option<&Lease>, owner: &str, now: u64) -> bool {
        lease.is_none_or(|l| l.owner == owner || l.until <= now)
    }
}

/// Told the key of a game that changed (see [`Storage::watch`]).
pub type Changed = std::sync::Arc<dyn Fn(Key) + Send + Sync>;

/// A web link as stored: the channel its game is played in, the game's id, and once the game
/// is archived, where in the channel's history it lies (so that a page of a finished game is
/// found with one read, however long the history).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Link {
    /// The channel.
    pub key: Key,
    /// The game's id.
    pub game: u64,
    /// The game's place in the channel's history (`None`: the game is not archived, or its
    /// link was stored before places were kept).
    pub seq: Option<u64>,
}

impl Link {
    /// The link of a game being played.
    pub fn live(key: Key, game: u64) -> Link {
        Link {
            key,
            game,
            seq: None,
        }
    }
}

/// A link's value as stored: the channel's key (16 bytes), the game's id (8 bytes) and, for an
/// archived game, its place in the history (8 bytes more).
pub fn link_value(link: &Link) -> Vec<u8> {
    let mut v = Vec::with_capacity(32);
    v.extend_from_slice(&link.key.bytes());
    v.extend_from_slice(&link.game.to_be_bytes());
    if let Some(seq) = link.seq {
        v.extend_from_slice(&seq.to_be_bytes());
    }
    v
}

/// Reads a link's stored value ([`link_value`]; 24 bytes from before places were kept).
pub fn read_link_value(v: &[u8]) -> Option<Link> {
    let key = Key::from_bytes(v)?;
    let game = <[u8; 8]>::try_from(v.get(16..24)?).ok()?;
    let seq = match v.len() {
        24 => None,
        32 => Some(u64::from_be_bytes(
            <[u8; 8]>::try_from(v.get(24..32)?).ok()?,
        )),
        _ => return None,
    };
    Some(Link {
        key,
        game: u64::from_be_bytes(game),
        seq,
    })
}

/// Durable storage of games, their index and their history.
///
/// Every method that writes must not return `Ok` before the data survives a crash (fsync).
pub trait Storage: Send + Sync {
    /// The framed bytes of a game.
    fn get_game(&self, key: Key) -> Result<Option<Vec<u8>>, StorageError>;
    /// Stores a game (framed), its index entry and when its next work is due (`due`, `None`:
    /// none) together, if the stored version is `expected` (`None`: no game stored); otherwise
    /// [`StorageError::Conflict`] and nothing is written. Writing a game ends any lease on it.
    fn put_game(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        index: &[u8],
        due: Option<u64>,
    ) -> Result<(), StorageError>;
    /// Removes a game and its index entry, if its version is `expected`.
    fn delete_game(&self, key: Key, expected: Option<u64>) -> Result<(), StorageError>;
    /// Removes a damaged game (one whose version may not be readable) and its index entry, if
    /// the stored bytes are still exactly `stored`: the compare-and-swap of an entry that has no
    /// trustworthy version.
    fn delete_damaged(&self, key: Key, stored: &[u8]) -> Result<(), StorageError>;
    /// Moves a game into history with its summary, removing the game and its index entry,
    /// atomically, if its version is `expected`; the game's web link (`link`, if it has one
    /// stored for this channel) learns where in the history the game lies, in the same write.
    /// Returns that place (the [`SummaryEntry::seq`]).
    fn archive(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        ended_at: u64,
        summary: &[u8],
        link: Option<[u8; 16]>,
    ) -> Result<u64, StorageError>;
    /// Every index entry, by key.
    fn index(&self) -> Result<Vec<(Key, Vec<u8>)>, StorageError>;
    /// The index entries of one guild's games, by key (without reading the others').
    fn guild_index(&self, guild: u64) -> Result<Vec<(Key, Vec<u8>)>, StorageError>;
    /// The summaries of a channel's finished games, oldest first.
    fn summaries(&self, key: Key) -> Result<Vec<SummaryEntry>, StorageError>;
    /// One archived game (framed).
    fn archived(&self, key: Key, seq: u64) -> Result<Option<Vec<u8>>, StorageError>;
    /// Replaces an archived game's summary.
    fn put_summary(
        &self,
        key: Key,
        seq: u64,
        ended_at: u64,
        summary: &[u8],
    ) -> Result<(), StorageError>;
    /// Deletes archived games (and summaries) that ended before `ended_before` (entries whose
    /// end is unknown are kept), with the web links that name them. Returns how many games
    /// went.
    fn prune_history(&self, ended_before: u64) -> Result<usize, StorageError>;
    /// Moves a channel's game (unless `to` has one), index entry, history and the web links of
    /// what moved from `from` to `to`, atomically: entries stored before keys had a guild live under guild 0. Returns
    /// whether anything moved.
    fn move_channel(&self, from: Key, to: Key) -> Result<bool, StorageError>;
    /// The summaries of every channel of a guild, by channel key (for the server's standings).
    fn guild_summaries(&self, guild: u64) -> Result<Vec<(Key, SummaryEntry)>, StorageError>;
    /// A user's preferences (opaque bytes), if they set any.
    fn get_pref(&self, user: u64) -> Result<Option<Vec<u8>>, StorageError>;
    /// Stores a user's preferences.
    fn put_pref(&self, user: u64, bytes: &[u8]) -> Result<(), StorageError>;
    /// The summaries of every finished game, by channel key and then age (for copying a
    /// database).
    fn all_summaries(&self) -> Result<Vec<(Key, SummaryEntry)>, StorageError>;
    /// Every user's preferences, by user id (for copying a database).
    fn all_prefs(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError>;
    /// A server's settings (opaque bytes), if its admins set any.
    fn get_server(&self, guild: u64) -> Result<Option<Vec<u8>>, StorageError>;
    /// Stores a server's settings.
    fn put_server(&self, guild: u64, bytes: &[u8]) -> Result<(), StorageError>;
    /// Stores a server's settings if the stored ones are still `expected` (`None`: none are
    /// stored); otherwise [`StorageError::Conflict`] and nothing is written. Two admins who
    /// change settings at once through two processes lose neither change.
    fn swap_server(
        &self,
        guild: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError>;
    /// Every server's settings, by server id (for copying a database).
    fn all_servers(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError>;
    /// A server's tournament (opaque bytes), by its id.
    fn get_tournament(&self, guild: u64, id: u64) -> Result<Option<Vec<u8>>, StorageError>;
    /// Stores a server's tournament if the stored one is still `expected` (`None`: none is
    /// stored); otherwise [`StorageError::Conflict`] and nothing is written. Of two processes
    /// that advance one tournament at once, one writes and the other reads it again.
    fn swap_tournament(
        &self,
        guild: u64,
        id: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError>;
    /// A server's tournaments, by id.
    fn tournaments(&self, guild: u64) -> Result<Vec<(u64, Vec<u8>)>, StorageError>;
    /// Every tournament, by server and id (for copying a database).
    fn all_tournaments(&self) -> Result<Vec<(u64, u64, Vec<u8>)>, StorageError>;
    /// Stores a web page's link: the page finds its game by the link's 128-bit `token` alone.
    fn put_link(&self, token: [u8; 16], link: &Link) -> Result<(), StorageError>;
    /// What a web link names, if anything.
    fn get_link(&self, token: [u8; 16]) -> Result<Option<Link>, StorageError>;
    /// Removes a web link (one whose game is gone).
    fn delete_link(&self, token: [u8; 16]) -> Result<(), StorageError>;
    /// Every web link (for copying a database, and for `meeplebot web`).
    fn all_links(&self) -> Result<Vec<([u8; 16], Link)>, StorageError>;
    /// Keeps a member's timed message (a ping held in quiet hours, the next digest, the end
    /// of an absence): one per member and topic, a later one replacing it.
    fn hold(&self, held: &Held) -> Result<(), StorageError>;
    /// Takes up to `limit` timed messages due at `now`, earliest first: each is taken once,
    /// whichever process asks first.
    fn take_held(&self, now: u64, limit: usize) -> Result<Vec<Held>, StorageError>;
    /// Every timed message (for copying a database).
    fn all_held(&self) -> Result<Vec<Held>, StorageError>;
    /// Calls `tell` from a thread of its own with the key of each game that another process
    /// writes (PostgreSQL's `LISTEN`), and with [`Key::default`] when writes may have been
    /// missed (the connection was lost). Storage that no other process shares never calls it.
    fn watch(&self, tell: Changed) -> Result<(), StorageError> {
        let _ = tell;
        Ok(())
    }
    /// Whether the notices of [`Storage::watch`] are being heard: `None` when nothing listens
    /// (storage no other process shares, or no watch was asked), `Some(false)` while the
    /// listening connection is lost and being opened again.
    fn listening(&self) -> Option<bool> {
        None
    }
    /// Claims up to `limit` games whose work is due at `now` and that no worker holds (or whose
    /// lease ended), leasing them to `owner` until `now + lease`; earliest due first. Of
    /// several workers claiming at once, each game goes to one.
    fn claim_due(
        &self,
        now: u64,
        owner: &str,
        lease: u64,
        limit: usize,
    ) -> Result<Vec<Key>, StorageError>;
    /// Claims one game's due work for `owner` (or extends its own lease): `false` when nothing
    /// is due there at `now` or another worker holds it.
    fn claim(&self, key: Key, now: u64, owner: &str, lease: u64) -> Result<bool, StorageError>;
    /// Gives up `owner`'s lease on a game without writing it, with its next due time (`None`:
    /// nothing due). Does nothing if `owner` does not hold the lease.
    fn release(&self, key: Key, owner: &str, due: Option<u64>) -> Result<(), StorageError>;
    /// Every game with due work, by key (for copying a database and for operators).
    fn jobs(&self) -> Result<Vec<(Key, Job)>, StorageError>;
    /// Sets a live game's due time if it has none (a game stored before due times were kept).
    fn restore_due(&self, key: Key, due: u64) -> Result<(), StorageError>;
    /// Whether other processes may write the same games (so a game kept in memory must be
    /// checked against storage before use).
    fn shared(&self) -> bool {
        false
    }
    /// The stored version of a game (`None`: no game), cheaper than reading it.
    fn game_version(&self, key: Key) -> Result<Option<u64>, StorageError> {
        Ok(self.get_game(key)?.as_deref().and_then(version_of))
    }
}

const MAGIC: &[u8; 3] = b"MB\x01";
const HEADER: usize = 3 + 8 + 4;

fn checksum(version: u64, payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&version.to_be_bytes());
    h.update(payload);
    h.finalize()
}

/// Frames a payload: magic, version, CRC-32 of version and payload, payload.
pub fn frame(version: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_be_bytes());
    out.extend_from_slice(&checksum(version, payload).to_be_bytes());
    out.extend_from_slice(payload);
    out
}

/// Checks a frame and returns its version and payload. Entries written before frames existed
/// (bare JSON) are version 0.
pub fn unframe(bytes: &[u8]) -> Result<(u64, &[u8]), String> {
    if bytes.first() == Some(&b'{') {
        return Ok((0, bytes));
    }
    if bytes.len() < HEADER || &bytes[..3] != MAGIC {
        return Err("not a meeplebot entry (bad header)".into());
    }
    let version = u64::from_be_bytes(bytes[3..11].try_into().map_err(|_| "bad header")?);
    let crc = u32::from_be_bytes(bytes[11..15].try_into().map_err(|_| "bad header")?);
    let payload = &bytes[HEADER..];
    if checksum(version, payload) != crc {
        return Err("its checksum does not match (the entry is damaged)".into());
    }
    Ok((version, payload))
}

/// The version of a stored frame, for the compare-and-swap of writes (`None` for bytes that are
/// not a frame).
pub fn version_of(bytes: &[u8]) -> Option<u64> {
    if bytes.first() == Some(&b'{') {
        return Some(0);
    }
    if bytes.len() < HEADER || &bytes[..3] != MAGIC {
        return None;
    }
    bytes[3..11].try_into().ok().map(u64::from_be_bytes)
}

/// Checks a write's expected version against what is stored.
pub fn check_version(stored: Option<&[u8]>, expected: Option<u64>) -> Result<(), StorageError> {
    let found = stored.and_then(version_of);
    let ok = match (stored, expected) {
        (None, None) => true,
        (Some(b), Some(v)) => version_of(b) == Some(v),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(StorageError::Conflict { expected, found })
    }
}

/// A member's timed message, kept until it is due: what it is about (a game's key, or a
/// [`Key`] of the service's own for a member's digest or absence) and its stored form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// The member it is for.
    pub user: u64,
    /// What it is about (one per member and topic).
    pub topic: Key,
    /// Unix second it is due.
    pub due: u64,
    /// Its content, as the service wrote it.
    pub bytes: Vec<u8>,
}

/// How [`MemoryStorage`] misbehaves when told to (tests of the service's honesty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Fault {
    /// Works.
    None = 0,
    /// Every write fails before writing anything.
    FailBeforeWrite = 1,
    /// Every write is done, then reports an error (as when a flush fails after the insert).
    FailAfterWrite = 2,
}

/// Storage in memory: for tests and the offline demo.
#[derive(Default)]
pub struct MemoryStorage {
    inner: Mutex<Mem>,
    fault: AtomicU8,
    /// Reads of the history (summaries and archived games), for tests that bound them.
    history_reads: std::sync::atomic::AtomicU64,
}

#[derive(Default)]
struct Mem {
    games: BTreeMap<Key, Vec<u8>>,
    index: BTreeMap<Key, Vec<u8>>,
    history: BTreeMap<(Key, u64), Vec<u8>>,
    summaries: BTreeMap<(Key, u64), (u64, Vec<u8>)>,
    prefs: BTreeMap<u64, Vec<u8>>,
    servers: BTreeMap<u64, Vec<u8>>,
    tournaments: BTreeMap<(u64, u64), Vec<u8>>,
    links: BTreeMap<[u8; 16], Link>,
    held: BTreeMap<(u64, Key), (u64, Vec<u8>)>,
    jobs: BTreeMap<Key, Job>,
    seq: u64,
}

impl Mem {
    /// The game's work due at `due`, unleased, or none.
    fn schedule(&mut self, key: Key, due: Option<u64>) {
        match due {
            Some(due_at) => self.jobs.insert(
                key,
                Job {
                    due_at,
                    lease: None,
                },
            ),
            None => self.jobs.remove(&key),
        };
    }

    /// The channel's game gone, with its index entry and its work.
    fn forget(&mut self, key: Key) {
        self.games.remove(&key);
        self.index.remove(&key);
        self.jobs.remove(&key);
    }

    /// The history's summaries in `range`, with their channels.
    fn summaries(
        &self,
        range: impl std::ops::RangeBounds<(Key, u64)>,
    ) -> impl Iterator<Item = (Key, SummaryEntry)> + '_ {
        self.summaries
            .range(range)
            .map(|((k, seq), (ended_at, bytes))| {
                let entry = SummaryEntry {
                    seq: *seq,
                    ended_at: *ended_at,
                    bytes: bytes.clone(),
                };
                (*k, entry)
            })
    }
}

impl MemoryStorage {
    /// Empty storage.
    pub fn new() -> MemoryStorage {
        MemoryStorage::default()
    }

    /// How many times the history was read (a channel's summaries, or an archived game).
    pub fn history_reads(&self) -> u64 {
        self.history_reads.load(Ordering::SeqCst)
    }

    /// Makes writes fail (or work again).
    pub fn set_fault(&self, fault: Fault) {
        self.fault.store(fault as u8, Ordering::SeqCst);
    }

    fn write<T>(
        &self,
        f: impl FnOnce(&mut Mem) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let fault = self.fault.load(Ordering::SeqCst);
        if fault == Fault::FailBeforeWrite as u8 {
            return Err(StorageError::Io("injected failure before the write".into()));
        }
        let mut m = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let out = f(&mut m)?;
        if fault == Fault::FailAfterWrite as u8 {
            return Err(StorageError::Io("injected failure after the write".into()));
        }
        Ok(out)
    }

    fn read<T>(&self, f: impl FnOnce(&Mem) -> T) -> T {
        f(&self.inner.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Storage for MemoryStorage {
    fn get_game(&self, key: Key) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.read(|m| m.games.get(&key).cloned()))
    }

    fn put_game(
        &self,
        key: Key,
        expected: Option<u64>,
        framed: &[u8],
        index: &[u8],
        due: Option<u64>,
    ) -> Result<(), StorageError> {
        self.write(|m| {
            check_version(m.games.get(&key).map(|v| v.as_slice()), expected)?;
            m.games.insert(key, framed.to_vec());
            m.index.insert(key, index.to_vec());
            m.schedule(key, due);
            Ok(())
        })
    }

    fn delete_game(&self, key: Key, expected: Option<u64>) -> Result<(), StorageError> {
        self.write(|m| {
            check_version(m.games.get(&key).map(|v| v.as_slice()), expected)?;
            m.forget(key);
            Ok(())
        })
    }

    fn delete_damaged(&self, key: Key, stored: &[u8]) -> Result<(), StorageError> {
        self.write(|m| {
            let cur = m.games.get(&key);
            if cur.map(|v| v.as_slice()) != Some(stored) {
                return Err(StorageError::Conflict {
                    expected: version_of(stored),
                    found: cur.and_then(|v| version_of(v)),
                });
            }
            m.forget(key);
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
        self.write(|m| {
            check_version(m.games.get(&key).map(|v| v.as_slice()), expected)?;
            m.seq += 1;
            let seq = m.seq;
            m.history.insert((key, seq), framed.to_vec());
            m.summaries.insert((key, seq), (ended_at, summary.to_vec()));
            m.forget(key);
            if let Some(l) = link.and_then(|t| m.links.get_mut(&t)) {
                if l.key == key {
                    l.seq = Some(seq);
                }
            }
            Ok(seq)
        })
    }

    fn index(&self) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| m.index.iter().map(|(k, v)| (*k, v.clone())).collect()))
    }

    fn guild_index(&self, guild: u64) -> Result<Vec<(Key, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| {
            m.index
                .range(Key::new(guild, 0)..=Key::new(guild, u64::MAX))
                .map(|(k, v)| (*k, v.clone()))
                .collect()
        }))
    }

    fn summaries(&self, key: Key) -> Result<Vec<SummaryEntry>, StorageError> {
        self.history_reads.fetch_add(1, Ordering::SeqCst);
        let range = (key, 0)..=(key, u64::MAX);
        Ok(self.read(|m| m.summaries(range).map(|(_, e)| e).collect()))
    }

    fn archived(&self, key: Key, seq: u64) -> Result<Option<Vec<u8>>, StorageError> {
        self.history_reads.fetch_add(1, Ordering::SeqCst);
        Ok(self.read(|m| m.history.get(&(key, seq)).cloned()))
    }

    fn guild_summaries(&self, guild: u64) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        let range = (Key::new(guild, 0), 0)..=(Key::new(guild, u64::MAX), u64::MAX);
        Ok(self.read(|m| m.summaries(range).collect()))
    }

    fn get_pref(&self, user: u64) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.read(|m| m.prefs.get(&user).cloned()))
    }

    fn all_summaries(&self) -> Result<Vec<(Key, SummaryEntry)>, StorageError> {
        Ok(self.read(|m| m.summaries(..).collect()))
    }

    fn all_prefs(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| m.prefs.iter().map(|(u, b)| (*u, b.clone())).collect()))
    }

    fn get_server(&self, guild: u64) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.read(|m| m.servers.get(&guild).cloned()))
    }

    fn put_server(&self, guild: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.write(|m| {
            m.servers.insert(guild, bytes.to_vec());
            Ok(())
        })
    }

    fn swap_server(
        &self,
        guild: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.write(|m| {
            if m.servers.get(&guild).map(|v| v.as_slice()) != expected {
                return Err(StorageError::Conflict {
                    expected: None,
                    found: None,
                });
            }
            m.servers.insert(guild, bytes.to_vec());
            Ok(())
        })
    }

    fn all_servers(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| m.servers.iter().map(|(g, b)| (*g, b.clone())).collect()))
    }

    fn get_tournament(&self, guild: u64, id: u64) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.read(|m| m.tournaments.get(&(guild, id)).cloned()))
    }

    fn swap_tournament(
        &self,
        guild: u64,
        id: u64,
        expected: Option<&[u8]>,
        bytes: &[u8],
    ) -> Result<(), StorageError> {
        self.write(|m| {
            if m.tournaments.get(&(guild, id)).map(|v| v.as_slice()) != expected {
                return Err(StorageError::Conflict {
                    expected: None,
                    found: None,
                });
            }
            m.tournaments.insert((guild, id), bytes.to_vec());
            Ok(())
        })
    }

    fn tournaments(&self, guild: u64) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| {
            m.tournaments
                .range((guild, 0)..=(guild, u64::MAX))
                .map(|((_, id), b)| (*id, b.clone()))
                .collect()
        }))
    }

    fn all_tournaments(&self) -> Result<Vec<(u64, u64, Vec<u8>)>, StorageError> {
        Ok(self.read(|m| {
            m.tournaments
                .iter()
                .map(|((g, id), b)| (*g, *id, b.clone()))
                .collect()
        }))
    }

    fn put_link(&self, token: [u8; 16], link: &Link) -> Result<(), StorageError> {
        self.write(|m| {
            m.links.insert(token, *link);
            Ok(())
        })
    }

    fn get_link(&self, token: [u8; 16]) -> Result<Option<Link>, StorageError> {
        Ok(self.read(|m| m.links.get(&token).copied()))
    }

    fn delete_link(&self, token: [u8; 16]) -> Result<(), StorageError> {
        self.write(|m| {
            m.links.remove(&token);
            Ok(())
        })
    }

    fn all_links(&self) -> Result<Vec<([u8; 16], Link)>, StorageError> {
        Ok(self.read(|m| m.links.iter().map(|(t, l)| (*t, *l)).collect()))
    }

    fn hold(&self, held: &Held) -> Result<(), StorageError> {
        self.write(|m| {
            m.held
                .insert((held.user, held.topic), (held.due, held.bytes.clone()));
            Ok(())
        })
    }

    fn take_held(&self, now: u64, limit: usize) -> Result<Vec<Held>, StorageError> {
        self.write(|m| {
            let mut due: Vec<Held> = m
                .held
                .iter()
                .filter(|(_, (at, _))| *at <= now)
                .map(|((user, topic), (at, bytes))| Held {
                    user: *user,
                    topic: *topic,
                    due: *at,
                    bytes: bytes.clone(),
                })
                .collect();
            due.sort_by_key(|h| (h.due, h.user, h.topic));
            due.truncate(limit);
            for h in &due {
                m.held.remove(&(h.user, h.topic));
            }
            Ok(due)
        })
    }

    fn all_held(&self) -> Result<Vec<Held>, StorageError> {
        Ok(self.read(|m| {
            m.held
                .iter()
                .map(|((user, topic), (at, bytes))| Held {
                    user: *user,
                    topic: *topic,
                    due: *at,
                    bytes: bytes.clone(),
                })
                .collect()
        }))
    }

    fn claim_due(
        &self,
        now: u64,
        owner: &str,
        lease: u64,
        limit: usize,
    ) -> Result<Vec<Key>, StorageError> {
        self.write(|m| {
            let mut due: Vec<(u64, Key)> = m
                .jobs
                .iter()
                .filter(|(_, j)| j.due_at <= now && j.lease.as_ref().is_none_or(|l| l.until <= now))
                .map(|(k, j)| (j.due_at, *k))
                .collect();
            due.sort();
            due.truncate(limit);
            for (_, k) in &due {
                if let Some(j) = m.jobs.get_mut(k) {
                    j.lease = Some(Lease::new(owner, now, lease));
                }
            }
            Ok(due.into_iter().map(|(_, k)| k).collect())
        })
    }

    fn claim(&self, key: Key, now: u64, owner: &str, lease: u64) -> Result<bool, StorageError> {
        self.write(|m| {
            let Some(j) = m.jobs.get_mut(&key) else {
                return Ok(false);
            };
            if j.due_at > now || !Lease::free_for(j.lease.as_ref(), owner, now) {
                return Ok(false);
            }
            j.lease = Some(Lease::new(owner, now, lease));
            Ok(true)
        })
    }

    fn release(&self, key: Key, owner: &str, due: Option<u64>) -> Result<(), StorageError> {
        self.write(|m| {
            let held = m
                .jobs
                .get(&key)
                .and_then(|j| j.lease.as_ref())
                .is_some_and(|l| l.owner == owner);
            if held {
                m.schedule(key, due);
            }
            Ok(())
        })
    }

    fn jobs(&self) -> Result<Vec<(Key, Job)>, StorageError> {
        Ok(self.read(|m| m.jobs.iter().map(|(k, j)| (*k, j.clone())).collect()))
    }

    fn restore_due(&self, key: Key, due: u64) -> Result<(), StorageError> {
        self.write(|m| {
            if m.games.contains_key(&key) && !m.jobs.contains_key(&key) {
                m.jobs.insert(
                    key,
                    Job {
                        due_at: due,
                        lease: None,
                    },
                );
            }
            Ok(())
        })
    }

    fn put_pref(&self, user: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.write(|m| {
            m.prefs.insert(user, bytes.to_vec());
            Ok(())
        })
    }

    fn put_summary(
        &self,
        key: Key,
        seq: u64,
        ended_at: u64,
        summary: &[u8],
    ) -> Result<(), StorageError> {
        self.write(|m| {
            m.summaries.insert((key, seq), (ended_at, summary.to_vec()));
            Ok(())
        })
    }

    fn prune_history(&self, ended_before: u64) -> Result<usize, StorageError> {
        self.write(|m| {
            let gone: Vec<(Key, u64)> = m
                .summaries
                .iter()
                .filter(|(_, (end, _))| *end != 0 && *end < ended_before)
                .map(|(k, _)| *k)
                .collect();
            for k in &gone {
                m.summaries.remove(k);
                m.history.remove(k);
            }
            let gone: std::collections::BTreeSet<(Key, u64)> = gone.into_iter().collect();
            m.links
                .retain(|_, l| l.seq.is_none_or(|seq| !gone.contains(&(l.key, seq))));
            Ok(gone.len())
        })
    }

    fn move_channel(&self, from: Key, to: Key) -> Result<bool, StorageError> {
        self.write(|m| {
            let mut moved = false;
            if !m.games.contains_key(&to) {
                if let Some(g) = m.games.remove(&from) {
                    m.games.insert(to, g);
                    if let Some(i) = m.index.remove(&from) {
                        m.index.insert(to, i);
                    }
                    if let Some(j) = m.jobs.remove(&from) {
                        m.jobs.insert(to, j);
                    }
                    moved = true;
                    for l in m.links.values_mut() {
                        if l.key == from && l.seq.is_none() {
                            l.key = to;
                        }
                    }
                }
            }
            for l in m.links.values_mut() {
                if l.key == from && l.seq.is_some() {
                    l.key = to;
                }
            }
            let old: Vec<u64> = m
                .history
                .range((from, 0)..=(from, u64::MAX))
                .map(|((_, seq), _)| *seq)
                .collect();
            for seq in old {
                if let Some(h) = m.history.remove(&(from, seq)) {
                    m.history.insert((to, seq), h);
                }
                if let Some(v) = m.summaries.remove(&(from, seq)) {
                    m.summaries.insert((to, seq), v);
                }
                moved = true;
            }
            Ok(moved)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_detect_damage() {
        let f = frame(7, b"{\"a\":1}");
        assert_eq!(unframe(&f).unwrap(), (7, &b"{\"a\":1}"[..]));
        for i in 0..f.len() {
            let mut bad = f.clone();
            bad[i] ^= 0x10;
            assert!(unframe(&bad).is_err(), "byte {i}");
        }
        assert_eq!(unframe(b"{\"old\":1}").unwrap().0, 0);
        assert!(unframe(b"").is_err());
    }

    #[test]
    fn writes_check_the_version() {
        let m = MemoryStorage::new();
        let k = Key::new(1, 2);
        m.put_game(k, None, &frame(1, b"x"), b"i", None).unwrap();
        assert!(matches!(
            m.put_game(k, None, &frame(1, b"y"), b"i", None),
            Err(StorageError::Conflict { .. })
        ));
        m.put_game(k, Some(1), &frame(2, b"y"), b"i", None).unwrap();
        assert!(m.delete_game(k, Some(1)).is_err());
        m.delete_game(k, Some(2)).unwrap();
        assert_eq!(m.get_game(k).unwrap(), None);
    }
}
