//! What a client may send over the WebSocket, read in one pass with every refusal saying what
//! is wrong.

use serde::Deserialize;

/// What a client may send: `{"type": ..., ...}` with the fields of its type (docs/protocol.md).
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(try_from = "MessageFields")]
pub enum ClientMessage {
    Play {
        notation: String,
        version: Option<u64>,
        reference: Option<u64>,
    },
    Resign {
        reference: Option<u64>,
    },
    OfferDraw {
        reference: Option<u64>,
    },
    DeclineDraw {
        reference: Option<u64>,
    },
    Abort {
        reference: Option<u64>,
    },
    /// Asks again for a `sync` frame: the events after `since`, or a fresh view.
    Sync {
        since: Option<u64>,
        reference: Option<u64>,
    },
    Ping {
        reference: Option<u64>,
    },
    /// Asks for a rematch of a game that is over.
    Rematch {
        reference: Option<u64>,
    },
}

/// A client message as sent: every field of every type, read in one pass. (Read as serde's
/// internally tagged enum, each message was first copied into a tree to find its `type`.)
/// A field is `Some` when it is present, even as `null`, so a field that a type does not
/// have is refused as unknown whatever its value.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MessageFields {
    #[serde(rename = "type")]
    kind: MessageKind,
    #[serde(default, rename = "move", deserialize_with = "present")]
    notation: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    version: Option<Option<u64>>,
    #[serde(default, rename = "ref", deserialize_with = "present")]
    reference: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    since: Option<Option<u64>>,
}

#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum MessageKind {
    Play,
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
    Sync,
    Ping,
    Rematch,
}

fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

impl TryFrom<MessageFields> for ClientMessage {
    type Error = String;

    fn try_from(fields: MessageFields) -> Result<ClientMessage, String> {
        let MessageFields {
            kind,
            notation,
            version,
            reference,
            since,
        } = fields;
        let reference = reference.flatten();
        let stray = match kind {
            MessageKind::Play => since.map(|_| "since"),
            MessageKind::Sync => notation
                .as_ref()
                .map(|_| "move")
                .or(version.map(|_| "version")),
            _ => (notation.as_ref().map(|_| "move"))
                .or(version.map(|_| "version"))
                .or(since.map(|_| "since")),
        };
        if let Some(field) = stray {
            return Err(format!("unknown field `{field}` in a message of this type"));
        }
        Ok(match kind {
            MessageKind::Play => ClientMessage::Play {
                notation: match notation {
                    Some(Some(notation)) => notation,
                    Some(None) => return Err("`move` must be a string".into()),
                    None => return Err("missing field `move`".into()),
                },
                version: version.flatten(),
                reference,
            },
            MessageKind::Resign => ClientMessage::Resign { reference },
            MessageKind::OfferDraw => ClientMessage::OfferDraw { reference },
            MessageKind::DeclineDraw => ClientMessage::DeclineDraw { reference },
            MessageKind::Abort => ClientMessage::Abort { reference },
            MessageKind::Sync => ClientMessage::Sync {
                since: since.flatten(),
                reference,
            },
            MessageKind::Ping => ClientMessage::Ping { reference },
            MessageKind::Rematch => ClientMessage::Rematch { reference },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ClientMessage, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn messages_read_with_their_fields_in_any_order() {
        assert_eq!(
            parse(r#"{"move":"S1>0c","type":"play","ref":3,"version":7}"#),
            Ok(ClientMessage::Play {
                notation: "S1>0c".into(),
                version: Some(7),
                reference: Some(3),
            })
        );
        assert_eq!(
            parse(r#"{"type":"play","move":"x","version":null,"ref":null}"#),
            Ok(ClientMessage::Play {
                notation: "x".into(),
                version: None,
                reference: None,
            })
        );
        assert_eq!(
            parse(r#"{"type":"sync","since":4}"#),
            Ok(ClientMessage::Sync {
                since: Some(4),
                reference: None,
            })
        );
        assert_eq!(
            parse(r#"{"type":"offer_draw","ref":1}"#),
            Ok(ClientMessage::OfferDraw { reference: Some(1) })
        );
        for (text, message) in [
            ("resign", ClientMessage::Resign { reference: None }),
            (
                "decline_draw",
                ClientMessage::DeclineDraw { reference: None },
            ),
            ("abort", ClientMessage::Abort { reference: None }),
            ("ping", ClientMessage::Ping { reference: None }),
            ("rematch", ClientMessage::Rematch { reference: None }),
        ] {
            assert_eq!(parse(&format!(r#"{{"type":"{text}"}}"#)), Ok(message));
        }
    }

    /// Unknown types and fields, fields of another type (even as `null`), missing or
    /// mistyped fields, repeated fields: each refused with what is wrong.
    #[test]
    fn malformed_messages_are_refused_with_the_reason() {
        for (text, reason) in [
            (r#"{"type":"castle"}"#, "unknown variant `castle`"),
            (r#"{"move":"x"}"#, "missing field `type`"),
            (r#"{"type":"play"}"#, "missing field `move`"),
            (r#"{"type":"play","move":null}"#, "`move` must be a string"),
            (r#"{"type":"play","move":3}"#, "invalid type: integer `3`"),
            (
                r#"{"type":"play","move":"x","since":1}"#,
                "unknown field `since`",
            ),
            (r#"{"type":"resign","move":null}"#, "unknown field `move`"),
            (r#"{"type":"sync","version":1}"#, "unknown field `version`"),
            (r#"{"type":"ping","since":1}"#, "unknown field `since`"),
            (
                r#"{"type":"ping","colour":"red"}"#,
                "unknown field `colour`",
            ),
            (r#"{"type":"ping","ref":-1}"#, "invalid value: integer `-1`"),
            (r#"{"type":"ping","type":"ping"}"#, "duplicate field `type`"),
            (r#""ping""#, "invalid type: string"),
        ] {
            let error = parse(text).expect_err(text);
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
