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

    // Chat off: no panel.
    let settings = ada.page("/settings/chat").await;
    ada.submit(&settings, "/settings/chat", &[])
        .await
        .see_other();
    let page = ada.page(&format!("/games/{id}")).await;
    assert!(!page.body.contains("id=\"chat\""));
    let settings = ada.page("/settings/chat").await;
    ada.submit(&settings, "/settings/chat", &[("chat_on", "1")])
        .await
        .see_other();
    assert!(
        ada.page(&format!("/games/{id}"))
            .await
            .body
            .contains("id=\"chat\"")
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

/// The server's quick messages and the narrator's are the same nine, worded in every
/// language.
#[test]
fn every_quick_message_has_words_in_every_language() {
    assert_eq!(agora_server::play::chat::QUICK, agora_present::chat::QUICK);
    for lang in agora_present::Lang::ALL {
        for code in agora_present::chat::QUICK {
            let words = agora_present::chat::quick(lang, code).unwrap();
            assert!(!words.starts_with("chat-quick"), "{lang} {code}");
        }
    }
    assert!(agora_present::text::take_misses().is_empty());
}
