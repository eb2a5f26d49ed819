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
        },
        command,
        now,
        game: None,
    })
}

fn turns(svc: &Service, now: u64) -> usize {
    let r = host(svc, Command::Export, now);
    let file = r.files.iter().find(|f| f.name.ends_with(".json"));
    let record: serde_json::Value = serde_json::from_slice(&file.expect("a record").bytes).unwrap();
    record["turns"].as_array().map_or(0, |t| t.len())
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
