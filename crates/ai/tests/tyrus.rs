mod common;

use agora_ai::Heuristics;
use agora_engine::{FastRng, Game, GameRng, Seat, Turn, Viewer};
use agora_tyrus::{BuildingKind, SeenPlacement, Side, Tile, Tyrus, TyrusOptions};
use common::{bots_are_blind_to_hidden_state, every_bot_moves_legally};

fn start(seed: u64) -> Tyrus {
    Tyrus::from_setup(&Tyrus::setup_from_seed(&TyrusOptions::default(), seed)).unwrap()
}

fn check_bots(specs: &[&str], games: u64) {
    every_bot_moves_legally(start, specs, games);
}

#[test]
fn greedy_and_random_move_legally_in_thousands_of_games() {
    check_bots(&["greedy", "beginner", "random"], 1000);
}

#[test]
fn search_moves_legally_in_random_games() {
    check_bots(
        &[
            "ismcts:20",
            "ismcts:20:so",
            "ismcts:20:playout=1",
            "ismcts:20:model=1",
            "ismcts:20:i=0.5",
        ],
        30,
    );
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
    bots_are_blind_to_hidden_state(
        state,
        &["ismcts:300", "ismcts:300:t=2", "greedy", "beginner"],
    );
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
fn the_learnt_model_weighs_a_tile_by_what_it_does_where_it_stands_and_its_strength() {
    // Seat 1 moves first, with S10, M2 and P9 among its first nine tiles; seat 0 judges the
    // one it puts face down (a citadel elects soldiers, whom merchants block).
    let weight_after = |notation: &str| {
        let mut setup = Tyrus::setup_from_seed(&TyrusOptions::default(), 4);
        setup.first_player = Seat(1);
        for (slot, name) in ["S10", "M2", "P9"].into_iter().enumerate() {
            let tile: Tile = name.parse().unwrap();
            let at = setup.draws[1].iter().position(|&t| t == tile).unwrap();
            setup.draws[1].swap(slot, at);
        }
        let mut state = Tyrus::from_setup(&setup).unwrap();
        assert_eq!(state.turn(), Turn::Seat(Seat(1)));
        state.play(state.parse_move(notation).unwrap()).unwrap();
        Tyrus::alternative_plausibility(&state, Seat(0), 1)
    };
    // A strong vote in its own building, a weak useless tile there, a strong non-blocker in
    // ours, a strong blocker in ours (a temple elects priests, whom soldiers block) and a weak
    // non-blocker there.
    assert_eq!(weight_after("S10 own citadel"), 3.65);
    assert_eq!(weight_after("M2 own citadel"), 0.18);
    assert_eq!(weight_after("P9 opp citadel"), 0.04);
    assert_eq!(weight_after("S10 opp temple"), 3.02);
    assert_eq!(weight_after("M2 opp temple"), 0.45);
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

#[test]
fn the_beginner_backs_an_election_with_one_strong_voter_and_saves_the_rest() {
    let mut checked = 0;
    for seed in 0..50 {
        let mut state = start(seed);
        let seat = state.turn().seat().unwrap();
        let office = state.current_office().unwrap();
        let hand = state.hand(seat);
        let strongest = hand
            .iter()
            .filter(|t| t.profession() == office.profession())
            .map(|t| t.value())
            .max();
        let weakest = hand.iter().map(|t| t.value()).min().unwrap();
        let mv = agora_ai::tyrus_beginner(&state.view(Viewer::Seat(seat)), seat).unwrap();
        let Some(strongest) = strongest else {
            // No voter: the weakest tile goes home, where it votes later.
            assert_eq!(mv.tile.value(), weakest, "seed {seed}");
            assert_eq!(mv.side, Side::Own);
            continue;
        };
        // Its first tile of the election: the strongest voter, at home.
        assert_eq!(mv.tile.value(), strongest, "seed {seed}");
        assert_eq!(mv.tile.profession(), office.profession());
        assert_eq!((mv.side, mv.building), (Side::Own, office.building()));
        state.play(mv).unwrap();
        // The opponent moves; then, the election backed, it saves its strong tiles: the
        // weakest goes home to the building where it votes.
        let other = state.random_legal_move(&mut FastRng::new(seed)).unwrap();
        state.play(other).unwrap();
        let weakest = state.hand(seat).iter().min_by_key(|t| t.value()).unwrap();
        let next = agora_ai::tyrus_beginner(&state.view(Viewer::Seat(seat)), seat).unwrap();
        assert_eq!(next.tile, weakest, "seed {seed}");
        assert_eq!(next.side, Side::Own);
        assert_eq!(next.building.index(), weakest.profession().index());
        checked += 1;
    }
    assert!(checked > 20, "only {checked} deals had a voter");
}
