//! Tyranny in plain text, through the crate's own `text` module.

use agora_engine::{FastRng, Game, GameRng, Outcome, Seat, Viewer};
use agora_tyranny::{Board, Deck, Faction, Move, Phase, Play, Tyranny, TyrannyView, text};

use super::{Bot, TextUi, random_bot};

impl TextUi for Tyranny {
    const MOVE_HELP: &'static str = "Tyranny: cops against criminals on two city loops. The \
criminals win by holding 1000 influence, the cops by holding it at 0. On your turn, play any \
free actions (cards, tunnels), then move, capture or pass. Type moves to see what you may do \
now; docs/rules/tyranny.md has the whole notation.";

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

/// A simple sensible player, from the view only (a state sampled from it): captures what it
/// stands on, always draws Gains cards, challenges every enemy it passes, pays out of custody
/// when the criminals can afford it.
fn sensible(view: &TyrannyView, seat: Seat, rng: &mut FastRng) -> Move {
    let state = Tyranny::determinize(view, seat, rng);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let table = state.table();
    let piece = table.active();
    let faction = piece.faction();
    let has = |m: Move| moves.contains(&m);
    let board = Board::standard().expect("the built-in board is valid");
    let pick = match table.phase() {
        Phase::Start => {
            let tile = table.piece(piece).tile;
            let good_capture = board.property(tile).is_some_and(|p| p.high - p.low >= 1);
            if has(Move::Play(Play::ExtraRoll)) && good_capture {
                Some(Move::Play(Play::ExtraRoll))
            } else if has(Move::Capture) && good_capture {
                Some(Move::Capture)
            } else if let Some(m) = moves
                .iter()
                .find(|m| matches!(m, Move::Play(Play::Steal(_) | Play::FixEscape { .. })))
            {
                Some(*m)
            } else {
                Some(Move::Go)
            }
        }
        Phase::Custody => {
            if has(Move::Pay) && faction == Faction::Criminals && table.influence() >= 600 {
                Some(Move::Pay)
            } else if has(Move::Play(Play::WideEscape)) {
                Some(Move::Play(Play::WideEscape))
            } else {
                Some(Move::Escape)
            }
        }
        Phase::Challenge { piece, .. } => Some(Move::Challenge { piece, low: 1 }),
        Phase::MayDraw { deck: Deck::Gains } => Some(Move::Draw),
        _ => None,
    };
    pick.filter(|m| has(*m))
        .unwrap_or_else(|| moves[rng.index(moves.len())])
}

pub fn bot(name: &str, seed: u64) -> Option<Bot<Tyranny>> {
    match name {
        "random" => Some(random_bot::<Tyranny>(seed)),
        "greedy" => {
            let mut rng = FastRng::new(seed);
            Some(Box::new(move |view: &TyrannyView, seat| {
                sensible(view, seat, &mut rng)
            }))
        }
        _ => None,
    }
}
