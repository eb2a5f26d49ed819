//! Turn latency through the service (validate, apply, persist with fsync, render the turn
//! picture) with 100 games in flight on one sled database. Prints p50/p90/p99/max.
//! Run with `cargo bench --bench service`.

use meeplebot::render::Renderer;
use meeplebot::service::{
    Actor, Command, FollowerChoice, Key, NewGame, Request, Service, Settings,
};
use meeplebot::store::SledStorage;
use std::sync::Arc;
use std::time::Instant;

const GAMES: u64 = 100;
const TURNS_PER_GAME: usize = 20;

fn main() {
    // `cargo bench` passes --bench; ignore arguments.
    let dir = tempfile::tempdir().expect("temp dir");
    let storage = Arc::new(SledStorage::open(&dir.path().join("db")).expect("database"));
    let svc = Service::open(
        storage,
        Arc::new(Renderer::generated()),
        Settings::default(),
    )
    .expect("service");
    let users = |c: u64| {
        [
            Actor {
                id: c * 10 + 1,
                name: format!("A{c}"),
                manager: false,
            },
            Actor {
                id: c * 10 + 2,
                name: format!("B{c}"),
                manager: false,
            },
        ]
    };
    let mut now = 1_700_000_000;
    let mut send = |channel: u64, actor: &Actor, command: Command| {
        now += 1;
        svc.handle(Request {
            key: Key::new(1, channel),
            actor: actor.clone(),
            command,
            now,
            game: None,
        })
    };
    for c in 0..GAMES {
        let [a, b] = users(c);
        send(c, &a, Command::New(NewGame::default()));
        send(c, &b, Command::Join);
        let r = send(c, &a, Command::Start);
        assert!(!r.ephemeral, "{}", r.text);
    }
    let mut lat = Vec::new();
    for _ in 0..TURNS_PER_GAME {
        for c in 0..GAMES {
            let [a, b] = users(c);
            let (who, choices) = {
                let ca = svc.placement_choices(Key::new(1, c), a.id, 1);
                if ca.is_empty() {
                    (b.clone(), svc.placement_choices(Key::new(1, c), b.id, 1))
                } else {
                    (a.clone(), ca)
                }
            };
            let Some(p) = choices.first() else {
                continue;
            };
            let v = [p.x, p.y, p.rotation];
            let t = Instant::now();
            let r = send(
                c,
                &who,
                Command::Place {
                    x: v[0],
                    y: v[1],
                    rotation: v[2],
                    follower: FollowerChoice::Act(meeplebot::engine::Action::Pass),
                    turn: None,
                },
            );
            lat.push(t.elapsed().as_secs_f64() * 1000.0);
            assert!(!r.ephemeral, "{}", r.text);
        }
    }
    lat.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| lat[((lat.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "service turn latency over {} turns, {GAMES} games in flight: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        lat[lat.len() - 1]
    );
}
