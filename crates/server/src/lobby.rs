//! The lobby: tables created, joined, left, cancelled, started and rematched. The HTTP
//! handlers, the WebSocket handler and the web pages all go through these functions, so a
//! table follows the same rules whoever asks.

use agora_ai::Level;
use agora_engine::Seat;
use agora_games::{AnyGame, GameKind};
use agora_store::{
    Account, AccountId, NewGame, NewSeat, NewTable, Refusal, SeatKind, Secret, StoreError, Table,
    TableId, TableStatus, now_ms,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::play::actor::{GameHandle, RematchPlan, RematchStep};
use crate::{ApiError, AppState, TimeControl};

/// How a seat of a new table is filled.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    /// The creator sits here.
    Me,
    Open,
    /// Played by the server's bot at `level` (`easy`, `medium` or `hard`; medium if left out).
    Ai {
        #[serde(default = "medium")]
        level: Level,
    },
    /// Reserved for whoever gets the invitation link.
    Invite,
}

/// A table to create, as a client asks for it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    pub game: String,
    #[serde(default)]
    pub options: Option<Value>,
    /// One per seat; by default the creator and open seats.
    #[serde(default)]
    pub seats: Option<Vec<SeatSpec>>,
    #[serde(default = "yes")]
    pub public: bool,
    #[serde(default)]
    pub time_control: TimeControl,
}

fn yes() -> bool {
    true
}

fn medium() -> Level {
    Level::Medium
}

/// A table just created, with the invitation secrets of its invitation seats (shown once).
#[derive(Debug)]
pub struct Created {
    pub table: Table,
    pub invites: Vec<(u8, Secret)>,
}

/// The table `id`, or `not_found`.
pub async fn load_table(state: &AppState, id: TableId) -> Result<Table, ApiError> {
    match state.store().table(id).await {
        Err(StoreError::NotFound) => Err(ApiError::NotFound("table")),
        other => other.map_err(Into::into),
    }
}

/// Creates a table for `account`; one with every seat taken (a game against the computer)
/// starts at once.
pub async fn create_table(
    state: &AppState,
    account: &Account,
    body: CreateTable,
) -> Result<Created, ApiError> {
    let options = body.options.unwrap_or_else(|| json!({}));
    let kind: GameKind = body.game.parse()?;
    let (dealt, _) = AnyGame::deal(kind, &options, 0)?;
    let count = dealt.seats();
    let specs = body.seats.unwrap_or_else(|| {
        std::iter::once(SeatSpec::Me)
            .chain(std::iter::repeat_n(SeatSpec::Open, count - 1))
            .collect()
    });
    if specs.len() != count {
        return Err(ApiError::InvalidSetup(format!(
            "{kind} with these options has {count} seats, not {}",
            specs.len()
        )));
    }
    if specs.iter().filter(|s| **s == SeatSpec::Me).count() > 1 {
        return Err(ApiError::InvalidSetup("you can take one seat only".into()));
    }
    body.time_control.check().map_err(ApiError::InvalidSetup)?;
    let mut invites = Vec::new();
    let seats = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let mut seat = NewSeat {
                kind: SeatKind::Open,
                account: None,
                ai_level: None,
                invite_hash: None,
            };
            match spec {
                SeatSpec::Me => seat.account = Some(account.id),
                SeatSpec::Open => {}
                SeatSpec::Ai { level } => {
                    seat.kind = SeatKind::Ai;
                    seat.ai_level = Some(level.name().to_string());
                }
                SeatSpec::Invite => {
                    let secret = Secret::random();
                    seat.kind = SeatKind::Invite;
                    seat.invite_hash = Some(secret.hash());
                    invites.push((i as u8, secret));
                }
            }
            seat
        })
        .collect();
    let new_table = NewTable {
        game: kind.name().to_string(),
        options,
        time_control: body.time_control,
        public: body.public,
        created_by: account.id,
        seats,
    };
    let quota = crate::accounts::quota::reserve(state, &new_table).await?;
    let table = if new_table
        .seats
        .iter()
        .all(|s| s.account.is_some() || s.ai_level.is_some())
    {
        // Nobody to wait for (a game against bots): created started.
        let names: Vec<Option<String>> = (new_table.seats.iter())
            .map(|s| (s.account == Some(account.id)).then(|| account.name.clone()))
            .collect();
        create_started(state, new_table, &names, None).await?
    } else {
        // A seat is left to fill: the join that fills it starts the game.
        let now = now_ms();
        let id = state.store().create_table(&new_table, now).await?;
        new_table.into_table(id, now, &account.name)
    };
    quota.created(state, table.id);
    Ok(Created { table, invites })
}

/// Deals a new game: a fresh secret seed, the setup it stands for, each seat's first clock.
fn deal(
    game: &str,
    options: &Value,
    time_control: &TimeControl,
    seats: usize,
) -> Result<NewGame, ApiError> {
    let seed = agora_store::random_u64();
    let kind: GameKind = game.parse()?;
    let (_, setup) = AnyGame::deal(kind, options, seed)?;
    let clocks: Vec<(u8, i64)> = time_control
        .initial_clock_ms()
        .map(|ms| (0..seats).map(|seat| (seat as u8, ms)).collect())
        .unwrap_or_default();
    Ok(NewGame {
        seed,
        setup,
        clocks,
    })
}

/// Creates a table whose seats are all taken with its game started (the rematch of
/// `rematch_of`, if given), and starts its actor.
async fn create_started(
    state: &AppState,
    table: NewTable,
    names: &[Option<String>],
    rematch_of: Option<TableId>,
) -> Result<Table, ApiError> {
    let deal = deal(
        &table.game,
        &table.options,
        &table.time_control,
        table.seats.len(),
    )?;
    let stored = state
        .store()
        .create_started_game(&table, names, &deal, rematch_of, now_ms())
        .await?;
    let table = stored.table.clone();
    state.games().start(stored).await?;
    Ok(table)
}

/// Open tables the lobby looks through for its list: the newest this many.
const LISTING_SCAN: i64 = 2_000;

/// The public tables waiting for players that the lobby lists, newest first, at most `limit`:
/// no more than [`GuestLimits::listed_per_creator`](crate::GuestLimits) of one creator, nor
/// [`GuestLimits::listed_per_address`](crate::GuestLimits) of the guests of one address, so
/// that one flood of tables cannot push a real player's table out of the list.
pub async fn listed_open_tables(
    state: &AppState,
    limit: usize,
) -> Result<Vec<agora_store::Table>, agora_store::StoreError> {
    let Some(caps) = &state.config().account_limits.guests_per_address else {
        return state.store().open_tables(limit as i64).await;
    };
    let newest = state.store().open_tables(LISTING_SCAN).await?;
    let creators: Vec<AccountId> = newest.iter().map(|table| table.created_by).collect();
    let origins = crate::accounts::quota::origins_of(state, &creators).await?;
    let mut per_creator = std::collections::HashMap::new();
    let mut per_address = std::collections::HashMap::new();
    let mut listed = Vec::new();
    for table in newest {
        if listed.len() >= limit {
            break;
        }
        let by_creator = per_creator.entry(table.created_by).or_insert(0);
        if *by_creator >= caps.listed_per_creator {
            continue;
        }
        if let Some(&address) = origins.get(&table.created_by) {
            let by_address = per_address.entry(address).or_insert(0);
            if *by_address >= caps.listed_per_address {
                continue;
            }
            *by_address += 1;
        }
        *by_creator += 1;
        listed.push(table);
    }
    Ok(listed)
}

/// Seats `account` at table `id`: at the seat its invitation (a secret from the link) keeps,
/// else at `seat`, else at the first open seat. The join that fills the last seat starts the
/// game, in the same store transaction (so no leave can come between), and its actor starts
/// from what that transaction wrote. Returns the seat taken and the table as this join left
/// it (still `open` when a later join filled it).
pub async fn join(
    state: &AppState,
    account: &Account,
    id: TableId,
    seat: Option<u8>,
    invite: Option<&str>,
) -> Result<(u8, Table), ApiError> {
    let table = load_table(state, id).await?;
    if table.status != TableStatus::Open {
        return Err(ApiError::WrongState("the table is not open"));
    }
    if table.seats.iter().any(|s| s.account == Some(account.id)) {
        return Err(ApiError::WrongState("you already sit at this table"));
    }
    let invite = invite.map(|i| Secret::from_client(i).hash());
    // With no seat named, any free open seat will do: one taken by a join racing this one
    // sends this join on to the next.
    let candidates: Vec<u8> = match (&invite, seat) {
        (Some(hash), _) => table
            .seats
            .iter()
            .find(|s| s.invite_hash.as_ref() == Some(hash))
            .map(|s| vec![s.seat])
            .ok_or(ApiError::Forbidden("that invitation is not valid here"))?,
        (None, Some(seat)) => {
            let row = table
                .seats
                .get(usize::from(seat))
                .ok_or(ApiError::NotFound("seat"))?;
            if row.kind != SeatKind::Open {
                return Err(ApiError::SeatTaken);
            }
            vec![seat]
        }
        (None, None) => (table.seats.iter())
            .filter(|s| s.kind == SeatKind::Open && s.account.is_none())
            .map(|s| s.seat)
            .collect(),
    };
    if candidates.is_empty() {
        return Err(ApiError::SeatTaken);
    }
    // Dealt on every join, used by the one that fills the table: which join that is, only
    // the store's transaction knows.
    let deal = deal(
        &table.game,
        &table.options,
        &table.time_control,
        table.seats.len(),
    )?;
    let last = candidates.len() - 1;
    for (i, seat) in candidates.into_iter().enumerate() {
        let sat = state
            .store()
            .sit(id, seat, account.id, invite.as_deref(), &deal, now_ms())
            .await;
        let seated = match sat {
            Ok(seated) => seated,
            Err(StoreError::Refused(Refusal::SeatNotFree)) if i < last => continue,
            Err(StoreError::Refused(why)) => return Err(refused(why)),
            Err(StoreError::NotFound) => return Err(ApiError::NotFound("table")),
            Err(e) => return Err(e.into()),
        };
        if let Some(started) = seated.started {
            state.games().start(started).await?;
        }
        return Ok((seat, seated.table));
    }
    Err(ApiError::SeatTaken)
}

/// What a client is told when the store refuses a sit or a leave.
fn refused(why: Refusal) -> ApiError {
    match why {
        Refusal::SeatNotFree => ApiError::SeatTaken,
        Refusal::TableNotOpen => ApiError::WrongState("the table is not open"),
        Refusal::AlreadySeated => ApiError::WrongState("you already sit at this table"),
        Refusal::NotSeated => ApiError::WrongState("you can leave only an open table you sit at"),
    }
}

/// Stands `account` up from open table `id`.
pub async fn leave(state: &AppState, account: &Account, id: TableId) -> Result<(), ApiError> {
    match state.store().leave(id, account.id).await {
        Err(StoreError::Refused(Refusal::TableNotOpen)) => Err(ApiError::WrongState(
            "you can leave only an open table you sit at",
        )),
        Err(StoreError::Refused(why)) => Err(refused(why)),
        Err(StoreError::NotFound) => Err(ApiError::NotFound("table")),
        other => other.map_err(Into::into),
    }
}

/// Calls off open table `id`; only its creator may.
pub async fn cancel(state: &AppState, account: &Account, id: TableId) -> Result<(), ApiError> {
    let table = load_table(state, id).await?;
    if table.created_by != account.id {
        return Err(ApiError::Forbidden(
            "only the table's creator can cancel it",
        ));
    }
    match state
        .store()
        .set_table_status(id, TableStatus::Open, TableStatus::Cancelled)
        .await
    {
        Err(StoreError::Conflict(_)) => {
            Err(ApiError::WrongState("only an open table can be cancelled"))
        }
        other => other.map_err(Into::into),
    }
}

/// Asks for a rematch for `seat`; the last player to ask creates and starts it. Returns the
/// game's version and the rematch, once started.
pub async fn ask_rematch(
    state: &AppState,
    handle: &GameHandle,
    seat: Seat,
) -> Result<(u64, Option<TableId>), ApiError> {
    let (version, step) = handle.rematch(seat).await?;
    match step {
        RematchStep::Offered => Ok((version, None)),
        RematchStep::Started(next) => Ok((version, Some(next))),
        RematchStep::Create(plan) => {
            let plan = *plan;
            // On a task of its own: if the caller went away half-way, the actor would wait
            // for the outcome for ever.
            let state = state.clone();
            let handle = handle.clone();
            let created = tokio::spawn(async move {
                let created = create_rematch(&state, plan).await;
                handle.rematch_created(created.as_ref().ok().copied()).await;
                created
            })
            .await
            .map_err(|_| ApiError::Internal)??;
            Ok((version, Some(created)))
        }
    }
}

async fn create_rematch(state: &AppState, plan: RematchPlan) -> Result<TableId, ApiError> {
    match create_started(state, plan.table, &plan.names, Some(plan.of)).await {
        Ok(table) => Ok(table.id),
        // A game has one rematch at most (the store refuses a second): one may have started
        // already, by this game's actor before it stopped and was loaded again.
        Err(e) => match state.store().game(plan.of).await?.game.rematch {
            Some(next) => Ok(next),
            None => Err(e),
        },
    }
}

/// How long an open table waits for players before it is called off (cancelled), by its
/// clock: a live game's players wait at their screens, a correspondence game's come back
/// days later. A table with no clock waits as long as a correspondence one: nobody waits at
/// the screen for it (the ruling of issue 30).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TableExpiry {
    pub live: std::time::Duration,
    pub correspondence: std::time::Duration,
}

impl Default for TableExpiry {
    fn default() -> TableExpiry {
        TableExpiry {
            live: std::time::Duration::from_secs(3600),
            correspondence: std::time::Duration::from_secs(7 * 86_400),
        }
    }
}

/// Calls off the open tables that waited longer than `agora serve --table-expiry-*` allows
/// at `now`; answers how many.
pub async fn expire_tables(state: &AppState, now: i64) -> Result<usize, ApiError> {
    let expiry = state.config().table_expiry;
    let before = |wait: std::time::Duration| {
        now.saturating_sub(i64::try_from(wait.as_millis()).unwrap_or(i64::MAX))
    };
    let expired = (state.store())
        .expire_open_tables(before(expiry.live), before(expiry.correspondence), now)
        .await?;
    Ok(expired.len())
}

/// [`expire_tables`] at start and then regularly: every minute, or more often when a
/// limit is shorter, so that no table waits much past its limit.
pub async fn expire_tables_every(state: AppState) {
    let expiry = state.config().table_expiry;
    let shortest = expiry.live.min(expiry.correspondence);
    let period = (shortest / 4).clamp(
        std::time::Duration::from_secs(1),
        std::time::Duration::from_secs(60),
    );
    let mut every = tokio::time::interval(period);
    loop {
        every.tick().await;
        match expire_tables(&state, now_ms()).await {
            Ok(0) => {}
            Ok(expired) => tracing::info!(expired, "open tables nobody joined called off"),
            Err(e) => tracing::warn!(error = %e, "cannot call off expired tables"),
        }
    }
}
