//! `/players/{name}` (a profile: ratings with their history, games played and won, finished
//! games filtered and paged), `/leaderboard/{game}` and `/watch` (public games being played).
//! All read through `agora_server::players`, as the JSON API does.

use agora_games::GameKind;
use agora_present::text::number;
use agora_server::players::{self, GameFilter, Ladder, Profile};
use agora_server::{ApiError, AppState};
use agora_store::AccountKind;
use agora_store::ratings::{GameResult, Player, PlayerRating, System};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, level_name, seat_label, watchable_games};
use crate::rating_chart;
use crate::time_control::{Moment, moment};
use crate::{GAMES, game_name};

/// A rating as a page shows it.
#[derive(Debug)]
pub struct RatingItem {
    /// "Tsuro (two players)".
    pub ladder: String,
    pub game: &'static str,
    /// The player's name, or the computer's level in words.
    pub player: String,
    /// Where the player's profile is (none for the computer's levels).
    pub href: Option<String>,
    /// "1,662 ± 290".
    pub value: String,
    pub provisional: bool,
    pub games: u32,
    pub wins: u32,
}

/// A ladder's name: the game, and which tables it rates.
fn ladder_name(tr: Tr, game: GameKind, system: System) -> String {
    tr.args(
        "ladder-name",
        &[
            ("game", game_name(tr, game)),
            (
                "system",
                tr.t(&format!("rating-system-{}", system.as_str())),
            ),
        ],
    )
}

/// The path of `name`'s profile, its name percent-encoded.
pub fn profile_href(name: &str) -> String {
    let mut href = String::from("/players/");
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            href.push(byte as char);
        } else {
            href.push_str(&format!("%{byte:02X}"));
        }
    }
    href
}

fn rating_item(tr: Tr, r: &PlayerRating) -> Option<RatingItem> {
    let game = r.game.parse::<GameKind>().ok()?;
    let (player, href) = match (&r.player, &r.name) {
        (Player::Account(_), Some(name)) => (name.clone(), Some(profile_href(name))),
        (Player::Account(_), None) => return None,
        (Player::Ai(level), _) => (tr.a("seat-computer", "level", level_name(tr, level)), None),
    };
    let lang = tr.lang();
    Some(RatingItem {
        ladder: ladder_name(tr, game, r.system),
        game: game.name(),
        player,
        href,
        value: tr.args(
            "rating-value",
            &[
                ("rating", number(lang, r.rating.rating.round())),
                ("deviation", number(lang, r.rating.deviation.round())),
            ],
        ),
        provisional: r.provisional(),
        games: r.games,
        wins: r.wins,
    })
}

/// One row of a rating's history.
#[derive(Debug)]
pub struct HistoryRow {
    pub href: String,
    pub when: Moment,
    pub rating: String,
    /// "+162" or "−162".
    pub change: String,
    pub result: String,
}

/// A ladder's history: the chart and its table.
#[derive(Debug)]
pub struct History {
    pub id: String,
    pub caption: String,
    pub svg: String,
    pub rows: Vec<HistoryRow>,
}

/// A row of the games played per game.
#[derive(Debug)]
pub struct TallyRow {
    pub game: String,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// A finished game in the profile's list.
#[derive(Debug)]
pub struct GameRow {
    pub href: String,
    pub game: String,
    pub players: String,
    pub result: String,
    pub rated: String,
    pub when: Moment,
}

#[derive(Template)]
#[template(path = "players/profile.html")]
struct ProfilePage {
    frame: Frame,
    name: String,
    bot: bool,
    ratings: Vec<RatingItem>,
    any_provisional: bool,
    tallies: Vec<TallyRow>,
    histories: Vec<History>,
    /// The filter's choices: (value, label, chosen).
    game_choices: Vec<(&'static str, String, bool)>,
    result_choices: Vec<(&'static str, String, bool)>,
    found: String,
    games: Vec<GameRow>,
    page_label: String,
    previous: Option<String>,
    next: Option<String>,
    action: String,
}

/// The profile's query: its games' filter and page.
#[derive(Debug, Default, Deserialize)]
pub struct ProfileQuery {
    #[serde(default)]
    game: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    page: Option<usize>,
}

fn result_word(tr: Tr, result: Option<GameResult>) -> String {
    result.map_or_else(String::new, |r| tr.t(&format!("result-{}", r.as_str())))
}

fn histories(tr: Tr, profile: &Profile) -> Vec<History> {
    let lang = tr.lang();
    let mut out = Vec::new();
    for rating in &profile.ratings {
        let Ok(game) = rating.game.parse::<GameKind>() else {
            continue;
        };
        let changes = profile.history(&rating.game, rating.system);
        let Some(first) = changes.first() else {
            continue;
        };
        let values: Vec<f64> = std::iter::once(first.before)
            .chain(changes.iter().map(|c| c.rating))
            .collect();
        let min_span = match rating.system {
            System::Glicko2 => 100.0,
            System::WengLin => 4.0,
        };
        let (low, high) = rating_chart::axis(&values, min_span);
        let ladder = ladder_name(tr, game, rating.system);
        let caption = tr.a("chart-caption", "ladder", &ladder);
        let label = format!(
            "{caption}. {}",
            tr.args(
                "chart-axis",
                &[("low", number(lang, low)), ("high", number(lang, high))]
            )
        );
        let rows = changes
            .iter()
            .map(|c| {
                let delta = (c.rating - c.before).round();
                let sign = if delta < 0.0 { "−" } else { "+" };
                HistoryRow {
                    href: format!("/games/{}", c.game_id),
                    when: moment(tr, c.at),
                    rating: number(lang, c.rating.round()),
                    change: format!("{sign}{}", number(lang, delta.abs())),
                    result: tr.t(if c.won { "result-won" } else { "result-lost" }),
                }
            })
            .collect();
        out.push(History {
            id: format!("history-{}-{}", rating.game, rating.system.as_str()),
            svg: rating_chart::svg(&values, (low, high), &label),
            caption,
            rows,
        });
    }
    out
}

/// The page's link to page `page` of the games the filter keeps.
fn page_href(name: &str, filter: &GameFilter, page: usize) -> String {
    let mut query = vec![("page", page.to_string())];
    if let Some(game) = filter.game {
        query.push(("game", game.name().to_string()));
    }
    if let Some(result) = filter.result {
        query.push(("result", result.as_str().to_string()));
    }
    let query = serde_urlencoded::to_string(&query).unwrap_or_default();
    format!("{}?{query}#games", profile_href(name))
}

async fn profile_page(
    state: &AppState,
    ctx: &Ctx,
    name: &str,
    query: &ProfileQuery,
) -> Result<ProfilePage, PageError> {
    let tr = ctx.tr;
    let profile = match players::profile(state, name).await {
        Err(ApiError::NotFound(_)) => {
            return Err(PageError::new(StatusCode::NOT_FOUND, "profile-not-found"));
        }
        other => other?,
    };
    // Unknown filter values are shown as "any", never an error page.
    let filter = GameFilter {
        game: query.game.parse().ok(),
        result: query.result.parse().ok(),
    };
    let page = profile.page(state, filter, query.page.unwrap_or(1)).await?;
    let name = profile.account.name.clone();
    let ratings: Vec<RatingItem> = (profile.ratings.iter())
        .filter_map(|r| rating_item(tr, r))
        .collect();
    let games = (page.games.iter())
        .map(|(g, table)| GameRow {
            // A recent game is over: its link steps through it.
            href: format!("/games/{}/replay", g.id),
            game: g
                .game
                .parse()
                .map_or_else(|_| g.game.clone(), |k| game_name(tr, k)),
            players: (table.seats.iter())
                .map(|s| seat_label(tr, s))
                .collect::<Vec<_>>()
                .join(", "),
            result: result_word(tr, g.result()),
            rated: tr.t(if g.rated { "game-rated" } else { "game-casual" }),
            when: moment(tr, g.finished_at),
        })
        .collect();
    let game_choices = std::iter::once(("", tr.t("games-filter-any-game"), filter.game.is_none()))
        .chain(
            GAMES
                .iter()
                .map(|k| (k.name(), game_name(tr, *k), filter.game == Some(*k))),
        )
        .collect();
    let result_choices =
        std::iter::once(("", tr.t("games-filter-any-result"), filter.result.is_none()))
            .chain(GameResult::ALL.into_iter().map(|r| {
                let label = tr.t(&format!("result-{}", r.as_str()));
                (r.as_str(), label, filter.result == Some(r))
            }))
            .collect();
    let lang = tr.lang();
    Ok(ProfilePage {
        frame: Frame::new(ctx, Section::Players, name.clone()),
        bot: profile.account.kind == AccountKind::Bot,
        any_provisional: ratings.iter().any(|r| r.provisional),
        ratings,
        tallies: (profile.tallies().into_iter())
            .map(|(kind, t)| TallyRow {
                game: game_name(tr, kind),
                played: t.played,
                won: t.won,
                drawn: t.drawn,
                lost: t.lost,
            })
            .collect(),
        histories: histories(tr, &profile),
        game_choices,
        result_choices,
        found: tr.n("games-found", page.total as i64),
        games,
        page_label: tr.args(
            "games-page",
            &[
                ("page", number(lang, page.page as f64)),
                ("pages", number(lang, page.pages as f64)),
            ],
        ),
        previous: (page.page > 1).then(|| page_href(&name, &filter, page.page - 1)),
        next: (page.page < page.pages).then(|| page_href(&name, &filter, page.page + 1)),
        action: profile_href(&name),
        name,
    })
}

/// `GET /players/{name}`.
pub async fn profile(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
    Query(query): Query<ProfileQuery>,
) -> Response {
    match profile_page(&state, &ctx, &name, &query).await {
        Ok(page) => render(&ctx, &page),
        Err(e) => error_page(&ctx, e),
    }
}

/// A ladder as the leaderboard shows it.
#[derive(Debug)]
pub struct LadderView {
    pub id: &'static str,
    pub name: String,
    pub established: Vec<RatingItem>,
    pub provisional: Vec<RatingItem>,
}

#[derive(Template)]
#[template(path = "players/leaderboard.html")]
struct LeaderboardPage {
    frame: Frame,
    game: &'static str,
    game_label: String,
    /// Every game: (code, name).
    games: Vec<(&'static str, String)>,
    ladders: Vec<LadderView>,
}

/// `GET /leaderboard/{game}`.
pub async fn leaderboard(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(game): Path<String>,
) -> Response {
    let tr = ctx.tr;
    let Ok(kind) = game.parse::<GameKind>() else {
        return error_page(
            &ctx,
            PageError::new(StatusCode::NOT_FOUND, "error-code-not_found"),
        );
    };
    let ladders = match players::leaderboard(&state, kind).await {
        Ok(ladders) => ladders,
        Err(e) => return error_page(&ctx, e.into()),
    };
    let view = |ladder: &Ladder| LadderView {
        id: ladder.system.as_str(),
        name: ladder_name(tr, kind, ladder.system),
        established: (ladder.established.iter())
            .filter_map(|r| rating_item(tr, r))
            .collect(),
        provisional: (ladder.provisional.iter())
            .filter_map(|r| rating_item(tr, r))
            .collect(),
    };
    let game_label = game_name(tr, kind);
    let page = LeaderboardPage {
        frame: Frame::new(
            &ctx,
            Section::Leaderboard,
            tr.a("leaderboard-title", "game", &game_label),
        ),
        game: kind.name(),
        game_label,
        games: GAMES
            .iter()
            .map(|k| (k.name(), game_name(tr, *k)))
            .collect(),
        ladders: ladders.iter().map(view).collect(),
    };
    render(&ctx, &page)
}

/// `GET /leaderboard`: the first game's.
pub async fn leaderboards(ctx: Ctx) -> Response {
    ctx.redirect(&format!("/leaderboard/{}", GAMES[0].name()))
}

#[derive(Template)]
#[template(path = "players/watch.html")]
struct WatchPage {
    frame: Frame,
    games: Vec<TableItem>,
}

/// `GET /watch`: the public games being played now.
pub async fn watch(State(state): State<AppState>, ctx: Ctx) -> Response {
    let games = match watchable_games(&state, &ctx, 100).await {
        Ok(games) => games,
        Err(e) => return error_page(&ctx, e),
    };
    let page = WatchPage {
        frame: Frame::new(&ctx, Section::Watch, ctx.tr.t("watch-title")),
        games,
    };
    render(&ctx, &page)
}

#[cfg(test)]
mod tests {
    use super::profile_href;

    #[test]
    fn profile_links_encode_the_name() {
        assert_eq!(profile_href("Ada"), "/players/Ada");
        assert_eq!(profile_href("Zoë B"), "/players/Zo%C3%AB%20B");
    }
}
