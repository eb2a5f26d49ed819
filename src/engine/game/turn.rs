//! The one way a game changes, [`Game::apply`]: validate the action, then run the automatic
//! steps (draws that fit nowhere, scoring, the builder's second turn, a set's own steps) until
//! the next decision. A set's actions go through the hook table.

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
        // The seat that decides; each arm logs the action as taken once nothing can fail.
        let by = self.pending.seat as u8;
        let decision = self.pending.decision;
        if let Decision::Act { at } = decision {
            // A set's action that must come first (the princess's).
            hooks::check_act_order(self, at, action)?;
        }
        match (decision, action) {
            (Decision::GameOver, _) => Err(ActionError::GameOver),
            (Decision::Draw, Action::Draw { tile, garden }) => {
                self.check_draw(tile, garden)?;
                let aside = self.do_draw(tile, garden, out);
                self.drawn += 1;
                self.logged(by, action, aside);
                Ok(())
            }
            (Decision::PlaceTile { tile, garden }, Action::Place { at, rotation }) => {
                self.table.board.check_edges(tile, at, rotation)?;
                let placing = hooks::check_place(self, tile, at, rotation)?;
                // Valid: from here on nothing fails.
                self.take_tile(tile, garden);
                let index = self.put_tile(tile, at, rotation, garden);
                hooks::after_place(self, index, placing);
                self.pending.decision = Decision::Act { at };
                {
                    self.logged(by, action, false);
                    Ok(())
                }
            }
            (Decision::Act { at }, Action::Deploy { figure, spot }) => {
                let index = self.table.board.cell(at).expect("the tile just placed");
                let seg = self.check_deploy(index, figure, spot)?;
                let seat = self.pending.seat;
                let spot = Self::canonical_spot(&self.table.board.tiles[index], seg, spot);
                self.deploy(seat, index, seg, spot, figure);
                self.finish_turn(index, out);
                {
                    self.logged(by, Action::Deploy { figure, spot }, false);
                    Ok(())
                }
            }
            (Decision::Act { at }, Action::DeployOn { on, figure, spot })
                if hooks::sent_onto_itself(self, at, on, spot) =>
            {
                // A figure sent onto the tile just placed (through a magic portal) is a figure
                // placed the usual way.
                self.apply_into(Action::Deploy { figure, spot }, out)
            }
            (Decision::Act { at }, Action::DeployOn { on, figure, spot }) => {
                let index = self.table.board.cell(at).expect("the tile just placed");
                let seat = self.pending.seat;
                let (target, seg, canonical) =
                    hooks::deploy_target(self, (seat, index), on, figure, spot)?;
                self.deploy(seat, target, seg, canonical, figure);
                self.finish_turn(index, out);
                let action = Action::DeployOn {
                    on,
                    figure,
                    spot: canonical,
                };
                self.logged(by, action, false);
                Ok(())
            }
            (Decision::Act { at }, Action::Pass) => {
                let index = self.table.board.cell(at).expect("the tile just placed");
                self.finish_turn(index, out);
                {
                    self.logged(by, action, false);
                    Ok(())
                }
            }
            // A set's own action (the abbot's recall, a tower piece, a ransom, the princess, the
            // fairy, a step of the dragon), logged as the set says.
            (d, a) => {
                // A tile held from a bazaar may be set aside when drawn, as a tile from the
                // stack is (a dragon tile before the first volcano).
                let aside_before = out.set_aside.len();
                match hooks::apply_set_action(self, d, a, out) {
                    Some(done) => {
                        let done = done?;
                        self.logged(by, done, out.set_aside.len() > aside_before);
                        Ok(())
                    }
                    None => Err(ActionError::WrongDecision {
                        expected: d.name(),
                        got: a.name(),
                    }),
                }
            }
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
        hooks::check_draw(self, tile)
    }

    pub(crate) fn check_draw_ok(&self, tile: TileId, garden: bool) -> bool {
        self.check_draw(tile, garden).is_ok()
    }

    /// Whether `a` is a draw (or a tile turned up for a bazaar) the rules allow now (the River's
    /// order, the copies left).
    pub(crate) fn draw_allowed(&self, a: Action) -> bool {
        matches!(a, Action::Draw { tile, garden } | Action::Offer { tile, garden }
            if self.check_draw_ok(tile, garden))
    }

    /// Appends an action to the log.
    #[inline]
    fn logged(&mut self, seat: u8, action: Action, aside: bool) {
        self.log.push(Logged {
            seat,
            action,
            aside,
        });
    }

    /// Takes the drawn tile: it waits to be placed, or is discarded (it fits nowhere) or set
    /// aside by the rules (returns true then).
    #[inline(always)]
    pub(super) fn do_draw(&mut self, tile: TileId, garden: bool, out: &mut TurnOutcome) -> bool {
        let set_aside = hooks::sets_aside(self, tile);
        let fits = !set_aside && self.fits_somewhere(tile);
        if fits {
            self.pending.decision = Decision::PlaceTile { tile, garden };
        } else {
            self.take_tile(tile, garden);
            if set_aside {
                hooks::set_aside(self, tile, garden);
                out.set_aside.push(tile);
            } else {
                out.discarded.push(tile);
            }
            if self.remaining_total == 0 {
                if hooks::holds_tiles(self) {
                    // The stack is empty but tiles taken at a bazaar wait for their turns.
                    self.next_turn(out);
                } else {
                    self.pending.decision = Decision::GameOver;
                    hooks::last_round(self);
                }
            }
        }
        set_aside
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
        let first_node = self.table.features.nodes.len() as u32;
        let index = self.table.board.put(tile, at, rotation, garden, first_node);
        if garden || tile.get().cloister {
            self.unsurrounded.push(index as u16);
        }
        self.table.features.add_tile(index, tile.get());
        if hooks::keeps_bridge_room(self, tile) {
            self.table.features.add_spare(index);
        }
        self.table
            .features
            .join_neighbours(&self.table.board, index);
        index
    }

    /// Scores what the tile at `index` completed, then ends the turn; called again when the
    /// flocks' decisions of that tile are taken.
    /// A set's own steps the tile may bring (the dragon's journey) start before or after the
    /// scoring, as the rules say; then the game waits for them.
    pub(super) fn finish_turn(&mut self, index: usize, out: &mut TurnOutcome) {
        // The common case, one check: no set with steps of its own at the end of a turn.
        if !hooks::has_turn_steps(self) {
            self.score_completed(index, out);
            self.next_turn(out);
            return;
        }
        // The flocks first, when a decision of theirs is due (Hills & Sheep).
        if hooks::flock_steps(self, index, out) {
            return;
        }
        if hooks::brings_steps(self, index) && hooks::start_steps(self, index, true) {
            return;
        }
        self.castles_then_score(index, out);
    }

    /// The rest of [`Game::finish_turn`] once the flocks and a dragon's journey before the
    /// scoring are done: the castles' choices, when due (Bridges, Castles & Bazaars), the
    /// scoring, then a set's steps after it (the dragon's journey) or the turn's end. Called
    /// again when a castle's choice is taken.
    pub(super) fn castles_then_score(&mut self, index: usize, out: &mut TurnOutcome) {
        if hooks::castle_steps(self, index) {
            return;
        }
        self.score_completed(index, out);
        if hooks::brings_steps(self, index) && hooks::start_steps(self, index, false) {
            return;
        }
        self.end_turn(out);
    }

    /// Ends the turn: the next seat (or the builder's second turn), the fairy's point at the start
    /// of a new turn, and the next draw.
    pub(super) fn end_turn(&mut self, out: &mut TurnOutcome) {
        // A wagon whose feature scored waits for its owner first (Abbey & Mayor).
        if hooks::wagon_waits(self) {
            return;
        }
        self.next_turn(out);
    }

    /// The next seat (or the builder's second turn), the fairy's point at the start of a new
    /// turn, and the next draw: the end of a turn once no set's step waits.
    #[inline(always)]
    fn next_turn(&mut self, out: &mut TurnOutcome) {
        let n = self.player_count();
        out.turn_ended = true;
        // A builder's second turn draws: none when the stack is empty (tiles taken at a
        // bazaar may still wait for their turns).
        let fresh = if self.turn.builder_used
            && !self.turn.second
            && (self.remaining_total > 0 || !hooks::holds_tiles(self))
        {
            self.turn = TurnState {
                second: true,
                ..TurnState::default()
            };
            out.extra_turn = true;
            false
        } else {
            self.turn = TurnState::default();
            // The next seat (no division: this runs every turn).
            self.pending.turn_of = if self.pending.turn_of + 1 == n {
                0
            } else {
                self.pending.turn_of + 1
            };
            true
        };
        self.pending.seat = self.pending.turn_of;
        self.pending.decision = if self.remaining_total == 0 && !hooks::holds_tiles(self) {
            Decision::GameOver
        } else {
            Decision::Draw
        };
        if fresh && self.pending.decision == Decision::Draw {
            hooks::turn_start(self, self.pending.turn_of, out);
        }
        hooks::turn_begins(self);
    }
}
