//! An iota inside a kernel. GpSimd's `iota` writes `offset + channel_multiplier · partition +
//! free index`. Along the kernel's columns the index is the free index; along its rows it is
//! the row, the tile's first plus the partition: a constant offset for a value of one column in
//! a tile at a fixed place; otherwise (a tile of a loop, whose first row the loop counter gives
//! and no immediate holds, or a row repeated along the columns, which the free index would
//! count along) a column of a table of every tile's rows, made once before the loops.
//!
//! An iota along an outer dimension of the rows (a batch index beside the position, as a
//! `vmap` of a gather concatenates it onto its indices) counts `(row / every) mod period`:
//! its table is the row table divided and truncated to int32 on the way, exactly (see
//! [`Builder::row_table`]).

use super::{inst, Builder, Physical, Tile, P};
use crate::layout::Class;
use crate::select::Selected;
use egfuse_diag::Diag;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Dtype, Memory, Role, Stmt};

/// The most rows whose table of `(row / every) mod period` fp32 computes exactly: `row + 0.5`
/// is exact, and the quotient's rounding stays clear of the next integer.
const MAX_TABLED_ROWS: u64 = 1 << 22;

/// How an iota's index follows the kernel's space.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Index {
    /// The column.
    Cols,
    /// `(row / every) mod period`.
    Rows { every: u64, period: u64 },
}

impl Builder<'_> {
    /// The instructions of the iota `s` in `tile`.
    pub(super) fn iota(
        &mut self,
        out: &mut Vec<Stmt>,
        s: &Selected,
        tile: &Tile,
        loc: Option<String>,
    ) -> Result<(), Diag> {
        let (m, space) = (self.src.m, self.src.space);
        let at = space.class(s.result);
        let span = m.op(s.root).span;
        let dst = self.tile_of(s.result, Memory::Sbuf)?;
        let dst = self.phys.view(dst, at, at, tile);
        let Some(index) = self.axis(s)? else {
            let zero = [("dst", Arg::Ap(dst)), ("value", Arg::Float(0.0))];
            out.push(Stmt::Inst(inst(Opcode::Memset, &zero, loc).at(span)));
            return Ok(());
        };
        let args = |offset: f64, chan: f64| {
            [
                ("dst", Arg::Ap(dst.clone())),
                ("offset", Arg::Float(offset)),
                ("channel_multiplier", Arg::Float(chan)),
            ]
        };
        // The free index counts along a row: an iota gives the row alone to one column.
        let one_column = dst.dims.get(1).is_none_or(|d| d.1 == 1);
        let plain = Index::Rows {
            every: 1,
            period: space.rows,
        };
        let inst = match index {
            Index::Cols => inst(Opcode::Iota, &args(0.0, 0.0), loc),
            _ if index == plain && tile.start.terms.is_empty() && one_column => {
                inst(Opcode::Iota, &args(tile.start.base as f64, 1.0), loc)
            }
            Index::Rows { every, period } => {
                let table = self.row_table(every, period);
                let t = space.rows.div_ceil(P) as i64;
                let column = Ap {
                    buf: table,
                    offset: tile.start.map(|x| x / P as i64),
                    dims: vec![(t, tile.size), (0, dst.dims[1].1)],
                    span: egfuse_diag::Span::NONE,
                };
                let copy = [("dst", Arg::Ap(dst)), ("src", Arg::Ap(column))];
                inst(Opcode::TensorCopy, &copy, loc)
            }
        };
        out.push(Stmt::Inst(inst.at(span)));
        Ok(())
    }

    /// How the iota `s` counts along the kernel's space; none when every index is 0 (a single
    /// value, or an iota along a dimension of 1); a diagnostic when its index follows neither the columns nor the rows.
    fn axis(&self, s: &Selected) -> Result<Option<Index>, Diag> {
        let (m, space) = (self.src.m, self.src.space);
        let at = space.class(s.result);
        let o = m.op(s.root);
        let d = (o.attr("iota_dimension").and_then(|a| a.as_int())).unwrap_or(0) as usize;
        let shape = m.ty(o.results[0]).dims().unwrap_or_default();
        let n = shape.get(d).map_or(1, |&k| k as u64);
        // The elements between two steps of the index: 1 along the last dimension.
        let inner: u64 = shape.iter().skip(d + 1).map(|&k| k as u64).product();
        let index = match at {
            _ if n == 1 => return Ok(None),
            Class::Scalar => return Ok(None),
            Class::Col => (n == space.cols && inner == 1).then_some(Index::Cols),
            Class::Row => Some(Index::Rows {
                every: inner,
                period: n,
            }),
            Class::Full if inner.is_multiple_of(space.cols) => Some(Index::Rows {
                every: inner / space.cols,
                period: n,
            }),
            Class::Full => (inner == 1 && n == space.cols).then_some(Index::Cols),
        };
        // The index must repeat whole periods down the rows.
        let fits = index.filter(|i| match *i {
            Index::Cols => true,
            Index::Rows { every, period } => {
                (every * period != 0 && space.rows.is_multiple_of(every * period))
                    && (space.rows <= MAX_TABLED_ROWS || (every, period) == (1, space.rows))
            }
        });
        let rows_layout = matches!(self.phys, Physical::Rows { .. })
            && self.chunk.is_none()
            && space.strided.is_none();
        // The table of every tile's rows counts 128 rows a tile.
        let tabled = index == Some(Index::Cols) || space.tile == P || space.rows <= P;
        if let (true, Some(index), true) = (rows_layout, fits, tabled) {
            return Ok(Some(index));
        }
        let why = match (rows_layout, tabled) {
            (true, true) => "its index is not the row or the column of the kernel's space",
            (true, false) => "the kernel's tiles are not 128 rows, which its table of rows counts",
            (false, _) => "the kernel's layout does not keep its rows in order on the partitions",
        };
        Err(Diag::new("lower::layout", o.span, "an iota this kernel cannot index").with_label(why))
    }

    /// The `[128, T]` table of `(row / every) mod period` of the kernel's rows, tile `t`'s row
    /// `p` at `(p, t)`, set once before the loops. The rows themselves (`every` 1, `period`
    /// the rows) are fp32: an iota of `t + p / 128` scaled by 128, both exact. Otherwise int32:
    /// `(row + 0.5) / every` truncated is `row / every` rounded down, exactly below
    /// [`MAX_TABLED_ROWS`] rows (the fraction stays in `[0.5 / every, 1 - 0.5 / every]`), and
    /// the same by `every · period` gives the periods to take away.
    fn row_table(&mut self, every: u64, period: u64) -> BufId {
        if let Some(&b) = self.row_tables.get(&(every, period)) {
            return b;
        }
        let (rows, t) = (self.src.space.rows, self.src.space.rows.div_ceil(P));
        let plain = (every, period) == (1, rows);
        let dtype = if plain { Dtype::F32 } else { Dtype::I32 };
        let name = match plain {
            true => "rows".to_string(),
            false => format!("rows_div{every}_mod{period}"),
        };
        let b = self.buffer(name, Memory::Sbuf, dtype, vec![P, t], Role::Scratch);
        self.row_tables.insert((every, period), b);
        let whole = |b: BufId| Arg::Ap(Ap::whole(b, &[P, t]));
        if plain {
            let fill = [
                ("dst", whole(b)),
                ("offset", Arg::Float(0.0)),
                ("channel_multiplier", Arg::Float(1.0 / P as f64)),
            ];
            self.before_loops(Opcode::Iota, &fill);
            let scale = [
                ("dst", whole(b)),
                ("data", whole(b)),
                ("op0", Arg::Alu(Alu::Multiply)),
                ("operand0", Arg::Float(P as f64)),
            ];
            self.before_loops(Opcode::TensorScalar, &scale);
            return b;
        }
        let r = self.row_table(1, rows);
        let quotient = |s: &mut Self, dst: BufId, by: u64| {
            if by == 1 {
                return s.before_loops(
                    Opcode::TensorCopy,
                    &[("dst", whole(dst)), ("src", whole(r))],
                );
            }
            let q = [
                ("dst", whole(dst)),
                ("data", whole(r)),
                ("op0", Arg::Alu(Alu::Add)),
                ("operand0", Arg::Float(0.5)),
                ("op1", Arg::Alu(Alu::Divide)),
                ("operand1", Arg::Float(by as f64)),
            ];
            s.before_loops(Opcode::TensorScalar, &q);
        };
        quotient(self, b, every);
        if every * period < rows {
            let name = format!("rows_div{}", every * period);
            let w = self.buffer(name, Memory::Sbuf, Dtype::I32, vec![P, t], Role::Scratch);
            quotient(self, w, every * period);
            let scale = [
                ("dst", whole(w)),
                ("data", whole(w)),
                ("op0", Arg::Alu(Alu::Multiply)),
                ("operand0", Arg::Float(period as f64)),
            ];
            self.before_loops(Opcode::TensorScalar, &scale);
            let take = [
                ("dst", whole(b)),
                ("data1", whole(b)),
                ("data2", whole(w)),
                ("op", Arg::Alu(Alu::Subtract)),
            ];
            self.before_loops(Opcode::TensorTensor, &take);
        }
        b
    }

    /// Appends the instruction `op` with `args` to the kernel's body, before its loops.
    fn before_loops(&mut self, op: Opcode, args: &[(&str, Arg)]) {
        self.k.body.push(Stmt::Inst(inst(op, args, None)));
    }
}
