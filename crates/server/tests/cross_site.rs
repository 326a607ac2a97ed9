//! Requests from other sites: a page elsewhere must not make a signed-in browser move,
//! resign or open a live connection, while bots with tokens and `curl` keep working.

mod common;

use common::{Client, TempDb, guests, log_summary, serve, table};
use reqwest::header::{CONTENT_TYPE, ORIGIN};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// A started Tyrus game between two guests: the clients (to move first) and the game id.
async fn started(server: &common::Server, prefix: &str) -> (Vec<Client>, String, Value) {
    let mut clients = guests(server, prefix, 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let state = clients[0].game(&id).await;
    let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
    clients.swap(0, seat);
    let state = clients[0].game(&id).await;
    (clients, id, state)
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_site_text_plain_move_is_refused() {
    let db = TempDb::new("xsite-move");
    let server = serve(&db).await;
    let (mut clients, id, state) = started(&server, "m").await;
    let log_before = log_summary(&db.events(&id).await);
    let mv = state["legal_moves"][0].clone();
    let body = json!({"move": mv}).to_string();
    let http = reqwest::Client::new();
    let url = format!("http://{}/api/games/{id}/move", server.addr);
    let a = &mut clients[0];

    // What `<form enctype="text/plain">` on another site sends, with the victim's cookie.
    let forged = http
        .post(&url)
        .header(CONTENT_TYPE, "text/plain")
        .header(ORIGIN, "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .body(body.clone());
    let (status, refusal) = a.send(forged).await;
    assert_eq!((status, code(&refusal)), (403, "cross_site"), "{refusal}");
    // Without the browser's headers the body type alone is refused.
    let plain = http
        .post(&url)
        .header(CONTENT_TYPE, "text/plain")
        .body(body.clone());
    let (status, refusal) = a.send(plain).await;
    assert_eq!(
        (status, code(&refusal)),
        (415, "unsupported_media_type"),
        "{refusal}"
    );
    assert_eq!(log_summary(&db.events(&id).await), log_before);

    // The site's own page, and curl with a JSON content type, play.
    let own = http
        .post(&url)
        .header(CONTENT_TYPE, "application/json")
        .header(ORIGIN, format!("http://{}", server.addr))
        .body(body);
    let (status, played) = a.send(own).await;
    assert_eq!(status, 200, "{played}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_site_form_resign_is_refused() {
    let db = TempDb::new("xsite-resign");
    let server = serve(&db).await;
    let (mut clients, id, _) = started(&server, "r").await;
    let http = reqwest::Client::new();
    let url = format!("http://{}/api/games/{id}/resign", server.addr);
    let a = &mut clients[0];

    // An empty `<form method="post">` posted from another site (older browsers send no
    // Sec-Fetch-Site; every browser sends the Origin).
    let forged = http
        .post(&url)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(ORIGIN, "https://evil.example");
    let (status, refusal) = a.send(forged).await;
    assert_eq!((status, code(&refusal)), (403, "cross_site"), "{refusal}");
    let form = http
        .post(&url)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("version=1");
    let (status, refusal) = a.send(form).await;
    assert_eq!(
        (status, code(&refusal)),
        (415, "unsupported_media_type"),
        "{refusal}"
    );
    let state = a.game(&id).await;
    assert!(state["outcome"].is_null(), "the game goes on: {state}");

    // `curl -X POST` with no body still resigns.
    let (status, resigned) = a.send(http.post(&url)).await;
    assert_eq!(status, 200, "{resigned}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_with_tokens_act_from_anywhere() {
    let db = TempDb::new("xsite-bot");
    let server = serve(&db).await;
    let mut bot = Client::new(server.addr);
    let (status, body) = bot
        .post(
            "/api/signup",
            json!({"name": "Tokenbot", "password": "long enough", "bot": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = bot.ok("/api/tokens", json!({})).await;
    bot.cookie = None;
    bot.token = Some(token["token"].as_str().unwrap().to_string());
    let http = reqwest::Client::new();
    // A page elsewhere cannot attach a bearer token by itself, so its Origin does not matter.
    let request = http
        .post(format!("http://{}/api/tables", server.addr))
        .header(CONTENT_TYPE, "application/json")
        .header(ORIGIN, "https://bots.example")
        .header("sec-fetch-site", "cross-site")
        .body(json!({"game": "tyrus"}).to_string());
    let (status, created) = bot.send(request).await;
    assert_eq!(status, 200, "{created}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_open_only_from_the_site() {
    let db = TempDb::new("xsite-ws");
    let server = serve(&db).await;
    let (clients, id, _) = started(&server, "w").await;
    let cookie = clients[0].cookie.clone().unwrap();
    let handshake = |origin: String| {
        let mut request = format!("ws://{}/api/games/{id}/ws", server.addr)
            .into_client_request()
            .unwrap();
        let headers = request.headers_mut();
        headers.insert("cookie", HeaderValue::from_str(&cookie).unwrap());
        headers.insert("origin", HeaderValue::from_str(&origin).unwrap());
        tokio_tungstenite::connect_async(request)
    };
    match handshake("https://evil.example".into()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
            let body =
                String::from_utf8_lossy(response.body().as_deref().unwrap_or_default()).to_string();
            assert!(body.contains("cross_site"), "{body}");
        }
        other => panic!("a cross-site handshake got {other:?}"),
    }
    let (mut own, _) = handshake(format!("http://{}", server.addr)).await.unwrap();
    use futures_util::StreamExt;
    let sync = own.next().await.unwrap().unwrap();
    assert!(sync.to_text().unwrap().contains("\"sync\""));

    // A bot with a token watches from anywhere.
    let mut bot = Client::new(server.addr);
    let (status, body) = bot
        .post(
            "/api/signup",
            json!({"name": "Watcher", "password": "long enough", "bot": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = bot.ok("/api/tokens", json!({})).await;
    let mut request = format!("ws://{}/api/games/{id}/ws", server.addr)
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    let bearer = format!("Bearer {}", token["token"].as_str().unwrap());
    headers.insert("authorization", HeaderValue::from_str(&bearer).unwrap());
    headers.insert("origin", HeaderValue::from_static("https://bots.example"));
    let (mut watching, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let sync = watching.next().await.unwrap().unwrap();
    assert!(sync.to_text().unwrap().contains("\"spectator\""), "{sync}");
    server.stop().await;
}

/// Every API answer, a seat's view of its hand and an error included, is kept by no cache
/// and read by no browser as another type than it says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_answers_are_not_stored_or_sniffed() {
    let db = TempDb::new("xsite-headers");
    let server = serve(&db).await;
    let (clients, id, _) = started(&server, "h").await;
    let http = reqwest::Client::new();
    for (path, status) in [
        (format!("/api/games/{id}"), 200),
        ("/api/me".to_string(), 200),
        ("/api/nothing".to_string(), 404),
    ] {
        let response = http
            .get(format!("http://{}{path}", server.addr))
            .header("cookie", clients[0].cookie.as_deref().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), status, "{path}");
        let headers = response.headers();
        assert_eq!(headers["cache-control"], "no-store", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
    }
    server.stop().await;
}

/// On an HTTPS site the session cookie is `__Host-` prefixed and `Secure`, and so is the
/// cookie that clears it; an unprefixed cookie (which a neighbouring site could plant) is
/// not read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_https_site_uses_host_prefixed_secure_cookies() {
    let db = TempDb::new("xsite-host-cookie");
    let config = agora_server::ServerConfig {
        secure_cookies: true,
        public_origin: Some("https://agora.example".into()),
        ..common::test_config()
    };
    let server = common::serve_with(&db, config).await;
    let http = reqwest::Client::new();
    let base = format!("http://{}", server.addr);
    let set_cookie = |response: &reqwest::Response| {
        (response.headers().get("set-cookie"))
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let response = http
        .post(format!("{base}/api/guest"))
        .header(CONTENT_TYPE, "application/json")
        .body(json!({"name": "Hosty"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cookie = set_cookie(&response);
    assert!(cookie.starts_with("__Host-agora_session="), "{cookie}");
    assert!(
        cookie.contains("; Secure") && cookie.contains("; Path=/"),
        "{cookie}"
    );
    assert!(!cookie.contains("Domain"), "{cookie}");
    let pair = cookie.split(';').next().unwrap().to_string();
    let me = |cookie: String| {
        http.get(format!("{base}/api/me"))
            .header("cookie", cookie)
            .send()
    };
    assert_eq!(me(pair.clone()).await.unwrap().status(), 200);
    let planted = pair.replacen("__Host-", "", 1);
    let body: Value = me(planted).await.unwrap().json().await.unwrap();
    assert_ne!(
        body["name"], "Hosty",
        "an unprefixed cookie was read: {body}"
    );

    let response = http
        .post(format!("{base}/api/signout"))
        .header(CONTENT_TYPE, "application/json")
        .header("cookie", pair)
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cleared = set_cookie(&response);
    assert!(cleared.starts_with("__Host-agora_session=;"), "{cleared}");
    assert!(
        cleared.contains("Max-Age=0") && cleared.contains("; Secure"),
        "{cleared}"
    );
    server.stop().await;
}
