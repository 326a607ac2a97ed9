//! Tyranny on the page: both city tiers drawn with every piece, owner and tunnel; every tile
//! in words on a grid the keyboard walks; the influence track and its streaks; the reader's
//! cards with their text; and the reader's legal moves as buttons in plain words, grouped,
//! all from the reader's view.

use agora_engine::{Game, Seat};
use agora_games::AnyGameError;
use agora_present::tyranny::{self as say, LastMoves, Marks, Preview};
use agora_present::{Lang, Reader, args, refusal};
use agora_tyranny::{
    Board, Event, Move, Phase, Play, Tier, TileId, TileKind, Tyranny, TyrannyView, rules,
};

use super::seam::{GamePage, Heard, Surroundings, Told};
use crate::i18n::Tr;

impl GamePage for Tyranny {
    type Table = TyrannyTable;

    const MOVE_BOX_HINT: &'static str = "tyranny-move-box-hint";
    const SCRIPT: Option<&'static str> = Some("js/tyranny.js");

    fn narrate(
        &mut self,
        reader: &Reader,
        notation: &str,
        marks: &mut LastMoves,
    ) -> Result<Told, AnyGameError> {
        narrate(reader, self, notation, marks)
    }

    fn table(&self, heard: &Heard<'_>, around: &Surroundings<'_>) -> TyrannyTable {
        table(
            around.tr,
            heard.reader,
            self,
            &Around {
                names: around.names,
                legal: around.legal,
                last_roll: heard.last_roll.cloned(),
                stolen: heard.stolen.map(str::to_string),
                marks: heard.last_moves.marks(heard.reader.viewer),
            },
        )
    }

    fn outcome(&self, reader: &Reader) -> Option<String> {
        say::outcome(reader, &self.view(reader.viewer))
    }

    fn check(&self, tr: Tr, reader: &Reader, notation: &str) -> Result<String, String> {
        check(tr, reader, self, notation)
    }

    /// Never for a roll of the die (its face is chance either way) nor for passing or
    /// staying.
    fn worth_confirming(&self, notation: &str) -> bool {
        !matches!(
            self.parse_move(notation),
            Ok(Move::Go | Move::Capture | Move::Escape | Move::Pass | Move::Stay)
        )
    }
}

/// Plays `notation` on `state` through `play_logged` and says what the reader saw of it:
/// the move, then every roll, card and cause it set off, each event as the reader may know
/// it. With it, when the move stole a card from the reader, the sentence that names it.
/// `last` takes in the move for the board's marks (the die, each seat's last move).
pub fn narrate(
    reader: &Reader,
    state: &mut Tyranny,
    notation: &str,
    last: &mut LastMoves,
) -> Result<(Vec<String>, Option<String>), agora_games::AnyGameError> {
    let mv = state
        .parse_move(notation)
        .map_err(agora_games::AnyGameError::Notation)?;
    let before = state.view(reader.viewer);
    let seen = state.seen_move(mv, reader.viewer);
    let events: Vec<Event> = state
        .play_logged(mv)
        .map_err(agora_games::AnyGameError::Illegal)?
        .into_iter()
        .map(|e| e.seen_by(reader.viewer))
        .collect();
    let after = state.view(reader.viewer);
    last.record(&before, &events);
    let lines = say::narrate_move(reader, &before, &seen, &events, &after);
    let stolen = events.iter().find_map(|e| match e {
        Event::Stolen {
            from,
            card: Some(card),
            ..
        } if reader.is_me(*from) => {
            let name = say::card_name(reader.lang, *card);
            lines.iter().find(|l| l.contains(&name)).cloned()
        }
        _ => None,
    });
    Ok((lines, stolen))
}

/// One tile on the keyboard's grid: its code, everything about it in words, its owner.
#[derive(Clone, Debug)]
pub struct TileCell {
    pub id: String,
    pub code: String,
    pub label: String,
    /// `cops`, `criminals` or empty: the cell's colour and pattern.
    pub owner: &'static str,
    pub active: bool,
}

/// One city tier's tiles in forward order.
#[derive(Clone, Debug)]
pub struct TierRow {
    pub label: String,
    pub cells: Vec<TileCell>,
}

/// One seat: its name, faction, pieces and number of cards.
#[derive(Clone, Debug)]
pub struct SeatLine {
    pub name: String,
    pub faction: &'static str,
    pub details: String,
    pub you: bool,
    pub to_move: bool,
}

/// A legal move as a button: its words, and its notation as the value.
#[derive(Clone, Debug)]
pub struct Choice {
    /// A steady id (`choice-open-tunnel-a`): focus stays on it when the page refreshes.
    pub id: String,
    pub notation: String,
    pub label: String,
}

/// Choices of one kind, under a legend.
#[derive(Clone, Debug)]
pub struct ChoiceGroup {
    pub id: &'static str,
    pub legend: String,
    pub choices: Vec<Choice>,
}

/// Everything the Tyranny fragments show.
#[derive(Clone, Debug)]
pub struct TyrannyTable {
    pub status: String,
    pub outcome: Option<String>,
    pub drawing: String,
    pub tiers: Vec<TierRow>,
    pub description: Vec<String>,
    pub seats: Vec<SeatLine>,
    /// The reader's cards with their text for the reader's faction.
    pub hand: Vec<String>,
    pub hand_title: String,
    pub decks: String,
    pub groups: Vec<ChoiceGroup>,
    pub spectator: bool,
    /// The sentence that told the last die roll (its face is drawn on the board).
    pub last_roll: Option<String>,
    /// The sentence that named the last card stolen from the reader.
    pub stolen: Option<String>,
}

fn board() -> &'static Board {
    match Board::standard() {
        Ok(board) => board,
        Err(e) => panic!("{e}"),
    }
}

fn span(low: u8, high: u8) -> u8 {
    (low..=high).fold(0, |mask, f| mask | 1 << f)
}

fn seat_name(names: &[String], reader: &Reader, seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| reader.name(seat))
}

/// A legal move in the reader's words, and the group it goes in.
fn choice(tr: Tr, reader: &Reader, view: &TyrannyView, mv: Move) -> (&'static str, String) {
    let lang = tr.lang();
    let table = &view.table;
    let active = table.active();
    let state = table.piece(active);
    let here = say::tile_name(lang, state.tile);
    let faction = active.faction();
    let tunnel_name = |t: u8| board().tunnel(t).name.clone();
    let play = |card, rest: String| {
        tr.with(
            "tyranny-choice-play",
            &args![("card", say::card_name(lang, card)), ("text", rest)],
        )
    };
    match mv {
        Move::Go => ("move", tr.t("tyranny-choice-go")),
        Move::Capture => {
            let (low, high) = match board().property(state.tile) {
                _ if table.boosts().1 => rules::SHORT_RANGE,
                Some(p) => (p.low, p.high),
                None => (1, 6),
            };
            (
                "move",
                tr.with(
                    "tyranny-choice-capture",
                    &args![("tile", here), ("faces", say::faces(lang, span(low, high)))],
                ),
            )
        }
        Move::Pass => ("move", tr.t("tyranny-choice-pass")),
        Move::Cross => {
            let to = table
                .crossing(active)
                .map(|t| say::tile_name(lang, t))
                .unwrap_or_default();
            ("move", tr.a("tyranny-choice-cross", "tile", to))
        }
        Move::Stay => ("move", tr.a("tyranny-choice-stay", "tile", here)),
        Move::Advance(count) => ("move", tr.n("tyranny-choice-advance", i64::from(count))),
        Move::Open(t) | Move::Collapse(t) => (
            "tunnels",
            tr.with(
                "tyranny-choice-tunnel",
                &args![
                    (
                        "action",
                        if matches!(mv, Move::Open(_)) {
                            "open"
                        } else {
                            "collapse"
                        }
                    ),
                    ("tunnel", tunnel_name(t)),
                    ("cost", board().tunnel(t).cost)
                ],
            ),
        ),
        Move::Pay => (
            "custody",
            tr.with(
                "tyranny-choice-pay",
                &args![("amount", rules::ESCAPE_PRICE)],
            ),
        ),
        Move::Escape => (
            "custody",
            tr.a(
                "tyranny-choice-escape",
                "faces",
                say::faces(lang, state.escape_faces),
            ),
        ),
        Move::Draw => {
            let deck = match table.phase() {
                Phase::MayDraw { deck } => deck.name(),
                _ => "gamble",
            };
            ("draw", tr.a("tyranny-choice-draw", "deck", deck))
        }
        Move::Decline => ("draw", tr.t("tyranny-choice-decline")),
        Move::Challenge { piece, low } => (
            "challenge",
            tr.with(
                "tyranny-choice-challenge",
                &args![
                    ("target", say::piece_name(lang, piece)),
                    ("faces", say::faces(lang, span(low, low + 2)))
                ],
            ),
        ),
        Move::Spare(piece) => (
            "challenge",
            tr.a(
                "tyranny-choice-spare",
                "target",
                say::piece_name(lang, piece),
            ),
        ),
        Move::Target(seat) => (
            "target",
            tr.a("tyranny-choice-target", "who", reader.name(seat)),
        ),
        Move::Discard(card) => (
            "discard",
            tr.with(
                "tyranny-choice-discard",
                &args![
                    ("card", say::card_name(lang, card)),
                    ("text", say::card_text(lang, card, faction))
                ],
            ),
        ),
        Move::Play(p) => {
            let card = p.card();
            let rest = match p {
                Play::FixEscape { piece, number } => tr.with(
                    "tyranny-choice-fix",
                    &args![("target", say::piece_name(lang, piece)), ("number", number)],
                ),
                Play::Tunnel(t) => tr.with(
                    "tyranny-choice-free-tunnel",
                    &args![
                        ("action", if table.is_open(t) { "collapse" } else { "open" }),
                        ("tunnel", tunnel_name(t))
                    ],
                ),
                Play::Steal(seat) => tr.a("tyranny-choice-steal", "who", reader.name(seat)),
                _ => say::card_text(lang, card, faction),
            };
            ("cards", play(card, rest))
        }
        Move::Roll(_) | Move::Drawn(_) | Move::Picked(_) => ("other", mv.to_string()),
    }
}

/// Where `mv` would take the piece to move, as far as it is known before any die is rolled:
/// for a roll, the tile each face leads to (the engine moves that many tiles forward); a
/// crossing's other end; an advance's tile. Nothing for the other moves.
fn destinations(view: &TyrannyView, mv: Move) -> Vec<(TileId, Option<u8>)> {
    let table = &view.table;
    let here = table.piece(table.active()).tile;
    match mv {
        Move::Go => (1..=6)
            .map(|face| (board().forward(here, usize::from(face)), Some(face)))
            .collect(),
        Move::Cross => table
            .crossing(table.active())
            .map(|to| (to, None))
            .into_iter()
            .collect(),
        Move::Advance(count) => vec![(board().forward(here, usize::from(count)), None)],
        _ => Vec::new(),
    }
}

/// The board's previews of the offered choices that move the piece to move.
fn previews(state: &Tyranny, view: &TyrannyView, groups: &[ChoiceGroup]) -> Vec<Preview> {
    groups
        .iter()
        .flat_map(|g| &g.choices)
        .filter_map(|choice| {
            let mv = state.parse_move(&choice.notation).ok()?;
            let tiles = destinations(view, mv);
            (!tiles.is_empty()).then(|| Preview {
                choice: choice.id.clone(),
                tiles,
            })
        })
        .collect()
}

/// The reader's legal moves as groups of buttons, in a steady order.
fn groups(
    tr: Tr,
    reader: &Reader,
    state: &Tyranny,
    view: &TyrannyView,
    legal: &[String],
) -> Vec<ChoiceGroup> {
    const ORDER: [&str; 8] = [
        "cards",
        "move",
        "challenge",
        "custody",
        "tunnels",
        "draw",
        "target",
        "discard",
    ];
    let mut groups: Vec<ChoiceGroup> = ORDER
        .iter()
        .chain(&["other"])
        .map(|id| ChoiceGroup {
            id,
            legend: tr.t(&format!("tyranny-group-{id}")),
            choices: Vec::new(),
        })
        .collect();
    for text in legal {
        let Ok(mv) = state.parse_move(text) else {
            continue;
        };
        let (group, label) = choice(tr, reader, view, mv);
        if let Some(g) = groups.iter_mut().find(|g| g.id == group) {
            g.choices.push(Choice {
                id: format!("choice-{}", text.replace(' ', "-")),
                notation: text.clone(),
                label,
            });
        }
    }
    groups.retain(|g| !g.choices.is_empty());
    groups
}

fn tiers(reader: &Reader, view: &TyrannyView) -> Vec<TierRow> {
    let b = board();
    let active = view.table.piece(view.table.active()).tile;
    let over = view.table.ending().is_some();
    [Tier::Outer, Tier::Inner]
        .into_iter()
        .map(|tier| TierRow {
            label: Tr(reader.lang).a("tyranny-tier-label", "tier", tier.name()),
            cells: (0..usize::from(b.loop_len(tier)))
                .map(|position| {
                    let tile = b.at(tier, position);
                    TileCell {
                        id: format!("tile-{}", b.code(tile)),
                        code: b.code(tile).to_string(),
                        label: say::describe_tile(reader, view, tile),
                        owner: match (b.kind(tile), view.table.owner(tile)) {
                            (TileKind::Property(_), Some(f)) => f.name(),
                            _ => "",
                        },
                        active: !over && tile == active,
                    }
                })
                .collect(),
        })
        .collect()
}

fn seats(tr: Tr, reader: &Reader, view: &TyrannyView, names: &[String]) -> Vec<SeatLine> {
    let lang = tr.lang();
    let seating = view.table.seating();
    let to_move = seating.commander(view.table.active());
    let over = view.table.ending().is_some();
    (0..seating.players())
        .map(Seat)
        .map(|seat| {
            let faction = seating.faction(seat);
            let pieces: Vec<String> = seating
                .pieces(seat)
                .map(|p| say::piece_name(lang, p))
                .collect();
            let cards = view.hand_sizes.get(seat.index()).copied().unwrap_or(0);
            let mut details = tr.with(
                "tyranny-seat-details",
                &args![
                    ("faction", faction.name()),
                    ("pieces", agora_present::text::list(lang, &pieces)),
                    ("count", cards)
                ],
            );
            // The reader's own cards this seat stole and has not shown since.
            let known = view.known.get(seat.index()).copied().unwrap_or_default();
            if !known.is_empty() {
                let names: Vec<String> = known.iter().map(|c| say::card_name(lang, c)).collect();
                details.push_str(" · ");
                details.push_str(&tr.with(
                    "tyranny-seat-known",
                    &args![
                        ("cards", agora_present::text::list(lang, &names)),
                        ("count", known.len())
                    ],
                ));
            }
            SeatLine {
                name: seat_name(names, reader, seat),
                faction: faction.name(),
                details,
                you: reader.is_me(seat),
                to_move: !over && seat == to_move,
            }
        })
        .collect()
}

/// What the page knows of the table besides the game: each seat's name as the players' bar
/// shows it, and the reader's legal moves now (empty when it is not their turn).
#[derive(Clone, Debug, Default)]
pub struct Around<'a> {
    pub names: &'a [String],
    pub legal: &'a [String],
    /// The last die roll's face and the sentence that told it.
    pub last_roll: Option<(u8, String)>,
    /// The sentence that named the last card stolen from the reader.
    pub stolen: Option<String>,
    /// What the board marks: the last roll's die, each other seat's last move.
    pub marks: Marks,
}

/// Builds the table for the reader.
pub fn table(tr: Tr, reader: &Reader, state: &Tyranny, around: &Around<'_>) -> TyrannyTable {
    let Around {
        names,
        legal,
        ref last_roll,
        ref stolen,
        ref marks,
    } = *around;
    let lang = tr.lang();
    let view = state.view(reader.viewer);
    let mine = reader.viewer.seat();
    let hand = say::hand(reader, &view);
    let faction = mine
        .filter(|s| s.0 < view.table.players())
        .map(|s| view.table.seating().faction(s));
    let groups = if mine.is_some() {
        groups(tr, reader, state, &view, legal)
    } else {
        Vec::new()
    };
    let marks = Marks {
        previews: previews(state, &view, &groups),
        ..marks.clone()
    };
    TyrannyTable {
        status: say::status(reader, &view),
        outcome: say::outcome(reader, &view),
        drawing: say::table_svg(lang, &view, &marks),
        tiers: tiers(reader, &view),
        description: say::describe_marks(reader, &marks)
            .into_iter()
            .chain(say::describe_board(reader, &view))
            .collect(),
        seats: seats(tr, reader, &view, names),
        hand_title: match faction {
            Some(f) => tr.with(
                "tyranny-hand-title",
                &args![("count", hand.len()), ("faction", f.name())],
            ),
            None => String::new(),
        },
        hand,
        decks: tr.with(
            "tyranny-decks",
            &args![
                ("gamble", view.deck_sizes.gamble),
                ("gains", view.deck_sizes.gains)
            ],
        ),
        groups,
        spectator: mine.is_none(),
        last_roll: last_roll
            .as_ref()
            .map(|(_, line)| after_colon(tr.lang(), line)),
        stolen: stolen.clone(),
    }
}

/// A sentence shown after a label and a colon ("Dernier lancer : le dé indique 1"): French
/// goes on in lower case there; German and English keep the sentence's capital.
fn after_colon(lang: Lang, sentence: &str) -> String {
    let mut chars = sentence.chars();
    match (lang, chars.next()) {
        (Lang::Fr, Some(first)) => first.to_lowercase().chain(chars).collect(),
        _ => sentence.to_string(),
    }
}

/// Checks a move for the reader before anything is sent: its notation, that it is the
/// reader's to make, and that the engine allows it. Returns the question that confirms it.
pub fn check(tr: Tr, reader: &Reader, state: &Tyranny, notation: &str) -> Result<String, String> {
    let mv = state
        .parse_move(notation)
        .map_err(|e| refusal::unreadable(reader, &e))?;
    // The engine would take a chance move when one is due; a player never plays one.
    if mv.is_chance() {
        return Err(tr.t("tyranny-refused-chance"));
    }
    state
        .check_move(mv)
        .map_err(|e| refusal::illegal_move(reader, &e))?;
    let view = state.view(reader.viewer);
    let (_, label) = choice(tr, reader, &view, mv);
    Ok(tr.a("tyranny-confirm", "choice", label))
}

/// The one English stop-list, shared with the narrator and page tests.
#[cfg(test)]
#[path = "../../../present/tests/language_common/mod.rs"]
mod language_common;

#[cfg(test)]
mod tests;
