//! What each set adds to the service's words: one module per set, each registering its hooks in
//! one ordered table ([`SETS`], the engine's order), so that the generic text code names no set.
//!
//! A hook answers for its own set's actions, errors and events and returns `None` (or nothing)
//! for the rest. The typed and button forms of a set's actions, their labels, the turn line's
//! words for them, the refusals of the set's rules, the set's counts in `status` and the lines a
//! set adds to a turn's report all live in the set's module.

mod abbot;
mod princess;
mod river;
mod tower;
mod traders;

use super::api::Command;
use super::stored::StoredGame;
use crate::engine::{
    Action, ActionError, LiveGame, PlaceError, Pos, Reason, ScoreEvent, TileType, TurnOutcome,
    TurnView,
};
use crate::i18n::Lang;

/// What a set offers at the start of a turn: a line saying so, the command of its button and
/// the button's label.
pub(super) type Offer = (String, Command, String);

/// One set's hooks into the service's words; [`SetWords::NONE`] answers nothing.
pub(super) struct SetWords {
    /// Reads one of the set's typed figure actions from the typed text and its lower case
    /// (`Some(Err(help))`: the set's word with a rest that does not parse).
    pub parse_choice: fn(typed: &str, lower: &str) -> Option<Result<Action, String>>,
    /// The typed form of one of the set's figure actions, as `parse_choice` reads it.
    pub choice_text: fn(Action) -> Option<String>,
    /// The button label of one of the set's figure actions.
    pub choice_label: fn(Lang, Action) -> Option<String>,
    /// The text form of the set's actions taken outside the figure choice (a ransom, a step of
    /// the dragon), as buttons carry them.
    pub action_text: fn(Action) -> Option<String>,
    /// Reads `action_text` back (`Some(None)`: the set's word with a rest that does not parse).
    pub parse_action: fn(&str) -> Option<Option<Action>>,
    /// What one of the set's figure actions did, for the turn line ("and builds a tower …").
    pub move_text: fn(Lang, Action) -> Option<String>,
    /// A refusal of the set's rules, in words.
    pub refusal: fn(Lang, &ActionError) -> Option<String>,
    /// A refused placement under the set's rules, in words.
    pub place_refusal: fn(Lang, &PlaceError) -> Option<String>,
    /// The counts the set adds to a seat's line of `status` (its goods, towers, prisoners).
    pub seat_status: fn(Lang, &LiveGame, usize) -> Vec<String>,
    /// Lines the set adds under the seats in `status`.
    pub game_status: fn(Lang, &LiveGame) -> Vec<String>,
    /// Lines the set adds to the report of a turn, after its move line.
    pub turn_lines: fn(&StoredGame, usize, &TurnOutcome) -> Vec<String>,
    /// Lines the set adds at the end of the report of a turn.
    pub last_lines: fn(&StoredGame, usize, &TurnOutcome) -> Vec<String>,
    /// Score reasons the set reports in its own lines rather than in the move line.
    pub own_reasons: &'static [Reason],
    /// The detail of one of the set's scorings ("3 tokens"; `Some("")`: none).
    pub score_detail: fn(Lang, &ScoreEvent) -> Option<String>,
    /// The words the set adds to a tile's description ("with a volcano").
    pub tile_words: fn(Lang, &TileType) -> Vec<String>,
    /// Why no move can be taken back now, the set's step of a turn being under way.
    pub no_take_back: fn(Lang, &LiveGame) -> Option<String>,
    /// Whether a turn holds the set's steps that other seats took part in (a journey): taking
    /// it back needs their consent.
    pub shared_turn: fn(&TurnView) -> bool,
    /// What the set offers a person at the start of their turn `turn`: a line saying so, and
    /// the command of its button with the button's label.
    pub turn_offers: fn(Lang, &LiveGame, usize) -> Vec<Offer>,
}

impl SetWords {
    /// Hooks that answer nothing, for a set's module to fill in part.
    pub const NONE: SetWords = SetWords {
        parse_choice: |_, _| None,
        choice_text: |_| None,
        choice_label: |_, _| None,
        action_text: |_| None,
        parse_action: |_| None,
        move_text: |_, _| None,
        refusal: |_, _| None,
        place_refusal: |_, _| None,
        seat_status: |_, _, _| Vec::new(),
        game_status: |_, _| Vec::new(),
        turn_lines: |_, _, _| Vec::new(),
        last_lines: |_, _, _| Vec::new(),
        own_reasons: &[],
        score_detail: |_, _| None,
        tile_words: |_, _| Vec::new(),
        no_take_back: |_, _| None,
        shared_turn: |_| false,
        turn_offers: |_, _, _| Vec::new(),
    };
}

/// Every set's hooks, in the engine's order of sets.
pub(super) const SETS: [&SetWords; 5] = [
    &river::WORDS,
    &traders::WORDS,
    &abbot::WORDS,
    &tower::WORDS,
    &princess::WORDS,
];

/// The first answer of the sets' hook `f`.
pub(super) fn first<T>(f: impl Fn(&SetWords) -> Option<T>) -> Option<T> {
    SETS.iter().find_map(|s| f(s))
}

/// Every set's lines of the hook `f`, in the table's order.
pub(super) fn all<T>(f: impl Fn(&SetWords) -> Vec<T>) -> Vec<T> {
    SETS.iter().flat_map(|s| f(s)).collect()
}

/// Whether a set reports scorings of `reason` in its own lines, not in the move line.
pub(super) fn reported_apart(reason: Reason) -> bool {
    SETS.iter().any(|w| w.own_reasons.contains(&reason))
}

/// `[x,y]`, as the sets' labels and lines write a tile's place.
fn xy(p: Pos) -> String {
    format!("[{},{}]", p.x, p.y)
}
