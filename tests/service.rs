//! The game service over real sled storage: whole games among several users, every refusal,
//! restarts, damaged entries, concurrent commands, reminders and schema migration.

use meeplebot::bot::custom_id;
use meeplebot::engine::{Action, Figure, Rules};
use meeplebot::render::Renderer;
use meeplebot::service::storage::{frame, unframe, Key, Storage};
use meeplebot::service::stored::StoredGame;
use meeplebot::service::{
    Actor, Button, Command, FollowerChoice, NewGame, Notice, Reply, Request, Service, Settings,
    MAX_TEXT,
};
use meeplebot::store::SledStorage;
use std::sync::Arc;

const GUILD: u64 = 5;
const CH: Key = Key {
    guild: GUILD,
    channel: 1000,
};

fn key(channel: u64) -> Key {
    Key::new(GUILD, channel)
}

fn user(id: u64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        manager: false,
        rights: Default::default(),
    }
}

fn settings() -> Settings {
    Settings {
        seed: Some(11),
        ..Settings::default()
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    storage: Arc<SledStorage>,
    svc: Service,
    now: u64,
    /// Notices the worker produced (computer moves), in order.
    notices: Vec<Notice>,
    /// The service's settings, kept across restarts.
    settings: Settings,
}

fn check_reply(r: &Reply) {
    assert!(
        r.text.chars().count() <= MAX_TEXT,
        "text too long: {}",
        r.text.len()
    );
    assert!(r.buttons.len() <= 25);
    for b in &r.buttons {
        let id = custom_id::encode(&b.action);
        assert!(!id.is_empty() && id.len() <= 100, "{id}");
        assert_eq!(custom_id::decode(&id).as_ref(), Some(&b.action), "{id}");
    }
}

impl Fixture {
    fn new() -> Fixture {
        Fixture::with(settings())
    }

    fn with(settings: Settings) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db");
        let storage = Arc::new(SledStorage::open(&path).unwrap());
        let svc = Service::open(
            storage.clone(),
            Arc::new(Renderer::generated()),
            settings.clone(),
        )
        .unwrap();
        Fixture {
            _dir: dir,
            path,
            storage,
            svc,
            now: 1_700_000_000,
            notices: Vec::new(),
            settings,
        }
    }

    /// Drops the service and the database and opens both again (a restart).
    fn restart(self) -> Fixture {
        let Fixture {
            _dir,
            path,
            now,
            storage,
            svc,
            notices,
            settings,
        } = self;
        drop(svc);
        drop(storage);
        let storage = Arc::new(SledStorage::open(&path).unwrap());
        let svc = Service::open(
            storage.clone(),
            Arc::new(Renderer::generated()),
            settings.clone(),
        )
        .unwrap();
        Fixture {
            _dir,
            path,
            storage,
            svc,
            now,
            notices,
            settings,
        }
    }

    fn send(&mut self, who: &Actor, command: Command) -> Reply {
        self.send_in(CH, who, command)
    }

    fn request(&mut self, key: Key, who: &Actor, command: Command, game: Option<u64>) -> Reply {
        self.now += 60;
        let r = self.svc.handle(Request {
            key,
            actor: who.clone(),
            command,
            now: self.now,
            game,
            interaction: None,
            locale: Default::default(),
        });
        check_reply(&r);
        // The worker plays any computer turns now due.
        for n in self.svc.run_computers(self.now, 500) {
            check_reply(&n.reply);
            assert!(!n.reply.ephemeral);
            self.notices.push(n);
        }
        r
    }

    fn send_in(&mut self, key: Key, who: &Actor, command: Command) -> Reply {
        self.request(key, who, command, None)
    }

    /// Presses a button.
    fn click(&mut self, who: &Actor, b: &Button) -> Reply {
        self.request(CH, who, b.action.command.clone(), Some(b.action.game))
    }

    fn stored(&self) -> StoredGame {
        StoredGame::decode(&self.storage.get_game(CH).unwrap().unwrap()).unwrap()
    }

    /// The live game, rebuilt from what is stored.
    fn live(&self) -> meeplebot::engine::LiveGame {
        self.stored().live_game().unwrap().unwrap()
    }

    fn turns(&self) -> usize {
        self.stored()
            .record
            .map(|r| r.turns_played().unwrap())
            .unwrap_or(0)
    }

    /// Whose user id is to play now, via the stored game.
    fn current_user(&self) -> u64 {
        let s = self.stored();
        let g = s.live_game().unwrap().unwrap();
        assert_eq!(
            s.current_seat(),
            Some(g.current_player()),
            "seat read off the record"
        );
        s.seats[g.current_player()].user
    }
}

fn refused(r: &Reply, needle: &str) {
    assert!(r.ephemeral, "expected a refusal, got: {}", r.text);
    assert!(
        r.text.contains(needle),
        "expected {needle:?} in {:?}",
        r.text
    );
}

fn accepted(r: &Reply) {
    assert!(!r.ephemeral, "refused: {}", r.text);
}

/// Places the current player's tile at the first legal placement, with the first legal follower
/// place every third turn (to exercise followers) and none otherwise.
fn play_one(f: &mut Fixture, players: &[Actor]) -> Reply {
    let uid = f.current_user();
    let who = players.iter().find(|p| p.id == uid).unwrap().clone();
    let choices = f.svc.placement_choices(CH, uid, 25);
    assert!(!choices.is_empty());
    assert!(choices.len() <= 25);
    let v = [choices[0].x, choices[0].y, choices[0].rotation];
    let spots = f.svc.follower_choices(CH, v[0], v[1], v[2]);
    let follower = match (f.turns() % 3, spots.first()) {
        (0, Some(a)) => FollowerChoice::Act(*a),
        _ => FollowerChoice::Act(Action::Pass),
    };
    f.send(
        &who,
        Command::Place {
            x: v[0],
            y: v[1],
            rotation: v[2],
            follower,
        },
    )
}

fn lobby(f: &mut Fixture, alice: &Actor, bob: &Actor) {
    let r = f.send(alice, Command::New(NewGame::default()));
    accepted(&r);
    assert!(r.buttons.iter().any(|b| b.label == "Join"));
    accepted(&f.send(bob, Command::Join));
}

#[test]
fn a_whole_game_among_two_people_and_a_computer() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::AddComputer));
    let start = f.send(&alice, Command::Start);
    accepted(&start);
    // One picture per turn message: the board around the action, made for phones.
    assert_eq!(start.files.len(), 1);
    assert_eq!(start.files[0].name, "turn.png");
    assert!(start.files[0].description.contains("fits at"));
    assert!(start.buttons.iter().any(|b| b.label == "Place"));
    assert_eq!(start.ping.len(), 1, "the next player is pinged");
    assert!(start.text.contains(&format!("<@{}>", start.ping[0])));
    let players = [alice.clone(), bob.clone()];
    let is_final = |r: &Reply| r.files.iter().any(|a| a.name == "final.png");
    let mut last = start;
    let mut moves = 0;
    loop {
        if is_final(&last) || f.notices.iter().any(|n| is_final(&n.reply)) {
            break;
        }
        last = play_one(&mut f, &players);
        accepted(&last);
        moves += 1;
        assert!(moves < 100);
        if !is_final(&last)
            && f.svc.computer_queue_len() == 0
            && f.storage.get_game(CH).unwrap().is_some()
        {
            // Every turn pings exactly the next person and names them (after the computer's
            // move, that notice does).
            let pinger = f
                .notices
                .last()
                .map(|n| &n.reply)
                .filter(|_| last.ping.is_empty())
                .unwrap_or(&last);
            assert_eq!(
                pinger.ping.to_vec(),
                vec![f.current_user()],
                "{}",
                pinger.text
            );
            assert!(last.text.contains("placed"));
            // Every turn message has the scores and names the drawn tile in words.
            for r in [&last, pinger] {
                assert!(
                    r.text.contains("Scores: 🔴 Alice ") && r.text.contains(" · 🔵 Bob "),
                    "{}",
                    r.text
                );
                assert!(r.text.contains("** ("), "the tile in words: {}", r.text);
            }
        }
    }
    assert!(moves >= 40, "two people made {moves} moves");
    // The computer's moves came as later messages, each with the board.
    let computer_moves: Vec<&Notice> = f
        .notices
        .iter()
        .filter(|n| n.reply.text.contains("**Computer 1** placed"))
        .collect();
    assert!(
        computer_moves.len() >= 20,
        "{} computer moves",
        computer_moves.len()
    );
    assert!(computer_moves.iter().all(|n| n.key == CH
        && n.reply
            .files
            .iter()
            .any(|a| a.name == "turn.png" || a.name == "final.png")));
    let last = if is_final(&last) {
        last
    } else {
        f.notices
            .iter()
            .rev()
            .find(|n| is_final(&n.reply))
            .unwrap()
            .reply
            .clone()
    };
    assert!(last.text.contains("final scoring"));
    assert!(last.text.contains("win"));
    let mut pinged = last.ping.to_vec();
    pinged.sort();
    assert_eq!(
        pinged,
        vec![1, 2],
        "the end pings both people, not the computer"
    );
    // The channel is free again and the game is in its history.
    assert!(f.storage.get_game(CH).unwrap().is_none());
    let h = f.send(&alice, Command::History);
    accepted(&h);
    assert!(h.text.contains("won by"), "{}", h.text);
    refused(&f.send(&alice, Command::Status), "no game");
    // `export` still gives the finished game's whole record, also once a new lobby is open.
    for open_lobby in [false, true] {
        if open_lobby {
            accepted(&f.send(&bob, Command::New(NewGame::default())));
        }
        let r = f.send(&alice, Command::Export);
        assert!(!r.ephemeral, "{}", r.text);
        let rec =
            meeplebot::engine::Record::from_json(std::str::from_utf8(&r.files[0].bytes).unwrap())
                .unwrap();
        let g = meeplebot::engine::replay(&rec).unwrap();
        assert!(g.is_over(), "the whole game ({} turns)", g.turn_count());
    }
}

#[test]
fn every_refusal_is_one_clear_line_and_changes_nothing() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let carol = user(3, "Carol");
    refused(&f.send(&alice, Command::Start), "no game");
    refused(
        &f.send(
            &alice,
            Command::Place {
                x: 0,
                y: 1,
                rotation: 0,
                follower: FollowerChoice::Act(Action::Pass),
            },
        ),
        "no game",
    );
    refused(
        &f.send(
            &alice,
            Command::New(NewGame {
                sets: Some(vec!["dragons".into()]),
                ..NewGame::default()
            }),
        ),
        "no tile set called",
    );
    refused(
        &f.send(
            &alice,
            Command::New(NewGame {
                max_players: Some(9),
                ..NewGame::default()
            }),
        ),
        "2 to 6",
    );
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            max_players: Some(2),
            ..NewGame::default()
        }),
    ));
    refused(
        &f.send(&bob, Command::New(NewGame::default())),
        "already has an open lobby",
    );
    refused(&f.send(&alice, Command::Join), "already have a seat");
    refused(&f.send(&alice, Command::Start), "at least 2 players");
    refused(&f.send(&bob, Command::Leave), "not in this lobby");
    refused(&f.send(&alice, Command::Status), "not started");
    accepted(&f.send(&bob, Command::Join));
    refused(&f.send(&carol, Command::Join), "full");
    refused(&f.send(&bob, Command::Start), "Only");
    refused(&f.send(&carol, Command::Abort), "Only the game's creator");
    let before = f.storage.get_game(CH).unwrap();
    accepted(&f.send(&alice, Command::Start));
    let started = f.stored();
    assert_ne!(before, f.storage.get_game(CH).unwrap());
    refused(&f.send(&carol, Command::Join), "already started");
    refused(
        &f.send(&alice, Command::New(NewGame::default())),
        "already has a game running",
    );

    // Turn refusals. Alice moves first.
    assert_eq!(f.current_user(), 1);
    let choices = f.svc.placement_choices(CH, 1, 25);
    assert!(
        f.svc.placement_choices(CH, 2, 25).is_empty(),
        "no suggestions for the waiting player"
    );
    let v = [choices[0].x, choices[0].y, choices[0].rotation];
    let place = |x: i64, y: i64, rotation: i64, follower: FollowerChoice| Command::Place {
        x,
        y,
        rotation,
        follower,
    };
    refused(
        &f.send(
            &bob,
            place(v[0], v[1], v[2], FollowerChoice::Act(Action::Pass)),
        ),
        "Alice's turn, not yours",
    );
    refused(
        &f.send(
            &carol,
            place(v[0], v[1], v[2], FollowerChoice::Act(Action::Pass)),
        ),
        "not yours",
    );
    refused(
        &f.send(
            &alice,
            place(v[0], v[1], 45, FollowerChoice::Act(Action::Pass)),
        ),
        "Rotation must be 0, 90, 180 or 270",
    );
    refused(
        &f.send(&alice, place(5, 5, 0, FollowerChoice::Act(Action::Pass))),
        "does not touch any placed tile",
    );
    refused(
        &f.send(&alice, place(0, 0, 0, FollowerChoice::Act(Action::Pass))),
        "already has a tile",
    );
    refused(
        &f.send(
            &alice,
            place(i64::MAX, 0, 0, FollowerChoice::Act(Action::Pass)),
        ),
        "far off the board",
    );
    refused(
        &f.send(
            &alice,
            place(v[0], v[1], v[2], FollowerChoice::Typed("castle:N".into())),
        ),
        "not a follower place",
    );
    refused(
        &f.send(
            &alice,
            place(v[0], v[1], v[2], FollowerChoice::Typed("cloister".into())),
        ),
        "",
    );
    refused(&f.send(&carol, Command::Resign), "Only seated players");
    refused(&f.send(&bob, Command::Abort), "Only the game's creator");
    assert_eq!(f.stored(), started, "no refusal changed the stored game");

    // A placement without a follower choice asks with buttons, applies nothing yet.
    let spots = f.svc.follower_choices(CH, v[0], v[1], v[2]);
    if !spots.is_empty() {
        let ask = f.send(&alice, place(v[0], v[1], v[2], FollowerChoice::Ask));
        assert!(ask.ephemeral);
        assert_eq!(ask.buttons.len(), spots.len() + 1);
        assert!(ask.buttons.iter().any(|b| b.label == "No follower"));
        assert_eq!(f.stored(), started);
        // A button of this turn works once; clicked again it is stale.
        let click = ask.buttons[0].clone();
        accepted(&f.click(&alice, &click));
        refused(&f.click(&alice, &click), "earlier turn");
        assert_eq!(f.turns(), 1);
    }
    // A manager may abort someone else's game.
    let mut mgr = user(9, "Mod");
    mgr.manager = true;
    accepted(&f.send(&mgr, Command::Abort));
    assert!(f.storage.get_game(CH).unwrap().is_none());
}

#[test]
fn a_restart_in_the_middle_continues_exactly() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    for _ in 0..10 {
        accepted(&play_one(&mut f, &players));
    }
    let before = f.stored();
    let status_before = f.send(&alice, Command::Status).text;
    let mut f = f.restart();
    assert_eq!(f.stored(), before);
    assert_eq!(f.send(&alice, Command::Status).text, status_before);
    for _ in 0..10 {
        accepted(&play_one(&mut f, &players));
    }
    assert_eq!(
        f.turns(),
        20 + before.record.unwrap().turns_played().unwrap() - 10
    );
}

#[test]
fn a_damaged_entry_stops_only_its_own_game() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    // Another channel's entry is garbage.
    f.storage
        .put_game(key(77), None, b"{\"schema\": 2, \"creator\": ", b"", None)
        .unwrap();
    f.storage
        .put_game(key(78), None, b"{\"schema\": 99}", b"", None)
        .unwrap();
    // One flipped byte inside a stored game is caught by its checksum.
    let mut flipped = frame(3, &f.stored().encode());
    let n = flipped.len();
    flipped[n / 2] ^= 0x04;
    f.storage
        .put_game(key(79), None, &flipped, b"", None)
        .unwrap();
    let mut f = f.restart();
    refused(
        &f.send_in(key(77), &alice, Command::Status),
        "cannot be read",
    );
    refused(
        &f.send_in(key(78), &alice, Command::Status),
        "newer meeplebot",
    );
    refused(
        &f.send_in(key(79), &alice, Command::Board { around: None }),
        "checksum",
    );
    refused(
        &f.send_in(key(77), &alice, Command::Abort),
        "manage this channel",
    );
    // The healthy game goes on.
    accepted(&play_one(&mut f, &[alice.clone(), bob.clone()]));
    let mut mgr = user(9, "Mod");
    mgr.manager = true;
    accepted(&f.send_in(key(77), &mgr, Command::Abort));
    accepted(&f.send_in(key(79), &mgr, Command::Abort));
    assert!(f.storage.get_game(key(77)).unwrap().is_none());
    accepted(&f.send_in(key(77), &alice, Command::New(NewGame::default())));
}

#[test]
fn two_players_pressing_at_once_apply_exactly_one_move() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let choices = f.svc.placement_choices(CH, 1, 25);
    assert!(choices.len() >= 2);
    let now = f.now + 10;
    let svc = &f.svc;
    let replies: Vec<Reply> = std::thread::scope(|s| {
        let hs: Vec<_> = choices[..2]
            .iter()
            .map(|c| {
                let v = [c.x, c.y, c.rotation];
                let alice = alice.clone();
                s.spawn(move || {
                    svc.handle(Request {
                        key: CH,
                        game: None,
                        interaction: None,
                        locale: Default::default(),
                        actor: alice,
                        // Two clicks of the same turn's buttons.
                        command: Command::Play {
                            turn: 0,
                            step: None,
                            actions: vec![
                                meeplebot::service::place_action(v[0], v[1], v[2]).unwrap(),
                                Action::Pass,
                            ],
                        },
                        now,
                    })
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(replies.iter().filter(|r| !r.ephemeral).count(), 1);
    assert_eq!(replies.iter().filter(|r| r.ephemeral).count(), 1);
    assert_eq!(f.turns(), 1);
}

#[test]
fn reminders_come_due_once_and_survive_a_restart() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let r = f.send(
        &alice,
        Command::New(NewGame {
            reminder_hours: Some(2),
            ..NewGame::default()
        }),
    );
    accepted(&r);
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let t0 = f.now;
    assert!(f.svc.due_reminders(t0 + 3600).is_empty());
    let due = f.svc.due_reminders(t0 + 2 * 3600);
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].reply.ping.to_vec(), vec![1]);
    assert_eq!(due[0].key, CH);
    assert!(due[0].reply.text.contains("<@1>"));
    assert!(
        f.svc.due_reminders(t0 + 2 * 3600 + 60).is_empty(),
        "sent once"
    );
    let f = f.restart();
    assert!(
        f.svc.due_reminders(t0 + 3 * 3600).is_empty(),
        "not repeated after a restart"
    );
    let again = f.svc.due_reminders(t0 + 4 * 3600);
    assert_eq!(again.len(), 1, "the next one is rebuilt from the store");
}

#[test]
fn old_schema_entries_are_migrated() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    // Turn the stored entry into schema 1 (no reminder interval, no lobby size).
    rewrite_stored(&mut f, |v| {
        let o = v.as_object_mut().unwrap();
        o.insert("schema".into(), 1.into());
        o.remove("reminder_hours");
        o.remove("max_players");
        o.remove("id");
    });
    let mut f = f.restart();
    let r = f.send(&alice, Command::Start);
    accepted(&r);
    let s = f.stored();
    assert_eq!(s.schema, 2);
    assert_eq!(s.reminder_hours, 12);
    assert_eq!(s.max_players, 6);
}

/// Rewrites the channel's stored game with `edit`, as older versions stored it: bare JSON,
/// without a frame or an index entry.
fn rewrite_stored(f: &mut Fixture, edit: impl FnOnce(&mut serde_json::Value)) {
    let stored = f.storage.get_game(CH).unwrap().unwrap();
    let (version, json) = unframe(&stored).unwrap();
    let mut v: serde_json::Value = serde_json::from_slice(json).unwrap();
    edit(&mut v);
    f.storage
        .put_game(
            CH,
            Some(version),
            &serde_json::to_vec(&v).unwrap(),
            b"",
            None,
        )
        .unwrap();
}

/// Rewrites the channel's stored game as it was stored before rule revisions: no `revision`
/// in its rules nor in its record's.
fn strip_revision(f: &mut Fixture) {
    rewrite_stored(f, |v| {
        v["rules"].as_object_mut().unwrap().remove("revision");
        if let Some(r) = v["record"].as_object_mut() {
            r["rules"].as_object_mut().unwrap().remove("revision");
        }
    });
}

/// A game begins at the current rules revision (also from a lobby stored before revisions);
/// a game stored running before them keeps its readings to its end, and `rules` says so.
#[test]
fn a_game_begun_before_the_rules_revision_keeps_its_readings() {
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let players = [alice.clone(), bob.clone()];
    let river = || {
        Command::New(NewGame {
            sets: Some(vec!["river".into()]),
            ..NewGame::default()
        })
    };
    // A lobby stored before revisions starts at the current one.
    let mut f = Fixture::new();
    accepted(&f.send(&alice, river()));
    accepted(&f.send(&bob, Command::Join));
    strip_revision(&mut f);
    let mut f = f.restart();
    assert_eq!(f.stored().rules.revision, Rules::LEGACY);
    accepted(&f.send(&alice, Command::Start));
    let s = f.stored();
    assert_eq!(s.rules.revision, Rules::CURRENT);
    assert_eq!(s.record.unwrap().rules.revision, Rules::CURRENT);
    let rules = f.send(&alice, Command::Rules);
    assert!(!rules.text.contains("revision"), "{}", rules.text);
    // A game stored running before revisions keeps revision 0, through moves and restarts.
    strip_revision(&mut f);
    let mut f = f.restart();
    for _ in 0..3 {
        accepted(&play_one(&mut f, &players));
    }
    let mut f = f.restart();
    let s = f.stored();
    assert_eq!(s.rules.revision, Rules::LEGACY);
    assert_eq!(s.record.as_ref().unwrap().rules.revision, Rules::LEGACY);
    assert_eq!(
        s.live_game().unwrap().unwrap().rules().revision,
        Rules::LEGACY
    );
    let rules = f.send(&alice, Command::Rules);
    assert!(rules.text.contains("(revision 0:"), "{}", rules.text);
}

#[test]
fn names_that_look_like_mentions_ping_nobody() {
    let mut f = Fixture::new();
    let alice = user(1, "@everyone");
    let bob = user(2, "<@3> Bob");
    lobby(&mut f, &alice, &bob);
    let r = f.send(&alice, Command::Start);
    assert!(!r.text.contains("@everyone"));
    assert!(!r.text.contains("<@3>"));
    assert_eq!(r.ping.to_vec(), vec![1]);
}

#[test]
fn export_gives_a_record_that_replays() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    refused(
        &f.send(&alice, Command::Export),
        "none has been played here",
    );
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    for _ in 0..6 {
        accepted(&play_one(&mut f, &players));
    }
    let r = f.send(&bob, Command::Export);
    let file = &r.files[0];
    let rec =
        meeplebot::engine::Record::from_json(std::str::from_utf8(&file.bytes).unwrap()).unwrap();
    let g = meeplebot::engine::replay(&rec).unwrap();
    assert_eq!(g.turn_count(), f.turns());
}

#[test]
fn inns_and_cathedrals_offer_the_large_follower() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            sets: Some(vec!["inns".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&bob, Command::Join));
    refused(
        &f.send(
            &bob,
            Command::New(NewGame {
                sets: Some(vec!["river".into()]),
                ..NewGame::default()
            }),
        ),
        "already",
    );
    accepted(&f.send(&alice, Command::Start));
    assert_eq!(
        f.stored().deck.len(),
        88,
        "72 + 18 tiles minus the start tile and the tile drawn"
    );
    // Find a placement with a follower place and ask: large-follower buttons are offered.
    let uid = f.current_user();
    let who = if uid == 1 { alice.clone() } else { bob.clone() };
    let choice = f
        .svc
        .placement_choices(CH, uid, 500)
        .into_iter()
        .map(|c| vec![c.x, c.y, c.rotation])
        .find(|v| !f.svc.follower_choices(CH, v[0], v[1], v[2]).is_empty())
        .unwrap();
    let ask = f.send(
        &who,
        Command::Place {
            x: choice[0],
            y: choice[1],
            rotation: choice[2],
            follower: FollowerChoice::Ask,
        },
    );
    let large = ask
        .buttons
        .iter()
        .find(|b| b.label.starts_with("Large follower"))
        .expect("large button");
    let large = large.clone();
    let r = f.click(&who, &large);
    accepted(&r);
    assert!(r.text.contains("with a large"), "{}", r.text);
    let s = f.stored();
    let g = s.live_game().unwrap().unwrap();
    assert_eq!(g.supplies()[(uid - 1) as usize].count(Figure::Large), 0);
}

#[test]
fn a_river_game_starts_with_the_spring_and_river_tiles() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            sets: Some(vec!["river".into(), "inns".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let s = f.stored();
    // The bag: the spring is placed and the first river tile drawn (it is in the record's log).
    assert_eq!(s.deck.len(), 71 + 11 + 18 - 1);
    let first = s.record.as_ref().unwrap().log[0].draw.clone().unwrap();
    assert!(first.starts_with("RV-") && first != "RV-02", "{first}");
    assert!(
        s.deck[..9].iter().all(|t| t.starts_with("RV-")),
        "{:?}",
        &s.deck[..10]
    );
    assert_eq!(s.deck[9], "RV-02");
    let g = s.live_game().unwrap().unwrap();
    assert_eq!(g.tiles()[0].tile.name(), "RV-01");
    let players = [alice.clone(), bob.clone()];
    for _ in 0..12 {
        accepted(&play_one(&mut f, &players));
    }
}

/// A whole Traders & Builders + Abbot game through the service, moved by buttons: builders (with
/// the second turn told in the text), pigs, abbots and the recall are offered and played, the seat
/// to play stored with each move matches the engine's, and the final scoring counts goods.
#[test]
fn traders_and_abbot_play_through_the_service_with_buttons() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            sets: Some(vec!["traders".into(), "abbot".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let mut seen = std::collections::BTreeSet::new();
    let mut texts = String::new();
    let mut finished = false;
    for turn in 0..200 {
        let uid = f.current_user();
        let who = players.iter().find(|p| p.id == uid).unwrap().clone();
        let choices = f.svc.placement_choices(CH, uid, 25);
        assert!(!choices.is_empty());
        let placements: Vec<Vec<i64>> =
            choices.iter().map(|c| vec![c.x, c.y, c.rotation]).collect();
        // Prefer a placement that extends one's builder, then one that offers a special figure.
        let live = f.stored().live_game().unwrap().unwrap();
        let rank = |v: &Vec<i64>| {
            let mut g = live.clone();
            let at = meeplebot::engine::Pos::new(v[0] as i32, v[1] as i32);
            let rot = meeplebot::engine::Rotation::from_degrees(v[2]).unwrap();
            let out = g
                .play_turn(at, rot, meeplebot::engine::Action::Pass)
                .unwrap();
            if out.extra_turn {
                return 0;
            }
            let acts = f.svc.follower_choices(CH, v[0], v[1], v[2]);
            1 + ["builder", "recall", "abbot", "pig"]
                .iter()
                .position(|k| {
                    acts.iter()
                        .any(|a| meeplebot::service::figure_choice_text(*a).starts_with(k))
                })
                .unwrap_or(9)
        };
        let v = placements.iter().min_by_key(|v| rank(v)).unwrap().clone();
        let ask = f.send(
            &who,
            Command::Place {
                x: v[0],
                y: v[1],
                rotation: v[2],
                follower: FollowerChoice::Ask,
            },
        );
        let reply = if ask.ephemeral {
            assert!(ask.buttons.len() <= 25);
            for b in &ask.buttons {
                seen.insert(b.label.split(' ').next().unwrap().to_string());
            }
            let pick = ["Builder", "Call", "Abbot", "Pig"]
                .iter()
                .find_map(|k| ask.buttons.iter().find(|b| b.label.starts_with(k)))
                .or_else(|| {
                    // Farmers now and then, so that pigs have farms to join.
                    ask.buttons
                        .iter()
                        .find(|b| turn % 3 == 0 && b.label.starts_with("Follower on field"))
                })
                .or_else(|| {
                    ask.buttons
                        .iter()
                        .find(|b| turn % 3 == 0 && b.label.starts_with("Follower"))
                })
                .or_else(|| ask.buttons.last())
                .unwrap()
                .clone();
            f.click(&who, &pick)
        } else {
            ask
        };
        accepted(&reply);
        texts.push_str(&reply.text);
        texts.push('\n');
        if reply.text.contains("final scoring") {
            finished = true;
            break;
        }
    }
    assert!(finished, "the game did not end");
    for label in ["Builder", "Pig", "Abbot", "Call", "Follower"] {
        assert!(seen.contains(label), "no {label} button in {seen:?}");
    }
    assert!(texts.contains("with a builder on"), "{texts}");
    assert!(texts.contains("builds on: the builder gives a second tile"));
    assert!(texts.contains("called the abbot back"));
    assert!(texts.contains("final scoring"));
    // Goods tokens were taken and counted at the end.
    assert!(texts.contains("token"), "{texts}");
    assert!(texts.contains(", goods "), "{texts}");
}

#[test]
fn tiles_are_named_in_words_players_know() {
    use meeplebot::engine::TileId;
    use meeplebot::i18n::Lang;
    use meeplebot::service::text::tile_words;
    let words = |id: &str| tile_words(Lang::En, TileId::parse(id).unwrap());
    assert_eq!(words("D"), "city cap and straight road");
    assert_eq!(words("B"), "cloister");
    assert_eq!(words("A"), "cloister and road end");
    assert_eq!(words("H"), "two city caps");
    assert_eq!(words("O"), "city corner with a shield and road curve");
    assert_eq!(words("X"), "4-way crossroads");
    assert_eq!(words("IC-H"), "four city caps");
    assert_eq!(words("IC-K"), "city on every side with a cathedral");
    assert_eq!(words("IC-B"), "straight road with an inn");
    assert_eq!(words("RV-01"), "river spring");
    assert_eq!(words("PD-V1"), "volcano");
    assert_eq!(words("TW-02"), "tower foundation");
}

#[test]
fn the_tower_plays_through_the_service_with_captures_guards_and_a_ransom_across_a_restart() {
    use meeplebot::service::figure_choice_text;
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            sets: Some(vec!["tower".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let (mut captures, mut guards, mut ransomed) = (0, 0, false);
    let mut texts = String::new();
    let mut last = f.send(&alice, Command::Status);
    assert!(last.text.contains("10 tower pieces"), "{}", last.text);
    let mut finished = false;
    for turn in 0..200 {
        let uid = f.current_user();
        let who = players.iter().find(|p| p.id == uid).unwrap().clone();
        let other = players.iter().find(|p| p.id != uid).unwrap().clone();
        let live = f.stored().live_game().unwrap().unwrap();
        let me = live.current_player();
        if let Some(b) = last
            .buttons
            .iter()
            .find(|b| b.label.starts_with("Pay a ransom"))
        {
            if !ransomed {
                let b = b.clone();
                refused(&f.click(&other, &b), "Only the player to play");
                let before = live.scores().to_vec();
                let mut r = f.click(&who, &b);
                if r.ephemeral {
                    // Several holders or figures: choose one.
                    let pick = r.buttons.first().expect("ransom choices").clone();
                    r = f.click(&who, &pick);
                }
                accepted(&r);
                assert!(
                    r.text.contains("pays") && r.text.contains("3 points"),
                    "{}",
                    r.text
                );
                texts.push_str(&r.text);
                f = f.restart();
                let s = f.stored();
                let log = &s.record.as_ref().unwrap().log;
                assert!(
                    log.last().is_some_and(|a| a.ransom.is_some()),
                    "the ransom was not saved"
                );
                let g = s.live_game().unwrap().unwrap();
                assert!(g.ransom_paid());
                assert_eq!(g.scores()[me], before[me] - 3);
                assert_eq!(g.scores().iter().sum::<u32>(), before.iter().sum::<u32>());
                refused(&f.click(&who, &b), "already paid a ransom");
                // The typed form (`/carcassonne ransom`) goes the same way.
                let typed = |text: &str| Command::Decide {
                    text: text.into(),
                    turn: None,
                };
                refused(
                    &f.send(&who, typed("ransom large")),
                    "already paid a ransom",
                );
                refused(&f.send(&other, typed("ransom")), "Only the player to play");
                ransomed = true;
            }
        }
        let live = f.stored().live_game().unwrap().unwrap();
        let choices = f.svc.placement_choices(CH, uid, 60);
        assert!(!choices.is_empty());
        // A capture of the other player's follower if any placement offers one, else a guard
        // now and then, else a follower every other turn.
        let owner_of = |c: &meeplebot::engine::Capture| {
            live.meeples()
                .iter()
                .find(|m| live.tiles()[m.tile_index as usize].pos == c.on && m.spot == c.spot)
                .map(|m| m.player as usize)
        };
        let mut pick: Option<(i64, i64, i64, Action)> = None;
        let mut fallback = None;
        for c in &choices {
            let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
            if let Some(a) = acts.iter().find(|a| match a {
                Action::Tower {
                    capture: Some(cap), ..
                } => owner_of(cap).is_some_and(|o| o != me),
                _ => false,
            }) {
                pick = Some((c.x, c.y, c.rotation, *a));
                break;
            }
            if fallback.is_none() {
                let guard = acts
                    .iter()
                    .find(|a| matches!(a, Action::DeployOn { .. }) && guards < 2);
                let deploy = acts.iter().find(|a| matches!(a, Action::Deploy { .. }));
                let act = match (guard, deploy) {
                    (Some(g), _) => *g,
                    (None, Some(d)) if turn % 2 == 0 => *d,
                    _ => Action::Pass,
                };
                fallback = Some((c.x, c.y, c.rotation, act));
            }
        }
        let (x, y, rotation, act) = pick.or(fallback).unwrap();
        match act {
            Action::Tower { .. } => captures += 1,
            Action::DeployOn { .. } => guards += 1,
            _ => {}
        }
        // Typed as a player would, so the text form is read back.
        let r = f.send(
            &who,
            Command::Place {
                x,
                y,
                rotation,
                follower: FollowerChoice::Typed(figure_choice_text(act)),
            },
        );
        accepted(&r);
        texts.push_str(&r.text);
        texts.push('\n');
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(
        captures > 0 && guards > 0,
        "captures {captures}, guards {guards}"
    );
    assert!(ransomed, "no ransom was ever possible");
    assert!(texts.contains("added a tower piece at"), "{texts}");
    assert!(texts.contains("prisoner."), "{texts}");
    assert!(texts.contains("closing it"), "{texts}");
    assert!(texts.contains("pays"), "{texts}");
    // The record holds the ransom and replays.
    let export = f.svc.handle(Request {
        key: CH,
        actor: alice.clone(),
        command: Command::Export,
        now: f.now + 1,
        game: None,
        interaction: None,
        locale: Default::default(),
    });
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(json.contains("\"ransom\""), "no ransom in the record");
    assert!(json.contains("\"capture\""), "no capture in the record");
    let record = meeplebot::engine::Record::from_json(&json).unwrap();
    meeplebot::engine::replay(&record).unwrap();
}

/// The seat that must decide now (the dragon's mover during a journey) and its user.
fn decider(f: &Fixture) -> (usize, u64) {
    let s = f.stored();
    let g = s.live_game().unwrap().unwrap();
    let seat = g.pending().seat;
    assert_eq!(s.current_seat(), Some(seat), "the stored seat to decide");
    (seat, s.seats[seat].user)
}

#[test]
fn dragon_journeys_are_moved_by_each_player_with_buttons_across_a_restart() {
    use meeplebot::engine::Decision;
    use meeplebot::service::figure_choice_text;
    let mut f = Fixture::new();
    let players = [user(1, "Alice"), user(2, "Bob"), user(3, "Carol")];
    accepted(&f.send(
        &players[0],
        Command::New(NewGame {
            sets: Some(vec!["princess".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&players[1], Command::Join));
    accepted(&f.send(&players[2], Command::Join));
    accepted(&f.send(&players[0], Command::Start));
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    // A set's own decision of a set the game does not use is refused, naming the set.
    refused(
        &f.send(
            &players[0],
            Command::Decide {
                text: "ransom".into(),
                turn: None,
            },
        ),
        "Ransoms belong to the Tower",
    );
    let mut last = f.send(&players[0], Command::Status);
    assert!(
        last.text.contains("Dragon: beside the board"),
        "{}",
        last.text
    );
    let mut movers = std::collections::BTreeSet::new();
    let (mut steps, mut restarted, mut bot_steps, mut fairies, mut portals) = (0, false, 0, 0, 0);
    let mut texts = String::new();
    let mut finished = false;
    let mut undo_checked = false;
    for turn in 0..400 {
        let s = f.stored();
        let g = s.live_game().unwrap().unwrap();
        let (seat, uid) = decider(&f);
        if let Decision::DragonMove { step } = g.pending().decision {
            let buttons: Vec<Button> = last
                .buttons
                .iter()
                .filter(|b| {
                    matches!(&b.action.command, Command::Play { actions, .. }
                        if matches!(actions[..], [Action::MoveDragon { .. }]))
                })
                .cloned()
                .collect();
            assert!(!buttons.is_empty(), "no direction buttons: {}", last.text);
            assert!(
                last.text.contains(&format!("step {} of 6", step + 1)),
                "{}",
                last.text
            );
            assert_eq!(last.ping.to_vec(), vec![uid], "the mover is pinged");
            // Every button is a legal step.
            assert_eq!(buttons.len(), g.legal_actions().len());
            if steps == 3 && bot_steps == 0 {
                // This player is away: after the reminder interval the bot takes the step.
                f.now += 13 * 3600;
                let notices = f.svc.due_reminders(f.now);
                assert_eq!(notices.len(), 1);
                let n = &notices[0].reply;
                assert!(n.text.contains("the bot moved it for them"), "{}", n.text);
                texts.push_str(&n.text);
                last = n.clone();
                bot_steps += 1;
                continue;
            }
            let other = players.iter().find(|p| p.id != uid).unwrap().clone();
            refused(&f.click(&other, &buttons[0]), "not yours");
            if steps == 1 && !restarted {
                f = f.restart();
                restarted = true;
            }
            // While the journey waits, placing is refused and says who moves the dragon.
            refused(
                &f.send(
                    &by(uid),
                    Command::Place {
                        x: 0,
                        y: 1,
                        rotation: 0,
                        follower: FollowerChoice::Ask,
                    },
                ),
                "The dragon is on its journey",
            );
            // Every other step is typed (`/carcassonne dragon`), through the same path: the
            // others are refused, the mover's step is taken.
            let typed = match &buttons[0].action.command {
                Command::Play { actions, .. } => Command::Decide {
                    text: meeplebot::service::action_text(actions[0]),
                    turn: None,
                },
                c => panic!("{c:?}"),
            };
            assert!(matches!(&typed, Command::Decide { text, .. } if text.starts_with("dragon ")));
            let r = if steps % 2 == 0 {
                refused(&f.send(&other, typed.clone()), "to take, not yours");
                f.send(&by(uid), typed)
            } else {
                f.click(&by(uid), &buttons[0])
            };
            accepted(&r);
            assert!(r.text.contains("moves the dragon"), "{}", r.text);
            refused(&f.click(&by(uid), &buttons[0]), "earlier step");
            movers.insert(uid);
            steps += 1;
            texts.push_str(&r.text);
            texts.push('\n');
            if r.text.contains("final scoring") {
                finished = true;
                break;
            }
            last = r;
            continue;
        }
        assert_eq!(seat, g.current_player());
        // Once: the player whose tile sent the dragon on a journey others moved cannot take it
        // back alone; a refusal keeps it.
        let journeyed = g.turns().next_back().filter(|t| {
            t.after_act()
                .any(|a| matches!(a, Action::MoveDragon { .. }))
        });
        if let (false, Some(t)) = (undo_checked, journeyed) {
            let mover = by(s.seats[t.seat()].user);
            let ask = f.send(&mover, Command::Undo);
            accepted(&ask);
            let keep = button_labelled(&ask, "Keep the move");
            let other = players.iter().find(|p| p.id != mover.id).unwrap().clone();
            accepted(&f.click(&other, &keep));
            assert_eq!(f.stored().record, s.record, "nothing was taken back");
            undo_checked = true;
            continue;
        }
        let who = by(uid);
        let choices = f.svc.placement_choices(CH, uid, 40);
        assert!(!choices.is_empty());
        // Prefer a dragon tile's placement as it comes; use the fairy and portals now and then.
        let c = &choices[turn % choices.len().min(3)];
        let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
        let act = acts
            .iter()
            .find(|a| matches!(a, Action::Princess { .. }))
            .or_else(|| acts.iter().find(|a| matches!(a, Action::DeployOn { .. })))
            .or_else(|| {
                acts.iter()
                    .find(|a| turn % 4 == 1 && matches!(a, Action::Fairy { .. }))
            })
            .or_else(|| {
                acts.iter()
                    .find(|a| turn % 2 == 0 && matches!(a, Action::Deploy { .. }))
            })
            .copied()
            .unwrap_or(Action::Pass);
        match act {
            Action::Fairy { .. } => fairies += 1,
            Action::DeployOn { .. } => portals += 1,
            _ => {}
        }
        let r = f.send(
            &who,
            Command::Place {
                x: c.x,
                y: c.y,
                rotation: c.rotation,
                follower: FollowerChoice::Typed(figure_choice_text(act)),
            },
        );
        accepted(&r);
        texts.push_str(&r.text);
        texts.push('\n');
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(steps >= 4, "dragon steps by people: {steps}");
    assert_eq!(movers.len(), 3, "every player moved the dragon");
    assert!(restarted && bot_steps == 1);
    assert!(undo_checked, "no journey to take back");
    assert!(
        fairies > 0 && portals > 0,
        "fairies {fairies}, portals {portals}"
    );
    assert!(texts.contains("The dragon flies") || texts.contains("moves the dragon"));
    // The record replays with every journey.
    let export = f.svc.handle(Request {
        key: CH,
        actor: players[0].clone(),
        command: Command::Export,
        now: f.now + 1,
        game: None,
        interaction: None,
        locale: Default::default(),
    });
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(json.contains("\"dragon\""), "no journey in the record");
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
}

/// A started game among `players` (the first opens it) with reminders every `hours` hours.
fn reminded_game(f: &mut Fixture, hours: u32, players: &[Actor]) {
    let r = f.send(
        &players[0],
        Command::New(NewGame {
            reminder_hours: Some(hours),
            ..NewGame::default()
        }),
    );
    accepted(&r);
    for p in &players[1..] {
        accepted(&f.send(p, Command::Join));
    }
    accepted(&f.send(&players[0], Command::Start));
}

/// The buttons of a reply, by label.
fn button_labelled(r: &Reply, label: &str) -> Button {
    r.buttons
        .iter()
        .find(|b| b.label == label)
        .cloned()
        .unwrap_or_else(|| {
            let labels: Vec<&str> = r.buttons.iter().map(|b| b.label.as_str()).collect();
            panic!("no {label:?} button in {labels:?}: {}", r.text)
        })
}

/// The current player places their tile by buttons only: Place, a cell, a rotation, a figure
/// (or none), Confirm. Returns the reply to Confirm.
fn place_by_buttons(f: &mut Fixture, players: &[Actor], turn_message: &Reply) -> Reply {
    let uid = f.current_user();
    let who = players.iter().find(|p| p.id == uid).unwrap().clone();
    let place = button_labelled(turn_message, "Place");
    let cells = f.click(&who, &place);
    assert!(cells.ephemeral, "{}", cells.text);
    assert!(cells.text.contains("Step 1 of 4"), "{}", cells.text);
    let cell = cells.buttons[0].clone();
    let rots = f.click(&who, &cell);
    assert!(rots.text.contains("Step 2 of 4"), "{}", rots.text);
    assert_eq!(rots.files.len(), 1);
    assert_eq!(rots.files[0].name, "rotations.png");
    assert!(rots.update, "later steps replace the private message");
    let rot = rots.buttons[0].clone();
    let mut next = f.click(&who, &rot);
    if next.text.contains("Step 3 of 4") {
        // A figure may be placed: take the first choice every other turn, none otherwise.
        let pick = if f.turns().is_multiple_of(2) {
            next.buttons[0].clone()
        } else {
            next.buttons
                .iter()
                .find(|b| b.label == "No follower")
                .cloned()
                .unwrap_or_else(|| next.buttons[0].clone())
        };
        next = f.click(&who, &pick);
    }
    assert!(next.text.contains("Step 4 of 4"), "{}", next.text);
    assert_eq!(next.files[0].name, "move.png");
    let before = f.turns();
    let confirm = button_labelled(&next, "Confirm");
    let done = f.click(&who, &confirm);
    accepted(&done);
    assert!(f.turns() > before, "the confirmed move is recorded");
    // The same confirmation again belongs to an earlier turn now.
    refused(&f.click(&who, &confirm), "earlier turn");
    done
}

#[test]
fn a_whole_turn_is_placed_by_buttons_only() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    let start = f.send(&alice, Command::Start);
    accepted(&start);
    let players = [alice.clone(), bob.clone()];
    // Only the player to play may open the flow.
    let other = players
        .iter()
        .find(|p| p.id != f.current_user())
        .unwrap()
        .clone();
    refused(
        &f.click(&other, &button_labelled(&start, "Place")),
        "not yours",
    );
    let mut last = start;
    for _ in 0..6 {
        last = place_by_buttons(&mut f, &players, &last);
        assert_eq!(last.files.len(), 1, "one picture per turn message");
        assert_eq!(last.files[0].name, "turn.png");
    }
    assert_eq!(f.turns(), 6);
}

#[test]
fn a_move_is_taken_back_by_its_player_before_the_next_one_acts() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let first = f.current_user();
    let mover = players.iter().find(|p| p.id == first).unwrap().clone();
    let before = f.stored();
    refused(&f.send(&mover, Command::Undo), "not made a move");
    accepted(&play_one(&mut f, &players));
    assert_eq!(f.turns(), 1);
    assert_eq!(f.stored().timings.len(), 1, "the move's timing");
    // The other player cannot take it back alone: nothing of theirs to take back.
    let other = players.iter().find(|p| p.id != first).unwrap().clone();
    refused(&f.send(&other, Command::Undo), "not made a move");
    let undone = f.send(&mover, Command::Undo);
    accepted(&undone);
    assert!(undone.text.contains("taken back"), "{}", undone.text);
    let after = f.stored();
    assert_eq!(f.turns(), 0);
    assert_eq!(
        after.deck, before.deck,
        "the tile is back on top of the deck"
    );
    assert_eq!(f.current_user(), first, "the same player plays again");
    assert!(after.timings.is_empty(), "a move taken back is not timed");
    assert_eq!(after.undone.len(), 1, "the record of what was taken back");
    assert_eq!(
        after.undone[0]
            .log
            .iter()
            .filter(|a| a.at.is_some())
            .count(),
        1
    );
    assert!(after.undone[0].agreed.is_empty());
    // The export carries what was taken back beside the record.
    let export = f.send(&mover, Command::Export);
    assert_eq!(export.files.len(), 2, "{}", export.text);
    let listed: serde_json::Value = serde_json::from_slice(&export.files[1].bytes).unwrap();
    let placed = |a: &serde_json::Value| a.get("at").is_some();
    assert_eq!(
        listed[0]["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| placed(a))
            .count(),
        1
    );
    // It survives a restart.
    let mut f = f.restart();
    assert_eq!(f.stored().undone.len(), 1);
    accepted(&play_one(&mut f, &players));
}

#[test]
fn taking_back_after_the_next_move_needs_everyone_and_one_refusal_keeps_it() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let first = players
        .iter()
        .find(|p| p.id == f.current_user())
        .unwrap()
        .clone();
    let second = players.iter().find(|p| p.id != first.id).unwrap().clone();
    let deck0 = f.stored().deck;
    accepted(&play_one(&mut f, &players));
    accepted(&play_one(&mut f, &players));
    assert_eq!(f.turns(), 2);
    let ask = f.send(&first, Command::Undo);
    accepted(&ask);
    assert_eq!(
        ask.ping.to_vec(),
        vec![second.id],
        "the other player is asked"
    );
    let keep = button_labelled(&ask, "Keep the move");
    let agree = button_labelled(&ask, "Agree to take it back");
    refused(&f.click(&first, &agree), "the other players answer");
    let refusal = f.click(&second, &keep);
    accepted(&refusal);
    assert!(refusal.text.contains("refused"), "{}", refusal.text);
    assert_eq!(f.turns(), 2, "a refusal keeps the moves");
    refused(&f.click(&second, &agree), "Nobody is asking");
    // Asked again, and agreed: both moves go back, the first player plays again.
    let ask = f.send(&first, Command::Undo);
    let agreed = f.click(&second, &button_labelled(&ask, "Agree to take it back"));
    accepted(&agreed);
    assert_eq!(f.turns(), 0);
    assert_eq!(f.current_user(), first.id);
    let s = f.stored();
    assert_eq!(s.deck, deck0);
    assert_eq!(s.undone.len(), 1);
    assert_eq!(s.undone[0].log.iter().filter(|a| a.at.is_some()).count(), 2);
    assert_eq!(
        s.undone[0].agreed,
        vec![s.seats.iter().position(|x| x.user == second.id).unwrap()]
    );
    // A request lapses when the game moves on.
    accepted(&play_one(&mut f, &players));
    accepted(&play_one(&mut f, &players));
    let ask = f.send(&first, Command::Undo);
    let agree = button_labelled(&ask, "Agree to take it back");
    accepted(&play_one(&mut f, &players));
    assert_eq!(f.stored().undo_request, None);
    refused(&f.click(&second, &agree), "Nobody is asking");
    assert_eq!(f.turns(), 3);
}

#[test]
fn after_unanswered_reminders_the_others_vote_the_computer_in() {
    let mut f = Fixture::new();
    let players = [user(1, "Alice"), user(2, "Bob"), user(3, "Carol")];
    reminded_game(&mut f, 1, &players);
    let absent = players
        .iter()
        .find(|p| p.id == f.current_user())
        .unwrap()
        .clone();
    let others: Vec<Actor> = players
        .iter()
        .filter(|p| p.id != absent.id)
        .cloned()
        .collect();
    let t0 = f.now;
    let first = f.svc.due_reminders(t0 + 3600);
    assert_eq!(first.len(), 1);
    assert!(
        first[0].reply.buttons.is_empty(),
        "no vote after one reminder"
    );
    let second = f.svc.due_reminders(t0 + 2 * 3600);
    let vote = &second[0].reply;
    assert!(vote.text.contains("vote"), "{}", vote.text);
    let take = vote
        .buttons
        .iter()
        .find(|b| b.label.contains("takes"))
        .cloned()
        .expect("a vote button");
    refused(&f.click(&absent, &take), "about you");
    // Two other people: both must vote (more than half).
    let one = f.click(&others[0], &take);
    accepted(&one);
    assert!(one.text.contains("1 of 2"), "{}", one.text);
    assert_eq!(f.turns(), 0);
    let two = f.click(&others[1], &take);
    accepted(&two);
    assert!(two.text.contains("takes"), "{}", two.text);
    // The computer moved for the absent player.
    assert!(f.turns() >= 1);
    let seat = f
        .stored()
        .seats
        .iter()
        .position(|x| x.user == absent.id)
        .unwrap();
    assert!(f.stored().seats[seat].computer && f.stored().seats[seat].away);
    // They come back and play their seat again.
    let back = f.send(&absent, Command::Return);
    accepted(&back);
    let s = f.stored();
    assert!(!s.seats[seat].computer && !s.seats[seat].away);
    refused(&f.send(&absent, Command::Return), "already playing");
}

#[test]
fn a_vote_for_one_turn_lets_the_computer_play_that_turn_only() {
    let mut f = Fixture::new();
    let players = [user(1, "Alice"), user(2, "Bob")];
    reminded_game(&mut f, 1, &players);
    let absent = players
        .iter()
        .find(|p| p.id == f.current_user())
        .unwrap()
        .clone();
    let other = players.iter().find(|p| p.id != absent.id).unwrap().clone();
    let t0 = f.now;
    f.svc.due_reminders(t0 + 3600);
    let due = f.svc.due_reminders(t0 + 2 * 3600);
    let once = due[0]
        .reply
        .buttons
        .iter()
        .find(|b| b.label.contains("this turn"))
        .cloned()
        .expect("a vote button");
    let voted = f.click(&other, &once);
    accepted(&voted);
    assert_eq!(f.turns(), 1, "the computer played the absent player's turn");
    let s = f.stored();
    assert!(
        s.seats.iter().all(|x| !x.computer),
        "and gave the seat back"
    );
    assert_eq!(f.current_user(), other.id);
}

#[test]
fn players_choose_a_ping_a_direct_message_or_quiet() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    let players = [alice.clone(), bob.clone()];
    let dm = f.send(&bob, Command::Notify(meeplebot::service::NotifyMode::Dm));
    assert!(
        dm.ephemeral && dm.text.contains("direct message"),
        "{}",
        dm.text
    );
    let start = f.send(&alice, Command::Start);
    // Whoever is pinged, Bob never is: he gets a direct message instead.
    let mut r = start;
    for _ in 0..4 {
        assert!(!r.ping.contains(&bob.id));
        if f.current_user() == bob.id {
            assert_eq!(r.direct().len(), 1, "{}", r.text);
            assert_eq!(r.direct()[0].0, bob.id);
            assert!(r.direct()[0].1.contains("you"), "{}", r.direct()[0].1);
        } else {
            assert_eq!(r.ping.to_vec(), vec![alice.id]);
            assert!(r.direct().is_empty());
        }
        r = play_one(&mut f, &players);
    }
    // Quiet: no ping, no message; kept across a restart.
    f.send(
        &alice,
        Command::Notify(meeplebot::service::NotifyMode::Quiet),
    );
    let mut f = f.restart();
    for _ in 0..2 {
        let r = play_one(&mut f, &players);
        assert!(r.ping.is_empty(), "{:?}", r.ping);
    }
}

/// Plays the channel's game to its end with `play_one`; returns the final message.
fn play_to_the_end(f: &mut Fixture, players: &[Actor]) -> Reply {
    for _ in 0..200 {
        let r = play_one(f, players);
        if r.files.iter().any(|a| a.name == "final.png") {
            return r;
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_rematch_and_the_standings_after_two_games() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let first_order: Vec<u64> = f.stored().seats.iter().map(|s| s.user).collect();
    let mut end = play_to_the_end(&mut f, &players);
    // The score graph and the timelapse are made from one replay of the record, after the
    // game's lock is released (as the bot sends the message).
    let names: Vec<&str> = end.files.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["final.png"], "the board, drawn off the lock");
    f.svc.complete(&mut end);
    let names: Vec<&str> = end.files.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        ["final.png", "scores.png", "timelapse.gif"],
        "the board, the score graph and the timelapse"
    );
    assert!(end.files[1].description.contains("scores over"));
    let rematch = button_labelled(&end, "Rematch");
    refused(&f.click(&user(9, "Zed"), &rematch), "Only the players");
    // One person starts the rematch, as one person starts a game: the last game's creator.
    refused(&f.click(&bob, &rematch), "Only <@1> can start the rematch");
    let again = f.click(&alice, &rematch);
    accepted(&again);
    assert!(again.text.contains("Rematch"), "{}", again.text);
    let order: Vec<u64> = f.stored().seats.iter().map(|s| s.user).collect();
    assert_eq!(
        order,
        vec![first_order[1], first_order[0]],
        "the order turns by one"
    );
    refused(&f.click(&bob, &rematch), "earlier game");
    refused(&f.send(&bob, Command::Rematch), "still running");
    // The history shows the first game's final board, also while the rematch runs.
    let history = f.send(&alice, Command::History);
    accepted(&history);
    assert!(
        history.files.iter().any(|a| a.name == "final.png"),
        "{}",
        history.text
    );
    let mut shown = f.click(&alice, &button_labelled(&history, "Final board of game 1"));
    accepted(&shown);
    f.svc.complete(&mut shown);
    let names: Vec<&str> = shown.files.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["final.png", "scores.png"]);
    play_to_the_end(&mut f, &players);
    let table = f.send(&alice, Command::Standings);
    accepted(&table);
    assert!(table.text.contains("2 games finished"), "{}", table.text);
    for name in ["Alice", "Bob"] {
        let line = table
            .text
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing: {}", table.text));
        assert!(line.contains("2 games"), "{line}");
    }
    // Another server's standings do not include them.
    let elsewhere = f.send_in(Key::new(GUILD + 1, 77), &alice, Command::Standings);
    assert!(
        elsewhere.text.contains("No finished games"),
        "{}",
        elsewhere.text
    );
}

#[test]
fn the_turn_message_says_what_happened_since_the_players_last_turn() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let carol = user(3, "Carol");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&carol, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone(), carol.clone()];
    let first = f.current_user();
    let mut r = play_one(&mut f, &players);
    assert!(!r.text.contains("Since your last turn"), "{}", r.text);
    for _ in 0..2 {
        r = play_one(&mut f, &players);
    }
    // Back to the first player: the two others' moves, numbered as on the picture.
    assert_eq!(f.current_user(), first);
    let line = r
        .text
        .lines()
        .find(|l| l.starts_with("Since your last turn"))
        .unwrap_or_else(|| panic!("{}", r.text));
    let others: Vec<&Actor> = players.iter().filter(|p| p.id != first).collect();
    for p in others {
        assert!(line.contains(&p.name), "{line}");
    }
    assert!(line.contains("1 ") && line.contains("2 "), "{line}");
    assert!(
        r.files[0].description.contains("Moves outlined: 1 "),
        "{}",
        r.files[0].description
    );
}

#[test]
fn the_whole_board_and_its_zooms_are_available() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    for _ in 0..6 {
        play_one(&mut f, &players);
    }
    let whole = f.send(&alice, Command::Board { around: None });
    accepted(&whole);
    assert_eq!(whole.files[0].name, "board.png");
    assert!(whole.files[0].description.starts_with("The whole board"));
    // A zoom is made for phones: a tile stays at least 48 px when shown 450 px wide.
    let zoom = f.send(
        &alice,
        Command::Board {
            around: Some((0, 0)),
        },
    );
    accepted(&zoom);
    let img = image::load_from_memory(&zoom.files[0].bytes).unwrap();
    let tile = 96.0 * 450.0 / img.width() as f64;
    assert!(tile >= 48.0, "{tile:.1} px at {} px wide", img.width());
    assert!(zoom.files[0].description.contains("around [0,0]"));
}

#[test]
fn taking_back_any_move_restores_the_game_exactly_with_every_set() {
    // River, Inns & Cathedrals, Traders & Builders (second turns), the Abbot (gardens) and the
    // Tower (captures): after each move its player takes it back, the game must be exactly as
    // before the move (record, deck, seat to play, turn in progress), then the move is played
    // again.
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let sets = ["river", "inns", "traders", "abbot", "tower"]
        .map(String::from)
        .to_vec();
    accepted(&f.send(
        &alice,
        Command::New(NewGame {
            sets: Some(sets),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let same = |a: &StoredGame, b: &StoredGame| {
        a.record == b.record
            && a.deck == b.deck
            && a.to_play == b.to_play
            && a.turn_in_progress == b.turn_in_progress
    };
    for k in 0..40 {
        let before = f.stored();
        let uid = f.current_user();
        let who = players.iter().find(|p| p.id == uid).unwrap().clone();
        let moved = play_one(&mut f, &players);
        accepted(&moved);
        let after = f.stored();
        assert!(!same(&before, &after), "move {k} changed nothing");
        let undone = f.send(&who, Command::Undo);
        accepted(&undone);
        let back = f.stored();
        assert!(same(&before, &back), "move {k} was not taken back exactly");
        assert_eq!(back.undone.len(), k + 1);
        // Play it again: the same tile, the same choice, the same result.
        accepted(&play_one(&mut f, &players));
        assert!(same(&after, &f.stored()), "move {k} replayed differently");
    }
}

/// The turn a replay view shows ("turn k of n").
fn replay_turn(r: &Reply) -> (usize, usize) {
    let at = r.text.find("turn ").unwrap_or_else(|| panic!("{}", r.text));
    let words: Vec<&str> = r.text[at..].split_whitespace().collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn the_final_graph_is_drawn_in_the_language_of_the_final_message() {
    use meeplebot::i18n::Lang;
    use meeplebot::service::Later;
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let end = play_to_the_end(&mut f, &[alice.clone(), bob.clone()]);
    // The same final message made in two languages: the graph's words differ (it is drawn
    // after the request's language scope ended, in the language the job carries).
    let graph = |lang: Lang| {
        let mut reply = end.clone();
        let laters: Vec<Later> = reply
            .later
            .take()
            .into_iter()
            .map(|later| match later {
                Later::Finale(mut job) => {
                    job.lang = lang;
                    job.timelapse = false;
                    Later::Finale(job)
                }
                other => other,
            })
            .collect();
        reply.later = laters.into_iter().collect();
        f.svc.complete(&mut reply);
        let graph = reply.files.iter().find(|a| a.name == "scores.png").cloned();
        graph.expect("the final message carries the score graph")
    };
    let (en, de) = (graph(Lang::En), graph(Lang::De));
    assert!(en.description.contains("scores over"), "{}", en.description);
    assert_ne!(en.description, de.description);
    assert!(
        en.bytes != de.bytes,
        "the graph's pixels show no German word"
    );
}

#[test]
fn a_finished_game_is_replayed_turn_by_turn_also_while_the_next_game_runs() {
    use image::AnimationDecoder;
    use meeplebot::service::{Later, ReplayOf};
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone()];
    let mut end = play_to_the_end(&mut f, &players);
    // The final message's timelapse is made after the move is stored, off the game's lock.
    let record = match end.later.as_slice() {
        [Later::Finale(f)] => f.record.clone(),
        other => panic!("the final message has no timelapse to make: {other:?}"),
    };
    let total = record.turns_played().unwrap();
    let tiles = meeplebot::engine::replay(&record).unwrap().tiles().len();
    f.svc.complete(&mut end);
    assert!(end.later.is_empty());
    let gif = end
        .files
        .iter()
        .find(|a| a.name == "timelapse.gif")
        .expect("the final message carries the timelapse");
    assert!(gif.bytes.len() <= 8 * 1024 * 1024);
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif.bytes))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(
        frames.len(),
        tiles + 1,
        "a frame per placed tile and the final one"
    );

    // The Replay button under the final message opens a private view at turn 1.
    let view = f.click(&bob, &button_labelled(&end, "Replay"));
    assert!(view.ephemeral && view.update, "{}", view.text);
    assert_eq!(replay_turn(&view), (1, total));
    assert!(view.files.iter().any(|a| a.name == "replay.png"));
    assert!(view.text.contains("placed"), "{}", view.text);
    // Forward, back, ±10, and refusals beyond the ends.
    let v = f.click(&bob, &button_labelled(&view, "Next ▶"));
    assert_eq!(replay_turn(&v), (2, total));
    let v = f.click(&bob, &button_labelled(&v, "+10 ⏩"));
    assert_eq!(replay_turn(&v), (12, total));
    let v = f.click(&bob, &button_labelled(&v, "◀ Back"));
    assert_eq!(replay_turn(&v), (11, total));
    let v = f.click(&bob, &button_labelled(&v, "⏪ −10"));
    assert_eq!(replay_turn(&v), (1, total));
    refused(&f.click(&bob, &button_labelled(&v, "◀ Back")), "first turn");
    refused(&f.click(&bob, &button_labelled(&v, "⏪ −10")), "first turn");
    let mut v = v;
    while replay_turn(&v).0 < total {
        v = f.click(&alice, &button_labelled(&v, "+10 ⏩"));
        accepted_private(&v);
    }
    assert_eq!(replay_turn(&v), (total, total));
    refused(
        &f.click(&alice, &button_labelled(&v, "Next ▶")),
        "last turn",
    );
    refused(
        &f.click(&alice, &button_labelled(&v, "+10 ⏩")),
        "last turn",
    );
    // Every turn's picture differs from the one before (the board grows).
    let back = f.click(&alice, &button_labelled(&v, "◀ Back"));
    assert_ne!(back.files[0].bytes, v.files[0].bytes);

    // A rematch runs in the channel; the history's games still replay, by command and button.
    accepted(&f.click(&alice, &button_labelled(&end, "Rematch")));
    assert!(f.stored().record.is_some());
    let latest = f.send(
        &alice,
        Command::Replay {
            of: ReplayOf::Latest,
            from: 1,
            step: 0,
        },
    );
    accepted_private(&latest);
    assert_eq!(replay_turn(&latest), (1, total));
    let step = f.click(&alice, &button_labelled(&latest, "Next ▶"));
    assert_eq!(replay_turn(&step), (2, total));
    let history = f.send(&alice, Command::History);
    let by_button = f.click(&alice, &button_labelled(&history, "Replay game 1"));
    assert_eq!(replay_turn(&by_button), (1, total));
    refused(
        &f.send(
            &alice,
            Command::Replay {
                of: ReplayOf::Number(2),
                from: 1,
                step: 0,
            },
        ),
        "no game 2",
    );
    // The running game was not touched.
    assert!(f.stored().live_game().unwrap().is_some());
}

/// A private answer that is not a refusal (a replay view).
fn accepted_private(r: &Reply) {
    assert!(
        r.ephemeral && r.files.iter().any(|a| a.name == "replay.png"),
        "{}",
        r.text
    );
}

#[test]
fn a_channel_without_finished_games_has_nothing_to_replay() {
    use meeplebot::service::ReplayOf;
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let r = f.send(
        &alice,
        Command::Replay {
            of: ReplayOf::Latest,
            from: 1,
            step: 0,
        },
    );
    refused(&r, "nothing to replay");
}

#[test]
fn status_tells_each_players_pace_and_the_end_the_games_length_and_slowest_move() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&alice, Command::Start));
    let start = f.now;
    let players = [alice.clone(), bob.clone()];
    // Alice takes 1 h, 3 h, 5 h on her moves, Bob 10 min, 20 min, 30 min (and each request of
    // the fixture a minute more): moves alternate.
    let mut waits: Vec<(u64, u64)> = Vec::new();
    for (a, b) in [(3_600, 600), (10_800, 1_200), (18_000, 1_800)] {
        for _ in 0..2 {
            let wait = if f.current_user() == 1 { a } else { b };
            waits.push((f.current_user(), wait + 60));
            f.now += wait;
            accepted(&play_one(&mut f, &players));
        }
    }
    let status = f.send(&alice, Command::Status);
    accepted(&status);
    let pace = status
        .text
        .lines()
        .find(|l| l.contains("Median time to move"))
        .unwrap_or_else(|| panic!("{}", status.text))
        .to_string();
    assert!(pace.contains("Alice 3 h 1 min"), "{pace}");
    assert!(pace.contains("Bob 21 min"), "{pace}");
    // Stored with the game: what each move waited, in order.
    let timings = f.stored().timings;
    assert_eq!(timings.len(), 6);
    assert_eq!(timings[0].1, start);
    let took: Vec<(u64, u64)> = timings
        .iter()
        .map(|t| (f.stored().seats[t.0 as usize].user, t.took()))
        .collect();
    assert_eq!(took, waits);
    // The final message: the game's length and its slowest move.
    let mut last = f.send(&alice, Command::Status);
    let mut n = 0;
    while !last.text.contains("final scoring") {
        f.now += 60;
        last = play_one(&mut f, &players);
        accepted(&last);
        n += 1;
        assert!(n < 200, "the game does not end");
    }
    let line = last
        .text
        .lines()
        .find(|l| l.contains("The game took"))
        .unwrap_or_else(|| panic!("{}", last.text))
        .to_string();
    let length = f.now - start;
    assert!(
        line.contains(&format!("{} h", length / 3600)),
        "{line} (the game took {length} s)"
    );
    assert!(
        line.contains("the slowest move: Alice, 5 h 1 min."),
        "{line}"
    );
}

#[test]
fn a_member_who_asks_is_told_privately_when_the_player_before_them_starts() {
    let mut f = Fixture::new();
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let carol = user(3, "Carol");
    lobby(&mut f, &alice, &bob);
    accepted(&f.send(&carol, Command::Join));
    let on = f.send(&carol, Command::HeadsUp(true));
    assert!(
        on.text.contains("You will be told privately"),
        "{}",
        on.text
    );
    accepted(&f.send(&alice, Command::Start));
    let players = [alice.clone(), bob.clone(), carol.clone()];
    let seats: Vec<u64> = f.stored().seats.iter().map(|s| s.user).collect();
    let before_carol = seats[(seats.iter().position(|&u| u == 3).unwrap() + 2) % 3];
    let name = |u: u64| players.iter().find(|p| p.id == u).unwrap().name.clone();
    let mut told = 0;
    for _ in 0..6 {
        let r = play_one(&mut f, &players);
        accepted(&r);
        let now = f.current_user();
        let heads_up: Vec<&(u64, String)> = r.direct().iter().filter(|(u, _)| *u == 3).collect();
        if now == before_carol {
            assert_eq!(heads_up.len(), 1, "{:?}", r.direct());
            assert!(
                heads_up[0]
                    .1
                    .contains(&format!("next after **{}**", name(now))),
                "{}",
                heads_up[0].1
            );
            told += 1;
        } else {
            assert!(heads_up.is_empty(), "{:?}", r.direct());
        }
        // Nobody else asked.
        assert!(r.direct().iter().all(|(u, _)| *u == 3), "{:?}", r.direct());
    }
    assert_eq!(told, 2);
    let off = f.send(&carol, Command::HeadsUp(false));
    assert!(off.text.contains("no longer"), "{}", off.text);
    for _ in 0..3 {
        let r = play_one(&mut f, &players);
        assert!(r.direct().is_empty(), "{:?}", r.direct());
    }
}

/// The cells the game's web page outlines for a set's own step (its one link's view).
fn web_asked(f: &Fixture) -> Vec<(i32, i32)> {
    let links = f.svc.web().links().unwrap();
    let token = &links.last().expect("the game has a page").0;
    let g = f.svc.web().game(token).unwrap();
    let json = f.svc.web().view(&g, meeplebot::i18n::Lang::En).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    v["asked"]
        .as_array()
        .expect("the view lists the asked cells")
        .iter()
        .map(|c| (c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32))
        .collect()
}

/// The web board's data for the game (its view in English).
fn web_view(f: &Fixture) -> serde_json::Value {
    let links = f.svc.web().links().unwrap();
    let token = &links.last().expect("the game has a page").0;
    let g = f.svc.web().game(token).unwrap();
    let json = f.svc.web().view(&g, meeplebot::i18n::Lang::En).unwrap();
    serde_json::from_slice(&json).unwrap()
}

/// The distinct cells the legal actions point at, west to east, north to south.
fn action_cells(actions: Vec<Action>) -> Vec<(i32, i32)> {
    let mut cells: Vec<(i32, i32)> = actions
        .into_iter()
        .filter_map(Action::cell)
        .map(|p| (p.x, p.y))
        .collect();
    cells.sort();
    cells.dedup();
    assert!(!cells.is_empty(), "a step that points at cells");
    cells
}

/// Abbey & Mayor through the service: the abbey offered before the draw (buttons per hole and
/// a draw, the typed `abbey`, the holes outlined on the web board), the mayor, wagon and barn
/// placed as figures, and a scored wagon's move asked of its owner (buttons, typed `wagon`, its
/// tiles outlined on the web board), each refused for the other player and for a bad place,
/// across a restart; the record replays.
#[test]
fn abbey_and_mayor_are_played_with_buttons_and_typed_commands() {
    use meeplebot::engine::{Decision, Pos};
    use meeplebot::service::figure_choice_text;
    let players = [user(1, "Alice"), user(2, "Bob")];
    let new_game = Command::New(NewGame {
        sets: Some(vec!["mayor".into()]),
        ..NewGame::default()
    });
    let mut f = Fixture::with(Settings {
        web_base: Some("http://web.example".into()),
        ..settings()
    });
    accepted(&f.send(&players[0], new_game));
    accepted(&f.send(&players[1], Command::Join));
    let mut last = f.send(&players[0], Command::Start);
    accepted(&last);
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let status = f.send(&players[0], Command::Status);
    assert_eq!(
        status.text.matches("abbey in hand").count(),
        2,
        "{}",
        status.text
    );
    // `tiles` names who still holds an abbey, besides the stack.
    let tiles = f.send(&players[0], Command::Tiles);
    assert!(
        tiles
            .text
            .contains("Abbeys still in hand (2, besides the stack): Alice, Bob"),
        "{}",
        tiles.text
    );
    let (mut abbeys, mut draws, mut wagon_moves, mut kept) = (0, 0, 0, 0);
    let mut figures = std::collections::BTreeMap::<&str, usize>::new();
    let (mut restarted, mut finished) = (false, false);
    let mut bad_figures = (false, false);
    let mut texts = String::new();
    for turn in 0..300 {
        let s = f.stored();
        let g = s.live_game().unwrap().unwrap();
        let (seat, uid) = decider(&f);
        let me = by(uid);
        let other = by(players.iter().find(|p| p.id != uid).unwrap().id);
        let r = match g.pending().decision {
            Decision::Abbey => {
                assert_eq!(last.ping.to_vec(), vec![uid], "{}", last.text);
                assert!(last.text.contains("abbey into a hole"), "{}", last.text);
                // The web board outlines the holes.
                assert_eq!(
                    web_asked(&f),
                    action_cells(g.legal_actions()),
                    "the page's marked holes"
                );
                let holes: Vec<Action> = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Abbey { .. }))
                    .collect();
                let abbey_buttons: Vec<Button> = last
                    .buttons
                    .iter()
                    .filter(|b| b.label.starts_with("Abbey at"))
                    .cloned()
                    .collect();
                assert_eq!(abbey_buttons.len(), holes.len().min(23), "{}", last.text);
                let last_round = g.remaining_total() == 0;
                let draw = button_labelled(
                    &last,
                    if last_round {
                        "No abbey"
                    } else {
                        "Draw a tile"
                    },
                );
                refused(&f.click(&other, &draw), "only they may place their abbey");
                // A tile cannot be placed before the choice.
                refused(
                    &f.send(
                        &me,
                        Command::Place {
                            x: 0,
                            y: 1,
                            rotation: 0,
                            follower: FollowerChoice::Ask,
                        },
                    ),
                    "chooses between the abbey and a draw",
                );
                // Not a hole: refused with the rule, nothing changes.
                let before = f.stored().record;
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: "abbey 40,40".into(),
                            turn: None,
                        },
                    ),
                    "not one",
                );
                assert_eq!(f.stored().record, before);
                if !restarted {
                    f = f.restart();
                    restarted = true;
                }
                match (abbeys + draws) % 3 {
                    // The draw, by its button: the same player's turn message with the tile.
                    0 => {
                        let r = f.click(&me, &draw);
                        accepted(&r);
                        assert!(r.text.contains("drawn tile") || last_round, "{}", r.text);
                        draws += 1;
                        r
                    }
                    // An abbey by its button, then the figure asked with buttons.
                    1 => {
                        let ask = f.click(&me, &abbey_buttons[0]);
                        assert!(ask.ephemeral, "{}", ask.text);
                        assert!(ask.text.contains("Place a figure on it"), "{}", ask.text);
                        let pick = ask
                            .buttons
                            .iter()
                            .find(|b| b.label.contains("cloister"))
                            .unwrap_or(&ask.buttons[0])
                            .clone();
                        let r = f.click(&me, &pick);
                        accepted(&r);
                        refused(&f.click(&me, &pick), "earlier");
                        abbeys += 1;
                        r
                    }
                    // An abbey typed with its figure (`/abbey`).
                    _ => {
                        let Action::Abbey { at } = holes[0] else {
                            unreachable!()
                        };
                        // As `/abbey` autocompletes: the holes (and the draw), then the
                        // figures on the chosen one.
                        let cells = f.svc.step_choices(CH, uid, "abbey", "");
                        assert_eq!(cells.len(), holes.len() + 1, "{cells:?}");
                        assert!(cells.iter().any(|(t, _)| t == "draw"));
                        let cell = format!("{},{}", at.x, at.y);
                        assert!(cells.iter().any(|(t, _)| *t == cell));
                        assert!(f.svc.step_choices(CH, other.id, "abbey", "").is_empty());
                        let on = f.svc.step_choices(CH, uid, "abbey", &cell);
                        let figure = on
                            .iter()
                            .map(|(t, _)| t.as_str())
                            .find(|t| t.contains("cloister"))
                            .unwrap_or("none");
                        let r = f.send(
                            &me,
                            Command::Decide {
                                text: format!("abbey {cell} {figure}"),
                                turn: None,
                            },
                        );
                        accepted(&r);
                        abbeys += 1;
                        r
                    }
                }
            }
            Decision::WagonMove => {
                assert_eq!(last.ping.to_vec(), vec![uid], "{}", last.text);
                assert!(last.text.contains("your wagon"), "{}", last.text);
                // The web board outlines the tiles the wagon may go to.
                assert_eq!(
                    web_asked(&f),
                    action_cells(g.legal_actions()),
                    "the page's marked wagon moves"
                );
                let moves: Vec<Button> = last
                    .buttons
                    .iter()
                    .filter(|b| b.label.starts_with("Wagon to"))
                    .cloned()
                    .collect();
                let home = button_labelled(&last, "Take the wagon back");
                refused(&f.click(&other, &home), "not yours");
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: "wagon 40,40 road:E".into(),
                            turn: None,
                        },
                    ),
                    "The wagon can't go there",
                );
                // As `/wagon` autocompletes: each move and `home`.
                let typed = f.svc.step_choices(CH, uid, "wagon", "");
                assert_eq!(typed.len(), moves.len() + 1, "{typed:?}");
                let r = match moves.first() {
                    Some(b) if wagon_moves % 2 == 0 => {
                        let r = f.click(&me, b);
                        accepted(&r);
                        assert!(r.text.contains("wagon moves to"), "{}", r.text);
                        wagon_moves += 1;
                        r
                    }
                    _ => {
                        let r = f.send(
                            &me,
                            Command::Decide {
                                text: "wagon home".into(),
                                turn: None,
                            },
                        );
                        accepted(&r);
                        assert!(r.text.contains("takes the wagon back"), "{}", r.text);
                        kept += 1;
                        r
                    }
                };
                r
            }
            _ => {
                assert_eq!(seat, g.current_player());
                let choices = f.svc.placement_choices(CH, uid, 400);
                assert!(!choices.is_empty());
                // Leave holes for the abbeys: a cell beside an empty one that the placement
                // surrounds, when there is one.
                let filled = |x: i64, y: i64| g.tile_at(Pos::new(x as i32, y as i32)).is_some();
                let makes_hole = |x: i64, y: i64| {
                    [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|&(dx, dy)| {
                        let (qx, qy) = (x + dx, y + dy);
                        !filled(qx, qy)
                            && [(0, 1), (1, 0), (0, -1), (-1, 0)]
                                .iter()
                                .filter(|&&(ex, ey)| (qx + ex, qy + ey) != (x, y))
                                .all(|&(ex, ey)| filled(qx + ex, qy + ey))
                    })
                };
                let c = choices
                    .iter()
                    .find(|c| turn % 2 == 1 && makes_hole(c.x, c.y))
                    .unwrap_or(&choices[turn % choices.len().min(3)]);
                let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
                // Bad figures, typed: the mayor on a road, a barn on a corner where four
                // fields do not meet; each refused with its rule, nothing changed.
                let road = acts.iter().find_map(|a| match a {
                    Action::Deploy { spot, .. } if spot.to_string().starts_with("road:") => {
                        Some(spot.to_string())
                    }
                    _ => None,
                });
                let corner = ["corner:NW", "corner:NE", "corner:SE", "corner:SW"]
                    .into_iter()
                    .find(|c| {
                        !acts
                            .iter()
                            .any(|a| figure_choice_text(*a) == format!("barn {c}"))
                    });
                let before = f.stored().record;
                let mut refused_figure = |typed: String, needle: &str| {
                    let r = f.send(
                        &me,
                        Command::Place {
                            x: c.x,
                            y: c.y,
                            rotation: c.rotation,
                            follower: FollowerChoice::Typed(typed),
                        },
                    );
                    refused(&r, needle);
                };
                if let (Some(road), false) = (road, bad_figures.0) {
                    refused_figure(format!("mayor {road}"), "the mayor goes only on a city");
                    bad_figures.0 = true;
                }
                if let (Some(corner), false) = (corner, bad_figures.1) {
                    refused_figure(format!("barn {corner}"), "four tiles meeting at the");
                    bad_figures.1 = true;
                }
                assert_eq!(
                    f.stored().record,
                    before,
                    "a refused figure changed the game"
                );
                let wanted = [Figure::Wagon, Figure::Barn, Figure::Mayor, Figure::Follower];
                let act = wanted
                    .iter()
                    .find_map(|&k| {
                        acts.iter()
                            .find(|a| matches!(a, Action::Deploy { figure, .. } if *figure == k))
                    })
                    .filter(|_| turn % 2 == 0)
                    .copied()
                    .unwrap_or(Action::Pass);
                if let Action::Deploy { figure, .. } = act {
                    *figures.entry(figure.name()).or_default() += 1;
                }
                let r = f.send(
                    &me,
                    Command::Place {
                        x: c.x,
                        y: c.y,
                        rotation: c.rotation,
                        follower: FollowerChoice::Typed(figure_choice_text(act)),
                    },
                );
                accepted(&r);
                r
            }
        };
        texts.push_str(&r.text);
        texts.push('\n');
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(
        bad_figures == (true, true),
        "bad figures tried: {bad_figures:?}"
    );
    assert!(abbeys >= 1 && draws >= 1, "abbeys {abbeys}, draws {draws}");
    assert!(wagon_moves + kept >= 1, "no wagon decision");
    for k in ["mayor", "wagon", "barn"] {
        assert!(figures.get(k).is_some_and(|&n| n > 0), "{figures:?}");
    }
    assert!(texts.contains("placed the abbey"), "{texts}");
    let export = f.send(&players[0], Command::Export);
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(json.contains("\"abbey\""), "no abbey in the record");
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
}

/// Hills & Sheep: the first tile drawn is a hill; placing it puts the deck's next
/// tile under it (kept hidden beside the deck), and taking the move back puts that tile back in
/// its place: the deck and the record are as before the move, and it survives a restart.
#[test]
fn a_tile_under_a_hill_comes_back_when_the_move_is_taken_back() {
    use meeplebot::engine::random::shuffled_deck;
    use meeplebot::engine::TileSet;
    let sets = [TileSet::Base, TileSet::Hills];
    let seed = (0..10_000u64)
        .find(|&s| shuffled_deck(&sets, s)[0].tile.get().symbols.hill)
        .unwrap();
    let mut f = Fixture::with(Settings {
        seed: Some(seed),
        ..Settings::default()
    });
    let alice = user(1, "Alice");
    let bob = user(2, "Bob");
    let new = NewGame {
        sets: Some(vec!["hills".into()]),
        ..NewGame::default()
    };
    accepted(&f.send(&alice, Command::New(new)));
    accepted(&f.send(&bob, Command::Join));
    accepted(&f.send(&alice, Command::Start));
    let before = f.stored();
    let drawn = f.live().drawn_tile().unwrap();
    assert!(drawn.get().symbols.hill, "{drawn} is no hill tile");
    assert!(before.buried.is_empty());
    let left = f.live().remaining_total();
    let uid = f.current_user();
    let mover = [alice.clone(), bob.clone()]
        .into_iter()
        .find(|p| p.id == uid)
        .unwrap();
    let c = f.svc.placement_choices(CH, uid, 25).remove(0);
    accepted(&f.send(
        &mover,
        Command::Place {
            x: c.x,
            y: c.y,
            rotation: c.rotation,
            follower: FollowerChoice::Act(Action::Pass),
        },
    ));
    let after = f.stored();
    assert_eq!(
        after.buried,
        before.deck[..1],
        "the deck's next tile is under the hill"
    );
    assert_eq!(after.deck[..], before.deck[2..], "the next one was drawn");
    // The hill and the tile under it are gone; the next tile drawn still counts.
    assert_eq!(f.live().remaining_total(), left - 2);
    let undone = f.send(&mover, Command::Undo);
    accepted(&undone);
    let back = f.stored();
    assert!(back.buried.is_empty(), "{:?}", back.buried);
    assert_eq!(back.deck, before.deck, "the tiles are back in their places");
    assert_eq!(back.record, before.record);
    let f = f.restart();
    assert_eq!(f.stored().deck, before.deck);
    assert_eq!(f.live().remaining_total(), left);
}

/// Hills & Sheep through the service: the shepherd placed like any figure (a shepherd off a
/// field refused with its rule), each token drawn told in the turn's lines, the shepherd's
/// choice asked of its owner when their tile extends its field (pinged, a button for each
/// choice with what driving home scores, the typed `flock`, autocomplete), refused for the
/// other player, for a bad word and for an undo while it waits; the flock and the bag in
/// `status`, across a restart; the record replays to the same tokens.
#[test]
fn hills_and_sheep_are_played_with_buttons_and_typed_commands() {
    use meeplebot::engine::Decision;
    use meeplebot::service::figure_choice_text;
    let players = [user(1, "Alice"), user(2, "Bob")];
    let mut f = Fixture::with(Settings {
        web_base: Some("http://web.example".into()),
        ..settings()
    });
    accepted(&f.send(
        &players[0],
        Command::New(NewGame {
            sets: Some(vec!["hills".into()]),
            ..NewGame::default()
        }),
    ));
    accepted(&f.send(&players[1], Command::Join));
    let mut last = f.send(&players[0], Command::Start);
    accepted(&last);
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let status = f.send(&players[0], Command::Status);
    assert!(
        status
            .text
            .contains("Bag of sheep: 18 tokens — 2 wolves, 4×1, 5×2, 5×3, 2×4 sheep"),
        "{}",
        status.text
    );
    let (mut grown, mut home, mut shepherds) = (0, 0, 0);
    let (mut restarted, mut finished, mut bad_shepherd) = (false, false, false);
    let mut texts = String::new();
    for turn in 0..300 {
        let s = f.stored();
        let g = s.live_game().unwrap().unwrap();
        let (seat, uid) = decider(&f);
        let me = by(uid);
        let other = by(players.iter().find(|p| p.id != uid).unwrap().id);
        let r = if g.pending().decision == Decision::Flock {
            assert_eq!(seat, g.current_player());
            assert_eq!(last.ping.to_vec(), vec![uid], "{}", last.text);
            assert!(
                last.text
                    .contains("your tile extends the field of your shepherd"),
                "{}",
                last.text
            );
            let grow = button_labelled(&last, "Let the flock grow (draw)");
            let drive = last
                .buttons
                .iter()
                .find(|b| b.label.starts_with("Drive it home (+"))
                .cloned()
                .expect("a button to drive the flock home");
            refused(&f.click(&other, &grow), "not yours");
            let before = f.stored().record;
            refused(
                &f.send(
                    &me,
                    Command::Decide {
                        text: "flock eat".into(),
                        turn: None,
                    },
                ),
                "write \"flock grow\"",
            );
            refused(
                &f.send(&me, Command::Undo),
                "A flock waits for its owner's choice",
            );
            assert_eq!(f.stored().record, before, "a refusal changed the game");
            // As `/flock` autocompletes: the two choices, for the owner only.
            let typed = f.svc.step_choices(CH, uid, "flock", "");
            assert_eq!(
                typed.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
                ["grow", "home"]
            );
            assert!(f.svc.step_choices(CH, other.id, "flock", "").is_empty());
            if !restarted {
                // The web board says what is awaited, shows the bag and tells the tokens.
                let v = web_view(&f);
                let status = v["status"].as_str().unwrap();
                assert!(
                    status.contains("first decides about their flock"),
                    "{status}"
                );
                let frames = v["frames"].as_array().unwrap();
                let table = frames.last().unwrap()["table"].as_array().unwrap();
                assert_eq!(table.len(), 5, "wolves and 1 to 4 sheep: {table:?}");
                assert!(
                    frames
                        .iter()
                        .any(|fr| fr["line"].as_str().unwrap().contains(" sheep.")
                            || fr["line"].as_str().unwrap().contains("A wolf")),
                    "no token in the page's turn lines"
                );
                f = f.restart();
                restarted = true;
            }
            match (grown + home) % 3 {
                0 => {
                    let r = f.click(&me, &grow);
                    accepted(&r);
                    assert!(r.text.contains("lets the flock grow"), "{}", r.text);
                    assert!(
                        r.text.contains("flock grows by") || r.text.contains("A wolf!"),
                        "{}",
                        r.text
                    );
                    refused(&f.click(&me, &grow), "earlier");
                    grown += 1;
                    r
                }
                1 => {
                    let r = f.click(&me, &drive);
                    accepted(&r);
                    assert!(r.text.contains("drives the flock home"), "{}", r.text);
                    home += 1;
                    r
                }
                _ => {
                    let r = f.send(
                        &me,
                        Command::Decide {
                            text: "flock home".into(),
                            turn: None,
                        },
                    );
                    accepted(&r);
                    // What the button said is what the flock scored.
                    let points = drive.label.trim_start_matches("Drive it home (+");
                    let points = points.trim_end_matches(')');
                    assert!(
                        r.text.contains(&format!("+{points} for the flock (")),
                        "{points}: {}",
                        r.text
                    );
                    home += 1;
                    r
                }
            }
        } else {
            assert_eq!(seat, g.current_player());
            let choices = f.svc.placement_choices(CH, uid, 400);
            assert!(!choices.is_empty());
            let c = &choices[turn % choices.len().min(3)];
            let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
            let road = acts.iter().find_map(|a| match a {
                Action::Deploy { spot, .. } if spot.to_string().starts_with("road:") => {
                    Some(spot.to_string())
                }
                _ => None,
            });
            if let (Some(road), false) = (road, bad_shepherd) {
                let before = f.stored().record;
                refused(
                    &f.send(
                        &me,
                        Command::Place {
                            x: c.x,
                            y: c.y,
                            rotation: c.rotation,
                            follower: FollowerChoice::Typed(format!("shepherd {road}")),
                        },
                    ),
                    "the shepherd goes only on a field",
                );
                assert_eq!(
                    f.stored().record,
                    before,
                    "a refused shepherd changed the game"
                );
                bad_shepherd = true;
            }
            let shepherd = acts.iter().find(|a| {
                matches!(
                    a,
                    Action::Deploy {
                        figure: Figure::Shepherd,
                        ..
                    }
                )
            });
            let act = match shepherd {
                Some(&a) => {
                    shepherds += 1;
                    a
                }
                None => acts
                    .iter()
                    .find(|a| {
                        matches!(
                            a,
                            Action::Deploy {
                                figure: Figure::Follower,
                                ..
                            }
                        )
                    })
                    .filter(|_| turn % 3 == 0)
                    .copied()
                    .unwrap_or(Action::Pass),
            };
            let r = f.send(
                &me,
                Command::Place {
                    x: c.x,
                    y: c.y,
                    rotation: c.rotation,
                    follower: FollowerChoice::Typed(figure_choice_text(act)),
                },
            );
            accepted(&r);
            if shepherd.is_some() {
                assert!(
                    r.text.contains("shepherd gathers a flock of") || r.text.contains("A wolf!"),
                    "{}",
                    r.text
                );
            }
            r
        };
        texts.push_str(&r.text);
        texts.push('\n');
        if turn == 40 {
            let status = f.send(&players[0], Command::Status);
            assert!(status.text.contains("Bag of sheep: "), "{}", status.text);
            if f.stored().live_game().unwrap().unwrap().buried() > 0 {
                let tiles = f.send(&players[0], Command::Tiles);
                assert!(tiles.text.contains("under hills"), "{}", tiles.text);
            }
        }
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(bad_shepherd, "no shepherd tried on a road");
    assert!(shepherds >= 2, "shepherds placed: {shepherds}");
    assert!(grown >= 1 && home >= 2, "grown {grown}, home {home}");
    assert!(
        texts.contains("for the flock ("),
        "no flock scored: {texts}"
    );
    assert!(!texts.contains("Back to their supply"), "{texts}");
    let export = f.send(&players[0], Command::Export);
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
    // Every token of the record was told in a turn's lines, and only those.
    // A token is `{"sheep": 3}` or `{"sheep": "wolf"}`.
    let drawn = json.matches("\"sheep\":").count();
    let told = ["gathers a flock of", "flock grows by", "A wolf!"]
        .iter()
        .map(|t| texts.matches(t).count())
        .sum::<usize>();
    assert!(drawn >= 2, "{drawn} tokens drawn");
    assert_eq!(drawn, told, "tokens in the record and in the turn lines");
}

/// A game of `players` with the set `set` (offered as every set: no preview needed), started:
/// the fixture and the reply to the start.
fn set_game(players: &[Actor], set: &str) -> (Fixture, Reply) {
    let mut f = Fixture::with(Settings {
        web_base: Some("http://web.example".into()),
        ..settings()
    });
    accepted(&f.send(
        &players[0],
        Command::New(NewGame {
            sets: Some(vec![set.into()]),
            ..NewGame::default()
        }),
    ));
    for p in &players[1..] {
        accepted(&f.send(p, Command::Join));
    }
    let started = f.send(&players[0], Command::Start);
    accepted(&started);
    (f, started)
}

/// Bridges, Castles & Bazaars: the castle's choice asked of the follower's owner
/// (whoever's turn it is) with buttons and `/castle`'s typed form, refused for anyone else,
/// with a word it does not know, and for an undo while it waits; the castle tokens in
/// `status`; the record replays.
#[test]
fn castles_are_built_with_buttons_and_typed_commands() {
    use meeplebot::engine::Decision;
    use meeplebot::service::figure_choice_text;
    let players = [user(1, "Alice"), user(2, "Bob")];
    let (mut f, mut last) = set_game(&players, "bridges");
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let status = f.send(&players[0], Command::Status);
    assert!(
        status.text.contains("🏰 3 castles in hand"),
        "{}",
        status.text
    );
    let (mut built, mut scored, mut restarted, mut finished) = (0, 0, false, false);
    let mut texts = String::new();
    for turn in 0..300 {
        let s = f.stored();
        let g = s.live_game().unwrap().unwrap();
        let (seat, uid) = decider(&f);
        let me = by(uid);
        let other = by(players.iter().find(|p| p.id != uid).unwrap().id);
        let r = if let Some(r) = answer_bazaar(&mut f, &players) {
            r
        } else if g.pending().decision == Decision::Castle {
            assert_eq!(last.ping.to_vec(), vec![uid], "{}", last.text);
            assert!(
                last.text
                    .contains("is complete with your follower alone in it"),
                "{}",
                last.text
            );
            let build = button_labelled(&last, "Build a castle");
            let score = last
                .buttons
                .iter()
                .find(|b| b.label.starts_with("Score the city (+"))
                .cloned()
                .expect("a button to score the city");
            refused(&f.click(&other, &build), "not yours");
            let before = f.stored().record;
            refused(
                &f.send(
                    &me,
                    Command::Decide {
                        text: "castle burn".into(),
                        turn: None,
                    },
                ),
                "write \"castle build\"",
            );
            refused(
                &f.send(&me, Command::Undo),
                "A castle's choice waits for its owner",
            );
            assert_eq!(f.stored().record, before, "a refusal changed the game");
            // As `/castle` autocompletes: the two choices, for the owner only.
            let typed = f.svc.step_choices(CH, uid, "castle", "");
            assert_eq!(
                typed.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
                ["build", "score"]
            );
            assert!(f.svc.step_choices(CH, other.id, "castle", "").is_empty());
            if !restarted {
                f = f.restart();
                restarted = true;
            }
            let tokens = g.castle_tokens(seat);
            match (built + scored) % 3 {
                0 => {
                    let r = f.click(&me, &build);
                    accepted(&r);
                    assert!(r.text.contains("builds a castle"), "{}", r.text);
                    refused(&f.click(&me, &build), "earlier");
                    let g = f.stored().live_game().unwrap().unwrap();
                    assert_eq!(g.castle_tokens(seat), tokens - 1);
                    built += 1;
                    r
                }
                1 => {
                    let r = f.send(
                        &me,
                        Command::Decide {
                            text: "castle build".into(),
                            turn: None,
                        },
                    );
                    accepted(&r);
                    assert!(r.text.contains("builds a castle"), "{}", r.text);
                    built += 1;
                    r
                }
                _ => {
                    let r = f.click(&me, &score);
                    accepted(&r);
                    assert!(r.text.contains("scores the city instead"), "{}", r.text);
                    // What the button said is what the city scored.
                    let points = score.label.trim_start_matches("Score the city (+");
                    let points = points.trim_end_matches(')');
                    assert!(
                        r.text.contains(&format!("+{points} for the city")),
                        "{points}: {}",
                        r.text
                    );
                    scored += 1;
                    r
                }
            }
        } else {
            assert_eq!(seat, g.current_player());
            let choices = f.svc.placement_choices(CH, uid, 400);
            assert!(!choices.is_empty());
            let c = &choices[turn % choices.len().min(3)];
            let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
            // A knight wherever one may stand, so that small cities hold one.
            let act = acts
                .iter()
                .find(|a| {
                    matches!(a, Action::Deploy { figure: Figure::Follower, spot }
                        if spot.to_string().starts_with("city:"))
                })
                .copied()
                .unwrap_or(Action::Pass);
            f.send(
                &me,
                Command::Place {
                    x: c.x,
                    y: c.y,
                    rotation: c.rotation,
                    follower: FollowerChoice::Typed(figure_choice_text(act)),
                },
            )
        };
        accepted(&r);
        texts.push_str(&r.text);
        texts.push('\n');
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(built >= 2 && scored >= 1, "built {built}, scored {scored}");
    let export = f.send(&players[0], Command::Export);
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
    assert_eq!(
        json.matches("\"castle\":").count(),
        built + scored,
        "every choice in the record"
    );
}

/// Bridges, Castles & Bazaars: a placement with a bridge typed as `/bridge` sends
/// it (the figure typed, or asked with buttons), told in the move's line; `/bridge`
/// autocompletes the legal placements with a bridge and, after one, its figures, for the
/// player to move only; refusals for someone else, a form it cannot read, a bridge the rules
/// refuse, and a game without the set; the bridges in hand in `status`; a tile that fits only
/// with a bridge is played through the same command; the record replays with every bridge.
#[test]
fn bridges_are_laid_with_typed_commands() {
    use meeplebot::engine::Decision;
    use meeplebot::service::figure_choice_text;
    let players = [user(1, "Alice"), user(2, "Bob")];
    let (mut f, mut last) = set_game(&players, "bridges");
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let status = f.send(&players[0], Command::Status);
    assert!(
        status.text.contains("🌉 3 bridges in hand"),
        "{}",
        status.text
    );
    let (mut laid, mut asked, mut finished) = (0, 0, false);
    for turn in 0..300 {
        let mut bridge_move = false;
        let s = f.stored();
        let g = s.live_game().unwrap().unwrap();
        let (_, uid) = decider(&f);
        let me = by(uid);
        let other = by(players.iter().find(|p| p.id != uid).unwrap().id);
        let r = if let Some(r) = answer_bazaar(&mut f, &players) {
            r
        } else if g.pending().decision == Decision::Castle {
            f.send(
                &me,
                Command::Decide {
                    text: "castle score".into(),
                    turn: None,
                },
            )
        } else {
            let bridged = f.svc.step_choices(CH, uid, "bridge", "");
            assert!(f.svc.step_choices(CH, other.id, "bridge", "").is_empty());
            let plain = f.svc.placement_choices(CH, uid, 400);
            // The turn's message says when the tile fits only with a bridge.
            assert_eq!(
                plain.is_empty(),
                last.text.contains("fits only with a bridge"),
                "{}",
                last.text
            );
            if !bridged.is_empty() && (plain.is_empty() || turn % 4 == 0) {
                let (text, label) = &bridged[turn % bridged.len()];
                assert!(label.contains("bridge on"), "{label}");
                let before = f.stored().record;
                refused(
                    &f.send(
                        &other,
                        Command::Decide {
                            text: format!("bridge {text} none"),
                            turn: None,
                        },
                    ),
                    "not yours",
                );
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: "bridge over the river".into(),
                            turn: None,
                        },
                    ),
                    "write \"bridge x,y rotation",
                );
                // The same tile with its bridge two squares away: refused with the rule.
                let far = {
                    let w: Vec<&str> = text.split_whitespace().collect();
                    let (x, y) = w[0].split_once(',').unwrap();
                    let x: i64 = x.parse().unwrap();
                    format!("bridge {x},{y} {} {},{y} {} none", w[1], x + 2, w[3])
                };
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: far,
                            turn: None,
                        },
                    ),
                    "or on a tile beside it",
                );
                assert_eq!(f.stored().record, before, "a refusal changed the game");
                // As `/bridge` autocompletes the figure after the placement.
                let figures = f.svc.step_choices(CH, uid, "bridge", text);
                assert!(figures.iter().any(|(t, _)| t == "none"), "{figures:?}");
                laid += 1;
                bridge_move = true;
                if figures.len() > 1 && asked < 2 {
                    // Left out, the figure is asked with buttons.
                    let q = f.send(
                        &me,
                        Command::Decide {
                            text: format!("bridge {text}"),
                            turn: None,
                        },
                    );
                    assert!(q.text.contains("with the bridge"), "{}", q.text);
                    assert!(!q.buttons.is_empty());
                    asked += 1;
                    f.click(&me, &q.buttons[q.buttons.len() - 1])
                } else {
                    f.send(
                        &me,
                        Command::Decide {
                            text: format!("bridge {text} none"),
                            turn: None,
                        },
                    )
                }
            } else {
                assert!(!plain.is_empty(), "turn {turn}: no placement at all");
                let c = &plain[turn % plain.len().min(3)];
                let acts = f.svc.follower_choices(CH, c.x, c.y, c.rotation);
                let act = acts.first().copied().unwrap_or(Action::Pass);
                f.send(
                    &me,
                    Command::Place {
                        x: c.x,
                        y: c.y,
                        rotation: c.rotation,
                        follower: FollowerChoice::Typed(figure_choice_text(act)),
                    },
                )
            }
        };
        accepted(&r);
        // The move's line tells the bridge.
        assert_eq!(r.text.contains("with a bridge"), bridge_move, "{}", r.text);
        if r.text.contains("final scoring") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(laid >= 3 && asked >= 1, "laid {laid}, asked {asked}");
    let export = f.send(&players[0], Command::Export);
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
    assert_eq!(
        json.matches("\"bridge\":").count(),
        laid,
        "every bridge in the record"
    );
    // Without the set, `/bridge` says so.
    let mut g = Fixture::new();
    accepted(&g.send(&players[0], Command::New(NewGame::default())));
    accepted(&g.send(&players[1], Command::Join));
    accepted(&g.send(&players[0], Command::Start));
    let (_, uid) = decider(&g);
    refused(
        &g.send(
            &by(uid),
            Command::Decide {
                text: "bridge 1,0 0 1,0 N-S none".into(),
                turn: None,
            },
        ),
        "which this game does not use",
    );
}

/// Answers the bazaar's question when the game waits for one (Bridges, Castles & Bazaars): the
/// first answer `/bazaar` autocompletes for the seat asked, typed. `None` when no bazaar
/// decision waits.
fn answer_bazaar(f: &mut Fixture, players: &[Actor]) -> Option<Reply> {
    use meeplebot::engine::Decision;
    let g = f.live();
    if !matches!(
        g.pending().decision,
        Decision::Bazaar | Decision::Raise | Decision::Deal
    ) {
        return None;
    }
    let (_, uid) = decider(f);
    let me = players.iter().find(|p| p.id == uid).unwrap().clone();
    let choices = f.svc.step_choices(CH, uid, "bazaar", "");
    assert!(!choices.is_empty(), "the bazaar lists its answers");
    let r = f.send(
        &me,
        Command::Decide {
            text: format!("bazaar {}", choices[0].0),
            turn: None,
        },
    );
    accepted(&r);
    Some(r)
}

/// Bridges, Castles & Bazaars: a bazaar's auction asks each seat in turn, pinged,
/// with buttons and `/bazaar`'s typed forms (autocompleted for the seat asked only); refusals
/// for anyone else, a form it cannot read, a bid above the bidder's score and a raise not
/// higher change nothing; the lines say who took which tile for what; the auction survives a
/// restart; the round's turns begin with the players' tiles; the record replays.
#[test]
fn bazaars_are_answered_by_each_seat_with_buttons_and_typed_commands() {
    use meeplebot::engine::Decision;
    let players = [user(1, "Alice"), user(2, "Bob"), user(3, "Carol")];
    let (mut f, mut last) = set_game(&players, "bridges");
    let by = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let (mut asked, mut clicked, mut typed, mut restarted, mut finished) = (0, 0, 0, false, false);
    let mut texts = String::new();
    for _ in 0..900 {
        let g = f.live();
        let decision = g.pending().decision;
        let r = if matches!(
            decision,
            Decision::Bazaar | Decision::Raise | Decision::Deal
        ) {
            asked += 1;
            let (seat, uid) = decider(&f);
            let me = by(uid);
            let other = by(players.iter().find(|p| p.id != uid).unwrap().id);
            assert_eq!(last.ping.to_vec(), vec![uid], "{}", last.text);
            assert!(last.text.contains("🏪 Bazaar:"), "{}", last.text);
            let before = f.stored().record;
            let choices = f.svc.step_choices(CH, uid, "bazaar", "");
            assert!(!choices.is_empty());
            assert!(f.svc.step_choices(CH, other.id, "bazaar", "").is_empty());
            refused(
                &f.send(
                    &other,
                    Command::Decide {
                        text: format!("bazaar {}", choices[0].0),
                        turn: None,
                    },
                ),
                "not you",
            );
            refused(
                &f.send(
                    &me,
                    Command::Decide {
                        text: "bazaar everything".into(),
                        turn: None,
                    },
                ),
                "write \"bazaar 2 3\"",
            );
            let score = g.scores()[seat];
            let too_much = match decision {
                Decision::Bazaar => {
                    let tile = choices[0].0.split_whitespace().next().unwrap().to_string();
                    format!("bazaar {tile} {}", score + 1)
                }
                _ => {
                    let current = g.bazaar().and_then(|b| b.auction).map_or(0, |a| a.1);
                    format!("bazaar raise {}", score.max(current) + 1)
                }
            };
            if decision != Decision::Deal {
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: too_much,
                            turn: None,
                        },
                    ),
                    "you cannot bid",
                );
            }
            if let (Decision::Raise, Some((_, bid, _))) =
                (decision, g.bazaar().and_then(|b| b.auction))
            {
                refused(
                    &f.send(
                        &me,
                        Command::Decide {
                            text: format!("bazaar raise {bid}"),
                            turn: None,
                        },
                    ),
                    "must be higher",
                );
            }
            refused(
                &f.send(&me, Command::Undo),
                "The bazaar's auction is under way",
            );
            assert_eq!(f.stored().record, before, "a refusal changed the game");
            if !restarted {
                f = f.restart();
                restarted = true;
                assert_eq!(
                    f.live().pending().decision,
                    decision,
                    "the auction survives"
                );
                // The web board shows the auction: who is asked, the tiles, the bid.
                let status = web_view(&f)["status"].as_str().unwrap().to_string();
                assert!(
                    status.contains("is asked at the bazaar") && status.contains("🏪 Bazaar: 1 ("),
                    "{status}"
                );
            }
            let r = if asked % 2 == 0 && !last.buttons.is_empty() {
                clicked += 1;
                let b = last.buttons[asked % last.buttons.len()].clone();
                f.click(&me, &b)
            } else {
                typed += 1;
                let (text, _) = &choices[asked % choices.len()];
                f.send(
                    &me,
                    Command::Decide {
                        text: format!("bazaar {text}"),
                        turn: None,
                    },
                )
            };
            accepted(&r);
            r
        } else if decision == Decision::Castle {
            let (_, uid) = decider(&f);
            f.send(
                &by(uid),
                Command::Decide {
                    text: "castle score".into(),
                    turn: None,
                },
            )
        } else {
            play_one(&mut f, &players)
        };
        accepted(&r);
        texts.push_str(&r.text);
        texts.push('\n');
        if r.files.iter().any(|a| a.name == "final.png") {
            finished = true;
            break;
        }
        last = r;
    }
    assert!(finished, "the game did not end");
    assert!(
        asked >= 4 && clicked >= 1 && typed >= 1,
        "{asked} asked, {clicked} clicked, {typed} typed"
    );
    assert!(texts.contains("chooses tile"), "{texts}");
    assert!(
        texts.contains("🏪") && texts.contains("takes tile"),
        "{texts}"
    );
    let export = f.send(&players[0], Command::Export);
    let json = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    meeplebot::engine::replay(&meeplebot::engine::Record::from_json(&json).unwrap()).unwrap();
    assert!(
        json.contains("\"offer\":") && json.contains("\"bazaar\":"),
        "{json}"
    );
}

/// A game between Alice and Bob played to its end in `f`'s channel.
fn finished_game(f: &mut Fixture, alice: &Actor, bob: &Actor) -> Reply {
    lobby(f, alice, bob);
    accepted(&f.send(alice, Command::Start));
    play_to_the_end(f, &[alice.clone(), bob.clone()])
}

/// A fixture reviewing with `iterations` a position, and a game between Alice and Bob played
/// to its end there.
fn finished_with_reviews(iterations: u32) -> (Fixture, Actor, Actor) {
    let mut f = Fixture::with(Settings {
        review_iterations: iterations,
        ..settings()
    });
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    finished_game(&mut f, &alice, &bob);
    (f, alice, bob)
}

/// The final board of the channel's first game, shown again from the history by `who`.
fn final_board_of_game_1(f: &mut Fixture, who: &Actor) -> Reply {
    let history = f.send(who, Command::History);
    f.click(who, &button_labelled(&history, "Final board of game 1"))
}

/// The review kept in the summary of the channel's last finished game.
fn kept_review(f: &Fixture) -> Option<meeplebot::service::stored::StoredReview> {
    let last = f.storage.summaries(CH).unwrap().pop().unwrap();
    serde_json::from_slice::<meeplebot::service::stored::Summary>(&last.bytes)
        .unwrap()
        .review
}

#[test]
fn a_finished_game_is_reviewed_once_off_the_request_path_and_the_review_survives_a_restart() {
    let (mut f, alice, bob) = finished_with_reviews(60);
    // Nothing was reviewed on the request path: the review waits as a timer.
    assert_eq!(f.svc.reviews_queued(), 0);
    assert!(kept_review(&f).is_none());
    assert!(f.svc.due_held(f.now).is_empty(), "a review tells no member");
    assert_eq!(f.svc.reviews_queued(), 1);
    let told = f
        .svc
        .review_next(std::time::Duration::ZERO)
        .expect("the review is posted");
    check_reply(&told.reply);
    assert_eq!(told.key, CH);
    assert!(!told.reply.ephemeral);
    assert!(
        told.reply.amend().is_none(),
        "no final message is known to add it to"
    );
    let lines: Vec<&str> = told.reply.text.lines().collect();
    assert!(lines[0].contains("costliest move"), "{}", told.reply.text);
    assert_eq!(lines.len(), 3, "one line per player: {}", told.reply.text);
    assert!(lines[1].contains("**Alice**") || lines[2].contains("**Alice**"));
    assert!(lines[1].contains("**Bob**") || lines[2].contains("**Bob**"));
    // What is kept: the people's seats, at most three points each, each a clear loss.
    let review = kept_review(&f).expect("kept with the game");
    assert_eq!(review.seats, vec![0, 1]);
    assert_eq!(review.iterations, 60);
    for seat in 0..2 {
        let points: Vec<_> = review.of_seat(seat).collect();
        assert!(points.len() <= 3);
        assert!(
            points.windows(2).all(|w| w[0].gain >= w[1].gain),
            "worst first"
        );
        assert!(points.iter().all(|p| p.gain >= 3 && !p.better.is_empty()));
        // The channel's line is the seat's worst one.
        if let Some(p) = points.first() {
            let line = lines
                .iter()
                .find(|l| l.contains(&format!("turn {}:", p.turn)));
            assert!(line.is_some(), "turn {} in {}", p.turn, told.reply.text);
            assert!(line.unwrap().contains(&format!("+{}", p.gain)));
        } else {
            assert!(lines.iter().any(|l| l.contains("no move gave away")));
        }
    }
    let button = button_labelled(&told.reply, "Review");
    let shown = f.click(&bob, &button);
    assert!(shown.ephemeral, "the top three are private");
    assert!(shown.text.contains("costliest moves"), "{}", shown.text);
    assert!(shown.text.contains("60 iterations"), "{}", shown.text);
    assert_eq!(
        shown.text.lines().filter(|l| l.starts_with("• ")).count(),
        review.points.len()
            + (0..2)
                .filter(|&s| review.of_seat(s).next().is_none())
                .count()
    );
    // Made once: nothing else queued; its timer, due again after its lease, finds it made.
    assert!(f.svc.review_next(std::time::Duration::ZERO).is_none());
    f.now += 1801;
    assert!(f.svc.due_held(f.now).is_empty());
    assert!(f.svc.review_next(std::time::Duration::ZERO).is_none());
    assert_eq!(kept_review(&f), Some(review.clone()));
    // The review survives a restart, and the history's final board offers it.
    let mut f = f.restart();
    assert_eq!(f.click(&alice, &button).text, shown.text);
    let fin = final_board_of_game_1(&mut f, &alice);
    assert_eq!(
        f.click(&alice, &button_labelled(&fin, "Review")).text,
        shown.text
    );
}

#[test]
fn a_review_is_added_to_the_final_message_once_the_discord_layer_told_its_id() {
    let mut f = Fixture::with(Settings {
        review_iterations: 30,
        ..settings()
    });
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    let end = finished_game(&mut f, &alice, &bob);
    let seq = end.final_of().expect("the final message asks for its id");
    // The Discord layer posted it as message 777 (told twice: kept once).
    f.svc.final_message_posted(CH, seq, 777);
    f.svc.final_message_posted(CH, seq, 777);
    assert!(f.svc.due_held(f.now).is_empty());
    let told = f
        .svc
        .review_next(std::time::Duration::ZERO)
        .expect("the review is told");
    assert!(told.reply.ping.is_empty(), "nobody is pinged again");
    let amend = told.reply.amend().expect("it completes the final message");
    assert_eq!(amend.message, 777);
    check_reply(&amend.reply);
    assert!(
        amend.reply.files.is_empty(),
        "the pictures stay as they are"
    );
    // The final message as it was, then each player's costliest move: the same lines as the
    // message the review would be otherwise (posted if the edit fails).
    let text = &amend.reply.text;
    assert!(text.starts_with(&format!("{}\n", end.text)), "{text}");
    let added: Vec<&str> = text[end.text.len()..].trim_start().lines().collect();
    assert!(added[0].contains("Turning points"), "{text}");
    let fallback: Vec<&str> = told.reply.text.lines().skip(1).collect();
    assert_eq!(added[1..], fallback[..], "{text}");
    assert_eq!(fallback.len(), 2, "a line per player");
    // Its buttons as they were, and the Review button.
    let mut labels: Vec<&str> = end.buttons.iter().map(|b| b.label.as_str()).collect();
    labels.push("Review");
    let now: Vec<&str> = amend
        .reply
        .buttons
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(now, labels);
    assert_eq!(
        amend.reply.buttons.last(),
        told.reply.buttons.last(),
        "the same Review button"
    );
}

#[test]
fn a_review_left_by_a_process_that_died_is_made_after_its_lease() {
    let (f, alice, _) = finished_with_reviews(30);
    // Taken by this process, which dies before making it.
    assert!(f.svc.due_held(f.now).is_empty());
    assert_eq!(f.svc.reviews_queued(), 1);
    let mut f = f.restart();
    assert_eq!(f.svc.reviews_queued(), 0);
    // Asked for meanwhile: it is on its way.
    let fin = final_board_of_game_1(&mut f, &alice);
    let asked = f.click(&alice, &button_labelled(&fin, "Review"));
    refused(&asked, "being reviewed");
    f.now += 1801;
    assert!(f.svc.due_held(f.now).is_empty());
    assert_eq!(
        f.svc.reviews_queued(),
        1,
        "queued once however often it was asked for"
    );
    assert!(f.svc.review_next(std::time::Duration::ZERO).is_some());
    assert!(kept_review(&f).is_some());
}

#[test]
fn a_game_without_people_is_not_reviewed_and_reviews_can_be_off() {
    let (mut f, alice, _) = finished_with_reviews(0);
    assert!(f.svc.due_held(f.now + 5000).is_empty());
    assert_eq!(f.svc.reviews_queued(), 0, "reviews are off");
    let fin = final_board_of_game_1(&mut f, &alice);
    refused(
        &f.click(&alice, &button_labelled(&fin, "Review")),
        "does not review",
    );
}

#[test]
fn hints_come_privately_only_in_games_that_allow_them() {
    let mut f = Fixture::new();
    let (alice, bob) = (user(1, "Alice"), user(2, "Bob"));
    lobby(&mut f, &alice, &bob);
    let start = f.send(&alice, Command::Start);
    assert!(start.buttons.iter().all(|b| b.label != "Hint"));
    let players = [alice.clone(), bob.clone()];
    let to_play = players
        .iter()
        .find(|p| p.id == f.current_user())
        .unwrap()
        .clone();
    let before = f.stored();
    refused(&f.send(&to_play, Command::Hint), "without hints");
    assert_eq!(f.stored(), before, "a refused hint changes nothing");
    f.send(&alice, Command::Abort);

    // Allowed in the lobby: the rules line says so, and the turn message carries the button.
    let opened = f.send(
        &alice,
        Command::New(NewGame {
            hints: Some(true),
            ..NewGame::default()
        }),
    );
    accepted(&opened);
    accepted(&f.send(&bob, Command::Join));
    let start = f.send(&alice, Command::Start);
    let rules = f.send(&alice, Command::Rules);
    assert!(rules.text.contains("hints on"), "{}", rules.text);
    let hint = button_labelled(&start, "Hint");
    let to_play = players
        .iter()
        .find(|p| p.id == f.current_user())
        .unwrap()
        .clone();
    let other = players.iter().find(|p| p.id != to_play.id).unwrap().clone();
    refused(&f.click(&other, &hint), "turn");
    let before = f.stored();
    let mut answer = f.click(&to_play, &hint);
    assert!(
        answer.ephemeral && answer.text.is_empty(),
        "thought out off the lock"
    );
    f.svc.complete(&mut answer);
    assert!(answer.ephemeral);
    assert!(
        answer.text.starts_with("💡 The computer would play "),
        "{}",
        answer.text
    );
    let tile = match f.live().pending().decision {
        meeplebot::engine::Decision::PlaceTile { tile, .. } => tile,
        d => panic!("{d:?}"),
    };
    assert!(answer.text.contains(tile.name()), "{}", answer.text);
    assert_eq!(f.stored(), before, "a hint changes nothing");
    // The standings mark the games played with hints.
    play_to_the_end(&mut f, &players);
    let table = f.send(&alice, Command::Standings);
    let line = table.text.lines().find(|l| l.contains("Alice")).unwrap();
    assert!(line.contains("💡 1 with hints"), "{}", table.text);
}

#[test]
fn a_review_waits_while_computers_are_to_play() {
    let (f, alice, _) = finished_with_reviews(30);
    assert!(f.svc.due_held(f.now).is_empty());
    // In another channel, a game of two computers whose turns nobody plays yet.
    let other = key(2000);
    let ask = |command: Command| {
        f.svc.handle(Request {
            key: other,
            actor: alice.clone(),
            command,
            now: f.now,
            game: None,
            interaction: None,
            locale: Default::default(),
        })
    };
    accepted(&ask(Command::New(NewGame {
        computers: 2,
        spectate: true,
        level: Some(meeplebot::ai::Level::Easy),
        ..NewGame::default()
    })));
    accepted(&ask(Command::Start));
    assert!(f.svc.computers_busy());
    std::thread::scope(|s| {
        let reviewer = s.spawn(|| f.svc.review_next(std::time::Duration::ZERO));
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert!(
            !reviewer.is_finished(),
            "the review waits for the computers"
        );
        assert!(kept_review(&f).is_none());
        // The computers play their game out; then the review is made.
        while !f.svc.run_computers(f.now, 50).is_empty() {}
        assert!(reviewer.join().unwrap().is_some());
    });
    assert!(kept_review(&f).is_some());
}
