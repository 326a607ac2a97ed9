//! Table chat in the store: the rate limit kept by the posting statement itself, mutes that
//! hide a sender from the muter alone, the chat-off setting, and reports that keep a copy of
//! the chat as it was.

use agora_store::{
    AccountId, AccountKind, ChatBody, ChatChannel, ChatLimit, NewGame, NewSeat, NewTable, Posted,
    SeatKind, Store, TableId, TimeControl,
};
use serde_json::json;

mod common;
use common::Engine;

on_both_engines!(
    messages_are_kept_in_their_chat_under_the_rate_limit,
    a_mute_hides_the_sender_from_the_muter_only,
    chat_off_and_reports_are_kept,
);

const LIMITS: [ChatLimit; 2] = [
    ChatLimit {
        most: 2,
        window_ms: 10_000,
    },
    ChatLimit {
        most: 3,
        window_ms: 600_000,
    },
];

async fn users(store: &Store) -> [AccountId; 3] {
    let mut made = Vec::new();
    for name in ["Ada", "Bob", "Cy"] {
        let account = store.create_account(name, AccountKind::User, Some("hash"), 1);
        made.push(account.await.unwrap().id);
    }
    made.try_into().unwrap()
}

/// A started game between Ada and Bob.
async fn game_of(store: &Store, players: [AccountId; 2]) -> TableId {
    let seats = (players.iter())
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
        time_control: TimeControl::Untimed {},
        public: false,
        rated: false,
        created_by: players[0],
        seats,
    };
    let game = NewGame {
        seed: 1,
        salt: "salt".into(),
        setup: json!({}),
        clocks: Vec::new(),
    };
    let started = store.create_started_game(&table, &[None, None], &game, None, 1);
    started.await.unwrap().table.id
}

fn text(s: &str) -> ChatBody {
    ChatBody::Text(s.into())
}

async fn messages_are_kept_in_their_chat_under_the_rate_limit(engine: Engine) {
    let (store, _dir) = scratch!(engine, "chat_limits");
    let [ada, bob, cy] = users(&store).await;
    let game = game_of(&store, [ada, bob]).await;
    let post = |account, name: &'static str, channel, body, at| {
        let store = store.clone();
        async move { (store.post_chat(game, channel, account, name, body, at, LIMITS)).await }
    };
    let Posted::Posted(hello) = post(ada, "Ada", ChatChannel::Players, text("hello"), 1_000)
        .await
        .unwrap()
    else {
        panic!("refused")
    };
    assert_eq!(hello.name, "Ada");
    let quick = ChatBody::Quick("good_luck".into());
    post(bob, "Bob", ChatChannel::Players, quick.clone(), 1_500)
        .await
        .unwrap();
    post(cy, "Cy", ChatChannel::Spectators, text("go Bob"), 2_000)
        .await
        .unwrap();
    // Ada's second in 10 s passes, her third is refused until her first is 10 s old.
    post(ada, "Ada", ChatChannel::Players, text("two"), 3_000)
        .await
        .unwrap();
    let refused = post(ada, "Ada", ChatChannel::Players, text("three"), 4_000);
    assert_eq!(
        refused.await.unwrap(),
        Posted::Limited {
            retry_after_ms: 7_000
        }
    );
    // Later she may; then the long window (3 in 10 minutes) refuses her fourth.
    post(ada, "Ada", ChatChannel::Players, text("three"), 12_000)
        .await
        .unwrap();
    let refused = post(ada, "Ada", ChatChannel::Players, text("four"), 30_000);
    assert_eq!(
        refused.await.unwrap(),
        Posted::Limited {
            retry_after_ms: 571_000
        }
    );

    let all = store.chat_messages(game, 0, None).await.unwrap();
    let said: Vec<(&str, ChatChannel, &ChatBody)> = (all.iter())
        .map(|m| (m.name.as_str(), m.channel, &m.body))
        .collect();
    assert_eq!(
        said,
        [
            ("Ada", ChatChannel::Players, &text("hello")),
            ("Bob", ChatChannel::Players, &quick),
            ("Cy", ChatChannel::Spectators, &text("go Bob")),
            ("Ada", ChatChannel::Players, &text("two")),
            ("Ada", ChatChannel::Players, &text("three")),
        ]
    );
    assert_eq!(all[0], hello);
    // After an id: only the newer ones.
    let newer = store.chat_messages(game, all[3].id, None).await.unwrap();
    assert_eq!(newer, all[4..]);
}

async fn a_mute_hides_the_sender_from_the_muter_only(engine: Engine) {
    let (store, _dir) = scratch!(engine, "chat_mutes");
    let [ada, bob, cy] = users(&store).await;
    let game = game_of(&store, [ada, bob]).await;
    let body = text("buy cheap gold");
    let posted = store.post_chat(game, ChatChannel::Players, bob, "Bob", body, 5, LIMITS);
    posted.await.unwrap();
    store.mute(ada, bob, 6).await.unwrap();
    store.mute(ada, bob, 7).await.unwrap();
    store.mute(cy, bob, 7).await.unwrap();
    assert!(
        store
            .chat_messages(game, 0, Some(ada))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.chat_messages(game, 0, Some(bob)).await.unwrap().len(),
        1
    );
    assert_eq!(
        store.muted_by(ada).await.unwrap(),
        [(bob, "Bob".to_string())]
    );
    let mut muters = store.muters_of(bob).await.unwrap();
    muters.sort();
    assert_eq!(muters, [ada, cy]);
    assert!(store.unmute(ada, bob).await.unwrap());
    assert!(!store.unmute(ada, bob).await.unwrap());
    assert_eq!(
        store.chat_messages(game, 0, Some(ada)).await.unwrap().len(),
        1
    );
    assert_eq!(store.muters_of(bob).await.unwrap(), [cy]);
}

async fn chat_off_and_reports_are_kept(engine: Engine) {
    let (store, _dir) = scratch!(engine, "chat_reports");
    let [ada, bob, _] = users(&store).await;
    assert!(!store.chat_off(ada).await.unwrap());
    store.set_chat_off(ada, true, 1).await.unwrap();
    store.set_chat_off(ada, true, 2).await.unwrap();
    assert!(store.chat_off(ada).await.unwrap());
    assert!(!store.chat_off(bob).await.unwrap());
    store.set_chat_off(ada, false, 3).await.unwrap();
    assert!(!store.chat_off(ada).await.unwrap());

    let game = game_of(&store, [ada, bob]).await;
    let posted = store.post_chat(
        game,
        ChatChannel::Players,
        bob,
        "Bob",
        text("<b>rude</b>"),
        5,
        LIMITS,
    );
    posted.await.unwrap();
    let chat = store.chat_messages(game, 0, None).await.unwrap();
    store
        .report_chat(game, ada, "insults", &chat, 10)
        .await
        .unwrap();
    store.report_chat(game, bob, "", &[], 20).await.unwrap();
    let reports = store.chat_reports(10).await.unwrap();
    assert_eq!(reports.len(), 2);
    assert_eq!(
        (reports[0].reporter_name.as_str(), reports[0].at),
        ("Bob", 20)
    );
    let first = &reports[1];
    assert_eq!(
        (first.game, first.reporter, first.reason.as_str()),
        (game, ada, "insults")
    );
    assert_eq!(first.messages, chat);
    assert_eq!(store.chat_reports(1).await.unwrap().len(), 1);
}
