//! Tyrus in plain text, told by the Tyrus narrator of `agora-present` in the reader's language.

use agora_engine::{Outcome, Seat};
use agora_present::tyrus::{
    narrate_placement, office_name, profession_name, rules_summary, status,
};
use agora_present::{Reader, args, text, text_with};
use agora_tyrus::{BuildingKind, Profession, SeenPlacement, TileSet, Tyrus, TyrusView};

use super::TextUi;

/// Tiles as typed in moves: "S2, S5, M1".
fn codes(tiles: TileSet) -> String {
    tiles
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The hand as the seat types it, by profession: "Your hand: Soldiers S2, S5; Priests P3.".
fn hand_line(reader: &Reader, hand: TileSet) -> String {
    let lang = reader.lang;
    let groups: Vec<String> = Profession::ALL
        .into_iter()
        .filter_map(|p| {
            let tiles: TileSet = hand.iter().filter(|t| t.profession() == p).collect();
            (!tiles.is_empty()).then(|| {
                text_with(
                    lang,
                    "cli-tyrus-hand-group",
                    &args![
                        ("profession", profession_name(lang, p, tiles.len() as u32)),
                        ("tiles", codes(tiles))
                    ],
                )
            })
        })
        .collect();
    let Some(groups) = groups.into_iter().reduce(|first, second| {
        text_with(
            lang,
            "list-semicolon",
            &args![("first", first), ("second", second)],
        )
    }) else {
        return text(lang, "cli-tyrus-hand-empty");
    };
    text_with(lang, "cli-tyrus-hand", &args![("groups", groups)])
}

/// One building: the reader's own tiles there by code, the others' counted.
fn building_line(reader: &Reader, view: &TyrusView, owner: Seat, kind: BuildingKind) -> String {
    let lang = reader.lang;
    let building = view.building(owner, kind);
    let mut parts = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let visible = building.visible[seat.index()];
        if !visible.is_empty() {
            parts.push(text_with(
                lang,
                "cli-tyrus-yours",
                &args![("tiles", codes(visible)), ("count", visible.len())],
            ));
        }
        let hidden = building.hidden[seat.index()];
        if hidden > 0 {
            let mut args = args![("count", hidden)];
            reader.add(&mut args, "who", seat);
            parts.push(text_with(lang, "cli-tyrus-face-down", &args));
        }
    }
    let contents = match &parts[..] {
        [] => text(lang, "cli-tyrus-empty"),
        [one] => one.clone(),
        [first, second, ..] => text_with(
            lang,
            "list-semicolon",
            &args![("first", first.as_str()), ("second", second.as_str())],
        ),
    };
    let mut args = args![("kind", kind.name()), ("contents", contents)];
    reader.add(&mut args, "owner", owner);
    text_with(lang, "cli-tyrus-building", &args)
}

/// The election chart as one line.
fn chart(reader: &Reader, view: &TyrusView) -> String {
    let lang = reader.lang;
    let entries: Vec<String> = view
        .results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.map(|r| (i + 1, r)))
        .map(|(number, result)| {
            let mut args = args![
                ("number", number),
                ("office", office_name(lang, result.office)),
                // For languages that write the office in lower case mid-sentence.
                ("office-key", result.office.name())
            ];
            match result.winner {
                Some(winner) => reader.add(&mut args, "winner", winner),
                None => {
                    args.insert("winner".into(), "none".into());
                }
            }
            text_with(lang, "cli-tyrus-chart-entry", &args)
        })
        .collect();
    if entries.is_empty() {
        text(lang, "cli-tyrus-chart-empty")
    } else {
        text_with(
            lang,
            "cli-tyrus-chart",
            &args![("entries", entries.join(", "))],
        )
    }
}

/// The reader's buildings first.
fn owners(reader: &Reader) -> [Seat; 2] {
    match reader.viewer.seat() {
        Some(me) if me.index() < 2 => [me, Seat(me.0 ^ 1)],
        _ => [Seat(0), Seat(1)],
    }
}

impl TextUi for Tyrus {
    fn move_help(reader: &Reader) -> String {
        let mut lines = rules_summary(reader.lang);
        lines.push(text(reader.lang, "cli-tyrus-notation"));
        lines.join("\n")
    }

    fn board(reader: &Reader, view: &TyrusView) -> String {
        let mut lines = Vec::new();
        for owner in owners(reader) {
            for kind in BuildingKind::ALL {
                lines.push(building_line(reader, view, owner, kind));
            }
        }
        lines.push(chart(reader, view));
        lines.join("\n")
    }

    fn hand(reader: &Reader, view: &TyrusView) -> String {
        hand_line(reader, view.hand.unwrap_or_default())
    }

    fn status(reader: &Reader, view: &TyrusView) -> String {
        status(reader, view)
    }

    /// The status line, then the hand to choose from.
    fn prompt(reader: &Reader, view: &TyrusView) -> Vec<String> {
        let mut lines = vec![status(reader, view)];
        if let Some(hand) = view.hand {
            lines.push(hand_line(reader, hand));
        }
        lines
    }

    fn tell_move(
        reader: &Reader,
        before: &TyrusView,
        _mover: Option<Seat>,
        _notation: &str,
        seen: &SeenPlacement,
        after: &TyrusView,
    ) -> Vec<String> {
        narrate_placement(reader, before, seen, after)
    }

    fn extra_command(reader: &Reader, view: &TyrusView, line: &str) -> Option<String> {
        let seat = view.viewer.seat().filter(|s| view.to_move == Some(*s));
        line.eq_ignore_ascii_case("hint")
            .then(|| super::hint::<Tyrus>(reader, view, seat))
    }

    /// The narrator told the end with the last placement; this is the chart to close on.
    fn describe_outcome(reader: &Reader, view: &TyrusView, _outcome: &Outcome) -> String {
        chart(reader, view)
    }
}
