//! What operators measure (`/metrics` on the `[ops]` address): games in flight, turns played,
//! command latency, due and overdue work, and storage errors, in the Prometheus text format
//! (the `prometheus-client` crate encodes it).

use super::storage::{Key, Storage};
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::Arc;

/// The service's metrics, registered once.
pub(crate) struct Metrics {
    /// Where the due work is read, and whose answer `/health` checks.
    storage: Arc<dyn Storage>,
    registry: Registry,
    /// Turns completed (people's and computers').
    pub turns: Counter,
    /// Seconds each command took in the service.
    pub commands: Histogram,
    /// Storage failures (the disk or the database; conflicts between writers are not errors).
    pub storage_errors: Counter,
    /// Panics caught while a computer thought (each confined to its game).
    pub computer_panics: Counter,
    /// Computer turns that could not be chosen even at the easy level.
    pub computer_stuck: Counter,
    /// Requests refused by a rate limit.
    pub limited: Counter,
    /// Finished games reviewed by this process.
    pub reviews: Counter,
    games: Gauge,
    jobs_due: Gauge,
    jobs_overdue: Gauge,
}

impl Metrics {
    /// The metrics of a process over `storage`, registered.
    pub(crate) fn new(storage: Arc<dyn Storage>) -> Self {
        let mut registry = Registry::with_prefix("meeplebot");
        let m = Metrics {
            turns: Counter::default(),
            // 1 ms to ~16 s.
            commands: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            storage_errors: Counter::default(),
            computer_panics: Counter::default(),
            computer_stuck: Counter::default(),
            limited: Counter::default(),
            reviews: Counter::default(),
            games: Gauge::default(),
            jobs_due: Gauge::default(),
            jobs_overdue: Gauge::default(),
            registry: Registry::default(),
            storage,
        };
        registry.register(
            "games_in_flight",
            "Lobbies and running games this process knows of",
            m.games.clone(),
        );
        registry.register("turns", "Turns completed by this process", m.turns.clone());
        registry.register(
            "command_latency_seconds",
            "Time to handle one command in the game service",
            m.commands.clone(),
        );
        registry.register(
            "jobs_due",
            "Games whose work (a computer's move, a reminder, an expiry) is due now",
            m.jobs_due.clone(),
        );
        registry.register(
            "jobs_overdue",
            "Games whose work has been due for longer than a lease",
            m.jobs_overdue.clone(),
        );
        registry.register(
            "storage_errors",
            "Storage failures met by this process",
            m.storage_errors.clone(),
        );
        registry.register(
            "computer_panics",
            "Panics caught while a computer player thought (the game goes on at the easy level)",
            m.computer_panics.clone(),
        );
        registry.register(
            "computer_stuck",
            "Computer turns that could not be chosen even at the easy level",
            m.computer_stuck.clone(),
        );
        registry.register(
            "rate_limited",
            "Requests refused by the limits per member and per channel",
            m.limited.clone(),
        );
        registry.register(
            "reviews",
            "Finished games reviewed by this process",
            m.reviews.clone(),
        );
        Metrics { registry, ..m }
    }
}

/// Whether the process can do its work, for `/health`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Health {
    /// Storage answered.
    pub storage_ok: bool,
    /// What storage said when it did not answer.
    pub storage_error: Option<String>,
}

impl Metrics {
    /// The metrics as Prometheus text at `now`, with `games` lobbies and running games known
    /// to this process and the due work read from the storage (overdue: due for longer than
    /// `lease` seconds).
    pub fn text(&self, games: usize, lease: u64, now: u64) -> String {
        self.games.set(games as i64);
        match self.storage.jobs() {
            Ok(jobs) => {
                let due = jobs.iter().filter(|(_, j)| j.due_at <= now);
                let overdue = due.clone().filter(|(_, j)| j.due_at + lease < now).count();
                self.jobs_due.set(due.count() as i64);
                self.jobs_overdue.set(overdue as i64);
            }
            Err(e) => {
                self.storage_errors.inc();
                tracing::warn!("cannot read the due work for the metrics: {e}");
            }
        }
        let mut out = String::new();
        if encode(&mut out, &self.registry).is_err() {
            tracing::error!("cannot encode the metrics");
        }
        out
    }

    /// Checks that the storage answers.
    pub fn health(&self) -> Health {
        match self.storage.game_version(Key::new(0, 0)) {
            Ok(_) => Health {
                storage_ok: true,
                storage_error: None,
            },
            Err(e) => {
                self.storage_errors.inc();
                Health {
                    storage_ok: false,
                    storage_error: Some(e.to_string()),
                }
            }
        }
    }
}
