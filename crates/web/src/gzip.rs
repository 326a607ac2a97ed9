//! A page's fragments gzip-compressed by a compressor each thread keeps. The pages' layer
//! (`tower_http`'s compression) builds a compressor for every answer, and zlib allocates and
//! clears a few hundred kB of tables for each: a sixth of a fragment request's CPU went to
//! building and compressing (docs/benchmarks.md, "CPU per move played in the browser"). A
//! kept compressor is reset instead, which keeps its memory. Answers compressed here carry
//! their `Content-Encoding`, so the layer lets them through as they are.

use std::cell::RefCell;

use axum::http::HeaderMap;
use axum::http::header::ACCEPT_ENCODING;
use flate2::{Compress, Compression, Crc, FlushCompress, Status};

/// The level the pages' layer uses too: zlib-rs's fastest with matches found and codes
/// fitted to each answer.
const LEVEL: u32 = 2;

/// Below this an answer is sent as it is: it fits one TCP segment either way.
pub const SMALLEST: usize = 1400;

thread_local! {
    static KEPT: RefCell<Option<Compress>> = const { RefCell::new(None) };
}

/// Whether the request's `Accept-Encoding` takes gzip (and does not refuse it with `q=0`).
pub fn accepted(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// `bytes` as a gzip member (RFC 1952): a header, the deflated data, its CRC-32 and length.
pub fn compress(bytes: &[u8]) -> Vec<u8> {
    KEPT.with_borrow_mut(|kept| {
        let deflate = kept.get_or_insert_with(|| Compress::new(Compression::new(LEVEL), false));
        deflate.reset();
        // Header: magic, deflate, no flags, no time, no extra flags, unknown OS.
        let mut out = Vec::with_capacity(bytes.len() / 3 + 64);
        out.extend_from_slice(&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
        loop {
            let read = deflate.total_in() as usize;
            if out.capacity() - out.len() < 1024 {
                out.reserve(out.capacity().max(4096));
            }
            match deflate.compress_vec(&bytes[read..], &mut out, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => break,
                Ok(Status::Ok) => {}
                Ok(Status::BufError) => out.reserve(out.capacity().max(4096)),
                // Deflating a slice in memory does not fail; if it ever did, a fresh
                // compressor is the safe answer.
                Err(_) => {
                    *kept = None;
                    return compress_fresh(bytes);
                }
            }
        }
        let mut crc = Crc::new();
        crc.update(bytes);
        out.extend_from_slice(&crc.sum().to_le_bytes());
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out
    })
}

/// [`compress`] through flate2's own encoder, when the kept one failed.
fn compress_fresh(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), Compression::new(LEVEL));
    let written = encoder.write_all(bytes).and_then(|()| encoder.finish());
    written.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::http::HeaderValue;

    use super::*;

    fn unzip(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn what_is_compressed_unzips_to_itself_again_and_again() {
        // Large and repetitive (a board's SVG), small, empty, and not compressible.
        let board = "<path d=\"M 1.5 2.5 L 3 4\"/>".repeat(4000);
        let noise: Vec<u8> = (0..50_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for bytes in [board.as_bytes(), b"{}", b"", &noise] {
            // The kept compressor is reset between answers: each unzips alone.
            for _ in 0..3 {
                let zipped = compress(bytes);
                assert_eq!(unzip(&zipped), bytes);
            }
        }
        assert!(compress(board.as_bytes()).len() < board.len() / 20);
        assert_eq!(unzip(&compress_fresh(b"fresh")), b"fresh");
    }

    #[test]
    fn gzip_is_taken_unless_refused() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            accepted(&headers)
        };
        assert!(with("gzip, deflate, br, zstd"));
        assert!(with("br;q=1.0, gzip;q=0.8"));
        assert!(with("GZIP"));
        assert!(with("*"));
        assert!(!with("gzip;q=0"));
        assert!(!with("br, deflate"));
        assert!(!with("identity"));
        assert!(!accepted(&HeaderMap::new()));
    }
}
