//! Table chat over HTTP and WebSocket: players and spectators each in their own chat while
//! the game is played, the limits (length, rate, guests' free text), messages kept verbatim
//! (escaping is the pages'), mutes filtered per reader on every node, reports and chat off.

mod common;

use std::time::Duration;

use common::{Client, Server, TempDb, Ws, serve, start_server, test_config};
use serde_json::{Value, json};

async fn user(server: &Server, name: &str) -> Client {
    let mut client = server.client();
    let body = json!({"name": name, "password": "long enough"});
    let (status, answer) = client.post("/api/signup", body).await;
    assert_eq!(status, 200, "{answer}");
    client
}

/// A Tyrus game between `a` and `b`.
async fn game(a: &mut Client, b: &mut Client) -> String {
    let seats = json!([{"kind": "me"}, {"kind": "open"}]);
    let created = (a.ok("/api/tables", json!({"game": "tyrus", "seats": seats}))).await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    b.ok(&format!("/api/tables/{id}/join"), json!({"seat": 1}))
        .await;
    id
}

/// The next `chat` frame's message, or `None` if none comes within half a second.
async fn next_chat(ws: &mut Ws) -> Option<Value> {
    while let Some(frame) = ws.try_next(Duration::from_millis(500)).await {
        if frame["type"] == "chat" {
            return Some(frame["message"].clone());
        }
    }
    None
}

/// Whether the next `chat_setting` frame turns chat off, or `None` if none comes within half
/// a second.
async fn next_setting(ws: &mut Ws) -> Option<bool> {
    while let Some(frame) = ws.try_next(Duration::from_millis(500)).await {
        if frame["type"] == "chat_setting" {
            return frame["off"].as_bool();
        }
    }
    None
}

async fn say(client: &mut Client, id: &str, body: Value) -> (u16, Value) {
    client.post(&format!("/api/games/{id}/chat"), body).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn players_and_spectators_talk_apart_within_the_limits() {
    let db = TempDb::new("chat_apart");
    let server = serve(&db).await;
    let mut ada = user(&server, "Ada").await;
    let mut bob = user(&server, "Bob").await;
    let mut cy = user(&server, "Cy").await;
    let mut gus = server.guest("Gus").await;
    let id = game(&mut ada, &mut bob).await;
    let mut bob_ws = bob.connect(&id, "").await;
    let mut cy_ws = cy.connect(&id, "").await;

    // Kept as written (trimmed, controls gone), never turned into markup or links here.
    let evil = "  <script>alert(1)</script> javascript:alert(2)\u{7} ";
    let (status, said) = say(&mut ada, &id, json!({"text": evil})).await;
    assert_eq!(status, 200, "{said}");
    let heard = next_chat(&mut bob_ws).await.expect("Bob hears Ada");
    assert_eq!(
        heard["text"],
        "<script>alert(1)</script> javascript:alert(2)"
    );
    assert_eq!(
        (heard["name"].as_str(), heard["channel"].as_str()),
        (Some("Ada"), Some("players"))
    );
    assert_eq!(heard["quick"], Value::Null);
    // The spectators' chat does not hear the players', nor the players the spectators'.
    assert_eq!(next_chat(&mut cy_ws).await, None);
    say(&mut cy, &id, json!({"text": "go Bob"})).await;
    assert_eq!(
        next_chat(&mut cy_ws).await.unwrap()["channel"],
        "spectators"
    );
    assert_eq!(next_chat(&mut bob_ws).await, None);

    // A guest: quick messages only.
    let (status, refused) = say(&mut gus, &id, json!({"text": "hi"})).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (403, Some("forbidden"))
    );
    let (status, _) = say(&mut gus, &id, json!({"quick": "good_luck"})).await;
    assert_eq!(status, 200);
    assert_eq!(next_chat(&mut cy_ws).await.unwrap()["quick"], "good_luck");

    // Length and shape.
    for bad in [
        json!({"text": " \n "}),
        json!({"text": "x".repeat(301)}),
        json!({"quick": "insult"}),
        json!({"text": "a", "quick": "thanks"}),
        json!({}),
    ] {
        let (status, answer) = say(&mut ada, &id, bad).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (400, Some("bad_request"))
        );
    }
    let (status, _) = say(&mut ada, &id, json!({"text": "é".repeat(300)})).await;
    assert_eq!(status, 200);

    // Rate: 5 in 10 s per account; Ada has sent 2.
    for n in 0..3 {
        let (status, _) = say(&mut ada, &id, json!({"text": format!("n{n}")})).await;
        assert_eq!(status, 200);
    }
    let (status, answer) = say(&mut ada, &id, json!({"quick": "sorry"})).await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (429, Some("rate_limited"))
    );
    // The wait comes as `Retry-After`, in whole seconds, within the short window.
    let refused = reqwest::Client::new()
        .post(format!("{}/api/games/{id}/chat", ada.base))
        .header("cookie", ada.cookie.clone().expect("Ada's session"))
        .header("content-type", "application/json")
        .body(json!({"quick": "sorry"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    let wait: u64 = (refused.headers()["retry-after"].to_str().unwrap())
        .parse()
        .unwrap();
    assert!((1..=10).contains(&wait), "Retry-After: {wait}");

    // Reading again: each sees their own chat.
    let (_, bobs) = bob.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(bobs["channel"], "players");
    let texts: Vec<&str> = (bobs["messages"].as_array().unwrap().iter())
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert_eq!(texts.len(), 5);
    assert!(texts.iter().all(|t| *t != "go Bob"));
    let (_, cys) = cy.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(cys["messages"].as_array().unwrap().len(), 2);

    // Once the game is over, both chats are everyone's.
    ada.ok(&format!("/api/games/{id}/resign"), json!({})).await;
    let (_, after) = cy.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(after["messages"].as_array().unwrap().len(), 7);

    // A report keeps both chats; chat off stops the frames.
    let (status, report) = (cy.post(
        &format!("/api/games/{id}/chat/report"),
        json!({"reason": "spam"}),
    ))
    .await;
    assert_eq!(status, 200, "{report}");
    let reports = db.store().await.chat_reports(10).await.unwrap();
    assert_eq!(
        (
            reports.len(),
            reports[0].messages.len(),
            reports[0].reason.as_str()
        ),
        (1, 7, "spam")
    );
    cy.ok("/api/me/chat", json!({"off": true})).await;
    // The socket Cy had open already hears of it, and no more chat.
    assert_eq!(next_setting(&mut cy_ws).await, Some(true));
    let mut quiet = cy.connect(&id, "").await;
    say(&mut bob, &id, json!({"quick": "good_game"})).await;
    assert_eq!(next_chat(&mut quiet).await, None);
    assert_eq!(next_chat(&mut cy_ws).await, None);
    let (_, off) = cy.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(
        (
            off["off"].as_bool(),
            off["messages"].as_array().unwrap().len()
        ),
        (Some(true), 0)
    );
    // On again: the open sockets hear of it, and chat again.
    cy.ok("/api/me/chat", json!({"off": false})).await;
    assert_eq!(next_setting(&mut quiet).await, Some(false));
    assert_eq!(next_setting(&mut cy_ws).await, Some(false));
    say(&mut cy, &id, json!({"quick": "thanks"})).await;
    assert_eq!(next_chat(&mut quiet).await.unwrap()["quick"], "thanks");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_muted_player_is_never_sent_to_the_muter_on_any_node() {
    let Some(url) = common::postgres_database("chat_mute").await else {
        return;
    };
    let one = start_server(url.clone(), test_config()).await;
    let two = start_server(url, test_config()).await;
    let mut ada = user(&one, "Ada").await;
    let mut bob = user(&two, "Bob").await;
    let id = game(&mut ada, &mut bob).await;
    // Ada and Bob both listen on node one; Bob writes through node two.
    let mut ada_ws = ada.connect(&id, "").await;
    let mut bob_ws = bob.on(&one).connect(&id, "").await;
    say(&mut bob, &id, json!({"quick": "hello"})).await;
    assert_eq!(next_chat(&mut ada_ws).await.unwrap()["quick"], "hello");
    assert_eq!(next_chat(&mut bob_ws).await.unwrap()["quick"], "hello");

    let (_, me) = bob.get("/api/me").await;
    ada.ok("/api/me/mutes", json!({"account": me["account"]["id"]}))
        .await;
    say(&mut bob, &id, json!({"text": "you will not read this"})).await;
    // Once Bob's own socket on node one has it, Ada's would have had it too.
    assert_eq!(
        next_chat(&mut bob_ws).await.unwrap()["text"],
        "you will not read this"
    );
    assert_eq!(next_chat(&mut ada_ws).await, None);
    // Nor on reading the chat again, on either node.
    for node in [&one, &two] {
        let (_, read) = ada.on(node).get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(read["messages"].as_array().unwrap().len(), 0, "{read}");
    }
    let (_, mutes) = ada.get("/api/me/mutes").await;
    assert_eq!(mutes["muted"][0]["name"], "Bob");

    // Unmuted, she reads him again, live on the other node too.
    let mut ada_two = ada.on(&two).connect(&id, "").await;
    let url = format!("{}/api/me/mutes/{}", ada.base, me["account"]["id"]);
    let (status, _) = ada.send(reqwest::Client::new().delete(url)).await;
    assert_eq!(status, 200);
    say(&mut bob, &id, json!({"quick": "sorry"})).await;
    assert_eq!(next_chat(&mut ada_ws).await.unwrap()["quick"], "sorry");
    assert_eq!(next_chat(&mut ada_two).await.unwrap()["quick"], "sorry");

    // Chat turned off through node one reaches her socket on node two at once.
    ada.ok("/api/me/chat", json!({"off": true})).await;
    assert_eq!(next_setting(&mut ada_two).await, Some(true));
    say(&mut bob, &id, json!({"quick": "oops"})).await;
    assert_eq!(next_chat(&mut ada_two).await, None);
}

/// Two nodes over one PostgreSQL database (`None` without one), and Ada and Bob, signed up
/// on node one, at a game.
async fn two_nodes(test: &str) -> Option<(Server, Server, Client, Client, String)> {
    let url = common::postgres_database(test).await?;
    let one = start_server(url.clone(), test_config()).await;
    let two = start_server(url, test_config()).await;
    let mut ada = user(&one, "Ada").await;
    let mut bob = user(&one, "Bob").await;
    let id = game(&mut ada, &mut bob).await;
    Some((one, two, ada, bob, id))
}

/// A mute holds on every socket of the muter, whichever node the muted player writes
/// through and whichever node the muter listens on, sockets opened before the mute included.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_mute_holds_on_every_node_for_sockets_opened_before_it() {
    let Some((_one, two, mut ada, mut bob, id)) = two_nodes("chat_mute_nodes").await else {
        return;
    };
    // Ada listens on both nodes from before the mute; Bob's own sockets show when a
    // message has been delivered on each node.
    let mut ada_one = ada.connect(&id, "").await;
    let mut ada_two = ada.on(&two).connect(&id, "").await;
    let mut bob_one = bob.connect(&id, "").await;
    let mut bob_two = bob.on(&two).connect(&id, "").await;
    say(&mut bob, &id, json!({"quick": "hello"})).await;
    for ws in [&mut ada_one, &mut ada_two, &mut bob_one, &mut bob_two] {
        assert_eq!(next_chat(ws).await.unwrap()["quick"], "hello");
    }

    // Ada mutes Bob through node one; Bob writes through each node in turn.
    let (_, me) = bob.get("/api/me").await;
    ada.ok("/api/me/mutes", json!({"account": me["account"]["id"]}))
        .await;
    let mut bob_on_two = bob.on(&two);
    for (n, writer) in [&mut bob, &mut bob_on_two].into_iter().enumerate() {
        let text = format!("unread {n}");
        let (status, _) = say(writer, &id, json!({ "text": text })).await;
        assert_eq!(status, 200);
        for ws in [&mut bob_one, &mut bob_two] {
            assert_eq!(next_chat(ws).await.unwrap()["text"], text.as_str());
        }
    }
    // Both of Bob's sockets had both messages: Ada's, on the same nodes, had none.
    assert_eq!(next_chat(&mut ada_one).await, None);
    assert_eq!(next_chat(&mut ada_two).await, None);
    // Nor does reading the chat through node two list them.
    let (_, read) = ada.on(&two).get(&format!("/api/games/{id}/chat")).await;
    let texts: Vec<&Value> = (read["messages"].as_array().unwrap().iter())
        .map(|m| &m["text"])
        .collect();
    assert!(texts.iter().all(|t| t.is_null()), "{read}");
}

/// The rate limit counts an account's messages over both nodes.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_chat_rate_counts_an_account_over_every_node() {
    let Some((_one, two, mut ada, mut bob, id)) = two_nodes("chat_rate_nodes").await else {
        return;
    };
    let mut ada_two = ada.on(&two);
    // Five in ten seconds, split over the nodes.
    for n in 0..5 {
        let writer = if n % 2 == 0 { &mut ada } else { &mut ada_two };
        let (status, answer) = say(writer, &id, json!({"text": format!("m{n}")})).await;
        assert_eq!(status, 200, "{answer}");
    }
    for writer in [&mut ada, &mut ada_two] {
        let (status, answer) = say(writer, &id, json!({"quick": "sorry"})).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (429, Some("rate_limited")),
            "{answer}"
        );
    }
    // Nothing of the refused was kept; Bob, another account, may still talk.
    let (status, _) = say(&mut bob, &id, json!({"quick": "thanks"})).await;
    assert_eq!(status, 200);
    let (_, read) = bob.on(&two).get(&format!("/api/games/{id}/chat")).await;
    let messages = read["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 6, "{read}");
    assert!(messages.iter().all(|m| m["quick"] != "sorry"));
}
