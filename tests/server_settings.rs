//! Server settings through the service: anyone may look, only members who can manage the server
//! change them; new games take the server's defaults, channels and starter role; the settings
//! are kept in storage across a restart, and a damaged entry falls back to the defaults.

use meeplebot::ai::Level;
use meeplebot::engine::FarmRule;
use meeplebot::i18n::Lang;
use meeplebot::render::Renderer;
use meeplebot::service::storage::{Key, Storage};
use meeplebot::service::stored::StoredGame;
use meeplebot::service::{
    Actor, ChannelRule, Command, NewGame, Reply, Request, Rights, Service, Settings, SettingsChange,
};
use meeplebot::store::SledStorage;
use std::sync::Arc;

const GUILD: u64 = 77;

struct Server {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    storage: Arc<SledStorage>,
    svc: Service,
}

impl Server {
    fn new() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db");
        let (storage, svc) = open(&path);
        Server {
            _dir: dir,
            path,
            storage,
            svc,
        }
    }

    fn restart(self) -> Server {
        let Server {
            _dir,
            path,
            svc,
            storage,
            ..
        } = self;
        drop(svc);
        drop(storage);
        let (storage, svc) = open(&path);
        Server {
            _dir,
            path,
            storage,
            svc,
        }
    }

    fn send(&self, channel: u64, who: &Actor, command: Command) -> Reply {
        self.svc.handle(Request {
            key: Key::new(GUILD, channel),
            actor: who.clone(),
            command,
            now: 1_700_000_000,
            game: None,
            interaction: None,
            locale: Default::default(),
        })
    }

    fn change(&self, who: &Actor, change: SettingsChange) -> Reply {
        self.send(1, who, Command::Settings(Box::new(change)))
    }

    fn stored(&self, channel: u64) -> Option<StoredGame> {
        let bytes = self.storage.get_game(Key::new(GUILD, channel)).unwrap()?;
        Some(StoredGame::decode(&bytes).unwrap())
    }
}

fn open(path: &std::path::Path) -> (Arc<SledStorage>, Service) {
    let storage = Arc::new(SledStorage::open(path).unwrap());
    let svc = Service::open(
        storage.clone(),
        Arc::new(Renderer::generated()),
        Settings {
            seed: Some(5),
            // Members here open several lobbies at once (the limit has tests of its own).
            limits: meeplebot::service::Limits {
                lobbies_per_member: 0,
                ..Default::default()
            },
            ..Settings::default()
        },
    )
    .unwrap();
    (storage, svc)
}

fn member(id: u64, rights: Rights) -> Actor {
    Actor {
        id,
        name: format!("m{id}"),
        manager: false,
        rights,
    }
}

fn admin() -> Actor {
    member(
        1,
        Rights {
            manage_server: true,
            ..Rights::default()
        },
    )
}

fn new_game() -> Command {
    Command::New(NewGame::default())
}

#[test]
fn only_admins_change_settings_and_new_games_take_them() {
    let s = Server::new();
    let player = member(2, Rights::default());
    // Anyone may look (privately); the defaults show.
    let shown = s.send(1, &player, Command::Settings(Box::default()));
    assert!(shown.ephemeral);
    assert!(
        shown.text.starts_with("**Settings of this server**"),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("Games may be opened in: any channel"),
        "{}",
        shown.text
    );

    let change = SettingsChange {
        sets: Some(vec!["river".into(), "inns".into()]),
        farms: Some(FarmRule::PerCity),
        reminder_hours: Some(12),
        level: Some(Level::Easy),
        small_city: Some(true),
        ..SettingsChange::default()
    };
    // Without Manage Server: refused, nothing stored.
    let refused = s.change(&player, change.clone());
    assert!(refused.ephemeral);
    assert!(
        refused.text.starts_with("Only members who can manage"),
        "{}",
        refused.text
    );
    assert_eq!(s.storage.get_server(GUILD).unwrap(), None);
    // A bad value is refused and changes nothing either.
    let bad = s.change(
        &admin(),
        SettingsChange {
            sets: Some(vec!["dragons".into()]),
            ..change.clone()
        },
    );
    assert_eq!(bad.text, "There is no tile set called dragons.");
    assert_eq!(s.storage.get_server(GUILD).unwrap(), None);
    let saved = s.change(&admin(), change);
    assert!(saved.text.starts_with("Saved."), "{}", saved.text);
    assert!(
        saved.text.contains("Expansions of new games: river, inns"),
        "{}",
        saved.text
    );

    // A new game takes the server's defaults; what the command says still wins.
    assert!(!s.send(10, &player, new_game()).ephemeral);
    let g = s.stored(10).unwrap();
    assert_eq!(g.sets, ["base", "river", "inns"]);
    assert_eq!(g.rules.farms, FarmRule::PerCity);
    assert!(g.rules.small_city);
    assert_eq!(g.reminder_hours, 12);
    assert_eq!(g.computer_level, Level::Easy);
    let own = NewGame {
        sets: Some(vec![]),
        reminder_hours: Some(0),
        ..NewGame::default()
    };
    assert!(!s.send(11, &player, Command::New(own)).ephemeral);
    let g = s.stored(11).unwrap();
    assert_eq!(g.sets, ["base"]);
    assert_eq!(g.reminder_hours, 0);
    assert_eq!(g.rules.farms, FarmRule::PerCity);

    // Kept across a restart.
    let s = s.restart();
    assert!(!s.send(12, &player, new_game()).ephemeral);
    assert_eq!(s.stored(12).unwrap().sets, ["base", "river", "inns"]);
}

#[test]
fn channels_starter_role_and_language() {
    let s = Server::new();
    let player = member(2, Rights::default());
    let starter = member(
        3,
        Rights {
            roles: vec![555],
            ..Rights::default()
        },
    );
    // Games only in channel 1 (where the command was typed).
    let r = s.change(
        &admin(),
        SettingsChange {
            channel: Some(ChannelRule::Allow),
            ..SettingsChange::default()
        },
    );
    assert!(
        r.text.contains("Games may be opened in: <#1>"),
        "{}",
        r.text
    );
    let refused = s.send(20, &player, new_game());
    assert!(refused.ephemeral);
    assert_eq!(refused.text, "On this server, games are opened in <#1>.");
    assert!(s.stored(20).is_none());
    // A thread opened from channel 1 may host one.
    let from_1 = NewGame {
        origin: Some(1),
        ..NewGame::default()
    };
    assert!(!s.send(21, &player, Command::New(from_1)).ephemeral);

    // Only role 555 opens games (and admins).
    s.change(
        &admin(),
        SettingsChange {
            channel: Some(ChannelRule::Any),
            starter_role: Some(Some(555)),
            ..SettingsChange::default()
        },
    );
    let refused = s.send(22, &player, new_game());
    assert_eq!(
        refused.text,
        "On this server, members with the role <@&555> open games."
    );
    assert!(!s.send(22, &starter, new_game()).ephemeral);
    assert!(!s.send(23, &admin(), new_game()).ephemeral);
    s.change(
        &admin(),
        SettingsChange {
            starter_role: Some(None),
            lang: Some(Some(Lang::De)),
            ..SettingsChange::default()
        },
    );
    assert!(!s.send(24, &player, new_game()).ephemeral);
    // Public messages in the server's chosen language, over Discord's preferred one.
    let status = s.svc.handle(Request {
        key: Key::new(GUILD, 99),
        actor: player.clone(),
        command: Command::Tiles,
        now: 1_700_000_000,
        game: None,
        interaction: None,
        locale: meeplebot::service::Locale {
            user: None,
            server: Some(Lang::Fr),
        },
    });
    // No game there: a private refusal, in the public language since the user gave none.
    assert!(
        status.text.starts_with("In diesem Kanal läuft kein Spiel"),
        "{}",
        status.text
    );
}

#[test]
fn a_damaged_settings_entry_is_reported_and_the_defaults_apply() {
    let s = Server::new();
    s.storage.put_server(GUILD, b"{not json").unwrap();
    let player = member(2, Rights::default());
    let shown = s.send(1, &player, Command::Settings(Box::default()));
    assert!(shown.text.contains("any channel"), "{}", shown.text);
    assert!(!s.send(30, &player, new_game()).ephemeral);
    // An admin's next change replaces the damaged entry.
    let r = s.change(
        &admin(),
        SettingsChange {
            threads: Some(true),
            ..SettingsChange::default()
        },
    );
    assert!(
        r.text.contains("New games open in a thread: yes"),
        "{}",
        r.text
    );
    let stored = s.storage.get_server(GUILD).unwrap().unwrap();
    assert_eq!(String::from_utf8(stored).unwrap(), r#"{"threads":true}"#);
}

#[test]
fn moderators_remove_hand_over_and_end_games_and_others_are_refused() {
    let s = Server::new();
    let (ana, ben, cy) = (
        member(10, Rights::default()),
        member(11, Rights::default()),
        member(12, Rights::default()),
    );
    let by_role = member(
        13,
        Rights {
            roles: vec![777],
            ..Rights::default()
        },
    );
    let by_right = member(
        14,
        Rights {
            manage_messages: true,
            ..Rights::default()
        },
    );
    assert!(!s.send(40, &ana, new_game()).ephemeral);
    assert!(!s.send(40, &ben, Command::Join).ephemeral);
    assert!(!s.send(40, &cy, Command::Join).ephemeral);
    assert!(!s.send(40, &ana, Command::Start).ephemeral);
    let before = s.stored(40).unwrap();

    // Not a moderator (yet): refused privately, nothing changes.
    let remove_ben = Command::RemovePlayer { user: ben.id };
    for who in [&cy, &by_role] {
        let r = s.send(40, who, remove_ben.clone());
        assert!(r.ephemeral);
        assert!(r.text.starts_with("Only moderators"), "{}", r.text);
    }
    assert_eq!(s.stored(40).unwrap(), before);
    s.change(
        &admin(),
        SettingsChange {
            moderator_role: Some(Some(777)),
            ..SettingsChange::default()
        },
    );
    // Someone without a seat cannot be removed.
    let r = s.send(40, &by_role, Command::RemovePlayer { user: 999 });
    assert_eq!(r.text, "<@999> has no seat in this game.");
    // The role's holder takes Ben out: public, with who did it; the computer plays his seat.
    let r = s.send(40, &by_role, remove_ben);
    assert!(!r.ephemeral, "{}", r.text);
    assert!(
        r.text
            .contains("m13, a moderator, took m11 out of the game"),
        "{}",
        r.text
    );
    let g = s.stored(40).unwrap();
    let seat = g.seats.iter().find(|x| x.user == ben.id).unwrap();
    assert!(seat.computer && seat.resigned);

    // Handing Cy's seat to someone already seated is refused; to a newcomer it works.
    let r = s.send(
        40,
        &by_right,
        Command::HandSeat {
            from: cy.id,
            to: ana.id,
            to_name: "Ana".into(),
        },
    );
    assert_eq!(r.text, "<@10> already has a seat in this game.");
    let r = s.send(
        40,
        &by_right,
        Command::HandSeat {
            from: cy.id,
            to: 15,
            to_name: "Dee".into(),
        },
    );
    assert!(!r.ephemeral, "{}", r.text);
    assert!(
        r.text
            .contains("m14, a moderator, handed m12's seat to Dee."),
        "{}",
        r.text
    );
    let g = s.stored(40).unwrap();
    assert!(g.person_seat(cy.id).is_none());
    let dee = g.person_seat(15).expect("Dee sits");
    assert_eq!(g.seats[dee].name, "Dee");
    assert_eq!(g.record, before.record, "no move was made");

    // A moderator who did not open the game ends it, publicly.
    let r = s.send(40, &by_right, Command::Abort);
    assert_eq!(r.text, "m14, a moderator, ended the game.");
    assert!(s.stored(40).is_none());
}

#[test]
fn a_moderator_takes_a_person_out_of_a_lobby() {
    let s = Server::new();
    let (ana, ben) = (member(20, Rights::default()), member(21, Rights::default()));
    let moderator = member(
        22,
        Rights {
            manage_messages: true,
            ..Rights::default()
        },
    );
    assert!(!s.send(50, &ana, new_game()).ephemeral);
    assert!(!s.send(50, &ben, Command::Join).ephemeral);
    let r = s.send(50, &moderator, Command::RemovePlayer { user: ana.id });
    assert!(!r.ephemeral, "{}", r.text);
    let g = s.stored(50).unwrap();
    assert_eq!(g.seats.len(), 1);
    assert_eq!(g.creator, ben.id, "the lobby passes to the one left");
    // The last person out closes the lobby.
    s.send(50, &moderator, Command::RemovePlayer { user: ben.id });
    assert!(s.stored(50).is_none());
}

#[test]
fn notification_choices_per_channel_and_my_games() {
    use meeplebot::service::NotifyMode;
    let s = Server::new();
    let (ana, ben) = (member(60, Rights::default()), member(61, Rights::default()));
    // Both want a direct message in channel 70's games only.
    for who in [&ana, &ben] {
        let r = s.send(70, who, Command::NotifyHere(NotifyMode::Dm));
        assert!(r.ephemeral);
        assert!(
            r.text
                .starts_with("In this channel's games: You will get a direct message"),
            "{}",
            r.text
        );
    }
    assert!(!s.send(70, &ana, new_game()).ephemeral);
    assert!(!s.send(70, &ben, Command::Join).ephemeral);
    let started = s.send(70, &ana, Command::Start);
    assert!(started.ping.is_empty(), "{:?}", started.ping);
    assert_eq!(
        started.direct().len(),
        1,
        "the first player is told by direct message"
    );
    assert!(
        started.direct()[0].1.starts_with("Carcassonne in <#70>:"),
        "{:?}",
        started.direct()
    );
    // Elsewhere, the choice for every game (a ping by default).
    assert!(!s.send(71, &ana, new_game()).ephemeral);
    assert!(!s.send(71, &ben, Command::Join).ephemeral);
    let started = s.send(71, &ana, Command::Start);
    assert_eq!(started.ping.len(), 1);
    assert!(started.direct().is_empty());
    // A choice for every game replaces the ones made for one channel.
    s.send(71, &ana, Command::Notify(NotifyMode::Quiet));
    assert_eq!(
        s.svc.prefs(ana.id).notify_in(Key::new(GUILD, 70)),
        NotifyMode::Quiet
    );
    assert_eq!(
        s.svc.prefs(ben.id).notify_in(Key::new(GUILD, 70)),
        NotifyMode::Dm
    );

    // My games: both of Ana's on this server (the one where she is to play first), not a game
    // of another server; a lobby last.
    assert!(!s.send(72, &ana, new_game()).ephemeral);
    let other_server = s.svc.handle(Request {
        key: Key::new(GUILD + 1, 80),
        actor: ana.clone(),
        command: new_game(),
        now: 1_700_000_000,
        game: None,
        interaction: None,
        locale: Default::default(),
    });
    assert!(!other_server.ephemeral);
    let mine = s.send(1, &ana, Command::MyGames);
    assert!(mine.ephemeral);
    let lines: Vec<&str> = mine.text.lines().collect();
    assert_eq!(
        lines[0], "**Your games on this server** (3):",
        "{}",
        mine.text
    );
    assert_eq!(lines.len(), 4, "{}", mine.text);
    assert!(lines[3].starts_with("• <#72>: lobby"), "{}", mine.text);
    assert!(!mine.text.contains("<#80>"), "{}", mine.text);
    for line in &lines[1..3] {
        assert!(
            line.ends_with("**your turn**") || line.ends_with("<@61> to play"),
            "{line}"
        );
    }
    let none = s.send(1, &member(99, Rights::default()), Command::MyGames);
    assert!(
        none.text.starts_with("You sit in no game on this server."),
        "{}",
        none.text
    );
}
