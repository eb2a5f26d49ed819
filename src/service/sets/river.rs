//! The River's words: the refusals of its placing rules and the river on a tile.

use super::SetWords;
use crate::engine::{PlaceError, TileType};
use crate::i18n::Lang;
use crate::tr;

/// The River's hooks.
pub(super) const WORDS: SetWords = SetWords {
    place_refusal,
    tile_words,
    ..SetWords::NONE
};

fn place_refusal(lang: Lang, e: &PlaceError) -> Option<String> {
    Some(match e {
        PlaceError::RiverFirst(t) => tr!(lang, "err-river-first", tile = t.name()),
        PlaceError::LakeTooEarly => tr!(lang, "err-lake-early"),
        PlaceError::RiverDisconnected(at) => {
            tr!(lang, "err-river-disconnected", at = at.to_string())
        }
        PlaceError::RiverUTurn => tr!(lang, "err-river-u-turn"),
        PlaceError::RiverTrapped => tr!(lang, "err-river-trapped"),
        _ => return None,
    })
}

/// A river piece, its spring or its lake.
fn tile_words(lang: Lang, t: &TileType) -> Vec<String> {
    let river = t.edges.contains(&crate::engine::EdgeKind::River);
    if !(river || t.symbols.spring || t.symbols.lake) {
        return Vec::new();
    }
    vec![tr!(
        lang,
        if t.symbols.spring {
            "tile-river-spring"
        } else if t.symbols.lake {
            "tile-river-lake"
        } else {
            "tile-river"
        }
    )]
}
