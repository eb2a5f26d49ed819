//! Turn latency through the service (validate, apply, persist durably, render the turn picture)
//! with 100 and 1,000 games in flight, on sled in a temporary directory and, when
//! `MEEPLEBOT_TEST_POSTGRES` names a server, on PostgreSQL (in a schema of its own, dropped
//! after). Prints p50/p90/p99/max per storage and size.
//! Run with `MEEPLEBOT_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo bench --bench service`.
//!
//! With `MEEPLEBOT_BENCH_INSTRUCTIONS=1` it plays only 50 sled games of 10 turns with a fixed
//! seed, the same work on every run, to be counted under `valgrind --tool=callgrind` (instructions
//! are repeatable where the disk's wall-clock times are not; see BENCHMARKS.md).

use meeplebot::render::Renderer;
use meeplebot::service::storage::Storage;
use meeplebot::service::{
    Actor, Command, FollowerChoice, Key, NewGame, Request, Service, Settings,
};
use meeplebot::store::{PgStorage, SledStorage};
use std::sync::Arc;
use std::time::Instant;

const TURNS_PER_GAME: usize = 20;

fn main() {
    // `cargo bench` passes --bench; ignore arguments.
    let sled = |games: u64, turns: usize, settings: Settings| {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Arc::new(SledStorage::open(&dir.path().join("db")).expect("database"));
        run("sled", storage, games, turns, settings);
    };
    if std::env::var_os("MEEPLEBOT_BENCH_INSTRUCTIONS").is_some() {
        let fixed = Settings {
            seed: Some(7),
            ..Settings::default()
        };
        sled(50, 10, fixed);
        return;
    }
    for games in [100, 1000] {
        sled(games, TURNS_PER_GAME, Settings::default());
    }
    let Some(url) = std::env::var("MEEPLEBOT_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        println!("PostgreSQL skipped: set MEEPLEBOT_TEST_POSTGRES to a server's URL");
        return;
    };
    for games in [100, 1000] {
        let schema = format!("mbbench_{}_{games}", std::process::id());
        let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
        admin
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .expect("schema");
        let sep = if url.contains('?') { '&' } else { '?' };
        let storage = Arc::new(
            PgStorage::open(&format!("{url}{sep}options=-csearch_path%3D{schema}"))
                .expect("database"),
        );
        run(
            "postgres",
            storage,
            games,
            TURNS_PER_GAME,
            Settings::default(),
        );
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .expect("drop schema");
    }
}

fn run(name: &str, storage: Arc<dyn Storage>, games: u64, turns: usize, settings: Settings) {
    let svc = Service::open(storage, Arc::new(Renderer::generated()), settings).expect("service");
    let users = |c: u64| {
        [
            Actor {
                id: c * 10 + 1,
                name: format!("A{c}"),
                manager: false,
                rights: Default::default(),
            },
            Actor {
                id: c * 10 + 2,
                name: format!("B{c}"),
                manager: false,
                rights: Default::default(),
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
            interaction: None,
            locale: Default::default(),
        })
    };
    for c in 0..games {
        let [a, b] = users(c);
        send(c, &a, Command::New(NewGame::default()));
        send(c, &b, Command::Join);
        let r = send(c, &a, Command::Start);
        assert!(!r.ephemeral, "{}", r.text);
    }
    let mut lat = Vec::new();
    for _ in 0..turns {
        for c in 0..games {
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
                },
            );
            lat.push(t.elapsed().as_secs_f64() * 1000.0);
            assert!(!r.ephemeral, "{}", r.text);
        }
    }
    lat.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| lat[((lat.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "{name}: service turn latency over {} turns, {games} games in flight: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        lat[lat.len() - 1]
    );
}
