//! Limits per client and in all, so that no one client (nor a crowd of them) can tie the web
//! board up, or the bot whose process it shares: connections open at once, requests for pages
//! and their data per minute, figures layers per minute, and live pages open at once.
//!
//! A client is an address, an IPv6 one by its /64 (a single host is given a whole /64). Behind a
//! reverse proxy listed in `trusted_proxies`, the client is the address the proxy names in
//! `X-Forwarded-For`, never the proxy itself. The counts per minute live in one map, replaced
//! by an empty one when a new minute begins (the old one dropped outside the lock): a request
//! costs the same however many addresses were seen, and the map never holds more than
//! [`MOST_ADDRESSES`] (past that, new addresses share one count).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Addresses counted in a minute at most; past that, new ones share one count.
pub const MOST_ADDRESSES: usize = 65_536;

/// What clients may do (0: no limit, where a field says so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// Requests for pages, their data and events per minute, per client.
    pub requests_per_minute: u32,
    /// Figures layers per minute, per client (a page stepping through a long game asks for one
    /// a turn; browsers keep them).
    pub layers_per_minute: u32,
    /// Live pages (event streams) open at once, per client.
    pub streams_per_address: u32,
    /// Requests one seat's personal link may make per minute, whatever the address (0: no
    /// limit): what the seat may do, what a placement allows, its moves.
    pub link_requests_per_minute: u32,
    /// Connections open at once in all (0: as many as the process's file limit leaves room
    /// for: a quarter of it, at most 4,096).
    pub connections: u32,
    /// Connections open at once per client address (not counted for a trusted proxy).
    pub connections_per_address: u32,
    /// Reverse proxies whose `X-Forwarded-For` names the client (addresses or ranges).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long a client may take to send a request's head, and how long a kept-alive
    /// connection may wait for its next request.
    pub header_timeout: Duration,
    /// How long an answer may take to start.
    pub request_timeout: Duration,
    /// How long a connection may make no progress at all (nothing read, nothing written: a
    /// client that stopped reading) before it is closed.
    pub stall_timeout: Duration,
}

impl Default for WebLimits {
    fn default() -> Self {
        WebLimits {
            requests_per_minute: 300,
            layers_per_minute: 1_200,
            streams_per_address: 20,
            link_requests_per_minute: 120,
            connections: 0,
            connections_per_address: 64,
            trusted_proxies: Vec::new(),
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            stall_timeout: Duration::from_secs(60),
        }
    }
}

impl WebLimits {
    /// The connections open at once in all: the configured number, kept under a quarter of
    /// the process's file limit (the bot's gateway, database and files need the rest).
    pub fn connections_in_all(&self) -> usize {
        let room = file_limit().map_or(1_024, |n| (n / 4).clamp(16, 4_096) as usize);
        match self.connections {
            0 => room,
            n => (n as usize).min(room),
        }
    }

    /// Whether `peer` is a trusted proxy.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        let peer = canonical(peer);
        self.trusted_proxies.iter().any(|n| n.contains(&peer))
    }

    /// The client of a request that came from `peer`: the peer, or when the peer is a trusted
    /// proxy, the last address of `forwarded` (`X-Forwarded-For`) that is not one (the
    /// proxy's own view; what comes before it the client could have written).
    pub fn client(&self, peer: IpAddr, forwarded: Option<&str>) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let Some(list) = forwarded else { return peer };
        let mut client = peer;
        for part in list.rsplit(',') {
            let Ok(addr) = part.trim().parse::<IpAddr>() else {
                break;
            };
            client = addr;
            if !self.trusts(addr) {
                break;
            }
        }
        client
    }
}

/// The process's soft limit of open files, where it can be read.
fn file_limit() -> Option<u64> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct it is given, nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0 {
            return Some(r.rlim_cur);
        }
    }
    None
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 address.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// What the limits count a client by: an IPv4 address, or an IPv6 address's /64.
fn client_key(addr: IpAddr) -> IpAddr {
    match canonical(addr) {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// The count that addresses past [`MOST_ADDRESSES`] share.
const CROWD: IpAddr = IpAddr::V6(Ipv6Addr::UNSPECIFIED);

/// A client's counts in a minute: requests, layers.
type Counts = (u32, u32);

/// This minute's counts, and when the minute began.
struct Minutes {
    start: Instant,
    now: HashMap<IpAddr, Counts>,
}

/// What a request is counted as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A page, its data or its events.
    Request,
    /// A figures layer.
    Layer,
}

/// Counts each client's requests, open streams and connections.
pub(super) struct Limiter {
    limits: WebLimits,
    minutes: Mutex<Minutes>,
    streams: Arc<Mutex<HashMap<IpAddr, u32>>>,
    connections: Arc<Mutex<HashMap<IpAddr, u32>>>,
    /// This minute's requests per personal link, and when the minute began.
    links: Mutex<(Instant, HashMap<[u8; 16], u32>)>,
}

/// A place held (an open stream, an open connection), given back when it is dropped.
pub(super) struct Slot {
    addr: IpAddr,
    counts: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut s = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = s.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.remove(&self.addr);
            }
        }
    }
}

/// Takes one of `most` places of `addr` in `counts` (0: no limit).
fn take(counts: &Arc<Mutex<HashMap<IpAddr, u32>>>, addr: IpAddr, most: u32) -> Option<Slot> {
    let mut s = counts.lock().unwrap_or_else(|e| e.into_inner());
    let n = s.entry(addr).or_insert(0);
    if most != 0 && *n >= most {
        return None;
    }
    *n += 1;
    Some(Slot {
        addr,
        counts: counts.clone(),
    })
}

impl Limiter {
    pub(super) fn new(limits: WebLimits) -> Limiter {
        Limiter {
            limits,
            minutes: Mutex::new(Minutes {
                start: Instant::now(),
                now: HashMap::new(),
            }),
            streams: Arc::default(),
            connections: Arc::default(),
            links: Mutex::new((Instant::now(), HashMap::new())),
        }
    }

    /// The limits.
    pub(super) fn limits(&self) -> &WebLimits {
        &self.limits
    }

    /// Counts a request of `client`: `Err(seconds to wait)` when it is over its limit.
    pub(super) fn request(&self, client: IpAddr, kind: Kind) -> Result<(), u64> {
        self.request_at(client, kind, Instant::now())
    }

    fn request_at(&self, client: IpAddr, kind: Kind, now: Instant) -> Result<(), u64> {
        let most = match kind {
            Kind::Request => self.limits.requests_per_minute,
            Kind::Layer => self.limits.layers_per_minute,
        };
        if most == 0 {
            return Ok(());
        }
        let key = client_key(client);
        let mut m = self.minutes.lock().unwrap_or_else(|e| e.into_inner());
        let mut old = None;
        let age = now.saturating_duration_since(m.start).as_secs();
        if age >= 60 {
            // A new minute: the last one's counts are dropped (after the lock is let go).
            old = Some(std::mem::take(&mut m.now));
            m.start = now;
        }
        let age = now.saturating_duration_since(m.start).as_secs();
        let key = if m.now.len() >= MOST_ADDRESSES && !m.now.contains_key(&key) {
            CROWD
        } else {
            key
        };
        let counts = m.now.entry(key).or_insert((0, 0));
        let n = match kind {
            Kind::Request => &mut counts.0,
            Kind::Layer => &mut counts.1,
        };
        let out = if *n >= most {
            Err(60 - age.min(59))
        } else {
            *n += 1;
            Ok(())
        };
        drop(m);
        drop(old);
        out
    }

    /// Counts a request made with the personal link `link` (its secret's bytes; at most
    /// [`WebLimits::link_requests_per_minute`] a minute, whatever the address):
    /// `Err(seconds to wait)` when it is over.
    pub(super) fn link_request(&self, link: [u8; 16]) -> Result<(), u64> {
        let most = self.limits.link_requests_per_minute;
        if most == 0 {
            return Ok(());
        }
        let now = Instant::now();
        let mut m = self.links.lock().unwrap_or_else(|e| e.into_inner());
        let mut old = None;
        if now.saturating_duration_since(m.0).as_secs() >= 60 || m.1.len() >= MOST_ADDRESSES {
            old = Some(std::mem::take(&mut m.1));
            m.0 = now;
        }
        let age = now.saturating_duration_since(m.0).as_secs();
        let n = m.1.entry(link).or_insert(0);
        let out = if *n >= most {
            Err(60 - age.min(59))
        } else {
            *n += 1;
            Ok(())
        };
        drop(m);
        drop(old);
        out
    }

    /// A place for a stream of `client`, if it has one left.
    pub(super) fn stream(&self, client: IpAddr) -> Option<Slot> {
        take(
            &self.streams,
            client_key(client),
            self.limits.streams_per_address,
        )
    }

    /// A place for a connection from `peer`, if it has one left (a trusted proxy's are not
    /// counted here: it carries many clients).
    pub(super) fn connection(&self, peer: IpAddr) -> Option<Option<Slot>> {
        if self.limits.trusts(peer) {
            return Some(None);
        }
        take(
            &self.connections,
            client_key(peer),
            self.limits.connections_per_address,
        )
        .map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn limiter(requests: u32, layers: u32, streams: u32) -> Limiter {
        Limiter::new(WebLimits {
            requests_per_minute: requests,
            layers_per_minute: layers,
            streams_per_address: streams,
            ..WebLimits::default()
        })
    }

    #[test]
    fn an_address_over_its_limits_waits_and_others_do_not() {
        let l = limiter(3, 0, 2);
        let (a, b) = (ip("10.0.0.1"), ip("10.0.0.2"));
        for _ in 0..3 {
            assert_eq!(l.request(a, Kind::Request), Ok(()));
        }
        assert!(l.request(a, Kind::Request).is_err());
        assert_eq!(l.request(b, Kind::Request), Ok(()));
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

    #[test]
    fn an_ipv6_client_is_counted_by_its_64() {
        let l = limiter(2, 0, 1);
        // Two addresses of one /64 share a count; another /64 has its own.
        assert_eq!(l.request(ip("2001:db8:1:2::1"), Kind::Request), Ok(()));
        assert_eq!(l.request(ip("2001:db8:1:2::ffff"), Kind::Request), Ok(()));
        assert!(l
            .request(ip("2001:db8:1:2:abcd::7"), Kind::Request)
            .is_err());
        assert_eq!(l.request(ip("2001:db8:1:3::1"), Kind::Request), Ok(()));
        let _s = l.stream(ip("2001:db8:1:2::1"));
        assert!(l.stream(ip("2001:db8:1:2::2")).is_none());
        // An IPv4 address written as IPv6 is that IPv4 address.
        assert_eq!(client_key(ip("::ffff:10.0.0.1")), ip("10.0.0.1"));
    }

    #[test]
    fn a_personal_link_over_its_limit_waits_whatever_the_address_and_others_do_not() {
        let l = Limiter::new(WebLimits {
            link_requests_per_minute: 3,
            ..WebLimits::default()
        });
        let (a, b) = ([1; 16], [2; 16]);
        for _ in 0..3 {
            assert_eq!(l.link_request(a), Ok(()));
        }
        let wait = l.link_request(a).unwrap_err();
        assert!((1..=60).contains(&wait), "{wait}");
        assert_eq!(l.link_request(b), Ok(()));
        let free = Limiter::new(WebLimits {
            link_requests_per_minute: 0,
            ..WebLimits::default()
        });
        for _ in 0..1000 {
            assert_eq!(free.link_request(a), Ok(()));
        }
    }

    #[test]
    fn layers_have_a_budget_of_their_own() {
        let l = limiter(2, 5, 0);
        let a = ip("10.0.0.1");
        for _ in 0..5 {
            assert_eq!(l.request(a, Kind::Layer), Ok(()));
        }
        assert!(l.request(a, Kind::Layer).is_err());
        // Stepping through frames did not use up the pages' budget.
        assert_eq!(l.request(a, Kind::Request), Ok(()));
    }

    #[test]
    fn a_new_minute_forgets_the_last_and_the_map_stays_bounded() {
        let l = limiter(1, 0, 0);
        let t0 = Instant::now();
        let a = ip("10.0.0.1");
        assert_eq!(l.request_at(a, Kind::Request, t0), Ok(()));
        assert_eq!(l.request_at(a, Kind::Request, t0), Err(60));
        let t1 = t0 + Duration::from_secs(61);
        assert_eq!(l.request_at(a, Kind::Request, t1), Ok(()));
        // A flood of addresses: past the bound they share one count, and the map holds no
        // more than the bound (plus that one).
        for i in 0..(MOST_ADDRESSES as u32 + 10) {
            let _ = l.request_at(IpAddr::V4(i.into()), Kind::Request, t1);
        }
        let m = l.minutes.lock().unwrap();
        assert!(m.now.len() <= MOST_ADDRESSES + 1, "{}", m.now.len());
        assert_eq!(m.now.get(&CROWD), Some(&(1, 0)));
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let limits = WebLimits {
            trusted_proxies: vec!["10.1.0.0/16".parse().unwrap(), "::1/128".parse().unwrap()],
            ..WebLimits::default()
        };
        let proxy = ip("10.1.2.3");
        assert_eq!(limits.client(proxy, Some("203.0.113.9")), ip("203.0.113.9"));
        // What the client wrote before the proxy's entry is not believed.
        assert_eq!(
            limits.client(proxy, Some("1.2.3.4, 203.0.113.9")),
            ip("203.0.113.9")
        );
        // A chain of trusted proxies is followed back to the first untrusted address.
        assert_eq!(
            limits.client(proxy, Some("203.0.113.9, 10.1.9.9")),
            ip("203.0.113.9")
        );
        // Anyone else's header is ignored.
        assert_eq!(
            limits.client(ip("198.51.100.1"), Some("203.0.113.9")),
            ip("198.51.100.1")
        );
        assert_eq!(limits.client(proxy, None), proxy);
        assert_eq!(limits.client(proxy, Some("garbage")), proxy);
        // A proxy's connections are not limited per address; anyone else's are.
        let l = Limiter::new(WebLimits {
            connections_per_address: 1,
            ..limits
        });
        let (p1, p2) = (l.connection(proxy), l.connection(proxy));
        assert!(matches!((&p1, &p2), (Some(None), Some(None))));
        let c1 = l.connection(ip("198.51.100.1"));
        assert!(matches!(c1, Some(Some(_))));
        assert!(l.connection(ip("198.51.100.1")).is_none());
    }
}
