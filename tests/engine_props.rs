//! Property tests over many random games: enumerated moves are accepted, rejected moves change
//! nothing, followers are conserved, records replay to the same game, and no input panics.

use meeplebot::engine::random::{random_game, random_turn, shuffled_deck};
use meeplebot::engine::record::apply_turn;
use meeplebot::engine::{
    replay, FarmRule, Figure, Game, Half, Placement, Pos, Record, Rotation, Setup, Side, Spot,
    TurnRecord,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

fn setup(players: usize, farms: FarmRule) -> Setup {
    let mut s = Setup::base((0..players).map(|i| format!("P{i}")));
    s.rules.farms = farms;
    s
}

fn state(g: &Game) -> Game {
    g.clone()
}

fn conserved(g: &Game) {
    for p in 0..g.player_count() {
        let on_board = g
            .meeples()
            .iter()
            .filter(|m| m.player as usize == p)
            .count();
        assert_eq!(
            on_board + g.supplies()[p].followers as usize,
            7,
            "player {p} followers"
        );
    }
}

fn all_spots() -> Vec<Spot> {
    let mut v = vec![Spot::Cloister, Spot::FieldInner];
    for s in Side::ALL {
        v.push(Spot::City(s));
        v.push(Spot::Road(s));
    }
    for h in Half::ALL {
        v.push(Spot::Field(h));
    }
    v
}

/// Plays a random game and checks, at every turn, every enumerated move and a few illegal ones.
fn check_game(seed: u64, players: usize, farms: FarmRule, exhaustive: bool) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let s = setup(players, farms);
    let mut g = Game::with_deck(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
    while let Some(tile) = g.drawn_tile() {
        conserved(&g);
        let placements = g.legal_placements(tile);
        assert!(!placements.is_empty(), "a drawn tile always fits");
        if exhaustive {
            for p in &placements {
                let legal = g.legal_spots(tile, *p);
                for spot in all_spots() {
                    let mut c = g.clone();
                    let r = c.place(tile, p.at, p.rotation, Some(spot), Figure::Follower);
                    let canonical_ok = r.is_ok();
                    // A place is accepted iff its segment is one of the enumerated ones.
                    let seg = Game::spot_segment(tile, p.rotation, spot);
                    let listed = seg
                        .is_some_and(|s| legal.contains(&Game::segment_spot(tile, p.rotation, s)));
                    assert_eq!(canonical_ok, listed, "tile {tile} {p:?} spot {spot}: {r:?}");
                    if r.is_err() {
                        assert_eq!(state(&c), state(&g), "rejected spot changed the game");
                    }
                }
            }
        }
        // Illegal placements change nothing.
        let before = state(&g);
        for _ in 0..8 {
            let at = Pos::new(rng.gen_range(-12..12), rng.gen_range(-12..12));
            let rot = Rotation::from_quarter_turns(rng.gen_range(0..4));
            if !placements.contains(&Placement { at, rotation: rot }) {
                assert!(g.place(tile, at, rot, None, Figure::Follower).is_err());
                assert_eq!(state(&g), before);
            }
        }
        assert!(
            g.discard(tile).is_err(),
            "a tile that fits cannot be discarded"
        );
        assert_eq!(state(&g), before);
        assert!(random_turn(&mut g, &mut rng));
    }
    conserved(&g);
    assert!(g.is_over());
    let fin = g.final_scoring();
    for p in 0..players {
        assert!(fin.scores[p] >= g.scores()[p]);
        assert_eq!(
            fin.scores[p] - g.scores()[p],
            fin.breakdown[p].iter().sum::<u32>()
        );
    }
    // The record replays to the same game.
    let rec = g.record();
    let json = rec.to_json();
    let back = replay(&Record::from_json(&json).unwrap()).unwrap();
    assert_eq!(back.scores(), g.scores());
    assert_eq!(back.final_scoring(), fin);
    assert_eq!(back.meeples(), g.meeples());
    assert_eq!(back.tiles(), g.tiles());
    assert_eq!(back.record(), rec);
}

#[test]
fn exhaustive_move_checks_on_a_few_games() {
    for seed in 0..3 {
        check_game(seed, 2 + seed as usize % 4, FarmRule::PerFarm, true);
    }
}

#[test]
fn thousands_of_random_games_are_consistent() {
    for seed in 0..1500u64 {
        let farms = [FarmRule::PerFarm, FarmRule::PerCity, FarmRule::None][seed as usize % 3];
        let players = 2 + seed as usize % 5;
        if seed % 10 == 0 {
            check_game(seed, players, farms, false);
        } else {
            let g = random_game(setup(players, farms), seed);
            conserved(&g);
            assert_eq!(
                g.tiles().len(),
                72 - g.turns().iter().filter(|t| t.placed.is_none()).count()
            );
            let back = replay(&g.record()).unwrap();
            assert_eq!(back.final_scoring(), g.final_scoring());
        }
    }
}

#[test]
fn farmers_are_refused_when_farms_are_off() {
    let mut g = Game::new(setup(2, FarmRule::None)).unwrap();
    let tile = meeplebot::engine::TileId::parse("U").unwrap();
    let err = g
        .place(
            tile,
            Pos::new(1, 0),
            Rotation::default(),
            Some("field:NNW".parse().unwrap()),
            Figure::Follower,
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "farmers are not used in this game");
}

fn arb_turn() -> impl Strategy<Value = TurnRecord> {
    let tiles = prop::sample::select(vec![
        "A", "D", "E", "K", "U", "V", "X", "C", "B", "Z", "RV-01", "",
    ]);
    let places = prop::option::of(prop::sample::select(vec![
        "city:N",
        "road:E",
        "field:SSW",
        "field:inner",
        "cloister",
        "city:Q",
        "x",
        "road:W",
    ]));
    (
        tiles,
        prop::option::of((-3i64..4, -3i64..4)),
        prop::option::of(prop::sample::select(vec![0i64, 90, 180, 270, 45, -90])),
        places,
        prop::option::of(prop::sample::select(vec![
            "large", "follower", "pig", "dog",
        ])),
        any::<bool>(),
    )
        .prop_map(|(tile, at, rotation, place, figure, discard)| TurnRecord {
            tile: tile.to_string(),
            at: at.map(|(x, y)| [x, y]),
            rotation,
            place: place.map(str::to_string),
            figure: figure.map(str::to_string),
            discard,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Arbitrary turns never panic, and a rejected turn leaves the game unchanged.
    #[test]
    fn arbitrary_turns_never_panic(turns in prop::collection::vec(arb_turn(), 0..40)) {
        let mut g = Game::new(setup(3, FarmRule::PerFarm)).unwrap();
        for t in &turns {
            let before = state(&g);
            if apply_turn(&mut g, t).is_err() {
                prop_assert!(g == before);
            }
            conserved(&g);
        }
        let _ = g.final_scoring();
    }

    /// Arbitrary JSON-ish text never panics the record reader.
    #[test]
    fn arbitrary_record_text_never_panics(s in ".{0,200}") {
        if let Ok(r) = Record::from_json(&s) {
            let _ = replay(&r);
        }
    }
}

#[test]
fn random_games_with_inns_and_cathedrals_replay_exactly() {
    use meeplebot::engine::TileSet;
    for seed in 0..300u64 {
        let setup = Setup {
            sets: vec![TileSet::Base, TileSet::Inns],
            ..Setup::base(["A", "B", "C", "D", "E", "F"])
        };
        let g = meeplebot::engine::random::random_game(setup, seed);
        assert!(g.is_over());
        assert_eq!(
            g.tiles().len() + g.turns().iter().filter(|t| t.placed.is_none()).count(),
            90
        );
        let again = meeplebot::engine::replay(&g.record()).unwrap();
        assert_eq!(again.scores(), g.scores());
        assert_eq!(again.final_scoring(), g.final_scoring());
    }
}

#[test]
fn random_games_with_the_river_replay_exactly() {
    use meeplebot::engine::TileSet;
    for seed in 0..300u64 {
        let setup = Setup {
            sets: vec![TileSet::Base, TileSet::River],
            ..Setup::base(["A", "B", "C"])
        };
        let g = meeplebot::engine::random::random_game(setup, seed);
        assert!(g.is_over());
        // 71 base tiles (the start tile is replaced by the spring) + 11 river tiles.
        assert_eq!(
            g.tiles().len() - 1 + g.turns().iter().filter(|t| t.placed.is_none()).count(),
            82
        );
        // The first 11 turns are the river, the lake last of them.
        let first: Vec<&str> = g.turns()[..11].iter().map(|t| t.tile.name()).collect();
        assert!(first.iter().all(|n| n.starts_with("RV-")), "{first:?}");
        assert_eq!(first[10], "RV-02");
        let again = meeplebot::engine::replay(&g.record()).unwrap();
        assert_eq!(again.scores(), g.scores());
        assert_eq!(again.final_scoring(), g.final_scoring());
    }
}

#[test]
fn random_games_with_the_river_and_inns_replay_exactly() {
    use meeplebot::engine::TileSet;
    for seed in 0..200u64 {
        let setup = Setup {
            sets: vec![TileSet::Base, TileSet::River, TileSet::Inns],
            ..Setup::base(["A", "B", "C", "D", "E", "F"])
        };
        let g = meeplebot::engine::random::random_game(setup, seed);
        assert!(g.is_over());
        assert_eq!(
            g.tiles().len() - 1 + g.turns().iter().filter(|t| t.placed.is_none()).count(),
            100
        );
        let again = meeplebot::engine::replay(&g.record()).unwrap();
        assert_eq!(again.scores(), g.scores());
        assert_eq!(again.final_scoring(), g.final_scoring());
    }
}
