//! Every language the bot speaks: message catalogs in Project Fluent's format (`locales/<lang>/*.ftl`,
//! built into the binary), the language chosen for a text, and Discord's locale names.
//!
//! English is the reference catalog: every other language has the same keys with the same
//! placeholders (a test checks both). A key missing from a catalog falls back to English, so a
//! half-finished translation never shows a key name to a player.
//!
//! This module depends on nothing else in the crate; the renderer, the service and the Discord
//! layer all take their texts from it.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::cell::Cell;
use std::sync::OnceLock;

/// A language with a complete catalog (stored as its code: `"de"`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the reference catalog).
    #[default]
    En,
    /// German.
    De,
    /// French.
    Fr,
    /// Polish.
    Pl,
    /// Spanish.
    Es,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Fr, Lang::Pl, Lang::Es];

    /// The language's short code (`en`, `de`, ...), as stored and typed.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Pl => "pl",
            Lang::Es => "es",
        }
    }

    /// The language's name in itself (`Deutsch`).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Pl => "Polski",
            Lang::Es => "Español",
        }
    }

    /// Discord's locale names for this language (as used in command localizations).
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &["en-US", "en-GB"],
            Lang::De => &["de"],
            Lang::Fr => &["fr"],
            Lang::Pl => &["pl"],
            Lang::Es => &["es-ES", "es-419"],
        }
    }

    /// The language of a locale name such as Discord sends (`de`, `es-419`, `en-GB`) or a code;
    /// `None` for a language without a catalog.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// The files of one language's catalog, by name, built into the binary.
macro_rules! catalog_files {
    ($lang:literal) => {
        [
            (
                "commands.ftl",
                include_str!(concat!("../../locales/", $lang, "/commands.ftl")),
            ),
            (
                "game.ftl",
                include_str!(concat!("../../locales/", $lang, "/game.ftl")),
            ),
            (
                "server.ftl",
                include_str!(concat!("../../locales/", $lang, "/server.ftl")),
            ),
            (
                "votes.ftl",
                include_str!(concat!("../../locales/", $lang, "/votes.ftl")),
            ),
            (
                "archive.ftl",
                include_str!(concat!("../../locales/", $lang, "/archive.ftl")),
            ),
            (
                "web.ftl",
                include_str!(concat!("../../locales/", $lang, "/web.ftl")),
            ),
            (
                "league.ftl",
                include_str!(concat!("../../locales/", $lang, "/league.ftl")),
            ),
        ]
    };
}

/// The catalog files of each language, in [`Lang::ALL`] order.
const SOURCES: [&[(&str, &str)]; 5] = [
    &catalog_files!("en"),
    &catalog_files!("de"),
    &catalog_files!("fr"),
    &catalog_files!("pl"),
    &catalog_files!("es"),
];

type Bundle = FluentBundle<FluentResource>;

/// The parsed catalogs, one bundle per language.
fn bundles() -> &'static [Bundle; 5] {
    static BUNDLES: OnceLock<[Bundle; 5]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> Bundle {
    let id = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows plain text: no Unicode isolation marks around placeholders.
    bundle.set_use_isolating(false);
    for (name, source) in SOURCES[lang.index()] {
        // A syntax error is caught by the catalog tests; what parsed is still used.
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, errors)| {
            tracing::error!("locales/{lang}/{name}: {errors:?}");
            r
        });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!("locales/{lang}/{name}: {errors:?}");
        }
    }
    bundle
}

/// A value for a placeholder: text or a number (numbers choose plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, shown as it is.
    Text(String),
    /// A number.
    Num(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
num_arg!(u8, u16, u32, u64, usize, i32, i64);

/// The text of `key` in `lang` with its placeholders filled in; falls back to English when
/// `lang` lacks the key, and to the key itself when English does too (a bug the catalog tests
/// catch).
pub fn text(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    let fluent_args = (!args.is_empty()).then(|| {
        let mut a = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => a.set(*name, FluentValue::from(s.as_str())),
                Arg::Num(n) => a.set(*name, FluentValue::from(*n)),
            }
        }
        a
    });
    for l in [lang, Lang::En] {
        let bundle = &bundles()[l.index()];
        if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let s = bundle.format_pattern(pattern, fluent_args.as_ref(), &mut errors);
            if !errors.is_empty() {
                tracing::warn!("message {key} in {l}: {errors:?}");
            }
            return s.into_owned();
        }
    }
    tracing::warn!("no message {key}");
    key.to_string()
}

/// Whether `lang`'s own catalog has `key` (without falling back to English).
pub fn has(lang: Lang, key: &str) -> bool {
    bundles()[lang.index()].has_message(key)
}

/// The languages of the texts being made on this thread: the one of the person a private reply
/// goes to, and the one of public messages (the server's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Langs {
    /// For texts only the person who acted sees.
    pub private: Lang,
    /// For texts everyone in the channel sees.
    pub public: Lang,
}

thread_local! {
    static CURRENT: Cell<Langs> = const { Cell::new(Langs { private: Lang::En, public: Lang::En }) };
}

/// Runs `f` with `langs` as the languages of the texts it makes (see [`private`] and
/// [`public`]); the languages before are restored afterwards, also if `f` panics. Outside any
/// scope, both are English.
pub fn scope<T>(langs: Langs, f: impl FnOnce() -> T) -> T {
    struct Restore(Langs);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.set(self.0);
        }
    }
    let _restore = Restore(CURRENT.replace(langs));
    f()
}

/// Makes `langs` the languages of the texts made on this thread until the returned guard is
/// dropped (then the languages before come back): [`scope`] for code that cannot be a closure.
#[must_use = "the languages apply while the guard lives"]
pub fn enter(langs: Langs) -> Entered {
    Entered(CURRENT.replace(langs))
}

/// Restores the languages from before [`enter`] when dropped.
pub struct Entered(Langs);

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.set(self.0);
    }
}

/// The language of texts only the acting person sees.
pub fn private() -> Lang {
    CURRENT.get().private
}

/// The language of texts everyone in the channel sees.
pub fn public() -> Lang {
    CURRENT.get().public
}

/// A text in a language: `tr!(lang, "key")` or `tr!(lang, "key", name = value, ...)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::text(
            $lang,
            $key,
            &[$((stringify!($name), $crate::i18n::Arg::from($value))),*],
        )
    };
}

/// For tests: each catalog file's messages and the placeholders each uses.
#[cfg(test)]
mod check {
    use super::{Lang, SOURCES};
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    /// Message key → the variables its value and attributes name (`$name`).
    pub type Messages = BTreeMap<String, BTreeSet<String>>;

    /// The messages of a language, or the syntax errors of its files.
    pub fn messages(lang: Lang) -> Result<Messages, Vec<String>> {
        let mut out = Messages::new();
        let mut errors = Vec::new();
        for (name, source) in SOURCES[lang as usize] {
            let resource = match fluent_syntax::parser::parse(*source) {
                Ok(r) => r,
                Err((r, e)) => {
                    errors.extend(e.iter().map(|e| format!("{lang}/{name}: {e:?}")));
                    r
                }
            };
            for entry in resource.body {
                if let ast::Entry::Message(m) = entry {
                    let mut vars = BTreeSet::new();
                    if let Some(p) = &m.value {
                        pattern_vars(p, &mut vars);
                    }
                    for a in &m.attributes {
                        pattern_vars(&a.value, &mut vars);
                    }
                    if out.insert(m.id.name.to_string(), vars).is_some() {
                        errors.push(format!("{lang}/{name}: {} twice", m.id.name));
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }

    fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for e in &p.elements {
            if let ast::PatternElement::Placeable { expression } = e {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for v in variants {
                    pattern_vars(&v.value, vars);
                }
            }
            ast::Expression::Inline(i) => inline_vars(i, vars),
        }
    }

    fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_vars(a, vars);
                }
                for a in &arguments.named {
                    inline_vars(&a.value, vars);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_has_the_keys_and_placeholders_of_english() {
        let en = check::messages(Lang::En).expect("the English catalog parses");
        assert!(!en.is_empty());
        let mut problems = Vec::new();
        for lang in Lang::ALL {
            let m = match check::messages(lang) {
                Ok(m) => m,
                Err(e) => {
                    problems.extend(e);
                    continue;
                }
            };
            for (key, vars) in &en {
                match m.get(key) {
                    None => problems.push(format!("{lang}: no {key}")),
                    Some(v) if v != vars => {
                        problems.push(format!("{lang}: {key} uses {v:?}, English {vars:?}"))
                    }
                    Some(_) => {}
                }
            }
            for key in m.keys().filter(|k| !en.contains_key(*k)) {
                problems.push(format!("{lang}: {key} is not in English"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// Discord refuses a message of more than 2000 characters: the help is one message.
    #[test]
    fn the_help_fits_one_message_in_every_language() {
        for lang in Lang::ALL {
            let n = tr!(lang, "help").chars().count();
            assert!(n <= 2000, "{lang:?}: the help has {n} characters");
        }
    }

    #[test]
    fn scopes_nest_and_restore() {
        let de = Langs {
            private: Lang::De,
            public: Lang::Fr,
        };
        assert_eq!(private(), Lang::En);
        scope(de, || {
            assert_eq!((private(), public()), (Lang::De, Lang::Fr));
            let _ = std::panic::catch_unwind(|| {
                scope(Langs::default(), || panic!("inner"));
            });
            assert_eq!((private(), public()), (Lang::De, Lang::Fr));
        });
        assert_eq!(public(), Lang::En);
    }

    #[test]
    fn discord_locales_map_to_languages() {
        assert_eq!(Lang::from_locale("de"), Some(Lang::De));
        assert_eq!(Lang::from_locale("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("PL"), Some(Lang::Pl));
        assert_eq!(Lang::from_locale("ja"), None);
        for lang in Lang::ALL {
            for l in lang.discord_locales() {
                assert_eq!(Lang::from_locale(l), Some(lang));
            }
        }
    }

    #[test]
    fn texts_fill_placeholders_and_fall_back_to_english() {
        assert_eq!(
            tr!(Lang::De, "tiles-left", n = 1),
            "1 Plättchen übrig",
            "German"
        );
        assert_eq!(tr!(Lang::Pl, "tiles-left", n = 1), "1 płytka została");
        assert_eq!(tr!(Lang::Pl, "tiles-left", n = 3), "3 płytki zostały");
        assert_eq!(tr!(Lang::Pl, "tiles-left", n = 5), "5 płytek zostało");
        assert_eq!(tr!(Lang::En, "tiles-left", n = 2), "2 tiles left");
        assert_eq!(tr!(Lang::Fr, "no-such-key"), "no-such-key");
    }
}
