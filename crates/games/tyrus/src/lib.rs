//! Tyrus: two parties place soldiers, merchants and priests into citadels, markets and temples
//! to win nine elections, blocking and countering each other's votes with hidden tiles.
//!
//! [`Tyrus`] implements [`agora_engine::Game`]. The rules as Agora plays them, with every
//! ruling, are in `docs/rules/tyrus.md`.

mod game;
mod moves;
mod office;
mod position;
mod refusal;
mod setup;
mod summary;
mod tile;
mod view;
mod view_json;

pub use moves::Placement;
pub use office::{BuildingKind, Office, Side};
pub use position::{
    Count, DRAW_AFTER_ELECTION, ELECTIONS, ElectionResult, Ending, OPENING_HAND,
    PLACEMENTS_PER_SEAT, Tyrus, WinReason, score,
};
pub use refusal::TyrusRefusal;
pub use setup::{TyrusOptions, TyrusSetup};
pub use summary::{ElectionSummary, TyrusSummary};
pub use tile::{ParseTileError, Profession, Tile, TileSet};
pub use view::{BuildingView, SeenPlacement, TyrusView};
