//! Fuzz targets for every parser that reads outside input, and the invariants each input
//! must keep.
//!
//! Each [`Target`] takes raw bytes and panics only when an invariant breaks; a refused input
//! is an ordinary outcome. The checks are plain functions, so they run three ways:
//!
//! - under AFL (`scripts/fuzz`, which builds `src/bin/fuzz.rs` with `cargo afl`), where a
//!   panic is a crash and coverage guides the inputs;
//! - as ordinary tests (`tests/corpus.rs`) over the committed corpus `fuzz/corpus/<target>/`,
//!   on any machine, without AFL;
//! - from [`seeds`], which derives each target's starting inputs from real data (conformance
//!   playthroughs, the games' test records and setups, the protocol's example messages).
//!
//! What each target checks:
//!
//! - notation ([`Target::TyrusNotation`], [`Target::TsuroNotation`],
//!   [`Target::TyrannyNotation`]): lines of text played as moves from a fixed position; an
//!   accepted move formats and parses back to itself and was legal; a refused one leaves the
//!   state equal to what it was; the state keeps the contract's cheap invariants;
//! - setups ([`Target::TyrusSetup`], [`Target::TsuroSetup`], [`Target::TyrannySetup`]): a
//!   refused setup gives a precise error; an accepted one round-trips through JSON and starts;
//! - [`Target::Record`]: a record replays without panicking, the same twice, and its accepted
//!   moves replay to the same state;
//! - [`Target::WsMessage`]: the server's WebSocket message parser; an accepted message
//!   written back as JSON reads as the same message;
//! - [`Target::HttpBody`]: the HTTP API's JSON bodies through the server's own parser.

mod http_body;
mod notation;
mod positions;
mod record;
mod seeds;
mod setup;
mod target;
mod ws_message;

pub use http_body::{BodyKind, check_http_body};
pub use notation::check_notation;
pub use positions::{FixedPositions, positions};
pub use record::check_record;
pub use seeds::seeds;
pub use setup::check_setup;
pub use target::{Target, UnknownTarget};
pub use ws_message::{check_ws_message, message_json};
