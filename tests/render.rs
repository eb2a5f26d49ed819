//! Board pictures, previews and final pictures: sizes, colours at known places, labels, every tile
//! in every rotation, custom art.

use meeplebot::engine::random::random_game;
use meeplebot::engine::{catalog, replay, Game, Pos, Record, Rotation, Setup, TileId};
use meeplebot::render::Img;
use meeplebot::render::{ArtError, BoardOptions, Renderer, PLAYER_COLOURS};

fn rgb(pm: &Img, x: u32, y: u32) -> [u8; 3] {
    let c = pm.get_pixel(x, y);
    [c[0], c[1], c[2]]
}

fn close(a: [u8; 3], b: [u8; 3], tol: i32) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= tol)
}

fn scenario(name: &str) -> Game {
    let path = format!(
        "{}/tests/scenarios/base/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    replay(&Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()).unwrap()
}

// Layout constants of the board picture (see src/render/board.rs).
const TOP: u32 = 30;
const LEFT: u32 = 44;

#[test]
fn start_board_has_expected_size_and_a_city_in_the_north() {
    let g = Game::new(Setup::base(["A", "B"])).unwrap();
    let r = Renderer::generated();
    let pm = r.board(&g, &BoardOptions::default());
    // 3x3 cells of 96 px (the start tile plus one ring), label margins, padding and the panel.
    assert_eq!(pm.width(), LEFT + 3 * 96 + 12 + 300);
    assert!(pm.height() >= TOP + 3 * 96 + 12);
    // Tile [0,0] is the middle cell; its north edge is city (tan), its south half field (green).
    let (x0, y0) = (LEFT + 96, TOP + 96);
    let north = rgb(&pm, x0 + 20, y0 + 5);
    assert!(
        north[0] > 150 && north[0] > north[2] + 40,
        "city pixel {north:?}"
    );
    let south = rgb(&pm, x0 + 20, y0 + 85);
    assert!(
        south[1] > south[0] && south[1] > south[2],
        "field pixel {south:?}"
    );
    // An empty cell is background.
    let empty = rgb(&pm, LEFT + 48, TOP + 48);
    assert!(empty.iter().all(|&c| c < 80), "empty cell {empty:?}");
}

#[test]
fn a_follower_is_drawn_in_its_players_colour() {
    // Red's thief stays on the road of U at [1,0] (Red's U, then Blue's W and Red's A complete
    // it in road_cloister_to_village; take only the first turn).
    let mut rec = Record::from_json(
        &std::fs::read_to_string(format!(
            "{}/tests/scenarios/base/road_cloister_to_village.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    rec.turns.truncate(1);
    let g = replay(&rec).unwrap();
    assert_eq!(g.meeples().len(), 1);
    let pm = Renderer::generated().board(&g, &BoardOptions::default());
    // Board spans x -1..=2, y -1..=1; U at [1,0] is column 2, row 1. Look for red pixels there.
    let (cx, cy) = (LEFT + 2 * 96, TOP + 96);
    let mut red = 0;
    let mut blue = 0;
    for y in cy..cy + 96 {
        for x in cx..cx + 96 {
            let p = rgb(&pm, x, y);
            if close(p, PLAYER_COLOURS[0], 10) {
                red += 1;
            }
            if close(p, PLAYER_COLOURS[1], 10) {
                blue += 1;
            }
        }
    }
    assert!(
        red > 150,
        "only {red} red pixels on the tile with Red's thief"
    );
    assert_eq!(blue, 0);
    // And no red meeple on the start tile.
    let start_red = (TOP + 96..TOP + 192)
        .flat_map(|y| (LEFT + 96..LEFT + 192).map(move |x| (x, y)))
        .filter(|&(x, y)| close(rgb(&pm, x, y), PLAYER_COLOURS[0], 10))
        .count();
    assert_eq!(start_red, 0);
}

#[test]
fn coordinate_labels_are_drawn_above_and_left_of_the_board() {
    let g = scenario("cloister_completed");
    let pm = Renderer::generated().board(&g, &BoardOptions::default());
    let bright = |x0: u32, y0: u32, w: u32, h: u32| {
        (y0..y0 + h)
            .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
            .filter(|&(x, y)| rgb(&pm, x, y).iter().all(|&c| c > 150))
            .count()
    };
    // Column labels in the top margin, row labels in the left margin.
    assert!(bright(LEFT, 0, 96, TOP) > 10);
    assert!(bright(0, TOP, LEFT, 96) > 10);
    // Labels differ per column: "-2" has more ink than "0"? At least they are not identical.
    let col = |k: u32| -> Vec<bool> {
        (0..TOP)
            .flat_map(|y| (0..96).map(move |x| (x, y)))
            .map(|(x, y)| rgb(&pm, LEFT + k * 96 + x, y).iter().all(|&c| c > 150))
            .collect()
    };
    assert_ne!(col(0), col(1));
}

#[test]
fn every_tile_renders_in_all_four_rotations() {
    let r = Renderer::generated();
    for t in &catalog().tiles {
        let base = &r.tile(t.index, Rotation::default(), 48).img;
        for rot in Rotation::ALL {
            let img = &r.tile(t.index, rot, 48).img;
            assert_eq!((img.width(), img.height()), (48, 48));
            // Pixel (x, y) of the canonical picture lands at the rotated place.
            let q = rot.quarter_turns();
            for &(x, y) in &[(5u32, 9u32), (40, 3), (24, 30)] {
                let (mut rx, mut ry) = (x, y);
                for _ in 0..q {
                    (rx, ry) = (47 - ry, rx);
                }
                assert_eq!(
                    base.get_pixel(x, y),
                    img.get_pixel(rx, ry),
                    "{} rot {}",
                    t.id,
                    rot.degrees()
                );
            }
        }
        let preview = r.preview(t.index);
        assert!(
            preview.width() > 4 * 200 && preview.height() > 200,
            "{}",
            t.id
        );
    }
}

#[test]
fn a_full_game_board_stays_small_and_legible() {
    let g = random_game(Setup::base(["A", "B", "C", "D", "E", "F"]), 3);
    assert!(g.is_over());
    let r = Renderer::generated();
    let png = r.board_png(&g, &BoardOptions::default());
    assert!(png.len() < 1024 * 1024, "{} bytes", png.len());
    let img = image::load_from_memory(&png).unwrap();
    assert!(
        img.width() <= 2200 && img.height() <= 2200,
        "{}x{}",
        img.width(),
        img.height()
    );
    let fin = r.final_png(&g);
    assert!(fin.len() < 1024 * 1024);
}

#[test]
fn the_crop_shows_only_the_cells_around_a_point() {
    let g = random_game(Setup::base(["A", "B"]), 9);
    let r = Renderer::generated();
    let opts = BoardOptions {
        crop: Some((Pos::new(0, 0), 2)),
        ..BoardOptions::default()
    };
    let pm = r.board(&g, &opts);
    // 5x5 cells at the largest cell size.
    assert_eq!(pm.width(), LEFT + 5 * 96 + 12 + 300);
}

#[test]
fn legal_cells_are_marked_when_asked() {
    let g = meeplebot::engine::LiveGame::new(
        Setup::base(["A", "B"]),
        vec![meeplebot::engine::Drawn::plain(TileId::parse("E").unwrap())],
    )
    .unwrap();
    let r = Renderer::generated();
    let plain = r.board(&g, &BoardOptions::default());
    let marked = r.board(
        &g,
        &BoardOptions {
            mark_legal: true,
            ..BoardOptions::default()
        },
    );
    // E (city) fits north of the start tile at [0,-1]: that cell (column 1, row 0) gets green.
    let (x, y) = (LEFT + 96 + 4, TOP + 4);
    assert_ne!(rgb(&plain, x, y), rgb(&marked, x, y));
    let p = rgb(&marked, x, y);
    assert!(p[1] > p[0] && p[1] > p[2], "{p:?}");
}

#[test]
fn custom_art_is_used_and_missing_pictures_are_reported() {
    let dir = format!("{}/tiles", env!("CARGO_MANIFEST_DIR"));
    let files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    let r = Renderer::from_files(files.clone()).unwrap();
    let g = Game::new(Setup::base(["A", "B"])).unwrap();
    assert!(r.board(&g, &BoardOptions::default()).width() > 300);
    let without_d: Vec<_> = files
        .iter()
        .filter(|(n, _)| n != "D.png")
        .cloned()
        .collect();
    assert_eq!(
        Renderer::from_files(without_d).err(),
        Some(ArtError::Missing("D".into()))
    );
    let mut broken = files;
    for f in broken.iter_mut().filter(|(n, _)| n == "K.png") {
        f.1 = b"not a png".to_vec();
    }
    assert_eq!(
        Renderer::from_files(broken).err(),
        Some(ArtError::Undecodable("K.png".into()))
    );
}

#[test]
fn every_figure_kind_is_drawn_differently() {
    use meeplebot::engine::Figure;
    let shots: Vec<Vec<u8>> = Figure::ALL
        .iter()
        .map(|&f| {
            let pm = meeplebot::render::sprites::figure(1, f, 96.0, false);
            assert!(pm.pixels().any(|p| p[3] > 0), "{f:?} draws nothing");
            pm.as_raw().clone()
        })
        .collect();
    for i in 0..shots.len() {
        for j in i + 1..shots.len() {
            assert_ne!(
                shots[i],
                shots[j],
                "{:?} and {:?} look the same",
                Figure::ALL[i],
                Figure::ALL[j]
            );
        }
    }
}

#[test]
fn a_game_with_every_playable_set_renders_its_figures_and_goods() {
    use meeplebot::engine::TileSet;
    let mut setup = Setup::base(["A", "B", "C"]);
    setup.sets.extend([
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Abbot,
    ]);
    let g = random_game(setup, 11);
    let r = Renderer::generated();
    let png = r.final_png(&g);
    let img = image::load_from_memory(&png).unwrap();
    assert!(img.width() > 300);
    let board = r.board(&g, &BoardOptions::default());
    assert!(board.width() > 300);
}

/// Pixels of the tower's stone grey within a cell.
fn tower_pixels(pm: &Img, cell_x: u32, cell_y: u32, cell: u32) -> usize {
    let mut n = 0;
    for y in cell_y..cell_y + cell {
        for x in cell_x..cell_x + cell {
            if close(rgb(pm, x, y), [0x8d, 0x8a, 0x84], 3) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn towers_are_drawn_with_their_guard_only_once_built() {
    let path = format!(
        "{}/tests/scenarios/tower/guard_scores_nothing_and_stays.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut record = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let r = Renderer::generated();
    let full = replay(&record).unwrap();
    record.turns.clear();
    record.turns.push({
        let mut t = full.record().to_v1().unwrap().turns[0].clone();
        t.tower = None;
        t
    });
    let bare = replay(&record).unwrap();
    // The tower tile is at [0,1]; its cell is found from the board's bounds (one empty ring of
    // cells around the tiles).
    let cell_of = |g: &Game| {
        let (lo, _) = g.bounds();
        let pm = r.board(g, &BoardOptions::default());
        let cols = (g.bounds().1.x - lo.x + 3) as u32;
        let cell = (pm.width() - LEFT - 12 - 300) / cols;
        let x = LEFT + (0 - (lo.x - 1)) as u32 * cell;
        let y = TOP + (1 - (lo.y - 1)) as u32 * cell;
        (pm, x, y, cell)
    };
    let (pm, x, y, cell) = cell_of(&bare);
    assert_eq!(tower_pixels(&pm, x, y, cell), 0, "no tower before a piece");
    let (pm, x, y, cell) = cell_of(&full);
    let stone = tower_pixels(&pm, x, y, cell);
    assert!(
        stone > (cell * cell / 40) as usize,
        "tower drawn: {stone} px"
    );
    // Blue's guard stands on it: blue pixels in the cell's top half.
    let blue = (y..y + cell / 2)
        .flat_map(|yy| (x..x + cell).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| close(rgb(&pm, xx, yy), PLAYER_COLOURS[1], 10))
        .count();
    assert!(blue > 20, "guard drawn: {blue} px");
}

#[test]
fn the_dragon_and_the_fairy_are_drawn_where_they_stand() {
    let path = format!(
        "{}/tests/scenarios/princess/dragon_never_enters_the_fairys_tile.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let g = replay(&Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()).unwrap();
    assert_eq!(g.dragon(), Some(Pos::new(0, 0)));
    assert_eq!(g.fairy(), Some(Pos::new(-1, 0)));
    let r = Renderer::generated();
    let pm = r.board(&g, &BoardOptions::default());
    let (lo, hi) = g.bounds();
    let cols = (hi.x - lo.x + 3) as u32;
    let cell = (pm.width() - LEFT - 12 - 300) / cols;
    let count = |p: Pos, col: [u8; 3]| {
        let x0 = LEFT + (p.x - (lo.x - 1)) as u32 * cell;
        let y0 = TOP + (p.y - (lo.y - 1)) as u32 * cell;
        (y0..y0 + cell)
            .flat_map(|y| (x0..x0 + cell).map(move |x| (x, y)))
            .filter(|&(x, y)| close(rgb(&pm, x, y), col, 6))
            .count()
    };
    let dragon_red = [0xc6, 0x28, 0x28];
    let fairy_violet = [0x9c, 0x4d, 0xe0];
    // The dragon fills a good part of its cell; next door only the red follower's antialiased
    // edge may come close to its colour.
    let here = count(Pos::new(0, 0), dragon_red);
    let next_door = count(Pos::new(-1, 0), dragon_red);
    assert!(here > (cell * cell / 20) as usize, "{here}");
    assert!(next_door * 20 < here, "{next_door} vs {here}");
    assert!(count(Pos::new(-1, 0), fairy_violet) > 20);
    assert_eq!(count(Pos::new(0, 0), fairy_violet), 0);
}

/// Games part-way through (a drawn tile waiting), from random play.
fn games_in_progress() -> Vec<meeplebot::engine::LiveGame> {
    use meeplebot::engine::random::{random_turn, shuffled_deck};
    use meeplebot::engine::{LiveGame, TileSet};
    use rand::SeedableRng;
    let mut out = Vec::new();
    for (seed, players, turns) in [
        (1u64, 2usize, 20usize),
        (2, 3, 45),
        (3, 4, 60),
        (4, 3, 68),
        (5, 6, 35),
    ] {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let setup = Setup::base(names.iter().map(String::as_str).collect::<Vec<_>>());
        let mut g = LiveGame::new(setup, shuffled_deck(&[TileSet::Base], seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        for _ in 0..turns {
            if !random_turn(&mut g, &mut rng) {
                break;
            }
        }
        assert!(g.drawn_tile().is_some(), "seed {seed}: a tile waits");
        out.push(g);
    }
    out
}

fn phone_picture(g: &Game) -> (Img, Vec<meeplebot::render::Recent>, (Pos, Pos), u32) {
    use meeplebot::render::{phone_window, recent_moves, PHONE_CELL, PHONE_MARGIN};
    let recent = recent_moves(g, g.current_player());
    let opts = BoardOptions {
        mark_legal: true,
        recent: recent.clone(),
        phone: true,
        ..BoardOptions::default()
    };
    let pm = Renderer::generated().board(g, &opts);
    let (lo, hi) = phone_window(g, &recent);
    let cols = (hi.x - lo.x + 1) as u32;
    let left = (pm.width() - cols * PHONE_CELL) / 2;
    assert!(left >= PHONE_MARGIN);
    (pm, recent, (lo, hi), left)
}

#[test]
fn the_turn_picture_shows_tiles_at_least_48_px_wide_on_a_450_px_phone() {
    use meeplebot::render::{PHONE_CELL, PHONE_MARGIN};
    let r = Renderer::generated();
    for g in games_in_progress() {
        let (pm, recent, (lo, hi), left) = phone_picture(&g);
        // Scale the picture to 450 px wide, as a phone shows it.
        let img = pm.clone();
        let scale = 450.0 / pm.width() as f64;
        let h = (pm.height() as f64 * scale).round() as u32;
        let small = image::imageops::resize(&img, 450, h, image::imageops::FilterType::Triangle);
        let tile_px = PHONE_CELL as f64 * scale;
        let xs: Vec<i32> = recent.iter().map(|m| m.at.x).collect();
        let spread = xs.iter().max().unwrap_or(&0) - xs.iter().min().unwrap_or(&0) + 1;
        if spread <= 8 {
            assert!(tile_px >= 48.0, "a tile is {tile_px:.1} px at 450 px wide");
        }
        // Measure: a placed tile without figures or outlines matches the art at that size
        // where the layout puts it, and not a few pixels off.
        let size = tile_px.round() as u32;
        let mut measured = 0;
        for t in g.tiles() {
            let busy = g
                .meeples()
                .iter()
                .any(|m| g.tiles()[m.tile_index as usize].pos == t.pos)
                || recent.iter().any(|m| m.at == t.pos)
                || g.tiles().last().map(|l| l.pos) == Some(t.pos);
            let (dx, dy) = (t.pos.x - lo.x, t.pos.y - lo.y);
            if busy || t.pos.x < lo.x || t.pos.y < lo.y || t.pos.x > hi.x || t.pos.y > hi.y {
                continue;
            }
            let x0 = (left as f64 + dx as f64 * PHONE_CELL as f64) * scale;
            let y0 = (PHONE_MARGIN as f64 + dy as f64 * PHONE_CELL as f64) * scale;
            if (x0 + tile_px) as u32 >= small.width() {
                continue;
            }
            let art = r
                .tile_copy(t.tile, t.garden, t.rotation, PHONE_CELL)
                .img
                .clone();
            let art =
                image::imageops::resize(&art, size, size, image::imageops::FilterType::Triangle);
            let diff = |ox: i32| -> f64 {
                let mut sum = 0u64;
                let mut n = 0u64;
                for y in 3..size - 3 {
                    for x in 3..size - 3 {
                        let p = small.get_pixel(
                            (x0.round() as i32 + ox + x as i32) as u32,
                            y0.round() as u32 + y,
                        );
                        let q = art.get_pixel(x, y);
                        sum += (0..3)
                            .map(|c| (p[c] as i64 - q[c] as i64).unsigned_abs())
                            .sum::<u64>();
                        n += 3;
                    }
                }
                sum as f64 / n as f64
            };
            let at = diff(0);
            let off = diff(size as i32 / 3);
            assert!(
                at < 12.0,
                "tile {} at {:?}: mean difference {at:.1}",
                t.tile.name(),
                t.pos
            );
            assert!(
                off > 2.0 * at,
                "an offset position must not match as well ({off:.1} vs {at:.1})"
            );
            measured += 1;
        }
        assert!(measured > 0, "no tile could be measured");
    }
}

#[test]
fn every_move_since_the_players_last_turn_is_outlined_or_pointed_at() {
    use meeplebot::render::{off_window, PHONE_CELL};
    let mut checked = 0;
    for g in games_in_progress() {
        let (pm, recent, (lo, hi), left) = phone_picture(&g);
        let players = g.player_count();
        // Every other player moved once since (more with builders; never fewer).
        assert!(
            recent.len() >= players - 1,
            "{} moves for {players} players",
            recent.len()
        );
        let orders: Vec<usize> = recent.iter().map(|r| r.order).collect();
        assert_eq!(orders, (1..=recent.len()).collect::<Vec<_>>());
        let pointers = off_window(&g, &recent);
        for m in &recent {
            let inside = m.at.x >= lo.x && m.at.x <= hi.x && m.at.y >= lo.y && m.at.y <= hi.y;
            // Exactly the moves outside the window get a pointer.
            assert_eq!(
                pointers.iter().any(|p| p.recent == *m),
                !inside,
                "move {m:?}, window {lo:?}..{hi:?}"
            );
            if !inside {
                continue;
            }
            let (dx, dy) = (m.at.x - lo.x, m.at.y - lo.y);
            let x = left + dx as u32 * PHONE_CELL;
            let y = 40 + dy as u32 * PHONE_CELL;
            // The outline on the tile's left edge, half-way down, in the mover's colour.
            let p = rgb(&pm, x + 3, y + PHONE_CELL / 2);
            assert!(close(p, PLAYER_COLOURS[m.seat], 12), "move {m:?}: {p:?}");
            // The numbered badge near the top-left corner is white around its number.
            let b = rgb(
                &pm,
                x + (PHONE_CELL as f32 * 0.17) as u32 - 9,
                y + (PHONE_CELL as f32 * 0.17) as u32,
            );
            assert!(b.iter().all(|&c| c > 200), "badge of {m:?}: {b:?}");
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked} checked");
}

/// Four players with every set in play.
fn four_players_every_set() -> Setup {
    use meeplebot::engine::TileSet;
    let mut setup = Setup::base(["A", "B", "C", "D"]);
    setup.sets.extend([
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Abbot,
        TileSet::Tower,
        TileSet::Princess,
        TileSet::Mayor,
    ]);
    setup
}

/// Random 4-player games with every set, and the turn picture of every turn of them.
fn every_turn_picture_of_big_games(seeds: std::ops::Range<u64>, mut f: impl FnMut(&Game, &Img)) {
    use meeplebot::engine::random::{random_turn, shuffled_deck};
    use meeplebot::engine::LiveGame;
    use meeplebot::render::recent_moves;
    use rand::SeedableRng;
    let r = Renderer::generated();
    for seed in seeds {
        let setup = four_players_every_set();
        let mut g = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        loop {
            if g.drawn_tile().is_some() {
                let viewer = g.current_player();
                let recent = recent_moves(g.game(), viewer);
                let pm = r.board(
                    g.game(),
                    &BoardOptions {
                        mark_legal: true,
                        recent,
                        phone: true,
                        ..BoardOptions::default()
                    },
                );
                f(g.game(), &pm);
            }
            if !random_turn(&mut g, &mut rng) {
                break;
            }
        }
    }
}

#[test]
fn turn_pictures_fit_a_phone_screen_with_tiles_of_at_least_44_px() {
    use meeplebot::render::PHONE_CELL;
    let (mut fit, mut all) = (0, 0);
    let mut worst = f64::MAX;
    every_turn_picture_of_big_games(0..3, |_, pm| {
        // Fitted into a 450 x 600 phone box, keeping its proportions.
        let scale = (450.0 / pm.width() as f64).min(600.0 / pm.height() as f64);
        let tile = PHONE_CELL as f64 * scale;
        worst = worst.min(tile);
        all += 1;
        if tile >= 44.0 {
            fit += 1;
        }
    });
    assert!(all > 300, "{all} turns");
    assert!(
        fit * 100 >= all * 95,
        "only {fit} of {all} turn pictures show tiles of 44 px or more (smallest {worst:.1} px)"
    );
}

#[test]
fn moves_outside_the_window_get_an_arrow_with_their_number_at_its_edge() {
    use meeplebot::render::{off_window, phone_window, recent_moves, PHONE_CELL, PHONE_MARGIN};
    let mut pointed = 0;
    every_turn_picture_of_big_games(3..6, |g, pm| {
        let recent = recent_moves(g, g.current_player());
        let (lo, hi) = phone_window(g, &recent);
        let left = (pm.width() - (hi.x - lo.x + 1) as u32 * PHONE_CELL) / 2;
        let pointers = off_window(g, &recent);
        for p in &pointers {
            // Each pointer has a cell of its own at the window's edge.
            assert_eq!(pointers.iter().filter(|q| q.cell == p.cell).count(), 1);
            assert!(p.cell.x == lo.x || p.cell.x == hi.x || p.cell.y == lo.y || p.cell.y == hi.y);
            assert!(p.dx != 0 || p.dy != 0);
            let cx = left as f32 + ((p.cell.x - lo.x) as f32 + 0.5) * PHONE_CELL as f32;
            let cy = PHONE_MARGIN as f32 + ((p.cell.y - lo.y) as f32 + 0.5) * PHONE_CELL as f32;
            let c = PHONE_CELL as f32;
            // The arrow's shaft, in the mover's colour, in the half of the cell towards the move.
            let (ax, ay) = (cx + p.dx as f32 * c * 0.25, cy + p.dy as f32 * c * 0.25);
            let a = rgb(pm, ax.round() as u32, ay.round() as u32);
            assert!(
                close(a, PLAYER_COLOURS[p.recent.seat], 12),
                "arrow of {p:?}: {a:?}"
            );
            // The numbered badge: white left of its number.
            let (bx, by) = if p.dy == 0 {
                (cx - p.dx as f32 * c * 0.2, cy - c * 0.18)
            } else {
                (cx - c * 0.24, cy - p.dy as f32 * c * 0.2)
            };
            let b = rgb(pm, (bx - 9.0).round() as u32, by.round() as u32);
            assert!(b.iter().all(|&v| v > 200), "badge of {p:?}: {b:?}");
            pointed += 1;
        }
    });
    assert!(pointed >= 5, "only {pointed} pointers were checked");
}

/// sRGB to linear.
fn lin(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB of a linear RGB colour.
fn lab(l: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.9505;
    let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.089;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

#[test]
fn seat_colours_stay_apart_for_the_common_colour_blindness_types() {
    // Machado et al. (2009) simulation matrices at full severity, in linear RGB.
    let kinds: [(&str, [[f64; 3]; 3]); 4] = [
        (
            "normal",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ),
    ];
    for (kind, m) in kinds {
        let seen: Vec<[f64; 3]> = PLAYER_COLOURS
            .iter()
            .map(|c| {
                let l = [lin(c[0]), lin(c[1]), lin(c[2])];
                let s: Vec<f64> = (0..3)
                    .map(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0))
                    .collect();
                lab([s[0], s[1], s[2]])
            })
            .collect();
        for i in 0..seen.len() {
            for j in i + 1..seen.len() {
                let d = (0..3)
                    .map(|k| (seen[i][k] - seen[j][k]).powi(2))
                    .sum::<f64>()
                    .sqrt();
                assert!(
                    d >= 20.0,
                    "{kind}: seats {} and {} differ by only ΔE {d:.1}",
                    i + 1,
                    j + 1
                );
            }
        }
    }
}

#[test]
fn seats_are_told_apart_without_colour_by_head_shape() {
    use meeplebot::render::sprites::meeple;
    let masks: Vec<Vec<bool>> = (0..6)
        .map(|seat| {
            let pm = meeple(seat, 70.0, false);
            // Only the head: the top third.
            let rows = pm.height() / 3;
            pm.pixels()
                .take((pm.width() * rows) as usize)
                .map(|p| p[3] > 128)
                .collect()
        })
        .collect();
    for i in 0..6 {
        for j in i + 1..6 {
            let differ = masks[i]
                .iter()
                .zip(&masks[j])
                .filter(|(a, b)| a != b)
                .count();
            assert!(
                differ >= 25,
                "heads of seats {} and {} differ in {differ} pixels",
                i + 1,
                j + 1
            );
        }
    }
}

/// An art pack made here: every tile a solid colour of its own with a white top-left quarter
/// (so its turn shows), `size` pixels square, encoded by `encode`.
fn art_pack(
    size: u32,
    ext: &str,
    encode: impl Fn(&image::RgbImage) -> Vec<u8>,
) -> Vec<(String, Vec<u8>)> {
    catalog()
        .tiles
        .iter()
        .map(|t| {
            let c = pack_colour(t.index.0 as usize);
            let img = image::RgbImage::from_fn(size, size, |x, y| {
                if x < size / 2 && y < size / 2 {
                    image::Rgb([255, 255, 255])
                } else {
                    image::Rgb(c)
                }
            });
            (format!("{}.{ext}", t.id), encode(&img))
        })
        .collect()
}

/// Tile colours 40 apart in every channel (six levels: room for 216 tiles), never white.
fn pack_colour(i: usize) -> [u8; 3] {
    [
        25 + 40 * (i % 6) as u8,
        25 + 40 * ((i / 6) % 6) as u8,
        25 + 40 * (i / 36 % 6) as u8,
    ]
}

/// Every placed tile without figures on it shows its own colour with the white quarter turned
/// as the tile is, in its own cell of the full board.
fn check_pack(r: &Renderer) -> usize {
    let g = random_game(Setup::base(["A", "B"]), 21);
    let pm = r.board(&g, &BoardOptions::default());
    let (lo, hi) = g.bounds();
    let cols = (hi.x - lo.x + 3) as u32;
    let cell = (pm.width() - LEFT - 12 - 300) / cols;
    let mut probed = 0;
    for (k, t) in g.tiles().iter().enumerate() {
        let busy = g.meeples().iter().any(|m| m.tile_index as usize == k);
        if busy {
            continue;
        }
        let x0 = LEFT + (t.pos.x - lo.x + 1) as u32 * cell;
        let y0 = TOP + (t.pos.y - lo.y + 1) as u32 * cell;
        // Quarter centres clockwise from the top-left; the white one turns with the tile.
        let quarters = [(1, 1), (3, 1), (3, 3), (1, 3)];
        let white = t.rotation.quarter_turns() as usize % 4;
        let want = pack_colour(t.tile.0 as usize);
        for (q, (qx, qy)) in quarters.iter().enumerate() {
            let p = rgb(&pm, x0 + cell * qx / 4, y0 + cell * qy / 4);
            let expect = if q == white { [255, 255, 255] } else { want };
            assert!(
                close(p, expect, 16),
                "tile {} at {:?} turned {}: quarter {q} is {p:?}, not {expect:?}",
                t.tile.name(),
                t.pos,
                t.rotation.degrees()
            );
        }
        probed += 1;
    }
    probed
}

#[test]
fn jpeg_and_webp_art_packs_of_any_size_land_in_their_cells() {
    let jpeg = art_pack(150, "jpg", |img| {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 92)
            .encode_image(img)
            .unwrap();
        out
    });
    let webp = art_pack(80, "webp", |img| {
        let mut out = Vec::new();
        img.write_with_encoder(image::codecs::webp::WebPEncoder::new_lossless(&mut out))
            .unwrap();
        out
    });
    for (name, pack) in [("jpeg", jpeg), ("webp", webp)] {
        let r = Renderer::from_files(pack).unwrap_or_else(|e| panic!("{name}: {e}"));
        let probed = check_pack(&r);
        assert!(probed > 30, "{name}: only {probed} tiles probed");
    }
}

#[test]
fn the_timelapse_has_a_frame_per_tile_and_the_final_one_and_stays_under_8_mb() {
    use image::AnimationDecoder;
    let g = random_game(four_players_every_set(), 5);
    assert!(g.is_over());
    let gif = Renderer::generated().timelapse(&g.record()).unwrap();
    assert!(gif.len() <= 8 * 1024 * 1024, "{} bytes", gif.len());
    // Given the final position and scoring (as the service has them), the same GIF from one
    // replay, whose positions also give the score graph's rows.
    let record = g.record();
    let mut rows = Vec::new();
    let of = Renderer::generated().timelapse_of(
        &record,
        g.game(),
        &g.game().final_scoring(),
        |x: &meeplebot::engine::Game| rows.push(x.scores().to_vec()),
    );
    assert!(of.unwrap() == gif, "the GIF differs");
    assert_eq!(rows, meeplebot::engine::score_history(&record).unwrap());
    assert!(rows.len() > 50, "{} rows", rows.len());
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert!(g.tiles().len() > 120, "{} tiles", g.tiles().len());
    assert_eq!(frames.len(), g.tiles().len() + 1);
    // Every frame has the same size (the camera never moves), and the board grows: the first
    // frame has far fewer tile pixels (not background) than the last.
    let size = frames[0].buffer().dimensions();
    assert!(frames.iter().all(|f| f.buffer().dimensions() == size));
    let bg = meeplebot::render::canvas::BG;
    let filled = |f: &image::Frame| {
        f.buffer()
            .pixels()
            .filter(|p| (0..3).any(|i| (p[i] as i32 - bg[i] as i32).abs() > 30))
            .count()
    };
    let (first, last) = (filled(&frames[0]), filled(&frames[frames.len() - 1]));
    assert!(first * 10 < last, "first frame {first} px, last {last} px");
    // The final frame stays longer.
    let ms = |f: &image::Frame| {
        let (n, d) = f.delay().numer_denom_ms();
        n / d
    };
    assert!(ms(&frames[frames.len() - 1]) > 5 * ms(&frames[1]));
}

#[test]
fn a_replay_frame_outlines_the_turns_tile_with_its_number() {
    use meeplebot::render::{phone_window, PHONE_CELL, PHONE_MARGIN};
    let full = random_game(Setup::base(["A", "B", "C"]), 4);
    let rec = full.record();
    let total = rec.turn_count();
    let g = replay(&rec.first_turns(37)).unwrap();
    let last = g.turns().next_back().unwrap();
    let (at, _) = last.placed().unwrap();
    let pm = Renderer::generated().replay_frame(&g, 37, total);
    let recent = [meeplebot::render::Recent {
        at,
        seat: last.seat(),
        order: 37,
    }];
    let (lo, hi) = phone_window(&g, &recent);
    let left = (pm.width() - (hi.x - lo.x + 1) as u32 * PHONE_CELL) / 2;
    let x = left + (at.x - lo.x) as u32 * PHONE_CELL;
    let y = PHONE_MARGIN + (at.y - lo.y) as u32 * PHONE_CELL;
    let p = rgb(&pm, x + 3, y + PHONE_CELL / 2);
    assert!(close(p, PLAYER_COLOURS[last.seat()], 12), "{p:?}");
}

#[test]
fn the_words_on_pictures_follow_the_language_of_public_messages() {
    use meeplebot::i18n::{scope, Lang, Langs};
    let r = Renderer::generated();
    let g = random_game(four_players_every_set(), 5);
    let in_lang = |lang: Lang| {
        let langs = Langs {
            private: Lang::En,
            public: lang,
        };
        scope(langs, || {
            (
                r.final_picture(g.game()).into_raw(),
                r.score_graph(
                    &["A".to_string(), "B".to_string()],
                    &[vec![0, 5], vec![0, 7]],
                )
                .into_raw(),
            )
        })
    };
    let english = in_lang(Lang::En);
    // The same language draws the same pictures; each other language changes their words.
    assert_eq!(english, in_lang(Lang::En));
    for lang in [Lang::De, Lang::Fr, Lang::Pl, Lang::Es] {
        let other = in_lang(lang);
        assert_ne!(english.0, other.0, "the final picture in {lang}");
        assert_ne!(english.1, other.1, "the score graph in {lang}");
    }
}

#[test]
fn a_turn_picture_from_its_sight_is_the_one_drawn_from_the_recent_moves() {
    use meeplebot::engine::random::random_action;
    use meeplebot::render::{legal_cells, off_window, phone_window, recent_moves, Sight};
    use rand::SeedableRng;
    // The reply derives what the picture shows once (the recent moves, the cells where the
    // tile fits, the window, the arrows) and the picture is drawn from that: the same pixels
    // as deriving it all in the renderer.
    let r = Renderer::generated();
    let setup = four_players_every_set();
    let deck = meeplebot::engine::random::shuffled_deck(&setup.sets, 8);
    let mut g = meeplebot::engine::LiveGame::new(setup, deck).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(8);
    let (mut checked, mut placing) = (0, 0);
    for step in 0..400 {
        if !random_action(&mut g, &mut rng) {
            break;
        }
        if g.drawn_tile().is_none() {
            continue;
        }
        placing += 1;
        if placing % 15 != 0 {
            continue;
        }
        let viewer = g.current_player();
        let sight = Sight::of(g.game(), viewer);
        let recent = recent_moves(g.game(), viewer);
        assert_eq!(sight.recent, recent);
        assert_eq!(sight.cells, legal_cells(g.game()));
        assert!(!sight.cells.is_empty());
        assert_eq!(sight.window, phone_window(g.game(), &recent));
        assert_eq!(sight.outside, off_window(g.game(), &recent));
        let once = r.turn_picture_of(g.game(), &sight, Some("T"));
        let again = r.turn_picture(g.game(), &recent, Some("T"));
        assert_eq!(once.dimensions(), again.dimensions());
        assert!(
            once.as_raw() == again.as_raw(),
            "step {step}: pixels differ"
        );
        checked += 1;
    }
    assert!(checked >= 4, "{checked} pictures compared");
}

/// A game of a scenario of Abbey & Mayor, replayed without its last `drop` log entries.
fn mayor_scenario_before(name: &str, drop: usize) -> Game {
    let path = format!(
        "{}/tests/scenarios/mayor/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut record = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    record.expect = None;
    let keep = record.log.len() - drop;
    record.log.truncate(keep);
    replay(&record).unwrap()
}

/// The pixel just inside the outline of the cell `p` on a board picture of `g` (cells of 96 px,
/// the board's top-left cell at `lo`).
fn cell_edge(p: Pos, lo: Pos) -> (u32, u32) {
    let x = LEFT + ((p.x - lo.x) as u32) * 96 + 3;
    let y = TOP + ((p.y - lo.y) as u32) * 96 + 48;
    (x, y)
}

#[test]
fn the_holes_of_an_abbey_and_the_tiles_of_a_wagons_move_are_marked() {
    use meeplebot::engine::Decision;
    use meeplebot::render::legal_cells;
    let r = Renderer::generated();
    let marked_opts = BoardOptions {
        mark_legal: true,
        ..BoardOptions::default()
    };
    for (name, drop, decision) in [
        (
            "abbey_fills_a_hole_and_scores_as_a_cloister",
            2,
            Decision::Abbey,
        ),
        (
            "wagon_moves_on_after_its_road_scores",
            1,
            Decision::WagonMove,
        ),
    ] {
        let g = mayor_scenario_before(name, drop);
        assert_eq!(g.pending().decision, decision, "{name}");
        let cells = legal_cells(&g);
        assert!(!cells.is_empty(), "{name}: nothing marked");
        let plain = r.board(&g, &BoardOptions::default());
        let marked = r.board(&g, &marked_opts);
        let (lo, _) = g.bounds();
        // The board picture has one empty ring around the tiles.
        let lo = Pos::new(lo.x - 1, lo.y - 1);
        for &p in &cells {
            let (x, y) = cell_edge(p, lo);
            let (a, b) = (rgb(&plain, x, y), rgb(&marked, x, y));
            assert_ne!(a, b, "{name}: {p:?} not marked");
            assert!(b[1] > b[0] && b[1] > b[2], "{name}: {p:?} is {b:?}");
        }
    }
}

/// Hills & Sheep: a shepherd's flock is drawn beside it, a white sheep on its field; a field
/// with no shepherd shows none.
#[test]
fn a_shepherds_flock_is_drawn_beside_it() {
    let path = format!(
        "{}/tests/scenarios/hills/a_flock_still_out_at_the_end_scores_nothing.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let g = replay(&Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()).unwrap();
    assert_eq!(g.flock(0), 6);
    let r = Renderer::generated();
    let pm = r.board(&g, &BoardOptions::default());
    let (lo, hi) = g.bounds();
    let cols = (hi.x - lo.x + 3) as u32;
    let cell = (pm.width() - LEFT - 12 - 300) / cols;
    let wool = |p: Pos| {
        let x0 = LEFT + (p.x - (lo.x - 1)) as u32 * cell;
        let y0 = TOP + (p.y - (lo.y - 1)) as u32 * cell;
        (y0..y0 + cell)
            .flat_map(|y| (x0..x0 + cell).map(move |x| (x, y)))
            .filter(|&(x, y)| close(rgb(&pm, x, y), [0xfa, 0xf7, 0xee], 4))
            .count()
    };
    // The shepherd stands on the U at [1, 0]; the same U at [-1, 0] has no one.
    let here = wool(Pos::new(1, 0));
    assert!(
        here > (cell * cell / 80) as usize,
        "{here} wool pixels in a {cell} px cell"
    );
    assert_eq!(wool(Pos::new(-1, 0)), 0);
}

/// Hills & Sheep: the panel shows the bag of sheep (public): its wolves and sheep with their
/// counts, below the tiles left; a game without the set shows none, and the board's side
/// panel grows to hold it.
#[test]
fn the_bag_of_sheep_is_shown_in_the_panel() {
    use meeplebot::engine::{LiveGame, TileSet};
    let start = |sets: &[TileSet]| {
        let mut setup = Setup::base(["Alice", "Bob"].map(String::from));
        setup.sets.extend_from_slice(sets);
        let deck = meeplebot::engine::random::shuffled_deck(&setup.sets, 3);
        LiveGame::new(setup, deck).unwrap()
    };
    let r = Renderer::generated();
    let panel_wool = |g: &LiveGame| {
        let pm = r.board(g.game(), &BoardOptions::default());
        let x0 = pm.width() - 300;
        let count = (0..pm.height())
            .flat_map(|y| (x0..pm.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| rgb(&pm, x, y) == [0xfa, 0xf7, 0xee])
            .count();
        (count, pm.height())
    };
    let (wool, tall) = panel_wool(&start(&[TileSet::Hills]));
    assert!(wool > 4 * 20, "{wool} wool pixels in the panel");
    let (none, short) = panel_wool(&start(&[]));
    assert_eq!(none, 0, "a game without Hills & Sheep shows sheep");
    assert!(tall >= short, "{tall} < {short}");
}

/// Castles (Bridges, Castles & Bazaars): each one is drawn on the board and the castle tokens
/// in hand are in the panels; a game without the set shows none.
#[test]
fn castles_are_drawn_on_the_board_and_in_the_panels() {
    let r = Renderer::generated();
    // The castle's stone, left of the panel (on the board) and in it (the tokens in hand).
    let stone = |game: &Game| -> (usize, usize) {
        let pm = r.board(game, &BoardOptions::default());
        let x0 = pm.width() - 300;
        let (mut board, mut panel) = (0, 0);
        for y in 0..pm.height() {
            for x in 0..pm.width() {
                if rgb(&pm, x, y) == [0xb9, 0xb2, 0xa4] {
                    if x < x0 {
                        board += 1;
                    } else {
                        panel += 1;
                    }
                }
            }
        }
        (board, panel)
    };
    let path = format!(
        "{}/tests/scenarios/bridges/a_castle_scores_nothing_at_the_end.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let record = Record::from_json(&text).unwrap();
    let (board, panel) = stone(&replay(&record).unwrap());
    assert!(board > 100, "{board} stone pixels of a castle on the board");
    assert!(
        panel > 20,
        "{panel} stone pixels of castle tokens in the panels"
    );
    // The same game before the castle was built: tokens in the panels, none on the board.
    let mut before = record.clone();
    before.log.truncate(3);
    let (board, panel) = stone(&replay(&before).unwrap());
    assert_eq!(board, 0, "a castle drawn before it was built");
    assert!(panel > 20);
    let plain = Game::new(Setup::base(["Alice", "Bob"].map(String::from))).unwrap();
    assert_eq!(stone(&plain), (0, 0), "castles in a game without the set");
}
