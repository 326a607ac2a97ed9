//! Numbers in SVG drawings: a coordinate with one decimal, as `{:.1}` writes it, without the
//! float formatter's exact-decimal arithmetic, the dearest part of drawing a board of paths.

use std::fmt;

/// Writes a number as `format!("{:.1}", x)` does, the same text for every value.
#[derive(Clone, Copy, Debug)]
pub struct Tenths(pub f64);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        let scaled = x * 10.0;
        // Rounding the scaled value is the formatter's answer unless the exact value lies
        // near a half (where the scaling's rounding error could tip it), or out of range.
        let near_half = ((scaled - scaled.trunc()).abs() - 0.5).abs() < 1e-6;
        if !scaled.is_finite() || scaled.abs() >= 1e15 || near_half {
            return write!(f, "{x:.1}");
        }
        let tenths = scaled.round() as i64;
        let sign = if x.is_sign_negative() { "-" } else { "" };
        let tenths = tenths.unsigned_abs();
        write!(f, "{sign}{}.{}", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::Tenths;

    #[test]
    fn tenths_are_written_as_the_formatter_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            0.05,
            -0.05,
            0.25,
            0.35,
            12.35,
            -12.35,
            1e16,
            f64::NAN,
        ];
        values.extend((-20_000..20_000).map(|i| f64::from(i) / 100.0));
        values.extend((-2_000..2_000).map(|i| f64::from(i) / 8.0));
        values.extend((0..5_000).map(|i| (f64::from(i) * 0.731).sin() * 725.0));
        values.extend((0..5_000).map(|i| 50.0 + 100.0 * f64::from(i % 7) + f64::from(i) / 3.0));
        for x in values {
            assert_eq!(Tenths(x).to_string(), format!("{x:.1}"), "{x:?}");
        }
    }
}
