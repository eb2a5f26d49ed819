//! The panels beside and below the board: one row per seat (its meeple with number and head
//! shape, name, score) with what the seat still holds as small icons with counts (followers,
//! the large follower, builder, pig, abbot, tower pieces), goods and prisoners, then the tiles
//! left and the drawn tile.

use super::board::{PAD, PANEL};
use super::canvas::{fill_rect, paste, Img, LABEL, ROW, TEXT};
use super::sprites::SpriteKey;
use super::text::{draw_text, ellipsize, text_width};
use super::tiles::Renderer;
use crate::engine::{Figure, Game, Goods, Rotation, TileSet};

/// Height of a seat's row in the phone panel.
const PHONE_ROW: u32 = 60;

/// Height of the phone panel for `players` seats.
pub(super) fn phone_panel_height(players: u32) -> u32 {
    40 + players * PHONE_ROW + 6 + 96 + 20
}

/// Least height of the side panel (so the picture is tall enough for it).
pub(super) fn side_panel_height(players: u32, fin: bool) -> u32 {
    let base = PAD + 40 + players * 50 + 10;
    if fin {
        base + 40 + players * 22 + PAD
    } else {
        base + 26 + 22 + 96 + PAD
    }
}

/// One entry of a seat's supply: an icon and a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// A figure kind.
    Figure(Figure),
    /// Tower pieces.
    Tower,
}

/// What a seat holds, as (icon, count): followers always, the special figures and tower
/// pieces only when in play.
pub fn holdings(game: &Game, seat: usize) -> Vec<(Held, u8)> {
    let supply = game.supplies()[seat];
    let mut out = vec![(
        Held::Figure(Figure::Follower),
        supply.count(Figure::Follower),
    )];
    for f in [Figure::Large, Figure::Builder, Figure::Pig, Figure::Abbot] {
        if game.has_figure(f) {
            out.push((Held::Figure(f), supply.count(f)));
        }
    }
    if game.has_set(TileSet::Tower) {
        out.push((Held::Tower, supply.towers));
    }
    out
}

impl Renderer {
    /// Draws a seat's holdings as icons `h` pixels high with counts, from (`x`, `y`) (top-left);
    /// returns the x after the last one.
    fn draw_holdings(
        &self,
        img: &mut Img,
        game: &Game,
        seat: usize,
        x: f32,
        y: f32,
        h: f32,
    ) -> f32 {
        let size = (h * 0.8).round();
        let mut x = x;
        for (held, n) in holdings(game, seat) {
            let key = match held {
                Held::Figure(f) => SpriteKey::Figure {
                    seat,
                    figure: f,
                    // Followers fill about 0.4 of their cell: scale so the icon is `h` high.
                    cell: (h / 0.42).round() as u32,
                    lying: false,
                },
                Held::Tower => SpriteKey::Tower((h * 0.7).round() as u32, 0),
            };
            let s = self.sprite(key);
            let cx = x + (s.width() as f32).min(h * 1.3) / 2.0;
            self.put_sprite(img, key, cx, y + h / 2.0);
            x = cx + (s.width() as f32).min(h * 1.3) / 2.0 - h * 0.1;
            let count = format!("×{n}");
            draw_text(img, &count, x, y + (h - size) / 2.0, size, LABEL);
            x += text_width(&count, size) + h * 0.45;
        }
        x
    }

    /// Goods and prisoners of a seat, as short text ("" when neither is in play).
    fn extras(game: &Game, seat: usize) -> String {
        let mut out = String::new();
        if game.has_set(TileSet::Traders) {
            let g = game.goods()[seat];
            out.push_str(&format!(
                "wine {} grain {} cloth {}",
                g[Goods::Wine as usize],
                g[Goods::Grain as usize],
                g[Goods::Cloth as usize]
            ));
        }
        if game.has_set(TileSet::Tower) {
            let held: u32 = game.prisoners()[seat]
                .iter()
                .map(|h| (h[0] + h[1]) as u32)
                .sum();
            if held > 0 {
                if !out.is_empty() {
                    out.push_str(" · ");
                }
                out.push_str(&format!("holds {held}"));
            }
        }
        out
    }

    /// The phone layout's panel, below the board from `y0`: one row per seat in large type,
    /// then the drawn tile.
    pub(super) fn phone_panel(&self, img: &mut Img, game: &Game, title: Option<&str>, y0: f32) {
        let x0 = 20.0;
        let w = img.width() as f32 - 2.0 * x0;
        let mut y = y0;
        let title = title.unwrap_or("Carcassonne");
        draw_text(img, &ellipsize(title, w, 24.0), x0, y, 24.0, TEXT);
        y += 40.0;
        let current = (!game.is_over()).then(|| game.current_player());
        for (i, name) in game.setup().players.iter().enumerate() {
            if current == Some(i) {
                let h = PHONE_ROW - 4;
                fill_rect(img, x0 as i32 - 8, y as i32 - 4, w as u32 + 16, h, ROW, 1.0);
            }
            self.put_sprite(
                img,
                SpriteKey::Meeple { seat: i, h: 44 },
                x0 + 20.0,
                y + 24.0,
            );
            let score = game.scores()[i].to_string();
            let sw = text_width(&score, 28.0);
            draw_text(img, &score, x0 + w - sw, y + 2.0, 28.0, TEXT);
            let turn = if current == Some(i) { " ◀" } else { "" };
            let name_room = (w - 56.0 - sw - 30.0).max(60.0);
            let name = format!("{}{turn}", ellipsize(name, name_room, 22.0));
            draw_text(img, &name, x0 + 50.0, y, 22.0, TEXT);
            let end = self.draw_holdings(img, game, i, x0 + 50.0, y + 28.0, 22.0);
            let extras = Self::extras(game, i);
            if !extras.is_empty() {
                let room = x0 + w - end;
                draw_text(
                    img,
                    &ellipsize(&extras, room, 16.0),
                    end,
                    y + 31.0,
                    16.0,
                    LABEL,
                );
            }
            y += PHONE_ROW as f32;
        }
        y += 6.0;
        let left = game.remaining_total();
        let tiles = if left == 1 { "tile" } else { "tiles" };
        let mut line = format!("{left} {tiles} left");
        if let Some(tile) = game.tile_to_place() {
            line = format!("drawn: {} · {line}", tile.name());
            let art = self.tile(tile, Rotation::default(), 96);
            paste(img, &art.img, (x0 + w - 96.0) as i64, y as i64, art.opaque);
        }
        draw_text(img, &line, x0, y + 34.0, 22.0, LABEL);
    }

    /// The side panel of the full board (and of the final picture, with `fin`), from `x0`.
    pub(super) fn side_panel(
        &self,
        img: &mut Img,
        game: &Game,
        title: Option<&str>,
        fin: Option<&crate::engine::FinalScoring>,
        x0: f32,
    ) {
        let mut y = PAD as f32 + 4.0;
        let title = match (fin, title) {
            (Some(_), _) => "Final scores",
            (None, Some(t)) => t,
            (None, None) => "Carcassonne",
        };
        draw_text(img, &ellipsize(title, 260.0, 18.0), x0, y, 18.0, TEXT);
        y += 34.0;
        let names = &game.setup().players;
        let current = (!game.is_over() && fin.is_none()).then(|| game.current_player());
        for (i, name) in names.iter().enumerate() {
            let score = fin.map(|f| f.scores[i]).unwrap_or(game.scores()[i]);
            if current == Some(i) {
                fill_rect(img, x0 as i32 - 6, y as i32 - 4, PANEL - 12, 46, ROW, 1.0);
            }
            self.put_sprite(
                img,
                SpriteKey::Meeple { seat: i, h: 30 },
                x0 + 14.0,
                y + 18.0,
            );
            let turn = if current == Some(i) { " ◀" } else { "" };
            let label = format!("{}{turn}", ellipsize(name, 170.0, 16.0));
            draw_text(img, &label, x0 + 36.0, y + 1.0, 16.0, TEXT);
            let s = score.to_string();
            draw_text(img, &s, x0 + 270.0 - text_width(&s, 18.0), y, 18.0, TEXT);
            if let Some(f) = fin {
                let b = f.breakdown[i];
                let winner = if f.winners.contains(&i) {
                    "  ★ winner"
                } else {
                    ""
                };
                let sub = format!(
                    "game {} · end {}{winner}",
                    game.scores()[i],
                    b.iter().sum::<u32>()
                );
                draw_text(img, &sub, x0 + 36.0, y + 21.0, 12.0, LABEL);
            } else {
                let end = self.draw_holdings(img, game, i, x0 + 36.0, y + 20.0, 16.0);
                let extras = Self::extras(game, i);
                if !extras.is_empty() {
                    let room = x0 + PANEL as f32 - 16.0 - end;
                    draw_text(
                        img,
                        &ellipsize(&extras, room, 11.0),
                        end,
                        y + 22.0,
                        11.0,
                        LABEL,
                    );
                }
            }
            y += 50.0;
        }
        y += 6.0;
        if let Some(f) = fin {
            self.breakdown_table(img, game, f, x0, y);
        } else {
            let left = game.remaining_total();
            let tiles = if left == 1 { "tile" } else { "tiles" };
            draw_text(img, &format!("{left} {tiles} left"), x0, y, 14.0, LABEL);
            y += 26.0;
            if let Some(tile) = game.tile_to_place() {
                draw_text(img, &format!("drawn: {}", tile.name()), x0, y, 14.0, LABEL);
                y += 22.0;
                let art = self.tile(tile, Rotation::default(), 96);
                paste(img, &art.img, x0 as i64, y as i64, art.opaque);
            }
        }
    }
}
