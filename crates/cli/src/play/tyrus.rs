//! Tyrus in plain text.

use agora_engine::{Outcome, Seat, Viewer};
use agora_tyrus::{BuildingKind, Profession, SeenPlacement, TileSet, Tyrus, TyrusView};

use super::TextUi;

fn seat_name(view: &TyrusView, seat: Seat) -> String {
    match view.viewer {
        Viewer::Seat(me) if me == seat => "you".to_string(),
        Viewer::Seat(_) => "your opponent".to_string(),
        Viewer::Spectator => format!("seat {seat}"),
    }
}

fn possessive(view: &TyrusView, seat: Seat) -> String {
    match view.viewer {
        Viewer::Seat(me) if me == seat => "your".to_string(),
        Viewer::Seat(_) => "your opponent's".to_string(),
        Viewer::Spectator => format!("seat {seat}'s"),
    }
}

fn capitalized(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn list(tiles: TileSet) -> String {
    if tiles.is_empty() {
        "none".to_string()
    } else {
        tiles.to_string()
    }
}

impl TextUi for Tyrus {
    const MOVE_HELP: &'static str = "Tyrus: nine elections; in each, both seats place three tiles, \
taking turns. Soldiers elect generals in citadels, merchants guildmasters in markets, priests \
high priests in temples. A merchant in the opponent's building blocks soldiers, a priest blocks \
merchants, a soldier blocks priests; your own tiles of the profession that blocks the blockers \
counter them. Three wins in a row or five wins end the game at once.\n\
A move is <tile> <own|opp> <citadel|market|temple>, for example: S7 own citadel, or M3 opp citadel. \
Type hint to see what the AI would play.";

    fn board(view: &TyrusView) -> String {
        let mut lines = Vec::new();
        lines.push(Self::status(view));
        for owner in [Seat(0), Seat(1)] {
            for kind in BuildingKind::ALL {
                let building = view.building(owner, kind);
                let mut parts = Vec::new();
                for seat in [Seat(0), Seat(1)] {
                    let visible = building.visible[seat.index()];
                    let hidden = building.hidden[seat.index()];
                    if !visible.is_empty() {
                        parts.push(format!("{} {}", possessive(view, seat), visible));
                    }
                    if hidden > 0 {
                        let s = if hidden == 1 { "" } else { "s" };
                        parts.push(format!(
                            "{hidden} face-down tile{s} of {}",
                            seat_name(view, seat)
                        ));
                    }
                }
                let contents = if parts.is_empty() {
                    "empty".to_string()
                } else {
                    parts.join("; ")
                };
                lines.push(format!(
                    "{} {kind}: {contents}.",
                    capitalized(possessive(view, owner))
                ));
            }
        }
        lines.push(chart(view));
        if let Some(hand) = view.hand {
            lines.push(format!("Your hand: {}.", list(hand)));
        }
        lines.join("\n")
    }

    fn hand(view: &TyrusView) -> String {
        match view.hand {
            Some(hand) => {
                let by_profession: Vec<String> = Profession::ALL
                    .iter()
                    .map(|p| {
                        let tiles: TileSet = hand.iter().filter(|t| t.profession() == *p).collect();
                        format!("{}s: {}", p.name(), list(tiles))
                    })
                    .collect();
                format!(
                    "Your hand ({} tiles): {}.",
                    hand.len(),
                    by_profession.join("; ")
                )
            }
            None => "Spectators have no hand.".to_string(),
        }
    }

    fn status(view: &TyrusView) -> String {
        let Some(election) = view.election else {
            return "The game is over.".to_string();
        };
        let office = view
            .office()
            .map(|o| o.name().replace('_', " "))
            .unwrap_or_default();
        let turn = match (view.to_move, view.viewer) {
            (Some(seat), Viewer::Seat(me)) if seat == me => "your move".to_string(),
            (Some(seat), _) => format!("{} to move", seat_name(view, seat)),
            (None, _) => String::new(),
        };
        let [mine, theirs] = match view.viewer {
            Viewer::Seat(me) => [
                view.representatives[me.index()],
                view.representatives[me.index() ^ 1],
            ],
            Viewer::Spectator => view.representatives,
        };
        format!(
            "Election {election} of 9: {office}, {} of 6 tiles placed, {turn}. Representatives: {mine} to {theirs}.",
            view.placements
        )
    }

    fn describe_seen(view: &TyrusView, mover: Seat, seen: &SeenPlacement) -> String {
        let what = match seen.tile {
            Some(tile) => tile.to_string(),
            None => "a face-down tile".to_string(),
        };
        let whose = if seen.building_owner == mover {
            match view.viewer {
                Viewer::Seat(me) if me == mover => "your own".to_string(),
                Viewer::Seat(_) => "their own".to_string(),
                Viewer::Spectator => format!("seat {mover}'s own"),
            }
        } else {
            possessive(view, seen.building_owner)
        };
        capitalized(format!(
            "{} placed {what} in {whose} {}.",
            seat_name(view, mover),
            seen.building
        ))
    }

    fn narrate(before: &TyrusView, after: &TyrusView) -> Vec<String> {
        let mut lines = Vec::new();
        for (index, result) in after.results.iter().enumerate() {
            let (Some(result), None) = (result, before.results[index]) else {
                continue;
            };
            let [a, b] = result.scores;
            let verdict = match result.winner {
                Some(w) => format!("{} won it", seat_name(after, w)),
                None => "it is a null election".to_string(),
            };
            lines.push(format!(
                "Election {} ({}) counted: seat 0 scored {a}, seat 1 scored {b}; {verdict}.",
                index + 1,
                result.office.name().replace('_', " ")
            ));
            for seat in [Seat(0), Seat(1)] {
                let revealed = after.discarded[seat.index()].minus(before.discarded[seat.index()]);
                if !revealed.is_empty() {
                    lines.push(format!(
                        "Revealed and discarded, {}: {revealed}.",
                        seat_name(after, seat)
                    ));
                }
            }
        }
        if let (Some(election), true) = (after.election, after.election != before.election) {
            let office = after
                .office()
                .map(|o| o.name().replace('_', " "))
                .unwrap_or_default();
            lines.push(format!("Election {election} begins: {office}."));
        }
        lines
    }

    fn extra_command(view: &TyrusView, line: &str) -> Option<String> {
        let seat = view.viewer.seat().filter(|s| view.to_move == Some(*s));
        line.eq_ignore_ascii_case("hint")
            .then(|| super::hint::<Tyrus>(view, seat))
    }

    fn describe_outcome(view: &TyrusView, outcome: &Outcome) -> String {
        let hands = match view.revealed_hands {
            Some(hands) => {
                let shown: Vec<String> = [Seat(0), Seat(1)]
                    .iter()
                    .map(|s| {
                        let hand = hands[s.index()];
                        format!("{}: {} (total {})", seat_name(view, *s), hand, hand.total())
                    })
                    .collect();
                format!(" Hands: {}.", shown.join("; "))
            }
            None => String::new(),
        };
        describe_ending(view, outcome) + &hands
    }
}

/// The end of a game in words, before any hands are shown.
fn describe_ending(view: &TyrusView, outcome: &Outcome) -> String {
    let reason = match outcome.reason.as_ref() {
        "three_in_a_row" => "three elections in a row",
        "five_elections" => "five elections won",
        "majority" => "more representatives after nine elections",
        "tiebreak" => "equal representatives, stronger hand",
        _ => "equal representatives and equal hands",
    };
    if outcome.winners.len() > 1 {
        return format!("The game is a draw ({reason}). {}", chart(view));
    }
    let winner = outcome.winners.iter().next().expect("a winner");
    let who = match view.viewer {
        Viewer::Seat(me) if me == winner => "You win".to_string(),
        Viewer::Seat(_) => "Your opponent wins".to_string(),
        Viewer::Spectator => format!("Seat {winner} wins"),
    };
    format!("{who}: {reason}. {}", chart(view))
}

/// The election chart as one sentence.
fn chart(view: &TyrusView) -> String {
    let entries: Vec<String> = view
        .results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.map(|r| (i, r)))
        .map(|(i, r)| {
            let who = match r.winner {
                Some(w) => seat_name(view, w),
                None => "null".to_string(),
            };
            format!("{} {} {}", i + 1, r.office.name().replace('_', " "), who)
        })
        .collect();
    if entries.is_empty() {
        "Election chart: no election counted yet.".to_string()
    } else {
        format!("Election chart: {}.", entries.join(", "))
    }
}
