//! Seeded decks and uniformly random play, for live games, tests and benchmarks.

use super::game::{tile_counts, Game};
use super::tiles::{TileId, TileSet};
use super::types::{Figure, Setup};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Every drawable tile of the sets (start tile excluded), shuffled with `seed`.
pub fn shuffled_deck(sets: &[TileSet], seed: u64) -> Vec<TileId> {
    let mut deck: Vec<TileId> = tile_counts(sets)
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| std::iter::repeat_n(TileId(i as u8), c as usize))
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    deck.shuffle(&mut rng);
    if sets.contains(&TileSet::River) {
        // River tiles first (shuffled), then the lake, then the rest.
        let lake = super::tiles::lake();
        let (mut river, rest): (Vec<TileId>, Vec<TileId>) =
            deck.into_iter().partition(|t| t.get().has_river());
        river.retain(|&t| t != lake);
        river.push(lake);
        river.extend(rest);
        deck = river;
    }
    deck
}

/// Plays one turn with every decision uniformly random among the legal ones: a placement, then a
/// follower place or none. Returns false if the game is over.
pub fn random_turn<R: Rng>(game: &mut Game, rng: &mut R) -> bool {
    let Some(tile) = game.drawn_tile() else {
        return false;
    };
    let placements = game.legal_placements(tile);
    let Some(&p) = placements.choose(rng) else {
        return false;
    };
    let spots = game.legal_spots(tile, p);
    let k = rng.gen_range(0..=spots.len());
    let spot = spots.get(k).copied();
    game.place(tile, p.at, p.rotation, spot, Figure::Follower)
        .expect("enumerated moves are legal");
    true
}

/// Plays a whole random game from a seeded deck.
pub fn random_game(setup: Setup, seed: u64) -> Game {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let deck = shuffled_deck(&setup.sets, seed);
    let mut game = Game::with_deck(setup, deck).expect("valid setup");
    while random_turn(&mut game, &mut rng) {}
    game
}
