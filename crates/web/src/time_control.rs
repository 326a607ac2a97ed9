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
