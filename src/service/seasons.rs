//! The service's side of a server's seasons of standings ([`super::season`]): `/tournament
//! seasons` (shown to anyone, changed by the server's admins), a past season's table
//! (`/carcassonne standings season:N`), and the upkeep that closes the seasons whose calendar
//! end has come.

use super::api::{Reply, Request, SeasonChange};
use super::season::{PastSeason, SeasonLine, SeasonRule};
use super::stored::Summary;
use crate::tr;

/// A past season's table in words.
pub fn past_reply(p: &PastSeason) -> Reply {
    let lang = crate::i18n::public();
    let mut lines = vec![tr!(
        lang,
        "season-past-title",
        number = p.number,
        from = format!("<t:{}:d>", p.from),
        to = format!("<t:{}:d>", p.to)
    )];
    if p.table.is_empty() {
        lines.push(tr!(lang, "standings-none"));
    }
    for (k, l) in p.table.iter().take(20).enumerate() {
        let avg = l.points as f64 / l.games.max(1) as f64;
        lines.push(tr!(
            lang,
            "standings-line",
            rank = k + 1,
            name = super::text::clean_name(&l.name),
            rating = format!("{:.0}", l.rating),
            games = l.games,
            wins = l.wins,
            average = format!("{avg:.1}")
        ));
    }
    Reply::public(super::text::clip(lines.join("\n")))
}

/// The refusal of a season that is not kept (`now`: the season now, 0 without seasons).
pub fn no_such_season(now: u32) -> Reply {
    Reply::refuse(tr!(crate::i18n::private(), "season-none", number = now))
}

/// The games of a server's history that ended in `[from, to)`.
fn between(summaries: &[Summary], from: u64, to: u64) -> Vec<&Summary> {
    summaries
        .iter()
        .filter(|s| s.ended_at >= from && s.ended_at < to)
        .collect()
}

/// A rule in words.
fn rule_words(lang: crate::i18n::Lang, r: SeasonRule) -> String {
    tr!(
        lang,
        match r {
            SeasonRule::Off => "season-rule-off",
            SeasonRule::Monthly => "season-rule-monthly",
            SeasonRule::Quarterly => "season-rule-quarterly",
            SeasonRule::ByHand => "season-rule-by-hand",
        }
    )
}

impl super::Service {
    /// Closes the season now of `guild` at `at` (the games before `at` make its final table),
    /// if it is still season `number`; returns whether this call closed it.
    fn close_season(
        &self,
        guild: u64,
        number: u32,
        at: u64,
    ) -> Result<bool, super::storage::StorageError> {
        let summaries = self.standings.history(guild)?;
        let closed = self.servers.change(guild, |cur| {
            let s = &cur.seasons;
            if s.number != number || s.number == 0 {
                return None;
            }
            let games = between(&summaries, s.started_at, at);
            let table = super::standings::standings_with(games, &s.start_ratings())
                .into_iter()
                .map(|l| SeasonLine {
                    user: l.user,
                    name: l.name,
                    games: l.games,
                    wins: l.wins,
                    points: l.points,
                    rating: l.rating,
                })
                .collect();
            let mut next = cur.clone();
            next.seasons.close(at, table);
            Some(next)
        })?;
        Ok(closed.is_some())
    }

    /// Closes every season whose calendar end has come (the upkeep calls it); several ends
    /// passed while the bot was down close one after another. Returns how many closed.
    pub(super) fn close_due_seasons(&self, now: u64) -> usize {
        let servers = match self.servers.all() {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("cannot read the servers' seasons: {e}");
                return 0;
            }
        };
        let mut closed = 0;
        for (guild, mut server) in servers {
            while let Some(end) = server.seasons.due().filter(|&e| e <= now) {
                match self.close_season(guild, server.seasons.number, end) {
                    Ok(true) => closed += 1,
                    Ok(false) => {}
                    Err(e) => {
                        tracing::warn!(guild, "cannot close a season: {e}");
                        break;
                    }
                }
                // What is stored now (another process may have closed it).
                server = self.servers.server(guild);
            }
        }
        closed
    }

    /// `/tournament seasons`: shows the server's seasons, or changes them (members who can
    /// manage the server).
    pub(super) fn seasons_command(&self, req: &Request, change: &SeasonChange) -> Reply {
        let lang = crate::i18n::private();
        let guild = req.key.guild;
        if guild == 0 {
            return Reply::refuse(tr!(lang, "settings-no-server"));
        }
        let wants = change.rule.is_some() || change.carry.is_some() || change.end_now;
        if wants && !req.actor.rights.manage_server {
            return Reply::refuse(tr!(lang, "season-not-admin"));
        }
        let mut head = Vec::new();
        if change.rule.is_some() || change.carry.is_some() {
            let written = self.servers.change(guild, |cur| {
                let mut next = cur.clone();
                if let Some(r) = change.rule {
                    next.seasons.set_rule(r, req.now);
                }
                if let Some(c) = change.carry {
                    next.seasons.carry = c;
                }
                Some(next)
            });
            if let Err(e) = written {
                tracing::error!(guild, "cannot store the server's seasons: {e}");
                return Reply::refuse(tr!(lang, "prefs-not-saved"));
            }
            head.push(tr!(lang, "settings-saved"));
        }
        if change.end_now {
            let s = self.servers.server(guild).seasons;
            if s.number == 0 {
                return Reply::refuse(tr!(lang, "season-off"));
            }
            match self.close_season(guild, s.number, req.now) {
                Ok(_) => head.push(tr!(
                    crate::i18n::public(),
                    "season-ended",
                    number = s.number
                )),
                Err(e) => {
                    tracing::error!(guild, "cannot close a season: {e}");
                    return Reply::refuse(tr!(lang, "prefs-not-saved"));
                }
            }
        }
        let s = self.servers.server(guild).seasons;
        let mut lines = head;
        lines.push(tr!(
            lang,
            "season-settings",
            rule = rule_words(lang, s.rule),
            carry = tr!(
                lang,
                if s.carry {
                    "season-carry"
                } else {
                    "season-reset"
                }
            )
        ));
        if let Some(title) = s.title(lang) {
            lines.push(title);
            if let Some(end) = s.due() {
                lines.push(tr!(lang, "season-ends", at = end));
            }
        }
        let reply = Reply::refuse(lines.join("\n"));
        if change.end_now {
            // The end of a season is everyone's news.
            return Reply {
                ephemeral: false,
                ..reply
            };
        }
        reply
    }

    /// `/carcassonne standings season:N`: a past season's final table, or the season now.
    pub(super) fn season_reply(&self, req: &Request, number: u32) -> Reply {
        let s = self.servers.server(req.key.guild).seasons;
        if number == s.number && number > 0 {
            return self.standings.reply(req, &s);
        }
        match s.past.iter().find(|p| p.number == number) {
            Some(p) => past_reply(p),
            None => no_such_season(s.number),
        }
    }
}
