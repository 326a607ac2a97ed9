//! docs/protocol.md's examples of each game's JSON ("Each game's JSON") are held to real
//! output: every block fenced as ```` ```json GAME/PART ```` must parse and have the shape of
//! what the server sends (the same keys, recursively, and the same kinds of values; `null`
//! stands for a value that may be absent), and every outcome reason the games and the server
//! give is listed.
//!
//! Views and seen moves come from seeded games played here with random legal moves (the
//! server writes the same JSON: `AnyGame::view_of` and `SeenMove`); event objects come from
//! a server, over the WebSocket.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use agora_engine::{FastRng, Seat, Turn, Viewer};
use agora_games::{AnyGame, GameKind, agora_tsuro, agora_tyrus};
use common::{TempDb, guests, serve, table};
use rand_core::RngCore;
use serde_json::{Deserializer, Value, json};

const PROTOCOL: &str = include_str!("../../../docs/protocol.md");

/// Games played per kind, seeds 0, 1, ...: enough for every kind of move and view to show.
const GAMES: u64 = 60;

/// The examples fenced as ```` ```json TAG ````, by tag; a block may hold several values.
fn examples() -> BTreeMap<String, Vec<Value>> {
    let mut examples: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut lines = PROTOCOL.lines();
    while let Some(line) = lines.next() {
        let Some(tag) = line.strip_prefix("```json ") else {
            continue;
        };
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let block = block.join("\n");
        let values: Vec<Value> = Deserializer::from_str(&block)
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("docs/protocol.md, block {tag}: {e}"));
        examples
            .entry(tag.trim().to_string())
            .or_default()
            .extend(values);
    }
    examples
}

/// Whether `doc` has the shape of `real`: `Ok`, or where it differs.
fn same_shape(doc: &Value, real: &Value, at: &str) -> Result<(), String> {
    match (doc, real) {
        (Value::Null, _) | (_, Value::Null) => Ok(()),
        (Value::Object(d), Value::Object(r)) => {
            let dk: BTreeSet<&String> = d.keys().collect();
            let rk: BTreeSet<&String> = r.keys().collect();
            if dk != rk {
                return Err(format!("{at}: keys {dk:?}, the server's {rk:?}"));
            }
            for (key, value) in d {
                same_shape(value, &r[key], &format!("{at}.{key}"))?;
            }
            Ok(())
        }
        (Value::Array(d), Value::Array(r)) => {
            if r.is_empty() {
                return Ok(());
            }
            for (i, element) in d.iter().enumerate() {
                let at = format!("{at}[{i}]");
                if !r.iter().any(|real| same_shape(element, real, &at).is_ok()) {
                    return same_shape(element, &r[0], &at);
                }
            }
            Ok(())
        }
        (Value::Bool(_), Value::Bool(_))
        | (Value::Number(_), Value::Number(_))
        | (Value::String(_), Value::String(_)) => Ok(()),
        _ => Err(format!("{at}: {doc} where the server has {real}")),
    }
}

/// Each example has the shape of some real value, and (with `every`) each real value has the
/// shape of some example.
fn check(tag: &str, examples: &BTreeMap<String, Vec<Value>>, real: &[Value], every: bool) {
    let docs = examples
        .get(tag)
        .unwrap_or_else(|| panic!("docs/protocol.md has no ```json {tag} block"));
    assert!(!real.is_empty(), "{tag}: nothing real to compare with");
    for doc in docs {
        if !real.iter().any(|r| same_shape(doc, r, tag).is_ok()) {
            let why = same_shape(doc, &real[0], tag).unwrap_err();
            panic!(
                "docs/protocol.md, {tag}: {doc}\nis not what the server sends: {why}\n(for instance {})",
                real[0]
            );
        }
    }
    if every {
        for r in real {
            assert!(
                docs.iter().any(|doc| same_shape(doc, r, tag).is_ok()),
                "docs/protocol.md, {tag}: no example has the shape of {r}"
            );
        }
    }
}

/// What seeded games of `kind` showed: seat 0's views, the seen moves and chance draws (as
/// every seat and a spectator saw them), and the outcome reasons.
struct Played {
    views: Vec<Value>,
    moves: Vec<Value>,
    chances: Vec<Value>,
    reasons: BTreeSet<String>,
}

fn play(kind: GameKind, options: &Value) -> Played {
    let mut played = Played {
        views: Vec::new(),
        moves: Vec::new(),
        chances: Vec::new(),
        reasons: BTreeSet::new(),
    };
    for seed in 0..GAMES {
        let (mut game, _) = AnyGame::deal(kind, options, seed).unwrap();
        let mut rng = FastRng::new(seed);
        loop {
            played.views.push(game.view(Viewer::Seat(Seat(0))));
            let (text, chance) = match game.turn() {
                Turn::Over => break,
                Turn::Chance => (game.sample_chance(&mut rng), true),
                Turn::Seat(_) => {
                    let legal = game.legal_moves();
                    let pick = (rng.next_u64() % legal.len() as u64) as usize;
                    (legal[pick].clone(), false)
                }
            };
            let seen = game.play(&text).unwrap();
            let seen = seen.seen_by_seat.iter().chain([&seen.seen_by_spectator]);
            let into = if chance {
                &mut played.chances
            } else {
                &mut played.moves
            };
            into.extend(seen.map(|s| s.to_value()));
        }
        played
            .reasons
            .insert(game.outcome().unwrap().reason.to_string());
    }
    played
}

#[test]
fn each_games_views_and_moves_are_as_documented() {
    let examples = examples();
    for (kind, options) in [
        (GameKind::Tyrus, json!({})),
        (GameKind::Tsuro, json!({"players": 3})),
        (GameKind::Tyranny, json!({"players": 4})),
    ] {
        let name = kind.name();
        let played = play(kind, &options);
        check(&format!("{name}/view"), &examples, &played.views, false);
        check(&format!("{name}/move"), &examples, &played.moves, true);
        // A chance block exactly for the games that draw chance moves during play.
        let chance = format!("{name}/chance");
        assert_eq!(
            examples.contains_key(&chance),
            !played.chances.is_empty(),
            "{chance}: documented or drawn, not both"
        );
        if !played.chances.is_empty() {
            check(&chance, &examples, &played.chances, true);
        }
        let documented: BTreeSet<String> = examples["outcome-reasons"][0][name]
            .as_array()
            .unwrap_or_else(|| panic!("outcome-reasons lacks {name}"))
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        let missing: Vec<_> = played.reasons.difference(&documented).collect();
        assert!(
            missing.is_empty(),
            "{name}: reasons not documented: {missing:?}"
        );
        // Every documented reason is one the game has.
        match kind {
            GameKind::Tyrus => {
                let all: BTreeSet<String> = agora_tyrus::WinReason::ALL
                    .iter()
                    .map(|r| r.code().to_string())
                    .collect();
                assert_eq!(documented, all, "tyrus");
            }
            GameKind::Tsuro => {
                for reason in &documented {
                    let parsed: Result<agora_tsuro::WinReason, _> =
                        serde_json::from_value(json!(reason));
                    assert!(parsed.is_ok(), "tsuro has no reason {reason}");
                }
            }
            GameKind::Tyranny => {
                let rules = include_str!("../../../docs/rules/tyranny.md");
                for reason in &documented {
                    assert!(rules.contains(&format!("`{reason}`")), "tyranny: {reason}");
                }
            }
        }
    }
}

/// The events of a game played over the server, as a seat's WebSocket receives them.
async fn server_events(game: &str, options: Value, seats: usize, moves: usize) -> Vec<Value> {
    let db = TempDb::new(&format!("protocol-doc-{game}"));
    let server = serve(&db).await;
    let mut clients = guests(&server, &format!("doc{game}"), seats).await;
    let id = table(&mut clients, game, options).await;
    let mut rng = FastRng::new(7);
    for _ in 0..moves {
        let state = clients[0].game(&id).await;
        let Some(seat) = state["turn"]["seat"].as_u64() else {
            break;
        };
        let client = &mut clients[seat as usize];
        let state = client.game(&id).await;
        let legal = state["legal_moves"].as_array().unwrap();
        let mv = &legal[(rng.next_u64() % legal.len() as u64) as usize];
        client
            .ok(&format!("/api/games/{id}/move"), json!({ "move": mv }))
            .await;
    }
    // A draw offer, unless the game is already over.
    let last = clients[0].game(&id).await;
    if let Some(mover) = last["turn"]["seat"].as_u64() {
        clients[mover as usize]
            .ok(&format!("/api/games/{id}/draw"), json!({}))
            .await;
    }
    let mut ws = clients[0].connect(&id, "?since=0").await;
    let sync = ws.next().await;
    server.stop().await;
    sync["missed"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_games_events_are_as_documented() {
    let examples = examples();
    let mut offers = Vec::new();
    for (game, options, seats) in [
        ("tyrus", json!({}), 2),
        ("tsuro", json!({"players": 2}), 2),
        ("tyranny", json!({"players": 2}), 2),
    ] {
        let events = server_events(game, options, seats, 12).await;
        let moves: Vec<Value> = events
            .iter()
            .filter(|e| e["kind"] == "move")
            .cloned()
            .collect();
        check(&format!("{game}/event"), &examples, &moves, false);
        let chances: Vec<Value> = events
            .iter()
            .filter(|e| e["kind"] == "chance")
            .cloned()
            .collect();
        if !chances.is_empty() {
            check(&format!("{game}/chance-event"), &examples, &chances, false);
        }
        offers.extend(events.iter().filter(|e| e["kind"] == "draw_offer").cloned());
    }
    check("any/draw-offer-event", &examples, &offers, false);
}

#[test]
fn the_servers_own_outcome_reasons_are_listed() {
    let examples = examples();
    let reasons = &examples["outcome-reasons"][0]["any game"];
    for reason in ["resignation", "timeout", "agreement"] {
        assert!(
            reasons.as_array().unwrap().contains(&json!(reason)),
            "{reason}"
        );
    }
    // The match gives exactly these (crates/server/src/play/game_match/mod.rs).
    let referee = include_str!("../src/play/game_match/mod.rs");
    for reason in reasons.as_array().unwrap() {
        let reason = reason.as_str().unwrap();
        assert!(referee.contains(&format!("\"{reason}\"")), "{reason}");
    }
}
