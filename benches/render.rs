//! Render benchmarks: a complete 72-tile base game board drawn and PNG-encoded, the turn picture
//! made for phones, the score graph and the timelapse GIF of a game with every set.
//! Run with `cargo bench --bench render`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use meeplebot::engine::random::random_game;
use meeplebot::engine::Setup;
use meeplebot::render::{encode, recent_moves, BoardOptions, Renderer};

/// A 4-player base game after 60 random turns, with a tile drawn.
fn late_game() -> meeplebot::engine::LiveGame {
    use meeplebot::engine::random::{random_turn, shuffled_deck};
    use meeplebot::engine::{LiveGame, TileSet};
    use rand::SeedableRng;
    let mut g = LiveGame::new(
        Setup::base(["A", "B", "C", "D"]),
        shuffled_deck(&[TileSet::Base], 42),
    )
    .expect("a game");
    let mut rng = rand::rngs::SmallRng::seed_from_u64(42);
    for _ in 0..60 {
        random_turn(&mut g, &mut rng);
    }
    g
}

fn board(c: &mut Criterion) {
    let game = random_game(Setup::base(["A", "B", "C", "D"]), 42);
    assert!(game.is_over());
    let r = Renderer::generated();
    // Warm the tile cache as a running bot would have it.
    let png = r.board_png(&game, &BoardOptions::default());
    eprintln!("full board PNG: {} bytes", png.len());
    let fin = r.final_png(&game);
    eprintln!("final picture PNG: {} bytes", fin.len());
    c.bench_function("board_png_72_tiles", |b| {
        b.iter(|| black_box(r.board_png(black_box(&game), &BoardOptions::default())))
    });
    c.bench_function("board_draw_only_72_tiles", |b| {
        b.iter(|| black_box(r.board(black_box(&game), &BoardOptions::default())))
    });
    c.bench_function("preview_png", |b| {
        b.iter(|| black_box(r.preview_png(meeplebot::engine::TileId::parse("L").unwrap())))
    });
    // The turn picture made for phones, late in a game (a tile waiting, moves since the seat's
    // last turn outlined) and the score graph of a finished game.
    let live = late_game();
    let phone = BoardOptions {
        mark_legal: true,
        recent: recent_moves(&live, live.current_player()),
        phone: true,
        ..BoardOptions::default()
    };
    eprintln!(
        "turn picture PNG: {} bytes",
        r.board_png(&live, &phone).len()
    );
    c.bench_function("turn_png_phone_late_game", |b| {
        b.iter(|| black_box(r.board_png(black_box(&live), &phone)))
    });
    let series: Vec<Vec<u32>> = (0..4u32)
        .map(|s| (0..73u32).map(|k| k * (s + 1) / 2).collect())
        .collect();
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    c.bench_function("score_graph_png", |b| {
        b.iter(|| black_box(encode(&r.score_graph(&names, black_box(&series)))))
    });
    c.bench_function("board_png_cold_cache", |b| {
        b.iter(|| {
            let fresh = Renderer::generated();
            black_box(fresh.board_png(black_box(&game), &BoardOptions::default()))
        })
    });
}

/// The timelapse GIF of a 4-player game with every set (the final message's attachment).
fn timelapse(c: &mut Criterion) {
    use meeplebot::engine::TileSet;
    let mut setup = Setup::base(["A", "B", "C", "D"]);
    setup.sets.extend([
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Abbot,
        TileSet::Tower,
        TileSet::Princess,
    ]);
    let game = random_game(setup, 7);
    let record = game.record();
    let r = Renderer::generated();
    let gif = r.timelapse(&record).expect("a timelapse");
    eprintln!(
        "timelapse GIF: {} bytes, {} tiles",
        gif.len(),
        game.tiles().len()
    );
    let mut group = c.benchmark_group("timelapse");
    group.sample_size(10);
    group.bench_function("gif_4p_every_set", |b| {
        b.iter(|| black_box(r.timelapse(black_box(&record)).expect("a timelapse")))
    });
    group.finish();
}

criterion_group!(benches, board, timelapse);
criterion_main!(benches);
