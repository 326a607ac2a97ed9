//! Names that look alike cannot both be registered, and a guest cannot take a registered
//! user's name (docs/protocol.md, "Names").

mod common;

use common::{Client, TempDb, serve};
use serde_json::{Value, json};

async fn signup(server: &common::Server, name: &str) -> (u16, Value) {
    Client::new(server.addr)
        .post(
            "/api/signup",
            json!({"name": name, "password": "long enough"}),
        )
        .await
}

async fn guest(server: &common::Server, name: &str) -> (u16, Value) {
    Client::new(server.addr)
        .post("/api/guest", json!({ "name": name }))
        .await
}

fn code(response: &(u16, Value)) -> (u16, &str) {
    (
        response.0,
        response.1["error"]["code"].as_str().unwrap_or("ok"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alike_names_are_taken() {
    let db = TempDb::new("names-alike");
    let server = serve(&db).await;
    assert_eq!(code(&signup(&server, "ace").await), (200, "ok"));
    // Cyrillic а, с, е (one script, so well-formed, but it reads as "ace"), full-width
    // letters, capitals; then a zero for an o.
    for alike in ["асе", "ＡＣＥ", "Ace"] {
        assert_eq!(
            code(&signup(&server, alike).await),
            (409, "name_taken"),
            "{alike}"
        );
    }
    assert_eq!(code(&signup(&server, "bob").await), (200, "ok"));
    assert_eq!(code(&signup(&server, "b0b").await), (409, "name_taken"));
    // One name mixing Latin with a Cyrillic look-alike is refused outright.
    assert_eq!(
        code(&signup(&server, "p\u{430}ypal").await),
        (400, "bad_request")
    );
    // Names in any one script are welcome.
    for name in ["Иван", "李小龍", "Ελένη"] {
        assert_eq!(code(&signup(&server, name).await), (200, "ok"), "{name}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_cannot_take_registered_names() {
    let db = TempDb::new("names-guests");
    let server = serve(&db).await;
    assert_eq!(code(&signup(&server, "Grace").await), (200, "ok"));
    assert_eq!(code(&guest(&server, "grace").await), (409, "name_taken"));
    assert_eq!(code(&guest(&server, "GRACE").await), (409, "name_taken"));
    // Guests share names with guests; registering a name a guest uses is allowed (the
    // guest keeps playing under it), and from then on no new guest takes it.
    assert_eq!(code(&guest(&server, "Linus").await), (200, "ok"));
    assert_eq!(code(&guest(&server, "linus").await), (200, "ok"));
    assert_eq!(code(&signup(&server, "Linus").await), (200, "ok"));
    assert_eq!(code(&guest(&server, "Linus").await), (409, "name_taken"));
    server.stop().await;
}

/// Names that show nothing, or hide characters, are refused for users and guests alike.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invisible_and_control_characters_are_refused_in_names() {
    let db = TempDb::new("names-invisible");
    let server = serve(&db).await;
    for name in [
        "\u{3164}\u{3164}\u{3164}",
        "ada\u{3164}",
        "\u{ffa0}\u{ffa0}",
        "ada\u{200b}",
        "ad\u{202e}a",
        "ada\u{0}",
        "ada\t",
    ] {
        assert_eq!(
            code(&signup(&server, name).await),
            (400, "bad_request"),
            "{name:?}"
        );
        assert_eq!(
            code(&guest(&server, name).await),
            (400, "bad_request"),
            "{name:?}"
        );
    }
    assert_eq!(code(&guest(&server, "하늘").await), (200, "ok"));
    server.stop().await;
}
