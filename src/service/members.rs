//! Members' own settings, kept between games: how each member is told it is their turn
//! (a ping, a direct message or nothing, for every game or for one channel's) and the language
//! they chose. A narrow part of the service: it has the storage and a small cache of what it
//! read, nothing else.

use super::api::{NotifyMode, Reply, Request};
use super::local_time::{self, Quiet};
use super::storage::{Held, Storage, StorageError};
use super::{lock, Key};
use crate::i18n::public;
use crate::tr;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What is kept of a user between games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    /// How they are told it is their turn.
    #[serde(default)]
    pub notify: NotifyMode,
    /// The language they chose (`None`: their language in Discord).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<crate::i18n::Lang>,
    /// Their choice for the games of one channel (`"guild/channel"`), over [`Prefs::notify`].
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub channels: std::collections::BTreeMap<String, NotifyMode>,
    /// Told privately when the player before them starts their turn ("you are next after
    /// Alice"), so they can plan.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub heads_up: bool,
    /// Their time zone (an IANA name, as the zone database spells it); UTC without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// Their quiet hours, in their time zone: nothing reaches them then, it waits until they
    /// end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet: Option<Quiet>,
    /// Away until this Unix second: their games say so, reminders and votes about them wait.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_until: Option<u64>,
    /// One message a day at this local time (minutes after midnight) listing the games waiting
    /// for them, instead of a ping per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<u16>,
}

impl Prefs {
    /// Their time zone (UTC when they chose none, or the name is no longer known).
    pub fn tz(&self) -> TimeZone {
        self.zone
            .as_deref()
            .and_then(local_time::zone)
            .unwrap_or(TimeZone::UTC)
    }

    /// If `now` lies in their quiet hours: when those end.
    pub fn quiet_until(&self, now: u64) -> Option<u64> {
        self.quiet
            .and_then(|q| local_time::quiet_until(now, &self.tz(), q))
    }

    /// If they are away at `now`: until when.
    pub fn away_at(&self, now: u64) -> Option<u64> {
        self.away_until.filter(|&t| t > now)
    }

    /// When something for them may reach them, at `now` or later: now, or the end of their
    /// quiet hours.
    pub fn reachable_at(&self, now: u64) -> u64 {
        self.quiet_until(now).unwrap_or(now)
    }

    /// How they are told it is their turn in the games of `key`'s channel.
    pub fn notify_in(&self, key: Key) -> NotifyMode {
        self.channels
            .get(&channel_pref(key))
            .copied()
            .unwrap_or(self.notify)
    }
}

/// What a notification choice means, in `lang`.
pub(super) fn notify_text(lang: crate::i18n::Lang, mode: NotifyMode) -> String {
    match mode {
        NotifyMode::Ping => tr!(lang, "notify-ping"),
        NotifyMode::Dm => tr!(lang, "notify-dm"),
        NotifyMode::Quiet => tr!(lang, "notify-quiet"),
    }
}

/// The name of a channel in [`Prefs::channels`].
fn channel_pref(key: Key) -> String {
    format!("{}/{}", key.guild, key.channel)
}

/// Users whose preferences stay in memory at most.
const PREFS_KEPT: usize = 10_000;
/// How long preferences read from storage that other processes share are used before they
/// are read again (a change made through another process holds here after this).
const PREFS_FRESH_SHARED: std::time::Duration = std::time::Duration::from_secs(10);

/// Members' settings: read through a cache, written through to the storage.
pub struct Members {
    storage: Arc<dyn Storage>,
    /// Members' settings read so far, with when they were read.
    cache: Mutex<HashMap<u64, (Prefs, std::time::Instant)>>,
}

impl Members {
    /// Members' settings kept in `storage`.
    pub(super) fn new(storage: Arc<dyn Storage>) -> Members {
        Members {
            storage,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// A user's preferences (defaults if none are stored or they cannot be read).
    pub fn prefs(&self, user: u64) -> Prefs {
        let fresh = if self.storage.shared() {
            PREFS_FRESH_SHARED
        } else {
            std::time::Duration::MAX
        };
        if let Some((p, read)) = lock(&self.cache).get(&user) {
            if read.elapsed() < fresh {
                return p.clone();
            }
        }
        let p = match self.storage.get_pref(user) {
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).unwrap_or_default(),
            Ok(None) => Prefs::default(),
            Err(e) => {
                tracing::warn!(user, "cannot read preferences: {e}");
                return Prefs::default();
            }
        };
        self.keep(user, p.clone());
        p
    }

    /// Keeps a user's preferences in memory, at most [`PREFS_KEPT`] users (beyond that the
    /// cache starts again empty: a read costs one storage lookup).
    fn keep(&self, user: u64, prefs: Prefs) {
        let mut cache = lock(&self.cache);
        if cache.len() >= PREFS_KEPT && !cache.contains_key(&user) {
            cache.clear();
        }
        cache.insert(user, (prefs, std::time::Instant::now()));
    }

    /// `/carcassonne notify`: how this user is told it is their turn, in every game.
    /// The user's choice for every game (choices made for one channel's games go).
    pub(super) fn set_notify(&self, req: &Request, mode: NotifyMode) -> Reply {
        let prefs = Prefs {
            notify: mode,
            channels: Default::default(),
            ..self.prefs(req.actor.id)
        };
        if let Err(r) = self.put(req.actor.id, prefs) {
            return r;
        }
        Reply::refuse(notify_text(crate::i18n::private(), mode))
    }

    /// Keeps whether the user is told when the player before them starts their turn.
    pub(super) fn set_heads_up(&self, req: &Request, on: bool) -> Reply {
        let prefs = Prefs {
            heads_up: on,
            ..self.prefs(req.actor.id)
        };
        if let Err(r) = self.put(req.actor.id, prefs) {
            return r;
        }
        let lang = crate::i18n::private();
        Reply::refuse(if on {
            tr!(lang, "heads-up-on")
        } else {
            tr!(lang, "heads-up-off")
        })
    }

    /// The user's choice for this channel's games only, over their choice for every game.
    pub(super) fn set_notify_here(&self, req: &Request, mode: NotifyMode) -> Reply {
        let mut prefs = self.prefs(req.actor.id);
        prefs.channels.insert(channel_pref(req.key), mode);
        if let Err(r) = self.put(req.actor.id, prefs) {
            return r;
        }
        let lang = crate::i18n::private();
        Reply::refuse(format!(
            "{} {}",
            tr!(lang, "notify-here"),
            notify_text(lang, mode)
        ))
    }

    /// Keeps the user's choice of language (`None`: their language in Discord) and answers in it.
    pub(super) fn set_language(&self, req: &Request, lang: Option<crate::i18n::Lang>) -> Reply {
        let prefs = Prefs {
            lang,
            ..self.prefs(req.actor.id)
        };
        if let Err(r) = self.put(req.actor.id, prefs) {
            return r;
        }
        match lang {
            Some(l) => Reply::refuse(tr!(l, "language-set", language = l.native_name())),
            None => {
                let l = req.locale.user.unwrap_or_default();
                Reply::refuse(tr!(l, "language-discord", language = l.native_name()))
            }
        }
    }

    /// Stores a user's preferences (refused with a plain answer if the storage fails).
    pub(super) fn put(&self, user: u64, prefs: Prefs) -> Result<(), Reply> {
        let bytes = serde_json::to_vec(&prefs).unwrap_or_default();
        if let Err(e) = self.storage.put_pref(user, &bytes) {
            tracing::error!("cannot store preferences: {e}");
            return Err(Reply::refuse(tr!(
                crate::i18n::private(),
                "prefs-not-saved"
            )));
        }
        self.keep(user, prefs);
        Ok(())
    }

    /// Applies each pinged user's choice to a reply: pings stay for those who want them, a direct
    /// message replaces the ping for those who chose one, and quiet users (or those who read a
    /// daily digest, or are away) are not pinged. Whatever would reach someone in their quiet
    /// hours (a ping, a direct message) is held instead and sent, folded with the others, when
    /// they end.
    pub(super) fn route_pings(&self, key: Key, reply: &mut Reply, now: u64) {
        if reply.ping.is_empty() && reply.direct().is_empty() {
            return;
        }
        let mut keep = Vec::new();
        let mut direct: Vec<(u64, String, bool)> = reply
            .direct()
            .iter()
            .map(|(u, t)| (*u, t.clone(), false))
            .collect();
        for &user in &reply.ping {
            let prefs = self.prefs(user);
            let mode = if prefs.digest.is_some() || prefs.away_at(now).is_some() {
                NotifyMode::Quiet
            } else {
                prefs.notify_in(key)
            };
            match mode {
                NotifyMode::Ping if prefs.quiet_until(now).is_none() => keep.push(user),
                NotifyMode::Quiet => {}
                NotifyMode::Ping | NotifyMode::Dm => {
                    let mention = format!("<@{user}>");
                    // The line that names them (their turn, a question for them), else the
                    // headline (the end of the game).
                    let line = reply
                        .text
                        .lines()
                        .rev()
                        .find(|l| l.contains(&mention))
                        .or_else(|| reply.text.lines().next())
                        .unwrap_or("")
                        .replace(&mention, &tr!(public(), "dm-you"));
                    let channel = format!("<#{}>", key.channel);
                    let text = tr!(public(), "dm-line", channel = channel, line = line);
                    direct.push((user, text, true));
                }
            }
        }
        let mut send = Vec::new();
        for (user, text, ping) in direct {
            match self.prefs(user).quiet_until(now) {
                Some(end) => self.hold(user, key, end, HeldLine { text, ping }),
                None => send.push((user, text)),
            }
        }
        reply.ping = keep.into();
        reply.set_direct(send);
    }

    /// Takes the members' timed messages due at `now`, at most `batch` of them (each is taken
    /// once, whichever process asks first).
    pub(super) fn take_held(&self, now: u64, batch: usize) -> Result<Vec<Held>, StorageError> {
        self.storage.take_held(now, batch)
    }

    /// Every member's stored preferences (entries that cannot be read are left out, logged).
    pub(super) fn all_prefs(&self) -> Result<Vec<(u64, Prefs)>, StorageError> {
        Ok(self
            .storage
            .all_prefs()?
            .into_iter()
            .filter_map(|(user, bytes)| match serde_json::from_slice(&bytes) {
                Ok(p) => Some((user, p)),
                Err(e) => {
                    tracing::warn!(user, "cannot read preferences: {e}");
                    None
                }
            })
            .collect())
    }

    /// Every member's timed messages.
    pub(super) fn all_held(&self) -> Result<Vec<Held>, StorageError> {
        self.storage.all_held()
    }

    /// Keeps a timed message again, until its (new) due time.
    pub(super) fn hold_again(&self, held: &Held) {
        if let Err(e) = self.storage.hold(held) {
            tracing::error!(user = held.user, "cannot keep a member's message: {e}");
        }
    }

    /// Keeps a timer of `user`'s, on `topic`, until `due` (one per topic).
    pub(super) fn hold_raw(&self, user: u64, topic: Key, due: u64) {
        let held = Held {
            user,
            topic,
            due,
            bytes: Vec::new(),
        };
        if let Err(e) = self.storage.hold(&held) {
            tracing::error!(user, "cannot store a member's timer: {e}");
        }
    }

    /// Keeps a line for `user` until `due` (one per game: a later one replaces it).
    pub(super) fn hold(&self, user: u64, key: Key, due: u64, line: HeldLine) {
        let held = Held {
            user,
            topic: key,
            due,
            bytes: serde_json::to_vec(&line).unwrap_or_default(),
        };
        if let Err(e) = self.storage.hold(&held) {
            tracing::error!(user, %key, "cannot hold a message for the end of quiet hours: {e}");
        }
    }
}

/// A message held for a member until their quiet hours end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct HeldLine {
    /// What it says (it names its channel).
    pub text: String,
    /// It pinged them in a game (dropped if that game, still running, no longer waits for
    /// them).
    #[serde(default)]
    pub ping: bool,
}
