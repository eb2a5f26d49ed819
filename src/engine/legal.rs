//! Enumerating the legal actions of the pending decision: every draw still possible, every
//! placement of the drawn tile and the ransoms open before it, every figure of every kind on every
//! place of the tile just placed, the abbot's recall, tower pieces with each capture they allow,
//! followers on towers, and passing.

use super::action::{Action, Capture, Decision};
use super::expansions::{abbot, princess, tower};
use super::game::hooks;
use super::game::{Game, TOWER_SEGMENT};
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
                if !stop {
                    let _ = self.for_each_ransom(&mut f);
                }
            }
            Decision::DragonMove { .. } => {
                for side in princess::steps(&self.table, self.exp.princess.as_ref()) {
                    if f(Action::MoveDragon { side }).is_break() {
                        return;
                    }
                }
            }
            Decision::Act { at } => {
                if let Some(index) = self.board().cell(at) {
                    let _ = self.for_each_act(index, true, &mut f);
                }
            }
        }
    }

    /// The ransoms the player to place a tile may pay first (the Tower), in the order
    /// [`Game::for_each_legal`] lists them after the placements.
    pub(crate) fn for_each_ransom(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.exp.tower.is_none() {
            return ControlFlow::Continue(());
        }
        let seat = self.pending().seat;
        for from in 0..self.player_count() as u8 {
            for figure in [Figure::Follower, Figure::Large] {
                if from as usize != seat
                    && tower::check_ransom(
                        &self.table,
                        self.exp.tower.as_ref(),
                        seat,
                        self.turn.ransomed,
                        from,
                        figure,
                    )
                    .is_ok()
                {
                    f(Action::Ransom { from, figure })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The figure actions after placing the tile with placement index `index`, in order: the
    /// princess's knights (alone when she must act), passing, the abbot's recall, every figure on
    /// every place of the tile, the fairy, a magic portal's targets (unless `portals` is false),
    /// tower pieces with their captures and followers on towers.
    #[inline(always)]
    fn for_each_act(
        &self,
        index: usize,
        portals: bool,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.exp.princess.is_some() {
            for (_, knight) in princess::knights(&self.table, index) {
                f(Action::Princess { knight })?;
            }
            if hooks::princess_due(self, index) {
                return ControlFlow::Continue(());
            }
        }
        f(Action::Pass)?;
        let seat = self.pending().seat;
        if self.exp.abbot && abbot::recallable(&self.table, seat).is_some() {
            f(Action::Recall)?;
        }
        self.for_each_deploy(index, f)?;
        if self.exp.princess.is_some() {
            self.for_each_fairy(f)?;
            if portals {
                self.for_each_portal(index, f)?;
            }
        }
        if self.exp.tower.is_some() {
            self.for_each_tower(f)?;
        }
        ControlFlow::Continue(())
    }

    /// A figure action after placing the tile `index`, drawn uniformly from the legal ones, with
    /// `actions` as a buffer; `None` if there is none.
    ///
    /// A magic portal can offer a hundred targets, judged one by one when listed. So on a
    /// portal tile the other actions are listed and the portal's sampled: a code (a tile, one of
    /// its places, a figure) is drawn among the listed actions and every code, and kept if it
    /// is a listed action or a legal target. After `tries` misses the targets are listed too and
    /// one action chosen from all. Either way every legal action is equally likely.
    pub(crate) fn sample_act<R: rand::Rng>(
        &self,
        index: usize,
        actions: &mut Vec<Action>,
        tries: usize,
        rng: &mut R,
    ) -> Option<Action> {
        use rand::seq::SliceRandom;
        fn push(actions: &mut Vec<Action>) -> impl FnMut(Action) -> ControlFlow<()> + '_ {
            |a| {
                actions.push(a);
                ControlFlow::Continue(())
            }
        }
        actions.clear();
        let figures = self.portal_figures(index);
        let portal = figures.contains(&true) && !hooks::princess_due(self, index);
        let _ = self.for_each_act(index, !portal, &mut push(actions));
        if !portal {
            return actions.choose(rng).copied();
        }
        let s = self.exp.princess.as_ref()?;
        // Codes: (tile × 16 + place) × the figures that may go + which of them.
        const _: () = assert!(MAX_SEGMENTS <= 16, "a tile's places fit four bits");
        let mut kinds = [Figure::Follower; 2];
        let mut per_place = 0;
        for (k, ok) in [Figure::Follower, Figure::Large].into_iter().zip(figures) {
            if ok {
                kinds[per_place] = k;
                per_place += 1;
            }
        }
        let (listed, codes) = (actions.len(), self.tiles().len() * 16 * per_place);
        for _ in 0..tries {
            let c = rng.gen_range(0..(listed + codes) as u32) as usize;
            let Some(code) = c.checked_sub(listed) else {
                return Some(actions[c]);
            };
            let (cell, figure) = (code / per_place, kinds[code % per_place]);
            let (i, place) = (cell / 16, cell % 16);
            if let Some(spot) = princess::portal_place(&self.table, s, index, i, place) {
                return Some(Action::DeployOn {
                    on: self.tiles()[i].pos,
                    figure,
                    spot,
                });
            }
        }
        let _ = self.for_each_portal(index, &mut push(actions));
        actions.choose(rng).copied()
    }

    /// Which of the normal and the large follower the player may send through a magic portal
    /// on the tile `index` (none if it has no portal).
    #[inline]
    fn portal_figures(&self, index: usize) -> [bool; 2] {
        let supply = self.supplies()[self.pending().seat];
        let portal = self.exp.princess.is_some() && self.tiles()[index].tile.get().symbols.portal;
        [Figure::Follower, Figure::Large]
            .map(|k| portal && supply.has(k) && self.table.has_figure(k))
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
        if Figure::ALL
            .iter()
            .all(|&k| !supply.has(k) || !self.table.has_figure(k))
            || hooks::check_tile(self, index).is_err()
        {
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
        let follower = all & !occupied & if farms { all } else { !fields };
        let masks = [
            follower,
            follower,
            city_road & own,
            if farms { fields & own } else { 0 },
            t.segments_of(FeatureKind::Cloister) | garden,
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
        for (figure, mask) in Figure::ALL.into_iter().zip(masks) {
            if !supply.has(figure) || !self.table.has_figure(figure) {
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
            let garden = placed.garden.then_some(super::game::GARDEN_SEGMENT);
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

    /// The fairy, onto each tile with one of the player's followers (but the one it is on): what
    /// `princess::check_fairy` accepts, read from the tiles the table keeps per seat.
    fn for_each_fairy(&self, f: &mut impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
        let seat = self.pending().seat;
        let fairy = princess::fairy_tile(self.exp.princess.as_ref()).map(usize::from);
        let tiles = self.tiles();
        for (w, words) in self.table.follower_tiles.words().iter().enumerate() {
            let mut rest = words[seat];
            while rest != 0 {
                let t = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if Some(t) != fairy {
                    f(Action::Fairy { at: tiles[t].pos })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A magic portal on the tile just placed: a follower onto any other tile's free, open
    /// feature. (The checks of `princess::check_portal`, the figure's apart from the target's:
    /// `princess::for_each_portal_target` judges each target segment once.)
    fn for_each_portal(
        &self,
        index: usize,
        f: &mut impl FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let figures = self.portal_figures(index);
        if !figures.contains(&true) {
            return ControlFlow::Continue(());
        }
        let Some(s) = self.exp.princess.as_ref() else {
            return ControlFlow::Continue(());
        };
        princess::for_each_portal_target(&self.table, s, index, |i, _, spot| {
            let other = self.tiles()[i];
            for (figure, ok) in [Figure::Follower, Figure::Large].into_iter().zip(figures) {
                if ok {
                    f(Action::DeployOn {
                        on: other.pos,
                        figure,
                        spot,
                    })?;
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// Tower pieces on each open tower (with every capture they allow), and followers on top.
    fn for_each_tower(&self, f: &mut impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
        let sites = match self.exp.tower.as_ref() {
            Some(s) if !s.sites.is_empty() => &s.sites,
            _ => return ControlFlow::Continue(()),
        };
        let supply = self.supplies()[self.pending().seat];
        let meeples = self.meeples();
        let lines = &self.table.tower_lines;
        // The table keeps the knights by column and row (every figure of a game has a bit), and
        // the closed towers, as figures come and go (for a tower it does not know, the figures
        // are read).
        let guarded = |site: usize| {
            lines.closed(site).unwrap_or_else(|| {
                meeples
                    .iter()
                    .any(|m| m.segment == TOWER_SEGMENT && m.tile_index as usize == site)
            })
        };
        // Without tower pieces only the towers already built take figures, and only followers.
        let on_top = [Figure::Follower, Figure::Large]
            .into_iter()
            .any(|k| supply.has(k) && self.table.has_figure(k));
        if supply.towers == 0 && !on_top {
            return ControlFlow::Continue(());
        }
        for &(site, height, pos) in sites {
            if supply.towers == 0 && height == 0 {
                continue;
            }
            let site = usize::from(site);
            if guarded(site) {
                continue;
            }
            if supply.towers > 0 {
                f(Action::Tower {
                    at: pos,
                    capture: None,
                })?;
                // The knights within reach of the tower one higher: those in its column or row
                // (candidates from the bits), checked exactly, in order.
                let mut candidates = lines.candidates(pos);
                while candidates != 0 {
                    let m = meeples[candidates.trailing_zeros() as usize];
                    candidates &= candidates - 1;
                    let on = self.tiles()[m.tile_index as usize].pos;
                    if matches!(m.figure, Figure::Follower | Figure::Large)
                        && tower::in_reach(pos, height + 1, on)
                    {
                        f(Action::Tower {
                            at: pos,
                            capture: Some(Capture { on, spot: m.spot }),
                        })?;
                    }
                }
            }
            if height == 0 {
                continue;
            }
            let mut site_ok = None;
            for figure in [Figure::Follower, Figure::Large] {
                if supply.has(figure)
                    && self.table.has_figure(figure)
                    && *site_ok.get_or_insert_with(|| hooks::check_tile(self, site).is_ok())
                {
                    f(Action::DeployOn {
                        on: pos,
                        figure,
                        spot: Spot::Tower,
                    })?;
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
