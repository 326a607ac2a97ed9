//! The per-game seam of the page: [`GamePage`], which each game's page module implements for
//! its engine's state (`tyrus.rs`, `tsuro.rs`, `tyranny.rs`). Code reaches a game's own part
//! through `agora_games::with_state!` (a match on the state, the body compiled once per game;
//! `with_game!` when only the type is needed), the one per-game dispatch of the workspace; the page holds
//! the result as one [`GameTable`](super::GameTable) ([`super::page`]).

use agora_engine::{Game, Seat};
use agora_games::{AnyGame, AnyGameError, with_game, with_state};
use agora_present::Reader;
use agora_present::hint::TellHint;
use agora_present::tyranny::LastMoves;

use crate::i18n::Tr;

/// What one move told the reader: its lines for the history, and the sentence that named a
/// card stolen from the reader, when it stole one (Tyranny's Gains 10).
pub type Told = (Vec<String>, Option<String>);

/// One game's part of the page, implemented for the engine's state by the game's page module.
///
/// Every method takes a state value and what the reader heard up to it ([`Heard`], from a
/// [`Narrated`](super::Narrated)), never the live game: the page gives them the kept replay at
/// the snapshot's version, and a replay viewer gives them the game at any step `k`:
///
/// ```ignore
/// let mut step = Narrated::new(reader, opening);   // the game before its first event
/// step.advance(&events, k)?;                        // the events up to version k, narrated
/// let table = step.game_table(&Surroundings { tr, names: &names, legal: &[], my_turn: false, rot: None });
/// let lines = &step.history;                        // each event's lines, by version
/// ```
///
/// `legal: &[]` and `my_turn: false` draw the table with no move to make. The game's
/// templates (`templates/<game>/*.html`) read `g.table`, `g.tr`, `g.version`, `g.playing`,
/// `g.spectator` and `g.text_first` only, so any model with those fields renders them.
pub trait GamePage: Game + TellHint + Clone + Sized {
    /// Everything this game's own fragments show, for one reader at one version.
    type Table;

    /// The message id of the move box's hint: how this game's moves are written.
    const MOVE_BOX_HINT: &'static str;

    /// Whether the page draws how the last move moved things, for which [`Narrated`](super::Narrated) keeps
    /// the state from before it (a copy of the game at every move).
    const DRAWS_LAST_MOVE: bool = false;

    /// The page's script for this game's controls, besides the game page's own.
    const SCRIPT: Option<&'static str> = None;

    /// Plays `notation` and says what `reader` saw of it; `marks` takes in the move for
    /// the board's marks of the latest moves (only Tyranny's board marks them so).
    fn narrate(
        &mut self,
        reader: &Reader,
        notation: &str,
        marks: &mut LastMoves,
    ) -> Result<Told, AnyGameError>;

    /// The table at this state, for the reader `heard` was narrated for.
    fn table(&self, heard: &Heard<'_>, around: &Surroundings<'_>) -> Self::Table;

    /// The game's own words for its ending, once it is over.
    fn outcome(&self, reader: &Reader) -> Option<String>;

    /// Checks a move for the reader (its notation, and that the engine allows it), in the
    /// reader's words when it is refused. Returns the question that confirms it.
    fn check(&self, tr: Tr, reader: &Reader, notation: &str) -> Result<String, String>;

    /// Whether a slip on this (already checked) move could cost the reader something, so
    /// that it is worth asking first.
    fn worth_confirming(&self, _notation: &str) -> bool {
        true
    }
}

/// What the table is drawn with besides the game: the page's, not the game's.
#[derive(Clone, Copy, Debug)]
pub struct Surroundings<'a> {
    pub tr: Tr,
    /// Each seat's name as the players' bar shows it.
    pub names: &'a [String],
    /// The reader's legal moves now (empty when nothing is theirs to play).
    pub legal: &'a [String],
    /// Whether the reader is to move.
    pub my_turn: bool,
    /// The page's query: the rotation chosen for each Tsuro hand tile (`0.2.1`).
    pub rot: Option<&'a str>,
    /// Everything hidden is drawn face up: a finished game's replay with everything
    /// revealed (the reader is then a spectator who also sees every seat's secrets).
    pub revealed: bool,
}

/// What the reader heard of the latest moves, up to the state shown: what a game's table marks
/// of them. Borrowed from a [`Narrated`](super::Narrated).
#[derive(Clone, Copy, Debug)]
pub struct Heard<'a> {
    pub reader: &'a Reader,
    /// Every move a seat made, in order, in notation.
    pub seat_moves: &'a [(Seat, String)],
    /// The last move played, in notation, and its seat.
    pub last_move: Option<&'a str>,
    pub last_mover: Option<Seat>,
    /// The game just before that move, for a game that draws how it moved things.
    pub before_last: Option<&'a AnyGame>,
    /// The last die roll and what the reader heard of it (Tyranny).
    pub last_roll: Option<&'a (u8, String)>,
    /// The sentence that named the last card stolen from the reader (Tyranny).
    pub stolen: Option<&'a str>,
    /// Tyranny's board marks: the last roll, each seat's last move.
    pub last_moves: &'a LastMoves,
}

impl Heard<'_> {
    /// Each seat's last move in notation, by seat (for marking it until that seat moves
    /// again).
    pub fn last_by_seat(&self) -> Vec<Option<String>> {
        let mut last = vec![None; self.reader.seats.len()];
        for (seat, notation) in self.seat_moves {
            if let Some(slot) = last.get_mut(seat.index()) {
                *slot = Some(notation.clone());
            }
        }
        last
    }
}

/// Whether the page draws how `game`'s last move moved things.
pub fn draws_last_move(game: &AnyGame) -> bool {
    with_game!(game.kind(), G => G::DRAWS_LAST_MOVE)
}

/// Plays `notation` on `game` and says what `reader` saw of it.
pub fn narrate(
    game: &mut AnyGame,
    reader: &Reader,
    notation: &str,
    marks: &mut LastMoves,
) -> Result<Told, AnyGameError> {
    with_state!(game, state => GamePage::narrate(state, reader, notation, marks))
}
