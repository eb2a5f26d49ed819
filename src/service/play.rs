//! The one move path. Every decision of a seat — a person's `place`, the follower buttons, a
//! ransom, a step of the dragon, a computer's choice, the bot's step for an overdue player — is
//! a list of [`Action`]s that ends in [`Service::play`]: one check ([`Service::check_turn`]),
//! one apply (all or nothing), one commit; [`Service::turn_reply`] then says who is next (or
//! scores the end).

use super::api::{Attachment, ButtonStyle, Command, FollowerChoice, Reply, Request};
use super::buttons::{button, figure_buttons};
use super::stored::{Phase, StoredGame, Timing};
use super::text::{
    clip, final_lines, move_lines, parse_figure_choice, scores_line, seat_name, seat_who,
    set_lines, tile_words, EMOJI,
};
use super::{Key, Outcome, Service, Session};
use crate::engine::{
    Action, Decision, Figure, LiveGame, Placement, Pos, Reason, Rotation, Side, TileId, TileSet,
    TurnOutcome,
};
use crate::i18n::{private, public};
use crate::tr;

/// Why the seat `me` cannot pay a ransom (to `from`, if named).
fn ransom_refusal(s: &StoredGame, game: &LiveGame, me: usize, from: Option<usize>) -> String {
    let prisoners = game.prisoners();
    let held = |h: usize| prisoners[h][me][0] + prisoners[h][me][1];
    let total: u8 = (0..s.seats.len()).map(held).sum();
    if game.ransom_paid() {
        return tr!(private(), "ransom-paid-already");
    }
    if let Some(f) = from {
        if f >= s.seats.len() || f == me {
            return tr!(private(), "ransom-other-player");
        }
        if held(f) == 0 {
            return tr!(private(), "ransom-holds-none", name = seat_name(s, f));
        }
    }
    if total == 0 {
        return tr!(private(), "ransom-no-prisoner");
    }
    let score = game.scores()[me];
    if score < 3 {
        return tr!(private(), "ransom-too-poor", score = score);
    }
    tr!(private(), "ransom-impossible")
}

/// What a seat asks to do. It chooses the words of the one check's refusals; the check itself
/// is the same for every way into a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ask {
    /// A turn: `place` typed or chosen with the follower buttons, or a computer's turn.
    Place,
    /// A step of the placing buttons (nothing is played yet).
    Tap,
    /// A ransom before placing (The Tower).
    Ransom,
    /// A step of the dragon's journey; `step` is the step a button was made for.
    Dragon {
        /// The step of the journey the button belongs to (`None`: typed).
        step: Option<u8>,
    },
}

impl Ask {
    /// The ask that fits the game's pending decision (for a computer or the bot itself).
    fn of(game: &LiveGame) -> Ask {
        match game.pending().decision {
            Decision::DragonMove { step } => Ask::Dragon { step: Some(step) },
            _ => Ask::Place,
        }
    }

    /// The refusal when the command belongs to an earlier turn or step.
    fn stale_key(self) -> &'static str {
        match self {
            Ask::Place | Ask::Ransom => "earlier-turn",
            Ask::Tap => "tap-earlier",
            Ask::Dragon { .. } => "dragon-earlier",
        }
    }

    /// The refusal when it is someone else's decision (with `player`/`name`).
    fn not_yours_key(self) -> &'static str {
        match self {
            Ask::Place | Ask::Tap => "not-your-turn",
            Ask::Ransom => "ransom-not-your-turn",
            Ask::Dragon { .. } => "dragon-not-yours",
        }
    }

    /// The refusal when the engine refuses the actions (with `reason`).
    fn refused_key(self) -> &'static str {
        match self {
            Ask::Dragon { .. } => "dragon-cannot",
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

/// Buttons to choose whose prisoner to buy back, when there is more than one choice.
fn ransom_ask(s: &StoredGame, choices: &[(u8, Figure)], turn: usize) -> Reply {
    let buttons = choices
        .iter()
        .map(|&(f, fig)| {
            let key = if fig == Figure::Large {
                "ransom-button-large"
            } else {
                "ransom-button"
            };
            button(
                s,
                Command::Play {
                    turn,
                    step: None,
                    actions: vec![Action::Ransom {
                        from: f,
                        figure: fig,
                    }],
                },
                &tr!(private(), key, name = seat_name(s, f as usize)),
                ButtonStyle::Primary,
            )
        })
        .collect();
    Reply {
        text: tr!(private(), "ransom-whom"),
        ephemeral: true,
        buttons,
        ..Reply::default()
    }
}

/// What a step of the dragon did: where it went (from `from`), whose figures it sent home, and
/// what was scored; `note` says who took the step when it was not the mover's player.
fn dragon_lines(
    s: &StoredGame,
    mover: usize,
    side: Side,
    from: Option<Pos>,
    note: Option<&str>,
    outcome: &TurnOutcome,
) -> Vec<String> {
    let to = outcome.dragon_path.first().copied().or(from);
    let lang = public();
    let who = seat_who(s, mover);
    let direction = super::words::direction(lang, side);
    let mut line = match to {
        Some(p) => tr!(
            lang,
            "dragon-moved-to",
            who = who,
            direction = direction,
            x = p.x,
            y = p.y
        ),
        None => tr!(lang, "dragon-moved", who = who, direction = direction),
    };
    if let Some(n) = note {
        line.push_str(&format!(" ({n})"));
    }
    line.push('.');
    let mut lines = vec![line];
    let mut rest = outcome.clone();
    rest.dragon_path.clear();
    if !outcome.sent_home.is_empty() {
        let gone: Vec<String> = outcome
            .sent_home
            .iter()
            .map(|&(o, f, _)| {
                tr!(
                    lang,
                    "figure-of",
                    who = seat_who(s, o),
                    figure = super::refusals::figure_name(lang, f)
                )
            })
            .collect();
        lines.push(tr!(lang, "dragon-sends-home", figures = gone.join(", ")));
        rest.sent_home.clear();
    }
    lines.extend(set_lines(s, mover, &rest));
    for e in outcome.events.iter().filter(|e| e.reason != Reason::Fairy) {
        lines.push(super::text::score_text(s, e));
    }
    lines
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
        let now_step = match pending.decision {
            Decision::DragonMove { step } => Some(step),
            _ => None,
        };
        let stale_step = matches!(ask, Ask::Dragon { step: Some(s) } if now_step != Some(s));
        if turn.is_some_and(|t| t != game.turn_count()) || stale_step {
            return Err(Reply::refuse(tr!(lang, ask.stale_key())));
        }
        let placing = matches!(pending.decision, Decision::PlaceTile { .. });
        match ask {
            Ask::Place | Ask::Tap if now_step.is_some() => {
                return Err(Reply::refuse(if ask == Ask::Tap {
                    tr!(lang, "tap-dragon")
                } else {
                    tr!(
                        lang,
                        "dragon-journey-wait",
                        name = seat_name(&session.stored, pending.seat)
                    )
                }));
            }
            Ask::Place | Ask::Tap if !placing => return Err(self.internal("no drawn tile")),
            Ask::Ransom if !placing => {
                return Err(Reply::refuse(tr!(lang, "ransom-after-placing")))
            }
            Ask::Dragon { .. } if now_step.is_none() => {
                return Err(Reply::refuse(tr!(lang, "dragon-not-journey")))
            }
            _ => {}
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
    /// follower buttons, a ransom, a step of the dragon, a computer's turn, the bot's step for
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
        let dragon_from = game.dragon();
        let mut g = game.clone();
        let outcome = g.apply_all(&actions).map_err(|e| {
            Reply::refuse(tr!(
                private(),
                ask.refused_key(),
                reason = super::refusals::action_error(private(), &e)
            ))
        })?;
        let s = &session.stored;
        let lines = match actions[..] {
            [Action::Ransom { .. }] => {
                let mut lines = set_lines(s, mover, &outcome);
                lines.push(scores_line(s, g.scores()));
                lines.push(tr!(public(), "ransom-now-place"));
                lines
            }
            [Action::MoveDragon { side }] => {
                let note = match by {
                    By::Overdue(note) => Some(note),
                    _ => None,
                };
                dragon_lines(s, mover, side, dragon_from, note, &outcome)
            }
            _ => {
                let placed = actions
                    .iter()
                    .position(|a| matches!(a, Action::Place { .. }));
                let (Some(p), Some(tile)) = (placed, tile) else {
                    return Err(self.internal("a turn without a placement"));
                };
                let Action::Place { at, rotation } = actions[p] else {
                    return Err(self.internal("a turn without a placement"));
                };
                let act = actions.get(p + 1).copied().unwrap_or(Action::Pass);
                move_lines(s, cur, tile, at, rotation, act, &outcome)
            }
        };
        let mut next = session.stored.clone();
        // A ransom is paid before the move; the clock of reminders runs on until the move.
        if !matches!(actions[..], [Action::Ransom { .. }]) {
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
                let lang = private();
                let tile = game
                    .drawn_tile()
                    .ok_or_else(|| self.internal("no drawn tile"))?;
                let rot = Rotation::from_degrees(rotation)
                    .ok_or_else(|| Reply::refuse(tr!(lang, "bad-rotation", rotation = rotation)))?;
                let (Ok(xi), Ok(yi)) = (i32::try_from(x), i32::try_from(y)) else {
                    return Err(Reply::refuse(tr!(lang, "off-board", x = x, y = y)));
                };
                let at = Pos::new(xi, yi);
                if let Err(e) = game.check_placement(tile, at, rot) {
                    return Err(Reply::refuse(super::text::cant_go_text(
                        lang,
                        tile,
                        (x, y, rotation),
                        &e,
                    )));
                }
                let placement = Placement { at, rotation: rot };
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

    /// The Tower: the player to play pays 3 points to get back a follower held prisoner, before
    /// placing the tile. With no seat or figure named and more than one choice, asks with
    /// buttons.
    pub(super) fn ransom(
        &self,
        req: &Request,
        session: &mut Session,
        (from, figure): (Option<usize>, Option<Figure>),
        turn: Option<usize>,
    ) -> Result<Outcome, Reply> {
        if !session.live()?.has_set(TileSet::Tower) {
            return Err(Reply::refuse(tr!(private(), "ransom-no-tower")));
        }
        let lines = self.play(
            (req.key, req.now),
            session,
            (By::Member(req.actor.id), Ask::Ransom, turn),
            |game, s| {
                let me = game.current_player();
                let choices: Vec<(u8, Figure)> = game
                    .legal_actions()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Ransom { from, figure } => Some((from, figure)),
                        _ => None,
                    })
                    .filter(|(f, fig)| {
                        from.is_none_or(|x| x == *f as usize) && figure.is_none_or(|x| x == *fig)
                    })
                    .collect();
                match choices[..] {
                    [(from, figure)] => Ok(vec![Action::Ransom { from, figure }]),
                    [] => Err(Reply::refuse(ransom_refusal(s, game, me, from))),
                    _ => Err(ransom_ask(s, &choices, game.turn_count())),
                }
            },
        )?;
        Ok(Outcome::Keep(Reply::public(lines.join("\n"))))
    }

    /// The Princess & the Dragon: a person's step of the dragon's journey.
    pub(super) fn dragon(
        &self,
        req: &Request,
        session: &mut Session,
        side: Side,
    ) -> Result<Outcome, Reply> {
        let by = By::Member(req.actor.id);
        let lines = self.play(
            (req.key, req.now),
            session,
            (by, Ask::Dragon { step: None }, None),
            |_, _| Ok(vec![Action::MoveDragon { side }]),
        )?;
        self.turn_reply(req.key, session, lines, req.now)
    }

    /// A person's decision as a button carries it ([`Command::Play`]): a placement with its
    /// figure action, a ransom or a step of the dragon, for the turn (and step) the button was
    /// made for.
    pub(super) fn play_buttons(
        &self,
        req: &Request,
        session: &mut Session,
        (turn, step): (usize, Option<u8>),
        actions: &[Action],
    ) -> Result<Outcome, Reply> {
        let ask = match actions.first() {
            Some(Action::Place { .. }) => Ask::Place,
            Some(Action::Ransom { .. }) => Ask::Ransom,
            Some(Action::MoveDragon { .. }) => Ask::Dragon { step },
            _ => return Err(self.internal("a button with no move")),
        };
        let lines = self.play(
            (req.key, req.now),
            session,
            (By::Member(req.actor.id), ask, Some(turn)),
            |_, _| Ok(actions.to_vec()),
        )?;
        if ask == Ask::Ransom {
            return Ok(Outcome::Keep(Reply::public(lines.join("\n"))));
        }
        self.turn_reply(req.key, session, lines, req.now)
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
            files: vec![self.preview_attachment(tile)],
            buttons,
            ..Reply::default()
        }
    }

    /// The drawn tile in its four rotations with the name of each follower place.
    pub(super) fn preview_attachment(&self, tile: TileId) -> Attachment {
        Attachment {
            name: "tile.png".into(),
            bytes: self.renderer.preview_png(tile),
            description: tr!(private(), "alt-preview", tile = tile.name()),
        }
    }

    /// The message while the dragon travels: what happened, whose step it is (pinged, with a
    /// button per legal direction), and the board with the journey so far.
    fn dragon_prompt(&self, session: &Session, mut lines: Vec<String>, step: u8) -> Reply {
        let Some(game) = session.game.as_ref() else {
            return Reply::public(lines.join("\n"));
        };
        let s = &session.stored;
        let mover = game.pending().seat;
        let seat = s.seats.get(mover);
        let computer = seat.is_none_or(|x| x.computer);
        let at = game.dragon();
        let hours = s.reminder_hours;
        let lang = public();
        let who = match seat {
            Some(x) if !x.computer => format!("{} <@{}>", EMOJI[mover % 6], x.user),
            _ => tr!(lang, "dragon-computer", who = seat_who(s, mover)),
        };
        let mut ask = match at {
            Some(p) => tr!(
                lang,
                "dragon-ask-from",
                step = step + 1,
                who = who,
                x = p.x,
                y = p.y
            ),
            None => tr!(lang, "dragon-ask", step = step + 1, who = who),
        };
        ask.push_str(&if computer {
            tr!(lang, "dragon-ask-computer")
        } else if hours > 0 {
            tr!(lang, "dragon-ask-hours", hours = hours)
        } else {
            tr!(lang, "dragon-ask-press")
        });
        lines.push(scores_line(s, game.scores()));
        lines.push(ask);
        let mut reply = Reply::default();
        let sight = session
            .game
            .as_ref()
            .map(|g| crate::render::Sight::of(g.game(), mover));
        reply
            .later
            .extend(sight.and_then(|sight| self.turn_picture(session, &sight)));
        reply.text = clip(lines.join("\n"));
        reply.ping = seat
            .filter(|x| !x.computer)
            .map(|x| x.user)
            .into_iter()
            .collect();
        if !computer {
            let turn = game.turn_count();
            for a in game.legal_actions() {
                let Action::MoveDragon { side } = a else {
                    continue;
                };
                let to = at.map(|p| p.step(side));
                let arrow = match side {
                    Side::N => "⬆",
                    Side::E => "➡",
                    Side::S => "⬇",
                    Side::W => "⬅",
                };
                let direction = super::words::direction(lang, side);
                let label = match to {
                    Some(p) => tr!(
                        lang,
                        "dragon-button-to",
                        arrow = arrow,
                        direction = direction,
                        x = p.x,
                        y = p.y
                    ),
                    None => format!("{arrow} {direction}"),
                };
                reply.buttons.push(button(
                    s,
                    Command::Play {
                        turn,
                        step: Some(step),
                        actions: vec![Action::MoveDragon { side }],
                    },
                    &label,
                    ButtonStyle::Primary,
                ));
            }
        }
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
            let later = super::after::final_files(&session.stored, game, &fin, true);
            let mut next = session.stored.clone();
            next.phase = Phase::Finished;
            next.ended_at = Some(now);
            self.archive(key, session, next, Some(&fin))?;
            ping.sort_unstable();
            ping.dedup();
            lines.push(tr!(crate::i18n::public(), "final-rematch"));
            return Ok(Outcome::Gone(Reply {
                text: clip(lines.join("\n")),
                ping: ping.into(),
                buttons: self.after_buttons(&session.stored),
                later: later.into_iter().collect(),
                ..Reply::default()
            }));
        }
        if let Decision::DragonMove { step } = game.pending().decision {
            return Ok(Outcome::Keep(self.dragon_prompt(session, lines, step)));
        }
        let cur = game.current_player();
        let seat = session
            .stored
            .seats
            .get(cur)
            .ok_or_else(|| self.internal("no seat to play"))?;
        let lang = crate::i18n::public();
        // What the picture shows, derived once for the text, the alt text and the picture:
        // what the others did since this player's last turn, numbered as on the picture.
        let sight = crate::render::Sight::of(game.game(), cur);
        let recent = &sight.recent;
        if recent.len() > 1 && !seat.computer {
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
                        seat_name(&session.stored, r.seat),
                        r.at.x,
                        r.at.y
                    )
                })
                .collect();
            lines.push(tr!(lang, "since-last-turn", moves = moves.join(" · ")));
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
        lines.extend(self.rhythm_lines(&session.stored, now, true));
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
        for (_, command, label) in offers {
            let offer = button(&session.stored, command, &label, ButtonStyle::Primary);
            reply.buttons.push(offer);
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
