//! Turn mail: an account's address and choice, one message per game, account and turn
//! whoever claims it, and off-links known only by their hash.

use agora_store::{
    AccountKind, MailSettings, NewGame, NewSeat, NewTable, SeatKind, Secret, Store, TableId,
    TimeControl,
};
use serde_json::json;

mod common;
use common::Engine;

on_both_engines!(
    settings_are_kept_replaced_and_forgotten,
    a_turn_is_claimed_once_whoever_claims_it,
    an_off_link_turns_the_mail_off,
);

fn settings(address: &str, lang: &str, on: bool) -> MailSettings {
    MailSettings {
        address: address.into(),
        lang: lang.into(),
        turn_mail: on,
    }
}

/// Two signed-up users, Ada and Bob.
async fn users(store: &Store) -> [agora_store::Account; 2] {
    let mut made = Vec::new();
    for name in ["Ada", "Bob"] {
        let account = store.create_account(name, AccountKind::User, Some("hash"), 1);
        made.push(account.await.unwrap());
    }
    made.try_into().unwrap()
}

/// A started correspondence game of two seats held by `players`.
async fn game_of(store: &Store, players: [agora_store::AccountId; 2]) -> TableId {
    let seats = players
        .iter()
        .map(|&a| NewSeat {
            kind: SeatKind::Open,
            account: Some(a),
            ai_level: None,
            invite_hash: None,
        })
        .collect();
    let table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::Correspondence { days_per_move: 3 },
        public: false,
        rated: false,
        created_by: players[0],
        seats,
    };
    let game = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: Vec::new(),
    };
    let started = store
        .create_started_game(&table, &[None, None], &game, None, 1)
        .await
        .unwrap();
    started.table.id
}

async fn settings_are_kept_replaced_and_forgotten(engine: Engine) {
    let (store, _dir) = scratch!(engine, "mail_settings");
    let ada = store
        .create_account("Ada", AccountKind::User, Some("hash"), 1)
        .await
        .unwrap();
    assert_eq!(store.mail_settings(ada.id).await.unwrap(), None);
    let first = settings("ada@example.org", "de", true);
    store
        .set_mail_settings(ada.id, Some(first.clone()), 2)
        .await
        .unwrap();
    assert_eq!(store.mail_settings(ada.id).await.unwrap(), Some(first));
    let second = settings("ada@example.net", "fr", false);
    store
        .set_mail_settings(ada.id, Some(second.clone()), 3)
        .await
        .unwrap();
    assert_eq!(store.mail_settings(ada.id).await.unwrap(), Some(second));
    store.set_mail_settings(ada.id, None, 4).await.unwrap();
    assert_eq!(store.mail_settings(ada.id).await.unwrap(), None);
    // A guest has no email settings, whatever was written for it.
    let guest = store
        .create_account("Gast", AccountKind::Guest, None, 5)
        .await
        .unwrap();
    store
        .set_mail_settings(guest.id, Some(settings("g@example.org", "en", true)), 6)
        .await
        .unwrap();
    assert_eq!(store.mail_settings(guest.id).await.unwrap(), None);
    store.close().await;
}

async fn a_turn_is_claimed_once_whoever_claims_it(engine: Engine) {
    let (store, scratch) = scratch!(engine, "mail_claims");
    let [ada, bob] = users(&store).await;
    let game = game_of(&store, [ada.id, bob.id]).await;
    // A second store on the same database stands for a second node.
    let other = scratch.open().await;
    let claims: Vec<_> = (0..8)
        .map(|i| {
            let store = if i % 2 == 0 {
                store.clone()
            } else {
                other.clone()
            };
            let hash = Secret::random().hash();
            tokio::spawn(async move {
                store
                    .claim_turn_mail(game, ada.id, 4, &hash, 10)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut won = 0;
    for claim in claims {
        won += usize::from(claim.await.unwrap());
    }
    assert_eq!(won, 1, "one claim of a turn wins");
    // Another turn, or another account at the same turn, is a message of its own.
    let hash = Secret::random().hash();
    assert!(
        store
            .claim_turn_mail(game, ada.id, 6, &hash, 11)
            .await
            .unwrap()
    );
    let hash = Secret::random().hash();
    assert!(
        store
            .claim_turn_mail(game, bob.id, 4, &hash, 11)
            .await
            .unwrap()
    );
    other.close().await;
    store.close().await;
}

async fn an_off_link_turns_the_mail_off(engine: Engine) {
    let (store, _dir) = scratch!(engine, "mail_off");
    let [ada, bob] = users(&store).await;
    store
        .set_mail_settings(ada.id, Some(settings("ada@example.org", "en", true)), 2)
        .await
        .unwrap();
    let game = game_of(&store, [ada.id, bob.id]).await;
    let secret = Secret::random();
    assert!(
        store
            .claim_turn_mail(game, ada.id, 2, &secret.hash(), 3)
            .await
            .unwrap()
    );
    assert_eq!(
        store.turn_mail_off_link(&secret.hash()).await.unwrap(),
        Some((ada.id, true))
    );
    let unknown = Secret::random().hash();
    assert_eq!(store.turn_mail_off_link(&unknown).await.unwrap(), None);
    assert!(!store.turn_mail_off(&unknown, 4).await.unwrap());
    assert!(store.turn_mail_off(&secret.hash(), 4).await.unwrap());
    assert_eq!(
        store.turn_mail_off_link(&secret.hash()).await.unwrap(),
        Some((ada.id, false))
    );
    let kept = store.mail_settings(ada.id).await.unwrap().unwrap();
    assert_eq!(kept.address, "ada@example.org");
    assert!(!kept.turn_mail);
    store.close().await;
}
