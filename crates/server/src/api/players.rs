//! Players' profiles and the leaderboards over HTTP: thin handlers over [`crate::players`].

use agora_games::GameKind;
use agora_store::ratings::GameResult;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::ApiResult;
use crate::accounts::players::{self, GameFilter};
use crate::body::Query;
use crate::{ApiError, AppState};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ProfileQuery {
    /// Only this game's games (`tyrus`, `tsuro`, `tyranny`).
    #[serde(default)]
    game: Option<String>,
    /// Only the games with this result for the player (`won`, `lost`, `drawn`).
    #[serde(default)]
    result: Option<String>,
    /// Which page of games, from 1 (20 a page).
    #[serde(default)]
    page: Option<u64>,
}

impl ProfileQuery {
    /// The filter it asks for; an unknown game or result is refused.
    pub fn filter(&self) -> Result<GameFilter, ApiError> {
        let game = (self.game.as_deref())
            .filter(|g| !g.is_empty())
            .map(str::parse::<GameKind>)
            .transpose()?;
        let result = (self.result.as_deref())
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.parse::<GameResult>().map_err(|_| {
                    ApiError::BadRequest("result is won, lost, drawn or abandoned".into())
                })
            })
            .transpose()?;
        Ok(GameFilter { game, result })
    }
}

#[utoipa::path(
    get,
    path = "/api/players/{name}",
    tag = "players",
    summary = "A signed-up player's profile: ratings, games played and won, rating history, finished games (filtered, paged).",
    params(("name" = String, Path, description = "the account's name (any case)"), ProfileQuery),
    responses((status = 200, description = "`{\"account\", \"ratings\", \"games_played\", \"history\", \"games\"}`", body = Object))
)]
pub async fn player(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<ProfileQuery>,
) -> ApiResult {
    let filter = query.filter()?;
    let profile = players::profile(&state, &name).await?;
    let page = query.page.unwrap_or(1);
    let page = players::games_page(&state, profile.account.id, filter, page).await?;
    Ok(Json(players::profile_json(&profile, &page)))
}

#[utoipa::path(
    get,
    path = "/api/leaderboard/{game}",
    tag = "players",
    summary = "A game's ladders: established players best first, then provisional ones (100 per ladder).",
    params(("game" = String, Path, description = "tyrus, tsuro or tyranny")),
    responses((status = 200, description = "`{\"game\", \"ladders\": [{\"system\", \"established\", \"provisional\"}]}`", body = Object))
)]
pub async fn leaderboard(State(state): State<AppState>, Path(game): Path<String>) -> ApiResult {
    let kind: GameKind = game.parse()?;
    let ladders = players::leaderboard(&state, kind).await?;
    let ladders: Vec<_> = ladders
        .iter()
        .map(|l| {
            json!({
                "system": l.system.as_str(),
                "established": l.established.iter().map(players::rating_json).collect::<Vec<_>>(),
                "provisional": l.provisional.iter().map(players::rating_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Json(json!({"game": kind.name(), "ladders": ladders})))
}
