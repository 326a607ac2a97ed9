//! Random games: the engine's conformance harness over many seeds, and a cheaper runner that
//! checks Tyranny's own invariants at every ply over thousands of games.
//!
//! The harness serializes every view at every ply, which is slow without optimizations, so
//! the default run checks 200 harness games (in two tests, to use both cores) next to 3,000
//! games of the cheaper runner; the ignored `thousands_of_games_keep_the_contract` runs 5,000
//! harness games (see docs/rules/tyranny.md).

use agora_engine::testing::check_playthrough;
use agora_engine::{FastRng, Game, GameRecord, GameRng, Seat, Turn, Viewer, replay};
use agora_tyranny::rules::{INFLUENCE_CAP, TURN_LIMIT};
use agora_tyranny::{Board, Card, Options, Phase, Piece, Tyranny};

fn check_cards(state: &Tyranny) {
    for card in Card::all() {
        let mut count = state.decks().count(card) + state.table().discards().count(card);
        for seat in 0..state.seats() {
            count += state.hand(Seat(seat as u8)).count(card);
        }
        assert_eq!(count, Card::COPIES, "{card} copies");
    }
}

fn playthroughs(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let players = 2 + (seed % 3) as u8;
        let setup = Tyranny::setup_from_seed(&Options { players }, seed);
        let (state, moves) = check_playthrough::<Tyranny>(&setup, seed);
        assert!(state.outcome().is_some());
        assert!(state.table().turns() <= TURN_LIMIT);
        check_cards(&state);
        assert!(!moves.is_empty());
    }
}

#[test]
fn harness_games_0() {
    playthroughs(0..100);
}

#[test]
fn harness_games_1() {
    playthroughs(100..200);
}

#[test]
#[ignore = "slow in debug: run with --release -- --ignored"]
fn thousands_of_games_keep_the_contract() {
    playthroughs(1000..6000);
}

/// Every invariant that must hold between any two moves.
fn check_invariants(state: &Tyranny, ply: usize) {
    let board = Board::standard().unwrap();
    let table = state.table();
    assert!(
        table.influence() <= INFLUENCE_CAP,
        "ply {ply}: influence cap"
    );
    assert!(table.turns() <= TURN_LIMIT, "ply {ply}: turn limit");
    check_cards(state);
    let seating = table.seating();
    for seat in (0..state.seats()).map(|s| Seat(s as u8)) {
        let limit = usize::from(seating.hand_limit(seat));
        let size = state.hand(seat).len();
        let over_allowed = table.phase() == Phase::Discard && state.active_seat() == seat;
        assert!(
            size <= limit || (over_allowed && size == limit + 1),
            "ply {ply}: seat {seat} holds {size}"
        );
        assert!(
            state.hand(seat).iter().all(Card::is_kept),
            "ply {ply}: acting card in hand"
        );
    }
    for piece in Piece::ALL {
        let held = table.piece(piece);
        assert!(held.tile.index() < board.tiles().len());
        if held.custody {
            assert_eq!(
                held.tile,
                board.start(piece.faction().other()),
                "ply {ply}: {piece} held"
            );
        } else {
            assert_eq!(held.sentence, 0);
        }
    }
    match state.turn() {
        Turn::Over => assert!(state.outcome().is_some()),
        Turn::Chance => assert!(state.outcome().is_none()),
        Turn::Seat(seat) => {
            assert_eq!(seat, state.active_seat());
            assert!(
                state
                    .random_legal_move(&mut FastRng::new(ply as u64))
                    .is_some()
            );
        }
    }
}

#[test]
fn thousands_of_random_games_keep_the_rules_invariants() {
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..3000u64 {
        let players = 2 + (seed % 3) as u8;
        let mut rng = FastRng::new(seed);
        let mut state = Tyranny::new(players).unwrap();
        let mut record = Vec::new();
        for ply in 0.. {
            check_invariants(&state, ply);
            if ply % 8 == 0 && state.turn() != Turn::Over {
                // What a seat sees does not depend on what it cannot see.
                let seat = Seat(rng.below(u32::from(players)) as u8);
                let view = state.view(Viewer::Seat(seat));
                let sampled = Tyranny::determinize(&view, seat, &mut rng);
                assert_eq!(sampled.view(Viewer::Seat(seat)), view);
                check_cards(&sampled);
                // Garbage never panics, and refused moves change nothing.
                let text: String = (0..rng.index(12))
                    .map(|_| char::from(b"abcdegilmnoprstvwy 0123456789-"[rng.index(30)]))
                    .collect();
                if let Ok(mv) = state.parse_move(&text) {
                    let mut copy = state.clone();
                    if copy.play(mv).is_err() {
                        assert_eq!(copy, state);
                    }
                }
            }
            let mv = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
            };
            if seed % 10 == 0 {
                record.push(state.format_move(mv));
            }
            state.play_unchecked(mv);
            assert!(ply < 20_000, "game {seed} does not end");
        }
        *reasons
            .entry(state.outcome().unwrap().reason.into_owned())
            .or_insert(0) += 1;
        if seed % 10 == 0 {
            let record = GameRecord {
                game: "tyranny".into(),
                seed: Some(seed),
                options: Some(serde_json::json!({"players": players})),
                setup: None,
                moves: record,
                ..Default::default()
            };
            let replayed = replay::<Tyranny>(&record).unwrap();
            assert_eq!(replayed.rejected, None);
            assert_eq!(replayed.state, state);
        }
    }
    // Every ending happens in random play.
    for reason in [
        "criminals_held_1000",
        "cops_held_zero",
        "time_limit_criminals_ahead",
        "time_limit_cops_ahead",
    ] {
        assert!(reasons.contains_key(reason), "{reason}: {reasons:?}");
    }
}
