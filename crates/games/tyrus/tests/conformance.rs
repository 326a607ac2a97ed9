//! The engine's contract, checked over many random games (OpenSpiel-style playthroughs), and
//! the invariants particular to Tyrus.

use agora_engine::testing::check_playthrough;
use agora_engine::{FastRng, Game, GameRng, Seat, SeedRng, Viewer};
use agora_tyrus::{BuildingKind, TileSet, Tyrus, TyrusSetup};

fn every_tile_of(game: &Tyrus, seat: Seat) -> Vec<TileSet> {
    let mut parts = vec![game.hand(seat), game.discarded(seat)];
    for owner in [Seat(0), Seat(1)] {
        for kind in BuildingKind::ALL {
            parts.push(game.placed(owner, kind, seat));
        }
    }
    parts
}

#[test]
fn random_playthroughs_keep_the_contract() {
    for seed in 0..300 {
        let setup = TyrusSetup::random(&mut SeedRng::new(seed));
        let (end, moves) = check_playthrough::<Tyrus>(&setup, seed);
        assert!(end.outcome().is_some());
        assert!(moves.len() <= 54 && moves.len() >= 18, "{}", moves.len());
    }
}

#[test]
fn every_seats_thirty_tiles_are_always_somewhere_once() {
    let mut rng = FastRng::new(11);
    for seed in 0..3000 {
        let setup = TyrusSetup::random(&mut SeedRng::new(seed));
        let mut game = Tyrus::from_setup(&setup).unwrap();
        loop {
            for seat in [Seat(0), Seat(1)] {
                let parts = every_tile_of(&game, seat);
                let on_table: usize = parts.iter().map(|p| p.len()).sum();
                let union = parts.iter().fold(TileSet::EMPTY, |a, b| a.union(*b));
                assert_eq!(union.len(), on_table, "a tile is in two places");
                assert_eq!(
                    on_table + usize::from(game.draw_pile_sizes()[seat.index()]),
                    30
                );
            }
            let Some(mv) = game.random_legal_move(&mut rng) else {
                break;
            };
            game.play(mv).unwrap();
        }
        let [a, b] = game.hand_sizes();
        if game.results().count() == 9 {
            assert_eq!((a, b), (3, 3), "nine elections leave three tiles in hand");
            assert_eq!(game.draw_pile_sizes(), [0, 0]);
        }
    }
}

#[test]
fn views_do_not_depend_on_what_the_seat_cannot_know() {
    let mut rng = FastRng::new(5);
    for seed in 0..500 {
        let setup = TyrusSetup::random(&mut SeedRng::new(seed));
        let mut game = Tyrus::from_setup(&setup).unwrap();
        let plies = rng.index(54);
        for _ in 0..plies {
            let Some(mv) = game.random_legal_move(&mut rng) else {
                break;
            };
            game.play(mv).unwrap();
        }
        for seat in [Seat(0), Seat(1)] {
            let view = game.view(Viewer::Seat(seat));
            // Other states this seat cannot tell apart: the hidden parts dealt afresh.
            let others: Vec<Tyrus> = (0..8)
                .map(|_| Tyrus::determinize(&view, seat, &mut rng))
                .collect();
            agora_engine::testing::assert_same_view(&others, seat);
            assert_eq!(others[0].view(Viewer::Seat(seat)), view);
            // The opponent's hand really is hidden: some sample differs from the truth.
            let opponent = Seat(seat.0 ^ 1);
            let unseen = TileSet::ALL.minus(game.discarded(opponent)).len();
            if unseen > game.hand(opponent).len() && !game.hand(opponent).is_empty() {
                assert!(
                    others
                        .iter()
                        .any(|o| o.hand(opponent) != game.hand(opponent))
                );
            }
        }
        let spectator = game.view(Viewer::Spectator);
        assert_eq!(spectator.hand, None);
        assert!(
            spectator
                .buildings
                .iter()
                .flatten()
                .all(|b| b.visible == [TileSet::EMPTY; 2])
        );
    }
}

#[test]
fn random_text_is_never_a_panic_and_never_a_change() {
    let mut rng = FastRng::new(99);
    let game = Tyrus::from_setup(&TyrusSetup::random(&mut SeedRng::new(3))).unwrap();
    let words = [
        "S1", "M10", "P7", "own", "opp", "citadel", "market", "temple", "x", "", "S0", "🂡", "\u{0}",
    ];
    for _ in 0..20_000 {
        let n = rng.index(5);
        let text: Vec<&str> = (0..n).map(|_| words[rng.index(words.len())]).collect();
        let text = text.join(if rng.below(2) == 0 { " " } else { "  " });
        let mut copy = game;
        if let Ok(mv) = copy.parse_move(&text) {
            if copy.play(mv).is_err() {
                assert_eq!(copy, game);
            }
        }
    }
}
