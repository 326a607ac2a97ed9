//! Turn order and seats, drawing, hand limits, decks and chance moves.

mod common;

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_tyranny::{Card, Deck, Phase, SeenMove, Tyranny};
use common::*;
use serde_json::json;

#[test]
fn pieces_move_cop_criminal_cop_criminal_and_seats_command_them() {
    let expect = [(2, [0, 1, 0, 1]), (3, [0, 1, 0, 2]), (4, [0, 1, 2, 3])];
    for (players, commanders) in expect {
        let mut state = Tyranny::new(players).unwrap();
        assert_eq!(state.seats(), usize::from(players));
        for (i, seat) in commanders.into_iter().enumerate() {
            assert_eq!(state.table().active(), agora_tyranny::Piece::ALL[i]);
            assert_eq!(
                state.turn(),
                Turn::Seat(Seat(seat)),
                "{players} players, piece {i}"
            );
            play(&mut state, &["pass"]);
        }
    }
}

#[test]
fn the_opening_position() {
    let state = Tyranny::new(4).unwrap();
    assert_eq!(state.influence(), 500);
    for name in ["cop1", "cop2"] {
        assert_eq!(at(&state, name), "O0");
    }
    for name in ["crim1", "crim2"] {
        assert_eq!(at(&state, name), "O14");
    }
    assert_eq!(state.decks().len(), 40);
    assert_eq!(legal(&state), ["move", "pass", "cross"]);
}

#[test]
fn a_move_is_a_seat_decision_then_a_chance_roll() {
    let mut state = Tyranny::new(4).unwrap();
    play(&mut state, &["move"]);
    assert_eq!(state.turn(), Turn::Chance);
    assert!(legal(&state).is_empty());
    assert_eq!(refused(&state, "roll 7"), "a die shows 1 to 6, not 7");
    assert_eq!(refused(&state, "roll 0"), "a die shows 1 to 6, not 0");
    assert_eq!(
        refused(&state, "pass"),
        "no seat moves now: waiting for a die roll"
    );
    assert!(refused(&state, "draw gamble 1").contains("cannot come up now"));
    play(&mut state, &["roll 6"]);
    assert_eq!(at(&state, "cop1"), "O6");
}

#[test]
fn chance_rolls_are_uniform_over_the_faces() {
    let mut state = Tyranny::new(4).unwrap();
    play(&mut state, &["move"]);
    let mut rng = FastRng::new(3);
    let mut seen = [0; 7];
    for _ in 0..6000 {
        let agora_tyranny::Move::Roll(face) = state.sample_chance(&mut rng) else {
            panic!("a roll")
        };
        seen[usize::from(face)] += 1;
    }
    assert_eq!(seen[0], 0);
    assert!(
        seen[1..].iter().all(|n| (850..1150).contains(n)),
        "{seen:?}"
    );
}

#[test]
fn draws_come_from_what_is_left_in_the_deck() {
    // Everything but the two Gamble 5s is out of the Gamble deck.
    let discards: Vec<String> = Deck::Gamble
        .cards()
        .filter(|c| c.number() != 5)
        .flat_map(|c| [c.to_string(), c.to_string()])
        .collect();
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}, "discards": discards}));
    play(&mut state, &["move", "roll 1", "draw"]);
    assert_eq!(state.phase(), Phase::Draw { deck: Deck::Gamble });
    let mut rng = FastRng::new(1);
    for _ in 0..50 {
        assert_eq!(
            state.format_move(state.sample_chance(&mut rng)),
            "draw gamble 5"
        );
    }
    assert_eq!(
        refused(&state, "draw gamble 1"),
        "no copy of gamble 1 is left in the gamble deck"
    );
    assert_eq!(
        refused(&state, "draw gains 5"),
        "a gamble card is being drawn, not gains 5"
    );
}

#[test]
fn an_empty_deck_is_refilled_from_its_discards() {
    let discards: Vec<String> = Deck::Gamble
        .cards()
        .flat_map(|c| [c.to_string(), c.to_string()])
        .collect();
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}, "discards": discards}));
    assert_eq!(state.decks().len_of(Deck::Gamble), 0);
    play(&mut state, &["move", "roll 1", "draw"]);
    assert_eq!(state.decks().len_of(Deck::Gamble), 20);
    assert_eq!(state.table().discards().len_of(Deck::Gamble), 0);
    play(&mut state, &["draw gamble 1"]);
    assert_eq!(state.influence(), 400);
}

#[test]
fn a_piece_may_decline_to_draw() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    play(&mut state, &["move", "roll 1"]);
    assert_eq!(state.phase(), Phase::MayDraw { deck: Deck::Gamble });
    assert_eq!(legal(&state), ["draw", "decline"]);
    play(&mut state, &["decline"]);
    assert_eq!(state.decks().len(), 40);
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn a_seat_over_its_hand_limit_discards_a_card_of_its_choice() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O5"}},
        "hands": [["gains 1", "gains 2", "gamble 7"], [], [], []],
    }));
    play(&mut state, &["move", "roll 1", "draw", "draw gains 10"]);
    assert_eq!(state.phase(), Phase::Discard);
    assert_eq!(
        legal(&state),
        [
            "discard gamble 7",
            "discard gains 1",
            "discard gains 2",
            "discard gains 10"
        ]
    );
    assert_eq!(
        refused(&state, "discard gains 6"),
        "seat 0 holds no gains 6"
    );
    play(&mut state, &["discard gains 10"]);
    assert_eq!(state.hand(Seat(0)).len(), 3);
    assert_eq!(discarded(&state, "gains 10"), 1);
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn a_seat_commanding_two_pieces_keeps_six_cards() {
    let mut state = game(json!({"players": 2, "position": {
        "pieces": {"cop1": {"tile": "O5"}},
        "hands": [["gains 1", "gains 2", "gamble 7", "gains 6", "gains 7"], []],
    }}));
    play(&mut state, &["move", "roll 1", "draw", "draw gains 10"]);
    assert_eq!(state.hand(Seat(0)).len(), 6);
    assert_eq!(state.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn stealing_never_takes_a_hand_over_its_limit() {
    // The stolen card takes the place of the Gains 10 just played.
    let mut state = position(json!({
        "hands": [["gains 10", "gains 1", "gains 2"], ["gamble 7"], [], []],
    }));
    play(&mut state, &["play gains 10 seat 1", "pick gamble 7"]);
    assert_eq!(state.hand(Seat(0)).len(), 3);
    assert_eq!(state.phase(), Phase::Start, "the turn goes on");
}

#[test]
fn the_seen_draw_hides_kept_cards_from_the_other_seats() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O5"}}}));
    play(&mut state, &["move", "roll 1", "draw"]);
    let kept = state.parse_move("draw gains 7").unwrap();
    let acts = state.parse_move("draw gains 9").unwrap();
    assert_eq!(
        state.seen_move(kept, Viewer::Seat(Seat(0))),
        SeenMove::Move(kept)
    );
    assert_eq!(
        state.seen_move(kept, Viewer::Seat(Seat(1))),
        SeenMove::DrewHidden(Deck::Gains)
    );
    assert_eq!(
        state.seen_move(kept, Viewer::Seat(Seat(2))),
        SeenMove::DrewHidden(Deck::Gains)
    );
    assert_eq!(
        state.seen_move(kept, Viewer::Spectator),
        SeenMove::DrewHidden(Deck::Gains)
    );
    assert_eq!(
        serde_json::to_value(state.seen_move(kept, Viewer::Spectator)).unwrap(),
        json!("draw gains")
    );
    assert_eq!(
        state.seen_move(acts, Viewer::Spectator),
        SeenMove::Move(acts),
        "acted on in public"
    );
}

#[test]
fn the_seen_steal_shows_the_card_to_thief_and_victim_only() {
    let mut state = position(json!({"hands": [["gains 10"], ["gains 6"], [], []]}));
    play(&mut state, &["play gains 10 seat 1"]);
    let pick = state.parse_move("pick gains 6").unwrap();
    for (seat, sees) in [(0, true), (1, true), (2, false), (3, false)] {
        let seen = state.seen_move(pick, Viewer::Seat(Seat(seat)));
        assert_eq!(seen == SeenMove::Move(pick), sees, "seat {seat}");
    }
    assert_eq!(
        state.seen_move(pick, Viewer::Spectator),
        SeenMove::PickedHidden
    );
}

#[test]
fn a_gains_5_discard_is_public() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O5"}},
        "hands": [[], ["gains 6"], [], []],
    }));
    play(
        &mut state,
        &["move", "roll 1", "draw", "draw gains 5", "target seat 1"],
    );
    let pick = state.parse_move("pick gains 6").unwrap();
    assert_eq!(
        state.seen_move(pick, Viewer::Spectator),
        SeenMove::Move(pick)
    );
}

#[test]
fn play_logged_tells_what_a_card_did() {
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O5"}}, "to_move": "crim1"}));
    play(&mut state, &["move", "roll 1", "draw"]);
    let mv = state.parse_move("draw gains 8").unwrap();
    let events = state.play_logged(mv).unwrap();
    let text: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        text,
        [
            "seat 1 draws gains 8",
            "gains 8 (criminals' half): the criminals gain 50% of their influence",
            "criminal influence 500 -> 750",
            "cop2 to play",
        ]
    );
    let hidden = agora_tyranny::Event::Drew {
        seat: Seat(1),
        deck: Deck::Gains,
        card: Some(Card::GAINS_TUNNEL),
    };
    assert_eq!(
        hidden.seen_by(Viewer::Seat(Seat(0))).to_string(),
        "seat 1 draws a gains card"
    );
    assert_eq!(
        hidden.seen_by(Viewer::Seat(Seat(1))).to_string(),
        "seat 1 draws gains 7"
    );
}
