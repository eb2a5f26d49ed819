//! Prints the record of a complete random base game: `cargo run --example random_record -- SEED`.

use meeplebot::engine::random::random_game;
use meeplebot::engine::Setup;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let game = random_game(Setup::base(["Alice", "Bob", "Carol"]), seed);
    println!("{}", game.record().to_json());
}
