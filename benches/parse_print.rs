//! Parse + verify + print throughput, on the largest corpus model and on synthesized Llama
//! models of 1 to 128 layers (the committed one-layer fixture replicated with renamed values).
//!
//! `cargo bench --bench parse_print` prints medians per phase, MB/s, ops/s and ns per op; when
//! a Python with jaxlib is found (`EGFUSE_PYTHON`, else `.venv/bin/python`), it also times
//! jaxlib's parse + print of the same 32-layer file in the same run and prints the ratio.

mod common;

use common::{jaxlib_total_ms, median, synthesize};
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::{parse::parse, verify::verify};
use std::path::Path;
use std::time::Instant;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let layer = std::fs::read_to_string(root.join("tests/fixtures/jax/llama_block_f32.mlir"))
        .expect("fixture");
    println!(
        "{:<28} {:>9} {:>7} {:>9} {:>9} {:>9} {:>9} {:>8} {:>10}",
        "input", "bytes", "ops", "parse ms", "verify ms", "print ms", "total ms", "MB/s", "ns/op"
    );
    for n in [1, 2, 4, 8, 16, 32, 64, 128] {
        bench(&format!("synthetic llama x{n}"), &synthesize(&layer, n));
    }
    let corpus = root.join("../shared/corpus/jax-export/llama_32layer_f32.mlir");
    match std::fs::read_to_string(&corpus) {
        Ok(text) => {
            let ours = bench("corpus llama_32layer_f32", &text);
            if let Some(total) = jaxlib_total_ms(root, &corpus) {
                println!(
                    "egfuse / jaxlib total time: {:.3} (egfuse is {:.1}x faster)",
                    ours / total,
                    total / ours
                );
            }
        }
        Err(_) => println!("(corpus model {} not found: skipped)", corpus.display()),
    }
}

/// Median milliseconds of each phase over enough repeats for a stable figure; returns the
/// median of parse + verify + print.
fn bench(label: &str, text: &str) -> f64 {
    let repeat = (2_000_000 / text.len().max(1)).clamp(9, 101);
    let (mut parse_ms, mut verify_ms, mut print_ms, mut total_ms) =
        (vec![], vec![], vec![], vec![]);
    let mut ops = 0;
    for _ in 0..repeat {
        let t0 = Instant::now();
        let m = parse(text).expect("benchmark input parses");
        let t1 = Instant::now();
        assert!(verify(&m).is_empty());
        let t2 = Instant::now();
        let out = print(&m, PrintOptions::default());
        let t3 = Instant::now();
        assert_eq!(out.len(), text.len());
        ops = m.num_ops();
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
        parse_ms.push(ms(t0, t1));
        verify_ms.push(ms(t1, t2));
        print_ms.push(ms(t2, t3));
        total_ms.push(ms(t0, t3));
    }
    let total = median(&mut total_ms);
    let mb_s = text.len() as f64 / 1e6 / (total / 1e3);
    let ns_op = total * 1e6 / ops as f64;
    println!(
        "{label:<28} {:>9} {ops:>7} {:>9.3} {:>9.3} {:>9.3} {total:>9.3} {mb_s:>8.1} {ns_op:>10.1}",
        text.len(),
        median(&mut parse_ms),
        median(&mut verify_ms),
        median(&mut print_ms),
    );
    total
}
