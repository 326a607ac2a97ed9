//! Players' profiles and the leaderboards (issue 34), read from the store: what the JSON API
//! (`/api/players/{name}`, `/api/leaderboard/{game}`) and the web pages both show.

use agora_games::GameKind;
use agora_store::ratings::{GameResult, PlayedGame, Player, PlayerRating, RatingChange, System};
use agora_store::{Account, AccountKind, StoreError, Table};
use serde_json::{Value, json};

use crate::{ApiError, AppState};

/// How many finished games a profile looks back over (its counts and its list).
pub const GAMES_KEPT: i64 = 1000;
/// Recent games shown a page at a time.
pub const PAGE_SIZE: usize = 20;
/// How many players a leaderboard lists per ladder.
pub const LADDER_SIZE: i64 = 100;

/// A signed-up account's (or a bot's) profile.
#[derive(Clone, Debug)]
pub struct Profile {
    pub account: Account,
    pub ratings: Vec<PlayerRating>,
    /// Every rated game's change to its rating, oldest first.
    pub changes: Vec<RatingChange>,
    /// Its finished games, newest first (the last [`GAMES_KEPT`]).
    pub games: Vec<PlayedGame>,
}

/// Games played, won, drawn and lost in one game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// Which of a profile's games to list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    pub game: Option<GameKind>,
    pub result: Option<GameResult>,
}

impl GameFilter {
    pub fn keeps(&self, game: &PlayedGame) -> bool {
        self.game.is_none_or(|k| k.name() == game.game)
            && self.result.is_none_or(|r| game.result() == Some(r))
    }
}

/// One page of a profile's games, each with its table (for its players).
#[derive(Clone, Debug)]
pub struct GamesPage {
    /// 1-based, within `1..=pages`.
    pub page: usize,
    pub pages: usize,
    /// How many games the filter keeps in all.
    pub total: usize,
    pub games: Vec<(PlayedGame, Table)>,
}

/// The profile of the account named `name` (users and bots; guests have none).
pub async fn profile(state: &AppState, name: &str) -> Result<Profile, ApiError> {
    let store = state.store();
    let account = match store.account_by_name(name).await {
        Err(StoreError::NotFound) => return Err(ApiError::NotFound("player")),
        other => other?,
    };
    let player = Player::Account(account.id);
    Ok(Profile {
        ratings: store.player_ratings(&player).await?,
        changes: store.rating_changes(&player).await?,
        games: store.played_games(account.id, None, GAMES_KEPT).await?,
        account,
    })
}

impl Profile {
    /// Played, won, drawn and lost per game, in the catalog's order, for the games played.
    pub fn tallies(&self) -> Vec<(GameKind, Tally)> {
        (GameKind::ALL.iter())
            .filter_map(|kind| {
                let mut tally = Tally::default();
                for game in self.games.iter().filter(|g| g.game == kind.name()) {
                    tally.played += 1;
                    match game.result() {
                        Some(GameResult::Won) => tally.won += 1,
                        Some(GameResult::Drawn) => tally.drawn += 1,
                        Some(GameResult::Lost) | None => tally.lost += 1,
                    }
                }
                (tally.played > 0).then_some((*kind, tally))
            })
            .collect()
    }

    /// The rating changes of one ladder, oldest first.
    pub fn history(&self, game: &str, system: System) -> Vec<&RatingChange> {
        (self.changes.iter())
            .filter(|c| c.game == game && c.system == system)
            .collect()
    }

    /// Page `page` (1-based; clamped) of the games `filter` keeps, with their tables.
    pub async fn page(
        &self,
        state: &AppState,
        filter: GameFilter,
        page: usize,
    ) -> Result<GamesPage, ApiError> {
        let kept: Vec<&PlayedGame> = self.games.iter().filter(|g| filter.keeps(g)).collect();
        let pages = kept.len().div_ceil(PAGE_SIZE).max(1);
        let page = page.clamp(1, pages);
        let mut games = Vec::new();
        for game in kept.iter().skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE) {
            games.push(((*game).clone(), state.store().table(game.id).await?));
        }
        Ok(GamesPage {
            page,
            pages,
            total: kept.len(),
            games,
        })
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
    let tallies: serde_json::Map<String, Value> = (profile.tallies().into_iter())
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
            "games": page.games.iter().map(|(g, table)| json!({
                "id": g.id,
                "game": g.game,
                "rated": g.rated,
                "seat": g.seat,
                "result": g.result().map(|r| r.as_str()),
                "finished_at": g.finished_at,
                "players": table.seats.iter().map(|s| json!({
                    "seat": s.seat, "name": s.name, "ai_level": s.ai_level,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        },
    })
}
