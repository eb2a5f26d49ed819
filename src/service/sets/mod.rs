//! What each set adds to the service's words: one module per set, each registering its hooks in
//! one ordered table ([`SETS`], the engine's order), so that the generic text code names no set.
//!
//! A hook answers for its own set's actions, errors and events and returns `None` (or nothing)
//! for the rest. The typed and button forms of a set's actions, their labels, the turn line's
//! words for them, the refusals of the set's rules, the set's counts in `status` and the lines a
//! set adds to a turn's report all live in the set's module. The figure choice's forms (typed,
//! labelled, on buttons) live here too: they ask every set's hooks.

mod abbot;
mod bridges;
mod hills;
mod mayor;
mod princess;
mod river;
mod tower;
mod traders;

use super::api::{Button, ButtonStyle, Command, Reply};
use super::stored::StoredGame;
use super::words::{parse_spot, placed_figure};
use crate::engine::{
    Action, ActionError, Decision, Figure, LiveGame, PlaceError, Pos, Reason, ScoreEvent, TileType,
    TurnOutcome, TurnView,
};
use crate::i18n::{self, Lang};
use crate::tr;

/// What a set offers at the start of a turn: a line saying so, and the command of its button
/// with the button's label (none: the line is a hint).
pub(super) type Offer = (String, Option<(Command, String)>);

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
    pub game_status: fn(Lang, &crate::engine::Game) -> Vec<String>,
    /// Lines the set adds under the tiles left in `tiles` (and `status`): what its players
    /// still hold to place besides the stack (Abbey & Mayor's abbeys).
    pub tiles_lines: fn(Lang, &StoredGame, &LiveGame) -> Vec<String>,
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
    /// the command of its button with the button's label (none: the line is a hint).
    pub turn_offers: fn(Lang, &LiveGame, usize) -> Vec<Offer>,
    /// What the set's steps after the figure action did, for the one line of a turn in a
    /// replay and on the web board (the tokens drawn for a flock), each ending its sentence.
    pub replay_words: fn(Lang, &TurnView) -> Vec<String>,
    /// The set's own decisions outside the placing and its figure action.
    pub steps: &'static [&'static SetStep],
}

/// What a step of a set's own did, for its lines: who took it, for whom (`note`: the bot for an
/// overdue player), the game before and after, and the engine's outcome.
pub(super) struct Done<'a> {
    /// The seat that decided.
    pub mover: usize,
    /// Who took the step when it was not the mover's player.
    pub note: Option<&'a str>,
    /// The game before the step.
    pub before: &'a LiveGame,
    /// The game after it.
    pub after: &'a LiveGame,
    /// The actions taken.
    pub actions: &'a [Action],
    /// What the engine says they did.
    pub outcome: &'a TurnOutcome,
    /// The line of a scoring, as every turn's report says it.
    pub score_text: fn(&StoredGame, &ScoreEvent) -> String,
}

/// A decision of a set's own outside the placing and its figure action (The Tower's ransom
/// before placing, a step of the dragon's journey): how it is typed, checked and said. It goes
/// through the one move path like every decision.
pub(super) struct SetStep {
    /// The first word of its typed form ("ransom", "dragon"), as [`Command::Decide`] carries it.
    pub word: &'static str,
    /// Whether `a` is one of its actions.
    pub owns: fn(Action) -> bool,
    /// Whether it comes before the placing in the same turn: the turn goes on (no move is
    /// counted, the turn's message stays).
    pub before_placing: bool,
    /// Why the game has no such decision at all (`None`: it may have).
    pub absent: fn(Lang, &LiveGame) -> Option<String>,
    /// Why it cannot be taken while the game waits for `Decision` (`None`: it can).
    pub wrong_time: fn(Lang, Decision) -> Option<String>,
    /// Refusal keys: a command of an earlier turn or step; someone else's decision (with
    /// `player` and `name`); refused by the rules (with `reason`).
    pub keys: [&'static str; 3],
    /// Reads the typed form (its word and the rest) against the game: the actions, or a
    /// refusal, or a question with buttons.
    pub typed: fn(&str, &StoredGame, &LiveGame) -> Result<Vec<Action>, Reply>,
    /// What the actions did.
    pub lines: fn(&StoredGame, &Done) -> Vec<String>,
    /// The typed forms that may follow the words typed so far (after the step's word), each
    /// with its label, for autocomplete: only legal choices, while the game waits for this
    /// decision (empty otherwise).
    pub choices: fn(&LiveGame, &str) -> Vec<(String, String)>,
    /// Reads a button's custom id posted by an older build (its parts after the game's
    /// number) as the command it meant.
    pub old_button: fn(&[&str]) -> Option<Command>,
    /// When the game itself waits for this decision (a step of the journey), between turns.
    pub waiting: Option<Waiting>,
}

/// A set's decision the game waits for on its own, between the turn's placing and the next
/// turn (a step of the dragon's journey).
pub(super) struct Waiting {
    /// The step's number when the game's pending decision is this one (`None`: it is not).
    pub pending: fn(Decision) -> Option<u8>,
    /// Why a seat cannot place (`tap`: by buttons) while this decision waits for `name`.
    pub wait: fn(Lang, bool, &str) -> String,
    /// The key of the note when the bot takes the step for an overdue player (with `name` and
    /// `hours`); `None`: the step is the seat's turn itself, reminded like a turn and never
    /// taken for them (the abbey or the draw).
    pub overdue_key: Option<&'static str>,
    /// The message while the game waits for this decision at step `u8`, after `lines`: whose
    /// step it is, pinged, with its buttons (the caller adds the board's picture).
    pub prompt: fn(&StoredGame, &LiveGame, Vec<String>, u8) -> Reply,
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
        tiles_lines: |_, _, _| Vec::new(),
        turn_lines: |_, _, _| Vec::new(),
        last_lines: |_, _, _| Vec::new(),
        own_reasons: &[],
        score_detail: |_, _| None,
        tile_words: |_, _| Vec::new(),
        no_take_back: |_, _| None,
        shared_turn: |_| false,
        turn_offers: |_, _, _| Vec::new(),
        replay_words: |_, _| Vec::new(),
        steps: &[],
    };
}

/// Every set's hooks, in the engine's order of sets.
pub(super) const SETS: [&SetWords; 8] = [
    &river::WORDS,
    &traders::WORDS,
    &abbot::WORDS,
    &tower::WORDS,
    &princess::WORDS,
    &mayor::WORDS,
    &hills::WORDS,
    &bridges::WORDS,
];

/// The report of a set's step whose own line is `line` ("Alice builds a castle"): the note of
/// who took it for an overdue player, then the sets' lines, the scorings and the sets' last
/// lines.
pub(super) fn step_report(s: &StoredGame, done: &Done, mut line: String) -> Vec<String> {
    if let Some(n) = done.note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    let mut lines = vec![line];
    lines.extend(set_lines(s, done.mover, done.outcome));
    lines.extend(done.outcome.events.iter().map(|e| (done.score_text)(s, e)));
    lines.extend(all(|w| (w.last_lines)(s, done.mover, done.outcome)));
    lines
}

/// The lines the sets add to the report of a turn (prisoners, the dragon, goods ...).
pub(super) fn set_lines(s: &StoredGame, seat: usize, outcome: &TurnOutcome) -> Vec<String> {
    all(|w| (w.turn_lines)(s, seat, outcome))
}

/// The first answer of the sets' hook `f`.
pub(super) fn first<T>(f: impl Fn(&SetWords) -> Option<T>) -> Option<T> {
    SETS.iter().find_map(|s| f(s))
}

/// Every set's lines of the hook `f`, in the table's order.
pub(super) fn all<T>(f: impl Fn(&SetWords) -> Vec<T>) -> Vec<T> {
    SETS.iter().flat_map(|s| f(s)).collect()
}

/// The set's own decision the game waits for now, with its step's number.
pub(super) fn pending_step(decision: Decision) -> Option<(&'static SetStep, &'static Waiting, u8)> {
    SETS.iter()
        .flat_map(|w| w.steps.iter().copied())
        .find_map(|st| {
            let w = st.waiting.as_ref()?;
            (w.pending)(decision).map(|n| (st, w, n))
        })
}

/// The set's own decision that `a` is an action of.
pub(super) fn step_of(a: Action) -> Option<&'static SetStep> {
    SETS.iter()
        .flat_map(|w| w.steps.iter().copied())
        .find(|st| (st.owns)(a))
}

/// The set's own decision typed with `word`.
pub(super) fn step_named(word: &str) -> Option<&'static SetStep> {
    SETS.iter()
        .flat_map(|w| w.steps.iter().copied())
        .find(|st| st.word == word)
}

/// A button posted by an older build for a set's decision, read as the command it meant.
pub(super) fn old_button(parts: &[&str]) -> Option<Command> {
    SETS.iter()
        .flat_map(|w| w.steps.iter().copied())
        .find_map(|st| (st.old_button)(parts))
}

/// Whether a set reports scorings of `reason` in its own lines, not in the move line.
pub(super) fn reported_apart(reason: Reason) -> bool {
    SETS.iter().any(|w| w.own_reasons.contains(&reason))
}

/// The message asking seat `seat` for a set's step: `lines` as its text, pinging the seat's
/// person (nobody for a computer).
fn step_reply(s: &StoredGame, seat: usize, lines: Vec<String>) -> Reply {
    Reply {
        text: super::words::clip(lines.join("\n")),
        ping: s
            .seats
            .get(seat)
            .filter(|x| !x.computer)
            .map(|x| x.user)
            .into_iter()
            .collect(),
        ..Reply::default()
    }
}

/// The question of a set's step to the seat that decides it (the game's pending seat), after
/// `lines`: the scores, then the question `ask` makes from how it names that seat (a mention,
/// or the computer that answers for a computer seat) with the shared end (the bot decides
/// after the reminder interval, or press a button), pinged, with a button for each of
/// `buttons` (none for a computer seat), each carrying its action for step `step`.
pub(super) fn step_question(
    s: &StoredGame,
    game: &LiveGame,
    mut lines: Vec<String>,
    step: u8,
    ask: impl FnOnce(&str) -> String,
    buttons: Vec<(Action, String, ButtonStyle)>,
) -> Reply {
    let owner = game.pending().seat;
    let seat = s.seats.get(owner);
    let computer = seat.is_none_or(|x| x.computer);
    let lang = i18n::public();
    let who = match seat {
        Some(x) if !x.computer => format!("{} <@{}>", super::words::EMOJI[owner % 6], x.user),
        _ => tr!(
            lang,
            "step-computer",
            who = super::words::seat_who(s, owner)
        ),
    };
    let mut question = ask(&who);
    question.push_str(&ask_end(
        lang,
        computer,
        s.reminder_hours,
        ["step-ask-computer", "step-ask-hours", "step-ask-press"],
    ));
    lines.push(super::words::scores_line(s, game.scores()));
    lines.push(question);
    let mut reply = step_reply(s, owner, lines);
    if !computer {
        let turn = game.turn_count();
        for (action, label, style) in buttons {
            let play = Command::Play {
                turn,
                step: Some(step),
                actions: vec![action],
            };
            reply
                .buttons
                .push(super::buttons::button(s, play, &label, style));
        }
    }
    reply
}

/// How a step's question ends, in the set's words `keys`: the computer's choice follows; the
/// bot decides after `hours` (with `hours`); or press a button.
fn ask_end(lang: Lang, computer: bool, hours: u32, keys: [&str; 3]) -> String {
    if computer {
        tr!(lang, keys[0])
    } else if hours > 0 {
        tr!(lang, keys[1], hours = hours)
    } else {
        tr!(lang, keys[2])
    }
}

/// `[x,y]`, as the sets' labels and lines write a tile's place.
fn xy(p: Pos) -> String {
    format!("[{},{}]", p.x, p.y)
}

/// Reads a figure choice: `none`, a place (`city:N`: a follower there), a figure and a place
/// (`large city:N`, `builder road:E`, `pig field:SSW`, `abbot cloister`), or one of a set's
/// own forms (its module in `super::sets` reads them: `recall`, `tower 1,0 capture 2,0
/// city:N`, `guard 1,0`, `fairy 1,0`, `princess 0,-1 city:N`, `portal 2,0 road:E` ...).
pub fn parse_figure_choice(text: &str) -> Result<Action, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if lower == "none" || lower.is_empty() {
        return Ok(Action::Pass);
    }
    if let Some(read) = first(|w| (w.parse_choice)(t, &lower)) {
        return read;
    }
    let (figure, rest) = match lower.split_once([' ', ':']) {
        Some((f, rest)) => match f.parse::<Figure>() {
            Ok(f) => (f, rest.trim()),
            Err(_) => (Figure::Follower, lower.as_str()),
        },
        None => (Figure::Follower, lower.as_str()),
    };
    Ok(Action::Deploy {
        figure,
        spot: parse_spot(rest)?,
    })
}

/// The text form of a figure action, as [`parse_figure_choice`] reads it.
pub fn figure_choice_text(a: Action) -> String {
    match a {
        Action::Deploy {
            figure: Figure::Follower,
            spot,
        } => spot.to_string(),
        Action::Deploy { figure, spot } => format!("{} {spot}", figure.name()),
        a => first(|w| (w.choice_text)(a)).unwrap_or_else(|| "none".into()),
    }
}

/// A button label for a figure action.
pub fn figure_choice_label(a: Action) -> String {
    let lang = i18n::private();
    match a {
        Action::Deploy { figure, spot } => tr!(
            lang,
            &format!("choice-{}", figure.name()),
            spot = spot.to_string()
        ),
        a => first(|w| (w.choice_label)(lang, a)).unwrap_or_else(|| tr!(lang, "choice-none")),
    }
}

/// What a figure action did, for a turn's line in `lang` ("with a knight on city:N"); `None`
/// for none.
pub(in crate::service) fn move_words(lang: Lang, act: Action) -> Option<String> {
    match act {
        Action::Deploy { figure, spot } => Some(tr!(
            lang,
            "move-with",
            figure = placed_figure(lang, figure, spot),
            spot = spot.to_string()
        )),
        a => first(|w| (w.move_text)(lang, a)),
    }
}

/// The figure actions (a pass among them) once a set's placing action `place` (an abbey, a
/// tile with a bridge) is taken; none if it is refused.
pub(super) fn acts_after(game: &LiveGame, place: Action) -> Vec<Action> {
    let mut after = game.clone();
    match after.apply(place) {
        Ok(_) => after.legal_actions(),
        Err(_) => Vec::new(),
    }
}

/// The figure question after a set's placing action `place` typed without a figure: `text`,
/// privately, and a button per legal figure action in `acts`, each taking `place` and then it
/// (`step`: the set's step the buttons were made for, if the game waits for one).
pub(super) fn figure_question(
    s: &StoredGame,
    (turn, step): (usize, Option<u8>),
    place: Action,
    acts: &[Action],
    text: String,
) -> Reply {
    let play = |act: Action| Command::Play {
        turn,
        step,
        actions: vec![place, act],
    };
    Reply {
        text,
        ephemeral: true,
        buttons: figure_buttons(s, acts, 24, play),
        ..Reply::default()
    }
}

/// A button per legal figure action after a placement (at most `most`, in the engine's order),
/// then "No follower" unless the princess must send a knight home; `command` makes each
/// button's command.
pub(in crate::service) fn figure_buttons(
    s: &StoredGame,
    acts: &[Action],
    most: usize,
    command: impl Fn(Action) -> Command,
) -> Vec<Button> {
    let mut buttons: Vec<_> = acts
        .iter()
        .filter(|a| **a != Action::Pass)
        .take(most)
        .map(|&a| {
            let style = match a {
                Action::Deploy {
                    figure: Figure::Follower,
                    ..
                } => ButtonStyle::Primary,
                Action::Recall => ButtonStyle::Danger,
                _ => ButtonStyle::Success,
            };
            crate::service::buttons::button(s, command(a), &figure_choice_label(a), style)
        })
        .collect();
    if acts.contains(&Action::Pass) {
        buttons.push(crate::service::buttons::button(
            s,
            command(Action::Pass),
            &crate::tr!(crate::i18n::private(), "button-no-follower"),
            ButtonStyle::Secondary,
        ));
    }
    buttons
}
