use agora_engine::{EngineRefusal, IllegalMove, Seat, SeatSet, SetupError};
use serde::{Deserialize, Serialize};

use crate::board::{NEIGHBOUR, OFF_BOARD, SQUARE_SLOTS, START_MARKS};
use crate::setup::{HAND_SIZE, MAX_PLAYERS};
use crate::tile::{TABLES, TILES};
use crate::{PlacedTile, Position, Shuffle, Square, Swap, Tile, TsuroRefusal, TsuroSetup};

pub(crate) const EMPTY: u8 = u8::MAX;
pub(crate) const NOBODY: u8 = u8::MAX;
/// Where a marker is before it starts and once it is eliminated.
pub(crate) const NOWHERE: u16 = u16::MAX;
/// The most orientations a hand can offer: 3 tiles, 4 ways each.
pub(crate) const MAX_PLAYS: usize = HAND_SIZE * 4;

/// A Tsuro game in progress, for 2 to 8 seats.
///
/// Small and `Copy`-friendly (a few hundred bytes, no heap), so search can clone it freely.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tsuro {
    /// The placed tile's matching on each square, or `EMPTY`.
    pub(crate) board: [u8; SQUARE_SLOTS],
    /// Each seat's marker, or `NOWHERE`.
    pub(crate) at: [u16; MAX_PLAYERS],
    /// For each square, the edge points where markers stand (kept with `at`, so that finding
    /// who faces a square costs no search).
    pub(crate) points: [u8; SQUARE_SLOTS],
    pub(crate) hands: [[Tile; HAND_SIZE]; MAX_PLAYERS],
    pub(crate) hand_len: [u8; MAX_PLAYERS],
    /// The draw pile is `pile[pile_top..]`, top first; slots before it hold tile 0.
    pub(crate) pile: [Tile; TILES],
    pub(crate) pile_top: u8,
    pub(crate) players: u8,
    /// Seats not eliminated.
    pub(crate) alive: u8,
    /// Seats eliminated by the last play whose hands still wait to go into the pile.
    pub(crate) pending: u8,
    /// Markers placed so far.
    pub(crate) started: u8,
    /// The seat whose play is being resolved (or will be, after the start).
    pub(crate) active: u8,
    pub(crate) dragon: u8,
    pub(crate) phase: Phase,
    pub(crate) elimination_bonus: bool,
    pub(crate) winners: u8,
    pub(crate) win_reason: Option<WinReason>,
}

/// Where the game stands.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats place their markers in order.
    Start,
    /// The active seat lays a tile.
    Play,
    /// The active seat, having eliminated others, may swap tiles with their hands.
    Bonus,
    /// The eliminated hands go into the draw pile (a chance move).
    Shuffle,
    Over,
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// One marker is left.
    LastMarker,
    /// The last markers were all eliminated by the same play: they share the win.
    EliminatedTogether,
    /// Every tile is on the board and two or more markers are left: they share the win.
    AllTilesPlayed,
}

impl WinReason {
    pub fn code(self) -> &'static str {
        match self {
            WinReason::LastMarker => "last_marker",
            WinReason::EliminatedTogether => "eliminated_together",
            WinReason::AllTilesPlayed => "all_tiles_played",
        }
    }
}

/// A seat's marker.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Marker {
    /// Not on the board yet.
    Unplaced,
    /// Facing an empty square (or, before any tile is laid there, standing on a start mark).
    At(Position),
    Eliminated,
}

/// Where a marker's path takes it when a tile is laid on the square it faces.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Walk {
    /// It stops facing an empty square after crossing `tiles` tiles.
    Stops {
        at: u16,
        tiles: u8,
    },
    OffBoard {
        tiles: u8,
    },
    /// It runs into the marker standing at `point` of the new tile's square.
    Collides {
        point: u8,
        tiles: u8,
    },
}

impl Tsuro {
    pub(crate) fn new(setup: &TsuroSetup) -> Result<Tsuro, SetupError> {
        let players = setup.players;
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::new(format!(
                "players must be 2 to 8, not {players}"
            )));
        }
        let hands = &setup.hands;
        if hands.len() != players {
            return Err(SetupError::new(format!(
                "{} hands for {players} players",
                hands.len()
            )));
        }
        let (dealt, pile) = (hands.all_tiles(), setup.draw_pile.as_slice());
        let mut seen = 0u64;
        let mut twice = false;
        for tile in dealt.iter().chain(pile) {
            twice |= seen & tile.bit() != 0;
            seen |= tile.bit();
        }
        if twice {
            let mut seen = 0u64;
            for tile in dealt.iter().chain(pile) {
                if seen & tile.bit() != 0 {
                    return Err(SetupError::new(format!("tile {tile} appears twice")));
                }
                seen |= tile.bit();
            }
        }
        let count = dealt.len() + pile.len();
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != HAND_SIZE {
                return Err(SetupError::new(format!(
                    "seat {seat} holds {} tiles, not 3",
                    hand.len()
                )));
            }
        }
        if count != TILES {
            let missing = Tile::all().find(|t| seen & t.bit() == 0);
            return Err(SetupError::new(match missing {
                Some(tile) => format!(
                    "hands and draw pile hold {count} tiles, not 35: tile {tile} is missing"
                ),
                None => format!("hands and draw pile hold {count} tiles, not 35"),
            }));
        }
        let mut state = Tsuro {
            board: [EMPTY; SQUARE_SLOTS],
            at: [NOWHERE; MAX_PLAYERS],
            points: [0; SQUARE_SLOTS],
            hands: [[Tile(0); HAND_SIZE]; MAX_PLAYERS],
            hand_len: [0; MAX_PLAYERS],
            pile: [Tile(0); TILES],
            pile_top: TILES as u8,
            players: players as u8,
            alive: (1u16 << players).wrapping_sub(1) as u8,
            pending: 0,
            started: 0,
            active: 0,
            dragon: NOBODY,
            phase: Phase::Start,
            elimination_bonus: setup.elimination_bonus,
            winners: 0,
            win_reason: None,
        };
        for (seat, hand) in hands.all_tiles().chunks_exact(HAND_SIZE).enumerate() {
            state.hands[seat].copy_from_slice(hand);
            state.hand_len[seat] = HAND_SIZE as u8;
        }
        state.set_pile(setup.draw_pile.as_slice());
        Ok(state)
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the elimination bonus (the advanced rule) is on.
    pub fn elimination_bonus(&self) -> bool {
        self.elimination_bonus
    }

    /// The seat whose turn it is or whose play is being resolved; `None` before every marker
    /// is placed.
    pub fn active(&self) -> Option<Seat> {
        (self.phase != Phase::Start).then_some(Seat(self.active))
    }

    /// The tile on `square`, as it lies.
    pub fn tile_at(&self, square: Square) -> Option<PlacedTile> {
        let m = self.board[square.index()];
        (m != EMPTY).then_some(PlacedTile(m))
    }

    pub fn marker(&self, seat: Seat) -> Marker {
        let s = seat.index();
        if s >= self.players() || self.alive & (1 << s) == 0 {
            Marker::Eliminated
        } else if self.at[s] == NOWHERE {
            Marker::Unplaced
        } else {
            Marker::At(Position(self.at[s]))
        }
    }

    /// The tiles a seat holds, in the order it got them. Eliminated seats keep theirs until
    /// they are shuffled into the pile (and at the end of the game).
    pub fn hand(&self, seat: Seat) -> &[Tile] {
        match self.hands.get(seat.index()) {
            Some(hand) => &hand[..usize::from(self.hand_len[seat.index()])],
            None => &[],
        }
    }

    pub fn draw_pile_len(&self) -> usize {
        TILES - usize::from(self.pile_top)
    }

    /// The draw pile, top first. Hidden from every player: for referees and tests.
    pub fn draw_pile(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pile_tiles().iter().copied()
    }

    pub fn dragon(&self) -> Option<Seat> {
        (self.dragon != NOBODY).then_some(Seat(self.dragon))
    }

    /// Seats eliminated by the last play whose hands wait to be shuffled into the pile.
    pub fn awaiting_shuffle(&self) -> SeatSet {
        seat_set(self.pending)
    }

    pub fn is_alive(&self, seat: Seat) -> bool {
        seat.index() < self.players() && self.alive & (1 << seat.index()) != 0
    }

    pub(crate) fn set_pile(&mut self, top_first: &[Tile]) {
        let top = TILES - top_first.len();
        self.pile[..top].fill(Tile(0));
        self.pile[top..].copy_from_slice(top_first);
        self.pile_top = top as u8;
    }

    fn pile_tiles(&self) -> &[Tile] {
        &self.pile[usize::from(self.pile_top)..]
    }

    /// The board with `tile` laid on `square`.
    #[inline]
    pub(crate) fn board_with(&self, square: usize, tile: u8) -> [u8; SQUARE_SLOTS] {
        let mut board = self.board;
        board[square] = tile;
        board
    }

    /// Every way the active seat can lay a tile from its hand, in hand order: (matchings,
    /// how many). Entries past the count are scratch.
    #[inline]
    pub(crate) fn plays(&self) -> ([u8; MAX_PLAYS + 4], usize) {
        let seat = usize::from(self.active & 7);
        let mut plays = [0; MAX_PLAYS + 4];
        let mut n = 0;
        for tile in &self.hands[seat][..usize::from(self.hand_len[seat]).min(HAND_SIZE)] {
            let t = usize::from(tile.0 & 63);
            plays[n..n + 4].copy_from_slice(&TABLES.orientation_bytes[t]);
            n += usize::from(TABLES.orientation_len[t]);
        }
        (plays, n)
    }

    /// The active seat's marker: (square, point, points of that square where other markers
    /// stand).
    #[inline]
    pub(crate) fn mover_standing(&self) -> (usize, u8, u8) {
        let at = self.at[usize::from(self.active & 7)];
        let square = usize::from(at / 8) & 63;
        let entry = (at % 8) as u8;
        (square, entry, self.points[square] & !(1 << entry))
    }

    /// Whether laying `tile` keeps the active seat's marker on the board.
    pub(crate) fn is_safe(&self, tile: u8) -> bool {
        let (square, entry, others) = self.mover_standing();
        let board = self.board_with(square, tile);
        matches!(walk(&board, square, entry, others), Walk::Stops { .. })
    }

    /// A uniformly random legal play: draws plays until a safe one comes up (rejection
    /// sampling, uniform among the safe plays), or all of them are known to be unsafe.
    #[inline]
    pub(crate) fn random_play(&self, mut index: impl FnMut(usize) -> usize) -> PlacedTile {
        let (plays, n) = self.plays();
        let (square, entry, others) = self.mover_standing();
        let mut board = self.board;
        let all = (1u16 << n) - 1;
        let mut unsafe_plays = 0u16;
        loop {
            let k = index(n);
            if unsafe_plays & (1 << k) != 0 {
                continue;
            }
            let tile = plays[k];
            board[square] = tile;
            if let Walk::Stops { .. } = walk(&board, square, entry, others) {
                return PlacedTile(tile);
            }
            unsafe_plays |= 1 << k;
            if unsafe_plays == all {
                return PlacedTile(plays[index(n)]);
            }
        }
    }

    pub(crate) fn check_start(&self, mark: Position) -> Result<(), IllegalMove> {
        if self.phase != Phase::Start {
            return Err(IllegalMove::new(TsuroRefusal::AllPlaced));
        }
        if !mark.is_start_mark() {
            return Err(IllegalMove::new(
                TsuroRefusal::NotStartMark.with("mark", mark.to_string()),
            ));
        }
        if let Some(seat) = self.at.iter().position(|&at| at == mark.0) {
            return Err(IllegalMove::new(
                TsuroRefusal::MarkTaken
                    .with("mark", mark.to_string())
                    .with("seat", seat),
            ));
        }
        Ok(())
    }

    pub(crate) fn check_play(&self, tile: PlacedTile) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Play => {}
            Phase::Start => {
                return Err(IllegalMove::new(TsuroRefusal::PlaceMarkersFirst));
            }
            Phase::Bonus => {
                return Err(IllegalMove::new(TsuroRefusal::BonusFirst));
            }
            Phase::Shuffle => return Err(IllegalMove::new(TsuroRefusal::ShuffleFirst)),
            Phase::Over => return Err(IllegalMove::new(EngineRefusal::GameOver)),
        }
        if !self.hand(Seat(self.active)).contains(&tile.tile()) {
            return Err(IllegalMove::new(
                TsuroRefusal::TileNotInHand.with("tile", tile.to_string()),
            ));
        }
        if !self.is_safe(tile.0) {
            let (plays, n) = self.plays();
            if plays[..n].iter().any(|&m| self.is_safe(m)) {
                return Err(IllegalMove::new(TsuroRefusal::UnsafePlay));
            }
        }
        Ok(())
    }

    pub(crate) fn check_swap(&self, swap: Swap) -> Result<(), IllegalMove> {
        if self.phase != Phase::Bonus {
            return Err(IllegalMove::new(TsuroRefusal::NothingToSwap));
        }
        let hand = self.hand(Seat(self.active));
        if let Some(tile) = swap.give().iter().find(|t| !hand.contains(t)) {
            return Err(IllegalMove::new(
                TsuroRefusal::GiveNotInHand.with("tile", tile.to_string()),
            ));
        }
        if let Some(tile) = swap
            .take()
            .iter()
            .find(|t| self.pending_hand_holding(**t).is_none())
        {
            return Err(IllegalMove::new(
                TsuroRefusal::TakeNotEliminated.with("tile", tile.to_string()),
            ));
        }
        Ok(())
    }

    pub(crate) fn check_shuffle(&self, shuffle: &Shuffle) -> Result<(), IllegalMove> {
        if self.phase != Phase::Shuffle {
            return Err(IllegalMove::new(TsuroRefusal::NothingToShuffle));
        }
        let mut seen = 0u64;
        for tile in shuffle.pile() {
            if seen & tile.bit() != 0 {
                return Err(IllegalMove::new(
                    TsuroRefusal::PileTileTwice.with("tile", tile.to_string()),
                ));
            }
            seen |= tile.bit();
        }
        if seen != self.shuffled_tiles() {
            return Err(IllegalMove::new(TsuroRefusal::PileMismatch));
        }
        Ok(())
    }

    /// The tiles a shuffle mixes: the draw pile and the hands waiting to join it.
    pub(crate) fn shuffled_tiles(&self) -> u64 {
        let mut tiles = 0;
        for tile in self.pile_tiles() {
            tiles |= tile.bit();
        }
        for seat in seat_set(self.pending).iter() {
            for tile in self.hand(seat) {
                tiles |= tile.bit();
            }
        }
        tiles
    }

    fn pending_hand_holding(&self, tile: Tile) -> Option<(usize, usize)> {
        seat_set(self.pending).iter().find_map(|seat| {
            let hand = self.hand(seat);
            hand.iter()
                .position(|&t| t == tile)
                .map(|i| (seat.index(), i))
        })
    }

    fn pending_tile_count(&self) -> usize {
        seat_set(self.pending)
            .iter()
            .map(|s| self.hand(s).len())
            .sum()
    }

    pub(crate) fn apply_start(&mut self, mark: Position) {
        self.at[usize::from(self.started)] = mark.0;
        self.points[mark.square().index()] |= 1 << mark.point().0;
        self.started += 1;
        if self.started == self.players {
            self.phase = Phase::Play;
            self.active = 0;
        }
    }

    pub(crate) fn apply_play(&mut self, tile: PlacedTile) {
        let seat = usize::from(self.active & 7);
        let (square, entry, _) = self.mover_standing();
        self.remove_from_hand(seat, tile.tile());
        self.board[square] = tile.0;
        let occupied = std::mem::take(&mut self.points[square]);
        // Walks read the board and the points taken before the play, never `at`, so markers
        // can move one by one.
        let mut eliminated = self.move_marker(seat, square, entry, occupied);
        let mut others = occupied & !(1 << entry);
        while others != 0 {
            let point = others.trailing_zeros() as u8;
            others &= others - 1;
            let at = (square * 8) as u16 + u16::from(point);
            if let Some(s) = self.at.iter().position(|&a| a == at) {
                eliminated |= self.move_marker(s, square, point, occupied);
            }
        }
        if eliminated == 0 {
            self.draw_and_pass();
            return;
        }
        self.alive &= !eliminated;
        if self.dragon != NOBODY && eliminated & (1 << self.dragon) != 0 {
            self.dragon =
                self.next_seat_after(self.dragon, |state, s| state.hand_len[s] < HAND_SIZE as u8);
        }
        match self.alive.count_ones() {
            0 => return self.finish(eliminated, WinReason::EliminatedTogether),
            1 => return self.finish(self.alive, WinReason::LastMarker),
            _ => {}
        }
        self.pending = eliminated;
        if self.elimination_bonus
            && self.alive & (1 << seat) != 0
            && self.hand_len[seat] > 0
            && self.pending_tile_count() > 0
        {
            self.phase = Phase::Bonus;
            return;
        }
        self.after_bonus();
    }

    /// Moves the marker of `seat`, standing at `entry` of `square`, along its path; returns its
    /// bit if that eliminates it.
    #[inline]
    fn move_marker(&mut self, seat: usize, square: usize, entry: u8, occupied: u8) -> u8 {
        match walk(&self.board, square, entry, occupied & !(1 << entry)) {
            Walk::Stops { at, .. } => {
                self.at[seat] = at;
                self.points[usize::from(at / 8) & 63] |= 1 << (at % 8);
                0
            }
            Walk::OffBoard { .. } | Walk::Collides { .. } => {
                self.at[seat] = NOWHERE;
                1 << seat
            }
        }
    }

    pub(crate) fn apply_swap(&mut self, swap: Swap) {
        let seat = usize::from(self.active);
        for (&give, &take) in swap.give().iter().zip(swap.take()) {
            if let Some((owner, i)) = self.pending_hand_holding(take) {
                self.hands[owner][i] = give;
            }
            self.remove_from_hand(seat, give);
            let len = usize::from(self.hand_len[seat]);
            self.hands[seat][len] = take;
            self.hand_len[seat] += 1;
        }
        self.after_bonus();
    }

    pub(crate) fn apply_shuffle(&mut self, shuffle: &Shuffle) {
        self.set_pile(shuffle.pile());
        for seat in seat_set(self.pending).iter() {
            let s = seat.index();
            self.hands[s] = [Tile(0); HAND_SIZE];
            self.hand_len[s] = 0;
        }
        self.pending = 0;
        self.draw_and_pass();
    }

    /// The pile with the eliminated hands mixed in, in a fixed order (for chance to shuffle).
    pub(crate) fn tiles_to_shuffle(&self) -> ([Tile; TILES], usize) {
        let mut tiles = [Tile(0); TILES];
        let mut n = 0;
        for &tile in self.pile_tiles() {
            tiles[n] = tile;
            n += 1;
        }
        for seat in seat_set(self.pending).iter() {
            for &tile in self.hand(seat) {
                tiles[n] = tile;
                n += 1;
            }
        }
        (tiles, n)
    }

    fn after_bonus(&mut self) {
        if self.pending_tile_count() > 0 {
            self.phase = Phase::Shuffle;
        } else {
            self.pending = 0;
            self.draw_and_pass();
        }
    }

    fn finish(&mut self, winners: u8, reason: WinReason) {
        self.phase = Phase::Over;
        self.winners = winners;
        self.win_reason = Some(reason);
    }

    fn remove_from_hand(&mut self, seat: usize, tile: Tile) {
        let len = usize::from(self.hand_len[seat]);
        let hand = &mut self.hands[seat];
        if let Some(i) = hand[..len].iter().position(|&t| t == tile) {
            // Slots past the hand hold tile 0, so shifting all three keeps them so (and a
            // fixed-size shift needs no call to memmove).
            let [a, b, c] = *hand;
            *hand = match i {
                0 => [b, c, Tile(0)],
                1 => [a, c, Tile(0)],
                _ => [a, b, Tile(0)],
            };
            self.hand_len[seat] -= 1;
        }
    }

    fn draw(&mut self, seat: usize) {
        let tile = std::mem::take(&mut self.pile[usize::from(self.pile_top)]);
        self.pile_top += 1;
        let len = usize::from(self.hand_len[seat]);
        self.hands[seat][len] = tile;
        self.hand_len[seat] += 1;
    }

    /// Step 3 of a turn, then the turn passes.
    fn draw_and_pass(&mut self) {
        if self.players == 2 {
            return self.draw_and_pass_two();
        }
        let n = usize::from(self.players);
        let mut seat = usize::from(if self.dragon != NOBODY {
            self.dragon
        } else {
            self.active
        });
        // Round after round from the first drawer, until a whole round finds every hand full.
        let mut satisfied = 0;
        while satisfied < n {
            if self.alive & (1 << seat) != 0 && self.hand_len[seat] < HAND_SIZE as u8 {
                if usize::from(self.pile_top) == TILES {
                    if self.dragon == NOBODY {
                        self.dragon = seat as u8;
                    }
                    break;
                }
                self.draw(seat);
                if usize::from(self.dragon) == seat {
                    self.dragon = NOBODY;
                }
                satisfied = 0;
            } else {
                satisfied += 1;
            }
            seat = (seat + 1) % n;
        }
        let next = self.next_seat_after(self.active, |state, s| state.hand_len[s] > 0);
        if next == NOBODY {
            self.finish(self.alive, WinReason::AllTilesPlayed);
        } else {
            self.active = next;
            self.phase = Phase::Play;
        }
    }

    /// The two-seat case: only the active seat draws. Any elimination ends a two-seat game, so
    /// both seats are alive here.
    fn draw_and_pass_two(&mut self) {
        let active = usize::from(self.active & 1);
        if usize::from(self.pile_top) < TILES {
            self.draw(active);
        }
        let next = if self.hand_len[active ^ 1] > 0 {
            active ^ 1
        } else if self.hand_len[active] > 0 {
            active
        } else {
            return self.finish(self.alive, WinReason::AllTilesPlayed);
        };
        self.active = next as u8;
        self.phase = Phase::Play;
    }

    /// The first surviving seat clockwise after `from` (ending with `from` itself) for which
    /// `wanted` holds, or `NOBODY`.
    fn next_seat_after(&self, from: u8, wanted: impl Fn(&Tsuro, usize) -> bool) -> u8 {
        let n = usize::from(self.players);
        for step in 1..=n {
            let s = (usize::from(from) + step) % n;
            if self.alive & (1 << s) != 0 && wanted(self, s) {
                return s as u8;
            }
        }
        NOBODY
    }

    pub(crate) fn free_start_marks(&self) -> impl Iterator<Item = Position> + '_ {
        START_MARKS
            .into_iter()
            .filter(|mark| !self.at[..usize::from(self.started)].contains(&mark.0))
    }
}

/// Follows the path of a marker standing at `entry` of `square`, where a new tile now lies on
/// `board`. `others` are the points of `square` where other markers stood before the play: a
/// path through one of them, leaving the new tile or coming back into it, meets that marker
/// head-on.
#[inline]
pub(crate) fn walk(board: &[u8; SQUARE_SLOTS], square: usize, entry: u8, others: u8) -> Walk {
    let mut at = square * 8 + usize::from(entry);
    let mut tiles = 0;
    if others == 0 {
        loop {
            let matching = board[(at / 8) & 63];
            if matching == EMPTY {
                return Walk::Stops {
                    at: at as u16,
                    tiles,
                };
            }
            tiles += 1;
            let exit = usize::from(TABLES.partner[usize::from(matching)][at % 8]);
            let next = NEIGHBOUR[((at & !7) | exit) & 511];
            if next == OFF_BOARD {
                return Walk::OffBoard { tiles };
            }
            at = usize::from(next);
        }
    }
    loop {
        let here = (at / 8) & 63;
        let matching = board[here];
        if matching == EMPTY {
            return Walk::Stops {
                at: at as u16,
                tiles,
            };
        }
        tiles += 1;
        let exit = TABLES.partner[usize::from(matching)][at % 8];
        if here == square && others & (1 << exit) != 0 {
            return Walk::Collides { point: exit, tiles };
        }
        let next = NEIGHBOUR[(here * 8 + usize::from(exit)) & 511];
        if next == OFF_BOARD {
            return Walk::OffBoard { tiles };
        }
        let point = (next % 8) as u8;
        if usize::from(next / 8) == square && others & (1 << point) != 0 {
            return Walk::Collides { point, tiles };
        }
        at = usize::from(next);
    }
}

pub(crate) fn seat_set(bits: u8) -> SeatSet {
    (0..8u8)
        .filter(|s| bits & (1 << s) != 0)
        .map(Seat)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Search clones states freely; keep them small and off the heap.
    #[test]
    fn a_state_is_small() {
        assert!(
            std::mem::size_of::<Tsuro>() <= 256,
            "{}",
            std::mem::size_of::<Tsuro>()
        );
        assert!(std::mem::size_of::<crate::TsuroMove>() <= 40);
    }
}
