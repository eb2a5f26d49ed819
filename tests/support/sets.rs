//! Setups for property tests over every combination of sets.

use meeplebot::engine::{FarmRule, Setup, TileSet};

/// `players` seats named P0, P1, ... with these farm rules and sets (base always).
pub fn setup(players: usize, farms: FarmRule, sets: &[TileSet]) -> Setup {
    let mut s = Setup::base((0..players).map(|i| format!("P{i}")));
    s.rules.farms = farms;
    s.sets.extend_from_slice(sets);
    s
}

/// Every combination of the sets players choose (base always).
pub fn combos() -> Vec<Vec<TileSet>> {
    let extra = TileSet::EXPANSIONS;
    (0..1u32 << extra.len())
        .map(|m| {
            extra
                .iter()
                .enumerate()
                .filter(|(i, _)| m & (1 << i) != 0)
                .map(|(_, s)| *s)
                .collect()
        })
        .collect()
}
