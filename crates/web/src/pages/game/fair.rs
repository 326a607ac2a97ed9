//! The game page's word on a fair deal: the commitment to the secret seed from the start (a
//! short fingerprint, the whole value in a disclosure), and once the game is over the seed
//! and salt revealed with the server's own check of them (`agora_engine::fair::verify`, as
//! `agora verify` runs it). docs/security.md has the scheme.

use agora_engine::GameRecord;
use agora_engine::fair::{Unfair, Verified};
use agora_games::AnyGame;

use crate::i18n::Tr;

/// How many hex digits of the commitment the page shows before the disclosure is opened.
const FINGERPRINT_DIGITS: usize = 12;

#[derive(Clone, Debug)]
pub struct FairView {
    /// "Deal commitment: 3f9a…" (the disclosure's summary).
    pub summary: String,
    /// The whole commitment, in lowercase hex.
    pub commitment: String,
    /// Once the game is over: the revealed seed and salt, and the check's verdict.
    pub reveal: Option<Reveal>,
}

#[derive(Clone, Debug)]
pub struct Reveal {
    pub seed: String,
    pub salt: String,
    /// `printf '%s' 'SEED:SALT' | sha256sum`, for a reader who checks by hand.
    pub by_hand: String,
    /// Whether the server's check found the deal fair.
    pub fair: bool,
    pub verdict: String,
}

/// The page's fairness section: `None` for a game dealt before games had a commitment.
/// `record` is the game's record once it is over (with the seed and salt).
pub fn fair_view(
    tr: Tr,
    commitment: Option<&str>,
    record: Option<&GameRecord>,
) -> Option<FairView> {
    fair_view_checked(tr, commitment, record, AnyGame::verify)
}

/// [`fair_view`] with the check given (the replay page keeps its verdict between steps).
pub fn fair_view_checked(
    tr: Tr,
    commitment: Option<&str>,
    record: Option<&GameRecord>,
    check: impl FnOnce(&GameRecord) -> Result<Verified, Unfair>,
) -> Option<FairView> {
    let commitment = commitment?;
    let fingerprint: String = commitment.chars().take(FINGERPRINT_DIGITS).collect();
    let reveal = record.and_then(|record| {
        let (seed, salt) = (record.seed?, record.salt.clone()?);
        let checked = check(record);
        Some(Reveal {
            by_hand: format!("printf '%s' '{seed}:{salt}' | sha256sum"),
            seed: seed.to_string(),
            salt,
            fair: checked.is_ok(),
            verdict: agora_present::fair::verdict(tr.lang(), &checked),
        })
    });
    Some(FairView {
        summary: tr.a(
            "deal-commitment-summary",
            "fingerprint",
            format!("{fingerprint}…"),
        ),
        commitment: commitment.to_string(),
        reveal,
    })
}
