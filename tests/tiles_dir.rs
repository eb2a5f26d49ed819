//! `tiles/` holds exactly the generated picture of every tile id in the catalog.

use meeplebot::engine::catalog;
use meeplebot::render::tile_png;
use std::collections::BTreeSet;
use std::path::Path;

fn pngs(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_tile_id_has_a_picture_and_nothing_else_is_there() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles");
    let want: BTreeSet<String> = catalog()
        .tiles
        .iter()
        .map(|t| format!("{}.png", t.id))
        .collect();
    assert_eq!(want.len(), 161);
    assert_eq!(pngs(&dir), want);
    let gardens: BTreeSet<String> = catalog()
        .tiles
        .iter()
        .filter(|t| t.gardens > 0)
        .map(|t| format!("{}.png", t.id))
        .collect();
    assert!(gardens.contains("E.png") && gardens.contains("RV-10.png"));
    assert_eq!(pngs(&dir.join("garden")), gardens);
}

#[test]
fn committed_pictures_are_what_the_generator_draws() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles");
    let mut stale = Vec::new();
    for t in &catalog().tiles {
        let committed = std::fs::read(dir.join(format!("{}.png", t.id))).unwrap();
        let img = image::load_from_memory(&committed).unwrap();
        assert_eq!((img.width(), img.height()), (192, 192), "{}", t.id);
        // Compare pixels, not bytes: the PNG encoder may change how it compresses.
        let drawn = image::load_from_memory(&tile_png(t, 192, false)).unwrap();
        if img.to_rgba8() != drawn.to_rgba8() {
            stale.push(t.id);
        }
    }
    assert!(
        stale.is_empty(),
        "regenerate with `meeplebot tiles --out tiles`: {stale:?}"
    );
}
