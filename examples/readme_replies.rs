//! Prints what the bot answers to each command in a short scripted game, and writes the pictures
//! it attaches into `docs/` (used for the README): `cargo run --example readme_replies`.

use meeplebot::render::Renderer;
use meeplebot::service::storage::MemoryStorage;
use meeplebot::service::{
    Actor, Command, FollowerChoice, Key, NewGame, Reply, Request, Service, Settings,
};
use std::sync::Arc;

const CH: Key = Key {
    guild: 1,
    channel: 7,
};

fn main() {
    let svc = Service::open(
        Arc::new(MemoryStorage::new()),
        Arc::new(Renderer::generated()),
        Settings {
            seed: Some(21),
            ..Settings::default()
        },
    )
    .expect("service");
    let alice = Actor {
        id: 1,
        name: "Alice".into(),
        manager: false,
        rights: Default::default(),
    };
    let bob = Actor {
        id: 2,
        name: "Bob".into(),
        manager: false,
        rights: Default::default(),
    };
    let mut now = 1_763_700_000;
    let mut send = |who: &Actor, label: &str, command: Command| -> Reply {
        now += 60;
        let r = svc.handle(Request {
            key: CH,
            actor: who.clone(),
            command,
            now,
            game: None,
            interaction: None,
            locale: Default::default(),
        });
        println!("### {label} ({})\n", who.name);
        println!(
            "{}{}\n",
            if r.ephemeral {
                "(only you can see this) "
            } else {
                ""
            },
            r.text
        );
        if !r.buttons.is_empty() {
            let labels: Vec<&str> = r.buttons.iter().map(|b| b.label.as_str()).collect();
            println!("buttons: [{}]\n", labels.join("] ["));
        }
        for f in &r.files {
            println!("attachment: {} ({} KB)\n", f.name, f.bytes.len() / 1024);
        }
        r
    };
    send(
        &alice,
        "/carcassonne new",
        Command::New(NewGame {
            computers: 1,
            ..NewGame::default()
        }),
    );
    send(&bob, "/carcassonne join", Command::Join);
    let start = send(&alice, "/carcassonne start", Command::Start);
    let first = start.ping[0];
    let (me, other) = if first == 1 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    send(
        other,
        "/carcassonne place (not your turn)",
        Command::Place {
            x: 0,
            y: 1,
            rotation: 0,
            follower: FollowerChoice::Act(meeplebot::engine::Action::Pass),
        },
    );
    // Placing by buttons: Place, a cell, a rotation, a figure, Confirm.
    let place = start
        .buttons
        .iter()
        .find(|b| b.label == "Place")
        .expect("a Place button")
        .clone();
    let cells = send(me, "button \"Place\"", place.action.command);
    let rots = send(
        me,
        &format!("button \"{}\"", cells.buttons[0].label),
        cells.buttons[0].action.command.clone(),
    );
    if let Some(f) = rots.files.iter().find(|f| f.name == "rotations.png") {
        std::fs::write("docs/rotations.png", &f.bytes).unwrap();
    }
    let mut step = send(
        me,
        &format!("button \"{}\"", rots.buttons[0].label),
        rots.buttons[0].action.command.clone(),
    );
    if step.text.contains("Step 3") {
        let b = step.buttons[0].clone();
        step = send(me, &format!("button \"{}\"", b.label), b.action.command);
    }
    let confirm = step
        .buttons
        .iter()
        .find(|b| b.label == "Confirm")
        .expect("a Confirm button")
        .clone();
    let moved = send(me, "button \"Confirm\"", confirm.action.command);
    if let Some(f) = moved.files.iter().find(|f| f.name == "turn.png") {
        std::fs::write("docs/turn.png", &f.bytes).unwrap();
    }
    send(me, "/carcassonne undo", Command::Undo);
    send(&alice, "/carcassonne status", Command::Status);
    send(&alice, "/carcassonne tiles", Command::Tiles);
    send(&alice, "/carcassonne rules", Command::Rules);
    send(&bob, "/carcassonne abort (not the creator)", Command::Abort);
    send(&bob, "/carcassonne standings", Command::Standings);
    send(&bob, "/carcassonne resign", Command::Resign);
    send(&alice, "/carcassonne export", Command::Export);
}
