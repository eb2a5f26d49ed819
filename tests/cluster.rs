//! Two `meeplebot run` processes over one PostgreSQL database, each running one of two gateway
//! shards against the fake Discord (which routes each server's events to its shard's session,
//! as Discord does). Games in a server of each shard, with computer seats. One process is
//! killed (SIGKILL) in the middle of a computer's chain: the other finishes the chain once the
//! lease ends; the first is restarted and its server's game goes on; every game's record
//! replays. Needs `MEEPLEBOT_TEST_POSTGRES` (otherwise prints that it was skipped).

mod support {
    pub mod fake_discord;
}
#[path = "support/postgres.rs"]
mod pg;

use meeplebot::service::storage::Storage;
use meeplebot::service::stored::StoredGame;
use meeplebot::service::Key;
use meeplebot::store::PgStorage;
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::fake_discord::{shard_of, Answer, Fake, User, GUILD};

/// A guild on shard 0 of 2 and one on shard 1.
const GUILD_0: u64 = GUILD + (1 << 22);
const GUILD_1: u64 = GUILD;
const CH_0: u64 = 555_000_000_000_000_010;
const CH_1: u64 = 555_000_000_000_000_011;
/// Seconds a process holds claimed work in this test (the default is 60).
const LEASE: u64 = 5;

struct Bot {
    child: Child,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(fake: &Fake, url: &str, shards: &str, dir: &std::path::Path) -> Bot {
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!("computer_threads = 1\n[storage]\nlease_seconds = {LEASE}\n"),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args([
            "run",
            "--config",
            config.to_str().unwrap(),
            "--shards",
            shards,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATABASE_URL", url)
        .env("MEEPLEBOT_DATA_DIR", dir.join("unused"))
        // Look for due work every 2 s.
        .env("MEEPLEBOT_SECONDS_PER_HOUR", "2")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bot starts");
    Bot { child }
}

fn int(name: &str, v: i64) -> Value {
    json!({"name": name, "type": 4, "value": v})
}

fn string(name: &str, v: &str) -> Value {
    json!({"name": name, "type": 3, "value": v})
}

async fn slash(fake: &Fake, user: &User, channel: u64, sub: &str, options: Vec<Value>) -> Answer {
    let id = fake.slash(user, channel, sub, options);
    fake.answer(id).await
}

/// The user plays a legal tile with no follower (autocomplete for x and y, rotations in order).
async fn turn(fake: &Fake, user: &User, channel: u64) -> Answer {
    let ac = fake.autocomplete(user, channel, "place", vec![], "x", "");
    let x = fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    let ac = fake.autocomplete(user, channel, "place", vec![int("x", x)], "y", "");
    let y = fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    for rotation in 0..4 {
        let opts = vec![
            int("x", x),
            int("y", y),
            int("rotation", rotation),
            string("follower", "none"),
        ];
        let a = slash(fake, user, channel, "place", opts).await;
        if a.ephemeral() && a.content().contains("can't go") {
            continue;
        }
        assert!(!a.ephemeral(), "{}", a.content());
        return a;
    }
    panic!("no rotation fits at [{x},{y}]");
}

/// The synchronous PostgreSQL client may not block a thread that drives async tasks.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

fn stored(storage: &PgStorage, key: Key) -> StoredGame {
    let bytes = blocking(|| storage.get_game(key)).unwrap().expect("a game");
    StoredGame::decode(&bytes).unwrap()
}

/// Whose user id is to play, and the number of tiles placed, from storage. A tile that fitted
/// nowhere is discarded and redrawn by the same player: that is a turn in the record but no
/// move, so it is not counted here.
fn state(storage: &PgStorage, key: Key) -> (Option<u64>, usize) {
    let s = stored(storage, key);
    let to_play = s
        .current_seat()
        .and_then(|i| s.seats.get(i))
        .map(|x| x.user);
    let placed = s
        .record
        .map_or(0, |r| r.turns.iter().filter(|t| !t.discard).count());
    (to_play, placed)
}

/// The number of turns in the stored record, discards included.
fn turns(storage: &PgStorage, key: Key) -> usize {
    stored(storage, key).record.map_or(0, |r| r.turns.len())
}

/// The stored record's turns, for failure messages.
fn record_json(storage: &PgStorage, key: Key) -> String {
    stored(storage, key)
        .record
        .map(|r| serde_json::to_string(&r.turns).unwrap_or_default())
        .unwrap_or_default()
}

/// Waits until the person `user` is to play in `key`; returns the tiles placed by then.
async fn wait_for_person(storage: &PgStorage, key: Key, user: u64, within: Duration) -> usize {
    let deadline = Instant::now() + within;
    loop {
        let (to_play, turns) = state(storage, key);
        if to_play == Some(user) {
            return turns;
        }
        assert!(
            Instant::now() < deadline,
            "{key}: still not {user}'s turn after {within:?} ({turns} turns, {to_play:?} to play)"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The game record as `export` gives it, replayed by the engine.
async fn replays(fake: &Fake, user: &User, channel: u64) -> usize {
    let a = slash(fake, user, channel, "export", vec![]).await;
    let (_, bytes) = a
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".json"))
        .unwrap_or_else(|| panic!("no record: {}", a.content()));
    let record = meeplebot::engine::Record::from_json(std::str::from_utf8(bytes).unwrap()).unwrap();
    meeplebot::engine::replay(&record).expect("the record replays");
    record.turns.len()
}

#[test]
fn two_processes_two_shards_one_dies_mid_chain() {
    let Some(schema) = pg::schema("two_processes_two_shards_one_dies_mid_chain") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // Opened and dropped outside the runtime: the synchronous client may not be dropped (as it
    // would be when an assertion fails) on a thread that drives async tasks.
    let storage = PgStorage::open(&schema.url).unwrap();
    rt.block_on(cluster(&schema.url, &storage));
}

async fn cluster(url: &str, storage: &PgStorage) {
    assert_eq!((shard_of(GUILD_0, 2), shard_of(GUILD_1, 2)), (0, 1));
    let fake = Fake::start().await;
    fake.set_guild(CH_0, GUILD_0);
    fake.set_guild(CH_1, GUILD_1);
    let dir = tempfile::tempdir().unwrap();
    let (d0, d1) = (dir.path().join("p0"), dir.path().join("p1"));
    std::fs::create_dir_all(&d0).unwrap();
    std::fs::create_dir_all(&d1).unwrap();
    let _p0 = start(&fake, url, "0/2", &d0);
    let mut p1 = start(&fake, url, "1/2", &d1);
    fake.wait_shards(&[0, 1], 2, 0).await;
    fake.wait_ready(2).await;

    let alice = User {
        id: 301,
        name: "Alice".into(),
        manage: false,
    };
    let bob = User {
        id: 302,
        name: "Bob".into(),
        manage: false,
    };
    // A game in each server: one person and three easy computers, no reminders.
    for (user, channel) in [(&alice, CH_0), (&bob, CH_1)] {
        let opened = slash(
            &fake,
            user,
            channel,
            "new",
            vec![
                int("computers", 3),
                int("computer_level", 0),
                int("reminder_hours", 0),
            ],
        )
        .await;
        assert!(!opened.ephemeral(), "{}", opened.content());
        let started = slash(&fake, user, channel, "start", vec![]).await;
        assert!(!started.ephemeral(), "{}", started.content());
    }
    let delivered = fake.delivered();
    assert!(
        delivered.get(&0).is_some_and(|&n| n >= 2) && delivered.get(&1).is_some_and(|&n| n >= 2),
        "each shard got its server's interactions: {delivered:?}"
    );

    let (k0, k1) = (Key::new(GUILD_0, CH_0), Key::new(GUILD_1, CH_1));
    // Both people play once and the computers answer (three moves each).
    for (user, channel, key) in [(&alice, CH_0, k0), (&bob, CH_1, k1)] {
        let before = wait_for_person(storage, key, user.id, Duration::from_secs(60)).await;
        turn(&fake, user, channel).await;
        let after = wait_for_person(storage, key, user.id, Duration::from_secs(60)).await;
        assert_eq!(
            after,
            before + 4,
            "{key}: the person's move and three computers' (record: {})",
            record_json(storage, key)
        );
    }

    // Bob moves; his process starts the computers' chain and is killed in its middle.
    let before = state(storage, k1).1;
    turn(&fake, &bob, CH_1).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while state(storage, k1).1 < before + 2 {
        assert!(Instant::now() < deadline, "the chain did not start");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    p1.child.kill().unwrap();
    p1.child.wait().unwrap();
    let killed_at = Instant::now();
    let mid = state(storage, k1).1;
    assert!(
        mid < before + 4,
        "killed in the middle of the chain ({mid} turns)"
    );
    // The other process takes the work over once the lease ends and finishes the chain.
    let after = wait_for_person(storage, k1, bob.id, Duration::from_secs(LEASE + 30)).await;
    assert_eq!(after, before + 4);
    eprintln!(
        "the chain was finished by the other process {:.1} s after the kill (lease {LEASE} s)",
        killed_at.elapsed().as_secs_f64()
    );

    // Restarted, the process of shard 1 answers its server again.
    let seen = fake.identifies();
    let _p1 = start(&fake, url, "1/2", &d1);
    fake.wait_shards(&[1], 2, seen).await;
    turn(&fake, &bob, CH_1).await;
    let last = wait_for_person(storage, k1, bob.id, Duration::from_secs(60)).await;
    assert_eq!(last, before + 8);

    // Nothing acknowledged was lost, and every game's record replays.
    assert_eq!(replays(&fake, &bob, CH_1).await, turns(storage, k1));
    assert_eq!(replays(&fake, &alice, CH_0).await, turns(storage, k0));
    assert_eq!(fake.violations(), Vec::<String>::new());
}
