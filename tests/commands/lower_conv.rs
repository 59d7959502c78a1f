//! `egfuse lower` on convolutions (`lowering/src/tile/conv.rs`): a convolution is the matmul of
//! its input's windows, read in place with strides, with its kernel; a ViT patch embedding in
//! PyTorch's NCHW layout and a dilated, strided NHWC window lower and check by value, and the
//! convolutions that read elements no strided window holds (padding, groups) are diagnostics.
//! With them, every Flax `transformers` fixture, ViT's patch embedding included, lowers whole.

use crate::lower::{compute, lower};
use crate::support::{mlir_files_under, root};
use egfuse_lowering::nisa::spec::Opcode;
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

/// Padding reads zeros no strided window holds: the padded convolution is reported, naming
/// what it lacks.
#[test]
fn a_padded_convolution_is_a_diagnostic() {
    let input = root().join("tests/fixtures/jax/conv_f32.mlir");
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("a convolution with padding is not lowered yet"),
        "{err}"
    );
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
        bart_seq2seq_f32: 250 kernels
        bert_f32: 38 kernels
        gpt2_loss_f32: 70 kernels
        vit_f32: 38 kernels
    "#]]
    .assert_eq(&table);
}
