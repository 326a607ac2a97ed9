//! Tyrus's facts: which tile to which building, what it does in the count at hand (a vote, a
//! block, a counter, a bluff, or a tile left for a later count), the totals it changes, and the
//! strong tiles it keeps back.

use agora_engine::Seat;
use agora_tyrus::{
    BuildingKind, Office, Placement, Profession, Side, Tile, TileSet, Tyrus, TyrusView,
};
use serde::Serialize;

use super::Explain;

/// Tiles this strong or stronger left in hand are "kept back" in a hint.
const STRONG: u8 = 8;

/// What one tile does where it goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TyrusRole {
    /// A vote of the profession elected now, in the mover's building being counted.
    Vote,
    /// A blocker in the opponent's building being counted.
    Block,
    /// A counter to blockers, in the mover's building being counted.
    Counter,
    /// In a building being counted, but it counts for nothing there: a bluff.
    Bluff,
    /// In a building not counted now: it waits for a later count of that kind.
    Later,
}

/// What placing one tile does, as far as the mover's view can tell (the opponent's tiles are
/// face down, so only the mover's own totals are known).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrusFacts {
    pub tile: Tile,
    pub side: Side,
    pub building: BuildingKind,
    /// The office elected now.
    pub office: Option<Office>,
    pub role: TyrusRole,
    /// The mover's total of the role's profession in the building, before and after (votes,
    /// blocks or counters; for a bluff or a later tile, 0 and 0).
    pub total: (u8, u8),
    /// Face-down tiles of the opponent's in the mover's building being counted: possible
    /// blocks against its votes.
    pub hidden_against: u8,
    /// The strongest tiles left in hand after the move (strength 8 or more, at most two).
    pub kept_back: Vec<Tile>,
}

impl Explain for Tyrus {
    type Facts = TyrusFacts;

    fn facts(view: &TyrusView, seat: Seat, mv: Placement) -> TyrusFacts {
        let office = view.office();
        let owner = match mv.side {
            Side::Own => seat,
            Side::Opp => Seat(1 - seat.0),
        };
        let role = office.map_or(TyrusRole::Later, |office| role(office, mv));
        let profession = match (role, office) {
            (TyrusRole::Vote, Some(office)) => Some(office.profession()),
            (TyrusRole::Block, Some(office)) => Some(office.profession().blocked_by()),
            (TyrusRole::Counter, Some(office)) => {
                Some(office.profession().blocked_by().blocked_by())
            }
            _ => None,
        };
        let before = profession.map_or(0, |p| {
            view.building(owner, mv.building).visible[seat.index()].strength(p)
        });
        let total = match profession {
            Some(_) => (before, before + mv.tile.value()),
            None => (0, 0),
        };
        let hidden_against = office.map_or(0, |office| {
            view.building(seat, office.building()).hidden[1 - seat.index()]
        });
        let hand = view
            .hand
            .unwrap_or(TileSet::EMPTY)
            .minus(TileSet::EMPTY.with(mv.tile));
        let mut kept_back: Vec<Tile> = hand.iter().filter(|t| t.value() >= STRONG).collect();
        kept_back.sort_by_key(|t| std::cmp::Reverse(t.value()));
        kept_back.truncate(2);
        TyrusFacts {
            tile: mv.tile,
            side: mv.side,
            building: mv.building,
            office,
            role,
            total,
            hidden_against,
            kept_back,
        }
    }
}

/// What a tile does in the count of `office`.
fn role(office: Office, mv: Placement) -> TyrusRole {
    if mv.building != office.building() {
        return TyrusRole::Later;
    }
    let elected: Profession = office.profession();
    let profession = mv.tile.profession();
    match mv.side {
        Side::Own if profession == elected => TyrusRole::Vote,
        Side::Own if profession == elected.blocked_by().blocked_by() => TyrusRole::Counter,
        Side::Opp if profession == elected.blocked_by() => TyrusRole::Block,
        _ => TyrusRole::Bluff,
    }
}
