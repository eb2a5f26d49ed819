//! Records of version 2 (the game's log of actions) against version 1 (one entry per drawn
//! tile): the converter gives the same states turn by turn over thousands of random games of
//! every combination of sets, every scenario file converts and plays out the same, and malformed
//! logs are refused with a reason.

use meeplebot::engine::random::{random_action, random_game, shuffled_deck};
use meeplebot::engine::{
    replay, replay_watching, ActionRecord, Decision, FarmRule, Game, LiveGame, Record, ReplayError,
};
use meeplebot::service::stored::StoredGame;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

#[path = "support/sets.rs"]
mod sets;
use sets::{combos, setup};

/// The positions a record shows turn by turn (before the first turn, then after each).
fn positions(record: &Record) -> Vec<Game> {
    let mut out = Vec::new();
    let last = replay_watching(record, |g| out.push(g.clone())).expect("the record replays");
    assert_eq!(
        out.last(),
        Some(&last),
        "the last position is the replayed game"
    );
    out
}

#[test]
fn version_1_and_version_2_give_the_same_states_turn_by_turn_in_thousands_of_games() {
    let mut games = 0;
    let mut turns = 0;
    // Version 1 holds the sets it was written for (not Abbey & Mayor, the last two combinations).
    for (i, sets) in combos().iter().take(64).enumerate() {
        for k in 0..40u64 {
            let seed = 7_000 + 100 * i as u64 + k;
            let farms = [FarmRule::PerFarm, FarmRule::PerCity, FarmRule::None][k as usize % 3];
            let g = random_game(setup(2 + (k as usize % 5), farms, sets), seed);
            let v2 = g.record();
            assert_eq!(v2.version, 2);
            let v1 = v2.to_v1().expect("a played game converts to version 1");
            assert_eq!(v1.version, 1);
            assert!(v1.log.is_empty() && v2.turns.is_empty());
            // The converter gives back the log the game wrote.
            assert_eq!(v1.to_v2().unwrap(), v2, "sets {sets:?} seed {seed}");
            let (a, b) = (positions(&v1), positions(&v2));
            assert_eq!(a.len(), g.turn_count() + 1, "one position per turn");
            assert_eq!(a.len(), b.len(), "sets {sets:?} seed {seed}");
            for (t, (x, y)) in a.iter().zip(&b).enumerate() {
                assert!(x == y, "sets {sets:?} seed {seed}: turn {t} differs");
            }
            assert_eq!(b.last().unwrap(), g.game());
            games += 1;
            turns += a.len() - 1;
        }
    }
    assert_eq!(games, 64 * 40);
    assert!(turns > 64 * 40 * 40, "{turns} turns compared");
}

#[test]
fn a_game_stopped_mid_turn_keeps_its_turn_in_the_log_and_version_1_leaves_it_out() {
    let mut mid_turn = 0;
    for seed in 0..400u64 {
        let sets = &combos()[seed as usize % 64];
        let s = setup(2 + seed as usize % 4, FarmRule::PerFarm, sets);
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let stop = rng.gen_range(1..150);
        for _ in 0..stop {
            if !random_action(&mut g, &mut rng) {
                break;
            }
        }
        let v2 = g.record();
        // The log holds the turn under way: replaying it gives the very same state, and with
        // the bag beside it (as a save keeps it) the very same live game.
        assert_eq!(replay(&v2).unwrap(), *g.game(), "seed {seed}");
        let bag: Vec<_> = g.bag().iter().copied().collect();
        let (resumed, _) = LiveGame::resume(replay(&v2).unwrap(), bag)
            .unwrap_or_else(|e| panic!("seed {seed}, sets {sets:?}: {e}"));
        assert_eq!(resumed, g, "seed {seed}");
        let open = matches!(
            g.pending().decision,
            Decision::Act { .. } | Decision::DragonMove { .. } | Decision::PlaceTile { .. }
        );
        let v1 = v2.to_v1().unwrap();
        let placing = matches!(g.pending().decision, Decision::PlaceTile { .. });
        assert_eq!(
            v1.turns.len() + usize::from(open && !placing),
            g.turn_count(),
            "seed {seed}: the complete turns"
        );
        // Version 1 has the complete turns: replayed, it is the game at the start of the turn
        // under way, whose draw is the next entry of the log.
        let back = v1.to_v2().unwrap();
        assert!(v2.log.starts_with(&back.log), "seed {seed}");
        if open {
            mid_turn += 1;
            let rest = &v2.log[back.log.len()..];
            assert!(rest[0].draw.is_some(), "seed {seed}: {rest:?}");
            assert_eq!(
                rest.iter().filter(|a| a.draw.is_some()).count(),
                1,
                "seed {seed}: one turn left out"
            );
        } else {
            assert_eq!(back, v2, "seed {seed}");
        }
    }
    assert!(mid_turn > 100, "only {mid_turn} games stopped mid-turn");
}

fn scenario_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|e| e == "json") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_scenario_file_converts_to_version_2_and_plays_out_the_same() {
    let mut converted = 0;
    let mut refused = 0;
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let v1 = Record::from_json(&text).unwrap();
        // A set that came after version 1 (Abbey & Mayor, Hills & Sheep, Bridges, Castles &
        // Bazaars) is written only in version 2.
        let later_set = path.parent().is_some_and(|d| {
            d.ends_with("mayor") || d.ends_with("hills") || d.ends_with("bridges")
        });
        if later_set {
            assert_eq!(v1.version, 2, "{}", path.display());
            assert!(
                matches!(
                    v1.to_v1(),
                    Err(ReplayError::NotInVersion1(_)) | Err(ReplayError::Action { .. })
                ),
                "{}: version 1 cannot hold it",
                path.display()
            );
            continue;
        }
        assert_eq!(
            v1.version,
            1,
            "{}: scenario files stay version 1",
            path.display()
        );
        let name = path.display();
        match (v1.to_v2(), replay(&v1)) {
            (Ok(v2), Ok(game)) => {
                // Through JSON, as a file would be written and read back.
                let v2 = Record::from_json(&v2.to_json()).unwrap();
                assert_eq!(v2.version, 2);
                assert_eq!(v2.expect, v1.expect, "{name}: the expectations go along");
                assert_eq!(positions(&v2), positions(&v1), "{name}");
                assert_eq!(replay(&v2).unwrap(), game, "{name}");
                converted += 1;
            }
            (Err(a), Err(b)) => {
                // A scenario of an illegal turn: the converter refuses it for the same reason.
                assert_eq!(a, b, "{name}");
                assert!(matches!(a, ReplayError::Turn { .. }), "{name}: {a}");
                refused += 1;
            }
            (a, b) => panic!("{name}: converter {a:?} but replay {b:?}"),
        }
    }
    assert!(converted > 50, "{converted} scenario files converted");
    assert!(refused > 5, "{refused} scenario files of illegal turns");
}

/// A short base game of version 2 to damage.
fn short_log() -> Record {
    let s = setup(2, FarmRule::PerFarm, &[]);
    let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, 3)).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    for _ in 0..12 {
        random_action(&mut g, &mut rng);
    }
    g.record()
}

fn refused(record: &Record) -> String {
    let text = record.to_json();
    match Record::from_json(&text).and_then(|r| replay(&r)) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_or_illegal_log_entries_are_refused_with_their_index_and_reason() {
    let good = short_log();
    replay(&good).expect("the log replays");
    // Two actions in one entry.
    let mut r = good.clone();
    r.log[1].pass = true;
    let e = refused(&r);
    assert!(
        e.starts_with("action 1 (") && e.contains("it names at, pass"),
        "{e}"
    );
    // No action at all.
    let mut r = good.clone();
    r.log[2] = ActionRecord::default();
    assert!(refused(&r).contains("action 2 ({}): a log entry takes one action: it names none"));
    // A field without the one it goes with.
    let mut r = good.clone();
    r.log[0].rotation = Some(90);
    let e = refused(&r);
    assert!(e.contains("\"rotation\" goes with \"at\""), "{e}");
    // A tile placed where it does not fit: the engine's reason.
    let mut r = good.clone();
    r.log[1].at = Some([40, 40]);
    let e = refused(&r);
    assert!(e.starts_with("action 1 ("), "{e}");
    // A draw where a placement is due.
    let mut r = good.clone();
    r.log.swap(1, 2);
    let e = refused(&r);
    assert!(
        e.contains("action 1") && e.contains("a tile placement"),
        "{e}"
    );
    // An unknown field, and the versions' lists mixed up.
    let text = good.to_json().replacen("\"draw\"", "\"drew\"", 1);
    let e = Record::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("unknown field `drew`"), "{e}");
    let mut r = good.clone();
    r.version = 1;
    assert!(refused(&r).contains("a record of version 1 has \"turns\", not \"log\""));
    let mut r = good.to_v1().unwrap();
    r.version = 2;
    assert!(refused(&r).contains("a record of version 2 has \"log\", not \"turns\""));
    let mut r = good.clone();
    r.version = 3;
    assert!(refused(&r).contains("reads versions 1 and 2"));
}

#[test]
fn a_stored_game_of_version_1_with_its_turn_in_progress_still_loads() {
    // An entry as written before version 2: the record of the complete turns, the turn in
    // progress beside it (a tile placed with no figure, as written while a dragon's journey
    // was under way) and the deck with that turn's tile first.
    let s = setup(2, FarmRule::PerFarm, &[]);
    let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, 11)).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    while g.turn_count() < 9 || !matches!(g.pending().decision, Decision::PlaceTile { .. }) {
        assert!(random_action(&mut g, &mut rng));
    }
    let v1 = g.record().to_v1().unwrap();
    let drawn = g.drawn().unwrap();
    let tile = drawn.tile;
    let p = g.legal_placements(tile)[0];
    let at = [p.at.x as i64, p.at.y as i64];
    let mut deck = vec![drawn.to_string()];
    deck.extend(g.bag().iter().map(|d| d.to_string()));
    let entry = serde_json::json!({
        "schema": 2, "creator": 1, "created_at": 0, "phase": "playing",
        "sets": ["base"], "rules": s.rules, "reminder_hours": 12, "max_players": 6,
        "seats": [{"user": 1, "name": "P0"}, {"user": 2, "name": "P1"}],
        "record": v1, "deck": deck, "seed": 11, "last_move_at": 0, "last_reminder_at": 0,
        "to_play": g.pending().seat, "id": 5,
        "turn_in_progress": {"tile": tile.name(), "at": at, "rotation": p.rotation.degrees()},
    });
    let stored: StoredGame = serde_json::from_value(entry).unwrap();
    let live = stored.live_game().unwrap().unwrap();
    let mut want = g.clone();
    want.apply_all(&[
        meeplebot::engine::Action::Place {
            at: p.at,
            rotation: p.rotation,
        },
        meeplebot::engine::Action::Pass,
    ])
    .unwrap();
    // (The stored game has its own seed for a set's bag of tokens; the rules state and the
    // tiles to draw are what the save held.)
    assert_eq!(
        live.game(),
        want.game(),
        "the game stands where it was saved"
    );
    assert_eq!(live.bag(), want.bag(), "and the tiles to draw");
    assert_eq!(live.record(), want.record(), "and its log is version 2's");
}
