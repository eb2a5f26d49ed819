//! After a game: the buttons under the final message and the rematch (same seats, new order).
//! The final message's pictures are [`super::pictures`]'s, the server's standings
//! [`super::standings`]'s.

use super::api::{ButtonStyle, Command, Reply, Request};
use super::buttons::button;
use super::history::Last;
use super::stored::{Phase, Seat, StoredGame};
use super::text::clean_name;
use super::{Key, Service, Session};
use crate::tr;

impl Service {
    /// The buttons under a final message.
    pub(super) fn after_buttons(&self, s: &StoredGame) -> Vec<super::api::Button> {
        let lang = crate::i18n::public();
        vec![
            button(
                s,
                Command::Rematch,
                &tr!(lang, "button-rematch"),
                ButtonStyle::Success,
            ),
            button(
                s,
                Command::Standings,
                &tr!(lang, "button-standings"),
                ButtonStyle::Secondary,
            ),
            // A game of the history: the button works while later games run.
            super::api::Button {
                action: super::api::ButtonAction {
                    game: 0,
                    command: Command::Replay {
                        of: super::api::ReplayOf::Game(s.game_id()),
                        from: 1,
                        step: 0,
                    },
                },
                label: tr!(lang, "button-replay"),
                style: ButtonStyle::Secondary,
            },
        ]
    }

    /// Whether the last game that ended in the channel handled this interaction (a refusal's
    /// path only: a command on a game, in a channel without one).
    pub(super) fn last_game_handled(&self, key: Key, interaction: u64) -> bool {
        matches!(
            self.history.last(key),
            Ok(Last::Game(_, Ok(g))) if g.handled.contains(&interaction)
        )
    }

    /// The last game that ended in a channel, read from its history.
    fn last_game(&self, key: Key) -> Result<StoredGame, Reply> {
        let refuse = |id: &str| Reply::refuse(tr!(crate::i18n::private(), id));
        match self.history.last(key) {
            Ok(Last::Game(_, Ok(game))) => Ok(*game),
            Ok(Last::Game(_, Err(why))) => Err(Reply::refuse(tr!(
                crate::i18n::private(),
                "history-damaged",
                why = why
            ))),
            Ok(Last::NotKept(_)) => Err(refuse("history-gone")),
            Ok(Last::None) => Err(refuse("history-none")),
            Err(e) => {
                tracing::error!(%key, "cannot read history: {e}");
                Err(refuse("history-unreadable"))
            }
        }
    }

    /// A rematch: the last game's seats, the next player first (the order turns by one), its
    /// sets and rules, started at once. It obeys what `new` and `start` obey: the server's
    /// channels and starter role, and one person's Start — the last game's creator if they
    /// finished in their seat, else the first person who did. Only those who finished the game
    /// in their own seat sit again (not a resigned, removed or voted-out player), and only a
    /// game that finished can be played again, so a rematch that is aborted cannot be asked for
    /// again (nobody is pinged twice for one game).
    pub(super) fn rematch(&self, req: &Request) -> (Reply, Option<Session>) {
        let last = match self.last_game(req.key) {
            Ok(l) => l,
            Err(r) => return (r, None),
        };
        if req.game.is_some_and(|g| g != last.game_id()) {
            return (
                Reply::refuse(tr!(crate::i18n::private(), "rematch-earlier")),
                None,
            );
        }
        let lang = crate::i18n::private();
        if last.phase != Phase::Finished {
            return (Reply::refuse(tr!(lang, "rematch-not-finished")), None);
        }
        // Who finished the game in their own seat.
        let stayed = |x: &Seat| x.user != 0 && !x.computer && !x.resigned && !x.away;
        if !last
            .seats
            .iter()
            .any(|x| x.user == req.actor.id && stayed(x))
        {
            return (Reply::refuse(tr!(lang, "rematch-not-player")), None);
        }
        if let Err(why) = self
            .servers
            .may_open(req, last.origin.unwrap_or(req.key.channel))
        {
            return (Reply::refuse(why), None);
        }
        let host = last
            .seats
            .iter()
            .find(|x| x.user == last.creator && stayed(x))
            .or_else(|| last.seats.iter().find(|x| stayed(x)))
            .map_or(0, |x| x.user);
        if host != req.actor.id {
            return (
                Reply::refuse(tr!(lang, "rematch-not-host", host = format!("<@{host}>"))),
                None,
            );
        }
        let mut seats: Vec<Seat> = last
            .seats
            .iter()
            .filter(|x| stayed(x) || (x.user == 0 && x.computer))
            .map(|x| Seat {
                user: x.user,
                name: x.name.clone(),
                computer: x.user == 0,
                ..Seat::default()
            })
            .collect();
        if seats.len() < 2 {
            return (Reply::refuse(tr!(lang, "rematch-too-few")), None);
        }
        seats.rotate_left(1);
        let mut lobby = super::table::new_stored(self, req, &last.sets, last.rules);
        lobby.reminder_hours = last.reminder_hours;
        lobby.clock_hours = last.clock_hours;
        lobby.clock_runs_always = last.clock_runs_always;
        lobby.hints = last.hints;
        lobby.while_away = last.while_away;
        lobby.max_players = last.max_players;
        lobby.computer_level = last.computer_level;
        lobby.seats = seats;
        lobby.origin = last.origin;
        let headline = tr!(
            crate::i18n::public(),
            "rematch-headline",
            name = clean_name(&req.actor.name)
        );
        super::table::start_seated(self, req, lobby, headline)
    }
}
