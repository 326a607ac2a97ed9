//! Tiles, board names and move notation.

mod common;

use std::collections::{BTreeMap, HashSet};

use agora_engine::Game;
use agora_tsuro::{PlacedTile, Point, Position, Square, Tile, Tsuro, TsuroMove};
use common::{setup, start};

#[test]
fn there_are_35_tiles_in_105_orientations() {
    let tiles: Vec<Tile> = Tile::all().collect();
    assert_eq!(tiles.len(), 35);
    let mut by_symmetry = BTreeMap::new();
    let mut placed = HashSet::new();
    for tile in &tiles {
        let orientations = tile.orientations();
        *by_symmetry.entry(orientations.len()).or_insert(0) += 1;
        for (turns, &o) in orientations.iter().enumerate() {
            assert_eq!(o.tile(), *tile);
            assert_eq!(tile.first_orientation().turned(turns as u8), o);
            assert!(placed.insert(o), "{o} twice");
        }
        // Turning a full circle comes back; a tile's orientations are all its turns.
        let first = tile.first_orientation();
        assert_eq!(first.turned(4), first);
        for turns in 0..4 {
            assert!(orientations.contains(&first.turned(turns)));
        }
    }
    // Every way of pairing 8 points (7 · 5 · 3 · 1 = 105) is one orientation of one tile.
    assert_eq!(placed.len(), 105);
    // 5 tiles look the same every quarter turn, 10 every half turn, 20 never.
    assert_eq!(by_symmetry, BTreeMap::from([(1, 5), (2, 10), (4, 20)]));
}

#[test]
fn tiles_read_in_any_order_and_write_canonically() {
    let tile: PlacedTile = "45-36-72-10".parse().unwrap();
    assert_eq!(tile.to_string(), "01-27-36-45");
    assert_eq!(tile, "01-27-36-45".parse().unwrap());
    assert_eq!(
        tile.paths().map(|(a, b)| (a.index(), b.index())),
        [(0, 1), (2, 7), (3, 6), (4, 5)]
    );
    let two = Point::new(2).unwrap();
    assert_eq!(tile.exit(two).index(), 7);
    // A quarter turn clockwise takes point p to p + 2.
    assert_eq!(tile.turned(1).to_string(), "05-14-23-67");
    // A tile in a hand is the same tile however it is written.
    let in_hand: Tile = "05-14-23-67".parse().unwrap();
    assert_eq!(in_hand, tile.tile());
    assert_eq!(in_hand.to_string(), "01-27-36-45");
    for name in ["01-27-36-45", "45-36-72-10"] {
        let json = serde_json::to_string(&name.parse::<PlacedTile>().unwrap()).unwrap();
        assert_eq!(json, "\"01-27-36-45\"");
    }
}

#[test]
fn malformed_tiles_are_refused_with_a_reason() {
    for (text, reason) in [
        (
            "01-23-45-6",
            "\"01-23-45-6\" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45",
        ),
        (
            "01-23-45-68",
            "\"01-23-45-68\" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45",
        ),
        (
            "01 23 45 67",
            "\"01 23 45 67\" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45",
        ),
        (
            "01-23-45-66",
            "\"01-23-45-66\" is not a tile: point 6 is used twice",
        ),
        (
            "00-23-45-67",
            "\"00-23-45-67\" is not a tile: point 0 is used twice",
        ),
        (
            "01-13-45-67",
            "\"01-13-45-67\" is not a tile: point 1 is used twice",
        ),
    ] {
        let error = text.parse::<PlacedTile>().unwrap_err();
        assert_eq!(error.to_string(), reason, "{text}");
    }
}

#[test]
fn squares_and_points_name_the_board() {
    let a1 = Square::new(0, 0).unwrap();
    assert_eq!(a1.to_string(), "a1");
    assert_eq!(Square::new(5, 5).unwrap().to_string(), "f6");
    assert_eq!(Square::new(6, 0), None);
    let c3: Square = "c3".parse().unwrap();
    assert_eq!((c3.column(), c3.row()), (2, 2));
    let position: Position = "c3.4".parse().unwrap();
    assert_eq!(position.square(), c3);
    assert_eq!(position.point().index(), 4);
    assert_eq!(position.to_string(), "c3.4");
    // Row 1 is the top: a square's point 0 touches point 5 of the one above, 1 touches 4,
    // 2 touches 7 of the one to the right, 3 touches 6.
    for (here, across) in [
        ("a2.0", "a1.5"),
        ("a2.1", "a1.4"),
        ("a1.2", "b1.7"),
        ("a1.3", "b1.6"),
        ("a1.4", "a2.1"),
        ("b1.6", "a1.3"),
    ] {
        let here: Position = here.parse().unwrap();
        assert_eq!(here.across().unwrap().to_string(), across);
    }
    for mark in ["a1.0", "a1.7", "f1.1", "f1.2", "f6.4", "a6.6"] {
        let mark: Position = mark.parse().unwrap();
        assert!(mark.is_start_mark());
        assert_eq!(mark.across(), None);
    }
    assert!(!"a1.2".parse::<Position>().unwrap().is_start_mark());
    assert_eq!(Position::start_marks().count(), 48);
    assert_eq!(
        "g1.0".parse::<Position>().unwrap_err().to_string(),
        "\"g1\" is not a square: squares are a1 to f6"
    );
    assert_eq!(
        "a1.8".parse::<Position>().unwrap_err().to_string(),
        "\"8\" is not a point: points are 0 to 7"
    );
    assert_eq!(
        "a1".parse::<Position>().unwrap_err().to_string(),
        "\"a1\" is not a position: write a square and a point, like c1.0"
    );
}

fn game() -> Tsuro {
    start(&setup(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &[],
        false,
    ))
}

#[test]
fn moves_round_trip() {
    let game = game();
    for (text, canonical) in [
        ("start c1.0", "start c1.0"),
        ("  start   c1.0 ", "start c1.0"),
        ("play 45-36-72-10", "play 01-27-36-45"),
        ("keep", "keep"),
        (
            "swap 23-01-45-67 for 02-13-46-57",
            "swap 01-23-45-67 for 02-13-46-57",
        ),
        (
            "swap 07-12-34-56 01-23-45-67 for 04-15-26-37 02-13-46-57",
            "swap 01-23-45-67 07-12-34-56 for 02-13-46-57 04-15-26-37",
        ),
        (
            "shuffle 05-14-23-67 01-23-45-67",
            "shuffle 01-27-36-45 01-23-45-67",
        ),
    ] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.format_move(mv), canonical);
        assert_eq!(game.parse_move(canonical), Ok(mv));
    }
    assert!(matches!(game.parse_move("keep"), Ok(TsuroMove::Swap(s)) if s.is_keep()));
}

#[test]
fn malformed_moves_are_refused_with_a_reason() {
    let game = game();
    for (text, reason) in [
        (
            "",
            "empty move: a move is start, play, keep, swap or shuffle",
        ),
        (
            "fly a1.0",
            "unknown move \"fly\": a move is start, play, keep, swap or shuffle",
        ),
        (
            "Start a1.0",
            "unknown move \"Start\": a move is start, play, keep, swap or shuffle",
        ),
        ("start", "write start and a start mark, like start c1.0"),
        (
            "start a1.0 a1.1",
            "write start and a start mark, like start c1.0",
        ),
        ("start a9.0", "\"a9\" is not a square: squares are a1 to f6"),
        (
            "play",
            "write play and the tile as you lay it, like play 01-27-36-45",
        ),
        (
            "play 01-23",
            "\"01-23\" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45",
        ),
        ("keep 01-23-45-67", "keep takes nothing after it"),
        (
            "swap 01-23-45-67",
            "write swap, the tiles you give, for, and as many tiles you take, like swap 01-23-45-67 for 02-13-46-57",
        ),
        (
            "swap for 01-23-45-67",
            "write swap, the tiles you give, for, and as many tiles you take, like swap 01-23-45-67 for 02-13-46-57",
        ),
        (
            "swap 01-23-45-67 for 02-13-46-57 04-15-26-37",
            "a swap takes as many tiles as it gives, not 1 for 2",
        ),
        (
            "swap 01-23-45-67 23-45-67-01 for 02-13-46-57 04-15-26-37",
            "tile 01-23-45-67 appears twice in the swap",
        ),
        ("shuffle", "write shuffle and the new draw pile, top first"),
    ] {
        let error = game.parse_move(text).unwrap_err();
        assert_eq!(error.reason.to_string(), reason, "{text:?}");
    }
    let too_many = format!("shuffle {}", ["01-23-45-67"; 36].join(" "));
    assert_eq!(
        game.parse_move(&too_many).unwrap_err().reason.to_string(),
        "a pile holds at most 35 tiles"
    );
}
