//! The assembler: any text is a diagnostic or streams that verify, replay and assemble, and
//! whose binary disassembles to the same text, without a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        egfuse_fuzz::encode::asm_text(text);
    }
});
