//! One test per kind of sentence the Tsuro narrator says, on positions worked out by hand in
//! the rules crate's scenarios (crates/games/tsuro/tests/scenarios.rs), from the mover's, another
//! seat's and a spectator's point of view.

mod tsuro_common;

use agora_engine::{Game, Seat, Viewer};
use agora_present::text::take_misses;
use agora_present::tsuro::{describe_board, describe_square, outcome, preview, status};
use agora_present::{Lang, Reader};
use agora_tsuro::{PlacedTile, Tsuro};
use tsuro_common::{game, heard, people, play, record, seat};

fn no_misses() {
    assert_eq!(take_misses(), Vec::<String>::new());
}

/// Two seats: Ada on a1.0 lays 04-12-35-67 (a turn of 01-26-34-57) and crosses only it, to
/// a2.1; she draws 05-14-27-36, the pile's top.
fn two_seats() -> Tsuro {
    game(
        &[
            ["01-23-45-67", "07-12-34-56", "01-26-34-57"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &["05-14-27-36", "02-15-37-46"],
        false,
    )
}

#[test]
fn starts_from_every_point_of_view() {
    let game = two_seats();
    assert_eq!(
        heard(&game, &seat(Lang::En, 0, 2), "start a1.0"),
        ["You (Red) start on the top edge, square a1, left point."]
    );
    assert_eq!(
        heard(&game, &seat(Lang::En, 1, 2), "start a1.0"),
        ["Ada (Red) starts on the top edge, square a1, left point."]
    );
    assert_eq!(
        heard(&game, &seat(Lang::De, 0, 2), "start a1.0"),
        ["Du (Rot) beginnst an der Startmarke „oberer Rand, Feld a1, linker Punkt“."]
    );
    assert_eq!(
        heard(&game, &people(Lang::Fr, Viewer::Spectator, 2), "start a1.0"),
        [
            "Ada (Rouge) a pris le point de départ «\u{202f}bord supérieur, case a1, point de gauche\u{202f}»."
        ]
    );
    no_misses();
}

#[test]
fn a_play_that_moves_no_marker_beyond_the_new_tile_and_the_draw() {
    let mut game = two_seats();
    play(&mut game, &["start a1.0", "start f6.4"]);
    assert_eq!(
        heard(&game, &seat(Lang::En, 0, 2), "play 04-12-35-67"),
        [
            "You (Red) laid a tile on a1 (04-12-35-67).",
            "You (Red) crossed the new tile and now face a2 (top side, right point).",
            "You drew 05-14-27-36.",
        ]
    );
    let bruno = heard(&game, &seat(Lang::En, 1, 2), "play 04-12-35-67");
    assert_eq!(
        bruno[1..],
        [
            "Ada (Red) crossed the new tile and now faces a2 (top side, right point).",
            "Ada drew a tile.",
        ]
    );
    let spectator = heard(
        &game,
        &people(Lang::De, Viewer::Spectator, 2),
        "play 04-12-35-67",
    );
    assert_eq!(
        spectator[1..],
        [
            "Ada (Rot) ist dem Weg über das neue Plättchen gefolgt und steht jetzt vor a2 (obere Seite, \
             rechter Punkt).",
            "Ada hat ein Plättchen gezogen.",
        ]
    );
    let fr = heard(&game, &seat(Lang::Fr, 0, 2), "play 04-12-35-67");
    assert_eq!(fr[2], "Vous avez pioché 05-14-27-36.");
    no_misses();
}

/// Three seats: Ada on a1.0 lays 03-15-24-67 on a1, Bruno on c1.1 lays 02-16-35-47 on c1,
/// Cleo on a2.6 lays 02-13-47-56 on a2; then Ada's 02-15-37-46 on b1 takes her to b2.1 and
/// Bruno, also facing b1, across three tiles to b2.6.
#[test]
fn several_markers_move_one_sentence_each() {
    let mut game = game(
        &[
            ["03-15-24-67", "02-15-37-46", "01-23-45-67"],
            ["02-16-35-47", "07-12-34-56", "05-14-27-36"],
            ["02-13-47-56", "04-15-26-37", "03-16-25-47"],
        ],
        &[],
        false,
    );
    play(
        &mut game,
        &[
            "start a1.0",
            "start c1.1",
            "start a2.6",
            "play 03-15-24-67",
            "play 02-16-35-47",
            "play 02-13-47-56",
        ],
    );
    let lines = heard(&game, &seat(Lang::En, 1, 3), "play 02-15-37-46");
    assert_eq!(
        lines[1..],
        [
            "Ada (Red) crossed the new tile and now faces b2 (top side, right point).",
            "You (Blue) followed 3 tiles and now face b2 (left side, lower point).",
            "Ada drew a tile.",
        ]
    );
    let lines = heard(&game, &seat(Lang::Fr, 1, 3), "play 02-15-37-46");
    assert_eq!(
        lines[2],
        "Vous (Bleu) avez suivi 3 tuiles et faites maintenant face à b2 (côté gauche, point du bas)."
    );
    no_misses();
}

/// Ada on a1.0 and Bruno on a1.7 both face a1; 04-12-35-67 takes Ada down to a2.1 and Bruno
/// off the left edge: Ada wins.
#[test]
fn leaving_the_board_and_the_last_marker() {
    let mut game = two_seats();
    play(&mut game, &["start a1.0", "start a1.7"]);
    assert_eq!(
        heard(&game, &seat(Lang::En, 1, 2), "play 04-12-35-67")[1..],
        [
            "Ada (Red) crossed the new tile and now faces a2 (top side, right point).",
            "You (Blue) ran off the board across the new tile and are out.",
            "Ada (Red) wins: the last marker on the board.",
        ]
    );
    assert_eq!(
        heard(&game, &seat(Lang::En, 0, 2), "play 04-12-35-67")[2..],
        [
            "Bruno (Blue) ran off the board across the new tile and is out.",
            "You (Red) win: yours is the last marker on the board.",
        ]
    );
    assert_eq!(
        heard(&game, &seat(Lang::De, 0, 2), "play 04-12-35-67")[2..],
        [
            "Bruno (Blau) ist dem Weg über das neue Plättchen vom Brett gefolgt und ausgeschieden.",
            "Du (Rot) gewinnst: Deine Figur ist die letzte auf dem Brett.",
        ]
    );
    no_misses();
}

/// Ada on a1.0, Bruno on a1.1, Cleo on a1.7: 04-17-23-56 sends Ada down to a2.1 and joins 1
/// and 7, so Bruno and Cleo run into each other.
#[test]
fn a_collision_is_one_sentence_for_both_markers() {
    let mut game = game(
        &[
            ["04-12-35-67", "01-23-45-67", "07-12-34-56"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
            ["05-14-27-36", "04-15-27-36", "02-15-37-46"],
        ],
        &[],
        false,
    );
    play(&mut game, &["start a1.0", "start a1.1", "start a1.7"]);
    let watcher = people(Lang::En, Viewer::Spectator, 3);
    assert_eq!(
        heard(&game, &watcher, "play 04-17-23-56")[2..],
        [
            "Bruno (Blue) and Cleo (Green) ran into each other and are out.",
            "Ada (Red) wins: the last marker on the board.",
        ]
    );
    assert_eq!(
        heard(&game, &seat(Lang::De, 2, 3), "play 04-17-23-56")[2],
        "Bruno (Blau) und du (Grün) seid zusammengestoßen und ausgeschieden."
    );
    assert_eq!(
        heard(&game, &seat(Lang::Fr, 1, 3), "play 04-17-23-56")[2],
        "Collision entre vous (Bleu) et Cleo (Vert)\u{202f}: les deux pions sont hors jeu."
    );
    no_misses();
}

/// Ada on b1.0 and Bruno on a2.7 box Cleo in on a1.0: every play of hers puts her out, so
/// every one is allowed; 02-14-36-57 runs her into Ada and Bruno off the top. All three share
/// the win.
#[test]
fn all_out_together_and_a_preview_of_a_forced_play() {
    let mut game = game(
        &[
            ["07-16-23-45", "04-12-35-67", "07-12-34-56"],
            ["06-17-23-45", "03-16-25-47", "04-15-26-37"],
            ["02-14-36-57", "01-23-45-67", "05-14-27-36"],
        ],
        &[],
        false,
    );
    play(
        &mut game,
        &[
            "start b1.0",
            "start a2.7",
            "start a1.0",
            "play 07-16-23-45",
            "play 06-17-23-45",
        ],
    );
    let cleo = seat(Lang::En, 2, 3);
    let lines = heard(&game, &cleo, "play 02-14-36-57");
    assert_eq!(
        lines.last().unwrap(),
        "You (Green), Ada (Red) and Bruno (Blue) went out in the same play, the last markers on \
         the board, and share the win."
    );
    assert!(
        lines.iter().any(|l| l.contains("ran into each other")),
        "{lines:?}"
    );
    let tile: PlacedTile = "02-14-36-57".parse().unwrap();
    let seen = game.preview(tile).unwrap();
    let view = game.view(Viewer::Seat(Seat(2)));
    let said = preview(&cleo, &view, 0, tile, &seen);
    assert!(
        said.starts_with("Tile 1 of 3 in your hand, laid as 02-14-36-57 on a1. You (Green) would"),
        "{said}"
    );
    assert!(
        said.ends_with("Every play puts you out, so this one is allowed."),
        "{said}"
    );
    no_misses();
}

#[test]
fn a_preview_refused_and_one_that_stays() {
    let mut game = two_seats();
    play(&mut game, &["start a1.0", "start f6.4"]);
    let ada = seat(Lang::En, 0, 2);
    let view = game.view(Viewer::Seat(Seat(0)));
    let tile: PlacedTile = "01-23-45-67".parse().unwrap();
    assert_eq!(
        preview(&ada, &view, 0, tile, &game.preview(tile).unwrap()),
        "Tile 1 of 3 in your hand, laid as 01-23-45-67 on a1. You (Red) would run off the board \
         across the new tile and be out. Not allowed: you would be out while you have a safe \
         play."
    );
    let tile: PlacedTile = "04-12-35-67".parse().unwrap();
    assert_eq!(
        preview(&ada, &view, 2, tile, &game.preview(tile).unwrap()),
        "Tile 3 of 3 in your hand, laid as 04-12-35-67 on a1. You (Red) would cross the new tile \
         and face a2 (top side, right point). You stay on the board."
    );
    let ada = seat(Lang::Fr, 0, 2);
    assert_eq!(
        preview(&ada, &view, 2, tile, &game.preview(tile).unwrap()),
        "Tuile 3 sur 3 de votre main, posée en 04-12-35-67 sur a1. Vous (Rouge) traverseriez la \
         nouvelle tuile et feriez face à a2 (côté haut, point de droite). Vous resteriez sur le \
         plateau."
    );
    no_misses();
}

/// Four seats with the elimination bonus: Ada on a1.0 lays 04-17-23-56, Bruno (a1.1) and Cleo
/// (a1.7) run into each other, and Ada may swap with their hands.
fn bonus_game() -> Tsuro {
    let mut game = game(
        &[
            ["04-17-23-56", "01-23-45-67", "05-14-27-36"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
            ["07-12-34-56", "04-15-27-36", "02-15-37-46"],
            ["01-27-36-45", "02-17-35-46", "03-15-26-47"],
        ],
        &[],
        true,
    );
    play(
        &mut game,
        &["start a1.0", "start a1.1", "start a1.7", "start f6.4"],
    );
    game
}

#[test]
fn the_elimination_bonus_offered_kept_and_used() {
    let mut game = bonus_game();
    let lines = heard(&game, &seat(Lang::En, 0, 4), "play 04-17-23-56");
    assert_eq!(
        lines.last().unwrap(),
        "Elimination bonus: you may keep your hand, or swap tiles of it for as many of these \
         from the hands you just put out: 02-13-46-57, 03-16-25-47, 04-15-26-37, 07-12-34-56, \
         04-15-27-36 and 02-15-37-46."
    );
    let lines = heard(&game, &seat(Lang::En, 3, 4), "play 04-17-23-56");
    assert_eq!(
        lines.last().unwrap(),
        "Ada may swap tiles with the hands they just put out (elimination bonus)."
    );
    play(&mut game, &["play 04-17-23-56"]);
    assert_eq!(
        status(&seat(Lang::En, 0, 4), &game.view(Viewer::Seat(Seat(0)))),
        "Your turn: the elimination bonus, keep your hand or swap tiles of it for as many of \
         these: 02-13-46-57, 03-16-25-47, 04-15-26-37, 07-12-34-56, 04-15-27-36 and 02-15-37-46. \
         2 markers of 4 on the board. 23 tiles in the draw pile."
    );
    assert_eq!(
        status(&seat(Lang::En, 3, 4), &game.view(Viewer::Seat(Seat(3)))),
        "Ada (Red) is choosing whether to swap tiles (elimination bonus). 2 markers of 4 on the \
         board. 23 tiles in the draw pile."
    );
    assert_eq!(
        heard(&game, &seat(Lang::En, 0, 4), "keep"),
        ["You kept your hand."]
    );
    assert_eq!(
        heard(&game, &seat(Lang::En, 3, 4), "keep"),
        ["Ada kept their hand."]
    );
    let swap = "swap 01-23-45-67 for 03-16-25-47";
    assert_eq!(
        heard(&game, &seat(Lang::En, 0, 4), swap),
        ["You gave 01-23-45-67 for 03-16-25-47."]
    );
    assert_eq!(
        heard(&game, &people(Lang::En, Viewer::Spectator, 4), swap),
        ["Ada swapped one tile with the eliminated hands."]
    );
    assert_eq!(
        heard(&game, &seat(Lang::En, 1, 4), swap),
        [
            "Ada swapped one tile with the eliminated hands.",
            "Ada took 03-16-25-47 from your hand and put 01-23-45-67 in its place.",
        ]
    );
    assert_eq!(
        heard(&game, &seat(Lang::De, 3, 4), swap),
        ["Ada hat ein Plättchen gegen eines der Ausgeschiedenen getauscht."]
    );
    no_misses();
}

#[test]
fn the_shuffle_then_the_draws() {
    let mut game = bonus_game();
    play(&mut game, &["play 04-17-23-56", "keep"]);
    let shuffle = game.sample_chance(&mut agora_engine::FastRng::new(1));
    let text = game.format_move(shuffle);
    let ada = heard(&game, &seat(Lang::En, 0, 4), &text);
    assert_eq!(
        ada[0],
        "The eliminated hands’ 6 tiles went into the draw pile, which was shuffled: it holds 29 \
         tiles."
    );
    assert!(ada[1].starts_with("You drew "), "{ada:?}");
    assert_eq!(
        heard(&game, &seat(Lang::En, 3, 4), &text)[1],
        "Ada drew a tile."
    );
    assert_eq!(
        heard(&game, &people(Lang::En, Viewer::Spectator, 4), &text)[1..],
        ["Ada drew a tile."]
    );
    assert_eq!(
        heard(&game, &seat(Lang::Fr, 3, 4), &text)[0],
        "Les 6 tuiles des joueurs éliminés ont rejoint la pioche, qui a été mélangée\u{202f}: elle \
         compte 29 tuiles."
    );
    no_misses();
}

/// A four-seat game (the rules crate's `dragon.json`) in which the pile runs out: seat 1 takes
/// the dragon at ply 32, is eliminated holding it at ply 35 (it passes to seat 2), and at ply
/// 36 seat 2 draws and seat 3 takes it.
#[test]
fn the_dragon_taken_and_passed() {
    let record = record("dragon.json");
    let mut game: Tsuro = agora_engine::start(&record).unwrap();
    let dan = seat(Lang::En, 3, 4);
    let watcher = people(Lang::De, Viewer::Spectator, 4);
    let mut said = Vec::new();
    let mut watched = Vec::new();
    for text in &record.moves {
        said.push(heard(&game, &dan, text));
        watched.push(heard(&game, &watcher, text));
        play(&mut game, &[text]);
    }
    assert!(
        watched[31].contains(
            &"Der Nachziehstapel ist leer: Bruno nimmt den Drachen und zieht zuerst, sobald \
              wieder Plättchen da sind."
                .to_string()
        ),
        "{:?}",
        watched[31]
    );
    assert!(
        watched[35].contains(&"Der Drache geht von Cleo an Dan.".to_string()),
        "{:?}",
        watched[35]
    );
    assert!(
        said[31].contains(
            &"The draw pile is empty: Bruno takes the dragon, and will draw first when tiles \
              come back."
                .to_string()
        ),
        "{:?}",
        said[31]
    );
    assert!(
        said[34].contains(&"The dragon passes from Bruno to Cleo.".to_string()),
        "{:?}",
        said[34]
    );
    assert!(
        said[35].contains(&"The dragon passes from Cleo to you.".to_string()),
        "{:?}",
        said[35]
    );
    no_misses();
}

/// A two-seat game (the rules crate's `all_tiles_played.json`) in which every tile is laid.
#[test]
fn every_tile_laid_and_the_win_shared() {
    let record = record("all_tiles_played.json");
    let mut game: Tsuro = agora_engine::start(&record).unwrap();
    let (last, moves) = record.moves.split_last().unwrap();
    for text in moves {
        play(&mut game, &[text]);
    }
    for (lang, shared) in [
        (
            Lang::En,
            "Every tile has been laid: you (Red) and Bruno (Blue) share the win.",
        ),
        (
            Lang::De,
            "Alle Plättchen sind gelegt: du (Rot) und Bruno (Blau) teilt euch den Sieg.",
        ),
        (
            Lang::Fr,
            "Toutes les tuiles sont posées\u{202f}: vous (Rouge) et Bruno (Bleu) partagez la victoire.",
        ),
    ] {
        let ada = seat(lang, 0, 2);
        assert_eq!(heard(&game, &ada, last).last().unwrap(), shared);
        let mut end = game.clone();
        play(&mut end, &[last]);
        let view = end.view(Viewer::Seat(Seat(0)));
        assert_eq!(outcome(&ada, &view).as_deref(), Some(shared));
        assert_eq!(status(&ada, &view), shared);
    }
    no_misses();
}

#[test]
fn the_status_line() {
    let mut game = two_seats();
    let ada = seat(Lang::En, 0, 2);
    let view = |game: &Tsuro, reader: &Reader| game.view(reader.viewer);
    assert_eq!(
        status(&ada, &view(&game, &ada)),
        "Your turn: choose a start mark for your marker, Red (markers placed: 0 of 2). 29 tiles in \
         the draw pile."
    );
    let bruno = seat(Lang::De, 1, 2);
    assert_eq!(
        status(&bruno, &view(&game, &bruno)),
        "Ada (Rot) wählt eine Startmarke (Figuren gesetzt: 0 von 2). 29 Plättchen im \
         Nachziehstapel."
    );
    play(&mut game, &["start a1.0", "start f6.4"]);
    assert_eq!(
        status(&ada, &view(&game, &ada)),
        "Your turn: lay a tile on a1. 2 markers of 2 on the board. 29 tiles in the draw pile."
    );
    let watcher = people(Lang::Fr, Viewer::Spectator, 2);
    assert_eq!(
        status(&watcher, &view(&game, &watcher)),
        "Ada (Rouge) doit poser une tuile sur a1. 2 pions sur 2 en jeu. 29 tuiles dans la pioche."
    );
    no_misses();
}

#[test]
fn the_board_in_words() {
    let mut game = two_seats();
    play(&mut game, &["start a1.0", "start f6.4"]);
    let ada = seat(Lang::En, 0, 2);
    let before = game.view(ada.viewer);
    assert_eq!(
        describe_square(&ada, &before, "a1".parse().unwrap()),
        "a1 is empty (above: the rim; right: empty; below: empty; left: the rim). You (Red) face \
         it (top side, left point): your next tile goes here."
    );
    play(&mut game, &["play 04-12-35-67"]);
    let view = game.view(ada.viewer);
    assert_eq!(
        describe_square(&ada, &view, "a1".parse().unwrap()),
        "a1: 04-12-35-67, paths top left to bottom right, top right to right upper, right lower \
         to bottom left and left lower to left upper."
    );
    assert_eq!(
        describe_board(&ada, &view),
        [
            "You (Red): facing a2 (top side, right point); around a2: above: a tile; right: \
             empty; below: empty; left: the rim.",
            "Bruno (Blue): facing f6 (bottom side, right point); around f6: above: empty; right: \
             the rim; below: the rim; left: empty.",
            "One tile on the board:",
            "a1: 04-12-35-67, paths top left to bottom right, top right to right upper, right \
             lower to bottom left and left lower to left upper.",
        ]
    );
    let de = seat(Lang::De, 1, 2);
    assert_eq!(
        describe_board(&de, &game.view(de.viewer))[0],
        "Du (Blau): vor f6 (untere Seite, rechter Punkt); rund um f6: oben: leer; rechts: Rand; \
         unten: Rand; links: leer."
    );
    no_misses();
}
