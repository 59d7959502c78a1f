//! Windows placed by index: `scatter` writes each update window into the result at the place
//! its indices give, and a `gather` of any form reads each result window from the operand at
//! the place its indices give. Both read the same dimension numbers under different names
//! ([`Numbers`]), so both are one [`Geometry`]: the indexed operand, the windowed side (the
//! update, or the gather's result), and what each of the windowed side's dimensions is. Per
//! tile of at most 128 rows of the windowed side, each row's element offset in the operand is
//! computed on chip (`tiles.rs`) and one indirect DMA moves the rows (`scatter.rs`, `fold.rs`,
//! `gather.rs`):
//!
//! ```text
//! iota               the offset the row's own coordinates give (window and batching dims)
//! dma_copy           per index component, the row's index onto its partition
//! tensor_scalar      clamped into [0, dim - window]; a scatter compares it with the index:
//!                    the window fits
//! tensor_scalar      the clamped index times the operand dimension's stride, added to the
//!                    offset (int32)
//! dma_copy           the rows, indirect on the operand's side (`vector_offset` to read,
//!                    `dst_vector_offset` to write)
//! ```
//!
//! A gather clamps its start indices, as StableHLO does; a scatter skips a window that does not
//! fit, whole, as StableHLO's reference and XLA do.

mod fold;
mod gather;
mod scatter;
mod tiles;

pub use gather::kernel as gather;
pub use scatter::kernel as scatter;

use crate::movement::{MAX_TILES, P};
use crate::tensor::{dtype, strides};
use egfuse_diag::Diag;
use egfuse_ir::{Attr, Module, OpId};
use scatter::Combine;

/// The largest operand whose element offsets, pushed past its end, int32 and the fp32
/// immediates of `iota` hold exactly.
const MAX_ELEMENTS: u64 = 1 << 23;

/// What the indirect DMA of each tile does with the rows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Reads them from the operand into the result.
    Gather,
    /// Writes, adds or folds them into the result.
    Scatter(Combine),
}

/// The diagnostic of the indexed op `op` this lowering refuses, `why` its label.
fn refusal(m: &Module, op: OpId, why: &str) -> Diag {
    let o = m.op(op);
    let message = format!("`{}` has no lowering in this form", o.name);
    Diag::new("lower::no-lowering", o.span, message).with_label(why.to_string())
}

/// The row length of `g` and the dimensions its rows enumerate under `access`
/// ([`Geometry::rows`]), when the indices are integers and the operand and the tiles are
/// within the lowering's bounds.
fn rows(m: &Module, op: OpId, g: &Geometry, access: Access) -> Result<(u64, Vec<usize>), Diag> {
    if !dtype(m, m.op(op).operands[1])?.is_int() {
        return Err(refusal(m, op, "indices that are not integers"));
    }
    if g.x.iter().product::<u64>() > MAX_ELEMENTS {
        let why = "offsets are computed on chip in int32 from fp32 immediates: operands of at most 2^23 elements";
        return Err(refusal(m, op, why));
    }
    let (row, enumerated) = g.rows(access);
    if g.tiles(&enumerated) > MAX_TILES {
        return Err(refusal(m, op, "more than 4096 tiles of rows"));
    }
    Ok((row, enumerated))
}

/// The dimension numbers of a scatter or a gather, under the scatter's names.
struct Numbers {
    /// `update_window_dims`, a gather's `offset_dims`.
    window_dims: Vec<usize>,
    /// `inserted_window_dims`, a gather's `collapsed_slice_dims`.
    inserted: Vec<usize>,
    /// `input_batching_dims`, a gather's `operand_batching_dims`.
    operand_batching: Vec<usize>,
    /// `scatter_indices_batching_dims`, a gather's `start_indices_batching_dims`.
    indices_batching: Vec<usize>,
    /// `scatter_dims_to_operand_dims`, a gather's `start_index_map`.
    to_operand: Vec<usize>,
    index_vector_dim: usize,
}

/// A scatter's names of [`Numbers`]' lists, in the order of its fields.
const SCATTER_NAMES: [&str; 5] = [
    "update_window_dims",
    "inserted_window_dims",
    "input_batching_dims",
    "scatter_indices_batching_dims",
    "scatter_dims_to_operand_dims",
];

/// A gather's names of the same lists.
const GATHER_NAMES: [&str; 5] = [
    "offset_dims",
    "collapsed_slice_dims",
    "operand_batching_dims",
    "start_indices_batching_dims",
    "start_index_map",
];

impl Numbers {
    /// The numbers of the struct attribute `attr` of `op`, its lists named by `names`, in the
    /// order of [`Numbers`]' fields.
    fn read(m: &Module, op: OpId, attr: &str, names: [&str; 5]) -> Option<Numbers> {
        let dn = m.op(op).attr(attr)?;
        let list = |name: &str| -> Vec<usize> {
            (dn.field(name)
                .and_then(Attr::as_int_list)
                .unwrap_or_default())
            .into_iter()
            .map(|v| v.max(0) as usize)
            .collect()
        };
        let [window, inserted, operand_batching, indices_batching, to_operand] = names.map(list);
        Some(Numbers {
            window_dims: window,
            inserted,
            operand_batching,
            indices_batching,
            to_operand,
            // StableHLO's default index vector dimension is 0.
            index_vector_dim: (dn.field("index_vector_dim").and_then(Attr::as_int))
                .unwrap_or(0)
                .max(0) as usize,
        })
    }
}

/// What an update dimension is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum UpdateDim {
    /// A window dimension along this operand dimension.
    Window(usize),
    /// A scatter dimension: this batch dimension of the indices (counted without the index
    /// vector's dimension).
    Scatter(usize),
}

/// The geometry of a scatter or a gather, from its dimension numbers and shapes.
struct Geometry {
    x: Vec<u64>,
    u: Vec<u64>,
    /// The indices' strides and the index vector's dimension (`None`: one index per element).
    ist: Vec<i64>,
    vector_dim: Option<usize>,
    /// The indices' batch dimensions (all but the index vector's), as indices dimensions.
    batch: Vec<usize>,
    update_dims: Vec<UpdateDim>,
    /// Per index component, the operand dimension it starts.
    to_operand: Vec<usize>,
    /// Per operand batching dimension, the indices batch dimension (counted as in
    /// [`UpdateDim::Scatter`]) that gives its start.
    batching: Vec<(usize, usize)>,
    /// Per operand dimension, the window's size along it.
    window: Vec<u64>,
}

/// The geometry of the operand `x`, the indices `is` and the windowed side `u` under the
/// numbers `n`; `None` when they do not describe the shapes.
fn geometry(n: Numbers, x: Vec<u64>, is: &[u64], u: Vec<u64>) -> Option<Geometry> {
    if x.is_empty() {
        return None;
    }
    let (ivd, to_operand) = (n.index_vector_dim, n.to_operand);
    let (uwd, iwd, ibd, sibd) = (
        n.window_dims,
        n.inserted,
        n.operand_batching,
        n.indices_batching,
    );
    let vector_dim = (ivd < is.len()).then_some(ivd);
    let components = vector_dim.map_or(1, |d| is[d]);
    let batch: Vec<usize> = (0..is.len()).filter(|&d| Some(d) != vector_dim).collect();
    let wdims: Vec<usize> = (0..x.len())
        .filter(|d| !iwd.contains(d) && !ibd.contains(d))
        .collect();
    if components as usize != to_operand.len()
        || wdims.len() != uwd.len()
        || u.len() != uwd.len() + batch.len()
        || to_operand.iter().chain(&ibd).any(|&d| d >= x.len())
        || uwd.iter().any(|&d| d >= u.len())
        || ibd.len() != sibd.len()
    {
        return None;
    }
    let (mut update_dims, mut next_window, mut next_scatter) = (Vec::new(), 0, 0);
    for d in 0..u.len() {
        if uwd.contains(&d) {
            update_dims.push(UpdateDim::Window(wdims[next_window]));
            next_window += 1;
        } else {
            update_dims.push(UpdateDim::Scatter(next_scatter));
            next_scatter += 1;
        }
    }
    let mut window = vec![1; x.len()];
    for (j, &d) in wdims.iter().enumerate() {
        window[d] = u[uwd[j]];
    }
    let batching = (ibd.iter().zip(&sibd))
        .map(|(&d, &s)| Some((d, batch.iter().position(|&b| b == s)?)))
        .collect::<Option<Vec<_>>>()?;
    let scatter_shape: Vec<u64> = batch.iter().map(|&d| is[d]).collect();
    let update_scatter: Vec<u64> = (0..u.len())
        .filter(|d| !uwd.contains(d))
        .map(|d| u[d])
        .collect();
    let fits = window.iter().zip(&x).all(|(w, d)| w <= d);
    (scatter_shape == update_scatter && fits).then(|| Geometry {
        ist: strides(is),
        x,
        u,
        vector_dim,
        batch,
        update_dims,
        to_operand,
        batching,
        window,
    })
}

impl Geometry {
    /// The row length and the update dimensions the rows enumerate, the partitions' last: the
    /// last update dimension is the row when it is a window along the operand's last and the
    /// rows are not folded (a fold's rows are elements: windows may overlap). A scatter's rows
    /// go in the update's order, which colliding writes keep; a gather's reads have no order,
    /// and its longest dimension goes on the partitions.
    fn rows(&self, access: Access) -> (u64, Vec<usize>) {
        let last = self.u.len().checked_sub(1);
        let fold = matches!(access, Access::Scatter(Combine::Fold { .. }));
        let (row, mut enumerated): (u64, Vec<usize>) = match last {
            Some(l) if !fold && self.update_dims[l] == UpdateDim::Window(self.x.len() - 1) => {
                (self.u[l], (0..l).collect())
            }
            _ => (1, (0..self.u.len()).collect()),
        };
        let longest = (enumerated.iter().enumerate()).max_by_key(|&(_, &d)| self.u[d]);
        if let (Access::Gather, Some((at, _))) = (access, longest) {
            let d = enumerated.remove(at);
            enumerated.push(d);
        }
        (row, enumerated)
    }

    /// How many tiles the rows `enumerated` (as [`Geometry::rows`] gives them) take: each
    /// combination of the outer dimensions, then chunks of 128 along the innermost.
    fn tiles(&self, enumerated: &[usize]) -> u64 {
        enumerated.split_last().map_or(1, |(pd, outer)| {
            outer.iter().map(|&d| self.u[d]).product::<u64>() * self.u[*pd].div_ceil(P)
        })
    }

    /// The operand offset that update dimension `d` adds per unit of its coordinate.
    fn operand_step(&self, d: usize, xst: &[i64]) -> i64 {
        match self.update_dims[d] {
            UpdateDim::Window(od) => xst[od],
            UpdateDim::Scatter(b) => (self.batching.iter())
                .filter(|&&(_, s)| s == b)
                .map(|&(od, _)| xst[od])
                .sum(),
        }
    }

    /// The indices' offset that update dimension `d` adds per unit of its coordinate.
    fn index_step(&self, d: usize) -> i64 {
        match self.update_dims[d] {
            UpdateDim::Window(_) => 0,
            UpdateDim::Scatter(b) => self.ist[self.batch[b]],
        }
    }
}
