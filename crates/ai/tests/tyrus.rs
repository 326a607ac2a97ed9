mod common;

use agora_ai::Heuristics;
use agora_engine::{FastRng, Game, GameRng, Seat, Turn, Viewer};
use agora_tyrus::{BuildingKind, SeenPlacement, Tile, Tyrus, TyrusOptions};
use common::{bots_are_blind_to_hidden_state, every_bot_moves_legally};

fn start(seed: u64) -> Tyrus {
    Tyrus::from_setup(&Tyrus::setup_from_seed(&TyrusOptions::default(), seed)).unwrap()
}

fn check_bots(specs: &[&str], games: u64) {
    every_bot_moves_legally(start, specs, games);
}

#[test]
fn greedy_and_random_move_legally_in_thousands_of_games() {
    check_bots(&["greedy", "random"], 1000);
}

#[test]
fn search_moves_legally_in_random_games() {
    check_bots(&["ismcts:20", "ismcts:20:so"], 30);
}

#[test]
fn search_plays_the_same_whatever_it_cannot_see() {
    let mut state = start(5);
    let mut rng = FastRng::new(5);
    // Into the game, so that both seats have tiles face down on the board.
    for _ in 0..20 {
        let mv = state.random_legal_move(&mut rng).unwrap();
        state.play(mv).unwrap();
    }
    bots_are_blind_to_hidden_state(state, &["ismcts:300", "ismcts:300:t=2", "greedy"]);
}

#[test]
fn all_moves_are_seen_as_one_by_one() {
    let mut moves = Vec::new();
    let mut seen = Vec::new();
    let mut numbers = Vec::new();
    for game in 0..200 {
        let mut state = start(game);
        let mut rng = FastRng::new(game);
        while state.turn() != Turn::Over {
            moves.clear();
            state.legal_moves(&mut moves);
            for viewer in [
                Viewer::Seat(Seat(0)),
                Viewer::Seat(Seat(1)),
                Viewer::Spectator,
            ] {
                seen.clear();
                Tyrus::seen_moves(&state, &moves, viewer, &mut seen);
                let one_by_one: Vec<_> = moves
                    .iter()
                    .map(|&mv| state.seen_move(mv, viewer))
                    .collect();
                assert_eq!(seen, one_by_one);
                numbers.clear();
                Tyrus::seen_numbers(&state, &moves, viewer, &mut numbers);
                let numbered: Vec<u32> = one_by_one.iter().map(Tyrus::key_number).collect();
                assert_eq!(numbers, numbered);
            }
            state.play(moves[rng.index(moves.len())]).unwrap();
        }
    }
}

#[test]
fn every_seen_move_has_its_own_number() {
    let mut numbers = std::collections::BTreeSet::new();
    for seat in [Seat(0), Seat(1)] {
        for tile in std::iter::once(None).chain(Tile::all().map(Some)) {
            for building_owner in [Seat(0), Seat(1)] {
                for building in BuildingKind::ALL {
                    let seen = SeenPlacement {
                        seat,
                        tile,
                        building_owner,
                        building,
                    };
                    let number = Tyrus::key_number(&seen);
                    assert!((number as usize) < Tyrus::KEY_SPACE, "{seen:?}");
                    assert!(numbers.insert(number), "{seen:?} shares {number}");
                }
            }
        }
    }
    assert_eq!(numbers.len(), Tyrus::KEY_SPACE);
}

#[test]
fn plausibility_reads_only_the_opponents_tiles() {
    let mut state = start(2);
    let mut rng = FastRng::new(2);
    assert_eq!(Tyrus::plausibility(&state, Seat(0)), 1.0);
    for _ in 0..12 {
        let mv = state.random_legal_move(&mut rng).unwrap();
        state.play(mv).unwrap();
    }
    let weight = Tyrus::plausibility(&state, Seat(0));
    assert!(weight > 0.0 && weight <= 1.0);
    // The same sample judged from the other seat weighs seat 0's tiles instead.
    assert!(Tyrus::plausibility(&state, Seat(1)) > 0.0);
}

#[test]
fn greedy_votes_with_its_cheapest_winning_tile_in_an_empty_election() {
    // At the opening nothing is placed: with a voter in hand greedy needs 3 votes per
    // opponent tile still to come plus one, and plays the weakest voter that gets there.
    for seed in 0..50 {
        let state = start(seed);
        let seat = state.turn().seat().unwrap();
        let office = state.current_office().unwrap();
        let voters: Vec<u8> = state
            .hand(seat)
            .iter()
            .filter(|t| t.profession() == office.profession())
            .map(|t| t.value())
            .collect();
        let view = state.view(Viewer::Seat(seat));
        let mv = agora_ai::tyrus_greedy(&view, seat).unwrap();
        if let Some(&cheapest) = voters.iter().find(|&&v| v >= 10) {
            assert_eq!(mv.tile.value(), cheapest, "seed {seed}");
            assert_eq!(mv.tile.profession(), office.profession());
            assert_eq!(mv.building, office.building());
        }
    }
}
