//! The one way a game changes, [`Game::apply`]: validate the action, then run the automatic
//! steps (draws that fit nowhere, scoring, the builder's second turn, the dragon) until the next
//! decision.

use super::*;

impl Game {
    // ----- actions -----

    /// Applies an action for the seat that must decide. On error nothing changes; on success the
    /// automatic steps run until the next decision.
    pub fn apply(&mut self, action: Action) -> Result<TurnOutcome, ActionError> {
        let mut out = TurnOutcome::new(self.pending.seat);
        self.apply_into(action, &mut out)?;
        Ok(out)
    }

    /// [`Game::apply`] adding what happened to `out` (a live game's draws join the outcome of
    /// the action before them without moving it around).
    pub(crate) fn apply_into(
        &mut self,
        action: Action,
        out: &mut TurnOutcome,
    ) -> Result<(), ActionError> {
        let decision = self.pending.decision;
        match (decision, action) {
            (Decision::GameOver, _) => Err(ActionError::GameOver),
            (Decision::Draw, Action::Draw { tile, garden }) => {
                self.check_draw(tile, garden)?;
                self.do_draw(tile, garden, out);
                Ok(())
            }
            (Decision::PlaceTile { tile, garden }, Action::Place { at, rotation }) => {
                self.board.check_edges(tile, at, rotation)?;
                let river = expansions::check_place(self, tile, at, rotation)?;
                // Valid: from here on nothing fails.
                let seat = self.pending.seat;
                self.take_tile(tile, garden);
                let index = self.put_tile(tile, at, rotation, garden);
                self.exp.river = river;
                expansions::after_place(self, index);
                self.log.push(Turn {
                    seat: seat as u8,
                    tile,
                    garden,
                    placed: Some((at, rotation)),
                    act: Act::None,
                    ransom: self.turn.ransom,
                    dragon: [None; 6],
                    set_aside: false,
                });
                self.pending.decision = Decision::Act { at };
                Ok(())
            }
            (Decision::Act { at }, a)
                if !matches!(a, Action::Princess { .. } | Action::Draw { .. })
                    && self
                        .board
                        .cell(at)
                        .is_some_and(|i| expansions::princess_due(self, i)) =>
            {
                Err(PrincessError::PrincessFirst.into())
            }
            (Decision::Act { at }, Action::Princess { knight }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let i = expansions::princess::check_princess(self, index, knight)?;
                let canonical = Capture {
                    on: self.board.tiles[self.meeples[i].tile_index as usize].pos,
                    spot: self.meeples[i].spot,
                };
                expansions::princess::send_home(self, i, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Princess(canonical);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Fairy { at: to }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let f = expansions::princess::check_fairy(self, to)?;
                expansions::princess::move_fairy(self, f);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Fairy(to);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::DragonMove { .. }, Action::MoveDragon { side }) => {
                self.dragon_step(side, out)
            }
            (Decision::Act { at }, Action::Deploy { figure, spot }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seg = self.check_deploy(index, figure, spot)?;
                let seat = self.pending.seat;
                let spot = Self::segment_spot(
                    self.board.tiles[index].tile,
                    self.board.tiles[index].rotation,
                    seg as usize,
                );
                self.deploy(seat, index, seg, spot, figure);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Deploy(figure, spot);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Recall) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seat = self.pending.seat;
                let m = expansions::abbot::recallable(self, seat).ok_or(ActionError::NoAbbot)?;
                expansions::abbot::recall(self, m, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Recall;
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::PlaceTile { .. }, Action::Ransom { from, figure }) => {
                expansions::tower::check_ransom(self, from, figure)?;
                expansions::tower::ransom(self, from, figure, out);
                self.turn.ransom = Some((from, figure));
                Ok(())
            }
            (Decision::Act { at }, Action::Tower { at: site, capture }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let plan = expansions::tower::check_build(self, site, capture)?;
                expansions::tower::build(self, plan, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Tower(site, capture);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::DeployOn { on, figure, spot }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seat = self.pending.seat;
                let (target, seg, canonical) = if spot == Spot::Tower || self.exp.princess.is_none()
                {
                    let target = expansions::tower::check_guard(self, on, figure, spot)?;
                    expansions::check_tile(self, target)?;
                    (target, TOWER_SEGMENT, Spot::Tower)
                } else {
                    let (target, seg) =
                        expansions::princess::check_portal(self, index, on, figure, spot)?;
                    let p = self.board.tiles[target];
                    (
                        target,
                        seg,
                        Self::segment_spot(p.tile, p.rotation, seg as usize),
                    )
                };
                self.deploy(seat, target, seg, canonical, figure);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::DeployOn(on, figure, canonical);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Pass) => {
                let index = self.board.cell(at).expect("the tile just placed");
                self.finish_turn(index, out);
                Ok(())
            }
            (d, a) => Err(ActionError::WrongDecision {
                expected: d.name(),
                got: a.name(),
            }),
        }
    }

    /// Checks that `tile` can be drawn now.
    pub(super) fn check_draw(&self, tile: TileId, garden: bool) -> Result<(), PlaceError> {
        if self.remaining.get(tile.0 as usize).copied().unwrap_or(0) == 0 {
            return Err(PlaceError::NoneLeft(tile));
        }
        if garden {
            if !self.has_set(TileSet::Abbot) {
                return Err(PlaceError::GardenNotInGame);
            }
            if self.remaining_gardens[tile.0 as usize] == 0 {
                return Err(PlaceError::NoGardenLeft(tile));
            }
        } else if self.remaining[tile.0 as usize] == self.remaining_gardens[tile.0 as usize] {
            return Err(PlaceError::OnlyGardensLeft(tile));
        }
        expansions::check_draw(self, tile)
    }

    pub(crate) fn check_draw_ok(&self, tile: TileId, garden: bool) -> bool {
        self.check_draw(tile, garden).is_ok()
    }

    /// Whether `figure` may go on segment `seg` (canonical place `spot`) of the tile just placed.
    pub(super) fn do_draw(&mut self, tile: TileId, garden: bool, out: &mut TurnOutcome) {
        let seat = self.pending.seat;
        let set_aside = expansions::sets_aside(self, tile);
        if !set_aside && self.fits_somewhere(tile) {
            self.pending.decision = Decision::PlaceTile { tile, garden };
        } else {
            self.take_tile(tile, garden);
            self.log.push(Turn {
                seat: seat as u8,
                tile,
                garden,
                placed: None,
                act: Act::None,
                ransom: None,
                dragon: [None; 6],
                set_aside,
            });
            if set_aside {
                if let Some(p) = self.exp.princess.as_mut() {
                    p.set_aside.push((tile, garden));
                }
                out.set_aside.push(tile);
            } else {
                out.discarded.push(tile);
            }
            if self.remaining_total == 0 {
                self.pending.decision = Decision::GameOver;
            }
        }
    }

    /// Puts set-aside tiles back among the tiles to draw.
    pub(crate) fn put_back(&mut self, tiles: &[(TileId, bool)]) {
        for &(tile, garden) in tiles {
            self.remaining[tile.0 as usize] += 1;
            if garden {
                self.remaining_gardens[tile.0 as usize] += 1;
            }
            self.remaining_total += 1;
        }
    }

    /// Places `tile` for the current player with an optional figure: [`Action::Draw`],
    /// [`Action::Place`], then [`Action::Deploy`] or [`Action::Pass`], all or nothing. A convenience
    /// for tests and tools; the game must be waiting for the draw or for the placement of `tile`.
    pub fn place(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        spot: Option<Spot>,
        figure: Figure,
    ) -> Result<TurnOutcome, ActionError> {
        let mut g = self.clone();
        let mut out = TurnOutcome::new(self.pending.seat);
        match g.pending.decision {
            Decision::Draw => {
                let d = g.apply(Action::Draw {
                    tile,
                    garden: false,
                })?;
                if !d.discarded.is_empty() {
                    // It fits nowhere: report why at the asked place.
                    self.check_placement(tile, at, rotation)?;
                    return Err(PlaceError::FitsNowhere(tile).into());
                }
            }
            Decision::PlaceTile { tile: drawn, .. } if drawn != tile => {
                return Err(PlaceError::NotDrawn { drawn, asked: tile }.into())
            }
            _ => {}
        }
        out.merge(g.apply(Action::Place { at, rotation })?);
        let act = match spot {
            Some(spot) => Action::Deploy { figure, spot },
            None => Action::Pass,
        };
        out.merge(g.apply(act)?);
        *self = g;
        Ok(out)
    }

    /// The figure actions (`Pass` first, then recall and every figure on every place) open to
    /// the current player after placing the drawn `tile` as given. Empty if the placement itself
    /// is illegal. Works on a copy: the game does not change.
    pub fn acts_after(&self, tile: TileId, placement: Placement) -> Vec<Action> {
        let mut g = self.clone();
        if let Decision::Draw = g.pending.decision {
            if g.apply(Action::Draw {
                tile,
                garden: false,
            })
            .is_err()
            {
                return Vec::new();
            }
        }
        if g.tile_to_place() != Some(tile)
            || g.apply(Action::Place {
                at: placement.at,
                rotation: placement.rotation,
            })
            .is_err()
        {
            return Vec::new();
        }
        g.legal_actions()
    }

    /// The places where the current player may put a figure after placing the drawn `tile` as
    /// given (every figure kind), one canonical name per segment. Empty if the placement itself is
    /// illegal.
    pub fn legal_spots(&self, tile: TileId, placement: Placement) -> Vec<(Figure, Spot)> {
        self.acts_after(tile, placement)
            .into_iter()
            .filter_map(|a| match a {
                Action::Deploy { figure, spot } => Some((figure, spot)),
                _ => None,
            })
            .collect()
    }

    pub(super) fn take_tile(&mut self, tile: TileId, garden: bool) {
        self.remaining[tile.0 as usize] -= 1;
        if garden {
            self.remaining_gardens[tile.0 as usize] -= 1;
        }
        self.remaining_total -= 1;
    }

    pub(super) fn put_tile(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        garden: bool,
    ) -> usize {
        let first_node = self.features.nodes.len() as u32;
        let index = self.board.put(tile, at, rotation, garden, first_node);
        if garden || tile.get().cloister {
            self.unsurrounded.push(index as u16);
        }
        self.features.add_tile(index, tile.get());
        self.features.join_neighbours(&self.board, index);
        index
    }

    /// Scores what the tile at `index` completed, then ends the turn.
    pub(super) fn finish_turn(&mut self, index: usize, out: &mut TurnOutcome) {
        let dragon = expansions::dragon_tile(self, index);
        if dragon
            && self.setup.rules.dragon == DragonRule::BeforeScoring
            && expansions::princess::start_journey(self, Some(index))
        {
            self.pending.decision = Decision::DragonMove { step: 0 };
            return;
        }
        self.score_completed(index, out);
        if dragon
            && self.setup.rules.dragon == DragonRule::AfterScoring
            && expansions::princess::start_journey(self, None)
        {
            self.pending.decision = Decision::DragonMove { step: 0 };
            return;
        }
        self.end_turn(out);
    }

    /// Ends the turn: the next seat (or the builder's second turn), the fairy's point at the start
    /// of a new turn, and the next draw.
    pub(super) fn end_turn(&mut self, out: &mut TurnOutcome) {
        let n = self.player_count();
        out.turn_ended = true;
        let fresh = if self.turn.builder_used && !self.turn.second {
            self.turn = TurnState {
                second: true,
                ..TurnState::default()
            };
            out.extra_turn = true;
            false
        } else {
            self.turn = TurnState::default();
            self.pending.turn_of = (self.pending.turn_of + 1) % n;
            true
        };
        self.pending.seat = self.pending.turn_of;
        self.pending.decision = if self.remaining_total == 0 {
            Decision::GameOver
        } else {
            Decision::Draw
        };
        if fresh && self.pending.decision == Decision::Draw {
            expansions::turn_start(self, self.pending.turn_of, out);
        }
    }

    /// One step of the dragon's journey by the seat to decide.
    pub(super) fn dragon_step(
        &mut self,
        side: Side,
        out: &mut TurnOutcome,
    ) -> Result<(), ActionError> {
        expansions::princess::check_step(self, side)?;
        let Decision::DragonMove { step } = self.pending.decision else {
            return Err(PrincessError::NoJourney.into());
        };
        let mover = self.pending.seat;
        if let Some(t) = self.log.last_mut() {
            if let Some(slot) = t.dragon.get_mut(step as usize) {
                *slot = Some(side);
            }
        }
        let (more, score_after) = expansions::princess::step(self, side, out);
        if more {
            self.pending.seat = (mover + 1) % self.player_count();
            self.pending.decision = Decision::DragonMove { step: step + 1 };
            return Ok(());
        }
        self.pending.seat = self.pending.turn_of;
        if let Some(index) = score_after {
            self.score_completed(index, out);
        }
        self.end_turn(out);
        Ok(())
    }
}
