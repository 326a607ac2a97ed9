//! The write statements whose text is the same on both engines, written once. PostgreSQL
//! runs them through sqlx; SQLite through its writer's rusqlite connection, which numbers
//! `$1`, `$2`, … in the order they first appear, so in each statement they first appear in
//! order. (Turn mail's are in `crate::mail`.)
//!
//! A write that is one or a few of these statements and nothing else needs no code of each
//! engine's: [`crate::Store`] runs it through its backend's `execute` (or `returning`),
//! with its values as [`Value`]s.

/// A value bound to a shared statement's `$n`: owned, as SQLite's writer runs it on its
/// own thread.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Int(i64),
    Text(String),
    Flag(bool),
    /// A number or NULL.
    MaybeInt(Option<i64>),
}

impl From<Option<i64>> for Value {
    fn from(value: Option<i64>) -> Value {
        Value::MaybeInt(value)
    }
}

impl From<i64> for Value {
    fn from(value: i64) -> Value {
        Value::Int(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Value {
        Value::Text(value.to_string())
    }
}

impl From<String> for Value {
    fn from(value: String) -> Value {
        Value::Text(value)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::Flag(value)
    }
}

/// A shared statement with the values of its `$1`, `$2`, …
pub(crate) type Statement = (&'static str, Vec<Value>);

/// A [`Statement`] of `sql` with `values`, each turned into a [`Value`].
macro_rules! statement {
    ($sql:expr $(, $value:expr)* $(,)?) => {
        ($sql, vec![$($crate::write::Value::from($value)),*])
    };
}
pub(crate) use statement;

/// A user, bot or guest. Users and bots: the unique index on the key refuses a look-alike.
/// Guests may share a name with other guests, never with a user or a bot, checked in the
/// same statement (on PostgreSQL also under the key's lock), so a signup cannot slip in
/// between. No row when the name is taken.
pub(crate) const NEW_ACCOUNT: &str =
    "INSERT INTO accounts (name, kind, password_hash, created_at, name_key)
     SELECT $1, $2, $3, $4, $5
     WHERE $2 <> 'guest' OR NOT EXISTS (
         SELECT 1 FROM accounts WHERE name_key = $5 AND kind <> 'guest')
     RETURNING id";

/// A guest without a name yet, to be named after its own id.
pub(crate) const NEW_GUEST: &str =
    "INSERT INTO accounts (name, kind, created_at) VALUES ('', 'guest', $1) RETURNING id";

pub(crate) const NAME_GUEST: &str = "UPDATE accounts SET name = $1, name_key = $2 WHERE id = $3";

/// Whether an account other than `$2` has the name key `$1`.
pub(crate) const NAME_KEY_TAKEN: &str =
    "SELECT EXISTS (SELECT 1 FROM accounts WHERE name_key = $1 AND id <> $2)";

/// Guest `$4` becomes a user; no row when it is no guest. The unique indexes on users' names
/// and keys refuse a name taken meanwhile.
pub(crate) const SIGN_UP_GUEST: &str =
    "UPDATE accounts SET name = $1, kind = 'user', password_hash = $2, name_key = $3
     WHERE id = $4 AND kind = 'guest'
     RETURNING created_at";

pub(crate) const EXPIRED_SESSIONS: &str = "DELETE FROM sessions WHERE expires_at <= $1";

pub(crate) const NEW_SESSION: &str =
    "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4)";

pub(crate) const END_SESSION: &str = "DELETE FROM sessions WHERE token_hash = $1";

pub(crate) const SAVE_SETTINGS: &str =
    "INSERT INTO account_settings (account_id, settings, updated_at)
     VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE
     SET settings = excluded.settings, updated_at = excluded.updated_at";

pub(crate) const NEW_TOKEN: &str =
    "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
     VALUES ($1, $2, $3, $4) RETURNING id";

pub(crate) const DELETE_TOKEN: &str = "DELETE FROM api_tokens WHERE id = $1 AND account_id = $2";

/// Table `$2` moves to status `$1` if it is in status `$3`.
pub(crate) const TABLE_STATUS: &str = "UPDATE tables SET status = $1 WHERE id = $2 AND status = $3";

/// A table's row (its seats go in apart: SQLite one row at a time, PostgreSQL all at once).
pub(crate) const NEW_TABLE: &str = "INSERT INTO tables
         (id, game, options, time_control, public, created_by, status, created_at, rated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// A game that starts at `$5`, with its seed, the salt of the seed's commitment and its setup.
pub(crate) const NEW_GAME: &str =
    "INSERT INTO games (table_id, seed, salt, setup, version, turn_started_at, started_at,
                        rematch_of)
     VALUES ($1, $2, $3, $4, 0, $5, $5, $6)";

/// Once the table's last seat is taken.
pub(crate) const START_TABLE: &str = "UPDATE tables SET status = 'playing' WHERE id = $1";

/// A seat's starting clock: `$1` milliseconds for table `$2`'s seat `$3`.
pub(crate) const SEAT_CLOCK: &str =
    "UPDATE seats SET clock_ms = $1 WHERE table_id = $2 AND seat = $3";

pub(crate) const NOTE_ORIGIN: &str = "INSERT INTO guest_origins (account_id, address, created_at)
     VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING";

pub(crate) const FORGET_ORIGINS: &str = "DELETE FROM guest_origins WHERE created_at < $1";

/// Keeps the hint searched for a seat at a version of a game unless one was kept first: the
/// first search to finish is the one every press shows, on any node.
pub(crate) const KEEP_HINT: &str = "INSERT INTO hints (game_id, seat, version, hint, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";

/// Queues the look back over game `$1`, finished at `$2` (in its ending transaction; once).
pub(crate) const QUEUE_ANALYSIS: &str =
    "INSERT INTO game_analyses (game_id, state, created_at) VALUES ($1, 'queued', $2)
     ON CONFLICT DO NOTHING";

/// Node `$1` claims the look back over game `$3` until `$2`, if it is queued and nobody else
/// holds it at `$4`: one node at a time analyses a game.
pub(crate) const CLAIM_ANALYSIS: &str = "UPDATE game_analyses
     SET claimed_by = $1, claimed_until = $2
     WHERE game_id = $3 AND state = 'queued'
       AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < $4)";

/// Keeps one step of game `$1`'s look back (once: a step searched twice keeps the first).
pub(crate) const KEEP_CHANCE: &str = "INSERT INTO game_chances
         (game_id, version, seat, played, chance_before, chance_after, hint)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING";

/// Game `$3`'s look back ends in state `$1` at `$2`, if node `$4` still holds it.
pub(crate) const END_ANALYSIS: &str = "UPDATE game_analyses
     SET state = $1, finished_at = $2, claimed_by = NULL, claimed_until = NULL
     WHERE game_id = $3 AND state = 'queued' AND claimed_by = $4";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{BY_OFF_LINK, CLAIM, FORGET, SAVE, SETTINGS, TURN_OFF};
    use crate::migrate::{APPLIED, NOTE_APPLIED};
    use crate::ratings::sql as ratings;

    /// The numbers of `sql`'s `$n`, in the order they first appear.
    fn first_uses(sql: &str) -> Vec<u32> {
        let mut seen = Vec::new();
        for (at, _) in sql.match_indices('$') {
            let digits: String = sql[at + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let number = digits.parse().expect("a number after $");
            if !seen.contains(&number) {
                seen.push(number);
            }
        }
        seen
    }

    /// SQLite binds by the order of first appearance, PostgreSQL by number: the two agree only
    /// when `$1`, `$2`, … first appear in order.
    #[test]
    fn shared_statements_number_their_parameters_in_order() {
        let shared = [
            NEW_ACCOUNT,
            NEW_GUEST,
            NAME_GUEST,
            NAME_KEY_TAKEN,
            SIGN_UP_GUEST,
            EXPIRED_SESSIONS,
            NEW_SESSION,
            END_SESSION,
            SAVE_SETTINGS,
            NEW_TOKEN,
            DELETE_TOKEN,
            TABLE_STATUS,
            NEW_TABLE,
            NEW_GAME,
            START_TABLE,
            SEAT_CLOCK,
            NOTE_ORIGIN,
            FORGET_ORIGINS,
            KEEP_HINT,
            QUEUE_ANALYSIS,
            CLAIM_ANALYSIS,
            KEEP_CHANCE,
            END_ANALYSIS,
            SETTINGS,
            SAVE,
            FORGET,
            CLAIM,
            BY_OFF_LINK,
            TURN_OFF,
            APPLIED,
            NOTE_APPLIED,
            ratings::TABLE,
            ratings::RATED_ALREADY,
            ratings::SEATS,
            ratings::CURRENT,
            ratings::UPSERT,
            ratings::CHANGE,
        ];
        for sql in shared {
            let uses = first_uses(sql);
            let in_order: Vec<u32> = (1..=uses.len() as u32).collect();
            assert_eq!(uses, in_order, "{sql}");
        }
        assert_eq!(first_uses("SET a = $2 WHERE b = $1 AND c = $2"), [2, 1]);
    }
}
