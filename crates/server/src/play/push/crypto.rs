//! What a Web Push message needs on the wire: its payload encrypted to the browser's keys
//! (RFC 8291, with RFC 8188's `aes128gcm` coding) and the server's VAPID signature (RFC 8292).
//! Built on ring, which the build has already for TLS.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::aead::{AES_128_GCM, Aad, LessSafeKey, Nonce, UnboundKey};
use ring::agreement::{self, ECDH_P256, EphemeralPrivateKey, UnparsedPublicKey};
use ring::hkdf::{HKDF_SHA256, KeyType, Prk, Salt};
use ring::rand::{SecureRandom, SystemRandom};
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};

/// The record size written in the header: one record holds any payload we send.
const RECORD_SIZE: u32 = 4096;
/// The most a payload may hold: one record, less the delimiter and the tag.
pub const MAX_PAYLOAD: usize = RECORD_SIZE as usize - 1 - 16;

/// base64url without padding, as the Push API and JWTs write keys.
pub fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Reads base64url, with or without padding.
pub fn unb64(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

/// A browser's keys, checked for their lengths (a P-256 point, uncompressed; a 16-byte secret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrowserKeys {
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
}

impl BrowserKeys {
    /// The keys as the Push API's JSON gives them (base64url); `None` when they cannot be.
    pub fn parse(p256dh: &str, auth: &str) -> Option<BrowserKeys> {
        let p256dh = unb64(p256dh)?;
        let auth = unb64(auth)?;
        (p256dh.len() == 65 && p256dh[0] == 4 && auth.len() == 16)
            .then_some(BrowserKeys { p256dh, auth })
    }
}

/// Why a payload was not encrypted.
#[derive(Debug, PartialEq, Eq)]
pub enum SealError {
    TooLong,
    /// The browser's key is no point on the curve, or the system's randomness failed.
    Crypto,
}

/// A length for HKDF's output.
struct Len(usize);

impl KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

fn expand(prk: &Prk, info: &[&[u8]], len: usize) -> Result<Vec<u8>, SealError> {
    let mut out = vec![0; len];
    prk.expand(info, Len(len))
        .and_then(|okm| okm.fill(&mut out))
        .map_err(|_| SealError::Crypto)?;
    Ok(out)
}

/// The content key and nonce of RFC 8291 §3.4, from the shared secret of the two ECDH keys.
pub fn content_key(
    ecdh_secret: &[u8],
    auth: &[u8],
    browser_public: &[u8],
    server_public: &[u8],
    salt: &[u8],
) -> Result<(Vec<u8>, Vec<u8>), SealError> {
    let prk_key = Salt::new(HKDF_SHA256, auth).extract(ecdh_secret);
    let key_info: &[&[u8]] = &[b"WebPush: info\0", browser_public, server_public];
    let ikm = expand(&prk_key, key_info, 32)?;
    let prk = Salt::new(HKDF_SHA256, salt).extract(&ikm);
    let cek = expand(&prk, &[b"Content-Encoding: aes128gcm\0"], 16)?;
    let nonce = expand(&prk, &[b"Content-Encoding: nonce\0"], 12)?;
    Ok((cek, nonce))
}

/// `payload` encrypted to `keys`: the body of the push message, header included
/// (`Content-Encoding: aes128gcm`).
pub fn seal(payload: &[u8], keys: &BrowserKeys) -> Result<Vec<u8>, SealError> {
    if payload.len() > MAX_PAYLOAD {
        return Err(SealError::TooLong);
    }
    let rng = SystemRandom::new();
    let private = EphemeralPrivateKey::generate(&ECDH_P256, &rng).map_err(|_| SealError::Crypto)?;
    let server_public = private
        .compute_public_key()
        .map_err(|_| SealError::Crypto)?;
    let mut salt = [0u8; 16];
    rng.fill(&mut salt).map_err(|_| SealError::Crypto)?;
    let browser = UnparsedPublicKey::new(&ECDH_P256, &keys.p256dh);
    let secret = agreement::agree_ephemeral(private, &browser, |s| s.to_vec())
        .map_err(|_| SealError::Crypto)?;
    let (cek, nonce) = content_key(
        &secret,
        &keys.auth,
        &keys.p256dh,
        server_public.as_ref(),
        &salt,
    )?;
    let key = LessSafeKey::new(UnboundKey::new(&AES_128_GCM, &cek).map_err(|_| SealError::Crypto)?);
    let nonce = Nonce::try_assume_unique_for_key(&nonce).map_err(|_| SealError::Crypto)?;
    // The one (last) record: the payload, then its delimiter 0x02 (no padding).
    let mut record = payload.to_vec();
    record.push(2);
    key.seal_in_place_append_tag(nonce, Aad::empty(), &mut record)
        .map_err(|_| SealError::Crypto)?;
    let mut body = Vec::with_capacity(16 + 4 + 1 + 65 + record.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(server_public.as_ref().len() as u8);
    body.extend_from_slice(server_public.as_ref());
    body.extend_from_slice(&record);
    Ok(body)
}

/// The server's VAPID key: a P-256 key pair the push services know the server by.
#[derive(Debug)]
pub struct VapidKey {
    pair: EcdsaKeyPair,
    /// The public key, uncompressed, base64url: what browsers subscribe with.
    public: String,
}

impl VapidKey {
    /// A new key, as PKCS#8 (base64url): what is kept.
    pub fn generate() -> Result<String, String> {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng)
            .map_err(|_| "no VAPID key could be made".to_string())?;
        Ok(b64(pkcs8.as_ref()))
    }

    /// The key kept as PKCS#8 (base64url, as [`VapidKey::generate`] writes it; or a PEM file's
    /// `PRIVATE KEY` block).
    pub fn from_text(text: &str) -> Result<VapidKey, String> {
        let der =
            pkcs8_of(text).ok_or("the VAPID key is neither base64url nor a PEM PRIVATE KEY")?;
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &der, &SystemRandom::new())
                .map_err(|_| "the VAPID key is no P-256 private key in PKCS#8".to_string())?;
        let public = b64(pair.public_key().as_ref());
        Ok(VapidKey { pair, public })
    }

    /// The public key browsers subscribe with (`applicationServerKey`), base64url.
    pub fn public(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a push to `endpoint`'s origin, valid until `exp` (Unix
    /// seconds): `vapid t=JWT, k=KEY`. `None` for an endpoint with no origin.
    pub fn authorization(&self, endpoint: &str, subject: &str, exp: i64) -> Option<String> {
        let audience = origin_of(endpoint)?;
        let header = b64(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({ "aud": audience, "exp": exp, "sub": subject });
        let signed = format!("{header}.{}", b64(claims.to_string().as_bytes()));
        let signature = self
            .pair
            .sign(&SystemRandom::new(), signed.as_bytes())
            .ok()?;
        Some(format!(
            "vapid t={signed}.{}, k={}",
            b64(signature.as_ref()),
            self.public
        ))
    }
}

/// A PEM `PRIVATE KEY` block's DER, or base64url's bytes.
fn pkcs8_of(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("-----BEGIN PRIVATE KEY-----") {
        let body = rest.split("-----END PRIVATE KEY-----").next()?;
        let body: String = body.split_whitespace().collect();
        return base64::engine::general_purpose::STANDARD.decode(body).ok();
    }
    unb64(text)
}

/// `scheme://host[:port]` of a URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty() && !host.contains('@')).then(|| format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 8291's example (§5 and appendix A): its keys, secret and salt give its content key
    /// and nonce.
    #[test]
    fn the_rfc_example_key_and_nonce() {
        let ua_public = unb64("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4").unwrap();
        let as_public = unb64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8").unwrap();
        let auth = unb64("BTBZMqHH6r4Tts7J_aSIgg").unwrap();
        let salt = unb64("DGv6ra1nlYgDCS1FRnbzlw").unwrap();
        // The ECDH secret of the RFC's two private keys (its "ecdh_secret").
        let secret = unb64("kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs").unwrap();
        let (cek, nonce) = content_key(&secret, &auth, &ua_public, &as_public, &salt).unwrap();
        assert_eq!(b64(&cek), "oIhVW04MRdy2XN9CiKLxTg");
        assert_eq!(b64(&nonce), "4h_95klXJ5E_qnoN");
    }

    #[test]
    fn keys_of_the_wrong_size_are_refused() {
        assert!(BrowserKeys::parse("AAAA", "BTBZMqHH6r4Tts7J_aSIgg").is_none());
        assert!(BrowserKeys::parse("!!", "??").is_none());
        let point = b64(&[4; 65]);
        assert!(BrowserKeys::parse(&point, "BTBZMqHH6r4Tts7J_aSIgg").is_some());
        assert!(BrowserKeys::parse(&point, "BTBZMqHH").is_none());
    }

    #[test]
    fn a_kept_key_signs_a_vapid_header() {
        let key = VapidKey::from_text(&VapidKey::generate().unwrap()).unwrap();
        let header = key
            .authorization(
                "https://push.example/send/abc",
                "mailto:ops@example.org",
                1_000,
            )
            .unwrap();
        let (jwt, k) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        assert_eq!(k, key.public());
        let (signed, signature) = jwt.rsplit_once('.').unwrap();
        let public = ring::signature::UnparsedPublicKey::new(
            &ring::signature::ECDSA_P256_SHA256_FIXED,
            unb64(k).unwrap(),
        );
        public
            .verify(signed.as_bytes(), &unb64(signature).unwrap())
            .unwrap();
        let claims = unb64(signed.split_once('.').unwrap().1).unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
        assert_eq!(claims["aud"], "https://push.example");
        assert_eq!(claims["exp"], 1_000);
        assert!(VapidKey::from_text("not a key").is_err());
    }
}
