//! Pages act through the server's own HTTP API, called in process: a form that signs up,
//! creates a table or plays a move goes through exactly the handler, checks and limits a
//! program calling `/api/...` goes through. No second path to the rules or the store.

use std::net::SocketAddr;
use std::sync::Arc;

use agora_server::{ApiError, AppState};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_TYPE, COOKIE, HOST, ORIGIN, RETRY_AFTER, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

use crate::ctx::PageError;

/// The API's router, built once beside the pages.
#[derive(Clone, Debug)]
pub struct Api(Arc<Router>);

/// What the API answered: the body, and the cookies it set (a new session).
#[derive(Debug)]
pub struct Answer {
    pub body: Value,
    pub set_cookies: Vec<HeaderValue>,
}

/// An error answer: its code and message, as the API gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
    /// A `429`'s `Retry-After`: in how many seconds to try again.
    pub retry_after: Option<u64>,
}

impl Answer {
    /// An answer with `body` and no cookie.
    pub fn of(body: Value) -> Answer {
        Answer {
            body,
            set_cookies: Vec::new(),
        }
    }
}

impl From<Refusal> for PageError {
    fn from(r: Refusal) -> PageError {
        PageError {
            status: r.status,
            message: crate::errors::message_id(&r.code),
            detail: Some(r.message),
        }
    }
}

impl Api {
    pub fn new(state: AppState) -> Api {
        Api(Arc::new(agora_server::router(state, None)))
    }

    /// Calls `method path` with a JSON `body` on behalf of the page request whose headers
    /// are `from` (its cookie, and what it says of where it came from).
    pub async fn call(
        &self,
        from: &HeaderMap,
        peer: Option<SocketAddr>,
        method: Method,
        path: &str,
        body: Value,
    ) -> Result<Answer, Refusal> {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header(CONTENT_TYPE, "application/json");
        for name in [COOKIE, ORIGIN, HOST] {
            for value in from.get_all(&name) {
                request = request.header(&name, value);
            }
        }
        if let Some(site) = from.get("sec-fetch-site") {
            request = request.header("sec-fetch-site", site);
        }
        let mut request = request
            .body(Body::from(body.to_string()))
            .map_err(|_| internal())?;
        let peer = peer.unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0)));
        request.extensions_mut().insert(ConnectInfo(peer));
        let response = (*self.0)
            .clone()
            .oneshot(request)
            .await
            .map_err(|_| internal())?;
        let status = response.status();
        let retry_after =
            (response.headers().get(RETRY_AFTER)).and_then(|v| v.to_str().ok()?.parse().ok());
        let set_cookies = response
            .headers()
            .get_all(SET_COOKIE)
            .iter()
            .cloned()
            .collect();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .map_err(|_| internal())?;
        let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(Answer { body, set_cookies });
        }
        let text = |key: &str| body["error"][key].as_str().unwrap_or("").to_string();
        Err(Refusal {
            status,
            code: text("code"),
            message: text("message"),
            retry_after,
        })
    }
}

fn internal() -> Refusal {
    ApiError::Internal.into()
}

/// An error of a service the pages call directly, as the API would have answered it.
impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal {
            status: e.status(),
            code: e.code().to_string(),
            message: e.to_string(),
            retry_after: None,
        }
    }
}
