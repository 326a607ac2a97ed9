//! A hint told in words: the move the computer would play for the reader, and why, from the
//! facts [`agora_ai::hint`] computed. The terminal prints it line by line; the game page shows
//! it as a panel next to the move controls.

use agora_ai::hint::{TsuroFacts, TyrusFacts};
use agora_ai::{Explain, GameHint, Hint, Suggestion, Verdict};
use agora_engine::Seat;
use agora_tyrus::Side;

use crate::text::{list, text_with};
use crate::tsuro::{position_name, start_mark_name, who_marker};
use crate::tyrus::tile_name;
use crate::{Reader, args};

/// A hint in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintText {
    /// How much the choice matters, ending where the move follows: "The computer would play:".
    pub headline: String,
    /// The move as it is typed.
    pub notation: String,
    /// What the move does, a sentence each.
    pub reasons: Vec<String>,
    /// The next moves the search liked, in a sentence; `None` when there are none worth naming.
    pub others: Option<String>,
}

impl HintText {
    /// The terminal's lines: the headline, the move alone on its line (so that it can be typed
    /// back), then why, then the others.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.headline.clone(), self.notation.clone()];
        lines.extend(self.reasons.iter().cloned());
        lines.extend(self.others.clone());
        lines
    }
}

/// A game whose hints are told in words: the terminal's `hint` and the game page's panel.
pub trait TellHint: Explain {
    fn tell_hint(reader: &Reader, hint: &GameHint<Self>) -> HintText;
}

impl TellHint for agora_tsuro::Tsuro {
    fn tell_hint(reader: &Reader, hint: &GameHint<Self>) -> HintText {
        tsuro(reader, hint)
    }
}

impl TellHint for agora_tyrus::Tyrus {
    fn tell_hint(reader: &Reader, hint: &GameHint<Self>) -> HintText {
        tyrus(reader, hint)
    }
}

impl TellHint for agora_tyranny::Tyranny {
    fn tell_hint(reader: &Reader, hint: &GameHint<Self>) -> HintText {
        tyranny(reader, hint)
    }
}

fn verdict_code(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::OnlyMove => "only-move",
        Verdict::Clear => "clear",
        Verdict::HardlyMatters => "hardly-matters",
        Verdict::EveryPlayLoses => "every-play-loses",
    }
}

/// The parts every game shares: the headline, the notation and the others, with the game's
/// `reasons` for the best move and `short` words for a runner-up.
fn told<M, F>(
    reader: &Reader,
    hint: &Hint<M, F>,
    reasons: Vec<String>,
    short: impl Fn(&Suggestion<M, F>) -> String,
) -> HintText {
    let lang = reader.lang;
    let verdict = verdict_code(hint.verdict);
    let others: Vec<String> = hint.runners_up.iter().map(short).collect();
    HintText {
        headline: text_with(lang, "hint-headline", &args![("verdict", verdict)]),
        notation: hint.best.notation.clone(),
        reasons,
        // When every play loses the others are no better: naming them says nothing.
        others: (!others.is_empty() && hint.verdict != Verdict::EveryPlayLoses).then(|| {
            text_with(
                lang,
                "hint-others",
                &args![("verdict", verdict), ("moves", list(lang, &others))],
            )
        }),
    }
}

/// A Tsuro hint: which tile of the hand, turned which way, where the marker ends up, whom the
/// play puts out, and how many plays keep the marker on the board.
pub fn tsuro(reader: &Reader, hint: &Hint<agora_tsuro::TsuroMove, TsuroFacts>) -> HintText {
    let lang = reader.lang;
    let mut reasons = Vec::new();
    match &hint.best.facts {
        TsuroFacts::Start { mark } => reasons.push(text_with(
            lang,
            "hint-tsuro-start",
            &args![("mark", start_mark_name(lang, *mark))],
        )),
        TsuroFacts::Play(play) => {
            reasons.push(text_with(
                lang,
                "hint-tsuro-play",
                &args![
                    ("number", play.hand_index + 1),
                    ("turns", play.quarter_turns),
                    ("square", play.square.as_str())
                ],
            ));
            reasons.push(match play.ends_at {
                Some(at) => text_with(
                    lang,
                    "hint-tsuro-ends",
                    &args![("tiles", play.tiles), ("position", position_name(lang, at))],
                ),
                None => text_with(lang, "hint-tsuro-out", &args![("tiles", play.tiles)]),
            });
            if !play.sends_off.is_empty() {
                let names: Vec<String> = play
                    .sends_off
                    .iter()
                    .map(|&s| who_marker(reader, s))
                    .collect();
                reasons.push(text_with(
                    lang,
                    "hint-tsuro-sends-off",
                    &args![("count", names.len()), ("who", list(lang, &names))],
                ));
            }
            if play.ends_at.is_some() && play.plays > 1 {
                reasons.push(text_with(
                    lang,
                    "hint-tsuro-safe",
                    &args![("safe", play.surviving_plays), ("plays", play.plays)],
                ));
            }
        }
        TsuroFacts::Bonus => {}
    }
    let best_tile = match &hint.best.facts {
        TsuroFacts::Play(play) => Some(play.hand_index),
        _ => None,
    };
    told(reader, hint, reasons, |s| match &s.facts {
        // The best move's own tile turned another way: said as such, not as a new tile.
        TsuroFacts::Play(play) if Some(play.hand_index) == best_tile => text_with(
            lang,
            "hint-tsuro-short-same",
            &args![("turns", play.quarter_turns)],
        ),
        TsuroFacts::Play(play) => text_with(
            lang,
            "hint-tsuro-short",
            &args![
                ("number", play.hand_index + 1),
                ("turns", play.quarter_turns)
            ],
        ),
        _ => s.notation.clone(),
    })
}

/// A Tyrus hint: the tile and the building, what it does in the count at hand and the totals
/// it changes, the face-down tiles that may block it, and the strong tiles kept back.
pub fn tyrus(reader: &Reader, hint: &Hint<agora_tyrus::Placement, TyrusFacts>) -> HintText {
    let lang = reader.lang;
    let me = reader.viewer.seat().unwrap_or(Seat(0));
    let opponent = Seat(1 - me.0);
    let placed = |facts: &TyrusFacts, id: &str| {
        let mut into = args![("kind", facts.building.name()), ("mover", "you")];
        match facts.side {
            Side::Own => {
                into.insert("owner".into(), "you".into());
            }
            Side::Opp => reader.add(&mut into, "owner", opponent),
        }
        let into = text_with(lang, "tyrus-into", &into);
        let tile = text_with(
            lang,
            "tyrus-tile-in-sentence",
            &args![("tile", tile_name(lang, facts.tile))],
        );
        text_with(lang, id, &args![("tile", tile), ("into", into)])
    };
    let facts = &hint.best.facts;
    let mut reasons = vec![placed(facts, "hint-tyrus-place")];
    let office = facts.office.map_or("general", |o| o.name());
    reasons.push(text_with(
        lang,
        "hint-tyrus-role",
        &args![
            ("role", role_code(facts.role)),
            ("office", office),
            ("before", facts.total.0),
            ("after", facts.total.1)
        ],
    ));
    if facts.role == agora_ai::hint::TyrusRole::Vote && facts.hidden_against > 0 {
        let mut args = args![
            ("count", facts.hidden_against),
            ("kind", facts.building.name())
        ];
        reader.add(&mut args, "who", opponent);
        reasons.push(text_with(lang, "hint-tyrus-risk", &args));
    }
    if !facts.kept_back.is_empty() {
        let names: Vec<String> = facts
            .kept_back
            .iter()
            .map(|&t| tile_name(lang, t))
            .collect();
        reasons.push(text_with(
            lang,
            "hint-tyrus-keeps",
            &args![("tiles", list(lang, &names))],
        ));
    }
    told(reader, hint, reasons, |s| {
        placed(&s.facts, "hint-tyrus-short")
    })
}

fn role_code(role: agora_ai::hint::TyrusRole) -> &'static str {
    use agora_ai::hint::TyrusRole;
    match role {
        TyrusRole::Vote => "vote",
        TyrusRole::Block => "block",
        TyrusRole::Counter => "counter",
        TyrusRole::Bluff => "bluff",
        TyrusRole::Later => "later",
    }
}

mod tyranny;

pub use tyranny::tyranny;
