//! Avoid: two to four players add 1, 2 or 3 in turn to a running total that starts at 0; the
//! one who brings it to 12 or more loses and everyone else shares the win.

use agora_ai::Heuristics;
use agora_engine::{
    FastRng, Game, IllegalMove, Outcome, ParseMoveError, Refusal, RngCore, Seat, SeatSet,
    SetupError, Turn, Viewer,
};
use serde::{Deserialize, Serialize};

pub const LIMIT: u8 = 12;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct AvoidMove(pub u8);

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct AvoidOptions {
    #[serde(default)]
    pub players: Option<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AvoidSetup {
    pub players: u8,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Avoid {
    players: u8,
    total: u8,
    to_move: u8,
    loser: Option<u8>,
}

impl Game for Avoid {
    const NAME: &'static str = "avoid";
    type Options = AvoidOptions;
    type Setup = AvoidSetup;
    type Move = AvoidMove;
    type View = Avoid;
    type SeenMove = AvoidMove;
    type Summary = ();

    fn random_setup<R: RngCore>(options: &AvoidOptions, _rng: &mut R) -> AvoidSetup {
        AvoidSetup {
            players: options.players.unwrap_or(3),
        }
    }

    fn from_setup(setup: &AvoidSetup) -> Result<Avoid, SetupError> {
        if !(2..=4).contains(&setup.players) {
            return Err(SetupError::new("2 to 4 players"));
        }
        Ok(Avoid {
            players: setup.players,
            total: 0,
            to_move: 0,
            loser: None,
        })
    }

    fn seats(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        match self.loser {
            Some(_) => Turn::Over,
            None => Turn::Seat(Seat(self.to_move)),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<AvoidMove>) {
        if self.loser.is_none() {
            moves.extend((1..=3).map(AvoidMove));
        }
    }

    fn check_move(&self, mv: AvoidMove) -> Result<(), IllegalMove> {
        if self.loser.is_none() && (1..=3).contains(&mv.0) {
            Ok(())
        } else {
            Err(IllegalMove::new(Refusal::new(
                "avoid-add",
                "add 1, 2 or 3 while the game goes on",
            )))
        }
    }

    fn play_unchecked(&mut self, mv: AvoidMove) {
        self.total += mv.0;
        if self.total >= LIMIT {
            self.loser = Some(self.to_move);
        } else {
            self.to_move = (self.to_move + 1) % self.players;
        }
    }

    fn sample_chance<R: RngCore>(&self, _rng: &mut R) -> AvoidMove {
        panic!("avoid has no chance")
    }

    fn outcome(&self) -> Option<Outcome> {
        let loser = self.loser?;
        let winners = (0..self.players)
            .filter(|&s| s != loser)
            .map(Seat)
            .collect::<SeatSet>();
        Some(Outcome::new(winners, "limit"))
    }

    fn view(&self, _viewer: Viewer) -> Avoid {
        *self
    }

    fn seen_move(&self, mv: AvoidMove, _viewer: Viewer) -> AvoidMove {
        mv
    }

    fn determinize<R: RngCore>(view: &Avoid, _seat: Seat, _rng: &mut R) -> Avoid {
        *view
    }

    fn parse_move(&self, text: &str) -> Result<AvoidMove, ParseMoveError> {
        match text {
            "1" | "2" | "3" => Ok(AvoidMove(text.as_bytes()[0] - b'0')),
            _ => Err(ParseMoveError::new(
                text,
                Refusal::new("avoid-notation", "expected 1, 2 or 3"),
            )),
        }
    }

    fn format_move(&self, mv: AvoidMove) -> String {
        mv.0.to_string()
    }

    fn summary(&self) {}
}

impl Avoid {
    pub fn total(&self) -> u8 {
        self.total
    }
}

impl Heuristics for Avoid {
    const GREEDY: bool = true;

    /// Adds as little as possible.
    fn greedy_move(view: &Avoid, _seat: Seat, _rng: &mut FastRng) -> Option<AvoidMove> {
        view.loser.is_none().then_some(AvoidMove(1))
    }
}
