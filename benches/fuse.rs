//! Egraph-mode fusion speed: parse + fuse + print on synthesized Llama models of 1 to 128
//! layers (the committed one-layer fixture replicated) and on the 32-layer corpus model, with
//! the time of each step, ops per second, ns per op, and peak memory; and, measured in the
//! same run, the ratio of our whole parse + fuse + print to jaxlib's parse + print alone on the
//! corpus model: one run of each in turn, 31 pairs, so that the two runs of a pair see the same
//! load on a shared machine; the median and quartiles of the per-pair ratios are quoted.
//!
//! `cargo bench --bench fuse` (jaxlib from `EGFUSE_PYTHON`, else `.venv/bin/python`);
//! `cargo bench --bench fuse -- corpus` runs only the rows whose label contains `corpus`
//! (for a profiler), and then skips jaxlib.

mod common;

use common::{median, synthesize, Jaxlib};
use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use egfuse_fusion::egraph::{self, Config};
use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, PrintOptions};
use std::path::Path;
use std::time::Instant;

/// The allocator the `egfuse` binary uses, so that the benchmark measures what users run.
#[path = "../src/allocator.rs"]
mod allocator;
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// One input's medians, in milliseconds, and its size.
struct Row {
    ops: usize,
    parse: f64,
    fuse: f64,
    steps: [f64; 5],
    print: f64,
    total: f64,
    peak_mib: f64,
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let target_src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("default target");
    let target = Target::parse(target_src).expect("default target parses");
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |label: &str| filter.as_deref().is_none_or(|f| label.contains(f));
    let layer = std::fs::read_to_string(root.join("tests/fixtures/jax/llama_block_f32.mlir"))
        .expect("fixture");
    println!(
        "{:<26} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9} {:>8} {:>8}",
        "input",
        "ops",
        "parse",
        "build",
        "satur.",
        "kernels",
        "extract",
        "mater.",
        "fuse",
        "print",
        "total ms",
        "ns/op",
        "peak MiB"
    );
    let mut slope = Vec::new();
    for n in [1, 2, 4, 8, 16, 32, 64, 128] {
        let label = format!("synthetic llama x{n}");
        if !wanted(&label) {
            continue;
        }
        let row = bench(&synthesize(&layer, n), &rules, &target);
        report(&label, &row);
        slope.push((n, row.total * 1e6 / row.ops as f64));
    }
    if let (None, Some(&(_, first)), Some(&(_, last))) = (&filter, slope.first(), slope.last()) {
        println!(
            "ns per op from 1 to 128 layers: {first:.0} -> {last:.0} ({:.2}x)",
            last / first
        );
    }
    let label = "corpus llama_32layer_f32";
    if !wanted(label) {
        return;
    }
    let corpus = root.join("../shared/corpus/jax-export/llama_32layer_f32.mlir");
    let Ok(text) = std::fs::read_to_string(&corpus) else {
        println!("(corpus model {} not found: skipped)", corpus.display());
        return;
    };
    let row = bench(&text, &rules, &target);
    report(label, &row);
    if filter.is_some() {
        return;
    }
    if let Some(mut jaxlib) = Jaxlib::start(root, &corpus) {
        paired(&text, (&rules, &target), &mut jaxlib);
    }
}

/// Our parse + fuse + print and jaxlib's parse + print of `text`, one run of each in turn,
/// [`PAIRS`] times; prints both medians and the median and quartiles of the per-pair ratios.
fn paired(text: &str, (rules, target): (&RuleSet, &Target), jaxlib: &mut Jaxlib) {
    const PAIRS: usize = 31;
    let cfg = Config::default();
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        let t0 = Instant::now();
        let mut m = parse(text).expect("benchmark input parses");
        egraph::run(&mut m, rules, target, &cfg).expect("fuses");
        let out = print(&m, PrintOptions::default());
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        assert!(!out.is_empty());
        let Some(theirs_ms) = jaxlib.once() else {
            println!("(jaxlib stopped answering: no side-by-side ratio)");
            return;
        };
        ours.push(ms);
        theirs.push(theirs_ms);
        ratios.push(ms / theirs_ms);
    }
    let ratio = median(&mut ratios);
    let (q1, q3) = (ratios[PAIRS / 4], ratios[3 * PAIRS / 4]);
    println!(
        "side by side, {PAIRS} pairs: egfuse parse+fuse+print {:.3} ms, jaxlib parse+print {:.3} ms (medians)",
        median(&mut ours),
        median(&mut theirs)
    );
    println!(
        "egfuse / jaxlib per pair: median {ratio:.3}, quartiles {q1:.3} to {q3:.3} ({})",
        if ratio < 1.0 {
            format!("egfuse is {:.2}x faster", 1.0 / ratio)
        } else {
            format!("egfuse is {:.2}x slower", ratio)
        }
    );
}

fn report(label: &str, r: &Row) {
    let [b, s, k, e, m] = r.steps;
    println!(
        "{label:<26} {:>6} {:>8.3} {b:>8.3} {s:>8.3} {k:>8.3} {e:>8.3} {m:>8.3} {:>8.3} {:>8.3} {:>9.3} {:>8.0} {:>8.1}",
        r.ops,
        r.parse,
        r.fuse,
        r.print,
        r.total,
        r.total * 1e6 / r.ops as f64,
        r.peak_mib
    );
}

/// Medians over repeats of parse, fuse (and its steps) and print.
fn bench(text: &str, rules: &RuleSet, target: &Target) -> Row {
    let repeat = (400_000 / text.len().max(1)).clamp(11, 31);
    let cfg = Config::default();
    let mut samples: Vec<[f64; 9]> = Vec::new();
    let mut ops = 0;
    let mut peak_mib = 0.0f64;
    for _ in 0..repeat {
        reset_peak_memory();
        let t0 = Instant::now();
        let mut m = parse(text).expect("benchmark input parses");
        ops = m.num_ops();
        let t1 = Instant::now();
        let report = egraph::run(&mut m, rules, target, &cfg).expect("fuses");
        let t2 = Instant::now();
        let out = print(&m, PrintOptions::default());
        let t3 = Instant::now();
        assert!(!out.is_empty());
        peak_mib = peak_mib.max(peak_memory_mib());
        let mut steps = [0.0; 5];
        for f in &report.functions {
            for (step, t) in &f.times {
                let column = match *step {
                    "build" => 0,
                    "saturate" => 1,
                    "kernels" => 2,
                    "extract" | "exact" => 3,
                    _ => 4,
                };
                steps[column] += t.as_secs_f64() * 1e3;
            }
        }
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
        let [b, s, k, e, mt] = steps;
        samples.push([
            ms(t0, t1),
            ms(t1, t2),
            b,
            s,
            k,
            e,
            mt,
            ms(t2, t3),
            ms(t0, t3),
        ]);
    }
    let col = |i: usize| median(&mut samples.iter().map(|s| s[i]).collect::<Vec<_>>());
    Row {
        ops,
        parse: col(0),
        fuse: col(1),
        steps: [col(2), col(3), col(4), col(5), col(6)],
        print: col(7),
        total: col(8),
        peak_mib,
    }
}

/// Resets the process's peak resident set (Linux: writing 5 to /proc/self/clear_refs).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident set since the last reset, in MiB (0 where /proc is missing).
fn peak_memory_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}
