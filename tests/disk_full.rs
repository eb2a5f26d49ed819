//! A full disk: moves fail (and say so honestly) while no space is left, and work again as soon
//! as space is freed, without a restart. The full disk is simulated with the file-size limit of
//! this test process (RLIMIT_FSIZE): writes past it fail with EFBIG as they would with ENOSPC, and
//! raising the limit is "freeing space". This file holds one test, so the limit touches nothing
//! else.

use meeplebot::engine::Action;
use meeplebot::render::Renderer;
use meeplebot::service::storage::{Key, Storage};
use meeplebot::service::stored::StoredGame;
use meeplebot::service::{Actor, Command, FollowerChoice, NewGame, Request, Service, Settings};
use meeplebot::store::SledStorage;
use std::sync::Arc;

const CH: Key = Key {
    guild: 1,
    channel: 2,
};

fn set_file_limit(bytes: u64) {
    let lim = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: libc::RLIM_INFINITY,
    };
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &lim) }, 0);
}

fn stored_turns(s: &dyn Storage) -> usize {
    StoredGame::decode(&s.get_game(CH).unwrap().unwrap())
        .unwrap()
        .record
        .map(|r| r.turns_played().unwrap())
        .unwrap_or(0)
}

#[test]
fn after_a_full_disk_moves_work_again_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let storage = Arc::new(SledStorage::open(&path).unwrap());
    let svc = Service::open(
        storage.clone(),
        Arc::new(Renderer::generated()),
        Settings {
            seed: Some(1),
            ..Settings::default()
        },
    )
    .unwrap();
    let ann = Actor {
        id: 1,
        name: "Ann".into(),
        manager: false,
        rights: Default::default(),
    };
    let ben = Actor {
        id: 2,
        name: "Ben".into(),
        manager: false,
        rights: Default::default(),
    };
    let send = |who: &Actor, command: Command, now: u64| {
        svc.handle(Request {
            key: CH,
            actor: who.clone(),
            command,
            now,
            game: None,
            interaction: None,
            locale: Default::default(),
        })
    };
    assert!(!send(&ann, Command::New(NewGame::default()), 1).ephemeral);
    assert!(!send(&ben, Command::Join, 2).ephemeral);
    assert!(!send(&ann, Command::Start, 3).ephemeral);
    let mut now = 10;
    let mut play = || {
        now += 1;
        let who = if svc.placement_choices(CH, 1, 1).is_empty() {
            &ben
        } else {
            &ann
        };
        let Some(p) = svc.placement_choices(CH, who.id, 1).pop() else {
            // The game cannot even be read (the database is being opened again).
            return send(who, Command::Status, now);
        };
        send(
            who,
            Command::Place {
                x: p.x,
                y: p.y,
                rotation: p.rotation,
                follower: FollowerChoice::Act(Action::Pass),
            },
            now,
        )
    };
    // The disk fills up a little beyond the database's current size.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let size = std::fs::metadata(path.join("db")).unwrap().len();
    set_file_limit(size + 30_000);
    let mut failed = None;
    let mut acknowledged = stored_turns(storage.as_ref());
    for i in 0..60 {
        let r = play();
        if r.ephemeral {
            assert!(r.text.contains("could not be saved"), "{}", r.text);
            failed = Some(i);
            break;
        }
        acknowledged += 1;
    }
    assert!(failed.is_some(), "the full disk was never hit");
    // Still full: still refused, honestly.
    let r = play();
    assert!(
        r.ephemeral
            && (r.text.contains("could not be saved")
                || r.text.contains("cannot be read right now")),
        "{}",
        r.text
    );
    // Space is freed: the very next move works, and the ones after.
    set_file_limit(u64::MAX);
    for _ in 0..3 {
        let r = play();
        assert!(!r.ephemeral, "after freeing space: {}", r.text);
        acknowledged += 1;
    }
    let turns = stored_turns(storage.as_ref());
    assert!(
        turns >= acknowledged,
        "{turns} stored, {acknowledged} acknowledged"
    );
    // And everything acknowledged is there after a restart.
    drop(svc);
    drop(storage);
    let storage = SledStorage::open(&path).unwrap();
    assert!(stored_turns(&storage) >= acknowledged);
}
