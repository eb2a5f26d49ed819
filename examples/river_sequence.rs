//! Prints the first turns of a random River game (the whole river, the lake and one land tile)
//! as a game record with no followers: `cargo run --example river_sequence -- SEED`.

use meeplebot::engine::random::random_game;
use meeplebot::engine::{Setup, TileSet};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let setup = Setup {
        sets: vec![TileSet::Base, TileSet::River],
        ..Setup::base(["Red", "Blue"])
    };
    let game = random_game(setup, seed);
    let mut record = game.record();
    record.turns.truncate(12);
    for t in &mut record.turns {
        t.place = None;
        t.figure = None;
    }
    println!("{}", record.to_json());
}
