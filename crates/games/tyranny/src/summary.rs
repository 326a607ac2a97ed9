use std::collections::BTreeMap;

use agora_engine::{Game, Seat, SeatSet, Turn};
use serde::{Deserialize, Serialize};

use crate::board::{TileKind, board};
use crate::rules::TURN_LIMIT;
use crate::state::{CROSSED, DREW, Phase, PieceState, TUNNEL_WORKED, Table, Tyranny};
use crate::{Card, Cards, Deck, Faction, Piece, Tier, TileId};

/// One piece, as people read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceSummary {
    pub piece: Piece,
    pub faction: Faction,
    pub seat: Seat,
    /// The tile it stands on, or the enemy home base holding it in custody.
    pub tile: TileId,
    pub tile_name: String,
    pub tier: Tier,
    /// `free` or `custody`.
    pub state: &'static str,
    /// In custody: the die faces that free it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escape_faces: Option<Vec<u8>>,
    /// In custody: whether it may pay its way out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub may_pay: Option<bool>,
    /// In custody: turns left of an inescapable arrest.
    #[serde(skip_serializing_if = "is_zero")]
    pub sentence: u8,
    #[serde(skip_serializing_if = "is_zero")]
    pub misses: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl PieceSummary {
    pub fn new(table: &Table, piece: Piece) -> PieceSummary {
        let board = board();
        let state: &PieceState = table.piece(piece);
        let tile = board.tile(state.tile);
        PieceSummary {
            piece,
            faction: piece.faction(),
            seat: table.seating().commander(piece),
            tile: state.tile,
            tile_name: tile.name.clone(),
            tier: tile.tier,
            state: if state.custody { "custody" } else { "free" },
            escape_faces: state.custody.then(|| {
                (1..=6)
                    .filter(|f| state.escape_faces & (1 << f) != 0)
                    .collect()
            }),
            may_pay: state.custody.then_some(state.may_pay),
            sentence: state.sentence,
            misses: state.misses,
        }
    }
}

/// One property and its owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertySummary {
    pub tile: TileId,
    pub name: String,
    pub owner: Option<Faction>,
}

/// One tunnel and whether it is open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TunnelSummary {
    pub tunnel: String,
    pub outer: TileId,
    pub inner: TileId,
    pub open: bool,
}

/// Card counts per deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCounts {
    pub gamble: usize,
    pub gains: usize,
}

impl DeckCounts {
    pub fn of(cards: &Cards) -> DeckCounts {
        DeckCounts {
            gamble: cards.len_of(Deck::Gamble),
            gains: cards.len_of(Deck::Gains),
        }
    }
}

/// A piece in a view: its tile, and its custody terms only when held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewPiece {
    pub piece: Piece,
    /// The tile it stands on, or the enemy home base holding it.
    pub tile: TileId,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub custody: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape_faces: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub may_pay: Option<bool>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sentence: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub misses: u8,
}

/// The public table as JSON, as views carry it: lean, since the board (names, tiers, tunnel
/// ends) is known to every client. The replay [`Summary`] spells everything out. Read back
/// (`wire.rs`), it gives the table again, what the turn has done so far included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableJson {
    pub players: u8,
    pub influence: u32,
    pub active: Piece,
    pub phase: Phase,
    pub turns: u16,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub high_streak: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub zero_streak: u8,
    pub pieces: Vec<ViewPiece>,
    /// Owned properties by tile code.
    pub owners: BTreeMap<String, Faction>,
    /// Names of the open tunnels.
    pub open_tunnels: Vec<String>,
    pub discards: Cards,
    /// Gains 1 and 2 played this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_roll: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub short_range: bool,
    /// The active piece crossed this turn (it may not again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crossed: bool,
    /// The active piece opened or collapsed a tunnel this turn (it may not again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tunnel_worked: bool,
    /// The active piece drew a card this turn (it may not again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drew: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<crate::state::Ending>,
}

impl TableJson {
    pub fn new(table: &Table) -> TableJson {
        let board = board();
        let (extra_roll, short_range) = table.boosts();
        TableJson {
            players: table.players(),
            influence: table.influence(),
            active: table.active(),
            phase: table.phase(),
            turns: table.turns(),
            high_streak: table.high_streak(),
            zero_streak: table.zero_streak(),
            pieces: Piece::ALL
                .iter()
                .map(|&piece| {
                    let state = table.piece(piece);
                    ViewPiece {
                        piece,
                        tile: state.tile,
                        custody: state.custody,
                        escape_faces: state.custody.then(|| {
                            (1..=6)
                                .filter(|f| state.escape_faces & (1 << f) != 0)
                                .collect()
                        }),
                        may_pay: state.custody.then_some(state.may_pay),
                        sentence: state.sentence,
                        misses: state.misses,
                    }
                })
                .collect(),
            owners: board
                .tiles()
                .iter()
                .filter_map(|t| table.owner(t.id).map(|o| (t.code.clone(), o)))
                .collect(),
            open_tunnels: board
                .tunnels()
                .iter()
                .enumerate()
                .filter(|(i, _)| table.is_open(*i as u8))
                .map(|(_, t)| t.name.clone())
                .collect(),
            discards: *table.discards(),
            extra_roll,
            short_range,
            crossed: table.flags & CROSSED != 0,
            tunnel_worked: table.flags & TUNNEL_WORKED != 0,
            drew: table.flags & DREW != 0,
            ending: table.ending(),
        }
    }
}

fn tunnels(table: &Table) -> Vec<TunnelSummary> {
    board()
        .tunnels()
        .iter()
        .enumerate()
        .map(|(i, t)| TunnelSummary {
            tunnel: t.name.clone(),
            outer: t.outer,
            inner: t.inner,
            open: table.is_open(i as u8),
        })
        .collect()
}

/// The referee's summary that `agora replay` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub players: u8,
    pub influence: u32,
    pub pieces: Vec<PieceSummary>,
    pub properties: Vec<PropertySummary>,
    pub tunnels: Vec<TunnelSummary>,
    pub hand_sizes: Vec<usize>,
    /// Every hand (the referee sees them all).
    pub hands: Vec<Vec<Card>>,
    pub decks: DeckCounts,
    pub discards: DeckCounts,
    pub turns: u16,
    /// Rounds started so far (a round is four turns), 1 at the start.
    pub round: u16,
    pub turn_limit: u16,
    pub high_streak: u8,
    pub zero_streak: u8,
    /// `ongoing` or `finished`.
    pub status: &'static str,
    pub winners: Option<SeatSet>,
    pub winning_faction: Option<Faction>,
    pub win_reason: Option<&'static str>,
    /// The seat to move, `null` at a chance turn or when the game is over.
    pub to_move: Option<Seat>,
    /// The piece whose turn it is, `null` when over.
    pub piece_to_move: Option<Piece>,
    /// At a chance turn: `roll`, `draw` or `pick`.
    pub awaiting: Option<&'static str>,
    pub phase: Phase,
}

impl Summary {
    pub fn new(game: &Tyranny) -> Summary {
        let table = game.table();
        let board = board();
        let players = table.players();
        let seats = (0..players).map(Seat);
        let ending = table.ending();
        Summary {
            players,
            influence: table.influence(),
            pieces: Piece::ALL
                .iter()
                .map(|p| PieceSummary::new(table, *p))
                .collect(),
            properties: board
                .tiles()
                .iter()
                .filter(|t| matches!(t.kind, TileKind::Property(_)))
                .map(|t| PropertySummary {
                    tile: t.id,
                    name: t.name.clone(),
                    owner: table.owner(t.id),
                })
                .collect(),
            tunnels: tunnels(table),
            hand_sizes: seats.clone().map(|s| game.hand(s).len()).collect(),
            hands: seats.map(|s| game.hand(s).iter().collect()).collect(),
            decks: DeckCounts::of(game.decks()),
            discards: DeckCounts::of(table.discards()),
            turns: table.turns(),
            round: table.turns() / 4 + 1,
            turn_limit: TURN_LIMIT,
            high_streak: table.high_streak(),
            zero_streak: table.zero_streak(),
            status: if ending.is_some() {
                "finished"
            } else {
                "ongoing"
            },
            winners: game.outcome().map(|o| o.winners),
            winning_faction: ending.and_then(|e| e.winner),
            win_reason: ending.map(|e| e.reason),
            to_move: game.turn().seat(),
            piece_to_move: ending.is_none().then(|| table.active()),
            awaiting: match (game.turn(), table.phase()) {
                (Turn::Chance, Phase::Roll { .. }) => Some("roll"),
                (Turn::Chance, Phase::Draw { .. }) => Some("draw"),
                (Turn::Chance, _) => Some("pick"),
                _ => None,
            },
            phase: table.phase(),
        }
    }
}
