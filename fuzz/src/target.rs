use std::fmt;
use std::str::FromStr;

use agora_tsuro::Tsuro;
use agora_tyranny::Tyranny;
use agora_tyrus::Tyrus;

use crate::{check_http_body, check_notation, check_record, check_setup, check_ws_message};

/// One kind of input the fuzzer feeds, named as its corpus directory is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    TyrusNotation,
    TsuroNotation,
    TyrannyNotation,
    TyrusSetup,
    TsuroSetup,
    TyrannySetup,
    Record,
    WsMessage,
    HttpBody,
}

impl Target {
    pub const ALL: &'static [Target] = &[
        Target::TyrusNotation,
        Target::TsuroNotation,
        Target::TyrannyNotation,
        Target::TyrusSetup,
        Target::TsuroSetup,
        Target::TyrannySetup,
        Target::Record,
        Target::WsMessage,
        Target::HttpBody,
    ];

    /// The target's name: its corpus directory and the fuzz binary's argument.
    pub const fn name(self) -> &'static str {
        match self {
            Target::TyrusNotation => "tyrus_notation",
            Target::TsuroNotation => "tsuro_notation",
            Target::TyrannyNotation => "tyranny_notation",
            Target::TyrusSetup => "tyrus_setup",
            Target::TsuroSetup => "tsuro_setup",
            Target::TyrannySetup => "tyranny_setup",
            Target::Record => "record",
            Target::WsMessage => "ws_message",
            Target::HttpBody => "http_body",
        }
    }

    /// Feeds one input to the target.
    ///
    /// # Panics
    ///
    /// When the input breaks one of the target's invariants (never merely for being refused).
    pub fn check(self, data: &[u8]) {
        match self {
            Target::TyrusNotation => check_notation::<Tyrus>(data),
            Target::TsuroNotation => check_notation::<Tsuro>(data),
            Target::TyrannyNotation => check_notation::<Tyranny>(data),
            Target::TyrusSetup => check_setup::<Tyrus>(data),
            Target::TsuroSetup => check_setup::<Tsuro>(data),
            Target::TyrannySetup => check_setup::<Tyranny>(data),
            Target::Record => check_record(data),
            Target::WsMessage => check_ws_message(data),
            Target::HttpBody => check_http_body(data),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no fuzz target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTarget(pub String);

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
        write!(
            f,
            "unknown fuzz target {:?} (targets: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownTarget {}

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(s: &str) -> Result<Target, UnknownTarget> {
        Target::ALL
            .iter()
            .copied()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTarget(s.to_string()))
    }
}
