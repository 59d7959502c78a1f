//! Parse + verify + print throughput, on the largest corpus model and on synthesized Llama
//! models of 1 to 128 layers (the committed one-layer fixture replicated with renamed values).
//!
//! `cargo bench --bench parse_print` prints medians per phase, MB/s, ops/s and ns per op; when
//! a Python with jaxlib is found (`EGFUSE_PYTHON`, else `.venv/bin/python`), it also times
//! jaxlib's parse + print of the same 32-layer file in the same run and prints the ratio.

use egfuse_engine::print::{print, PrintOptions};
use egfuse_engine::{parse::parse, verify::verify};
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
            compare_with_jaxlib(root, &corpus, ours);
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

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs tools/mlir_roundtrip.py --bench on `file` and prints jaxlib's time and ours / theirs.
fn compare_with_jaxlib(root: &Path, file: &Path, ours_ms: f64) {
    let python = std::env::var("EGFUSE_PYTHON")
        .unwrap_or_else(|_| root.join(".venv/bin/python").display().to_string());
    let out = std::process::Command::new(&python)
        .arg(root.join("tools/mlir_roundtrip.py"))
        .args(["--bench", &file.display().to_string(), "--repeat", "15"])
        .output();
    let Some(out) = out.ok().filter(|o| o.status.success()) else {
        println!("(no jaxlib at {python}: run tools/setup_venv.sh for the side-by-side ratio)");
        return;
    };
    let json = String::from_utf8_lossy(&out.stdout);
    let field = |k: &str| -> Option<f64> {
        let rest = &json[json.find(&format!("\"{k}\""))? + k.len() + 3..];
        rest.trim_start()
            .split(|c: char| c == ',' || c == '\n' || c == '}')
            .next()?
            .trim()
            .parse()
            .ok()
    };
    if let (Some(p), Some(pr), Some(total)) = (
        field("parse_verify_ms"),
        field("print_ms"),
        field("total_ms"),
    ) {
        println!(
            "jaxlib parse+verify {p:.3} ms, print {pr:.3} ms, total {total:.3} ms (median of 15)"
        );
        println!(
            "egfuse / jaxlib total time: {:.3} (egfuse is {:.1}x faster)",
            ours_ms / total,
            total / ours_ms
        );
    }
}

/// A module whose `main` runs the fixture's layer `n` times: each copy's values get a `L<k>_`
/// prefix, and its input `%arg0` is the previous copy's result.
fn synthesize(layer: &str, n: usize) -> String {
    let lines: Vec<&str> = layer.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains("func.func public @main"))
        .expect("main")
        + 1;
    let ret = start
        + lines[start..]
            .iter()
            .position(|l| l.trim_start().starts_with("return "))
            .expect("return");
    let result = lines[ret].trim_start()["return %".len()..]
        .split(' ')
        .next()
        .expect("result name")
        .to_string();
    let mut out: Vec<String> = lines[..start].iter().map(|s| s.to_string()).collect();
    let mut input = "arg0".to_string();
    for k in 0..n {
        for line in &lines[start..ret] {
            out.push(rename(line, k, &input));
        }
        input = format!("L{k}_{result}");
    }
    out.push(lines[ret].replace(&format!("%{result}"), &format!("%{input}")));
    out.extend(lines[ret + 1..].iter().map(|s| s.to_string()));
    out.join("\n") + "\n"
}

/// Prefixes every value name in `line` with `L<k>_`, except arguments; `%arg0` becomes `%input`.
fn rename(line: &str, k: usize, input: &str) -> String {
    let mut out = String::with_capacity(line.len() + 32);
    let mut rest = line;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(rest.len());
        let name = &rest[..len];
        if name == "arg0" {
            out.push_str(input);
        } else if name.starts_with("arg") {
            out.push_str(name);
        } else {
            out.push_str(&format!("L{k}_{name}"));
        }
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}
