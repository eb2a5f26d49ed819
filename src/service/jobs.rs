//! The work a process does without being asked: the computers' turns, the reminders and the
//! expiries of the games it knows (the schedule, in memory), and the leases on each game's due
//! work, held in the storage, that keep two processes from doing one game's work at once. A
//! narrow part of the service: the storage, this process's name and the schedule, nothing else.

use super::reminders::{IndexEntry, Schedule};
use super::storage::Storage;
use super::{lock, Key};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Games claimed at most per call of [`Jobs::claim_due`].
const CLAIM_BATCH: usize = 64;

/// The schedule of the games this process knows and its leases on their work.
pub struct Jobs {
    storage: Arc<dyn Storage>,
    /// This process's name as a holder of leases on due work.
    worker: String,
    /// How long a claim on a game's work lasts, in seconds.
    lease_seconds: u64,
    schedule: Mutex<Schedule>,
    /// Wakes the computer worker (paired with `schedule`).
    work: Condvar,
    stopping: AtomicBool,
}

impl Jobs {
    /// The jobs of a process over `storage`, each claim lasting `lease_seconds`.
    pub(super) fn new(storage: Arc<dyn Storage>, lease_seconds: u64) -> Jobs {
        Jobs {
            storage,
            worker: format!("pid{}-{:08x}", std::process::id(), rand::random::<u32>()),
            lease_seconds,
            schedule: Mutex::new(Schedule::default()),
            work: Condvar::new(),
            stopping: AtomicBool::new(false),
        }
    }

    /// Updates the schedule after a write (or at start: `None` when the game is gone) and
    /// queues a computer turn.
    pub(super) fn indexed(&self, key: Key, entry: Option<IndexEntry>) {
        let mut s = lock(&self.schedule);
        let computer = entry.as_ref().is_some_and(|e| e.computer);
        match entry {
            Some(e) => {
                s.entries.insert(key, e);
            }
            None => {
                s.entries.remove(&key);
            }
        }
        if computer && s.queued.insert(key) {
            s.queue.push_back(key);
            self.work.notify_one();
        }
    }

    /// Queues a game's computer turn again (its move could not be saved).
    pub(super) fn requeue(&self, key: Key) {
        let mut s = lock(&self.schedule);
        if s.queued.insert(key) {
            s.queue.push_back(key);
        }
    }

    /// Waits up to `timeout` for a game where a computer is to play, and takes it from the
    /// queue. Returns `None` on timeout or once [`Jobs::stop`] was called.
    pub(super) fn wait_for_computer(&self, timeout: Duration) -> Option<Key> {
        let deadline = Instant::now() + timeout;
        let mut s = lock(&self.schedule);
        loop {
            if self.stopping.load(Ordering::SeqCst) {
                return None;
            }
            if let Some(k) = s.queue.pop_front() {
                s.queued.remove(&k);
                return Some(k);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            s = self
                .work
                .wait_timeout(s, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Games queued for a computer turn.
    pub(super) fn queue_len(&self) -> usize {
        lock(&self.schedule).queue.len()
    }

    /// Games in the schedule.
    pub(super) fn len(&self) -> usize {
        lock(&self.schedule).entries.len()
    }

    /// What the schedule holds of each game, as `pick` chooses (`None`: nothing of that game).
    pub(super) fn select<T>(&self, mut pick: impl FnMut(Key, &IndexEntry) -> Option<T>) -> Vec<T> {
        lock(&self.schedule)
            .entries
            .iter()
            .filter_map(|(k, e)| pick(*k, e))
            .collect()
    }

    /// A game's entry in the schedule.
    pub(super) fn entry(&self, key: Key) -> Option<IndexEntry> {
        lock(&self.schedule).entries.get(&key).cloned()
    }

    /// Asks workers to finish the turn they are playing and return; no new turn starts.
    pub(super) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let _s = lock(&self.schedule);
        self.work.notify_all();
    }

    /// Whether [`Jobs::stop`] was called.
    pub(super) fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Claims a game's due work for this process, for the lease: `false` if nothing is due
    /// there at `now` or another process holds it (a storage error counts as held).
    pub(super) fn claim(&self, key: Key, now: u64) -> bool {
        match self
            .storage
            .claim(key, now, &self.worker, self.lease_seconds)
        {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!(%key, "cannot claim the game's due work: {e}");
                false
            }
        }
    }

    /// Gives up this process's claim on a game's work; its due time becomes `due`.
    pub(super) fn release(&self, key: Key, due: Option<u64>) {
        if let Err(e) = self.storage.release(key, &self.worker, due) {
            tracing::warn!(%key, "cannot release the game's due work: {e}");
        }
    }

    /// Claims (a batch of) the games whose work is due at `now` and that no process holds.
    pub(super) fn claim_due(&self, now: u64) -> Vec<Key> {
        self.storage
            .claim_due(now, &self.worker, self.lease_seconds, CLAIM_BATCH)
            .unwrap_or_else(|e| {
                tracing::warn!("cannot claim due work: {e}");
                Vec::new()
            })
    }
}
