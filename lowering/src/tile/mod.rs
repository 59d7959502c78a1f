//! The tile pass: a kernel's selected instructions, laid out by its [`Space`], become a nisa
//! program of tile loops. Inputs come in by DMA at the top of each tile and results go out at
//! its end; values along the columns only (weights) and single values load once, before the
//! loops, and instructions that compute only such values run there too. A row count that the
//! tile does not divide gets a remainder tile after the loop, never a wrong answer.
//!
//! `Rows`: 128 rows on the partitions, each row's `C` columns on the free axis; a reduce is a
//! free-axis `tensor_reduce`. `Columns` (003 §1.4): the columns on the partitions as
//! 128 x C/128, `T` rows on the free axis; a sum is a `tensor_reduce` over each partition's
//! part and an `nc_matmul` against a ones matrix into PSUM, which leaves every row's sum on
//! all 128 partitions (003 §1.1, row 4).

mod across;
mod act_reduce;
mod attention;
mod bias;
mod chunk;
mod conv;
mod convert;
mod dot;
mod dot_rows;
mod drain;
mod io;
mod iota;
mod online;
mod prelude;
mod pv;
mod quantize;
mod recip;
mod reduce;
mod resident;
mod runs;
mod scale;
pub(crate) mod scaled;
mod source;
mod view;

use crate::edge::{Read, Write};
use crate::layout::{Class, Space};
use crate::mx_rule::Quantize;
use crate::select::{LArg, Scope, Selected};
use crate::tensor::dtype;
pub use chunk::chunkable;
pub(crate) use dot::numbers;
use egfuse_cost::Target;
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, ValueId};
use egfuse_nisa::spec::{Arg, Kind, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Buffer, Dtype, Inst, Kernel, LoopId, Memory, Role, Stmt};
pub use pv::{pv, Pv};
use rustc_hash::FxHashMap;
use source::loc_of;
use view::varies_by_row;
pub use view::Order;

/// The partitions of the target.
pub(crate) const P: u64 = 128;

/// How the space maps onto partitions and the free axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Physical {
    Rows { cols: u64 },
    Columns { c1: u64, tile: u64, order: Order },
}

/// What the tile pass lowers: one kernel's body, selected and laid out.
pub struct Source<'a> {
    pub m: &'a Module,
    pub scope: &'a Scope,
    pub name: String,
    pub kind: String,
    pub loc: Option<String>,
    /// The source text of the kernel's op.
    pub span: Span,
    /// The kernel's arguments, each an HBM tensor.
    pub inputs: &'a [ValueId],
    /// The values views of an argument give at the kernel's edge, loaded through them.
    pub reads: &'a [Read],
    /// The kernel's results, each an HBM tensor.
    pub results: &'a [ValueId],
    /// The values the kernel computes for its results, each stored where its write says (to
    /// the HBM tensor of a result, through views at its edge when `space.stores` has it): one
    /// per result, or one per piece of a result a concatenate at the edge joins.
    pub outputs: &'a [ValueId],
    pub writes: &'a [Write],
    pub insts: &'a [Selected],
    pub space: &'a Space,
    pub physical: Physical,
    /// The `P V` matmul of an Attention kernel, which its other instructions' result (the
    /// probabilities) feeds ([`attention`]).
    pub pv: Option<&'a Pv>,
    /// The MX quantize of an MxRmsNorm kernel's one output, which the tile quantizes with
    /// `quantize_mx` in place of storing it ([`quantize`]).
    pub quantize: Option<&'a Quantize>,
}

/// One tile: its first row and its number of rows.
#[derive(Clone, Debug)]
pub(crate) struct Tile {
    pub(crate) start: Affine,
    pub(crate) size: u64,
}

struct Builder<'a> {
    src: &'a Source<'a>,
    /// The layout instructions are placed in: the source's, or a matmul tile's.
    phys: Physical,
    k: Kernel,
    hbm_in: Vec<BufId>,
    tiles: FxHashMap<ValueId, BufId>,
    consts: Vec<((u64, Dtype), BufId)>,
    ones: Option<BufId>,
    /// Each reduce's per-partition partial sums (`Columns`), shared by all its tiles.
    partials: FxHashMap<ValueId, BufId>,
    /// The column chunk being built (`Rows` with rows wider than a chunk), if any.
    chunk: Option<chunk::Chunk>,
    /// The tables of a function of every tile's row indices, `(row / every) mod period` by
    /// `(every, period)`, each made for the first iota along the rows that needs it.
    row_tables: FxHashMap<(u64, u64), BufId>,
    /// The `P V` step each bank of keys ends with, in an Attention kernel's tile.
    flash: Option<attention::Flash>,
    /// The block of the moving operand the current N tile's matmuls read, when it is kept.
    resident: Option<resident::Resident>,
}

/// Builds the kernel of `src`, then folds what one instruction can do for two: a subtract into
/// its activation's bias, an activation and its row sum into one `activation_reduce`, float
/// copies into their one reader or writer (a widening one into all its readers), a positive
/// scale into the maxima and activations that read it. The copies fold once their activation
/// has taken its sum (the sum read the activation's result too), and before the scales (a bf16
/// drain sits between a matmul and its scale). Last, a divide by a value per row becomes a reciprocal and a multiply where the
/// target's costs say that is faster, so it sees the operands the folds left it.
pub fn build(src: &Source, target: &Target) -> Result<Kernel, Diag> {
    let mut k = tiles(src)?;
    bias::fold(&mut k);
    act_reduce::merge(&mut k);
    convert::fold(&mut k);
    scale::fold(&mut k);
    recip::split(&mut k, target);
    Ok(k)
}

/// The kernel of `src`, instruction by instruction.
fn tiles(src: &Source) -> Result<Kernel, Diag> {
    let mut b = Builder {
        src,
        phys: src.physical,
        k: Kernel {
            name: src.name.clone(),
            kind: src.kind.clone(),
            loc: src.loc.clone(),
            buffers: Vec::new(),
            loops: Vec::new(),
            body: Vec::new(),
            span: src.span,
        },
        hbm_in: Vec::new(),
        tiles: FxHashMap::default(),
        consts: Vec::new(),
        ones: None,
        partials: FxHashMap::default(),
        chunk: None,
        row_tables: FxHashMap::default(),
        flash: None,
        resident: None,
    };
    for (i, &v) in src.inputs.iter().enumerate() {
        let id = b.hbm(format!("in{i}"), v, Role::Input)?;
        b.hbm_in.push(id);
    }
    let hbm_out: Vec<BufId> = (src.results.iter().enumerate())
        .map(|(i, &v)| b.hbm(format!("out{i}"), v, Role::Output))
        .collect::<Result<_, _>>()?;
    if let Some(dot) = src.insts.iter().find(|s| s.op == Opcode::NcMatmul) {
        let plan = dot::Plan::of(src.m, dot.root, &b.operands(dot)?)?;
        let body = match src.pv {
            Some(pv) => b.attention(dot, &plan, pv, &hbm_out)?,
            None => b.dot(dot, &plan, &hbm_out)?,
        };
        b.k.body.extend(body);
        return Ok(b.k);
    }
    let chunked = chunk::width(src).is_some();
    let mut prologue = Vec::new();
    for (i, &v) in src.inputs.iter().enumerate() {
        let c = src.space.class(v);
        if c == Class::Scalar || (c == Class::Col && !chunked) {
            b.load(
                &mut prologue,
                i,
                v,
                &Tile {
                    start: Affine::constant(0),
                    size: P,
                },
            )?;
        }
    }
    let whole = Tile {
        start: Affine::constant(0),
        size: P,
    };
    for r in (src.reads.iter()).filter(|r| !varies_by_row(src.space.class(r.value))) {
        b.load_read(&mut prologue, r, &whole)?;
    }
    for s in src
        .insts
        .iter()
        .filter(|s| !varies_by_row(src.space.class(s.result)))
    {
        b.inst(
            &mut prologue,
            s,
            &Tile {
                start: Affine::constant(0),
                size: P,
            },
        )?;
    }
    let mut body = Vec::new();
    for (count, size) in b.tiling() {
        let tile_stmts = |b: &mut Builder, start: Affine| -> Result<Vec<Stmt>, Diag> {
            let tile = Tile { start, size };
            // Each tile body has buffers of its own for the values that vary by row: its
            // lifetimes then stay inside it, and placement reuses bytes across bodies.
            let space = src.space;
            b.tiles.retain(|v, _| !varies_by_row(space.class(*v)));
            b.partials.clear();
            if chunked {
                return b.chunked(&tile, &hbm_out);
            }
            let mut out = Vec::new();
            for (i, &v) in src.inputs.iter().enumerate() {
                if varies_by_row(src.space.class(v)) {
                    b.load(&mut out, i, v, &tile)?;
                }
            }
            for r in (src.reads.iter()).filter(|r| varies_by_row(space.class(r.value))) {
                b.load_read(&mut out, r, &tile)?;
            }
            for s in src
                .insts
                .iter()
                .filter(|s| varies_by_row(src.space.class(s.result)))
            {
                b.inst(&mut out, s, &tile)?;
            }
            for (i, &v) in src.outputs.iter().enumerate() {
                if varies_by_row(src.space.class(v)) {
                    b.store(&mut out, (&hbm_out, i), &tile)?;
                }
            }
            Ok(out)
        };
        let done = body_rows(&body);
        if !src.space.nest.is_empty() && matches!(b.phys, Physical::Rows { .. }) {
            let (start, wrap) = b.nest(&src.space.nest);
            let stmts = tile_stmts(&mut b, start)?;
            body.push((src.space.rows, wrap(stmts)));
            break;
        }
        if count == 1 {
            let stmts = tile_stmts(&mut b, Affine::constant(done as i64))?;
            body.push((size, stmts));
        } else {
            let counter = LoopId(b.k.loops.len() as u32);
            b.k.loops.push(format!("r{}", counter.0));
            let start = Affine {
                base: done as i64,
                terms: vec![(counter, size as i64)],
            };
            let stmts = tile_stmts(&mut b, start)?;
            body.push((
                size * count,
                vec![Stmt::Loop {
                    counter,
                    count,
                    body: stmts,
                    span: Span::NONE,
                }],
            ));
        }
    }
    let mut epilogue = Vec::new();
    for (i, &v) in src.outputs.iter().enumerate() {
        if !varies_by_row(src.space.class(v)) {
            b.store(
                &mut epilogue,
                (&hbm_out, i),
                &Tile {
                    start: Affine::constant(0),
                    size: P,
                },
            )?;
        }
    }
    let mut all = std::mem::take(&mut b.k.body);
    all.extend(prologue);
    all.extend(body.into_iter().flat_map(|(_, s)| s));
    all.extend(epilogue);
    b.k.body = all;
    Ok(b.k)
}

fn body_rows(done: &[(u64, Vec<Stmt>)]) -> u64 {
    done.iter().map(|(rows, _)| rows).sum()
}

impl Builder<'_> {
    /// The first row of a tile of a nest of loops `nest` ([`crate::layout::Space::nest`]), and
    /// what wraps a tile's statements in those loops.
    fn nest(&mut self, nest: &[(u64, u64)]) -> (Affine, impl FnOnce(Vec<Stmt>) -> Vec<Stmt>) {
        let loops: Vec<(LoopId, u64)> = (nest.iter())
            .map(|&(trips, _)| (self.counter(), trips))
            .collect();
        let terms = (loops.iter().zip(nest))
            .map(|(&(c, _), &(_, step))| (c, step as i64))
            .collect();
        let wrap = move |mut body: Vec<Stmt>| {
            for &(counter, count) in loops.iter().rev() {
                body = vec![Stmt::Loop {
                    counter,
                    count,
                    body,
                    span: Span::NONE,
                }];
            }
            body
        };
        (Affine { base: 0, terms }, wrap)
    }

    /// The row tiles: (how many, rows each), the full tiles then the remainder.
    fn tiling(&self) -> Vec<(u64, u64)> {
        let per = match self.phys {
            Physical::Rows { .. } => self.src.space.tile,
            Physical::Columns { tile, .. } => tile,
        };
        dot::segments(self.src.space.rows, per)
    }

    fn buffer(
        &mut self,
        name: String,
        memory: Memory,
        dtype: Dtype,
        shape: Vec<u64>,
        role: Role,
    ) -> BufId {
        let id = BufId(self.k.buffers.len() as u32);
        self.k.buffers.push(Buffer {
            name,
            memory,
            dtype,
            shape,
            role,
            offset: None,
            span: Span::NONE,
        });
        id
    }

    fn hbm(&mut self, name: String, v: ValueId, role: Role) -> Result<BufId, Diag> {
        let dtype = dtype(self.src.m, v)?;
        if self
            .src
            .m
            .ty(v)
            .dims()
            .is_some_and(|d| d.contains(&egfuse_ir::DYNAMIC))
        {
            let span = self
                .src
                .m
                .defining_op(v)
                .map_or(Span::NONE, |o| self.src.m.op(o).span);
            return Err(
                Diag::new("lower::dynamic", span, "a tensor with a `?` dimension")
                    .with_label("tiles need static shapes")
                    .with_help("export with static shapes, or refine them before lowering"),
            );
        }
        let n = self
            .src
            .m
            .ty(v)
            .as_tensor()
            .and_then(|t| t.num_elements())
            .unwrap_or(1)
            .max(1);
        Ok(self.buffer(name, Memory::Hbm, dtype, vec![n], role))
    }

    /// The on-chip buffer of value `v`, made on first use.
    fn tile_of(&mut self, v: ValueId, memory: Memory) -> Result<BufId, Diag> {
        if let Some(&b) = self.tiles.get(&v) {
            return Ok(b);
        }
        let d = dtype(self.src.m, v)?;
        let shape = self.phys.shape(self.src.space.class(v));
        let name = format!(
            "{}{}",
            if memory == Memory::Psum { "p" } else { "t" },
            self.k.buffers.len()
        );
        let b = self.buffer(
            name,
            memory,
            if memory == Memory::Psum {
                Dtype::F32
            } else {
                d
            },
            shape,
            Role::Scratch,
        );
        self.tiles.insert(v, b);
        Ok(b)
    }

    /// A `[128, 1]` tile of `dtype` holding `value`, set once before the loops. Integers keep
    /// their own dtype: an fp32 tile would round those above 2^24.
    fn constant(&mut self, value: f64, dtype: Dtype) -> BufId {
        let key = (value.to_bits(), dtype);
        if let Some(&(_, b)) = self.consts.iter().find(|(k, _)| *k == key) {
            return b;
        }
        let b = self.buffer(
            format!("c{}", self.consts.len()),
            Memory::Sbuf,
            dtype,
            vec![P, 1],
            Role::Scratch,
        );
        self.consts.push((key, b));
        let whole = Ap::whole(b, &[P, 1]);
        self.k.body.push(Stmt::Inst(inst(
            Opcode::Memset,
            &[("dst", Arg::Ap(whole)), ("value", Arg::Float(value))],
            None,
        )));
        b
    }

    /// The `[128, 128]` ones matrix of the partition sums.
    fn ones(&mut self) -> BufId {
        if let Some(b) = self.ones {
            return b;
        }
        let b = self.buffer(
            "ones".into(),
            Memory::Sbuf,
            Dtype::F32,
            vec![P, P],
            Role::Scratch,
        );
        self.ones = Some(b);
        let whole = Ap::whole(b, &[P, P]);
        self.k.body.push(Stmt::Inst(inst(
            Opcode::Memset,
            &[("dst", Arg::Ap(whole)), ("value", Arg::Float(1.0))],
            None,
        )));
        b
    }

    /// Where `v`'s values are: the buffer and class of what it views.
    fn source(&mut self, v: ValueId) -> Result<(BufId, Class), Diag> {
        let m = self.src.m;
        let mut at = v;
        loop {
            if let Some(c) = self.src.scope.splat(m, at) {
                let d = match dtype(m, at)? {
                    d if d.is_int() => d,
                    _ => Dtype::F32,
                };
                return Ok((self.constant(c, d), Class::Scalar));
            }
            match self.src.scope.view(m, at) {
                Some(x) => at = x,
                None => break,
            }
        }
        let class = self.src.space.class(at);
        match self.tiles.get(&at) {
            Some(&b) => Ok((b, class)),
            None => {
                let span = m.defining_op(at).map_or(self.src.span, |o| m.op(o).span);
                Err(Diag::new(
                    "lower::internal",
                    span,
                    "a value is read before it is computed",
                )
                .with_label("the tile pass has no tile for this value here"))
            }
        }
    }

    fn inst(&mut self, out: &mut Vec<Stmt>, s: &Selected, tile: &Tile) -> Result<(), Diag> {
        let m = self.src.m;
        let at = self.src.space.class(s.result);
        let loc = loc_of(m, s);
        if s.op == Opcode::TensorReduce {
            return self.reduce(out, s, tile, loc);
        }
        if s.op == Opcode::Iota {
            return self.iota(out, s, tile, loc);
        }
        let dst_buf = self.tile_of(s.result, Memory::Sbuf)?;
        let dst = self.phys.view(dst_buf, at, at, tile);
        if let Some(Some(LArg::Value(start))) = s.args.first() {
            // The rule gives the value dst starts as; the op then writes some of it.
            let (buf, of) = self.source(*start)?;
            let from = self.phys.view(buf, of, at, tile);
            let copy = [("dst", Arg::Ap(dst.clone())), ("src", Arg::Ap(from))];
            out.push(Stmt::Inst(
                inst(Opcode::TensorCopy, &copy, loc.clone()).at(m.op(s.root).span),
            ));
        }
        let span = m.op(s.root).span;
        let steps = std::iter::once((s.op, &s.args)).chain(s.then.iter().map(|(o, a)| (*o, a)));
        for (op, given) in steps {
            let args = self.args(s, op, given, &dst, at, tile)?;
            out.push(Stmt::Inst(Inst {
                op,
                args,
                engine: None,
                loc: loc.clone(),
                span,
            }));
        }
        Ok(())
    }

    /// The physical arguments of one instruction of `s` (its own or a `then` step's), writing
    /// `dst`, a view at class `at` of this tile.
    fn args(
        &mut self,
        s: &Selected,
        op: Opcode,
        given: &[Option<LArg>],
        dst: &Ap,
        at: Class,
        tile: &Tile,
    ) -> Result<Vec<Option<Arg>>, Diag> {
        let m = self.src.m;
        let spec = op.spec();
        let parts = dst.partitions();
        let mut args: Vec<Option<Arg>> = vec![None; spec.params.len()];
        args[0] = Some(Arg::Ap(dst.clone()));
        for (n, a) in given.iter().enumerate().skip(1) {
            let Some(a) = a else { continue };
            let p = spec.params[n];
            args[n] = Some(match (a, p.kind) {
                (LArg::Dst, _) => Arg::Ap(dst.clone()),
                (LArg::Value(x), Kind::Scalar) => {
                    let (buf, of) = self.source(*x)?;
                    if of != Class::Scalar
                        && !(of == Class::Row && matches!(self.phys, Physical::Rows { .. }))
                    {
                        return Err(Diag::new(
                            "lower::layout",
                            m.op(s.root).span,
                            format!(
                                "`{}`'s {} is not one value per partition in this layout",
                                spec.name, p.name
                            ),
                        )
                        .with_label("a per-partition operand"));
                    }
                    Arg::Ap(Ap {
                        buf,
                        offset: Affine::constant(0),
                        dims: vec![(1, parts), (1, 1)],
                        span: Span::NONE,
                    })
                }
                (LArg::Value(x), _) => {
                    let (buf, of) = self.source(*x)?;
                    Arg::Ap(self.phys.view(buf, of, at, tile))
                }
                (LArg::Float(v), Kind::Scalar) if p.name == "bias" => {
                    let c = self.constant(*v, Dtype::F32);
                    Arg::Ap(Ap {
                        buf: c,
                        offset: Affine::constant(0),
                        dims: vec![(1, parts), (1, 1)],
                        span: Span::NONE,
                    })
                }
                (LArg::Float(v), Kind::Scalar) if (*v as f32) as f64 != *v => {
                    // Immediates are fp32: a value fp32 cannot hold is read from a tile of the
                    // result's dtype (an integer above 2^24 stays exact).
                    let d = self.k.buffer(dst.buf).dtype;
                    let c = self.constant(*v, if d.is_int() { d } else { Dtype::F32 });
                    Arg::Ap(Ap {
                        buf: c,
                        offset: Affine::constant(0),
                        dims: vec![(1, parts), (1, 1)],
                        span: Span::NONE,
                    })
                }
                (LArg::Float(v), _) => Arg::Float(*v),
                (LArg::Alu(x), _) => Arg::Alu(*x),
                (LArg::Func(f), _) => Arg::Func(*f),
                (LArg::Flag(b), _) => Arg::Flag(*b),
            });
        }
        Ok(args)
    }
}

/// An instruction from `(keyword, argument)` pairs.
fn inst(op: Opcode, given: &[(&str, Arg)], loc: Option<String>) -> Inst {
    let spec = op.spec();
    let mut args = vec![None; spec.params.len()];
    for (k, a) in given {
        if let Some(n) = op.param(k) {
            args[n] = Some(a.clone());
        }
    }
    Inst {
        op,
        args,
        engine: None,
        loc,
        span: Span::NONE,
    }
}
