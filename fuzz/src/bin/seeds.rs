//! Writes every target's seeds (`agora_fuzz::seeds`) into `fuzz/corpus/<target>/seed-NNN`,
//! replacing the old seeds and keeping the inputs AFL found:
//! `cargo run -p agora-fuzz --bin seeds`.

use std::fs;
use std::path::Path;

use agora_fuzz::{Target, seeds};

fn main() -> std::io::Result<()> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for &target in Target::ALL {
        let dir = corpus.join(target.name());
        fs::create_dir_all(&dir)?;
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            let is_seed = path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("seed-"));
            if is_seed {
                fs::remove_file(path)?;
            }
        }
        let inputs = seeds(target);
        for (index, input) in inputs.iter().enumerate() {
            fs::write(dir.join(format!("seed-{index:03}")), input)?;
        }
        println!("{}: {} seeds", target.name(), inputs.len());
    }
    Ok(())
}
