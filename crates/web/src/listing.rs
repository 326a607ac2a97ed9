//! Tables as the lobby, the home page and "my games" list them.

use agora_games::GameKind;
use agora_server::AppState;
use agora_store::{SeatKind, SeatRow, Table, TableStatus};

use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::time_control::describe as describe_time_control;

/// One table in a list, with every word already in the reader's language.
#[derive(Clone, Debug)]
pub struct TableItem {
    pub id: String,
    pub href: String,
    pub game: String,
    /// "Ada, the computer (medium), an open seat".
    pub seats: String,
    pub time_control: String,
    pub open_seats: usize,
    /// The reader sits here.
    pub mine: bool,
    /// In a correspondence game, the time left to the player to move, in words.
    pub time_left: Option<String>,
    /// When the table was called off for nobody joining in time.
    pub expired: Option<crate::time_control::Moment>,
    /// A game over: where to step through it.
    pub replay_href: Option<String>,
}

/// How a seat reads in a list.
pub fn seat_label(tr: Tr, seat: &SeatRow) -> String {
    match (&seat.name, seat.kind, &seat.ai_level) {
        (Some(name), _, _) => name.clone(),
        (None, SeatKind::Ai, Some(level)) => tr.a("seat-computer", "level", level_name(tr, level)),
        (None, SeatKind::Invite, _) => tr.t("seat-invited"),
        _ => tr.t("seat-open"),
    }
}

/// An AI level's name.
pub fn level_name(tr: Tr, level: &str) -> String {
    match level {
        "beginner" => tr.t("level-beginner"),
        "easy" => tr.t("level-easy"),
        "medium" => tr.t("level-medium"),
        "hard" => tr.t("level-hard"),
        other => other.to_string(),
    }
}

/// The name of the game played at `table`, in the reader's language.
pub fn game_label(tr: Tr, table: &Table) -> String {
    table
        .game
        .parse::<GameKind>()
        .map_or_else(|_| table.game.clone(), |kind| crate::game_name(tr, kind))
}

pub fn item(tr: Tr, ctx: &Ctx, table: &Table) -> TableItem {
    let game = game_label(tr, table);
    let href = match table.status {
        TableStatus::Open | TableStatus::Cancelled => format!("/tables/{}", table.id),
        _ => format!("/games/{}", table.id),
    };
    TableItem {
        id: table.id.to_string(),
        replay_href: matches!(table.status, TableStatus::Finished | TableStatus::Aborted)
            .then(|| format!("/games/{}/replay", table.id)),
        href,
        game,
        seats: table
            .seats
            .iter()
            .map(|s| seat_label(tr, s))
            .collect::<Vec<_>>()
            .join(", "),
        time_control: describe_time_control(tr, &table.time_control),
        open_seats: table
            .seats
            .iter()
            .filter(|s| s.kind == SeatKind::Open && s.account.is_none())
            .count(),
        mine: ctx
            .account
            .as_ref()
            .is_some_and(|a| table.seats.iter().any(|s| s.account == Some(a.id))),
        time_left: None,
        expired: (table.expired_at)
            .filter(|_| table.status == TableStatus::Cancelled)
            .map(|at| crate::time_control::moment(tr, at)),
    }
}

/// Public tables waiting for players.
pub async fn open_tables(
    state: &AppState,
    ctx: &Ctx,
    limit: i64,
) -> Result<Vec<TableItem>, PageError> {
    let tables = agora_server::lobby::listed_open_tables(state, limit as usize).await?;
    Ok(tables.iter().map(|t| item(ctx.tr, ctx, t)).collect())
}

/// Public games being played.
pub async fn watchable_games(
    state: &AppState,
    ctx: &Ctx,
    limit: i64,
) -> Result<Vec<TableItem>, PageError> {
    let tables = state.store().public_games_in_play(limit).await?;
    Ok(tables.iter().map(|t| item(ctx.tr, ctx, t)).collect())
}

/// What the computer's levels are rated, a sentence per game that has any ("The computer's
/// ratings in Tyrus: easy ≈ 1,380, hard ≈ 1,720 (provisional)"), so that a player can pick a
/// level (`agora arena --rate` and rated games give them their ratings).
pub async fn level_ratings(state: &AppState, tr: Tr) -> Vec<(GameKind, String)> {
    let mut sentences = Vec::new();
    for kind in crate::GAMES {
        let Ok(levels) = agora_server::players::level_ratings(state, kind).await else {
            continue;
        };
        let levels: Vec<String> = (agora_ai::Level::ALL.iter())
            .filter_map(|level| levels.iter().find(|(l, _)| l == level.name()))
            .map(|(level, rating)| {
                let id = if rating.provisional() {
                    "level-rating-provisional"
                } else {
                    "level-rating"
                };
                let value = agora_present::text::number(tr.lang(), rating.rating.rating.round());
                tr.args(id, &[("level", level_name(tr, level)), ("rating", value)])
            })
            .collect();
        if levels.is_empty() {
            continue;
        }
        let sentence = tr.args(
            "lobby-level-ratings",
            &[
                ("game", crate::game_name(tr, kind)),
                ("levels", levels.join(", ")),
            ],
        );
        sentences.push((kind, sentence));
    }
    sentences
}
