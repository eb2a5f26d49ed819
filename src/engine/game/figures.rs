//! Figures on the tile just placed: what a place name means on a tile, the checks of a figure
//! action, and figures going onto the board and back to their owners.

use super::*;
use crate::engine::tiles::MAX_SEGMENTS;

impl Game {
    // ----- figure places -----

    /// The segment a place names on `tile` turned by `rotation` (`u8::MAX` as `usize` for a
    /// garden, when `garden` says the copy has one).
    pub fn spot_segment(tile: TileId, rotation: Rotation, spot: Spot) -> Option<usize> {
        let t = tile.get();
        let v = t.view(rotation);
        let seg = match spot {
            Spot::City(s) => v.city_at[s as usize],
            Spot::Road(s) => v.road_at[s as usize],
            Spot::Field(h) => v.field_at[h as usize],
            Spot::FieldInner => t
                .fields
                .iter()
                .position(|f| f.halves == 0)
                .map(|i| (t.field_base() + i) as u8),
            Spot::Cloister => t.cloister_segment().map(|s| s as u8),
            Spot::Garden | Spot::Tower => None,
        };
        seg.map(usize::from)
    }

    /// The canonical place name of a segment in board orientation.
    pub fn segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
        let s8 = seg as u8;
        if s8 == GARDEN_SEGMENT {
            return Spot::Garden;
        }
        if s8 == TOWER_SEGMENT {
            return Spot::Tower;
        }
        let names = &spot_names()[tile.0 as usize][rotation.quarter_turns() as usize];
        names.spot.get(seg).copied().unwrap_or(Spot::Cloister)
    }

    /// The segment that the canonical place name of `seg` leads back to (`None` when the name
    /// names no segment): what an action naming that place would take.
    pub(crate) fn named_segment(tile: TileId, rotation: Rotation, seg: usize) -> Option<usize> {
        let names = &spot_names()[tile.0 as usize][rotation.quarter_turns() as usize];
        match names.named.get(seg) {
            Some(&n) if n != NO_SEGMENT => Some(n as usize),
            _ => None,
        }
    }

    /// The segment of the tile just placed that a figure would take, after every check.
    pub(super) fn check_deploy(
        &self,
        index: usize,
        figure: Figure,
        spot: Spot,
    ) -> Result<u8, FollowerError> {
        if !self.exp.has_figure(figure) {
            return Err(FollowerError::FigureNotInGame(figure));
        }
        let placed = self.board.tiles[index];
        let seg = if spot == Spot::Garden {
            if !placed.garden {
                return Err(FollowerError::NoSuchPlace {
                    tile: placed.tile,
                    rotation: placed.rotation.degrees(),
                    spot,
                });
            }
            GARDEN_SEGMENT
        } else {
            Self::spot_segment(placed.tile, placed.rotation, spot).ok_or(
                FollowerError::NoSuchPlace {
                    tile: placed.tile,
                    rotation: placed.rotation.degrees(),
                    spot,
                },
            )? as u8
        };
        let canonical = Self::segment_spot(placed.tile, placed.rotation, seg as usize);
        self.check_deploy_seg(index, figure, seg, canonical)?;
        Ok(seg)
    }

    /// The checks of [`Game::check_deploy`] once the segment and its canonical place are known.
    pub(super) fn check_deploy_seg(
        &self,
        index: usize,
        figure: Figure,
        seg: u8,
        canonical: Spot,
    ) -> Result<(), FollowerError> {
        expansions::check_tile(self, index)?;
        self.check_deploy_place(index, figure, seg, canonical)
    }

    /// The checks of [`Game::check_deploy_seg`] but the tile's own (no figure on the dragon's
    /// tile): the listing of actions makes that one once per tile.
    pub(crate) fn check_deploy_place(
        &self,
        index: usize,
        figure: Figure,
        seg: u8,
        canonical: Spot,
    ) -> Result<(), FollowerError> {
        let seat = self.pending.seat;
        let placed = self.board.tiles[index];
        let spot = canonical;
        let kind = spot.kind();
        if kind == FeatureKind::Field
            && self.setup.rules.farms == FarmRule::None
            && matches!(figure, Figure::Follower | Figure::Large | Figure::Pig)
        {
            return Err(FollowerError::NoFarmers);
        }
        if self.supply[seat].count(figure) == 0 {
            return Err(FollowerError::NoneLeft(figure));
        }
        match figure {
            Figure::Follower | Figure::Large => {
                if spot == Spot::Garden {
                    return Err(FollowerError::GardenIsForTheAbbot);
                }
                if self
                    .features
                    .root_data(placed.first_node + seg as u32)
                    .occupied()
                {
                    return Err(FollowerError::Occupied { spot: canonical });
                }
            }
            Figure::Builder | Figure::Pig | Figure::Abbot => {
                expansions::check_special_deploy(self, index, figure, canonical, seg)?;
            }
        }
        Ok(())
    }

    /// Takes figure `i` off the board back to its owner's supply; a builder or pig whose owner
    /// keeps no follower on its feature goes home with it.
    pub(crate) fn remove_figure(&mut self, i: usize, out: &mut TurnOutcome) {
        let m = self.meeples[i];
        let root = self.root_of(&m);
        self.return_meeple(i, &mut out.returned);
        if let Some(root) = root {
            self.leave_with_last_follower(m.player as usize, root, out);
        }
    }

    /// A builder or pig of `owner` on the feature `root` goes home if `owner` has no follower
    /// left there.
    pub(crate) fn leave_with_last_follower(
        &mut self,
        owner: usize,
        root: u32,
        out: &mut TurnOutcome,
    ) {
        if self.features.data[root as usize].strength[owner] != 0 {
            return;
        }
        let mut k = 0;
        while k < self.meeples.len() {
            let o = self.meeples[k];
            if o.player as usize == owner
                && matches!(o.figure, Figure::Builder | Figure::Pig)
                && self.root_of(&o) == Some(root)
            {
                let pos = self.board.tiles[o.tile_index as usize].pos;
                self.return_meeple(k, &mut out.returned);
                out.sent_home.push((owner, o.figure, pos));
            } else {
                k += 1;
            }
        }
    }

    pub(super) fn deploy(
        &mut self,
        player: usize,
        index: usize,
        seg: u8,
        spot: Spot,
        figure: Figure,
    ) {
        *self.supply[player].slot(figure) -= 1;
        if seg < TOWER_SEGMENT {
            let root = self.features.find(self.node_of(index, seg as usize));
            self.features.data[root as usize].strength[player] += figure.strength();
        }
        self.meeples.push(Meeple {
            player: player as u8,
            figure,
            tile_index: index as u16,
            segment: seg,
            spot,
        });
    }

    /// Takes the figure `i` of `meeples` off the board, back to its owner.
    pub(crate) fn return_meeple(&mut self, i: usize, returned: &mut [u8]) {
        let m = self.take_meeple(i);
        *self.supply[m.player as usize].slot(m.figure) += 1;
        returned[m.player as usize] += 1;
    }

    /// Takes the figure `i` of `meeples` off the board (to nobody's supply yet).
    pub(crate) fn take_meeple(&mut self, i: usize) -> Meeple {
        let m = self.meeples.swap_remove(i);
        if let Some(root) = self.root_of(&m) {
            self.features.data[root as usize].strength[m.player as usize] -= m.figure.strength();
        }
        m
    }

    /// Returns every figure on the feature with root `root` to its owner.
    pub(crate) fn return_figures(&mut self, root: u32, returned: &mut [u8]) {
        let mut i = 0;
        while i < self.meeples.len() {
            if self.root_of(&self.meeples[i]) == Some(root) {
                self.return_meeple(i, returned);
            } else {
                i += 1;
            }
        }
    }
}

/// Marks "no segment" in [`SpotNames::named`].
const NO_SEGMENT: u8 = u8::MAX;

/// One tile type's place names in one rotation, per segment: the listing of figure actions asks
/// for them for every segment of every tile, so they are worked out once.
struct SpotNames {
    /// The canonical place name of each segment.
    spot: [Spot; MAX_SEGMENTS],
    /// The segment each of those names leads back to ([`NO_SEGMENT`]: none).
    named: [u8; MAX_SEGMENTS],
}

/// [`SpotNames`] of every tile type in every rotation, indexed by tile id and quarter turns.
fn spot_names() -> &'static [[SpotNames; 4]] {
    static NAMES: std::sync::OnceLock<Vec<[SpotNames; 4]>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        catalog()
            .tiles
            .iter()
            .map(|t| {
                Rotation::ALL.map(|r| {
                    let mut names = SpotNames {
                        spot: [Spot::Cloister; MAX_SEGMENTS],
                        named: [NO_SEGMENT; MAX_SEGMENTS],
                    };
                    for seg in 0..t.segment_count().min(MAX_SEGMENTS) {
                        let spot = compute_segment_spot(t.index, r, seg);
                        names.spot[seg] = spot;
                        names.named[seg] =
                            Game::spot_segment(t.index, r, spot).map_or(NO_SEGMENT, |s| s as u8);
                    }
                    names
                })
            })
            .collect()
    })
}

/// The canonical place name of a segment in board orientation, worked out from the tile.
fn compute_segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
    let t = tile.get();
    let v = t.view(rotation);
    let s8 = seg as u8;
    if s8 == GARDEN_SEGMENT {
        return Spot::Garden;
    }
    if s8 == TOWER_SEGMENT {
        return Spot::Tower;
    }
    match t.segment_kind(seg) {
        FeatureKind::City => Side::ALL
            .into_iter()
            .find(|s| v.city_at[*s as usize] == Some(s8))
            .map(Spot::City)
            .unwrap_or(Spot::Cloister),
        FeatureKind::Road => Side::ALL
            .into_iter()
            .find(|s| v.road_at[*s as usize] == Some(s8))
            .map(Spot::Road)
            .unwrap_or(Spot::Cloister),
        FeatureKind::Field => Half::ALL
            .into_iter()
            .find(|h| v.field_at[*h as usize] == Some(s8))
            .map(Spot::Field)
            .unwrap_or(Spot::FieldInner),
        FeatureKind::Cloister => Spot::Cloister,
    }
}
