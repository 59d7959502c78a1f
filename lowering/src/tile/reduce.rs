//! Reduces in the tile pass: over the free axis in the `rows` layout, and in `columns` per
//! partition and then across the partitions by an `nc_matmul` against a ones matrix into PSUM,
//! which leaves every row's sum on all 128 partitions (003 §1.1, row 4).

use super::{inst, Builder, Physical, Tile, P};
use crate::layout::Class;
use crate::select::{LArg, Selected};
use egfuse_diag::{Diag, Span};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, Dtype, Memory, Role, Stmt};

impl Builder<'_> {
    /// A reduce over the columns: on the free axis (`Rows`), or per partition and then across
    /// the partitions by the ones-matmul (`Columns`).
    pub(super) fn reduce(
        &mut self,
        out: &mut Vec<Stmt>,
        s: &Selected,
        tile: &Tile,
        loc: Option<String>,
    ) -> Result<(), Diag> {
        let op = operator(s);
        let Some(Some(LArg::Value(x))) = s.args.get(2) else {
            return Err(
                Diag::new("lower::internal", Span::NONE, "a reduce without data")
                    .with_label("select gave no data"),
            );
        };
        let (xb, xc) = self.source(*x)?;
        let data = self.phys.view(xb, xc, Class::Full, tile);
        match self.phys {
            Physical::Rows { .. } => {
                let span = self.src.m.op(s.root).span;
                let result = self.tile_of(s.result, Memory::Sbuf)?;
                let row = |b| self.src.physical.view(b, Class::Row, Class::Row, tile);
                // A column chunk after the first reduces into a partial, folded into the result.
                let later = self.chunk.as_ref().is_some_and(|c| !c.first);
                let dst_buf = if later {
                    self.scratch("part", self.k.buffer(result).dtype, 1)
                } else {
                    result
                };
                let args = [
                    ("dst", Arg::Ap(row(dst_buf))),
                    ("op", Arg::Alu(op)),
                    ("data", Arg::Ap(data)),
                    ("axis", Arg::Axes(vec![1])),
                ];
                out.push(Stmt::Inst(
                    inst(Opcode::TensorReduce, &args, loc.clone()).at(span),
                ));
                if later {
                    let fold = [
                        ("dst", Arg::Ap(row(result))),
                        ("data1", Arg::Ap(row(result))),
                        ("data2", Arg::Ap(row(dst_buf))),
                        ("op", Arg::Alu(op)),
                    ];
                    out.push(Stmt::Inst(
                        inst(Opcode::TensorTensor, &fold, loc.clone()).at(span),
                    ));
                }
                if self.src.space.split && self.chunk.is_none() {
                    self.across(out, s, tile, loc)?;
                }
            }
            Physical::Columns { .. } => self.partition_sum(out, s, tile, op, data, loc)?,
        }
        Ok(())
    }

    /// A sum over the partitioned columns (`Columns`): per partition by `tensor_reduce`, then
    /// across the partitions by an `nc_matmul` against the ones matrix into PSUM, which leaves
    /// every row's sum on all 128 partitions (003 §1.1, row 4).
    fn partition_sum(
        &mut self,
        out: &mut Vec<Stmt>,
        s: &Selected,
        tile: &Tile,
        op: Alu,
        data: Ap,
        loc: Option<String>,
    ) -> Result<(), Diag> {
        let t = self.phys.shape(Class::Row)[1];
        let partial = match self.partials.get(&s.result) {
            Some(&b) => b,
            None => {
                let name = format!("t{}_part", self.k.buffers.len());
                let b = self.buffer(name, Memory::Sbuf, Dtype::F32, vec![P, t], Role::Scratch);
                self.partials.insert(s.result, b);
                b
            }
        };
        let pv = self
            .src
            .physical
            .view(partial, Class::Row, Class::Row, tile);
        let args = [
            ("dst", Arg::Ap(pv.clone())),
            ("op", Arg::Alu(op)),
            ("data", Arg::Ap(data)),
            ("axis", Arg::Axes(vec![2])),
        ];
        let span = self.src.m.op(s.root).span;
        out.push(Stmt::Inst(
            inst(Opcode::TensorReduce, &args, loc.clone()).at(span),
        ));
        let ones = self.ones();
        let sum = self.tile_of(s.result, Memory::Psum)?;
        let dst = self.phys.view(sum, Class::Row, Class::Row, tile);
        let args = [
            ("dst", Arg::Ap(dst)),
            ("stationary", Arg::Ap(Ap::whole(ones, &[P, P]))),
            ("moving", Arg::Ap(pv)),
        ];
        out.push(Stmt::Inst(inst(Opcode::NcMatmul, &args, loc).at(span)));
        Ok(())
    }
}

/// The operator of a selected `tensor_reduce` (a sum when the rule names none).
pub(super) fn operator(s: &Selected) -> Alu {
    match s.args.get(1) {
        Some(Some(LArg::Alu(op))) => *op,
        _ => Alu::Add,
    }
}
