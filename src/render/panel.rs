//! The panels beside and below the board: one row per seat (its meeple with number and head
//! shape, name, score) with what the seat still holds as small icons with counts (its figures,
//! and what each set adds), then the tiles left, what the sets keep on the table for all (the
//! bag of sheep) and the drawn tile. Holdings are icons with counts (no words), wrapped onto
//! more lines when a seat holds more kinds than one line takes.

use super::canvas::{fill_rect, paste, Img, LABEL, ROW, TEXT};
use super::labels;
use super::layout::{PAD, PANEL};
use super::sprites::SpriteKey;
use super::text::{draw_text, ellipsize, text_width};
use super::tiles::Renderer;
use crate::engine::{Figure, Game, Rotation};
use crate::i18n::Arg;

/// Height of a seat's row in the phone panel with one line of holdings.
const PHONE_ROW: f32 = 60.0;
/// Height of the holdings' icons in the phone panel.
const PHONE_ICON: f32 = 22.0;
/// Height of a seat's row in the side panel with one line of holdings.
const SIDE_ROW: f32 = 50.0;
/// Height of the holdings' icons in the side panel.
const SIDE_ICON: f32 = 16.0;
/// Height of the icons of what the sets keep on the table (the bag of sheep) in the side
/// panel; the phone panel's are as much larger as its holdings are.
const TABLE_ICON: f32 = 24.0;
/// Left of the phone panel's text from the picture's left edge.
const PHONE_X: f32 = 20.0;

/// Height of the phone panel of `game` in a picture `width` pixels wide.
pub(super) fn phone_panel_height(r: &Renderer, game: &Game, width: u32) -> u32 {
    let (x0, w) = (PHONE_X, width as f32 - 2.0 * PHONE_X);
    let rows: f32 = (0..game.player_count())
        .map(|i| phone_row(r, game, i, x0, w))
        .sum();
    (40.0 + rows + 6.0 + 96.0 + 20.0) as u32
}

/// Height of seat `i`'s row in the phone panel.
fn phone_row(r: &Renderer, game: &Game, i: usize, x0: f32, w: f32) -> f32 {
    let lines = r.strip(game, i, x0 + 50.0, 0.0, x0 + w, PHONE_ICON).lines;
    PHONE_ROW + (lines.max(1) - 1) as f32 * (PHONE_ICON + 4.0)
}

/// Height of seat `i`'s row in the side panel.
fn side_row(r: &Renderer, game: &Game, i: usize, x0: f32) -> f32 {
    let lines = r
        .strip(game, i, x0 + 36.0, 0.0, x0 + PANEL as f32 - 16.0, SIDE_ICON)
        .lines;
    SIDE_ROW + (lines.max(1) - 1) as f32 * (SIDE_ICON + 3.0)
}

/// Least height of the side panel of `game` (so the picture is tall enough for it).
pub(super) fn side_panel_height(r: &Renderer, game: &Game, fin: bool) -> u32 {
    let players = game.player_count() as u32;
    let base = PAD + 40 + 10;
    if fin {
        base + players * SIDE_ROW as u32 + 52 + players * 22 + PAD
    } else {
        let rows: f32 = (0..game.player_count())
            .map(|i| side_row(r, game, i, 0.0))
            .sum();
        let items = super::sets::table(game, TABLE_ICON);
        let table = if items.is_empty() {
            0.0
        } else {
            let lines = r
                .strip_of(items, (0.0, 0.0), PANEL as f32 - 16.0, TABLE_ICON)
                .lines;
            lines as f32 * (TABLE_ICON + 6.0)
        };
        base + rows as u32 + 26 + table as u32 + 22 + 96 + PAD
    }
}

/// What a seat holds, as icons `h` pixels high with counts: followers always, the other
/// figures when in play, then what each set adds (its module in [`super::sets`]).
pub(super) fn holdings(game: &Game, seat: usize, h: f32) -> Vec<(SpriteKey, u8)> {
    let supply = game.supplies()[seat];
    let mut out: Vec<(SpriteKey, u8)> = Figure::ALL
        .into_iter()
        .filter(|&f| f == Figure::Follower || game.has_figure(f))
        .map(|f| (SpriteKey::icon(seat, f, h, false), supply.count(f)))
        .collect();
    out.extend(super::sets::holdings(game, seat, h));
    out
}

/// Where a seat's holdings go: each icon's sprite and centre, each count's text and corner.
pub(super) struct Strip {
    icons: Vec<(SpriteKey, f32, f32)>,
    counts: Vec<(String, f32, f32)>,
    /// Lines used (at least 1).
    pub lines: usize,
    size: f32,
}

impl Renderer {
    /// Lays out a seat's holdings as icons `h` pixels high with counts, from (`x`, `y`)
    /// (top-left), going on to a new line before `max_x`.
    pub(super) fn strip(
        &self,
        game: &Game,
        seat: usize,
        x: f32,
        y: f32,
        max_x: f32,
        h: f32,
    ) -> Strip {
        self.strip_of(holdings(game, seat, h), (x, y), max_x, h)
    }

    /// Lays out `items` (icons `h` pixels high with counts) from `at` (top-left), going on to a
    /// new line before `max_x`.
    fn strip_of(&self, items: Vec<(SpriteKey, u8)>, at: (f32, f32), max_x: f32, h: f32) -> Strip {
        let (x, y) = at;
        let size = (h * 0.8).round();
        let mut out = Strip {
            icons: Vec::new(),
            counts: Vec::new(),
            lines: 1,
            size,
        };
        let (start, mut x, mut y) = (x, x, y);
        for (key, n) in items {
            let icon_w = (self.sprite(key).width() as f32).min(h * 1.3);
            let count = format!("×{n}");
            let width = icon_w - h * 0.1 + text_width(&count, size) + h * 0.45;
            if x > start && x + width - h * 0.45 > max_x {
                x = start;
                y += h + 3.0;
                out.lines += 1;
            }
            let cx = x + icon_w / 2.0;
            out.icons.push((key, cx, y + h / 2.0));
            let tx = cx + icon_w / 2.0 - h * 0.1;
            out.counts.push((count, tx, y + (h - size) / 2.0));
            x += width;
        }
        out
    }

    /// Draws a seat's holdings laid out by [`Renderer::strip`]; returns the lines used.
    fn draw_holdings(
        &self,
        img: &mut Img,
        game: &Game,
        seat: usize,
        at: (f32, f32),
        max_x: f32,
        h: f32,
    ) -> usize {
        self.draw_strip(img, self.strip(game, seat, at.0, at.1, max_x, h))
    }

    /// Draws what the sets keep on the table for all from `at`; returns the lines used (0:
    /// nothing).
    fn draw_table(&self, img: &mut Img, game: &Game, at: (f32, f32), max_x: f32, h: f32) -> usize {
        let items = super::sets::table(game, h);
        if items.is_empty() {
            return 0;
        }
        self.draw_strip(img, self.strip_of(items, at, max_x, h))
    }

    /// Draws icons and counts laid out by [`Renderer::strip_of`]; returns the lines used.
    fn draw_strip(&self, img: &mut Img, strip: Strip) -> usize {
        for &(key, cx, cy) in &strip.icons {
            self.put_sprite(img, key, cx, cy);
        }
        for (count, x, y) in &strip.counts {
            draw_text(img, count, *x, *y, strip.size, LABEL);
        }
        strip.lines
    }

    /// The phone layout's panel, below the board from `y0`: one row per seat in large type,
    /// then the drawn tile.
    pub(super) fn phone_panel(&self, img: &mut Img, game: &Game, title: Option<&str>, y0: f32) {
        let x0 = PHONE_X;
        let w = img.width() as f32 - 2.0 * x0;
        let mut y = y0;
        let title = title.unwrap_or("Carcassonne");
        draw_text(img, &ellipsize(title, w, 24.0), x0, y, 24.0, TEXT);
        y += 40.0;
        let current = (!game.is_over()).then(|| game.current_player());
        for (i, name) in game.setup().players.iter().enumerate() {
            let row = phone_row(self, game, i, x0, w);
            if current == Some(i) {
                let h = row as u32 - 4;
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
            self.draw_holdings(img, game, i, (x0 + 50.0, y + 28.0), x0 + w, PHONE_ICON);
            y += row;
        }
        y += 6.0;
        let left = Arg::from(game.remaining_total());
        if let Some(tile) = game.tile_to_place() {
            let args = [("tile", Arg::from(tile.name())), ("n", left)];
            labels::PHONE_DRAWN_LEFT.draw(img, &args, x0, y + 34.0, LABEL);
            let art = self.tile(tile, Rotation::default(), 96);
            paste(img, &art.img, (x0 + w - 96.0) as i64, y as i64, art.opaque);
        } else {
            labels::PHONE_LEFT.draw(img, &[("n", left)], x0, y + 34.0, LABEL);
        }
        // The sets' tokens on the table, below the tiles left, beside the drawn tile.
        let h = TABLE_ICON + PHONE_ICON - SIDE_ICON;
        self.draw_table(img, game, (x0, y + 62.0), x0 + w - 110.0, h);
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
        match (fin, title) {
            (Some(_), _) => labels::SIDE_FINAL.draw(img, &[], x0, y, TEXT),
            (None, t) => {
                let t = t.unwrap_or("Carcassonne");
                let (size, width) = (labels::SIDE_TITLE_SIZE, labels::SIDE_TITLE);
                draw_text(img, &ellipsize(t, width, size), x0, y + 1.0, size, TEXT);
            }
        }
        y += 34.0;
        let names = &game.setup().players;
        let current = (!game.is_over() && fin.is_none()).then(|| game.current_player());
        for (i, name) in names.iter().enumerate() {
            let row = if fin.is_some() {
                SIDE_ROW
            } else {
                side_row(self, game, i, x0)
            };
            let score = fin.map(|f| f.scores[i]).unwrap_or(game.scores()[i]);
            if current == Some(i) {
                fill_rect(
                    img,
                    x0 as i32 - 6,
                    y as i32 - 4,
                    PANEL - 12,
                    row as u32 - 4,
                    ROW,
                    1.0,
                );
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
                let sub = if f.winners.contains(&i) {
                    labels::SIDE_SUB_WINNER
                } else {
                    labels::SIDE_SUB
                };
                let args = [
                    ("game", Arg::from(game.scores()[i])),
                    ("end", Arg::from(b.iter().sum::<u32>())),
                ];
                sub.draw(img, &args, x0 + 36.0, y + 21.0, LABEL);
            } else {
                let max_x = x0 + PANEL as f32 - 16.0;
                self.draw_holdings(img, game, i, (x0 + 36.0, y + 20.0), max_x, SIDE_ICON);
            }
            y += row;
        }
        y += 6.0;
        if let Some(f) = fin {
            self.breakdown_table(img, game, f, x0, y);
        } else {
            let left = Arg::from(game.remaining_total());
            labels::SIDE_LEFT.draw(img, &[("n", left)], x0, y, LABEL);
            y += 26.0;
            let max_x = x0 + PANEL as f32 - 16.0;
            let lines = self.draw_table(img, game, (x0, y), max_x, TABLE_ICON);
            y += lines as f32 * (TABLE_ICON + 6.0);
            if let Some(tile) = game.tile_to_place() {
                labels::SIDE_DRAWN.draw(img, &[("tile", Arg::from(tile.name()))], x0, y, LABEL);
                y += 22.0;
                let art = self.tile(tile, Rotation::default(), 96);
                paste(img, &art.img, x0 as i64, y as i64, art.opaque);
            }
        }
    }
}
