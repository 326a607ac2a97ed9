//! Tsuro games for the narrator's tests: setups written by hand, records from the rules
//! crate's tests, and what a reader hears of each move.

#![allow(dead_code)]

use agora_engine::{Game, GameRecord, Seat, Viewer};
use agora_present::tsuro::narrate_move;
use agora_present::{Lang, Reader, Who};
use agora_tsuro::{Tile, Tsuro, TsuroSetup};

pub const NAMES: [&str; 8] = ["Ada", "Bruno", "Cleo", "Dan", "Eva", "Femi", "Gus", "Hana"];

pub fn tile(text: &str) -> Tile {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A game with the given hands, the draw pile starting with `pile_top` and then every other
/// tile in tile order.
pub fn game(hands: &[[&str; 3]], pile_top: &[&str], elimination_bonus: bool) -> Tsuro {
    let hands: Vec<[Tile; 3]> = hands.iter().map(|hand| hand.map(tile)).collect();
    let pile: Vec<Tile> = pile_top.iter().map(|t| tile(t)).collect();
    Tsuro::from_setup(&TsuroSetup::stacked(&hands, &pile, elimination_bonus))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays moves in notation, each of which must be legal.
pub fn play(game: &mut Tsuro, moves: &[&str]) {
    for text in moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// A table of people named as in [`NAMES`], read by `viewer` in `lang`.
pub fn people(lang: Lang, viewer: Viewer, players: usize) -> Reader {
    let seats = NAMES[..players]
        .iter()
        .map(|n| Who::Person(n.to_string()))
        .collect();
    Reader::new(lang, viewer, seats)
}

pub fn seat(lang: Lang, seat: u8, players: usize) -> Reader {
    people(lang, Viewer::Seat(Seat(seat)), players)
}

/// What `reader` hears of `text` played now (the game is left as it was).
pub fn heard(game: &Tsuro, reader: &Reader, text: &str) -> Vec<String> {
    let mut game = game.clone();
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let before = game.view(reader.viewer);
    let seen = game.seen_move(mv, reader.viewer);
    game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    narrate_move(reader, &before, &seen, &game.view(reader.viewer))
}

/// A record from the rules crate's test data.
pub fn record(name: &str) -> GameRecord {
    let path = format!(
        "{}/../games/tsuro/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}
