//! Fuzz target: any bytes given to the record parser and replay must give a result or an error,
//! never a panic. Run with `cargo +nightly fuzz run replay` from the repository root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use meeplebot::engine::{replay, Record, ReplaySummary};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::from_json(text) {
        if let Ok(game) = replay(&record) {
            // Summaries and re-export must work on every replayable record.
            let _ = ReplaySummary::of(&game).to_string();
            let again = replay(&game.record()).expect("a game's own record replays");
            assert_eq!(again.scores(), game.scores());
        }
    }
});
