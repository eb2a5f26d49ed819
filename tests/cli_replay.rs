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
    // The demo writes version 2: the log of the game.
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("record.json")).unwrap()).unwrap();
    assert_eq!(record["version"], 2);
    assert!(record["log"].as_array().unwrap().len() > 2 * 71, "{record}");
    assert!(record.get("turns").is_none());
}

/// The example of version 2 in docs/game-record.md.
fn docs_example() -> String {
    let doc = std::fs::read_to_string(format!(
        "{}/docs/game-record.md",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let v2 = &doc[doc.find("## Version 2").expect("a section on version 2")..];
    let start = v2.find("```json").unwrap() + "```json".len();
    let end = start + v2[start..].find("```").unwrap();
    v2[start..end].to_string()
}

#[test]
fn the_documented_log_of_version_2_replays_and_a_bad_entry_is_named_in_one_line() {
    let example = docs_example();
    let out = with_stdin(&["replay", "-"], example.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // E completes a two-tile city with Red's knight; W is drawn and waits.
    assert_eq!(v["turns"], 2);
    assert_eq!(v["scores"], serde_json::json!([4, 0]));
    let bad = example.replacen("\"at\": [1, 0]", "\"at\": [5, 5]", 1);
    assert_ne!(bad, example);
    let out = with_stdin(&["replay", "-"], bad.as_bytes());
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("action 4 ({\"at\":[5,5],\"rotation\":90}): "),
        "{err}"
    );
}

/// Runs `meeplebot <args> -` with `input` on standard input.
fn with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The bot may stop reading early (a record too large): a broken pipe is expected then.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Whether text holds a character a terminal acts on (C0 but newline and tab, DEL, C1) or a
/// bidirectional override.
fn has_terminal_controls(text: &str) -> bool {
    text.chars().any(|c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

#[test]
fn record_strings_reach_the_terminal_escaped() {
    // A name with an 8-bit CSI and a bidirectional override replays: the JSON on stdout
    // carries them escaped (and still reads back as the same name).
    let record = std::fs::read_to_string(scenario("city_two_tiles"))
        .unwrap()
        .replace("\"Red\"", "\"Re\\u009b2J\\u202Ed\"");
    let out = with_stdin(&["replay", "-"], record.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!has_terminal_controls(&stdout), "{stdout:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["winners"][0], "Re\u{9b}2J\u{202E}d");
    // An unknown set named with an escape sequence: the error names it, escaped.
    let record = std::fs::read_to_string(scenario("city_two_tiles"))
        .unwrap()
        .replace("\"base\"", "\"\\u001b]0;owned\\u0007\"");
    for cmd in [
        &["replay", "-"][..],
        &["render", "-", "--out", "/dev/null"][..],
        &["review", "-"][..],
    ] {
        let out = with_stdin(cmd, record.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{cmd:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!has_terminal_controls(&stderr), "{cmd:?}: {stderr:?}");
        assert!(stderr.contains("owned"), "{stderr}");
    }
}

#[test]
fn oversized_records_and_names_are_refused_in_one_line() {
    let big = vec![b' '; meeplebot::engine::MAX_RECORD_BYTES + 1];
    let out = with_stdin(&["replay", "-"], &big);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("larger than 4 MiB"), "{err}");
    let record = std::fs::read_to_string(scenario("city_two_tiles"))
        .unwrap()
        .replace("\"Red\"", &format!("\"{}\"", "R".repeat(5000)));
    let out = with_stdin(&["replay", "-"], record.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("player 1 has a name of 5000 characters"),
        "{err}"
    );
}

/// `arena --ladder` plays the round robin and prints a rating table with intervals, the first
/// player as the anchor, and the games behind it; an unknown player is one line of error.
#[test]
fn the_ladder_prints_ratings_with_intervals_and_the_games_behind_them() {
    let out = bin()
        .args([
            "arena",
            "--ladder",
            "random,easy",
            "--games",
            "6",
            "--seed",
            "2",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("| random | +0 | (anchor) | 6 |"), "{text}");
    let easy = text
        .lines()
        .find(|l| l.starts_with("| easy |"))
        .expect(&text);
    assert!(easy.contains(" … "), "{easy}");
    assert!(text.contains("random – easy: 6 games"), "{text}");
    let bad = bin()
        .args(["arena", "--ladder", "random,strong", "--games", "2"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(err.contains("unknown player \"strong\""), "{err}");
}

#[test]
fn review_lists_the_turning_points_and_refuses_a_malformed_record_in_one_line() {
    // A scenario (a version 1 record): reviewed turn by turn, then the summary line.
    let out = bin()
        .args([
            "review",
            &scenario("city_tie_joined"),
            "--iterations",
            "200",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.trim_end().lines().collect();
    let (last, points) = lines.split_last().expect("a summary line");
    assert!(
        last.starts_with("Reviewed in ") && last.ends_with("(200 iterations a search)."),
        "{stdout}"
    );
    for line in points {
        assert!(
            line.starts_with("Turn ") && line.contains(" was worth about +")
                || line.starts_with("No turning points"),
            "{stdout}"
        );
    }
    // The same review again: the same lines but the time.
    let again = bin()
        .args([
            "review",
            &scenario("city_tie_joined"),
            "--iterations",
            "200",
        ])
        .output()
        .unwrap();
    let again = String::from_utf8(again.stdout).unwrap();
    assert_eq!(again.trim_end().lines().count(), lines.len());
    assert_eq!(again.lines().next(), stdout.lines().next());
    // Not a record: one line on standard error, exit status 1.
    let out = with_stdin(&["review", "-"], b"{not json");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}
