//! What an MxGateUp kernel computes, read from its body as the builder needs it: two MX
//! matmuls of one input, each by its own weights; an epilogue of elementwise steps over their
//! results (a bias per column, clamps, an activation, their product), each step one
//! instruction; and the MX quantize of the epilogue's last value along its columns.
//!
//! The epilogue is read op by op, not matched as one spelling: each op of the body between the
//! two matmuls and the quantize becomes a step on tiles (`slots`), and two exact laws then merge
//! steps: `x * logistic(x)` is one SiLU activation, and two steps of a scalar each are one
//! `tensor_scalar` of two ALU ops, a clamp `min(max(x, lo), hi)` reordered as
//! `max(min(x, hi), lo)` (equal for `lo <= hi`, NaN included), the seed's `min` then `max`.
//!
//! Invariant: a plan's steps, run in order on the two matmuls' fp32 results, compute the value
//! the module quantizes, up to the rounding of fp32 steps merged into one instruction.

use crate::edge::{forward, row_major};
use crate::mx_matmul::{side, Side};
use crate::mx_rule::Quantize;
use crate::site::Site;
use crate::tensor::{dims, dtype};
use egfuse_ir::facts::splat_value;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::mx::BLOCK;
use egfuse_nisa::spec::{Alu, Func};
use egfuse_nisa::Dtype;
use rustc_hash::{FxHashMap, FxHashSet};

/// The kind of the kernels this form builds.
pub const KIND: &str = "MxGateUp";

/// An MxGateUp kernel as the builder lays it out.
#[derive(Clone, Debug)]
pub(crate) struct GateUp {
    /// The input both matmuls read: the moving side, its free extent the tokens.
    pub x: Side,
    /// Each matmul's weights: the stationary side, its free extent the columns.
    pub weights: [Side; 2],
    /// The contraction's length, a whole number of blocks.
    pub k: u64,
    /// The epilogue; slots 0 and 1 are the two matmuls' results, slot `2 + n` step `n`'s.
    pub steps: Vec<Option<Step>>,
    /// Each slot's element type.
    pub types: Vec<Dtype>,
    /// The slot the quantize reads.
    pub last: usize,
    pub biases: Vec<Bias>,
    pub quantize: Quantize,
}

/// A vector along the columns, read from an input and repeated along the tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bias {
    pub input: usize,
    pub offset: i64,
    pub stride: i64,
}

/// One instruction of the epilogue, reading slots.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step {
    /// `tensor_scalar`: up to two ALU ops with immediates, each reversed or not.
    Scalar {
        src: usize,
        ops: Vec<(Alu, f64, bool)>,
    },
    /// `tensor_tensor` of a slot and a bias.
    Bias {
        src: usize,
        bias: usize,
        op: Alu,
        reverse: bool,
    },
    /// `tensor_tensor` of two slots.
    Tensor { a: usize, b: usize, op: Alu },
    /// `activation`.
    Act { src: usize, func: Func },
    /// `tensor_copy` into another type.
    Copy { src: usize },
}

impl Step {
    fn reads(&self) -> Vec<usize> {
        match self {
            Step::Scalar { src, .. } | Step::Bias { src, .. } => vec![*src],
            Step::Act { src, .. } | Step::Copy { src } => vec![*src],
            Step::Tensor { a, b, .. } => vec![*a, *b],
        }
    }
}

/// What a value of the body is to the epilogue.
#[derive(Clone, Copy)]
enum Class {
    Slot(usize),
    Bias(usize),
    Imm(f64),
}

/// The plan of `site`, when it is an MxGateUp kernel this form builds.
pub(crate) fn of(m: &Module, site: &Site) -> Option<GateUp> {
    if site.kind != KIND {
        return None;
    }
    let (quantize, h) = crate::mx_quantize::quantized(m, site)?;
    let dots: Vec<OpId> = (site.ops.iter().copied())
        .filter(|&op| &*m.op(op).name == "stablehlo.dot_general")
        .collect();
    let [g, u] = dots[..] else {
        return None;
    };
    let (x, wg, k) = matmul(m, site, g)?;
    let (x2, wu, k2) = matmul(m, site, u)?;
    let width = wg.size;
    if x != x2 || k != k2 || wu.size != width || !width.is_multiple_of(BLOCK) {
        return None;
    }
    let results = [m.op(g).results[0], m.op(u).results[0]];
    let mut e = Epilogue {
        m,
        site,
        width,
        classes: FxHashMap::default(),
        steps: Vec::new(),
        types: vec![Dtype::F32, Dtype::F32],
        biases: Vec::new(),
    };
    for (n, &r) in results.iter().enumerate() {
        (dims(m, r).last() == Some(&width) && dtype(m, r).ok()? == Dtype::F32).then_some(())?;
        e.classes.insert(r, Class::Slot(n));
    }
    for op in epilogue(m, site, &results, h) {
        e.op(op)?;
    }
    let Some(&Class::Slot(last)) = e.classes.get(&h) else {
        return None;
    };
    let mut steps: Vec<Option<Step>> = e.steps.into_iter().map(Some).collect();
    merge(&mut steps, &e.types, last);
    let bf16 = matches!(e.types[last], Dtype::Bf16 | Dtype::F16);
    let fp32 = (e.types.iter()).all(|t| matches!(t, Dtype::F32 | Dtype::Bf16 | Dtype::F16));
    (bf16 && fp32 && last >= 2).then_some(GateUp {
        x,
        weights: [wg, wu],
        k,
        steps,
        types: e.types,
        last,
        biases: e.biases,
        quantize,
    })
}

/// The matmul `dot` as the moving side (its left operand, the tokens), the stationary side
/// (its right, the columns) and the contraction, when both are MX operands of the same length
/// and its result is the tokens by the columns.
fn matmul(m: &Module, site: &Site, dot: OpId) -> Option<(Side, Side, u64)> {
    let o = m.op(dot);
    let (lhs, rhs) = (o.operands[0], o.operands[1]);
    let (lb, rb, lc, rc) = crate::tile::numbers(m, dot, dims(m, lhs).len()).ok()?;
    if !lb.is_empty() || !rb.is_empty() || lc.len() != 1 || rc.len() != 1 {
        return None;
    }
    let k = dims(m, lhs)[lc[0]];
    let rows = dims(m, rhs).len() == 2;
    (rows && k.is_multiple_of(BLOCK)).then_some(())?;
    Some((side(m, site, lhs, lc[0])?, side(m, site, rhs, rc[0])?, k))
}

/// The ops of `site` that the epilogue computes, in order: those that read what the matmuls
/// `results` compute and that the quantized value `h` reads.
fn epilogue(m: &Module, site: &Site, results: &[ValueId], h: ValueId) -> Vec<OpId> {
    let mut below: FxHashSet<ValueId> = results.iter().copied().collect();
    for &op in &site.ops {
        if m.op(op).operands.iter().any(|v| below.contains(v)) {
            below.extend(m.op(op).results.iter().copied());
        }
    }
    let mut above = FxHashSet::default();
    let mut stack = vec![h];
    while let Some(v) = stack.pop() {
        if !below.contains(&v) || results.contains(&v) || !above.insert(v) {
            continue;
        }
        if let Some(op) = m.defining_op(v) {
            stack.extend(m.op(op).operands.iter().copied());
        }
    }
    (site.ops.iter().copied())
        .filter(|&op| m.op(op).results.iter().any(|r| above.contains(r)))
        .collect()
}

/// The epilogue as it is read.
struct Epilogue<'a> {
    m: &'a Module,
    site: &'a Site,
    width: u64,
    classes: FxHashMap<ValueId, Class>,
    steps: Vec<Step>,
    types: Vec<Dtype>,
    biases: Vec<Bias>,
}

impl Epilogue<'_> {
    /// Reads `op`, a step or an alias of a slot.
    fn op(&mut self, op: OpId) -> Option<()> {
        let m = self.m;
        let o = m.op(op);
        let (r, name) = (o.results[0], &o.name[o.name.find('.')? + 1..]);
        let operands: Vec<Class> = (o.operands.iter())
            .map(|&v| self.class(v))
            .collect::<Option<_>>()?;
        let ty = dtype(m, r).ok()?;
        let step = match (name, &operands[..]) {
            ("reshape", [Class::Slot(s)]) => return self.alias(r, *s),
            ("convert", [Class::Slot(s)]) => {
                let only = self.producer_alone(o.operands[0]);
                if *s >= 2 && only {
                    self.types[*s] = ty;
                    return self.alias(r, *s);
                }
                Step::Copy { src: *s }
            }
            ("logistic", [Class::Slot(s)]) => act(*s, Func::Sigmoid),
            ("tanh", [Class::Slot(s)]) => act(*s, Func::Tanh),
            ("exponential", [Class::Slot(s)]) => act(*s, Func::Exp),
            ("negate", [Class::Slot(s)]) => scalar(*s, Alu::Multiply, -1.0, false),
            ("clamp", [Class::Imm(lo), Class::Slot(s), Class::Imm(hi)]) if lo <= hi => {
                let ops = vec![(Alu::Minimum, *hi, false), (Alu::Maximum, *lo, false)];
                Step::Scalar { src: *s, ops }
            }
            (_, [a, b]) => binary(alu(name)?, (*a, *b))?,
            _ => return None,
        };
        let slot = self.types.len();
        self.types.push(ty);
        self.steps.push(step);
        self.classes.insert(r, Class::Slot(slot));
        Some(())
    }

    /// `r`, a reshape or a convert folded into the step before, is slot `s`.
    fn alias(&mut self, r: ValueId, s: usize) -> Option<()> {
        self.classes.insert(r, Class::Slot(s));
        Some(())
    }

    /// Whether `v` has one reader, so a convert of it may round the step that computes it.
    fn producer_alone(&self, v: ValueId) -> bool {
        self.m.value(v).uses.len() == 1
    }

    /// What the value `v` is: a slot already read, a splat, or a bias.
    fn class(&mut self, v: ValueId) -> Option<Class> {
        if let Some(&c) = self.classes.get(&v) {
            return Some(c);
        }
        if let Some(c) = self.imm(v) {
            return Some(Class::Imm(c));
        }
        let (input, chain) = crate::tile::scaled::chain(self.m, v, &self.site.inputs)?;
        let mut offset = 0;
        let mut d = row_major(self.m, self.site.inputs[input]);
        for &c in &chain {
            let widens = &*self.m.op(c).name == "stablehlo.convert"
                && dtype(self.m, self.m.op(c).results[0]).ok()? == Dtype::F32;
            if !widens {
                d = forward(self.m, c, d, &mut offset)?;
            }
        }
        let (last, lead) = d.split_last()?;
        let repeated = lead.iter().flatten().all(|r| r.0 == 0 || r.1 == 1);
        let runs: Vec<_> = last.iter().filter(|r| r.1 != 1).collect();
        let [&(stride, n)] = runs[..] else {
            return None;
        };
        (repeated && n == self.width).then_some(())?;
        let bias = Bias {
            input,
            offset,
            stride,
        };
        let at = match self.biases.iter().position(|b| *b == bias) {
            Some(at) => at,
            None => {
                self.biases.push(bias);
                self.biases.len() - 1
            }
        };
        self.classes.insert(v, Class::Bias(at));
        Some(Class::Bias(at))
    }

    /// The scalar `v` holds when it is a splat: a constant of the body, or an input that is one
    /// outside it, optionally broadcast.
    fn imm(&self, v: ValueId) -> Option<f64> {
        let m = self.m;
        let x = match m.defining_op(v) {
            Some(op) if &*m.op(op).name == "stablehlo.broadcast_in_dim" => m.op(op).operands[0],
            _ => v,
        };
        match self.site.inputs.iter().position(|&i| i == x) {
            Some(i) => splat_value(m, self.site.sources[i], true),
            None => splat_value(m, x, true),
        }
    }
}

fn act(src: usize, func: Func) -> Step {
    Step::Act { src, func }
}

fn scalar(src: usize, op: Alu, imm: f64, reverse: bool) -> Step {
    Step::Scalar {
        src,
        ops: vec![(op, imm, reverse)],
    }
}

/// The ALU op of the elementwise binary op `name` (after its dialect).
fn alu(name: &str) -> Option<Alu> {
    Some(match name {
        "add" => Alu::Add,
        "subtract" => Alu::Subtract,
        "multiply" => Alu::Multiply,
        "divide" => Alu::Divide,
        "maximum" => Alu::Maximum,
        "minimum" => Alu::Minimum,
        _ => return None,
    })
}

/// The step of a binary op of operands `a` and `b`: at least one a slot.
fn binary(op: Alu, (a, b): (Class, Class)) -> Option<Step> {
    Some(match (a, b) {
        (Class::Slot(a), Class::Slot(b)) => Step::Tensor { a, b, op },
        (Class::Slot(s), Class::Imm(c)) => scalar(s, op, c, false),
        (Class::Imm(c), Class::Slot(s)) => scalar(s, op, c, true),
        (Class::Slot(src), Class::Bias(bias)) => Step::Bias {
            src,
            bias,
            op,
            reverse: false,
        },
        (Class::Bias(bias), Class::Slot(src)) => Step::Bias {
            src,
            bias,
            op,
            reverse: true,
        },
        _ => return None,
    })
}

/// Merges steps by the two laws of the module doc, where the step merged away has no other
/// reader and rounds to fp32 (so one instruction computing both rounds as the two did).
fn merge(steps: &mut [Option<Step>], types: &[Dtype], last: usize) {
    for n in 0..steps.len() {
        let readers = |steps: &[Option<Step>], s: usize| {
            let reads = steps.iter().flatten().flat_map(Step::reads);
            reads.filter(|&r| r == s).count() + usize::from(s == last)
        };
        let lone = |steps: &[Option<Step>], s: usize| {
            s >= 2 && types[s] == Dtype::F32 && readers(steps, s) == 1
        };
        let merged = match &steps[n] {
            Some(Step::Tensor {
                a,
                b,
                op: Alu::Multiply,
            }) => [(*a, *b), (*b, *a)].into_iter().find_map(|(x, s)| {
                let sig = matches!(&steps[s.checked_sub(2)?], Some(Step::Act { src, func: Func::Sigmoid }) if *src == x);
                (sig && lone(steps, s)).then_some((s, act(x, Func::Silu)))
            }),
            Some(Step::Scalar { src, ops }) if ops.len() == 1 && *src >= 2 => {
                match &steps[src - 2] {
                    Some(Step::Scalar { src: first, ops: before })
                        if before.len() == 1 && lone(steps, *src) =>
                    {
                        let ops = clamp_order([before[0], ops[0]]);
                        Some((*src, Step::Scalar { src: *first, ops }))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some((gone, step)) = merged {
            steps[gone - 2] = None;
            steps[n] = Some(step);
        }
    }
}

/// Two scalar ops in the seed's clamp order: `max(x, lo)` then `min(., hi)` with `lo <= hi`
/// is `min(x, hi)` then `max(., lo)`; any other pair stays as it is.
fn clamp_order(ops: [(Alu, f64, bool); 2]) -> Vec<(Alu, f64, bool)> {
    match ops {
        [(Alu::Maximum, lo, _), (Alu::Minimum, hi, _)] if lo <= hi => {
            vec![(Alu::Minimum, hi, false), (Alu::Maximum, lo, false)]
        }
        _ => ops.to_vec(),
    }
}
