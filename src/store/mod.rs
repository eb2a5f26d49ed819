//! Durable storage in sled: the only module that touches the database.
//!
//! Layout: tree `games` maps a channel id (8 bytes, big-endian) to its current game; tree
//! `history` maps channel id + sequence number (8 + 8 bytes) to a finished game; tree `meta`
//! holds the database layout version. Every write is flushed before it returns, so a move that
//! was acknowledged survives a crash.

use crate::service::storage::{Storage, StorageError};
use std::path::Path;

/// Version of the database layout (trees and keys). Game entries carry their own schema version,
/// migrated by the service.
pub const LAYOUT_VERSION: u32 = 1;

/// Games in a sled database.
pub struct SledStorage {
    db: sled::Db,
    games: sled::Tree,
    history: sled::Tree,
}

fn err(e: impl std::fmt::Display) -> StorageError {
    StorageError(e.to_string())
}

impl SledStorage {
    /// Opens (or creates) the database in `dir`. Open each directory once per process.
    pub fn open(dir: &Path) -> Result<SledStorage, StorageError> {
        let db = sled::Config::new().path(dir).open().map_err(|e| {
            StorageError(format!(
                "cannot open the database in {}: {e}",
                dir.display()
            ))
        })?;
        let meta = db.open_tree("meta").map_err(err)?;
        match meta.get("layout").map_err(err)? {
            None => {
                meta.insert("layout", &LAYOUT_VERSION.to_be_bytes())
                    .map_err(err)?;
                db.flush().map_err(err)?;
            }
            Some(v) => {
                let found = <[u8; 4]>::try_from(v.as_ref())
                    .map(u32::from_be_bytes)
                    .map_err(|_| {
                        StorageError("the database's layout version is unreadable".into())
                    })?;
                if found > LAYOUT_VERSION {
                    return Err(StorageError(format!(
                        "the database in {} was written by a newer meeplebot (layout {found}, this build reads {LAYOUT_VERSION})",
                        dir.display()
                    )));
                }
            }
        }
        Ok(SledStorage {
            games: db.open_tree("games").map_err(err)?,
            history: db.open_tree("history").map_err(err)?,
            db,
        })
    }

    fn flush(&self) -> Result<(), StorageError> {
        self.db.flush().map(|_| ()).map_err(err)
    }
}

impl Storage for SledStorage {
    fn get_game(&self, channel: u64) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self
            .games
            .get(channel.to_be_bytes())
            .map_err(err)?
            .map(|v| v.to_vec()))
    }

    fn put_game(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError> {
        self.games
            .insert(channel.to_be_bytes(), bytes)
            .map_err(err)?;
        self.flush()
    }

    fn delete_game(&self, channel: u64) -> Result<(), StorageError> {
        self.games.remove(channel.to_be_bytes()).map_err(err)?;
        self.flush()
    }

    fn all_games(&self) -> Result<Vec<(u64, Vec<u8>)>, StorageError> {
        let mut out = Vec::new();
        for kv in self.games.iter() {
            let (k, v) = kv.map_err(err)?;
            let Ok(key) = <[u8; 8]>::try_from(k.as_ref()) else {
                continue; // not a channel key; ignore rather than fail every game
            };
            out.push((u64::from_be_bytes(key), v.to_vec()));
        }
        Ok(out)
    }

    fn archive(&self, channel: u64, bytes: &[u8]) -> Result<(), StorageError> {
        use sled::Transactional;
        let seq = self.db.generate_id().map_err(err)?;
        let mut key = channel.to_be_bytes().to_vec();
        key.extend_from_slice(&seq.to_be_bytes());
        (&self.games, &self.history)
            .transaction(|(games, history)| {
                history.insert(key.as_slice(), bytes)?;
                games.remove(&channel.to_be_bytes())?;
                Ok::<(), sled::transaction::ConflictableTransactionError<()>>(())
            })
            .map_err(|e| StorageError(format!("archiving failed: {e:?}")))?;
        self.flush()
    }

    fn history(&self, channel: u64) -> Result<Vec<Vec<u8>>, StorageError> {
        self.history
            .scan_prefix(channel.to_be_bytes())
            .map(|kv| kv.map(|(_, v)| v.to_vec()).map_err(err))
            .collect()
    }
}
