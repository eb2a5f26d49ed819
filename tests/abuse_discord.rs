//! A hostile member through the fake Discord, against the real `meeplebot run` binary: threads
//! opened only for members who may open them (and only after everything `new` checks), the
//! server's thread setting followed, the limit on open lobbies, and a channel the bot lost
//! access to keeping its game. Each refusal is private, and nothing public is posted for it.

mod support {
    pub mod fake_discord;
}

use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use support::fake_discord::{Answer, Fake, User};

const CHANNEL: u64 = 556_000_000_000_000_001;

/// Permission bits (Discord's numbering).
const VIEW_CHANNEL: u64 = 1 << 10;
const SEND_MESSAGES: u64 = 1 << 11;
const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

struct Bot {
    child: Child,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_bot(fake: &Fake, data: &std::path::Path) -> Bot {
    let child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .arg("run")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("MEEPLEBOT_DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bot starts");
    Bot { child }
}

fn string(name: &str, v: &str) -> Value {
    json!({"name": name, "type": 3, "value": v})
}

fn boolean(name: &str, v: bool) -> Value {
    json!({"name": name, "type": 5, "value": v})
}

fn int(name: &str, v: i64) -> Value {
    json!({"name": name, "type": 4, "value": v})
}

async fn slash(fake: &Fake, who: &User, sub: &str, options: Vec<Value>) -> Answer {
    let id = fake.slash(who, CHANNEL, sub, options);
    fake.answer(id).await
}

fn user(id: u64, name: &str) -> User {
    User {
        id,
        name: name.into(),
        manage: false,
    }
}

/// A refusal: private, and nobody pinged.
fn refused(a: &Answer, needle: &str) {
    assert!(a.ephemeral(), "public: {}", a.content());
    assert!(a.pinged().is_empty());
    assert!(
        a.content().contains(needle),
        "{needle:?} not in {}",
        a.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_are_opened_only_for_members_who_may_and_only_for_lobbies_that_open() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("data"));
    fake.wait_ready(1).await;
    let troll = user(701, "Troll");
    let host = user(702, "Host");
    fake.set_permissions(troll.id, VIEW_CHANNEL | SEND_MESSAGES);
    fake.set_permissions(
        host.id,
        VIEW_CHANNEL | SEND_MESSAGES | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS,
    );
    let posted = fake.channel_messages().len();

    // Without the permission to open threads, no thread is made for them.
    let a = slash(&fake, &troll, "new", vec![boolean("thread", true)]).await;
    refused(&a, "create public threads");
    assert!(fake.threads().is_empty(), "no thread was made");

    // A lobby that would be refused is refused before a thread is made for it.
    let a = slash(
        &fake,
        &host,
        "new",
        vec![boolean("thread", true), string("expansions", "moon")],
    )
    .await;
    refused(&a, "moon");
    let a = slash(
        &fake,
        &host,
        "new",
        vec![boolean("thread", true), int("reminder_hours", 9999)],
    )
    .await;
    assert!(a.ephemeral(), "{}", a.content());
    assert!(fake.threads().is_empty(), "no thread was made");
    assert_eq!(
        fake.channel_messages().len(),
        posted,
        "nothing public was posted for a refusal"
    );

    // A member who may gets a thread with the lobby in it; then the limit on open lobbies
    // (two per member) holds in threads too, before a third thread is made.
    for n in 1..=2 {
        let a = slash(&fake, &host, "new", vec![boolean("thread", true)]).await;
        assert!(!a.ephemeral(), "{}", a.content());
        let threads = fake.threads();
        assert_eq!(threads.len(), n);
        let (parent, thread, name) = &threads[n - 1];
        assert_eq!(*parent, CHANNEL);
        assert!(name.contains("Host"), "{name}");
        assert!(
            a.content().contains(&format!("<#{thread}>")),
            "{}",
            a.content()
        );
        let lobby = fake.messages_in(*thread);
        assert_eq!(lobby.len(), 1, "the lobby is posted in the thread");
        assert!(lobby[0]["content"].as_str().unwrap().contains("Lobby"));
    }
    let a = slash(&fake, &host, "new", vec![boolean("thread", true)]).await;
    refused(&a, "2 open lobbies");
    assert_eq!(fake.threads().len(), 2, "no third thread");
    assert!(fake.deleted_by_bot().is_empty());

    // The server opens every game in a thread: `thread: false` does not override it.
    let admin = User {
        id: 703,
        name: "Admin".into(),
        manage: true,
    };
    let a = slash(&fake, &admin, "settings", vec![boolean("threads", true)]).await;
    assert!(a.content().contains("Saved"), "{}", a.content());
    let a = slash(&fake, &admin, "new", vec![boolean("thread", false)]).await;
    refused(&a, "thread of its own");
    assert_eq!(fake.threads().len(), 2);
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_the_bot_lost_access_to_keeps_its_game() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, &dir.path().join("data"));
    fake.wait_ready(1).await;
    let fay = user(711, "Fay");
    // Fay and an easy computer; a member who can edit the channel hides it from the bot.
    let lobby = slash(
        &fake,
        &fay,
        "new",
        vec![int("computers", 1), int("computer_level", 0)],
    )
    .await;
    assert!(!lobby.ephemeral(), "{}", lobby.content());
    fake.deny_access(CHANNEL);
    let started = slash(&fake, &fay, "start", vec![]).await;
    assert!(!started.ephemeral(), "{}", started.content());
    if started.pinged() == vec![fay.id] {
        // Fay moves first: a placement from autocomplete, then the computer's post fails.
        let ac = fake.autocomplete(&fay, CHANNEL, "place", vec![], "x", "");
        let xs = fake.answer(ac).await;
        let x = xs.choices()[0].1.as_i64().unwrap();
        let ac = fake.autocomplete(&fay, CHANNEL, "place", vec![int("x", x)], "y", "");
        let y = fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
        let mut moved = false;
        for rotation in 0..4 {
            let a = slash(
                &fake,
                &fay,
                "place",
                vec![
                    int("x", x),
                    int("y", y),
                    int("rotation", rotation),
                    string("follower", "none"),
                ],
            )
            .await;
            if !a.ephemeral() {
                moved = true;
                break;
            }
        }
        assert!(moved, "Fay could not move");
    }
    // The computer's move could not be posted: Missing Access, three tries.
    fake.wait_refused_posts(CHANNEL, 3).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    fake.grant_access(CHANNEL);
    // The game is still there (only Unknown Channel ends one).
    let status = slash(&fake, &fay, "status", vec![]).await;
    assert!(
        !status.ephemeral(),
        "the game was ended: {}",
        status.content()
    );
    assert!(status.content().contains("Fay"), "{}", status.content());
    drop(bot);
}
