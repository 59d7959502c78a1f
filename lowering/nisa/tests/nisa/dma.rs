//! The DMA's modes: a read-modify-write that adds (NKI's `dst_rmw_op`, only add), and the
//! rows of an indirect destination skipped when they leave it (NKI's `oob_mode=skip`), which a
//! read-modify-write may not use.

use super::check;
use egfuse_nisa::{self as nisa, interp};
use expect_test::expect;

/// Three rows of two scattered by offsets from HBM into a 4 x 2 result that starts as 10s.
fn scatter(modes: &str, offsets: [f64; 3]) -> Vec<f64> {
    let src = format!(
        "kernel @k kind K {{
  hbm %init : f32[8] input
  hbm %rows : f32[6] input
  hbm %at : i32[3] input
  hbm %y : f32[8] output
  sbuf %o : i32[3, 1] at 0
  dma_copy(dst=%y, src=%init, engine=DMA)
  dma_copy(dst=%o, src=%at.ap([[1, 3], [1, 1]]), engine=DMA)
  dma_copy(dst=%y.ap([[1, 3], [1, 2]]), src=%rows.ap([[2, 3], [1, 2]]), dst_vector_offset=%o{modes}, engine=DMA)
}}
"
    );
    let p = nisa::parse::program(&src).unwrap();
    let inputs = [
        vec![10.0; 8],
        vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        offsets.to_vec(),
    ];
    match interp::run(&p.kernels[0], &inputs, &interp::Limits::default()) {
        Ok(out) => out[0].clone(),
        Err(d) => panic!("{}", d.message),
    }
}

#[test]
fn a_read_modify_write_adds_colliding_rows_and_a_skip_drops_rows_out_of_bounds() {
    // Rows 0 and 2 both land at offset 2: each adds to what the other left.
    let added = scatter(", dst_rmw_op=add", [2.0, 6.0, 2.0]);
    assert_eq!(added, [10.0, 10.0, 16.0, 18.0, 10.0, 10.0, 13.0, 14.0]);
    // Written, the last row at an offset wins; a row at 7 would reach element 8 and is skipped.
    let written = scatter(", oob_skip=true", [2.0, 7.0, 2.0]);
    assert_eq!(written, [10.0, 10.0, 5.0, 6.0, 10.0, 10.0, 10.0, 10.0]);
}

#[test]
#[should_panic(expected = "leaves the buffer")]
fn a_row_out_of_bounds_without_skip_is_an_error() {
    scatter("", [0.0, 7.0, 2.0]);
}

#[test]
fn the_verifier_holds_the_modes_to_what_nki_allows() {
    check(
        "kernel @k kind K {
  hbm %x : f32[8] input
  hbm %y : f32[8] output
  sbuf %o : i32[2, 1] at 0
  dma_copy(dst=%y, src=%x, dst_rmw_op=maximum, engine=DMA)
  dma_copy(dst=%y, src=%x, oob_skip=true, engine=DMA)
  dma_copy(dst=%y.ap([[1, 2], [1, 4]]), src=%x, dst_vector_offset=%o, dst_rmw_op=add, oob_skip=true, engine=DMA)
}
",
        expect![[r#"
            error: test.nisa:5:3: `dma_copy`'s dst_rmw_op is not add
               ╭─[test.nisa:5:3]
             4 │   sbuf %o : i32[2, 1] at 0
             5 │   dma_copy(dst=%y, src=%x, dst_rmw_op=maximum, engine=DMA)
               ·   ────────────────────────────┬───────────────────────────
               ·                               ╰── a DMA reads, adds and writes; only add is supported
             6 │   dma_copy(dst=%y, src=%x, oob_skip=true, engine=DMA)
               ╰────
            error: test.nisa:6:3: `dma_copy` skips out-of-bounds rows only of an indirect destination
               ╭─[test.nisa:6:3]
             5 │   dma_copy(dst=%y, src=%x, dst_rmw_op=maximum, engine=DMA)
             6 │   dma_copy(dst=%y, src=%x, oob_skip=true, engine=DMA)
               ·   ─────────────────────────┬─────────────────────────
               ·                            ╰── oob_skip needs dst_vector_offset
             7 │   dma_copy(dst=%y.ap([[1, 2], [1, 4]]), src=%x, dst_vector_offset=%o, dst_rmw_op=add, oob_skip=true, engine=DMA)
               ╰────
            error: test.nisa:7:3: `dma_copy` with dst_rmw_op cannot skip out-of-bounds rows
               ╭─[test.nisa:7:3]
             6 │   dma_copy(dst=%y, src=%x, oob_skip=true, engine=DMA)
             7 │   dma_copy(dst=%y.ap([[1, 2], [1, 4]]), src=%x, dst_vector_offset=%o, dst_rmw_op=add, oob_skip=true, engine=DMA)
               ·   ───────────────────────────────────────────────────────┬──────────────────────────────────────────────────────
               ·                                                          ╰── a read-modify-write allows only the error mode
             8 │ }
               ╰────
        "#]],
    );
}
