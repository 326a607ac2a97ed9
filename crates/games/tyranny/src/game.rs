use agora_engine::{
    Game, GameRng, IllegalMove, Outcome, ParseMoveError, RngCore, Seat, SetupError, Turn, Viewer,
};

use crate::event::NoLog;
use crate::state::{Phase, Tyranny};
use crate::{Event, Move, Options, SeenMove, Setup, Summary, TyrannyView};

/// Most moves a seat can have at once (a cop at the start of a turn holding every card).
const MAX_MOVES: usize = 48;

impl Tyranny {
    /// Plays a move after checking it and says what happened, for people to read. Events hold
    /// hidden cards; pass them through [`Event::seen_by`] before showing them to a viewer.
    pub fn play_logged(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        self.check_move(mv)?;
        let mut events = Vec::new();
        self.apply(mv, &mut events);
        Ok(events)
    }
}

impl Game for Tyranny {
    const NAME: &'static str = "tyranny";

    type Options = Options;
    type Setup = Setup;
    type Move = Move;
    type View = TyrannyView;
    type SeenMove = SeenMove;
    type Summary = Summary;

    fn random_setup<R: RngCore>(options: &Options, _rng: &mut R) -> Setup {
        Setup {
            players: options.players,
            position: None,
        }
    }

    fn from_setup(setup: &Setup) -> Result<Tyranny, SetupError> {
        Tyranny::from_setup_checked(setup)
    }

    fn seats(&self) -> usize {
        usize::from(self.table.players())
    }

    fn turn(&self) -> Turn {
        match self.table.phase {
            Phase::Over => Turn::Over,
            Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. } => Turn::Chance,
            _ => Turn::Seat(self.active_seat()),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.each_legal(|mv| moves.push(mv));
    }

    fn random_legal_move<R: RngCore>(&self, rng: &mut R) -> Option<Move> {
        let mut moves = [Move::Pass; MAX_MOVES];
        let mut count = 0;
        self.each_legal(|mv| {
            moves[count] = mv;
            count += 1;
        });
        (count > 0).then(|| moves[rng.index(count)])
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv.is_chance() {
            return self.check_chance(mv).map_err(IllegalMove::new);
        }
        let mut legal = false;
        self.each_legal(|m| legal |= m == mv);
        if legal {
            Ok(())
        } else {
            Err(IllegalMove::new(self.illegal_reason(mv)))
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv, &mut NoLog);
    }

    fn sample_chance<R: RngCore>(&self, rng: &mut R) -> Move {
        match self.table.phase {
            Phase::Roll { .. } => Move::Roll(1 + rng.below(6) as u8),
            Phase::Draw { deck } => {
                let n = self.decks.len_of(deck);
                Move::Drawn(self.decks.nth(Some(deck), rng.index(n)))
            }
            Phase::Pick { victim, .. } => {
                let hand = &self.hands[victim.index()];
                Move::Picked(hand.nth(None, rng.index(hand.len())))
            }
            phase => panic!("sample_chance at a seat's turn ({phase:?})"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.ending.map(|ending| Outcome {
            winners: self.winners(ending),
            reason: ending.reason.into(),
        })
    }

    fn view(&self, viewer: Viewer) -> TyrannyView {
        self.view_for(viewer)
    }

    fn seen_move(&self, mv: Move, viewer: Viewer) -> SeenMove {
        let sees = |seat: Seat| viewer == Viewer::Seat(seat);
        match (mv, self.table.phase) {
            (Move::Drawn(card), _) if card.is_kept() && !sees(self.active_seat()) => {
                SeenMove::DrewHidden(card.deck())
            }
            (
                Move::Picked(_),
                Phase::Pick {
                    victim,
                    steal: true,
                },
            ) if !sees(victim) && !sees(self.active_seat()) => SeenMove::PickedHidden,
            _ => SeenMove::Move(mv),
        }
    }

    fn determinize<R: RngCore>(view: &TyrannyView, seat: Seat, rng: &mut R) -> Tyranny {
        Tyranny::determinized(view, seat, rng)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        Move::parse(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn write_move(&self, mv: Move, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{mv}");
    }

    fn summary(&self) -> Summary {
        Summary::new(self)
    }
}
