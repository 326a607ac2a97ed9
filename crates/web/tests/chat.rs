//! The game page's table chat: a message escaped and never a link (in the page and in the
//! lines fragment chat.js appends), quick messages each reader reads in their own language
//! (English, German, French), players and spectators apart, guests limited to quick messages
//! with the error in their language, mute and unmute, chat off.

mod common;

use axum::http::StatusCode;
use common::{Client, TestServer, invited_game};

async fn signed_up(server: &TestServer, name: &str, lang: &str) -> Client {
    let mut client = server.client();
    client.sign_up(name, "long enough").await;
    let page = client.page("/settings").await;
    let answer = client
        .submit(&page, "/lang", &[("lang", lang), ("back", "/")])
        .await;
    answer.see_other();
    client
}

async fn say(client: &mut Client, id: &str, fields: &[(&str, &str)]) -> common::Page {
    let page = client.page(&format!("/games/{id}")).await;
    client
        .submit(&page, &format!("/games/{id}/chat"), fields)
        .await
}

/// The chat's lines on the reader's game page, as text.
async fn chat_text(client: &mut Client, id: &str) -> String {
    let page = client.page(&format!("/games/{id}")).await;
    let panel = page
        .body
        .split("<ol id=\"chat-log\">")
        .nth(1)
        .unwrap_or_default();
    let panel = panel.split("</ol>").next().unwrap_or_default();
    common::html::text(panel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_of_two_languages_greet_each_other_and_markup_stays_text() {
    let server = TestServer::start().await;
    let mut ada = signed_up(&server, "Ada", "en").await;
    let mut bob = signed_up(&server, "Bob", "de").await;
    let id = invited_game(&mut ada, &mut bob).await;

    let answer = say(&mut bob, &id, &[("quick", "hello")]).await;
    assert_eq!(answer.see_other(), format!("/games/{id}#chat"));
    assert!(chat_text(&mut ada, &id).await.contains("Bob says: Hello!"));
    assert!(chat_text(&mut bob, &id).await.contains("Bob sagt: Hallo!"));

    let evil =
        "<script>alert(1)</script> <a href=\"javascript:alert(2)\">x</a> javascript:alert(3)";
    say(&mut ada, &id, &[("text", evil)]).await.see_other();
    let page = bob.page(&format!("/games/{id}")).await;
    assert!(
        !page.body.contains("<script>alert"),
        "a script went through"
    );
    assert!(!page.body.contains("href=\"javascript:"), "a link was made");
    assert!(
        page.body
            .contains("&#60;script&#62;alert(1)&#60;/script&#62;")
    );
    assert!(
        chat_text(&mut bob, &id)
            .await
            .contains(&format!("Ada sagt: {evil}"))
    );

    // The lines after an id, for chat.js.
    let lines = bob.api(&format!("/games/{id}/chat/lines?after=0")).await;
    let html = lines["html"].as_str().unwrap();
    assert_eq!(html.matches("<li ").count(), 2);
    assert!(html.contains("Bob sagt: Hallo!") && html.contains("Ada stummschalten"));
    assert!(!html.contains("<script>alert") && !html.contains("href=\"javascript:"));
    assert!(html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"));
    let last = lines["last"].as_i64().unwrap();
    let none = bob
        .api(&format!("/games/{id}/chat/lines?after={last}"))
        .await;
    assert_eq!(
        (none["html"].as_str().unwrap().trim(), none["last"].as_i64()),
        ("", Some(last))
    );

    // Too long, or empty: said in the reader's language, nothing kept.
    let long = "x".repeat(301);
    let refused = say(&mut bob, &id, &[("text", long.as_str())]).await;
    refused.expect(StatusCode::BAD_REQUEST);
    assert!(refused.text().contains("Diese Nachricht ist zu lang"));
    let refused = say(&mut ada, &id, &[("text", " \n ")]).await;
    assert!(
        refused
            .expect(StatusCode::BAD_REQUEST)
            .text()
            .contains("Write something first.")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_guests_mute_and_chat_off() {
    let server = TestServer::start().await;
    let mut ada = signed_up(&server, "Ada", "en").await;
    let mut bob = signed_up(&server, "Bob", "en").await;
    let id = invited_game(&mut ada, &mut bob).await;
    let mut cy = server.client();
    cy.guest("Cy").await;

    // A guest watching: quick messages only, told why in their language.
    let refused = say(&mut cy, &id, &[("text", "hi")]).await;
    refused.expect(StatusCode::FORBIDDEN);
    assert!(
        refused
            .text()
            .contains("Guests can send quick messages only")
    );
    let page = cy.page(&format!("/games/{id}")).await;
    assert!(
        !page.body.contains("id=\"chat-text\""),
        "a guest gets no text box"
    );
    say(&mut cy, &id, &[("quick", "good_luck")])
        .await
        .see_other();
    assert!(
        chat_text(&mut cy, &id)
            .await
            .contains("Cy says: Good luck!")
    );
    // A French spectator reads the same quick message in French.
    let mut dee = signed_up(&server, "Dee", "fr").await;
    assert!(
        chat_text(&mut dee, &id)
            .await
            .contains("Cy dit\u{202f}: Bonne chance\u{202f}!")
    );
    // The players do not read the spectators' chat while they play.
    assert!(!chat_text(&mut ada, &id).await.contains("Good luck"));

    // Ada mutes Bob from his line: his messages are gone for her, not for him.
    say(&mut bob, &id, &[("text", "buy gold")])
        .await
        .see_other();
    assert!(
        chat_text(&mut ada, &id)
            .await
            .contains("Bob says: buy gold")
    );
    let page = ada.page(&format!("/games/{id}")).await;
    let bob_id = page
        .body
        .split("name=\"account\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let muted = ada
        .submit(
            &page,
            &format!("/games/{id}/chat/mute"),
            &[("account", &bob_id)],
        )
        .await;
    assert_eq!(muted.see_other(), format!("/games/{id}#chat"));
    assert!(!chat_text(&mut ada, &id).await.contains("buy gold"));
    assert!(chat_text(&mut bob, &id).await.contains("buy gold"));
    let settings = ada.page("/settings/chat").await;
    assert!(settings.text().contains("Unmute Bob"));
    let answer = ada
        .submit(&settings, "/settings/chat/unmute", &[("account", &bob_id)])
        .await;
    assert_eq!(answer.see_other(), "/settings/chat?saved=1");
    assert!(chat_text(&mut ada, &id).await.contains("buy gold"));

    // Chat off: the panel is hidden and empty (chat.js shows it when chat is turned on in
    // another tab).
    let settings = ada.page("/settings/chat").await;
    ada.submit(&settings, "/settings/chat", &[])
        .await
        .see_other();
    let page = ada.page(&format!("/games/{id}")).await;
    assert!(page.body.contains("id=\"chat\" class=\"chat\""));
    assert!(page.body.contains(" hidden>\n  <h2 id=\"chat-heading\">"));
    assert!(!chat_text(&mut ada, &id).await.contains("buy gold"));
    let settings = ada.page("/settings/chat").await;
    ada.submit(&settings, "/settings/chat", &[("chat_on", "1")])
        .await
        .see_other();
    assert!(
        !(ada.page(&format!("/games/{id}")).await.body)
            .contains(" hidden>\n  <h2 id=\"chat-heading\">")
    );

    // A report is kept, and the page thanks the reporter.
    let page = cy.page(&format!("/games/{id}")).await;
    let answer = cy
        .submit(
            &page,
            &format!("/games/{id}/chat/report"),
            &[("reason", "spam")],
        )
        .await;
    let thanked = cy.follow(&answer).await;
    assert!(thanked.text().contains("an operator will read this table"));
    let reports = server.store().chat_reports(5).await.unwrap();
    assert_eq!(reports[0].reason, "spam");
}

/// The game page's row of seats (`<ul id="players">`), as HTML.
async fn seat_row(client: &mut Client, id: &str) -> String {
    let page = client.page(&format!("/games/{id}")).await;
    common::html::element(&page.body, "players").unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_mutes_and_unmutes_another_from_the_seat_row() {
    let server = TestServer::start().await;
    let mut ada = signed_up(&server, "Ada", "en").await;
    let mut bob = signed_up(&server, "Bob", "de").await;
    let id = invited_game(&mut ada, &mut bob).await;
    let bob_id = account_id(&mut bob).await.to_string();

    // Each player's row offers to mute the other, in their language, and never themselves.
    let row = seat_row(&mut ada, &id).await;
    assert!(
        row.contains(">Mute Bob</button>") && !row.contains("Mute Ada"),
        "{row}"
    );
    assert!(
        row.contains(&format!("name=\"account\" value=\"{bob_id}\"")),
        "{row}"
    );
    let row = seat_row(&mut bob, &id).await;
    assert!(row.contains(">Ada stummschalten</button>"), "{row}");
    // A spectator hears only the spectators' chat while the game is played: no buttons.
    let mut cy = signed_up(&server, "Cy", "fr").await;
    assert!(!seat_row(&mut cy, &id).await.contains("<form"));

    // The status fragment a page holds before the mute, to ask what changed since.
    let before = ada.page(&format!("/games/{id}/fragments")).await.json();
    let version = before["version"].as_u64().unwrap();
    assert!(
        before["fragments"]["game-status"]
            .as_str()
            .unwrap()
            .contains("Mute Bob")
    );

    let page = ada.page(&format!("/games/{id}")).await;
    let muted = ada
        .submit(
            &page,
            &format!("/games/{id}/chat/mute"),
            &[("account", &bob_id), ("from", "seats")],
        )
        .await;
    assert_eq!(muted.see_other(), format!("/games/{id}#players"));
    say(&mut bob, &id, &[("text", "buy gold")])
        .await
        .see_other();
    assert!(!chat_text(&mut ada, &id).await.contains("buy gold"));
    assert!(chat_text(&mut bob, &id).await.contains("buy gold"));
    let row = seat_row(&mut ada, &id).await;
    assert!(
        row.contains(">Unmute Bob</button>") && row.contains(">chat muted<"),
        "{row}"
    );
    // The page's next update brings the row as it now stands, though no move was made.
    let after = ada
        .page(&format!("/games/{id}/fragments?since={version}"))
        .await
        .json();
    let status = after["fragments"]["game-status"]
        .as_str()
        .unwrap_or_default();
    assert!(status.contains("Unmute Bob"), "{after}");

    let page = ada.page(&format!("/games/{id}")).await;
    let fields = [("account", bob_id.as_str()), ("from", "seats")];
    let unmute = format!("/games/{id}/chat/unmute");
    let answer = ada.submit(&page, &unmute, &fields).await;
    assert_eq!(answer.see_other(), format!("/games/{id}#players"));
    assert!(
        chat_text(&mut ada, &id)
            .await
            .contains("Bob says: buy gold")
    );
    assert!(seat_row(&mut ada, &id).await.contains(">Mute Bob</button>"));
    // Unmuted already (another tab): back to the page, nothing to say.
    let answer = ada.submit(&page, &unmute, &fields).await;
    assert_eq!(answer.see_other(), format!("/games/{id}#players"));
    // A form without its token changes nothing.
    let forged = ada.post(&format!("/games/{id}/chat/mute"), &fields).await;
    forged.expect(StatusCode::FORBIDDEN);
    assert!(seat_row(&mut ada, &id).await.contains(">Mute Bob</button>"));
}

/// Every quick message the server accepts is worded in every language.
#[test]
fn every_quick_message_has_words_in_every_language() {
    for lang in agora_present::Lang::ALL {
        for code in agora_present::chat::QUICK {
            let words = agora_present::chat::quick(lang, code).unwrap();
            assert!(!words.starts_with("chat-quick"), "{lang} {code}");
        }
    }
    assert!(agora_present::text::take_misses().is_empty());
}

/// The chat's section of a replay page, as text.
fn replay_chat(page: &common::Page) -> String {
    let section = (page.body.split("id=\"replay-chat\"").nth(1)).unwrap_or_default();
    common::html::text(section.split("</section>").next().unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_messages_say_when_to_try_again_and_a_refused_move_keeps_the_chat() {
    let server = TestServer::start().await;
    let mut ada = signed_up(&server, "Ada", "en").await;
    let mut bob = signed_up(&server, "Bob", "fr").await;
    let id = invited_game(&mut ada, &mut bob).await;

    for _ in 0..5 {
        say(&mut ada, &id, &[("quick", "thanks")]).await.see_other();
    }
    // Without JavaScript: the game page again, the wait in the chat's alert, the text kept.
    let refused = say(&mut ada, &id, &[("text", "one more")]).await;
    refused.expect(StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=10).contains(&wait), "Retry-After: {wait}");
    assert!(
        refused
            .text()
            .contains("You are sending messages too fast: try again in"),
        "{}",
        refused.text()
    );
    assert!(refused.body.contains("value=\"one more\""));
    assert!(refused.body.contains("id=\"chat-log\""));
    // With it (chat.js): the same, as JSON.
    let page = ada.page(&format!("/games/{id}")).await;
    let csrf = page.csrf();
    let refused = ada
        .post_with(
            &format!("/games/{id}/chat"),
            &[("csrf", &csrf), ("quick", "oops")],
            &[("sec-fetch-site", "same-origin"), ("x-agora-fetch", "1")],
        )
        .await;
    refused.expect(StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.header("retry-after").is_some());
    let answer = refused.json();
    assert!(answer["error"].as_str().unwrap().contains("try again in"));
    assert!((1..=10).contains(&answer["retry_after"].as_u64().unwrap()));

    // A move refused without JavaScript: the page comes back with its chat.
    let page = bob.page(&format!("/games/{id}")).await;
    let refused = bob
        .submit(&page, &format!("/games/{id}/move"), &[("move", "nonsense")])
        .await;
    refused.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.body.contains("id=\"chat-log\""));
    assert!(refused.text().contains("Ada dit\u{202f}: Merci"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_shows_what_was_said_by_each_step() {
    let server = TestServer::start().await;
    let mut ada = signed_up(&server, "Ada", "en").await;
    let mut bob = signed_up(&server, "Bob", "de").await;
    let id = invited_game(&mut ada, &mut bob).await;
    let mut cy = server.client();
    cy.guest("Cy").await;
    let version = |state: serde_json::Value| state["version"].as_u64().unwrap();
    let before = version(ada.api(&format!("/api/games/{id}")).await);

    say(&mut bob, &id, &[("quick", "hello")]).await.see_other();
    say(&mut cy, &id, &[("quick", "good_luck")])
        .await
        .see_other();
    // Steps and messages are told apart by their times, in milliseconds.
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let state = ada.api(&format!("/api/games/{id}")).await;
    let ada_to_move = state["turn"]["seat"] == state["viewer"]["seat"];
    common::until_turn_of(&mut ada, &mut bob, &id, !ada_to_move).await;
    let after = version(ada.api(&format!("/api/games/{id}")).await);
    assert!(after > before);
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    say(&mut ada, &id, &[("text", "nice move")])
        .await
        .see_other();

    let replay = |step: u64| format!("/games/{id}/replay?step={step}");
    let at_start = replay_chat(&ada.page(&replay(before)).await);
    assert!(at_start.contains("Bob says: Hello!"), "{at_start}");
    assert!(!at_start.contains("nice move"), "{at_start}");
    // The spectators' chat stays theirs while the game is played.
    assert!(!at_start.contains("Good luck"), "{at_start}");
    if before > 0 {
        let earlier = replay_chat(&ada.page(&replay(before - 1)).await);
        assert!(
            earlier.contains("Nothing was said by this step."),
            "{earlier}"
        );
    }
    let now = replay_chat(&bob.page(&replay(after)).await);
    assert!(
        now.contains("Bob sagt: Hallo!") && now.contains("Ada sagt: nice move"),
        "{now}"
    );
    // The step's fragment (replay.js) carries the chat too.
    let fragment = bob
        .api(&format!("/games/{id}/replay/fragment?step={before}"))
        .await;
    assert!(
        fragment["html"]
            .as_str()
            .unwrap()
            .contains("Bob sagt: Hallo!")
    );

    // Muted, Bob's words leave Ada's replay; with chat off, the replay has no chat.
    let (status, _) = ada
        .api_post(
            "/api/me/mutes",
            serde_json::json!({"account": account_id(&mut bob).await}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let muted = replay_chat(&ada.page(&replay(after)).await);
    assert!(
        !muted.contains("Hello") && muted.contains("Ada says: nice move"),
        "{muted}"
    );
    bob.api_post("/api/me/chat", serde_json::json!({"off": true}))
        .await;
    assert!(
        !bob.page(&replay(after))
            .await
            .body
            .contains("id=\"replay-chat\"")
    );
}

/// The signed-in account's id.
async fn account_id(client: &mut Client) -> i64 {
    client.api("/api/me").await["account"]["id"]
        .as_i64()
        .unwrap()
}
