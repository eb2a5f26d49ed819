//! The slash commands the bot registers, checked against Discord's limits without a network.

use meeplebot::bot::framework_options;
use serde_json::Value;

fn registered() -> Vec<Value> {
    let opts = framework_options();
    poise::builtins::create_application_commands(&opts.commands)
        .into_iter()
        .map(|c| serde_json::to_value(c).unwrap())
        .collect()
}

fn check_name(v: &Value) {
    let name = v["name"].as_str().unwrap();
    assert!(
        (1..=32).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'),
        "bad name {name:?}"
    );
    let desc = v["description"].as_str().unwrap_or("");
    assert!(
        (1..=100).contains(&desc.chars().count()),
        "{name}: description {desc:?}"
    );
}

fn chars(v: &Value) -> usize {
    chars_in(v, None)
}

/// The characters Discord counts in one locale: each name, description and choice name in that
/// locale where it has one, else the default.
fn chars_in(v: &Value, locale: Option<&str>) -> usize {
    let text = |default: &Value, localized: &Value| -> usize {
        locale
            .and_then(|l| localized[l].as_str())
            .or(default.as_str())
            .map_or(0, |s| s.chars().count())
    };
    let own = text(&v["name"], &v["name_localizations"])
        + text(&v["description"], &v["description_localizations"]);
    let choices: usize = v["choices"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .map(|c| text(&c["name"], &c["name_localizations"]) + c["value"].to_string().len())
                .sum()
        })
        .unwrap_or(0);
    own + choices
        + v["options"]
            .as_array()
            .map_or(0, |o| o.iter().map(|o| chars_in(o, locale)).sum())
}

#[test]
fn sets_commands_of_their_own_autocomplete_within_discords_limits() {
    // `/carcassonne` has no room left: Abbey & Mayor's and Hills & Sheep's decisions are
    // commands of their own.
    let cmds = registered();
    let names: Vec<&str> = cmds.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "carcassonne",
            "abbey",
            "wagon",
            "flock",
            "castle",
            "bridge",
            "bazaar",
            "tournament"
        ]
    );
    for cmd in &cmds[1..7] {
        check_name(cmd);
        let options = cmd["options"].as_array().unwrap();
        for o in options {
            check_name(o);
            assert_eq!(o["autocomplete"], true, "{}: only legal choices", o["name"]);
            for locale in ["de", "fr", "pl", "es-ES", "es-419"] {
                let name = o["name_localizations"][locale].as_str().unwrap();
                assert!(!name.is_empty() && name.chars().count() <= 32);
            }
        }
        assert!(chars(cmd) <= 8000);
        let required: Vec<bool> = options.iter().map(|o| o["required"] == true).collect();
        assert!(required[0], "{}: where is required", cmd["name"]);
    }
    assert_eq!(
        cmds[1]["options"].as_array().unwrap().len(),
        2,
        "abbey: at, figure"
    );
    assert_eq!(cmds[2]["options"].as_array().unwrap().len(), 1, "wagon: to");
    assert_eq!(
        cmds[3]["options"].as_array().unwrap().len(),
        1,
        "flock: choice"
    );
    assert_eq!(
        cmds[5]["options"].as_array().unwrap().len(),
        2,
        "bridge: placement, figure"
    );
    assert_eq!(
        cmds[6]["options"].as_array().unwrap().len(),
        1,
        "bazaar: answer"
    );
}

#[test]
fn one_parent_command_with_every_subcommand_within_discords_limits() {
    let cmds = registered();
    let root = &cmds[0];
    assert_eq!(root["name"], "carcassonne");
    check_name(root);
    let subs = root["options"].as_array().unwrap();
    assert!(subs.len() <= 25);
    let names: Vec<&str> = subs.iter().map(|s| s["name"].as_str().unwrap()).collect();
    for want in [
        "new", "join", "leave", "start", "place", "board", "status", "mygames", "rules", "resign",
        "abort", "export", "history", "help", "ransom", "dragon",
    ] {
        assert!(names.contains(&want), "missing subcommand {want}");
    }
    // Subcommands, and the subcommands of groups (type 2, one level deep).
    let mut leaves = Vec::new();
    for sub in subs {
        check_name(sub);
        if sub["type"] == 2 {
            let inner = sub["options"].as_array().unwrap();
            assert!(!inner.is_empty() && inner.len() <= 25);
            for s in inner {
                check_name(s);
                assert_eq!(s["type"], 1, "a group holds subcommands");
                leaves.push(s.clone());
            }
        } else {
            assert_eq!(sub["type"], 1, "subcommands are type 1 or groups (2)");
            leaves.push(sub.clone());
        }
    }
    for sub in &leaves {
        let options = sub["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25);
        for o in &options {
            check_name(o);
            let choices = o["choices"].as_array().map_or(0, |c| c.len());
            assert!(choices <= 25);
            assert!(
                !(o["autocomplete"] == true && choices > 0),
                "{}: autocomplete and choices cannot be combined",
                o["name"]
            );
        }
    }
    // Discord counts the 8,000 characters per locale, localized texts in place of the defaults.
    for locale in ["de", "fr", "pl", "es-ES", "es-419"] {
        let n = chars_in(root, Some(locale));
        assert!(n <= 8000, "{locale}: {n} characters");
    }
    assert!(chars(root) <= 8000, "{} characters", chars(root));
    // place: x, y autocomplete; rotation has the four choices; follower autocompletes.
    let place = subs.iter().find(|s| s["name"] == "place").unwrap();
    let opt = |n: &str| {
        place["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == n)
            .unwrap()
            .clone()
    };
    assert_eq!(opt("x")["autocomplete"], true);
    assert_eq!(opt("y")["autocomplete"], true);
    assert_eq!(opt("rotation")["choices"].as_array().unwrap().len(), 4);
    assert_eq!(opt("follower")["autocomplete"], true);
    assert_eq!(opt("x")["required"], true);
    assert_ne!(opt("follower")["required"], true);
}

#[test]
fn the_tournament_command_group_fits_discords_limits_in_every_language() {
    let cmds = registered();
    let t = cmds.iter().find(|c| c["name"] == "tournament").unwrap();
    check_name(t);
    let subs = t["options"].as_array().unwrap();
    let names: Vec<&str> = subs.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "create", "signup", "withdraw", "begin", "overview", "drop", "replace", "pause",
            "resume", "cancel", "seasons"
        ]
    );
    assert!(subs.len() <= 25);
    for sub in subs {
        check_name(sub);
        assert_eq!(sub["type"], 1, "subcommands only");
        let options = sub["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25);
        for o in &options {
            check_name(o);
            assert!(o["choices"].as_array().map_or(0, |c| c.len()) <= 25);
            for locale in ["de", "fr", "pl", "es-ES", "es-419"] {
                let name = o["name_localizations"][locale].as_str().unwrap();
                assert!(!name.is_empty() && name.chars().count() <= 32);
            }
        }
    }
    let create = subs.iter().find(|s| s["name"] == "create").unwrap();
    let required: Vec<&str> = create["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["required"] == true)
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(required, ["name", "format"]);
    for locale in ["de", "fr", "pl", "es-ES", "es-419"] {
        let n = chars_in(t, Some(locale));
        assert!(n <= 8000, "{locale}: {n} characters");
    }
    assert!(chars(t) <= 8000, "{} characters", chars(t));
    // Its subcommands' names are its own: none shadows one of `/carcassonne`'s.
    let root: Vec<&str> = cmds[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().all(|n| !root.contains(n)), "{names:?}");
}
