//! After a game: the score graph of the final message, the rematch (same seats, new order) and
//! the server's standings (games, wins, average score and an Elo rating).

use super::api::{Attachment, ButtonStyle, Command, Drawing, Later, Reply, Request};
use super::buttons::button;
use super::stored::{Phase, Seat, StoredGame, Summary};
use super::text::clean_name;
use super::{Key, Service, Session};
use crate::engine::FinalScoring;
use crate::engine::{score_history, LiveGame};
use crate::tr;
use std::collections::HashMap;

/// Rating a player starts with.
pub const START_RATING: f64 = 1500.0;
/// How far one game moves a rating against one opponent (divided among the opponents).
const K: f64 = 32.0;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Discord user id.
    pub user: u64,
    /// The name they last played under.
    pub name: String,
    /// Finished games.
    pub games: u32,
    /// Games won (shared wins count).
    pub wins: u32,
    /// Sum of final scores.
    pub points: u64,
    /// Elo rating over the games against other people (computers are not rated).
    pub rating: f64,
}

/// Standings from finished games' summaries, oldest first: every person's games, wins, points
/// and Elo rating. A game counts each pair of people as a match (a higher final score wins it;
/// equal scores draw), with K shared among one's opponents. Sorted by rating, then wins.
pub fn standings(summaries: &[Summary]) -> Vec<Standing> {
    let mut by_user: HashMap<u64, Standing> = HashMap::new();
    for s in summaries {
        if s.phase != Phase::Finished
            || s.scores.len() != s.seats.len()
            || s.users.len() != s.seats.len()
        {
            continue;
        }
        let people: Vec<usize> = (0..s.seats.len()).filter(|&i| s.users[i] != 0).collect();
        for &i in &people {
            let e = by_user.entry(s.users[i]).or_insert_with(|| Standing {
                user: s.users[i],
                name: String::new(),
                games: 0,
                wins: 0,
                points: 0,
                rating: START_RATING,
            });
            e.name = s.seats[i].clone();
            e.games += 1;
            e.points += s.scores[i] as u64;
            if s.winners.contains(&i) {
                e.wins += 1;
            }
        }
        if people.len() < 2 {
            continue;
        }
        let before: HashMap<u64, f64> = people
            .iter()
            .map(|&i| (s.users[i], by_user[&s.users[i]].rating))
            .collect();
        let k = K / (people.len() - 1) as f64;
        for &i in &people {
            let mut delta = 0.0;
            for &j in &people {
                if i == j || s.users[i] == s.users[j] {
                    continue;
                }
                let (ri, rj) = (before[&s.users[i]], before[&s.users[j]]);
                let expected = 1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0));
                let actual = match s.scores[i].cmp(&s.scores[j]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                delta += k * (actual - expected);
            }
            if let Some(e) = by_user.get_mut(&s.users[i]) {
                e.rating += delta;
            }
        }
    }
    let mut out: Vec<Standing> = by_user.into_values().collect();
    out.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(b.wins.cmp(&a.wins))
            .then(a.name.cmp(&b.name))
    });
    out
}

/// How long a server's history read for the standings is used before it is read again.
pub(crate) const HISTORY_FRESH: std::time::Duration = std::time::Duration::from_secs(60);
/// Servers whose history stays in memory at most.
const HISTORIES_KEPT: usize = 1000;

/// The largest timelapse attached to a final message (Discord's upload limit).
pub const MAX_TIMELAPSE_BYTES: usize = 8 * 1024 * 1024;

impl Service {
    /// The score graph of a finished game, as an attachment (`None` if its record does not
    /// replay, which a finished game's always does).
    pub(super) fn score_graph(&self, s: &StoredGame, fin: &FinalScoring) -> Option<Attachment> {
        let record = s.record.as_ref()?;
        let mut history = score_history(record).ok()?;
        history.push(fin.scores.clone());
        let seats = s.seats.len();
        let series: Vec<Vec<u32>> = (0..seats)
            .map(|i| {
                history
                    .iter()
                    .map(|row| row.get(i).copied().unwrap_or(0))
                    .collect()
            })
            .collect();
        let names: Vec<String> = s.seats.iter().map(|x| x.name.clone()).collect();
        let pm = self.renderer.score_graph(&names, &series);
        let lines: Vec<String> = names
            .iter()
            .zip(&series)
            .map(|(n, v)| format!("{n} {}", v.last().copied().unwrap_or(0)))
            .collect();
        let lang = crate::i18n::public();
        Some(Attachment {
            name: "scores.png".into(),
            bytes: crate::render::encode(&pm),
            description: tr!(
                lang,
                "alt-graph",
                turns = record.turn_count(),
                scores = lines.join(", ")
            ),
        })
    }

    /// The pictures of a finished game: the score graph, and the final board (drawn once the
    /// game's lock is released, first among the files) with the scores in its alt text. `fin`
    /// is the game's final scoring, computed once by the caller.
    pub(super) fn final_files(
        &self,
        s: &StoredGame,
        game: &LiveGame,
        fin: &FinalScoring,
    ) -> (Vec<Attachment>, Vec<Later>) {
        let scores: Vec<String> = s
            .seats
            .iter()
            .zip(&fin.scores)
            .map(|(x, sc)| format!("{} {sc}", x.name))
            .collect();
        let description = tr!(
            crate::i18n::public(),
            "alt-final",
            scores = scores.join(", ")
        );
        let drawing = Drawing::Final(Box::new(fin.clone()));
        let mut board = super::queries::picture("final.png", description, game, drawing);
        if let Later::Picture(p) = &mut board {
            p.at = 0;
        }
        (self.score_graph(s, fin).into_iter().collect(), vec![board])
    }

    /// Draws the pictures of a reply ([`Later::Picture`]), each after taking one of the
    /// drawing places (as many as the machine has cores, for the whole process): called once
    /// the game's lock is released, so a slow picture never holds up the channel, and a flood
    /// of pictures queues here rather than taking every thread.
    pub(super) fn draw_pictures(&self, reply: &mut Reply) {
        if !reply
            .later
            .as_slice()
            .iter()
            .any(|l| matches!(l, Later::Picture(_)))
        {
            return;
        }
        let mut rest = Vec::new();
        for later in reply.later.take() {
            let Later::Picture(p) = later else {
                rest.push(later);
                continue;
            };
            let bytes = {
                let _place = self.drawing.take();
                let langs = crate::i18n::Langs {
                    private: p.lang,
                    public: p.lang,
                };
                crate::i18n::scope(langs, || match &p.drawing {
                    Drawing::Board(opts) => self.renderer.board_png(&p.game, opts),
                    Drawing::Turn(turn) => crate::render::encode(&self.renderer.turn_picture_of(
                        &p.game,
                        &turn.0,
                        Some(&turn.1),
                    )),
                    Drawing::Final(fin) => self.renderer.final_png_scored(&p.game, fin),
                    Drawing::Rotations {
                        tile,
                        at,
                        rotations,
                    } => crate::render::encode(
                        &self.renderer.rotations_at(&p.game, *tile, *at, rotations),
                    ),
                    Drawing::Replay { turn, total } => {
                        crate::render::encode(&self.renderer.replay_frame(&p.game, *turn, *total))
                    }
                })
            };
            let at = p.at.min(reply.files.len());
            reply.files.insert(
                at,
                Attachment {
                    name: p.name,
                    bytes,
                    description: p.description,
                },
            );
        }
        reply.later = rest.into_iter().collect();
    }

    /// Makes the files a reply still needs ([`super::api::Later`]): called by whoever sends
    /// the reply, after [`Service::handle`] returned and so without holding the game's lock
    /// (the Discord layer on a blocking thread, the computer worker, the demo). A file that
    /// cannot be made is left out and logged.
    pub fn complete(&self, reply: &mut Reply) {
        self.draw_pictures(reply);
        for later in reply.later.take() {
            self.complete_one(reply, later);
        }
    }

    fn complete_one(&self, reply: &mut Reply, later: Later) {
        match later {
            Later::Picture(_) => {}
            Later::Timelapse(job) => match crate::i18n::scope(
                crate::i18n::Langs {
                    private: job.1,
                    public: job.1,
                },
                || self.renderer.timelapse_of(&job.0, &job.2),
            ) {
                Ok(gif) if gif.len() <= MAX_TIMELAPSE_BYTES => {
                    let tiles = job.0.tiles_placed();
                    reply.files.push(Attachment {
                        name: "timelapse.gif".into(),
                        bytes: gif,
                        description: tr!(job.1, "alt-timelapse", turns = tiles),
                    });
                }
                Ok(gif) => tracing::warn!(bytes = gif.len(), "the timelapse is too large to post"),
                Err(e) => tracing::error!("cannot make the timelapse: {e}"),
            },
        }
    }

    /// The buttons under a final message.
    pub(super) fn after_buttons(&self, s: &StoredGame) -> Vec<super::api::Button> {
        let lang = crate::i18n::public();
        vec![
            button(
                s,
                Command::Rematch,
                &tr!(lang, "button-rematch"),
                ButtonStyle::Success,
            ),
            button(
                s,
                Command::Standings,
                &tr!(lang, "button-standings"),
                ButtonStyle::Secondary,
            ),
            // A game of the history: the button works while later games run.
            super::api::Button {
                action: super::api::ButtonAction {
                    game: 0,
                    command: Command::Replay {
                        of: super::api::ReplayOf::Game(s.game_id()),
                        from: 1,
                        step: 0,
                    },
                },
                label: tr!(lang, "button-replay"),
                style: ButtonStyle::Secondary,
            },
        ]
    }

    /// Whether the last game that ended in the channel handled this interaction (a refusal's
    /// path only: a command on a game, in a channel without one).
    pub(super) fn last_game_handled(&self, key: Key, interaction: u64) -> bool {
        let Ok(entries) = self.storage.summaries(key) else {
            return false;
        };
        let Some(last) = entries.last() else {
            return false;
        };
        matches!(
            self.storage.archived(key, last.seq),
            Ok(Some(bytes)) if StoredGame::decode(&bytes).is_ok_and(|g| g.handled.contains(&interaction))
        )
    }

    /// The last game that ended in a channel, read from its history.
    fn last_game(&self, key: Key) -> Result<StoredGame, Reply> {
        let entries = self.storage.summaries(key).map_err(|e| {
            tracing::error!(%key, "cannot read history: {e}");
            Reply::refuse(tr!(crate::i18n::private(), "history-unreadable"))
        })?;
        let Some(last) = entries.last() else {
            return Err(Reply::refuse(tr!(crate::i18n::private(), "history-none")));
        };
        match self.storage.archived(key, last.seq) {
            Ok(Some(bytes)) => StoredGame::decode(&bytes).map_err(|why| {
                Reply::refuse(tr!(
                    crate::i18n::private(),
                    "history-damaged",
                    why = why.to_string()
                ))
            }),
            Ok(None) => Err(Reply::refuse(tr!(crate::i18n::private(), "history-gone"))),
            Err(e) => {
                tracing::error!(%key, "cannot read an archived game: {e}");
                Err(Reply::refuse(tr!(
                    crate::i18n::private(),
                    "history-unreadable"
                )))
            }
        }
    }

    /// A rematch: the last game's seats, the next player first (the order turns by one), its
    /// sets and rules, started at once. It obeys what `new` and `start` obey: the server's
    /// channels and starter role, and one person's Start — the last game's creator if they
    /// finished in their seat, else the first person who did. Only those who finished the game
    /// in their own seat sit again (not a resigned, removed or voted-out player), and only a
    /// game that finished can be played again, so a rematch that is aborted cannot be asked for
    /// again (nobody is pinged twice for one game).
    pub(super) fn rematch(&self, req: &Request) -> (Reply, Option<Session>) {
        let last = match self.last_game(req.key) {
            Ok(l) => l,
            Err(r) => return (r, None),
        };
        if req.game.is_some_and(|g| g != last.game_id()) {
            return (
                Reply::refuse(tr!(crate::i18n::private(), "rematch-earlier")),
                None,
            );
        }
        let lang = crate::i18n::private();
        if last.phase != Phase::Finished {
            return (Reply::refuse(tr!(lang, "rematch-not-finished")), None);
        }
        // Who finished the game in their own seat.
        let stayed = |x: &Seat| x.user != 0 && !x.computer && !x.resigned && !x.away;
        if !last
            .seats
            .iter()
            .any(|x| x.user == req.actor.id && stayed(x))
        {
            return (Reply::refuse(tr!(lang, "rematch-not-player")), None);
        }
        if let Err(why) = self.may_open(req, last.origin.unwrap_or(req.key.channel)) {
            return (Reply::refuse(why), None);
        }
        let host = last
            .seats
            .iter()
            .find(|x| x.user == last.creator && stayed(x))
            .or_else(|| last.seats.iter().find(|x| stayed(x)))
            .map_or(0, |x| x.user);
        if host != req.actor.id {
            return (
                Reply::refuse(tr!(lang, "rematch-not-host", host = format!("<@{host}>"))),
                None,
            );
        }
        let mut seats: Vec<Seat> = last
            .seats
            .iter()
            .filter(|x| stayed(x) || (x.user == 0 && x.computer))
            .map(|x| Seat {
                user: x.user,
                name: x.name.clone(),
                computer: x.user == 0,
                resigned: false,
                away: false,
            })
            .collect();
        if seats.len() < 2 {
            return (Reply::refuse(tr!(lang, "rematch-too-few")), None);
        }
        seats.rotate_left(1);
        let mut lobby = super::table::new_stored(self, req, &last.sets, last.rules);
        lobby.reminder_hours = last.reminder_hours;
        lobby.max_players = last.max_players;
        lobby.computer_level = last.computer_level;
        lobby.seats = seats;
        lobby.origin = last.origin;
        let mut session = Session {
            stored: lobby.clone(),
            version: None,
            game: None,
            stale: false,
        };
        if let Err(r) = self.commit(req.key, &mut session, lobby, None) {
            return (r, None);
        }
        let headline = tr!(
            crate::i18n::public(),
            "rematch-headline",
            name = clean_name(&req.actor.name)
        );
        match super::table::start_game(self, req, &mut session, headline) {
            Ok(super::Outcome::Keep(r)) => (r, Some(session)),
            Ok(super::Outcome::Gone(r)) => (r, None),
            Err(r) => (r, Some(session)),
        }
    }

    /// The summaries of a server's finished games, oldest first: read from storage at most
    /// once per [`HISTORY_FRESH`] per server (a click on Standings does not read the whole
    /// history each time); a game this process archives makes its server's read again.
    fn guild_history(
        &self,
        guild: u64,
    ) -> Result<std::sync::Arc<Vec<Summary>>, super::storage::StorageError> {
        if let Some((read, s)) = super::lock(&self.histories).get(&guild) {
            if read.elapsed() < HISTORY_FRESH {
                return Ok(s.clone());
            }
        }
        let mut summaries: Vec<Summary> = self
            .storage
            .guild_summaries(guild)?
            .iter()
            .filter_map(|(_, e)| serde_json::from_slice::<Summary>(&e.bytes).ok())
            .collect();
        summaries.sort_by_key(|s| s.ended_at);
        let summaries = std::sync::Arc::new(summaries);
        let mut cache = super::lock(&self.histories);
        if cache.len() >= HISTORIES_KEPT {
            cache.clear();
        }
        cache.insert(guild, (std::time::Instant::now(), summaries.clone()));
        Ok(summaries)
    }

    /// `/carcassonne standings`: this server's players by rating. In direct messages (which
    /// share no server) it shows, privately, only the asker's own record of their games there.
    pub(super) fn standings_reply(&self, req: &Request) -> Reply {
        let key = req.key;
        let summaries = match self.guild_history(key.guild) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(%key, "cannot read the server's history: {e}");
                return Reply::refuse(tr!(crate::i18n::private(), "history-unreadable"));
            }
        };
        if key.guild == 0 {
            return own_standing(req.actor.id, &summaries);
        }
        let table = standings(&summaries);
        if table.is_empty() {
            return Reply::public(tr!(crate::i18n::public(), "standings-none"));
        }
        let lang = crate::i18n::public();
        let finished = summaries
            .iter()
            .filter(|s| s.phase == Phase::Finished && !s.scores.is_empty())
            .count();
        let mut lines = vec![tr!(
            lang,
            "standings-title",
            games = finished,
            start = format!("{START_RATING:.0}")
        )];
        for (k, s) in table.iter().take(20).enumerate() {
            let avg = s.points as f64 / s.games.max(1) as f64;
            lines.push(tr!(
                lang,
                "standings-line",
                rank = k + 1,
                name = clean_name(&s.name),
                rating = format!("{:.0}", s.rating),
                games = s.games,
                wins = s.wins,
                average = format!("{avg:.1}")
            ));
        }
        Reply::public(super::text::clip(lines.join("\n")))
    }
}

/// The asker's own line of the standings over the direct-message games they played, privately.
fn own_standing(user: u64, summaries: &[Summary]) -> Reply {
    let lang = crate::i18n::private();
    let mine: Vec<Summary> = summaries
        .iter()
        .filter(|s| user != 0 && s.users.contains(&user))
        .cloned()
        .collect();
    let Some(me) = standings(&mine).into_iter().find(|s| s.user == user) else {
        return Reply::refuse(tr!(lang, "standings-dm-none"));
    };
    let avg = me.points as f64 / me.games.max(1) as f64;
    let line = tr!(
        lang,
        "standings-line",
        rank = 1,
        name = clean_name(&me.name),
        rating = format!("{:.0}", me.rating),
        games = me.games,
        wins = me.wins,
        average = format!("{avg:.1}")
    );
    let title = tr!(
        lang,
        "standings-dm-title",
        start = format!("{START_RATING:.0}")
    );
    Reply::refuse(super::text::clip(format!("{title}\n{line}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(users: &[u64], scores: &[u32]) -> Summary {
        let best = *scores.iter().max().unwrap();
        Summary {
            ended_at: 1,
            phase: Phase::Finished,
            sets: vec!["base".into()],
            seats: users.iter().map(|u| format!("p{u}")).collect(),
            scores: scores.to_vec(),
            winners: (0..scores.len()).filter(|&i| scores[i] == best).collect(),
            reason: None,
            turns: 72,
            users: users.to_vec(),
        }
    }

    #[test]
    fn elo_moves_the_winner_up_by_what_the_loser_loses() {
        let t = standings(&[game(&[1, 2], &[90, 70])]);
        assert_eq!(t[0].user, 1);
        assert!((t[0].rating - 1516.0).abs() < 1e-9, "{}", t[0].rating);
        assert!((t[1].rating - 1484.0).abs() < 1e-9, "{}", t[1].rating);
        assert_eq!((t[0].games, t[0].wins, t[0].points), (1, 1, 90));
        assert_eq!((t[1].games, t[1].wins, t[1].points), (1, 0, 70));
    }

    #[test]
    fn computers_are_not_rated_and_ties_draw() {
        // A person against a computer: counted, not rated.
        let t = standings(&[game(&[1, 0], &[50, 80])]);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].rating, START_RATING);
        assert_eq!((t[0].games, t[0].wins), (1, 0));
        // Equal scores between equal ratings change nothing; both win.
        let t = standings(&[game(&[1, 2], &[60, 60])]);
        assert!(t.iter().all(|s| s.rating == START_RATING && s.wins == 1));
    }

    #[test]
    fn an_upset_moves_ratings_more() {
        let mut games = vec![game(&[1, 2], &[90, 10]); 5];
        let before = standings(&games);
        let strong = before.iter().find(|s| s.user == 1).unwrap().rating;
        games.push(game(&[1, 2], &[10, 90]));
        let after = standings(&games);
        let fell = strong - after.iter().find(|s| s.user == 1).unwrap().rating;
        // A sixth win would have gained less than 16; the upset costs more than 16.
        assert!(fell > 16.0, "{fell}");
    }
}
