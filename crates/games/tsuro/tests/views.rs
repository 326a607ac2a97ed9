//! What each viewer sees, and states sampled from a view.

mod common;

use std::collections::HashSet;

use agora_engine::testing::assert_same_view;
use agora_engine::{FastRng, Game, Seat, Viewer};
use agora_tsuro::{Tile, Tsuro};
use common::{play, setup, start};

fn three_seats(second_hand: [&str; 3], pile_top: &[&str]) -> Tsuro {
    let mut game = start(&setup(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            second_hand,
            ["05-14-27-36", "04-15-27-36", "02-15-37-46"],
        ],
        pile_top,
        false,
    ));
    play(
        &mut game,
        &["start a1.0", "start f6.4", "start c1.1", "play 04-12-35-67"],
    );
    game
}

#[test]
fn a_seat_sees_its_own_hand_and_the_sizes_of_the_others() {
    let game = three_seats(
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        &["03-15-26-47"],
    );
    let view = game.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.hands[0], None);
    assert_eq!(view.hands[2], None);
    let own: Vec<String> = view.hands[1]
        .as_ref()
        .unwrap()
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(own, ["02-13-46-57", "03-16-25-47", "04-15-26-37"]);
    assert_eq!(view.hand_sizes, [3, 3, 3]);
    assert_eq!(view.draw_pile, 25);
    assert_eq!(view.dragon, None);
    assert_eq!(view.to_move, Some(Seat(1)));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["board"][0], "04-12-35-67");
    assert_eq!(json["board"].as_array().unwrap().len(), 36);
    assert_eq!(json["markers"][0]["at"], "a2.1");
    assert_eq!(json["phase"], "play");
    // Seat 0 drew the pile's top; only seat 0 sees which tile that was.
    let text = serde_json::to_string(&game.view(Viewer::Seat(Seat(2)))).unwrap();
    assert!(!text.contains("03-15-26-47"));
    let text = serde_json::to_string(&game.view(Viewer::Seat(Seat(0)))).unwrap();
    assert!(text.contains("03-15-26-47"));

    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.hands.iter().all(Option::is_none));
    assert_eq!(spectator.hand_sizes, [3, 3, 3]);
}

#[test]
fn views_do_not_depend_on_hidden_tiles() {
    // Same public play, different hidden hand for seat 1 and different pile.
    let one = three_seats(
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        &["03-15-26-47"],
    );
    let two = three_seats(
        ["01-25-36-47", "03-16-25-47", "04-15-26-37"],
        &["02-13-46-57"],
    );
    assert_ne!(one, two);
    assert_same_view(&[one.clone(), two.clone()], Seat(2));
    assert_ne!(
        one.view(Viewer::Seat(Seat(1))),
        two.view(Viewer::Seat(Seat(1)))
    );
    assert_eq!(one.view(Viewer::Spectator), two.view(Viewer::Spectator));
}

#[test]
fn determinized_states_deal_the_unknown_tiles_anew() {
    let game = three_seats(
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        &["03-15-26-47"],
    );
    let view = game.view(Viewer::Seat(Seat(1)));
    let mut rng = FastRng::new(9);
    let mut other_hands = HashSet::new();
    for _ in 0..50 {
        let sampled = Tsuro::determinize(&view, Seat(1), &mut rng);
        assert_eq!(sampled.view(Viewer::Seat(Seat(1))), view);
        assert_eq!(sampled.hand(Seat(1)), game.hand(Seat(1)));
        let mut tiles: Vec<Tile> = (0..3)
            .flat_map(|s| sampled.hand(Seat(s)).to_vec())
            .collect();
        tiles.extend(sampled.draw_pile());
        tiles.extend(
            agora_tsuro::Square::all().filter_map(|sq| sampled.tile_at(sq).map(|t| t.tile())),
        );
        tiles.sort();
        assert_eq!(tiles, Tile::all().collect::<Vec<_>>());
        other_hands.insert(sampled.hand(Seat(0)).to_vec());
    }
    assert!(other_hands.len() > 40, "hidden hands are dealt at random");
}

#[test]
fn plays_and_starts_are_public() {
    let game = three_seats(["02-13-46-57", "03-16-25-47", "04-15-26-37"], &[]);
    let mv = game.parse_move("play 13-02-46-57").unwrap();
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        assert_eq!(game.seen_move(mv, viewer).to_string(), "play 02-13-46-57");
        let json = serde_json::to_value(game.seen_move(mv, viewer)).unwrap();
        assert_eq!(json, "play 02-13-46-57");
    }
}
