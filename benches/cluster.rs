//! Sustained load on two `meeplebot run` processes (gateway shards 0 and 1 of 2) over one
//! PostgreSQL database, through the fake Discord of the tests: thousands of live games in
//! servers of both shards, people clicking (autocomplete, then `place` until a rotation fits) and
//! computers moving, at a steady rate of moves for minutes. Prints one line:
//!
//! `cluster load: G games, M moves in S s (R moves/s), click to answer p50 X ms p99 Y ms, errors
//! E, rss start A/B MiB end C/D MiB`
//!
//! (click to answer: from the interaction's dispatch on the gateway to its answer; errors: an
//! answer that never came, a refusal other than "this rotation does not fit" or "not yours",
//! or a message Discord would have refused; rss: each process's resident memory.)
//!
//! Run with `MEEPLEBOT_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo bench --bench
//! cluster`; `MEEPLEBOT_CLUSTER_GAMES` (2000), `MEEPLEBOT_CLUSTER_SECONDS` (300) and
//! `MEEPLEBOT_CLUSTER_RATE` (moves people try per second, 55: a try in a computer's game whose
//! computer is still to move makes no move; computers add theirs) and `MEEPLEBOT_CLUSTER_LOADED`
//! (games each process keeps loaded; the configuration's default otherwise) change the load.
//!
//! Beside it, the first process serves the web board and `MEEPLEBOT_CLUSTER_PAGES` (100) live
//! pages follow games in play, as browsers do (the event stream open; after each event, the
//! game's data read again). The line then ends with `, web: P live pages, N events, data p50 X
//! ms p99 Y ms, page errors E`.

#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;

use fake_discord::{Fake, User, GUILD};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Bot {
    child: Child,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn start(fake: &Fake, url: &str, shards: &str, dir: &std::path::Path, web: Option<&str>) -> Bot {
    let config = dir.join("config.toml");
    // `MEEPLEBOT_CLUSTER_LOADED`: games each process keeps loaded (the default: 1,000).
    let loaded = std::env::var("MEEPLEBOT_CLUSTER_LOADED")
        .map(|n| format!("[retention]\nmax_loaded_games = {n}\n"))
        .unwrap_or_default();
    std::fs::write(
        &config,
        format!(
            "shards = \"{shards}\"\n{loaded}[storage]\nurl = \"{url}\"\n{}",
            web.map(|a| format!("[web]\nlisten = \"{a}\"\nconnections_per_address = 0\nrequests_per_minute = 0\nstreams_per_address = 0\n"))
                .unwrap_or_default()
        ),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args(["run", "--config", config.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATA_DIR", dir.join("unused"))
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bot starts");
    Bot { child }
}

/// Resident memory of a process, in MiB.
fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn int(name: &str, v: i64) -> Value {
    json!({"name": name, "type": 4, "value": v})
}

fn string(name: &str, v: &str) -> Value {
    json!({"name": name, "type": 3, "value": v})
}

/// What the load measured.
#[derive(Default)]
struct Tally {
    latencies: Mutex<Vec<f64>>,
    /// The `place` commands' alone (autocomplete answers are quick).
    places: Mutex<Vec<f64>>,
    errors: AtomicUsize,
    moves: AtomicUsize,
}

/// One interaction: dispatched, answered (or counted as an error after Discord's 15 minutes,
/// here 30 s), timed.
async fn ask(
    fake: &Fake,
    tally: &Tally,
    send: impl FnOnce() -> u64,
) -> Option<fake_discord::Answer> {
    let t = Instant::now();
    let id = send();
    let fake2 = fake.clone();
    match tokio::spawn(async move { fake2.answer(id).await }).await {
        Ok(a) => {
            tally
                .latencies
                .lock()
                .unwrap()
                .push(t.elapsed().as_secs_f64() * 1000.0);
            fake.forget(id);
            Some(a)
        }
        Err(_) => {
            tally.errors.fetch_add(1, Ordering::Relaxed);
            None
        }
    }
}

/// A game of the load: its channel and its people (the computer's seat has none).
struct Game {
    channel: u64,
    people: Vec<User>,
}

/// The person to play takes a turn if it is theirs: autocomplete for x (empty: not their turn),
/// for y, then `place` with rotations in order until one fits. Returns whether a move landed.
async fn turn(fake: &Fake, tally: &Tally, game: &Game) -> bool {
    for user in &game.people {
        let Some(xs) = ask(fake, tally, || {
            fake.autocomplete(user, game.channel, "place", vec![], "x", "")
        })
        .await
        else {
            return false;
        };
        let Some(x) = xs.choices().first().and_then(|c| c.1.as_i64()) else {
            continue;
        };
        let Some(ys) = ask(fake, tally, || {
            fake.autocomplete(user, game.channel, "place", vec![int("x", x)], "y", "")
        })
        .await
        else {
            return false;
        };
        let Some(y) = ys.choices().first().and_then(|c| c.1.as_i64()) else {
            return false;
        };
        for rotation in 0..4 {
            let opts = vec![
                int("x", x),
                int("y", y),
                int("rotation", rotation),
                string("follower", "none"),
            ];
            let t = Instant::now();
            let Some(a) = ask(fake, tally, || {
                fake.slash(user, game.channel, "place", opts)
            })
            .await
            else {
                return false;
            };
            tally
                .places
                .lock()
                .unwrap()
                .push(t.elapsed().as_secs_f64() * 1000.0);
            if !a.ephemeral() {
                tally.moves.fetch_add(1, Ordering::Relaxed);
                return true;
            }
            if a.content().contains("can't go") {
                continue;
            }
            if !a.content().contains("not yours") {
                eprintln!("refused: {}", a.content());
                tally.errors.fetch_add(1, Ordering::Relaxed);
            }
            return false;
        }
        return false;
    }
    false
}

fn main() {
    // `cargo bench` passes --bench; ignore arguments.
    let Some(url) = std::env::var("MEEPLEBOT_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        println!("cluster load skipped: set MEEPLEBOT_TEST_POSTGRES to a PostgreSQL server's URL");
        return;
    };
    let games = env_or("MEEPLEBOT_CLUSTER_GAMES", 2000) as usize;
    let seconds = env_or("MEEPLEBOT_CLUSTER_SECONDS", 300);
    let rate = env_or("MEEPLEBOT_CLUSTER_RATE", 55).max(1);
    let schema = format!("mbcluster_{}", std::process::id());
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
    admin
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .expect("schema");
    let sep = if url.contains('?') { '&' } else { '?' };
    let schema_url = format!("{url}{sep}options=-csearch_path%3D{schema}");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let line = rt.block_on(load(&schema_url, games, seconds, rate));
    drop(rt);
    let _ = admin.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"));
    println!("{line}");
}

async fn load(url: &str, games: usize, seconds: u64, rate: u64) -> String {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (d0, d1) = (dir.path().join("p0"), dir.path().join("p1"));
    std::fs::create_dir_all(&d0).unwrap();
    std::fs::create_dir_all(&d1).unwrap();
    let web_addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().to_string()
    };
    let p0 = start(&fake, url, "0/2", &d0, Some(&web_addr));
    let p1 = start(&fake, url, "1/2", &d1, None);
    fake.wait_shards(&[0, 1], 2, 0).await;
    fake.wait_ready(2).await;

    // The games: 50 servers, half on each shard; every fourth game has an easy computer seat.
    let tally = Arc::new(Tally::default());
    let mut all = Vec::new();
    for i in 0..games {
        let guild = GUILD + ((i % 50) as u64) * (1 << 22);
        let channel = 600_000_000_000_000_000 + i as u64;
        fake.set_guild(channel, guild);
        let person = |k: u64| User {
            id: 50_000 + 2 * i as u64 + k,
            name: format!("P{}", 2 * i as u64 + k),
            manage: false,
        };
        let computer = i % 4 == 3;
        let people = if computer {
            vec![person(0)]
        } else {
            vec![person(0), person(1)]
        };
        all.push(Arc::new(Game { channel, people }));
    }
    let setup = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..8)
        .map(|_| {
            let (fake, tally, all, next) = (fake.clone(), tally.clone(), all.clone(), next.clone());
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(g) = all.get(i) else { break };
                    let opts = if g.people.len() == 1 {
                        vec![int("computers", 1), int("computer_level", 0)]
                    } else {
                        vec![]
                    };
                    let host = &g.people[0];
                    ask(&fake, &tally, || fake.slash(host, g.channel, "new", opts)).await;
                    if let Some(guest) = g.people.get(1) {
                        ask(&fake, &tally, || {
                            fake.slash(guest, g.channel, "join", vec![])
                        })
                        .await;
                    }
                    ask(&fake, &tally, || {
                        fake.slash(host, g.channel, "start", vec![])
                    })
                    .await;
                }
            })
        })
        .collect();
    for w in workers {
        w.await.unwrap();
    }
    eprintln!(
        "cluster load: {games} games opened and started in {:.0} s",
        setup.elapsed().as_secs_f64()
    );
    // Live pages of games in play, on the first process's web board.
    let pages = env_or("MEEPLEBOT_CLUSTER_PAGES", 100) as usize;
    let web = Arc::new(WebTally::default());
    let mut page_tasks = Vec::new();
    if pages > 0 {
        let url = url.to_string();
        let tokens: Vec<String> = tokio::task::spawn_blocking(move || {
            let mut db = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
            db.query(
                "SELECT token FROM links ORDER BY token LIMIT $1",
                &[&(pages as i64)],
            )
            .expect("the links")
            .into_iter()
            .map(|r| {
                r.get::<_, Vec<u8>>(0)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect()
            })
            .collect()
        })
        .await
        .unwrap();
        for token in tokens {
            page_tasks.push(tokio::spawn(page(web_addr.clone(), token, web.clone())));
        }
    }
    // The load proper.
    tally.latencies.lock().unwrap().clear();
    tally.places.lock().unwrap().clear();
    let errors_before_load = tally.errors.swap(0, Ordering::Relaxed);
    let computer_moves_before = computer_moves(&fake);
    let rss_start = (rss_mib(p0.child.id()), rss_mib(p1.child.id()));
    let started = Instant::now();
    let busy: Arc<Mutex<std::collections::HashSet<usize>>> = Arc::default();
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / rate));
    let mut cursor = 0usize;
    let mut tasks = Vec::new();
    let mut minute = 1;
    while started.elapsed() < Duration::from_secs(seconds) {
        tick.tick().await;
        if started.elapsed() >= Duration::from_secs(60 * minute) {
            eprintln!(
                "cluster load: after {minute} min: {} moves by people, rss {:.0}/{:.0} MiB",
                tally.moves.load(Ordering::Relaxed),
                rss_mib(p0.child.id()),
                rss_mib(p1.child.id())
            );
            minute += 1;
        }
        // The next game (round the table) that no move is under way in.
        let mut pick = None;
        for _ in 0..all.len() {
            cursor = (cursor + 1) % all.len();
            if busy.lock().unwrap().insert(cursor) {
                pick = Some(cursor);
                break;
            }
        }
        let Some(i) = pick else { continue };
        let (fake, tally, game, busy) = (fake.clone(), tally.clone(), all[i].clone(), busy.clone());
        tasks.push(tokio::spawn(async move {
            turn(&fake, &tally, &game).await;
            busy.lock().unwrap().remove(&i);
        }));
        tasks.retain(|t| !t.is_finished());
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let rss_end = (rss_mib(p0.child.id()), rss_mib(p1.child.id()));
    let people_moves = tally.moves.load(Ordering::Relaxed);
    let moves = people_moves + computer_moves(&fake).saturating_sub(computer_moves_before);
    let violations = fake.violations().len();
    let errors = tally.errors.load(Ordering::Relaxed) + violations;
    let sorted = |v: &Mutex<Vec<f64>>| {
        let mut v = v.lock().unwrap().clone();
        v.sort_by(f64::total_cmp);
        v
    };
    let (lat, places) = (sorted(&tally.latencies), sorted(&tally.places));
    let at = |v: &[f64], p: f64| {
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    let pct = |p: f64| at(&lat, p);
    eprintln!(
        "cluster load: {} interactions; the {} place commands alone: p50 {:.0} ms p99 {:.0} ms max {:.0} ms",
        lat.len(),
        places.len(),
        at(&places, 0.5),
        at(&places, 0.99),
        places.last().copied().unwrap_or(0.0)
    );
    if errors_before_load > 0 {
        eprintln!("cluster load: {errors_before_load} errors while opening the games");
    }
    for t in &page_tasks {
        t.abort();
    }
    let data = sorted(&web.data);
    let web_line = format!(
        ", web: {} live pages, {} events, data p50 {:.0} ms p99 {:.0} ms, page errors {}",
        page_tasks.len(),
        web.events.load(Ordering::Relaxed),
        at(&data, 0.5),
        at(&data, 0.99),
        web.errors.load(Ordering::Relaxed)
    );
    drop((p0, p1));
    format!(
        "cluster load: {games} games, {moves} moves in {elapsed:.0} s ({:.1} moves/s), click to answer p50 {:.0} ms p99 {:.0} ms, errors {errors}, rss start {:.0}/{:.0} MiB end {:.0}/{:.0} MiB",
        moves as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        rss_start.0,
        rss_start.1,
        rss_end.0,
        rss_end.1,
    ) + &web_line
}

/// What the live pages saw.
#[derive(Default)]
struct WebTally {
    /// Each data read's time, in milliseconds.
    data: Mutex<Vec<f64>>,
    events: AtomicUsize,
    errors: AtomicUsize,
}

/// One live page: its event stream, and after each event the game's data read again.
async fn page(addr: String, token: String, tally: Arc<WebTally>) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let Ok(stream) = tokio::net::TcpStream::connect(&addr).await else {
        tally.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let (r, mut w) = stream.into_split();
    let head = format!("GET /g/{token}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    if w.write_all(head.as_bytes()).await.is_err() {
        tally.errors.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let mut lines = BufReader::new(r).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        if !line.starts_with("event: ") {
            continue;
        }
        tally.events.fetch_add(1, Ordering::Relaxed);
        let t = Instant::now();
        let ok = async {
            let mut s = tokio::net::TcpStream::connect(&addr).await.ok()?;
            let ask = format!(
                "GET /g/{token}/game.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
            );
            s.write_all(ask.as_bytes()).await.ok()?;
            let mut body = Vec::new();
            s.read_to_end(&mut body).await.ok()?;
            // A finished game's page is gone from the live ones' view: a 404 is its answer.
            (body.starts_with(b"HTTP/1.1 200") || body.starts_with(b"HTTP/1.1 404")).then_some(())
        }
        .await;
        tally
            .data
            .lock()
            .unwrap()
            .push(t.elapsed().as_secs_f64() * 1000.0);
        if ok.is_none() {
            tally.errors.fetch_add(1, Ordering::Relaxed);
        }
    }
    // The stream ended before the load did: the board closed it.
    tally.errors.fetch_add(1, Ordering::Relaxed);
}

/// Moves computers announced in their channels so far.
fn computer_moves(fake: &Fake) -> usize {
    fake.channel_messages()
        .iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("**Computer 1** placed"))
        })
        .count()
}
