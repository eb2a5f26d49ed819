//! Games over days and time zones, with a clock the test controls: quiet hours across midnight
//! and across a daylight-saving change, pings held until they end and folded into one message,
//! absences that pause reminders and votes (or let the computer play and hand the seat back),
//! move clocks (warnings, the computer's move when one runs out, three timeouts handing the seat
//! over), the daily digest, and turn statistics from known timings. The service runs over sled,
//! restarted where a timer must survive it.

use meeplebot::bot::custom_id;
use meeplebot::engine::Action;
use meeplebot::render::Renderer;
use meeplebot::service::storage::{Key, Storage};
use meeplebot::service::stored::{StoredGame, WhileAway};
use meeplebot::service::{
    Actor, Command, FollowerChoice, MeChange, NewGame, Notice, Reply, Request, Service, Settings,
    MAX_TEXT,
};
use meeplebot::store::SledStorage;
use std::sync::Arc;

const GUILD: u64 = 5;
const CH: Key = Key {
    guild: GUILD,
    channel: 1000,
};
const CH2: Key = Key {
    guild: GUILD,
    channel: 2000,
};

fn user(id: u64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        manager: false,
        rights: Default::default(),
    }
}

/// A Unix second from an RFC 3339 text.
fn at(text: &str) -> u64 {
    text.parse::<jiff::Timestamp>().unwrap().as_second() as u64
}

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    storage: Arc<SledStorage>,
    svc: Service,
    now: u64,
}

fn settings() -> Settings {
    Settings {
        seed: Some(11),
        // Games' web pages are served (the digest links to them).
        web_base: Some("https://board.example".into()),
        ..Settings::default()
    }
}

fn check_reply(r: &Reply) {
    assert!(r.text.chars().count() <= MAX_TEXT);
    for b in &r.buttons {
        let id = custom_id::encode(&b.action);
        assert_eq!(custom_id::decode(&id).as_ref(), Some(&b.action), "{id}");
    }
}

impl Fixture {
    fn new(now: u64) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db");
        let storage = Arc::new(SledStorage::open(&path).unwrap());
        let svc =
            Service::open(storage.clone(), Arc::new(Renderer::generated()), settings()).unwrap();
        Fixture {
            _dir: dir,
            path,
            storage,
            svc,
            now,
        }
    }

    /// Drops the service and the database and opens both again.
    fn restart(self) -> Fixture {
        let Fixture {
            _dir,
            path,
            now,
            storage,
            svc,
        } = self;
        drop(svc);
        drop(storage);
        let storage = Arc::new(SledStorage::open(&path).unwrap());
        let svc =
            Service::open(storage.clone(), Arc::new(Renderer::generated()), settings()).unwrap();
        Fixture {
            _dir,
            path,
            storage,
            svc,
            now,
        }
    }

    /// A command at the fixture's time (which does not move).
    fn send_in(&mut self, key: Key, who: &Actor, command: Command) -> Reply {
        let r = self.svc.handle(Request {
            key,
            actor: who.clone(),
            command,
            now: self.now,
            game: None,
            interaction: None,
            locale: Default::default(),
        });
        check_reply(&r);
        r
    }

    fn send(&mut self, who: &Actor, command: Command) -> Reply {
        self.send_in(CH, who, command)
    }

    /// The computers' moves due now, as the worker plays them.
    fn computers(&mut self) -> Vec<Notice> {
        self.svc.run_computers(self.now, 10)
    }

    fn stored_in(&self, key: Key) -> StoredGame {
        StoredGame::decode(&self.storage.get_game(key).unwrap().unwrap()).unwrap()
    }

    fn stored(&self) -> StoredGame {
        self.stored_in(CH)
    }

    fn turns_in(&self, key: Key) -> usize {
        self.stored_in(key)
            .record
            .map(|r| r.tiles_placed())
            .unwrap_or(0)
    }

    fn current_user_in(&self, key: Key) -> u64 {
        let s = self.stored_in(key);
        s.seats[s.current_seat().unwrap()].user
    }

    /// The player to move in `key` places their tile at the first legal place, no figure.
    fn play_in(&mut self, key: Key, players: &[Actor]) -> Reply {
        let uid = self.current_user_in(key);
        let who = players.iter().find(|p| p.id == uid).unwrap().clone();
        let c = self.svc.placement_choices(key, uid, 1)[0].clone();
        let r = self.send_in(
            key,
            &who,
            Command::Place {
                x: c.x,
                y: c.y,
                rotation: c.rotation,
                follower: FollowerChoice::Act(Action::Pass),
            },
        );
        accepted(&r);
        r
    }

    /// A member's own settings changed (or shown).
    fn me(&mut self, who: &Actor, change: MeChange) -> Reply {
        self.send(who, Command::Me(Box::new(change)))
    }
}

fn accepted(r: &Reply) {
    assert!(!r.ephemeral, "refused: {}", r.text);
}

fn refused(r: &Reply, needle: &str) {
    assert!(r.ephemeral, "expected a refusal, got: {}", r.text);
    assert!(
        r.text.contains(needle),
        "expected {needle:?} in {:?}",
        r.text
    );
}

/// A started game in `key` among `players` (the first opens it) with the options of `new`.
fn game_in(f: &mut Fixture, key: Key, players: &[Actor], new: NewGame) {
    accepted(&f.send_in(key, &players[0], Command::New(new)));
    for p in &players[1..] {
        accepted(&f.send_in(key, p, Command::Join));
    }
    accepted(&f.send_in(key, &players[0], Command::Start));
}

/// Until `who` is to move in `key`, the others move.
fn until_turn_of(f: &mut Fixture, key: Key, who: &Actor, players: &[Actor]) -> Reply {
    let mut last = Reply::default();
    for _ in 0..players.len() + 1 {
        if f.current_user_in(key) == who.id {
            return last;
        }
        last = f.play_in(key, players);
    }
    panic!("{} never got the turn", who.name);
}

fn quiet(zone: &str, from: &str, to: &str) -> MeChange {
    MeChange {
        zone: Some(zone.into()),
        quiet: Some((from.into(), to.into())),
        ..MeChange::default()
    }
}

/// The direct messages of notices, by user.
fn directs(notices: &[Notice]) -> Vec<(u64, String)> {
    notices
        .iter()
        .flat_map(|n| n.reply.direct().to_vec())
        .collect()
}

#[test]
fn pings_in_quiet_hours_wait_until_they_end_folded_into_one_message_across_a_restart() {
    // 22:00 UTC on 27 November is 23:00 in Berlin.
    let mut f = Fixture::new(at("2026-11-27T21:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    let r = f.me(&alice, quiet("europe/berlin", "23:00", "8"));
    assert!(r.text.contains("Europe/Berlin"), "{}", r.text);
    assert!(r.text.contains("23:00–08:00"), "{}", r.text);
    game_in(&mut f, CH, &players, NewGame::default());
    game_in(&mut f, CH2, &players, NewGame::default());
    // Before quiet hours (22:30 in Berlin), the turn pings her.
    f.now = at("2026-11-27T21:30:00Z");
    until_turn_of(&mut f, CH, &bob, &players);
    let r = f.play_in(CH, &players);
    assert_eq!(&*r.ping, &[alice.id], "{}", r.text);
    until_turn_of(&mut f, CH, &bob, &players);

    // In quiet hours (23:30, then 02:00 in Berlin): no ping, no direct message, in either game.
    f.now = at("2026-11-27T22:30:00Z");
    let r = f.play_in(CH, &players);
    assert!(r.ping.is_empty(), "pinged in quiet hours: {:?}", r.ping);
    assert!(r.direct().is_empty());
    assert!(
        r.text.contains("<@1>"),
        "the turn still names her: {}",
        r.text
    );
    f.now = at("2026-11-28T01:00:00Z");
    until_turn_of(&mut f, CH2, &bob, &players);
    let r = f.play_in(CH2, &players);
    assert!(r.ping.is_empty() && r.direct().is_empty());
    // Nothing comes before they end, even after a restart.
    assert!(f.svc.due_held(at("2026-11-28T06:59:00Z")).is_empty());
    let mut f = f.restart();
    // At 08:00 in Berlin: one message, both games in it.
    let out = f.svc.due_held(at("2026-11-28T07:00:00Z"));
    let dm = directs(&out);
    assert_eq!(dm.len(), 1, "{dm:?}");
    assert_eq!(dm[0].0, alice.id);
    assert!(dm[0].1.contains("quiet hours are over"), "{}", dm[0].1);
    assert!(
        dm[0].1.contains("<#1000>") && dm[0].1.contains("<#2000>"),
        "{}",
        dm[0].1
    );
    assert!(
        out.iter().all(|n| n.reply.text.is_empty()),
        "nothing posted in a channel"
    );
    // Once.
    assert!(f.svc.due_held(at("2026-11-28T07:05:00Z")).is_empty());

    // The next night her turn comes in quiet hours, but she moves herself before they end:
    // the held ping is stale and nothing is sent.
    f.now = at("2026-11-28T22:30:00Z");
    f.play_in(CH, &players);
    let r = f.play_in(CH, &players);
    assert!(r.ping.is_empty(), "{:?}", r.ping);
    f.play_in(CH, &players);
    assert!(directs(&f.svc.due_held(at("2026-11-29T07:00:00Z"))).is_empty());
}

#[test]
fn a_reminder_due_in_quiet_hours_waits_until_they_end_across_a_daylight_saving_change() {
    // The night of 28–29 March 2026 Berlin's clocks go forward: 08:00 is 06:00 UTC.
    let mut f = Fixture::new(at("2026-03-28T19:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    f.me(&alice, quiet("Europe/Berlin", "23:00", "08:00"));
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            reminder_hours: Some(3),
            ..NewGame::default()
        },
    );
    until_turn_of(&mut f, CH, &alice, &players);
    let moved = f.now;
    // Due at 23:00 Berlin (22:00 UTC): in quiet hours, so nothing.
    assert!(f.svc.due_reminders(moved + 3 * 3600).is_empty());
    assert_eq!(
        f.stored().remind_not_before,
        Some(at("2026-03-29T06:00:00Z")),
        "08:00 summer time"
    );
    assert!(f.svc.due_reminders(at("2026-03-29T05:59:00Z")).is_empty());
    let r = f.svc.due_reminders(at("2026-03-29T06:00:00Z"));
    assert_eq!(r.len(), 1);
    assert!(r[0].reply.text.contains("reminder"), "{}", r[0].reply.text);
    assert_eq!(&*r[0].reply.ping, &[alice.id]);
}

#[test]
fn a_bad_time_zone_or_time_is_refused_and_changes_nothing() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let alice = user(1, "Alice");
    f.me(&alice, quiet("America/New_York", "22:00", "07:00"));
    let shown = f.me(&alice, MeChange::default()).text;
    refused(
        &f.me(&alice, quiet("Mars/Olympus", "1", "2")),
        "Mars/Olympus",
    );
    refused(&f.me(&alice, quiet("UTC", "25:00", "2")), "25:00");
    refused(&f.me(&alice, quiet("UTC", "8", "08:00")), "differ");
    refused(&f.me(&alice, quiet("UTC", "8", " ")), "both ends");
    refused(
        &f.me(
            &alice,
            MeChange {
                away_days: Some(31),
                ..MeChange::default()
            },
        ),
        "30",
    );
    refused(
        &f.me(
            &alice,
            MeChange {
                digest: Some("soon".into()),
                ..MeChange::default()
            },
        ),
        "soon",
    );
    assert_eq!(f.me(&alice, MeChange::default()).text, shown);
    assert!(
        shown.contains("America/New_York") && shown.contains("07:00"),
        "{shown}"
    );
}

#[test]
fn an_absence_pauses_reminders_and_votes_and_the_game_says_so() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let players = [user(1, "Alice"), user(2, "Bob"), user(3, "Carol")];
    let alice = players[0].clone();
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            reminder_hours: Some(1),
            ..NewGame::default()
        },
    );
    until_turn_of(&mut f, CH, &alice, &players);
    let r = f.me(
        &alice,
        MeChange {
            away_days: Some(3),
            ..MeChange::default()
        },
    );
    assert!(r.text.contains("Away until"), "{}", r.text);
    let until = f.now + 3 * 86_400;
    // Her games say so in their channels.
    let told = f.svc.take_outbox();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].key, CH);
    assert!(
        told[0].reply.text.contains("Alice is away until"),
        "{}",
        told[0].reply.text
    );
    assert!(
        told[0].reply.text.contains("waits"),
        "{}",
        told[0].reply.text
    );
    let status = f.send(&players[1], Command::Status);
    assert!(
        status.text.contains("Alice is away until"),
        "{}",
        status.text
    );
    // No reminder, so no vote, for three days.
    for h in 1..72 {
        assert!(f.svc.due_reminders(f.now + h * 3600).is_empty(), "hour {h}");
    }
    // Her return: the seat is hers, a message lists what waits, reminders go on.
    f.now = until;
    let out = f.svc.due_held(until);
    let dm = directs(&out);
    assert_eq!(dm.len(), 1);
    assert!(dm[0].1.contains("Welcome back"), "{}", dm[0].1);
    assert!(dm[0].1.contains("<#1000>"), "{}", dm[0].1);
    assert_eq!(f.svc.take_outbox().len(), 1, "the game says she is back");
    assert_eq!(f.stored().seats[0].away_until, None);
    let r = f.svc.due_reminders(until + 3600);
    assert_eq!(r.len(), 1);
    assert_eq!(&*r[0].reply.ping, &[alice.id]);
}

#[test]
fn the_computer_plays_an_away_players_turns_and_hands_the_seat_back() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            while_away: Some(WhileAway::Computer),
            ..NewGame::default()
        },
    );
    assert_eq!(f.stored().while_away, WhileAway::Computer);
    until_turn_of(&mut f, CH, &alice, &players);
    let before = f.turns_in(CH);
    f.me(
        &alice,
        MeChange {
            away_days: Some(2),
            ..MeChange::default()
        },
    );
    let told = f.svc.take_outbox();
    assert!(
        told[0].reply.text.contains("the computer plays for them"),
        "{}",
        told[0].reply.text
    );
    // The computer takes her turn at once, and each of her turns while she is away.
    let moved = f.computers();
    assert_eq!(moved.len(), 1, "her turn");
    assert_eq!(f.turns_in(CH), before + 1);
    for _ in 0..3 {
        f.play_in(CH, &players);
        assert_eq!(f.computers().len(), 1);
    }
    let s = f.stored();
    assert_eq!(s.seats[0].user, alice.id, "the seat stays hers");
    assert!(s.seats[0].computer && s.seats[0].away_until.is_some());
    // Back early: the seat is hers again, the game says so, her turn pings her.
    let r = f.me(
        &alice,
        MeChange {
            away_days: Some(0),
            ..MeChange::default()
        },
    );
    assert!(r.text.contains("Away: no"), "{}", r.text);
    assert!(f.svc.take_outbox()[0].reply.text.contains("Alice is back"));
    let s = f.stored();
    assert!(!s.seats[0].computer && s.seats[0].away_until.is_none());
    let r = f.play_in(CH, &players);
    assert_eq!(&*r.ping, &[alice.id], "{}", r.text);
    assert!(f.computers().is_empty());
    // The return's timer then brings only the list of what waits.
    let dm = directs(&f.svc.due_held(f.now));
    assert!(dm[0].1.contains("<#1000>"), "{dm:?}");
    refused(
        &f.me(
            &alice,
            MeChange {
                away_days: Some(0),
                ..MeChange::default()
            },
        ),
        "not away",
    );
}

#[test]
fn a_move_clock_warns_then_the_computer_moves_and_three_timeouts_hand_the_seat_over() {
    let mut f = Fixture::new(at("2026-11-27T08:00:00Z"));
    let alice = user(1, "Alice");
    let players = [alice.clone()];
    let lobby = f.send(
        &alice,
        Command::New(NewGame {
            clock_hours: Some(4),
            computers: 1,
            level: Some(meeplebot::ai::Level::Easy),
            ..NewGame::default()
        }),
    );
    accepted(&lobby);
    assert!(lobby.text.contains("4 h per move"), "{}", lobby.text);
    let started = f.send(&alice, Command::Start);
    accepted(&started);
    assert!(started.text.contains("Alice: 4 h left"), "{}", started.text);
    f.computers();
    for timeout in 1..=3u8 {
        assert_eq!(f.current_user_in(CH), alice.id);
        let offered = f.stored().clock.expect("a running clock").offered;
        let status = f.send(&alice, Command::Status);
        assert!(status.text.contains("Alice: 4 h left"), "{}", status.text);
        // Half time, then 90 %: a warning each, with what is left.
        let half = f.svc.due_reminders(offered + 2 * 3600);
        assert_eq!(half.len(), 1);
        assert!(
            half[0].reply.text.contains("2 h left"),
            "{}",
            half[0].reply.text
        );
        assert_eq!(&*half[0].reply.ping, &[alice.id]);
        assert!(f.svc.due_reminders(offered + 3 * 3600).is_empty());
        let late = f.svc.due_reminders(offered + 4 * 3600 * 9 / 10);
        assert!(
            late[0].reply.text.contains("24 min left"),
            "{}",
            late[0].reply.text
        );
        // The end: the channel is told, the computer plays her move.
        let before = f.turns_in(CH);
        f.now = offered + 4 * 3600;
        let out = f.svc.due_reminders(f.now);
        assert!(
            out[0].reply.text.contains("ran out"),
            "{}",
            out[0].reply.text
        );
        let moves = f.computers();
        assert!(f.turns_in(CH) > before, "the computer moved for her");
        assert!(!moves.is_empty());
        let s = f.stored();
        assert_eq!(s.seats[0].timeouts, timeout);
        if timeout < 3 {
            assert!(!s.seats[0].computer, "the seat is hers after one timeout");
        } else {
            assert!(
                out[0].reply.text.contains("takes the seat"),
                "{}",
                out[0].reply.text
            );
            assert!(s.seats[0].computer && s.seats[0].away);
        }
    }
    // She comes back; a move of her own starts the count again.
    accepted(&f.send(&alice, Command::Return));
    f.computers();
    let s = f.stored();
    assert!(!s.seats[0].computer && s.seats[0].timeouts == 0);
    f.play_in(CH, &players);
    f.computers();
    assert_eq!(f.stored().seats[0].timeouts, 0);
}

#[test]
fn a_move_clock_stops_in_quiet_hours_and_runs_always_when_the_game_says_so() {
    for always in [false, true] {
        let mut f = Fixture::new(at("2026-11-27T21:00:00Z"));
        let alice = user(1, "Alice");
        f.me(&alice, quiet("UTC", "22:00", "06:00"));
        accepted(&f.send(
            &alice,
            Command::New(NewGame {
                clock_hours: Some(4),
                clock_pauses: Some(!always),
                computers: 1,
                level: Some(meeplebot::ai::Level::Easy),
                ..NewGame::default()
            }),
        ));
        accepted(&f.send(&alice, Command::Start));
        f.computers();
        f.now = at("2026-11-27T21:00:00Z");
        while f.current_user_in(CH) != alice.id {
            f.computers();
        }
        let c = f.stored().clock.expect("a clock");
        let o = c.offered;
        if always {
            assert_eq!(c.due, [o + 2 * 3600, o + 4 * 3600 * 9 / 10, o + 4 * 3600]);
        } else {
            // One active hour before 22:00, the rest after 06:00.
            let morning = at("2026-11-28T06:00:00Z");
            let used = at("2026-11-27T22:00:00Z") - o;
            assert_eq!(
                c.due,
                [
                    morning + 2 * 3600 - used,
                    morning + 4 * 3600 * 9 / 10 - used,
                    morning + 4 * 3600 - used
                ]
            );
            f.now = at("2026-11-28T01:00:00Z");
            let status = f.send(&alice, Command::Status).text;
            assert!(status.contains("stands still"), "{status}");
        }
    }
}

#[test]
fn the_daily_digest_lists_the_games_waiting_and_replaces_the_pings() {
    let mut f = Fixture::new(at("2026-11-27T09:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    let r = f.me(
        &alice,
        MeChange {
            zone: Some("Europe/Warsaw".into()),
            digest: Some("18:00".into()),
            ..MeChange::default()
        },
    );
    assert!(r.text.contains("Daily digest at 18:00"), "{}", r.text);
    game_in(&mut f, CH, &players, NewGame::default());
    game_in(&mut f, CH2, &players, NewGame::default());
    f.now = at("2026-11-27T10:00:00Z");
    for key in [CH, CH2] {
        until_turn_of(&mut f, key, &bob, &players);
        let r = f.play_in(key, &players);
        assert!(r.ping.is_empty(), "no ping per turn: {:?}", r.ping);
    }
    // 18:00 in Warsaw is 17:00 UTC.
    assert!(f.svc.due_held(at("2026-11-27T16:59:00Z")).is_empty());
    let mut f = f.restart();
    let dm = directs(&f.svc.due_held(at("2026-11-27T17:00:00Z")));
    assert_eq!(dm.len(), 1);
    assert!(
        dm[0].1.contains("2 games are waiting for you"),
        "{}",
        dm[0].1
    );
    assert!(
        dm[0].1.contains("<#1000>") && dm[0].1.contains("<#2000>"),
        "{}",
        dm[0].1
    );
    assert!(dm[0].1.contains("7 h"), "{}", dm[0].1);
    assert_eq!(
        dm[0].1.matches("<https://board.example/g/").count(),
        2,
        "each game's page: {}",
        dm[0].1
    );
    // The next one is due the next day at 18:00, and none before.
    assert!(f.svc.due_held(at("2026-11-28T16:59:00Z")).is_empty());
    f.now = at("2026-11-28T10:00:00Z");
    f.play_in(CH, &players);
    let dm = directs(&f.svc.due_held(at("2026-11-28T17:00:00Z")));
    assert!(dm[0].1.contains("One game is waiting"), "{}", dm[0].1);
    // Turned off: no more digests.
    f.me(
        &alice,
        MeChange {
            digest: Some("off".into()),
            ..MeChange::default()
        },
    );
    assert!(f.svc.due_held(at("2026-11-29T17:00:00Z")).is_empty());
}

#[test]
fn turn_statistics_come_from_known_timings() {
    let mut f = Fixture::new(at("2026-11-27T09:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    game_in(&mut f, CH, &players, NewGame::default());
    // Alice takes 1 h, 3 h and 2 h; Bob 10 min each time.
    let start = f.now;
    let mut t = start;
    for hours in [1, 3, 2] {
        until_turn_of(&mut f, CH, &alice, &players);
        t += hours * 3600;
        f.now = t;
        f.play_in(CH, &players);
        t += 600;
        f.now = t;
        f.play_in(CH, &players);
    }
    let status = f.send(&alice, Command::Status).text;
    assert!(status.contains("Alice 2 h"), "{status}");
    assert!(status.contains("Bob 10 min"), "{status}");
}

#[test]
fn the_end_of_a_game_in_quiet_hours_is_told_when_they_end() {
    let mut f = Fixture::new(at("2026-11-27T23:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let players = [alice.clone(), bob.clone()];
    f.me(&alice, quiet("UTC", "22:00", "07:00"));
    game_in(&mut f, CH, &players, NewGame::default());
    let mut last = Reply::default();
    for _ in 0..200 {
        if f.storage.get_game(CH).unwrap().is_none() {
            break;
        }
        last = f.play_in(CH, &players);
    }
    assert!(f.storage.get_game(CH).unwrap().is_none(), "the game ended");
    assert_eq!(&*last.ping, &[bob.id], "only Bob is awake: {}", last.text);
    let dm = directs(&f.svc.due_held(at("2026-11-28T07:00:00Z")));
    assert_eq!(dm.len(), 1, "{dm:?}");
    assert!(dm[0].1.contains("<#1000>"), "{}", dm[0].1);
}

#[test]
fn quiet_hours_are_at_most_twelve_hours_a_day() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let alice = user(1, "Alice");
    // 23 h 59 min a day would turn a one-hour clock into two months: refused, nothing kept.
    refused(&f.me(&alice, quiet("UTC", "00:01", "00:00")), "12 hours");
    refused(&f.me(&alice, quiet("UTC", "20:00", "08:30")), "12 hours");
    assert_eq!(f.svc.prefs(alice.id).quiet, None);
    let r = f.me(&alice, quiet("UTC", "20:00", "08:00"));
    assert!(r.text.contains("20:00"), "{}", r.text);
}

#[test]
fn an_absence_renewed_for_ever_cannot_hold_a_game_the_others_may_vote_after_a_week() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let players = [user(1, "Alice"), user(2, "Bob"), user(3, "Carol")];
    let alice = players[0].clone();
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            reminder_hours: Some(12),
            ..NewGame::default()
        },
    );
    until_turn_of(&mut f, CH, &alice, &players);
    let away = |f: &mut Fixture, days: u32| {
        f.me(
            &alice,
            MeChange {
                away_days: Some(days),
                ..MeChange::default()
            },
        )
    };
    let start = f.now;
    assert!(away(&mut f, 30).text.contains("Away until"));
    f.svc.take_outbox();
    // Renewed a day before it ends: the game grants 30 days in all, not 59.
    f.now = start + 29 * 86_400;
    assert!(away(&mut f, 30).text.contains("Away until"));
    assert_eq!(f.stored().seats[0].away_until, Some(start + 30 * 86_400));
    assert_eq!(f.stored().seats[0].away_granted, 30 * 86_400);
    f.svc.take_outbox();
    // Once they are used up, a new absence does not hold this game, and it says so.
    f.now = start + 31 * 86_400;
    away(&mut f, 30);
    let told = f.svc.take_outbox();
    assert!(
        told.iter()
            .any(|n| n.reply.text.contains("used up the 30 days")),
        "{:?}",
        told.iter().map(|n| &n.reply.text).collect::<Vec<_>>()
    );

    // Meanwhile the game did not wait for her for 30 days: a week after her turn came (the
    // 12-hour reminders four times over are less), reminders come all the same, and after
    // two unanswered the others may vote the computer in.
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            reminder_hours: Some(12),
            ..NewGame::default()
        },
    );
    until_turn_of(&mut f, CH, &alice, &players);
    let moved = f.stored().last_move_at;
    let week = moved + 7 * 86_400;
    away(&mut f, 30);
    f.svc.take_outbox();
    assert!(
        f.svc.due_reminders(week - 60).is_empty(),
        "the first week is hers"
    );
    let first = f.svc.due_reminders(week);
    assert_eq!(first.len(), 1, "a reminder after a week");
    // It names her (she is away: no ping reaches her).
    assert!(
        first[0].reply.text.contains(&format!("<@{}>", alice.id)),
        "{}",
        first[0].reply.text
    );
    let second = f.svc.due_reminders(week + 12 * 3600);
    assert_eq!(second.len(), 1, "and one each reminder interval");
    let take = second[0]
        .reply
        .buttons
        .iter()
        .find(|b| b.label.contains("takes"))
        .cloned()
        .expect("a vote button");
    f.now = week + 12 * 3600;
    let click = |f: &mut Fixture, who: &Actor| {
        let r = f.svc.handle(Request {
            key: CH,
            actor: who.clone(),
            command: take.action.command.clone(),
            now: f.now,
            game: Some(take.action.game),
            interaction: None,
            locale: Default::default(),
        });
        check_reply(&r);
        r
    };
    accepted(&click(&mut f, &players[1]));
    let done = click(&mut f, &players[2]);
    accepted(&done);
    assert!(f.stored().seats[0].computer, "{}", done.text);
}

#[test]
fn a_member_changes_their_own_settings_a_few_times_a_minute_at_most() {
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let players = [user(1, "Alice"), user(2, "Bob")];
    let alice = players[0].clone();
    game_in(&mut f, CH, &players, NewGame::default());
    // Away and back from a script: each posts in her game; the sixth change in a minute is
    // refused and changes nothing.
    let toggle = |f: &mut Fixture, days: u32| {
        f.me(
            &alice,
            MeChange {
                away_days: Some(days),
                ..MeChange::default()
            },
        )
    };
    for i in 0..5 {
        let r = toggle(&mut f, if i % 2 == 0 { 1 } else { 0 });
        assert!(!r.text.contains("try again"), "{i}: {}", r.text);
    }
    let posted = f.svc.take_outbox().len();
    assert_eq!(posted, 5);
    let r = toggle(&mut f, 0);
    refused(&r, "again");
    assert!(
        f.svc.prefs(alice.id).away_until.is_some(),
        "nothing changed"
    );
    assert!(f.svc.take_outbox().is_empty());
    // Showing the settings is never limited, and a minute later changes work again.
    assert!(!f.me(&alice, MeChange::default()).text.contains("again"));
    f.now += 60;
    assert!(!toggle(&mut f, 0).text.contains("again"));
}

#[test]
fn timers_lost_between_taking_and_acting_are_made_again() {
    let mut f = Fixture::new(at("2026-11-27T09:00:00Z"));
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let r = f.me(
        &alice,
        MeChange {
            digest: Some("18:00".into()),
            ..MeChange::default()
        },
    );
    assert!(r.text.contains("Daily digest at 18:00"), "{}", r.text);
    let r = f.me(
        &bob,
        MeChange {
            away_days: Some(2),
            ..MeChange::default()
        },
    );
    assert!(r.text.contains("Away until"), "{}", r.text);
    // A process takes every timer and dies before acting on them: the digest and the end of
    // the absence are gone from storage.
    let taken = f.storage.take_held(u64::MAX, 100).unwrap();
    assert_eq!(taken.len(), 2);
    assert!(f.storage.all_held().unwrap().is_empty());
    // The next start (or the hourly upkeep) makes both again from the members' settings.
    let mut f = f.restart();
    assert_eq!(f.svc.restore_timers(f.now), 2);
    assert_eq!(f.svc.restore_timers(f.now), 0, "made once");
    let dm = directs(&f.svc.due_held(at("2026-11-27T18:00:00Z")));
    assert_eq!(dm.len(), 1, "the digest came");
    assert_eq!(dm[0].0, alice.id);
    let dm = directs(&f.svc.due_held(f.now + 2 * 86_400));
    assert!(
        dm.iter()
            .any(|(u, t)| *u == bob.id && t.contains("Welcome back")),
        "{dm:?}"
    );
    // The end of the absence was handled: nothing is made again for it.
    assert_eq!(f.svc.restore_timers(f.now + 2 * 86_400), 0);
    // A digest given again with the same time is scheduled again (the way back by hand).
    f.storage.take_held(u64::MAX, 100).unwrap();
    f.me(
        &alice,
        MeChange {
            digest: Some("18:00".into()),
            ..MeChange::default()
        },
    );
    assert_eq!(f.storage.all_held().unwrap().len(), 1);
}

/// Whether the game waits for a bazaar's decision (Bridges, Castles & Bazaars).
fn at_bazaar(f: &Fixture) -> bool {
    use meeplebot::engine::Decision;
    let g = f.stored().live_game().unwrap().unwrap();
    matches!(
        g.pending().decision,
        Decision::Bazaar | Decision::Raise | Decision::Deal
    )
}

/// The first answer `/bazaar` autocompletes for the seat asked, typed by its player.
fn answer_bazaar(f: &mut Fixture, players: &[Actor]) -> Reply {
    let uid = f.current_user_in(CH);
    let who = players.iter().find(|p| p.id == uid).unwrap().clone();
    let choices = f.svc.step_choices(CH, uid, "bazaar", "");
    assert!(
        !choices.is_empty(),
        "the bazaar lists the answers of the seat it asks"
    );
    let r = f.send(
        &who,
        Command::Decide {
            text: format!("bazaar {}", choices[0].0),
            turn: None,
        },
    );
    accepted(&r);
    r
}

/// Bridges, Castles & Bazaars: a bazaar's auction, which asks every seat, over a night. The
/// computer answers for an away player who let it; the seat asked in her quiet hours is named
/// but not pinged, and told when they end, after a restart in the middle of the auction; her
/// answer, once acknowledged, survives another restart.
#[test]
fn a_bazaar_auction_waits_out_quiet_hours_and_the_computer_answers_for_an_away_player() {
    use meeplebot::engine::Decision;
    let mut f = Fixture::new(at("2026-11-27T12:00:00Z"));
    let (alice, bob, carol) = (user(1, "Alice"), user(2, "Bob"), user(3, "Carol"));
    let players = [alice.clone(), bob.clone(), carol.clone()];
    f.me(&alice, quiet("Europe/Berlin", "23:00", "08:00"));
    game_in(
        &mut f,
        CH,
        &players,
        NewGame {
            sets: Some(vec!["bridges".into()]),
            while_away: Some(WhileAway::Computer),
            ..NewGame::default()
        },
    );
    f.me(
        &bob,
        MeChange {
            away_days: Some(3),
            ..MeChange::default()
        },
    );
    f.svc.take_outbox();
    f.computers();
    // 00:30 in Berlin: Alice's quiet hours.
    f.now = at("2026-11-27T23:30:00Z");
    let (mut bob_answered, mut asking) = (0, None);
    for _ in 0..600 {
        let uid = f.current_user_in(CH);
        let bazaar = at_bazaar(&f);
        if uid == bob.id {
            let moved = f.computers();
            assert!(!moved.is_empty(), "the computer answers for Bob, away");
            bob_answered += usize::from(bazaar);
            if uid != f.current_user_in(CH) || !at_bazaar(&f) {
                asking = moved.last().map(|n| n.reply.clone());
            }
            if bazaar && bob_answered > 0 && at_bazaar(&f) && f.current_user_in(CH) == alice.id {
                break;
            }
            continue;
        }
        if bazaar && uid == alice.id && bob_answered > 0 {
            break;
        }
        let g = f.stored().live_game().unwrap().unwrap();
        let who = players.iter().find(|p| p.id == uid).unwrap().clone();
        let r = if bazaar {
            answer_bazaar(&mut f, &players)
        } else if g.pending().decision == Decision::Castle {
            f.send(
                &who,
                Command::Decide {
                    text: "castle score".into(),
                    turn: None,
                },
            )
        } else {
            f.play_in(CH, &players)
        };
        accepted(&r);
        asking = Some(r);
        if f.current_user_in(CH) == bob.id {
            continue;
        }
        if at_bazaar(&f) && f.current_user_in(CH) == alice.id && bob_answered > 0 {
            break;
        }
    }
    assert!(bob_answered > 0, "the computer answered a bazaar for Bob");
    assert!(
        at_bazaar(&f) && f.current_user_in(CH) == alice.id,
        "the auction asks Alice"
    );
    // The question names her but does not ping her in her quiet hours.
    let asking = asking.expect("the message that asks her");
    assert!(
        asking.text.contains("🏪") && asking.text.contains("<@1>"),
        "{}",
        asking.text
    );
    assert!(
        !asking.ping.contains(&alice.id),
        "pinged in quiet hours: {:?}",
        asking.ping
    );
    assert!(asking.direct().is_empty());
    // The process dies mid-auction; at 08:00 in Berlin she is told.
    let before = f.stored().record;
    let mut f = f.restart();
    assert_eq!(f.stored().record, before, "the auction survives a restart");
    assert!(f.svc.due_held(at("2026-11-28T06:59:00Z")).is_empty());
    let dm = directs(&f.svc.due_held(at("2026-11-28T07:00:00Z")));
    assert_eq!(dm.len(), 1, "{dm:?}");
    assert_eq!(dm[0].0, alice.id);
    assert!(dm[0].1.contains("<#1000>"), "{}", dm[0].1);
    // Her answer, acknowledged, survives another restart.
    f.now = at("2026-11-28T07:10:00Z");
    answer_bazaar(&mut f, &players);
    let answered = f.stored().record;
    assert_ne!(answered, before);
    let f = f.restart();
    assert_eq!(
        f.stored().record,
        answered,
        "an acknowledged bid survives a restart"
    );
}
