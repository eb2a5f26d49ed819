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
        "postgres",
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
        "crate::web",
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
        "postgres",
        "image",
        "imageproc",
        "tiny_skia",
        "std::fs",
        "std::net",
        "crate::render",
        "crate::service",
        "crate::store",
        "crate::bot",
        "crate::web",
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
        "postgres",
        "crate::service",
        "crate::store",
        "crate::bot",
        "crate::web",
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
    let forbidden = [
        "serenity",
        "poise",
        "sled",
        "postgres",
        "crate::store",
        "crate::bot",
        "crate::web",
        "axum",
    ];
    let v = violations("service", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/service:\n{}",
        v.join("\n")
    );
}

#[test]
fn the_web_board_knows_no_discord() {
    // The web board is an adapter beside the bot: HTTP in, the service's pages out.
    let v = violations(
        "web",
        &["serenity", "poise", "crate::bot", "crate::store", "std::fs"],
    );
    assert!(
        v.is_empty(),
        "forbidden imports in src/web:\n{}",
        v.join("\n")
    );
    assert!(!violations("web", &["crate::service"]).is_empty());
}

#[test]
fn only_the_store_touches_a_database() {
    for module in ["engine", "ai", "render", "service", "bot", "web"] {
        let v = violations(module, &["sled", "postgres"]);
        assert!(
            v.is_empty(),
            "sled or postgres used outside src/store:\n{}",
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

/// The sibling modules of `src/<dir>` (files and folders, `mod.rs` aside) that each one names
/// through `super::` or `crate::<dir>::`.
fn sibling_imports(dir: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let mut names = Vec::new();
    for e in std::fs::read_dir(&root).unwrap().flatten() {
        let p = e.path();
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if stem != "mod" && (p.is_dir() || p.extension().is_some_and(|x| x == "rs")) {
            names.push(stem);
        }
    }
    names.sort();
    names.dedup();
    let prefixes = ["super::".to_string(), format!("crate::{dir}::")];
    let mut graph = std::collections::BTreeMap::new();
    for name in &names {
        let mut files = Vec::new();
        rust_files(&root.join(name), &mut files);
        files.push(root.join(format!("{name}.rs")));
        let mut deps = Vec::new();
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            // Unit tests (a `#[cfg(test)]` module at the end of a file) may use any helper.
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                for prefix in &prefixes {
                    for (i, _) in code.match_indices(prefix.as_str()) {
                        let rest = &code[i + prefix.len()..];
                        // `super::x::..`, `super::{x, y::..}`
                        let list = rest
                            .strip_prefix('{')
                            .map_or(rest, |r| r.split('}').next().unwrap_or(""));
                        for word in list.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                            if word != name
                                && names.iter().any(|n| n == word)
                                && !deps.contains(&word.to_string())
                            {
                                deps.push(word.to_string());
                            }
                            if rest.starts_with('{') {
                                continue;
                            }
                            break;
                        }
                    }
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

/// Pairs of sibling modules of `src/<dir>` that reach each other through their imports.
fn import_cycles(dir: &str) -> Vec<(String, String)> {
    let graph = sibling_imports(dir);
    let reaches = |from: &str, to: &str| {
        let mut seen = vec![from.to_string()];
        let mut stack = vec![from.to_string()];
        while let Some(m) = stack.pop() {
            for d in graph.get(&m).into_iter().flatten() {
                if d == to {
                    return true;
                }
                if !seen.contains(d) {
                    seen.push(d.clone());
                    stack.push(d.clone());
                }
            }
        }
        false
    };
    let mut cycles = Vec::new();
    for (m, deps) in &graph {
        for d in deps {
            if m < d && reaches(d, m) {
                cycles.push((m.clone(), d.clone()));
            }
        }
    }
    cycles
}

#[test]
fn the_service_modules_import_each_other_one_way() {
    // `mod.rs` dispatches to every part; the parts share buttons, texts and the stored game
    // through modules of their own instead of importing each other.
    let graph = sibling_imports("service");
    assert!(graph["play"].contains(&"buttons".to_string()), "{graph:?}");
    let cycles = import_cycles("service");
    assert!(
        cycles.is_empty(),
        "import circles in src/service: {cycles:?}"
    );
    assert!(import_cycles("ai").is_empty());
}

#[test]
fn the_check_catches_a_forbidden_import() {
    // The scanner must be able to fail: main.rs uses clap, so scanning all of src/ for it hits.
    assert!(!violations("", &["clap"]).is_empty());
}

#[test]
fn tiny_skia_draws_only_vectors_and_the_compositor_is_image_and_imageproc() {
    // Vector drawing (the built-in tile art, figure sprites, the sets' tokens in their modules
    // under render/sets/, the score graph's lines) and the one conversion into `image`
    // buffers; everything else is composited with image/imageproc.
    let allowed = ["art.rs", "sprites.rs", "graph.rs", "canvas.rs"];
    let v: Vec<String> = violations("", &["tiny_skia"])
        .into_iter()
        .filter(|hit| {
            let file = hit.split(':').next().unwrap_or("");
            let path = Path::new(file);
            let in_render = path.parent().is_some_and(|d| d.ends_with("src/render"));
            let set_token = path
                .parent()
                .is_some_and(|d| d.ends_with("src/render/sets"));
            let vector_file = in_render
                && path
                    .file_name()
                    .is_some_and(|n| allowed.iter().any(|a| n == *a));
            !(set_token || vector_file)
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

/// The message catalogs are a leaf: every layer takes its texts from them, they take nothing.
#[test]
fn i18n_depends_on_no_other_module() {
    let forbidden = [
        "crate::engine",
        "crate::ai",
        "crate::render",
        "crate::service",
        "crate::store",
        "crate::bot",
        "crate::config",
        "tokio",
        "serenity",
        "poise",
    ];
    let v = violations("i18n", &forbidden);
    assert!(
        v.is_empty(),
        "forbidden imports in src/i18n:\n{}",
        v.join("\n")
    );
}

#[test]
fn no_import_circles_between_files() {
    // Every folder of src/ with modules: no two files (or sub-folders) reach each other through
    // their imports (unit-test modules aside). Shared constants and keys live in leaf modules
    // (`render/layout.rs`, `render/sprite_key.rs`); the record form of a game is `record.rs`'s.
    let mut found = Vec::new();
    for dir in [
        "engine",
        "engine/game",
        "engine/expansions",
        "ai",
        "render",
        "render/sets",
        "service",
        "service/sets",
        "bot",
        "bot/commands",
        "store",
        "i18n",
    ] {
        for (a, b) in import_cycles(dir) {
            found.push(format!("src/{dir}: {a} <-> {b}"));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn one_place_turns_a_reply_into_a_discord_message() {
    // Every Discord message the bot sends is built in src/bot/deliver.rs from the one set of
    // parts of a reply (text, privacy, mentions, buttons, files).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let builders = [
        "CreateReply::default",
        "CreateMessage::new",
        "CreateInteractionResponseMessage::new",
        "CreateInteractionResponseFollowup::new",
    ];
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for b in builders {
            if text.contains(b) {
                found.push(format!("{} builds {b}", f.display()));
            }
        }
    }
    assert!(
        !found.is_empty() && found.iter().all(|f| f.contains("src/bot/deliver.rs")),
        "{found:#?}"
    );
}

#[test]
fn the_game_calls_the_sets_through_the_hook_table() {
    // A set's module (`engine/expansions/<set>.rs`) is called from the hook table alone: the
    // turn's actions, the legal-action listing, the read-only views of the game and the River's
    // check of a stored draw order all go through it.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let sets = ["river", "inns", "traders", "abbot", "tower", "princess"];
    let allowed = ["engine/game/hooks.rs"];
    let mut found = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(root.parent().unwrap())
            .unwrap()
            .to_string_lossy()
            .to_string();
        if rel.starts_with("engine/expansions/") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        // A call `tower::…`, or an import of a set's module among others
        // (`expansions::{abbot, …}`); the table's own functions (`expansions::tile_counts`) are
        // no set's.
        let calls = sets.iter().any(|s| {
            let grouped = regex::Regex::new(&format!(r"expansions::\{{[^}}]*\b{s}\b")).unwrap();
            text.lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .any(|l| l.contains(&format!("{s}::")) || grouped.is_match(l))
        });
        if calls {
            found.push(rel);
        }
    }
    found.sort();
    assert!(
        found.contains(&"engine/game/hooks.rs".to_string()),
        "{found:?}"
    );
    let outside: Vec<&String> = found
        .iter()
        .filter(|f| !allowed.contains(&f.as_str()))
        .collect();
    assert!(
        outside.is_empty(),
        "set modules called around the hook table: {outside:?}"
    );
}

/// The words that name each set in code, as regular expressions over a line without its
/// comment (the set's name, its figures, tokens, tiles' symbols, actions and errors).
const SET_WORDS: [(&str, &str); 9] = [
    ("river", r"(?i)river|\blake\b|spring"),
    ("inns", r"(?i)\binns?\b|cathedral"),
    (
        "traders",
        r"(?i)traders|\bbuilders?\b|\bpigs?\b|\bgoods\b|\bwine\b|\bgrain\b|\bcloth\b",
    ),
    ("abbot", r"(?i)abbot|garden"),
    ("tower", r"(?i)tower|prisoner|ransom"),
    ("princess", r"(?i)princess|dragon|fairy|volcano|portal"),
    ("mayor", r"(?i)mayor|\babbeys?\b|\bwagons?\b|\bbarns?\b"),
    ("hills", r"(?i)\bhills?\b|vineyards?|shepherds?|\bsheep\b"),
    ("bridges", r"(?i)\bbridges\b|castles?|bazaars?"),
];

/// The files of `src/` whose code (comments and unit-test modules aside) names the set, for
/// each set of [`SET_WORDS`].
fn files_naming_each_set() -> Vec<(&'static str, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    // Builders of other crates (`ClientBuilder::new`, `.builder()`) are not the set's figure,
    // nor is the crate `tower_service` (HTTP services) the Tower.
    let other_builders =
        regex::Regex::new(r"(?i)\w+builder|(runtime::|\.|::)builder|\btower_service\b").unwrap();
    let code: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            let lines: Vec<String> = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .map(|l| other_builders.replace_all(l, "").to_string())
                .collect();
            let rel = f.strip_prefix(&root).unwrap().to_string_lossy().to_string();
            (rel, lines.join("\n"))
        })
        .collect();
    SET_WORDS
        .iter()
        .map(|(set, words)| {
            let re = regex::Regex::new(words).unwrap();
            let named = code
                .iter()
                .filter(|(_, text)| re.is_match(text))
                .map(|(f, _)| f.clone())
                .collect();
            (*set, named)
        })
        .collect()
}

#[test]
fn each_set_is_named_in_few_files() {
    // What a set adds lives in its module of each layer (`engine/expansions/<set>.rs`,
    // `service/sets/<set>.rs` ...), called through the layer's table; the generic code names no
    // set. The counts may only shrink: lower them when a set leaves a file. (Issue 38's aim is
    // at most 12 files each; docs/adding-a-set.md lists where each set still reaches.)
    let most = [
        ("river", 9),
        ("inns", 8),
        ("traders", 17),
        ("abbot", 26),
        ("tower", 17),
        ("princess", 16),
        // The engine's 11, and a module in each layer's table beside it: the service's words,
        // the bot's commands of their own (`/abbey`, `/wagon`), the pictures' abbey in hand; and
        // the lobby's list of the sets players may choose.
        ("mayor", 18),
        // The engine's vocabulary (the set, its symbols, its rule option, the shepherd, the
        // token and the choice of a flock, their refusals and log entries), its module, the
        // hook table, the record; the pictures' module and the shepherd's sprite; the
        // computer's shepherd; like Abbey & Mayor, a module in the service's table, the bot's
        // command of its own (`/flock`) and the lobby's list of the sets.
        ("hills", 16),
        // So far its castles: the engine's vocabulary (the set, the bazaar symbol, a castle
        // base, the castle's decision, action, reason, refusal and log entry), its module, the
        // registry, the hook table, the turn (the castles' choices before the scoring), the
        // scoring (a castle is no city; one more to farmers), and the other sets' rules a
        // castle changes, read from the table (a barn's farm; the dragon and a tower leave a
        // castle's lord alone, with the Tower's refusal in its words); above the engine, the
        // computer's choice, a module in the service's and the pictures' tables each and the
        // bot's command of its own (`/castle`); offered, the lobby's list of the sets.
        ("bridges", 23),
    ];
    let found = files_naming_each_set();
    let mut over = Vec::new();
    for ((set, files), (_, max)) in found.iter().zip(most) {
        if files.len() > max {
            over.push(format!(
                "{set}: {} files name it (at most {max}): {}",
                files.len(),
                files.join(" ")
            ));
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
    // The check can fail: the engine's set modules name their sets.
    let (_, tower) = &found[4];
    assert!(
        tower.iter().any(|f| f.ends_with("expansions/tower.rs")),
        "{tower:?}"
    );
}

#[test]
fn the_service_names_no_set_outside_its_set_modules() {
    // What a set adds to the service lives in its module (`service/sets/<set>.rs`): its words,
    // its buttons, and its own decisions (a ransom, a step of the dragon) with their typed
    // forms, checks, lines and prompts. The rest of the service names no set.
    let found = files_naming_each_set();
    let mut named = Vec::new();
    let mut set_modules = 0;
    for (set, files) in &found {
        for f in files {
            if f.starts_with("service/sets/") {
                set_modules += 1;
                continue;
            }
            // The tiles' descriptions name a cathedral and an inn among a city's and a
            // road's parts.
            if f.starts_with("service/") && !(f == "service/text.rs" && *set == "inns") {
                named.push(format!("{f} names {set}"));
            }
        }
    }
    assert!(named.is_empty(), "{named:?}");
    // The check can fail: the sets' own modules name their sets.
    assert!(set_modules >= 5, "{found:?}");
}

#[test]
fn the_narrow_parts_of_the_service_know_no_service() {
    // Members' settings, servers' settings and index, the standings, the channels' histories,
    // the jobs, the web board's links and pages and the metrics are types of their own with only
    // the storage and their cache; the move clocks borrow only the members' settings and the
    // pictures hold only the renderer: they name neither the service nor its games in memory.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    for part in [
        "members.rs",
        "standings.rs",
        "history.rs",
        "jobs.rs",
        "web.rs",
        "clock.rs",
        "metrics.rs",
        "pictures.rs",
        "server.rs",
    ] {
        let text = std::fs::read_to_string(root.join(part)).unwrap();
        let code: Vec<&str> = text
            .split("#[cfg(test)]")
            .next()
            .unwrap_or("")
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect();
        for word in ["Service", "Session", "Slot"] {
            let hit = code.iter().find(|l| {
                l.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| w == word)
            });
            assert!(hit.is_none(), "{part} names {word}: {hit:?}");
        }
        assert!(
            text.contains("Arc<dyn Storage>") || ["clock.rs", "pictures.rs"].contains(&part),
            "{part}"
        );
    }
    // The channels' games in memory and their writes hold the slots and the sessions, but know
    // neither the service nor what it answers: no replies, no texts, no pictures.
    let text = std::fs::read_to_string(root.join("sessions.rs")).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    for word in ["Service", "Reply", "tr!", "Renderer", "Pictures"] {
        let hit = code
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .find(|l| l.contains(word));
        assert!(hit.is_none(), "sessions.rs names {word}: {hit:?}");
    }
    assert!(code.contains("Arc<dyn Storage>") && code.contains("pub(super) struct Sessions"));
    // The service itself holds no storage: what it reads and writes goes through its parts.
    let text = std::fs::read_to_string(root.join("mod.rs")).unwrap();
    let start = text
        .find("pub struct Service {")
        .expect("the service's type");
    let fields = &text[start..start + text[start..].find("\n}").unwrap()];
    assert!(!fields.contains("Storage"), "{fields}");
}
