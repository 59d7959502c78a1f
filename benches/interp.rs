//! Reference-interpreter throughput: the committed Llama block fixture and the corpus Llama
//! layer, run on seeded random inputs.
//!
//! `cargo bench --bench interp` prints, per model, the median wall time of a run (over several
//! runs), the tensor elements the ops produced, and elements per second. It measures the
//! interpreter as a correctness oracle, not as a fast executor.

use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::{Interpreter, Limits};
use egfuse_ir::{Attr, Type};
use std::path::Path;
use std::time::Instant;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!(
        "{:<32} {:>8} {:>12} {:>12} {:>14}",
        "model", "ops", "median ms", "elements", "elements/s"
    );
    for path in [
        root.join("tests/fixtures/jax/llama_block_f32.mlir"),
        root.join("../shared/corpus/jax-export/llama_layer_f32.mlir"),
        root.join("../shared/corpus/jax-export/llama_layer_bf16.mlir"),
    ] {
        match std::fs::read_to_string(&path) {
            Ok(text) => bench(&path, &text),
            Err(_) => println!("({} not found: skipped)", path.display()),
        }
    }
}

fn bench(path: &Path, text: &str) {
    let m = egfuse_ir::parse::parse(text).expect("benchmark input parses");
    let probe = Interpreter::new(&m, Limits::default());
    let main = probe.find_func("main").expect("a @main");
    let types = match m.op(main).attr("function_type") {
        Some(Attr::Type(Type::Function(ins, _))) => ins.clone(),
        _ => Vec::new(),
    };
    let args = random_args(
        &types,
        InputConfig {
            seed: 0,
            trial: 0,
            dim_size: 3,
        },
    )
    .expect("inputs");
    let mut times = Vec::new();
    let mut elements = 0;
    for _ in 0..5 {
        let mut interp = Interpreter::new(&m, Limits::default());
        let t0 = Instant::now();
        interp.run_func(main, args.clone()).expect("the model runs");
        times.push(t0.elapsed().as_secs_f64());
        elements = interp.elements_produced;
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let name = path.file_name().unwrap().to_string_lossy();
    println!(
        "{:<32} {:>8} {:>12.1} {:>12} {:>14.3e}",
        name,
        m.num_ops(),
        median * 1e3,
        elements,
        elements as f64 / median
    );
}
