//! Column chunks of the `rows` layout. A row wider than SBUF holds (a loss's softmax over a
//! 32,000-word vocabulary: 125 KiB of fp32 a partition per value) is built a chunk of columns
//! at a time: per tile of 128 rows, a loop over the chunks loads each chunk's inputs, computes
//! what varies along the columns, folds each reduce's chunk into its result and stores the
//! chunk's outputs. The first chunk's reduces write their results; later chunks reduce into a
//! partial and fold it in with the reduce's operator. A value along the columns computed from a
//! reduce of the kernel (a softmax's `exp(x - max)`) needs that reduce complete: it is computed
//! in a later pass over the chunks, which loads the inputs again and recomputes what it reads.
//! Row values computed from the reduces run between the passes.

use super::drain::looped;
use super::view::varies_by_row;
use super::{dot::segments, Builder, Physical, Source, Tile};
use crate::layout::Class;
use crate::select::{LArg, Selected};
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{Affine, BufId, LoopId, Stmt};
use rustc_hash::{FxHashMap, FxHashSet};

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
        match chunk {
            Some(k) => offset.plus(&k.col),
            None => offset,
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

/// Whether `src` can be built a column chunk at a time: nothing is computed along the columns
/// alone (a weight's transformation runs once, before the rows), no row value but a reduce
/// reads one along the columns, its chain of reduces needs at most [`PASSES`] passes, and its
/// values along the space are rows then columns in HBM (not `Strided`, none at an edge).
pub fn chunkable(src: &Source) -> bool {
    if src.space.strided.is_some() || src.space.has_edges() {
        return false;
    }
    let class = |v: ValueId| src.space.class(v);
    let shaped = src.insts.iter().all(|s| match class(s.result) {
        Class::Col => false,
        Class::Row if s.op != Opcode::TensorReduce => {
            reads(src, s).all(|x| !matches!(class(x), Class::Full | Class::Col))
        }
        _ => true,
    });
    shaped && passes(src).is_some()
}

/// The most passes over the columns a chunked kernel makes: a softmax makes three (the max,
/// the sum of the exponentials, the result), a LayerNorm's two-moment form two.
const PASSES: usize = 4;

/// The pass of each instruction (by index): a value along the columns is computed in the first
/// pass in which every row value it reads is complete, a reduce folds in the pass of its data
/// and its result is complete from the next pass, and a row value is computed before the pass
/// it belongs to. `None` past [`PASSES`].
pub(super) fn passes(src: &Source) -> Option<(Vec<usize>, usize)> {
    let mut ready: FxHashMap<ValueId, usize> = FxHashMap::default();
    let mut of = Vec::new();
    let mut count = 1;
    for s in src.insts {
        let p = reads(src, s)
            .map(|x| ready.get(&x).copied().unwrap_or(0))
            .max()
            .unwrap_or(0);
        of.push(p);
        let along = s.op == Opcode::TensorReduce || src.space.class(s.result) == Class::Full;
        if along {
            count = count.max(p + 1);
        }
        ready.insert(s.result, p + usize::from(s.op == Opcode::TensorReduce));
    }
    (count <= PASSES).then_some((of, count))
}

/// The instructions computing row values (other than reduces) whose pass `pass` accepts, given
/// each instruction's pass `of`.
pub(super) fn row_values<'a>(
    src: &'a Source,
    of: &[usize],
    pass: &dyn Fn(usize) -> bool,
) -> Vec<&'a Selected> {
    (src.insts.iter().zip(of))
        .filter(|(s, p)| {
            src.space.class(s.result) == Class::Row && s.op != Opcode::TensorReduce && pass(**p)
        })
        .map(|(s, _)| s)
        .collect()
}

/// The values instruction `s` reads, through the kernel's broadcasts and reshapes.
fn reads<'a>(src: &'a Source, s: &'a Selected) -> impl Iterator<Item = ValueId> + 'a {
    s.all_args().filter_map(|a| match a {
        LArg::Value(x) => Some(src.scope.base(src.m, *x)),
        _ => None,
    })
}

impl Builder<'_> {
    /// One tile of rows, built a column chunk at a time, in as many passes over the columns as
    /// its chain of reduces needs. Each pass recomputes, from the inputs, the values along the
    /// columns that its reduces and its outputs need.
    pub(super) fn chunked(&mut self, tile: &Tile, hbm_out: &[BufId]) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let class = |v: ValueId| src.space.class(v);
        let (of, count) = passes(src).expect("a chunkable kernel");
        let mut out = Vec::new();
        for (i, &v) in src.inputs.iter().enumerate() {
            if class(v) == Class::Row {
                self.load(&mut out, i, v, tile)?;
            }
        }
        let rows = |pass: &dyn Fn(usize) -> bool| row_values(src, &of, pass);
        for pass in 0..count {
            for s in rows(&|p| p == pass) {
                self.inst(&mut out, s, tile)?;
            }
            let sweep = self.sweep(&of, pass, count, hbm_out, tile)?;
            out.extend(sweep);
            if src.space.split {
                let reduces = src.insts.iter().zip(&of);
                for (s, _) in reduces.filter(|(s, p)| s.op == Opcode::TensorReduce && **p == pass) {
                    self.across(&mut out, s, tile, super::source::loc_of(src.m, s))?;
                }
            }
        }
        for s in rows(&|p| p >= count) {
            self.inst(&mut out, s, tile)?;
        }
        for (i, &v) in src.outputs.iter().enumerate() {
            if varies_by_row(class(v)) && !matches!(class(v), Class::Full | Class::Col) {
                self.store(&mut out, (hbm_out, i), tile)?;
            }
        }
        Ok(out)
    }

    /// Pass `pass` over the column chunks: the reduces that fold in it, the outputs along the
    /// columns it completes, and the values along the columns those read, from the inputs.
    fn sweep(
        &mut self,
        of: &[usize],
        pass: usize,
        count: usize,
        hbm_out: &[BufId],
        tile: &Tile,
    ) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let along = |v: ValueId| matches!(src.space.class(v), Class::Full | Class::Col);
        let Some(work) = Work::of(src, of, pass, count) else {
            return Ok(Vec::new());
        };
        let width = width(src).expect("a chunked kernel");
        let (mut out, mut done) = (Vec::new(), 0);
        for (n, (trips, w)) in parts(src.space.cols, width).into_iter().enumerate() {
            let counter = self.enter_chunk(n == 0, (trips, w), done);
            let mut body = Vec::new();
            for (i, &v) in src.inputs.iter().enumerate() {
                if along(v) && work.need.contains(&v) {
                    self.load(&mut body, i, v, tile)?;
                }
            }
            for s in &work.insts {
                self.inst(&mut body, s, tile)?;
            }
            for &i in &work.stored {
                self.store(&mut body, (hbm_out, i), tile)?;
            }
            out.extend(looped(counter, trips, body));
            done += trips * w;
        }
        self.phys = Physical::Rows { cols: width };
        self.chunk = None;
        Ok(out)
    }
}

/// The chunks of a row of `cols` columns, `width` at a time, as (trips, columns): the first
/// alone (its reduces write their results), then the rest, a loop per size.
pub(super) fn parts(cols: u64, width: u64) -> Vec<(u64, u64)> {
    let mut parts = vec![(1, width)];
    parts.extend(segments(cols - width, width));
    parts
}

impl Builder<'_> {
    /// Enters a chunk of `w` columns from column `done` (and `w` further per trip of the
    /// counter it returns when `trips` is above 1): the layout of its width, the chunk's place,
    /// and buffers of its own for the values along the columns.
    pub(super) fn enter_chunk(
        &mut self,
        first: bool,
        (trips, w): (u64, u64),
        done: u64,
    ) -> Option<LoopId> {
        let space = self.src.space;
        let counter = (trips > 1).then(|| self.counter());
        self.phys = Physical::Rows { cols: w };
        self.chunk = Some(Chunk {
            stride: space.cols,
            col: Affine {
                base: done as i64,
                terms: counter.map_or(vec![], |c| vec![(c, w as i64)]),
            },
            first,
        });
        // Each chunk has buffers of its own width along the columns.
        let along = |v: &ValueId| matches!(space.class(*v), Class::Full | Class::Col);
        self.tiles.retain(|v, _| !along(v));
        counter
    }
}

/// What one pass over the chunks does.
pub(super) struct Work<'a> {
    /// The outputs along the columns it stores (by index): those it computes, and an input
    /// returned as it is in the last pass.
    pub(super) stored: Vec<usize>,
    /// Its instructions in program order: its reduces, and the values along the columns that
    /// they and the stored outputs read.
    pub(super) insts: Vec<&'a Selected>,
    /// Every value along the columns it reads, inputs included.
    pub(super) need: FxHashSet<ValueId>,
}

impl<'a> Work<'a> {
    /// Pass `pass` of `count` given each instruction's pass `of`; `None` when it has nothing
    /// to do.
    pub(super) fn of(src: &'a Source, of: &[usize], pass: usize, count: usize) -> Option<Work<'a>> {
        let class = |v: ValueId| src.space.class(v);
        let along = |v: ValueId| matches!(class(v), Class::Full | Class::Col);
        let pass_of = |v: ValueId| {
            (src.insts.iter().zip(of))
                .find(|(s, _)| s.result == v)
                .map_or(count - 1, |(_, p)| *p)
        };
        let base = |i: usize| src.scope.base(src.m, src.outputs[i]);
        let stored: Vec<usize> = (0..src.outputs.len())
            .filter(|&i| along(src.outputs[i]) && pass_of(base(i)) == pass)
            .collect();
        let mut need: FxHashSet<ValueId> = stored.iter().map(|&i| base(i)).collect();
        let mut insts: Vec<&Selected> = Vec::new();
        for (s, p) in src.insts.iter().zip(of).rev() {
            let reduce = s.op == Opcode::TensorReduce && *p == pass;
            if reduce || (class(s.result) == Class::Full && need.contains(&s.result)) {
                need.extend(reads(src, s).filter(|&x| along(x)));
                insts.push(s);
            }
        }
        insts.reverse();
        (!insts.is_empty() || !stored.is_empty()).then_some(Work {
            stored,
            insts,
            need,
        })
    }
}
