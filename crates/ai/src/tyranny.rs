//! Tyranny's knowledge for the bots: a simple sensible player.

use agora_engine::{FastRng, Game, GameRng, Seat, Turn};
use agora_tyranny::{Board, Deck, Faction, Move, Phase, Play, TileId, Tyranny, TyrannyView};

use crate::{Budget, Heuristics, Level};

impl Heuristics for Tyranny {
    const GREEDY: bool = true;

    fn greedy_move(view: &TyrannyView, seat: Seat, rng: &mut FastRng) -> Option<Move> {
        Some(sensible(view, seat, rng))
    }

    fn beginner_move(view: &TyrannyView, seat: Seat, rng: &mut FastRng) -> Option<Move> {
        let state = Tyranny::determinize(view, seat, rng);
        beginner_in(&state, rng)
    }

    /// 1: three playout moves in four are the sensible player's, for `hard`.
    fn alternative_playout_move(state: &Tyranny, _policy: u8, rng: &mut FastRng) -> Option<Move> {
        if rng.below(4) != 0 {
            sensible_in(state, rng)
        } else {
            state.random_legal_move(rng)
        }
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

    /// `hard` plays three playout moves in four as the sensible player would (policy 1), at no
    /// extra time: over 400 games each it was no weaker head to head than the same search with
    /// half (52.0%), and widened the step over `medium` (docs/ai.md, "The ladder").
    fn level_playout(level: Level) -> u8 {
        match level {
            Level::Hard => 1,
            _ => 0,
        }
    }

    /// Tyranny searches at about 76,000 iterations a second per core, and its games are long
    /// (a seat decides 40 to 250 times, most of them forced), so `hard` (two threads) decides
    /// in about 0.03 s and a 400-game arena at `hard` costs about 21 core-minutes. Dice and
    /// cards make strength grow slowly with the budget (12,000 iterations were no better than
    /// 6,000 against 1,500), so the steps below `hard` are wide (docs/ai.md, "The ladder").
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Beginner | Level::Easy => 200,
            Level::Medium => 1_000,
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
    pick_or_random(state, rng, |moves| {
        let table = state.table();
        let piece = table.active();
        let faction = piece.faction();
        let has = |m: Move| moves.contains(&m);
        match table.phase() {
            Phase::Start => {
                let good_capture = worth_capturing(table.piece(piece).tile);
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
        }
    })
}

/// A new player, in a full state (a sample of its view), who has learnt to move and capture but
/// not yet what cards and challenges are for: it tries to capture what it stands on when the
/// property is worth it, else moves; it declines every card, spares every enemy it passes and
/// rolls to leave custody. Other choices are random.
fn beginner_in(state: &Tyranny, rng: &mut FastRng) -> Option<Move> {
    pick_or_random(state, rng, |moves| {
        let has = |m: Move| moves.contains(&m);
        let table = state.table();
        match table.phase() {
            Phase::Start
                if has(Move::Capture) && worth_capturing(table.piece(table.active()).tile) =>
            {
                Some(Move::Capture)
            }
            Phase::Start => Some(Move::Go),
            Phase::Custody => Some(Move::Escape),
            Phase::Challenge { piece, .. } => Some(Move::Spare(piece)),
            Phase::MayDraw { .. } => Some(Move::Decline),
            _ => None,
        }
    })
}

/// A player's move in a full state: what `choose` picks from the legal moves when it is one of
/// them, else a uniformly random legal move; `None` when no seat is to move.
fn pick_or_random(
    state: &Tyranny,
    rng: &mut FastRng,
    choose: impl FnOnce(&[Move]) -> Option<Move>,
) -> Option<Move> {
    if !matches!(state.turn(), Turn::Seat(_)) {
        return None;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let pick = choose(&moves).filter(|m| moves.contains(m));
    Some(pick.unwrap_or_else(|| moves[rng.index(moves.len())]))
}

/// Whether a property is worth a capture roll: its influence range spans more than one value.
fn worth_capturing(tile: TileId) -> bool {
    let board = Board::standard().expect("the built-in board is valid");
    board.property(tile).is_some_and(|p| p.high - p.low >= 1)
}
