//! The page's files, built into the binary: the HTML (made per request, with its texts in the
//! viewer's language), the script and the style.

use super::VERSION;
use crate::i18n::Lang;
use crate::service::web::WebGame;
use crate::tr;

const APP_JS: &str = include_str!("static/app.js");
const STYLE_CSS: &str = include_str!("static/style.css");
/// The Activity's entry point: the SDK's handshake, then the game's page.
const ACTIVITY_JS: &str = include_str!("static/activity.js");
/// Discord's Embedded App SDK, bundled by `web-sdk/build.sh` (its licences beside it).
const DISCORD_SDK_JS: &str = include_str!("static/discord-sdk.js");
/// The licences of what [`DISCORD_SDK_JS`] bundles.
const DISCORD_SDK_LICENSES: &str = include_str!("static/discord-sdk.LICENSES.txt");

/// The texts of the Activity's entry point.
const ACTIVITY_STRINGS: [&str; 4] = [
    "activity-connecting",
    "activity-no-game",
    "activity-refused",
    "activity-failed",
];

/// Which page of a game: the public one, a seat's personal one, or the one inside the
/// Activity (which moves for the seat the Activity's session gave, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// `/g/<token>`: read only.
    View,
    /// `/p/<secret>`: the script reads the secret from the page's address.
    Play,
    /// `/activity/g/<token>`: the script reads the secret from the tab's session storage;
    /// the page's files are named relative to it (Discord's proxy may serve it under a prefix).
    Activity,
}

/// The keys of the texts the script shows.
const STRINGS: [&str; 35] = [
    "web-turn",
    "web-start",
    "web-tiles-left",
    "web-kinds",
    "web-prev",
    "web-next",
    "web-zoom-in",
    "web-zoom-out",
    "web-fit",
    "web-live",
    "web-reconnecting",
    "web-gone",
    "web-tile",
    "web-nothing",
    "web-help",
    "web-board",
    "web-scores",
    "web-language",
    "web-play-you",
    "web-play-choose",
    "web-play-wait",
    "web-play-sent",
    "web-play-lost",
    "web-play-place",
    "web-play-changed",
    "web-play-slow",
    "web-play-confirm",
    "web-play-vote",
    "web-review",
    "web-review-move",
    "web-tournament",
    "web-tournament-round",
    "web-tournament-winner",
    "web-tournament-earlier",
    "web-tournament-bye",
];

/// A built-in file by name: its type and its bytes.
pub(super) fn file(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "style.css" => Some(("text/css; charset=utf-8", STYLE_CSS)),
        "activity.js" => Some(("text/javascript; charset=utf-8", ACTIVITY_JS)),
        "discord-sdk.js" => Some(("text/javascript; charset=utf-8", DISCORD_SDK_JS)),
        "discord-sdk.LICENSES.txt" => Some(("text/plain; charset=utf-8", DISCORD_SDK_LICENSES)),
        _ => None,
    }
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The texts `keys` in `lang`, as the JSON of a `<script>` data block.
fn strings_json(keys: &[&str], text: impl Fn(&str) -> String) -> String {
    let strings: serde_json::Map<String, serde_json::Value> = keys
        .iter()
        .map(|k| (k.to_string(), serde_json::Value::String(text(k))))
        .collect();
    // Inside a <script> data block: no `<` may close it.
    serde_json::Value::Object(strings)
        .to_string()
        .replace('<', "\\u003c")
}

/// The Activity's entry point in `lang`, for the application `client_id`. Its files are
/// named relative to it, so that it works wherever Discord's proxy serves it.
pub(super) fn activity_html(client_id: &str, lang: Lang) -> String {
    let strings = strings_json(&ACTIVITY_STRINGS, |k| tr!(lang, k));
    format!(
        r#"<!doctype html>
<html lang="{code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="assets/{VERSION}/style.css">
</head>
<body data-client="{client}" data-lang="{code}" class="activity">
<main><p id="activitysay" role="status" aria-live="polite">{connecting}</p></main>
<script type="application/json" id="strings">{strings}</script>
<script src="assets/{VERSION}/discord-sdk.js"></script>
<script type="module" src="assets/{VERSION}/activity.js"></script>
</body>
</html>
"#,
        code = lang.code(),
        title = esc(&tr!(lang, "web-title")),
        client = esc(client_id),
        connecting = esc(&tr!(lang, "activity-connecting")),
    )
}

/// The page of game `g` in `lang`, as `mode` says: the public page, or one that can move (the
/// script finds the secret in the page's address or, in the Activity, in the tab's session
/// storage, and sends it only in a header).
pub(super) fn page_html(g: &WebGame, token: &str, lang: Lang, mode: Mode) -> String {
    let play = mode != Mode::View;
    // The page's own files: from the root, or (in the Activity) relative to the page.
    let root = if mode == Mode::Activity { "../.." } else { "" };
    // Placeholders stay placeholders: the script fills them in.
    let text = |key: &str| match key {
        "web-turn" => tr!(lang, key, n = "{n}", total = "{total}"),
        "web-tiles-left" => tr!(lang, key, n = "{n}"),
        "web-play-vote" => tr!(lang, key, name = "{name}"),
        "web-review-move" => tr!(lang, key, gain = "{gain}"),
        "web-tournament" => tr!(lang, key, name = "{name}"),
        "web-tournament-round" => tr!(lang, key, round = "{round}", rounds = "{rounds}"),
        "web-tournament-winner" => tr!(lang, key, name = "{name}"),
        "web-tournament-earlier" => tr!(lang, key, round = "{round}"),
        "web-tournament-bye" => tr!(lang, key, names = "{names}"),
        "web-tile" => tr!(
            lang,
            key,
            tile = "{tile}",
            x = "{x}",
            y = "{y}",
            turn = "{turn}"
        ),
        _ => tr!(lang, key),
    };
    let strings = strings_json(&STRINGS, text);
    let languages: String = Lang::ALL
        .iter()
        .map(|l| {
            format!(
                "<option value=\"{code}\"{sel}>{name}</option>",
                code = l.code(),
                sel = if *l == lang { " selected" } else { "" },
                name = esc(l.native_name())
            )
        })
        .collect();
    let sets = esc(&g.stored.sets.join(" · "));
    format!(
        r#"<!doctype html>
<html lang="{code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>{title} · {sets}</title>
<link rel="stylesheet" href="{root}/assets/{VERSION}/style.css">
</head>
<body data-token="{token}" data-version="{VERSION}" data-lang="{code}"{play}{activity}>
<header>
<h1>{title} <small>{sets}</small></h1>
<p id="status" aria-live="polite"></p>
<span id="conn" role="status"></span>
<label class="lang">{language} <select id="lang">{languages}</select></label>
</header>
<main>
<div id="board" tabindex="0" role="img" aria-label="{board}"><div id="world"></div></div>
<aside id="panel" aria-label="{scores}">
<ol id="seats"></ol>
<p id="left"></p>
<p id="table" class="hold"></p>
<details id="kinds"><summary>{kinds}</summary><div id="kindlist"></div></details>
</aside>
</main>
<footer>
<section id="play" aria-live="polite" hidden>
<p id="playsay"></p>
<div id="choices"></div>
<div class="playbar">
<button id="back" type="button" hidden>{back}</button>
<button id="rotate" type="button" data-rotate hidden>↻ {rotate}</button>
<button id="confirm" type="button" data-confirm hidden>{confirm}</button>
<button id="undo" type="button" data-undo hidden>↶ {undo}</button>
</div>
<p id="vote" hidden><span id="votesay"></span>
<button id="agree" type="button" data-vote="agree" hidden>{agree}</button>
<button id="refuse" type="button" data-vote="refuse" hidden>{refuse}</button></p>
</section>
<p id="line" aria-live="polite"></p>
<div class="steps">
<button id="prev" type="button" aria-label="{prev}" title="{prev}">◀</button>
<input id="turn" type="range" min="0" max="0" value="0" aria-label="{turn_label}">
<button id="next" type="button" aria-label="{next}" title="{next}">▶</button>
<span id="turnno"></span>
<span class="zoom">
<button id="zin" type="button" aria-label="{zin}" title="{zin}">+</button>
<button id="zout" type="button" aria-label="{zout}" title="{zout}">−</button>
<button id="fit" type="button" aria-label="{fit}" title="{fit}">⤢</button>
</span>
</div>
<p id="help">{help}</p>
<noscript><p>{noscript}</p></noscript>
</footer>
<div id="info" role="tooltip" hidden></div>
<script type="application/json" id="strings">{strings}</script>
<script type="module" src="{root}/assets/{VERSION}/app.js"></script>
</body>
</html>
"#,
        code = lang.code(),
        title = esc(&tr!(lang, "web-title")),
        token = esc(token),
        language = esc(&tr!(lang, "web-language")),
        board = esc(&tr!(lang, "web-board")),
        scores = esc(&tr!(lang, "web-scores")),
        kinds = esc(&tr!(lang, "web-kinds")),
        prev = esc(&tr!(lang, "web-prev")),
        next = esc(&tr!(lang, "web-next")),
        turn_label = esc(&tr!(lang, "web-turn", n = "", total = "")),
        zin = esc(&tr!(lang, "web-zoom-in")),
        zout = esc(&tr!(lang, "web-zoom-out")),
        fit = esc(&tr!(lang, "web-fit")),
        help = esc(&tr!(lang, "web-help")),
        noscript = esc(&tr!(lang, "web-no-script")),
        play = if play { " data-play=\"1\"" } else { "" },
        activity = if mode == Mode::Activity {
            " data-activity=\"1\""
        } else {
            ""
        },
        back = esc(&tr!(lang, "web-play-back")),
        rotate = esc(&tr!(lang, "web-play-rotate")),
        confirm = esc(&tr!(lang, "web-play-confirm")),
        undo = esc(&tr!(lang, "web-play-undo")),
        agree = esc(&tr!(lang, "web-play-agree")),
        refuse = esc(&tr!(lang, "web-play-refuse")),
    )
}

#[cfg(test)]
mod tests {
    /// A `#rrggbb` colour of the style sheet: a custom property's value or a literal.
    fn colour(name: &str) -> [f64; 3] {
        let css = super::STYLE_CSS;
        let hex = if let Some(var) = name.strip_prefix("--") {
            let at = css.find(&format!("--{var}:")).expect(name);
            css[at..]
                .split(['#', ';'])
                .nth(1)
                .expect(name)
                .trim()
                .to_string()
        } else {
            assert!(css.contains(name), "{name} is not in the style sheet");
            name.trim_start_matches('#').to_string()
        };
        let v = u32::from_str_radix(&hex[..6], 16).expect(name);
        [v >> 16, (v >> 8) & 255, v & 255].map(|c| c as f64 / 255.0)
    }

    /// WCAG 2's contrast ratio of two colours.
    fn contrast(a: &str, b: &str) -> f64 {
        let lum = |c: [f64; 3]| {
            let l = c.map(|v| {
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            });
            0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        };
        let (x, y) = (lum(colour(a)), lum(colour(b)));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn every_text_meets_wcag_aa_contrast() {
        // Text on the page, the panel, a seat's row, a button, the tile box, a turn's badge.
        for (fg, bg) in [
            ("--text", "--bg"),
            ("--text", "--panel"),
            ("--label", "--bg"),
            ("--label", "--panel"),
            ("--label", "#2b3038"),
            ("--text", "#2b3038"),
            ("--text", "#3a404a"),
            ("--text", "#101216"),
            ("#101010", "#ffffff"),
            ("#6ce07a", "--panel"),
            ("--accent", "--panel"),
        ] {
            let c = contrast(fg, bg);
            assert!(c >= 4.5, "{fg} on {bg}: {c:.2}");
        }
    }

    #[test]
    fn every_text_of_the_script_is_in_every_catalog() {
        for lang in crate::i18n::Lang::ALL {
            for key in super::STRINGS.iter().chain(&super::ACTIVITY_STRINGS) {
                assert!(crate::i18n::has(lang, key), "{key} missing in {lang}");
            }
        }
    }
}
