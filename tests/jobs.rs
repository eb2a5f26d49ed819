//! Work that is not a reply, kept in storage with a lease, as two processes sharing one
//! PostgreSQL database see it (two services with their own connections and worker names, as
//! two `meeplebot run` processes have): a computer's move goes to the one that claimed it, a
//! process that dies holding work loses it when the lease ends and the other finishes the game,
//! and a game changed by one process is never acted on from the other's stale copy. Needs
//! `MEEPLEBOT_TEST_POSTGRES` (otherwise prints that it was skipped).

#[path = "support/postgres.rs"]
mod pg;

use meeplebot::render::Renderer;
use meeplebot::service::computer::ComputerStep;
use meeplebot::service::storage::Storage;
use meeplebot::service::{Actor, Command, Key, NewGame, Request, Service, Settings};
use meeplebot::store::PgStorage;
use std::sync::Arc;

const CH: Key = Key {
    guild: 4,
    channel: 40,
};

fn process(url: &str) -> Service {
    let storage: Arc<dyn Storage> = Arc::new(PgStorage::open(url).unwrap());
    let settings = Settings {
        seed: Some(11),
        lease_seconds: 60,
        ..Settings::default()
    };
    Service::open(storage, Arc::new(Renderer::generated()), settings).unwrap()
}

fn host(svc: &Service, command: Command, now: u64) -> meeplebot::service::Reply {
    svc.handle(Request {
        key: CH,
        actor: Actor {
            id: 1,
            name: "Host".into(),
            manager: true,
            rights: Default::default(),
        },
        command,
        now,
        game: None,
        interaction: None,
        locale: Default::default(),
    })
}

fn turns(svc: &Service, now: u64) -> usize {
    let r = host(svc, Command::Export, now);
    let file = r.files.iter().find(|f| f.name.ends_with(".json"));
    let text = std::str::from_utf8(&file.expect("a record").bytes).unwrap();
    let record = meeplebot::engine::Record::from_json(text).unwrap();
    record.turns_played().unwrap()
}

/// Tiles placed in a record: a tile that fits nowhere is a discard turn, redrawn by the same
/// player, and so no move.
fn placed(record: &meeplebot::engine::Record) -> usize {
    record.tiles_placed()
}

#[test]
fn two_processes_share_the_work_of_one_database() {
    let Some(schema) = pg::schema("two_processes_share_the_work_of_one_database") else {
        return;
    };
    let (a, b) = (process(&schema.url), process(&schema.url));
    // Process A opens a game of two computers (the host watches) and starts it.
    let now = 1_000;
    assert!(
        !host(
            &a,
            Command::New(NewGame {
                computers: 2,
                spectate: true,
                origin: None,
                level: Some(meeplebot::ai::Level::Easy),
                ..NewGame::default()
            }),
            now
        )
        .ephemeral
    );
    assert!(!host(&a, Command::Start, now).ephemeral);

    // Process B finds the computer's move in storage and claims it: A may not play it.
    assert_eq!(b.claim_due_work(now), 1);
    assert_eq!(b.claim_due_work(now), 0, "claimed once");
    assert!(matches!(a.play_computer(CH, now), ComputerStep::Idle));
    assert_eq!(turns(&a, now), 0);
    let key = b.wait_for_computer(std::time::Duration::ZERO).unwrap();
    assert!(matches!(b.play_computer(key, now), ComputerStep::Played(_)));
    // A reads the move B made: its copy is not stale.
    assert_eq!(turns(&a, now), 1);

    // A claims the next move, then "dies" holding it (never plays, never releases).
    assert_eq!(a.claim_due_work(now + 1), 1);
    drop(a);
    // Within the lease, B cannot take it; once it ended, B claims it and plays on to the end.
    assert_eq!(b.claim_due_work(now + 30), 0);
    assert!(matches!(b.play_computer(CH, now + 30), ComputerStep::Idle));
    assert_eq!(turns(&b, now + 30), 1);
    let later = now + 62;
    assert_eq!(b.claim_due_work(later), 1);
    let mut played = 0;
    while let Some(key) = b.wait_for_computer(std::time::Duration::ZERO) {
        match b.play_computer(key, later) {
            ComputerStep::Played(_) => played += 1,
            // Queued once more by the last move, after which the game had ended.
            ComputerStep::Idle => {}
            ComputerStep::Failed => panic!("after {played} moves: a move failed"),
        }
        assert!(played < 200, "the game did not end");
    }
    assert!(
        played > 60,
        "B played the rest of the game ({played} moves)"
    );
    // The finished game is in the channel's history, and no work is left.
    let storage = PgStorage::open(&schema.url).unwrap();
    assert_eq!(storage.summaries(CH).unwrap().len(), 1);
    assert_eq!(storage.get_game(CH).unwrap(), None);
    assert!(storage.jobs().unwrap().is_empty());
}

/// Two processes get the same move at once (the same interaction handled by both, as during a
/// shard handover), 500 times, and now and then one of them sends a due reminder while the
/// other moves: the move applies exactly once each time, and nothing else is lost.
#[test]
fn the_same_move_in_two_processes_applies_once() {
    let Some(schema) = pg::schema("the_same_move_in_two_processes_applies_once") else {
        return;
    };
    let a = Arc::new(process(&schema.url));
    let b = Arc::new(process(&schema.url));
    let people = [
        Actor {
            id: 1,
            name: "Ann".into(),
            manager: false,
            rights: Default::default(),
        },
        Actor {
            id: 2,
            name: "Ben".into(),
            manager: false,
            rights: Default::default(),
        },
    ];
    let storage = PgStorage::open(&schema.url).unwrap();
    // The game while it runs (`None` once it ended and went to the history).
    let stored = |key: Key| {
        let bytes = storage.get_game(key).unwrap()?;
        Some(meeplebot::service::stored::StoredGame::decode(&bytes).unwrap())
    };
    // `interaction`: the Discord interaction the command came in; the same one given to both
    // services is one interaction delivered twice (a shard handover).
    let send = |svc: &Service, key: Key, who: &Actor, command: Command, now: u64, interaction| {
        svc.handle(Request {
            key,
            actor: who.clone(),
            command,
            now,
            game: None,
            interaction: Some(interaction),
            locale: Default::default(),
        })
    };
    let mut now = 10_000;
    let mut rounds = 0;
    let mut reminders = 0;
    let mut game = 0;
    while rounds < 500 {
        game += 1;
        let key = Key::new(5, 500 + game);
        let new = NewGame {
            reminder_hours: Some(1),
            ..NewGame::default()
        };
        let setup = 10 * game;
        assert!(!send(&a, key, &people[0], Command::New(new), now, setup).ephemeral);
        assert!(!send(&b, key, &people[1], Command::Join, now, setup + 1).ephemeral);
        assert!(!send(&a, key, &people[0], Command::Start, now, setup + 2).ephemeral);
        while let Some(s) = stored(key) {
            let Some(seat) = s.current_seat() else { break };
            let who = people.iter().find(|p| p.id == s.seats[seat].user).unwrap();
            let Some(p) = a.placement_choices(key, who.id, 1).into_iter().next() else {
                break;
            };
            let turns = s.record.as_ref().map_or(0, placed);
            let place = Command::Place {
                x: p.x,
                y: p.y,
                rotation: p.rotation,
                follower: meeplebot::service::FollowerChoice::Act(meeplebot::engine::Action::Pass),
            };
            // Every tenth round, a reminder is due and process b sends it meanwhile.
            let remind = rounds % 10 == 9;
            let interaction = 1_000_000 + rounds;
            now += if remind { 2 * 3600 } else { 1 };
            let barrier = Arc::new(std::sync::Barrier::new(2));
            let moves = {
                let (a, who, place, barrier) =
                    (a.clone(), who.clone(), place.clone(), barrier.clone());
                // In reminder rounds the move starts 0 to 6 ms after the reminder, so that it
                // lands at different points of the reminder's read and write.
                let lag = if remind { (rounds / 10 % 4) * 2 } else { 0 };
                std::thread::spawn(move || {
                    barrier.wait();
                    std::thread::sleep(std::time::Duration::from_millis(lag));
                    let r = send(&a, key, &who, place, now, interaction);
                    (!r.ephemeral, r.repeat, r.text)
                })
            };
            let other = {
                let (b, who, barrier) = (b.clone(), who.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    if remind {
                        // As the bot's timer does: claim the due work, then send reminders.
                        b.claim_due_work(now);
                        (false, false, b.due_reminders(now).len(), String::new())
                    } else {
                        let r = send(&b, key, &who, place, now, interaction);
                        (!r.ephemeral, r.repeat, 0, r.text)
                    }
                })
            };
            let (moved_a, repeat_a, text_a) = moves.join().unwrap();
            let (moved_b, repeat_b, reminded, text_b) = other.join().unwrap();
            reminders += reminded;
            let after = match stored(key) {
                Some(s) => s.record.as_ref().map_or(0, placed),
                // The last tile: the game ended and went to the history.
                None => {
                    let summaries = storage.summaries(key).unwrap();
                    assert_eq!(summaries.len(), 1, "round {rounds}: archived once");
                    let bytes = storage.archived(key, summaries[0].seq).unwrap().unwrap();
                    let end = meeplebot::service::stored::StoredGame::decode(&bytes).unwrap();
                    end.record.as_ref().map_or(0, placed)
                }
            };
            assert_eq!(
                after,
                turns + 1,
                "round {rounds}: the move applied {} times",
                after - turns
            );
            assert!(
                moved_a ^ moved_b || remind && moved_a,
                "round {rounds}: {moved_a} {moved_b}"
            );
            // The one that did not move found the interaction handled (and says so, marked as
            // a repeat for the Discord layer to let the handler answer first).
            assert_eq!(
                (repeat_a, repeat_b),
                (!moved_a, !remind && !moved_b),
                "round {rounds}: A said {text_a:?}, B said {text_b:?}"
            );
            rounds += 1;
            if rounds == 500 {
                break;
            }
        }
    }
    eprintln!("500 races over {game} games; {reminders} reminders sent during a move");
    assert!(reminders > 0, "no reminder raced a move");
}

/// A lobby opened by one process expires in another that never saw it: the due work in storage
/// brings it there.
#[test]
fn a_lobby_expires_in_the_other_process() {
    let Some(schema) = pg::schema("a_lobby_expires_in_the_other_process") else {
        return;
    };
    let a = process(&schema.url);
    assert!(!host(&a, Command::New(NewGame::default()), 0).ephemeral);
    drop(a);
    let b = process(&schema.url);
    let hours = Settings::default().retention.lobby_hours as u64;
    let at = hours * 3600;
    // Not yet due: nothing to claim or expire.
    assert_eq!(b.claim_due_work(at - 1), 0);
    assert!(b.expire_due(at - 1).is_empty());
    assert_eq!(b.claim_due_work(at), 1);
    let notices = b.expire_due(at);
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("lobby here was closed"),
        "{}",
        notices[0].reply.text
    );
    let storage = PgStorage::open(&schema.url).unwrap();
    assert_eq!(storage.get_game(CH).unwrap(), None);
    assert!(storage.jobs().unwrap().is_empty());
}

/// A process that still holds an ended game (it last saw it at version V) never takes the next
/// game of the channel for it, even once that game has been written as often: versions never
/// repeat in a channel, and a write from the old copy is refused.
#[test]
fn a_process_holding_an_ended_game_never_overwrites_the_next_one() {
    let Some(schema) = pg::schema("a_process_holding_an_ended_game_never_overwrites_the_next_one")
    else {
        return;
    };
    let a = process(&schema.url);
    let b = process(&schema.url);
    let storage = PgStorage::open(&schema.url).unwrap();
    let version = || {
        storage
            .get_game(CH)
            .unwrap()
            .and_then(|b| meeplebot::service::storage::version_of(&b))
    };
    // A lobby in A (version 1 of its game), which B aborts; B opens a new lobby.
    assert!(!host(&a, Command::New(NewGame::default()), 1).ephemeral);
    let first = version().unwrap();
    assert!(!host(&b, Command::Abort, 2).ephemeral);
    assert!(!host(&b, Command::New(NewGame::default()), 3).ephemeral);
    let second = version().unwrap();
    assert_ne!(first, second, "the new game's version is not the old one's");
    // A still holds the first lobby at `first`: its freshness check reads the new game's
    // version, so it reads the channel again and acts on the new game.
    let joined = a.handle(Request {
        key: CH,
        actor: Actor {
            id: 2,
            name: "Ben".into(),
            manager: false,
            rights: Default::default(),
        },
        command: Command::Join,
        now: 4,
        game: None,
        interaction: None,
        locale: Default::default(),
    });
    assert!(!joined.ephemeral, "{}", joined.text);
    assert_eq!(version(), Some(second + 1));
    // A write that names the old game's version is refused, whatever number of writes followed.
    let r = storage.put_game(
        CH,
        Some(first),
        &meeplebot::service::storage::frame(first + 1, b"{}"),
        b"",
        None,
    );
    assert!(matches!(
        r,
        Err(meeplebot::service::storage::StorageError::Conflict { .. })
    ));
}

/// A database that does not answer (a lock held on the games table from another connection)
/// gives the player a plain refusal within a few seconds, and the channel works again as soon
/// as the lock is released.
#[test]
fn a_hung_database_gets_a_plain_answer_within_seconds_and_the_channel_recovers() {
    let Some(schema) = pg::schema("a_hung_database_gets_a_plain_answer_within_seconds") else {
        return;
    };
    let a = process(&schema.url);
    assert!(!host(&a, Command::New(NewGame::default()), 1).ephemeral);
    let mut locker = schema.client();
    let mut tx = locker.transaction().unwrap();
    tx.batch_execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        .unwrap();
    let ben = |svc: &Service, now| {
        svc.handle(Request {
            key: CH,
            actor: Actor {
                id: 2,
                name: "Ben".into(),
                manager: false,
                rights: Default::default(),
            },
            command: Command::Join,
            now,
            game: None,
            interaction: None,
            locale: Default::default(),
        })
    };
    let started = std::time::Instant::now();
    let r = ben(&a, 2);
    let took = started.elapsed();
    assert!(r.ephemeral, "{}", r.text);
    assert!(
        r.text.contains("cannot be read right now"),
        "a plain answer: {}",
        r.text
    );
    assert!(!r.text.contains("postgres"), "{}", r.text);
    assert!(
        took < std::time::Duration::from_secs(6),
        "answered after {took:?}"
    );
    tx.rollback().unwrap();
    let r = ben(&a, 3);
    assert!(!r.ephemeral, "{}", r.text);
    assert!(r.text.contains("Ben"), "{}", r.text);
}
