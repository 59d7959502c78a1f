//! The `.npz` reader on any bytes, then each array read as an f32 tensor.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    egfuse_fuzz::npz_read(data);
});
