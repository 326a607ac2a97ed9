use agora_engine::{EngineRefusal, IllegalMove, Seat, SeatSet, SetupError};
use serde::{Deserialize, Serialize};

use crate::{Office, Placement, Profession, Side, Tile, TileSet, TyrusRefusal, TyrusSetup};

/// Elections in a game.
pub const ELECTIONS: usize = 9;
/// Tiles each seat holds at the start.
pub const OPENING_HAND: u8 = 9;
/// Tiles each seat draws after an election, while its pile lasts.
pub const DRAW_AFTER_ELECTION: u8 = 3;
/// Tiles each seat places per election.
pub const PLACEMENTS_PER_SEAT: u8 = 3;

/// The count of one election.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ElectionResult {
    pub office: Office,
    pub scores: [u8; 2],
    /// Each seat's count in its own building, the arithmetic behind its score. Public: every
    /// tile in the two counted buildings is revealed at the count.
    pub counts: [Count; 2],
    /// `None` for a null election (equal scores, 0–0 included).
    pub winner: Option<Seat>,
}

/// Why a game of Tyrus ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Three elections won in a row, with no null election between.
    ThreeInARow,
    /// Five elections won.
    FiveElections,
    /// More representatives after the ninth election.
    Majority,
    /// Equal representatives; the higher sum of the three tiles left in hand.
    Tiebreak,
    /// Equal representatives and equal hands.
    Draw,
}

impl WinReason {
    pub const ALL: [WinReason; 5] = [
        WinReason::ThreeInARow,
        WinReason::FiveElections,
        WinReason::Majority,
        WinReason::Tiebreak,
        WinReason::Draw,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            WinReason::ThreeInARow => "three_in_a_row",
            WinReason::FiveElections => "five_elections",
            WinReason::Majority => "majority",
            WinReason::Tiebreak => "tiebreak",
            WinReason::Draw => "draw",
        }
    }
}

/// The end of a game: who won (both seats on a draw) and why.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ending {
    pub winners: SeatSet,
    pub reason: WinReason,
}

/// One seat's count in its own building of the election's kind: the strengths behind its
/// score, `votes − (blocks − counters)`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Count {
    /// Its own tiles of the elected profession.
    pub votes: u8,
    /// The opponent's tiles there of the profession that blocks the elected one.
    pub blocks: u8,
    /// Its own tiles there of the profession that blocks the blockers.
    pub counters: u8,
}

impl Count {
    /// The count of the seat whose tiles in its own building are `own`, the opponent's there
    /// being `opponent`, in an election of `profession`.
    pub fn of(own: TileSet, opponent: TileSet, profession: Profession) -> Count {
        let blocker = profession.blocked_by();
        Count {
            votes: own.strength(profession),
            blocks: opponent.strength(blocker),
            counters: own.strength(blocker.blocked_by()),
        }
    }

    /// The blocks the counters leave standing: `max(0, blocks − counters)`.
    pub fn net_blocks(self) -> u8 {
        self.blocks.saturating_sub(self.counters)
    }

    /// `max(0, votes − max(0, blocks − counters))`.
    pub fn score(self) -> u8 {
        self.votes.saturating_sub(self.net_blocks())
    }
}

/// A seat's score in its own building of the election's kind.
///
/// Votes are its tiles of the elected profession; the opponent's tiles there of the profession
/// that blocks it take votes away, but only as far as the seat's own tiles of the profession
/// that blocks the blockers do not cancel them. No other tile counts, and a score never goes
/// below zero.
pub fn score(own: TileSet, opponent: TileSet, profession: Profession) -> u8 {
    Count::of(own, opponent, profession).score()
}

/// A game of Tyrus.
///
/// Small and `Copy`, so search can copy it freely: tile positions are bit masks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tyrus {
    pub(crate) first_player: u8,
    pub(crate) elections: [Office; ELECTIONS],
    pub(crate) draws: [[Tile; 30]; 2],
    /// How many tiles of its draw order each seat has taken.
    pub(crate) drawn: [u8; 2],
    pub(crate) hands: [TileSet; 2],
    /// `placed[building owner][building kind][tile owner]`.
    pub(crate) placed: [[[TileSet; 2]; 3]; 2],
    pub(crate) discarded: [TileSet; 2],
    /// Elections counted so far; while the game goes on, the current election's index.
    pub(crate) counted: u8,
    /// Tiles placed in the current election.
    pub(crate) placements: u8,
    pub(crate) results: [Option<ElectionResult>; ELECTIONS],
    pub(crate) representatives: [u8; 2],
    pub(crate) ending: Option<Ending>,
}

impl Tyrus {
    /// Checks a setup and deals the opening hands.
    pub fn new(setup: &TyrusSetup) -> Result<Tyrus, SetupError> {
        setup.check()?;
        let opening = |seat: usize| -> TileSet {
            setup.draws[seat][..usize::from(OPENING_HAND)]
                .iter()
                .copied()
                .collect()
        };
        Ok(Tyrus {
            first_player: setup.first_player.0,
            elections: setup.elections,
            draws: setup.draws,
            drawn: [OPENING_HAND; 2],
            hands: [opening(0), opening(1)],
            placed: [[[TileSet::EMPTY; 2]; 3]; 2],
            discarded: [TileSet::EMPTY; 2],
            counted: 0,
            placements: 0,
            results: [None; ELECTIONS],
            representatives: [0; 2],
            ending: None,
        })
    }

    /// The seat that places the first tile of election `index` (0-based): the first player in
    /// odd-numbered elections (1st, 3rd, ...), the other seat in even-numbered ones.
    #[inline]
    pub fn starter(&self, index: u8) -> Seat {
        Seat(self.first_player ^ (index & 1))
    }

    pub fn first_player(&self) -> Seat {
        Seat(self.first_player)
    }

    /// The seat to place a tile, or `None` once the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<Seat> {
        if self.ending.is_some() {
            return None;
        }
        Some(Seat(self.starter(self.counted).0 ^ (self.placements & 1)))
    }

    /// The current election, 1-based, or `None` once the game is over.
    pub fn election_number(&self) -> Option<u8> {
        self.ending.is_none().then_some(self.counted + 1)
    }

    /// The office of the current election (its card is face up).
    pub fn current_office(&self) -> Option<Office> {
        self.ending
            .is_none()
            .then(|| self.elections[usize::from(self.counted)])
    }

    pub fn results(&self) -> impl Iterator<Item = (u8, ElectionResult)> + '_ {
        self.results
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|r| (i as u8 + 1, r)))
    }

    pub fn representatives(&self) -> [u8; 2] {
        self.representatives
    }

    #[inline]
    pub fn hand(&self, seat: Seat) -> TileSet {
        self.hands[seat.index()]
    }

    pub fn hand_sizes(&self) -> [u8; 2] {
        self.hands.map(|h| h.len() as u8)
    }

    pub fn draw_pile_sizes(&self) -> [u8; 2] {
        self.drawn.map(|d| 30 - d)
    }

    /// Tiles of `tile_owner` in `building_owner`'s building of `kind`.
    pub fn placed(
        &self,
        building_owner: Seat,
        kind: crate::BuildingKind,
        tile_owner: Seat,
    ) -> TileSet {
        self.placed[building_owner.index()][kind.index()][tile_owner.index()]
    }

    pub fn discarded(&self, seat: Seat) -> TileSet {
        self.discarded[seat.index()]
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether `placement` may be played now, and why not.
    pub fn check(&self, placement: Placement) -> Result<(), IllegalMove> {
        let Some(mover) = self.to_move() else {
            return Err(IllegalMove::new(EngineRefusal::GameOver));
        };
        if !self.hands[mover.index()].contains(placement.tile) {
            return Err(IllegalMove::new(
                TyrusRefusal::NotInHand.with("tile", placement.tile.name()),
            ));
        }
        Ok(())
    }

    /// Plays a placement known to be legal.
    #[inline]
    pub fn place(&mut self, placement: Placement) {
        let Some(mover) = self.to_move() else {
            return;
        };
        let me = mover.index();
        let building_owner = match placement.side {
            Side::Own => me,
            Side::Opp => me ^ 1,
        };
        let bit = TileSet(placement.tile.bit());
        self.hands[me] = self.hands[me].minus(bit);
        let slot = &mut self.placed[building_owner][placement.building.index()][me];
        *slot = slot.union(bit);
        self.placements += 1;
        if self.placements == 2 * PLACEMENTS_PER_SEAT {
            self.count_election();
        }
    }

    fn count_election(&mut self) {
        let index = usize::from(self.counted);
        let office = self.elections[index];
        let kind = office.building().index();
        let seat_count = |s: usize| {
            Count::of(
                self.placed[s][kind][s],
                self.placed[s][kind][s ^ 1],
                office.profession(),
            )
        };
        let counts = [seat_count(0), seat_count(1)];
        let scores = counts.map(Count::score);
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        };
        for building in &mut self.placed {
            for (tile_owner, tiles) in building[kind].iter_mut().enumerate() {
                self.discarded[tile_owner] = self.discarded[tile_owner].union(*tiles);
                *tiles = TileSet::EMPTY;
            }
        }
        self.results[index] = Some(ElectionResult {
            office,
            scores,
            counts,
            winner,
        });
        self.counted += 1;
        self.placements = 0;
        self.ending = self.ending_after(index, winner);
        if self.ending.is_none() {
            self.draw_after_election();
        }
    }

    fn ending_after(&mut self, index: usize, winner: Option<Seat>) -> Option<Ending> {
        if let Some(winner) = winner {
            self.representatives[winner.index()] += 1;
            let won = |i: usize| self.results[i].and_then(|r| r.winner) == Some(winner);
            let only = SeatSet::single(winner);
            if index >= 2 && won(index - 1) && won(index - 2) {
                return Some(Ending {
                    winners: only,
                    reason: WinReason::ThreeInARow,
                });
            }
            if self.representatives[winner.index()] >= 5 {
                return Some(Ending {
                    winners: only,
                    reason: WinReason::FiveElections,
                });
            }
        }
        if index + 1 < ELECTIONS {
            return None;
        }
        let [r0, r1] = self.representatives;
        let [h0, h1] = self.hands.map(TileSet::total);
        let (winners, reason) = match (r0.cmp(&r1), h0.cmp(&h1)) {
            (std::cmp::Ordering::Greater, _) => (SeatSet::single(Seat(0)), WinReason::Majority),
            (std::cmp::Ordering::Less, _) => (SeatSet::single(Seat(1)), WinReason::Majority),
            (_, std::cmp::Ordering::Greater) => (SeatSet::single(Seat(0)), WinReason::Tiebreak),
            (_, std::cmp::Ordering::Less) => (SeatSet::single(Seat(1)), WinReason::Tiebreak),
            _ => (SeatSet::first(2), WinReason::Draw),
        };
        Some(Ending { winners, reason })
    }

    fn draw_after_election(&mut self) {
        for seat in 0..2 {
            let from = usize::from(self.drawn[seat]);
            let to = (from + usize::from(DRAW_AFTER_ELECTION)).min(30);
            for &tile in &self.draws[seat][from..to] {
                self.hands[seat] = self.hands[seat].with(tile);
            }
            self.drawn[seat] = to as u8;
        }
    }
}
