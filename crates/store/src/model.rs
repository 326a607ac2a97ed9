use std::fmt;
use std::str::FromStr;

use agora_engine::Outcome;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{AccountId, TableId, TimeControl};

/// What sort of account this is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountKind {
    /// Signed up with a name and a password.
    User,
    /// Picked a display name and plays without a password, for as long as the session lasts.
    Guest,
    /// A program that plays through API tokens.
    Bot,
}

/// An account as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Account {
    pub id: AccountId,
    pub name: String,
    pub kind: AccountKind,
    /// The argon2id hash in PHC format; `None` for guests.
    pub password_hash: Option<String>,
    pub created_at: i64,
}

/// Where a table is in its life.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Waiting for players.
    Open,
    /// Its game is being played.
    Playing,
    /// Its game ended with an outcome.
    Finished,
    /// Its game was called off before it really began.
    Aborted,
    /// Called off before it started.
    Cancelled,
}

/// How a seat is to be filled.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Anyone may sit down.
    Open,
    /// The server plays it.
    Ai,
    /// Kept for whoever holds the invitation link.
    Invite,
}

/// What an entry of the move log records.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A seat's move.
    Move,
    /// A chance move, drawn by the server from the game's secret seed.
    Chance,
    Resign,
    /// A seat ran out of time.
    Timeout,
    DrawOffer,
    DrawDecline,
    /// Every seat offered a draw: the game ends drawn.
    DrawAgreed,
    /// The game was called off before it really began.
    Abort,
}

macro_rules! text_enum {
    ($ty:ident, $what:literal, $($variant:ident = $text:literal),+) => {
        impl $ty {
            /// Every value, in the order declared.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $ty {
            type Err = crate::ParseIdError;

            fn from_str(s: &str) -> Result<$ty, crate::ParseIdError> {
                match s {
                    $($text => Ok($ty::$variant),)+
                    _ => Err(crate::ParseIdError($what)),
                }
            }
        }
    };
}
pub(crate) use text_enum;

text_enum!(
    AccountKind,
    "account kind",
    User = "user",
    Guest = "guest",
    Bot = "bot"
);
text_enum!(
    TableStatus,
    "table status",
    Open = "open",
    Playing = "playing",
    Finished = "finished",
    Aborted = "aborted",
    Cancelled = "cancelled"
);
text_enum!(
    EventKind,
    "event kind",
    Move = "move",
    Chance = "chance",
    Resign = "resign",
    Timeout = "timeout",
    DrawOffer = "draw_offer",
    DrawDecline = "draw_decline",
    DrawAgreed = "draw_agreed",
    Abort = "abort"
);
text_enum!(
    SeatKind,
    "seat kind",
    Open = "open",
    Ai = "ai",
    Invite = "invite"
);

impl TableStatus {
    /// Whether nothing more will ever happen at this table.
    pub const fn is_closed(self) -> bool {
        matches!(
            self,
            TableStatus::Finished | TableStatus::Aborted | TableStatus::Cancelled
        )
    }
}

/// A seat to create with a new table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewSeat {
    pub kind: SeatKind,
    /// Who sits there from the start (the creator, usually).
    pub account: Option<AccountId>,
    /// The AI level's name (`easy`, `medium`, `hard`) for [`SeatKind::Ai`]; the server
    /// reads it.
    pub ai_level: Option<String>,
    /// The hash of the invitation secret, for [`SeatKind::Invite`].
    pub invite_hash: Option<String>,
}

/// A table to create.
#[derive(Clone, PartialEq, Debug)]
pub struct NewTable {
    pub game: String,
    pub options: Value,
    pub time_control: TimeControl,
    pub public: bool,
    /// Its game's end moves the ratings of its players (see [`crate::ratings`]); a casual
    /// table's does not.
    pub rated: bool,
    pub created_by: AccountId,
    pub seats: Vec<NewSeat>,
}

impl NewTable {
    /// The table as [`crate::Store::create_table`] stored it with `id` at `created_at`, as
    /// reading it back would give it. A new table's seats hold no account but its creator's,
    /// named `creator_name`.
    pub fn into_table(self, id: TableId, created_at: i64, creator_name: &str) -> Table {
        let created_by = self.created_by;
        Table {
            id,
            seats: self
                .seats
                .into_iter()
                .enumerate()
                .map(|(i, seat)| SeatRow {
                    seat: i as u8,
                    kind: seat.kind,
                    account: seat.account,
                    name: (seat.account == Some(created_by)).then(|| creator_name.to_string()),
                    ai_level: seat.ai_level,
                    invite_hash: seat.invite_hash,
                    clock_ms: None,
                    substituted: false,
                })
                .collect(),
            game: self.game,
            options: self.options,
            time_control: self.time_control,
            public: self.public,
            rated: self.rated,
            created_by,
            status: TableStatus::Open,
            created_at,
            expired_at: None,
        }
    }
}

/// A seat as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatRow {
    pub seat: u8,
    pub kind: SeatKind,
    pub account: Option<AccountId>,
    /// The account's display name, when someone sits here.
    pub name: Option<String>,
    /// The AI level's name, for [`SeatKind::Ai`].
    pub ai_level: Option<String>,
    pub invite_hash: Option<String>,
    /// The seat's clock, for live games: as the game started, or as its latest event with a
    /// clock left it (read from the log with the game; a table read alone has the first).
    pub clock_ms: Option<i64>,
    pub substituted: bool,
}

impl SeatRow {
    /// Whether the seat needs nobody else to sit down.
    pub fn is_filled(&self) -> bool {
        self.kind == SeatKind::Ai || self.account.is_some()
    }
}

/// A table as stored, with its seats in order.
#[derive(Clone, PartialEq, Debug)]
pub struct Table {
    pub id: TableId,
    pub game: String,
    pub options: Value,
    pub time_control: TimeControl,
    pub public: bool,
    /// Whether its game's end moves ratings.
    pub rated: bool,
    pub created_by: AccountId,
    pub status: TableStatus,
    pub created_at: i64,
    /// When it was called off for nobody joining in time (its status is then `Cancelled`).
    pub expired_at: Option<i64>,
    pub seats: Vec<SeatRow>,
}

/// A table created with its game started, as [`crate::Store::create_started_game`] hands it
/// to a backend: table `id` from `table`, its seats' clocks and game from `deal`, the rematch
/// of `rematch_of` if it is one, at `now`. Owned, like [`Sit`].
#[derive(Clone, Debug)]
pub(crate) struct StartedTable {
    pub id: TableId,
    pub table: NewTable,
    pub deal: NewGame,
    pub rematch_of: Option<TableId>,
    pub now: i64,
}

/// A sit as [`crate::Store::sit`] hands it to a backend: `account` at `seat` of `table`
/// (with its secret's hash for an invitation seat), and the deal that starts the game at
/// `now` if this seat fills the table. Owned: SQLite's writer runs it on its own thread.
#[derive(Clone, Debug)]
pub(crate) struct Sit {
    pub table: TableId,
    pub seat: u8,
    pub account: AccountId,
    pub invite_hash: Option<String>,
    pub deal: NewGame,
    pub now: i64,
}

impl Sit {
    /// The answer of a sit that filled the table, once the backend has started its game:
    /// `table` as read before the start, given the deal's clocks and the `Playing` status.
    pub(crate) fn started(&self, mut table: Table) -> Seated {
        for &(seat, ms) in &self.deal.clocks {
            if let Some(row) = table.seats.iter_mut().find(|s| s.seat == seat) {
                row.clock_ms = Some(ms);
            }
        }
        table.status = TableStatus::Playing;
        let started = StoredGame::just_started(table.clone(), &self.deal, self.now);
        Seated {
            table,
            started: Some(started),
        }
    }
}

/// What [`crate::Store::sit`] did, as its transaction committed it.
#[derive(Clone, PartialEq, Debug)]
pub struct Seated {
    /// The table as the sit left it: `Playing` when this seat was the last one free.
    pub table: Table,
    /// The game this seat started, as stored: what its actor starts from.
    pub started: Option<StoredGame>,
}

/// The game played at a table, without its events.
#[derive(Clone, PartialEq, Debug)]
pub struct GameRow {
    pub id: TableId,
    /// The secret seed: never shown before the game is over.
    pub seed: u64,
    /// The salt of the seed's commitment (`agora_engine::fair`), as secret as the seed;
    /// `None` for a game dealt before games had one.
    pub salt: Option<String>,
    pub setup: Value,
    /// The version of the last event (0 before the first).
    pub version: u64,
    pub outcome: Option<Outcome>,
    pub turn_started_at: i64,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    /// The game that followed this one as its rematch, once there is one.
    pub rematch: Option<TableId>,
}

impl GameRow {
    /// The commitment to the seed and salt (`agora_engine::fair::commitment`), public from
    /// the game's start; `None` for a game dealt before games had a salt.
    pub fn commitment(&self) -> Option<String> {
        (self.salt.as_deref()).map(|salt| agora_engine::fair::commitment(self.seed, salt))
    }
}

/// What a new game starts from.
#[derive(Clone, PartialEq, Debug)]
pub struct NewGame {
    /// Secret until the game is over.
    pub seed: u64,
    /// The salt of the seed's commitment: secret until the game is over, like the seed.
    pub salt: String,
    pub setup: Value,
    /// Each seat's starting clock, for live games.
    pub clocks: Vec<(u8, i64)>,
}

/// One entry of the move log.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Event {
    /// 1 for the first event of a game, then one more for each.
    pub version: u64,
    pub kind: EventKind,
    pub seat: Option<u8>,
    /// The move in the game's notation, for `move` and `chance`.
    pub notation: Option<String>,
    pub at: i64,
    /// The seat's clock after the event, for live games. The log is where live clocks are
    /// kept: a seat's clock is the one on its latest event that has one (see
    /// [`SeatRow::clock_ms`]).
    pub clock_ms: Option<i64>,
}

/// Everything needed to resume or show a game.
#[derive(Clone, PartialEq, Debug)]
pub struct StoredGame {
    pub table: Table,
    pub game: GameRow,
    pub events: Vec<Event>,
}

impl StoredGame {
    /// A game as it is stored the moment it starts: no event yet.
    pub(crate) fn just_started(table: Table, deal: &NewGame, now: i64) -> StoredGame {
        StoredGame {
            game: GameRow {
                id: table.id,
                seed: deal.seed,
                salt: Some(deal.salt.clone()),
                setup: deal.setup.clone(),
                version: 0,
                outcome: None,
                turn_started_at: now,
                started_at: now,
                finished_at: None,
                rematch: None,
            },
            table,
            events: Vec::new(),
        }
    }

    /// A game as read: its table, its row, its whole log. Each seat's clock comes from the
    /// log, where every change of a clock is an event carrying it.
    pub(crate) fn from_log(mut table: Table, game: GameRow, events: Vec<Event>) -> StoredGame {
        for event in &events {
            if let (Some(seat), Some(ms)) = (event.seat, event.clock_ms)
                && let Some(row) = table.seats.iter_mut().find(|s| s.seat == seat)
                && row.clock_ms.is_some()
            {
                row.clock_ms = Some(ms);
            }
        }
        StoredGame {
            table,
            game,
            events,
        }
    }
}

/// What changed in a game since a version, for a node that shows a game another node runs:
/// its events after that version and what its row and table say now, read as one snapshot.
#[derive(Clone, PartialEq, Debug)]
pub struct GameNews {
    pub status: TableStatus,
    /// The version of the last event (that of the last of `events`, if any).
    pub version: u64,
    pub outcome: Option<Outcome>,
    pub turn_started_at: i64,
    pub rematch: Option<TableId>,
    /// The seats handed to the AI so far.
    pub substituted: Vec<u8>,
    pub events: Vec<Event>,
}

/// Events to append to a game's log in one transaction, with the game's new state.
#[derive(Clone, PartialEq, Debug)]
pub struct Append {
    pub game: TableId,
    /// The version the log must be at, or the append fails with a conflict.
    pub after_version: u64,
    pub events: Vec<Event>,
    /// The table's status after these events.
    pub status: TableStatus,
    pub outcome: Option<Outcome>,
    pub turn_started_at: i64,
    /// Seats handed to the AI with these events.
    pub substituted: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn seat(seat: u8, clock_ms: Option<i64>) -> SeatRow {
        SeatRow {
            seat,
            kind: SeatKind::Open,
            account: None,
            name: None,
            ai_level: None,
            invite_hash: None,
            clock_ms,
            substituted: false,
        }
    }

    fn event(version: u64, seat: Option<u8>, clock_ms: Option<i64>) -> Event {
        Event {
            version,
            kind: EventKind::Move,
            seat,
            notation: None,
            at: 0,
            clock_ms,
        }
    }

    #[test]
    fn seat_clocks_come_from_their_latest_event_with_one() {
        let table = Table {
            id: TableId(1),
            game: "tyrus".into(),
            options: json!({}),
            time_control: TimeControl::default(),
            public: true,
            rated: false,
            created_by: AccountId(1),
            status: TableStatus::Playing,
            created_at: 0,
            expired_at: None,
            // Seat 2 has no clock (a correspondence seat keeps none).
            seats: vec![seat(0, Some(1000)), seat(1, Some(1000)), seat(2, None)],
        };
        let game = GameRow {
            id: TableId(1),
            seed: 0,
            salt: None,
            setup: json!({}),
            version: 5,
            rematch: None,
            outcome: None,
            turn_started_at: 0,
            started_at: 0,
            finished_at: None,
        };
        let events = vec![
            event(1, Some(0), Some(900)),
            event(2, Some(0), Some(800)),
            // A chance move: no seat, no clock.
            event(3, None, None),
            // A draw offer carries no clock: the seat keeps its last one.
            event(4, Some(0), None),
            // A timeout at a seat without a clock gives it none.
            event(5, Some(2), Some(0)),
        ];
        let stored = StoredGame::from_log(table, game, events);
        let clocks: Vec<_> = stored.table.seats.iter().map(|s| s.clock_ms).collect();
        assert_eq!(clocks, [Some(800), Some(1000), None]);
        assert_eq!(stored.events.len(), 5);
    }
}
