//! PyTorch/XLA's programs through `egfuse lower`: LayerNorm's `batch_norm_training` as a
//! LayerNorm kernel (and, where its statistics are read, as NKI's `bn_stats`/`bn_aggr`), `i64` ids held as `i32` (neuronx-cc's default) or refused, the masks
//! PyTorch builds from constants folded at compile time, exact GELU's `mhlo.erf` custom call
//! on ACT; each transformer program lowers whole and every kernel checks.

use crate::lower::{compute, lower};
use crate::support::{egfuse, root, scratch};
use expect_test::expect;

fn torch(name: &str) -> std::path::PathBuf {
    root().join(format!("tests/fixtures/torch/{name}.mlir"))
}

#[test]
fn torch_transformers_lower_whole_and_every_kernel_checks() {
    let names = [
        "attention_mask_f32",
        "gelu_erf_f32",
        "gelu_tanh_f32",
        "hf_bert_f32",
        "hf_gpt2_f32",
        "hf_llama_f32",
        "hf_t5_f32",
        "hf_vit_f32",
        "l2norm_f32",
        "layernorm_f32",
        "log_softmax_f32",
        "rmsnorm_bf16",
        "rmsnorm_f32",
        "sdpa_causal_f32",
        "softmax_f32",
        "swiglu_f32",
        "swiglu_fused_f32",
    ];
    let mut table = String::new();
    for name in names {
        let (program, _, code, err) = lower(&torch(name), &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let n = program.kernels.len();
        let agree = format!("check: {n} of {n} kernels agree");
        assert!(err.contains(&agree), "{name}: {err}");
        let folded = err
            .lines()
            .find(|l| l.starts_with("lowered "))
            .and_then(|l| l.split("; ").nth(1))
            .unwrap_or("nothing folded");
        table += &format!("{name}: {n} kernels; {folded}\n");
    }
    println!("lower: {} PyTorch/XLA programs lowered whole", names.len());
    expect![[r#"
        attention_mask_f32: 2 kernels; nothing folded
        gelu_erf_f32: 1 kernels; nothing folded
        gelu_tanh_f32: 1 kernels; nothing folded
        hf_bert_f32: 31 kernels; nothing folded
        hf_gpt2_f32: 33 kernels; 2 ops folded at compile time (stablehlo.gather x1, stablehlo.reduce_window x1)
        hf_llama_f32: 40 kernels; 2 ops folded at compile time (stablehlo.gather x1, stablehlo.reduce_window x1)
        hf_t5_f32: 33 kernels; 3 ops folded at compile time (mhlo.fusion x2, stablehlo.broadcast_in_dim x1)
        hf_vit_f32: 32 kernels; nothing folded
        l2norm_f32: 2 kernels; nothing folded
        layernorm_f32: 3 kernels; nothing folded
        log_softmax_f32: 1 kernels; nothing folded
        rmsnorm_bf16: 2 kernels; nothing folded
        rmsnorm_f32: 1 kernels; nothing folded
        sdpa_causal_f32: 5 kernels; nothing folded
        softmax_f32: 1 kernels; nothing folded
        swiglu_f32: 3 kernels; nothing folded
        swiglu_fused_f32: 3 kernels; nothing folded
    "#]].assert_eq(&table);
}

/// LayerNorm, as PyTorch exports it, is a `batch_norm_training` whose statistics nothing reads:
/// fusion expands it and the `layer-norm` rule makes it a LayerNorm kernel, which checks.
#[test]
fn torch_layer_norm_is_a_layer_norm_kernel() {
    let (program, _, code, err) = lower(&torch("layernorm_f32"), &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        program.kernels.iter().any(|k| k.kind == "LayerNorm"),
        "{err}"
    );
}

/// A `batch_norm_training` whose statistics are read is the statistics pair on DVE, one rsqrt
/// on ACT and one two-op `tensor_scalar`; the splat scale 1 and offset 0 cost nothing.
#[test]
fn batch_norm_with_its_statistics_is_bn_stats_and_bn_aggr() {
    let src = r#"func.func @main(%x: tensor<1x16x32xf32>) -> (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>) {
  %one = stablehlo.constant dense<1.0> : tensor<16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<16xf32>
  %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %one, %zero) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>)
  return %y, %mean, %var : tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>
}
"#;
    let input = scratch("batch_norm.mlir", src);
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    let k = (program.kernels.iter())
        .find(|k| k.kind == "stablehlo.batch_norm_training")
        .expect("a batch norm kernel");
    expect![[r#"
        {
            "activation on ACT": 1,
            "bn_aggr on DVE": 1,
            "bn_stats on DVE": 1,
            "tensor_scalar on DVE": 1,
        }
    "#]]
    .assert_debug_eq(&compute(k));
}

/// `--int64 refuse` reports each kernel that holds a 64-bit integer; under the default a
/// constant 32 bits cannot hold is refused, never wrapped.
#[test]
fn int64_is_downcast_or_refused() {
    let (_, _, code, err) = lower(&torch("hf_bert_f32"), &["--int64", "refuse"]);
    assert_eq!(code, 1, "{err}");
    let first = err.lines().next().unwrap_or("");
    let first = first.replace(root().to_str().unwrap(), ".");
    expect!["error: ./tests/fixtures/torch/hf_bert_f32.mlir:11:5: the engines have no element type for tensor<1x8xi64>"].assert_eq(&first);
    let src = "func.func @f(%a: tensor<4xi64>) -> tensor<4xi64> {
  %c = stablehlo.constant dense<[1, 2, 3, 1099511627776]> : tensor<4xi64>
  %0 = stablehlo.add %a, %c : tensor<4xi64>
  return %0 : tensor<4xi64>
}
";
    let input = scratch("wide.mlir", src);
    let out = scratch("wide.nisa", "");
    let args = [
        "lower",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let (code, _, err) = egfuse(&args);
    assert_eq!(code, 1, "{err}");
    let err = err.replace(input.to_str().unwrap(), "wide.mlir");
    expect![[r#"
        error: wide.mlir:2:3: the 64-bit constant 1099511627776 does not fit in 32 bits
           ╭─[wide.mlir:2:3]
         1 │ func.func @f(%a: tensor<4xi64>) -> tensor<4xi64> {
         2 │   %c = stablehlo.constant dense<[1, 2, 3, 1099511627776]> : tensor<4xi64>
           ·   ───────────────────────────────────┬───────────────────────────────────
           ·                                      ╰── 64-bit integers are held as 32-bit ones on the engines
         3 │   %0 = stablehlo.add %a, %c : tensor<4xi64>
           ╰────
          help: `--int64 refuse` reports every 64-bit value instead
        lowered 0 kernels; 1 could not be lowered
    "#]].assert_eq(&err);
}
