//! One module per page (or group of pages sharing forms).

pub mod account;
pub mod game;
pub mod games;
pub mod home;
pub mod lobby;
pub mod rules;
pub mod rules_figures;
pub mod settings;
pub mod table;

// Their places before the game's and the settings' pages became folders.
pub use game::{forms as game_forms, hint};
pub use settings::mail;
