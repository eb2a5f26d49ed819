//! Rate limits on what members make the bot post: token buckets per member and per channel,
//! refilled by the minute, kept in memory (each process counts its own requests). A request over
//! a limit is refused privately with how long to wait; nothing is posted and nothing changes.

use super::api::{Command, Limits};
use super::{lock, Key};
use std::collections::HashMap;
use std::sync::Mutex;

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
}

/// Whether a command only shows something (and so counts against the limits on looks).
pub(crate) fn is_look(command: &Command) -> bool {
    matches!(
        command,
        Command::Board { .. }
            | Command::Status
            | Command::Tiles
            | Command::Rules
            | Command::History
            | Command::Final { .. }
            | Command::Replay { .. }
            | Command::Standings
            | Command::Export
            | Command::MyGames
    )
}

impl RateLimits {
    /// Takes one look for `member` in `channel` at `now`, or says how many seconds to wait
    /// (nothing is taken then).
    pub fn take(&self, limits: &Limits, member: u64, channel: Key, now: u64) -> Result<(), u64> {
        let mut members = lock(&self.members);
        let mut channels = lock(&self.channels);
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
            members.retain(|_, b| {
                b.level(limits.looks_per_member, now) < limits.looks_per_member as f64
            });
        }
        if channels.len() > KEPT {
            channels.retain(|_, b| {
                b.level(limits.looks_per_channel, now) < limits.looks_per_channel as f64
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
