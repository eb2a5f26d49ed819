//! Players who are away, and how players are told it is their turn.
//!
//! After some reminders go unanswered ([`super::Settings::absent_after`], by default
//! [`ABSENT_AFTER`](super::api::ABSENT_AFTER)), the reminder offers the other players a vote:
//! the computer plays this one turn for the absent player, or takes their seat until they come
//! back with `/carcassonne return`. A majority of the other people decides. Each user chooses how
//! they are told it is their turn ([`NotifyMode`]): a ping in the channel, a direct message, or
//! nothing; the choice is kept across games.

use super::api::{ButtonStyle, Command, NotifyMode, Reply, Request};
use super::buttons::button;
use super::stored::{AbsentVote, Phase, StoredGame};
use super::text::{seat_name, seat_who};
use super::{lock, Key, Outcome, Service, Session};
use crate::i18n::{private, public};
use crate::tr;
use serde::{Deserialize, Serialize};

/// What is kept of a user between games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    /// How they are told it is their turn.
    #[serde(default)]
    pub notify: NotifyMode,
    /// The language they chose (`None`: their language in Discord).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<crate::i18n::Lang>,
    /// Their choice for the games of one channel (`"guild/channel"`), over [`Prefs::notify`].
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub channels: std::collections::BTreeMap<String, NotifyMode>,
}

impl Prefs {
    /// How they are told it is their turn in the games of `key`'s channel.
    pub fn notify_in(&self, key: Key) -> NotifyMode {
        self.channels
            .get(&channel_pref(key))
            .copied()
            .unwrap_or(self.notify)
    }
}

/// What a notification choice means, in `lang`.
fn notify_text(lang: crate::i18n::Lang, mode: NotifyMode) -> String {
    match mode {
        NotifyMode::Ping => tr!(lang, "notify-ping"),
        NotifyMode::Dm => tr!(lang, "notify-dm"),
        NotifyMode::Quiet => tr!(lang, "notify-quiet"),
    }
}

/// The name of a channel in [`Prefs::channels`].
fn channel_pref(key: Key) -> String {
    format!("{}/{}", key.guild, key.channel)
}

/// Votes needed to decide about an absent seat: more than half of the other people.
fn needed(s: &StoredGame, absent: usize) -> usize {
    let others = (0..s.seats.len())
        .filter(|&i| i != absent && !s.seats[i].computer)
        .count();
    others / 2 + 1
}

/// Users whose preferences stay in memory at most.
pub(crate) const PREFS_KEPT: usize = 10_000;
/// How long preferences read from storage that other processes share are used before they
/// are read again (a change made through another process holds here after this).
pub(crate) const PREFS_FRESH_SHARED: std::time::Duration = std::time::Duration::from_secs(10);

impl Service {
    /// The vote buttons a reminder carries once its player has missed enough of them.
    pub(super) fn absent_buttons(
        &self,
        s: &StoredGame,
        seat: usize,
        turn: usize,
    ) -> Vec<super::api::Button> {
        let name = seat_name(s, seat);
        vec![
            button(
                s,
                Command::AbsentVote {
                    seat,
                    turn,
                    seat_for_good: false,
                },
                &tr!(crate::i18n::public(), "absent-button-turn", name = name),
                ButtonStyle::Primary,
            ),
            button(
                s,
                Command::AbsentVote {
                    seat,
                    turn,
                    seat_for_good: true,
                },
                &tr!(crate::i18n::public(), "absent-button-seat", name = name),
                ButtonStyle::Danger,
            ),
        ]
    }

    /// A vote on an absent player.
    pub(super) fn absent_vote(
        &self,
        req: &Request,
        session: &mut Session,
        (seat, turn, for_good): (usize, usize, bool),
    ) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let game = session.live()?;
        if s.phase != Phase::Playing || game.is_over() {
            return Err(Reply::refuse(tr!(private(), "game-over")));
        }
        if turn != game.turn_count() || game.current_player() != seat {
            return Err(Reply::refuse(tr!(private(), "absent-earlier")));
        }
        let absent = s
            .seats
            .get(seat)
            .ok_or_else(|| self.internal("no such seat"))?;
        if absent.computer {
            return Err(Reply::refuse(tr!(
                private(),
                "absent-already",
                name = &absent.name
            )));
        }
        let after = self.settings.absent_after;
        if after == 0 || s.reminders_unanswered < after {
            return Err(Reply::refuse(match after {
                0 => tr!(private(), "absent-off"),
                n => tr!(private(), "absent-not-yet", n = n),
            }));
        }
        let Some(me) = s.person_seat(req.actor.id) else {
            return Err(Reply::refuse(tr!(private(), "absent-not-player")));
        };
        if me == seat {
            return Err(Reply::refuse(tr!(private(), "absent-self")));
        }
        let mut vote = match &s.absent_vote {
            Some(v) if v.seat == seat && v.turn == turn => v.clone(),
            _ => AbsentVote {
                seat,
                turn,
                for_good: Vec::new(),
                this_turn: Vec::new(),
            },
        };
        vote.for_good.retain(|&v| v != me);
        vote.this_turn.retain(|&v| v != me);
        if for_good {
            vote.for_good.push(me);
        } else {
            vote.this_turn.push(me);
        }
        let need = needed(s, seat);
        let mut next = s.clone();
        let who = seat_who(s, me);
        let absent_name = seat_name(s, seat).to_string();
        // Votes to take the seat also count for playing this turn.
        let decided = if vote.for_good.len() >= need {
            Some(true)
        } else if vote.for_good.len() + vote.this_turn.len() >= need {
            Some(false)
        } else {
            None
        };
        let Some(for_good) = decided else {
            next.absent_vote = Some(vote.clone());
            let have = vote.for_good.len() + vote.this_turn.len();
            self.commit(req.key, session, next, None)?;
            return Ok(Outcome::Keep(Reply::public(tr!(
                public(),
                if for_good {
                    "absent-vote-seat"
                } else {
                    "absent-vote-turn"
                },
                who = who,
                name = absent_name,
                have = have,
                need = need
            ))));
        };
        next.absent_vote = None;
        next.seats[seat].computer = true;
        if for_good {
            next.seats[seat].away = true;
            next.stand_in = None;
            let user = next.seats[seat].user;
            super::table::pass_creator(&mut next, user);
        } else {
            next.stand_in = Some(seat);
        }
        self.commit(req.key, session, next, None)?;
        let line = if for_good {
            tr!(public(), "absent-voted-seat", name = absent_name)
        } else {
            tr!(public(), "absent-voted-turn", name = absent_name)
        };
        Ok(Outcome::Keep(Reply::public(line)))
    }

    /// `/carcassonne return`: a player whose seat the computer took takes it back.
    pub(super) fn come_back(&self, req: &Request, session: &mut Session) -> Result<Outcome, Reply> {
        let s = &session.stored;
        let Some(i) = s.seats.iter().position(|x| x.user == req.actor.id) else {
            return Err(Reply::refuse(tr!(private(), "return-no-seat")));
        };
        if s.phase != Phase::Playing {
            return Err(Reply::refuse(tr!(private(), "game-over")));
        }
        if s.seats[i].resigned {
            return Err(Reply::refuse(tr!(private(), "return-resigned")));
        }
        if !s.seats[i].computer {
            return Err(Reply::refuse(tr!(private(), "return-playing")));
        }
        let mut next = s.clone();
        next.seats[i].computer = false;
        next.seats[i].away = false;
        if next.stand_in == Some(i) {
            next.stand_in = None;
        }
        self.commit(req.key, session, next, None)?;
        let line = tr!(
            public(),
            "return-welcome",
            name = seat_name(&session.stored, i)
        );
        self.turn_reply(req.key, session, vec![line], req.now)
    }

    /// A user's preferences (defaults if none are stored or they cannot be read).
    pub fn prefs(&self, user: u64) -> Prefs {
        let fresh = if self.storage.shared() {
            PREFS_FRESH_SHARED
        } else {
            std::time::Duration::MAX
        };
        if let Some((p, read)) = lock(&self.prefs).get(&user) {
            if read.elapsed() < fresh {
                return p.clone();
            }
        }
        let p = match self.storage.get_pref(user) {
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).unwrap_or_default(),
            Ok(None) => Prefs::default(),
            Err(e) => {
                tracing::warn!(user, "cannot read preferences: {e}");
                return Prefs::default();
            }
        };
        self.keep_prefs(user, p.clone());
        p
    }

    /// Keeps a user's preferences in memory, at most [`PREFS_KEPT`] users (beyond that the
    /// cache starts again empty: a read costs one storage lookup).
    fn keep_prefs(&self, user: u64, prefs: Prefs) {
        let mut cache = lock(&self.prefs);
        if cache.len() >= PREFS_KEPT && !cache.contains_key(&user) {
            cache.clear();
        }
        cache.insert(user, (prefs, std::time::Instant::now()));
    }

    /// `/carcassonne notify`: how this user is told it is their turn, in every game.
    /// The user's choice for every game (choices made for one channel's games go).
    pub(super) fn set_notify(&self, req: &Request, mode: NotifyMode) -> Reply {
        let prefs = Prefs {
            notify: mode,
            channels: Default::default(),
            ..self.prefs(req.actor.id)
        };
        if let Err(r) = self.put_prefs(req.actor.id, prefs) {
            return r;
        }
        Reply::refuse(notify_text(crate::i18n::private(), mode))
    }

    /// The user's choice for this channel's games only, over their choice for every game.
    pub(super) fn set_notify_here(&self, req: &Request, mode: NotifyMode) -> Reply {
        let mut prefs = self.prefs(req.actor.id);
        prefs.channels.insert(channel_pref(req.key), mode);
        if let Err(r) = self.put_prefs(req.actor.id, prefs) {
            return r;
        }
        let lang = crate::i18n::private();
        Reply::refuse(format!(
            "{} {}",
            tr!(lang, "notify-here"),
            notify_text(lang, mode)
        ))
    }

    /// Keeps the user's choice of language (`None`: their language in Discord) and answers in it.
    pub(super) fn set_language(&self, req: &Request, lang: Option<crate::i18n::Lang>) -> Reply {
        let prefs = Prefs {
            lang,
            ..self.prefs(req.actor.id)
        };
        if let Err(r) = self.put_prefs(req.actor.id, prefs) {
            return r;
        }
        match lang {
            Some(l) => Reply::refuse(tr!(l, "language-set", language = l.native_name())),
            None => {
                let l = req.locale.user.unwrap_or_default();
                Reply::refuse(tr!(l, "language-discord", language = l.native_name()))
            }
        }
    }

    fn put_prefs(&self, user: u64, prefs: Prefs) -> Result<(), Reply> {
        let bytes = serde_json::to_vec(&prefs).unwrap_or_default();
        if let Err(e) = self.storage.put_pref(user, &bytes) {
            tracing::error!("cannot store preferences: {e}");
            return Err(Reply::refuse(tr!(
                crate::i18n::private(),
                "prefs-not-saved"
            )));
        }
        self.keep_prefs(user, prefs);
        Ok(())
    }

    /// Applies each pinged user's choice to a reply: pings stay for those who want them, a direct
    /// message replaces the ping for those who chose one, and quiet users are not pinged.
    pub(super) fn route_pings(&self, key: Key, reply: &mut Reply) {
        if reply.ping.is_empty() {
            return;
        }
        let mut keep = Vec::new();
        let mut direct = std::mem::take(&mut reply.direct).into_vec();
        for &user in &reply.ping {
            match self.prefs(user).notify_in(key) {
                NotifyMode::Ping => keep.push(user),
                NotifyMode::Quiet => {}
                NotifyMode::Dm => {
                    let mention = format!("<@{user}>");
                    // The line that names them (their turn, a question for them), else the
                    // headline (the end of the game).
                    let line = reply
                        .text
                        .lines()
                        .rev()
                        .find(|l| l.contains(&mention))
                        .or_else(|| reply.text.lines().next())
                        .unwrap_or("")
                        .replace(&mention, &tr!(public(), "dm-you"));
                    let channel = format!("<#{}>", key.channel);
                    direct.push((
                        user,
                        tr!(public(), "dm-line", channel = channel, line = line),
                    ));
                }
            }
        }
        reply.ping = keep.into();
        reply.direct = direct.into_boxed_slice();
    }
}
