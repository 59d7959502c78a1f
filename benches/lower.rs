//! Lowering speed: parse + lower + print of the 32-layer corpus Llama through the library entry
//! `egfuse lower` calls (`egfuse_lowering::pipeline::lower`, whose `fuse` pass fuses it), the
//! time of each step (medians; fuse is that pass's own time, lower the other passes'), against
//! jaxlib's parse + print of the same file measured in the same run, and the same with the
//! streams and the binary (`--emit bin`) in place of the text; and the time of
//! `lower --check`'s interpreters over every kernel, once.
//!
//! `cargo bench --bench lower` (jaxlib from `EGFUSE_PYTHON`, else `.venv/bin/python`).

mod common;

use common::{jaxlib_total_ms, median};
use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_encoder::binary::{write, Binary};
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams;
use egfuse_fusion::catalog::Catalog;
use egfuse_ir::parse::parse;
use egfuse_lowering::pipeline::{lower, Config, Pass};
use egfuse_lowering::rules::Rules;
use egfuse_nisa::{self as nisa, interp};
use std::path::Path;
use std::time::Instant;

/// The allocator the `egfuse` binary uses, so that the benchmark measures what users run.
#[path = "../src/allocator.rs"]
mod allocator;
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let rules = Rules::of(&set).expect("default lowering rules");
    let target_src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("default target");
    let target = Target::parse(target_src).expect("default target parses");
    let corpus = root.join("../shared/corpus/jax-export/llama_32layer_f32.mlir");
    let Ok(text) = std::fs::read_to_string(&corpus) else {
        println!("(corpus model {} not found: skipped)", corpus.display());
        return;
    };
    let cfg = Config::new(&rules, &set, &target);
    let mut samples: Vec<[f64; 7]> = Vec::new();
    let opcodes = Opcodes::embedded();
    let mut last = None;
    for _ in 0..15 {
        let t0 = Instant::now();
        let mut m = parse(&text).expect("parses");
        let t1 = Instant::now();
        let out = lower(&mut m, &cfg).expect("fuses");
        let t3 = Instant::now();
        let fuse = (out.times.iter())
            .find(|(p, _)| *p == Pass::Fuse)
            .map(|t| t.1);
        let t2 = t1 + fuse.expect("the fuse pass is timed");
        let program = nisa::Program {
            kernels: out.kernels.iter().map(|l| l.kernel.clone()).collect(),
            device: out.device.as_ref().map(|b| b.device.clone()),
        };
        let printed = nisa::print::program(&program);
        let t4 = Instant::now();
        assert!(!printed.is_empty());
        // `--emit bin` instead of the text: each kernel's streams, then the binary.
        let binary = Binary {
            generation: 2,
            kernels: (program.kernels.iter())
                .map(|k| streams::build(&target, k))
                .collect(),
            device: program.device.clone(),
        };
        let bytes = write::binary(&binary, &opcodes).expect("encodes");
        let t5 = Instant::now();
        assert!(!bytes.is_empty());
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
        samples.push([
            ms(t0, t1),
            ms(t1, t2),
            ms(t2, t3),
            ms(t3, t4),
            ms(t0, t4),
            ms(t4, t5),
            ms(t0, t3) + ms(t4, t5),
        ]);
        last = Some((out.kernels.len(), out.failed, program));
    }
    let col = |i: usize| median(&mut samples.iter().map(|s| s[i]).collect::<Vec<_>>());
    let (kernels, failed, program) = last.expect("at least one run");
    println!(
        "llama_32layer_f32: parse {:.3} ms, fuse {:.3} ms, lower {:.3} ms ({kernels} kernels, {failed} not lowered), print {:.3} ms, total {:.3} ms",
        col(0),
        col(1),
        col(2),
        col(3),
        col(4)
    );
    if let Some(jax) = jaxlib_total_ms(root, &corpus) {
        println!(
            "egfuse parse+fuse+lower+print / jaxlib parse+print: {:.3} (jaxlib {jax:.3} ms)",
            col(4) / jax
        );
        println!(
            "egfuse parse+fuse+lower+encode (--emit bin; encode {:.3} ms: streams, semaphores, binary) / jaxlib parse+print: {:.3}",
            col(5),
            col(6) / jax
        );
    }
    let t = Instant::now();
    let mut elements = 0u64;
    for k in &program.kernels {
        let inputs: Vec<Vec<f64>> = k
            .buffers
            .iter()
            .filter(|b| b.role == nisa::Role::Input)
            .map(|b| vec![0.5; b.elements() as usize])
            .collect();
        elements += interp::run(k, &inputs, &interp::Limits::default())
            .expect("every lowered kernel runs")
            .iter()
            .map(|o| o.len() as u64)
            .sum::<u64>();
    }
    println!(
        "the nisa interpreter over all {} kernels: {:.3} s ({elements} output elements)",
        program.kernels.len(),
        t.elapsed().as_secs_f64()
    );
}
