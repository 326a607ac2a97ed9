//! The harness of the pages' tests: a server with the pages on a scratch SQLite store, and a
//! client that behaves as a browser without JavaScript: it keeps cookies, reads each form's
//! token from the page, posts forms as `application/x-www-form-urlencoded` with
//! `Sec-Fetch-Site: same-origin`, and follows no redirect by itself, so that every `303` is
//! checked by the test.
#![allow(dead_code)]

pub mod fixture;
pub mod html;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use agora_server::{Running, ServerConfig};
use agora_store::{Durability, Store};
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, LOCATION, SET_COOKIE};
use serde_json::Value;

/// A server with the pages, on a store of its own, with no rate limit (every client of a
/// test comes from 127.0.0.1).
#[derive(Debug)]
pub struct TestServer {
    pub running: Running,
}

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_with(|config| config).await
    }

    /// A server whose test configuration `adjust` changes.
    pub async fn start_with(adjust: impl FnOnce(ServerConfig) -> ServerConfig) -> TestServer {
        let store = Store::open("sqlite::memory:", Durability::Process)
            .await
            .expect("a scratch store opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        // Every client of a test is 127.0.0.1: no per-address limits; computer moves unpaced.
        let defaults = ServerConfig::default();
        let config = ServerConfig {
            http_rate: None,
            account_limits: agora_server::AccountLimits {
                guests_per_address: None,
                ..defaults.account_limits.clone()
            },
            ws_rate: None,
            connections: agora_server::ConnectionLimits {
                per_address: None,
                ..defaults.connections
            },
            ai_pace: Duration::ZERO,
            ..defaults
        };
        let running =
            agora_server::start_with_pages(listener, store, adjust(config), Some(agora_web::pages))
                .await
                .expect("the server starts");
        TestServer { running }
    }

    pub fn addr(&self) -> SocketAddr {
        self.running.addr
    }

    /// A new browser with no cookie.
    pub fn client(&self) -> Client {
        Client::new(self.addr())
    }

    pub fn store(&self) -> &Store {
        self.running.state.store()
    }

    pub async fn stop(self) {
        self.running.shutdown().await;
    }
}

/// Two guests, Ada and Bob (signed in as guests first if they are not yet), at a new unlisted table of Tyrus that Ada opened for Bob by an
/// invitation link and Bob joined from it: the game has started. Returns the game's id.
pub async fn invited_game(ada: &mut Client, bob: &mut Client) -> String {
    invited_game_of(
        ada,
        bob,
        &[("game", "tyrus"), ("seat1", "invite"), ("clock", "none")],
    )
    .await
}

/// A game of two made in the lobby with `fields` (one seat invited), Bob invited and seated.
pub async fn invited_game_of(
    ada: &mut Client,
    bob: &mut Client,
    fields: &[(&str, &str)],
) -> String {
    if ada.cookie("agora_session").is_none() {
        ada.guest("Ada").await;
    }
    let lobby = ada.page("/lobby").await;
    let answer = ada.submit(&lobby, "/tables", fields).await;
    let location = answer.see_other().to_string();
    let (table, secret) = location
        .strip_prefix("/tables/")
        .and_then(|rest| rest.split_once("?invite="))
        .unwrap_or_else(|| panic!("not an invitation: {location}"));
    let (table, secret) = (table.to_string(), secret.to_string());
    if bob.cookie("agora_session").is_none() {
        bob.guest("Bob").await;
    }
    let invited = bob.page(&location).await;
    let answer = bob
        .submit(
            &invited,
            &format!("/tables/{table}/join"),
            &[("invite", &secret)],
        )
        .await;
    assert_eq!(answer.see_other(), format!("/games/{table}"));
    table
}

/// Plays the first legal move for whoever is to move in game `id`, through the API, until it
/// is Ada's turn (`ada_to_move`) or Bob's.
pub async fn until_turn_of(ada: &mut Client, bob: &mut Client, id: &str, ada_to_move: bool) {
    let api = format!("/api/games/{id}");
    loop {
        let state = ada.api(&api).await;
        let ada_seat = state["viewer"]["seat"].as_u64();
        let ada_turn = state["turn"]["seat"].as_u64() == ada_seat;
        if ada_turn == ada_to_move {
            return;
        }
        let mover = if ada_turn { &mut *ada } else { &mut *bob };
        let state = mover.api(&api).await;
        let notation = state["legal_moves"][0].as_str().unwrap().to_string();
        let (status, body) = mover
            .api_post(
                &format!("{api}/move"),
                serde_json::json!({"move": notation}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

/// One answer, with its body read.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
    /// The path it was asked for, for messages.
    pub path: String,
}

impl Page {
    /// The `Location` of a `303 See Other`; fails the test for any other answer.
    pub fn see_other(&self) -> &str {
        assert_eq!(
            self.status,
            StatusCode::SEE_OTHER,
            "{} should redirect: {}",
            self.path,
            html::text(&self.body)
        );
        self.headers
            .get(LOCATION)
            .and_then(|l| l.to_str().ok())
            .expect("a redirect names where to")
    }

    /// Fails the test unless the answer has `status`.
    pub fn expect(&self, status: StatusCode) -> &Page {
        assert_eq!(
            self.status,
            status,
            "{}: {}",
            self.path,
            html::text(&self.body)
        );
        self
    }

    /// The form token of the page's forms.
    pub fn csrf(&self) -> String {
        html::input_value(&self.body, "csrf")
            .unwrap_or_else(|| panic!("{} has no form token", self.path))
    }

    /// The `lang` of the page's `<html>`.
    pub fn lang(&self) -> String {
        html::attr_of_first(&self.body, "<html", "lang").unwrap_or_default()
    }

    /// The page's `<title>`.
    pub fn title(&self) -> String {
        html::between(&self.body, "<title>", "</title>").unwrap_or_default()
    }

    /// The page's text without tags, entities decoded, whitespace collapsed.
    pub fn text(&self) -> String {
        html::text(&self.body)
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {}", self.path, self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A browser without JavaScript.
#[derive(Debug)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    cookies: BTreeMap<String, String>,
    /// Sent as `Accept-Language` when set.
    pub accept_language: Option<String>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(30))
                .build()
                .expect("an HTTP client"),
            base: format!("http://{addr}"),
            cookies: BTreeMap::new(),
            accept_language: None,
        }
    }

    pub fn base(&self) -> &str {
        &self.base
    }

    pub fn cookie(&self, name: &str) -> Option<&str> {
        self.cookies.get(name).map(String::as_str)
    }

    pub fn set_cookie(&mut self, name: &str, value: &str) {
        self.cookies.insert(name.to_string(), value.to_string());
    }

    pub fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Keeps the cookies an answer sets, and forgets those it clears.
    fn keep_cookies(&mut self, headers: &HeaderMap) {
        for value in headers.get_all(SET_COOKIE) {
            let Ok(text) = value.to_str() else { continue };
            let mut parts = text.split(';').map(str::trim);
            let Some((name, value)) = parts.next().and_then(|p| p.split_once('=')) else {
                continue;
            };
            let cleared = value.is_empty() || parts.any(|a| a.eq_ignore_ascii_case("max-age=0"));
            if cleared {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            request = request.header(reqwest::header::COOKIE, self.cookie_header());
        }
        if let Some(lang) = &self.accept_language {
            request = request.header(reqwest::header::ACCEPT_LANGUAGE, lang);
        }
        request
    }

    async fn send(&mut self, path: &str, request: reqwest::RequestBuilder) -> Page {
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        let status = response.status();
        let headers = response.headers().clone();
        self.keep_cookies(&headers);
        let body = response.text().await.expect("a body");
        Page {
            status,
            headers,
            body,
            path: path.to_string(),
        }
    }

    /// `GET path`, as a browser opening it.
    pub async fn get(&mut self, path: &str) -> Page {
        let request = self
            .request(reqwest::Method::GET, path)
            .header("sec-fetch-site", "none");
        self.send(path, request).await
    }

    /// `GET path` with extra `headers`, as a page's script fetching it.
    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Page {
        let mut request = self
            .request(reqwest::Method::GET, path)
            .header("sec-fetch-site", "same-origin");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(path, request).await
    }

    /// `GET path` expecting `200 OK`.
    pub async fn page(&mut self, path: &str) -> Page {
        let page = self.get(path).await;
        page.expect(StatusCode::OK);
        page
    }

    /// Posts a form from one of the site's pages: `fields` as
    /// `application/x-www-form-urlencoded`, with `Sec-Fetch-Site: same-origin`.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(path, fields, &[("sec-fetch-site", "same-origin")])
            .await
    }

    /// Posts a form with the headers given (and no other browser header).
    pub async fn post_with(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> Page {
        let mut request = self.request(reqwest::Method::POST, path).form(fields);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(path, request).await
    }

    /// Submits a form of `page` as a browser would: its token, then `fields`.
    pub async fn submit(&mut self, page: &Page, action: &str, fields: &[(&str, &str)]) -> Page {
        let csrf = page.csrf();
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all).await
    }

    /// Follows a `303` by hand: checks it, then `GET`s where it points.
    pub async fn follow(&mut self, answer: &Page) -> Page {
        let to = answer.see_other().to_string();
        self.get(&to).await
    }

    /// `GET` an API path as JSON (with this browser's session cookie).
    pub async fn api(&mut self, path: &str) -> Value {
        let page = self.get(path).await;
        page.expect(StatusCode::OK);
        page.json()
    }

    /// `POST` JSON to an API path (with this browser's session cookie), as a script of the
    /// player's would; returns the answer's status and JSON.
    pub async fn api_post(&mut self, path: &str, body: Value) -> (StatusCode, Value) {
        let request = self.request(reqwest::Method::POST, path).json(&body);
        let page = self.send(path, request).await;
        let json = serde_json::from_str(&page.body).unwrap_or(Value::Null);
        (page.status, json)
    }

    /// Plays as a guest named `name` (or a made-up name when empty) through the home
    /// page's sign-in form, as a new visitor would.
    pub async fn guest(&mut self, name: &str) -> Page {
        let page = self.page("/signin").await;
        let answer = self
            .submit(&page, "/guest", &[("name", name), ("back", "/")])
            .await;
        assert_eq!(answer.see_other(), "/");
        self.follow(&answer).await
    }

    /// Signs up as `name` with `password` through the sign-up page.
    pub async fn sign_up(&mut self, name: &str, password: &str) -> Page {
        let page = self.page("/signup").await;
        let answer = self
            .submit(
                &page,
                "/signup",
                &[("name", name), ("password", password), ("back", "/")],
            )
            .await;
        self.follow(&answer).await
    }

    /// Saves the settings form: `confirm` is "confirm moves".
    pub async fn set_confirm_moves(&mut self, confirm: bool) {
        let page = self.page("/settings").await;
        let mut fields = vec![("lang", "en"), ("theme", "system")];
        if confirm {
            fields.push(("confirm_moves", "1"));
        }
        let answer = self.submit(&page, "/settings", &fields).await;
        assert_eq!(answer.see_other(), "/settings?saved=1");
    }
}

/// Posts `fields` to game `id`'s move form and confirms on the confirmation page when one is
/// asked: the question asked (none for a move not worth confirming: the only one there is, a
/// Tyranny roll or pass), and the answer that played it.
pub async fn play_confirmed(
    client: &mut Client,
    page: &Page,
    id: &str,
    fields: &[(&str, &str)],
) -> (Option<String>, Page) {
    let action = format!("/games/{id}/move");
    let answer = client.submit(page, &action, fields).await;
    if answer.status != StatusCode::OK {
        return (None, answer);
    }
    let question = html::between(&answer.body, "<p class=\"lead\">", "</p>")
        .map(|q| html::decode(&q))
        .expect("the question");
    let notation = html::input_value(&answer.body, "move").expect("the move to confirm");
    let version = html::input_value(&answer.body, "version").expect("its version");
    let done = client
        .submit(
            &answer,
            &action,
            &[
                ("confirmed", "1"),
                ("move", &notation),
                ("version", &version),
            ],
        )
        .await;
    (Some(question), done)
}
