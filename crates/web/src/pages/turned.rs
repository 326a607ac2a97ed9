//! "Where the game turned" on a finished game's page (issue 34): the computer's estimate of
//! each seat's chance at its every move, as a small SVG chart with a table of the same values,
//! and the three moves that changed an estimate most, each with the move the computer
//! preferred and why in the hint's words. While the look back runs in the background
//! (`agora_server::api::chances`), the partial says so; a reload shows the chart once it is
//! ready, and with JavaScript `turned.js` asks `pages::game::turned` for it every few seconds and swaps
//! it in (never while the tab is hidden). Pages load that script only while the look back
//! runs ([`TurnedHtml::polls`]): a running game has none yet, a finished one needs no asking.
//!
//! The partial is `templates/partials/turned.html`; [`render`] builds it from a game id and a
//! reader, so any page (the game's, the replay viewer) can show it.

use agora_engine::{Seat, Viewer};
use agora_present::Reader;
use agora_present::hint::HintText;
use agora_server::AppState;
use agora_server::api::chances::{LookBack, TurningPoint};
use agora_store::TableId;
use agora_store::chances::{AnalysisState, ChanceStep};
use askama::Template;

use crate::i18n::Tr;
use crate::rating_chart::{Line, Mark, Marker, chart};

/// The partial, ready to render.
#[derive(Template, Debug)]
#[template(path = "partials/turned.html")]
pub struct Turned {
    pub tr: Tr,
    /// While the look back runs: how far it is ("12 of 40 moves").
    pub waiting: Option<String>,
    /// While the look back runs: where `turned.js` asks for the partial again.
    pub poll: Option<String>,
    /// Said politely once the chart replaces the waiting line.
    pub ready: String,
    pub failed: bool,
    pub explain: String,
    pub svg: String,
    pub legend: Vec<LegendLine>,
    pub rows: Vec<Row>,
    pub points_heading: String,
    pub points: Vec<Point>,
}

/// A seat's line as the legend shows it.
#[derive(Debug)]
pub struct LegendLine {
    pub name: String,
    /// A sample of the line with its marker (decorative: the name says it).
    pub sample: String,
}

/// One move of the table beside the chart.
#[derive(Debug)]
pub struct Row {
    pub number: usize,
    pub player: String,
    pub played: String,
    pub preferred: String,
    pub before: String,
    pub after: String,
    /// The turning point's number (1 to 3) if this move is one.
    pub turning: Option<usize>,
}

/// A turning point.
#[derive(Debug)]
pub struct Point {
    pub heading: String,
    pub preferred: String,
    pub change: String,
    pub said_to: String,
    pub hint: HintText,
}

/// How many seats have a style of their own (`.turned-seat-N` in agora.css); more seats
/// share them in turn, their markers still apart for four.
const STYLES: usize = 8;

/// The look back over game `id` for `reader`, whose seats are called `names` (in seat
/// order); `None` when the game has none (not over, aborted, or finished before look backs
/// existed), or it cannot be read.
pub async fn render(
    state: &AppState,
    id: TableId,
    reader: &Reader,
    names: &[String],
) -> Option<Turned> {
    let look = agora_server::api::chances::look_back(state, id).await;
    let look = look
        .map_err(|e| tracing::warn!(game = %id, error = ?e, "no look back"))
        .ok()??;
    let mut turned = build(&look, reader, names);
    if turned.waiting.is_some() {
        turned.poll = Some(format!("/games/{id}/turned"));
    }
    Some(turned)
}

/// The partial rendered for a page, and whether it still waits for the look back (the page
/// then loads `turned.js`, which asks again; a finished look back needs no script).
#[derive(Debug)]
pub struct TurnedHtml {
    pub html: String,
    pub polls: bool,
}

/// [`render`], rendered: `None` as there, or when it cannot be rendered (logged).
pub async fn rendered(
    state: &AppState,
    id: TableId,
    reader: &Reader,
    names: &[String],
) -> Option<TurnedHtml> {
    let turned = render(state, id, reader, names).await?;
    let html = (turned.render())
        .map_err(|e| tracing::warn!(error = %e, "where the game turned"))
        .ok()?;
    Some(TurnedHtml {
        html,
        polls: turned.poll.is_some(),
    })
}

fn percent(tr: Tr, thousandths: Option<u16>) -> String {
    match thousandths {
        Some(t) => tr.a("turned-percent", "n", (f64::from(t) / 10.0).round() as i64),
        None => tr.t("turned-no-estimate"),
    }
}

fn name_of(names: &[String], seat: u8) -> String {
    names
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_else(|| format!("{}", seat + 1))
}

/// The move the computer preferred at `step`, from its kept hint.
fn preferred(step: &ChanceStep) -> String {
    let kept: Option<serde_json::Value> = serde_json::from_str(&step.hint).ok();
    (kept.as_ref())
        .and_then(|k| k["best"]["move"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// A turning point's hint in the words the Hint button would have given its seat.
fn told(point: &TurningPoint, reader: &Reader) -> HintText {
    let mut to_seat = reader.clone();
    to_seat.viewer = Viewer::Seat(Seat(point.step.seat));
    crate::play::hint_words::tell(&point.hint, &to_seat)
}

/// Each seat's line: at each of its moves, the estimate with the move preferred, then with
/// the move played one version on; a move without estimates breaks the line.
fn lines(steps: &[ChanceStep], seats: usize) -> Vec<Line> {
    (0..seats)
        .map(|seat| {
            let mut pieces: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
            for step in steps.iter().filter(|s| usize::from(s.seat) == seat) {
                let last = pieces.last_mut().expect("never empty");
                match (step.before, step.after) {
                    (Some(before), Some(after)) => {
                        let v = step.version as f64;
                        last.push((v, f64::from(before) / 1000.0));
                        last.push((v + 1.0, f64::from(after) / 1000.0));
                    }
                    _ if !last.is_empty() => pieces.push(Vec::new()),
                    _ => {}
                }
            }
            pieces.retain(|p| !p.is_empty());
            let style = seat % STYLES;
            Line {
                pieces,
                class: format!("turned-line turned-seat-{style}"),
                dot: format!("turned-dot turned-seat-{style}"),
                marker: Marker::ALL[seat % Marker::ALL.len()],
            }
        })
        .collect()
}

/// A legend's sample of `line`: a short stretch of it with its marker, drawn at its own size
/// (the chart's drawing scaled down to a legend's size thinned its line to a hair).
fn sample(line: &Line) -> String {
    format!(
        r#"<svg class="turned-sample" viewBox="0 0 36 12" aria-hidden="true" focusable="false"><line class="{}" x1="1" y1="6" x2="35" y2="6"/>{}</svg>"#,
        line.class,
        line.marker.draw(18.0, 6.0, &line.dot)
    )
}

fn build(look: &LookBack, reader: &Reader, names: &[String]) -> Turned {
    let tr = Tr(reader.lang);
    let turning_number = |version: u64| {
        (look.turning.iter())
            .position(|t| t.step.version == version)
            .map(|i| i + 1)
    };
    let rows: Vec<Row> = (look.steps.iter().enumerate())
        .map(|(i, step)| Row {
            number: i + 1,
            player: name_of(names, step.seat),
            played: step.played.clone(),
            preferred: preferred(step),
            before: percent(tr, step.before),
            after: percent(tr, step.after),
            turning: turning_number(step.version),
        })
        .collect();
    let lines = lines(&look.steps, look.seats);
    let marks: Vec<Mark> = (look.turning.iter().enumerate())
        .map(|(i, t)| Mark {
            x: t.step.version as f64 + 0.5,
            label: (i + 1).to_string(),
        })
        .collect();
    let last = look.steps.last().map_or(1.0, |s| s.version as f64 + 1.0);
    let svg = chart(
        &lines,
        &marks,
        (0.0, last),
        (0.0, 1.0),
        "turned-chart",
        &tr.t("turned-chart-label"),
    );
    let legend = (lines.iter().enumerate())
        .map(|(seat, line)| LegendLine {
            name: name_of(names, seat as u8),
            sample: sample(line),
        })
        .collect();
    let points = (look.turning.iter().enumerate())
        .map(|(i, point)| {
            let name = name_of(names, point.step.seat);
            let number = rows
                .iter()
                .find(|r| r.turning == Some(i + 1))
                .map_or(0, |r| r.number);
            Point {
                heading: tr.args(
                    "turned-point-heading",
                    &[
                        ("number", number.to_string()),
                        ("name", name.clone()),
                        ("move", point.step.played.clone()),
                    ],
                ),
                preferred: tr.a("turned-point-preferred", "move", preferred(&point.step)),
                change: tr.args(
                    "turned-point-change",
                    &[
                        ("name", name.clone()),
                        ("before", percent(tr, point.step.before)),
                        ("after", percent(tr, point.step.after)),
                    ],
                ),
                said_to: tr.a("turned-point-said", "name", name),
                hint: told(point, reader),
            }
        })
        .collect::<Vec<_>>();
    let total = look.steps.len() as i64;
    let waiting =
        (look.state == AnalysisState::Queued).then(|| tr.a("turned-waiting", "moves", total));
    Turned {
        tr,
        waiting,
        poll: None,
        ready: tr.t("turned2-ready"),
        failed: look.state == AnalysisState::Failed,
        explain: tr.t("turned-explain"),
        svg,
        legend,
        rows,
        points_heading: tr.n("turned-points-heading", points.len() as i64),
        points,
    }
}

#[cfg(test)]
mod tests {
    use agora_ai::Level;
    use agora_engine::Game;
    use agora_present::{Lang, Who};
    use agora_tsuro::Tsuro;

    use agora_server::api::hint::AnyHint;

    use super::*;

    /// A Tsuro game of two seats: three moves looked back at, the second the biggest change.
    fn look_back() -> LookBack {
        let game = Tsuro::from_setup(&Tsuro::setup_from_seed(&Default::default(), 3)).unwrap();
        let seat = game.turn().seat().unwrap();
        let hint = agora_ai::hint::<Tsuro>(&game.view(Viewer::Seat(seat)), seat, Level::Medium, 1)
            .unwrap();
        let kept = format!(r#"{{"best": {{"move": "{}"}}}}"#, hint.best.notation);
        let step = |version: u64, seat: u8, before, after| ChanceStep {
            version,
            seat,
            played: format!("start {}", ["n1", "e3", "s5"][version as usize]),
            before,
            after,
            hint: kept.clone(),
        };
        let steps = vec![
            step(0, seat.0, Some(500), Some(480)),
            step(1, 1 - seat.0, Some(510), Some(120)),
            step(2, seat.0, None, None),
        ];
        LookBack {
            state: AnalysisState::Done,
            seats: 2,
            turning: vec![
                TurningPoint {
                    step: steps[0].clone(),
                    hint: AnyHint::Tsuro(hint.clone()),
                },
                TurningPoint {
                    step: steps[1].clone(),
                    hint: AnyHint::Tsuro(hint),
                },
            ],
            steps,
        }
    }

    #[test]
    fn where_the_game_turned_in_three_languages() {
        let look = look_back();
        let names = ["Ada".to_string(), "Bo".to_string()];
        for lang in [Lang::En, Lang::De, Lang::Fr] {
            let seats = vec![Who::Person("Ada".into()), Who::Person("Bo".into())];
            let reader = Reader::new(lang, Viewer::Spectator, seats);
            let turned = build(&look, &reader, &names);
            assert_eq!(turned.points.len(), 2);
            assert_eq!(
                (turned.rows.iter().map(|r| r.turning)).collect::<Vec<_>>(),
                [Some(1), Some(2), None]
            );
            let html = turned.render().unwrap();
            insta::assert_snapshot!(format!("turned_{lang:?}"), html);
        }
    }

    #[test]
    fn while_it_runs_the_page_says_how_far_it_got() {
        let mut look = look_back();
        look.state = AnalysisState::Queued;
        let reader = Reader::new(Lang::Fr, Viewer::Spectator, Vec::new());
        let turned = build(&look, &reader, &[]);
        let html = turned.render().unwrap();
        assert!(
            html.contains("Il a examiné 3\u{a0}coups") || html.contains("Il a examiné 3 coups"),
            "{html}"
        );
        assert!(!html.contains("<svg"), "no chart yet");
        // Only `render` knows the game: it sets where the script asks again.
        assert!(!html.contains("data-turned-poll"), "{html}");
        let mut waiting = build(&look, &reader, &[]);
        waiting.poll = Some("/games/g1/turned".into());
        let html = waiting.render().unwrap();
        assert!(
            html.contains(r#"data-turned-poll="/games/g1/turned""#),
            "{html}"
        );
        assert!(
            html.contains("data-turned-ready=\"L’ordinateur a fini"),
            "{html}"
        );
    }

    #[test]
    fn once_done_the_script_stops_asking() {
        let reader = Reader::new(Lang::En, Viewer::Spectator, Vec::new());
        let html = build(&look_back(), &reader, &[]).render().unwrap();
        assert!(html.contains("<svg"), "the chart");
        assert!(!html.contains("data-turned-poll"), "{html}");
        assert!(!html.contains("turned-waiting"), "{html}");
    }
}
