//! The AFL entry point: `fuzz <target>` feeds AFL's inputs to one target (see `scripts/fuzz`).
//! Built only with `cargo afl build --features afl`, which links AFL's runtime.

use agora_fuzz::Target;

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        eprintln!("usage: fuzz <target>");
        std::process::exit(2);
    };
    let target: Target = name.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    afl::fuzz!(|data: &[u8]| target.check(data));
}
