//! Two `meeplebot run` processes over one PostgreSQL database, each running one of two gateway
//! shards against the fake Discord (which routes each server's events to its shard's session,
//! as Discord does). Needs `MEEPLEBOT_TEST_POSTGRES` (otherwise prints that it was skipped).
//!
//! - Games in a server of each shard, with computer seats. One process is killed (SIGKILL) in
//!   the middle of a computer's chain: the other finishes the chain once the lease ends; the
//!   first is restarted and its server's game goes on; every game's record replays.
//! - A person's button delivered to both processes at once (a shard handover), 500 times, while
//!   their timers send due reminders of the same game: each move applies once and is told once.

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
    start_with_hour(fake, url, shards, dir, 2)
}

/// [`start`] with a reminder "hour" of `hour` seconds (due work is looked for as often).
fn start_with_hour(fake: &Fake, url: &str, shards: &str, dir: &std::path::Path, hour: u64) -> Bot {
    // The config of "Running on several machines" in the README: the shards and the database
    // in the file.
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "computer_threads = 1\nshards = \"{shards}\"\n[storage]\nurl = \"{url}\"\n\
             lease_seconds = {LEASE}\n"
        ),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args(["run", "--config", config.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATA_DIR", dir.join("unused"))
        // Look for due work every `hour` seconds.
        .env("MEEPLEBOT_SECONDS_PER_HOUR", hour.to_string())
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

/// The tiles placed in a stored game. A tile that fitted nowhere is discarded and redrawn by
/// the same player: that is a turn in the record but no move, so it is not counted here.
fn placed(s: &StoredGame) -> usize {
    s.record.as_ref().map_or(0, |r| r.tiles_placed())
}

/// Whose user id is to play, and the number of tiles placed ([`placed`]), from storage.
fn state(storage: &PgStorage, key: Key) -> (Option<u64>, usize) {
    let s = stored(storage, key);
    let to_play = s
        .current_seat()
        .and_then(|i| s.seats.get(i))
        .map(|x| x.user);
    (to_play, placed(&s))
}

/// The number of turns in the stored record, discards included.
fn turns(storage: &PgStorage, key: Key) -> usize {
    stored(storage, key)
        .record
        .map_or(0, |r| r.turns_played().unwrap())
}

/// The stored record's turns, for failure messages.
fn record_json(storage: &PgStorage, key: Key) -> String {
    stored(storage, key)
        .record
        .map(|r| serde_json::to_string(&r.log).unwrap_or_default())
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
    meeplebot::engine::replay(&record)
        .expect("the record replays")
        .turn_count()
}

/// A runtime for the tests (the bots are processes of their own; two threads drive the fake).
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Puts a channel in a server of each shard and starts the processes of shards 0 and 1 of 2
/// (directories `p0` and `p1` of the returned one) with a reminder hour of `hour` seconds;
/// returns once both are connected and have registered their commands.
async fn two_processes(fake: &Fake, url: &str, hour: u64) -> (tempfile::TempDir, Bot, Bot) {
    fake.set_guild(CH_0, GUILD_0);
    fake.set_guild(CH_1, GUILD_1);
    let dir = tempfile::tempdir().unwrap();
    let (d0, d1) = (dir.path().join("p0"), dir.path().join("p1"));
    std::fs::create_dir_all(&d0).unwrap();
    std::fs::create_dir_all(&d1).unwrap();
    let p0 = start_with_hour(fake, url, "0/2", &d0, hour);
    let p1 = start_with_hour(fake, url, "1/2", &d1, hour);
    fake.wait_shards(&[0, 1], 2, 0).await;
    fake.wait_ready(2).await;
    (dir, p0, p1)
}

#[test]
fn two_processes_two_shards_one_dies_mid_chain() {
    let Some(schema) = pg::schema("two_processes_two_shards_one_dies_mid_chain") else {
        return;
    };
    let rt = runtime();
    // Opened and dropped outside the runtime: the synchronous client may not be dropped (as it
    // would be when an assertion fails) on a thread that drives async tasks.
    let storage = PgStorage::open(&schema.url).unwrap();
    rt.block_on(cluster(&schema.url, &storage));
}

async fn cluster(url: &str, storage: &PgStorage) {
    assert_eq!((shard_of(GUILD_0, 2), shard_of(GUILD_1, 2)), (0, 1));
    let fake = Fake::start().await;
    let (dir, _p0, mut p1) = two_processes(&fake, url, 2).await;
    let d1 = dir.path().join("p1");

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

/// Rounds of the race between the two processes.
const ROUNDS: usize = 500;

/// A person's button delivered to both processes at once, as during a shard handover, 500
/// times; every tenth round the click waits until the game's reminder is due, so that it lands
/// before, while or after the processes' timers send it (an hour is a second here). Each time
/// the move applies exactly once and is told exactly once: by the answer to the click (the
/// process that finds the click done waits for that answer), or, when the other process
/// answered first ("done already"), by a channel message. Every finished game's record
/// replays.
#[test]
fn the_same_click_in_two_processes_applies_once() {
    let Some(schema) = pg::schema("the_same_click_in_two_processes_applies_once") else {
        return;
    };
    let rt = runtime();
    let storage = PgStorage::open(&schema.url).unwrap();
    rt.block_on(races(&schema.url, &storage));
}

/// Tiles placed in the channel's game, or in the game it just archived when none runs.
fn placed_or_archived(storage: &PgStorage, key: Key, archived_before: usize) -> usize {
    if let Some(bytes) = blocking(|| storage.get_game(key)).unwrap() {
        return placed(&StoredGame::decode(&bytes).unwrap());
    }
    let summaries = blocking(|| storage.summaries(key)).unwrap();
    assert_eq!(summaries.len(), archived_before + 1, "archived once");
    let newest = summaries.iter().map(|x| x.seq).max().unwrap();
    let bytes = blocking(|| storage.archived(key, newest)).unwrap().unwrap();
    placed(&StoredGame::decode(&bytes).unwrap())
}

/// Whether a channel message tells a move: it carries the turn picture, or the final one.
fn tells_a_move(files: &[String]) -> bool {
    files.iter().any(|f| f == "turn.png" || f == "final.png")
}

async fn races(url: &str, storage: &PgStorage) {
    let fake = Fake::start().await;
    let (_dir, _p0, _p1) = two_processes(&fake, url, 1).await;
    let people = [
        User {
            id: 401,
            name: "Ann".into(),
            manage: false,
        },
        User {
            id: 402,
            name: "Ben".into(),
            manage: false,
        },
    ];
    let key = Key::new(GUILD_1, CH_1);
    let (mut rounds, mut games, mut told_by_channel, mut told_by_answer) = (0, 0, 0, 0);
    let mut clicks = Vec::new();
    let started = Instant::now();
    while rounds < ROUNDS {
        // A new game of two people, reminded every hour (a second).
        let opened = slash(
            &fake,
            &people[0],
            CH_1,
            "new",
            vec![int("reminder_hours", 1)],
        )
        .await;
        assert!(!opened.ephemeral(), "{}", opened.content());
        let joined = slash(&fake, &people[1], CH_1, "join", vec![]).await;
        assert!(!joined.ephemeral(), "{}", joined.content());
        let begun = slash(&fake, &people[0], CH_1, "start", vec![]).await;
        assert!(!begun.ephemeral(), "{}", begun.content());
        let archived_before = games;
        games += 1;
        while let Some(bytes) = blocking(|| storage.get_game(key)).unwrap() {
            let s = StoredGame::decode(&bytes).unwrap();
            let Some(seat) = s.current_seat() else { break };
            let who = people
                .iter()
                .find(|p| p.id == s.seats[seat].user)
                .expect("a person is to play");
            let live = s.live_game().unwrap().expect("a game in play");
            let tile = live.drawn_tile().expect("a drawn tile");
            let p = live.game().legal_placements(tile)[0];
            let custom_id = format!(
                "cc:{}:place:{}:{}:{}:{}:none",
                s.game_id(),
                live.game().turn_count(),
                p.at.x,
                p.at.y,
                p.rotation.degrees()
            );
            let before = placed_or_archived(storage, key, archived_before);
            if rounds % 10 == 9 {
                // Until the reminder is due, then 0 to 1,350 ms more: the processes look for
                // due work every second, so the click lands before, while or after they send
                // the reminder.
                let due = s.last_move_at.max(s.last_reminder_at) + 1;
                let at = std::time::UNIX_EPOCH
                    + Duration::from_secs(due)
                    + Duration::from_millis((rounds / 10 % 10) as u64 * 150);
                if let Ok(wait) = at.duration_since(std::time::SystemTime::now()) {
                    tokio::time::sleep(wait).await;
                }
            }
            let from = fake.message_count();
            let id = fake.click_everywhere(who, CH_1, &custom_id);
            clicks.push(id);
            // The first answer comes after the move was stored. The other process's answer
            // ("done already") waits for it and is refused by Discord, so the next round need
            // not wait for it: the counts at the end check it.
            let answer = fake.answer(id).await;
            let after = placed_or_archived(storage, key, archived_before);
            assert_eq!(
                after,
                before + 1,
                "round {rounds}: the move applied {} times",
                after as i64 - before as i64
            );
            if answer.ephemeral() {
                // The other process answered first; the handler tells the move in the channel.
                assert!(
                    answer.content().contains("done already"),
                    "round {rounds}: {}",
                    answer.content()
                );
                let deadline = Instant::now() + Duration::from_secs(30);
                while !fake.channel_message_files()[from..]
                    .iter()
                    .any(|f| tells_a_move(f))
                {
                    assert!(
                        Instant::now() < deadline,
                        "round {rounds}: the move was not told"
                    );
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                told_by_channel += 1;
            } else {
                told_by_answer += 1;
            }
            rounds += 1;
            if rounds == ROUNDS {
                break;
            }
        }
    }
    // Both processes answered every click, and each move was told exactly once: by the answer
    // to its click or by one channel message.
    for &id in &clicks {
        fake.wait_attempts(id, 2).await;
    }
    let in_channel = fake
        .channel_message_files()
        .iter()
        .filter(|f| tells_a_move(f))
        .count();
    assert_eq!(
        (told_by_answer + in_channel, in_channel),
        (ROUNDS, told_by_channel),
        "moves told by answers and in the channel"
    );
    let reminders = fake
        .messages_in(CH_1)
        .iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("reminder:"))
        })
        .count();
    eprintln!(
        "{ROUNDS} clicks handled by both processes over {games} games in {:.0} s: {told_by_answer} \
         moves told by the answer to the click, {told_by_channel} in the channel (the other \
         process answered first), {reminders} reminders sent",
        started.elapsed().as_secs_f64()
    );
    assert!(reminders > 0, "no reminder was sent during the races");
    // Every finished game replays from its archived record.
    for summary in blocking(|| storage.summaries(key)).unwrap() {
        let bytes = blocking(|| storage.archived(key, summary.seq))
            .unwrap()
            .unwrap();
        let record = StoredGame::decode(&bytes)
            .unwrap()
            .record
            .expect("a record");
        meeplebot::engine::replay(&record).expect("the record replays");
    }
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A member's absence declared through one process holds in the other: Alice says she is away
/// in a channel of shard 0; her game in the server of shard 1 says so at once (the seat's
/// absence is stored with the game), its reminders wait, and once the other process reads her
/// settings again (at most ten seconds later) Bob's move there does not ping her. Back through
/// the process of shard 1, her game on shard 0 says so.
#[test]
fn two_processes_agree_on_who_is_away() {
    let Some(schema) = pg::schema("two_processes_agree_on_who_is_away") else {
        return;
    };
    let rt = runtime();
    let storage = PgStorage::open(&schema.url).unwrap();
    rt.block_on(away_in_two_processes(&schema.url, &storage));
}

async fn away_in_two_processes(url: &str, storage: &PgStorage) {
    let fake = Fake::start().await;
    let (_dir, _p0, _p1) = two_processes(&fake, url, 1).await;
    let alice = User {
        id: 311,
        name: "Alice".into(),
        manage: false,
    };
    let bob = User {
        id: 312,
        name: "Bob".into(),
        manage: false,
    };
    // Alice and Bob play in both servers, Bob first, reminders every "hour" (a second).
    for channel in [CH_0, CH_1] {
        let opened = slash(&fake, &bob, channel, "new", vec![int("reminder_hours", 1)]).await;
        assert!(!opened.ephemeral(), "{}", opened.content());
        assert!(!slash(&fake, &alice, channel, "join", vec![])
            .await
            .ephemeral());
        assert!(!slash(&fake, &bob, channel, "start", vec![])
            .await
            .ephemeral());
    }
    let (k0, k1) = (Key::new(GUILD_0, CH_0), Key::new(GUILD_1, CH_1));
    // Through the process of shard 0.
    let away = slash(&fake, &alice, CH_0, "me away", vec![int("days", 3)]).await;
    assert!(away.ephemeral(), "{}", away.content());
    assert!(away.content().contains("Away until"), "{}", away.content());
    for key in [k0, k1] {
        assert!(stored(storage, key).seats[1].away_until.is_some(), "{key}");
    }
    // Each game says so in its channel.
    for channel in [CH_0, CH_1] {
        said_in(&fake, channel, "Alice is away until").await;
    }
    // The other process shows it.
    let status = slash(&fake, &bob, CH_1, "status", vec![]).await;
    assert!(
        status.content().contains("Alice is away until"),
        "{}",
        status.content()
    );
    // Her settings are read again by the other process within ten seconds.
    tokio::time::sleep(Duration::from_secs(11)).await;
    let seen = fake.messages_in(CH_1).len();
    let moved = turn(&fake, &bob, CH_1).await;
    assert_eq!(stored(storage, k1).current_seat(), Some(1), "her turn");
    assert!(
        moved.pinged().is_empty(),
        "pinged while away: {}",
        moved.content()
    );
    // No reminder about her while she is away (an "hour" is a second here).
    tokio::time::sleep(Duration::from_secs(4)).await;
    let reminders = fake.messages_in(CH_1)[seen..]
        .iter()
        .filter(|m| m["content"].as_str().unwrap_or("").contains("reminder"))
        .count();
    assert_eq!(reminders, 0);
    // Back, through the process of shard 1: her game on shard 0 says so.
    let back = slash(
        &fake,
        &alice,
        CH_1,
        "me away",
        vec![json!({"name": "back", "type": 5, "value": true})],
    )
    .await;
    assert!(back.content().contains("Away: no"), "{}", back.content());
    said_in(&fake, CH_0, "Alice is back").await;
    for key in [k0, k1] {
        assert_eq!(stored(storage, key).seats[1].away_until, None, "{key}");
    }
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// Waits (up to 30 s) for a message in `channel` containing `text`.
async fn said_in(fake: &Fake, channel: u64, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !fake
        .messages_in(channel)
        .iter()
        .any(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
    {
        assert!(
            Instant::now() < deadline,
            "{text:?} was not said in {channel}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
