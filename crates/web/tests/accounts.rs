//! Sign up, sign in, guests and signing out, as a browser without JavaScript does them.

mod common;

use common::{Client, Page, TestServer, html};
use reqwest::StatusCode;

/// The page refused the form with `message`, in the error summary and by `field`, keeping
/// the name typed.
fn assert_field_error(page: &Page, field: &str, message: &str, name: &str) {
    page.expect(StatusCode::UNPROCESSABLE_ENTITY);
    let summary = html::element(&page.body, "error-summary").expect("an error summary");
    assert!(html::text(&summary).contains(message), "{summary}");
    let by_field =
        html::element(&page.body, &format!("{field}-error")).expect("an error by the field");
    assert!(html::text(&by_field).contains(message), "{by_field}");
    let input = html::by_id(&page.body, field).expect("the field");
    assert_eq!(input.attr("aria-invalid"), Some("true"));
    assert!(page.title().starts_with("Error: "), "{}", page.title());
    assert_eq!(html::input_value(&page.body, "name").as_deref(), Some(name));
}

async fn sign_up_form(client: &mut Client, name: &str, password: &str) -> Page {
    let page = client.page("/signup").await;
    client
        .submit(
            &page,
            "/signup",
            &[("name", name), ("password", password), ("back", "/lobby")],
        )
        .await
}

/// The header's account part.
fn who(page: &Page) -> String {
    let start = page.body.find("<div class=\"who\">").expect("the header");
    let end = start + page.body[start..].find("</div>").unwrap();
    html::text(&page.body[start..end])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_refuses_each_bad_field_then_signs_in() {
    let server = TestServer::start().await;
    let mut ada = server.client();

    let answer = sign_up_form(&mut ada, "", "long enough").await;
    assert_field_error(&answer, "name", "Enter a name", "");
    let answer = sign_up_form(&mut ada, "Ada", "").await;
    assert_field_error(&answer, "password", "Enter a password", "Ada");
    let answer = sign_up_form(&mut ada, "A<>", "long enough").await;
    assert_field_error(&answer, "name", "Use 2 to 24 letters", "A<>");
    let answer = sign_up_form(&mut ada, "Ada", "short").await;
    assert_field_error(&answer, "password", "Use a password of 8 to 128", "Ada");
    assert!(ada.cookie("agora_session").is_none());

    let answer = sign_up_form(&mut ada, "Ada", "correct horse").await;
    assert_eq!(answer.see_other(), "/lobby");
    assert!(ada.cookie("agora_session").is_some());
    let lobby = ada.follow(&answer).await;
    lobby.expect(StatusCode::OK);
    assert_eq!(who(&lobby), "Signed in as Ada Sign out");
    assert_eq!(ada.api("/api/me").await["account"]["name"], "Ada");

    let mut other = server.client();
    let answer = sign_up_form(&mut other, "ada", "another one").await;
    assert_field_error(&answer, "name", "That name is taken", "ada");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_out_then_sign_in_again() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.sign_up("Ada", "correct horse").await;

    let home = ada.page("/").await;
    let answer = ada.submit(&home, "/signout", &[]).await;
    assert_eq!(answer.see_other(), "/");
    let cleared = answer
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|c| c.starts_with("agora_session=;") && c.contains("Max-Age=0"));
    assert!(cleared, "{:?}", answer.headers);
    assert!(ada.cookie("agora_session").is_none());
    let home = ada.follow(&answer).await;
    assert_eq!(who(&home), "Sign in Sign up");
    assert_eq!(ada.get("/api/me").await.status, StatusCode::UNAUTHORIZED);

    let page = ada.page("/signin").await;
    let answer = ada
        .submit(
            &page,
            "/signin",
            &[("name", "Ada"), ("password", "wrong horse")],
        )
        .await;
    assert_field_error(
        &answer,
        "password",
        "The name or the password is not right",
        "Ada",
    );
    let answer = ada
        .submit(&page, "/signin", &[("name", ""), ("password", "")])
        .await;
    assert_field_error(&answer, "name", "Enter a name", "");
    assert!(html::element(&answer.body, "password-error").is_some());

    let answer = ada
        .submit(
            &page,
            "/signin",
            &[
                ("name", "Ada"),
                ("password", "correct horse"),
                ("back", "/settings"),
            ],
        )
        .await;
    assert_eq!(answer.see_other(), "/settings");
    let settings = ada.follow(&answer).await;
    assert_eq!(who(&settings), "Signed in as Ada Sign out");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_with_and_without_a_name() {
    let server = TestServer::start().await;
    let mut named = server.client();
    let home = named.guest("Zoe").await;
    assert_eq!(who(&home), "Zoe (guest) Sign out");
    let me = named.api("/api/me").await;
    assert_eq!(me["account"]["name"], "Zoe");
    assert_eq!(me["account"]["kind"], "guest");

    let mut nameless = server.client();
    let home = nameless.guest("").await;
    let shown = who(&home);
    let name = shown.strip_suffix(" (guest) Sign out").expect(&shown);
    // Numbered by the account's own id: unique.
    let id = nameless.api("/api/me").await["account"]["id"].clone();
    assert_eq!(name, format!("Guest {id}"));
    // In the guest's own language.
    let mut names = vec![name.to_string()];
    for (lang, word) in [("de", "Gast "), ("fr", "Invité "), ("en", "Guest ")] {
        let mut guest = server.client();
        guest.accept_language = Some(lang.to_string());
        let home = guest.guest("").await;
        let name = guest.api("/api/me").await["account"]["name"]
            .as_str()
            .unwrap()
            .to_string();
        let number = name.strip_prefix(word).expect(&name);
        assert!(number.bytes().all(|b| b.is_ascii_digit()), "{name}");
        assert!(home.text().contains(&name), "{lang}");
        names.push(name);
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");

    // A guest's name follows the same rules as any name.
    let page = nameless.page("/signin").await;
    let answer = nameless.submit(&page, "/guest", &[("name", "x")]).await;
    assert_field_error(&answer, "name", "Use 2 to 24 letters", "x");
    server.stop().await;
}

/// Ada, signed up, and Zoe, a guest, at a game of theirs (its id).
async fn ada_and_guest_zoe(server: &TestServer) -> (Client, Client, String) {
    let mut ada = server.client();
    ada.sign_up("Ada", "correct horse").await;
    let mut zoe = server.client();
    zoe.guest("Zoe").await;
    let id = common::invited_game(&mut ada, &mut zoe).await;
    (ada, zoe, id)
}

/// A guest who signs up becomes the account: the game and its seat, the settings, and the
/// guest's name offered on the form.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_who_signs_up_keeps_games_settings_and_name() {
    let server = TestServer::start().await;
    let (_ada, mut zoe, id) = ada_and_guest_zoe(&server).await;
    let settings = zoe.page("/settings").await;
    let saved = zoe
        .submit(&settings, "/settings", &[("lang", "de"), ("theme", "dark")])
        .await;
    zoe.follow(&saved).await;

    let form = zoe.page("/signup").await;
    assert_eq!(
        html::input_value(&form.body, "name").as_deref(),
        Some("Zoe")
    );
    assert!(form.text().contains("Gastnamen"), "{}", form.text());
    let answer = zoe
        .submit(
            &form,
            "/signup",
            &[
                ("name", "Zoe"),
                ("password", "long enough"),
                ("back", "/games"),
            ],
        )
        .await;
    assert_eq!(answer.see_other(), "/games");
    let games = zoe.follow(&answer).await;
    assert!(
        games.body.contains(&format!("/games/{id}")),
        "{}",
        games.body
    );
    let me = zoe.api("/api/me").await;
    assert_eq!(
        (
            me["account"]["name"].as_str(),
            me["account"]["kind"].as_str()
        ),
        (Some("Zoe"), Some("user"))
    );
    // The settings are the account's now, in every browser it signs in from.
    let mut elsewhere = server.client();
    let page = elsewhere.page("/signin").await;
    let answer = elsewhere
        .submit(
            &page,
            "/signin",
            &[("name", "zoe"), ("password", "long enough"), ("back", "/")],
        )
        .await;
    let home = elsewhere.follow(&answer).await;
    assert_eq!(home.lang(), "de");
    server.stop().await;
}

/// A guest who signs up under a new name mid-game is called by it on the other player's page
/// at once, though that page's table row was kept from its last request
/// (`play::Kept::table`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_renamed_by_signing_up_is_called_anew_on_the_other_page() {
    let server = TestServer::start().await;
    let (mut ada, mut zoe, id) = ada_and_guest_zoe(&server).await;
    // Both have moved, so both are named in the history.
    common::until_turn_of(&mut ada, &mut zoe, &id, true).await;
    common::until_turn_of(&mut ada, &mut zoe, &id, false).await;
    common::until_turn_of(&mut ada, &mut zoe, &id, true).await;
    let whole = format!("/games/{id}/fragments");
    let before = ada.page(&whole).await.json()["entries"].to_string();
    assert!(before.contains("Zoe"), "{before}");

    let form = zoe.page("/signup").await;
    let answer = zoe
        .submit(
            &form,
            "/signup",
            &[("name", "Zora"), ("password", "long enough"), ("back", "/")],
        )
        .await;
    assert_eq!(answer.see_other(), "/");
    let after = ada.page(&whole).await.json();
    let entries = after["entries"].to_string();
    assert!(entries.contains("Zora"), "{entries}");
    assert!(!entries.contains("Zoe"), "{entries}");
    assert!(
        after["fragments"]["game-status"]
            .to_string()
            .contains("Zora")
    );
    server.stop().await;
}
