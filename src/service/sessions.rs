//! The channels' games in memory and their writes: a narrow part of the service that knows the
//! storage, the schedule it keeps up to date and nothing of replies, texts or pictures.
//!
//! Each channel has a slot under its own lock, read from storage when first used and read again
//! when another process wrote the game since. Every change is saved with a compare-and-swap on
//! the game's version, together with its index entry and its due time, before it is made in
//! memory; a write that fails in a way that leaves storage unknown marks the game to be read
//! again. Idle games are dropped from memory beyond the retention's limit.

use super::api::Retention;
use super::jobs::Jobs;
use super::reminders::IndexEntry;
use super::storage::{frame, Storage, StorageError};
use super::stored::{self, StoredGame, Summary};
use super::{lock, Key};
use crate::engine::LiveGame;
use prometheus_client::metrics::counter::Counter;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A channel's state in memory.
pub(super) enum Slot {
    /// Nothing loaded yet (or dropped to be read again).
    Unloaded,
    /// No game in the channel.
    Empty,
    /// A game that could be read.
    Game(Box<Session>),
    /// The stored entry is damaged; only abort (by a channel manager) works.
    Damaged(String),
    /// Storage could not be read just now (not cached: read again next time).
    Unreadable(String),
}

/// A channel's game as stored, with its live game once it started.
pub(super) struct Session {
    pub(super) stored: StoredGame,
    /// The stored version (`None`: not stored yet).
    pub(super) version: Option<u64>,
    pub(super) game: Option<LiveGame>,
    /// A write failed in a way that leaves storage unknown: read it again before the next
    /// command.
    pub(super) stale: bool,
}

thread_local! {
    /// Whether a write of the command being handled on this thread lost its compare-and-swap
    /// (another process wrote the game first).
    pub(super) static CONFLICTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the command being handled on this thread wrote anything.
    pub(super) static WROTE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The Discord interaction of the command being handled on this thread, recorded with the
    /// game by every write it makes.
    pub(super) static INTERACTION: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// A channel's slot and when it was last used (for eviction).
type SlotEntry = (Arc<Mutex<Slot>>, u64);

/// The games of the channels this process has used, and their writes.
pub(super) struct Sessions {
    storage: Arc<dyn Storage>,
    /// Channel → (its slot, when it was last used).
    slots: Mutex<HashMap<Key, SlotEntry>>,
    /// Counts uses, to find the least recently used slots.
    tick: AtomicU64,
    /// The schedule each write updates.
    jobs: Arc<Jobs>,
    /// When lobbies and abandoned games expire, and how many games stay loaded.
    retention: Retention,
    /// Seconds in an hour of the game's clocks (fewer in tests).
    seconds_per_hour: u64,
    /// The metrics' count of storage failures.
    storage_errors: Counter,
}

impl Sessions {
    /// The sessions over `storage`, keeping `jobs` up to date.
    pub(super) fn new(
        storage: Arc<dyn Storage>,
        jobs: Arc<Jobs>,
        retention: Retention,
        seconds_per_hour: u64,
        storage_errors: Counter,
    ) -> Sessions {
        Sessions {
            storage,
            slots: Mutex::new(HashMap::new()),
            tick: AtomicU64::new(0),
            jobs,
            retention,
            seconds_per_hour,
            storage_errors,
        }
    }

    /// Reads the index of waiting games (not the games) into the schedule, so reminders are
    /// scheduled and computer turns that were pending are queued again.
    pub(super) fn schedule_stored(&self) -> Result<(), StorageError> {
        let jobs: std::collections::HashSet<Key> =
            self.storage.jobs()?.into_iter().map(|(k, _)| k).collect();
        for (key, bytes) in self.storage.index()? {
            let entry = match IndexEntry::decode(&bytes) {
                Some(entry) => Some(entry),
                // An entry from before the index (or unreadable): rebuild it from the game.
                None => self.entry_of(key),
            };
            let Some(entry) = entry else { continue };
            // A game stored before due times were kept gets its due time now.
            if let (false, Some(due)) = (jobs.contains(&key), self.due_at(&entry)) {
                self.storage.restore_due(key, due)?;
            }
            self.indexed(key, Some(entry));
        }
        Ok(())
    }

    /// The stored index of waiting games, every process's (entries that cannot be decoded are
    /// left out).
    pub(super) fn stored_index(&self) -> Result<Vec<(Key, IndexEntry)>, StorageError> {
        Ok(self
            .storage
            .index()?
            .into_iter()
            .filter_map(|(key, bytes)| Some((key, IndexEntry::decode(&bytes)?)))
            .collect())
    }

    /// Whether other processes share the storage.
    pub(super) fn shared(&self) -> bool {
        self.storage.shared()
    }

    /// Removes a damaged game entry if it is still the bytes stored now (its header, with its
    /// version, may be what is damaged).
    pub(super) fn remove_damaged(&self, key: Key) -> Result<(), StorageError> {
        if let Some(bytes) = self.storage.get_game(key)? {
            self.storage.delete_damaged(key, &bytes)?;
        }
        self.indexed(key, None);
        Ok(())
    }

    /// The index entry of a channel's game as it is now (`None`: no game, or not readable).
    fn entry_of(&self, key: Key) -> Option<IndexEntry> {
        self.with_slot(key, |slot| match slot {
            Slot::Game(s) => Some(self.index_entry(&s.stored)),
            _ => None,
        })
        .flatten()
    }

    fn slot(&self, key: Key) -> Arc<Mutex<Slot>> {
        let tick = self.tick.fetch_add(1, Ordering::Relaxed);
        let mut slots = lock(&self.slots);
        let e = slots
            .entry(key)
            .or_insert_with(|| (Arc::new(Mutex::new(Slot::Unloaded)), tick));
        e.1 = tick;
        e.0.clone()
    }

    fn load(&self, key: Key) -> Slot {
        match self.storage.get_game(key) {
            Err(e) => {
                self.storage_errors.inc();
                Slot::Unreadable(e.to_string())
            }
            Ok(None) if key.guild != 0 => {
                // Entries stored before keys had a guild live under guild 0: move them here.
                let old = Key::new(0, key.channel);
                match self.storage.move_channel(old, key) {
                    Ok(true) => {
                        lock(&self.slots).remove(&old);
                        let slot = self.load(key);
                        if let Slot::Game(s) = &slot {
                            let entry = self.index_entry(&s.stored);
                            self.indexed(old, None);
                            self.indexed(key, Some(entry));
                        }
                        slot
                    }
                    Ok(false) => Slot::Empty,
                    Err(e) => Slot::Unreadable(e.to_string()),
                }
            }
            Ok(None) => Slot::Empty,
            Ok(Some(bytes)) => match StoredGame::decode_versioned(&bytes) {
                Err(e) => Slot::Damaged(e),
                Ok((version, stored)) => match stored.live_game() {
                    Err(e) => Slot::Damaged(e),
                    Ok(game) => Slot::Game(Box::new(Session {
                        stored,
                        version: Some(version),
                        game,
                        stale: false,
                    })),
                },
            },
        }
    }

    /// Drops a channel's game from memory, so the next use reads it from storage.
    pub(super) fn forget(&self, key: Key) {
        let slot = lock(&self.slots).get(&key).map(|e| e.0.clone());
        if let Some(slot) = slot {
            *lock(&slot) = Slot::Unloaded;
        }
    }

    /// Reads a game again from storage and schedules what it needs now.
    pub(super) fn refresh(&self, key: Key) {
        self.forget(key);
        self.indexed(key, self.entry_of(key));
    }

    /// Whether a game kept in memory may be used as it is: always with storage of one process;
    /// with shared storage only if no other process wrote it since (its version is the same).
    /// A storage error is returned as such (the database does not answer: the command is
    /// answered at once rather than after a second wait to read the game).
    fn still_current(&self, key: Key, slot: &Slot) -> Result<bool, StorageError> {
        if !self.storage.shared() {
            return Ok(true);
        }
        let cached = match slot {
            Slot::Game(s) => s.version,
            Slot::Empty => None,
            _ => return Ok(false),
        };
        Ok(self.storage.game_version(key)? == cached)
    }

    /// Runs `f` on a channel's slot under its lock, loading it first (and reading it again if
    /// another process changed it); a panic inside is caught, logged and confined to this
    /// channel (its slot is read again next time).
    pub(super) fn with_slot<T>(&self, key: Key, f: impl FnOnce(&mut Slot) -> T) -> Option<T> {
        let slot = self.slot(key);
        let mut guard = lock(&slot);
        if !matches!(*guard, Slot::Unloaded) {
            match self.still_current(key, &guard) {
                Ok(true) => {}
                Ok(false) => *guard = Slot::Unloaded,
                Err(e) => {
                    self.storage_errors.inc();
                    *guard = Slot::Unreadable(e.to_string());
                }
            }
        }
        if matches!(*guard, Slot::Unloaded) {
            *guard = self.load(key);
        }
        let out = std::panic::catch_unwind(AssertUnwindSafe(|| f(&mut guard)));
        match &*guard {
            Slot::Game(s) if s.stale => *guard = Slot::Unloaded,
            Slot::Unreadable(_) => *guard = Slot::Unloaded,
            _ => {}
        }
        match out {
            Ok(v) => Some(v),
            Err(_) => {
                tracing::error!(%key, "internal error (panic) while handling this channel's game");
                *guard = Slot::Unloaded;
                None
            }
        }
    }

    /// When the game's next work that is not a reply is due (`None`: none): at once for a
    /// computer's move (or an unannounced end), else the earliest of its reminder and its
    /// expiry.
    fn due_at(&self, e: &IndexEntry) -> Option<u64> {
        if e.computer {
            return Some(0);
        }
        let r = self.retention;
        let hour = self.seconds_per_hour;
        let expiry = if e.lobby {
            r.lobby_hours as u64 * hour
        } else {
            r.abandoned_days as u64 * 24 * hour
        };
        let expires = (expiry > 0).then(|| e.last_activity + expiry);
        [e.remind_at, expires].into_iter().flatten().min()
    }

    /// Claims a game's due work for this process ([`Jobs::claim`]).
    pub(super) fn claim(&self, key: Key, now: u64) -> bool {
        self.jobs.claim(key, now)
    }

    /// Gives up this process's claim on a game's work without writing the game; its due time
    /// becomes what the game now needs.
    pub(super) fn release(&self, key: Key) {
        let due = self.jobs.entry(key).and_then(|e| self.due_at(&e));
        self.jobs.release(key, due);
    }

    /// Claims the games whose work is due at `now` and that no process holds, reads each again
    /// from storage and schedules it here. Returns how many were claimed.
    pub(super) fn claim_due_work(&self, now: u64) -> usize {
        let keys = self.jobs.claim_due(now);
        for &key in &keys {
            self.refresh(key);
            if self.jobs.entry(key).is_none() {
                self.release(key);
            }
        }
        keys.len()
    }

    /// The index entry of a stored game.
    pub(super) fn index_entry(&self, s: &StoredGame) -> IndexEntry {
        IndexEntry::of(s, self.seconds_per_hour)
    }

    /// Updates the in-memory schedule after a write (or at start); queues a computer turn.
    pub(super) fn indexed(&self, key: Key, entry: Option<IndexEntry>) {
        self.jobs.indexed(key, entry);
    }

    /// Saves `next` durably with its index entry and due time (if the stored version is still
    /// the session's, and with the interaction being handled), then makes it the session's
    /// stored game. On failure the session is unchanged and, if storage is now unknown, marked
    /// to be read again.
    pub(super) fn put(
        &self,
        key: Key,
        session: &mut Session,
        mut next: StoredGame,
    ) -> Result<(), StorageError> {
        if let Some(id) = INTERACTION.get() {
            if !next.handled.contains(&id) {
                next.handled.push(id);
                let extra = next.handled.len().saturating_sub(stored::HANDLED_KEPT);
                next.handled.drain(..extra);
            }
        }
        let version = next_version(session, &next);
        let entry = self.index_entry(&next);
        self.failed(
            session,
            self.storage.put_game(
                key,
                session.version,
                &frame(version, &next.encode()),
                &entry.encode(),
                self.due_at(&entry),
            ),
        )?;
        session.stored = next;
        session.version = Some(version);
        self.indexed(key, Some(entry));
        Ok(())
    }

    /// Moves an ended game (`next`: finished or aborted, with its end time) into the channel's
    /// history with its summary.
    pub(super) fn archive(
        &self,
        key: Key,
        session: &mut Session,
        next: StoredGame,
        fin: Option<&crate::engine::FinalScoring>,
    ) -> Result<u64, StorageError> {
        let version = next_version(session, &next);
        let summary = match fin {
            Some(fin) => Summary::scored(&next, fin),
            None => Summary::of(&next),
        };
        let archived = self.storage.archive(
            key,
            session.version,
            &frame(version, &next.encode()),
            summary.ended_at,
            &summary.encode(),
            next.link.as_deref().and_then(super::web::parse_token),
        );
        let seq = archived.as_ref().copied().unwrap_or_default();
        self.failed(session, archived.map(|_| ()))?;
        session.stored = next;
        session.version = None;
        self.indexed(key, None);
        Ok(seq)
    }

    /// Removes a game that never started (a lobby).
    pub(super) fn delete(&self, key: Key, session: &mut Session) -> Result<(), StorageError> {
        self.failed(session, self.storage.delete_game(key, session.version))?;
        self.indexed(key, None);
        Ok(())
    }

    /// Notes a write's outcome: a failed write leaves the session to be read again.
    fn failed(
        &self,
        session: &mut Session,
        written: Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        match written {
            Ok(()) => {
                WROTE.set(true);
                Ok(())
            }
            Err(e) => {
                session.stale = true;
                Err(e)
            }
        }
    }

    /// Drops idle games from memory beyond the retention's `max_loaded`, least recently used
    /// first.
    pub(super) fn evict(&self) {
        let max = self.retention.max_loaded;
        let mut slots = lock(&self.slots);
        if slots.len() <= max {
            return;
        }
        let mut idle: Vec<(u64, Key)> = slots
            .iter()
            // Only slots nobody holds right now (the map's own reference is the only one).
            .filter(|(_, (arc, _))| Arc::strong_count(arc) == 1)
            .map(|(k, (_, used))| (*used, *k))
            .collect();
        idle.sort_unstable();
        let excess = slots.len() - max;
        for (_, key) in idle.into_iter().take(excess) {
            slots.remove(&key);
        }
    }

    /// Games held in memory.
    pub(super) fn loaded(&self) -> usize {
        lock(&self.slots).len()
    }
}

/// The version a write of `next` gives the session's game.
fn next_version(session: &Session, next: &StoredGame) -> u64 {
    session
        .version
        .map_or_else(|| first_version(next.game_id()), |v| v + 1)
}

/// The first stored version of a game: its id in the high half, 1 in the low half. Versions
/// grow by one with each write of the game, so two games of one channel never share a version
/// (unless their random 31-bit ids are equal), and a process that still holds an ended game
/// can neither take a later game for it (the freshness check) nor overwrite it (the
/// compare-and-swap of every write names the version it replaces).
fn first_version(game_id: u64) -> u64 {
    ((game_id & 0x7FFF_FFFF) << 32) | 1
}
