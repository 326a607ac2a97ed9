//! The Tyranny narrator: every sentence from one reader's point of view and in the reader's
//! language (English, German, French), for the web page's move history and live
//! announcements and for `agora play tyranny`; and a picture of the board ([`svg`]).
//!
//! It only ever receives views ([`TyrannyView`](agora_tyranny::TyrannyView)), seen moves
//! ([`SeenMove`](agora_tyranny::SeenMove)) and events already passed through
//! [`Event::seen_by`](agora_tyranny::Event::seen_by), never the game itself, so it can tell
//! no more than the reader may know.

mod marks;
mod narrate;
mod picture;
pub mod svg;
mod table;
mod trails;
mod words;

pub use marks::{LastMoves, Marks, Preview, Roll, Step, Trail, describe_marks};
pub use narrate::narrate_move;
pub use picture::table_svg;
pub use table::{describe_board, describe_tile, hand, outcome, status};
pub use words::{
    card_name, card_text, faces, faction_name, piece_name, rules_summary, tile_by_code, tile_name,
};
