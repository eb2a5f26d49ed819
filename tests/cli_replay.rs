//! The `meeplebot replay` command, run as a real process, honours game-record.md's contract.

use std::io::Write;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_meeplebot"))
}

fn scenario(name: &str) -> String {
    format!(
        "{}/tests/scenarios/base/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn replay_prints_the_summary_as_json() {
    let out = bin()
        .args(["replay", &scenario("city_tie_joined")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(v["turns"], 3);
    assert_eq!(v["scores"], serde_json::json!([10, 10]));
    assert_eq!(v["final_scores"], serde_json::json!([10, 10]));
    assert_eq!(v["winners"], serde_json::json!(["Red", "Blue"]));
}

#[test]
fn replay_reads_standard_input() {
    let text = std::fs::read(scenario("city_two_tiles")).unwrap();
    let mut child = bin()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["scores"], serde_json::json!([4, 0]));
}

#[test]
fn an_illegal_turn_fails_with_one_line_naming_it() {
    let out = bin()
        .args(["replay", &scenario("illegal_edge_mismatch")])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("turn 0 (tile E at [0,1] rotation 0): "),
        "{err}"
    );
    assert!(err.contains("north edge (city) meets a field"), "{err}");
}

#[test]
fn a_malformed_record_is_reported_not_panicked() {
    let mut child = bin()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"version\": 1, \"players\": [")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("malformed record"));
}

#[test]
fn the_demo_writes_turn_pictures_the_final_pictures_and_a_record_that_replays() {
    let dir = tempfile::tempdir().unwrap();
    let out = bin()
        .args([
            "demo",
            "--players",
            "2",
            "--seed",
            "5",
            "--level",
            "easy",
            "--out",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["turn-00.png", "turn-10.png", "final.png", "scores.png"] {
        let bytes = std::fs::read(dir.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(bytes.starts_with(b"\x89PNG"), "{name}");
    }
    let replayed = bin()
        .args(["replay"])
        .arg(dir.path().join("record.json"))
        .output()
        .unwrap();
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&replayed.stdout).unwrap();
    // Every tile of the base game but the start tile was drawn.
    assert!(v["turns"].as_u64().unwrap() >= 71, "{v}");
}
