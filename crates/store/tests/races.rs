//! What the database keeps however writes interleave: on SQLite, through one store (a server
//! has one writer); on PostgreSQL, through several stores on one database, as several
//! `agora serve` nodes are.

use agora_store::{
    AccountKind, Append, Event, EventKind, NewGame, NewSeat, NewTable, Refusal, SeatKind, Store,
    StoreError, TableId, TableStatus, TimeControl,
};
use serde_json::json;

mod common;
use common::{Engine, Scratch};

on_both_engines!(
    of_many_sits_at_once_only_the_one_that_fills_the_table_starts_it,
    one_account_sitting_at_every_seat_at_once_gets_one,
    of_appends_racing_at_one_version_one_is_logged,
);

/// The stores a test's writers use: one on SQLite, four on PostgreSQL ("nodes").
async fn nodes(scratch: &Scratch, first: Store) -> Vec<Store> {
    let mut stores = vec![first];
    if scratch.engine() == Engine::Postgres {
        for _ in 0..3 {
            stores.push(scratch.open().await);
        }
    }
    stores
}

fn open_seat() -> NewSeat {
    NewSeat {
        kind: SeatKind::Open,
        account: None,
        ai_level: None,
        invite_hash: None,
    }
}

fn deal() -> NewGame {
    NewGame {
        seed: 7,
        salt: format!("salt-{}", 7),
        setup: json!({}),
        clocks: Vec::new(),
    }
}

async fn table_of(store: &Store, seats: usize) -> TableId {
    let host = store
        .create_account(
            &format!("host{}", agora_store::random_u64()),
            AccountKind::Guest,
            None,
            1,
        )
        .await
        .unwrap();
    store
        .create_table(
            &NewTable {
                game: "tsuro".into(),
                options: json!({}),
                time_control: TimeControl::default(),
                public: true,
                rated: false,
                created_by: host.id,
                seats: vec![open_seat(); seats],
            },
            2,
        )
        .await
        .unwrap()
}

async fn of_many_sits_at_once_only_the_one_that_fills_the_table_starts_it(engine: Engine) {
    let (store, scratch) = scratch!(engine, "sits");
    let stores = nodes(&scratch, store).await;
    // Tables of 2 seats (the last two sits race each time) and of 8.
    for round in 0..60 {
        let seats = if round % 4 == 3 { 8 } else { 2 };
        let id = table_of(&stores[0], seats).await;
        let mut players = Vec::new();
        for i in 0..seats {
            let name = format!("p{round}x{i}");
            players.push(
                stores[0]
                    .create_account(&name, AccountKind::Guest, None, 3)
                    .await
                    .unwrap(),
            );
        }
        // Every player at their own seat, from every node at once.
        let sits = players.iter().enumerate().map(|(seat, player)| {
            let store = stores[seat % stores.len()].clone();
            let account = player.id;
            tokio::spawn(async move { store.sit(id, seat as u8, account, None, &deal(), 4).await })
        });
        let sits: Vec<_> = sits.collect();
        let mut started = 0;
        for sit in sits {
            let seated = sit.await.unwrap().unwrap();
            started += usize::from(seated.started.is_some());
        }
        assert_eq!(started, 1, "round {round}: one sit starts the game");
        let game = stores[1 % stores.len()].game(id).await.unwrap();
        assert_eq!(game.table.status, TableStatus::Playing);
        assert!(game.table.seats.iter().all(|s| s.account.is_some()));
        // A leave after the start is refused, from any node.
        assert!(matches!(
            stores[stores.len() - 1].leave(id, players[0].id).await,
            Err(StoreError::Refused(Refusal::TableNotOpen))
        ));
    }
    for store in stores {
        store.close().await;
    }
}

async fn one_account_sitting_at_every_seat_at_once_gets_one(engine: Engine) {
    let (store, scratch) = scratch!(engine, "one-seat");
    let stores = nodes(&scratch, store).await;
    let id = table_of(&stores[0], 4).await;
    let ada = stores[0]
        .create_account("ada", AccountKind::Guest, None, 3)
        .await
        .unwrap();
    let sits = (0..4u8).map(|seat| {
        let store = stores[usize::from(seat) % stores.len()].clone();
        tokio::spawn(async move { store.sit(id, seat, ada.id, None, &deal(), 4).await })
    });
    let sits: Vec<_> = sits.collect();
    let mut sat = 0;
    for sit in sits {
        match sit.await.unwrap() {
            Ok(seated) => {
                sat += 1;
                assert!(seated.started.is_none());
            }
            Err(StoreError::Refused(Refusal::AlreadySeated)) => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(sat, 1);
    let table = stores[0].table(id).await.unwrap();
    let held = table
        .seats
        .iter()
        .filter(|s| s.account == Some(ada.id))
        .count();
    assert_eq!(held, 1);
    for store in stores {
        store.close().await;
    }
}

/// Two owners of one game (a node that lost its lease and the node that took the game over)
/// each append the move after version n: one is logged, the other hears that the log moved
/// on, and the log holds every version once.
async fn of_appends_racing_at_one_version_one_is_logged(engine: Engine) {
    let (store, scratch) = scratch!(engine, "appends");
    let stores = nodes(&scratch, store).await;
    let host = stores[0]
        .create_account("host", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: true,
        rated: false,
        created_by: host.id,
        seats: vec![
            NewSeat {
                account: Some(host.id),
                ..open_seat()
            },
            NewSeat {
                kind: SeatKind::Ai,
                ai_level: Some("easy".into()),
                ..open_seat()
            },
        ],
    };
    let id = stores[0]
        .create_started_game(&table, &[None, None], &deal(), None, 3)
        .await
        .unwrap()
        .table
        .id;
    for version in 0..20u64 {
        let appends = (0..4).map(|writer| {
            let store = stores[writer % stores.len()].clone();
            let append = Append {
                game: id,
                after_version: version,
                events: vec![Event {
                    version: version + 1,
                    kind: EventKind::Move,
                    seat: Some(0),
                    notation: Some(format!("v{version}w{writer}")),
                    at: 10 + version as i64,
                    clock_ms: None,
                }],
                status: TableStatus::Playing,
                outcome: None,
                turn_started_at: 10 + version as i64,
                substituted: vec![],
            };
            tokio::spawn(async move { store.append(&append).await })
        });
        let appends: Vec<_> = appends.collect();
        let mut logged = 0;
        for append in appends {
            match append.await.unwrap() {
                Ok(()) => logged += 1,
                Err(StoreError::Conflict(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(logged, 1, "version {version}");
    }
    let game = stores[stores.len() - 1].game(id).await.unwrap();
    assert_eq!(game.game.version, 20);
    let versions: Vec<u64> = game.events.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=20).collect::<Vec<_>>());
    for store in stores {
        store.close().await;
    }
}
