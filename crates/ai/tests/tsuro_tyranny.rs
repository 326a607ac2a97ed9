//! The bots of the two games with chance: legal in every position that random games reach, and
//! blind to what their seat cannot see.

mod common;

use agora_ai::Heuristics;
use agora_engine::{FastRng, Game, Turn, Viewer};
use agora_tsuro::{Tsuro, TsuroOptions};
use agora_tyranny::{Options as TyrannyOptions, Tyranny};
use common::{bots_are_blind_to_hidden_state, every_bot_moves_legally};

fn start<G: Game>(options: &G::Options, deal: u64) -> G {
    G::from_setup(&G::setup_from_seed(options, deal)).unwrap()
}

fn check_bots<G: Heuristics>(options: &G::Options, specs: &[&str], games: u64) {
    every_bot_moves_legally(|deal| start::<G>(options, deal), specs, games);
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
    bots_are_blind_to_hidden_state(
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
    bots_are_blind_to_hidden_state(state, &["ismcts:300", "ismcts:300:t=2", "greedy"]);
}
