//! Known answers of the search: for fixed positions, seeds and budgets, the chosen move and the
//! visits and values of every root move. Optimisations of the search must keep these exactly
//! (arena measurements of the bots stay valid only while the search decides the same way).
//!
//! The answers live in `tests/pins/`; `AGORA_BLESS=1 cargo test -p agora-ai --test pinned`
//! rewrites them, which only a deliberate change of the search's behaviour may do.

use std::fmt::Write as _;
use std::path::PathBuf;

use agora_ai::{Analysis, BotSpec, Heuristics, derive_seed};
use agora_engine::{FastRng, Game, Turn, Viewer};
use agora_tsuro::{Tsuro, TsuroOptions};
use agora_tyranny::{Options as TyrannyOptions, Tyranny};
use agora_tyrus::{Tyrus, TyrusOptions};

/// The position after `plies` random moves (chance included) of deal `deal`, moved on to the
/// next seat's decision.
fn position<G: Game>(options: &G::Options, deal: u64, plies: usize) -> Option<G> {
    let mut state = G::from_setup(&G::setup_from_seed(options, deal)).ok()?;
    let mut rng = FastRng::new(derive_seed(deal, 99));
    let mut played = 0;
    loop {
        match state.turn() {
            Turn::Over => return None,
            Turn::Chance => {
                let mv = state.sample_chance(&mut rng);
                state.play_unchecked(mv);
            }
            Turn::Seat(_) if played >= plies => return Some(state),
            Turn::Seat(_) => {
                let mv = state.random_legal_move(&mut rng)?;
                state.play_unchecked(mv);
                played += 1;
            }
        }
    }
}

/// One line per search: what it chose, then every root move with its visits and the bits of
/// its value (so that even a different rounding shows).
fn answers<G: Heuristics>(
    options: &G::Options,
    cases: &[(u64, usize)],
    specs: &[&str],
    out: &mut String,
) {
    for spec in specs {
        let mut bot = spec.parse::<BotSpec>().unwrap().build::<G>().unwrap();
        for &(deal, plies) in cases {
            let Some(state) = position::<G>(options, deal, plies) else {
                continue;
            };
            let seat = state.turn().seat().unwrap();
            let view = state.view(Viewer::Seat(seat));
            let analysis = bot.analyse(&view, seat, derive_seed(deal, 7)).unwrap();
            write!(
                out,
                "{} {spec} deal={deal} plies={plies} iterations={} ",
                G::NAME,
                analysis.iterations,
            )
            .unwrap();
            write_answer(out, &analysis);
        }
    }
}

/// `best=MOVE: MOVE=VISITS/VALUE_BITS ...` and a newline: the search's answer, exactly.
fn write_answer<M>(out: &mut String, analysis: &Analysis<M>) {
    write!(out, "best={}:", analysis.moves[0].notation).unwrap();
    for stats in &analysis.moves {
        write!(
            out,
            " {}={}/{:x}",
            stats.notation,
            stats.visits,
            stats.value.map_or(0, f64::to_bits)
        )
        .unwrap();
    }
    out.push('\n');
}

fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pins")
        .join(name);
    if std::env::var_os("AGORA_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    for (line, (a, e)) in actual.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, e, "{name}, line {}", line + 1);
    }
    assert_eq!(actual.lines().count(), expected.lines().count(), "{name}");
}

const SPECS: [&str; 3] = ["ismcts:1500", "ismcts:1500:so", "ismcts:1500:t=2:paranoid"];

#[test]
fn tyrus_searches_keep_their_answers() {
    let mut out = String::new();
    let cases = [(1, 0), (2, 0), (3, 7), (4, 18), (5, 30)];
    answers::<Tyrus>(&TyrusOptions::default(), &cases, &SPECS, &mut out);
    answers::<Tyrus>(
        &TyrusOptions::default(),
        &[(6, 0)],
        &["ismcts:6000"],
        &mut out,
    );
    check("tyrus.txt", &out);
}

#[test]
fn tsuro_searches_keep_their_answers() {
    let mut out = String::new();
    let cases = [(1, 0), (2, 3), (3, 8)];
    answers::<Tsuro>(&TsuroOptions::default(), &cases, &SPECS, &mut out);
    let four = TsuroOptions {
        players: 4,
        ..TsuroOptions::default()
    };
    answers::<Tsuro>(&four, &cases, &SPECS, &mut out);
    check("tsuro.txt", &out);
}

#[test]
fn tyranny_searches_keep_their_answers() {
    let mut out = String::new();
    let cases = [(1, 0), (2, 6), (3, 15)];
    answers::<Tyranny>(&TyrannyOptions::default(), &cases, &SPECS, &mut out);
    let two = TyrannyOptions { players: 2 };
    answers::<Tyranny>(&two, &cases, &SPECS[..1], &mut out);
    check("tyranny.txt", &out);
}

/// The searches `agora bench ai --game tyrus` times (deals 1 to 5, 200,000 iterations): slow
/// in debug builds, so run with `cargo test -p agora-ai --release --test pinned -- --ignored`.
#[test]
#[ignore]
fn tyrus_bench_searches_keep_their_answers() {
    let mut out = String::new();
    let options = TyrusOptions::default();
    let mut bot = "ismcts:200000"
        .parse::<BotSpec>()
        .unwrap()
        .build::<Tyrus>()
        .unwrap();
    for deal in 0..5u64 {
        // As agora_ai::search_speed sets up its searches (seed 1).
        let mut state = Tyrus::from_setup(&Tyrus::setup_from_seed(&options, 1 + deal)).unwrap();
        let mut rng = FastRng::new(derive_seed(1, deal));
        while state.turn() == Turn::Chance {
            let mv = state.sample_chance(&mut rng);
            state.play_unchecked(mv);
        }
        let seat = state.turn().seat().unwrap();
        let view = state.view(Viewer::Seat(seat));
        let analysis = bot.analyse(&view, seat, derive_seed(1, deal)).unwrap();
        write!(out, "deal={deal} ").unwrap();
        write_answer(&mut out, &analysis);
    }
    check("tyrus-bench.txt", &out);
}
