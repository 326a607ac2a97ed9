//! What `play_logged` tells: every roll says what it was for, every change of influence why.

mod common;

use agora_engine::Game;
use agora_tyranny::{Event, Faction, InfluenceCause, Piece, RollFor, Tyranny};
use common::*;
use serde_json::json;

/// The events of `moves` played in turn, all together.
fn logged(state: &mut Tyranny, moves: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        events.extend(
            state
                .play_logged(mv)
                .unwrap_or_else(|e| panic!("{text}: {e}")),
        );
    }
    events
}

fn rolls(events: &[Event]) -> Vec<RollFor> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { purpose, .. } => Some(*purpose),
            _ => None,
        })
        .collect()
}

fn causes(events: &[Event]) -> Vec<(u32, u32, InfluenceCause)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Influence {
                before,
                after,
                cause,
            } => Some((*before, *after, *cause)),
            _ => None,
        })
        .collect()
}

#[test]
fn every_roll_says_what_it_was_for() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    assert_eq!(
        rolls(&logged(&mut state, &["capture", "roll 2"])),
        [RollFor::Capture]
    );
    let mut state = position(json!({}));
    assert_eq!(
        rolls(&logged(&mut state, &["move", "roll 2"])),
        [RollFor::Move]
    );
    let mut state = position(json!({"pieces": {"crim1": {"custody": true}}, "to_move": "crim1"}));
    assert_eq!(
        rolls(&logged(&mut state, &["escape", "roll 2"])),
        [RollFor::Escape]
    );
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O2"}}}));
    assert_eq!(
        rolls(&logged(
            &mut state,
            &["move", "roll 3", "challenge crim1 2-4", "roll 5"]
        )),
        [
            RollFor::Move,
            RollFor::Challenge {
                piece: Piece::CRIM1,
                low: 2,
                then: None
            }
        ]
    );
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    let events = logged(
        &mut state,
        &["move", "roll 1", "draw", "draw gamble 8", "roll 2"],
    );
    assert_eq!(rolls(&events), [RollFor::Move, RollFor::CardMove]);
}

#[test]
fn every_change_of_influence_says_why() {
    let cop1 = Piece::COP1;
    let crim1 = Piece::CRIM1;
    // Landing on one's own property.
    let mut state = position(json!({"owners": {"O3": "criminals"}, "to_move": "crim1",
        "pieces": {"crim1": {"tile": "O1"}}}));
    let events = logged(&mut state, &["move", "roll 2"]);
    assert_eq!(
        causes(&events),
        [(
            500,
            530,
            InfluenceCause::Landed {
                piece: crim1,
                tile: tile("O3")
            }
        )]
    );
    // A card acting at once, with the half that was read.
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    let events = logged(&mut state, &["move", "roll 1", "draw", "draw gamble 9"]);
    assert_eq!(
        causes(&events),
        [(
            500,
            600,
            InfluenceCause::Card {
                card: card("gamble 9"),
                faction: Faction::Cops
            }
        )]
    );
    // A tunnel opened by a cop: what it spends goes to the criminals.
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O4"}}}));
    let events = logged(&mut state, &["open tunnel A"]);
    assert_eq!(
        causes(&events),
        [(
            500,
            650,
            InfluenceCause::Tunnel {
                piece: cop1,
                tunnel: 0
            }
        )]
    );
    // Bail.
    let mut state = position(json!({"pieces": {"crim1": {"custody": true}}, "to_move": "crim1"}));
    let events = logged(&mut state, &["pay"]);
    assert_eq!(
        causes(&events),
        [(500, 300, InfluenceCause::Bail { piece: crim1 })]
    );
}
