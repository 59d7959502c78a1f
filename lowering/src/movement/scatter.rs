//! `scatter` kernels: the result is the operand with every update window written into it
//! (`stablehlo.return` of the update) or added to it (an `add` body: an embedding gradient, a
//! one-hot loss gradient). The result starts as a copy of the operand; then, a tile of at most
//! 128 update rows at a time, each row's element offset in the result is computed on chip and
//! one indirect DMA moves the rows (`dst_vector_offset`, NKI's indirect DMA):
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
//! As StableHLO's reference (and XLA) do, a window that does not fit the operand is skipped
//! whole. A row is the update's last dimension when it is a window along the operand's last
//! one, else one element. Colliding indices accumulate, each add rounded to the result's
//! type, in the update's row order; a replace keeps the last row written. Adding a skipped
//! window's zeros to an element holding -0.0 leaves +0.0.

use super::{ap, push, sbuf, MAX_TILES, P};
use crate::tensor::{dims, dtype, strides};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Attr, Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The largest operand whose element offsets, pushed past its end, int32 and the fp32
/// immediates of `iota` hold exactly.
const MAX_ELEMENTS: u64 = 1 << 23;

/// How an update element combines with the result's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Combine {
    Replace,
    Add,
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
        refuse("the body is neither the update (a replace) nor the sum of the two (an add)")
    })?;
    let g = geometry(m, op).ok_or_else(|| refuse("dimension numbers this lowering cannot read"))?;
    if !dtype(m, o.operands[1])?.is_int() {
        return Err(refuse("indices that are not integers"));
    }
    if g.x.iter().product::<u64>() > MAX_ELEMENTS {
        return Err(refuse("offsets are computed on chip in int32 from fp32 immediates: operands of at most 2^23 elements"));
    }
    let (row, enumerated) = g.rows();
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

/// Whether the body of the scatter `op` returns the update (its second argument) or the sum
/// of its two arguments.
fn combine(m: &Module, op: OpId) -> Option<Combine> {
    let &region = m.op(op).regions.first()?;
    let &block = m.region(region).blocks.first()?;
    let (args, ops) = (&m.block(block).args, &m.block(block).ops);
    if args.len() != 2 {
        return None;
    }
    let ret = m.op(*ops.last()?);
    match ops.len() {
        1 if ret.operands[..] == [args[1]] => Some(Combine::Replace),
        2 => {
            let add = m.op(ops[0]);
            let sums = &*add.name == "stablehlo.add"
                && ret.operands[..] == [add.results[0]]
                && (add.operands[..] == [args[0], args[1]]
                    || add.operands[..] == [args[1], args[0]]);
            sums.then_some(Combine::Add)
        }
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
    /// last update dimension is the row when it is a window along the operand's last.
    fn rows(&self) -> (u64, Vec<usize>) {
        let last = self.u.len().checked_sub(1);
        match last {
            Some(l) if self.update_dims[l] == UpdateDim::Window(self.x.len() - 1) => {
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

/// A tile of update rows: the outer enumerated dimensions at their `fixed` coordinates, then
/// `size` rows along `pd` (the partitions) from `start`.
struct Rows<'a> {
    fixed: &'a [(usize, u64)],
    pd: Option<usize>,
    start: u64,
    size: u64,
}

impl Rows<'_> {
    /// A quantity that grows by `step(d)` per unit of each update dimension `d`'s coordinate:
    /// its value at the tile's first row, and its step from one partition to the next.
    fn affine(&self, step: impl Fn(usize) -> i64) -> (i64, i64) {
        let fixed: i64 = self.fixed.iter().map(|&(d, c)| c as i64 * step(d)).sum();
        let per = self.pd.map_or(0, &step);
        (fixed + self.start as i64 * per, per)
    }
}

/// The scratch tiles of one kernel and what they need to emit each tile of rows.
struct Tiles<'g> {
    g: &'g Geometry,
    span: Span,
    row: u64,
    combine: Combine,
    offset: BufId,
    index: BufId,
    part: BufId,
    valid: BufId,
    /// With several index components: whether the window fits along the current one.
    ok: Option<BufId>,
    /// Add with indices: the update rows staged on chip, and their copy with the windows that
    /// do not fit zeroed.
    staged: Option<(BufId, BufId)>,
}

impl<'g> Tiles<'g> {
    fn new(
        k: &mut Kernel,
        g: &'g Geometry,
        (row, elem, combine): (u64, Dtype, Combine),
        span: Span,
    ) -> Self {
        let int = |k: &mut Kernel, role: &str| sbuf(k, role, Dtype::I32, vec![P, 1]);
        let checked = !g.to_operand.is_empty();
        Tiles {
            g,
            span,
            row,
            combine,
            offset: int(k, "offset"),
            index: int(k, "index"),
            part: int(k, "part"),
            valid: int(k, "valid"),
            ok: (g.to_operand.len() > 1).then(|| int(k, "ok")),
            staged: (checked && combine == Combine::Add).then(|| {
                let rows = |k: &mut Kernel, role| sbuf(k, role, elem, vec![P, row]);
                (rows(k, "rows"), rows(k, "kept"))
            }),
        }
    }

    /// Every tile: each combination of the outer enumerated dimensions, then chunks of 128
    /// along the innermost (the partitions).
    fn emit(&self, k: &mut Kernel, enumerated: &[usize]) {
        let Some((&pd, outer)) = enumerated.split_last() else {
            let one = Rows {
                fixed: &[],
                pd: None,
                start: 0,
                size: 1,
            };
            return self.tile(k, &one);
        };
        let count: u64 = outer.iter().map(|&d| self.g.u[d]).product();
        for n in 0..count {
            let mut rest = n;
            let mut coords = vec![0u64; outer.len()];
            for (c, &d) in coords.iter_mut().zip(outer).rev() {
                *c = rest % self.g.u[d];
                rest /= self.g.u[d];
            }
            let fixed: Vec<(usize, u64)> = outer.iter().copied().zip(coords).collect();
            let mut start = 0;
            while start < self.g.u[pd] {
                let size = P.min(self.g.u[pd] - start);
                let rows = Rows {
                    fixed: &fixed,
                    pd: Some(pd),
                    start,
                    size,
                };
                self.tile(k, &rows);
                start += size;
            }
        }
    }

    /// One tile: each row's offset in the result, then the rows moved.
    fn tile(&self, k: &mut Kernel, r: &Rows) {
        self.offsets(k, r);
        self.move_rows(k, r);
    }

    /// The offset of each row of `r` in the result into `self.offset`, and whether its window
    /// fits into `self.valid`.
    fn offsets(&self, k: &mut Kernel, r: &Rows) {
        let g = self.g;
        let xst = strides(&g.x);
        let col = |b: BufId| column(b, r.size);
        let (base, channel) = r.affine(|d| g.operand_step(d, &xst));
        let iota = vec![
            ("dst", col(self.offset)),
            ("offset", Arg::Float(base as f64)),
            ("channel_multiplier", Arg::Float(channel as f64)),
        ];
        push(k, self.span, Opcode::Iota, iota);
        let (index_base, index_stride) = r.affine(|d| g.index_step(d));
        for (c, &od) in g.to_operand.iter().enumerate() {
            let component = g.vector_dim.map_or(0, |v| c as i64 * g.ist[v]);
            let pairs = vec![(index_stride, r.size), (1, 1)];
            let src = Arg::Ap(ap(BufId(1), index_base + component, pairs));
            let load = vec![("dst", col(self.index)), ("src", src)];
            push(k, self.span, Opcode::DmaCopy, load);
            self.index_into(k, r.size, (od, xst[od], c == 0));
        }
    }

    /// The rows of `r` written (skipping windows that do not fit) or added into the result.
    fn move_rows(&self, k: &mut Kernel, r: &Rows) {
        let size = r.size;
        let ust = strides(&self.g.u);
        let (ubase, ustride) = r.affine(|d| ust[d]);
        let per_row = if r.pd.is_some() { ustride } else { 1 };
        let update = Arg::Ap(ap(BufId(2), ubase, vec![(per_row, size), (1, self.row)]));
        let dst = Arg::Ap(ap(BufId(3), 0, vec![(1, size), (1, self.row)]));
        let checked = !self.g.to_operand.is_empty();
        let mut args = match self.combine {
            Combine::Replace => {
                if checked {
                    self.push_unfit_past_the_end(k, size);
                }
                vec![("dst", dst), ("src", update)]
            }
            Combine::Add => {
                let src = match self.staged {
                    Some(bufs) => self.zero_unfit(k, size, update, bufs),
                    None => update,
                };
                vec![
                    ("dst", dst),
                    ("src", src),
                    ("dst_rmw_op", Arg::Alu(Alu::Add)),
                ]
            }
        };
        args.push(("dst_vector_offset", column(self.offset, size)));
        if checked && self.combine == Combine::Replace {
            args.push(("oob_skip", Arg::Flag(true)));
        }
        push(k, self.span, Opcode::DmaCopy, args);
    }

    /// Adds the loaded index (`self.index`) times `stride` to the offsets and folds whether the
    /// window fits along operand dimension `od` into `self.valid` (set, when `first`).
    fn index_into(&self, k: &mut Kernel, size: u64, (od, stride, first): (usize, i64, bool)) {
        let (span, part, index) = (self.span, self.part, self.index);
        let hi = (self.g.x[od] - self.g.window[od]) as f64;
        let clamp = [(Alu::Maximum, 0.0), (Alu::Minimum, hi)];
        push(
            k,
            span,
            Opcode::TensorScalar,
            scalar(part, index, &clamp, size),
        );
        let fits = match (first, self.ok) {
            (false, Some(ok)) => ok,
            _ => self.valid,
        };
        let equal = tensor([fits, part, index], Alu::Equal, size);
        push(k, span, Opcode::TensorTensor, equal);
        if fits != self.valid {
            let both = tensor([self.valid, self.valid, fits], Alu::Multiply, size);
            push(k, span, Opcode::TensorTensor, both);
        }
        let scale = [(Alu::Multiply, stride as f64)];
        push(
            k,
            span,
            Opcode::TensorScalar,
            scalar(part, index, &scale, size),
        );
        let add = tensor([self.offset, self.offset, part], Alu::Add, size);
        push(k, span, Opcode::TensorTensor, add);
    }

    /// Replace: each unfit window's offset pushed past the operand's end, `(1 - valid) * N`.
    fn push_unfit_past_the_end(&self, k: &mut Kernel, size: u64) {
        let n = self.g.x.iter().product::<u64>() as f64;
        let past = [(Alu::Multiply, -n), (Alu::Add, n)];
        push(
            k,
            self.span,
            Opcode::TensorScalar,
            scalar(self.part, self.valid, &past, size),
        );
        let add = tensor([self.offset, self.offset, self.part], Alu::Add, size);
        push(k, self.span, Opcode::TensorTensor, add);
    }

    /// Add: the update rows staged on chip with each unfit window's zeroed, and its offset
    /// sent to 0; the staged rows to add.
    fn zero_unfit(&self, k: &mut Kernel, size: u64, update: Arg, bufs: (BufId, BufId)) -> Arg {
        let (staged, zeroed) = bufs;
        let rows = |b: BufId| Arg::Ap(ap(b, 0, vec![(self.row as i64, size), (1, self.row)]));
        let load = vec![("dst", rows(staged)), ("src", update)];
        push(k, self.span, Opcode::DmaCopy, load);
        let zero = vec![("dst", rows(zeroed)), ("value", Arg::Float(0.0))];
        push(k, self.span, Opcode::Memset, zero);
        let every = Arg::Ap(ap(self.valid, 0, vec![(1, size), (0, self.row)]));
        let keep = vec![
            ("dst", rows(zeroed)),
            ("src", rows(staged)),
            ("predicate", every),
        ];
        push(k, self.span, Opcode::TensorCopyPredicated, keep);
        let send = tensor([self.offset, self.offset, self.valid], Alu::Multiply, size);
        push(k, self.span, Opcode::TensorTensor, send);
        rows(zeroed)
    }
}

/// The first `size` partitions of a `[P, 1]` tile.
fn column(b: BufId, size: u64) -> Arg {
    Arg::Ap(ap(b, 0, vec![(1, size), (1, 1)]))
}

/// The arguments of a `tensor_scalar` of columns: `data` through `ops` (one or two) into `dst`.
fn scalar(dst: BufId, data: BufId, ops: &[(Alu, f64)], size: u64) -> Vec<(&'static str, Arg)> {
    let mut args = vec![("dst", column(dst, size)), ("data", column(data, size))];
    let names = [("op0", "operand0"), ("op1", "operand1")];
    for (&(op, x), (o, v)) in ops.iter().zip(names) {
        args.push((o, Arg::Alu(op)));
        args.push((v, Arg::Float(x)));
    }
    args
}

/// The arguments of a `tensor_tensor` of columns: `[dst, data1, data2]`.
fn tensor(bufs: [BufId; 3], op: Alu, size: u64) -> Vec<(&'static str, Arg)> {
    let [dst, a, b] = bufs.map(|b| column(b, size));
    vec![
        ("dst", dst),
        ("data1", a),
        ("data2", b),
        ("op", Arg::Alu(op)),
    ]
}
