//! Move clocks: a game may give each move a time (an hour to a week). The clock of the move
//! awaited is stored with the game ([`MoveClock`]): when it started, and when half the time,
//! 90 % and all of it are gone, in its player's time (by default it stops in their quiet hours
//! and while they are away). Its steps are the game's reminders: a warning at half time and at
//! 90 %, and at the end the computer plays the move; three in a row and the computer takes the
//! seat until its player comes back with `/carcassonne return`.

use super::local_time::{active_between, deadline};
use super::members::Members;
use super::stored::{MoveClock, Phase, StoredGame};
use jiff::tz::TimeZone;

/// What part of the time has gone at each step of a clock, in tenths: half time, 90 %, all.
const STEPS: [u64; 3] = [5, 9, 10];

/// Timeouts in a row after which the computer takes the seat.
pub const TIMEOUTS_TO_SEAT: u8 = 3;

/// The move clocks of the games, in their players' time: only the members' settings (their
/// zones, quiet hours and absences) and the length of an hour (shorter in tests).
pub(super) struct Clocks<'a> {
    /// The members' settings.
    pub(super) members: &'a Members,
    /// Seconds in one of a clock's hours.
    pub(super) seconds_per_hour: u64,
}

impl Clocks<'_> {
    /// The zone and quiet hours a clock of `s` for `user` runs by (none: it runs always).
    fn hours_of(&self, s: &StoredGame, user: u64) -> (TimeZone, Option<super::local_time::Quiet>) {
        if s.clock_runs_always {
            return (TimeZone::UTC, None);
        }
        let p = self.members.prefs(user);
        (p.tz(), p.quiet)
    }

    /// The clock's steps from `start`, with `used` active seconds already gone.
    fn steps(&self, s: &StoredGame, user: u64, start: u64, used: u64) -> [u64; 3] {
        let budget = s.clock_hours as u64 * self.seconds_per_hour;
        let (tz, quiet) = self.hours_of(s, user);
        STEPS.map(|tenths| {
            deadline(
                start,
                (budget * tenths / 10).saturating_sub(used),
                &tz,
                quiet,
            )
        })
    }

    /// Keeps `next`'s move clock in step with the move it waits for: the same clock while the
    /// same move is awaited, a new one when a person is offered a move, none otherwise.
    pub(super) fn wind(&self, next: &mut StoredGame) {
        if next.clock_hours == 0 {
            next.clock = None;
            return;
        }
        let person = next
            .current_seat()
            .filter(|_| next.phase == Phase::Playing && !next.deck.is_empty())
            .filter(|&i| next.seats.get(i).is_some_and(|x| !x.computer));
        let Some(seat) = person else {
            next.clock = None;
            return;
        };
        let offered = next.last_move_at;
        if next
            .clock
            .is_some_and(|c| c.seat as usize == seat && c.offered == offered)
        {
            return;
        }
        let x = &next.seats[seat];
        // Offered while they are away: their clock starts when they are back.
        let start = x
            .away_until
            .filter(|_| !next.clock_runs_always)
            .map_or(offered, |t| t.max(offered));
        next.clock = Some(MoveClock {
            seat: seat as u8,
            offered,
            start,
            used: 0,
            due: self.steps(next, x.user, start, 0),
            passed: 0,
        });
    }

    /// Stops the clock of `s` at `now` and starts it again from `from` (its player went away
    /// until then, or is back or changed their hours): the time used so far is kept.
    pub(super) fn restart(&self, s: &mut StoredGame, now: u64, from: u64) {
        let Some(mut c) = s.clock else {
            return;
        };
        let Some(user) = s.seats.get(c.seat as usize).map(|x| x.user) else {
            return;
        };
        if s.clock_runs_always {
            return;
        }
        let (tz, quiet) = self.hours_of(s, user);
        if now > c.start {
            c.used += active_between(c.start, now, &tz, quiet);
        }
        c.start = from.max(now);
        c.due = self.steps(s, user, c.start, c.used);
        s.clock = Some(c);
    }

    /// Active seconds left at `now` on the clock of the move `s` waits for, if it has one.
    pub(super) fn left(&self, s: &StoredGame, now: u64) -> Option<u64> {
        let c = s.clock?;
        let user = s.seats.get(c.seat as usize)?.user;
        let (tz, quiet) = self.hours_of(s, user);
        Some(active_between(now.max(c.start), c.due[2], &tz, quiet))
    }

    /// What a game's texts say of its players' rhythm at `now`: who is away until when, and
    /// the clock of the move awaited ("⏳ Bob: 14 h left"). `turn`: for a turn message (the
    /// player to move is named there already; only their absence and clock are said).
    pub(super) fn rhythm_lines(&self, s: &StoredGame, now: u64, turn: bool) -> Vec<String> {
        let lang = crate::i18n::public();
        let mut lines = Vec::new();
        let to_move = s.current_seat();
        for (i, x) in s.seats.iter().enumerate() {
            let Some(until) = x.away_until else {
                continue;
            };
            if turn && to_move != Some(i) {
                continue;
            }
            let tz = self.members.prefs(x.user).tz();
            let until = super::local_time::show(until, Some(&tz));
            let key = if turn && !x.computer {
                "turn-away"
            } else {
                "status-away"
            };
            lines.push(crate::tr!(lang, key, name = &x.name, until = until));
        }
        if let (Some(c), Some(left)) = (s.clock, self.left(s, now)) {
            let name = super::text::seat_name(s, c.seat as usize);
            let stopped = now < c.start || {
                let user = s.seats.get(c.seat as usize).map_or(0, |x| x.user);
                !s.clock_runs_always && self.members.prefs(user).quiet_until(now).is_some()
            };
            lines.push(crate::tr!(
                lang,
                if stopped {
                    "status-clock-stopped"
                } else {
                    "status-clock"
                },
                name = name,
                left = super::words::duration(lang, left)
            ));
        }
        lines
    }
}
