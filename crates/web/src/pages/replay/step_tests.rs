//! One step's view rendered for each view of each game: what is hidden and what is shown.

use agora_engine::{Game, GameRecord, GameRng, Seat, SeedRng, Turn, Viewer};
use agora_games::{AnyGame, GameKind};
use agora_present::{Lang, Reader, Who};
use agora_store::{Event, EventKind, TimeControl};
use askama::Template;

use super::*;
use crate::i18n::Tr;
use crate::play::steps::Stepper;

/// A game of `name` played to its end by seeded random moves, as a log.
fn finished_log(name: &str, seed: u64) -> (AnyGame, Vec<Event>) {
    let record = GameRecord {
        game: name.into(),
        seed: Some(seed),
        ..Default::default()
    };
    let opening = AnyGame::start(&record).unwrap();
    let mut game = opening.clone();
    let mut rng = SeedRng::new(seed);
    let mut events = Vec::new();
    loop {
        let (kind, seat, notation) = match game.turn() {
            Turn::Chance => (EventKind::Chance, None, game.sample_chance(&mut rng)),
            Turn::Seat(seat) => {
                let legal = game.legal_moves();
                let pick = legal[rng.below(legal.len() as u32) as usize].clone();
                (EventKind::Move, Some(seat.0), pick)
            }
            Turn::Over => break,
        };
        game.play(&notation).unwrap();
        events.push(Event {
            version: events.len() as u64 + 1,
            kind,
            seat,
            notation: Some(notation),
            at: 0,
            clock_ms: None,
        });
    }
    (opening, events)
}

/// The players' names: Ada, Bo, then Seat 3 and on.
fn names(seats: usize) -> Vec<String> {
    (0..seats)
        .map(|i| match i {
            0 => "Ada".to_string(),
            1 => "Bo".to_string(),
            _ => format!("Seat {}", i + 1),
        })
        .collect()
}

/// The view of `step` of the game as `view_as` sees it, rendered.
fn rendered(
    kind: GameKind,
    (opening, events): &(AnyGame, Vec<Event>),
    step: u64,
    view_as: ViewAs,
) -> (ReplayView, String) {
    let tr = Tr(Lang::En);
    let names = names(opening.seats());
    let seats = names.iter().map(|n| Who::Person(n.clone())).collect();
    let reader = Reader::new(Lang::En, view_as.viewer(), seats);
    let stepper = Stepper::new(reader, opening.clone(), events.clone()).unwrap();
    let last = stepper.steps();
    let view = step_view(
        StepInput {
            tr,
            kind,
            step,
            last,
            view_as,
            names,
            outcome: None,
            over: true,
            time_control: TimeControl::default(),
            linked: Linked::Record,
        },
        &stepper,
    )
    .unwrap();
    let html = respond::ViewFragment { r: &view }.render().unwrap();
    (view, html)
}

const FACE_DOWN: &str = r#"class="tile back"#;

#[test]
fn everything_revealed_draws_every_tyrus_tile_face_up() {
    let log = finished_log("tyrus", 5);
    let last = log.1.len() as u64;
    // A step where a spectator sees face-down tiles of both seats.
    let step = (1..=last)
        .find(|&s| {
            let html = rendered(GameKind::Tyrus, &log, s, ViewAs::Spectator).1;
            html.contains(r#"data-seat="0""#) && html.contains(r#"data-seat="1""#)
        })
        .expect("a step with face-down tiles");
    let (_, spectator) = rendered(GameKind::Tyrus, &log, step, ViewAs::Spectator);
    let (view, all) = rendered(GameKind::Tyrus, &log, step, ViewAs::All);
    assert!(!all.contains(FACE_DOWN), "step {step}: {all}");
    let tiles = |html: &str| html.matches(r#"<span class="tile "#).count();
    assert_eq!(tiles(&all), tiles(&spectator), "every tile, each face up");
    assert_eq!(view.hands.len(), 2);
    assert_eq!(view.hands_title, "Every hand at this step");
    // A seat still sees only its own tiles face up.
    let (seat_view, seat) = rendered(GameKind::Tyrus, &log, step, ViewAs::Seat(Seat(0)));
    assert!(seat.contains(r#"data-seat="1""#));
    assert!(!seat.contains(r#"data-seat="0""#));
    assert!(seat_view.hands.is_empty(), "its hand is on its table");
}

#[test]
fn a_tsuro_seat_sees_its_own_hand_and_everything_revealed_every_hand() {
    let log = finished_log("tsuro", 9);
    for step in [0, 1, log.1.len() as u64 / 2] {
        let (view, html) = rendered(GameKind::Tsuro, &log, step, ViewAs::Seat(Seat(1)));
        assert_eq!(view.hands.len(), 1, "step {step}");
        let hand = &view.hands[0];
        assert_eq!(hand.seat, "Bo");
        assert_eq!(view.hands_title, "Bo's hand at this step");
        assert!(!hand.cards.is_empty(), "step {step}: a hand of tiles");
        assert_eq!(hand.drawings.len(), hand.cards.len());
        assert!(html.contains("s hand at this step"));
        assert!(html.contains("ts-hand-tile"));
        // Bo's hand is Bo's: the tiles Bo holds in the engine.
        let narrated = Stepper::new(
            Reader::new(Lang::En, Viewer::Seat(Seat(1)), Vec::new()),
            log.0.clone(),
            log.1.clone(),
        )
        .unwrap()
        .at(step)
        .unwrap();
        let AnyGame::Tsuro(state) = &narrated.game else {
            unreachable!()
        };
        let held = state.view(Viewer::Seat(Seat(1))).hands[1].clone().unwrap();
        assert_eq!(hand.cards.len(), held.len());

        let (spectator, _) = rendered(GameKind::Tsuro, &log, step, ViewAs::Spectator);
        assert!(spectator.hands.is_empty(), "a spectator sees no hand");
        let (all, _) = rendered(GameKind::Tsuro, &log, step, ViewAs::All);
        assert_eq!(all.hands.len(), 2);
        assert!(all.hands.iter().all(|h| !h.cards.is_empty()));
    }
}

#[test]
fn tyranny_shows_a_seats_hand_on_its_table_and_every_hand_revealed() {
    let log = finished_log("tyranny", 3);
    let step = log.1.len() as u64 / 2;
    let (seat, html) = rendered(GameKind::Tyranny, &log, step, ViewAs::Seat(Seat(0)));
    assert!(seat.hands.is_empty());
    assert!(html.contains("ty-hand"), "the seat's own hand on its table");
    let (spectator, html) = rendered(GameKind::Tyranny, &log, step, ViewAs::Spectator);
    assert!(spectator.hands.is_empty());
    assert!(!html.contains("ty-hand"));
    let (all, _) = rendered(GameKind::Tyranny, &log, step, ViewAs::All);
    assert_eq!(all.hands.len(), log.0.seats());
}

#[test]
fn the_turning_points_are_tagged_in_the_history_in_words() {
    let log = finished_log("tsuro", 9);
    let (mut view, _) = rendered(GameKind::Tsuro, &log, 2, ViewAs::Spectator);
    // Decided at versions 1 and 4: the moves of steps 2 and 5.
    navigation::mark_turning(Tr(Lang::En), &mut view.history, &[1, 4]);
    let tagged: Vec<_> = (view.history.iter())
        .filter_map(|l| Some((l.control.step?, l.turning.clone()?)))
        .collect();
    assert_eq!(
        tagged,
        [
            (2, "turning point 1".to_string()),
            (5, "turning point 2".to_string())
        ]
    );
    let html = respond::ViewFragment { r: &view }.render().unwrap();
    let line = html
        .split("<li")
        .find(|li| li.contains(r#"id="step-5""#))
        .unwrap();
    assert!(
        line.starts_with(r#" class="turning">"#)
            && line.contains(r#"<span class="tag turning-tag">turning point 2</span>"#),
        "{line}"
    );
}
