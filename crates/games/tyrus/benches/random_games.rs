//! Random full games, dealing and legal-move generation included: the figure behind
//! `agora bench tyrus` and docs/benchmarks.md.

use agora_engine::{FastRng, Game, SeedRng, Viewer};
use agora_tyrus::{Tyrus, TyrusOptions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn random_game(rng: &mut FastRng) -> usize {
    let setup = Tyrus::random_setup(&TyrusOptions::default(), rng);
    let mut game = Tyrus::from_setup(&setup).expect("valid deal");
    let mut plies = 0;
    while let Some(mv) = game.random_legal_move(rng) {
        game.play_unchecked(mv);
        plies += 1;
    }
    plies
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tyrus");
    group.throughput(Throughput::Elements(1));
    let mut rng = FastRng::new(1);
    group.bench_function("random_game", |b| b.iter(|| random_game(&mut rng)));
    let game = Tyrus::from_setup(&Tyrus::setup_from_seed(&TyrusOptions::default(), 1)).unwrap();
    group.bench_function("legal_moves", |b| {
        let mut moves = Vec::with_capacity(64);
        b.iter(|| {
            moves.clear();
            game.legal_moves(&mut moves);
            moves.len()
        })
    });
    let view = game.view(Viewer::Seat(agora_engine::Seat(0)));
    let mut seeded = SeedRng::new(2);
    group.bench_function("determinize", |b| {
        b.iter(|| Tyrus::determinize(&view, agora_engine::Seat(0), &mut seeded))
    });
    group.finish();
}

criterion_group!(random_games, benches);
criterion_main!(random_games);
