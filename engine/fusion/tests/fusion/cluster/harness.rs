//! The harness of the region builder's golden tests: [`check`] builds clusters picked from a
//! module by a small spec, then prints the boundary, the module and its Penguin form. Every
//! built module must verify, keep its use lists true and re-parse to the same text (generic
//! form too); those are asserted, not golden.
//!
//! Spec lines: `fusion KIND SEL...` or `composite KIND SEL...` (one build each, in order),
//! `upfront` (analyse every cluster before building any, as the seed's driver does), and
//! `limit N` (dominance repair may move at most N ops). A selector `%name` or `@func:%name` picks
//! the op whose first result was written with that name; any other selector is the full name of
//! the module's only op of that name (`func.return`).

use egfuse_diag::line_col;
use egfuse_diag::Diag;
use egfuse_fusion::cluster::{build, penguin, Cluster, Emit, Limits};
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::{parse::parse, verify::verify};
use egfuse_ir::{Module, OpId, ValueId};
use expect_test::Expect;

struct Build {
    emit: Emit,
    kind: String,
    ops: Vec<OpId>,
}

pub(crate) fn check(input: &str, spec: &str, expect: Expect) {
    expect.assert_eq(&run(input, spec));
}

pub(crate) fn run(input: &str, spec: &str) -> String {
    let src = source(input);
    let mut m = parse(&src).unwrap_or_else(|d| panic!("input does not parse: {d}"));
    let (builds, upfront, limits) = read_spec(&m, spec);
    let mut out = String::new();
    let mut analysed = Vec::new();
    for b in builds.iter().take(if upfront { builds.len() } else { 0 }) {
        analysed.push(analyse(&m, b, &src, &mut out));
    }
    for (i, b) in builds.iter().enumerate() {
        let cluster = match analysed.get(i) {
            Some(c) => c.clone(),
            None => analyse(&m, b, &src, &mut out),
        };
        let Some(cluster) = cluster else {
            return out;
        };
        let before = print(&m, PrintOptions::default());
        if let Err(d) = build(&mut m, &cluster, b.emit, &limits) {
            out.push_str(&error(&src, &d));
            let after = print(&m, PrintOptions::default());
            assert_eq!(before, after, "a failed build changed the module");
            return out;
        }
        assert_sound(&m);
    }
    out.push_str("---- module\n");
    out.push_str(&print(&m, PrintOptions::default()));
    out.push_str("---- penguin\n");
    out.push_str(&penguin(&m));
    out
}

fn source(input: &str) -> String {
    match input.strip_prefix("fixture:") {
        Some(name) => {
            let path = format!(
                "{}/../../tests/fixtures/jax/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
        None => input.to_string(),
    }
}

fn read_spec(m: &Module, spec: &str) -> (Vec<Build>, bool, Limits) {
    let (mut builds, mut upfront, mut limits) = (Vec::new(), false, Limits::default());
    for line in spec.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["upfront"] => upfront = true,
            ["limit", n] => limits.max_moves = n.parse().expect("a number"),
            [emit, kind, ref sels @ ..] => builds.push(Build {
                emit: match emit {
                    "fusion" => Emit::Fusion,
                    "composite" => Emit::Composite,
                    _ => panic!("unknown spec line {line}"),
                },
                kind: kind.to_string(),
                ops: sels.iter().map(|s| select(m, s)).collect(),
            }),
            _ => panic!("unknown spec line {line}"),
        }
    }
    (builds, upfront, limits)
}

/// The op whose first result is named by `sel` (`%name` or `@func:%name`), or the only op of
/// the module with the full name `sel` (`func.return`).
pub(crate) fn select(m: &Module, sel: &str) -> OpId {
    if !sel.starts_with(['%', '@']) {
        let found: Vec<OpId> = (m.walk().into_iter())
            .filter(|&o| &*m.op(o).name == sel)
            .collect();
        assert_eq!(found.len(), 1, "selector {sel} matches {} ops", found.len());
        return found[0];
    }
    let (func, name) = match sel.split_once(':') {
        Some((f, n)) => (Some(f.trim_start_matches('@')), n),
        None => (None, sel),
    };
    let name = name.trim_start_matches('%');
    let in_func = |o: OpId| {
        func.is_none_or(|f| {
            m.walk().into_iter().any(|g| {
                m.op(g).attr("sym_name").and_then(|a| a.as_str()).as_deref() == Some(f)
                    && m.is_ancestor(g, o)
            })
        })
    };
    let found: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| {
            let results = &m.op(o).results;
            results.first().and_then(|&r| m.value(r).name.as_deref()) == Some(name) && in_func(o)
        })
        .collect();
    assert_eq!(found.len(), 1, "selector {sel} matches {} ops", found.len());
    found[0]
}

/// Runs `Cluster::new` and prints the boundary (or the error).
fn analyse(m: &Module, b: &Build, src: &str, out: &mut String) -> Option<Cluster> {
    match Cluster::new(m, b.ops.iter().copied(), &b.kind) {
        Ok(c) => {
            let names: Vec<&str> = c.ops().iter().map(|&o| &*m.op(o).name).collect();
            out.push_str(&format!("cluster {} [{}]\n", c.kind(), names.join(", ")));
            out.push_str(&format!("  live-ins: {}\n", values(m, c.live_ins())));
            out.push_str(&format!("  live-outs: {}\n", values(m, c.live_outs())));
            Some(c)
        }
        Err(d) => {
            out.push_str(&error(src, &d));
            None
        }
    }
}

fn values(m: &Module, vs: &[ValueId]) -> String {
    let names: Vec<String> = (vs.iter())
        .map(|&v| format!("%{}", m.value(v).name.as_deref().unwrap_or("?")))
        .collect();
    names.join(", ")
}

pub(crate) fn error(src: &str, d: &Diag) -> String {
    let at = if d.span.is_none() {
        "-".to_string()
    } else {
        let (line, col) = line_col(src, d.span.start as usize);
        format!("{line}:{col}")
    };
    let mut s = format!(
        "error[{}] at {at}: {}\n  label: {}\n",
        d.code, d.message, d.label
    );
    if let Some(h) = &d.help {
        s.push_str(&format!("  help: {h}\n"));
    }
    s
}

/// The built module verifies, keeps its use lists true, and re-parses to the same text, from
/// the pretty and from the generic form.
fn assert_sound(m: &Module) {
    let diags = verify(m);
    assert!(diags.is_empty(), "built module does not verify: {diags:?}");
    m.check_use_lists().expect("use lists");
    let text = print(m, PrintOptions::default());
    let again = parse(&text).unwrap_or_else(|d| panic!("output does not parse: {d}\n{text}"));
    assert_eq!(print(&again, PrintOptions::default()), text);
    let generic = print(m, PrintOptions { generic: true });
    let from_generic = parse(&generic).unwrap_or_else(|d| panic!("generic does not parse: {d}"));
    assert_eq!(print(&from_generic, PrintOptions::default()), text);
}

/// sqrt(sum(x * x)) over the last axis, then a user of the norm (the shape of
/// linalg_norm_scalar in the corpus, where the reduce feeds the sqrt directly).
pub(crate) const NORM: &str = r#"module @norm {
  func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.sqrt %1 : tensor<2xf32>
    %3 = stablehlo.exponential %2 : tensor<2xf32>
    return %3 : tensor<2xf32>
  }
}
"#;

/// sqrt(sum(x*x)) with two users of the multiply and the norm placed between the cluster ops.
pub(crate) const INTERLEAVED: &str = r#"func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8xf32>
  %n = stablehlo.negate %0 : tensor<2x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %a = stablehlo.abs %n : tensor<2x8xf32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.sqrt %1 : tensor<2xf32>
  return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
}
"#;
