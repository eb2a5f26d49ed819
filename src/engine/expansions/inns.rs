//! Inns & Cathedrals: an inn doubles a completed road and zeroes an unfinished one; a cathedral
//! makes a completed city worth 3 per tile and pennant and an unfinished one nothing. The large
//! follower (strength 2) is stocked by the hook table and placed like a normal one.

use crate::engine::features::FeatureData;
use crate::engine::tiles::FeatureKind;

/// The points of a road with an inn or a city with a cathedral; `None` when neither applies.
pub(crate) fn feature_points(
    kind: FeatureKind,
    f: &FeatureData,
    tiles: u32,
    complete: bool,
) -> Option<u32> {
    let pennants = f.pennants as u32;
    match (kind, complete) {
        (FeatureKind::City, true) if f.cathedral => Some(3 * (tiles + pennants)),
        (FeatureKind::City, false) if f.cathedral => Some(0),
        (FeatureKind::Road, true) if f.inn => Some(2 * tiles),
        (FeatureKind::Road, false) if f.inn => Some(0),
        _ => None,
    }
}
