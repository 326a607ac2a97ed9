//! The lobby without JavaScript: opening tables with every option (and each bad value
//! refused), the invitation link, joining as a guest from it, leaving and cancelling, and the
//! one-click game against the computer from the home page.

mod common;

use common::{Client, Page, TestServer, html};
use reqwest::StatusCode;
use serde_json::Value;

/// Posts the lobby's form with `fields` (the game, Tyrus, added).
async fn open_table(client: &mut Client, fields: &[(&str, &str)]) -> Page {
    let lobby = client.page("/lobby").await;
    let mut all = vec![("game", "tyrus")];
    all.extend_from_slice(fields);
    client.submit(&lobby, "/tables", &all).await
}

/// The table's id in a redirect to `/tables/{id}...` or `/games/{id}`.
fn id_in(location: &str) -> String {
    let rest = location
        .strip_prefix("/tables/")
        .or_else(|| location.strip_prefix("/games/"))
        .unwrap_or_else(|| panic!("not a table: {location}"));
    rest.split('?').next().unwrap().to_string()
}

/// The `<dd>` after the `<dt>` saying `term` on a table page.
fn fact(page: &Page, term: &str) -> String {
    let text = page.text();
    let start = text
        .find(term)
        .unwrap_or_else(|| panic!("no {term}: {text}"))
        + term.len();
    text[start..].trim_start().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_opponent_and_clock_opens_its_table() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;

    // Against the computer, at every level: the game starts at once.
    for level in ["beginner", "easy", "medium", "hard"] {
        let choice = format!("ai-{level}");
        let answer = open_table(&mut ada, &[("seat1", &choice), ("clock", "none")]).await;
        let location = answer.see_other().to_string();
        assert!(location.starts_with("/games/"), "{location}");
        let game = ada.follow(&answer).await;
        game.expect(StatusCode::OK);
        assert!(
            game.text().contains(&format!("the computer ({level})")),
            "{level}: {}",
            game.text()
        );
        let state = ada.api(&format!("/api/games/{}", id_in(&location))).await;
        assert_eq!(state["seats"][1]["ai_level"], level);
        assert_eq!(state["time_control"]["kind"], "untimed");
        // A guest may play three games against the computer at once: end this one.
        let (status, _) = ada
            .api_post(
                &format!("/api/games/{}/resign", id_in(&location)),
                serde_json::json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{level}");
    }

    // Open seats, with each clock, listed or not.
    // The form's fields, the time control the API stores, the page's words for it, listed.
    type Case = (
        &'static [(&'static str, &'static str)],
        Value,
        &'static str,
        bool,
    );
    let cases: [Case; 4] = [
        (
            &[("clock", "none"), ("listed", "1")],
            serde_json::json!({"kind": "untimed"}),
            "No clock",
            true,
        ),
        (
            &[
                ("clock", "live"),
                ("minutes", "7"),
                ("increment", "3"),
                ("listed", "1"),
            ],
            serde_json::json!({"kind": "live", "initial_s": 420, "increment_s": 3}),
            "7 min + 3 s",
            true,
        ),
        (
            &[("clock", "correspondence"), ("days", "1")],
            serde_json::json!({"kind": "correspondence", "days_per_move": 1}),
            "1 day per move",
            false,
        ),
        (
            &[
                ("clock", "correspondence"),
                ("days", "30"),
                ("minutes", "x"),
            ],
            serde_json::json!({"kind": "correspondence", "days_per_move": 30}),
            "30 days per move",
            false,
        ),
    ];
    for (fields, time_control, words, listed) in cases {
        let mut all = vec![("seat1", "open")];
        all.extend_from_slice(fields);
        let answer = open_table(&mut ada, &all).await;
        let location = answer.see_other().to_string();
        assert!(!location.contains("invite="), "{location}");
        let id = id_in(&location);
        let page = ada.follow(&answer).await;
        page.expect(StatusCode::OK);
        assert!(fact(&page, "Clock").starts_with(words), "{}", page.text());
        let visibility = if listed {
            "Listed in the lobby"
        } else {
            "Unlisted: only people with the link can find it"
        };
        assert!(fact(&page, "Visibility").starts_with(visibility));
        assert!(page.text().contains("Ada you"), "{}", page.text());
        assert!(page.text().contains("an open seat"));
        assert!(html::element(&page.body, "invite-link").is_none());
        let table = ada.api(&format!("/api/tables/{id}")).await;
        assert_eq!(table["table"]["time_control"], time_control);
        assert_eq!(table["table"]["public"], listed);
        assert_eq!(table["table"]["status"], "open");
        // Listed tables are in the lobby for others, unlisted ones are not.
        let mut visitor = server.client();
        let lobby = visitor.page("/lobby").await;
        assert_eq!(lobby.body.contains(&format!("/tables/{id}/join")), listed);
        let home = visitor.page("/").await;
        assert_eq!(
            home.body.contains(&format!("href=\"/tables/{id}\"")),
            listed
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_table_forms_are_refused_with_their_message() {
    let server = TestServer::start().await;
    let mut ada = server.client();

    // Signed out: sent to sign in first, then back to the lobby with the choices made.
    let answer = open_table(&mut ada, &[("seat1", "open")]).await;
    assert_eq!(
        answer.see_other(),
        "/signin?back=%2Flobby%3Fgame%3Dtyrus%26seat1%3Dopen"
    );
    let signin = ada.follow(&answer).await;
    assert_eq!(
        html::input_value(&signin.body, "back").as_deref(),
        Some("/lobby?game=tyrus&seat1=open")
    );

    ada.guest("Ada").await;
    let live_range = "A live clock takes 1 to 180 minutes, and adds 0 to 600 seconds per move.";
    let numbers = "Enter the clock's times as whole numbers.";
    let days_range = "Correspondence takes 1 to 30 days per move.";
    let cases: [(&[(&str, &str)], &str); 10] = [
        (
            &[("seat1", "ai-impossible")],
            "Choose who plays the other seat.",
        ),
        (
            &[("clock", "live"), ("minutes", "0"), ("increment", "5")],
            live_range,
        ),
        (
            &[("clock", "live"), ("minutes", "181"), ("increment", "5")],
            live_range,
        ),
        (
            &[("clock", "live"), ("minutes", "10"), ("increment", "601")],
            live_range,
        ),
        (
            &[("clock", "live"), ("minutes", "ten"), ("increment", "5")],
            numbers,
        ),
        (
            &[("clock", "live"), ("minutes", "10"), ("increment", "-1")],
            numbers,
        ),
        (&[("clock", "correspondence"), ("days", "0")], days_range),
        (&[("clock", "correspondence"), ("days", "31")], days_range),
        (&[("clock", "correspondence"), ("days", "")], numbers),
        (&[("clock", "sundial")], numbers),
    ];
    for (fields, message) in cases {
        let answer = open_table(&mut ada, fields).await;
        answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
        let summary = html::element(&answer.body, "error-summary").expect("a summary");
        assert!(
            html::text(&summary).contains(message),
            "{fields:?}: {summary}"
        );
        assert!(
            answer.title().starts_with("Error: Lobby"),
            "{}",
            answer.title()
        );
    }
    let lobby = ada.page("/lobby").await;
    let answer = ada
        .submit(&lobby, "/tables", &[("game", "chess"), ("seat1", "open")])
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.text().contains("There is no such game."));
    // Nothing was made.
    assert_eq!(
        ada.api("/api/me/games").await["tables"],
        serde_json::json!([])
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_joins_through_the_invitation_link_as_a_guest() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let answer = open_table(&mut ada, &[("seat1", "invite"), ("clock", "none")]).await;
    let location = answer.see_other().to_string();
    let id = id_in(&location);
    let secret = location
        .split_once("?invite=")
        .map(|(_, s)| s.to_string())
        .expect("the creator is sent to the link");
    let table = ada.follow(&answer).await;
    table.expect(StatusCode::OK);
    let link = html::by_id(&table.body, "invite-link").expect("the link for its creator");
    let link = link.attr("value").unwrap().to_string();
    assert_eq!(link, format!("{}/tables/{id}?invite={secret}", ada.base()));
    assert!(table.text().contains("a seat kept for an invited friend"));
    // Without the secret, the creator sees the table but not the link again.
    let plain = ada.page(&format!("/tables/{id}")).await;
    assert!(html::by_id(&plain.body, "invite-link").is_none());

    // Someone without the link cannot take the seat.
    let mut stranger = server.client();
    let page = stranger.page(&format!("/tables/{id}")).await;
    assert!(!page.body.contains(&format!("action=\"/tables/{id}/join\"")));

    // The friend, signed out, opens the link and joins under a name of their own.
    let mut bob = server.client();
    let path = link.strip_prefix(bob.base()).unwrap().to_string();
    let invited = bob.page(&path).await;
    assert!(html::by_id(&invited.body, "invite-link").is_none());
    assert_eq!(
        html::input_value(&invited.body, "invite").as_deref(),
        Some(secret.as_str())
    );
    assert!(html::by_id(&invited.body, "guest-name").is_some());
    let answer = bob
        .submit(
            &invited,
            &format!("/tables/{id}/join"),
            &[("invite", &secret), ("name", "Bob")],
        )
        .await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    assert!(bob.cookie("agora_session").is_some());
    let game = bob.follow(&answer).await;
    game.expect(StatusCode::OK);
    assert!(game.title().contains("Ada"), "{}", game.title());
    assert_eq!(bob.api("/api/me").await["account"]["name"], "Bob");

    // The table is now its game, for both.
    let answer = ada.get(&format!("/tables/{id}")).await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let game = ada.follow(&answer).await;
    assert!(game.title().contains("Bob"), "{}", game.title());
    let state = ada.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "playing");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_and_cancel_a_table() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let mut bob = server.client();
    bob.guest("Bob").await;

    // Ada opens a table for two open seats' worth of players, then stands up from it.
    let answer = open_table(&mut ada, &[("seat1", "open"), ("listed", "1")]).await;
    let id = id_in(answer.see_other());
    let table = ada.follow(&answer).await;
    let answer = ada
        .submit(&table, &format!("/tables/{id}/leave"), &[])
        .await;
    assert_eq!(answer.see_other(), "/lobby");
    let table = ada.page(&format!("/tables/{id}")).await;
    assert!(!table.text().contains("Ada you"), "{}", table.text());
    let seats = &ada.api(&format!("/api/tables/{id}")).await["table"]["seats"];
    assert!(
        seats
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["account"].is_null()),
        "{seats}"
    );

    // Cancelled by its creator: the page says so, and nobody can join any more.
    let answer = open_table(&mut ada, &[("seat1", "open"), ("listed", "1")]).await;
    let id = id_in(answer.see_other());
    let table = ada.follow(&answer).await;
    // Only the creator is offered the cancel button.
    let bobs = bob.page(&format!("/tables/{id}")).await;
    assert!(!bobs.body.contains(&format!("/tables/{id}/cancel")));
    let refused = bob
        .submit(&bobs, &format!("/tables/{id}/cancel"), &[])
        .await;
    refused.expect(StatusCode::FORBIDDEN);
    let answer = ada
        .submit(&table, &format!("/tables/{id}/cancel"), &[])
        .await;
    assert_eq!(answer.see_other(), "/lobby");
    let lobby = ada.follow(&answer).await;
    assert!(!lobby.body.contains(&id));
    let table = bob.page(&format!("/tables/{id}")).await;
    assert!(table.text().contains("This table was cancelled."));
    assert!(!table.body.contains(&format!("/tables/{id}/join")));
    assert_eq!(
        bob.api(&format!("/api/tables/{id}")).await["table"]["status"],
        "cancelled"
    );
    server.stop().await;
}

/// A table nobody joined in time: its page and "My games" say it expired, and when (in UTC,
/// which the page's script rewrites in the reader's time zone), in every language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_table_says_it_expired_and_when() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let answer = open_table(&mut ada, &[("seat1", "open"), ("listed", "1")]).await;
    let id = id_in(answer.see_other());
    // 2026-11-27 10:05 UTC, long after the table was made.
    let expired_at = 1_795_773_900_000;
    let expired = server
        .store()
        .expire_open_tables(i64::MAX, i64::MAX, expired_at)
        .await
        .unwrap();
    assert_eq!(expired.len(), 1);
    for (lang, lead, date) in [
        ("en", "This table expired", "November 27, 2026, 10:05 UTC"),
        (
            "de",
            "Dieser Tisch ist abgelaufen",
            "27. November 2026, 10:05 UTC",
        ),
        ("fr", "Cette table a expiré", "27 novembre 2026 à 10:05 UTC"),
    ] {
        ada.accept_language = Some(lang.to_string());
        let table = ada.page(&format!("/tables/{id}")).await;
        let text = table.text();
        assert!(text.contains(lead), "{lang}: {text}");
        assert!(text.contains(date), "{lang}: {text}");
        assert!(
            table
                .body
                .contains(r#"<time datetime="2026-11-27T10:05:00Z" data-local-time>"#)
        );
        assert!(!table.body.contains(&format!("/tables/{id}/join")));
        let games = ada.page("/games").await;
        assert!(games.text().contains(date), "{lang}: {}", games.text());
        assert!(games.body.contains(&format!("/tables/{id}")));
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visitor_plays_the_computer_in_one_click() {
    let server = TestServer::start().await;
    let mut visitor = server.client();
    let home = visitor.page("/").await;
    assert!(home.text().contains("No account needed"));
    let answer = visitor
        .submit(&home, "/play", &[("game", "tyrus"), ("level", "easy")])
        .await;
    let location = answer.see_other().to_string();
    assert!(location.starts_with("/games/"), "{location}");
    assert!(
        visitor.cookie("agora_session").is_some(),
        "a guest on the spot"
    );
    let game = visitor.follow(&answer).await;
    game.expect(StatusCode::OK);
    assert!(
        game.text().contains("the computer (easy)"),
        "{}",
        game.text()
    );
    assert!(game.text().contains("(guest)"));
    let me = visitor.api("/api/me").await;
    assert_eq!(me["account"]["kind"], "guest");
    let state = visitor
        .api(&format!("/api/games/{}", id_in(&location)))
        .await;
    assert_eq!(state["seats"][1]["plays"], "ai");
    assert_eq!(state["seats"][0]["name"], me["account"]["name"]);
    assert_eq!(state["viewer"]["seat"], 0);

    // Signed in already: no new account.
    let home = visitor.page("/").await;
    let answer = visitor
        .submit(&home, "/play", &[("game", "tyrus"), ("level", "hard")])
        .await;
    let id = id_in(answer.see_other());
    assert_eq!(visitor.api("/api/me").await, me);
    let state = visitor.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["seats"][1]["ai_level"], "hard");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_joins_from_the_lobby_list_and_another_signs_in_to_join() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;

    // A listed table, joined from the lobby's list by a signed-in player.
    let answer = open_table(&mut ada, &[("seat1", "open"), ("listed", "1")]).await;
    let id = id_in(answer.see_other());
    let mut bob = server.client();
    bob.guest("Bob").await;
    let lobby = bob.page("/lobby").await;
    let join = format!("/tables/{id}/join");
    assert!(lobby.body.contains(&format!("action=\"{join}\"")));
    assert!(lobby.text().contains("Join this game of Tyrus"));
    let answer = bob.submit(&lobby, &join, &[]).await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    assert_eq!(
        bob.api(&format!("/api/games/{id}")).await["status"],
        "playing"
    );
    // The table is no longer offered.
    assert!(!bob.page("/lobby").await.body.contains(&join));

    // An invited friend with an account follows "sign in to join" and comes back to the
    // invitation.
    let mut carol = server.client();
    carol.sign_up("Carol", "correct horse").await;
    let home = carol.page("/").await;
    carol.submit(&home, "/signout", &[]).await.see_other();
    let answer = open_table(&mut ada, &[("seat1", "invite")]).await;
    let location = answer.see_other().to_string();
    let id = id_in(&location);
    let invited = carol.page(&location).await;
    let sign_in = html::tags(&invited.body)
        .into_iter()
        .filter_map(|t| t.attr("href").map(str::to_string))
        .find(|href| href.starts_with("/signin?back="))
        .expect("a link to sign in first");
    let page = carol.page(&sign_in).await;
    let back = html::input_value(&page.body, "back").unwrap();
    assert_eq!(back, location);
    let answer = carol
        .submit(
            &page,
            "/signin",
            &[
                ("name", "Carol"),
                ("password", "correct horse"),
                ("back", &back),
            ],
        )
        .await;
    assert_eq!(answer.see_other(), location);
    let invited = carol.follow(&answer).await;
    assert!(
        html::by_id(&invited.body, "guest-name").is_none(),
        "signed in now"
    );
    let secret = html::input_value(&invited.body, "invite").unwrap();
    let answer = carol
        .submit(
            &invited,
            &format!("/tables/{id}/join"),
            &[("invite", &secret)],
        )
        .await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let state = carol.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["seats"][1]["name"], "Carol");
    assert_eq!(carol.api("/api/me").await["account"]["kind"], "user");
    server.stop().await;
}

/// A visitor's table choices survive signing in, and playing as a guest from the lobby
/// opens the table as chosen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visitors_choices_survive_signing_in_or_playing_as_a_guest() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.sign_up("Ada", "correct horse").await;
    let lobby = ada.page("/").await;
    ada.submit(&lobby, "/signout", &[]).await;

    let choices: &[(&str, &str)] = &[
        ("game", "tsuro"),
        ("seat1", "ai-easy"),
        ("seat2", "open"),
        ("bonus", "1"),
        ("clock", "correspondence"),
        ("days", "5"),
    ];
    let lobby = ada.page("/lobby").await;
    assert!(
        lobby.body.contains("Open the table as a guest"),
        "{}",
        lobby.body
    );
    let mut fields = choices.to_vec();
    fields.push(("as", "signin"));
    let answer = ada.submit(&lobby, "/tables", &fields).await;
    let signin = ada.follow(&answer).await;
    let back = html::input_value(&signin.body, "back").unwrap();
    let answer = ada
        .submit(
            &signin,
            "/signin",
            &[
                ("name", "Ada"),
                ("password", "correct horse"),
                ("back", &back),
            ],
        )
        .await;
    let lobby = ada.follow(&answer).await;
    assert_eq!(
        html::selected(&lobby.body, "game").as_deref(),
        Some("tsuro")
    );
    assert_eq!(
        html::selected(&lobby.body, "seat1").as_deref(),
        Some("ai-easy")
    );
    assert_eq!(
        html::selected(&lobby.body, "seat2").as_deref(),
        Some("open")
    );
    assert!(html::is_checked(&lobby.body, "bonus"));
    assert!(html::is_checked(&lobby.body, "clock-correspondence"));
    assert!(!html::is_checked(&lobby.body, "clock-none"));
    assert!(!html::is_checked(&lobby.body, "listed"));
    assert_eq!(html::input_value(&lobby.body, "days").as_deref(), Some("5"));

    // Or as a guest, straight from the lobby: the table opens as chosen.
    let mut zoe = server.client();
    let lobby = zoe.page("/lobby").await;
    let mut fields = choices.to_vec();
    fields.push(("as", "guest"));
    let answer = zoe.submit(&lobby, "/tables", &fields).await;
    let id = id_in(answer.see_other());
    let me = zoe.api("/api/me").await;
    assert_eq!(me["account"]["kind"], "guest");
    let table = zoe.api(&format!("/api/tables/{id}")).await;
    assert_eq!(table["table"]["game"], "tsuro");
    assert_eq!(table["table"]["seats"].as_array().unwrap().len(), 3);
    assert_eq!(table["table"]["time_control"]["days_per_move"], 5);
    assert_eq!(table["table"]["public"], false);
    server.stop().await;
}

/// A stranger who reaches a table whose free seat waits for an invited friend is told why
/// there is no join button; the lobby does not list it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_is_told_a_tables_free_seat_is_kept_for_a_friend() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let answer = open_table(&mut ada, &[("seat1", "invite"), ("listed", "1")]).await;
    let id = id_in(answer.see_other());
    let mut stranger = server.client();
    let lobby = stranger.page("/lobby").await;
    assert!(!lobby.body.contains(&format!("/tables/{id}")), "listed");
    let page = stranger.page(&format!("/tables/{id}")).await;
    assert!(
        page.text().contains("kept for invited friends"),
        "{}",
        page.text()
    );
    assert!(!page.body.contains("/join\""), "no join form");
    // Ada, at her own table, is not told so.
    let own = ada.page(&format!("/tables/{id}")).await;
    assert!(html::by_id(&own.body, "kept-for-friends").is_none());
    server.stop().await;
}

/// With a public URL, the invitation link is built from it, not from the `Host` the request
/// named (which a client chooses).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_invitation_link_uses_the_public_url() {
    let server = TestServer::start_with(|config| agora_server::ServerConfig {
        public_origin: Some("https://agora.example".into()),
        ..config
    })
    .await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let answer = open_table(&mut ada, &[("seat1", "invite"), ("clock", "none")]).await;
    let location = answer.see_other().to_string();
    let id = id_in(&location);
    let response = reqwest::Client::new()
        .get(format!("{}{location}", ada.base()))
        .header("host", "evil.example")
        .header("cookie", ada.cookie_header())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body = response.text().await.unwrap();
    let link = html::by_id(&body, "invite-link").expect("the link for its creator");
    let link = link.attr("value").unwrap().to_string();
    assert!(
        link.starts_with(&format!("https://agora.example/tables/{id}?invite=")),
        "{link}"
    );
    server.stop().await;
}
