//! The web board in a real browser: Debian's `chromium` driven through `chromedriver`
//! (WebDriver, with fantoccini). Pages are served by `meeplebot::web::serve` over a service the
//! test plays computer turns in, and, for the PostgreSQL test, by a `meeplebot web` process of
//! its own while this process stores the moves.
//!
//! Without `chromedriver` the tests say so and pass, unless `CI` or `MEEPLEBOT_TEST_BROWSER` is
//! set (`.ci/run` installs it): then they fail. Screenshots are written to
//! `target/web-artefacts/`.

mod support {
    pub mod fake_discord;
    pub mod process;
}
#[path = "support/postgres.rs"]
mod pg;

use fantoccini::{Client, ClientBuilder, Locator};
use meeplebot::engine::{replay, Game, Record};
use meeplebot::service::offline::host_command_in;
use meeplebot::service::storage::{MemoryStorage, Storage};
use meeplebot::service::{Command, Key, NewGame, Service, Settings};
use serde_json::{json, Value};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fake_discord::{Fake, User};
use support::process::{free_port, Kill};

const DRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether the browser is here; without it, a test fails only where it must run.
fn browser_here(test: &str) -> bool {
    if std::path::Path::new(DRIVER).exists() && std::path::Path::new(CHROMIUM).exists() {
        return true;
    }
    let must =
        std::env::var_os("CI").is_some() || std::env::var_os("MEEPLEBOT_TEST_BROWSER").is_some();
    assert!(
        !must,
        "{test}: {DRIVER} or {CHROMIUM} is missing (apt-get install chromium chromium-driver)"
    );
    eprintln!("{test}: skipped, no chromium/chromedriver here");
    false
}

/// chromedriver on a port of its own.
fn driver() -> (Kill, u16) {
    let port = free_port();
    let child = Process::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    (Kill(child), port)
}

/// A headless browser: a desktop window, or a phone (390 × 844, touch).
async fn browser(port: u16, phone: bool) -> Client {
    let mut options = json!({
        "binary": CHROMIUM,
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,900", "--lang=en-US"],
    });
    if phone {
        options["mobileEmulation"] = json!({
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": true},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile"
        });
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert("goog:chromeOptions".into(), options);
    caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    // chromedriver is on 127.0.0.1: plain HTTP, no TLS.
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a browser session")
}

/// The browser console's entries so far (chromedriver's log endpoint).
#[derive(Debug)]
struct BrowserLog;

impl fantoccini::wd::WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.into()))
    }
}

/// The console's errors (and warnings about the page) so far.
async fn console_errors(c: &Client) -> Vec<String> {
    let log = c.issue_cmd(BrowserLog).await.expect("the browser log");
    log.as_array()
        .into_iter()
        .flatten()
        .filter(|e| matches!(e["level"].as_str(), Some("SEVERE") | Some("WARNING")))
        .map(|e| e["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Writes a screenshot where CI keeps artefacts.
async fn screenshot(c: &Client, name: &str) -> std::path::PathBuf {
    let png = c.screenshot().await.expect("a screenshot");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web-artefacts");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, &png).unwrap();
    assert!(
        png.len() > 10_000,
        "{name} is nearly empty ({} bytes)",
        png.len()
    );
    path
}

/// Waits until `script` (a JavaScript expression) is true on the page.
async fn wait_true(c: &Client, script: &str, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let v = c
            .execute(&format!("return !!({script});"), vec![])
            .await
            .expect("the script runs");
        if v == Value::Bool(true) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < within,
            "not true within {within:?}: {script}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Marks the open document, so that [`same_document`] tells whether it was reloaded since.
async fn mark_document(c: &Client) {
    c.execute("window.sameDocument = true;", vec![])
        .await
        .unwrap();
}

/// Whether the page is still the document [`mark_document`] marked (it was not reloaded).
async fn same_document(c: &Client) -> bool {
    c.execute("return window.sameDocument === true;", vec![])
        .await
        .unwrap()
        == Value::Bool(true)
}

/// Waits (up to 5 s) until the page draws more than `before` tiles; how long it took.
async fn more_tiles(c: &Client, before: usize) -> Duration {
    wait_true(
        c,
        &format!("document.querySelectorAll('#world img.tile').length > {before}"),
        Duration::from_secs(5),
    )
    .await
}

/// The page's drawn tiles: (tile id, "x,y"), in the page's order.
async fn drawn_tiles(c: &Client) -> Vec<(String, String)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#world img.tile')].map(e => [e.dataset.tile, e.dataset.at]);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The engine's tiles of a record: (tile id, "x,y").
fn engine_tiles(record: &Record) -> Vec<(String, String)> {
    let g = replay(record).unwrap();
    g.tiles()
        .iter()
        .map(|t| {
            (
                t.tile.name().to_string(),
                format!("{},{}", t.pos.x, t.pos.y),
            )
        })
        .collect()
}

const CH: Key = Key {
    guild: 9,
    channel: 77,
};

/// A service over `storage` with `settings`, its shuffles seeded and its pages linked.
fn web_service(storage: Arc<dyn Storage>, settings: Settings) -> Service {
    Service::open(
        storage,
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings {
            seed: Some(5),
            web_base: Some("http://web.example".into()),
            ..settings
        },
    )
    .unwrap()
}

/// A service over `storage` with a running game of two computers in [`CH`], `turns` played.
fn game(storage: Arc<dyn Storage>, sets: &[&str], turns: usize) -> Arc<Service> {
    let svc = web_service(storage, Settings::default());
    let r = host_command_in(
        &svc,
        CH,
        Command::New(NewGame {
            computers: 2,
            spectate: true,
            sets: Some(sets.iter().map(|s| s.to_string()).collect()),
            level: Some(meeplebot::ai::Level::Easy),
            ..NewGame::default()
        }),
    );
    assert!(!r.ephemeral, "{}", r.text);
    let r = host_command_in(&svc, CH, Command::Start);
    assert!(!r.ephemeral, "{}", r.text);
    let svc = Arc::new(svc);
    for _ in 0..turns {
        computer_turn(&svc);
    }
    svc
}

/// Plays the next computer turn.
fn computer_turn(svc: &Service) {
    let key = svc
        .wait_for_computer(Duration::from_secs(5))
        .expect("a computer turn is due");
    match svc.play_computer(key, 0) {
        meeplebot::service::computer::ComputerStep::Played(_) => {}
        other => panic!("the computer did not play: {other:?}"),
    }
}

/// Plays the computers' turns until the game ends.
fn play_to_end(svc: &Service) {
    let mut moves = 0;
    while let Some(key) = svc.wait_for_computer(Duration::from_millis(300)) {
        svc.play_computer(key, 0);
        moves += 1;
        assert!(moves < 600, "the game does not end");
    }
}

/// Plays computer steps until the game as its record replays satisfies `wanted`, at most
/// `most` steps; that game. Panics if the game ends first.
fn step_until(svc: &Service, most: usize, wanted: impl Fn(&Game) -> bool) -> Game {
    for _ in 0..most {
        let g = replay(&record_of(svc)).unwrap();
        if wanted(&g) {
            return g;
        }
        assert!(
            !g.is_over(),
            "the game ended before the position looked for"
        );
        computer_turn(svc);
    }
    panic!("not reached in {most} steps");
}

fn record_of(svc: &Service) -> Record {
    let r = host_command_in(svc, CH, Command::Export);
    let file = r
        .files
        .iter()
        .find(|f| f.name.ends_with(".json"))
        .unwrap_or_else(|| panic!("no record: {}", r.text));
    Record::from_json(std::str::from_utf8(&file.bytes).unwrap()).unwrap()
}

/// Serves the web board of `svc` on a free port; returns its base address.
async fn serve(svc: Arc<Service>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(meeplebot::web::serve(
        listener,
        svc,
        meeplebot::web::WebLimits {
            requests_per_minute: 0,
            streams_per_address: 0,
            layers_per_minute: 0,
            link_requests_per_minute: 0,
            ..meeplebot::web::WebLimits::default()
        },
    ));
    format!("http://{addr}")
}

fn only_link(svc: &Service) -> String {
    let links = svc.web().links().unwrap();
    assert_eq!(links.len(), 1, "{links:?}");
    links[0].0.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_game_follows_it_live_and_steps_through_its_turns() {
    if !browser_here("the_page_shows_the_game") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base", "tower", "princess", "traders"], 12);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(&c, "document.body.dataset.rev", Duration::from_secs(10)).await;

    // Exactly the game's tiles at their places, the scores and the tiles left.
    let record = record_of(&svc);
    let truth = replay(&record).unwrap();
    assert_eq!(drawn_tiles(&c).await, engine_tiles(&record));
    let scores: Vec<u32> = serde_json::from_value(
        c.execute(
            "return [...document.querySelectorAll('.score')].map(e => Number(e.textContent));",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert_eq!(scores, truth.scores());
    let left = c
        .find(Locator::Css("#left"))
        .await
        .unwrap()
        .attr("data-left")
        .await
        .unwrap();
    assert_eq!(left, Some(truth.remaining_total().to_string()));

    // A move stored now appears on the open page within a second, without a reload.
    mark_document(&c).await;
    let before = drawn_tiles(&c).await.len();
    let turns_before = truth.turn_count();
    computer_turn(&svc);
    let took = more_tiles(&c, before).await;
    assert!(
        took < Duration::from_secs(1),
        "the move took {took:?} to appear"
    );
    assert!(same_document(&c).await, "the page was not reloaded");
    let record = record_of(&svc);
    assert!(replay(&record).unwrap().turn_count() > turns_before);
    assert_eq!(drawn_tiles(&c).await, engine_tiles(&record));

    // The slider: turn 1 shows one tile more than the start; the last turn, the board now.
    let set_turn = |n: usize| {
        format!(
            "const s = document.getElementById('turn'); s.value = '{n}'; s.dispatchEvent(new Event('input'));"
        )
    };
    c.execute(&set_turn(0), vec![]).await.unwrap();
    let start = drawn_tiles(&c).await;
    c.execute(&set_turn(1), vec![]).await.unwrap();
    let first = drawn_tiles(&c).await;
    assert_eq!(first.len(), start.len() + 1);
    assert_eq!(first[..start.len()], start[..]);
    // The ◀ ▶ keys step too.
    c.find(Locator::Css("#board"))
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    assert_eq!(
        c.execute("return document.body.dataset.frame;", vec![])
            .await
            .unwrap(),
        json!("2")
    );
    c.execute("document.getElementById('next').click();", vec![])
        .await
        .unwrap();
    let last = c
        .execute(
            "return Number(document.getElementById('turn').max);",
            vec![],
        )
        .await
        .unwrap();
    c.execute(&set_turn(last.as_u64().unwrap() as usize), vec![])
        .await
        .unwrap();
    assert_eq!(drawn_tiles(&c).await, engine_tiles(&record));

    // A tile's words, on hover.
    let words = c
        .execute(
            "const t = document.querySelector('#world img.tile'); const r = t.getBoundingClientRect();\
             t.parentNode.parentNode.dispatchEvent(new PointerEvent('pointermove', {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, pointerType: 'mouse', bubbles: true}));\
             return document.getElementById('info').textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        words.as_str().unwrap_or_default().contains("0,0"),
        "{words}"
    );

    screenshot(&c, "desktop.png").await;

    // The computers play to the end: the open page follows into the finished game (now in the
    // channel's history), whose last turn is the final board.
    let mut moves = 0;
    while let Some(key) = svc.wait_for_computer(Duration::from_millis(300)) {
        svc.play_computer(key, 0);
        moves += 1;
        assert!(moves < 400, "the game does not end");
    }
    wait_true(
        &c,
        "document.getElementById('status').textContent.startsWith('Final scores')",
        Duration::from_secs(5),
    )
    .await;
    let record = record_of(&svc);
    let end = replay(&record).unwrap();
    assert!(end.is_over());
    assert_eq!(drawn_tiles(&c).await, engine_tiles(&record));
    let frames = c
        .execute(
            "return Number(document.getElementById('turn').max);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(frames.as_u64(), Some(end.turn_count() as u64));
    screenshot(&c, "desktop-final.png").await;
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");

    // A wrong token: 404, and nothing else.
    c.goto(&format!("{base}/g/0123456789abcdef0123456789abcdef"))
        .await
        .unwrap();
    let text = c
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(text.trim(), "Not found");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_page_opens_readable_and_pinches() {
    if !browser_here("on_a_phone") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base", "river", "abbot"], 30);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, true).await;
    c.goto(&format!("{base}/g/{token}?lang=de")).await.unwrap();
    wait_true(&c, "document.body.dataset.rev", Duration::from_secs(10)).await;
    let width = c
        .execute("return window.innerWidth;", vec![])
        .await
        .unwrap();
    assert_eq!(width, json!(390));
    // Readable: a drawn cell is at least 40 CSS pixels across, and the last move is in view.
    let cell = c
        .execute(
            "return document.querySelector('#world img.tile').getBoundingClientRect().width;",
            vec![],
        )
        .await
        .unwrap();
    assert!(cell.as_f64().unwrap() >= 40.0, "cell {cell}");
    // German texts from the catalog.
    let turn = c
        .find(Locator::Css("#turnno"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(turn.starts_with("Zug "), "{turn}");
    screenshot(&c, "phone.png").await;

    // Touch: one finger drags the board, two fingers pinch it larger.
    let tile_box = || async {
        let v = c
            .execute(
                "const r = document.querySelector('#world img.tile').getBoundingClientRect(); return [r.left, r.top, r.width];",
                vec![],
            )
            .await
            .unwrap();
        serde_json::from_value::<[f64; 3]>(v).unwrap()
    };
    let finger = |id: &str, from: (i64, i64), to: (i64, i64)| {
        use fantoccini::actions::{InputSource, PointerAction, TouchActions, MOUSE_BUTTON_LEFT};
        TouchActions::new(id.into())
            .then(PointerAction::MoveTo {
                duration: None,
                x: from.0,
                y: from.1,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(300)),
                x: to.0,
                y: to.1,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
    };
    let before = tile_box().await;
    c.perform_actions(finger("one", (195, 400), (255, 440)))
        .await
        .unwrap();
    let dragged = tile_box().await;
    assert!(
        (dragged[0] - before[0] - 60.0).abs() < 4.0 && (dragged[1] - before[1] - 40.0).abs() < 4.0,
        "a drag of (60, 40) moved the board from {before:?} to {dragged:?}"
    );
    c.perform_actions(fantoccini::actions::Actions::from(vec![
        finger("left", (175, 400), (95, 400)),
        finger("right", (215, 400), (295, 400)),
    ]))
    .await
    .unwrap();
    let pinched = tile_box().await;
    assert!(
        pinched[2] > dragged[2] * 2.5,
        "a pinch from 40 to 200 px apart grew a cell from {} to {} px",
        dragged[2],
        pinched[2]
    );
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    c.close().await.unwrap();
}

/// `meeplebot web` over the database `db`, serving pages on `port`.
fn web_process(db: &str, port: u16) -> Kill {
    Kill(
        Process::new(env!("CARGO_BIN_EXE_meeplebot"))
            .args(["web", "--storage", db, "--listen"])
            .arg(format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("meeplebot web starts"),
    )
}

/// The current player places the drawn tile where autocomplete offers, with no follower.
async fn discord_turn(fake: &Fake, channel: u64, user: &User) -> support::fake_discord::Answer {
    let int = |name: &str, v: i64| json!({"name": name, "type": 4, "value": v});
    let ac = fake.autocomplete(user, channel, "place", vec![], "x", "");
    let x = fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    let ac = fake.autocomplete(user, channel, "place", vec![int("x", x)], "y", "");
    let y = fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    for rotation in 0..4 {
        let opts = vec![
            int("x", x),
            int("y", y),
            int("rotation", rotation),
            json!({"name": "follower", "type": 3, "value": "none"}),
        ];
        let id = fake.slash(user, channel, "place", opts);
        let a = fake.answer(id).await;
        if a.ephemeral() && a.content().contains("can't go") {
            continue;
        }
        return a;
    }
    panic!("no rotation fits at [{x},{y}]");
}

#[test]
fn a_move_made_in_discord_reaches_a_page_served_by_another_process_within_a_second() {
    if !browser_here("a_move_made_in_discord") {
        return;
    }
    // The schema is made and dropped outside the runtime (its client blocks).
    let Some(schema) = pg::schema("a_move_made_in_discord_reaches_a_page") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(discord_to_page(&schema.url));
}

async fn discord_to_page(db: &str) {
    const CHANNEL: u64 = 555_000_000_000_000_039;
    let fake = Fake::start().await;
    let (bot_web, page_port) = (free_port(), free_port());
    // Process 1: the bot, over PostgreSQL; its links name the pages of process 2.
    let bot = Kill(
        Process::new(env!("CARGO_BIN_EXE_meeplebot"))
            .arg("run")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", fake.base())
            .env("MEEPLEBOT_DATABASE_URL", db)
            .env("MEEPLEBOT_WEB_LISTEN", format!("127.0.0.1:{bot_web}"))
            .env(
                "MEEPLEBOT_WEB_PUBLIC_URL",
                format!("http://127.0.0.1:{page_port}"),
            )
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the bot starts"),
    );
    fake.wait_ready(1).await;
    // Process 2: `meeplebot web` over the same database, serving the pages only.
    let web = web_process(db, page_port);
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", page_port)).is_err() {
        assert!(Instant::now() < until, "meeplebot web did not listen");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let users = [
        User {
            id: 601,
            name: "Ida".into(),
            manage: false,
        },
        User {
            id: 602,
            name: "Jon".into(),
            manage: false,
        },
    ];
    let ask = |who: usize, sub: &str| fake.slash(&users[who], CHANNEL, sub, vec![]);
    assert!(!fake.answer(ask(0, "new")).await.ephemeral());
    assert!(!fake.answer(ask(1, "join")).await.ephemeral());
    let started = fake.answer(ask(0, "start")).await;
    assert!(!started.ephemeral(), "{}", started.content());
    // The turn message carries the link to the game's page.
    let links = started.links();
    assert_eq!(links.len(), 1, "{:?}", started.data);
    let (url, label) = &links[0];
    assert_eq!(label, "Web board");
    let prefix = format!("http://127.0.0.1:{page_port}/g/");
    assert!(
        url.starts_with(&prefix) && url.len() == prefix.len() + 32,
        "{url}"
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    // The bot serves the same page itself, on its own [web] listen address.
    let own = format!("http://127.0.0.1:{bot_web}");
    let path = url[prefix.len() - "/g/".len()..].to_string();
    let (status, _, body) = tokio::task::spawn_blocking(move || get(&own, &path, &[]))
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("<title>Carcassonne"));

    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(url).await.unwrap();
    wait_true(&c, "document.body.dataset.rev", Duration::from_secs(10)).await;
    mark_document(&c).await;
    let mut to_play = started.pinged()[0];
    for turn in 0..3 {
        let before = drawn_tiles(&c).await.len();
        let who = users.iter().position(|u| u.id == to_play).unwrap();
        let moved = discord_turn(&fake, CHANNEL, &users[who]).await;
        assert!(!moved.ephemeral(), "{}", moved.content());
        assert_eq!(
            moved.links(),
            links,
            "every turn message links the same page"
        );
        // Stored and acknowledged: on the page of the other process within a second.
        let took = more_tiles(&c, before).await;
        assert!(
            took < Duration::from_secs(1),
            "turn {turn}: the move took {took:?} to appear"
        );
        to_play = moved.pinged()[0];
    }
    assert!(same_document(&c).await, "the page was not reloaded");
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");

    // The page's server goes away; the page says so, a move is made meanwhile, and when the
    // server is back the page catches up by itself.
    drop(web);
    wait_true(
        &c,
        "document.getElementById('conn').className === 'lost'",
        Duration::from_secs(10),
    )
    .await;
    let before = drawn_tiles(&c).await.len();
    let who = users.iter().position(|u| u.id == to_play).unwrap();
    let moved = discord_turn(&fake, CHANNEL, &users[who]).await;
    assert!(!moved.ephemeral(), "{}", moved.content());
    let web = web_process(db, page_port);
    wait_true(
        &c,
        &format!(
            "document.querySelectorAll('#world img.tile').length > {before} && document.getElementById('conn').className === 'live'"
        ),
        Duration::from_secs(20),
    )
    .await;
    assert!(
        same_document(&c).await,
        "the page caught up without a reload"
    );
    c.close().await.unwrap();
    drop(web);
    drop(bot);
}

/// A plain HTTP/1.1 GET: status, headers (lower-case names), body.
fn get(base: &str, path: &str, headers: &[(&str, &str)]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, raw[split + 4..].to_vec())
}

fn header<'a>(h: &'a [(String, String)], name: &str) -> Option<&'a str> {
    h.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_answers_are_locked_down_and_a_wrong_or_ended_game_tells_nothing() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base"], 3);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let b = base.clone();
    let t = token.clone();
    let (page, json, missing, malformed, german, french) = tokio::task::spawn_blocking(move || {
        (
            get(&b, &format!("/g/{t}"), &[]),
            get(&b, &format!("/g/{t}/game.json"), &[]),
            get(&b, "/g/0123456789abcdef0123456789abcdef", &[]),
            get(&b, "/g/not-a-token", &[]),
            get(
                &b,
                &format!("/g/{t}"),
                &[("Accept-Language", "pl;q=0.5, de-AT, en;q=0.8")],
            ),
            get(&b, &format!("/g/{t}?lang=fr"), &[("Accept-Language", "de")]),
        )
    })
    .await
    .unwrap();
    assert_eq!(page.0, 200);
    let csp = header(&page.1, "content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe"), "{csp}");
    let html = String::from_utf8(page.2).unwrap();
    assert!(
        !html.contains("<script>") && !html.contains("style="),
        "nothing inline"
    );
    assert!(html.contains("<html lang=\"en\">"));
    assert!(String::from_utf8(german.2)
        .unwrap()
        .contains("<html lang=\"de\">"));
    assert!(String::from_utf8(french.2)
        .unwrap()
        .contains("<html lang=\"fr\">"));
    // The data names the players and the game, nothing private (no ids, no seed, no deck).
    assert_eq!(json.0, 200);
    let data: Value = serde_json::from_slice(&json.2).unwrap();
    let text = data.to_string();
    assert!(
        !text.contains("seed") && !text.contains("deck") && !text.contains("\"1\""),
        "{text}"
    );
    assert_eq!(data["seats"].as_array().unwrap().len(), 2);
    // A wrong token and a malformed one: the same bare 404, with the same headers.
    assert_eq!(missing.0, 404);
    assert_eq!(malformed.0, 404);
    assert_eq!(missing.2, malformed.2);
    assert!(header(&missing.1, "content-security-policy").is_some());

    // The game is aborted: its page is gone, told to an open page as `gone`.
    let r = host_command_in(&svc, CH, Command::Abort);
    assert!(!r.ephemeral, "{}", r.text);
    let b = base.clone();
    let t = token.clone();
    let after = tokio::task::spawn_blocking(move || get(&b, &format!("/g/{t}"), &[]))
        .await
        .unwrap();
    assert_eq!(after.0, 404);
    assert_eq!(
        after.2, missing.2,
        "an aborted game's page tells no more than a wrong token"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_over_its_limit_is_slowed_and_others_are_not() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base"], 1);
    let token = only_link(&svc);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(meeplebot::web::serve(
        listener,
        svc,
        meeplebot::web::WebLimits {
            requests_per_minute: 5,
            streams_per_address: 1,
            ..meeplebot::web::WebLimits::default()
        },
    ));
    let statuses = tokio::task::spawn_blocking(move || {
        (0..7)
            .map(|_| get(&base, &format!("/g/{token}/game.json"), &[]).0)
            .collect::<Vec<u16>>()
    })
    .await
    .unwrap();
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429, 429]);
}

/// The server's admin turns links to web pages on or off.
fn links_setting(svc: &Service, on: bool) -> meeplebot::service::Reply {
    svc.handle(meeplebot::service::Request {
        key: CH,
        actor: meeplebot::service::Actor {
            id: 1,
            name: "Host".into(),
            manager: true,
            rights: meeplebot::service::Rights {
                manage_server: true,
                ..Default::default()
            },
        },
        command: Command::Settings(Box::new(meeplebot::service::SettingsChange {
            web_links: Some(on),
            ..Default::default()
        })),
        now: 0,
        game: None,
        interaction: None,
        locale: Default::default(),
    })
}

#[test]
fn turn_messages_link_the_page_unless_the_server_turned_links_off() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage.clone(), &["base"], 0);
    let token = only_link(&svc);
    let key = svc.wait_for_computer(Duration::from_secs(5)).unwrap();
    let meeplebot::service::computer::ComputerStep::Played(n) = svc.play_computer(key, 0) else {
        panic!("no computer move");
    };
    let link = n
        .reply
        .page()
        .expect("a turn message links the game's page");
    assert_eq!(link.url, format!("http://web.example/g/{token}"));
    assert_eq!(link.label, "Web board");
    // `status` and `board` too; a private answer never.
    for command in [Command::Status, Command::Board { around: None }] {
        let r = host_command_in(&svc, CH, command);
        assert_eq!(
            r.page().map(|l| l.url.as_str()),
            Some(link.url.as_str()),
            "{}",
            r.text
        );
    }
    // A server that turns links off: no link, and no page.
    let off = links_setting(&svc, false);
    assert!(
        off.text.contains("Links to games' web pages: no"),
        "{}",
        off.text
    );
    let r = host_command_in(&svc, CH, Command::Status);
    assert!(r.page().is_none());
    let meeplebot::service::computer::ComputerStep::Played(n) = svc.play_computer(key, 0) else {
        panic!("no computer move");
    };
    assert!(n.reply.page().is_none());
    // Links on again: the final message and the channel's history link the finished game.
    let on = links_setting(&svc, true);
    assert!(
        on.text.contains("Links to games' web pages: yes"),
        "{}",
        on.text
    );
    let mut last = None;
    while let Some(key) = svc.wait_for_computer(Duration::from_millis(300)) {
        if let meeplebot::service::computer::ComputerStep::Played(n) = svc.play_computer(key, 0) {
            last = Some(n.reply);
        }
    }
    let fin = last.expect("the computers played");
    assert!(fin.text.contains("final scoring"), "{}", fin.text);
    assert_eq!(fin.page().map(|l| l.url.as_str()), Some(link.url.as_str()));
    let history = host_command_in(&svc, CH, Command::History);
    assert_eq!(
        history.page().map(|l| l.url.as_str()),
        Some(link.url.as_str()),
        "{}",
        history.text
    );
    // Without a web address, no link at all.
    let plain = Service::open(
        storage,
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings::default(),
    )
    .unwrap();
    assert!(host_command_in(&plain, CH, Command::Status)
        .page()
        .is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_every_set_loads_in_under_300_kb_before_tile_art() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(
        storage,
        &[
            "base", "river", "inns", "traders", "abbot", "tower", "princess",
        ],
        0,
    );
    let token = only_link(&svc);
    play_to_end(&svc);
    let turns = replay(&record_of(&svc)).unwrap().turn_count();
    let base = serve(svc).await;
    let sizes = tokio::task::spawn_blocking(move || {
        let page = get(&base, &format!("/g/{token}"), &[]);
        let html = String::from_utf8(page.2.clone()).unwrap();
        // What the page itself asks for before any picture: its style, its script, its data.
        let mut files = vec![(format!("/g/{token}"), page)];
        for needle in ["href=\"/assets/", "src=\"/assets/"] {
            let at = html.find(needle).unwrap() + needle.len() - "/assets/".len();
            let path = html[at..].split('"').next().unwrap().to_string();
            let got = get(&base, &path, &[]);
            assert_eq!(
                header(&got.1, "cache-control"),
                Some("public, max-age=31536000, immutable")
            );
            files.push((path, got));
        }
        let data = format!("/g/{token}/game.json");
        files.push((data.clone(), get(&base, &data, &[])));
        files
            .into_iter()
            .map(|(p, (status, _, body))| {
                assert_eq!(status, 200, "{p}");
                (p, body.len())
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let total: usize = sizes.iter().map(|(_, n)| n).sum();
    eprintln!("a finished game of every set, {turns} turns: {sizes:?}, {total} bytes in all");
    assert!(turns > 100, "{turns} turns");
    assert!(total <= 300_000, "{total} bytes: {sizes:?}");
}

/// A channel's history of `n` more finished games (not decodable as games: a reader that
/// reads them through pays for each all the same).
fn pad_history(storage: &dyn Storage, n: usize) {
    for i in 0..n {
        let framed = meeplebot::service::storage::frame(1, format!("old game {i}").as_bytes());
        storage.put_game(CH, None, &framed, b"", None).unwrap();
        storage
            .archive(CH, Some(1), &framed, 1_000, b"", None)
            .unwrap();
    }
}

#[test]
fn a_finished_or_pruned_game_is_found_without_reading_the_channels_history() {
    let memory = Arc::new(MemoryStorage::new());
    let storage: Arc<dyn Storage> = memory.clone();
    let svc = game(storage.clone(), &["base"], 0);
    let token = only_link(&svc);
    play_to_end(&svc);
    pad_history(&*storage, 2_000);
    // A pruned game's link (its row left, its game gone), and one nobody ever made.
    let pruned = [0x5A; 16];
    storage
        .put_link(pruned, &meeplebot::service::storage::Link::live(CH, 12_345))
        .unwrap();
    let pruned = meeplebot::service::web::token_text(pruned);
    let web = svc.web();
    for (token, found) in [(&token, true), (&pruned, false)] {
        let before = memory.history_reads();
        let got = web.game(token);
        assert_eq!(got.is_ok(), found, "{token}");
        let reads = memory.history_reads() - before;
        assert!(
            reads <= 1,
            "{reads} reads of the history for one link, with 2,001 games in it"
        );
    }
    // The finished game stays known after writes in its channel (another game opened there).
    let r = host_command_in(&svc, CH, Command::New(NewGame::default()));
    assert!(!r.ephemeral, "{}", r.text);
    let before = memory.history_reads();
    web.game(&token).unwrap();
    assert_eq!(
        memory.history_reads(),
        before,
        "a finished game found is kept"
    );

    // A link stored before links knew their game's place: settled once at start-up, reading
    // the channel's history once; a link whose game is gone is removed.
    let raw = meeplebot::service::web::parse_token(&token).unwrap();
    let placed = storage.get_link(raw).unwrap().unwrap();
    assert!(placed.seq.is_some(), "archiving placed the link");
    storage
        .put_link(
            raw,
            &meeplebot::service::storage::Link {
                seq: None,
                ..placed
            },
        )
        .unwrap();
    assert_eq!(web.settle_links().unwrap(), (1, 1));
    assert_eq!(storage.get_link(raw).unwrap(), Some(placed));
    let pruned_raw = meeplebot::service::web::parse_token(&pruned).unwrap();
    assert_eq!(storage.get_link(pruned_raw).unwrap(), None);
    assert_eq!(
        web.settle_links().unwrap(),
        (0, 0),
        "nothing left to settle"
    );
}

/// Serves the web board of `svc` with `limits` on a free port; returns its address.
async fn serve_with(svc: Arc<Service>, limits: meeplebot::web::WebLimits) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(meeplebot::web::serve(listener, svc, limits));
    addr
}

/// Opens a connection that sends the start of a request head and nothing more.
fn half_open(addr: std::net::SocketAddr) -> std::net::TcpStream {
    use std::io::Write;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let _ = s.write_all(b"GET /g/00 HTTP/1.1\r\nHost: x\r\n");
    s
}

/// A connection to `addr` from the local address `from` (another client on this machine).
fn connect_from(from: &str, addr: std::net::SocketAddr) -> std::net::TcpStream {
    let from: std::net::SocketAddr = format!("{from}:0").parse().unwrap();
    let s = tokio::runtime::Handle::current().block_on(async move {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(from).unwrap();
        socket.connect(addr).await.unwrap()
    });
    let s = s.into_std().unwrap();
    s.set_nonblocking(false).unwrap();
    s
}

/// How long until the server closes `s` (reading until end of stream), at most `within`.
fn closed_within(mut s: std::net::TcpStream, within: Duration) -> Option<Duration> {
    use std::io::Read;
    let start = std::time::Instant::now();
    s.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(start.elapsed())
            }
            Err(_) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_open_connections_are_bounded_and_closed_within_the_header_timeout() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base"], 1);
    let token = only_link(&svc);
    let addr = serve_with(
        svc,
        meeplebot::web::WebLimits {
            connections: 40,
            connections_per_address: 30,
            header_timeout: Duration::from_secs(1),
            ..meeplebot::web::WebLimits::default()
        },
    )
    .await;
    let base = format!("http://{addr}");
    tokio::task::spawn_blocking(move || {
        // One address holds all of its 30 connections half open: its 31st is closed at once,
        // while an honest request from another address is answered.
        let held: Vec<_> = (0..30).map(|_| half_open(addr)).collect();
        std::thread::sleep(Duration::from_millis(200));
        let extra = half_open(addr);
        let shut = closed_within(extra, Duration::from_millis(900));
        assert!(
            shut.is_some(),
            "a connection past the address's bound is closed at once"
        );
        {
            use std::io::{Read, Write};
            let mut s = connect_from("127.0.0.2", addr);
            s.write_all(
                format!(
                    "GET /g/{token}/game.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            )
            .unwrap();
            let mut answer = String::new();
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let _ = s.read_to_string(&mut answer);
            assert!(
                answer.starts_with("HTTP/1.1 200"),
                "{}",
                &answer[..answer.len().min(80)]
            );
        }
        // Every half-open connection is closed within the header timeout (1 s), with room for
        // a loaded machine.
        for s in held {
            let t = closed_within(s, Duration::from_secs(5));
            assert!(t.is_some(), "a half-open connection stayed open");
        }
        // The address has its places back.
        let (status, _, _) = get(&base, &format!("/g/{token}/game.json"), &[]);
        assert_eq!(status, 200);
        // A kept-alive connection that sits idle is closed too.
        let mut idle = std::net::TcpStream::connect(addr).unwrap();
        use std::io::Write;
        idle.write_all(format!("GET /g/{token}/game.json HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .unwrap();
        assert!(
            closed_within(idle, Duration::from_secs(5)).is_some(),
            "an idle connection stayed open"
        );
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_budget() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base"], 1);
    let token = only_link(&svc);
    let limits = |trusted: Vec<ipnet::IpNet>| meeplebot::web::WebLimits {
        requests_per_minute: 2,
        trusted_proxies: trusted,
        ..meeplebot::web::WebLimits::default()
    };
    let proxied = format!(
        "http://{}",
        serve_with(svc.clone(), limits(vec!["127.0.0.1/32".parse().unwrap()])).await
    );
    let direct = format!("http://{}", serve_with(svc, limits(vec![])).await);
    tokio::task::spawn_blocking(move || {
        let ask = |base: &str, client: &str| {
            get(
                base,
                &format!("/g/{token}/game.json"),
                &[("X-Forwarded-For", client)],
            )
            .0
        };
        // Through the proxy: two clients, two requests each, and a third of the first is over.
        let through: Vec<u16> = [
            "203.0.113.1",
            "203.0.113.1",
            "203.0.113.2",
            "203.0.113.2",
            "203.0.113.1",
        ]
        .iter()
        .map(|c| ask(&proxied, c))
        .collect();
        assert_eq!(through, [200, 200, 200, 200, 429]);
        // From anyone else the header means nothing: the peer is the client.
        let from_peer: Vec<u16> = ["203.0.113.1", "203.0.113.2", "203.0.113.3"]
            .iter()
            .map(|c| ask(&direct, c))
            .collect();
        assert_eq!(from_peer, [200, 200, 429]);
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_whose_settings_cannot_be_read_shows_no_page_and_layers_stay_private() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage.clone(), &["base"], 2);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let b = base.clone();
    let t = token.clone();
    let (layer, stale) = tokio::task::spawn_blocking(move || {
        let data = get(&b, &format!("/g/{t}/game.json"), &[]);
        assert_eq!(data.0, 200);
        let rev = serde_json::from_slice::<Value>(&data.2).unwrap()["rev"]
            .as_str()
            .unwrap()
            .to_string();
        (
            get(&b, &format!("/g/{t}/layer/{rev}/1.png"), &[]),
            get(&b, &format!("/g/{t}/layer/0/1.png"), &[]),
        )
    })
    .await
    .unwrap();
    assert_eq!(layer.0, 200);
    assert_eq!(
        header(&layer.1, "cache-control"),
        Some("private, max-age=86400, immutable"),
        "no shared cache keeps a game's figures"
    );
    assert_eq!(stale.0, 200);
    assert_eq!(
        header(&stale.1, "cache-control"),
        Some("no-store"),
        "a revision that is not current is never kept"
    );
    // The server's settings are damaged: the page is not shown (not the defaults' "shown").
    storage.put_server(CH.guild, b"{not json").unwrap();
    tokio::time::sleep(Duration::from_secs(6)).await;
    let t = token.clone();
    let page = tokio::task::spawn_blocking(move || get(&base, &format!("/g/{t}"), &[]))
        .await
        .unwrap();
    assert_eq!(page.0, 503, "a settings read that fails shows nothing");
}

/// A command to `CH` from a member who neither made the game nor moderates.
fn stranger_command(svc: &Service, command: Command) -> meeplebot::service::Reply {
    svc.handle(meeplebot::service::Request {
        key: CH,
        actor: meeplebot::service::Actor {
            id: 777,
            name: "Mallory".into(),
            manager: false,
            rights: Default::default(),
        },
        command,
        now: 1_800_000_000,
        game: None,
        interaction: None,
        locale: Default::default(),
    })
}

#[test]
fn a_leaked_link_is_renewed_by_the_creator_and_a_finished_games_link_closed() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage.clone(), &["base"], 2);
    let old = only_link(&svc);
    assert!(svc.web().game(&old).is_ok());
    // Someone else may not.
    let r = stranger_command(&svc, Command::NewLink);
    assert!(r.ephemeral && r.text.contains("creator"), "{}", r.text);
    assert!(svc.web().game(&old).is_ok(), "a refusal changes nothing");
    // The creator renews it: the old link leads nowhere at once, the new one to the game.
    let r = host_command_in(&svc, CH, Command::NewLink);
    assert!(
        !r.ephemeral && r.text.contains("new web link"),
        "{}",
        r.text
    );
    assert!(svc.web().game(&old).is_err(), "the old link still works");
    let new = only_link(&svc);
    assert_ne!(new, old);
    assert!(svc.web().game(&new).is_ok());
    // The game ends; its link works from the history until the creator closes it.
    play_to_end(&svc);
    assert!(svc.web().game(&new).is_ok(), "a finished game's page");
    let r = stranger_command(&svc, Command::NewLink);
    assert!(r.ephemeral, "{}", r.text);
    assert!(svc.web().game(&new).is_ok());
    let r = host_command_in(&svc, CH, Command::NewLink);
    assert!(
        !r.ephemeral && r.text.contains("closed the web page"),
        "{}",
        r.text
    );
    assert!(
        svc.web().game(&new).is_err(),
        "the finished game's link still works"
    );
    assert!(svc.web().links().unwrap().is_empty());
    let r = host_command_in(&svc, CH, Command::NewLink);
    assert!(
        r.ephemeral && r.text.contains("no game with a web page"),
        "{}",
        r.text
    );
}

/// A set's own step outlines its cells on the page's last frame: with Abbey & Mayor, the holes
/// an abbey may fill while a seat chooses between its abbey and the draw (or the tiles a
/// scored wagon may go to); an earlier frame shows none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sets_own_step_outlines_its_cells_on_the_page() {
    if !browser_here("outlines") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base", "mayor"], 0);
    let g = step_until(&svc, 400, |g| {
        matches!(
            g.pending().decision,
            meeplebot::engine::Decision::Abbey | meeplebot::engine::Decision::WagonMove
        )
    });
    let cells = meeplebot::render::legal_cells(&g);
    assert!(!cells.is_empty(), "no cell outlined for an abbey or wagon");
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(&c, "document.body.dataset.rev", Duration::from_secs(10)).await;
    let shown = c
        .execute(
            "return [...document.querySelectorAll('#world .asked')].map((e) => [parseFloat(e.style.left), parseFloat(e.style.top)]);",
            vec![],
        )
        .await
        .unwrap();
    let shown: Vec<[f64; 2]> = serde_json::from_value(shown).unwrap();
    // Each outline sits on its cell (the page draws a cell 96 units across).
    let mut at: Vec<(i32, i32)> = shown
        .iter()
        .map(|[x, y]| ((x / 96.0).round() as i32, (y / 96.0).round() as i32))
        .collect();
    at.sort();
    let mut want: Vec<(i32, i32)> = cells.iter().map(|p| (p.x, p.y)).collect();
    want.sort();
    assert_eq!(at, want);
    screenshot(&c, "asked.png").await;
    // One frame back: no outline.
    c.find(Locator::Css("#prev"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let left = c
        .execute(
            "return document.querySelectorAll('#world .asked').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(left, json!(0));
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bazaar_and_bridges_show_on_the_page_while_the_auction_runs() {
    if !browser_here("bazaar") {
        return;
    }
    use meeplebot::engine::Decision;
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &["base", "bridges"], 0);
    // Computer steps until a bridge lies on the board and a bazaar's auction waits for a bid.
    let g = step_until(&svc, 600, |g| {
        g.tiles().iter().any(|t| t.tile.get().bridge_of.is_some())
            && matches!(g.pending().decision, Decision::Raise | Decision::Deal)
    });
    let bazaar = g.bazaar().unwrap();
    let (lot, bid, _) = bazaar.auction.unwrap();
    let on_table = bazaar.tiles.iter().filter(|t| !t.played).count();
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(&c, "document.body.dataset.rev", Duration::from_secs(10)).await;
    // Every tile's picture loads, those with a bridge by a name of their own.
    wait_true(
        &c,
        "[...document.querySelectorAll('#world img.tile')].every((e) => e.complete && e.naturalWidth > 0)",
        Duration::from_secs(20),
    )
    .await;
    let names = c
        .execute(
            "return [...document.querySelectorAll('#world img.tile')].map((e) => e.dataset.tile);",
            vec![],
        )
        .await
        .unwrap();
    let names: Vec<String> = serde_json::from_value(names).unwrap();
    assert_eq!(names.len(), g.tiles().len());
    let bridged: Vec<&String> = names.iter().filter(|n| n.contains('~')).collect();
    assert_eq!(
        bridged.len(),
        g.tiles()
            .iter()
            .filter(|t| t.tile.get().bridge_of.is_some())
            .count(),
        "{names:?}"
    );
    // The bazaar's tiles lie on the table while the auction runs, and the line says the bid.
    let shown = c
        .execute(
            "return [document.getElementById('table').hidden, document.querySelectorAll('#table .held').length, document.getElementById('status').textContent];",
            vec![],
        )
        .await
        .unwrap();
    let (hidden, held, status): (bool, usize, String) = serde_json::from_value(shown).unwrap();
    assert!(!hidden, "the table is hidden during the auction");
    assert_eq!(held, on_table, "tiles on the table");
    let tile = bazaar.tiles[lot].tile.name();
    assert!(
        status.contains("Bazaar")
            && status.contains(&format!("bids {bid}"))
            && status.contains(tile),
        "{status}"
    );
    screenshot(&c, "bazaar.png").await;
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    c.close().await.unwrap();
}

// ---- Playing on the web board through a seat's personal link (issue 58). ----

use meeplebot::service::web_play::{WebMove, WebMoved, WebPlayError};
use meeplebot::service::{Actor, Locale, Request, Rights};

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// `command` in [`CH`] from member `id` (a moderator when `moderator`).
fn as_member(
    svc: &Service,
    id: u64,
    name: &str,
    command: Command,
    moderator: bool,
) -> meeplebot::service::Reply {
    svc.handle(Request {
        key: CH,
        actor: Actor {
            id,
            name: name.into(),
            manager: moderator,
            rights: Rights::default(),
        },
        command,
        now: unix_now(),
        game: None,
        interaction: None,
        locale: Locale::default(),
    })
}

/// A game of two people (Ann, 1, and Bob, 2) in [`CH`], started, with `sets`.
fn people_game(
    storage: Arc<dyn Storage>,
    sets: &[&str],
    seed: u64,
) -> (Arc<Service>, meeplebot::service::Reply) {
    let svc = Service::open(
        storage,
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings {
            seed: Some(seed),
            web_base: Some("http://web.example".into()),
            ..Settings::default()
        },
    )
    .unwrap();
    let r = as_member(
        &svc,
        1,
        "Ann",
        Command::New(NewGame {
            sets: Some(sets.iter().map(|s| s.to_string()).collect()),
            ..NewGame::default()
        }),
        false,
    );
    assert!(!r.ephemeral, "{}", r.text);
    let r = as_member(&svc, 2, "Bob", Command::Join, false);
    assert!(!r.ephemeral, "{}", r.text);
    let started = as_member(&svc, 1, "Ann", Command::Start, false);
    assert!(!started.ephemeral, "{}", started.text);
    (Arc::new(svc), started)
}

/// The secret of the personal link a **Play on the web** answer gives.
fn secret_in(r: &meeplebot::service::Reply) -> String {
    assert!(
        r.ephemeral,
        "a personal link is answered privately: {}",
        r.text
    );
    let re = regex::Regex::new(r"http://web\.example/p/([0-9a-f]{32})").unwrap();
    re.captures(&r.text)
        .unwrap_or_else(|| panic!("no personal link in {:?}", r.text))[1]
        .to_string()
}

fn log_len(svc: &Service) -> usize {
    record_of(svc).log.len()
}

#[test]
fn a_seats_own_link_moves_only_that_seat_and_stops_when_the_seat_changes_hands() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, started) = people_game(storage.clone(), &["base"], 7);
    // The turn message offers the button; it answers each seated member privately.
    assert!(
        started
            .buttons
            .iter()
            .any(|b| b.action.command == Command::WebPlay),
        "no Play on the web button: {:?}",
        started.buttons
    );
    let ann = secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false));
    let bob = secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false));
    assert_ne!(ann, bob);
    let stranger = as_member(&svc, 3, "Cy", Command::WebPlay, false);
    assert!(
        stranger.ephemeral && !stranger.text.contains("/p/"),
        "{}",
        stranger.text
    );
    // The secret is kept by hash only: nowhere in what storage holds.
    let stored = String::from_utf8_lossy(&storage.get_game(CH).unwrap().unwrap()).to_string();
    assert!(
        stored.contains("web_keys"),
        "the seats keep their links' hashes"
    );
    assert!(!stored.contains(&ann) && !stored.contains(&bob));

    let lang = meeplebot::i18n::Lang::En;
    let (a, b) = (
        svc.web_turn(&ann, lang).unwrap(),
        svc.web_turn(&bob, lang).unwrap(),
    );
    assert_ne!(a.you, b.you, "exactly one seat is to play");
    let (mover, other, t) = if a.you {
        (&ann, &bob, a)
    } else {
        (&bob, &ann, b)
    };
    assert!(t.tile.is_some() && !t.cells.is_empty(), "{t:?}");
    let waiting = svc.web_turn(other, lang).unwrap();
    assert!(waiting.cells.is_empty() && waiting.tile.is_none());

    // Wrong links lead nowhere.
    for wrong in [
        "0".repeat(32),
        "zz".into(),
        other.replace(|c: char| c.is_ascii_digit(), "a"),
    ] {
        assert_eq!(
            svc.web_turn(&wrong, lang),
            Err(WebPlayError::NotFound),
            "{wrong}"
        );
    }

    let cell = &t.cells[0];
    let place = (cell.x as i64, cell.y as i64, cell.r[0] as i64);
    let acts = svc.web_acts(mover, place, None, lang).unwrap();
    assert!(!acts.is_empty(), "a placement offers at least 'no figure'");
    let before = record_of(&svc);
    let mv = |version: &str, id: u64, place: Option<(i64, i64, i64)>, choice: usize| WebMove {
        version: version.into(),
        id,
        place,
        way: None,
        choice,
    };
    // Refused, and nothing changes: another version, a cell where the tile does not fit, a
    // choice not on offer, the other seat's link.
    let refusals = [
        (mover, mv("0", 11, Some(place), 0)),
        (mover, mv(&t.version, 12, Some((400, 400, 0)), 0)),
        (mover, mv(&t.version, 13, Some(place), 999)),
        (other, mv(&t.version, 14, Some(place), 0)),
    ];
    for (link, m) in &refusals {
        let r = svc.web_move(link, m, lang, unix_now());
        assert!(
            matches!(r, Err(WebPlayError::Changed(_) | WebPlayError::Refused(_))),
            "{m:?}: {r:?}"
        );
        if let Err(WebPlayError::Changed(why) | WebPlayError::Refused(why)) = &r {
            assert!(!why.is_empty());
        }
        assert_eq!(record_of(&svc), before, "{m:?} changed the game");
    }
    assert!(svc.take_outbox().is_empty());

    // The move, through the one move path: the turn message goes to the channel.
    let m = mv(&t.version, 21, Some(place), 0);
    assert_eq!(
        svc.web_move(mover, &m, lang, unix_now()),
        Ok(WebMoved::Made)
    );
    let after = log_len(&svc);
    assert!(after > before.log.len());
    let posted = svc.take_outbox();
    assert_eq!(posted.len(), 1, "{posted:?}");
    assert_eq!(posted[0].key, CH);
    assert!(!posted[0].reply.ephemeral);
    // Sent again (a lost answer): answered as made, made once.
    assert_eq!(
        svc.web_move(mover, &m, lang, unix_now()),
        Ok(WebMoved::Already)
    );
    assert_eq!(log_len(&svc), after);
    assert!(svc.take_outbox().is_empty());
    // Now the other seat plays.
    assert!(svc.web_turn(other, lang).unwrap().you);
    assert!(!svc.web_turn(mover, lang).unwrap().you);

    // The links survive a restart (they are in storage).
    let again = Service::open(
        storage.clone(),
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings {
            web_base: Some("http://web.example".into()),
            ..Settings::default()
        },
    )
    .unwrap();
    assert!(again.web_turn(other, lang).unwrap().you);
    drop(again);

    // A handed-over seat's links stop; the new holder asks for their own.
    let r = as_member(
        &svc,
        9,
        "Mod",
        Command::HandSeat {
            from: 2,
            to: 4,
            to_name: "Dee".into(),
        },
        true,
    );
    assert!(!r.ephemeral, "{}", r.text);
    assert_eq!(svc.web_turn(&bob, lang), Err(WebPlayError::NotFound));
    let dee = secret_in(&as_member(&svc, 4, "Dee", Command::WebPlay, false));
    assert!(svc.web_turn(&dee, lang).is_ok());

    // A seat keeps its newest few links: the oldest stops.
    let newer: Vec<String> = (0..4)
        .map(|_| secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)))
        .collect();
    assert_eq!(svc.web_turn(&ann, lang), Err(WebPlayError::NotFound));
    for s in &newer {
        assert!(svc.web_turn(s, lang).is_ok());
    }

    // `mygames` and `me` count them (they are kept by hash: counted, never shown).
    let mine = as_member(&svc, 1, "Ann", Command::MyGames, false);
    assert!(
        mine.ephemeral && mine.text.contains("4 personal web links live"),
        "{}",
        mine.text
    );
    let shown = as_member(&svc, 1, "Ann", Command::Me(Box::default()), false);
    assert!(
        shown
            .text
            .contains("Personal web links: 4 live (in one game)"),
        "{}",
        shown.text
    );
    for s in &newer {
        assert!(!mine.text.contains(s.as_str()) && !shown.text.contains(s.as_str()));
    }
    // Bob's seat went to Dee: his links are gone and he sits in no game.
    let bobs = as_member(&svc, 2, "Bob", Command::Me(Box::default()), false);
    assert!(
        bobs.text.contains("Personal web links: none live"),
        "{}",
        bobs.text
    );

    // `me links`: every link of the member stops, and only theirs.
    let r = as_member(
        &svc,
        1,
        "Ann",
        Command::Me(Box::new(meeplebot::service::MeChange {
            links_reset: true,
            ..Default::default()
        })),
        false,
    );
    assert!(
        r.ephemeral && r.text.contains("4 personal web links"),
        "{}",
        r.text
    );
    assert!(
        r.text.contains("Personal web links: none live"),
        "{}",
        r.text
    );
    for s in &newer {
        assert_eq!(svc.web_turn(s, lang), Err(WebPlayError::NotFound));
    }
    assert!(svc.web_turn(&dee, lang).is_ok());
    let mine = as_member(&svc, 1, "Ann", Command::MyGames, false);
    assert!(!mine.text.contains("web link"), "{}", mine.text);
    let dees = as_member(&svc, 4, "Dee", Command::MyGames, false);
    assert!(
        dees.text.contains("one personal web link live"),
        "{}",
        dees.text
    );
    // Their rows are gone from storage too (only Dee's and the page's own remain).
    assert_eq!(storage.all_links().unwrap().len(), 2);
}

/// The scores of the game in [`CH`] now.
fn scores_now(storage: &dyn Storage) -> Vec<u32> {
    let record = stored_record(storage).unwrap_or_else(|| last_record(storage));
    replay(&record).unwrap().scores().to_vec()
}

#[test]
fn a_page_places_with_a_bridge_and_says_what_each_placement_and_figure_would_score() {
    use meeplebot::service::web_play::WebTurn;
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["bridges"], 11);
    let links = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let lang = meeplebot::i18n::Lang::En;
    let (mut bridged, mut previews, mut figures) = (false, 0, 0);
    let mut id = 100;
    let mut send = |link: &str, t: &WebTurn, place, way, choice| {
        id += 1;
        let m = WebMove {
            version: t.version.clone(),
            id,
            place,
            way,
            choice,
        };
        svc.web_move(link, &m, lang, unix_now())
    };
    for _ in 0..400 {
        if bridged && previews >= 3 && figures >= 3 {
            break;
        }
        let Some(record) = stored_record(&*storage) else {
            break;
        };
        let g = replay(&record).unwrap();
        if g.is_over() {
            break;
        }
        let turns: Vec<WebTurn> = links
            .iter()
            .map(|l| svc.web_turn(l, lang).unwrap())
            .collect();
        let seat = turns.iter().position(|t| t.you).expect("a seat to play");
        let (link, t) = (&links[seat], &turns[seat]);
        if t.cells.is_empty() {
            // A set's step (a bazaar's bid, a castle): its first choice.
            assert!(!t.choices.is_empty(), "nothing to do at {:?}", g.pending());
            assert_eq!(send(link, t, None, None, 0), Ok(WebMoved::Made));
            continue;
        }
        let before = scores_now(&*storage);
        // What each seat's score changed by, against what the page was told (as signed).
        let delta = |after: &[u32]| -> Vec<(usize, i64)> {
            after
                .iter()
                .zip(&before)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, i64::from(*a) - i64::from(*b)))
                .collect()
        };
        let told = |s: &[(usize, u32)]| -> Vec<(usize, i64)> {
            s.iter().map(|&(i, n)| (i, i64::from(n))).collect()
        };
        // A way with a bridge, once: refused where it does not belong, made where it does.
        let way = t
            .cells
            .iter()
            .find_map(|c| c.w.first().map(|w| (c, w)))
            .filter(|_| !bridged);
        if let Some((c, w)) = way {
            assert!(w.label.contains("bridge"), "{}", w.label);
            let place = (c.x as i64, c.y as i64, w.r as i64);
            let was = stored_record(&*storage);
            for (p, way) in [
                ((c.x as i64 + 50, c.y as i64, w.r as i64), Some(w.id)),
                (
                    (c.x as i64, c.y as i64, (w.r as i64 + 45) % 360),
                    Some(w.id),
                ),
                (place, Some(9999)),
            ] {
                assert!(
                    matches!(
                        svc.web_acts(link, p, way, lang),
                        Err(WebPlayError::Refused(_))
                    ),
                    "{p:?} {way:?}"
                );
                assert!(matches!(
                    send(link, t, Some(p), way, 0),
                    Err(WebPlayError::Refused(_))
                ));
                assert_eq!(
                    stored_record(&*storage),
                    was,
                    "a refused way changed the game"
                );
            }
            let acts = svc.web_acts(link, place, Some(w.id), lang).unwrap();
            let pass = acts.len() - 1;
            let bridges = g.bridges().len();
            assert_eq!(
                send(link, t, Some(place), Some(w.id), pass),
                Ok(WebMoved::Made)
            );
            let g = replay(&stored_record(&*storage).unwrap()).unwrap();
            assert_eq!(g.bridges().len(), bridges + 1, "the bridge is on the board");
            assert_eq!(
                delta(g.scores()),
                told(&w.s),
                "what the way said it would score"
            );
            bridged = true;
            continue;
        }
        // A placement said to score: it scores that with no figure.
        let scoring = t
            .cells
            .iter()
            .find_map(|c| c.s.iter().position(|s| !s.is_empty()).map(|i| (c, i)));
        if let Some((c, i)) = scoring.filter(|_| previews < 3) {
            let place = (c.x as i64, c.y as i64, c.r[i] as i64);
            let acts = svc.web_acts(link, place, None, lang).unwrap();
            assert_eq!(
                send(link, t, Some(place), None, acts.len() - 1),
                Ok(WebMoved::Made)
            );
            assert_eq!(delta(&scores_now(&*storage)), told(&c.s[i]), "at {place:?}");
            previews += 1;
            continue;
        }
        // Else a placement with a figure said to score (a knight on the city it completes),
        // which scores that; or the first cell.
        let options: Vec<((i64, i64, i64), Option<usize>)> = t
            .cells
            .iter()
            .flat_map(|c| {
                let plain =
                    c.r.iter()
                        .map(|&r| ((c.x as i64, c.y as i64, r as i64), None));
                let ways =
                    c.w.iter()
                        .map(|w| ((c.x as i64, c.y as i64, w.r as i64), Some(w.id)));
                plain.chain(ways).collect::<Vec<_>>()
            })
            .collect();
        let mut chosen = (options[0], 0, Vec::new(), String::new());
        for &(place, way) in options.iter().take(40) {
            let acts = svc.web_acts(link, place, way, lang).unwrap();
            if let Some(a) = acts.iter().find(|a| a.s.iter().any(|x| x.0 == seat)) {
                chosen = ((place, way), a.id, a.s.clone(), a.label.clone());
                break;
            }
        }
        let ((place, way), pick, said, label) = chosen;
        assert_eq!(send(link, t, Some(place), way, pick), Ok(WebMoved::Made));
        if !said.is_empty() {
            assert_eq!(delta(&scores_now(&*storage)), told(&said), "{label}");
            figures += 1;
        }
    }
    assert!(bridged, "no placement with a bridge was offered");
    assert!(
        previews >= 3 && figures >= 3,
        "{previews} placements and {figures} figures checked"
    );
}

#[test]
fn a_page_takes_back_its_last_move_and_answers_anothers_request() {
    use meeplebot::service::web_play::{WebTurn, WebUndo};
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 7);
    let links = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let lang = meeplebot::i18n::Lang::En;
    let turn = |i: usize| -> WebTurn { svc.web_turn(&links[i], lang).unwrap() };
    let log = || stored_record(&*storage).unwrap().log.len();
    let mut id = 900;
    let mut play = |i: usize| {
        let t = turn(i);
        assert!(t.you);
        let c = &t.cells[0];
        id += 1;
        let m = WebMove {
            version: t.version.clone(),
            id,
            place: Some((c.x as i64, c.y as i64, c.r[0] as i64)),
            way: None,
            choice: 0,
        };
        assert_eq!(
            svc.web_move(&links[i], &m, lang, unix_now()),
            Ok(WebMoved::Made)
        );
    };
    let undo = |i: usize, id: u64, agree: Option<bool>, turns: usize| {
        svc.web_undo(&links[i], &WebUndo { id, agree, turns }, lang, unix_now())
    };
    let first = if turn(0).you { 0 } else { 1 };
    let second = 1 - first;
    assert!(!turn(first).undo, "nothing to take back before a move");
    assert!(matches!(
        undo(first, 1, None, 0),
        Err(WebPlayError::Refused(_))
    ));
    let start = log();

    // Taken back at once before anyone else acts; sent again, it is taken once.
    play(first);
    assert!(turn(first).undo);
    svc.take_outbox();
    assert_eq!(undo(first, 2, None, 0), Ok(WebMoved::Made));
    assert_eq!(log(), start, "the move is taken back");
    assert_eq!(svc.take_outbox().len(), 1, "the channel is told");
    assert_eq!(undo(first, 2, None, 0), Ok(WebMoved::Already));
    assert!(turn(first).you, "the same seat plays again");

    // After the other seat moved, it takes their consent, asked on their page.
    play(first);
    play(second);
    let before = log();
    svc.take_outbox();
    assert_eq!(undo(first, 3, None, 0), Ok(WebMoved::Made));
    assert_eq!(log(), before, "only asked");
    let asked = svc.take_outbox();
    assert_eq!(asked.len(), 1);
    assert!(
        !asked[0].reply.buttons.is_empty(),
        "the channel gets the vote's buttons"
    );
    assert_eq!(
        turn(first).vote,
        None,
        "the asker does not answer their own request"
    );
    let vote = turn(second)
        .vote
        .expect("the other seat answers the request");
    assert_eq!(vote.asker, if first == 0 { "Ann" } else { "Bob" });
    // A stale answer is refused and changes nothing; then the consent takes both moves back.
    assert!(matches!(
        undo(second, 4, Some(true), vote.turns + 5),
        Err(WebPlayError::Refused(_))
    ));
    assert_eq!(log(), before);
    assert_eq!(undo(second, 5, Some(true), vote.turns), Ok(WebMoved::Made));
    assert!(log() < before, "taken back with consent");
    assert!(turn(first).you);
    assert_eq!(turn(second).vote, None);
}

/// The record of the game stored in [`CH`] (`None`: no game is being played there).
fn stored_record(storage: &dyn Storage) -> Option<Record> {
    let bytes = storage.get_game(CH).unwrap()?;
    let s = meeplebot::service::stored::StoredGame::decode(&bytes).unwrap();
    s.record
}

/// The record of the last game of [`CH`]'s history.
fn last_record(storage: &dyn Storage) -> Record {
    let last = storage
        .summaries(CH)
        .unwrap()
        .pop()
        .expect("a finished game");
    let bytes = storage.archived(CH, last.seq).unwrap().unwrap();
    meeplebot::service::stored::StoredGame::decode(&bytes)
        .unwrap()
        .record
        .unwrap()
}

/// Clicks the first element `css` names, as a script does (the board may have it off screen).
async fn js_click(c: &Client, css: &str) {
    let done = c
        .execute(
            "const e = document.querySelector(arguments[0]); if (!e) return false; e.click(); return true;",
            vec![json!(css)],
        )
        .await
        .unwrap();
    assert_eq!(done, json!(true), "nothing to click at {css}");
}

/// Two people play a whole game with `sets` on their own pages, each turn by the page's
/// attributes alone (the first legal cell, confirm, the first choice, confirm; a set's step:
/// the first choice, confirm), each checked against the engine; screenshots named `name`.
async fn play_whole_game_on_pages(sets: &[&str], seed: u64, name: &str) {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), sets, seed);
    let ann = secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false));
    let bob = secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false));
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let pages = [browser(port, false).await, browser(port, false).await];
    for (c, s) in pages.iter().zip([&ann, &bob]) {
        c.goto(&format!("{base}/p/{s}")).await.unwrap();
        wait_true(c, "document.body.dataset.move", Duration::from_secs(10)).await;
        // The secret is in the page's address only: not in the page, nor in what it loads.
        let html = c.source().await.unwrap();
        assert!(!html.contains(s.as_str()), "the secret is in the page");
    }
    let lang = meeplebot::i18n::Lang::En;
    let (mut moves, mut placements) = (0, 0);
    let mut shot = false;
    // The game's record as stored (none once the game went to the history).
    while let Some(record) = stored_record(&*storage) {
        let g = replay(&record).unwrap();
        if g.is_over() {
            // The last move is in; the game is on its way to the history.
            break;
        }
        let turns = [
            svc.web_turn(&ann, lang).unwrap(),
            svc.web_turn(&bob, lang).unwrap(),
        ];
        let Some(i) = turns.iter().position(|t| t.you) else {
            panic!("neither seat may move: {:?}", g.pending());
        };
        let (c, t) = (&pages[i], &turns[i]);
        assert!(
            !t.cells.is_empty() || !t.choices.is_empty(),
            "nothing to do on the page at {:?}",
            g.pending()
        );
        let something = if t.cells.is_empty() {
            "[data-choice]"
        } else {
            "[data-legal]"
        };
        wait_true(
            c,
            &format!(
                "document.body.dataset.turn === 'you' && document.body.dataset.move === '{}' && document.querySelector('{something}') !== null",
                t.version
            ),
            Duration::from_secs(10),
        )
        .await;
        let mut placed: Option<Vec<i32>> = None;
        if matches!(
            g.pending().decision,
            meeplebot::engine::Decision::PlaceTile { .. }
        ) {
            // The cells marked are where the engine lets the tile go (a set's ways of placing
            // it count: a tile may fit only with a bridge).
            let marked = c
                .execute(
                    "return [...document.querySelectorAll('[data-legal]')].map((e) => e.dataset.legal);",
                    vec![],
                )
                .await
                .unwrap();
            let mut marked: Vec<String> = serde_json::from_value(marked).unwrap();
            marked.sort();
            let mut legal: Vec<String> = g
                .legal_actions()
                .iter()
                .filter_map(|a| a.placed())
                .map(|(at, _)| format!("{},{}", at.x, at.y))
                .collect();
            legal.sort();
            legal.dedup();
            assert_eq!(marked, legal, "move {moves}");
            // The first legal cell, confirmed; then the figure's choices.
            js_click(c, "[data-legal]").await;
            let at = c
                .execute(
                    "return document.querySelector('[data-placed]').dataset.placed;",
                    vec![],
                )
                .await
                .unwrap();
            placed = Some(
                at.as_str()
                    .unwrap()
                    .split(',')
                    .map(|n| n.parse().unwrap())
                    .collect(),
            );
            js_click(c, "[data-confirm]:not([hidden])").await;
            wait_true(
                c,
                "document.querySelector('[data-choice]') !== null",
                Duration::from_secs(10),
            )
            .await;
            if !shot {
                screenshot(c, &format!("{name}-choices.png")).await;
            }
        }
        // The first choice, confirmed.
        js_click(c, "[data-choice]").await;
        js_click(c, "[data-confirm]:not([hidden])").await;
        let until = Instant::now() + Duration::from_secs(10);
        let after = loop {
            let r = match stored_record(&*storage) {
                Some(r) => Some(r),
                // The last move: the game is in the channel's history (or on its way there).
                None => storage
                    .summaries(CH)
                    .unwrap()
                    .last()
                    .map(|_| last_record(&*storage)),
            };
            if let Some(r) = r.filter(|r| r.log.len() > record.log.len()) {
                break replay(&r).unwrap();
            }
            assert!(Instant::now() < until, "move {moves} was not made");
            tokio::time::sleep(Duration::from_millis(30)).await;
        };
        if let Some(placed) = &placed {
            // The engine placed the tile where the page showed it, turned as shown.
            let last = after.tiles().last().unwrap();
            assert_eq!(
                (last.pos.x, last.pos.y, last.rotation.degrees() as i32),
                (placed[0], placed[1], placed[2])
            );
            placements += 1;
        }
        if !shot && placed.is_some() {
            wait_true(
                c,
                "document.body.dataset.turn !== 'you'",
                Duration::from_secs(10),
            )
            .await;
            screenshot(c, &format!("{name}-sent.png")).await;
            shot = true;
        }
        moves += 1;
        assert!(moves < 600, "the game does not end");
    }
    // The game may still be on its way to the history: wait for it there.
    let until = Instant::now() + Duration::from_secs(10);
    while storage.summaries(CH).unwrap().is_empty() {
        assert!(
            Instant::now() < until,
            "the finished game never reached the history"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let end = replay(&last_record(&*storage)).unwrap();
    assert!(end.is_over());
    assert_eq!(
        placements,
        end.tiles().len() - 1,
        "every tile but the start was placed on a page"
    );
    // Every move made on the pages, each told in the channel.
    // (The last one is posted once the move is answered, after the game went to the history.)
    let mut told = svc.take_outbox();
    let until = Instant::now() + Duration::from_secs(10);
    while told.len() < moves && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(30)).await;
        told.extend(svc.take_outbox());
    }
    assert_eq!(told.len(), moves, "turn messages");
    assert!(told.iter().all(|n| n.key == CH && !n.reply.ephemeral));
    for c in &pages {
        wait_true(
            c,
            "document.body.dataset.turn === 'none'",
            Duration::from_secs(10),
        )
        .await;
        let mut errors = console_errors(c).await;
        // A page that asked for its turn just as the game ended was told its link leads
        // nowhere now (a 404, as a finished game's links do).
        errors.retain(|e| !(e.contains("/play/turn") && e.contains("status of 404")));
        assert!(errors.is_empty(), "console errors: {errors:#?}");
    }
    screenshot(&pages[0], &format!("{name}-finished.png")).await;
    for c in pages {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_on_their_own_pages() {
    if !browser_here("two_pages") {
        return;
    }
    play_whole_game_on_pages(&["base"], 3, "play").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_with_every_set_on_their_own_pages() {
    if !browser_here("two_pages_every_set") {
        return;
    }
    let every: Vec<&str> = std::iter::once("base")
        .chain(
            meeplebot::engine::TileSet::EXPANSIONS
                .iter()
                .map(|s| s.name()),
        )
        .collect();
    play_whole_game_on_pages(&every, 4, "play-every-set").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tile_is_placed_with_a_bridge_on_the_page_and_its_choices_say_what_they_score() {
    use meeplebot::service::web_play::WebTurn;
    if !browser_here("bridge_on_page") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["bridges"], 11);
    let links = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let lang = meeplebot::i18n::Lang::En;
    // Moves made by the service until Ann may place her tile with a bridge.
    let mut id = 500;
    let (t, cell, w) = loop {
        let turns: Vec<WebTurn> = links
            .iter()
            .map(|l| svc.web_turn(l, lang).unwrap())
            .collect();
        let seat = turns.iter().position(|t| t.you).expect("a seat to play");
        let t = turns[seat].clone();
        if seat == 0 {
            if let Some((c, w)) = t.cells.iter().find_map(|c| c.w.first().map(|w| (c, w))) {
                let (c, w) = (c.clone(), w.clone());
                break (t, c, w);
            }
        }
        id += 1;
        let (place, way) = match t.cells.first() {
            Some(c) if !c.r.is_empty() => (Some((c.x as i64, c.y as i64, c.r[0] as i64)), None),
            Some(c) => (
                Some((c.x as i64, c.y as i64, c.w[0].r as i64)),
                Some(c.w[0].id),
            ),
            None => (None, None),
        };
        let m = WebMove {
            version: t.version.clone(),
            id,
            place,
            way,
            choice: 0,
        };
        assert_eq!(
            svc.web_move(&links[seat], &m, lang, unix_now()),
            Ok(WebMoved::Made)
        );
        assert!(id < 700, "no bridge offered to Ann");
    };
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/p/{}", links[0])).await.unwrap();
    wait_true(
        &c,
        &format!(
            "document.body.dataset.turn === 'you' && document.body.dataset.move === '{}'",
            t.version
        ),
        Duration::from_secs(10),
    )
    .await;
    // The cell, then the rotate control through its ways until the bridge's is in hand.
    js_click(&c, &format!("[data-legal='{},{}']", cell.x, cell.y)).await;
    for _ in 0..(cell.r.len() + cell.w.len()) {
        let now = c
            .execute(
                "const g = document.querySelector('[data-placed]'); return g.dataset.way || '';",
                vec![],
            )
            .await
            .unwrap();
        if now == json!(w.id.to_string()) {
            break;
        }
        js_click(&c, "[data-rotate]").await;
    }
    assert_eq!(
        placed(&c).await,
        format!("{},{},{}", cell.x, cell.y, w.r),
        "the way with the bridge is in hand"
    );
    let said = c
        .find(Locator::Id("playsay"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        said.contains(&w.label),
        "{said:?} does not say {:?}",
        w.label
    );
    screenshot(&c, "play-bridge.png").await;
    js_click(&c, "[data-confirm]:not([hidden])").await;
    wait_true(
        &c,
        "document.querySelector('#choices [data-choice]') !== null",
        Duration::from_secs(10),
    )
    .await;
    // Each choice says what it would score, as the server works it out.
    let place = (cell.x as i64, cell.y as i64, w.r as i64);
    let acts = svc.web_acts(&links[0], place, Some(w.id), lang).unwrap();
    let shown = c
        .execute(
            "return [...document.querySelectorAll('#choices [data-choice]')].map((b) => b.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let shown: Vec<String> = serde_json::from_value(shown).unwrap();
    assert_eq!(shown.len(), acts.len());
    for (text, a) in shown.iter().zip(&acts) {
        assert!(text.starts_with(&a.label), "{text:?} for {:?}", a.label);
        if a.s.is_empty() {
            assert_eq!(text, &a.label, "a choice that scores nothing says no score");
        }
        if let Some((_, n)) = a.s.iter().find(|x| x.0 == 0) {
            assert!(text.contains(&format!("+{n}")), "{text:?} for {:?}", a.s);
        }
    }
    // "No figure" (the last), confirmed: the bridge is on the board.
    let before = replay(&stored_record(&*storage).unwrap()).unwrap();
    js_click(&c, "#choices [data-choice]:last-child").await;
    js_click(&c, "[data-confirm]:not([hidden])").await;
    wait_true(
        &c,
        "document.body.dataset.turn !== 'you'",
        Duration::from_secs(10),
    )
    .await;
    let after = replay(&stored_record(&*storage).unwrap()).unwrap();
    assert_eq!(after.bridges().len(), before.bridges().len() + 1);
    let last = after.tiles().last().unwrap();
    assert_eq!((last.pos.x, last.pos.y), (cell.x, cell.y));
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_taken_back_from_the_page_and_the_other_page_agrees() {
    use meeplebot::service::web_play::WebTurn;
    if !browser_here("undo_on_page") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 7);
    let links = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let lang = meeplebot::i18n::Lang::En;
    let turn = |i: usize| -> WebTurn { svc.web_turn(&links[i], lang).unwrap() };
    let log = |storage: &dyn Storage| stored_record(storage).unwrap().log.len();
    let mut id = 700;
    let mut play = |i: usize| {
        let t = turn(i);
        let c = &t.cells[0];
        id += 1;
        let m = WebMove {
            version: t.version.clone(),
            id,
            place: Some((c.x as i64, c.y as i64, c.r[0] as i64)),
            way: None,
            choice: 0,
        };
        assert_eq!(
            svc.web_move(&links[i], &m, lang, unix_now()),
            Ok(WebMoved::Made)
        );
    };
    let first = if turn(0).you { 0 } else { 1 };
    let second = 1 - first;
    let start = log(&*storage);
    play(first);
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let pages = [browser(port, false).await, browser(port, false).await];
    for (c, s) in pages.iter().zip([&links[first], &links[second]]) {
        c.goto(&format!("{base}/p/{s}")).await.unwrap();
        wait_true(
            c,
            "document.body.dataset.move !== undefined",
            Duration::from_secs(10),
        )
        .await;
    }
    let [a, b] = &pages;
    // Alone: the move is taken back at once, and the page's seat plays again.
    wait_true(
        a,
        "!document.querySelector('[data-undo]').hidden",
        Duration::from_secs(10),
    )
    .await;
    js_click(a, "[data-undo]").await;
    wait_true(
        a,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(log(&*storage), start, "taken back");
    // After the other seat moved: asked, and agreed on the other page.
    play(first);
    play(second);
    let before = log(&*storage);
    wait_true(
        a,
        "!document.querySelector('[data-undo]').hidden && document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    js_click(a, "[data-undo]").await;
    wait_true(
        b,
        "!document.querySelector('[data-vote=agree]').hidden",
        Duration::from_secs(10),
    )
    .await;
    let asks = b
        .find(Locator::Id("votesay"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let asker = if first == 0 { "Ann" } else { "Bob" };
    assert!(asks.contains(asker), "{asks:?}");
    assert_eq!(log(&*storage), before, "only asked");
    screenshot(b, "play-undo-vote.png").await;
    js_click(b, "[data-vote=agree]").await;
    let until = Instant::now() + Duration::from_secs(10);
    while log(&*storage) >= before {
        assert!(Instant::now() < until, "the consent took nothing back");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    wait_true(
        a,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    wait_true(
        b,
        "document.querySelector('[data-vote=agree]').hidden",
        Duration::from_secs(10),
    )
    .await;
    for c in pages {
        let errors = console_errors(&c).await;
        assert!(errors.is_empty(), "console errors: {errors:#?}");
        c.close().await.unwrap();
    }
}

/// The centre of the first element `css` names, in the window's CSS pixels.
async fn centre_of(c: &Client, css: &str) -> (i64, i64) {
    let v = c
        .execute(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
            vec![json!(css)],
        )
        .await
        .unwrap();
    let [x, y]: [f64; 2] = serde_json::from_value(v).unwrap();
    (x.round() as i64, y.round() as i64)
}

/// A tap of one finger at `at`.
fn tap(at: (i64, i64)) -> fantoccini::actions::TouchActions {
    use fantoccini::actions::{InputSource, PointerAction, TouchActions, MOUSE_BUTTON_LEFT};
    TouchActions::new("finger".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: at.0,
            y: at.1,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
}

async fn placed(c: &Client) -> String {
    let v = c
        .execute(
            "const g = document.querySelector('[data-placed]'); return g ? g.dataset.placed : '';",
            vec![],
        )
        .await
        .unwrap();
    v.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_taken_by_touch_on_a_phone_and_by_keys_on_a_desktop() {
    if !browser_here("touch_and_keys") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 3);
    let ann = secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false));
    let bob = secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false));
    let lang = meeplebot::i18n::Lang::En;
    let (first, second) = if svc.web_turn(&ann, lang).unwrap().you {
        (ann, bob)
    } else {
        (bob, ann)
    };
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let ready =
        "document.body.dataset.turn === 'you' && document.querySelector('[data-legal]') !== null";

    // On a phone: a tap on a marked cell puts the tile there, a tap on it turns it.
    let phone = browser(port, true).await;
    phone.goto(&format!("{base}/p/{first}")).await.unwrap();
    wait_true(&phone, ready, Duration::from_secs(10)).await;
    let cell = centre_of(&phone, "[data-legal]").await;
    assert!(
        (0..390).contains(&cell.0) && (0..844).contains(&cell.1),
        "the first legal cell is out of view at {cell:?}"
    );
    phone.perform_actions(tap(cell)).await.unwrap();
    wait_true(
        &phone,
        "document.querySelector('[data-placed]') !== null",
        Duration::from_secs(5),
    )
    .await;
    let one = placed(&phone).await;
    let rotations = svc.web_turn(&first, lang).unwrap().cells[0].r.len();
    phone.perform_actions(tap(cell)).await.unwrap();
    let two = placed(&phone).await;
    assert_eq!(
        one.rsplit_once(',').unwrap().0,
        two.rsplit_once(',').unwrap().0,
        "same cell"
    );
    assert_eq!(
        one == two,
        rotations == 1,
        "{one} then {two} with {rotations} rotations"
    );
    // The controls are large enough for a finger.
    let small = phone
        .execute(
            "return [...document.querySelectorAll('#play button:not([hidden])')].filter((b) => { const r = b.getBoundingClientRect(); return r.width < 44 || r.height < 44; }).length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(small, json!(0), "a control under 44 px");
    let confirm = centre_of(&phone, "[data-confirm]").await;
    phone.perform_actions(tap(confirm)).await.unwrap();
    wait_true(
        &phone,
        "document.querySelector('[data-choice]') !== null",
        Duration::from_secs(10),
    )
    .await;
    screenshot(&phone, "play-phone.png").await;
    // The figures' places are targets on the tile, a finger's size at any zoom.
    let sizes = phone
        .execute(
            "return [...document.querySelectorAll('.target')].map((t) => t.getBoundingClientRect().width);",
            vec![],
        )
        .await
        .unwrap();
    let sizes: Vec<f64> = serde_json::from_value(sizes).unwrap();
    assert!(!sizes.is_empty(), "no figure target on the tile");
    assert!(sizes.iter().all(|w| *w >= 43.5), "targets {sizes:?}");
    let choice = centre_of(&phone, ".target").await;
    phone.perform_actions(tap(choice)).await.unwrap();
    let taken = phone
        .execute(
            "return document.querySelectorAll('.target[aria-pressed=\"true\"]').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(taken, json!(1), "a tap on a target takes its choice");
    let confirm = centre_of(&phone, "[data-confirm]").await;
    phone.perform_actions(tap(confirm)).await.unwrap();
    wait_true(
        &phone,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;
    assert!(svc.web_turn(&second, lang).unwrap().you);

    // On a desktop, by keys: Enter on a focused cell places the tile, R turns it, Enter
    // confirms; Enter on a focused choice takes it (the focus goes to Confirm) and Enter sends.
    let desk = browser(port, false).await;
    desk.goto(&format!("{base}/p/{second}")).await.unwrap();
    wait_true(&desk, ready, Duration::from_secs(10)).await;
    let key = |k: &'static str| {
        let desk = &desk;
        async move {
            desk.active_element()
                .await
                .unwrap()
                .send_keys(k)
                .await
                .unwrap();
        }
    };
    // Arrows take the tile from marked cell to marked cell: the first marked cell first, then
    // the nearest one that way (it stays when none is); Escape takes it back.
    let cells = svc.web_turn(&second, lang).unwrap().cells;
    let cell_of = |p: &str| -> (i32, i32) {
        let n: Vec<i32> = p.split(',').map(|n| n.parse().unwrap()).collect();
        (n[0], n[1])
    };
    let on_board = |k: &'static str| {
        let desk = &desk;
        async move {
            desk.find(Locator::Css("#board"))
                .await
                .unwrap()
                .send_keys(k)
                .await
                .unwrap();
        }
    };
    on_board("\u{E014}").await; // →
    let mut at = cell_of(&placed(&desk).await);
    assert_eq!(
        at,
        (cells[0].x, cells[0].y),
        "the first arrow takes the first cell"
    );
    let mut moved = 0;
    for (k, dx, dy) in [
        ("\u{E014}", 1, 0),
        ("\u{E015}", 0, 1),
        ("\u{E012}", -1, 0),
        ("\u{E013}", 0, -1),
        ("\u{E012}", -1, 0),
    ] {
        on_board(k).await;
        let now = cell_of(&placed(&desk).await);
        let that_way = cells
            .iter()
            .any(|c| (c.x - at.0) * dx + (c.y - at.1) * dy > 0);
        assert!(
            cells.iter().any(|c| (c.x, c.y) == now),
            "{now:?} is not marked"
        );
        if that_way {
            assert!(
                (now.0 - at.0) * dx + (now.1 - at.1) * dy > 0,
                "{k:?}: {at:?} to {now:?}"
            );
            moved += 1;
        } else {
            assert_eq!(now, at, "{k:?} with no cell that way");
        }
        at = now;
    }
    assert!(
        moved > 0,
        "no arrow moved the tile among {} cells",
        cells.len()
    );
    on_board("\u{E00C}").await; // Escape
    assert_eq!(placed(&desk).await, "", "Escape takes the tile back");
    desk.execute("document.querySelector('[data-legal]').focus();", vec![])
        .await
        .unwrap();
    key("\u{E007}").await; // Enter
    let one = placed(&desk).await;
    assert!(!one.is_empty(), "Enter on a cell places the tile");
    key("r").await;
    let turned = placed(&desk).await;
    let rotations = svc.web_turn(&second, lang).unwrap().cells[0].r.len();
    assert_eq!(one == turned, rotations == 1, "R: {one} then {turned}");
    key("\u{E007}").await;
    wait_true(
        &desk,
        "document.querySelector('[data-choice]') !== null",
        Duration::from_secs(10),
    )
    .await;
    desk.execute("document.querySelector('[data-choice]').focus();", vec![])
        .await
        .unwrap();
    key("\u{E007}").await;
    wait_true(
        &desk,
        "document.activeElement && document.activeElement.id === 'confirm'",
        Duration::from_secs(5),
    )
    .await;
    key("\u{E007}").await;
    wait_true(
        &desk,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;
    assert!(
        svc.web_turn(&first, lang).unwrap().you,
        "the desktop's move was made"
    );
    for c in [&phone, &desk] {
        let errors = console_errors(c).await;
        assert!(errors.is_empty(), "console errors: {errors:#?}");
    }
    phone.close().await.unwrap();
    desk.close().await.unwrap();
}

/// The real bot against `fake`, its sled storage in `dir`, serving its web board on `web_port`
/// (its links name that address), with `env` besides.
fn bot_process(fake: &Fake, dir: &std::path::Path, web_port: u16, env: &[(&str, &str)]) -> Kill {
    let mut bot = Process::new(env!("CARGO_BIN_EXE_meeplebot"));
    bot.arg("run")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATA_DIR", dir.join("data"))
        .env("MEEPLEBOT_WEB_LISTEN", format!("127.0.0.1:{web_port}"))
        .env(
            "MEEPLEBOT_WEB_PUBLIC_URL",
            format!("http://127.0.0.1:{web_port}"),
        )
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    for (k, v) in env {
        bot.env(k, v);
    }
    Kill(bot.spawn().expect("the bot starts"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_mixing_a_page_discord_and_the_computer_tells_every_move_in_the_channel() {
    if !browser_here("mixed") {
        return;
    }
    const CHANNEL: u64 = 555_000_000_000_000_043;
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let web_port = free_port();
    let base = format!("http://127.0.0.1:{web_port}");
    let bot = bot_process(&fake, dir.path(), web_port, &[]);
    fake.wait_ready(1).await;
    let ida = User {
        id: 611,
        name: "Ida".into(),
        manage: false,
    };
    let jon = User {
        id: 612,
        name: "Jon".into(),
        manage: false,
    };
    let int = |name: &str, v: i64| json!({"name": name, "type": 4, "value": v});
    let new = fake.slash(
        &ida,
        CHANNEL,
        "new",
        vec![int("computers", 1), int("computer_level", 0)],
    );
    assert!(!fake.answer(new).await.ephemeral());
    assert!(!fake
        .answer(fake.slash(&jon, CHANNEL, "join", vec![]))
        .await
        .ephemeral());
    let started = fake
        .answer(fake.slash(&ida, CHANNEL, "start", vec![]))
        .await;
    assert!(!started.ephemeral(), "{}", started.content());
    // Play on the web, answered privately with Ida's own link.
    let game = started
        .custom_ids()
        .iter()
        .find_map(|(id, _)| id.split(':').nth(1).map(str::to_string))
        .expect("a button of the game");
    let link = fake
        .answer(fake.click(&ida, CHANNEL, &format!("cc:{game}:web")))
        .await;
    assert!(link.ephemeral(), "{}", link.content());
    let re = regex::Regex::new(&format!("{}/p/([0-9a-f]{{32}})", regex::escape(&base))).unwrap();
    let secret = re
        .captures(link.content())
        .unwrap_or_else(|| panic!("no link in {:?}", link.content()))[1]
        .to_string();
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/p/{secret}")).await.unwrap();
    wait_true(&c, "document.body.dataset.move", Duration::from_secs(10)).await;
    let status = || async {
        c.execute(
            "return document.getElementById('status').textContent;",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
    };
    let (mut on_page, mut in_discord) = (0, 0);
    let until = Instant::now() + Duration::from_secs(90);
    while on_page < 3 || in_discord < 3 {
        assert!(
            Instant::now() < until,
            "the game did not go round: {}",
            status().await
        );
        let now = status().await;
        let mine = c
            .execute("return document.body.dataset.turn === 'you' && document.querySelector('[data-legal]') !== null;", vec![])
            .await
            .unwrap();
        if now.starts_with("Ida") && mine == json!(true) {
            let before = fake.messages_in(CHANNEL).len();
            js_click(&c, "[data-legal]").await;
            js_click(&c, "[data-confirm]:not([hidden])").await;
            wait_true(
                &c,
                "document.querySelector('[data-choice]') !== null",
                Duration::from_secs(10),
            )
            .await;
            js_click(&c, "[data-choice]").await;
            let sent = Instant::now();
            js_click(&c, "[data-confirm]:not([hidden])").await;
            // The turn message of a move made on the page is posted in the channel at once
            // (not at the bot's next tick).
            loop {
                let posted = fake.messages_in(CHANNEL);
                if posted.len() > before {
                    let text = posted[before]["content"].as_str().unwrap_or("").to_string();
                    assert!(text.contains("Ida"), "{text}");
                    break;
                }
                assert!(
                    sent.elapsed() < Duration::from_millis(1500),
                    "the page's move was not told in the channel"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            on_page += 1;
        } else if now.starts_with("Jon") {
            let moved = discord_turn(&fake, CHANNEL, &jon).await;
            assert!(!moved.ephemeral(), "{}", moved.content());
            in_discord += 1;
            // The page follows the move made in Discord.
            wait_true(
                &c,
                "!document.getElementById('status').textContent.startsWith('Jon')",
                Duration::from_secs(10),
            )
            .await;
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    c.close().await.unwrap();
    drop(bot);
}

/// A plain HTTP/1.1 POST of `body`: status and body.
fn post(base: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (
        status,
        String::from_utf8_lossy(&raw[split + 4..]).to_string(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_play_requests_refuse_other_sites_other_types_and_wrong_links() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 7);
    let ann = secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false));
    let base = serve(svc.clone()).await;
    let before = stored_record(&*storage);
    let json_type = ("Content-Type", "application/json");
    let b = base.clone();
    let a = ann.clone();
    let answers = tokio::task::spawn_blocking(move || {
        let key = ("X-Seat-Key", a.as_str());
        let own = b.clone();
        vec![
            // The seat's own page answers; a wrong link's is the bare 404 of a wrong page.
            post(&b, "/play/turn", &[json_type, key, ("Origin", &own)], "{}"),
            post(
                &b,
                "/play/turn",
                &[json_type, key, ("Origin", "https://evil.example")],
                "{}",
            ),
            post(
                &b,
                "/play/turn",
                &[("Content-Type", "text/plain"), key],
                "{}",
            ),
            post(&b, "/play/turn", &[json_type], "{}"),
            post(
                &b,
                "/play/turn",
                &[json_type, ("X-Seat-Key", &"0".repeat(32))],
                "{}",
            ),
            post(&b, "/play/move", &[json_type, key], "not json"),
            post(
                &b,
                "/play/move",
                &[json_type, key],
                &format!("{{\"pad\": \"{}\"}}", "x".repeat(4000)),
            ),
            post(
                &b,
                "/play/move",
                &[json_type, key, ("Origin", "https://evil.example")],
                r#"{"version": "1", "id": 5, "place": [0, 1, 0], "choice": 0}"#,
            ),
        ]
    })
    .await
    .unwrap();
    let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
    assert_eq!(
        statuses,
        [200, 403, 415, 404, 404, 400, 413, 403],
        "{answers:#?}"
    );
    assert!(answers[0].1.contains("\"version\""), "{}", answers[0].1);
    // Nothing of it changed the game.
    assert_eq!(stored_record(&*storage), before);
    let b = base.clone();
    let (page, wrong, unknown) = tokio::task::spawn_blocking(move || {
        (
            get(&b, &format!("/p/{ann}"), &[]),
            get(&b, &format!("/p/{}", "0".repeat(32)), &[]),
            get(&b, &format!("/g/{}", "0".repeat(32)), &[]),
        )
    })
    .await
    .unwrap();
    assert_eq!(page.0, 200);
    assert_eq!(header(&page.1, "cache-control"), Some("no-store"));
    assert_eq!(
        (wrong.0, &wrong.2),
        (unknown.0, &unknown.2),
        "a wrong link tells nothing more"
    );
}

/// `meeplebot play` over the sled folder `dir`, serving on a free port: the process, what it
/// printed before the link, and the link.
fn play_process(dir: &std::path::Path, extra: &[&str]) -> (Kill, Vec<String>, String) {
    use std::io::BufRead;
    let mut child = Process::new(env!("CARGO_BIN_EXE_meeplebot"))
        .args(["play", "--listen", "127.0.0.1:0", "--storage"])
        .arg(dir)
        .args(["--computers", "1", "--level", "easy", "--name", "Ann"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("meeplebot play starts");
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    // Read on to its end: the turn lines it prints meanwhile never fill the pipe.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let child = Kill(child);
    let mut before = Vec::new();
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("meeplebot play prints a link");
        if line.starts_with("http://") {
            return (child, before, line);
        }
        before.push(line);
    }
}

/// Plays the page's seat by its attributes alone (the first legal cell, confirm, the first
/// choice, confirm) until the game is over or `most` moves were made; returns the moves made.
async fn play_by_attributes(c: &Client, most: usize) -> usize {
    let mut moves = 0;
    let mut seen = (String::new(), Instant::now());
    while moves < most {
        let state = c
            .execute(
                "return [document.body.dataset.turn || '', document.body.dataset.move || '', !!document.querySelector('[data-legal]'), !!document.querySelector('[data-choice]')];",
                vec![],
            )
            .await
            .unwrap();
        let (turn, version, legal, choice): (String, String, bool, bool) =
            serde_json::from_value(state).unwrap();
        if turn == "none" {
            break;
        }
        let now = format!("{turn} {version} {legal} {choice}");
        if now != seen.0 {
            seen = (now, Instant::now());
        }
        if seen.1.elapsed() > Duration::from_secs(60) {
            let said = c
                .execute("return document.body.innerText;", vec![])
                .await
                .unwrap();
            screenshot(c, "play-command-stuck.png").await;
            panic!("the page stays at {} after {moves} moves: {said}", seen.0);
        }
        if turn != "you" || !(legal || choice) {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        if legal {
            js_click(c, "[data-legal]").await;
            js_click(c, "[data-confirm]:not([hidden])").await;
            wait_true(
                c,
                "document.querySelector('[data-choice]') !== null",
                Duration::from_secs(10),
            )
            .await;
        }
        js_click(c, "[data-choice]").await;
        js_click(c, "[data-confirm]:not([hidden])").await;
        // Answered: the page reads the game's next version (or its end).
        let answered = format!(
            "document.body.dataset.turn === 'none' || (document.body.dataset.move !== '{version}' && document.body.dataset.turn !== 'sent')"
        );
        let until = Instant::now() + Duration::from_secs(20);
        while c
            .execute(&format!("return !!({answered});"), vec![])
            .await
            .unwrap()
            != Value::Bool(true)
        {
            if Instant::now() > until {
                let said = c
                    .execute(
                        "return document.body.dataset.turn + ' ' + document.body.innerText;",
                        vec![],
                    )
                    .await
                    .unwrap();
                screenshot(c, "play-command-unanswered.png").await;
                panic!("move {moves} at {version} is not answered: {said}");
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        moves += 1;
    }
    moves
}

/// `meeplebot play`: a newcomer plays a whole game against the computer in the browser, with
/// no Discord; a kill -9 in the middle loses no move, and the same command goes on with the
/// game; once it is over, the same command starts a new one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_plays_a_whole_game_against_the_computer_in_the_browser_without_discord() {
    if !browser_here("play_command") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (process, said, link) = play_process(dir.path(), &["--seed", "3"]);
    assert!(
        said[0].starts_with("a new game against 1 computer"),
        "{said:?}"
    );
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&link).await.unwrap();
    wait_true(&c, "document.body.dataset.move", Duration::from_secs(10)).await;
    let first = play_by_attributes(&c, 6).await;
    assert_eq!(first, 6);
    let shown = drawn_tiles(&c).await;
    // Killed without warning: every move the page was answered for is kept.
    drop(process);
    // The killed process's address (the next one listens on a port of its own).
    let killed = {
        let host = link.find("//").map_or(0, |i| i + 2);
        format!(
            "{}/",
            &link[..link[host..].find('/').map_or(link.len(), |i| host + i)]
        )
    };
    let (process, said, link) = play_process(dir.path(), &[]);
    assert!(said[0].starts_with("going on with the game"), "{said:?}");
    c.goto(&link).await.unwrap();
    wait_true(&c, "document.body.dataset.move", Duration::from_secs(10)).await;
    // The only errors so far: the old page's, cut off by the kill: its live stream, and any
    // picture it was still asking the killed process for.
    let errors = console_errors(&c).await;
    assert!(
        errors.iter().all(|e| e.starts_with(&killed)
            && ((e.contains("/events") && e.contains("ERR_INCOMPLETE_CHUNKED_ENCODING"))
                || e.contains("ERR_CONNECTION_REFUSED"))),
        "console errors (the killed process was {killed}): {errors:#?}"
    );
    let now = drawn_tiles(&c).await;
    assert!(
        now.len() >= shown.len() && now[..shown.len()] == shown[..],
        "moves were lost: {} tiles before the kill, {} after",
        shown.len(),
        now.len()
    );
    let rest = play_by_attributes(&c, usize::MAX).await;
    wait_true(
        &c,
        "document.body.dataset.turn === 'none'",
        Duration::from_secs(20),
    )
    .await;
    let errors = console_errors(&c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    screenshot(&c, "play-command-finished.png").await;
    let tiles = drawn_tiles(&c).await.len();
    c.close().await.unwrap();
    drop(process);
    // The finished game is kept, as any game: the person's moves and the computer's.
    let storage = meeplebot::store::open(&meeplebot::store::Location::parse(
        dir.path().to_str().unwrap(),
    ))
    .unwrap();
    let solo = meeplebot::service::solo::SOLO;
    let last = storage
        .summaries(solo)
        .unwrap()
        .pop()
        .expect("a finished game");
    let bytes = storage.archived(solo, last.seq).unwrap().unwrap();
    let record = meeplebot::service::stored::StoredGame::decode(&bytes)
        .unwrap()
        .record
        .unwrap();
    let end = replay(&record).unwrap();
    assert!(end.is_over());
    assert_eq!(end.tiles().len(), tiles, "the page shows every tile played");
    assert!(
        record.players.iter().any(|p| p == "Ann"),
        "{:?}",
        record.players
    );
    let placed_by_ann = first + rest;
    assert!(
        placed_by_ann >= (tiles - 1) / 2 - 1,
        "Ann made {placed_by_ann} moves of a game of {tiles} tiles"
    );
    drop(storage);
    // Once it is over, the same command starts a new game.
    let (_process, said, _) = play_process(dir.path(), &[]);
    assert!(said[0].starts_with("a new game"), "{said:?}");
}

/// A page over its link's limit says so plainly, sends nothing, and keeps the move in hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_over_its_links_limit_says_so_and_nothing_is_made() {
    if !browser_here("link_limit") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 11);
    let lang = meeplebot::i18n::Lang::En;
    let secrets = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let secret = secrets
        .iter()
        .find(|s| svc.web_turn(s, lang).unwrap().you)
        .expect("a seat to play");
    // Two requests a minute: the page's first reading of its turn and one more.
    let addr = serve_with(
        svc.clone(),
        meeplebot::web::WebLimits {
            link_requests_per_minute: 2,
            ..meeplebot::web::WebLimits::default()
        },
    )
    .await;
    let before = log_len(&svc);
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("http://{addr}/p/{secret}")).await.unwrap();
    wait_true(
        &c,
        "document.body.dataset.turn === 'you' && document.querySelector('[data-legal]') !== null",
        Duration::from_secs(10),
    )
    .await;
    let slow = meeplebot::i18n::text(lang, "web-play-slow", &[]);
    // Placement, figure, move: the limit is met on the way, and the page says so.
    js_click(&c, "[data-legal]").await;
    js_click(&c, "[data-confirm]:not([hidden])").await;
    let said = format!(
        "document.getElementById('playsay').textContent === {}",
        json!(slow)
    );
    let choices = "document.querySelector('[data-choice]') !== null";
    wait_true(&c, &format!("{said} || {choices}"), Duration::from_secs(10)).await;
    if c.execute(&format!("return {choices};"), vec![])
        .await
        .unwrap()
        == json!(true)
    {
        js_click(&c, "[data-choice]").await;
        js_click(&c, "[data-confirm]:not([hidden])").await;
        wait_true(&c, &said, Duration::from_secs(10)).await;
    }
    // Nothing was made, the page still waits for this seat, with its move in hand.
    assert_eq!(log_len(&svc), before);
    wait_true(
        &c,
        "document.body.dataset.turn === 'you' && document.querySelector('[data-confirm]:not([hidden])') !== null",
        Duration::from_secs(5),
    )
    .await;
    screenshot(&c, "link-limit.png").await;
    c.close().await.unwrap();
}

/// Installs on page `c` a stand-in for `fetch` the test steers: while `window.__hold` is true
/// the page's reads of its turn wait; each move's status is kept in `window.__moves`; the next
/// `window.__lose` moves reach the board but their answers are lost on the way back.
async fn steer_fetch(c: &Client, hold: bool, lose: u32) {
    c.execute(
        "window.__orig = window.__orig || window.fetch;
         window.__hold = arguments[0];
         window.__lose = arguments[1];
         window.__moves = [];
         window.fetch = async (u, o) => {
           const s = String(u);
           while (window.__hold && s.startsWith('/play/turn')) {
             await new Promise((r) => setTimeout(r, 20));
           }
           const r = await window.__orig(u, o);
           if (s.startsWith('/play/move')) {
             window.__moves.push(r.status);
             if (window.__lose > 0) {
               window.__lose -= 1;
               throw new TypeError('the answer was lost');
             }
           }
           return r;
         };",
        vec![json!(hold), json!(lose)],
    )
    .await
    .unwrap();
}

/// On page `c`: the first marked cell, confirmed, and the first of its choices taken (not yet
/// confirmed).
async fn move_in_hand(c: &Client) {
    wait_true(
        c,
        "document.body.dataset.turn === 'you' && document.querySelector('[data-legal]') !== null",
        Duration::from_secs(10),
    )
    .await;
    js_click(c, "[data-legal]").await;
    js_click(c, "[data-confirm]:not([hidden])").await;
    wait_true(
        c,
        "document.querySelector('[data-choice]') !== null",
        Duration::from_secs(10),
    )
    .await;
    js_click(c, "[data-choice]").await;
}

/// What page `c` says about its move.
async fn play_say(c: &Client) -> String {
    let v = c
        .execute(
            "return document.getElementById('playsay').textContent;",
            vec![],
        )
        .await
        .unwrap();
    v.as_str().unwrap_or_default().to_string()
}

/// Waits until the game's stored log is longer than `n` entries and stays so a moment: its
/// length then.
async fn log_grows(storage: &dyn Storage, n: usize, what: &str) -> usize {
    let until = Instant::now() + Duration::from_secs(10);
    while stored_record(storage).unwrap().log.len() <= n {
        assert!(Instant::now() < until, "{what}: the log did not grow");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    stored_record(storage).unwrap().log.len()
}

/// Checks, a moment later, that the game's stored log still has `n` entries.
async fn log_stays(storage: &dyn Storage, n: usize, what: &str) {
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(stored_record(storage).unwrap().log.len(), n, "{what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_of_one_seat_race_a_lost_answer_is_made_once_and_a_handed_over_page_stops() {
    if !browser_here("race_on_pages") {
        return;
    }
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let (svc, _) = people_game(storage.clone(), &["base"], 5);
    let public = only_link(&svc);
    let lang = meeplebot::i18n::Lang::En;
    let people = [(1, "Ann"), (2, "Bob")];
    let links: Vec<String> = people
        .iter()
        .map(|&(id, name)| secret_in(&as_member(&svc, id, name, Command::WebPlay, false)))
        .collect();
    let mover = if svc.web_turn(&links[0], lang).unwrap().you {
        0
    } else {
        1
    };
    let other = 1 - mover;
    // The mover opens the game on two devices, each with its own link.
    let (id, name) = people[mover];
    let second = secret_in(&as_member(&svc, id, name, Command::WebPlay, false));
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let [m1, m2, o, watcher] = [
        browser(port, false).await,
        browser(port, false).await,
        browser(port, false).await,
        browser(port, false).await,
    ];
    for (c, s) in [(&m1, &links[mover]), (&m2, &second), (&o, &links[other])] {
        c.goto(&format!("{base}/p/{s}")).await.unwrap();
        wait_true(c, "document.body.dataset.move", Duration::from_secs(10)).await;
    }
    watcher.goto(&format!("{base}/g/{public}")).await.unwrap();
    wait_true(
        &watcher,
        "document.body.dataset.rev",
        Duration::from_secs(10),
    )
    .await;
    let start = stored_record(&*storage).unwrap().log.len();
    let outbox = svc.take_outbox();
    assert!(outbox.is_empty(), "{outbox:?}");

    // Both pages of the seat hold a move; the first sends it; the second's comes too late.
    // (The second page's own reading of the new turn is held back, so that its move in hand
    // is still there to send, as when both confirm at once.)
    steer_fetch(&m2, true, 0).await;
    move_in_hand(&m2).await;
    let rev = m2
        .execute("return document.body.dataset.rev;", vec![])
        .await
        .unwrap();
    move_in_hand(&m1).await;
    js_click(&m1, "[data-confirm]:not([hidden])").await;
    let first = log_grows(&*storage, start, "the first page's move").await;
    let after_first = stored_record(&*storage).unwrap();
    wait_true(
        &m2,
        &format!("document.body.dataset.rev !== {rev}"),
        Duration::from_secs(10),
    )
    .await;
    js_click(&m2, "[data-confirm]:not([hidden])").await;
    wait_true(&m2, "window.__moves.length === 1", Duration::from_secs(10)).await;
    let status = m2
        .execute("return window.__moves[0];", vec![])
        .await
        .unwrap();
    assert_eq!(status, json!(409), "the late move is refused as a conflict");
    m2.execute("window.__hold = false;", vec![]).await.unwrap();
    wait_true(
        &m2,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        play_say(&m2).await,
        "The game changed meanwhile; here it is as it stands now."
    );
    assert_eq!(
        m2.execute(
            "return document.querySelectorAll('[data-legal]').length;",
            vec![]
        )
        .await
        .unwrap(),
        json!(0),
        "the refused page shows the game as it is: no cells to place in"
    );
    screenshot(&m2, "play-race-refused.png").await;
    log_stays(&*storage, first, "the late move changed nothing").await;
    assert_eq!(
        stored_record(&*storage).unwrap(),
        after_first,
        "the late move changed nothing"
    );

    // The other seat's move reaches the board but its answer is lost: the page says so, keeps
    // the move in hand, and sending it again is answered without making it twice.
    steer_fetch(&o, true, 1).await;
    move_in_hand(&o).await;
    js_click(&o, "[data-confirm]:not([hidden])").await;
    wait_true(&o, "window.__moves.length === 1", Duration::from_secs(10)).await;
    wait_true(
        &o,
        "document.getElementById('playsay').textContent.startsWith('The connection was lost')",
        Duration::from_secs(10),
    )
    .await;
    let second = log_grows(&*storage, first, "the move whose answer was lost").await;
    js_click(&o, "[data-confirm]:not([hidden])").await;
    wait_true(&o, "window.__moves.length === 2", Duration::from_secs(10)).await;
    assert_eq!(
        o.execute("return window.__moves;", vec![]).await.unwrap(),
        json!([200, 200])
    );
    o.execute("window.__hold = false;", vec![]).await.unwrap();
    wait_true(
        &o,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;
    log_stays(&*storage, second, "a move sent again is made once").await;
    // Each move made is told in the channel once.
    let mut told = svc.take_outbox();
    let until = Instant::now() + Duration::from_secs(5);
    while told.len() < 2 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(30)).await;
        told.extend(svc.take_outbox());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    told.extend(svc.take_outbox());
    assert_eq!(told.len(), 2, "{told:?}");

    // The mover's seat is handed to Dee: both of the old pages stop moving it.
    wait_true(
        &m1,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    let r = as_member(
        &svc,
        9,
        "Mod",
        Command::HandSeat {
            from: id,
            to: 4,
            to_name: "Dee".into(),
        },
        true,
    );
    assert!(!r.ephemeral, "{}", r.text);
    let before = stored_record(&*storage).unwrap();
    for c in [&m1, &m2] {
        // A page that still shows the turn finds out on its next step, and moves nothing.
        let shown = c
            .execute(
                "return document.body.dataset.turn === 'you' && document.querySelector('[data-legal]') !== null;",
                vec![],
            )
            .await
            .unwrap();
        if shown == json!(true) {
            // (The page may find out meanwhile: then there is nothing left to click.)
            c.execute(
                "const l = document.querySelector('[data-legal]'); if (l) l.click();
                 const k = document.querySelector('[data-confirm]:not([hidden])'); if (k) k.click();",
                vec![],
            )
            .await
            .unwrap();
        }
        wait_true(
            c,
            "document.body.dataset.turn === 'none' && document.getElementById('play').hidden",
            Duration::from_secs(10),
        )
        .await;
        let controls = c
            .execute(
                "return document.querySelectorAll('[data-legal], [data-choice], [data-confirm]:not([hidden])').length;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(controls, json!(0), "a stopped page has no move controls");
    }
    screenshot(&m1, "play-handed-over.png").await;
    assert_eq!(stored_record(&*storage).unwrap(), before, "nothing moved");
    assert_eq!(
        svc.web_turn(&links[mover], lang).map(|_| ()),
        Err(WebPlayError::NotFound)
    );
    // A spectator's page has no move controls at all.
    let spectator = watcher
        .execute(
            "return [document.body.dataset.play, document.getElementById('play').hidden, document.querySelectorAll('[data-legal], [data-choice], [data-confirm]:not([hidden]), [data-rotate]:not([hidden]), [data-undo]:not([hidden])').length];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(spectator, json!([null, true, 0]));
    for (i, c) in [m1, m2, o, watcher].into_iter().enumerate() {
        let mut errors = console_errors(&c).await;
        if i < 2 {
            // The late move was refused (a 409) and the handed-over pages were told their link
            // leads nowhere now (a 404), as meant.
            errors.retain(|e| {
                !(e.contains("/play/")
                    && (e.contains("status of 404") || e.contains("status of 409")))
            });
        }
        assert!(errors.is_empty(), "console errors: {errors:#?}");
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_play_page_of_every_set_loads_in_under_300_kb_before_tile_art() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let every: Vec<&str> = std::iter::once("base")
        .chain(
            meeplebot::engine::TileSet::EXPANSIONS
                .iter()
                .map(|s| s.name()),
        )
        .collect();
    let (svc, _) = people_game(storage.clone(), &every, 3);
    let token = only_link(&svc);
    let links = [
        secret_in(&as_member(&svc, 1, "Ann", Command::WebPlay, false)),
        secret_in(&as_member(&svc, 2, "Bob", Command::WebPlay, false)),
    ];
    let lang = meeplebot::i18n::Lang::En;
    // Most of a game, made on the pages' move path: the first cell, rotation and choice.
    let mut moves = 0;
    while moves < 150 {
        let Some(i) = (0..2).find(|&i| svc.web_turn(&links[i], lang).is_ok_and(|t| t.you)) else {
            break;
        };
        let t = svc.web_turn(&links[i], lang).unwrap();
        // A cell where the tile fits only with a bridge is placed so.
        let (place, way) = match t.cells.first() {
            Some(c) if !c.r.is_empty() => (Some((c.x as i64, c.y as i64, c.r[0] as i64)), None),
            Some(c) => (
                Some((c.x as i64, c.y as i64, c.w[0].r as i64)),
                Some(c.w[0].id),
            ),
            None => (None, None),
        };
        let m = WebMove {
            version: t.version.clone(),
            id: 5_000 + moves,
            place,
            way,
            choice: 0,
        };
        assert_eq!(
            svc.web_move(&links[i], &m, lang, unix_now()),
            Ok(WebMoved::Made),
            "move {moves}"
        );
        moves += 1;
    }
    let record = stored_record(&*storage).expect("the game goes on");
    let turns = replay(&record).unwrap().turn_count();
    let base = serve(svc).await;
    let secret = links[0].clone();
    let sizes = tokio::task::spawn_blocking(move || {
        let page = get(&base, &format!("/p/{secret}"), &[]);
        assert_eq!(header(&page.1, "cache-control"), Some("no-store"));
        let html = String::from_utf8(page.2.clone()).unwrap();
        let mut files = vec![("/p/…".to_string(), page.0, page.2.len())];
        for needle in ["href=\"/assets/", "src=\"/assets/"] {
            let at = html.find(needle).unwrap() + needle.len() - "/assets/".len();
            let path = html[at..].split('"').next().unwrap().to_string();
            let got = get(&base, &path, &[]);
            files.push((path, got.0, got.2.len()));
        }
        let data = format!("/g/{token}/game.json");
        let got = get(&base, &data, &[]);
        files.push((data, got.0, got.2.len()));
        let turn = post(
            &base,
            "/play/turn",
            &[
                ("Content-Type", "application/json"),
                ("X-Seat-Key", secret.as_str()),
            ],
            "{}",
        );
        files.push(("/play/turn".into(), turn.0, turn.1.len()));
        files
    })
    .await
    .unwrap();
    let total: usize = sizes.iter().map(|(_, _, n)| n).sum();
    eprintln!(
        "a play page of every set, {turns} turns, {moves} moves: {sizes:?}, {total} bytes in all"
    );
    for (path, status, _) in &sizes {
        assert_eq!(*status, 200, "{path}");
    }
    assert!(turns > 50, "{turns} turns");
    assert!(total <= 300_000, "{total} bytes: {sizes:?}");
}

/// The answer to a GET of `path` on `base`, with its headers (for the security headers).
fn head_of(base: &str, path: &str) -> (u16, Vec<(String, String)>) {
    let (status, headers, _) = get(base, path, &[]);
    (status, headers)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_learns_the_user_from_discord_and_moves_for_their_seat_only() {
    const CHANNEL: u64 = 555_000_000_000_000_081;
    const CLIENT: &str = "424242424242424242";
    let fake = Fake::start().await;
    fake.set_oauth_client(CLIENT, "the-client-secret");
    let dir = tempfile::tempdir().unwrap();
    let web_port = free_port();
    let base = format!("http://127.0.0.1:{web_port}");
    let _bot = bot_process(
        &fake,
        dir.path(),
        web_port,
        &[
            ("MEEPLEBOT_ACTIVITY_CLIENT_ID", CLIENT),
            ("MEEPLEBOT_ACTIVITY_CLIENT_SECRET", "the-client-secret"),
        ],
    );
    fake.wait_ready(1).await;
    let users = [
        User {
            id: 631,
            name: "Ida".into(),
            manage: false,
        },
        User {
            id: 632,
            name: "Jon".into(),
            manage: false,
        },
    ];
    let ask = |who: usize, sub: &str| fake.slash(&users[who], CHANNEL, sub, vec![]);
    assert!(!fake.answer(ask(0, "new")).await.ephemeral());
    assert!(!fake.answer(ask(1, "join")).await.ephemeral());
    let started = fake.answer(ask(0, "start")).await;
    assert!(!started.ephemeral(), "{}", started.content());
    // The turn message launches the Activity: Discord is told to (LAUNCH_ACTIVITY, 12).
    let launch = started
        .custom_ids()
        .into_iter()
        .find(|(_, label)| label == "Activity")
        .unwrap_or_else(|| panic!("no Activity button: {:?}", started.custom_ids()))
        .0;
    let launched = fake.answer(fake.click(&users[0], CHANNEL, &launch)).await;
    assert_eq!(launched.kind, 12, "{:?}", launched.data);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());

    // Only the Activity's pages may be framed, and only by Discord.
    let b = base.clone();
    let (entry, public) = tokio::task::spawn_blocking(move || {
        let token = {
            let (_, _, body) = get(&b, "/activity", &[]);
            String::from_utf8(body).unwrap()
        };
        assert!(token.contains("discord-sdk.js"), "{token}");
        (
            head_of(&b, "/activity"),
            head_of(&b, "/g/0123456789abcdef0123456789abcdef"),
        )
    })
    .await
    .unwrap();
    assert_eq!(entry.0, 200);
    let csp = header(&entry.1, "content-security-policy").unwrap();
    assert!(
        csp.contains(
            "frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com"
        ),
        "{csp}"
    );
    assert!(csp.contains("script-src 'self';"), "{csp}");
    assert_eq!(header(&entry.1, "x-frame-options"), None);
    assert!(header(&public.1, "content-security-policy")
        .unwrap()
        .contains("frame-ancestors 'none'"));
    assert_eq!(header(&public.1, "x-frame-options"), Some("DENY"));

    // The session: a code Discord never made, another site, a channel without a game.
    let session = |origin: &'static str, body: String| {
        let b = base.clone();
        tokio::task::spawn_blocking(move || {
            post(
                &b,
                "/activity/session",
                &[("Content-Type", "application/json"), ("Origin", origin)],
                &body,
            )
        })
    };
    let ask_for = |code: &str, channel: u64| {
        json!({"code": code, "guild": support::fake_discord::GUILD.to_string(), "channel": channel.to_string()})
            .to_string()
    };
    let (status, _) = session(
        "https://424242424242424242.discordsays.com",
        ask_for("made-up", CHANNEL),
    )
    .await
    .unwrap();
    assert_eq!(status, 403, "a code Discord never made");
    let code = fake.oauth_code(users[0].id);
    let (status, _) = session("https://evil.example", ask_for(&code, CHANNEL))
        .await
        .unwrap();
    assert_eq!(status, 403, "another site");
    let (status, _) = session(
        "https://424242424242424242.discordsays.com",
        ask_for(&code, CHANNEL + 1),
    )
    .await
    .unwrap();
    assert_eq!(status, 404, "no game in that channel");
    let exchanged = fake.exchanges();
    assert_eq!(
        exchanged, 2,
        "another site's request is refused before Discord is asked"
    );

    if !browser_here("activity") {
        return;
    }
    let (_driver, port) = driver();
    let mover = started.pinged()[0];
    let who = users.iter().position(|u| u.id == mover).unwrap();
    let other = 1 - who;
    let open = |c: Client, user: u64| {
        let url = format!(
            "{base}/activity?guild_id={}&channel_id={CHANNEL}&mock_code={}",
            support::fake_discord::GUILD,
            fake.oauth_code(user)
        );
        async move {
            c.goto(&url).await.unwrap();
            let until = Instant::now() + Duration::from_secs(15);
            loop {
                let open = c
                    .execute(
                        "return location.pathname.startsWith('/activity/g/') && document.body.dataset.rev !== undefined && (document.body.dataset.move !== undefined || sessionStorage.getItem('meeplebot-seat') === null);",
                        vec![],
                    )
                    .await
                    .unwrap_or(Value::Bool(false));
                if open == Value::Bool(true) {
                    break;
                }
                if Instant::now() > until {
                    let said = c
                        .execute(
                            "return location.href + ': ' + document.body.innerText;",
                            vec![],
                        )
                        .await
                        .unwrap();
                    panic!(
                        "the Activity did not open the game: {said} {:?}",
                        console_errors(&c).await
                    );
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            c
        }
    };
    let a = open(browser(port, true).await, users[who].id).await;
    let b = open(browser(port, false).await, users[other].id).await;
    // The secret is in no address and not in the page.
    for c in [&a, &b] {
        let url = c.current_url().await.unwrap().to_string();
        let html = c.source().await.unwrap();
        let secret = c
            .execute("return sessionStorage.getItem('meeplebot-seat');", vec![])
            .await
            .unwrap();
        let secret = secret
            .as_str()
            .expect("a seat's secret in the tab")
            .to_string();
        assert!(!url.contains(&secret) && !html.contains(&secret));
    }
    wait_true(
        &a,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    wait_true(
        &b,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;
    screenshot(&a, "activity-your-turn.png").await;

    // The mover plays on the Activity's page: the channel gets the turn message.
    let before = fake.messages_in(CHANNEL).len();
    move_in_hand(&a).await;
    js_click(&a, "[data-confirm]:not([hidden])").await;
    let until = Instant::now() + Duration::from_secs(10);
    while fake.messages_in(CHANNEL).len() == before {
        assert!(
            Instant::now() < until,
            "the move made in the Activity was not told"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let told = fake.messages_in(CHANNEL).last().unwrap().clone();
    let pinged: Vec<String> = told["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            v.as_str()
                .map(String::from)
                .unwrap_or_else(|| v.to_string())
        })
        .collect();
    assert_eq!(pinged, vec![users[other].id.to_string()], "{told}");
    // The other plays in Discord; the Activity's page of the first follows.
    wait_true(
        &b,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    let moved = discord_turn(&fake, CHANNEL, &users[other]).await;
    assert!(!moved.ephemeral(), "{}", moved.content());
    wait_true(
        &a,
        "document.body.dataset.turn === 'you'",
        Duration::from_secs(10),
    )
    .await;
    wait_true(
        &b,
        "document.body.dataset.turn === 'wait'",
        Duration::from_secs(10),
    )
    .await;

    // Someone without a seat gets the game to watch, with nothing to move.
    let watcher = open(browser(port, false).await, 777).await;
    let seat = watcher
        .execute("return sessionStorage.getItem('meeplebot-seat');", vec![])
        .await
        .unwrap();
    assert_eq!(seat, Value::Null);
    let controls = watcher
        .execute(
            "return [document.getElementById('play').hidden, document.querySelectorAll('[data-legal], [data-choice], [data-confirm]:not([hidden])').length];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(controls, json!([true, 0]));
    // A code used once does not seat anyone again.
    let used = fake.oauth_code(users[who].id);
    let c = browser(port, false).await;
    let url = format!(
        "{base}/activity?guild_id={}&channel_id={CHANNEL}&mock_code={used}",
        support::fake_discord::GUILD
    );
    c.goto(&url).await.unwrap();
    wait_true(
        &c,
        "location.pathname.startsWith('/activity/g/')",
        Duration::from_secs(15),
    )
    .await;
    c.goto(&url).await.unwrap();
    wait_true(
        &c,
        "document.getElementById('activitysay') !== null && document.getElementById('activitysay').textContent.startsWith('Discord did not say who you are')",
        Duration::from_secs(15),
    )
    .await;
    screenshot(&c, "activity-refused.png").await;
    for (i, c) in [a, b, watcher, c].into_iter().enumerate() {
        let mut errors = console_errors(&c).await;
        if i == 3 {
            // The used code's session was refused (a 403, as meant).
            errors.retain(|e| !(e.contains("/activity/session") && e.contains("status of 403")));
        }
        assert!(errors.is_empty(), "console errors: {errors:#?}");
        c.close().await.unwrap();
    }
}

/// A finished two-player game of the host (who places each tile at its first legal place, no
/// figure) against an easy computer in [`CH`], reviewed as the reviewer does it.
fn reviewed_game(storage: Arc<dyn Storage>) -> Arc<Service> {
    let svc = web_service(
        storage,
        Settings {
            review_iterations: 40,
            ..Settings::default()
        },
    );
    let opened = host_command_in(
        &svc,
        CH,
        Command::New(NewGame {
            computers: 1,
            level: Some(meeplebot::ai::Level::Easy),
            ..NewGame::default()
        }),
    );
    assert!(!opened.ephemeral, "{}", opened.text);
    assert!(!host_command_in(&svc, CH, Command::Start).ephemeral);
    for _ in 0..400 {
        while let Some(key) = svc.wait_for_computer(Duration::ZERO) {
            svc.play_computer(key, 0);
        }
        let choices = svc.placement_choices(CH, 1, 25);
        let Some(c) = choices.first() else { break };
        let r = host_command_in(
            &svc,
            CH,
            Command::Place {
                x: c.x,
                y: c.y,
                rotation: c.rotation,
                follower: meeplebot::service::FollowerChoice::Act(meeplebot::engine::Action::Pass),
            },
        );
        assert!(!r.ephemeral, "{}", r.text);
    }
    assert!(svc.due_held(u64::MAX / 4).is_empty());
    assert!(
        svc.review_next(Duration::ZERO).is_some(),
        "the review is posted"
    );
    Arc::new(svc)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_page_marks_its_turning_points_and_draws_the_computers_move() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = reviewed_game(storage);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (status, headers, body) = get(&base, &format!("/g/{token}/review.json?lang=en"), &[]);
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let review: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(review["made"], true);
    let points = review["points"].as_array().unwrap().clone();
    assert!(
        !points.is_empty(),
        "a player who never places a figure gives points away: {review}"
    );
    let record = record_of_finished(&svc);
    let total = replay(&record).unwrap().turn_count();
    for p in &points {
        let turn = p["turn"].as_u64().unwrap() as usize;
        assert!((1..=total).contains(&turn), "{p}");
        assert_eq!(p["seat"], 0, "only the person is reviewed: {p}");
        assert!(p["gain"].as_u64().unwrap() >= 3);
        assert!(p["line"].as_str().unwrap().contains("**Host**"), "{p}");
        assert!(p["tile"].is_array(), "{p}");
    }
    // A wrong token tells nothing.
    let (status, _, _) = get(
        &base,
        "/g/00000000000000000000000000000000/review.json",
        &[],
    );
    assert_eq!(status, 404);

    if !browser_here("a_finished_games_page_marks_its_turning_points") {
        return;
    }
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(&c, "document.body.dataset.review", Duration::from_secs(10)).await;
    let ticks: Vec<u64> = serde_json::from_value(
        c.execute(
            "return [...document.querySelectorAll('#turning option')].map(o => Number(o.value));",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    let turns: Vec<u64> = points.iter().map(|p| p["turn"].as_u64().unwrap()).collect();
    assert_eq!(ticks, turns, "the slider marks each turning point");
    c.find(Locator::Css("#review button[data-point='0']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let first = &points[0];
    let frame = c
        .execute("return document.body.dataset.frame;", vec![])
        .await
        .unwrap();
    assert_eq!(
        frame,
        json!((first["turn"].as_u64().unwrap() - 1).to_string()),
        "the position before the move"
    );
    let tile = first["tile"].as_array().unwrap();
    let at = format!("{},{}", tile[1], tile[2]);
    let suggested = c
        .execute(
            "return [document.body.dataset.suggested, document.querySelectorAll('img.ghost').length];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(suggested, json!([at, 1]));
    screenshot(&c, "review.png").await;
    // Stepping on takes the computer's move off the board.
    c.find(Locator::Css("#next"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let ghosts = c
        .execute(
            "return document.querySelectorAll('img.ghost').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(ghosts, json!(0));
    assert!(console_errors(&c).await.is_empty());
    c.close().await.unwrap();
}

/// The record of the channel's last finished game.
fn record_of_finished(svc: &Service) -> Record {
    let history = host_command_in(svc, CH, Command::History);
    assert!(!history.ephemeral, "{}", history.text);
    let r = host_command_in(svc, CH, Command::Export);
    let file = r
        .files
        .iter()
        .find(|f| f.name.ends_with(".json"))
        .unwrap_or_else(|| panic!("no record: {}", r.text));
    Record::from_json(std::str::from_utf8(&file.bytes).unwrap()).unwrap()
}

/// A tournament of two computer seats in a channel of its own, its first table's game opened
/// in a thread (as the Discord layer does) and a few turns played; the thread's key.
fn tournament_table(svc: &Service) -> Key {
    let hall = Key::new(CH.guild, 7_000);
    let ask = |key: Key, command: Command| {
        svc.handle(Request {
            key,
            actor: Actor {
                id: 42,
                name: "Mod".into(),
                manager: false,
                rights: Rights {
                    manage_messages: true,
                    ..Rights::default()
                },
            },
            command,
            now: 1_800_000_000,
            game: None,
            interaction: None,
            locale: Locale::default(),
        })
    };
    let spec = meeplebot::service::api::TournamentSpec {
        name: "Autumn Open".into(),
        format: meeplebot::service::tournament::Format::Swiss { rounds: 2 },
        table_size: 2,
        game: NewGame {
            level: Some(meeplebot::ai::Level::Easy),
            spectate: true,
            ..NewGame::default()
        },
        signup_hours: None,
        game_hours: 0,
        computers: 2,
    };
    let t = |c| Command::Tournament(Box::new(c));
    use meeplebot::service::api::TournamentCommand as T;
    assert!(!ask(hall, t(T::Create(Box::new(spec)))).ephemeral);
    assert!(!ask(hall, t(T::Start)).ephemeral);
    let tables: Vec<_> = svc
        .take_outbox()
        .into_iter()
        .flat_map(|n| n.reply.tables().to_vec())
        .collect();
    assert_eq!(tables.len(), 1);
    let thread = Key::new(CH.guild, 7_001);
    let opened = ask(
        thread,
        Command::OpenTable {
            id: tables[0].id,
            round: tables[0].round,
            table: tables[0].table,
        },
    );
    assert!(!opened.ephemeral, "{}", opened.text);
    for _ in 0..4 {
        computer_turn(svc);
    }
    thread
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_tables_page_shows_the_tournament_and_its_standings() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = Arc::new(web_service(storage, Settings::default()));
    let thread = tournament_table(&svc);
    let token = only_link(&svc);
    let base = serve(svc.clone()).await;
    let (status, headers, body) = get(&base, &format!("/g/{token}/tournament.json?lang=en"), &[]);
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let t: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(t["name"], "Autumn Open");
    assert_eq!(t["round"], 1);
    assert_eq!(t["rounds"], 2);
    assert!(t["about"].as_str().unwrap().contains("Swiss"), "{t}");
    assert_eq!(t["standings"].as_array().unwrap().len(), 2);
    assert_eq!(
        t["tables"],
        json!([{
            "names": ["Computer 1", "Computer 2"],
            "scores": [],
            "forfeit": [false, false],
            "decided": false,
            "here": true,
            "thread": format!("https://discord.com/channels/{}/7001", CH.guild),
        }])
    );
    assert_eq!(t["earlier"], json!([]));
    assert_eq!(t["winner"], Value::Null);
    // The game's data says it is a tournament's table; a wrong token tells nothing.
    let (_, _, view) = get(&base, &format!("/g/{token}/game.json?lang=en"), &[]);
    let view: Value = serde_json::from_slice(&view).unwrap();
    assert_eq!(view["tournament"], true);
    let (status, _, _) = get(
        &base,
        "/g/00000000000000000000000000000000/tournament.json",
        &[],
    );
    assert_eq!(status, 404);
    let _ = thread;

    if !browser_here("a_tournament_tables_page_shows_the_tournament") {
        return;
    }
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(
        &c,
        "document.body.dataset.tournament",
        Duration::from_secs(10),
    )
    .await;
    let shown = c
        .execute(
            "return [document.querySelector('#tournament h2').textContent, \
             document.querySelectorAll('#tournament .standings li').length, \
             document.querySelector('#tournament .tables .here').textContent, \
             document.querySelector('#tournament .tables .here a').href];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        shown,
        json!([
            "Tournament: Autumn Open",
            2,
            "Computer 1 · Computer 2",
            format!("https://discord.com/channels/{}/7001", CH.guild)
        ])
    );
    screenshot(&c, "tournament.png").await;
    assert!(console_errors(&c).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_tables_page_lists_the_earlier_rounds_with_their_scores() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = Arc::new(web_service(storage.clone(), Settings::default()));
    tournament_table(&svc);
    let token = only_link(&svc);
    play_to_end(&svc);
    // The tournament's job notices the ended table and pairs round 2, opened in a new thread.
    let mut tables = Vec::new();
    for n in svc.due_held(1_900_000_000) {
        tables.extend(n.reply.tables().to_vec());
    }
    for n in svc.take_outbox() {
        tables.extend(n.reply.tables().to_vec());
    }
    // (Asked for in the round's announcement, and again by the job while it has no thread.)
    tables.dedup_by_key(|t| (t.id, t.round, t.table));
    assert_eq!(tables.len(), 1, "round 2 has one table to open");
    assert_eq!(tables[0].round, 2);
    let g = svc.web().page_game(&token).unwrap();
    let t: Value =
        serde_json::from_slice(&svc.web().tournament(&g, meeplebot::i18n::Lang::En).unwrap())
            .unwrap();
    assert_eq!(t["round"], 2, "{t}");
    let earlier = t["earlier"].as_array().unwrap();
    assert_eq!(earlier.len(), 1, "{t}");
    let first = &earlier[0]["tables"][0];
    assert_eq!(first["decided"], true);
    assert_eq!(first["here"], true, "this page's game was round 1's table");
    let scores = first["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 2);
    // The scores are the game's final ones, as its summary keeps them.
    let entry = storage
        .summaries(Key::new(CH.guild, 7_001))
        .unwrap()
        .pop()
        .expect("the table's game is in its thread's history");
    let summary: meeplebot::service::stored::Summary =
        serde_json::from_slice(&entry.bytes).unwrap();
    assert_eq!(
        scores
            .iter()
            .map(|s| s.as_u64().unwrap() as u32)
            .collect::<Vec<_>>(),
        summary.scores
    );
    // The finished game's page says its final scores (the end-of-game scoring included), as
    // the summary keeps them, in its status and its last frame.
    let view: Value =
        serde_json::from_slice(&svc.web().view(&g, meeplebot::i18n::Lang::En).unwrap()).unwrap();
    assert_eq!(
        view["status"],
        format!(
            "Final scores: Computer 1 {}, Computer 2 {}",
            summary.scores[0], summary.scores[1]
        )
    );
    let frames = view["frames"].as_array().unwrap();
    assert_eq!(frames.last().unwrap()["scores"], json!(summary.scores));
    // Round 2's table waits for its thread: no link yet, not decided.
    assert_eq!(t["tables"][0]["thread"], Value::Null);
    assert_eq!(t["tables"][0]["decided"], false);

    if !browser_here("a_tournament_tables_page_lists_the_earlier_rounds") {
        return;
    }
    let base = serve(svc.clone()).await;
    let (_driver, port) = driver();
    let c = browser(port, false).await;
    c.goto(&format!("{base}/g/{token}")).await.unwrap();
    wait_true(
        &c,
        "document.body.dataset.tournament",
        Duration::from_secs(10),
    )
    .await;
    let shown = c
        .execute(
            "const d = document.querySelector('#tournament details.earlier'); d.open = true; \
             return [document.querySelectorAll('#tournament details.earlier').length, \
             d.querySelector('summary').textContent, \
             d.querySelector('li.here a').textContent];",
            vec![],
        )
        .await
        .unwrap();
    let want = format!(
        "Computer 1 {} · Computer 2 {} ✓",
        summary.scores[0], summary.scores[1]
    );
    assert_eq!(shown, json!([1, "Round 1", want]));
    screenshot(&c, "tournament-rounds.png").await;
    assert!(console_errors(&c).await.is_empty());
}

#[test]
fn a_game_of_no_tournament_has_an_empty_tournament() {
    let storage: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    let svc = game(storage, &[], 2);
    let token = only_link(&svc);
    let g = svc.web().page_game(&token).unwrap();
    assert_eq!(
        svc.web().tournament(&g, meeplebot::i18n::Lang::En).unwrap(),
        b"{}".to_vec()
    );
}
