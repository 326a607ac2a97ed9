//! A game's other forms without JavaScript: resigning and calling a game off (each
//! confirmed first), draws offered, declined and accepted, and "my games" with the games
//! waiting for the reader first.

mod common;

use common::{Client, Page, TestServer, html, invited_game, until_turn_of};
use reqwest::StatusCode;

/// The game's version as the page shows it.
fn version(page: &Page) -> String {
    html::by_id(&page.body, "game")
        .and_then(|t| t.attr("data-version").map(str::to_string))
        .expect("the game's version")
}

/// Both players' game pages.
async fn pages(ada: &mut Client, bob: &mut Client, id: &str) -> (Page, Page) {
    let path = format!("/games/{id}");
    (ada.page(&path).await, bob.page(&path).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_abort_and_draws() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());

    // Resigning asks first; going back changes nothing.
    let id = invited_game(&mut ada, &mut bob).await;
    let (page, _) = pages(&mut ada, &mut bob, &id).await;
    let answer = ada
        .submit(
            &page,
            &format!("/games/{id}/resign"),
            &[("version", &version(&page))],
        )
        .await;
    answer.expect(StatusCode::OK);
    assert!(
        answer
            .text()
            .contains("Resign this game? Your opponent wins it.")
    );
    let back = html::tags(&answer.body)
        .into_iter()
        .find(|t| t.name == "a" && t.attr("class") == Some("button"))
        .unwrap();
    assert_eq!(back.attr("href"), Some(format!("/games/{id}").as_str()));
    assert_eq!(
        ada.api(&format!("/api/games/{id}")).await["status"],
        "playing"
    );
    let confirmed = ada
        .submit(
            &answer,
            &format!("/games/{id}/resign"),
            &[("confirmed", "1"), ("version", &version(&page))],
        )
        .await;
    assert_eq!(confirmed.see_other(), format!("/games/{id}"));
    let state = ada.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["outcome"]["reason"], "resignation");
    let (ada_page, bob_page) = pages(&mut ada, &mut bob, &id).await;
    assert!(html::by_id(&ada_page.body, "outcome").is_some());
    assert!(html::by_id(&bob_page.body, "outcome").is_some());
    assert!(html::text(&html::element(&bob_page.body, "outcome").unwrap()).contains("resign"));
    // Who won, first: in the box and the status line (no longer whose turn it was).
    let ada_outcome = html::text(&html::element(&ada_page.body, "outcome").unwrap());
    assert!(
        ada_outcome.contains("Bob wins. The game ended by resignation."),
        "{ada_outcome}"
    );
    let bob_status = html::text(&html::element(&bob_page.body, "status-line").unwrap());
    assert_eq!(bob_status.trim(), "You win. The game ended by resignation.");

    // Not after one's first move: the button is gone, and a stale form is refused.
    let id = invited_game(&mut ada, &mut bob).await;
    let (stale, _) = pages(&mut ada, &mut bob, &id).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    let (page, _) = pages(&mut ada, &mut bob, &id).await;
    assert!(html::by_id(&page.body, "abort").is_none());
    let answer = ada
        .submit(&stale, &format!("/games/{id}/abort"), &[("confirmed", "1")])
        .await;
    answer.expect(StatusCode::CONFLICT);
    assert!(
        answer
            .text()
            .contains("That cannot be done at this table now.")
    );
    assert_eq!(
        ada.api(&format!("/api/games/{id}")).await["status"],
        "playing"
    );

    // Calling a game off before the first move.
    let id = invited_game(&mut ada, &mut bob).await;
    let (page, _) = pages(&mut ada, &mut bob, &id).await;
    assert!(html::by_id(&page.body, "abort").is_some());
    let answer = ada
        .submit(
            &page,
            &format!("/games/{id}/abort"),
            &[("version", &version(&page))],
        )
        .await;
    assert!(
        answer
            .text()
            .contains("Call this game off? Nobody wins it.")
    );
    let confirmed = ada
        .submit(
            &answer,
            &format!("/games/{id}/abort"),
            &[("confirmed", "1")],
        )
        .await;
    assert_eq!(confirmed.see_other(), format!("/games/{id}"));
    assert_eq!(
        ada.api(&format!("/api/games/{id}")).await["status"],
        "aborted"
    );
    let (_, bob_page) = pages(&mut ada, &mut bob, &id).await;
    assert!(
        bob_page
            .text()
            .contains("The game was called off before it really began.")
    );

    // A draw offered, declined, offered again and accepted.
    let id = invited_game(&mut ada, &mut bob).await;
    let (page, _) = pages(&mut ada, &mut bob, &id).await;
    let answer = ada.submit(&page, &format!("/games/{id}/draw"), &[]).await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let (ada_page, bob_page) = pages(&mut ada, &mut bob, &id).await;
    assert!(ada_page.text().contains("You offered a draw."));
    assert!(
        bob_page.text().contains("Ada offered a draw."),
        "{}",
        bob_page.text()
    );
    assert!(html::by_id(&bob_page.body, "accept-draw").is_some());
    let answer = bob
        .submit(&bob_page, &format!("/games/{id}/draw/decline"), &[])
        .await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let state = bob.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["draw_offers"], serde_json::json!([]));
    let (ada_page, bob_page) = pages(&mut ada, &mut bob, &id).await;
    assert!(html::by_id(&ada_page.body, "offer-draw").is_some());
    assert!(html::by_id(&bob_page.body, "draw-offer").is_none());
    assert!(html::by_id(&bob_page.body, "accept-draw").is_none());
    let answer = bob
        .submit(&bob_page, &format!("/games/{id}/draw"), &[])
        .await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let (ada_page, _) = pages(&mut ada, &mut bob, &id).await;
    let answer = ada
        .submit(&ada_page, &format!("/games/{id}/draw"), &[])
        .await;
    assert_eq!(answer.see_other(), format!("/games/{id}"));
    let state = ada.api(&format!("/api/games/{id}")).await;
    assert_eq!(state["outcome"]["reason"], "agreement");
    let (ada_page, bob_page) = pages(&mut ada, &mut bob, &id).await;
    for page in [&ada_page, &bob_page] {
        assert!(html::by_id(&page.body, "outcome").is_some());
        assert!(html::by_id(&page.body, "rematch").is_some());
    }
    // Once Ada asks for the rematch, Bob's button accepts it.
    let rematch = |page: &str| html::text(&html::element(page, "rematch").unwrap());
    assert_eq!(rematch(&bob_page.body).trim(), "Ask for a rematch");
    ada.submit(&ada_page, &format!("/games/{id}/rematch"), &[])
        .await;
    let (_, bob_page) = pages(&mut ada, &mut bob, &id).await;
    assert_eq!(rematch(&bob_page.body).trim(), "Accept the rematch");

    // No draw at a table with the computer: the button is not offered.
    let home = ada.page("/").await;
    let answer = ada
        .submit(&home, "/play", &[("game", "tyrus"), ("level", "easy")])
        .await;
    let page = ada.follow(&answer).await;
    assert!(html::by_id(&page.body, "offer-draw").is_none());
    assert!(html::by_id(&page.body, "resign").is_some());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_lists_the_games_waiting_for_me_first() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let theirs = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &theirs, false).await;
    let mine = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &mine, true).await;
    let finished = invited_game(&mut ada, &mut bob).await;
    let page = ada.page(&format!("/games/{finished}")).await;
    let answer = ada
        .submit(
            &page,
            &format!("/games/{finished}/abort"),
            &[("confirmed", "1")],
        )
        .await;
    answer.see_other();
    let lobby = ada.page("/lobby").await;
    let answer = ada
        .submit(&lobby, "/tables", &[("game", "tyrus"), ("seat1", "open")])
        .await;
    let open = answer
        .see_other()
        .trim_start_matches("/tables/")
        .to_string();

    let games = ada.page("/games").await;
    assert_eq!(games.title(), "(1) My games — Agora");
    let at = |id: &str| {
        games
            .body
            .find(id)
            .unwrap_or_else(|| panic!("{id} is not listed: {}", games.text()))
    };
    let (mine_at, theirs_at, open_at, finished_at) =
        (at(&mine), at(&theirs), at(&open), at(&finished));
    assert!(mine_at < theirs_at && theirs_at < open_at && open_at < finished_at);
    let waiting = html::element(&games.body, "turn-h2").unwrap();
    assert_eq!(html::text(&waiting), "1 game waits for you");

    let games = bob.page("/games").await;
    assert_eq!(games.title(), "(1) My games — Agora");
    assert!(games.body.find(&theirs).unwrap() < games.body.find(&mine).unwrap());

    // Signed out: sent to sign in first.
    let mut visitor = server.client();
    let answer = visitor.get("/games").await;
    assert_eq!(answer.see_other(), "/signin?back=/games");
    server.stop().await;
}
