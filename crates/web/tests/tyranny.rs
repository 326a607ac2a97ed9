//! Tyranny through the pages' forms alone, as a browser without JavaScript: a whole game
//! against the computer from the home page's one click (two seats), every choice a button
//! in words (confirmed first), the board drawn and in words, the history told in sentences,
//! and the ending; and a game between two people where no page nor fragment of one names a
//! card hidden in the other's hand, from the first move to the end.

mod common;

use common::{Client, Page, TestServer, html, invited_game_of, play_confirmed};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::Value;
use std::time::Duration;

/// The moves the page offers as buttons named `move`, with their words.
fn move_buttons(page: &Page) -> Vec<(String, String)> {
    let mut buttons = Vec::new();
    for part in page.body.split("<button ").skip(1) {
        let (attrs, rest) = part.split_once('>').unwrap_or_default();
        if !attrs.contains("name=\"move\"") {
            continue;
        }
        let value = attrs
            .split("value=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .unwrap_or_default();
        let label = rest.split("</button>").next().unwrap_or_default();
        buttons.push((html::decode(value), html::decode(label)));
    }
    buttons
}

fn version(page: &Page) -> String {
    html::by_id(&page.body, "game")
        .and_then(|t| t.attr("data-version").map(str::to_string))
        .expect("the game's version")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Posts `fields` to the game's move form and goes through the confirmation page if asked.
async fn play(
    client: &mut Client,
    page: &Page,
    id: &str,
    fields: &[(&str, &str)],
) -> Option<String> {
    let (question, done) = play_confirmed(client, page, id, fields).await;
    // A page a moment out of date (the computer moved meanwhile) is refused, not played.
    if done.status == StatusCode::SEE_OTHER {
        assert_eq!(done.see_other(), format!("/games/{id}"), "{question:?}");
    }
    question
}

/// Picks a button among the legal moves: something that moves the game on (a roll, a
/// capture, a challenge, a draw) before passing or waiting.
fn pick(buttons: &[(String, String)], legal: &[String], turn: usize) -> (String, String) {
    let legal_buttons: Vec<&(String, String)> =
        buttons.iter().filter(|(v, _)| legal.contains(v)).collect();
    assert_eq!(
        legal_buttons.len(),
        legal.len(),
        "every legal move is a button: {legal:?} {buttons:?}"
    );
    let prefer = [
        "capture",
        "challenge",
        "move",
        "escape",
        "draw",
        "cross",
        "play",
    ];
    let by_turn = legal_buttons[turn % legal_buttons.len()];
    prefer
        .iter()
        .find_map(|p| legal_buttons.iter().find(|(v, _)| v.starts_with(p)))
        .copied()
        .filter(|_| turn % 5 != 0)
        .unwrap_or(by_turn)
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_through_the_forms() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let home = ada.page("/").await;
    assert!(home.body.contains("Tyranny"));
    let started = ada
        .submit(&home, "/play", &[("game", "tyranny"), ("level", "easy")])
        .await;
    let path = started.see_other().to_string();
    let id = path
        .strip_prefix("/games/")
        .expect("the game starts")
        .to_string();
    let api = format!("/api/games/{id}");
    let table = ada.api(&format!("/api/tables/{id}")).await;
    assert_eq!(table["table"]["options"]["players"], 2);

    let mut chosen = 0;
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 6000, "the game does not end");
        let state = ada.api(&api).await;
        if state["status"] != "playing" {
            break;
        }
        if state["turn"]["seat"] != state["viewer"]["seat"] {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        }
        let page = ada.page(&path).await;
        if chosen == 0 {
            // Both cities' tiles in words on the keyboard's grid, the drawing, the status.
            let grid = html::element(&page.body, "board-grid").unwrap();
            assert_eq!(grid.matches("role=\"gridcell\"").count(), 42);
            assert!(grid.contains("O13 Night Market: property worth 60, captured on 5 or 6"));
            assert!(page.body.contains("class=\"ty-board\""));
            let status = html::element(&page.body, "status-line").unwrap();
            assert!(html::text(&status).contains("Influence 500"), "{status}");
            assert!(page.text().contains("Seats and sides"));
        }
        let legal = strings(&state["legal_moves"]);
        let buttons = move_buttons(&page);
        if !legal.iter().all(|m| buttons.iter().any(|(v, _)| v == m)) {
            // The page was a moment behind the state: ask again.
            continue;
        }
        let (choice, label) = pick(&buttons, &legal, chosen);
        assert!(
            !label.trim().is_empty() && label != choice,
            "{choice}: {label}"
        );
        let question = play(
            &mut ada,
            &page,
            &id,
            &[("move", &choice), ("version", &version(&page))],
        )
        .await;
        // A roll, a pass or the only choice there is goes without asking; the rest is asked
        // in the button's words.
        let unasked = legal.len() == 1
            || ["move", "capture", "escape", "pass", "stay"].contains(&choice.as_str());
        if unasked {
            assert_eq!(question, None, "{choice}");
        } else {
            assert_eq!(question, Some(format!("{}?", label.trim())), "{choice}");
        }
        chosen += 1;
    }
    assert!(chosen > 3, "Ada chose her moves on the page");
    let page = ada.page(&path).await;
    let outcome = html::element(&page.body, "outcome").expect("the ending");
    assert!(!html::text(&outcome).trim().is_empty());
    let history = html::element(&page.body, "history").unwrap();
    let lines: Vec<&str> = history.split("<li id=\"event-").skip(1).collect();
    assert!(lines.len() > 10);
    for line in &lines {
        assert!(
            !html::text(line).trim().is_empty(),
            "an empty entry: {line}"
        );
    }
    let told = html::text(&history);
    assert!(told.contains("The die shows"), "rolls are told: {told}");
    server.stop().await;
}

/// A card's name as the pages write it in English ("gains 7" → "Gains 7").
fn card_name(card: &str) -> String {
    let mut chars = card.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The cards of `other`'s hand that the reader of `mine` cannot know: neither in the
/// reader's hand, nor face up in the discards, nor named to the reader as stolen.
fn unknown(other: &Value, mine: &Value, told: &str) -> Vec<String> {
    let mut seen = strings(&mine["view"]["hand"]);
    seen.extend(strings(&mine["view"]["table"]["discards"]));
    strings(&other["view"]["hand"])
        .into_iter()
        .filter(|c| !seen.contains(c))
        .map(|c| card_name(&c))
        .filter(|name| !told.contains(&format!("steals {name}")))
        .collect()
}

fn assert_names_none(text: &str, cards: &[String], whose: &str) {
    for card in cards {
        let word = Regex::new(&format!(r"\b{}\b", regex::escape(card))).unwrap();
        assert!(
            !word.is_match(text),
            "{whose}: the hidden {card} is named: {}",
            word.find(text)
                .map(|m| {
                    let start = m.start().saturating_sub(200);
                    &text[start..(m.end() + 50).min(text.len())]
                })
                .unwrap_or_default()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_names_a_card_hidden_in_the_other_hand() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    // Kept cards are a few of each deck: a game may pass with none held; then another.
    let mut held = 0;
    for _ in 0..4 {
        held += checked_game(&mut ada, &mut bob).await;
        if held > 0 {
            break;
        }
    }
    assert!(held > 0, "some cards were hidden to check");
    server.stop().await;
}

/// A whole game between Ada and Bob through the forms, every page and its fragments checked
/// for the other's hidden cards; how many hidden cards were checked.
async fn checked_game(ada: &mut Client, bob: &mut Client) -> usize {
    let id = invited_game_of(
        ada,
        bob,
        &[
            ("game", "tyranny"),
            ("seat1", "invite"),
            ("seat2", "none"),
            ("seat3", "none"),
            ("clock", "none"),
        ],
    )
    .await;
    let path = format!("/games/{id}");
    let api = format!("/api/games/{id}");
    let mut held = 0;
    let mut chosen = 0;
    let mut thefts = 0;
    let theft = Regex::new(r"steals (Gains|Gamble) \d+ from you\.").unwrap();
    for round in 0.. {
        assert!(round < 20_000, "the game does not end");
        let (a, b) = (ada.api(&api).await, bob.api(&api).await);
        if a["status"] != "playing" {
            let outcome = html::element(&ada.page(&path).await.body, "outcome");
            assert!(outcome.is_some(), "the ending on the page");
            break;
        }
        for (reader, mine, other, whose) in [(&mut *ada, &a, &b, "Ada"), (&mut *bob, &b, &a, "Bob")]
        {
            let page = reader.page(&path).await;
            let fragments = reader.api(&format!("{path}/fragments?since=0")).await;
            let told = html::text(&page.body);
            let hidden = unknown(other, mine, &told);
            held += hidden.len();
            assert_names_none(&told, &hidden, whose);
            assert_names_none(&html::text(&fragments.to_string()), &hidden, whose);
            // A card stolen from the reader is named by the hand, until another is.
            if let Some(last) = theft.find_iter(&told).last() {
                let notice = html::element(&page.body, "stolen").expect("the stolen card");
                assert!(
                    html::text(&notice).contains(last.as_str()),
                    "{whose}: {notice}"
                );
                thefts += 1;
            }
            // Each seat sees its own cards with their text.
            for card in strings(&mine["view"]["hand"]) {
                assert!(
                    told.contains(&format!("{}:", card_name(&card))),
                    "{whose}: {card}"
                );
            }
        }
        let ada_turn = a["turn"]["seat"] == a["viewer"]["seat"];
        let (mover, state) = if ada_turn {
            (&mut *ada, &a)
        } else {
            (&mut *bob, &b)
        };
        let legal = strings(&state["legal_moves"]);
        if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        }
        let page = mover.page(&path).await;
        let (choice, _) = pick(&move_buttons(&page), &legal, round);
        play(
            mover,
            &page,
            &id,
            &[("move", &choice), ("version", &version(&page))],
        )
        .await;
        chosen += 1;
    }
    assert!(chosen > 3);
    eprintln!("{chosen} choices, {held} hidden cards checked, {thefts} pages after a theft");
    held
}
