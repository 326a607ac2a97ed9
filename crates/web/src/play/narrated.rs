//! A game replayed for one reader: the state after each event, every event narrated from the
//! reader's point of view, and what the page marks of the latest moves. Advanced one event
//! at a time, so a kept copy ([`super::kept`]) moves on with the game's new events rather
//! than replaying it from its first move.

use agora_engine::Seat;
use agora_games::AnyGame;
use agora_present::Reader;
use agora_store::{Event, EventKind};

use super::Entry;
use super::seam::Heard;
use crate::ctx::PageError;

/// The game as one reader has heard it, up to `version`.
#[derive(Clone, Debug)]
pub struct Narrated {
    pub reader: Reader,
    /// The last event replayed.
    pub version: u64,
    /// The state at `version`; only views of it are shown.
    pub game: AnyGame,
    pub history: Vec<Entry>,
    /// Whether the reader's seat has moved yet (a seat may abort before its first move).
    pub moved: bool,
    /// The last move played, in notation.
    pub last_move: Option<String>,
    /// The game just before that move (for drawing how it moved things).
    pub before_last: Option<AnyGame>,
    /// Every move a seat made, in order, in notation (for marking each seat's last play).
    pub seat_moves: Vec<(Seat, String)>,
    /// The seat of the game's very last move.
    pub last_mover: Option<Seat>,
    /// The last die roll (`roll 4`, Tyranny's chance moves) and what the reader heard of it.
    pub last_roll: Option<(u8, String)>,
    /// The sentence that named the last card stolen from the reader (Tyranny's Gains 10).
    pub stolen: Option<String>,
    /// Tyranny's board marks: the last roll, each seat's last move.
    pub last_moves: agora_present::tyranny::LastMoves,
}

impl Narrated {
    /// The game before its first event, for `reader`.
    pub fn new(reader: Reader, opening: AnyGame) -> Narrated {
        Narrated {
            reader,
            version: 0,
            game: opening,
            history: Vec::new(),
            moved: false,
            last_move: None,
            before_last: None,
            seat_moves: Vec::new(),
            last_mover: None,
            last_roll: None,
            stolen: None,
            last_moves: agora_present::tyranny::LastMoves::default(),
        }
    }

    /// What the reader heard of the latest moves, for the game's table.
    pub fn heard(&self) -> Heard<'_> {
        Heard {
            reader: &self.reader,
            seat_moves: &self.seat_moves,
            last_move: self.last_move.as_deref(),
            last_mover: self.last_mover,
            before_last: self.before_last.as_ref(),
            last_roll: self.last_roll.as_ref(),
            stolen: self.stolen.as_deref(),
            last_moves: &self.last_moves,
        }
    }

    /// Replays `events` after this one's version, up to `version`; the others are skipped.
    pub fn advance(&mut self, events: &[Event], version: u64) -> Result<(), PageError> {
        let from = self.version;
        for event in events
            .iter()
            .filter(|e| e.version > from && e.version <= version)
        {
            self.play(event)?;
        }
        Ok(())
    }

    /// Replays one event: the next after `version`.
    fn play(&mut self, event: &Event) -> Result<(), PageError> {
        let seat = event.seat.map(Seat);
        if event.kind == EventKind::Move && seat.is_some() && seat == self.reader.viewer.seat() {
            self.moved = true;
        }
        if event.notation.is_some() {
            self.last_move.clone_from(&event.notation);
            self.last_mover = seat;
        }
        if let (Some(seat), Some(notation)) = (seat, &event.notation) {
            self.seat_moves.push((seat, notation.clone()));
        }
        let lines = match &event.notation {
            Some(notation) => {
                // Only a game whose page draws how the last move moved things is copied.
                if super::seam::draws_last_move(&self.game) {
                    self.before_last = Some(self.game.clone());
                }
                let (lines, theft) = self.narrate_move(notation)?;
                if theft.is_some() {
                    self.stolen = theft;
                }
                lines
            }
            None => agora_present::events::narrate_event(&self.reader, event.kind.as_str(), seat)
                .into_iter()
                .collect(),
        };
        if let Some(face) = event
            .notation
            .as_deref()
            .and_then(|n| n.strip_prefix("roll "))
            .and_then(|f| f.parse::<u8>().ok())
        {
            self.last_roll = Some((face, lines.first().cloned().unwrap_or_default()));
        }
        self.history.push(Entry {
            version: event.version,
            lines,
        });
        self.version = event.version;
        Ok(())
    }

    /// Plays `notation` and says what the reader saw of it; with it, the sentence that named a
    /// card stolen from the reader, when the move stole one.
    fn narrate_move(&mut self, notation: &str) -> Result<(Vec<String>, Option<String>), PageError> {
        let corrupt = |e: agora_games::AnyGameError| {
            tracing::error!(error = %e, "a logged move does not replay");
            PageError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "error-internal",
            )
        };
        super::seam::narrate(&mut self.game, &self.reader, notation, &mut self.last_moves)
            .map_err(corrupt)
    }
}
