//! The Tyrus narrator over whole games: snapshots in every language from both seats and a
//! spectator, nothing read that the reader may not know, and no message missing anywhere.

mod language_common;

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_present::text::take_misses;
use agora_present::tyrus::{narrate_placement, outcome, status, tile_name};
use agora_present::{Lang, Reader, Who};
use agora_tyrus::{Placement, Tile, TileSet, Tyrus, TyrusView};

fn table() -> Vec<Who> {
    vec![Who::Person("Ada".into()), Who::Computer]
}

/// A seeded game of random placements.
fn random_game(seed: u64) -> (Tyrus, Vec<Placement>) {
    let start = Tyrus::from_setup(&Tyrus::setup_from_seed(&Default::default(), seed)).unwrap();
    let mut state = start;
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    while let Turn::Seat(_) = state.turn() {
        let mv = state.random_legal_move(&mut rng).unwrap();
        moves.push(mv);
        state.play(mv).unwrap();
    }
    (start, moves)
}

/// One step of a game as a reader has it: the views either side and the narration.
struct Told {
    /// The game itself before the step, which the narrator never sees.
    state: Tyrus,
    before: TyrusView,
    after: TyrusView,
    lines: Vec<String>,
}

fn tell(reader: &Reader, seed: u64) -> Vec<Told> {
    let (mut state, moves) = random_game(seed);
    moves
        .into_iter()
        .map(|mv| {
            let game = state;
            let before = state.view(reader.viewer);
            let seen = state.seen_move(mv, reader.viewer);
            state.play(mv).unwrap();
            let after = state.view(reader.viewer);
            let lines = narrate_placement(reader, &before, &seen, &after);
            Told {
                state: game,
                before,
                after,
                lines,
            }
        })
        .collect()
}

/// The game as the reader hears it: the status line, then each placement's sentences, with
/// the status again after each count.
fn transcript(reader: &Reader, seed: u64) -> String {
    let told = tell(reader, seed);
    let mut out = vec![format!("[status] {}", status(reader, &told[0].before))];
    for step in &told {
        out.extend(step.lines.iter().cloned());
        if step.after.election != step.before.election {
            out.push(format!("[status] {}", status(reader, &step.after)));
        }
    }
    let last = &told.last().unwrap().after;
    out.push(format!("[outcome] {}", outcome(reader, last).unwrap()));
    out.join("\n")
}

const READERS: [(&str, Viewer); 3] = [
    ("seat0", Viewer::Seat(Seat(0))),
    ("seat1", Viewer::Seat(Seat(1))),
    ("spectator", Viewer::Spectator),
];

/// Seed 3 goes to the ninth election, so the draws run out before the end.
const SNAPSHOT_SEED: u64 = 3;

#[test]
fn a_whole_game_narrated_in_every_language_from_every_seat() {
    for lang in Lang::ALL {
        for (name, viewer) in READERS {
            let reader = Reader::new(lang, viewer, table());
            let text = transcript(&reader, SNAPSHOT_SEED);
            insta::assert_snapshot!(format!("game_{lang}_{name}"), text);
        }
    }
    assert_eq!(take_misses(), Vec::<String>::new());
}

#[test]
fn no_message_falls_back_in_any_game() {
    for seed in 0..20 {
        for lang in Lang::ALL {
            for (_, viewer) in READERS {
                let reader = Reader::new(lang, viewer, table());
                let text = transcript(&reader, seed);
                assert!(!text.contains('{') && !text.contains("Unknown"), "{text}");
                let what = format!("Tyrus seed {seed}");
                language_common::assert_reads_natively(lang, &what, &text);
            }
        }
        let misses = take_misses();
        assert!(misses.is_empty(), "seed {seed}: {misses:?}");
    }
    let en = transcript(&Reader::new(Lang::En, Viewer::Spectator, table()), 1);
    let de = transcript(&Reader::new(Lang::De, Viewer::Spectator, table()), 1);
    let fr = transcript(&Reader::new(Lang::Fr, Viewer::Spectator, table()), 1);
    assert!(en != de && de != fr && en != fr);
}

/// The tiles `text` names in `lang`: a name counts when no digit follows it ("Soldier 1" is
/// not in "Soldier 10").
fn named(lang: Lang, text: &str) -> TileSet {
    Tile::all()
        .filter(|&tile| {
            let name = tile_name(lang, tile);
            text.match_indices(&name).any(|(at, _)| {
                !text[at + name.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit())
            })
        })
        .collect()
}

/// Every tile a reader may name after a step: for a seat its own tiles in hand, placed or
/// discarded; for everyone the tiles revealed at counts and the hands laid open at the end.
/// (Both seats own a tile of each name, so this is by name.)
fn may_know(step: &Told) -> TileSet {
    let mut known = step.after.discarded[0]
        .union(step.after.discarded[1])
        .union(step.before.discarded[0])
        .union(step.before.discarded[1]);
    if let Some([a, b]) = step.after.revealed_hands {
        known = known.union(a).union(b);
    }
    if let Viewer::Seat(me) = step.after.viewer {
        for view in [&step.before, &step.after] {
            known = known.union(view.hand.unwrap_or_default());
            for building in view.buildings.iter().flatten() {
                known = known.union(building.visible[me.index()]);
            }
        }
    }
    known
}

#[test]
fn no_reader_hears_a_tile_it_may_not_know() {
    for seed in 0..30 {
        for lang in Lang::ALL {
            for (name, viewer) in READERS {
                let reader = Reader::new(lang, viewer, table());
                for step in tell(&reader, seed) {
                    let known = may_know(&step);
                    for line in &step.lines {
                        let leaked = named(lang, line).minus(known);
                        assert!(
                            leaked.is_empty(),
                            "seed {seed}, {name}, {lang}: {leaked} in {line:?}"
                        );
                    }
                    // A placement by someone else, or any placement for a spectator, names
                    // no tile at all.
                    let mover = step.before.to_move.unwrap();
                    if viewer != Viewer::Seat(mover) {
                        assert!(
                            named(lang, &step.lines[0]).is_empty(),
                            "seed {seed}, {name}: {:?}",
                            step.lines[0]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_opponents_hand_is_never_named_before_it_is_laid_open() {
    // Against the hand itself: the opponent's tiles in hand that share no name with a tile
    // the seat knows are never named.
    for seed in 0..30 {
        for me in [Seat(0), Seat(1)] {
            let reader = Reader::new(Lang::En, Viewer::Seat(me), table());
            for step in tell(&reader, seed) {
                if step.after.revealed_hands.is_some() {
                    continue;
                }
                let theirs = step.state.hand(Seat(me.0 ^ 1)).minus(may_know(&step));
                for line in &step.lines {
                    let named = named(Lang::En, line);
                    assert!(
                        theirs.iter().all(|tile| !named.contains(tile)),
                        "seed {seed}: {line:?} names a tile of the opponent's hand"
                    );
                }
            }
        }
    }
}
