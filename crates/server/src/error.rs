use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use agora_engine::{ParseMoveError, Refusal, RefusalArg};
use agora_games::{AnyGameError, UnknownGame};
use agora_store::StoreError;

/// Every error the API reports, over HTTP (a status and a JSON body) and over WebSocket (an
/// `error` frame). Each has a stable snake_case code, listed in `docs/protocol.md`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// Malformed JSON, unknown fields, missing fields, wrong types.
    BadRequest(String),
    /// A body or a frame over the size limit.
    TooLarge,
    /// A request body that is not declared `application/json`.
    UnsupportedMediaType,
    /// Too many requests or messages.
    RateLimited,
    /// Not signed in, or an unknown session or token.
    Unauthorized,
    /// Wrong name or password.
    BadCredentials,
    /// Signed in, but not allowed to do this.
    Forbidden(&'static str),
    /// A request that changes state, sent by a browser from another site (see
    /// `same_site.rs`).
    CrossSite,
    /// A guest may not create or join a rated table: rated play is for signed-up accounts.
    RatedNeedsAccount,
    NotFound(&'static str),
    UnknownGame(String),
    /// Options or seats a game cannot start with.
    InvalidSetup(String),
    NameTaken,
    /// The seat was taken, or the table is no longer open.
    SeatTaken,
    /// The account holds as many open tables, or games against bots, as it may.
    LimitReached(&'static str),
    /// The table is not in a state that allows this (not open, already started, over).
    WrongState(&'static str),
    /// A move from a spectator or from a seat that is not to move.
    NotYourTurn,
    /// Text that is not a move in the game's notation.
    BadNotation(Refused),
    IllegalMove(Refused),
    /// The client said which version it played against, and the game has moved on.
    StaleVersion {
        current: u64,
    },
    GameOver,
    /// The record of a game that is not over (its seed is still secret).
    NotFinished,
    /// The server is shutting down or the game could not be reached.
    Unavailable,
    Internal,
}

impl ApiError {
    /// Every code the API reports, as `docs/protocol.md` lists them.
    pub const CODES: &'static [&'static str] = &[
        "bad_request",
        "too_large",
        "unsupported_media_type",
        "rate_limited",
        "unauthorized",
        "bad_credentials",
        "forbidden",
        "cross_site",
        "rated_needs_account",
        "not_found",
        "unknown_game",
        "invalid_setup",
        "name_taken",
        "seat_taken",
        "limit_reached",
        "wrong_state",
        "not_your_turn",
        "bad_notation",
        "illegal_move",
        "stale_version",
        "game_over",
        "not_finished",
        "unavailable",
        "internal",
    ];

    /// The stable code clients match on.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::TooLarge => "too_large",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::RateLimited => "rate_limited",
            ApiError::Unauthorized => "unauthorized",
            ApiError::BadCredentials => "bad_credentials",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::CrossSite => "cross_site",
            ApiError::RatedNeedsAccount => "rated_needs_account",
            ApiError::NotFound(_) => "not_found",
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::InvalidSetup(_) => "invalid_setup",
            ApiError::NameTaken => "name_taken",
            ApiError::SeatTaken => "seat_taken",
            ApiError::LimitReached(_) => "limit_reached",
            ApiError::WrongState(_) => "wrong_state",
            ApiError::NotYourTurn => "not_your_turn",
            ApiError::BadNotation(_) => "bad_notation",
            ApiError::IllegalMove(_) => "illegal_move",
            ApiError::StaleVersion { .. } => "stale_version",
            ApiError::GameOver => "game_over",
            ApiError::NotFinished => "not_finished",
            ApiError::Unavailable => "unavailable",
            ApiError::Internal => "internal",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::InvalidSetup(_) | ApiError::UnknownGame(_) => {
                StatusCode::BAD_REQUEST
            }
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unauthorized | ApiError::BadCredentials => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::CrossSite | ApiError::RatedNeedsAccount => {
                StatusCode::FORBIDDEN
            }
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::NameTaken
            | ApiError::SeatTaken
            | ApiError::LimitReached(_)
            | ApiError::WrongState(_)
            | ApiError::NotYourTurn
            | ApiError::StaleVersion { .. }
            | ApiError::GameOver
            | ApiError::NotFinished => StatusCode::CONFLICT,
            ApiError::BadNotation(_) | ApiError::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A message for people; clients should match on [`ApiError::code`].
    pub fn message(&self) -> String {
        match self {
            ApiError::BadRequest(why) => format!("bad request: {why}"),
            ApiError::TooLarge => "too large: requests and frames are limited to 8 KiB".into(),
            ApiError::UnsupportedMediaType => {
                "send the body as JSON, with Content-Type: application/json".into()
            }
            ApiError::RateLimited => "too many requests: slow down".into(),
            ApiError::Unauthorized => "sign in first (session cookie or bearer token)".into(),
            ApiError::BadCredentials => "wrong name or password".into(),
            ApiError::Forbidden(why) => format!("forbidden: {why}"),
            ApiError::CrossSite => {
                "refused: this request comes from another site (use the site itself, or a bearer token)"
                    .into()
            }
            ApiError::RatedNeedsAccount => {
                "rated tables are for signed-up accounts: sign up to play rated games".into()
            }
            ApiError::NotFound(what) => format!("no such {what}"),
            ApiError::UnknownGame(why) => why.clone(),
            ApiError::InvalidSetup(why) => format!("invalid setup: {why}"),
            ApiError::NameTaken => "that name, or one that looks like it, is taken".into(),
            ApiError::SeatTaken => "that seat is not free".into(),
            ApiError::LimitReached(why) => format!("limit reached: {why}"),
            ApiError::WrongState(why) => why.to_string(),
            ApiError::NotYourTurn => "it is not your turn".into(),
            ApiError::BadNotation(why) => why.message.clone(),
            ApiError::IllegalMove(why) => format!("illegal move: {}", why.message),
            ApiError::StaleVersion { current } => {
                format!("the game has moved on: it is at version {current}")
            }
            ApiError::GameOver => "the game is over".into(),
            ApiError::NotFinished => "the record is available once the game is over".into(),
            ApiError::Unavailable => "the game is unavailable right now; retry".into(),
            ApiError::Internal => "internal error".into(),
        }
    }

    /// The JSON body of an HTTP error, and the payload of a WebSocket `error` frame.
    pub fn body(&self) -> serde_json::Value {
        let mut body = json!({"code": self.code(), "message": self.message()});
        if let ApiError::StaleVersion { current } = self {
            body["version"] = json!(current);
        }
        if let ApiError::BadNotation(Refused {
            refusal: Some(refusal),
            ..
        })
        | ApiError::IllegalMove(Refused {
            refusal: Some(refusal),
            ..
        }) = self
        {
            body["refusal"] = refusal_json(refusal);
        }
        body
    }
}

/// A move the engine refused, or text that is not a move: the English words, and the
/// engine's reason as a code and arguments, so that each reader's language words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The English words, for logs and for clients that show the message.
    pub message: String,
    /// The engine's reason; `None` for one no engine gave (a move too long to send between
    /// nodes) or one from a newer node whose code this one does not know.
    pub refusal: Option<Refusal>,
    /// Text that is not a move: the text as typed (cut short), which the words quote.
    pub typed: Option<String>,
}

impl Refused {
    /// A refusal in words only.
    pub fn words(message: impl Into<String>) -> Refused {
        Refused {
            message: message.into(),
            refusal: None,
            typed: None,
        }
    }

    /// Unreadable text, as the engine's parser refused it (for wording it in a language).
    pub fn parse_error(&self) -> Option<ParseMoveError> {
        Some(ParseMoveError {
            text: self.typed.clone()?,
            reason: self.refusal.clone()?,
        })
    }
}

/// A refusal as JSON: `{"code": "tyrus-not-in-hand", "args": {"tile": "S2"}}`, numbers as
/// numbers and the game's words as strings.
pub fn refusal_json(refusal: &Refusal) -> serde_json::Value {
    let args: serde_json::Map<String, serde_json::Value> = refusal
        .args()
        .iter()
        .map(|(name, value)| {
            let value = match value {
                RefusalArg::Number(n) => json!(n),
                RefusalArg::Word(word) => json!(word),
            };
            (name.to_string(), value)
        })
        .collect();
    json!({"code": refusal.code(), "args": args})
}

/// A refusal back from [`refusal_json`]'s JSON; `None` for a code or an argument no engine
/// here knows.
pub fn refusal_from_json(value: &serde_json::Value) -> Option<Refusal> {
    let code = value.get("code")?.as_str()?;
    let args = value
        .get("args")?
        .as_object()?
        .iter()
        .map(|(name, value)| {
            let arg = match value {
                serde_json::Value::Number(n) => RefusalArg::Number(n.as_i64()?),
                serde_json::Value::String(word) => RefusalArg::Word(word.clone().into()),
                _ => return None,
            };
            Some((name.clone(), arg))
        })
        .collect::<Option<Vec<_>>>()?;
    agora_games::refusal_of(code, args)
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.body()});
        (self.status(), Json(body)).into_response()
    }
}

impl From<UnknownGame> for ApiError {
    fn from(e: UnknownGame) -> ApiError {
        ApiError::UnknownGame(e.to_string())
    }
}

impl From<AnyGameError> for ApiError {
    fn from(e: AnyGameError) -> ApiError {
        match e {
            AnyGameError::UnknownGame(e) => e.into(),
            AnyGameError::Record(e) => ApiError::InvalidSetup(e.to_string()),
            AnyGameError::Notation(e) => ApiError::BadNotation(Refused {
                message: e.to_string(),
                refusal: Some(e.reason.clone()),
                typed: Some(e.text.clone()),
            }),
            AnyGameError::Illegal(e) => ApiError::IllegalMove(Refused {
                message: e.to_string(),
                refusal: Some(e.refusal().clone()),
                typed: None,
            }),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound => ApiError::NotFound("record"),
            StoreError::Conflict(_) => {
                ApiError::WrongState("someone else changed this first; retry")
            }
            other => {
                tracing::error!(error = %other, "store failure");
                ApiError::Internal
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One error of each kind; the match makes a new variant fail to compile here until it
    /// is added (and so listed in [`ApiError::CODES`] and the protocol's table).
    fn one_of_each() -> Vec<ApiError> {
        let all = vec![
            ApiError::BadRequest(String::new()),
            ApiError::TooLarge,
            ApiError::UnsupportedMediaType,
            ApiError::RateLimited,
            ApiError::Unauthorized,
            ApiError::BadCredentials,
            ApiError::Forbidden(""),
            ApiError::CrossSite,
            ApiError::RatedNeedsAccount,
            ApiError::NotFound(""),
            ApiError::UnknownGame(String::new()),
            ApiError::InvalidSetup(String::new()),
            ApiError::NameTaken,
            ApiError::SeatTaken,
            ApiError::LimitReached(""),
            ApiError::WrongState(""),
            ApiError::NotYourTurn,
            ApiError::BadNotation(Refused::words("")),
            ApiError::IllegalMove(Refused::words("")),
            ApiError::StaleVersion { current: 0 },
            ApiError::GameOver,
            ApiError::NotFinished,
            ApiError::Unavailable,
            ApiError::Internal,
        ];
        for error in &all {
            match error {
                ApiError::BadRequest(_)
                | ApiError::TooLarge
                | ApiError::UnsupportedMediaType
                | ApiError::RateLimited
                | ApiError::Unauthorized
                | ApiError::BadCredentials
                | ApiError::Forbidden(_)
                | ApiError::CrossSite
                | ApiError::RatedNeedsAccount
                | ApiError::NotFound(_)
                | ApiError::UnknownGame(_)
                | ApiError::InvalidSetup(_)
                | ApiError::NameTaken
                | ApiError::SeatTaken
                | ApiError::LimitReached(_)
                | ApiError::WrongState(_)
                | ApiError::NotYourTurn
                | ApiError::BadNotation(_)
                | ApiError::IllegalMove(_)
                | ApiError::StaleVersion { .. }
                | ApiError::GameOver
                | ApiError::NotFinished
                | ApiError::Unavailable
                | ApiError::Internal => {}
            }
        }
        all
    }

    #[test]
    fn codes_are_listed_once_each() {
        let codes: Vec<&str> = one_of_each().iter().map(ApiError::code).collect();
        assert_eq!(codes, ApiError::CODES);
    }

    #[test]
    fn the_protocol_documents_every_code_with_its_status() {
        let doc = include_str!("../../../docs/protocol.md");
        for error in one_of_each() {
            let row = format!("| `{}` | {} |", error.code(), error.status().as_u16());
            assert!(doc.contains(&row), "docs/protocol.md lacks the row {row:?}");
        }
    }
}
