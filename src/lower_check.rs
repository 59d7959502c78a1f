//! `egfuse lower --check`: each lowered kernel against the ops it lowers. The ops run in the
//! reference interpreter twice on the same random inputs, as declared (the original) and with
//! every float in f64 (the reference); the kernel runs in the nisa interpreter. Inputs that are
//! constants of the program keep their values. Each output is
//! judged by verify's rule (`egfuse_interp::verdict`): no worse than the original against the
//! reference, so a kernel that only rounds differently (fp32 inside, a folded scale) agrees and
//! one that computes something else does not.

use crate::cli::Loaded;
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::tensor::{Data, Tensor};
use egfuse_interp::verdict::{judge, Rule};
use egfuse_interp::{Interpreter, Limits, Numerics, Rt};
use egfuse_ir::facts::only_reshapes;
use egfuse_ir::ValueId;
use egfuse_lowering::fold::Folded;
use egfuse_lowering::pipeline::{Lowered, Outcome};
use egfuse_nisa::interp;
use std::collections::HashMap;

/// Checks every kernel; prints one line per kernel that differs and a summary; true when none
/// differs. A kernel whose run would take more than `max_work` element operations is not run,
/// and the summary counts it apart.
pub fn check(loaded: &Loaded, outcome: &Outcome, max_work: u64) -> bool {
    let (kernels, folded) = (&outcome.kernels, &outcome.folded);
    let limits = interp::Limits {
        max_work,
        ..interp::Limits::default()
    };
    let (mut differ, mut large) = (0, 0);
    for l in kernels {
        if interp::work(&l.kernel) > limits.max_work {
            large += 1;
            continue;
        }
        if let Err(why) = one(loaded, l, folded, &limits) {
            differ += 1;
            let (line, col) = egfuse_diag::line_col(&loaded.src, l.kernel.span.start as usize);
            eprintln!(
                "check: kernel @{} ({} at {}:{line}:{col}) differs: {why}",
                l.kernel.name, l.kernel.kind, loaded.name
            );
        }
    }
    let run = kernels.len() - large;
    let mut summary = format!(
        "check: {} of {run} kernels agree with the ops they lower",
        run - differ
    );
    if large > 0 {
        summary += &format!(
            "; {large} not run: each performs more than {} element operations",
            limits.max_work
        );
    }
    eprintln!("{summary}");
    differ == 0
}

/// Runs one kernel both ways; why they differ, if they do.
fn one(
    loaded: &Loaded,
    l: &Lowered,
    folded: &Folded,
    limits: &interp::Limits,
) -> Result<(), String> {
    let mut inputs = Inputs {
        m: &loaded.module,
        folded,
        seed: 0,
        given: HashMap::new(),
    };
    let args: Vec<Rt> = (l.sources.iter())
        .map(|&src| inputs.value(src))
        .collect::<Result<_, _>>()?;
    let m = &loaded.module;
    let run = |numerics| -> Result<Vec<Rt>, String> {
        let mut it = Interpreter::new(m, Limits::default());
        it.numerics = numerics;
        let inputs: Vec<_> = l.inputs.iter().copied().zip(args.iter().cloned()).collect();
        it.run_ops(&l.ops, &inputs, &l.outputs)
            .map_err(|e| e.message)
    };
    let original = run(Numerics::Declared)?;
    let reference = run(Numerics::Exact)?;
    // The kernel declares only the inputs its instructions read (`Lowered::bound`).
    let mut flat: Vec<Vec<f64>> = (l.bound.iter())
        .map(|&i| values(&args[i]))
        .collect::<Result<_, _>>()?;
    // An empty tensor's HBM buffer holds one placeholder element, which no view reads.
    flat.iter_mut()
        .filter(|v| v.is_empty())
        .for_each(|v| v.push(f64::NAN));
    let got = interp::run(&l.kernel, &flat, limits).map_err(|d| d.message)?;
    for (n, ((g, o), r)) in got.into_iter().zip(&original).zip(&reference).enumerate() {
        let (Some(o), Some(r)) = (o.as_tensor(), r.as_tensor()) else {
            return Err(format!("output {n} is not a tensor"));
        };
        if let Data::Int(want) = &o.data {
            // Integers and booleans compute exactly: any difference is a miscompile.
            let wrong = want.iter().zip(&g).position(|(&w, &x)| w as f64 != x);
            if let Some(at) = wrong {
                return Err(format!(
                    "output {n}: element {at} is {} where the ops give {}",
                    g[at], want[at]
                ));
            }
            continue;
        }
        let data = Data::Float(g);
        let candidate = Tensor::new(o.elem.clone(), o.shape.clone(), data);
        let j = judge(&candidate, o, r, Rule::default());
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
    }
    Ok(())
}

/// The values a kernel's inputs get. An op may read one value twice (`concatenate %x, %x`):
/// each value gets one input.
struct Inputs<'a> {
    m: &'a egfuse_ir::Module,
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
    fn computed(&self, v: ValueId) -> Option<egfuse_ir::OpId> {
        let m = self.m;
        m.defining_op(v).filter(|&o| {
            self.folded.value(v)
                || m.op(o).name.as_ref() == "stablehlo.broadcast_in_dim"
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
    fn run(&self, op: egfuse_ir::OpId, v: ValueId) -> Result<Rt, String> {
        let operands = self.m.op(op).operands.iter();
        let inputs: Vec<_> = operands.map(|&x| (x, self.given[&x].clone())).collect();
        let mut it = Interpreter::new(self.m, Limits::default());
        let mut out = it.run_ops(&[op], &inputs, &[v]).map_err(|e| e.message)?;
        Ok(out.remove(0))
    }
}

/// A tensor's elements as f64, row-major.
fn values(r: &Rt) -> Result<Vec<f64>, String> {
    let t = r.as_tensor().ok_or("an input is not a tensor")?;
    match &t.data {
        Data::Float(v) => Ok(v.clone()),
        Data::Int(v) => Ok(v.iter().map(|&x| x as f64).collect()),
        Data::Complex(_) => Err("complex inputs have no nisa dtype".into()),
    }
}
