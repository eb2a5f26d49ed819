//! Crash safety: a process playing a game is killed with SIGKILL at random moments; after every
//! restart each move it acknowledged is still in the database, and the game goes on to its end.

use meeplebot::service::storage::Storage;
use meeplebot::service::stored::{Phase, StoredGame};
use meeplebot::store::SledStorage;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn acknowledged_moves_survive_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db");
    let mut rng = rand::rngs::StdRng::seed_from_u64(2024);
    let mut kills = 0;
    let mut finished = false;
    for round in 0..60 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
            .args(["crash-worker", "--data"])
            .arg(&data)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Let it make a few moves, then kill it without warning.
        let wait = Duration::from_millis(rng.gen_range(20..600));
        std::thread::sleep(wait);
        child.kill().ok(); // SIGKILL on Unix
        child.wait().unwrap();
        reader.join().unwrap();
        let acks: Vec<String> = rx.try_iter().collect();
        kills += 1;
        let storage = SledStorage::open(&data).unwrap();
        if acks.iter().any(|a| a == "ack done") {
            // The finished game is in the channel's history.
            let history = storage.history(1).unwrap();
            let last = StoredGame::decode(history.last().unwrap()).unwrap();
            assert_eq!(last.phase, Phase::Finished);
            finished = true;
            break;
        }
        let last_ack: Option<usize> = acks
            .iter()
            .filter_map(|a| a.strip_prefix("ack ").and_then(|n| n.parse().ok()))
            .max();
        let stored = storage
            .get_game(1)
            .unwrap()
            .map(|b| StoredGame::decode(&b).expect("never a torn entry"));
        if let Some(acked) = last_ack {
            let s = stored.expect("an acknowledged game is stored");
            let turns = s.record.as_ref().map(|r| r.turns.len()).unwrap_or(0);
            assert!(
                turns >= acked,
                "round {round}: {acked} acknowledged, {turns} stored"
            );
            // And the stored state is consistent: it replays.
            s.live_game().expect("the stored game replays");
        }
    }
    assert!(kills >= 3, "the worker was killed only {kills} times");
    assert!(finished, "the game did not finish within the rounds");
}
