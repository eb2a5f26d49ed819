//! The `meeplebot` binary: wires the library's modules to a command line.

use clap::{Parser, Subcommand};
use meeplebot::engine::{replay, Record, ReplaySummary};
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "meeplebot",
    version,
    about = "Carcassonne with real rules, played in Discord"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record (a file, or - for standard input) and print the scores as JSON.
    Replay {
        /// Path of the record, or - for standard input.
        file: String,
    },
}

fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn run_replay(file: &str) -> Result<String, String> {
    let text = read_input(file)?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let game = replay(&record).map_err(|e| e.to_string())?;
    Ok(ReplaySummary::of(&game).to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => match run_replay(&file) {
            Ok(out) => {
                println!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
    }
}
