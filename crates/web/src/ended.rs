//! Ended games filtered by game and result, a page at a time: a player's profile and "My
//! games" list them alike (`templates/partials/ended_games.html`). The filter is a GET form
//! and the pages are links, so both work without JavaScript; the pager follows the GOV.UK
//! pagination pattern (previous, numbered pages with gaps, next).

use agora_games::GameKind;
use agora_present::text::number;
use agora_server::AppState;
use agora_server::players::{self, GameFilter, GamesPage};
use agora_store::ratings::GameResult;
use agora_store::{AccountId, TableStatus};
use serde::Deserialize;

use crate::ctx::PageError;
use crate::i18n::Tr;
use crate::listing::{game_label, seat_label};
use crate::time_control::{Moment, moment};
use crate::{GAMES, game_name};

/// The list's query: `?game=tyrus&result=won&page=2`. Unknown values are "any" and a page
/// that is no number the first, so a hand-edited address still shows a list.
#[derive(Debug, Default, Deserialize)]
pub struct EndedQuery {
    #[serde(default)]
    game: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    page: String,
}

impl EndedQuery {
    fn filter(&self) -> GameFilter {
        GameFilter {
            game: self.game.parse().ok(),
            result: self.result.parse().ok(),
        }
    }

    /// The page asked for: past the last one, the last (see [`players::games_page`]).
    fn page(&self) -> u64 {
        self.page.trim().parse::<u64>().unwrap_or(1).max(1)
    }
}

/// An ended game in the list.
#[derive(Debug)]
pub struct EndedRow {
    pub href: String,
    pub game: String,
    pub players: String,
    pub result: String,
    pub rated: String,
    pub when: Moment,
}

/// A link of the pager to a page by its number, or (`gap`) the "…" between two that are
/// not next to each other.
#[derive(Debug, Default)]
pub struct PageLink {
    pub number: String,
    /// "Page 3": the link's accessible name, which holds its visible number.
    pub label: String,
    pub href: String,
    pub current: bool,
    pub gap: bool,
}

/// The pager under the list, when there is more than one page.
#[derive(Debug)]
pub struct Pager {
    /// "Page 2 of 5".
    pub label: String,
    pub previous: Option<String>,
    pub next: Option<String>,
    pub links: Vec<PageLink>,
}

/// The filter, the list and its pager, every word in the reader's language.
#[derive(Debug)]
pub struct EndedList {
    /// Where the filter's form goes: the page's own path.
    pub action: String,
    /// The filter's choices: (value, label, chosen).
    pub game_choices: Vec<(&'static str, String, bool)>,
    pub result_choices: Vec<(&'static str, String, bool)>,
    /// No game has ended at all (nothing to filter: the filter is not shown).
    pub none: bool,
    /// "3 games".
    pub found: String,
    pub rows: Vec<EndedRow>,
    pub pager: Option<Pager>,
}

/// The word for a result: "won", "abandoned"…
pub fn result_word(tr: Tr, result: GameResult) -> String {
    tr.t(&format!("result-{}", result.as_str()))
}

/// Page `page` of the list at `path` that `filter` keeps: its address, the list's heading
/// (`#games`) in view.
fn page_href(path: &str, filter: &GameFilter, page: u64) -> String {
    let mut query = Vec::new();
    if let Some(game) = filter.game {
        query.push(("game", game.name().to_string()));
    }
    if let Some(result) = filter.result {
        query.push(("result", result.as_str().to_string()));
    }
    query.push(("page", page.to_string()));
    let query = serde_urlencoded::to_string(&query).unwrap_or_default();
    format!("{path}?{query}#games")
}

/// The pages a pager names: the first, the last, and those beside the current one, with a gap
/// wherever pages are left out.
fn shown_pages(page: u64, pages: u64) -> Vec<Option<u64>> {
    let mut shown = Vec::new();
    for n in 1..=pages {
        if n == 1 || n == pages || n.abs_diff(page) <= 1 {
            shown.push(Some(n));
        } else if shown.last() != Some(&None) {
            shown.push(None);
        }
    }
    shown
}

fn pager(tr: Tr, path: &str, filter: &GameFilter, page: &GamesPage) -> Option<Pager> {
    if page.pages <= 1 {
        return None;
    }
    let lang = tr.lang();
    let links = (shown_pages(page.page, page.pages).into_iter())
        .map(|shown| match shown {
            Some(n) => PageLink {
                number: number(lang, n as f64),
                label: tr.a("games-page-link", "page", number(lang, n as f64)),
                href: page_href(path, filter, n),
                current: n == page.page,
                gap: false,
            },
            None => PageLink {
                gap: true,
                ..PageLink::default()
            },
        })
        .collect();
    Some(Pager {
        label: tr.args(
            "games-page",
            &[
                ("page", number(lang, page.page as f64)),
                ("pages", number(lang, page.pages as f64)),
            ],
        ),
        previous: (page.page > 1).then(|| page_href(path, filter, page.page - 1)),
        next: (page.page < page.pages).then(|| page_href(path, filter, page.page + 1)),
        links,
    })
}

/// `account`'s ended games as the page at `path` lists them, filtered and paged by `query`.
pub async fn ended_list(
    state: &AppState,
    tr: Tr,
    account: AccountId,
    path: &str,
    query: &EndedQuery,
) -> Result<EndedList, PageError> {
    let filter = query.filter();
    let page = players::games_page(state, account, filter, query.page()).await?;
    let rows = (page.games.iter())
        .map(|g| EndedRow {
            // A table called off before anyone joined has no game: its table page says so.
            href: match g.table.status {
                TableStatus::Cancelled => format!("/tables/{}", g.table.id),
                // A game played to its end steps through its replay.
                TableStatus::Finished => format!("/games/{}/replay", g.table.id),
                _ => format!("/games/{}", g.table.id),
            },
            game: game_label(tr, &g.table),
            players: (g.table.seats.iter())
                .map(|s| seat_label(tr, s))
                .collect::<Vec<_>>()
                .join(", "),
            result: result_word(tr, g.result),
            rated: tr.t(if g.table.rated {
                "game-rated"
            } else {
                "game-casual"
            }),
            when: moment(tr, g.ended_at),
        })
        .collect();
    let any_game = ("", tr.t("games-filter-any-game"), filter.game.is_none());
    let game_choices = std::iter::once(any_game)
        .chain(
            GAMES
                .iter()
                .map(|k: &GameKind| (k.name(), game_name(tr, *k), filter.game == Some(*k))),
        )
        .collect();
    let any_result = ("", tr.t("games-filter-any-result"), filter.result.is_none());
    let result_choices = std::iter::once(any_result)
        .chain(
            GameResult::ALL
                .into_iter()
                .map(|r| (r.as_str(), result_word(tr, r), filter.result == Some(r))),
        )
        .collect();
    Ok(EndedList {
        action: path.to_string(),
        game_choices,
        result_choices,
        none: page.total == 0 && filter == GameFilter::default(),
        found: tr.n("games-found", page.total as i64),
        rows,
        pager: pager(tr, path, &filter, &page),
    })
}

#[cfg(test)]
mod tests {
    use super::shown_pages;

    #[test]
    fn the_pager_names_the_ends_and_the_pages_beside_the_current_one() {
        let n = |pages: &[Option<u64>]| pages.to_vec();
        assert_eq!(shown_pages(1, 2), n(&[Some(1), Some(2)]));
        assert_eq!(shown_pages(1, 5), n(&[Some(1), Some(2), None, Some(5)]));
        assert_eq!(
            shown_pages(5, 9),
            n(&[Some(1), None, Some(4), Some(5), Some(6), None, Some(9)])
        );
        assert_eq!(shown_pages(3, 4), n(&[Some(1), Some(2), Some(3), Some(4)]));
    }
}
