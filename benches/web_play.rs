//! A move made on a seat's page, to the turn message in the channel and to another open page:
//! the real `meeplebot run` over PostgreSQL, against the fake Discord, serving its web board with
//! its default limits. Two people play a base game, each on their own personal page (the links
//! the **Play on the web** button answers with); a third page, a spectator's, follows the game's
//! event stream. Each move: `POST /play/turn`, then `POST /play/move` (the first marked cell, its
//! first rotation, the first choice), timed from just before the move is sent. Prints one line:
//!
//! `web play: N moves over PostgreSQL, answered in p50 A ms p99 B ms, turn message in the channel
//! in p50 C ms p99 D ms, another page told in p50 E ms p99 F ms`
//!
//! Run with `MEEPLEBOT_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo bench --bench
//! web_play`; `MEEPLEBOT_WEB_PLAY_MOVES` (40) changes the number of moves.

#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;
#[path = "../tests/support/postgres.rs"]
mod pg;
#[path = "../tests/support/process.rs"]
mod process;

use fake_discord::{Fake, User};
use process::{free_port, Kill};
use serde_json::{json, Value};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

const CHANNEL: u64 = 555_000_000_000_000_077;

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// A POST of JSON `body` to the board at `addr` with the seat's key: status and JSON answer.
async fn post(addr: &str, path: &str, key: &str, body: &Value) -> (u16, Value) {
    let body = body.to_string();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nX-Seat-Key: {key}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let answer = serde_json::from_slice(&raw[split + 4..]).unwrap_or(Value::Null);
    (status, answer)
}

/// A spectator's page: the game's event stream; sends the time each revision came.
async fn follow(addr: String, token: String, told: tokio::sync::mpsc::UnboundedSender<Instant>) {
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
    while let Ok(Some(line)) = lines.next_line().await {
        if line.starts_with("event: rev") {
            let _ = told.send(Instant::now());
        }
    }
}

fn main() {
    let moves: usize = std::env::var("MEEPLEBOT_WEB_PLAY_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let Some(schema) = pg::schema("web_play") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(run(schema.url.clone(), moves));
}

async fn run(url: String, moves: usize) {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let web_port = free_port();
    let addr = format!("127.0.0.1:{web_port}");
    let base = format!("http://{addr}");
    let _bot = Kill(
        Process::new(env!("CARGO_BIN_EXE_meeplebot"))
            .arg("run")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", fake.base())
            .env("MEEPLEBOT_DATA_DIR", dir.path().join("data"))
            .env("MEEPLEBOT_DATABASE_URL", &url)
            .env("MEEPLEBOT_WEB_LISTEN", &addr)
            .env("MEEPLEBOT_WEB_PUBLIC_URL", &base)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the bot starts"),
    );
    fake.wait_ready(1).await;
    let people = [
        User {
            id: 621,
            name: "Ida".into(),
            manage: false,
        },
        User {
            id: 622,
            name: "Jon".into(),
            manage: false,
        },
    ];
    let new = fake.slash(&people[0], CHANNEL, "new", vec![]);
    assert!(!fake.answer(new).await.ephemeral());
    let join = fake.slash(&people[1], CHANNEL, "join", vec![]);
    assert!(!fake.answer(join).await.ephemeral());
    let started = fake
        .answer(fake.slash(&people[0], CHANNEL, "start", vec![]))
        .await;
    assert!(!started.ephemeral(), "{}", started.content());
    let game = started
        .custom_ids()
        .iter()
        .find_map(|(id, _)| id.split(':').nth(1).map(str::to_string))
        .expect("a button of the game");
    let personal =
        regex::Regex::new(&format!("{}/p/([0-9a-f]{{32}})", regex::escape(&base))).unwrap();
    let mut keys = Vec::new();
    for p in &people {
        let link = fake
            .answer(fake.click(p, CHANNEL, &format!("cc:{game}:web")))
            .await;
        keys.push(personal.captures(link.content()).expect("a personal link")[1].to_string());
    }
    let public = regex::Regex::new(r"/g/([0-9a-f]{32})").unwrap();
    let mut places = vec![started.content().to_string()];
    places.extend(started.links().into_iter().map(|(url, _)| url));
    let token = places
        .iter()
        .find_map(|text| public.captures(text).map(|c| c[1].to_string()))
        .unwrap_or_else(|| panic!("the game's public link: {:?}", started.data));
    let (tx, mut told) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(follow(addr.clone(), token, tx));
    tokio::time::sleep(Duration::from_millis(300)).await;
    while told.try_recv().is_ok() {}

    let (mut answered, mut channel, mut page) = (Vec::new(), Vec::new(), Vec::new());
    let mut seat = 0;
    let mut id: u64 = 1;
    while answered.len() < moves {
        let (status, turn) = post(&addr, "/play/turn", &keys[seat], &json!({})).await;
        assert_eq!(status, 200, "{turn}");
        if turn["you"] != json!(true) {
            seat = 1 - seat;
            continue;
        }
        let cell = &turn["cells"][0];
        let place = json!([cell["x"], cell["y"], cell["r"][0]]);
        let before = fake.messages_in(CHANNEL).len();
        while told.try_recv().is_ok() {}
        id += 1;
        let m =
            json!({"version": turn["version"], "id": id, "place": place, "way": null, "choice": 0});
        let sent = Instant::now();
        let (status, done) = post(&addr, "/play/move", &keys[seat], &m).await;
        assert_eq!(status, 200, "{done}");
        answered.push(sent.elapsed().as_secs_f64() * 1000.0);
        let until = sent + Duration::from_secs(10);
        let (mut in_channel, mut on_page) = (None, None);
        while in_channel.is_none() || on_page.is_none() {
            assert!(
                Instant::now() < until,
                "move {} was not told",
                answered.len()
            );
            if in_channel.is_none() && fake.messages_in(CHANNEL).len() > before {
                in_channel = Some(sent.elapsed());
            }
            if on_page.is_none() {
                if let Ok(at) = told.try_recv() {
                    on_page = Some(at - sent);
                }
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        channel.push(in_channel.unwrap().as_secs_f64() * 1000.0);
        page.push(on_page.unwrap().as_secs_f64() * 1000.0);
        seat = 1 - seat;
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    println!(
        "web play: {moves} moves over PostgreSQL, answered in p50 {:.1} ms p99 {:.1} ms, turn message in the channel in p50 {:.1} ms p99 {:.1} ms, another page told in p50 {:.1} ms p99 {:.1} ms",
        percentile(&mut answered, 0.5),
        percentile(&mut answered, 0.99),
        percentile(&mut channel, 0.5),
        percentile(&mut channel, 0.99),
        percentile(&mut page, 0.5),
        percentile(&mut page, 0.99),
    );
}
