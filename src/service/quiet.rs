//! A member's own rhythm: their time zone and quiet hours (what would reach them then is held
//! and sent, folded, when they end), their absences (their games say so, wait for them or let
//! the computer play, and pick up again when they are back), and the daily digest of the
//! games waiting for them. Every timer here is a stored message with its due time
//! ([`Held`]), taken by whichever process comes first: nothing is lost to a restart.

use super::api::{MeChange, Notice, Reply, Request};
use super::local_time::{self, next_time_of_day, Quiet};
use super::members::{HeldLine, Prefs};
use super::reminders::IndexEntry;
use super::storage::{Held, Key};
use super::stored::{Phase, WhileAway, MOST_AWAY_SECONDS_PER_GAME};
use super::text::seat_name;
use super::{lock, Service, Slot};
use crate::i18n::{private, public};
use crate::tr;

/// The topic of a member's next daily digest (no game has guild 0 and channel 1).
const DIGEST: Key = Key {
    guild: 0,
    channel: 1,
};
/// The topic of the end of a member's absence.
const BACK: Key = Key {
    guild: 0,
    channel: 2,
};
/// The longest absence a member may declare, in days.
pub const MOST_AWAY_DAYS: u32 = 30;
/// Timed messages taken per call of [`Service::due_held`].
const HELD_BATCH: usize = 256;

impl Service {
    /// `/carcassonne me …`: shows the member's own settings, or changes them (time zone, quiet
    /// hours, an absence, the daily digest). Refused as a whole, changing nothing, if one value
    /// is wrong.
    pub(super) fn me(&self, req: &Request, change: &MeChange) -> Reply {
        let lang = private();
        let user = req.actor.id;
        let before = self.members.prefs(user);
        let mut prefs = before.clone();
        if let Some(z) = &change.zone {
            match local_time::zone_name(z) {
                Some(name) => prefs.zone = Some(name),
                None => return Reply::refuse(tr!(lang, "me-bad-zone", zone = z.trim())),
            }
        }
        if change.quiet_off {
            prefs.quiet = None;
        } else if let Some((from, to)) = &change.quiet {
            if from.trim().is_empty() || to.trim().is_empty() {
                return Reply::refuse(tr!(lang, "me-quiet-both"));
            }
            let parse = |t: &str| {
                local_time::parse_time_of_day(t)
                    .ok_or_else(|| Reply::refuse(tr!(lang, "me-bad-time", time = t.trim())))
            };
            let (from, to) = match (parse(from), parse(to)) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(r), _) | (_, Err(r)) => return r,
            };
            match Quiet::new(from, to) {
                Some(q) => prefs.quiet = Some(q),
                None if from == to => return Reply::refuse(tr!(lang, "me-quiet-same")),
                None => {
                    let hours = local_time::MOST_QUIET_MINUTES / 60;
                    return Reply::refuse(tr!(lang, "me-quiet-long", n = hours));
                }
            }
        }
        if let Some(d) = &change.digest {
            if d.trim().eq_ignore_ascii_case("off") {
                prefs.digest = None;
            } else {
                match local_time::parse_time_of_day(d) {
                    Some(m) => prefs.digest = Some(m),
                    None => return Reply::refuse(tr!(lang, "me-bad-time", time = d.trim())),
                }
            }
        }
        let mut away_note = None;
        match change.away_days {
            Some(days) if days > MOST_AWAY_DAYS => {
                return Reply::refuse(tr!(lang, "me-away-max", n = MOST_AWAY_DAYS))
            }
            Some(0) => {
                if before.away_at(req.now).is_none() {
                    return Reply::refuse(tr!(lang, "me-not-away"));
                }
                prefs.away_until = None;
            }
            Some(days) => {
                let until = req.now + days as u64 * 86_400;
                prefs.away_until = Some(until);
                away_note = Some(until);
            }
            None => {}
        }
        // A change that stands posts in each of the member's games, or times their clocks
        // again: a few a minute.
        if *change != MeChange::default() {
            if let Err(wait) = self.rates.take_me(user, req.now) {
                self.metrics.limited.inc();
                return Reply::refuse(tr!(lang, "slow-down", seconds = wait));
            }
        }
        if let Err(r) = self.members.put(user, prefs.clone()) {
            return r;
        }
        // The timers the change starts: the next digest, the end of the absence.
        // A digest given again is scheduled again (the way back from a lost timer).
        if prefs.digest.is_some() && (change.digest.is_some() || prefs.zone != before.zone) {
            self.schedule_digest(user, &prefs, req.now);
        }
        if let Some(until) = away_note {
            self.members.hold_raw(user, BACK, until);
        }
        let quiet_changed = prefs.quiet != before.quiet || prefs.zone != before.zone;
        if change.away_days.is_some() || quiet_changed {
            let mine = self.games_of(user);
            match change.away_days {
                Some(0) => {
                    self.back(user, &mine, req.now);
                    // The games waiting for them, by direct message at once.
                    self.members.hold_raw(user, BACK, req.now);
                }
                Some(_) => self.away(user, &mine, prefs.away_until, req.now),
                None => self.retime(user, &mine, req.now),
            }
        }
        if change.links_reset {
            let n = self.reset_web_links(user, &self.games_of(user));
            let text = self.me_text(user, &prefs, req.now);
            return Reply::refuse(format!("{}\n{text}", tr!(lang, "web-play-reset", n = n)));
        }
        let text = self.me_text(user, &prefs, req.now);
        Reply::refuse(text)
    }

    /// A member's settings, as `/carcassonne me` shows them.
    fn me_text(&self, user: u64, p: &Prefs, now: u64) -> String {
        let lang = private();
        let tz = p.tz();
        let zone = p.zone.clone().unwrap_or_else(|| "UTC".into());
        let mut lines = vec![tr!(
            lang,
            "me-zone",
            zone = zone,
            time = local_time::show(now, Some(&tz))
        )];
        lines.push(match p.quiet {
            Some(q) => tr!(
                lang,
                "me-quiet",
                from = local_time::time_of_day(q.from),
                to = local_time::time_of_day(q.to)
            ),
            None => tr!(lang, "me-quiet-none"),
        });
        lines.push(match p.away_at(now) {
            Some(t) => tr!(lang, "me-away", until = local_time::show(t, Some(&tz))),
            None => tr!(lang, "me-here"),
        });
        lines.push(match p.digest {
            Some(m) => tr!(lang, "me-digest", time = local_time::time_of_day(m)),
            None => tr!(lang, "me-digest-off"),
        });
        if p.digest.is_none() {
            lines.push(super::members::notify_text(lang, p.notify));
        }
        if p.heads_up {
            lines.push(tr!(lang, "heads-up-on"));
        }
        if self.web_base().is_some() {
            let per_game: Vec<usize> = self
                .games_of(user)
                .into_iter()
                .map(|key| self.live_web_links(user, key))
                .filter(|&n| n > 0)
                .collect();
            let n: usize = per_game.iter().sum();
            lines.push(if n == 0 {
                tr!(lang, "me-web-links-none")
            } else {
                tr!(lang, "me-web-links", n = n, games = per_game.len())
            });
        }
        lines.join("\n")
    }

    /// The live games `user` sits in.
    pub(super) fn games_of(&self, user: u64) -> Vec<Key> {
        match self.sessions.stored_index() {
            Ok(entries) => entries
                .into_iter()
                .filter_map(|(key, e)| {
                    (!e.lobby && e.people.as_ref()?.contains(&user)).then_some(key)
                })
                .collect(),
            Err(e) => {
                tracing::error!("cannot read the index: {e}");
                Vec::new()
            }
        }
    }

    /// The games of `user` waiting for them, with since when (the last move).
    fn waiting_for(&self, user: u64) -> Vec<(Key, u64)> {
        let pick =
            |k: Key, e: &IndexEntry| (e.waiting == Some(user)).then_some((k, e.last_activity));
        let mut games = if self.sessions.shared() {
            // Another process may hold games this one has not seen.
            self.sessions
                .stored_index()
                .unwrap_or_default()
                .into_iter()
                .filter_map(|(k, e)| pick(k, &e))
                .collect()
        } else {
            self.jobs.select(pick)
        };
        games.sort_by_key(|&(k, since)| (since, k));
        games
    }

    /// The address of a game's web page, if the bot serves them and the server shows them.
    fn page_of(&self, key: Key) -> Option<String> {
        self.web_base()?;
        if self.server(key.guild).web_links_off {
            return None;
        }
        self.with_slot(key, |svc, slot| match slot {
            Slot::Game(s) => super::page_link(svc.web_base(), &s.stored).map(|l| l.url),
            _ => None,
        })
        .flatten()
    }

    /// Each game of `user`'s: `change` on their seats, committed, and a line to post there.
    fn each_seat(
        &self,
        user: u64,
        games: &[Key],
        mut change: impl FnMut(&Service, &mut super::stored::StoredGame, usize) -> Option<String>,
    ) {
        for &key in games {
            let posted = self.with_slot(key, |svc, slot| {
                let Slot::Game(session) = slot else {
                    return None;
                };
                if session.stored.phase != Phase::Playing {
                    return None;
                }
                let _langs = crate::i18n::enter(svc.servers.game_langs(key, &session.stored));
                let mut next = session.stored.clone();
                let mut lines = Vec::new();
                for i in 0..next.seats.len() {
                    if next.seats[i].user == user && !next.seats[i].resigned {
                        lines.extend(change(svc, &mut next, i));
                    }
                }
                if next == session.stored {
                    // Nothing changed, and what is said is said as it is (an absence this
                    // game no longer grants).
                    return (!lines.is_empty()).then(|| lines.join("\n"));
                }
                if let Err(r) = svc.commit(key, session, next, None) {
                    tracing::error!(%key, user, "cannot record an absence: {}", r.text);
                    return None;
                }
                (!lines.is_empty()).then(|| lines.join("\n"))
            });
            if let Some(Some(text)) = posted {
                self.post_later(Notice {
                    key,
                    reply: Reply::public(text),
                });
            }
        }
    }

    /// `user` is away until `until`: their games say so; those that let the computer play
    /// for the absent hand it their seat; their move clocks stop.
    fn away(&self, user: u64, games: &[Key], until: Option<u64>, now: u64) {
        let Some(until) = until else {
            return;
        };
        let tz = self.members.prefs(user).tz();
        self.each_seat(user, games, |svc, s, i| {
            let seat = &s.seats[i];
            if seat.computer && seat.away_until.is_none() {
                // The computer has the seat already (a vote, a resignation).
                return None;
            }
            let name = seat_name(s, i).to_string();
            // What is left of the absence this game grants its player in all: a renewal
            // before the end counts only what it adds.
            let from = seat.away_until.filter(|&t| t > now).unwrap_or(now);
            let left = MOST_AWAY_SECONDS_PER_GAME.saturating_sub(seat.away_granted);
            let until = until.min(from.saturating_add(left));
            if until <= now {
                let days = MOST_AWAY_SECONDS_PER_GAME / 86_400;
                return Some(tr!(public(), "away-used-up", name = name, n = days));
            }
            s.seats[i].away_granted += until.saturating_sub(from);
            s.seats[i].away_until = Some(until);
            let when = local_time::show(until, Some(&tz));
            let line = match s.while_away {
                WhileAway::Wait => {
                    if s.clock.is_some_and(|c| c.seat as usize == i) {
                        svc.clocks().restart(s, now, until);
                    }
                    tr!(public(), "away-wait", name = name, until = when)
                }
                WhileAway::Computer => {
                    s.seats[i].computer = true;
                    tr!(public(), "away-computer", name = name, until = when)
                }
            };
            Some(line)
        });
    }

    /// `user` is back: their seats are theirs again, their clocks run on.
    fn back(&self, user: u64, games: &[Key], now: u64) {
        self.each_seat(user, games, |svc, s, i| {
            s.seats[i].away_until?;
            let name = seat_name(s, i).to_string();
            s.seats[i].away_until = None;
            if s.while_away == WhileAway::Computer && !s.seats[i].away {
                s.seats[i].computer = false;
            }
            if s.clock.is_some_and(|c| c.seat as usize == i) {
                svc.clocks().restart(s, now, now);
            }
            Some(tr!(public(), "away-back", name = name))
        });
    }

    /// `user`'s quiet hours or zone changed: their running clocks are timed again.
    fn retime(&self, user: u64, games: &[Key], now: u64) {
        self.each_seat(user, games, |svc, s, i| {
            if s.clock.is_some_and(|c| c.seat as usize == i) {
                let from = s.seats[i].away_until.unwrap_or(now);
                svc.clocks().restart(s, now, from);
            }
            None
        });
    }

    /// Schedules `user`'s next digest, after `now`, out of their quiet hours.
    fn schedule_digest(&self, user: u64, prefs: &Prefs, now: u64) {
        let Some(minute) = prefs.digest else {
            return;
        };
        let at = next_time_of_day(now + 1, &prefs.tz(), minute);
        self.members.hold_raw(user, DIGEST, prefs.reachable_at(at));
    }

    /// The members' timers their settings imply, made again where storage lacks them (a
    /// process that died between taking a timer and setting the next): each member with a
    /// daily digest has their next one, and each absence its end (at once if it is over).
    /// Run at start-up. Returns how many were made.
    pub fn restore_timers(&self, now: u64) -> usize {
        let (prefs, held) = match (self.members.all_prefs(), self.members.all_held()) {
            (Ok(p), Ok(h)) => (p, h),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!("cannot read the members' timers: {e}");
                return 0;
            }
        };
        let has = |user: u64, topic: Key| held.iter().any(|h| h.user == user && h.topic == topic);
        let mut made = 0;
        for (user, p) in prefs {
            if p.digest.is_some() && !has(user, DIGEST) {
                self.schedule_digest(user, &p, now);
                made += 1;
            }
            // An absence whose end was not handled (its end clears it) ends now.
            if let Some(until) = p.away_until {
                if !has(user, BACK) {
                    self.members.hold_raw(user, BACK, until.max(now));
                    made += 1;
                }
            }
        }
        made + self.restore_tournament_timers(&held, now)
    }

    /// Notices posted by work done for a member outside a game's command (an absence told in
    /// each of their games), taken once.
    pub fn take_outbox(&self) -> Vec<Notice> {
        std::mem::take(&mut *lock(&self.outbox))
    }

    /// Waits until the outbox holds a notice (at most `timeout`, and not once the service is
    /// stopping), then takes what it holds: the worker posts a move made on the web board at
    /// once, not at its next tick.
    pub fn wait_outbox(&self, timeout: std::time::Duration) -> Vec<Notice> {
        let guard = lock(&self.outbox);
        let (mut guard, _) = self
            .outbox_filled
            .wait_timeout_while(guard, timeout, |o| o.is_empty() && !self.stopping())
            .unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *guard)
    }

    /// Puts a notice in the outbox for the worker to post, and wakes it.
    pub(super) fn post_later(&self, notice: Notice) {
        lock(&self.outbox).push(notice);
        self.outbox_filled.notify_all();
    }

    /// The members' timed messages due at `now`, as direct messages: what waited for the end
    /// of quiet hours, folded into one message per member; daily digests; the ends of
    /// absences (which also give the seats back). Each is taken once, whichever process asks
    /// first.
    pub fn due_held(&self, now: u64) -> Vec<Notice> {
        let mut out = Vec::new();
        let held = match self.members.take_held(now, HELD_BATCH) {
            Ok(h) => {
                let (rest, told) = self.take_tournaments(h, now);
                out.extend(told);
                self.take_reviews(rest, now)
            }
            Err(e) => {
                tracing::warn!("cannot read the held messages: {e}");
                return Vec::new();
            }
        };
        let mut by_user: std::collections::BTreeMap<u64, Vec<Held>> = Default::default();
        for h in held {
            by_user.entry(h.user).or_default().push(h);
        }
        for (user, items) in by_user {
            let prefs = self.members.prefs(user);
            let lang = prefs.lang.unwrap_or_else(public);
            let mut lines = Vec::new();
            let mut digest = false;
            for h in items {
                match h.topic {
                    BACK => {
                        // An earlier absence's end, replaced by a later one: nothing.
                        if prefs.away_until.is_some_and(|t| t > now) {
                            continue;
                        }
                        let games = self.games_of(user);
                        self.back(user, &games, now);
                        // Over and done: an absence still noted later lost its timer.
                        if prefs.away_until.is_some() {
                            let done = super::members::Prefs {
                                away_until: None,
                                ..prefs.clone()
                            };
                            let _ = self.members.put(user, done);
                        }
                        lines.push(tr!(lang, "away-over"));
                        digest = true;
                    }
                    DIGEST if prefs.digest.is_some() => {
                        if let Some(end) = prefs.quiet_until(now) {
                            self.members.hold_raw(user, DIGEST, end);
                            continue;
                        }
                        digest = true;
                        self.schedule_digest(user, &prefs, now + 60);
                    }
                    DIGEST => {}
                    key => {
                        // Their quiet hours changed meanwhile: it waits again.
                        if let Some(end) = prefs.quiet_until(now) {
                            self.members.hold_again(&Held { due: end, ..h });
                            continue;
                        }
                        let Ok(line) = serde_json::from_slice::<HeldLine>(&h.bytes) else {
                            continue;
                        };
                        // A turn they took themselves meanwhile is left out; the end of a
                        // game (gone from the schedule) is not.
                        let stale = self
                            .jobs
                            .entry(key)
                            .is_some_and(|e| e.waiting != Some(user));
                        if !line.ping || !stale {
                            lines.push(line.text);
                        }
                    }
                }
            }
            if !lines.is_empty() && !digest {
                lines.insert(0, tr!(lang, "quiet-over"));
            }
            if digest {
                let waiting = self.waiting_for(user);
                if waiting.is_empty() {
                    lines.push(tr!(lang, "digest-none"));
                } else {
                    lines.push(tr!(lang, "digest-title", n = waiting.len()));
                    for (key, since) in waiting {
                        let waited = super::words::duration(lang, now.saturating_sub(since));
                        let mut line = tr!(
                            lang,
                            "digest-line",
                            channel = format!("<#{}>", key.channel),
                            waited = waited
                        );
                        // The game's web page, where the bot serves them.
                        if let Some(url) = self.page_of(key) {
                            line.push_str(&format!(" · <{url}>"));
                        }
                        lines.push(line);
                    }
                }
            }
            if lines.is_empty() {
                continue;
            }
            let mut reply = Reply::default();
            reply.set_direct(vec![(user, super::words::clip(lines.join("\n")))]);
            out.push(Notice {
                key: Key::default(),
                reply,
            });
        }
        out
    }
}
