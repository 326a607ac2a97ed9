//! Small line charts drawn on the server as SVG (no script, no inline style: the page's
//! Content-Security-Policy allows neither): a rating's history, and the computer's estimate
//! of each seat's chance over a finished game (`pages::turned`). The page puts the same
//! values in a table beside each chart, which is what a screen reader reads.

use std::fmt::Write;

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 200.0;
const PAD: f64 = 12.0;

/// The lowest and highest value the chart's vertical axis shows for `ratings`: their range,
/// widened to at least `min_span` so that a flat history is not drawn as a steep one.
pub fn axis(ratings: &[f64], min_span: f64) -> (f64, f64) {
    let low = ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !low.is_finite() {
        return (0.0, min_span);
    }
    let missing = (min_span - (high - low)).max(0.0) / 2.0;
    ((low - missing).floor(), (high + missing).ceil())
}

/// The words beside a chart's axes. The page sets them around the SVG in its own font:
/// scaled down with the SVG on a phone they would be too small to read.
#[derive(Clone, Debug)]
pub struct Axes {
    /// The vertical axis: its title, its highest and its lowest value.
    pub y_title: String,
    pub y_high: String,
    pub y_low: String,
    /// The horizontal axis: its title, its first and its last point.
    pub x_title: String,
    pub x_first: String,
    pub x_last: String,
}

/// How a line's points are marked, so that lines differ by more than their colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
}

impl Marker {
    pub const ALL: [Marker; 4] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Diamond,
    ];

    /// The marker at (`x`, `y`), of class `class`.
    pub fn draw(self, x: f64, y: f64, class: &str) -> String {
        match self {
            Marker::Circle => format!(r#"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="3"/>"#),
            Marker::Square => format!(
                r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="6" height="6"/>"#,
                x - 3.0,
                y - 3.0
            ),
            Marker::Triangle => format!(
                r#"<polygon class="{class}" points="{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}"/>"#,
                y - 4.0,
                x + 4.0,
                y + 3.0,
                x - 4.0,
                y + 3.0
            ),
            Marker::Diamond => format!(
                r#"<polygon class="{class}" points="{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}"/>"#,
                y - 4.0,
                x + 4.0,
                y + 4.0,
                x - 4.0
            ),
        }
    }
}

/// One line of a chart: its pieces (a gap between them is drawn as none), its style class,
/// and its points' marker (with class `dot`).
#[derive(Clone, Debug)]
pub struct Line {
    pub pieces: Vec<Vec<(f64, f64)>>,
    pub class: String,
    pub dot: String,
    pub marker: Marker,
}

/// A mark across the chart at `x`, labelled `label` (a turning point).
#[derive(Clone, Debug)]
pub struct Mark {
    pub x: f64,
    pub label: String,
}

/// The chart of `lines` over `xs` (the first and last x) and `ys` (the lowest and highest
/// value), class `class`, its accessible name `label`.
pub fn chart(
    lines: &[Line],
    marks: &[Mark],
    xs: (f64, f64),
    ys: (f64, f64),
    class: &str,
    label: &str,
) -> String {
    let x_span = (xs.1 - xs.0).max(f64::EPSILON);
    let y_span = (ys.1 - ys.0).max(f64::EPSILON);
    let at = |x: f64, y: f64| {
        (
            PAD + (WIDTH - 2.0 * PAD) * (x - xs.0) / x_span,
            PAD + (HEIGHT - 2.0 * PAD) * (1.0 - (y - ys.0) / y_span),
        )
    };
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg class="{class}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{}" focusable="false">"#,
        escape(label)
    );
    // The axis's ends, as faint lines.
    for y in [PAD, HEIGHT - PAD] {
        let _ = write!(
            out,
            r#"<line class="rating-chart-rule" x1="{PAD}" y1="{y}" x2="{}" y2="{y}"/>"#,
            WIDTH - PAD
        );
    }
    for mark in marks {
        let (x, _) = at(mark.x, ys.0);
        let _ = write!(
            out,
            r#"<line class="chart-mark" x1="{x:.1}" y1="{PAD}" x2="{x:.1}" y2="{}"/><text class="chart-mark-label" x="{:.1}" y="{}">{}</text>"#,
            HEIGHT - PAD,
            x + 3.0,
            PAD + 10.0,
            escape(&mark.label)
        );
    }
    for line in lines {
        for piece in &line.pieces {
            let points: Vec<String> = (piece.iter())
                .map(|&(x, y)| {
                    let (x, y) = at(x, y);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            let _ = write!(
                out,
                r#"<polyline class="{}" points="{}"/>"#,
                line.class,
                points.join(" ")
            );
            for &(x, y) in piece {
                let (x, y) = at(x, y);
                out.push_str(&line.marker.draw(x, y, &line.dot));
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// The chart of `ratings` (oldest first, the rating before the first game included), its
/// accessible name `label`. The line joins the values; each is a dot.
pub fn svg(ratings: &[f64], ys: (f64, f64), label: &str) -> String {
    let steps = ratings.len().saturating_sub(1).max(1) as f64;
    let line = Line {
        pieces: vec![
            (ratings.iter().enumerate())
                .map(|(i, r)| (i as f64, *r))
                .collect(),
        ],
        class: "rating-chart-line".into(),
        dot: "rating-chart-dot".into(),
        marker: Marker::Circle,
    };
    chart(&[line], &[], (0.0, steps), ys, "rating-chart", label)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_is_drawn_inside_its_box_with_a_dot_per_value() {
        let ratings = [1500.0, 1662.0, 1580.0];
        let (low, high) = axis(&ratings, 100.0);
        assert_eq!((low, high), (1500.0, 1662.0));
        let drawn = svg(&ratings, (low, high), "Tyrus & co");
        assert_eq!(drawn.matches("<circle").count(), 3);
        assert!(drawn.contains(r#"aria-label="Tyrus &amp; co""#));
        // The highest value at the top, the lowest at the bottom.
        assert!(drawn.contains("12.0,188.0 300.0,12.0"), "{drawn}");
    }

    #[test]
    fn a_flat_or_empty_history_gets_an_axis_of_its_own() {
        assert_eq!(axis(&[1500.0], 100.0), (1450.0, 1550.0));
        assert_eq!(axis(&[], 10.0), (0.0, 10.0));
        assert!(svg(&[25.0], (20.0, 30.0), "x").contains("<circle"));
    }

    #[test]
    fn lines_are_told_apart_by_their_markers_and_marks_are_labelled() {
        let line = |marker, y| Line {
            pieces: vec![vec![(0.0, y), (1.0, y)], vec![(3.0, y)]],
            class: "l".into(),
            dot: "d".into(),
            marker,
        };
        let drawn = chart(
            &[line(Marker::Square, 0.2), line(Marker::Diamond, 0.8)],
            &[Mark {
                x: 3.0,
                label: "1".into(),
            }],
            (0.0, 3.0),
            (0.0, 1.0),
            "c",
            "two",
        );
        assert_eq!(drawn.matches("<polyline").count(), 4, "two pieces each");
        assert_eq!(drawn.matches("<rect").count(), 3);
        assert_eq!(drawn.matches("<polygon").count(), 3);
        assert!(drawn.contains(r#"<text class="chart-mark-label" x="591.0" y="22">1</text>"#));
    }
}
