//! Records are public once a game is over, hidden cards included, while the game's view keeps
//! showing only what the table showed (docs/rules/tyrus.md, ruling 10).

mod common;

use common::{Client, TempDb, guests, serve, table};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_tyrus_game_shows_its_whole_record_and_keeps_its_view() {
    let db = TempDb::new("records-public");
    let server = serve(&db).await;
    let mut clients = guests(&server, "rec", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let mut anyone = Client::new(server.addr);

    // Before the end: nothing of the record, to anyone.
    let (status, refusal) = anyone.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(
        (status, refusal["error"]["code"].as_str()),
        (409, Some("not_finished"))
    );
    let state = clients[0].game(&id).await;
    let mover = state["turn"]["seat"].as_u64().unwrap() as usize;
    let state = clients[mover].game(&id).await;
    let mv = state["legal_moves"][0].as_str().unwrap().to_string();
    clients[mover]
        .ok(&format!("/api/games/{id}/move"), json!({ "move": mv }))
        .await;
    clients[1 - mover]
        .ok(&format!("/api/games/{id}/resign"), json!({}))
        .await;

    // After: the whole record, to anyone: seed, all nine cards, both draw orders, the moves.
    let (status, record) = anyone.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert!(record["seed"].is_u64(), "{record}");
    let elections = record["setup"]["elections"].as_array().unwrap();
    assert_eq!(elections.len(), 9);
    let draws = record["setup"]["draws"].as_array().unwrap();
    assert!(draws.iter().all(|d| d.as_array().unwrap().len() == 30));
    assert!(record["moves"].as_array().unwrap().contains(&json!(mv)));

    // The view still shows what the table showed: one card turned, the rest face down, and
    // a spectator sees no hand (the game was decided by resignation, not by the hands).
    let over = anyone.game(&id).await;
    let offices = over["view"]["offices"].as_array().unwrap();
    assert_eq!(offices[0], elections[0]);
    assert!(offices[1..].iter().all(|o| o.is_null()), "{offices:?}");
    assert!(over["view"]["hand"].is_null());
    assert!(over["view"]["revealed_hands"].is_null());
    assert_eq!(
        over["record"], record,
        "the state's record is the same document"
    );

    // The rules say so (they said the opposite before).
    let rules = include_str!("../../../docs/rules/tyrus.md");
    assert!(rules.contains("**The full record is public once the game is over**"));
    assert!(!rules.contains("Cards never turned stay hidden, even after the game."));
    server.stop().await;
}
