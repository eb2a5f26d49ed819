//! Members' local time: their time zone, their quiet hours, a time of day they chose (the daily
//! digest), and the active seconds of a move's clock (which stops in quiet hours). Pure
//! functions of Unix seconds and the zone database (built into the binary): no clock is read
//! here, so every rule is tested with the time it is given.

use jiff::civil::{Date, DateTime};
use jiff::tz::{Disambiguation, TimeZone};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// Minutes in a day.
const DAY_MINUTES: u16 = 24 * 60;

/// The longest quiet hours of a day, in minutes: a member's quiet hours stop a move clock and
/// hold reminders, so they may not fill the day. Quiet hours stored longer (before the cap)
/// count as this long from their start.
pub const MOST_QUIET_MINUTES: u16 = 12 * 60;

/// Quiet hours: from one local time of day to another, crossing midnight when `from > to`
/// (23:00–08:00). Minutes after local midnight; `from != to`, at most
/// [`MOST_QUIET_MINUTES`] long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quiet {
    /// When quiet hours begin.
    pub from: u16,
    /// When they end.
    pub to: u16,
}

impl Quiet {
    /// Quiet hours from `from` to `to` (minutes of the day); `None` if they are the same time,
    /// not times of a day, or longer than [`MOST_QUIET_MINUTES`].
    pub fn new(from: u16, to: u16) -> Option<Quiet> {
        let q = Quiet { from, to };
        (from != to && from < DAY_MINUTES && to < DAY_MINUTES && q.minutes() <= MOST_QUIET_MINUTES)
            .then_some(q)
    }

    /// Their length in minutes.
    pub fn minutes(self) -> u16 {
        (self.to + DAY_MINUTES - self.from) % DAY_MINUTES
    }

    /// As they count: at most [`MOST_QUIET_MINUTES`] from their start.
    fn capped(self) -> Quiet {
        if self.minutes() <= MOST_QUIET_MINUTES {
            return self;
        }
        Quiet {
            from: self.from,
            to: (self.from + MOST_QUIET_MINUTES) % DAY_MINUTES,
        }
    }

    /// Whether a local time of day (minutes) lies in them.
    fn holds(self, minute: u16) -> bool {
        if self.from < self.to {
            (self.from..self.to).contains(&minute)
        } else {
            minute >= self.from || minute < self.to
        }
    }
}

/// A time zone by its IANA name (`Europe/Berlin`), case as the database spells it or not.
pub fn zone(name: &str) -> Option<TimeZone> {
    TimeZone::get(name.trim()).ok()
}

/// The zone's name as the database spells it (`europe/berlin` → `Europe/Berlin`).
pub fn zone_name(name: &str) -> Option<String> {
    zone(name).and_then(|z| z.iana_name().map(str::to_string))
}

/// Zone names containing `part` (case-insensitive), for autocomplete: at most `most`, names
/// starting with it first.
pub fn zones_like(part: &str, most: usize) -> Vec<String> {
    let part = part.trim().to_lowercase().replace(' ', "_");
    let mut found: Vec<String> = jiff::tz::db()
        .available()
        .map(|n| n.as_str().to_string())
        .filter(|n| n.to_lowercase().contains(&part))
        .collect();
    let starts = |n: &String| {
        let l = n.to_lowercase();
        !(l.starts_with(&part) || l.split('/').any(|p| p.starts_with(&part)))
    };
    found.sort_by_key(|n| (starts(n), n.len(), n.clone()));
    found.truncate(most);
    found
}

/// Reads a time of day, `HH:MM` or `HH` (24-hour clock), as minutes after midnight.
pub fn parse_time_of_day(text: &str) -> Option<u16> {
    let t = text.trim();
    let (h, m) = match t.split_once([':', '.', 'h']) {
        Some((h, m)) if !m.is_empty() => (h, m),
        Some((h, _)) => (h, "0"),
        None => (t, "0"),
    };
    let (h, m): (u16, u16) = (h.trim().parse().ok()?, m.trim().parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// A time of day as `HH:MM`.
pub fn time_of_day(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

fn timestamp(at: u64) -> Timestamp {
    Timestamp::from_second(at.min(i64::MAX as u64 / 2) as i64).unwrap_or(Timestamp::MAX)
}

fn seconds(ts: Timestamp) -> u64 {
    ts.as_second().max(0) as u64
}

/// The local date and minute of the day at `at`.
fn local(at: u64, tz: &TimeZone) -> (Date, u16) {
    let dt = tz.to_datetime(timestamp(at));
    (dt.date(), dt.hour() as u16 * 60 + dt.minute() as u16)
}

/// The instant of a local date and time of day; a time the clocks skip (a daylight-saving
/// change) is read with the offset before the change (02:30 on a night the clocks go from 02:00
/// to 03:00 is 03:30 after it).
fn instant(date: Date, minute: u16, tz: &TimeZone) -> u64 {
    let dt = DateTime::from_parts(
        date,
        jiff::civil::time((minute / 60) as i8, (minute % 60) as i8, 0, 0),
    );
    tz.to_ambiguous_zoned(dt)
        .disambiguate(Disambiguation::Compatible)
        .map(|z| seconds(z.timestamp()))
        .unwrap_or(0)
}

/// The next instant after `at` (or at it) when the local clock shows `minute`.
pub fn next_time_of_day(at: u64, tz: &TimeZone, minute: u16) -> u64 {
    let (date, _) = local(at, tz);
    let mut day = date;
    for _ in 0..3 {
        let t = instant(day, minute, tz);
        if t >= at {
            return t;
        }
        day = day.tomorrow().unwrap_or(day);
    }
    at + 86_400
}

/// If `at` lies in quiet hours: the instant they end (the next time the clock shows `q.to`).
pub fn quiet_until(at: u64, tz: &TimeZone, q: Quiet) -> Option<u64> {
    let q = q.capped();
    let (_, minute) = local(at, tz);
    q.holds(minute)
        .then(|| next_time_of_day(at + 1, tz, q.to).max(at + 1))
}

/// The instant a budget of `budget` active seconds, starting at `start`, runs out when quiet
/// hours (if any) do not count; never later than [`longest_wait`] after `start`, whatever the
/// zone does.
pub fn deadline(start: u64, budget: u64, tz: &TimeZone, quiet: Option<Quiet>) -> u64 {
    let Some(q) = quiet else {
        return start + budget;
    };
    paused_deadline(start, budget, tz, q).min(start.saturating_add(longest_wait(budget)))
}

/// The longest wall time a budget of active seconds may take: three times the budget, and a
/// day more than it at least (a short clock may wait out one night).
pub fn longest_wait(budget: u64) -> u64 {
    budget.saturating_mul(3).max(budget.saturating_add(86_400))
}

fn paused_deadline(start: u64, budget: u64, tz: &TimeZone, q: Quiet) -> u64 {
    let (mut t, mut left) = (start, budget);
    // Each round skips one quiet stretch or spends up to the next one: a week's budget takes
    // some fifteen rounds; the bound only guards against a zone that never leaves quiet hours.
    for _ in 0..1000 {
        if let Some(end) = quiet_until(t, tz, q) {
            t = end;
            continue;
        }
        if left == 0 {
            return t;
        }
        let next_quiet = next_time_of_day(t + 1, tz, q.from).max(t + 1);
        let run = left.min(next_quiet - t);
        t += run;
        left -= run;
        if left == 0 {
            return t;
        }
    }
    t + left
}

/// The active seconds between `from` and `to` (quiet hours, if any, not counted).
pub fn active_between(from: u64, to: u64, tz: &TimeZone, quiet: Option<Quiet>) -> u64 {
    let Some(q) = quiet else {
        return to.saturating_sub(from);
    };
    let (mut t, mut active) = (from, 0);
    for _ in 0..1000 {
        if t >= to {
            break;
        }
        if let Some(end) = quiet_until(t, tz, q) {
            t = end;
            continue;
        }
        let next_quiet = next_time_of_day(t + 1, tz, q.from).max(t + 1);
        let stop = next_quiet.min(to);
        active += stop - t;
        t = stop;
    }
    active
}

/// A date and time in a zone, for people (`Mon 30 Nov 14:00`), in UTC without one.
pub fn show(at: u64, tz: Option<&TimeZone>) -> String {
    let utc = TimeZone::UTC;
    let dt = tz.unwrap_or(&utc).to_datetime(timestamp(at));
    let mut s = dt.strftime("%a %-d %b %H:%M").to_string();
    if tz.is_none() {
        s.push_str(" UTC");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> u64 {
        seconds(text.parse::<Timestamp>().expect("a timestamp"))
    }

    #[test]
    fn quiet_hours_across_midnight() {
        let berlin = zone("europe/berlin").expect("Berlin");
        let q = Quiet::new(23 * 60, 8 * 60).expect("quiet");
        // 23:30 in Berlin (winter: UTC+1) is quiet until 08:00 the next morning.
        assert_eq!(
            quiet_until(at("2026-11-27T22:30:00Z"), &berlin, q),
            Some(at("2026-11-28T07:00:00Z"))
        );
        // 03:00: still quiet, until the same 08:00.
        assert_eq!(
            quiet_until(at("2026-11-28T02:00:00Z"), &berlin, q),
            Some(at("2026-11-28T07:00:00Z"))
        );
        // 08:00 sharp and 22:59 are not quiet.
        assert_eq!(quiet_until(at("2026-11-28T07:00:00Z"), &berlin, q), None);
        assert_eq!(quiet_until(at("2026-11-28T21:59:00Z"), &berlin, q), None);
        // Quiet hours within a day (13:00–14:00).
        let lunch = Quiet::new(13 * 60, 14 * 60).expect("quiet");
        assert_eq!(
            quiet_until(at("2026-11-28T12:30:00Z"), &berlin, lunch),
            Some(at("2026-11-28T13:00:00Z"))
        );
        assert_eq!(
            quiet_until(at("2026-11-28T11:30:00Z"), &berlin, lunch),
            None
        );
        assert_eq!(Quiet::new(60, 60), None);
        // At most 12 hours a day: 00:01 to 00:00 (23 h 59 min) is refused, 20:00 to 08:00 is not.
        assert_eq!(Quiet::new(1, 0), None);
        assert_eq!(Quiet::new(20 * 60, 8 * 60 + 1), None);
        assert!(Quiet::new(20 * 60, 8 * 60).is_some());
    }

    #[test]
    fn quiet_hours_across_a_daylight_saving_change() {
        let berlin = zone("Europe/Berlin").expect("Berlin");
        let q = Quiet::new(23 * 60, 8 * 60).expect("quiet");
        // The night of 28–29 March 2026 the clocks go from 02:00 to 03:00: 23:00 is UTC+1,
        // 08:00 is UTC+2, so the quiet night is 8 hours long, not 9.
        let start = at("2026-03-28T22:00:00Z");
        assert_eq!(
            quiet_until(start, &berlin, q),
            Some(at("2026-03-29T06:00:00Z"))
        );
        // And in October (25th) the night is 10 hours.
        assert_eq!(
            quiet_until(at("2026-10-24T21:00:00Z"), &berlin, q),
            Some(at("2026-10-25T07:00:00Z"))
        );
        // A time the clocks skip (02:30 on 29 March) is read with the winter offset: 03:30.
        assert_eq!(
            next_time_of_day(at("2026-03-28T23:00:00Z"), &berlin, 2 * 60 + 30),
            at("2026-03-29T01:30:00Z")
        );
        // New York changes on another day (8 March 2026).
        let ny = zone("America/New_York").expect("New York");
        assert_eq!(
            quiet_until(at("2026-03-08T04:00:00Z"), &ny, q),
            Some(at("2026-03-08T12:00:00Z"))
        );
    }

    #[test]
    fn a_clock_stops_in_quiet_hours() {
        let utc = zone("UTC").expect("UTC");
        let q = Quiet::new(22 * 60, 6 * 60);
        // 10 active hours from 18:00: 4 until 22:00, the night, 6 more from 06:00.
        let start = at("2026-11-27T18:00:00Z");
        assert_eq!(
            deadline(start, 10 * 3600, &utc, q),
            at("2026-11-28T12:00:00Z")
        );
        assert_eq!(
            active_between(start, at("2026-11-28T12:00:00Z"), &utc, q),
            10 * 3600
        );
        // Started in quiet hours: the clock starts when they end.
        assert_eq!(
            deadline(at("2026-11-27T23:00:00Z"), 3600, &utc, q),
            at("2026-11-28T07:00:00Z")
        );
        // Without quiet hours a clock is plain addition.
        assert_eq!(deadline(start, 7 * 86_400, &utc, None), start + 7 * 86_400);
        // A week's budget with 8 quiet hours a night: 7 × 24 active hours take 10.5 days.
        let week = deadline(start, 7 * 86_400, &utc, q);
        assert_eq!(active_between(start, week, &utc, q), 7 * 86_400);
        assert_eq!(week, at("2026-12-08T06:00:00Z") + 4 * 3600);
    }

    #[test]
    fn quiet_hours_cannot_stop_a_clock_for_more_than_the_cap() {
        let utc = zone("UTC").expect("UTC");
        // Quiet hours stored before the cap, 23 h 59 min a day: they count as 12 hours.
        let all_day = Quiet { from: 1, to: 0 };
        let start = at("2026-11-27T00:01:00Z");
        assert_eq!(
            quiet_until(start, &utc, all_day),
            Some(at("2026-11-27T12:01:00Z"))
        );
        assert_eq!(quiet_until(at("2026-11-27T13:00:00Z"), &utc, all_day), None);
        // A week's clock takes two weeks of wall time with 12 quiet hours a day (not 500 days),
        // and no clock waits longer than three times its budget.
        let week = 7 * 86_400;
        let end = deadline(start, week, &utc, Some(all_day));
        assert_eq!(active_between(start, end, &utc, Some(all_day)), week);
        assert!(
            end - start <= 14 * 86_400 + 12 * 3600,
            "{}",
            (end - start) / 86_400
        );
        let hour = deadline(start, 3600, &utc, Some(all_day));
        assert!(hour - start <= longest_wait(3600), "{}", hour - start);
        for budget in [3600, 86_400, week] {
            for from in (0..DAY_MINUTES).step_by(97) {
                let q = Quiet {
                    from,
                    to: (from + DAY_MINUTES - 1) % DAY_MINUTES,
                };
                let end = deadline(start, budget, &utc, Some(q));
                assert!(end - start <= longest_wait(budget), "{from} {budget}");
                assert!(end - start >= budget);
            }
        }
    }

    #[test]
    fn times_of_day_and_zone_names() {
        assert_eq!(parse_time_of_day("23:00"), Some(23 * 60));
        assert_eq!(parse_time_of_day("8"), Some(480));
        assert_eq!(parse_time_of_day("7.30"), Some(450));
        assert_eq!(parse_time_of_day("24:00"), None);
        assert_eq!(parse_time_of_day("noon"), None);
        assert_eq!(time_of_day(450), "07:30");
        assert_eq!(zone_name("europe/warsaw").as_deref(), Some("Europe/Warsaw"));
        assert_eq!(zone_name("Mars/Olympus"), None);
        let like = zones_like("berl", 25);
        assert_eq!(like.first().map(String::as_str), Some("Europe/Berlin"));
        assert!(zones_like("new york", 25).contains(&"America/New_York".to_string()));
        assert_eq!(zones_like("", 25).len(), 25);
        let berlin = zone("Europe/Berlin").expect("Berlin");
        assert_eq!(
            show(at("2026-11-30T13:00:00Z"), Some(&berlin)),
            "Mon 30 Nov 14:00"
        );
        assert_eq!(
            show(at("2026-11-30T13:00:00Z"), None),
            "Mon 30 Nov 13:00 UTC"
        );
    }
}
