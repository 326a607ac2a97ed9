//! Ratings move in the transaction that ends a rated game, once, and read back on both
//! engines (the maths itself is checked against skillratings' examples in `ratings/mod.rs`).

use agora_store::ratings::{EndedFilter, EndedGame, GameResult, Player, System, Tally};
use agora_store::{
    AccountId, AccountKind, Append, Event, EventKind, Store, StoreError, TableId, TableStatus,
};

mod common;
use common::{Engine, computer, end, person, started};

on_both_engines!(
    a_rated_end_rates_its_players_once_across_a_restart,
    casual_games_and_a_level_against_itself_rate_nobody,
    a_tyranny_team_shares_its_result,
    ended_games_filter_by_game_and_result_and_page,
);

/// The first ten of `account`'s ended games of `game` with `result`.
async fn ended(
    store: &Store,
    account: AccountId,
    game: Option<&str>,
    result: Option<GameResult>,
) -> Vec<EndedGame> {
    let filter = EndedFilter { game, result };
    let page = store.ended_games(account, filter, 0, 10).await.unwrap();
    assert_eq!(page.total, page.games.len() as u64);
    page.games
}

async fn user(store: &Store, name: &str) -> AccountId {
    store
        .create_account(name, AccountKind::User, Some("hash"), 1)
        .await
        .unwrap()
        .id
}

async fn a_rated_end_rates_its_players_once_across_a_restart(engine: Engine) {
    let (store, scratch) = scratch!(engine, "rated_once");
    let ada = user(&store, "Ada").await;
    let id = started(&store, "tyrus", true, vec![person(ada), computer("hard")]).await;
    store.append(&end(id, &[1], 50)).await.unwrap();

    check_rated_once(&store, ada, id).await;
    store.close().await;

    // After a restart, the end sent again (a retry, another node) is refused and rates
    // nobody a second time.
    let store = scratch.open().await;
    assert!(matches!(
        store.append(&end(id, &[1], 60)).await,
        Err(StoreError::Conflict(_))
    ));
    check_rated_once(&store, ada, id).await;
    store.close().await;
}

/// Ada lost game `id` to the `hard` level, each rated once.
async fn check_rated_once(store: &Store, ada: AccountId, id: TableId) {
    let ada_player = Player::Account(ada);
    let hard = Player::Ai("hard".into());
    {
        let mine = store.player_ratings(&ada_player).await.unwrap();
        assert_eq!(mine.len(), 1);
        let mine = &mine[0];
        assert_eq!(
            (mine.game.as_str(), mine.system),
            ("tyrus", System::Glicko2)
        );
        // Two newcomers, the computer wins: skillratings' own example, seen from the loser.
        assert_eq!(mine.rating.rating.round(), 1338.0);
        assert_eq!((mine.games, mine.wins), (1, 0));
        assert!(mine.provisional());
        assert_eq!(mine.name.as_deref(), Some("Ada"));
        let ladder = store.ladder("tyrus", System::Glicko2, 10).await.unwrap();
        let order: Vec<_> = ladder.iter().map(|r| r.player.clone()).collect();
        assert_eq!(order, [hard.clone(), ada_player.clone()]);
        assert_eq!(ladder[0].rating.rating.round(), 1662.0);
        assert_eq!((ladder[0].games, ladder[0].wins), (1, 1));
        let changes = store.rating_changes(&ada_player).await.unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!((changes[0].game_id, changes[0].before), (id, 1500.0));
        assert!(!changes[0].won);
        assert_eq!(changes[0].at, 50);
        let played = ended(store, ada, None, None).await;
        assert_eq!(played.len(), 1);
        assert_eq!(played[0].result, GameResult::Lost);
        assert!(played[0].table.rated);
        assert!(ended(store, ada, Some("tsuro"), None).await.is_empty());
    }
}

async fn casual_games_and_a_level_against_itself_rate_nobody(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "rated_nobody");
    let ada = user(&store, "Ada").await;
    let casual = started(&store, "tyrus", false, vec![person(ada), computer("easy")]).await;
    store.append(&end(casual, &[0], 10)).await.unwrap();
    assert!(
        store
            .player_ratings(&Player::Account(ada))
            .await
            .unwrap()
            .is_empty()
    );
    // The arena's level against itself: one player at two seats gains nothing on itself.
    let bob = user(&store, "Bob").await;
    let mirror = vec![person(bob), computer("hard"), computer("hard")];
    let id = started(&store, "tsuro", true, mirror).await;
    store.append(&end(id, &[1], 20)).await.unwrap();
    assert!(
        store
            .ladder("tsuro", System::WengLin, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // The game still counts as played.
    assert_eq!(ended(&store, bob, None, None).await.len(), 1);
}

async fn a_tyranny_team_shares_its_result(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "rated_teams");
    let ada = user(&store, "Ada").await;
    let bob = user(&store, "Bob").await;
    // Three seats: seat 0 the cops, seats 1 and 2 the criminals, who win.
    let seats = vec![computer("medium"), person(ada), person(bob)];
    let id = started(&store, "tyranny", true, seats).await;
    store.append(&end(id, &[1, 2], 30)).await.unwrap();
    let ladder = store.ladder("tyranny", System::WengLin, 10).await.unwrap();
    assert_eq!(ladder.len(), 3);
    let of = |player: Player| ladder.iter().find(|r| r.player == player).unwrap();
    let (a, b) = (of(Player::Account(ada)), of(Player::Account(bob)));
    let cops = of(Player::Ai("medium".into()));
    assert_eq!(a.rating, b.rating);
    assert!(a.rating.rating > 25.0 && cops.rating.rating < 25.0);
    assert_eq!((a.wins, cops.wins), (1, 0));
    let played = ended(&store, bob, Some("tyranny"), None).await;
    assert_eq!(played[0].result, GameResult::Won);
}

/// "My games" and profiles: every result, filtered and paged in SQL, newest first, with the
/// counts per game; a game called off is abandoned and counts as nobody's win.
async fn ended_games_filter_by_game_and_result_and_page(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "ended_games");
    let ada = user(&store, "Ada").await;
    let bob = user(&store, "Bob").await;
    // Ada: won, lost and drawn Tyrus, won Tsuro, and a Tyrus game called off.
    let mut at = 100;
    for (game, winners) in [
        ("tyrus", &[0u8][..]),
        ("tyrus", &[1]),
        ("tyrus", &[0, 1]),
        ("tsuro", &[0]),
    ] {
        let id = started(&store, game, false, vec![person(ada), person(bob)]).await;
        store.append(&end(id, winners, at)).await.unwrap();
        at += 10;
    }
    let called_off = started(&store, "tyrus", false, vec![person(ada), computer("easy")]).await;
    store
        .append(&Append {
            status: TableStatus::Aborted,
            outcome: None,
            events: vec![Event {
                kind: EventKind::Abort,
                ..end(called_off, &[], at).events[0].clone()
            }],
            ..end(called_off, &[], at)
        })
        .await
        .unwrap();
    // Newest first: the abandoned game, then Tsuro, then the Tyrus games.
    let all = ended(&store, ada, None, None).await;
    let results: Vec<_> = (all.iter())
        .map(|g| (g.table.game.as_str(), g.result))
        .collect();
    assert_eq!(
        results,
        [
            ("tyrus", GameResult::Abandoned),
            ("tsuro", GameResult::Won),
            ("tyrus", GameResult::Drawn),
            ("tyrus", GameResult::Lost),
            ("tyrus", GameResult::Won),
        ]
    );
    assert_eq!(all[0].ended_at, 140);
    assert_eq!(all[1].table.seats.len(), 2);
    // Bob sat at seat 1: his results are the other way round.
    let bobs = ended(&store, bob, Some("tyrus"), Some(GameResult::Won)).await;
    assert_eq!((bobs.len(), bobs[0].seat), (1, 1));
    let won = ended(&store, ada, None, Some(GameResult::Won)).await;
    assert_eq!(won.len(), 2);
    let tyrus_won = ended(&store, ada, Some("tyrus"), Some(GameResult::Won)).await;
    assert_eq!(tyrus_won.len(), 1);
    for result in [GameResult::Drawn, GameResult::Lost, GameResult::Abandoned] {
        assert_eq!(
            ended(&store, ada, Some("tyrus"), Some(result)).await.len(),
            1
        );
    }
    assert!(ended(&store, ada, Some("tyranny"), None).await.is_empty());
    // Pages of two: the third page holds the last game; past the end, nothing.
    let filter = EndedFilter::default();
    let page = store.ended_games(ada, filter, 4, 2).await.unwrap();
    assert_eq!(page.total, 5);
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].result, GameResult::Won);
    let past = store.ended_games(ada, filter, 10, 2).await.unwrap();
    assert!(past.games.is_empty() && past.total == 5);
    // Counted per game, finished games only.
    let tallies = store.tallies(ada).await.unwrap();
    assert_eq!(
        tallies,
        [
            (
                "tsuro".to_string(),
                Tally {
                    played: 1,
                    won: 1,
                    drawn: 0,
                    lost: 0
                }
            ),
            (
                "tyrus".to_string(),
                Tally {
                    played: 3,
                    won: 1,
                    drawn: 1,
                    lost: 1
                }
            ),
        ]
    );
}
