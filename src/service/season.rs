//! A server's standings in seasons (issue 60): none (one table for all time), monthly,
//! quarterly (calendar months and quarters, UTC), or ended by hand by the server's admins.
//! When a season ends its final table is kept with the server's settings (so pruning old games
//! never changes it: `/carcassonne standings season:N`), and the next starts fresh: games,
//! wins and points from zero, and each rating from where it ended (`carry`) or from 1500.
//! Seasons that end by the calendar are closed by the upkeep, written with compare-and-swap so
//! that of several processes one closes each ([`super::seasons`], the service's side). Pure:
//! the rule, the season now and the past seasons' tables.

use super::stored::Summary;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Most past seasons kept per server (the oldest go first).
pub const SEASONS_KEPT: usize = 120;

/// Lines kept of each past season's table.
pub const LINES_KEPT: usize = 50;

/// When a server's seasons end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeasonRule {
    /// No seasons: one table for all time.
    #[default]
    Off,
    /// At the start of each calendar month (UTC).
    Monthly,
    /// At the start of each calendar quarter (UTC).
    Quarterly,
    /// When the server's admins end one.
    ByHand,
}

/// One line of a past season's final table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeasonLine {
    /// Discord user id.
    pub user: u64,
    /// The name they last played under.
    pub name: String,
    /// Finished games in the season.
    pub games: u32,
    /// Of them, won.
    pub wins: u32,
    /// Sum of final scores.
    pub points: u64,
    /// Rating at the season's end.
    pub rating: f64,
}

/// A season that ended, with its final table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastSeason {
    /// Its number (from 1).
    pub number: u32,
    /// Unix second it began.
    pub from: u64,
    /// Unix second it ended.
    pub to: u64,
    /// Its final table, best first.
    pub table: Vec<SeasonLine>,
}

/// A server's seasons: the rule, the season now and the ones that ended.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Seasons {
    /// When seasons end.
    #[serde(default)]
    pub rule: SeasonRule,
    /// Ratings go on from the last season's (else every season starts at 1500).
    #[serde(default)]
    pub carry: bool,
    /// The season now: its number (0 while seasons are off and none ended yet).
    #[serde(default)]
    pub number: u32,
    /// Unix second the season now began.
    #[serde(default)]
    pub started_at: u64,
    /// The seasons that ended, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub past: Vec<PastSeason>,
}

/// Seasons compare as their stored form (ratings are finite numbers).
impl Eq for Seasons {}

/// The Unix second a UTC civil date begins.
fn day_start(year: i16, month: i8) -> Option<u64> {
    let d = jiff::civil::Date::new(year, month, 1).ok()?;
    let z = d.to_zoned(jiff::tz::TimeZone::UTC).ok()?;
    u64::try_from(z.timestamp().as_second()).ok()
}

/// When a season that began at `started` ends by the calendar (`None`: it does not).
pub fn season_end(rule: SeasonRule, started: u64) -> Option<u64> {
    let months = match rule {
        SeasonRule::Monthly => 1,
        SeasonRule::Quarterly => 3,
        SeasonRule::Off | SeasonRule::ByHand => return None,
    };
    let t = jiff::Timestamp::from_second(i64::try_from(started).ok()?).ok()?;
    let d = t.to_zoned(jiff::tz::TimeZone::UTC).date();
    // The first month of the period `started` falls in, then the next period's.
    let first = (d.month() - 1) / months * months;
    let next = first + months;
    let (year, month) = (d.year() + (next / 12) as i16, next % 12 + 1);
    day_start(year, month)
}

impl Seasons {
    /// Whether seasons were never used (nothing to store).
    pub fn is_off(&self) -> bool {
        *self == Seasons::default()
    }

    /// The ratings the season now starts from: the last season's final ones when they carry.
    pub fn start_ratings(&self) -> HashMap<u64, f64> {
        match (self.carry, self.past.last()) {
            (true, Some(p)) => p.table.iter().map(|l| (l.user, l.rating)).collect(),
            _ => HashMap::new(),
        }
    }

    /// The games of the season now, from a server's history (oldest first).
    pub fn current<'a>(&self, summaries: &'a [Summary]) -> Vec<&'a Summary> {
        summaries
            .iter()
            .filter(|s| self.number == 0 || s.ended_at >= self.started_at)
            .collect()
    }

    /// Ends the season now at `at` with `table` (its final standings, best first) and starts
    /// the next.
    pub fn close(&mut self, at: u64, mut table: Vec<SeasonLine>) {
        if self.number > 0 {
            table.truncate(LINES_KEPT);
            self.past.push(PastSeason {
                number: self.number,
                from: self.started_at,
                to: at,
                table,
            });
            if self.past.len() > SEASONS_KEPT {
                let extra = self.past.len() - SEASONS_KEPT;
                self.past.drain(..extra);
            }
        }
        self.number += 1;
        self.started_at = at;
    }

    /// Sets the rule at `now`: switching seasons on starts the first (or the next) season.
    pub fn set_rule(&mut self, rule: SeasonRule, now: u64) {
        if self.rule == SeasonRule::Off && rule != SeasonRule::Off && self.number == 0 {
            self.number = self.past.last().map_or(0, |p| p.number) + 1;
            self.started_at = now;
        }
        self.rule = rule;
    }

    /// The season now's title line ("Season N, since …"), if seasons are on.
    pub fn title(&self, lang: crate::i18n::Lang) -> Option<String> {
        (self.number > 0).then(|| {
            crate::tr!(
                lang,
                "season-now-title",
                number = self.number,
                from = format!("<t:{}:d>", self.started_at)
            )
        })
    }

    /// When the season now ends by the calendar, if it does.
    pub fn due(&self) -> Option<u64> {
        if self.number == 0 {
            return None;
        }
        season_end(self.rule, self.started_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_seasons_end_at_the_next_month_or_quarter_in_utc() {
        // 2026-02-14 12:00 UTC.
        let feb14 = 1_771_070_400;
        assert_eq!(season_end(SeasonRule::Monthly, feb14), day_start(2026, 3));
        assert_eq!(season_end(SeasonRule::Quarterly, feb14), day_start(2026, 4));
        // December rolls over into the next year.
        let dec31 = day_start(2027, 1).unwrap() - 1;
        assert_eq!(season_end(SeasonRule::Monthly, dec31), day_start(2027, 1));
        assert_eq!(season_end(SeasonRule::Quarterly, dec31), day_start(2027, 1));
        // A season that begins on the boundary lasts the whole period.
        let apr1 = day_start(2026, 4).unwrap();
        assert_eq!(season_end(SeasonRule::Quarterly, apr1), day_start(2026, 7));
        assert_eq!(season_end(SeasonRule::ByHand, apr1), None);
        assert_eq!(season_end(SeasonRule::Off, apr1), None);
        assert_eq!(day_start(2026, 3), Some(1_772_323_200));
    }

    #[test]
    fn a_closed_season_keeps_its_table_and_the_next_carries_or_resets_the_ratings() {
        let line = |user: u64, rating: f64| SeasonLine {
            user,
            name: format!("p{user}"),
            games: 3,
            wins: 1,
            points: 200,
            rating,
        };
        let mut s = Seasons::default();
        s.set_rule(SeasonRule::ByHand, 100);
        assert_eq!((s.number, s.started_at), (1, 100));
        s.close(500, vec![line(7, 1530.0), line(8, 1470.0)]);
        assert_eq!((s.number, s.started_at), (2, 500));
        assert_eq!(s.past.len(), 1);
        assert_eq!((s.past[0].from, s.past[0].to), (100, 500));
        assert!(s.start_ratings().is_empty(), "reset: everyone from 1500");
        s.carry = true;
        assert_eq!(s.start_ratings().get(&7), Some(&1530.0));
        let back: Seasons = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }
}
