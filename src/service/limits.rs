//! Rate limits on what members make the bot post: token buckets per member and per channel,
//! refilled by the minute, kept in memory (each process counts its own requests). A request over
//! a limit is refused privately with how long to wait; nothing is posted and nothing changes.

use super::api::{Command, Limits};
use super::{lock, Key};
use std::collections::HashMap;
use std::sync::Mutex;

/// A counting semaphore: at most `n` holders at once; others wait their turn.
pub(crate) struct Places {
    free: Mutex<usize>,
    freed: std::sync::Condvar,
}

/// A place taken from [`Places`], given back when dropped.
pub(crate) struct Place<'a>(&'a Places);

impl Places {
    /// `n` places (at least one).
    pub fn new(n: usize) -> Places {
        Places {
            free: Mutex::new(n.max(1)),
            freed: std::sync::Condvar::new(),
        }
    }

    /// Waits for a free place and takes it.
    pub fn take(&self) -> Place<'_> {
        let mut free = lock(&self.free);
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        Place(self)
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        *lock(&self.0.free) += 1;
        self.0.freed.notify_one();
    }
}

/// Buckets kept at most per kind before full and idle ones are dropped.
const KEPT: usize = 10_000;

/// A token bucket: `tokens` as of `at` (Unix seconds).
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: u64,
}

impl Bucket {
    /// The tokens at `now` for a bucket of `per_minute`.
    fn level(self, per_minute: u32, now: u64) -> f64 {
        let rate = per_minute as f64 / 60.0;
        (self.tokens + now.saturating_sub(self.at) as f64 * rate).min(per_minute as f64)
    }
}

/// The buckets of members and channels.
#[derive(Default)]
pub(crate) struct RateLimits {
    members: Mutex<HashMap<u64, Bucket>>,
    channels: Mutex<HashMap<Key, Bucket>>,
    private: Mutex<HashMap<u64, Bucket>>,
    /// Changes of members' own settings (each may post a line in every game of theirs).
    me: Mutex<HashMap<u64, Bucket>>,
}

/// Changes of their own settings (`/carcassonne me` with a value) a member may make per
/// minute: an absence or its end posts a line in each of their games.
pub(crate) const ME_CHANGES_PER_MINUTE: u32 = 5;

/// What a command that only shows something posts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    /// A message everyone in the channel sees (limited per member and per channel).
    Public,
    /// A view only the asker sees (a replay's steps, an export, their games): limited per
    /// member only, at [`PRIVATE_LOOKS`] times the public rate (stepping through a replay is
    /// many quick clicks).
    Private,
}

/// How many more private views than public posts a member may ask for.
pub(crate) const PRIVATE_LOOKS: u32 = 6;

/// Whether a command only shows something (and so counts against the limits on looks), and
/// how.
pub(crate) fn look(command: &Command) -> Option<Look> {
    match command {
        Command::Board { .. }
        | Command::Status
        | Command::Tiles
        | Command::Rules
        | Command::History
        | Command::Final { .. }
        | Command::Standings
        | Command::Season { .. } => Some(Look::Public),
        Command::Replay { .. } | Command::Review { .. } | Command::Export | Command::MyGames => {
            Some(Look::Private)
        }
        _ => None,
    }
}

impl RateLimits {
    /// Takes one look of a kind for `member` in `channel` at `now`, or says how many seconds
    /// to wait (nothing is taken then).
    pub fn take_look(
        &self,
        kind: Look,
        limits: &Limits,
        member: u64,
        channel: Key,
        now: u64,
    ) -> Result<(), u64> {
        match kind {
            Look::Public => self.take(limits, member, channel, now),
            Look::Private => {
                // One bucket per member, no channel's: the private limits alone.
                let private = Limits {
                    looks_per_member: limits.looks_per_member.saturating_mul(PRIVATE_LOOKS),
                    looks_per_channel: 0,
                    ..*limits
                };
                take_in(
                    &self.private,
                    &Mutex::default(),
                    &private,
                    member,
                    channel,
                    now,
                )
            }
        }
    }

    /// Takes one change of `member`'s own settings at `now` ([`ME_CHANGES_PER_MINUTE`]), or
    /// says how many seconds to wait (nothing is taken then).
    pub fn take_me(&self, member: u64, now: u64) -> Result<(), u64> {
        let limits = Limits {
            looks_per_member: ME_CHANGES_PER_MINUTE,
            looks_per_channel: 0,
            ..Limits::default()
        };
        take_in(
            &self.me,
            &Mutex::default(),
            &limits,
            member,
            Key::default(),
            now,
        )
    }

    /// Takes one public look for `member` in `channel` at `now`, or says how many seconds to
    /// wait (nothing is taken then).
    pub fn take(&self, limits: &Limits, member: u64, channel: Key, now: u64) -> Result<(), u64> {
        take_in(&self.members, &self.channels, limits, member, channel, now)
    }
}

/// [`RateLimits::take`] over given maps of buckets.
fn take_in(
    members: &Mutex<HashMap<u64, Bucket>>,
    channels: &Mutex<HashMap<Key, Bucket>>,
    limits: &Limits,
    member: u64,
    channel: Key,
    now: u64,
) -> Result<(), u64> {
    let mut members = lock(members);
    let mut channels = lock(channels);
    let full = |per: u32| Bucket {
        tokens: per as f64,
        at: now,
    };
    let m = members
        .get(&member)
        .copied()
        .unwrap_or_else(|| full(limits.looks_per_member));
    let c = channels
        .get(&channel)
        .copied()
        .unwrap_or_else(|| full(limits.looks_per_channel));
    let wait = |b: Bucket, per: u32| -> u64 {
        if per == 0 {
            return 0;
        }
        let level = b.level(per, now);
        if level >= 1.0 {
            0
        } else {
            ((1.0 - level) * 60.0 / per as f64).ceil().max(1.0) as u64
        }
    };
    let w = wait(m, limits.looks_per_member).max(wait(c, limits.looks_per_channel));
    if w > 0 {
        return Err(w);
    }
    let took = |b: Bucket, per: u32| Bucket {
        tokens: b.level(per, now) - 1.0,
        at: now,
    };
    if limits.looks_per_member > 0 {
        members.insert(member, took(m, limits.looks_per_member));
    }
    if limits.looks_per_channel > 0 {
        channels.insert(channel, took(c, limits.looks_per_channel));
    }
    // Memory stays bounded: buckets that are full again are the same as no bucket.
    if members.len() > KEPT {
        members
            .retain(|_, b| b.level(limits.looks_per_member, now) < limits.looks_per_member as f64);
    }
    if channels.len() > KEPT {
        channels.retain(|_, b| {
            b.level(limits.looks_per_channel, now) < limits.looks_per_channel as f64
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_let_n_holders_in_at_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let places = std::sync::Arc::new(Places::new(2));
        let inside = std::sync::Arc::new(AtomicUsize::new(0));
        let most = std::sync::Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (places, inside, most) = (places.clone(), inside.clone(), most.clone());
                std::thread::spawn(move || {
                    for _ in 0..20 {
                        let _p = places.take();
                        let n = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(n, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_micros(200));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    fn limits(member: u32, channel: u32) -> Limits {
        Limits {
            looks_per_member: member,
            looks_per_channel: channel,
            ..Limits::default()
        }
    }

    #[test]
    fn a_member_gets_their_share_a_minute_then_waits() {
        let r = RateLimits::default();
        let l = limits(6, 100);
        let ch = Key::new(1, 2);
        for _ in 0..6 {
            assert_eq!(r.take(&l, 7, ch, 1000), Ok(()));
        }
        // The seventh waits for one token: ten seconds at six a minute.
        assert_eq!(r.take(&l, 7, ch, 1000), Err(10));
        assert_eq!(r.take(&l, 7, ch, 1005), Err(5));
        assert_eq!(r.take(&l, 7, ch, 1010), Ok(()));
        // Another member is not held up.
        assert_eq!(r.take(&l, 8, ch, 1010), Ok(()));
    }

    #[test]
    fn a_channel_is_shared_by_its_members_and_zero_means_no_limit() {
        let r = RateLimits::default();
        let l = limits(0, 3);
        let ch = Key::new(1, 2);
        for m in 0..3 {
            assert_eq!(r.take(&l, m, ch, 0), Ok(()));
        }
        assert_eq!(r.take(&l, 99, ch, 0), Err(20));
        assert_eq!(r.take(&l, 99, Key::new(1, 3), 0), Ok(()));
        let none = limits(0, 0);
        for _ in 0..1000 {
            assert_eq!(r.take(&none, 5, ch, 0), Ok(()));
        }
    }

    #[test]
    fn private_views_have_a_larger_share_of_their_own() {
        let r = RateLimits::default();
        let l = limits(2, 2);
        let ch = Key::new(1, 2);
        for _ in 0..2 {
            assert_eq!(r.take_look(Look::Public, &l, 1, ch, 0), Ok(()));
        }
        assert!(r.take_look(Look::Public, &l, 1, ch, 0).is_err());
        for _ in 0..2 * PRIVATE_LOOKS {
            assert_eq!(r.take_look(Look::Private, &l, 1, ch, 0), Ok(()));
        }
        assert_eq!(r.take_look(Look::Private, &l, 1, ch, 0), Err(5));
        assert_eq!(look(&Command::Export), Some(Look::Private));
        assert_eq!(look(&Command::Status), Some(Look::Public));
        assert_eq!(look(&Command::Join), None);
    }

    #[test]
    fn a_refused_look_takes_nothing() {
        let r = RateLimits::default();
        let l = limits(1, 1);
        let ch = Key::new(1, 2);
        assert_eq!(r.take(&l, 1, ch, 0), Ok(()));
        // Member 2 is refused by the channel's bucket: their own stays full.
        assert_eq!(r.take(&l, 2, ch, 0), Err(60));
        assert_eq!(r.take(&l, 2, Key::new(1, 3), 0), Ok(()));
    }
}
