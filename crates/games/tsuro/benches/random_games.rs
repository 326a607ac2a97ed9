//! Random playouts, the way `agora bench tsuro --players N` runs them.

use std::hint::black_box;

use agora_engine::{FastRng, Game, Turn};
use agora_tsuro::{Tsuro, TsuroOptions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// One random game from a fresh deal, legal moves checked for self-elimination.
fn random_game(options: &TsuroOptions, rng: &mut FastRng) -> Tsuro {
    let setup = Tsuro::random_setup(options, rng);
    let mut game = Tsuro::from_setup(&setup).expect("dealt setups are valid");
    loop {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let mv = game.sample_chance(rng);
                game.play_unchecked(mv)
            }
            Turn::Seat(_) => {
                let mv = game
                    .random_legal_move(rng)
                    .expect("a seat to move has a move");
                game.play_unchecked(mv)
            }
        }
    }
    game
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("tsuro random game");
    group.throughput(Throughput::Elements(1));
    for players in [2, 3, 4, 6, 8] {
        let options = TsuroOptions {
            players,
            elimination_bonus: false,
        };
        let mut rng = FastRng::new(players as u64);
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| black_box(random_game(&options, &mut rng)))
        });
    }
    let options = TsuroOptions {
        players: 8,
        elimination_bonus: true,
    };
    let mut rng = FastRng::new(80);
    group.bench_function("8 players, elimination bonus", |b| {
        b.iter(|| black_box(random_game(&options, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
