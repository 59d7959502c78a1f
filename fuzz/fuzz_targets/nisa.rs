//! The nisa text form: parse any text as a program; what parses prints back to itself,
//! verifies, and runs in the interpreter within limits, without a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        egfuse_fuzz::nisa_program(text);
    }
});
