//! `egfuse lower` on an elementwise kernel's narrow rows, over the corpus's rotary embedding:
//! they merge into rows of up to 2048 (the wide rows, reduces over every element or other
//! axes, and the online softmax are filetests, `tests/filetests/lower/`). `--check` holds.

use crate::lower::checked;
use crate::support::jax_exports;

/// The shapes of the SBUF buffers of `program`'s last kernel.
fn last_kernels_tiles(program: &egfuse_nisa::Program) -> Vec<Vec<u64>> {
    let k = program.kernels.last().unwrap();
    (k.buffers.iter())
        .filter(|b| b.memory == egfuse_nisa::Memory::Sbuf)
        .map(|b| b.shape.clone())
        .collect()
}

/// A rotary embedding over [2, 128, 8, 64] in halves of 32: 256 rows of 8 x 32 (the cos and
/// sin read with a zero stride over the heads), not 2048 rows of 32.
#[test]
fn an_elementwise_kernels_narrow_rows_merge_into_rows_of_up_to_2048() {
    let rope = (jax_exports().into_iter())
        .find(|p| p.ends_with("rope_f32.mlir"))
        .expect("the corpus's rope_f32.mlir");
    let (program, text) = checked("rope.mlir", &std::fs::read_to_string(rope).unwrap());
    assert!(
        last_kernels_tiles(&program)
            .iter()
            .all(|s| s == &[128, 256]),
        "{text}"
    );
}
