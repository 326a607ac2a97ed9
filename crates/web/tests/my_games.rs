//! "My games" by urgency: games waiting for the reader first, nearest deadline first, each
//! correspondence game with its time left in the reader's language.

mod common;

use common::{TestServer, invited_game_of, until_turn_of};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_put_the_nearest_deadline_first_with_its_time_left() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let mut bob = server.client();
    let game = |days: &'static str| {
        vec![
            ("game", "tyrus"),
            ("seat1", "invite"),
            ("clock", "correspondence"),
            ("days", days),
        ]
    };
    // The one-day game first: newest first, it would come last.
    let soon = invited_game_of(&mut ada, &mut bob, &game("1")).await;
    let later = invited_game_of(&mut ada, &mut bob, &game("3")).await;
    until_turn_of(&mut ada, &mut bob, &soon, true).await;
    until_turn_of(&mut ada, &mut bob, &later, true).await;

    let page = ada.page("/games").await;
    let waiting = page.body.split("id=\"playing-h2\"").next().unwrap();
    let (at_soon, at_later) = (
        waiting
            .find(&format!("/games/{soon}"))
            .expect("the one-day game waits"),
        waiting
            .find(&format!("/games/{later}"))
            .expect("the three-day game waits"),
    );
    assert!(at_soon < at_later, "the nearest deadline first");
    assert!(waiting.contains("23 hours left"), "{waiting}");
    assert!(waiting.contains("2 days left"), "{waiting}");

    ada.accept_language = Some("fr".into());
    let page = ada.page("/games").await;
    assert!(
        page.text().contains("23 heures restantes"),
        "{}",
        page.text()
    );
    ada.accept_language = Some("de".into());
    let page = ada.page("/games").await;
    assert!(page.text().contains("Noch 2 Tage"), "{}", page.text());
    server.stop().await;
}
