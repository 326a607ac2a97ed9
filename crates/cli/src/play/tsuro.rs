//! Tsuro in plain text.

use agora_engine::{FastRng, Game, Outcome, Seat, Viewer};
use agora_tsuro::{
    Fate, Phase, PlacedTile, Position, Preview, Square, Tsuro, TsuroSeenMove, TsuroView,
};

use agora_present::Reader;

use super::TextUi;

/// Where each edge point of a square lies, in words.
const POINT_NAMES: [&str; 8] = [
    "top left",
    "top right",
    "right upper",
    "right lower",
    "bottom right",
    "bottom left",
    "left lower",
    "left upper",
];

fn seat_name(view: &TsuroView, seat: Seat) -> String {
    match view.viewer {
        Viewer::Seat(me) if me == seat => "you".to_string(),
        _ => format!("seat {seat}"),
    }
}

fn capitalized(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// A tile's four paths in words.
fn paths_in_words(tile: PlacedTile) -> String {
    let paths: Vec<String> = tile
        .paths()
        .iter()
        .map(|(a, b)| format!("{} to {}", POINT_NAMES[a.index()], POINT_NAMES[b.index()]))
        .collect();
    paths.join(", ")
}

fn position_in_words(position: Position) -> String {
    format!(
        "{position} (facing square {} at its {} point)",
        position.square(),
        POINT_NAMES[position.point().index()]
    )
}

fn my_seat(view: &TsuroView) -> Option<Seat> {
    view.viewer.seat()
}

fn describe_preview(view: &TsuroView, preview: &Preview) -> String {
    let fates: Vec<String> = preview
        .markers
        .iter()
        .map(|m| {
            let who = seat_name(view, m.seat);
            match m.fate {
                Fate::Stops(at) => format!("{who} would stop at {at} after {} tiles", m.tiles),
                Fate::LeavesBoard => format!("{who} would leave the board"),
                Fate::Collides(other) => {
                    format!("{who} would run into {}", seat_name(view, other))
                }
            }
        })
        .collect();
    let allowed = if preview.allowed {
        ""
    } else {
        " (not allowed: you have a safe play)"
    };
    format!(
        "{} on {}: {}{allowed}.",
        preview.tile,
        preview.square,
        fates.join("; ")
    )
}

const MOVE_HELP: &str = "Tsuro: lay path tiles so that your marker stays on the \
board; the last marker left wins. Squares are a1 to f6, column a to f from the left, row 1 at \
the top. Each square has 8 edge points, numbered clockwise from the top edge's left point: 0 top \
left, 1 top right, 2 right upper, 3 right lower, 4 bottom right, 5 bottom left, 6 left lower, \
7 left upper. A tile is written as its four paths, e.g. 01-27-36-45 joins 0 to 1, 2 to 7, 3 to \
6 and 4 to 5; turning it a quarter clockwise adds 2 to every point.\n\
Moves: start c1.0 (put your marker on a start mark: a rim square and a point facing off the \
board), play 01-27-36-45 (lay a tile from your hand, turned as written, on the square your \
marker faces), keep or swap <tiles> for <tiles> (the elimination bonus). Extra commands: \
preview (what each tile and turn in your hand would do), describe <square> (a tile's paths in \
words), hint (what the AI would play and why).";

impl TextUi for Tsuro {
    fn move_help(_reader: &Reader) -> String {
        MOVE_HELP.to_string()
    }

    fn tell_move(
        reader: &Reader,
        before: &TsuroView,
        mover: Option<Seat>,
        notation: &str,
        seen: &TsuroSeenMove,
        after: &TsuroView,
    ) -> Vec<String> {
        let mut lines = match mover {
            Some(mover) if reader.is_me(mover) => vec![format!("You play {notation}.")],
            Some(mover) => vec![describe_seen(before, mover, seen)],
            None => Vec::new(),
        };
        lines.extend(narrate(before, after));
        lines
    }

    fn board(reader: &Reader, view: &TsuroView) -> String {
        let mut lines = vec![Self::status(reader, view)];
        for row in 0..6 {
            if (0..6)
                .filter_map(|c| Square::new(c, row))
                .all(|sq| view.board[sq.index()].is_none())
            {
                lines.push(format!("Row {}: empty.", row + 1));
                continue;
            }
            let squares: Vec<String> = (0..6)
                .filter_map(|column| Square::new(column, row))
                .map(|square| match view.board[square.index()] {
                    Some(tile) => format!("{square} {tile}"),
                    None => format!("{square} empty"),
                })
                .collect();
            lines.push(format!("Row {}: {}.", row + 1, squares.join(", ")));
        }
        for marker in &view.markers {
            let who = capitalized(seat_name(view, marker.seat));
            let line = match (marker.alive, marker.at) {
                (false, _) => format!("{who}: eliminated."),
                (true, None) => format!("{who}: marker not placed yet."),
                (true, Some(at)) => format!("{who}: at {}.", position_in_words(at)),
            };
            lines.push(line);
        }
        lines.push(<Tsuro as TextUi>::hand(reader, view));
        lines.join("\n")
    }

    fn hand(_reader: &Reader, view: &TsuroView) -> String {
        let Some(me) = my_seat(view) else {
            return "Spectators have no hand.".to_string();
        };
        match &view.hands[me.index()] {
            Some(tiles) if !tiles.is_empty() => {
                let tiles: Vec<String> = tiles
                    .iter()
                    .map(|t| {
                        let placed = t.first_orientation();
                        format!("{placed} ({})", paths_in_words(placed))
                    })
                    .collect();
                format!("Your hand: {}.", tiles.join("; "))
            }
            _ => "Your hand is empty.".to_string(),
        }
    }

    fn status(_reader: &Reader, view: &TsuroView) -> String {
        let turn = match view.to_move {
            Some(seat) if Some(seat) == my_seat(view) => "your move".to_string(),
            Some(seat) => format!("seat {seat} to move"),
            None if view.phase == Phase::Over => "the game is over".to_string(),
            None => "tiles are being shuffled".to_string(),
        };
        let phase = match view.phase {
            Phase::Start => "placing markers",
            Phase::Play => "laying tiles",
            Phase::Bonus => "elimination bonus",
            Phase::Shuffle => "shuffling",
            Phase::Over => "over",
        };
        let dragon = match view.dragon {
            Some(seat) => format!(
                "; {} hold{} the dragon",
                seat_name(view, seat),
                if Some(seat) == my_seat(view) { "" } else { "s" }
            ),
            None => String::new(),
        };
        let alive = view.markers.iter().filter(|m| m.alive).count();
        format!(
            "Tsuro, {} players, {phase}: {turn}. {alive} markers in play, {} tiles in the draw pile{dragon}.",
            view.players, view.draw_pile
        )
    }

    fn describe_outcome(_reader: &Reader, view: &TsuroView, outcome: &Outcome) -> String {
        let winners: Vec<String> = outcome.winners.iter().map(|s| seat_name(view, s)).collect();
        let reason = match outcome.reason.as_ref() {
            "last_marker" => "the last marker on the board",
            "eliminated_together" => "the last markers left the board together",
            _ => "every tile has been played",
        };
        let verdict = match my_seat(view) {
            Some(me) if outcome.winners.contains(me) && outcome.winners.len() == 1 => {
                "You win".to_string()
            }
            Some(me) if outcome.winners.contains(me) => format!(
                "You share the win with {}",
                winners
                    .iter()
                    .filter(|w| *w != "you")
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => format!(
                "{} win{}",
                capitalized(winners.join(", ")),
                if winners.len() == 1 { "s" } else { "" }
            ),
        };
        format!("{verdict}: {reason}.")
    }

    fn extra_command(reader: &Reader, view: &TsuroView, line: &str) -> Option<String> {
        let mut words = line.split_whitespace();
        match (
            words.next()?.to_ascii_lowercase().as_str(),
            words.next(),
            words.next(),
        ) {
            ("hint", None, None) => {
                let seat = my_seat(view).filter(|s| view.to_move == Some(*s));
                Some(super::hint::<Tsuro>(reader.lang, view, seat))
            }
            ("preview", None, None) => {
                let me = my_seat(view)?;
                if view.phase != Phase::Play || view.to_move != Some(me) {
                    return Some("Preview works when it is your turn to lay a tile.".to_string());
                }
                // The preview depends only on the board, the markers and your own hand, which
                // a state sampled from your view shares with the real one.
                let state = Tsuro::determinize(view, me, &mut FastRng::new(0));
                let lines: Vec<String> = state
                    .previews()
                    .iter()
                    .map(|p| describe_preview(view, p))
                    .collect();
                Some(lines.join("\n"))
            }
            ("describe", Some(square), None) => {
                let Ok(position) = format!("{square}.0").parse::<Position>() else {
                    return Some(format!("{square:?} is not a square (a1 to f6)."));
                };
                let square = position.square();
                Some(match view.board[square.index()] {
                    Some(tile) => format!("{square}: {tile}, joining {}.", paths_in_words(tile)),
                    None => format!("{square} is empty."),
                })
            }
            _ => None,
        }
    }
}

fn describe_seen(view: &TsuroView, mover: Seat, seen: &TsuroSeenMove) -> String {
    let who = capitalized(seat_name(view, mover));
    match seen {
        TsuroSeenMove::Start(at) => {
            format!("{who} placed a marker at {}.", position_in_words(*at))
        }
        TsuroSeenMove::Play(tile) => {
            let square = view.markers[mover.index()]
                .at
                .map(|p| p.square().to_string())
                .unwrap_or_default();
            format!("{who} laid {tile} on {square} ({}).", paths_in_words(*tile))
        }
        TsuroSeenMove::Swap(swap) => format!("{who} used the elimination bonus: {swap}."),
        TsuroSeenMove::Swapped(0) => format!("{who} kept their hand."),
        TsuroSeenMove::Swapped(n) => {
            format!("{who} swapped {n} tiles with the eliminated hands.")
        }
        TsuroSeenMove::Shuffled => "The draw pile was shuffled.".to_string(),
    }
}

fn narrate(before: &TsuroView, after: &TsuroView) -> Vec<String> {
    let mut lines = Vec::new();
    for (old, new) in before.markers.iter().zip(&after.markers) {
        let who = capitalized(seat_name(after, new.seat));
        match (old.alive, new.alive, old.at, new.at) {
            (true, false, _, _) => lines.push(format!(
                "{who} left the board and {} eliminated.",
                if Some(new.seat) == my_seat(after) {
                    "are"
                } else {
                    "is"
                }
            )),
            (true, true, Some(from), Some(to)) if from != to => {
                lines.push(format!(
                    "{who} moved from {from} to {}.",
                    position_in_words(to)
                ));
            }
            _ => {}
        }
    }
    if let Some(me) = my_seat(after)
        && let (Some(old), Some(new)) = (&before.hands[me.index()], &after.hands[me.index()])
    {
        let drawn: Vec<String> = new
            .iter()
            .filter(|t| !old.contains(t))
            .map(|t| t.first_orientation().to_string())
            .collect();
        if !drawn.is_empty() && before.phase != Phase::Bonus {
            lines.push(format!("You drew {}.", drawn.join(", ")));
        }
    }
    if before.dragon != after.dragon {
        match (before.dragon, after.dragon) {
            (_, Some(seat)) => lines.push(format!(
                "{} now hold{} the dragon.",
                capitalized(seat_name(after, seat)),
                if Some(seat) == my_seat(after) {
                    ""
                } else {
                    "s"
                }
            )),
            (Some(seat), None) => lines.push(format!(
                "{} gave the dragon back.",
                capitalized(seat_name(after, seat))
            )),
            (None, None) => {}
        }
    }
    lines
}
