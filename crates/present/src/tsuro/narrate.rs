//! What a reader hears of each move, the status line and the end of the game.

use agora_engine::{Seat, Viewer};
use agora_tsuro::{
    Fate, MarkerPath, Phase, PlacedTile, Tile, TsuroSeenMove, TsuroView, WinReason, play_paths,
};

use super::words::{add_marker, add_stop, start_mark_name, who_marker};
use crate::text::{Args, list, text, text_with};
use crate::{Reader, args};

use super::words::sentence;

/// The sentences a reader hears for one move: a marker placed on its start mark; a tile laid
/// (where, and its paths), then one sentence per marker that moved (how many tiles it
/// followed and where it stands, or that it left the board, or which markers ran into each
/// other); the elimination bonus offered, kept or used; the eliminated hands shuffled into the
/// pile; the tiles each seat drew (the reader's own named, only when the view shows them);
/// the dragon taken, given back or passed on; and the winners with why.
///
/// `before` and `after` are the reader's views either side of the move; `seen` is what the
/// reader saw of it.
pub fn narrate_move(
    reader: &Reader,
    before: &TsuroView,
    seen: &TsuroSeenMove,
    after: &TsuroView,
) -> Vec<String> {
    let lang = reader.lang;
    let mover = before.to_move;
    let mut lines = Vec::new();
    match (*seen, mover) {
        (TsuroSeenMove::Start(mark), Some(mover)) => {
            let mut args = args![("mark", start_mark_name(lang, mark))];
            add_marker(reader, &mut args, "who", mover);
            lines.push(text_with(lang, "tsuro-started", &args));
        }
        (TsuroSeenMove::Play(tile), Some(mover)) => {
            lines.push(laid(reader, before, mover, tile));
            // The mover's own path first, then the others' in seat order.
            let mut paths = play_paths(before, tile);
            paths.sort_by_key(|p| p.fate.seat != mover);
            lines.extend(moved(reader, &paths));
        }
        (TsuroSeenMove::Swap(swap), Some(mover)) => {
            let mut args = args![
                ("count", swap.give().len()),
                ("given", tiles(reader, swap.give())),
                ("taken", tiles(reader, swap.take()))
            ];
            reader.add(&mut args, "who", mover);
            lines.push(text_with(lang, "tsuro-swapped-tiles", &args));
        }
        (TsuroSeenMove::Swapped(count), Some(mover)) => {
            let mut args = args![("count", count)];
            reader.add(&mut args, "who", mover);
            lines.push(text_with(lang, "tsuro-swapped-count", &args));
            lines.extend(taken_from_me(reader, before, after, mover));
        }
        (TsuroSeenMove::Shuffled, _) => {
            let count: usize = before
                .awaiting_shuffle
                .iter()
                .map(|s| before.hand_sizes[s.index()])
                .sum();
            lines.push(text_with(
                lang,
                "tsuro-shuffled",
                &args![("count", count), ("pile", before.draw_pile + count)],
            ));
        }
        // A seat's move with no seat to move is not a move of this game.
        _ => {}
    }
    if after.phase == Phase::Bonus && before.phase != Phase::Bonus {
        lines.push(bonus_offered(reader, after));
    }
    lines.extend(draws(
        reader,
        before,
        after,
        matches!(seen, TsuroSeenMove::Play(_)),
    ));
    if after.phase == Phase::Over && before.phase != Phase::Over {
        // Who holds the dragon no longer matters.
        lines.extend(outcome(reader, after));
    } else {
        lines.extend(dragon(reader, before, after));
    }
    lines.into_iter().map(sentence).collect()
}

/// "Ada (Blue) laid a tile on d4 (01-27-36-45)." The paths are not told again here: the
/// drawing shows them, and each square's description (`describe_square`) says them.
fn laid(reader: &Reader, before: &TsuroView, mover: Seat, tile: PlacedTile) -> String {
    let lang = reader.lang;
    let square = before.markers[mover.index()]
        .at
        .map_or("", |at| at.square().as_str());
    let mut args = args![("square", square), ("tile", tile.as_str())];
    add_marker(reader, &mut args, "who", mover);
    text_with(lang, "tsuro-laid", &args)
}

/// One sentence per marker that moved; two markers that ran into each other share one.
fn moved(reader: &Reader, paths: &[MarkerPath]) -> Vec<String> {
    let lang = reader.lang;
    let mut lines = Vec::new();
    // Seats whose collision has been told, so that two markers that met share one sentence.
    let mut met = Vec::new();
    for path in paths {
        let fate = path.fate;
        let mut args = args![("tiles", fate.tiles)];
        add_marker(reader, &mut args, "who", fate.seat);
        let id = match fate.fate {
            Fate::Stops(at) => {
                add_stop(lang, &mut args, at);
                "tsuro-moved"
            }
            Fate::LeavesBoard => "tsuro-left-board",
            Fate::Collides(other) => {
                let mutual = paths
                    .iter()
                    .any(|p| p.fate.seat == other && p.fate.fate == Fate::Collides(fate.seat));
                if met.contains(&fate.seat) {
                    continue;
                }
                if mutual {
                    met.push(other);
                }
                add_marker(reader, &mut args, "other", other);
                args.insert(
                    "other-colour".into(),
                    super::marker_name(lang, other).into(),
                );
                args.insert(
                    "you".into(),
                    yes_no(reader.is_me(fate.seat) || reader.is_me(other)).into(),
                );
                if mutual {
                    "tsuro-collided"
                } else {
                    "tsuro-ran-into"
                }
            }
        };
        lines.push(text_with(lang, id, &args));
    }
    lines
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// Tiles by their names: "01-23-45-67 and 02-13-46-57".
fn tiles(reader: &Reader, tiles: &[Tile]) -> String {
    let names: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    list(reader.lang, &names)
}

/// An eliminated reader whose hand the bonus changed: what was taken from it and put in.
fn taken_from_me(
    reader: &Reader,
    before: &TsuroView,
    after: &TsuroView,
    mover: Seat,
) -> Option<String> {
    let me = reader.viewer.seat()?;
    let (Some(Some(then)), Some(Some(now))) =
        (before.hands.get(me.index()), after.hands.get(me.index()))
    else {
        return None;
    };
    let taken: Vec<Tile> = then.iter().filter(|t| !now.contains(t)).copied().collect();
    let given: Vec<Tile> = now.iter().filter(|t| !then.contains(t)).copied().collect();
    if taken.is_empty() {
        return None;
    }
    let mut args = args![
        ("taken", tiles(reader, &taken)),
        ("given", tiles(reader, &given))
    ];
    reader.add(&mut args, "who", mover);
    Some(text_with(reader.lang, "tsuro-swapped-yours", &args))
}

/// The tiles of the hands just put out, where the view shows them (to the seat choosing its
/// elimination bonus).
fn offered(view: &TsuroView) -> Vec<Tile> {
    view.awaiting_shuffle
        .iter()
        .filter_map(|s| view.hands.get(s.index()).cloned().flatten())
        .flatten()
        .collect()
}

/// The elimination bonus open: to the mover, the tiles it may take.
fn bonus_offered(reader: &Reader, after: &TsuroView) -> String {
    let lang = reader.lang;
    let Some(mover) = after.active else {
        return String::new();
    };
    let offered = offered(after);
    let mut args = args![("tiles", tiles(reader, &offered))];
    reader.add(&mut args, "who", mover);
    let id = if reader.is_me(mover) && !offered.is_empty() {
        "tsuro-bonus-yours"
    } else {
        "tsuro-bonus-theirs"
    };
    text_with(lang, id, &args)
}

/// Seats clockwise from `first`.
fn clockwise(view: &TsuroView, first: Seat) -> impl Iterator<Item = Seat> {
    let n = view.players.max(1);
    (0..n).map(move |k| Seat(((first.index() + k) % n) as u8))
}

/// What each seat drew, clockwise from where drawing starts: the reader's own tiles by name
/// when its view shows them, the others' counted.
/// `played` is whether the move laid a tile (the active seat's hand lost it).
fn draws(reader: &Reader, before: &TsuroView, after: &TsuroView, played: bool) -> Vec<String> {
    let lang = reader.lang;
    let Some(active) = before.active else {
        return Vec::new();
    };
    let first = before.dragon.unwrap_or(active);
    let mut lines = Vec::new();
    for seat in clockwise(after, first) {
        let s = seat.index();
        if !after.markers.get(s).is_some_and(|m| m.alive) {
            continue;
        }
        let kept = before.hand_sizes[s].saturating_sub(usize::from(played && seat == active));
        let drawn = after.hand_sizes[s].saturating_sub(kept);
        if drawn == 0 {
            continue;
        }
        let new: Vec<Tile> = match (&before.hands[s], &after.hands[s]) {
            (Some(then), Some(now)) if reader.is_me(seat) => {
                now.iter().filter(|t| !then.contains(t)).copied().collect()
            }
            _ => Vec::new(),
        };
        let mut args = args![("count", drawn)];
        reader.add(&mut args, "who", seat);
        if new.len() == drawn {
            args.insert("tiles".into(), tiles(reader, &new).into());
            lines.push(text_with(lang, "tsuro-drew-tiles", &args));
        } else {
            lines.push(text_with(lang, "tsuro-drew-count", &args));
        }
    }
    lines
}

/// The dragon taken, given back or passed on.
fn dragon(reader: &Reader, before: &TsuroView, after: &TsuroView) -> Option<String> {
    let lang = reader.lang;
    let mut args = Args::new();
    let id = match (before.dragon, after.dragon) {
        (None, Some(holder)) => {
            reader.add(&mut args, "who", holder);
            "tsuro-dragon-taken"
        }
        (Some(holder), None) if after.markers[holder.index()].alive => {
            reader.add(&mut args, "who", holder);
            "tsuro-dragon-returned"
        }
        (Some(holder), None) => {
            reader.add(&mut args, "who", holder);
            "tsuro-dragon-unclaimed"
        }
        (Some(from), Some(to)) if from != to => {
            reader.add(&mut args, "from", from);
            reader.add(&mut args, "to", to);
            "tsuro-dragon-passed"
        }
        _ => return None,
    };
    Some(text_with(lang, id, &args))
}

/// The winners and why, for a view of a finished game; `None` while it goes on.
pub fn outcome(reader: &Reader, view: &TsuroView) -> Option<String> {
    let reason = view.win_reason?;
    let names: Vec<String> = reading_order(reader, &view.winners)
        .into_iter()
        .map(|s| who_marker(reader, s))
        .collect();
    let you = view.winners.iter().any(|&s| reader.is_me(s));
    let id = match reason {
        WinReason::LastMarker => "tsuro-end-last-marker",
        WinReason::EliminatedTogether => "tsuro-end-together",
        WinReason::AllTilesPlayed => "tsuro-end-all-tiles",
    };
    let args = args![
        ("winners", list(reader.lang, &names)),
        ("count", view.winners.len()),
        ("you", yes_no(you))
    ];
    Some(sentence(text_with(reader.lang, id, &args)))
}

/// `seats` with the reader's own first.
fn reading_order(reader: &Reader, seats: &[Seat]) -> Vec<Seat> {
    let mut seats = seats.to_vec();
    seats.sort_by_key(|&s| (!reader.is_me(s), s));
    seats
}

/// One line: whose turn and what to do, the markers left, the draw pile and the dragon.
pub fn status(reader: &Reader, view: &TsuroView) -> String {
    let lang = reader.lang;
    if view.phase == Phase::Over {
        return outcome(reader, view).unwrap_or_default();
    }
    let mut parts = Vec::new();
    let placed = view.markers.iter().filter(|m| m.at.is_some()).count();
    let alive = view.markers.iter().filter(|m| m.alive).count();
    match (view.phase, view.to_move) {
        (Phase::Shuffle, _) | (_, None) => parts.push(text(lang, "tsuro-status-shuffle")),
        (phase, Some(seat)) => {
            let square = view.markers[seat.index()]
                .at
                .map_or("", |at| at.square().as_str());
            let mut args = args![
                (
                    "phase",
                    match phase {
                        Phase::Start => "start",
                        Phase::Bonus => "bonus",
                        _ => "play",
                    }
                ),
                ("square", square),
                ("placed", placed),
                ("players", view.players),
                ("colour", super::marker_name(lang, seat)),
                ("tiles", tiles(reader, &offered(view)))
            ];
            add_marker(reader, &mut args, "who", seat);
            parts.push(sentence(text_with(lang, "tsuro-status-turn", &args)));
        }
    }
    if view.phase != Phase::Start {
        parts.push(text_with(
            lang,
            "tsuro-status-markers",
            &args![("alive", alive), ("players", view.players)],
        ));
    }
    parts.push(text_with(
        lang,
        "tsuro-status-pile",
        &args![("count", view.draw_pile)],
    ));
    if let Some(holder) = view.dragon {
        let mut args = Args::new();
        reader.add(&mut args, "who", holder);
        parts.push(sentence(text_with(lang, "tsuro-status-dragon", &args)));
    }
    if let Viewer::Seat(me) = view.viewer
        && view.phase != Phase::Start
        && !view.markers.get(me.index()).is_some_and(|m| m.alive)
    {
        parts.push(text(lang, "tsuro-status-you-are-out"));
    }
    parts.join(" ")
}
