//! Egraph mode inside regions: the blocks of `stablehlo.while`, `case` and `if` are fused as
//! function bodies are, values captured from the enclosing blocks are the blocks' inputs, and
//! `fuse --stats` names each block it fused. The fused case and while blocks themselves are
//! filetests (`tests/filetests/fuse/regions/`, each output re-parsed and verified); the
//! `lax.scan` fixture and the corpus modules with control flow are fused whole and their outputs
//! verified with verify's default options; `egfuse lower` lowers the kernels of those blocks
//! where they are.

use crate::lower::lower;
use crate::support::{corpus_dir, egfuse, mlir_files_under, root, scratch};
use egfuse_ir::parse::parse;
use egfuse_ir::Module;
use expect_test::expect;
use std::collections::BTreeSet;

/// A `stablehlo.case` whose first branch computes a SiLU gate after a dot of `%a` and `%b`, the
/// function's arguments, which the branch reads from the block around it.
const CASE_GATE: &str = r#"func.func @main(%i: tensor<i32>, %a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %r = "stablehlo.case"(%i) ({
    %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %s = stablehlo.logistic %d : tensor<4x16xf32>
    %g = stablehlo.multiply %d, %s : tensor<4x16xf32>
    stablehlo.return %g : tensor<4x16xf32>
  }, {
    %z = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
    stablehlo.return %z : tensor<4x16xf32>
  }) : (tensor<i32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
"#;

/// Compat mode keeps the seed's P0 (`top_level`): it fuses nothing inside the case branch.
#[test]
fn compat_mode_still_fuses_function_bodies_only() {
    let file = scratch("case.mlir", CASE_GATE);
    let (code, out, stderr) = egfuse(&["fuse", "--mode", "compat", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    expect!["fused 0 clusters: none"].assert_eq(stderr.lines().last().unwrap_or(""));
    let input = parse(CASE_GATE).expect("the case input parses");
    let output = parse(&out).expect("compat mode's output parses");
    assert_eq!(output.walk().len(), input.walk().len(), "{out}");
}

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

/// `compare` lists each fusion under its block's path, and coverage's sites name it too.
#[test]
fn compare_and_coverage_name_the_block_of_each_fusion() {
    let file = scratch("while_if.mlir", WHILE_IF);
    let (code, out, err) = egfuse(&["compare", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let fusions: Vec<&str> = (out.lines())
        .skip_while(|l| *l != "fusions")
        .take_while(|l| *l != "differences")
        .filter(|l| l.contains('@'))
        .map(str::trim)
        .collect();
    expect![[r#"
        [
            "@main/while#1 body/if#1 true         Expm1  14:7  1 ops",
            "@main/while#1 body/if#1 false  Elementwise  18:7  2 ops",
        ]
    "#]]
    .assert_debug_eq(&fusions);
    let (code, out, err) = egfuse(&["coverage", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let sites: BTreeSet<&str> = (out.lines())
        .filter_map(|l| l.trim_start().strip_prefix("at ")?.split_once(" in @"))
        .map(|(_, block)| block)
        .collect();
    expect![[r#"
        {
            "main/while#1 body/if#1 false",
            "main/while#1 body/if#1 true",
        }
    "#]]
    .assert_debug_eq(&sites);
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
    let (code, report, err) = egfuse(&["verify", input.to_str().unwrap(), out.to_str().unwrap()]);
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
        let (code, report, err) = egfuse(&["verify", input, output]);
        assert_eq!(code, 0, "{input} computes the same fused:\n{report}{err}");
    }
    println!(
        "regions: {} corpus modules with control flow fused and verified",
        files.len()
    );
}

/// A `lax.scan` model's layer is the body of a `stablehlo.while`: its kernels (the RmsNorms,
/// DotSoftmax, DotLogistic and matmuls fused there, and the `dynamic_slice`s that pick the
/// layer's weights) lower and check like a function body's; the loop itself is reported, once.
#[test]
fn a_loop_bodys_kernels_lower_and_check_and_the_loop_is_reported() {
    let input = root().join("tests/fixtures/jax/scan_llama_f32.mlir");
    let (_, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 1, "{err}");
    // Once, though the loop has 11 results.
    assert_eq!(err.matches("has no lowering").count(), 1, "{err}");
    assert!(err.contains("`stablehlo.while` has no lowering"), "{err}");
    let summary: Vec<&str> = (err.lines())
        .filter(|l| l.starts_with("lowered ") || l.starts_with("check: "))
        .collect();
    expect![[r#"
        [
            "lowered 23 kernels (Attention x1, Dot x6, DotLogistic x1, RmsNorm x2, stablehlo.add x3, stablehlo.compare x1, stablehlo.dynamic_slice x9), estimate 13.852 us; 1 ops folded at compile time (mhlo.fusion x1); 1 could not be lowered",
            "check: 23 of 23 kernels agree with the ops they lower",
        ]
    "#]]
    .assert_debug_eq(&summary);
}
