//! Provably fair deals: the host commits to a game's secret seed before anything is dealt
//! and reveals it at the end, and anyone can then check that the deal and every chance move
//! came from that seed.
//!
//! - The **commitment** is the SHA-256 of the text `SEED:SALT` (the seed in decimal, the salt
//!   as the host wrote it: 64 lowercase hex digits), in lowercase hex, so it can be checked by
//!   hand: `printf '%s' '42:9f…' | sha256sum`. The salt is fresh randomness kept with the
//!   seed: without it, a 64-bit seed could be found from its hash by trying them all.
//! - The **deal** is [`Game::setup_from_seed`].
//! - The **chance move** at ply `n` (its index in the record's moves) is
//!   [`Game::sample_chance`] over [`chance_rng`]`(seed, n)`.
//!
//! [`verify`] checks all three for a finished game's record.

use std::fmt::Write;

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{Game, GameRecord, RecordError, Refusal, Turn};

/// The commitment to `seed` with `salt`: SHA-256 of `"{seed}:{salt}"`, in lowercase hex.
pub fn commitment(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(format!("{seed}:{salt}").as_bytes()))
}

/// A salt written the way the host writes it: the bytes in lowercase hex.
pub fn salt_text(bytes: &[u8; 32]) -> String {
    hex(bytes)
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// The generator for the chance move at `ply` (its index in the record's moves): ChaCha20
/// keyed by the seed with a tag, so it never repeats the deal's stream, one stream per ply,
/// so a draw does not depend on when or where it was drawn.
pub fn chance_rng(seed: u64, ply: usize) -> ChaCha20Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..14].copy_from_slice(b"chance");
    let mut rng = ChaCha20Rng::from_seed(key);
    rng.set_stream(ply as u64);
    rng
}

/// What a record's commitment is to, as a record carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verified {
    pub commitment: String,
    pub seed: u64,
    pub salt: String,
    /// Moves replayed, chance moves included.
    pub moves: usize,
    /// How many of them were chance moves, each drawn again from the seed.
    pub chance_moves: usize,
}

/// Why a record does not show a fair deal.
#[derive(Clone, Debug, PartialEq)]
pub enum Unfair {
    /// The record carries no commitment.
    NoCommitment,
    /// The record has a commitment but not its seed and salt (a game still being played).
    NotRevealed,
    /// SHA-256 of the revealed seed and salt is not the commitment.
    CommitmentMismatch { computed: String, committed: String },
    /// The record names no game this host knows.
    UnknownGame(String),
    /// The record does not start a game (bad options or setup).
    Record(RecordError),
    /// The record's setup is not the deal its seed stands for.
    DealDiffers,
    /// The chance move at `index` is not the one the seed gives there.
    ChanceDiffers {
        index: usize,
        found: String,
        expected: String,
    },
    /// The move at `index` cannot be played there.
    MoveRejected {
        index: usize,
        text: String,
        refusal: Refusal,
    },
}

impl Unfair {
    /// A stable kebab-case code, for messages and protocols.
    pub fn code(&self) -> &'static str {
        match self {
            Unfair::NoCommitment => "no-commitment",
            Unfair::NotRevealed => "not-revealed",
            Unfair::CommitmentMismatch { .. } => "commitment-mismatch",
            Unfair::UnknownGame(_) => "unknown-game",
            Unfair::Record(_) => "bad-record",
            Unfair::DealDiffers => "deal-differs",
            Unfair::ChanceDiffers { .. } => "chance-differs",
            Unfair::MoveRejected { .. } => "move-rejected",
        }
    }
}

impl std::fmt::Display for Unfair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfair::NoCommitment => write!(f, "the record has no commitment"),
            Unfair::NotRevealed => write!(f, "the record does not reveal its seed and salt"),
            Unfair::CommitmentMismatch {
                computed,
                committed,
            } => write!(
                f,
                "the seed and salt hash to {computed}, not to the commitment {committed}"
            ),
            Unfair::UnknownGame(game) => write!(f, "no game is called {game:?}"),
            Unfair::Record(e) => e.fmt(f),
            Unfair::DealDiffers => write!(f, "the setup is not the deal of the seed"),
            Unfair::ChanceDiffers {
                index,
                found,
                expected,
            } => write!(
                f,
                "move {}: {found:?} is not the chance move the seed gives, {expected:?}",
                index + 1
            ),
            Unfair::MoveRejected {
                index,
                text,
                refusal,
            } => write!(
                f,
                "move {}: {text:?} cannot be played: {refusal}",
                index + 1
            ),
        }
    }
}

impl std::error::Error for Unfair {}

/// Checks that a record's seed and salt are what it committed to, that its setup (if it has
/// one) is the seed's deal, and that every chance move in it is the one the seed gives at
/// that ply, replaying every move with the rules.
pub fn verify<G: Game>(record: &GameRecord) -> Result<Verified, Unfair> {
    if record.game != G::NAME {
        return Err(Unfair::Record(RecordError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        }));
    }
    let committed = record.commitment.as_ref().ok_or(Unfair::NoCommitment)?;
    let (Some(seed), Some(salt)) = (record.seed, record.salt.as_ref()) else {
        return Err(Unfair::NotRevealed);
    };
    let computed = commitment(seed, salt);
    if !computed.eq_ignore_ascii_case(committed) {
        return Err(Unfair::CommitmentMismatch {
            computed,
            committed: committed.clone(),
        });
    }
    let options = options_of::<G>(record)?;
    if let Some(setup) = &record.setup {
        // Compared as JSON values: key order and spacing do not matter, anything else does.
        if serde_json::to_value(G::setup_from_seed(&options, seed))
            .ok()
            .as_ref()
            != Some(setup)
        {
            return Err(Unfair::DealDiffers);
        }
    }
    let mut state = G::from_setup(&G::setup_from_seed(&options, seed))
        .map_err(|e| Unfair::Record(RecordError::Setup(e)))?;
    let mut chance_moves = 0;
    for (index, text) in record.moves.iter().enumerate() {
        let mv = state.parse_move(text).map_err(|e| Unfair::MoveRejected {
            index,
            text: text.clone(),
            refusal: e.reason,
        })?;
        if state.turn() == Turn::Chance {
            let expected = state.sample_chance(&mut chance_rng(seed, index));
            if expected != mv {
                return Err(Unfair::ChanceDiffers {
                    index,
                    found: text.clone(),
                    expected: state.format_move(expected),
                });
            }
            chance_moves += 1;
        }
        state.play(mv).map_err(|e| Unfair::MoveRejected {
            index,
            text: text.clone(),
            refusal: e.refusal().clone(),
        })?;
    }
    Ok(Verified {
        commitment: committed.clone(),
        seed,
        salt: salt.clone(),
        moves: record.moves.len(),
        chance_moves,
    })
}

fn options_of<G: Game>(record: &GameRecord) -> Result<G::Options, Unfair> {
    match &record.options {
        Some(options) => G::Options::deserialize(options)
            .map_err(|e| Unfair::Record(RecordError::Options(e.to_string()))),
        None => Ok(G::Options::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::RngCore;

    // The scheme is public (docs/security.md): a record's commitment must keep meaning the
    // same seed and salt. Checked by hand with `printf '%s' '42:00…00' | sha256sum`.
    #[test]
    fn the_commitment_is_sha256_of_seed_colon_salt() {
        let salt = salt_text(&[0; 32]);
        assert_eq!(salt, "0".repeat(64));
        assert_eq!(
            commitment(42, &salt),
            "42b5e29dd273c7c06eeeb9fc8ffab1caaba636f8d3cc083d5f2a786ec85d31e4"
        );
    }

    #[test]
    fn chance_streams_differ_by_ply_and_seed() {
        let first = |seed, ply| chance_rng(seed, ply).next_u64();
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
        assert_eq!(first(7, 3), first(7, 3));
        assert_ne!(first(7, 0), crate::SeedRng::new(7).next_u64());
    }
}
