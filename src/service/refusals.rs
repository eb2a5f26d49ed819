//! Why the engine refused a move, in the player's language, and the words for sides, edges
//! and figures that these and the turn lines share. The engine's errors name the rule
//! in English for logs and tests; a player reads the catalogs' words for each of them here.

use crate::engine::{
    ActionError, EdgeKind, Figure, FollowerError, PlaceError, PrincessError, Side, SpotParseError,
    TowerError,
};
use crate::i18n::Lang;
use crate::tr;

/// The name of a direction in `lang` ("north").
pub(super) fn direction(lang: Lang, side: Side) -> String {
    tr!(lang, &format!("direction-{}", side.name()))
}

/// The figure kind named in "you have no … left" (`follower`, `large`, `builder`, `pig`,
/// `abbot`), for the catalogs' selectors.
fn kind(f: crate::engine::Figure) -> &'static str {
    match f {
        crate::engine::Figure::Follower => "follower",
        crate::engine::Figure::Large => "large",
        crate::engine::Figure::Builder => "builder",
        crate::engine::Figure::Pig => "pig",
        crate::engine::Figure::Abbot => "abbot",
    }
}

/// A side's name (`north`) in `lang`.
pub fn side_word(lang: Lang, side: Side) -> String {
    tr!(
        lang,
        match side {
            Side::N => "side-n",
            Side::E => "side-e",
            Side::S => "side-s",
            Side::W => "side-w",
        }
    )
}

/// An edge's kind (`city`) in `lang`.
pub fn edge_word(lang: Lang, edge: EdgeKind) -> String {
    tr!(
        lang,
        match edge {
            EdgeKind::Field => "edge-field",
            EdgeKind::Road => "edge-road",
            EdgeKind::City => "edge-city",
            EdgeKind::River => "edge-river",
        }
    )
}

/// A figure kind's name in `lang`, without article ("large follower").
pub fn figure_name(lang: Lang, figure: Figure) -> String {
    tr!(
        lang,
        match figure {
            Figure::Follower => "kind-follower",
            Figure::Large => "kind-large",
            Figure::Builder => "kind-builder",
            Figure::Pig => "kind-pig",
            Figure::Abbot => "kind-abbot",
        }
    )
}

/// A refused action in `lang`, as a clause ("the road at road:E is already occupied").
pub fn action_error(lang: Lang, e: &ActionError) -> String {
    match e {
        ActionError::GameOver => tr!(lang, "game-over"),
        ActionError::WrongDecision { .. } => tr!(lang, "err-wrong-decision"),
        ActionError::NoAbbot => tr!(lang, "err-no-abbot"),
        ActionError::Place(e) => place_error(lang, e),
        ActionError::Follower(e) => follower_error(lang, e),
        ActionError::Tower(e) => tower_error(lang, e),
        ActionError::Princess(e) => princess_error(lang, e),
    }
}

/// Why a tile cannot be placed so, in `lang`.
pub fn place_error(lang: Lang, e: &PlaceError) -> String {
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
        PlaceError::RiverFirst(t) => tr!(lang, "err-river-first", tile = t.name()),
        PlaceError::LakeTooEarly => tr!(lang, "err-lake-early"),
        PlaceError::RiverDisconnected(at) => {
            tr!(lang, "err-river-disconnected", at = at.to_string())
        }
        PlaceError::RiverUTurn => tr!(lang, "err-river-u-turn"),
        PlaceError::CannotDiscard { tile, at } => tr!(
            lang,
            "err-cannot-discard",
            tile = tile.name(),
            at = at.to_string()
        ),
        PlaceError::FitsNowhere(t) => tr!(lang, "err-fits-nowhere", tile = t.name()),
        PlaceError::GardenNotInGame => tr!(lang, "err-garden-not-in-game"),
        PlaceError::NoGardenLeft(t) => tr!(lang, "err-no-garden-left", tile = t.name()),
        PlaceError::OnlyGardensLeft(t) => tr!(lang, "err-only-gardens", tile = t.name()),
    }
}

/// A follower place that does not parse, in `lang`.
pub fn spot_error(lang: Lang, e: &SpotParseError) -> String {
    tr!(lang, "err-spot", typed = format!("{:?}", e.0))
}

fn follower_error(lang: Lang, e: &FollowerError) -> String {
    match e {
        FollowerError::Princess(e) => princess_error(lang, e),
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
        FollowerError::NoneLeft(f) => tr!(lang, "err-none-left", kind = kind(*f)),
        FollowerError::NoFarmers => tr!(lang, "err-no-farmers"),
        FollowerError::FigureNotInGame(f) => tr!(
            lang,
            "err-figure-not-in-game",
            figure = figure_name(lang, *f)
        ),
        FollowerError::GardenIsForTheAbbot => tr!(lang, "err-garden-abbot"),
        FollowerError::AbbotPlace(s) => tr!(lang, "err-abbot-place", spot = s.to_string()),
        FollowerError::BuilderPlace(s) => tr!(lang, "err-builder-place", spot = s.to_string()),
        FollowerError::PigPlace(s) => tr!(lang, "err-pig-place", spot = s.to_string()),
        FollowerError::NeedsOwnFollower { figure, spot } => tr!(
            lang,
            "err-needs-own-follower",
            kind = kind(*figure),
            spot = spot.to_string()
        ),
    }
}

fn princess_error(lang: Lang, e: &PrincessError) -> String {
    let at = |p: &crate::engine::Pos| p.to_string();
    match e {
        PrincessError::NotInGame => tr!(lang, "err-princess-not-in-game"),
        PrincessError::Volcano => tr!(lang, "err-volcano"),
        PrincessError::DragonHere(p) => tr!(lang, "err-dragon-here", at = at(p)),
        PrincessError::NoPrincess => tr!(lang, "err-no-princess"),
        PrincessError::PrincessFirst => tr!(lang, "err-princess-first"),
        PrincessError::NotAKnight { on, spot } => tr!(
            lang,
            "err-not-a-knight",
            spot = spot.to_string(),
            on = at(on)
        ),
        PrincessError::NoTile(p) => tr!(lang, "err-no-tile", at = at(p)),
        PrincessError::FairyThere(p) => tr!(lang, "err-fairy-there", at = at(p)),
        PrincessError::FairyNeedsFollower(p) => {
            tr!(lang, "err-fairy-needs-follower", at = at(p))
        }
        PrincessError::NoJourney => tr!(lang, "dragon-not-journey"),
        PrincessError::DragonEmpty { side, to } => tr!(
            lang,
            "err-dragon-empty",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::DragonVisited { side, to } => tr!(
            lang,
            "err-dragon-visited",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::DragonFairy { side, to } => tr!(
            lang,
            "err-dragon-fairy",
            direction = direction(lang, *side),
            to = at(to)
        ),
        PrincessError::NoPortal => tr!(lang, "err-no-portal"),
        PrincessError::PortalFigure(_) => tr!(lang, "err-portal-figure"),
        PrincessError::NoneLeft(f) => tr!(lang, "err-none-left", kind = kind(*f)),
        PrincessError::NoSuchPlace { on, spot } => tr!(
            lang,
            "err-tile-has-no-place",
            on = at(on),
            spot = spot.to_string()
        ),
        PrincessError::NoFarmers => tr!(lang, "err-no-farmers"),
        PrincessError::Occupied { on, spot } => tr!(
            lang,
            "err-occupied-at",
            on = at(on),
            spot = spot.to_string()
        ),
        PrincessError::Complete { on, spot } => tr!(
            lang,
            "err-complete-at",
            on = at(on),
            spot = spot.to_string()
        ),
    }
}

fn tower_error(lang: Lang, e: &TowerError) -> String {
    let at = |p: &crate::engine::Pos| p.to_string();
    match e {
        TowerError::NotInGame => tr!(lang, "err-tower-not-in-game"),
        TowerError::NoPieces => tr!(lang, "err-no-pieces"),
        TowerError::NoTile(p) => tr!(lang, "err-no-tile", at = at(p)),
        TowerError::NoFoundation(p) => tr!(lang, "err-no-foundation", at = at(p)),
        TowerError::Guarded(p) => tr!(lang, "err-guarded", at = at(p)),
        TowerError::OutOfReach {
            on,
            at: tower,
            height,
        } => tr!(
            lang,
            "err-out-of-reach",
            on = at(on),
            at = at(tower),
            height = *height
        ),
        TowerError::NoFollower { on, spot } => tr!(
            lang,
            "err-no-follower",
            spot = spot.to_string(),
            on = at(on)
        ),
        TowerError::NotCapturable(_) => tr!(lang, "err-not-capturable"),
        TowerError::OnlyTower(s) => tr!(lang, "err-only-tower", spot = s.to_string()),
        TowerError::GuardFigure(_) => tr!(lang, "err-guard-figure"),
        TowerError::NoneLeft(f) => tr!(lang, "err-none-left", kind = kind(*f)),
        TowerError::NoTowerYet(p) => tr!(lang, "err-no-tower-yet", at = at(p)),
        TowerError::AlreadyRansomed => tr!(lang, "ransom-paid-already"),
        TowerError::RansomFrom(_) => tr!(lang, "ransom-other-player"),
        TowerError::NoPrisoner { from, .. } => tr!(lang, "err-no-prisoner", seat = from + 1),
        TowerError::TooPoor(score) => tr!(lang, "ransom-too-poor", score = *score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Figure, Pos, Spot};

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
