use agora_server::ApiError;
use agora_server::body::parse_json;
use agora_server::ws::ClientMessage;
use serde_json::{Map, Value, json};

/// Reads the input as the server reads a WebSocket text message
/// (`agora_server::body::parse_json` into `agora_server::ws::ClientMessage`).
///
/// A refused message is a `bad_request` that says what is wrong; an accepted one was a JSON
/// object, and written back as JSON ([`message_json`]) reads as the same message.
///
/// # Panics
///
/// When one of these breaks.
pub fn check_ws_message(data: &[u8]) {
    let message = match parse_json::<ClientMessage>(data) {
        Ok(message) => message,
        Err(e) => {
            assert!(
                matches!(&e, ApiError::BadRequest(reason) if !reason.is_empty()),
                "refused with {e:?}"
            );
            return;
        }
    };
    let sent: Value = serde_json::from_slice(data).expect("an accepted message is JSON");
    assert!(
        sent.is_object(),
        "accepted a message that is not an object: {sent}"
    );
    let written = message_json(&message);
    let text = serde_json::to_vec(&written).expect("JSON values serialize");
    assert_eq!(
        parse_json::<ClientMessage>(&text),
        Ok(message),
        "the message written as {written} reads otherwise"
    );
}

/// A client message as docs/protocol.md writes it: `{"type": ..., ...}`, absent fields left
/// out.
pub fn message_json(message: &ClientMessage) -> Value {
    let (kind, reference) = match message {
        ClientMessage::Play { reference, .. } => ("play", reference),
        ClientMessage::Resign { reference } => ("resign", reference),
        ClientMessage::OfferDraw { reference } => ("offer_draw", reference),
        ClientMessage::DeclineDraw { reference } => ("decline_draw", reference),
        ClientMessage::Abort { reference } => ("abort", reference),
        ClientMessage::Sync { reference, .. } => ("sync", reference),
        ClientMessage::Ping { reference } => ("ping", reference),
        ClientMessage::Rematch { reference } => ("rematch", reference),
    };
    let mut fields = Map::new();
    fields.insert("type".into(), json!(kind));
    if let Some(reference) = reference {
        fields.insert("ref".into(), json!(reference));
    }
    match message {
        ClientMessage::Play {
            notation, version, ..
        } => {
            fields.insert("move".into(), json!(notation));
            if let Some(version) = version {
                fields.insert("version".into(), json!(version));
            }
        }
        ClientMessage::Sync {
            since: Some(since), ..
        } => {
            fields.insert("since".into(), json!(since));
        }
        _ => {}
    }
    Value::Object(fields)
}
