use std::time::Duration;

use axum::body::{Bytes, HttpBody};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::IntoResponse;
use axum::response::Response;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::{ApiError, AppState};

/// The limit on request bodies and WebSocket messages.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// A JSON request body, declared `Content-Type: application/json` (`415
/// unsupported_media_type` otherwise: a form or a `text/plain` post from another site is
/// never read as JSON). An empty body reads as the type's default, and needs no content
/// type. Malformed JSON, unknown fields and wrong types are a `bad_request`; a body over
/// 8 KiB is `too_large`.
#[derive(Debug)]
pub struct Body<T>(pub T);

/// Reads a JSON message with the protocol's errors. Every body and message is an object:
/// serde would also read a struct from an array of its fields in order (`["Ada", "secret"]`
/// as a sign-up), which the protocol does not allow (found by fuzzing, see fuzz/).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if let Some(&first) = bytes.iter().find(|b| !b.is_ascii_whitespace())
        && first != b'{'
    {
        return Err(ApiError::BadRequest("expected a JSON object".into()));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(e.to_string()))
}

impl<T: DeserializeOwned + Default> FromRequest<AppState> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        let declared = req.headers().get(CONTENT_TYPE).map(is_json);
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else if let Some(late) = std::error::Error::source(&rejection)
                .map(unread_body)
                .filter(|e| *e != ApiError::TooLarge)
            {
                late
            } else {
                ApiError::BadRequest(rejection.into_response().status().to_string())
            }
        })?;
        let empty = bytes.iter().all(u8::is_ascii_whitespace);
        match declared {
            Some(true) => {}
            None if empty => {}
            // A form, text, or a body with no type at all (a browser sends a `Blob` so).
            Some(false) | None => return Err(ApiError::UnsupportedMediaType),
        }
        if empty {
            return Ok(Body(T::default()));
        }
        parse_json(&bytes).map(Body)
    }
}

/// The error a request body gives when it did not arrive in time.
#[derive(Debug)]
pub struct BodyTimedOut(Duration);

impl std::fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the request body did not arrive within {} s",
            self.0.as_secs_f32()
        )
    }
}

impl std::error::Error for BodyTimedOut {}

/// Gives a request's body `limit` from now to arrive whole; past it, reading the body fails
/// with [`BodyTimedOut`] (whoever reads it answers `400 bad_request`). A slow body otherwise
/// held its connection as long as the client kept sending a byte now and then.
pub async fn deadline(limit: Duration, request: Request, next: Next) -> Response {
    if request.body().size_hint().exact() == Some(0) {
        return next.run(request).await;
    }
    let until = tokio::time::Instant::now() + limit;
    let (parts, body) = request.into_parts();
    let data = body.into_data_stream();
    let timed = futures_util::stream::unfold(Some(data), move |data| async move {
        let mut data = data?;
        match tokio::time::timeout_at(until, data.next()).await {
            Ok(Some(chunk)) => Some((chunk, Some(data))),
            Ok(None) => None,
            Err(_) => Some((Err(axum::Error::new(BodyTimedOut(limit))), None)),
        }
    });
    next.run(Request::from_parts(
        parts,
        axum::body::Body::from_stream(timed),
    ))
    .await
}

/// The API's answer to a body that could not be read: `too_large`, or `bad_request` when it
/// did not arrive in time.
pub fn unread_body(error: &(dyn std::error::Error + 'static)) -> ApiError {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if let Some(late) = e.downcast_ref::<BodyTimedOut>() {
            return ApiError::BadRequest(late.to_string());
        }
        cause = e.source();
    }
    ApiError::TooLarge
}

/// `application/json`, with parameters (`; charset=utf-8`) or not, or a `+json` type.
fn is_json(content_type: &HeaderValue) -> bool {
    let Ok(text) = content_type.to_str() else {
        return false;
    };
    let essence = text.split(';').next().unwrap_or("").trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json") || subtype.to_ascii_lowercase().ends_with("+json"))
}

/// A query string, read as `axum::extract::Query` reads it, but refused with the protocol's
/// `bad_request` (a JSON error with its code) rather than axum's plain-text 400.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(query)| Query(query))
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        let json = |t: &str| is_json(&HeaderValue::from_str(t).unwrap());
        assert!(json("application/json"));
        assert!(json("Application/JSON; charset=utf-8"));
        assert!(json("application/problem+json"));
        assert!(!json("text/plain"));
        assert!(!json("text/plain;charset=UTF-8"));
        assert!(!json("application/x-www-form-urlencoded"));
        assert!(!json("multipart/form-data; boundary=x"));
        assert!(!json("application/jsonp"));
        assert!(!json(""));
    }

    #[test]
    fn only_objects_are_read() {
        // Shaped like the WebSocket's messages, which this room may not import: serde would
        // read an array into it too.
        #[derive(Debug, PartialEq, serde::Deserialize)]
        #[serde(tag = "type", rename_all = "snake_case")]
        enum ClientMessage {
            Ping { reference: Option<u64> },
            Play { notation: String },
        }
        assert_eq!(
            parse_json::<ClientMessage>(b" {\"type\": \"ping\"}"),
            Ok(ClientMessage::Ping { reference: None })
        );
        for text in [
            &b"[\"ping\"]"[..],
            b" [\"play\", \"S1\"]",
            b"\"ping\"",
            b"7",
            b"null",
        ] {
            assert_eq!(
                parse_json::<ClientMessage>(text),
                Err(ApiError::BadRequest("expected a JSON object".into())),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        let error = parse_json::<ClientMessage>(b"").unwrap_err();
        assert!(matches!(error, ApiError::BadRequest(reason) if reason.contains("EOF")));
    }
}
