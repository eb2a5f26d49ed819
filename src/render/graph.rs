//! The score graph after a game: one line per seat over the turns. Axes, grid and labels are
//! drawn with `imageproc`; the dashed lines are vector strokes (tiny-skia) on one transparent
//! layer, laid over the picture once.

use super::canvas::{fill_rect, new_canvas, overlay_pixmap, Img, GRID, LABEL, TEXT};
use super::layout::{GRAPH_L, GRAPH_R, GRAPH_W};
use super::sprites::{SpriteKey, PLAYER_COLOURS};
use super::text::{draw_text, draw_text_centered, ellipsize, text_width};
use super::tiles::Renderer;
use tiny_skia::{Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Dash patterns of the seats' lines, in seat order (told apart without colour).
const DASHES: [&[f32]; 6] = [
    &[],
    &[14.0, 6.0],
    &[4.0, 5.0],
    &[14.0, 5.0, 3.0, 5.0],
    &[24.0, 6.0],
    &[8.0, 4.0, 2.0, 4.0, 2.0, 4.0],
];

impl Renderer {
    /// The scores over the game: one line per seat (its colour, its own dash pattern and its
    /// number at the end, so lines are told apart without colour). `series[seat][k]` is the
    /// seat's score after turn k; the last point may include the end-game scoring.
    pub fn score_graph(&self, names: &[String], series: &[Vec<u32>]) -> Img {
        let (w, h) = (GRAPH_W, 520u32);
        let (l, r, t, b) = (GRAPH_L, GRAPH_R, 46.0f32, 50.0f32);
        let mut img = new_canvas(w, h);
        super::labels::GRAPH_TITLE.draw(&mut img, &[], l, 12.0, TEXT);
        let turns = series.iter().map(|s| s.len()).max().unwrap_or(0).max(2);
        let top = series.iter().flatten().copied().max().unwrap_or(0).max(10);
        let step = [5u32, 10, 20, 25, 50, 100, 200]
            .into_iter()
            .find(|s| top / s <= 8)
            .unwrap_or(500);
        let top = top.div_ceil(step) * step;
        let (pw, ph) = (w as f32 - l - r, h as f32 - t - b);
        let px = |k: usize| l + pw * k as f32 / (turns - 1) as f32;
        let py = |v: u32| t + ph - ph * v as f32 / top as f32;
        let mut v = 0;
        while v <= top {
            let y = py(v);
            fill_rect(&mut img, l as i32, y as i32, pw as u32, 1, GRID, 1.0);
            let s = v.to_string();
            let x = l - 10.0 - text_width(&s, 16.0);
            draw_text(&mut img, &s, x, y - 9.0, 16.0, LABEL);
            v += step;
        }
        let tick = [5usize, 10, 20, 25, 50, 100]
            .into_iter()
            .find(|s| turns / s <= 10)
            .unwrap_or(200);
        let mut k = 0;
        while k < turns {
            draw_text_centered(&mut img, &k.to_string(), px(k), t + ph + 16.0, 16.0, LABEL);
            k += tick;
        }
        super::labels::GRAPH_AXIS.draw_centered(&mut img, &[], l + pw / 2.0, t + ph + 36.0, LABEL);
        // The lines: vector strokes on one layer.
        // The layer covers the plot and the lines' width around it, nothing more.
        let (lx, ly) = ((l - 6.0) as i32, (t - 6.0) as i32);
        let mut layer = Pixmap::new(pw as u32 + 12, ph as u32 + 12).expect("plot size");
        let mut ends: Vec<(f32, usize)> = Vec::new();
        for (seat, pts) in series.iter().enumerate() {
            let mut pb = PathBuilder::new();
            for (k, &v) in pts.iter().enumerate() {
                if k == 0 {
                    pb.move_to(px(k), py(v));
                } else {
                    pb.line_to(px(k), py(v));
                }
            }
            let Some(path) = pb.finish() else { continue };
            let d = DASHES[seat % 6];
            let stroke = Stroke {
                width: 4.0,
                line_join: tiny_skia::LineJoin::Round,
                dash: (!d.is_empty())
                    .then(|| tiny_skia::StrokeDash::new(d.to_vec(), 0.0))
                    .flatten(),
                ..Stroke::default()
            };
            let outline = Stroke {
                width: 6.5,
                dash: None,
                ..stroke.clone()
            };
            let id = Transform::from_translate(-lx as f32, -ly as f32);
            layer.stroke_path(
                &path,
                &line_paint([0x10, 0x10, 0x10], 153),
                &outline,
                id,
                None,
            );
            let col = PLAYER_COLOURS[seat % PLAYER_COLOURS.len()];
            layer.stroke_path(&path, &line_paint(col, 255), &stroke, id, None);
            if let Some(&last) = pts.last() {
                ends.push((py(last), seat));
            }
        }
        overlay_pixmap(&mut img, &layer, lx, ly);
        // Labels at the right, pushed apart so they never overlap.
        ends.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut prev = f32::MIN;
        for (y, seat) in ends {
            let y = y.max(prev + 30.0);
            prev = y;
            let x = l + pw + 22.0;
            self.put_sprite(&mut img, SpriteKey::Meeple { seat, h: 30 }, x, y);
            let name = names.get(seat).map(String::as_str).unwrap_or("?");
            let score = series[seat].last().copied().unwrap_or(0);
            let label = ellipsize(&format!("{score} {name}"), r - 40.0, 16.0);
            draw_text(&mut img, &label, x + 18.0, y - 10.0, 16.0, TEXT);
        }
        img
    }
}

fn line_paint(c: [u8; 3], alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], alpha);
    p.anti_alias = true;
    p
}
