//! Every engine's refusal codes, so that a refusal that travelled as a code and its arguments
//! (between nodes, in JSON) is the engine's own again, worded as the engine words it.

use agora_engine::{EngineRefusal, Refusal, RefusalArg};
use agora_tsuro::TsuroRefusal;
use agora_tyranny::TyrannyRefusal;
use agora_tyrus::TyrusRefusal;

/// The refusal `code` with `args`; `None` for a code no engine here has (one from a newer
/// node) or an argument its code does not take.
pub fn refusal_of(code: &str, args: Vec<(String, RefusalArg)>) -> Option<Refusal> {
    let (base, names) = template(code)?;
    args.into_iter().try_fold(base, |refusal, (name, value)| {
        let name = names.iter().copied().find(|n| *n == name)?;
        Some(refusal.with(name, value))
    })
}

/// The refusal `code` without arguments, and the names of the arguments it takes.
fn template(code: &str) -> Option<(Refusal, &'static [&'static str])> {
    macro_rules! find_in {
        ($($codes:ty),*) => {$(
            if let Some(c) = <$codes>::ALL.iter().find(|c| c.code() == code) {
                return Some((c.refusal(), c.arg_names()));
            }
        )*};
    }
    find_in!(EngineRefusal, TyrusRefusal, TsuroRefusal, TyrannyRefusal);
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_comes_back_whole_from_its_code_and_arguments() {
        let sent = TyrusRefusal::ALL[0].refusal();
        let sent = TyrusRefusal::ALL[0]
            .arg_names()
            .iter()
            .fold(sent, |r, name| r.with(name, 3u8));
        let args = sent
            .args()
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        assert_eq!(refusal_of(sent.code(), args), Some(sent.clone()));
        assert_eq!(refusal_of("no-such-code", Vec::new()), None);
        let stray = vec![("nonsense".to_string(), RefusalArg::Number(1))];
        assert_eq!(refusal_of(sent.code(), stray), None);
    }
}
