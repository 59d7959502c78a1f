//! What `egfuse lower --check` judges and the lowering fuzz target asserts: one lowered kernel
//! against the ops it lowers. The ops run in the reference interpreter twice on the same random
//! inputs, as declared (the original) and with every float in f64 (the reference); the kernel
//! runs in the nisa interpreter. Inputs that are constants of the program keep their values, as
//! do iotas (an argmax's indices are an iota's: drawn at random they would be no index at all).
//! Each output is judged by verify's rule (`egfuse_interp::verdict`): no worse than the original
//! against the reference, so a kernel that only rounds differently (fp32 inside, a folded
//! scale) agrees and one that computes something else does not. The original runs a second
//! time as a device evaluates it ([`Schedule::Device`]: sums in index order, as the PE
//! accumulates; log1p and expm1 by ACT's formulas), and its error is the worse of the two. The
//! rule's floor is one ulp of the narrowest float type the ops round to, not the output's: a
//! bf16 computation converted to f32 at the end may be off by bf16's rounding.

use crate::device::Built;
use crate::fold::Folded;
use crate::lowered::Lowered;
use crate::mx_rule::{Quantize, Quantized};
use egfuse_interp::numerics::quantized;
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::tensor::{Data, Elem, Tensor};
use egfuse_interp::verdict::{judge_among, Rule};
use egfuse_interp::{Interpreter, Limits, Numerics, Rt, Schedule};
use egfuse_ir::facts::only_reshapes;
use egfuse_ir::floats::MiniFloat;
use egfuse_ir::{BlockId, ElemType, FloatKind, Module, OpId, ValueId};
use egfuse_nisa::{device, interp, Kernel};
use std::borrow::Cow;
use std::collections::HashMap;

/// Runs the kernel `l`, lowered from `m`, both ways; why they differ, if they do. `folded`
/// holds the values known at compile time, which the check computes rather than draws.
pub fn kernel(
    m: &Module,
    l: &Lowered,
    folded: &Folded,
    limits: &interp::Limits,
) -> Result<(), String> {
    if let Some(qz) = &l.nki_scale {
        return nki_scale(m, l, qz, folded, limits).map(|_| ());
    }
    let (args, got) = ran(m, l, folded, limits)?;
    let run = |numerics, schedule| -> Result<Vec<Rt>, String> {
        let mut it = Interpreter::new(m, Limits::default());
        (it.numerics, it.schedule) = (numerics, schedule);
        let inputs: Vec<_> = l.inputs.iter().copied().zip(args.iter().cloned()).collect();
        it.run_ops(&l.ops, &inputs, &l.outputs)
            .map_err(|e| e.message)
    };
    let original = run(Numerics::Declared, Schedule::Reference)?;
    let device = run(Numerics::Declared, Schedule::Device)?;
    let reference = run(Numerics::Exact, Schedule::Reference)?;
    let rule = Rule {
        floor: narrowest_float(m, &l.ops),
        ..Rule::default()
    };
    outputs(got, [&original, &device, &reference], rule)
}

/// The random inputs of the kernel `l`'s ops, and the kernel's outputs on them.
fn ran(
    m: &Module,
    l: &Lowered,
    folded: &Folded,
    limits: &interp::Limits,
) -> Result<(Vec<Rt>, Vec<Vec<f64>>), String> {
    let mut inputs = Inputs {
        m,
        folded,
        seed: 0,
        given: HashMap::new(),
    };
    let args: Vec<Rt> = (l.sources.iter())
        .map(|&src| inputs.value(src))
        .collect::<Result<_, _>>()?;
    // The kernel declares only the inputs its instructions read (`Lowered::bound`).
    let mut flat: Vec<Vec<f64>> = (l.bound.iter())
        .map(|&i| values(&args[i]))
        .collect::<Result<_, _>>()?;
    // An empty tensor's HBM buffer holds one placeholder element, which no view reads.
    flat.iter_mut()
        .filter(|v| v.is_empty())
        .for_each(|v| v.push(f64::NAN));
    let got = interp::run(&l.kernel, &flat, limits).map_err(|d| d.message)?;
    Ok((args, got))
}

/// A kernel that ends in `quantize_mx` (`--mx-scale nki`) against NKI's rule applied to the
/// values its ops divide ([`crate::mx_rule::reference`]), element for element and scale for
/// scale. Read from an input, those values are the kernel's too, and any difference is a
/// miscompile; computed on chip (an MxGateUp kernel's gated product), they are the module's
/// rounding of them, and the kernel's may differ within it ([`crate::mx_rule::judge`]). Then
/// how its scales depart from the module's own rule, which the user chose not to follow, on
/// the same inputs.
pub fn nki_scale(
    m: &Module,
    l: &Lowered,
    qz: &Quantize,
    folded: &Folded,
    limits: &interp::Limits,
) -> Result<String, String> {
    let (args, got) = ran(m, l, folded, limits)?;
    let inputs: Vec<_> = l.inputs.iter().copied().zip(args.iter().cloned()).collect();
    let run = |outputs: &[ValueId]| {
        let mut it = Interpreter::new(m, Limits::default());
        it.run_ops(&l.ops, &inputs, outputs).map_err(|e| e.message)
    };
    let (x, computed) = match qz.of {
        Quantized::Input(i) => (values(&args[i])?, false),
        Quantized::Computed(v) => (values(&run(&[v])?[0])?, true),
    };
    let (q, s) = crate::mx_rule::reference(&x, qz);
    let near = if computed {
        crate::mx_rule::judge(&x, (&got[qz.elements], &got[qz.scales]), qz)?
    } else {
        exactly((&got[qz.elements], &got[qz.scales]), (&q, &s), qz)?;
        0
    };
    let module = run(&l.outputs)?;
    let theirs = values(&module[qz.scales])?;
    let exponent = |v: f64| match qz.scale_type {
        egfuse_nisa::Dtype::U8 => v - 127.0,
        _ => v.log2(),
    };
    let (mut twice, mut other) = (0, 0);
    for (&a, &b) in s.iter().zip(&theirs) {
        match exponent(a) - exponent(b) {
            d if d == 0.0 || (d.is_nan() && a.is_nan() == b.is_nan()) => {}
            1.0 => twice += 1,
            _ => other += 1,
        }
    }
    let blocks = s.len();
    let rounding = match computed {
        true => format!(
            " ({near} of {} elements or scales within the rounding of the product it quantizes)",
            x.len() + blocks
        ),
        false => String::new(),
    };
    Ok(format!(
        "NKI's scale is the module's on {} of {blocks} blocks, twice it on {twice}, other on {other}{rounding}",
        blocks - twice - other
    ))
}

/// The kernel's elements and scales `got` against NKI's `want`, exactly.
fn exactly(got: (&[f64], &[f64]), want: (&[f64], &[f64]), qz: &Quantize) -> Result<(), String> {
    for (name, n, g, w) in [
        ("elements", qz.elements, got.0, want.0),
        ("scales", qz.scales, got.1, want.1),
    ] {
        let same = |(a, b): (&f64, &f64)| a == b || (a.is_nan() && b.is_nan());
        if let Some(at) = g.iter().zip(w).position(|p| !same(p)) {
            return Err(format!(
                "output {n} ({name}): element {at} is {} where NKI's scale rule gives {}",
                g[at], w[at]
            ));
        }
    }
    Ok(())
}

/// Runs the device program `b`, which calls `kernels`, and the function it was built from on
/// the same random inputs; why their results differ, if they do. Each result is judged as a
/// kernel's output is, against the function run as declared, as a device evaluates it, and
/// exactly. `m` is the module the program was built from, `function` the one whose function
/// it is judged against: `m` itself, or the module as given when a module pass changed the
/// function's types (a complex tensor is the pair tensor of its parts on the device, as in
/// its bytes).
pub fn program(
    (m, function): (&Module, &Module),
    b: &Built,
    kernels: &[&Kernel],
    folded: &Folded,
    limits: &device::run::Limits,
) -> Result<(), String> {
    let (_, args) = function_args(function, b.func)?;
    let run = |numerics, schedule| -> Result<Vec<Rt>, String> {
        let mut it = Interpreter::new(function, Limits::default());
        (it.numerics, it.schedule) = (numerics, schedule);
        it.run_func(b.func, args.clone()).map_err(|e| e.message)
    };
    let original = run(Numerics::Declared, Schedule::Reference)?;
    let on_device = run(Numerics::Declared, Schedule::Device)?;
    let reference = run(Numerics::Exact, Schedule::Reference)?;
    let mut inputs = Inputs {
        m,
        folded,
        seed: 0,
        given: HashMap::new(),
    };
    let mut consts: Vec<Vec<f64>> = (b.consts.iter())
        .map(|&v| values(&inputs.value(v)?))
        .collect::<Result<_, _>>()?;
    let mut flat: Vec<Vec<f64>> = args.iter().map(values).collect::<Result<_, _>>()?;
    // An empty tensor's HBM bytes hold one placeholder element, as a kernel's buffer does.
    (flat.iter_mut().chain(&mut consts))
        .filter(|v| v.is_empty())
        .for_each(|v| v.push(f64::NAN));
    let got =
        device::run::run(&b.device, kernels, &flat, &consts, limits).map_err(|d| d.message)?;
    let ops: Vec<OpId> = function.walk();
    let rule = Rule {
        floor: narrowest_float(function, &ops),
        ..Rule::default()
    };
    outputs(got, [&original, &on_device, &reference], rule)
}

/// The entry block of `function`'s function `func` and the random arguments the whole-program
/// checks run it on (the same draws for each, so their reports describe one run).
pub(crate) fn function_args(function: &Module, func: OpId) -> Result<(BlockId, Vec<Rt>), String> {
    let entry = *(function.op(func).regions.first())
        .and_then(|&r| function.region(r).blocks.first())
        .ok_or("the function has no body")?;
    let types: Vec<_> = (function.block(entry).args.iter())
        .map(|&a| function.ty(a).clone())
        .collect();
    let cfg = InputConfig {
        seed: 7,
        trial: 1,
        dim_size: 1,
    };
    Ok((entry, random_args(&types, cfg)?))
}

/// Judges each output `got`, the runs of the original as the spec's reference and as a device
/// evaluates it, and the exact reference, in that order. An empty tensor's one placeholder
/// element is dropped first.
fn outputs(got: Vec<Vec<f64>>, runs: [&[Rt]; 3], rule: Rule) -> Result<(), String> {
    for (n, mut g) in got.into_iter().enumerate() {
        let [o, d, r] = runs.map(|run| run.get(n).and_then(Rt::as_tensor).map(parts));
        let (Some(o), Some(d), Some(r)) = (o, d, r) else {
            return Err(format!("output {n} is not a tensor"));
        };
        let (o, d, r) = (&*o, &*d, &*r);
        if o.shape.contains(&0) {
            g.clear();
        }
        output(n, g, [o, d], r, rule)?;
    }
    Ok(())
}

/// The narrowest float type the ops round a result to, where one is narrower than f64. An f64
/// is held as an f32 on the engines (`crate::float64`), so it rounds as an f32 does. The
/// quantized kinds (8 bits or fewer) are not counted: the exact reference rounds to them too
/// (`egfuse_interp::numerics::quantized`), so they widen no tolerance.
fn narrowest_float(m: &Module, ops: &[OpId]) -> Option<FloatKind> {
    (ops.iter())
        .flat_map(|&op| &m.op(op).results)
        .filter_map(|&v| match m.ty(v).as_tensor()?.elem {
            ElemType::Float(FloatKind::F64) => Some(FloatKind::F32),
            ElemType::Float(k) if quantized(k) => None,
            ElemType::Float(k) => Some(k),
            _ => None,
        })
        .min_by_key(|&k| MiniFloat::of(k).precision)
}

/// Judges output `n`: the kernel's values `g` against the original, evaluated as the spec's
/// reference and as a device would (`o`), and the exact reference `r`.
fn output(n: usize, g: Vec<f64>, o: [&Tensor; 2], r: &Tensor, rule: Rule) -> Result<(), String> {
    if let Data::Int(want) = &o[0].data {
        // Integers and booleans compute exactly: any difference is a miscompile.
        let wrong = want.iter().zip(&g).position(|(&w, &x)| w as f64 != x);
        return match wrong {
            Some(at) => Err(format!(
                "output {n}: element {at} is {} where the ops give {}",
                g[at], want[at]
            )),
            None => Ok(()),
        };
    }
    let candidate = Tensor::new(o[0].elem.clone(), o[0].shape.clone(), Data::Float(g));
    let j = judge_among(&candidate, &o, r, rule);
    if let Some(why) = &j.structural {
        return Err(format!("output {n}: {why}"));
    }
    if j.nonfinite > 0 {
        return Err(format!(
            "output {n}: {} elements are not finite as the original's are (the first at {})",
            j.nonfinite,
            j.first_nonfinite.unwrap_or(0)
        ));
    }
    if !j.agrees() {
        return Err(format!(
            "output {n}: error {:.3e} (largest {:.3e} at element {}) against the original's {:.3e}",
            j.candidate.rms,
            j.candidate.max,
            j.candidate.at.unwrap_or(0),
            j.original.rms
        ));
    }
    Ok(())
}

/// The values a kernel's inputs get. An op may read one value twice (`concatenate %x, %x`):
/// each value gets one input.
struct Inputs<'a> {
    m: &'a Module,
    folded: &'a Folded,
    seed: u64,
    given: HashMap<ValueId, Rt>,
}

impl Inputs<'_> {
    /// A value for the kernel input that stands for `src`: what the program computes there when
    /// it is known at compile time, or a broadcast or reshape of an input (the kernel may rely
    /// on a broadcast's structure, reading one row of it), and random values of its type
    /// otherwise. The ops are run from an explicit stack, each after the values it reads, so a
    /// long chain of folded ops cannot overflow the call stack.
    fn value(&mut self, src: ValueId) -> Result<Rt, String> {
        let mut stack = vec![(src, false)];
        while let Some((v, ready)) = stack.pop() {
            if self.given.contains_key(&v) {
                continue;
            }
            let value = match self.computed(v) {
                None => self.random(v)?,
                Some(op) if ready => self.run(op, v)?,
                Some(op) => {
                    stack.push((v, true));
                    let operands = self.m.op(op).operands.iter();
                    stack.extend(operands.map(|&x| (x, false)));
                    continue;
                }
            };
            self.given.insert(v, value);
        }
        Ok(self.given[&src].clone())
    }

    /// The op that computes `v` here, when the check computes it rather than drawing it.
    fn computed(&self, v: ValueId) -> Option<OpId> {
        let m = self.m;
        m.defining_op(v).filter(|&o| {
            self.folded.value(v)
                || ["stablehlo.broadcast_in_dim", "stablehlo.iota"].contains(&m.op(o).name.as_ref())
                || only_reshapes(m, o)
        })
    }

    fn random(&mut self, v: ValueId) -> Result<Rt, String> {
        self.seed += 1;
        let cfg = InputConfig {
            seed: self.seed,
            trial: 1,
            dim_size: 1,
        };
        Ok(random_args(&[self.m.ty(v).clone()], cfg)?.remove(0))
    }

    /// `op`'s result `v`, from the values already given to its operands.
    fn run(&self, op: OpId, v: ValueId) -> Result<Rt, String> {
        let operands = self.m.op(op).operands.iter();
        let inputs: Vec<_> = operands.map(|&x| (x, self.given[&x].clone())).collect();
        let mut it = Interpreter::new(self.m, Limits::default());
        let mut out = it.run_ops(&[op], &inputs, &[v]).map_err(|e| e.message)?;
        Ok(out.remove(0))
    }
}

/// A tensor's elements as f64, row-major; a complex element's parts, the real part first.
fn values(r: &Rt) -> Result<Vec<f64>, String> {
    let t = r.as_tensor().ok_or("an input is not a tensor")?;
    Ok(match &t.data {
        Data::Float(v) => v.clone(),
        Data::Int(v) => v.iter().map(|&x| x as f64).collect(),
        Data::Complex(v) => v.iter().flat_map(|c| [c.re, c.im]).collect(),
    })
}

/// A complex tensor as the float tensor of its parts along a new last dimension, as the
/// device holds it; any other tensor as it is.
fn parts(t: &Tensor) -> Cow<'_, Tensor> {
    let (Elem::Complex(k), Data::Complex(v)) = (&t.elem, &t.data) else {
        return Cow::Borrowed(t);
    };
    let shape = t.shape.iter().copied().chain([2]).collect();
    let data = Data::Float(v.iter().flat_map(|c| [c.re, c.im]).collect());
    Cow::Owned(Tensor::new(Elem::Float(*k), shape, data))
}
