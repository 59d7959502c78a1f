//! The load prelude of the `columns` layout (003 §1.5): an input that varies along rows and
//! columns must arrive with its columns on the partitions, the transpose of its HBM order. For
//! at most 2048 columns nkilib's `contiguous_load_transpose` does it on chip: per 128 rows, one
//! contiguous `dma_copy` (rows on the partitions), then per 128 columns an `nc_transpose` on PE
//! into PSUM and a `tensor_copy` into the tile. Wider inputs keep the strided `dma_copy`, as
//! nkilib's default path does (lowering-anchors §3.1, `load_input_to_sbuf`).

use super::dot::{segments, shifted};
use super::drain::looped;
use super::{inst, Builder, Physical, Tile, P};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, BufId, Dtype, Memory, Role, Stmt};

/// The most columns loaded by the on-chip transpose (nkilib's `_CONTIGUOUS_LOAD_H_THRESHOLD`).
pub(super) const CONTIGUOUS_LOAD_H: u64 = 2048;

impl Builder<'_> {
    /// Loads a tile of HBM input `hbm` (a `Full` value, `columns` layout) into `dst` through
    /// PE transposes. `dst` is `[128, tile, c1]`: partition `p` holds columns `p*c1 .. p*c1+c1`.
    pub(super) fn load_transposed(
        &mut self,
        out: &mut Vec<Stmt>,
        hbm: BufId,
        dst: BufId,
        tile: &Tile,
        loc: Option<String>,
    ) {
        let Physical::Columns { c1, tile: per, .. } = self.phys else {
            unreachable!("the prelude is the columns layout's");
        };
        let cols = c1 * P;
        let dtype = self.k.buffer(hbm).dtype;
        let stage = self.scratch("stage", dtype, cols);
        let name = format!("p{}_tp", self.k.buffers.len());
        let pt = self.buffer(name, Memory::Psum, Dtype::F32, vec![P, P], Role::Scratch);
        let mut done = 0;
        for (count, n) in segments(tile.size, P) {
            let chunk = (count > 1).then(|| self.counter());
            let row = shifted(&tile.start, done as i64, chunk.map(|c| (c, P as i64)));
            let mut stmts = vec![Stmt::Inst(inst(
                Opcode::DmaCopy,
                &[
                    (
                        "dst",
                        ap(stage, Affine::constant(0), &[(cols, n), (1, cols)]),
                    ),
                    (
                        "src",
                        ap(hbm, row.scaled(cols as i64), &[(cols, n), (1, cols)]),
                    ),
                ],
                loc.clone(),
            ))];
            let column = (c1 > 1).then(|| self.counter());
            let j = shifted(&Affine::constant(0), 0, column.map(|c| (c, 1)));
            let into = shifted(&j, (done * c1) as i64, chunk.map(|c| (c, (P * c1) as i64)));
            let steps = vec![
                Stmt::Inst(inst(
                    Opcode::NcTranspose,
                    &[
                        ("dst", ap(pt, Affine::constant(0), &[(P, P), (1, n)])),
                        ("data", ap(stage, j, &[(cols, n), (c1, P)])),
                    ],
                    loc.clone(),
                )),
                Stmt::Inst(inst(
                    Opcode::TensorCopy,
                    &[
                        ("dst", ap(dst, into, &[(per * c1, P), (c1, n)])),
                        ("src", ap(pt, Affine::constant(0), &[(P, P), (1, n)])),
                    ],
                    loc.clone(),
                )),
            ];
            stmts.extend(looped(column, c1, steps));
            out.extend(looped(chunk, count, stmts));
            done += count * n;
        }
    }
}

/// An access pattern of `buf` as an argument, its pairs given unsigned.
fn ap(buf: BufId, offset: Affine, dims: &[(u64, u64)]) -> Arg {
    let dims = dims.iter().map(|&(s, n)| (s as i64, n)).collect();
    Arg::Ap(super::drain::strided(buf, offset, dims))
}
