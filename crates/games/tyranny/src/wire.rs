//! Reading Tyranny's views back from JSON: what a client (the terminal) reads, and what an AI
//! worker on another machine is handed (issue 35). Everything read is checked, so a view that
//! could not come from a game is refused with a reason rather than met with a panic later.
//!
//! A view as clients get it leaves out the seat's memory of the decks (`deck_may_hold`); read
//! back, the view then assumes the loosest bound its own cards allow. [`TyrannyView::wire`]
//! writes it too, for the AI worker, which reads back exactly the view the seat had.

use agora_engine::{Seat, Viewer};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::board::board;
use crate::rules::INFLUENCE_CAP;
use crate::state::{
    CROSSED, DREW, EXTRA_ROLL, Ending, Phase, PieceState, SHORT_RANGE_PLAYED, STANDARD_ESCAPE,
    TUNNEL_WORKED, Table,
};
use crate::summary::{DeckCounts, TableJson, ViewPiece};
use crate::{Card, Cards, Piece, Seating, TileId, TyrannyView};

/// Every card of the game: two copies of each of the 20 kinds.
const CARDS_IN_GAME: usize = Card::KINDS * Card::COPIES as usize;

/// Why a game ends, as the rules write it: an ending read back must be one of these.
const ENDING_REASONS: [&str; 5] = [
    "criminals_held_1000",
    "cops_held_zero",
    "time_limit_criminals_ahead",
    "time_limit_cops_ahead",
    "time_limit_draw",
];

fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    String::deserialize(deserializer)
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let name = text(deserializer)?;
        name.parse()
            .map_err(|e| D::Error::custom(format!("{name:?}: {e}")))
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cards, D::Error> {
        let mut cards = Cards::EMPTY;
        for card in Vec::<Card>::deserialize(deserializer)? {
            if cards.count(card) == Card::COPIES {
                return Err(D::Error::custom(format!(
                    "more than {} copies of {card}",
                    Card::COPIES
                )));
            }
            cards.add(card);
        }
        Ok(cards)
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        let name = text(deserializer)?;
        Piece::from_name(&name).ok_or_else(|| D::Error::custom(format!("no piece {name:?}")))
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TileId, D::Error> {
        let code = text(deserializer)?;
        board()
            .tile_by_code(&code)
            .ok_or_else(|| D::Error::custom(format!("no tile {code:?}")))
    }
}

impl<'de> Deserialize<'de> for Ending {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ending, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            winner: Option<crate::Faction>,
            reason: String,
        }
        let fields = Fields::deserialize(deserializer)?;
        let reason = ENDING_REASONS
            .into_iter()
            .find(|r| *r == fields.reason)
            .ok_or_else(|| D::Error::custom(format!("no ending {:?}", fields.reason)))?;
        Ok(Ending {
            winner: fields.winner,
            reason,
        })
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Table, D::Error> {
        Table::from_json(TableJson::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl Table {
    /// The table a [`TableJson`] describes, or why none could.
    fn from_json(json: TableJson) -> Result<Table, String> {
        let board = board();
        let seating = Seating::new(json.players)
            .ok_or_else(|| format!("{} players: a game has 2 to 4", json.players))?;
        if json.influence > INFLUENCE_CAP {
            return Err(format!("influence {} is above the cap", json.influence));
        }
        let listed: Vec<Piece> = json.pieces.iter().map(|p| p.piece).collect();
        if listed != Piece::ALL {
            return Err("the pieces must be cop1, crim1, cop2 and crim2, in order".into());
        }
        let mut pieces = [PieceState {
            tile: board.start(crate::Faction::Cops),
            custody: false,
            escape_faces: STANDARD_ESCAPE,
            may_pay: true,
            sentence: 0,
            misses: 0,
        }; 4];
        for (state, given) in pieces.iter_mut().zip(&json.pieces) {
            *state = piece_state(given)?;
        }
        let mut owned = [0u64; 2];
        for (code, owner) in &json.owners {
            let tile = board
                .tile_by_code(code)
                .filter(|t| board.property(*t).is_some())
                .ok_or_else(|| format!("{code:?} is not a property"))?;
            owned[*owner as usize] |= tile.bit();
        }
        let mut open_tunnels = 0u8;
        for name in &json.open_tunnels {
            let tunnel = board
                .tunnel_by_name(name)
                .ok_or_else(|| format!("no tunnel {name:?}"))?;
            open_tunnels |= 1 << tunnel;
        }
        check_phase(json.phase, seating)?;
        if json.ending.is_some() != (json.phase == Phase::Over) {
            return Err("a game has an ending exactly when it is over".into());
        }
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        Ok(Table {
            seating,
            influence: json.influence,
            pieces,
            owned,
            open_tunnels,
            discards: json.discards,
            active: json.active,
            phase: json.phase,
            flags: flag(json.extra_roll, EXTRA_ROLL)
                | flag(json.short_range, SHORT_RANGE_PLAYED)
                | flag(json.crossed, CROSSED)
                | flag(json.tunnel_worked, TUNNEL_WORKED)
                | flag(json.drew, DREW),
            turns: json.turns,
            high_streak: json.high_streak,
            zero_streak: json.zero_streak,
            ending: json.ending,
        })
    }
}

/// A piece as a view shows it; free pieces keep the standard terms for their next arrest.
fn piece_state(given: &ViewPiece) -> Result<PieceState, String> {
    let name = given.piece;
    if !given.custody {
        if given.escape_faces.is_some() || given.may_pay.is_some() || given.sentence > 0 {
            return Err(format!("{name} is free, so it has no custody terms"));
        }
        return Ok(PieceState {
            tile: given.tile,
            custody: false,
            escape_faces: STANDARD_ESCAPE,
            may_pay: true,
            sentence: 0,
            misses: given.misses,
        });
    }
    let mut escape_faces = 0u8;
    for &face in given.escape_faces.as_deref().unwrap_or_default() {
        if !(1..=6).contains(&face) {
            return Err(format!("{name}: {face} is not a die face"));
        }
        escape_faces |= 1 << face;
    }
    if given.sentence > crate::rules::SENTENCE_TURNS {
        return Err(format!("{name}: a sentence that long"));
    }
    Ok(PieceState {
        tile: given.tile,
        custody: true,
        escape_faces,
        may_pay: given.may_pay.unwrap_or(false),
        sentence: given.sentence,
        misses: given.misses,
    })
}

/// The seats a phase names must sit at the table.
fn check_phase(phase: Phase, seating: Seating) -> Result<(), String> {
    match phase {
        Phase::Pick { victim, .. } if victim.0 >= seating.players() => {
            Err(format!("seat {} is not at the table", victim.0))
        }
        _ => Ok(()),
    }
}

/// A view as JSON: the client's form, or the worker's with the seat's memory of the decks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewJson {
    viewer: Viewer,
    table: Table,
    hand: Option<Cards>,
    hand_sizes: Vec<usize>,
    deck_sizes: DeckCounts,
    known: Vec<Cards>,
    #[serde(default)]
    deck_may_hold: Option<Cards>,
}

impl<'de> Deserialize<'de> for TyrannyView {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TyrannyView, D::Error> {
        TyrannyView::from_json(ViewJson::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl TyrannyView {
    /// The view for an AI worker: as clients get it, and what the seat knows of the decks.
    pub fn wire(&self) -> impl Serialize + '_ {
        #[derive(Serialize)]
        struct Wire<'a> {
            #[serde(flatten)]
            view: &'a TyrannyView,
            deck_may_hold: &'a Cards,
        }
        Wire {
            view: self,
            deck_may_hold: &self.deck_may_hold,
        }
    }

    fn from_json(json: ViewJson) -> Result<TyrannyView, String> {
        let players = usize::from(json.table.players());
        if json.hand_sizes.len() != players || json.known.len() != players {
            return Err(format!(
                "hand sizes and known cards must be given for each of the {players} seats"
            ));
        }
        match (json.viewer, json.hand) {
            (Viewer::Seat(Seat(s)), Some(hand))
                if usize::from(s) < players && hand.len() == json.hand_sizes[usize::from(s)] => {}
            (Viewer::Spectator, None) => {}
            _ => return Err("a seat at the table sees its own hand, a spectator none".into()),
        }
        let cards = json.table.discards.len()
            + json.deck_sizes.gamble
            + json.deck_sizes.gains
            + json.hand_sizes.iter().sum::<usize>();
        if cards != CARDS_IN_GAME {
            return Err(format!(
                "{cards} cards in all: the game has {CARDS_IN_GAME}"
            ));
        }
        for (holder, known) in json.known.iter().enumerate() {
            let hidden = json.viewer.seat().is_none_or(|v| v.index() == holder);
            if (hidden && !known.is_empty()) || known.len() > json.hand_sizes[holder] {
                return Err(format!("seat {holder} cannot be known to hold those cards"));
            }
        }
        let seen = {
            let mut seen = json.table.discards;
            for cards in json.hand.iter().chain(&json.known) {
                for card in cards.iter() {
                    if seen.count(card) == Card::COPIES {
                        return Err(format!("more than {} copies of {card}", Card::COPIES));
                    }
                    seen.add(card);
                }
            }
            seen
        };
        let deck_may_hold = json.deck_may_hold.unwrap_or_else(|| {
            // The loosest bound: every card the viewer has not seen elsewhere.
            let mut bound = Cards::FULL;
            for card in seen.iter() {
                bound.remove(card);
            }
            bound
        });
        Ok(TyrannyView {
            viewer: json.viewer,
            table: json.table,
            hand: json.hand,
            hand_sizes: json.hand_sizes,
            deck_sizes: json.deck_sizes,
            known: json.known,
            deck_may_hold,
        })
    }
}
