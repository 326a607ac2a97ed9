//! Leases on games and notifications between nodes (PostgreSQL); on SQLite the one server
//! owns every game and nothing is sent.

use agora_store::{
    AccountKind, Append, Claim, Event, EventKind, GAMES_CHANNEL, NewGame, NewSeat, NewTable,
    SeatKind, Store, TableId, TableStatus, TimeControl,
};
use serde_json::json;

mod common;
use common::Engine;

on_both_engines!(
    a_lease_is_one_nodes_until_it_lapses,
    a_notification_reaches_the_listeners
);

const LEASE: i64 = 10_000;

async fn started_game(store: &Store) -> TableId {
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let seat = |kind, account, ai_level: Option<&str>| NewSeat {
        kind,
        account,
        ai_level: ai_level.map(str::to_string),
        invite_hash: None,
    };
    let table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: true,
        rated: false,
        created_by: ada.id,
        seats: vec![
            seat(SeatKind::Open, Some(ada.id), None),
            seat(SeatKind::Ai, None, Some("easy")),
        ],
    };
    let deal = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: vec![],
    };
    let stored = store
        .create_started_game(&table, &[None, None], &deal, None, 2)
        .await
        .unwrap();
    stored.table.id
}

async fn a_lease_is_one_nodes_until_it_lapses(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "leases");
    let id = started_game(&store).await;
    let owned = Claim::Owned { taken_over: None };
    assert_eq!(store.claim_game(id, "a", 100, LEASE).await.unwrap(), owned);
    if engine == Engine::Sqlite {
        // One server: every claim is owned, there is nothing to renew or take over.
        assert_eq!(store.claim_game(id, "b", 100, LEASE).await.unwrap(), owned);
        assert_eq!(
            store.renew_leases("a", &[id], 200, LEASE).await.unwrap(),
            None
        );
        assert!(
            store
                .orphaned_games(1_000_000, 10)
                .await
                .unwrap()
                .is_empty()
        );
        return;
    }
    let held = Claim::Held { node: "a".into() };
    assert_eq!(store.claim_game(id, "b", 150, LEASE).await.unwrap(), held);
    // The owner claims again (its lease is renewed), and renews with its heartbeat.
    assert_eq!(store.claim_game(id, "a", 200, LEASE).await.unwrap(), owned);
    assert_eq!(
        store.renew_leases("a", &[id], 1_000, LEASE).await.unwrap(),
        Some(vec![id])
    );
    assert!(store.orphaned_games(5_000, 10).await.unwrap().is_empty());
    // A lease on a game the node no longer runs is not renewed: it lapses.
    assert_eq!(
        store.renew_leases("a", &[], 1_000, LEASE).await.unwrap(),
        Some(vec![])
    );
    // a stops renewing: once its lease lapses the game is an orphan, and b takes it over
    // from a's last renewal.
    assert_eq!(
        store.claim_game(id, "b", 10_999, LEASE).await.unwrap(),
        held
    );
    assert_eq!(store.orphaned_games(11_000, 10).await.unwrap(), vec![id]);
    assert_eq!(
        store.claim_game(id, "b", 11_000, LEASE).await.unwrap(),
        Claim::Owned {
            taken_over: Some(1_000)
        }
    );
    // a, waking up, finds it owns nothing.
    assert_eq!(
        store.renew_leases("a", &[id], 11_500, LEASE).await.unwrap(),
        Some(vec![])
    );
    assert_eq!(
        store.claim_game(id, "a", 11_500, LEASE).await.unwrap(),
        Claim::Held { node: "b".into() }
    );
    // Released at a clean stop: anyone may claim it at once, resuming from the stop.
    store.release_games("b", 11_800).await.unwrap();
    assert_eq!(
        store.claim_game(id, "a", 12_000, LEASE).await.unwrap(),
        Claim::Owned {
            taken_over: Some(11_800)
        }
    );
    store.release_game(id, "a").await.unwrap();
    assert_eq!(
        store.claim_game(id, "c", 12_000, LEASE).await.unwrap(),
        owned
    );

    // Many nodes claiming one orphan at once: one owns it.
    let other = started_game(&store).await;
    let claims: Vec<_> = (0..8)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .claim_game(other, &format!("n{n}"), 20_000, LEASE)
                    .await
            })
        })
        .collect();
    let mut owners = 0;
    for claim in claims {
        owners += usize::from(matches!(claim.await.unwrap().unwrap(), Claim::Owned { .. }));
    }
    assert_eq!(owners, 1);
    store.close().await;
}

async fn a_notification_reaches_the_listeners(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "notify");
    let id = started_game(&store).await;
    let append = Append {
        game: id,
        after_version: 0,
        events: vec![Event {
            version: 1,
            kind: EventKind::Move,
            seat: Some(0),
            notation: Some("x".into()),
            at: 5,
            clock_ms: None,
        }],
        status: TableStatus::Playing,
        outcome: None,
        turn_started_at: 5,
        substituted: vec![],
    };
    store.append(&append).await.unwrap();
    // What changed since a version, as a node following the game reads it.
    let news = store.game_news(id, 0).await.unwrap();
    assert_eq!(news.events, append.events);
    assert_eq!((news.version, news.status), (1, TableStatus::Playing));
    assert_eq!(news.turn_started_at, 5);
    assert!(news.substituted.is_empty() && news.outcome.is_none() && news.rematch.is_none());
    assert!(store.game_news(id, 1).await.unwrap().events.is_empty());
    // An AI seat handed over, and the end, show in the news.
    store
        .append(&Append {
            after_version: 1,
            events: vec![Event {
                version: 2,
                kind: EventKind::Resign,
                seat: Some(0),
                notation: None,
                at: 9,
                clock_ms: Some(1200),
            }],
            status: TableStatus::Finished,
            outcome: Some(agora_engine::Outcome::new(
                agora_engine::SeatSet::EMPTY.with(agora_engine::Seat(1)),
                "resignation",
            )),
            substituted: vec![0],
            ..append.clone()
        })
        .await
        .unwrap();
    let news = store.game_news(id, 1).await.unwrap();
    assert_eq!(news.events.len(), 1);
    assert_eq!(news.events[0].clock_ms, Some(1200));
    assert_eq!((news.version, news.status), (2, TableStatus::Finished));
    assert_eq!(news.substituted, vec![0]);
    assert!(news.outcome.is_some());
    assert!(matches!(
        store.game_news(TableId(12345), 0).await,
        Err(agora_store::StoreError::NotFound)
    ));

    let Some(mut heard) = store.listen(&[GAMES_CHANNEL, "agora_test"]).await.unwrap() else {
        assert_eq!(engine, Engine::Sqlite);
        return;
    };
    store.notify("agora_test", "hello").await.unwrap();
    store
        .notify(GAMES_CHANNEL, &format!("{} 2", id.0))
        .await
        .unwrap();
    assert_eq!(
        heard.recv().await.unwrap(),
        Some(("agora_test".to_string(), "hello".to_string()))
    );
    assert_eq!(
        heard.recv().await.unwrap(),
        Some((GAMES_CHANNEL.to_string(), format!("{} 2", id.0)))
    );
    store.close().await;
}
