//! Engine benchmarks: complete random games (2-player base; 2 players with the River; 4 players
//! with River, Inns, Traders and Abbot; 4 players with the six sets issue 59 was filed with;
//! 4 players with every set), and placement enumeration mid-game.
//! Run with `cargo bench --bench engine`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use meeplebot::engine::random::{random_game, random_turn, shuffled_deck};
use meeplebot::engine::{LiveGame, Setup, TileSet};
use rand::SeedableRng;

/// Four players with these sets besides the base game.
fn four_players(sets: &[TileSet]) -> Setup {
    let mut setup = Setup::base(["A", "B", "C", "D"]);
    setup.sets.extend_from_slice(sets);
    setup
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("base_2p_farmers_per_farm", |b| {
        b.iter(|| {
            seed += 1;
            let g = random_game(Setup::base(["A", "B"]), seed);
            black_box(g.final_scoring())
        })
    });
    group.bench_function("river_2p", |b| {
        b.iter(|| {
            seed += 1;
            let mut setup = Setup::base(["A", "B"]);
            setup.sets.push(TileSet::River);
            let g = random_game(setup, seed);
            black_box(g.final_scoring())
        })
    });
    // Four players with the first sets of `TileSet::EXPANSIONS` (River, Inns, Traders, Abbot,
    // Tower, Princess, Abbey & Mayor, Hills & Sheep, Bridges): the first four; the six of
    // "every set" when issue 59 set its target of 60 µs; all nine.
    for (name, sets) in [("all_sets_4p", 4), ("six_sets_4p", 6), ("every_set_4p", 9)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let g = random_game(four_players(&TileSet::EXPANSIONS[..sets]), seed);
                black_box(g.final_scoring())
            })
        });
    }
    group.finish();
}

fn enumeration(c: &mut Criterion) {
    // A board after 36 random turns.
    let setup = Setup::base(["A", "B"]);
    let mut g = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, 7)).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..36 {
        random_turn(&mut g, &mut rng);
    }
    let tile = g.drawn_tile().unwrap();
    let p = g.legal_placements(tile)[0];
    c.bench_function("legal_placements_mid_game", |b| {
        b.iter(|| black_box(g.legal_placements(black_box(tile))))
    });
    c.bench_function("legal_spots_mid_game", |b| {
        b.iter(|| black_box(g.legal_spots(black_box(tile), p)))
    });
    let mut placed = g.game().clone();
    placed
        .apply(meeplebot::engine::Action::Place {
            at: p.at,
            rotation: p.rotation,
        })
        .unwrap();
    c.bench_function("legal_actions_after_placing", |b| {
        b.iter(|| black_box(placed.legal_actions()))
    });
}

criterion_group!(benches, games, enumeration);
criterion_main!(benches);
