//! The numbers of the rules, in one place (the board's numbers are in `board.json`).

/// The criminals' influence when a game starts.
pub const START_INFLUENCE: u32 = 500;
/// The criminals win by holding at least this much influence.
pub const CRIMINALS_TARGET: u32 = 1000;
/// A faction wins once the influence has been at its goal (1000 or more for the criminals, 0 for
/// the cops) at the end of this many turns of the *other* faction's pieces, with no turn of
/// either faction ending off the goal in between.
pub const HOLD_TURNS: u8 = 3;
/// What leaving custody by paying costs (the criminals lose it when a criminal pays, gain it
/// when a cop pays).
pub const ESCAPE_PRICE: u32 = 200;
/// Influence never goes above this, so arithmetic never overflows.
pub const INFLUENCE_CAP: u32 = 1_000_000;
/// Every game ends after this many rounds (a round is one turn of each of the four pieces).
pub const ROUND_LIMIT: u16 = 50;
/// The same limit in turns.
pub const TURN_LIMIT: u16 = ROUND_LIMIT * 4;
/// A seat may keep three cards for each piece it commands.
pub const HAND_LIMIT_PER_PIECE: u8 = 3;
/// Turns an arrest made with the cops' Gamble 3 lasts before the piece is let go.
pub const SENTENCE_TURNS: u8 = 3;
/// The capture range Gains 2 gives.
pub const SHORT_RANGE: (u8, u8) = (1, 3);
/// A capture roll on a passed piece: the capturer names three consecutive faces starting at
/// 1 to 4; the passed piece escapes if the roll falls in them.
pub const CHALLENGE_WIDTH: u8 = 3;
