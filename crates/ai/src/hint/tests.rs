use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_tsuro::{Fate, Tsuro, TsuroMove, TsuroOptions};
use agora_tyrus::{Placement, Side, Tyrus};

use super::*;

/// Tsuro positions at a seat's turn to lay a tile, from random two-seat games of many deals.
fn tsuro_play_positions() -> impl Iterator<Item = Tsuro> {
    (0..400u64).flat_map(|deal| {
        let options = TsuroOptions::default();
        let mut state = Tsuro::from_setup(&Tsuro::setup_from_seed(&options, deal)).unwrap();
        let mut rng = FastRng::new(deal);
        let mut positions = Vec::new();
        loop {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(&mut rng);
                    state.play(mv).unwrap();
                }
                Turn::Seat(_) => {
                    if state.phase() == agora_tsuro::Phase::Play {
                        positions.push(state.clone());
                    }
                    let mv = state.random_legal_move(&mut rng).unwrap();
                    state.play(mv).unwrap();
                }
            }
        }
        positions
    })
}

fn seat_view<G: Game>(state: &G) -> (G::View, Seat) {
    let Turn::Seat(seat) = state.turn() else {
        panic!("a seat to move")
    };
    (state.view(Viewer::Seat(seat)), seat)
}

#[test]
fn tsuro_with_one_surviving_play_hints_it_and_says_every_other_loses() {
    let state = tsuro_play_positions()
        .find(|s| {
            let previews = s.previews();
            previews.len() > 1 && previews.iter().filter(|p| p.mover_survives()).count() == 1
        })
        .expect("random games reach a turn with one safe play");
    let (view, seat) = seat_view(&state);
    let hint = hint::<Tsuro>(&view, seat, Level::Medium, 1).unwrap();
    let TsuroFacts::Play(play) = &hint.best.facts else {
        panic!("a play: {hint:?}")
    };
    let safe = state
        .previews()
        .into_iter()
        .find(|p| p.mover_survives())
        .unwrap();
    assert_eq!(hint.best.mv, TsuroMove::Play(safe.tile), "{hint:?}");
    assert_eq!((play.surviving_plays, play.plays > 1), (1, true));
    let Fate::Stops(at) = safe.mover_fate().fate else {
        unreachable!()
    };
    assert_eq!(play.ends_at, Some(at));
    assert_eq!(play.square, safe.square);
    let hand = view.hands[seat.index()].as_ref().unwrap();
    assert_eq!(hand[play.hand_index], safe.tile.tile());
    assert_eq!(
        safe.tile
            .tile()
            .first_orientation()
            .turned(play.quarter_turns),
        safe.tile
    );
    assert_ne!(hint.verdict, Verdict::EveryPlayLoses);
    for other in &hint.runners_up {
        let TsuroFacts::Play(other) = &other.facts else {
            panic!()
        };
        assert_eq!(other.ends_at, None, "every other play puts the marker out");
    }
}

#[test]
fn tsuro_where_every_play_loses_says_so() {
    let state = tsuro_play_positions()
        .find(|s| !s.previews().is_empty() && s.previews().iter().all(|p| !p.mover_survives()))
        .expect("random games reach a turn where every play loses");
    let (view, seat) = seat_view(&state);
    let hint = hint::<Tsuro>(&view, seat, Level::Medium, 1).unwrap();
    assert_eq!(hint.verdict, Verdict::EveryPlayLoses, "{hint:?}");
    let TsuroFacts::Play(play) = &hint.best.facts else {
        panic!()
    };
    assert_eq!((play.ends_at, play.surviving_plays), (None, 0));
}

#[test]
fn tsuro_facts_name_the_seats_a_play_sends_off() {
    let (state, tile, victims) = tsuro_play_positions()
        .find_map(|s| {
            let p = s
                .previews()
                .into_iter()
                .find(|p| p.mover_survives() && !p.eliminated().is_empty())?;
            let victims: Vec<Seat> = p.eliminated().iter().collect();
            Some((s, p.tile, victims))
        })
        .expect("random games reach a play that puts the other marker out");
    let (view, seat) = seat_view(&state);
    let TsuroFacts::Play(play) = Tsuro::facts(&view, seat, TsuroMove::Play(tile)) else {
        panic!()
    };
    assert_eq!(play.sends_off, victims);
    assert!(play.ends_at.is_some());
}

#[test]
fn a_hint_waits_for_the_seats_turn() {
    let state = tsuro_play_positions().next().unwrap();
    let (view, seat) = seat_view(&state);
    let other = Seat(1 - seat.0);
    let view_of_other = state.view(Viewer::Seat(other));
    assert!(hint::<Tsuro>(&view_of_other, other, Level::Medium, 1).is_err());
    assert!(hint::<Tsuro>(&view, seat, Level::Medium, 1).is_ok());
}

#[test]
fn tyrus_votes_add_up_in_the_building_being_counted() {
    let mut state = Tyrus::from_setup(&Tyrus::setup_from_seed(&Default::default(), 7)).unwrap();
    let (view, seat) = seat_view(&state);
    let office = view.office().unwrap();
    let mut voters = view
        .hand
        .unwrap()
        .iter()
        .filter(|t| t.profession() == office.profession());
    let first = voters.next().expect("deal 7 gives a voter");
    let vote = Placement {
        tile: first,
        side: Side::Own,
        building: office.building(),
    };
    let facts = Tyrus::facts(&view, seat, vote);
    assert_eq!(facts.role, TyrusRole::Vote);
    assert_eq!(facts.total, (0, first.value()));
    assert_eq!(facts.office, Some(office));
    assert!(!facts.kept_back.contains(&first));
    assert!(facts.kept_back.iter().all(|t| t.value() >= 8));

    // The same seat's next vote adds to the first.
    state.play(vote).unwrap();
    let mut rng = FastRng::new(3);
    while state.turn() != Turn::Seat(seat) {
        let mv = state.random_legal_move(&mut rng).unwrap();
        state.play(mv).unwrap();
    }
    let view = state.view(Viewer::Seat(seat));
    if let Some(second) = view
        .hand
        .unwrap()
        .iter()
        .find(|t| t.profession() == office.profession())
    {
        let vote = Placement {
            tile: second,
            side: Side::Own,
            building: office.building(),
        };
        let facts = Tyrus::facts(&view, seat, vote);
        assert_eq!(facts.total, (first.value(), first.value() + second.value()));
    }

    // A blocker in the opponent's building of the kind counted blocks; elsewhere it waits.
    let blocker = view
        .hand
        .unwrap()
        .iter()
        .find(|t| t.profession() == office.profession().blocked_by());
    if let Some(blocker) = blocker {
        let block = Placement {
            tile: blocker,
            side: Side::Opp,
            building: office.building(),
        };
        assert_eq!(Tyrus::facts(&view, seat, block).role, TyrusRole::Block);
        let elsewhere = agora_tyrus::BuildingKind::ALL
            .into_iter()
            .find(|&b| b != office.building())
            .unwrap();
        let later = Placement {
            tile: blocker,
            side: Side::Opp,
            building: elsewhere,
        };
        assert_eq!(Tyrus::facts(&view, seat, later).role, TyrusRole::Later);
    }
}

#[test]
fn tyrus_hint_explains_its_best_move() {
    let state = Tyrus::from_setup(&Tyrus::setup_from_seed(&Default::default(), 7)).unwrap();
    let (view, seat) = seat_view(&state);
    let hint = hint::<Tyrus>(&view, seat, Level::Medium, 1).unwrap();
    assert_eq!(hint.best.facts, Tyrus::facts(&view, seat, hint.best.mv));
    assert!(hint.runners_up.len() <= RUNNERS_UP);
    assert!(hint.moves > 1);
}

#[test]
fn verdicts() {
    assert_eq!(classify(1, &[], false), Verdict::OnlyMove);
    assert_eq!(classify(3, &[0.6, 0.4, 0.2], false), Verdict::Clear);
    assert_eq!(
        classify(3, &[0.5, 0.49, 0.48], false),
        Verdict::HardlyMatters
    );
    // A move the search never tried leaves the choice open.
    assert_eq!(classify(3, &[0.5, 0.49], false), Verdict::Clear);
    assert_eq!(
        classify(3, &[0.0, 0.0, 0.0], false),
        Verdict::EveryPlayLoses
    );
    // The rules' word goes first: Tsuro knows when no play keeps the marker on the board.
    assert_eq!(classify(3, &[0.5, 0.2, 0.0], true), Verdict::EveryPlayLoses);
    assert_eq!(classify(1, &[], true), Verdict::EveryPlayLoses);
}

#[test]
fn tsuro_runners_up_name_each_tile_once() {
    // Position 0 of these once gave "tile 2 (as it shows) and tile 2 (turned right once)".
    for state in tsuro_play_positions()
        .filter(|s| s.previews().len() > 4)
        .step_by(97)
        .take(12)
    {
        let (view, seat) = seat_view(&state);
        let hint = hint::<Tsuro>(&view, seat, Level::Easy, 3).unwrap();
        let tiles: Vec<usize> = hint
            .runners_up
            .iter()
            .map(|s| match &s.facts {
                TsuroFacts::Play(play) => play.hand_index,
                other => panic!("a play: {other:?}"),
            })
            .collect();
        if let [first, second] = tiles[..] {
            assert_ne!(first, second, "the same tile twice: {hint:?}");
        }
    }
}

mod tyranny;
