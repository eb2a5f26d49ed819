//! The one move path. Every decision of a seat — a person's `place`, the follower buttons, a
//! set's own step (see [`SetStep`]), a computer's choice, the bot's step for an overdue player — is
//! a list of [`Action`]s that ends in [`Service::play`]: one check ([`Service::check_turn`]),
//! one apply (all or nothing), one commit; [`Service::turn_reply`] then says who is next (or
//! scores the end).

use super::api::{ButtonStyle, Command, FollowerChoice, Reply, Request};
use super::buttons::button;
use super::sets::{self, SetStep, Waiting};
use super::stored::{Phase, StoredGame, Timing};
use super::text::{
    clip, figure_buttons, final_lines, move_lines, parse_figure_choice, scores_line, seat_name,
    tile_words, EMOJI,
};
use super::{Key, Outcome, Service, Session};
use crate::engine::{Action, Decision, LiveGame, Placement, Pos, Rotation, TileId};
use crate::i18n::private;
use crate::tr;

/// What a seat asks to do. It chooses the words of the one check's refusals; the check itself
/// is the same for every way into a game.
#[derive(Clone, Copy)]
pub(super) enum Ask {
    /// A turn: `place` typed or chosen with the follower buttons, or a computer's turn.
    Place,
    /// A step of the placing buttons (nothing is played yet).
    Tap,
    /// A decision of a set's own (a ransom, a step of the dragon); `step` is the step a button
    /// was made for (`None`: typed, or no steps).
    Set(&'static SetStep, Option<u8>),
}

impl Ask {
    /// The ask that fits the game's pending decision (for a computer or the bot itself).
    fn of(game: &LiveGame) -> Ask {
        match sets::pending_step(game.pending().decision) {
            Some((st, _, step)) => Ask::Set(st, Some(step)),
            None => Ask::Place,
        }
    }

    /// The refusal when the command belongs to an earlier turn or step.
    fn stale_key(self) -> &'static str {
        match self {
            Ask::Place => "earlier-turn",
            Ask::Tap => "tap-earlier",
            Ask::Set(st, _) => st.keys[0],
        }
    }

    /// The refusal when it is someone else's decision (with `player`/`name`).
    fn not_yours_key(self) -> &'static str {
        match self {
            Ask::Place | Ask::Tap => "not-your-turn",
            Ask::Set(st, _) => st.keys[1],
        }
    }

    /// The refusal when the engine refuses the actions (with `reason`).
    fn refused_key(self) -> &'static str {
        match self {
            Ask::Set(st, _) => st.keys[2],
            _ => "cannot-do",
        }
    }
}

/// Who takes a seat's actions.
#[derive(Clone, Copy, Debug)]
pub(super) enum By<'a> {
    /// The member who sent the command: the decision must be their seat's.
    Member(u64),
    /// The seat's computer.
    Computer,
    /// The bot, for a person whose step was left past its interval; the note says so.
    Overdue(&'a str),
}

/// After any move: a request to take back an earlier one lapses, and so do votes and unanswered
/// reminders about an absent player.
fn moved(next: &mut StoredGame) {
    next.undo_request = None;
    next.absent_vote = None;
    next.reminders_unanswered = 0;
    next.remind_not_before = None;
}

impl Service {
    /// The one check before a seat acts: the game is on, the command belongs to this turn (and
    /// step), the pending decision is of the kind asked, and `by` may take it. Returns the live
    /// game.
    pub(super) fn check_turn<'a>(
        &self,
        session: &'a Session,
        by: By,
        ask: Ask,
        turn: Option<usize>,
    ) -> Result<&'a LiveGame, Reply> {
        let game = session.live()?;
        let lang = private();
        if session.stored.phase != Phase::Playing || game.is_over() {
            return Err(Reply::refuse(tr!(lang, "game-over")));
        }
        let pending = game.pending();
        let waiting = sets::pending_step(pending.decision);
        let stale_step = matches!(ask, Ask::Set(_, Some(s)) if waiting.map(|w| w.2) != Some(s));
        if turn.is_some_and(|t| t != game.turn_count()) || stale_step {
            return Err(Reply::refuse(tr!(lang, ask.stale_key())));
        }
        match ask {
            Ask::Place | Ask::Tap => {
                if let Some((_, w, _)) = waiting {
                    let name = seat_name(&session.stored, pending.seat);
                    return Err(Reply::refuse((w.wait)(lang, matches!(ask, Ask::Tap), name)));
                }
                if !matches!(pending.decision, Decision::PlaceTile { .. }) {
                    return Err(self.internal("no drawn tile"));
                }
            }
            Ask::Set(st, _) => {
                if let Some(why) = (st.wrong_time)(lang, pending.decision) {
                    return Err(Reply::refuse(why));
                }
            }
        }
        let seat = session
            .stored
            .seats
            .get(pending.seat)
            .ok_or_else(|| self.internal("no seat to play"))?;
        let may = match by {
            By::Member(user) => seat.user == user && !seat.computer,
            By::Computer => seat.computer,
            By::Overdue(_) => !seat.computer,
        };
        if !may {
            return Err(Reply::refuse(tr!(
                lang,
                ask.not_yours_key(),
                player = &seat.name,
                name = &seat.name
            )));
        }
        Ok(game)
    }

    /// **The one move path.** Every decision of a seat ends here — a typed `place`, the
    /// follower buttons, a set's own step, a computer's turn, the bot's step for
    /// an overdue player: the one check ([`Service::check_turn`]), then `actions` (made by
    /// `decide` from the live game: parsing, or asking with buttons) are applied all or nothing,
    /// what happened is said, and the game is saved. A refused action changes nothing.
    pub(super) fn play(
        &self,
        (key, now): (Key, u64),
        session: &mut Session,
        (by, ask, turn): (By, Ask, Option<usize>),
        decide: impl FnOnce(&LiveGame, &StoredGame) -> Result<Vec<Action>, Reply>,
    ) -> Result<Vec<String>, Reply> {
        let game = self.check_turn(session, by, ask, turn)?;
        let actions = decide(game, &session.stored)?;
        let cur = game.current_player();
        let mover = game.pending().seat;
        let tile = game.drawn_tile();
        let mut g = game.clone();
        let outcome = g.apply_all(&actions).map_err(|e| {
            Reply::refuse(tr!(
                private(),
                ask.refused_key(),
                reason = super::refusals::action_error(private(), &e)
            ))
        })?;
        let s = &session.stored;
        let own_step = match ask {
            Ask::Set(st, _) => Some(st),
            Ask::Place | Ask::Tap => None,
        };
        // A set's step that places the drawn tile (with a bridge) is told as a move.
        let placing =
            own_step.filter(|_| tile.is_some() && actions.iter().any(|a| a.placed().is_some()));
        let lines = match own_step.filter(|_| placing.is_none()) {
            Some(st) => {
                let note = match by {
                    By::Overdue(note) => Some(note),
                    _ => None,
                };
                let done = sets::Done {
                    mover,
                    note,
                    before: game,
                    after: &g,
                    actions: &actions,
                    outcome: &outcome,
                    score_text: super::text::score_text,
                };
                (st.lines)(s, &done)
            }
            None => {
                // The placement (a plain one, or one with a set's piece: a bridge).
                let placed = actions.iter().position(|a| a.placed().is_some());
                let (Some(p), Some(tile)) = (placed, tile) else {
                    return Err(self.internal("a turn without a placement"));
                };
                let act = actions.get(p + 1).copied().unwrap_or(Action::Pass);
                move_lines(s, cur, tile, actions[p], act, &outcome)
            }
        };
        let mut next = session.stored.clone();
        // A set's step before placing (a ransom) is not the move; the clock of reminders runs
        // on until the move.
        if !own_step.is_some_and(|st| st.before_placing) {
            let log = g.game().log().len() as u32;
            next.timings
                .push(Timing(mover as u8, next.last_move_at, now, log));
            // A move of their own: the count of timeouts in a row starts again.
            if let Some(x) = next.seats.get_mut(mover).filter(|x| !x.computer) {
                x.timeouts = 0;
            }
            next.last_move_at = now;
            next.last_reminder_at = now;
        }
        moved(&mut next);
        // The computer played this one turn for an absent player: the seat is theirs again.
        if next.stand_in == Some(cur) && g.current_player() != cur {
            next.stand_in = None;
            if let Some(seat) = next.seats.get_mut(cur) {
                seat.computer = false;
            }
        }
        self.commit(key, session, next, Some(g))?;
        Ok(lines)
    }

    /// A person's placement: reading the coordinates and the figure (or asking for it with
    /// buttons), through the one move path.
    pub(super) fn place(
        &self,
        req: &Request,
        session: &mut Session,
        (x, y, rotation): (i64, i64, i64),
        follower: &FollowerChoice,
    ) -> Result<Outcome, Reply> {
        let lines = self.play(
            (req.key, req.now),
            session,
            (By::Member(req.actor.id), Ask::Place, None),
            |game, s| {
                let tile = game
                    .drawn_tile()
                    .ok_or_else(|| self.internal("no drawn tile"))?;
                let placement = checked_placement(game, tile, (x, y, rotation))?;
                let Placement { at, rotation: rot } = placement;
                let act = match follower {
                    FollowerChoice::Act(a) => *a,
                    FollowerChoice::Typed(text) => {
                        parse_figure_choice(text).map_err(Reply::refuse)?
                    }
                    FollowerChoice::Ask => {
                        let acts = game.acts_after(tile, placement);
                        if acts.iter().all(|a| *a == Action::Pass) {
                            Action::Pass
                        } else {
                            return Err(self.ask_follower(
                                s,
                                game.turn_count(),
                                tile,
                                (x, y, rotation),
                                &acts,
                                Action::Place { at, rotation: rot },
                            ));
                        }
                    }
                };
                Ok(vec![Action::Place { at, rotation: rot }, act])
            },
        )?;
        self.turn_reply(req.key, session, lines, req.now)
    }

    /// A decision of a set's own, typed (`ransom`, `dragon N`) or from an offer's button
    /// (`turn`): the set reads it against the game (or asks with buttons), through the one
    /// move path.
    pub(super) fn decide(
        &self,
        req: &Request,
        session: &mut Session,
        text: &str,
        turn: Option<usize>,
    ) -> Result<Outcome, Reply> {
        let word = text.split_whitespace().next().unwrap_or("");
        let Some(st) = sets::step_named(word) else {
            return Err(self.internal("no such decision"));
        };
        if let Some(why) = (st.absent)(private(), session.live()?) {
            return Err(Reply::refuse(why));
        }
        let lines = self.play(
            (req.key, req.now),
            session,
            (By::Member(req.actor.id), Ask::Set(st, None), turn),
            |game, s| (st.typed)(text, s, game),
        )?;
        self.after_step(req, session, st, lines)
    }

    /// The reply after a set's own step: the turn goes on (a ransom) or who is next.
    fn after_step(
        &self,
        req: &Request,
        session: &mut Session,
        st: &SetStep,
        lines: Vec<String>,
    ) -> Result<Outcome, Reply> {
        if st.before_placing {
            return Ok(Outcome::Keep(Reply::public(lines.join("\n"))));
        }
        self.turn_reply(req.key, session, lines, req.now)
    }

    /// A person's decision as a button carries it ([`Command::Play`]): a placement with its
    /// figure action, or a set's own step (a ransom, a step of the dragon), for the turn (and
    /// step) the button was made for.
    pub(super) fn play_buttons(
        &self,
        req: &Request,
        session: &mut Session,
        (turn, step): (usize, Option<u8>),
        actions: &[Action],
    ) -> Result<Outcome, Reply> {
        // A set's step is named by its first action; a pass (the draw instead of the abbey,
        // a wagon kept in hand) by the step the game waits for.
        let own = actions.first().and_then(|a| sets::step_of(*a)).or_else(|| {
            let pending = session.game.as_ref()?.pending().decision;
            (step.is_some() && actions == [Action::Pass])
                .then(|| sets::pending_step(pending).map(|(st, _, _)| st))
                .flatten()
        });
        let ask = match (actions.first(), own) {
            (_, Some(st)) => Ask::Set(st, step),
            (Some(Action::Place { .. }), None) => Ask::Place,
            (Some(Action::Pass), None) => {
                return Err(Reply::refuse(tr!(private(), "earlier-turn")))
            }
            _ => return Err(self.internal("a button with no move")),
        };
        let lines = self.play(
            (req.key, req.now),
            session,
            (By::Member(req.actor.id), ask, Some(turn)),
            |_, _| Ok(actions.to_vec()),
        )?;
        match own {
            Some(st) => self.after_step(req, session, st, lines),
            None => self.turn_reply(req.key, session, lines, req.now),
        }
    }

    /// A decision taken for a seat by the bot: a computer's `actions` (its turn or its step of
    /// the dragon), or a step for a person whose step is overdue (`by`).
    pub(super) fn play_for(
        &self,
        key: Key,
        session: &mut Session,
        by: By,
        actions: Vec<Action>,
        now: u64,
    ) -> Result<Vec<String>, Reply> {
        let ask = Ask::of(session.live()?);
        self.play((key, now), session, (by, ask, None), |_, _| Ok(actions))
    }

    fn ask_follower(
        &self,
        s: &StoredGame,
        turn: usize,
        tile: TileId,
        (x, y, r): (i64, i64, i64),
        acts: &[Action],
        placement: Action,
    ) -> Reply {
        let place = |act: Action| Command::Play {
            turn,
            step: None,
            actions: vec![placement, act],
        };
        // Discord shows at most 25 buttons: 24 choices and "No follower".
        let buttons = figure_buttons(s, acts, 24, place);
        Reply {
            text: tr!(
                private(),
                "follower-ask",
                tile = tile.name(),
                x = x,
                y = y,
                rotation = r
            ),
            ephemeral: true,
            files: vec![self.pictures.preview(tile)],
            buttons,
            ..Reply::default()
        }
    }

    /// The message while the game waits for a set's own step (the dragon's journey): the
    /// set's prompt with the board as the seat to decide sees it.
    fn step_prompt(
        &self,
        session: &Session,
        (w, step): (&Waiting, u8),
        lines: Vec<String>,
        sight: &crate::render::Sight,
    ) -> Reply {
        let Some(game) = session.game.as_ref() else {
            return Reply::public(lines.join("\n"));
        };
        let mut reply = (w.prompt)(&session.stored, game, lines, step);
        reply.later.extend(self.turn_picture(session, sight));
        reply
    }

    /// The message after moves: what happened, the board, and either who is next (pinged if a
    /// person) or the final scoring, after which the game goes to the channel's history.
    /// Tells the person after the seat to play (at a table of three or more), by direct
    /// message, that they are next, if they asked to be told.
    fn heads_up(&self, key: Key, s: &StoredGame, cur: usize, reply: &mut Reply) {
        let n = s.seats.len();
        if n < 3 {
            return;
        }
        let (now, next) = (&s.seats[cur % n], &s.seats[(cur + 1) % n]);
        if next.computer || next.user == now.user || !self.members.prefs(next.user).heads_up {
            return;
        }
        let mut direct = reply.direct().to_vec();
        direct.push((
            next.user,
            tr!(
                crate::i18n::public(),
                "heads-up-line",
                name = seat_name(s, cur),
                channel = format!("<#{}>", key.channel)
            ),
        ));
        reply.set_direct(direct);
    }

    pub(super) fn turn_reply(
        &self,
        key: Key,
        session: &mut Session,
        mut lines: Vec<String>,
        now: u64,
    ) -> Result<Outcome, Reply> {
        let game = session
            .game
            .as_ref()
            .ok_or_else(|| self.internal("no live game"))?;
        if game.is_over() {
            // The final scoring, once, for the text, the pictures and the channel's history.
            let fin = game.final_scoring();
            lines.extend(final_lines(&session.stored, game, &fin));
            let mut ping: Vec<u64> = session
                .stored
                .seats
                .iter()
                .filter(|s| !s.computer)
                .map(|s| s.user)
                .collect();
            let later = super::pictures::final_files(&session.stored, game, &fin, true);
            lines.push(tr!(crate::i18n::public(), "final-rematch"));
            let text = clip(lines.join("\n"));
            let mut next = session.stored.clone();
            next.phase = Phase::Finished;
            next.ended_at = Some(now);
            // Kept with the game: its review is added to this message once made.
            next.final_text = Some(text.clone());
            let seq = self.archive(key, session, next, Some(&fin))?;
            // The computer's review of the people's moves, off the request path.
            let reviewed = session.stored.seats.iter().any(|s| !s.computer);
            if reviewed {
                self.schedule_review(key, seq, now);
            }
            ping.sort_unstable();
            ping.dedup();
            let mut reply = Reply {
                text,
                ping: ping.into(),
                buttons: self.after_buttons(&session.stored),
                later: later.into_iter().collect(),
                ..Reply::default()
            };
            if reviewed && self.settings.review_iterations > 0 {
                reply.set_final_of(Some(seq));
            }
            return Ok(Outcome::Gone(reply));
        }
        let cur = game.current_player();
        if let Some((_, w, step)) = sets::pending_step(game.pending().decision) {
            let turn_itself = w.overdue_key.is_none();
            // The board as the seat to decide sees it, for the picture (and the line below).
            let seat = game.pending().seat;
            let sight = crate::render::Sight::of(game.game(), seat);
            if turn_itself {
                // A step that is the turn itself (the abbey's choice) starts the turn: what the
                // others did since, the rhythm, and the heads-up to the next player.
                if session.stored.seats.get(seat).is_some_and(|x| !x.computer) {
                    lines.extend(since_last_turn(&session.stored, &sight));
                }
                lines.extend(self.clocks().rhythm_lines(&session.stored, now, true));
            }
            let mut reply = self.step_prompt(session, (w, step), lines, &sight);
            if turn_itself {
                self.heads_up(key, &session.stored, cur, &mut reply);
            }
            return Ok(Outcome::Keep(reply));
        }
        let seat = session
            .stored
            .seats
            .get(cur)
            .ok_or_else(|| self.internal("no seat to play"))?;
        let lang = crate::i18n::public();
        // What the picture shows, derived once for the text, the alt text and the picture:
        // what the others did since this player's last turn, numbered as on the picture.
        let sight = crate::render::Sight::of(game.game(), cur);
        if !seat.computer {
            lines.extend(since_last_turn(&session.stored, &sight));
        }
        lines.push(scores_line(&session.stored, game.scores()));
        let tile = match game.drawn_tile() {
            Some(t) => format!("**{}** ({})", t.name(), tile_words(lang, t)),
            None => "**?**".into(),
        };
        if seat.computer {
            lines.push(tr!(
                lang,
                "next-computer",
                seat = EMOJI[cur % 6],
                name = seat_name(&session.stored, cur),
                tile = tile
            ));
        } else {
            lines.push(tr!(
                lang,
                "next-person",
                seat = EMOJI[cur % 6],
                mention = format!("<@{}>", seat.user),
                tile = tile
            ));
        }
        lines.extend(self.clocks().rhythm_lines(&session.stored, now, true));
        let user = (!seat.computer).then_some(seat.user);
        let turn = game.turn_count();
        let offers = if seat.computer {
            Vec::new()
        } else {
            super::sets::all(|w| (w.turn_offers)(lang, game, turn))
        };
        lines.extend(offers.iter().map(|o| o.0.clone()));
        let mut reply = Reply::default();
        reply.later.extend(self.turn_picture(session, &sight));
        if !seat.computer {
            reply.buttons.push(button(
                &session.stored,
                Command::PlaceStart { turn, page: 0 },
                &tr!(lang, "button-place"),
                ButtonStyle::Success,
            ));
        }
        for (command, label) in offers.into_iter().filter_map(|o| o.1) {
            let offer = button(&session.stored, command, &label, ButtonStyle::Primary);
            reply.buttons.push(offer);
        }
        if !seat.computer && session.stored.hints {
            reply.buttons.push(button(
                &session.stored,
                Command::Hint,
                &tr!(lang, "button-hint"),
                ButtonStyle::Secondary,
            ));
        }
        if !seat.computer && self.web_base().is_some() && session.stored.link.is_some() {
            reply.buttons.push(button(
                &session.stored,
                Command::WebPlay,
                &tr!(lang, "button-web-play"),
                ButtonStyle::Secondary,
            ));
            if self.settings.activity {
                reply.buttons.push(button(
                    &session.stored,
                    Command::LaunchActivity,
                    &tr!(lang, "button-activity"),
                    ButtonStyle::Secondary,
                ));
            }
        }
        reply.buttons.push(button(
            &session.stored,
            Command::Board { around: None },
            &tr!(lang, "button-whole-board"),
            ButtonStyle::Secondary,
        ));
        reply.text = clip(lines.join("\n"));
        reply.ping = user.into_iter().collect();
        self.heads_up(key, &session.stored, cur, &mut reply);
        Ok(Outcome::Keep(reply))
    }
}

/// The line of the moves the others made since the viewer's last turn, numbered as on the
/// turn picture `sight`, saying from which edge an arrow points at a move outside the picture
/// (none when there was at most one).
fn since_last_turn(s: &StoredGame, sight: &crate::render::Sight) -> Option<String> {
    let lang = crate::i18n::public();
    let recent = &sight.recent;
    if recent.len() <= 1 {
        return None;
    }
    // Moves outside the picture's window are pointed at from its edge; say which edge.
    let outside = &sight.outside;
    let moves: Vec<String> = recent
        .iter()
        .map(|r| {
            let off = outside
                .iter()
                .find(|p| p.recent.order == r.order)
                .map(|p| {
                    format!(
                        " {}",
                        tr!(
                            lang,
                            "off-picture",
                            direction = tr!(lang, &format!("direction-{}", p.direction()))
                        )
                    )
                })
                .unwrap_or_default();
            format!(
                "{} {} {} [{},{}]{off}",
                r.order,
                EMOJI[r.seat % 6],
                seat_name(s, r.seat),
                r.at.x,
                r.at.y
            )
        })
        .collect();
    Some(tr!(lang, "since-last-turn", moves = moves.join(" · ")))
}

/// The drawn `tile` at `(x, y)` turned `rotation`, checked against the board: the one check of
/// a placement, for a typed `place` and the placing buttons alike.
pub(super) fn checked_placement(
    game: &LiveGame,
    tile: TileId,
    (x, y, rotation): (i64, i64, i64),
) -> Result<Placement, Reply> {
    let lang = private();
    let rotation_of = Rotation::from_degrees(rotation)
        .ok_or_else(|| Reply::refuse(tr!(lang, "bad-rotation", rotation = rotation)))?;
    let at = cell_pos(x, y)?;
    game.check_placement(tile, at, rotation_of)
        .map_err(|e| Reply::refuse(super::text::cant_go_text(lang, tile, (x, y, rotation), &e)))?;
    Ok(Placement {
        at,
        rotation: rotation_of,
    })
}

/// A board cell from a command's coordinates (refused off the board's range).
pub(super) fn cell_pos(x: i64, y: i64) -> Result<Pos, Reply> {
    match (i32::try_from(x), i32::try_from(y)) {
        (Ok(x), Ok(y)) => Ok(Pos::new(x, y)),
        _ => Err(Reply::refuse(tr!(private(), "off-board", x = x, y = y))),
    }
}
