//! Instruction selection: the ops of a kernel body become nisa instructions by the `select`
//! rules, maximal munch from the body's results back to its inputs (as ISLE and LLVM's
//! SelectionDAG do): at each value still needed, the rule that covers the most ops wins, then
//! the first in file order; the values its instruction reads are needed next. Broadcasts and
//! reshapes are views and splat constants are immediates: they are not selected, the layout
//! gives them access patterns. An op no rule covers is a diagnostic at the op.

pub mod matcher;

use crate::rules::{Rules, SelectPred};
use egfuse_diag::Diag;
use egfuse_dsl::ast::{Literal, NisaValue};
use egfuse_ir::facts::{only_reshapes, splat_value};
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::{Alu, Func, Kind, Opcode};
use rustc_hash::{FxHashMap, FxHashSet};

/// One selected instruction, before layout: its arguments name IR values.
#[derive(Clone, Debug)]
pub struct Selected {
    pub rule: String,
    pub op: Opcode,
    /// By parameter index of the op's spec; `dst` and a reduce's `axis` are left to the layout.
    pub args: Vec<Option<LArg>>,
    /// The rule's `then` steps: each rewrites `dst` in place, reading it as [`LArg::Dst`].
    pub then: Vec<(Opcode, Vec<Option<LArg>>)>,
    /// The value the instruction computes (its `dst`).
    pub result: ValueId,
    /// The op whose result that is: where the instruction comes from.
    pub root: OpId,
}

/// An argument before layout.
#[derive(Clone, Debug, PartialEq)]
pub enum LArg {
    Value(ValueId),
    Float(f64),
    Alu(Alu),
    Func(Func),
    Flag(bool),
    /// The destination, as a `then` step reads it.
    Dst,
}

impl Selected {
    /// Every argument of the instruction and of its steps.
    pub fn all_args(&self) -> impl Iterator<Item = &LArg> {
        let steps = self.then.iter().flat_map(|(_, a)| a.iter());
        self.args.iter().chain(steps).flatten()
    }
}

/// A kernel's ops (what its instructions may cover) and, for a fusion body, the value outside
/// that each of its arguments stands for (so a constant passed in is still a constant).
#[derive(Clone, Debug, Default)]
pub struct Scope {
    pub inside: FxHashSet<OpId>,
    pub outer: FxHashMap<ValueId, ValueId>,
}

impl Scope {
    /// The scalar `v` holds when it is a splat constant, seen through the kernel's broadcasts
    /// and reshapes and through its arguments.
    pub fn splat(&self, m: &Module, v: ValueId) -> Option<f64> {
        let b = self.base(m, v);
        splat_value(m, *self.outer.get(&b).unwrap_or(&b), true)
    }

    /// The value a broadcast or reshape of the kernel views, if `v` is one.
    pub fn view(&self, m: &Module, v: ValueId) -> Option<ValueId> {
        let op = m.defining_op(v).filter(|o| self.inside.contains(o))?;
        let o = m.op(op);
        (o.name.as_ref() == "stablehlo.broadcast_in_dim" || only_reshapes(m, op))
            .then(|| o.operands[0])
    }

    /// What `v` views through the kernel's broadcasts and reshapes (`v` itself when none).
    pub fn base(&self, m: &Module, mut v: ValueId) -> ValueId {
        while let Some(x) = self.view(m, v) {
            v = x;
        }
        v
    }

    /// What `v` is a reshape of, through the kernel's reshapes (`v` itself when none): the
    /// same elements in the same row-major order.
    pub fn unreshaped(&self, m: &Module, mut v: ValueId) -> ValueId {
        while let Some(op) = m.defining_op(v).filter(|o| self.inside.contains(o)) {
            if !only_reshapes(m, op) {
                break;
            }
            v = m.op(op).operands[0];
        }
        v
    }

    pub fn defines(&self, m: &Module, v: ValueId) -> bool {
        m.defining_op(v).is_some_and(|o| self.inside.contains(&o))
    }
}

/// The instructions that compute `outputs` from the values the kernel's ops do not define, in
/// the order of `ops` (the kernel's ops in program order).
pub fn select(
    m: &Module,
    scope: &Scope,
    ops: &[OpId],
    outputs: &[ValueId],
    rules: &Rules,
) -> Result<Vec<Selected>, Vec<Diag>> {
    let mut out: Vec<Selected> = Vec::new();
    let mut diags = Vec::new();
    let mut done: FxHashSet<ValueId> = FxHashSet::default();
    let mut reported = FxHashSet::default();
    let mut need: Vec<ValueId> = outputs.to_vec();
    while let Some(v) = need.pop() {
        if !done.insert(v) || !scope.defines(m, v) {
            continue;
        }
        if let Some(src) = scope.view(m, v) {
            need.push(src);
            continue;
        }
        if scope.splat(m, v).is_some() {
            continue;
        }
        match best(m, scope, v, rules) {
            Some(s) => {
                for a in s.all_args() {
                    if let LArg::Value(x) = a {
                        need.push(*x);
                    }
                }
                out.push(s);
            }
            // One diagnostic per op, however many of its results the kernel needs.
            None if reported.insert(m.defining_op(v)) => diags.push(unselected(m, v)),
            None => {}
        }
    }
    if !diags.is_empty() {
        diags.sort_by_key(|d| d.span.start);
        return Err(diags);
    }
    let order: FxHashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    out.sort_by_key(|s| order.get(&s.root).copied().unwrap_or(usize::MAX));
    Ok(out)
}

/// The rule covering the most ops at `v` (the first of those in file order), applied.
fn best(m: &Module, scope: &Scope, v: ValueId, rules: &Rules) -> Option<Selected> {
    let mut found: Option<(usize, Selected)> = None;
    for r in &rules.selects {
        if found.as_ref().is_some_and(|(size, _)| *size >= r.size) {
            continue;
        }
        let Some(mt) = matcher::at(m, scope, &r.lhs, v) else {
            continue;
        };
        if !r.preds.iter().all(|p| holds(m, p, &mt)) {
            continue;
        }
        let args = args_of(r.op, &r.args, &mt)?;
        let then = (r.then.iter())
            .map(|st| Some((st.op, args_of(st.op, &st.args, &mt)?)))
            .collect::<Option<Vec<_>>>()?;
        let root = m.defining_op(v)?;
        let s = Selected {
            rule: r.name.clone(),
            op: r.op,
            args,
            then,
            result: v,
            root,
        };
        found = Some((r.size, s));
    }
    found.map(|(_, s)| s)
}

/// Whether a match satisfies one of its rule's predicates.
fn holds(m: &Module, p: &SelectPred, mt: &matcher::Match) -> bool {
    let elem = |v: &str| mt.values.get(v).and_then(|&x| m.ty(x).elem().cloned());
    match p {
        SelectPred::IsFloat(v) => elem(v).is_some_and(|e| e.is_float()),
        SelectPred::IsInt(v) => elem(v).is_some_and(|e| e.is_int()),
        SelectPred::Dtype(v, types) => elem(v).is_some_and(|e| {
            let mut name = String::new();
            egfuse_ir::print::attr::write_elem(&mut name, &e);
            types.contains(&name)
        }),
    }
}

/// An instruction's arguments by parameter index, with the match's bindings put in.
fn args_of(
    op: Opcode,
    given: &[(usize, NisaValue)],
    mt: &matcher::Match,
) -> Option<Vec<Option<LArg>>> {
    let spec = op.spec();
    let mut args = vec![None; spec.params.len()];
    for (n, value) in given {
        args[*n] = Some(arg(spec.params[*n].kind, value, mt)?);
    }
    Some(args)
}

/// A rule's argument with the match's bindings put in; `None` if a capture is not a number.
fn arg(kind: Kind, v: &NisaValue, mt: &matcher::Match) -> Option<LArg> {
    let num = |name: &str| mt.numbers.get(name).copied();
    Some(match v {
        NisaValue::Var(x) => LArg::Value(*mt.values.get(&x.name)?),
        NisaValue::Capture(c) => LArg::Float(num(&c.name)?),
        NisaValue::Recip(c) => LArg::Float(1.0 / num(&c.name)?),
        NisaValue::Neg(c) => LArg::Float(-num(&c.name)?),
        NisaValue::Literal(Literal::Number(n)) => LArg::Float(n.value),
        NisaValue::Literal(Literal::Word(w, _)) => match kind {
            Kind::Src if w == "dst" => LArg::Dst,
            Kind::Alu => LArg::Alu(Alu::from_name(w)?),
            Kind::Func => LArg::Func(Func::from_name(w)?),
            _ => LArg::Flag(w == "true"),
        },
        NisaValue::Literal(_) => return None,
    })
}

fn unselected(m: &Module, v: ValueId) -> Diag {
    let (name, span) = match m.defining_op(v) {
        Some(op) => (m.op(op).name.to_string(), m.op(op).span),
        None => ("a value".into(), egfuse_diag::Span::NONE),
    };
    let not_coded = m
        .defining_op(v)
        .and_then(|op| crate::arg_reduce::why_not(m, op).or_else(|| crate::sort::why_not(m, op)));
    let label = if name == "stablehlo.constant" {
        "a constant that is not a splat: the lowering takes splats as immediates only".into()
    } else if let Some(why) = not_coded {
        why
    } else {
        "no select rule covers this op".to_string()
    };
    Diag::new(
        "lower::no-lowering",
        span,
        format!("`{name}` has no lowering"),
    )
    .with_label(label)
    .with_help("rules/select.rules lists what lowers; add a select rule for this op")
}
