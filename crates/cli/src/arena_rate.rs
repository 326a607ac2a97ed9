//! `agora arena --rate --database URL`: the computer's levels play rated games against each
//! other, and each finished game is written to the database as the server writes a rated game
//! against the computer: a table whose seats are AI seats at those levels, its game's deal
//! (the arena's seed, with a fresh salt for its commitment), its moves, and its end, whose
//! append rates the levels (`ai:hard`, … in `ratings`) in the same transaction. So a level's
//! rating is one ladder whether it was earned here or against players, and the lobby and the
//! leaderboards read it from there.
//!
//! The tables belong to one bot account, `agora:arena` (a name no sign-up may take: `:` is
//! not allowed in names), created on the first run and found on the next ones.

use agora_ai::arena::GameResult;
use agora_ai::{BotSpec, Budget, IsmctsSpec, Level, Strength};
use agora_engine::Turn;
use agora_games::{AnyGame, GameKind};
use agora_store::ratings::{Player, System};
use agora_store::{
    AccountId, AccountKind, Append, Durability, Event, EventKind, NewGame, NewSeat, NewTable,
    SeatKind, Store, StoreError, TableStatus, TimeControl,
};

/// The account the arena's tables are created by.
pub const ARENA_ACCOUNT: &str = "agora:arena";

/// A rated arena's database and what it has written.
pub struct Rated {
    runtime: tokio::runtime::Runtime,
    store: Store,
    account: AccountId,
    game: GameKind,
    levels: Vec<Level>,
    iterations: Option<u64>,
    /// Games written, and games not written (a bot's forfeit: nothing to rate).
    pub written: u64,
    pub skipped: u64,
}

/// The levels named in `list` ("beginner,easy,medium,hard"), each once.
pub fn parse_levels(list: &str) -> Result<Vec<Level>, String> {
    let mut levels = Vec::new();
    for word in list.split(',') {
        let level: Level = (word.trim().parse())
            .map_err(|_| format!("{word:?} is no level: beginner, easy, medium or hard"))?;
        if levels.contains(&level) {
            return Err(format!(
                "{level} is named twice: a level cannot be rated against itself"
            ));
        }
        levels.push(level);
    }
    Ok(levels)
}

impl Rated {
    /// Opens the database at `url` (migrating it) and finds or creates the arena's account.
    pub fn open(
        url: &str,
        game: GameKind,
        levels: Vec<Level>,
        iterations: Option<u64>,
    ) -> Result<Rated, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let (store, account) = runtime.block_on(async {
            let store = (Store::open(url, Durability::Process).await)
                .map_err(|e| format!("cannot open {url}: {e}"))?;
            let account = arena_account(&store).await?;
            Ok::<_, String>((store, account))
        })?;
        Ok(Rated {
            runtime,
            store,
            account,
            game,
            levels,
            iterations,
            written: 0,
            skipped: 0,
        })
    }

    /// The bots behind the levels, as the server builds them; with `iterations`, every
    /// searching level searches that many iterations instead (a quick trial).
    pub fn bots(&self) -> Vec<BotSpec> {
        (self.levels.iter())
            .map(|&level| match (level, self.iterations) {
                (Level::Beginner, _) | (_, None) => BotSpec::for_level(level),
                (level, Some(n)) => BotSpec::Ismcts(IsmctsSpec {
                    strength: Strength::Budget(Budget::iterations(n)),
                    ..IsmctsSpec::at(level)
                }),
            })
            .collect()
    }

    /// Writes one finished game of the arena, which rates its levels.
    pub fn record(&mut self, result: &GameResult) -> Result<(), String> {
        if result.forfeit.is_some() {
            self.skipped += 1;
            return Ok(());
        }
        let written = self.runtime.block_on(write_game(
            &self.store,
            self.account,
            self.game,
            &self.levels,
            result,
        ));
        written.map_err(|e| format!("game {} not written: {e}", result.index))?;
        self.written += 1;
        Ok(())
    }

    /// The levels' ratings in the game, a line each, best first per ladder.
    pub fn standings(&self) -> Result<String, String> {
        let mut out = String::new();
        for system in System::ALL {
            let ladder = self
                .runtime
                .block_on(self.store.ladder(self.game.name(), system, 1000))
                .map_err(|e| e.to_string())?;
            let levels: Vec<_> = (ladder.iter())
                .filter_map(|r| match &r.player {
                    Player::Ai(level) => Some((level, r)),
                    Player::Account(_) => None,
                })
                .collect();
            if levels.is_empty() {
                continue;
            }
            out.push_str(&format!(
                "The levels' ratings in {} ({}):\n",
                self.game.name(),
                system.as_str()
            ));
            for (level, r) in levels {
                out.push_str(&format!(
                    "  {level:<9} ≈ {:>5} ± {:<4} {} rated games, {} won{}\n",
                    r.rating.rating.round(),
                    r.rating.deviation.round(),
                    r.games,
                    r.wins,
                    if r.provisional() {
                        " (provisional)"
                    } else {
                        ""
                    }
                ));
            }
        }
        Ok(out)
    }

    pub fn close(self) {
        self.runtime.block_on(self.store.close());
    }
}

/// The arena's account: found, or created once (another run creating it at the same moment
/// is found on the second look).
async fn arena_account(store: &Store) -> Result<AccountId, String> {
    for _ in 0..2 {
        match store.account_by_name(ARENA_ACCOUNT).await {
            Ok(account) if account.kind == AccountKind::Bot => return Ok(account.id),
            Ok(_) => return Err(format!("the account {ARENA_ACCOUNT} is not the arena's")),
            Err(StoreError::NotFound) => {}
            Err(e) => return Err(e.to_string()),
        }
        let now = agora_store::now_ms();
        if let Ok(account) =
            (store.create_account(ARENA_ACCOUNT, AccountKind::Bot, None, now)).await
        {
            return Ok(account.id);
        }
    }
    Err(format!("cannot create the account {ARENA_ACCOUNT}"))
}

/// A fresh salt for a game's commitment, as the server makes one.
fn salt() -> String {
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&agora_store::random_u64().to_le_bytes());
    }
    agora_engine::fair::salt_text(&bytes)
}

async fn write_game(
    store: &Store,
    account: AccountId,
    game: GameKind,
    levels: &[Level],
    result: &GameResult,
) -> Result<(), String> {
    let (mut state, setup) =
        AnyGame::deal(game, &result.options, result.seed).map_err(|e| e.to_string())?;
    let now = agora_store::now_ms();
    let mut events = Vec::with_capacity(result.moves.len());
    for (index, notation) in result.moves.iter().enumerate() {
        let (kind, seat) = match state.turn() {
            Turn::Seat(seat) => (EventKind::Move, Some(seat.0)),
            Turn::Chance => (EventKind::Chance, None),
            Turn::Over => return Err("moves after the end".into()),
        };
        state.play(notation).map_err(|e| e.to_string())?;
        events.push(Event {
            version: index as u64 + 1,
            kind,
            seat,
            notation: Some(notation.clone()),
            at: now,
            clock_ms: None,
        });
    }
    let outcome = state.outcome().ok_or("the game did not end")?;
    let seats: Vec<NewSeat> = (result.participants.iter())
        .map(|&p| NewSeat {
            kind: SeatKind::Ai,
            account: None,
            ai_level: Some(levels[p].name().to_string()),
            invite_hash: None,
        })
        .collect();
    let table = NewTable {
        game: game.name().to_string(),
        options: result.options.clone(),
        time_control: TimeControl::default(),
        public: false,
        rated: true,
        created_by: account,
        seats,
    };
    let deal = NewGame {
        seed: result.seed,
        salt: salt(),
        setup,
        clocks: Vec::new(),
    };
    let names = vec![None; table.seats.len()];
    let started = (store
        .create_started_game(&table, &names, &deal, None, now)
        .await)
        .map_err(|e| e.to_string())?;
    let end = Append {
        game: started.table.id,
        after_version: 0,
        events,
        status: TableStatus::Finished,
        outcome: Some(outcome),
        turn_started_at: now,
        substituted: Vec::new(),
    };
    store.append(&end).await.map_err(|e| e.to_string())
}
