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
    /// Run the Discord bot (token from DISCORD_TOKEN or the config file).
    Run {
        /// Configuration file (see config.example.toml); without it, defaults and environment.
        #[arg(long)]
        config: Option<std::path::PathBuf>,
        /// Gateway shards to run, first-last/total (e.g. 0-1/4); wins over the config and
        /// MEEPLEBOT_SHARDS.
        #[arg(long)]
        shards: Option<meeplebot::config::Shards>,
    },
    /// Replay a game record (a file, or - for standard input) and print the scores as JSON.
    Replay {
        /// Path of the record, or - for standard input.
        file: String,
    },
    /// Review a game record (a file, or - for standard input): the turns where the move made
    /// was worth clearly less than the search's, worst first, with what it would have played.
    Review {
        /// Path of the record, or - for standard input.
        file: String,
        /// Search iterations for each position (hard plays with 4,000 to 12,000).
        #[arg(long, default_value_t = 4000)]
        iterations: u32,
        /// Only this seat's turns (0 is the first player).
        #[arg(long)]
        seat: Option<usize>,
        /// Seed of the searches (the same seed, the same review).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw the position after a game record as a PNG board picture.
    Render {
        /// Path of the record, or - for standard input.
        record: String,
        /// Where to write the picture.
        #[arg(long, default_value = "board.png")]
        out: std::path::PathBuf,
        /// Draw the end-of-game picture (board plus final breakdown) instead.
        #[arg(long)]
        r#final: bool,
        /// Tile pictures to use instead of the built-in art (a directory of <id>.png, .jpg or
        /// .webp files).
        #[arg(long)]
        tiles: Option<std::path::PathBuf>,
        /// Draw the preview of this tile id (its four rotations with follower places) instead.
        #[arg(long)]
        preview: Option<String>,
        /// Draw the turn picture made for phones: the board around the last moves since the
        /// seat to play last played, numbered in their colours.
        #[arg(long)]
        phone: bool,
        /// Make the timelapse of the whole game instead: an animated GIF with one frame per
        /// placed tile and the final scores (use --out game.gif).
        #[arg(long)]
        timelapse: bool,
    },
    /// Play a complete offline game among computer players through the game service, writing
    /// the board picture of every turn into a directory and printing the final scores.
    Demo {
        /// Number of computer players (2 to 6).
        #[arg(long, default_value_t = 3)]
        players: u8,
        /// Directory for the pictures (created if missing).
        #[arg(long, default_value = "demo")]
        out: std::path::PathBuf,
        /// Seed of the shuffle (the same seed plays the same game).
        #[arg(long)]
        seed: Option<u64>,
        /// Expansions besides the base game, comma-separated: river, inns, traders, abbot, tower,
        /// princess, mayor, hills, bridges.
        #[arg(long, value_delimiter = ',')]
        sets: Vec<String>,
        /// Strength of the computer players: easy, medium or hard.
        #[arg(long, default_value = "hard")]
        level: String,
        /// Play through this storage (a sled directory or a postgres:// URL) so the finished
        /// game stays there, in a channel of its own; without it nothing is kept.
        #[arg(long)]
        storage: Option<String>,
        /// The language of the game's texts: en, de, fr, pl or es.
        #[arg(long, default_value = "en")]
        locale: String,
    },
    /// Copy every live game, finished game and preference from one storage to another (a sled
    /// directory or a postgres:// URL, either way), read it all back, and print one JSON line
    /// of counts. Stop the bot first.
    Migrate {
        /// The storage to copy from: a sled directory or a postgres:// URL.
        #[arg(long)]
        from: String,
        /// The storage to copy into: a sled directory (created if missing) or a postgres://
        /// URL.
        #[arg(long)]
        to: String,
        /// Copy into a target that holds games already (live games of the same channel are
        /// replaced; finished games already there are not copied twice).
        #[arg(long)]
        force: bool,
    },
    /// Computer against computer: two levels play two-player games (seats swapped every other
    /// game, each bag played from both seats) and one JSON line reports games, wins, average
    /// scores and move times per side.
    Arena {
        /// Level of side a: easy (greedy), medium or hard, or the random player or the fixed
        /// old hard (random, old-hard).
        #[arg(long, default_value = "hard")]
        a: String,
        /// Level of side b (as side a's).
        #[arg(long, default_value = "easy")]
        b: String,
        /// Number of games.
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Expansions besides the base game, comma-separated: river, inns, traders, abbot, tower,
        /// princess, mayor, hills, bridges.
        #[arg(long, value_delimiter = ',')]
        sets: Vec<String>,
        /// Seed of the bags and of the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// A round robin instead of one match: these players (random, easy, medium, hard,
        /// old-hard), comma-separated, `games` games each pair, seats swapped every other game;
        /// prints each one's Elo rating with its 95% interval (the first listed is 0) and the
        /// games behind them.
        #[arg(long, value_delimiter = ',')]
        ladder: Vec<String>,
    },
    /// Serve the web pages of the games kept in a storage (read only, no Discord) and print
    /// each game's link: `demo --storage DIR` then `web --storage DIR` shows a game in the
    /// browser. Moves stored meanwhile by a bot over the same PostgreSQL database appear live.
    Web {
        /// The storage: a sled directory or a postgres:// URL.
        #[arg(long)]
        storage: String,
        /// Address to serve on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
        /// The address the links show (a reverse proxy in front); default: http:// and
        /// --listen.
        #[arg(long)]
        public_url: Option<String>,
        /// Requests for pages and their data one address may make per minute (0: no limit).
        #[arg(long, default_value_t = 300)]
        requests_per_minute: u32,
        /// Live pages one address may hold open at once (0: no limit).
        #[arg(long, default_value_t = 20)]
        streams_per_address: u32,
        /// Turn pictures one address may ask for per minute (0: no limit).
        #[arg(long, default_value_t = 1200)]
        layers_per_minute: u32,
        /// Connections open at once in all (0: a quarter of the process's file limit, at most
        /// 4,096).
        #[arg(long, default_value_t = 0)]
        connections: u32,
        /// Connections one address may hold open at once (0: no limit).
        #[arg(long, default_value_t = 64)]
        connections_per_address: u32,
        /// A reverse proxy (address or range) whose X-Forwarded-For names the client; may be
        /// given several times.
        #[arg(long = "trusted-proxy", value_parser = trusted_proxy)]
        trusted_proxies: Vec<ipnet::IpNet>,
    },
    /// Play a game against the computer in the browser, with no Discord at all: serves the
    /// web board and prints your personal link (the game is kept in the storage; run it again
    /// to go on with an unfinished game).
    Play {
        /// Address to serve on (port 0: any free port).
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
        /// Where the game is kept: a sled directory (created if missing) or a postgres:// URL.
        #[arg(long, default_value = "meeplebot-play")]
        storage: String,
        /// Expansions besides the base game, comma-separated: river, inns, traders, abbot, tower,
        /// princess, mayor, hills, bridges.
        #[arg(long, value_delimiter = ',')]
        sets: Vec<String>,
        /// Number of computer players (1 to 5).
        #[arg(long, default_value_t = 1)]
        computers: u8,
        /// Strength of the computer players: easy, medium or hard.
        #[arg(long, default_value = "medium")]
        level: String,
        /// Your name on the board.
        #[arg(long, default_value = "You")]
        name: String,
        /// The language of the game's texts: en, de, fr, pl or es.
        #[arg(long, default_value = "en")]
        locale: String,
        /// Start a new game even if one is unfinished in the storage (that one is aborted).
        #[arg(long)]
        new: bool,
        /// The address the link shows (a reverse proxy in front); default: http:// and the
        /// address served on.
        #[arg(long)]
        public_url: Option<String>,
        /// Seed of the shuffle (the same seed deals the same tiles).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Draw the tile pictures of every set from the catalog (one PNG per tile id, and
    /// garden/<id>.png for the ids of which some copies carry a garden).
    Tiles {
        /// Directory to write into (created if missing).
        #[arg(long, default_value = "tiles")]
        out: std::path::PathBuf,
        /// Size of each picture in pixels.
        #[arg(long, default_value_t = 192)]
        size: u32,
    },
}

/// Reads a record from a file or standard input (`-`), refusing more than
/// [`meeplebot::engine::MAX_RECORD_BYTES`].
fn read_input(file: &str) -> Result<String, String> {
    let limit = meeplebot::engine::MAX_RECORD_BYTES as u64;
    let (reader, name): (Box<dyn Read>, String) = if file == "-" {
        (Box::new(std::io::stdin()), "standard input".into())
    } else {
        let f = std::fs::File::open(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        (Box::new(f), file.to_string())
    };
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{name} is larger than {} MiB: no game record is that large",
            limit >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8 text"))
}

fn run_replay(file: &str) -> Result<String, String> {
    let text = read_input(file)?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let game = replay(&record).map_err(|e| e.to_string())?;
    Ok(ReplaySummary::of(&game).to_string())
}

/// `meeplebot review`: the record's turning points, one line each, and what the review took.
fn run_review(
    file: &str,
    iterations: u32,
    seat: Option<usize>,
    seed: u64,
) -> Result<String, String> {
    use meeplebot::service::text::action_text;
    let text = read_input(file)?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let budget = meeplebot::ai::mcts::Budget {
        iterations: iterations.max(1),
        max_time: std::time::Duration::from_secs(3600),
        rollout: 0,
        valuation: meeplebot::ai::mcts::Valuation::default(),
        root: meeplebot::ai::mcts::RootChoice::Ucb,
    };
    let started = std::time::Instant::now();
    let points =
        meeplebot::ai::review::review(&record, budget, seed, |s| seat.is_none_or(|k| k == s))
            .map_err(|e| e.to_string())?;
    let took = started.elapsed();
    let moves = |actions: &[meeplebot::engine::Action]| {
        actions
            .iter()
            .map(|&a| action_text(a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines: Vec<String> = points
        .iter()
        .map(|p| {
            let name = record.players.get(p.seat).map_or("?", String::as_str);
            format!(
                "Turn {}: {name} played {}; {} was worth about +{:.0}",
                p.turn,
                moves(&p.made),
                moves(&p.better),
                p.gain
            )
        })
        .collect();
    if lines.is_empty() {
        lines.push("No turning points: no move gave away clearly more than the search's.".into());
    }
    lines.push(format!(
        "Reviewed in {:.1} s ({iterations} iterations a search).",
        took.as_secs_f64()
    ));
    Ok(lines.join("\n"))
}

/// Reads every `*.png` of a directory as (file name, bytes).
/// The pictures of an art pack directory: `<tile id>.png`, `.jpg`, `.jpeg` or `.webp`.
fn read_art(dir: &std::path::Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the directory {}: {e}", dir.display()))?;
    let mut out = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let art = meeplebot::render::ART_EXTENSIONS
            .iter()
            .any(|ext| name.ends_with(&format!(".{ext}")));
        if art && e.path().is_file() {
            let bytes =
                std::fs::read(e.path()).map_err(|err| format!("cannot read {name}: {err}"))?;
            out.push((name, bytes));
        }
    }
    Ok(out)
}

fn run_render(
    record: &str,
    out: &std::path::Path,
    (final_picture, phone, timelapse): (bool, bool, bool),
    tiles: Option<&std::path::Path>,
    preview: Option<&str>,
) -> Result<String, String> {
    use meeplebot::render::{BoardOptions, Renderer};
    let renderer = match tiles {
        Some(dir) => Renderer::from_files(read_art(dir)?).map_err(|e| e.to_string())?,
        None => Renderer::generated(),
    };
    let png = if let Some(id) = preview {
        let tile = meeplebot::engine::TileId::parse(id).ok_or(format!("unknown tile id {id:?}"))?;
        renderer.preview_png(tile)
    } else {
        let text = read_input(record)?;
        let rec = Record::from_json(&text).map_err(|e| e.to_string())?;
        let game = replay(&rec).map_err(|e| e.to_string())?;
        if timelapse {
            renderer.timelapse(&rec).map_err(|e| e.to_string())?
        } else if final_picture {
            renderer.final_png(&game)
        } else if phone {
            let seat = game.current_player();
            let opts = BoardOptions {
                recent: meeplebot::render::recent_moves(&game, seat),
                phone: true,
                ..BoardOptions::default()
            };
            renderer.board_png(&game, &opts)
        } else {
            renderer.board_png(&game, &BoardOptions::default())
        }
    };
    std::fs::write(out, &png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!("wrote {} ({} bytes)", out.display(), png.len()))
}

/// The sets of `--sets` (the base game always), or why a name is unknown.
fn arena_sets(sets: &[String]) -> Result<Vec<meeplebot::engine::TileSet>, String> {
    use meeplebot::engine::TileSet;
    let mut tile_sets = vec![TileSet::Base];
    for name in sets {
        let set = TileSet::parse(name.trim()).ok_or_else(|| {
            let known: Vec<&str> = TileSet::EXPANSIONS.iter().map(|s| s.name()).collect();
            format!("unknown set {name:?}: use {}", known.join(", "))
        })?;
        if !tile_sets.contains(&set) {
            tile_sets.push(set);
        }
    }
    Ok(tile_sets)
}

/// Plays `games` arena games of `a` against `b` on a few threads; the results in game order.
fn arena_games(
    (a, b): (meeplebot::ai::arena::Player, meeplebot::ai::arena::Player),
    games: u32,
    tile_sets: &[meeplebot::engine::TileSet],
    seed: u64,
    threads: Option<usize>,
) -> Result<Vec<meeplebot::ai::arena::GameResult>, String> {
    use meeplebot::ai::arena;
    use meeplebot::engine::Rules;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    let failure = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games as u64 {
                    return;
                }
                match arena::play_game(a, b, tile_sets, Rules::default(), seed, i) {
                    Ok(r) => results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, r)),
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        next.store(u64::MAX / 2, Ordering::SeqCst);
                        return;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    Ok(results.into_iter().map(|(_, r)| r).collect())
}

/// `meeplebot arena`: plays the games on a few threads and prints the summary line.
fn run_arena(
    a: &str,
    b: &str,
    games: u32,
    sets: &[String],
    seed: u64,
    threads: Option<usize>,
) -> Result<String, String> {
    use meeplebot::ai::arena::{self, Player};
    let a: Player = a
        .parse()
        .map_err(|e: meeplebot::ai::UnknownLevel| e.to_string())?;
    let b: Player = b
        .parse()
        .map_err(|e: meeplebot::ai::UnknownLevel| e.to_string())?;
    let tile_sets = arena_sets(sets)?;
    let results = arena_games((a, b), games, &tile_sets, seed, threads)?;
    let summary = arena::summarize(a, b, &tile_sets, seed, &results);
    serde_json::to_string(&summary).map_err(|e| e.to_string())
}

/// `meeplebot arena --ladder`: a round robin of the players, `games` games a pair, then each
/// one's Elo rating with its 95% interval and the games behind them, as a Markdown table.
fn run_ladder(
    players: &[String],
    games: u32,
    sets: &[String],
    seed: u64,
    threads: Option<usize>,
) -> Result<String, String> {
    use meeplebot::ai::arena::{self, Player};
    use meeplebot::ai::ladder::{ratings, Pairing};
    let players: Vec<Player> = players
        .iter()
        .map(|p| {
            p.parse::<Player>()
                .map_err(|_| format!("unknown player {p:?}: use random, easy, medium or hard"))
        })
        .collect::<Result<_, _>>()?;
    if players.len() < 2 {
        return Err("a ladder needs at least two players".into());
    }
    let tile_sets = arena_sets(sets)?;
    let n = players.len();
    let mut table = vec![vec![Pairing::default(); n]; n];
    let mut lines = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let results = arena_games((players[i], players[j]), games, &tile_sets, seed, threads)?;
            // The match's totals, as `arena` sums them: a's points are its wins and half its ties.
            let s = arena::summarize(players[i], players[j], &tile_sets, seed, &results);
            table[i][j] = Pairing {
                games: s.games,
                points: s.a.wins as f64 + s.a.ties as f64 / 2.0,
            };
            lines.push(format!(
                "{} – {}: {} games, {} wins, {} ties, {} losses",
                players[i], players[j], s.games, s.a.wins, s.a.ties, s.b.wins
            ));
        }
    }
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let set_names: Vec<&str> = tile_sets.iter().map(|s| s.name()).collect();
    let mut out = vec![
        format!(
            "Ladder: {} ({} games a pair, seed {seed}); Elo relative to {}, 95% intervals",
            set_names.join(" + "),
            games,
            names[0]
        ),
        String::new(),
        "| player | Elo | 95% interval | games | points |".into(),
        "|---|---|---|---|---|".into(),
    ];
    for r in ratings(&names, &table) {
        let interval = if r.player == names[0] {
            "(anchor)".to_string()
        } else {
            format!("{:+.0} … {:+.0}", r.low, r.high)
        };
        out.push(format!(
            "| {} | {:+.0} | {interval} | {} | {} |",
            r.player, r.elo, r.games, r.points
        ));
    }
    out.push(String::new());
    out.extend(lines);
    Ok(out.join("\n"))
}

fn run_demo(
    players: u8,
    out: &std::path::Path,
    seed: Option<u64>,
    sets: Vec<String>,
    (level, lang): (&str, meeplebot::i18n::Lang),
    storage: Option<&str>,
) -> Result<String, String> {
    use meeplebot::service::computer::ComputerStep;
    let level: meeplebot::ai::Level = level
        .parse()
        .map_err(|e: meeplebot::ai::UnknownLevel| e.to_string())?;
    use meeplebot::service::storage::MemoryStorage;
    use meeplebot::service::{Command, NewGame};
    use std::sync::Arc;
    if !(2..=6).contains(&players) {
        return Err(format!("--players must be 2 to 6, not {players}"));
    }
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    // Kept storage: a channel of its own (the time in milliseconds), so demos never meet.
    let (store, key, kept): (Arc<dyn meeplebot::service::storage::Storage>, _, _) = match storage {
        None => (
            Arc::new(MemoryStorage::new()),
            meeplebot::service::offline::OFFLINE,
            None,
        ),
        Some(place) => {
            let location = meeplebot::store::Location::parse(place);
            let opened = meeplebot::store::open(&location).map_err(|e| e.to_string())?;
            let millis = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(1);
            let key = meeplebot::service::Key::new(0, millis);
            (opened, key, Some(location))
        }
    };
    let service =
        meeplebot::service::offline::offline_service(store, seed.unwrap_or_else(rand::random))?;
    let ask = |command: Command| {
        meeplebot::service::offline::host_command_localized(&service, key, command, Some(lang))
    };
    let opened = ask(Command::New(NewGame {
        computers: players,
        spectate: true,
        origin: None,
        sets: Some(sets),
        level: Some(level),
        ..NewGame::default()
    }));
    if opened.ephemeral {
        return Err(opened.text);
    }
    let mut reply = ask(Command::Start);
    let mut turn = 0;
    loop {
        if reply.ephemeral {
            return Err(format!("the demo stopped: {}", reply.text));
        }
        println!("{}\n", reply.text);
        // The final message's timelapse, made as the bot makes it: after the move is stored.
        service.complete(&mut reply);
        for f in &reply.files {
            let name = match f.name.as_str() {
                "turn.png" => format!("turn-{turn:02}.png"),
                "final.png" | "scores.png" | "timelapse.gif" => f.name.clone(),
                _ => continue,
            };
            let path = out.join(name);
            std::fs::write(&path, &f.bytes)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if reply.files.iter().any(|f| f.name == "final.png") {
            break;
        }
        turn += 1;
        // A guard against a game that never ends: every set's own steps (a bazaar's bids, the
        // dragon's moves) are messages of their own, so a game with all of them posts several
        // hundred.
        if turn > 3_000 {
            return Err("the demo did not end after 3,000 messages".into());
        }
        reply = loop {
            let due = service
                .wait_for_computer(std::time::Duration::ZERO)
                .ok_or("no computer turn is pending, but the game did not end")?;
            match service.play_computer(due, 0) {
                ComputerStep::Played(n) if due == key => break n.reply,
                // A demo interrupted earlier in the same storage: its game goes on quietly.
                ComputerStep::Played(_) => continue,
                other => return Err(format!("the computer did not move: {other:?}")),
            }
        };
    }
    // The game record, as `export` gives it after the end.
    let record = ask(Command::Export);
    let file = record
        .files
        .iter()
        .find(|f| f.name.ends_with(".json"))
        .ok_or_else(|| format!("no game record: {}", record.text))?;
    let path = out.join("record.json");
    std::fs::write(&path, &file.bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let mut done = format!(
        "pictures of {turn} turns, final.png, scores.png, timelapse.gif and the game record (record.json) are in {}",
        out.display()
    );
    if let Some(location) = kept {
        done.push_str(&format!(
            "\nthe finished game is kept in {location}, guild 0 channel {}",
            key.channel
        ));
    }
    Ok(done)
}

fn run_migrate(from: &str, to: &str, force: bool) -> Result<String, String> {
    use meeplebot::store::{copy, open, Location};
    let (from, to) = (Location::parse(from), Location::parse(to));
    if from == to {
        return Err(format!("--from and --to are the same storage ({from})"));
    }
    if let Location::Dir(d) = &from {
        if !d.is_dir() {
            return Err(format!("--from {}: no such directory", d.display()));
        }
    }
    let source = open(&from).map_err(|e| format!("--from {from}: {e}"))?;
    let target = open(&to).map_err(|e| format!("--to {to}: {e}"))?;
    let counts = copy::copy(source.as_ref(), target.as_ref(), force)
        .map_err(|e| format!("copying {from} to {to}: {e}"))?;
    serde_json::to_string(&counts).map_err(|e| e.to_string())
}

/// glibc gives threads that allocate arenas of their own (up to eight per core), and the bot's
/// many blocking threads kept theirs growing: under sustained load (`benches/cluster.rs`) resident
/// memory rose by 1 to 4 MiB a minute per process, and with two arenas it stayed flat at the same
/// speed. A `MALLOC_ARENA_MAX` set in the environment wins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn limit_malloc_arenas() {
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: `mallopt` only sets a parameter of the allocator; it is called before the
        // bot starts its threads.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 2);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_malloc_arenas() {}

fn run_bot(
    config: Option<&std::path::Path>,
    shards: Option<meeplebot::config::Shards>,
) -> Result<String, String> {
    limit_malloc_arenas();
    use meeplebot::config::Config;
    use std::sync::Arc;
    let text = match config {
        Some(p) => {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?
        }
        None => String::new(),
    };
    let cfg = Config::parse(&text)
        .map_err(|e| e.to_string())?
        .with_env(|k| std::env::var(k).ok());
    if let Ok(text) = std::env::var("MEEPLEBOT_OPS_LISTEN") {
        text.trim()
            .parse::<std::net::SocketAddr>()
            .map_err(|e| format!("MEEPLEBOT_OPS_LISTEN {text:?}: {e} (expected host:port)"))?;
    }
    if let Ok(text) = std::env::var("MEEPLEBOT_SHARDS") {
        text.parse::<meeplebot::config::Shards>()
            .map_err(|e| format!("MEEPLEBOT_SHARDS: {e}"))?;
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_new(&cfg.log)
                .map_err(|e| format!("config: log filter {:?}: {e}", cfg.log))?,
        )
        .init();
    if cfg.token.is_empty() {
        return Err("no Discord token: set DISCORD_TOKEN (or token in the config file)".into());
    }
    let location = cfg.location();
    let storage = meeplebot::store::open_with(&location, cfg.storage.pg_limits())
        .map_err(|e| e.to_string())?;
    tracing::info!("games are kept in {location}");
    let renderer = match read_art(&cfg.tiles_dir)
        .map_err(|e| e.to_string())
        .and_then(|files| meeplebot::render::Renderer::from_files(files).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!("using the built-in tile art: {e}");
            meeplebot::render::Renderer::generated()
        }
    };
    let mut settings = cfg.settings();
    // For end-to-end tests only: a shorter reminder "hour".
    if let Some(secs) = std::env::var("MEEPLEBOT_SECONDS_PER_HOUR")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&s| s > 0)
    {
        settings.seconds_per_hour = secs;
    }
    let reminder_tick = std::time::Duration::from_secs(settings.seconds_per_hour.min(10));
    let service = meeplebot::service::Service::open(storage, Arc::new(renderer), settings)
        .map_err(|e| e.to_string())?;
    let bot = meeplebot::bot::BotConfig {
        token: cfg.token.clone(),
        dev_guild: cfg.dev_guild,
        api_base: std::env::var("DISCORD_API_BASE")
            .ok()
            .filter(|s| !s.is_empty()),
        reminder_tick,
        computer_threads: match cfg.computer_threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        },
        // For end-to-end tests only: computers that move without the human-paced pause.
        computer_pause: std::env::var("MEEPLEBOT_COMPUTER_PAUSE_MS")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .map_or(
                meeplebot::bot::COMPUTER_PAUSE,
                std::time::Duration::from_millis,
            ),
        shards: shards.or(cfg.shards).map(|s| (s.first, s.last, s.total)),
        ops_listen: cfg.ops.listen,
        web_listen: cfg.web.listen.map(|a| {
            (
                a,
                meeplebot::web::WebLimits {
                    requests_per_minute: cfg.web.requests_per_minute,
                    streams_per_address: cfg.web.streams_per_address,
                    link_requests_per_minute: cfg.web.link_requests_per_minute,
                    layers_per_minute: cfg.web.layers_per_minute,
                    connections: cfg.web.connections,
                    connections_per_address: cfg.web.connections_per_address,
                    trusted_proxies: cfg
                        .web
                        .trusted_proxies
                        .iter()
                        .filter_map(|p| meeplebot::config::parse_proxy(p))
                        .collect(),
                    ..meeplebot::web::WebLimits::default()
                },
            )
        }),
        activity: cfg.web.activity(),
    };
    if let Some((first, last, total)) = bot.shards {
        tracing::info!("running gateway shards {first} to {last} of {total}");
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let service = Arc::new(service);
    let stopped = rt.block_on(meeplebot::bot::run(bot, service.clone()));
    // The service (and its database connections, which block) goes after the runtime.
    drop(rt);
    drop(service);
    stopped.map_err(|e| format!("the bot stopped: {e}"))?;
    Ok("the bot stopped".into())
}

/// Reads `--trusted-proxy`.
fn trusted_proxy(text: &str) -> Result<ipnet::IpNet, String> {
    meeplebot::config::parse_proxy(text)
        .ok_or_else(|| format!("{text:?} is not an address (10.0.0.1) or a range (10.0.0.0/8)"))
}

fn run_web(
    storage: &str,
    listen: std::net::SocketAddr,
    public_url: Option<&str>,
    limits: meeplebot::web::WebLimits,
) -> Result<String, String> {
    use std::io::Write;
    let location = meeplebot::store::Location::parse(storage);
    let store = meeplebot::store::open(&location).map_err(|e| format!("{location}: {e}"))?;
    let service = meeplebot::service::Service::open(
        store,
        std::sync::Arc::new(meeplebot::render::Renderer::generated()),
        meeplebot::service::Settings::default(),
    )
    .map_err(|e| e.to_string())?;
    let base = public_url
        .map(|u| u.trim_end_matches('/').to_string())
        .unwrap_or_else(|| format!("http://{listen}"));
    let links = service.web().links().map_err(|e| e.to_string())?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let listener = rt
        .block_on(tokio::net::TcpListener::bind(listen))
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "serving {} game page(s) of {location} on http://{listen}",
            links.len()
        );
        for (token, key) in &links {
            let _ = writeln!(
                out,
                "{}  (guild {} channel {})",
                meeplebot::web::page_url(&base, token),
                key.guild,
                key.channel
            );
        }
        let _ = out.flush();
    }
    let service = std::sync::Arc::new(service);
    rt.block_on(async {
        tokio::select! {
            _ = meeplebot::web::serve(listener, service.clone(), limits) => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    });
    drop(rt);
    drop(service);
    Ok("the web board stopped".into())
}

/// What `meeplebot play` is asked for.
struct PlayOptions {
    listen: std::net::SocketAddr,
    storage: String,
    public_url: Option<String>,
    seed: Option<u64>,
    game: meeplebot::service::solo::SoloGame,
}

fn run_play(o: PlayOptions) -> Result<String, String> {
    use meeplebot::service::computer::ComputerStep;
    use std::io::Write;
    use std::sync::Arc;
    let location = meeplebot::store::Location::parse(&o.storage);
    let store = meeplebot::store::open(&location).map_err(|e| format!("{location}: {e}"))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let listener = rt
        .block_on(tokio::net::TcpListener::bind(o.listen))
        .map_err(|e| format!("cannot listen on {}: {e}", o.listen))?;
    let served = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {}: {e}", o.listen))?;
    let base = o
        .public_url
        .as_deref()
        .map(|u| u.trim_end_matches('/').to_string())
        .unwrap_or_else(|| format!("http://{served}"));
    let service = meeplebot::service::Service::open(
        store,
        Arc::new(meeplebot::render::Renderer::generated()),
        meeplebot::service::Settings {
            web_base: Some(base),
            seed: o.seed,
            // One process plays here: after a crash the next run takes the computer's turn
            // over within seconds, not a minute.
            lease_seconds: 10,
            ..meeplebot::service::Settings::default()
        },
    )
    .map_err(|e| e.to_string())?;
    let started = service
        .solo_game(&o.game, unix_now())
        .map_err(|e| e.to_string())?;
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "{} game against {} computer player(s) ({}), kept in {location}",
            if started.resumed {
                "going on with the"
            } else {
                "a new"
            },
            started.computers,
            started.level,
        );
        let _ = writeln!(
            out,
            "open your link in a browser (it moves your seat: keep it to yourself):"
        );
        let _ = writeln!(out, "{}", started.link);
        let _ = writeln!(out, "Ctrl-C stops; run the same command again to go on.");
        let _ = out.flush();
    }
    let service = Arc::new(service);
    // The computers think off the request path, one turn at a time, at a readable pace.
    let computers = {
        let service = service.clone();
        std::thread::spawn(move || {
            while !service.stopping() {
                let Some(key) = service.wait_for_computer(std::time::Duration::from_millis(500))
                else {
                    continue;
                };
                std::thread::sleep(std::time::Duration::from_millis(400));
                if let ComputerStep::Played(n) = service.play_computer(key, unix_now()) {
                    told(&n);
                } else {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
            }
        })
    };
    // A computer whose turn it was when the last run stopped plays as soon as that run's
    // claim on it has lapsed.
    let due = {
        let service = service.clone();
        std::thread::spawn(move || {
            while !service.stopping() {
                service.claim_due_work(unix_now());
                // The finished game's review, when its timer is due.
                let _ = service.due_held(unix_now());
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        })
    };
    // The computer's review of the finished game, printed whole (the page shows it too).
    let reviewer = {
        let service = service.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            while !service.stopping() {
                if let Some(n) = service.review_next(std::time::Duration::from_millis(500)) {
                    let text = terminal_safe(&n.reply.text.replace("**", ""));
                    let _ = writeln!(std::io::stdout().lock(), "{text}");
                }
            }
        })
    };
    // What the person's moves say, as the channel would read it.
    let moves = {
        let service = service.clone();
        std::thread::spawn(move || {
            while !service.stopping() {
                for n in service.wait_outbox(std::time::Duration::from_millis(500)) {
                    told(&n);
                }
            }
        })
    };
    rt.block_on(async {
        tokio::select! {
            _ = meeplebot::web::serve(listener, service.clone(), play_limits()) => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    });
    service.stop();
    let _ = computers.join();
    let _ = due.join();
    let _ = moves.join();
    let _ = reviewer.join();
    drop(rt);
    drop(service);
    Ok("stopped; run the same command again to go on".into())
}

/// The web board's limits for `meeplebot play`: one person's page, which reads the game
/// again after every computer's move, so its link may ask ten times a bot's (a quick player
/// against five quick computers asks over 120 times a minute); the other limits as served.
fn play_limits() -> meeplebot::web::WebLimits {
    let limits = meeplebot::web::WebLimits::default();
    meeplebot::web::WebLimits {
        link_requests_per_minute: limits.link_requests_per_minute * 10,
        requests_per_minute: limits.requests_per_minute * 10,
        ..limits
    }
}

/// Prints the first line of what a move says (its turn line) on the terminal; a terminal
/// that went away (a closed pipe) stops nothing.
fn told(n: &meeplebot::service::Notice) {
    use std::io::Write;
    if let Some(line) = n.reply.text.lines().find(|l| !l.trim().is_empty()) {
        let _ = writeln!(std::io::stdout().lock(), "{}", terminal_safe(line));
    }
}

/// Seconds since the Unix epoch.
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn run_tiles(out: &std::path::Path, size: u32) -> Result<String, String> {
    if !(16..=1024).contains(&size) {
        return Err(format!("--size must be between 16 and 1024, not {size}"));
    }
    let garden_dir = out.join("garden");
    std::fs::create_dir_all(&garden_dir)
        .map_err(|e| format!("cannot create {}: {e}", garden_dir.display()))?;
    let mut n = 0;
    for t in &meeplebot::engine::catalog().tiles {
        let mut targets = vec![(out.join(format!("{}.png", t.id)), false)];
        if t.gardens > 0 {
            targets.push((garden_dir.join(format!("{}.png", t.id)), true));
        }
        for (path, garden) in targets {
            let png = meeplebot::render::tile_png(t, size, garden);
            std::fs::write(&path, png)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            n += 1;
        }
    }
    Ok(format!("wrote {n} tile pictures to {}", out.display()))
}

/// Reads `meeplebot play`'s options.
fn play_options(
    (listen, storage, public_url, seed): (
        std::net::SocketAddr,
        String,
        Option<String>,
        Option<u64>,
    ),
    (sets, computers, level, name, locale, fresh): (Vec<String>, u8, &str, String, &str, bool),
) -> Result<PlayOptions, String> {
    let lang = meeplebot::i18n::Lang::from_locale(locale).ok_or_else(|| {
        format!("--locale: no catalog for {locale:?} (there are en, de, fr, pl and es)")
    })?;
    let level: meeplebot::ai::Level = level
        .parse()
        .map_err(|e: meeplebot::ai::UnknownLevel| e.to_string())?;
    let name = name.trim().to_string();
    if name.is_empty() || name.chars().count() > 32 {
        return Err("--name must be 1 to 32 characters".into());
    }
    Ok(PlayOptions {
        listen,
        storage,
        public_url,
        seed,
        game: meeplebot::service::solo::SoloGame {
            name,
            sets,
            computers,
            level,
            lang,
            fresh,
        },
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Replay { file } => run_replay(&file),
        Command::Review {
            file,
            iterations,
            seat,
            seed,
        } => run_review(&file, iterations, seat, seed),
        Command::Run { config, shards } => run_bot(config.as_deref(), shards),
        Command::Tiles { out, size } => run_tiles(&out, size),
        Command::Demo {
            players,
            out,
            seed,
            sets,
            level,
            storage,
            locale,
        } => meeplebot::i18n::Lang::from_locale(&locale)
            .ok_or_else(|| {
                format!("--locale: no catalog for {locale:?} (there are en, de, fr, pl and es)")
            })
            .and_then(|lang| {
                run_demo(
                    players,
                    &out,
                    seed,
                    sets,
                    (&level, lang),
                    storage.as_deref(),
                )
            }),
        Command::Migrate { from, to, force } => run_migrate(&from, &to, force),
        Command::Web {
            storage,
            listen,
            public_url,
            requests_per_minute,
            streams_per_address,
            layers_per_minute,
            connections,
            connections_per_address,
            trusted_proxies,
        } => run_web(
            &storage,
            listen,
            public_url.as_deref(),
            meeplebot::web::WebLimits {
                requests_per_minute,
                streams_per_address,
                layers_per_minute,
                connections,
                connections_per_address,
                trusted_proxies,
                ..meeplebot::web::WebLimits::default()
            },
        ),
        Command::Play {
            listen,
            storage,
            sets,
            computers,
            level,
            name,
            locale,
            new,
            public_url,
            seed,
        } => play_options(
            (listen, storage, public_url, seed),
            (sets, computers, &level, name, &locale, new),
        )
        .and_then(run_play),
        Command::Arena {
            games,
            sets,
            seed,
            threads,
            ladder,
            ..
        } if !ladder.is_empty() => run_ladder(&ladder, games, &sets, seed, threads),
        Command::Arena {
            a,
            b,
            games,
            sets,
            seed,
            threads,
            ..
        } => run_arena(&a, &b, games, &sets, seed, threads),
        Command::Render {
            record,
            out,
            r#final,
            tiles,
            preview,
            phone,
            timelapse,
        } => run_render(
            &record,
            &out,
            (r#final, phone, timelapse),
            tiles.as_deref(),
            preview.as_deref(),
        ),
    };
    match result {
        Ok(out) => {
            println!("{}", terminal_safe(&out));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}", terminal_safe(&e));
            ExitCode::FAILURE
        }
    }
}

/// Text from records (names, sets, tile ids) may hold anything: control characters (terminal
/// escape sequences, in their 7-bit and 8-bit forms) and bidirectional overrides are written as
/// `\uXXXX` (which JSON reads back as the same character), so nothing a record holds can move
/// the cursor, recolour or retitle a terminal, or reorder what it shows.
fn terminal_safe(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let unsafe_char = (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        if unsafe_char {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}
