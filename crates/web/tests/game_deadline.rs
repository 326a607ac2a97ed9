//! A correspondence game's page shows the seat to move's deadline (a `<time>` in UTC, the
//! time left in words) in the reader's language, in the page and in its live fragments; a game
//! without a correspondence clock shows none.

mod common;

use common::{Client, TestServer, invited_game_of, until_turn_of};

/// The players' row of the seat to move, from `<li class="to-move">` to its `</li>`.
fn to_move_row(body: &str) -> &str {
    let start = body
        .find("<li class=\"to-move\">")
        .unwrap_or_else(|| panic!("no seat to move: {body}"));
    let row = &body[start..];
    &row[..row.find("</li>").expect("the row ends")]
}

/// Checks `reader`'s page of game `id` in `lang`: the row of the seat to move says `label`,
/// the UTC date with its `datetime`, and `left`.
async fn shows_deadline(reader: &mut Client, id: &str, lang: &str, label: &str, left: &str) {
    reader.accept_language = Some(lang.into());
    let page = reader.page(&format!("/games/{id}")).await;
    let row = to_move_row(&page.body);
    assert!(row.contains(label), "{lang}: {row}");
    assert!(row.contains(&format!("({left})")), "{lang}: {row}");
    let datetime = regex::Regex::new(
        r#"<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:00Z" data-local-time>[^<]+ UTC</time>"#,
    )
    .unwrap();
    assert!(datetime.is_match(row), "{lang}: {row}");
    assert_eq!(
        page.body.matches("data-local-time").count(),
        1,
        "only the seat to move has a deadline"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn correspondence_games_show_the_deadline_of_the_seat_to_move() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let mut bob = server.client();
    for game in ["tyrus", "tsuro", "tyranny"] {
        let id = invited_game_of(
            &mut ada,
            &mut bob,
            &[
                ("game", game),
                ("seat1", "invite"),
                ("clock", "correspondence"),
                ("days", "3"),
            ],
        )
        .await;
        until_turn_of(&mut ada, &mut bob, &id, true).await;
        let api = ada.api(&format!("/api/games/{id}")).await;
        assert!(api["deadline"].is_i64(), "{game}: {api}");

        // Both the player to move and the other see it, each in their language.
        shows_deadline(&mut ada, &id, "en", "Move due by", "2 days left").await;
        shows_deadline(&mut bob, &id, "de", "Zu ziehen bis zum", "Noch 2 Tage").await;
        shows_deadline(&mut bob, &id, "fr", "À jouer avant le", "2 jours restants").await;

        // The live fragments carry it too, for the new seat to move after a move.
        until_turn_of(&mut ada, &mut bob, &id, false).await;
        bob.accept_language = Some("en".into());
        let parts = bob
            .page(&format!("/games/{id}/fragments?since=0"))
            .await
            .json();
        let status = parts["fragments"]["game-status"].as_str().unwrap();
        let row = to_move_row(status);
        assert!(row.contains("Bob"), "{game}: Bob moves now: {row}");
        assert!(row.contains("data-local-time"), "{game}: {row}");
        assert!(row.contains("(2 days left)"), "{game}: {row}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_without_a_correspondence_clock_show_no_deadline() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let mut bob = server.client();
    let clocks: [&[(&str, &str)]; 2] = [
        &[("clock", "none")],
        &[("clock", "live"), ("minutes", "10"), ("increment", "5")],
    ];
    for clock in clocks {
        let mut fields = vec![("game", "tyrus"), ("seat1", "invite")];
        fields.extend_from_slice(clock);
        let id = invited_game_of(&mut ada, &mut bob, &fields).await;
        until_turn_of(&mut ada, &mut bob, &id, true).await;
        let page = ada.page(&format!("/games/{id}")).await;
        assert!(to_move_row(&page.body).contains("Ada"));
        assert!(!page.body.contains("data-local-time"), "{clock:?}");
        assert!(!page.body.contains("Move due by"), "{clock:?}");
    }
    server.stop().await;
}
