//! Tsuro, the path-laying game for 2 to 8 players, on the Agora engine.
//!
//! Each seat has a marker on the rim of a 6×6 board and a hand of three path tiles. On its
//! turn a seat lays a tile on the square its marker faces; every marker facing that square
//! then follows its path until it faces an empty square again, or leaves the board (and is
//! eliminated), or runs into another marker (both are eliminated). The last marker left wins.
//! The full rules and every ruling are in `docs/rules/tsuro.md`.
//!
//! - [`Tsuro`] implements [`agora_engine::Game`]; setups are [`TsuroSetup`], options
//!   [`TsuroOptions`], moves [`TsuroMove`] in the notation `start c1.0`, `play 01-27-36-45`,
//!   `keep` / `swap … for …` (the elimination bonus) and `shuffle …` (chance).
//! - [`Tile`] is one of the 35 tiles in any orientation (what hands hold), [`PlacedTile`] a
//!   tile as it lies; both are generated, not typed in.
//! - [`Square`], [`Point`] and [`Position`] name the board: squares `a1`–`f6` with row 1 at the
//!   top, points 0–7 clockwise from a square's top-left.
//! - [`Tsuro::preview`] tells, for a tile in hand turned a given way, where each marker facing
//!   the square would end up and who would be eliminated; [`play_paths`] tells the same from
//!   a view, with the path each marker follows ([`trace`]), for drawing and narrating a play.

mod board;
mod game;
mod moves;
mod preview;
mod refusal;
mod setup;
mod state;
mod summary;
mod tile;
mod trace;
mod view;

pub use board::{ParsePositionError, Point, Position, SIDE, Square};
pub use moves::{Shuffle, Swap, TsuroMove, TsuroSeenMove};
pub use preview::{Fate, MarkerFate, Preview};
pub use refusal::TsuroRefusal;
pub use setup::{HAND_SIZE, Hands, ListFull, MAX_PLAYERS, TileList, TsuroOptions, TsuroSetup};
pub use state::{Marker, Phase, Tsuro, WinReason};
pub use summary::{BoardSummary, TsuroSummary};
pub use tile::{ParseTileError, PlacedTile, Tile};
pub use trace::{MarkerPath, play_paths, trace};
pub use view::{MarkerView, TsuroView};
