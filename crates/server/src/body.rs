use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::IntoResponse;
use serde::de::DeserializeOwned;

use crate::{ApiError, AppState};

/// The limit on request bodies and WebSocket messages.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// A JSON request body, read whatever its content type (so `curl -d` works). An empty body
/// reads as the type's default. Malformed JSON, unknown fields and wrong types are a
/// `bad_request`; a body over 8 KiB is `too_large`.
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
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::BadRequest(rejection.into_response().status().to_string())
            }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Body(T::default()));
        }
        parse_json(&bytes).map(Body)
    }
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
    use crate::ws::ClientMessage;

    #[test]
    fn only_objects_are_read() {
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
