//! What nodes say to one another over PostgreSQL's NOTIFY: a request for the node that owns
//! a game, its reply, and the errors replies carry.

use agora_engine::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ApiError;
use crate::error::{Refused, refusal_from_json, refusal_json};

/// Something only a game's owner can do, asked by a node that shows the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    Act {
        seat: u8,
        action: WireAction,
        expected_version: Option<u64>,
    },
    /// The whole of asking for a rematch: the owner also creates and starts it when this
    /// seat is the last to ask.
    Rematch { seat: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "notation", rename_all = "snake_case")]
pub enum WireAction {
    Play(String),
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
}

impl Op {
    pub fn seat(&self) -> Seat {
        match self {
            Op::Act { seat, .. } | Op::Rematch { seat } => Seat(*seat),
        }
    }
}

/// A message on a node's own channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    Request {
        id: u64,
        /// The asking node, where the reply goes.
        from: String,
        game: i64,
        #[serde(flatten)]
        op: Op,
    },
    Reply {
        id: u64,
        result: Result<Value, WireError>,
    },
}

/// An [`ApiError`] on its way between nodes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireError {
    pub code: String,
    /// The variant's text, for those that carry one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u64>,
    /// A refused move's reason as a code and arguments (`refusal_json`'s form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Value>,
    /// Unreadable text as typed, which the refusal's words quote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed: Option<String>,
}

/// The texts of the errors with a fixed text that an owner answers a request with. A text
/// not here (a new one, from a newer node) arrives as the code's general text.
const TEXTS: &[&str] = &[
    "a game can be aborted only before your first move",
    "a rematch can be asked for once the game is over",
    "draws need every seat to agree, and AI seats never do",
    "spectators cannot act",
    "the server plays this seat now",
    "there is no draw offer to decline",
    "you already offered a draw",
    "you have no seat at this game",
    "game",
    "table",
    "seat",
];

fn fixed(detail: Option<String>, otherwise: &'static str) -> &'static str {
    detail
        .and_then(|d| TEXTS.iter().copied().find(|t| *t == d))
        .unwrap_or(otherwise)
}

/// The longest detail sent between nodes (a notification carries at most 8000 bytes; a
/// refusal quotes the move it refuses, which may be long).
const DETAIL_MAX: usize = 1_000;

impl From<&ApiError> for WireError {
    fn from(e: &ApiError) -> WireError {
        let mut detail = match e {
            ApiError::BadRequest(s) | ApiError::UnknownGame(s) | ApiError::InvalidSetup(s) => {
                Some(s.clone())
            }
            ApiError::BadNotation(r) | ApiError::IllegalMove(r) => Some(r.message.clone()),
            ApiError::Forbidden(s)
            | ApiError::NotFound(s)
            | ApiError::LimitReached(s)
            | ApiError::WrongState(s) => Some(s.to_string()),
            _ => None,
        };
        if let Some(text) = &mut detail
            && text.len() > DETAIL_MAX
        {
            let mut end = DETAIL_MAX;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            text.push('…');
        }
        let current = match e {
            ApiError::StaleVersion { current } => Some(*current),
            _ => None,
        };
        let refused = match e {
            ApiError::BadNotation(r) | ApiError::IllegalMove(r) => Some(r),
            _ => None,
        };
        WireError {
            code: e.code().to_string(),
            detail,
            current,
            refusal: refused.and_then(|r| r.refusal.as_ref()).map(refusal_json),
            // Cut short by the engine already (60 characters).
            typed: refused.and_then(|r| r.typed.clone()),
        }
    }
}

impl From<WireError> for ApiError {
    fn from(e: WireError) -> ApiError {
        let text = e.detail.clone().unwrap_or_default();
        let refused = || Refused {
            message: text.clone(),
            refusal: e.refusal.as_ref().and_then(refusal_from_json),
            typed: e.typed.clone(),
        };
        match e.code.as_str() {
            "bad_request" => ApiError::BadRequest(text),
            "too_large" => ApiError::TooLarge,
            "unsupported_media_type" => ApiError::UnsupportedMediaType,
            "rate_limited" => ApiError::RateLimited,
            "unauthorized" => ApiError::Unauthorized,
            "bad_credentials" => ApiError::BadCredentials,
            "forbidden" => ApiError::Forbidden(fixed(e.detail, "not allowed")),
            "cross_site" => ApiError::CrossSite,
            "rated_needs_account" => ApiError::RatedNeedsAccount,
            "not_found" => ApiError::NotFound(fixed(e.detail, "game")),
            "unknown_game" => ApiError::UnknownGame(text),
            "invalid_setup" => ApiError::InvalidSetup(text),
            "name_taken" => ApiError::NameTaken,
            "seat_taken" => ApiError::SeatTaken,
            "limit_reached" => ApiError::LimitReached(fixed(e.detail, "too many")),
            "wrong_state" => ApiError::WrongState(fixed(
                e.detail,
                "the game is not in a state that allows this",
            )),
            "not_your_turn" => ApiError::NotYourTurn,
            "bad_notation" => ApiError::BadNotation(refused()),
            "illegal_move" => ApiError::IllegalMove(refused()),
            "stale_version" => ApiError::StaleVersion {
                current: e.current.unwrap_or_default(),
            },
            "game_over" => ApiError::GameOver,
            "not_finished" => ApiError::NotFinished,
            "unavailable" => ApiError::Unavailable,
            _ => ApiError::Internal,
        }
    }
}

/// What the asking node makes of a reply's value for each op.
pub fn version_of(value: &Value) -> Result<u64, ApiError> {
    value.as_u64().ok_or(ApiError::Internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_an_owner_answers_with_crosses_unchanged() {
        let errors = [
            ApiError::NotYourTurn,
            ApiError::BadNotation(Refused::words("no such square")),
            ApiError::IllegalMove(Refused::words("the square is taken")),
            ApiError::from(agora_games::AnyGameError::Notation(
                agora_engine::ParseMoveError::new(
                    "S99 own citadel",
                    agora_tyrus::TyrusRefusal::ALL[0].refusal(),
                ),
            )),
            ApiError::from(agora_games::AnyGameError::Illegal(
                agora_engine::IllegalMove::new(
                    agora_engine::EngineRefusal::NotYourTurn.with("seat", 1u8),
                ),
            )),
            ApiError::StaleVersion { current: 7 },
            ApiError::GameOver,
            ApiError::Unavailable,
            ApiError::Internal,
            ApiError::NotFound("game"),
            ApiError::Forbidden("the server plays this seat now"),
            ApiError::WrongState("you already offered a draw"),
            ApiError::WrongState("a rematch can be asked for once the game is over"),
            ApiError::WrongState("draws need every seat to agree, and AI seats never do"),
        ];
        for error in errors {
            let wire = WireError::from(&error);
            let text = serde_json::to_string(&wire).unwrap();
            let back: WireError = serde_json::from_str(&text).unwrap();
            assert_eq!(ApiError::from(back), error, "{text}");
        }
        // Every code comes back as its own code.
        for code in ApiError::CODES {
            let wire = WireError {
                code: code.to_string(),
                detail: None,
                current: None,
                refusal: None,
                typed: None,
            };
            assert_eq!(ApiError::from(wire).code(), *code);
        }
    }

    #[test]
    fn a_long_detail_is_cut_to_fit_a_notification() {
        let long = ApiError::BadNotation(Refused::words("é\"".repeat(2_000)));
        let wire = WireError::from(&long);
        let text = serde_json::to_string(&Message::Reply {
            id: u64::MAX,
            result: Err(wire),
        })
        .unwrap();
        assert!(text.len() < 7_000, "{}", text.len());
    }

    #[test]
    fn requests_and_replies_read_back() {
        let request = Message::Request {
            id: 3,
            from: "n1".into(),
            game: 42,
            op: Op::Act {
                seat: 1,
                action: WireAction::Play("S1>0c".into()),
                expected_version: Some(9),
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Message>(&text).unwrap(), request);
        let reply = Message::Reply {
            id: 3,
            result: Err(WireError::from(&ApiError::NotYourTurn)),
        };
        let text = serde_json::to_string(&reply).unwrap();
        assert_eq!(serde_json::from_str::<Message>(&text).unwrap(), reply);
    }
}
