//! Tyranny for people, in English for now: plain-text descriptions of views, seen moves and
//! changes ([`text`], what `agora play tyranny` prints) and a picture of the board ([`svg`]).

pub mod svg;
pub mod text;
