//! End to end: the real `meeplebot run` binary against a fake Discord on 127.0.0.1. Three users
//! open, join and start a game, and play it to the end through slash commands, autocomplete and
//! button clicks; the bot is restarted in the middle of the game.

mod support {
    pub mod fake_discord;
}

use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use support::fake_discord::{Answer, Fake, User};

const CHANNEL: u64 = 555_000_000_000_000_001;

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
    start_bot_with(fake, data, &[])
}

fn start_bot_with(fake: &Fake, data: &std::path::Path, env: &[(&str, &str)]) -> Bot {
    let child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .arg("run")
        .envs(env.iter().copied())
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

fn int(name: &str, v: i64) -> Value {
    json!({"name": name, "type": 4, "value": v})
}

fn string(name: &str, v: &str) -> Value {
    json!({"name": name, "type": 3, "value": v})
}

fn check_commands(cmds: &[Value]) {
    let names: Vec<&str> = cmds.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["carcassonne", "abbey", "wagon", "flock", "castle", "bridge", "bazaar", "tournament"],
        "one parent command, the commands of Abbey & Mayor, Hills & Sheep and Bridges, Castles & Bazaars, and the tournaments'"
    );
    let subs: Vec<&str> = cmds[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    for want in [
        "new",
        "join",
        "start",
        "place",
        "board",
        "status",
        "resign",
        "abort",
        "export",
        "undo",
        "return",
        "me",
        "rematch",
        "standings",
        "replay",
    ] {
        assert!(subs.contains(&want), "{want} missing from {subs:?}");
    }
}

struct Table {
    fake: Fake,
    users: Vec<User>,
}

impl Table {
    async fn slash(&self, who: usize, sub: &str, options: Vec<Value>) -> Answer {
        let id = self.fake.slash(&self.users[who], CHANNEL, sub, options);
        self.fake.answer(id).await
    }

    async fn click(&self, who: usize, custom_id: &str) -> Answer {
        let id = self.fake.click(&self.users[who], CHANNEL, custom_id);
        self.fake.answer(id).await
    }

    fn seat_of(&self, user: u64) -> usize {
        self.users
            .iter()
            .position(|u| u.id == user)
            .expect("a player")
    }

    /// The current player takes a turn: x from autocomplete, y from autocomplete for that x,
    /// then the rotations in order until one fits. Every third turn the follower is left out
    /// and chosen with a button.
    async fn turn(&self, who: usize, n: usize) -> Answer {
        let user = &self.users[who];
        let ac = self
            .fake
            .autocomplete(user, CHANNEL, "place", vec![], "x", "");
        let xs = self.fake.answer(ac).await;
        assert_eq!(xs.kind, 8, "autocomplete answer");
        let choices = xs.choices();
        assert!(!choices.is_empty(), "no legal x offered");
        let x = choices[0].1.as_i64().unwrap();
        let ac = self
            .fake
            .autocomplete(user, CHANNEL, "place", vec![int("x", x)], "y", "");
        let ys = self.fake.answer(ac).await;
        let y = ys.choices()[0].1.as_i64().unwrap();
        // Rotation is a choice parameter: its values are the choice indices 0..=3.
        for rotation in 0..4 {
            let mut opts = vec![int("x", x), int("y", y), int("rotation", rotation)];
            let ask = n.is_multiple_of(3);
            if !ask {
                opts.push(string("follower", "none"));
            }
            let a = self.slash(who, "place", opts).await;
            if a.ephemeral() && a.content().contains("can't go") {
                continue;
            }
            if ask && a.ephemeral() {
                // The bot asks where the follower goes: click the first follower place.
                let buttons = a.custom_ids();
                assert!(
                    buttons.iter().any(|(_, l)| l == "No follower"),
                    "{buttons:?}"
                );
                assert!(a.files.iter().any(|(n, _)| n == "tile.png"));
                return self.click(who, &buttons[0].0).await;
            }
            return a;
        }
        panic!("no rotation fits at [{x},{y}]");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_a_whole_game_through_discord() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut bot = start_bot(&fake, &data);
    check_commands(&fake.wait_ready(1).await);
    let users = vec![
        User {
            id: 101,
            name: "Alice".into(),
            manage: false,
        },
        User {
            id: 102,
            name: "Bob".into(),
            manage: false,
        },
        User {
            id: 103,
            name: "@everyone".into(),
            manage: false,
        },
    ];
    let t = Table {
        fake: fake.clone(),
        users,
    };

    // Lobby: Alice opens, Bob joins by command, the third player by button.
    let lobby = t
        .slash(0, "new", vec![int("farms", 0), int("reminder_hours", 6)])
        .await;
    assert_eq!(lobby.kind, 4);
    assert!(!lobby.ephemeral());
    assert!(lobby.content().contains("Lobby"), "{}", lobby.content());
    let buttons = lobby.custom_ids();
    let join = buttons
        .iter()
        .find(|(id, label)| id.starts_with("cc:") && id.ends_with(":join") && label == "Join")
        .map(|(id, _)| id.clone())
        .unwrap_or_else(|| panic!("no join button in {buttons:?}"));
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let joined = t.click(2, &join).await;
    assert!(!joined.ephemeral(), "{}", joined.content());
    // The click redraws the lobby message itself (UPDATE_MESSAGE) with the new seat.
    assert_eq!(joined.kind, 7, "{}", joined.content());
    assert!(
        joined.content().contains("**Lobby** (3/"),
        "{}",
        joined.content()
    );
    assert!(
        !joined.content().contains("@everyone"),
        "a name must not mention everyone"
    );
    // Only the creator may start.
    let refused = t.slash(1, "start", vec![]).await;
    assert!(refused.ephemeral(), "{}", refused.content());
    let started = t.slash(0, "start", vec![]).await;
    assert!(!started.ephemeral(), "{}", started.content());
    assert!(started
        .files
        .iter()
        .any(|(n, b)| n == "turn.png" && b.starts_with(b"\x89PNG")));
    let mut current = started.pinged();
    assert_eq!(current.len(), 1, "the first player is pinged");

    let mut last = started;
    let mut n = 0;
    while !last.files.iter().any(|(name, _)| name == "final.png") {
        let who = t.seat_of(current[0]);
        // Someone else trying to move is refused privately.
        let other = (who + 1) % 3;
        let nope = t
            .slash(
                other,
                "place",
                vec![int("x", 0), int("y", 1), int("rotation", 0)],
            )
            .await;
        if n < 3 {
            assert!(
                nope.ephemeral() && nope.content().contains("not yours"),
                "{}",
                nope.content()
            );
        }
        last = t.turn(who, n).await;
        assert!(!last.ephemeral(), "turn {n}: {}", last.content());
        n += 1;
        if n == 20 {
            // Restart the bot in the middle of the game.
            drop(bot);
            bot = start_bot(&fake, &data);
            fake.wait_ready(2).await;
            let status = t.slash(0, "status", vec![]).await;
            assert!(status.content().contains("to play"), "{}", status.content());
        }
        if !last.files.iter().any(|(name, _)| name == "final.png") {
            current = last.pinged();
            assert_eq!(
                current.len(),
                1,
                "turn {n}: exactly the next player is pinged"
            );
            assert!(last.content().contains(&format!("<@{}>", current[0])));
        }
        assert!(n < 200, "the game did not end");
    }
    assert!(
        last.content().contains("final scoring"),
        "{}",
        last.content()
    );
    assert!(n >= 60, "only {n} turns were played");
    assert!(last
        .files
        .iter()
        .any(|(name, b)| name == "final.png" && b.starts_with(b"\x89PNG")));
    eprintln!("{n} turns played through the fake Discord");
    let mut pinged = last.pinged();
    pinged.sort();
    assert_eq!(pinged, vec![101, 102, 103], "everyone is pinged at the end");
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

/// A turn for the Princess & the Dragon test: the first legal cell and rotation, no follower
/// (or, when the princess must send a knight home, the first choice offered by buttons).
async fn plain_turn(t: &Table, who: usize) -> Answer {
    let user = &t.users[who];
    let ac = t.fake.autocomplete(user, CHANNEL, "place", vec![], "x", "");
    let x = t.fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    let ac = t
        .fake
        .autocomplete(user, CHANNEL, "place", vec![int("x", x)], "y", "");
    let y = t.fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    for rotation in 0..4 {
        let opts = vec![
            int("x", x),
            int("y", y),
            int("rotation", rotation),
            string("follower", "none"),
        ];
        let a = t.slash(who, "place", opts).await;
        if a.ephemeral() && a.content().contains("can't go") {
            continue;
        }
        if a.ephemeral() && a.content().contains("princess") {
            // Ask with buttons instead, and send the first knight offered home.
            let opts = vec![int("x", x), int("y", y), int("rotation", rotation)];
            let ask = t.slash(who, "place", opts).await;
            let buttons = ask.custom_ids();
            assert!(
                !buttons.iter().any(|(_, l)| l == "No follower"),
                "{buttons:?}"
            );
            return t.click(who, &buttons[0].0).await;
        }
        return a;
    }
    panic!("no rotation fits at [{x},{y}]");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dragon_journey_is_moved_by_three_users_with_buttons_across_a_restart() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let env = [("MEEPLEBOT_SEED", "7")];
    let mut bot = start_bot_with(&fake, &data, &env);
    fake.wait_ready(1).await;
    let users: Vec<User> = (0..3)
        .map(|i| User {
            id: 201 + i,
            name: ["Ann", "Ben", "Cat"][i as usize].into(),
            manage: false,
        })
        .collect();
    let t = Table {
        fake: fake.clone(),
        users,
    };
    let lobby = t
        .slash(0, "new", vec![string("expansions", "princess")])
        .await;
    assert!(lobby.content().contains("princess"), "{}", lobby.content());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    assert!(!t.slash(2, "join", vec![]).await.ephemeral());
    let mut last = t.slash(0, "start", vec![]).await;
    assert!(!last.ephemeral(), "{}", last.content());
    let mut journey: Vec<u64> = Vec::new();
    let (mut restarted, mut done, mut turns) = (false, false, 0);
    while !done {
        let dragon: Vec<String> = last
            .custom_ids()
            .into_iter()
            .filter(|(id, _)| id.contains(":act:") && id.contains(":dragon "))
            .map(|(id, _)| id)
            .collect();
        if dragon.is_empty() {
            journey.clear();
            assert!(
                !last.files.iter().any(|(n, _)| n == "final.png"),
                "the game ended first"
            );
            let who = t.seat_of(last.pinged()[0]);
            last = plain_turn(&t, who).await;
            assert!(!last.ephemeral(), "turn {turns}: {}", last.content());
            turns += 1;
            assert!(
                turns < 120,
                "no dragon journey of three steps in {turns} turns"
            );
            continue;
        }
        // A step of the dragon: its mover is pinged and has the direction buttons.
        let mover = last.pinged();
        assert_eq!(mover.len(), 1, "{}", last.content());
        assert!(
            last.content().contains("dragon's journey"),
            "{}",
            last.content()
        );
        let who = t.seat_of(mover[0]);
        let nope = t.click((who + 1) % 3, &dragon[0]).await;
        assert!(
            nope.ephemeral() && nope.content().contains("not yours"),
            "{}",
            nope.content()
        );
        if journey.len() == 2 && !restarted {
            // The bot restarts between two steps; the next mover clicks the same message.
            drop(bot);
            bot = start_bot_with(&fake, &data, &env);
            fake.wait_ready(2).await;
            restarted = true;
        }
        last = t.click(who, &dragon[0]).await;
        assert!(!last.ephemeral(), "{}", last.content());
        assert!(
            last.content().contains("moves the dragon"),
            "{}",
            last.content()
        );
        journey.push(mover[0]);
        let mut distinct = journey.clone();
        distinct.sort_unstable();
        distinct.dedup();
        done = distinct.len() == 3 && restarted;
    }
    eprintln!("a three-player dragon journey after {turns} turns");
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_reach_the_channel_and_survive_a_restart() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // One reminder "hour" lasts a second here.
    let fast = [("MEEPLEBOT_SECONDS_PER_HOUR", "1")];
    let bot = start_bot_with(&fake, &data, &fast);
    fake.wait_ready(1).await;
    let users = vec![
        User {
            id: 201,
            name: "Dana".into(),
            manage: false,
        },
        User {
            id: 202,
            name: "Eli".into(),
            manage: true,
        },
    ];
    let t = Table {
        fake: fake.clone(),
        users,
    };
    assert!(!t
        .slash(0, "new", vec![int("reminder_hours", 2)])
        .await
        .ephemeral());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let started = t.slash(0, "start", vec![]).await;
    let first = started.pinged()[0];
    let reminder = |msgs: &[Value]| -> usize {
        msgs.iter()
            .filter(|m| {
                m["content"].as_str().unwrap_or("").contains("reminder")
                    && m["allowed_mentions"]["users"].as_array().is_some_and(|u| {
                        u.len() == 1
                            && (u[0].as_str() == Some(first.to_string().as_str()) || u[0] == first)
                    })
            })
            .count()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while reminder(&fake.channel_messages()) == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "no reminder was posted"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let before = reminder(&fake.channel_messages());
    drop(bot);
    let bot = start_bot_with(&fake, &data, &fast);
    fake.wait_ready(2).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while reminder(&fake.channel_messages()) <= before {
        assert!(
            std::time::Instant::now() < deadline,
            "no reminder after the restart"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // A channel manager (not the creator) may abort.
    let aborted = t.slash(1, "abort", vec![]).await;
    assert!(!aborted.ephemeral(), "{}", aborted.content());
    drop(bot);
}

/// Computer turns are played by the bot's worker and posted as channel messages (with the board,
/// pinging the next person); a reply to an interaction that expired is posted to the channel
/// instead, so the move is told and the next player pinged; SIGTERM stops the bot cleanly and the
/// game goes on after a restart; a deleted channel ends its game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_late_replies_sigterm_and_deleted_channels() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut bot = start_bot(&fake, &data);
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![User {
            id: 301,
            name: "Fay".into(),
            manage: false,
        }],
    };
    let pings_fay = |m: &Value| {
        m["allowed_mentions"]["users"]
            .as_array()
            .is_some_and(|u| u.iter().any(|v| v.as_str() == Some("301") || v == 301))
    };
    let computer_moved = move |m: &Value| {
        m["content"]
            .as_str()
            .unwrap_or("")
            .contains("**Computer 1** placed")
            && pings_fay(m)
    };
    // Choice 1 of computer_level: medium.
    let lobby = t
        .slash(
            0,
            "new",
            vec![int("computers", 1), int("computer_level", 1)],
        )
        .await;
    assert!(!lobby.ephemeral(), "{}", lobby.content());
    assert!(
        lobby.content().contains("medium computer players"),
        "{}",
        lobby.content()
    );
    let started = t.slash(0, "start", vec![]).await;
    assert!(!started.ephemeral(), "{}", started.content());
    let mut seen = 0;
    if started.pinged() != vec![301] {
        let (k, _) = fake
            .wait_message(0, computer_moved)
            .await
            .expect("the computer moved first by itself");
        seen = k + 1;
    }
    // Fay moves; the computer answers by itself, with the board.
    let mine = t.turn(0, 1).await;
    assert!(!mine.ephemeral(), "{}", mine.content());
    assert!(
        mine.content().contains("its move follows"),
        "{}",
        mine.content()
    );
    let (k, _) = fake
        .wait_message(seen, computer_moved)
        .await
        .expect("the computer's move was posted");
    assert!(
        fake.channel_message_files()[k]
            .iter()
            .any(|n| n == "turn.png"),
        "the computer's move comes with the board"
    );
    seen = k + 1;

    // Fay's next reply cannot be delivered (the interaction expired): it is posted instead.
    let ac = fake.autocomplete(&t.users[0], CHANNEL, "place", vec![], "x", "");
    let xs = fake.answer(ac).await;
    let example = xs.choices()[0].0.clone(); // "x = X (e.g. TILE at x=X y=Y rotation R)"
    let num = |key: &str| -> i64 {
        let rest = &example[example.find(key).unwrap() + key.len()..];
        rest.split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (x, y, r) = (num("x="), num("y="), num("rotation "));
    fake.expire_next(1);
    let _ = fake.slash(
        &t.users[0],
        CHANNEL,
        "place",
        vec![
            int("x", x),
            int("y", y),
            int("rotation", r / 90),
            string("follower", "none"),
        ],
    );
    let (k, _) = fake
        .wait_message(seen, |m| {
            m["content"]
                .as_str()
                .unwrap_or("")
                .contains("**Fay** placed")
        })
        .await
        .expect("the late reply was posted to the channel");
    let (k2, _) = fake
        .wait_message(k + 1, computer_moved)
        .await
        .expect("and the computer moved after it, pinging Fay");
    seen = k2 + 1;

    // SIGTERM: the bot stops by itself, cleanly.
    unsafe {
        libc::kill(bot.child.id() as i32, libc::SIGTERM);
    }
    let t0 = std::time::Instant::now();
    let status = loop {
        if let Some(s) = bot.child.try_wait().unwrap() {
            break s;
        }
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(30),
            "SIGTERM did not stop the bot"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    bot = start_bot(&fake, &data);
    fake.wait_ready(2).await;
    let after = t.turn(0, 4).await;
    assert!(!after.ephemeral(), "{}", after.content());
    fake.wait_message(seen, computer_moved)
        .await
        .expect("the computer goes on after the restart");

    // The channel is deleted: posting fails with Unknown Channel and the game ends.
    fake.delete_channel(CHANNEL);
    let last = t.turn(0, 7).await;
    assert!(!last.ephemeral(), "{}", last.content());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let s = t.slash(0, "status", vec![]).await;
        if s.content().contains("no game") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game of the deleted channel did not end: {}",
            s.content()
        );
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

/// SIGTERM stops the bot even when it cannot reach Discord at all (it keeps retrying the
/// gateway).
#[test]
fn sigterm_stops_a_bot_that_cannot_connect() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on this port.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeplebot"))
        .arg("run")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", format!("http://127.0.0.1:{port}"))
        .env("MEEPLEBOT_DATA_DIR", dir.path().join("data"))
        .env("RUST_LOG", "off")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "it keeps trying");
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let t0 = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if t0.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("SIGTERM did not stop the bot");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The custom id of the button with this label (panics with the buttons seen if none).
fn button(a: &Answer, label: &str) -> String {
    let buttons = a.custom_ids();
    buttons
        .iter()
        .find(|(_, l)| l == label || l.starts_with(label))
        .map(|(id, _)| id.clone())
        .unwrap_or_else(|| panic!("no {label:?} button in {buttons:?}: {}", a.content()))
}

impl Table {
    /// A click on a button of a private (ephemeral) message.
    async fn click_private(&self, who: usize, custom_id: &str) -> Answer {
        let id = self
            .fake
            .click_on(&self.users[who], CHANNEL, custom_id, true);
        self.fake.answer(id).await
    }
}

/// Waits for a channel message (from index `from`) whose text contains `needle`.
async fn message_with(fake: &Fake, from: usize, needle: &str) -> (usize, Value) {
    let n = needle.to_string();
    fake.wait_message(from, move |m| {
        m["content"].as_str().unwrap_or("").contains(&n)
    })
    .await
    .unwrap_or_else(|| panic!("no channel message with {needle:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn placing_by_buttons_undo_votes_on_absence_and_direct_messages() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = start_bot(&fake, &data);
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![
            User {
                id: 401,
                name: "Gil".into(),
                manage: false,
            },
            User {
                id: 402,
                name: "Hal".into(),
                manage: false,
            },
        ],
    };
    assert!(!t.slash(0, "new", vec![]).await.ephemeral());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let started = t.slash(0, "start", vec![]).await;
    let names: Vec<&str> = started.files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["turn.png"], "one picture per turn message");
    let alt = started.data["attachments"][0]["description"]
        .as_str()
        .unwrap_or("");
    assert!(alt.contains("fits at"), "alt text: {alt:?}");
    let first = t.seat_of(started.pinged()[0]);
    let second = 1 - first;

    // A whole turn by buttons only: Place, a cell, a rotation, a figure, Confirm.
    let cells = t.click(first, &button(&started, "Place")).await;
    assert!(cells.ephemeral(), "{}", cells.content());
    assert_eq!(cells.kind, 4, "the flow opens as a new private message");
    let cell = cells.custom_ids()[0].0.clone();
    let rots = t.click_private(first, &cell).await;
    assert_eq!(rots.kind, 7, "later steps replace the private message");
    assert!(rots.files.iter().any(|(n, _)| n == "rotations.png"));
    let mut step = t.click_private(first, &rots.custom_ids()[0].0).await;
    if step.content().contains("Step 3") {
        step = t.click_private(first, &button(&step, "No follower")).await;
    }
    assert!(step.content().contains("Step 4"), "{}", step.content());
    assert!(step.files.iter().any(|(n, _)| n == "move.png"));
    let placed = t.click_private(first, &button(&step, "Confirm")).await;
    assert!(!placed.ephemeral(), "{}", placed.content());
    assert_eq!(placed.kind, 4, "the move is a new public message");
    assert!(placed.content().contains("placed"), "{}", placed.content());
    assert_eq!(placed.pinged(), vec![t.users[second].id]);

    // Taken back by its player before the next one acts.
    let undone = t.slash(first, "undo", vec![]).await;
    assert!(!undone.ephemeral(), "{}", undone.content());
    assert!(
        undone.content().contains("taken back"),
        "{}",
        undone.content()
    );
    assert_eq!(
        undone.pinged(),
        vec![t.users[first].id],
        "the same player again"
    );

    // Hal wants direct messages from now on.
    let dm = t.slash(1, "me notify", vec![int("how", 1)]).await;
    assert!(
        dm.ephemeral() && dm.content().contains("direct message"),
        "{}",
        dm.content()
    );

    // Both move; then asking to take back needs the other, who refuses.
    let a = plain_turn(&t, first).await;
    assert!(!a.ephemeral(), "{}", a.content());
    let b = plain_turn(&t, second).await;
    assert!(!b.ephemeral(), "{}", b.content());
    let ask = t.slash(first, "undo", vec![]).await;
    assert!(!ask.ephemeral(), "{}", ask.content());
    // The other player is asked (Hal by direct message: he chose it).
    let asked = t.users[second].id;
    if asked == 402 {
        assert!(ask.pinged().is_empty());
    } else {
        assert_eq!(ask.pinged(), vec![asked]);
    }
    let no = t.click(second, &button(&ask, "Keep the move")).await;
    assert!(!no.ephemeral(), "{}", no.content());
    assert!(no.content().contains("refused"), "{}", no.content());
    // Hal was told by direct message when it was his turn, never pinged.
    if t.users[second].id == 402 {
        assert!(a.pinged().is_empty(), "Hal chose direct messages");
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while fake
        .messages_in(support::fake_discord::dm_channel(402))
        .is_empty()
    {
        assert!(std::time::Instant::now() < deadline, "no direct message");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let dms = fake.messages_in(support::fake_discord::dm_channel(402));
    assert!(
        dms[0]["content"]
            .as_str()
            .unwrap_or("")
            .contains("Carcassonne"),
        "{}",
        dms[0]
    );
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_takes_an_absent_seat_after_a_vote_and_gives_it_back() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // One reminder "hour" lasts a second here.
    let fast = [("MEEPLEBOT_SECONDS_PER_HOUR", "1")];
    let bot = start_bot_with(&fake, &data, &fast);
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![
            User {
                id: 501,
                name: "Ida".into(),
                manage: false,
            },
            User {
                id: 502,
                name: "Jon".into(),
                manage: false,
            },
        ],
    };
    assert!(!t
        .slash(0, "new", vec![int("reminder_hours", 1)])
        .await
        .ephemeral());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let started = t.slash(0, "start", vec![]).await;
    let absent = t.seat_of(started.pinged()[0]);
    let other = 1 - absent;
    // Reminders go unanswered; the second one offers the vote.
    let (_, vote) = message_with(&fake, 0, "may vote").await;
    let buttons: Vec<(String, String)> = vote["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap().to_string(),
                b["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let take = buttons
        .iter()
        .find(|(_, l)| l.contains("takes"))
        .map(|(id, _)| id.clone())
        .unwrap_or_else(|| panic!("{buttons:?}"));
    let refused = t.click(absent, &take).await;
    assert!(refused.ephemeral(), "{}", refused.content());
    let seen = fake.channel_messages().len();
    let voted = t.click(other, &take).await;
    assert!(!voted.ephemeral(), "{}", voted.content());
    assert!(voted.content().contains("takes"), "{}", voted.content());
    // The computer moves for the absent player by itself, pinging the other.
    let name = &t.users[absent].name;
    let (_, moved) = message_with(&fake, seen, &format!("**{name}** placed")).await;
    assert!(moved["content"].as_str().unwrap().contains("placed"));
    // The absent player comes back.
    let back = t.slash(absent, "return", vec![]).await;
    assert!(!back.ephemeral(), "{}", back.content());
    assert!(
        back.content().contains("Welcome back"),
        "{}",
        back.content()
    );
    drop(bot);
}

/// Plays the channel's game to its end by slash commands; returns the final message.
async fn play_to_the_end(t: &Table, mut last: Answer) -> Answer {
    for _ in 0..200 {
        if last.files.iter().any(|(n, _)| n == "final.png") {
            return last;
        }
        let who = t.seat_of(last.pinged()[0]);
        last = plain_turn(t, who).await;
        assert!(!last.ephemeral(), "{}", last.content());
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_and_the_standings_after_two_games() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = start_bot(&fake, &data);
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![
            User {
                id: 601,
                name: "Kai".into(),
                manage: false,
            },
            User {
                id: 602,
                name: "Lea".into(),
                manage: false,
            },
        ],
    };
    assert!(!t.slash(0, "new", vec![]).await.ephemeral());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let started = t.slash(0, "start", vec![]).await;
    let first = started.pinged()[0];
    let end = play_to_the_end(&t, started).await;
    let names: Vec<&str> = end.files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["final.png", "scores.png", "timelapse.gif"]);
    let gif = &end.files[2].1;
    assert!(gif.starts_with(b"GIF89a") && gif.len() <= 8 * 1024 * 1024);
    // The computer's review, made off the request path, is added to the final message: each
    // player's costliest move in one line under what it said, and a Review button beside the
    // buttons it had; no message of its own.
    let reviewed = fake.wait_edited_answer("Turning points").await;
    let text = reviewed.content();
    assert!(text.starts_with(end.content()), "{text}");
    let points: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("Turning points"))
        .skip(1)
        .collect();
    assert_eq!(points.len(), 2, "a line per player: {text}");
    for name in ["Kai", "Lea"] {
        assert!(
            points.iter().any(|l| l.starts_with(&format!("**{name}**"))),
            "{text}"
        );
    }
    let labels: Vec<String> = reviewed.custom_ids().into_iter().map(|(_, l)| l).collect();
    for label in ["Rematch", "Standings", "Replay", "Review"] {
        assert!(labels.iter().any(|l| l == label), "{labels:?}");
    }
    assert!(
        fake.channel_messages()
            .iter()
            .all(|m| !m["content"].as_str().unwrap_or("").contains("looked back")),
        "the review was not posted again"
    );
    let top = t.click(1, &button(&reviewed, "Review")).await;
    assert!(top.ephemeral(), "{}", top.content());
    assert!(
        top.content().contains("costliest moves"),
        "{}",
        top.content()
    );
    // The last game's creator starts the rematch, as they started the game.
    let not_yours = t.click(1, &button(&end, "Rematch")).await;
    assert!(
        not_yours.ephemeral() && not_yours.content().contains("Only <@601>"),
        "{}",
        not_yours.content()
    );
    let again = t.click(0, &button(&end, "Rematch")).await;
    assert!(!again.ephemeral(), "{}", again.content());
    assert!(again.content().contains("Rematch"), "{}", again.content());
    assert_ne!(
        again.pinged()[0],
        first,
        "the other player starts the rematch"
    );
    // While the rematch runs, the first game replays privately, turn by turn.
    let view = t.click(0, &button(&end, "Replay")).await;
    assert!(view.ephemeral(), "{}", view.content());
    assert!(view.content().contains("turn 1 of"), "{}", view.content());
    assert!(view.files.iter().any(|(n, _)| n == "replay.png"));
    let next = t.click_private(0, &button(&view, "Next")).await;
    assert_eq!(next.kind, 7, "the step replaces the private view");
    assert!(next.content().contains("turn 2 of"), "{}", next.content());
    assert!(next.files.iter().any(|(n, _)| n == "replay.png"));
    let ten = t.click_private(0, &button(&next, "+10")).await;
    assert!(ten.content().contains("turn 12 of"), "{}", ten.content());
    let first = t.click_private(0, &button(&ten, "⏪")).await;
    assert!(first.content().contains("turn 2 of"), "{}", first.content());
    let first = t.click_private(0, &button(&first, "◀ Back")).await;
    assert!(first.content().contains("turn 1 of"), "{}", first.content());
    let refused = t.click_private(0, &button(&first, "◀ Back")).await;
    assert!(refused.ephemeral() && refused.content().contains("first turn"));
    let by_command = t.slash(1, "replay", vec![int("game", 1)]).await;
    assert!(by_command.ephemeral(), "{}", by_command.content());
    assert!(
        by_command.content().contains("turn 1 of"),
        "{}",
        by_command.content()
    );
    play_to_the_end(&t, again).await;
    let table = t.slash(0, "standings", vec![]).await;
    assert!(!table.ephemeral(), "{}", table.content());
    assert!(
        table.content().contains("2 games finished"),
        "{}",
        table.content()
    );
    for name in ["Kai", "Lea"] {
        let line = table
            .content()
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name}: {}", table.content()))
            .to_string();
        assert!(line.contains("2 games"), "{line}");
    }
    drop(bot);
}

/// The registration carries every command's localized names, and each interaction is answered in
/// its user's language (private replies) or its server's (public ones).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_and_answered_in_each_users_language() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, &dir.path().join("data"));
    let cmds = fake.wait_ready(1).await;
    check_commands(&cmds);
    let subs = cmds[0]["options"].as_array().unwrap();
    let sub = |name: &str| {
        subs.iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .clone()
    };
    let place = sub("place");
    assert_eq!(place["name_localizations"]["de"], "legen");
    assert_eq!(place["name_localizations"]["fr"], "poser");
    assert_eq!(place["name_localizations"]["pl"], "połóż");
    assert_eq!(place["name_localizations"]["es-ES"], "colocar");
    assert_eq!(place["options"][2]["name_localizations"]["de"], "drehung");
    // A member's own settings, in one group.
    let me = sub("me");
    assert_eq!(me["type"], 2, "a group");
    assert_eq!(me["name_localizations"]["de"], "ich");
    let in_me = |name: &str| {
        me["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("no me {name}"))
            .clone()
    };
    let how = &in_me("notify")["options"][0];
    assert_eq!(
        how["choices"][1]["name_localizations"]["fr"],
        "message privé"
    );
    assert!(in_me("language")["description_localizations"]["pl"]
        .as_str()
        .is_some_and(|d| d.starts_with("Wybierz język")));
    for name in ["show", "hours", "away", "digest"] {
        assert_eq!(in_me(name)["type"], 1, "{name}");
    }
    assert_eq!(subs.len(), 24, "one slot of Discord's 25 is left");

    let user = User {
        id: 501,
        name: "Zoé".into(),
        manage: false,
    };
    let de = fake.slash_in_locale(&user, 9001, "status", vec![], ("de", "en-US"));
    let de = fake.answer(de).await;
    assert!(de.ephemeral());
    assert!(
        de.content().starts_with("In diesem Kanal läuft kein Spiel"),
        "{}",
        de.content()
    );
    let fr = fake.slash_in_locale(&user, 9001, "help", vec![], ("fr", "de"));
    let fr = fake.answer(fr).await;
    assert!(
        fr.content()
            .starts_with("**Carcassonne ici, tour par tour.**"),
        "{}",
        fr.content()
    );
    // A new lobby, then the tiles in public: the server's language (Spanish), not the user's.
    let opened = fake
        .answer(fake.slash(&user, 9001, "new", vec![int("computers", 1)]))
        .await;
    assert!(!opened.ephemeral(), "{}", opened.content());
    let started = fake.answer(fake.slash(&user, 9001, "start", vec![])).await;
    assert!(!started.ephemeral(), "{}", started.content());
    let tiles = fake.slash_in_locale(&user, 9001, "status", vec![], ("pl", "es-ES"));
    let tiles = fake.answer(tiles).await;
    assert!(!tiles.ephemeral());
    assert!(
        tiles.content().contains("losetas restantes"),
        "{}",
        tiles.content()
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A game with a move clock (an "hour" is a second here): when the player's clock runs out the
/// channel is told and the computer plays their move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_clock_runs_out_and_the_computer_moves() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let fast = [("MEEPLEBOT_SECONDS_PER_HOUR", "1")];
    let _bot = start_bot_with(&fake, &dir.path().join("data"), &fast);
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![User {
            id: 601,
            name: "Kim".into(),
            manage: false,
        }],
    };
    // Choice 2 of move_clock: 4 hours; one easy computer.
    let opened = t
        .slash(
            0,
            "new",
            vec![
                int("move_clock", 2),
                int("computers", 1),
                int("computer_level", 0),
            ],
        )
        .await;
    assert!(!opened.ephemeral(), "{}", opened.content());
    assert!(
        opened.content().contains("4 h per move"),
        "{}",
        opened.content()
    );
    let started = t.slash(0, "start", vec![]).await;
    // Its four "hours" are four seconds here.
    assert!(
        started.content().contains("Kim: 4 s left"),
        "{}",
        started.content()
    );
    let (at, warned) = message_with(&fake, 0, "left on your clock").await;
    assert!(
        warned["content"].as_str().unwrap().contains("<@601>"),
        "{warned}"
    );
    let (at, _) = message_with(&fake, at, "ran out: the computer plays it").await;
    let (_, moved) = message_with(&fake, at, "**Kim** placed").await;
    assert!(moved["content"].as_str().unwrap().contains("placed"));
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A member sets quiet hours that end a minute or two from now (in real time): the move that
/// gives them the turn does not ping them, and one direct message comes when quiet hours end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_hold_the_ping_until_they_end() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, &dir.path().join("data"));
    fake.wait_ready(1).await;
    let t = Table {
        fake: fake.clone(),
        users: vec![
            User {
                id: 701,
                name: "Lee".into(),
                manage: false,
            },
            User {
                id: 702,
                name: "Mo".into(),
                manage: false,
            },
        ],
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let minute = |m: u64| format!("{:02}:{:02}", (m / 60) % 24, m % 60);
    let (from, to) = (minute(now / 60 + 1440 - 60), minute(now / 60 + 2));
    let set = t
        .slash(
            1,
            "me hours",
            vec![
                string("time_zone", "UTC"),
                string("quiet_from", &from),
                string("quiet_to", &to),
            ],
        )
        .await;
    assert!(set.ephemeral(), "{}", set.content());
    assert!(
        set.content().contains(&format!("{from}–{to}")),
        "{}",
        set.content()
    );
    // The time zone is offered as it is typed.
    let ac = fake.autocomplete(
        &t.users[1],
        CHANNEL,
        "me hours",
        vec![],
        "time_zone",
        "warsa",
    );
    let zones = fake.answer(ac).await.choices();
    assert_eq!(zones[0].1, "Europe/Warsaw", "{zones:?}");

    assert!(!t.slash(0, "new", vec![]).await.ephemeral());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let started = t.slash(0, "start", vec![]).await;
    // Whoever starts, the turn that comes to Mo does not ping him.
    let to_mo = if started.content().contains("Next: 🔴 <@701>") || started.pinged() == vec![701]
    {
        plain_turn(&t, 0).await
    } else {
        started
    };
    assert!(to_mo.content().contains("<@702>"), "{}", to_mo.content());
    assert!(to_mo.pinged().is_empty(), "pinged in quiet hours");
    let dm = support::fake_discord::dm_channel(702);
    assert!(fake.messages_in(dm).is_empty());
    // Quiet hours end within two minutes: then one direct message.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(200);
    while fake.messages_in(dm).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "nothing came when quiet hours ended"
        );
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let dms = fake.messages_in(dm);
    assert_eq!(dms.len(), 1, "{dms:?}");
    let text = dms[0]["content"].as_str().unwrap();
    assert!(text.contains("quiet hours are over"), "{text}");
    assert!(text.contains(&format!("<#{CHANNEL}>")), "{text}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A turn of an Abbey & Mayor game: one of the first legal columns (the board grows ragged and
/// leaves holes), a wagon on every other turn where the follower's autocomplete offers one.
async fn mayor_turn(t: &Table, who: usize, n: usize) -> Answer {
    figure_turn(t, who, n, "wagon ").await
}

/// A turn in one of the first legal columns, with the figure whose typed form starts with
/// `figure` on every other turn where the follower's autocomplete offers one.
async fn figure_turn(t: &Table, who: usize, n: usize, figure: &str) -> Answer {
    let user = &t.users[who];
    let ac = t.fake.autocomplete(user, CHANNEL, "place", vec![], "x", "");
    let xs = t.fake.answer(ac).await.choices();
    let x = xs[n % xs.len().min(3)].1.as_i64().unwrap();
    let ac = t
        .fake
        .autocomplete(user, CHANNEL, "place", vec![int("x", x)], "y", "");
    let y = t.fake.answer(ac).await.choices()[0].1.as_i64().unwrap();
    for rotation in 0..4 {
        let at = vec![int("x", x), int("y", y), int("rotation", rotation)];
        let ac = t
            .fake
            .autocomplete(user, CHANNEL, "place", at.clone(), "follower", "");
        let offered = t.fake.answer(ac).await.choices();
        let wagon = offered
            .iter()
            .filter_map(|(_, v)| v.as_str())
            .find(|v| v.starts_with(figure) && n.is_multiple_of(2))
            .unwrap_or("none")
            .to_string();
        let mut opts = at;
        opts.push(string("follower", &wagon));
        let a = t.slash(who, "place", opts).await;
        if a.ephemeral() && a.content().contains("can't go") {
            continue;
        }
        return a;
    }
    panic!("no rotation fits at [{x},{y}]");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abbeys_and_wagons_are_played_with_their_own_commands_and_buttons() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let env = [("MEEPLEBOT_SEED", "7"), ("MEEPLEBOT_PREVIEW_SETS", "1")];
    let bot = start_bot_with(&fake, &data, &env);
    fake.wait_ready(1).await;
    let users: Vec<User> = (0..2)
        .map(|i| User {
            id: 301 + i,
            name: ["Ann", "Ben"][i as usize].into(),
            manage: false,
        })
        .collect();
    let t = Table {
        fake: fake.clone(),
        users,
    };
    let lobby = t.slash(0, "new", vec![string("expansions", "mayor")]).await;
    assert!(lobby.content().contains("mayor"), "{}", lobby.content());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let mut last = t.slash(0, "start", vec![]).await;
    assert!(!last.ephemeral(), "{}", last.content());
    let (mut abbeys, mut draws, mut wagons, mut turns) = (0, 0, 0, 0);
    while !last.files.iter().any(|(n, _)| n == "final.png") {
        assert!(turns < 200, "the game did not end");
        turns += 1;
        let who = t.seat_of(last.pinged()[0]);
        let user = t.users[who].clone();
        let ids = last.custom_ids();
        if ids.iter().any(|(id, _)| id.contains(":abbey ")) {
            // The abbey's choice: `/abbey`, autocompleted, or the draw's button.
            assert!(
                last.content().contains("abbey into a hole"),
                "{}",
                last.content()
            );
            if abbeys == 0 {
                let ac = fake.autocomplete(&user, CHANNEL, "/abbey", vec![], "at", "");
                let cells = fake.answer(ac).await.choices();
                assert!(cells.iter().any(|(_, v)| v == "draw"), "{cells:?}");
                let hole = cells
                    .iter()
                    .filter_map(|(_, v)| v.as_str())
                    .find(|v| *v != "draw")
                    .expect("a hole")
                    .to_string();
                let other = t.users[(who + 1) % 2].clone();
                let none = fake.autocomplete(&other, CHANNEL, "/abbey", vec![], "at", "");
                assert!(
                    fake.answer(none).await.choices().is_empty(),
                    "not their turn"
                );
                let ac = fake.autocomplete(
                    &user,
                    CHANNEL,
                    "/abbey",
                    vec![string("at", &hole)],
                    "figure",
                    "",
                );
                let figures = fake.answer(ac).await.choices();
                assert!(!figures.is_empty());
                let figure = figures[0].1.as_str().unwrap().to_string();
                let id = fake.slash(
                    &user,
                    CHANNEL,
                    "/abbey",
                    vec![string("at", &hole), string("figure", &figure)],
                );
                last = fake.answer(id).await;
                assert!(!last.ephemeral(), "{}", last.content());
                assert!(
                    last.content().contains("placed the abbey"),
                    "{}",
                    last.content()
                );
                abbeys += 1;
            } else {
                let draw = ids
                    .iter()
                    .find(|(_, l)| l == "Draw a tile" || l == "No abbey")
                    .expect("the draw's button")
                    .0
                    .clone();
                last = t.click(who, &draw).await;
                assert!(!last.ephemeral(), "{}", last.content());
                draws += 1;
            }
            continue;
        }
        if ids.iter().any(|(_, l)| l == "Take the wagon back") {
            // A wagon's move: `/wagon`, autocompleted with the legal moves and `home`.
            assert!(last.content().contains("your wagon"), "{}", last.content());
            let ac = fake.autocomplete(&user, CHANNEL, "/wagon", vec![], "to", "");
            let moves = fake.answer(ac).await.choices();
            assert!(moves.iter().any(|(_, v)| v == "home"), "{moves:?}");
            let to = moves[0].1.as_str().unwrap().to_string();
            let id = fake.slash(&user, CHANNEL, "/wagon", vec![string("to", &to)]);
            last = fake.answer(id).await;
            assert!(!last.ephemeral(), "{}", last.content());
            assert!(last.content().contains("wagon"), "{}", last.content());
            wagons += 1;
            continue;
        }
        last = mayor_turn(&t, who, turns).await;
        assert!(!last.ephemeral(), "turn {turns}: {}", last.content());
    }
    eprintln!("Abbey & Mayor through Discord: {turns} steps, {abbeys} abbeys, {draws} draws, {wagons} wagons");
    assert!(abbeys + draws >= 1, "no abbey asked in {turns} steps");
    assert!(wagons >= 1, "no wagon asked in {turns} steps");
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

/// Hills & Sheep through Discord: shepherds placed with the follower's autocomplete, each token
/// told in the turn's message, and the shepherd's choice answered once with `/flock` (grow:
/// autocompleted with the two choices, for the owner only) and once with a button (home).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flocks_are_grown_and_driven_home_with_their_command_and_buttons() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A deck in which the choice comes twice early (with seed 7 it comes once in the game).
    let bot = start_bot_with(&fake, &data, &[("MEEPLEBOT_SEED", "1")]);
    fake.wait_ready(1).await;
    let users: Vec<User> = (0..2)
        .map(|i| User {
            id: 311 + i,
            name: ["Ann", "Ben"][i as usize].into(),
            manage: false,
        })
        .collect();
    let t = Table {
        fake: fake.clone(),
        users,
    };
    let lobby = t.slash(0, "new", vec![string("expansions", "hills")]).await;
    assert!(lobby.content().contains("hills"), "{}", lobby.content());
    assert!(!t.slash(1, "join", vec![]).await.ephemeral());
    let mut last = t.slash(0, "start", vec![]).await;
    assert!(!last.ephemeral(), "{}", last.content());
    let (mut typed, mut pressed, mut tokens, mut turns) = (0, 0, 0, 0);
    while typed + pressed < 2 {
        assert!(
            !last.files.iter().any(|(n, _)| n == "final.png"),
            "the shepherd's choice was asked {typed} + {pressed} times in {turns} steps"
        );
        turns += 1;
        let who = t.seat_of(last.pinged()[0]);
        let user = t.users[who].clone();
        let ids = last.custom_ids();
        if ids.iter().any(|(_, l)| l == "Let the flock grow (draw)") {
            assert!(
                last.content().contains("your shepherd"),
                "{}",
                last.content()
            );
            if typed == 0 {
                let ac = fake.autocomplete(&user, CHANNEL, "/flock", vec![], "choice", "");
                let choices = fake.answer(ac).await.choices();
                let values: Vec<&str> = choices.iter().filter_map(|(_, v)| v.as_str()).collect();
                assert_eq!(values, ["grow", "home"], "{choices:?}");
                let other = t.users[(who + 1) % 2].clone();
                let none = fake.autocomplete(&other, CHANNEL, "/flock", vec![], "choice", "");
                assert!(fake.answer(none).await.choices().is_empty(), "not theirs");
                let id = fake.slash(&user, CHANNEL, "/flock", vec![string("choice", "grow")]);
                last = fake.answer(id).await;
                assert!(!last.ephemeral(), "{}", last.content());
                assert!(
                    last.content().contains("lets the flock grow"),
                    "{}",
                    last.content()
                );
                typed += 1;
            } else {
                let home = ids
                    .iter()
                    .find(|(_, l)| l.starts_with("Drive it home (+"))
                    .expect("the button to drive the flock home")
                    .0
                    .clone();
                last = t.click(who, &home).await;
                assert!(!last.ephemeral(), "{}", last.content());
                assert!(
                    last.content().contains("drives the flock home"),
                    "{}",
                    last.content()
                );
                pressed += 1;
            }
            continue;
        }
        last = figure_turn(&t, who, turns, "shepherd ").await;
        assert!(!last.ephemeral(), "turn {turns}: {}", last.content());
        if last.content().contains("gathers a flock") || last.content().contains("A wolf!") {
            tokens += 1;
        }
    }
    assert!(tokens >= 1, "no shepherd's token told in {turns} steps");
    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "Discord would have refused: {violations:?}"
    );
    drop(bot);
}

/// `/tournament <sub>` with options, by `user` in `channel`.
async fn tournament(
    fake: &Fake,
    user: &User,
    channel: u64,
    sub: &str,
    options: Vec<Value>,
) -> Answer {
    let id = fake.slash(
        user,
        channel,
        "/tournament",
        vec![json!({"name": sub, "type": 1, "options": options})],
    );
    fake.answer(id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_round_robin_from_creation_to_the_final_announcement() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // Computers move without the human-paced pause; the job's tick is two seconds.
    let _bot = start_bot_with(
        &fake,
        &data,
        &[
            ("MEEPLEBOT_COMPUTER_PAUSE_MS", "0"),
            ("MEEPLEBOT_SECONDS_PER_HOUR", "2"),
        ],
    );
    check_commands(&fake.wait_ready(1).await);
    let moderator = User {
        id: 601,
        name: "Mona".into(),
        manage: true,
    };
    let members = [
        User {
            id: 602,
            name: "Nils".into(),
            manage: false,
        },
        User {
            id: 603,
            name: "Olga".into(),
            manage: false,
        },
    ];
    // A member may not open one.
    let refused = tournament(
        &fake,
        &members[0],
        CHANNEL,
        "create",
        vec![string("name", "x"), int("format", 1)],
    )
    .await;
    assert!(refused.ephemeral(), "{}", refused.content());
    // Round robin (choice 1), two computer seats (easy: choice 0).
    let created = tournament(
        &fake,
        &moderator,
        CHANNEL,
        "create",
        vec![
            string("name", "Spring Cup"),
            int("format", 1),
            int("computers", 2),
            int("computer_level", 0),
        ],
    )
    .await;
    assert!(!created.ephemeral(), "{}", created.content());
    assert!(
        created.content().contains("Spring Cup"),
        "{}",
        created.content()
    );
    let signup = button(&created, "Sign up");
    for m in &members {
        let id = fake.click(m, CHANNEL, &signup);
        let a = fake.answer(id).await;
        assert!(!a.ephemeral(), "{}", a.content());
        assert!(a.content().contains(&m.name), "{}", a.content());
    }
    let begun = tournament(&fake, &moderator, CHANNEL, "begin", vec![]).await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    assert!(
        begun.content().contains("starts with 4 players"),
        "{}",
        begun.content()
    );
    assert!(
        begun.content().contains("Round 1 of 3"),
        "{}",
        begun.content()
    );
    // Each table's game opens in a thread of its own; the members resign theirs (the
    // computer seats play the rest out) until the end is announced.
    let mut handled = std::collections::BTreeSet::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(240);
    let over = loop {
        assert!(
            std::time::Instant::now() < deadline,
            "the tournament did not end"
        );
        // The end's announcement (the standings message says it too, kept up to date).
        let over = fake.messages_in(CHANNEL).into_iter().find(|m| {
            let text = m["content"].as_str().unwrap_or("");
            text.contains("is over. The winner") && !text.starts_with("🏆 **Spring Cup** —")
        });
        if let Some(m) = over {
            break m;
        }
        for (parent, thread, name) in fake.threads() {
            if parent != CHANNEL || !handled.insert(thread) {
                continue;
            }
            assert!(name.starts_with("Spring Cup · round"), "{name}");
            // The game's first message, then each seated member resigns.
            for _ in 0..100 {
                if !fake.messages_in(thread).is_empty() {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            for m in &members {
                let id = fake.slash(m, thread, "resign", vec![]);
                let _ = fake.answer(id).await;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    };
    let text = over["content"].as_str().unwrap();
    assert!(text.contains("standings after 3 rounds"), "{text}");
    let threads: Vec<_> = fake
        .threads()
        .into_iter()
        .filter(|t| t.0 == CHANNEL)
        .collect();
    assert_eq!(threads.len(), 6, "three rounds of two tables: {threads:?}");
    // Every table's game was played or decided in its thread, and the rounds were announced.
    for (_, thread, _) in &threads {
        assert!(!fake.messages_in(*thread).is_empty(), "nothing in {thread}");
    }
    let hall: Vec<String> = fake
        .messages_in(CHANNEL)
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .collect();
    // Each round announced once (the standings message, kept up to date, aside).
    let announced: Vec<&String> = hall
        .iter()
        .filter(|t| !t.starts_with("🏆 **Spring Cup** —"))
        .collect();
    for round in ["Round 2 of 3", "Round 3 of 3"] {
        let n = announced.iter().filter(|t| t.contains(round)).count();
        assert_eq!(n, 1, "{round}: {hall:?}");
    }
    // One standings message, kept up to date by edits: at the end it shows the final table.
    for _ in 0..50 {
        let done = fake.messages_in(CHANNEL).iter().any(|m| {
            let text = m["content"].as_str().unwrap_or("");
            text.starts_with("🏆 **Spring Cup** —") && text.contains("The winner")
        });
        if done {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let edits = fake.edits_in(CHANNEL);
    assert!(!edits.is_empty(), "the standings message was edited");
    assert!(
        edits.iter().all(|&m| m == edits[0]),
        "one message: {edits:?}"
    );
    let kept: Vec<String> = fake
        .messages_in(CHANNEL)
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .filter(|t| t.starts_with("🏆 **Spring Cup** —"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].contains("finished"), "{}", kept[0]);
    assert!(
        kept[0].contains("Round 3 of 3: 0 games being played"),
        "{}",
        kept[0]
    );
    assert!(kept[0].contains("The winner"), "{}", kept[0]);
    let overview = tournament(&fake, &members[1], CHANNEL, "overview", vec![]).await;
    assert!(
        overview.content().contains("finished"),
        "{}",
        overview.content()
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}
