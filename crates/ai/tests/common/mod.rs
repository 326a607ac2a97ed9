//! Checks every game's bots go through: legal moves everywhere, blindness to hidden state.

#![allow(dead_code)]

use agora_ai::{Bot, BotSpec, Heuristics};
use agora_engine::{FastRng, GameRng, RngCore, Turn, Viewer};

pub fn bots<G: Heuristics>(specs: &[&str]) -> Vec<Box<dyn Bot<G>>> {
    specs
        .iter()
        .map(|s| s.parse::<BotSpec>().unwrap().build::<G>().unwrap())
        .collect()
}

/// Plays random games (game `n` starts from `deal(n)`, chance sampled) and asks every bot for
/// a move at every decision: it must be legal for the seat to move.
pub fn every_bot_moves_legally<G: Heuristics>(deal: impl Fn(u64) -> G, specs: &[&str], games: u64) {
    let mut bots = bots::<G>(specs);
    let mut moves = Vec::new();
    for game in 0..games {
        let mut rng = FastRng::new(game);
        let mut state = deal(game);
        loop {
            let seat = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(&mut rng);
                    state.play(mv).unwrap();
                    continue;
                }
                Turn::Seat(seat) => seat,
            };
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
            moves.clear();
            state.legal_moves(&mut moves);
            state.play_as(seat, moves[rng.index(moves.len())]).unwrap();
        }
    }
}

/// States that differ only in what the seat to move cannot see (samples from its view) get
/// the very same analysis from every bot in `specs`.
pub fn bots_are_blind_to_hidden_state<G: Heuristics>(state: G, specs: &[&str]) {
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
        let first = bots::<G>(&[spec])[0].analyse(&view, seat, 9).unwrap();
        for variant in &variants {
            let analysis = bots::<G>(&[spec])[0]
                .analyse(&variant.view(Viewer::Seat(seat)), seat, 9)
                .unwrap();
            assert_eq!(analysis.moves, first.moves, "{spec}");
        }
    }
}
