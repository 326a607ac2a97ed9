//! Tsuro's knowledge for the bots: a greedy player that keeps its marker alive and central.

use agora_engine::{FastRng, Game, Seat};
use agora_tsuro::{Fate, Phase, Position, Tsuro, TsuroMove, TsuroView};

use crate::Heuristics;

impl Heuristics for Tsuro {
    const GREEDY: bool = true;

    fn greedy_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> Option<TsuroMove> {
        Some(greedy_move(view, seat, rng))
    }
}

/// Keeps its marker alive and away from the rim: among the plays it survives, the one that
/// leaves it facing a square farthest from the edge; starts on a random free mark.
pub fn greedy_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> TsuroMove {
    let state = Tsuro::determinize(view, seat, rng);
    if state.phase() != Phase::Play {
        return state
            .random_legal_move(rng)
            .expect("a seat to move has a move");
    }
    let rim_distance = |at: Position| {
        let square = at.square();
        let (c, r) = (square.column(), square.row());
        c.min(5 - c).min(r).min(5 - r)
    };
    let previews = state.previews();
    let best = previews
        .iter()
        .filter(|p| p.allowed)
        .map(|p| {
            let score = match p.mover_fate().fate {
                Fate::Stops(at) => 10 + rim_distance(at) * 3 + p.eliminated().len() * 2,
                _ => 0,
            };
            (score, p.tile)
        })
        .max_by_key(|(score, tile)| (*score, std::cmp::Reverse(tile.to_string())));
    match best {
        Some((_, tile)) => TsuroMove::Play(tile),
        None => state
            .random_legal_move(rng)
            .expect("a seat to move has a move"),
    }
}
