//! Scenario tests: every `tests/scenarios/*.json` is a game record plus the scores it must produce.
//!
//! Each file's `expect` says the scores after the last turn, the final scores, the winners, or the
//! index of the turn at which the replay must fail. Files are checked independently and all
//! failures are reported together.

use meeplebot::engine::{replay, Record, ReplayError, ReplaySummary};
use std::path::PathBuf;

fn scenario_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn check(path: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let expect = record.expect.clone().ok_or("no \"expect\" block")?;
    match (replay(&record), expect.error_turn) {
        (Err(ReplayError::Turn { index, .. }), Some(want)) if index == want => {
            // The turns before the failing one must replay cleanly.
            let mut prefix = record.clone();
            prefix.turns.truncate(want);
            replay(&prefix).map_err(|e| format!("prefix before the illegal turn fails: {e}"))?;
            Ok(())
        }
        (Err(e), Some(want)) => Err(format!("expected failure at turn {want}, got: {e}")),
        (Ok(_), Some(want)) => Err(format!("expected failure at turn {want}, replay succeeded")),
        (Err(e), None) => Err(format!("replay failed: {e}")),
        (Ok(game), None) => {
            let got = ReplaySummary::of(&game);
            let mut problems = Vec::new();
            if let Some(s) = &expect.scores {
                if *s != got.scores {
                    problems.push(format!("scores {:?}, expected {:?}", got.scores, s));
                }
            }
            if let Some(s) = &expect.final_scores {
                if *s != got.final_scores {
                    problems.push(format!(
                        "final scores {:?}, expected {:?}",
                        got.final_scores, s
                    ));
                }
            }
            if let Some(w) = &expect.winners {
                if *w != got.winners {
                    problems.push(format!("winners {:?}, expected {:?}", got.winners, w));
                }
            }
            if expect.scores.is_none() && expect.final_scores.is_none() && expect.winners.is_none()
            {
                problems.push("expect block asserts nothing".into());
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("; "))
            }
        }
    }
}

#[test]
fn every_scenario_scores_as_expected() {
    let files = scenario_files();
    assert!(
        files.len() >= 20,
        "scenario files missing: found {}",
        files.len()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} scenario(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
