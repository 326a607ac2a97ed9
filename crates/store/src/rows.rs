//! Reading rows into the store's types, the same on every backend: both schemas name their
//! columns alike and hold the same values (`migrations/postgres/0001_initial.sql`).

use std::collections::HashMap;
use std::str::FromStr;

use sqlx::{ColumnIndex, Decode, Row, Type};

use crate::{Account, AccountId, Event, SeatKind, SeatRow, StoreError, Table, TableId};

pub(crate) fn parse<T: FromStr>(text: &str) -> Result<T, StoreError> {
    text.parse()
        .map_err(|_| StoreError::Corrupt(format!("unexpected value {text:?}")))
}

/// What a backend's rows must decode for these readers.
pub(crate) trait Readable<'r>: Row {
    fn int(&'r self, column: &'r str) -> Result<i64, StoreError>;
    fn maybe_int(&'r self, column: &'r str) -> Result<Option<i64>, StoreError>;
    fn text(&'r self, column: &'r str) -> Result<&'r str, StoreError>;
    fn maybe_text(&'r self, column: &'r str) -> Result<Option<String>, StoreError>;
    fn flag(&'r self, column: &'r str) -> Result<bool, StoreError>;
    fn real(&'r self, column: &'r str) -> Result<f64, StoreError>;
}

impl<'r, R: Row> Readable<'r> for R
where
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
{
    fn int(&'r self, column: &'r str) -> Result<i64, StoreError> {
        Ok(self.try_get(column)?)
    }
    fn maybe_int(&'r self, column: &'r str) -> Result<Option<i64>, StoreError> {
        Ok(self.try_get(column)?)
    }
    fn text(&'r self, column: &'r str) -> Result<&'r str, StoreError> {
        Ok(self.try_get(column)?)
    }
    fn maybe_text(&'r self, column: &'r str) -> Result<Option<String>, StoreError> {
        Ok(self.try_get(column)?)
    }
    fn flag(&'r self, column: &'r str) -> Result<bool, StoreError> {
        Ok(self.try_get(column)?)
    }
    fn real(&'r self, column: &'r str) -> Result<f64, StoreError> {
        Ok(self.try_get(column)?)
    }
}

pub(crate) fn account_from<'r, R: Readable<'r>>(row: &'r R) -> Result<Account, StoreError> {
    Ok(Account {
        id: AccountId(row.int("id")?),
        name: row.text("name")?.to_string(),
        kind: parse(row.text("kind")?)?,
        password_hash: row.maybe_text("password_hash")?,
        created_at: row.int("created_at")?,
    })
}

pub(crate) fn event_from<'r, R: Readable<'r>>(row: &'r R) -> Result<Event, StoreError> {
    Ok(Event {
        version: row.int("version")? as u64,
        kind: parse(row.text("kind")?)?,
        seat: row.maybe_int("seat")?.map(|s| s as u8),
        notation: row.maybe_text("notation")?,
        at: row.int("at")?,
        clock_ms: row.maybe_int("clock_ms")?,
    })
}

/// A seat, from a row with its table's id (`table_id`) and its account's name (`name`).
pub(crate) fn seat_from<'r, R: Readable<'r>>(row: &'r R) -> Result<(TableId, SeatRow), StoreError> {
    let seat = SeatRow {
        seat: row.int("seat")? as u8,
        kind: parse::<SeatKind>(row.text("kind")?)?,
        account: row.maybe_int("account_id")?.map(AccountId),
        name: row.maybe_text("name")?,
        ai_level: row.maybe_text("ai_level")?,
        invite_hash: row.maybe_text("invite_hash")?,
        clock_ms: row.maybe_int("clock_ms")?,
        substituted: row.flag("substituted")?,
    };
    Ok((TableId(row.int("table_id")?), seat))
}

/// A table, with its seats taken from `seats` (read with [`seat_from`]).
pub(crate) fn table_from<'r, R: Readable<'r>>(
    row: &'r R,
    seats: &mut HashMap<TableId, Vec<SeatRow>>,
) -> Result<Table, StoreError> {
    let id = TableId(row.int("id")?);
    Ok(Table {
        id,
        game: row.text("game")?.to_string(),
        options: serde_json::from_str(row.text("options")?)?,
        time_control: serde_json::from_str(row.text("time_control")?)?,
        public: row.flag("public")?,
        rated: row.flag("rated")?,
        created_by: AccountId(row.int("created_by")?),
        status: parse(row.text("status")?)?,
        created_at: row.int("created_at")?,
        expired_at: row.maybe_int("expired_at")?,
        seats: seats.remove(&id).unwrap_or_default(),
    })
}

/// Seat `seat`'s starting clock, from a new game's clocks.
pub(crate) fn clock_of(clocks: &[(u8, i64)], seat: usize) -> Option<i64> {
    (clocks.iter())
        .find(|(s, _)| usize::from(*s) == seat)
        .map(|(_, ms)| *ms)
}
