//! `/players/{name}` (a profile: ratings with their history, games played and won, finished
//! games filtered and paged), `/leaderboard/{game}` and `/watch` (public games being played).
//! All read through `agora_server::players`, as the JSON API does.

use agora_games::GameKind;
use agora_present::text::number;
use agora_server::players::{self, Ladder, Profile};
use agora_server::{ApiError, AppState};
use agora_store::AccountKind;
use agora_store::ratings::{Player, PlayerRating, System};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;

use crate::ctx::{Ctx, PageError};
use crate::ended::{EndedList, EndedQuery, ended_list};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, level_name, watchable_games};
use crate::rating_chart;
use crate::time_control::{Moment, date, moment};
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
    pub axes: rating_chart::Axes,
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
    /// Its ended games, filtered and paged.
    list: EndedList,
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
        let last = changes.last().unwrap_or(first);
        let axes = rating_chart::Axes {
            y_title: tr.t("chart-axis-rating"),
            y_high: number(lang, high),
            y_low: number(lang, low),
            x_title: tr.t("chart-axis-games"),
            x_first: date(tr, first.at),
            x_last: date(tr, last.at),
        };
        let label = format!(
            "{caption}. {}. {}.",
            tr.args(
                "chart-axis",
                &[("low", axes.y_low.clone()), ("high", axes.y_high.clone())]
            ),
            tr.args(
                "chart-dates",
                &[
                    ("first", axes.x_first.clone()),
                    ("last", axes.x_last.clone())
                ]
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
            axes,
            caption,
            rows,
        });
    }
    out
}

async fn profile_page(
    state: &AppState,
    ctx: &Ctx,
    name: &str,
    query: &EndedQuery,
) -> Result<ProfilePage, PageError> {
    let tr = ctx.tr;
    let profile = match players::profile(state, name).await {
        Err(ApiError::NotFound(_)) => {
            return Err(PageError::new(StatusCode::NOT_FOUND, "profile-not-found"));
        }
        other => other?,
    };
    let name = profile.account.name.clone();
    let list = ended_list(state, tr, profile.account.id, &profile_href(&name), query).await?;
    let ratings: Vec<RatingItem> = (profile.ratings.iter())
        .filter_map(|r| rating_item(tr, r))
        .collect();
    Ok(ProfilePage {
        frame: Frame::new(ctx, Section::Players, name.clone()),
        bot: profile.account.kind == AccountKind::Bot,
        any_provisional: ratings.iter().any(|r| r.provisional),
        ratings,
        tallies: (profile.tallies.iter())
            .map(|(kind, t)| TallyRow {
                game: game_name(tr, *kind),
                played: t.played,
                won: t.won,
                drawn: t.drawn,
                lost: t.lost,
            })
            .collect(),
        histories: histories(tr, &profile),
        list,
        name,
    })
}

/// `GET /players/{name}`.
pub async fn profile(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
    Query(query): Query<EndedQuery>,
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
