//! Each API error code's sentence on the pages (`error-code-*` in the `.ftl` files).

use agora_server::ApiError;
use axum::http::StatusCode;

/// The message id that explains the API error `code` to a player.
pub fn message_id(code: &str) -> &'static str {
    match code {
        "bad_request" => "error-code-bad_request",
        "too_large" => "error-code-too_large",
        "rate_limited" => "error-code-rate_limited",
        "unauthorized" => "error-code-unauthorized",
        "bad_credentials" => "error-code-bad_credentials",
        "forbidden" => "error-code-forbidden",
        "not_found" => "error-code-not_found",
        "unknown_game" => "error-code-unknown_game",
        "invalid_setup" => "error-code-invalid_setup",
        "name_taken" => "error-code-name_taken",
        "seat_taken" => "error-code-seat_taken",
        "wrong_state" => "error-code-wrong_state",
        "not_your_turn" => "error-code-not_your_turn",
        "bad_notation" => "error-code-bad_notation",
        "illegal_move" => "error-code-illegal_move",
        "stale_version" => "error-code-stale_version",
        "game_over" => "error-code-game_over",
        "not_finished" => "error-code-not_finished",
        "unavailable" => "error-code-unavailable",
        "unsupported_media_type" => "error-code-unsupported_media_type",
        "cross_site" => "error-code-cross_site",
        "rated_needs_account" => "error-code-rated_needs_account",
        "limit_reached" => "error-code-limit_reached",
        _ => "error-internal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_api_code_has_its_own_sentence() {
        let ids = crate::i18n::message_ids(agora_present::Lang::En);
        for code in agora_server::ApiError::CODES {
            let id = message_id(code);
            if *code != "internal" {
                assert_eq!(id, format!("error-code-{code}"), "{code}");
            }
            assert!(ids.contains(id), "{id} is not in the English files");
        }
    }
}

/// A page that could not be shown, with a status and a message id from the pages' `.ftl`
/// files; rendered in the reader's language by [`crate::error_page`].
#[derive(Clone, Debug)]
pub struct PageError {
    pub status: StatusCode,
    pub message: &'static str,
    /// What the server said, for codes without a sentence of their own (English).
    pub detail: Option<String>,
}

impl PageError {
    pub fn new(status: StatusCode, message: &'static str) -> PageError {
        PageError {
            status,
            message,
            detail: None,
        }
    }

    pub fn not_found() -> PageError {
        PageError::new(StatusCode::NOT_FOUND, "error-not-found")
    }
}

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> PageError {
        let status = e.status();
        let code = e.code();
        PageError {
            status,
            message: message_id(code),
            detail: Some(e.to_string()),
        }
    }
}

impl From<askama::Error> for PageError {
    fn from(e: askama::Error) -> PageError {
        tracing::error!(error = %e, "a template failed");
        PageError::new(StatusCode::INTERNAL_SERVER_ERROR, "error-internal")
    }
}

impl From<agora_store::StoreError> for PageError {
    fn from(e: agora_store::StoreError) -> PageError {
        ApiError::from(e).into()
    }
}
