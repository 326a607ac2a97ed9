use std::fmt;

use agora_engine::fair::{Unfair, Verified};
use agora_engine::{
    Game, GameRecord, IllegalMove, Outcome, ParseMoveError, RecordError, Rejection, RngCore, Seat,
    Turn, Viewer,
};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::{GameKind, UnknownGame};

/// A state of any game Agora hosts.
// Tyranny's state is the largest (about half a kilobyte, mostly what each seat remembers of
// the others' hands); a server holds one per live game, so boxing it would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    Tyrus(agora_tyrus::Tyrus),
    Tsuro(agora_tsuro::Tsuro),
    Tyranny(agora_tyranny::Tyranny),
}

/// Wraps a concrete state of the game `$kind` into an [`AnyGame`].
trait IntoAny: Game {
    fn into_any(self) -> AnyGame;
}

impl IntoAny for agora_tyrus::Tyrus {
    fn into_any(self) -> AnyGame {
        AnyGame::Tyrus(self)
    }
}

impl IntoAny for agora_tsuro::Tsuro {
    fn into_any(self) -> AnyGame {
        AnyGame::Tsuro(self)
    }
}

impl IntoAny for agora_tyranny::Tyranny {
    fn into_any(self) -> AnyGame {
        AnyGame::Tyranny(self)
    }
}

/// Everything that can go wrong when driving a game through [`AnyGame`].
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGameError {
    UnknownGame(UnknownGame),
    Record(RecordError),
    Notation(ParseMoveError),
    Illegal(IllegalMove),
}

impl AnyGameError {
    /// A stable snake_case code for protocols.
    pub fn code(&self) -> &'static str {
        match self {
            AnyGameError::UnknownGame(_) => "unknown_game",
            AnyGameError::Record(_) => "invalid_setup",
            AnyGameError::Notation(_) => "bad_notation",
            AnyGameError::Illegal(_) => "illegal_move",
        }
    }
}

impl fmt::Display for AnyGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGameError::UnknownGame(e) => e.fmt(f),
            AnyGameError::Record(e) => e.fmt(f),
            AnyGameError::Notation(e) => e.fmt(f),
            AnyGameError::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl std::error::Error for AnyGameError {}

/// A move that was played, with what each viewer saw of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// The move in canonical notation (for the log and the record).
    pub notation: String,
    /// What seat `i` saw, at index `i`.
    pub seen_by_seat: Vec<SeenMove>,
    pub seen_by_spectator: SeenMove,
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

/// What one viewer saw of a move, as JSON text: written once when the move is played, then
/// copied as it is into every frame that carries it (a tree of `Value`s was built, written
/// out and dropped again for every move).
#[derive(Clone, Debug)]
pub struct SeenMove(Box<RawValue>);

impl SeenMove {
    fn of<T: serde::Serialize>(seen: &T) -> SeenMove {
        SeenMove(serde_json::value::to_raw_value(seen).expect("game types serialize to JSON"))
    }

    pub fn json(&self) -> &str {
        self.0.get()
    }

    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.0.get()).expect("written as JSON")
    }
}

impl PartialEq for SeenMove {
    fn eq(&self, other: &SeenMove) -> bool {
        self.json() == other.json()
    }
}

impl serde::Serialize for SeenMove {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

fn played<G: Game>(
    state: &mut G,
    seat: Option<Seat>,
    text: &str,
) -> Result<PlayedMove, AnyGameError> {
    let mv = state.parse_move(text).map_err(AnyGameError::Notation)?;
    if let Some(seat) = seat {
        state.check_turn(seat).map_err(AnyGameError::Illegal)?;
    }
    state.check_move(mv).map_err(AnyGameError::Illegal)?;
    let notation = state.format_move(mv);
    let seen_by_seat = (0..state.seats())
        .map(|s| SeenMove::of(&state.seen_move(mv, Viewer::Seat(Seat(s as u8)))))
        .collect();
    let seen_by_spectator = SeenMove::of(&state.seen_move(mv, Viewer::Spectator));
    state.play_unchecked(mv);
    Ok(PlayedMove {
        notation,
        seen_by_seat,
        seen_by_spectator,
    })
}

fn legal_notation<G: Game>(state: &G) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.into_iter().map(|mv| state.format_move(mv)).collect()
}

/// The legal moves of a state in notation, as a JSON list: what [`AnyGame::legal_moves`]
/// returns, serialized through one buffer instead of a string for each move (a game server
/// sends them after every move).
#[derive(Clone, Copy, Debug)]
pub struct LegalMoves<'a>(pub &'a AnyGame);

impl Serialize for LegalMoves<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::with_state!(self.0, g => serialize_legal(g, serializer))
    }
}

impl LegalMoves<'_> {
    /// Appends the list's JSON to `out`: the same text as serializing it, without serde's
    /// machinery per move.
    pub fn write_json(&self, out: &mut String) {
        crate::with_state!(self.0, g => write_legal(g, out))
    }
}

fn write_legal<G: Game>(state: &G, out: &mut String) {
    // Room for any position's moves in the games so far, so the list never grows.
    let mut moves = Vec::with_capacity(128);
    state.legal_moves(&mut moves);
    out.push('[');
    for (i, mv) in moves.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        state.write_move_json(mv, out);
    }
    out.push(']');
}

fn serialize_legal<G: Game, S: serde::Serializer>(
    state: &G,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut list = serializer.serialize_seq(Some(moves.len()))?;
    let mut text = String::new();
    for mv in moves {
        text.clear();
        state.write_move(mv, &mut text);
        list.serialize_element(text.as_str())?;
    }
    list.end()
}

impl AnyGame {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Tyrus(_) => GameKind::Tyrus,
            AnyGame::Tsuro(_) => GameKind::Tsuro,
            AnyGame::Tyranny(_) => GameKind::Tyranny,
        }
    }

    /// The starting state of a record of any game.
    pub fn start(record: &GameRecord) -> Result<AnyGame, AnyGameError> {
        let kind: GameKind = record.game.parse().map_err(AnyGameError::UnknownGame)?;
        crate::with_game!(kind, G => agora_engine::start::<G>(record)
            .map(IntoAny::into_any)
            .map_err(AnyGameError::Record))
    }

    /// Plays a record to its end or its first bad move.
    pub fn replay(record: &GameRecord) -> Result<(AnyGame, Option<Rejection>), AnyGameError> {
        let kind: GameKind = record.game.parse().map_err(AnyGameError::UnknownGame)?;
        crate::with_game!(kind, G => agora_engine::replay::<G>(record)
            .map(|r| (r.state.into_any(), r.rejected))
            .map_err(AnyGameError::Record))
    }

    /// Checks a finished game's record against the commitment it carries: the seed and salt,
    /// the deal and every chance move ([`agora_engine::fair::verify`]).
    pub fn verify(record: &GameRecord) -> Result<Verified, Unfair> {
        let kind: GameKind =
            (record.game.parse()).map_err(|_| Unfair::UnknownGame(record.game.clone()))?;
        crate::with_game!(kind, G => agora_engine::fair::verify::<G>(record))
    }

    /// Deals a new game from a seed; returns it with the setup the seed stands for.
    pub fn deal(
        kind: GameKind,
        options: &Value,
        seed: u64,
    ) -> Result<(AnyGame, Value), AnyGameError> {
        crate::with_game!(kind, G => {
            let options = <G as Game>::Options::deserialize(options)
                .map_err(|e| AnyGameError::Record(RecordError::Options(e.to_string())))?;
            let setup = G::setup_from_seed(&options, seed);
            let state = G::from_setup(&setup)
                .map_err(|e| AnyGameError::Record(RecordError::Setup(e)))?;
            Ok((state.into_any(), to_json(&setup)))
        })
    }

    pub fn seats(&self) -> usize {
        crate::with_state!(self, g => g.seats())
    }

    pub fn turn(&self) -> Turn {
        crate::with_state!(self, g => g.turn())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        crate::with_state!(self, g => g.outcome())
    }

    /// The legal moves of the seat to move, in notation.
    pub fn legal_moves(&self) -> Vec<String> {
        crate::with_state!(self, g => legal_notation(g))
    }

    /// Reads and plays a move for whoever is to act (the host, for chance moves); on error
    /// nothing changes.
    pub fn play(&mut self, text: &str) -> Result<PlayedMove, AnyGameError> {
        crate::with_state!(self, g => played(g, None, text))
    }

    /// Reads and plays a move sent by `seat`: refused unless it is that seat's turn; on error
    /// nothing changes.
    pub fn play_as(&mut self, seat: Seat, text: &str) -> Result<PlayedMove, AnyGameError> {
        crate::with_state!(self, g => played(g, Some(seat), text))
    }

    /// Draws the chance move at a [`Turn::Chance`], in notation.
    pub fn sample_chance<R: RngCore>(&self, rng: &mut R) -> String {
        crate::with_state!(self, g => g.format_move(g.sample_chance(rng)))
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        crate::with_state!(self, g => to_json(&g.view(viewer)))
    }

    /// [`AnyGame::view`] to serialize in place, for servers that write it into a larger
    /// message at once (no `Value` tree, nor text copied in, in between).
    pub fn view_of(&self, viewer: Viewer) -> ViewOf<'_> {
        ViewOf { game: self, viewer }
    }

    /// The referee's summary, as `agora replay` prints it: `{"game": ..., ...}`.
    pub fn summary(&self) -> Value {
        let mut object = Map::new();
        object.insert("game".into(), Value::from(self.kind().name()));
        match crate::with_state!(self, g => to_json(&g.summary())) {
            Value::Object(fields) => object.extend(fields),
            other => {
                object.insert("summary".into(), other);
            }
        }
        Value::Object(object)
    }
}

/// One viewer's view of a game, serialized in place: see [`AnyGame::view_of`].
#[derive(Clone, Copy, Debug)]
pub struct ViewOf<'a> {
    game: &'a AnyGame,
    viewer: Viewer,
}

impl ViewOf<'_> {
    /// Appends the view's JSON to `out`: the same text as serializing it, written the game's
    /// fastest way ([`Game::write_view`]).
    pub fn write_json(&self, out: &mut String) {
        crate::with_state!(self.game, g => g.write_view(self.viewer, out))
    }
}

impl Serialize for ViewOf<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::with_state!(self.game, g => g.view(self.viewer).serialize(serializer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn moves_from_the_wrong_seat_or_in_bad_notation_change_nothing() {
        let (mut game, setup) = AnyGame::deal(GameKind::Tyrus, &json!({}), 7).unwrap();
        assert!(setup.get("draws").is_some());
        let Turn::Seat(mover) = game.turn() else {
            panic!("tyrus starts with a seat to move")
        };
        let other = Seat(mover.0 ^ 1);
        let legal = game.legal_moves();
        let before = game.clone();
        let error = game.play_as(other, &legal[0]).unwrap_err();
        assert_eq!(error.code(), "illegal_move");
        assert!(error.to_string().contains("not your turn"), "{error}");
        assert_eq!(game, before);
        let error = game.play_as(mover, "S7 nowhere").unwrap_err();
        assert_eq!(error.code(), "bad_notation");
        assert_eq!(game, before);
        let played = game.play_as(mover, &legal[0]).unwrap();
        assert_eq!(played.notation, legal[0]);
        assert_eq!(played.seen_by_seat.len(), 2);
        assert!(
            played.seen_by_seat[other.index()].to_value()["tile"].is_null(),
            "the tile stays hidden"
        );
        assert!(played.seen_by_spectator.to_value()["tile"].is_null());
        assert!(!played.seen_by_seat[mover.index()].to_value()["tile"].is_null());
    }

    #[test]
    fn unknown_games_and_bad_options_are_errors() {
        let record = GameRecord {
            game: "chess".into(),
            seed: Some(1),
            options: None,
            setup: None,
            moves: vec![],
            ..Default::default()
        };
        assert_eq!(AnyGame::start(&record).unwrap_err().code(), "unknown_game");
        let error = AnyGame::deal(GameKind::Tyrus, &json!({"players": 3}), 1).unwrap_err();
        assert_eq!(error.code(), "invalid_setup");
        assert_eq!(
            AnyGame::deal(GameKind::Tyrus, &json!({}), 1)
                .unwrap()
                .0
                .summary()["game"],
            "tyrus"
        );
    }

    #[test]
    fn with_state_reaches_the_concrete_game() {
        for &kind in GameKind::ALL {
            let (game, _) = AnyGame::deal(kind, &json!({}), 5).unwrap();
            let seats = crate::with_state!(&game, g => agora_engine::Game::seats(g));
            assert_eq!(seats, game.seats());
        }
    }

    /// The view serialized in place is the same JSON as the tree, for every viewer, all game
    /// long.
    #[test]
    fn view_of_is_the_view_and_legal_moves_the_list() {
        for &kind in GameKind::ALL {
            let (mut game, _) = AnyGame::deal(kind, &json!({}), 11).unwrap();
            let mut step = 0usize;
            while game.outcome().is_none() && step < 400 {
                for viewer in (0..game.seats() as u8)
                    .map(|s| Viewer::Seat(Seat(s)))
                    .chain([Viewer::Spectator])
                {
                    let text: Value = serde_json::from_str(
                        &serde_json::to_string(&game.view_of(viewer)).unwrap(),
                    )
                    .unwrap();
                    assert_eq!(text, game.view(viewer), "{kind:?} at step {step}");
                    let mut written = String::new();
                    game.view_of(viewer).write_json(&mut written);
                    assert_eq!(
                        serde_json::from_str::<Value>(&written).unwrap(),
                        text,
                        "{kind:?} at step {step}"
                    );
                }
                assert_eq!(
                    serde_json::to_value(LegalMoves(&game)).unwrap(),
                    json!(game.legal_moves()),
                    "{kind:?} at step {step}"
                );
                let mut written = String::new();
                LegalMoves(&game).write_json(&mut written);
                assert_eq!(
                    written,
                    serde_json::to_string(&game.legal_moves()).unwrap(),
                    "{kind:?} at step {step}"
                );
                let notation = match game.turn() {
                    Turn::Chance => {
                        game.sample_chance(&mut agora_engine::FastRng::new(step as u64))
                    }
                    _ => {
                        let legal = game.legal_moves();
                        legal[step * 7 % legal.len()].clone()
                    }
                };
                game.play(&notation).unwrap();
                step += 1;
            }
        }
    }
}
