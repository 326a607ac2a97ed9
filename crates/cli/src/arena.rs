use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use agora_ai::arena::{self, ArenaConfig};
use agora_ai::{BotSpec, Heuristics};
use agora_games::{GameKind, with_game};

use crate::arena_rate::{self, Rated};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Deserialize;

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The game.
    #[arg(long, value_parser = crate::parse_kind)]
    game: GameKind,
    /// The bots, separated by commas, e.g. "ismcts:hard,greedy,random" (with --rate, the
    /// computer's levels play instead: see --levels).
    #[arg(long, required_unless_present = "rate", conflicts_with = "rate")]
    bots: Option<String>,
    /// Rated games between the computer's levels, written to the ratings in --database as
    /// the server rates its games against the computer; prints the levels' ratings.
    #[arg(long, requires = "database")]
    rate: bool,
    /// With --rate: the database (sqlite:///path/agora.db or postgres://…) to write to.
    #[arg(long, requires = "rate")]
    database: Option<String>,
    /// With --rate: the levels that play [default: beginner,easy,medium,hard].
    #[arg(long, requires = "rate")]
    levels: Option<String>,
    /// With --rate: every searching level searches this many iterations instead of its own
    /// budget. A quick trial: the ratings then describe those bots, not the levels.
    #[arg(long, requires = "rate")]
    iterations: Option<u64>,
    /// Games per match-up.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seats at each table; every subset of this many bots meets.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Games played at once (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Fixes every deal (and its chance moves).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fixes the bots' randomness, independently of the deals (default: fresh, printed, and
    /// written into each --out line as "bot_seed", so that a run can be played again).
    #[arg(long)]
    bot_seed: Option<u64>,
    /// Writes one JSON line per finished game here.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn run_game<G: Heuristics>(args: &ArenaArgs) -> Result<(), String> {
    let mut rated = match (&args.database, args.rate) {
        (Some(url), true) => {
            let levels = args
                .levels
                .as_deref()
                .unwrap_or("beginner,easy,medium,hard");
            let levels = arena_rate::parse_levels(levels)?;
            Some(Rated::open(url, args.game, levels, args.iterations)?)
        }
        _ => None,
    };
    let bots = match &rated {
        Some(rated) => rated.bots(),
        None => (args.bots.as_deref().unwrap_or_default().split(','))
            .map(|b| b.trim().parse::<BotSpec>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let options = G::Options::deserialize(&serde_json::json!({ "players": args.players }))
        .or_else(|_| G::Options::deserialize(&serde_json::json!({})))
        .map_err(|e| e.to_string())?;
    let bot_seed = args.bot_seed.unwrap_or_else(agora_store::random_u64);
    eprintln!(
        "deals from --seed {}, bots from --bot-seed {bot_seed}",
        args.seed
    );
    let config = ArenaConfig {
        bots,
        games: args.games,
        players: args.players,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        seed: args.seed,
        bot_seed,
        options,
    };
    let mut out = match &args.out {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // A second Ctrl-C while the first is being honoured is harmless: the flag is already set.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .map_err(|e| e.to_string())?,
    );
    let mut unwritten = None;
    let report = arena::run::<G>(&config, &cancel, |result, progress| {
        bar.set_length(progress.total);
        bar.set_position(progress.done);
        if let Some(rated) = &mut rated
            && unwritten.is_none()
            && let Err(e) = rated.record(result)
        {
            // The database refused: stop, and say why once the games in hand are done.
            unwritten = Some(e);
            cancel.store(true, Ordering::SeqCst);
        }
        if let Some(out) = &mut out {
            // Flushed per game, so that a long run can be watched and a crash loses nothing.
            let line = serde_json::to_string(result).expect("results serialize");
            let _ = writeln!(out, "{line}").and_then(|()| out.flush());
        }
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if let Some(out) = &mut out {
        out.flush().map_err(|e| e.to_string())?;
    }
    print!("{}", report.standings.table());
    if report.cancelled {
        eprintln!("stopped early: {} games finished", report.results.len());
    }
    if let Some(rated) = rated {
        println!(
            "\n{} rated games written to the database{}.",
            rated.written,
            match rated.skipped {
                0 => String::new(),
                n => format!(" ({n} ended by a forfeit, not rated)"),
            }
        );
        print!("{}", rated.standings()?);
        rated.close();
    }
    unwritten.map_or(Ok(()), Err)
}

pub fn run(args: ArenaArgs) -> ExitCode {
    let result = with_game!(args.game, G => run_game::<G>(&args));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("agora arena: {message}");
            ExitCode::from(2)
        }
    }
}
