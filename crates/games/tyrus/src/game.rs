use agora_engine::{
    Game, GameRng, IllegalMove, Outcome, ParseMoveError, RngCore, Seat, SetupError, Turn, Viewer,
};

use crate::view::{self, SeenPlacement, TyrusView};
use crate::{BuildingKind, Placement, Side, Tyrus, TyrusOptions, TyrusSetup, TyrusSummary};

const SLOTS: [(Side, BuildingKind); 6] = [
    (Side::Own, BuildingKind::Citadel),
    (Side::Own, BuildingKind::Market),
    (Side::Own, BuildingKind::Temple),
    (Side::Opp, BuildingKind::Citadel),
    (Side::Opp, BuildingKind::Market),
    (Side::Opp, BuildingKind::Temple),
];

impl Game for Tyrus {
    const NAME: &'static str = "tyrus";
    type Options = TyrusOptions;
    type Setup = TyrusSetup;
    type Move = Placement;
    type View = TyrusView;
    type SeenMove = SeenPlacement;
    type Summary = TyrusSummary;

    fn random_setup<R: RngCore>(_options: &TyrusOptions, rng: &mut R) -> TyrusSetup {
        TyrusSetup::random(rng)
    }

    fn from_setup(setup: &TyrusSetup) -> Result<Tyrus, SetupError> {
        Tyrus::new(setup)
    }

    fn seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        self.to_move().map_or(Turn::Over, Turn::Seat)
    }

    fn legal_moves(&self, moves: &mut Vec<Placement>) {
        let Some(mover) = self.to_move() else {
            return;
        };
        for tile in self.hand(mover).iter() {
            moves.extend(SLOTS.iter().map(|&(side, building)| Placement {
                tile,
                side,
                building,
            }));
        }
    }

    #[inline]
    fn random_legal_move<R: RngCore>(&self, rng: &mut R) -> Option<Placement> {
        let hand = self.hand(self.to_move()?);
        let choice = rng.index(hand.len() * SLOTS.len());
        let (side, building) = SLOTS[choice % SLOTS.len()];
        Some(Placement {
            tile: hand.nth(choice / SLOTS.len())?,
            side,
            building,
        })
    }

    fn check_move(&self, placement: Placement) -> Result<(), IllegalMove> {
        self.check(placement)
    }

    #[inline]
    fn play_unchecked(&mut self, placement: Placement) {
        self.place(placement);
    }

    fn sample_chance<R: RngCore>(&self, _rng: &mut R) -> Placement {
        panic!("tyrus has no chance moves: every deal is in the setup")
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(view::outcome)
    }

    fn view(&self, viewer: Viewer) -> TyrusView {
        view::view(self, viewer)
    }

    fn write_view(&self, viewer: Viewer, out: &mut String) {
        view::view(self, viewer).write_json(out);
    }

    fn seen_move(&self, placement: Placement, viewer: Viewer) -> SeenPlacement {
        let seat = self.to_move().unwrap_or(Seat(0));
        let building_owner = match placement.side {
            Side::Own => seat,
            Side::Opp => Seat(seat.0 ^ 1),
        };
        SeenPlacement {
            seat,
            tile: (viewer == Viewer::Seat(seat)).then_some(placement.tile),
            building_owner,
            building: placement.building,
        }
    }

    fn determinize<R: RngCore>(view: &TyrusView, seat: Seat, rng: &mut R) -> Tyrus {
        view::determinize(view, seat, rng)
    }

    fn parse_move(&self, text: &str) -> Result<Placement, ParseMoveError> {
        Placement::parse(text)
    }

    fn format_move(&self, placement: Placement) -> String {
        placement.notation()
    }

    fn write_move(&self, placement: Placement, out: &mut String) {
        placement.write_notation(out);
    }

    fn write_move_json(&self, placement: Placement, out: &mut String) {
        placement.write_json(out);
    }

    fn summary(&self) -> TyrusSummary {
        crate::summary::summary(self)
    }
}
