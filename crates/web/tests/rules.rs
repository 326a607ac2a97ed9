//! The rules pages: each game's page answers in English, German and French with its figures
//! (drawn by the games' code, each with its words), a table of contents that matches its
//! sections, headings in order, and links to the other games; the home page, the lobby, the
//! navigation and every game page link to them.

mod common;

use common::{Client, TestServer, html, invited_game_of};
use reqwest::StatusCode;

const GAMES: [&str; 3] = ["tyrus", "tsuro", "tyranny"];
const LANGS: [&str; 3] = ["en", "de", "fr"];

fn reader_in(server: &TestServer, lang: &str) -> Client {
    let mut reader = server.client();
    reader.accept_language = Some(lang.to_string());
    reader
}

/// The heading levels of `body`, in order.
fn heading_levels(body: &str) -> Vec<u8> {
    html::tags(body)
        .into_iter()
        .filter_map(|t| match t.name.as_str() {
            "h1" => Some(1),
            "h2" => Some(2),
            "h3" => Some(3),
            "h4" => Some(4),
            _ => None,
        })
        .collect()
}

/// What each game's figures must show, the same in every language: the engine's count, the
/// drawn boards and tiles.
fn figure_marks(game: &str) -> &'static [&'static str] {
    match game {
        "tyrus" => &[
            "rules-tyrus",
            "18 − 7 = 11",
            "12 − (8 − 6) = 10",
            "S10",
            "M8",
            "P6",
        ],
        "tsuro" => &[
            "ts-board",
            "ts-hand-tile",
            "ts-trail",
            "04-17-23-56",
            r#"viewBox="0 0 270 270""#,
        ],
        _ => &["ty-board"],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_rules_page_answers_in_each_language_with_figures_contents_and_links() {
    let server = TestServer::start().await;
    for lang in LANGS {
        let mut reader = reader_in(&server, lang);
        for game in GAMES {
            let path = format!("/rules/{game}");
            let page = reader.page(&path).await;
            page.expect(StatusCode::OK);
            assert_eq!(page.lang(), lang, "{path}");
            let levels = heading_levels(&page.body);
            assert_eq!(
                levels.iter().filter(|&&l| l == 1).count(),
                1,
                "{lang} {path}: one h1"
            );
            assert_eq!(levels.first(), Some(&1), "{lang} {path}: the h1 first");
            for pair in levels.windows(2) {
                assert!(
                    pair[1] <= pair[0] + 1,
                    "{lang} {path}: headings skip a level: {levels:?}"
                );
            }
            if game == "tyranny" {
                // The board in words names the seats in the reader's language.
                let seat = match lang {
                    "de" => "Spieler 1",
                    "fr" => "Joueur 1",
                    _ => "Player 1",
                };
                assert!(page.body.contains(seat), "{lang} {path}: {seat}");
                // The influence track's 1000 mark, as the reader writes the number.
                let mark = if lang == "fr" { "1\u{202f}000" } else { "1000" };
                assert!(page.body.contains(mark), "{lang} {path} lacks {mark:?}");
            }
            for mark in figure_marks(game) {
                assert!(page.body.contains(mark), "{lang} {path} lacks {mark}");
            }
            // Every figure has its words: a caption, and no picture without one.
            let figures = page.body.matches("<figure").count();
            assert!(figures >= 1, "{lang} {path}: figures");
            assert_eq!(
                figures,
                page.body.matches("<figcaption").count(),
                "{lang} {path}"
            );
            for svg in html::tags(&page.body)
                .into_iter()
                .filter(|t| t.name == "svg")
            {
                assert_eq!(
                    svg.attr("aria-hidden"),
                    Some("true"),
                    "{lang} {path}: a picture is described in words, not read out"
                );
            }
            // The contents list each section, and each entry leads to one.
            let contents = html::between(&page.body, "<nav class=\"rules-contents\"", "</nav>")
                .unwrap_or_else(|| panic!("{lang} {path}: contents"));
            let targets: Vec<String> = contents
                .split("href=\"#")
                .skip(1)
                .filter_map(|s| s.split('"').next().map(str::to_string))
                .collect();
            assert!(targets.len() >= 5, "{lang} {path}: {targets:?}");
            for id in &targets {
                assert!(
                    html::by_id(&page.body, id).is_some(),
                    "{lang} {path}: #{id}"
                );
            }
            assert!(
                targets.contains(&"rulings".to_string()),
                "{lang} {path}: the rulings"
            );
            for other in GAMES.iter().filter(|&&g| g != game) {
                assert!(
                    page.body.contains(&format!("href=\"/rules/{other}\"")),
                    "{lang} {path} → {other}"
                );
            }
            // No English sentence left in German or French.
            if lang != "en" {
                let text = page.text();
                for english in [" the ", " and ", " your ", " with "] {
                    assert!(
                        !text.contains(english),
                        "{lang} {path}: English {english:?}"
                    );
                }
            }
        }
        let index = reader.page("/rules").await;
        index.expect(StatusCode::OK);
        for game in GAMES {
            assert!(
                index.body.contains(&format!("href=\"/rules/{game}\"")),
                "{lang} /rules → {game}"
            );
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_game_has_no_rules_page() {
    let server = TestServer::start().await;
    let mut reader = reader_in(&server, "de");
    for path in [
        "/rules/chess",
        "/rules/TYRUS",
        "/rules/tyrus/extra",
        "/rules/%00",
    ] {
        let page = reader.get(path).await;
        page.expect(StatusCode::NOT_FOUND);
        assert_eq!(page.lang(), "de", "{path}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_the_lobby_the_navigation_and_every_game_page_link_to_the_rules() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let mut bob = server.client();
    let home = ada.page("/").await;
    for game in GAMES {
        assert!(
            home.body.contains(&format!("href=\"/rules/{game}\"")),
            "home → {game}"
        );
    }
    assert!(
        home.body.contains("href=\"/rules\""),
        "the navigation → /rules"
    );
    ada.guest("Ada").await;
    let lobby = ada.page("/lobby").await;
    for game in GAMES {
        assert!(
            lobby.body.contains(&format!("href=\"/rules/{game}\"")),
            "lobby → {game}"
        );
    }
    for game in GAMES {
        let id = invited_game_of(
            &mut ada,
            &mut bob,
            &[("game", game), ("seat1", "invite"), ("clock", "none")],
        )
        .await;
        for reader in [&mut ada, &mut bob] {
            let page = reader.page(&format!("/games/{id}")).await;
            page.expect(StatusCode::OK);
            assert!(
                page.body.contains(&format!("href=\"/rules/{game}\"")),
                "{game} page → its rules"
            );
        }
    }
    server.stop().await;
}
