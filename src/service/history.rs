//! The channel's history (`/carcassonne history`): its last finished games, the final board and
//! score graph of one of them, and replays, a private view that steps through an ended game turn
//! by turn (◀ ▶ and ±10), each step replacing the picture of the turn and its line of text. A
//! narrow part of the service: it reads only the storage's history of the channel, so it works
//! while a new game runs there.

use super::api::{Button, ButtonAction, ButtonStyle, Command, Drawing, ReplayOf, Reply};
use super::storage::Key;
use super::storage::{Storage, StorageError};
use super::stored::{Phase, StoredGame, Summary};
use super::text::{clip, date, move_words, scores_line, seat_name, EMOJI};
use super::tournament::Tournament;
use crate::engine::{replay, replay_watching, Decision, Game};
use crate::i18n::{private, public};
use crate::tr;
use std::sync::Arc;

/// The last game that ended in a channel ([`History::last`]).
pub(super) enum Last {
    /// The channel has no ended game.
    None,
    /// Its number in storage, and the game or why it cannot be read.
    Game(u64, Result<Box<StoredGame>, String>),
    /// Its summary is kept, the game itself is not (pruned): its number in storage.
    NotKept(u64),
}

/// The channels' histories, read from the storage.
pub struct History {
    storage: Arc<dyn Storage>,
    /// Where games' web pages are served, if anywhere.
    web_base: Option<String>,
    /// Held while a summary is read, changed and written again (its review, its final
    /// message's id), so that one change does not undo another made by this process.
    changing: std::sync::Mutex<()>,
}

impl History {
    /// The histories `storage` keeps; links to finished games' pages under `web_base`.
    pub(super) fn new(storage: Arc<dyn Storage>, web_base: Option<String>) -> History {
        History {
            storage,
            web_base,
            changing: Default::default(),
        }
    }

    /// The last game that ended in the channel, as its history holds it.
    pub(super) fn last(&self, key: Key) -> Result<Last, StorageError> {
        let Some(seq) = self.storage.summaries(key)?.last().map(|e| e.seq) else {
            return Ok(Last::None);
        };
        Ok(match self.storage.archived(key, seq)? {
            Some(bytes) => Last::Game(seq, StoredGame::decode(&bytes).map(Box::new)),
            None => Last::NotKept(seq),
        })
    }

    /// Every readable summary of the channel's history, oldest first.
    pub(super) fn summaries_of(&self, key: Key) -> Result<Vec<Summary>, StorageError> {
        Ok(self
            .storage
            .summaries(key)?
            .into_iter()
            .filter_map(|e| serde_json::from_slice::<Summary>(&e.bytes).ok())
            .collect())
    }

    /// Removes the games that ended before `before` from every channel's history; returns how
    /// many.
    pub(super) fn prune(&self, before: u64) -> Result<usize, StorageError> {
        self.storage.prune_history(before)
    }

    /// The channel's last ten finished games, from their summaries (an entry archived before
    /// summaries existed gets one now, once).
    pub(super) fn list(&self, key: Key) -> Reply {
        let entries = match self.storage.summaries(key) {
            Ok(e) => e,
            Err(e) => {
                tracing::error!(%key, "cannot read history: {e}");
                return Reply::refuse(tr!(private(), "history-unreadable"));
            }
        };
        let lang = public();
        let tournaments = self.tournament_lines(key);
        if entries.is_empty() {
            let mut text = tr!(lang, "history-empty");
            for l in tournaments {
                text.push('\n');
                text.push_str(&l);
            }
            return Reply::public(text);
        }
        let mut lines = vec![tr!(lang, "history-title")];
        let mut finished = Vec::new();
        let start = entries.len().saturating_sub(10);
        for (i, e) in entries.iter().enumerate().skip(start) {
            let summary = match serde_json::from_slice::<Summary>(&e.bytes) {
                Ok(s) => Ok(s),
                Err(_) => self.legacy_summary(key, e.seq),
            };
            if let Ok(s) = &summary {
                if s.phase == Phase::Finished && !s.scores.is_empty() {
                    finished.push((i + 1, e.seq));
                }
            }
            lines.push(match summary {
                Err(why) => tr!(lang, "history-line-unreadable", n = i + 1, why = why),
                Ok(s) => summary_line(lang, i + 1, &s),
            });
        }
        lines.extend(tournaments);
        // The final picture of the latest finished game, and a button for each of the last few.
        let mut reply = Reply::public(lines.join("\n"));
        if let Some(&(n, seq)) = finished.last() {
            if let Ok(mut r) = self.final_of(key, seq) {
                reply
                    .text
                    .push_str(&format!("\n{}", tr!(lang, "history-final-of", n = n)));
                reply.files.append(&mut r.files);
                reply.later.append(&mut r.later);
                reply.set_page(r.page().cloned());
            }
        }
        let shown = &finished[finished.len().saturating_sub(5)..];
        let finals = shown
            .iter()
            .map(|&(n, seq)| (Command::Final { seq }, tr!(lang, "button-final-of", n = n)));
        let replays = shown.iter().map(|&(n, seq)| {
            let of = ReplayOf::Seq(seq);
            let replay = Command::Replay {
                of,
                from: 1,
                step: 0,
            };
            (replay, tr!(lang, "button-replay-of", n = n))
        });
        for (command, label) in finals.chain(replays) {
            reply.buttons.push(Button {
                action: ButtonAction { game: 0, command },
                label,
                style: ButtonStyle::Secondary,
            });
        }
        reply.text = super::text::clip(reply.text);
        reply
    }

    /// The tournaments opened in the channel, newest first (at most five), each with its
    /// number for `/tournament overview number:N`; none: no lines. A tournament that cannot be
    /// read is left out (the tournament's own commands report it).
    fn tournament_lines(&self, key: Key) -> Vec<String> {
        let lang = public();
        let mut here: Vec<Tournament> = match self.storage.tournaments(key.guild) {
            Ok(all) => all
                .into_iter()
                .filter_map(|(_, b)| Tournament::decode(&b).ok())
                .filter(|t| t.channel == key.channel)
                .collect(),
            Err(e) => {
                tracing::warn!(%key, "cannot read the server's tournaments: {e}");
                Vec::new()
            }
        };
        if here.is_empty() {
            return Vec::new();
        }
        here.sort_by_key(|t| std::cmp::Reverse(t.id));
        let mut lines = vec![tr!(lang, "history-tournaments")];
        lines.extend(here.iter().take(5).map(|t| t.line(lang)));
        lines
    }

    /// The final board and score graph of a game in the channel's history.
    pub(super) fn final_of(&self, key: Key, seq: u64) -> Result<Reply, Reply> {
        let stored = self.archived(key, seq)?;
        let game = match stored.live_game() {
            Ok(Some(g)) if stored.phase == Phase::Finished => g,
            Ok(_) => return Err(Reply::refuse(tr!(private(), "game-unfinished"))),
            Err(why) => {
                return Err(Reply::refuse(tr!(
                    private(),
                    "game-damaged",
                    why = why.to_string()
                )))
            }
        };
        let fin = game.final_scoring();
        let later = super::pictures::final_files(&stored, &game, &fin, false);
        let mut reply = Reply {
            later: later.into_iter().collect(),
            ..Reply::public(tr!(
                public(),
                "final-scores-of",
                date = date(stored.ended_at.unwrap_or(stored.last_move_at)),
                scores = super::words::named_scores(&stored, &fin.scores)
            ))
        };
        // Its review (made now if it never was).
        if stored.seats.iter().any(|s| !s.computer) {
            reply
                .buttons
                .push(super::review::review_button(seq, public()));
        }
        reply.set_page(super::page_link(self.web_base.as_deref(), &stored));
        Ok(reply)
    }

    /// The summary of the game at `seq` in the channel's history (`None`: not kept, or
    /// unreadable as a summary).
    pub(super) fn summary(&self, key: Key, seq: u64) -> Result<Option<Summary>, StorageError> {
        Ok(self
            .storage
            .summaries(key)?
            .into_iter()
            .find(|e| e.seq == seq)
            .and_then(|e| serde_json::from_slice::<Summary>(&e.bytes).ok()))
    }

    /// Keeps `review` in the summary of the game at `seq` and returns the summary as kept,
    /// unless it has one already (then `None`: another process made it first) or the game is
    /// not kept.
    pub(super) fn put_review(
        &self,
        key: Key,
        seq: u64,
        review: &super::stored::StoredReview,
    ) -> Result<Option<Summary>, StorageError> {
        self.change_summary(key, seq, |s| {
            s.review.is_none().then(|| s.review = Some(review.clone()))
        })
    }

    /// Keeps the id of the message that announced the end of the game at `seq` in its summary
    /// (`None`: the game is not kept, or the id was kept already).
    pub(super) fn put_final_message(
        &self,
        key: Key,
        seq: u64,
        message: u64,
    ) -> Result<Option<Summary>, StorageError> {
        self.change_summary(key, seq, |s| {
            (s.final_message != Some(message)).then(|| s.final_message = Some(message))
        })
    }

    /// Reads the summary of the game at `seq`, lets `change` change it (`None`: nothing to
    /// change) and writes it again, under this process's lock (so that one change does not
    /// undo another); returns the summary as written.
    fn change_summary(
        &self,
        key: Key,
        seq: u64,
        change: impl FnOnce(&mut Summary) -> Option<()>,
    ) -> Result<Option<Summary>, StorageError> {
        let _changing = super::lock(&self.changing);
        let Some(mut summary) = self.summary(key, seq)? else {
            return Ok(None);
        };
        if change(&mut summary).is_none() {
            return Ok(None);
        }
        self.storage
            .put_summary(key, seq, summary.ended_at, &summary.encode())?;
        Ok(Some(summary))
    }

    /// A game of the channel's history, or the refusal that says why it cannot be shown: not
    /// kept (pruned), unreadable storage (logged, not shown: it names the database) or damaged.
    pub(super) fn archived_game(&self, key: Key, seq: u64) -> Result<StoredGame, Reply> {
        self.archived(key, seq)
    }

    fn archived(&self, key: Key, seq: u64) -> Result<StoredGame, Reply> {
        match self.storage.archived(key, seq) {
            Ok(Some(bytes)) => StoredGame::decode(&bytes)
                .map_err(|why| Reply::refuse(tr!(private(), "game-damaged", why = why))),
            Ok(None) => Err(Reply::refuse(tr!(private(), "game-not-kept"))),
            Err(e) => {
                tracing::error!(%key, seq, "cannot read an archived game: {e}");
                Err(Reply::refuse(tr!(private(), "history-unreadable")))
            }
        }
    }

    fn legacy_summary(&self, key: Key, seq: u64) -> Result<Summary, String> {
        let bytes = self
            .storage
            .archived(key, seq)
            .map_err(|e| {
                // The storage error names the database: logged, not shown.
                tracing::error!(%key, seq, "cannot read an archived game: {e}");
                tr!(private(), "history-unreadable")
            })?
            .ok_or("missing")?;
        let s = StoredGame::decode(&bytes)?;
        let summary = Summary::of(&s);
        if let Err(e) = self
            .storage
            .put_summary(key, seq, summary.ended_at, &summary.encode())
        {
            tracing::warn!(%key, "cannot store a summary: {e}");
        }
        Ok(summary)
    }

    /// The replay view of a game of the channel's history at `from` moved by `step` turns.
    pub(super) fn replay(&self, key: Key, of: ReplayOf, from: usize, step: i32) -> Reply {
        let (n, seq, stored) = match self.replayed_game(key, of) {
            Ok(found) => found,
            Err(r) => return r,
        };
        let Some(record) = stored.record.as_ref() else {
            return Reply::refuse(tr!(private(), "replay-empty"));
        };
        let total = match replay(record) {
            Ok(g) => g.turn_count(),
            Err(e) => {
                tracing::error!(%key, seq, "an archived game does not replay: {e}");
                return Reply::refuse(tr!(private(), "replay-broken", why = e.to_string()));
            }
        };
        if total == 0 {
            return Reply::refuse(tr!(private(), "replay-empty"));
        }
        let turn = match target(from, step, total) {
            Ok(t) => t,
            Err(why) => return Reply::refuse(why),
        };
        let upto = record.first_turns(turn);
        // One pass: the position after the turn, and the scores just before it.
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let game = match replay_watching(&upto, |g| {
            before = std::mem::replace(&mut after, g.scores().to_vec());
        }) {
            Ok(g) => g,
            Err(e) => {
                tracing::error!(%key, seq, "an archived game does not replay: {e}");
                return Reply::refuse(tr!(private(), "replay-broken", why = e.to_string()));
            }
        };
        if !matches!(game.pending().decision, Decision::Draw | Decision::GameOver) {
            // The game ended during this turn (aborted): it was not shown complete.
            before = after;
        }
        let line = turn_line(&stored, &game, &before);
        let when = date(stored.ended_at.unwrap_or(stored.last_move_at));
        let text = format!(
            "{}\n{line}\n{}",
            tr!(
                public(),
                "replay-title",
                n = n,
                date = when,
                turn = turn,
                total = total
            ),
            scores_line(&stored, game.scores())
        );
        let buttons = [
            (-10, "⏪ −10"),
            (-1, &*tr!(private(), "replay-back")),
            (1, &*tr!(private(), "replay-next")),
            (10, "+10 ⏩"),
        ]
        .into_iter()
        .map(|(step, label)| Button {
            action: ButtonAction {
                game: 0,
                command: Command::Replay {
                    of: ReplayOf::Seq(seq),
                    from: turn,
                    step,
                },
            },
            label: label.into(),
            style: ButtonStyle::Secondary,
        })
        .collect();
        Reply {
            text: clip(text),
            ephemeral: true,
            // Drawn once the channel's lock is released.
            later: [super::pictures::picture(
                "replay.png",
                clip(tr!(
                    public(),
                    "alt-replay",
                    n = n,
                    turn = turn,
                    total = total,
                    line = line.replace("**", "")
                ))
                .chars()
                .take(1024)
                .collect(),
                &game,
                Drawing::Replay { turn, total },
            )]
            .into_iter()
            .collect(),
            buttons,
            update: true,
            ..Reply::default()
        }
    }

    /// The game a replay shows: its number in the history list, its number in storage, and the
    /// game itself.
    fn replayed_game(&self, key: Key, of: ReplayOf) -> Result<(usize, u64, StoredGame), Reply> {
        let entries = self.storage.summaries(key).map_err(|e| {
            tracing::error!(%key, "cannot read history: {e}");
            Reply::refuse(tr!(private(), "history-unreadable"))
        })?;
        if entries.is_empty() {
            return Err(Reply::refuse(tr!(private(), "replay-none")));
        }
        let read = |seq: u64| self.archived(key, seq);
        let number_of = |seq: u64| entries.iter().position(|e| e.seq == seq).map(|i| i + 1);
        match of {
            ReplayOf::Latest => {
                let last = entries.last().map(|e| e.seq).unwrap_or_default();
                Ok((entries.len(), last, read(last)?))
            }
            ReplayOf::Number(n) => {
                let e = n
                    .checked_sub(1)
                    .and_then(|i| entries.get(i))
                    .ok_or_else(|| {
                        Reply::refuse(tr!(
                            private(),
                            "replay-no-such",
                            n = n,
                            last = entries.len()
                        ))
                    })?;
                Ok((n, e.seq, read(e.seq)?))
            }
            ReplayOf::Seq(seq) => {
                let n =
                    number_of(seq).ok_or_else(|| Reply::refuse(tr!(private(), "game-not-kept")))?;
                Ok((n, seq, read(seq)?))
            }
            ReplayOf::Game(id) => {
                // Usually the last game; look back through the history for it.
                for e in entries.iter().rev() {
                    let stored = read(e.seq)?;
                    if stored.game_id() == id {
                        let n = number_of(e.seq).unwrap_or(entries.len());
                        return Ok((n, e.seq, stored));
                    }
                }
                Err(Reply::refuse(tr!(private(), "game-not-kept")))
            }
        }
    }
}

/// Why a game ended early, in `lang`. Games store the reason in English (old entries too), in
/// the few forms the bot writes; those are told in the catalogs' words, anything else as stored.
fn end_reason(lang: crate::i18n::Lang, stored: &str) -> String {
    let number = |s: &str| s.trim().parse::<u64>().ok();
    if stored == "every player resigned" {
        return tr!(lang, "ending-resigned");
    }
    if stored == "its channel is gone" {
        return tr!(lang, "ending-channel-gone");
    }
    if stored == "the bot left the server" {
        return tr!(lang, "ending-left-server");
    }
    if let Some(h) = stored
        .strip_prefix("nobody started it within ")
        .and_then(|r| r.strip_suffix(" hours").or_else(|| r.strip_suffix(" hour")))
        .and_then(number)
    {
        return tr!(lang, "ending-lobby", hours = h);
    }
    if let Some(d) = stored
        .strip_prefix("nobody moved for ")
        .and_then(|r| r.strip_suffix(" days").or_else(|| r.strip_suffix(" day")))
        .and_then(number)
    {
        return tr!(lang, "ending-abandoned", days = d);
    }
    if let Some(name) = stored.strip_prefix("aborted by ") {
        return tr!(lang, "ending-aborted", name = name);
    }
    if let Some((player, moderator)) = stored.split_once(" removed by ") {
        return tr!(
            lang,
            "ending-removed",
            player = player,
            moderator = moderator
        );
    }
    stored.to_string()
}

fn summary_line(lang: crate::i18n::Lang, n: usize, s: &Summary) -> String {
    let when = date(s.ended_at);
    let name = |i: usize| s.seats.get(i).map(|x| x.as_str()).unwrap_or("?");
    match s.phase {
        Phase::Finished if !s.scores.is_empty() => {
            let scores: Vec<String> = s
                .scores
                .iter()
                .enumerate()
                .map(|(i, sc)| format!("{} {sc}", name(i)))
                .collect();
            let winners: Vec<&str> = s.winners.iter().map(|&w| name(w)).collect();
            tr!(
                lang,
                "history-line",
                n = n,
                date = when,
                scores = scores.join(", "),
                winners = winners.join(" & ")
            )
        }
        _ => tr!(
            lang,
            "history-line-early",
            n = n,
            date = when,
            tiles = s.turns,
            reason = s
                .reason
                .as_ref()
                .map(|r| format!(", {}", end_reason(lang, r)))
                .unwrap_or_default(),
            seats = s.seats.join(", ")
        ),
    }
}

/// The turn to show: `from` moved by `step`; ±10 stops at the first or last turn, and a step
/// from an end beyond it is refused.
fn target(from: usize, step: i32, total: usize) -> Result<usize, String> {
    let want = from as i64 + step as i64;
    let last = total as i64;
    let t = if step.abs() > 1 {
        match want {
            w if w < 1 && from > 1 => 1,
            w if w > last && (from as i64) < last => last,
            w => w,
        }
    } else {
        want
    };
    if t < 1 {
        return Err(tr!(private(), "replay-first"));
    }
    if t > last {
        return Err(tr!(private(), "replay-last", total = total));
    }
    Ok(t as usize)
}

/// What the last turn of `game` did, and who scored how much in it (`before`: the scores before
/// it).
pub(super) fn turn_line(s: &StoredGame, game: &Game, before: &[u32]) -> String {
    let lang = public();
    let Some(t) = game.turns().next_back() else {
        return tr!(lang, "replay-begins");
    };
    let seat = t.seat();
    let name = seat_name(s, seat);
    let tile = t.tile().0.name();
    let mut line = format!(
        "{} {}",
        EMOJI[seat % 6],
        match t.placed() {
            Some((at, rot)) => tr!(
                lang,
                "move-placed",
                name = name,
                tile = tile,
                x = at.x,
                y = at.y,
                rotation = rot.degrees()
            ),
            None if t.set_aside() => tr!(lang, "replay-set-aside", name = name, tile = tile),
            None => tr!(lang, "replay-fits-nowhere", name = name, tile = tile),
        }
    );
    let then = t.act().and_then(|a| move_words(lang, a));
    if let Some(then) = then {
        line.push(' ');
        line.push_str(&then);
    }
    line.push('.');
    for words in super::sets::all(|w| (w.replay_words)(lang, &t)) {
        line.push(' ');
        line.push_str(&words);
    }
    let gains: Vec<String> = game
        .scores()
        .iter()
        .enumerate()
        .filter_map(|(i, &now)| {
            let was = before.get(i).copied().unwrap_or(0);
            (now > was).then(|| format!("{} +{}", seat_name(s, i), now - was))
        })
        .collect();
    if !gains.is_empty() {
        line.push(' ');
        line.push_str(&tr!(lang, "replay-points", gains = gains.join(", ")));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::target;

    use super::end_reason;
    use crate::i18n::Lang;

    #[test]
    fn stored_end_reasons_are_told_in_each_language() {
        assert_eq!(end_reason(Lang::En, "aborted by Ann"), "aborted by Ann");
        assert_eq!(
            end_reason(Lang::De, "aborted by Ann"),
            "abgebrochen von Ann"
        );
        assert_eq!(
            end_reason(Lang::En, "nobody moved for 30 days"),
            "nobody moved for 30 days"
        );
        assert_eq!(
            end_reason(Lang::Fr, "nobody moved for 30 days"),
            "personne n'a joué depuis 30 jours"
        );
        assert_eq!(
            end_reason(Lang::Es, "every player resigned"),
            "todos los jugadores abandonaron"
        );
        assert_eq!(
            end_reason(Lang::Pl, "Bob removed by Ann"),
            "gracza Bob usunął Ann"
        );
        // Anything else is shown as stored.
        assert_eq!(
            end_reason(Lang::De, "a reason of its own"),
            "a reason of its own"
        );
    }

    #[test]
    fn steps_stop_at_the_ends_and_refuse_beyond_them() {
        assert_eq!(target(1, 0, 30), Ok(1));
        assert_eq!(target(5, 1, 30), Ok(6));
        assert_eq!(target(5, -10, 30), Ok(1));
        assert_eq!(target(25, 10, 30), Ok(30));
        assert!(target(1, -1, 30).is_err());
        assert!(target(1, -10, 30).is_err());
        assert!(target(30, 1, 30).is_err());
        assert!(target(30, 10, 30).is_err());
        assert!(target(31, 0, 30).is_err());
    }
}
