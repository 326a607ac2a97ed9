//! The bots of the two games with chance: legal in every position that random games reach, and
//! blind to what their seat cannot see.

mod common;

use agora_ai::Heuristics;
use agora_engine::{FastRng, Game, Turn, Viewer};
use agora_tsuro::{Tsuro, TsuroMove, TsuroOptions};
use agora_tyranny::{Move, Options as TyrannyOptions, Phase, Tyranny};
use common::{bots_are_blind_to_hidden_state, every_bot_moves_legally};

fn start<G: Game>(options: &G::Options, deal: u64) -> G {
    G::from_setup(&G::setup_from_seed(options, deal)).unwrap()
}

fn check_bots<G: Heuristics>(options: &G::Options, specs: &[&str], games: u64) {
    every_bot_moves_legally(|deal| start::<G>(options, deal), specs, games);
}

/// A position `plies` decisions into deal `deal`, at a seat's turn.
fn position<G: Game>(options: &G::Options, deal: u64, plies: usize) -> G {
    try_position(options, deal, plies)
        .unwrap_or_else(|| panic!("deal {deal} ended before {plies} plies"))
}

/// A position `plies` random decisions into deal `deal`, unless the game ends first.
fn try_position<G: Game>(options: &G::Options, deal: u64, plies: usize) -> Option<G> {
    let mut state: G = start(options, deal);
    let mut rng = FastRng::new(deal);
    let mut played = 0;
    loop {
        match state.turn() {
            Turn::Over => return None,
            Turn::Chance => {
                let mv = state.sample_chance(&mut rng);
                state.play(mv).unwrap();
            }
            Turn::Seat(_) if played >= plies => return Some(state),
            Turn::Seat(_) => {
                let mv = state.random_legal_move(&mut rng).unwrap();
                state.play(mv).unwrap();
                played += 1;
            }
        }
    }
}

fn tsuro(players: usize) -> TsuroOptions {
    TsuroOptions {
        players,
        ..TsuroOptions::default()
    }
}

#[test]
fn tsuro_greedy_and_random_move_legally_in_a_thousand_games() {
    check_bots::<Tsuro>(&tsuro(2), &["greedy", "beginner", "random"], 500);
    check_bots::<Tsuro>(&tsuro(5), &["greedy", "beginner", "random"], 500);
}

#[test]
fn tsuro_search_moves_legally() {
    check_bots::<Tsuro>(
        &tsuro(3),
        &[
            "ismcts:30",
            "ismcts:30:maxn",
            "ismcts:30:playout=1",
            "ismcts:30:playout=2",
        ],
        10,
    );
}

#[test]
fn tyranny_greedy_and_random_move_legally_in_hundreds_of_games() {
    for players in [2, 3, 4] {
        check_bots::<Tyranny>(
            &TyrannyOptions { players },
            &["greedy", "beginner", "random"],
            100,
        );
    }
}

#[test]
fn tyranny_search_moves_legally() {
    check_bots::<Tyranny>(
        &TyrannyOptions { players: 2 },
        &["ismcts:20", "ismcts:20:playout=1"],
        3,
    );
}

#[test]
fn tsuro_search_plays_the_same_whatever_it_cannot_see() {
    bots_are_blind_to_hidden_state(
        position::<Tsuro>(&tsuro(3), 4, 2),
        &["ismcts:300", "ismcts:300:t=2", "greedy", "beginner"],
    );
}

#[test]
fn tyranny_search_plays_the_same_whatever_it_cannot_see() {
    // Far enough in that hands hold cards.
    let state = (0..40)
        .map(|deal| position::<Tyranny>(&TyrannyOptions { players: 2 }, deal, 30))
        .find(|s| {
            let view = s.view(Viewer::Seat(s.turn().seat().unwrap()));
            let seat = s.turn().seat().unwrap();
            (0..6).any(|k| Tyranny::determinize(&view, seat, &mut FastRng::new(k)) != *s)
        })
        .expect("some deal has hidden cards after 30 plies");
    bots_are_blind_to_hidden_state(
        state,
        &["ismcts:300", "ismcts:300:t=2", "greedy", "beginner"],
    );
}

#[test]
fn the_tsuro_beginner_survives_on_the_longest_run() {
    let mut checked = 0;
    for deal in 0..40 {
        let Some(state) = try_position::<Tsuro>(&tsuro(2), deal, 4) else {
            continue;
        };
        let seat = state.turn().seat().unwrap();
        let previews = state.previews();
        let safe: Vec<_> = previews
            .iter()
            .filter(|p| p.allowed && p.mover_survives())
            .collect();
        let Some(longest) = safe.iter().map(|p| p.mover_fate().tiles).max() else {
            continue;
        };
        let view = state.view(Viewer::Seat(seat));
        let TsuroMove::Play(tile) = agora_ai::tsuro_beginner(&view, seat, &mut FastRng::new(deal))
        else {
            panic!("deal {deal}: a play was due");
        };
        let chosen = state.preview(tile).unwrap();
        assert!(chosen.mover_survives(), "deal {deal}");
        assert_eq!(chosen.mover_fate().tiles, longest, "deal {deal}");
        checked += 1;
    }
    assert!(checked > 30);
}

#[test]
fn the_tyranny_beginner_leaves_cards_and_challenges_alone() {
    let mut seen = [0; 2];
    for deal in 0..300 {
        let mut state: Tyranny = start(&TyrannyOptions { players: 2 }, deal);
        let mut rng = FastRng::new(deal);
        for _ in 0..400 {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(&mut rng);
                    state.play(mv).unwrap();
                }
                Turn::Seat(seat) => {
                    let view = state.view(Viewer::Seat(seat));
                    let mv = Tyranny::beginner_move(&view, seat, &mut rng).unwrap();
                    match state.table().phase() {
                        Phase::MayDraw { .. } => {
                            assert_eq!(mv, Move::Decline, "deal {deal}");
                            seen[0] += 1;
                        }
                        Phase::Challenge { piece, .. } => {
                            assert_eq!(mv, Move::Spare(piece), "deal {deal}");
                            seen[1] += 1;
                        }
                        _ => assert!(!matches!(mv, Move::Play(_)), "deal {deal}: {mv:?}"),
                    }
                    state.play(mv).unwrap();
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
