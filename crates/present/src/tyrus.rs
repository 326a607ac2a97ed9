//! The Tyrus narrator: every sentence from one reader's point of view and in the reader's
//! language, for the web page's move history and live announcements and for `agora play`.
//!
//! It only ever receives views ([`TyrusView`](agora_tyrus::TyrusView),
//! [`SeenPlacement`](agora_tyrus::SeenPlacement)), never the game itself, so it can tell no
//! more than the reader may know.

mod count;
mod narrate;
mod words;

pub use count::{arithmetic, count};
pub use narrate::{narrate_placement, outcome, status};
pub use words::{building_name, office_name, profession_name, rules_summary, tile_list, tile_name};
