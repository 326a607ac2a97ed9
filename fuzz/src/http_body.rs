use std::fmt::Debug;

use agora_server::ApiError;
use agora_server::api::{Empty, Guest, Join, MoveBody, NewToken, SignIn, SignUp, VersionBody};
use agora_server::body::parse_json;
use agora_server::lobby::CreateTable;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A JSON body of the HTTP API, by the type the server reads it into.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BodyKind {
    SignUp,
    SignIn,
    Guest,
    NewToken,
    CreateTable,
    Join,
    Move,
    Version,
    Empty,
}

impl BodyKind {
    pub const ALL: &'static [BodyKind] = &[
        BodyKind::SignUp,
        BodyKind::SignIn,
        BodyKind::Guest,
        BodyKind::NewToken,
        BodyKind::CreateTable,
        BodyKind::Join,
        BodyKind::Move,
        BodyKind::Version,
        BodyKind::Empty,
    ];

    /// The byte that picks this kind in a [`check_http_body`] input.
    pub fn byte(self) -> u8 {
        BodyKind::ALL
            .iter()
            .position(|&k| k == self)
            .expect("every kind is listed") as u8
    }
}

/// Reads the input as a request body: the first byte picks a [`BodyKind`], the rest goes
/// through `agora_server::body::parse_json`, as the server's `Body` extractor sends it.
///
/// A refused body is a `bad_request` that says what is wrong; an accepted one was a JSON
/// object, reads the same from its JSON tree, and the same again once that tree is written
/// out (compared by `Debug`, as the bodies have no other equality).
///
/// # Panics
///
/// When one of these breaks.
pub fn check_http_body(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    match BodyKind::ALL[usize::from(pick) % BodyKind::ALL.len()] {
        BodyKind::SignUp => check::<SignUp>(body),
        BodyKind::SignIn => check::<SignIn>(body),
        BodyKind::Guest => check::<Guest>(body),
        BodyKind::NewToken => check::<NewToken>(body),
        BodyKind::CreateTable => check::<CreateTable>(body),
        BodyKind::Join => check::<Join>(body),
        BodyKind::Move => check::<MoveBody>(body),
        BodyKind::Version => check::<VersionBody>(body),
        BodyKind::Empty => check::<Empty>(body),
    }
}

fn check<T: DeserializeOwned + Debug>(body: &[u8]) {
    let read = match parse_json::<T>(body) {
        Ok(read) => format!("{read:?}"),
        Err(e) => {
            assert!(
                matches!(&e, ApiError::BadRequest(reason) if !reason.is_empty()),
                "refused with {e:?}"
            );
            return;
        }
    };
    let tree: Value = serde_json::from_slice(body).expect("an accepted body is JSON");
    assert!(
        tree.is_object(),
        "accepted a body that is not an object: {tree}"
    );
    let from_tree = T::deserialize(&tree)
        .unwrap_or_else(|e| panic!("{tree} read from bytes but not from its tree: {e}"));
    assert_eq!(format!("{from_tree:?}"), read, "{tree} reads two ways");
    let text = serde_json::to_vec(&tree).expect("JSON values serialize");
    let again =
        parse_json::<T>(&text).unwrap_or_else(|e| panic!("{tree} once written is refused: {e}"));
    assert_eq!(
        format!("{again:?}"),
        read,
        "{tree} reads otherwise once written"
    );
}
