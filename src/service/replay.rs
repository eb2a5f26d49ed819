//! Replays: a private view that steps through an ended game of the channel's history turn by
//! turn (◀ ▶ and ±10), each step replacing the picture of the turn and its line of text. It
//! reads only the channel's history, so it works while a new game runs there.

use super::api::{Button, ButtonAction, ButtonStyle, Command, Drawing, ReplayOf, Reply};
use super::storage::Key;
use super::stored::StoredGame;
use super::text::{clip, date, move_words, scores_line, seat_name, EMOJI};
use super::Service;
use crate::engine::{replay, replay_watching, Decision, Game};
use crate::i18n::{private, public};
use crate::tr;

impl Service {
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
            later: [super::queries::picture(
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
        let read = |seq: u64| -> Result<StoredGame, Reply> {
            match self.storage.archived(key, seq) {
                Ok(Some(bytes)) => StoredGame::decode(&bytes)
                    .map_err(|why| Reply::refuse(tr!(private(), "game-damaged", why = why))),
                Ok(None) => Err(Reply::refuse(tr!(private(), "game-not-kept"))),
                Err(e) => {
                    tracing::error!(%key, seq, "cannot read an archived game: {e}");
                    Err(Reply::refuse(tr!(private(), "history-unreadable")))
                }
            }
        };
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
fn turn_line(s: &StoredGame, game: &Game, before: &[u32]) -> String {
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
