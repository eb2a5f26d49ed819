//! Crash safety and restarts: a process playing a computer-only game (the way the bot's worker
//! does) is killed with SIGKILL at random moments, and now and then stopped with SIGTERM. After
//! every restart each move it acknowledged is still in the database, the game goes on by itself
//! (the computer queue is rebuilt from the stored index; the worker reports a game left waiting
//! as "stuck"), SIGTERM ends the process cleanly, and the game reaches its end.

use meeplebot::service::storage::{Key, Storage};
use meeplebot::service::stored::{Phase, StoredGame};
use meeplebot::store::SledStorage;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CH: Key = Key {
    guild: 0,
    channel: 1,
};

/// The crash worker on the database in `data` with `args`: the process, its standard error,
/// its output's lines as they come, and the thread that reads them.
fn worker(
    data: &std::path::Path,
    args: &[&str],
) -> (
    std::process::Child,
    std::process::ChildStderr,
    mpsc::Receiver<String>,
    std::thread::JoinHandle<()>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crash-worker"))
        .arg("--data")
        .arg(data)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stderr, rx, reader)
}

#[test]
fn acknowledged_moves_survive_kill_9_and_games_resume_by_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let mut rng = rand::rngs::StdRng::seed_from_u64(2024);
    let (mut kills, mut terms) = (0, 0);
    let mut finished = false;
    let mut progress = Vec::new();
    for round in 0..80 {
        let (mut child, mut stderr, rx, reader) = worker(&data, &[]);
        // Let it make a few moves (the game must go on without any command), then stop it at a
        // random moment after them: a number of acknowledged moves rather than a time, so that
        // a faster machine (or faster pictures) still sees the game stopped many times.
        let moves = rng.gen_range(1..=4);
        let mut early = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while early.len() < moves && Instant::now() < deadline {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    let done = line == "ack done";
                    early.push(line);
                    if done {
                        break;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        std::thread::sleep(Duration::from_millis(rng.gen_range(0..40)));
        let graceful = round % 4 == 3;
        if graceful {
            // SIGTERM: it finishes the turn in progress and exits cleanly.
            unsafe {
                libc::kill(child.id() as i32, libc::SIGTERM);
            }
            let t = Instant::now();
            let status = loop {
                if let Some(s) = child.try_wait().unwrap() {
                    break s;
                }
                assert!(
                    t.elapsed() < Duration::from_secs(20),
                    "SIGTERM did not stop it"
                );
                std::thread::sleep(Duration::from_millis(20));
            };
            let mut err = String::new();
            stderr.read_to_string(&mut err).unwrap();
            assert!(status.success(), "round {round}: {status:?}: {err}");
            terms += 1;
        } else {
            child.kill().ok(); // SIGKILL on Unix
            child.wait().unwrap();
            let mut err = String::new();
            stderr.read_to_string(&mut err).unwrap();
            assert!(!err.contains("stuck"), "round {round}: {err}");
            kills += 1;
        }
        reader.join().unwrap();
        let acks: Vec<String> = early.into_iter().chain(rx.try_iter()).collect();
        let storage = SledStorage::open(&data).unwrap();
        // The last move ends the game: it is stored (the game goes to the channel's history)
        // before the final pictures are drawn and "ack done" is printed, so a kill in between
        // leaves a finished game without its "ack done".
        let ended =
            storage.get_game(CH).unwrap().is_none() && !storage.summaries(CH).unwrap().is_empty();
        if ended || acks.iter().any(|a| a == "ack done") {
            // The finished game is in the channel's history.
            let summaries = storage.summaries(CH).unwrap();
            let last = storage
                .archived(CH, summaries.last().unwrap().seq)
                .unwrap()
                .unwrap();
            let last = StoredGame::decode(&last).unwrap();
            assert_eq!(last.phase, Phase::Finished);
            let acked = acks
                .iter()
                .filter_map(|a| a.strip_prefix("ack ").and_then(|n| n.parse::<usize>().ok()))
                .max()
                .unwrap_or(0);
            let turns = last
                .record
                .as_ref()
                .map_or(0, |r| r.turns_played().unwrap());
            assert!(
                turns >= acked,
                "round {round}: {acked} acknowledged, {turns} in the finished game"
            );
            finished = true;
            break;
        }
        let last_ack: Option<usize> = acks
            .iter()
            .filter_map(|a| a.strip_prefix("ack ").and_then(|n| n.parse().ok()))
            .max();
        let stored = storage
            .get_game(CH)
            .unwrap()
            .map(|b| StoredGame::decode(&b).expect("never a torn entry"));
        let turns = stored
            .as_ref()
            .and_then(|s| s.record.as_ref())
            .map(|r| r.turns_played().unwrap())
            .unwrap_or(0);
        if let Some(acked) = last_ack {
            assert!(
                turns >= acked,
                "round {round}: {acked} acknowledged, {turns} stored"
            );
        }
        if let Some(s) = &stored {
            // The stored state is consistent: it replays.
            s.live_game().expect("the stored game replays");
        }
        progress.push(turns);
    }
    assert!(kills >= 3, "the worker was killed only {kills} times");
    assert!(terms >= 1, "SIGTERM was sent only {terms} times");
    assert!(
        finished,
        "the game did not finish within the rounds: turns after each round {progress:?}"
    );
}

/// The channels of the crash worker's reviewed games (`tests/support/crash_worker.rs`).
const REVIEWED: [u64; 3] = [11, 12, 13];

/// The review kept in the summary of `channel`'s game, if any (the summary must decode).
fn kept_review(storage: &SledStorage, channel: u64) -> Option<String> {
    let key = Key { guild: 0, channel };
    let entries = storage.summaries(key).unwrap();
    assert_eq!(
        entries.len(),
        1,
        "channel {channel}: one game in its history"
    );
    let summary: meeplebot::service::stored::Summary =
        serde_json::from_slice(&entries[0].bytes).expect("never a torn summary");
    summary.review.map(|r| serde_json::to_string(&r).unwrap())
}

#[test]
fn reviews_survive_kill_9_are_made_once_and_a_killed_reviewers_work_is_taken_up_again() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let mut rng = rand::rngs::StdRng::seed_from_u64(59);
    // What each channel's review was when first seen: it never changes after.
    let mut seen: [Option<String>; 3] = Default::default();
    let mut acked = [0usize; 3];
    let (mut kills, mut mid_review) = (0, 0);
    let mut done = false;
    const ROUNDS: u64 = 40;
    for round in 0..ROUNDS {
        // Each run is a lease later (the review a killed run held is due again).
        let now = 10_000 + round * 1801;
        let now = now.to_string();
        let (mut child, mut stderr, rx, reader) =
            worker(&data, &["--reviews", "--now", now.as_str()]);
        // The first run plays the games before any kill; then each run is killed at a random
        // moment, most often while a review is being made.
        let mut lines = Vec::new();
        if round == 0 {
            let line = rx.recv_timeout(Duration::from_secs(300)).unwrap();
            assert_eq!(line, "ack games");
            lines.push(line);
        }
        // Each run is let to live a little longer than the one before (a loaded machine reviews
        // slowly), and the last is not killed: the reviews end.
        let wait = if round == ROUNDS - 1 {
            Duration::from_secs(600)
        } else {
            Duration::from_millis(rng.gen_range(0..1500) + 100 * round)
        };
        let deadline = Instant::now() + wait;
        while let Ok(line) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            let end = line == "ack done";
            lines.push(line);
            if end {
                break;
            }
        }
        child.kill().ok(); // SIGKILL on Unix
        let status = child.wait().unwrap();
        reader.join().unwrap();
        lines.extend(rx.try_iter());
        let mut err = String::new();
        stderr.read_to_string(&mut err).unwrap();
        assert!(!err.contains("stuck"), "round {round}: {err}");
        if status.code().is_none() {
            kills += 1;
        } else {
            assert!(status.success(), "round {round}: {status:?}: {err}");
        }
        let storage = SledStorage::open(&data).unwrap();
        for (i, &channel) in REVIEWED.iter().enumerate() {
            acked[i] += lines
                .iter()
                .filter(|l| **l == format!("ack review {channel}"))
                .count();
            assert!(acked[i] <= 1, "channel {channel}: reviewed twice");
            let kept = kept_review(&storage, channel);
            if acked[i] == 1 {
                assert!(
                    kept.is_some(),
                    "round {round}: an acknowledged review is lost"
                );
            }
            match (&seen[i], &kept) {
                (Some(before), Some(now)) => assert_eq!(before, now, "a review changed"),
                (Some(_), None) => panic!("round {round}: channel {channel}'s review is lost"),
                (None, Some(_)) => seen[i] = kept.clone(),
                (None, None) => {}
            }
            // The game itself is untouched by its review: it replays to its end.
            let key = Key { guild: 0, channel };
            let seq = storage.summaries(key).unwrap()[0].seq;
            let game = StoredGame::decode(&storage.archived(key, seq).unwrap().unwrap()).unwrap();
            assert_eq!(game.phase, Phase::Finished);
            assert!(game.live_game().unwrap().unwrap().is_over());
        }
        drop(storage);
        // A run killed before it stored all it was making left one unfinished.
        let ended_here = lines.iter().any(|l| l == "ack done");
        if !ended_here && seen.iter().any(Option::is_none) && status.code().is_none() {
            mid_review += 1;
        }
        if ended_here {
            assert!(seen.iter().all(Option::is_some));
            done = true;
            break;
        }
    }
    eprintln!("{kills} kills, {mid_review} of them with a review left unmade");
    assert!(done, "the reviews were not all made within the rounds");
    assert!(kills >= 3, "the reviewer was killed only {kills} times");
    assert!(
        mid_review >= 2,
        "only {mid_review} kills left a review unmade"
    );
}
