//! Tyrus on the page: the six buildings, the election card, the hand, the chart and the
//! counts a player could keep at a real table, all from the reader's view.

use agora_engine::{Game, Seat, Viewer};
use agora_games::AnyGameError;
use agora_present::text::Args;
use agora_present::tyranny::LastMoves;
use agora_present::tyrus as say;
use agora_present::{Reader, args, refusal};
use agora_tyrus::{
    BuildingKind, ELECTIONS, Office, Placement, Profession, Side, Tile, TileSet, Tyrus, TyrusView,
};

use super::seam::{GamePage, Heard, Surroundings, Told};
use crate::i18n::Tr;

impl GamePage for Tyrus {
    type Table = TyrusTable;

    const MOVE_BOX_HINT: &'static str = "tyrus-move-box-hint";

    fn narrate(
        &mut self,
        reader: &Reader,
        notation: &str,
        _: &mut LastMoves,
    ) -> Result<Told, AnyGameError> {
        narrate(reader, self, notation).map(|lines| (lines, None))
    }

    fn table(&self, heard: &Heard<'_>, around: &Surroundings<'_>) -> TyrusTable {
        let viewer = heard.reader.viewer;
        let view = if around.revealed {
            face_up(self)
        } else {
            self.view(viewer)
        };
        table(
            around.tr,
            heard.reader,
            &view,
            around.my_turn,
            &last_placed(viewer, &heard.last_by_seat(), heard.last_mover),
        )
    }

    fn outcome(&self, reader: &Reader) -> Option<String> {
        say::outcome(reader, &self.view(reader.viewer))
    }

    fn check(&self, tr: Tr, reader: &Reader, notation: &str) -> Result<String, String> {
        let placement = self
            .parse_move(notation)
            .map_err(|e| refusal::unreadable(reader, &e))?;
        self.check_move(placement)
            .map_err(|e| refusal::illegal_move(reader, &e))?;
        Ok(question(tr, reader, placement))
    }
}

/// Plays `notation` on `state` and says what the reader saw of it.
pub fn narrate(
    reader: &Reader,
    state: &mut Tyrus,
    notation: &str,
) -> Result<Vec<String>, agora_games::AnyGameError> {
    let placement = state
        .parse_move(notation)
        .map_err(agora_games::AnyGameError::Notation)?;
    let before = state.view(reader.viewer);
    let seen = state.seen_move(placement, reader.viewer);
    state
        .play(placement)
        .map_err(agora_games::AnyGameError::Illegal)?;
    let after = state.view(reader.viewer);
    Ok(say::narrate_placement(reader, &before, &seen, &after))
}

/// One tile as the page shows it.
#[derive(Clone, Debug)]
pub struct TileChip {
    /// The notation, such as `S7`: what the move box takes, in every language.
    pub code: &'static str,
    /// What the tile shows: its profession's initial in the reader's language and its
    /// value, such as `H3` for a German reader's Händler 3 (`M3` typed).
    pub face: String,
    /// The tile's name in the reader's language, such as "Soldier 7".
    pub name: String,
    /// The hand's radio's accessible name: the face first, as seen, then the name.
    pub label: String,
    pub profession: &'static str,
    /// The profession's emblem, an inline SVG.
    pub emblem: &'static str,
    pub value: u8,
}

impl TileChip {
    fn new(tr: Tr, tile: Tile) -> TileChip {
        let face = format!("{}{}", initial(tr, tile.profession()), tile.value());
        let name = say::tile_name(tr.lang(), tile);
        TileChip {
            code: tile.name(),
            label: format!("{face}, {name}"),
            face,
            name,
            profession: tile.profession().name(),
            emblem: emblem(tile.profession().name()),
            value: tile.value(),
        }
    }
}

/// A profession's initial in the reader's language: `S`, `M`, `P`; German `H` for Händler.
fn initial(tr: Tr, profession: Profession) -> String {
    tr.with(
        "tyrus-tile-initial",
        &args![("profession", profession.name())],
    )
}

/// A profession's heading in the hand: its name, and how its tiles are typed where the
/// tiles show another initial than the notation's (German Händler: `H3`, typed `M3`).
fn hand_legend(tr: Tr, profession: Profession) -> String {
    let name = say::profession_name(tr.lang(), profession, 2);
    let typed = profession.letter().to_string();
    if initial(tr, profession) == typed {
        name
    } else {
        tr.with(
            "tyrus-hand-typed",
            &args![("profession", name), ("letter", typed)],
        )
    }
}

/// A tile's emblem, drawn beside its initial so that the three professions differ in more
/// than a letter and a colour: a shield with a sword for soldiers, a coin for merchants, a
/// flame for priests, a sealed diamond for a face-down tile. Decorative: the tile's face and
/// name say it in words. Its colours come from the style sheet (`--prof`, `--prof-bg`).
pub fn emblem(profession: &str) -> &'static str {
    match profession {
        "soldier" => concat!(
            r#"<svg class="emblem" viewBox="0 0 20 20" aria-hidden="true" focusable="false">"#,
            r#"<path class="ink" d="M 10 1.5 17 4v5.5c0 4.3-3 7.4-7 9-4-1.6-7-4.7-7-9V4z"/>"#,
            r#"<path class="cut" d="M 10 4.5v10M 6.8 8h6.4"/></svg>"#
        ),
        "merchant" => concat!(
            r#"<svg class="emblem" viewBox="0 0 20 20" aria-hidden="true" focusable="false">"#,
            r#"<circle class="ink" cx="10" cy="10" r="8.5"/>"#,
            r#"<circle class="cut" cx="10" cy="10" r="5.4"/><path class="cut" d="M 10 6.8v6.4"/></svg>"#
        ),
        "priest" => concat!(
            r#"<svg class="emblem" viewBox="0 0 20 20" aria-hidden="true" focusable="false">"#,
            r#"<path class="ink" d="M 10 1.2c1 3.6 6 5.6 6 10.6a6 6 0 0 1-12 0c0-2.8 1.6-4.6 3-6 .2 2 1 3 2 3.5-.4-2.6-.2-5.4 1-8.1z"/>"#,
            r#"<path class="cut-fill" d="M 10 11.2c1.4 1.3 2 2.4 2 3.4a2 2 0 0 1-4 0c0-1 .6-2.1 2-3.4z"/></svg>"#
        ),
        _ => concat!(
            r#"<svg class="emblem" viewBox="0 0 20 20" aria-hidden="true" focusable="false">"#,
            r#"<path class="ink" d="M 10 1.5 18.5 10 10 18.5 1.5 10z"/>"#,
            r#"<circle class="cut-fill" cx="10" cy="10" r="2.6"/></svg>"#
        ),
    }
}

/// A face-down tile in a building: whose, and whether it is the one its seat just placed.
#[derive(Clone, Debug)]
pub struct FaceDown {
    pub seat: u8,
    /// The tile the game's very last move put here (it moves in when the board arrives).
    pub arriving: bool,
}

/// One building.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The move's words for this building, from the reader's seat: `own citadel`.
    pub target: String,
    pub id: String,
    pub label: String,
    pub mine: bool,
    pub elected: bool,
    /// "just placed": another seat's last tile went here (it stays until that seat plays
    /// again).
    pub placed: Option<String>,
    /// That tile came with the game's very last move: the mark appears as the board arrives.
    pub placed_now: bool,
    /// Tiles the reader sees face up (their own).
    pub face_up: Vec<TileChip>,
    /// Face-down tiles, as many as there are.
    pub face_down: Vec<FaceDown>,
    /// The button's accessible name: what it shows, in order (name, marks, the tiles'
    /// faces), then its contents in words.
    pub aria_label: String,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub caption: String,
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug)]
pub struct HandGroup {
    pub id: &'static str,
    pub legend: String,
    pub tiles: Vec<TileChip>,
}

#[derive(Clone, Debug)]
pub struct ChartRow {
    pub number: usize,
    pub office: String,
    pub current: bool,
    pub result: String,
    pub count: String,
    pub won_by_me: bool,
}

#[derive(Clone, Debug)]
pub struct CountRow {
    pub label: String,
    pub values: String,
}

/// Everything the Tyrus fragments show.
#[derive(Clone, Debug)]
pub struct TyrusTable {
    pub status: String,
    pub outcome: Option<String>,
    pub election: Option<String>,
    pub cards_left: String,
    pub rows: Vec<Row>,
    pub hand: Vec<HandGroup>,
    pub hand_size: usize,
    pub revealed_hands: Vec<String>,
    pub chart: Vec<ChartRow>,
    pub counts: Vec<CountRow>,
    pub rules: Vec<String>,
    /// The reader may place a tile now.
    pub can_place: bool,
    /// A face-down tile's emblem.
    pub back_emblem: &'static str,
}

fn seat_args(reader: &Reader, slot: &'static str, seat: Seat) -> Args<'static> {
    let mut args = Args::new();
    reader.add(&mut args, slot, seat);
    args
}

/// The seats from the reader's side: their own seat (or seat 0 for a spectator), then the
/// other.
fn sides(viewer: Viewer) -> (Seat, Seat) {
    let near = viewer.seat().unwrap_or(Seat(0));
    (near, Seat(near.0 ^ 1))
}

fn building_label(tr: Tr, reader: &Reader, owner: Seat, kind: BuildingKind) -> String {
    let mut args = seat_args(reader, "owner", owner);
    args.insert("kind".into(), kind.name().into());
    tr.with("tyrus-building-label", &args)
}

/// Where another seat's last tile went: it stays marked until that seat plays again.
/// The game as a spectator sees it with every placed tile turned face up: each seat's
/// tiles as that seat sees them.
pub fn face_up(state: &Tyrus) -> TyrusView {
    let mut all = state.view(Viewer::Spectator);
    for seat in [Seat(0), Seat(1)] {
        let own = state.view(Viewer::Seat(seat));
        for (row, own_row) in all.buildings.iter_mut().zip(&own.buildings) {
            for (building, own_building) in row.iter_mut().zip(own_row) {
                building.visible[seat.index()] = own_building.visible[seat.index()];
                building.hidden[seat.index()] = 0;
            }
        }
    }
    all
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastPlaced {
    pub seat: Seat,
    pub owner: Seat,
    pub kind: BuildingKind,
    /// It is the game's very last move: the tile is arriving now.
    pub latest: bool,
}

/// The buildings where each seat but the reader's placed its last tile, from each seat's
/// last move (`last_by_seat`, by seat) and the seat of the game's last move. Only the
/// building is read from a move: which tile it was stays as hidden as the view has it.
pub fn last_placed(
    viewer: Viewer,
    last_by_seat: &[Option<String>],
    last_mover: Option<Seat>,
) -> Vec<LastPlaced> {
    last_by_seat
        .iter()
        .enumerate()
        .filter_map(|(index, notation)| {
            let seat = Seat(u8::try_from(index).ok()?);
            if viewer.seat() == Some(seat) {
                return None;
            }
            let placement = Placement::parse(notation.as_deref()?).ok()?;
            Some(LastPlaced {
                seat,
                owner: match placement.side {
                    Side::Own => seat,
                    Side::Opp => Seat(seat.0 ^ 1),
                },
                kind: placement.building,
                latest: last_mover == Some(seat),
            })
        })
        .collect()
}

fn cell(
    tr: Tr,
    reader: &Reader,
    view: &TyrusView,
    (owner, kind): (Seat, BuildingKind),
    last: &[LastPlaced],
) -> Cell {
    let building = view.building(owner, kind);
    let me = reader.viewer.seat();
    let side = if Some(owner) == me {
        Side::Own
    } else {
        Side::Opp
    };
    let elected = view.office().is_some_and(|o| o.building() == kind);
    let here: Vec<&LastPlaced> = last
        .iter()
        .filter(|l| l.owner == owner && l.kind == kind)
        .collect();
    let mut face_up = Vec::new();
    let mut face_down = Vec::new();
    let mut parts = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let visible = building.visible[seat.index()];
        let hidden = building.hidden[seat.index()];
        if !visible.is_empty() {
            face_up.extend(visible.iter().map(|t| TileChip::new(tr, t)));
            let mut args = seat_args(reader, "who", seat);
            args.insert("tiles".into(), say::tile_list(tr.lang(), visible).into());
            parts.push(tr.with("tyrus-cell-face-up", &args));
        }
        if hidden > 0 {
            let arriving = here.iter().any(|l| l.seat == seat && l.latest);
            face_down.extend((1..=hidden).map(|n| FaceDown {
                seat: seat.0,
                // The seat's last one drawn is the one that arrives.
                arriving: arriving && n == hidden,
            }));
            let mut args = seat_args(reader, "who", seat);
            args.insert("count".into(), i64::from(hidden).into());
            parts.push(tr.with("tyrus-cell-face-down", &args));
        }
    }
    let label = building_label(tr, reader, owner, kind);
    let contents = if parts.is_empty() {
        tr.t("tyrus-cell-empty")
    } else {
        parts.join("; ")
    };
    // A tile that closed an election may have been counted and put away since: the building
    // then holds no tile of that seat, and the mark says so.
    let counted_away = here.iter().all(|l| {
        building.hidden[l.seat.index()] == 0 && building.visible[l.seat.index()].is_empty()
    });
    let placed = (!here.is_empty()).then(|| {
        tr.t(if counted_away {
            "tyrus-placed-counted-mark"
        } else {
            "tyrus-placed-mark"
        })
    });
    // The name begins with what the button shows, in its order and nothing between (WCAG
    // 2.5.3: the visible text is found whole in the name), then what it holds and whose
    // last tile went here.
    let mut name = vec![label.clone()];
    if elected {
        name.push(tr.t("tyrus-elected-mark"));
    }
    name.extend(placed.clone());
    if !face_up.is_empty() {
        let faces: Vec<&str> = face_up.iter().map(|c| c.face.as_str()).collect();
        name.push(faces.join(" "));
    }
    name.push(contents);
    for l in &here {
        name.push(tr.with("tyrus-last-tile-of", &seat_args(reader, "who", l.seat)));
    }
    Cell {
        target: format!("{} {}", side.name(), kind.name()),
        id: format!("b-{}-{}", side.name(), kind.name()),
        label,
        mine: Some(owner) == me,
        elected,
        placed,
        placed_now: here.iter().any(|l| l.latest),
        face_up,
        face_down,
        aria_label: name.join(", "),
    }
}

/// The tiles of `profession` in `tiles`, by value, as "1, 4, 9" (or "none").
fn values(tr: Tr, tiles: TileSet, profession: Profession) -> String {
    let values: Vec<String> = tiles
        .iter()
        .filter(|t| t.profession() == profession)
        .map(|t| t.value().to_string())
        .collect();
    if values.is_empty() {
        tr.t("tyrus-none")
    } else {
        values.join(", ")
    }
}

/// Builds the table for `view` as `reader` sees it.
pub fn table(
    tr: Tr,
    reader: &Reader,
    view: &TyrusView,
    can_place: bool,
    last: &[LastPlaced],
) -> TyrusTable {
    let lang = tr.lang();
    let (near, far) = sides(reader.viewer);
    let rows = [far, near]
        .into_iter()
        .map(|owner| Row {
            caption: tr.with("tyrus-row-caption", &seat_args(reader, "owner", owner)),
            cells: BuildingKind::ALL
                .into_iter()
                .map(|kind| cell(tr, reader, view, (owner, kind), last))
                .collect(),
        })
        .collect();
    let hand = view.hand.unwrap_or_default();
    let hand_groups = Profession::ALL
        .into_iter()
        .map(|p| HandGroup {
            id: p.name(),
            legend: hand_legend(tr, p),
            tiles: hand
                .iter()
                .filter(|t| t.profession() == p)
                .map(|t| TileChip::new(tr, t))
                .collect(),
        })
        .filter(|g| !g.tiles.is_empty())
        .collect();
    let turned = view.offices.iter().flatten().count();
    let election = view.office().map(|office| {
        tr.with(
            "tyrus-election-card",
            &args![
                ("number", i64::from(view.election.unwrap_or(0))),
                ("office", say::office_name(lang, office)),
                (
                    "profession",
                    say::profession_name(lang, office.profession(), 2)
                ),
                ("kind", office.building().name())
            ],
        )
    });
    let chart = (0..ELECTIONS)
        .map(|i| {
            let result = view.results[i];
            let office = view.offices[i];
            let winner = result.and_then(|r| r.winner);
            ChartRow {
                number: i + 1,
                office: office.map_or_else(
                    || tr.t("tyrus-card-face-down"),
                    |o| say::office_name(lang, o),
                ),
                current: view.election == Some(i as u8 + 1),
                result: match (result, winner) {
                    (Some(_), Some(seat)) => reader.name(seat),
                    (Some(_), None) => tr.t("tyrus-null"),
                    (None, _) if view.election == Some(i as u8 + 1) => tr.t("tyrus-in-progress"),
                    (None, _) => String::new(),
                },
                count: result.map_or_else(String::new, |r| say::count(reader, &r)),
                won_by_me: winner.is_some() && winner == reader.viewer.seat(),
            }
        })
        .collect();
    let mut counts = Vec::new();
    for seat in [near, far] {
        // What the reader has not seen of this seat's 30 tiles: for their own seat, the draw
        // pile; for the other, everything not revealed at a count or in a shown hand.
        let seen = match reader.viewer {
            Viewer::Seat(me) if me == seat => {
                let placed = view
                    .buildings
                    .iter()
                    .flatten()
                    .fold(TileSet::EMPTY, |acc, b| acc.union(b.visible[me.index()]));
                hand.union(placed).union(view.discarded[me.index()])
            }
            _ => {
                let shown = view
                    .revealed_hands
                    .map_or(TileSet::EMPTY, |h| h[seat.index()]);
                view.discarded[seat.index()].union(shown)
            }
        };
        let unseen = TileSet::ALL.minus(seen);
        for profession in Profession::ALL {
            let mut args = seat_args(reader, "who", seat);
            args.insert(
                "profession".into(),
                say::profession_name(lang, profession, 2).into(),
            );
            args.insert(
                "count".into(),
                (unseen
                    .iter()
                    .filter(|t| t.profession() == profession)
                    .count() as i64)
                    .into(),
            );
            counts.push(CountRow {
                label: tr.with("tyrus-unseen", &args),
                values: values(tr, unseen, profession),
            });
        }
    }
    let mut remaining = [3i64; 3];
    for office in view.offices.iter().flatten() {
        remaining[*office as usize] -= 1;
    }
    let cards_left = tr.args(
        "tyrus-cards-left",
        &[
            ("count", (ELECTIONS - turned).to_string()),
            ("general", remaining[Office::General as usize].to_string()),
            (
                "guildmaster",
                remaining[Office::Guildmaster as usize].to_string(),
            ),
            (
                "highpriest",
                remaining[Office::HighPriest as usize].to_string(),
            ),
        ],
    );
    let revealed_hands = view
        .revealed_hands
        .map(|hands| {
            [Seat(0), Seat(1)]
                .into_iter()
                .map(|seat| {
                    let mut args = seat_args(reader, "who", seat);
                    args.insert(
                        "tiles".into(),
                        say::tile_list(lang, hands[seat.index()]).into(),
                    );
                    args.insert(
                        "total".into(),
                        i64::from(hands[seat.index()].total()).into(),
                    );
                    tr.with("tyrus-hand-shown", &args)
                })
                .collect()
        })
        .unwrap_or_default();
    TyrusTable {
        status: say::status(reader, view),
        outcome: say::outcome(reader, view),
        election,
        cards_left,
        rows,
        hand: hand_groups,
        hand_size: hand.len(),
        revealed_hands,
        chart,
        counts,
        rules: say::rules_summary(lang),
        can_place,
        back_emblem: emblem("back"),
    }
}

/// A placement from the page's fields: a tile and a target such as `opp market`.
pub fn placement(tile: &str, target: &str) -> Option<Placement> {
    Placement::parse(&format!("{tile} {target}")).ok()
}

/// "Place Soldier 7 in your citadel?" for the confirmation.
pub fn question(tr: Tr, reader: &Reader, placement: Placement) -> String {
    let Some(me) = reader.viewer.seat() else {
        return String::new();
    };
    let owner = match placement.side {
        Side::Own => me,
        Side::Opp => Seat(me.0 ^ 1),
    };
    // The building as the narrator names it mid-sentence ("your citadel", "Ada's market").
    let mut args = seat_args(reader, "owner", owner);
    reader.add(&mut args, "mover", me);
    args.insert("kind".into(), placement.building.name().into());
    let into = agora_present::text_with(tr.lang(), "tyrus-into", &args);
    tr.args(
        "tyrus-confirm-place",
        &[
            ("tile", say::tile_name(tr.lang(), placement.tile)),
            ("building", into),
        ],
    )
}

#[cfg(test)]
#[path = "tyrus_tests.rs"]
mod tests;
