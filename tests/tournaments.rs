//! Tournaments through the service (issue 60): created, signed up for with the buttons, started,
//! each round's tables opened in threads (as the Discord layer does, with `OpenTable` in a new
//! channel), their games played to the end by people and computer seats under a clock the test
//! controls, rounds advanced by the tournament's job, and the end announced. Pairings are
//! checked against the documented method (`service::league`), standings against a case computed
//! by hand; a round advances once with two processes over PostgreSQL; drops, a cancel, the time
//! limit and bad input.

#[path = "support/postgres.rs"]
mod pg;

use meeplebot::ai::Level;
use meeplebot::render::Renderer;
use meeplebot::service::api::SeasonChange;
use meeplebot::service::league;
use meeplebot::service::season::SeasonRule;
use meeplebot::service::storage::{Key, MemoryStorage, Storage};
use meeplebot::service::stored::{Phase, StoredGame};
use meeplebot::service::tournament::{Format, Status, Tournament};
use meeplebot::service::tournaments::{TournamentCommand, TournamentSpec};
use meeplebot::service::{
    Actor, Button, Command, FollowerChoice, NewGame, Notice, Reply, Request, Rights, Service,
    Settings,
};
use meeplebot::store::PgStorage;
use std::collections::BTreeSet;
use std::sync::Arc;

const GUILD: u64 = 7;
const HALL: Key = Key {
    guild: GUILD,
    channel: 500,
};

fn member(id: u64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        manager: false,
        rights: Rights::default(),
    }
}

fn moderator() -> Actor {
    Actor {
        rights: Rights {
            manage_messages: true,
            ..Rights::default()
        },
        ..member(900, "Mod")
    }
}

fn settings() -> Settings {
    Settings {
        seed: Some(5),
        review_iterations: 0,
        // A clock hour is a minute of the test's clock.
        seconds_per_hour: 60,
        ..Settings::default()
    }
}

fn spec(format: Format, computers: u8) -> TournamentSpec {
    TournamentSpec {
        name: "Winter Cup".into(),
        format,
        table_size: 2,
        game: NewGame {
            level: Some(Level::Easy),
            spectate: true,
            ..NewGame::default()
        },
        signup_hours: None,
        game_hours: 0,
        computers,
    }
}

fn tcmd(c: TournamentCommand) -> Command {
    Command::Tournament(Box::new(c))
}

/// One process: the service over a storage, the test's clock and the threads it made.
struct Bot {
    svc: Service,
    now: u64,
    next_thread: u64,
    /// Everything posted besides command replies.
    notices: Vec<Notice>,
}

impl Bot {
    fn new(storage: Arc<dyn Storage>, now: u64, first_thread: u64) -> Bot {
        Bot {
            svc: Service::open(storage, Arc::new(Renderer::generated()), settings()).unwrap(),
            now,
            next_thread: first_thread,
            notices: Vec::new(),
        }
    }

    fn send(&mut self, key: Key, who: &Actor, command: Command) -> Reply {
        self.now += 10;
        self.svc.handle(Request {
            key,
            actor: who.clone(),
            command,
            now: self.now,
            game: None,
            interaction: None,
            locale: Default::default(),
        })
    }

    fn click(&mut self, who: &Actor, b: &Button) -> Reply {
        let id = meeplebot::bot::custom_id::encode(&b.action);
        let action = meeplebot::bot::custom_id::decode(&id).expect("our own button");
        self.send(HALL, who, action.command)
    }

    /// What the worker posts now: the outbox, due timers and computer turns; tables asked for
    /// get their threads and games (as `bot::deliver` does). Returns the threads opened.
    fn work(&mut self) -> Vec<Key> {
        let mut opened = Vec::new();
        for _ in 0..50 {
            let mut batch = self.svc.take_outbox();
            batch.extend(self.svc.due_held(self.now));
            batch.extend(self.svc.run_computers(self.now, 5_000));
            if batch.is_empty() {
                break;
            }
            for n in batch {
                for t in n.reply.tables() {
                    self.next_thread += 1;
                    let thread = Key::new(n.key.guild, self.next_thread);
                    let r = self.send(
                        thread,
                        &member(0, ""),
                        Command::OpenTable {
                            id: t.id,
                            round: t.round,
                            table: t.table,
                        },
                    );
                    assert!(!r.ephemeral, "table refused: {}", r.text);
                    assert!(r.text.contains("round"), "{}", r.text);
                    opened.push(thread);
                }
                self.notices.push(n);
            }
        }
        opened
    }
}

fn tournament(storage: &dyn Storage, id: u64) -> Tournament {
    Tournament::decode(&storage.get_tournament(GUILD, id).unwrap().unwrap()).unwrap()
}

fn live(storage: &dyn Storage, key: Key) -> Option<StoredGame> {
    storage
        .get_game(key)
        .unwrap()
        .map(|b| StoredGame::decode(&b).unwrap())
        .filter(|s| s.phase == Phase::Playing)
}

/// Plays the people's turns of the game in `key` (the first legal placement, no figure) until
/// a computer is to play or the game is over; returns whether a move was made.
fn play_people(bot: &mut Bot, storage: &dyn Storage, key: Key) -> bool {
    play_people_with(bot, storage, key, false)
}

/// [`play_people`]; with `first_seat_deploys`, the first seat also places a figure where it
/// can (so its game is not a tie).
fn play_people_with(
    bot: &mut Bot,
    storage: &dyn Storage,
    key: Key,
    first_seat_deploys: bool,
) -> bool {
    let mut moved = false;
    for _ in 0..500 {
        let Some(s) = live(storage, key) else {
            return moved;
        };
        let g = s.live_game().unwrap().unwrap();
        let seat = &s.seats[g.pending().seat];
        if seat.computer {
            return moved;
        }
        let who = member(seat.user, &seat.name);
        let choices = bot.svc.placement_choices(key, seat.user, 1);
        let first = g.pending().seat == 0;
        let r = match choices.first() {
            Some(c) => {
                let figure = bot
                    .svc
                    .follower_choices(key, c.x, c.y, c.rotation)
                    .into_iter()
                    .find(|a| first && first_seat_deploys && *a != meeplebot::engine::Action::Pass)
                    .unwrap_or(meeplebot::engine::Action::Pass);
                bot.send(
                    key,
                    &who,
                    Command::Place {
                        x: c.x,
                        y: c.y,
                        rotation: c.rotation,
                        follower: FollowerChoice::Act(figure),
                    },
                )
            }
            // A step that is not a placement (no figure to place is always possible).
            None => bot.send(
                key,
                &who,
                Command::Decide {
                    text: "pass".into(),
                    turn: None,
                },
            ),
        };
        assert!(!r.ephemeral, "{}: {}", key, r.text);
        moved = true;
    }
    panic!("a game in {key} did not end");
}

/// Opens a tournament in the hall with `spec` and the members signing up by button.
fn open_and_sign_up(bot: &mut Bot, spec: TournamentSpec, members: &[Actor]) -> u64 {
    let created = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Create(Box::new(spec))),
    );
    assert!(!created.ephemeral, "{}", created.text);
    assert!(created.text.contains("Winter Cup"), "{}", created.text);
    let signup = created
        .buttons
        .iter()
        .find(|b| b.label == "Sign up")
        .unwrap()
        .clone();
    for m in members {
        let r = bot.click(m, &signup);
        assert!(!r.ephemeral, "{}", r.text);
        assert!(r.text.contains(&m.name), "{}", r.text);
    }
    // Twice is refused, and changes nothing.
    let again = bot.click(&members[0], &signup);
    assert!(
        again.ephemeral && again.text.contains("already"),
        "{}",
        again.text
    );
    match &signup.action.command {
        Command::Tournament(t) => match **t {
            TournamentCommand::SignUp { id: Some(id) } => id,
            _ => panic!("not a sign-up button"),
        },
        _ => panic!("not a tournament button"),
    }
}

/// The end of `t` was announced once in its channel, naming the winner: the top of the
/// standings (a member pinged, a computer seat by name).
fn the_winner_is_announced_once(bot: &Bot, t: &Tournament) {
    let over: Vec<&Notice> = bot
        .notices
        .iter()
        .filter(|n| n.reply.kept().is_none() && n.reply.text.contains("is over. The winner"))
        .collect();
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].key, HALL);
    let winner = t.winner().unwrap();
    assert_eq!(winner, t.standings()[0].player);
    let named = match t.entrants[winner as usize].user {
        0 => t.entrants[winner as usize].name.clone(),
        u => format!("<@{u}>"),
    };
    assert!(
        over[0].reply.text.contains(&named),
        "{}",
        over[0].reply.text
    );
}

/// Plays every open table to its end and lets the job advance; returns the tournament ended.
fn play_out(bot: &mut Bot, storage: &dyn Storage, id: u64) -> Tournament {
    for _ in 0..200 {
        let t = tournament(storage, id);
        if t.status.ended() {
            return t;
        }
        let mut moved = false;
        if let Some(r) = t.rounds.last() {
            for s in r
                .tables
                .iter()
                .filter(|s| s.channel != 0 && s.result.is_none())
            {
                moved |= play_people(bot, storage, Key::new(GUILD, s.channel));
            }
        }
        bot.now += 30;
        bot.work();
        if !moved {
            bot.now += 60;
        }
    }
    panic!("the tournament did not end");
}

#[test]
fn an_eight_player_swiss_of_three_rounds_with_computer_seats_is_played_to_the_end() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 10_000);
    let people: Vec<Actor> = (1..=5)
        .map(|i| member(100 + i, &format!("Player{i}")))
        .collect();
    let id = open_and_sign_up(&mut bot, spec(Format::Swiss { rounds: 3 }, 3), &people);
    // A member cannot start it; the moderator can.
    let r = bot.send(HALL, &people[0], tcmd(TournamentCommand::Start));
    assert!(r.ephemeral && r.text.contains("moderator"), "{}", r.text);
    let started = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    assert!(!started.ephemeral, "{}", started.text);
    assert!(
        started.text.contains("starts with 8 players"),
        "{}",
        started.text
    );
    assert!(started.text.contains("Round 1 of 3"), "{}", started.text);
    assert_eq!(
        started.ping.len(),
        5,
        "every member is pinged to their table"
    );
    let threads = bot.work();
    assert_eq!(threads.len(), 4, "four two-player tables");
    // Each table's game runs in its thread with the table's players in their seats.
    let t = tournament(storage.as_ref(), id);
    // (Two computer seats' game may be over already: its summary says who sat there.)
    for (k, s) in t.rounds[0].tables.iter().enumerate() {
        let key = Key::new(GUILD, s.channel);
        let names: Vec<&str> = s.players.iter().map(|&p| t.name_of(p)).collect();
        match live(storage.as_ref(), key) {
            Some(g) => {
                assert_eq!(g.id, s.game);
                let seats: Vec<&str> = g.seats.iter().map(|x| x.name.as_str()).collect();
                assert_eq!(seats, names, "table {k}");
                assert_eq!(
                    g.tournament.map(|o| (o.id, o.round, o.table)),
                    Some((id, 1, k as u32))
                );
            }
            None => {
                let ended = storage.summaries(key).unwrap();
                assert_eq!(ended.len(), 1, "table {k}");
                let summary: serde_json::Value = serde_json::from_slice(&ended[0].bytes).unwrap();
                assert_eq!(summary["game"], s.game);
                assert_eq!(summary["seats"], serde_json::json!(names));
                assert!(s.players.iter().all(|&p| t.entrants[p as usize].computer));
            }
        }
    }
    let t = play_out(&mut bot, storage.as_ref(), id);
    assert_eq!(t.status, Status::Finished);
    assert_eq!(t.rounds.len(), 3);
    // Every round: four tables, everyone once, no pair twice, and each pairing is the one the
    // documented method makes from the results before it.
    let mut met = BTreeSet::new();
    let all: Vec<u64> = (0..8).collect();
    for (i, r) in t.rounds.iter().enumerate() {
        assert_eq!(r.tables.len(), 4);
        assert!(r.byes.is_empty());
        let mut seated: Vec<u64> = r.tables.iter().flat_map(|s| s.players.clone()).collect();
        seated.sort_unstable();
        assert_eq!(seated, all);
        for s in &r.tables {
            let (a, b) = (
                s.players[0].min(s.players[1]),
                s.players[0].max(s.players[1]),
            );
            assert!(met.insert((a, b)), "round {}: {a} and {b} met again", i + 1);
            let o = s.result.as_ref().expect("every table has its result");
            assert_eq!(o.scores.len(), 2, "played to the end");
        }
        let before: Vec<league::Table> = t.rounds[..i]
            .iter()
            .enumerate()
            .flat_map(|(j, r)| {
                r.tables.iter().map(move |s| league::Table {
                    round: j as u32 + 1,
                    players: s.players.clone(),
                    scores: s.result.as_ref().unwrap().scores.clone(),
                    forfeit: s.result.as_ref().unwrap().forfeit.clone(),
                })
            })
            .collect();
        let expected = league::swiss(&all, &before, &[], 2);
        let tables: Vec<Vec<u64>> = r.tables.iter().map(|s| s.players.clone()).collect();
        assert_eq!(tables, expected.tables, "round {}", i + 1);
    }
    the_winner_is_announced_once(&bot, &t);
    // Standings were posted after each round, and the overview shows the final ones.
    let after_rounds = bot
        .notices
        .iter()
        .filter(|n| n.reply.text.contains("standings after"))
        .count();
    assert_eq!(after_rounds, 3);
    let shown = bot.send(HALL, &people[2], tcmd(TournamentCommand::Show { id: None }));
    assert!(shown.text.contains("finished"), "{}", shown.text);
    assert!(shown.text.contains("1. "), "{}", shown.text);
    // The standings message: posted once with no id, then (once its id is known) edited.
    let kept: Vec<_> = bot.notices.iter().filter_map(|n| n.reply.kept()).collect();
    assert!(kept.len() >= 3, "{}", kept.len());
    assert!(kept
        .iter()
        .all(|k| k.tournament == id && k.message.is_none()));
    bot.svc.tournament_message_posted(GUILD, id, 4242);
    assert_eq!(tournament(storage.as_ref(), id).message, Some(4242));
    // Nothing is left to do: the job, due again, says nothing.
    bot.now += 10_000;
    bot.work();
    assert_eq!(
        bot.notices
            .iter()
            .filter(|n| n.reply.kept().is_none() && n.reply.text.contains("is over"))
            .count(),
        1
    );
}

#[test]
fn a_round_robin_of_four_meets_everyone_once_and_its_standings_are_computed_as_by_hand() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 20_000);
    let people: Vec<Actor> = (1..=2)
        .map(|i| member(200 + i, &format!("Robin{i}")))
        .collect();
    let id = open_and_sign_up(&mut bot, spec(Format::RoundRobin, 2), &people);
    bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    bot.work();
    let t = play_out(&mut bot, storage.as_ref(), id);
    assert_eq!(t.status, Status::Finished);
    assert_eq!(t.rounds.len(), 3);
    // It stays in the channel's history, with its winner and its number.
    let history = bot.send(HALL, &people[0], Command::History);
    let winner = t.name_of(t.winner().unwrap()).to_string();
    assert!(
        history.text.contains("Tournaments of this channel")
            && history.text.contains(&format!(
                "#{id} **Winter Cup** — finished — won by {winner}"
            )),
        "{}",
        history.text
    );
    let mut met = BTreeSet::new();
    for r in &t.rounds {
        for s in &r.tables {
            met.insert((
                s.players[0].min(s.players[1]),
                s.players[0].max(s.players[1]),
            ));
        }
    }
    assert_eq!(met.len(), 6, "every pair once");
    // The standings by hand from the stored results: a win 1, a tie ½; Buchholz the opponents'
    // points; difference the own score minus the opponent's.
    let mut points = [0.0f64; 4];
    let mut diff = [0.0f64; 4];
    let mut opponents: Vec<Vec<usize>> = vec![Vec::new(); 4];
    for r in &t.rounds {
        for s in &r.tables {
            let o = s.result.as_ref().unwrap();
            let (a, b) = (s.players[0] as usize, s.players[1] as usize);
            let (sa, sb) = (o.scores[0] as f64, o.scores[1] as f64);
            let pa = if sa > sb {
                1.0
            } else if sa == sb {
                0.5
            } else {
                0.0
            };
            points[a] += pa;
            points[b] += 1.0 - pa;
            diff[a] += sa - sb;
            diff[b] += sb - sa;
            opponents[a].push(b);
            opponents[b].push(a);
        }
    }
    for s in t.standings() {
        let p = s.player as usize;
        assert_eq!(s.points, points[p]);
        let buchholz: f64 = opponents[p].iter().map(|&q| points[q]).sum();
        assert_eq!(s.buchholz, buchholz);
        assert_eq!(s.difference, diff[p]);
        assert_eq!(s.played, 3);
    }
    let table = t.standings();
    for w in table.windows(2) {
        assert!(
            (w[0].points, w[0].buchholz, w[0].difference)
                >= (w[1].points, w[1].buchholz, w[1].difference)
        );
    }
}

#[test]
fn a_round_robin_at_three_player_tables_seats_every_pair_together_and_counts_each_pair_as_a_match()
{
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 25_000);
    let people: Vec<Actor> = (1..=3)
        .map(|i| member(250 + i, &format!("Trio{i}")))
        .collect();
    let mut wide = spec(Format::RoundRobin, 2);
    wide.table_size = 3;
    let id = open_and_sign_up(&mut bot, wide, &people);
    bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    bot.work();
    let first = tournament(storage.as_ref(), id);
    assert_eq!(first.entrants.len(), 5);
    let planned = first.schedule.len();
    let t = play_out(&mut bot, storage.as_ref(), id);
    assert_eq!(t.status, Status::Finished);
    assert_eq!(t.rounds.len(), planned);
    assert!(planned <= 4, "{planned} rounds for five players at threes");
    let mut met = BTreeSet::new();
    // Points by hand: every pair at a table is a match (above 1, tie ½, below 0).
    let mut points = [0.0f64; 5];
    for r in &t.rounds {
        assert!(r.byes.is_empty(), "no byes at bigger tables");
        let mut sizes: Vec<usize> = r.tables.iter().map(|s| s.players.len()).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![2, 3], "five players sit 3 and 2");
        for s in &r.tables {
            assert!(s.game != 0 && s.channel != 0, "each table had its game");
            let o = s.result.as_ref().unwrap();
            assert_eq!(o.scores.len(), s.players.len());
            for i in 0..s.players.len() {
                for j in 0..s.players.len() {
                    if i == j {
                        continue;
                    }
                    let (a, b) = (s.players[i], s.players[j]);
                    met.insert((a.min(b), a.max(b)));
                    points[a as usize] += match o.scores[i].cmp(&o.scores[j]) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                }
            }
        }
    }
    assert_eq!(met.len(), 10, "every pair of five sat together");
    for s in t.standings() {
        assert_eq!(s.points, points[s.player as usize], "{s:?}");
    }
    the_winner_is_announced_once(&bot, &t);
}

#[test]
fn a_dropped_player_forfeits_the_game_being_played_and_is_paired_no_more() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 30_000);
    let people: Vec<Actor> = (1..=4)
        .map(|i| member(300 + i, &format!("Dee{i}")))
        .collect();
    let id = open_and_sign_up(&mut bot, spec(Format::Swiss { rounds: 2 }, 0), &people);
    bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    bot.work();
    let t = tournament(storage.as_ref(), id);
    let gone = t.rounds[0].tables[0].players[1];
    let gone_user = t.entrants[gone as usize].user;
    let key = Key::new(GUILD, t.rounds[0].tables[0].channel);
    // A member cannot drop anyone.
    let r = bot.send(
        HALL,
        &people[3],
        tcmd(TournamentCommand::Drop { user: gone_user }),
    );
    assert!(r.ephemeral && r.text.contains("moderator"));
    assert_eq!(tournament(storage.as_ref(), id), t, "nothing changed");
    let r = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Drop { user: gone_user }),
    );
    assert!(!r.ephemeral, "{}", r.text);
    assert!(r.text.contains("dropped"), "{}", r.text);
    bot.work();
    // Their seat was resigned: the computer plays it out.
    let g = live(storage.as_ref(), key).unwrap();
    assert!(g.seats[1].resigned && g.seats[1].computer);
    let again = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Drop { user: gone_user }),
    );
    assert!(
        again.ephemeral && again.text.contains("dropped already"),
        "{}",
        again.text
    );
    let t = play_out(&mut bot, storage.as_ref(), id);
    let first = &t.rounds[0].tables[0];
    assert_eq!(first.result.as_ref().unwrap().forfeit, vec![gone]);
    assert_eq!(
        league::standings(&[first.players[0], gone], &[], &[]).len(),
        2,
        "(the league reads both)"
    );
    // Round 2: three players left, one bye; the dropped one nowhere.
    let r2 = &t.rounds[1];
    assert_eq!(r2.tables.len(), 1);
    assert_eq!(r2.byes.len(), 1);
    assert!(r2.tables.iter().all(|s| !s.players.contains(&gone)));
    assert!(!r2.byes.contains(&gone));
    assert!(t
        .standings()
        .iter()
        .any(|s| s.player == gone && s.points == 0.0));
    assert!(t
        .log
        .iter()
        .any(|l| format!("{:?}", l.what).contains("Dropped")));
}

#[test]
fn a_cancelled_tournament_takes_no_sign_up_and_its_job_does_nothing() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 40_000);
    let people: Vec<Actor> = (1..=2).map(|i| member(400 + i, &format!("C{i}"))).collect();
    let id = open_and_sign_up(&mut bot, spec(Format::Elimination, 0), &people);
    let r = bot.send(HALL, &people[0], tcmd(TournamentCommand::Cancel));
    assert!(r.ephemeral);
    let r = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Cancel));
    assert!(
        !r.ephemeral && r.text.contains("cancelled by Mod"),
        "{}",
        r.text
    );
    let t = tournament(storage.as_ref(), id);
    assert_eq!(t.status, Status::Cancelled);
    let r = bot.send(
        HALL,
        &member(499, "Late"),
        tcmd(TournamentCommand::SignUp { id: Some(id) }),
    );
    assert!(r.ephemeral && r.text.contains("closed"), "{}", r.text);
    let r = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    assert!(r.ephemeral && r.text.contains("cancelled"), "{}", r.text);
    bot.now += 100_000;
    bot.work();
    assert_eq!(tournament(storage.as_ref(), id), t, "nothing changed");
    // The channel may hold a new one now.
    let r = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Create(Box::new(spec(
            Format::Elimination,
            0,
        )))),
    );
    assert!(!r.ephemeral, "{}", r.text);
    // The cancelled one stays in reach: the overview of the new one lists it by number, and
    // `overview number:N` shows it; an unknown number is refused as such.
    let show = |bot: &mut Bot, id: Option<u64>| {
        bot.send(HALL, &people[1], tcmd(TournamentCommand::Show { id }))
    };
    let now = show(&mut bot, None);
    assert!(now.text.contains(&format!("#{}", id + 1)), "{}", now.text);
    assert!(
        now.text.contains("Other tournaments")
            && now
                .text
                .contains(&format!("#{id} **Winter Cup** — cancelled")),
        "{}",
        now.text
    );
    let old = show(&mut bot, Some(id));
    assert!(
        old.text.starts_with(&format!("🏆 #{id} **Winter Cup**")) && old.text.contains("cancelled"),
        "{}",
        old.text
    );
    let none = show(&mut bot, Some(99));
    assert!(
        none.ephemeral && none.text.contains("no tournament #99"),
        "{}",
        none.text
    );
}

#[test]
fn bad_input_is_refused_with_a_specific_message_and_nothing_is_stored() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 50_000);
    let mut cases: Vec<(Actor, TournamentSpec, &str)> = Vec::new();
    cases.push((
        member(1, "Nobody"),
        spec(Format::RoundRobin, 0),
        "moderator",
    ));
    let mut past = spec(Format::RoundRobin, 0);
    past.signup_hours = Some(0);
    cases.push((moderator(), past, "at least an hour"));
    let mut wide = spec(Format::Elimination, 0);
    wide.table_size = 3;
    cases.push((moderator(), wide, "two-player tables"));
    let mut rounds = spec(Format::Swiss { rounds: 0 }, 0);
    rounds.table_size = 2;
    cases.push((moderator(), rounds, "1 to 15 rounds"));
    let mut sets = spec(Format::RoundRobin, 0);
    sets.game.sets = Some(vec!["moon".into()]);
    cases.push((moderator(), sets, "moon"));
    let mut unnamed = spec(Format::RoundRobin, 0);
    unnamed.name = "  ".into();
    cases.push((moderator(), unnamed, "name"));
    for (who, s, says) in cases {
        let r = bot.send(HALL, &who, tcmd(TournamentCommand::Create(Box::new(s))));
        assert!(r.ephemeral, "accepted: {}", r.text);
        assert!(r.text.contains(says), "{says:?} not in {:?}", r.text);
        assert!(storage.all_tournaments().unwrap().is_empty());
    }
    // Too few players to start: refused, nothing changed.
    let id = open_and_sign_up(
        &mut bot,
        spec(Format::Swiss { rounds: 2 }, 0),
        &[member(3, "Solo")],
    );
    let before = tournament(storage.as_ref(), id);
    let r = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    assert!(
        r.ephemeral && r.text.contains("at least 2 players"),
        "{}",
        r.text
    );
    assert_eq!(tournament(storage.as_ref(), id), before);
    // A second tournament in the same channel while one is open.
    let r = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Create(Box::new(spec(
            Format::RoundRobin,
            0,
        )))),
    );
    assert!(r.ephemeral && r.text.contains("already"), "{}", r.text);
    // Nothing to do in a channel without one.
    let r = bot.send(
        Key::new(GUILD, 77),
        &member(3, "Solo"),
        tcmd(TournamentCommand::SignUp { id: None }),
    );
    assert!(
        r.ephemeral && r.text.contains("no tournament"),
        "{}",
        r.text
    );
    // A table's game cannot be opened twice, nor in a second thread.
    let r = bot.send(
        Key::new(GUILD, 78),
        &member(0, ""),
        Command::OpenTable {
            id,
            round: 1,
            table: 0,
        },
    );
    assert!(r.ephemeral, "{}", r.text);
}

#[test]
fn sign_ups_close_on_time_and_a_game_past_the_time_limit_ends_as_it_stands() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 60_000);
    let people: Vec<Actor> = (1..=2).map(|i| member(600 + i, &format!("T{i}"))).collect();
    let mut s = spec(Format::Elimination, 0);
    s.signup_hours = Some(2);
    s.game_hours = 3;
    let id = open_and_sign_up(&mut bot, s, &people);
    // Before the time: nothing; after it (two test minutes), the first round is paired.
    bot.work();
    assert_eq!(tournament(storage.as_ref(), id).status, Status::SignUp);
    bot.now += 130;
    let threads = bot.work();
    assert_eq!(threads.len(), 1);
    let t = tournament(storage.as_ref(), id);
    assert_eq!(t.status, Status::Running);
    assert!(bot
        .notices
        .iter()
        .any(|n| n.reply.text.contains("starts with 2 players")));
    // Nobody moves; three test minutes later the game ends as it stands.
    bot.now += 200;
    bot.work();
    let t = tournament(storage.as_ref(), id);
    assert_eq!(t.status, Status::Finished);
    let o = t.rounds[0].tables[0].result.clone().unwrap();
    assert_eq!(o.scores.len(), 2);
    assert!(live(storage.as_ref(), threads[0]).is_none());
    let told: Vec<&Notice> = bot
        .notices
        .iter()
        .filter(|n| n.key == threads[0] && n.reply.text.contains("time limit"))
        .collect();
    assert_eq!(told.len(), 1);
    assert!(t.winner().is_some());
}

#[test]
fn with_two_processes_over_postgresql_a_round_advances_once() {
    let Some(schema) = pg::schema("tournaments_two_processes") else {
        return;
    };
    let a_store: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    let b_store: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    let mut a = Bot::new(a_store.clone(), 1_800_000_000, 70_000);
    let people: Vec<Actor> = (1..=2).map(|i| member(700 + i, &format!("P{i}"))).collect();
    let id = open_and_sign_up(&mut a, spec(Format::Swiss { rounds: 2 }, 2), &people);
    a.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    a.work();
    // Process A plays round 1 to its last move, then is killed before its job runs.
    let t = tournament(a_store.as_ref(), id);
    for s in &t.rounds[0].tables {
        play_people(&mut a, a_store.as_ref(), Key::new(GUILD, s.channel));
    }
    a.svc.run_computers(a.now, 5_000);
    for s in &t.rounds[0].tables {
        play_people(&mut a, a_store.as_ref(), Key::new(GUILD, s.channel));
        a.svc.run_computers(a.now, 5_000);
    }
    assert!(t.rounds[0]
        .tables
        .iter()
        .all(|s| live(a_store.as_ref(), Key::new(GUILD, s.channel)).is_none()));
    let now = a.now + 10;
    drop(a);
    // Process B, and a second look by a restarted A at the same moment: one round 2.
    let b = Bot::new(b_store.clone(), now, 80_000);
    let a2 = Bot::new(a_store.clone(), now, 90_000);
    let (nb, na) = std::thread::scope(|s| {
        let x = s.spawn(|| b.svc.tournament_tick(GUILD, id, now));
        let y = s.spawn(|| a2.svc.tournament_tick(GUILD, id, now));
        (x.join().unwrap(), y.join().unwrap())
    });
    let t = tournament(b_store.as_ref(), id);
    assert_eq!(t.rounds.len(), 2, "round 2 paired");
    let rounds_told = nb
        .iter()
        .chain(&na)
        .filter(|n| n.reply.kept().is_none() && n.reply.text.contains("Round 2 of 2"))
        .count();
    assert_eq!(rounds_told, 1, "and told once");
    let asked: usize = nb.iter().chain(&na).map(|n| n.reply.tables().len()).sum();
    assert_eq!(asked, 2, "its two tables asked for once");
    // The due timer taken by B's worker finds nothing more to do.
    let more = b.svc.due_held(now + 1);
    assert!(more.is_empty(), "{more:?}");
    assert_eq!(tournament(b_store.as_ref(), id).rounds.len(), 2);
}

/// Plays a two-person base game in `key` to its end (the first legal placement each turn; the
/// first seat places figures, so the game is decided).
fn two_person_game(bot: &mut Bot, storage: &dyn Storage, key: Key, a: &Actor, b: &Actor) {
    assert!(!bot.send(key, a, Command::New(NewGame::default())).ephemeral);
    assert!(!bot.send(key, b, Command::Join).ephemeral);
    assert!(!bot.send(key, a, Command::Start).ephemeral);
    play_people_with(bot, storage, key, true);
    assert!(live(storage, key).is_none());
}

/// The final scores of the last game in `key`'s history, by user.
fn last_scores(storage: &dyn Storage, key: Key) -> Vec<(u64, f64)> {
    let e = storage.summaries(key).unwrap().pop().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&e.bytes).unwrap();
    let users = v["users"].as_array().unwrap();
    let scores = v["scores"].as_array().unwrap();
    users
        .iter()
        .zip(scores)
        .map(|(u, s)| (u.as_u64().unwrap(), s.as_f64().unwrap()))
        .collect()
}

/// Elo after one two-person game from ratings `ra`, `rb` (K 32), as the standings compute it.
fn elo(ra: f64, rb: f64, sa: f64, sb: f64) -> (f64, f64) {
    let ea = 1.0 / (1.0 + 10f64.powf((rb - ra) / 400.0));
    let aa = if sa > sb {
        1.0
    } else if sa == sb {
        0.5
    } else {
        0.0
    };
    (ra + 32.0 * (aa - ea), rb + 32.0 * ((1.0 - aa) - (1.0 - ea)))
}

fn admin() -> Actor {
    Actor {
        rights: Rights {
            manage_server: true,
            ..Rights::default()
        },
        ..member(950, "Ada")
    }
}

fn seasons(change: SeasonChange) -> Command {
    tcmd(TournamentCommand::Seasons(change))
}

#[test]
fn a_season_ended_by_hand_keeps_its_table_and_the_next_starts_fresh() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 0);
    let (a, b) = (member(11, "Ann"), member(12, "Ben"));
    // Only an admin turns seasons on; anyone may look.
    let by_hand = SeasonChange {
        rule: Some(SeasonRule::ByHand),
        carry: Some(false),
        end_now: false,
    };
    let r = bot.send(HALL, &a, seasons(by_hand));
    assert!(
        r.ephemeral && r.text.contains("manage this server"),
        "{}",
        r.text
    );
    let r = bot.send(HALL, &a, seasons(SeasonChange::default()));
    assert!(r.text.contains("no seasons"), "{}", r.text);
    let r = bot.send(HALL, &admin(), seasons(by_hand));
    assert!(r.text.contains("Season 1"), "{}", r.text);
    two_person_game(&mut bot, storage.as_ref(), Key::new(GUILD, 41), &a, &b);
    let now = bot.send(HALL, &a, Command::Standings);
    assert!(now.text.contains("Season 1"), "{}", now.text);
    assert!(
        now.text.contains("Ann") && now.text.contains("Ben"),
        "{}",
        now.text
    );
    // The admin ends it: its table is kept, the next season has no games yet.
    let end = SeasonChange {
        end_now: true,
        ..SeasonChange::default()
    };
    let r = bot.send(HALL, &admin(), seasons(end));
    assert!(
        !r.ephemeral && r.text.contains("Season 1 is over"),
        "{}",
        r.text
    );
    let fresh = bot.send(HALL, &a, Command::Standings);
    assert!(fresh.text.contains("Season 2"), "{}", fresh.text);
    assert!(!fresh.text.contains("Ann"), "{}", fresh.text);
    let past = bot.send(HALL, &b, Command::Season { number: 1 });
    assert!(!past.ephemeral, "{}", past.text);
    assert!(past.text.contains("Season 1") && past.text.contains("final table"));
    assert!(
        past.text.contains("Ann") && past.text.contains("Ben"),
        "{}",
        past.text
    );
    let none = bot.send(HALL, &b, Command::Season { number: 7 });
    assert!(
        none.ephemeral && none.text.contains("no such season"),
        "{}",
        none.text
    );
    // Season 2, reset: the winner of one game in it stands at 1516 whatever season 1 gave.
    two_person_game(&mut bot, storage.as_ref(), Key::new(GUILD, 42), &a, &b);
    let t = bot.send(HALL, &a, Command::Standings).text;
    let decided = t.contains("1516") && t.contains("1484");
    let tie = t.matches("1500").count() >= 3;
    assert!(decided || tie, "{t}");
}

#[test]
fn a_monthly_season_is_closed_by_the_upkeep_once_with_ratings_carried() {
    let storage = Arc::new(MemoryStorage::new());
    // 2027-01-10: the season ends on 2027-02-01.
    let jan10 = 1_799_539_200;
    let mut bot = Bot::new(storage.clone(), jan10, 0);
    let (a, b) = (member(21, "Cy"), member(22, "Di"));
    let monthly = SeasonChange {
        rule: Some(SeasonRule::Monthly),
        carry: Some(true),
        end_now: false,
    };
    let r = bot.send(HALL, &admin(), seasons(monthly));
    assert!(r.text.contains("each calendar month"), "{}", r.text);
    two_person_game(&mut bot, storage.as_ref(), Key::new(GUILD, 43), &a, &b);
    let before = bot.send(HALL, &a, Command::Standings).text;
    // Upkeep before the month ends: nothing; after it (two processes' upkeeps): one close.
    bot.svc.maintain(bot.now);
    assert!(bot
        .send(HALL, &a, Command::Standings)
        .text
        .contains("Season 1"));
    let feb2 = jan10 + 23 * 86_400;
    let other = Bot::new(storage.clone(), feb2, 0);
    other.svc.maintain(feb2);
    bot.svc.maintain(feb2);
    bot.now = feb2;
    let after = bot.send(HALL, &a, Command::Standings).text;
    assert!(after.contains("Season 2"), "{after}");
    assert!(bot.send(HALL, &a, Command::Season { number: 3 }).ephemeral);
    let past = bot.send(HALL, &a, Command::Season { number: 1 }).text;
    // Season 1's final ratings are those its standings showed; season 2 starts from them.
    let rating = |text: &str, name: &str| -> String {
        let line = text.lines().find(|l| l.contains(name)).unwrap_or_default();
        line.split_whitespace()
            .find(|w| w.chars().all(|c| c.is_ascii_digit()) && w.len() == 4)
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        rating(&past, "Cy"),
        rating(&before, "Cy"),
        "{past}\n{before}"
    );
    // Season 1: one decided game from 1500 each (Cy sat first: the game's creator).
    let first = last_scores(storage.as_ref(), Key::new(GUILD, 43));
    assert_eq!((first[0].0, first[1].0), (21, 22));
    assert_ne!(first[0].1, first[1].1, "a decided game");
    let (cy1, di1) = elo(1500.0, 1500.0, first[0].1, first[1].1);
    assert_eq!(rating(&past, "Cy"), format!("{cy1:.0}"), "{past}");
    assert_eq!(rating(&past, "Di"), format!("{di1:.0}"), "{past}");
    // Season 2 goes on from those ratings (carried): one more game.
    two_person_game(&mut bot, storage.as_ref(), Key::new(GUILD, 44), &a, &b);
    let second = last_scores(storage.as_ref(), Key::new(GUILD, 44));
    assert_eq!((second[0].0, second[1].0), (21, 22));
    let (cy2, di2) = elo(cy1, di1, second[0].1, second[1].1);
    let now2 = bot.send(HALL, &a, Command::Standings).text;
    assert!(now2.contains("Season 2"), "{now2}");
    assert_eq!(rating(&now2, "Cy"), format!("{cy2:.0}"), "{now2}");
    assert_eq!(rating(&now2, "Di"), format!("{di2:.0}"), "{now2}");
    assert!(
        now2.contains("1 game ·"),
        "season 2 counts its own games: {now2}"
    );
    let server = storage.get_server(GUILD).unwrap().unwrap();
    let stored: serde_json::Value = serde_json::from_slice(&server).unwrap();
    assert_eq!(stored["seasons"]["past"].as_array().unwrap().len(), 1);
    assert_eq!(
        stored["seasons"]["started_at"], 1_801_440_000u64,
        "2027-02-01 00:00 UTC"
    );
}

#[test]
fn a_replacement_takes_over_the_place_and_the_seat_and_a_pause_holds_the_next_round() {
    let storage = Arc::new(MemoryStorage::new());
    let mut bot = Bot::new(storage.clone(), 1_800_000_000, 90_000);
    let people: Vec<Actor> = (1..=4).map(|i| member(800 + i, &format!("R{i}"))).collect();
    let id = open_and_sign_up(&mut bot, spec(Format::Swiss { rounds: 2 }, 0), &people);
    bot.send(HALL, &moderator(), tcmd(TournamentCommand::Start));
    bot.work();
    let t = tournament(storage.as_ref(), id);
    let table = &t.rounds[0].tables[0];
    let leaving = t.entrants[table.players[0] as usize].user;
    let key = Key::new(GUILD, table.channel);
    let newcomer = member(899, "Newcomer");
    // Not a moderator: refused; someone already in: refused; nothing changed.
    let r = bot.send(
        HALL,
        &people[1],
        tcmd(TournamentCommand::Replace {
            user: leaving,
            by: newcomer.id,
            name: newcomer.name.clone(),
        }),
    );
    assert!(r.ephemeral && r.text.contains("moderator"), "{}", r.text);
    let r = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Replace {
            user: leaving,
            by: people[3].id,
            name: people[3].name.clone(),
        }),
    );
    assert!(r.ephemeral && r.text.contains("already"), "{}", r.text);
    assert_eq!(tournament(storage.as_ref(), id), t);
    let r = bot.send(
        HALL,
        &moderator(),
        tcmd(TournamentCommand::Replace {
            user: leaving,
            by: newcomer.id,
            name: newcomer.name.clone(),
        }),
    );
    assert!(!r.ephemeral && r.text.contains("replaced"), "{}", r.text);
    bot.work();
    // The place (and its results to come) is the newcomer's, and so is the seat in the game.
    let after = tournament(storage.as_ref(), id);
    assert_eq!(after.entrants[table.players[0] as usize].user, newcomer.id);
    let g = live(storage.as_ref(), key).unwrap();
    assert!(g
        .seats
        .iter()
        .any(|s| s.user == newcomer.id && s.name == "Newcomer"));
    assert!(g.seats.iter().all(|s| s.user != leaving));
    assert!(bot
        .notices
        .iter()
        .any(|n| n.key == key && n.reply.ping.contains(&newcomer.id)));
    // Paused: the round's games end, no new round starts until resumed.
    let r = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Pause));
    assert!(!r.ephemeral && r.text.contains("paused"), "{}", r.text);
    for s in &after.rounds[0].tables {
        play_people(&mut bot, storage.as_ref(), Key::new(GUILD, s.channel));
    }
    bot.now += 100;
    bot.work();
    let paused = tournament(storage.as_ref(), id);
    assert_eq!(paused.status, Status::Paused);
    assert_eq!(paused.rounds.len(), 1);
    assert!(paused.rounds[0].done(), "the results are kept meanwhile");
    let r = bot.send(HALL, &moderator(), tcmd(TournamentCommand::Resume));
    assert!(
        !r.ephemeral && r.text.contains("Round 2 of 2"),
        "{}",
        r.text
    );
    let resumed = tournament(storage.as_ref(), id);
    assert_eq!(resumed.status, Status::Running);
    assert_eq!(resumed.rounds.len(), 2);
    let shown = bot.send(HALL, &people[2], tcmd(TournamentCommand::Show { id: None }));
    for logged in ["replaced by Newcomer", "paused by Mod", "resumed by Mod"] {
        assert!(shown.text.contains(logged), "{logged}: {}", shown.text);
    }
}
