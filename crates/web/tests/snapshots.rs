//! Snapshots of every page and of the game's fragments, in English, German and French, for
//! the fixed scene of `common::fixture` (a game dealt from a fixed seed at a fixed position):
//! a change to what a page says or how it is built shows up here for review. Ids, tokens,
//! the port and the assets' hashes are redacted; blank lines and indentation are dropped.

mod common;

use common::fixture::{Fixture, Who};
use common::{Page, TestServer, html};
use reqwest::StatusCode;
use serde_json::Value;

/// A page as its snapshot keeps it: status, language, then the HTML, one trimmed line each.
fn tidy(fixture: &Fixture, page: &Page) -> String {
    let html = fixture.redact(&page.body);
    let lines: Vec<&str> = html
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!(
        "{} {}\n{}\n",
        page.status.as_u16(),
        page.path_redacted(fixture),
        lines.join("\n")
    )
}

trait Redacted {
    fn path_redacted(&self, fixture: &Fixture) -> String;
}

impl Redacted for Page {
    fn path_redacted(&self, fixture: &Fixture) -> String {
        fixture.redact(&self.path)
    }
}

/// The fragments' answer as text: each fragment's HTML under its name.
fn tidy_fragments(fixture: &Fixture, page: &Page) -> String {
    let json = page.json();
    let mut out = format!("{} {}\n", page.status.as_u16(), page.path_redacted(fixture));
    for key in ["version", "title", "assertive", "rematch"] {
        out += &format!("{key}: {}\n", json[key]);
    }
    let mut parts: Vec<(String, String)> = json["fragments"]
        .as_object()
        .expect("fragments")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
        .collect();
    parts.push((
        "entries".into(),
        json["entries"].as_str().unwrap_or_default().to_string(),
    ));
    for (name, fragment) in parts {
        out += &format!("== {name} ==\n");
        for line in fixture
            .redact(&fragment)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
        {
            out += line;
            out += "\n";
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_in_every_language() {
    let server = TestServer::start().await;
    let mut fixture = Fixture::new(&server).await;
    let game = fixture.game.clone();
    for lang in ["en", "de", "fr"] {
        fixture.set_lang(lang);
        for (name, who, path) in fixture.pages() {
            let page = fixture.client(who).get(&path).await;
            if page.body.starts_with("<!doctype") {
                assert_eq!(page.lang(), lang, "{name}");
            }
            let snapshot = tidy(&fixture, &page);
            insta::assert_snapshot!(format!("{name}-{lang}"), snapshot);
        }

        // The confirmation of a move, for the seat to move.
        let state = fixture.ada.api(&format!("/api/games/{game}")).await;
        let who = if state["legal_moves"].is_array() {
            Who::Ada
        } else {
            Who::Bob
        };
        let client = fixture.client(who);
        let state = client.api(&format!("/api/games/{game}")).await;
        let notation = state["legal_moves"][0].as_str().unwrap().to_string();
        let (tile, target) = notation.split_once(' ').unwrap();
        let page = client.page(&format!("/games/{game}")).await;
        let confirm = client
            .submit(
                &page,
                &format!("/games/{game}/move"),
                &[("tile", tile), ("target", target)],
            )
            .await;
        confirm.expect(StatusCode::OK);
        insta::assert_snapshot!(format!("confirm-move-{lang}"), tidy(&fixture, &confirm));

        // A form with errors.
        let visitor = fixture.client(Who::Visitor);
        let page = visitor.page("/signup").await;
        let refused = visitor
            .submit(&page, "/signup", &[("name", "Ada"), ("password", "short")])
            .await;
        refused.expect(StatusCode::UNPROCESSABLE_ENTITY);
        insta::assert_snapshot!(format!("signup-errors-{lang}"), tidy(&fixture, &refused));
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_fragments_from_both_seats_and_a_spectator() {
    let server = TestServer::start().await;
    let mut fixture = Fixture::new(&server).await;
    let game = fixture.game.clone();
    let version = fixture.ada.api(&format!("/api/games/{game}")).await["version"]
        .as_u64()
        .unwrap();
    // The last three events, as `game.js` asks after missing them.
    let path = format!("/games/{game}/fragments?since={}", version - 3);
    for lang in ["en", "de", "fr"] {
        fixture.set_lang(lang);
        for (who, name) in [
            (Who::Ada, "ada"),
            (Who::Bob, "bob"),
            (Who::Visitor, "spectator"),
        ] {
            let page = fixture.client(who).get(&path).await;
            page.expect(StatusCode::OK);
            assert_eq!(page.json()["version"], Value::from(version));
            let entries = page.json()["entries"].as_str().unwrap().to_string();
            assert!(
                html::tags(&entries).iter().all(|t| t.name == "li"),
                "{entries}"
            );
            insta::assert_snapshot!(
                format!("fragments-{name}-{lang}"),
                tidy_fragments(&fixture, &page)
            );
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tsuro_and_tyranny_fragments_from_a_seat_and_a_spectator() {
    let server = TestServer::start().await;
    let mut fixture = Fixture::new(&server).await;
    for (kind, game) in [
        ("tsuro", fixture.tsuro.clone()),
        ("tyranny", fixture.tyranny.clone()),
    ] {
        let version = fixture.ada.api(&format!("/api/games/{game}")).await["version"]
            .as_u64()
            .unwrap();
        // The last two plays, as `game.js` asks after missing them.
        let path = format!("/games/{game}/fragments?since={}", version - 2);
        for lang in ["en", "de", "fr"] {
            fixture.set_lang(lang);
            for (who, name) in [(Who::Ada, "ada"), (Who::Visitor, "spectator")] {
                let page = fixture.client(who).get(&path).await;
                page.expect(StatusCode::OK);
                assert_eq!(page.json()["version"], Value::from(version));
                insta::assert_snapshot!(
                    format!("{kind}-fragments-{name}-{lang}"),
                    tidy_fragments(&fixture, &page)
                );
            }
        }
    }
    server.stop().await;
}
