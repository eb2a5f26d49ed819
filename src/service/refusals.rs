//! Why the engine refused a move, in the player's language, and (from `words`) the words for
//! sides, edges and figures that these and the turn lines share. The engine's errors name the rule
//! in English for logs and tests; a player reads the catalogs' words for each of them here, and
//! for a set's own rules in the set's module ([`super::sets`]).

use super::sets;
pub use super::words::{edge_word, figure_name, side_word, spot_error};
use crate::engine::{ActionError, FollowerError, PlaceError};
use crate::i18n::Lang;
use crate::tr;

/// A refused action in `lang`, as a clause ("the road at road:E is already occupied").
pub fn action_error(lang: Lang, e: &ActionError) -> String {
    if let Some(text) = sets::first(|w| (w.refusal)(lang, e)) {
        return text;
    }
    match e {
        ActionError::GameOver => tr!(lang, "game-over"),
        ActionError::WrongDecision { .. } => tr!(lang, "err-wrong-decision"),
        ActionError::Place(e) => place_error(lang, e),
        ActionError::Follower(e) => follower_error(lang, e),
        e => unworded(e),
    }
}

/// A refusal no set's module words (a bug the refusal tests catch): the engine's English.
fn unworded(e: &dyn std::fmt::Display) -> String {
    tracing::warn!("a refusal without words: {e}");
    e.to_string()
}

/// Why a tile cannot be placed so, in `lang`.
pub fn place_error(lang: Lang, e: &PlaceError) -> String {
    if let Some(text) = sets::first(|w| (w.place_refusal)(lang, e)) {
        return text;
    }
    match e {
        PlaceError::GameOver => tr!(lang, "game-over"),
        PlaceError::NotDrawn { drawn, asked } => tr!(
            lang,
            "err-not-drawn",
            drawn = drawn.name(),
            asked = asked.name()
        ),
        PlaceError::NoneLeft(t) => tr!(lang, "err-tile-none-left", tile = t.name()),
        PlaceError::Occupied(at) => tr!(lang, "place-occupied", at = at.to_string()),
        PlaceError::NotAdjacent(at) => tr!(lang, "place-not-adjacent", at = at.to_string()),
        PlaceError::EdgeMismatch {
            side,
            ours,
            theirs,
            neighbour,
        } => tr!(
            lang,
            "place-edge-mismatch",
            side = side_word(lang, *side),
            ours = edge_word(lang, *ours),
            theirs = edge_word(lang, *theirs),
            at = neighbour.to_string()
        ),
        PlaceError::BadRotation(r) => tr!(lang, "bad-rotation", rotation = *r),
        PlaceError::CannotDiscard { tile, at } => tr!(
            lang,
            "err-cannot-discard",
            tile = tile.name(),
            at = at.to_string()
        ),
        PlaceError::FitsNowhere(t) => tr!(lang, "err-fits-nowhere", tile = t.name()),
        e => unworded(e),
    }
}

fn follower_error(lang: Lang, e: &FollowerError) -> String {
    match e {
        FollowerError::Parse(e) => spot_error(lang, e),
        FollowerError::NoSuchPlace {
            tile,
            rotation,
            spot,
        } => tr!(
            lang,
            "err-no-such-place",
            tile = tile.name(),
            rotation = *rotation,
            spot = spot.to_string()
        ),
        FollowerError::Occupied { spot } => {
            tr!(lang, "err-occupied", spot = spot.to_string())
        }
        FollowerError::NoneLeft(f) => tr!(lang, "err-none-left", kind = f.name()),
        FollowerError::NoFarmers => tr!(lang, "err-no-farmers"),
        FollowerError::CornerPlace(f) => {
            tr!(lang, "err-corner-place", kind = figure_name(lang, *f))
        }
        FollowerError::FigureNotInGame(f) => tr!(
            lang,
            "err-figure-not-in-game",
            figure = figure_name(lang, *f)
        ),
        FollowerError::NeedsOwnFollower { figure, spot } => tr!(
            lang,
            "err-needs-own-follower",
            kind = figure.name(),
            spot = spot.to_string()
        ),
        e => unworded(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::error::{BridgesError, PrincessError, TowerError};
    use crate::engine::{Axis, EdgeKind, Figure, Pos, Side, Spot, TileId};

    #[test]
    fn every_refusal_has_words_in_every_language() {
        let p = Pos::new(1, 2);
        let errors: Vec<ActionError> = vec![
            FollowerError::NoneLeft(Figure::Follower).into(),
            FollowerError::Occupied {
                spot: "road:E".parse::<Spot>().unwrap(),
            }
            .into(),
            PlaceError::RiverUTurn.into(),
            PlaceError::RiverTrapped.into(),
            ActionError::AbbotCompleted(p),
            TowerError::OutOfReach {
                on: p,
                at: Pos::new(0, 0),
                height: 2,
            }
            .into(),
            PrincessError::DragonVisited {
                side: Side::N,
                to: p,
            }
            .into(),
            ActionError::NoAbbot,
            FollowerError::BuilderPlace("city:N".parse::<Spot>().unwrap()).into(),
            FollowerError::GardenIsForTheAbbot.into(),
            FollowerError::Princess(PrincessError::NoPortal).into(),
            PlaceError::NoGardenLeft(TileId(0)).into(),
            PlaceError::RiverFirst(TileId(0)).into(),
            PlaceError::NotAdjacent(p).into(),
            BridgesError::NoneLeft.into(),
            BridgesError::TooFar(p).into(),
            BridgesError::NoTile(p).into(),
            BridgesError::HasOne(p).into(),
            BridgesError::NotFields {
                at: p,
                axis: Axis::NS,
            }
            .into(),
            BridgesError::EndMeets {
                at: p,
                side: Side::W,
                theirs: EdgeKind::City,
            }
            .into(),
        ];
        for lang in Lang::ALL {
            for e in &errors {
                let text = action_error(lang, e);
                assert!(
                    !text.is_empty() && !text.starts_with("err-"),
                    "{lang}: {text}"
                );
                if lang != Lang::En {
                    assert_ne!(text, action_error(Lang::En, e), "{lang}: {text}");
                }
            }
        }
        assert_eq!(
            action_error(Lang::En, &FollowerError::NoneLeft(Figure::Large).into()),
            "you have no large followers left"
        );
    }
}
