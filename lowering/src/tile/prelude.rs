//! The load prelude of the `columns` layout (003 §1.5): an input that varies along rows and
//! columns must arrive with its columns on the partitions, the transpose of its HBM order. For
//! at most 2048 columns nkilib's `contiguous_load_transpose` does it on chip: per 128 rows, one
//! contiguous `dma_copy` (rows on the partitions), then per 128 columns an `nc_transpose` on PE
//! into PSUM and a `tensor_copy` into the tile. Wider inputs keep the strided `dma_copy`, as
//! nkilib's default path does (lowering-anchors §3.1, `load_input_to_sbuf`).

use super::dot::segments;
use super::drain::looped;
use super::{inst, Builder, Physical, Tile, P};
use crate::nisa::spec::{Arg, Opcode};
use crate::nisa::{Affine, Ap, BufId, Dtype, LoopId, Memory, Role, Stmt};
use egfuse_diag::Span;

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
        let Physical::Columns { c1, tile: per } = self.phys else {
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
            let row = shifted(&tile.start, done as i64, chunk, P as i64);
            let mut stmts = vec![Stmt::Inst(inst(
                Opcode::DmaCopy,
                &[
                    (
                        "dst",
                        ap(stage, Affine::constant(0), &[(cols, n), (1, cols)]),
                    ),
                    (
                        "src",
                        ap(hbm, scaled(&row, cols as i64), &[(cols, n), (1, cols)]),
                    ),
                ],
                loc.clone(),
            ))];
            let column = (c1 > 1).then(|| self.counter());
            let j = shifted(&Affine::constant(0), 0, column, 1);
            let into = shifted(&j, (done * c1) as i64, chunk, (P * c1) as i64);
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

/// `a + by`, plus `step` per trip of `counter`.
fn shifted(a: &Affine, by: i64, counter: Option<LoopId>, step: i64) -> Affine {
    let mut terms = a.terms.clone();
    if let Some(c) = counter {
        terms.push((c, step));
        terms.sort_by_key(|(l, _)| *l);
    }
    Affine {
        base: a.base + by,
        terms,
    }
}

/// `a * k`.
fn scaled(a: &Affine, k: i64) -> Affine {
    Affine {
        base: a.base * k,
        terms: a.terms.iter().map(|(l, x)| (*l, x * k)).collect(),
    }
}

fn ap(buf: BufId, offset: Affine, dims: &[(u64, u64)]) -> Arg {
    Arg::Ap(Ap {
        buf,
        offset,
        dims: dims.iter().map(|&(s, n)| (s as i64, n)).collect(),
        span: Span::NONE,
    })
}
