//! Egraph mode inside regions, its properties: `fuse --stats` names each block it fused, the
//! `lax.scan` fixture and the corpus modules with control flow are fused whole and their
//! outputs verified with verify's default options. The fused case and while blocks themselves,
//! compat mode leaving them alone, the blocks `compare` and `coverage` name and the scan
//! model's loop body lowered are filetests (`tests/filetests/fuse/regions/`,
//! `tests/filetests/lower/scan_loop_body.mlir`).

use crate::support::{corpus_dir, egfuse, memo, mlir_files_under, root, scratch};
use egfuse_ir::parse::parse;
use egfuse_ir::Module;
use expect_test::expect;
use std::collections::BTreeSet;

/// A `stablehlo.if` in a while body: `exp(v) - 1` in its true branch is an Expm1 kernel (built
/// after the grow, as a kernel of one op) and the false branch's two elementwise ops are grown
/// into one cluster; both read `%v`, the while body's argument, from two blocks up.
const WHILE_IF: &str = r#"func.func @main(%x: tensor<16xf32>, %p: tensor<i1>) -> tensor<16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<16xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = "stablehlo.if"(%p) ({
      %e = stablehlo.exponential %v : tensor<16xf32>
      %c1 = stablehlo.constant dense<1.000000e+00> : tensor<16xf32>
      %m = stablehlo.subtract %e, %c1 : tensor<16xf32>
      stablehlo.return %m : tensor<16xf32>
    }, {
      %t = stablehlo.tanh %v : tensor<16xf32>
      %h = stablehlo.multiply %t, %v : tensor<16xf32>
      stablehlo.return %h : tensor<16xf32>
    }) : (tensor<i1>) -> tensor<16xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<16xf32>
  }
  return %r#1 : tensor<16xf32>
}
"#;

/// `--stats` names each nested block by its path from the function.
#[test]
fn blocks_nested_in_a_while_are_fused_and_named_in_stats() {
    let file = scratch("while_if.mlir", WHILE_IF);
    let (code, _, stderr) = egfuse(&["fuse", file.to_str().unwrap(), "--stats", "-o", "/dev/null"]);
    assert_eq!(code, 0, "{stderr}");
    let blocks: Vec<&str> = (stderr.lines())
        .filter(|l| l.starts_with('@') || l.contains(" fused"))
        .map(|l| l.split(": e-graph").next().unwrap_or(l))
        .map(|l| l.split(';').next().unwrap_or(l))
        .collect();
    expect![[r#"
        [
            "@main",
            "@main/while#1 cond",
            "@main/while#1 body",
            "@main/while#1 body/if#1 true",
            "  Expm1: 1 fused (3 matches",
            "@main/while#1 body/if#1 false",
            "unfused: 12 ops, 0 inside 0 fusions (0.0% fused)",
            "module: 10 ops, 3 inside 2 fusions (30.0% fused)",
        ]
    "#]]
    .assert_debug_eq(&blocks);
}

/// The kinds of the fusions of `m` that sit inside a `stablehlo.while`, at any depth.
fn kinds_in_loops(m: &Module) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for op in m.walk() {
        let o = m.op(op);
        if &*o.name != "mhlo.fusion" {
            continue;
        }
        let mut cur = m.parent_op(op);
        while let Some(p) = cur {
            if &*m.op(p).name == "stablehlo.while" {
                out.extend(o.attr("FusionKind").and_then(|a| a.as_str()));
                break;
            }
            cur = m.parent_op(p);
        }
    }
    out
}

/// A 4-layer Llama run by `lax.scan`: the whole layer is the while body, and its RMSNorms,
/// attention softmax and SwiGLU gate are fused there; the output verifies against the input
/// with verify's default options.
#[test]
fn the_scan_model_layer_is_fused_inside_the_while_body() {
    let input = root().join("tests/fixtures/jax/scan_llama_f32.mlir");
    let out = scratch("scan.mlir", "");
    let args = ["fuse", input.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let (code, _, stderr) = egfuse(&args);
    assert_eq!(code, 0, "{stderr}");
    let fused = std::fs::read_to_string(&out).unwrap();
    let m = parse(&fused).expect("the fused module parses");
    let inside = kinds_in_loops(&m);
    for kind in ["RmsNorm", "Attention", "DotLogistic"] {
        assert!(
            inside.contains(kind),
            "no {kind} in the while body: {inside:?}"
        );
    }
    let (code, report, err) = memo::verify(&input, &out);
    assert_eq!(
        code, 0,
        "the fused scan model computes the same:\n{report}{err}"
    );
}

/// Every corpus module with control flow (../shared/corpus's stablehlo-testdata: loops of the
/// special functions and the random samplers) fuses inside its loops and conditionals, and the
/// output verifies against the input with verify's default options.
#[test]
fn corpus_control_flow_fuses_and_verifies() {
    let files: Vec<_> = (mlir_files_under(&corpus_dir("")).into_iter())
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            ["stablehlo.while", "stablehlo.case", "stablehlo.if"]
                .iter()
                .any(|op| text.contains(op))
        })
        .collect();
    for f in &files {
        let out = scratch("control_flow.mlir", "");
        let (input, output) = (f.to_str().unwrap(), out.to_str().unwrap());
        let (code, _, err) = egfuse(&["fuse", input, "-o", output]);
        assert_eq!(code, 0, "{input}: {err}");
        let (code, report, err) = memo::verify(f, &out);
        assert_eq!(code, 0, "{input} computes the same fused:\n{report}{err}");
    }
    println!(
        "regions: {} corpus modules with control flow fused and verified",
        files.len()
    );
}
