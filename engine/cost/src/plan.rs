//! The cost of a finished module under the target's model, one ruler for every fusion plan.
//!
//! Each function body (composite decompositions excepted) is walked in order. A fused op, an
//! `mhlo.fusion` with a `FusionKind` or a `neuron.<Kind>` composite with its decomposition, is
//! one cluster of its body ops ([`Target::cluster_cost`]: its operands as live-ins, its results
//! as live-outs); any other op, a composite of another name included, costs what it costs alone
//! ([`Target::op_cost`]). The bodies of control flow (`while`,
//! `if`, `case`) are walked too, each op once (loop trip counts are unknown, so a loop body is
//! costed as one iteration); the regions of other ops (a reduce's reducer, a sort's comparator)
//! are part of that op's own cost. The result is a [`Bill`]: the model's total, and beside it
//! the bytes moved through HBM and the cycles of each engine, so that plans can be compared
//! part by part.

use super::{Cost, Engine, OpShape, Target, Traffic, Work};
use egfuse_diag::Span;
use egfuse_ir::{Attr, BlockId, Module, OpId, RegionId, Type};
use rustc_hash::FxHashMap;
use std::ops::{Add, AddAssign};

/// What a program, or a part of it, costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bill {
    /// Bytes moved between HBM and the core: the operands and results of unfused ops, the
    /// live-ins and live-outs of fused ones, and the constants a fused body loads.
    pub hbm_bytes: u64,
    /// Cycles on each engine (in [`Engine::ALL`] order), each at its own clock.
    pub cycles: [u64; 4],
    /// Kernels launched: one per unfused computing op and one per fused op.
    pub kernels: u64,
    /// The model's cost: launches, transfers and compute added serially.
    pub total: Cost,
}

impl Bill {
    /// The cycles on `engine`.
    pub fn cycles_on(&self, engine: Engine) -> u64 {
        self.cycles[engine_index(engine)]
    }

    /// An op run on its own.
    pub fn op(target: &Target, shape: &OpShape) -> Bill {
        let total = target.op_cost(shape);
        if total == Cost::ZERO {
            return Bill::default();
        }
        let mut bill = Bill {
            hbm_bytes: shape.reads.bytes.saturating_add(shape.writes.bytes),
            kernels: 1,
            total,
            ..Bill::default()
        };
        bill.add_compute(target, &shape.work);
        bill
    }

    /// A fused cluster with live-ins `ins`, live-outs `outs` and body ops `body`.
    pub fn cluster(target: &Target, ins: Traffic, outs: Traffic, body: &[OpShape]) -> Bill {
        let mut bill = Bill {
            hbm_bytes: ins.bytes.saturating_add(outs.bytes),
            kernels: 1,
            total: target.cluster_cost(ins, outs, body),
            ..Bill::default()
        };
        for shape in body {
            bill.add_compute(target, &shape.work);
        }
        bill
    }

    /// The engine cycles of `work`, or the bytes of a constant it loads.
    fn add_compute(&mut self, target: &Target, work: &Work) {
        if let Work::Constant { bytes } = *work {
            self.hbm_bytes = self.hbm_bytes.saturating_add(bytes);
        }
        if let Some((engine, cycles)) = target.compute_cycles(work) {
            let slot = &mut self.cycles[engine_index(engine)];
            *slot = slot.saturating_add(u64::try_from(cycles).unwrap_or(u64::MAX));
        }
    }
}

fn engine_index(engine: Engine) -> usize {
    Engine::ALL.iter().position(|&e| e == engine).unwrap_or(0)
}

impl Add for Bill {
    type Output = Bill;
    fn add(mut self, rhs: Bill) -> Bill {
        self += rhs;
        self
    }
}

impl AddAssign for Bill {
    fn add_assign(&mut self, rhs: Bill) {
        self.hbm_bytes = self.hbm_bytes.saturating_add(rhs.hbm_bytes);
        for (a, b) in self.cycles.iter_mut().zip(rhs.cycles) {
            *a = a.saturating_add(b);
        }
        self.kernels = self.kernels.saturating_add(rhs.kernels);
        self.total += rhs.total;
    }
}

/// One fused op of a finished module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fusion {
    /// `FusionKind` of an `mhlo.fusion`, `<Kind>` of a `neuron.<Kind>` composite.
    pub kind: String,
    /// The fused op.
    pub op: OpId,
    /// Where the root op (the one computing the first result) was read from; for a root a
    /// rewrite built, the last body op that was read from the input; [`Span::NONE`] if none.
    pub root: Span,
    /// How many ops the body holds (its terminator excluded).
    pub ops: usize,
    /// The block it sits in, as [`egfuse_ir::blocks::name_of`] names it (`main`, or
    /// `main/while#1 body` inside a loop).
    pub block: String,
}

/// The cost of one function and the fusions in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncBill {
    /// The function's symbol name.
    pub name: String,
    pub bill: Bill,
    /// Its fused ops, in program order (nested control flow included).
    pub fusions: Vec<Fusion>,
}

/// The cost of every function of `m` that is not a composite decomposition, in module order.
pub fn module_bill(target: &Target, m: &Module) -> Vec<FuncBill> {
    let symbols = egfuse_ir::fused::functions(m);
    let cx = Walk {
        target,
        m,
        symbols: &symbols,
    };
    let mut out = Vec::new();
    for op in m.walk() {
        let o = m.op(op);
        if &*o.name != "func.func" || o.attr("noDelete").is_some() {
            continue;
        }
        let name = o
            .attr("sym_name")
            .and_then(Attr::as_str)
            .unwrap_or_default();
        let mut f = FuncBill {
            name,
            bill: Bill::default(),
            fusions: Vec::new(),
        };
        for &region in &o.regions {
            cx.region(region, &mut f);
        }
        out.push(f);
    }
    out
}

/// Ops whose regions run as part of the program rather than inside the op's own kernel.
const CONTROL: &[&str] = &["while", "if", "case"];

struct Walk<'a> {
    target: &'a Target,
    m: &'a Module,
    symbols: &'a FxHashMap<String, RegionId>,
}

impl Walk<'_> {
    fn region(&self, region: RegionId, f: &mut FuncBill) {
        for &block in &self.m.region(region).blocks {
            for &op in &self.m.block(block).ops {
                self.op(op, f);
            }
        }
    }

    fn op(&self, op: OpId, f: &mut FuncBill) {
        let o = self.m.op(op);
        if let Some((kind, body)) = self.fused(op) {
            let ins = Traffic::of(self.target, self.reads(op, body));
            let outs = Traffic::of(self.target, o.results.iter().map(|&v| self.m.ty(v)));
            let ops = body.map_or(Vec::new(), |b| self.m.block(b).ops.clone());
            let shapes: Vec<OpShape> = (ops.iter())
                .map(|&b| OpShape::of(self.target, self.m, b))
                .collect();
            f.bill += Bill::cluster(self.target, ins, outs, &shapes);
            f.fusions.push(Fusion {
                kind,
                op,
                root: body.map_or(Span::NONE, |b| root_span(self.m, b)),
                ops: ops.len().saturating_sub(1),
                block: egfuse_ir::blocks::name_of(self.m, op),
            });
            return;
        }
        f.bill += Bill::op(self.target, &OpShape::of(self.target, self.m, op));
        let stem = o.name.rsplit('.').next().unwrap_or_default();
        if matches!(o.dialect(), "stablehlo" | "mhlo") && CONTROL.contains(&stem) {
            for &region in &o.regions {
                self.region(region, f);
            }
        }
    }

    /// The types a fused op reads its operands as: an operand its body reads only through
    /// slices is read as those windows (a DMA's access pattern loads no more), any other whole.
    fn reads(&self, op: OpId, body: Option<BlockId>) -> Vec<&Type> {
        let m = self.m;
        let operands = &m.op(op).operands;
        let args = body.map_or(&[][..], |b| &m.block(b).args[..]);
        let mut out = Vec::with_capacity(operands.len());
        for (k, &v) in operands.iter().enumerate() {
            let uses = args.get(k).map_or(&[][..], |&a| &m.value(a).uses[..]);
            let sliced =
                !uses.is_empty() && (uses.iter()).all(|u| &*m.op(u.op).name == "stablehlo.slice");
            match sliced {
                true => out.extend(uses.iter().map(|u| m.ty(m.op(u.op).results[0]))),
                false => out.push(m.ty(v)),
            }
        }
        out
    }

    /// For a fused op of egfuse's: its kind and the block holding its body.
    fn fused(&self, op: OpId) -> Option<(String, Option<BlockId>)> {
        let (kind, region) = egfuse_ir::fused::fused(self.m, op, self.symbols)?;
        Some((
            kind,
            region.and_then(|r| self.m.region(r).blocks.first().copied()),
        ))
    }
}

/// The source position of a fused body's root: the op defining the terminator's first operand,
/// or, when a pass built that op, the last body op that was read from the input.
fn root_span(m: &Module, body: BlockId) -> Span {
    let ops = &m.block(body).ops;
    let root = (ops.last())
        .and_then(|&t| m.op(t).operands.first())
        .and_then(|&v| m.defining_op(v))
        .map(|op| m.op(op).span)
        .filter(|s| !s.is_none());
    root.or_else(|| {
        (ops.iter().rev())
            .map(|&op| m.op(op).span)
            .find(|s| !s.is_none())
    })
    .unwrap_or(Span::NONE)
}
