//! What a reader hears of each placement, the status line and the end of the game.

use agora_engine::{Outcome, Seat};
use agora_tyrus::{ElectionResult, PLACEMENTS_PER_SEAT, SeenPlacement, TyrusView};

use super::count::{count, reading_order};
use super::words::{tile_list, tile_name};
use crate::text::{Args, text, text_with};
use crate::{Reader, args};

/// The sentences a reader hears for one placement: who placed what where (the tile only if it
/// is the reader's), then, when the placement closed an election, the count with its
/// arithmetic for each side, the winner or a null election, the tiles revealed, the tiles each
/// seat drew (the reader's own named, the others' only counted), and the next election or the
/// end of the game with why it ended.
///
/// `before` and `after` are the reader's views either side of the placement; `seen` is what
/// the reader saw of it.
pub fn narrate_placement(
    reader: &Reader,
    before: &TyrusView,
    seen: &SeenPlacement,
    after: &TyrusView,
) -> Vec<String> {
    let mut lines = vec![placed(reader, seen)];
    let counted = after
        .results
        .iter()
        .zip(&before.results)
        .enumerate()
        .find_map(|(index, (now, then))| match (now, then) {
            (Some(result), None) => Some((index + 1, *result)),
            _ => None,
        });
    if let Some((number, result)) = counted {
        lines.extend(count_lines(reader, number, &result, before, after));
        if after.outcome.is_none() {
            lines.extend(draw_lines(reader, before, after));
        }
    }
    if let (Some(outcome), None) = (&after.outcome, &before.outcome) {
        lines.extend(outcome_lines(reader, after, outcome));
    } else if let (Some(number), true) = (after.election, after.election != before.election) {
        let office = after.office().map_or("general", |o| o.name());
        lines.push(text_with(
            reader.lang,
            "tyrus-election-begins",
            &args![("number", number), ("office", office)],
        ));
    }
    lines
}

/// "You placed Soldier 7 in your citadel." / "The computer placed a face-down tile in its own
/// market."
fn placed(reader: &Reader, seen: &SeenPlacement) -> String {
    let lang = reader.lang;
    let mut args = Args::new();
    reader.add(&mut args, "mover", seen.seat);
    reader.add(&mut args, "owner", seen.building_owner);
    if seen.building_owner == seen.seat && !reader.is_me(seen.seat) {
        args.insert("owner".into(), "own".into());
    }
    args.insert("kind".into(), seen.building.name().into());
    let into = text_with(lang, "tyrus-into", &args);
    // Only the mover's own view carries the tile; anything else is not the reader's to see.
    let tile = match seen.tile.filter(|_| reader.is_me(seen.seat)) {
        Some(tile) => text_with(
            lang,
            "tyrus-tile-in-sentence",
            &args![("tile", tile_name(lang, tile))],
        ),
        None => text(lang, "tyrus-face-down"),
    };
    args.insert("into".into(), into.into());
    args.insert("tile".into(), tile.into());
    text_with(lang, "tyrus-placed", &args)
}

/// The count, the verdict and the tiles revealed.
fn count_lines(
    reader: &Reader,
    number: usize,
    result: &ElectionResult,
    before: &TyrusView,
    after: &TyrusView,
) -> Vec<String> {
    let lang = reader.lang;
    let kind = result.office.building().name();
    let mut lines = vec![text_with(
        lang,
        "tyrus-counted",
        &args![("kind", kind), ("count", count(reader, result))],
    )];
    let mut args = args![("number", number), ("office", result.office.name())];
    match result.winner {
        Some(winner) => {
            reader.add(&mut args, "winner", winner);
            args.insert("high".into(), result.scores[winner.index()].into());
            args.insert("low".into(), result.scores[winner.index() ^ 1].into());
            lines.push(text_with(lang, "tyrus-won-election", &args));
        }
        None => {
            args.insert("score".into(), result.scores[0].into());
            lines.push(text_with(lang, "tyrus-null-election", &args));
        }
    }
    let mut revealed_any = false;
    for seat in reading_order(reader) {
        let tiles = after.discarded[seat.index()].minus(before.discarded[seat.index()]);
        if tiles.is_empty() {
            continue;
        }
        revealed_any = true;
        let mut args = args![("tiles", tile_list(lang, tiles)), ("count", tiles.len())];
        reader.add(&mut args, "who", seat);
        lines.push(text_with(lang, "tyrus-revealed", &args));
    }
    if !revealed_any {
        lines.push(text_with(
            lang,
            "tyrus-revealed-none",
            &args![("kind", kind)],
        ));
    }
    lines
}

/// What each seat drew after the count: the reader's own tiles by name, the others' counted.
fn draw_lines(reader: &Reader, before: &TyrusView, after: &TyrusView) -> Vec<String> {
    let lang = reader.lang;
    let mut lines = Vec::new();
    for seat in reading_order(reader) {
        let drawn = before.draw_pile_sizes[seat.index()]
            .saturating_sub(after.draw_pile_sizes[seat.index()]);
        if drawn == 0 {
            continue;
        }
        let mine = match (reader.is_me(seat), before.hand, after.hand) {
            (true, Some(then), Some(now)) => Some(now.minus(then)),
            _ => None,
        };
        let mut args = args![("count", drawn)];
        reader.add(&mut args, "who", seat);
        match mine {
            Some(tiles) => {
                args.insert("tiles".into(), tile_list(lang, tiles).into());
                lines.push(text_with(lang, "tyrus-drew-tiles", &args));
            }
            None => lines.push(text_with(lang, "tyrus-drew-count", &args)),
        }
    }
    if lines.is_empty() {
        lines.push(text(lang, "tyrus-piles-empty"));
    }
    lines
}

/// The end: who won and why, then both hands when they decided it.
fn outcome_lines(reader: &Reader, view: &TyrusView, outcome: &Outcome) -> Vec<String> {
    let lang = reader.lang;
    let reps = view.representatives;
    let totals = view.revealed_hands.map(|hands| hands.map(|h| h.total()));
    let mut args = Args::new();
    let winner = outcome
        .winners
        .iter()
        .next()
        .filter(|_| outcome.winners.len() == 1);
    if let Some(winner) = winner {
        reader.add(&mut args, "winner", winner);
    }
    let id = match (outcome.reason.as_ref(), winner) {
        ("three_in_a_row", Some(_)) => "tyrus-end-three-in-a-row",
        ("five_elections", Some(_)) => "tyrus-end-five-elections",
        ("majority", Some(winner)) => {
            args.insert("high".into(), reps[winner.index()].into());
            args.insert("low".into(), reps[winner.index() ^ 1].into());
            "tyrus-end-majority"
        }
        ("tiebreak", Some(winner)) => {
            let [mine, theirs] =
                [winner.index(), winner.index() ^ 1].map(|s| totals.map_or(0, |t| u32::from(t[s])));
            args.insert("score".into(), reps[0].into());
            args.insert("high".into(), mine.into());
            args.insert("low".into(), theirs.into());
            "tyrus-end-tiebreak"
        }
        ("draw", _) => {
            args.insert("score".into(), reps[0].into());
            args.insert("hand".into(), totals.map_or(0, |t| u32::from(t[0])).into());
            "tyrus-end-draw"
        }
        // Not one of the game's own endings: the server's (resignation, ...).
        (reason, _) => {
            return crate::events::outcome_reason(reader, reason)
                .into_iter()
                .collect();
        }
    };
    let mut lines = vec![text_with(lang, id, &args)];
    if let Some(hands) = view.revealed_hands {
        let [first, second] = reading_order(reader).map(|seat| {
            let hand = hands[seat.index()];
            let mut args = args![
                ("tiles", tile_list(lang, hand)),
                ("total", u32::from(hand.total()))
            ];
            reader.add(&mut args, "who", seat);
            text_with(lang, "tyrus-hand-shown", &args)
        });
        let both = text_with(
            lang,
            "list-semicolon",
            &args![("first", first), ("second", second)],
        );
        lines.push(text_with(
            lang,
            "tyrus-hands-shown",
            &args![("hands", both)],
        ));
    }
    lines
}

/// One line: the election and its office, the score in representatives, whose turn and which
/// of their three tiles ("Election 3 of 9, General. You lead 2 to 1. Your turn: tile 2 of 3.").
pub fn status(reader: &Reader, view: &TyrusView) -> String {
    let lang = reader.lang;
    let Some(number) = view.election else {
        let counted = view.results.iter().flatten().count();
        return text_with(lang, "tyrus-status-over", &args![("count", counted)]);
    };
    let office = view.office().map_or("general", |o| o.name());
    let mut parts = vec![text_with(
        lang,
        "tyrus-status-election",
        &args![("number", number), ("office", office)],
    )];
    let [a, b] = view.representatives;
    parts.push(if a == 0 && b == 0 {
        text(lang, "tyrus-status-no-representative")
    } else if a == b {
        text_with(lang, "tyrus-status-tied", &args![("score", a)])
    } else {
        let leader = if a > b { Seat(0) } else { Seat(1) };
        let mut args = args![("high", a.max(b)), ("low", a.min(b))];
        reader.add(&mut args, "leader", leader);
        text_with(lang, "tyrus-status-lead", &args)
    });
    if let Some(mover) = view.to_move {
        let tile = (view.placements / 2 + 1).min(PLACEMENTS_PER_SEAT);
        let mut args = args![("tile", tile)];
        reader.add(&mut args, "mover", mover);
        parts.push(text_with(lang, "tyrus-status-turn", &args));
    }
    parts.join(" ")
}

/// The end explained, for a reader who just arrived: who won and how, and both hands when
/// they decided it. `None` while the game goes on.
pub fn outcome(reader: &Reader, view: &TyrusView) -> Option<String> {
    let outcome = view.outcome.as_ref()?;
    Some(outcome_lines(reader, view, outcome).join(" "))
}
