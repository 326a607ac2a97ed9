use std::fmt;
use std::str::FromStr;

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat at the table, numbered from 0 in turn order.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The most seats any game supports.
    pub const MAX: usize = 16;

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The error of parsing a [`Seat`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSeatError;

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a seat is a number from 0 to {}", Seat::MAX - 1)
    }
}

impl std::error::Error for ParseSeatError {}

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        match s.parse::<u8>() {
            Ok(n) if usize::from(n) < Seat::MAX => Ok(Seat(n)),
            _ => Err(ParseSeatError),
        }
    }
}

/// A set of seats, for winners and teams. Serialized as a sorted list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u16);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Seats `0..n`.
    pub const fn first(n: usize) -> SeatSet {
        SeatSet(((1u32 << n) - 1) as u16)
    }

    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Seat::MAX as u8)
            .map(Seat)
            .filter(move |s| self.contains(*s))
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for seat in self.iter() {
            seq.serialize_element(&seat)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SeatSet, D::Error> {
        struct SeatSetVisitor;
        impl<'de> Visitor<'de> for SeatSetVisitor {
            type Value = SeatSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of seats")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SeatSet, A::Error> {
                let mut set = SeatSet::EMPTY;
                while let Some(seat) = seq.next_element::<Seat>()? {
                    if seat.index() >= Seat::MAX {
                        return Err(serde::de::Error::custom(ParseSeatError));
                    }
                    set = set.with(seat);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(SeatSetVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_serializes_sorted() {
        let set: SeatSet = [Seat(3), Seat(0)].into_iter().collect();
        assert_eq!(serde_json::to_string(&set).unwrap(), "[0,3]");
        let back: SeatSet = serde_json::from_str("[3,0]").unwrap();
        assert_eq!(back, set);
        assert!(serde_json::from_str::<SeatSet>("[16]").is_err());
        assert_eq!(SeatSet::first(2).len(), 2);
    }

    #[test]
    fn seat_parses() {
        assert_eq!("7".parse::<Seat>(), Ok(Seat(7)));
        assert!("16".parse::<Seat>().is_err());
        assert!("-1".parse::<Seat>().is_err());
    }
}
