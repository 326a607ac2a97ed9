//! A game of Tyrus through the pages' forms alone: every move posted as a browser without
//! JavaScript posts it (with and without confirmation), the history and chart growing,
//! hidden tiles never on a page that may not see them, the ending on both pages, the
//! rematch; resigning, aborting and draws; and "my games".

mod common;

use agora_present::Lang;
use agora_tyrus::Tile;
use common::{Client, Page, TestServer, html, invited_game, until_turn_of};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::Value;

/// The seat whose turn it is, or `None` once the game is over.
fn turn(state: &Value) -> Option<u64> {
    state["turn"]["seat"].as_u64()
}

/// The tiles in the hand of the seat that `state` was asked as.
fn hand(state: &Value) -> Vec<Tile> {
    state["view"]["hand"]
        .as_array()
        .expect("a seat's view has its hand")
        .iter()
        .map(|t| t.as_str().unwrap().parse().unwrap())
        .collect()
}

/// The tiles a viewer may see named: its own hand, and every tile face up to it in the
/// buildings or revealed at a count. (Each seat has its own set of tiles with the same
/// names, so a name is a leak only when the reader cannot know a tile of that name.)
fn known(state: &Value) -> Vec<Tile> {
    fn collect(value: &Value, into: &mut Vec<Tile>) {
        match value {
            Value::String(s) => into.extend(s.parse::<Tile>().ok()),
            Value::Array(items) => items.iter().for_each(|v| collect(v, into)),
            Value::Object(fields) => fields.values().for_each(|v| collect(v, into)),
            _ => {}
        }
    }
    let mut tiles = Vec::new();
    for part in ["hand", "buildings", "discarded"] {
        collect(&state["view"][part], &mut tiles);
    }
    tiles
}

/// The tiles of `hand` that a reader who knows `seen` cannot know of.
fn unknown(hand: &[Tile], seen: &[Tile]) -> Vec<Tile> {
    hand.iter().filter(|t| !seen.contains(t)).copied().collect()
}

/// Fails the test if `page` names any of `tiles`, by code or by name.
fn assert_names_none_of(page: &Page, tiles: &[Tile], whose: &str) {
    // The move box's hint gives an example move, naming a tile of nobody's.
    let example = "S7 own citadel";
    let body = page.body.replace(example, "");
    let text = page.text().replace(example, "");
    for tile in tiles {
        let code = Regex::new(&format!(r"\b{tile}\b")).unwrap();
        if let Some(m) = code.find(&body) {
            let around = &body[m.start().saturating_sub(300)..(m.end() + 100).min(body.len())];
            panic!("{whose}'s {tile} on {}: {around}", page.path);
        }
        let name = agora_present::tyrus::tile_name(Lang::En, *tile);
        let name = Regex::new(&format!(r"\b{}\b", regex::escape(&name))).unwrap();
        assert!(
            !name.is_match(&text),
            "{whose}'s {tile} ({name}) on {}: {text}",
            page.path
        );
    }
}

/// The entries of the page's history.
fn history_len(page: &Page) -> usize {
    let history = html::element(&page.body, "history").expect("a history");
    history.matches("<li id=\"event-").count()
}

/// The legal moves the page offers for the move box.
fn offered_moves(page: &Page) -> Vec<String> {
    let list = html::element(&page.body, "legal-moves").expect("the move box's list");
    html::tags(&list)
        .into_iter()
        .filter(|t| t.name == "option")
        .filter_map(|t| t.attr("value").map(str::to_string))
        .collect()
}

/// The game's version as the page shows it.
fn version(page: &Page) -> String {
    html::by_id(&page.body, "game")
        .and_then(|t| t.attr("data-version").map(str::to_string))
        .expect("the game's version")
}

/// Plays `notation` from `page` as its reader: by choosing the tile and clicking the
/// building, or by typing it; through the confirmation page when `confirm`.
async fn play(
    client: &mut Client,
    page: &Page,
    id: &str,
    notation: &str,
    typed: bool,
    confirm: bool,
) {
    let action = format!("/games/{id}/move");
    let version = version(page);
    let (tile, target) = notation.split_once(' ').unwrap();
    let answer = if typed {
        client
            .submit(page, &action, &[("move", notation), ("version", &version)])
            .await
    } else {
        // The building buttons are the form's submit buttons, named `target`.
        let button = format!("value=\"{target}\"");
        assert!(page.body.contains(&button), "no button {target}");
        assert!(
            html::by_id(&page.body, &format!("tile-{tile}")).is_some(),
            "no tile {tile}"
        );
        client
            .submit(
                page,
                &action,
                &[("version", &version), ("tile", tile), ("target", target)],
            )
            .await
    };
    let answer = if confirm {
        answer.expect(StatusCode::OK);
        let tile_name = agora_present::tyrus::tile_name(Lang::En, tile.parse().unwrap());
        let question = answer.text();
        assert!(
            question.contains(&format!("Place {tile_name} in")),
            "{question}"
        );
        assert_eq!(
            html::input_value(&answer.body, "move").as_deref(),
            Some(notation)
        );
        assert_eq!(
            html::input_value(&answer.body, "version"),
            Some(version.clone())
        );
        client
            .submit(
                &answer,
                &action,
                &[
                    ("confirmed", "1"),
                    ("move", notation),
                    ("version", &version),
                ],
            )
            .await
    } else {
        answer
    };
    assert_eq!(answer.see_other(), format!("/games/{id}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_the_forms_then_a_rematch() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    // Ada confirms her moves (the default), Bob does not.
    bob.set_confirm_moves(false).await;
    let mut spectator = server.client();
    let path = format!("/games/{id}");
    let api = format!("/api/games/{id}");

    let first = ada.page(&path).await;
    let chart_start = html::text(&html::element(&first.body, "chart").unwrap());
    // The commitment to the deal is on the page from the start, the seed is not.
    let commitment = ada.api(&api).await["commitment"]
        .as_str()
        .unwrap()
        .to_string();
    let fair = html::text(&html::element(&first.body, "fair").expect("the commitment"));
    assert!(
        fair.contains(&format!("Deal commitment: {}…", &commitment[..12])),
        "{fair}"
    );
    assert!(
        fair.contains(&commitment),
        "the whole value in the disclosure: {fair}"
    );
    assert!(fair.contains("revealed when the game is over"), "{fair}");
    let mut history = history_len(&first);
    let mut moves = 0;
    loop {
        let (ada_state, bob_state) = (ada.api(&api).await, bob.api(&api).await);
        let Some(seat) = turn(&ada_state) else { break };
        let (ada_page, bob_page) = (ada.page(&path).await, bob.page(&path).await);
        let watched = spectator.page(&path).await;
        assert!(watched.text().contains("You are watching this game."));
        assert!(html::by_id(&watched.body, "hand-fieldset").is_none());
        assert!(html::by_id(&watched.body, "typed-move").is_none());
        let (ada_hand, bob_hand) = (hand(&ada_state), hand(&bob_state));
        let seen = known(&spectator.api(&api).await);
        // The fragments `game.js` swaps in are rendered for the same reader.
        let fragments = spectator.page(&format!("{path}/fragments?since=0")).await;
        let fragments = Page {
            body: fragments.json().to_string(),
            ..fragments
        };
        assert_names_none_of(&fragments, &unknown(&ada_hand, &seen), "spectator: Ada");
        assert_names_none_of(&fragments, &unknown(&bob_hand, &seen), "spectator: Bob");
        assert_names_none_of(&watched, &unknown(&ada_hand, &seen), "spectator: Ada");
        assert_names_none_of(&watched, &unknown(&bob_hand, &seen), "spectator: Bob");
        assert_names_none_of(
            &ada_page,
            &unknown(&bob_hand, &known(&ada_state)),
            "Ada: Bob",
        );
        assert_names_none_of(
            &bob_page,
            &unknown(&ada_hand, &known(&bob_state)),
            "Bob: Ada",
        );
        // Each seat sees its own hand.
        for tile in &ada_hand {
            assert!(html::by_id(&ada_page.body, &format!("tile-{tile}")).is_some());
        }

        let ada_moves = seat == ada_state["viewer"]["seat"].as_u64().unwrap();
        let (client, page, confirm, waiting) = if ada_moves {
            (&mut ada, ada_page, true, bob_page)
        } else {
            (&mut bob, bob_page, false, ada_page)
        };
        // The status line, not the page: the chat's quick message "Your turn." is on both.
        let status = |page: &Page| html::text(&html::element(&page.body, "status-line").unwrap());
        assert!(status(&page).contains("Your turn"));
        assert!(!status(&waiting).contains("Your turn"));
        assert!(offered_moves(&waiting).is_empty());
        assert!(history_len(&page) >= history, "the history only grows");
        history = history_len(&page);
        let offered = offered_moves(&page);
        let state = if ada_moves { &ada_state } else { &bob_state };
        assert_eq!(
            offered,
            state["legal_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        );
        let notation = offered[moves * 7 % offered.len()].clone();
        play(client, &page, &id, &notation, moves % 3 == 2, confirm).await;
        moves += 1;
        let after = client.page(&path).await;
        assert!(history_len(&after) > history, "the move is in the history");
        assert!(moves < 200, "a game of Tyrus ends");
    }
    assert!(moves >= 10, "{moves} moves");

    let (ada_end, bob_end) = (ada.page(&path).await, bob.page(&path).await);
    for page in [&ada_end, &bob_end, &spectator.page(&path).await] {
        let outcome = html::element(&page.body, "outcome").expect("the outcome");
        let outcome = html::text(&outcome);
        assert!(outcome.starts_with("The game is over"), "{outcome}");
        assert!(outcome.len() > "The game is over".len() + 10, "{outcome}");
        assert!(html::by_id(&page.body, "typed-move").is_none());
    }
    let chart_end = html::text(&html::element(&ada_end.body, "chart").unwrap());
    assert!(
        chart_end.matches("face down").count() < chart_start.matches("face down").count(),
        "{chart_start}\n{chart_end}"
    );
    assert!(history_len(&ada_end) > history);
    // The record has every move played through the pages (and the chance draws between).
    let record = ada.api(&format!("{api}/record")).await;
    // Once over, every reader sees the seed and salt revealed, and the server's check.
    for page in [&ada_end, &bob_end, &spectator.page(&path).await] {
        let verdict = html::text(&html::element(&page.body, "fair-verdict").expect("a verdict"));
        assert!(verdict.starts_with("The deal was fair"), "{verdict}");
        let fair = html::text(&html::element(&page.body, "fair").unwrap());
        let (seed, salt) = (record["seed"].to_string(), record["salt"].as_str().unwrap());
        assert!(fair.contains(&commitment) && fair.contains(salt), "{fair}");
        assert!(
            fair.contains(&format!("printf '%s' '{seed}:{salt}' | sha256sum")),
            "{fair}"
        );
    }
    assert!(
        record["moves"].as_array().unwrap().len() >= moves,
        "{record}"
    );

    // A move after the end is refused by the page, nothing changes.
    let answer = bob
        .submit(
            &bob_end,
            &format!("/games/{id}/move"),
            &[("move", "S1 own citadel")],
        )
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.text().contains("The game is over."));

    // The rematch: asked by both; the second lands on the new game.
    let answer = ada
        .submit(&ada_end, &format!("/games/{id}/rematch"), &[])
        .await;
    assert_eq!(answer.see_other(), path);
    let asked = ada.follow(&answer).await;
    assert!(asked.text().contains("You asked for a rematch"));
    let bob_end = bob.page(&path).await;
    assert!(
        bob_end.text().contains("Ada asked for a rematch."),
        "{}",
        bob_end.text()
    );
    let answer = bob
        .submit(&bob_end, &format!("/games/{id}/rematch"), &[])
        .await;
    let next = answer.see_other().to_string();
    assert!(next.starts_with("/games/") && next != path, "{next}");
    let rematch = bob.follow(&answer).await;
    rematch.expect(StatusCode::OK);
    assert!(rematch.text().contains("Ada"));
    let ada_end = ada.page(&path).await;
    let link = html::by_id(&ada_end.body, "rematch-link").expect("a link to the rematch");
    assert_eq!(link.attr("href"), Some(next.as_str()));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_moves_are_shown_by_the_move_box_and_change_nothing() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    let path = format!("/games/{id}");
    let state = ada.api(&format!("/api/games/{id}")).await;
    let ada_seat = state["viewer"]["seat"].as_u64().unwrap();
    let (mover, other) = if turn(&state) == Some(ada_seat) {
        (&mut ada, &mut bob)
    } else {
        (&mut bob, &mut ada)
    };
    let page = mover.page(&path).await;
    let action = format!("/games/{id}/move");
    let cases: [(&[(&str, &str)], &str); 4] = [
        (
            &[("move", "hello")],
            "\"hello\" is not a move. A move is a tile, own or opp, and a building",
        ),
        (
            &[("target", "own citadel")],
            "Choose a tile from your hand first.",
        ),
        (&[], "Choose a tile and a building, or type a move."),
        (&[("move", "S1 nowhere")], "A move is a tile"),
    ];
    for (fields, message) in cases {
        let answer = mover.submit(&page, &action, fields).await;
        answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
        let error = html::element(&answer.body, "move-error").unwrap();
        assert!(html::text(&error).contains(message), "{fields:?}: {error}");
        if let Some((_, typed)) = fields.iter().find(|(n, _)| *n == "move") {
            assert_eq!(
                html::input_value(&answer.body, "move").as_deref(),
                Some(*typed)
            );
        }
    }
    // A tile the mover does not hold.
    let held = hand(&mover.api(&format!("/api/games/{id}")).await);
    let missing = ["S1", "S2", "S3", "S4", "M1", "M2", "M3", "M4"]
        .into_iter()
        .find(|t| !held.contains(&t.parse().unwrap()))
        .unwrap();
    // Refusals in the reader's language, worded by agora-present from the engine's code.
    for (lang, unreadable, not_held) in [
        ("en", "is not a move.", "is not in your hand."),
        (
            "de",
            "„hello“ ist kein gültiger Zug.",
            "hast du nicht auf der Hand.",
        ),
        ("fr", "coup valable.", "en main."),
    ] {
        mover.accept_language = Some(lang.into());
        let answer = mover.submit(&page, &action, &[("move", "hello")]).await;
        answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            answer.text().contains(unreadable),
            "{lang}: {}",
            answer.text()
        );
        let answer = mover
            .submit(
                &page,
                &action,
                &[("tile", missing), ("target", "own citadel")],
            )
            .await;
        answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            answer.text().contains(not_held),
            "{lang}: {}",
            answer.text()
        );
        // Confirmed, the move goes straight to the game, and its refusal comes back as the
        // engine's code, worded the same.
        for (fields, words) in [
            (
                [("move", "hello".to_string()), ("confirmed", "1".into())],
                unreadable,
            ),
            (
                [
                    ("move", format!("{missing} own citadel")),
                    ("confirmed", "1".into()),
                ],
                not_held,
            ),
        ] {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
            let answer = mover.submit(&page, &action, &fields).await;
            answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
            let error = html::element(&answer.body, "move-error").unwrap();
            assert!(html::text(&error).contains(words), "{lang}: {error}");
        }
    }
    mover.accept_language = None;

    // Not your turn.
    let other_page = other.page(&path).await;
    let legal = offered_moves(&page)[0].clone();
    let answer = other
        .submit(&other_page, &action, &[("move", &legal)])
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.text().contains("It is not your turn."));

    // A move confirmed against a position that has since changed: the mover plays, then the
    // other player confirms a move chosen before that.
    let old_version = version(&other_page);
    let (status, body) = mover
        .api_post(
            &format!("/api/games/{id}/move"),
            serde_json::json!({"move": legal}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let now = other.api(&format!("/api/games/{id}")).await;
    let reply = now["legal_moves"][0]
        .as_str()
        .expect("the other's turn")
        .to_string();
    let answer = other
        .submit(
            &other_page,
            &action,
            &[
                ("move", &reply),
                ("version", &old_version),
                ("confirmed", "1"),
            ],
        )
        .await;
    answer.expect(StatusCode::CONFLICT);
    assert!(
        answer.text().contains("The game moved on"),
        "{}",
        answer.text()
    );
    let after = other.api(&format!("/api/games/{id}")).await;
    assert_eq!(after["version"], now["version"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fragments_bring_what_happened_since_a_version() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let version = ada.api(&format!("/api/games/{id}")).await["version"]
        .as_u64()
        .unwrap();
    let fragments = |since: u64| format!("/games/{id}/fragments?since={since}");

    // Ada, to move: told it is her turn when something happened since, not otherwise.
    let fresh = ada.page(&fragments(version - 1)).await.json();
    assert_eq!(fresh["version"], version);
    assert_eq!(fresh["assertive"], serde_json::json!(["Your turn."]));
    let entries = fresh["entries"].as_str().unwrap();
    assert!(
        entries.contains(&format!("id=\"event-{version}\"")),
        "{entries}"
    );
    assert!(!entries.contains(&format!("id=\"event-{}\"", version - 1)) || version < 2);
    // Asked again since the version it shows, the page gets no fragment but the hint's
    // area (always sent): nothing changed. Without `since`, it gets every fragment.
    let nothing_new = ada.page(&fragments(version)).await.json();
    assert_eq!(nothing_new["assertive"], serde_json::json!([]));
    assert_eq!(nothing_new["entries"], "");
    let parts: Vec<&String> = nothing_new["fragments"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(parts, ["hint-area"], "{nothing_new}");
    assert!(nothing_new["title"].as_str().unwrap().ends_with(" — Agora"));
    let whole = ada.page(&format!("/games/{id}/fragments")).await.json();
    for part in [
        "game-status",
        "actions",
        "board",
        "hand",
        "chart",
        "legal-moves",
    ] {
        assert!(whole["fragments"][part].is_string(), "{part}");
    }
    let entries = whole["entries"].as_str().unwrap().matches("<li").count();
    assert_eq!(entries as u64, version, "{whole}");

    // Bob, waiting: never told it is his turn; the spectator has no hand.
    let bobs = bob.page(&fragments(0)).await.json();
    assert_eq!(bobs["assertive"], serde_json::json!([]));
    // Every move so far (one or more, as the deal chose who went first) is in Bob's entries.
    let history = bobs["entries"].as_str().unwrap().matches("<li").count();
    assert_eq!(history as u64, version, "{bobs}");
    let mut spectator = server.client();
    let watched = spectator.page(&fragments(0)).await.json();
    assert!(
        !watched["fragments"]["hand"]
            .as_str()
            .unwrap()
            .contains("<input")
    );
    assert_eq!(
        spectator.get("/games/nosuchgame/fragments").await.status,
        StatusCode::NOT_FOUND
    );
    server.stop().await;
}

/// The answer to a move sent by `game.js` brings the mover's page its fragments since the
/// version it showed, so the page need not ask for them; it is remembered as what that page
/// has, so its next fragment request is as small as after one of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scripted_move_answers_with_the_pages_fragments() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let page = ada.page(&format!("/games/{id}")).await;
    let shown = version(&page);
    let state = ada.api(&format!("/api/games/{id}")).await;
    let legal = state["legal_moves"][0].as_str().unwrap().to_string();
    let csrf = page.csrf();
    let script = [("x-agora-fetch", "1"), ("sec-fetch-site", "same-origin")];
    let action = format!("/games/{id}/move");

    // Refused: the reason, and no fragments (nothing changed).
    let refused = ada
        .post_with(
            &action,
            &[
                ("csrf", &csrf),
                ("move", "zz"),
                ("confirmed", "1"),
                ("since", &shown),
            ],
            &script,
        )
        .await;
    refused.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.json()["error"].is_string(), "{}", refused.body);
    assert!(refused.json().get("page").is_none(), "{}", refused.body);

    let fields = [
        ("csrf", csrf.as_str()),
        ("move", legal.as_str()),
        ("version", shown.as_str()),
        ("confirmed", "1"),
        ("since", shown.as_str()),
    ];
    let answer = ada.post_with(&action, &fields, &script).await;
    answer.expect(StatusCode::OK);
    let answer = answer.json();
    let played = answer["version"].as_u64().expect("the move's version");
    assert!(played > shown.parse::<u64>().unwrap(), "{answer}");
    let update = &answer["page"];
    assert!(update["version"].as_u64().unwrap() >= played, "{answer}");
    let entries = update["entries"].as_str().unwrap();
    assert!(
        entries.contains(&format!("id=\"event-{played}\"")),
        "{entries}"
    );
    assert!(
        !entries.contains(&format!("id=\"event-{shown}\"")),
        "{entries}"
    );
    assert!(update["fragments"]["board"].is_string(), "{update}");
    assert_eq!(update["your_turn"], false, "{update}");
    assert!(update["title"].as_str().unwrap().ends_with(" — Agora"));

    // Asked since the version the answer brought, the page is told nothing new.
    let now = update["version"].as_u64().unwrap();
    let again = ada
        .page(&format!("/games/{id}/fragments?since={now}"))
        .await
        .json();
    assert_eq!(again["entries"], "", "{again}");
    let parts: Vec<&String> = again["fragments"].as_object().unwrap().keys().collect();
    assert_eq!(parts, ["hint-area"], "{again}");

    // Without `since` (a script that does not take fragments), no fragments come.
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let state = ada.api(&format!("/api/games/{id}")).await;
    let legal = state["legal_moves"][0].as_str().unwrap().to_string();
    let bare = ada
        .post_with(
            &action,
            &[("csrf", &csrf), ("move", &legal), ("confirmed", "1")],
            &script,
        )
        .await;
    bare.expect(StatusCode::OK);
    assert_eq!(bare.json()["ok"], true, "{}", bare.body);
    assert!(bare.json().get("page").is_none(), "{}", bare.body);

    // The actions beside moves answer the same way: a draw offered shows on the offerer's
    // page from the answer.
    let shown = bare.json()["version"].as_u64().unwrap().to_string();
    let offered = ada
        .post_with(
            &format!("/games/{id}/draw"),
            &[("csrf", &csrf), ("since", &shown)],
            &script,
        )
        .await;
    offered.expect(StatusCode::OK);
    let offered = offered.json();
    let fragments = offered["page"]["fragments"].to_string();
    assert!(fragments.contains("You offered a draw."), "{offered}");
    server.stop().await;
}
