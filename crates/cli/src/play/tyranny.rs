//! Tyranny in plain text, through `agora_present::tyranny::text`.

use agora_engine::{Outcome, Seat, Viewer};
use agora_present::tyranny::text;
use agora_tyranny::{Tyranny, TyrannyView};

use super::TextUi;

impl TextUi for Tyranny {
    const MOVE_HELP: &'static str = "Tyranny: cops against criminals on two city loops. The \
criminals win by holding 1000 influence, the cops by holding it at 0. On your turn, play any \
free actions (cards, tunnels), then move, capture or pass. Type moves to see what you may do \
now, hint to see what the AI would play and why; docs/rules/tyranny.md has the whole notation.";

    fn board(view: &TyrannyView) -> String {
        text::describe(view)
    }

    fn hand(view: &TyrannyView) -> String {
        match (&view.hand, view.viewer) {
            (Some(cards), Viewer::Seat(seat)) => {
                let faction = view.table.seating().faction(seat);
                let lines = text::hand(cards, faction);
                if lines.is_empty() {
                    "Your hand is empty.".to_string()
                } else {
                    format!("Your hand:\n{}", lines.join("\n"))
                }
            }
            _ => "Spectators have no hand.".to_string(),
        }
    }

    fn status(view: &TyrannyView) -> String {
        text::status(&view.table)
    }

    fn describe_seen(view: &TyrannyView, _mover: Seat, seen: &agora_tyranny::SeenMove) -> String {
        text::seen_move(&view.table, *seen)
    }

    fn narrate(before: &TyrannyView, after: &TyrannyView) -> Vec<String> {
        text::changes(before, after)
    }

    fn extra_command(view: &TyrannyView, line: &str) -> Option<String> {
        line.trim()
            .eq_ignore_ascii_case("hint")
            .then(|| super::hint::<Tyranny>(view, view.viewer.seat()))
    }

    fn describe_outcome(view: &TyrannyView, outcome: &Outcome) -> String {
        let mine = match view.viewer {
            Viewer::Seat(seat) if outcome.winners.contains(seat) => "Your side wins",
            Viewer::Seat(_) if outcome.winners.len() == view.hand_sizes.len() => "Nobody wins",
            Viewer::Seat(_) => "Your side loses",
            Viewer::Spectator => "The game is over",
        };
        format!(
            "{mine} ({}). {}",
            outcome.reason.replace('_', " "),
            text::status(&view.table)
        )
    }
}
