//! Safety on the pages: forms refused without their token or from another site (and nothing
//! changed), the headers of every page, no inline script, style or handler anywhere, names
//! escaped, and assets under hashed names.

mod common;

use common::fixture::Fixture;
use common::{Client, Page, TestServer, html};
use reqwest::StatusCode;
use serde_json::json;

/// The ways a form can fail to prove it came from one of our pages, with the headers a
/// browser would send.
/// What a forged post is: its name, the token it carries, the headers it is sent with.
type Forgery = (&'static str, String, Vec<(&'static str, &'static str)>);

fn forgeries(token: &str) -> Vec<Forgery> {
    let same = vec![("sec-fetch-site", "same-origin")];
    let mut wrong = token.to_string();
    wrong.replace_range(..1, if token.starts_with('a') { "b" } else { "a" });
    vec![
        ("no token", String::new(), same.clone()),
        ("wrong token", wrong, same.clone()),
        ("short token", token[..8].to_string(), same),
        (
            "cross-site",
            token.to_string(),
            vec![("sec-fetch-site", "cross-site")],
        ),
        (
            "same-site",
            token.to_string(),
            vec![("sec-fetch-site", "same-site")],
        ),
        (
            "other origin",
            token.to_string(),
            vec![("origin", "https://evil.example")],
        ),
        ("null origin", token.to_string(), vec![("origin", "null")]),
    ]
}

/// Posts `fields` to `path` in every forged way; each is refused with 403.
async fn assert_refused(client: &mut Client, path: &str, fields: &[(&str, &str)]) {
    let token = client
        .cookie("agora_form")
        .expect("a form cookie")
        .to_string();
    for (what, csrf, headers) in forgeries(&token) {
        let mut all: Vec<(&str, &str)> = Vec::new();
        if !csrf.is_empty() {
            all.push(("csrf", &csrf));
        }
        all.extend_from_slice(fields);
        let answer = client.post_with(path, &all, &headers).await;
        assert_eq!(
            answer.status,
            StatusCode::FORBIDDEN,
            "{what} to {path}: {}",
            answer.text()
        );
        assert!(
            answer.text().contains("This form has expired"),
            "{what} to {path}"
        );
        assert!(answer.header("location").is_none());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_forms_are_refused_and_change_nothing() {
    let server = TestServer::start().await;
    let mut fixture = Fixture::new(&server).await;
    let game = fixture.game.clone();
    let table = fixture.table.clone();
    let api = format!("/api/games/{game}");
    let before = fixture.ada.api(&api).await;

    let mut visitor = server.client();
    visitor.page("/").await;
    assert_refused(
        &mut visitor,
        "/signup",
        &[("name", "Mallory"), ("password", "long enough")],
    )
    .await;
    assert_refused(&mut visitor, "/guest", &[("name", "Mallory")]).await;
    assert_refused(&mut visitor, "/play", &[("game", "tyrus")]).await;
    assert!(visitor.cookie("agora_session").is_none());
    let (status, _) = visitor
        .api_post(
            "/api/signin",
            json!({"name": "Mallory", "password": "long enough"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no account was made");
    assert_refused(&mut visitor, "/lang", &[("lang", "de"), ("back", "/")]).await;
    assert_refused(
        &mut visitor,
        "/settings",
        &[("lang", "fr"), ("theme", "dark")],
    )
    .await;
    assert!(visitor.cookie("agora_prefs").is_none());
    assert_eq!(visitor.page("/").await.lang(), "en");

    let ada = &mut fixture.ada;
    let tables_before = ada.api("/api/me/games").await;
    assert_refused(ada, "/tables", &[("game", "tyrus"), ("seat1", "ai-easy")]).await;
    assert_refused(ada, &format!("/tables/{table}/cancel"), &[]).await;
    assert_refused(ada, &format!("/tables/{table}/leave"), &[]).await;
    let legal = before["legal_moves"]
        .as_array()
        .map(|m| m[0].as_str().unwrap().to_string());
    for action in ["resign", "draw", "abort"] {
        assert_refused(
            ada,
            &format!("/games/{game}/{action}"),
            &[("confirmed", "1")],
        )
        .await;
    }
    if let Some(legal) = &legal {
        assert_refused(
            ada,
            &format!("/games/{game}/move"),
            &[("move", legal), ("confirmed", "1")],
        )
        .await;
    }
    assert_refused(ada, "/signout", &[]).await;
    assert_eq!(ada.api("/api/me/games").await, tables_before);
    assert_eq!(ada.api(&api).await, before, "the game did not change");
    assert_eq!(
        ada.api(&format!("/api/tables/{table}")).await["table"]["status"],
        "open"
    );
    assert_eq!(
        ada.api("/api/me").await["account"]["name"],
        "Ada",
        "still signed in"
    );

    // The same forms with the token and from this site are taken: the checks above failed
    // for the reasons they name.
    let page = ada.page(&format!("/games/{game}")).await;
    let answer = ada.submit(&page, &format!("/games/{game}/draw"), &[]).await;
    assert_eq!(answer.see_other(), format!("/games/{game}"));
    // A browser that sends no Sec-Fetch-Site but an Origin of this site.
    let token = ada.cookie("agora_form").unwrap().to_string();
    let origin = ada.base().to_string();
    let answer = ada
        .post_with(
            &format!("/tables/{table}/cancel"),
            &[("csrf", &token)],
            &[("origin", &origin)],
        )
        .await;
    assert_eq!(answer.see_other(), "/lobby");
    server.stop().await;
}

/// Every page, in every language, with the state a reader sees it in.
async fn every_page(server: &TestServer) -> Vec<Page> {
    let mut fixture = Fixture::new(server).await;
    let mut pages = Vec::new();
    for lang in ["en", "de", "fr"] {
        fixture.set_lang(lang);
        for (_, who, path) in fixture.pages() {
            pages.push(fixture.client(who).get(&path).await);
        }
    }
    // Pages that answer forms: a confirmation, a form with errors, an error page.
    let game = fixture.game.clone();
    let ada = &mut fixture.ada;
    let page = ada.page(&format!("/games/{game}")).await;
    pages.push(
        ada.submit(&page, &format!("/games/{game}/resign"), &[])
            .await,
    );
    let signup = ada.page("/signup").await;
    pages.push(
        ada.submit(
            &signup,
            "/signup",
            &[("name", "\"><script>alert(1)</script>")],
        )
        .await,
    );
    pages.push(ada.post("/games/x/resign", &[]).await);
    pages.push(ada.get(&format!("/games/{game}/fragments?since=0")).await);
    pages
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_has_the_security_headers_and_no_inline_code() {
    let server = TestServer::start().await;
    let pages = every_page(&server).await;
    for page in &pages {
        let csp = page
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("{}", page.path));
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
            "{csp}"
        );
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{directive} in {csp}");
        }
        assert_eq!(
            page.header("x-content-type-options"),
            Some("nosniff"),
            "{}",
            page.path
        );
        assert_eq!(
            page.header("referrer-policy"),
            Some("same-origin"),
            "{}",
            page.path
        );
        assert_eq!(
            page.header("cache-control"),
            Some("no-store"),
            "{}",
            page.path
        );

        if !page
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/html"))
        {
            continue;
        }
        for tag in html::tags(&page.body) {
            if tag.name == "script" {
                assert!(
                    tag.attr("src").is_some_and(|s| s.starts_with("/assets/")),
                    "{}: {tag:?}",
                    page.path
                );
            }
            for (name, _) in &tag.attrs {
                assert!(name != "style", "{}: inline style on {tag:?}", page.path);
                assert!(!name.starts_with("on"), "{}: handler on {tag:?}", page.path);
            }
            for link in ["href", "src", "action"] {
                if let Some(url) = tag.attr(link) {
                    assert!(
                        !url.to_ascii_lowercase().starts_with("javascript:"),
                        "{url}"
                    );
                    assert!(
                        !url.contains("//") || url.contains("127.0.0.1"),
                        "{}: outside request {url}",
                        page.path
                    );
                }
            }
        }
        assert!(!page.body.contains("<style"), "{}", page.path);
    }
    // Not a page of our own, but the same headers: an answer of the pages' router.
    let mut client = server.client();
    let missing = client.get("/assets/nothing.css").await;
    assert!(missing.header("content-security-policy").is_some());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_readers_type_is_escaped() {
    let server = TestServer::start().await;
    let mut client = server.client();
    let nasty = "\"><script>alert('x')</script>";
    let page = client.page("/signup").await;
    let answer = client
        .submit(
            &page,
            "/signup",
            &[("name", nasty), ("password", "long enough")],
        )
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!answer.body.contains("<script>alert"), "{}", answer.body);
    assert_eq!(
        html::input_value(&answer.body, "name").as_deref(),
        Some(nasty)
    );

    // A back path is kept in a hidden field, escaped.
    let page = client
        .page("/signin?back=/%22%3E%3Cscript%3Ealert(1)%3C/script%3E")
        .await;
    assert!(!page.body.contains("<script>alert"));
    assert_eq!(
        html::input_value(&page.body, "back").as_deref(),
        Some("/\"><script>alert(1)</script>")
    );
    // A typed move is shown back escaped.
    let mut ada = server.client();
    let mut bob = server.client();
    let id = common::invited_game(&mut ada, &mut bob).await;
    let page = ada.page(&format!("/games/{id}")).await;
    let answer = ada
        .submit(&page, &format!("/games/{id}/move"), &[("move", nasty)])
        .await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!answer.body.contains("<script>alert"));

    // A guest's name, refused and shown back in its field.
    let mut guest = server.client();
    let page = guest.page("/signin").await;
    let answer = guest.submit(&page, "/guest", &[("name", nasty)]).await;
    answer.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!answer.body.contains("<script>alert"));
    assert_eq!(
        html::input_value(&answer.body, "name").as_deref(),
        Some(nasty)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assets_have_hashed_names_and_a_long_life() {
    let server = TestServer::start().await;
    let mut client = server.client();
    let home = client.page("/").await;
    let mut urls: Vec<String> = html::tags(&home.body)
        .into_iter()
        .filter_map(|t| t.attr("src").or(t.attr("href")).map(str::to_string))
        .filter(|u| u.starts_with("/assets/"))
        .collect();
    let game_js = agora_web::assets::url("js/game.js");
    urls.push(game_js.to_string());
    assert!(urls.len() >= 4, "{urls:?}");
    let hashed = regex::Regex::new(r"^/assets/[a-z/]+\.[0-9a-f]{10}\.(css|js|svg)$").unwrap();
    let hash = regex::Regex::new(r"\.[0-9a-f]{10}\.").unwrap();
    for url in &urls {
        assert!(hashed.is_match(url), "{url}");
        let asset = client.get(url).await;
        asset.expect(StatusCode::OK);
        assert_eq!(
            asset.header("cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        assert!(!asset.body.is_empty());
        let unhashed = hash.replace(url, ".").into_owned();
        assert_eq!(
            client.get(&unhashed).await.status,
            StatusCode::NOT_FOUND,
            "{unhashed}"
        );
        let wrong = hash.replace(url, ".0000000000.").into_owned();
        assert_eq!(
            client.get(&wrong).await.status,
            StatusCode::NOT_FOUND,
            "{wrong}"
        );
    }
    // The game's module imports its neighbour by its hashed name, which is served too.
    let game = client.page(game_js).await;
    let live = agora_web::assets::url("js/live.js");
    assert!(game.body.contains(live));
    assert_eq!(client.get(live).await.status, StatusCode::OK);
    assert_eq!(
        client.get("/assets/../Cargo.toml").await.status,
        StatusCode::NOT_FOUND
    );
    server.stop().await;
}
