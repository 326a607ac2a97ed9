//! Tsuro's knowledge for the bots: a greedy player that keeps its marker alive and central.

use agora_engine::{FastRng, Game, GameRng, Seat};
use agora_tsuro::{Fate, Phase, PlacedTile, Position, Preview, Tsuro, TsuroMove, TsuroView};

use crate::{Backup, Budget, Heuristics, Level};

impl Heuristics for Tsuro {
    const GREEDY: bool = true;

    fn greedy_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> Option<TsuroMove> {
        Some(greedy_move(view, seat, rng))
    }

    fn beginner_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> Option<TsuroMove> {
        Some(beginner_move(view, seat, rng))
    }

    /// 1: a play that puts another marker out and keeps the mover's is always taken (a
    /// decisive move), else a uniformly random safe play (measured no stronger than the
    /// default and four times slower, docs/ai.md). 2: half the moves are the greedy player's
    /// (the surviving play that leaves the marker farthest from the rim), the rest random.
    fn alternative_playout_move(state: &Tsuro, policy: u8, rng: &mut FastRng) -> Option<TsuroMove> {
        if state.phase() == Phase::Play {
            if policy == 1 {
                if let Some(decisive) = state
                    .previews()
                    .iter()
                    .find(|p| p.allowed && p.mover_survives() && !p.eliminated().is_empty())
                {
                    return Some(TsuroMove::Play(decisive.tile));
                }
            } else if rng.below(2) == 0
                && let Some(tile) = farthest_from_rim(state)
            {
                return Some(TsuroMove::Play(tile));
            }
        }
        state.random_legal_move(rng)
    }

    /// `hard` plays half its playout moves as the greedy player would (policy 2): at the same
    /// 50,000 iterations it beat the uniformly random playouts it had before, and with them more
    /// iterations pay (docs/ai.md, "A stronger hard").
    fn level_playout(level: Level) -> u8 {
        match level {
            Level::Hard => 2,
            _ => 0,
        }
    }

    /// Paranoid did better than max-n with `ismcts:hard` at four seats against three greedy
    /// players, on the same 400 games 77.2% to 72.0% (paired difference 5.2 ± 5.3 points),
    /// and head to head; see docs/ai.md.
    const BACKUP: Backup = Backup::Paranoid;

    /// Tsuro searches at about 250,000 iterations a second per core with random playouts (two
    /// thirds of that with `hard`'s half-greedy ones) and a game asks a seat for about a dozen
    /// decisions. With random playouts strength stopped growing somewhere between 2,000 and
    /// 10,000 iterations at two seats (50,000 against 10,000 scored 50%) and sooner at four, so
    /// the lower levels sit far below `hard`, where each step still counts at both table sizes
    /// (docs/ai.md, "The ladder"). With half-greedy playouts more iterations pay again, so
    /// `hard` takes 200,000 (two threads: about 0.3 s a decision at two seats, 0.4 s at four,
    /// on an idle machine), which beat the 50,000 random-playout `hard` before it 65.9%.
    /// `easy` hardly searches: one playout for most plays, so it picks a safe play that once
    /// worked out.
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Beginner | Level::Easy => 10,
            Level::Medium => 300,
            Level::Hard => 200_000,
        };
        Budget::iterations(iterations).capped(level.time_cap())
    }
}

/// Keeps its marker alive and away from the rim: among the plays it survives, the one that
/// leaves it facing a square farthest from the edge; starts on a random free mark.
pub fn greedy_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> TsuroMove {
    best_play(view, seat, rng, |p| {
        Some(match p.mover_fate().fate {
            Fate::Stops(at) => 10 + rim_distance(at) * 3 + p.eliminated().len() * 2,
            _ => 0,
        })
    })
}

/// The play with the highest `score` among the allowed ones that have one (ties: by notation,
/// so the choice does not depend on hand order); a random legal move when none has, and
/// outside the play phase.
fn best_play(
    view: &TsuroView,
    seat: Seat,
    rng: &mut FastRng,
    score: impl Fn(&Preview) -> Option<usize>,
) -> TsuroMove {
    let state = Tsuro::determinize(view, seat, rng);
    let best = if state.phase() == Phase::Play {
        state
            .previews()
            .iter()
            .filter(|p| p.allowed)
            .filter_map(|p| Some((score(p)?, p.tile)))
            .max_by_key(|(score, tile)| (*score, std::cmp::Reverse(tile.to_string())))
    } else {
        None
    };
    match best {
        Some((_, tile)) => TsuroMove::Play(tile),
        None => state
            .random_legal_move(rng)
            .expect("a seat to move has a move"),
    }
}

/// A new player: traces its own path through each tile it could lay and, among the plays it
/// survives, takes the one that carries it farthest this turn. Long runs feel like progress but
/// lead to the rim, and it never looks at where the others stand.
pub fn beginner_move(view: &TsuroView, seat: Seat, rng: &mut FastRng) -> TsuroMove {
    best_play(view, seat, rng, |p| {
        let mover = p.mover_fate();
        mover.survives().then_some(usize::from(mover.tiles))
    })
}

/// The greedy player's play in a playout: of the plays the mover survives, the one that leaves
/// it facing a square farthest from the rim (the last of equals, in hand order); none when
/// every play puts it out.
fn farthest_from_rim(state: &Tsuro) -> Option<PlacedTile> {
    let mut best: Option<(usize, PlacedTile)> = None;
    state.for_each_surviving_play(|tile, at| {
        let distance = rim_distance(at);
        if best.is_none_or(|(farthest, _)| distance >= farthest) {
            best = Some((distance, tile));
        }
    });
    best.map(|(_, tile)| tile)
}

/// How many squares lie between the square a marker faces and the rim.
fn rim_distance(at: Position) -> usize {
    let square = at.square();
    let (c, r) = (square.column(), square.row());
    c.min(5 - c).min(r).min(5 - r)
}
