//! The HBM side of a tile: which inputs it reads, their loads by DMA at the top of the tile
//! (through the `columns` layout's transposed prelude where it applies) and the stores of its
//! results at its end.

use super::source::loc_of_arg;
use super::view::varies_by_row;
use super::{inst, prelude, Builder, Order, Physical, Tile, P};
use crate::edge::Read;
use crate::layout::{Class, Strided};
use crate::select::LArg;
use egfuse_diag::{Diag, Span};
use egfuse_ir::ValueId;
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Kernel, LoopId, Memory, Stmt};

impl Builder<'_> {
    /// Whether an instruction or an output reads input `v`, through views or directly.
    pub(super) fn read(&self, v: ValueId) -> bool {
        let base = |x: ValueId| self.src.scope.base(self.src.m, x);
        let args = self.src.insts.iter().flat_map(|s| s.all_args());
        let reads = args.filter_map(|a| match a {
            LArg::Value(x) => Some(*x),
            _ => None,
        });
        let splat = |x: ValueId| self.src.scope.splat(self.src.m, x).is_some();
        reads
            .chain(self.src.outputs.iter().copied())
            .any(|x| !splat(x) && base(x) == v)
    }

    pub(super) fn load(
        &mut self,
        out: &mut Vec<Stmt>,
        i: usize,
        v: ValueId,
        tile: &Tile,
    ) -> Result<(), Diag> {
        // An op that reads one value twice (`multiply %x, %x`) has an input for each read:
        // the first one loads it.
        if !self.read(v) || self.src.inputs[..i].contains(&v) {
            return Ok(());
        }
        let c = self.src.space.class(v);
        let t = self.tile_of(v, Memory::Sbuf)?;
        if let (Physical::Columns { c1, order, .. }, Class::Full) = (self.phys, c) {
            // The prelude's transposes take each partition's columns as one run.
            if c1 * P <= prelude::CONTIGUOUS_LOAD_H && order == Order::Blocked {
                let loc = loc_of_arg(self.src.m, v);
                self.load_transposed(out, self.hbm_in[i], t, tile, loc);
                return Ok(());
            }
        }
        let dst = self.phys.view(t, c, c, tile);
        let elements: u64 = crate::tensor::dims(self.src.m, v).iter().product();
        let src = match (&self.src.space.strided, c) {
            // A weight along reduced dimensions that are not trailing, broadcast along the rows
            // outside the kernel: its first row, through the space's column runs.
            (Some(g), Class::Col) if elements > self.src.space.cols => {
                let mut dims = vec![(0, P)];
                dims.extend(g.cols.iter().copied());
                super::drain::strided(self.hbm_in[i], Affine::constant(g.offset), dims)
            }
            _ => self.hbm_view(self.hbm_in[i], c, tile, false),
        };
        out.push(Stmt::Inst(inst(
            Opcode::DmaCopy,
            &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
            loc_of_arg(self.src.m, v),
        )));
        Ok(())
    }

    /// Loads the value `r` a chain of views of an input gives, through the pattern of its
    /// place; a single element onto every partition, as a scalar input loads.
    pub(super) fn load_read(
        &mut self,
        out: &mut Vec<Stmt>,
        r: &Read,
        tile: &Tile,
    ) -> Result<(), Diag> {
        let t = self.tile_of(r.value, Memory::Sbuf)?;
        let place = &self.src.space.loads[&r.value];
        let (dst, src) = match self.src.space.class(r.value) {
            Class::Scalar => {
                let mut src = self.hbm_view(self.hbm_in[r.input], Class::Scalar, tile, false);
                src.offset = Affine::constant(place.offset);
                (self.phys.view(t, Class::Scalar, Class::Scalar, tile), src)
            }
            _ => (
                self.phys.view(t, Class::Full, Class::Full, tile),
                strided(self.hbm_in[r.input], place, tile),
            ),
        };
        let loc = loc_of_arg(self.src.m, self.src.inputs[r.input]);
        out.push(Stmt::Inst(inst(
            Opcode::DmaCopy,
            &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
            loc,
        )));
        Ok(())
    }

    /// Stores computed output `i` to its result's HBM tensor (of `hbm`), through the pattern
    /// of its place when views at the kernel's edge write it.
    pub(super) fn store(
        &mut self,
        out: &mut Vec<Stmt>,
        (hbm, i): (&[BufId], usize),
        tile: &Tile,
    ) -> Result<(), Diag> {
        let (w, v) = (&self.src.writes[i], self.src.outputs[i]);
        if let Some(qz) = self.src.quantize {
            return self.quantize(out, (hbm, qz), v, tile);
        }
        let hbm = hbm[w.output];
        let c = self.src.space.class(v);
        let (buf, of) = self.source(v)?;
        let mut src = self.phys.view(buf, of, c, tile);
        let split = c == Class::Row && self.src.space.split;
        if c == Class::Row && matches!(self.phys, Physical::Columns { .. }) {
            // Every partition holds the row sums; partition 0's go out.
            src.dims[0].1 = 1;
        } else if !varies_by_row(c) || split {
            src.dims[0].1 = 1;
        }
        let mut dst = match self.src.space.stores.get(i).and_then(Option::as_ref) {
            Some(g) if c == Class::Scalar => {
                super::drain::strided(hbm, Affine::constant(g.offset), vec![(1, 1)])
            }
            Some(g) => strided(hbm, g, tile),
            None => self.hbm_view(hbm, c, tile, true),
        };
        if split {
            // Every partition holds the one combined value.
            dst.dims = vec![(1, 1), (1, 1)];
            dst.offset = Affine::constant(0);
        }
        let dma = Stmt::Inst(inst(
            Opcode::DmaCopy,
            &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
            None,
        ));
        out.push(repeated(&mut self.k, dma, &w.repeats));
        Ok(())
    }

    /// The HBM view of a tile of a value of class `c` held in `buf`: the layout's, or for a
    /// value along the whole space of a reduce over dimensions that are not trailing, the
    /// space's runs (`Strided`).
    fn hbm_view(&self, buf: BufId, c: Class, tile: &Tile, store: bool) -> Ap {
        match (&self.src.space.strided, c) {
            (Some(g), Class::Full) => strided(buf, g, tile),
            _ => (self.phys).hbm_view(buf, c, tile, store, self.chunk.as_ref()),
        }
    }
}

/// The rows of `tile` and all the columns of a value placed by `g`. A tile holds whole inner
/// row runs and part of one run (the space's rows a tile are a multiple of the inner runs'
/// periods: [`crate::layout::Space::tile`]), and each loop counter of its first row moves
/// within one run, so the HBM offset is affine in the counters: a row `r` of a constant is at
/// its digits in the runs' sizes times their strides, and a counter's step `s` is `s / q` steps
/// of the outermost run whose period `q` is at most `s`.
fn strided(buf: BufId, g: &Strided, tile: &Tile) -> Ap {
    let periods = crate::layout::periods(g);
    let mut dims = match periods.iter().position(|&q| q <= tile.size) {
        Some(j) => {
            let mut rows = vec![(g.rows[j].0, tile.size / periods[j])];
            rows.extend(g.rows[j + 1..].iter().copied());
            rows
        }
        None => vec![(1, tile.size)],
    };
    dims.extend(g.cols.iter().copied());
    let at = |row: i64| -> i64 {
        (g.rows.iter().zip(&periods))
            .map(|(&(stride, size), &q)| row / q as i64 % size as i64 * stride)
            .sum()
    };
    let step = |s: i64| -> i64 {
        (g.rows.iter().zip(&periods))
            .find(|(_, &q)| q as i64 <= s)
            .map_or(0, |(&(stride, _), &q)| s / q as i64 * stride)
    };
    let offset = Affine {
        base: g.offset + at(tile.start.base),
        terms: (tile.start.terms.iter())
            .map(|&(c, s)| (c, step(s)))
            .filter(|&(_, s)| s != 0)
            .collect(),
    };
    super::drain::strided(buf, offset, dims)
}

/// `dma` once per element of the runs `repeats` (a broadcast at a kernel's edge writes the same
/// elements to each of its places), in a loop per run whose counter shifts the destination.
fn repeated(k: &mut Kernel, mut dma: Stmt, repeats: &[(i64, u64)]) -> Stmt {
    let counters: Vec<LoopId> = (repeats.iter())
        .map(|_| {
            let counter = LoopId(k.loops.len() as u32);
            k.loops.push(format!("r{}", counter.0));
            counter
        })
        .collect();
    if let Stmt::Inst(i) = &mut dma {
        if let Some(Some(Arg::Ap(dst))) = i.args.first_mut() {
            let terms = (counters.iter().zip(repeats))
                .map(|(&c, r)| (c, r.0))
                .collect();
            dst.offset = dst.offset.plus(&Affine { base: 0, terms });
        }
    }
    for (&counter, &(_, count)) in counters.iter().zip(repeats).rev() {
        dma = Stmt::Loop {
            counter,
            count,
            body: vec![dma],
            span: Span::NONE,
        };
    }
    dma
}
