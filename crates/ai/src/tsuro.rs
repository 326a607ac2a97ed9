//! Tsuro's knowledge for the bots: a greedy player that keeps its marker alive and central.

use agora_engine::{FastRng, Game, Seat};
use agora_tsuro::{Fate, Phase, Position, Tsuro, TsuroMove, TsuroView};

use crate::{Backup, Budget, Heuristics, Level};

impl Heuristics for Tsuro {
    const GREEDY: bool = true;

    fn greedy_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> Option<TsuroMove> {
        Some(greedy_move(view, seat, rng))
    }

    /// Paranoid did better than max-n with `ismcts:hard` at four seats against three greedy
    /// players, on the same 400 games 77.2% to 72.0% (paired difference 5.2 ± 5.3 points),
    /// and head to head; see docs/ai.md.
    const BACKUP: Backup = Backup::Paranoid;

    /// Tsuro searches at about 250,000 iterations a second per core and a game asks a seat
    /// for about a dozen decisions, so `hard` (two threads) decides in about 0.1 s and a
    /// 400-game arena at `hard` costs 9 (two seats) to 11 (four) core-minutes; docs/ai.md has its strength.
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Easy => 1_000,
            Level::Medium => 10_000,
            Level::Hard => 50_000,
        };
        Budget::iterations(iterations).capped(level.time_cap())
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
