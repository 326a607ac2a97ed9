use std::process::ExitCode;
use std::time::{Duration, Instant};

use agora_engine::{FastRng, Game, Turn};
use agora_games::{GameKind, with_game};
use clap::Args;
use serde::Deserialize;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// A game to measure random games, or `ai` for the AI's search speed.
    target: String,
    /// With `ai`: the game to search.
    #[arg(long, value_parser = crate::parse_kind)]
    game: Option<GameKind>,
    /// With `ai`: ISMCTS iterations per search.
    #[arg(long, default_value_t = 200_000)]
    iterations: u64,
    /// With `ai`: instead of the search speed, time every decision of this level
    /// (the bot a player meets at it) over whole seeded games in which it plays every seat.
    #[arg(long, conflicts_with = "bot")]
    level: Option<agora_ai::Level>,
    /// With `ai`: like `--level`, for any bot spec (e.g. `ismcts:50000:t=2`).
    #[arg(long)]
    bot: Option<String>,
    /// With `--level` or `--bot`: games to play (deals 1, 2, ...).
    #[arg(long, default_value_t = 4)]
    games: u64,
    /// Number of players, for games that take several.
    #[arg(long)]
    players: Option<u8>,
    /// How long to measure, in seconds.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Threads playing at once (figures are totals over all threads).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Games and moves played by one thread.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u64,
    moves: u64,
}

/// Plays random full games (dealing included) until `duration` has passed.
fn random_games<G: Game>(options: &G::Options, seed: u64, duration: Duration) -> Tally {
    let mut rng = FastRng::new(seed);
    let mut tally = Tally::default();
    let start = Instant::now();
    loop {
        for _ in 0..256 {
            let setup = G::random_setup(options, &mut rng);
            let mut state = G::from_setup(&setup).expect("dealt setups are valid");
            loop {
                let mv = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => state.sample_chance(&mut rng),
                    Turn::Seat(_) => match state.random_legal_move(&mut rng) {
                        Some(mv) => mv,
                        None => break,
                    },
                };
                state.play_unchecked(mv);
                tally.moves += 1;
            }
            tally.games += 1;
        }
        if start.elapsed() >= duration {
            return tally;
        }
    }
}

fn measure<G: Game>(args: &BenchArgs) -> Result<String, String> {
    let options_json = match args.players {
        Some(n) => serde_json::json!({ "players": n }),
        None => serde_json::json!({}),
    };
    let options = G::Options::deserialize(&options_json).map_err(|e| e.to_string())?;
    let probe = G::from_setup(&G::setup_from_seed(&options, 0)).map_err(|e| e.to_string())?;
    if let Some(n) = args.players
        && usize::from(n) != probe.seats()
    {
        return Err(format!(
            "{} is played by {} players",
            G::NAME,
            probe.seats()
        ));
    }
    let threads = args.threads.max(1);
    let duration = Duration::from_secs_f64(args.seconds.max(0.1));
    let start = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let options = &options;
                scope.spawn(move || random_games::<G>(options, t as u64 + 1, duration))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("bench thread"))
            .collect()
    });
    let elapsed = start.elapsed().as_secs_f64();
    let games: u64 = tallies.iter().map(|t| t.games).sum();
    let moves: u64 = tallies.iter().map(|t| t.moves).sum();
    Ok(format!(
        "{}: {:.0} games/s, {:.0} moves/s ({threads} thread{})",
        G::NAME,
        games as f64 / elapsed,
        moves as f64 / elapsed,
        if threads == 1 { "" } else { "s" },
    ))
}

fn decision_times<G: agora_ai::Heuristics>(
    args: &BenchArgs,
    spec: &agora_ai::BotSpec,
) -> Result<String, String> {
    let options_json = match args.players {
        Some(n) => serde_json::json!({ "players": n }),
        None => serde_json::json!({}),
    };
    let options = G::Options::deserialize(&options_json).map_err(|e| e.to_string())?;
    let times = agora_ai::decision_times::<G>(&options, spec, 1, args.games.max(1))
        .map_err(|e| e.to_string())?;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let slowest = times
        .slowest
        .map(|(deal, ply)| format!(" (deal {deal}, ply {ply})"))
        .unwrap_or_default();
    Ok(format!(
        "{} ai {}: {} games, {} decisions, {} searched: mean {:.1} ms, p50 {:.1} ms, \
         p99 {:.1} ms, max {:.1} ms{slowest}; {} stopped by the time cap",
        G::NAME,
        times.bot,
        times.games,
        times.decisions,
        times.searched,
        ms(times.mean),
        ms(times.p50),
        ms(times.p99),
        ms(times.max),
        times.capped,
    ))
}

fn search_speed<G: agora_ai::Heuristics>(args: &BenchArgs) -> Result<String, String> {
    let threads = args.threads.max(1);
    let options_json = match args.players {
        Some(n) => serde_json::json!({ "players": n }),
        None => serde_json::json!({}),
    };
    let options = G::Options::deserialize(&options_json).map_err(|e| e.to_string())?;
    let speed = agora_ai::search_speed::<G>(&options, 1, 5, args.iterations, threads)
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "{} ai: {:.0} ISMCTS iterations/s, {:.0} per thread ({threads} thread{})",
        G::NAME,
        speed.per_second,
        speed.per_thread,
        if threads == 1 { "" } else { "s" }
    ))
}

pub fn run(args: BenchArgs) -> ExitCode {
    let spec = match (&args.level, &args.bot) {
        (Some(level), _) => Some(Ok(agora_ai::BotSpec::for_level(*level))),
        (None, Some(bot)) => Some(bot.parse::<agora_ai::BotSpec>()),
        (None, None) => None,
    };
    let result = if args.target == "ai" {
        match (args.game, spec) {
            (_, Some(Err(e))) => Err(e.to_string()),
            (Some(kind), Some(Ok(spec))) => {
                with_game!(kind, G => decision_times::<G>(&args, &spec))
            }
            (Some(kind), None) => with_game!(kind, G => search_speed::<G>(&args)),
            (None, _) => Err("agora bench ai needs --game".to_string()),
        }
    } else {
        match crate::parse_kind(&args.target) {
            Ok(kind) => with_game!(kind, G => measure::<G>(&args)),
            Err(e) => Err(e),
        }
    };
    match result {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("agora bench: {message}");
            ExitCode::from(2)
        }
    }
}
