//! Who sits where, and how a narrator names them for one reader.

use std::borrow::Cow;

use agora_engine::{Seat, Viewer};

use crate::text::{Args, text_with};
use crate::{Lang, args};

/// Who sits at a seat, as a narrator names them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    Person(String),
    Computer,
}

/// How a sentence speaks of a seat: to the reader, of the computer, or of a named person.
/// Messages select their wording on it (`$who -> [you] ... [computer] ... *[person] ...`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    You,
    Computer,
    Person,
}

impl Role {
    pub const fn code(self) -> &'static str {
        match self {
            Role::You => "you",
            Role::Computer => "computer",
            Role::Person => "person",
        }
    }
}

/// The reader and the table: whose point of view, in which language, and who sits where.
#[derive(Clone, Debug)]
pub struct Reader {
    pub lang: Lang,
    pub viewer: Viewer,
    pub seats: Vec<Who>,
}

impl Reader {
    pub fn new(lang: Lang, viewer: Viewer, seats: Vec<Who>) -> Reader {
        Reader {
            lang,
            viewer,
            seats,
        }
    }

    /// Whether `seat` is the reader's own.
    pub fn is_me(&self, seat: Seat) -> bool {
        self.viewer == Viewer::Seat(seat)
    }

    /// How sentences speak of `seat`: the reader's own seat is "you"; a computer is "the
    /// computer" when it is the only one at the table, else it is named like a person
    /// ("Computer 2"); a person by name, or "Player 3" when they have none.
    pub fn role(&self, seat: Seat) -> Role {
        if self.is_me(seat) {
            return Role::You;
        }
        match self.seats.get(seat.index()) {
            Some(Who::Computer) if self.computers() == 1 => Role::Computer,
            _ => Role::Person,
        }
    }

    /// "you" for the reader's own seat, "the computer", or the person's name, in `lang`, as
    /// written mid-sentence.
    pub fn name(&self, seat: Seat) -> String {
        let mut args = Args::new();
        self.add(&mut args, "who", seat);
        text_with(self.lang, "reader-name", &args)
    }

    /// The name a person (or a numbered computer) goes by; for the reader and a lone
    /// computer, whose sentences do not use it, the same.
    fn proper_name(&self, seat: Seat) -> String {
        match self.seats.get(seat.index()) {
            Some(Who::Person(name)) if !name.trim().is_empty() => name.trim().to_string(),
            Some(Who::Computer) if self.computers() > 1 => {
                let number = self.seats[..seat.index()]
                    .iter()
                    .filter(|w| **w == Who::Computer)
                    .count()
                    + 1;
                text_with(self.lang, "computer-numbered", &args![("number", number)])
            }
            Some(Who::Computer) => text_with(self.lang, "reader-name", &args![("who", "computer")]),
            _ => text_with(
                self.lang,
                "player-numbered",
                &args![("number", seat.index() + 1)],
            ),
        }
    }

    fn computers(&self) -> usize {
        self.seats.iter().filter(|w| **w == Who::Computer).count()
    }

    /// Puts `seat` into `args` under `slot`: `$slot` its [`Role`], `$slot-name` its name and
    /// `$slot-elide` whether that name begins with a vowel sound (French writes "d’Ada" but
    /// "de Bruno").
    pub fn add(&self, args: &mut Args<'_>, slot: &'static str, seat: Seat) {
        let name = self.proper_name(seat);
        let elide = name
            .chars()
            .next()
            .and_then(|c| c.to_lowercase().next())
            .is_some_and(|c| "aeiouyhàâäéèêëîïôöùûüœæ".contains(c));
        args.insert(Cow::Borrowed(slot), self.role(seat).code().into());
        args.insert(Cow::Owned(format!("{slot}-name")), name.into());
        args.insert(
            Cow::Owned(format!("{slot}-elide")),
            if elide { "yes" } else { "no" }.into(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(viewer: Viewer, seats: Vec<Who>) -> Reader {
        Reader::new(Lang::En, viewer, seats)
    }

    #[test]
    fn names_say_you_the_computer_or_the_name() {
        let seats = vec![Who::Person("Ada".into()), Who::Computer];
        let ada = table(Viewer::Seat(Seat(0)), seats.clone());
        assert_eq!(ada.name(Seat(0)), "you");
        assert_eq!(ada.name(Seat(1)), "the computer");
        let spectator = table(Viewer::Spectator, seats);
        assert_eq!(spectator.name(Seat(0)), "Ada");
        for (lang, you, computer) in [
            (Lang::De, "du", "der Computer"),
            (Lang::Fr, "vous", "l’ordinateur"),
        ] {
            let reader = Reader::new(
                lang,
                Viewer::Seat(Seat(0)),
                vec![Who::Person("Ada".into()), Who::Computer],
            );
            assert_eq!(reader.name(Seat(0)), you);
            assert_eq!(reader.name(Seat(1)), computer);
        }
    }

    #[test]
    fn several_computers_are_numbered_and_nameless_people_get_their_seat() {
        let reader = table(
            Viewer::Spectator,
            vec![Who::Computer, Who::Person("  ".into()), Who::Computer],
        );
        assert_eq!(reader.name(Seat(0)), "Computer 1");
        assert_eq!(reader.name(Seat(1)), "Player 2");
        assert_eq!(reader.name(Seat(2)), "Computer 2");
        assert_eq!(reader.role(Seat(2)), Role::Person);
        assert_eq!(
            reader.name(Seat(5)),
            "Player 6",
            "a seat the table does not list"
        );
    }

    #[test]
    fn french_elides_before_a_vowel() {
        let reader = table(
            Viewer::Spectator,
            vec![Who::Person("Émile".into()), Who::Person("Bruno".into())],
        );
        let mut args = Args::new();
        reader.add(&mut args, "a", Seat(0));
        reader.add(&mut args, "b", Seat(1));
        assert_eq!(args["a-elide"], "yes".into());
        assert_eq!(args["b-elide"], "no".into());
    }
}
