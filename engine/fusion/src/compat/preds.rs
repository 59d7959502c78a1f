//! What a match binds (values and captured attributes) and the predicates of the rule
//! language evaluated against the IR: use counts (the seed's `getNumUsers`), "not inside a
//! fusion" and "in a function body" (P0; for egraph mode's grow, in any block egraph mode
//! fuses), element types, ranks, shapes.

use egfuse_dsl::ast::{Arg, CmpOp, Literal, Pred};
use egfuse_ir::{Attr, ElemType, Module, OpId, Type, ValueId};
use rustc_hash::FxHashMap;

pub type Captures = FxHashMap<String, Attr>;

/// The variables and captures a partial match has bound.
#[derive(Clone, Debug, Default)]
pub struct Env {
    pub values: FxHashMap<String, ValueId>,
    pub captures: Captures,
}

impl Env {
    /// Binds `%name` to `v`, or checks it is already `v` (the same variable twice is the same
    /// value).
    pub fn bind_value(&mut self, name: &str, v: ValueId) -> bool {
        *self.values.entry(name.to_string()).or_insert(v) == v
    }

    /// Binds `$name` to `a`, or checks it equals what it captured before.
    pub fn bind_capture(&mut self, name: &str, a: Attr) -> bool {
        match self.captures.get(name) {
            Some(old) => *old == a,
            None => {
                self.captures.insert(name.to_string(), a);
                true
            }
        }
    }
}

/// An attribute of `op` as rules name it: its own attributes, the fields of its struct
/// attributes (the flattened dot dimension numbers), and `body`, the single op a reduce's body
/// applies (as a string).
pub fn attr_of(m: &Module, op: OpId, name: &str) -> Option<Attr> {
    egfuse_ir::facts::attr_of(m, op, name)
}

/// Whether a literal of a rule matches an attribute.
pub fn literal_matches(l: &Literal, a: &Attr) -> bool {
    match l {
        Literal::Wildcard(_) => true,
        Literal::Number(n) => match a {
            Attr::Int { value, .. } => n.as_int().is_some_and(|i| i as i128 == *value),
            Attr::Float { text, .. } => text.parse::<f64>().is_ok_and(|x| x == n.value),
            _ => false,
        },
        Literal::Str(s, _) => a.as_str().is_some_and(|t| t == *s),
        Literal::Word(w, _) => match a {
            Attr::Enum { value, .. } => **value == **w,
            Attr::Str { .. } => a.as_str().is_some_and(|t| t == *w),
            _ => false,
        },
        Literal::List(items, _) => match int_list(a) {
            Some(v) => {
                v.len() == items.len()
                    && items.iter().zip(&v).all(|(l, &x)| match l {
                        Literal::Number(n) => n.as_int() == Some(x),
                        Literal::Wildcard(_) => true,
                        _ => false,
                    })
            }
            None => false,
        },
    }
}

/// The integers of an `array<i64: ...>`, `[1, 2]` or `dense<[1, 2]>` attribute.
pub fn int_list(a: &Attr) -> Option<Vec<i64>> {
    egfuse_ir::facts::int_list(a)
}

/// What predicates ask of a value, for the IR (compat mode) and for e-classes (egraph mode).
pub trait Facts {
    type Value: Copy + Eq + std::hash::Hash;
    /// The value's type.
    fn ty(&self, v: Self::Value) -> Option<&Type>;
    /// How many ops use it (the seed's `getNumUsers`).
    fn uses(&self, v: Self::Value) -> usize;
    /// Whether it is defined outside any `mhlo.fusion`.
    fn not_fused(&self, v: Self::Value) -> bool;
    /// Whether it is defined directly in a function body.
    fn top_level(&self, v: Self::Value) -> bool;
    /// Whether its op keeps the layout ([`egfuse_ir::facts::keeps_layout`]).
    fn keeps_layout(&self, v: Self::Value) -> bool;
    /// Whether its op is not a constant table ([`egfuse_ir::facts::is_table`]).
    fn no_table(&self, v: Self::Value) -> bool;
    /// Whether its op is not a concatenate of operands of different shapes.
    fn even_pieces(&self, v: Self::Value) -> bool;
}

impl Facts for Module {
    type Value = ValueId;
    fn ty(&self, v: ValueId) -> Option<&Type> {
        Some(Module::ty(self, v))
    }
    fn uses(&self, v: ValueId) -> usize {
        self.value(v).uses.len()
    }
    fn not_fused(&self, v: ValueId) -> bool {
        !parent_is(self, v, "mhlo.fusion")
    }
    fn top_level(&self, v: ValueId) -> bool {
        parent_is(self, v, "func.func")
    }
    fn keeps_layout(&self, v: ValueId) -> bool {
        (self.defining_op(v)).is_some_and(|op| egfuse_ir::facts::keeps_layout(self, op))
    }
    fn no_table(&self, v: ValueId) -> bool {
        (self.defining_op(v)).is_some_and(|op| !egfuse_ir::facts::is_table(self, op))
    }
    fn even_pieces(&self, v: ValueId) -> bool {
        (self.defining_op(v)).is_some_and(|op| egfuse_ir::facts::even_pieces(self, op))
    }
}

/// Where a grow rule's `top_level` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In function bodies only: the seed's P0 (compat mode).
    FunctionBodies,
    /// In every block egraph mode fuses ([`egfuse_ir::blocks`]): function bodies and the
    /// blocks of their `while`, `case` and `if`, nested to any depth.
    ControlFlow,
}

/// The module's facts with `top_level` holding in every block of [`Scope::ControlFlow`].
pub struct InControlFlow<'m>(pub &'m Module);

impl Facts for InControlFlow<'_> {
    type Value = ValueId;
    fn ty(&self, v: ValueId) -> Option<&Type> {
        Some(self.0.ty(v))
    }
    fn uses(&self, v: ValueId) -> usize {
        self.0.value(v).uses.len()
    }
    fn not_fused(&self, v: ValueId) -> bool {
        self.0.not_fused(v)
    }
    fn top_level(&self, v: ValueId) -> bool {
        (self.0.value_block(v)).is_some_and(|b| egfuse_ir::blocks::is_fused(self.0, b))
    }
    fn keeps_layout(&self, v: ValueId) -> bool {
        self.0.keeps_layout(v)
    }
    fn no_table(&self, v: ValueId) -> bool {
        self.0.no_table(v)
    }
    fn even_pieces(&self, v: ValueId) -> bool {
        self.0.even_pieces(v)
    }
}

/// Evaluates a predicate of a complete match.
pub fn pred_holds<F: Facts>(
    f: &F,
    p: &Pred,
    values: &FxHashMap<String, F::Value>,
    caps: &Captures,
) -> bool {
    let value = |i: usize| match p.args.get(i) {
        Some(Arg::Var(v)) => values.get(&v.name).copied(),
        _ => None,
    };
    let tensor = |i: usize| value(i).and_then(|v| f.ty(v)?.as_tensor().cloned());
    let result = match p.name.name.as_str() {
        "single_use" => return value(0).is_some_and(|v| f.uses(v) <= 1),
        "not_fused" => return value(0).is_some_and(|v| f.not_fused(v)),
        "top_level" => return value(0).is_some_and(|v| f.top_level(v)),
        "keeps_layout" => return value(0).is_some_and(|v| f.keeps_layout(v)),
        "no_table" => return value(0).is_some_and(|v| f.no_table(v)),
        "even_pieces" => return value(0).is_some_and(|v| f.even_pieces(v)),
        "moves_units" => {
            let perm = match p.args.first() {
                Some(Arg::Capture(c)) => caps.get(&c.name).and_then(int_list),
                _ => None,
            };
            let dims = tensor(1).and_then(|t| t.dims);
            return perm
                .zip(dims)
                .is_some_and(|(p, d)| egfuse_ir::facts::moves_units(&p, &d));
        }
        "is_float" => return tensor(0).is_some_and(|t| t.elem.is_float()),
        "is_int" => return tensor(0).is_some_and(|t| t.elem.is_int()),
        "same_shape" => {
            return tensor(0)
                .zip(tensor(1))
                .is_some_and(|(a, b)| a.dims == b.dims)
        }
        "same_squeezed" => {
            return tensor(0)
                .zip(tensor(1))
                .is_some_and(|(a, b)| squeezed(&a).is_some_and(|a| Some(a) == squeezed(&b)))
        }
        "same_type" => {
            return value(0)
                .zip(value(1))
                .is_some_and(|(a, b)| f.ty(a).is_some() && f.ty(a) == f.ty(b))
        }
        "uses" => Measure::Int(value(0).map_or(0, |v| f.uses(v) as i64)),
        "rank" => Measure::Int(tensor(0).and_then(|t| t.rank()).map_or(-1, |r| r as i64)),
        "len" => Measure::Int(match p.args.first() {
            Some(Arg::Capture(c)) => caps
                .get(&c.name)
                .and_then(int_list)
                .map_or(-1, |v| v.len() as i64),
            _ => -1,
        }),
        "dtype" => Measure::Word(tensor(0).map(|t| dtype_word(&t.elem)).unwrap_or_default()),
        "shape" => Measure::List(tensor(0).and_then(|t| t.dims).unwrap_or_default()),
        _ => return false,
    };
    let Some(cmp) = &p.compare else { return false };
    match cmp.op {
        CmpOp::Ne => !cmp.rhs.iter().any(|l| result.compare(CmpOp::Eq, l)),
        op => cmp.rhs.iter().any(|l| result.compare(op, l)),
    }
}

enum Measure {
    Int(i64),
    Word(String),
    List(Vec<i64>),
}

impl Measure {
    fn compare(&self, op: CmpOp, l: &Literal) -> bool {
        let ord = match (self, l) {
            (Measure::Int(x), Literal::Number(n)) => n.as_int().map(|y| x.cmp(&y)),
            (Measure::Word(w), Literal::Word(v, _)) => Some(if w == v {
                std::cmp::Ordering::Equal
            } else {
                std::cmp::Ordering::Less
            }),
            (Measure::List(dims), Literal::List(..)) => {
                let attr = Attr::Array(
                    dims.iter()
                        .map(|&d| Attr::Int {
                            value: d as i128,
                            ty: None,
                        })
                        .collect(),
                );
                Some(if literal_matches(l, &attr) {
                    std::cmp::Ordering::Equal
                } else {
                    std::cmp::Ordering::Less
                })
            }
            _ => None,
        };
        let Some(ord) = ord else { return false };
        match op {
            CmpOp::Eq => ord.is_eq(),
            CmpOp::Ne => !ord.is_eq(),
            CmpOp::Lt => ord.is_lt(),
            CmpOp::Le => ord.is_le(),
            CmpOp::Gt => ord.is_gt(),
            CmpOp::Ge => ord.is_ge(),
        }
    }
}

/// The rule language's word for an element type (`f32`, `bf16`, `c64`, `ui8`).
fn dtype_word(e: &ElemType) -> String {
    match e {
        ElemType::Complex(inner) => match &**inner {
            ElemType::Float(k) => format!("c{}", 2 * k.bits()),
            _ => "complex".to_string(),
        },
        other => {
            let mut out = String::new();
            egfuse_ir::print::attr::write_elem(&mut out, other);
            out
        }
    }
}

/// Whether the op enclosing the definition of `v` is named `name`.
fn parent_is(m: &Module, v: ValueId, name: &str) -> bool {
    m.value_block(v)
        .and_then(|b| m.block_parent_op(b))
        .is_some_and(|p| &*m.op(p).name == name)
}

/// The scalar of a splat `dense<c>` attribute: [`egfuse_ir::facts::splat_scalar`].
pub fn splat_of_dense(a: &Attr) -> Option<f64> {
    egfuse_ir::facts::splat_scalar(a)
}

/// A static shape without its dimensions of size 1 (`None` for an unranked or dynamic shape).
pub(crate) fn squeezed(t: &egfuse_ir::TensorType) -> Option<Vec<i64>> {
    let dims = t.dims.as_ref()?;
    if dims.iter().any(|&d| d < 0) {
        return None;
    }
    Some(dims.iter().copied().filter(|&d| d != 1).collect())
}
