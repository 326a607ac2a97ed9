//! A rating's history as a small line chart, drawn on the server as SVG (no script, no inline
//! style: the page's Content-Security-Policy allows neither). The page puts the same values in
//! a table beside it, which is what a screen reader reads.

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

/// The chart of `ratings` (oldest first, the rating before the first game included), its
/// accessible name `label`. The line joins the values; each is a dot.
pub fn svg(ratings: &[f64], (low, high): (f64, f64), label: &str) -> String {
    let span = (high - low).max(f64::EPSILON);
    let steps = ratings.len().saturating_sub(1).max(1) as f64;
    let point = |i: usize, r: f64| {
        let x = PAD + (WIDTH - 2.0 * PAD) * i as f64 / steps;
        let y = PAD + (HEIGHT - 2.0 * PAD) * (1.0 - (r - low) / span);
        (x, y)
    };
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{}" focusable="false">"#,
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
    let points: Vec<String> = (ratings.iter().enumerate())
        .map(|(i, r)| {
            let (x, y) = point(i, *r);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    let _ = write!(
        out,
        r#"<polyline class="rating-chart-line" points="{}"/>"#,
        points.join(" ")
    );
    for (i, r) in ratings.iter().enumerate() {
        let (x, y) = point(i, *r);
        let _ = write!(
            out,
            r#"<circle class="rating-chart-dot" cx="{x:.1}" cy="{y:.1}" r="3"/>"#
        );
    }
    out.push_str("</svg>");
    out
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
}
