//! Settings, the footer's language picker and the browser's `Accept-Language`.

mod common;

use common::{TestServer, html};
use reqwest::StatusCode;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_setting_is_saved_and_shown_on_the_next_visit() {
    let server = TestServer::start().await;
    let mut reader = server.client();
    let page = reader.page("/settings").await;
    // The defaults: confirm moves on, the rest off, the system's theme.
    assert!(html::is_checked(&page.body, "confirm_moves"));
    assert!(!html::is_checked(&page.body, "text_first"));
    assert!(!html::is_checked(&page.body, "reduced_motion"));
    assert!(html::is_checked(&page.body, "theme-system"));

    let checkboxes = ["confirm_moves", "text_first", "reduced_motion"];
    for theme in ["light", "dark", "system"] {
        for on in checkboxes {
            let page = reader.page("/settings").await;
            let answer = reader
                .submit(
                    &page,
                    "/settings",
                    &[("lang", "en"), ("theme", theme), (on, "1")],
                )
                .await;
            assert_eq!(answer.see_other(), "/settings?saved=1");
            let saved = reader.follow(&answer).await;
            saved.expect(StatusCode::OK);
            assert!(saved.text().contains("Your settings are saved."));
            for id in checkboxes {
                assert_eq!(
                    html::is_checked(&saved.body, id),
                    id == on,
                    "{id} after {on}"
                );
            }
            for t in ["light", "dark", "system"] {
                let id = format!("theme-{t}");
                assert_eq!(html::is_checked(&saved.body, &id), t == theme, "{id}");
            }
            let root = html::tags(&saved.body)
                .into_iter()
                .find(|t| t.name == "html")
                .unwrap();
            assert_eq!(root.attr("data-theme"), Some(theme));
            assert_eq!(root.has("data-text-first"), on == "text_first");
            assert_eq!(root.has("data-reduced-motion"), on == "reduced_motion");
            // Kept for the next visit too, not only the page after saving.
            let again = reader.page("/settings").await;
            assert!(html::is_checked(&again.body, on));
            assert!(!again.text().contains("Your settings are saved."));
        }
    }

    let page = reader.page("/settings").await;
    let answer = reader
        .submit(&page, "/settings", &[("lang", "fr"), ("theme", "dark")])
        .await;
    let saved = reader.follow(&answer).await;
    assert_eq!(saved.lang(), "fr");
    assert_eq!(
        html::selected(&saved.body, "settings-lang").as_deref(),
        Some("fr")
    );
    assert!(saved.text().contains("Réglages"), "{}", saved.text());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_footer_picks_the_language_and_stays_on_the_site() {
    let server = TestServer::start().await;
    let mut reader = server.client();
    let lobby = reader.page("/lobby").await;
    assert_eq!(lobby.lang(), "en");
    assert_eq!(
        html::input_value(&lobby.body, "back").as_deref(),
        Some("/lobby")
    );

    let answer = reader
        .submit(&lobby, "/lang", &[("lang", "de"), ("back", "/lobby")])
        .await;
    assert_eq!(answer.see_other(), "/lobby");
    let lobby = reader.follow(&answer).await;
    assert_eq!(lobby.lang(), "de");
    assert_eq!(
        html::selected(&lobby.body, "lang-select").as_deref(),
        Some("de")
    );
    assert!(lobby.title().starts_with("Lobby"), "{}", lobby.title());
    assert!(lobby.text().contains("Einstellungen"));

    let answer = reader
        .submit(&lobby, "/lang", &[("lang", "fr"), ("back", "/settings")])
        .await;
    assert_eq!(answer.see_other(), "/settings");
    let settings = reader.follow(&answer).await;
    assert_eq!(settings.lang(), "fr");
    assert!(settings.text().contains("Réglages"));

    for elsewhere in [
        "//evil.example",
        "https://evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "/\r\n/evil.example",
        "/ /evil.example",
        "/\u{7f}/evil.example",
        "/\u{ff0f}evil.example",
        "evil.example",
        "",
    ] {
        let answer = reader
            .submit(&settings, "/lang", &[("lang", "en"), ("back", elsewhere)])
            .await;
        assert_eq!(answer.see_other(), "/", "{elsewhere}");
    }
    assert_eq!(reader.page("/").await.lang(), "en");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_language_picks_the_language_until_one_is_chosen() {
    let server = TestServer::start().await;
    for (header, lang, word) in [
        ("de", "de", "Einstellungen"),
        ("de-CH, en;q=0.5", "de", "Einstellungen"),
        ("fr", "fr", "Réglages"),
        ("fr-BE,fr;q=0.9", "fr", "Réglages"),
        ("en-GB", "en", "Settings"),
        ("ja", "en", "Settings"),
    ] {
        let mut reader = server.client();
        reader.accept_language = Some(header.to_string());
        let home = reader.page("/").await;
        assert_eq!(home.lang(), lang, "{header}");
        assert!(home.text().contains(word), "{header}");
    }

    // A saved choice wins over the browser's.
    let mut reader = server.client();
    reader.accept_language = Some("de".to_string());
    let home = reader.page("/").await;
    let answer = reader
        .submit(&home, "/lang", &[("lang", "fr"), ("back", "/")])
        .await;
    assert_eq!(reader.follow(&answer).await.lang(), "fr");
    server.stop().await;
}
