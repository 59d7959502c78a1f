//! Large matmul kernels: the moving operand (a projection's weights) crosses HBM once, however
//! many tiles of rows pass under it (`lowering/src/tile/resident.rs`), and the kernel still
//! checks by value (`--check-work` is a filetest, `tests/filetests/lower/check_work.mlir`).

use super::lower::checked;
use crate::support::root;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{Kernel, Stmt};

/// The elements the DMAs of `k` read from its input `name`, over every loop trip.
fn reads(k: &Kernel, name: &str) -> u64 {
    fn walk(k: &Kernel, stmts: &[Stmt], trips: u64, name: &str) -> u64 {
        let one = |s: &Stmt| match s {
            Stmt::Inst(i) if i.op == Opcode::DmaCopy => i
                .ap("src")
                .filter(|a| k.buffer(a.buf).name == name)
                .map_or(0, |a| a.elements() * trips),
            Stmt::Inst(_) => 0,
            Stmt::Loop { count, body, .. } => walk(k, body, trips * count, name),
        };
        stmts.iter().map(one).sum()
    }
    walk(k, &k.body, 1, name)
}

#[test]
fn a_matmuls_weights_cross_hbm_once_and_its_rows_once_per_n_tile() {
    // x: 300 x 200 (three tiles of rows: 128, 128, 44), w: 200 x 700 (N tiles of 512 and
    // 188, K tiles of 128 and 72).
    let src =
        std::fs::read_to_string(root().join("tests/fixtures/lowering/matmul_remainders_f32.mlir"));
    let (program, text) = checked("remainders.mlir", &src.unwrap());
    let k = &program.kernels[0];
    assert_eq!(reads(k, "in1"), 200 * 700, "{text}");
    assert_eq!(reads(k, "in0"), 300 * 200 * 2, "{text}");
    // A matmul with one tile of rows has nothing to reuse: its loads stay inside the tile.
    let one_tile = "func.func @main(%x: tensor<100x200xf32>, %w: tensor<200x700xf32>) -> tensor<100x700xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<100x200xf32>, tensor<200x700xf32>) -> tensor<100x700xf32>
  return %0 : tensor<100x700xf32>
}
";
    let (program, text) = checked("one_tile.mlir", one_tile);
    let k = &program.kernels[0];
    assert!(!text.contains("_w :"), "{text}");
    assert_eq!(reads(k, "in1"), 200 * 700, "{text}");
}

#[test]
fn weights_too_large_to_keep_are_loaded_per_tile_of_rows() {
    // K = 10240 f32 rows of 256 columns is 80 K tiles of 1 KiB a partition: 80 KiB, past the
    // third of SBUF a resident block may take, so each of the two tiles of rows loads them.
    let src = "func.func @main(%x: tensor<256x10240xf32>, %w: tensor<10240x256xf32>) -> tensor<256x256xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x10240xf32>, tensor<10240x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
";
    let (program, text) = checked("large.mlir", src);
    let k = &program.kernels[0];
    assert_eq!(reads(k, "in1"), 10240 * 256 * 2, "{text}");
}
