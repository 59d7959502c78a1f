//! The rule language: parse and check any text as a rule file, print what loads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        egfuse_fuzz::rules_load(text);
    }
});
