mod common;
mod toys;

use common::{bots, every_bot_moves_legally};

use agora_ai::{Bot, BotError, BotSpec};
use agora_engine::testing::check_playthrough;
use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use toys::{Avoid, AvoidMove, AvoidOptions, Bluff};

#[test]
fn toy_games_keep_the_engine_contract() {
    for seed in 0..1500 {
        let setup = Bluff::setup_from_seed(&(), seed);
        check_playthrough::<Bluff>(&setup, seed);
    }
    for players in 2..=4 {
        let setup = Avoid::setup_from_seed(
            &AvoidOptions {
                players: Some(players),
            },
            0,
        );
        for seed in 0..100 {
            check_playthrough::<Avoid>(&setup, seed);
        }
    }
}

/// Cheap bots, asked at every decision of many games.
const CHEAP: &[&str] = &[
    "random",
    "greedy",
    "ismcts:12",
    "ismcts:12:so",
    "ismcts:12:paranoid",
];
/// Bots that cost a thread spawn or a time slice per decision, asked in fewer games.
const COSTLY: &[&str] = &["ismcts:12:t=2", "ismcts:1ms"];

#[test]
fn every_bot_moves_legally_in_bluff() {
    for deal in 0..500 {
        let start = Bluff::from_setup(&Bluff::setup_from_seed(&(), deal)).unwrap();
        every_bot_moves_legally(|_| start, CHEAP, 2);
        if deal % 20 == 0 {
            every_bot_moves_legally(|_| start, COSTLY, 1);
        }
    }
}

#[test]
fn every_bot_moves_legally_in_avoid() {
    for players in 2..=4 {
        let options = AvoidOptions {
            players: Some(players),
        };
        let start = Avoid::from_setup(&Avoid::setup_from_seed(&options, 0)).unwrap();
        every_bot_moves_legally(|_| start, CHEAP, 200);
        every_bot_moves_legally(|_| start, COSTLY, 10);
    }
}

#[test]
fn bots_refuse_to_move_out_of_turn() {
    let state = Bluff::from_setup(&Bluff::setup_from_seed(&(), 1)).unwrap();
    let Turn::Seat(seat) = state.turn() else {
        panic!()
    };
    let other = Seat(1 - seat.0);
    for mut bot in bots::<Bluff>(CHEAP).into_iter().chain(bots(COSTLY)) {
        let error = bot
            .choose(&state.view(Viewer::Seat(other)), other, 0)
            .unwrap_err();
        assert_eq!(
            error,
            BotError::NotToMove {
                seat: other,
                turn: Turn::Seat(seat)
            }
        );
        assert_eq!(
            error.to_string(),
            format!("seat {other} is not to move: seat {seat} is")
        );
    }
}

/// States that differ only in what `seat` cannot see: the opponent's hand, pile and face-down
/// card, resampled from `seat`'s view.
fn hidden_variants(state: &Bluff, seat: Seat, count: u64) -> Vec<Bluff> {
    let view = state.view(Viewer::Seat(seat));
    let mut variants: Vec<Bluff> = vec![*state];
    for seed in 0..count {
        let variant = Bluff::determinize(&view, seat, &mut FastRng::new(seed));
        if !variants.contains(&variant) {
            variants.push(variant);
        }
    }
    variants
}

#[test]
fn bots_play_the_same_whatever_they_cannot_see() {
    let specs = [
        "random",
        "greedy",
        "ismcts:100",
        "ismcts:100:t=2",
        "ismcts:100:so",
    ];
    let mut checked = 0;
    for deal in 0..8 {
        let mut state = Bluff::from_setup(&Bluff::setup_from_seed(&(), deal)).unwrap();
        let mut rng = FastRng::new(deal);
        while state.turn() != Turn::Over {
            if let Turn::Seat(seat) = state.turn() {
                let variants = hidden_variants(&state, seat, 6);
                agora_engine::testing::assert_same_view(&variants, seat);
                for spec in specs {
                    let spec: BotSpec = spec.parse().unwrap();
                    let mut bot = spec.build::<Bluff>().unwrap();
                    let first = bot
                        .analyse(&variants[0].view(Viewer::Seat(seat)), seat, deal)
                        .unwrap();
                    for variant in &variants[1..] {
                        // A fresh bot and the same bot again: neither may change its mind.
                        let mut fresh = spec.build::<Bluff>().unwrap();
                        let view = variant.view(Viewer::Seat(seat));
                        assert_eq!(fresh.analyse(&view, seat, deal).unwrap().moves, first.moves);
                        assert_eq!(bot.analyse(&view, seat, deal).unwrap().moves, first.moves);
                    }
                }
                checked += variants.len();
            }
            let mv = match state.turn() {
                Turn::Chance => state.sample_chance(&mut rng),
                _ => state.random_legal_move(&mut rng).unwrap(),
            };
            state.play(mv).unwrap();
        }
    }
    assert!(checked > 60, "only {checked} variants");
}

#[test]
fn a_seed_fixes_the_search_and_another_seed_may_change_it() {
    let state = Bluff::from_setup(&Bluff::setup_from_seed(&(), 3)).unwrap();
    let seat = state.turn().seat().unwrap();
    let view = state.view(Viewer::Seat(seat));
    for spec in ["ismcts:2000", "ismcts:2000:t=2", "ismcts:2000:so:paranoid"] {
        let mut bot = spec.parse::<BotSpec>().unwrap().build::<Bluff>().unwrap();
        let a = bot.analyse(&view, seat, 11).unwrap();
        let b = bot.analyse(&view, seat, 11).unwrap();
        assert_eq!(a.moves, b.moves, "{spec}");
        assert_eq!(a.iterations, 2000);
        let visits: u64 = a.moves.iter().map(|m| m.visits).sum();
        assert_eq!(visits, 2000, "every iteration goes through one root move");
        let shares: f64 = a.moves.iter().map(|m| m.share).sum();
        assert!((shares - 1.0).abs() < 1e-9);
        assert!(a.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
        let c = bot.analyse(&view, seat, 12).unwrap();
        assert_ne!(
            a.moves, c.moves,
            "{spec}: another seed searches differently"
        );
    }
}

#[test]
fn search_finds_the_only_winning_move() {
    // Two players, total 8: adding 3 leaves 11 and the opponent must reach 12. Adding 1 or 2
    // lets the opponent leave 11 for us.
    let mut state = Avoid::from_setup(&Avoid::setup_from_seed(
        &AvoidOptions { players: Some(2) },
        0,
    ))
    .unwrap();
    for mv in [3, 3, 2] {
        state.play(AvoidMove(mv)).unwrap();
    }
    assert_eq!(state.total(), 8);
    let seat = state.turn().seat().unwrap();
    for spec in ["ismcts:3000", "ismcts:3000:so", "ismcts:3000:t=2:paranoid"] {
        let mut bot = spec.parse::<BotSpec>().unwrap().build::<Avoid>().unwrap();
        let analysis = bot
            .analyse(&state.view(Viewer::Seat(seat)), seat, 5)
            .unwrap();
        assert_eq!(analysis.best(), AvoidMove(3), "{spec}: {analysis:?}");
        assert_eq!(analysis.moves[0].notation, "3");
        assert!(analysis.moves[0].value.unwrap() > 0.95, "{analysis:?}");
        assert!(analysis.moves[0].share > 0.6, "{analysis:?}");
    }
}

#[test]
fn an_empty_budget_still_answers() {
    let state = Bluff::from_setup(&Bluff::setup_from_seed(&(), 4)).unwrap();
    let seat = state.turn().seat().unwrap();
    let config = agora_ai::IsmctsConfig::new(agora_ai::Budget {
        iterations: None,
        time: None,
    });
    let mut bot = agora_ai::IsmctsBot::<Bluff>::new(config);
    assert_eq!(bot.name(), "ismcts");
    let analysis = bot
        .analyse(&state.view(Viewer::Seat(seat)), seat, 0)
        .unwrap();
    assert_eq!(
        analysis.iterations,
        agora_ai::IsmctsConfig::FALLBACK_ITERATIONS
    );
}

/// A search whose stop flag is up (its game ended) answers after its first batch of
/// iterations, on every thread, instead of spending its budget.
#[test]
fn a_raised_stop_flag_ends_the_search() {
    let state = Bluff::from_setup(&Bluff::setup_from_seed(&(), 4)).unwrap();
    let seat = state.turn().seat().unwrap();
    for threads in [1, 2] {
        let mut config = agora_ai::IsmctsConfig::new(agora_ai::Budget::iterations(10_000_000));
        config.threads = threads;
        let mut bot = agora_ai::IsmctsBot::<Bluff>::new(config);
        bot.stop_when(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        )));
        let analysis = bot
            .analyse(&state.view(Viewer::Seat(seat)), seat, 0)
            .unwrap();
        assert_eq!(
            analysis.iterations,
            64 * threads as u64,
            "{threads} threads"
        );
    }
}
