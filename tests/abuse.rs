//! A hostile member against the game service: every way a member of a server of strangers could
//! turn the bot against it, each tried and refused — privately, with nothing public posted,
//! nobody else pinged, and nothing changed. (The Discord side — threads, permissions, a channel
//! the bot lost access to — is tried through the fake Discord in `abuse_discord.rs`.)

use meeplebot::engine::Action;
use meeplebot::render::Renderer;
use meeplebot::service::storage::{frame, Key, MemoryStorage, Storage};
use meeplebot::service::stored::{Phase, StoredGame};
use meeplebot::service::{
    Actor, Button, ChannelRule, Command, FollowerChoice, Limits, NewGame, Reply, Request, Rights,
    Service, Settings, SettingsChange,
};
use std::sync::Arc;

const GUILD: u64 = 77;
const CH: Key = Key {
    guild: GUILD,
    channel: 1,
};

fn member(id: u64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        manager: false,
        rights: Rights::default(),
    }
}

fn admin() -> Actor {
    Actor {
        id: 900,
        name: "Admin".into(),
        manager: true,
        rights: Rights {
            manage_server: true,
            manage_messages: true,
            ..Rights::default()
        },
    }
}

struct Table {
    storage: Arc<MemoryStorage>,
    svc: Service,
    now: u64,
}

impl Table {
    fn new() -> Table {
        Table::with_limits(Limits::default())
    }

    fn with_limits(limits: Limits) -> Table {
        let storage = Arc::new(MemoryStorage::new());
        let settings = Settings {
            seed: Some(21),
            limits,
            // Quick computers: these games are about who may do what, not about the moves.
            default_level: meeplebot::ai::Level::Easy,
            ..Settings::default()
        };
        let svc =
            Service::open(storage.clone(), Arc::new(Renderer::generated()), settings).unwrap();
        Table {
            storage,
            svc,
            now: 1_800_000_000,
        }
    }

    fn request(&mut self, key: Key, who: &Actor, command: Command, game: Option<u64>) -> Reply {
        self.now += 1;
        self.svc.handle(Request {
            key,
            actor: who.clone(),
            command,
            now: self.now,
            game,
            interaction: None,
            locale: Default::default(),
        })
    }

    fn send(&mut self, key: Key, who: &Actor, command: Command) -> Reply {
        self.request(key, who, command, None)
    }

    fn click(&mut self, key: Key, who: &Actor, b: &Button) -> Reply {
        self.request(key, who, b.action.command.clone(), Some(b.action.game))
    }

    fn stored(&self, key: Key) -> Option<StoredGame> {
        let bytes = self.storage.get_game(key).unwrap()?;
        Some(StoredGame::decode(&bytes).unwrap())
    }

    /// The bytes of everything stored for a channel (to prove a refusal changed nothing).
    fn snapshot(&self, key: Key) -> (Option<Vec<u8>>, usize) {
        (
            self.storage.get_game(key).unwrap(),
            self.storage.summaries(key).unwrap().len(),
        )
    }

    /// Plays the channel's game to its end: each person moves when it is their turn (a
    /// placement without a follower), computers when it is theirs. Returns the final message.
    fn finish(&mut self, key: Key, people: &[Actor]) -> Reply {
        for _ in 0..400 {
            let mut moved = None;
            for p in people {
                if let Some(c) = self.svc.placement_choices(key, p.id, 1).first() {
                    let r = self.send(
                        key,
                        p,
                        Command::Place {
                            x: c.x,
                            y: c.y,
                            rotation: c.rotation,
                            follower: FollowerChoice::Act(Action::Pass),
                        },
                    );
                    assert!(!r.ephemeral, "{}", r.text);
                    moved = Some(r);
                    break;
                }
            }
            let last = match moved {
                Some(r) => Some(r),
                None => self.svc.run_computers(self.now, 1).pop().map(|n| n.reply),
            };
            if self.stored(key).is_none() {
                return last.expect("the last move's message");
            }
        }
        panic!("the game did not end");
    }
}

fn refused(r: &Reply, needle: &str) {
    assert!(r.ephemeral, "public: {}", r.text);
    assert!(r.ping.is_empty(), "a refusal pings nobody: {:?}", r.ping);
    assert!(r.text.contains(needle), "{needle:?} not in: {}", r.text);
}

fn button<'a>(r: &'a Reply, label: &str) -> &'a Button {
    r.buttons
        .iter()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no {label} button in {:?}", r.buttons))
}

/// Opens a lobby of `people` (the first opens it) and starts it.
fn started(t: &mut Table, key: Key, people: &[Actor]) {
    assert!(
        !t.send(key, &people[0], Command::New(NewGame::default()))
            .ephemeral
    );
    for p in &people[1..] {
        assert!(!t.send(key, p, Command::Join).ephemeral);
    }
    let r = t.send(key, &people[0], Command::Start);
    assert!(!r.ephemeral, "{}", r.text);
}

#[test]
fn a_rematch_obeys_every_rule_that_new_and_start_obey() {
    let mut t = Table::new();
    let (ann, ben, cat) = (member(1, "Ann"), member(2, "Ben"), member(3, "Cat"));
    started(&mut t, CH, &[ann.clone(), ben.clone(), cat.clone()]);
    // Cat resigns (the computer plays on for her).
    assert!(!t.send(CH, &cat, Command::Resign).ephemeral);
    let end = t.finish(CH, &[ann.clone(), ben.clone()]);
    let rematch = button(&end, "Rematch").clone();
    let before = t.snapshot(CH);

    // The server now allows games only in another channel, and only for a role.
    t.send(
        Key::new(GUILD, 2),
        &admin(),
        Command::Settings(Box::new(SettingsChange {
            channel: Some(ChannelRule::Allow),
            ..SettingsChange::default()
        })),
    );
    refused(&t.click(CH, &ann, &rematch), "games are opened in <#2>");
    t.send(
        Key::new(GUILD, 2),
        &admin(),
        Command::Settings(Box::new(SettingsChange {
            channel: Some(ChannelRule::Any),
            starter_role: Some(Some(555)),
            ..SettingsChange::default()
        })),
    );
    refused(&t.click(CH, &ann, &rematch), "role <@&555>");
    assert_eq!(t.snapshot(CH), before, "nothing changed");
    t.send(
        CH,
        &admin(),
        Command::Settings(Box::new(SettingsChange {
            starter_role: Some(None),
            ..SettingsChange::default()
        })),
    );

    // The player who resigned may not call a rematch, nor may Ben: Ann opened the game and
    // finished it in her seat, so only she starts it (as only she started the game).
    refused(&t.click(CH, &cat, &rematch), "Only the players");
    refused(
        &t.click(CH, &ben, &rematch),
        "Only <@1> can start the rematch",
    );
    refused(
        &t.click(CH, &member(66, "Troll"), &rematch),
        "Only the players",
    );
    assert_eq!(t.snapshot(CH), before, "nothing changed");
    let again = t.click(CH, &ann, &rematch);
    assert!(!again.ephemeral, "{}", again.text);
    let seats: Vec<u64> = t.stored(CH).unwrap().seats.iter().map(|s| s.user).collect();
    let mut sorted = seats.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![1, 2], "Cat, who resigned, is not seated again");
    assert!(!again.ping.contains(&3), "nor pinged");

    // Abort the rematch: the last game is now an aborted one, and it cannot be played again,
    // so nobody is pinged over and over.
    assert!(!t.send(CH, &ann, Command::Abort).ephemeral);
    let before = t.snapshot(CH);
    refused(&t.send(CH, &ann, Command::Rematch), "did not finish");
    refused(&t.click(CH, &ann, &rematch), "earlier game");
    assert_eq!(t.snapshot(CH), before);
}

#[test]
fn a_creator_who_leaves_by_any_path_loses_the_creators_powers() {
    let mut t = Table::new();
    let (ann, ben, cat) = (member(1, "Ann"), member(2, "Ben"), member(3, "Cat"));
    // Resigned.
    started(&mut t, CH, &[ann.clone(), ben.clone(), cat.clone()]);
    assert!(!t.send(CH, &ann, Command::Resign).ephemeral);
    let before = t.snapshot(CH);
    refused(&t.send(CH, &ann, Command::Abort), "");
    assert_eq!(t.snapshot(CH), before, "the resigned creator cannot abort");
    assert_eq!(
        t.stored(CH).unwrap().creator,
        2,
        "Ben, the next person, took over"
    );
    assert!(!t.send(CH, &ben, Command::Abort).ephemeral);

    // Removed by a moderator.
    started(&mut t, CH, &[ann.clone(), ben.clone(), cat.clone()]);
    let r = t.send(CH, &admin(), Command::RemovePlayer { user: 1 });
    assert!(!r.ephemeral, "{}", r.text);
    let before = t.snapshot(CH);
    refused(&t.send(CH, &ann, Command::Abort), "");
    assert_eq!(t.snapshot(CH), before, "the removed creator cannot abort");
    assert_eq!(t.stored(CH).unwrap().creator, 2);
    assert!(!t.send(CH, &admin(), Command::Abort).ephemeral);

    // Handed to another member by a moderator: the creator's powers go with the seat.
    started(&mut t, CH, &[ann.clone(), ben.clone()]);
    let r = t.send(
        CH,
        &admin(),
        Command::HandSeat {
            from: 1,
            to: 4,
            to_name: "Dan".into(),
        },
    );
    assert!(!r.ephemeral, "{}", r.text);
    refused(&t.send(CH, &ann, Command::Abort), "");
    assert_eq!(t.stored(CH).unwrap().creator, 4);
    assert!(!t.send(CH, &admin(), Command::Abort).ephemeral);
}

#[test]
fn a_handover_never_gives_one_member_two_seats() {
    let mut t = Table::new();
    let (ann, ben, cat) = (member(1, "Ann"), member(2, "Ben"), member(3, "Cat"));
    started(&mut t, CH, &[ann.clone(), ben.clone(), cat.clone()]);
    // Cat resigned: her seat is the computer's now, but it is still hers.
    assert!(!t.send(CH, &cat, Command::Resign).ephemeral);
    let before = t.snapshot(CH);
    let r = t.send(
        CH,
        &admin(),
        Command::HandSeat {
            from: 2,
            to: 3,
            to_name: "Cat".into(),
        },
    );
    refused(&r, "<@3>");
    assert_eq!(t.snapshot(CH), before);
    let seats = t.stored(CH).unwrap().seats;
    assert_eq!(seats.iter().filter(|s| s.user == 3).count(), 1);
}

#[test]
fn standings_in_direct_messages_show_only_the_askers_own_record() {
    let mut t = Table::new();
    let (ann, ben, cat, dan) = (
        member(1, "Ann"),
        member(2, "Ben"),
        member(3, "Cat"),
        member(4, "Dan"),
    );
    // Two direct-message games (guild 0): Ann and Ben in one, Cat and Dan in another.
    let (dm1, dm2) = (Key::new(0, 501), Key::new(0, 502));
    started(&mut t, dm1, &[ann.clone(), ben.clone()]);
    t.finish(dm1, &[ann.clone(), ben.clone()]);
    started(&mut t, dm2, &[cat.clone(), dan.clone()]);
    t.finish(dm2, &[cat.clone(), dan.clone()]);
    let r = t.send(dm1, &ann, Command::Standings);
    assert!(r.ephemeral, "private: {}", r.text);
    assert!(r.text.contains("Ann"), "{}", r.text);
    for other in ["Ben", "Cat", "Dan"] {
        assert!(!r.text.contains(other), "{other} shown to Ann: {}", r.text);
    }
    assert!(r.text.contains("1 game"), "{}", r.text);
    let nobody = t.send(Key::new(0, 503), &member(9, "Eve"), Command::Standings);
    refused(&nobody, "no finished games");
}

#[test]
fn a_damaged_entry_whose_header_is_damaged_can_be_removed() {
    let mut t = Table::new();
    t.storage
        .put_game(CH, None, &frame(1, b"{}"), b"", None)
        .unwrap();
    // Damage the header itself: no version can be read from it.
    let mut bytes = t.storage.get_game(CH).unwrap().unwrap();
    bytes[0] = b'X';
    t.storage.delete_game(CH, Some(1)).unwrap();
    // Memory storage keeps whatever bytes it is given, as a disk keeps what it damaged.
    t.storage.put_game(CH, None, &bytes, b"", None).unwrap();
    refused(
        &t.send(CH, &member(1, "Ann"), Command::Status),
        "cannot be read",
    );
    refused(&t.send(CH, &member(1, "Ann"), Command::Abort), "");
    assert!(t.storage.get_game(CH).unwrap().is_some());
    let r = t.send(CH, &admin(), Command::Abort);
    assert!(!r.ephemeral, "{}", r.text);
    assert!(t.storage.get_game(CH).unwrap().is_none(), "removed");
    assert!(
        !t.send(CH, &member(1, "Ann"), Command::New(NewGame::default()))
            .ephemeral
    );
}

#[test]
fn looking_is_limited_per_member_and_per_channel() {
    let mut t = Table::with_limits(Limits {
        looks_per_member: 3,
        looks_per_channel: 5,
        ..Limits::default()
    });
    let (ann, ben, troll) = (member(1, "Ann"), member(2, "Ben"), member(66, "Troll"));
    started(&mut t, CH, &[ann.clone(), ben.clone()]);
    let now = t.now;
    for _ in 0..3 {
        t.now = now;
        assert!(
            !t.send(CH, &troll, Command::Board { around: None })
                .ephemeral
        );
    }
    t.now = now;
    let before = t.snapshot(CH);
    let r = t.send(CH, &troll, Command::Board { around: None });
    refused(&r, "try again in 20 s");
    assert!(r.files.is_empty(), "no picture");
    // Every kind of look counts.
    for look in [
        Command::Status,
        Command::History,
        Command::Standings,
        Command::Rules,
    ] {
        t.now = now;
        refused(&t.send(CH, &troll, look), "try again in");
    }
    assert_eq!(t.snapshot(CH), before);
    // Private views have a larger share of their own (stepping through a replay is many
    // clicks): refused public looks do not stop them.
    t.now = now;
    let mine = t.send(CH, &troll, Command::MyGames);
    assert!(
        mine.ephemeral && !mine.text.contains("try again"),
        "{}",
        mine.text
    );
    // The channel has room for two more, whoever asks; then it is full for everyone.
    t.now = now;
    assert!(!t.send(CH, &ann, Command::Status).ephemeral);
    t.now = now;
    assert!(!t.send(CH, &ben, Command::Status).ephemeral);
    t.now = now;
    refused(&t.send(CH, &ben, Command::Status), "try again in");
    // Moves are never limited.
    let c = t.svc.placement_choices(CH, 1, 1);
    let who = if c.is_empty() { &ben } else { &ann };
    let c = t.svc.placement_choices(CH, who.id, 1)[0].clone();
    t.now = now;
    let moved = t.send(
        CH,
        who,
        Command::Place {
            x: c.x,
            y: c.y,
            rotation: c.rotation,
            follower: FollowerChoice::Act(Action::Pass),
        },
    );
    assert!(!moved.ephemeral, "{}", moved.text);
    // A minute later there is room again.
    t.now = now + 60;
    assert!(!t.send(CH, &troll, Command::Status).ephemeral);
}

#[test]
fn a_member_who_may_not_write_gets_looks_privately() {
    let mut t = Table::new();
    let (ann, ben) = (member(1, "Ann"), member(2, "Ben"));
    started(&mut t, CH, &[ann.clone(), ben.clone()]);
    let muted = Actor {
        rights: Rights {
            muted: true,
            ..Rights::default()
        },
        ..member(66, "Muted")
    };
    for look in [
        Command::Board { around: None },
        Command::Status,
        Command::Rules,
    ] {
        let r = t.send(CH, &muted, look);
        assert!(
            r.ephemeral,
            "posted publicly for a muted member: {}",
            r.text
        );
        assert!(r.ping.is_empty());
        assert!(r.buttons.is_empty());
    }
}

#[test]
fn open_lobbies_are_capped_per_member_and_per_server() {
    let mut t = Table::with_limits(Limits {
        lobbies_per_member: 2,
        lobbies_per_server: 3,
        ..Limits::default()
    });
    let troll = member(66, "Troll");
    for c in 1..=2 {
        assert!(
            !t.send(Key::new(GUILD, c), &troll, Command::New(NewGame::default()))
                .ephemeral
        );
    }
    let r = t.send(Key::new(GUILD, 3), &troll, Command::New(NewGame::default()));
    refused(&r, "2 open lobbies");
    assert!(t.stored(Key::new(GUILD, 3)).is_none());
    // Another server is another count.
    assert!(
        !t.send(
            Key::new(GUILD + 1, 3),
            &troll,
            Command::New(NewGame::default())
        )
        .ephemeral
    );
    // The server's own cap: one more lobby by someone else, then nobody.
    assert!(
        !t.send(
            Key::new(GUILD, 4),
            &member(2, "Ben"),
            Command::New(NewGame::default())
        )
        .ephemeral
    );
    let r = t.send(
        Key::new(GUILD, 5),
        &member(3, "Cat"),
        Command::New(NewGame::default()),
    );
    refused(&r, "3 open lobbies");
    // A lobby that starts frees its place.
    assert!(
        !t.send(Key::new(GUILD, 1), &member(4, "Dan"), Command::Join)
            .ephemeral
    );
    assert!(!t.send(Key::new(GUILD, 1), &troll, Command::Start).ephemeral);
    assert!(
        !t.send(
            Key::new(GUILD, 5),
            &member(3, "Cat"),
            Command::New(NewGame::default())
        )
        .ephemeral
    );
    assert_eq!(t.stored(Key::new(GUILD, 1)).unwrap().phase, Phase::Playing);
}

#[test]
fn taking_back_moves_against_computers_is_bounded() {
    let mut t = Table::with_limits(Limits {
        undos_per_game: 3,
        ..Limits::default()
    });
    let ann = member(1, "Ann");
    let opts = NewGame {
        computers: 1,
        level: Some(meeplebot::ai::Level::Easy),
        ..NewGame::default()
    };
    assert!(!t.send(CH, &ann, Command::New(opts)).ephemeral);
    assert!(!t.send(CH, &ann, Command::Start).ephemeral);
    let mut undone = 0;
    for _ in 0..20 {
        t.svc.run_computers(t.now, 5);
        let c = t.svc.placement_choices(CH, 1, 1)[0].clone();
        let r = t.send(
            CH,
            &ann,
            Command::Place {
                x: c.x,
                y: c.y,
                rotation: c.rotation,
                follower: FollowerChoice::Act(Action::Pass),
            },
        );
        assert!(!r.ephemeral, "{}", r.text);
        let r = t.send(CH, &ann, Command::Undo);
        if r.ephemeral {
            refused(&r, "3 moves");
            break;
        }
        undone += 1;
    }
    assert_eq!(undone, 3);
    assert_eq!(t.stored(CH).unwrap().undone.len(), 3);
}
