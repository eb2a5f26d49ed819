//! Keeping a long-running service small and tidy: lobbies nobody starts and games nobody plays
//! expire, old history is pruned, games of deleted channels and guilds end, and idle games are
//! dropped from memory (they are read again when used). All limits are [`super::Retention`].

use super::stored::Phase;
use super::{Key, Notice, Reply, Service, Slot};
use crate::i18n::Lang;
use crate::tr;

/// Why a game ends without its players.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Nobody started the lobby within this many hours.
    LobbyExpired(u32),
    /// Nobody moved for this many days.
    Abandoned(u32),
    /// The channel was deleted or the bot lost access to it.
    ChannelGone,
    /// The bot left the server.
    LeftServer,
}

impl Ending {
    /// The reason in `lang`, as a clause ("nobody moved for 30 days").
    fn text(self, lang: Lang) -> String {
        match self {
            Ending::LobbyExpired(h) => tr!(lang, "ending-lobby", hours = h),
            Ending::Abandoned(d) => tr!(lang, "ending-abandoned", days = d),
            Ending::ChannelGone => tr!(lang, "ending-channel-gone"),
            Ending::LeftServer => tr!(lang, "ending-left-server"),
        }
    }
}

impl Service {
    /// Runs the retention rules at `now` (call it now and then, e.g. hourly): expiries, pruning
    /// of history, dropping idle games from memory. Returns notices for the channels whose game
    /// expired.
    pub fn maintain(&self, now: u64) -> Vec<Notice> {
        let out = self.expire_due(now);
        let r = self.settings.retention;
        if r.history_days > 0 {
            let before = now.saturating_sub(r.history_days as u64 * 86_400);
            match self.history.prune(before) {
                Ok(n) if n > 0 => tracing::info!("pruned {n} finished games from history"),
                Ok(_) => {}
                Err(e) => tracing::warn!("cannot prune history: {e}"),
            }
        }
        self.sessions.evict();
        let closed = self.close_due_seasons(now);
        if closed > 0 {
            tracing::info!("{closed} seasons of standings ended");
        }
        out
    }

    /// Ends the lobbies nobody started and the games nobody played for the retention's limits,
    /// at `now` (cheap: it reads the schedule in memory; the bot calls it with the reminders).
    /// Each expiry is claimed first, so of several processes one ends the game.
    pub fn expire_due(&self, now: u64) -> Vec<Notice> {
        let r = self.settings.retention;
        let hour = self.settings.seconds_per_hour;
        let expired: Vec<(Key, bool)> = self.jobs.select(|k, e| {
            let limit = if e.lobby {
                r.lobby_hours as u64 * hour
            } else {
                r.abandoned_days as u64 * 24 * hour
            };
            (limit > 0 && e.last_activity + limit <= now).then_some((k, e.lobby))
        });
        let mut out = Vec::new();
        for (key, lobby) in expired {
            // Another process may have ended it, or hold the work.
            if !self.sessions.claim(key, now) {
                self.sessions.refresh(key);
                continue;
            }
            let why = if lobby {
                Ending::LobbyExpired(r.lobby_hours)
            } else {
                Ending::Abandoned(r.abandoned_days)
            };
            match self.end_game(key, now, why) {
                Some(text) => out.push(Notice {
                    key,
                    reply: Reply::public(text),
                }),
                None => self.sessions.release(key),
            }
        }
        out
    }

    /// The channel is gone (deleted, or the bot lost access): its game ends, so nothing is
    /// posted there again.
    pub fn channel_gone(&self, key: Key, now: u64) {
        self.end_game(key, now, Ending::ChannelGone);
    }

    /// The bot left a guild (or it was deleted): every game there ends.
    pub fn guild_gone(&self, guild: u64, now: u64) {
        let keys: Vec<Key> = self.jobs.select(|k, _| (k.guild == guild).then_some(k));
        for key in keys {
            self.end_game(key, now, Ending::LeftServer);
        }
    }

    /// Ends a channel's game for `why`: a lobby is closed, a running game archived as aborted.
    /// Returns what to tell the channel, if anything ended.
    fn end_game(&self, key: Key, now: u64, why: Ending) -> Option<String> {
        self.with_slot(key, |svc, slot| {
            let Slot::Game(session) = slot else {
                if matches!(slot, Slot::Empty) {
                    svc.sessions.indexed(key, None);
                }
                return None;
            };
            let _langs = crate::i18n::enter(svc.servers.game_langs(key, &session.stored));
            let lang = crate::i18n::public();
            let reason = why.text(lang);
            let result = if session.stored.phase == Phase::Lobby {
                svc.delete(key, session)
                    .map(|()| tr!(lang, "lobby-expired", why = &reason))
            } else {
                let mut next = session.stored.clone();
                next.phase = Phase::Aborted;
                next.ended_at = Some(now);
                // The history keeps the reason in English: it is stored once for every reader.
                next.end_reason = Some(why.text(crate::i18n::Lang::En));
                svc.archive(key, session, next, None)
                    .map(|_| tr!(lang, "game-expired", why = &reason))
            };
            match result {
                Ok(text) => {
                    *slot = Slot::Empty;
                    Some(text)
                }
                Err(r) => {
                    tracing::warn!(%key, "cannot end a game ({reason}): {}", r.text);
                    None
                }
            }
        })
        .flatten()
    }

    /// Games held in memory (for tests of retention).
    pub fn loaded_games(&self) -> usize {
        self.sessions.loaded()
    }
}
