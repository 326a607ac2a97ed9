use agora_engine::{FastRng, Game, GameRecord, GameRng, RecordError, Turn, start};

/// Plies played from an accepted setup, to show that it starts.
const PLIES: usize = 8;

/// Reads the input as a setup of `G` in JSON.
///
/// A setup that does not read, or that `from_setup` refuses, gives an error that says what
/// is wrong; one that `from_setup` accepts writes to JSON that reads back to the same setup,
/// which starts the same game, also from a record; and the game starts: the first plies are
/// legal moves with turn and outcome in agreement.
///
/// # Panics
///
/// When one of these breaks.
pub fn check_setup<G: Game>(data: &[u8]) {
    let setup: G::Setup = match serde_json::from_slice(data) {
        Ok(setup) => setup,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "unreadable setup, no reason");
            return;
        }
    };
    let json = serde_json::to_value(&setup).expect("setups serialize");
    let record = GameRecord {
        game: G::NAME.to_string(),
        seed: None,
        options: None,
        setup: Some(json.clone()),
        moves: Vec::new(),
        ..Default::default()
    };
    let state = match G::from_setup(&setup) {
        Ok(state) => state,
        Err(e) => {
            assert!(!e.0.trim().is_empty(), "setup refused without a reason");
            assert_eq!(
                start::<G>(&record).map(|_| ()),
                Err(RecordError::Setup(e)),
                "a record of the refused setup {json} starts otherwise"
            );
            return;
        }
    };
    let back: G::Setup = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("accepted setup {json} does not read back: {e}"));
    assert_eq!(
        serde_json::to_value(&back).expect("setups serialize"),
        json,
        "setup changed through JSON"
    );
    assert_eq!(
        G::from_setup(&back).as_ref(),
        Ok(&state),
        "setup {json} starts another game once through JSON"
    );
    assert_eq!(
        start::<G>(&record).as_ref(),
        Ok(&state),
        "a record of setup {json} starts another game"
    );
    play_a_little(state, &json.to_string());
}

fn play_a_little<G: Game>(mut state: G, setup: &str) {
    let mut rng = FastRng::new(0);
    let mut moves = Vec::new();
    for ply in 0..PLIES {
        moves.clear();
        state.legal_moves(&mut moves);
        let mv = match state.turn() {
            Turn::Over => {
                assert!(state.outcome().is_some(), "over without outcome: {setup}");
                assert!(moves.is_empty(), "moves after the end: {setup}");
                return;
            }
            Turn::Chance => {
                assert!(state.outcome().is_none(), "outcome while ongoing: {setup}");
                state.sample_chance(&mut rng)
            }
            Turn::Seat(seat) => {
                assert!(state.outcome().is_none(), "outcome while ongoing: {setup}");
                assert!(
                    !moves.is_empty(),
                    "ply {ply}: seat {seat} has no move: {setup}"
                );
                moves[rng.index(moves.len())]
            }
        };
        let text = state.format_move(mv);
        assert_eq!(
            state.parse_move(&text),
            Ok(mv),
            "ply {ply}: {text:?} round-trip: {setup}"
        );
        state
            .play(mv)
            .unwrap_or_else(|e| panic!("ply {ply}: {text:?} refused ({e}): {setup}"));
    }
}
