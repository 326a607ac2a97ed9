//! No module of the server imports one that imports it back (issue 33): the rooms of
//! `src/` (play, cluster, http, accounts, api, lobby, …) form a one-way street, and so do the
//! files inside each room. See `module_graph` for how the imports are read.

mod module_graph;

use std::path::Path;

#[test]
fn the_server_has_no_import_loops() {
    module_graph::assert_no_loops(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}

/// The server's rooms from the bottom up, as `lib.rs` and docs/architecture.md list them.
const ROOMS: [&str; 8] = [
    "error", "cluster", "http", "play", "accounts", "lobby", "api", "app",
];

#[test]
fn each_room_imports_only_the_rooms_below_it() {
    let src = module_graph::source_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let edges = module_graph::sibling_edges(&src);
    let top = edges
        .get(&Vec::new())
        .expect("rooms that import one another");
    let place = |room: &str| ROOMS.iter().position(|r| *r == room);
    let mut wrong = Vec::new();
    for (from, targets) in top {
        for (to, at) in targets {
            match (place(from), place(to)) {
                (Some(f), Some(t)) if t < f => {}
                (Some(_), Some(_)) => wrong.push(format!(
                    "{from} imports {to}, which is above it ({}:{} names {})",
                    at.file, at.line, at.path
                )),
                _ => wrong.push(format!(
                    "{from} → {to}: a room not in the list; give it its place in ROOMS, \
                     lib.rs and docs/architecture.md"
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_loop_through_a_re_export_is_found_and_named() {
    let src = module_graph::scratch_tree(
        "server-loop",
        &[
            ("lib.rs", "mod app;\nmod net;\npub use app::State;\n"),
            (
                "app.rs",
                "use crate::net::{self, wire::Frame};\npub struct State;\n",
            ),
            (
                "net/mod.rs",
                "pub mod wire;\n// crate::app is named in a comment only\n",
            ),
            (
                "net/wire.rs",
                "pub struct Frame;\nfn f(_: &crate::State) { let _ = \"crate::app\"; }\n",
            ),
        ],
    );
    let loops = module_graph::loops_in(&src);
    let shown: Vec<String> = loops.iter().map(|l| l.modules.join(" → ")).collect();
    assert_eq!(shown, ["app → net"], "{loops:?}");
    assert_eq!(loops[0].evidence[1].file, "net/wire.rs");
    assert_eq!(loops[0].evidence[1].path, "crate::State");
}

#[test]
fn loops_inside_a_room_are_found_and_parents_are_not_loops() {
    let src = module_graph::scratch_tree(
        "server-room",
        &[
            ("lib.rs", "pub mod play;\n"),
            (
                "play/mod.rs",
                "mod actor;\nmod game;\nuse self::game::Match;\npub struct Pool;\n",
            ),
            ("play/actor.rs", "use super::{Pool, game::Match};\n"),
            (
                "play/game.rs",
                "use super::actor as a;\nfn f() { a::x(); }\n#[cfg(test)]\nmod tests { use super::*; }\n",
            ),
        ],
    );
    let loops = module_graph::loops_in(&src);
    let shown: Vec<String> = loops.iter().map(|l| l.modules.join(" → ")).collect();
    assert_eq!(shown, ["play::actor → play::game"], "{loops:?}");
}

#[test]
#[ignore = "prints the graph, for reading"]
fn print_the_graph() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    print!(
        "{}",
        module_graph::describe(&module_graph::source_tree(&src))
    );
}
