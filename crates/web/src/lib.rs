//! Agora's web pages, mounted by `agora serve` beside the API ([`pages`]).
//!
//! - Server-rendered HTML (askama templates in `templates/`) for one reader in one
//!   language: the pages' words come from `locales/<lang>/*.ftl` ([`i18n`]), the games' words
//!   and sentences from `agora_present`, shared with the terminal.
//! - Every form works without JavaScript (post, then redirect); small ES modules in
//!   `assets/js/` swap in fresh fragments, move focus and announce. No game rule lives in
//!   JavaScript: legal moves, previews and counts come from the engine through the server.
//! - Pages act through the server's own API, called in process ([`api_call`]), so a page
//!   follows the same checks and limits as any client; a move goes to the service the API's
//!   move handler calls. They read through the game actors and the server's record service,
//!   and keep each game's narrated replay between requests ([`play::kept`]).
//! - Forms carry a token matched against a cookie, and the browser's `Sec-Fetch-Site` or
//!   `Origin` must be this site ([`ctx::Ctx::check_form`]); every page is sent with a
//!   Content-Security-Policy that allows no inline script ([`headers`]).

pub mod api_call;
pub mod assets;
pub mod ctx;
pub mod ended;
mod errors;
pub mod gzip;
pub mod headers;
pub mod i18n;
pub mod layout;
pub mod listing;
pub mod mail;
pub mod pages;
pub mod play;
pub mod prefs;
pub mod rating_chart;
pub mod time_control;
mod waiting;

use agora_games::GameKind;
use agora_server::AppState;
use axum::Router;
use axum::routing::{get, post};

use crate::i18n::Tr;

/// The games the pages offer (each needs its table page).
pub const GAMES: [GameKind; 3] = [GameKind::Tyrus, GameKind::Tsuro, GameKind::Tyranny];

/// How many seats a table of `kind` may have.
pub fn seat_range(kind: GameKind) -> std::ops::RangeInclusive<usize> {
    match kind {
        GameKind::Tyrus => 2..=2,
        GameKind::Tsuro => 2..=agora_tsuro::MAX_PLAYERS,
        GameKind::Tyranny => 2..=4,
    }
}

/// A game's name in the reader's language.
pub fn game_name(tr: Tr, kind: GameKind) -> String {
    tr.t(&format!("game-{}", kind.name()))
}

/// The message id of a game's one-line description.
pub fn game_blurb_id(code: &str) -> String {
    format!("game-{code}-blurb")
}

/// Any other path: the page that says there is nothing here, in the reader's language.
async fn not_found(ctx: ctx::Ctx) -> axum::response::Response {
    layout::error_page(&ctx, ctx::PageError::not_found())
}

/// [`pages`] for the measurements inside this crate (`play/steps/cost.rs`), under a name of
/// its own: the import-loop check (`tests/module_loops.rs`) reads `crate::pages` as the
/// `pages` module.
#[cfg(test)]
pub(crate) const ROUTES: agora_server::Pages = pages;

/// The pages' routes, to mount beside the API (see `agora_server::start_with_pages`).
pub fn pages(state: AppState) -> Router<AppState> {
    use pages::{
        account, chat_settings, game, game_chat, game_forms, games, hint, home, lobby, mail,
        players, push, replay, rules, settings, table,
    };
    let api = api_call::Api::new(state);
    Router::new()
        .route("/", get(home::page))
        .route("/play", post(home::play))
        .route("/signup", get(account::signup_page).post(account::signup))
        .route("/signin", get(account::signin_page).post(account::signin))
        .route("/guest", post(account::guest))
        .route("/signout", post(account::signout))
        .route("/settings", get(settings::page).post(settings::save))
        .route("/settings/email", post(mail::save))
        .route("/settings/push", post(push::save))
        .route("/push-worker.js", get(push::worker))
        .route("/mail/off", get(mail::ask).post(mail::turn_off))
        .route("/lang", post(settings::pick_lang))
        .route("/lobby", get(lobby::page))
        .route("/lobby/tables", get(lobby::tables))
        .route("/tables", post(lobby::create))
        .route("/tables/{id}", get(table::page))
        .route("/tables/{id}/join", post(table::join))
        .route("/tables/{id}/leave", post(table::leave))
        .route("/tables/{id}/cancel", post(table::cancel))
        .route("/players/{name}", get(players::profile))
        .route("/leaderboard", get(players::leaderboards))
        .route("/leaderboard/{game}", get(players::leaderboard))
        .route("/watch", get(players::watch))
        .route("/rules", get(rules::index))
        .route("/rules/{game}", get(rules::page))
        .route("/games", get(games::page))
        .route("/games/list", get(games::fragment))
        .route("/games/waiting", get(games::waiting))
        .route("/games/{id}", get(game::page))
        .route("/games/{id}/fragments", get(game::fragments))
        .route("/games/{id}/replay", get(replay::page))
        .route("/games/{id}/turned", get(game::turned))
        .route("/games/{id}/replay/fragment", get(replay::fragment))
        .route(
            "/replay",
            get(replay::upload::form).post(replay::upload::open).layer(
                axum::extract::DefaultBodyLimit::max(replay::upload::MAX_FORM_BYTES),
            ),
        )
        .route("/games/{id}/move", post(game_forms::play))
        .route("/games/{id}/hint", post(hint::hint))
        .route("/games/{id}/resign", post(game_forms::resign))
        .route("/games/{id}/draw", post(game_forms::offer_draw))
        .route("/games/{id}/draw/decline", post(game_forms::decline_draw))
        .route("/games/{id}/abort", post(game_forms::abort))
        .route("/games/{id}/rematch", post(game_forms::rematch))
        .route("/games/{id}/chat", post(game_chat::say))
        .route("/games/{id}/chat/lines", get(game_chat::lines))
        .route("/games/{id}/chat/mute", post(game_chat::mute))
        .route("/games/{id}/chat/unmute", post(game_chat::unmute))
        .route("/games/{id}/chat/report", post(game_chat::report))
        .route(
            "/settings/chat",
            get(chat_settings::page).post(chat_settings::save),
        )
        .route("/settings/chat/unmute", post(chat_settings::unmute))
        .route("/assets/{*path}", get(assets::serve))
        .fallback(not_found)
        .layer(axum::Extension(api))
        .layer(axum::Extension(play::Kept::default()))
        .layer(axum::Extension(play::steps::Steppers::default()))
        // A fast level: a move sends every seated page tens of kB of fragments (the boards'
        // SVG), and at the default level compressing them cost more server CPU than the move
        // itself (docs/benchmarks.md, "CPU per move played in the browser"). Level 2 is
        // zlib-rs's fastest with matches found and codes fitted to each answer (level 1 uses
        // fixed codes, and sends more bytes). Answers under one TCP segment are sent as they
        // are: compressing them sends no fewer packets, and building a compressor costs more
        // than the rest of a small answer. The fragments compress themselves (`gzip`).
        .layer(
            tower_http::compression::CompressionLayer::new()
                .quality(tower_http::compression::CompressionLevel::Precise(2))
                .compress_when({
                    use tower_http::compression::Predicate;
                    use tower_http::compression::predicate::SizeAbove;
                    tower_http::compression::DefaultPredicate::new()
                        .and(SizeAbove::new(gzip::SMALLEST as u16))
                }),
        )
        .layer(axum::middleware::from_fn(headers::page_headers))
}
