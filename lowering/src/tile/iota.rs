//! An iota inside a kernel. GpSimd's `iota` writes `offset + channel_multiplier · partition +
//! free index`. Along the kernel's columns the index is the free index; along its rows it is
//! the row, the tile's first plus the partition: a constant offset for a value of one column in
//! a tile at a fixed place; otherwise (a tile of a loop, whose first row the loop counter gives
//! and no immediate holds, or a row repeated along the columns, which the free index would
//! count along) a column of a table of every tile's rows, made once before the loops.

use super::{inst, Builder, Physical, Tile, P};
use crate::layout::Class;
use crate::select::Selected;
use egfuse_diag::Diag;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Dtype, Memory, Role, Stmt};

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
        let Some(along_cols) = self.axis(s)? else {
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
        let inst = match (along_cols, tile.start.terms.is_empty() && one_column) {
            (true, _) => inst(Opcode::Iota, &args(0.0, 0.0), loc),
            (false, true) => inst(Opcode::Iota, &args(tile.start.base as f64, 1.0), loc),
            (false, false) => {
                let table = self.row_table();
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

    /// Whether the iota `s` counts along the kernel's columns (`true`) or its rows (`false`);
    /// none for a single value (every index 0); a diagnostic when its index is neither.
    fn axis(&self, s: &Selected) -> Result<Option<bool>, Diag> {
        let (m, space) = (self.src.m, self.src.space);
        let at = space.class(s.result);
        let o = m.op(s.root);
        let d = (o.attr("iota_dimension").and_then(|a| a.as_int())).unwrap_or(0) as usize;
        let shape = m.ty(o.results[0]).dims().unwrap_or_default();
        let n = shape.get(d).map_or(1, |&k| k as u64);
        // The elements between two steps of the index: 1 along the last dimension.
        let inner: u64 = shape.iter().skip(d + 1).map(|&k| k as u64).product();
        let along_cols = match at {
            Class::Scalar => return Ok(None),
            Class::Col => true,
            Class::Row => false,
            Class::Full => inner == 1,
        };
        let fits = match along_cols {
            true => inner == 1 && n == space.cols,
            false => n == space.rows && (at == Class::Row || inner == space.cols),
        };
        let rows_layout = matches!(self.phys, Physical::Rows { .. })
            && self.chunk.is_none()
            && space.strided.is_none();
        // The table of every tile's rows counts 128 rows a tile.
        let tabled = along_cols || space.tile == P || space.rows <= P;
        if rows_layout && fits && tabled {
            return Ok(Some(along_cols));
        }
        let why = match (rows_layout, tabled) {
            (true, true) => "its index is not the row or the column of the kernel's space",
            (true, false) => "the kernel's tiles are not 128 rows, which its table of rows counts",
            (false, _) => "the kernel's layout does not keep its rows in order on the partitions",
        };
        Err(Diag::new("lower::layout", o.span, "an iota this kernel cannot index").with_label(why))
    }

    /// The `[128, T]` fp32 table of the kernel's rows, tile `t`'s row `p` at `(p, t)`: an iota
    /// of `t + p / 128` scaled by 128 (both exact in fp32), set once before the loops.
    fn row_table(&mut self) -> BufId {
        if let Some(b) = self.row_table {
            return b;
        }
        let t = self.src.space.rows.div_ceil(P);
        let b = self.buffer(
            "rows".into(),
            Memory::Sbuf,
            Dtype::F32,
            vec![P, t],
            Role::Scratch,
        );
        self.row_table = Some(b);
        let whole = Ap::whole(b, &[P, t]);
        let fill = [
            ("dst", Arg::Ap(whole.clone())),
            ("offset", Arg::Float(0.0)),
            ("channel_multiplier", Arg::Float(1.0 / P as f64)),
        ];
        let scale = [
            ("dst", Arg::Ap(whole.clone())),
            ("data", Arg::Ap(whole)),
            ("op0", Arg::Alu(Alu::Multiply)),
            ("operand0", Arg::Float(P as f64)),
        ];
        self.k
            .body
            .push(Stmt::Inst(inst(Opcode::Iota, &fill, None)));
        self.k
            .body
            .push(Stmt::Inst(inst(Opcode::TensorScalar, &scale, None)));
        b
    }
}
