//! Known-answer tests: the rulebooks' worked examples and a hand-made case for every ending.

use agora_engine::{Game, GameRecord, Seat, SeedRng, Turn, Viewer};
use agora_tyrus::{
    BuildingKind, Count, Placement, Profession, Side, Tile, TileSet, Tyrus, TyrusSetup, WinReason,
    score,
};

fn tiles(names: &[&str]) -> TileSet {
    names.iter().map(|n| n.parse::<Tile>().unwrap()).collect()
}

fn tile(name: &str) -> Tile {
    name.parse().unwrap()
}

/// A draw order that starts with `first` and goes on with the seat's other tiles.
fn draw_order(first: &[&str]) -> [Tile; 30] {
    let first: Vec<Tile> = first.iter().map(|n| tile(n)).collect();
    let rest = Tile::all().filter(|t| !first.contains(t));
    first
        .iter()
        .copied()
        .chain(rest)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn play(game: &mut Tyrus, text: &str) {
    let mv = game.parse_move(text).unwrap();
    game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

const BROWN: Seat = Seat(0);
const BEIGE: Seat = Seat(1);

#[test]
fn french_vote_count_scores() {
    // Brown: soldiers 10 + 8 = 18 in its citadel, 7 merchants of beige's block 7: 11.
    assert_eq!(
        score(tiles(&["S10", "S8"]), tiles(&["M7"]), Profession::Soldier),
        11
    );
    // Beige: 7 + 5 = 12; brown's 8 merchants, countered by beige's 6 priests, block 2: 10.
    assert_eq!(
        score(
            tiles(&["S7", "S5", "P6"]),
            tiles(&["M8"]),
            Profession::Soldier
        ),
        10
    );
}

#[test]
fn french_vote_count_in_a_game() {
    use agora_tyrus::Office::*;
    let setup = TyrusSetup {
        first_player: BROWN,
        elections: [
            Guildmaster,
            General,
            General,
            Guildmaster,
            Guildmaster,
            HighPriest,
            HighPriest,
            HighPriest,
            General,
        ],
        draws: [
            draw_order(&["S10", "S8", "M8", "M1", "M2", "M3", "P10", "P9", "S1"]),
            draw_order(&["S7", "S5", "P6", "M7", "P1", "P2", "P10", "P9", "S1"]),
        ],
    };
    let mut game = Tyrus::from_setup(&setup).unwrap();
    // Election 1, merchants: both sides prepare the next general election instead.
    for mv in [
        "S10 own citadel",
        "S7 own citadel",
        "S8 own citadel",
        "S5 own citadel",
        "M8 opp citadel",
        "P6 own citadel",
    ] {
        play(&mut game, mv);
    }
    let first = game.results().next().unwrap().1;
    assert_eq!(
        (first.scores, first.winner),
        ([0, 0], None),
        "0–0 is a null election"
    );
    // Election 2, a general: beige starts even elections.
    assert_eq!(game.to_move(), Some(BEIGE));
    for mv in [
        "M7 opp citadel",
        "M1 own market",
        "P1 own temple",
        "M2 own market",
        "P2 own temple",
        "M3 own market",
    ] {
        play(&mut game, mv);
    }
    let (number, second) = game.results().nth(1).unwrap();
    assert_eq!(number, 2);
    assert_eq!(second.scores, [11, 10]);
    assert_eq!(second.winner, Some(BROWN));
    // The arithmetic behind it: Brown 18 − 7 = 11 against Beige 12 − (8 − 6) = 10.
    let count = |votes, blocks, counters| Count {
        votes,
        blocks,
        counters,
    };
    assert_eq!(second.counts, [count(18, 7, 0), count(12, 8, 6)]);
    assert_eq!(second.counts.map(Count::score), second.scores);
    assert_eq!(second.counts.map(Count::net_blocks), [7, 2]);
    // Everyone sees it, spectators included: every tile counted is revealed.
    for viewer in [Viewer::Seat(BROWN), Viewer::Seat(BEIGE), Viewer::Spectator] {
        assert_eq!(game.view(viewer).results[1], Some(second), "{viewer:?}");
    }
    // The citadels' tiles are revealed and discarded; the markets' and temples' stay.
    assert_eq!(game.discarded(BROWN), tiles(&["S10", "S8", "M8"]));
    assert_eq!(game.discarded(BEIGE), tiles(&["S7", "S5", "P6", "M7"]));
    assert_eq!(
        game.placed(BROWN, BuildingKind::Market, BROWN),
        tiles(&["M1", "M2", "M3"])
    );
    let beige_view = game.view(Viewer::Seat(BEIGE));
    assert_eq!(
        beige_view.building(BROWN, BuildingKind::Market).hidden,
        [3, 0]
    );
    assert_eq!(beige_view.discarded[0], tiles(&["S10", "S8", "M8"]));
}

#[test]
fn french_election_walkthrough() {
    // The rulebook's merchants election, counted with the rules: beige 10 + 9 + 8 = 27,
    // brown 2 + 1 = 3 (its priest in its own market neither votes nor counters anything).
    assert_eq!(
        score(
            tiles(&["M10", "M9", "M8"]),
            TileSet::EMPTY,
            Profession::Merchant
        ),
        27
    );
    assert_eq!(
        score(
            tiles(&["M2", "M1", "P1"]),
            TileSet::EMPTY,
            Profession::Merchant
        ),
        3
    );
}

#[test]
fn blocks_work_only_in_the_opponents_building_and_counters_only_in_your_own() {
    let soldier = Profession::Soldier;
    // Own merchants do not block own soldiers.
    assert_eq!(score(tiles(&["S5", "M9"]), TileSet::EMPTY, soldier), 5);
    // Opponent priests (not merchants) do not block soldiers.
    assert_eq!(score(tiles(&["S5"]), tiles(&["P9", "S9"]), soldier), 5);
    // Blocks beyond the votes leave zero, never less.
    assert_eq!(score(tiles(&["S2"]), tiles(&["M9"]), soldier), 0);
    // Counters beyond the blocks give nothing extra.
    assert_eq!(score(tiles(&["S2", "P9"]), tiles(&["M1"]), soldier), 2);
    // Opponent soldiers block priests; own merchants counter them.
    assert_eq!(
        score(tiles(&["P10", "M3"]), tiles(&["S7"]), Profession::Priest),
        6
    );
    // Opponent priests block merchants; own soldiers counter them.
    assert_eq!(
        score(tiles(&["M10", "S3"]), tiles(&["P7"]), Profession::Merchant),
        6
    );
}

/// What one election should bring.
#[derive(Copy, Clone, Debug)]
enum Want {
    Win(Seat),
    Null,
}

/// Plays the elections of `script` in the first seeded deal that allows it: the wanted winner
/// puts one tile of the elected profession (then its weakest tiles) into its own building of
/// the election's kind; the other seat (both, for a null election) puts its weakest tiles of
/// other professions into its own building there. Every tile is discarded at the count, so
/// elections do not leak into each other.
fn scripted(script: &[Want]) -> (Tyrus, GameRecord) {
    'seeds: for seed in 0..10_000 {
        let setup = TyrusSetup::random(&mut SeedRng::new(seed));
        let mut game = Tyrus::from_setup(&setup).unwrap();
        let mut moves = Vec::new();
        for want in script {
            let office = game.current_office().expect("game goes on");
            let profession = office.profession();
            let mut voted = [false; 2];
            for _ in 0..6 {
                let mover = game.to_move().unwrap();
                let hand = game.hand(mover);
                let wins = matches!(want, Want::Win(w) if *w == mover);
                let pick = if wins && !voted[mover.index()] {
                    hand.iter().find(|t| t.profession() == profession)
                } else if wins {
                    hand.iter().min_by_key(|t| t.value())
                } else {
                    hand.iter()
                        .filter(|t| t.profession() != profession)
                        .min_by_key(|t| t.value())
                };
                let Some(tile) = pick else { continue 'seeds };
                voted[mover.index()] |= tile.profession() == profession;
                let mv = Placement {
                    tile,
                    side: Side::Own,
                    building: office.building(),
                };
                moves.push(game.format_move(mv));
                game.play(mv).unwrap();
            }
            let result = game.results().last().unwrap().1;
            match want {
                Want::Win(w) => assert_eq!(result.winner, Some(*w)),
                Want::Null => assert_eq!(result.winner, None),
            }
        }
        let record = GameRecord {
            game: "tyrus".into(),
            seed: Some(seed),
            options: None,
            setup: None,
            moves,
            ..Default::default()
        };
        return (game, record);
    }
    panic!("no deal allows the script {script:?}");
}

fn assert_ending(game: &Tyrus, winners: &[Seat], reason: WinReason) {
    let ending = game.ending().expect("game over");
    assert_eq!(ending.reason, reason);
    assert_eq!(ending.winners.iter().collect::<Vec<_>>(), winners);
    assert_eq!(game.turn(), Turn::Over);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, reason.code());
}

use Want::{Null, Win};

#[test]
fn french_score_sheet_three_in_a_row_beats_equal_representatives() {
    let script = [
        Win(BEIGE),
        Win(BEIGE),
        Win(BROWN),
        Null,
        Win(BEIGE),
        Win(BEIGE),
        Win(BROWN),
        Win(BROWN),
        Win(BROWN),
    ];
    let (game, record) = scripted(&script);
    assert_eq!(game.representatives(), [4, 4]);
    assert_ending(&game, &[BROWN], WinReason::ThreeInARow);
    assert_eq!(game.summary().status, "finished");
    let replayed = agora_engine::replay::<Tyrus>(&record).unwrap();
    assert_eq!(replayed.state, game);
    if std::env::var_os("AGORA_PRINT_RECORD").is_some() {
        println!("RECORD {}", serde_json::to_string(&record).unwrap());
    }
}

#[test]
fn three_wins_in_a_row_end_the_game_at_once() {
    let (game, _) = scripted(&[Win(BEIGE), Win(BEIGE), Win(BEIGE)]);
    assert_ending(&game, &[BEIGE], WinReason::ThreeInARow);
    assert_eq!(game.results().count(), 3);
    assert_eq!(game.election_number(), None);
}

#[test]
fn a_null_election_breaks_a_run() {
    let (game, _) = scripted(&[Win(BROWN), Win(BROWN), Null, Win(BROWN)]);
    assert_eq!(game.ending(), None);
    assert_eq!(game.representatives(), [3, 0]);
}

#[test]
fn five_won_elections_end_the_game_at_once() {
    let (game, _) = scripted(&[
        Win(BROWN),
        Win(BROWN),
        Win(BEIGE),
        Win(BROWN),
        Win(BROWN),
        Win(BEIGE),
        Win(BROWN),
    ]);
    assert_ending(&game, &[BROWN], WinReason::FiveElections);
    assert_eq!(game.representatives(), [5, 2]);
}

#[test]
fn three_in_a_row_and_five_at_once_count_as_three_in_a_row() {
    let (game, _) = scripted(&[
        Win(BEIGE),
        Win(BEIGE),
        Win(BROWN),
        Null,
        Win(BEIGE),
        Win(BEIGE),
        Win(BEIGE),
    ]);
    assert_eq!(game.representatives(), [1, 5]);
    assert_ending(&game, &[BEIGE], WinReason::ThreeInARow);
}

#[test]
fn more_representatives_after_nine_elections_win() {
    let (game, _) = scripted(&[
        Win(BROWN),
        Win(BROWN),
        Win(BEIGE),
        Win(BROWN),
        Win(BEIGE),
        Win(BROWN),
        Win(BEIGE),
        Null,
        Null,
    ]);
    assert_eq!(game.representatives(), [4, 3]);
    assert_ending(&game, &[BROWN], WinReason::Majority);
    assert_eq!(game.hand_sizes(), [3, 3]);
    assert_eq!(
        game.view(Viewer::Seat(BEIGE)).revealed_hands,
        None,
        "hands stay private"
    );
}

const EVEN: [Want; 9] = [
    Win(BROWN),
    Win(BROWN),
    Win(BEIGE),
    Win(BEIGE),
    Null,
    Win(BROWN),
    Win(BEIGE),
    Null,
    Null,
];

#[test]
fn equal_representatives_go_to_the_stronger_hand() {
    let (game, _) = scripted(&EVEN);
    assert_eq!(game.representatives(), [3, 3]);
    let sums = [BROWN, BEIGE].map(|s| game.hand(s).total());
    assert_ne!(sums[0], sums[1], "this deal has unequal hands");
    let stronger = if sums[0] > sums[1] { BROWN } else { BEIGE };
    assert_ending(&game, &[stronger], WinReason::Tiebreak);
    // The hands decided the game, so everyone sees them.
    let hands = Some([game.hand(BROWN), game.hand(BEIGE)]);
    for viewer in [Viewer::Seat(BROWN), Viewer::Seat(BEIGE), Viewer::Spectator] {
        assert_eq!(game.view(viewer).revealed_hands, hands);
    }
}

#[test]
fn equal_representatives_and_equal_hands_draw() {
    // Look for a deal where the script ends with equal hands.
    let setups = (0..5000).map(|seed| TyrusSetup::random(&mut SeedRng::new(seed)));
    let mut found = false;
    for setup in setups {
        let mut game = Tyrus::from_setup(&setup).unwrap();
        // Both seats mirror: each puts its weakest tile into its own building of the
        // election's kind, so every election is a tie or decided by the deal; keep deals that
        // end 0 representatives each with equal hands.
        while let Some(mover) = game.to_move() {
            let office = game.current_office().unwrap();
            let Some(tile) = game
                .hand(mover)
                .iter()
                .filter(|t| t.profession() != office.profession())
                .min_by_key(|t| t.value())
            else {
                break;
            };
            game.play(Placement {
                tile,
                side: Side::Own,
                building: office.building(),
            })
            .unwrap();
        }
        if game.ending().is_some_and(|e| e.reason == WinReason::Draw) {
            assert_eq!(game.representatives(), [0, 0]);
            assert_eq!(game.hand(BROWN).total(), game.hand(BEIGE).total());
            assert_ending(&game, &[BROWN, BEIGE], WinReason::Draw);
            assert_eq!(game.outcome().unwrap().winners.len(), 2);
            found = true;
            break;
        }
    }
    assert!(found, "no drawn deal found");
}

#[test]
fn seats_draw_three_after_elections_one_to_seven_only() {
    let (game, _) = scripted(&[Null; 9]);
    assert_eq!(game.hand_sizes(), [3, 3]);
    let mut replay = Tyrus::from_setup(&TyrusSetup::random(&mut SeedRng::new(0))).unwrap();
    let mut sizes_at_start = Vec::new();
    let mut rng = agora_engine::FastRng::new(1);
    let mut last_election = 0;
    while replay.to_move().is_some() {
        let election = replay.election_number().unwrap();
        if election != last_election {
            sizes_at_start.push(replay.hand_sizes());
            last_election = election;
        }
        let mv = replay.random_legal_move(&mut rng).unwrap();
        replay.play(mv).unwrap();
    }
    for (i, sizes) in sizes_at_start.iter().enumerate() {
        let expected = if i < 8 { 9 } else { 6 };
        assert_eq!(
            *sizes,
            [expected, expected],
            "hands at the start of election {}",
            i + 1
        );
    }
}

#[test]
fn seats_alternate_and_starters_alternate_by_election() {
    let mut game = Tyrus::from_setup(&TyrusSetup::random(&mut SeedRng::new(8))).unwrap();
    let first = game.first_player();
    let other = Seat(first.0 ^ 1);
    let mut rng = agora_engine::FastRng::new(3);
    for election in 0..3 {
        let starter = if election % 2 == 0 { first } else { other };
        for ply in 0..6 {
            if game.to_move().is_none() {
                return;
            }
            let expected = if ply % 2 == 0 {
                starter
            } else {
                Seat(starter.0 ^ 1)
            };
            assert_eq!(
                game.to_move(),
                Some(expected),
                "election {}, ply {ply}",
                election + 1
            );
            let mv = game.random_legal_move(&mut rng).unwrap();
            game.play(mv).unwrap();
        }
    }
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = Tyrus::from_setup(&TyrusSetup::random(&mut SeedRng::new(4))).unwrap();
    let mover = game.to_move().unwrap();
    let missing = TileSet::ALL.minus(game.hand(mover)).iter().next().unwrap();
    let before = game;
    let error = game
        .play(Placement {
            tile: missing,
            side: Side::Opp,
            building: BuildingKind::Temple,
        })
        .unwrap_err();
    assert_eq!(error.to_string(), format!("{missing} is not in your hand"));
    assert_eq!(game, before);

    let (mut over, _) = scripted(&[Win(BROWN), Win(BROWN), Win(BROWN)]);
    let ended = over;
    let any = Placement {
        tile: tile("S1"),
        side: Side::Own,
        building: BuildingKind::Citadel,
    };
    assert_eq!(over.play(any).unwrap_err().to_string(), "the game is over");
    assert_eq!(over, ended);
    let mut moves = Vec::new();
    over.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn opponents_see_where_a_tile_went_but_not_which() {
    let game = Tyrus::from_setup(&TyrusSetup::random(&mut SeedRng::new(4))).unwrap();
    let mover = game.to_move().unwrap();
    let tile = game.hand(mover).iter().next().unwrap();
    let mv = Placement {
        tile,
        side: Side::Opp,
        building: BuildingKind::Market,
    };
    let mine = game.seen_move(mv, Viewer::Seat(mover));
    let theirs = game.seen_move(mv, Viewer::Seat(Seat(mover.0 ^ 1)));
    let public = game.seen_move(mv, Viewer::Spectator);
    assert_eq!(mine.tile, Some(tile));
    assert_eq!(theirs.tile, None);
    assert_eq!(public, theirs);
    assert_eq!(theirs.building_owner, Seat(mover.0 ^ 1));
    assert_eq!(theirs.building, BuildingKind::Market);
}
