//! `meeplebot demo --storage` keeps its finished game, and `meeplebot migrate` copies games
//! between sled and PostgreSQL either way (PostgreSQL when `MEEPLEBOT_TEST_POSTGRES` is set),
//! refuses a non-empty target without `--force`, and loses nothing on the way.

#[path = "support/postgres.rs"]
mod pg;

use meeplebot::service::storage::{frame, Held, Key, Storage, SummaryEntry};
use meeplebot::store::{PgStorage, SledStorage};
use std::path::Path;
use std::process::Command;

fn meeplebot(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn demo_into(storage: &str, pictures: &Path) {
    let (ok, out, err) = meeplebot(&[
        "demo",
        "--players",
        "2",
        "--level",
        "easy",
        "--seed",
        "3",
        "--out",
        pictures.to_str().unwrap(),
        "--storage",
        storage,
    ]);
    assert!(ok, "demo failed: {err}");
    assert!(out.contains("the finished game is kept in"), "{out}");
}

/// A finished game as stored: channel, end time, summary and record.
type Finished = (Key, u64, Vec<u8>, Option<Vec<u8>>);

/// Everything a storage holds, for comparing two of them.
#[derive(Debug, PartialEq)]
struct Contents {
    games: Vec<(Key, Vec<u8>, Option<Vec<u8>>)>,
    finished: Vec<Finished>,
    prefs: Vec<(u64, Vec<u8>)>,
    servers: Vec<(u64, Vec<u8>)>,
    tournaments: Vec<(u64, u64, Vec<u8>)>,
    /// When each game's work is due.
    due: Vec<(Key, u64)>,
    /// Members' timed messages.
    held: Vec<Held>,
}

fn contents(s: &dyn Storage) -> Contents {
    let games = s
        .index()
        .unwrap()
        .into_iter()
        .map(|(k, entry)| (k, entry, s.get_game(k).unwrap()))
        .collect();
    let finished = s
        .all_summaries()
        .unwrap()
        .into_iter()
        .map(
            |(
                k,
                SummaryEntry {
                    seq,
                    ended_at,
                    bytes,
                },
            )| { (k, ended_at, bytes, s.archived(k, seq).unwrap()) },
        )
        .collect();
    Contents {
        games,
        finished,
        prefs: s.all_prefs().unwrap(),
        servers: s.all_servers().unwrap(),
        tournaments: s.all_tournaments().unwrap(),
        due: s
            .jobs()
            .unwrap()
            .into_iter()
            .map(|(k, j)| (k, j.due_at))
            .collect(),
        held: {
            let mut h = s.all_held().unwrap();
            h.sort_by_key(|h| (h.user, h.topic));
            h
        },
    }
}

/// Adds a live game and a preference beside the demo's finished game.
fn add_live_game_and_pref(s: &dyn Storage) {
    s.put_game(
        Key::new(5, 6),
        None,
        &frame(3, b"{\"lobby\":1}"),
        b"entry",
        Some(1234),
    )
    .unwrap();
    s.put_pref(77, b"{\"notify\":\"dm\"}").unwrap();
    // A ping held until the end of member 77's quiet hours.
    s.hold(&Held {
        user: 77,
        topic: Key::new(5, 6),
        due: 1_800_000_000,
        bytes: b"{\"text\":\"your turn\",\"ping\":true}".to_vec(),
    })
    .unwrap();
    s.put_server(5, b"{\"lang\":\"pl\"}").unwrap();
    s.swap_tournament(5, 9, None, b"{\"name\":\"Spring cup\"}")
        .unwrap();
}

fn migrate(from: &str, to: &str, force: bool) -> (bool, String, String) {
    let mut args = vec!["migrate", "--from", from, "--to", to];
    if force {
        args.push("--force");
    }
    meeplebot(&args)
}

#[test]
fn sled_to_sled_copies_everything_and_refuses_a_full_target() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    demo_into(a.to_str().unwrap(), &tmp.path().join("pictures"));
    let before = {
        let s = SledStorage::open(&a).unwrap();
        add_live_game_and_pref(&s);
        contents(&s)
    };
    assert_eq!(before.finished.len(), 1, "the demo's game was kept");
    assert!(before.finished[0].3.is_some());

    let (ok, out, err) = migrate(a.to_str().unwrap(), b.to_str().unwrap(), false);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"games":1,"archives":1,"prefs":1,"servers":1,"tournaments":1,"links":1,"held":1,"jobs":1,"skipped":0}"#
    );
    assert_eq!(contents(&SledStorage::open(&b).unwrap()), before);

    // Again: the target is not empty.
    let (ok, _, err) = migrate(a.to_str().unwrap(), b.to_str().unwrap(), false);
    assert!(!ok);
    assert!(err.contains("the target is not empty"), "{err}");
    assert!(err.contains("--force"), "{err}");
    // With --force: the live game is replaced, the finished game not copied twice.
    let (ok, out, err) = migrate(a.to_str().unwrap(), b.to_str().unwrap(), true);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"games":1,"archives":0,"prefs":1,"servers":1,"tournaments":1,"links":1,"held":1,"jobs":1,"skipped":1}"#
    );
    assert_eq!(contents(&SledStorage::open(&b).unwrap()), before);

    // A missing source is named, and nothing is created for it.
    let missing = tmp.path().join("missing");
    let (ok, _, err) = migrate(missing.to_str().unwrap(), b.to_str().unwrap(), false);
    assert!(!ok && err.contains("no such directory"), "{err}");
    assert!(!missing.exists());
}

#[test]
fn postgres_and_sled_both_ways() {
    let Some(schema) = pg::schema("postgres_and_sled_both_ways") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    // The demo plays through PostgreSQL and keeps its game there.
    demo_into(&schema.url, &tmp.path().join("pictures"));
    let before = {
        let s = PgStorage::open(&schema.url).unwrap();
        add_live_game_and_pref(&s);
        contents(&s)
    };
    assert_eq!(before.finished.len(), 1);

    // PostgreSQL → sled → a second PostgreSQL schema: the same contents at every step.
    let dir = tmp.path().join("sled");
    let (ok, out, err) = migrate(&schema.url, dir.to_str().unwrap(), false);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"games":1,"archives":1,"prefs":1,"servers":1,"tournaments":1,"links":1,"held":1,"jobs":1,"skipped":0}"#
    );
    assert_eq!(contents(&SledStorage::open(&dir).unwrap()), before);

    let second = pg::schema("postgres_and_sled_both_ways").unwrap();
    let (ok, out, err) = migrate(dir.to_str().unwrap(), &second.url, false);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"games":1,"archives":1,"prefs":1,"servers":1,"tournaments":1,"links":1,"held":1,"jobs":1,"skipped":0}"#
    );
    assert_eq!(contents(&PgStorage::open(&second.url).unwrap()), before);
    let (ok, _, err) = migrate(dir.to_str().unwrap(), &second.url, false);
    assert!(!ok && err.contains("the target is not empty"), "{err}");
    // The same storage twice is refused.
    let (ok, _, err) = migrate(&second.url, &second.url, false);
    assert!(!ok && err.contains("the same storage"), "{err}");
}
