//! The Tsuro page's model on positions worked out by hand: refusals before sending, every
//! rotation with its preview, and the elimination bonus.

use agora_engine::{Game, Viewer};
use agora_present::{Lang, Reader, Who};
use agora_tsuro::{Hands, Tile, TileList, Tsuro, TsuroSetup};

use super::*;

/// Seat 0 on a1.0 holds two tiles that lead off the board however they are turned and
/// one that is safe (the engine's scenario of the same name).
fn refused_position() -> Tsuro {
    let hands: [[&str; 3]; 2] = [
        ["01-23-45-67", "07-12-34-56", "01-26-34-57"],
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
    ];
    let mut all = Hands::new();
    let mut dealt = Vec::new();
    for hand in hands {
        let hand: Vec<Tile> = hand.iter().map(|t| t.parse().unwrap()).collect();
        dealt.extend(hand.iter().copied());
        all.push(&hand).unwrap();
    }
    let pile: Vec<Tile> = Tile::all().filter(|t| !dealt.contains(t)).collect();
    let setup = TsuroSetup {
        players: 2,
        hands: all,
        draw_pile: TileList::from_slice(&pile).unwrap(),
        elimination_bonus: false,
    };
    Tsuro::from_setup(&setup).unwrap()
}

fn reader() -> Reader {
    Reader::new(
        Lang::En,
        Viewer::Seat(Seat(0)),
        vec![Who::Person("Ada".into()), Who::Computer],
    )
}

#[test]
fn a_play_that_puts_the_reader_out_is_refused_with_the_reason_before_it_is_sent() {
    let tr = Tr(Lang::En);
    let mut game = refused_position();
    let question = check(tr, &reader(), &game, "start a1.0").unwrap();
    assert!(question.starts_with("Place your marker at"), "{question}");
    for mv in ["start a1.0", "start f6.4"] {
        let mv = game.parse_move(mv).unwrap();
        game.play(mv).unwrap();
    }
    assert_eq!(
        check(tr, &reader(), &game, "play 01-23-45-67"),
        Err("That play eliminates your marker, and you have a play that does not.".to_string())
    );
    let question = check(tr, &reader(), &game, "play 04-17-23-56").unwrap();
    assert!(question.starts_with("Lay this tile?"), "{question}");
    assert_eq!(
        check(tr, &reader(), &game, "play 02-13-46-57"),
        Err("02-13-46-57 is not in your hand in any rotation.".to_string())
    );
    assert_eq!(
        check(tr, &reader(), &game, "lay it"),
        Err("\"lay it\" is not a move. There is no move \"lay\": a move is start, play, keep, swap or shuffle.".to_string())
    );
}

#[test]
fn the_page_offers_every_rotation_with_its_preview_and_marks_the_refused_ones() {
    let tr = Tr(Lang::En);
    let mut game = refused_position();
    for mv in ["start a1.0", "start f6.4"] {
        let mv = game.parse_move(mv).unwrap();
        game.play(mv).unwrap();
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let legal: Vec<String> = legal.iter().map(|m| game.format_move(*m)).collect();
    let around = Around {
        legal: &legal,
        chosen: &[0, 0, 1],
        ..Around::default()
    };
    let table = super::table(tr, &reader(), &game, &around);
    assert!(table.can_play);
    assert_eq!(table.hand.len(), 3);
    let safe: Vec<&Rotation> = table
        .hand
        .iter()
        .flat_map(|h| &h.rotations)
        .filter(|r| r.allowed)
        .collect();
    // Exactly the engine's legal plays are allowed, each with a preview in words.
    let mut allowed: Vec<String> = safe.iter().map(|r| r.notation.clone()).collect();
    allowed.sort();
    let mut expected = legal.clone();
    expected.sort();
    assert_eq!(allowed, expected);
    assert!(safe.iter().all(|r| !r.preview.is_empty()));
    // The third tile shows its second rotation, as `rot=0.0.1` asked (the first two look
    // the same however they are turned).
    let shown: Vec<usize> = table
        .hand
        .iter()
        .map(|h| h.rotations.iter().position(|r| r.shown).unwrap())
        .collect();
    assert_eq!(shown, [0, 0, 1]);
    assert_eq!(table.hand[0].rotations.len(), 1);
    // The square a1 is where the tile goes.
    assert!(table.grid[0][0].target);

    // Chosen nothing yet: the safe tile shows first a way it may be laid, and turning
    // it keeps the other tiles as they show.
    let around = Around {
        legal: &legal,
        ..Around::default()
    };
    let table = super::table(tr, &reader(), &game, &around);
    let safe = &table.hand[2];
    let shown = safe.rotations.iter().find(|r| r.shown).unwrap();
    assert!(shown.allowed, "{}", shown.notation);
    let k = safe.rotations.iter().position(|r| r.shown).unwrap();
    assert_eq!(
        shown.right,
        format!("0.0.{}", (k + 1) % safe.rotations.len())
    );
}

/// Seat 0's first tile runs seats 1 and 2 into each other (the engine's elimination
/// bonus scenario): with the bonus on, seat 0 chooses the exchange on the page.
#[test]
fn the_elimination_bonus_is_chosen_on_the_page_by_buttons_in_words() {
    let tile = |t: &str| t.parse::<Tile>().unwrap();
    let hands = [
        ["04-17-23-56", "01-23-45-67", "05-14-27-36"],
        ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ["07-12-34-56", "04-15-27-36", "02-15-37-46"],
        ["01-27-36-45", "02-17-35-46", "03-15-26-47"],
    ]
    .map(|hand| hand.map(tile));
    let mut game = Tsuro::from_setup(&TsuroSetup::stacked(&hands, &[], true)).unwrap();
    for mv in [
        "start a1.0",
        "start a1.1",
        "start a1.7",
        "start f6.4",
        "play 04-17-23-56",
    ] {
        let mv = game.parse_move(mv).unwrap();
        game.play(mv).unwrap();
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let legal: Vec<String> = legal.iter().map(|m| game.format_move(*m)).collect();
    let reader = Reader::new(
        Lang::En,
        Viewer::Seat(Seat(0)),
        vec![
            Who::Person("Ada".into()),
            Who::Person("Bob".into()),
            Who::Person("Cy".into()),
            Who::Person("Di".into()),
        ],
    );
    let tr = Tr(Lang::En);
    let around = Around {
        legal: &legal,
        ..Around::default()
    };
    let table = super::table(tr, &reader, &game, &around);
    assert!(table.can_bonus && !table.can_play);
    assert_eq!(table.bonus.len(), legal.len(), "every exchange is offered");
    assert_eq!(table.bonus[0].notation, "keep");
    assert_eq!(table.bonus[0].label, "Keep my tiles");
    let swap = table
        .bonus
        .iter()
        .find(|b| b.notation == "swap 01-23-45-67 for 03-16-25-47")
        .unwrap();
    assert!(
        swap.label
            .starts_with("Give 01-23-45-67 (top left to top right"),
        "{}",
        swap.label
    );
    assert!(
        swap.label.contains(", take 03-16-25-47 ("),
        "{}",
        swap.label
    );
    let question = check(tr, &reader, &game, &swap.notation).unwrap();
    assert_eq!(question, format!("{}?", swap.label));
    assert_eq!(
        check(tr, &reader, &game, "keep"),
        Ok("Keep your tiles?".to_string())
    );
    // Another seat sees no choice.
    let other = Reader::new(Lang::En, Viewer::Seat(Seat(3)), reader.seats.clone());
    let table = super::table(tr, &other, &game, &Around::default());
    assert!(table.bonus.is_empty() && !table.can_bonus);
}

/// Seat 1 lays a tile, then seat 0 is to play: the board outlines seat 1's tile for seat 0
/// (and says it in seat 1's row), not seat 0's own, and draws a hidden preview for every
/// rotation of seat 0's hand on the square its marker faces.
#[test]
fn the_board_marks_the_other_seats_last_tile_and_draws_a_preview_per_rotation() {
    let tr = Tr(Lang::En);
    let mut game = refused_position();
    let mut moves = Vec::new();
    for (seat, mv) in [
        (0, "start a1.0"),
        (1, "start f6.4"),
        (0, "play 04-17-23-56"),
    ] {
        let parsed = game.parse_move(mv).unwrap();
        game.play(parsed).unwrap();
        moves.push((Seat(seat), mv.to_string()));
    }
    // Seat 1 lays the first tile of its hand as dealt, whichever way is safe.
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let play = legal
        .iter()
        .map(|m| game.format_move(*m))
        .find(|m| m.starts_with("play "))
        .unwrap();
    game.play(game.parse_move(&play).unwrap()).unwrap();
    moves.push((Seat(1), play.clone()));
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let legal: Vec<String> = legal.iter().map(|m| game.format_move(*m)).collect();
    let around = Around {
        legal: &legal,
        seat_moves: &moves,
        ..Around::default()
    };
    let table = super::table(tr, &reader(), &game, &around);
    assert!(table.can_play && table.marks_others);
    assert_eq!(table.drawing.matches("ts-seat-last ").count(), 1);
    assert!(table.drawing.contains(r#"class="ts-seat-last m-blue""#));
    let laid = play.strip_prefix("play ").unwrap();
    let square = Square::all()
        .find(|sq| game.tile_at(*sq).map(|t| t.to_string()) == Some(laid.to_string()))
        .unwrap();
    let row = &table.seats[1].details;
    assert!(
        row.ends_with(&format!("last tile laid on {square}")),
        "{row}"
    );
    assert!(!table.seats[0].details.contains("last tile"));
    // One hidden preview per rotation of every tile in the hand, named by its panel.
    let rotations: Vec<&Rotation> = table.hand.iter().flat_map(|h| &h.rotations).collect();
    assert_eq!(
        table.drawing.matches(r#"<g class="ts-ghost"#).count(),
        rotations.len()
    );
    for r in rotations {
        assert!(
            table.drawing.contains(&format!(r#"data-ghost="{}""#, r.id)),
            "{}",
            r.id
        );
    }

    // Not the reader's turn: no preview; the reader's own last tile is never another's.
    let other = Reader::new(Lang::En, Viewer::Seat(Seat(1)), reader().seats.clone());
    let around = Around {
        seat_moves: &moves,
        ..Around::default()
    };
    let table = super::table(tr, &other, &game, &around);
    assert!(!table.drawing.contains("ts-ghost"));
    assert!(table.drawing.contains(r#"class="ts-seat-last m-red""#));
    assert!(!table.drawing.contains("ts-seat-last m-blue"));
}
