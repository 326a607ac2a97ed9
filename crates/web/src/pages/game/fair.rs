//! The game page's word on a fair deal: the commitment to the secret seed from the start (a
//! short fingerprint, the whole value in a disclosure), and once the game is over the seed
//! and salt revealed with the server's own check of them (`agora_engine::fair::verify`, as
//! `agora verify` runs it). docs/security.md has the scheme.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use agora_engine::GameRecord;
use agora_engine::fair::{Unfair, Verified};
use agora_games::AnyGame;
use agora_store::TableId;

use crate::i18n::Tr;

/// How many hex digits of the commitment the page shows before the disclosure is opened.
const FINGERPRINT_DIGITS: usize = 12;

#[derive(Clone, Debug, Hash)]
pub struct FairView {
    /// "Deal commitment: 3f9a…" (the disclosure's summary).
    pub summary: String,
    /// The whole commitment, in lowercase hex.
    pub commitment: String,
    /// Once the game is over: the revealed seed and salt, and the check's verdict.
    pub reveal: Option<Reveal>,
}

#[derive(Clone, Debug, Hash)]
pub struct Reveal {
    pub seed: String,
    pub salt: String,
    /// `printf '%s' 'SEED:SALT' | sha256sum`, for a reader who checks by hand.
    pub by_hand: String,
    /// Whether the server's check found the deal fair.
    pub fair: bool,
    pub verdict: String,
}

/// How many finished games' checks this process keeps (a few bytes each).
const MAX_CHECKED: usize = 4096;

/// Each finished game's check, by game and version.
type Checks = Mutex<HashMap<(TableId, u64), Result<Verified, Unfair>>>;

/// The check of game `id`'s record at `version`, once per process: a finished game's record
/// does not change, so its deal is replayed once rather than at every render of its page.
fn checked(id: TableId, version: u64, record: &GameRecord) -> Result<Verified, Unfair> {
    static CHECKED: LazyLock<Checks> = LazyLock::new(Mutex::default);
    let kept = |checks: &Checks| {
        checks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&(id, version))
            .cloned()
    };
    if let Some(known) = kept(&CHECKED) {
        return known;
    }
    // Replayed outside the lock: two first readers may both check, and agree.
    let result = AnyGame::verify(record);
    let mut checks = CHECKED.lock().unwrap_or_else(|e| e.into_inner());
    if checks.len() >= MAX_CHECKED {
        checks.clear();
    }
    checks.insert((id, version), result.clone());
    result
}

/// The page's fairness section for game `id` at `version`: `None` for a game dealt before
/// games had a commitment. `record` is the game's record once it is over (with the seed and
/// salt).
pub fn fair_view(
    tr: Tr,
    (id, version): (TableId, u64),
    commitment: Option<&str>,
    record: Option<&GameRecord>,
) -> Option<FairView> {
    fair_view_checked(tr, commitment, record, |record| {
        checked(id, version, record)
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn record(name: &str) -> GameRecord {
        let path = format!(
            "{}/../cli/tests/data/fair/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn a_finished_game_is_checked_once_per_version() {
        let (good, tampered) = (record("tsuro-good"), record("tsuro-deal"));
        assert!(AnyGame::verify(&good).is_ok());
        assert!(AnyGame::verify(&tampered).is_err());
        let id = TableId::random();
        assert!(checked(id, 7, &good).is_ok());
        // The same game and version: the kept check, not a new replay.
        assert!(checked(id, 7, &tampered).is_ok());
        assert!(checked(id, 8, &tampered).is_err());
    }
}
