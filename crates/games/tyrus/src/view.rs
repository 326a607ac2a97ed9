use agora_engine::{GameRng, Outcome, RngCore, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::position::{ELECTIONS, ElectionResult, Ending, WinReason};
use crate::{BuildingKind, Office, Tile, TileSet, Tyrus};

/// One building as a viewer sees it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct BuildingView {
    pub owner: Seat,
    pub kind: BuildingKind,
    /// Face-up tiles, by the seat that owns them: the viewer's own tiles.
    pub visible: [TileSet; 2],
    /// Face-down tiles the viewer cannot read, by the seat that owns them.
    pub hidden: [u8; 2],
}

/// What one seat (or a spectator) knows of a game of Tyrus.
///
/// A seat sees its own hand and its own placed tiles; of the opponent's placed tiles only how
/// many lie in each building; every tile discarded after a count; the election cards turned so
/// far; the chart. Nobody sees a draw pile's order or the cards still face down.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TyrusView {
    pub viewer: Viewer,
    pub first_player: Seat,
    /// The current election, 1-based; `None` once the game is over.
    pub election: Option<u8>,
    /// The election cards turned so far, in order.
    pub offices: [Option<Office>; ELECTIONS],
    pub to_move: Option<Seat>,
    /// Tiles placed so far in the current election.
    pub placements: u8,
    /// The viewer's hand; `None` for a spectator.
    pub hand: Option<TileSet>,
    /// `buildings[owner][kind]`.
    pub buildings: [[BuildingView; 3]; 2],
    pub discarded: [TileSet; 2],
    pub results: [Option<ElectionResult>; ELECTIONS],
    pub representatives: [u8; 2],
    pub hand_sizes: [u8; 2],
    pub draw_pile_sizes: [u8; 2],
    /// Both hands, once they have decided the game (tiebreak or draw): then everyone sees
    /// them, as players would lay them open to compare.
    pub revealed_hands: Option<[TileSet; 2]>,
    pub outcome: Option<Outcome>,
}

impl TyrusView {
    /// The office of the current election.
    pub fn office(&self) -> Option<Office> {
        self.election.and_then(|e| self.offices[usize::from(e) - 1])
    }

    pub fn building(&self, owner: Seat, kind: BuildingKind) -> &BuildingView {
        &self.buildings[owner.index()][kind.index()]
    }
}

/// What a viewer sees of a placement: who placed, where, and the tile only if it is theirs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct SeenPlacement {
    pub seat: Seat,
    pub tile: Option<Tile>,
    pub building_owner: Seat,
    pub building: BuildingKind,
}

pub(crate) fn view(game: &Tyrus, viewer: Viewer) -> TyrusView {
    let me = viewer.seat();
    let revealed = usize::from(game.counted) + usize::from(game.ending.is_none());
    let mut offices = [None; ELECTIONS];
    for (slot, office) in offices.iter_mut().zip(&game.elections).take(revealed) {
        *slot = Some(*office);
    }
    let buildings = [0u8, 1].map(|owner| {
        BuildingKind::ALL.map(|kind| {
            let tiles = game.placed[usize::from(owner)][kind.index()];
            let mut visible = [TileSet::EMPTY; 2];
            let mut hidden = [0; 2];
            for seat in 0..2 {
                if me == Some(Seat(seat as u8)) {
                    visible[seat] = tiles[seat];
                } else {
                    hidden[seat] = tiles[seat].len() as u8;
                }
            }
            BuildingView {
                owner: Seat(owner),
                kind,
                visible,
                hidden,
            }
        })
    });
    TyrusView {
        viewer,
        first_player: game.first_player(),
        election: game.election_number(),
        offices,
        to_move: game.to_move(),
        placements: game.placements,
        hand: me.map(|s| game.hands[s.index()]),
        buildings,
        discarded: game.discarded,
        results: game.results,
        representatives: game.representatives,
        hand_sizes: game.hand_sizes(),
        draw_pile_sizes: game.draw_pile_sizes(),
        revealed_hands: game
            .ending
            .filter(|e| matches!(e.reason, WinReason::Tiebreak | WinReason::Draw))
            .map(|_| game.hands),
        outcome: game.ending.map(outcome),
    }
}

pub(crate) fn outcome(ending: Ending) -> Outcome {
    Outcome::new(ending.winners, ending.reason.code())
}

/// A full game consistent with what `seat` sees in `view`, drawn uniformly.
pub(crate) fn determinize<R: RngCore>(view: &TyrusView, seat: Seat, rng: &mut R) -> Tyrus {
    let me = seat.index();
    let opponent = me ^ 1;
    let counted = view.results.iter().filter(|r| r.is_some()).count();

    let mut elections = [Office::General; ELECTIONS];
    let mut unseen_cards = [3u8; 3];
    let revealed = view.offices.iter().flatten().count();
    for (slot, office) in elections.iter_mut().zip(view.offices.iter().flatten()) {
        *slot = *office;
        unseen_cards[*office as usize] -= 1;
    }
    let mut rest = revealed;
    for office in Office::ALL {
        for _ in 0..unseen_cards[office as usize] {
            elections[rest] = office;
            rest += 1;
        }
    }
    rng.shuffle(&mut elections[revealed..]);

    let mut placed = [[[TileSet::EMPTY; 2]; 3]; 2];
    for (owner, buildings) in view.buildings.iter().enumerate() {
        for (kind, building) in buildings.iter().enumerate() {
            placed[owner][kind][me] = building.visible[me];
        }
    }
    let my_hand = view.hand.unwrap_or_default();
    let my_placed = placed
        .iter()
        .flatten()
        .fold(TileSet::EMPTY, |acc, b| acc.union(b[me]));
    let my_known = my_hand.union(my_placed).union(view.discarded[me]);

    // The opponent's tiles nobody has seen face up: deal them into its face-down slots, its
    // hand and its pile.
    let mut unknown = [Tile::from_index(0).expect("tile 0"); 30];
    let unknown_set = TileSet::ALL.minus(view.discarded[opponent]);
    let unknown_count = unknown_set.len();
    for (slot, tile) in unknown.iter_mut().zip(unknown_set.iter()) {
        *slot = tile;
    }
    let unknown = &mut unknown[..unknown_count];
    rng.shuffle(unknown);
    let mut next = 0;
    let mut take = |n: usize| -> TileSet {
        let set = unknown[next..next + n].iter().copied().collect();
        next += n;
        set
    };
    for (owner, buildings) in view.buildings.iter().enumerate() {
        for (kind, building) in buildings.iter().enumerate() {
            placed[owner][kind][opponent] = take(usize::from(building.hidden[opponent]));
        }
    }
    let opponent_hand = match view.revealed_hands {
        Some(hands) => {
            // Known: deal it out of the unknown tiles so the rest stays consistent.
            let hand = hands[opponent];
            let (known, rest): (Vec<Tile>, Vec<Tile>) =
                unknown[next..].iter().partition(|t| hand.contains(**t));
            for (slot, tile) in unknown[next..].iter_mut().zip(known.iter().chain(&rest)) {
                *slot = *tile;
            }
            next += known.len();
            hand
        }
        None => take(usize::from(view.hand_sizes[opponent])),
    };
    let opponent_pile_start = next;

    let drawn = view.draw_pile_sizes.map(|pile| 30 - pile);
    let mut draws = [[Tile::from_index(0).expect("tile 0"); 30]; 2];
    // A seat's own pile: its tiles not yet seen anywhere, in a fresh order. The order of the
    // tiles already drawn is never looked at again, so any order does.
    let my_pile = TileSet::ALL.minus(my_known);
    for (slot, tile) in draws[me]
        .iter_mut()
        .zip(my_known.iter().chain(my_pile.iter()))
    {
        *slot = tile;
    }
    rng.shuffle(&mut draws[me][usize::from(drawn[me])..]);
    let opponent_pile = &unknown[opponent_pile_start..];
    let opponent_drawn = TileSet::ALL.minus(opponent_pile.iter().copied().collect());
    let opponent_order = opponent_drawn.iter().chain(opponent_pile.iter().copied());
    for (slot, tile) in draws[opponent].iter_mut().zip(opponent_order) {
        *slot = tile;
    }

    let mut hands = [TileSet::EMPTY; 2];
    hands[me] = my_hand;
    hands[opponent] = opponent_hand;
    Tyrus {
        first_player: view.first_player.0,
        elections,
        draws,
        drawn,
        hands,
        placed,
        discarded: view.discarded,
        counted: counted as u8,
        placements: view.placements,
        results: view.results,
        representatives: view.representatives,
        ending: view.outcome.as_ref().map(|o| Ending {
            winners: o.winners,
            reason: WinReason::ALL
                .into_iter()
                .find(|r| r.code() == o.reason)
                .unwrap_or(WinReason::Draw),
        }),
    }
}
