//! Property tests over many random games: every enumerated action is accepted, actions that are
//! not enumerated are refused and change nothing, figures are conserved, records replay to the same
//! game, and no input panics. Run for every combination of the sets the engine plays.

use meeplebot::engine::random::{
    random_action, random_game, random_playout, random_turn, shuffled_deck,
};
use meeplebot::engine::record::{apply_turn, CaptureRecord, RansomRecord};
use meeplebot::engine::{
    figure_of, replay, Action, Axis, Capture, Decision, FarmRule, Figure, Game, Half, LiveGame,
    PlaceError, Placement, Pos, Record, Rotation, Rules, Side, Spot, TileSet, TurnRecord,
    FOLLOWERS_PER_PLAYER,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use std::ops::ControlFlow;

#[path = "support/sets.rs"]
mod sets;
use sets::{combos, setup};

/// Every figure of every seat is either in hand, on the board or held prisoner; every tower
/// piece is in hand or on a tower.
fn conserved(g: &Game) {
    let prisoners = g.prisoners();
    let held = |p: usize, f: Figure| -> usize {
        let Some(slot) = meeplebot::engine::expansions::tower::PRISONERS
            .iter()
            .position(|&k| k == f)
        else {
            return 0;
        };
        prisoners.iter().map(|row| row[p][slot] as usize).sum()
    };
    if g.has_set(TileSet::Tower) {
        let stock = meeplebot::engine::expansions::tower::pieces_for(g.player_count()) as usize;
        let in_hand: usize = g.supplies().iter().map(|s| s.towers as usize).sum();
        let built: usize = g.towers().iter().map(|t| t.height as usize).sum();
        assert_eq!(in_hand + built, stock * g.player_count(), "tower pieces");
    } else {
        assert!(prisoners.is_empty() && g.towers().is_empty());
    }
    let stock = |f: Figure| -> usize {
        match f {
            Figure::Follower => 7,
            _ if g.has_figure(f) => 1,
            _ => 0,
        }
    };
    // The bag of sheep and the flocks hold the 18 tokens; a flock only beside a shepherd.
    if let Some(bag) = g.sheep_bag() {
        let out: u32 = (0..g.player_count()).map(|p| g.flock(p)).sum();
        let sheep_in_bag: u32 = (1..5).map(|v| v as u32 * u32::from(bag[v])).sum();
        assert_eq!(out + sheep_in_bag, 37, "sheep");
        assert_eq!(bag[0], 2, "the wolves never leave the bag");
        for p in 0..g.player_count() {
            let shepherd = g
                .meeples()
                .iter()
                .any(|m| m.player as usize == p && m.figure == Figure::Shepherd);
            assert_eq!(
                g.flock(p) > 0,
                shepherd,
                "player {p}: a flock without its shepherd"
            );
        }
    } else {
        assert_eq!(g.tokens_in_bag(), 0);
    }
    for p in 0..g.player_count() {
        for f in Figure::ALL {
            let on_board = g
                .meeples()
                .iter()
                .filter(|m| m.player as usize == p && m.figure == f)
                .count();
            assert_eq!(
                on_board + g.supplies()[p].count(f) as usize + held(p, f),
                stock(f),
                "player {p} {f:?}"
            );
        }
        // By id: each of the seat's figures is in hand, on the board (once) or a prisoner.
        let mut prisoners_by_kind = [0usize; Figure::ALL.len()];
        for id in 0..15u8 {
            let f = figure_of(id);
            let k = Figure::ALL.iter().position(|&x| x == f).unwrap();
            let on_board: Vec<_> = g
                .meeples()
                .iter()
                .filter(|m| m.player as usize == p && m.id == id)
                .collect();
            assert!(
                on_board.len() <= 1,
                "player {p}: figure {id} twice on the board"
            );
            assert!(
                on_board.iter().all(|m| m.figure == f),
                "figure {id} is a {f:?}"
            );
            let in_hand = g.supplies()[p].holds(id);
            assert!(
                !in_hand || on_board.is_empty(),
                "figure {id} in hand and on the board"
            );
            let exists = (id as usize) < FOLLOWERS_PER_PLAYER as usize || g.has_figure(f);
            if !exists {
                assert!(
                    !in_hand && on_board.is_empty(),
                    "player {p}: no figure {id} in this game"
                );
            } else if !in_hand && on_board.is_empty() {
                prisoners_by_kind[k] += 1;
            }
        }
        for (k, f) in Figure::ALL.into_iter().enumerate() {
            assert_eq!(
                prisoners_by_kind[k],
                held(p, f),
                "player {p}: {f:?} ids held prisoner"
            );
        }
    }
}

fn all_spots() -> Vec<Spot> {
    let mut v = vec![
        Spot::Cloister,
        Spot::FieldInner(0),
        Spot::FieldInner(1),
        Spot::Garden,
        Spot::Tower,
    ];
    for s in Side::ALL {
        v.push(Spot::City(s));
        v.push(Spot::Road(s));
    }
    for h in Half::ALL {
        v.push(Spot::Field(h));
    }
    for c in meeplebot::engine::Corner::ALL {
        v.push(Spot::Corner(c));
    }
    v
}

/// `a` is accepted iff it is among the listed `actions`, and refused it changes nothing.
fn accepted_iff_listed(g: &LiveGame, actions: &[Action], a: Action) {
    let mut c = g.clone();
    match c.apply(a) {
        Ok(_) => assert!(actions.contains(&a), "{a:?} not enumerated"),
        Err(_) => {
            assert!(!actions.contains(&a), "enumerated {a:?} refused");
            assert_eq!(c, *g, "refused {a:?} changed the game");
        }
    }
}

fn legal(g: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    g.for_each_legal(|a| {
        out.push(a);
        ControlFlow::Continue(())
    });
    out
}

/// Plays a random game and checks, at every decision, every enumerated action and many that are
/// not enumerated.
fn check_game(seed: u64, players: usize, farms: FarmRule, sets: &[TileSet], exhaustive: bool) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let s = setup(players, farms, sets);
    let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
    while !g.is_over() {
        conserved(&g);
        let actions = legal(&g);
        assert!(
            !actions.is_empty(),
            "a pending decision always has an action"
        );
        assert_eq!(actions, g.legal_actions());
        let before = g.clone();
        match g.pending().decision {
            Decision::PlaceTile { tile, .. } => {
                // Counting the placements and finding the k-th without listing (what random
                // play does) agree with the list, river tiles excepted.
                let placements: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Place { .. }))
                    .collect();
                assert_eq!(
                    &actions[..placements.len()],
                    &placements[..],
                    "placements come first"
                );
                match g.placement_count(tile) {
                    Some(n) => {
                        assert!(!tile.get().has_river());
                        assert_eq!(n, placements.len(), "{tile}");
                        for (k, a) in placements.iter().enumerate() {
                            let p = g.nth_placement(tile, k).expect("k < count");
                            let listed = Action::Place {
                                at: p.at,
                                rotation: p.rotation,
                            };
                            assert_eq!(listed, *a, "{tile} placement {k}");
                        }
                        assert_eq!(g.nth_placement(tile, n), None);
                    }
                    None => {
                        assert!(tile.get().has_river(), "{tile}");
                        assert_eq!(g.nth_placement(tile, 0), None);
                    }
                }
                if exhaustive {
                    for a in &actions {
                        let mut c = g.clone();
                        assert!(c.apply(*a).is_ok(), "enumerated {a:?} refused");
                    }
                }
                // Every rotation on every frontier cell and on a placed tile: accepted iff
                // enumerated, and refused for the reason that applies (the edges are compared
                // one by one only to say why).
                let placed = g.board().tiles().iter().map(|t| t.pos).take(2);
                let cells: Vec<Pos> = g.frontier().iter().copied().chain(placed).collect();
                for at in cells {
                    for rotation in Rotation::ALL {
                        let a = Action::Place { at, rotation };
                        match g.check_placement(tile, at, rotation) {
                            Ok(()) => assert!(actions.contains(&a), "{tile} {a:?} not listed"),
                            Err(e) => {
                                assert!(!actions.contains(&a), "{tile} {a:?} listed: {e}");
                                let occupied = g.board().cell(at).is_some();
                                assert_eq!(
                                    matches!(e, PlaceError::Occupied(_)),
                                    occupied,
                                    "{tile} {a:?}: {e}"
                                );
                                assert!(
                                    !matches!(e, PlaceError::NotAdjacent(_)),
                                    "{tile} {a:?}: {e}"
                                );
                            }
                        }
                    }
                }
                // A placement with a bridge (Bridges, Castles & Bazaars) on the tile or on each
                // tile beside it, along each axis, at every frontier cell: accepted iff listed.
                if g.has_set(TileSet::Bridges) && exhaustive {
                    for &at in g.frontier() {
                        for rotation in Rotation::ALL {
                            for on in std::iter::once(at).chain(Side::ALL.map(|d| at.step(d))) {
                                for axis in Axis::ALL {
                                    let a = Action::PlaceBridge {
                                        at,
                                        rotation,
                                        on,
                                        axis,
                                    };
                                    accepted_iff_listed(&g, &actions, a);
                                }
                            }
                        }
                    }
                }
                for _ in 0..8 {
                    let at = Pos::new(rng.gen_range(-12..12), rng.gen_range(-12..12));
                    let rotation = Rotation::from_quarter_turns(rng.gen_range(0..4));
                    let a = Action::Place { at, rotation };
                    if !actions.contains(&a) {
                        assert!(g.apply(a).is_err(), "{tile} {a:?} accepted");
                        assert_eq!(g, before, "a refused placement changed the game");
                    }
                }
                // A ransom is accepted iff enumerated.
                for from in 0..7u8 {
                    for figure in Figure::ALL {
                        let a = Action::Ransom { from, figure };
                        let mut c = g.clone();
                        match c.apply(a) {
                            Ok(_) => assert!(actions.contains(&a), "{a:?} not enumerated"),
                            Err(_) => assert_eq!(c, g, "refused {a:?} changed the game"),
                        }
                    }
                }
                // Actions of other decisions are refused.
                assert!(g.apply(Action::Pass).is_err());
                assert!(g
                    .apply(Action::Deploy {
                        figure: Figure::Follower,
                        spot: Spot::Cloister
                    })
                    .is_err());
                assert_eq!(g, before);
            }
            Decision::Act { .. } => {
                // Passing is open unless the princess must send a knight home.
                assert!(
                    actions.contains(&Action::Pass)
                        || actions.iter().all(|a| matches!(a, Action::Princess { .. }))
                );
                if exhaustive {
                    for a in &actions {
                        let mut c = g.clone();
                        assert!(c.apply(*a).is_ok(), "enumerated {a:?} refused");
                    }
                }
                // A figure is accepted iff its (canonical) place is enumerated.
                for figure in Figure::ALL {
                    for spot in all_spots() {
                        let a = Action::Deploy { figure, spot };
                        let mut c = g.clone();
                        match c.apply(a) {
                            Ok(_) => {
                                let Decision::Act { at } = g.pending().decision else {
                                    unreachable!()
                                };
                                let t = *g.tile_at(at).unwrap();
                                // A barn keeps its corner; other places are named canonically.
                                let spot = match Game::spot_segment(t.tile, t.rotation, spot) {
                                    Some(_) if matches!(spot, Spot::Corner(_)) => spot,
                                    Some(seg) => Game::segment_spot(t.tile, t.rotation, seg),
                                    None => spot,
                                };
                                assert!(
                                    actions.contains(&Action::Deploy { figure, spot }),
                                    "{a:?} accepted but not enumerated"
                                );
                            }
                            Err(_) => assert_eq!(c, g, "refused {a:?} changed the game"),
                        }
                    }
                }
                // The fairy: onto every tile where the player has a follower (normal, large or
                // the abbot), but the one it stands on; accepted iff listed.
                if g.has_set(TileSet::Princess) {
                    let seat = g.pending().seat;
                    for t in g.tiles() {
                        let mine = g.meeples().iter().any(|m| {
                            m.player as usize == seat
                                && g.tiles()[m.tile_index as usize].pos == t.pos
                                && m.figure.is_follower()
                        });
                        // (Nothing but the princess while she must act.)
                        let expected =
                            mine && g.fairy() != Some(t.pos) && actions.contains(&Action::Pass);
                        let a = Action::Fairy { at: t.pos };
                        assert_eq!(actions.contains(&a), expected, "{a:?}");
                        let mut c = g.clone();
                        match c.apply(a) {
                            Ok(_) => assert!(expected, "{a:?} accepted"),
                            Err(_) => {
                                assert!(!expected, "{a:?} refused");
                                assert_eq!(c, g, "refused {a:?} changed the game");
                            }
                        }
                    }
                }
                // After a magic portal: a follower onto any place of any tile is accepted iff
                // enumerated.
                let Decision::Act { at: placed_at } = g.pending().decision else {
                    unreachable!()
                };
                if g.tile_at(placed_at).unwrap().tile.get().symbols.portal {
                    for t in g.tiles() {
                        for seg in 0..t.tile.get().segment_count() {
                            let spot = Game::segment_spot(t.tile, t.rotation, seg);
                            for figure in [Figure::Follower, Figure::Large] {
                                let a = Action::DeployOn {
                                    on: t.pos,
                                    figure,
                                    spot,
                                };
                                // Onto the tile just placed, it is the figure placed the
                                // usual way.
                                let listed = if t.pos == placed_at {
                                    Action::Deploy { figure, spot }
                                } else {
                                    a
                                };
                                let mut c = g.clone();
                                match c.apply(a) {
                                    Ok(_) => {
                                        assert!(actions.contains(&listed), "{a:?} not listed");
                                        let mut d = g.clone();
                                        d.apply(listed).unwrap();
                                        assert_eq!(c, d, "{a:?} is not {listed:?}");
                                    }
                                    Err(_) => {
                                        assert!(!actions.contains(&listed), "{listed:?} refused");
                                        assert_eq!(c, g, "refused {a:?} changed the game");
                                    }
                                }
                            }
                        }
                    }
                }
                if !actions.contains(&Action::Recall) {
                    let mut c = g.clone();
                    assert!(c.apply(Action::Recall).is_err());
                    assert_eq!(c, g);
                }
                // Tower pieces, captures and tower guards: accepted iff enumerated (captures
                // named canonically, as the board stores them).
                let mut sites: Vec<Pos> = g.towers().iter().map(|t| t.at).collect();
                // Tiles with figures (fairy, portal and princess targets), and a few others.
                for m in g.meeples() {
                    sites.push(g.tiles()[m.tile_index as usize].pos);
                }
                sites.push(g.tiles()[rng.gen_range(0..g.tiles().len())].pos);
                sites.sort_unstable();
                sites.dedup();
                sites.push(Pos::new(0, 0));
                sites.push(Pos::new(rng.gen_range(-6..6), rng.gen_range(-6..6)));
                let mut captures: Vec<Option<Capture>> = vec![None];
                for m in g.meeples() {
                    let on = g.tiles()[m.tile_index as usize].pos;
                    captures.push(Some(Capture { on, spot: m.spot }));
                }
                captures.push(Some(Capture {
                    on: Pos::new(0, 0),
                    spot: Spot::City(Side::N),
                }));
                for &at in &sites {
                    let mut tried = vec![
                        Action::DeployOn {
                            on: at,
                            figure: Figure::Follower,
                            spot: Spot::Tower,
                        },
                        Action::DeployOn {
                            on: at,
                            figure: Figure::Large,
                            spot: Spot::Tower,
                        },
                        Action::DeployOn {
                            on: at,
                            figure: Figure::Follower,
                            spot: Spot::Cloister,
                        },
                    ];
                    tried.extend(
                        captures
                            .iter()
                            .map(|&capture| Action::Tower { at, capture }),
                    );
                    for a in tried {
                        let mut c = g.clone();
                        match c.apply(a) {
                            Ok(_) => {
                                assert!(actions.contains(&a), "{a:?} accepted, not enumerated")
                            }
                            Err(_) => {
                                assert!(!actions.contains(&a), "enumerated {a:?} refused");
                                assert_eq!(c, g, "refused {a:?} changed the game");
                            }
                        }
                    }
                }
            }
            Decision::DragonMove { .. } => {
                // A step is accepted iff enumerated.
                for side in Side::ALL {
                    accepted_iff_listed(&g, &actions, Action::MoveDragon { side });
                }
                assert!(g.apply(Action::Pass).is_err());
                assert_eq!(g, before);
            }
            Decision::Abbey => {
                // Drawing instead is always open; an abbey is accepted iff enumerated (every
                // frontier cell and a few others tried).
                assert!(actions.contains(&Action::Pass));
                assert!(actions.iter().any(|a| matches!(a, Action::Abbey { .. })));
                let mut cells: Vec<Pos> = g.frontier().to_vec();
                cells.push(Pos::new(0, 0));
                cells.push(Pos::new(rng.gen_range(-6..6), rng.gen_range(-6..6)));
                for at in cells {
                    accepted_iff_listed(&g, &actions, Action::Abbey { at });
                }
            }
            Decision::WagonMove => {
                // Keeping the wagon is always open; a move to any place of any tile is
                // accepted iff it is enumerated (named canonically).
                assert!(actions.contains(&Action::Pass));
                for a in &actions {
                    let mut c = g.clone();
                    assert!(c.apply(*a).is_ok(), "enumerated {a:?} refused");
                }
                for t in g.tiles() {
                    for spot in all_spots() {
                        let a = Action::Wagon {
                            to: Capture { on: t.pos, spot },
                        };
                        let mut c = g.clone();
                        match c.apply(a) {
                            Ok(_) => {
                                let seg = Game::spot_segment(t.tile, t.rotation, spot).unwrap();
                                let canonical = Game::segment_spot(t.tile, t.rotation, seg);
                                let listed = Action::Wagon {
                                    to: Capture {
                                        on: t.pos,
                                        spot: canonical,
                                    },
                                };
                                assert!(
                                    actions.contains(&listed),
                                    "{a:?} accepted, not enumerated"
                                );
                            }
                            Err(_) => assert_eq!(c, g, "refused {a:?} changed the game"),
                        }
                    }
                }
            }
            Decision::Flock => {
                // Both choices are open, each accepted; no token is named by a player (a live
                // game draws it), and nothing else answers.
                use meeplebot::engine::{FlockChoice, SheepToken};
                for choice in [FlockChoice::Grow, FlockChoice::Home] {
                    let a = Action::Flock { choice };
                    assert!(actions.contains(&a));
                    accepted_iff_listed(&g, &actions, a);
                }
                assert!(g.apply(Action::Pass).is_err());
                let token = Action::Token {
                    token: SheepToken::Sheep(1),
                };
                assert!(g.apply(token).is_err());
                assert_eq!(g, before);
            }
            Decision::Castle => {
                // Building or scoring, each accepted; nothing else answers.
                for build in [true, false] {
                    accepted_iff_listed(&g, &actions, Action::Castle { build });
                }
                assert!(g.apply(Action::Pass).is_err());
                assert_eq!(g, before);
            }
            Decision::Bazaar | Decision::Raise | Decision::Deal => {
                // Every tile of the offer (and one past it) with every bid up to two over the
                // seat's score, every raise likewise, both deals, a pass: accepted iff
                // listed; a refused one changes nothing. A draw is no answer.
                let score = g.scores()[g.pending().seat];
                let offered = g.bazaar().expect("a bazaar runs").tiles.len() as u8;
                let mut tried = vec![
                    Action::Pass,
                    Action::Deal { buy: true },
                    Action::Deal { buy: false },
                ];
                for bid in 0..=score + 2 {
                    tried.push(Action::Raise { bid });
                    for tile in 0..=offered {
                        tried.push(Action::Bazaar { tile, bid });
                    }
                }
                for a in tried {
                    accepted_iff_listed(&g, &actions, a);
                }
                let draw = Action::Draw {
                    tile: meeplebot::engine::TileId(0),
                    garden: false,
                };
                let mut inner = g.game().clone();
                assert!(inner.apply(draw).is_err());
                assert_eq!(&inner, g.game());
            }
            d => panic!("a live game never waits for {d:?}"),
        }
        assert!(meeplebot::engine::random::random_action(&mut g, &mut rng));
    }
    conserved(&g);
    let fin = g.final_scoring();
    for p in 0..players {
        assert!(fin.scores[p] >= g.scores()[p]);
        assert_eq!(
            fin.scores[p] - g.scores()[p],
            fin.breakdown[p].iter().sum::<u32>()
        );
    }
    // The record replays to the same game.
    let rec = g.record();
    let json = rec.to_json();
    let back = replay(&Record::from_json(&json).unwrap()).unwrap();
    assert_eq!(back, *g.game(), "replayed state differs");
    assert_eq!(back.final_scoring(), fin);
    assert_eq!(back.record(), rec);
}

#[test]
fn exhaustive_action_checks_on_a_few_games() {
    for (i, sets) in combos().iter().enumerate() {
        let seed = i as u64;
        // With Bridges, Castles & Bazaars every bridge and every bid is an action to check
        // (a minute a game exhaustively): every 32nd such combination, not exhaustively (the
        // set's own tests check it so with every other set).
        let bridges = sets.contains(&TileSet::Bridges);
        if bridges && i % 32 != 0 {
            continue;
        }
        let every = !bridges && i % 4 == 0;
        check_game(seed, 2 + i % 5, FarmRule::PerFarm, sets, every);
    }
}

#[test]
fn thousands_of_random_base_games_are_consistent() {
    for seed in 0..1500u64 {
        let farms = [FarmRule::PerFarm, FarmRule::PerCity, FarmRule::None][seed as usize % 3];
        let players = 2 + seed as usize % 5;
        if seed % 25 == 0 {
            check_game(seed, players, farms, &[], false);
        } else {
            let g = random_game(setup(players, farms, &[]), seed);
            conserved(&g);
            assert_eq!(
                g.tiles().len(),
                72 - g.turns().filter(|t| t.placed().is_none()).count()
            );
            let back = replay(&g.record()).unwrap();
            assert_eq!(back, *g.game());
        }
    }
}

#[test]
fn random_games_with_every_combination_of_sets_replay_exactly() {
    for (i, sets) in combos().iter().enumerate() {
        for k in 0..12u64 {
            let seed = 1000 + 100 * i as u64 + k;
            let farms = [FarmRule::PerFarm, FarmRule::PerCity][k as usize % 2];
            let s = setup(2 + (k as usize % 5), farms, sets);
            let total: usize = meeplebot::engine::game::tile_counts(&s.sets)
                .iter()
                .map(|&c| c as usize)
                .sum();
            let g = random_game(s, seed);
            assert!(g.is_over());
            conserved(&g);
            // Abbeys come from the players' hands, not from the tiles to draw.
            let abbeys = g
                .turns()
                .filter(|t| t.tile().0 == meeplebot::engine::tiles::abbey())
                .count();
            assert_eq!(
                g.tiles().len() - 1 - abbeys
                    + g.turns()
                        .filter(|t| t.placed().is_none() && !t.set_aside())
                        .count()
                    + g.set_aside().len()
                    + g.buried() as usize,
                total,
                "sets {sets:?} seed {seed}"
            );
            let again = replay(&g.record()).unwrap();
            assert_eq!(again, *g.game(), "sets {sets:?} seed {seed}");
            assert_eq!(again.final_scoring(), g.final_scoring());
        }
    }
}

#[test]
fn river_games_draw_the_river_first() {
    for seed in 0..100u64 {
        let g = random_game(setup(3, FarmRule::PerFarm, &[TileSet::River]), seed);
        // The first 11 turns are the river, the lake last of them.
        let first: Vec<&str> = g.turns().take(11).map(|t| t.tile().0.name()).collect();
        assert!(first.iter().all(|n| n.starts_with("RV-")), "{first:?}");
        assert_eq!(first[10], "RV-02");
    }
}

/// How many of `games` random games with these sets leave a river tile or the lake unplaced
/// (each game's first 11 draws are the river; a discarded one is not placed).
fn river_games_trapped(sets: &[TileSet], rules: Rules, games: u64) -> usize {
    let mut trapped = 0;
    for seed in 0..games {
        let mut s = setup(2 + seed as usize % 5, FarmRule::PerFarm, sets);
        s.rules = Rules {
            farms: s.rules.farms,
            ..rules
        };
        let g = random_game(s, seed);
        // An abbey may fill a hole meanwhile (Abbey & Mayor): a turn, but no draw.
        let river: Vec<_> = g
            .turns()
            .filter(|t| t.tile().0 != meeplebot::engine::tiles::abbey())
            .take(11)
            .collect();
        assert!(river.iter().all(|t| t.tile().0.get().has_river()));
        if river.iter().any(|t| t.placed().is_none()) {
            trapped += 1;
            continue;
        }
        assert_eq!(
            river[10].tile().0.name(),
            "RV-02",
            "the lake last, seed {seed}"
        );
    }
    trapped
}

/// Rule revision 1: the river never runs into itself, so every river tile and then the lake are
/// placed in every game, with the River alone and with every set (10,000 random games each).
/// The same games at the legacy revision (only the immediate U-turn refused) do trap the
/// river, which is what the look-ahead is for.
#[test]
fn the_river_is_always_placed_whole() {
    let mut every = TileSet::EXPANSIONS.to_vec();
    every.retain(|&s| s != TileSet::River);
    every.push(TileSet::River);
    for sets in [vec![TileSet::River], every] {
        assert_eq!(
            river_games_trapped(&sets, Rules::default(), 10_000),
            0,
            "{sets:?}"
        );
    }
    let legacy = river_games_trapped(&[TileSet::River], Rules::legacy(), 2_000);
    assert!(legacy > 0, "{legacy} legacy games trapped");
}

#[test]
fn builders_give_second_turns_but_never_a_third() {
    let mut extra_turns = 0;
    for seed in 0..200u64 {
        let g = random_game(setup(3, FarmRule::PerFarm, &[TileSet::Traders]), seed);
        // Seats from the log: a seat plays at most two placed tiles in a row (not counting discards).
        let seats: Vec<u8> = g
            .turns()
            .filter(|t| t.placed().is_some())
            .map(|t| t.seat() as u8)
            .collect();
        for w in seats.windows(3) {
            assert!(!(w[0] == w[1] && w[1] == w[2]), "a third turn in {seats:?}");
        }
        extra_turns += seats.windows(2).filter(|w| w[0] == w[1]).count();
    }
    assert!(extra_turns > 0, "random games never used a builder");
}

#[test]
fn playouts_from_any_point_finish_without_the_bag() {
    for seed in 0..60u64 {
        let sets = &combos()[seed as usize % 64];
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let s = setup(2 + seed as usize % 4, FarmRule::PerFarm, sets);
        let mut live = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        for _ in 0..(seed % 30) {
            random_turn(&mut live, &mut rng);
        }
        let mut g = live.game().clone();
        random_playout(&mut g, &mut rng);
        assert!(g.is_over());
        conserved(&g);
        assert_eq!(g.remaining_total(), 0);
    }
}

#[test]
fn farmers_are_refused_when_farms_are_off() {
    let mut g = Game::new(setup(2, FarmRule::None, &[])).unwrap();
    let tile = meeplebot::engine::TileId::parse("U").unwrap();
    let err = g
        .place(
            tile,
            Pos::new(1, 0),
            Rotation::default(),
            Some("field:NNW".parse().unwrap()),
            Figure::Follower,
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "farmers are not used in this game");
}

#[test]
fn the_large_follower_is_offered_when_it_is_the_only_figure_left() {
    // Seven followers on the board: only the large one is left in hand.
    let s = setup(2, FarmRule::PerFarm, &[TileSet::Inns]);
    let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, 5)).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut seen = false;
    while !g.is_over() && !seen {
        let me = g.current_player();
        if matches!(g.pending().decision, Decision::Act { .. })
            && g.supplies()[me].count(Figure::Follower) == 0
            && g.supplies()[me].count(Figure::Large) == 1
        {
            let acts = legal(&g);
            seen = acts.iter().any(|a| {
                matches!(
                    a,
                    Action::Deploy {
                        figure: Figure::Large,
                        ..
                    }
                )
            });
        }
        // Prefer placing normal followers so they run out.
        let acts = legal(&g);
        let pick = acts
            .iter()
            .copied()
            .find(|a| {
                matches!(
                    a,
                    Action::Deploy {
                        figure: Figure::Follower,
                        ..
                    }
                )
            })
            .unwrap_or(acts[rng.gen_range(0..acts.len())]);
        g.apply(pick).unwrap();
    }
    assert!(
        seen,
        "the large follower was never offered with no normal follower left"
    );
}

fn arb_turn() -> impl Strategy<Value = TurnRecord> {
    let tiles = prop::sample::select(vec![
        "A", "D", "E", "K", "U", "V", "X", "C", "B", "Z", "RV-01", "TW-02", "TW-07", "",
    ]);
    let places = prop::option::of(prop::sample::select(vec![
        "city:N",
        "road:E",
        "field:SSW",
        "field:inner",
        "cloister",
        "garden",
        "city:Q",
        "x",
        "road:W",
        "tower",
    ]));
    let spots = prop::sample::select(vec!["city:N", "road:W", "tower", "cloister", "field:SSW"]);
    let tower = (
        prop::option::of((-3i64..4, -3i64..4)),
        prop::option::of(((-3i64..4, -3i64..4), spots)),
        prop::option::of((
            -1i64..4,
            prop::sample::select(vec!["follower", "large", "pig"]),
        )),
        prop::option::of((-3i64..4, -3i64..4)),
    );
    (
        tiles,
        prop::option::of((-3i64..4, -3i64..4)),
        prop::option::of(prop::sample::select(vec![0i64, 90, 180, 270, 45, -90])),
        places,
        prop::option::of(prop::sample::select(vec![
            "large", "follower", "pig", "dog", "builder", "abbot",
        ])),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(prop::sample::select(vec!["abbot", "monk"])),
        tower,
    )
        .prop_map(
            |(tile, at, rotation, place, figure, discard, garden, recall, tower)| {
                let mut t = TurnRecord::discarded(meeplebot::engine::TileId(0));
                t.tile = tile.to_string();
                t.at = at.map(|(x, y)| [x, y]);
                t.rotation = rotation;
                t.place = place.map(str::to_string);
                t.figure = figure.map(str::to_string);
                t.discard = discard;
                t.garden = garden;
                t.recall = recall.map(str::to_string);
                let (piece, capture, ransom, on) = tower;
                t.tower = piece.map(|(x, y)| [x, y]);
                t.capture = capture.map(|((x, y), place)| CaptureRecord {
                    on: [x, y],
                    place: place.to_string(),
                });
                t.ransom = ransom.map(|(from, figure)| RansomRecord {
                    from,
                    figure: Some(figure.to_string()),
                });
                t.on = on.map(|(x, y)| [x, y]);
                t
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Arbitrary turns never panic, and a rejected turn leaves the game unchanged.
    #[test]
    fn arbitrary_turns_never_panic(turns in prop::collection::vec(arb_turn(), 0..40), which in 0..3u8) {
        let sets: &[TileSet] = match which {
            0 => &[],
            1 => &[TileSet::Traders, TileSet::Abbot],
            _ => &[TileSet::Tower, TileSet::Inns],
        };
        let mut g = Game::new(setup(3, FarmRule::PerFarm, sets)).unwrap();
        for t in &turns {
            let before = g.clone();
            if apply_turn(&mut g, t).is_err() {
                prop_assert!(g == before);
            }
            conserved(&g);
        }
        let _ = g.final_scoring();
    }

    /// Arbitrary JSON-ish text never panics the record reader.
    #[test]
    fn arbitrary_record_text_never_panics(s in ".{0,200}") {
        if let Ok(r) = Record::from_json(&s) {
            let _ = replay(&r);
        }
    }
}

#[test]
fn legal_spots_lists_every_figure_kind() {
    // After D at the start, a U east of it: a follower may go on the road or either field.
    let g = Game::new(setup(2, FarmRule::PerFarm, &[TileSet::Inns])).unwrap();
    let u = meeplebot::engine::TileId::parse("U").unwrap();
    let spots = g.legal_spots(
        u,
        Placement {
            at: Pos::new(1, 0),
            rotation: Rotation::default(),
        },
    );
    assert!(
        spots.contains(&(Figure::Follower, Spot::Road(Side::E))),
        "{spots:?}"
    );
    assert!(spots.contains(&(Figure::Large, Spot::Road(Side::E))));
    assert_eq!(spots.len(), 6, "{spots:?}");
}

/// A game pays nothing for the sets it leaves out: a base game calls no set's hooks, and a game
/// with one set calls that set's hooks and no other's (counted per set by the hook table).
#[test]
fn sets_not_in_play_cost_nothing() {
    use meeplebot::engine::expansions::hook_calls;
    let index = |set: TileSet| TileSet::ALL.iter().position(|&s| s == set).unwrap();
    const SETS: usize = TileSet::ALL.len();
    let delta = |before: [u64; SETS]| -> [u64; SETS] {
        let after = hook_calls();
        std::array::from_fn(|i| after[i] - before[i])
    };
    for seed in 0..20 {
        let before = hook_calls();
        let g = random_game(setup(2, FarmRule::PerFarm, &[]), seed);
        g.final_scoring();
        assert_eq!(delta(before), [0; SETS], "base game {seed}");
    }
    for set in [
        TileSet::River,
        TileSet::Inns,
        TileSet::Traders,
        TileSet::Abbot,
        TileSet::Tower,
        TileSet::Princess,
        TileSet::Mayor,
        TileSet::Hills,
        TileSet::Bridges,
    ] {
        for seed in 0..5 {
            let before = hook_calls();
            let g = random_game(setup(3, FarmRule::PerFarm, &[set]), seed);
            g.final_scoring();
            let d = delta(before);
            for other in TileSet::ALL {
                if other == set {
                    assert!(
                        d[index(other)] > 0,
                        "{set:?} game {seed} never called its hooks"
                    );
                } else {
                    assert_eq!(d[index(other)], 0, "{set:?} game {seed} called {other:?}");
                }
            }
        }
    }
}

/// What `unfinished_features` says a feature scores now is what the final scoring gives it, and
/// completing can only add points; `scores_now` gives the final scoring's scores and the same
/// unfinished features (every set, at every point of random games).
#[test]
fn unfinished_features_agree_with_the_final_scoring() {
    use meeplebot::engine::{FeatureKind, Reason};
    let mut seen = 0;
    for seed in 0..12 {
        let (_, mut g, mut rng) = base_or_every_set(seed);
        let mut buffer = Vec::new();
        while random_turn(&mut g, &mut rng) {
            let scores = g.scores_now(&mut buffer, true);
            let fin = g.final_scoring();
            let n = fin.scores.len();
            assert_eq!(scores[..n], fin.scores[..], "seed {seed}");
            assert!(scores[n..].iter().all(|&s| s == 0), "seed {seed}");
            assert_eq!(buffer, g.unfinished_features(), "seed {seed}");
            // Without the blocked features' check: the same scores and features, none blocked.
            let mut plain = Vec::new();
            assert_eq!(g.scores_now(&mut plain, false), scores, "seed {seed}");
            assert!(plain.iter().all(|u| !u.blocked), "seed {seed}");
            for u in &mut buffer {
                u.blocked = false;
            }
            assert_eq!(plain, buffer, "seed {seed}");
            let mut ours: Vec<(Reason, Vec<usize>, u32)> = Vec::new();
            for u in g.unfinished_features() {
                assert!(u.complete >= u.now && u.open >= 1, "{u:?}");
                let reason = match u.kind {
                    FeatureKind::City => Reason::City,
                    FeatureKind::Road => Reason::Road,
                    _ => Reason::Cloister,
                };
                ours.push((reason, u.players.to_vec(), u.now));
            }
            let mut theirs: Vec<(Reason, Vec<usize>, u32)> = fin
                .events
                .into_iter()
                .filter(|e| matches!(e.reason, Reason::City | Reason::Road | Reason::Cloister))
                .map(|e| (e.reason, e.players, e.points))
                .collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "seed {seed}");
            seen += ours.len();
        }
    }
    assert!(seen > 1000, "only {seen} features looked at");
}

/// Game number `seed` of the tests that look at every point of random games: the base game
/// for an even seed, every set for an odd one, 2 to 4 players; its sets, the game at its start
/// and the random play's generator.
fn base_or_every_set(seed: u64) -> (&'static [TileSet], LiveGame, rand::rngs::SmallRng) {
    let sets: &[TileSet] = if seed.is_multiple_of(2) {
        &[]
    } else {
        &TileSet::EXPANSIONS
    };
    let setup = setup(2 + seed as usize % 3, FarmRule::PerFarm, sets);
    let g = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, seed)).unwrap();
    (sets, g, rand::rngs::SmallRng::seed_from_u64(seed))
}

/// The cells `Game::unfillable_cells` names are never filled later in the game (random games,
/// 2 to 4 players, with and without every set); in the base game they are exactly the frontier
/// cells where no tile left to draw, nor the drawn one, fits in any rotation; a feature is
/// blocked only while such a cell exists, and some are.
#[test]
fn unfillable_cells_are_never_filled() {
    let (mut named, mut blocked) = (0, 0);
    for seed in 0..40 {
        let (sets, mut g, mut rng) = base_or_every_set(seed);
        let mut dead: Vec<Pos> = Vec::new();
        loop {
            for &p in &dead {
                assert!(g.board().cell(p).is_none(), "seed {seed}: {p:?} was filled");
            }
            let now = g.unfillable_cells();
            if sets.is_empty() {
                let drawn = g.drawn_tile();
                for &p in g.board().frontier() {
                    let fits = |t: meeplebot::engine::TileId| {
                        Rotation::ALL
                            .iter()
                            .any(|&r| g.board().check_edges(t, p, r).is_ok())
                    };
                    let fillable = drawn.is_some_and(fits)
                        || g.remaining()
                            .iter()
                            .enumerate()
                            .any(|(i, &c)| c > 0 && fits(meeplebot::engine::TileId(i as u8)));
                    assert_eq!(now.contains(&p), !fillable, "seed {seed}: {p:?}");
                }
            }
            let features = g.unfinished_features();
            if now.is_empty() {
                assert!(features.iter().all(|u| !u.blocked), "seed {seed}");
            }
            blocked += features.iter().filter(|u| u.blocked).count();
            named += now.len();
            dead.extend(now.iter().filter(|p| !dead.contains(p)).collect::<Vec<_>>());
            if !random_turn(&mut g, &mut rng) {
                break;
            }
        }
    }
    assert!(
        named > 100 && blocked > 100,
        "{named} cells, {blocked} features"
    );
}

/// A feature named blocked (`Unfinished::blocked`) is never completed, and `Game::completed`
/// tells a feature named unfinished (`Game::unfinished_named`) apart from one completed later:
/// random games, base and every set, 2 to 4 players.
#[test]
fn blocked_features_are_never_completed() {
    let (mut blocked_seen, mut completed_later) = (0, 0);
    for seed in 0..40 {
        let (_, mut g, mut rng) = base_or_every_set(seed);
        let mut named = Vec::new();
        loop {
            let now = g.unfinished_named();
            let listed: Vec<_> = now.iter().map(|(u, _)| *u).collect();
            assert_eq!(listed, g.unfinished_features(), "seed {seed}");
            for (u, id) in now {
                assert!(!g.completed(id), "seed {seed}: {u:?} is unfinished");
                named.push((u, id));
            }
            for (u, id) in named.iter().filter(|(u, _)| u.blocked) {
                assert!(!g.completed(*id), "seed {seed}: blocked {u:?} completed");
            }
            if !random_turn(&mut g, &mut rng) {
                break;
            }
        }
        blocked_seen += named.iter().filter(|(u, _)| u.blocked).count();
        completed_later += named.iter().filter(|(_, id)| g.completed(*id)).count();
    }
    assert!(
        blocked_seen > 100 && completed_later > 100,
        "{blocked_seen} blocked, {completed_later} completed later"
    );
}

/// Abbey & Mayor rules 7: the dragon eats the followers on the tiles it enters, the mayor and
/// the wagon among them, but not a barn (it stands on the tile's corner, not on the tile).
/// Random games with every set, the dragon's steps chosen at random: a barn is never sent home
/// by the dragon, and the dragon does enter tiles that hold one.
#[test]
fn the_dragon_eats_mayors_and_wagons_but_never_a_barn() {
    let sets = TileSet::EXPANSIONS.to_vec();
    let (mut over_barns, mut eaten) = (0, [0usize; 2]);
    for seed in 0..120u64 {
        let s = setup(3, FarmRule::PerFarm, &sets);
        let deck = shuffled_deck(&s.sets, seed);
        let mut live = LiveGame::new(s, deck).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        while !live.is_over() {
            let actions = legal(live.game());
            let Some(&a) = actions.get(rng.gen_range(0..actions.len().max(1))) else {
                break;
            };
            let barn_there = match (a, live.dragon()) {
                (Action::MoveDragon { side }, Some(at)) => live.meeples().iter().any(|m| {
                    m.figure == Figure::Barn
                        && live.tiles()[m.tile_index as usize].pos == at.step(side)
                }),
                _ => false,
            };
            let out = live.apply(a).unwrap();
            over_barns += usize::from(barn_there);
            for &(_, f, _) in &out.sent_home {
                assert_ne!(f, Figure::Barn, "seed {seed}: the dragon ate a barn");
                match f {
                    Figure::Mayor => eaten[0] += 1,
                    Figure::Wagon => eaten[1] += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(
        over_barns > 0,
        "the dragon never entered a tile with a barn"
    );
    assert!(
        eaten[0] > 0 && eaten[1] > 0,
        "mayors, wagons sent home: {eaten:?}"
    );
}

/// Rules §3 and case 19: after the last tile each seat still holding its abbey may place it,
/// once, from the seat after the one who placed the last tile round to that seat; the asking
/// stops when no hole is left. With `"abbeys": "none"` the game ends with the last tile.
#[test]
fn the_abbeys_round_asks_each_seat_once_from_the_one_after_the_last_tile() {
    use meeplebot::engine::types::AbbeyRound;
    let (mut rounds, mut full_rounds, mut placed_in_round, mut ended_at_once) = (0, 0, 0, 0);
    for seed in 0..40u64 {
        let none = seed % 4 == 3;
        let mut s = meeplebot::engine::Setup::base(["A", "B", "C"]);
        s.sets.push(TileSet::Mayor);
        if none {
            s.rules.abbeys = AbbeyRound::None;
        }
        let deck = shuffled_deck(&s.sets, seed);
        let mut live = LiveGame::new(s, deck).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut last_placer = None;
        let mut asked: Vec<usize> = Vec::new();
        while !live.is_over() {
            let g = live.game();
            let (seat, decision) = (g.pending().seat, g.pending().decision);
            let holes: Vec<Action> = g
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Abbey { .. }))
                .collect();
            match decision {
                Decision::Abbey if g.remaining_total() > 0 => {
                    // Before the round nobody places an abbey: every seat keeps one for it.
                    live.apply(Action::Pass).unwrap();
                }
                Decision::Abbey => {
                    asked.push(seat);
                    if rng.gen_bool(0.5) {
                        live.apply(holes[rng.gen_range(0..holes.len())]).unwrap();
                        placed_in_round += 1;
                    } else {
                        live.apply(Action::Pass).unwrap();
                    }
                }
                _ => {
                    if let Decision::PlaceTile { .. } = decision {
                        last_placer = Some(seat);
                    }
                    random_action(&mut live, &mut rng);
                }
            }
        }
        let last = last_placer.expect("tiles were placed");
        let order: Vec<usize> = (1..=3).map(|k| (last + k) % 3).collect();
        if none {
            assert!(
                asked.is_empty(),
                "seed {seed}: no abbeys after the last tile"
            );
            ended_at_once += 1;
            continue;
        }
        // Holes never appear without a tile: whoever is skipped found none, and so do the rest.
        assert_eq!(
            asked,
            order[..asked.len()],
            "seed {seed}: the last tile was seat {last}'s"
        );
        rounds += usize::from(!asked.is_empty());
        full_rounds += usize::from(asked.len() == 3);
        let again = replay(&live.game().record()).unwrap();
        assert_eq!(again, *live.game(), "seed {seed}");
    }
    assert!(rounds >= 5 && full_rounds >= 1 && placed_in_round >= 3 && ended_at_once >= 5,
        "{rounds} rounds, {full_rounds} of three seats, {placed_in_round} abbeys in them, {ended_at_once} games without");
}

/// Hills & Sheep: each hill tile placed while tiles are left takes the bag's next tile out of
/// the game, unseen: the tiles left to draw go down by one more, the counts of the tiles not
/// seen keep it, the live game moves it from its bag to the tiles under hills; a hill placed
/// after the last tile takes none. Alone and with every set.
#[test]
fn a_hill_puts_the_bags_next_tile_out_of_the_game() {
    let mut hills_placed = 0;
    let mut after_last = 0;
    for seed in 0..40 {
        let sets: &[TileSet] = if seed % 2 == 0 {
            &[TileSet::Hills]
        } else {
            &[
                TileSet::Hills,
                TileSet::River,
                TileSet::Princess,
                TileSet::Mayor,
                TileSet::Traders,
            ]
        };
        let s = setup(2 + seed as usize % 3, FarmRule::PerFarm, sets);
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        while !g.is_over() {
            let before = g.clone();
            assert!(random_action(&mut g, &mut rng));
            let unseen: u32 = g.remaining().iter().map(|&c| u32::from(c)).sum();
            assert_eq!(
                unseen,
                g.unseen(),
                "seed {seed}: counts of the tiles not seen"
            );
            assert_eq!(g.unseen(), g.remaining_total() + g.buried());
            assert_eq!(g.buried() as usize, g.buried_tiles().len(), "seed {seed}");
            let placed_hill = matches!(before.pending().decision, Decision::PlaceTile { tile, .. } if tile.get().symbols.hill)
                && g.board().tiles().len() > before.board().tiles().len();
            if placed_hill {
                hills_placed += 1;
                // (The tile being placed still counts among those left before it is placed.)
                if before.remaining_total() == 1 {
                    after_last += 1;
                    assert_eq!(
                        g.buried(),
                        before.buried(),
                        "seed {seed}: nothing left to bury"
                    );
                } else {
                    assert_eq!(g.buried(), before.buried() + 1, "seed {seed}");
                    assert_eq!(g.buried_tiles().last(), before.bag().front(), "seed {seed}");
                }
            } else {
                assert_eq!(
                    g.buried(),
                    before.buried(),
                    "seed {seed}: only a hill buries"
                );
            }
        }
        // The record replays to the same game, tiles under hills counted.
        let replayed = replay(&g.record()).unwrap();
        assert_eq!(replayed.buried(), g.buried());
        assert_eq!(replayed, *g.game());
    }
    assert!(hills_placed > 100, "{hills_placed} hills placed");
    assert!(after_last > 0, "no hill was the last tile");
}

/// Hills & Sheep in random games, alone and with every set: a token is drawn exactly after a
/// shepherd is placed or its owner grows the flock; the owner is asked only when its shepherd,
/// placed earlier, stands in a field the tile just placed extends; a flock scores all the
/// sheep of its field for every owner there, whose shepherds then leave; and every part of the
/// rules comes up (wolves, flocks driven home, closed fields scoring on their own).
#[test]
fn flocks_grow_score_and_run_as_the_rules_say() {
    use meeplebot::engine::{FlockChoice, Reason, SheepToken};
    let (mut placed, mut grown, mut home, mut wolves, mut closed) = (0, 0, 0, 0, 0);
    let shepherd_of = |g: &LiveGame, p: usize| {
        g.meeples()
            .iter()
            .any(|m| m.player as usize == p && m.figure == Figure::Shepherd)
    };
    let every: Vec<TileSet> = TileSet::EXPANSIONS.to_vec();
    for seed in 0..60u64 {
        let sets: &[TileSet] = if seed % 3 == 0 {
            &every
        } else {
            &[TileSet::Hills]
        };
        let s = setup(2 + seed as usize % 4, FarmRule::PerFarm, sets);
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        while !g.is_over() {
            let before = g.clone();
            let from = g.log().len();
            let asked = g.pending().decision == Decision::Flock;
            if asked {
                let seat = g.pending().seat;
                let at = g.board().tiles().last().unwrap().pos;
                assert_eq!(
                    seat,
                    g.current_player(),
                    "seed {seed}: only the turn's player"
                );
                assert!(
                    g.meeples().iter().any(|m| m.player as usize == seat
                        && m.figure == Figure::Shepherd
                        && g.tiles()[m.tile_index as usize].pos != at),
                    "seed {seed}: asked without a shepherd placed earlier"
                );
            }
            let actions = g.legal_actions();
            let a = actions[rng.gen_range(0..actions.len())];
            let out = g.apply(a).expect("a listed action");
            let entries = &g.log()[from..];
            for (k, e) in entries.iter().enumerate() {
                let prev = match k {
                    0 => before.log().last().map(|p| p.action),
                    _ => Some(entries[k - 1].action),
                };
                if let Action::Token { token } = e.action {
                    let after_shepherd = matches!(
                        prev,
                        Some(Action::Deploy {
                            figure: Figure::Shepherd,
                            ..
                        })
                    );
                    let after_grow = prev
                        == Some(Action::Flock {
                            choice: FlockChoice::Grow,
                        });
                    assert!(
                        after_shepherd || after_grow,
                        "seed {seed}: token after {prev:?}"
                    );
                    placed += usize::from(after_shepherd);
                    grown += usize::from(after_grow);
                    wolves += usize::from(token == SheepToken::Wolf);
                }
            }
            let went_home = a
                == Action::Flock {
                    choice: FlockChoice::Home,
                };
            home += usize::from(went_home);
            for e in out.events.iter().filter(|e| e.reason == Reason::Flock) {
                // Every owner in the field scores all of its sheep (with the token just
                // drawn, when the owner grew a flock its tile closed), and leaves.
                let before_sheep: u32 = e.players.iter().map(|&p| before.flock(p)).sum();
                if went_home {
                    assert_eq!(e.points, before_sheep, "seed {seed}: {e:?}");
                } else {
                    assert!(e.points >= before_sheep, "seed {seed}: {e:?}");
                    closed += 1;
                }
                for &p in &e.players {
                    let placed_now = p == before.pending().seat
                        && matches!(
                            a,
                            Action::Deploy {
                                figure: Figure::Shepherd,
                                ..
                            }
                        );
                    assert!(shepherd_of(&before, p) || placed_now, "seed {seed}: {e:?}");
                    assert!(
                        !shepherd_of(&g, p),
                        "seed {seed}: seat {p} stays after scoring"
                    );
                    assert_eq!(g.flock(p), 0);
                }
            }
        }
        assert_eq!(replay(&g.record()).unwrap(), *g.game(), "seed {seed}");
    }
    for (what, n) in [
        ("shepherds placed", placed),
        ("flocks grown", grown),
        ("flocks driven home", home),
        ("wolves", wolves),
        ("closed fields scored", closed),
    ] {
        assert!(n > 0, "no {what} in 60 games");
    }
}

/// Castles (Bridges, Castles & Bazaars) in random games, with the set alone and with every
/// other set: each game checked action by action like the others (what is listed is accepted,
/// a refused action changes nothing), a castle's choice asked only of a seat with a follower in
/// a completed city of the tile just placed, one token spent per castle built, castles that
/// score (during the game only, one event per castle and turn at most), and records that replay
/// to the same game.
#[test]
fn castles_are_built_and_score_in_random_games() {
    use meeplebot::engine::Reason;
    let every = TileSet::EXPANSIONS.to_vec();
    for seed in 0..4u64 {
        check_game(
            seed,
            2 + seed as usize,
            FarmRule::PerFarm,
            &[TileSet::Bridges],
            true,
        );
    }
    let (mut asked, mut built, mut scored) = (0, 0, 0);
    for seed in 0..40u64 {
        let sets = if seed % 2 == 0 {
            vec![TileSet::Bridges]
        } else {
            every.clone()
        };
        let players = 2 + seed as usize % 5;
        let s = setup(players, FarmRule::PerFarm, &sets);
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let build = Action::Castle { build: true };
        while !g.is_over() {
            let actions = g.legal_actions();
            if g.pending().decision == Decision::Castle {
                asked += 1;
                assert_eq!(actions, [build, Action::Castle { build: false }]);
                let seat = g.pending().seat;
                let last = g.tiles().len() - 1;
                assert!(
                    g.meeples().iter().any(|m| m.player as usize == seat
                        && m.figure.is_follower()
                        && g.segment_complete(m.tile_index as usize, m.segment as usize)
                        && (m.tile_index as usize == last
                            || Side::ALL
                                .iter()
                                .any(|&d| g.tiles()[m.tile_index as usize].pos.step(d)
                                    == g.tiles()[last].pos))),
                    "seed {seed}: seat {seat} asked without a follower in a city the tile completed"
                );
                assert!(g.castle_tokens(seat) > 0);
            }
            // Build most of the time, so that castles stand and score.
            let a = if actions.contains(&build) && rng.gen_bool(0.8) {
                build
            } else {
                actions[rng.gen_range(0..actions.len())]
            };
            let before = g.castles().len();
            let out = g.apply(a).expect("a listed action");
            built += usize::from(a == build);
            assert_eq!(g.castles().len(), before + usize::from(a == build));
            let castle_events: Vec<_> = out
                .events
                .iter()
                .filter(|e| e.reason == Reason::Castle)
                .collect();
            scored += castle_events.len();
            assert!(
                castle_events.len() <= before,
                "seed {seed}: {castle_events:?}"
            );
        }
        let tokens = if players <= 4 { 3 } else { 2 };
        for p in 0..players {
            let castles = g.castles().iter().filter(|c| c.1 == p).count();
            assert_eq!(g.castle_tokens(p) as usize + castles, tokens, "seed {seed}");
        }
        assert!(g
            .final_scoring()
            .events
            .iter()
            .all(|e| e.reason != Reason::Castle));
        conserved(&g);
        assert_eq!(replay(&g.record()).unwrap(), *g.game(), "seed {seed}");
    }
    assert!(
        asked > 20 && built > 10 && scored > 5,
        "{asked} asked, {built} built, {scored} scored"
    );
}

/// Bridges (Bridges, Castles & Bazaars) in random games, with the set alone and with every
/// other set: bridges laid on the tile placed and on a tile beside it, thieves on bridges, a
/// tile that fits only with a bridge placed rather than discarded, the bridges in hand and on
/// the board always the supply, every bridge across two edges that were fields, and records
/// that replay to the same game (the engine's own checks of each listed action run in debug
/// builds).
#[test]
fn bridges_are_laid_in_random_games() {
    let every = TileSet::EXPANSIONS.to_vec();
    let (mut on_tile, mut beside, mut thieves, mut needed) = (0, 0, 0, 0);
    for seed in 0..40u64 {
        let sets = if seed % 2 == 0 {
            vec![TileSet::Bridges]
        } else {
            every.clone()
        };
        let players = 2 + seed as usize % 5;
        let s = setup(players, FarmRule::PerFarm, &sets);
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let supply = if players <= 4 { 3 } else { 2 };
        while !g.is_over() {
            let actions = g.legal_actions();
            let a = actions[rng.gen_range(0..actions.len())];
            if let Action::PlaceBridge { at, on, .. } = a {
                if on == at {
                    on_tile += 1;
                } else {
                    beside += 1;
                }
                if !actions
                    .iter()
                    .any(|b| matches!(b, Action::Place { at: p, .. } if *p == at))
                {
                    needed += 1;
                }
            }
            let bridged = g.bridges().len();
            g.apply(a).expect("a listed action");
            if let Action::PlaceBridge { on, axis, .. } = a {
                assert_eq!(g.bridges().len(), bridged + 1, "seed {seed}: {a:?}");
                assert!(g.bridges().contains(&(on, axis)), "seed {seed}: {a:?}");
                if let Decision::Act { at } = g.pending().decision {
                    // A thief may stand on a bridge laid on the tile placed.
                    let thief = g.legal_actions().into_iter().find(|b| {
                        matches!(b, Action::Deploy { figure: Figure::Follower, spot: Spot::Road(side) }
                            if on == at && axis.sides().contains(side))
                    });
                    if let Some(t) = thief.filter(|_| rng.gen_bool(0.5)) {
                        g.apply(t).expect("a listed thief");
                        thieves += 1;
                    }
                }
            }
            let in_hand: usize = (0..players).map(|p| g.bridges_in_hand(p) as usize).sum();
            assert_eq!(in_hand + g.bridges().len(), supply * players, "seed {seed}");
        }
        for (at, axis) in g.bridges() {
            let t = g.board().tile_at(at).expect("a bridge lies on a tile");
            let (printed, _) = t.tile.get().bridge_of.expect("a tile with a bridge");
            for side in axis.sides() {
                let canonical =
                    Side::from_index(side as usize + 4 - t.rotation.quarter_turns() as usize);
                assert_eq!(
                    printed.get().edges[canonical as usize],
                    meeplebot::engine::EdgeKind::Field,
                    "seed {seed}: the bridge at {at} spans a field edge"
                );
            }
        }
        conserved(&g);
        assert_eq!(replay(&g.record()).unwrap(), *g.game(), "seed {seed}");
    }
    assert!(
        on_tile > 20 && beside > 20 && thieves > 5 && needed > 0,
        "{on_tile} on the tile placed, {beside} beside it, {thieves} thieves, {needed} needed"
    );
}

/// Bridges, Castles & Bazaars, the bazaars (§4 and case 13), in 40 random games of two to six
/// players, alone and with every set, a quarter of them without auction: a bazaar turns up one
/// tile per player after a bazaar tile from the stack, and only when the stack holds that many;
/// no bid is listed above the bidder's score; a deal moves points from one seat to another and
/// a bid nobody raised goes to nobody; every player takes one tile, and the round plays them
/// from the seat after the bazaar's, each turn beginning with its owner's tile; the records
/// replay.
#[test]
fn bazaars_run_in_random_games() {
    let every = TileSet::EXPANSIONS.to_vec();
    let (mut bazaars, mut raises, mut sold, mut bought, mut skipped) = (0, 0, 0, 0, 0);
    let total = |s: &[u32]| s.iter().map(|&x| u64::from(x)).sum::<u64>();
    for seed in 0..40u64 {
        let sets = if seed % 2 == 0 {
            vec![TileSet::Bridges]
        } else {
            every.clone()
        };
        let players = 2 + seed as usize % 5;
        let mut s = setup(players, FarmRule::PerFarm, &sets);
        let no_auction = seed % 4 == 3;
        if no_auction {
            s.rules.bazaar = meeplebot::engine::types::BazaarRule::NoAuction;
        }
        let mut g = LiveGame::new(s.clone(), shuffled_deck(&s.sets, seed)).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        // The seat that placed a bazaar tile from the stack, while its turn lasts.
        let mut placer: Option<usize> = None;
        // The seat whose tile of the bazaar comes next in its round.
        let mut next_in_round: Option<usize> = None;
        while !g.is_over() {
            let before = g.scores().to_vec();
            let decision = g.pending().decision;
            let seat = g.pending().seat;
            let actions = g.legal_actions();
            for a in &actions {
                match *a {
                    Action::Bazaar { bid, .. } | Action::Raise { bid } => {
                        assert!(
                            bid <= before[seat],
                            "seed {seed}: {a:?} over {}",
                            before[seat]
                        );
                        assert!(
                            !no_auction || bid == 0,
                            "seed {seed}: a bid without auction"
                        );
                    }
                    Action::Deal { .. } => assert!(!no_auction, "seed {seed}"),
                    _ => {}
                }
            }
            if decision == Decision::Abbey {
                // No abbey instead of a tile taken at the bazaar.
                let turn_of = g.pending().turn_of;
                assert!(
                    g.bazaar().is_none_or(|b| !b
                        .tiles
                        .iter()
                        .any(|t| t.owner == Some(turn_of) && !t.played)),
                    "seed {seed}: an abbey offered to a player holding a bazaar's tile"
                );
            }
            let a = actions[rng.gen_range(0..actions.len())];
            if let (Decision::PlaceTile { tile, .. }, Some(_)) = (decision, a.placed()) {
                if tile.get().symbols.bazaar && g.bazaar().is_none() {
                    placer = Some(g.pending().turn_of);
                }
            }
            let view = g.bazaar();
            let left = g.remaining_total();
            g.apply(a).expect("a listed action");
            let after = g.scores().to_vec();
            match a {
                Action::Raise { .. } => raises += 1,
                Action::Deal { buy } => {
                    assert_eq!(
                        total(&before),
                        total(&after),
                        "seed {seed}: a deal moves points"
                    );
                    if buy {
                        bought += 1
                    } else {
                        sold += 1
                    }
                }
                _ if matches!(decision, Decision::Bazaar | Decision::Raise) => {
                    assert!(
                        total(&after) <= total(&before),
                        "seed {seed}: an auction makes no points"
                    );
                }
                _ => {}
            }
            let now = g.bazaar();
            let began = now.as_ref().is_some_and(|b| {
                view.as_ref()
                    .is_none_or(|v| v.tiles.iter().all(|t| t.played))
                    && !b.tiles.iter().all(|t| t.played)
            });
            if began {
                bazaars += 1;
                let b = now.as_ref().expect("a bazaar");
                assert_eq!(b.tiles.len(), players, "seed {seed}: one tile per player");
                assert!(left as usize >= players, "seed {seed}: {left} tiles left");
                let p = placer.take().expect("a bazaar follows a bazaar tile");
                // After the whole turn, a builder's second one included (JCZ's order).
                assert_eq!(
                    g.pending().turn_of,
                    (p + 1) % players,
                    "seed {seed}: the auction's time"
                );
                next_in_round = Some((p + 1) % players);
            } else if let Some(p) = placer {
                if g.pending().turn_of != p || g.is_over() {
                    // The bazaar tile's turn is over and no bazaar came: too few tiles.
                    assert!(
                        (left as usize) < players,
                        "seed {seed}: no bazaar with {left} left"
                    );
                    skipped += 1;
                    placer = None;
                }
            }
            if let Some(b) = &now {
                // Each tile newly played begins its owner's turn, in the round's order.
                let was: Vec<bool> = match &view {
                    Some(v) if v.tiles.len() == b.tiles.len() => {
                        v.tiles.iter().map(|t| t.played).collect()
                    }
                    _ => vec![false; b.tiles.len()],
                };
                for (t, &w) in b.tiles.iter().zip(&was) {
                    if t.played && !w {
                        let owner = t.owner.expect("a played tile has its owner");
                        let want = next_in_round.expect("a round runs");
                        assert_eq!(owner, want, "seed {seed}: the round's order");
                        assert_eq!(g.pending().turn_of, owner, "seed {seed}: the owner's turn");
                        next_in_round = Some((want + 1) % players);
                    }
                }
                if b.chooser.is_none() {
                    let owners: std::collections::BTreeSet<_> =
                        b.tiles.iter().filter_map(|t| t.owner).collect();
                    assert_eq!(
                        owners.len(),
                        players,
                        "seed {seed}: every player takes one tile"
                    );
                }
            }
        }
        if let Some(b) = g.bazaar() {
            assert!(
                b.tiles.iter().all(|t| t.played),
                "seed {seed}: tiles of the bazaar left unplayed"
            );
        }
        let record = g.record();
        let replayed = replay(&record).expect("the record replays");
        assert_eq!(replayed.scores(), g.scores(), "seed {seed}");
    }
    // Whole random games as the live game plays them, the bazaars' tiles drawn by the bag
    // (after a flock's token too, which may end a turn).
    for seed in 0..12u64 {
        let s = setup(4, FarmRule::PerFarm, &every);
        let g = random_game(s, seed);
        assert!(g.is_over(), "seed {seed}: the game ends");
        replay(&g.record()).expect("the record replays");
    }
    assert!(bazaars >= 20, "{bazaars} bazaars");
    assert!(
        raises > 0 && sold > 0 && bought > 0,
        "{raises} raises, {sold} sold, {bought} bought"
    );
    eprintln!("{bazaars} bazaars, {skipped} bazaar tiles too late for one, {raises} raises, {sold} sold, {bought} bought");
}
