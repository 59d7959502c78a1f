//! The encoder's properties: a kernel's streams replay sound and run as its sequential order
//! does, and become a binary that decodes to the same text; any bytes decode to a program or
//! a diagnostic; any text assembles to a program or a diagnostic. Never a panic.

use egfuse_cost::Target;
use egfuse_encoder::binary::{read, write, Binary};
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams::{self, check, interleave, parse, print, Streams};
use egfuse_nisa::{Budget, Kernel};

/// A verified kernel's streams replay deadlock- and race-free, run in a few random
/// interleavings as the sequential order does, and come back from their binary (as
/// `egfuse lower --check` and `--emit bin` rely on).
pub fn streams_checked(target: &Target, k: &Kernel, text: &str) {
    let s = streams::build(target, k);
    let asm = || print::program(std::slice::from_ref(&s), None);
    let limits = check::Limits {
        max_instances: 100_000,
        max_comparisons: 10_000_000,
    };
    match check::streams(&s, &limits) {
        check::Verdict::Sound { .. } | check::Verdict::Stopped { .. } => {}
        v => panic!("streams of @{}: {v:?}\n{}\n{text}", k.name, asm()),
    }
    let cfg = interleave::Config {
        interleavings: 4,
        max_reads: 1 << 20,
        ..interleave::Config::default()
    };
    match interleave::run(&s, &cfg) {
        interleave::Outcome::Agree { .. } | interleave::Outcome::NotRun { .. } => {}
        o => panic!("streams of @{}: {o:?}\n{}\n{text}", k.name, asm()),
    }
    round_trip(&s, text);
}

/// The streams' binary decodes to their text, and re-encodes to the same bytes.
fn round_trip(s: &Streams, text: &str) {
    let opcodes = Opcodes::embedded();
    // NeuronCore-v4: every op has its bytes there, the MX ops' 0xE3 and 0x09 + 0x0A included.
    let b = Binary {
        generation: 4,
        kernels: vec![s.clone()],
        device: None,
    };
    let Ok(bytes) = write::binary(&b, &opcodes) else {
        return;
    };
    let back = read::binary(&bytes, &opcodes)
        .unwrap_or_else(|d| panic!("our binary does not decode: {}\n{text}", d.message));
    let printed = |b: &Binary| print::program(&b.kernels, None);
    assert_eq!(
        printed(&back),
        printed(&b),
        "decode(encode(p)) is not p\n{text}"
    );
    assert_eq!(
        write::binary(&back, &opcodes).unwrap(),
        bytes,
        "not a fixpoint\n{text}"
    );
}

/// Any bytes: a diagnostic, or a binary that re-encodes to the same bytes.
pub fn binary_bytes(data: &[u8]) {
    let opcodes = Opcodes::embedded();
    let Ok(b) = read::binary(data, &opcodes) else {
        return;
    };
    let text = print::program(&b.kernels, b.device.as_ref());
    let bytes = write::binary(&b, &opcodes).expect("a decoded binary encodes");
    let again = read::binary(&bytes, &opcodes).expect("a re-encoded binary decodes");
    assert_eq!(print::program(&again.kernels, again.device.as_ref()), text);
}

/// Any text: a diagnostic, or streams that verify, replay within small limits and, when all
/// is well, assemble and disassemble to the same text.
pub fn asm_text(text: &str) {
    let Ok(asm) = parse::asm(text) else {
        return;
    };
    let limits = check::Limits {
        max_instances: 100_000,
        max_comparisons: 10_000_000,
    };
    for s in &asm.kernels {
        if !egfuse_nisa::verify::kernel(&s.kernel, &Budget::NEURONCORE_V2).is_empty() {
            return;
        }
        let _ = check::streams(s, &limits);
    }
    let b = Binary {
        generation: 2,
        kernels: asm.kernels,
        device: asm.device,
    };
    let printed = print::program(&b.kernels, b.device.as_ref());
    let opcodes = Opcodes::embedded();
    let Ok(bytes) = write::binary(&b, &opcodes) else {
        return;
    };
    if let Ok(back) = read::binary(&bytes, &opcodes) {
        let every_engine =
            (b.kernels.iter()).all(|s| s.kernel.insts().iter().all(|i| i.engine.is_some()));
        if every_engine {
            assert_eq!(print::program(&back.kernels, back.device.as_ref()), printed);
        }
    }
}
