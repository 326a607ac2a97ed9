//! One step of a replay: the table as it stood for the view, the step's narration, the
//! players' bar with the clocks as they stood, and the controls around it.

use agora_engine::{Outcome, Seat};
use agora_games::GameKind;
use agora_store::{Event, TimeControl};

use super::ViewAs;
use super::board::{self, HandLine};
use super::navigation::{At, HistoryLine, Linked, StepControl, ViewChoice, choices, view_label};
use crate::ctx::PageError;
use crate::i18n::Tr;
use crate::pages::game::fair::FairView;
use crate::play::Narrated;
use crate::play::steps::Stepper;

/// One seat in the players' bar at the step.
#[derive(Clone, Debug)]
pub struct SeatLine {
    pub name: String,
    pub to_move: bool,
    pub clock: Option<String>,
    pub won: bool,
}

/// What each step's button posts again.
#[derive(Clone, Debug)]
pub struct Reposted {
    pub record: String,
    pub csrf: String,
    pub view_as: String,
}

/// Everything the replay's view shows (the part the script swaps).
#[derive(Debug)]
pub struct ReplayView {
    pub tr: Tr,
    pub title: String,
    pub step: u64,
    pub steps: u64,
    /// "Step 12 of 40".
    pub step_label: String,
    /// What happened at this step.
    pub narration: String,
    /// Whose view this is, in words.
    pub view_label: String,
    pub players: Vec<SeatLine>,
    pub board: String,
    /// The heading of `hands`: every hand, or the viewing seat's.
    pub hands_title: String,
    pub hands: Vec<HandLine>,
    pub nav: Vec<StepControl>,
    pub history: Vec<HistoryLine>,
    pub views: Vec<ViewChoice>,
    pub fair: Option<FairView>,
    /// The game's page and its record, for a game of this server.
    pub game_href: Option<String>,
    pub record_href: Option<String>,
    /// The game is still being played: the replay stops at its present.
    pub running: bool,
    /// For an uploaded record: what every step's button posts again.
    pub upload: Option<Reposted>,
    /// Where the game turned (`pages::turned`), on the whole page of a finished game.
    pub turned: Option<crate::pages::turned::TurnedHtml>,
    /// The table chat as it stood at the step (`replay::chat`), rendered; a game of this
    /// server's.
    pub chat: Option<String>,
    /// The fragment's address (`replay.js`).
    pub fragment_href: String,
    /// The view's `as` value.
    pub view_code: String,
    /// A record with no commitment: the check's verdict, said without the deal's section.
    pub unfair_note: Option<String>,
}

/// What a step is built from, besides the stepper.
#[derive(Debug)]
pub struct StepInput<'a> {
    pub tr: Tr,
    pub kind: GameKind,
    pub step: u64,
    /// The last step the reader may see.
    pub last: u64,
    pub view_as: ViewAs,
    pub names: Vec<String>,
    /// How the game ended (its winners are marked at the last step).
    pub outcome: Option<Outcome>,
    /// The game is over: every view may be chosen.
    pub over: bool,
    pub time_control: TimeControl,
    pub linked: Linked<'a>,
}

/// The view of one step, from its stepper.
pub fn step_view(input: StepInput<'_>, stepper: &Stepper) -> Result<ReplayView, PageError> {
    let StepInput {
        tr,
        kind,
        step,
        last,
        view_as,
        names,
        outcome,
        over,
        time_control,
        linked,
    } = input;
    let title = tr.args(
        "replay-title",
        &[
            ("game", crate::game_name(tr, kind)),
            ("players", names.join(" · ")),
        ],
    );
    let winners: Vec<Seat> = (0..names.len() as u8)
        .map(Seat)
        .filter(|s| outcome.as_ref().is_some_and(|o| o.winners.contains(*s)))
        .collect();
    let narrated: Narrated = stepper.at(step)?;
    let history = &stepper.history()[..usize::try_from(last)
        .unwrap_or(usize::MAX)
        .min(stepper.history().len())];
    let at = At {
        step,
        linked: &linked,
    };
    let narration = match step {
        0 => tr.t("replay-start"),
        _ => history
            .get(step as usize - 1)
            .map(|e| e.lines.join(" "))
            .filter(|l| !l.is_empty())
            .unwrap_or_else(|| tr.t("replay-step-silent")),
    };
    let turn = narrated.game.turn().seat();
    let clocks = clocks_at(stepper.events(), step, names.len(), &time_control);
    let players = names
        .iter()
        .enumerate()
        .map(|(i, name)| SeatLine {
            name: name.clone(),
            to_move: turn == Some(Seat(i as u8)),
            clock: clocks[i].map(clock_text),
            won: step == last && winners.contains(&Seat(i as u8)),
        })
        .collect();
    let board_view = board::board_view(tr, &narrated, &names, view_as == ViewAs::All);
    let board = board::render(&board_view)?;
    // Every hand with everything revealed; a seat's own where its table does not show it.
    let (hands_title, hands) = match view_as {
        ViewAs::All => (
            tr.t("replay-hands"),
            (0..names.len() as u8)
                .map(|s| board::hand_of(tr, &narrated, Seat(s), &names))
                .collect(),
        ),
        ViewAs::Seat(seat) if !board::table_shows_hand(&board_view.table) => (
            tr.a(
                "replay-own-hand",
                "name",
                names.get(seat.index()).cloned().unwrap_or_default(),
            ),
            vec![board::hand_of(tr, &narrated, seat, &names)],
        ),
        _ => (String::new(), Vec::new()),
    };
    let views = at.views(tr, &choices(names.len(), over, view_as), view_as, &names);
    Ok(ReplayView {
        tr,
        title,
        step,
        steps: last,
        step_label: tr.args(
            "replay-step-of",
            &[("step", step.to_string()), ("steps", last.to_string())],
        ),
        narration,
        view_label: view_label(tr, view_as, &names),
        players,
        board,
        hands_title,
        hands,
        nav: at.nav(tr, last),
        history: at.history(tr, history),
        views,
        fair: None,
        game_href: None,
        record_href: None,
        running: false,
        upload: None,
        turned: None,
        chat: None,
        fragment_href: String::new(),
        view_code: view_as.code(),
        unfair_note: None,
    })
}

fn clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Each seat's clock after `step`: its latest event's, else the time control's start.
pub fn clocks_at(
    events: &[Event],
    step: u64,
    seats: usize,
    time_control: &TimeControl,
) -> Vec<Option<i64>> {
    let start = match time_control {
        TimeControl::Live { initial_s, .. } => Some(i64::from(*initial_s) * 1000),
        _ => None,
    };
    let mut clocks = vec![start; seats];
    for event in events.iter().take_while(|e| e.version <= step) {
        if let (Some(seat), Some(ms)) = (event.seat, event.clock_ms)
            && let Some(slot) = clocks.get_mut(usize::from(seat))
        {
            *slot = Some(ms);
        }
    }
    clocks
}
