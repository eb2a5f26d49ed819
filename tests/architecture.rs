//! Module boundaries: the engine is pure rules and the renderer only draws.
//!
//! Fails if a forbidden crate or module is named in `src/engine` (async, I/O, Discord, storage,
//! images), in `src/ai` (anything but the engine) or in `src/render` (async, Discord, storage, the service layer),
//! and if an expansion imports the game (the game calls the expansions, never the reverse).

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Returns "file:line: text" for every line mentioning a forbidden path.
fn violations(module: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(module);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for bad in forbidden {
                let hit = code.contains(&format!("{bad}::"))
                    || code.contains(&format!("use {bad}"))
                    || code.contains(&format!("extern crate {bad}"));
                if hit {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn engine_is_pure() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sled",
        "image",
        "imageproc",
        "tiny_skia",
        "ab_glyph",
        "std::fs",
        "std::net",
        "std::thread",
        "crate::ai",
        "crate::render",
        "crate::service",
        "crate::store",
        "crate::bot",
    ];
    let v = violations("engine", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/engine:\n{}",
        v.join("\n")
    );
    // `async` is not a path; look for it separately.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(!text.contains("async fn"), "{} has async code", f.display());
    }
}

#[test]
fn ai_knows_only_the_engine() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sled",
        "image",
        "imageproc",
        "tiny_skia",
        "std::fs",
        "std::net",
        "crate::render",
        "crate::service",
        "crate::store",
        "crate::bot",
        "crate::config",
    ];
    let v = violations("ai", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/ai:\n{}",
        v.join("\n")
    );
}

#[test]
fn render_only_draws() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sled",
        "crate::service",
        "crate::store",
        "crate::bot",
    ];
    let v = violations("render", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/render:\n{}",
        v.join("\n")
    );
}

#[test]
fn service_knows_no_discord_and_no_sled() {
    let forbidden = ["serenity", "poise", "sled", "crate::store", "crate::bot"];
    let v = violations("service", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/service:\n{}",
        v.join("\n")
    );
}

#[test]
fn only_the_store_touches_sled() {
    for module in ["engine", "ai", "render", "service", "bot"] {
        let v = violations(module, &["sled"]);
        assert!(
            v.is_empty(),
            "sled used outside src/store:\n{}",
            v.join("\n")
        );
    }
}

#[test]
fn the_expansions_do_not_know_the_game() {
    // The game calls the expansions (through its hook table) and hands them the table and their
    // own state; an expansion that imported the game would bring the import circle back.
    let forbidden = ["crate::engine::game", "super::game", "super::super::game"];
    let v = violations("engine/expansions", &forbidden);
    assert!(
        v.is_empty(),
        "src/engine/expansions imports the game:\n{}",
        v.join("\n")
    );
    // The other direction is there, so the scan of a subfolder can fail.
    assert!(!violations("engine/game", &["crate::engine::expansions"]).is_empty());
}

#[test]
fn the_check_catches_a_forbidden_import() {
    // The scanner must be able to fail: main.rs uses clap, so scanning all of src/ for it hits.
    assert!(!violations("", &["clap"]).is_empty());
}

#[test]
fn tiny_skia_draws_only_vectors_and_the_compositor_is_image_and_imageproc() {
    // Vector drawing (the built-in tile art, figure sprites, the score graph's lines) and the
    // one conversion into `image` buffers; everything else is composited with image/imageproc.
    let allowed = ["art.rs", "sprites.rs", "graph.rs", "canvas.rs"];
    let v: Vec<String> = violations("", &["tiny_skia"])
        .into_iter()
        .filter(|hit| {
            let file = hit.split(':').next().unwrap_or("");
            let path = Path::new(file);
            let in_render = path.parent().is_some_and(|d| d.ends_with("src/render"));
            !(in_render
                && path
                    .file_name()
                    .is_some_and(|n| allowed.iter().any(|a| n == *a)))
        })
        .collect();
    assert!(
        v.is_empty(),
        "tiny-skia outside vector drawing:\n{}",
        v.join("\n")
    );
    // The compositor itself uses the owner's crates.
    let canvas =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render/canvas.rs"))
            .unwrap();
    assert!(canvas.contains("use image::") && canvas.contains("use imageproc::"));
}
