//! Enumerating the legal actions of the pending decision: every draw still possible, every
//! placement of the drawn tile and the ransoms open before it, every figure of every kind on every
//! place of the tile just placed, the abbot's recall, tower pieces with each capture they allow,
//! followers on towers, and passing.

use super::action::{Action, Decision};
use super::expansions::{princess, tower};
use super::game::{Game, GARDEN_SEGMENT};
use super::tiles::TileId;
use super::types::{Figure, Spot};
use std::ops::ControlFlow;

impl Game {
    /// Calls `f` with each legal action of the pending decision, until it breaks.
    pub fn for_each_legal(&self, mut f: impl FnMut(Action) -> ControlFlow<()>) {
        match self.pending().decision {
            Decision::GameOver => {}
            Decision::Draw => {
                for (i, &left) in self.remaining().iter().enumerate() {
                    if left == 0 {
                        continue;
                    }
                    let tile = TileId(i as u8);
                    let gardens = self.remaining_gardens()[i];
                    for garden in [false, true] {
                        let possible = if garden { gardens > 0 } else { left > gardens };
                        if possible
                            && self.check_draw_ok(tile, garden)
                            && f(Action::Draw { tile, garden }).is_break()
                        {
                            return;
                        }
                    }
                }
            }
            Decision::PlaceTile { tile, .. } => {
                let mut stop = false;
                self.for_each_placement(tile, |p| {
                    stop = f(Action::Place {
                        at: p.at,
                        rotation: p.rotation,
                    })
                    .is_break();
                    !stop
                });
                if stop || self.exp.tower.is_none() {
                    return;
                }
                let seat = self.pending().seat;
                for from in 0..self.player_count() as u8 {
                    for figure in [Figure::Follower, Figure::Large] {
                        if from as usize != seat
                            && tower::check_ransom(self, from, figure).is_ok()
                            && f(Action::Ransom { from, figure }).is_break()
                        {
                            return;
                        }
                    }
                }
            }
            Decision::DragonMove { .. } => {
                for side in princess::steps(self) {
                    if f(Action::MoveDragon { side }).is_break() {
                        return;
                    }
                }
            }
            Decision::Act { at } => {
                let Some(index) = self.board().cell(at) else {
                    return;
                };
                // The princess: the knights she may (or must) send home.
                if self.exp.princess.is_some() {
                    for (_, knight) in princess::knights(self, index) {
                        if f(Action::Princess { knight }).is_break() {
                            return;
                        }
                    }
                    if princess::princess_due(self, index) {
                        return;
                    }
                }
                if f(Action::Pass).is_break() {
                    return;
                }
                let seat = self.pending().seat;
                if self.exp.abbot
                    && super::expansions::abbot::recallable(self, seat).is_some()
                    && f(Action::Recall).is_break()
                {
                    return;
                }
                let placed = self.board().tiles()[index];
                let t = placed.tile.get();
                let supply = self.supplies()[seat];
                let count = t.segment_count() as u8;
                let garden = placed.garden;
                for figure in Figure::ALL {
                    if supply.count(figure) == 0 || !self.exp.has_figure(figure) {
                        continue;
                    }
                    let segs = (0..count).chain(garden.then_some(GARDEN_SEGMENT));
                    for seg in segs {
                        let spot = Game::segment_spot(placed.tile, placed.rotation, seg as usize);
                        if self.deploy_ok(index, figure, seg, spot)
                            && f(Action::Deploy { figure, spot }).is_break()
                        {
                            return;
                        }
                    }
                }
                if self.exp.princess.is_some() {
                    // The fairy, onto each tile with one of the player's followers.
                    let mut tiles: Vec<u16> = self
                        .meeples()
                        .iter()
                        .filter(|m| m.player as usize == seat && m.figure.is_follower())
                        .map(|m| m.tile_index)
                        .collect();
                    tiles.sort_unstable();
                    tiles.dedup();
                    for t in tiles {
                        let to = self.tiles()[t as usize].pos;
                        if princess::check_fairy(self, to).is_ok()
                            && f(Action::Fairy { at: to }).is_break()
                        {
                            return;
                        }
                    }
                    // A magic portal: a follower onto any other tile's free, open feature.
                    // (The checks of `princess::check_portal`, the figure's apart from the
                    // target's, so each target segment is judged once.)
                    let figures = [Figure::Follower, Figure::Large]
                        .map(|k| supply.count(k) > 0 && self.exp.has_figure(k));
                    if t.symbols.portal && figures.contains(&true) {
                        for (i, other) in self.tiles().iter().enumerate() {
                            if i == index || princess::check_tile(self, i).is_err() {
                                continue;
                            }
                            for seg in 0..other.tile.get().segment_count() {
                                // The place's name leads to the segment an action names.
                                let spot = Game::segment_spot(other.tile, other.rotation, seg);
                                let Some(target) =
                                    Game::spot_segment(other.tile, other.rotation, spot)
                                else {
                                    continue;
                                };
                                if princess::portal_target(self, i, target).is_err() {
                                    continue;
                                }
                                for (figure, ok) in
                                    [Figure::Follower, Figure::Large].into_iter().zip(figures)
                                {
                                    if ok
                                        && f(Action::DeployOn {
                                            on: other.pos,
                                            figure,
                                            spot,
                                        })
                                        .is_break()
                                    {
                                        return;
                                    }
                                }
                            }
                        }
                    }
                }
                if self.exp.tower.is_none() {
                    return;
                }
                for (site, pos, height) in tower::open_sites(self) {
                    if supply.towers > 0 {
                        if f(Action::Tower {
                            at: pos,
                            capture: None,
                        })
                        .is_break()
                        {
                            return;
                        }
                        for capture in tower::captures(self, site, height) {
                            if f(Action::Tower {
                                at: pos,
                                capture: Some(capture),
                            })
                            .is_break()
                            {
                                return;
                            }
                        }
                    }
                    if height == 0 {
                        continue;
                    }
                    for figure in [Figure::Follower, Figure::Large] {
                        if supply.count(figure) > 0
                            && self.exp.has_figure(figure)
                            && princess::check_tile(self, site).is_ok()
                            && f(Action::DeployOn {
                                on: pos,
                                figure,
                                spot: Spot::Tower,
                            })
                            .is_break()
                        {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Every legal action of the pending decision, in a stable order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.for_each_legal(|a| {
            out.push(a);
            ControlFlow::Continue(())
        });
        out
    }
}
