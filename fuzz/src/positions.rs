use std::sync::OnceLock;

use agora_engine::{FastRng, Game, GameRng, Turn};
use agora_tsuro::Tsuro;
use agora_tyranny::Tyranny;
use agora_tyrus::Tyrus;
use serde::Deserialize;
use serde_json::{Value, json};

/// Plies after which a position is kept, along with each game's last position.
const SNAPSHOT_PLIES: &[usize] = &[0, 1, 2, 5, 12, 30, 60, 120];
/// Seeds dealt for each options value.
const SEEDS: &[u64] = &[1, 2, 3];

/// A game with a fixed list of positions that notation inputs are played from.
pub trait FixedPositions: Game {
    /// Options values to deal with: each table size the game allows, roughly.
    fn option_values() -> Vec<Value>;

    /// The positions, computed once.
    fn positions() -> &'static [Self];
}

macro_rules! fixed_positions {
    ($game:ty, [$($options:tt),* $(,)?]) => {
        impl FixedPositions for $game {
            fn option_values() -> Vec<Value> {
                vec![$(json!($options)),*]
            }

            fn positions() -> &'static [$game] {
                static POSITIONS: OnceLock<Vec<$game>> = OnceLock::new();
                POSITIONS.get_or_init(compute::<$game>)
            }
        }
    };
}

fixed_positions!(Tyrus, [{}]);
fixed_positions!(Tsuro, [{}, {"players": 3, "elimination_bonus": true}, {"players": 8}]);
fixed_positions!(Tyranny, [{}, {"players": 2}, {"players": 3}]);

/// The positions notation inputs start from: for each options value and seed, the dealt
/// state after [`SNAPSHOT_PLIES`] plies of a pseudo-random game, and its end. Fixed forever by
/// the seeds, so a corpus input always means the same thing.
pub fn positions<G: FixedPositions>() -> &'static [G] {
    G::positions()
}

fn compute<G: FixedPositions>() -> Vec<G> {
    let mut positions = Vec::new();
    for options in G::option_values() {
        let options = G::Options::deserialize(&options).expect("fixed options are valid");
        for &seed in SEEDS {
            let setup = G::setup_from_seed(&options, seed);
            let mut state = G::from_setup(&setup).expect("a dealt setup starts");
            let mut rng = FastRng::new(seed);
            let mut moves = Vec::new();
            for ply in 0.. {
                if SNAPSHOT_PLIES.contains(&ply) {
                    positions.push(state.clone());
                }
                let mv = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => state.sample_chance(&mut rng),
                    Turn::Seat(_) => {
                        moves.clear();
                        state.legal_moves(&mut moves);
                        moves[rng.index(moves.len())]
                    }
                };
                state.play_unchecked(mv);
            }
            positions.push(state);
        }
    }
    positions
}
