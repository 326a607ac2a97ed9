//! ISMCTS iterations per second from the opening, until `agora bench ai` does:
//!
//! ```text
//! cargo run --release -p agora-ai --example speed -- [ITERATIONS] [SEARCHES] [THREADS]
//! ```

use agora_ai::search_speed;
use agora_tyrus::Tyrus;

fn main() {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (iterations, searches, threads) = (arg(1, 200_000), arg(2, 5), arg(3, 1) as usize);
    let speed = search_speed::<Tyrus>(&Default::default(), 1, searches, iterations, threads)
        .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "tyrus: {} iterations in {} searches on {} thread(s): {:.0} iterations/s, {:.0} per thread",
        speed.iterations, speed.searches, speed.threads, speed.per_second, speed.per_thread
    );
}
