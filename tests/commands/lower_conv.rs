//! `egfuse lower` on convolutions (`lowering/src/tile/conv.rs`): a convolution is the matmul of
//! its input's windows, read in place with strides, with its kernel; a ViT patch embedding in
//! PyTorch's NCHW layout and a dilated, strided NHWC window lower and check by value; padding,
//! input dilation, window reversal and feature groups are first spelled with pads, reverses,
//! slices and concatenates (`lowering/src/conv_forms.rs`); batch groups are a diagnostic.
//! With them, every Flax `transformers` fixture, ViT's patch embedding included, lowers whole.

use crate::lower::{compute, lower};
use crate::support::{egfuse, mlir_files_under, root, scratch};
use egfuse_nisa::spec::Opcode;
use expect_test::{expect, Expect};

/// Lowers the lowering fixture `name` with `--check`; every kernel agrees, and the matmuls'
/// sizes and the DMAs of the first K step are `expect`.
fn check(name: &str, expect: Expect) {
    let input = root().join(format!("tests/fixtures/lowering/{name}.mlir"));
    let (program, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{name}: {err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{name}: {err}");
    let k = &program.kernels[0];
    let mut lines: Vec<String> = (compute(k).into_iter())
        .map(|(op, n)| format!("{op}: {n}"))
        .collect();
    for i in k.insts().into_iter().filter(|i| i.op == Opcode::NcMatmul) {
        let (s, m) = (i.ap("stationary").unwrap(), i.ap("moving").unwrap());
        let (k, m_, n) = (s.partitions(), s.free_elements(), m.free_elements());
        lines.push(format!("nc_matmul K {k} M {m_} N {n}"));
    }
    let dmas = (text.lines().map(str::trim)).filter(|l| l.starts_with("dma_copy"));
    let no_loc = |l: &str| l.split(" loc(").next().unwrap_or(l).to_string();
    lines.extend(dmas.take(3).map(no_loc));
    expect.assert_eq(&lines.join("\n"));
}

/// A ViT patch embedding, [2, 3, 64, 64] in 16x16 patches by 96 filters: the window's rows are
/// 16 runs 64 apart and its columns 16 adjacent elements, so each K step contracts one
/// feature's window row (16 elements) and the loops walk the 3 features and 16 rows; the
/// 4 patches of a row are the M tile, the 96 filters N, written NCHW in place.
#[test]
fn a_patch_embedding_is_a_matmul_of_its_patches() {
    check(
        "conv_patches_nchw_f32",
        expect![[r#"
            nc_matmul on PE: 1
            tensor_copy on DVE: 1
            nc_matmul K 16 M 4 N 96
            dma_copy(dst=%t4_st.ap([[4, 16], [1, 4]]), src=%in0.ap([[1, 16], [16, 4]], offset=12288*%r0 + 1024*%r1 + 4096*%r2 + 64*%r3), engine=DMA)
            dma_copy(dst=%t5_mv.ap([[96, 16], [1, 96]]), src=%in1.ap([[1, 16], [768, 96]], offset=256*%r2 + 16*%r3), engine=DMA)
            dma_copy(dst=%out0.ap([[1, 4], [16, 96]], offset=1536*%r0 + 4*%r1), src=%t6_out.ap([[96, 4], [1, 96]]), engine=DMA)"#]],
    );
}

/// A 3x2 window dilated by (2, 3) with strides (2, 1) over NHWC bf16: each K step contracts
/// the 8 features of one tap, the loops walk the 3 x 2 taps (rows 272 elements apart, two
/// input rows of 136; columns 24 apart, three of 8), and the 14 output columns of a row, one
/// input column apart, are the M tile.
#[test]
fn a_dilated_strided_window_is_a_matmul_of_its_taps() {
    check(
        "conv_dilated_nhwc_bf16",
        expect![[r#"
        nc_matmul on PE: 1
        tensor_copy on DVE: 1
        nc_matmul K 8 M 14 N 40
        dma_copy(dst=%t4_st.ap([[14, 8], [1, 14]]), src=%in0.ap([[1, 8], [8, 14]], offset=2720*%r0 + 272*%r1 + 272*%r2 + 24*%r3), engine=DMA)
        dma_copy(dst=%t5_mv.ap([[40, 8], [1, 40]]), src=%in1.ap([[40, 8], [1, 40]], offset=640*%r2 + 320*%r3), engine=DMA)
        dma_copy(dst=%out0.ap([[40, 14], [1, 40]], offset=4480*%r0 + 560*%r1), src=%t6_out.ap([[40, 14], [1, 40]]), engine=DMA)"#]],
    );
}

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
            "lowered 10 kernels (stablehlo.concatenate x1, stablehlo.convolution x3, stablehlo.pad x2, stablehlo.slice x4), estimate 4.179 us",
        ]
    "#]]
    .assert_debug_eq(&summary);
    assert!(err.contains("check: 10 of 10 kernels agree"), "{err}");
    let (_, _, code, err) = lower(&scratch("reversed.mlir", REVERSED), &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 3 of 3 kernels agree"), "{err}");
}

/// Batch groups (a convolution's weight gradient) are left as they are: the convolution is
/// reported, naming what it has.
#[test]
fn a_batch_grouped_convolution_is_a_diagnostic() {
    let src = "func.func @main(%x: tensor<4x6x6x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
";
    let (_, _, code, err) = lower(&scratch("batch_groups.mlir", src), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("batch groups"), "{err}");
}

/// The Flax `transformers` fixtures (tools/export_hf.py) lower whole and every kernel checks:
/// ViT's patch embedding is a convolution, the rest matmuls, norms, softmaxes and gathers.
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
        gpt2_loss_f32: 66 kernels
        llama_bf16: 45 kernels
        llama_decode_bf16: 68 kernels
        vit_f32: 36 kernels
    "#]]
    .assert_eq(&table);
}
