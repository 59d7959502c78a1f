//! The `device` pass: the device program of the module's entry function, built from its ops
//! once every kernel has lowered. Each kernel becomes a call on HBM tensors; a constant or a
//! folded value a call reads becomes a constant tensor; a barrier or a bitcast names its
//! operand's bytes; a call of a private function runs its body's steps; and `while`, `case` and
//! `if` become the sequencer's control flow, each body's kernels called once per trip.
//!
//! A loop's carried values live in HBM in place: one tensor per carried value, which the
//! condition and the body read, and which the body's kernel writes directly when nothing reads
//! the old value after it; a value the body yields unchanged needs no step at all. Only what
//! cannot be written in place is copied at the end of a trip. The tensors are placed last
//! (`egfuse_nisa::device::place`).

use crate::fold::Folded;
use crate::lowered::Lowered;
use crate::tensor::{dims, dtype};
use egfuse_diag::Diag;
use egfuse_ir::{Attr, BlockId, Module, OpId, RegionId, ValueId};
use egfuse_nisa::device::{map_tensors, place, Device, Origin, Step, Tensor, TensorId};
use rustc_hash::{FxHashMap, FxHashSet};

mod control;

/// A device program and what its constant tensors hold.
#[derive(Clone, Debug)]
pub struct Built {
    pub device: Device,
    /// The value each constant tensor holds, in declaration order.
    pub consts: Vec<ValueId>,
    /// The function it runs.
    pub func: OpId,
}

/// Calls nest at most this deep (StableHLO has no recursion; hostile text may).
const MAX_DEPTH: usize = 64;

/// The device program of `m`'s entry function (`main`, or its one public function), whose
/// kernels are `kernels`; a diagnostic at the first op no step can run.
pub fn build(
    m: &Module,
    kernels: &[Lowered],
    folded: &Folded,
    funcs: &FxHashMap<String, RegionId>,
) -> Result<Built, Diag> {
    let func = entry(m).ok_or_else(|| {
        // Located at the module (the file's first top-level op), never at no place.
        let at = m.block(m.top).ops.first().map(|&o| m.op(o).span);
        Diag::new(
            "lower::device",
            at.unwrap_or(egfuse_diag::Span::NONE),
            "no entry function",
        )
        .with_label("a device program runs `main` or the one public function")
        .with_help("name the entry function `main`, or leave one function public")
    })?;
    let mut b = Builder {
        m,
        kernels: kernels.iter().map(|l| (l.op, l)).collect(),
        folded,
        funcs,
        tensors: Vec::new(),
        consts: Vec::new(),
        at: FxHashMap::default(),
        shared: FxHashSet::default(),
    };
    let block = body_of(m, m.op(func).regions[0], m.op(func).span)?;
    for (n, &a) in m.block(block).args.iter().enumerate() {
        let t = b.tensor(a, Origin::Input(n as u32), format!("arg{n}"))?;
        b.at.insert(a, t);
    }
    let mut body = Vec::new();
    let results = b.block(block, &mut body, 0)?;
    let mut device = pruned(Device {
        name: m
            .op(func)
            .attr("sym_name")
            .and_then(Attr::as_str)
            .unwrap_or_default(),
        tensors: b.tensors,
        body,
        results,
        span: m.op(func).span,
    });
    place::place(&mut device);
    Ok(Built {
        device,
        consts: b.consts,
        func,
    })
}

/// The one block of `region`, the body a step runs; a diagnostic at `span` for a region with
/// none (a function declared, not defined).
fn body_of(m: &Module, region: RegionId, span: egfuse_diag::Span) -> Result<BlockId, Diag> {
    m.region(region).blocks.first().copied().ok_or_else(|| {
        Diag::new(
            "lower::device",
            span,
            "a region with no block has no steps to run",
        )
        .with_label("here")
    })
}

/// `main`, else the module's only public function.
pub fn entry(m: &Module) -> Option<OpId> {
    let funcs: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == "func.func" && !m.op(o).regions.is_empty())
        .collect();
    let name = |o: OpId| m.op(o).attr("sym_name").and_then(Attr::as_str);
    let public = |o: &&OpId| m.op(**o).attr("sym_visibility").is_none();
    (funcs.iter().find(|&&o| name(o).as_deref() == Some("main")))
        .or_else(
            || match funcs.iter().filter(public).collect::<Vec<_>>()[..] {
                [one] => Some(one),
                _ => None,
            },
        )
        .copied()
}

struct Builder<'a> {
    m: &'a Module,
    kernels: FxHashMap<OpId, &'a Lowered>,
    folded: &'a Folded,
    funcs: &'a FxHashMap<String, RegionId>,
    tensors: Vec<Tensor>,
    consts: Vec<ValueId>,
    /// The tensor holding each value the steps so far have computed.
    at: FxHashMap<ValueId, TensorId>,
    /// Tensors that hold more than one value (a barrier's result is its operand): never
    /// written in place.
    shared: FxHashSet<TensorId>,
}

impl Builder<'_> {
    /// A new tensor of `v`'s type.
    fn tensor(&mut self, v: ValueId, origin: Origin, name: String) -> Result<TensorId, Diag> {
        let id = TensorId(self.tensors.len() as u32);
        self.tensors.push(Tensor {
            name,
            dtype: dtype(self.m, v)?,
            shape: dims(self.m, v),
            origin,
            offset: None,
            span: self
                .m
                .defining_op(v)
                .map_or(egfuse_diag::Span::NONE, |o| self.m.op(o).span),
        });
        Ok(id)
    }

    fn temp(&mut self, v: ValueId) -> Result<TensorId, Diag> {
        let name = format!("t{}", self.tensors.len());
        self.tensor(v, Origin::Temp, name)
    }

    /// The tensor holding `v`: one a step wrote, or a constant tensor made for it.
    fn value(&mut self, v: ValueId) -> Result<TensorId, Diag> {
        if let Some(&t) = self.at.get(&v) {
            return Ok(t);
        }
        if !self.folded.value(v) {
            let op = self.m.defining_op(v);
            let span = op.map_or(egfuse_diag::Span::NONE, |o| self.m.op(o).span);
            let name = op.map_or("a block argument".into(), |o| {
                format!("`{}`", self.m.op(o).name)
            });
            return Err(Diag::new(
                "lower::device",
                span,
                format!("{name} has no kernel, so the device program cannot run it"),
            )
            .with_label("no step computes this value"));
        }
        let name = format!("c{}", self.consts.len());
        let t = self.tensor(v, Origin::Const, name)?;
        self.consts.push(v);
        self.at.insert(v, t);
        Ok(t)
    }

    /// The steps of `block`'s ops into `out`; the tensors its terminator yields.
    fn block(
        &mut self,
        block: BlockId,
        out: &mut Vec<Step>,
        depth: usize,
    ) -> Result<Vec<TensorId>, Diag> {
        let m = self.m;
        let ops = &m.block(block).ops;
        let Some((&term, inner)) = ops.split_last() else {
            return Ok(Vec::new());
        };
        for &op in inner {
            self.op(op, out, depth)?;
        }
        let yielded = m.op(term).operands.clone();
        yielded.into_iter().map(|v| self.value(v)).collect()
    }

    fn op(&mut self, op: OpId, out: &mut Vec<Step>, depth: usize) -> Result<(), Diag> {
        let m = self.m;
        let o = m.op(op);
        if let Some(l) = self.kernels.get(&op).copied() {
            let args = (l.bound.iter())
                .map(|&i| self.value(l.sources[i]))
                .collect::<Result<_, _>>()?;
            let results = (o.results.iter())
                .map(|&r| self.defines(r))
                .collect::<Result<_, _>>()?;
            out.push(Step::Call {
                kernel: l.kernel.name.clone(),
                args,
                results,
                span: l.kernel.span,
            });
            return Ok(());
        }
        // A folded op's results become constant tensors where a step reads them.
        if !o.results.is_empty() && o.results.iter().all(|&r| self.folded.value(r)) {
            return Ok(());
        }
        match &*o.name {
            "stablehlo.optimization_barrier" | "mhlo.optimization_barrier" => {
                for (&r, &a) in o.results.iter().zip(&o.operands) {
                    let t = self.value(a)?;
                    self.shared.insert(t);
                    self.at.insert(r, t);
                }
                Ok(())
            }
            "stablehlo.bitcast_convert" | "stablehlo.reshape" => {
                let base = self.value(o.operands[0])?;
                let base = match self.tensors[base.0 as usize].origin {
                    Origin::Alias(b) => b,
                    _ => base,
                };
                let name = format!("t{}", self.tensors.len());
                let t = self.tensor(o.results[0], Origin::Alias(base), name)?;
                self.shared.insert(base);
                self.at.insert(o.results[0], t);
                Ok(())
            }
            "func.call" | "stablehlo.composite" => self.call(op, out, depth),
            "stablehlo.while" | "mhlo.while" => self.while_loop(op, out, depth),
            "stablehlo.case" | "mhlo.case" | "stablehlo.if" | "mhlo.if" => {
                self.switch(op, out, depth)
            }
            _ => Err(Diag::new(
                "lower::device",
                o.span,
                format!(
                    "`{}` has no kernel, so the device program cannot run it",
                    o.name
                ),
            )
            .with_label("not lowered")),
        }
    }

    /// A new temporary tensor for the result `r`, which the next step writes.
    fn defines(&mut self, r: ValueId) -> Result<TensorId, Diag> {
        let t = self.temp(r)?;
        self.at.insert(r, t);
        Ok(t)
    }

    /// A call of a private function or a composite's decomposition: its body's steps, its
    /// arguments the call's operands' tensors.
    fn call(&mut self, op: OpId, out: &mut Vec<Step>, depth: usize) -> Result<(), Diag> {
        let m = self.m;
        let o = m.op(op);
        let attr = if &*o.name == "func.call" {
            "callee"
        } else {
            "decomposition"
        };
        let callee = match o.attr(attr) {
            Some(Attr::SymbolRef(parts)) => parts.last().map(|p| egfuse_ir::parse::unquote(p)),
            _ => None,
        };
        let region = callee.as_deref().and_then(|c| self.funcs.get(c).copied());
        let too_deep = depth >= MAX_DEPTH;
        let (Some(region), false) = (region, too_deep) else {
            let why = if too_deep {
                "calls nest too deeply"
            } else {
                "no function to call"
            };
            return Err(Diag::new("lower::device", o.span, why).with_label("this call"));
        };
        let Some(&block) = m.region(region).blocks.first() else {
            let name = callee.unwrap_or_default();
            let why = format!("`@{name}` is a declaration: the device program has no steps for it");
            return Err(Diag::new("lower::device", o.span, why)
                .with_label("a call of a function with no body"));
        };
        for (&a, &v) in m.block(block).args.iter().zip(&o.operands) {
            let t = self.value(v)?;
            self.at.insert(a, t);
            self.shared.insert(t);
        }
        let results = self.block(block, out, depth + 1)?;
        for (&r, t) in o.results.iter().zip(results) {
            self.at.insert(r, t);
            self.shared.insert(t);
        }
        Ok(())
    }
}

/// `d` without the temporaries no step touches (those written in place of another), the
/// others renumbered in order; inputs and constants stay.
fn pruned(mut d: Device) -> Device {
    let mut used: Vec<bool> = (d.tensors.iter())
        .map(|t| matches!(t.origin, Origin::Input(_) | Origin::Const))
        .collect();
    map_tensors(&mut d.body, &mut |t| used[t.0 as usize] = true);
    d.results.iter().for_each(|t| used[t.0 as usize] = true);
    let bases: Vec<usize> = (d.tensors.iter().enumerate())
        .filter_map(|(n, t)| match t.origin {
            Origin::Alias(b) if used[n] => Some(b.0 as usize),
            _ => None,
        })
        .collect();
    bases.into_iter().for_each(|b| used[b] = true);
    let mut new = vec![TensorId(u32::MAX); d.tensors.len()];
    let mut kept = Vec::new();
    for (n, t) in std::mem::take(&mut d.tensors).into_iter().enumerate() {
        if used[n] {
            new[n] = TensorId(kept.len() as u32);
            kept.push(t);
        }
    }
    let mut temps = 0;
    for t in &mut kept {
        if let Origin::Alias(b) = &mut t.origin {
            *b = new[b.0 as usize];
        }
        if matches!(t.origin, Origin::Alias(_) | Origin::Temp) {
            t.name = format!("t{temps}");
            temps += 1;
        }
    }
    map_tensors(&mut d.body, &mut |t| *t = new[t.0 as usize]);
    d.results.iter_mut().for_each(|t| *t = new[t.0 as usize]);
    d.tensors = kept;
    d
}
