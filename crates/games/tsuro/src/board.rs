use std::fmt;
use std::str::FromStr;

use agora_engine::Refusal;

use crate::TsuroRefusal;
use crate::tile::serde_as_text;

/// Squares along one side of the board.
pub const SIDE: usize = 6;
pub(crate) const SQUARES: usize = SIDE * SIDE;
pub(crate) const POSITIONS: usize = SQUARES * 8;
pub(crate) const START_MARK_COUNT: usize = 48;
/// Board-sized arrays are padded to 64 squares (and position tables to 512) so that an index
/// masked to 6 (or 9) bits needs no bounds check in the walks.
pub(crate) const SQUARE_SLOTS: usize = 64;
pub(crate) const POSITION_SLOTS: usize = SQUARE_SLOTS * 8;

/// A square of the 6×6 board: columns `a`–`f` from left to right, rows `1`–`6` from the top.
/// Numbered 0 to 35 in reading order (`a1`, `b1`, …, `f1`, `a2`, …).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(pub(crate) u8);

/// One of the eight points on a square's edge, clockwise from the top edge's left point:
/// 0 top-left, 1 top-right, 2 right-upper, 3 right-lower, 4 bottom-right, 5 bottom-left,
/// 6 left-lower, 7 left-upper.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(pub(crate) u8);

/// A point on a square's edge, written `c3.4`. A marker's position is the empty square it
/// faces and the point it stands on.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Position(pub(crate) u16);

/// What lies across a point: the same point seen from the next square, or the rim.
pub(crate) const OFF_BOARD: u16 = u16::MAX;

pub(crate) const NEIGHBOUR: [u16; POSITION_SLOTS] = {
    let mut table = [OFF_BOARD; POSITION_SLOTS];
    let mut pos = 0;
    while pos < POSITIONS {
        let square = pos / 8;
        let (row, col) = (square / SIDE, square % SIDE);
        table[pos] = match pos % 8 {
            0 if row > 0 => across(square - SIDE, 5),
            1 if row > 0 => across(square - SIDE, 4),
            2 if col + 1 < SIDE => across(square + 1, 7),
            3 if col + 1 < SIDE => across(square + 1, 6),
            4 if row + 1 < SIDE => across(square + SIDE, 1),
            5 if row + 1 < SIDE => across(square + SIDE, 0),
            6 if col > 0 => across(square - 1, 3),
            7 if col > 0 => across(square - 1, 2),
            _ => OFF_BOARD,
        };
        pos += 1;
    }
    table
};

const fn across(square: usize, point: usize) -> u16 {
    (square * 8 + point) as u16
}

const fn at(column: usize, row: usize, point: usize) -> Position {
    Position(((row * SIDE + column) * 8 + point) as u16)
}

/// The start marks clockwise round the rim from `a1.0`.
pub(crate) const START_MARKS: [Position; START_MARK_COUNT] = {
    let mut marks = [Position(0); START_MARK_COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < SIDE {
        marks[n] = at(i, 0, 0);
        marks[n + 1] = at(i, 0, 1);
        marks[2 * SIDE + n] = at(SIDE - 1, i, 2);
        marks[2 * SIDE + n + 1] = at(SIDE - 1, i, 3);
        marks[4 * SIDE + n] = at(SIDE - 1 - i, SIDE - 1, 4);
        marks[4 * SIDE + n + 1] = at(SIDE - 1 - i, SIDE - 1, 5);
        marks[6 * SIDE + n] = at(0, SIDE - 1 - i, 6);
        marks[6 * SIDE + n + 1] = at(0, SIDE - 1 - i, 7);
        n += 2;
        i += 1;
    }
    marks
};

impl Square {
    /// The square in `column` (0 = `a`) and `row` (0 = `1`, the top row).
    pub fn new(column: usize, row: usize) -> Option<Square> {
        (column < SIDE && row < SIDE).then(|| Square((row * SIDE + column) as u8))
    }

    /// Every square in reading order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// 0 for column `a`.
    pub fn column(self) -> usize {
        self.0 as usize % SIDE
    }

    /// 0 for row `1`, the top row.
    pub fn row(self) -> usize {
        self.0 as usize / SIDE
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Point {
    /// The point numbered `n` (0 to 7).
    pub fn new(n: u8) -> Option<Point> {
        (n < 8).then_some(Point(n))
    }

    pub fn all() -> impl Iterator<Item = Point> {
        (0..8).map(Point)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Position {
    pub fn new(square: Square, point: Point) -> Position {
        Position(u16::from(square.0) * 8 + u16::from(point.0))
    }

    pub fn square(self) -> Square {
        Square((self.0 / 8) as u8)
    }

    pub fn point(self) -> Point {
        Point((self.0 % 8) as u8)
    }

    /// The same point seen from the square across it, or `None` on the rim.
    pub fn across(self) -> Option<Position> {
        let next = NEIGHBOUR[self.0 as usize];
        (next != OFF_BOARD).then_some(Position(next))
    }

    /// Whether this is one of the 48 start marks: a rim point facing off the board.
    pub fn is_start_mark(self) -> bool {
        NEIGHBOUR[self.0 as usize] == OFF_BOARD
    }

    /// The 48 start marks clockwise round the rim from `a1.0`.
    pub fn start_marks() -> impl Iterator<Item = Position> {
        START_MARKS.into_iter()
    }
}

/// Text that is not a square or position, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsePositionError(pub(crate) Refusal);

impl ParsePositionError {
    pub fn refusal(&self) -> &Refusal {
        &self.0
    }
}

impl From<ParsePositionError> for Refusal {
    fn from(error: ParsePositionError) -> Refusal {
        error.0
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

fn short(text: &str) -> String {
    text.chars().take(20).collect()
}

impl std::error::Error for ParsePositionError {}

impl FromStr for Square {
    type Err = ParsePositionError;

    fn from_str(text: &str) -> Result<Square, ParsePositionError> {
        match text.as_bytes() {
            &[column @ b'a'..=b'f', row @ b'1'..=b'6'] => {
                Ok(Square((row - b'1') * SIDE as u8 + (column - b'a')))
            }
            _ => Err(ParsePositionError(
                TsuroRefusal::NotSquare.with("word", short(text)),
            )),
        }
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let Some((square, point)) = text.split_once('.') else {
            return Err(ParsePositionError(
                TsuroRefusal::PositionShape.with("word", short(text)),
            ));
        };
        let square: Square = square.parse()?;
        match point.as_bytes() {
            &[digit @ b'0'..=b'7'] => Ok(Position::new(square, Point(digit - b'0'))),
            _ => Err(ParsePositionError(
                TsuroRefusal::NotPoint.with("word", short(point)),
            )),
        }
    }
}

/// Every position's written name, `a1.0` to `f6.7`; a square's name is its first two bytes.
const NAMES: [[u8; 4]; POSITIONS] = {
    let mut names = [[0u8; 4]; POSITIONS];
    let mut pos = 0;
    while pos < POSITIONS {
        let square = pos / 8;
        names[pos] = [
            b'a' + (square % SIDE) as u8,
            b'1' + (square / SIDE) as u8,
            b'.',
            b'0' + (pos % 8) as u8,
        ];
        pos += 1;
    }
    names
};

impl Square {
    /// The written name, e.g. `c3`.
    pub fn as_str(self) -> &'static str {
        std::str::from_utf8(&NAMES[self.index() * 8][..2]).expect("names are ASCII")
    }
}

impl Position {
    /// The written name, e.g. `c3.4`.
    pub fn as_str(self) -> &'static str {
        std::str::from_utf8(&NAMES[self.0 as usize]).expect("names are ASCII")
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

serde_as_text!(Square);
serde_as_text!(Position);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_points_are_mutual() {
        for pos in 0..POSITIONS as u16 {
            let next = NEIGHBOUR[pos as usize];
            if next != OFF_BOARD {
                assert_eq!(NEIGHBOUR[next as usize], pos);
            }
        }
    }

    #[test]
    fn start_marks_go_round_the_rim() {
        let names: Vec<String> = START_MARKS.iter().map(|m| m.to_string()).collect();
        assert_eq!(&names[..3], ["a1.0", "a1.1", "b1.0"]);
        assert_eq!(&names[12..14], ["f1.2", "f1.3"]);
        assert_eq!(&names[24..26], ["f6.4", "f6.5"]);
        assert_eq!(&names[46..], ["a1.6", "a1.7"]);
        let mut sorted = START_MARKS.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 48);
        assert!(START_MARKS.iter().all(|m| m.is_start_mark()));
        let rim = (0..POSITIONS as u16)
            .filter(|&p| Position(p).is_start_mark())
            .count();
        assert_eq!(rim, 48);
    }
}
