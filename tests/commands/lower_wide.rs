//! `egfuse lower` on rows wider than SBUF holds and on reduces over every element or over
//! dimensions that are not trailing: the `rows` layout builds wide rows a column chunk at a
//! time, folding each chunk's reduce into the result, in a second pass for what reads it; a reduce over every element of a large
//! tensor spreads it over the 128 partitions and combines the partials across them; a reduce
//! over leading or middle axes reads its rows by strided access patterns; an input broadcast
//! two ways in one kernel is refused; a softmax over more keys than a PSUM bank holds builds
//! its rows a bank at a time, an online softmax in two passes that each recompute the scores;
//! an elementwise kernel's narrow rows merge into rows of up to 2048. `--check` holds.

use crate::lower::{compute, lower, rms_norm_module};
use crate::support::scratch;
use expect_test::expect;

/// The schedule comment line of each kernel: its kind and the tiles it was lowered with.
fn schedules(text: &str) -> Vec<String> {
    (text
        .lines()
        .filter(|l| l.starts_with("// ") && !l.starts_with("// estimate")))
    .map(|l| {
        let kind = l[3..].split(" at ").next().unwrap_or("");
        let tiles = l
            .split(": ")
            .nth(1)
            .unwrap_or("")
            .split(';')
            .next()
            .unwrap_or("");
        format!("{kind}: {tiles}")
    })
    .collect()
}

/// A row of 50,000 fp32 values is 195 KiB a partition: more than SBUF's 192 KiB. The
/// elementwise kernel takes 12,500 columns a chunk and the reduce 25,000, the reduce folding
/// each chunk into its result; 200 rows are a tile and a remainder of 72.
#[test]
fn rows_wider_than_sbuf_lower_a_column_chunk_at_a_time() {
    let src = "func.func @main(%x: tensor<200x50000xf32>, %m: tensor<200xf32>) -> (tensor<200x50000xf32>, tensor<200xf32>) {\n\
           %b = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<200xf32>) -> tensor<200x50000xf32>\n\
           %0 = stablehlo.subtract %x, %b : tensor<200x50000xf32>\n\
           %1 = stablehlo.exponential %0 : tensor<200x50000xf32>\n\
           %c = stablehlo.constant dense<0.0> : tensor<f32>\n\
           %2 = stablehlo.reduce(%1 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<200x50000xf32>, tensor<f32>) -> tensor<200xf32>\n\
           %3 = stablehlo.log %2 : tensor<200xf32>\n\
           return %1, %3 : tensor<200x50000xf32>, tensor<200xf32>\n\
         }\n";
    let input = scratch("wide_rows.mlir", src);
    let (_, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 3 of 3 kernels agree"), "{err}");
    expect![[r#"
        [
            "SubExp: rows, 128 a tile, 12500 columns a chunk",
            "stablehlo.reduce: rows, 128 a tile, 25000 columns a chunk",
            "stablehlo.log: rows, 128 a tile",
        ]
    "#]]
    .assert_debug_eq(&schedules(&text));
    // `--schedule KIND:chunk=N` sets the chunk (a remainder chunk takes the rest); a chunk for
    // the log, whose row is one column, is the whole row; a tile for a rows kernel is refused.
    let (_, text, code, err) = lower(
        &input,
        &["--check", "--schedule", "stablehlo.reduce:chunk=7000"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 3 of 3 kernels agree"), "{err}");
    let reduce = schedules(&text)
        .into_iter()
        .find(|s| s.starts_with("stablehlo.reduce"));
    assert_eq!(
        reduce.as_deref(),
        Some("stablehlo.reduce: rows, 128 a tile, 7000 columns a chunk")
    );
    let (_, _, code, err) = lower(&input, &["--schedule", "SubExp:tile=64"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("--schedule SubExp:tile=64: this kernel has no such size to set"),
        "{err}"
    );
}

/// A reduce over all 65,536 elements spreads them over the partitions, 512 each; the maximum
/// of the 128 partials is an `nc_transpose` onto one partition, a `tensor_reduce` there and an
/// `nc_matmul` of a ones row that puts it back on every partition.
#[test]
fn a_reduce_over_every_element_spreads_over_the_partitions() {
    let src = "func.func @main(%x: tensor<256x256xf32>) -> tensor<f32> {\n\
           %c = stablehlo.constant dense<0xFF800000> : tensor<f32>\n\
           %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>\n\
           %1 = stablehlo.exponential %0 : tensor<f32>\n\
           return %1 : tensor<f32>\n\
         }\n";
    let input = scratch("max_all.mlir", src);
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 2 of 2 kernels agree"), "{err}");
    expect![[r#"
        {
            "nc_matmul on PE": 1,
            "nc_transpose on PE": 1,
            "tensor_copy on DVE": 1,
            "tensor_reduce on DVE": 2,
        }
    "#]]
    .assert_debug_eq(&compute(&program.kernels[0]));
}

/// A reduce over dimensions that are not the trailing ones reads its rows through the runs
/// the kept dimensions make in memory: over axis 1 of `[8, 64, 32]` each tile of 128 rows is 4
/// outer by 32 inner, its 64 columns at stride 32; over axis 0 of `[64, 300]` the rows are one
/// run and a tile of 44 rows is the remainder. Kept dimensions that make three runs, or two
/// whose inner run does not divide 128, are a diagnostic at the reduce.
#[test]
fn a_reduce_over_leading_or_middle_axes_reads_strided_rows() {
    let src = "func.func @main(%x: tensor<8x64x32xf32>, %y: tensor<64x300xf32>) -> (tensor<8x32xf32>, tensor<300xf32>) {\n\
           %c = stablehlo.constant dense<0.0> : tensor<f32>\n\
           %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x64x32xf32>, tensor<f32>) -> tensor<8x32xf32>\n\
           %1 = stablehlo.reduce(%y init: %c) applies stablehlo.add across dimensions = [0] : (tensor<64x300xf32>, tensor<f32>) -> tensor<300xf32>\n\
           return %0, %1 : tensor<8x32xf32>, tensor<300xf32>\n\
         }\n";
    let input = scratch("axes.mlir", src);
    let (_, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 2 of 2 kernels agree"), "{err}");
    let loads: Vec<&str> = (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy(dst=%t"))
        .collect();
    expect![[r#"
        [
            "dma_copy(dst=%t3, src=%in0.ap([[1, 128], [300, 64]], offset=128*%r0), engine=DMA)",
            "dma_copy(dst=%t5.ap([[64, 44], [1, 64]]), src=%in0.ap([[1, 44], [300, 64]], offset=256), engine=DMA)",
            "dma_copy(dst=%t3, src=%in0.ap([[2048, 4], [1, 32], [32, 64]], offset=8192*%r0), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&loads);
    let src = "func.func @main(%x: tensor<4x8x6x32xf32>) -> tensor<4x6xf32> {\n\
           %c = stablehlo.constant dense<0.0> : tensor<f32>\n\
           %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 3] : (tensor<4x8x6x32xf32>, tensor<f32>) -> tensor<4x6xf32>\n\
           return %0 : tensor<4x6xf32>\n\
         }\n";
    let input = scratch("axes_bad.mlir", src);
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("not one run in memory, or two whose inner run divides 128"),
        "{err}"
    );
}

/// A value along the columns computed from a reduce of the kernel needs the reduce complete:
/// an RmsNorm over 50,000 features (too wide for the `columns` layout's 128-multiples, and for
/// SBUF) sums its squares in a first pass over the chunks, takes the rsqrt per row, and scales
/// in a second pass that loads x again. Each of the two row tiles has its two passes.
#[test]
fn a_value_read_after_its_reduce_is_a_second_pass_over_the_chunks() {
    let src = rms_norm_module(200, 50000);
    let input = scratch("rmsnorm_h50000.mlir", &src);
    let (_, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let rms = schedules(&text)
        .into_iter()
        .find(|s| s.starts_with("RmsNorm"));
    assert_eq!(
        rms.as_deref(),
        Some("RmsNorm: rows, 128 a tile, 12500 columns a chunk")
    );
    let kernel = text.split("kind RmsNorm").nth(1).unwrap_or("");
    let passes = kernel
        .lines()
        .filter(|l| l.trim_start().starts_with("for %"))
        .count();
    assert_eq!(passes, 4, "{kernel}");
}

/// `softmax(q k^T / 8)` over 1,000 keys: a row of scores spans two PSUM banks (512 and 488
/// columns), so each tile of 160 queries makes two passes over the banks, each recomputing the
/// scores' bank by its matmul: the online softmax's running max and running sum (the second
/// bank keeps the previous max, folds its own in, and rescales the sum by `exp(previous -
/// max)` before adding its own), then the result (`lowering/src/tile/dot_rows.rs`, `online.rs`).
#[test]
fn a_softmax_over_more_keys_than_a_bank_is_an_online_softmax_over_the_banks() {
    let src = "func.func @main(%q: tensor<2x160x64xf32>, %k: tensor<2x1000x64xf32>) -> tensor<2x160x1000xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x160x64xf32>, tensor<2x1000x64xf32>) -> tensor<2x160x1000xf32>
  %c = stablehlo.constant dense<1.250000e-01> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<2x160x1000xf32>
  %x = stablehlo.multiply %s, %cb : tensor<2x160x1000xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x160x1000xf32>, tensor<f32>) -> tensor<2x160xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1000xf32>
  %z = stablehlo.subtract %x, %mb : tensor<2x160x1000xf32>
  %e = stablehlo.exponential %z : tensor<2x160x1000xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x160x1000xf32>, tensor<f32>) -> tensor<2x160xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1000xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x160x1000xf32>
  return %p : tensor<2x160x1000xf32>
}
";
    let input = scratch("dot_softmax_1000_keys.mlir", src);
    let (program, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let k = &program.kernels[0];
    assert_eq!(k.kind, "DotSoftmax");
    // Per bank, one line from its matmul on (loads aside): per tile of queries (128, then
    // 32), the running max and sum, then the result, stored a bank at a time.
    let mut banks: Vec<String> = Vec::new();
    for l in text
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("engine="))
    {
        let op = l.split('(').next().unwrap_or(l);
        match op {
            "dma_copy" if l.starts_with("dma_copy(dst=%t") => {}
            "nc_matmul" => banks.push(op.to_string()),
            _ => banks
                .last_mut()
                .into_iter()
                .for_each(|b| *b += &format!(" {op}")),
        }
    }
    expect![[r#"
        nc_matmul tensor_reduce tensor_scalar tensor_scalar activation_reduce
        nc_matmul tensor_copy tensor_reduce tensor_scalar tensor_tensor tensor_scalar activation_reduce activation tensor_tensor tensor_tensor
        nc_matmul tensor_scalar activation reciprocal tensor_scalar dma_copy
        nc_matmul tensor_scalar activation reciprocal tensor_scalar dma_copy
        nc_matmul tensor_reduce tensor_scalar tensor_scalar activation_reduce
        nc_matmul tensor_copy tensor_reduce tensor_scalar tensor_tensor tensor_scalar activation_reduce activation tensor_tensor tensor_tensor
        nc_matmul tensor_scalar activation reciprocal tensor_scalar dma_copy
        nc_matmul tensor_scalar activation reciprocal tensor_scalar dma_copy"#]]
    .assert_eq(&banks.join("\n"));
    let mut compute = compute(k);
    compute.retain(|_, n| *n > 0);
    expect![[r#"
        {
            "activation on ACT": 6,
            "activation_reduce on ACT": 4,
            "nc_matmul on PE": 8,
            "reciprocal on DVE": 4,
            "tensor_copy on DVE": 2,
            "tensor_reduce on DVE": 4,
            "tensor_scalar on DVE": 16,
            "tensor_tensor on DVE": 6,
        }
    "#]]
    .assert_debug_eq(&compute);
}

/// One input broadcast along the columns and along the rows of one kernel: a tile of it cannot
/// serve both, so the lowering refuses the kernel at the second broadcast rather than reading
/// one layout for both (which computed wrong values). Fusion never builds such a kernel: the
/// same program fused leaves one broadcast out, and every kernel checks.
#[test]
fn one_input_broadcast_two_ways_is_refused_and_never_fused() {
    let body =
        "  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>";
    let fused = format!(
        "func.func @main(%arg: tensor<8xf32>) -> tensor<8x8xi1> {{
  %0 = \"mhlo.fusion\"(%arg) ({{
  ^bb0(%x: tensor<8xf32>):
{body}
    mhlo.return %le : tensor<8x8xi1>
  }}) {{FusionKind = \"Elementwise\"}} : (tensor<8xf32>) -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}}
"
    );
    let input = scratch("two_ways_fused.mlir", &fused);
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    let err = err.replace(input.to_str().unwrap(), "two_ways_fused.mlir");
    let first = err.lines().take(7).collect::<Vec<_>>().join("\n");
    expect![[r#"
        error: two_ways_fused.mlir:5:3: a value of type tensor<8xf32> has no place in the kernel's space [8, 8]
           ╭─[two_ways_fused.mlir:5:3]
         4 │   %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
         5 │   %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
           ·   ─────────────────────────────────────────┬─────────────────────────────────────────
           ·                                            ╰── this broadcast reads it along other dimensions than another one does
         6 │   %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>"#]]
    .assert_eq(&first);
    let plain = format!(
        "func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {{\n{body}\n  return %le : tensor<8x8xi1>\n}}\n"
    );
    let (program, _, code, err) = lower(&scratch("two_ways.mlir", &plain), &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 2 of 2 kernels agree"), "{err}");
    assert_eq!(program.kernels.len(), 2);
}

/// The shapes of the SBUF buffers of `program`'s last kernel.
fn last_kernels_tiles(program: &egfuse_nisa::Program) -> Vec<Vec<u64>> {
    let k = program.kernels.last().unwrap();
    (k.buffers.iter())
        .filter(|b| b.memory == egfuse_nisa::Memory::Sbuf)
        .map(|b| b.shape.clone())
        .collect()
}

#[test]
fn an_elementwise_kernels_narrow_rows_merge_into_rows_of_up_to_2048() {
    // A rotary embedding over [2, 128, 8, 64] in halves of 32: 256 rows of 8 x 32 (the cos and
    // sin read with a zero stride over the heads), not 2048 rows of 32.
    let rope = crate::support::jax_exports()
        .into_iter()
        .find(|p| p.ends_with("rope_f32.mlir"))
        .unwrap();
    let (program, text) =
        crate::lower::checked("rope.mlir", &std::fs::read_to_string(rope).unwrap());
    assert!(
        last_kernels_tiles(&program)
            .iter()
            .all(|s| s == &[128, 256]),
        "{text}"
    );
    // A bias along the last dimension alone cannot be placed in rows of 32 x 64: the rows stay
    // 64 wide, 16384 of them.
    let bias =
        "func.func @main(%x: tensor<512x32x64xf32>, %b: tensor<64xf32>) -> tensor<512x32x64xf32> {
  %0 = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<64xf32>) -> tensor<512x32x64xf32>
  %1 = stablehlo.add %x, %0 : tensor<512x32x64xf32>
  %2 = stablehlo.exponential %1 : tensor<512x32x64xf32>
  return %2 : tensor<512x32x64xf32>
}
";
    let (program, text) = crate::lower::checked("bias.mlir", bias);
    assert!(
        last_kernels_tiles(&program).iter().all(|s| s[1] == 64),
        "{text}"
    );
    // Without the bias the same kernel takes rows of 2048.
    let plain = "func.func @main(%x: tensor<512x32x64xf32>) -> tensor<512x32x64xf32> {
  %0 = stablehlo.exponential %x : tensor<512x32x64xf32>
  %1 = stablehlo.add %0, %x : tensor<512x32x64xf32>
  return %1 : tensor<512x32x64xf32>
}
";
    let (program, text) = crate::lower::checked("plain.mlir", plain);
    assert!(
        last_kernels_tiles(&program)
            .iter()
            .all(|s| s == &[128, 2048]),
        "{text}"
    );
}
