//! Guests: numbered default names, signing up in place, and the lobby's tables for strangers
//! and their expiry. On both engines.

use agora_store::{
    AccountKind, NewSeat, NewTable, SeatKind, Store, StoreError, TableStatus, TimeControl,
};
use serde_json::json;

mod common;
use common::{Engine, seat};

on_both_engines!(
    default_guest_names_are_numbered_by_the_database_and_step_round_taken_ones,
    a_guest_signs_up_in_place_keeping_seats_settings_and_sessions,
    a_guest_cannot_sign_up_with_a_taken_name_and_nothing_changes,
    only_tables_with_a_seat_for_strangers_are_listed,
    open_tables_nobody_joins_expire_by_their_clock,
);

fn new_table(by: agora_store::AccountId, seats: Vec<NewSeat>, clock: TimeControl) -> NewTable {
    NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: clock,
        public: true,
        rated: false,
        created_by: by,
        seats,
    }
}

async fn host(store: &Store) -> agora_store::Account {
    store
        .create_account("Host", AccountKind::User, Some("h"), 1)
        .await
        .unwrap()
}

fn me(by: agora_store::AccountId) -> NewSeat {
    NewSeat {
        account: Some(by),
        ..seat(SeatKind::Open)
    }
}

async fn default_guest_names_are_numbered_by_the_database_and_step_round_taken_ones(
    engine: Engine,
) {
    let (store, _dir) = scratch!(engine, "guest_numbers");
    let first = store
        .create_numbered_guest("Gast {number}", 1)
        .await
        .unwrap();
    assert_eq!(first.name, format!("Gast {}", first.id.0));
    assert_eq!(first.kind, AccountKind::Guest);
    // Somebody signed up as the next guest's name (and one like its first step, in another
    // case): the guest steps round both.
    let next = first.id.0 + 3;
    store
        .create_account(&format!("Guest {next}"), AccountKind::User, Some("h"), 2)
        .await
        .unwrap();
    store
        .create_account(&format!("guest {next}-1"), AccountKind::Guest, None, 2)
        .await
        .unwrap();
    let guest = store
        .create_numbered_guest("Guest {number}", 3)
        .await
        .unwrap();
    assert_eq!(guest.id.0, next);
    assert_eq!(guest.name, format!("Guest {next}-2"));
    assert_eq!(store.account(guest.id).await.unwrap().name, guest.name);
    // Many at once: every name differs.
    let made = futures_join(&store, 20).await;
    let mut names: Vec<_> = made.iter().map(|a| a.name.clone()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 20);
    store.close().await;
}

async fn futures_join(store: &Store, n: usize) -> Vec<agora_store::Account> {
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.create_numbered_guest("Invité {number}", 4).await })
        })
        .collect();
    let mut made = Vec::new();
    for task in tasks {
        made.push(task.await.unwrap().unwrap());
    }
    made
}

async fn a_guest_signs_up_in_place_keeping_seats_settings_and_sessions(engine: Engine) {
    let (store, _dir) = scratch!(engine, "guest_signs_up");
    let guest = store
        .create_numbered_guest("Guest {number}", 1)
        .await
        .unwrap();
    let host = host(&store).await;
    store
        .create_session("s1", guest.id, 1, 1_000)
        .await
        .unwrap();
    store
        .set_account_settings(guest.id, "l-de", 1)
        .await
        .unwrap();
    let table = store
        .create_table(
            &new_table(
                host.id,
                vec![me(host.id), seat(SeatKind::Open)],
                TimeControl::default(),
            ),
            2,
        )
        .await
        .unwrap();
    let deal = agora_store::NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: Vec::new(),
    };
    store.sit(table, 1, guest.id, None, &deal, 3).await.unwrap();

    let user = store.sign_up_guest(guest.id, "Zoë", "hash").await.unwrap();
    assert_eq!((user.id, user.kind), (guest.id, AccountKind::User));
    let stored = store.account_by_name("zoë").await.unwrap();
    assert_eq!(stored.id, guest.id);
    assert_eq!(stored.password_hash.as_deref(), Some("hash"));
    assert_eq!(stored.created_at, 1);
    let tables = store.account_tables(guest.id, 10).await.unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0].seats[1].name.as_deref(), Some("Zoë"));
    assert_eq!(
        store.account_settings(guest.id).await.unwrap().as_deref(),
        Some("l-de")
    );
    assert_eq!(
        store.session("s1", 2).await.unwrap().0.kind,
        AccountKind::User
    );
    // Once a user, never again through this door.
    assert!(matches!(
        store.sign_up_guest(guest.id, "Zoe2", "x").await,
        Err(StoreError::NotFound)
    ));
    store.close().await;
}

async fn a_guest_cannot_sign_up_with_a_taken_name_and_nothing_changes(engine: Engine) {
    let (store, _dir) = scratch!(engine, "guest_name_taken");
    store
        .create_account("Ada", AccountKind::User, Some("h"), 1)
        .await
        .unwrap();
    let guest = store
        .create_account("Ada", AccountKind::Guest, None, 1)
        .await;
    // A guest may not take a user's name either.
    assert!(matches!(guest, Err(StoreError::Conflict(_))));
    let guest = store
        .create_numbered_guest("Guest {number}", 1)
        .await
        .unwrap();
    for taken in ["Ada", "ADA", "Αda"] {
        let refused = store.sign_up_guest(guest.id, taken, "hash").await;
        assert!(
            matches!(refused, Err(StoreError::Conflict(_))),
            "{taken}: {refused:?}"
        );
    }
    let still = store.account(guest.id).await.unwrap();
    assert_eq!((still.kind, still.name), (AccountKind::Guest, guest.name));
    store.close().await;
}

async fn only_tables_with_a_seat_for_strangers_are_listed(engine: Engine) {
    let (store, _dir) = scratch!(engine, "stranger_tables");
    let host = host(&store).await;
    let invite = NewSeat {
        invite_hash: Some("secret".into()),
        ..seat(SeatKind::Invite)
    };
    let for_a_friend = store
        .create_table(
            &new_table(
                host.id,
                vec![me(host.id), invite.clone()],
                TimeControl::default(),
            ),
            2,
        )
        .await
        .unwrap();
    let for_anyone = store
        .create_table(
            &new_table(
                host.id,
                vec![me(host.id), invite, seat(SeatKind::Open)],
                TimeControl::default(),
            ),
            3,
        )
        .await
        .unwrap();
    let listed: Vec<_> = store
        .open_tables(10)
        .await
        .unwrap()
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(listed, vec![for_anyone]);
    // The friend's table is still there for whoever holds the link.
    assert_eq!(
        store.table(for_a_friend).await.unwrap().status,
        TableStatus::Open
    );
    store.close().await;
}

async fn open_tables_nobody_joins_expire_by_their_clock(engine: Engine) {
    let (store, _dir) = scratch!(engine, "table_expiry");
    let host = host(&store).await;
    let seats = || vec![me(host.id), seat(SeatKind::Open)];
    let live = TimeControl::Live {
        initial_s: 600,
        increment_s: 5,
    };
    let post = TimeControl::Correspondence { days_per_move: 3 };
    let old_live = store
        .create_table(&new_table(host.id, seats(), live), 100)
        .await
        .unwrap();
    let old_untimed = store
        .create_table(&new_table(host.id, seats(), TimeControl::default()), 100)
        .await
        .unwrap();
    let new_live = store
        .create_table(&new_table(host.id, seats(), live), 900)
        .await
        .unwrap();
    let old_post = store
        .create_table(&new_table(host.id, seats(), post), 100)
        .await
        .unwrap();
    let older_post = store
        .create_table(&new_table(host.id, seats(), post), 10)
        .await
        .unwrap();
    // Live tables created before 500 go; correspondence and untimed ones before 50.
    let mut expired = store.expire_open_tables(500, 50, 1_000).await.unwrap();
    expired.sort_by_key(|id| id.0);
    let mut expected = vec![old_live, older_post];
    expected.sort_by_key(|id| id.0);
    assert_eq!(expired, expected);
    for (id, status) in [
        (old_live, TableStatus::Cancelled),
        (older_post, TableStatus::Cancelled),
        (old_untimed, TableStatus::Open),
        (new_live, TableStatus::Open),
        (old_post, TableStatus::Open),
    ] {
        let table = store.table(id).await.unwrap();
        assert_eq!(table.status, status);
        // The time it expired, on expired tables only.
        let expired_at = (status == TableStatus::Cancelled).then_some(1_000);
        assert_eq!(table.expired_at, expired_at);
    }
    // Nothing twice.
    assert!(
        store
            .expire_open_tables(500, 50, 1_100)
            .await
            .unwrap()
            .is_empty()
    );
    // An untimed table waits the correspondence limit.
    let mut expired = store.expire_open_tables(500, 150, 1_200).await.unwrap();
    expired.sort_by_key(|id| id.0);
    let mut expected = vec![old_untimed, old_post];
    expected.sort_by_key(|id| id.0);
    assert_eq!(expired, expected);
    store.close().await;
}
