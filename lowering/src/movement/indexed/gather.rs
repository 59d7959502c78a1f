//! `gather` kernels of any form the spec allows: windows of any slice sizes, index vectors of
//! several components, batching dimensions, the result's window and batch dimensions in any
//! order. Per tile of at most 128 result rows, each row's start in the operand is computed on
//! chip from its clamped indices (`tiles.rs`) and one indirect `dma_copy` reads the rows
//! (`vector_offset`). The row forms a table lookup or a take along an axis have
//! (`movement/gather.rs`, `movement/take.rs`) are cheaper and kept for them.

use super::tiles::Tiles;
use super::{geometry, refusal, rows, Access, Numbers, GATHER_NAMES};
use crate::tensor::{dims, dtype};
use egfuse_diag::Diag;
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId};
use egfuse_nisa::Kernel;

/// The kernel `name` of the gather `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let (x, is, out) = (o.operands[0], o.operands[1], o.results[0]);
    let g = Numbers::read(m, op, "dimension_numbers", GATHER_NAMES)
        .and_then(|n| geometry(n, dims(m, x), &dims(m, is), dims(m, out)))
        .filter(|g| {
            let sizes = o.attr("slice_sizes").and_then(int_list);
            sizes.is_some_and(|s| s.iter().map(|&v| v as u64).eq(g.window.iter().copied()))
        })
        .ok_or_else(|| refusal(m, op, "dimension numbers this lowering cannot read"))?;
    let (row, enumerated) = rows(m, op, &g, Access::Gather)?;
    let mut k = crate::movement::with_hbm(m, op, name, o.name.to_string())?;
    if g.u.contains(&0) || g.x.contains(&0) {
        return Ok(k);
    }
    let elem = dtype(m, out)?;
    let t = Tiles::new(&mut k, &g, (row, elem, Access::Gather), o.span);
    t.emit(&mut k, &enumerated);
    Ok(k)
}
