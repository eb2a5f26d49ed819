//! Limits per address: requests for pages and their data per minute, and live pages open at
//! once, so that no one address can tie the web board up.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What one address may do (0: no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// Requests for pages, their data, events and figures per minute.
    pub requests_per_minute: u32,
    /// Live pages (event streams) open at once.
    pub streams_per_address: u32,
}

impl Default for WebLimits {
    fn default() -> Self {
        WebLimits {
            requests_per_minute: 300,
            streams_per_address: 20,
        }
    }
}

/// An address's minute: when it began and the requests in it.
type Minute = (Instant, u32);

/// Counts each address's requests and open streams.
pub(super) struct Limiter {
    limits: WebLimits,
    minutes: Mutex<HashMap<IpAddr, Minute>>,
    streams: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

/// An open stream's place, given back when it closes.
pub(super) struct StreamSlot {
    addr: IpAddr,
    streams: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut s = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = s.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.remove(&self.addr);
            }
        }
    }
}

impl Limiter {
    pub(super) fn new(limits: WebLimits) -> Limiter {
        Limiter {
            limits,
            minutes: Mutex::default(),
            streams: Arc::default(),
        }
    }

    /// Counts a request of `addr`: `Err(seconds to wait)` when it is over the limit.
    pub(super) fn request(&self, addr: IpAddr) -> Result<(), u64> {
        let most = self.limits.requests_per_minute;
        if most == 0 {
            return Ok(());
        }
        let now = Instant::now();
        let mut m = self.minutes.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() > 100_000 {
            m.retain(|_, (start, _)| now.duration_since(*start).as_secs() < 60);
        }
        let (start, n) = m.entry(addr).or_insert((now, 0));
        let age = now.duration_since(*start).as_secs();
        if age >= 60 {
            *start = now;
            *n = 0;
        }
        if *n >= most {
            return Err(60 - age.min(59));
        }
        *n += 1;
        Ok(())
    }

    /// A place for a stream of `addr`, if it has one left.
    pub(super) fn stream(&self, addr: IpAddr) -> Option<StreamSlot> {
        let most = self.limits.streams_per_address;
        let mut s = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        let n = s.entry(addr).or_insert(0);
        if most != 0 && *n >= most {
            return None;
        }
        *n += 1;
        Some(StreamSlot {
            addr,
            streams: self.streams.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_over_its_limits_waits_and_others_do_not() {
        let l = Limiter::new(WebLimits {
            requests_per_minute: 3,
            streams_per_address: 2,
        });
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            assert_eq!(l.request(a), Ok(()));
        }
        assert!(l.request(a).is_err());
        assert_eq!(l.request(b), Ok(()));
        let s1 = l.stream(a);
        let s2 = l.stream(a);
        assert!(s1.is_some() && s2.is_some());
        assert!(l.stream(a).is_none());
        drop(s1);
        assert!(
            l.stream(a).is_some(),
            "a closed stream gives its place back"
        );
    }
}
