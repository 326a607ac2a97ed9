//! The HTTP API as an OpenAPI 3.1 document, generated from the handlers' annotations and
//! served at `/api/openapi.json`. docs/protocol.md remains the guide (frames, views, rules);
//! this is the machine-readable list of routes, parameters and request bodies.

use axum::Json;
use serde_json::json;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi as Document, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use crate::ApiError;
use crate::api;
use crate::api::ws;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Agora",
        description = "Agora's game server: accounts, lobby, and live and correspondence play. \
                       Every request body is JSON (`Content-Type: application/json`); \
                       see docs/protocol.md for views, frames and rules."
    ),
    paths(
        api::index,
        api::health,
        api::catalog,
        openapi_json,
        api::signup,
        api::signin,
        api::guest,
        api::signout,
        api::me,
        api::my_games,
        api::tokens,
        api::create_token,
        api::delete_token,
        api::open_tables,
        api::create_table,
        api::table,
        api::join,
        api::leave,
        api::cancel,
        api::game,
        api::play,
        api::resign,
        api::hint,
        api::offer_draw,
        api::decline_draw,
        api::abort,
        api::rematch,
        api::record,
        api::chances::chances,
        ws::upgrade,
        api::chat,
        api::say,
        api::report,
        api::mutes,
        api::mute,
        api::unmute,
        api::set_chat,
        api::player,
        api::leaderboard,
    ),
    modifiers(&Errors)
)]
struct ApiDoc;

/// Every operation may answer an error, in one shape with a code from [`ApiError::CODES`].
struct Errors;

impl Modify for Errors {
    fn modify(&self, document: &mut Document) {
        let schema = json!({
            "type": "object",
            "required": ["error"],
            "properties": {"error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "enum": ApiError::CODES},
                    "message": {"type": "string"},
                    "version": {
                        "type": "integer",
                        "description": "with stale_version: the game's version now"
                    }
                }
            }}
        });
        let Ok(schema) = serde_json::from_value(schema) else {
            return;
        };
        let components = document.components.get_or_insert_with(Default::default);
        components.schemas.insert("Error".into(), RefOr::T(schema));
        let error = ResponseBuilder::new()
            .description("an error: the status and code as docs/protocol.md lists them")
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                        "Error",
                    ))))
                    .build(),
            )
            .build();
        for item in document.paths.paths.values_mut() {
            let operations: [&mut Option<Operation>; 4] = [
                &mut item.get,
                &mut item.post,
                &mut item.delete,
                &mut item.put,
            ];
            for operation in operations.into_iter().flatten() {
                operation
                    .responses
                    .responses
                    .insert("default".into(), RefOr::T(error.clone()));
            }
        }
    }
}

/// The document, built once per call (it is small, and asked for rarely).
pub fn document() -> Document {
    ApiDoc::openapi()
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    summary = "This document.",
    responses((status = 200, description = "the OpenAPI document of the HTTP API", body = Object))
)]
pub async fn openapi_json() -> Json<Document> {
    Json(document())
}
