//! The lowering: any bytes become a StableHLO program of the idioms models export
//! ([`egfuse_fuzz::program`]), which is fused, lowered and checked kernel by kernel against the
//! reference interpreter ([`egfuse_fuzz::lower_checked`]): no panic, no kernel that does not
//! verify, no kernel that disagrees with its ops.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = egfuse_fuzz::program::module(data);
    egfuse_fuzz::lower_checked(&text);
});
