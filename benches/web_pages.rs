//! Open live pages of the web board on one `meeplebot web` process: N pages (1,000) follow one
//! game over PostgreSQL, as browsers do (the event stream open; after each event, the game's
//! data read again), while this process stores moves in the same database. Prints one line:
//!
//! `web pages: N open, rss idle A MiB -> B MiB (C KiB a page), cpu idle D ms/s, per move E ms cpu,
//! every page told in p50 F ms max G ms, every page read the data in p50 H ms max I ms`
//!
//! (told: from the move's commit to the last page's event; read: to the last page's data.)
//!
//! Then what strangers cost it (`MEEPLEBOT_WEB_PART=strangers` runs only this part, `pages`
//! only the first):
//!
//! `web strangers: a pruned link answered in p50 A ms max B ms with 2000 finished games in its
//! channel, p50 C ms max D ms with none; an honest request answered in E ms while N half-open
//! connections were opened (F held by the board longer than 1 s, none longer than G s)`
//!
//! Run with `MEEPLEBOT_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo bench --bench
//! web_pages`; `MEEPLEBOT_WEB_PAGES` (1000) and `MEEPLEBOT_WEB_MOVES` (20) change the load,
//! `MEEPLEBOT_WEB_HISTORY` (2000) and `MEEPLEBOT_WEB_HALF_OPEN` (2000) the strangers'.

#[path = "../tests/support/postgres.rs"]
mod pg;
#[path = "../tests/support/process.rs"]
mod process;

use meeplebot::service::offline::host_command_in;
use meeplebot::service::{Command, Key, NewGame, Service, Settings};
use process::{free_port, Kill};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

const CH: Key = Key {
    guild: 4,
    channel: 44,
};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// CPU time a process used so far (user and system), in milliseconds.
fn cpu_ms(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    ticks * 1000 / hz
}

/// One page: its event stream; sends the time each event came, then reads the data.
async fn page(
    addr: String,
    token: String,
    told: tokio::sync::mpsc::UnboundedSender<(usize, Instant, Instant)>,
) {
    let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let (r, mut w) = stream.into_split();
    w.write_all(
        format!(
            "GET /g/{token}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut lines = BufReader::new(r).lines();
    let mut events = 0;
    while let Ok(Some(line)) = lines.next_line().await {
        if !line.starts_with("event: rev") {
            continue;
        }
        let at = Instant::now();
        // As a page does: read the game's data again.
        let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
        s.write_all(
            format!(
                "GET /g/{token}/game.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
        let mut body = Vec::new();
        s.read_to_end(&mut body).await.unwrap();
        assert!(
            body.starts_with(b"HTTP/1.1 200"),
            "the data: {}",
            String::from_utf8_lossy(&body[..40.min(body.len())])
        );
        let _ = told.send((events, at, Instant::now()));
        events += 1;
    }
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the command line.
    let part = std::env::var("MEEPLEBOT_WEB_PART").unwrap_or_default();
    if part != "strangers" {
        live_pages();
    }
    if part != "pages" {
        strangers();
    }
}

/// Starts `meeplebot web` over `url` on a free port with `args`; returns it and its address.
fn web_process(url: &str, args: &[&str]) -> (Kill, String) {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let web = Kill(
        Process::new(env!("CARGO_BIN_EXE_meeplebot"))
            .args(["web", "--storage", url, "--listen", &addr])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    while std::net::TcpStream::connect(&addr).is_err() {
        std::thread::sleep(Duration::from_millis(50));
    }
    (web, addr)
}

/// One request's status and how long its answer took (the connection closed after it).
fn timed_get(stream: std::net::TcpStream, path: &str) -> (u16, Duration) {
    use std::io::{Read, Write};
    let mut s = stream;
    let start = Instant::now();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes())
        .unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let status = std::str::from_utf8(answer.get(9..12).unwrap_or(b"0"))
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, start.elapsed())
}

/// What strangers cost the board: links of pruned games in a long history, and half-open
/// connections (see the module's header).
fn strangers() {
    let history = env_or("MEEPLEBOT_WEB_HISTORY", 2000) as usize;
    let half_open = env_or("MEEPLEBOT_WEB_HALF_OPEN", 2000) as usize;
    let Some(schema) = pg::schema("web_strangers") else {
        return;
    };
    let storage =
        meeplebot::store::open(&meeplebot::store::Location::Url(schema.url.clone())).unwrap();
    let long = Key::new(5, 55);
    let empty = Key::new(5, 56);
    for i in 0..history {
        let framed = meeplebot::service::storage::frame(1, format!("finished game {i}").as_bytes());
        storage.put_game(long, None, &framed, b"", None).unwrap();
        storage
            .archive(long, Some(1), &framed, 1_000 + i as u64, b"", None)
            .unwrap();
    }
    let (web, addr) = web_process(&schema.url, &["--requests-per-minute", "0"]);
    // Links whose games are gone (pruned), made after the board settled its links at start:
    // a different token each time, so that no answer is remembered.
    let ask = |key: Key, n: usize| -> Vec<f64> {
        let mut times: Vec<f64> = (0..n)
            .map(|i| {
                let token: [u8; 16] = rand::random();
                let link = meeplebot::service::storage::Link::live(key, 900_000 + i as u64);
                storage.put_link(token, &link).unwrap();
                let text = meeplebot::service::web::token_text(token);
                let (status, took) = timed_get(
                    std::net::TcpStream::connect(&addr).unwrap(),
                    &format!("/g/{text}/game.json"),
                );
                assert_eq!(status, 404);
                took.as_secs_f64() * 1000.0
            })
            .collect();
        let p50 = percentile(&mut times, 0.5);
        let max = percentile(&mut times, 1.0);
        vec![p50, max]
    };
    let long_times = ask(long, 50);
    let empty_times = ask(empty, 50);
    drop(web);

    // Half-open connections from one address against a board with its default limits, and an
    // honest request from another address meanwhile.
    let (web, addr) = web_process(&schema.url, &[]);
    let target: std::net::SocketAddr = addr.parse().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    // Each connection's lifetime, from its opening to the board's closing it (`None`: still
    // open after a minute).
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Option<Duration>>();
    rt.block_on(async {
        for _ in 0..half_open {
            let Ok(mut s) = tokio::net::TcpStream::connect(target).await else {
                let _ = tx.send(Some(Duration::ZERO));
                continue;
            };
            let opened = Instant::now();
            let _ = s.write_all(b"GET /g/00 HTTP/1.1\r\nHost: x\r\n").await;
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 256];
                let r = tokio::time::timeout(Duration::from_secs(60), async {
                    loop {
                        match s.read(&mut buf).await {
                            Ok(0) | Err(_) => break,
                            Ok(_) => continue,
                        }
                    }
                })
                .await;
                let _ = tx.send(r.ok().map(|_| opened.elapsed()));
            });
        }
    });
    let honest = rt
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
            socket.connect(target).await.unwrap().into_std()
        })
        .unwrap();
    honest.set_nonblocking(false).unwrap();
    let (status, honest_took) = timed_get(honest, "/favicon.ico");
    assert_eq!(status, 200);
    let lifetimes: Vec<Option<Duration>> = rt.block_on(async {
        let mut v = Vec::new();
        for _ in 0..half_open {
            v.push(rx.recv().await.unwrap());
        }
        v
    });
    let held_after_1s = lifetimes
        .iter()
        .filter(|t| t.is_none_or(|t| t.as_secs_f64() > 1.0))
        .count();
    assert!(
        lifetimes.iter().all(Option::is_some),
        "some connections were never closed"
    );
    let all_closed = lifetimes
        .iter()
        .flatten()
        .max()
        .copied()
        .unwrap_or_default();
    drop(web);
    println!(
        "web strangers: a pruned link answered in p50 {:.1} ms max {:.1} ms with {history} finished games in its channel, p50 {:.1} ms max {:.1} ms with none; an honest request answered in {:.0} ms while {half_open} half-open connections were opened ({held_after_1s} held by the board longer than 1 s, none longer than {:.1} s)",
        long_times[0],
        long_times[1],
        empty_times[0],
        empty_times[1],
        honest_took.as_secs_f64() * 1000.0,
        all_closed.as_secs_f64(),
    );
}

/// The live pages' load (see the module's header).
fn live_pages() {
    let pages = env_or("MEEPLEBOT_WEB_PAGES", 1000) as usize;
    let moves = env_or("MEEPLEBOT_WEB_MOVES", 20) as usize;
    let Some(schema) = pg::schema("web_pages") else {
        return;
    };
    let storage =
        meeplebot::store::open(&meeplebot::store::Location::Url(schema.url.clone())).unwrap();
    let svc = Service::open(
        storage,
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings {
            seed: Some(3),
            ..Settings::default()
        },
    )
    .unwrap();
    host_command_in(
        &svc,
        CH,
        Command::New(NewGame {
            computers: 2,
            spectate: true,
            sets: Some(vec!["base".into(), "tower".into(), "princess".into()]),
            level: Some(meeplebot::ai::Level::Easy),
            ..NewGame::default()
        }),
    );
    host_command_in(&svc, CH, Command::Start);
    let play = || {
        let key = svc
            .wait_for_computer(Duration::from_secs(5))
            .expect("a computer turn");
        svc.play_computer(key, 0);
    };
    for _ in 0..10 {
        play();
    }
    let links = svc.web().links().unwrap();
    let token = links[0].0.clone();

    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let web = Kill(
        Process::new(env!("CARGO_BIN_EXE_meeplebot"))
            .args(["web", "--storage", &schema.url, "--listen", &addr])
            .args(["--requests-per-minute", "0", "--streams-per-address", "0"])
            .args(["--connections-per-address", "0"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap(),
    );
    let pid = web.0.id();
    while std::net::TcpStream::connect(&addr).is_err() {
        std::thread::sleep(Duration::from_millis(50));
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    // A first page, so the process has drawn the data once.
    rt.spawn(page(addr.clone(), token.clone(), tx.clone()));
    rt.block_on(async { rx.recv().await.unwrap() });
    std::thread::sleep(Duration::from_secs(1));
    let rss_before = rss_kib(pid);
    for _ in 1..pages {
        rt.spawn(page(addr.clone(), token.clone(), tx.clone()));
    }
    rt.block_on(async {
        for _ in 1..pages {
            rx.recv().await.unwrap();
        }
    });
    std::thread::sleep(Duration::from_secs(2));
    let rss_open = rss_kib(pid);
    let (cpu0, t0) = (cpu_ms(pid), Instant::now());
    std::thread::sleep(Duration::from_secs(10));
    let idle = (cpu_ms(pid) - cpu0) as f64 / t0.elapsed().as_secs_f64();
    let (mut told, mut read) = (Vec::new(), Vec::new());
    let cpu_moves = cpu_ms(pid);
    for m in 0..moves {
        let start = Instant::now();
        play();
        let (mut last_told, mut last_read) = (start, start);
        rt.block_on(async {
            for _ in 0..pages {
                let (n, at, done) = rx.recv().await.unwrap();
                assert_eq!(n, m + 1, "each page hears each move once");
                last_told = last_told.max(at);
                last_read = last_read.max(done);
            }
        });
        told.push((last_told - start).as_secs_f64() * 1000.0);
        read.push((last_read - start).as_secs_f64() * 1000.0);
    }
    let per_move = (cpu_ms(pid) - cpu_moves) as f64 / moves as f64;
    println!(
        "web pages: {pages} open, rss idle {:.1} MiB -> {:.1} MiB ({:.1} KiB a page), cpu idle {:.1} ms/s, per move {:.0} ms cpu, every page told in p50 {:.0} ms max {:.0} ms, every page read the data in p50 {:.0} ms max {:.0} ms",
        rss_before as f64 / 1024.0,
        rss_open as f64 / 1024.0,
        rss_open.saturating_sub(rss_before) as f64 / (pages - 1) as f64,
        idle,
        per_move,
        percentile(&mut told.clone(), 0.5),
        percentile(&mut told, 1.0),
        percentile(&mut read.clone(), 0.5),
        percentile(&mut read, 1.0),
    );
    drop(rt);
    drop(web);
}
