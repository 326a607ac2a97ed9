//! `/rules` and `/rules/{game}`: each game's whole rules in the reader's language, written
//! per language in `templates/rules/<game>.<lang>.html`, with figures drawn and counted by
//! the games' own code ([`super::rules_figures`]) and a table of contents made from the
//! page's own section headings.

use agora_games::GameKind;
use askama::Template;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;

use super::rules_figures::{self, TsuroFigures, TyrannyFigures, TyrusFigures};
use crate::ctx::{Ctx, PageError};
use crate::layout::{Frame, Section, error_page, render};
use crate::{GAMES, game_name};

/// A game's rules page address.
pub fn rules_href(kind: GameKind) -> String {
    format!("/rules/{}", kind.name())
}

#[derive(Template)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    frame: Frame,
    /// Each game: its rules page, its name, its one-line description's id.
    games: Vec<(String, String, String)>,
}

/// `GET /rules`: the three games' rules pages.
pub async fn index(ctx: Ctx) -> Response {
    let tr = ctx.tr;
    let page = RulesIndex {
        frame: Frame::new(&ctx, Section::Rules, tr.t("rules-index-title")),
        games: GAMES
            .iter()
            .map(|&g| {
                (
                    rules_href(g),
                    game_name(tr, g),
                    crate::game_blurb_id(g.name()),
                )
            })
            .collect(),
    };
    render(&ctx, &page)
}

/// The rules themselves, in the reader's language, with the figures of one game.
#[derive(Template)]
#[template(path = "rules/body.html")]
struct Body<'a> {
    lang: &'static str,
    tyrus: Option<&'a TyrusFigures>,
    tsuro: Option<&'a TsuroFigures>,
    tyranny: Option<&'a TyrannyFigures>,
}

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    frame: Frame,
    heading: String,
    /// The sections' ids and headings, for the table of contents.
    contents: Vec<(String, String)>,
    body: String,
    /// The other games' rules pages.
    others: Vec<(String, String)>,
}

/// The `<h2 id="…">…</h2>` headings of `html`, in order: the table of contents lists exactly
/// the sections the page has.
fn sections(html: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<h2 id=\"") {
        rest = &rest[start + 8..];
        let Some((id, after)) = rest.split_once("\">") else {
            break;
        };
        let Some((heading, after)) = after.split_once("</h2>") else {
            break;
        };
        found.push((id.to_string(), heading.to_string()));
        rest = after;
    }
    found
}

/// `GET /rules/{game}`: one game's rules; an unknown game is the page that says there is
/// nothing here.
pub async fn page(ctx: Ctx, Path(game): Path<String>) -> Response {
    let tr = ctx.tr;
    let Some(kind) = GAMES.iter().copied().find(|g| g.name() == game) else {
        return error_page(&ctx, PageError::not_found());
    };
    let figures = match kind {
        GameKind::Tyrus => Ok((Some(rules_figures::tyrus(tr)), None, None)),
        GameKind::Tsuro => rules_figures::tsuro(tr).map(|f| (None, Some(f), None)),
        GameKind::Tyranny => rules_figures::tyranny(tr).map(|f| (None, None, Some(f))),
    };
    let (tyrus, tsuro, tyranny) = match figures {
        Ok(figures) => figures,
        Err(reason) => {
            tracing::error!(%reason, game, "a rules figure could not be drawn");
            return error_page(
                &ctx,
                PageError::new(StatusCode::INTERNAL_SERVER_ERROR, "error-internal"),
            );
        }
    };
    let body = Body {
        lang: tr.lang().code(),
        tyrus: tyrus.as_ref(),
        tsuro: tsuro.as_ref(),
        tyranny: tyranny.as_ref(),
    };
    let body = match body.render() {
        Ok(html) => html,
        Err(e) => return error_page(&ctx, e.into()),
    };
    let name = game_name(tr, kind);
    let page = RulesPage {
        frame: Frame::new(
            &ctx,
            Section::Rules,
            tr.a("rules-page-title", "game", &name),
        ),
        heading: tr.a("rules-page-title", "game", &name),
        contents: sections(&body),
        body,
        others: GAMES
            .iter()
            .filter(|&&g| g != kind)
            .map(|&g| (rules_href(g), tr.a("rules-link", "game", game_name(tr, g))))
            .collect(),
    };
    render(&ctx, &page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contents_list_each_section_heading_in_order() {
        let html =
            r#"<h2 id="a">First</h2><p>x</p><h3 id="z">no</h3><h2 id="b">Second &amp; more</h2>"#;
        assert_eq!(
            sections(html),
            vec![
                ("a".to_string(), "First".to_string()),
                ("b".to_string(), "Second &amp; more".to_string())
            ]
        );
        assert!(sections("<h2 id=\"broken").is_empty());
    }
}
