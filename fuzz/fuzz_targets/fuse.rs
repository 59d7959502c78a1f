//! `fuse` in both modes on every module that parses and verifies. Three mutations in four are
//! op-level edits of the module ([`egfuse_fuzz::mutate`]), one in four libFuzzer's own.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        egfuse_fuzz::fuse_both(text);
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    if seed.is_multiple_of(4) {
        return fuzzer_mutate(data, size, max_size);
    }
    let edited = std::str::from_utf8(&data[..size])
        .ok()
        .and_then(|text| egfuse_fuzz::mutate::mutate(text, u64::from(seed)));
    match edited {
        Some(text) if text.len() <= max_size => {
            data[..text.len()].copy_from_slice(text.as_bytes());
            text.len()
        }
        _ => fuzzer_mutate(data, size, max_size),
    }
});
