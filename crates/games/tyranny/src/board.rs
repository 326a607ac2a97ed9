use std::collections::BTreeSet;
use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize, Serializer};

use crate::Faction;

/// The board file compiled into the crate.
pub const BOARD_JSON: &str = include_str!("../board.json");

/// The most tiles a board may have (tile sets are 64-bit masks).
pub const MAX_TILES: usize = 64;
/// The most tunnels a board may have.
pub const MAX_TUNNELS: usize = 8;
/// The fewest tiles in a loop: a move of 1 to 6 must never come back to where it started.
pub const MIN_LOOP: usize = 7;

/// The two city tiers, each a loop of tiles.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Outer,
    Inner,
}

impl Tier {
    pub const fn other(self) -> Tier {
        match self {
            Tier::Outer => Tier::Inner,
            Tier::Inner => Tier::Outer,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Tier::Outer => "outer",
            Tier::Inner => "inner",
        }
    }
}

/// A tile of the board: outer tiles are `O0`, `O1`, ... in forward order, inner tiles `I0`,
/// `I1`, ...
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TileId(pub(crate) u8);

impl TileId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl Serialize for TileId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&board().code(*self))
    }
}

/// A property: capture it by rolling within `low..=high` on one die; a piece of the owning
/// faction landing on it moves the influence by `influence` (up for criminals, down for cops).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Property {
    pub low: u8,
    pub high: u8,
    pub influence: u32,
}

impl Property {
    pub const fn captures_on(&self, roll: u8) -> bool {
        self.low <= roll && roll <= self.high
    }
}

/// What a tile is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TileKind {
    /// The cops' home base (one tile on each tier; the outer one is their start).
    PoliceStation,
    /// The criminals' home base, also called the HQ (one tile on each tier).
    Hideout,
    Property(Property),
    Gamble,
    Gains,
    /// One end of a tunnel (index into [`Board::tunnels`]).
    Tunnel {
        tunnel: u8,
    },
    /// No one can be captured here.
    Safe,
}

impl TileKind {
    /// The faction whose home base this is.
    pub const fn home_of(self) -> Option<Faction> {
        match self {
            TileKind::PoliceStation => Some(Faction::Cops),
            TileKind::Hideout => Some(Faction::Criminals),
            _ => None,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Tile {
    pub id: TileId,
    /// `O5`, `I3`, ...
    pub code: String,
    pub name: String,
    pub tier: Tier,
    /// Position on its loop, 0 first.
    pub position: u8,
    #[serde(flatten)]
    pub kind: TileKind,
}

/// A tunnel between a tile of the outer loop and a tile of the inner loop.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Tunnel {
    /// A short name such as `A`, used in notation.
    pub name: String,
    pub outer: TileId,
    pub inner: TileId,
    /// Influence it costs to open or to collapse.
    pub cost: u32,
    /// Whether it is open when the game starts.
    pub open: bool,
}

impl Tunnel {
    /// The end that is not `tile`.
    pub fn other_end(&self, tile: TileId) -> TileId {
        if tile == self.outer {
            self.inner
        } else {
            self.outer
        }
    }
}

/// A board: two loops of tiles and the tunnels between them, checked for consistency.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Board {
    tiles: Vec<Tile>,
    outer_len: u8,
    inner_len: u8,
    tunnels: Vec<Tunnel>,
    /// Police Station then Hideout, outer then inner: `homes[faction][tier]`.
    homes: [[TileId; 2]; 2],
    #[serde(skip)]
    safe_mask: u64,
}

/// Why a board file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardError(pub String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board file: {}", self.0)
    }
}

impl std::error::Error for BoardError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    outer: Vec<TileFile>,
    inner: Vec<TileFile>,
    tunnels: Vec<TunnelFile>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
enum TileFile {
    // Empty braces rather than unit variants, so that unknown fields are refused here too.
    PoliceStation {},
    Hideout {},
    Property {
        name: String,
        capture: String,
        influence: u32,
    },
    Gamble {},
    Gains {},
    Tunnel {
        tunnel: String,
    },
    Safe {
        name: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TunnelFile {
    name: String,
    cost: u32,
    #[serde(default)]
    open: bool,
}

fn fail<T>(reason: impl Into<String>) -> Result<T, BoardError> {
    Err(BoardError(reason.into()))
}

fn parse_range(text: &str) -> Option<(u8, u8)> {
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (low.trim().parse().ok()?, high.trim().parse().ok()?),
        None => {
            let n = text.trim().parse().ok()?;
            (n, n)
        }
    };
    (1 <= low && low <= high && high <= 6).then_some((low, high))
}

impl Board {
    /// Reads and checks a board file (JSON, see `board.json` and docs/rules/tyranny.md).
    pub fn parse(json: &str) -> Result<Board, BoardError> {
        let file: BoardFile = serde_json::from_str(json).map_err(|e| BoardError(e.to_string()))?;
        let total = file.outer.len() + file.inner.len();
        for (tier, tiles) in [("outer", &file.outer), ("inner", &file.inner)] {
            if tiles.len() < MIN_LOOP {
                return fail(format!(
                    "the {tier} loop has {} tiles; a loop needs at least {MIN_LOOP}",
                    tiles.len()
                ));
            }
        }
        if total > MAX_TILES {
            return fail(format!(
                "the board has {total} tiles; at most {MAX_TILES} are allowed"
            ));
        }
        if file.tunnels.len() > MAX_TUNNELS {
            return fail(format!(
                "the board has {} tunnels; at most {MAX_TUNNELS} are allowed",
                file.tunnels.len()
            ));
        }
        let mut tunnel_names = BTreeSet::new();
        for tunnel in &file.tunnels {
            if tunnel.name.is_empty() || !tunnel.name.chars().all(|c| c.is_ascii_uppercase()) {
                return fail(format!(
                    "tunnel name {:?} must be capital letters",
                    tunnel.name
                ));
            }
            if !tunnel_names.insert(tunnel.name.as_str()) {
                return fail(format!("tunnel {} is declared twice", tunnel.name));
            }
            if tunnel.cost == 0 || tunnel.cost > 1000 {
                return fail(format!(
                    "tunnel {} costs {}; a cost is 1 to 1000",
                    tunnel.name, tunnel.cost
                ));
            }
        }
        let mut tiles = Vec::with_capacity(total);
        let mut ends: Vec<[Option<TileId>; 2]> = vec![[None, None]; file.tunnels.len()];
        let mut homes = [[None; 2]; 2];
        let mut names = BTreeSet::new();
        let loops = [
            (Tier::Outer, 'O', &file.outer),
            (Tier::Inner, 'I', &file.inner),
        ];
        for (tier, letter, loop_tiles) in loops {
            for (position, entry) in loop_tiles.iter().enumerate() {
                let id = TileId(tiles.len() as u8);
                let code = format!("{letter}{position}");
                let (kind, name) = match entry {
                    TileFile::PoliceStation {} => {
                        (TileKind::PoliceStation, "Police Station".into())
                    }
                    TileFile::Hideout {} => (TileKind::Hideout, "Hideout".into()),
                    TileFile::Gamble {} => (TileKind::Gamble, "Gamble".into()),
                    TileFile::Gains {} => (TileKind::Gains, "Gains".into()),
                    TileFile::Safe { name } => (TileKind::Safe, name.clone()),
                    TileFile::Property {
                        name,
                        capture,
                        influence,
                    } => {
                        let Some((low, high)) = parse_range(capture) else {
                            return fail(format!(
                                "tile {code} ({name}): capture range {capture:?} is not a range \
                                 of die faces like \"4-6\" or \"6\""
                            ));
                        };
                        if low == 1 && high == 6 {
                            return fail(format!(
                                "tile {code} ({name}): capture range 1-6 always succeeds"
                            ));
                        }
                        if *influence == 0 || *influence > 1000 {
                            return fail(format!(
                                "tile {code} ({name}): influence {influence} is not 1 to 1000"
                            ));
                        }
                        let property = Property {
                            low,
                            high,
                            influence: *influence,
                        };
                        (TileKind::Property(property), name.clone())
                    }
                    TileFile::Tunnel { tunnel } => {
                        let Some(index) = file.tunnels.iter().position(|t| &t.name == tunnel)
                        else {
                            return fail(format!(
                                "tile {code} is an end of tunnel {tunnel:?}, which is not declared"
                            ));
                        };
                        let end = &mut ends[index][tier as usize];
                        if end.is_some() {
                            return fail(format!(
                                "tunnel {tunnel} has two ends on the {} loop",
                                tier.name()
                            ));
                        }
                        *end = Some(id);
                        (
                            TileKind::Tunnel {
                                tunnel: index as u8,
                            },
                            format!("Tunnel {tunnel}"),
                        )
                    }
                };
                if let TileKind::Property(_) | TileKind::Safe = kind {
                    if name.trim().is_empty() {
                        return fail(format!("tile {code} needs a name"));
                    }
                    if !names.insert(name.clone()) {
                        return fail(format!("tile {code}: the name {name:?} is used twice"));
                    }
                }
                if let Some(faction) = kind.home_of() {
                    let home = &mut homes[faction as usize][tier as usize];
                    if home.is_some() {
                        return fail(format!(
                            "the {} loop has two {}",
                            tier.name(),
                            if faction == Faction::Cops {
                                "police stations"
                            } else {
                                "hideouts"
                            }
                        ));
                    }
                    *home = Some(id);
                }
                tiles.push(Tile {
                    id,
                    code,
                    name,
                    tier,
                    position: position as u8,
                    kind,
                });
            }
        }
        let mut checked_homes = [[TileId(0); 2]; 2];
        for faction in [Faction::Cops, Faction::Criminals] {
            for tier in [Tier::Outer, Tier::Inner] {
                let Some(home) = homes[faction as usize][tier as usize] else {
                    return fail(format!(
                        "the {} loop has no {}",
                        tier.name(),
                        if faction == Faction::Cops {
                            "police station"
                        } else {
                            "hideout"
                        }
                    ));
                };
                checked_homes[faction as usize][tier as usize] = home;
            }
        }
        for kind in [TileKind::Gamble, TileKind::Gains] {
            if !tiles.iter().any(|t| t.kind == kind) {
                return fail(format!(
                    "the board has no {} tile",
                    if kind == TileKind::Gamble {
                        "gamble"
                    } else {
                        "gains"
                    }
                ));
            }
        }
        if !tiles
            .iter()
            .any(|t| matches!(t.kind, TileKind::Property(_)))
        {
            return fail("the board has no property");
        }
        let mut tunnels = Vec::with_capacity(file.tunnels.len());
        for (tunnel, [outer, inner]) in file.tunnels.iter().zip(ends) {
            let (Some(outer), Some(inner)) = (outer, inner) else {
                return fail(format!("tunnel {} needs one end on each loop", tunnel.name));
            };
            tunnels.push(Tunnel {
                name: tunnel.name.clone(),
                outer,
                inner,
                cost: tunnel.cost,
                open: tunnel.open,
            });
        }
        let safe_mask = tiles
            .iter()
            .filter(|t| t.kind == TileKind::Safe)
            .fold(0, |mask, t| mask | t.id.bit());
        Ok(Board {
            tiles,
            outer_len: file.outer.len() as u8,
            inner_len: file.inner.len() as u8,
            tunnels,
            homes: checked_homes,
            safe_mask,
        })
    }

    /// The board every game is played on, read from `board.json` at first use.
    pub fn standard() -> Result<&'static Board, &'static BoardError> {
        STANDARD.as_ref()
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn tile(&self, id: TileId) -> &Tile {
        &self.tiles[id.index()]
    }

    pub fn tunnels(&self) -> &[Tunnel] {
        &self.tunnels
    }

    pub fn tunnel(&self, index: u8) -> &Tunnel {
        &self.tunnels[usize::from(index)]
    }

    /// The tunnel named `name` (such as `A`).
    pub fn tunnel_by_name(&self, name: &str) -> Option<u8> {
        self.tunnels
            .iter()
            .position(|t| t.name == name)
            .map(|i| i as u8)
    }

    pub fn code(&self, id: TileId) -> &str {
        &self.tiles[id.index()].code
    }

    /// The tile with code `code` (such as `O5`).
    pub fn tile_by_code(&self, code: &str) -> Option<TileId> {
        self.tiles.iter().find(|t| t.code == code).map(|t| t.id)
    }

    pub fn kind(&self, id: TileId) -> TileKind {
        self.tiles[id.index()].kind
    }

    pub fn property(&self, id: TileId) -> Option<Property> {
        match self.kind(id) {
            TileKind::Property(p) => Some(p),
            _ => None,
        }
    }

    pub fn loop_len(&self, tier: Tier) -> u8 {
        match tier {
            Tier::Outer => self.outer_len,
            Tier::Inner => self.inner_len,
        }
    }

    pub fn tier(&self, id: TileId) -> Tier {
        if id.0 < self.outer_len {
            Tier::Outer
        } else {
            Tier::Inner
        }
    }

    /// The tile at `position` of a loop (taken modulo the loop's length).
    pub fn at(&self, tier: Tier, position: usize) -> TileId {
        let len = usize::from(self.loop_len(tier));
        let base = if tier == Tier::Outer {
            0
        } else {
            self.outer_len
        };
        TileId(base + (position % len) as u8)
    }

    /// The tile `steps` tiles forward of `from`, on the same loop.
    pub fn forward(&self, from: TileId, steps: usize) -> TileId {
        let tile = self.tile(from);
        self.at(tile.tier, usize::from(tile.position) + steps)
    }

    /// A faction's home base on a tier.
    pub fn home(&self, faction: Faction, tier: Tier) -> TileId {
        self.homes[faction as usize][tier as usize]
    }

    /// Where a faction's pieces start and return after custody: its home base on the outer loop.
    pub fn start(&self, faction: Faction) -> TileId {
        self.home(faction, Tier::Outer)
    }

    /// The tile of the other loop that faces `id` (same angle around the centre, rounded down).
    pub fn facing(&self, id: TileId) -> TileId {
        let tile = self.tile(id);
        let other = tile.tier.other();
        let position = usize::from(tile.position) * usize::from(self.loop_len(other))
            / usize::from(self.loop_len(tile.tier));
        self.at(other, position)
    }

    /// Whether a piece of `faction` standing on `id` cannot be captured: safe zones and the
    /// faction's own home base (its starter tiles, on both tiers).
    pub fn is_safe_for(&self, id: TileId, faction: Faction) -> bool {
        self.safe_mask & id.bit() != 0 || self.kind(id).home_of() == Some(faction)
    }
}

static STANDARD: LazyLock<Result<Board, BoardError>> = LazyLock::new(|| Board::parse(BOARD_JSON));

/// The standard board, known to be valid once a game exists (every constructor checks it).
pub(crate) fn board() -> &'static Board {
    match STANDARD.as_ref() {
        Ok(board) => board,
        Err(e) => panic!("{e}"),
    }
}
