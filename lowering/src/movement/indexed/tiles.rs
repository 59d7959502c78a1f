//! The tiles of rows of a scatter's update or a gather's result: each row's element offset in
//! the operand computed on chip from its index components, then the rows read (a gather), or
//! written, added or folded into the result (a scatter).

use super::fold::Fold;
use super::{Access, Combine, Geometry};
use crate::movement::{ap, push, sbuf, P};
use crate::tensor::strides;
use egfuse_diag::Span;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// A tile of update rows: the outer enumerated dimensions at their `fixed` coordinates, then
/// `size` rows along `pd` (the partitions) from `start`.
pub(super) struct Rows<'a> {
    fixed: &'a [(usize, u64)],
    pub(super) pd: Option<usize>,
    start: u64,
    pub(super) size: u64,
}

impl Rows<'_> {
    /// A quantity that grows by `step(d)` per unit of each update dimension `d`'s coordinate:
    /// its value at the tile's first row, and its step from one partition to the next.
    pub(super) fn affine(&self, step: impl Fn(usize) -> i64) -> (i64, i64) {
        let fixed: i64 = self.fixed.iter().map(|&(d, c)| c as i64 * step(d)).sum();
        let per = self.pd.map_or(0, &step);
        (fixed + self.start as i64 * per, per)
    }

    /// The tile's first row's element offset in the windowed side of shape `u` (the update, or
    /// the gather's result), and the step from one row to the next.
    pub(super) fn windowed(&self, u: &[u64]) -> (i64, i64) {
        let ust = strides(u);
        let (base, step) = self.affine(|d| ust[d]);
        (base, if self.pd.is_some() { step } else { 1 })
    }
}

/// Whether each row's window fits the operand, which a scatter with indices tracks (a gather
/// clamps its windows into the operand).
#[derive(Clone, Copy)]
struct Fits {
    /// 1 where the window fits along every index component so far.
    valid: BufId,
    /// With several index components: whether it fits along the current one.
    ok: Option<BufId>,
}

/// The scratch tiles of one kernel and what they need to emit each tile of rows.
pub(super) struct Tiles<'g> {
    pub(super) g: &'g Geometry,
    pub(super) span: Span,
    row: u64,
    access: Access,
    /// Each row's element offset in the operand (a scatter's result).
    pub(super) offset: BufId,
    index: BufId,
    part: BufId,
    /// A scatter with indices: whether each row's window fits the operand.
    fits: Option<Fits>,
    /// Add with indices: the update rows staged on chip, and their copy with the windows that
    /// do not fit zeroed.
    staged: Option<(BufId, BufId)>,
    /// Fold: its scratch tiles.
    fold: Option<Fold>,
}

impl<'g> Tiles<'g> {
    pub(super) fn new(
        k: &mut Kernel,
        g: &'g Geometry,
        (row, elem, access): (u64, Dtype, Access),
        span: Span,
    ) -> Self {
        let int = |k: &mut Kernel, role: &str| sbuf(k, role, Dtype::I32, vec![P, 1]);
        let checked = access != Access::Gather && !g.to_operand.is_empty();
        Tiles {
            g,
            span,
            row,
            access,
            offset: int(k, "offset"),
            index: int(k, "index"),
            part: int(k, "part"),
            fits: checked.then(|| Fits {
                valid: int(k, "valid"),
                ok: (g.to_operand.len() > 1).then(|| int(k, "ok")),
            }),
            staged: (checked && access == Access::Scatter(Combine::Add)).then(|| {
                let rows = |k: &mut Kernel, role| sbuf(k, role, elem, vec![P, row]);
                (rows(k, "rows"), rows(k, "kept"))
            }),
            fold: match access {
                Access::Scatter(Combine::Fold { op, unique }) => {
                    Some(Fold::new(k, elem, op, unique))
                }
                _ => None,
            },
        }
    }

    /// Whether some window may not fit the operand: a scatter's with indices (a gather clamps
    /// its windows into the operand).
    pub(super) fn checked(&self) -> bool {
        self.fits.is_some()
    }

    /// Every tile: each combination of the outer enumerated dimensions, then chunks of 128
    /// along the innermost (the partitions).
    pub(super) fn emit(&self, k: &mut Kernel, enumerated: &[usize]) {
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

    /// One tile: each row's offset in the operand, then the rows moved.
    fn tile(&self, k: &mut Kernel, r: &Rows) {
        self.offsets(k, r);
        match (self.access, &self.fold) {
            (Access::Gather, _) => self.read_rows(k, r),
            (_, Some(fold)) => fold.tile(k, self, r),
            _ => self.move_rows(k, r),
        }
    }

    /// The offset of each row of `r` in the operand into `self.offset`, and for a scatter
    /// whether its window fits into `self.fits`.
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

    /// The rows of `r` written (a replace, skipping windows that do not fit) or added into the
    /// result.
    fn move_rows(&self, k: &mut Kernel, r: &Rows) {
        let size = r.size;
        let (ubase, per_row) = r.windowed(&self.g.u);
        let update = Arg::Ap(ap(BufId(2), ubase, vec![(per_row, size), (1, self.row)]));
        let dst = Arg::Ap(ap(BufId(3), 0, vec![(1, size), (1, self.row)]));
        let add = self.access == Access::Scatter(Combine::Add);
        let mut args = if add {
            let src = match (self.staged, self.fits) {
                (Some(bufs), Some(fits)) => self.zero_unfit(k, (size, update), bufs, fits.valid),
                _ => update,
            };
            vec![
                ("dst", dst),
                ("src", src),
                ("dst_rmw_op", Arg::Alu(Alu::Add)),
            ]
        } else {
            self.push_unfit_past_the_end(k, size);
            vec![("dst", dst), ("src", update)]
        };
        args.push(("dst_vector_offset", column(self.offset, size)));
        if self.checked() && !add {
            args.push(("oob_skip", Arg::Flag(true)));
        }
        push(k, self.span, Opcode::DmaCopy, args);
    }

    /// A gather's rows of `r` read from the operand at their offsets into the result.
    fn read_rows(&self, k: &mut Kernel, r: &Rows) {
        let size = r.size;
        let (base, per_row) = r.windowed(&self.g.u);
        let args = vec![
            (
                "dst",
                Arg::Ap(ap(BufId(2), base, vec![(per_row, size), (1, self.row)])),
            ),
            (
                "src",
                Arg::Ap(ap(BufId(0), 0, vec![(1, size), (1, self.row)])),
            ),
            ("vector_offset", column(self.offset, size)),
        ];
        push(k, self.span, Opcode::DmaCopy, args);
    }

    /// Adds the loaded index (`self.index`), clamped into the operand, times `stride` to the
    /// offsets, and for a scatter whether the window fits along operand dimension `od`.
    /// Clamped, every offset is inside the operand, so an unfit window's, pushed past the end,
    /// is past it (a raw index of -1 was not).
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
        if let Some(fits) = self.fits {
            self.fold_fits(k, size, first, fits);
        }
        let scale = [(Alu::Multiply, stride as f64)];
        push(
            k,
            span,
            Opcode::TensorScalar,
            scalar(part, part, &scale, size),
        );
        let add = tensor([self.offset, self.offset, part], Alu::Add, size);
        push(k, span, Opcode::TensorTensor, add);
    }

    /// Whether the window fits along the current component (its clamped index in `self.part`
    /// equals the index), folded into `f.valid` (set, when `first`).
    fn fold_fits(&self, k: &mut Kernel, size: u64, first: bool, f: Fits) {
        let fits = match (first, f.ok) {
            (false, Some(ok)) => ok,
            _ => f.valid,
        };
        let equal = tensor([fits, self.part, self.index], Alu::Equal, size);
        push(k, self.span, Opcode::TensorTensor, equal);
        if fits != f.valid {
            let both = tensor([f.valid, f.valid, fits], Alu::Multiply, size);
            push(k, self.span, Opcode::TensorTensor, both);
        }
    }

    /// Replace: each unfit window's offset pushed past the operand's end, `(1 - valid) * N`
    /// (nothing when every window fits).
    pub(super) fn push_unfit_past_the_end(&self, k: &mut Kernel, size: u64) {
        let Some(Fits { valid, .. }) = self.fits else {
            return;
        };
        let n = self.g.x.iter().product::<u64>() as f64;
        let past = [(Alu::Multiply, -n), (Alu::Add, n)];
        push(
            k,
            self.span,
            Opcode::TensorScalar,
            scalar(self.part, valid, &past, size),
        );
        let add = tensor([self.offset, self.offset, self.part], Alu::Add, size);
        push(k, self.span, Opcode::TensorTensor, add);
    }

    /// Add: the update rows staged on chip with each unfit window's zeroed, and its offset
    /// sent to 0; the staged rows to add.
    fn zero_unfit(
        &self,
        k: &mut Kernel,
        (size, update): (u64, Arg),
        (staged, zeroed): (BufId, BufId),
        valid: BufId,
    ) -> Arg {
        let rows = |b: BufId| Arg::Ap(ap(b, 0, vec![(self.row as i64, size), (1, self.row)]));
        let load = vec![("dst", rows(staged)), ("src", update)];
        push(k, self.span, Opcode::DmaCopy, load);
        let zero = vec![("dst", rows(zeroed)), ("value", Arg::Float(0.0))];
        push(k, self.span, Opcode::Memset, zero);
        let every = Arg::Ap(ap(valid, 0, vec![(1, size), (0, self.row)]));
        let keep = vec![
            ("dst", rows(zeroed)),
            ("src", rows(staged)),
            ("predicate", every),
        ];
        push(k, self.span, Opcode::TensorCopyPredicated, keep);
        let send = tensor([self.offset, self.offset, valid], Alu::Multiply, size);
        push(k, self.span, Opcode::TensorTensor, send);
        rows(zeroed)
    }
}

/// The first `size` partitions of a `[P, 1]` tile.
pub(super) fn column(b: BufId, size: u64) -> Arg {
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
pub(super) fn tensor(bufs: [BufId; 3], op: Alu, size: u64) -> Vec<(&'static str, Arg)> {
    let [dst, a, b] = bufs.map(|b| column(b, size));
    vec![
        ("dst", dst),
        ("data1", a),
        ("data2", b),
        ("op", Arg::Alu(op)),
    ]
}
