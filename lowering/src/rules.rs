//! The back-half's rules, prepared: each `select` rule's instruction checked against the nisa
//! op table (its op, its keywords and what each takes), each `kernel` item's layout, each
//! `route` rule's ops, predicates and engine. Problems are diagnostics on the rule text, for
//! `egfuse rules check` and before any lowering runs.

use egfuse_diag::{Diag, Span};
use egfuse_dsl::ast::{
    CmpOp, Expr, KernelItem, Literal, NisaCall, NisaValue, Pred, RouteRule, SelectRule,
};
use egfuse_dsl::{FileDiags, RuleSet};
use egfuse_nisa::spec::{op_named, Alu, Kind, Opcode, ALUS, FUNCS};
use egfuse_nisa::{Dtype, Engine};

/// The back-half's rules of a rule set, ready to run.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    pub selects: Vec<Select>,
    pub kernels: Vec<KernelLayout>,
    pub routes: Vec<Route>,
}

/// A select rule: its pattern, and its instruction's arguments by parameter index.
#[derive(Clone, Debug)]
pub struct Select {
    pub name: String,
    pub lhs: Expr,
    pub op: Opcode,
    pub args: Vec<(usize, NisaValue)>,
    /// The steps after the instruction, each rewriting its destination in place.
    pub then: Vec<Step>,
    /// How many ops the pattern covers: a larger match wins.
    pub size: usize,
    pub preds: Vec<SelectPred>,
}

/// A `then` step: an elementwise instruction whose `dst` is the select's destination again.
#[derive(Clone, Debug)]
pub struct Step {
    pub op: Opcode,
    pub args: Vec<(usize, NisaValue)>,
}

/// What a select rule asks of the values it binds, beyond the pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum SelectPred {
    /// The variable's elements are floats: the scalar engine computes in fp32, so an integer
    /// past 2^24 would lose bits there.
    IsFloat(String),
    IsInt(String),
    /// The variable's element type is one of these, as MLIR spells them (`i1`, `bf16`).
    Dtype(String, Vec<String>),
}

/// How a fused kind's kernel is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Rows (tokens) on the partitions, 128 at a time; each row on the free axis.
    Rows,
    /// The reduced (hidden) axis on the partitions as 128 x C/128; rows on the free axis.
    Columns,
}

#[derive(Clone, Debug)]
pub struct KernelLayout {
    pub kind: String,
    pub layout: Layout,
    /// Rows per tile on the free axis (`Columns`).
    pub tile: Option<u64>,
}

/// A route rule.
#[derive(Clone, Debug)]
pub struct Route {
    pub name: String,
    /// Empty: any op.
    pub ops: Vec<Opcode>,
    pub preds: Vec<RoutePred>,
    pub engine: Engine,
}

/// What a route rule asks of an instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum RoutePred {
    /// Every buffer it touches has one of these dtypes.
    Dtype(Vec<Dtype>),
    /// Every ALU operator it applies is one of these.
    Alu(Vec<Alu>),
    /// Whether some operand is in PSUM.
    ReadsPsum(bool),
}

impl Rules {
    /// The back-half rules of `set`, or every problem with them, by file.
    pub fn of(set: &RuleSet) -> Result<Rules, Vec<FileDiags>> {
        let mut rules = Rules::default();
        let mut problems: Vec<FileDiags> = Vec::new();
        let mut push = |file: &egfuse_dsl::RuleFile, d: Diag| match problems
            .iter_mut()
            .find(|p| p.name == file.name)
        {
            Some(p) => p.diags.push(d),
            None => problems.push(FileDiags {
                name: file.name.clone(),
                text: file.text.clone(),
                diags: vec![d],
            }),
        };
        for (file, r) in set.selects() {
            match select(r) {
                Ok(s) => rules.selects.push(s),
                Err(d) => d.into_iter().for_each(|d| push(file, d)),
            }
        }
        for (file, k) in set.kernels() {
            match kernel(k) {
                Ok(k) => rules.kernels.push(k),
                Err(d) => push(file, d),
            }
        }
        for (file, r) in set.routes() {
            match route(r) {
                Ok(r) => rules.routes.push(r),
                Err(d) => d.into_iter().for_each(|d| push(file, d)),
            }
        }
        if problems.is_empty() {
            Ok(rules)
        } else {
            Err(problems)
        }
    }

    /// The layout of kernels of `kind`.
    pub fn layout(&self, kind: &str) -> Option<&KernelLayout> {
        self.kernels.iter().find(|k| k.kind == kind)
    }
}

fn select(r: &SelectRule) -> Result<Select, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut preds = Vec::new();
    for p in &r.preds {
        let var = match p.args.as_slice() {
            [egfuse_dsl::ast::Arg::Var(v)] if p.compare.is_none() => Some(v.name.clone()),
            _ => None,
        };
        match (p.name.name.as_str(), var) {
            ("is_float", Some(v)) => preds.push(SelectPred::IsFloat(v)),
            ("is_int", Some(v)) => preds.push(SelectPred::IsInt(v)),
            ("dtype", None) => match dtype_pred(p) {
                Some(pred) => preds.push(pred),
                None => diags.push(select_pred(p.span)),
            },
            _ => diags.push(select_pred(p.span)),
        }
    }
    let first = call(&r.inst, false, &mut diags);
    let then: Vec<Step> = (r.then.iter())
        .filter_map(|c| call(c, true, &mut diags))
        .collect();
    if let (Some(f), Some(step)) = (&first, r.then.first()) {
        if !STEPS.contains(&f.op) {
            diags.push(
                Diag::new(
                    "lower::then",
                    step.span,
                    format!("`{}` cannot be followed by `then` steps", f.op.spec().name),
                )
                .with_label("a step after a reduce or a matmul")
                .with_help("steps follow an elementwise instruction, on its destination"),
            );
        }
    }
    match first {
        Some(f) if diags.is_empty() => Ok(Select {
            name: r.name.name.clone(),
            lhs: r.lhs.clone(),
            op: f.op,
            args: f.args,
            then,
            size: ops_in(&r.lhs),
            preds,
        }),
        _ => Err(diags),
    }
}

/// The instructions a `then` step may be: elementwise, so that one can work in place.
const STEPS: [Opcode; 5] = [
    Opcode::Activation,
    Opcode::TensorScalar,
    Opcode::TensorTensor,
    Opcode::TensorCopy,
    Opcode::Reciprocal,
];

/// One instruction of a select rule, checked against the op table; a `then` step (`step`) may
/// read `dst` and may not be a reduce, a matmul or a copy that keeps its destination.
fn call(c: &NisaCall, step: bool, diags: &mut Vec<Diag>) -> Option<Step> {
    let Some(spec) = op_named(&c.op.name) else {
        diags.push(unknown_op(&c.op.name, c.op.span));
        return None;
    };
    if step && !STEPS.contains(&spec.op) {
        diags.push(
            Diag::new(
                "lower::then",
                c.op.span,
                format!("`{}` cannot be a `then` step", spec.name),
            )
            .with_label("not elementwise")
            .with_help(
                "a step is activation, tensor_scalar, tensor_tensor, tensor_copy or reciprocal",
            ),
        );
    }
    let before = diags.len();
    let mut args = Vec::new();
    for a in &c.args {
        let Some(n) = spec.params.iter().position(|p| p.name == a.key.name) else {
            let keys: Vec<&str> = spec.params.iter().map(|p| p.name).collect();
            diags.push(
                Diag::new(
                    "lower::keyword",
                    a.key.span,
                    format!("`{}` has no argument `{}`", spec.name, a.key.name),
                )
                .with_label("unknown keyword")
                .with_help(format!("its arguments are {}", keys.join(", "))),
            );
            continue;
        };
        let kind = spec.params[n].kind;
        let starts_as = !step && kind == Kind::Dst && spec.op.keeps_dst();
        let reads_dst = step && kind == Kind::Src && is_dst(&a.value);
        let fits = if (starts_as && matches!(a.value, NisaValue::Var(_))) || reads_dst {
            None
        } else {
            value_fits(kind, &a.value)
        };
        if let Some(why) = fits {
            diags.push(
                Diag::new("lower::argument", a.span, format!("`{}` {why}", a.key.name))
                    .with_label("this value"),
            );
        }
        args.push((n, a.value.clone()));
    }
    for (n, p) in spec.params.iter().enumerate() {
        let filled = matches!(
            (spec.op, p.name),
            (_, "dst") | (Opcode::TensorReduce, "axis")
        );
        if p.required && !filled && !args.iter().any(|(i, _)| *i == n) {
            diags.push(
                Diag::new(
                    "lower::keyword",
                    c.span,
                    format!("`{}` needs `{} =`", spec.name, p.name),
                )
                .with_label(format!("no `{}` argument", p.name)),
            );
        }
    }
    (diags.len() == before).then_some(Step { op: spec.op, args })
}

/// Whether a step's value is `dst`: the destination the steps before it wrote.
pub fn is_dst(v: &NisaValue) -> bool {
    matches!(v, NisaValue::Literal(Literal::Word(w, _)) if w == "dst")
}

/// Why `v` cannot be an argument of this kind, if it cannot.
fn value_fits(kind: Kind, v: &NisaValue) -> Option<String> {
    let word = match v {
        NisaValue::Literal(Literal::Word(w, _)) => Some(w.as_str()),
        _ => None,
    };
    let number = matches!(
        v,
        NisaValue::Literal(Literal::Number(_))
            | NisaValue::Capture(_)
            | NisaValue::Recip(_)
            | NisaValue::Neg(_)
    );
    let ok = match kind {
        Kind::Dst => return Some("is the instruction's result: the lowering gives it".into()),
        Kind::Axes => {
            return Some("comes from the reduce's dimensions: the lowering gives it".into())
        }
        Kind::Src => matches!(v, NisaValue::Var(_)),
        Kind::Scalar => number || matches!(v, NisaValue::Var(_)),
        Kind::Float => number,
        Kind::Alu => word.is_some_and(|w| ALUS.iter().any(|a| a.1 == w)),
        Kind::Func => word.is_some_and(|w| FUNCS.iter().any(|f| f.1 == w)),
        Kind::Flag => matches!(word, Some("true" | "false")),
    };
    (!ok).then(|| {
        match kind {
            Kind::Src => "reads a value: give a variable of the pattern",
            Kind::Scalar => "takes a number, a capture or a variable",
            Kind::Float => "takes a number or a capture",
            Kind::Alu => "takes an ALU operator (add, subtract, multiply, divide, maximum, ...)",
            Kind::Func => "takes an activation function (exp, rsqrt, square, ...)",
            _ => "takes `true` or `false`",
        }
        .to_string()
    })
}

fn ops_in(e: &Expr) -> usize {
    match e {
        Expr::Op { pattern, .. } => 1 + pattern.operands.iter().map(ops_in).sum::<usize>(),
        _ => 0,
    }
}

fn unknown_op(name: &str, span: Span) -> Diag {
    let names: Vec<&str> = egfuse_nisa::spec::OPS.iter().map(|s| s.name).collect();
    Diag::new(
        "lower::unknown-op",
        span,
        format!("unknown nisa instruction `{name}`"),
    )
    .with_label("not a nisa instruction")
    .with_help(format!("the instructions are {}", names.join(", ")))
}

fn kernel(k: &KernelItem) -> Result<KernelLayout, Diag> {
    let layout = match k.layout.name.as_str() {
        "rows" => Layout::Rows,
        "columns" => Layout::Columns,
        other => {
            return Err(Diag::new(
                "lower::layout",
                k.layout.span,
                format!("unknown layout `{other}`"),
            )
            .with_label("not a layout")
            .with_help("the layouts are rows and columns"))
        }
    };
    let tile = match &k.tile {
        None => None,
        Some(n) => match n.as_int() {
            Some(t) if (1..=512).contains(&t) => Some(t as u64),
            _ => {
                return Err(Diag::new(
                    "lower::tile",
                    n.span,
                    "a tile is a whole number of rows from 1 to 512",
                )
                .with_label("512 fp32 values fill one PSUM bank"))
            }
        },
    };
    Ok(KernelLayout {
        kind: k.kind.name.clone(),
        layout,
        tile,
    })
}

/// `dtype(%x) == T | ...` as a select predicate.
fn dtype_pred(p: &Pred) -> Option<SelectPred> {
    let [egfuse_dsl::ast::Arg::Var(v)] = p.args.as_slice() else {
        return None;
    };
    let c = p.compare.as_ref().filter(|c| c.op == CmpOp::Eq)?;
    let types = c.rhs.iter().map(|l| match l {
        Literal::Word(w, _) => Some(w.clone()),
        _ => None,
    });
    Some(SelectPred::Dtype(
        v.name.clone(),
        types.collect::<Option<_>>()?,
    ))
}

fn select_pred(span: egfuse_diag::Span) -> Diag {
    Diag::new(
        "lower::select",
        span,
        "select rules take `is_float(%x)`, `is_int(%x)` and `dtype(%x) == T | ...` only",
    )
    .with_label("not supported by the lowering")
    .with_help("write other conditions into the pattern: constants, attributes, `commute`")
}

fn route(r: &RouteRule) -> Result<Route, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut ops = Vec::new();
    for o in &r.ops {
        match op_named(&o.name) {
            Some(s) => ops.push(s.op),
            None => diags.push(unknown_op(&o.name, o.span)),
        }
    }
    let engine = Engine::from_name(&r.engine.name);
    if engine.is_none() {
        diags.push(
            Diag::new(
                "lower::engine",
                r.engine.span,
                format!("unknown engine `{}`", r.engine.name),
            )
            .with_label("not an engine")
            .with_help("the engines are PE, ACT, DVE, GpSimd, SP, DMA"),
        );
    }
    let mut preds = Vec::new();
    for p in &r.preds {
        match route_pred(p) {
            Ok(p) => preds.push(p),
            Err(d) => diags.push(d),
        }
    }
    match engine {
        Some(engine) if diags.is_empty() => Ok(Route {
            name: r.name.name.clone(),
            ops,
            preds,
            engine,
        }),
        _ => Err(diags),
    }
}

fn route_pred(p: &Pred) -> Result<RoutePred, Diag> {
    let bad = |why: &str| {
        Diag::new("lower::route-pred", p.span, format!("`{}`: {why}", p.name.name))
            .with_label("not a route predicate")
            .with_help("route predicates: dtype() == i32 | ..., alu() == add | ..., reads_psum() == true | false")
    };
    let Some(c) = p
        .compare
        .as_ref()
        .filter(|c| c.op == CmpOp::Eq && p.args.is_empty())
    else {
        return Err(bad("write it as `name() == value | value`"));
    };
    let words: Vec<&str> = c
        .rhs
        .iter()
        .filter_map(|l| match l {
            Literal::Word(w, _) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    if words.len() != c.rhs.len() {
        return Err(bad("its values are words"));
    }
    match p.name.name.as_str() {
        "dtype" => words
            .iter()
            .map(|w| Dtype::from_name(w).ok_or_else(|| bad(&format!("`{w}` is not a nisa dtype"))))
            .collect::<Result<_, _>>()
            .map(RoutePred::Dtype),
        "alu" => words
            .iter()
            .map(|w| Alu::from_name(w).ok_or_else(|| bad(&format!("`{w}` is not an ALU operator"))))
            .collect::<Result<_, _>>()
            .map(RoutePred::Alu),
        "reads_psum" => match words[..] {
            ["true"] => Ok(RoutePred::ReadsPsum(true)),
            ["false"] => Ok(RoutePred::ReadsPsum(false)),
            _ => Err(bad("takes true or false")),
        },
        _ => Err(bad("unknown predicate")),
    }
}
