//! A game of one person against the computer, without Discord (`meeplebot play`): the game is
//! kept in a channel of its own, and the person plays it on the web board through a personal
//! link, exactly as a member of a server does (the same move path, records and storage).
//!
//! Started again over the same storage, the unfinished game goes on (a new link for the same
//! seat: links are kept by hash only, so an old one cannot be shown again); a finished one
//! makes way for a new game with the same choices.

use super::api::{Actor, Command, Locale, NewGame, Reply, Request};
use super::storage::Key;
use super::stored::Phase;
use super::Service;
use crate::ai::Level;
use crate::i18n::Lang;

/// The channel of the game `meeplebot play` keeps (guild 0, beside the demo's channels).
pub const SOLO: Key = Key {
    guild: 0,
    channel: 2,
};

/// The member id of the person who plays (no Discord user has it: Discord's ids are large).
pub const PERSON: u64 = 1;

/// Most computer players beside the person (a table of six).
pub const MOST_COMPUTERS: u8 = 5;

/// What a solo game is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloGame {
    /// The person's name, as the board and the turn lines show it.
    pub name: String,
    /// Sets besides the base game (record names: `river`, `inns`, ...).
    pub sets: Vec<String>,
    /// Computer players (1 to [`MOST_COMPUTERS`]).
    pub computers: u8,
    /// Their strength.
    pub level: Level,
    /// The language of the game's texts.
    pub lang: Lang,
    /// Start a new game even if one is being played (that one is aborted).
    pub fresh: bool,
}

/// A solo game ready to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloStarted {
    /// The person's personal link (`<web base>/p/<secret>`).
    pub link: String,
    /// Whether the game was already being played (and goes on).
    pub resumed: bool,
    /// Its computer players (a game that goes on keeps its own).
    pub computers: usize,
    /// Their strength.
    pub level: Level,
}

/// Why a solo game could not be made ready.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    /// The service has no web address to make links under.
    #[error("no web address to make the link under")]
    NoWeb,
    /// Not 1 to [`MOST_COMPUTERS`] computer players.
    #[error("--computers must be 1 to {MOST_COMPUTERS}, not {0}")]
    Computers(u8),
    /// A command of the game was refused, with why (a set's name, the storage).
    #[error("{0}")]
    Refused(String),
}

impl Service {
    /// Makes the solo game of [`SOLO`] ready to play at `now` (Unix seconds): the one being
    /// played goes on unless `game.fresh`, else a new one starts with the person in the first
    /// seat; either way the person gets a new personal link.
    pub fn solo_game(&self, game: &SoloGame, now: u64) -> Result<SoloStarted, SoloError> {
        if self.web_base().is_none() {
            return Err(SoloError::NoWeb);
        }
        if !(1..=MOST_COMPUTERS).contains(&game.computers) {
            return Err(SoloError::Computers(game.computers));
        }
        let ask = |command: Command| -> Reply {
            self.handle(Request {
                key: SOLO,
                actor: Actor {
                    id: PERSON,
                    name: game.name.clone(),
                    manager: true,
                    rights: Default::default(),
                },
                command,
                now,
                game: None,
                interaction: None,
                locale: Locale {
                    user: Some(game.lang),
                    server: Some(game.lang),
                },
            })
        };
        let refused = |r: Reply| -> Result<Reply, SoloError> {
            if r.ephemeral {
                Err(SoloError::Refused(r.text))
            } else {
                Ok(r)
            }
        };
        let phase = self.peek(SOLO, |s| s.stored.phase);
        let resumed = phase == Some(Phase::Playing) && !game.fresh;
        if !resumed {
            if phase.is_some() {
                // A lobby left open, or a game the person chose to leave behind.
                refused(ask(Command::Abort))?;
            }
            refused(ask(Command::New(NewGame {
                sets: Some(game.sets.clone()),
                computers: game.computers,
                level: Some(game.level),
                // Nobody to remind and no clock: the person plays when they like.
                reminder_hours: Some(0),
                clock_hours: Some(0),
                ..NewGame::default()
            })))?;
            refused(ask(Command::Start))?;
        }
        let answer = ask(Command::WebPlay);
        let link = link_in(&answer.text).ok_or(SoloError::Refused(answer.text))?;
        let (computers, level) = self
            .peek(SOLO, |s| {
                let computers = s.stored.seats.iter().filter(|x| x.computer).count();
                (computers, s.stored.computer_level)
            })
            .unwrap_or((game.computers.into(), game.level));
        Ok(SoloStarted {
            link,
            resumed,
            computers,
            level,
        })
    }
}

/// The personal link in the answer of [`Command::WebPlay`]: the first `http(s)://…/p/<32 hex
/// digits>` of its text.
fn link_in(text: &str) -> Option<String> {
    let at = text.find("/p/")?;
    let start = text[..at].rfind("http")?;
    let secret = text.get(at + 3..at + 35)?;
    if !secret.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some(text[start..at + 35].to_string())
}

#[cfg(test)]
mod tests {
    use super::link_in;

    #[test]
    fn the_link_is_read_from_the_answer_and_nothing_else() {
        let secret = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            link_in(&format!(
                "Your link (do not share it): http://127.0.0.1:8080/p/{secret} — it moves your seat"
            )),
            Some(format!("http://127.0.0.1:8080/p/{secret}"))
        );
        assert_eq!(link_in("no link here"), None);
        assert_eq!(link_in("http://x/p/0123"), None, "too short");
        assert_eq!(
            link_in("http://x/p/0123456789abcdef0123456789abcdeX"),
            None,
            "not hexadecimal"
        );
    }
}
