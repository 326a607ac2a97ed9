//! Names that look alike: the store refuses a second user or bot with the same name key, a
//! guest with a user's key, and migration 0008 gives existing accounts their keys.

use agora_store::{AccountKind, Durability, Store, StoreError, name_key};

struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("agora-names-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn db(&self) -> std::path::PathBuf {
        self.0.join("agora.db")
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.db().display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn taken<T: std::fmt::Debug>(result: Result<T, StoreError>) -> bool {
    matches!(result, Err(StoreError::Conflict(_)))
}

mod common;
use common::Engine;

on_both_engines!(look_alike_names_do_not_both_register);

async fn look_alike_names_do_not_both_register(engine: Engine) {
    let (store, _dir) = scratch!(engine, "register");
    let user = AccountKind::User;
    store
        .create_account("ace", user, Some("h"), 1)
        .await
        .unwrap();
    // Cyrillic а, с, е; full-width letters; a bot account.
    assert!(taken(store.create_account("асе", user, Some("h"), 2).await));
    assert!(taken(
        store.create_account("ＡＣＥ", user, Some("h"), 2).await
    ));
    assert!(taken(
        store
            .create_account("Ace", AccountKind::Bot, Some("h"), 2)
            .await
    ));
    // A guest cannot take a user's name; guests may share one; a user may take a guest's.
    assert!(taken(
        store
            .create_account("ACE", AccountKind::Guest, None, 3)
            .await
    ));
    store
        .create_account("tux", AccountKind::Guest, None, 4)
        .await
        .unwrap();
    store
        .create_account("Tux", AccountKind::Guest, None, 5)
        .await
        .unwrap();
    store
        .create_account("TUX", user, Some("h"), 6)
        .await
        .unwrap();
    assert!(taken(
        store
            .create_account("tux", AccountKind::Guest, None, 7)
            .await
    ));
    store
        .create_account("ada", user, Some("h"), 8)
        .await
        .unwrap();
    store.close().await;
}

#[tokio::test]
async fn the_migration_keys_existing_accounts_oldest_first() {
    let dir = TempDir::new("migrate");
    let store = Store::open(&dir.url(), Durability::Process).await.unwrap();
    store.close().await;
    // Back to the schema before 0008, with two older users whose names look alike.
    {
        let conn = rusqlite::Connection::open(dir.db()).unwrap();
        conn.execute_batch(
            "DROP INDEX accounts_name_key;
             DROP INDEX accounts_guest_name_key;
             ALTER TABLE accounts DROP COLUMN name_key;
             DELETE FROM schema_migrations WHERE version = 8;
             INSERT INTO accounts (name, kind, password_hash, created_at)
                 VALUES ('bob', 'user', 'h', 1), ('b0b', 'user', 'h', 2), ('bob', 'guest', NULL, 3);",
        )
        .unwrap();
    }
    let store = Store::open(&dir.url(), Durability::Process).await.unwrap();
    // The first keeps the key, so nobody new takes a name like it; both still sign in.
    assert!(taken(
        store
            .create_account("BOB", AccountKind::User, Some("h"), 4)
            .await
    ));
    assert!(taken(
        store
            .create_account("bob", AccountKind::Guest, None, 4)
            .await
    ));
    assert_eq!(store.account_by_name("b0b").await.unwrap().name, "b0b");
    store.close().await;
    let conn = rusqlite::Connection::open(dir.db()).unwrap();
    let keys: Vec<(String, Option<String>)> = conn
        .prepare("SELECT name, name_key FROM accounts ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let bob = Some(name_key("bob"));
    assert_eq!(
        keys,
        [
            ("bob".to_string(), bob.clone()),
            ("b0b".to_string(), None),
            ("bob".to_string(), bob),
        ]
    );
}
