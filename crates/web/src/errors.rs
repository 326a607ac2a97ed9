//! Each API error code's sentence on the pages (`error-code-*` in the `.ftl` files).

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
