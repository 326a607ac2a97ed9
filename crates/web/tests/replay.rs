//! The replay viewer, `/games/{id}/replay`: a finished game stepped through from its start to
//! its end (every step's narration is the history's line, the step marked, the clocks as they
//! stood), its bounds and bad queries answered with a clear error page, and hidden
//! information: a game being played replays only what the reader may see now, and a
//! spectator's replay of a running game of each game never names a hidden tile or card.
//! Also `/replay`, a record opened from its text: shown, or the error saying what is wrong.

mod common;

use common::{Client, TestServer, html, invited_game_of};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Plays `moves` moves (or until the game ends) for whoever is to move, through the API.
async fn play_moves(ada: &mut Client, bob: &mut Client, id: &str, moves: usize) {
    let api = format!("/api/games/{id}");
    let mut played = 0;
    while played < moves {
        let state = ada.api(&api).await;
        if state["status"] != "playing" {
            return;
        }
        let ada_turn = state["turn"]["seat"] == state["viewer"]["seat"];
        let mover = if ada_turn { &mut *ada } else { &mut *bob };
        let state = mover.api(&api).await;
        let Some(legal) = state["legal_moves"].as_array().filter(|l| !l.is_empty()) else {
            // A chance move the server draws.
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        };
        let legal: Vec<&str> = legal.iter().filter_map(Value::as_str).collect();
        // Tyranny's cards are drawn by few moves: they are taken whenever offered.
        let notation = ["draw", "capture", "challenge", "move", "play"]
            .iter()
            .find_map(|p| legal.iter().find(|m| m.starts_with(p)))
            .filter(|_| played % 5 != 0)
            .unwrap_or(&legal[played % legal.len()])
            .to_string();
        let (status, body) = mover
            .api_post(&format!("{api}/move"), json!({"move": notation}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        played += 1;
    }
}

fn table_fields(game: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut fields = vec![
        ("game", game),
        ("seat1", "invite"),
        ("clock", "none"),
        ("listed", "on"),
    ];
    if game == "tyranny" {
        fields.extend([("seat2", "none"), ("seat3", "none")]);
    }
    fields
}

fn step_label(body: &str) -> String {
    html::text(&html::element(body, "replay-step-h2").expect("the step's heading"))
}

fn narration(body: &str) -> String {
    html::text(&html::element(body, "replay-narration").expect("the step's narration"))
}

fn current_step(body: &str) -> Option<String> {
    html::tags(body)
        .into_iter()
        .find(|t| t.attr("aria-current") == Some("step") && t.attr("data-step").is_some())
        .and_then(|t| t.attr("data-step").map(str::to_string))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_steps_from_its_start_to_its_end() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game_of(&mut ada, &mut bob, &table_fields("tyrus")).await;
    play_moves(&mut ada, &mut bob, &id, 9).await;
    let (status, body) = ada
        .api_post(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let last = ada.api(&format!("/api/games/{id}")).await["version"]
        .as_u64()
        .unwrap();
    assert!(last >= 10, "{last} steps");

    // The finished game's page links to its replay; the replay opens at the last step.
    let game = ada.page(&format!("/games/{id}")).await;
    assert!(
        game.body.contains(&format!("href=\"/games/{id}/replay\"")),
        "the replay link"
    );
    // So does "My games".
    let mine = ada.page("/games").await;
    assert!(
        mine.body.contains(&format!("href=\"/games/{id}/replay\"")),
        "My games' link"
    );
    let replay = ada.page(&format!("/games/{id}/replay")).await;
    assert_eq!(step_label(&replay.body), format!("Step {last} of {last}"));
    assert_eq!(current_step(&replay.body), Some(last.to_string()));
    assert!(
        html::element(&replay.body, "fair-verdict").is_some(),
        "the deal's check"
    );
    assert!(html::text(&replay.body).contains("The deal was fair"));

    // Every step: its heading, its narration (the history's line), the step marked, the
    // controls to the steps around it.
    let history: Vec<String> = (1..=last)
        .map(|step| {
            let tag = format!("id=\"step-{step}\"");
            let line = replay
                .body
                .split(&tag)
                .nth(1)
                .unwrap_or_else(|| panic!("step {step}'s link: {}", replay.body));
            let line = line
                .split("<span>")
                .nth(1)
                .unwrap()
                .split("</span>")
                .next()
                .unwrap();
            html::text(line)
        })
        .collect();
    for step in 0..=last {
        let page = ada
            .page(&format!("/games/{id}/replay?step={step}&as=0"))
            .await;
        assert_eq!(step_label(&page.body), format!("Step {step} of {last}"));
        assert_eq!(
            current_step(&page.body),
            Some(step.to_string()),
            "step {step}"
        );
        let said = narration(&page.body);
        if step == 0 {
            assert_eq!(said, "The game is dealt; nothing has been played yet.");
            assert!(
                html::by_id(&page.body, "replay-previous")
                    .unwrap()
                    .attr("href")
                    .is_none()
            );
        } else {
            assert_eq!(said, history[step as usize - 1], "step {step}");
            let previous = html::by_id(&page.body, "replay-previous").unwrap();
            assert_eq!(
                previous.attr("href").map(html::decode),
                Some(format!("/games/{id}/replay?step={}&as=0", step - 1))
            );
        }
        let next = html::by_id(&page.body, "replay-next").unwrap();
        assert_eq!(next.attr("href").is_some(), step < last, "step {step}");
    }
    assert!(history.last().unwrap().contains("resign"), "{history:?}");

    // The fragment the script swaps in says the step.
    let fragment = ada
        .get_with(&format!("/games/{id}/replay/fragment?step=1&as=1"), &[])
        .await;
    fragment.expect(StatusCode::OK);
    let fragment = fragment.json();
    assert_eq!(fragment["step"], 1);
    assert!(
        fragment["say"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Step 1 of {last}"))
    );
    assert_eq!(fragment["href"], format!("/games/{id}/replay?step=1&as=1"));

    // Every view of a finished game, for anyone.
    let mut cy = server.client();
    cy.guest("Cy").await;
    for view in ["0", "1", "spectator", "all"] {
        let page = cy
            .page(&format!("/games/{id}/replay?step=5&as={view}"))
            .await;
        assert_eq!(step_label(&page.body), format!("Step 5 of {last}"));
    }
    let all = cy.page(&format!("/games/{id}/replay?as=all")).await;
    assert!(
        html::element(&all.body, "replay-hands-h2").is_some(),
        "every hand"
    );

    // Bad queries: a clear error page, in the reader's language.
    for (query, status, words) in [
        (
            "step=x",
            StatusCode::BAD_REQUEST,
            "The step must be a whole number.",
        ),
        (
            "step=-1",
            StatusCode::BAD_REQUEST,
            "The step must be a whole number.",
        ),
        (
            &format!("step={}", last + 1),
            StatusCode::NOT_FOUND,
            "The game has no such step.",
        ),
        (
            "step=99999999999999999999999",
            StatusCode::BAD_REQUEST,
            "The step must be a whole number.",
        ),
        ("as=2", StatusCode::BAD_REQUEST, "There is no such view"),
        (
            "as=everyone",
            StatusCode::BAD_REQUEST,
            "There is no such view",
        ),
    ] {
        let page = cy.get(&format!("/games/{id}/replay?{query}")).await;
        assert_eq!(page.status, status, "{query}");
        assert!(page.text().contains(words), "{query}: {}", page.text());
    }
    let page = cy.get("/games/nosuchgame/replay").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);

    // In German too.
    cy.set_cookie("agora_prefs", "l-de");
    let page = cy.get(&format!("/games/{id}/replay?step=x")).await;
    assert!(
        page.text()
            .contains("Der Schritt muss eine ganze Zahl sein."),
        "{}",
        page.text()
    );
    server.stop().await;
}

/// What `state` (a seat's API state) holds that no one else may see: its hand's items.
fn hidden_items(state: &Value) -> Vec<String> {
    let view = &state["view"];
    let hand = if view["hand"].is_array() {
        view["hand"].clone()
    } else if let Some(seat) = state["viewer"]["seat"].as_u64() {
        view["hands"][seat as usize].clone()
    } else {
        Value::Null
    };
    hand.as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_game_replays_only_what_the_reader_may_see() {
    let server = TestServer::start().await;
    for game in ["tyrus", "tsuro", "tyranny"] {
        // A random game may end before a hand holds anything the public view does not also
        // name: then another game is dealt.
        let mut checked = 0;
        for _deal in 0..3 {
            if checked > 0 {
                break;
            }
            let (mut ada, mut bob, mut cy) = (server.client(), server.client(), server.client());
            cy.guest("Cy").await;
            let id = invited_game_of(&mut ada, &mut bob, &table_fields(game)).await;
            let api = format!("/api/games/{id}");
            for round in 0..40 {
                if round >= 4 && checked > 0 {
                    break;
                }
                play_moves(&mut ada, &mut bob, &id, 3).await;
                let (a, b) = (ada.api(&api).await, bob.api(&api).await);
                if a["status"] != "playing" {
                    break;
                }
                let present = a["version"].as_u64().unwrap();
                // The discards and the board are public: only what is still in a hand is hidden.
                let spectator_view = cy.api(&api).await;
                let public = spectator_view.to_string();
                let hidden: Vec<String> = hidden_items(&a)
                    .into_iter()
                    .chain(hidden_items(&b))
                    .filter(|item| !public.contains(&format!("\"{item}\"")))
                    .collect();
                checked += hidden.len();
                for step in [0, present / 2, present] {
                    let page = cy.page(&format!("/games/{id}/replay?step={step}")).await;
                    assert_eq!(step_label(&page.body), format!("Step {step} of {present}"));
                    for item in &hidden {
                        for shown in [
                            format!("\"{item}\""),
                            format!(">{item}<"),
                            format!(" {item}:"),
                        ] {
                            assert!(
                                !page.body.contains(&shown),
                                "{game} round {round} step {step}: {item} is shown to a spectator"
                            );
                        }
                    }
                }
                // Nothing but the present: no step after it, no seat's view, nothing revealed.
                let after = cy
                    .get(&format!("/games/{id}/replay?step={}", present + 1))
                    .await;
                assert_eq!(after.status, StatusCode::NOT_FOUND);
                for view in ["0", "1", "all"] {
                    let page = cy.get(&format!("/games/{id}/replay?as={view}")).await;
                    assert_eq!(page.status, StatusCode::FORBIDDEN, "{game} as {view}");
                    assert!(page.text().contains("only what you may see now"));
                }
                // A seated player replays their own seat only.
                let mine = a["viewer"]["seat"].as_u64().unwrap();
                let own = ada.page(&format!("/games/{id}/replay?as={mine}")).await;
                assert_eq!(
                    step_label(&own.body),
                    format!("Step {present} of {present}")
                );
                let theirs = ada
                    .get(&format!("/games/{id}/replay?as={}", 1 - mine))
                    .await;
                assert_eq!(theirs.status, StatusCode::FORBIDDEN);
                let spectating = ada.get(&format!("/games/{id}/replay?as=spectator")).await;
                assert_eq!(spectating.status, StatusCode::FORBIDDEN);
            }
        }
        assert!(checked > 0, "{game}: some hidden items were checked");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_not_listed_is_not_replayed_to_others_while_it_runs() {
    let server = TestServer::start().await;
    let (mut ada, mut bob, mut cy) = (server.client(), server.client(), server.client());
    cy.guest("Cy").await;
    let id = invited_game_of(
        &mut ada,
        &mut bob,
        &[("game", "tyrus"), ("seat1", "invite"), ("clock", "none")],
    )
    .await;
    play_moves(&mut ada, &mut bob, &id, 2).await;
    assert_eq!(
        cy.get(&format!("/games/{id}/replay")).await.status,
        StatusCode::NOT_FOUND
    );
    ada.page(&format!("/games/{id}/replay")).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_opened_from_its_text_is_shown_or_said_wrong() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game_of(&mut ada, &mut bob, &table_fields("tsuro")).await;
    play_moves(&mut ada, &mut bob, &id, 6).await;
    if ada.api(&format!("/api/games/{id}")).await["status"] == "playing" {
        let (status, body) = ada
            .api_post(&format!("/api/games/{id}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let record = ada.get(&format!("/api/games/{id}/record")).await.body;
    let moves = serde_json::from_str::<Value>(&record).unwrap()["moves"]
        .as_array()
        .unwrap()
        .len();

    let form = ada.page("/replay").await;
    let shown = ada.submit(&form, "/replay", &[("record", &record)]).await;
    shown.expect(StatusCode::OK);
    assert_eq!(step_label(&shown.body), format!("Step {moves} of {moves}"));
    assert!(
        html::text(&shown.body).contains("The deal was fair"),
        "the deal's check"
    );
    // Each step is a button that posts the record again.
    let step = ada
        .submit(
            &form,
            "/replay",
            &[("record", &record), ("step", "1"), ("as", "all")],
        )
        .await;
    step.expect(StatusCode::OK);
    assert_eq!(step_label(&step.body), format!("Step 1 of {moves}"));
    assert!(step.body.contains("name=\"step\" value=\"2\""));

    // Tampered: the seed changed, so the deal is not the one committed to.
    let mut tampered: Value = serde_json::from_str(&record).unwrap();
    tampered["seed"] = json!(tampered["seed"].as_u64().unwrap() ^ 1);
    let page = ada
        .submit(&form, "/replay", &[("record", &tampered.to_string())])
        .await;
    page.expect(StatusCode::OK);
    assert!(
        html::text(&page.body).contains("cannot be shown to be fair"),
        "{}",
        page.text()
    );

    for (text, words) in [
        ("", "Choose a record file or paste a record."),
        ("{not json", "The file is not a game record"),
        (
            r#"{"game": "chess", "seed": 1}"#,
            "there is no game called chess",
        ),
        (
            r#"{"game": "tsuro", "seed": 1, "moves": ["nonsense"]}"#,
            "move 1, nonsense, cannot be played",
        ),
    ] {
        let page = ada.submit(&form, "/replay", &[("record", text)]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{text}");
        assert!(page.text().contains(words), "{text}: {}", page.text());
        assert!(html::by_id(&page.body, "error-summary").is_some());
    }
    let huge = "x".repeat(200 * 1024);
    let page = ada.submit(&form, "/replay", &[("record", &huge)]).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.text().contains("larger than 128 KB"));
    // Without the form's token: refused, nothing shown.
    let page = ada.post("/replay", &[("record", &record)]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // A form larger than the route reads: refused before it is read.
    let page = ada
        .submit(&form, "/replay", &[("record", &"{".repeat(600 * 1024))])
        .await;
    assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE);
    server.stop().await;
}
