//! How Agora's games are told and drawn, for one reader in one language: the narrators (one
//! per game) and the drawings, shared by `agora play` in the terminal and the web pages.
//!
//! - [`Lang`]: the languages (English, German, French) and how a reader's is chosen.
//! - [`text`]: messages from the Fluent files in `locales/<lang>/`.
//! - [`tyranny`]: Tyranny's plain-text descriptions and board picture (English for now).

mod lang;
pub mod text;
pub mod tyranny;

pub use lang::{Lang, UnknownLang};
pub use text::{text, text_with};
