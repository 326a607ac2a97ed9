//! `/lobby`: create a table with every option the API has, and the public tables waiting
//! for players (refreshed live by `lobby.js` from `/lobby/tables`).

use std::net::SocketAddr;

use agora_server::AppState;
use askama::Template;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::Method;
use axum::http::header::SET_COOKIE;
use axum::response::{Html, IntoResponse, Response};
use axum::{Extension, Form};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api_call::Api;
use crate::ctx::Ctx;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, open_tables};
use crate::pages::account::signed_in_or_guest;
use crate::{GAMES, game_name};

/// What a seat of a new table may be, as the form offers it.
pub const SEAT_CHOICES: [&str; 6] = [
    "open",
    "invite",
    "ai-beginner",
    "ai-easy",
    "ai-medium",
    "ai-hard",
];

/// Seats past the second: Tsuro seats up to 8, Tyranny up to 4; "none" leaves one out.
pub const EXTRA_SEATS: std::ops::RangeInclusive<usize> = 2..=7;

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    frame: Frame,
    /// Each game's code, name and most seats.
    games: Vec<(&'static str, String, usize)>,
    seat_choices: Vec<(&'static str, String)>,
    /// Seat numbers (3 to 8) and their labels.
    extra_seats: Vec<(usize, String)>,
    tables: Vec<TableItem>,
    errors: Vec<String>,
    /// What the form shows chosen: the reader's last choices, carried through signing in.
    choices: TableChoices,
    /// Per game with rated levels: "The computer's ratings in Tyrus: hard ≈ 1,720, …".
    level_ratings: Vec<String>,
}

impl LobbyPage {
    /// Whether field `name` (`game`, `seat1`... `seat7`, `clock`) has `value` chosen; with
    /// nothing carried, the form's defaults.
    fn chose(&self, name: &str, value: &str) -> bool {
        let chosen = match name {
            "game" => self.choices.game.as_deref(),
            "clock" => self.choices.clock.as_deref().or(Some("none")),
            seat => self.choices.seat(seat),
        };
        chosen == Some(value)
    }

    /// A number field's value: the one carried, else its default.
    fn number<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        let carried = match name {
            "minutes" => &self.choices.minutes,
            "increment" => &self.choices.increment,
            _ => &self.choices.days,
        };
        carried.as_deref().unwrap_or(default)
    }

    /// Whether checkbox `name` is ticked: as carried, else listed by default and no bonus.
    fn ticked(&self, name: &str) -> bool {
        let carried = self.choices.game.is_some();
        match name {
            "listed" => !carried || self.choices.listed.is_some(),
            "rated" => self.choices.rated.is_some(),
            _ => self.choices.bonus.is_some(),
        }
    }
}

#[derive(Template)]
#[template(path = "partials/open_tables.html")]
struct OpenTables {
    frame: Frame,
    tables: Vec<TableItem>,
}

fn seat_choices(ctx: &Ctx) -> Vec<(&'static str, String)> {
    SEAT_CHOICES
        .iter()
        .map(|c| (*c, ctx.tr.t(&format!("seat-choice-{c}"))))
        .collect()
}

async fn lobby_page(
    state: &AppState,
    ctx: &Ctx,
    errors: Vec<String>,
    choices: TableChoices,
) -> Response {
    let tr = ctx.tr;
    let tables = match open_tables(state, ctx, 100).await {
        Ok(tables) => tables,
        Err(e) => return error_page(ctx, e),
    };
    let mut title = tr.t("lobby-title");
    if !errors.is_empty() {
        title = tr.a("title-with-errors", "title", title);
    }
    let page = LobbyPage {
        frame: Frame::new(ctx, Section::Lobby, title).with_script("js/lobby.js"),
        games: GAMES
            .iter()
            .map(|g| (g.name(), game_name(tr, *g), *crate::seat_range(*g).end()))
            .collect(),
        seat_choices: seat_choices(ctx),
        extra_seats: EXTRA_SEATS
            .map(|i| (i, tr.a("lobby-seat-number", "number", i + 1)))
            .collect(),
        tables,
        errors: errors.clone(),
        choices,
        level_ratings: (crate::listing::level_ratings(state, tr).await)
            .into_iter()
            .map(|(_, sentence)| sentence)
            .collect(),
    };
    let mut response = render(ctx, &page);
    if !errors.is_empty() {
        *response.status_mut() = axum::http::StatusCode::UNPROCESSABLE_ENTITY;
    }
    response
}

/// `GET /lobby`, with the table form's choices in the query when they were carried through
/// signing in (unknown values are shown as not chosen; creating checks them all).
pub async fn page(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(choices): Query<TableChoices>,
) -> Response {
    lobby_page(&state, &ctx, Vec::new(), choices).await
}

/// `GET /lobby/tables`: the list alone, for `lobby.js` to swap in.
pub async fn tables(State(state): State<AppState>, ctx: Ctx) -> Response {
    let tables = match open_tables(&state, &ctx, 100).await {
        Ok(tables) => tables,
        Err(e) => return error_page(&ctx, e),
    };
    let tr = ctx.tr;
    let fragment = OpenTables {
        frame: Frame::new(&ctx, Section::Lobby, tr.t("lobby-title")),
        tables,
    };
    match fragment.render() {
        Ok(html) => ctx.respond(axum::http::StatusCode::OK, Html(html).into_response()),
        Err(e) => error_page(&ctx, e.into()),
    }
}

/// A new table's choices as the form sends them; also the query of `/lobby` that carries
/// them through signing in.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct TableChoices {
    #[serde(default)]
    game: Option<String>,
    /// The other seats, in order: one of [`SEAT_CHOICES`] each.
    #[serde(default)]
    seat1: Option<String>,
    #[serde(default)]
    seat2: Option<String>,
    #[serde(default)]
    seat3: Option<String>,
    #[serde(default)]
    seat4: Option<String>,
    #[serde(default)]
    seat5: Option<String>,
    #[serde(default)]
    seat6: Option<String>,
    #[serde(default)]
    seat7: Option<String>,
    /// Tsuro's elimination bonus.
    #[serde(default)]
    bonus: Option<String>,
    #[serde(default)]
    clock: Option<String>,
    #[serde(default)]
    minutes: Option<String>,
    #[serde(default)]
    increment: Option<String>,
    #[serde(default)]
    days: Option<String>,
    #[serde(default)]
    listed: Option<String>,
    /// Rated rather than casual.
    #[serde(default)]
    rated: Option<String>,
}

impl TableChoices {
    /// The seats past the creator's, `seat2` to `seat7`.
    fn extra_seats(&self) -> [&Option<String>; 6] {
        [
            &self.seat2,
            &self.seat3,
            &self.seat4,
            &self.seat5,
            &self.seat6,
            &self.seat7,
        ]
    }

    /// Seat field `name`'s choice (`seat1` to `seat7`).
    fn seat(&self, name: &str) -> Option<&str> {
        match name {
            "seat1" => self.seat1.as_deref(),
            _ => {
                let index: usize = name.strip_prefix("seat")?.parse().ok()?;
                self.extra_seats().get(index.checked_sub(2)?)?.as_deref()
            }
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct NewTableForm {
    #[serde(default)]
    csrf: String,
    #[serde(flatten)]
    choices: TableChoices,
    /// For a reader not signed in: `guest` to open the table as a new guest, else sign in
    /// first (the choices wait in the lobby's address).
    #[serde(default, rename = "as")]
    acting_as: Option<String>,
}

/// The API's seat for a form's choice.
fn seat_spec(choice: &str) -> Option<Value> {
    Some(match choice {
        "open" => json!({"kind": "open"}),
        "invite" => json!({"kind": "invite"}),
        "ai-beginner" => json!({"kind": "ai", "level": "beginner"}),
        "ai-easy" => json!({"kind": "ai", "level": "easy"}),
        "ai-medium" => json!({"kind": "ai", "level": "medium"}),
        "ai-hard" => json!({"kind": "ai", "level": "hard"}),
        _ => return None,
    })
}

/// The API's time control for the form's fields, or the message id of what is wrong.
fn time_control(form: &TableChoices) -> Result<Value, &'static str> {
    let number = |field: &Option<String>| -> Result<u32, &'static str> {
        field
            .as_deref()
            .unwrap_or("")
            .trim()
            .parse::<u32>()
            .map_err(|_| "error-clock-number")
    };
    match form.clock.as_deref().unwrap_or("none") {
        "none" => Ok(json!({"kind": "untimed"})),
        "live" => {
            let minutes = number(&form.minutes)?;
            let increment = number(&form.increment)?;
            if !(1..=180).contains(&minutes) || increment > 600 {
                return Err("error-clock-live-range");
            }
            Ok(json!({"kind": "live", "initial_s": minutes * 60, "increment_s": increment}))
        }
        "correspondence" => {
            let days = number(&form.days)?;
            if !(1..=30).contains(&days) {
                return Err("error-clock-days-range");
            }
            Ok(json!({"kind": "correspondence", "days_per_move": days}))
        }
        _ => Err("error-clock-number"),
    }
}

/// `POST /tables`: creates the table, then shows it (with its invitation link) or, when
/// nobody needs to join, the game.
pub async fn create(
    State(state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<NewTableForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let NewTableForm {
        choices: form,
        acting_as,
        ..
    } = form;
    let as_guest = ctx.account.is_none() && acting_as.as_deref() == Some("guest");
    if ctx.account.is_none() && !as_guest {
        // Signing in comes back to the lobby with these choices made.
        let lobby = format!(
            "/lobby?{}",
            serde_urlencoded::to_string(&form).unwrap_or_default()
        );
        let back = serde_urlencoded::to_string([("back", lobby)]).unwrap_or_default();
        return ctx.redirect(&format!("/signin?{back}"));
    }
    let tr = ctx.tr;
    let mut errors = Vec::new();
    let mut seats = vec![json!({"kind": "me"})];
    let extra = form.extra_seats();
    let choices = std::iter::once(Some(form.seat1.as_deref().unwrap_or("open")))
        .chain(extra.iter().map(|s| s.as_deref()))
        .flatten()
        .filter(|c| *c != "none");
    for choice in choices {
        match seat_spec(choice) {
            Some(spec) => seats.push(spec),
            None => {
                errors.push(tr.t("error-seat-choice"));
                break;
            }
        }
    }
    let clock = time_control(&form);
    if let Err(id) = clock {
        errors.push(tr.t(id));
    }
    let game = form.game.clone().unwrap_or_default();
    match GAMES.iter().find(|g| g.name() == game) {
        None => errors.push(tr.t("error-code-unknown_game")),
        Some(kind) if !crate::seat_range(*kind).contains(&seats.len()) => {
            let range = crate::seat_range(*kind);
            let id = if range.start() == range.end() {
                "error-seat-count-exact"
            } else {
                "error-seat-count-range"
            };
            errors.push(tr.args(
                id,
                &[
                    ("game", game_name(tr, *kind)),
                    ("min", range.start().to_string()),
                    ("max", range.end().to_string()),
                    ("count", seats.len().to_string()),
                ],
            ));
        }
        Some(_) => {}
    }
    let (Ok(clock), true) = (clock, errors.is_empty()) else {
        return lobby_page(&state, &ctx, errors, form).await;
    };
    let players = seats.len();
    let options = match game.as_str() {
        "tsuro" => json!({"players": players, "elimination_bonus": form.bonus.is_some()}),
        "tyranny" => json!({"players": players}),
        _ => json!({}),
    };
    let body = json!({
        "game": game,
        "seats": seats,
        "options": options,
        "public": form.listed.is_some(),
        "rated": form.rated.is_some(),
        "time_control": clock,
    });
    // A visitor who chose to play as a guest becomes one now, their choices checked.
    let (headers, cookies) = match signed_in_or_guest(&api, &ctx, peer, None).await {
        Ok(acting) => acting,
        Err(refusal) => return error_page(&ctx, refusal.into()),
    };
    let mut response = match api
        .call(&headers, Some(peer), Method::POST, "/api/tables", body)
        .await
    {
        Ok(answer) => {
            let table = &answer.body["table"];
            let id = table["id"].as_str().unwrap_or_default();
            match (
                table["status"] == "playing",
                answer.body["invites"][0]["invite"].as_str(),
            ) {
                (true, _) => ctx.redirect(&format!("/games/{id}")),
                (false, Some(invite)) => ctx.redirect(&format!("/tables/{id}?invite={invite}")),
                (false, None) => ctx.redirect(&format!("/tables/{id}")),
            }
        }
        Err(refusal) if refusal.status.is_client_error() => {
            let message = tr.t(crate::errors::message_id(&refusal.code));
            lobby_page(&state, &ctx, vec![message], form).await
        }
        Err(refusal) => error_page(&ctx, refusal.into()),
    };
    for cookie in cookies {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    response
}
