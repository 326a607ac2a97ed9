use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An account: a signed-up user, a guest or a bot.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct AccountId(pub i64);

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not an id of the expected kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIdError(pub &'static str);

impl fmt::Display for ParseIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a valid {}", self.0)
    }
}

impl std::error::Error for ParseIdError {}

impl FromStr for AccountId {
    type Err = ParseIdError;

    fn from_str(s: &str) -> Result<AccountId, ParseIdError> {
        match s.parse::<i64>() {
            Ok(n) if n > 0 => Ok(AccountId(n)),
            _ => Err(ParseIdError("account id")),
        }
    }
}

impl Serialize for AccountId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.0)
    }
}

impl<'de> Deserialize<'de> for AccountId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AccountId, D::Error> {
        i64::deserialize(deserializer).map(AccountId)
    }
}

/// A table in the lobby, and the game played at it once it starts.
///
/// Random, so that private tables cannot be found by counting: 50 bits written as ten
/// characters of an alphabet without look-alikes (`0`/`o`, `1`/`l`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TableId(pub i64);

const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
const TABLE_ID_LEN: usize = 10;

impl TableId {
    /// A fresh random id.
    pub fn random() -> TableId {
        TableId((random_u64() & ((1 << (5 * TABLE_ID_LEN)) - 1)) as i64)
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; TABLE_ID_LEN];
        let mut n = self.0 as u64;
        for c in text.iter_mut().rev() {
            *c = ALPHABET[(n & 31) as usize];
            n >>= 5;
        }
        f.write_str(std::str::from_utf8(&text).expect("ascii"))
    }
}

impl FromStr for TableId {
    type Err = ParseIdError;

    fn from_str(s: &str) -> Result<TableId, ParseIdError> {
        if s.len() != TABLE_ID_LEN {
            return Err(ParseIdError("table id"));
        }
        let mut n: i64 = 0;
        for b in s.bytes() {
            let digit = ALPHABET
                .iter()
                .position(|&a| a == b)
                .ok_or(ParseIdError("table id"))?;
            n = n << 5 | digit as i64;
        }
        Ok(TableId(n))
    }
}

impl Serialize for TableId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TableId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TableId, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A secret handed out once (session cookie, API token, invitation link) and stored only as
/// its SHA-256, so a leaked database does not leak working credentials.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Secret(String);

impl Secret {
    /// 256 random bits from the operating system, as 64 hex digits.
    pub fn random() -> Secret {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the operating system's generator works");
        Secret(hex(&bytes))
    }

    /// A secret as the client sent it back.
    pub fn from_client(text: &str) -> Secret {
        Secret(text.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database stores.
    pub fn hash(&self) -> String {
        use sha2::Digest;
        hex(&sha2::Sha256::digest(self.0.as_bytes()))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 random bits from the operating system.
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's generator works");
    u64::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn table_id_round_trips(n in 0i64..(1 << 50)) {
            let id = TableId(n);
            let text = id.to_string();
            prop_assert_eq!(text.len(), 10);
            prop_assert_eq!(text.parse::<TableId>(), Ok(id));
        }
    }

    #[test]
    fn bad_ids_are_refused() {
        assert!("".parse::<TableId>().is_err());
        assert!("abcdefghi0".parse::<TableId>().is_err());
        assert!("abcdefghijk".parse::<TableId>().is_err());
        assert!("0".parse::<AccountId>().is_err());
        assert_eq!("12".parse::<AccountId>(), Ok(AccountId(12)));
    }

    #[test]
    fn secrets_hash_stably() {
        let secret = Secret::from_client("abc");
        assert_eq!(
            secret.hash(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(Secret::random().as_str().len(), 64);
    }
}
