//! Tsuro in plain text, told by the Tsuro narrator of `agora-present` in the reader's
//! language.

use agora_engine::{FastRng, Game, Outcome, Seat};
use agora_present::tsuro::{
    describe_board, describe_square, narrate_move, preview, rules_summary, start_mark_name, status,
    tile_paths,
};
use agora_present::{Reader, args, text, text_with};
use agora_tsuro::{Phase, Position, Square, Tile, Tsuro, TsuroSeenMove, TsuroView};

use super::TextUi;

/// The reader's hand, numbered as `preview` numbers it, each tile with its paths as it would
/// be laid unturned: "Your hand: 1. 01-23-45-67 (top left to …); 2. …".
fn hand_line(reader: &Reader, view: &TsuroView) -> String {
    let lang = reader.lang;
    let Some(me) = view.viewer.seat() else {
        return text(lang, "cli-tsuro-no-hand");
    };
    let tiles: &[Tile] = view
        .hands
        .get(me.index())
        .and_then(|h| h.as_deref())
        .unwrap_or(&[]);
    if tiles.is_empty() {
        return text(lang, "cli-tsuro-hand-empty");
    }
    let entries: Vec<String> = tiles
        .iter()
        .enumerate()
        .map(|(i, tile)| {
            let placed = tile.first_orientation();
            text_with(
                lang,
                "cli-tsuro-hand-tile",
                &args![
                    ("number", i + 1),
                    ("tile", placed.as_str()),
                    ("paths", tile_paths(lang, placed))
                ],
            )
        })
        .collect();
    // Each entry holds commas of its own, so they are joined as a list that holds commas.
    let tiles = entries
        .into_iter()
        .reduce(|first, second| {
            text_with(
                lang,
                "list-semicolon",
                &args![("first", first), ("second", second)],
            )
        })
        .unwrap_or_default();
    text_with(lang, "cli-tsuro-hand", &args![("tiles", tiles)])
}

/// `preview [N]`: what every way of laying each tile of the hand (or only tile N) would do.
fn previews(reader: &Reader, view: &TsuroView, only: Option<&str>) -> String {
    let lang = reader.lang;
    let me = view.viewer.seat();
    let (Some(me), Phase::Play) = (me, view.phase) else {
        return text(lang, "cli-tsuro-preview-not-now");
    };
    if view.to_move != Some(me) {
        return text(lang, "cli-tsuro-preview-not-now");
    }
    let hand = view.hands[me.index()].clone().unwrap_or_default();
    let wanted = match only.map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) if (1..=hand.len()).contains(&n) => Some(n - 1),
        Some(_) => {
            return text_with(
                lang,
                "cli-tsuro-preview-which",
                &args![("count", hand.len())],
            );
        }
    };
    // A preview depends only on the board, the markers and your own hand, which a state
    // sampled from your view shares with the real one.
    let state = Tsuro::determinize(view, me, &mut FastRng::new(0));
    let mut lines = Vec::new();
    for (index, tile) in hand.iter().enumerate() {
        if wanted.is_some_and(|w| w != index) {
            continue;
        }
        for &placed in tile.orientations() {
            if let Ok(seen) = state.preview(placed) {
                lines.push(preview(reader, view, index, placed, &seen));
            }
        }
    }
    lines.join("\n")
}

/// `marks`: the free start marks, each as typed and in words.
fn start_marks(reader: &Reader, view: &TsuroView) -> String {
    let lang = reader.lang;
    if view.phase != Phase::Start {
        return text(lang, "cli-tsuro-marks-not-now");
    }
    let taken: Vec<Position> = view.markers.iter().filter_map(|m| m.at).collect();
    Position::start_marks()
        .filter(|mark| !taken.contains(mark))
        .map(|mark| {
            text_with(
                lang,
                "cli-tsuro-mark",
                &args![
                    ("mark", mark.as_str()),
                    ("words", start_mark_name(lang, mark))
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl TextUi for Tsuro {
    fn move_help(reader: &Reader) -> String {
        let mut lines = rules_summary(reader.lang);
        lines.push(text(reader.lang, "cli-tsuro-notation"));
        lines.join("\n")
    }

    fn tell_move(
        reader: &Reader,
        before: &TsuroView,
        _mover: Option<Seat>,
        _notation: &str,
        seen: &TsuroSeenMove,
        after: &TsuroView,
    ) -> Vec<String> {
        narrate_move(reader, before, seen, after)
    }

    /// The board in words and the hand; the status line is the prompt's.
    fn board(reader: &Reader, view: &TsuroView) -> String {
        let mut lines = describe_board(reader, view);
        lines.push(hand_line(reader, view));
        lines.join("\n")
    }

    fn hand(reader: &Reader, view: &TsuroView) -> String {
        hand_line(reader, view)
    }

    fn status(reader: &Reader, view: &TsuroView) -> String {
        status(reader, view)
    }

    /// The status line, then the hand when a tile is to be laid or swapped.
    fn prompt(reader: &Reader, view: &TsuroView) -> Vec<String> {
        let mut lines = vec![status(reader, view)];
        if matches!(view.phase, Phase::Play | Phase::Bonus) {
            lines.push(hand_line(reader, view));
        }
        lines
    }

    /// The narrator told the end with the last move; this is the board it ended on.
    fn describe_outcome(reader: &Reader, view: &TsuroView, _outcome: &Outcome) -> String {
        describe_board(reader, view).join("\n")
    }

    fn extra_command(reader: &Reader, view: &TsuroView, line: &str) -> Option<String> {
        let lang = reader.lang;
        let words: Vec<&str> = line.split_whitespace().collect();
        let command = words.first()?.to_ascii_lowercase();
        Some(match (command.as_str(), &words[1..]) {
            ("hint", []) => {
                let seat = view.viewer.seat().filter(|s| view.to_move == Some(*s));
                super::hint::<Tsuro>(reader, view, seat)
            }
            ("preview", []) => previews(reader, view, None),
            ("preview", [n]) => previews(reader, view, Some(n)),
            ("marks", []) => start_marks(reader, view),
            ("describe", []) => describe_board(reader, view).join("\n"),
            ("describe", [square]) => match square.to_ascii_lowercase().parse::<Square>() {
                Ok(square) => describe_square(reader, view, square),
                Err(_) => text_with(
                    lang,
                    "cli-tsuro-not-square",
                    &args![("square", format!("{square:?}"))],
                ),
            },
            _ => return None,
        })
    }
}
