//! Tsuro's words: markers (colour, shape, name), start marks, positions, a tile's paths, and
//! the rules in brief.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use agora_engine::Seat;
use agora_tsuro::{PlacedTile, Point, Position};

use super::PLACED_TILES;
use crate::text::{Args, kept, list, text, text_with};
use crate::{Lang, Reader, args};

/// How a seat's marker is drawn: a colour (a CSS token name the page maps to a colour) and a
/// shape, so that no marker is told from another by colour alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MarkerStyle {
    pub colour: &'static str,
    pub shape: &'static str,
}

/// The eight markers in seat order. The colours are the Okabe–Ito palette's (vermilion, blue,
/// bluish green, yellow, reddish purple, orange, sky blue, black), chosen to stay apart under
/// the common colour-vision deficiencies; the first seats, which every table has, get the
/// plainest shapes.
const STYLES: [MarkerStyle; 8] = [
    style("red", "circle"),
    style("blue", "square"),
    style("green", "triangle"),
    style("yellow", "diamond"),
    style("purple", "star"),
    style("orange", "hexagon"),
    style("sky", "cross"),
    style("black", "pentagon"),
];

const fn style(colour: &'static str, shape: &'static str) -> MarkerStyle {
    MarkerStyle { colour, shape }
}

/// The colour and shape of `seat`'s marker (seats past the eighth wrap round).
pub fn marker_style(seat: Seat) -> MarkerStyle {
    STYLES[seat.index() % STYLES.len()]
}

/// The marker's name, its colour as a name: "Red", "Rot", "Rouge".
pub fn marker_name(lang: Lang, seat: Seat) -> String {
    text_with(
        lang,
        "tsuro-colour",
        &args![("colour", marker_style(seat).colour)],
    )
}

/// How a sentence names `seat` with its marker, mid-sentence: "you (Red)", "Ada (Blue)",
/// "the computer (Green)".
pub fn who_marker(reader: &Reader, seat: Seat) -> String {
    let mut args = args![("colour", marker_name(reader.lang, seat))];
    reader.add(&mut args, "who", seat);
    text_with(reader.lang, "tsuro-who-marker", &args)
}

/// A start mark in words: "top edge, square c1, left point".
pub fn start_mark_name(lang: Lang, position: Position) -> String {
    text_with(lang, "tsuro-start-mark", &point_args(position))
}

/// Where a marker stands, in words: "facing d4 (left side, upper point)".
pub fn position_name(lang: Lang, position: Position) -> String {
    text_with(lang, "tsuro-position", &point_args(position))
}

/// The side and point of a position, without its square: "left side, upper point".
pub(crate) fn side_point(lang: Lang, position: Position) -> String {
    text_with(lang, "tsuro-side-point", &point_args(position))
}

fn point_args(position: Position) -> Args<'static> {
    args![
        ("square", position.square().as_str()),
        ("point", position.point().index())
    ]
}

fn point_name(lang: Lang, point: Point) -> String {
    text_with(lang, "tsuro-point", &args![("point", point.index())])
}

/// A tile's four paths in words, as it lies: "top left to top right, right upper to left
/// upper, right lower to left lower and bottom right to bottom left". Worded once per
/// language and tile for the server's life: a board and a hand say them at every request.
pub fn tile_paths(lang: Lang, tile: PlacedTile) -> String {
    static WORDED: [[OnceLock<String>; PLACED_TILES]; Lang::ALL.len()] =
        [const { [const { OnceLock::new() }; PLACED_TILES] }; Lang::ALL.len()];
    match WORDED[lang as usize].get(tile.index()) {
        Some(worded) => worded.get_or_init(|| word_tile_paths(lang, tile)).clone(),
        None => word_tile_paths(lang, tile),
    }
}

/// [`tile_paths`], worded afresh.
fn word_tile_paths(lang: Lang, tile: PlacedTile) -> String {
    let paths: Vec<String> = tile
        .paths()
        .iter()
        .map(|&(from, to)| {
            text_with(
                lang,
                "tsuro-path",
                &args![
                    ("from", point_name(lang, from)),
                    ("to", point_name(lang, to))
                ],
            )
        })
        .collect();
    list(lang, &paths)
}

/// The game's rules in a few sentences, for a help panel (the page's, and `help` in the
/// terminal).
pub fn rules_summary(lang: Lang) -> Vec<String> {
    (1..=4)
        .map(|n| text(lang, &format!("tsuro-rules-{n}")))
        .collect()
}

/// Puts where a marker stops into `args`: `$square` and `$where` (its side and point).
pub(crate) fn add_stop(lang: Lang, args: &mut Args<'_>, at: Position) {
    args.insert("square".into(), at.square().as_str().into());
    args.insert("where".into(), side_point(lang, at).into());
}

/// A laid tile on its square, a line of the board's description: "d4: 01-27-36-45, paths
/// top left to top right, …".
pub(crate) fn tile_line(lang: Lang, square: agora_tsuro::Square, tile: PlacedTile) -> String {
    thread_local! {
        /// Each laid tile's line by language, square and tile, kept: a board says every
        /// laid tile at every request, and a tile once laid stays.
        static KEPT: RefCell<HashMap<(Lang, usize, PlacedTile), String>> = RefCell::default();
    }
    kept(&KEPT, (lang, square.index(), tile), || {
        word_tile_line(lang, square, tile)
    })
}

/// [`tile_line`], worded afresh.
fn word_tile_line(lang: Lang, square: agora_tsuro::Square, tile: PlacedTile) -> String {
    text_with(
        lang,
        "tsuro-square-tile",
        &args![
            ("square", square.as_str()),
            ("tile", tile.as_str()),
            ("paths", tile_paths(lang, tile))
        ],
    )
}

pub(crate) use crate::text::sentence;

/// Puts `seat` into `args` under `slot` as a marker: `$slot` its role (you, computer,
/// person), `$slot-name` the person's name and `$slot-marker` the name with its colour.
pub(crate) fn add_marker(reader: &Reader, args: &mut Args<'_>, slot: &'static str, seat: Seat) {
    reader.add(args, slot, seat);
    args.insert(
        format!("{slot}-marker").into(),
        who_marker(reader, seat).into(),
    );
}

#[cfg(test)]
mod tests {
    use agora_engine::Viewer;

    use super::*;
    use crate::Who;

    fn at(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn a_laid_tile_s_kept_line_is_the_line_worded_afresh() {
        let squares = ["a1", "f6", "c4"].map(|s| s.parse::<agora_tsuro::Square>().unwrap());
        for lang in Lang::ALL {
            for placed in super::super::every_placed_tile() {
                for square in squares {
                    for _ in 0..2 {
                        assert_eq!(
                            tile_line(lang, square, placed),
                            word_tile_line(lang, square, placed)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_tile_s_paths_kept_are_those_worded_afresh() {
        for lang in Lang::ALL {
            for placed in super::super::every_placed_tile() {
                assert!(placed.index() < PLACED_TILES, "{placed}");
                // Twice: worded and kept, then read from what was kept.
                for _ in 0..2 {
                    assert_eq!(tile_paths(lang, placed), word_tile_paths(lang, placed));
                }
            }
        }
    }

    #[test]
    fn eight_markers_differ_in_colour_and_in_shape() {
        let styles: Vec<MarkerStyle> = (0..8).map(|s| marker_style(Seat(s))).collect();
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert_ne!(a.colour, b.colour);
                assert_ne!(a.shape, b.shape);
            }
        }
        for lang in Lang::ALL {
            let names: std::collections::BTreeSet<String> =
                (0..8).map(|s| marker_name(lang, Seat(s))).collect();
            assert_eq!(names.len(), 8, "{lang}: {names:?}");
        }
        assert_eq!(marker_name(Lang::En, Seat(0)), "Red");
        assert_eq!(marker_name(Lang::De, Seat(0)), "Rot");
        assert_eq!(marker_name(Lang::Fr, Seat(0)), "Rouge");
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn markers_are_named_with_their_seat() {
        let seats = vec![
            Who::Person("Ada".into()),
            Who::Computer,
            Who::Person("Bruno".into()),
        ];
        let reader = Reader::new(Lang::En, Viewer::Seat(Seat(0)), seats.clone());
        assert_eq!(who_marker(&reader, Seat(0)), "you (Red)");
        assert_eq!(who_marker(&reader, Seat(1)), "the computer (Blue)");
        assert_eq!(who_marker(&reader, Seat(2)), "Bruno (Green)");
        let reader = Reader::new(Lang::De, Viewer::Seat(Seat(2)), seats.clone());
        assert_eq!(who_marker(&reader, Seat(2)), "du (Grün)");
        assert_eq!(who_marker(&reader, Seat(1)), "der Computer (Blau)");
        let reader = Reader::new(Lang::Fr, Viewer::Spectator, seats);
        assert_eq!(who_marker(&reader, Seat(0)), "Ada (Rouge)");
        assert_eq!(who_marker(&reader, Seat(1)), "l’ordinateur (Bleu)");
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn marks_positions_and_paths_in_words() {
        type Name = fn(Lang, Position) -> String;
        let cases: [(Name, Lang, &str, &str); 7] = [
            (
                start_mark_name,
                Lang::En,
                "c1.0",
                "top edge, square c1, left point",
            ),
            (
                start_mark_name,
                Lang::En,
                "a3.7",
                "left edge, square a3, upper point",
            ),
            (
                start_mark_name,
                Lang::De,
                "f2.3",
                "rechter Rand, Feld f2, unterer Punkt",
            ),
            (
                start_mark_name,
                Lang::Fr,
                "d6.4",
                "bord inférieur, case d6, point de droite",
            ),
            (
                position_name,
                Lang::En,
                "d4.7",
                "facing d4 (left side, upper point)",
            ),
            (
                position_name,
                Lang::De,
                "d4.0",
                "vor d4 (obere Seite, linker Punkt)",
            ),
            (
                position_name,
                Lang::Fr,
                "d4.2",
                "face à d4 (côté droit, point du haut)",
            ),
        ];
        for (name, lang, position, words) in cases {
            assert_eq!(name(lang, at(position)), words, "{lang} {position}");
        }
        let tile: PlacedTile = "01-27-36-45".parse().unwrap();
        assert_eq!(
            tile_paths(Lang::En, tile),
            "top left to top right, right upper to left upper, right lower to left lower and \
             bottom right to bottom left"
        );
        assert_eq!(
            tile_paths(Lang::De, tile),
            "oben links nach oben rechts, rechts oben nach links oben, rechts unten nach links \
             unten und unten rechts nach unten links"
        );
        assert_eq!(
            tile_paths(Lang::Fr, tile),
            "de haut-gauche à haut-droite, de droite-haut à gauche-haut, de droite-bas à \
             gauche-bas et de bas-droite à bas-gauche"
        );
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn the_rules_in_brief_in_every_language() {
        for lang in Lang::ALL {
            let rules = rules_summary(lang);
            assert!(rules.iter().all(|r| r.len() > 40), "{lang}: {rules:?}");
        }
        assert!(crate::text::take_misses().is_empty());
    }
}
