//! `egfuse fuse --mode compat`, pinned to the seed (000_2a3b48bb609391fd.txt) one claim at a
//! time. Each test names the seed section it pins; every case runs the built binary through
//! one `check(input, args, expect)` and the output must also verify and re-parse.

use crate::support::{egfuse, jax_exports, root, scratch};
use expect_test::{expect, Expect};
use std::path::PathBuf;

/// Fuses `input` with `args`, checks the result re-parses and verifies, and compares the
/// output and the summary line with `expect`.
fn check(input: &str, args: &[&str], expect: Expect) {
    let file = scratch("input.mlir", input);
    let mut all = vec!["fuse", "--mode", "compat", file.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = egfuse(&all);
    assert_eq!(code, 0, "{stderr}");
    if !args.contains(&"penguin") {
        let out = scratch("output.mlir", &stdout);
        let (code, reparsed, err) = egfuse(&["parse", out.to_str().unwrap()]);
        assert_eq!((code, reparsed.as_str()), (0, stdout.as_str()), "{err}");
    }
    expect.assert_eq(&format!("{}{stdout}", stderr.lines().last().unwrap_or("")));
}

const RMS_DENOMINATOR: &str = r#"func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r : tensor<2xf32>
}
"#;

const NO_ELEMENTWISE: &[&str] = &["--flag", "generalElementwiseFusion=false"];

/// "Algorithm": the window is exactly multiply -> reduce -> sqrt; live-ins are the init value
/// and the multiply's operand ("Live-range algorithm": reverse scan), one live-out.
#[test]
fn mul_red_sqrt_window_is_three_ops_with_two_live_ins_and_one_live_out() {
    check(
        RMS_DENOMINATOR,
        NO_ELEMENTWISE,
        expect![[r#"
            fused 1 clusters: MulRedSqrt x1func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
              %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %r = "mhlo.fusion"(%zero, %x) ({
              ^bb0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>):
                %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
                %sum = stablehlo.reduce(%sq init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                %0 = stablehlo.sqrt %sum : tensor<2xf32>
                mhlo.return %0 : tensor<2xf32>
              }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
              return %r : tensor<2xf32>
            }
        "#]],
    );
}

/// "CORRECTION (C03)": the consumer must be sqrt; rsqrt does not fire.
#[test]
fn rsqrt_does_not_fire() {
    let input = RMS_DENOMINATOR.replace("stablehlo.sqrt", "stablehlo.rsqrt");
    check(
        &input,
        NO_ELEMENTWISE,
        expect![[r#"
            fused 0 clusters: nonefunc.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
              %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
              %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
              %r = stablehlo.rsqrt %sum : tensor<2xf32>
              return %r : tensor<2xf32>
            }
        "#]],
    );
}

/// P4: a second user of the multiply rejects; P1: a second user of the reduce rejects.
#[test]
fn a_second_user_of_the_multiply_or_the_reduce_rejects() {
    let mul_twice = RMS_DENOMINATOR
        .replace(
            "-> tensor<2xf32> {\n",
            "-> (tensor<2xf32>, tensor<2x8xf32>) {\n",
        )
        .replace(
            "return %r : tensor<2xf32>",
            "return %r, %sq : tensor<2xf32>, tensor<2x8xf32>",
        );
    let (code, _, stderr) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        scratch("m.mlir", &mul_twice).to_str().unwrap(),
        NO_ELEMENTWISE[0],
        NO_ELEMENTWISE[1],
    ]);
    assert_eq!((code, stderr.trim()), (0, "fused 0 clusters: none"));
    let reduce_twice = RMS_DENOMINATOR
        .replace(
            "-> tensor<2xf32> {\n",
            "-> (tensor<2xf32>, tensor<2xf32>) {\n",
        )
        .replace(
            "return %r : tensor<2xf32>",
            "return %r, %sum : tensor<2xf32>, tensor<2xf32>",
        );
    let (code, _, stderr) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        scratch("r.mlir", &reduce_twice).to_str().unwrap(),
        NO_ELEMENTWISE[0],
        NO_ELEMENTWISE[1],
    ]);
    assert_eq!((code, stderr.trim()), (0, "fused 0 clusters: none"));
}

/// P0: an op already inside a fusion is skipped.
#[test]
fn ops_inside_a_fusion_are_skipped() {
    let (_, fused, _) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        scratch("a.mlir", RMS_DENOMINATOR).to_str().unwrap(),
        NO_ELEMENTWISE[0],
        NO_ELEMENTWISE[1],
    ]);
    let again = scratch("b.mlir", &fused);
    let (code, stdout, stderr) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        again.to_str().unwrap(),
        NO_ELEMENTWISE[0],
        NO_ELEMENTWISE[1],
    ]);
    assert_eq!((code, stderr.trim()), (0, "fused 0 clusters: none"));
    assert_eq!(stdout, fused, "a second run changes nothing");
}

/// "GOTCHA": the reduce body's op is not checked (a max-reduce fuses too); a stricter rule
/// with `body = stablehlo.add` does check it.
#[test]
fn the_reduce_body_is_not_checked_unless_a_strict_rule_asks() {
    let max = RMS_DENOMINATOR.replace("applies stablehlo.add", "applies stablehlo.maximum");
    let (_, _, stderr) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        scratch("max.mlir", &max).to_str().unwrap(),
        NO_ELEMENTWISE[0],
        NO_ELEMENTWISE[1],
    ]);
    assert_eq!(stderr.trim(), "fused 1 clusters: MulRedSqrt x1");
    let strict = root().join("tests/fixtures/rules_strict");
    let run = |text: &str| {
        egfuse(&[
            "fuse",
            "--mode",
            "compat",
            scratch("s.mlir", text).to_str().unwrap(),
            "--rules",
            strict.to_str().unwrap(),
        ])
        .2
    };
    assert_eq!(run(&max).trim(), "fused 0 clusters: none");
    assert_eq!(
        run(RMS_DENOMINATOR).trim(),
        "fused 1 clusters: MulRedSqrt x1"
    );
}

/// "MHLO fusion vs StableHLO composite": the ops are cloned into a private, noDelete
/// @genComposite<N> whose types equal the composite's, named neuron.<Kind>.
#[test]
fn composite_and_its_decomposition() {
    let mut args = NO_ELEMENTWISE.to_vec();
    args.extend(["--emit", "composite"]);
    check(
        RMS_DENOMINATOR,
        &args,
        expect![[r#"
            fused 1 clusters: MulRedSqrt x1func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
              %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %r = stablehlo.composite "neuron.MulRedSqrt" %zero, %x {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
              return %r : tensor<2xf32>
            }
            func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
              %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
              %sum = stablehlo.reduce(%sq init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
              %r = stablehlo.sqrt %sum : tensor<2xf32>
              return %r : tensor<2xf32>
            }
        "#]],
    );
}

/// "Penguin emission": one NeuronTensorOp line with op and reduce_dims.
#[test]
fn penguin_line() {
    check(
        RMS_DENOMINATOR,
        &["--emit", "penguin"],
        expect![[r#"
            fused 1 clusters: MulRedSqrt x1%r = ctx.NeuronTensorOp(%zero, %x, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
}

/// "Entry Point": SubExp runs first and unconditionally; MulRedSqrt only under
/// fuseDotLogistic; Elementwise last, under generalElementwiseFusion, takes what is left.
#[test]
fn the_driver_order_and_flags_hold() {
    let input = r#"func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %d = stablehlo.subtract %a, %b : tensor<4xf32>
  %e = stablehlo.exponential %d : tensor<4xf32>
  %f = stablehlo.add %e, %a : tensor<4xf32>
  %g = stablehlo.multiply %f, %f : tensor<4xf32>
  return %g : tensor<4xf32>
}
"#;
    let file = scratch("order.mlir", input);
    let run = |args: &[&str]| {
        let mut all = vec!["fuse", "--mode", "compat", file.to_str().unwrap()];
        all.extend_from_slice(args);
        egfuse(&all).2.trim().to_string()
    };
    assert_eq!(run(&[]), "fused 2 clusters: Elementwise x1, SubExp x1");
    assert_eq!(
        run(&[
            "--flag",
            "generalElementwiseFusion=false",
            "--flag",
            "fuseDotLogistic=false"
        ]),
        "fused 1 clusters: SubExp x1"
    );
    let rms = scratch("rms.mlir", RMS_DENOMINATOR);
    let (_, _, off) = egfuse(&[
        "fuse",
        "--mode",
        "compat",
        rms.to_str().unwrap(),
        "--flag",
        "fuseDotLogistic=false",
        "--flag",
        "generalElementwiseFusion=false",
    ]);
    assert_eq!(off.trim(), "fused 0 clusters: none");
}

/// A new fusion kind from a rule file passed at run time: no recompiling.
#[test]
fn extra_rules_add_a_new_fusion_kind() {
    let input = r#"func.func @main(%x: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %m = stablehlo.multiply %x, %c : tensor<4xf32>
  %t = stablehlo.tanh %m : tensor<4xf32>
  return %t : tensor<4xf32>
}
"#;
    let extra = root().join("tests/fixtures/rules");
    check(
        input,
        &["--extra-rules", extra.to_str().unwrap()],
        expect![[r#"
            fused 1 clusters: TanhScale x1func.func @main(%x: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
              %t = "mhlo.fusion"(%x, %c) ({
              ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
                %m = stablehlo.multiply %arg0, %arg1 : tensor<4xf32>
                %0 = stablehlo.tanh %m : tensor<4xf32>
                mhlo.return %0 : tensor<4xf32>
              }) {FusionKind = "TanhScale"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
              return %t : tensor<4xf32>
            }
        "#]],
    );
}

/// Over the JAX exports: MulRedSqrt fires on linalg_norm_scalar_f32 (reduce feeds sqrt) and
/// on no program where a broadcast, the mean's divide or the eps add sits between reduce and
/// sqrt; every output verifies and re-parses; `egfuse verify` holds between input and output.
#[test]
fn jax_exports_fuse_where_the_seed_would() {
    let files: Vec<PathBuf> = jax_exports();
    let mut fired = Vec::new();
    for f in &files {
        let out = scratch("fused.mlir", "");
        let (code, _, stderr) = egfuse(&[
            "fuse",
            "--mode",
            "compat",
            f.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{}: {stderr}", f.display());
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        if stderr.contains("MulRedSqrt") {
            fired.push(name.clone());
        }
        let (code, _, err) = egfuse(&["parse", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: the fused module re-parses: {err}");
        let (code, stdout, err) = egfuse(&["verify", f.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(
            code, 0,
            "{name}: fused output computes what the input did:\n{stdout}{err}"
        );
    }
    assert_eq!(fired, ["linalg_norm_scalar_f32.mlir"]);
    println!(
        "fuse: {} jax-export files fused, verified and re-parsed",
        files.len()
    );
}
