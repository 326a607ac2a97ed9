//! The move notation: every move writes and reads back; mistakes get precise errors.

mod common;

use agora_engine::{Game, Seat};
use agora_tyranny::{Card, Move, Piece, Play, Tyranny};
use proptest::prelude::*;

fn every_move() -> Vec<Move> {
    let mut moves = vec![
        Move::Go,
        Move::Capture,
        Move::Pass,
        Move::Cross,
        Move::Stay,
        Move::Open(0),
        Move::Collapse(1),
        Move::Pay,
        Move::Escape,
        Move::Draw,
        Move::Decline,
        Move::Play(Play::SwitchTier),
        Move::Play(Play::ExtraRoll),
        Move::Play(Play::ShortRange),
        Move::Play(Play::WideEscape),
        Move::Play(Play::Tunnel(1)),
    ];
    for n in 1..=6 {
        moves.push(Move::Roll(n));
        moves.push(Move::Advance(n));
        moves.push(Move::Play(Play::FixEscape {
            piece: Piece::CRIM2,
            number: n,
        }));
    }
    for card in Card::all() {
        moves.push(Move::Drawn(card));
        moves.push(Move::Picked(card));
        moves.push(Move::Discard(card));
    }
    for piece in Piece::ALL {
        moves.push(Move::Spare(piece));
        for low in 1..=4 {
            moves.push(Move::Challenge { piece, low });
        }
    }
    for seat in 0..4 {
        moves.push(Move::Target(Seat(seat)));
        moves.push(Move::Play(Play::Steal(Seat(seat))));
    }
    moves
}

#[test]
fn every_move_round_trips() {
    let state = Tyranny::new(4).unwrap();
    for mv in every_move() {
        let text = state.format_move(mv);
        assert_eq!(state.parse_move(&text), Ok(mv), "{text}");
        assert_eq!(serde_json::to_value(mv).unwrap(), serde_json::json!(text));
    }
}

#[test]
fn the_notation_in_examples() {
    let examples = [
        (Move::Go, "move"),
        (Move::Roll(4), "roll 4"),
        (Move::Drawn("gamble 7".parse().unwrap()), "draw gamble 7"),
        (Move::Picked("gains 10".parse().unwrap()), "pick gains 10"),
        (
            Move::Challenge {
                piece: Piece::CRIM1,
                low: 2,
            },
            "challenge crim1 2-4",
        ),
        (Move::Open(0), "open tunnel A"),
        (
            Move::Play(Play::FixEscape {
                piece: Piece::CRIM1,
                number: 3,
            }),
            "play gains 6 crim1 3",
        ),
        (Move::Play(Play::Tunnel(1)), "play gains 7 tunnel B"),
        (Move::Play(Play::Steal(Seat(1))), "play gains 10 seat 1"),
        (Move::Target(Seat(3)), "target seat 3"),
    ];
    for (mv, text) in examples {
        assert_eq!(mv.to_string(), text);
    }
}

#[test]
fn reading_ignores_case_and_spacing() {
    assert_eq!(Move::parse("  MOVE "), Ok(Move::Go));
    assert_eq!(Move::parse("Open   Tunnel a"), Ok(Move::Open(0)));
    assert_eq!(
        Move::parse("draw  Gains 7"),
        Ok(Move::Drawn("gains 7".parse().unwrap()))
    );
}

#[test]
fn mistakes_get_precise_errors() {
    let cases = [
        ("", "empty move"),
        (
            "fly",
            "unknown move; see docs/rules/tyranny.md for the notation",
        ),
        ("move 3", "this move takes nothing after it"),
        ("roll", "expected \"roll\" and a die face"),
        ("roll x", "expected a number from 0 to 255"),
        ("draw gamble 11", "cards are numbered 1 to 10"),
        ("draw poker 1", "the decks are \"gamble\" and \"gains\""),
        (
            "challenge crim1 2-3",
            "a capture roll range is three faces: 1-3, 2-4, 3-5 or 4-6",
        ),
        (
            "challenge crim3 1-3",
            "the pieces are cop1, crim1, cop2 and crim2",
        ),
        ("open tunnel Z", "no tunnel has that name"),
        ("open door A", "expected \"tunnel\" and a tunnel name"),
        ("target seat 4", "a seat is a number from 0 to 3"),
        (
            "play gamble 1",
            "only kept cards are played: gamble 7, gains 1, 2, 6, 7 and 10",
        ),
        ("play gains 1 now", "this card takes nothing after it"),
        ("play gains 7", "gains 7 takes \"tunnel\" and a name"),
        (
            "play gains 10 crim1",
            "gains 10 takes \"seat\" and a number",
        ),
        (
            "play gains 6 crim1",
            "gains 6 takes nothing (criminals) or a piece and a number (cops)",
        ),
    ];
    for (text, reason) in cases {
        let error = Move::parse(text).expect_err(text);
        assert_eq!(error.reason.to_string(), reason, "{text:?}");
    }
    assert_eq!(
        Move::parse("fly").unwrap_err().to_string(),
        "cannot read \"fly\" as a move: unknown move; see docs/rules/tyranny.md for the notation"
    );
}

#[test]
fn well_formed_but_impossible_moves_get_a_reason() {
    let state = Tyranny::new(4).unwrap();
    assert_eq!(
        common::refused(&state, "pay"),
        "pay is not a move now: cop1 starts its turn: move, capture, pass, cross, open or \
         collapse a tunnel, or play a card"
    );
    assert_eq!(
        common::refused(&state, "play gains 7 tunnel A"),
        "seat 0 holds no gains 7"
    );
    assert_eq!(
        common::refused(&state, "target seat 1"),
        "seat 1 holds no card"
    );
    assert_eq!(
        common::refused(&state, "play gains 10 seat 2"),
        "seat 0 holds no gains 10"
    );
    let state = common::position(serde_json::json!({"hands": [["gains 10"], [], [], []]}));
    assert_eq!(
        common::refused(&state, "play gains 10 seat 2"),
        "seat 2 is not an opponent"
    );
    let state =
        common::game(serde_json::json!({"players": 2, "position": {"hands": [["gains 10"], []]}}));
    assert_eq!(
        common::refused(&state, "play gains 10 seat 3"),
        "there is no seat 3"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_reads_without_panicking(text in "\\PC{0,30}") {
        let state = Tyranny::new(4).unwrap();
        if let Ok(mv) = state.parse_move(&text) {
            let again = state.parse_move(&state.format_move(mv));
            prop_assert_eq!(again, Ok(mv));
        }
    }

    #[test]
    fn near_miss_text_reads_without_panicking(
        words in proptest::collection::vec(
            prop_oneof![
                Just("move"), Just("roll"), Just("draw"), Just("pick"), Just("play"),
                Just("gamble"), Just("gains"), Just("tunnel"), Just("seat"), Just("crim1"),
                Just("challenge"), Just("1-3"), Just("0"), Just("6"), Just("7"), Just("10"),
                Just("256"), Just("A"), Just("-1"),
            ],
            0..5,
        )
    ) {
        let state = Tyranny::new(4).unwrap();
        let text = words.join(" ");
        if let Ok(mv) = state.parse_move(&text) {
            prop_assert_eq!(state.parse_move(&state.format_move(mv)), Ok(mv));
            let mut copy = state.clone();
            if copy.play(mv).is_err() {
                prop_assert_eq!(copy, state);
            }
        }
    }
}

#[test]
fn hand_built_moves_out_of_range_are_refused_without_panicking() {
    use agora_engine::Game;
    let moves = [
        Move::Open(7),
        Move::Collapse(200),
        Move::Play(Play::Tunnel(9)),
        Move::Roll(255),
        Move::Advance(0),
        Move::Advance(99),
        Move::Challenge {
            piece: Piece::CRIM1,
            low: 9,
        },
        Move::Target(Seat(15)),
        Move::Play(Play::Steal(Seat(15))),
        Move::Play(Play::FixEscape {
            piece: Piece::COP1,
            number: 200,
        }),
    ];
    let positions = [
        Tyranny::new(2).unwrap(),
        common::position(serde_json::json!({
            "hands": [["gains 7", "gains 10", "gains 6"], ["gains 1"], [], []],
            "pieces": {"crim1": {"custody": true}},
        })),
    ];
    for state in positions {
        for mv in moves {
            let _ = state.format_move(mv);
            let mut copy = state.clone();
            assert!(copy.play(mv).is_err(), "{mv:?}");
            assert_eq!(copy, state);
        }
    }
    assert_eq!(Move::Open(7).to_string(), "open tunnel #7");
}
