//! One module per page (or group of pages sharing forms).

pub mod account;
pub mod fair;
pub mod game;
pub mod game_forms;

pub mod games;
pub mod hint;
pub mod home;
pub mod lobby;
pub mod mail;
pub mod rules;
pub mod rules_figures;
pub mod settings;
pub mod table;
