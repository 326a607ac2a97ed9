//! A table's time control in words.

use agora_server::TimeControl;

use crate::i18n::Tr;

/// "5 min + 3 s", "3 days per move", "No clock".
pub fn describe(tr: Tr, tc: &TimeControl) -> String {
    match *tc {
        TimeControl::Live {
            initial_s,
            increment_s,
        } => tr.args(
            "clock-live",
            &[
                ("minutes", (initial_s / 60).to_string()),
                ("increment", increment_s.to_string()),
            ],
        ),
        TimeControl::Correspondence { days_per_move } => {
            tr.n("clock-correspondence", i64::from(days_per_move))
        }
        TimeControl::Untimed {} => tr.t("clock-untimed"),
    }
}

/// A correspondence move's deadline as a game page shows it for the seat to move.
#[derive(Clone, Debug, Hash)]
pub struct DeadlineLine {
    /// For `<time datetime>`: `2026-11-27T09:44:00Z`, which the page's script rewrites in the
    /// browser's own time zone.
    pub iso: String,
    /// The date and time in UTC, in the reader's language.
    pub at: String,
    /// The time left in words, as "My games" says it.
    pub left: String,
}

/// The deadline shown for the seat to move: only for correspondence games (a live clock shows
/// its own time).
pub fn deadline_line(tr: Tr, tc: &TimeControl, deadline: i64, now: i64) -> Option<DeadlineLine> {
    if !matches!(tc, TimeControl::Correspondence { .. }) {
        return None;
    }
    let Moment { iso, at } = moment(tr, deadline);
    Some(DeadlineLine {
        iso,
        at,
        left: time_left(tr, deadline, now),
    })
}

/// The time from `now` to `deadline`, in words: days when two or more are left, else hours
/// when one or more, else minutes.
pub fn time_left(tr: Tr, deadline: i64, now: i64) -> String {
    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    match deadline - now {
        left if left <= 0 => tr.t("games-time-up"),
        left if left >= 2 * DAY => tr.n("games-left-days", left / DAY),
        left if left >= HOUR => tr.n("games-left-hours", left / HOUR),
        left => tr.n("games-left-minutes", (left / MINUTE).max(1)),
    }
}

/// A moment as pages write it in a `<time datetime="{iso}" data-local-time>{at}</time>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// `2026-11-27T09:44:00Z`, which the page's script rewrites in the browser's time zone.
    pub iso: String,
    /// The date and time in UTC, in the reader's language.
    pub at: String,
}

/// The moment `ms` (since 1970), to the minute.
pub fn moment(tr: Tr, ms: i64) -> Moment {
    let at = UtcTime::at(ms);
    Moment {
        iso: format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:00Z",
            at.year, at.month, at.day, at.hour, at.minute
        ),
        at: tr.args_verbatim(
            "deadline-utc",
            &[
                ("day", day_of_month(tr, at.day)),
                ("month", tr.a("deadline-month", "month", at.month)),
                ("year", at.year.to_string()),
                ("time", format!("{:02}:{:02}", at.hour, at.minute)),
            ],
        ),
    }
}

/// The day of the moment `ms` (since 1970) in UTC, in the reader's language.
pub fn date(tr: Tr, ms: i64) -> String {
    let at = UtcTime::at(ms);
    tr.args_verbatim(
        "chart-date",
        &[
            ("day", day_of_month(tr, at.day)),
            ("month", tr.a("deadline-month", "month", at.month)),
            ("year", at.year.to_string()),
        ],
    )
}

/// The day of the month as a date writes it: French says the first "1er".
fn day_of_month(tr: Tr, day: u32) -> String {
    tr.a("date-day", "day", day)
}

/// A moment in UTC to the minute.
#[derive(Debug, PartialEq, Eq)]
struct UtcTime {
    year: i64,
    month: u32,
    day: u32,
    hour: i64,
    minute: i64,
}

impl UtcTime {
    /// The UTC calendar date and time of `ms` since 1970 (the proleptic Gregorian calendar,
    /// by Howard Hinnant's days-to-civil algorithm; a dependency for one date is not worth it).
    fn at(ms: i64) -> UtcTime {
        const MS_PER_DAY: i64 = 86_400_000;
        let (days, in_day) = (ms.div_euclid(MS_PER_DAY), ms.rem_euclid(MS_PER_DAY));
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        UtcTime {
            year: yoe + era * 400 + i64::from(month <= 2),
            month,
            day,
            hour: in_day / 3_600_000,
            minute: in_day / 60_000 % 60,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_from_milliseconds() {
        let cases = [
            (0, (1970, 1, 1, 0, 0)),
            // 2024-02-29T23:59 (a leap day), then the first minute of March.
            (1_709_251_140_000, (2024, 2, 29, 23, 59)),
            (1_709_251_200_000, (2024, 3, 1, 0, 0)),
            (1_795_772_640_000, (2026, 11, 27, 9, 44)),
            (-60_000, (1969, 12, 31, 23, 59)),
        ];
        for (ms, (year, month, day, hour, minute)) in cases {
            assert_eq!(
                UtcTime::at(ms),
                UtcTime {
                    year,
                    month,
                    day,
                    hour,
                    minute
                },
                "{ms}"
            );
        }
    }

    #[test]
    fn french_dates_say_the_first_of_the_month_as_premier() {
        // 2026-11-01T10:05 and 2026-11-02T10:05 UTC.
        let first = 1_793_527_500_000;
        let second = first + 86_400_000;
        let fr = Tr(agora_present::Lang::Fr);
        assert_eq!(moment(fr, first).at, "1er novembre 2026 à 10:05 UTC");
        assert_eq!(date(fr, first), "1er novembre 2026");
        assert_eq!(date(fr, second), "2 novembre 2026");
        let en = Tr(agora_present::Lang::En);
        assert_eq!(date(en, first), "November 1, 2026");
        let de = Tr(agora_present::Lang::De);
        assert_eq!(moment(de, first).at, "1. November 2026, 10:05 UTC");
    }
}
