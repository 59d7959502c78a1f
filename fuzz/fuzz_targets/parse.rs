//! The MLIR parser, verifier and printer on any bytes (libFuzzer's byte-level mutations).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        egfuse_fuzz::parse_roundtrip(text);
    }
});
