//! Golden tests of the shared region builder (`engine::cluster`) against the seed's
//! `FusionCluster` contract (seeds/000_2a3b48bb609391fd.txt). Each test names the seed section it
//! pins. All go through [`check`]: build clusters picked from a module by a small spec, then
//! print the boundary, the module and its Penguin form. Every built module must verify and
//! re-parse to the same text (generic form too); those are asserted, not golden.
//!
//! Spec lines: `fusion KIND SEL...` or `composite KIND SEL...` (one build each, in order),
//! `upfront` (analyse every cluster before building any, as the seed's driver does), and
//! `limit N` (dominance repair may move at most N ops). A selector `%name` or `@func:%name` picks
//! the op whose first result was written with that name.

use egfuse_engine::cluster::{build, penguin, Cluster, Emit, Limits};
use egfuse_engine::diag::line_col;
use egfuse_engine::ir::{Module, OpId, ValueId};
use egfuse_engine::print::{print, PrintOptions};
use egfuse_engine::{parse::parse, verify::verify, Diag};
use expect_test::{expect, Expect};

struct Build {
    emit: Emit,
    kind: String,
    ops: Vec<OpId>,
}

fn check(input: &str, spec: &str, expect: Expect) {
    expect.assert_eq(&run(input, spec));
}

fn run(input: &str, spec: &str) -> String {
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
                "{}/../tests/fixtures/jax/{name}",
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
fn select(m: &Module, sel: &str) -> OpId {
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

fn error(src: &str, d: &Diag) -> String {
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
const NORM: &str = r#"module @norm {
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

/// Seed: "The matched subgraph" (the window is exactly mul, reduce, sqrt), "Live-range
/// algorithm" (live-ins are the init value and the multiply's operand, reverse scan order; one
/// live-out, the sqrt), "codeGen 4c-4i" (one block argument per operand, ops moved, uses inside
/// read the arguments, the outside user reads the fusion's result, `FusionKind` stamped,
/// `mhlo.return` of the live-out) and "Penguin emission".
#[test]
fn mul_red_sqrt_becomes_one_fusion() {
    check(
        NORM,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %2 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %1 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  %3 = stablehlo.sqrt %1 : tensor<2xf32>
                  mhlo.return %3 : tensor<2xf32>
                }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = stablehlo.exponential %2 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "Struct layout" (the ctor dedups into a SetVector): duplicates and caller order do not
/// change the cluster, which is kept in program order.
#[test]
fn cluster_order_and_duplicates_do_not_matter() {
    let given = run(NORM, "fusion MulRedSqrt %2 %0 %1 %0 %2");
    assert_eq!(given, run(NORM, "fusion MulRedSqrt %0 %1 %2"));
}

/// Seed: "Live-range algorithm" (NOTE on the reverse scan): a cluster value with a user outside
/// is a live-out even when it also feeds the cluster; live-outs are recorded last op first, and
/// the terminator and the results follow that order. Penguin names every result, and a kind
/// without a reduce prints no `reduce_dims`.
#[test]
fn live_outs_follow_the_reverse_scan_and_the_terminator() {
    check(
        NORM,
        "fusion MulRed %0 %1",
        expect![[r#"
            cluster MulRed [stablehlo.multiply, stablehlo.reduce]
              live-ins: %cst, %arg0
              live-outs: %1
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %1 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %2 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  mhlo.return %2 : tensor<2xf32>
                }) {FusionKind = "MulRed"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %2 = stablehlo.sqrt %1 : tensor<2xf32>
                %3 = stablehlo.exponential %2 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %1 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRed", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
    check(
        r#"func.func @two(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  return %0, %2 : tensor<4xf32>, tensor<4xf32>
}
"#,
        "fusion Elementwise %0 %1 %2",
        expect![[r#"
            cluster Elementwise [stablehlo.negate, stablehlo.abs, stablehlo.add]
              live-ins: %arg0
              live-outs: %2, %0
            ---- module
            func.func @two(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
              %2, %0 = "mhlo.fusion"(%arg0) ({
              ^bb0(%arg1: tensor<4xf32>):
                %1 = stablehlo.negate %arg1 : tensor<4xf32>
                %3 = stablehlo.abs %1 : tensor<4xf32>
                %4 = stablehlo.add %1, %3 : tensor<4xf32>
                mhlo.return %4, %1 : tensor<4xf32>, tensor<4xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
              return %0, %2 : tensor<4xf32>, tensor<4xf32>
            }
            ---- penguin
            %2, %0 = ctx.NeuronTensorOp(%arg0, op="Elementwise", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "codeGen 4a" (a fused location of the clustered ops' locations, last op first) on a
/// real JAX export with locations: the RMS denominator rsqrt(sum(x*x)/32 + eps) as one fusion.
/// The constants and broadcasts between cluster ops are live-ins that stay before the fusion.
#[test]
fn fixture_rms_denominator_with_fused_location() {
    check(
        "fixture:rmsnorm_f32.loc.mlir",
        "fusion RmsDenominator %0 %1 %2 %4 %6 %7",
        expect![[r#"
            cluster RmsDenominator [stablehlo.multiply, stablehlo.reduce, stablehlo.broadcast_in_dim, stablehlo.divide, stablehlo.add, stablehlo.rsqrt]
              live-ins: %5, %3, %cst, %arg0
              live-outs: %7
            ---- module
            #loc1 = loc("x")
            #loc2 = loc("w")
            module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
              func.func public @main(%arg0: tensor<2x8x32xf32> loc("x"), %arg1: tensor<32xf32> loc("w")) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc37)
                %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32> loc(#loc29)
                %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32> loc(#loc39)
                %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32> loc(#loc29)
                %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32> loc(#loc40)
                %7 = "mhlo.fusion"(%5, %3, %cst, %arg0) ({
                ^bb0(%arg2: tensor<2x8x1xf32>, %arg3: tensor<2x8x1xf32>, %arg4: tensor<f32>, %arg5: tensor<2x8x32xf32>):
                  %0 = stablehlo.multiply %arg5, %arg5 : tensor<2x8x32xf32> loc(#loc36)
                  %1 = stablehlo.reduce(%0 init: %arg4) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32> loc(#loc37)
                  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32> loc(#loc38)
                  %4 = stablehlo.divide %2, %arg3 : tensor<2x8x1xf32> loc(#loc39)
                  %6 = stablehlo.add %4, %arg2 : tensor<2x8x1xf32> loc(#loc40)
                  %8 = stablehlo.rsqrt %6 : tensor<2x8x1xf32> loc(#loc41)
                  mhlo.return %8 : tensor<2x8x1xf32> loc(#loc45)
                }) {FusionKind = "RmsDenominator"} : (tensor<2x8x1xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<2x8x32xf32>) -> tensor<2x8x1xf32> loc(#loc45)
                %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32> loc(#loc42)
                %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32> loc(#loc42)
                %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32> loc(#loc43)
                %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32> loc(#loc44)
                %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32> loc(#loc44)
                return %12 : tensor<2x8x32xf32> loc(#loc29)
              } loc(#loc)
            } loc(#loc)
            #loc = loc(unknown)
            #loc3 = loc("tools/gen_fixtures.py":83:34 to :39)
            #loc4 = loc("tools/gen_fixtures.py":127:11 to :24)
            #loc5 = loc("tools/gen_fixtures.py":447:14 to :36)
            #loc6 = loc("tools/gen_fixtures.py":493:32 to :47)
            #loc7 = loc("tools/gen_fixtures.py":562:11 to :40)
            #loc8 = loc("tools/gen_fixtures.py":574:13 to :19)
            #loc9 = loc("tools/gen_fixtures.py":83:25 to :64)
            #loc10 = loc("tools/gen_fixtures.py":83:25 to :70)
            #loc11 = loc("tools/gen_fixtures.py":83:15 to :71)
            #loc12 = loc("tools/gen_fixtures.py":83:11 to :71)
            #loc13 = loc("tools/gen_fixtures.py":83:11 to :75)
            #loc14 = loc("rmsnorm"(#loc3))
            #loc15 = loc("rmsnorm_f32"(#loc4))
            #loc16 = loc("lower"(#loc5))
            #loc17 = loc("generate"(#loc6))
            #loc18 = loc("main"(#loc7))
            #loc19 = loc("<module>"(#loc8))
            #loc20 = loc("rmsnorm"(#loc9))
            #loc21 = loc("rmsnorm"(#loc10))
            #loc22 = loc("rmsnorm"(#loc11))
            #loc23 = loc("rmsnorm"(#loc12))
            #loc24 = loc("rmsnorm"(#loc13))
            #loc25 = loc(callsite(#loc18 at #loc19))
            #loc26 = loc(callsite(#loc17 at #loc25))
            #loc27 = loc(callsite(#loc16 at #loc26))
            #loc28 = loc(callsite(#loc15 at #loc27))
            #loc29 = loc("jit(rmsnorm_f32)"(#loc27))
            #loc30 = loc(callsite(#loc14 at #loc28))
            #loc31 = loc(callsite(#loc20 at #loc28))
            #loc32 = loc(callsite(#loc21 at #loc28))
            #loc33 = loc(callsite(#loc22 at #loc28))
            #loc34 = loc(callsite(#loc23 at #loc28))
            #loc35 = loc(callsite(#loc24 at #loc28))
            #loc36 = loc("jit(rmsnorm_f32)/mul"(#loc30))
            #loc37 = loc("jit(rmsnorm_f32)/reduce_sum"(#loc31))
            #loc38 = loc("jit(rmsnorm_f32)/broadcast_in_dim"(#loc31))
            #loc39 = loc("jit(rmsnorm_f32)/div"(#loc31))
            #loc40 = loc("jit(rmsnorm_f32)/add"(#loc32))
            #loc41 = loc("jit(rmsnorm_f32)/rsqrt"(#loc33))
            #loc42 = loc("jit(rmsnorm_f32)/mul"(#loc34))
            #loc43 = loc("jit(rmsnorm_f32)/broadcast_in_dim"(#loc35))
            #loc44 = loc("jit(rmsnorm_f32)/mul"(#loc35))
            #loc45 = loc(fused[#loc41, #loc40, #loc39, #loc38, #loc37, #loc36])
            ---- penguin
            %7 = ctx.NeuronTensorOp(%5, %3, %cst, %arg0, op="RmsDenominator", reduce_dims=[2], xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "codeGen 4j" and "recursivelyMoveDependentOps": users of cluster values that sat
/// between cluster ops (and their own users, transitively) move after the fusion, in order.
#[test]
fn dominance_repair_moves_interleaved_users() {
    check(
        INTERLEAVED,
        "composite MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2, %0
            ---- module
            func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %2, %0 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>)
              %n = stablehlo.negate %0 : tensor<2x8xf32>
              %a = stablehlo.abs %n : tensor<2x8xf32>
              return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
            }
            func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>) attributes {noDelete} {
              %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
              %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
              %2 = stablehlo.sqrt %1 : tensor<2xf32>
              return %2, %0 : tensor<2xf32>, tensor<2x8xf32>
            }
            ---- penguin
            %2, %0 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
    check(
        INTERLEAVED,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
        cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
          live-ins: %cst, %arg0
          live-outs: %2, %0
        ---- module
        func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
          %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
          %2, %0 = "mhlo.fusion"(%cst, %arg0) ({
          ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
            %1 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
            %3 = stablehlo.reduce(%1 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
            %4 = stablehlo.sqrt %3 : tensor<2xf32>
            mhlo.return %4, %1 : tensor<2xf32>, tensor<2x8xf32>
          }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>)
          %n = stablehlo.negate %0 : tensor<2x8xf32>
          %a = stablehlo.abs %n : tensor<2x8xf32>
          return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
        }
        ---- penguin
        %2, %0 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
    "#]],
    );
}

/// Seed: "recursivelyMoveDependentOps" ("Iteration is capped"): past the cap the build stops
/// with an error naming the op, and the module is unchanged.
#[test]
fn dominance_repair_cap_is_an_error() {
    check(
        INTERLEAVED,
        "limit 1\nfusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2, %0
            error[cluster::schedule] at 5:3: maximum iterations reached while moving dependent ops: `stablehlo.abs` would be move 2 of at most 1
              label: this op reads the cluster and sits before its last op
              help: raise `Limits::max_moves`, or end the cluster before the ops that read it
        "#]],
    );
}

/// An op between cluster ops that reads the cluster and feeds it cannot go before or after the
/// fused op (where the seed's mover loops until its cap); the build says why, up front.
#[test]
fn non_convex_cluster_is_an_error() {
    check(
        r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
"#,
        "fusion Elementwise %0 %2",
        expect![[r#"
            cluster Elementwise [stablehlo.negate, stablehlo.add]
              live-ins: %1, %arg0
              live-outs: %2, %0
            error[cluster::convex] at 3:3: the cluster is not convex: `stablehlo.abs` reads a cluster value and feeds the clustered `stablehlo.add`
              label: this op would have to come both before and after the fused op
              help: add this op to the cluster, or leave out the clustered ops that depend on it
        "#]],
    );
}

/// sqrt(sum(x*x)) with two users of the multiply and the norm placed between the cluster ops.
const INTERLEAVED: &str = r#"func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8xf32>
  %n = stablehlo.negate %0 : tensor<2x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %a = stablehlo.abs %n : tensor<2x8xf32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.sqrt %1 : tensor<2xf32>
  return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
}
"#;

/// Seed: "GOTCHA — the FusionOp's operands are not the raw live-ins" (updateInputs): with every
/// cluster analysed before any is built, as the seed's driver does, the second cluster's live-in
/// `%2` is inside the first fusion by the time it is built; its operand is the first fusion's
/// result instead.
#[test]
fn update_inputs_maps_a_live_in_to_the_earlier_fusion() {
    check(
        NORM,
        "upfront\nfusion MulRedSqrt %0 %1 %2\nfusion Exp %3",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Exp [stablehlo.exponential]
              live-ins: %2
              live-outs: %3
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %2 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %1 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  %3 = stablehlo.sqrt %1 : tensor<2xf32>
                  mhlo.return %3 : tensor<2xf32>
                }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = "mhlo.fusion"(%2) ({
                ^bb0(%arg1: tensor<2xf32>):
                  %0 = stablehlo.exponential %arg1 : tensor<2xf32>
                  mhlo.return %0 : tensor<2xf32>
                }) {FusionKind = "Exp"} : (tensor<2xf32>) -> tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="Exp", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "MHLO fusion vs StableHLO composite" (updateInputs is shared): the same two clusters as
/// composites; the first composite erased `%2`'s op, and the second composite reads the first
/// composite's result.
#[test]
fn update_inputs_maps_a_live_in_to_the_earlier_composite() {
    check(
        NORM,
        "upfront\ncomposite MulRedSqrt %0 %1 %2\ncomposite Exp %3",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Exp [stablehlo.exponential]
              live-ins: %2
              live-outs: %3
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %2 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = stablehlo.composite "neuron.Exp" %2 {decomposition = @genComposite1} : (tensor<2xf32>) -> tensor<2xf32>
                return %3 : tensor<2xf32>
              }
              func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
                %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
                %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                %2 = stablehlo.sqrt %1 : tensor<2xf32>
                return %2 : tensor<2xf32>
              }
              func.func private @genComposite1(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {noDelete} {
                %3 = stablehlo.exponential %arg0 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="Exp", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "MHLO fusion vs StableHLO composite" and DESIGN "Naming in the output": the ops are
/// cloned into `func.func private @genComposite0` marked `noDelete`, with the composite's types
/// and a `func.return`; the composite is `stablehlo.composite "neuron.MulRedSqrt"`; the
/// originals are gone; Penguin reads `reduce_dims` through the decomposition.
#[test]
fn mul_red_sqrt_becomes_a_composite() {
    check(
        NORM,
        "composite MulRedSqrt %0 %1 %2",
        expect![[r#"
        cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
          live-ins: %cst, %arg0
          live-outs: %2
        ---- module
        module @norm {
          func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
            %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
            %2 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
            %3 = stablehlo.exponential %2 : tensor<2xf32>
            return %3 : tensor<2xf32>
          }
          func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
            %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
            %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
            %2 = stablehlo.sqrt %1 : tensor<2xf32>
            return %2 : tensor<2xf32>
          }
        }
        ---- penguin
        %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
    "#]],
    );
}

/// Seed: "The decompNames DenseMap ... dedups decomposition names": `N` skips names the module
/// already uses and counts up across builds on one module.
#[test]
fn composite_names_skip_taken_symbols() {
    check(
        r#"module @m {
  func.func @genComposite0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    %1 = stablehlo.abs %0 : tensor<4xf32>
    %2 = stablehlo.tanh %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
"#,
        "composite Neg %0\ncomposite Abs %1",
        expect![[r#"
            cluster Neg [stablehlo.negate]
              live-ins: %arg0
              live-outs: %0
            cluster Abs [stablehlo.abs]
              live-ins: %0
              live-outs: %1
            ---- module
            module @m {
              func.func @genComposite0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                %0 = stablehlo.composite "neuron.Neg" %arg0 {decomposition = @genComposite1} : (tensor<4xf32>) -> tensor<4xf32>
                %1 = stablehlo.composite "neuron.Abs" %0 {decomposition = @genComposite2} : (tensor<4xf32>) -> tensor<4xf32>
                %2 = stablehlo.tanh %1 : tensor<4xf32>
                return %2 : tensor<4xf32>
              }
              func.func private @genComposite1(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
                %0 = stablehlo.negate %arg0 : tensor<4xf32>
                return %0 : tensor<4xf32>
              }
              func.func private @genComposite2(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
                %1 = stablehlo.abs %arg0 : tensor<4xf32>
                return %1 : tensor<4xf32>
              }
            }
            ---- penguin
            %0 = ctx.NeuronTensorOp(%arg0, op="Neg", xla_op="mhlo.fusion")
            %1 = ctx.NeuronTensorOp(%0, op="Abs", xla_op="mhlo.fusion")
        "#]],
    );
}

/// The real RMSNorm export as a composite, whose decomposition keeps the ops' locations.
#[test]
fn fixture_rms_denominator_as_composite() {
    check(
        "fixture:rmsnorm_f32.mlir",
        "composite RmsDenominator %0 %1 %2 %4 %6 %7",
        expect![[r#"
            cluster RmsDenominator [stablehlo.multiply, stablehlo.reduce, stablehlo.broadcast_in_dim, stablehlo.divide, stablehlo.add, stablehlo.rsqrt]
              live-ins: %5, %3, %cst, %arg0
              live-outs: %7
            ---- module
            module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
              func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
                %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
                %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
                %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
                %7 = stablehlo.composite "neuron.RmsDenominator" %5, %3, %cst, %arg0 {decomposition = @genComposite0} : (tensor<2x8x1xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<2x8x32xf32>) -> tensor<2x8x1xf32>
                %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
                %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32>
                %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
                %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
                %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
                return %12 : tensor<2x8x32xf32>
              }
              func.func private @genComposite0(%arg0: tensor<2x8x1xf32>, %arg1: tensor<2x8x1xf32>, %arg2: tensor<f32>, %arg3: tensor<2x8x32xf32>) -> tensor<2x8x1xf32> attributes {noDelete} {
                %0 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
                %1 = stablehlo.reduce(%0 init: %arg2) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
                %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
                %4 = stablehlo.divide %2, %arg1 : tensor<2x8x1xf32>
                %6 = stablehlo.add %4, %arg0 : tensor<2x8x1xf32>
                %7 = stablehlo.rsqrt %6 : tensor<2x8x1xf32>
                return %7 : tensor<2x8x1xf32>
              }
            }
            ---- penguin
            %7 = ctx.NeuronTensorOp(%5, %3, %cst, %arg0, op="RmsDenominator", reduce_dims=[2], xla_op="mhlo.fusion")
        "#]],
    );
}

/// MHLO input: `mhlo.reduce` with its region moves into the fusion, and Penguin reads its
/// `dense<...>` dimensions.
#[test]
fn mhlo_reduce_moves_with_its_region() {
    check(
        r#"func.func @f(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
  %0 = "mhlo.multiply"(%arg0, %arg0) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %cst = "mhlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %1 = "mhlo.reduce"(%0, %cst) <{dimensions = dense<1> : tensor<1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "mhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = "mhlo.sqrt"(%1) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "mhlo.exponential"(%2) : (tensor<2xf32>) -> tensor<2xf32>
  return %3 : tensor<2xf32>
}
"#,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [mhlo.multiply, mhlo.reduce, mhlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            ---- module
            func.func @f(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
              %cst = mhlo.constant dense<0.000000e+00> : tensor<f32>
              %2 = "mhlo.fusion"(%cst, %arg0) ({
              ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                %0 = mhlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                %1 = "mhlo.reduce"(%0, %arg1) <{dimensions = dense<1> : tensor<1xi64>}> ({
                ^bb0(%a: tensor<f32>, %b: tensor<f32>):
                  %s = mhlo.add %a, %b : tensor<f32>
                  mhlo.return %s : tensor<f32>
                }) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                %3 = mhlo.sqrt %1 : tensor<2xf32>
                mhlo.return %3 : tensor<2xf32>
              }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
              %3 = mhlo.exponential %2 : tensor<2xf32>
              return %3 : tensor<2xf32>
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
}

/// Bad clusters are diagnostics, never panics, and leave the module alone.
#[test]
fn bad_clusters_are_diagnostics() {
    check(
        NORM,
        "fusion 9lives %0",
        expect![[r#"
        error[cluster::kind] at 3:5: the cluster kind `9lives` is not an identifier
          label: the cluster starts here
          help: a kind names a fusion, e.g. `MulRedSqrt`: letters, digits and `_`
    "#]],
    );
    check(
        NORM,
        "fusion Ret %3 func.return",
        expect![[r#"
            error[cluster::op] at 8:5: `func.return` is a terminator and cannot be fused
              label: this op
        "#]],
    );
    check(
        NORM,
        "upfront\ncomposite MulRedSqrt %0 %1 %2\nfusion Gone %1",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Gone [stablehlo.reduce]
              live-ins: %0, %cst
              live-outs: %1
            error[cluster::block] at 5:5: `stablehlo.reduce` is no longer in the module (an earlier build erased it)
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
    check(
        NORM,
        "fusion Empty",
        expect![[r#"
            error[cluster::empty] at -: a cluster needs at least one op
              label: here
        "#]],
    );
    check(
        r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#,
        "fusion Split @f:%0 @g:%0",
        expect![[r#"
            error[cluster::block] at 7:3: `stablehlo.negate` and `stablehlo.negate` are not in one block
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
    check(
        NORM,
        "upfront\nfusion MulRedSqrt %0 %1 %2\nfusion Overlap %2 %3",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Overlap [stablehlo.sqrt, stablehlo.exponential]
              live-ins: %1
              live-outs: %3
            error[cluster::block] at 6:5: `stablehlo.sqrt` is already inside an `mhlo.fusion`
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
}

/// A cluster analysed before the IR gave one of its inner values an outside user is refused
/// rather than built into a fusion that would hide that value.
#[test]
fn stale_live_outs_are_an_error() {
    let mut m = parse(NORM).unwrap();
    let ops: Vec<OpId> = ["%0", "%1", "%2"].iter().map(|s| select(&m, s)).collect();
    let cluster = Cluster::new(&m, ops.clone(), "MulRedSqrt").unwrap();
    let exp = select(&m, "%3");
    let reduced = m.op(ops[1]).results[0];
    m.set_operand(exp, 0, reduced);
    let err = build(&mut m, &cluster, Emit::Fusion, &Limits::default()).unwrap_err();
    expect![[r#"
        error[cluster::live_out] at 5:5: a result of `stablehlo.reduce` is used outside the cluster but is not one of its live-outs
          label: this op
          help: the cluster was analysed before the IR changed; analyse it again
    "#]].assert_eq(&error(NORM, &err));
}

/// Seed: "codeGen 4a" (`FusedLoc::get`): inline locations fuse inline, last op first, with
/// unknown locations dropped and a single remaining location kept as it is.
#[test]
fn fused_locations_inline() {
    let located = r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32> loc("neg")
  %1 = stablehlo.abs %0 : tensor<4xf32> loc(unknown)
  %2 = stablehlo.tanh %1 : tensor<4xf32> loc("f.py":3:7)
  %3 = stablehlo.sine %2 : tensor<4xf32> loc("sin")
  return %3 : tensor<4xf32>
}
"#;
    check(
        located,
        "fusion Three %0 %1 %2\nfusion One %3",
        expect![[r#"
            cluster Three [stablehlo.negate, stablehlo.abs, stablehlo.tanh]
              live-ins: %arg0
              live-outs: %2
            cluster One [stablehlo.sine]
              live-ins: %2
              live-outs: %3
            ---- module
            func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
              %2 = "mhlo.fusion"(%arg0) ({
              ^bb0(%arg1: tensor<4xf32>):
                %0 = stablehlo.negate %arg1 : tensor<4xf32> loc("neg")
                %1 = stablehlo.abs %0 : tensor<4xf32> loc(unknown)
                %3 = stablehlo.tanh %1 : tensor<4xf32> loc("f.py":3:7)
                mhlo.return %3 : tensor<4xf32> loc(fused["f.py":3:7, "neg"])
              }) {FusionKind = "Three"} : (tensor<4xf32>) -> tensor<4xf32> loc(fused["f.py":3:7, "neg"])
              %3 = "mhlo.fusion"(%2) ({
              ^bb0(%arg1: tensor<4xf32>):
                %0 = stablehlo.sine %arg1 : tensor<4xf32> loc("sin")
                mhlo.return %0 : tensor<4xf32> loc("sin")
              }) {FusionKind = "One"} : (tensor<4xf32>) -> tensor<4xf32> loc("sin")
              return %3 : tensor<4xf32>
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%arg0, op="Three", xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="One", xla_op="mhlo.fusion")
        "#]],
    );
}

/// A region of a clustered op that captures a value from outside the cluster makes that value a
/// live-in (an extension of the seed's operand scan, which sees only the op's own operands): the
/// nested use reads the block argument in the fusion and the function argument in the isolated
/// decomposition.
#[test]
fn values_captured_by_nested_regions_are_live_ins() {
    let captured = r#"func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<4xf32>
  }, {
    %n = stablehlo.negate %arg1 : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
"#;
    check(
        captured,
        "fusion Case %0",
        expect![[r#"
        cluster Case [stablehlo.case]
          live-ins: %arg0, %arg1
          live-outs: %0
        ---- module
        func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
          %0 = "mhlo.fusion"(%arg0, %arg1) ({
          ^bb0(%arg2: tensor<i32>, %arg3: tensor<4xf32>):
            %1 = "stablehlo.case"(%arg2) ({
              stablehlo.return %arg3 : tensor<4xf32>
            }, {
              %n = stablehlo.negate %arg3 : tensor<4xf32>
              stablehlo.return %n : tensor<4xf32>
            }) : (tensor<i32>) -> tensor<4xf32>
            mhlo.return %1 : tensor<4xf32>
          }) {FusionKind = "Case"} : (tensor<i32>, tensor<4xf32>) -> tensor<4xf32>
          %1 = stablehlo.abs %0 : tensor<4xf32>
          return %1 : tensor<4xf32>
        }
        ---- penguin
        %0 = ctx.NeuronTensorOp(%arg0, %arg1, op="Case", xla_op="mhlo.fusion")
    "#]],
    );
    check(
        captured,
        "composite Case %0",
        expect![[r#"
        cluster Case [stablehlo.case]
          live-ins: %arg0, %arg1
          live-outs: %0
        ---- module
        func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
          %0 = stablehlo.composite "neuron.Case" %arg0, %arg1 {decomposition = @genComposite0} : (tensor<i32>, tensor<4xf32>) -> tensor<4xf32>
          %1 = stablehlo.abs %0 : tensor<4xf32>
          return %1 : tensor<4xf32>
        }
        func.func private @genComposite0(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
          %0 = "stablehlo.case"(%arg0) ({
            stablehlo.return %arg1 : tensor<4xf32>
          }, {
            %n = stablehlo.negate %arg1 : tensor<4xf32>
            stablehlo.return %n : tensor<4xf32>
          }) : (tensor<i32>) -> tensor<4xf32>
          return %0 : tensor<4xf32>
        }
        ---- penguin
        %0 = ctx.NeuronTensorOp(%arg0, %arg1, op="Case", xla_op="mhlo.fusion")
    "#]],
    );
}
