//! Hints told in English, German and French: every verdict, every Tsuro fact and every Tyrus
//! role, with no message missing and no English left in German or French.

mod language_common;

use agora_ai::hint::{TsuroFacts, TsuroPlay, TyrusFacts, TyrusRole};
use agora_ai::{Hint, Level, Suggestion, Verdict};
use agora_engine::{Game, Seat, Turn, Viewer};
use agora_present::hint::{HintText, tsuro, tyranny, tyrus};
use agora_present::text::take_misses;
use agora_present::{Lang, Reader, Who};
use agora_tsuro::{Position, Square, Tile, TsuroMove};
use agora_tyrus::{BuildingKind, Office, Placement, Side, Tyrus};

const VERDICTS: [Verdict; 4] = [
    Verdict::OnlyMove,
    Verdict::Clear,
    Verdict::HardlyMatters,
    Verdict::EveryPlayLoses,
];

fn reader(lang: Lang) -> Reader {
    Reader::new(
        lang,
        Viewer::Seat(Seat(0)),
        vec![Who::Person("Ada".into()), Who::Computer],
    )
}

fn hint<M: Copy, F: Clone>(verdict: Verdict, mv: M, facts: F, other: F) -> Hint<M, F> {
    let suggestion = |facts: F| Suggestion {
        mv,
        notation: "typed move".into(),
        value: Some(0.5),
        facts,
    };
    Hint {
        best: suggestion(facts),
        runners_up: vec![suggestion(other.clone()), suggestion(other)],
        verdict,
        moves: 3,
    }
}

/// Every line of `told` but the notation, checked for `lang`.
fn check(lang: Lang, what: &str, told: &HintText) -> String {
    assert_eq!(
        told.lines()[1],
        "typed move",
        "the move stands on its own line"
    );
    let mut words = vec![told.headline.clone()];
    words.extend(told.reasons.iter().cloned());
    words.extend(told.others.clone());
    let text = words.join("\n");
    assert!(
        !text.contains('{') && !text.contains("hint-"),
        "{what}: {text}"
    );
    language_common::assert_reads_natively(lang, what, &text);
    text
}

fn tsuro_play(quarter_turns: u8, ends: bool, safe: usize) -> TsuroFacts {
    let tile = Tile::all()
        .nth(3)
        .unwrap()
        .first_orientation()
        .turned(quarter_turns);
    TsuroFacts::Play(TsuroPlay {
        hand_index: 1,
        hand_size: 3,
        tile,
        quarter_turns,
        square: "c3".parse::<Square>().unwrap(),
        tiles: if ends { 3 } else { 1 },
        ends_at: ends.then(|| "d3.6".parse::<Position>().unwrap()),
        sends_off: if ends { vec![Seat(1)] } else { vec![] },
        surviving_plays: safe,
        plays: 6,
    })
}

#[test]
fn tsuro_hints_in_every_language() {
    let mv = TsuroMove::Start("a1.0".parse().unwrap());
    for lang in Lang::ALL {
        let reader = reader(lang);
        for verdict in VERDICTS {
            for turns in 0..4 {
                for (ends, safe) in [(true, 1), (true, 4), (false, 0)] {
                    let h = hint(
                        verdict,
                        mv,
                        tsuro_play(turns, ends, safe),
                        tsuro_play(turns, ends, safe),
                    );
                    check(lang, "Tsuro hint", &tsuro(&reader, &h));
                }
            }
            let start = TsuroFacts::Start {
                mark: "a1.0".parse().unwrap(),
            };
            check(
                lang,
                "Tsuro start",
                &tsuro(&reader, &hint(verdict, mv, start.clone(), start)),
            );
        }
        assert_eq!(take_misses(), Vec::<String>::new());
    }
    let mut h = hint(
        Verdict::Clear,
        mv,
        tsuro_play(1, true, 1),
        tsuro_play(2, false, 1),
    );
    // The second runner-up is another tile of the hand (the first one).
    if let TsuroFacts::Play(play) = &mut h.runners_up[1].facts {
        play.hand_index = 0;
    }
    let en = tsuro(&reader(Lang::En), &h);
    assert_eq!(en.headline, "The computer would play:");
    assert_eq!(
        en.reasons,
        [
            "Lay tile 2 of your hand on c3, turned right once (a quarter turn clockwise).",
            "Your marker follows 3 tiles and ends facing d3 (left side, lower point).",
            "It puts the computer (Blue) out.",
            "Every other play puts you out.",
        ]
    );
    assert_eq!(
        en.others.as_deref(),
        Some("Next best: the same tile (turned twice) and tile 1 (turned twice).")
    );
    let lost = tsuro(
        &reader(Lang::De),
        &hint(
            Verdict::EveryPlayLoses,
            mv,
            tsuro_play(0, false, 0),
            tsuro_play(0, false, 0),
        ),
    );
    assert_eq!(
        lost.headline,
        "Hier verliert jeder Zug. Der Computer würde spielen:"
    );
    assert_eq!(
        lost.others, None,
        "no runner-up is better when every play loses"
    );
    let fr = tsuro(
        &reader(Lang::Fr),
        &hint(
            Verdict::HardlyMatters,
            mv,
            tsuro_play(2, true, 4),
            tsuro_play(0, true, 4),
        ),
    );
    assert_eq!(
        fr.headline,
        "Ici, votre choix compte à peine. L’ordinateur jouerait\u{202f}:"
    );
    assert!(
        fr.reasons
            .contains(&"4 de vos 6 coups vous gardent sur le plateau.".to_string()),
        "{fr:?}"
    );
}

fn tyrus_facts(role: TyrusRole, side: Side) -> TyrusFacts {
    TyrusFacts {
        tile: "S7".parse().unwrap(),
        side,
        building: BuildingKind::Citadel,
        office: Some(Office::General),
        role,
        total: (8, 15),
        hidden_against: 2,
        kept_back: vec!["M10".parse().unwrap(), "P9".parse().unwrap()],
    }
}

#[test]
fn tyrus_hints_in_every_language() {
    let mv = Placement {
        tile: "S7".parse().unwrap(),
        side: Side::Own,
        building: BuildingKind::Citadel,
    };
    let roles = [
        TyrusRole::Vote,
        TyrusRole::Block,
        TyrusRole::Counter,
        TyrusRole::Bluff,
        TyrusRole::Later,
    ];
    for lang in Lang::ALL {
        let reader = reader(lang);
        for verdict in VERDICTS {
            for role in roles {
                for side in [Side::Own, Side::Opp] {
                    let h = hint(
                        verdict,
                        mv,
                        tyrus_facts(role, side),
                        tyrus_facts(role, Side::Opp),
                    );
                    check(lang, "Tyrus hint", &tyrus(&reader, &h));
                }
            }
        }
        assert_eq!(take_misses(), Vec::<String>::new());
    }
    let en = tyrus(
        &reader(Lang::En),
        &hint(
            Verdict::Clear,
            mv,
            tyrus_facts(TyrusRole::Vote, Side::Own),
            tyrus_facts(TyrusRole::Block, Side::Opp),
        ),
    );
    assert_eq!(
        en.reasons,
        [
            "Place Soldier 7 in your citadel.",
            "It is a vote for the general counted now: your votes there go from 8 to 15.",
            "The computer has 2 face-down tiles in your citadel: each may be a block.",
            "You keep Merchant 10 and Priest 9 back for later.",
        ]
    );
    let de = tyrus(
        &reader(Lang::De),
        &hint(
            Verdict::Clear,
            mv,
            tyrus_facts(TyrusRole::Block, Side::Opp),
            tyrus_facts(TyrusRole::Vote, Side::Own),
        ),
    );
    assert_eq!(
        de.reasons[0],
        "Setze Soldat 7 in die Zitadelle des Computers."
    );
    assert!(de.reasons[1].contains("Konter"), "{de:?}");
}

fn tyranny_position(json: serde_json::Value) -> agora_tyranny::Tyranny {
    let setup = serde_json::from_value(serde_json::json!({"players": 2, "position": json}));
    agora_tyranny::Tyranny::from_setup(&setup.unwrap()).unwrap()
}

/// The hint for `mv` in `state` as the search would give it best, told to the seat to move.
fn tyranny_told(lang: Lang, state: &agora_tyranny::Tyranny, mv: agora_tyranny::Move) -> HintText {
    let seat = state.active_seat();
    let view = state.view(Viewer::Seat(seat));
    let facts = <agora_tyranny::Tyranny as agora_ai::Explain>::facts(&view, seat, mv);
    let reader = Reader::new(
        lang,
        Viewer::Seat(seat),
        vec![Who::Person("Ada".into()), Who::Computer],
    );
    let told = tyranny(&reader, &hint(Verdict::Clear, mv, facts.clone(), facts));
    check(lang, "Tyranny hint", &told);
    told
}

#[test]
fn tyranny_hints_in_every_language() {
    use agora_tyranny::Move;
    // Cop 1 on O1, Criminal 1 on O4 ahead, Criminal 2 on O27 behind; the cops own O5.
    let among = tyranny_position(serde_json::json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O4"}, "crim2": {"tile": "O27"}},
        "owners": {"O5": "cops"}
    }));
    let on_fish_market = tyranny_position(serde_json::json!({"pieces": {"cop1": {"tile": "O3"}}}));
    let held = tyranny_position(serde_json::json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1"
    }));
    for lang in Lang::ALL {
        for mv in [Move::Go, Move::Pass] {
            tyranny_told(lang, &among, mv);
        }
        tyranny_told(lang, &on_fish_market, Move::Capture);
        for mv in [Move::Pay, Move::Escape] {
            tyranny_told(lang, &held, mv);
        }
        assert_eq!(take_misses(), Vec::<String>::new());
    }
    assert_eq!(
        tyranny_told(Lang::En, &among, Move::Go).reasons,
        [
            "Roll the die and move forward.",
            "Cop 1 stands on Rail Yard (O1).",
            "With 1: Cop 1 lands on Gamble tile (O2), may draw a Gamble card and is then within reach of Criminal 2.",
            "With 2: Cop 1 lands on Fish Market (O3) and is then within reach of Criminal 2.",
            "With 3: Cop 1 lands on Tunnel A (O4), arrests Criminal 1 and is then within reach of Criminal 2.",
            "With 4: Cop 1 lands on Pawn Shop (O5), moves the influence from 500 to 455, may challenge Criminal 1 in passing and is then within reach of Criminal 1 and Criminal 2.",
            "With 5: Cop 1 lands on Gains tile (O6), may challenge Criminal 1 in passing, may draw a Gains card and is then within reach of Criminal 1.",
            "With 6: Cop 1 lands on Tenements (O7), may challenge Criminal 1 in passing and is then within reach of Criminal 1.",
        ]
    );
    assert_eq!(
        tyranny_told(Lang::De, &on_fish_market, Move::Capture).reasons,
        [
            "Würfle, um das Grundstück zu erobern, auf dem deine Figur steht.",
            "Polizist 1 steht auf Feld O3 (Fischmarkt).",
            "Bei 1 oder 2: Polizist 1 erobert Feld O3 (Fischmarkt) nicht.",
            "Bei 3 bis 6: Polizist 1 macht Feld O3 (Fischmarkt) zum Grundstück der Polizisten.",
        ]
    );
    assert_eq!(
        tyranny_told(Lang::Fr, &held, Move::Escape).reasons,
        [
            "Lancez le dé pour vous évader de la garde à vue.",
            "Truand 1 est en garde à vue.",
            "Avec 1 à 5\u{202f}: Truand 1 reste en garde à vue.",
            "Avec 6\u{202f}: Truand 1 sort de garde à vue et revient sur la case O14 (Planque).",
        ]
    );
    assert_eq!(
        tyranny_told(Lang::De, &held, Move::Pay).reasons[2],
        "Gauner 1 verlässt den Gewahrsam und steht wieder auf Feld O14 (Versteck), bringt den \
         Einfluss von 500 auf 300 und ist dort außer Reichweite aller Gegner."
    );
    let home = tyranny_position(serde_json::json!({}));
    assert_eq!(
        tyranny_told(Lang::De, &home, Move::Cross).reasons[2],
        "Polizist 1 wechselt auf Feld I0 (Polizeiwache) und ist dort außer Reichweite aller Gegner."
    );
    assert_eq!(
        tyranny_told(Lang::Fr, &among, Move::Pass).reasons[2],
        "Flic 1 reste sur la case O1 (Gare de triage) et est alors à portée de Truand 2."
    );
}

/// A hint searched on a real position reads in every language.
#[test]
fn a_searched_tyrus_hint_reads_in_every_language() {
    let state = Tyrus::from_setup(&Tyrus::setup_from_seed(&Default::default(), 7)).unwrap();
    let Turn::Seat(seat) = state.turn() else {
        panic!()
    };
    let view = state.view(Viewer::Seat(seat));
    let h = agora_ai::hint::<Tyrus>(&view, seat, Level::Easy, 1).unwrap();
    for lang in Lang::ALL {
        let reader = Reader::new(
            lang,
            Viewer::Seat(seat),
            vec![Who::Person("Ada".into()), Who::Computer],
        );
        let told = tyrus(&reader, &h);
        assert_eq!(told.notation, h.best.notation);
        assert!(told.reasons.len() >= 2, "{told:?}");
    }
    assert_eq!(take_misses(), Vec::<String>::new());
}
