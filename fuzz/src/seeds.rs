use agora_engine::{FastRng, Game, GameRecord, GameRng, Turn};
use agora_tsuro::Tsuro;
use agora_tyranny::Tyranny;
use agora_tyrus::Tyrus;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::Target;
use crate::http_body::BodyKind;
use crate::positions::FixedPositions;

/// Most moves a notation seed plays from its position.
const NOTATION_SEED_MOVES: usize = 6;

/// The games' test records and data files, each holding a record (at the top or under
/// `record`) of a game played to a known end.
const TEST_DATA: &[&str] = &[
    include_str!("../../crates/games/tyrus/tests/records/all_null_tiebreak.json"),
    include_str!("../../crates/games/tyrus/tests/records/draw.json"),
    include_str!("../../crates/games/tyrus/tests/records/five_elections.json"),
    include_str!("../../crates/games/tyrus/tests/records/french_general_election.json"),
    include_str!("../../crates/games/tyrus/tests/records/french_score_sheet.json"),
    include_str!("../../crates/games/tyrus/tests/records/majority.json"),
    include_str!("../../crates/games/tyrus/tests/records/rejected_after_the_end.json"),
    include_str!("../../crates/games/tyrus/tests/records/rejected_not_in_hand.json"),
    include_str!("../../crates/games/tyrus/tests/records/three_in_a_row.json"),
    include_str!("../../crates/games/tyrus/tests/records/three_in_a_row_and_five_elections.json"),
    include_str!("../../crates/games/tyrus/tests/records/tiebreak.json"),
    include_str!("../../crates/games/tsuro/tests/data/all_tiles_played.json"),
    include_str!("../../crates/games/tsuro/tests/data/dragon.json"),
    include_str!("../../crates/games/tyranny/tests/data/game-2p-time-limit.json"),
    include_str!("../../crates/games/tyranny/tests/data/game-3p-cops.json"),
    include_str!("../../crates/games/tyranny/tests/data/game-4p-criminals.json"),
];

/// The WebSocket messages of docs/protocol.md, and a few it refuses.
const WS_MESSAGES: &[&str] = &[
    r#"{"type": "play", "move": "S2 own citadel", "version": 14, "ref": 7}"#,
    r#"{"type": "resign", "ref": 8}"#,
    r#"{"type": "offer_draw", "ref": 9}"#,
    r#"{"type": "decline_draw", "ref": 10}"#,
    r#"{"type": "abort", "ref": 11}"#,
    r#"{"type": "rematch", "ref": 13}"#,
    r#"{"type": "sync", "since": 14, "ref": 12}"#,
    r#"{"type": "ping", "ref": 3}"#,
    r#"{"type":"play","move":"x","version":null,"ref":null}"#,
    r#"{"type":"play","move":"x","since":1}"#,
    r#"{"type":"resign","move":null}"#,
    r#"{"type":"ping","type":"ping"}"#,
    r#"{"type":"ping","ref":-1}"#,
];

/// The HTTP bodies of docs/protocol.md, by the kind that reads them.
const HTTP_BODIES: &[(BodyKind, &str)] = &[
    (
        BodyKind::SignUp,
        r#"{"name": "Ada", "password": "correct horse", "bot": false}"#,
    ),
    (
        BodyKind::SignIn,
        r#"{"name": "ada", "password": "correct horse"}"#,
    ),
    (BodyKind::Guest, r#"{"name": "Visitor"}"#),
    (BodyKind::NewToken, r#"{"label": "my bot"}"#),
    (
        BodyKind::CreateTable,
        r#"{"game": "tsuro", "options": {"players": 3}, "seats": [{"kind": "me"}, {"kind": "ai", "level": "hard"}, {"kind": "invite"}], "public": false, "time_control": {"kind": "live", "initial_s": 300, "increment_s": 5}}"#,
    ),
    (
        BodyKind::CreateTable,
        r#"{"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "open"}]}"#,
    ),
    (BodyKind::Join, r#"{"seat": 2, "invite": "5d1e"}"#),
    (
        BodyKind::Move,
        r#"{"move": "S2 own citadel", "version": 14}"#,
    ),
    (BodyKind::Version, r#"{"version": 14}"#),
    (BodyKind::Empty, r#"{}"#),
];

/// A target's starting inputs, derived from real data: positions and moves of pseudo-random
/// playthroughs, the games' test records and dealt setups, the protocol's example messages
/// and bodies. `fuzz/corpus/<target>/seed-*` holds them (written by `agora-fuzz-seeds`).
pub fn seeds(target: Target) -> Vec<Vec<u8>> {
    match target {
        Target::TyrusNotation => notation_seeds::<Tyrus>(),
        Target::TsuroNotation => notation_seeds::<Tsuro>(),
        Target::TyrannyNotation => notation_seeds::<Tyranny>(),
        Target::TyrusSetup => setup_seeds::<Tyrus>(),
        Target::TsuroSetup => setup_seeds::<Tsuro>(),
        Target::TyrannySetup => setup_seeds::<Tyranny>(),
        Target::Record => record_seeds(),
        Target::WsMessage => WS_MESSAGES.iter().map(|m| m.as_bytes().to_vec()).collect(),
        Target::HttpBody => HTTP_BODIES
            .iter()
            .map(|(kind, body)| [&[kind.byte()], body.as_bytes()].concat())
            .collect(),
    }
}

/// For each position (as many as a byte can pick), a few moves played from it, one a line,
/// then a line that is no move.
fn notation_seeds<G: FixedPositions>() -> Vec<Vec<u8>> {
    let positions = G::positions();
    positions
        .iter()
        .enumerate()
        .take(256)
        .map(|(index, position)| {
            let mut state = position.clone();
            let mut rng = FastRng::new(index as u64);
            let mut lines = Vec::new();
            let mut moves = Vec::new();
            while lines.len() < NOTATION_SEED_MOVES {
                let mv = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => state.sample_chance(&mut rng),
                    Turn::Seat(_) => {
                        moves.clear();
                        state.legal_moves(&mut moves);
                        moves[rng.index(moves.len())]
                    }
                };
                lines.push(state.format_move(mv));
                state.play_unchecked(mv);
            }
            lines.push("pass 99".to_string());
            [&[index as u8], lines.join("\n").as_bytes()].concat()
        })
        .collect()
}

fn test_records() -> impl Iterator<Item = GameRecord> {
    TEST_DATA.iter().map(|text| {
        let value: Value = serde_json::from_str(text).expect("test data is JSON");
        let record = value.get("record").cloned().unwrap_or(value);
        GameRecord::deserialize(record).expect("test data holds a record")
    })
}

/// The test records' setups and setups dealt from seeds for each options value.
fn setup_seeds<G: FixedPositions>() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = test_records()
        .filter(|record| record.game == G::NAME)
        .filter_map(|record| record.setup)
        .map(|setup| setup.to_string().into_bytes())
        .collect();
    for options in G::option_values() {
        let options = G::Options::deserialize(&options).expect("fixed options are valid");
        for seed in [1, 2] {
            let setup = G::setup_from_seed(&options, seed);
            seeds.push(serde_json::to_vec(&setup).expect("setups serialize"));
        }
    }
    seeds
}

/// The test records, and for each game a whole pseudo-random game from a seed and one from
/// its setup.
fn record_seeds() -> Vec<Vec<u8>> {
    let mut records: Vec<GameRecord> = test_records().collect();
    records.push(played_record::<Tyrus>(&json!({})));
    records.push(played_record::<Tsuro>(&json!({"players": 4})));
    records.push(played_record::<Tyranny>(&json!({"players": 3})));
    records
        .iter()
        .map(|record| serde_json::to_vec(record).expect("records serialize"))
        .collect()
}

fn played_record<G: Game>(options: &Value) -> GameRecord {
    let seed = 5;
    let parsed = G::Options::deserialize(options).expect("fixed options are valid");
    let mut state = G::from_setup(&G::setup_from_seed(&parsed, seed)).expect("dealt setups start");
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    let mut texts = Vec::new();
    loop {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => {
                moves.clear();
                state.legal_moves(&mut moves);
                moves[rng.index(moves.len())]
            }
        };
        texts.push(state.format_move(mv));
        state.play_unchecked(mv);
    }
    GameRecord {
        game: G::NAME.to_string(),
        seed: Some(seed),
        options: Some(options.clone()),
        setup: None,
        moves: texts,
        ..Default::default()
    }
}
