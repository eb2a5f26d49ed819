//! What the service needs from storage, as a trait: bytes in, bytes out, durable on return.
//!
//! The sled implementation lives in `crate::store` (the only module that touches sled);
//! [`MemoryStorage`] serves tests and the offline demo.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// A storage failure (I/O, corruption of the database itself).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("storage error: {0}")]
pub struct StorageError(pub String);

/// Durable storage of games by channel, and of finished games (history).
///
/// `put_game` and `archive` must not return before the data survives a crash (fsync).
pub trait Storage: Send + Sync {
    /// The stored bytes of a channel's current game.
    fn get_game(&self, channel: u64) -> Result<Option<Vec<u8>>, StorageError>;
    /// Stores a channel's current game durably.
    fn put_game(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError>;
    /// Removes a channel's current game (durably).
    fn delete_game(&self, channel: u64) -> Result<(), StorageError>;
    /// Every channel with a current game, with its bytes.
    fn all_games(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError>;
    /// Appends a finished game to a channel's history and removes the current game, atomically
    /// and durably.
    fn archive(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError>;
    /// A channel's finished games, oldest first.
    fn history(&self, channel: u64) -> Result<Vec<Vec<u8>>, StorageError>;
}

/// Storage in memory: for tests and the offline demo.
#[derive(Default)]
pub struct MemoryStorage {
    games: Mutex<BTreeMap<u64, Vec<u8>>>,
    history: Mutex<BTreeMap<u64, Vec<Vec<u8>>>>,
}

impl MemoryStorage {
    /// Empty storage.
    pub fn new() -> MemoryStorage {
        MemoryStorage::default()
    }
}

fn poisoned<T>(_: T) -> StorageError {
    StorageError("memory storage lock poisoned".into())
}

impl Storage for MemoryStorage {
    fn get_game(&self, channel: u64) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.games.lock().map_err(poisoned)?.get(&channel).cloned())
    }
    fn put_game(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.games
            .lock()
            .map_err(poisoned)?
            .insert(channel, bytes.to_vec());
        Ok(())
    }
    fn delete_game(&self, channel: u64) -> Result<(), StorageError> {
        self.games.lock().map_err(poisoned)?.remove(&channel);
        Ok(())
    }
    fn all_games(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        Ok(self
            .games
            .lock()
            .map_err(poisoned)?
            .iter()
            .map(|(k, v)| (*k, v.clone()))
            .collect())
    }
    fn archive(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError> {
        let mut games = self.games.lock().map_err(poisoned)?;
        let mut history = self.history.lock().map_err(poisoned)?;
        history.entry(channel).or_default().push(bytes.to_vec());
        games.remove(&channel);
        Ok(())
    }
    fn history(&self, channel: u64) -> Result<Vec<Vec<u8>>, StorageError> {
        Ok(self
            .history
            .lock()
            .map_err(poisoned)?
            .get(&channel)
            .cloned()
            .unwrap_or_default())
    }
}
