//! The live protocol: one WebSocket per viewer and game. The upgrade and its admission
//! (here), the messages a client may send ([`message`]), the per-socket loop with its budgets
//! ([`connection`]), and how the server tells a client has gone quiet ([`liveness`]).

use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::http::HeaderMap;
use axum::response::Response;

use crate::accounts::auth::{MaybeAccount, credential_in};
use crate::accounts::revoke::CredentialWatch;
use crate::api::games::GameId;
use crate::api::{ViewerQuery, viewer_of};
use crate::http::body::Query;
use crate::http::limits::MessageBudget;
use crate::http::listen::Places;
use crate::http::outbox::Outbox;
use crate::{ApiError, AppState};

mod connection;
mod liveness;
mod message;

use connection::Connection;
use liveness::Liveness;
pub use message::ClientMessage;

/// The transport refuses messages over this size outright (closing the connection); between
/// 8 KiB and this, the server answers `too_large` and the connection stays usable.
const HARD_MESSAGE_LIMIT: usize = 64 * 1024;
/// The WebSocket read buffer: one read takes a whole protocol message of the usual size.
const READ_BUFFER: usize = 4 * 1024;
/// The transport's write buffer: what it gathers before writing to the socket.
const WRITE_BUFFER: usize = 64 * 1024;
/// The most the transport's write buffer may hold for a client that does not read. The
/// transport answers each ping with a pong on its own; without this bound, a client that
/// sends pings and never reads grew the buffer by every pong (gigabytes in seconds). Past it,
/// an automatic pong replaces the one waiting, and a frame of ours fails the connection. It
/// takes the largest frame we send (a sync) with room to spare.
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

#[utoipa::path(
    get,
    path = "/api/games/{id}/ws",
    tag = "live",
    summary = "Opens the game's WebSocket (docs/protocol.md, WebSocket).",
    params(
        ("id" = String, Path, description = "the game id"),
        crate::api::ViewerQuery
    ),
    responses((status = 101, description = "switching to the WebSocket protocol"))
)]
pub async fn upgrade(
    State(state): State<AppState>,
    MaybeAccount(account): MaybeAccount,
    GameId(id): GameId,
    Query(query): Query<ViewerQuery>,
    headers: HeaderMap,
    places: Places,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // A path that names no game is `not_found` before anything else, as on every game route;
    // the game is routed to only once the request is a WebSocket upgrade.
    let ws = ws.map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
    let handle = state.games().handle(id).await?;
    let viewer = viewer_of(&handle, account.as_ref(), &query)?;
    let account_socket = match (&account, state.config().connections.websockets_per_account) {
        (Some(account), Some(cap)) => Some(state.account_sockets().open(account.id, cap)?),
        _ => None,
    };
    let subscription = handle.subscribe(viewer, query.since).await?;
    // Table chat; with it off, only the news of turning it on again.
    let off = match &account {
        Some(account) => state.store().chat_off(account.id).await?,
        None => false,
    };
    let seated = (account.as_ref()).is_some_and(|a| handle.seat_of(a.id).is_some());
    let chat = Some((state.chat()).listen(id, account.as_ref().map(|a| a.id), seated, off));
    let ping_every = state.config().connections.websocket_ping;
    let budget =
        (state.config().ws_rate).map(|(burst, per_second)| MessageBudget::new(burst, per_second));
    // Watched from before the upgrade answer, so a sign-out right after it still counts.
    let secure = state.config().secure_cookies;
    let credential = match (credential_in(&headers, secure), &account) {
        (Some(credential), Some(account)) => {
            state.live_credentials().watch(&credential, account.id)
        }
        _ => CredentialWatch::none(),
    };
    Ok(ws
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        // tungstenite zeroes its whole read buffer before each read: the default 128 KiB
        // made that memset the largest single cost of a move. Messages are 8 KiB at most.
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| {
            Connection {
                socket,
                outbox: Outbox::default(),
                frames: subscription.frames,
                chat,
                credential,
                state,
                account: account.map(|a| a.id),
                handle,
                viewer,
                budget,
                liveness: Liveness::new(ping_every),
                places,
                _account_socket: account_socket,
            }
            .run(subscription.sync)
        }))
}
