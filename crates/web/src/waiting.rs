//! Where the reader's games stand: which wait for their move, and until when. Every page's
//! header counts them ([`waiting_count`]); `/games` lists them (`pages/games.rs`).

use agora_engine::Viewer;
use agora_server::AppState;
use agora_store::{Account, Table, TableStatus};

/// Where `account`'s game at `table` stands.
pub(crate) struct GameNow {
    /// Its seat is to move.
    pub mine: bool,
    /// The move's deadline (correspondence games).
    pub deadline: Option<i64>,
    /// The game's version: a new turn is a new version.
    pub version: u64,
}

pub(crate) async fn game_now(state: &AppState, account: &Account, table: &Table) -> GameNow {
    let nothing = GameNow {
        mine: false,
        deadline: None,
        version: 0,
    };
    let Ok(handle) = state.games().handle(table.id).await else {
        return nothing;
    };
    let Some(seat) = handle.seat_of(account.id) else {
        return nothing;
    };
    match handle.snapshot(Viewer::Seat(seat)).await {
        Ok(state) => GameNow {
            mine: state["legal_moves"]
                .as_array()
                .is_some_and(|m| !m.is_empty()),
            deadline: state["deadline"].as_i64(),
            version: state["version"].as_u64().unwrap_or(0),
        },
        Err(_) => nothing,
    }
}

/// `account`'s tables whose game waits for its move, each with the game's version.
pub(crate) async fn waiting_tables(state: &AppState, account: &Account) -> Vec<(Table, u64)> {
    let Ok(tables) = state.store().account_tables(account.id, 200).await else {
        return Vec::new();
    };
    let mut waiting = Vec::new();
    for table in tables
        .into_iter()
        .filter(|t| matches!(t.status, TableStatus::Playing))
    {
        let now = game_now(state, account, &table).await;
        if now.mine {
            waiting.push((table, now.version));
        }
    }
    waiting
}

/// How many of `account`'s games wait for its move: the count every page's header shows.
pub(crate) async fn waiting_count(state: &AppState, account: &Account) -> usize {
    waiting_tables(state, account).await.len()
}
