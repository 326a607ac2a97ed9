//! Random games: the engine's conformance checks, and Tsuro's own invariants at every state.

use agora_engine::testing::check_playthrough;
use agora_engine::{FastRng, Game, GameRng, Seat, Turn, Viewer};
use agora_tsuro::{Marker, Phase, Position, Square, Tile, Tsuro, TsuroMove, TsuroOptions};
use proptest::prelude::*;

fn options(players: usize, elimination_bonus: bool) -> TsuroOptions {
    TsuroOptions {
        players,
        elimination_bonus,
    }
}

/// The engine's checks (legal moves accepted and round-tripped, garbage refused without
/// change, views survive determinization, replay identity) over `games` seeds per player count.
fn conformance(players: usize, games: u64) {
    for seed in 0..games {
        let bonus = seed % 2 == 1;
        let setup = Tsuro::setup_from_seed(&options(players, bonus), seed);
        let (end, _) = check_playthrough::<Tsuro>(&setup, seed * 10 + players as u64);
        assert_eq!(end.turn(), Turn::Over);
    }
}

// Split by player count so the test threads share the work; the game counts keep the whole
// crate's test run near 20 s in debug builds. `thousands_of_games` below runs ten times more.
#[test]
fn conformance_2_players() {
    conformance(2, 400);
}

#[test]
fn conformance_3_players() {
    conformance(3, 250);
}

#[test]
fn conformance_4_and_5_players() {
    conformance(4, 130);
    conformance(5, 110);
}

#[test]
fn conformance_6_to_8_players() {
    conformance(6, 90);
    conformance(7, 80);
    conformance(8, 80);
}

#[test]
#[ignore = "slow in debug builds: cargo test -p agora-tsuro --release -- --ignored"]
fn thousands_of_games() {
    conformance(2, 4000);
    conformance(3, 2500);
    for players in 4..=8 {
        conformance(players, 1000);
    }
}

/// Plays random games and checks the rules' invariants at every state.
fn invariants(players: usize, bonus: bool, seed: u64) {
    let setup = Tsuro::setup_from_seed(&options(players, bonus), seed);
    let mut game = Tsuro::from_setup(&setup).expect("dealt setups are valid");
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    loop {
        check_invariants(&game);
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng),
            Turn::Seat(_) => {
                moves.clear();
                game.legal_moves(&mut moves);
                moves[rng.index(moves.len())]
            }
        };
        game.play(mv).expect("legal moves are accepted");
    }
}

fn check_invariants(game: &Tsuro) {
    let players = game.players();
    let seats = || (0..players as u8).map(Seat);

    // Every tile is somewhere exactly once: on the board, in a hand or in the pile.
    let mut count = [0u8; 35];
    for square in Square::all() {
        if let Some(tile) = game.tile_at(square) {
            count[tile.tile().index()] += 1;
        }
    }
    for seat in seats() {
        assert!(game.hand(seat).len() <= 3);
        for tile in game.hand(seat) {
            count[tile.index()] += 1;
        }
    }
    for tile in game.draw_pile() {
        count[tile.index()] += 1;
    }
    assert_eq!(count, [1; 35], "a tile is lost or duplicated");

    // Markers never share a point, and stand where a path ends.
    let mut positions: Vec<Position> = Vec::new();
    for seat in seats() {
        if let Marker::At(at) = game.marker(seat) {
            assert!(!positions.contains(&at), "two markers on {at}");
            positions.push(at);
            assert_eq!(game.tile_at(at.square()), None, "{at} faces a tile");
            match at.across() {
                None => assert!(at.is_start_mark()),
                Some(behind) => assert!(
                    game.tile_at(behind.square()).is_some(),
                    "{at} is not the end of a path"
                ),
            }
        }
    }

    match game.phase() {
        Phase::Play => {
            let active = game.active().expect("an active seat");
            assert!(game.is_alive(active));
            assert!(!game.hand(active).is_empty());
            assert!(game.awaiting_shuffle().is_empty());
            // After the draw, a pile with tiles means every surviving hand is full.
            if game.draw_pile_len() > 0 {
                for seat in seats().filter(|s| game.is_alive(*s)) {
                    assert_eq!(game.hand(seat).len(), 3, "seat {seat} should have drawn");
                }
            }
            if let Some(holder) = game.dragon() {
                assert!(players > 2, "the dragon is for 3 or more players");
                assert_eq!(game.draw_pile_len(), 0, "the dragon with tiles in the pile");
                assert!(game.is_alive(holder));
                assert!(game.hand(holder).len() < 3);
            }
            for seat in seats().filter(|s| !game.is_alive(*s)) {
                assert!(
                    game.hand(seat).is_empty(),
                    "eliminated hands go to the pile"
                );
            }
        }
        Phase::Over => {
            let outcome = game.outcome().expect("an outcome");
            let alive: Vec<Seat> = seats().filter(|s| game.is_alive(*s)).collect();
            match &*outcome.reason {
                "last_marker" => assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), alive),
                "eliminated_together" => {
                    assert!(alive.is_empty());
                    assert!(outcome.winners.len() >= 2);
                }
                "all_tiles_played" => {
                    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), alive);
                    assert!(alive.len() >= 2);
                    assert_eq!(
                        Square::all().filter(|s| game.tile_at(*s).is_some()).count(),
                        35
                    );
                }
                other => panic!("unknown reason {other}"),
            }
        }
        Phase::Start | Phase::Bonus | Phase::Shuffle => {}
    }

    // Views show a seat its own hand (and, while it picks its bonus, the hands it may take
    // from), the sizes of the others, and never the pile.
    for me in seats() {
        let view = game.view(Viewer::Seat(me));
        for (seat, hand) in seats().zip(&view.hands) {
            let may_see = seat == me
                || (game.phase() == Phase::Bonus
                    && game.active() == Some(me)
                    && game.awaiting_shuffle().contains(seat));
            assert_eq!(hand.is_some(), may_see, "seat {me} sees hand {seat}");
            if let Some(hand) = hand {
                assert_eq!(hand.as_slice(), game.hand(seat));
            }
        }
        // The view type has no field for the pile's order, only its size.
        assert_eq!(view.draw_pile, game.draw_pile_len());
    }
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.hands.iter().all(Option::is_none));
}

#[test]
fn rules_invariants_hold_in_random_games() {
    for seed in 0..1500u64 {
        let players = 2 + (seed % 7) as usize;
        invariants(players, seed % 3 == 0, seed);
    }
}

#[test]
fn random_legal_move_is_uniform_over_legal_moves() {
    let mut rng = FastRng::new(5);
    let mut checked = 0;
    for seed in 0..200u64 {
        let setup = Tsuro::setup_from_seed(&options(2 + (seed % 3) as usize, false), seed);
        let mut game = Tsuro::from_setup(&setup).unwrap();
        while let Turn::Seat(_) = game.turn() {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if game.phase() == Phase::Play && moves.len() > 1 && checked < 20 {
                checked += 1;
                let draws = 400 * moves.len();
                let mut hits = vec![0usize; moves.len()];
                for _ in 0..draws {
                    let mv = game.random_legal_move(&mut rng).unwrap();
                    hits[moves.iter().position(|m| *m == mv).expect("legal")] += 1;
                }
                // 400 expected per move; six standard deviations is about 120.
                assert!(hits.iter().all(|&h| (280..=520).contains(&h)), "{hits:?}");
            }
            let mv = moves[rng.index(moves.len())];
            game.play(mv).unwrap();
        }
    }
    assert_eq!(checked, 20);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any text: reading it never panics, and a refused move leaves the state as it was.
    #[test]
    fn garbage_moves_never_panic(
        seed in 0u64..1000,
        plies in 0usize..60,
        text in "[a-z0-9 .\\-]{0,40}|(start|play|swap|keep|shuffle) [a-f0-9 .\\-]{0,30}",
    ) {
        let players = 2 + (seed % 7) as usize;
        let setup = Tsuro::setup_from_seed(&options(players, seed % 2 == 0), seed);
        let mut game = Tsuro::from_setup(&setup).unwrap();
        let mut rng = FastRng::new(seed);
        for _ in 0..plies {
            let mv = match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut rng),
                Turn::Seat(_) => game.random_legal_move(&mut rng).unwrap(),
            };
            game.play(mv).unwrap();
        }
        let before = game.clone();
        if let Ok(mv) = game.parse_move(&text) {
            if game.play(mv).is_err() {
                prop_assert_eq!(&game, &before);
            }
        }
        // Moves built from any tiles and marks, whatever the text says.
        let tile = Tile::all().nth(seed as usize % 35).unwrap();
        let mark = Position::start_marks().nth(seed as usize % 48).unwrap();
        for mv in [
            TsuroMove::Start(mark),
            TsuroMove::Play(tile.orientations()[0]),
        ] {
            let mut copy = before.clone();
            if copy.play(mv).is_err() {
                prop_assert_eq!(&copy, &before);
            }
        }
    }
}
