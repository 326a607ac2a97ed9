//! Tyrus in plain text.

use agora_engine::{Outcome, Seat, Viewer};
use agora_tyrus::{
    BuildingKind, Placement, Profession, SeenPlacement, Side, Tile, TileSet, Tyrus, TyrusView,
};

use super::{Bot, TextUi, random_bot};

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
A move is <tile> <own|opp> <citadel|market|temple>, for example: S7 own citadel, or M3 opp citadel.";

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

    fn describe_outcome(view: &TyrusView, outcome: &Outcome) -> String {
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
}

/// The election chart as one sentence.
fn chart(view: &TyrusView) -> String {
    {
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
}

/// A casual player's strategy, from the view only: win the current election cheaply when the
/// tiles allow, defend against likely blockers, and otherwise concede with weak tiles placed
/// as future blocks.
pub fn greedy_move(view: &TyrusView) -> Placement {
    let me = view.to_move.expect("a seat to move");
    let hand = view.hand.expect("a seat's view has a hand");
    let office = view.office().expect("an election is on");
    let profession = office.profession();
    let kind = office.building();
    let mine = view.building(me, kind);
    let theirs = view.building(Seat(me.0 ^ 1), kind);
    let my_votes = mine.visible[me.index()].strength(profession);
    // Assume every face-down opponent tile in its own building is a vote of average strength,
    // and every one in ours a block of average strength.
    let their_estimate = u16::from(theirs.hidden[me.index() ^ 1]) * 11 / 2;
    let threat = u16::from(mine.hidden[me.index() ^ 1]) * 11 / 2;
    let counter = profession.blocked_by().blocked_by();
    let voters: Vec<Tile> = hand
        .iter()
        .filter(|t| t.profession() == profession)
        .collect();
    let place = |tile: Tile, side: Side, building: BuildingKind| Placement {
        tile,
        side,
        building,
    };
    // The cheapest voter that puts us ahead of the estimate, if any does.
    let needed = their_estimate + 1;
    if let Some(tile) = voters
        .iter()
        .copied()
        .find(|t| u16::from(my_votes + t.value()) >= needed + threat / 2)
    {
        return place(tile, Side::Own, kind);
    }
    if threat > 0
        && my_votes > 0
        && let Some(tile) = hand
            .iter()
            .filter(|t| t.profession() == counter)
            .max_by_key(|t| t.value())
    {
        return place(tile, Side::Own, kind);
    }
    if let Some(tile) = voters.iter().copied().max_by_key(|t| t.value())
        && u16::from(my_votes + tile.value()) + 10 >= needed
        && voters.len() >= 2
    {
        return place(tile, Side::Own, kind);
    }
    // Concede: the weakest tile goes where it blocks a later election.
    let tile = hand
        .iter()
        .min_by_key(|t| t.value())
        .expect("a hand is never empty on our turn");
    let blocked = Profession::ALL
        .into_iter()
        .find(|p| p.blocked_by() == tile.profession())
        .expect("every profession blocks one other");
    let target = BuildingKind::ALL[blocked.index()];
    if target == kind {
        place(tile, Side::Opp, BuildingKind::ALL[(kind.index() + 1) % 3])
    } else {
        place(tile, Side::Opp, target)
    }
}

pub fn bot(name: &str, seed: u64) -> Option<Bot<Tyrus>> {
    match name {
        "random" => Some(random_bot::<Tyrus>(seed)),
        "greedy" => Some(Box::new(|view: &TyrusView, _seat| greedy_move(view))),
        _ => None,
    }
}
