//! `scatter` kernels: the result is the operand with every update window written into it
//! (`stablehlo.return` of the update), added to it (an `add` body: an embedding gradient, a
//! one-hot loss gradient) or folded into it by `maximum`, `minimum` or `multiply`
//! (`x.at[i].max(u)`, a segment max). The result starts as a copy of the operand; then, a tile
//! of at most 128 update rows at a time, each row's element offset in the result is computed
//! on chip and one indirect DMA moves the rows (`dst_vector_offset`, NKI's indirect DMA):
//!
//! ```text
//! iota               the offset the row's own coordinates give (window and batching dims)
//! dma_copy           per index component, the row's index onto its partition
//! tensor_scalar      times the operand dimension's stride, added to the offset (int32)
//! tensor_scalar      clamped into [0, dim - window], compared with itself: the window fits
//! dma_copy           replace: the rows, the windows that do not fit pushed past the end and
//!                    skipped (`oob_skip`); add: the rows with `dst_rmw_op=add`, the windows
//!                    that do not fit zeroed (a predicated copy) and sent to offset 0
//! ```
//!
//! The DMA's read-modify-write only adds, so a fold reads before it writes (`fold.rs`): each
//! element gathered from the result, the tile's updates that land on the same element folded
//! together on chip, the two combined, and the element written back.
//!
//! As StableHLO's reference (and XLA) do, a window that does not fit the operand is skipped
//! whole. A row is the update's last dimension when it is a window along the operand's last
//! one and the rows are written or added, else one element. Colliding indices accumulate,
//! each add rounded to the result's type, in the update's row order; a replace keeps the last
//! row written; a fold combines them in an order of its own (the spec leaves it to the
//! implementation). Adding a skipped window's zeros to an element holding -0.0 leaves +0.0.

mod fold;
mod tiles;

use super::{ap, push, MAX_TILES, P};
use crate::tensor::{dims, dtype, strides};
use egfuse_diag::Diag;
use egfuse_ir::{Attr, Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Kernel};
use tiles::Tiles;

/// The largest operand whose element offsets, pushed past its end, int32 and the fp32
/// immediates of `iota` hold exactly.
const MAX_ELEMENTS: u64 = 1 << 23;

/// How an update element combines with the result's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Combine {
    Replace,
    Add,
    /// Read, combined by an associative and commutative operator, written back; `unique`
    /// when the op promises no two updates share an index (`unique_indices`).
    Fold {
        op: Alu,
        unique: bool,
    },
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

/// The scatter's geometry, from its dimension numbers and shapes.
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

/// The kernel `name` of the scatter `op`, when its body writes or adds the update.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let refuse = |why: &str| {
        Diag::new(
            "lower::no-lowering",
            o.span,
            "`stablehlo.scatter` has no lowering in this form",
        )
        .with_label(why.to_string())
    };
    if o.operands.len() != 3 {
        return Err(refuse("a scatter of several operands at once"));
    }
    let combine = combine(m, op).ok_or_else(|| {
        refuse("the body is neither the update (a replace) nor `add`, `maximum`, `minimum` or `multiply` of the two")
    })?;
    let g = geometry(m, op).ok_or_else(|| refuse("dimension numbers this lowering cannot read"))?;
    if !dtype(m, o.operands[1])?.is_int() {
        return Err(refuse("indices that are not integers"));
    }
    if g.x.iter().product::<u64>() > MAX_ELEMENTS {
        return Err(refuse("offsets are computed on chip in int32 from fp32 immediates: operands of at most 2^23 elements"));
    }
    let (row, enumerated) = g.rows(combine);
    let tiles = enumerated.split_last().map_or(1, |(pd, outer)| {
        outer.iter().map(|&d| g.u[d]).product::<u64>() * g.u[*pd].div_ceil(P)
    });
    if tiles > MAX_TILES {
        return Err(refuse("more than 4096 tiles of update rows"));
    }
    let mut k = super::with_hbm(m, op, name, o.name.to_string())?;
    let elements: u64 = g.x.iter().product();
    let whole = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, elements)]));
    if elements > 0 {
        push(
            &mut k,
            o.span,
            Opcode::DmaCopy,
            vec![("dst", whole(BufId(3))), ("src", whole(BufId(0)))],
        );
    }
    if elements == 0 || g.u.contains(&0) {
        return Ok(k);
    }
    let elem = dtype(m, o.operands[2])?;
    let t = Tiles::new(&mut k, &g, (row, elem, combine), o.span);
    t.emit(&mut k, &enumerated);
    Ok(k)
}

/// How the body of the scatter `op` combines: it returns the update (its second argument),
/// or one associative and commutative op of its two arguments.
fn combine(m: &Module, op: OpId) -> Option<Combine> {
    let o = m.op(op);
    let &region = o.regions.first()?;
    let &block = m.region(region).blocks.first()?;
    let (args, ops) = (&m.block(block).args, &m.block(block).ops);
    if args.len() != 2 {
        return None;
    }
    let ret = m.op(*ops.last()?);
    if ops.len() == 1 {
        return (ret.operands[..] == [args[1]]).then_some(Combine::Replace);
    }
    let body = m.op(ops[0]);
    let both = body.operands[..] == [args[0], args[1]] || body.operands[..] == [args[1], args[0]];
    if ops.len() != 2 || ret.operands[..] != [body.results[0]] || !both {
        return None;
    }
    let unique = matches!(o.attr("unique_indices"), Some(Attr::Bool(true)));
    let fold = |op| Some(Combine::Fold { op, unique });
    match &*body.name {
        "stablehlo.add" => Some(Combine::Add),
        "stablehlo.maximum" => fold(Alu::Maximum),
        "stablehlo.minimum" => fold(Alu::Minimum),
        "stablehlo.multiply" => fold(Alu::Multiply),
        _ => None,
    }
}

/// The scatter's geometry; `None` when its dimension numbers do not describe its shapes.
fn geometry(m: &Module, op: OpId) -> Option<Geometry> {
    let o = m.op(op);
    let dn = o.attr("scatter_dimension_numbers")?;
    let list = |name: &str| -> Vec<usize> {
        (dn.field(name)
            .and_then(Attr::as_int_list)
            .unwrap_or_default())
        .into_iter()
        .map(|v| v.max(0) as usize)
        .collect()
    };
    let (x, is, u) = (
        dims(m, o.operands[0]),
        dims(m, o.operands[1]),
        dims(m, o.operands[2]),
    );
    if x.is_empty() {
        return None;
    }
    // StableHLO's default index vector dimension is 0.
    let ivd = (dn.field("index_vector_dim").and_then(Attr::as_int))
        .unwrap_or(0)
        .max(0) as usize;
    let (uwd, iwd, ibd, sibd) = (
        list("update_window_dims"),
        list("inserted_window_dims"),
        list("input_batching_dims"),
        list("scatter_indices_batching_dims"),
    );
    let to_operand = list("scatter_dims_to_operand_dims");
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
        ist: strides(&is),
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
    /// The row length and the update dimensions the rows enumerate, outermost first: the
    /// last update dimension is the row when it is a window along the operand's last and the
    /// rows are written or added (a fold's rows are elements: windows may overlap).
    fn rows(&self, combine: Combine) -> (u64, Vec<usize>) {
        let last = self.u.len().checked_sub(1);
        let fold = matches!(combine, Combine::Fold { .. });
        match last {
            Some(l) if !fold && self.update_dims[l] == UpdateDim::Window(self.x.len() - 1) => {
                (self.u[l], (0..l).collect())
            }
            _ => (1, (0..self.u.len()).collect()),
        }
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
