//! Password hashes: argon2id with the crate's default parameters (19 MiB, two passes), in PHC
//! strings, as [`argon2`]'s own `PasswordHasher` writes them and its `PasswordVerifier` reads
//! them.
//!
//! Each thread hashes in a memory of its own that it keeps (one per hashing thread: the pool
//! has two). A hash that allocates its 19 MiB anew each time is handed whatever the allocator
//! has, faulted in page by page, and while the computer searches in the same process that
//! memory is slower to work in: with eight Tsuro `hard` games on the server's one core, a
//! password sign-in's p95 went from 21 to 40–47 ms, all of it the hash's own computing
//! (docs/benchmarks.md, "AI capacity").

use std::cell::RefCell;

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use crate::ApiError;

thread_local! {
    /// This thread's argon2 memory, grown to the largest hash it has computed.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// `argon`'s hash of `password` with `salt` (raw bytes) into `out`, in this thread's memory.
fn hash_into(
    argon: &Argon2<'_>,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), argon2::Error> {
    let blocks = argon.params().block_count();
    MEMORY.with_borrow_mut(|memory| {
        if memory.len() < blocks {
            memory.resize(blocks, Block::default());
        }
        // Every block is written before it is read, so what an earlier hash left is no input.
        argon.hash_password_into_with_memory(password, salt, out, &mut memory[..blocks])
    })
}

/// Hashes a password with argon2id and a fresh salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|_| ApiError::Internal)?;
    let argon = Argon2::default();
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    hash_into(&argon, password.as_bytes(), &salt, &mut out).map_err(|_| ApiError::Internal)?;
    let salt = SaltString::encode_b64(&salt).map_err(|_| ApiError::Internal)?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params()).map_err(|_| ApiError::Internal)?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|_| ApiError::Internal)?),
    };
    Ok(hash.to_string())
}

/// Whether `password` is the one `hash` (a PHC string of any argon2 variant, version and
/// parameters) was made from; `false` for a string that is no such hash.
pub fn verify_password(password: &str, hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return false;
    };
    let argon = match (
        Algorithm::try_from(parsed.algorithm),
        parsed.version.map(Version::try_from).transpose(),
        Params::try_from(&parsed),
    ) {
        (Ok(algorithm), Ok(version), Ok(params)) => {
            Argon2::new(algorithm, version.unwrap_or_default(), params)
        }
        _ => return false,
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    hash_into(&argon, password.as_bytes(), salt, &mut out).is_ok()
        // `Output`'s equality takes the same time wherever the bytes differ.
        && Output::new(&out).is_ok_and(|out| out == expected)
}

#[cfg(test)]
mod tests {
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    use super::*;

    #[test]
    fn our_hashes_are_argon2s_and_argon2s_are_ours() {
        let ours = hash_password("correct horse").unwrap();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        assert!(
            Argon2::default()
                .verify_password(b"correct horsf", &parsed)
                .is_err()
        );

        let salt = SaltString::encode_b64(b"sixteen bytes!!!").unwrap();
        let theirs = Argon2::default()
            .hash_password(b"battery staple", &salt)
            .unwrap()
            .to_string();
        assert!(verify_password("battery staple", &theirs));
        assert!(!verify_password("battery stapler", &theirs));
        assert!(!verify_password("", &theirs));
    }

    #[test]
    fn other_parameters_and_variants_verify_in_the_same_memory() {
        // A smaller hash after a larger one, and the larger again: the kept memory serves both.
        for (algorithm, m, t) in [
            (Algorithm::Argon2id, 19_456, 2),
            (Algorithm::Argon2i, 64, 3),
            (Algorithm::Argon2d, 1024, 1),
            (Algorithm::Argon2id, 19_456, 2),
        ] {
            let params = Params::new(m, t, 1, None).unwrap();
            let argon = Argon2::new(algorithm, Version::V0x13, params);
            let salt = SaltString::encode_b64(b"another salt").unwrap();
            let hash = argon.hash_password(b"pw", &salt).unwrap().to_string();
            assert!(verify_password("pw", &hash), "{hash}");
            assert!(!verify_password("pv", &hash), "{hash}");
        }
        // The older version 0x10 too.
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x10, Params::default());
        let salt = SaltString::encode_b64(b"old version!").unwrap();
        let hash = argon.hash_password(b"pw", &salt).unwrap().to_string();
        assert!(verify_password("pw", &hash));
    }

    #[test]
    fn what_is_no_hash_verifies_nothing() {
        for hash in [
            "",
            "plain text",
            "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ",
            "$argon2id$v=19$m=19456,t=2,p=1$$AAAA",
            "$argon2id$v=99$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5sJj1eRZ1b1k5uJbI0dZpZ8Yb3Q8m8R3ZC2rKQ0x3xU",
            "$scrypt$ln=16,r=8,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "$argon2id$v=19$m=1,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5sJj1eRZ1b1k5uJbI0dZpZ8Yb3Q8m8R3ZC2rKQ0x3xU",
        ] {
            assert!(!verify_password("anything", hash), "{hash}");
        }
    }
}
