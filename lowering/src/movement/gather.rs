//! `gather` kernels of the row form, an embedding lookup: `out[i, :] = table[idx[i], :]`, each
//! index picking one whole row of the table's first dimension. Per tile of 128 indices: the
//! indices load into SBUF, are clamped into the table as StableHLO's gather clamps its start
//! indices, and one indirect `dma_copy` (the source's first pair indexed by `vector_offset`,
//! NKI's indirect DMA) moves the rows from the table to the result.

use super::{ap, push, P};
use crate::tensor::dims;
use crate::tensor::dtype;
use egfuse_diag::{Diag, Span};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The kernel `name` of the gather `op`, when it has the row form.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let (table, idx) = (o.operands[0], o.operands[1]);
    let (ts, is) = (dims(m, table), dims(m, idx));
    let rows = ts.first().copied().unwrap_or(0);
    let row: u64 = ts.iter().skip(1).product();
    let n: u64 = is.iter().product();
    if !row_form(m, op, &ts, &is) && super::take::is_take(m, op) {
        return super::take::kernel(m, op, name);
    }
    if !row_form(m, op, &ts, &is) || rows == 0 {
        return super::indexed::gather(m, op, name);
    }
    let (mut k, id) = skeleton(m, op, name)?;
    let (loaded, clamped) = (
        scratch(&mut k, "idx", id),
        scratch(&mut k, "row_idx", Dtype::I32),
    );
    let mut start = 0u64;
    while start < n {
        let size = P.min(n - start);
        one_tile(&mut k, o.span, [loaded, clamped], start, size, (rows, row));
        start += size;
    }
    Ok(k)
}

/// The `size` indices from `start`: loaded into `bufs[0]`, clamped into the `shape.0` rows of
/// the table into `bufs[1]`, and their rows of `shape.1` elements moved by one indirect DMA.
fn one_tile(
    k: &mut Kernel,
    span: Span,
    bufs: [BufId; 2],
    start: u64,
    size: u64,
    shape: (u64, u64),
) {
    let [loaded, clamped] = bufs;
    let (row, last) = (shape.1, (shape.0 - 1) as f64);
    let ri = row as i64;
    let at = |buf: BufId| ap(buf, 0, vec![(1, size), (1, 1)]);
    let indices = ap(BufId(1), start as i64, vec![(1, size), (1, 1)]);
    push(
        k,
        span,
        Opcode::DmaCopy,
        vec![("dst", Arg::Ap(at(loaded))), ("src", Arg::Ap(indices))],
    );
    let clamp = vec![
        ("dst", Arg::Ap(at(clamped))),
        ("data", Arg::Ap(at(loaded))),
        ("op0", Arg::Alu(Alu::Maximum)),
        ("operand0", Arg::Float(0.0)),
        ("op1", Arg::Alu(Alu::Minimum)),
        ("operand1", Arg::Float(last)),
    ];
    push(k, span, Opcode::TensorScalar, clamp);
    let rows = vec![
        (
            "dst",
            Arg::Ap(ap(BufId(2), start as i64 * ri, vec![(ri, size), (1, row)])),
        ),
        ("src", Arg::Ap(ap(BufId(0), 0, vec![(ri, size), (1, row)]))),
        ("vector_offset", Arg::Ap(at(clamped))),
    ];
    push(k, span, Opcode::DmaCopy, rows);
}

/// The kernel `name` of the gather `op` with its HBM buffers (the table, the indices, the
/// result) and no instructions yet, and the dtype of its indices, which must be integers.
pub(super) fn skeleton(m: &Module, op: OpId, name: String) -> Result<(Kernel, Dtype), Diag> {
    let o = m.op(op);
    let id = dtype(m, o.operands[1])?;
    if !id.is_int() {
        return Err(
            Diag::new("lower::dtype", o.span, "a gather with non-integer indices")
                .with_label("indirect DMA offsets are integers"),
        );
    }
    let k = super::with_hbm(m, op, name, o.name.to_string())?;
    Ok((k, id))
}

/// The gather `op`'s dimension numbers: a reader of its integer lists by name (empty when
/// absent), and its `index_vector_dim`.
pub(super) fn dimension_numbers(
    m: &Module,
    op: OpId,
) -> Option<(impl Fn(&str) -> Vec<i64> + '_, usize)> {
    let dn = m.op(op).attr("dimension_numbers")?;
    let list = |name: &str| {
        dn.field(name)
            .and_then(|a| a.as_int_list())
            .unwrap_or_default()
    };
    let ivd = dn
        .field("index_vector_dim")
        .and_then(|a| a.as_int())
        .unwrap_or(0) as usize;
    Some((list, ivd))
}

/// The source pattern of a gather whose indices cannot matter, one `(stride, size)` of the
/// operand per result dimension: every indexed dimension is sliced whole, so StableHLO's clamp
/// brings each start index to 0 (optax's `x[:, label]` of a one-column `x` is one), and there is
/// one batch element at most. Such a gather is a copy of the slice at the operand's origin.
pub(super) fn unindexed(m: &Module, op: OpId) -> Option<Vec<(i64, u64)>> {
    let o = m.op(op);
    let (list, _) = dimension_numbers(m, op)?;
    let x = dims(m, o.operands[0]);
    let out = dims(m, o.results[0]);
    let sizes = o.attr("slice_sizes").and_then(int_list)?;
    let whole = |d: i64| {
        usize::try_from(d)
            .ok()
            .and_then(|d| Some(sizes.get(d)? == &(*x.get(d)? as i64)))
    };
    let (offset_dims, collapsed) = (list("offset_dims"), list("collapsed_slice_dims"));
    let indexed_whole = list("start_index_map")
        .into_iter()
        .all(|d| whole(d) == Some(true));
    let batch_free = (0..out.len()).all(|d| offset_dims.contains(&(d as i64)) || out[d] == 1);
    if !indexed_whole
        || !batch_free
        || !list("operand_batching_dims").is_empty()
        || sizes.len() != x.len()
    {
        return None;
    }
    let strides = crate::tensor::strides(&x);
    let mut kept = (0..x.len()).filter(|&d| !collapsed.contains(&(d as i64)));
    let pairs = (0..out.len()).map(|d| match offset_dims.contains(&(d as i64)) {
        true => kept.next().map(|k| (strides[k], sizes[k] as u64)),
        false => Some((0, 1)),
    });
    let pairs: Vec<(i64, u64)> = pairs.collect::<Option<_>>()?;
    (pairs.iter().map(|p| p.1).eq(out.iter().copied())).then_some(pairs)
}

/// Whether the gather picks whole rows of its operand's first dimension, one per index, and
/// puts each row after the indices' dimensions.
fn row_form(m: &Module, op: OpId, table: &[u64], idx: &[u64]) -> bool {
    let o = m.op(op);
    let Some((list, ivd)) = dimension_numbers(m, op) else {
        return false;
    };
    let sizes = o.attr("slice_sizes").and_then(int_list).unwrap_or_default();
    let out_rank = dims(m, o.results[0]).len();
    let batch_rank = if ivd == idx.len() {
        idx.len()
    } else if ivd + 1 == idx.len() && idx[ivd] == 1 {
        idx.len() - 1
    } else {
        return false;
    };
    let whole: Vec<i64> = std::iter::once(1)
        .chain(table.iter().skip(1).map(|&d| d as i64))
        .collect();
    let trailing: Vec<i64> = (batch_rank..out_rank).map(|d| d as i64).collect();
    list("collapsed_slice_dims") == [0]
        && list("start_index_map") == [0]
        && list("operand_batching_dims").is_empty()
        && sizes == whole
        && list("offset_dims") == trailing
        && out_rank == batch_rank + table.len() - 1
}
pub(super) fn scratch(k: &mut Kernel, role: &str, dtype: Dtype) -> BufId {
    super::sbuf(k, role, dtype, vec![P, 1])
}
