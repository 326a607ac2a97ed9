//! Known-answer scenarios, worked out by hand on the board.
//!
//! Squares are `a1`..`f6` (row 1 at the top); a square's edge points run clockwise from the
//! top edge's left point: 0 1 on top, 2 3 on the right, 4 5 at the bottom, 6 7 on the left.
//! Point 0 touches point 5 of the square above, 1 touches 4, 2 touches 7 of the square to the
//! right, 3 touches 6.

mod common;

use agora_engine::{Game, Seat, Turn, Viewer};
use agora_tsuro::{Fate, Marker, Phase, Position, Tsuro};
use common::{hand, hand_sizes, legal, play, record, refusal, setup, start, summary};
use serde_json::json;

fn at(text: &str) -> Position {
    text.parse().unwrap()
}

#[test]
fn markers_start_on_free_start_marks_in_seat_order() {
    let mut game = start(&setup(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &[],
        false,
    ));
    assert_eq!(
        summary(&game)["markers"],
        json!([
            {"seat": 0, "alive": true, "at": null},
            {"seat": 1, "alive": true, "at": null},
        ])
    );
    assert_eq!(game.turn(), Turn::Seat(Seat(0)));
    assert_eq!(legal(&game).len(), 48);
    assert_eq!(
        refusal(&game, "start c3.4"),
        "c3.4 is not a start mark: start marks are the rim points facing off the board"
    );
    assert_eq!(
        refusal(&game, "start a1.2"),
        "a1.2 is not a start mark: start marks are the rim points facing off the board"
    );
    assert_eq!(
        refusal(&game, "play 04-12-35-67"),
        "every marker must be placed before a tile is laid"
    );
    play(&mut game, &["start a1.0"]);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    assert_eq!(
        refusal(&game, "start a1.0"),
        "a1.0 is taken by seat 0's marker"
    );
    assert_eq!(legal(&game).len(), 47);
    play(&mut game, &["start a1.7"]);
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(
        game.turn(),
        Turn::Seat(Seat(0)),
        "the oldest seat lays the first tile"
    );
    assert_eq!(
        refusal(&game, "start f6.4"),
        "every marker is already placed"
    );
    assert_eq!(
        summary(&game),
        json!({
            "status": "ongoing", "winners": [], "win_reason": null, "to_move": 0,
            "markers": [
                {"seat": 0, "alive": true, "at": "a1.0"},
                {"seat": 1, "alive": true, "at": "a1.7"},
            ],
            "board": {}, "hand_sizes": [3, 3], "draw_pile": 29, "dragon": null,
        })
    );
}

/// Seat 0 on a1.0 and seat 1 on a1.7 both face a1. Tile 04-12-35-67 takes seat 0 from 0 down
/// to 4, across to a2.1; it takes seat 1 from 7 to 6, off the left edge.
#[test]
fn a_path_to_the_rim_eliminates() {
    let mut game = start(&setup(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &[],
        false,
    ));
    play(&mut game, &["start a1.0", "start a1.7"]);
    let preview = game.preview("04-12-35-67".parse().unwrap()).unwrap();
    assert_eq!(preview.square.to_string(), "a1");
    assert!(preview.allowed);
    assert_eq!(preview.mover_fate().fate, Fate::Stops(at("a2.1")));
    assert_eq!(preview.markers[1].seat, Seat(1));
    assert_eq!(preview.markers[1].fate, Fate::LeavesBoard);
    play(&mut game, &["play 04-12-35-67"]);
    assert_eq!(
        summary(&game),
        json!({
            "status": "finished", "winners": [0], "win_reason": "last_marker", "to_move": null,
            "markers": [
                {"seat": 0, "alive": true, "at": "a2.1"},
                {"seat": 1, "alive": false, "at": null},
            ],
            "board": {"a1": "04-12-35-67"}, "hand_sizes": [2, 3], "draw_pile": 29,
            "dragon": null,
        })
    );
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(refusal(&game, "play 01-23-45-67"), "the game is over");
}

/// Three markers face a1: seat 0 on a1.0, seat 1 on a1.1, seat 2 on a1.7. Tile 04-17-23-56
/// sends seat 0 down to a2.1 and joins 1 and 7: seats 1 and 2 run into each other.
#[test]
fn markers_that_meet_are_both_eliminated() {
    let mut game = start(&setup(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
            ["05-14-27-36", "04-15-27-36", "02-15-37-46"],
        ],
        &[],
        false,
    ));
    play(&mut game, &["start a1.0", "start a1.1", "start a1.7"]);
    // The same tile turned a quarter: written as laid.
    let preview = game.preview("04-17-23-56".parse().unwrap()).unwrap();
    assert_eq!(preview.mover_fate().fate, Fate::Stops(at("a2.1")));
    assert_eq!(preview.markers[1].fate, Fate::Collides(Seat(2)));
    assert_eq!(preview.markers[2].fate, Fate::Collides(Seat(1)));
    play(&mut game, &["play 04-17-23-56"]);
    assert_eq!(
        summary(&game),
        json!({
            "status": "finished", "winners": [0], "win_reason": "last_marker", "to_move": null,
            "markers": [
                {"seat": 0, "alive": true, "at": "a2.1"},
                {"seat": 1, "alive": false, "at": null},
                {"seat": 2, "alive": false, "at": null},
            ],
            "board": {"a1": "04-17-23-56"}, "hand_sizes": [2, 3, 3], "draw_pile": 26,
            "dragon": null,
        })
    );
}

/// Seat 0 starts on a1.0 and lays 03-15-24-67 on a1 (to b1.6); seat 1 starts on c1.1 and lays
/// 02-16-35-47 on c1 (to b1.3); seat 2 starts on a2.6 and lays 02-13-47-56 on a2 (to a3.0).
/// Then seat 0 lays 02-15-37-46 on b1: it goes 6 → 4 to b2.1, and seat 1, also facing b1,
/// goes 3 → 7 into a1 at 2, 2 → 4 into a2 at 1, 1 → 3 and stops on b2.6: three tiles.
#[test]
fn a_play_carries_another_marker_across_several_tiles() {
    let mut game = start(&setup(
        &[
            ["03-15-24-67", "02-15-37-46", "01-23-45-67"],
            ["02-16-35-47", "07-12-34-56", "05-14-27-36"],
            ["02-13-47-56", "04-15-26-37", "03-16-25-47"],
        ],
        &[],
        false,
    ));
    play(
        &mut game,
        &[
            "start a1.0",
            "start c1.1",
            "start a2.6",
            "play 03-15-24-67",
            "play 02-16-35-47",
            "play 02-13-47-56",
        ],
    );
    assert_eq!(game.marker(Seat(0)), Marker::At(at("b1.6")));
    assert_eq!(game.marker(Seat(1)), Marker::At(at("b1.3")));
    assert_eq!(game.marker(Seat(2)), Marker::At(at("a3.0")));
    let preview = game.preview("02-15-37-46".parse().unwrap()).unwrap();
    assert_eq!(preview.markers.len(), 2);
    assert_eq!(preview.markers[0].fate, Fate::Stops(at("b2.1")));
    assert_eq!(preview.markers[0].tiles, 1);
    assert_eq!(preview.markers[1].from, at("b1.3"));
    assert_eq!(preview.markers[1].fate, Fate::Stops(at("b2.6")));
    assert_eq!(preview.markers[1].tiles, 3);
    play(&mut game, &["play 02-15-37-46"]);
    assert_eq!(
        summary(&game),
        json!({
            "status": "ongoing", "winners": [], "win_reason": null, "to_move": 1,
            "markers": [
                {"seat": 0, "alive": true, "at": "b2.1"},
                {"seat": 1, "alive": true, "at": "b2.6"},
                {"seat": 2, "alive": true, "at": "a3.0"},
            ],
            "board": {
                "a1": "03-15-24-67", "b1": "02-15-37-46", "c1": "02-16-35-47",
                "a2": "02-13-47-56",
            },
            "hand_sizes": [3, 3, 3], "draw_pile": 22, "dragon": null,
        })
    );
}

/// Seat 0 starts on b1.0 and lays 07-16-23-45 (to a1.2); seat 1 starts on a2.7 and lays
/// 06-17-23-45 (to a1.4). Seat 2 on a1.0 is boxed in: 1, 6 and 7 are the rim, 2 and 4 hold
/// markers, 3 leads through b1 to its top edge and 5 through a2 to its left edge. Every play
/// eliminates it, so every play is allowed; 02-14-36-57 runs seat 2 into seat 0 and seat 1
/// off the top: all three go out together and share the win.
#[test]
fn forced_self_elimination_and_a_shared_win() {
    let mut game = start(&setup(
        &[
            ["07-16-23-45", "04-12-35-67", "07-12-34-56"],
            ["06-17-23-45", "03-16-25-47", "04-15-26-37"],
            ["02-14-36-57", "01-23-45-67", "05-14-27-36"],
        ],
        &[],
        false,
    ));
    play(
        &mut game,
        &[
            "start b1.0",
            "start a2.7",
            "start a1.0",
            "play 07-16-23-45",
            "play 06-17-23-45",
        ],
    );
    assert_eq!(game.marker(Seat(0)), Marker::At(at("a1.2")));
    assert_eq!(game.marker(Seat(1)), Marker::At(at("a1.4")));
    assert_eq!(game.turn(), Turn::Seat(Seat(2)));
    assert_eq!(
        legal(&game),
        [
            "play 02-14-36-57",
            "play 05-17-24-36",
            "play 05-13-27-46",
            "play 06-14-27-35",
            "play 01-23-45-67",
            "play 05-14-27-36",
        ]
    );
    for preview in game.previews() {
        assert!(!preview.mover_survives(), "{} is safe", preview.tile);
        assert!(preview.allowed);
    }
    play(&mut game, &["play 02-14-36-57"]);
    assert_eq!(
        summary(&game),
        json!({
            "status": "finished", "winners": [0, 1, 2], "win_reason": "eliminated_together",
            "to_move": null,
            "markers": [
                {"seat": 0, "alive": false, "at": null},
                {"seat": 1, "alive": false, "at": null},
                {"seat": 2, "alive": false, "at": null},
            ],
            "board": {"a1": "02-14-36-57", "b1": "07-16-23-45", "a2": "06-17-23-45"},
            "hand_sizes": [3, 3, 2], "draw_pile": 24, "dragon": null,
        })
    );
}

/// Seat 0 on a1.0 holds 01-23-45-67 and 07-12-34-56, which lead off the board however they are
/// turned, and 01-26-34-57, which is safe turned so that 0 joins 4.
#[test]
fn a_self_eliminating_play_is_refused_while_a_safe_one_exists() {
    let mut game = start(&setup(
        &[
            ["01-23-45-67", "07-12-34-56", "01-26-34-57"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &["05-14-27-36", "02-15-37-46"],
        false,
    ));
    play(&mut game, &["start a1.0", "start f6.4"]);
    for tile in ["01-23-45-67", "07-12-34-56", "01-26-34-57", "07-13-26-45"] {
        assert_eq!(
            refusal(&game, &format!("play {tile}")),
            "that play eliminates your marker and you have a safe play"
        );
    }
    assert_eq!(
        refusal(&game, "play 02-13-46-57"),
        "02-13-46-57 is not a tile in your hand in any rotation"
    );
    assert_eq!(legal(&game), ["play 04-17-23-56", "play 04-12-35-67"]);
    let preview = game.preview("01-23-45-67".parse().unwrap()).unwrap();
    assert!(!preview.allowed);
    assert_eq!(preview.mover_fate().fate, Fate::LeavesBoard);

    // Two players: only the one who played draws, from the top of the pile.
    play(&mut game, &["play 04-12-35-67"]);
    assert_eq!(
        hand(&game, 0),
        ["01-23-45-67", "07-12-34-56", "05-14-27-36"]
    );
    assert_eq!(
        hand(&game, 1),
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"]
    );
    assert_eq!(game.draw_pile_len(), 28);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    let first = legal(&game)[0].clone();
    play(&mut game, &[&first]);
    assert_eq!(hand(&game, 1)[2], "02-15-37-46");
    assert_eq!(hand_sizes(&game), [3, 3]);
    assert_eq!(game.draw_pile_len(), 27);
}

/// Four seats; seat 0 on a1.0 lays 04-17-23-56 and seats 1 (a1.1) and 2 (a1.7) meet. Their six
/// tiles go into the pile with a recorded shuffle, seat 0 draws, and the turn skips them.
#[test]
fn eliminated_hands_are_shuffled_into_the_pile() {
    let mut game = start(&bonus_setup(false));
    play(&mut game, &STARTS_AND_COLLISION);
    assert_eq!(game.turn(), Turn::Chance);
    assert!(legal(&game).is_empty());
    let sum = summary(&game);
    assert_eq!(sum["to_move"], json!(null));
    assert_eq!(sum["status"], "ongoing");
    assert_eq!(sum["hand_sizes"], json!([2, 3, 3, 3]));

    let mut pile = [hand(&game, 1), hand(&game, 2)].concat();
    pile.extend(game.draw_pile().map(|t| t.to_string()));
    assert_eq!(pile.len(), 29);
    let shuffle = format!("shuffle {}", pile.join(" "));
    let short = format!("shuffle {}", pile[1..].join(" "));
    assert_eq!(
        refusal(&game, &short),
        "the shuffled pile must hold exactly the draw pile and the eliminated hands"
    );
    let twice = format!("shuffle {} {}", pile[0], pile[..28].join(" "));
    assert_eq!(
        refusal(&game, &twice),
        format!("tile {} appears twice in the shuffled pile", pile[0])
    );
    let mv = game.parse_move(&shuffle).unwrap();
    assert_eq!(
        game.seen_move(mv, Viewer::Seat(Seat(3))).to_string(),
        "shuffled"
    );
    assert_eq!(game.format_move(mv), shuffle);
    play(&mut game, &[&shuffle]);
    // The new pile's top went to seat 0; the eliminated seats hold nothing.
    assert_eq!(
        hand(&game, 0),
        ["01-23-45-67", "05-14-27-36", "02-13-46-57"]
    );
    assert_eq!(hand_sizes(&game), [3, 0, 0, 3]);
    assert_eq!(game.draw_pile_len(), 28);
    assert_eq!(game.turn(), Turn::Seat(Seat(3)));
}

fn bonus_setup(elimination_bonus: bool) -> agora_tsuro::TsuroSetup {
    setup(
        &[
            ["04-17-23-56", "01-23-45-67", "05-14-27-36"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
            ["07-12-34-56", "04-15-27-36", "02-15-37-46"],
            ["01-27-36-45", "02-17-35-46", "03-15-26-47"],
        ],
        &[],
        elimination_bonus,
    )
}

const STARTS_AND_COLLISION: [&str; 5] = [
    "start a1.0",
    "start a1.1",
    "start a1.7",
    "start f6.4",
    "play 04-17-23-56",
];

#[test]
fn the_elimination_bonus_swaps_tiles_with_the_eliminated_hands() {
    let mut game = start(&bonus_setup(true));
    play(&mut game, &STARTS_AND_COLLISION);
    assert_eq!(game.phase(), Phase::Bonus);
    assert_eq!(game.turn(), Turn::Seat(Seat(0)));
    // Keep, 2 × 6 single swaps, 1 × 15 double swaps.
    let swaps = legal(&game);
    assert_eq!(swaps.len(), 28);
    assert_eq!(swaps[0], "keep");
    assert!(swaps.contains(&"swap 01-23-45-67 05-14-27-36 for 02-13-46-57 07-12-34-56".into()));

    // Seat 0 sees the hands it may take from; nobody else sees them.
    let view = game.view(Viewer::Seat(Seat(0)));
    assert!(view.hands[1].is_some() && view.hands[2].is_some());
    assert!(view.hands[3].is_none());
    let view = game.view(Viewer::Seat(Seat(3)));
    assert!(view.hands[0].is_none() && view.hands[1].is_none() && view.hands[2].is_none());

    assert_eq!(
        refusal(&game, "play 01-23-45-67"),
        "first keep your hand or swap tiles with the eliminated hands"
    );
    assert_eq!(
        refusal(&game, "swap 01-23-45-67 for 01-27-36-45"),
        "01-27-36-45 is not in the hand of a seat you just eliminated"
    );
    assert_eq!(
        refusal(&game, "swap 02-13-46-57 for 03-16-25-47"),
        "02-13-46-57 is not in your hand"
    );

    let swap = game.parse_move("swap 01-23-45-67 for 03-16-25-47").unwrap();
    assert_eq!(
        game.seen_move(swap, Viewer::Seat(Seat(0))).to_string(),
        "swap 01-23-45-67 for 03-16-25-47"
    );
    assert_eq!(
        game.seen_move(swap, Viewer::Seat(Seat(3))).to_string(),
        "swapped 1"
    );
    assert_eq!(
        game.seen_move(swap, Viewer::Spectator).to_string(),
        "swapped 1"
    );
    play(&mut game, &["swap 01-23-45-67 for 03-16-25-47"]);
    assert_eq!(hand(&game, 0), ["05-14-27-36", "03-16-25-47"]);
    assert!(hand(&game, 1).contains(&"01-23-45-67".to_string()));
    assert_eq!(game.turn(), Turn::Chance);
    assert_eq!(
        refusal(&game, "keep"),
        "there is nothing to swap: the elimination bonus comes right after a play that eliminates others"
    );
}

#[test]
fn keeping_the_hand_goes_on_to_the_shuffle() {
    let mut game = start(&bonus_setup(true));
    play(&mut game, &STARTS_AND_COLLISION);
    play(&mut game, &["keep"]);
    assert_eq!(hand(&game, 0), ["01-23-45-67", "05-14-27-36"]);
    assert_eq!(game.turn(), Turn::Chance);
}

/// A four-seat random game (dealt from seed 7) in which the pile runs out, worked through by
/// hand from the printed plies (numbered from 1, starts included).
#[test]
fn the_dragon_goes_to_whoever_cannot_draw_and_is_handed_on() {
    let record = record("dragon.json");
    let mut game: Tsuro = agora_engine::start(&record).unwrap();
    let mut ply = 0;
    let mut next = |game: &mut Tsuro| {
        let text = &record.moves[ply];
        ply += 1;
        play(game, &[text]);
    };
    for _ in 0..20 {
        next(&mut game);
    }
    // Ply 21: every play of seat 0 leads it off the board, so it takes one.
    assert_eq!(game.turn(), Turn::Seat(Seat(0)));
    assert!(game.previews().iter().all(|p| !p.mover_survives()));
    next(&mut game);
    assert!(!game.is_alive(Seat(0)));
    assert_eq!(game.turn(), Turn::Chance);
    next(&mut game); // its 2 tiles join the 7 left in the pile
    assert_eq!(game.draw_pile_len(), 9);
    assert_eq!(game.turn(), Turn::Seat(Seat(1)));
    for _ in 23..=31 {
        next(&mut game);
    }
    // Ply 31: seat 3 drew the last tile.
    assert_eq!(game.draw_pile_len(), 0);
    assert_eq!(hand_sizes(&game), [0, 3, 3, 3]);
    assert_eq!(game.dragon(), None);
    // Ply 32: seat 1 plays and cannot draw: it takes the dragon.
    next(&mut game);
    assert_eq!(game.dragon(), Some(Seat(1)));
    assert_eq!(hand_sizes(&game), [0, 2, 3, 3]);
    // Plies 33, 34: drawing starts with the dragon holder, who cannot draw: nobody draws.
    next(&mut game);
    assert_eq!(hand_sizes(&game), [0, 2, 2, 3]);
    next(&mut game);
    assert_eq!(hand_sizes(&game), [0, 2, 2, 2]);
    assert_eq!(game.dragon(), Some(Seat(1)));
    // Ply 35: seat 1, holding the dragon, is eliminated; the dragon goes clockwise to the
    // next seat with fewer than 3 tiles, seat 2.
    next(&mut game);
    assert!(!game.is_alive(Seat(1)));
    assert_eq!(game.dragon(), Some(Seat(2)));
    assert_eq!(game.turn(), Turn::Chance);
    // Ply 36: seat 1's one tile is the whole pile. Seat 2 draws it first and gives up the
    // dragon; seat 3 then finds the pile empty and takes it.
    assert_eq!(record.moves[35].split(' ').count(), 2);
    next(&mut game);
    assert_eq!(hand_sizes(&game), [0, 0, 3, 2]);
    assert_eq!(game.dragon(), Some(Seat(3)));
    assert_eq!(game.turn(), Turn::Seat(Seat(2)));
    // Ply 37: seat 2 plays; drawing starts with seat 3, which cannot draw.
    next(&mut game);
    assert_eq!(hand_sizes(&game), [0, 0, 2, 2]);
    assert_eq!(game.dragon(), Some(Seat(3)));
    next(&mut game);
    next(&mut game);
    assert_eq!(ply, record.moves.len());
    let sum = summary(&game);
    assert_eq!(sum["winners"], json!([3]));
    assert_eq!(sum["win_reason"], "last_marker");
    assert_eq!(sum["dragon"], 3);
}

/// A two-seat game (dealt from seed 869) in which every tile gets laid: the pile runs out after
/// the 29th tile, hands shrink, and both markers end facing c4, the last empty square.
#[test]
fn when_every_tile_is_laid_the_remaining_markers_share_the_win() {
    let record = record("all_tiles_played.json");
    let mut game: Tsuro = agora_engine::start(&record).unwrap();
    let mut sizes = Vec::new();
    for text in &record.moves {
        play(&mut game, &[text]);
        sizes.push(hand_sizes(&game));
    }
    // Two seats: both hands stay full while the pile lasts (ply 31 takes its last tile).
    assert!(sizes[..31].iter().all(|s| s == &[3, 3]));
    assert_eq!(
        sizes[31..],
        [[3, 2], [2, 2], [2, 1], [1, 1], [1, 0], [0, 0]]
    );
    let sum = summary(&game);
    assert_eq!(sum["status"], "finished");
    assert_eq!(sum["winners"], json!([0, 1]));
    assert_eq!(sum["win_reason"], "all_tiles_played");
    assert_eq!(sum["board"].as_object().unwrap().len(), 35);
    assert!(sum["board"].get("c4").is_none());
    assert_eq!(
        sum["markers"],
        json!([
            {"seat": 0, "alive": true, "at": "c4.0"},
            {"seat": 1, "alive": true, "at": "c4.2"},
        ])
    );
    assert_eq!(sum["hand_sizes"], json!([0, 0]));
    assert_eq!(sum["draw_pile"], 0);
}

#[test]
fn records_replay_through_the_engine() {
    for name in ["dragon.json", "all_tiles_played.json"] {
        let record = record(name);
        let replay = agora_engine::replay::<Tsuro>(&record).unwrap();
        assert_eq!(replay.rejected, None);
        assert_eq!(replay.state.turn(), Turn::Over);
        // A bad move is reported with its index and the state before it is kept.
        let mut broken = record.clone();
        broken.moves.insert(5, "play 01-23-45-67".into());
        let replay = agora_engine::replay::<Tsuro>(&broken).unwrap();
        let rejected = replay.rejected.expect("rejected");
        assert_eq!(rejected.index, 5);
        assert_eq!(replay.state.phase(), Phase::Play);
    }
}
