//! Column chunks of the `rows` layout. A row wider than SBUF holds (a loss's softmax over a
//! 32,000-word vocabulary: 125 KiB of fp32 a partition per value) is built a chunk of columns
//! at a time: per tile of 128 rows, a loop over the chunks loads each chunk's inputs, computes
//! what varies along the columns, folds each reduce's chunk into its result and stores the
//! chunk's outputs; what is computed from the reduces runs after the loop. The first chunk's
//! reduces write their results; later chunks reduce into a partial and fold it in with the
//! reduce's operator. That is one pass over the columns, so a kernel qualifies only when no
//! value along the columns is computed from one of its reduces.

use super::drain::looped;
use super::view::varies_by_row;
use super::{dot::segments, Builder, Physical, Source, Tile};
use crate::layout::Class;
use crate::nisa::spec::Opcode;
use crate::nisa::{Affine, BufId, Stmt};
use crate::select::LArg;
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use rustc_hash::FxHashSet;

/// The column chunk being built.
#[derive(Clone, Debug)]
pub(crate) struct Chunk {
    /// A row's length in HBM.
    pub(crate) stride: u64,
    /// The chunk's first column.
    pub(crate) col: Affine,
    /// Whether it is the first chunk, whose reduces write their results.
    pub(crate) first: bool,
}

impl Chunk {
    /// `offset` moved to the chunk's first column (unchanged outside a chunk).
    pub(crate) fn shift(chunk: Option<&Chunk>, offset: Affine) -> Affine {
        let Some(k) = chunk else { return offset };
        let mut terms = offset.terms;
        for &(l, x) in &k.col.terms {
            match terms.iter_mut().find(|(m, _)| *m == l) {
                Some((_, y)) => *y += x,
                None => terms.push((l, x)),
            }
        }
        terms.retain(|(_, x)| *x != 0);
        terms.sort_by_key(|(l, _)| *l);
        Affine {
            base: offset.base + k.col.base,
            terms,
        }
    }
}

/// The columns a chunk of `src` holds, when its rows are built in chunks: the `rows` layout
/// with fewer columns on chip than a row has.
pub(super) fn width(src: &Source) -> Option<u64> {
    match src.physical {
        Physical::Rows { cols } if cols < src.space.cols => Some(cols),
        _ => None,
    }
}

/// Whether `src` can be built a column chunk at a time: in one pass over the columns, so no
/// value along the columns reads a reduce of the kernel (a softmax's `exp(x - max)` needs a
/// second pass), no row value but a reduce reads one along the columns, and nothing is
/// computed along the columns alone (a weight's transformation runs once, before the rows);
/// and its values along the space are rows then columns in HBM (not `Strided`).
pub fn chunkable(src: &Source) -> bool {
    if src.space.strided.is_some() {
        return false;
    }
    let class = |v: ValueId| src.space.class(v);
    let reduced: FxHashSet<ValueId> = (src.insts.iter())
        .filter(|s| class(s.result) == Class::Row)
        .map(|s| s.result)
        .collect();
    src.insts.iter().all(|s| {
        let mut reads = s.all_args().filter_map(|a| match a {
            LArg::Value(x) => Some(src.scope.base(src.m, *x)),
            _ => None,
        });
        match class(s.result) {
            Class::Col => false,
            Class::Full => reads.all(|x| !reduced.contains(&x)),
            Class::Row if s.op == Opcode::TensorReduce => true,
            Class::Row => reads.all(|x| !matches!(class(x), Class::Full | Class::Col)),
            Class::Scalar => true,
        }
    })
}

impl Builder<'_> {
    /// One tile of rows, built a column chunk at a time.
    pub(super) fn chunked(&mut self, tile: &Tile, hbm_out: &[BufId]) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let class = |v: ValueId| src.space.class(v);
        let along = |v: ValueId| matches!(class(v), Class::Full | Class::Col);
        let width = width(src).expect("a chunked kernel");
        let mut out = Vec::new();
        for (i, &v) in src.inputs.iter().enumerate() {
            if class(v) == Class::Row {
                self.load(&mut out, i, v, tile)?;
            }
        }
        let mut parts = vec![(1, width)];
        parts.extend(segments(src.space.cols - width, width));
        let mut done = 0;
        for (n, (count, w)) in parts.into_iter().enumerate() {
            let counter = (count > 1).then(|| self.counter());
            let terms = counter.map_or(vec![], |c| vec![(c, w as i64)]);
            self.phys = Physical::Rows { cols: w };
            self.chunk = Some(Chunk {
                stride: src.space.cols,
                col: Affine {
                    base: done as i64,
                    terms,
                },
                first: n == 0,
            });
            // Each chunk has buffers of its own width along the columns.
            self.tiles.retain(|v, _| !along(*v));
            let mut body = Vec::new();
            for (i, &v) in src.inputs.iter().enumerate() {
                if along(v) {
                    self.load(&mut body, i, v, tile)?;
                }
            }
            for s in src.insts.iter() {
                if class(s.result) == Class::Full || s.op == Opcode::TensorReduce {
                    self.inst(&mut body, s, tile)?;
                }
            }
            for (i, &v) in src.outputs.iter().enumerate() {
                if along(v) {
                    self.store(&mut body, hbm_out[i], v, tile)?;
                }
            }
            out.extend(looped(counter, count, body));
            done += count * w;
        }
        self.phys = Physical::Rows { cols: width };
        self.chunk = None;
        if src.space.split {
            for s in src.insts.iter().filter(|s| s.op == Opcode::TensorReduce) {
                self.across(&mut out, s, tile, super::source::loc_of(src.m, s))?;
            }
        }
        for s in src.insts.iter() {
            if class(s.result) == Class::Row && s.op != Opcode::TensorReduce {
                self.inst(&mut out, s, tile)?;
            }
        }
        for (i, &v) in src.outputs.iter().enumerate() {
            if varies_by_row(class(v)) && !along(v) {
                self.store(&mut out, hbm_out[i], v, tile)?;
            }
        }
        Ok(out)
    }
}
