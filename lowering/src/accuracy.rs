//! The MX accuracy report of `egfuse lower --check` (seed 003 §4): what a DotMx kernel's
//! quantized operands cost in accuracy, beside what bf16 operands would.
//!
//! The module runs once on random inputs in f64 (quantized types keep their rounding). For
//! each DotMx kernel whose elements an MxQuantize kernel of the module quantized, the values
//! that quantize divided (the unquantized operand, element for element of the quantized one)
//! stand in for the elements, with scales of 1, and the kernel's ops run three ways: on those
//! values in f64 (the reference), on them rounded to bf16, and on the quantized elements and
//! their scales as the module declares them. Each error is the Frobenius norm of the result's
//! difference from the reference over the reference's norm.
//!
//! Invariant: the report reads the module and its kernels; it never changes what `--check`
//! judges.

use crate::lowered::Lowered;
use crate::tile::scaled;
use egfuse_diag::Span;
use egfuse_interp::tensor::{Data, Tensor};
use egfuse_interp::{Interpreter, Limits, Numerics, Rt};
use egfuse_ir::floats::round_float;
use egfuse_ir::{FloatKind, Module, OpId, ValueId};

/// One DotMx kernel's errors against the matmul of its unquantized operands in f64.
#[derive(Clone, Debug)]
pub struct Report {
    pub kernel: String,
    pub span: Span,
    /// With the operands quantized as the module quantizes them.
    pub mx: f64,
    /// With the unquantized operands rounded to bf16 instead; none when they are bf16 values
    /// already (a bf16 model's), which rounding leaves as they are.
    pub bf16: Option<f64>,
}

/// How many element operations the report's runs may take, together.
const MAX_WORK: u64 = 50_000_000;

/// The report for each DotMx kernel of `kernels` (lowered from `m`, whose function `func` runs
/// them) whose elements an MxQuantize kernel quantized.
pub fn mx(m: &Module, func: OpId, kernels: &[Lowered]) -> Result<Vec<Report>, String> {
    let mut plans = Vec::new();
    for l in kernels.iter().filter(|l| l.kernel.kind == "DotMx") {
        if let Some(p) = plan(m, l) {
            plans.push((l, p));
        }
    }
    let work: u64 = plans
        .iter()
        .map(|(l, _)| egfuse_nisa::interp::work(&l.kernel))
        .sum();
    if plans.is_empty() {
        return Ok(Vec::new());
    }
    if work.saturating_mul(4) > MAX_WORK {
        return Err(format!(
            "its DotMx kernels' runs would perform more than {MAX_WORK} element operations"
        ));
    }
    let wanted: Vec<ValueId> = (plans.iter())
        .flat_map(|(l, p)| {
            l.sources
                .iter()
                .copied()
                .chain(p.iter().map(|f| f.unquantized))
        })
        .collect();
    let known = run_module(m, func, &wanted)?;
    let value = |v: ValueId| known[wanted.iter().position(|&w| w == v).expect("wanted")].clone();
    let mut out = Vec::new();
    for (l, factors) in plans {
        let given: Vec<Rt> = l.sources.iter().map(|&s| value(s)).collect();
        let with = |round: Option<FloatKind>| -> Result<Vec<Rt>, String> {
            let mut args = given.clone();
            for f in &factors {
                args[f.elements] = unquantized(&value(f.unquantized), &given[f.elements], round)?;
                args[f.scales] = ones(&given[f.scales])?;
            }
            Ok(args)
        };
        let reference = run_kernel(m, l, &with(None)?, Numerics::Exact)?;
        let bf16 = run_kernel(m, l, &with(Some(FloatKind::BF16))?, Numerics::Exact)?;
        let quantized = run_kernel(m, l, &given, Numerics::Declared)?;
        out.push(Report {
            kernel: l.kernel.name.clone(),
            span: l.kernel.span,
            mx: relative(&quantized, &reference),
            bf16: Some(relative(&bf16, &reference)).filter(|&e| e != 0.0),
        });
    }
    Ok(out)
}

/// One scaled operand of a DotMx kernel: the positions of its elements and scales among the
/// kernel's inputs, and the module value its elements were quantized from.
struct Factor {
    elements: usize,
    scales: usize,
    unquantized: ValueId,
}

/// The scaled operands of `l`'s matmul, each traced to the MxQuantize that made its elements;
/// none when an operand is not so made.
fn plan(m: &Module, l: &Lowered) -> Option<Vec<Factor>> {
    let dot = l
        .ops
        .iter()
        .find(|&&o| &*m.op(o).name == "stablehlo.dot_general")?;
    let mut out = Vec::new();
    for &v in &m.op(*dot).operands {
        let s = scaled::of(m, v, &l.inputs)?;
        out.push(Factor {
            elements: s.elements.input,
            scales: s.scales.input,
            unquantized: quantized_from(m, l.sources[s.elements.input])?,
        });
    }
    Some(out)
}

/// The value an MxQuantize kernel divided to make `q` (through reshapes outside it): the
/// dividend of its divide, through the converts and reshapes between it and the kernel's
/// operand, which holds the same elements in the same order as the quantized result.
fn quantized_from(m: &Module, mut q: ValueId) -> Option<ValueId> {
    let mut op = m.defining_op(q)?;
    while &*m.op(op).name == "stablehlo.reshape" {
        q = m.op(op).operands[0];
        op = m.defining_op(q)?;
    }
    let o = m.op(op);
    let kind = o.attr("FusionKind").and_then(|a| a.as_str());
    if &*o.name != "mhlo.fusion" || kind.as_deref() != Some("MxQuantize") {
        return None;
    }
    let result = o.results.iter().position(|&r| r == q)?;
    let body = m.region(*o.regions.first()?).blocks.first().copied()?;
    let ret = *m.block(body).ops.last()?;
    let mut x = *m.op(ret).operands.get(result)?;
    let mut divided = false;
    for _ in 0..16 {
        if let Some(arg) = m.block(body).args.iter().position(|&a| a == x) {
            return divided.then(|| o.operands.get(arg).copied()).flatten();
        }
        let d = m.op(m.defining_op(x)?);
        x = match &*d.name {
            "stablehlo.divide" if !divided => {
                divided = true;
                d.operands[0]
            }
            "stablehlo.convert" | "stablehlo.reshape" => d.operands[0],
            "stablehlo.minimum" | "stablehlo.maximum" if !divided => {
                *d.operands.iter().find(|&&a| !is_splat(m, a))?
            }
            _ => return None,
        };
    }
    None
}

/// Whether `v` is a constant, or a broadcast of a scalar (a clamp's bound, which a fusion
/// may take as an argument).
fn is_splat(m: &Module, v: ValueId) -> bool {
    let Some(op) = m.defining_op(v) else {
        return false;
    };
    let o = m.op(op);
    match &*o.name {
        "stablehlo.constant" => true,
        "stablehlo.broadcast_in_dim" => m.ty(o.operands[0]).dims().is_some_and(|d| d.is_empty()),
        _ => false,
    }
}

/// The values of `wanted` when `m`'s function `func` runs in f64 on the random inputs the
/// device program's check draws.
fn run_module(m: &Module, func: OpId, wanted: &[ValueId]) -> Result<Vec<Rt>, String> {
    let (entry, args) = crate::check::function_args(m, func)?;
    let inputs: Vec<(ValueId, Rt)> = (m.block(entry).args.iter().copied()).zip(args).collect();
    let ops: Vec<OpId> = (m.block(entry).ops.iter().copied())
        .filter(|&o| &*m.op(o).name != "func.return")
        .collect();
    let mut it = Interpreter::new(m, Limits::default());
    it.numerics = Numerics::Exact;
    it.run_ops(&ops, &inputs, wanted).map_err(|e| e.message)
}

/// `l`'s ops run on `args` under `numerics`: its first output's elements.
fn run_kernel(
    m: &Module,
    l: &Lowered,
    args: &[Rt],
    numerics: Numerics,
) -> Result<Vec<f64>, String> {
    let mut it = Interpreter::new(m, Limits::default());
    it.numerics = numerics;
    let inputs: Vec<_> = l.inputs.iter().copied().zip(args.iter().cloned()).collect();
    let out = it
        .run_ops(&l.ops, &inputs, &l.outputs)
        .map_err(|e| e.message)?;
    floats(out.first().ok_or("the kernel has no output")?)
}

/// The unquantized values `x` in the place of the quantized elements `q`: `q`'s shape and
/// element type, each value unrounded or rounded to `round` (the kernel's convert widens
/// whatever it holds).
fn unquantized(x: &Rt, q: &Rt, round: Option<FloatKind>) -> Result<Rt, String> {
    let q = q.as_tensor().ok_or("the elements are no tensor")?;
    let mut data = floats(x)?;
    if data.len() != q.shape.iter().product::<usize>() {
        return Err("the unquantized values are not as many as the elements".into());
    }
    if let Some(k) = round {
        data.iter_mut().for_each(|v| *v = round_float(k, *v));
    }
    Ok(Rt::tensor(Tensor {
        elem: q.elem.clone(),
        shape: q.shape.clone(),
        data: Data::Float(data),
    }))
}

/// Scales of 1 in the place of `s` (E8M0 and E4M3 both hold 1 exactly).
fn ones(s: &Rt) -> Result<Rt, String> {
    let s = s.as_tensor().ok_or("the scales are no tensor")?;
    Ok(Rt::tensor(Tensor {
        elem: s.elem.clone(),
        shape: s.shape.clone(),
        data: Data::Float(vec![1.0; s.shape.iter().product()]),
    }))
}

fn floats(v: &Rt) -> Result<Vec<f64>, String> {
    match v.as_tensor().map(|t| &t.data) {
        Some(Data::Float(d)) => Ok(d.clone()),
        _ => Err("a value is no float tensor".into()),
    }
}

/// `||got - want|| / ||want||`, 0 when both are 0.
fn relative(got: &[f64], want: &[f64]) -> f64 {
    let diff: f64 = got.iter().zip(want).map(|(g, w)| (g - w) * (g - w)).sum();
    let norm: f64 = want.iter().map(|w| w * w).sum();
    if norm == 0.0 {
        return diff.sqrt();
    }
    (diff / norm).sqrt()
}
