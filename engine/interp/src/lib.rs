//! The reference interpreter: runs StableHLO, CHLO and MHLO functions on concrete tensors.
//!
//! It is egfuse's own oracle: a fused module must compute what its input did, an algebraic rule
//! must not change a value, a lowered kernel must compute what the fused op did. Every op it
//! cannot run is an [`EvalError`] naming the op and its location, never a silent wrong answer.
//! The self-checking `check.*` ops of the StableHLO test suite record [`CheckOutcome`]s.
//!
//! Invariant: every value an op produces has the element type of its result (as
//! [`Numerics`] holds it: f64 for every float type in exact mode) and fits the static
//! dimensions of its result type (checked after each op).

mod bits;
mod body;
mod check;
mod chlo;
pub mod compare;
mod contract;
mod control;
mod conv;
mod convert;
mod custom_call;
mod dispatch;
mod dot;
mod dynamic;
mod elementwise;
mod fft;
mod index;
mod layout;
mod linalg;
pub mod literal;
mod liveness;
pub mod memory;
mod norm;
pub mod npz;
pub mod numerics;
mod opattr;
mod pad;
mod pool;
pub mod quant;
mod quantize;
pub mod random;
mod reduce;
mod rng;
mod scalar;
pub mod schedule;
mod shape;
mod sort;
pub mod tensor;
pub mod verdict;
mod window;

pub use numerics::Numerics;
pub use schedule::Schedule;
pub use tensor::{Data, Elem, Tensor};

use egfuse_diag::{Diag, Span};
use egfuse_ir::{BlockId, ElemType, Module, OpId, RegionId, Type, ValueId};
use liveness::Deaths;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Whether the interpreter has an integer kernel for the unary or binary elementwise op `stem`
/// (`add` has, `exponential` has not).
pub fn has_int_kernel(stem: &str) -> bool {
    scalar::unary_int(stem, 32).is_some() || scalar::binary_int(stem, 32, true).is_some()
}

/// A runtime value: a tensor, a token, or a tuple of values.
#[derive(Clone, Debug, PartialEq)]
pub enum Rt {
    Tensor(Rc<Tensor>),
    Token,
    Tuple(Vec<Rt>),
}

impl Rt {
    pub fn tensor(t: Tensor) -> Rt {
        Rt::Tensor(Rc::new(t))
    }

    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            Rt::Tensor(t) => Some(t),
            _ => None,
        }
    }
}

/// Bounds on a run, so a non-terminating `while` or a value too large to hold ends with an
/// error.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_loop_iterations: u64,
    pub max_call_depth: u32,
    /// The most bytes the values of a run may hold at once, in the interpreter's storage (8
    /// bytes a float element, 16 an integer or complex one; see [`memory`]). An op whose
    /// results would go past it fails before it allocates. Default 12 GiB: half of a 24 GiB
    /// machine, and nearly three times what the largest corpus program holds at its peak
    /// (llama_layer_h4096_bf16, 4.2 GiB: the interpreter keeps every value of a run).
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_loop_iterations: 10_000_000,
            max_call_depth: 256,
            max_memory: 12 << 30,
        }
    }
}

/// An evaluation failure, located at the op that failed.
#[derive(Clone, Debug)]
pub struct EvalError {
    pub op: Option<OpId>,
    pub message: String,
}

impl EvalError {
    pub fn to_diag(&self, m: &Module) -> Diag {
        let (span, label) = match self.op {
            Some(op) => (
                m.op(op).span,
                format!("while evaluating `{}`", m.op(op).name),
            ),
            None => (Span::NONE, String::new()),
        };
        let d = Diag::new("eval", span, &self.message);
        if label.is_empty() {
            d
        } else {
            d.with_label(&label)
        }
    }
}

/// The result of one `check.*` op of a self-checking module.
#[derive(Clone, Debug)]
pub struct CheckOutcome {
    pub op: OpId,
    /// The function the check sits in.
    pub func: String,
    /// The check's name (`check.expect_close`).
    pub kind: String,
    /// `None` when the check held, else what differed.
    pub failure: Option<String>,
}

/// Runs functions of one module.
pub struct Interpreter<'m> {
    pub module: &'m Module,
    pub limits: Limits,
    env: FxHashMap<ValueId, Rt>,
    symbols: FxHashMap<(Option<OpId>, String), OpId>,
    /// Per block run so far, where its values die (a region may run many times).
    deaths: FxHashMap<BlockId, Rc<Deaths>>,
    depth: u32,
    /// The bytes of every value in `env` (see [`Limits::max_memory`]).
    held: u64,
    /// Every check op run so far, in order.
    pub checks: Vec<CheckOutcome>,
    /// How many tensor elements ops have produced, for throughput figures.
    pub elements_produced: u64,
    /// How floats are rounded between ops (the spec's rounding unless set otherwise).
    pub numerics: Numerics,
    /// The summation order and the formulas of the ops a device computes its own way.
    pub schedule: Schedule,
}

impl<'m> Interpreter<'m> {
    pub fn new(module: &'m Module, limits: Limits) -> Interpreter<'m> {
        let mut symbols = FxHashMap::default();
        for op in module.walk() {
            let o = module.op(op);
            if &*o.name == "func.func" {
                if let Some(name) = o.attr("sym_name").and_then(|a| a.as_str()) {
                    symbols.insert((enclosing_module(module, op), name), op);
                }
            }
        }
        Interpreter {
            module,
            limits,
            env: FxHashMap::default(),
            symbols,
            deaths: FxHashMap::default(),
            depth: 0,
            numerics: Numerics::Declared,
            schedule: Schedule::Reference,
            held: 0,
            checks: Vec::new(),
            elements_produced: 0,
        }
    }

    /// The function named `name` in the module that contains `from` (or at top level).
    pub fn lookup_func(&self, from: Option<OpId>, name: &str) -> Option<OpId> {
        let scope = from.and_then(|op| enclosing_module(self.module, op));
        self.symbols.get(&(scope, name.to_string())).copied()
    }

    /// The function named `name` anywhere in the module (the first in program order).
    pub fn find_func(&self, name: &str) -> Option<OpId> {
        self.symbols
            .iter()
            .filter(|((_, n), _)| n == name)
            .map(|(_, &f)| f)
            .min()
    }

    /// Runs function `func` on `args`; returns its results.
    pub fn run_func(&mut self, func: OpId, args: Vec<Rt>) -> Result<Vec<Rt>, EvalError> {
        let o = self.module.op(func);
        let region = *o.regions.first().ok_or_else(|| EvalError {
            op: Some(func),
            message: "cannot run a function declaration without a body".to_string(),
        })?;
        if self.depth >= self.limits.max_call_depth {
            return Err(EvalError {
                op: Some(func),
                message: format!("call depth exceeds {}", self.limits.max_call_depth),
            });
        }
        self.depth += 1;
        let out = self.run_region(region, args, Some(func));
        self.depth -= 1;
        out
    }

    /// Runs a single-block region with `args` bound to its block arguments; returns the operands
    /// of its terminator.
    pub fn run_region(
        &mut self,
        region: RegionId,
        args: Vec<Rt>,
        owner: Option<OpId>,
    ) -> Result<Vec<Rt>, EvalError> {
        let m = self.module;
        let blocks = &m.region(region).blocks;
        let err = |message: String| EvalError { op: owner, message };
        let [block] = blocks[..] else {
            return Err(err(format!(
                "regions with {} blocks are not supported",
                blocks.len()
            )));
        };
        let b = m.block(block);
        if b.args.len() != args.len() {
            return Err(err(format!(
                "region expects {} arguments, got {}",
                b.args.len(),
                args.len()
            )));
        }
        for (&v, a) in b.args.iter().zip(args) {
            // Arguments from the caller come at their declared types.
            let a = match a {
                Rt::Tensor(t) if self.numerics.hold(t.elem.clone()) != t.elem => {
                    Rt::Tensor(Rc::new(self.numerics.held((*t).clone())))
                }
                other => other,
            };
            self.bind(v, a);
        }
        let Some((&term, body)) = b.ops.split_last() else {
            return Err(err("empty region".to_string()));
        };
        let deaths =
            Rc::clone((self.deaths.entry(block)).or_insert_with(|| Rc::new(Deaths::of(m, block))));
        for (&op, dead) in body.iter().zip(&deaths.after) {
            self.exec(op)?;
            dead.iter().for_each(|&v| self.unbind(v));
        }
        let results = (m.op(term).operands.iter())
            .map(|&v| self.get(v, term))
            .collect();
        deaths.at_end.iter().for_each(|&v| self.unbind(v));
        results
    }

    /// Runs `ops` (in order, as a kernel's body) with `inputs` bound to the values they read
    /// from outside, and returns the values `outputs`.
    pub fn run_ops(
        &mut self,
        ops: &[OpId],
        inputs: &[(ValueId, Rt)],
        outputs: &[ValueId],
    ) -> Result<Vec<Rt>, EvalError> {
        for (v, a) in inputs {
            // Inputs come at their declared types, as a region's arguments do.
            let a = match a {
                Rt::Tensor(t) if self.numerics.hold(t.elem.clone()) != t.elem => {
                    Rt::Tensor(Rc::new(self.numerics.held((**t).clone())))
                }
                other => other.clone(),
            };
            self.bind(*v, a);
        }
        for &op in ops {
            self.exec(op)?;
        }
        let last = ops.last().copied();
        outputs
            .iter()
            .map(|&v| {
                self.env.get(&v).cloned().ok_or_else(|| EvalError {
                    op: last,
                    message: "an output of the ops was never computed".to_string(),
                })
            })
            .collect()
    }

    /// The runtime value of `v`, read by `op`.
    fn get(&self, v: ValueId, op: OpId) -> Result<Rt, EvalError> {
        self.env.get(&v).cloned().ok_or_else(|| EvalError {
            op: Some(op),
            message: "reads a value that was never computed".to_string(),
        })
    }

    /// Executes one op and binds its results.
    fn exec(&mut self, op: OpId) -> Result<(), EvalError> {
        let o = self.module.op(op);
        let args: Vec<Rt> = o
            .operands
            .iter()
            .map(|&v| self.get(v, op))
            .collect::<Result<_, _>>()?;
        self.admit_results(op)?;
        let results = dispatch::exec(self, op, &args).map_err(|message| EvalError {
            op: Some(op),
            message,
        })?;
        if results.len() != o.results.len() {
            return Err(EvalError {
                op: Some(op),
                message: format!(
                    "internal: produced {} results for {}",
                    results.len(),
                    o.results.len()
                ),
            });
        }
        for (&v, r) in o.results.iter().zip(results) {
            check_type(self.module.ty(v), &r, self.numerics).map_err(|message| EvalError {
                op: Some(op),
                message,
            })?;
            if let Rt::Tensor(t) = &r {
                self.elements_produced += t.len() as u64;
            }
            self.bind(v, r);
        }
        Ok(())
    }

    /// The static shape of `op`'s first result (empty when it has none or it is dynamic).
    pub fn result_shape(&self, op: OpId) -> Vec<usize> {
        self.result_type(op, 0)
            .and_then(|t| t.dims.as_ref())
            .filter(|d| d.iter().all(|&x| x >= 0))
            .map(|d| d.iter().map(|&x| x as usize).collect())
            .unwrap_or_default()
    }

    /// The tensor type of `op`'s result `i`.
    pub fn result_type(&self, op: OpId, i: usize) -> Option<&'m egfuse_ir::TensorType> {
        let v = *self.module.op(op).results.get(i)?;
        self.module.ty(v).as_tensor()
    }

    /// The element kind `op`'s result `i` is held in (see [`Numerics`]).
    pub fn result_elem(&self, op: OpId, i: usize) -> Result<Elem, String> {
        self.numerics.elem(&self.declared_elem(op, i)?)
    }

    /// The element type `op`'s result `i` declares.
    pub fn declared_elem(&self, op: OpId, i: usize) -> Result<ElemType, String> {
        let t = self
            .result_type(op, i)
            .ok_or("the result is not a tensor")?;
        Ok(t.elem.clone())
    }

    /// Entry points of a module: `@main` of each module if it has one, else every public
    /// function that takes no arguments (the self-checking test-suite layout).
    pub fn entry_points(&self) -> Vec<OpId> {
        let m = self.module;
        let mut scopes: Vec<Option<OpId>> = self.symbols.keys().map(|(s, _)| *s).collect();
        scopes.sort();
        scopes.dedup();
        let mut out = Vec::new();
        for scope in scopes {
            if let Some(&main) = self.symbols.get(&(scope, "main".to_string())) {
                out.push(main);
                continue;
            }
            let mut funcs: Vec<OpId> = self
                .symbols
                .iter()
                .filter(|((s, _), &f)| *s == scope && is_public(m, f) && takes_no_args(m, f))
                .map(|(_, &f)| f)
                .collect();
            funcs.sort();
            out.extend(funcs);
        }
        out.sort();
        out
    }
}

fn is_public(m: &Module, func: OpId) -> bool {
    m.op(func)
        .attr("sym_visibility")
        .and_then(|a| a.as_str())
        .is_none_or(|v| v == "public")
}

fn takes_no_args(m: &Module, func: OpId) -> bool {
    match m.op(func).attr("function_type") {
        Some(egfuse_ir::Attr::Type(Type::Function(ins, _))) => ins.is_empty(),
        _ => false,
    }
}

/// The nearest `builtin.module` op enclosing `op`, or `None` for the top level.
fn enclosing_module(m: &Module, op: OpId) -> Option<OpId> {
    let mut cur = m.op(op).parent.and_then(|b| m.block_parent_op(b));
    while let Some(p) = cur {
        if &*m.op(p).name == "builtin.module" {
            return Some(p);
        }
        cur = m.op(p).parent.and_then(|b| m.block_parent_op(b));
    }
    None
}

/// Checks a produced value against its IR type (the invariant in this module's doc).
fn check_type(ty: &Type, r: &Rt, numerics: Numerics) -> Result<(), String> {
    match (ty, r) {
        (Type::Tensor(tt), Rt::Tensor(t)) => {
            let elem = numerics.elem(&tt.elem)?;
            if elem != t.elem || !t.fits(tt) {
                let dims: String = t.shape.iter().map(|d| format!("{d}x")).collect();
                return Err(format!(
                    "internal: produced tensor<{dims}{}> for result type {ty}",
                    t.elem.name()
                ));
            }
            Ok(())
        }
        (Type::Dialect(_), Rt::Token) | (Type::Tuple(_), Rt::Tuple(_)) => Ok(()),
        _ => Err(format!(
            "internal: produced a value of the wrong kind for result type {ty}"
        )),
    }
}
