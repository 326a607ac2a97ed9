//! One module per page (or group of pages sharing forms); a page's forms and panels live
//! beside it (`game/forms.rs`, `game/hint.rs`, `settings/mail.rs`).
//!
//! The pages are the top of the crate: they may import the game seam (`crate::play`) and
//! the shared parts (context, layout, words, listings); nothing imports them
//! (`tests/module_loops.rs`).

pub mod account;
pub mod game;
pub mod games;
pub mod home;
pub mod lobby;
pub mod players;
pub mod replay;
pub mod rules;
pub mod rules_figures;
pub mod settings;
pub mod table;
pub mod turned;

// Their places before the game's and the settings' pages became folders.
pub use game::{chat as game_chat, forms as game_forms, hint};
pub use settings::{chat as chat_settings, mail, push};
