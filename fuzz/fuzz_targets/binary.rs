//! The binary decoder: any bytes are a diagnostic at a byte range or a program that encodes
//! back to bytes decoding to the same text, without a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    egfuse_fuzz::encode::binary_bytes(data);
});
