//! Random games through the engine's conformance harness, plus Tyranny's own invariants.

use agora_engine::testing::check_playthrough;
use agora_engine::{Game, Seat};
use agora_tyranny::{Card, Options, Tyranny};

fn check_cards(state: &Tyranny) {
    for card in Card::all() {
        let mut count = state.decks().count(card) + state.table().discards().count(card);
        for seat in 0..state.seats() {
            count += state.hand(Seat(seat as u8)).count(card);
        }
        assert_eq!(count, Card::COPIES, "{card} copies");
    }
}

#[test]
fn random_games_keep_the_contract() {
    for seed in 0..60 {
        let players = 2 + (seed % 3) as u8;
        let setup = Tyranny::setup_from_seed(&Options { players }, seed);
        let (state, moves) = check_playthrough::<Tyranny>(&setup, seed);
        assert!(state.outcome().is_some());
        check_cards(&state);
        assert!(!moves.is_empty());
    }
}
