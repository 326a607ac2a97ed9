use agora_engine::{Seat, SeatSet};
use serde::Serialize;

use crate::{Count, Office, Tyrus};

/// The referee's summary of a game, as `agora replay` prints it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TyrusSummary {
    /// `ongoing` or `finished`.
    pub status: &'static str,
    /// Both seats on a draw; empty while the game goes on.
    pub winners: SeatSet,
    pub win_reason: Option<&'static str>,
    pub to_move: Option<Seat>,
    /// The current election, 1-based; `None` once finished.
    pub election: Option<u8>,
    /// Every counted election.
    pub elections: Vec<ElectionSummary>,
    pub representatives: [u8; 2],
    pub hand_sizes: [u8; 2],
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ElectionSummary {
    pub number: u8,
    pub office: Office,
    pub scores: [u8; 2],
    /// Each seat's votes, blocks and counters behind its score.
    pub counts: [Count; 2],
    pub winner: Option<Seat>,
}

pub(crate) fn summary(game: &Tyrus) -> TyrusSummary {
    let ending = game.ending();
    TyrusSummary {
        status: if ending.is_some() {
            "finished"
        } else {
            "ongoing"
        },
        winners: ending.map(|e| e.winners).unwrap_or_default(),
        win_reason: ending.map(|e| e.reason.code()),
        to_move: game.to_move(),
        election: game.election_number(),
        elections: game
            .results()
            .map(|(number, r)| ElectionSummary {
                number,
                office: r.office,
                scores: r.scores,
                counts: r.counts,
                winner: r.winner,
            })
            .collect(),
        representatives: game.representatives(),
        hand_sizes: game.hand_sizes(),
    }
}
