//! The Tower in the pictures: each seat's tower pieces and the prisoners it holds (lying
//! followers in their owner's colour) among its holdings, and on the board each tower, a stone
//! tower with its height in the tile's top-right corner, with its guard standing on top.

use super::SetMarks;
use crate::engine::{Figure, Game, Spot, TileSet};
use crate::render::canvas::Img;
use crate::render::layout::Layout;
use crate::render::sprite_key::SpriteKey;
use crate::render::tiles::Renderer;

/// The Tower's hooks.
pub(super) const MARKS: SetMarks = SetMarks {
    holdings,
    marks,
    own_place: |spot| spot == Spot::Tower,
};

fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    if !game.has_set(TileSet::Tower) {
        return Vec::new();
    }
    let mut out = vec![(
        SpriteKey::Tower((h * 0.7).round() as u32, 0),
        game.supplies()[seat].towers,
    )];
    for (owner, held) in game.prisoners()[seat].iter().enumerate() {
        let n = held[0] + held[1];
        if n > 0 {
            out.push((SpriteKey::icon(owner, Figure::Follower, h, true), n));
        }
    }
    out
}

fn marks(r: &Renderer, img: &mut Img, game: &Game, l: &Layout) {
    let c = l.cell as f32;
    for t in game.towers() {
        if t.height == 0 || !l.inside(t.at) {
            continue;
        }
        let (px, py) = l.origin(t.at);
        let (cx, cy) = (px as f32 + 0.76 * c, py as f32 + 0.3 * c);
        let w = (c * 0.36).round() as u32;
        r.put_sprite(img, SpriteKey::Tower(w, t.height), cx, cy);
        if let Some(g) = t.guard {
            let key = SpriteKey::Figure {
                seat: g.player as usize,
                figure: g.figure,
                cell: (c * 0.8).round() as u32,
                lying: false,
            };
            r.put_sprite(img, key, cx, cy - c * 0.24);
        }
    }
}
