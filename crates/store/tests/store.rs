use agora_store::{
    AccountId, AccountKind, Append, Durability, Event, NewGame, NewSeat, NewTable, SeatKind,
    Secret, Store, StoreError, TableId, TableStatus,
};
use serde_json::json;

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

async fn temp_store(name: &str) -> (Store, TempDir) {
    let dir = TempDir::new(&format!("store-{name}"));
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    (Store::open(&url, Durability::Process).await.unwrap(), dir)
}

fn seat(kind: SeatKind) -> NewSeat {
    NewSeat {
        kind,
        account: None,
        ai_level: None,
        invite_hash: None,
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
                time_control: json!({"kind": "untimed"}),
                public: true,
                created_by: by,
                seats,
            },
            now,
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn accounts_sessions_and_tokens() {
    let store = Store::open("sqlite::memory:", Durability::Process)
        .await
        .unwrap();
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

#[tokio::test]
async fn tables_seats_games_and_the_log_survive_reopening() {
    let (store, dir) = temp_store("log").await;
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
        time_control: json!({"kind": "untimed"}),
        public: true,
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
    assert_eq!(store.open_tables(10).await.unwrap().len(), 1);
    // An invitation seat needs the secret.
    assert!(store.sit(id, 1, eve.id, None).await.is_err());
    assert!(store.sit(id, 1, eve.id, Some("wrong")).await.is_err());
    assert!(store.sit(id, 0, eve.id, None).await.is_err());
    store
        .sit(id, 1, bob.id, Some(&invite.hash()))
        .await
        .unwrap();
    store.leave(id, bob.id).await.unwrap();
    store
        .sit(id, 1, bob.id, Some(&invite.hash()))
        .await
        .unwrap();
    let table = store.table(id).await.unwrap();
    assert!(table.seats.iter().all(|s| s.is_filled()));
    assert_eq!(table.seats[1].name.as_deref(), Some("bob"));

    let started = store
        .start_game(
            &store.table(id).await.unwrap(),
            u64::MAX - 3,
            &json!({"deal": [1, 2]}),
            &[(0, 1000), (1, 1000)],
            3,
        )
        .await
        .unwrap();
    // What start_game answers is what reading the game back gives.
    assert_eq!(started, store.game(id).await.unwrap());
    let table = store.table(id).await.unwrap();
    assert!(
        store
            .start_game(&table, 1, &json!({}), &[], 3)
            .await
            .is_err()
    );
    assert!(store.leave(id, bob.id).await.is_err());
    assert_eq!(store.playing_games().await.unwrap(), vec![id]);
    let event = |version, notation: &str| Event {
        version,
        kind: "move".into(),
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
            outcome: Some(json!({"winners": [0]})),
            substituted: vec![2],
            ..append.clone()
        })
        .await
        .unwrap();
    store.close().await;

    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = Store::open(&url, Durability::Power).await.unwrap();
    let game = store.game(id).await.unwrap();
    assert_eq!(game.game.seed, u64::MAX - 3);
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

#[tokio::test]
async fn the_last_heartbeat_survives_reopening() {
    let (store, dir) = temp_store("alive").await;
    assert_eq!(store.alive_at().await.unwrap(), None);
    store.mark_alive(1_000).await.unwrap();
    store.mark_alive(2_000).await.unwrap();
    store.close().await;
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = Store::open(&url, Durability::Process).await.unwrap();
    assert_eq!(store.alive_at().await.unwrap(), Some(2_000));
    store.close().await;
}

/// Appends from many games at once share transactions (group commit); each is stored whole,
/// and one that lost its race is refused alone, without failing the others in its batch.
#[tokio::test]
async fn concurrent_appends_are_committed_together_and_a_bad_one_fails_alone() {
    let (store, dir) = temp_store("batch").await;
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
        let id = open_table(&store, ada.id, "tyrus", json!({}), seats, 2).await;
        store
            .start_game(
                &store.table(id).await.unwrap(),
                7,
                &json!({}),
                &[(0, 1000), (1, 1000)],
                3,
            )
            .await
            .unwrap();
        games.push(id);
    }
    let event = |version: u64, seat: u8| Event {
        version,
        kind: "move".into(),
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
                outcome: (round == 2 && i % 2 == 0).then(|| json!({"winners": [i % 2]})),
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

    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = Store::open(&url, Durability::Process).await.unwrap();
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
        assert_eq!(
            stored.game.outcome,
            finished.then(|| json!({"winners": [0]})),
            "game {i}"
        );
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
    let id = open_table(&store, ada.id, "tyrus", json!({}), seats, 2).await;
    let table = store.table(id).await.unwrap();
    store
        .start_game(&table, 5, &json!({}), &[], 3)
        .await
        .unwrap();
    let appends = (0..2u64).map(|n| Append {
        game: id,
        after_version: n,
        events: vec![Event {
            version: n + 1,
            kind: "move".into(),
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
#[tokio::test]
async fn listed_tables_carry_their_own_seats() {
    let (store, _dir) = temp_store("listing").await;
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
    store.sit(ids[2], 1, bob.id, None).await.unwrap();
    let listed = store.open_tables(10).await.unwrap();
    assert_eq!(listed.len(), 3);
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
             (11, 'tyrus', '{}', '{\"kind\":\"untimed\"}', 1, 1, 'finished', 0);
         INSERT INTO seats (table_id, seat, kind, account_id) VALUES
             (10, 0, 'open', 1), (10, 1, 'open', 1), (11, 0, 'open', 1), (11, 1, 'open', 1);
         INSERT INTO games VALUES (10, 7, '{}', 2, NULL, 500, 100, NULL),
                                  (11, 8, '{}', 1, '{\"winners\":[1]}', 300, 100, 300);
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
    assert_eq!(versions, vec![1, 2, 3, 4, 5, 6, 8]);
    // Migration 0006: the constraints hold as before, checked without a temporary index, and
    // status is indexed for open tables only.
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(integrity, "ok");
    for (bad, insert) in [
        (
            "INSERT INTO tables VALUES (12, 'tyrus', '{}', '{}', 1, 1, 'lost', 0)",
            "INSERT INTO tables VALUES (12, 'tyrus', '{}', '{}', 1, 1, 'cancelled', 0)",
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
    assert_eq!(indexes, ["tables_open"]);
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
    db.close().await;

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
    assert_eq!(finished.game.outcome, Some(json!({"winners": [1]})));
    assert_eq!(finished.events.len(), 1);
    store
        .append(&Append {
            game: TableId(10),
            after_version: 2,
            events: vec![Event {
                version: 3,
                kind: "move".into(),
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

#[tokio::test]
async fn a_failed_write_changes_nothing_and_the_writer_goes_on() {
    let store = Store::open("sqlite::memory:", Durability::Process)
        .await
        .unwrap();
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
        time_control: json!({"kind": "untimed"}),
        public: true,
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

#[tokio::test]
async fn a_table_created_started_reads_back_as_it_was_answered() {
    let (store, _dir) = temp_store("created-started").await;
    let ada = store
        .create_account("ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    let new = NewTable {
        game: "tyrus".into(),
        options: json!({"variant": 1}),
        time_control: json!({"kind": "live", "minutes": 5}),
        public: true,
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
    assert!(
        store
            .start_game(&started.table, 1, &json!({}), &[], 8)
            .await
            .is_err()
    );
    assert_eq!(started.game.rematch, None);

    // A rematch names the game it follows, which names it back; a game has one rematch only.
    let again = NewGame {
        seed: 2,
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
