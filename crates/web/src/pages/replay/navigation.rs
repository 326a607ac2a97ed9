//! The controls that go elsewhere in a replay: first, previous, next and last; every line of
//! the history; every "view as" choice. For a game they are links to its replay address; for
//! an uploaded record, buttons that post the record again.

use agora_engine::Seat;

use super::ViewAs;
use crate::i18n::Tr;
use crate::play::Entry;

/// A control that goes to a step: a link, or for an uploaded record a button that posts it.
#[derive(Clone, Debug)]
pub struct StepControl {
    pub id: String,
    pub text: String,
    /// `None` when there is nowhere to go (the first step's "previous").
    pub step: Option<u64>,
    pub href: String,
    /// It goes to the step shown (`aria-current`).
    pub current: bool,
}

/// A line of the history: its step, its words, its control.
#[derive(Clone, Debug)]
pub struct HistoryLine {
    pub text: String,
    pub control: StepControl,
    /// The move is one of the game's turning points: its tag ("turning point 2").
    pub turning: Option<String>,
}

/// Tags the lines of `history` whose move is one of the turning points decided at
/// `versions` (in order; a move decided at version V is step V + 1), numbered as the
/// chart marks them.
pub fn mark_turning(tr: Tr, history: &mut [HistoryLine], versions: &[u64]) {
    for (number, version) in versions.iter().enumerate() {
        let step = Some(version + 1);
        if let Some(line) = history.iter_mut().find(|l| l.control.step == step) {
            line.turning = Some(tr.a("turned-turning-tag", "number", number + 1));
        }
    }
}

/// A "view as" choice.
#[derive(Clone, Debug)]
pub struct ViewChoice {
    pub label: String,
    /// Its `as` value.
    pub code: String,
    pub href: String,
    pub current: bool,
}

/// How the step's source is linked: a game's replay address, or an uploaded record.
#[derive(Debug)]
pub enum Linked<'a> {
    Game { id: &'a str, view_as: ViewAs },
    Record,
}

impl Linked<'_> {
    fn href(&self, step: u64) -> String {
        match self {
            Linked::Game { id, view_as } => {
                format!("/games/{id}/replay?step={step}&as={}", view_as.code())
            }
            Linked::Record => String::new(),
        }
    }

    fn view_href(&self, step: u64, view_as: ViewAs) -> String {
        match self {
            Linked::Game { id, .. } => {
                format!("/games/{id}/replay?step={step}&as={}", view_as.code())
            }
            Linked::Record => format!("?as={}", view_as.code()),
        }
    }
}

/// Where the reader is: the step shown, and how steps are linked.
#[derive(Debug)]
pub struct At<'a> {
    pub step: u64,
    pub linked: &'a Linked<'a>,
}

impl At<'_> {
    fn control(&self, id: String, text: String, to: Option<u64>) -> StepControl {
        StepControl {
            id,
            text,
            href: to.map(|s| self.linked.href(s)).unwrap_or_default(),
            current: to == Some(self.step),
            step: to,
        }
    }

    /// First, previous, next and last, up to step `last`.
    pub fn nav(&self, tr: Tr, last: u64) -> Vec<StepControl> {
        let step = self.step;
        vec![
            self.control(
                "replay-first".into(),
                tr.t("replay-first"),
                (step > 0).then_some(0),
            ),
            self.control(
                "replay-previous".into(),
                tr.t("replay-previous"),
                step.checked_sub(1),
            ),
            self.control(
                "replay-next".into(),
                tr.t("replay-next"),
                (step < last).then_some(step + 1),
            ),
            self.control(
                "replay-last".into(),
                tr.t("replay-last"),
                (step < last).then_some(last),
            ),
        ]
    }

    /// The start, then a line per entry of `history`, each going to its step.
    pub fn history(&self, tr: Tr, history: &[Entry]) -> Vec<HistoryLine> {
        let mut lines = vec![HistoryLine {
            text: tr.t("replay-start"),
            control: self.control("step-0".into(), tr.t("replay-start-short"), Some(0)),
            turning: None,
        }];
        lines.extend(history.iter().map(|e| HistoryLine {
            text: e.lines.join(" "),
            control: self.control(
                format!("step-{}", e.version),
                tr.a("replay-step-number", "step", e.version),
                Some(e.version),
            ),
            turning: None,
        }));
        lines
    }

    /// A choice per view in `choices`, at this step; `shown` is the one shown.
    pub fn views(
        &self,
        tr: Tr,
        choices: &[ViewAs],
        shown: ViewAs,
        names: &[String],
    ) -> Vec<ViewChoice> {
        choices
            .iter()
            .map(|choice| ViewChoice {
                label: view_label(tr, *choice, names),
                code: choice.code(),
                href: self.linked.view_href(self.step, *choice),
                current: *choice == shown,
            })
            .collect()
    }
}

/// Whose view `view_as` is, in words.
pub fn view_label(tr: Tr, view_as: ViewAs, names: &[String]) -> String {
    match view_as {
        ViewAs::Seat(seat) => tr.a(
            "replay-as-seat",
            "name",
            names.get(seat.index()).cloned().unwrap_or_default(),
        ),
        ViewAs::Spectator => tr.t("replay-as-spectator"),
        ViewAs::All => tr.t("replay-as-all"),
    }
}

/// Every view of a game of `seats` seats once it is over; only `view_as` while it is played.
pub fn choices(seats: usize, over: bool, view_as: ViewAs) -> Vec<ViewAs> {
    if over {
        (0..seats as u8)
            .map(|s| ViewAs::Seat(Seat(s)))
            .chain([ViewAs::Spectator, ViewAs::All])
            .collect()
    } else {
        vec![view_as]
    }
}
