//! The board in words, for a reader who cannot see it, and what a tile in hand would do.

use agora_engine::Seat;
use agora_tsuro::{Fate, MarkerFate, PlacedTile, Preview, Square, TsuroView};

use super::words::{add_marker, add_stop, position_name, sentence, side_point, tile_line};
use crate::text::text_with;
use crate::{Reader, args};

/// What laying tile number `hand_index` (from 0) of the reader's hand, turned as `tile`, would
/// do, from the engine's `preview` of it: where the mover's marker would end up, where every
/// other marker facing the square would go, and whether the mover stays on the board; when
/// the rules refuse the play, why.
pub fn preview(
    reader: &Reader,
    view: &TsuroView,
    hand_index: usize,
    tile: PlacedTile,
    preview: &Preview,
) -> String {
    let lang = reader.lang;
    let hand = view
        .viewer
        .seat()
        .and_then(|me| view.hand_sizes.get(me.index()))
        .copied()
        .unwrap_or(0);
    let mut sentences = vec![text_with(
        lang,
        "tsuro-preview-tile",
        &args![
            ("number", hand_index + 1),
            ("count", hand),
            ("tile", tile.as_str()),
            ("square", preview.square.as_str())
        ],
    )];
    // The mover first, then the others in seat order.
    let mut fates: Vec<&MarkerFate> = preview.markers.iter().collect();
    fates.sort_by_key(|m| m.seat != preview.mover);
    for fate in fates {
        sentences.push(would(reader, fate));
    }
    let mover_out = !preview.mover_survives();
    let mut args = args![(
        "verdict",
        match (preview.allowed, mover_out) {
            (true, false) => "stays",
            (true, true) => "out-anyway",
            (false, _) => "refused",
        }
    )];
    reader.add(&mut args, "who", preview.mover);
    sentences.push(text_with(lang, "tsuro-preview-verdict", &args));
    sentences
        .into_iter()
        .map(sentence)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where one marker would go: "Ada (Blue) would follow 2 tiles and face c3 (…)."
fn would(reader: &Reader, fate: &MarkerFate) -> String {
    let lang = reader.lang;
    let mut args = args![("tiles", fate.tiles)];
    add_marker(reader, &mut args, "who", fate.seat);
    let id = match fate.fate {
        Fate::Stops(at) => {
            add_stop(lang, &mut args, at);
            "tsuro-would-move"
        }
        Fate::LeavesBoard => "tsuro-would-leave",
        Fate::Collides(other) => {
            args.insert(
                "other-colour".into(),
                super::marker_name(lang, other).into(),
            );
            "tsuro-would-collide"
        }
    };
    text_with(lang, id, &args)
}

/// What lies on `square`: a tile and its paths; or that it is empty, what borders it on each
/// side (a tile, an empty square, the rim), and every marker that faces it.
pub fn describe_square(reader: &Reader, view: &TsuroView, square: Square) -> String {
    let lang = reader.lang;
    if let Some(tile) = view.board.get(square.index()).copied().flatten() {
        return tile_line(lang, square, tile);
    }
    let mut sentences = vec![text_with(
        lang,
        "tsuro-square-empty",
        &args![
            ("square", square.as_str()),
            ("around", around(view, square, reader))
        ],
    )];
    for marker in &view.markers {
        let Some(at) = marker.at.filter(|at| at.square() == square) else {
            continue;
        };
        let mut args = args![("where", side_point(lang, at))];
        add_marker(reader, &mut args, "who", marker.seat);
        sentences.push(sentence(text_with(lang, "tsuro-square-faced", &args)));
    }
    sentences.join(" ")
}

/// What borders an empty square on each side: "above: the rim, right: a tile, …".
fn around(view: &TsuroView, square: Square, reader: &Reader) -> String {
    let (column, row) = (square.column() as isize, square.row() as isize);
    let kind = |dc: isize, dr: isize| -> &'static str {
        let (Ok(c), Ok(r)) = (usize::try_from(column + dc), usize::try_from(row + dr)) else {
            return "rim";
        };
        match Square::new(c, r) {
            None => "rim",
            Some(next) if view.board[next.index()].is_some() => "tile",
            Some(_) => "empty",
        }
    };
    text_with(
        reader.lang,
        "tsuro-around",
        &args![
            ("above", kind(0, -1)),
            ("right", kind(1, 0)),
            ("below", kind(0, 1)),
            ("left", kind(-1, 0))
        ],
    )
}

/// The whole board in words, a line each: where every marker stands (the reader's first) and
/// what borders the square in front of it, then every tile laid with its paths.
pub fn describe_board(reader: &Reader, view: &TsuroView) -> Vec<String> {
    let lang = reader.lang;
    let mut seats: Vec<Seat> = view.markers.iter().map(|m| m.seat).collect();
    seats.sort_by_key(|&s| (!reader.is_me(s), s));
    let mut lines = Vec::new();
    for seat in seats {
        let marker = view.markers[seat.index()];
        let mut args = args![(
            "state",
            match (marker.alive, marker.at) {
                (false, _) => "out",
                (true, None) => "unplaced",
                (true, Some(_)) => "placed",
            }
        )];
        if let Some(at) = marker.at {
            args.insert("position".into(), position_name(lang, at).into());
            args.insert("square".into(), at.square().as_str().into());
            args.insert("around".into(), around(view, at.square(), reader).into());
        }
        add_marker(reader, &mut args, "who", seat);
        lines.push(sentence(text_with(lang, "tsuro-board-marker", &args)));
    }
    let laid: Vec<(Square, PlacedTile)> = Square::all()
        .filter_map(|sq| view.board[sq.index()].map(|t| (sq, t)))
        .collect();
    lines.push(text_with(
        lang,
        "tsuro-board-tiles",
        &args![("count", laid.len())],
    ));
    lines.extend(
        laid.into_iter()
            .map(|(square, tile)| tile_line(lang, square, tile)),
    );
    lines
}
