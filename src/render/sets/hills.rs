//! Hills & Sheep in the pictures: the hill and the vineyard drawn in the fields of the tiles'
//! art, large enough to read on a 44-pixel cell (the shepherds and their flocks come with them).

use super::SetMarks;
use crate::render::art::{Canvas, SymbolArt, DARK, P};

/// Hills & Sheep's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    symbols: SymbolArt {
        fields: |t, _| {
            let mut marks: Vec<(f32, crate::render::art::Mark)> = Vec::new();
            if t.symbols.hill {
                marks.push((0.17, hill));
            }
            if t.symbols.vineyard {
                marks.push((0.15, vineyard));
            }
            marks
        },
        ..SymbolArt::NONE
    },
    ..SetMarks::NONE
};

/// The hill's grass, darker than the field's.
const HILL: [u8; 3] = [0x5e, 0x8c, 0x31];
/// Its sunny side.
const HILL_LIGHT: [u8; 3] = [0x86, 0xb4, 0x4a];
/// Grapes.
const GRAPES: [u8; 3] = [0x6a, 0x2c, 0x7c];
/// The vines' stakes.
const STAKE: [u8; 3] = [0x7a, 0x55, 0x30];

/// A mound, `0.17` units across its base, centred on `c`.
fn hill(cv: &mut Canvas, c: P) {
    let dome = |r: f32, lift: f32| -> Vec<P> {
        (0..=12)
            .map(|i| {
                let a = std::f32::consts::PI * i as f32 / 12.0;
                (c.0 - r * a.cos(), c.1 + 0.06 - lift * a.sin())
            })
            .collect()
    };
    cv.poly_outline(&dome(0.16, 0.15), HILL, DARK, 0.012);
    cv.poly(&dome(0.09, 0.1), HILL_LIGHT);
}

/// Three rows of vines with grapes, centred on `c`.
fn vineyard(cv: &mut Canvas, c: P) {
    for row in 0..3 {
        let x = c.0 + (row as f32 - 1.0) * 0.075;
        cv.poly(
            &[
                (x - 0.006, c.1 - 0.1),
                (x + 0.006, c.1 - 0.1),
                (x + 0.006, c.1 + 0.1),
                (x - 0.006, c.1 + 0.1),
            ],
            STAKE,
        );
        for k in 0..3 {
            let y = c.1 - 0.065 + k as f32 * 0.065;
            cv.circle((x - 0.018, y), 0.022, GRAPES);
            cv.circle((x + 0.018, y + 0.01), 0.022, GRAPES);
        }
    }
}
