//! What one account may hold at once: open tables waiting for players, and games against the
//! server's bots (which cost the AI pool's time).
//!
//! The counts are of the tables this process saw the account create (with several nodes on
//! PostgreSQL: the tables the store holds, whichever node created them), each checked against
//! the store when the account creates another, so a table that started, finished or was
//! cancelled stops counting at once. One account's creations are serialized on each node, so
//! two created there at the same moment cannot both take the last place.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agora_store::{AccountId, NewTable, StoreError, TableId, TableStatus, now_ms};
use tokio::sync::OwnedMutexGuard;

use crate::play::pool::Owner;
use crate::{ApiError, AppState};

/// The caps; [`AccountLimits::default`] is what `agora serve` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountLimits {
    /// Tables created and still waiting for players.
    pub open_tables: usize,
    /// Tables created with a bot seat, waiting or being played.
    pub ai_games: usize,
    /// Caps on all the guests made from one address together (guests cost nothing to make,
    /// so caps per guest alone cap nothing). `None`: none (`agora serve --no-rate-limits`).
    pub guests_per_address: Option<GuestLimits>,
}

/// What the guests made from one address (or one client behind a trusted proxy) may do
/// together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestLimits {
    /// Guests made in a minute.
    pub per_minute: u32,
    /// Tables their guests created that wait for players.
    pub open_tables: usize,
    /// Their guests' games with a bot seat.
    pub ai_games: usize,
    /// Tables of one creator that the lobby lists, so that a flood of new tables does not push
    /// everyone else's out.
    pub listed_per_creator: usize,
    /// Tables that the lobby lists of all the guests of one address together.
    pub listed_per_address: usize,
}

impl Default for AccountLimits {
    fn default() -> AccountLimits {
        AccountLimits {
            open_tables: 10,
            ai_games: 3,
            guests_per_address: Some(GuestLimits {
                per_minute: 30,
                open_tables: 20,
                ai_games: 6,
                listed_per_creator: 3,
                listed_per_address: 5,
            }),
        }
    }
}

/// Records kept at most per kind; past that, the oldest knowledge is dropped.
const KEEP_AT_MOST: usize = 200_000;

/// The tables each account, and each address's guests, created that may still count, and
/// where each guest was made.
#[derive(Debug, Default)]
pub struct Quotas {
    accounts: Mutex<HashMap<AccountId, Arc<tokio::sync::Mutex<Vec<Created>>>>>,
    addresses: Mutex<HashMap<IpAddr, Arc<tokio::sync::Mutex<Vec<Created>>>>>,
    /// The address each guest was made from, as far as this process knows (a cache of the
    /// store's).
    origins: Mutex<HashMap<AccountId, IpAddr>>,
    /// Accounts the store has no origin for: users and bots (a guest's origin is stored
    /// before the guest has a session, so before it can create anything).
    without_origin: Mutex<HashSet<AccountId>>,
    /// Guests made per address in the current minute: when it began, and how many.
    made: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    /// When the store's expired guests' origins were last forgotten.
    last_forgotten: Mutex<Option<Instant>>,
}

#[derive(Clone, Copy, Debug)]
struct Created {
    id: TableId,
    has_ai: bool,
}

/// Lets `address` make one more guest, or refuses (`429 rate_limited`) when it made its
/// minute's worth. With PostgreSQL every node's guests count (one upsert in the shared
/// windows, [`crate::http::limits::count_shared`]); on SQLite, or when the store cannot count, this
/// node's.
pub async fn admit_guest(state: &AppState, address: Option<IpAddr>) -> Result<(), ApiError> {
    let (Some(limits), Some(address)) =
        (&state.config().account_limits.guests_per_address, address)
    else {
        return Ok(());
    };
    let key = format!("guests {address}");
    if let Some(count) = crate::http::limits::count_shared(state, &key, GUEST_WINDOW).await {
        return match count > u64::from(limits.per_minute) {
            true => Err(ApiError::RateLimited),
            false => Ok(()),
        };
    }
    let now = Instant::now();
    let mut made = (state.quotas().made.lock()).unwrap_or_else(|e| e.into_inner());
    if made.len() >= KEEP_AT_MOST {
        made.retain(|_, (since, _)| now.duration_since(*since) < GUEST_WINDOW);
    }
    let (since, count) = made.entry(address).or_insert((now, 0));
    if now.duration_since(*since) >= GUEST_WINDOW {
        *since = now;
        *count = 0;
    }
    if *count >= limits.per_minute {
        return Err(ApiError::RateLimited);
    }
    *count += 1;
    Ok(())
}

/// The window [`GuestLimits::per_minute`] counts guests in.
const GUEST_WINDOW: Duration = Duration::from_secs(60);

/// Notes that `guest` was made from `address`, so its tables count against the address: in
/// the store, where every node (and this one after a restart) finds it, and in this process's
/// cache. Now and then forgets, in the store, the origins of guests whose sessions have
/// expired (a guest cannot sign in again).
pub async fn guest_made(state: &AppState, guest: AccountId, address: Option<IpAddr>) {
    let Some(address) = address else { return };
    remember(state, guest, address);
    let now = now_ms();
    let store = state.store();
    if let Err(e) = store
        .note_guest_origin(guest, &address.to_string(), now)
        .await
    {
        tracing::warn!(error = %e, %guest, "cannot store where a guest was made");
    }
    let due = {
        let mut last = (state.quotas().last_forgotten.lock()).unwrap_or_else(|e| e.into_inner());
        let due = last.is_none_or(|last| last.elapsed() >= FORGET_EVERY);
        if due {
            *last = Some(Instant::now());
        }
        due
    };
    if due {
        let kept_ms = state.config().session_days.saturating_mul(86_400_000);
        if let Err(e) = store
            .forget_guest_origins(now.saturating_sub(kept_ms))
            .await
        {
            tracing::warn!(error = %e, "cannot forget old guests' origins");
        }
    }
}

/// How often the store's guests' origins are looked through for expired ones.
const FORGET_EVERY: Duration = Duration::from_secs(3600);

/// Caches where `guest` was made.
fn remember(state: &AppState, guest: AccountId, address: IpAddr) {
    let mut origins = (state.quotas().origins.lock()).unwrap_or_else(|e| e.into_inner());
    if origins.len() >= KEEP_AT_MOST {
        // Only a cache: the store has them all.
        origins.clear();
    }
    origins.insert(guest, address);
}

/// The address `guest` was made from, if this process has it cached.
fn origin_of(state: &AppState, guest: AccountId) -> Option<IpAddr> {
    let origins = (state.quotas().origins.lock()).unwrap_or_else(|e| e.into_inner());
    origins.get(&guest).copied()
}

/// Where each guest among `accounts` was made, whichever node made it, before or after a
/// restart (the lobby's list, which looks at many creators at once, asks this): from the
/// cache, and for the accounts this process knows nothing of, from the store in one query
/// (then cached, an account without an origin too).
pub async fn origins_of(
    state: &AppState,
    accounts: &[AccountId],
) -> Result<HashMap<AccountId, IpAddr>, StoreError> {
    let mut found = HashMap::new();
    let mut unknown = Vec::new();
    {
        let origins = (state.quotas().origins.lock()).unwrap_or_else(|e| e.into_inner());
        let without = (state.quotas().without_origin.lock()).unwrap_or_else(|e| e.into_inner());
        for &account in accounts {
            match origins.get(&account) {
                Some(&address) => {
                    found.insert(account, address);
                }
                None if !without.contains(&account) => unknown.push(account),
                None => {}
            }
        }
    }
    if unknown.is_empty() {
        return Ok(found);
    }
    unknown.sort_unstable();
    unknown.dedup();
    let stored = state.store().guest_origins_of(&unknown).await?;
    for (guest, text) in stored {
        if let Ok(address) = text.parse() {
            remember(state, guest, address);
            found.insert(guest, address);
        }
    }
    let mut without = (state.quotas().without_origin.lock()).unwrap_or_else(|e| e.into_inner());
    if without.len() >= KEEP_AT_MOST {
        without.clear();
    }
    without.extend(unknown.into_iter().filter(|id| !found.contains_key(id)));
    Ok(found)
}

/// The address `guest` was made from, whichever node made it, before or after a restart:
/// from the cache, else from the store (then cached).
pub async fn stored_origin_of(
    state: &AppState,
    guest: AccountId,
) -> Result<Option<IpAddr>, ApiError> {
    if let Some(address) = origin_of(state, guest) {
        return Ok(Some(address));
    }
    let stored = state.store().guest_origin(guest).await?;
    let Some(address) = stored.and_then(|text| text.parse().ok()) else {
        return Ok(None);
    };
    remember(state, guest, address);
    Ok(Some(address))
}

/// An account's right to create one table, held while it does. Say what was created with
/// [`Reservation::created`]; dropped without that, nothing is counted.
#[derive(Debug)]
pub struct Reservation {
    tables: OwnedMutexGuard<Vec<Created>>,
    /// The tables of the guests of the creator's address, when the creator is such a guest.
    address_tables: Option<OwnedMutexGuard<Vec<Created>>>,
    has_ai: bool,
    owner: Owner,
}

impl Reservation {
    /// Counts the new table `id` against the account (and its address, for a guest), and has
    /// its AI moves wait in their turn on the AI pool.
    pub fn created(mut self, state: &AppState, id: TableId) {
        let created = Created {
            id,
            has_ai: self.has_ai,
        };
        self.tables.push(created);
        if let Some(tables) = &mut self.address_tables {
            tables.push(created);
        }
        if self.has_ai {
            state.pool().set_owner(id, self.owner);
        }
    }
}

/// The tables of `tables` that still count: how many wait for players, how many of those
/// live have a bot seat. The others are dropped from `tables` and from the AI pool's owners.
async fn still_counting(
    state: &AppState,
    tables: &mut Vec<Created>,
) -> Result<(usize, usize), ApiError> {
    let mut open = 0;
    let mut ai = 0;
    let mut over = Vec::new();
    let mut still = Vec::with_capacity(tables.len());
    for created in tables.iter() {
        let status = match state.store().table(created.id).await {
            Ok(table) => table.status,
            Err(StoreError::NotFound) => TableStatus::Cancelled,
            Err(e) => return Err(e.into()),
        };
        let waiting = status == TableStatus::Open;
        let live = waiting || status == TableStatus::Playing;
        open += usize::from(waiting);
        ai += usize::from(live && created.has_ai);
        if live {
            still.push(*created);
        } else {
            over.push(created.id);
        }
    }
    *tables = still;
    state.pool().forget_owners(&over);
    Ok((open, ai))
}

/// Checks that the creator of `table` may create it: `limit_reached` if that would put it
/// (or, for a guest, the guests of its address together) over a cap (the open-table cap
/// counts only if the table will wait for players).
pub async fn reserve(state: &AppState, table: &NewTable) -> Result<Reservation, ApiError> {
    let account = table.created_by;
    let has_ai = table.seats.iter().any(|seat| seat.ai_level.is_some());
    let waits = (table.seats.iter()).any(|seat| seat.account.is_none() && seat.ai_level.is_none());
    let limits = &state.config().account_limits;
    let entry = {
        let mut accounts = (state.quotas().accounts.lock()).unwrap_or_else(|e| e.into_inner());
        accounts.entry(account).or_default().clone()
    };
    let mut tables = entry.lock_owned().await;
    // With several nodes, the account may have created tables on any of them: the store
    // counts them (a creation racing on another node at the same instant can still pass).
    if let Some(live) = state.store().live_tables_created_by(account).await? {
        *tables = (live.iter())
            .map(|&(id, _, has_ai)| Created { id, has_ai })
            .collect();
    }
    let (open, ai) = still_counting(state, &mut tables).await?;
    if waits && open >= limits.open_tables {
        return Err(ApiError::LimitReached(
            "you have as many open tables as you may: cancel one or wait for players",
        ));
    }
    if has_ai && ai >= limits.ai_games {
        return Err(ApiError::LimitReached(
            "you have as many games against the computer as you may: finish one first",
        ));
    }
    let origin = match limits.guests_per_address {
        Some(_) => stored_origin_of(state, account).await?,
        None => None,
    };
    let (address_tables, owner) = match (origin, &limits.guests_per_address) {
        (Some(address), Some(guest_limits)) => {
            let entry = {
                let mut addresses =
                    (state.quotas().addresses.lock()).unwrap_or_else(|e| e.into_inner());
                addresses.entry(address).or_default().clone()
            };
            let mut address_tables = entry.lock_owned().await;
            // With several nodes, the address's guests may have created tables on any.
            let key = address.to_string();
            if let Some(live) = state.store().live_tables_of_guests_from(&key).await? {
                *address_tables = (live.iter())
                    .map(|&(id, _, has_ai)| Created { id, has_ai })
                    .collect();
            }
            let (open, ai) = still_counting(state, &mut address_tables).await?;
            if waits && open >= guest_limits.open_tables {
                return Err(ApiError::LimitReached(
                    "the guests of your address have as many open tables as they may: sign up, or cancel one",
                ));
            }
            if has_ai && ai >= guest_limits.ai_games {
                return Err(ApiError::LimitReached(
                    "the guests of your address have as many games against the computer as they may",
                ));
            }
            (Some(address_tables), Owner::Address(address))
        }
        _ => (None, Owner::Account(account)),
    };
    Ok(Reservation {
        tables,
        address_tables,
        has_ai,
        owner,
    })
}
