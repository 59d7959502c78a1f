//! `refine`, the first module pass: a module exported with symbolic dimensions
//! (`tensor<?x32xf32>`, JAX's shape polymorphism) specialized to the sizes `--dim` gives, as
//! StableHLO's `stablehlo-refine-arguments` and `stablehlo-refine-shapes` do when JAX calls an
//! export at concrete shapes. The device runs static shapes (neuronx-cc compiles each shape
//! apart), so this is where a polymorphic export meets it.
//!
//! ```text
//! bind (bind.rs) ─► inline ─► walk: per op in program order ─► retype @main ─► sweep
//! ```
//!
//! - bind: each `--dim` names a JAX dimension variable (`b`), an argument's dimension (`arg1.0`)
//!   or a scalar integer argument's value (`arg0`); every `?` of `@main`'s arguments needs one.
//! - inline: private calls inlined (fusion's inliner), so the walk sees every op in one body.
//! - walk: `get_dimension_size` becomes a constant; small integer values (the shape
//!   computations) are computed by the reference interpreter, and an op whose results are all
//!   known becomes their constants (`iota` and `broadcast_in_dim` aside); a dynamic op whose
//!   shape operands are known becomes its static twin (`statics`); a shape assertion that
//!   holds is dropped and one that fails is a diagnostic with the export's message; any other
//!   `?` in a result is inferred from the operands (`infer`); loops and branches are walked
//!   inside.
//! - sweep: the shape computations nothing reads any more are erased.
//!
//! Invariant: `refine` leaves no `?` in `@main` and what it reaches, and a module that verifies,
//! or returns diagnostics and leaves the module as it was given. A module without symbolic
//! dimensions, and no `--dim`, is left untouched.

mod bind;
mod infer;
mod statics;
#[cfg(test)]
mod tests;

pub use bind::{Binding, Key};

use egfuse_diag::Diag;
use egfuse_fusion::inline::{inline, InlineConfig};
use egfuse_interp::{Interpreter, Limits, Rt, Tensor};
use egfuse_ir::ops::IMPURE;
use egfuse_ir::{
    Attr, BlockId, DenseBody, DenseElem, Module, NamedAttr, OpId, Type, ValueId, DYNAMIC,
};
use rustc_hash::FxHashMap;

/// The most elements a value the walk computes at compile time may have: shapes and sizes.
const SMALL: u64 = 64;

/// What `refine` did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refined {
    /// Values whose types had a `?` and now do not.
    pub values: usize,
    /// Dynamic ops made their static twins.
    pub made_static: usize,
    /// Shape assertions found to hold, and dropped.
    pub assertions: usize,
}

/// Whether any value of `m` has a symbolic dimension.
pub fn symbolic(m: &Module) -> bool {
    let dynamic = |v: &ValueId| m.ty(*v).dims().is_some_and(|d| d.contains(&DYNAMIC));
    m.walk().into_iter().any(|o| {
        let op = m.op(o);
        let args = op
            .regions
            .iter()
            .flat_map(|&r| &m.region(r).blocks)
            .flat_map(|&b| &m.block(b).args);
        op.results.iter().any(dynamic) || args.into_iter().any(dynamic)
    })
}

/// Specializes `m` to `bindings` (see the module doc); untouched when it has no symbolic
/// dimension and `bindings` is empty.
pub fn refine(m: &mut Module, bindings: &[Binding]) -> Result<Refined, Vec<Diag>> {
    if bindings.is_empty() && !symbolic(m) {
        return Ok(Refined::default());
    }
    let before = m.clone();
    let out = run(m, bindings);
    if out.is_err() {
        *m = before;
    }
    out
}

fn run(m: &mut Module, bindings: &[Binding]) -> Result<Refined, Vec<Diag>> {
    let Some(main) = crate::device::entry(m) else {
        let d = Diag::new(
            "refine::entry",
            egfuse_diag::Span::NONE,
            "the module has no `@main` (nor one public function) to give --dim sizes to",
        );
        return Err(vec![d]);
    };
    if !symbolic(m) {
        let d = Diag::new(
            "refine::dim",
            m.op(main).span,
            "--dim: the module has no symbolic dimension",
        )
        .with_label("the entry function");
        return Err(vec![d]);
    }
    let names = bind::names(m, main);
    // Inlined first: a call whose operands are refined no longer has its callee's types.
    inline(m, &InlineConfig::default());
    bind::apply(m, main, bindings, &names)?;
    let mut walk = Walk {
        m,
        known: FxHashMap::default(),
        errors: Vec::new(),
        refined: Refined::default(),
    };
    let Some(body) = entry_block(walk.m, main) else {
        return Ok(walk.refined);
    };
    walk.block(body);
    let Walk {
        m, errors, refined, ..
    } = walk;
    if !errors.is_empty() {
        return Err(errors);
    }
    retype(m, main, body);
    sweep(m, main);
    renumber(m, main);
    let left = left_symbolic(m, main);
    if !left.is_empty() {
        return Err(left);
    }
    Ok(refined)
}

struct Walk<'m> {
    m: &'m mut Module,
    /// The integer and boolean values known at compile time: constants, sizes, and what the
    /// ops over them compute, while small.
    known: FxHashMap<ValueId, Tensor>,
    errors: Vec<Diag>,
    refined: Refined,
}

impl Walk<'_> {
    fn block(&mut self, b: BlockId) {
        for op in self.m.block(b).ops.clone() {
            if !self.m.is_attached(op) {
                continue;
            }
            if let Err(why) = self.op(op) {
                let o = self.m.op(op);
                let d = Diag::new(
                    "refine::op",
                    o.user_span(),
                    format!("cannot refine `{}`: {why}", o.name),
                );
                self.errors.push(d.with_label("this op"));
            }
        }
    }

    fn op(&mut self, op: OpId) -> Result<(), String> {
        let name = self.m.op(op).name.to_string();
        let op = match statics::DYNAMIC_OPS.iter().find(|(n, _)| *n == name) {
            Some(&(_, data)) => self.made_static(op, data)?,
            None => op,
        };
        match &*name {
            "stablehlo.get_dimension_size" => return self.dimension_size(op),
            "stablehlo.custom_call" if self.target(op) == Some("shape_assertion".into()) => {
                self.assertion(op);
                return Ok(());
            }
            "stablehlo.while" => self.while_loop(op)?,
            _ => {
                for b in blocks(self.m, op) {
                    self.block(b);
                }
            }
        }
        let results = self.m.op(op).results.clone();
        if results.iter().any(|&r| has_symbolic(self.m.ty(r))) {
            let dims = match &*name {
                "stablehlo.case" | "stablehlo.if" => branch_dims(self.m, op)?,
                _ => infer::dims(self.m, op)?,
            };
            for (r, d) in results.into_iter().zip(dims) {
                if has_symbolic(self.m.ty(r)) {
                    set_dims(self.m, r, d);
                    self.refined.values += 1;
                }
            }
        }
        self.learn(op);
        self.settle(op);
        Ok(())
    }

    /// `op`, when every result is a known value, replaced by constants of them: a shape
    /// computation over sizes (`arg0 - 1`, clamped by the largest `i64`, concatenated) reaches
    /// the kernels as the constant it is, and what it read is swept when nothing else does.
    /// Generators stay (an `iota`, a `broadcast_in_dim`): what reads them may need to see them
    /// (an argmax's indices are an iota), and `fold` folds them where that is cheaper.
    fn settle(&mut self, op: OpId) {
        const KEPT: &[&str] = &[
            "stablehlo.constant",
            "stablehlo.iota",
            "stablehlo.broadcast_in_dim",
        ];
        let o = self.m.op(op);
        if KEPT.contains(&&*o.name) || o.results.is_empty() || o.parent.is_none() {
            return;
        }
        let results = o.results.clone();
        let Some(values) = (results.iter())
            .map(|r| self.known.get(r).cloned())
            .collect::<Option<Vec<Tensor>>>()
        else {
            return;
        };
        for (r, t) in results.into_iter().zip(values) {
            let ty = self.m.ty(r).clone();
            let Some(attr) = literal(&t, &ty) else {
                return;
            };
            let props = vec![NamedAttr::new("value", attr)];
            let c = self
                .m
                .create_before(op, ("stablehlo.constant", Vec::new(), props), ty);
            self.m.replace_all_uses(r, c);
            self.known.insert(c, t);
        }
        self.m.erase_op(op).expect("its results have no uses left");
    }

    /// The static twin of the dynamic op `op`, whose first `data` operands are its data.
    fn made_static(&mut self, op: OpId, data: usize) -> Result<OpId, String> {
        self.refined.made_static += 1;
        self.refined.values += 1;
        let shapes: Option<Vec<Vec<i64>>> = (self.m.op(op).operands[data..].iter())
            .map(|v| self.ints(*v))
            .collect();
        match shapes {
            Some(shapes) => statics::rewrite(self.m, op, &shapes),
            None => match self.sizes_past_start(op) {
                Some(sizes) => statics::sliding(self.m, op, &sizes),
                None => Err("its shape operands are not known at compile time".to_string()),
            },
        }
    }

    /// The slice sizes of a `real_dynamic_slice` of unit strides whose limit is its start
    /// (computed again, as JAX spells it) plus sizes known at compile time.
    fn sizes_past_start(&self, op: OpId) -> Option<Vec<i64>> {
        let o = self.m.op(op);
        if &*o.name != "stablehlo.real_dynamic_slice"
            || self.ints(o.operands[3])?.iter().any(|&s| s != 1)
        {
            return None;
        }
        let add = self
            .m
            .defining_op(o.operands[2])
            .filter(|&a| &*self.m.op(a).name == "stablehlo.add")?;
        let [p, q] = self.m.op(add).operands[..] else {
            return None;
        };
        let start = o.operands[1];
        [(p, q), (q, p)].into_iter().find_map(|(s, k)| {
            statics::same(self.m, s, start, 16)
                .then(|| self.ints(k))
                .flatten()
        })
    }

    /// `get_dimension_size` of a refined operand, as a constant.
    fn dimension_size(&mut self, op: OpId) -> Result<(), String> {
        let o = self.m.op(op);
        let d = o
            .attr("dimension")
            .and_then(Attr::as_int)
            .ok_or("no dimension")? as usize;
        let size = (self.m.ty(o.operands[0]).dims())
            .and_then(|s| s.get(d).copied())
            .filter(|&s| s != DYNAMIC);
        let size = size.ok_or("its operand's dimension is still symbolic")?;
        let (result, ty) = (o.results[0], self.m.ty(o.results[0]).clone());
        let attr = Attr::Dense {
            body: DenseBody::Elems(DenseElem::Scalar(size.to_string().into())),
            ty: ty.clone(),
        };
        let c = self.m.create_before(
            op,
            (
                "stablehlo.constant",
                Vec::new(),
                vec![NamedAttr::new("value", attr)],
            ),
            ty,
        );
        self.m.replace_all_uses(result, c);
        self.m.erase_op(op).map_err(|d| d.message)?;
        if let Some(c) = self.m.defining_op(c) {
            self.learn(c);
        }
        Ok(())
    }

    /// A shape assertion: dropped when it holds; a diagnostic with its message, the values it
    /// names filled in, when it fails or cannot be decided.
    fn assertion(&mut self, op: OpId) {
        let operands = self.m.op(op).operands.clone();
        let span = self.m.op(op).user_span();
        let Some(holds) = self.ints(operands[0]) else {
            let d = Diag::new(
                "refine::assertion",
                span,
                "the export's shape assertion cannot be decided at compile time",
            );
            self.errors.push(d.with_label("this assertion"));
            return;
        };
        if holds.iter().all(|&b| b != 0) {
            self.refined.assertions += 1;
            self.m.erase_op(op).expect("an assertion has no results");
            return;
        }
        let mut message = (self.m.op(op).attr("error_message").and_then(Attr::as_str))
            .unwrap_or_else(|| "a shape assertion fails".into());
        for (i, &v) in operands[1..].iter().enumerate() {
            let value = self
                .ints(v)
                .map_or("?".to_string(), |x| format!("{}", x[0]));
            message = message.replace(&format!("{{{i}}}"), &value);
        }
        let d = Diag::new(
            "refine::assertion",
            span,
            format!("the sizes --dim gives fail the export's shape assertion: {message}"),
        );
        self.errors.push(d.with_label("this assertion"));
    }

    /// A `while` walked with its loop-carried values at the operands' refined types.
    fn while_loop(&mut self, op: OpId) -> Result<(), String> {
        let types: Vec<Type> = self
            .m
            .op(op)
            .operands
            .iter()
            .map(|&v| self.m.ty(v).clone())
            .collect();
        for b in blocks(self.m, op) {
            for (a, t) in self.m.block(b).args.clone().into_iter().zip(&types) {
                self.m.value_mut(a).ty = t.clone();
            }
            self.block(b);
        }
        Ok(())
    }

    /// Records what `op` computes when it is a small integer value of known operands.
    fn learn(&mut self, op: OpId) {
        let o = self.m.op(op);
        let pure = match o.name.split_once('.') {
            Some(("stablehlo", n)) => !IMPURE.contains(&n),
            Some(("chlo", _)) => true,
            _ => false,
        };
        let small = |v: &ValueId| {
            let t = self.m.ty(*v).as_tensor();
            t.is_some_and(|t| t.elem.is_int() && t.num_elements().is_some_and(|n| n <= SMALL))
        };
        if !pure || !o.regions.is_empty() || o.results.is_empty() || !o.results.iter().all(small) {
            return;
        }
        let Some(inputs) = (o.operands.iter())
            .map(|&v| Some((v, Rt::tensor(self.known.get(&v)?.clone()))))
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let results = o.results.clone();
        let mut it = Interpreter::new(self.m, Limits::default());
        if let Ok(out) = it.run_ops(&[op], &inputs, &results) {
            for (r, t) in results.into_iter().zip(out) {
                if let Some(t) = t.as_tensor() {
                    self.known.insert(r, t.clone());
                }
            }
        }
    }

    /// The integers of a value known at compile time.
    fn ints(&self, v: ValueId) -> Option<Vec<i64>> {
        let t = self.known.get(&v)?;
        t.ints().map(|x| x.iter().map(|&i| i as i64).collect())
    }

    fn target(&self, op: OpId) -> Option<String> {
        self.m
            .op(op)
            .attr("call_target_name")
            .and_then(Attr::as_str)
    }
}

/// The dims of a `case`'s or `if`'s results: what its first branch returns.
fn branch_dims(m: &Module, op: OpId) -> Result<Vec<Vec<i64>>, String> {
    let b = blocks(m, op)
        .into_iter()
        .next()
        .ok_or("a branch op without branches")?;
    let ret = *m.block(b).ops.last().ok_or("an empty branch")?;
    Ok((m.op(ret).operands.iter())
        .map(|&v| m.ty(v).dims().map_or_else(Vec::new, <[i64]>::to_vec))
        .collect())
}

/// Every block of `op`'s regions.
fn blocks(m: &Module, op: OpId) -> Vec<BlockId> {
    m.op(op)
        .regions
        .iter()
        .flat_map(|&r| m.region(r).blocks.clone())
        .collect()
}

fn entry_block(m: &Module, f: OpId) -> Option<BlockId> {
    m.op(f)
        .regions
        .first()
        .and_then(|&r| m.region(r).blocks.first())
        .copied()
}

/// The dense literal of the integers (or booleans) `t` as a constant of `ty`: a splat when
/// every element is the same, else nested rows.
fn literal(t: &Tensor, ty: &Type) -> Option<Attr> {
    let ints = t.ints()?;
    let bool = ty.elem().is_some_and(egfuse_ir::ElemType::is_bool);
    let text = |x: i128| -> Box<str> {
        match bool {
            true => (if x != 0 { "true" } else { "false" }).into(),
            false => x.to_string().into(),
        }
    };
    fn rows(x: &[i128], dims: &[u64], text: &dyn Fn(i128) -> Box<str>) -> DenseElem {
        match dims.split_first() {
            None => DenseElem::Scalar(text(x[0])),
            Some((&n, rest)) => {
                let step = rest.iter().product::<u64>() as usize;
                let items = (0..n as usize).map(|k| rows(&x[k * step..], rest, text));
                DenseElem::List(items.collect())
            }
        }
    }
    let body = match ints.first() {
        Some(&x) if ints.iter().all(|&y| y == x) => DenseElem::Scalar(text(x)),
        Some(_) => {
            let dims: Vec<u64> = t.shape.iter().map(|&n| n as u64).collect();
            rows(ints, &dims, &text)
        }
        None => return None,
    };
    Some(Attr::Dense {
        body: DenseBody::Elems(body),
        ty: ty.clone(),
    })
}

fn has_symbolic(ty: &Type) -> bool {
    ty.dims().is_some_and(|d| d.contains(&DYNAMIC))
}

fn set_dims(m: &mut Module, v: ValueId, dims: Vec<i64>) {
    if let Type::Tensor(t) = &mut m.value_mut(v).ty {
        t.dims = Some(dims);
    }
}

/// `main`'s function type made that of its refined arguments and what it returns.
fn retype(m: &mut Module, main: OpId, body: BlockId) {
    let ins: Vec<Type> = m
        .block(body)
        .args
        .iter()
        .map(|&a| m.ty(a).clone())
        .collect();
    let ret = m.block(body).ops.last().copied();
    let outs: Vec<Type> = ret.map_or_else(Vec::new, |r| {
        m.op(r).operands.iter().map(|&v| m.ty(v).clone()).collect()
    });
    let o = m.op_mut(main);
    for named in o.props.iter_mut().chain(o.attrs.iter_mut()) {
        if let Attr::Type(Type::Function(i, r)) = &mut named.value {
            (*i, *r) = (ins.clone(), outs.clone());
        }
    }
}

/// Erases the pure ops under `main` whose results nothing reads, last first, so that a chain
/// of shape computations goes in one sweep.
fn sweep(m: &mut Module, main: OpId) {
    for op in m.walk_under(main).into_iter().rev() {
        let o = m.op(op);
        let pure = o
            .name
            .strip_prefix("stablehlo.")
            .is_some_and(|n| !IMPURE.contains(&n) && n != "return");
        let dead = o.results.iter().all(|&r| m.value(r).uses.is_empty()) && !o.results.is_empty();
        if pure && dead && o.regions.is_empty() && m.is_attached(op) {
            m.erase_op(op).expect("an op nothing reads erases");
        }
    }
}

/// Numeric SSA names under `main` dropped, so the printer numbers its values top to bottom
/// again (as after inlining); names such as `%cst` stay as hints.
fn renumber(m: &mut Module, main: OpId) {
    for op in m.walk_under(main) {
        let values: Vec<ValueId> = m.op(op).results.to_vec();
        for v in values {
            if m.value(v)
                .name
                .as_deref()
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            {
                m.value_mut(v).name = None;
            }
        }
    }
}

/// A diagnostic for each op under `main` whose types still hold a `?`.
fn left_symbolic(m: &Module, main: OpId) -> Vec<Diag> {
    (m.walk_under(main).into_iter())
        .filter(|&o| {
            let op = m.op(o);
            let args = blocks(m, o)
                .into_iter()
                .flat_map(|b| m.block(b).args.clone());
            op.results
                .iter()
                .chain(&op.operands)
                .any(|&v| has_symbolic(m.ty(v)))
                || args.into_iter().any(|a| has_symbolic(m.ty(a)))
        })
        .map(|o| {
            let op = m.op(o);
            Diag::new(
                "refine::left",
                op.user_span(),
                format!(
                    "`{}` still has a symbolic dimension after refinement",
                    op.name
                ),
            )
            .with_label("this op")
        })
        .collect()
}
