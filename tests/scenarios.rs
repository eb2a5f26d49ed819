//! Scenario tests: every `tests/scenarios/*.json` is a game record plus the scores it must produce.
//!
//! Each file's `expect` says the scores after the last turn, the final scores, the winners, or the
//! index of the turn at which the replay must fail. Files are checked independently and all
//! failures are reported together.

use meeplebot::engine::{replay, Figure, Record, ReplayError, ReplaySummary};
use std::path::PathBuf;

/// Every `tests/scenarios/<set>/*.json`.
fn scenario_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tests/scenarios exists") {
        let dir = dir.expect("readable entry").path();
        if !dir.is_dir() {
            continue;
        }
        for e in std::fs::read_dir(&dir).expect("readable set folder") {
            let p = e.expect("readable entry").path();
            if p.extension().is_some_and(|e| e == "json") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

fn check(path: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let expect = record.expect.clone().ok_or("no \"expect\" block")?;
    match (replay(&record), expect.error_turn) {
        // A version 1 record fails at a turn, a version 2 one at an entry of its log.
        (
            Err(e @ (ReplayError::Turn { index, .. } | ReplayError::Action { index, .. })),
            Some(want),
        ) if index == want => {
            if let Some(part) = &expect.error {
                if !e.to_string().contains(part.as_str()) {
                    return Err(format!("failed at turn {want} but for another reason: {e}"));
                }
            }
            // The turns before the failing one must replay cleanly.
            let mut prefix = record.clone();
            prefix.turns.truncate(want);
            prefix
                .log
                .truncate(if record.version == 1 { 0 } else { want });
            replay(&prefix).map_err(|e| format!("prefix before the illegal turn fails: {e}"))?;
            Ok(())
        }
        (Err(e), Some(want)) => Err(format!("expected failure at turn {want}, got: {e}")),
        (Ok(_), Some(want)) => Err(format!("expected failure at turn {want}, replay succeeded")),
        (Err(e), None) => Err(format!("replay failed: {e}")),
        (Ok(game), None) => {
            let got = ReplaySummary::of(&game);
            let mut problems = Vec::new();
            // The score graph's data: one row before the first turn and one after each, ending
            // with the scores the replay gives.
            match meeplebot::engine::score_history(&record) {
                Ok(h) if h.len() == game.turn_count() + 1 && h.last() == Some(&got.scores) => {}
                Ok(h) => problems.push(format!(
                    "score history has {} rows ending {:?}",
                    h.len(),
                    h.last()
                )),
                Err(e) => problems.push(format!("score history fails: {e}")),
            }
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
            let in_hand: Vec<u8> = game
                .supplies()
                .iter()
                .map(|s| s.count(Figure::Follower) + s.count(Figure::Large))
                .collect();
            let prisoners: Vec<Vec<u8>> = game
                .prisoners()
                .iter()
                .map(|row| row.iter().map(|h| h.iter().sum::<u8>()).collect())
                .collect();
            let pieces: Vec<u8> = game.supplies().iter().map(|s| s.towers).collect();
            let towers: Vec<[i64; 3]> = game
                .towers()
                .iter()
                .filter(|t| t.height > 0)
                .map(|t| [t.at.x as i64, t.at.y as i64, t.height as i64])
                .collect();
            let mut compare = |name: &str, want: Option<String>, got: String| {
                if let Some(want) = want {
                    if want != got {
                        problems.push(format!("{name} {got}, expected {want}"));
                    }
                }
            };
            let fmt = |v: &dyn std::fmt::Debug| format!("{v:?}");
            let mut on_board = vec![0u8; game.player_count()];
            for m in game.meeples() {
                on_board[m.player as usize] += 1;
            }
            compare(
                "board_figures",
                expect.board_figures.as_ref().map(|v| fmt(v)),
                fmt(&on_board),
            );
            compare(
                "in_hand",
                expect.in_hand.as_ref().map(|v| fmt(v)),
                fmt(&in_hand),
            );
            if let Some(want) = &expect.supply {
                for (kind, counts) in want {
                    let got: Vec<u8> = game.supplies().iter().map(|s| s.count(*kind)).collect();
                    compare(&format!("supply of {kind:?}"), Some(fmt(counts)), fmt(&got));
                }
            }
            compare(
                "prisoners",
                expect.prisoners.as_ref().map(|v| fmt(v)),
                fmt(&prisoners),
            );
            compare(
                "tower_pieces",
                expect.tower_pieces.as_ref().map(|v| fmt(v)),
                fmt(&pieces),
            );
            compare(
                "towers",
                expect.towers.as_ref().map(|v| fmt(v)),
                fmt(&towers),
            );
            compare(
                "left",
                expect.left.map(|v| v.to_string()),
                game.remaining_total().to_string(),
            );
            compare(
                "sheep_bag",
                expect.sheep_bag.as_ref().map(|v| fmt(v)),
                fmt(&game.sheep_bag().unwrap_or_default()),
            );
            let flocks: Vec<u32> = (0..game.player_count()).map(|p| game.flock(p)).collect();
            compare(
                "flocks",
                expect.flocks.as_ref().map(|v| fmt(v)),
                fmt(&flocks),
            );
            let castles: Vec<u8> = (0..game.player_count())
                .map(|p| game.castle_tokens(p))
                .collect();
            compare(
                "castles",
                expect.castles.as_ref().map(|v| fmt(v)),
                fmt(&castles),
            );
            let bridges: Vec<u8> = (0..game.player_count())
                .map(|p| game.bridges_in_hand(p))
                .collect();
            compare(
                "bridges",
                expect.bridges.as_ref().map(|v| fmt(v)),
                fmt(&bridges),
            );
            let laid: Vec<String> = game
                .bridges()
                .iter()
                .map(|(p, axis)| format!("{},{}:{axis}", p.x, p.y))
                .collect();
            compare(
                "bridges_on_board",
                expect.bridges_on_board.as_ref().map(|v| format!("{v:?}")),
                format!("{laid:?}"),
            );
            if expect.scores.is_none()
                && expect.final_scores.is_none()
                && expect.winners.is_none()
                && expect.in_hand.is_none()
                && expect.board_figures.is_none()
                && expect.supply.is_none()
                && expect.prisoners.is_none()
                && expect.towers.is_none()
                && expect.left.is_none()
                && expect.sheep_bag.is_none()
                && expect.flocks.is_none()
                && expect.castles.is_none()
                && expect.bridges.is_none()
                && expect.bridges_on_board.is_none()
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
fn every_set_has_scenarios() {
    let files = scenario_files();
    for set in [
        "base", "river", "inns", "traders", "abbot", "tower", "princess",
    ] {
        let n = files
            .iter()
            .filter(|p| {
                p.parent()
                    .and_then(|d| d.file_name())
                    .is_some_and(|d| d == set)
            })
            .count();
        assert!(n >= 3, "tests/scenarios/{set} has {n} scenario files");
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
