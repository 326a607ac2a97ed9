//! `play_paths` from a view agrees with the game itself: the same fates as `preview`, and
//! where the markers stand after the play.

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_tsuro::{Fate, Phase, Tsuro, TsuroMove, TsuroOptions, play_paths, trace};

/// Deal `seed` at `players` seats (the elimination bonus on even seeds), with a random
/// generator of the same seed for the moves.
fn seeded_game(players: usize, seed: u64) -> (Tsuro, FastRng) {
    let options = TsuroOptions {
        players,
        elimination_bonus: seed % 2 == 0,
    };
    let game = Tsuro::from_setup(&Tsuro::setup_from_seed(&options, seed)).unwrap();
    (game, FastRng::new(seed))
}

#[test]
fn paths_from_the_view_match_the_previews_and_the_play() {
    let mut checked = 0;
    let mut collisions = 0;
    for players in 2..=8 {
        for seed in 0..40u64 {
            let (mut game, mut rng) = seeded_game(players, seed);
            loop {
                let mv = match game.turn() {
                    Turn::Over => break,
                    Turn::Chance => game.sample_chance(&mut rng),
                    Turn::Seat(_) => game.random_legal_move(&mut rng).unwrap(),
                };
                if game.phase() == Phase::Play {
                    let view = game.view(Viewer::Spectator);
                    for preview in game.previews() {
                        let paths = play_paths(&view, preview.tile);
                        let fates: Vec<_> = paths.iter().map(|p| p.fate).collect();
                        assert_eq!(fates, preview.markers, "seed {seed}, {players} players");
                        for path in &paths {
                            assert_eq!(path.path[0], path.fate.from);
                            collisions += usize::from(matches!(path.fate.fate, Fate::Collides(_)));
                        }
                        checked += 1;
                    }
                    if let TsuroMove::Play(tile) = mv {
                        let paths = play_paths(&view, tile);
                        game.play(mv).unwrap();
                        for path in paths {
                            let marker =
                                game.view(Viewer::Spectator).markers[path.fate.seat.index()];
                            match path.fate.fate {
                                Fate::Stops(at) => assert_eq!(marker.at, Some(at)),
                                _ => assert!(!marker.alive),
                            }
                        }
                        continue;
                    }
                }
                game.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(collisions > 0, "some collisions were checked");
}

#[test]
fn a_view_with_nobody_to_play_has_no_paths() {
    let game = Tsuro::from_setup(&Tsuro::setup_from_seed(&TsuroOptions::default(), 1)).unwrap();
    let view = game.view(Viewer::Seat(Seat(0)));
    let tile = game.hand(Seat(0))[0].first_orientation();
    assert!(play_paths(&view, tile).is_empty());
    assert_eq!(trace(&view.board, "c1.0".parse().unwrap()).len(), 1);
}

/// The playout's cheap question gives exactly the previews' plays the mover survives, in the
/// same order, facing the same positions.
#[test]
fn surviving_plays_match_the_previews() {
    let mut checked = 0;
    for players in [2, 3, 4, 8] {
        for seed in 0..30u64 {
            let (mut game, mut rng) = seeded_game(players, seed);
            loop {
                let mut surviving = Vec::new();
                game.for_each_surviving_play(|tile, at| surviving.push((tile, at)));
                let expected: Vec<_> = game
                    .previews()
                    .iter()
                    .filter_map(|p| match p.mover_fate().fate {
                        Fate::Stops(at) => Some((p.tile, at)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(surviving, expected, "seed {seed}, {players} players");
                checked += surviving.len();
                let mv = match game.turn() {
                    Turn::Over => break,
                    Turn::Chance => game.sample_chance(&mut rng),
                    Turn::Seat(_) => game.random_legal_move(&mut rng).unwrap(),
                };
                game.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}
