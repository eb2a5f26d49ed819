//! The Abbot's words: the recall typed and on buttons, the refusals of gardens and the abbot,
//! and a complete garden's scoring (no detail, as a cloister's).

use super::SetWords;
use crate::engine::{Action, ActionError, FollowerError, PlaceError, Reason};
use crate::i18n::Lang;
use crate::tr;

/// The Abbot's hooks.
pub(super) const WORDS: SetWords = SetWords {
    parse_choice: |_, lower| {
        matches!(lower, "recall" | "recall abbot" | "recall:abbot").then_some(Ok(Action::Recall))
    },
    choice_text: |a| (a == Action::Recall).then(|| "recall abbot".into()),
    choice_label: |lang, a| (a == Action::Recall).then(|| tr!(lang, "choice-recall")),
    move_text: |lang, a| (a == Action::Recall).then(|| tr!(lang, "move-recall")),
    refusal,
    place_refusal,
    score_detail: |_, e| (e.reason == Reason::Garden && e.complete).then(String::new),
    ..SetWords::NONE
};

fn refusal(lang: Lang, e: &ActionError) -> Option<String> {
    Some(match e {
        ActionError::NoAbbot => tr!(lang, "err-no-abbot"),
        ActionError::AbbotCompleted(at) => tr!(lang, "err-abbot-completed", at = at.to_string()),
        ActionError::Follower(FollowerError::GardenIsForTheAbbot) => tr!(lang, "err-garden-abbot"),
        ActionError::Follower(FollowerError::AbbotPlace(s)) => {
            tr!(lang, "err-abbot-place", spot = s.to_string())
        }
        _ => return None,
    })
}

fn place_refusal(lang: Lang, e: &PlaceError) -> Option<String> {
    Some(match e {
        PlaceError::GardenNotInGame => tr!(lang, "err-garden-not-in-game"),
        PlaceError::NoGardenLeft(t) => tr!(lang, "err-no-garden-left", tile = t.name()),
        PlaceError::OnlyGardensLeft(t) => tr!(lang, "err-only-gardens", tile = t.name()),
        _ => return None,
    })
}
