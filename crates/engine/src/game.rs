use std::fmt::Debug;
use std::hash::Hash;

use rand_core::RngCore;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{
    EngineRefusal, IllegalMove, Outcome, ParseMoveError, Seat, SeedRng, SetupError, Turn, Viewer,
};

/// A game's rules, as a state that moves forward one move at a time.
///
/// Implementations hold no generator, clock or I/O: everything random comes in through the
/// setup or through chance moves, so a setup and a list of moves always lead to the same state.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + Sized + 'static {
    /// The game's name in records and on the command line, e.g. `"tyrus"`.
    const NAME: &'static str;

    /// Choices made before a game that a seed alone does not fix (number of players, optional
    /// rules). Every field must have a default, so `{}` is a valid value.
    type Options: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync;

    /// A raw starting position: who sits where, every deal and shuffle. Checked by
    /// [`Game::from_setup`].
    type Setup: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;

    /// A move, including chance moves. Small and `Copy` so search can keep many of them.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// What one viewer may know of the state, and nothing more.
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync;

    /// What a viewer sees of a move someone played: the move itself when it hides nothing,
    /// less when it does (a Tyrus opponent sees which building got a tile, not which tile).
    type SeenMove: Copy + Eq + Hash + Debug + Serialize + Send + Sync;

    /// The referee's summary of a state, as `agora replay` prints it.
    type Summary: Serialize;

    /// Deals a setup from a generator. The generator is the only source of chance.
    fn random_setup<R: RngCore>(options: &Self::Options, rng: &mut R) -> Self::Setup;

    /// The setup a seed stands for, forever: [`Game::random_setup`] over [`SeedRng`].
    fn setup_from_seed(options: &Self::Options, seed: u64) -> Self::Setup {
        Self::random_setup(options, &mut SeedRng::new(seed))
    }

    /// Checks a setup and builds the starting state.
    fn from_setup(setup: &Self::Setup) -> Result<Self, SetupError>;

    /// Number of seats at the table.
    fn seats(&self) -> usize;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Appends every legal move of the seat to move to `moves` (nothing for chance or when the
    /// game is over: chance moves come from [`Game::sample_chance`]).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// A uniformly random legal move of the seat to move, `None` at chance or when over.
    ///
    /// Random playouts (benchmarks, the AI) call this once a ply; games override it with a
    /// version that does not build the whole list.
    fn random_legal_move<R: RngCore>(&self, rng: &mut R) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[crate::GameRng::index(rng, moves.len())])
    }

    /// Whether `mv` may be played now, and why not. Chance moves are checked against what
    /// chance could have produced.
    fn check_move(&self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Plays a move known to be legal. Playing an illegal move may leave the state inconsistent
    /// (but never panics in a way that corrupts memory: the crate forbids `unsafe`).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move after checking it; on error the state is untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `seat` may move now, and why not.
    fn check_turn(&self, seat: Seat) -> Result<(), IllegalMove> {
        match self.turn() {
            Turn::Seat(to_move) if to_move == seat => Ok(()),
            Turn::Seat(to_move) => Err(IllegalMove::new(
                EngineRefusal::NotYourTurn.with("seat", to_move),
            )),
            Turn::Chance => Err(IllegalMove::new(EngineRefusal::ChanceMovesNext)),
            Turn::Over => Err(IllegalMove::new(EngineRefusal::GameOver)),
        }
    }

    /// Plays a move sent by `seat`: refused unless it is that seat's turn, then as [`Game::play`].
    /// Servers use this, since a move does not name its seat.
    fn play_as(&mut self, seat: Seat, mv: Self::Move) -> Result<(), IllegalMove> {
        self.check_turn(seat)?;
        self.play(mv)
    }

    /// Draws the chance move for a state whose turn is [`Turn::Chance`].
    ///
    /// # Panics
    ///
    /// If the turn is not [`Turn::Chance`].
    fn sample_chance<R: RngCore>(&self, rng: &mut R) -> Self::Move;

    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// What `viewer` may know of the state.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// What `viewer` sees of `mv` when it is played in this state.
    fn seen_move(&self, mv: Self::Move, viewer: Viewer) -> Self::SeenMove;

    /// A full state, drawn uniformly among those consistent with what `seat` knows (its view),
    /// with every hidden part (the others' hands, hidden tiles, the order of piles) filled in.
    /// The AI searches over such states, so it can never use more than its seat may know.
    fn determinize<R: RngCore>(view: &Self::View, seat: Seat, rng: &mut R) -> Self;

    /// Reads a move in the game's notation, in the context of this state.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// Writes a move in the game's notation; `parse_move` reads it back.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Appends what [`Game::format_move`] returns to `out`: a list of moves in notation can
    /// then be written through one buffer rather than a string for each.
    fn write_move(&self, mv: Self::Move, out: &mut String) {
        out.push_str(&self.format_move(mv));
    }

    /// Appends [`Game::format_move`]'s text to `out` as a JSON string, exactly as
    /// `serde_json` writes it: the seat to move gets its legal moves after every move.
    fn write_move_json(&self, mv: Self::Move, out: &mut String) {
        let mut text = String::new();
        self.write_move(mv, &mut text);
        crate::json::write_string(out, &text);
    }

    /// Appends the JSON of `self.view(viewer)` to `out`, exactly as `serde_json` writes it.
    /// A view goes out to every viewer on every move, so a game may write it by hand (then
    /// [`testing::check_playthrough`](crate::testing::check_playthrough) checks it against
    /// `serde_json` at every state).
    fn write_view(&self, viewer: Viewer, out: &mut String) {
        crate::json::write_value(out, &self.view(viewer));
    }

    /// The referee's summary for `agora replay`.
    fn summary(&self) -> Self::Summary;
}
