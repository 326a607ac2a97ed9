//! Where guests were made: noted once, read back by any store over the same database, and
//! forgotten by age. On both engines.

use agora_store::{AccountKind, Durability, Store};

mod common;
use common::Engine;

on_both_engines!(a_guests_origin_is_noted_once_read_from_another_store_and_forgotten_by_age);

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
