//! `egfuse lower` on convolutions: padding, input dilation, window reversal and feature groups
//! are first spelled with pads, reverses, slices and concatenates
//! (`lowering/src/conv_forms.rs`), which compute the same; with them, every Flax
//! `transformers` fixture, ViT's patch embedding included, lowers whole. A convolution as the
//! matmul of its windows (`lowering/src/tile/conv.rs`) and batch groups' diagnostic are
//! filetests, `tests/filetests/lower/conv_*.mlir`.

use crate::lower::lower;
use crate::support::{egfuse, mlir_files_under, root, scratch};
use expect_test::expect;

/// NCHW, the window reversed along its rows, padded unevenly (`[[2, 0], [1, 2]]`), rows
/// strided by 2.
const REVERSED: &str = "func.func @main(%x: tensor<2x3x9x7xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x5x9xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[2, 0], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x9x7xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x5x9xf32>
  return %0 : tensor<2x4x5x9xf32>
}
";

/// `src` with its convolutions in the forms the tile pass takes (`conv_forms::expand`), printed.
fn expanded(src: &str) -> String {
    let mut m = egfuse_ir::parse::parse(src).expect("parses");
    assert!(
        egfuse_lowering::conv_forms::expand(&mut m) > 0,
        "nothing to rewrite"
    );
    egfuse_ir::print::print(&m, egfuse_ir::print::PrintOptions::default())
}

/// Padding, input dilation, window reversal and feature groups are spelled with plainer ops
/// before lowering: a `pad` of zeros, a `reverse` of the kernel, and per group slices of the
/// input's features and the kernel's filters, convolved apart and concatenated. `egfuse verify`
/// runs each original against its rewrite (a padding moved by one row must differ, so the
/// comparison can fail), and every kernel of the rewrite checks.
#[test]
fn padded_dilated_reversed_and_grouped_convolutions_lower_through_plainer_ops() {
    let fixture = std::fs::read_to_string(root().join("tests/fixtures/jax/conv_f32.mlir")).unwrap();
    for (name, src) in [("conv_f32", fixture.as_str()), ("reversed", REVERSED)] {
        let a = scratch(&format!("{name}.mlir"), src);
        let text = expanded(src);
        let b = scratch(&format!("{name}.forms.mlir"), &text);
        let (code, out, err) =
            egfuse(&["verify", &a.display().to_string(), &b.display().to_string()]);
        assert_eq!(code, 0, "{name}: {out}{err}\n{text}");
        if name == "reversed" {
            // The rows' padding moved by one: same shape, other values.
            let moved = (text.replacen("low = [0, 0, 2, 1]", "low = [0, 0, 1, 1]", 1)).replacen(
                "high = [0, 0, 0, 2]",
                "high = [0, 0, 1, 2]",
                1,
            );
            assert_ne!(moved, text, "the pad is spelled otherwise:\n{text}");
            let c = scratch("reversed.moved.mlir", &moved);
            let (code, out, _) =
                egfuse(&["verify", &a.display().to_string(), &c.display().to_string()]);
            assert_eq!(code, 1, "a moved padding must differ: {out}");
        }
    }
    let (_, _, code, err) = lower(
        &root().join("tests/fixtures/jax/conv_f32.mlir"),
        &["--check"],
    );
    assert_eq!(code, 0, "{err}");
    let summary: Vec<&str> = err.lines().filter(|l| l.starts_with("lowered ")).collect();
    expect![[r#"
        [
            "lowered 10 kernels (stablehlo.concatenate x1, stablehlo.convolution x3, stablehlo.pad x2, stablehlo.slice x4), estimate 4.179 us; device program: 10 calls",
        ]
    "#]]
    .assert_debug_eq(&summary);
    assert!(err.contains("check: 10 of 10 kernels agree"), "{err}");
    let (_, _, code, err) = lower(&scratch("reversed.mlir", REVERSED), &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 3 of 3 kernels agree"), "{err}");
}

/// The Flax `transformers` fixtures (tools/export_hf.py) lower whole and every kernel checks:
/// ViT's patch embedding is a convolution, the ResNet's convolutions are padded and strided (its
/// max pooling is `window-forms`' slices), the rest matmuls, norms, softmaxes and gathers.
#[test]
fn the_flax_transformers_lower_whole() {
    let files = mlir_files_under(&root().join("tests/fixtures/hf"));
    let mut table = String::new();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy();
        let (program, _, code, err) = lower(f, &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let n = program.kernels.len();
        assert!(
            err.contains(&format!("check: {n} of {n} kernels agree")),
            "{name}: {err}"
        );
        table += &format!("{name}: {n} kernels\n");
    }
    println!(
        "lower: {} Flax transformers programs lowered whole",
        files.len()
    );
    expect![[r#"
        bart_seq2seq_f32: 232 kernels
        bert_f32: 36 kernels
        gpt2_loss_f32: 65 kernels
        llama_bf16: 45 kernels
        llama_decode_bf16: 66 kernels
        resnet_f32: 19 kernels
        vit_f32: 36 kernels
    "#]]
    .assert_eq(&table);
}
