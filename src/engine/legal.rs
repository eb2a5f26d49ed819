//! Enumerating the legal actions of the pending decision: every draw still possible, every
//! placement of the drawn tile and the ransoms open before it, every figure of every kind on every
//! place of the tile just placed, the abbot's recall, tower pieces with each capture they allow,
//! followers on towers, and passing. What a set lists is its own module's (through the hook
//! table).

use super::action::{Action, Decision};
use super::game::hooks;
use super::game::Game;
use super::table::PlaceNames;
use super::tiles::FeatureKind;
use super::tiles::{TileId, MAX_SEGMENTS};
use super::types::{FarmRule, Figure, Spot};
use std::ops::ControlFlow;

impl Game {
    /// Calls `f` with each legal action of the pending decision, until it breaks.
    pub fn for_each_legal(&self, mut f: impl FnMut(Action) -> ControlFlow<()>) {
        match self.pending().decision {
            Decision::GameOver => {}
            Decision::Draw => {
                let _ = self.for_each_draw(&mut f);
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
                if !stop {
                    let _ = self.for_each_before_placing(&mut f);
                }
            }
            Decision::Act { at } => {
                if let Some(index) = self.board().cell(at) {
                    let _ = self.for_each_act(index, true, &mut f);
                }
            }
            // A set's own decision between turns (a step of the dragon).
            _ => {
                let _ = hooks::for_each_set_step(self, &mut f);
            }
        }
    }

    /// Every draw the rules allow now ([`Action::Draw`]: each type left, its garden copies
    /// apart), until `f` breaks: the chance of a draw, and of a tile a set turns up.
    pub(crate) fn for_each_draw(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &left) in self.remaining().iter().enumerate() {
            if left == 0 {
                continue;
            }
            let tile = TileId(i as u8);
            let gardens = self.remaining_gardens()[i];
            for garden in [false, true] {
                let possible = if garden { gardens > 0 } else { left > gardens };
                if possible && self.check_draw_ok(tile, garden) {
                    f(Action::Draw { tile, garden })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// What the player to place a tile may do first (a ransom: the Tower), in the order
    /// [`Game::for_each_legal`] lists them after the placements.
    pub(crate) fn for_each_before_placing(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        hooks::for_each_before_placing(self, f)
    }

    /// The figure actions after placing the tile with placement index `index`, in order: the
    /// sets' first actions (the princess's knights, alone when she must act), passing, those
    /// before the figures (the abbot's recall), every figure on every place of the tile, then
    /// the sets' others (the fairy, targets on other tiles unless `targets` is false, tower
    /// pieces with their captures and followers on towers).
    #[inline(always)]
    fn for_each_act(
        &self,
        index: usize,
        targets: bool,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if hooks::for_each_act_first(self, index, f)? {
            return ControlFlow::Continue(());
        }
        f(Action::Pass)?;
        hooks::for_each_act_before_figures(self, f)?;
        self.for_each_deploy(index, f)?;
        hooks::for_each_act_after_figures(self, index, targets, f)
    }

    /// A figure action after placing the tile `index`, drawn uniformly from the legal ones, with
    /// `actions` as a buffer; `None` if there is none. Where a set offers targets on other tiles
    /// (a magic portal: a hundred, judged one by one when listed), the other actions are listed
    /// and the targets sampled, after `tries` misses listed too (see `hooks::sample_targets`).
    pub(crate) fn sample_act<R: rand::Rng>(
        &self,
        index: usize,
        actions: &mut Vec<Action>,
        tries: usize,
        rng: &mut R,
    ) -> Option<Action> {
        use rand::seq::SliceRandom;
        actions.clear();
        let sampled = hooks::samples_targets(self, index);
        let _ = self.for_each_act(index, !sampled, &mut |a| {
            actions.push(a);
            ControlFlow::Continue(())
        });
        if !sampled {
            return actions.choose(rng).copied();
        }
        hooks::sample_targets(self, index, actions, tries, rng)
    }

    /// Every figure in hand on every place of the tile just placed.
    fn for_each_deploy(
        &self,
        index: usize,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let placed = self.board().tiles()[index];
        let t = placed.tile.get();
        let supply = self.supplies()[self.pending().seat];
        let usable = self.table.usable(&supply);
        if usable == 0 || hooks::check_tile(self, index).is_err() {
            return ControlFlow::Continue(());
        }
        // Which figures may go on each place of the tile, as bits by place (segment order, the
        // garden last) per figure kind: what `Game::check_deploy_place` accepts. Only whether
        // each feature is taken, and whether by this player, is read per place; the rest are
        // the tile type's bits.
        let seat = self.pending().seat;
        let farms = self.setup().rules.farms != FarmRule::None;
        let n = t.segment_count();
        let (mut occupied, mut own) = (0u16, 0u16);
        for seg in 0..n {
            let data = self
                .table
                .features
                .root_data(placed.first_node + seg as u32);
            occupied |= u16::from(data.occupied()) << seg;
            own |= u16::from(data.strength[seat] != 0) << seg;
        }
        let all = ((1u32 << n) - 1) as u16;
        let fields = t.segments_of(FeatureKind::Field);
        let city_road = t.segments_of(FeatureKind::City) | t.segments_of(FeatureKind::Road);
        let garden = u16::from(placed.garden) << n;
        let follower = all
            & !occupied
            & if farms { all } else { !fields }
            & !hooks::closed_to_farmers(self, index);
        let free = all & !occupied;
        let masks = [
            follower,
            follower,
            city_road & own,
            if farms { fields & own } else { 0 },
            t.segments_of(FeatureKind::Cloister) | garden,
            free & t.segments_of(FeatureKind::City),
            free & (city_road | t.segments_of(FeatureKind::Cloister)),
            // A barn stands on a corner, listed with the sets' actions.
            0,
            hooks::free_fields(self, index),
        ];
        const {
            assert!(
                MAX_SEGMENTS < 16,
                "a tile's places and its garden fit 16 bits"
            )
        };
        let names = PlaceNames::get().of(placed.tile, placed.rotation).0;
        // Place `j`: a segment's name, or the garden after the segments.
        let spot = |j: usize| if j < n { names[j] } else { Spot::Garden };
        let end = self.table.kinds_end.min(Figure::ALL.len());
        for (k, (&figure, &mask)) in Figure::ALL[..end].iter().zip(&masks[..end]).enumerate() {
            if mask == 0 || usable & super::table::kind_ids(k) == 0 {
                continue;
            }
            let mut rest = mask;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                f(Action::Deploy {
                    figure,
                    spot: spot(j),
                })?;
            }
        }
        #[cfg(debug_assertions)]
        for (figure, mask) in Figure::ALL.into_iter().zip(masks) {
            let garden = placed.garden.then_some(super::table::GARDEN_SEGMENT);
            let segs = (0..t.segment_count() as u8).chain(garden);
            for (j, seg) in segs.enumerate() {
                if supply.has(figure) && self.table.has_figure(figure) {
                    debug_assert_eq!(
                        spot(j),
                        Game::segment_spot(placed.tile, placed.rotation, seg as usize)
                    );
                    debug_assert_eq!(
                        mask & (1 << j) != 0,
                        self.check_deploy_place(index, figure, seg, spot(j)).is_ok(),
                        "{figure:?} on {:?}",
                        spot(j)
                    );
                }
            }
        }
        ControlFlow::Continue(())
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
