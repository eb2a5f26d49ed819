//! The tile catalog against the aggregate counts of tiles.md (§0) and its structural rules.

use meeplebot::engine::tiles::{catalog, EdgeKind, Goods, TileSet};
use meeplebot::engine::{Half, Rotation, Side};

#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    tiles: u32,
    city_edges: u32,
    road_edges: u32,
    field_edges: u32,
    river_edges: u32,
    city_segments: u32,
    road_segments: u32,
    field_segments: u32,
    cloisters: u32,
    pennants: u32,
}

fn counts(set: TileSet) -> Counts {
    let mut c = Counts::default();
    for t in catalog().set(set) {
        let n = t.count as u32;
        c.tiles += n;
        for e in t.edges {
            match e {
                EdgeKind::City => c.city_edges += n,
                EdgeKind::Road => c.road_edges += n,
                EdgeKind::Field => c.field_edges += n,
                EdgeKind::River => c.river_edges += n,
                EdgeKind::Abbey => {}
            }
        }
        c.city_segments += n * t.cities.len() as u32;
        c.road_segments += n * t.roads.len() as u32;
        c.field_segments += n * t.fields.len() as u32;
        c.cloisters += n * u32::from(t.cloister);
        c.pennants += n * t.cities.iter().map(|x| x.pennants as u32).sum::<u32>();
    }
    c
}

#[allow(clippy::too_many_arguments)]
fn row(
    t: u32,
    ce: u32,
    re: u32,
    fe: u32,
    we: u32,
    cs: u32,
    rs: u32,
    fs: u32,
    cl: u32,
    p: u32,
) -> Counts {
    Counts {
        tiles: t,
        city_edges: ce,
        road_edges: re,
        field_edges: fe,
        river_edges: we,
        city_segments: cs,
        road_segments: rs,
        field_segments: fs,
        cloisters: cl,
        pennants: p,
    }
}

#[test]
fn aggregate_counts_match_tiles_md() {
    assert_eq!(
        counts(TileSet::Base),
        row(72, 79, 94, 115, 0, 49, 62, 126, 6, 10)
    );
    assert_eq!(
        counts(TileSet::River),
        row(12, 5, 6, 15, 22, 4, 4, 28, 1, 0)
    );
    assert_eq!(
        counts(TileSet::Inns),
        row(18, 31, 24, 17, 0, 20, 18, 35, 1, 3)
    );
    assert_eq!(
        counts(TileSet::Traders),
        row(24, 52, 25, 19, 0, 29, 23, 56, 1, 0)
    );
    assert_eq!(
        counts(TileSet::Princess),
        row(30, 35, 41, 44, 0, 21, 27, 55, 2, 3)
    );
    assert_eq!(
        counts(TileSet::Tower),
        row(18, 22, 24, 26, 0, 15, 18, 37, 1, 1)
    );
    assert_eq!(
        counts(TileSet::Mayor),
        row(12, 19, 17, 12, 0, 12, 12, 29, 1, 6)
    );
    assert_eq!(
        counts(TileSet::Hills),
        row(18, 24, 18, 30, 0, 20, 13, 30, 2, 0)
    );
    assert_eq!(
        counts(TileSet::Bridges),
        row(12, 17, 10, 21, 0, 9, 9, 18, 2, 0)
    );
    let total: u32 = catalog().tiles.iter().map(|t| t.count as u32).sum();
    assert_eq!(total, 174 + 12 + 18 + 12);
}

/// Abbey & Mayor's barn corners (tiles.md §12: one field holds both half-edges of the corner)
/// against §0's oracle for every set, and its abbey tile: four edges that fit anything, one
/// cloister, not in the stack.
#[test]
fn barn_corners_and_the_abbey_match_tiles_md() {
    use meeplebot::engine::geom::Corner;
    let corners = |t: &meeplebot::engine::TileType| {
        Corner::ALL
            .iter()
            .filter(|c| {
                let [a, b] = c.halves();
                t.fields
                    .iter()
                    .any(|f| f.halves & (1 << a as u8) != 0 && f.halves & (1 << b as u8) != 0)
            })
            .count() as u32
    };
    let per_set = |set| -> (u32, u32) {
        catalog().set(set).fold((0, 0), |(all, tiles), t| {
            let c = corners(t);
            (
                all + t.count as u32 * c,
                tiles + t.count as u32 * u32::from(c > 0),
            )
        })
    };
    assert_eq!(per_set(TileSet::Base), (160, 58));
    assert_eq!(per_set(TileSet::River), (39, 11));
    assert_eq!(per_set(TileSet::Inns), (28, 11));
    assert_eq!(per_set(TileSet::Traders), (17, 9));
    assert_eq!(per_set(TileSet::Princess), (63, 23));
    assert_eq!(per_set(TileSet::Tower), (36, 13));
    assert_eq!(per_set(TileSet::Mayor), (19, 7));
    assert_eq!(per_set(TileSet::Hills), (32, 14));
    assert_eq!(per_set(TileSet::Bridges), (23, 7));
    let abbey = catalog().by_name("AM-AB").unwrap().get();
    assert_eq!(abbey.count, 0);
    assert_eq!(abbey.edges, [EdgeKind::Abbey; 4]);
    assert!(abbey.cloister && abbey.symbols.abbey);
    assert_eq!(abbey.segment_count(), 1);
    assert_eq!(sum_symbol(|t| t.symbols.well), 1);
    assert_eq!(
        sum_symbol(|t| t.set == TileSet::Mayor && t.symbols.tunnel),
        1
    );
}

fn sum_symbol(f: impl Fn(&meeplebot::engine::TileType) -> bool) -> u32 {
    catalog()
        .tiles
        .iter()
        .filter(|t| f(t))
        .map(|t| t.count as u32)
        .sum()
}

#[test]
fn type_counts_and_symbols_match_tiles_md() {
    let types = |s| catalog().set(s).count();
    assert_eq!(
        [
            TileSet::Base,
            TileSet::River,
            TileSet::Inns,
            TileSet::Traders,
            TileSet::Princess,
            TileSet::Tower,
            TileSet::Mayor,
            TileSet::Hills,
            TileSet::Bridges
        ]
        .map(types),
        [24, 10, 17, 24, 29, 17, 12 + 1, 16, 11]
    );
    assert_eq!(sum_symbol(|t| t.symbols.bazaar), 8);
    assert_eq!(sum_symbol(|t| t.symbols.hill), 8);
    assert_eq!(sum_symbol(|t| t.symbols.vineyard), 8);
    // HS-02's east city shares its north edge with the north-west city (tiles.md §12).
    let hs02 = catalog().by_name("HS-02").unwrap().get();
    assert_eq!(
        hs02.cities
            .iter()
            .map(|c| (c.sides, c.shares))
            .collect::<Vec<_>>(),
        [(0b1001, 0), (0b0010, 0b0001)]
    );
    let sum = |f: &dyn Fn(&meeplebot::engine::TileType) -> u32| -> u32 {
        catalog().tiles.iter().map(|t| t.count as u32 * f(t)).sum()
    };
    assert_eq!(
        sum(&|t| t.cities.iter().filter(|c| c.cathedral).count() as u32),
        2
    );
    // Inns & Cathedrals' six and the lakes of BB-09 and BB-11.
    assert_eq!(sum(&|t| t.roads.iter().filter(|r| r.inn).count() as u32), 8);
    // One-edge city segments and castle bases per set (tiles.md §0: a base touches one edge,
    // shares none and is not marked `no-castle`).
    let one_edge = |t: &meeplebot::engine::TileType| {
        t.cities
            .iter()
            .filter(|c| c.sides.count_ones() == 1)
            .count() as u32
    };
    let bases = |t: &meeplebot::engine::TileType| {
        (0..t.cities.len())
            .filter(|&i| {
                let c = &t.cities[i];
                c.sides.count_ones() == 1
                    && !c.no_castle
                    && c.shares == 0
                    && t.cities.iter().all(|o| o.shares & c.sides == 0)
            })
            .count() as u32
    };
    let per_set = |f: &dyn Fn(&meeplebot::engine::TileType) -> u32| {
        TileSet::ALL
            .into_iter()
            .filter(|&s| s != TileSet::Abbot)
            .map(|s| catalog().set(s).map(|t| t.count as u32 * f(t)).sum::<u32>())
            .collect::<Vec<_>>()
    };
    assert_eq!(per_set(&one_edge), [28, 3, 13, 8, 10, 10, 7, 16, 5]);
    assert_eq!(per_set(&bases), [28, 3, 12, 8, 9, 10, 5, 10, 4]);
    let goods = |g| sum(&|t| t.cities.iter().filter(|c| c.goods == Some(g)).count() as u32);
    assert_eq!(
        [goods(Goods::Wine), goods(Goods::Grain), goods(Goods::Cloth)],
        [9, 6, 5]
    );
    assert_eq!(sum(&|t| t.symbols.dragon as u32), 12);
    assert_eq!(sum(&|t| t.symbols.volcano as u32), 6);
    assert_eq!(sum(&|t| t.symbols.portal as u32), 6);
    assert_eq!(
        sum(&|t| t.cities.iter().filter(|c| c.princess).count() as u32),
        6
    );
    assert_eq!(sum(&|t| t.symbols.tower as u32), 18);
    assert_eq!(
        catalog()
            .tiles
            .iter()
            .map(|t| t.gardens as u32)
            .sum::<u32>(),
        8 + 1 + 2 + 2 + 2 + 2 + 1 + 1 + 1
    );
    let base_counts: Vec<u8> = catalog().set(TileSet::Base).map(|t| t.count).collect();
    assert_eq!(
        base_counts,
        [2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1]
    );
}

/// Every city edge belongs to exactly one city segment, every road edge to one road segment, every
/// half-edge beside a road, river or field to one field, and no field touches a city edge.
#[test]
fn segments_cover_edges_exactly() {
    for t in &catalog().tiles {
        for s in Side::ALL {
            let bit = 1u8 << s as u8;
            let cities = t.cities.iter().filter(|c| c.sides & bit != 0).count();
            let roads = t.roads.iter().filter(|r| r.sides & bit != 0).count();
            let e = t.edges[s as usize];
            assert_eq!(
                cities,
                usize::from(e == EdgeKind::City),
                "{} {:?} city",
                t.id,
                s
            );
            assert_eq!(
                roads,
                usize::from(e == EdgeKind::Road),
                "{} {:?} road",
                t.id,
                s
            );
            for h in [
                Half::from_index(2 * s as usize),
                Half::from_index(2 * s as usize + 1),
            ] {
                if e == EdgeKind::Abbey {
                    continue;
                }
                let fields = t
                    .fields
                    .iter()
                    .filter(|f| f.halves & (1 << h as u8) != 0)
                    .count();
                assert_eq!(
                    fields,
                    usize::from(e != EdgeKind::City),
                    "{} {:?} field",
                    t.id,
                    h
                );
            }
        }
        // Only AM-02 has two inner fields (tiles.md §16: JCZ merges its four grass patches
        // into two).
        let inner = t.fields.iter().filter(|f| f.halves == 0).count();
        assert!(inner <= 1 || (t.id == "AM-02" && inner == 2), "{}", t.id);
        for r in Rotation::ALL {
            let v = t.view(r);
            for s in Side::ALL {
                assert_eq!(v.edges[s.rotate(r) as usize], t.edges[s as usize]);
            }
        }
    }
}

#[test]
fn ids_are_unique_and_found() {
    for t in &catalog().tiles {
        assert_eq!(catalog().by_name(t.id), Some(t.index));
        assert_eq!(catalog().tiles.iter().filter(|u| u.id == t.id).count(), 1);
    }
    assert_eq!(catalog().by_name("rv-04").map(|t| t.name()), Some("RV-04"));
    assert!(catalog().by_name("Z").is_none());
}

/// Every segment of a city or road touches its own side, so a tile has at most four of them
/// (the engine's scoring keeps them in a four-slot array).
#[test]
fn at_most_four_cities_and_roads_per_tile() {
    for t in &catalog().tiles {
        assert!(
            t.field_base() <= 4,
            "{} has {} cities and roads",
            t.id,
            t.field_base()
        );
    }
}
