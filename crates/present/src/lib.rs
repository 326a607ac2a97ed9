//! How Agora's games are told and drawn, for one reader in one language: the narrators (one
//! per game) and the drawings, shared by `agora play` in the terminal and the web pages.
//!
//! - [`Lang`]: the languages (English, German, French) and how a reader's is chosen.
//! - [`text`]: messages from the Fluent files in `locales/<lang>/`.
//! - [`Reader`], [`Who`]: whose point of view, in which language, and who sits where.
//! - [`tyrus`]: the Tyrus narrator (en/de/fr) and its words.
//! - [`tsuro`]: the Tsuro narrator (en/de/fr), its words and the board in text.
//! - [`fair`]: whether a finished game's deal was fair, as `agora verify` and the pages say.
//! - [`events`]: the server's non-move events and reasons, for every game.
//! - [`refusal`]: why a move is refused or unreadable, from the engines' codes, for every game.
//! - [`tyranny`]: the Tyranny narrator (en/de/fr), its words, and the board picture.

pub mod chat;
pub mod events;
pub mod fair;
pub mod hint;
mod lang;
pub mod refusal;
mod seat;
pub mod svg_number;
pub mod text;
pub mod tsuro;
pub mod tyranny;
pub mod tyrus;

pub use lang::{Lang, UnknownLang};
pub use seat::{Reader, Role, Who};
pub use text::{text, text_with};
