//! Profiles, leaderboards and games to watch (issue 34): a rated game against the computer,
//! played from the lobby's form, shows on the player's profile (ratings, chart and table,
//! games filtered), on the leaderboard and beside the computer's levels in the lobby, in
//! English, German and French; guests are told that rated games need an account.

mod common;

use axum::http::StatusCode;
use common::{Client, TestServer, html};
use serde_json::json;

async fn sign_up(client: &mut Client, name: &str) {
    let page = client.page("/signup").await;
    let answer = client
        .submit(
            &page,
            "/signup",
            &[
                ("name", name),
                ("password", "long enough"),
                ("back", "/lobby"),
            ],
        )
        .await;
    assert_eq!(answer.see_other(), "/lobby");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_shows_on_the_profile_the_leaderboard_and_the_lobby() {
    let server = TestServer::start().await;
    let mut guest = server.client();
    guest.guest("Visitor").await;
    let lobby = guest.page("/lobby").await;
    assert!(
        lobby.body.contains("id=\"rated\""),
        "the lobby offers rated play"
    );
    let refused = guest
        .submit(
            &lobby,
            "/tables",
            &[("game", "tyrus"), ("seat1", "ai-easy"), ("rated", "1")],
        )
        .await;
    refused.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .text()
            .contains("Rated games are for signed-up players"),
        "{}",
        refused.text()
    );

    let mut ada = server.client();
    sign_up(&mut ada, "Ada").await;
    let lobby = ada.page("/lobby").await;
    let answer = ada
        .submit(
            &lobby,
            "/tables",
            &[
                ("game", "tyrus"),
                ("seat1", "ai-easy"),
                ("rated", "1"),
                ("clock", "none"),
            ],
        )
        .await;
    let game = answer
        .see_other()
        .strip_prefix("/games/")
        .expect("a game against the computer starts at once")
        .to_string();
    let (status, body) = ada
        .api_post(&format!("/api/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let profile = guest.page("/players/ada").await;
    profile.expect(StatusCode::OK);
    let text = profile.text();
    assert!(text.contains("Tyrus (two players)"), "{text}");
    assert!(text.contains("1338 ± 290"), "{text}");
    assert!(text.contains("provisional"), "{text}");
    assert_eq!(
        profile.body.matches("<circle").count(),
        2,
        "before and after"
    );
    assert!(profile.body.contains(&format!("href=\"/games/{game}\"")));
    assert!(text.contains("One game"), "{text}");
    assert!(text.contains("lost") && text.contains("rated"), "{text}");
    // Filtered: no game won; an unknown filter is "any", not an error.
    let won = guest.page("/players/Ada?result=won#games").await;
    assert!(
        won.text().contains("No finished game matches."),
        "{}",
        won.text()
    );
    assert_eq!(
        html::selected(&won.body, "filter-result").as_deref(),
        Some("won")
    );
    let any = guest.page("/players/Ada?result=maybe&game=chess").await;
    any.expect(StatusCode::OK);
    assert!(any.text().contains("One game"));
    guest
        .get("/players/nobody")
        .await
        .expect(StatusCode::NOT_FOUND);

    let board = guest.page("/leaderboard/tyrus").await;
    board.expect(StatusCode::OK);
    let text = board.text();
    assert!(text.contains("Provisional ratings"), "{text}");
    assert!(
        text.contains("the computer (easy)") && text.contains("1662 ± 290"),
        "{text}"
    );
    assert!(board.body.contains("href=\"/players/Ada\""));
    let empty = guest.page("/leaderboard/tsuro").await;
    assert!(
        empty
            .text()
            .contains("Nobody has played a rated game of Tsuro yet.")
    );
    guest
        .get("/leaderboard/chess")
        .await
        .expect(StatusCode::NOT_FOUND);

    let lobby = ada.page("/lobby").await;
    let levels = html::element(&lobby.body, "level-ratings").expect("the levels' ratings");
    assert!(
        html::text(&levels).contains("Tyrus: easy ≈ 1662"),
        "{levels}"
    );
    guest.page("/watch").await.expect(StatusCode::OK);

    for (lang, words) in [
        (
            "de",
            [
                "Tyrus (zwei Spieler)",
                "vorläufig",
                "verloren",
                "Gewertete Partie",
            ],
        ),
        (
            "fr",
            [
                "Tyrus (deux joueurs)",
                "provisoire",
                "perdue",
                "Partie classée",
            ],
        ),
    ] {
        guest.accept_language = Some(lang.into());
        ada.accept_language = Some(lang.into());
        let text = guest.page("/players/Ada").await.text();
        for word in &words[..3] {
            assert!(text.contains(word), "{lang}: {word} in {text}");
        }
        assert!(ada.page("/lobby").await.text().contains(words[3]));
        guest
            .page("/leaderboard/tyranny")
            .await
            .expect(StatusCode::OK);
        guest.page("/watch").await.expect(StatusCode::OK);
    }
    server.stop().await;
}
