//! Tsuro on the page: the board drawn with every path, the markers with their colours, shapes
//! and names, the start marks, the reader's hand with each rotation's preview from the engine,
//! the elimination bonus's choices, and the board in words, all from the reader's view.

use agora_engine::{Game, Seat, Viewer};
use agora_games::AnyGameError;
use agora_present::tsuro::{self as say, svg};
use agora_present::tyranny::LastMoves;
use agora_present::{Reader, args, refusal};
use agora_tsuro::{Phase, PlacedTile, Position, SIDE, Square, Tsuro, TsuroMove, TsuroView};

use super::seam::{GamePage, Heard, Surroundings, Told};
use crate::i18n::Tr;

impl GamePage for Tsuro {
    type Table = TsuroTable;

    const MOVE_BOX_HINT: &'static str = "tsuro-move-box-hint";
    const DRAWS_LAST_MOVE: bool = true;

    fn narrate(
        &mut self,
        reader: &Reader,
        notation: &str,
        _: &mut LastMoves,
    ) -> Result<Told, AnyGameError> {
        narrate(reader, self, notation).map(|lines| (lines, None))
    }

    fn table(&self, heard: &Heard<'_>, around: &Surroundings<'_>) -> TsuroTable {
        let before = match heard.before_last {
            Some(agora_games::AnyGame::Tsuro(before)) => Some(before),
            _ => None,
        };
        table(
            around.tr,
            heard.reader,
            self,
            &Around {
                names: around.names,
                legal: around.legal,
                chosen: &rotations(around.rot),
                seat_moves: heard.seat_moves,
                last: last_play(before, self, heard.reader.viewer, heard.last_move),
            },
        )
    }

    fn outcome(&self, reader: &Reader) -> Option<String> {
        say::outcome(reader, &self.view(reader.viewer))
    }

    fn check(&self, tr: Tr, reader: &Reader, notation: &str) -> Result<String, String> {
        check(tr, reader, self, notation)
    }
}

/// Plays `notation` on `state` and says what the reader saw of it.
pub fn narrate(
    reader: &Reader,
    state: &mut Tsuro,
    notation: &str,
) -> Result<Vec<String>, agora_games::AnyGameError> {
    let mv = state
        .parse_move(notation)
        .map_err(agora_games::AnyGameError::Notation)?;
    let before = state.view(reader.viewer);
    let seen = state.seen_move(mv, reader.viewer);
    state.play(mv).map_err(agora_games::AnyGameError::Illegal)?;
    let after = state.view(reader.viewer);
    Ok(say::narrate_move(reader, &before, &seen, &after))
}

/// One seat in the markers' key.
#[derive(Clone, Debug)]
pub struct SeatMarker {
    pub name: String,
    /// The marker's name ("Red") and its drawing for the key.
    pub marker: String,
    pub swatch: String,
    /// Everything about the seat in one line: marker, tiles held, dragon, out.
    pub details: String,
    pub alive: bool,
    pub dragon: bool,
    pub to_move: bool,
    pub you: bool,
}

/// A free start mark: a button over the rim for a pointer, an option in the list for
/// everyone.
#[derive(Clone, Debug)]
pub struct StartMark {
    pub mark: Position,
    pub notation: String,
    pub label: String,
}

/// One way a hand tile can be turned, with what laying it would do.
#[derive(Clone, Debug)]
pub struct Rotation {
    pub id: String,
    pub placed: PlacedTile,
    pub drawing: String,
    pub notation: String,
    /// The engine's preview in words (empty when the reader cannot lay a tile now).
    pub preview: String,
    /// The tile's four paths in words, as turned.
    pub paths: String,
    pub allowed: bool,
    pub shown: bool,
    /// The `rot` values that show the tile turned left and right, and those panels' ids.
    pub left: String,
    pub right: String,
    pub left_id: String,
    pub right_id: String,
}

#[derive(Clone, Debug)]
pub struct HandTile {
    pub id: String,
    /// The tile however turned (its first rotation's notation): the script remembers the
    /// rotation chosen for it across refreshes.
    pub tile: &'static str,
    pub label: String,
    pub rotations: Vec<Rotation>,
}

/// A square of the board: its place and everything on it, in words.
#[derive(Clone, Debug)]
pub struct SquareCell {
    pub id: String,
    pub label: String,
    pub target: bool,
}

/// An elimination bonus choice.
#[derive(Clone, Debug)]
pub struct BonusChoice {
    pub notation: String,
    pub label: String,
}

/// Everything the Tsuro fragments show.
#[derive(Clone, Debug)]
pub struct TsuroTable {
    pub status: String,
    pub outcome: Option<String>,
    pub seats: Vec<SeatMarker>,
    pub pile: String,
    pub drawing: String,
    pub grid: Vec<Vec<SquareCell>>,
    pub marks: Vec<StartMark>,
    pub hand: Vec<HandTile>,
    pub bonus: Vec<BonusChoice>,
    pub description: Vec<String>,
    pub can_start: bool,
    pub can_play: bool,
    pub can_bonus: bool,
    /// Whether another seat's last tile is outlined (the board's legend says how).
    pub marks_others: bool,
}

/// The reader's chosen rotation for each hand slot, from the page's `rot` field (`0.2.1`).
pub fn rotations(text: Option<&str>) -> Vec<usize> {
    text.filter(|t| !t.is_empty())
        .map(|t| t.split('.').map(|part| part.parse().unwrap_or(0)).collect())
        .unwrap_or_default()
}

fn rot_value(shown: &[usize], slot: usize, turn: usize) -> String {
    let mut values = shown.to_vec();
    values[slot] = turn;
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

fn seat_lines(
    tr: Tr,
    reader: &Reader,
    view: &TsuroView,
    names: &[String],
    seat_lasts: &[(Seat, Square)],
) -> Vec<SeatMarker> {
    let lang = tr.lang();
    view.markers
        .iter()
        .map(|m| {
            let seat = m.seat;
            let mut swatch = String::from(
                r#"<svg class="ts-swatch" viewBox="0 0 28 28" aria-hidden="true" focusable="false">"#,
            );
            svg::write_marker(&mut swatch, seat, 14.0, 14.0, "");
            swatch.push_str("</svg>");
            let dragon = view.dragon == Some(seat);
            // An eliminated seat's tiles are no longer its own (they go back to the pile).
            let mut parts: Vec<String> = m
                .alive
                .then(|| {
                    tr.with(
                        "tsuro-seat-tiles",
                        &args![(
                            "count",
                            view.hand_sizes.get(seat.index()).copied().unwrap_or(0) as i64
                        )],
                    )
                })
                .into_iter()
                .collect();
            match m.at {
                _ if !m.alive => parts.push(tr.t("tsuro-seat-out")),
                Some(at) => parts.push(say::position_name(lang, at)),
                None => parts.push(tr.t("tsuro-seat-unplaced")),
            }
            if dragon {
                parts.push(tr.t("tsuro-seat-dragon"));
            }
            if let Some((_, square)) = seat_lasts.iter().find(|(s, _)| *s == seat) {
                parts.push(tr.a("tsuro-seat-last-play", "square", square.as_str()));
            }
            SeatMarker {
                name: names
                    .get(seat.index())
                    .cloned()
                    .unwrap_or_else(|| reader.name(seat)),
                marker: say::marker_name(lang, seat),
                swatch,
                details: parts.join(" · "),
                alive: m.alive,
                dragon,
                to_move: view.to_move == Some(seat),
                you: reader.is_me(seat),
            }
        })
        .collect()
}

/// The free start marks, from the legal moves the engine gave the reader.
fn start_marks(lang: agora_present::Lang, legal: &[String]) -> Vec<StartMark> {
    legal
        .iter()
        .filter_map(|m| m.strip_prefix("start "))
        .filter_map(|p| p.parse::<Position>().ok())
        .map(|mark| StartMark {
            mark,
            notation: format!("start {mark}"),
            label: say::start_mark_name(lang, mark),
        })
        .collect()
}

/// Buttons over the free start marks, inside the drawing (the page's style rules allow no
/// inline positions): shortcuts for a pointer, hidden from assistive technology, since the
/// list of marks beside the board offers the same choices to everyone.
fn mark_buttons(marks: &[StartMark]) -> String {
    let mut out = String::new();
    for m in marks {
        let (x, y, w, h) = svg::mark_box(m.mark);
        let label = askama::filters::escape(&m.label, askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default();
        out.push_str(&format!(
            r#"<foreignObject x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}"><button type="submit" name="move" value="{}" class="ts-mark-button" tabindex="-1" title="{label}"></button></foreignObject>"#,
            m.notation
        ));
    }
    out
}

fn hand(
    tr: Tr,
    reader: &Reader,
    state: &Tsuro,
    view: &TsuroView,
    can_play: bool,
    chosen: &[usize],
) -> Vec<HandTile> {
    let Some(me) = reader.viewer.seat() else {
        return Vec::new();
    };
    let Some(Some(tiles)) = view.hands.get(me.index()) else {
        return Vec::new();
    };
    // Out of the game, or the game over: no tile of it can be laid, so none is offered.
    let out = view.markers.iter().any(|m| m.seat == me && !m.alive);
    if out || say::outcome(reader, view).is_some() {
        return Vec::new();
    }
    let count = tiles.len();
    let mut hand: Vec<HandTile> = tiles
        .iter()
        .enumerate()
        .map(|(slot, tile)| {
            let id = format!("hand-{slot}");
            let rotations: Vec<Rotation> = tile
                .orientations()
                .iter()
                .enumerate()
                .map(|(k, placed)| {
                    let (preview, allowed) = match state.preview(*placed) {
                        Ok(p) if can_play => {
                            (say::preview(reader, view, slot, *placed, &p), p.allowed)
                        }
                        _ => (String::new(), false),
                    };
                    Rotation {
                        id: format!("{id}-{k}"),
                        placed: *placed,
                        drawing: svg::tile(*placed),
                        notation: format!("play {placed}"),
                        preview,
                        paths: say::tile_paths(tr.lang(), *placed),
                        allowed,
                        shown: false,
                        left: String::new(),
                        right: String::new(),
                        left_id: String::new(),
                        right_id: String::new(),
                    }
                })
                .collect();
            HandTile {
                label: tr.args(
                    "tsuro-hand-tile",
                    &[
                        ("number", (slot + 1).to_string()),
                        ("count", count.to_string()),
                    ],
                ),
                id,
                tile: tile.first_orientation().as_str(),
                rotations,
            }
        })
        .collect();
    // Each tile shows the rotation the reader chose, else the first the rules allow, so a
    // tile is first shown a way it may be laid; turning one keeps the others as they show.
    let shown: Vec<usize> = hand
        .iter()
        .enumerate()
        .map(|(slot, h)| match chosen.get(slot) {
            Some(k) => k % h.rotations.len(),
            None => h.rotations.iter().position(|r| r.allowed).unwrap_or(0),
        })
        .collect();
    for (slot, h) in hand.iter_mut().enumerate() {
        let turns = h.rotations.len();
        for (k, r) in h.rotations.iter_mut().enumerate() {
            let (left, right) = ((k + turns - 1) % turns, (k + 1) % turns);
            r.shown = k == shown[slot];
            r.left = rot_value(&shown, slot, left);
            r.right = rot_value(&shown, slot, right);
            r.left_id = format!("{}-{left}", h.id);
            r.right_id = format!("{}-{right}", h.id);
        }
    }
    hand
}

/// The tiles `seat` holds, each drawn (as first turned) with its paths in words: a replay's
/// hand, which no rotation or preview serves.
pub fn held(tr: Tr, state: &Tsuro, seat: Seat) -> Vec<(String, String)> {
    let view = state.view(Viewer::Seat(seat));
    let Some(Some(tiles)) = view.hands.get(seat.index()) else {
        return Vec::new();
    };
    tiles
        .iter()
        .map(|tile| {
            let placed = tile.first_orientation();
            (svg::tile(placed), say::tile_paths(tr.lang(), placed))
        })
        .collect()
}

fn bonus_choices(tr: Tr, reader: &Reader, state: &Tsuro, legal: &[String]) -> Vec<BonusChoice> {
    legal
        .iter()
        .filter_map(|text| match state.parse_move(text) {
            Ok(TsuroMove::Swap(swap)) => Some(BonusChoice {
                notation: text.clone(),
                label: say::swap_choice(reader, &swap),
            }),
            _ => None,
        })
        .map(|mut choice| {
            if choice.label.is_empty() {
                choice.label = tr.t("tsuro-keep");
            }
            choice
        })
        .collect()
}

/// What the page knows of the table besides the game: each seat's name as the players' bar
/// shows it, the reader's legal moves now (empty when it is not their turn), the rotation
/// they chose for each hand slot, and the square of the last play.
#[derive(Clone, Debug, Default)]
pub struct Around<'a> {
    pub names: &'a [String],
    pub legal: &'a [String],
    pub chosen: &'a [usize],
    pub last: Option<LastPlay>,
    /// Every move a seat made, in order: each other seat's last tile is marked.
    pub seat_moves: &'a [(Seat, String)],
}

/// The last tile laid: its square, and how each marker facing it moved.
#[derive(Clone, Debug, Default)]
pub struct LastPlay {
    pub square: Option<Square>,
    pub trails: Vec<svg::Trail>,
}

/// Builds the table for the reader.
pub fn table(tr: Tr, reader: &Reader, state: &Tsuro, around: &Around<'_>) -> TsuroTable {
    let Around {
        names,
        legal,
        chosen,
        ref last,
        seat_moves,
    } = *around;
    let last = last.clone().unwrap_or_default();
    let lang = tr.lang();
    let view = state.view(reader.viewer);
    let mine = |seat: Option<Seat>| seat.is_some() && seat == reader.viewer.seat();
    let my_turn = !legal.is_empty() && mine(view.to_move);
    let can_start = my_turn && view.phase == Phase::Start;
    let can_play = my_turn && view.phase == Phase::Play;
    let can_bonus = my_turn && view.phase == Phase::Bonus;
    let target = match reader.viewer {
        Viewer::Seat(me) => view
            .markers
            .get(me.index())
            .and_then(|m| m.at)
            .filter(|_| view.phase != Phase::Over),
        Viewer::Spectator => None,
    }
    .map(Position::square);
    let marks = if can_start {
        start_marks(lang, legal)
    } else {
        Vec::new()
    };
    let seat_lasts = marks::seat_lasts(state, reader.viewer.seat(), seat_moves);
    let hand = hand(tr, reader, state, &view, can_play, chosen);
    let ghosts = if can_play {
        hand.iter()
            .flat_map(|h| &h.rotations)
            .filter_map(|r| marks::ghost(state, &view, &r.id, r.placed))
            .collect()
    } else {
        Vec::new()
    };
    let highlights = svg::Highlights {
        target,
        seat_lasts: seat_lasts.clone(),
        ghosts,
        free_marks: marks
            .iter()
            .filter_map(|m| m.notation.strip_prefix("start ")?.parse().ok())
            .collect(),
        last: last.square,
        trails: last.trails,
        overlay: mark_buttons(&marks),
    };
    let grid = (0..SIDE)
        .map(|row| {
            (0..SIDE)
                .filter_map(|column| Square::new(column, row))
                .map(|square| SquareCell {
                    id: format!("sq-{square}"),
                    label: say::describe_square(reader, &view, square),
                    target: target == Some(square),
                })
                .collect()
        })
        .collect();
    TsuroTable {
        status: say::status(reader, &view),
        outcome: say::outcome(reader, &view),
        seats: seat_lines(tr, reader, &view, names, &seat_lasts),
        marks_others: !seat_lasts.is_empty(),
        pile: tr.with("tsuro-pile", &args![("count", view.draw_pile as i64)]),
        drawing: svg::board(&view, &highlights),
        grid,
        marks,
        hand,
        bonus: if can_bonus {
            bonus_choices(tr, reader, state, legal)
        } else {
            Vec::new()
        },
        description: say::describe_board(reader, &view),
        can_start,
        can_play,
        can_bonus,
    }
}

/// Checks a move for the reader before anything is sent: its notation and that the engine
/// allows it (a play that puts the reader out while a safe one exists is refused there), with
/// the engine's reason in the reader's words. Returns the question that confirms it.
pub fn check(tr: Tr, reader: &Reader, state: &Tsuro, notation: &str) -> Result<String, String> {
    let mv = state
        .parse_move(notation)
        .map_err(|e| refusal::unreadable(reader, &e))?;
    state
        .check_move(mv)
        .map_err(|e| refusal::illegal_move(reader, &e))?;
    let view = state.view(reader.viewer);
    if let TsuroMove::Play(placed) = mv {
        let me = reader.viewer.seat().unwrap_or(Seat(0));
        let slot = state
            .hand(me)
            .iter()
            .position(|t| *t == placed.tile())
            .unwrap_or_default();
        let preview = state
            .preview(placed)
            .map_err(|e| refusal::illegal_move(reader, &e))?;
        return Ok(tr.a(
            "tsuro-confirm-play",
            "preview",
            say::preview(reader, &view, slot, placed, &preview),
        ));
    }
    Ok(match mv {
        TsuroMove::Start(mark) => tr.a(
            "tsuro-confirm-start",
            "mark",
            say::start_mark_name(tr.lang(), mark),
        ),
        TsuroMove::Swap(swap) => {
            let choice = say::swap_choice(reader, &swap);
            if choice.is_empty() {
                tr.t("tsuro-confirm-keep")
            } else {
                tr.a("tsuro-confirm-swap", "choice", choice)
            }
        }
        _ => tr.t("confirm-move"),
    })
}

/// The last play, for the board to single out: where the tile went and how each marker
/// facing it moved (from the reader's views either side of it; every marker is public).
pub fn last_play(
    before: Option<&Tsuro>,
    after: &Tsuro,
    viewer: Viewer,
    last_move: Option<&str>,
) -> Option<LastPlay> {
    let (before, notation) = (before?, last_move?);
    let TsuroMove::Play(placed) = before.parse_move(notation).ok()? else {
        return None;
    };
    let square = Square::all().find(|sq| after.tile_at(*sq) == Some(placed));
    let board = after.view(viewer).board;
    let trails = agora_tsuro::play_paths(&before.view(viewer), placed)
        .into_iter()
        .map(|moved| svg::Trail {
            seat: moved.fate.seat,
            d: svg::trail(&board, &moved.path),
            gone_at: (!moved.fate.survives())
                .then(|| svg::trail_end(&moved.path))
                .flatten(),
        })
        .collect();
    Some(LastPlay { square, trails })
}

mod marks;

#[cfg(test)]
mod tests;
