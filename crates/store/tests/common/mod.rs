//! A scratch database on either engine, for the store's tests, which run on both.
//!
//! SQLite needs nothing. PostgreSQL needs a server: `AGORA_TEST_POSTGRES` names one
//! (`postgres://user@host:port/postgres`, a user that may create databases), and each test
//! gets a database of its own there. `scripts/test` starts a throwaway server and sets it,
//! with `AGORA_REQUIRE_POSTGRES=1`, so that there the PostgreSQL half cannot be skipped; a
//! plain `cargo test` without a server says that it skipped it.
#![allow(dead_code)]

use std::str::FromStr;

use agora_engine::{Outcome, Seat, SeatSet};
use agora_store::{
    AccountId, Append, Durability, Event, EventKind, NewGame, NewSeat, NewTable, SeatKind, Store,
    TableId, TableStatus, TimeControl,
};
use serde_json::json;
use sqlx::Connection;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// Where one test keeps its database: a directory (SQLite, removed when dropped), or a
/// database of its own on the test server (PostgreSQL; the server is thrown away whole).
pub struct Scratch {
    engine: Engine,
    url: String,
    dir: Option<std::path::PathBuf>,
}

/// A scratch database's store and the scratch itself, or returns from the test when the
/// engine is PostgreSQL and no server was given.
#[macro_export]
macro_rules! scratch {
    ($engine:expr, $name:expr) => {
        match common::Scratch::new($engine, $name).await {
            Some(scratch) => (scratch.open().await, scratch),
            None => return,
        }
    };
}

/// Each named `async fn name(engine: Engine)` as two tests, `sqlite::name` and
/// `postgres::name`.
#[macro_export]
macro_rules! on_both_engines {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)] async fn $test() { super::$test(super::common::Engine::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)] async fn $test() { super::$test(super::common::Engine::Postgres).await })*
        }
    };
}

impl Scratch {
    pub async fn new(engine: Engine, name: &str) -> Option<Scratch> {
        let unique = format!(
            "{name}_{}_{:x}",
            std::process::id(),
            agora_store::random_u64()
        );
        let unique: String = unique
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        match engine {
            Engine::Sqlite => {
                let dir = std::env::temp_dir().join(format!("agora-store-{unique}"));
                std::fs::create_dir_all(&dir).unwrap();
                Some(Scratch {
                    engine,
                    url: format!("sqlite://{}", dir.join("agora.db").display()),
                    dir: Some(dir),
                })
            }
            Engine::Postgres => {
                let Some(server) = postgres_server() else {
                    eprintln!("skipped on PostgreSQL: AGORA_TEST_POSTGRES is not set");
                    return None;
                };
                let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
                let database = format!("agora_{unique}");
                sqlx::raw_sql(&format!("CREATE DATABASE {database}"))
                    .execute(&mut admin)
                    .await
                    .unwrap();
                admin.close().await.unwrap();
                let options = sqlx::postgres::PgConnectOptions::from_str(&server)
                    .unwrap()
                    .database(&database);
                let url = format!(
                    "postgres://{}@{}:{}/{database}",
                    options.get_username(),
                    options.get_host(),
                    options.get_port()
                );
                Some(Scratch {
                    engine,
                    url,
                    dir: None,
                })
            }
        }
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// A store on this database, as a server opens it.
    pub async fn open(&self) -> Store {
        Store::open(&self.url, Durability::Process).await.unwrap()
    }

    /// Runs SQL on the database behind the store's back, as a bug or an older version might.
    pub async fn execute(&self, sql: &str) {
        match self.engine {
            Engine::Sqlite => {
                let mut conn = sqlx::SqliteConnection::connect(&self.url).await.unwrap();
                sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
                conn.close().await.unwrap();
            }
            Engine::Postgres => {
                let mut conn = sqlx::PgConnection::connect(&self.url).await.unwrap();
                sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
                conn.close().await.unwrap();
            }
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The PostgreSQL server for tests, if one was given; a run that requires one and has none
/// fails here rather than passing without it.
fn postgres_server() -> Option<String> {
    let server = std::env::var("AGORA_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty());
    if server.is_none() && std::env::var_os("AGORA_REQUIRE_POSTGRES").is_some() {
        panic!("AGORA_REQUIRE_POSTGRES is set but AGORA_TEST_POSTGRES names no server");
    }
    server
}

/// An empty seat of `kind`.
pub fn seat(kind: SeatKind) -> NewSeat {
    NewSeat {
        kind,
        account: None,
        ai_level: None,
        invite_hash: None,
    }
}

/// A started table of `game` with `seats`, rated or not.
pub async fn started(store: &Store, game: &str, rated: bool, seats: Vec<NewSeat>) -> TableId {
    let by = seats.iter().find_map(|s| s.account).unwrap();
    let table = NewTable {
        game: game.into(),
        options: json!({ "players": seats.len() }),
        time_control: TimeControl::default(),
        public: true,
        rated,
        created_by: by,
        seats,
    };
    let names = vec![None; table.seats.len()];
    let deal = NewGame {
        seed: 1,
        setup: json!({}),
        salt: "ab".repeat(32),
        clocks: Vec::new(),
    };
    let started = store
        .create_started_game(&table, &names, &deal, None, 3)
        .await
        .unwrap();
    started.table.id
}

/// A seat taken by account `id`.
pub fn person(id: AccountId) -> NewSeat {
    NewSeat {
        account: Some(id),
        ..seat(SeatKind::Open)
    }
}

/// A seat the computer plays at `level`.
pub fn computer(level: &str) -> NewSeat {
    NewSeat {
        ai_level: Some(level.into()),
        ..seat(SeatKind::Ai)
    }
}

/// The append that ends game `id` (at version 0) with `winners`, by a resignation at `at`.
pub fn end(id: TableId, winners: &[u8], at: i64) -> Append {
    let winners = (winners.iter()).fold(SeatSet::EMPTY, |set, s| set.with(Seat(*s)));
    Append {
        game: id,
        after_version: 0,
        events: vec![Event {
            version: 1,
            kind: EventKind::Resign,
            seat: Some(0),
            notation: None,
            at,
            clock_ms: None,
        }],
        status: TableStatus::Finished,
        outcome: Some(Outcome::new(winners, "resignation")),
        turn_started_at: at,
        substituted: vec![],
    }
}
