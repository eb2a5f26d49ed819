//! Open live pages of the web board on one `meeplebot web` process: N pages (1,000) follow one
//! game over PostgreSQL, as browsers do (the event stream open; after each event, the game's
//! data read again), while this process stores moves in the same database. Prints one line:
//!
//! `web pages: N open, rss idle A MiB -> B MiB (C KiB a page), cpu idle D ms/s, per move E ms cpu,
//! every page told in p50 F ms max G ms, every page read the data in p50 H ms max I ms`
//!
//! (told: from the move's commit to the last page's event; read: to the last page's data.)
//!
//! Run with `MEEPLEBOT_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo bench --bench
//! web_pages`; `MEEPLEBOT_WEB_PAGES` (1000) and `MEEPLEBOT_WEB_MOVES` (20) change the load.

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
