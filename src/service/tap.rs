//! Placing by tapping: the turn message's **Place** button opens a flow of private messages —
//! the cells where the drawn tile fits, then the rotations that fit at the chosen cell (shown
//! as a picture), then the figure, then the whole move to confirm. Only the confirmation
//! changes the game; it goes through the same move path as the typed `place` command.

use super::api::{ButtonStyle, Command, Drawing, Reply, Request};
use super::buttons::button;
use super::play::{cell_pos, checked_placement};
use super::text::{figure_choice_label, figure_choice_text, tile_words};
use super::{Service, Session};
use crate::engine::{Action, LiveGame, Placement, Pos, Rotation, Side};
use crate::i18n;
use crate::render::BoardOptions;
use crate::tr;

/// Cells per page of the first step (a row is kept for the page buttons).
const CELLS_PER_PAGE: usize = 20;

/// The legal cells of the drawn tile, those touching most neighbours first, then by row and
/// column.
fn legal_cells(game: &LiveGame) -> Vec<Pos> {
    let Some(tile) = game.drawn_tile() else {
        return Vec::new();
    };
    let mut cells: Vec<Pos> = game.legal_placements(tile).iter().map(|p| p.at).collect();
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    let neighbours = |p: Pos| {
        Side::ALL
            .iter()
            .filter(|&&d| game.tile_at(p.step(d)).is_some())
            .count()
    };
    cells.sort_by_key(|p| (std::cmp::Reverse(neighbours(*p)), p.y, p.x));
    cells
}

impl Service {
    /// Checks that the sender is the player to place and that the button is of this turn;
    /// returns the live game.
    fn tap_check<'a>(
        &self,
        req: &Request,
        session: &'a Session,
        turn: usize,
    ) -> Result<&'a LiveGame, Reply> {
        self.check_turn(
            session,
            super::play::By::Member(req.actor.id),
            super::play::Ask::Tap,
            Some(turn),
        )
    }

    /// Step 1: a button per cell where the drawn tile fits (a page of them).
    pub(super) fn tap_start(
        &self,
        req: &Request,
        session: &Session,
        turn: usize,
        page: usize,
    ) -> Result<Reply, Reply> {
        let game = self.tap_check(req, session, turn)?;
        let tile = game.drawn_tile().ok_or_else(|| self.internal("no tile"))?;
        let cells = legal_cells(game);
        let pages = cells.len().div_ceil(CELLS_PER_PAGE).max(1);
        let page = page.min(pages - 1);
        let s = &session.stored;
        let mut buttons: Vec<_> = cells
            .iter()
            .skip(page * CELLS_PER_PAGE)
            .take(CELLS_PER_PAGE)
            .map(|p| {
                button(
                    s,
                    Command::PlaceCell {
                        turn,
                        x: p.x as i64,
                        y: p.y as i64,
                    },
                    &format!("[{},{}]", p.x, p.y),
                    ButtonStyle::Primary,
                )
            })
            .collect();
        let lang = i18n::private();
        if pages > 1 {
            for (label, to) in [
                ("tap-earlier-cells", page.checked_sub(1)),
                ("tap-more-cells", Some(page + 1).filter(|&n| n < pages)),
            ] {
                if let Some(to) = to {
                    buttons.push(button(
                        s,
                        Command::PlaceStart { turn, page: to },
                        &tr!(lang, label),
                        ButtonStyle::Secondary,
                    ));
                }
            }
        }
        let more = if pages > 1 {
            format!(" {}", tr!(lang, "tap-page", page = page + 1, pages = pages))
        } else {
            String::new()
        };
        let named = format!("**{}** ({})", tile.name(), tile_words(lang, tile));
        Ok(Reply {
            text: tr!(lang, "tap-step1", tile = named, more = more),
            ephemeral: true,
            buttons,
            update: true,
            ..Reply::default()
        })
    }

    /// Step 2: the rotations that fit at a cell, as a picture and a button each.
    pub(super) fn tap_cell(
        &self,
        req: &Request,
        session: &Session,
        turn: usize,
        (x, y): (i64, i64),
    ) -> Result<Reply, Reply> {
        let game = self.tap_check(req, session, turn)?;
        let tile = game.drawn_tile().ok_or_else(|| self.internal("no tile"))?;
        let at = cell_pos(x, y)?;
        let rots: Vec<Rotation> = Rotation::ALL
            .into_iter()
            .filter(|r| game.check_placement(tile, at, *r).is_ok())
            .collect();
        if rots.is_empty() {
            return Err(Reply::refuse(tr!(
                i18n::private(),
                "tap-no-fit",
                tile = tile.name(),
                x = x,
                y = y
            )));
        }
        let s = &session.stored;
        let mut buttons: Vec<_> = rots
            .iter()
            .map(|r| {
                button(
                    s,
                    Command::PlaceReview {
                        turn,
                        x,
                        y,
                        rotation: r.degrees() as i64,
                        act: None,
                    },
                    &format!("{}°", r.degrees()),
                    ButtonStyle::Primary,
                )
            })
            .collect();
        buttons.push(back(s, turn));
        let list: Vec<String> = rots.iter().map(|r| format!("{}°", r.degrees())).collect();
        Ok(Reply {
            text: tr!(
                i18n::private(),
                "tap-step2",
                tile = tile.name(),
                x = x,
                y = y,
                rotations = list.join(", ")
            ),
            ephemeral: true,
            // Drawn once the game's lock is released.
            later: [super::pictures::picture(
                "rotations.png",
                tr!(
                    i18n::private(),
                    "alt-rotations",
                    tile = tile.name(),
                    x = x,
                    y = y,
                    rotations = list.join(", ")
                ),
                game.game(),
                Drawing::Rotations {
                    tile,
                    at,
                    rotations: rots.clone(),
                },
            )]
            .into_iter()
            .collect(),
            buttons,
            update: true,
            ..Reply::default()
        })
    }

    /// Step 3 (no figure chosen yet): the figure choices after this placement, each leading to
    /// the confirmation; step 4 (a figure chosen): the move as it would be, with **Confirm**.
    pub(super) fn tap_review(
        &self,
        req: &Request,
        session: &Session,
        turn: usize,
        (x, y, rotation): (i64, i64, i64),
        act: Option<Action>,
    ) -> Result<Reply, Reply> {
        let game = self.tap_check(req, session, turn)?;
        let tile = game.drawn_tile().ok_or_else(|| self.internal("no tile"))?;
        let placement = checked_placement(game, tile, (x, y, rotation))?;
        let Placement { at, rotation: rot } = placement;
        let lang = i18n::private();
        let acts = game.acts_after(tile, placement);
        let s = &session.stored;
        let review = |a: Action| Command::PlaceReview {
            turn,
            x,
            y,
            rotation,
            act: Some(a),
        };
        let act = match act {
            Some(a) => a,
            None if acts.iter().all(|a| *a == Action::Pass) => Action::Pass,
            None => {
                // Step 3: the figure.
                // 23 choices at most, "No follower" and "Back".
                let mut buttons = super::text::figure_buttons(s, &acts, 23, review);
                buttons.push(button(
                    s,
                    Command::PlaceCell { turn, x, y },
                    &tr!(lang, "tap-back"),
                    ButtonStyle::Secondary,
                ));
                return Ok(Reply {
                    text: tr!(
                        lang,
                        "tap-step3",
                        tile = tile.name(),
                        x = x,
                        y = y,
                        rotation = rotation
                    ),
                    ephemeral: true,
                    files: vec![self.pictures.preview(tile)],
                    buttons,
                    update: true,
                    ..Reply::default()
                });
            }
        };
        if !acts.contains(&act) {
            return Err(Reply::refuse(tr!(
                lang,
                "tap-not-possible",
                choice = figure_choice_label(act)
            )));
        }
        // Step 4: the move as it would be, and Confirm.
        let mut g = game.game().clone();
        g.apply(Action::Place { at, rotation: rot })
            .and_then(|_| g.apply(act))
            .map_err(|e| {
                Reply::refuse(tr!(
                    lang,
                    "cannot-do",
                    reason = super::refusals::action_error(lang, &e)
                ))
            })?;
        let opts = BoardOptions {
            crop: Some((at, 2)),
            title: Some(crate::render::labels::MOVE_PREVIEW_TITLE.text_in(lang, &[])),
            phone: true,
            ..BoardOptions::default()
        };
        let what = if act == Action::Pass {
            tr!(lang, "tap-no-figure")
        } else {
            // "Follower on city:N" → "follower on city:N" (German nouns keep their capital).
            let label = figure_choice_label(act);
            let mut c = label.chars();
            match c.next() {
                Some(f) if lang != i18n::Lang::De => f.to_lowercase().chain(c).collect(),
                _ => label,
            }
        };
        let buttons = vec![
            button(
                s,
                Command::Play {
                    turn,
                    step: None,
                    actions: vec![Action::Place { at, rotation: rot }, act],
                },
                &tr!(lang, "tap-confirm"),
                ButtonStyle::Success,
            ),
            button(
                s,
                Command::PlaceReview {
                    turn,
                    x,
                    y,
                    rotation,
                    act: None,
                },
                &tr!(lang, "tap-back"),
                ButtonStyle::Secondary,
            ),
            back(s, turn),
        ];
        Ok(Reply {
            text: tr!(
                lang,
                "tap-step4",
                tile = tile.name(),
                x = x,
                y = y,
                rotation = rotation,
                what = &what,
                typed = figure_choice_text(act)
            ),
            ephemeral: true,
            // Drawn once the game's lock is released.
            later: [super::pictures::picture(
                "move.png",
                tr!(
                    lang,
                    "alt-move-preview",
                    tile = tile.name(),
                    x = x,
                    y = y,
                    rotation = rotation,
                    what = &what
                ),
                &g,
                Drawing::Board(opts),
            )]
            .into_iter()
            .collect(),
            buttons,
            update: true,
            ..Reply::default()
        })
    }
}

/// "Other cell": back to step 1.
fn back(s: &super::stored::StoredGame, turn: usize) -> super::api::Button {
    button(
        s,
        Command::PlaceStart { turn, page: 0 },
        &tr!(i18n::private(), "tap-other-cell"),
        ButtonStyle::Secondary,
    )
}
