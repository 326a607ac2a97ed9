//! Tsuro through the pages' forms alone, as a browser without JavaScript: a table of four
//! made in the lobby (one person, three computers, the elimination bonus on), the marker
//! placed from the list of start marks, tiles turned by the page's own links and laid by
//! their buttons (confirmed first), the history told in sentences, the board in words, and
//! the ending; the lobby refusing seats a game does not have.

mod common;

use common::{Client, Page, TestServer, html, play_confirmed};
use reqwest::StatusCode;
use std::time::Duration;

/// The moves the page offers as buttons named `move` (start marks, tiles, bonus choices).
fn move_buttons(page: &Page) -> Vec<(String, Option<String>)> {
    html::tags(&page.body)
        .into_iter()
        .filter(|t| t.name == "button" && t.attr("name") == Some("move"))
        .filter_map(|t| {
            Some((
                t.attr("value")?.to_string(),
                t.attr("id").map(str::to_string),
            ))
        })
        .collect()
}

/// The start marks offered in the keyboard list.
fn start_options(page: &Page) -> Vec<(String, String)> {
    let list = html::element(&page.body, "start-mark").unwrap_or_default();
    let mut options = Vec::new();
    for part in list.split("<option ").skip(1) {
        let value = part
            .split("value=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .unwrap_or_default();
        let label = part
            .split('>')
            .nth(1)
            .and_then(|l| l.split('<').next())
            .unwrap_or_default();
        options.push((html::decode(value), html::decode(label)));
    }
    options
}

fn version(page: &Page) -> String {
    html::by_id(&page.body, "game")
        .and_then(|t| t.attr("data-version").map(str::to_string))
        .expect("the game's version")
}

/// Whether a rotation's preview on the page says the engine refuses it.
fn refused(page: &Page, rotation_id: &str) -> bool {
    let panel = html::element(&page.body, rotation_id).unwrap_or_default();
    panel.contains("ts-preview refused")
}

/// Posts `fields` to the game's move form and goes through the confirmation page.
async fn play(client: &mut Client, page: &Page, id: &str, fields: &[(&str, &str)]) -> String {
    let (question, done) = play_confirmed(client, page, id, fields).await;
    // Only a move with no alternative is played without asking.
    let question = question.unwrap_or_default();
    assert_eq!(
        done.status,
        StatusCode::SEE_OTHER,
        "{question}: {}",
        done.text()
    );
    assert_eq!(done.see_other(), format!("/games/{id}"), "{question}");
    question
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_at_four_seats_against_three_computers() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let lobby = ada.page("/lobby").await;
    assert!(lobby.body.contains(r#"<option value="tsuro""#));
    let created = ada
        .submit(
            &lobby,
            "/tables",
            &[
                ("game", "tsuro"),
                ("seat1", "ai-easy"),
                ("seat2", "ai-easy"),
                ("seat3", "ai-easy"),
                ("seat4", "none"),
                ("bonus", "1"),
                ("clock", "none"),
            ],
        )
        .await;
    let path = created.see_other().to_string();
    let id = path
        .strip_prefix("/games/")
        .expect("the game starts")
        .to_string();
    let api = format!("/api/games/{id}");
    let table = ada.api(&format!("/api/tables/{id}")).await;
    assert_eq!(table["table"]["options"]["players"], 4);
    assert_eq!(table["table"]["options"]["elimination_bonus"], true);

    let mut placed = false;
    let mut laid = 0;
    let mut turned = false;
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 2000, "the game does not end");
        let state = ada.api(&api).await;
        let page = ada.page(&path).await;
        assert_eq!(
            html::element(&page.body, "board-grid")
                .unwrap()
                .matches("role=\"gridcell\"")
                .count(),
            36
        );
        assert!(page.text().contains("Markers"));
        if state["status"] != "playing" {
            let outcome = html::element(&page.body, "outcome").expect("the ending");
            assert!(!html::text(&outcome).trim().is_empty());
            break;
        }
        let mine = state["turn"]["seat"] == state["viewer"]["seat"];
        if !mine {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let legal: Vec<String> = state["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let version = version(&page);
        if legal[0].starts_with("start ") {
            let options = start_options(&page);
            assert_eq!(options.len(), legal.len(), "every free mark is in the list");
            let (mark, label) = options[0].clone();
            assert!(label.contains("edge"), "a mark in words: {label}");
            let question = play(
                &mut ada,
                &page,
                &id,
                &[("start", &mark), ("version", &version)],
            )
            .await;
            assert!(question.contains("Place your marker"), "{question}");
            placed = true;
        } else if legal[0].starts_with("play ") {
            // Turn the first tile once through the page's own link, as without JavaScript.
            if !turned {
                let right = html::tags(&page.body)
                    .into_iter()
                    .find(|t| t.attr("data-turn") == Some("right"))
                    .and_then(|t| t.attr("value").map(str::to_string));
                if let Some(rot) = right {
                    let again = ada.page(&format!("{path}?rot={rot}")).await;
                    let shown = html::tags(&again.body)
                        .into_iter()
                        .filter(|t| t.has("data-rotation") && !t.has("hidden"))
                        .count();
                    assert_eq!(
                        shown,
                        html::tags(&again.body)
                            .iter()
                            .filter(|t| t.attr("class") == Some("ts-hand-slot"))
                            .count()
                    );
                    turned = true;
                }
            }
            let buttons = move_buttons(&page);
            let choice = buttons
                .iter()
                .find(|(value, button)| {
                    legal.contains(value)
                        && button
                            .as_deref()
                            .is_some_and(|b| !refused(&page, b.trim_end_matches("-play")))
                })
                .or_else(|| buttons.iter().find(|(value, _)| legal.contains(value)))
                .expect("a tile to lay")
                .0
                .clone();
            let question = play(
                &mut ada,
                &page,
                &id,
                &[("move", &choice), ("version", &version)],
            )
            .await;
            assert!(
                question.starts_with("Lay this tile?") || legal.len() == 1,
                "{question}"
            );
            laid += 1;
        } else {
            // The elimination bonus: its choices are buttons.
            let buttons = move_buttons(&page);
            let (choice, _) = buttons
                .iter()
                .find(|(value, _)| legal.contains(value))
                .expect("a bonus choice")
                .clone();
            play(
                &mut ada,
                &page,
                &id,
                &[("move", &choice), ("version", &version)],
            )
            .await;
        }
    }
    assert!(placed && laid > 0, "Ada placed her marker and laid tiles");
    let page = ada.page(&path).await;
    let history = html::element(&page.body, "history").unwrap();
    let entries = history.matches("<li id=\"event-").count();
    assert!(entries > 4);
    assert!(
        html::text(&history).contains("You"),
        "the history speaks to the reader: {}",
        html::text(&history)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_seats_a_game_does_not_have() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let lobby = ada.page("/lobby").await;
    let answer = ada
        .submit(
            &lobby,
            "/tables",
            &[
                ("game", "tyrus"),
                ("seat1", "ai-easy"),
                ("seat2", "ai-easy"),
                ("clock", "none"),
            ],
        )
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer
            .text()
            .contains("Tyrus is played by 2 players; this table would have 3."),
        "{}",
        answer.text()
    );
    server.stop().await;
}
