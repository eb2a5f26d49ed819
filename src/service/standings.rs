//! The server's standings (`/carcassonne standings`): games, wins, average score and an Elo
//! rating of every person, from the summaries of the server's finished games. A narrow part of
//! the service: the storage and a cache of each server's history, nothing else.

use super::api::{Reply, Request};
use super::season::Seasons;
use super::storage::{Storage, StorageError};
use super::stored::{Phase, Summary};
use super::text::clean_name;
use crate::tr;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

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
    /// Seconds each of their timed moves took, in every game.
    pub moves: Vec<u32>,
    /// Of their games, those played with hints allowed.
    pub hinted: u32,
}

impl Standing {
    /// The median seconds they took to move over the games (`None`: no timed move).
    pub fn median_move(&self) -> Option<u64> {
        super::stored::median(self.moves.iter().map(|&m| m as u64).collect())
    }
}

/// Standings from finished games' summaries, oldest first: every person's games, wins, points
/// and Elo rating. A game counts each pair of people as a match (a higher final score wins it;
/// equal scores draw), with K shared among one's opponents. Sorted by rating, then wins.
pub fn standings(summaries: &[Summary]) -> Vec<Standing> {
    standings_with(summaries.iter(), &HashMap::new())
}

/// [`standings`] with each person's rating starting from `start` (else [`START_RATING`]): a
/// season whose ratings go on from the last one's.
pub fn standings_with<'a>(
    summaries: impl IntoIterator<Item = &'a Summary>,
    start: &HashMap<u64, f64>,
) -> Vec<Standing> {
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
                rating: start.get(&s.users[i]).copied().unwrap_or(START_RATING),
                moves: Vec::new(),
                hinted: 0,
            });
            e.name = s.seats[i].clone();
            e.games += 1;
            e.hinted += u32::from(s.hints);
            e.points += s.scores[i] as u64;
            e.moves.extend(s.took.get(i).into_iter().flatten());
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

/// A server's history as last read: when, and its finished games' summaries, oldest first.
type History = (std::time::Instant, Arc<Vec<Summary>>);

/// The standings of servers, from their histories read at most once per `HISTORY_FRESH`.
pub struct Standings {
    storage: Arc<dyn Storage>,
    /// Servers' finished games as last read, with when.
    cache: Mutex<HashMap<u64, History>>,
}

impl Standings {
    /// The standings of the servers whose games `storage` keeps.
    pub(super) fn new(storage: Arc<dyn Storage>) -> Standings {
        Standings {
            storage,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// Forgets a server's history as read: a game just archived makes it read again.
    pub(super) fn forget(&self, guild: u64) {
        super::lock(&self.cache).remove(&guild);
    }

    /// The summaries of a server's finished games, oldest first: read from storage at most
    /// once per `HISTORY_FRESH` per server (a click on Standings does not read the whole
    /// history each time); a game this process archives makes its server's read again.
    pub(super) fn history(&self, guild: u64) -> Result<Arc<Vec<Summary>>, StorageError> {
        if let Some((read, s)) = super::lock(&self.cache).get(&guild) {
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
        let summaries = Arc::new(summaries);
        let mut cache = super::lock(&self.cache);
        if cache.len() >= HISTORIES_KEPT {
            cache.clear();
        }
        cache.insert(guild, (std::time::Instant::now(), summaries.clone()));
        Ok(summaries)
    }

    /// `/carcassonne standings`: this server's players by rating. In direct messages (which
    /// share no server) it shows, privately, only the asker's own record of their games there.
    pub(super) fn reply(&self, req: &Request, seasons: &Seasons) -> Reply {
        let key = req.key;
        let summaries = match self.history(key.guild) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(%key, "cannot read the server's history: {e}");
                return Reply::refuse(tr!(crate::i18n::private(), "history-unreadable"));
            }
        };
        if key.guild == 0 {
            return own_standing(req.actor.id, &summaries);
        }
        // In seasons: the season now, its ratings from where the last one's ended if they carry.
        let games = seasons.current(&summaries);
        let table = standings_with(games.iter().copied(), &seasons.start_ratings());
        let lang = crate::i18n::public();
        let mut lines: Vec<String> = seasons.title(lang).into_iter().collect();
        if table.is_empty() {
            lines.push(tr!(lang, "standings-none"));
            return Reply::public(lines.join("\n"));
        }
        let finished = games
            .iter()
            .filter(|s| s.phase == Phase::Finished && !s.scores.is_empty())
            .count();
        lines.push(tr!(
            lang,
            "standings-title",
            games = finished,
            start = format!("{START_RATING:.0}")
        ));
        for (k, s) in table.iter().take(20).enumerate() {
            let avg = s.points as f64 / s.games.max(1) as f64;
            let line = tr!(
                lang,
                "standings-line",
                rank = k + 1,
                name = clean_name(&s.name),
                rating = format!("{:.0}", s.rating),
                games = s.games,
                wins = s.wins,
                average = format!("{avg:.1}")
            );
            lines.push(with_pace(lang, line, s));
        }
        Reply::public(super::text::clip(lines.join("\n")))
    }
}

/// A standings line with the member's median time to move, when their moves were timed, and
/// how many of their games allowed hints.
fn with_pace(lang: crate::i18n::Lang, line: String, s: &Standing) -> String {
    let line = if s.hinted > 0 {
        format!("{line} · {}", tr!(lang, "standings-hints", n = s.hinted))
    } else {
        line
    };
    match s.median_move() {
        Some(m) => format!(
            "{line} · {}",
            tr!(
                lang,
                "standings-pace",
                time = super::words::duration(lang, m)
            )
        ),
        None => line,
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
    let line = with_pace(lang, line, &me);
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
            took: Vec::new(),
            hints: false,
            review: None,
            game: 0,
            out: Vec::new(),
            final_message: None,
        }
    }

    #[test]
    fn a_members_pace_is_the_median_of_their_moves_over_every_game() {
        let mut a = game(&[1, 2], &[10, 5]);
        a.took = vec![vec![60, 600, 6_000], vec![5]];
        let mut b = game(&[2, 1], &[3, 9]);
        b.took = vec![vec![7], vec![3_600, 7_200]];
        let c = game(&[1, 2], &[1, 2]);
        let table = standings(&[a, b, c]);
        let one = table.iter().find(|s| s.user == 1).unwrap();
        // 60, 600, 3,600, 6,000, 7,200: the median is 3,600; the untimed game adds nothing.
        assert_eq!(one.games, 3);
        assert_eq!(one.median_move(), Some(3_600));
        let two = table.iter().find(|s| s.user == 2).unwrap();
        assert_eq!(two.median_move(), Some(5));
        let line = with_pace(crate::i18n::Lang::En, "1. p1".into(), one);
        assert_eq!(line, "1. p1 · ⏱ 1 h a move (median)");
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
