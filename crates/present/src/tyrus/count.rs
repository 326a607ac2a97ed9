//! An election's count as arithmetic, the way a player checks it at the table.

use agora_engine::{Seat, Viewer};
use agora_tyrus::{Count, ElectionResult};

use crate::Reader;
use crate::text::{Args, text_with};

/// One side's count as arithmetic, the same in every language: `18 − 7 = 11`,
/// `12 − (8 − 6) = 10`. Without blocks the votes are the score (`18`); counters beyond the
/// blocks cancel them and no more (`12 − max(0, 8 − 9) = 12`); a score never goes below zero
/// (`max(0, 3 − 7) = 0`).
pub fn arithmetic(count: Count) -> String {
    let Count {
        votes,
        blocks,
        counters,
    } = count;
    if blocks == 0 {
        return votes.to_string();
    }
    let blocked = if counters == 0 {
        blocks.to_string()
    } else if counters <= blocks {
        format!("({blocks} − {counters})")
    } else {
        format!("max(0, {blocks} − {counters})")
    };
    let sum = format!("{votes} − {blocked}");
    if votes < count.net_blocks() {
        format!("max(0, {sum}) = 0")
    } else {
        format!("{sum} = {}", count.score())
    }
}

/// The reader's seat first, then the other; seat order for a spectator.
pub(crate) fn reading_order(reader: &Reader) -> [Seat; 2] {
    match reader.viewer {
        Viewer::Seat(me) if me.index() < 2 => [me, Seat(me.0 ^ 1)],
        _ => [Seat(0), Seat(1)],
    }
}

/// One election's count as arithmetic for each side, the reader's first: "You: 18 − 7 = 11;
/// Ada: 12 − (8 − 6) = 10".
pub fn count(reader: &Reader, result: &ElectionResult) -> String {
    let [first, second] = reading_order(reader).map(|seat| {
        let mut args = Args::new();
        reader.add(&mut args, "who", seat);
        args.insert("sum".into(), arithmetic(result.counts[seat.index()]).into());
        text_with(reader.lang, "tyrus-count-side", &args)
    });
    // Each side's label is written as mid-sentence ("the computer"); the first begins it.
    let first = crate::text::sentence(first);
    text_with(
        reader.lang,
        "list-semicolon",
        &crate::args![("first", first), ("second", second)],
    )
}

#[cfg(test)]
mod tests {
    use agora_tyrus::Office;

    use super::*;
    use crate::{Lang, Who};

    fn c(votes: u8, blocks: u8, counters: u8) -> Count {
        Count {
            votes,
            blocks,
            counters,
        }
    }

    #[test]
    fn arithmetic_shows_every_step_and_stays_true() {
        for (count, shown) in [
            (c(18, 7, 0), "18 − 7 = 11"),
            (c(12, 8, 6), "12 − (8 − 6) = 10"),
            (c(18, 0, 0), "18"),
            (c(18, 0, 5), "18"),
            (c(12, 8, 8), "12 − (8 − 8) = 12"),
            (c(12, 8, 9), "12 − max(0, 8 − 9) = 12"),
            (c(3, 7, 0), "max(0, 3 − 7) = 0"),
            (c(3, 9, 2), "max(0, 3 − (9 − 2)) = 0"),
            (c(7, 7, 0), "7 − 7 = 0"),
            (c(0, 0, 0), "0"),
        ] {
            assert_eq!(arithmetic(count), shown, "{count:?}");
        }
    }

    #[test]
    fn the_rulebooks_count_from_each_side() {
        let result = ElectionResult {
            office: Office::General,
            scores: [11, 10],
            counts: [c(18, 7, 0), c(12, 8, 6)],
            winner: Some(Seat(0)),
        };
        let seats = vec![Who::Person("Ada".into()), Who::Computer];
        let at = |lang, viewer| count(&Reader::new(lang, viewer, seats.clone()), &result);
        assert_eq!(
            at(Lang::En, Viewer::Seat(Seat(0))),
            "You: 18 − 7 = 11; the computer: 12 − (8 − 6) = 10"
        );
        assert_eq!(
            at(Lang::En, Viewer::Seat(Seat(1))),
            "You: 12 − (8 − 6) = 10; Ada: 18 − 7 = 11"
        );
        assert_eq!(
            at(Lang::En, Viewer::Spectator),
            "Ada: 18 − 7 = 11; the computer: 12 − (8 − 6) = 10"
        );
        assert_eq!(
            at(Lang::De, Viewer::Seat(Seat(1))),
            "Du: 12 − (8 − 6) = 10; Ada: 18 − 7 = 11"
        );
        assert_eq!(
            at(Lang::Fr, Viewer::Seat(Seat(0))),
            "Vous\u{202f}: 18 − 7 = 11\u{202f}; l’ordinateur\u{202f}: 12 − (8 − 6) = 10"
        );
        assert!(crate::text::take_misses().is_empty());
    }
}
