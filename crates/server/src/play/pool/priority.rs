//! How the AI's threads give way to the threads that serve players.

use std::fmt;
use std::str::FromStr;

#[cfg(target_os = "linux")]
use thread_priority::{
    NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
    set_thread_priority_and_policy, thread_native_id,
};

/// The scheduling class of the AI's threads (Linux; elsewhere they keep the normal one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AiPriority {
    /// Linux's `SCHED_IDLE`: the AI runs only on CPU no other thread wants, and a waking
    /// request takes the core at once. On a machine busy with other work the AI gets next to
    /// nothing, which is what a server wants (`agora serve`'s default) and what a test
    /// sharing a busy machine does not.
    Idle,
    /// nice 10: the AI still gets about a tenth of a core other threads want, but a waking
    /// request can wait up to a scheduler tick (4 ms) for it (docs/benchmarks.md, "AI
    /// capacity").
    #[default]
    Low,
}

impl AiPriority {
    /// Puts the calling thread in this class; threads it starts (a search's helpers)
    /// inherit it.
    pub(super) fn apply_to_this_thread(self) {
        #[cfg(target_os = "linux")]
        match self {
            AiPriority::Idle => {
                let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
                // SCHED_IDLE has no nice value of its own; the crate's `Min` is the one it takes.
                let set =
                    set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle);
                if let Err(e) = set {
                    tracing::warn!(error = ?e, "AI thread keeps the normal scheduling class");
                }
            }
            AiPriority::Low => {
                let me = rustix::thread::gettid();
                if let Err(e) = rustix::process::setpriority_process(Some(me), LOW_NICENESS) {
                    tracing::warn!(error = %e, "AI thread keeps the normal priority");
                }
            }
        }
    }
}

/// How much nicer than the server's other threads [`AiPriority::Low`] threads are (Linux nice
/// values run from -20 to 19; each step is about 1.25 times less CPU when threads compete).
const LOW_NICENESS: i32 = 10;

impl fmt::Display for AiPriority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AiPriority::Idle => "idle",
            AiPriority::Low => "low",
        })
    }
}

impl FromStr for AiPriority {
    type Err = String;

    fn from_str(text: &str) -> Result<AiPriority, String> {
        match text {
            "idle" => Ok(AiPriority::Idle),
            "low" => Ok(AiPriority::Low),
            _ => Err(format!("`{text}` is not an AI priority: give idle or low")),
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use agora_store::TableId;
    use thread_priority::{NormalThreadSchedulePolicy, ThreadSchedulePolicy};

    use super::super::BlockingPool;
    use super::AiPriority;

    /// The class a pool's job runs in, and its nice value.
    async fn class_of_a_job(priority: AiPriority) -> (ThreadSchedulePolicy, i32) {
        let pool = BlockingPool::background_at(1, priority);
        pool.run_for(TableId(1), 1, || {
            let policy = thread_priority::thread_schedule_policy().unwrap();
            let nice = rustix::process::getpriority_process(Some(rustix::thread::gettid()));
            (policy, nice.unwrap())
        })
        .await
        .unwrap()
    }

    #[tokio::test]
    async fn the_ai_runs_in_the_class_asked_for() {
        let (policy, _) = class_of_a_job(AiPriority::Idle).await;
        assert_eq!(
            policy,
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle)
        );
        let (policy, nice) = class_of_a_job(AiPriority::Low).await;
        assert_eq!(
            policy,
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Other)
        );
        assert!(nice >= super::LOW_NICENESS, "nice {nice}");
    }

    #[test]
    fn classes_read_back_as_written() {
        for class in [AiPriority::Idle, AiPriority::Low] {
            assert_eq!(class.to_string().parse::<AiPriority>(), Ok(class));
        }
        assert!(
            "high"
                .parse::<AiPriority>()
                .unwrap_err()
                .contains("idle or low")
        );
    }
}
