//! Test helper for `tests/crash.rs` (not part of the product): plays computer turns in the
//! offline channel of the database in `--data DIR` the way the bot's worker does, printing
//! "ack N" after each move is stored (N = turns stored) and "ack done" at the end; SIGTERM stops
//! it between turns. With `--reviews --now N` it makes finished games' reviews instead
//! ([`review`]).

use meeplebot::service::offline;
use std::process::ExitCode;

/// Plays computer turns in the offline channel of the database in `data` the way the bot's
/// worker does (the queue comes from the stored index, so a restart resumes by itself),
/// printing "ack N" after each move is stored; SIGTERM stops it between turns.
fn run(data: &std::path::Path) -> Result<String, String> {
    use meeplebot::service::computer::ComputerStep;
    use meeplebot::service::storage::Storage;
    use meeplebot::service::{Command, NewGame};
    use std::io::Write;
    use std::sync::Arc;
    let storage = Arc::new(meeplebot::store::SledStorage::open(data).map_err(|e| e.to_string())?);
    let service = Arc::new(offline::offline_service(storage.clone(), 5)?);
    {
        let service = service.clone();
        std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async {
                if let Ok(mut term) =
                    tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                {
                    term.recv().await;
                    service.stop();
                }
            });
        });
    }
    let turns = || -> Result<usize, String> {
        let bytes = storage
            .get_game(offline::OFFLINE)
            .map_err(|e| e.to_string())?;
        Ok(match bytes {
            None => 0,
            Some(b) => meeplebot::service::stored::StoredGame::decode(&b)?
                .record
                .map(|r| r.turns.len())
                .unwrap_or(0),
        })
    };
    let fresh = storage
        .get_game(offline::OFFLINE)
        .map_err(|e| e.to_string())?
        .is_none()
        && storage
            .summaries(offline::OFFLINE)
            .map_err(|e| e.to_string())?
            .is_empty();
    if fresh {
        offline::host_command(
            &service,
            Command::New(NewGame {
                computers: 3,
                spectate: true,
                origin: None,
                // The test is about durability: quick moves make many rounds.
                level: Some(meeplebot::ai::Level::Easy),
                ..NewGame::default()
            }),
        );
    }
    let lobby = match storage
        .get_game(offline::OFFLINE)
        .map_err(|e| e.to_string())?
    {
        Some(b) => {
            meeplebot::service::stored::StoredGame::decode(&b)?.phase
                == meeplebot::service::stored::Phase::Lobby
        }
        None => false,
    };
    if lobby {
        offline::host_command(&service, Command::Start);
    }
    let mut out = std::io::stdout();
    loop {
        let Some(key) = service.wait_for_computer(std::time::Duration::from_secs(5)) else {
            if service.stopping() {
                return Ok("stopped".into());
            }
            if storage
                .get_game(offline::OFFLINE)
                .map_err(|e| e.to_string())?
                .is_none()
            {
                writeln!(out, "ack done").map_err(|e| e.to_string())?;
                return Ok("finished".into());
            }
            return Err("stuck: the game waits for a computer that is not queued".into());
        };
        match service.play_computer(key, 0) {
            ComputerStep::Played(n) => {
                if n.reply.files.iter().any(|f| f.name == "final.png") {
                    writeln!(out, "ack done").map_err(|e| e.to_string())?;
                    return Ok("finished".into());
                }
                writeln!(out, "ack {}", turns()?).map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
            }
            ComputerStep::Idle => {}
            ComputerStep::Failed => return Err("a computer move could not be saved".into()),
        }
    }
}

/// The channels of the games [`review`] plays and reviews.
pub const REVIEWED: [u64; 3] = [11, 12, 13];

/// The second mode (`--reviews --now N`): plays a game of the host against an easy computer in
/// each of [`REVIEWED`]'s channels if the database has none ("ack games"), then makes the
/// reviews due at Unix second `N` the way the bot's reviewer does, printing "ack review C" once
/// the review of channel C's game is stored and "ack done" when every game has one.
fn review(data: &std::path::Path, now: u64) -> Result<String, String> {
    use meeplebot::service::storage::{Key, Storage};
    use meeplebot::service::{Command, FollowerChoice, NewGame, Settings};
    use std::io::Write;
    use std::sync::Arc;
    let storage = Arc::new(meeplebot::store::SledStorage::open(data).map_err(|e| e.to_string())?);
    let service = meeplebot::service::Service::open(
        storage.clone(),
        Arc::new(meeplebot::render::Renderer::generated()),
        Settings {
            seed: Some(9),
            review_iterations: 3000,
            ..Settings::default()
        },
    )
    .map_err(|e| e.to_string())?;
    let key = |channel| Key { guild: 0, channel };
    let reviewed = |channel| -> Result<Option<bool>, String> {
        let entries = storage.summaries(key(channel)).map_err(|e| e.to_string())?;
        let Some(e) = entries.last() else {
            return Ok(None);
        };
        let s: meeplebot::service::stored::Summary =
            serde_json::from_slice(&e.bytes).map_err(|e| e.to_string())?;
        Ok(Some(s.review.is_some()))
    };
    let mut out = std::io::stdout();
    if reviewed(REVIEWED[0])?.is_none() {
        for channel in REVIEWED {
            let k = key(channel);
            let host = |c| offline::host_command_in(&service, k, c);
            host(Command::New(NewGame {
                computers: 1,
                level: Some(meeplebot::ai::Level::Easy),
                ..NewGame::default()
            }));
            host(Command::Start);
            while reviewed(channel)?.is_none() {
                if let Some(k) = service.wait_for_computer(std::time::Duration::ZERO) {
                    service.play_computer(k, 0);
                    continue;
                }
                let Some(c) = service.placement_choices(k, 1, 1).into_iter().next() else {
                    return Err(format!("channel {channel}: no move for the host"));
                };
                host(Command::Place {
                    x: c.x,
                    y: c.y,
                    rotation: c.rotation,
                    follower: FollowerChoice::Act(meeplebot::engine::Action::Pass),
                });
            }
        }
        writeln!(out, "ack games").map_err(|e| e.to_string())?;
    }
    // What the computer queue still holds (the worker's part: a review waits for it).
    while let Some(k) = service.wait_for_computer(std::time::Duration::ZERO) {
        service.play_computer(k, 0);
    }
    service.due_held(now);
    loop {
        let mut left = 0;
        for channel in REVIEWED {
            if reviewed(channel)? != Some(true) {
                left += 1;
            }
        }
        if left == 0 {
            writeln!(out, "ack done").map_err(|e| e.to_string())?;
            return Ok("finished".into());
        }
        match service.review_next(std::time::Duration::from_secs(5)) {
            Some(n) => {
                writeln!(out, "ack review {}", n.key.channel).map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
            }
            None if service.reviews_queued() == 0 => {
                return Err("stuck: a game waits for a review nobody makes".into())
            }
            None => {}
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args[..] {
        ["--data", dir] => run(std::path::Path::new(dir)),
        ["--data", dir, "--reviews", "--now", now] => match now.parse() {
            Ok(now) => review(std::path::Path::new(dir), now),
            Err(_) => Err(format!("not a time: {now}")),
        },
        _ => {
            eprintln!("usage: crash-worker --data DIR [--reviews --now UNIX-SECONDS]");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
