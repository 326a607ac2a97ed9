//! The Tsuro narrator over whole games: snapshots in every language, nothing said that the
//! reader may not know, every kind of sentence said somewhere, and no message missing.

mod language_common;
mod tsuro_common;

use std::collections::BTreeSet;

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_present::text::take_misses;
use agora_present::tsuro::{narrate_move, outcome, status};
use agora_present::{Lang, Reader};
use agora_tsuro::{PlacedTile, Tile, Tsuro, TsuroMove, TsuroOptions, TsuroSeenMove, TsuroView};
use tsuro_common::people;

/// A seeded game of random moves (chance moves drawn from the same seed).
fn random_game(players: usize, bonus: bool, seed: u64) -> (Tsuro, Vec<TsuroMove>) {
    let options = TsuroOptions {
        players,
        elimination_bonus: bonus,
    };
    let start = Tsuro::from_setup(&Tsuro::setup_from_seed(&options, seed)).unwrap();
    let mut state = start.clone();
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    loop {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
        };
        moves.push(mv);
        state.play(mv).unwrap();
    }
    (start, moves)
}

/// One move as a reader has it.
struct Told {
    before: TsuroView,
    seen: TsuroSeenMove,
    after: TsuroView,
    lines: Vec<String>,
}

fn tell(reader: &Reader, players: usize, bonus: bool, seed: u64) -> Vec<Told> {
    let (mut state, moves) = random_game(players, bonus, seed);
    moves
        .into_iter()
        .map(|mv| {
            let before = state.view(reader.viewer);
            let seen = state.seen_move(mv, reader.viewer);
            state.play(mv).unwrap();
            let after = state.view(reader.viewer);
            let lines = narrate_move(reader, &before, &seen, &after);
            Told {
                before,
                seen,
                after,
                lines,
            }
        })
        .collect()
}

/// The game as the reader hears it, with the status line before each of its own turns.
fn transcript(reader: &Reader, players: usize, bonus: bool, seed: u64) -> String {
    let told = tell(reader, players, bonus, seed);
    let mut out = Vec::new();
    for step in &told {
        if step.before.to_move.is_some_and(|s| reader.is_me(s)) {
            out.push(format!("[status] {}", status(reader, &step.before)));
        }
        out.extend(step.lines.iter().cloned());
    }
    let last = &told.last().unwrap().after;
    out.push(format!("[outcome] {}", outcome(reader, last).unwrap()));
    out.join("\n")
}

/// Four seats with the elimination bonus; seed 4 has eliminations, a bonus and shuffles.
const SNAPSHOT: (usize, bool, u64) = (4, true, 4);

#[test]
fn a_whole_game_narrated_in_every_language() {
    let (players, bonus, seed) = SNAPSHOT;
    for lang in Lang::ALL {
        let reader = people(lang, Viewer::Seat(Seat(0)), players);
        insta::assert_snapshot!(
            format!("game_{lang}_seat0"),
            transcript(&reader, players, bonus, seed)
        );
    }
    let reader = people(Lang::En, Viewer::Spectator, players);
    insta::assert_snapshot!(
        "game_en_spectator",
        transcript(&reader, players, bonus, seed)
    );
    assert_eq!(take_misses(), Vec::<String>::new());
}

const READERS: [Viewer; 3] = [
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Spectator,
];

#[test]
fn no_message_falls_back_in_any_game() {
    for players in [2, 3, 5, 8] {
        for seed in 0..6 {
            for lang in Lang::ALL {
                for viewer in READERS {
                    let reader = people(lang, viewer, players);
                    let text = transcript(&reader, players, seed % 2 == 0, seed);
                    assert!(!text.contains('{') && !text.contains("tsuro-"), "{text}");
                    let what = format!("Tsuro, {players} players, seed {seed}");
                    language_common::assert_reads_natively(lang, &what, &text);
                }
            }
            let misses = take_misses();
            assert!(
                misses.is_empty(),
                "{players} players, seed {seed}: {misses:?}"
            );
        }
    }
}

/// The tiles named in `line`: every `dd-dd-dd-dd`.
fn named(line: &str) -> Vec<Tile> {
    line.as_bytes()
        .windows(11)
        .filter_map(|w| std::str::from_utf8(w).ok()?.parse::<PlacedTile>().ok())
        .map(PlacedTile::tile)
        .collect()
}

/// Every tile the reader may know after a move: those on the board, the hands its views show
/// (its own, and during the elimination bonus the hands it may take from), and the tiles of
/// the move as it saw it.
fn may_know(step: &Told) -> BTreeSet<Tile> {
    let mut known = BTreeSet::new();
    for view in [&step.before, &step.after] {
        known.extend(view.board.iter().flatten().map(|t| t.tile()));
        known.extend(view.hands.iter().flatten().flatten().copied());
    }
    match step.seen {
        TsuroSeenMove::Play(tile) => {
            known.insert(tile.tile());
        }
        TsuroSeenMove::Swap(swap) => known.extend(swap.give().iter().chain(swap.take())),
        _ => {}
    }
    known
}

#[test]
fn no_reader_hears_a_tile_it_may_not_know() {
    let mut own_named = 0;
    for players in [2, 4, 6] {
        for seed in 0..15 {
            for viewer in READERS {
                let reader = people(Lang::En, viewer, players);
                for step in tell(&reader, players, true, seed) {
                    let known = may_know(&step);
                    for line in &step.lines {
                        for tile in named(line) {
                            assert!(
                                known.contains(&tile),
                                "{players} players, seed {seed}, {viewer:?}: {tile} in {line:?}"
                            );
                        }
                        own_named += usize::from(line.starts_with("You drew "));
                    }
                    // A spectator is never spoken to, and never hears a tile's name but on
                    // the board.
                    if viewer == Viewer::Spectator {
                        for line in &step.lines {
                            let lower = line.to_lowercase();
                            assert!(
                                !lower.contains("you ")
                                    && !lower.contains("you (")
                                    && !lower.contains("your"),
                                "{line}"
                            );
                        }
                        let board: BTreeSet<Tile> = step
                            .after
                            .board
                            .iter()
                            .flatten()
                            .map(|t| t.tile())
                            .collect();
                        for line in &step.lines {
                            assert!(named(line).iter().all(|t| board.contains(t)), "{line}");
                        }
                    }
                }
            }
        }
    }
    assert!(own_named > 50, "the reader's own draws are named");
}

/// Every kind of sentence, in English, is said in some game: the test that a narrator's
/// branch is not dead.
#[test]
fn every_kind_of_event_is_told_somewhere() {
    let kinds = [
        " start on the ",
        " starts on the ",
        " laid a tile on ",
        " crossed the new tile and now face",
        " tiles and now face",
        " off the board and is out.",
        " off the board and are out.",
        " ran into each other and are out.",
        "Elimination bonus: you may keep your hand",
        " may swap tiles with the hands ",
        "You kept your hand.",
        "You gave ",
        " kept their hand.",
        " with the eliminated hands.",
        " went into the draw pile, which was shuffled",
        "You drew ",
        " drew a tile.",
        " takes the dragon",
        " take the dragon",
        " gave the dragon back.",
        "The dragon passes from ",
        " wins: the last marker on the board.",
        " win: yours is the last marker on the board.",
        " went out in the same play",
        "Every tile has been laid: ",
    ];
    let mut heard: BTreeSet<&str> = BTreeSet::new();
    for players in [2, 3, 4, 6, 8] {
        for seed in 0..25 {
            for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2))] {
                let reader = people(Lang::En, viewer, players);
                for step in tell(&reader, players, seed % 3 != 0, seed) {
                    for line in &step.lines {
                        heard.extend(kinds.iter().copied().filter(|k| line.contains(k)));
                    }
                }
            }
        }
    }
    let missing: Vec<_> = kinds.iter().filter(|k| !heard.contains(*k)).collect();
    assert!(missing.is_empty(), "never said: {missing:?}");
}
