//! Tyranny's facts: which piece acts, and what comes of the move on each face of the die it
//! rolls (where the piece ends, whom it arrests or kidnaps, what property changes hands, how the
//! influence moves, whether it leaves custody), and which enemies could reach it where it ends.
//! The rules work these out by playing the move on a state sampled from the view: dice and
//! landings do not depend on the hidden cards.

use agora_engine::Seat;
use agora_tyranny::{
    Board, Deck, Event, Faction, Move, Phase, Piece, TileId, Tyranny, TyrannyView,
};
use serde::Serialize;

use super::{Explain, sample};

/// The furthest a die takes a piece: an enemy this many tiles behind or nearer can reach it.
const DIE_FACES: u8 = 6;

/// What one Tyranny move does, from the mover's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrannyFacts {
    /// The kind of choice, by the word that starts its notation (`move`, `capture`, `pass`,
    /// `cross`, `stay`, `open`, `collapse`, `pay`, `escape`, `draw`, `decline`, `challenge`,
    /// `spare`, `advance`, `target`, `discard`, `play`).
    pub choice: &'static str,
    /// The piece taking its turn.
    pub piece: Piece,
    /// Where it stands before the move; `None` in custody.
    pub from: Option<TileId>,
    /// What comes of the move: one outcome when no die is rolled, else one per set of faces
    /// that bring the same thing, lowest faces first.
    pub outcomes: Vec<TyrannyOutcome>,
}

/// What comes of a move, for the faces of the die that bring it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrannyOutcome {
    /// The die faces that bring it (bit `n` for face `n`); 0 when no die is rolled.
    pub faces: u8,
    /// Where the piece ends; `None` in custody.
    pub at: Option<TileId>,
    /// Enemy pieces it takes into custody (arrests or kidnaps).
    pub captures: Vec<Piece>,
    /// A property whose owner changes, and its new owner (`None`: neutral).
    pub owner: Option<(TileId, Option<Faction>)>,
    /// A property a capture roll failed to take.
    pub failed_capture: Option<TileId>,
    /// The criminals' influence before and after, when it changes.
    pub influence: Option<(u32, u32)>,
    /// It leaves custody.
    pub freed: bool,
    /// Enemy pieces it passed and may now challenge.
    pub passes: Vec<Piece>,
    /// It landed on a card tile and may draw from this deck.
    pub may_draw: Option<Deck>,
    /// It may cross to the other city.
    pub may_cross: bool,
    /// Free enemy pieces whose next roll can reach it where it ends (it is not protected there).
    pub in_reach_of: Vec<Piece>,
}

impl TyrannyOutcome {
    /// Nothing comes of it but where the piece ends, free.
    pub fn is_quiet(&self) -> bool {
        self.at.is_some()
            && self.captures.is_empty()
            && self.owner.is_none()
            && self.failed_capture.is_none()
            && self.influence.is_none()
            && !self.freed
            && self.passes.is_empty()
            && self.may_draw.is_none()
            && !self.may_cross
            && self.in_reach_of.is_empty()
    }
}

impl Explain for Tyranny {
    type Facts = TyrannyFacts;

    fn facts(view: &TyrannyView, seat: Seat, mv: Move) -> TyrannyFacts {
        let mut state = sample::<Tyranny>(view, seat);
        let piece = state.table().active();
        let before = *state.piece(piece);
        let from = (!before.custody).then_some(before.tile);
        let outcomes = match state.play_logged(mv) {
            Err(_) => Vec::new(),
            Ok(events) if matches!(state.phase(), Phase::Roll { .. }) => {
                by_face(&state, piece, &events)
            }
            Ok(events) => vec![outcome(state, piece, events, 0)],
        };
        TyrannyFacts {
            choice: choice(mv),
            piece,
            from,
            outcomes,
        }
    }
}

/// The outcome of each face of the roll `state` waits for, faces that bring the same thing
/// merged.
fn by_face(state: &Tyranny, piece: Piece, events: &[Event]) -> Vec<TyrannyOutcome> {
    let mut outcomes: Vec<TyrannyOutcome> = Vec::new();
    for face in 1..=DIE_FACES {
        let mut rolled = state.clone();
        let Ok(more) = rolled.play_logged(Move::Roll(face)) else {
            continue;
        };
        let all: Vec<Event> = events.iter().copied().chain(more).collect();
        let this = outcome(rolled, piece, all, 1 << face);
        match outcomes.iter_mut().find(|o| {
            TyrannyOutcome {
                faces: o.faces,
                ..this.clone()
            } == **o
        }) {
            Some(same) => same.faces |= this.faces,
            None => outcomes.push(this),
        }
    }
    outcomes
}

/// What `events` did for `piece`, which now stands as `state` says. Passed enemies are spared
/// to see the landing (a challenge's roll does not change where the piece lands).
fn outcome(mut state: Tyranny, piece: Piece, mut events: Vec<Event>, faces: u8) -> TyrannyOutcome {
    let mut passes = Vec::new();
    while let Phase::Challenge { piece: passed, .. } = state.phase() {
        passes.push(passed);
        match state.play_logged(Move::Spare(passed)) {
            Ok(more) => events.extend(more),
            Err(_) => break,
        }
    }
    let now = state.piece(piece);
    let at = (!now.custody).then_some(now.tile);
    let mut result = TyrannyOutcome {
        faces,
        at,
        captures: Vec::new(),
        owner: None,
        failed_capture: None,
        influence: None,
        freed: false,
        passes,
        may_draw: None,
        may_cross: false,
        in_reach_of: at.map_or_else(Vec::new, |tile| in_reach(&state, piece, tile)),
    };
    let mut influence: Option<(u32, u32)> = None;
    for event in &events {
        match *event {
            Event::Captured { piece: taken, by } if by == piece => result.captures.push(taken),
            Event::OwnerChanged { tile, owner } => result.owner = Some((tile, owner)),
            Event::CaptureFailed { tile } => result.failed_capture = Some(tile),
            Event::Influence { before, after, .. } => {
                influence = Some((influence.map_or(before, |(first, _)| first), after));
            }
            Event::Released { piece: freed, .. } if freed == piece => result.freed = true,
            _ => {}
        }
    }
    result.influence = influence.filter(|(before, after)| before != after);
    // A later roll may have taken what an earlier one neutralised: only the last word counts.
    if result.owner.is_some() {
        result.failed_capture = None;
    }
    match state.phase() {
        Phase::MayDraw { deck } => result.may_draw = Some(deck),
        Phase::MayCross => result.may_cross = true,
        _ => {}
    }
    result
}

/// The free enemy pieces standing one to six tiles behind `tile` on its loop, when `tile` does
/// not protect `piece`: each could land on it, or pass it and challenge, with its next roll.
fn in_reach(state: &Tyranny, piece: Piece, tile: TileId) -> Vec<Piece> {
    let Ok(board) = Board::standard() else {
        return Vec::new();
    };
    let faction = piece.faction();
    if board.is_safe_for(tile, faction) {
        return Vec::new();
    }
    let target = board.tile(tile);
    let len = board.loop_len(target.tier);
    Piece::ALL
        .into_iter()
        .filter(|enemy| enemy.faction() != faction)
        .filter(|&enemy| {
            let there = state.piece(enemy);
            let from = board.tile(there.tile);
            !there.custody && from.tier == target.tier && {
                let ahead = (target.position + len - from.position) % len;
                (1..=DIE_FACES).contains(&ahead)
            }
        })
        .collect()
}

fn choice(mv: Move) -> &'static str {
    match mv {
        Move::Go => "move",
        Move::Capture => "capture",
        Move::Pass => "pass",
        Move::Cross => "cross",
        Move::Stay => "stay",
        Move::Open(_) => "open",
        Move::Collapse(_) => "collapse",
        Move::Pay => "pay",
        Move::Escape => "escape",
        Move::Draw => "draw",
        Move::Decline => "decline",
        Move::Challenge { .. } => "challenge",
        Move::Spare(_) => "spare",
        Move::Advance(_) => "advance",
        Move::Target(_) => "target",
        Move::Discard(_) => "discard",
        Move::Play(_) => "play",
        Move::Roll(_) | Move::Drawn(_) | Move::Picked(_) => "chance",
    }
}
