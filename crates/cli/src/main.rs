//! `agora`: play, replay and measure Agora's games from the command line.

mod admin;
mod ai_worker;
mod arena;
mod arena_rate;
mod bench;
mod loadtest;
mod play;
mod replay;
mod serve;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use agora_games::GameKind;
use clap::{Parser, Subcommand};

/// The server allocates many small short-lived buffers (frames, views, move lists); with
/// mimalloc it needs about 10% less CPU per move than with glibc's allocator, at the cost of
/// about 6% fewer AI search iterations per second (both in docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "agora",
    version,
    about = "Agora, a hall for Tyrus, Tsuro and Tyranny"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game in the terminal against bots.
    Play(play::PlayArgs),
    /// Replay a game record (a file, or - for standard input) and print the final state as JSON.
    ///
    /// Exit codes: 0 every move applied; 3 a move was rejected (the state before it is printed,
    /// with "rejected"); 2 the record itself is malformed.
    Replay {
        /// The record file, or - to read standard input.
        file: PathBuf,
    },
    /// Check that a finished game's deal was fair: its revealed seed and salt match the
    /// commitment it was dealt with, and the deal and every chance move follow from the seed.
    ///
    /// Exit codes: 0 fair; 1 not shown fair (the reason is printed); 2 not a game record.
    Verify(verify::VerifyArgs),
    /// Measure random full games per second (`agora bench GAME`), or the AI's search speed
    /// (`agora bench ai --game GAME`).
    Bench(bench::BenchArgs),
    /// Play bots against each other and print win rates with 95% intervals and Elo.
    Arena(arena::ArenaArgs),
    /// Run the game server (HTTP and WebSocket) on a SQLite database, or as one of several
    /// nodes on a PostgreSQL database; Ctrl-C or SIGTERM stops it cleanly. With no options:
    /// 127.0.0.1:8080 and agora.db in $XDG_DATA_HOME/agora, else ~/.local/share/agora, else
    /// ./agora-data.
    Serve(serve::ServeArgs),
    /// Load a running server with concurrent two-seat matches of random moves over WebSocket;
    /// print moves/s, latency percentiles and the server's CPU time per move.
    Loadtest(loadtest::LoadtestArgs),
    /// Operators' tools on a server's database: `agora admin reports` lists the reported
    /// table chats, newest first.
    Admin(admin::AdminArgs),
    /// Work out the computer's moves for the `agora serve` nodes sharing a PostgreSQL
    /// database, and nothing else: jobs are taken from the queue in the database, so adding
    /// workers (on any machine) adds AI capacity. A worker that dies loses nothing: its
    /// jobs go to another after their lease. Ctrl-C or SIGTERM stops it cleanly.
    AiWorker(ai_worker::AiWorkerArgs),
}

fn main() -> ExitCode {
    no_huge_pages();
    let cli = Cli::parse();
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Replay { file } => replay::run(&file),
        Command::Verify(args) => verify::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Admin(args) => admin::run(args),
        Command::AiWorker(args) => ai_worker::run(args),
    }
}

/// Turns transparent huge pages off for this process. mimalloc returns memory it no longer
/// uses to the system and takes it back when it needs it again, and where the kernel backs
/// memory with 2 MiB pages, each such page is cleared whole at its first touch: a quarter of
/// a page's fragment request went to clearing pages (docs/benchmarks.md, "CPU per move
/// played in the browser"). The AI's search is no slower without them. A kernel that refuses
/// leaves them on; nothing else changes.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::thread::disable_transparent_huge_pages(true) {
        eprintln!("agora: transparent huge pages stay on ({e})");
    }
}

/// Parses a game name for clap.
fn parse_kind(s: &str) -> Result<GameKind, String> {
    s.parse()
        .map_err(|e: agora_games::UnknownGame| e.to_string())
}
