//! The slash commands: one parent, `/carcassonne`, with a subcommand per service command, and
//! a top-level command per set decision that did not fit under it (`/abbey`, `/wagon`,
//! `/flock`, `/castle`, `/bridge`), and `/tournament` for a server's tournaments.
//! The `///` comment of each command is its help text in Discord.

mod bridges;
mod hills;
mod info;
mod lobby;
mod mayor;
mod me;
mod play;
mod server;
mod tournament;

use super::{Context, Data, Error};
use crate::i18n::Lang;
use crate::tr;
use poise::serenity_prelude as serenity;

/// Play Carcassonne in this channel, turn by turn.
#[poise::command(
    slash_command,
    subcommands(
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::start",
        "play::place",
        "play::ransom",
        "play::dragon",
        "info::board",
        "info::status",
        "info::mygames",
        "info::rules",
        "play::undo",
        "play::resign",
        "play::comeback",
        "me::me",
        "server::settings",
        "server::moderate",
        "lobby::rematch",
        "info::standings",
        "play::abort",
        "info::export",
        "info::history",
        "info::replay",
        "info::help"
    ),
    subcommand_required
)]
async fn carcassonne(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The command tree with every name and description in each language of the catalogs (Discord
/// shows each user the names and help of their own locale; the interaction still carries the
/// English names the handlers read).
pub fn localized() -> Vec<poise::Command<Data, Error>> {
    let mut roots = top_level();
    for root in &mut roots {
        let base = format!("cmd-{}", root.name);
        localize(root, &base);
        let mut stack: Vec<&mut poise::Command<Data, Error>> =
            root.subcommands.iter_mut().collect();
        while let Some(sub) = stack.pop() {
            let base = format!("cmd-{}", sub.name);
            localize(sub, &base);
            stack.extend(sub.subcommands.iter_mut());
        }
    }
    roots
}

/// Every top-level command: `/carcassonne`, then the sets' commands of their own.
fn top_level() -> Vec<poise::Command<Data, Error>> {
    vec![
        carcassonne(),
        mayor::abbey(),
        mayor::wagon(),
        hills::flock(),
        bridges::castle(),
        bridges::bridge(),
        bridges::bazaar(),
        tournament::tournament(),
    ]
}

/// Every catalog key a command uses with the English text the code has for it: names,
/// descriptions, options and their choices. The English catalog must say the same.
pub fn english_texts() -> Vec<(String, String)> {
    let roots = top_level();
    let mut out = Vec::new();
    let mut add = |cmd: &poise::Command<Data, Error>, base: &str| {
        out.push((base.to_string(), cmd.name.clone()));
        out.push((
            format!("{base}-desc"),
            cmd.description.clone().unwrap_or_default(),
        ));
        for p in &cmd.parameters {
            let key = format!("{base}-{}", p.name);
            out.push((key.clone(), p.name.clone()));
            out.push((
                format!("{key}-desc"),
                p.description.clone().unwrap_or_default(),
            ));
            for (i, c) in p.choices.iter().enumerate() {
                out.push((format!("{key}-{i}"), c.name.clone()));
            }
        }
    };
    let mut stack: Vec<&poise::Command<Data, Error>> = roots.iter().collect();
    while let Some(cmd) = stack.pop() {
        add(cmd, &format!("cmd-{}", cmd.name));
        stack.extend(cmd.subcommands.iter());
    }
    out
}

/// A string option already typed in this interaction (for dependent autocomplete).
pub(super) fn typed_text(ctx: &Context<'_>, name: &str) -> Option<String> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.interaction
        .data
        .options()
        .into_iter()
        .find_map(|o| match o.value {
            serenity::ResolvedValue::String(s) if o.name == name => Some(s.to_string()),
            _ => None,
        })
}

/// The service's legal typed forms for the step `word` after `so_far`, filtered by `partial`.
pub(super) async fn step_choices(
    ctx: &Context<'_>,
    word: &'static str,
    so_far: String,
    partial: &str,
) -> Vec<serenity::AutocompleteChoice> {
    let service = ctx.data().service.clone();
    let key = crate::bot::key_of(ctx);
    let user = ctx.author().id.get();
    let choices =
        tokio::task::spawn_blocking(move || service.step_choices(key, user, word, &so_far))
            .await
            .unwrap_or_default();
    let partial = partial.trim().to_lowercase();
    let mut out: Vec<serenity::AutocompleteChoice> = choices
        .into_iter()
        .filter(|(text, label)| {
            text.to_lowercase().contains(&partial) || label.to_lowercase().contains(&partial)
        })
        .map(|(text, label)| {
            let name = if label.is_empty() || label == text {
                text.clone()
            } else {
                format!("{text} ({label})")
            };
            serenity::AutocompleteChoice::new(name.chars().take(100).collect::<String>(), text)
        })
        .collect();
    out.truncate(25);
    out
}

fn localize(cmd: &mut poise::Command<Data, Error>, base: &str) {
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for &locale in lang.discord_locales() {
            cmd.name_localizations
                .insert(locale.into(), tr!(lang, base));
            cmd.description_localizations
                .insert(locale.into(), tr!(lang, &format!("{base}-desc")));
            for p in &mut cmd.parameters {
                let key = format!("{base}-{}", p.name);
                p.name_localizations.insert(locale.into(), tr!(lang, &key));
                p.description_localizations
                    .insert(locale.into(), tr!(lang, &format!("{key}-desc")));
                for (i, c) in p.choices.iter_mut().enumerate() {
                    c.localizations
                        .insert(locale.into(), tr!(lang, &format!("{key}-{i}")));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_catalog_says_what_the_commands_say() {
        let texts = english_texts();
        assert!(texts.len() > 60, "{}", texts.len());
        let wrong: Vec<String> = texts
            .iter()
            .filter(|(key, text)| !crate::i18n::has(Lang::En, key) || tr!(Lang::En, key) != *text)
            .map(|(key, text)| format!("{key}: code {text:?}, catalog {:?}", tr!(Lang::En, key)))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// Discord refuses the whole registration when one localized name breaks its rules.
    #[test]
    fn localized_names_follow_discords_rules() {
        let roots = localized();
        let root = &roots[0];
        let mut problems = Vec::new();
        let mut check_name = |what: &str, locale: &str, name: &str| {
            let ok = (1..=32).contains(&name.chars().count())
                && name
                    .chars()
                    .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
                && name.to_lowercase() == name;
            if !ok {
                problems.push(format!("{what} in {locale}: {name:?}"));
            }
        };
        let mut all: Vec<&poise::Command<Data, Error>> = roots.iter().collect();
        let mut i = 0;
        while i < all.len() {
            let subs: Vec<_> = all[i].subcommands.iter().collect();
            all.extend(subs);
            i += 1;
        }
        let mut descriptions = Vec::new();
        for cmd in all {
            assert_eq!(cmd.name_localizations.len(), 5, "{}", cmd.name);
            for (locale, name) in &cmd.name_localizations {
                check_name(&cmd.name, locale, name);
            }
            descriptions.extend(cmd.description_localizations.values().cloned());
            for p in &cmd.parameters {
                assert_eq!(p.name_localizations.len(), 5, "{}", p.name);
                for (locale, name) in &p.name_localizations {
                    check_name(&p.name, locale, name);
                }
                descriptions.extend(p.description_localizations.values().cloned());
                for c in &p.choices {
                    descriptions.extend(c.localizations.values().cloned());
                }
            }
        }
        for d in descriptions {
            if !(1..=100).contains(&d.chars().count()) {
                problems.push(format!(
                    "description or choice of {} characters: {d:?}",
                    d.chars().count()
                ));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert_eq!(
            root.subcommands
                .iter()
                .find(|c| c.name == "place")
                .and_then(|c| c.name_localizations.get("de"))
                .map(String::as_str),
            Some("legen")
        );
    }
}
