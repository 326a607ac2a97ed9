use agora_engine::{Outcome, Seat, SeatSet};
use agora_store::{
    AccountId, AccountKind, Append, Durability, Event, EventKind, NewGame, NewSeat, NewTable,
    Refusal, SeatKind, Secret, Store, StoreError, TableId, TableStatus, TimeControl,
};
use serde_json::json;

mod common;
use common::{Engine, seat};

on_both_engines!(
    accounts_sessions_and_tokens,
    tables_seats_games_and_the_log_survive_reopening,
    the_last_heartbeat_survives_reopening,
    concurrent_appends_are_committed_together_and_a_bad_one_fails_alone,
    listed_tables_carry_their_own_seats,
    a_failed_write_changes_nothing_and_the_writer_goes_on,
    a_table_created_started_reads_back_as_it_was_answered,
    account_settings_are_kept_and_replaced,
    unreadable_stored_values_are_corrupt_not_defaults,
);

/// A fresh directory for one test's database, removed when dropped (also when the test
/// fails).
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("agora-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A public table of `game` created by `by` at time `now`, with `seats`.
async fn open_table(
    store: &Store,
    by: AccountId,
    game: &str,
    options: serde_json::Value,
    seats: Vec<NewSeat>,
    now: i64,
) -> TableId {
    store
        .create_table(
            &NewTable {
                game: game.into(),
                options,
                time_control: TimeControl::default(),
                public: true,
                rated: false,
                created_by: by,
                seats,
            },
            now,
        )
        .await
        .unwrap()
}

/// A tyrus table created by `by` with every seat of `seats` taken, its game started with
/// `game`.
async fn started_table(
    store: &Store,
    by: AccountId,
    seats: Vec<NewSeat>,
    game: &NewGame,
) -> TableId {
    let table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: true,
        rated: false,
        created_by: by,
        seats,
    };
    let names = vec![None; table.seats.len()];
    let started = store
        .create_started_game(&table, &names, game, None, 3)
        .await
        .unwrap();
    started.table.id
}

async fn accounts_sessions_and_tokens(engine: Engine) {
    let (store, _dir) = scratch!(engine, "accounts_sessions_an");
    let ada = store
        .create_account("Ada", AccountKind::User, Some("hash"), 1)
        .await
        .unwrap();
    assert!(matches!(
        store
            .create_account("ada", AccountKind::User, Some("x"), 2)
            .await,
        Err(StoreError::Conflict(_))
    ));
    // Guests may share names with each other, not with users (tests/name_keys.rs).
    assert!(matches!(
        store
            .create_account("ada", AccountKind::Guest, None, 3)
            .await,
        Err(StoreError::Conflict(_))
    ));
    for _ in 0..2 {
        store
            .create_account("grace", AccountKind::Guest, None, 3)
            .await
            .unwrap();
    }
    assert_eq!(store.account_by_name("ADA").await.unwrap().id, ada.id);

    let secret = Secret::random();
    store
        .create_session(&secret.hash(), ada.id, 10, 100)
        .await
        .unwrap();
    assert_eq!(
        store.session(&secret.hash(), 50).await.unwrap(),
        (ada.clone(), 100)
    );
    assert!(matches!(
        store.session(&secret.hash(), 100).await,
        Err(StoreError::NotFound)
    ));
    store.delete_session(&secret.hash()).await.unwrap();
    assert!(store.session(&secret.hash(), 50).await.is_err());

    let token = Secret::random();
    let id = store
        .create_api_token(&token.hash(), ada.id, "bot", 5)
        .await
        .unwrap();
    assert_eq!(store.token_account(&token.hash()).await.unwrap().id, ada.id);
    assert_eq!(
        store.api_tokens(ada.id).await.unwrap(),
        vec![(id, "bot".to_string(), 5)]
    );
    store.delete_api_token(ada.id, id).await.unwrap();
    assert!(store.token_account(&token.hash()).await.is_err());
}

async fn tables_seats_games_and_the_log_survive_reopening(engine: Engine) {
    let (store, dir) = scratch!(engine, "log");
    let ada = store
        .create_account("ada", AccountKind::User, None, 1)
        .await
        .unwrap();
    let bob = store
        .create_account("bob", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let eve = store
        .create_account("eve", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let invite = Secret::random();
    let new_table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: true,
        rated: false,
        created_by: ada.id,
        seats: vec![
            NewSeat {
                account: Some(ada.id),
                ..seat(SeatKind::Open)
            },
            NewSeat {
                invite_hash: Some(invite.hash()),
                ..seat(SeatKind::Invite)
            },
            NewSeat {
                ai_level: Some("easy".into()),
                ..seat(SeatKind::Ai)
            },
        ],
    };
    let id = store.create_table(&new_table, 2).await.unwrap();
    // The table as stored, without reading it back, is the table read back.
    assert_eq!(
        new_table.into_table(id, 2, "ada"),
        store.table(id).await.unwrap()
    );
    // Its free seat is kept for the invited friend: nothing for strangers in the lobby.
    assert!(store.open_tables(10).await.unwrap().is_empty());
    let deal = NewGame {
        seed: u64::MAX - 3,
        salt: format!("salt-{}", u64::MAX - 3),
        setup: json!({"deal": [1, 2]}),
        clocks: vec![(0, 1000), (1, 1000)],
    };
    fn refused<T: std::fmt::Debug>(done: Result<T, StoreError>) -> Refusal {
        match done {
            Err(StoreError::Refused(why)) => why,
            other => panic!("not refused: {other:?}"),
        }
    }
    // An invitation seat needs the secret; a taken seat is not free; one seat per account.
    assert_eq!(
        refused(store.sit(id, 1, eve.id, None, &deal, 3).await),
        Refusal::SeatNotFree
    );
    assert_eq!(
        refused(store.sit(id, 1, eve.id, Some("wrong"), &deal, 3).await),
        Refusal::SeatNotFree
    );
    assert_eq!(
        refused(store.sit(id, 0, eve.id, None, &deal, 3).await),
        Refusal::SeatNotFree
    );
    assert_eq!(
        refused(
            store
                .sit(id, 1, ada.id, Some(&invite.hash()), &deal, 3)
                .await
        ),
        Refusal::AlreadySeated
    );
    assert_eq!(refused(store.leave(id, eve.id).await), Refusal::NotSeated);
    assert!(matches!(
        store.sit(TableId(1), 1, eve.id, None, &deal, 3).await,
        Err(StoreError::NotFound)
    ));
    // Ada stands up; Bob's seat does not fill the table, Ada's again does, and starts it.
    store.leave(id, ada.id).await.unwrap();
    let seated = store
        .sit(id, 1, bob.id, Some(&invite.hash()), &deal, 3)
        .await
        .unwrap();
    assert_eq!(seated.started, None);
    assert_eq!(seated.table, store.table(id).await.unwrap());
    assert_eq!(seated.table.seats[1].name.as_deref(), Some("bob"));
    let seated = store.sit(id, 0, ada.id, None, &deal, 3).await.unwrap();
    let started = seated.started.expect("the last seat starts the game");
    assert_eq!(seated.table.status, TableStatus::Playing);
    assert!(seated.table.seats.iter().all(|s| s.is_filled()));
    // What the sit answers is what reading the game back gives.
    assert_eq!(started, store.game(id).await.unwrap());
    assert_eq!(started.table, seated.table);
    assert_eq!(
        refused(store.sit(id, 1, eve.id, None, &deal, 3).await),
        Refusal::TableNotOpen
    );
    assert_eq!(
        refused(store.leave(id, bob.id).await),
        Refusal::TableNotOpen
    );
    assert_eq!(store.playing_games().await.unwrap(), vec![id]);
    let event = |version, notation: &str| Event {
        version,
        kind: EventKind::Move,
        seat: Some(0),
        notation: Some(notation.into()),
        at: 10 + version as i64,
        clock_ms: Some(900),
    };
    let append = Append {
        game: id,
        after_version: 0,
        events: vec![event(1, "a"), event(2, "b")],
        status: TableStatus::Playing,
        outcome: None,
        turn_started_at: 12,
        substituted: vec![],
    };
    store.append(&append).await.unwrap();
    // The same versions again lose the race and change nothing.
    assert!(matches!(
        store.append(&append).await,
        Err(StoreError::Conflict(_))
    ));
    store
        .append(&Append {
            after_version: 2,
            events: vec![event(3, "c")],
            status: TableStatus::Finished,
            outcome: Some(won_by(0)),
            substituted: vec![2],
            ..append.clone()
        })
        .await
        .unwrap();
    store.close().await;

    let store = Store::open(&dir.url(), Durability::Power).await.unwrap();
    let game = store.game(id).await.unwrap();
    assert_eq!(game.game.seed, u64::MAX - 3);
    assert_eq!(
        game.game.salt,
        Some(deal.salt.clone()),
        "kept to reveal the commitment"
    );
    assert_eq!(game.game.version, 3);
    assert_eq!(game.game.finished_at, Some(13));
    assert_eq!(game.table.status, TableStatus::Finished);
    assert_eq!(game.table.seats[0].clock_ms, Some(900));
    assert!(game.table.seats[2].substituted);
    let moves: Vec<_> = game
        .events
        .iter()
        .filter_map(|e| e.notation.clone())
        .collect();
    assert_eq!(moves, ["a", "b", "c"]);
    assert_eq!(store.events_since(id, 2).await.unwrap().len(), 1);
    assert!(store.playing_games().await.unwrap().is_empty());
    assert_eq!(store.account_tables(bob.id, 10).await.unwrap().len(), 1);
    store.close().await;
}

async fn the_last_heartbeat_survives_reopening(engine: Engine) {
    let (store, dir) = scratch!(engine, "alive");
    assert_eq!(store.alive_at().await.unwrap(), None);
    store.mark_alive(1_000).await.unwrap();
    store.mark_alive(2_000).await.unwrap();
    store.close().await;
    let store = dir.open().await;
    assert_eq!(store.alive_at().await.unwrap(), Some(2_000));
    store.close().await;
}

/// Appends from many games at once share transactions (group commit); each is stored whole,
/// and one that lost its race is refused alone, without failing the others in its batch.
async fn concurrent_appends_are_committed_together_and_a_bad_one_fails_alone(engine: Engine) {
    let (store, dir) = scratch!(engine, "batch");
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    store
        .create_account("cleo", AccountKind::User, Some("h"), 1)
        .await
        .unwrap();
    let mut games = Vec::new();
    for _ in 0..40 {
        let seats = vec![
            NewSeat {
                account: Some(ada.id),
                ..seat(SeatKind::Open)
            },
            NewSeat {
                ai_level: Some("easy".into()),
                ..seat(SeatKind::Ai)
            },
        ];
        let game = NewGame {
            seed: 7,
            salt: format!("salt-{}", 7),
            setup: json!({}),
            clocks: vec![(0, 1000), (1, 1000)],
        };
        let id = started_table(&store, ada.id, seats, &game).await;
        games.push(id);
    }
    let event = |version: u64, seat: u8| Event {
        version,
        kind: EventKind::Move,
        seat: Some(seat),
        notation: Some(format!("m{version}")),
        at: 100 + version as i64,
        clock_ms: Some(1000 - version as i64),
    };
    let mut kept = Vec::new();
    // Three rounds of one append per game, all games at once; in the third round game 5
    // claims the wrong version.
    for round in 0..3u64 {
        let mut calls = Vec::new();
        for (i, &game) in games.iter().enumerate() {
            let store = store.clone();
            let after = if round == 2 && i == 5 { 7 } else { round };
            // Game 7 claims the right version in round 1 but sends an event that is already
            // logged: the batch's transaction fails part way and is rolled back.
            let version = if round == 1 && i == 7 { 1 } else { after + 1 };
            let append = Append {
                game,
                after_version: after,
                events: vec![event(version, (round % 2) as u8)],
                status: if round == 2 && i % 2 == 0 {
                    TableStatus::Finished
                } else {
                    TableStatus::Playing
                },
                outcome: (round == 2 && i % 2 == 0).then(|| won_by(i as u8 % 2)),
                turn_started_at: 100 + round as i64,
                substituted: if round == 2 && i % 3 == 0 {
                    vec![1]
                } else {
                    vec![]
                },
            };
            calls.push(tokio::spawn(async move { store.append(&append).await }));
        }
        // Lobby writes share the appends' transaction: one that fails (a taken name) fails
        // alone, one that succeeds is kept.
        let lobby = {
            let store = store.clone();
            tokio::spawn(async move {
                let taken = store
                    .create_account("CLEO", AccountKind::User, Some("h"), 2)
                    .await;
                let fresh =
                    (store.create_account(&format!("bea{round}"), AccountKind::Guest, None, 2))
                        .await;
                (taken, fresh)
            })
        };
        let (taken, fresh) = lobby.await.unwrap();
        assert!(matches!(taken, Err(StoreError::Conflict(_))), "{taken:?}");
        kept.push(fresh.unwrap().id);
        for (i, call) in calls.into_iter().enumerate() {
            let result = call.await.unwrap();
            if (round == 1 && i == 7) || (round == 2 && (i == 5 || i == 7)) {
                // Round 2 finds game 7 still at version 1: out of step too.
                assert!(matches!(result, Err(StoreError::Conflict(_))), "{result:?}");
            } else {
                result.unwrap();
            }
        }
    }
    // A game whose append failed goes on from where its log really ends (the writer keeps
    // each game's head only from committed appends).
    let next = Append {
        game: games[7],
        after_version: 1,
        events: vec![event(2, 1)],
        status: TableStatus::Playing,
        outcome: None,
        turn_started_at: 101,
        substituted: vec![],
    };
    store.append(&next).await.unwrap();
    store.close().await;
    // A closed store writes nothing more.
    let late = Append {
        game: games[0],
        after_version: 3,
        events: vec![event(4, 1)],
        status: TableStatus::Playing,
        outcome: None,
        turn_started_at: 104,
        substituted: vec![],
    };
    assert!(matches!(store.append(&late).await, Err(StoreError::Closed)));
    assert!(matches!(store.mark_alive(5).await, Err(StoreError::Closed)));

    let store = dir.open().await;
    for id in kept {
        store.account(id).await.unwrap();
    }
    for (i, &game) in games.iter().enumerate() {
        let stored = store.game(game).await.unwrap();
        let stuck = i == 5 || i == 7;
        let expected = match i {
            5 => 2,
            7 => 2,
            _ => 3,
        };
        assert_eq!(stored.game.version, expected, "game {i}");
        assert_eq!(stored.events.len() as u64, expected, "game {i}");
        for (n, e) in stored.events.iter().enumerate() {
            assert_eq!(*e, event(n as u64 + 1, (n % 2) as u8), "game {i}");
        }
        let finished = i % 2 == 0 && !stuck;
        assert_eq!(
            stored.table.seats[1].substituted,
            i % 3 == 0 && !stuck,
            "game {i}"
        );
        assert_eq!(
            stored.table.status,
            if finished {
                TableStatus::Finished
            } else {
                TableStatus::Playing
            },
            "game {i}"
        );
        assert_eq!(stored.game.finished_at, finished.then_some(103), "game {i}");
        assert_eq!(stored.game.outcome, finished.then(|| won_by(0)), "game {i}");
        assert_eq!(stored.game.turn_started_at, 100 + expected as i64 - 1);
        assert_eq!(
            stored.table.seats[((expected - 1) % 2) as usize].clock_ms,
            Some(1000 - expected as i64),
            "game {i}"
        );
    }
}

/// An in-memory URL (a scratch file for the writer and the reads) keeps the log like a file.
#[tokio::test]
async fn an_in_memory_store_keeps_its_log() {
    let store = Store::open("sqlite::memory:", Durability::Process)
        .await
        .unwrap();
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let seats = vec![NewSeat {
        account: Some(ada.id),
        ..seat(SeatKind::Open)
    }];
    let game = NewGame {
        seed: 5,
        salt: format!("salt-{}", 5),
        setup: json!({}),
        clocks: Vec::new(),
    };
    let id = started_table(&store, ada.id, seats, &game).await;
    let appends = (0..2u64).map(|n| Append {
        game: id,
        after_version: n,
        events: vec![Event {
            version: n + 1,
            kind: EventKind::Move,
            seat: Some(0),
            notation: Some(format!("m{n}")),
            at: 10 + n as i64,
            clock_ms: None,
        }],
        status: TableStatus::Playing,
        outcome: None,
        turn_started_at: 10 + n as i64,
        substituted: vec![],
    });
    for append in appends {
        store.append(&append).await.unwrap();
    }
    let stored = store.game(id).await.unwrap();
    assert_eq!(stored.game.version, 2);
    assert_eq!(stored.events.len(), 2);
}

/// Listing tables reads every table's seats in one go, and each table gets its own.
async fn listed_tables_carry_their_own_seats(engine: Engine) {
    let (store, _dir) = scratch!(engine, "listing");
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let bob = store
        .create_account("bob", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let mut ids = Vec::new();
    for n in 0..3u8 {
        let mut seats = vec![NewSeat {
            account: Some(ada.id),
            ..seat(SeatKind::Open)
        }];
        for _ in 0..n {
            seats.push(seat(SeatKind::Open));
        }
        let options = json!({"players": n + 1});
        let id = open_table(&store, ada.id, "tsuro", options, seats, 10 + i64::from(n)).await;
        ids.push(id);
    }
    let deal = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: Vec::new(),
    };
    store.sit(ids[2], 1, bob.id, None, &deal, 20).await.unwrap();
    // Not the table of one seat, where nobody else can sit.
    let listed = store.open_tables(10).await.unwrap();
    assert_eq!(listed.len(), 2);
    for table in &listed {
        let n = ids.iter().position(|id| *id == table.id).unwrap();
        assert_eq!(table.seats.len(), n + 1, "table {n}");
        assert_eq!(table.seats[0].name.as_deref(), Some("ada"));
        assert_eq!(table, &store.table(table.id).await.unwrap());
    }
    let bobs = store.account_tables(bob.id, 10).await.unwrap();
    assert_eq!(bobs.len(), 1);
    assert_eq!(bobs[0].seats[1].name.as_deref(), Some("bob"));
    assert_eq!(bobs[0].seats.len(), 3);
}

/// A database made before a migration gets it at the next start, once.
#[tokio::test]
async fn an_older_database_is_migrated_at_start() {
    let dir = TempDir::new("store-upgrade");
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    // A database as the first schema left it, with a game being played and a finished one.
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true);
    let older = sqlx::SqlitePool::connect_with(options).await.unwrap();
    sqlx::raw_sql(include_str!("../migrations/sqlite/0001_initial.sql"))
        .execute(&older)
        .await
        .unwrap();
    sqlx::raw_sql(
        "CREATE TABLE schema_migrations (
             version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
         INSERT INTO schema_migrations VALUES (1, 'initial', 0);
         INSERT INTO accounts VALUES (1, 'Ada', 'guest', NULL, 0);
         INSERT INTO tables VALUES
             (10, 'tyrus', '{}', '{\"kind\":\"untimed\"}', 1, 1, 'playing', 0),
             (11, 'tyrus', '{}', '{\"kind\":\"untimed\"}', 1, 1, 'finished', 0),
             (13, 'tyrus', '{}', '{\"kind\":\"untimed\"}', 1, 1, 'open', 0);
         INSERT INTO seats (table_id, seat, kind, account_id) VALUES
             (10, 0, 'open', 1), (10, 1, 'open', 1), (11, 0, 'open', 1), (11, 1, 'open', 1),
             (13, 0, 'open', 1), (13, 1, 'open', 1);
         INSERT INTO games VALUES (10, 7, '{}', 2, NULL, 500, 100, NULL),
                                  (11, 8, '{}', 1, '{\"winners\":[1],\"reason\":\"resignation\"}', 300, 100, 300);
         INSERT INTO game_events VALUES (10, 1, 'move', 0, 'a', 200, NULL),
                                        (10, 2, 'move', 1, 'b', 500, NULL),
                                        (11, 1, 'resign', 0, NULL, 300, NULL);",
    )
    .execute(&older)
    .await
    .unwrap();
    older.close().await;

    // Opening it migrates it, once.
    for _ in 0..2 {
        let store = Store::open(&url, Durability::Process).await.unwrap();
        store.close().await;
    }
    let db = sqlx::SqlitePool::connect(&url).await.unwrap();
    let versions: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM schema_migrations ORDER BY version")
            .fetch_all(&db)
            .await
            .unwrap();
    assert_eq!(versions, (1..=20).collect::<Vec<i64>>());
    // Migration 0007: Ada sat twice at each table (issue 20). She keeps seat 0; seat 1 is
    // freed at the open table and handed to the stand-in at the others; a second seat for
    // one account is refused from now on.
    let seats: Vec<(i64, i64, Option<i64>, i64)> = sqlx::query_as(
        "SELECT table_id, seat, account_id, substituted FROM seats ORDER BY table_id, seat",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    assert_eq!(
        seats,
        vec![
            (10, 0, Some(1), 0),
            (10, 1, None, 1),
            (11, 0, Some(1), 0),
            (11, 1, None, 1),
            (13, 0, Some(1), 0),
            (13, 1, None, 0),
        ]
    );
    // Migration 0006: the constraints hold as before, checked without a temporary index, and
    // status is indexed for open tables only.
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(integrity, "ok");
    for (bad, insert) in [
        (
            "INSERT INTO tables VALUES (12, 'tyrus', '{}', '{}', 1, 1, 'lost', 0, NULL, 0)",
            "INSERT INTO tables VALUES (12, 'tyrus', '{}', '{}', 1, 1, 'cancelled', 0, NULL, 0)",
        ),
        (
            "INSERT INTO seats (table_id, seat, kind) VALUES (12, 0, 'robot')",
            "INSERT INTO seats (table_id, seat, kind) VALUES (12, 0, 'invite')",
        ),
        (
            "INSERT INTO accounts (id, name, kind, password_hash, created_at)
             VALUES (2, 'Bo', 'admin', NULL, 0)",
            "INSERT INTO accounts (id, name, kind, password_hash, created_at)
             VALUES (2, 'Bo', 'bot', NULL, 0)",
        ),
    ] {
        let error = sqlx::query(bad).execute(&db).await.unwrap_err();
        assert!(error.to_string().contains("CHECK"), "{bad}: {error}");
        let opcodes: Vec<(i64, String)> = sqlx::query_as(&format!("EXPLAIN {insert}"))
            .fetch_all(&db)
            .await
            .unwrap();
        assert!(
            opcodes.iter().all(|(_, op)| op != "OpenEphemeral"),
            "{insert}: {opcodes:?}"
        );
        sqlx::query(insert).execute(&db).await.unwrap();
    }
    let indexes: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tables'
         AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    assert_eq!(indexes, ["tables_waiting"]);
    let index: Option<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'sessions_expiry'",
    )
    .fetch_optional(&db)
    .await
    .unwrap();
    assert_eq!(index.as_deref(), Some("sessions_expiry"));
    // Migration 0008: the older account has its name key.
    let key: Option<String> = sqlx::query_scalar("SELECT name_key FROM accounts WHERE id = 1")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(key.as_deref(), Some("ada"));
    // Only the game being played has a live row.
    let live: Vec<i64> = sqlx::query_scalar("SELECT table_id FROM live_games")
        .fetch_all(&db)
        .await
        .unwrap();
    assert_eq!(live, vec![10]);

    // Both games read back as they were, and the one being played goes on.
    let store = Store::open(&url, Durability::Process).await.unwrap();
    let playing = store.game(TableId(10)).await.unwrap();
    assert_eq!(playing.game.version, 2);
    assert_eq!(playing.game.turn_started_at, 500);
    let notations: Vec<_> = playing.events.iter().map(|e| e.notation.clone()).collect();
    assert_eq!(notations, [Some("a".into()), Some("b".into())]);
    let finished = store.game(TableId(11)).await.unwrap();
    assert_eq!(finished.game.version, 1);
    assert_eq!(finished.game.finished_at, Some(300));
    assert_eq!(finished.game.outcome, Some(won_by(1)));
    assert_eq!(finished.events.len(), 1);
    store
        .append(&Append {
            game: TableId(10),
            after_version: 2,
            events: vec![Event {
                version: 3,
                kind: EventKind::Move,
                seat: Some(0),
                notation: Some("c".into()),
                at: 600,
                clock_ms: None,
            }],
            status: TableStatus::Playing,
            outcome: None,
            turn_started_at: 600,
            substituted: vec![],
        })
        .await
        .unwrap();
    let playing = store.game(TableId(10)).await.unwrap();
    assert_eq!(playing.game.version, 3);
    assert_eq!(playing.game.turn_started_at, 600);
    // The new event follows the migrated ones in the game's chain.
    let notations: Vec<_> = playing.events.iter().map(|e| e.notation.clone()).collect();
    assert_eq!(
        notations,
        [Some("a".into()), Some("b".into()), Some("c".into())]
    );
    let since: Vec<_> = (store.events_since(TableId(10), 1).await.unwrap())
        .into_iter()
        .map(|e| e.version)
        .collect();
    assert_eq!(since, [2, 3]);
    store.close().await;
}

async fn a_failed_write_changes_nothing_and_the_writer_goes_on(engine: Engine) {
    let (store, _dir) = scratch!(engine, "a_failed_write_chang");
    let ada = store
        .create_account("Ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    // A session for an account that does not exist: the whole script rolls back.
    assert!(
        store
            .create_session("h1", AccountId(999), 10, 100)
            .await
            .is_err()
    );
    store.create_session("h2", ada.id, 10, 100).await.unwrap();
    assert_eq!(store.session("h2", 20).await.unwrap().0.id, ada.id);
    assert!(matches!(
        store.session("h1", 20).await,
        Err(StoreError::NotFound)
    ));
    // A table created by an account that does not exist leaves nothing behind.
    let orphan = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: true,
        rated: false,
        created_by: AccountId(999),
        seats: vec![seat(SeatKind::Open), seat(SeatKind::Open)],
    };
    assert!(store.create_table(&orphan, 30).await.is_err());
    assert!(store.open_tables(10).await.unwrap().is_empty());
    let table = open_table(
        &store,
        ada.id,
        "tyrus",
        json!({}),
        vec![seat(SeatKind::Open), seat(SeatKind::Open)],
        40,
    )
    .await;
    assert_eq!(store.open_tables(10).await.unwrap()[0].id, table);
}

async fn a_table_created_started_reads_back_as_it_was_answered(engine: Engine) {
    let (store, _dir) = scratch!(engine, "created-started");
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let new = NewTable {
        game: "tyrus".into(),
        options: json!({"variant": 1}),
        time_control: TimeControl::Live {
            initial_s: 300,
            increment_s: 0,
        },
        public: true,
        rated: false,
        created_by: ada.id,
        seats: vec![
            NewSeat {
                kind: SeatKind::Ai,
                ai_level: Some("hard".into()),
                ..seat(SeatKind::Ai)
            },
            NewSeat {
                account: Some(ada.id),
                ..seat(SeatKind::Open)
            },
        ],
    };
    let names = [None, Some("ada".to_string())];
    let started = store
        .create_started_game(
            &new,
            &names,
            &NewGame {
                seed: u64::MAX,
                salt: format!("salt-{}", u64::MAX),
                setup: json!({"deal": [3]}),
                clocks: vec![(0, 500), (1, 500)],
            },
            None,
            7,
        )
        .await
        .unwrap();
    let id = started.table.id;
    assert_eq!(started.table.status, TableStatus::Playing);
    assert_eq!(started.table.seats[1].name.as_deref(), Some("ada"));
    assert_eq!(started.table.seats[0].clock_ms, Some(500));
    assert_eq!(started, store.game(id).await.unwrap());
    assert_eq!(store.playing_games().await.unwrap(), vec![id]);
    // Never open: nobody can sit or leave.
    assert!(store.open_tables(10).await.unwrap().is_empty());
    assert!(store.leave(id, ada.id).await.is_err());
    let deal = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: Vec::new(),
    };
    assert!(matches!(
        store.sit(id, 0, ada.id, None, &deal, 8).await,
        Err(StoreError::Refused(Refusal::TableNotOpen))
    ));
    assert_eq!(started.game.rematch, None);

    // A rematch names the game it follows, which names it back; a game has one rematch only.
    let again = NewGame {
        seed: 2,
        salt: format!("salt-{}", 2),
        setup: json!({"deal": [4]}),
        clocks: Vec::new(),
    };
    let rematch = store
        .create_started_game(&new, &names, &again, Some(id), 9)
        .await
        .unwrap();
    assert_eq!(
        store.game(id).await.unwrap().game.rematch,
        Some(rematch.table.id)
    );
    assert_eq!(rematch, store.game(rematch.table.id).await.unwrap());
    assert!(matches!(
        store
            .create_started_game(&new, &names, &again, Some(id), 10)
            .await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(store.playing_games().await.unwrap().len(), 2);
    store.close().await;
}

async fn account_settings_are_kept_and_replaced(engine: Engine) {
    let (store, _dir) = scratch!(engine, "settings");
    let ada = store
        .create_account("Ada", AccountKind::User, Some("hash"), 1)
        .await
        .unwrap();
    assert_eq!(store.account_settings(ada.id).await.unwrap(), None);
    store
        .set_account_settings(ada.id, "l-de.t-dark", 2)
        .await
        .unwrap();
    store
        .set_account_settings(ada.id, "l-fr.t-light", 3)
        .await
        .unwrap();
    assert_eq!(
        store.account_settings(ada.id).await.unwrap().as_deref(),
        Some("l-fr.t-light")
    );
    assert_eq!(store.account_settings(AccountId(999)).await.unwrap(), None);
    store.close().await;
}

/// A game won by `seat` alone.
fn won_by(seat: u8) -> Outcome {
    Outcome::new(SeatSet::single(Seat(seat)), "resignation")
}

/// Stored values that do not parse are errors, never defaults: a time control (which once
/// became an untimed game), an event's kind, an outcome. Each written by hand, as a bug or
/// an older version might have left it.
async fn unreadable_stored_values_are_corrupt_not_defaults(engine: Engine) {
    let (store, dir) = scratch!(engine, "corrupt");
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let seats = vec![
        NewSeat {
            account: Some(ada.id),
            ..seat(SeatKind::Open)
        },
        NewSeat {
            ai_level: Some("easy".into()),
            ..seat(SeatKind::Ai)
        },
    ];
    let game = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: Vec::new(),
    };
    let id = started_table(&store, ada.id, seats, &game).await;
    let resign = Append {
        game: id,
        after_version: 0,
        events: vec![Event {
            version: 1,
            kind: EventKind::Resign,
            seat: Some(0),
            notation: None,
            at: 5,
            clock_ms: None,
        }],
        status: TableStatus::Finished,
        outcome: Some(won_by(1)),
        turn_started_at: 5,
        substituted: vec![],
    };
    store.append(&resign).await.unwrap();
    let stored = store.game(id).await.unwrap();
    assert_eq!(stored.game.outcome, Some(won_by(1)));
    assert_eq!(stored.events[0].kind, EventKind::Resign);
    assert_eq!(stored.table.time_control, TimeControl::Untimed {});

    for (corrupt, restore) in [
        (
            "UPDATE tables SET time_control = '{\"kind\":\"blitz\"}'",
            "UPDATE tables SET time_control = '{\"kind\":\"untimed\"}'",
        ),
        (
            "UPDATE tables SET time_control = '{\"kind\":\"live\",\"initial_s\":\"sixty\",\"increment_s\":0}'",
            "UPDATE tables SET time_control = '{\"kind\":\"untimed\"}'",
        ),
        (
            "UPDATE game_events SET kind = 'teleport'",
            "UPDATE game_events SET kind = 'resign'",
        ),
        (
            "UPDATE games SET outcome = '{\"winners\":\"everyone\"}'",
            "UPDATE games SET outcome = '{\"winners\":[1],\"reason\":\"resignation\"}'",
        ),
    ] {
        dir.execute(corrupt).await;
        match store.game(id).await {
            Err(StoreError::Corrupt(what)) => assert!(!what.is_empty()),
            other => panic!("{corrupt}: {other:?}"),
        }
        dir.execute(restore).await;
        assert_eq!(store.game(id).await.unwrap(), stored, "{restore}");
    }
    match store.table(id).await {
        Ok(table) => assert_eq!(table.time_control, TimeControl::Untimed {}),
        other => panic!("{other:?}"),
    }
    dir.execute("UPDATE tables SET time_control = '{\"kind\":\"blitz\"}'")
        .await;
    assert!(matches!(store.table(id).await, Err(StoreError::Corrupt(_))));
    assert!(matches!(
        store.account_tables(ada.id, 10).await,
        Err(StoreError::Corrupt(_))
    ));
    store.close().await;
}
