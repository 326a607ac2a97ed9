//! The match alone: no store, no channels, no sockets. Time is whatever the test says.

use agora_engine::{Seat, Viewer};
use agora_games::{AnyGame, GameKind};
use agora_store::{
    AccountId, GameRow, SeatKind, SeatRow, StoredGame, Table, TableId, TableStatus, TimeControl,
};
use serde_json::json;

use super::{Action, Match, Pending, Refusal, RematchStep};
use crate::ApiError;

const T0: i64 = 1_000_000;

/// A match of `kind` that starts at `T0`, one person per seat (accounts 1, 2, …) unless
/// `ai` names a seat the server plays.
fn start(kind: GameKind, seats: usize, time_control: TimeControl, ai: Option<u8>) -> Match {
    let options = match kind {
        GameKind::Tyrus => json!({}),
        _ => json!({ "players": seats }),
    };
    let (_, setup) = AnyGame::deal(kind, &options, 7).unwrap();
    let clock = time_control.initial_clock_ms();
    let table = Table {
        id: TableId(1),
        game: kind.name().into(),
        options,
        time_control,
        public: true,
        created_by: AccountId(1),
        status: TableStatus::Playing,
        created_at: T0,
        expired_at: None,
        seats: (0..seats as u8)
            .map(|seat| {
                let server = ai == Some(seat);
                SeatRow {
                    seat,
                    kind: if server { SeatKind::Ai } else { SeatKind::Open },
                    account: (!server).then_some(AccountId(i64::from(seat) + 1)),
                    name: Some(format!("P{seat}")),
                    ai_level: server.then(|| "easy".into()),
                    invite_hash: None,
                    clock_ms: clock,
                    substituted: false,
                }
            })
            .collect(),
    };
    let game = GameRow {
        id: TableId(1),
        seed: 7,
        setup,
        version: 0,
        outcome: None,
        turn_started_at: T0,
        started_at: T0,
        finished_at: None,
        rematch: None,
    };
    let (found, recent) = Match::load(StoredGame {
        table,
        game,
        events: Vec::new(),
    })
    .unwrap();
    assert!(recent.is_empty());
    found
}

/// Stores `pending` as the actor would once the store took it.
fn store(game: &mut Match, mut pending: Pending) -> u64 {
    let append = game.number(&mut pending);
    assert_eq!(append.after_version, game.version);
    game.applied(&pending);
    game.version
}

fn refused(result: Result<Pending, Refusal>) -> ApiError {
    match result {
        Err(Refusal::Refused(e)) => e,
        Ok(_) => panic!("accepted"),
        Err(Refusal::Broken) => panic!("broken"),
    }
}

fn to_move(game: &Match) -> Seat {
    game.game.turn().seat().expect("a seat to move")
}

fn first_move(game: &Match) -> String {
    game.game.legal_moves().into_iter().next().unwrap()
}

#[test]
fn a_whole_game_is_played_by_actions_and_each_change_is_numbered_after_the_last() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), None);
    let mut now = T0;
    while game.status == TableStatus::Playing {
        now += 1_000;
        let seat = to_move(&game);
        let before = game.version;
        let pending = game
            .act(seat, Action::Play(first_move(&game)), now)
            .unwrap();
        let count = pending.steps.len() as u64;
        assert_eq!(store(&mut game, pending), before + count);
    }
    assert_eq!(game.status, TableStatus::Finished);
    let over = game.state_json(Viewer::Spectator, now);
    assert_eq!(
        over["record"]["moves"].as_array().unwrap().len() as u64,
        game.version,
        "every event of a Tyrus game is a move"
    );
    assert_eq!(
        refused(game.act(Seat(0), Action::Resign, now)),
        ApiError::GameOver
    );
}

#[test]
fn moves_out_of_turn_stale_versions_and_aborts_after_moving_are_refused_and_change_nothing() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), None);
    let seat = to_move(&game);
    let other = Seat(1 - seat.0);
    assert_eq!(
        refused(game.act(other, Action::Play(first_move(&game)), T0)),
        ApiError::NotYourTurn
    );
    assert_eq!(
        game.check_current(Some(3)),
        Err(ApiError::StaleVersion { current: 0 })
    );
    let pending = game.act(seat, Action::Play(first_move(&game)), T0).unwrap();
    store(&mut game, pending);
    assert!(matches!(
        refused(game.act(seat, Action::Abort, T0)),
        ApiError::WrongState(_)
    ));
    // The other seat has not moved yet: it may still call the game off.
    let pending = game.act(other, Action::Abort, T0).unwrap();
    store(&mut game, pending);
    assert_eq!(game.status, TableStatus::Aborted);
}

#[test]
fn a_draw_takes_every_seat_and_a_decline_clears_the_offers() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), None);
    let pending = game.act(Seat(0), Action::OfferDraw, T0).unwrap();
    store(&mut game, pending);
    assert!(matches!(
        refused(game.act(Seat(0), Action::OfferDraw, T0)),
        ApiError::WrongState(_)
    ));
    let pending = game.act(Seat(1), Action::DeclineDraw, T0).unwrap();
    store(&mut game, pending);
    assert!(matches!(
        refused(game.act(Seat(1), Action::DeclineDraw, T0)),
        ApiError::WrongState(_)
    ));
    for seat in [Seat(1), Seat(0)] {
        let pending = game.act(seat, Action::OfferDraw, T0).unwrap();
        store(&mut game, pending);
    }
    assert_eq!(game.status, TableStatus::Finished);
    assert_eq!(
        game.state_json(Viewer::Spectator, T0)["outcome"]["reason"],
        "agreement"
    );
}

#[test]
fn draws_are_refused_at_a_table_with_a_computer() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), Some(1));
    assert!(matches!(
        refused(game.act(Seat(0), Action::OfferDraw, T0)),
        ApiError::WrongState(_)
    ));
}

#[test]
fn a_live_clock_runs_out_and_the_other_seat_wins_on_time() {
    let live = TimeControl::Live {
        initial_s: 60,
        increment_s: 2,
    };
    let mut game = start(GameKind::Tyrus, 2, live, None);
    let seat = to_move(&game);
    // 10 s used, 2 s added back.
    let pending = game
        .act(seat, Action::Play(first_move(&game)), T0 + 10_000)
        .unwrap();
    store(&mut game, pending);
    let clocks = &game.state_json(Viewer::Spectator, T0 + 10_000)["clocks"];
    assert_eq!(clocks[seat.index()], 52_000);
    let waiting = to_move(&game);
    let deadline = game.deadline().unwrap();
    assert_eq!(deadline, T0 + 10_000 + 60_000);
    assert!(game.time_out(deadline - 1).is_none(), "not yet");
    let pending = game.time_out(deadline).unwrap();
    store(&mut game, pending);
    let state = game.state_json(Viewer::Spectator, deadline);
    assert_eq!(state["outcome"]["reason"], "timeout");
    assert_eq!(state["outcome"]["winners"], json!([1 - waiting.0]));
    assert_eq!(state["clocks"][waiting.index()], 0);
}

#[test]
fn at_three_seats_a_seat_that_resigns_is_played_by_the_server_and_may_not_act() {
    let mut game = start(GameKind::Tyranny, 3, TimeControl::default(), None);
    let pending = game.act(Seat(2), Action::Resign, T0).unwrap();
    assert_eq!(pending.substituted, [2]);
    store(&mut game, pending);
    assert_eq!(game.status, TableStatus::Playing);
    assert_eq!(
        refused(game.act(Seat(2), Action::OfferDraw, T0)),
        ApiError::Forbidden("the server plays this seat now")
    );
    assert!(game.seats[2].is_ai());
}

#[test]
fn the_server_moves_for_its_seats_only_at_the_version_it_was_asked_at() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), Some(0));
    if to_move(&game) != Seat(0) {
        let pending = game
            .act(Seat(1), Action::Play(first_move(&game)), T0)
            .unwrap();
        store(&mut game, pending);
    }
    assert_eq!(game.ai_to_move().map(|(seat, _)| seat), Some(Seat(0)));
    let version = game.version;
    assert!(
        game.ai_moved(version + 1, None, T0).is_none(),
        "an old answer"
    );
    // A bot that failed gives way to the first legal move.
    let pending = game.ai_moved(version, None, T0).unwrap().unwrap();
    store(&mut game, pending);
    assert_eq!(game.version, version + 1);
    assert_ne!(game.ai_to_move().map(|(seat, _)| seat), Some(Seat(0)));
}

#[test]
fn a_rematch_waits_for_every_person_then_moves_each_one_seat_on() {
    let mut game = start(GameKind::Tyrus, 2, TimeControl::default(), None);
    assert!(matches!(
        game.ask_rematch(Seat(0), T0),
        Err(ApiError::WrongState(_))
    ));
    let pending = game.act(Seat(0), Action::Resign, T0).unwrap();
    store(&mut game, pending);
    let (step, tell) = game.ask_rematch(Seat(0), T0).unwrap();
    assert!(matches!(step, RematchStep::Offered) && tell);
    assert!(game.rematch.waits(T0 + 1));
    let (step, _) = game.ask_rematch(Seat(1), T0).unwrap();
    let RematchStep::Create(plan) = step else {
        panic!("the last to ask creates it");
    };
    assert_eq!(plan.names, [Some("P1".to_string()), Some("P0".to_string())]);
    game.rematch_created(Some(TableId(2)));
    assert!(matches!(
        game.ask_rematch(Seat(0), T0).unwrap().0,
        RematchStep::Started(TableId(2))
    ));
    assert!(!game.rematch.waits(T0));
}

#[test]
fn after_a_restart_the_turn_resumes_with_the_time_used_while_the_server_was_up() {
    let live = TimeControl::Live {
        initial_s: 60,
        increment_s: 0,
    };
    let mut game = start(GameKind::Tyrus, 2, live, None);
    // 5 s into the turn the server went down; it is back 100 s later.
    let resumed = game.resume(T0 + 5_000, T0 + 105_000).unwrap();
    assert_eq!(resumed, T0 + 100_000);
    assert_eq!(game.deadline(), Some(T0 + 160_000));
}

/// A node showing a game another node runs follows its log: a copy that followed the news
/// after each change (or after several at once) shows every viewer what the owner's match
/// shows, and tells the same events.
#[test]
fn a_copy_that_follows_the_log_shows_what_the_owner_shows() {
    use agora_store::GameNews;
    let live = TimeControl::Live {
        initial_s: 300,
        increment_s: 2,
    };
    for batch in [1, 3] {
        let mut owner = start(GameKind::Tsuro, 3, live, None);
        let mut copy = start(GameKind::Tsuro, 3, live, None);
        let mut log = Vec::new();
        let mut now = T0;
        let mut told = 0;
        while owner.status == TableStatus::Playing {
            now += 700;
            let seat = to_move(&owner);
            // A draw offer on the way: the copy shows it too.
            let action = if log.len() == 4 {
                Action::OfferDraw
            } else {
                Action::Play(first_move(&owner))
            };
            let mut pending = owner.act(seat, action, now).unwrap();
            let append = owner.number(&mut pending);
            owner.applied(&pending);
            log.extend(append.events);
            if log.len() % batch != 0 && owner.status == TableStatus::Playing {
                continue;
            }
            let news = GameNews {
                status: owner.status,
                version: owner.version,
                outcome: owner.outcome.clone(),
                turn_started_at: owner.turn_started_at,
                rematch: None,
                substituted: vec![],
                events: log
                    .iter()
                    .filter(|e| e.version > copy.version)
                    .cloned()
                    .collect(),
            };
            let steps = copy.follow(news).unwrap();
            told += steps.len();
            assert_eq!(copy.version, owner.version);
            for viewer in [
                Viewer::Seat(Seat(0)),
                Viewer::Seat(Seat(1)),
                Viewer::Seat(Seat(2)),
                Viewer::Spectator,
            ] {
                assert_eq!(
                    copy.state_json(viewer, now),
                    owner.state_json(viewer, now),
                    "batch {batch}, version {}",
                    owner.version
                );
            }
        }
        assert_eq!(told as u64, owner.version);
        // Nothing new: nothing told, nothing changed.
        let news = GameNews {
            status: owner.status,
            version: owner.version,
            outcome: owner.outcome.clone(),
            turn_started_at: owner.turn_started_at,
            rematch: None,
            substituted: vec![],
            events: vec![],
        };
        assert!(copy.follow(news).unwrap().is_empty());
    }
}
