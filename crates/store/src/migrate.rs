/// One schema change: applied once, in order, each in its own transaction.
#[derive(Debug)]
pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
}

/// The SQLite schema, oldest first. Embedded, so the binary needs no files beside it.
pub const SQLITE: &[Migration] = &[
    Migration {
        version: 1,
        name: "initial",
        sql: include_str!("../migrations/sqlite/0001_initial.sql"),
    },
    Migration {
        version: 2,
        name: "sessions_expiry",
        sql: include_str!("../migrations/sqlite/0002_sessions_expiry.sql"),
    },
    Migration {
        version: 3,
        name: "live_games",
        sql: include_str!("../migrations/sqlite/0003_live_games.sql"),
    },
    Migration {
        version: 4,
        name: "rematches",
        sql: include_str!("../migrations/sqlite/0004_rematches.sql"),
    },
    Migration {
        version: 5,
        name: "append_only_log",
        sql: include_str!("../migrations/sqlite/0005_append_only_log.sql"),
    },
    Migration {
        version: 6,
        name: "cheaper_game_starts",
        sql: include_str!("../migrations/sqlite/0006_cheaper_game_starts.sql"),
    },
    Migration {
        version: 7,
        name: "one_seat_per_account",
        sql: include_str!("../migrations/sqlite/0007_one_seat_per_account.sql"),
    },
    Migration {
        version: 8,
        name: "name_keys",
        sql: include_str!("../migrations/sqlite/0008_name_keys.sql"),
    },
    Migration {
        version: 9,
        name: "account_settings",
        sql: include_str!("../migrations/sqlite/0009_account_settings.sql"),
    },
    Migration {
        version: 10,
        name: "waiting_tables",
        sql: include_str!("../migrations/sqlite/0010_waiting_tables.sql"),
    },
    Migration {
        version: 11,
        name: "table_expired_at",
        sql: include_str!("../migrations/sqlite/0011_table_expired_at.sql"),
    },
    Migration {
        version: 12,
        name: "guest_origins",
        sql: include_str!("../migrations/sqlite/0012_guest_origins.sql"),
    },
    Migration {
        version: 13,
        name: "turn_mail",
        sql: include_str!("../migrations/sqlite/0013_turn_mail.sql"),
    },
    Migration {
        version: 14,
        name: "hints",
        sql: include_str!("../migrations/sqlite/0014_hints.sql"),
    },
    Migration {
        version: 15,
        name: "ratings",
        sql: include_str!("../migrations/sqlite/0015_ratings.sql"),
    },
    Migration {
        version: 16,
        name: "game_salts",
        sql: include_str!("../migrations/sqlite/0016_game_salts.sql"),
    },
    Migration {
        version: 17,
        name: "web_push",
        sql: include_str!("../migrations/sqlite/0017_web_push.sql"),
    },
    Migration {
        version: 18,
        name: "chat",
        sql: include_str!("../migrations/sqlite/0018_chat.sql"),
    },
    Migration {
        version: 19,
        name: "game_chances",
        sql: include_str!("../migrations/sqlite/0019_game_chances.sql"),
    },
    Migration {
        version: 20,
        name: "seat_results",
        sql: include_str!("../migrations/sqlite/0020_seat_results.sql"),
    },
];

/// The PostgreSQL schema, oldest first: it starts from SQLite's schema as of its 0009, in one
/// step (`migrations/postgres/0001_initial.sql` says where the two differ).
pub const POSTGRES: &[Migration] = &[
    Migration {
        version: 1,
        name: "initial",
        sql: include_str!("../migrations/postgres/0001_initial.sql"),
    },
    Migration {
        version: 2,
        name: "game_leases",
        sql: include_str!("../migrations/postgres/0002_game_leases.sql"),
    },
    Migration {
        version: 3,
        name: "tables_by_creator",
        sql: include_str!("../migrations/postgres/0003_tables_by_creator.sql"),
    },
    Migration {
        version: 4,
        name: "waiting_tables",
        sql: include_str!("../migrations/postgres/0004_waiting_tables.sql"),
    },
    Migration {
        version: 5,
        name: "table_expired_at",
        sql: include_str!("../migrations/postgres/0005_table_expired_at.sql"),
    },
    Migration {
        version: 6,
        name: "guest_origins",
        sql: include_str!("../migrations/postgres/0006_guest_origins.sql"),
    },
    Migration {
        version: 7,
        name: "rate_windows",
        sql: include_str!("../migrations/postgres/0007_rate_windows.sql"),
    },
    Migration {
        version: 8,
        name: "turn_mail",
        sql: include_str!("../migrations/postgres/0008_turn_mail.sql"),
    },
    Migration {
        version: 9,
        name: "hints",
        sql: include_str!("../migrations/postgres/0009_hints.sql"),
    },
    Migration {
        version: 10,
        name: "ratings",
        sql: include_str!("../migrations/postgres/0010_ratings.sql"),
    },
    Migration {
        version: 11,
        name: "game_salts",
        sql: include_str!("../migrations/postgres/0011_game_salts.sql"),
    },
    Migration {
        version: 12,
        name: "web_push",
        sql: include_str!("../migrations/postgres/0012_web_push.sql"),
    },
    Migration {
        version: 13,
        name: "chat",
        sql: include_str!("../migrations/postgres/0013_chat.sql"),
    },
    Migration {
        version: 14,
        name: "game_chances",
        sql: include_str!("../migrations/postgres/0014_game_chances.sql"),
    },
    Migration {
        version: 15,
        name: "seat_results",
        sql: include_str!("../migrations/postgres/0015_seat_results.sql"),
    },
    Migration {
        version: 16,
        name: "ai_jobs",
        sql: include_str!("../migrations/postgres/0016_ai_jobs.sql"),
    },
    Migration {
        version: 17,
        name: "ai_search_times",
        sql: include_str!("../migrations/postgres/0017_ai_search_times.sql"),
    },
];

/// The table that says which migrations ran: created before any migration.
pub const BOOKKEEPING: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
)";

/// Whether migration `$1` has been applied (a row, or none).
pub(crate) const APPLIED: &str = "SELECT version FROM schema_migrations WHERE version = $1";

/// Notes migration `$1` (named `$2`) as applied at `$3`, in the migration's transaction.
pub(crate) const NOTE_APPLIED: &str =
    "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)";

impl Migration {
    /// Says in the log that this migration is being applied.
    pub(crate) fn announce(&self) {
        tracing::info!(version = self.version, name = self.name, "migrating");
    }
}
