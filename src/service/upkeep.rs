//! Keeping a long-running service small and tidy: lobbies nobody starts and games nobody plays
//! expire, old history is pruned, games of deleted channels and guilds end, and idle games are
//! dropped from memory (they are read again when used). All limits are [`super::Retention`].

use super::stored::Phase;
use super::{lock, Key, Notice, Reply, Service, Slot};

impl Service {
    /// Runs the retention rules at `now` (call it now and then, e.g. hourly): expiries, pruning
    /// of history, dropping idle games from memory. Returns notices for the channels whose game
    /// expired.
    pub fn maintain(&self, now: u64) -> Vec<Notice> {
        let out = self.expire_due(now);
        let r = self.settings.retention;
        if r.history_days > 0 {
            let before = now.saturating_sub(r.history_days as u64 * 86_400);
            match self.storage.prune_history(before) {
                Ok(n) if n > 0 => tracing::info!("pruned {n} finished games from history"),
                Ok(_) => {}
                Err(e) => tracing::warn!("cannot prune history: {e}"),
            }
        }
        self.evict();
        out
    }

    /// Ends the lobbies nobody started and the games nobody played for the retention's limits,
    /// at `now` (cheap: it reads the schedule in memory; the bot calls it with the reminders).
    /// Each expiry is claimed first, so of several processes one ends the game.
    pub fn expire_due(&self, now: u64) -> Vec<Notice> {
        let r = self.settings.retention;
        let hour = self.settings.seconds_per_hour;
        let expired: Vec<(Key, bool)> = lock(&self.schedule)
            .entries
            .iter()
            .filter_map(|(k, e)| {
                let limit = if e.lobby {
                    r.lobby_hours as u64 * hour
                } else {
                    r.abandoned_days as u64 * 24 * hour
                };
                (limit > 0 && e.last_activity + limit <= now).then_some((*k, e.lobby))
            })
            .collect();
        let mut out = Vec::new();
        for (key, lobby) in expired {
            // Another process may have ended it, or hold the work.
            if !self.claim(key, now) {
                self.refresh(key);
                continue;
            }
            let why = if lobby {
                format!("nobody started it within {} hours", r.lobby_hours)
            } else {
                format!("nobody moved for {} days", r.abandoned_days)
            };
            match self.end_game(key, now, &why) {
                Some(text) => out.push(Notice {
                    key,
                    reply: Reply::public(text),
                }),
                None => self.release(key),
            }
        }
        out
    }

    /// The channel is gone (deleted, or the bot lost access): its game ends, so nothing is
    /// posted there again.
    pub fn channel_gone(&self, key: Key, now: u64) {
        self.end_game(key, now, "its channel is gone");
    }

    /// The bot left a guild (or it was deleted): every game there ends.
    pub fn guild_gone(&self, guild: u64, now: u64) {
        let keys: Vec<Key> = lock(&self.schedule)
            .entries
            .keys()
            .filter(|k| k.guild == guild)
            .copied()
            .collect();
        for key in keys {
            self.end_game(key, now, "the bot left the server");
        }
    }

    /// Ends a channel's game for `why`: a lobby is closed, a running game archived as aborted.
    /// Returns what to tell the channel, if anything ended.
    fn end_game(&self, key: Key, now: u64, why: &str) -> Option<String> {
        self.with_slot(key, |svc, slot| {
            let Slot::Game(session) = slot else {
                if matches!(slot, Slot::Empty) {
                    svc.indexed(key, None);
                }
                return None;
            };
            let result = if session.stored.phase == Phase::Lobby {
                svc.delete(key, session)
                    .map(|()| format!("The lobby here was closed: {why}."))
            } else {
                let mut next = session.stored.clone();
                next.phase = Phase::Aborted;
                next.ended_at = Some(now);
                next.end_reason = Some(why.to_string());
                svc.archive(key, session, next)
                    .map(|()| format!("The game here ended: {why}. It is in /carcassonne history."))
            };
            match result {
                Ok(text) => {
                    *slot = Slot::Empty;
                    Some(text)
                }
                Err(r) => {
                    tracing::warn!(%key, "cannot end a game ({why}): {}", r.text);
                    None
                }
            }
        })
        .flatten()
    }

    /// Drops idle games from memory beyond `max_loaded`, least recently used first.
    fn evict(&self) {
        let max = self.settings.retention.max_loaded;
        let mut slots = lock(&self.slots);
        if slots.len() <= max {
            return;
        }
        let mut idle: Vec<(u64, Key)> = slots
            .iter()
            // Only slots nobody holds right now (the map's own reference is the only one).
            .filter(|(_, (arc, _))| std::sync::Arc::strong_count(arc) == 1)
            .map(|(k, (_, used))| (*used, *k))
            .collect();
        idle.sort_unstable();
        let excess = slots.len() - max;
        for (_, key) in idle.into_iter().take(excess) {
            slots.remove(&key);
        }
    }

    /// Games held in memory (for tests of retention).
    pub fn loaded_games(&self) -> usize {
        lock(&self.slots).len()
    }
}
