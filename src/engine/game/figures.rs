//! Figures on the tile just placed: what a place name means on a tile, the checks of a figure
//! action, and figures going onto the board and back to their owners.

use super::*;
use crate::engine::table;

impl Game {
    // ----- figure places -----

    /// The segment a place names on `tile` turned by `rotation` (`None` for a garden or a
    /// tower top, which are not segments).
    pub fn spot_segment(tile: TileId, rotation: Rotation, spot: Spot) -> Option<usize> {
        table::spot_segment(tile, rotation, spot)
    }

    /// The canonical place name of a segment in board orientation.
    pub fn segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
        table::segment_spot(tile, rotation, seg)
    }

    /// The canonical name of the place `spot` that names segment `seg` of `placed`: the
    /// segment's own, or the corner itself (a barn stands on the corner it was put on).
    pub(super) fn canonical_spot(placed: &PlacedTile, seg: u8, spot: Spot) -> Spot {
        match spot {
            Spot::Corner(_) => spot,
            _ => Self::segment_spot(placed.tile, placed.rotation, seg as usize),
        }
    }

    /// The segment of the tile just placed that a figure would take, after every check.
    pub(super) fn check_deploy(
        &self,
        index: usize,
        figure: Figure,
        spot: Spot,
    ) -> Result<u8, FollowerError> {
        if !self.table.has_figure(figure) {
            return Err(FollowerError::FigureNotInGame(figure));
        }
        if matches!(spot, Spot::Corner(_)) && !figure.on_corner() {
            return Err(FollowerError::CornerPlace(figure));
        }
        let placed = self.table.board.tiles[index];
        let seg = table::place_segment(&placed, spot).ok_or(FollowerError::NoSuchPlace {
            tile: placed.tile,
            rotation: placed.rotation.degrees(),
            spot,
        })?;
        let canonical = Self::canonical_spot(&placed, seg, spot);
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
        hooks::check_tile(self, index)?;
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
        let placed = self.table.board.tiles[index];
        let spot = canonical;
        let kind = spot.kind();
        if kind == FeatureKind::Field && self.setup.rules.farms == FarmRule::None && figure.farms()
        {
            return Err(FollowerError::NoFarmers);
        }
        if !self.table.supply[seat].has(figure) {
            return Err(FollowerError::NoneLeft(figure));
        }
        // The sets' own rules for their figures and places first (a garden is no feature).
        hooks::check_figure_place(self, index, figure, canonical, seg)?;
        if figure.claims()
            && self
                .table
                .features
                .root_data(placed.first_node + seg as u32)
                .occupied()
        {
            return Err(FollowerError::Occupied { spot: canonical });
        }
        Ok(())
    }

    pub(super) fn deploy(
        &mut self,
        player: usize,
        index: usize,
        seg: u8,
        spot: Spot,
        figure: Figure,
    ) {
        // Checked: one is in hand.
        let id = self.table.supply[player].take(figure).unwrap_or_default();
        if table::on_feature(seg) {
            let root = self
                .table
                .features
                .find(self.table.node_of(index, seg as usize));
            self.table.features.data[root as usize].strength[player] += figure.strength();
        }
        self.table.put_meeple(Meeple {
            player: player as u8,
            figure,
            id,
            tile_index: index as u16,
            segment: seg,
            spot,
        });
    }
}
