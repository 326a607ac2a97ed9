//! Where guests were made: noted once, read back by any store over the same database (one
//! guest or many at once), and forgotten by age; requests counted for many keys at once in
//! the shared windows. On both engines.

use agora_store::{AccountKind, Durability, Store};

mod common;
use common::Engine;

on_both_engines!(
    a_guests_origin_is_noted_once_read_from_another_store_and_forgotten_by_age,
    many_guests_origins_are_read_at_once,
    many_keys_are_counted_in_their_windows_at_once,
);

async fn a_guests_origin_is_noted_once_read_from_another_store_and_forgotten_by_age(
    engine: Engine,
) {
    let (store, scratch) = scratch!(engine, "guest_origins");
    let old = (store.create_account("Old", AccountKind::Guest, None, 1)).await;
    let new = (store.create_account("New", AccountKind::Guest, None, 1)).await;
    let (old, new) = (old.unwrap().id, new.unwrap().id);
    store
        .note_guest_origin(old, "203.0.113.7", 1_000)
        .await
        .unwrap();
    store
        .note_guest_origin(new, "2001:db8::7", 5_000)
        .await
        .unwrap();
    // A second note for the same guest changes nothing.
    store
        .note_guest_origin(new, "198.51.100.1", 6_000)
        .await
        .unwrap();
    // Another store over the same database (another node, or after a restart) reads them.
    let other = Store::open(&scratch.url(), Durability::Process)
        .await
        .unwrap();
    assert_eq!(
        other.guest_origin(old).await.unwrap().as_deref(),
        Some("203.0.113.7")
    );
    assert_eq!(
        other.guest_origin(new).await.unwrap().as_deref(),
        Some("2001:db8::7")
    );
    assert_eq!(other.forget_guest_origins(5_000).await.unwrap(), 1);
    assert_eq!(store.guest_origin(old).await.unwrap(), None);
    assert!(store.guest_origin(new).await.unwrap().is_some());
    other.close().await;
    store.close().await;
}

async fn many_guests_origins_are_read_at_once(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "guest_origins_many");
    let mut ids = Vec::new();
    for name in ["One", "Two", "Three"] {
        let id = (store.create_account(name, AccountKind::Guest, None, 1)).await;
        ids.push(id.unwrap().id);
    }
    let user = (store.create_account("User", AccountKind::User, None, 1)).await;
    let user = user.unwrap().id;
    store
        .note_guest_origin(ids[0], "203.0.113.7", 1)
        .await
        .unwrap();
    store
        .note_guest_origin(ids[2], "2001:db8::7", 1)
        .await
        .unwrap();
    let mut asked = ids.clone();
    asked.push(user);
    let mut origins = store.guest_origins_of(&asked).await.unwrap();
    origins.sort();
    assert_eq!(
        origins,
        vec![
            (ids[0], "203.0.113.7".to_string()),
            (ids[2], "2001:db8::7".to_string())
        ]
    );
    assert_eq!(store.guest_origins_of(&[]).await.unwrap(), vec![]);
    store.close().await;
}

async fn many_keys_are_counted_in_their_windows_at_once(engine: Engine) {
    let (store, scratch) = scratch!(engine, "rate_windows_many");
    let claims = vec![
        ("b 203.0.113.7".to_string(), 3_000, 5),
        ("a 203.0.113.7".to_string(), 3_000, 2),
        ("a 203.0.113.7".to_string(), 6_000, 1),
    ];
    let counted = store.count_many_in_windows(&claims).await.unwrap();
    if engine == Engine::Sqlite {
        // One node: nothing is counted in the database.
        assert_eq!(counted, None);
        store.close().await;
        return;
    }
    assert_eq!(counted, Some(vec![5, 2, 1]));
    // Another node adds to the same windows, and sees the sums, in the order it asked.
    let other = Store::open(&scratch.url(), Durability::Process)
        .await
        .unwrap();
    let again = vec![
        ("a 203.0.113.7".to_string(), 3_000, 4),
        ("b 203.0.113.7".to_string(), 3_000, 1),
    ];
    let counted = other.count_many_in_windows(&again).await.unwrap();
    assert_eq!(counted, Some(vec![6, 6]));
    // One key counted alone shares the window's row.
    let one = store.count_in_window("a 203.0.113.7", 3_000).await.unwrap();
    assert_eq!(one, Some(7));
    assert_eq!(
        store.count_many_in_windows(&[]).await.unwrap(),
        Some(vec![])
    );
    other.close().await;
    store.close().await;
}
