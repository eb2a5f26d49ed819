//! Render benchmarks: a complete 72-tile base game board drawn and PNG-encoded.
//! Run with `cargo bench --bench render`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use meeplebot::engine::random::random_game;
use meeplebot::engine::Setup;
use meeplebot::render::{BoardOptions, Renderer};

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
    c.bench_function("board_png_cold_cache", |b| {
        b.iter(|| {
            let fresh = Renderer::generated();
            black_box(fresh.board_png(black_box(&game), &BoardOptions::default()))
        })
    });
}

criterion_group!(benches, board);
criterion_main!(benches);
