//! The bots of the two games with chance: legal in every position that random games reach, and
//! blind to what their seat cannot see.

use agora_ai::{Bot, BotSpec, Heuristics};
use agora_engine::{FastRng, Game, RngCore, Turn, Viewer};
use agora_tsuro::{Tsuro, TsuroOptions};
use agora_tyranny::{Options as TyrannyOptions, Tyranny};

fn build<G: Heuristics>(spec: &str) -> Box<dyn Bot<G>> {
    spec.parse::<BotSpec>().unwrap().build::<G>().unwrap()
}

fn start<G: Game>(options: &G::Options, deal: u64) -> G {
    G::from_setup(&G::setup_from_seed(options, deal)).unwrap()
}

/// Random games (chance sampled); at every decision each bot is asked for a move, which must
/// be legal for the seat to move.
fn check_bots<G: Heuristics>(options: &G::Options, specs: &[&str], games: u64) {
    let mut bots: Vec<Box<dyn Bot<G>>> = specs.iter().map(|s| build::<G>(s)).collect();
    for game in 0..games {
        let mut state: G = start(options, game);
        let mut rng = FastRng::new(game);
        loop {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(&mut rng);
                    state.play(mv).unwrap();
                }
                Turn::Seat(seat) => {
                    let view = state.view(Viewer::Seat(seat));
                    for bot in &mut bots {
                        let mv = bot.choose(&view, seat, rng.next_u64()).unwrap();
                        assert_eq!(
                            state.check_move(mv),
                            Ok(()),
                            "{} in game {game}",
                            bot.name()
                        );
                    }
                    let mv = state.random_legal_move(&mut rng).unwrap();
                    state.play_as(seat, mv).unwrap();
                }
            }
        }
    }
}

/// A position `plies` decisions into deal `deal`, at a seat's turn.
fn position<G: Game>(options: &G::Options, deal: u64, plies: usize) -> G {
    let mut state: G = start(options, deal);
    let mut rng = FastRng::new(deal);
    let mut played = 0;
    loop {
        match state.turn() {
            Turn::Over => panic!("deal {deal} ended before {plies} plies"),
            Turn::Chance => {
                let mv = state.sample_chance(&mut rng);
                state.play(mv).unwrap();
            }
            Turn::Seat(_) if played >= plies => return state,
            Turn::Seat(_) => {
                let mv = state.random_legal_move(&mut rng).unwrap();
                state.play(mv).unwrap();
                played += 1;
            }
        }
    }
}

/// States that differ only in what the seat to move cannot see get the very same analysis.
fn check_blind<G: Heuristics>(state: G, specs: &[&str]) {
    let seat = state.turn().seat().unwrap();
    let view = state.view(Viewer::Seat(seat));
    let variants: Vec<G> = (0..6)
        .map(|s| G::determinize(&view, seat, &mut FastRng::new(s)))
        .chain([state])
        .collect();
    assert!(
        variants.windows(2).any(|w| w[0] != w[1]),
        "the hidden parts should differ"
    );
    agora_engine::testing::assert_same_view(&variants, seat);
    for spec in specs {
        let first = build::<G>(spec).analyse(&view, seat, 9).unwrap();
        for variant in &variants {
            let analysis = build::<G>(spec)
                .analyse(&variant.view(Viewer::Seat(seat)), seat, 9)
                .unwrap();
            assert_eq!(analysis.moves, first.moves, "{spec}");
        }
    }
}

fn tsuro(players: usize) -> TsuroOptions {
    TsuroOptions {
        players,
        ..TsuroOptions::default()
    }
}

#[test]
fn tsuro_greedy_and_random_move_legally_in_a_thousand_games() {
    check_bots::<Tsuro>(&tsuro(2), &["greedy", "random"], 500);
    check_bots::<Tsuro>(&tsuro(5), &["greedy", "random"], 500);
}

#[test]
fn tsuro_search_moves_legally() {
    check_bots::<Tsuro>(&tsuro(3), &["ismcts:30", "ismcts:30:maxn"], 10);
}

#[test]
fn tyranny_greedy_and_random_move_legally_in_hundreds_of_games() {
    for players in [2, 3, 4] {
        check_bots::<Tyranny>(&TyrannyOptions { players }, &["greedy", "random"], 100);
    }
}

#[test]
fn tyranny_search_moves_legally() {
    check_bots::<Tyranny>(&TyrannyOptions { players: 2 }, &["ismcts:20"], 3);
}

#[test]
fn tsuro_search_plays_the_same_whatever_it_cannot_see() {
    check_blind(
        position::<Tsuro>(&tsuro(3), 4, 2),
        &["ismcts:300", "ismcts:300:t=2", "greedy"],
    );
}

#[test]
fn tyranny_search_plays_the_same_whatever_it_cannot_see() {
    // Far enough in that hands hold cards.
    let state = (0..40)
        .map(|deal| position::<Tyranny>(&TyrannyOptions { players: 2 }, deal, 30))
        .find(|s| {
            let view = s.view(Viewer::Seat(s.turn().seat().unwrap()));
            let seat = s.turn().seat().unwrap();
            (0..6).any(|k| Tyranny::determinize(&view, seat, &mut FastRng::new(k)) != *s)
        })
        .expect("some deal has hidden cards after 30 plies");
    check_blind(state, &["ismcts:300", "ismcts:300:t=2", "greedy"]);
}
