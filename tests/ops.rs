//! The operators' endpoint of the real `meeplebot run` against the fake Discord: `/health`
//! answers 200 with storage and the gateway shard connected, `/metrics` counts games, commands
//! and turns in the Prometheus text format, and a bad address is refused at start.

mod support {
    pub mod fake_discord;
    pub mod process;
}

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::fake_discord::{Fake, User};
// A bot process, killed when dropped.
use support::process::{free_port, Kill as Bot};

const CHANNEL: u64 = 555_000_000_000_000_077;

/// A plain HTTP GET: status and body.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let status = text.split(' ').nth(1)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n")?.1.to_string();
    Some((status, body))
}

/// The value of an unlabelled sample in Prometheus text.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_are_served() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let web_port = free_port();
    let _bot = Bot(Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .arg("run")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATA_DIR", dir.path().join("data"))
        .env("MEEPLEBOT_OPS_LISTEN", format!("127.0.0.1:{port}"))
        .env("MEEPLEBOT_WEB_LISTEN", format!("127.0.0.1:{web_port}"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap());
    fake.wait_ready(1).await;
    // Healthy once the shard is connected.
    let deadline = Instant::now() + Duration::from_secs(30);
    let health: Value = loop {
        if let Some((200, body)) = tokio::task::block_in_place(|| get(port, "/health")) {
            break serde_json::from_str(&body).unwrap();
        }
        assert!(Instant::now() < deadline, "never healthy");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(health["ok"], json!(true));
    assert_eq!(health["storage"], json!("ok"));
    assert_eq!(health["shards"][0]["shard"], json!(0));
    // The web board is served and said to be; sled has no listener to report.
    assert_eq!(health["web"], json!("ok"), "{health}");
    assert_eq!(health["listener"], json!(null), "{health}");

    let (status, before) = tokio::task::block_in_place(|| get(port, "/metrics")).unwrap();
    assert_eq!(status, 200);
    assert_eq!(
        sample(&before, "meeplebot_games_in_flight"),
        Some(0.0),
        "{before}"
    );
    assert_eq!(sample(&before, "meeplebot_turns_total"), Some(0.0));
    assert_eq!(sample(&before, "meeplebot_jobs_due"), Some(0.0));
    assert_eq!(sample(&before, "meeplebot_storage_errors_total"), Some(0.0));
    assert!(before.contains("# TYPE meeplebot_command_latency_seconds histogram"));

    // A game against a computer: a lobby, then turns.
    let ann = User {
        id: 41,
        name: "Ann".into(),
        manage: false,
    };
    let id = fake.slash(
        &ann,
        CHANNEL,
        "new",
        vec![json!({"name": "computers", "type": 4, "value": 1})],
    );
    assert!(!fake.answer(id).await.ephemeral());
    let id = fake.slash(&ann, CHANNEL, "start", vec![]);
    assert!(!fake.answer(id).await.ephemeral());
    let (_, after) = tokio::task::block_in_place(|| get(port, "/metrics")).unwrap();
    assert_eq!(
        sample(&after, "meeplebot_games_in_flight"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(
        sample(&after, "meeplebot_command_latency_seconds_count"),
        Some(2.0)
    );
    assert_eq!(sample(&after, "meeplebot_storage_errors_total"), Some(0.0));
    let (_, missing) = tokio::task::block_in_place(|| get(port, "/nothing")).unwrap();
    assert!(missing.is_empty() || !missing.contains("meeplebot_"));
}

#[test]
fn a_bad_ops_address_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .arg("run")
        .env("DISCORD_TOKEN", "fake-token")
        .env("MEEPLEBOT_OPS_LISTEN", "localhost")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("MEEPLEBOT_OPS_LISTEN") && err.contains("host:port"),
        "{err}"
    );
}

/// Discord unreachable: `/health` answers 503 and names each shard of the process as not
/// connected (the shards it was given, before any of them started), with storage fine.
#[test]
fn health_names_shards_that_did_not_connect() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    // Nothing listens on this port: neither the API nor the gateway answers.
    let closed = free_port();
    let _bot = Bot(Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args(["run", "--shards", "2-3/4"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", format!("http://127.0.0.1:{closed}"))
        .env("MEEPLEBOT_DATA_DIR", dir.path().join("data"))
        .env("MEEPLEBOT_OPS_LISTEN", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap());
    let deadline = Instant::now() + Duration::from_secs(60);
    let (status, body) = loop {
        if let Some(answer) = get(port, "/health") {
            break answer;
        }
        assert!(Instant::now() < deadline, "no /health");
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(status, 503, "{body}");
    let health: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["ok"], json!(false));
    assert_eq!(health["storage"], json!("ok"));
    let shards = health["shards"].as_array().unwrap();
    let ids: Vec<u64> = shards.iter().filter_map(|s| s["shard"].as_u64()).collect();
    assert_eq!(ids, vec![2, 3], "{body}");
    assert!(
        shards.iter().all(|s| s["stage"] != json!("connected")),
        "{body}"
    );
}
