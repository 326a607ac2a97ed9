//! Two small games to test the bots on before (and besides) Agora's real games:
//!
//! - [`Bluff`]: two players, hidden hands, moves only partly seen (the opponent sees where a
//!   card goes, not which), and chance draws seen only by the drawer;
//! - [`Avoid`]: two to four players, perfect information, shared wins.

#![allow(dead_code, unused_imports)]

mod avoid;
mod bluff;

pub use avoid::{Avoid, AvoidMove, AvoidOptions};
pub use bluff::Bluff;
