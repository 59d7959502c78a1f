//! The inlining pass (`egfuse_fusion::inline`): golden tests of what it inlines, leaves and
//! erases, each through `check` on a module of inline_cases/ (`NAME.mlir`, pinned output
//! `NAME.expect`; `UPDATE_EXPECT=1` re-blesses), and a data-driven trial over every JAX fixture
//! and every file of ../shared/corpus/jax-export: the inlined module verifies, round-trips
//! through the printer, is deterministic, has no call to a private non-recursive function left,
//! and computes what the input did (on the random inputs of `egfuse verify`; files with more
//! than `MAX_WORK` are not run, see there).
//!
//! The corpus test fails when ../shared/corpus/jax-export is missing.

use egfuse_fusion::inline::{inline, InlineConfig, InlineStats};
use egfuse_interp::compare::compare;
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::{Interpreter, Limits, Rt};
use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::verify::verify;
use egfuse_ir::{Attr, Module, OpId, Type};
use expect_test::{expect_file, ExpectFile};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Inlines `input` under `cfg` and compares the statistics line and the printed module (or
/// `(module unchanged)`) with `expect`. The result must keep its use lists true, round-trip through the printer, and have
/// exactly the verifier errors of the input (none, except where the verifier does not know a
/// construct, such as a multi-block function).
fn check(cfg: &InlineConfig, input: &str, expect: ExpectFile) {
    let mut m = parse(input).expect("the input parses");
    let messages = |m: &Module| verify(m).into_iter().map(|d| d.message).collect::<Vec<_>>();
    let before = messages(&m);
    let stats = inline(&mut m, cfg);
    assert_eq!(
        messages(&m),
        before,
        "inlining changed the verifier's verdict"
    );
    let text = checked_print(&m).unwrap_or_else(|e| panic!("{e}"));
    let original = print(&parse(input).unwrap(), PrintOptions::default());
    let module = if text == original {
        "(module unchanged)\n"
    } else {
        &text
    };
    expect.assert_eq(&format!("// {stats}\n{module}"));
}

/// Prints `m` after checking its use lists and that it re-parses to the same text.
fn checked_print(m: &Module) -> Result<String, String> {
    m.check_use_lists()?;
    let text = print(m, PrintOptions::default());
    let again = parse(&text).map_err(|e| format!("the inlined module does not re-parse: {e:?}"))?;
    if print(&again, PrintOptions::default()) != text {
        return Err("the inlined module does not reprint the same".to_string());
    }
    Ok(text)
}

/// A golden case: `inline_cases/NAME.mlir` inlined under a config (the default unless given),
/// pinned in `inline_cases/NAME.expect`.
macro_rules! case {
    ($test:ident, $name:literal) => {
        case!($test, $name, InlineConfig::default());
    };
    ($test:ident, $name:literal, $cfg:expr) => {
        #[test]
        fn $test() {
            check(
                &$cfg,
                include_str!(concat!("inline_cases/", $name, ".mlir")),
                expect_file![concat!("inline_cases/", $name, ".expect")],
            );
        }
    };
}

case!(simple_call_is_replaced_by_the_body, "simple_call");
case!(nested_calls_are_inlined_bottom_up, "nested_calls");
case!(a_function_called_twice_is_cloned_twice, "called_twice");
case!(recursion_is_left_as_calls, "recursion");
case!(
    public_declared_and_multi_block_callees_stay_called,
    "public_declared_multi_block"
);
case!(no_delete_and_decomposition_callees_are_kept, "kept_callees");
case!(
    functions_referenced_by_other_symbols_are_kept_and_unreferenced_ones_erased,
    "referenced_elsewhere"
);
case!(multiple_results_replace_each_result, "multiple_results");
case!(
    calls_in_nested_regions_and_no_inline_calls,
    "nested_regions_no_inline"
);

case!(
    the_depth_limit_leaves_deep_calls,
    "depth_limit",
    InlineConfig {
        max_depth: 1,
        ..InlineConfig::default()
    }
);
case!(
    the_growth_limit_leaves_calls_past_the_budget,
    "growth_limit",
    InlineConfig {
        max_new_ops: 5,
        ..InlineConfig::default()
    }
);

/// Every committed JAX fixture, through [`corpus`].
#[test]
fn fixtures_inline_and_compute_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/jax");
    let files = mlir_files(&dir);
    assert!(!files.is_empty(), "the JAX fixtures are missing");
    corpus(&dir, &files);
}

/// Every file of ../shared/corpus/jax-export, through [`corpus`].
#[test]
fn jax_export_corpus_inlines_and_computes_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/jax-export");
    let files = mlir_files(&dir);
    assert!(
        !files.is_empty(),
        "{} is missing or has no .mlir files: this test needs the shared corpus",
        dir.display()
    );
    corpus(&dir, &files);
}

/// Above this estimate of interpreter work ([`work`]) a file is not run: only
/// llama_layer_h4096_bf16.mlir is (1.2e11; about 30 s a run in a release build), the next
/// largest is 4e9.
const MAX_WORK: f64 = 1e10;

/// How a file's inlined module was compared with the original through the interpreter.
enum Compared {
    Same,
    /// Nothing was inlined, so `@main` computes through the very same ops.
    NothingInlined,
    /// Both the original and the inlined module fail in the interpreter.
    NotInterpretable,
    TooMuchWork,
}

/// Inlines each file, checks it, prints what ran and the summed statistics, and fails with
/// every file that went wrong.
fn corpus(dir: &Path, files: &[PathBuf]) {
    let mut total = InlineStats::default();
    let mut failures = Vec::new();
    let mut outcomes: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        match corpus_file(path) {
            Ok((stats, compared)) => {
                total.calls_inlined += stats.calls_inlined;
                total.ops_created += stats.ops_created;
                total.functions_erased += stats.functions_erased;
                for (r, n) in stats.calls_left {
                    *total.calls_left.entry(r).or_default() += n;
                }
                let key = match compared {
                    Compared::Same => "compared",
                    Compared::NothingInlined => "nothing inlined",
                    Compared::NotInterpretable => "not interpretable",
                    Compared::TooMuchWork => "skipped (too much work)",
                };
                outcomes.entry(key).or_default().push(name);
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!(
        "inline over {} files of {}: {total}",
        files.len(),
        dir.display()
    );
    for (key, names) in &outcomes {
        let list = if *key == "compared" {
            String::new()
        } else {
            format!(": {}", names.join(", "))
        };
        println!("  {key}: {}{list}", names.len());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One file: inlined, it verifies, round-trips, comes out the same from a second run, keeps only
/// recursive private calls, and computes what the original did.
fn corpus_file(path: &Path) -> Result<(InlineStats, Compared), String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let original = parse(&src).map_err(|e| format!("does not parse: {e:?}"))?;
    let mut m = original.clone();
    let stats = inline(&mut m, &InlineConfig::default());
    let errors = verify(&m);
    if !errors.is_empty() {
        return Err(format!("the inlined module does not verify: {errors:?}"));
    }
    let text = checked_print(&m)?;
    let mut again = original.clone();
    if inline(&mut again, &InlineConfig::default()) != stats
        || print(&again, PrintOptions::default()) != text
    {
        return Err("a second run gives other output".to_string());
    }
    if let Some(call) = private_non_recursive_call(&m) {
        return Err(format!("a call to private non-recursive @{call} is left"));
    }
    let compared = if stats.calls_inlined == 0 {
        Compared::NothingInlined
    } else if work(&original) > MAX_WORK {
        Compared::TooMuchWork
    } else {
        same_results(&original, &m)?
    };
    Ok((stats, compared))
}

/// A rough count of the interpreter's work: every element every op produces, plus
/// `sqrt(lhs * rhs * result)` elements for a dot or convolution (its multiply-adds when
/// unbatched).
fn work(m: &Module) -> f64 {
    let elems = |v| {
        (m.ty(v).as_tensor())
            .and_then(|t| t.num_elements())
            .unwrap_or(1) as f64
    };
    let mut total = 0.0;
    for op in m.walk() {
        let o = m.op(op);
        let out: f64 = o.results.iter().map(|&r| elems(r)).sum();
        total += out;
        if o.name.contains("dot") || o.name.contains("convolution") {
            total += (elems(o.operands[0]) * elems(o.operands[1]) * out).sqrt();
        }
    }
    total
}

/// The callee of a `func.call` left to a private function that cannot reach itself.
fn private_non_recursive_call(m: &Module) -> Option<String> {
    let mut private = BTreeSet::new();
    let mut calls: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for op in m.walk() {
        let o = m.op(op);
        if &*o.name == "func.func" {
            let name = o
                .attr("sym_name")
                .and_then(Attr::as_str)
                .unwrap_or_default();
            if o.attr("sym_visibility").and_then(Attr::as_str).as_deref() == Some("private") {
                private.insert(name.clone());
            }
            let callees = m.walk_under(op).into_iter().filter_map(|c| callee(m, c));
            calls.insert(name, callees.collect());
        }
    }
    let reaches_itself = |f: &String| {
        let mut stack = calls.get(f).cloned().unwrap_or_default();
        let mut seen = BTreeSet::new();
        while let Some(g) = stack.pop() {
            if &g == f {
                return true;
            }
            if seen.insert(g.clone()) {
                stack.extend(calls.get(&g).into_iter().flatten().cloned());
            }
        }
        false
    };
    (calls.values().flatten())
        .find(|c| private.contains(*c) && !reaches_itself(c))
        .cloned()
}

fn callee(m: &Module, op: OpId) -> Option<String> {
    match (&*m.op(op).name, m.op(op).attr("callee")) {
        ("func.call", Some(Attr::SymbolRef(parts))) => Some(parts[0].trim_matches('"').into()),
        _ => None,
    }
}

/// Runs `@main` of both modules on two draws of random inputs (as `egfuse verify` does) and
/// compares every output; when the original cannot be interpreted, the inlined module must
/// fail too.
fn same_results(original: &Module, inlined: &Module) -> Result<Compared, String> {
    let main = Interpreter::new(original, Limits::default())
        .find_func("main")
        .ok_or("no @main")?;
    let Some(Attr::Type(Type::Function(inputs, _))) = original.op(main).attr("function_type")
    else {
        return Err("@main has no function type".to_string());
    };
    for trial in 0..2 {
        let cfg = InputConfig {
            seed: 0,
            trial,
            dim_size: 3,
        };
        let args = random_args(inputs, cfg)?;
        let (expected, actual) = (run_main(original, args.clone()), run_main(inlined, args));
        let (expected, actual) = match (expected, actual) {
            (Ok(e), Ok(a)) => (e, a),
            (Err(_), Err(_)) => return Ok(Compared::NotInterpretable),
            (Ok(_), Err(e)) => return Err(format!("only the inlined module fails: {e}")),
            (Err(e), Ok(_)) => return Err(format!("only the original fails: {e}")),
        };
        if actual.len() != expected.len() {
            return Err(format!(
                "{} results, expected {}",
                actual.len(),
                expected.len()
            ));
        }
        for (i, (a, e)) in actual.iter().zip(&expected).enumerate() {
            if let (Some(a), Some(e)) = (a.as_tensor(), e.as_tensor()) {
                let d = compare(a, e);
                if !d.agrees() {
                    return Err(format!("trial {trial}, result {i} differs: {d:?}"));
                }
            }
        }
    }
    Ok(Compared::Same)
}

fn run_main(m: &Module, args: Vec<Rt>) -> Result<Vec<Rt>, String> {
    let mut interp = Interpreter::new(m, Limits::default());
    let main = interp.find_func("main").ok_or("no @main")?;
    interp.run_func(main, args).map_err(|e| e.message)
}

/// All `.mlir` files in `dir`, sorted; none when it does not exist.
fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    let paths = entries
        .map(|e| e.path())
        .filter(|p| p.extension() == Some("mlir".as_ref()));
    paths.collect::<BTreeSet<_>>().into_iter().collect()
}
