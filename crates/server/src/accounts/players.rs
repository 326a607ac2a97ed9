//! Players' profiles and the leaderboards (issue 34), read from the store: what the JSON API
//! (`/api/players/{name}`, `/api/leaderboard/{game}`) and the web pages both show.

use agora_games::GameKind;
use agora_store::ratings::{
    EndedFilter, EndedGame, GameResult, Player, PlayerRating, RatingChange, System, Tally,
};
use agora_store::{Account, AccountId, AccountKind, StoreError};
use serde_json::{Value, json};

use crate::{ApiError, AppState};

/// Ended games listed a page at a time, on profiles and "My games".
pub const PAGE_SIZE: u64 = 20;
/// How many players a leaderboard lists per ladder.
pub const LADDER_SIZE: i64 = 100;

/// A signed-up account's (or a bot's) profile.
#[derive(Clone, Debug)]
pub struct Profile {
    pub account: Account,
    pub ratings: Vec<PlayerRating>,
    /// Every rated game's change to its rating, oldest first.
    pub changes: Vec<RatingChange>,
    /// Played, won, drawn and lost per game, in the catalog's order, for the games played.
    pub tallies: Vec<(GameKind, Tally)>,
}

/// Which of an account's ended games to list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    pub game: Option<GameKind>,
    pub result: Option<GameResult>,
}

/// One page of an account's ended games.
#[derive(Clone, Debug)]
pub struct GamesPage {
    /// 1-based, within `1..=pages`.
    pub page: u64,
    pub pages: u64,
    /// How many games the filter keeps in all.
    pub total: u64,
    pub games: Vec<EndedGame>,
}

/// The profile of the account named `name` (users and bots; guests have none).
pub async fn profile(state: &AppState, name: &str) -> Result<Profile, ApiError> {
    let store = state.store();
    let account = match store.account_by_name(name).await {
        Err(StoreError::NotFound) => return Err(ApiError::NotFound("player")),
        other => other?,
    };
    let player = Player::Account(account.id);
    let counted = store.tallies(account.id).await?;
    let tallies = (GameKind::ALL.iter())
        .filter_map(|kind| {
            let (_, tally) = counted.iter().find(|(game, _)| game == kind.name())?;
            Some((*kind, *tally))
        })
        .collect();
    Ok(Profile {
        ratings: store.player_ratings(&player).await?,
        changes: store.rating_changes(&player).await?,
        tallies,
        account,
    })
}

/// Page `page` (1-based; past the last, the last) of `account`'s ended games that `filter`
/// keeps, newest first: a profile's list and "My games"' ended ones.
pub async fn games_page(
    state: &AppState,
    account: AccountId,
    filter: GameFilter,
    page: u64,
) -> Result<GamesPage, ApiError> {
    let filter = EndedFilter {
        game: filter.game.map(GameKind::name),
        result: filter.result,
    };
    let store = state.store();
    let page = page.max(1);
    let mut found = (store.ended_games(account, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE)).await?;
    let pages = found.total.div_ceil(PAGE_SIZE).max(1);
    // Past the last page: the last, read again (rare: a link kept while games were deleted,
    // or a page number typed in).
    let page = if page > pages {
        found = (store.ended_games(account, filter, (pages - 1) * PAGE_SIZE, PAGE_SIZE)).await?;
        pages
    } else {
        page
    };
    Ok(GamesPage {
        page,
        pages,
        total: found.total,
        games: found.games,
    })
}

impl Profile {
    /// The rating changes of one ladder, oldest first.
    pub fn history(&self, game: &str, system: System) -> Vec<&RatingChange> {
        (self.changes.iter())
            .filter(|c| c.game == game && c.system == system)
            .collect()
    }
}

/// A ladder of one game: the established players best first, then the provisional ones.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub system: System,
    pub established: Vec<PlayerRating>,
    pub provisional: Vec<PlayerRating>,
}

/// Game `game`'s ladders that have anyone on them (Tsuro may have two: two seats, and
/// tables of three or more).
pub async fn leaderboard(state: &AppState, game: GameKind) -> Result<Vec<Ladder>, ApiError> {
    let mut ladders = Vec::new();
    for system in System::ALL {
        let rows = (state.store())
            .ladder(game.name(), system, LADDER_SIZE)
            .await?;
        if rows.is_empty() {
            continue;
        }
        let (provisional, established) = rows.into_iter().partition(|r| r.provisional());
        ladders.push(Ladder {
            system,
            established,
            provisional,
        });
    }
    Ok(ladders)
}

/// The computer's levels' ratings in `game`'s two-seat ladder (else its other), by level
/// name: what the lobby shows beside each level ("hard ≈ 1720").
pub async fn level_ratings(
    state: &AppState,
    game: GameKind,
) -> Result<Vec<(String, PlayerRating)>, ApiError> {
    let mut levels = Vec::new();
    for system in System::ALL {
        for row in (state.store())
            .ladder(game.name(), system, LADDER_SIZE)
            .await?
        {
            if let Player::Ai(level) = &row.player
                && !levels.iter().any(|(l, _): &(String, _)| l == level)
            {
                levels.push((level.clone(), row));
            }
        }
    }
    Ok(levels)
}

/// A rating as the JSON API gives it.
pub fn rating_json(r: &PlayerRating) -> Value {
    let (account, level) = match &r.player {
        Player::Account(id) => (Some(*id), None),
        Player::Ai(level) => (None, Some(level.as_str())),
    };
    json!({
        "game": r.game,
        "system": r.system.as_str(),
        "account": account,
        "name": r.name,
        "ai_level": level,
        "rating": r.rating.rating.round(),
        "deviation": r.rating.deviation.round(),
        "provisional": r.provisional(),
        "games": r.games,
        "wins": r.wins,
    })
}

/// A profile as the JSON API gives it, with page `page` of the games `filter` keeps.
pub fn profile_json(profile: &Profile, page: &GamesPage) -> Value {
    let kind = match profile.account.kind {
        AccountKind::Bot => "bot",
        AccountKind::User | AccountKind::Guest => "user",
    };
    let tallies: serde_json::Map<String, Value> = (profile.tallies.iter())
        .map(|(game, t)| {
            let tally = json!({"played": t.played, "won": t.won, "drawn": t.drawn, "lost": t.lost});
            (game.name().to_string(), tally)
        })
        .collect();
    json!({
        "account": {"id": profile.account.id, "name": profile.account.name, "kind": kind},
        "ratings": profile.ratings.iter().map(rating_json).collect::<Vec<_>>(),
        "games_played": tallies,
        "history": profile.changes.iter().map(|c| json!({
            "game": c.game,
            "system": c.system.as_str(),
            "game_id": c.game_id,
            "before": c.before.round(),
            "rating": c.rating.round(),
            "won": c.won,
            "at": c.at,
        })).collect::<Vec<_>>(),
        "games": {
            "page": page.page,
            "pages": page.pages,
            "total": page.total,
            "games": page.games.iter().map(|g| json!({
                "id": g.table.id,
                "game": g.table.game,
                "rated": g.table.rated,
                "seat": g.seat,
                "result": g.result.as_str(),
                "finished_at": g.ended_at,
                "players": g.table.seats.iter().map(|s| json!({
                    "seat": s.seat, "name": s.name, "ai_level": s.ai_level,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        },
    })
}
