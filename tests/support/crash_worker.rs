//! Test helper for `tests/crash.rs` (not part of the product): plays computer turns in the
//! offline channel of the database in `--data DIR` the way the bot's worker does, printing
//! "ack N" after each move is stored (N = turns stored) and "ack done" at the end; SIGTERM stops
//! it between turns.

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

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let data = match (args.next().as_deref(), args.next()) {
        (Some("--data"), Some(dir)) => std::path::PathBuf::from(dir),
        _ => {
            eprintln!("usage: crash-worker --data DIR");
            return ExitCode::from(2);
        }
    };
    match run(&data) {
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
