//! Runs the reference interpreter over the StableHLO test suite in ../shared/corpus and reports
//! "N of M files pass", per-op pass counts for the data-movement, indexing, reduction and
//! sorting ops, and each failing file with its first failing op and reason.
//!
//! A file passes when every entry point runs without error and every `check.*` op holds. The
//! shape-polymorphic files in `dynamic/` have no checks: their `@main` takes a dimension variable
//! (`tensor<i64>`) and tensors with `?` dimensions, and passes when it runs on consistent inputs
//! built by [`dynamic_inputs`] (every dimension variable and every `?` equal to [`DIM`]).

use egfuse_engine::interp::tensor::{Data, Elem};
use egfuse_engine::interp::{Interpreter, Limits, Rt, Tensor};
use egfuse_engine::ir::{Attr, Module, OpId, Type};
use egfuse_engine::parse::parse;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The size every dynamic dimension and dimension variable takes.
const DIM: usize = 3;

/// The ops this suite reports pass counts for.
const OPS: &[&str] = &[
    "reshape",
    "transpose",
    "broadcast_in_dim",
    "concatenate",
    "slice",
    "pad",
    "reverse",
    "iota",
    "dynamic_slice",
    "dynamic_update_slice",
    "get_dimension_size",
    "dynamic_broadcast_in_dim",
    "dynamic_iota",
    "dynamic_reshape",
    "real_dynamic_slice",
    "dynamic_pad",
    "gather",
    "dynamic_gather",
    "scatter",
    "reduce",
    "reduce_window",
    "select_and_scatter",
    "map",
    "sort",
    "top_k",
];

/// Fewer passing files than this is a regression.
const MIN_PASSING: usize = 749;

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/stablehlo-testdata");
    let mut out = Vec::new();
    collect_mlir(&root, &mut out);
    out.sort();
    out
}

/// Appends the `.mlir` files below `dir` to `out`.
fn collect_mlir(dir: &Path, out: &mut Vec<PathBuf>) {
    for p in std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
    {
        if p.is_dir() {
            collect_mlir(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// A deterministic tensor of type `ty` with every `?` dimension of size [`DIM`]; a dimension
/// variable holds [`DIM`].
fn dynamic_input(ty: &Type, dim_var: bool) -> Result<Tensor, String> {
    let Type::Tensor(tt) = ty else {
        return Err(format!("cannot build an input of type {ty:?}"));
    };
    let dims = tt.dims.as_ref().ok_or("unranked input")?;
    let shape: Vec<usize> = dims
        .iter()
        .map(|&d| if d < 0 { DIM } else { d as usize })
        .collect();
    let elem = Elem::from_type(&tt.elem)?;
    let n: usize = shape.iter().product();
    let data = match elem.empty_data(0) {
        Data::Float(_) => Data::Float(
            (0..n)
                .map(|i| elem.round((i % 7) as f64 * 0.5 - 1.25))
                .collect(),
        ),
        Data::Int(_) if dim_var => Data::Int(vec![DIM as i128]),
        Data::Int(_) => Data::Int((0..n).map(|i| elem.wrap((i % 5) as i128)).collect()),
        Data::Complex(_) => Data::Complex(
            (0..n)
                .map(|i| num_complex::Complex64::new(i as f64 * 0.25, 1.0 - i as f64 * 0.5))
                .collect(),
        ),
    };
    Ok(Tensor::new(elem, shape, data))
}

/// Whether `ty` is `tensor<i64>`, the type of a JAX dimension variable.
fn is_dim_var(ty: &Type) -> bool {
    matches!(ty, Type::Tensor(t) if t.dims.as_deref() == Some(&[])
        && Elem::from_type(&t.elem) == Ok(Elem::Int { width: 64, signed: true }))
}

/// Consistent inputs for the parameters of `func`: JAX puts the dimension variables first.
fn dynamic_inputs(m: &Module, func: OpId) -> Result<Vec<Rt>, String> {
    let Some(Attr::Type(Type::Function(ins, _))) = m.op(func).attr("function_type") else {
        return Err("a function without a function_type".to_string());
    };
    let vars = ins.iter().take_while(|t| is_dim_var(t)).count();
    ins.iter()
        .enumerate()
        .map(|(i, t)| dynamic_input(t, i < vars).map(Rt::tensor))
        .collect()
}

/// Runs every entry point of the file; the first error or failed check, if any.
fn run_file(src: &str) -> Result<(), String> {
    let m = parse(src).map_err(|d| format!("parse: {}", d.message))?;
    let mut interp = Interpreter::new(&m, Limits::default());
    for f in interp.entry_points() {
        let args = dynamic_inputs(&m, f)?;
        interp.run_func(f, args).map_err(|e| {
            let name = e.op.map_or("?".into(), |op| m.op(op).name.to_string());
            format!("{name}: {}", e.message)
        })?;
    }
    match interp.checks.iter().find(|c| c.failure.is_some()) {
        Some(c) => Err(format!(
            "check in @{}: {}",
            c.func,
            c.failure.as_deref().unwrap_or_default()
        )),
        None => Ok(()),
    }
}

/// The ops of [`OPS`] a file's text uses.
fn ops_used(src: &str) -> Vec<&'static str> {
    OPS.iter()
        .copied()
        .filter(|op| {
            ["stablehlo.", "chlo.", "mhlo."].iter().any(|d| {
                let name = format!("{d}{op}");
                src.match_indices(&name).any(|(i, _)| {
                    !src[i + name.len()..].starts_with(|c: char| c == '_' || c.is_alphanumeric())
                })
            })
        })
        .collect()
}

#[test]
fn corpus_files_pass() {
    let files = corpus_files();
    let (mut passed, mut failures) = (0usize, Vec::new());
    let mut per_op: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for path in &files {
        let src = std::fs::read_to_string(path).expect("readable corpus file");
        let outcome = std::panic::catch_unwind(|| run_file(&src))
            .unwrap_or_else(|_| Err("panic".to_string()));
        for op in ops_used(&src) {
            let e = per_op.entry(op).or_default();
            e.0 += 1;
            e.1 += outcome.is_ok() as usize;
        }
        match outcome {
            Ok(()) => passed += 1,
            Err(e) => failures.push((path.clone(), e)),
        }
    }
    for (path, e) in &failures {
        let short: String = e.chars().take(200).collect();
        println!("FAIL {}: {short}", path.display());
    }
    for (op, (used, ok)) in &per_op {
        println!("op {op}: {ok} of {used} files pass");
    }
    println!("{passed} of {} files pass", files.len());
    assert!(
        files.is_empty() || passed >= MIN_PASSING,
        "{passed} files pass, fewer than {MIN_PASSING}"
    );
}
