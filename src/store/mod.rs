//! Durable storage: the only module that touches a database.
//!
//! Two implementations of the service's [`Storage`] trait: [`SledStorage`], embedded in the
//! process (the default: nothing to install, one process per directory), and [`PgStorage`] on
//! PostgreSQL, which several processes share. [`open`] picks one from the configuration. Both
//! keep the same guarantees: a write is durable when it returns, a game's version is compared
//! and swapped in one step (of two writers exactly one wins), and a game changes together with
//! its index entry and history.

pub mod copy;
mod pg;
mod sled_store;
mod tls;

pub use pg::{PgLimits, PgStorage};
pub use sled_store::{SledStorage, LAYOUT_VERSION, WRITES_FILE};

use crate::service::storage::{Storage, StorageError};
use std::path::Path;
use std::sync::Arc;

/// Where the games live, as the configuration says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A sled database in this directory.
    Dir(std::path::PathBuf),
    /// A PostgreSQL database at this URL (`postgres://…` or `postgresql://…`).
    Url(String),
}

impl Location {
    /// Reads a command-line or configuration value: a `postgres://` or `postgresql://` URL, or a
    /// directory.
    pub fn parse(text: &str) -> Location {
        if is_database_url(text) {
            Location::Url(text.to_string())
        } else {
            Location::Dir(text.into())
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Dir(d) => write!(f, "{}", d.display()),
            Location::Url(u) => write!(f, "{}", pg::shown_url(u)),
        }
    }
}

/// Whether a text names a PostgreSQL database rather than a directory.
pub fn is_database_url(text: &str) -> bool {
    text.starts_with("postgres://") || text.starts_with("postgresql://")
}

/// Opens the storage at `location`: creates a sled directory if missing, or connects to
/// PostgreSQL and brings its schema up to date.
pub fn open(location: &Location) -> Result<Arc<dyn Storage>, StorageError> {
    open_with(location, PgLimits::default())
}

/// [`open`] with the limits on PostgreSQL connections and statements.
pub fn open_with(location: &Location, pg: PgLimits) -> Result<Arc<dyn Storage>, StorageError> {
    Ok(match location {
        Location::Dir(dir) => {
            create_dir(dir)?;
            Arc::new(SledStorage::open(dir)?)
        }
        Location::Url(url) => Arc::new(PgStorage::open_with(url, pg)?),
    })
}

fn create_dir(dir: &Path) -> Result<(), StorageError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| StorageError::Io(format!("cannot create {}: {e}", dir.display())))
}

/// A storage failure in words an operator and a player can act on (the databases' own texts
/// read like "Read corrupted data at file offset None backtrace ()").
trait Plain {
    fn plain(&self) -> String;
}

impl Plain for String {
    fn plain(&self) -> String {
        self.clone()
    }
}

impl Plain for std::array::TryFromSliceError {
    fn plain(&self) -> String {
        "a database key has the wrong length (a damaged entry)".into()
    }
}

fn io(e: impl Plain) -> StorageError {
    StorageError::Io(e.plain())
}
