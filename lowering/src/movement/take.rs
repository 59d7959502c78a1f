//! `gather` kernels of the take-along-the-last-axis form: `out[i] = table[i, idx[i]]`, one
//! element of each row of the table, as a loss picks each token's logit (`take_along_axis`,
//! `operand_batching_dims` over every dimension but the last). Per tile of 128 rows:
//!
//! ```text
//! dma_copy       the tile's indices into SBUF
//! tensor_scalar  each clamped into the row [0, V - 1], as StableHLO's gather clamps
//! iota           each row's first element, (start + p) * V, on GpSimd
//! tensor_tensor  row start + index: the element's offset in the table (int32, exact)
//! dma_copy       one element per row, indirect (`vector_offset`)
//! ```

use super::gather::{dimension_numbers, scratch, skeleton};
use super::{ap, push, P};
use crate::tensor::dims;
use egfuse_diag::{Diag, Span};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The largest table whose element offsets fp32 immediates (iota's offset) and int32 hold.
const MAX_ELEMENTS: u64 = 1 << 24;

/// Whether the gather `op` takes one element along the last axis of each row.
pub fn is_take(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let Some((list, ivd)) = dimension_numbers(m, op) else {
        return false;
    };
    let (table, idx) = (dims(m, o.operands[0]), dims(m, o.operands[1]));
    let Some(last) = table.len().checked_sub(1) else {
        return false;
    };
    let leading: Vec<i64> = (0..last as i64).collect();
    let batching = list("start_indices_batching_dims");
    // Index dimensions that are neither batching nor the index vector hold one element.
    let extra_units = (0..idx.len())
        .filter(|&d| d != ivd && !batching.contains(&(d as i64)))
        .all(|d| idx[d] == 1);
    let batch_sizes: Option<Vec<u64>> = batching
        .iter()
        .map(|&d| idx.get(d as usize).copied())
        .collect();
    let sizes = o.attr("slice_sizes").and_then(int_list).unwrap_or_default();
    // Batching dimensions in order, so the indices' and the result's elements run row by row.
    let in_order = batching.windows(2).all(|w| w[0] < w[1]);
    list("operand_batching_dims") == leading
        && in_order
        && batch_sizes.as_deref() == Some(&table[..last])
        && list("start_index_map") == [last as i64]
        && list("collapsed_slice_dims") == [last as i64]
        && list("offset_dims").is_empty()
        && sizes.iter().all(|&s| s == 1)
        && sizes.len() == table.len()
        && (ivd == idx.len() || idx[ivd] == 1)
        && extra_units
}

/// The kernel `name` of the gather `op`, which [`is_take`].
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let ts = dims(m, o.operands[0]);
    let row = ts.last().copied().unwrap_or(0);
    let rows: u64 = ts[..ts.len() - 1].iter().product();
    if row == 0 || rows * row > MAX_ELEMENTS {
        let msg = format!(
            "a take-along gather from a table of {} elements",
            rows * row
        );
        return Err(Diag::new("lower::no-lowering", o.span, msg)
            .with_label("element offsets are computed on chip in int32 from fp32 immediates")
            .with_help("tables of at most 2^24 elements are lowered"));
    }
    let (mut k, id) = skeleton(m, op, name)?;
    let tiles = [
        scratch(&mut k, "idx", id),
        scratch(&mut k, "clamped", Dtype::I32),
        scratch(&mut k, "row_start", Dtype::I32),
        scratch(&mut k, "offset", Dtype::I32),
    ];
    let mut start = 0u64;
    while start < rows {
        let size = P.min(rows - start);
        one_tile(&mut k, o.span, tiles, (start, size), row);
        start += size;
    }
    Ok(k)
}

/// Rows `start .. start + size` of a table whose rows hold `row` elements.
fn one_tile(k: &mut Kernel, span: Span, bufs: [BufId; 4], (start, size): (u64, u64), row: u64) {
    let [loaded, clamped, first, offset] = bufs;
    let at = |buf: BufId| Arg::Ap(ap(buf, 0, vec![(1, size), (1, 1)]));
    let indices = ap(BufId(1), start as i64, vec![(1, size), (1, 1)]);
    push(
        k,
        span,
        Opcode::DmaCopy,
        vec![("dst", at(loaded)), ("src", Arg::Ap(indices))],
    );
    let clamp = vec![
        ("dst", at(clamped)),
        ("data", at(loaded)),
        ("op0", Arg::Alu(Alu::Maximum)),
        ("operand0", Arg::Float(0.0)),
        ("op1", Arg::Alu(Alu::Minimum)),
        ("operand1", Arg::Float((row - 1) as f64)),
    ];
    push(k, span, Opcode::TensorScalar, clamp);
    let iota = vec![
        ("dst", at(first)),
        ("offset", Arg::Float((start * row) as f64)),
        ("channel_multiplier", Arg::Float(row as f64)),
    ];
    push(k, span, Opcode::Iota, iota);
    let add = vec![
        ("dst", at(offset)),
        ("data1", at(first)),
        ("data2", at(clamped)),
        ("op", Arg::Alu(Alu::Add)),
    ];
    push(k, span, Opcode::TensorTensor, add);
    let moved = vec![
        (
            "dst",
            Arg::Ap(ap(BufId(2), start as i64, vec![(1, size), (1, 1)])),
        ),
        ("src", Arg::Ap(ap(BufId(0), 0, vec![(1, size), (1, 1)]))),
        ("vector_offset", at(offset)),
    ];
    push(k, span, Opcode::DmaCopy, moved);
}
