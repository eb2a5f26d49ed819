//! Traders & Builders' words: where the builder and the pig may not go, the goods in `status`,
//! the goods taken and the builder's second turn in a turn's report, and the tokens of a goods
//! scoring.

use super::SetWords;
use crate::engine::tiles::Goods;
use crate::engine::{ActionError, FollowerError, LiveGame, Reason, TurnOutcome};
use crate::i18n::Lang;
use crate::service::stored::StoredGame;
use crate::service::words::seat_name;
use crate::tr;

/// Traders & Builders' hooks.
pub(super) const WORDS: SetWords = SetWords {
    refusal,
    seat_status,
    turn_lines,
    last_lines,
    score_detail: |lang, e| {
        (e.reason == Reason::Goods).then(|| tr!(lang, "count-tokens", n = e.tiles))
    },
    ..SetWords::NONE
};

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    match e {
        ActionError::Follower(FollowerError::BuilderPlace(s)) => {
            Some(tr!(lang, "err-builder-place", spot = s.to_string()))
        }
        ActionError::Follower(FollowerError::PigPlace(s)) => {
            Some(tr!(lang, "err-pig-place", spot = s.to_string()))
        }
        _ => None,
    }
}

/// The seat's goods.
fn seat_status(lang: Lang, game: &LiveGame, seat: usize) -> Vec<String> {
    if !game.has_set(crate::engine::TileSet::Traders) {
        return Vec::new();
    }
    let g = game.goods()[seat];
    vec![tr!(
        lang,
        "status-goods",
        wine = g[Goods::Wine as usize],
        grain = g[Goods::Grain as usize],
        cloth = g[Goods::Cloth as usize]
    )]
}

/// The goods taken.
fn turn_lines(s: &StoredGame, _seat: usize, outcome: &TurnOutcome) -> Vec<String> {
    let lang = crate::i18n::public();
    outcome
        .goods
        .iter()
        .map(|(p, kind, n)| {
            let key = match kind {
                Goods::Wine => "goods-wine",
                Goods::Grain => "goods-grain",
                Goods::Cloth => "goods-cloth",
            };
            tr!(lang, key, name = seat_name(s, *p), n = *n)
        })
        .collect()
}

/// The builder's second turn.
fn last_lines(s: &StoredGame, seat: usize, outcome: &TurnOutcome) -> Vec<String> {
    if !outcome.extra_turn {
        return Vec::new();
    }
    vec![tr!(
        crate::i18n::public(),
        "builder-extra",
        name = seat_name(s, seat)
    )]
}
