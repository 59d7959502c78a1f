//! The opcode table: the embedded one loads and says what seed 003 says; each problem of a
//! hand-edited table is a diagnostic at its place (one `check` each).

use egfuse_encoder::opcodes::{is_pseudo, Opcodes, Source};
use egfuse_nisa::spec::Opcode;
use expect_test::{expect, Expect};

fn check(src: &str, expect: Expect) {
    let out = match Opcodes::parse(src) {
        Ok(_) => String::new(),
        Err(d) => egfuse_diag::render("opcodes.table", src, &d),
    };
    expect.assert_eq(&out);
}

/// The embedded table with `from` replaced by `to`, which must occur in it.
fn edited(from: &str, to: &str) -> String {
    let src = egfuse_rules::OPCODES.1;
    assert!(src.contains(from), "{from}");
    src.replacen(from, to, 1)
}

#[test]
fn the_embedded_table_gives_the_seeds_bytes() {
    let t = Opcodes::embedded();
    for gen in 2..=5 {
        // 003 §1.2 and §1.6: RmsNorm's six ops; §3.2: every exp is 0x21 on every generation.
        assert_eq!(t.of(Opcode::Activation, gen).unwrap().bytes, [0x21]);
        assert_eq!(t.of(Opcode::TensorReduce, gen).unwrap().bytes, [0x42]);
        assert_eq!(t.of(Opcode::TensorTensor, gen).unwrap().bytes, [0x41]);
        assert_eq!(t.of(Opcode::NcMatmul, gen).unwrap().bytes, [0x01, 0x02]);
        // 003 §1.5: the load prelude.
        assert_eq!(t.of(Opcode::DmaCopy, gen).unwrap().bytes, [0xB8]);
        assert_eq!(t.of(Opcode::DmaTranspose, gen).unwrap().bytes, [0xBD]);
        // 003 §1.2 CORRECTION: 0x41 is POOL's class whichever engine runs it.
        assert_eq!(t.of(Opcode::TensorTensor, gen).unwrap().home, "POOL");
    }
    let ours = t.rows().iter().filter(|r| r.source == Source::Ours).count();
    assert_eq!(
        ours, 7,
        "memset, iota, tensor_copy (two), reciprocal, bn_stats, bn_aggr"
    );
    assert!(t
        .rows()
        .iter()
        .flat_map(|r| &r.bytes)
        .all(|&b| !is_pseudo(b)));
    assert!(is_pseudo(0xC7) && is_pseudo(0xD9) && is_pseudo(0xCB) && !is_pseudo(0xE3));
}

/// 003 §4.3: the MX ops exist from v4; the MX matmul is 0x09 LDWEIGHTS_MX + 0x0A MATMUL_MX on
/// v4 and folds into 0x01/0x02 on v5; quantize_mx is 0xE3 QUANTIZE_MX.
#[test]
fn the_mx_ops_have_their_generations_bytes() {
    let t = Opcodes::embedded();
    for gen in [2, 3] {
        assert!(t.of(Opcode::QuantizeMx, gen).is_none());
        assert!(t.of(Opcode::NcMatmulMx, gen).is_none());
    }
    let bytes = |op, gen| t.of(op, gen).unwrap().bytes.clone();
    assert_eq!(bytes(Opcode::NcMatmulMx, 4), [0x09, 0x0A]);
    assert_eq!(bytes(Opcode::NcMatmulMx, 5), [0x01, 0x02]);
    assert_eq!(bytes(Opcode::QuantizeMx, 4), [0xE3]);
    assert_eq!(bytes(Opcode::QuantizeMx, 5), [0xE3]);
}

/// A row for a generation before the op exists is refused at that row.
#[test]
fn an_mx_op_on_v2_is_refused() {
    check(
        &edited(
            "quantize_mx             v4-v5",
            "quantize_mx             v2-v5",
        ),
        expect![[r#"
            error: opcodes.table:32:1: `quantize_mx` has no instruction before v4; this row gives it one on v2
                ╭─[opcodes.table:32:1]
             31 │ # into the matmul's bytes on v5, with its MX performance mode.
             32 │ quantize_mx             v2-v5   QUANTIZE_MX            0xE3       POOL  seed 003 §4.1, §4.3: forward quantize on DVE
                · ──────────────────────────────────────────────────────────┬─────────────────────────────────────────────────────────
                ·                                                           ╰── the op is not on this generation
             33 │ nc_matmul_mx            v4      MATMULT_MX             0x09 0x0A  PE    seed 003 §4.3: LDWEIGHTS_MX, MATMUL_MX
                ╰────
        "#]],
    );
}

#[test]
fn a_pseudo_byte_an_unknown_op_and_a_bad_generation() {
    check(
        &edited("DMA_COPY               0xB8", "DMA_COPY               0xC8"),
        expect![[r#"
            error: opcodes.table:21:56: 0xC8 is a pseudo opcode (top bits 0b110)
                ╭─[opcodes.table:21:56]
             20 │ nc_transpose            v2-v5   MATMULT                0x01 0x02  PE    seed 003 §1.5: the prelude's nc_transpose into PSUM is 0x01 0x02
             21 │ dma_copy                v2-v5   DMA_COPY               0xC8       DMA   seed 003 §1.5 (the load prelude)
                ·                                                        ──┬─
                ·                                                          ╰── no hardware op issues a pseudo byte
             22 │ dma_transpose           v2-v5   DMA_TRANSPOSE          0xBD       DMA   seed 003 §1.5 (the load prelude)
                ╰────
        "#]],
    );
    check(
        &edited(
            "memset                  v2-v5",
            "memfill                 v2-v5",
        ),
        expect![[r#"
            error: opcodes.table:28:1: unknown nisa op `memfill`
                ╭─[opcodes.table:28:1]
             27 │ tensor_copy_predicated  v2-v5   TENSOR_COPY_PREDICATED 0x64       POOL  ours
             28 │ memfill                 v2-v5   MEMSET                 0x65       POOL  ours
                · ───┬───
                ·    ╰── not an op
             29 │ iota                    v2-v5   IOTA                   0x66       POOL  ours
                ╰────
            error: opcodes.table:35:1: no row gives `memset` an opcode on v2, v3, v4, v5
                ╭─[opcodes.table:35:1]
             34 │ nc_matmul_mx            v5      MATMULT                0x01 0x02  PE    seed 003 §4.3: folded into 0x01/0x02 with MX_PERF_MODE
                ╰────
        "#]],
    );
    check(
        &edited(
            "iota                    v2-v5",
            "iota                    v1-v5",
        ),
        expect![[r#"
            error: opcodes.table:29:25: bad generations `v1-v5`
                ╭─[opcodes.table:29:25]
             28 │ memset                  v2-v5   MEMSET                 0x65       POOL  ours
             29 │ iota                    v1-v5   IOTA                   0x66       POOL  ours
                ·                         ──┬──
                ·                           ╰── v2 to v5, or a range v2-v5
             30 │ # The MX ops exist from NeuronCore-v4 (003 §4.3): the matmul is its own class on v4 and folds
                ╰────
        "#]],
    );
}

#[test]
fn our_bytes_stay_in_our_range_and_seed_bytes_cite_a_section() {
    check(
        &edited("MEMSET                 0x65", "MEMSET                 0x70"),
        expect![[r#"
        error: opcodes.table:28:56: egfuse's own bytes are 0x60-0x6F
            ╭─[opcodes.table:28:56]
         27 │ tensor_copy_predicated  v2-v5   TENSOR_COPY_PREDICATED 0x64       POOL  ours
         28 │ memset                  v2-v5   MEMSET                 0x70       POOL  ours
            ·                                                        ──┬─
            ·                                                          ╰── outside the range
         29 │ iota                    v2-v5   IOTA                   0x66       POOL  ours
            ╰────
    "#]],
    );
    check(
        &edited(
            "0x42       POOL  seed 003 §1.2 row 2",
            "0x42       POOL  seed",
        ),
        expect![[r#"
        error: opcodes.table:16:73: a seed byte cites its section
            ╭─[opcodes.table:16:73]
         15 │ activation_reduce       v2-v5   ACTIVATE               0x21       ACT   seed 003 §0 NOTE: an activation with an accumulating reduce folds into one 0x21
         16 │ tensor_reduce           v2-v5   TENSOR_REDUCE_ARITH    0x42       POOL  seed
            ·                                                                         ──┬─
            ·                                                                           ╰── which section?
         17 │ tensor_tensor           v2-v5   TENSOR_TENSOR_ARITH    0x41       POOL  seed 003 §1.2 rows 3 and 6
            ╰────
    "#]],
    );
    check(
        &edited(
            "0x42       POOL  seed 003 §1.2 row 2",
            "0x64       POOL  seed 003 §1.2 row 2",
        ),
        expect![[r#"
        error: opcodes.table:16:56: a seed byte in egfuse's own range 0x60-0x6F
            ╭─[opcodes.table:16:56]
         15 │ activation_reduce       v2-v5   ACTIVATE               0x21       ACT   seed 003 §0 NOTE: an activation with an accumulating reduce folds into one 0x21
         16 │ tensor_reduce           v2-v5   TENSOR_REDUCE_ARITH    0x64       POOL  seed 003 §1.2 row 2
            ·                                                        ──┬─
            ·                                                          ╰── ours
         17 │ tensor_tensor           v2-v5   TENSOR_TENSOR_ARITH    0x41       POOL  seed 003 §1.2 rows 3 and 6
            ╰────
    "#]],
    );
}

#[test]
fn every_op_needs_one_row_per_generation() {
    check(
        &edited(
            "iota                    v2-v5",
            "iota                    v2-v4",
        ),
        expect![[r#"
            error: opcodes.table:35:1: no row gives `iota` an opcode on v5
                ╭─[opcodes.table:35:1]
             34 │ nc_matmul_mx            v5      MATMULT                0x01 0x02  PE    seed 003 §4.3: folded into 0x01/0x02 with MX_PERF_MODE
                ╰────
        "#]],
    );
    let src = format!(
        "{}iota v5 IOTA 0x66 POOL ours\niota v5 IOTA 0x66 POOL ours\n",
        egfuse_rules::OPCODES.1
    );
    check(
        &src,
        expect![[r#"
            error: opcodes.table:35:1: a second row for `iota` on v5
                ╭─[opcodes.table:35:1]
             34 │ nc_matmul_mx            v5      MATMULT                0x01 0x02  PE    seed 003 §4.3: folded into 0x01/0x02 with MX_PERF_MODE
             35 │ iota v5 IOTA 0x66 POOL ours
                · ─────────────┬─────────────
                ·              ╰── one row per op and generation
             36 │ iota v5 IOTA 0x66 POOL ours
                ╰────
        "#]],
    );
}
