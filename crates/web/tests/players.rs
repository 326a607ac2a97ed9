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
    // The chart's axes: the rating up the side, the games' dates along the bottom.
    assert!(
        profile
            .body
            .contains(r#"<span class="chart-y-ticks" aria-hidden="true"><span>1500</span><span>1337</span></span>"#),
        "{}",
        profile.body
    );
    assert!(text.contains("Rated games, oldest to newest"), "{text}");
    assert!(
        profile.body.contains("chart-x-ticks") && profile.body.contains(", 20"),
        "a date along the bottom"
    );
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
        html::text(&levels).contains("Tyrus: easy ≈ 1662 (provisional)"),
        "{levels}"
    );
    // The "play against the computer" form says it too, beside Tyrus's levels.
    let home = ada.page("/").await;
    let tyrus = html::element(&home.body, "level-ratings-tyrus").expect("Tyrus's levels");
    assert!(html::text(&tyrus).contains("easy ≈ 1662 (provisional)"));
    assert!(html::element(&home.body, "level-ratings-tsuro").is_none());
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
        let axis = if lang == "de" {
            "Gewertete Partien, die älteste zuerst"
        } else {
            "Parties classées, de la plus ancienne à la plus récente"
        };
        assert!(text.contains(axis), "{lang}: {text}");
        assert!(ada.page("/lobby").await.text().contains(words[3]));
        guest
            .page("/leaderboard/tyranny")
            .await
            .expect(StatusCode::OK);
        guest.page("/watch").await.expect(StatusCode::OK);
    }
    server.stop().await;
}

/// Ada's finished games, made in the store: `n` of `game`, Ada at seat 0 against the
/// computer, won when `won`.
async fn finished_games(server: &TestServer, game: &str, n: usize, won: bool) {
    use agora_engine::{Outcome, Seat, SeatSet};
    use agora_store::{
        Append, Event, EventKind, NewGame, NewSeat, NewTable, SeatKind, TableStatus, TimeControl,
    };
    let store = server.store();
    let ada = store.account_by_name("Ada").await.unwrap().id;
    for i in 0..n {
        let seat = |kind, account, level: Option<&str>| NewSeat {
            kind,
            account,
            ai_level: level.map(str::to_string),
            invite_hash: None,
        };
        let table = NewTable {
            game: game.into(),
            options: json!({}),
            time_control: TimeControl::default(),
            public: true,
            rated: false,
            created_by: ada,
            seats: vec![
                seat(SeatKind::Open, Some(ada), None),
                seat(SeatKind::Ai, None, Some("easy")),
            ],
        };
        let deal = NewGame {
            seed: i as u64,
            salt: "ab".repeat(32),
            setup: json!({}),
            clocks: Vec::new(),
        };
        let names = [Some("Ada".to_string()), None];
        let at = 1_000_000 + i as i64;
        let started = store
            .create_started_game(&table, &names, &deal, None, at)
            .await
            .unwrap();
        let winner = Seat(if won { 1 } else { 0 });
        store
            .append(&Append {
                game: started.table.id,
                after_version: 0,
                events: vec![Event {
                    version: 1,
                    kind: EventKind::Resign,
                    seat: Some(winner.0),
                    notation: None,
                    at,
                    clock_ms: None,
                }],
                status: TableStatus::Finished,
                outcome: Some(Outcome::new(
                    SeatSet::single(Seat(1 - winner.0)),
                    "resignation",
                )),
                turn_started_at: at,
                substituted: vec![],
            })
            .await
            .unwrap();
    }
}

/// "My games" and a profile list ended games filtered by game and result, twenty a page, with
/// links from page to page (no script needed); a page number that is none, or past the last,
/// shows the first or the last.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ended_games_are_filtered_and_paged() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    sign_up(&mut ada, "Ada").await;
    finished_games(&server, "tyrus", 12, true).await;
    finished_games(&server, "tsuro", 11, false).await;

    let first = ada.page("/games").await;
    first.expect(StatusCode::OK);
    let text = first.text();
    assert!(text.contains("23 games"), "{text}");
    let pager = html::between(&first.body, "<nav class=\"pager\"", "</nav>").expect("a pager");
    assert!(pager.contains("aria-current=\"page\">1</a>"), "{pager}");
    assert!(
        pager.contains("href=\"/games?page=2#games\" aria-label=\"Page 2\""),
        "{pager}"
    );
    assert!(pager.contains("rel=\"next\"") && !pager.contains("rel=\"prev\""));
    let second = ada.page("/games?page=2#games").await;
    assert_eq!(second.body.matches("<time datetime").count(), 3);
    assert!(second.body.contains("rel=\"prev\""));
    for (asked, shown) in [("abc", "1"), ("0", "1"), ("99", "2")] {
        let page = ada.page(&format!("/games?page={asked}")).await;
        page.expect(StatusCode::OK);
        assert!(
            page.body
                .contains(&format!("aria-current=\"page\">{shown}</a>")),
            "page={asked}"
        );
    }

    let lost = ada.page("/games?game=tsuro&result=lost").await;
    assert!(lost.text().contains("11 games"), "{}", lost.text());
    assert!(!lost.body.contains("class=\"pager\""));
    assert_eq!(
        html::selected(&lost.body, "filter-game").as_deref(),
        Some("tsuro")
    );
    assert_eq!(
        html::selected(&lost.body, "filter-result").as_deref(),
        Some("lost")
    );
    let none = ada.page("/games?game=tyrus&result=abandoned").await;
    assert!(none.text().contains("No finished game matches."));

    // The profile lists them alike, to anyone.
    let mut guest = server.client();
    let won = guest.page("/players/Ada?result=won&page=1").await;
    assert!(won.text().contains("12 games"), "{}", won.text());
    let tallies = won.text();
    assert!(tallies.contains("Tyrus"), "{tallies}");
    let api = guest.get("/api/players/Ada?result=abandoned").await;
    api.expect(StatusCode::OK);

    guest.accept_language = Some("de".into());
    let german = guest.page("/players/Ada?page=2").await;
    assert!(german.body.contains("aria-label=\"Seite 1\""));
    assert!(german.text().contains("Vorige Seite"));
    server.stop().await;
}
