//! Tyranny in plain text, through `agora_present::tyranny::text`.

use agora_engine::{Outcome, Seat, Viewer};
use agora_present::tyranny::text;
use agora_tyranny::{Tyranny, TyrannyView};

use agora_present::Reader;

use super::TextUi;

const MOVE_HELP: &str = "Tyranny: cops against criminals on two city loops. The \
criminals win by holding 1000 influence, the cops by holding it at 0. On your turn, play any \
free actions (cards, tunnels), then move, capture or pass. Type moves to see what you may do \
now, hint to see what the AI would play and why; docs/rules/tyranny.md has the whole notation.";

impl TextUi for Tyranny {
    fn move_help(_reader: &Reader) -> String {
        MOVE_HELP.to_string()
    }

    fn tell_move(
        reader: &Reader,
        before: &TyrannyView,
        mover: Option<Seat>,
        notation: &str,
        seen: &agora_tyranny::SeenMove,
        after: &TyrannyView,
    ) -> Vec<String> {
        let mut lines = match mover {
            Some(mover) if reader.is_me(mover) => vec![format!("You play {notation}.")],
            Some(mover) => vec![describe_seen(before, mover, seen)],
            None => Vec::new(),
        };
        lines.extend(narrate(before, after));
        lines
    }

    fn board(_reader: &Reader, view: &TyrannyView) -> String {
        text::describe(view)
    }

    fn hand(_reader: &Reader, view: &TyrannyView) -> String {
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

    fn status(_reader: &Reader, view: &TyrannyView) -> String {
        text::status(&view.table)
    }

    fn extra_command(reader: &Reader, view: &TyrannyView, line: &str) -> Option<String> {
        line.trim()
            .eq_ignore_ascii_case("hint")
            .then(|| super::hint::<Tyranny>(reader.lang, view, view.viewer.seat()))
    }

    fn describe_outcome(_reader: &Reader, view: &TyrannyView, outcome: &Outcome) -> String {
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

fn describe_seen(view: &TyrannyView, _mover: Seat, seen: &agora_tyranny::SeenMove) -> String {
    text::seen_move(&view.table, *seen)
}

fn narrate(before: &TyrannyView, after: &TyrannyView) -> Vec<String> {
    text::changes(before, after)
}
