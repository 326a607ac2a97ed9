//! Tyranny: cops against criminals over one shared influence score, on a city of two loops.
//!
//! The rulebook leaves the board and many rules open; Agora's board is the data file
//! `board.json` (checked by [`Board::parse`]) and every ruling is written in
//! `docs/rules/tyranny.md`. In short:
//!
//! - four pieces move in turn order `cop1`, `crim1`, `cop2`, `crim2`, commanded by 2, 3 or 4
//!   seats ([`Seating`]); a faction's seats share its result;
//! - every die roll, card draw and blind pick from a hand is a chance move (`roll 4`,
//!   `draw gains 7`, `pick gamble 3`), so a record replays exactly and the decks have no order
//!   for anyone to know;
//! - hands are private: a [`TyrannyView`] shows a seat its own hand and only the sizes of the
//!   others; [`SeenMove`] hides which kept card another seat drew or stole;
//! - the criminals win when the influence is still 1000 or more at the end of three cop turns,
//!   the cops when it is still 0 at the end of three criminal turns; after 50 rounds the side
//!   that moved the influence its way from 500 wins.
//!
//! For people: [`Tyranny::play_logged`] returns the [`Event`]s of a move; the words and the
//! board picture live in `agora-present` (this crate holds rules only).

mod board;
mod card;
mod event;
mod game;
mod memory;
mod moves;
mod piece;
mod refusal;
mod retell;
pub mod rules;
mod setup;
mod state;
mod summary;
mod view;
mod wire;

pub use board::{
    BOARD_JSON, Board, BoardError, MAX_TILES, MAX_TUNNELS, MIN_LOOP, Property, Tier, Tile, TileId,
    TileKind, Tunnel,
};
pub use card::{Card, Cards, Deck, ParseCardError};
pub use event::{Event, InfluenceCause, Release};
pub use moves::{Move, Play, SeenMove};
pub use piece::{Faction, Piece, Seating};
pub use refusal::{TyrannyRefusal, phase_word};
pub use retell::{Retelling, Retold};
pub use setup::{Options, PiecePosition, Position, Setup};
pub use state::{
    Ending, Phase, PieceState, RollFor, STANDARD_ESCAPE, Table, Tyranny, WIDE_ESCAPE, waiting_for,
};
pub use summary::{
    DeckCounts, PieceSummary, PropertySummary, Summary, TableJson, TunnelSummary, ViewPiece,
};
pub use view::TyrannyView;
