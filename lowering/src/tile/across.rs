//! A reduce over every element of a large tensor, spread over the partitions
//! ([`Space::split`](crate::layout::Space)): each partition has reduced its 1/128 of the
//! elements into one partial; this combines the 128 partials and leaves the result on every
//! partition, where the rest of the kernel reads it. A sum is one `nc_matmul` against the ones
//! matrix into PSUM (003 §1.1, row 4). Any other operator transposes the partials onto one
//! partition's free axis (`nc_transpose` on PE), reduces them there (`tensor_reduce`), and
//! broadcasts the result back to the partitions by an `nc_matmul` of a ones row.

use super::{inst, Builder, Tile, P};
use crate::layout::Class;
use crate::select::Selected;
use egfuse_diag::Diag;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Dtype, Memory, Role, Stmt};

impl Builder<'_> {
    /// Combines the partials of reduce `s` across the partitions, in place.
    pub(super) fn across(
        &mut self,
        out: &mut Vec<Stmt>,
        s: &Selected,
        tile: &Tile,
        loc: Option<String>,
    ) -> Result<(), Diag> {
        let op = super::reduce::operator(s);
        let span = self.src.m.op(s.root).span;
        let result = self.tile_of(s.result, Memory::Sbuf)?;
        let row = self.src.physical.view(result, Class::Row, Class::Row, tile);
        let ones = self.ones();
        let psum = self.psum("p{}_all", vec![P, 1]);
        let mut emit = |op: Opcode, args: &[(&str, Arg)]| {
            out.push(Stmt::Inst(inst(op, args, loc.clone()).at(span)));
        };
        let moving = if op == Alu::Add {
            row.clone()
        } else {
            let across = self.psum("p{}_t", vec![P, P]);
            let one = self.buffer(
                format!("t{}_one", self.k.buffers.len()),
                Memory::Sbuf,
                self.k.buffer(result).dtype,
                vec![P, 1],
                Role::Scratch,
            );
            let flat = view(across, &[(P, 1), (1, P)]);
            emit(
                Opcode::NcTranspose,
                &[
                    ("dst", Arg::Ap(flat.clone())),
                    ("data", Arg::Ap(row.clone())),
                ],
            );
            emit(
                Opcode::TensorReduce,
                &[
                    ("dst", Arg::Ap(view(one, &[(1, 1), (1, 1)]))),
                    ("op", Arg::Alu(op)),
                    ("data", Arg::Ap(flat)),
                    ("axis", Arg::Axes(vec![1])),
                ],
            );
            view(one, &[(1, 1), (1, 1)])
        };
        // ones[K, 128].T @ moving[K, 1]: the sum of the partials (K = 128), or the one
        // combined value (K = 1), on every partition.
        let k = moving.partitions();
        emit(
            Opcode::NcMatmul,
            &[
                ("dst", Arg::Ap(view(psum, &[(1, P), (1, 1)]))),
                ("stationary", Arg::Ap(view(ones, &[(P, k), (1, P)]))),
                ("moving", Arg::Ap(moving)),
            ],
        );
        emit(
            Opcode::TensorCopy,
            &[
                ("dst", Arg::Ap(row)),
                ("src", Arg::Ap(view(psum, &[(1, P), (1, 1)]))),
            ],
        );
        Ok(())
    }

    /// A PSUM scratch buffer, its name `stem` with the buffer's number.
    fn psum(&mut self, stem: &str, shape: Vec<u64>) -> BufId {
        let name = stem.replace("{}", &self.k.buffers.len().to_string());
        self.buffer(name, Memory::Psum, Dtype::F32, shape, Role::Scratch)
    }
}

/// The view of `buf` from its first element, its pairs given unsigned.
fn view(buf: BufId, dims: &[(u64, u64)]) -> Ap {
    let dims = dims.iter().map(|&(s, n)| (s as i64, n)).collect();
    super::drain::strided(buf, Affine::constant(0), dims)
}
