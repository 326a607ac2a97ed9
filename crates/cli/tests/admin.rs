//! `agora admin reports`: the reported table chats of a database, newest first, with game,
//! reporter, time, reason and the messages as they were typed.

use std::process::Command;

use agora_store::{
    AccountKind, ChatBody, ChatChannel, ChatLimit, Durability, NewGame, NewSeat, NewTable,
    SeatKind, Store, TimeControl,
};
use serde_json::json;

const LIMITS: [ChatLimit; 2] = [
    ChatLimit {
        most: 5,
        window_ms: 10_000,
    },
    ChatLimit {
        most: 30,
        window_ms: 600_000,
    },
];

#[test]
fn reports_are_listed_newest_first_with_their_messages() {
    let dir = std::env::temp_dir().join(format!("agora-admin-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("agora.db").display());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let game = runtime.block_on(async {
        let store = Store::open(&database, Durability::Process).await.unwrap();
        let ada = store
            .create_account("Ada", AccountKind::User, Some("h"), 1)
            .await
            .unwrap()
            .id;
        let bob = store
            .create_account("Bob", AccountKind::User, Some("h"), 1)
            .await
            .unwrap()
            .id;
        let seat = |a| NewSeat {
            kind: SeatKind::Open,
            account: Some(a),
            ai_level: None,
            invite_hash: None,
        };
        let table = NewTable {
            game: "tyrus".into(),
            options: json!({}),
            time_control: TimeControl::Untimed {},
            public: false,
            rated: false,
            created_by: ada,
            seats: vec![seat(ada), seat(bob)],
        };
        let deal = NewGame {
            seed: 1,
            salt: "s".into(),
            setup: json!({}),
            clocks: Vec::new(),
        };
        let game = store
            .create_started_game(&table, &[None, None], &deal, None, 1)
            .await
            .unwrap()
            .table
            .id;
        // 2026-11-27 18:00 UTC, and a few seconds after.
        let t = 1_795_802_400_000;
        let say = |who, name, body| {
            store.post_chat(game, ChatChannel::Players, who, name, body, t, LIMITS)
        };
        say(bob, "Bob", ChatBody::Text("<b>buy gold</b>\nnow".into()))
            .await
            .unwrap();
        say(ada, "Ada", ChatBody::Quick("sorry".into()))
            .await
            .unwrap();
        let chat = store.chat_messages(game, 0, None).await.unwrap();
        store
            .report_chat(game, ada, "spam", &chat, t + 60_000)
            .await
            .unwrap();
        store
            .report_chat(game, bob, "", &[], t + 120_000)
            .await
            .unwrap();
        store.close().await;
        game
    });
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["admin", "reports", "--database", &database])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8(output.stdout).unwrap();
    let expected = format!(
        "Report 2 · game {game} · by Bob (account 2) · 2026-11-27T18:02:00Z
  reason: (none given)
  (the chat was empty)

Report 1 · game {game} · by Ada (account 1) · 2026-11-27T18:01:00Z
  reason: spam
  2026-11-27T18:00:00Z players    Bob (account 2): \"<b>buy gold</b>\\nnow\"
  2026-11-27T18:00:00Z players    Ada (account 1): [quick: sorry]

"
    );
    assert_eq!(printed, expected);
    let _ = std::fs::remove_dir_all(&dir);
}
