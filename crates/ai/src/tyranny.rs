//! Tyranny's knowledge for the bots: a simple sensible player.

use agora_engine::{FastRng, Game, GameRng, Seat, Turn};
use agora_tyranny::{Board, Deck, Faction, Move, Phase, Play, Tyranny, TyrannyView};

use crate::{Budget, Heuristics, Level};

impl Heuristics for Tyranny {
    const GREEDY: bool = true;

    fn greedy_move(view: &TyrannyView, seat: Seat, rng: &mut FastRng) -> Option<Move> {
        Some(sensible(view, seat, rng))
    }

    /// Half the playout moves are the sensible player's, half random. Uniformly random
    /// playouts of a game this long end almost by chance; these end more like real games, and
    /// at equal budgets they win clearly more often against `greedy` (docs/ai.md).
    fn playout_move(state: &Tyranny, rng: &mut FastRng) -> Option<Move> {
        if rng.below(2) == 0 {
            sensible_in(state, rng)
        } else {
            state.random_legal_move(rng)
        }
    }

    /// Tyranny searches at about 76,000 iterations a second per core, and its games are long
    /// (a seat decides 40 to 250 times, most of them forced), so `hard` (two threads) decides
    /// in about 0.03 s and a 400-game arena at `hard` costs about 21 core-minutes; docs/ai.md
    /// has its strength.
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Easy => 300,
            Level::Medium => 1_500,
            Level::Hard => 6_000,
        };
        Budget::iterations(iterations).capped(level.time_cap())
    }
}

/// A simple sensible player, from the view only (a state sampled from it): captures what it
/// stands on, always draws Gains cards, challenges every enemy it passes, pays out of custody
/// when the criminals can afford it.
pub fn sensible(view: &TyrannyView, seat: Seat, rng: &mut FastRng) -> Move {
    let state = Tyranny::determinize(view, seat, rng);
    sensible_in(&state, rng).expect("the seat to move has a legal move")
}

/// The sensible player's move in a full state; `None` when no seat is to move.
fn sensible_in(state: &Tyranny, rng: &mut FastRng) -> Option<Move> {
    if !matches!(state.turn(), Turn::Seat(_)) {
        return None;
    }
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
    Some(
        pick.filter(|m| has(*m))
            .unwrap_or_else(|| moves[rng.index(moves.len())]),
    )
}
