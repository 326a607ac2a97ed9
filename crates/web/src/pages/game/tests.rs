//! The kept replay renders what a fresh replay renders: seeded games of every game (Tyranny's
//! with cards stolen), their events read in batches as requests would read them, and at
//! every version each seat's and a spectator's fragments in every language compared with
//! those of the game replayed from its start.

use std::sync::Arc;

use agora_engine::RngCore;
use agora_engine::{SeedRng, Turn, Viewer};
use agora_games::{AnyGame, GameKind};
use agora_present::{Lang, Reader};
use agora_server::{OverState, SeatSnapshot, Snapshot, TimeControl};
use agora_store::{AccountId, Event, EventKind, SeatKind, SeatRow, Table, TableId, TableStatus};
use askama::Template;
use serde_json::json;

use super::game_view_since;
use super::parts::{EntriesFragment, render_fragments};
use crate::ctx::Ctx;
use crate::play::kept::KeptGame;
use crate::play::{Narrated, Played, seats_of};

/// A game of `kind` for `seats` dealt from `seed` (or set up as `setup` says) and played to
/// its end (or `limit` events), with a draw offered and declined now and then: where it
/// began and its log.
fn played(
    kind: GameKind,
    seats: usize,
    seed: u64,
    limit: u64,
    setup: Option<serde_json::Value>,
) -> (Table, AnyGame, Vec<Event>) {
    let options = match kind {
        GameKind::Tyrus => json!({}),
        _ => json!({ "players": seats }),
    };
    let opening = match setup {
        Some(setup) => AnyGame::start(&agora_engine::GameRecord {
            game: kind.name().into(),
            seed: None,
            options: Some(options.clone()),
            setup: Some(setup),
            moves: Vec::new(),
            ..Default::default()
        })
        .unwrap(),
        None => AnyGame::deal(kind, &options, seed).unwrap().0,
    };
    let mut rng = SeedRng::new(seed);
    let mut game = opening.clone();
    let mut events = Vec::new();
    let mut log = |kind, seat: Option<u8>, notation: Option<String>| {
        events.push(Event {
            version: events.len() as u64 + 1,
            kind,
            seat,
            notation,
            at: 0,
            clock_ms: None,
        });
    };
    let mut count = 0;
    while game.outcome().is_none() && count < limit {
        count += 1;
        match game.turn() {
            Turn::Chance => {
                let roll = game.sample_chance(&mut rng);
                game.play(&roll).unwrap();
                log(EventKind::Chance, None, Some(roll));
            }
            Turn::Seat(seat) => {
                if count % 11 == 0 {
                    log(EventKind::DrawOffer, Some(seat.0), None);
                    log(
                        EventKind::DrawDecline,
                        Some((seat.0 + 1) % seats as u8),
                        None,
                    );
                }
                // Cards are played whenever they may be, so that some are stolen.
                let mut legal = game.legal_moves();
                if legal.iter().any(|m| m.starts_with("play ")) {
                    legal.retain(|m| m.starts_with("play "));
                }
                let choice = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
                game.play(&choice).unwrap();
                log(EventKind::Move, Some(seat.0), Some(choice));
            }
            Turn::Over => break,
        }
    }
    let table = Table {
        id: TableId(1),
        game: kind.name().into(),
        options,
        time_control: TimeControl::default(),
        public: true,
        created_by: AccountId(1),
        status: TableStatus::Playing,
        created_at: 0,
        expired_at: None,
        rated: false,
        seats: (0..seats as u8)
            .map(|seat| SeatRow {
                seat,
                kind: SeatKind::Open,
                account: Some(AccountId(i64::from(seat) + 1)),
                name: Some(format!("P{seat}")),
                ai_level: None,
                invite_hash: None,
                clock_ms: None,
                substituted: false,
            })
            .collect(),
    };
    (table, opening, events)
}

/// What the actor would say of `game` (at `version`) to `viewer`.
fn snapshot(table: &Table, game: &AnyGame, version: u64, viewer: Viewer) -> Snapshot {
    let outcome = game.outcome();
    let to_move = outcome.is_none()
        && matches!((game.turn(), viewer), (Turn::Seat(s), Viewer::Seat(v)) if s == v);
    Snapshot {
        id: table.id,
        version,
        game: game.kind().name(),
        status: if outcome.is_some() {
            TableStatus::Finished
        } else {
            TableStatus::Playing
        },
        turn: game.turn(),
        seats: table
            .seats
            .iter()
            .map(|s| SeatSnapshot {
                name: s.name.clone(),
                account: s.account,
                ai_level: None,
                plays: None,
                substituted: false,
            })
            .collect(),
        time_control: table.time_control,
        clocks: None,
        deadline: None,
        draw_offers: Vec::new(),
        commitment: None,
        outcome,
        view: None,
        legal_moves: to_move.then(|| game.legal_moves()),
        over: OverState::default(),
        viewer: None,
        computer: None,
    }
}

/// Every fragment a page of `narrated` shows, and its whole history.
fn rendered(table: &Table, narrated: Arc<Narrated>, viewer: Viewer) -> Vec<(&'static str, String)> {
    let (view, _) = view_of(table, narrated, viewer);
    let mut parts = render_fragments(&view).unwrap();
    parts.push(("entries", EntriesFragment { g: &view }.render().unwrap()));
    parts
}

#[test]
fn the_kept_replay_renders_every_version_as_a_replay_from_the_start_does() {
    let mut stolen = 0;
    // Tyranny's first seat holds Gains 10 from the start and plays cards when it may.
    let thief = json!({"players": 2, "position": {"hands": [["gains 10"], ["gains 7"]]}});
    for (kind, seats, seed, limit, setup) in [
        (GameKind::Tyrus, 2, 1, 200, None),
        (GameKind::Tsuro, 3, 2, 200, None),
        (GameKind::Tyranny, 2, 3, 200, None),
        (GameKind::Tyranny, 3, 4, 120, None),
        (GameKind::Tyranny, 2, 5, 80, Some(thief)),
    ] {
        let (table, opening, events) = played(kind, seats, seed, limit, setup);
        let viewers: Vec<Viewer> = (0..seats as u8)
            .map(|s| Viewer::Seat(agora_engine::Seat(s)))
            .chain([Viewer::Spectator])
            .collect();
        let mut kept = KeptGame::new(opening.clone(), Vec::new());
        let mut batch = 1;
        let mut version = 0;
        while version < events.len() as u64 {
            // Requests read the log in batches of one, two, three events...
            version = (version + batch).min(events.len() as u64);
            batch = batch % 3 + 1;
            kept.events = events[..version as usize].to_vec();
            for lang in [Lang::En, Lang::De, Lang::Fr] {
                for &viewer in &viewers {
                    let reader = Reader::new(lang, viewer, seats_of(&table));
                    let from_kept = kept.reader_at(reader.clone(), version).unwrap();
                    assert_eq!(from_kept.version, version);
                    let mut fresh = Narrated::new(reader, opening.clone());
                    fresh.advance(&events, version).unwrap();
                    stolen += usize::from(fresh.stolen.is_some());
                    assert_eq!(
                        rendered(&table, from_kept, viewer),
                        rendered(&table, Arc::new(fresh), viewer),
                        "{kind:?} seed {seed} version {version} {lang:?} {viewer:?}"
                    );
                }
            }
        }
        // An older version asked for after a newer one is replayed apart, as it was then.
        let reader = Reader::new(Lang::En, viewers[0], seats_of(&table));
        let older = kept.reader_at(reader.clone(), 1).unwrap();
        assert_eq!(older.version, 1);
        assert_eq!(older.history.len(), 1);
        let newest = kept.reader_at(reader, events.len() as u64).unwrap();
        assert_eq!(newest.history.len(), events.len());
    }
    assert!(stolen > 0, "no Tyranny game stole a card from a reader");
}

#[test]
fn a_renamed_seat_is_named_anew_in_the_whole_history() {
    let (mut table, opening, events) = played(GameKind::Tyrus, 2, 5, 20, None);
    let mut kept = KeptGame::new(opening, events);
    let version = kept.version();
    let viewer = Viewer::Spectator;
    let before = kept
        .reader_at(Reader::new(Lang::En, viewer, seats_of(&table)), version)
        .unwrap();
    assert!(
        before
            .history
            .iter()
            .any(|e| e.lines.join(" ").contains("P0"))
    );
    table.seats[0].name = Some("Ada".into());
    let after = kept
        .reader_at(Reader::new(Lang::En, viewer, seats_of(&table)), version)
        .unwrap();
    assert!(
        after
            .history
            .iter()
            .any(|e| e.lines.join(" ").contains("Ada"))
    );
    assert!(
        !after
            .history
            .iter()
            .any(|e| e.lines.join(" ").contains("P0"))
    );
}

/// A page of `narrated` for `viewer`, and the keys of its fragments.
fn view_of(
    table: &Table,
    narrated: Arc<Narrated>,
    viewer: Viewer,
) -> (super::GameView, Vec<Option<u64>>) {
    let ctx = Ctx::for_tests(narrated.reader.lang);
    let played = Played {
        table: table.clone(),
        viewer,
        snapshot: snapshot(table, &narrated.game, narrated.version, viewer),
        narrated,
    };
    let view = game_view_since(&ctx, &played, None, 0);
    let keys = super::parts::input_keys(&played, &view, 7);
    (view, keys)
}

#[test]
fn a_request_draws_only_what_changed_and_sends_what_a_full_render_would() {
    for (kind, seats, seed) in [
        (GameKind::Tyrus, 2, 11),
        (GameKind::Tsuro, 3, 12),
        (GameKind::Tyranny, 2, 13),
    ] {
        let (table, opening, events) = played(kind, seats, seed, 60, None);
        for viewer in [Viewer::Seat(agora_engine::Seat(1)), Viewer::Spectator] {
            let reader = Reader::new(Lang::En, viewer, seats_of(&table));
            let mut kept = KeptGame::new(opening.clone(), events.clone());
            let (mut full_before, mut sent_before) = (None::<Vec<(&str, String)>>, None);
            let (mut drawn_total, mut parts_total) = (0, 0);
            for version in 1..=events.len() as u64 {
                let narrated = kept.reader_at(reader.clone(), version).unwrap();
                let (view, keys) = view_of(&table, Arc::clone(&narrated), viewer);
                let full = render_fragments(&view).unwrap();
                // What drawing everything and comparing with the last answer sends.
                let expected: Vec<(&str, String)> = match &full_before {
                    None => full.clone(),
                    Some(before) => full
                        .iter()
                        .zip(before)
                        .filter(|(now, was)| now != was || now.0 == super::parts::HINT_AREA)
                        .map(|(now, _)| now.clone())
                        .collect(),
                };
                let mut drawn = 0;
                let (sent, now) = super::parts::changed(
                    view.table.kind(),
                    &keys,
                    sent_before.as_deref(),
                    |i, _| {
                        drawn += 1;
                        Ok(full[i].1.clone())
                    },
                )
                .unwrap();
                assert_eq!(sent, expected, "{kind:?} {viewer:?} version {version}");
                drawn_total += drawn;
                parts_total += full.len();
                // The same version asked for again draws the hint area alone.
                let mut again = 0;
                let (resent, same) =
                    super::parts::changed(view.table.kind(), &keys, Some(&now), |i, _| {
                        again += 1;
                        Ok(full[i].1.clone())
                    })
                    .unwrap();
                assert_eq!(again, 1, "{kind:?} {viewer:?} version {version}");
                assert_eq!(resent.len(), 1);
                assert_eq!(resent[0].0, super::parts::HINT_AREA);
                assert_eq!(same, now);
                // Drawn for real, the same version again builds no table of the game's own:
                // the hint area reads none of it.
                let (fresh, fresh_keys) = view_of(&table, narrated, viewer);
                let (resent, _) =
                    super::parts::render_changed(&fresh, &fresh_keys, Some(&now)).unwrap();
                assert_eq!(resent.len(), 1);
                assert!(
                    !fresh.table.is_built(),
                    "{kind:?} {viewer:?} version {version}"
                );
                full_before = Some(full);
                sent_before = Some(now);
            }
            // Fragments that no move touched (a waiting seat's move suggestions) are not drawn.
            assert!(
                drawn_total < parts_total,
                "{kind:?} {viewer:?}: {drawn_total} of {parts_total} drawn"
            );
        }
    }
}
