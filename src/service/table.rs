//! The table: opening a lobby, seats, starting, resigning, aborting — and the dispatch of every
//! command on a channel's game to the module that answers it.

use super::api::{Actor, ButtonStyle, Command, NewGame, Reply, Request};
use super::buttons::button;
use super::stored::{Phase, Seat, StoredGame, SCHEMA};
use super::text::{clean_name, help_text, rules_line, seat_label, EMOJI};
use super::{new_game_id, Outcome, Service, Session};
use crate::engine::{LiveGame, Rules, Setup, TileSet};
use crate::i18n::{self, private};
use crate::render::COLOUR_NAMES;
use crate::tr;

/// A channel without a game: only `new`, `history` and `help` work.
pub(super) fn no_game(svc: &Service, req: &Request) -> (Reply, Option<Session>) {
    match &req.command {
        Command::New(opts) => match new_lobby(svc, req, opts) {
            Ok(stored) => {
                let mut session = Session {
                    stored: stored.clone(),
                    version: None,
                    game: None,
                    stale: false,
                };
                if let Err(r) = svc.commit(req.key, &mut session, stored, None) {
                    return (r, None);
                }
                let reply = lobby_reply(&session.stored, &tr!(i18n::public(), "lobby-opened"));
                (reply, Some(session))
            }
            Err(r) => (r, None),
        },
        Command::History => (svc.history.list(req.key), None),
        Command::Final { seq } => (
            svc.history.final_of(req.key, *seq).unwrap_or_else(|r| r),
            None,
        ),
        Command::Replay { of, from, step } => {
            (svc.history.replay(req.key, *of, *from, *step), None)
        }
        Command::Review { seq } => (svc.review_reply(req.key, *seq, req.now), None),
        Command::Export => (svc.export_last(req.key), None),
        Command::Rematch => svc.rematch(req),
        Command::OpenTable { id, round, table } => svc.open_table(req, *id, *round, *table),
        Command::Standings => (
            svc.standings
                .reply(req, &svc.servers.server(req.key.guild).seasons),
            None,
        ),
        Command::Notify(mode) => (svc.members.set_notify(req, *mode), None),
        Command::Language(lang) => (svc.members.set_language(req, *lang), None),
        Command::NotifyHere(mode) => (svc.members.set_notify_here(req, *mode), None),
        Command::HeadsUp(on) => (svc.members.set_heads_up(req, *on), None),
        // Handled before the channel's game is locked ([`Service::handle`]).
        Command::MyGames => (
            svc.internal("a member's games under a channel's lock"),
            None,
        ),
        Command::Settings(change) => (settings(svc, req, change), None),
        Command::NewLink => (finished_link_off(svc, req), None),
        Command::Help => (Reply::refuse(help_text()), None),
        _ => (Reply::refuse(tr!(crate::i18n::private(), "no-game")), None),
    }
}

/// Whether a command means something in a channel without a game (`new`, the history, the
/// member's and the server's settings, ...): the others act on a game.
pub(super) fn works_without_game(command: &Command) -> bool {
    matches!(
        command,
        Command::New(_)
            | Command::History
            | Command::Final { .. }
            | Command::Review { .. }
            | Command::Replay { .. }
            | Command::Export
            | Command::Rematch
            | Command::Standings
            | Command::Notify(_)
            | Command::Language(_)
            | Command::NotifyHere(_)
            | Command::HeadsUp(_)
            | Command::MyGames
            | Command::Settings(_)
            | Command::NewLink
            | Command::Help
            | Command::OpenTable { .. }
    )
}

/// A new lobby as `new` would open it, every option checked, nothing written: refused as `new`
/// would refuse it (the Discord layer asks first, before it opens a thread for the game).
pub(super) fn new_lobby(svc: &Service, req: &Request, o: &NewGame) -> Result<StoredGame, Reply> {
    svc.servers
        .may_open(req, o.origin.unwrap_or(req.key.channel))
        .map_err(Reply::refuse)?;
    svc.servers.lobby_room(req).map_err(Reply::refuse)?;
    let mut stored = game_options(svc, req, o)?;
    if !o.spectate {
        seat_human(&mut stored, &req.actor);
    }
    let max = stored.max_players;
    for _ in 0..o.computers {
        if stored.seats.len() < max as usize {
            seat_computer(&mut stored);
        }
    }
    Ok(stored)
}

/// A game's options as `new` takes them, every one checked (the channel and the starter role
/// too), in a lobby without seats; nothing written (a tournament's games take them too).
pub(super) fn game_options(svc: &Service, req: &Request, o: &NewGame) -> Result<StoredGame, Reply> {
    let settings = &svc.settings;
    svc.servers
        .may_open(req, o.origin.unwrap_or(req.key.channel))
        .map_err(Reply::refuse)?;
    // What the command leaves open: the server's choice, else the bot's default.
    let server = svc.server(req.key.guild);
    let mut sets = vec!["base".to_string()];
    for s in o
        .sets
        .clone()
        .or(server.sets)
        .unwrap_or_else(|| settings.default_sets.clone())
    {
        let set = TileSet::parse(s.trim())
            .filter(|t| t.offered() || settings.preview_sets)
            .ok_or_else(|| Reply::refuse(tr!(private(), "no-such-set", set = format!("{s:?}"))))?;
        if !sets.contains(&set.name().to_string()) {
            sets.push(set.name().to_string());
        }
    }
    let max = o.max_players.unwrap_or(6);
    if !(2..=6).contains(&max) {
        return Err(Reply::refuse(tr!(private(), "players-range")));
    }
    let hours = o
        .reminder_hours
        .or(server.reminder_hours)
        .unwrap_or(settings.reminder_hours);
    if hours > 24 * 14 {
        return Err(Reply::refuse(tr!(private(), "reminders-max")));
    }
    let mut stored = new_stored(
        svc,
        req,
        &sets,
        Rules {
            farms: o
                .farms
                .or(server.farms)
                .unwrap_or(settings.default_rules.farms),
            small_city: o
                .small_city
                .or(server.small_city)
                .unwrap_or(settings.default_rules.small_city),
            ..settings.default_rules
        },
    );
    let clock = o
        .clock_hours
        .or(server.clock_hours)
        .unwrap_or(settings.clock_hours);
    if clock > MOST_CLOCK_HOURS {
        return Err(Reply::refuse(tr!(private(), "clock-max")));
    }
    stored.reminder_hours = hours;
    stored.clock_hours = clock;
    stored.clock_runs_always = o.clock_pauses == Some(false);
    stored.hints = o.hints.unwrap_or(false);
    stored.while_away = o.while_away.or(server.while_away).unwrap_or_default();
    stored.max_players = max;
    stored.origin = o.origin.filter(|&c| c != req.key.channel);
    stored.computer_level = o.level.or(server.level).unwrap_or(settings.default_level);
    Ok(stored)
}

/// The longest time per move a game may give (a week).
pub(super) const MOST_CLOCK_HOURS: u32 = 7 * 24;

/// A new lobby's stored form, opened by the request's sender, with no seats yet and the
/// service's defaults for what the caller does not set.
pub(super) fn new_stored(
    svc: &Service,
    req: &Request,
    sets: &[String],
    rules: Rules,
) -> StoredGame {
    let settings = &svc.settings;
    StoredGame {
        schema: SCHEMA,
        creator: req.actor.id,
        created_at: req.now,
        phase: Phase::Lobby,
        sets: sets.to_vec(),
        rules,
        reminder_hours: settings.reminder_hours,
        max_players: 6,
        seats: Vec::new(),
        record: None,
        deck: Vec::new(),
        buried: Vec::new(),
        seed: settings.seed.unwrap_or_else(rand::random),
        last_move_at: req.now,
        last_reminder_at: req.now,
        ended_at: None,
        to_play: None,
        id: new_game_id(settings.seed, req.now),
        end_reason: None,
        turn_in_progress: None,
        computer_level: settings.default_level,
        undone: Vec::new(),
        handled: Vec::new(),
        undo_request: None,
        reminders_unanswered: 0,
        absent_vote: None,
        stand_in: None,
        origin: None,
        link: None,
        timings: Vec::new(),
        clock_hours: 0,
        clock_runs_always: false,
        while_away: Default::default(),
        clock: None,
        remind_not_before: None,
        hints: false,
        lang: Some(i18n::public()),
        tournament: None,
        final_text: None,
    }
}

fn lobby_reply(s: &StoredGame, headline: &str) -> Reply {
    let seats: Vec<String> = s
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{} {}", EMOJI[i % 6], seat_label(seat)))
        .collect();
    let lang = i18n::public();
    let text = format!(
        "{headline}\n{}",
        tr!(
            lang,
            "lobby-text",
            n = s.seats.len(),
            max = s.max_players,
            seats = if seats.is_empty() {
                tr!(lang, "lobby-nobody")
            } else {
                seats.join(", ")
            },
            rules = rules_line(s),
            creator = format!("<@{}>", s.creator)
        )
    );
    Reply {
        buttons: vec![
            button(
                s,
                Command::Join,
                &tr!(lang, "button-join"),
                ButtonStyle::Success,
            ),
            button(
                s,
                Command::Leave,
                &tr!(lang, "button-leave"),
                ButtonStyle::Secondary,
            ),
            button(
                s,
                Command::AddComputer,
                &tr!(lang, "button-add-computer"),
                ButtonStyle::Secondary,
            ),
            button(
                s,
                Command::Start,
                &tr!(lang, "button-start"),
                ButtonStyle::Primary,
            ),
        ],
        ..Reply::public(text)
    }
}

/// Every command on a channel that has a game.
pub(super) fn with_game(
    svc: &Service,
    req: &Request,
    session: &mut Session,
) -> Result<Outcome, Reply> {
    let phase = session.stored.phase;
    let actor = &req.actor;
    let key = req.key;
    let seated = session.stored.person_seat(actor.id);
    let keep = |r: Reply| Ok(Outcome::Keep(r));
    match (&req.command, phase) {
        (Command::Help, _) => keep(Reply::refuse(help_text())),
        (Command::History, _) => keep(svc.history.list(key)),
        (Command::Final { seq }, _) => keep(svc.history.final_of(key, *seq).unwrap_or_else(|r| r)),
        (Command::Replay { of, from, step }, _) => keep(svc.history.replay(key, *of, *from, *step)),
        (Command::Review { seq }, _) => keep(svc.review_reply(key, *seq, req.now)),
        (Command::Standings, _) => keep(
            svc.standings
                .reply(req, &svc.servers.server(req.key.guild).seasons),
        ),
        (Command::Notify(mode), _) => keep(svc.members.set_notify(req, *mode)),
        (Command::Language(lang), _) => keep(svc.members.set_language(req, *lang)),
        (Command::NotifyHere(mode), _) => keep(svc.members.set_notify_here(req, *mode)),
        (Command::HeadsUp(on), _) => keep(svc.members.set_heads_up(req, *on)),
        // Handled before the channel's game is locked ([`Service::handle`]).
        (Command::Me(_), _) => Err(svc.internal("a member's settings under a game's lock")),
        (Command::MyGames, _) => Err(svc.internal("a member's games under a game's lock")),
        (Command::Settings(change), _) => keep(settings(svc, req, change)),
        (Command::Rematch, Phase::Lobby) => {
            Err(Reply::refuse(tr!(i18n::private(), "rematch-lobby-open")))
        }
        (Command::Rematch, _) => Err(Reply::refuse(tr!(i18n::private(), "rematch-game-running"))),
        (Command::New(_), Phase::Lobby) => {
            Err(Reply::refuse(tr!(i18n::private(), "new-lobby-open")))
        }
        (Command::New(_), _) => Err(Reply::refuse(tr!(i18n::private(), "new-game-running"))),
        (Command::Join, Phase::Lobby) => {
            if seated.is_some() {
                return Err(Reply::refuse(tr!(i18n::private(), "join-seated")));
            }
            if session.stored.seats.len() >= session.stored.max_players as usize {
                return Err(Reply::refuse(tr!(i18n::private(), "lobby-full")));
            }
            let mut next = session.stored.clone();
            seat_human(&mut next, actor);
            next.last_move_at = req.now;
            svc.commit(key, session, next, None)?;
            keep(lobby_reply(
                &session.stored,
                &tr!(
                    i18n::public(),
                    "lobby-joined",
                    name = clean_name(&actor.name)
                ),
            ))
        }
        (Command::Leave, Phase::Lobby) => {
            let Some(i) = seated else {
                return Err(Reply::refuse(tr!(i18n::private(), "leave-not-seated")));
            };
            let mut next = session.stored.clone();
            next.seats.remove(i);
            next.last_move_at = req.now;
            if !next.seats.iter().any(|s| !s.computer) {
                svc.delete(key, session)?;
                return Ok(Outcome::Gone(Reply::public(tr!(
                    i18n::public(),
                    "lobby-closed",
                    name = clean_name(&actor.name)
                ))));
            }
            pass_creator(&mut next, actor.id);
            svc.commit(key, session, next, None)?;
            keep(lobby_reply(
                &session.stored,
                &tr!(i18n::public(), "lobby-left", name = clean_name(&actor.name)),
            ))
        }
        (Command::AddComputer, Phase::Lobby) => {
            if actor.id != session.stored.creator && seated.is_none() {
                return Err(Reply::refuse(tr!(i18n::private(), "computer-not-seated")));
            }
            if session.stored.seats.len() >= session.stored.max_players as usize {
                return Err(Reply::refuse(tr!(i18n::private(), "lobby-full")));
            }
            let mut next = session.stored.clone();
            seat_computer(&mut next);
            next.last_move_at = req.now;
            svc.commit(key, session, next, None)?;
            keep(lobby_reply(
                &session.stored,
                &tr!(i18n::public(), "lobby-computer-joined"),
            ))
        }
        (Command::Start, Phase::Lobby) => start(svc, req, session),
        (Command::Join | Command::Leave | Command::AddComputer | Command::Start, _) => {
            Err(Reply::refuse(tr!(i18n::private(), "seats-fixed")))
        }
        (Command::Abort, _) => {
            let moderator = svc.servers.is_moderator(req);
            if actor.id != session.stored.creator && !actor.manager && !moderator {
                return Err(Reply::refuse(tr!(i18n::private(), "abort-not-allowed")));
            }
            let mut next = session.stored.clone();
            next.phase = Phase::Aborted;
            next.ended_at = Some(req.now);
            next.end_reason = Some(format!("aborted by {}", clean_name(&actor.name)));
            svc.archive(key, session, next, None)?;
            let name = clean_name(&actor.name);
            let text = if actor.id == session.stored.creator || !moderator {
                tr!(i18n::public(), "game-aborted", name = name)
            } else {
                tr!(i18n::public(), "game-ended-by-moderator", name = name)
            };
            Ok(Outcome::Gone(Reply::public(text)))
        }
        (Command::RemovePlayer { user }, _) => remove_player(svc, req, session, *user),
        (Command::NewLink, _) => new_link(svc, req, session),
        (Command::WebPlay, _) => svc.web_play_link(req, session),
        (Command::Hint, _) => svc.hint(req, session),
        (Command::LaunchActivity, _) => {
            Err(svc.internal("the Activity's launch reached the service"))
        }
        (Command::Tournament(_) | Command::Season { .. }, _) => {
            Err(svc.internal("a tournament or a season under a game's lock"))
        }
        // A table's thread already holds its game (the same request again, or a repair).
        (Command::OpenTable { id, round, table }, _) => {
            let same = session
                .stored
                .tournament
                .is_some_and(|t| (t.id, t.round, t.table) == (*id, *round, *table));
            Err(Reply::refuse(tr!(
                i18n::private(),
                if same {
                    "tournament-table-open"
                } else {
                    "tournament-table-taken"
                }
            )))
        }
        (Command::HandSeat { from, to, to_name }, _) => {
            hand_seat(svc, req, session, *from, (*to, to_name))
        }
        (Command::Export, Phase::Lobby) => keep(svc.export_last(key)),
        (_, Phase::Lobby) => Err(Reply::refuse(tr!(i18n::private(), "not-started"))),
        (
            Command::Place {
                x,
                y,
                rotation,
                follower,
            },
            _,
        ) => svc.place(req, session, (*x, *y, *rotation), follower),
        (
            Command::Play {
                turn,
                step,
                actions,
            },
            _,
        ) => svc.play_buttons(req, session, (*turn, *step), actions),
        (Command::Decide { text, turn }, _) => svc.decide(req, session, text, *turn),
        (Command::PlaceStart { turn, page }, _) => {
            svc.tap_start(req, session, *turn, *page).map(Outcome::Keep)
        }
        (Command::PlaceCell { turn, x, y }, _) => svc
            .tap_cell(req, session, *turn, (*x, *y))
            .map(Outcome::Keep),
        (
            Command::PlaceReview {
                turn,
                x,
                y,
                rotation,
                act,
            },
            _,
        ) => svc
            .tap_review(req, session, *turn, (*x, *y, *rotation), *act)
            .map(Outcome::Keep),
        (Command::Board { around }, _) => keep(svc.board_reply(session, *around, seated)),
        (Command::Status, _) => keep(svc.status_reply(session, req.now)),
        (Command::Tiles, _) => keep(Reply::public(super::text::tiles_text(
            &session.stored,
            session.game.as_ref(),
        ))),
        (Command::Rules, _) => keep(Reply::public(tr!(
            i18n::public(),
            "rules-reply",
            rules = rules_line(&session.stored),
            summary = tr!(i18n::public(), "rules-summary")
        ))),
        (Command::Export, _) => svc.export(req, session).map(Outcome::Keep),
        (Command::Resign, _) => resign(svc, req, session, seated),
        (Command::Undo, _) => svc.undo(req, session),
        (Command::UndoVote { turns, agree }, _) => svc.undo_vote(req, session, *turns, *agree),
        (
            Command::AbsentVote {
                seat,
                turn,
                seat_for_good,
            },
            _,
        ) => svc.absent_vote(req, session, (*seat, *turn, *seat_for_good)),
        (Command::Return, _) => svc.come_back(req, session),
    }
}

fn start(svc: &Service, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
    let s = &session.stored;
    if req.actor.id != s.creator {
        return Err(Reply::refuse(tr!(
            i18n::private(),
            "start-not-creator",
            creator = format!("<@{}>", s.creator)
        )));
    }
    if s.seats.len() < 2 {
        return Err(Reply::refuse(tr!(i18n::private(), "start-too-few")));
    }
    start_game(svc, req, session, tr!(i18n::public(), "start-headline"))
}

/// Stores a lobby whose seats are taken (a rematch, a tournament's table) and starts its game at
/// once; the first turn message follows `headline`. The session to keep in the channel's slot
/// comes back with the reply (`None`: nothing was stored, or the game is over already).
pub(super) fn start_seated(
    svc: &Service,
    req: &Request,
    lobby: StoredGame,
    headline: String,
) -> (Reply, Option<Session>) {
    let mut session = Session {
        stored: lobby.clone(),
        version: None,
        game: None,
        stale: false,
    };
    if let Err(r) = svc.commit(req.key, &mut session, lobby, None) {
        return (r, None);
    }
    match start_game(svc, req, &mut session, headline) {
        Ok(Outcome::Keep(r)) => (r, Some(session)),
        Ok(Outcome::Gone(r)) => (r, None),
        Err(r) => (r, Some(session)),
    }
}

/// Deals the tiles of a lobby and starts its game; the first turn message follows `headline`.
pub(super) fn start_game(
    svc: &Service,
    req: &Request,
    session: &mut Session,
    headline: String,
) -> Result<Outcome, Reply> {
    let s = &session.stored;
    let sets: Vec<TileSet> = s.sets.iter().filter_map(|n| TileSet::parse(n)).collect();
    // A game begins at the current rules revision, also from a lobby opened before it.
    let rules = Rules {
        revision: Rules::CURRENT,
        ..s.rules
    };
    let setup = Setup {
        players: s.seats.iter().map(|x| x.name.clone()).collect(),
        sets: sets.clone(),
        rules,
    };
    let deck = crate::engine::random::shuffled_deck(&sets, s.seed);
    let game = crate::engine::Game::new(setup)
        .and_then(|g| LiveGame::restore(g, deck, Vec::new(), Some(s.seed)))
        .map(|(g, _)| g)
        .map_err(|e| svc.internal(e))?;
    let mut next = s.clone();
    next.rules = rules;
    next.phase = Phase::Playing;
    next.record = Some(game.record());
    next.deck = super::stored::remaining_deck(&game);
    next.last_move_at = req.now;
    next.last_reminder_at = req.now;
    svc.commit(req.key, session, next, Some(game))?;
    let seats: Vec<String> = session
        .stored
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            format!(
                "{} {} ({})",
                EMOJI[i % 6],
                seat_label(seat),
                tr!(i18n::public(), &format!("colour-{}", COLOUR_NAMES[i % 6]))
            )
        })
        .collect();
    let lines = vec![format!(
        "{headline} {}",
        tr!(i18n::public(), "start-seats", seats = seats.join(", "))
    )];
    svc.turn_reply(req.key, session, lines, req.now)
}

fn resign(
    svc: &Service,
    req: &Request,
    session: &mut Session,
    seated: Option<usize>,
) -> Result<Outcome, Reply> {
    let Some(i) = seated else {
        return Err(Reply::refuse(tr!(private(), "resign-not-seated")));
    };
    if session.stored.phase != Phase::Playing {
        return Err(Reply::refuse(tr!(private(), "game-over")));
    }
    let name = clean_name(&req.actor.name);
    let mut next = session.stored.clone();
    next.seats[i].computer = true;
    next.seats[i].resigned = true;
    pass_creator(&mut next, req.actor.id);
    if next.seats.iter().all(|s| s.computer) {
        next.phase = Phase::Aborted;
        next.ended_at = Some(req.now);
        next.end_reason = Some("every player resigned".into());
        svc.archive(req.key, session, next, None)?;
        return Ok(Outcome::Gone(Reply::public(format!(
            "{name} resigned. Every player has resigned: the game ends."
        ))));
    }
    svc.commit(req.key, session, next, None)?;
    let lines = vec![format!(
        "{name} resigned; the computer plays on for their seat."
    )];
    svc.turn_reply(req.key, session, lines, req.now)
}

/// A moderator takes a person out: in a lobby their seat goes; in a game the computer plays on
/// for it (and they cannot take it back with `return`). Posted publicly with who did it.
fn remove_player(
    svc: &Service,
    req: &Request,
    session: &mut Session,
    user: u64,
) -> Result<Outcome, Reply> {
    let me = i18n::private();
    if !svc.servers.is_moderator(req) {
        return Err(Reply::refuse(tr!(me, "moderator-only")));
    }
    let stored = &session.stored;
    let Some(i) = stored.person_seat(user) else {
        return Err(Reply::refuse(tr!(
            me,
            "moderator-not-seated",
            user = format!("<@{user}>")
        )));
    };
    let (moderator, player) = (clean_name(&req.actor.name), stored.seats[i].name.clone());
    let text = tr!(
        i18n::public(),
        "moderator-removed",
        moderator = &moderator,
        player = &player
    );
    let mut next = stored.clone();
    next.last_move_at = req.now;
    if stored.phase == Phase::Lobby {
        next.seats.remove(i);
        if !next.seats.iter().any(|s| !s.computer) {
            svc.delete(req.key, session)?;
            return Ok(Outcome::Gone(Reply::public(text)));
        }
        pass_creator(&mut next, user);
        svc.commit(req.key, session, next, None)?;
        return Ok(Outcome::Keep(lobby_reply(&session.stored, &text)));
    }
    next.seats[i].computer = true;
    next.seats[i].resigned = true;
    pass_creator(&mut next, user);
    if next.seats.iter().all(|s| s.computer) {
        next.phase = Phase::Aborted;
        next.ended_at = Some(req.now);
        next.end_reason = Some(format!("{player} removed by {moderator}"));
        svc.archive(req.key, session, next, None)?;
        return Ok(Outcome::Gone(Reply::public(format!(
            "{text}\n{}",
            tr!(i18n::public(), "moderator-last-person")
        ))));
    }
    svc.commit(req.key, session, next, None)?;
    svc.turn_reply(req.key, session, vec![text], req.now)
}

/// A moderator hands a person's seat (with its score and figures) to another member, who must
/// not sit in the game already. Posted publicly with who did it.
fn hand_seat(
    svc: &Service,
    req: &Request,
    session: &mut Session,
    from: u64,
    (to, to_name): (u64, &str),
) -> Result<Outcome, Reply> {
    let me = i18n::private();
    if !svc.servers.is_moderator(req) {
        return Err(Reply::refuse(tr!(me, "moderator-only")));
    }
    let stored = &session.stored;
    let Some(i) = stored.person_seat(from) else {
        return Err(Reply::refuse(tr!(
            me,
            "moderator-not-seated",
            user = format!("<@{from}>")
        )));
    };
    // Any seat of theirs counts, also one the computer plays for now (resigned, removed or
    // voted out): a member never holds two seats.
    if stored.seats.iter().any(|x| x.user == to) {
        return Err(Reply::refuse(tr!(
            me,
            "moderator-already-seated",
            user = format!("<@{to}>")
        )));
    }
    let mut next = stored.clone();
    let old = next.seats[i].name.clone();
    let name = unique_name(&next, &clean_name(to_name));
    let seat = &mut next.seats[i];
    seat.user = to;
    seat.name = name.clone();
    seat.computer = false;
    seat.resigned = false;
    seat.away = false;
    // The new player's own absence and timeouts, not the old one's.
    seat.away_until = None;
    seat.timeouts = 0;
    if next.creator == from {
        next.creator = to;
    }
    next.last_move_at = req.now;
    let text = tr!(
        i18n::public(),
        "moderator-handed",
        moderator = clean_name(&req.actor.name),
        from = old,
        to = name
    );
    svc.commit(req.key, session, next, None)?;
    if session.stored.phase == Phase::Lobby {
        return Ok(Outcome::Keep(lobby_reply(&session.stored, &text)));
    }
    svc.turn_reply(req.key, session, vec![text], req.now)
}

/// The creator's powers (start, abort, settings of the lobby) pass to the first person still
/// playing in their own seat when the creator leaves by any path (left, removed, resigned, seat
/// taken by the computer); with nobody left, only moderators keep them.
pub(super) fn pass_creator(next: &mut StoredGame, leaving: u64) {
    if next.creator != leaving {
        return;
    }
    next.creator = next
        .seats
        .iter()
        .find(|s| !s.computer && s.user != leaving && s.user != 0)
        .map_or(0, |s| s.user);
}

fn unique_name(stored: &StoredGame, base: &str) -> String {
    let mut name = base.to_string();
    let mut k = 2;
    while stored.seats.iter().any(|s| s.name == name) {
        name = format!("{base} ({k})");
        k += 1;
    }
    name
}

fn seat_human(stored: &mut StoredGame, actor: &Actor) {
    let name = unique_name(stored, &clean_name(&actor.name));
    stored.seats.push(Seat {
        user: actor.id,
        name,
        computer: false,
        ..Seat::default()
    });
}

fn seat_computer(stored: &mut StoredGame) {
    let n = stored.seats.iter().filter(|s| s.computer).count() + 1;
    // Named once, in the language of the channel where the seat is added.
    let name = unique_name(stored, &tr!(i18n::public(), "computer-name", n = n));
    stored.seats.push(Seat {
        user: 0,
        name,
        computer: true,
        ..Seat::default()
    });
}

/// A server's settings, shown or changed; open pages look again when links were turned on or
/// off.
fn settings(svc: &Service, req: &Request, change: &super::api::SettingsChange) -> Reply {
    let reply = svc.servers.settings_command(req, change);
    if change.web_links.is_some() {
        svc.web.links_changed(req.key.guild);
    }
    reply
}

/// `moderate newlink` in a channel with a game: the game's creator or a moderator gives it a
/// new web link; the old one stops at once.
fn new_link(svc: &Service, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
    let me = i18n::private();
    if req.actor.id != session.stored.creator && !svc.servers.is_moderator(req) {
        return Err(Reply::refuse(tr!(me, "link-not-allowed")));
    }
    if session.stored.phase != Phase::Playing || session.stored.link.is_none() {
        return Err(Reply::refuse(tr!(me, "link-none")));
    }
    let mut next = session.stored.clone();
    let old = svc.web.new_link(req.key, &mut next).map_err(|e| {
        tracing::error!(key = %req.key, "cannot store a new web link: {e}");
        Reply::refuse(tr!(me, "prefs-not-saved"))
    })?;
    svc.commit(req.key, session, next, None)?;
    if let Some(old) = old {
        if let Err(e) = svc.web.drop_link(old) {
            // The game no longer holds it: the old link leads nowhere all the same.
            tracing::warn!(key = %req.key, "cannot remove an old web link: {e}");
        }
    }
    let text = tr!(
        i18n::public(),
        "link-renewed",
        name = clean_name(&req.actor.name)
    );
    Ok(Outcome::Keep(Reply::public(text)))
}

/// `moderate newlink` in a channel without a game: the last finished game's web link stops
/// (its creator or a moderator).
fn finished_link_off(svc: &Service, req: &Request) -> Reply {
    let me = i18n::private();
    let last = match svc.web.last_finished_link(req.key) {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(key = %req.key, "cannot read the last game's web link: {e}");
            return Reply::refuse(tr!(me, "history-unreadable"));
        }
    };
    let Some((creator, token)) = last else {
        return Reply::refuse(tr!(me, "link-none"));
    };
    if req.actor.id != creator && !svc.servers.is_moderator(req) {
        return Reply::refuse(tr!(me, "link-not-allowed"));
    }
    if let Err(e) = svc.web.drop_link(token) {
        tracing::error!(key = %req.key, "cannot remove a web link: {e}");
        return Reply::refuse(tr!(me, "prefs-not-saved"));
    }
    Reply::public(tr!(
        i18n::public(),
        "link-off",
        name = clean_name(&req.actor.name)
    ))
}
