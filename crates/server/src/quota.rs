//! What one account may hold at once: open tables waiting for players, and games against the
//! server's bots (which cost the AI pool's time).
//!
//! The counts are of the tables this process saw the account create (with several nodes on
//! PostgreSQL: the tables the store holds, whichever node created them), each checked against
//! the store when the account creates another, so a table that started, finished or was
//! cancelled stops counting at once. One account's creations are serialized on each node, so
//! two created there at the same moment cannot both take the last place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agora_store::{AccountId, NewTable, StoreError, TableId, TableStatus};
use tokio::sync::OwnedMutexGuard;

use crate::{ApiError, AppState};

/// The caps; [`AccountLimits::default`] is what `agora serve` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountLimits {
    /// Tables created and still waiting for players.
    pub open_tables: usize,
    /// Tables created with a bot seat, waiting or being played.
    pub ai_games: usize,
}

impl Default for AccountLimits {
    fn default() -> AccountLimits {
        AccountLimits {
            open_tables: 10,
            ai_games: 3,
        }
    }
}

/// The tables each account created that may still count against it.
#[derive(Debug, Default)]
pub struct Quotas {
    accounts: Mutex<HashMap<AccountId, Arc<tokio::sync::Mutex<Vec<Created>>>>>,
}

#[derive(Clone, Copy, Debug)]
struct Created {
    id: TableId,
    has_ai: bool,
}

/// An account's right to create one table, held while it does. Say what was created with
/// [`Reservation::created`]; dropped without that, nothing is counted.
#[derive(Debug)]
pub struct Reservation {
    tables: OwnedMutexGuard<Vec<Created>>,
    has_ai: bool,
    account: AccountId,
}

impl Reservation {
    /// Counts the new table `id` against the account, and has its AI moves wait in the
    /// account's turn on the AI pool.
    pub fn created(mut self, state: &AppState, id: TableId) {
        self.tables.push(Created {
            id,
            has_ai: self.has_ai,
        });
        if self.has_ai {
            state.pool().set_owner(id, self.account);
        }
    }
}

/// Checks that the creator of `table` may create it: `limit_reached` if that would put it
/// over a cap (the open-table cap counts only if the table will wait for players).
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
    // Forget the tables that no longer count.
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
    Ok(Reservation {
        tables,
        has_ai,
        account,
    })
}
