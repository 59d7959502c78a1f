//! Rewrite rules as egg rewrites: the searcher is [`super::search::Matcher`] over a rule side,
//! the applier builds the other side as new e-nodes and merges it with the matched class.
//!
//! A built op's result type is inferred: the root takes the matched class's type; an
//! elementwise op takes the type of its first operand whose type is known, or the type its
//! parent expects; a `splat(c)` constant takes the type its parent expects (an elementwise
//! parent expects its own type); any other interior op takes the type its parent expects. A
//! side whose types cannot be inferred is not applied (and never builds an ill-typed op).

use super::frontier;
use super::lang::{Build, Children, Node};
use super::layout::Bound;
use super::meta::{Graph, Meta, Template, ABSENT};
use super::search::{candidate_classes_where, Env, Matcher};
use crate::catalog::is_elementwise;
use egfuse_dsl::ast::{
    AttrValue, ConstValue, Direction, Expr, Literal, OpPattern, Pred, RewriteRule,
};
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, NamedAttr, Type};
use egg::{Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Mutex;

/// One direction of a rewrite rule.
pub struct Side {
    from: Expr,
    to: Expr,
    preds: Vec<Pred>,
    vars: Vec<(String, Var)>,
    /// How many levels below its root `from` reads ([`super::frontier`]).
    depth: u32,
    built: Mutex<Built>,
}

/// The classes this side built, by match: egg applies every match again in every iteration,
/// and rebuilding a side that exists costs interning its templates and hashing its nodes.
/// Sound because a match (the matched class and its variables' classes) determines the term
/// built; entries of another graph are dropped.
#[derive(Default)]
struct Built {
    graph: u64,
    by_match: FxHashMap<Vec<Id>, Id>,
}

/// The egg rewrites of `rule`: one, or two for `<=>`; an error names a side that reads a
/// variable its other side does not bind (the rule checks prevent it; this never panics).
pub fn rewrites(rule: &RewriteRule) -> Result<Vec<Rewrite<Node, Meta>>, String> {
    let mut out = Vec::new();
    let mut dirs = vec![(&rule.lhs, &rule.rhs, rule.name.name.clone())];
    if rule.direction == Direction::Both {
        dirs.push((&rule.rhs, &rule.lhs, format!("{}-reverse", rule.name.name)));
    }
    for (from, to, name) in dirs {
        let side = || Side {
            from: from.clone(),
            to: to.clone(),
            preds: rule.preds.clone(),
            vars: variables(from),
            depth: depth(from),
            built: Mutex::default(),
        };
        out.push(Rewrite::new(name, side(), side())?);
    }
    Ok(out)
}

/// The variables and captures a side binds, with their egg names.
fn variables(e: &Expr) -> Vec<(String, Var)> {
    fn walk(e: &Expr, out: &mut Vec<(String, Var)>) {
        let mut add = |name: String| {
            if !out.iter().any(|(n, _)| *n == name) {
                let var = Var::from_str(&format!("?{name}")).expect("a ?name is a variable");
                out.push((name, var));
            }
        };
        match e {
            Expr::Var(v) => add(v.name.clone()),
            Expr::Const(c) => {
                if let ConstValue::Capture(cap) = &c.value {
                    add(format!("${}", cap.name));
                }
            }
            Expr::Wildcard(_) => {}
            Expr::Op { pattern, name } => {
                if let Some(n) = name {
                    add(n.name.clone());
                }
                for a in &pattern.attrs {
                    if let AttrValue::Capture(c) = &a.value {
                        add(format!("${}", c.name));
                    }
                }
                pattern.operands.iter().for_each(|o| walk(o, out));
            }
        }
    }
    let mut out = Vec::new();
    walk(e, &mut out);
    out
}

/// How many levels below its root a side reads: an op reads its nodes' children (variables,
/// constants and wildcards among them), attribute leaves included.
fn depth(e: &Expr) -> u32 {
    match e {
        Expr::Op { pattern, .. } => 1 + pattern.operands.iter().map(depth).max().unwrap_or(0),
        Expr::Var(_) | Expr::Const(_) | Expr::Wildcard(_) => 0,
    }
}

/// The op patterns of `e` below its root, each with its level (the root's is `level`).
fn interior_ops<'e>(e: &'e Expr, level: u32, out: &mut Vec<(&'e OpPattern<Expr>, u32)>) {
    if let Expr::Op { pattern, .. } = e {
        if level > 0 {
            out.push((pattern, level));
        }
        for o in &pattern.operands {
            interior_ops(o, level + 1, out);
        }
    }
}

/// The `as %name` names of a side.
fn interior_names(e: &Expr) -> Vec<String> {
    match e {
        Expr::Op { pattern, name } => name
            .iter()
            .map(|n| n.name.clone())
            .chain(pattern.operands.iter().flat_map(interior_names))
            .collect(),
        _ => Vec::new(),
    }
}

impl Side {
    fn var(&self, name: &str) -> Option<Var> {
        self.vars.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// The egg variable of capture `$name`.
    fn capture_var(&self, name: &str) -> Option<Var> {
        self.vars
            .iter()
            .find(|(n, _)| n.strip_prefix('$') == Some(name))
            .map(|(_, v)| *v)
    }
}

impl Searcher<Node, Meta> for Side {
    /// Searches only the classes that hold the side's root op near its rarest op
    /// ([`frontier::anchored`]) and, after saturation's first iteration, near a change
    /// ([`super::frontier`]).
    fn search_with_limit(&self, egraph: &Graph, limit: usize) -> Vec<SearchMatches<'_, Node>> {
        let Expr::Op { pattern, .. } = &self.from else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut left = limit;
        let frontier = &egraph.analysis.frontier;
        let classes = candidate_classes_where(egraph, pattern, |c| frontier.admits(c, self.depth));
        let mut below = Vec::new();
        interior_ops(&self.from, 0, &mut below);
        for class in frontier::anchored(egraph, classes, &below) {
            if left == 0 {
                break;
            }
            if let Some(m) = self.search_eclass_with_limit(egraph, class, left) {
                left = left.saturating_sub(m.substs.len());
                out.push(m);
            }
        }
        out
    }

    fn search_eclass_with_limit(
        &self,
        egraph: &Graph,
        eclass: Id,
        limit: usize,
    ) -> Option<SearchMatches<'_, Node>> {
        let m = Matcher::new(egraph);
        let mut substs = Vec::new();
        m.each_expr(&self.from, eclass, &mut |env| {
            if substs.len() >= limit {
                return ControlFlow::Break(());
            }
            if m.preds_hold(&self.preds, env) {
                if let Some(s) = self.subst(env) {
                    substs.push(s);
                }
            }
            ControlFlow::Continue(())
        });
        (!substs.is_empty()).then_some(SearchMatches {
            eclass,
            substs,
            ast: None,
        })
    }

    fn vars(&self) -> Vec<Var> {
        self.vars.iter().map(|(_, v)| *v).collect()
    }
}

impl Side {
    /// A match as egg's substitution (`None` if it binds a name the side does not know).
    fn subst(&self, env: &Env) -> Option<Subst> {
        let mut s = Subst::with_capacity(self.vars.len());
        for &(name, id) in &env.values {
            s.insert(self.var(name)?, id);
        }
        for &(name, id) in &env.captures {
            s.insert(self.capture_var(name)?, id);
        }
        Some(s)
    }
}

impl Applier<Node, Meta> for Side {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _ast: Option<&PatternAst<Node>>,
        _rule: Symbol,
    ) -> Vec<Id> {
        let key: Vec<Id> = std::iter::once(eclass)
            .chain(self.vars.iter().filter_map(|(_, v)| subst.get(*v).copied()))
            .map(|c| egraph.find(c))
            .collect();
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if built.graph != egraph.analysis.graph {
            *built = Built {
                graph: egraph.analysis.graph,
                by_match: FxHashMap::default(),
            };
        }
        let id = match built.by_match.get(&key) {
            Some(&id) => id,
            None => {
                let ty = egraph[eclass].data.ty.as_deref().cloned();
                let Some(id) = self.build(egraph, &self.to, (eclass, subst), ty) else {
                    return Vec::new();
                };
                built.by_match.insert(key, id);
                id
            }
        };
        if egraph.union(eclass, id) {
            vec![eclass]
        } else {
            Vec::new()
        }
    }

    /// The variables building `to` reads: its values and captures, not its interior names.
    fn vars(&self) -> Vec<Var> {
        let interior = interior_names(&self.to);
        variables(&self.to)
            .into_iter()
            .filter(|(n, _)| !interior.contains(n))
            .map(|(_, v)| v)
            .collect()
    }
}

impl Side {
    /// Adds the nodes of `e` with result type `expected`, for the match `(root, s)`; `None` when
    /// a type or a derived attribute is unknown.
    fn build(
        &self,
        g: &mut Graph,
        e: &Expr,
        (root, s): (Id, &Subst),
        expected: Option<Type>,
    ) -> Option<Id> {
        match e {
            Expr::Var(v) => s.get(self.var(&v.name)?).copied(),
            Expr::Wildcard(_) => None,
            Expr::Const(c) => {
                let value = match &c.value {
                    ConstValue::Number(n) => n.value,
                    ConstValue::Capture(cap) => {
                        g[*s.get(self.capture_var(&cap.name)?)?].data.splat?
                    }
                };
                splat_constant(g, value, expected?)
            }
            Expr::Op { pattern, .. } => self.build_op(g, pattern, (root, s), expected),
        }
    }

    /// Adds the op `pattern` builds and its operands (see [`Side::build`]).
    fn build_op(
        &self,
        g: &mut Graph,
        pattern: &OpPattern<Expr>,
        (root, s): (Id, &Subst),
        expected: Option<Type>,
    ) -> Option<Id> {
        let name = pattern.ops.first()?.name.as_str();
        let elementwise = is_elementwise(name);
        let ty = match expected {
            Some(t) => t,
            None if elementwise && !name.ends_with(".convert") => {
                self.known_type(g, &pattern.operands, s)?
            }
            None => return None,
        };
        let given = |n: &str| pattern.attrs.iter().any(|a| a.name.name.ends_with(n));
        // A dot or reduce whose side leaves out its dimensions takes them from the matched
        // side; one it cannot derive is not built.
        type Derive = fn(&Graph, &Expr, Id, &Bound) -> Option<super::layout::Derived>;
        let derive: Option<Derive> = match name {
            "stablehlo.dot_general" if !given("_dimensions") => Some(super::dot_views::derived_dot),
            "stablehlo.reduce" if !given("dimensions") => Some(super::reduce_views::derived_reduce),
            _ => None,
        };
        let derived = match derive {
            Some(f) => Some(self.with_bound(s, |b| f(g, &self.from, root, b))?),
            None => None,
        };
        let window = match name == "stablehlo.slice" && !given("_indices") {
            true => match self.derived_window(g, pattern, (root, s))? {
                Some(props) => props,
                // The window is all of the operand: the slice is the operand itself.
                None => return self.build(g, pattern.operands.first()?, (root, s), Some(ty)),
            },
            false => Vec::new(),
        };
        let mut args = Children::new();
        for (i, o) in pattern.operands.iter().enumerate() {
            let t = match &derived {
                Some(d) => d.operands.get(i).cloned(),
                None => self.operand_type(g, name, &ty, o, &pattern.operands, s),
            };
            args.push(self.build(g, o, (root, s), t)?);
        }
        let mut props = Vec::new();
        for a in &pattern.attrs {
            let value = match &a.value {
                AttrValue::Capture(c) => {
                    let leaf = *s.get(self.capture_var(&c.name)?)?;
                    Matcher::new(g).attr_value(leaf)?.clone()
                }
                AttrValue::Match(lits) => literal_attr(lits.first()?)?,
                AttrValue::Var(_) => return None,
            };
            props.push(NamedAttr {
                name: a.name.name.as_str().into(),
                value,
            });
        }
        let (leaves, regions) = match derived {
            Some(d) => {
                props.extend(d.props);
                (d.leaves, d.regions)
            }
            None => (Vec::new(), None),
        };
        props.extend(window);
        if name == "stablehlo.broadcast_in_dim" && !given("broadcast_dimensions") {
            props.push(self.derived_dims(g, pattern, (root, s), &ty)?);
        }
        props.sort_by(|a, b| a.name.cmp(&b.name));
        let template = Template {
            name: name.to_string(),
            props,
            ty: g.analysis.ty(&ty),
            regions,
        };
        Some(add_op(g, template, &leaves, args))
    }

    /// The `broadcast_dimensions` of a built `broadcast_in_dim(%x)` that its side leaves out:
    /// where the matched side carries each dimension of `%x` ([`super::layout`]).
    fn derived_dims(
        &self,
        g: &Graph,
        pattern: &OpPattern<Expr>,
        (root, s): (Id, &Subst),
        ty: &Type,
    ) -> Option<NamedAttr> {
        let [Expr::Var(v)] = pattern.operands.as_slice() else {
            return None;
        };
        let to = ty.as_tensor()?.dims.clone()?;
        let dims = self.with_bound(s, |b| {
            super::layout::derived_broadcast_dims(g, &self.from, root, &v.name, &to, b)
        })?;
        Some(NamedAttr {
            name: "broadcast_dimensions".into(),
            value: Attr::i64_array(dims),
        })
    }

    /// The indices of a built `slice(%x)` that its side leaves out: the window of `%x` the
    /// matched slice of a dot reads ([`super::dot_views`]), `None` inside for all of it.
    fn derived_window(
        &self,
        g: &Graph,
        pattern: &OpPattern<Expr>,
        (root, s): (Id, &Subst),
    ) -> Option<Option<Vec<NamedAttr>>> {
        let [Expr::Var(v)] = pattern.operands.as_slice() else {
            return None;
        };
        self.with_bound(s, |b| {
            super::dot_views::derived_slice(g, &self.from, root, &v.name, b)
        })
    }

    /// Runs `f` with the classes and attribute leaves the match `s` binds, by name.
    fn with_bound<T>(&self, s: &Subst, f: impl FnOnce(&super::layout::Bound) -> T) -> T {
        let value = |name: &str| s.get(self.var(name)?).copied();
        let capture = |name: &str| s.get(self.capture_var(name)?).copied();
        f(&super::layout::Bound {
            value: &value,
            capture: &capture,
        })
    }

    /// The type operand `o` of a built `name` op of type `ty` must have, when the op says: its
    /// own type for elementwise ops whose operands share it; for `convert`, its shape with the
    /// operand's element type; for `compare`, a sibling's type. `None` lets the operand infer
    /// its type from its own operands.
    fn operand_type(
        &self,
        g: &Graph,
        name: &str,
        ty: &Type,
        o: &Expr,
        operands: &[Expr],
        s: &Subst,
    ) -> Option<Type> {
        let stem = name.rsplit('.').next().unwrap_or(name);
        if stem == "convert" {
            let elem = self.known_elem(g, o, s)?;
            let dims = ty.as_tensor()?.dims.clone()?;
            return Some(Type::tensor(dims, elem));
        }
        match stem {
            // A convert under an op that keeps element types converts to that op's element type;
            // its shape is its operand's.
            _ if keeps_elem(stem) && is_convert(o) => {
                let Expr::Op { pattern, .. } = o else {
                    return None;
                };
                let inner = self.known_type(g, &pattern.operands, s)?;
                Some(Type::tensor(
                    inner.as_tensor()?.dims.clone()?,
                    ty.elem()?.clone(),
                ))
            }
            "compare" => self.known_type(g, operands, s),
            "select" if std::ptr::eq(o, &operands[0]) => None,
            "select" => Some(ty.clone()),
            "bitcast_convert" | "is_finite" | "real" | "imag" | "complex" => None,
            _ if is_elementwise(name) => Some(ty.clone()),
            _ => None,
        }
    }

    /// The element type of `e` when it is known without building it: a variable's, or that of
    /// the first operand of an op that keeps its operand's element type.
    fn known_elem(&self, g: &Graph, e: &Expr, s: &Subst) -> Option<ElemType> {
        match e {
            Expr::Var(v) => g[*s.get(self.var(&v.name)?)?]
                .data
                .ty
                .as_ref()?
                .elem()
                .cloned(),
            Expr::Op { pattern, .. } => {
                let name = pattern.ops.first()?.name.as_str();
                let stem = name.rsplit('.').next().unwrap_or(name);
                let keeps = keeps_elem(stem) || (is_elementwise(name) && stem != "convert");
                if keeps {
                    self.known_elem(g, pattern.operands.first()?, s)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The type of the first operand whose type is known without building it.
    fn known_type(&self, g: &Graph, operands: &[Expr], s: &Subst) -> Option<Type> {
        operands.iter().find_map(|o| match o {
            Expr::Var(v) => g[*s.get(self.var(&v.name)?)?].data.ty.as_deref().cloned(),
            Expr::Op { pattern, .. } if is_elementwise(&pattern.ops.first()?.name) => {
                self.known_type(g, &pattern.operands, s)
            }
            _ => None,
        })
    }
}

/// Whether an op (by its name's last part) moves elements without changing their type.
fn keeps_elem(stem: &str) -> bool {
    matches!(
        stem,
        "broadcast_in_dim" | "reshape" | "transpose" | "slice" | "reverse"
    )
}

fn is_convert(e: &Expr) -> bool {
    matches!(e, Expr::Op { pattern, .. } if pattern.ops.first().is_some_and(|n| n.name.ends_with(".convert")))
}

/// Adds a splat constant of `value` and type `ty` (`None` where [`splat_attr`] cannot spell it).
pub(super) fn splat_constant(g: &mut Graph, value: f64, ty: Type) -> Option<Id> {
    let props = vec![NamedAttr {
        name: "value".into(),
        value: splat_attr(value, &ty)?,
    }];
    let template = Template {
        name: "stablehlo.constant".to_string(),
        props,
        ty: g.analysis.ty(&ty),
        regions: None,
    };
    Some(add_op(g, template, &[], Children::new()))
}

/// Adds a template op node with its attribute leaves: its properties, and `extra` for leaves
/// that are none (a reduce's body).
fn add_op(g: &mut Graph, template: Template, extra: &[NamedAttr], operands: Children) -> Id {
    let symbol = Symbol::from(template.name.as_str());
    let leaves: Vec<u32> = g
        .analysis
        .leaves_of(symbol)
        .to_vec()
        .iter()
        .map(|n| {
            match template
                .props
                .iter()
                .chain(extra)
                .find(|a| &*a.name == n.as_str())
            {
                Some(a) => g.analysis.attrs.intern(a.value.clone()),
                None => ABSENT,
            }
        })
        .collect();
    let build = Build::Template(g.analysis.templates.intern(template));
    let count = operands.len() as u32;
    let mut args = operands;
    for k in leaves {
        args.push(g.add(Node::Attr(k)));
    }
    g.add(Node::Op {
        name: symbol,
        build,
        operands: count,
        args,
    })
}

/// `dense<c>` of type `ty`, spelled for its element type (`None` for infinities, for a
/// non-integral value of an integer type, and for complex or quantized types).
pub(super) fn splat_attr(value: f64, ty: &Type) -> Option<Attr> {
    let text = match ty.elem()? {
        ElemType::Float(_) if value.is_finite() => float_text(value),
        ElemType::Int { .. } if value.fract() == 0.0 => format!("{}", value as i64),
        _ => return None,
    };
    Some(Attr::Dense {
        body: DenseBody::Elems(DenseElem::Scalar(text.into())),
        ty: ty.clone(),
    })
}

/// A float as MLIR spells it: a mantissa with a fraction, then an exponent (`1.0e0`, `2.5e-1`).
pub fn float_text(value: f64) -> String {
    // Rust writes `{:e}` as MLIR does but for the fraction of a whole mantissa (`1e0`).
    let mut text = format!("{value:e}");
    let e = text.find('e').unwrap_or_else(|| {
        text.push_str("e0");
        text.len() - 2
    });
    if !text[..e].contains('.') {
        text.insert_str(e, ".0");
    }
    text
}

/// The attribute a literal in a built side stands for.
fn literal_attr(l: &Literal) -> Option<Attr> {
    match l {
        Literal::Number(n) => Some(match n.as_int() {
            Some(i) => Attr::Int {
                value: i as i128,
                ty: None,
            },
            None => Attr::Float {
                text: n.text.as_str().into(),
                ty: None,
            },
        }),
        Literal::Str(s, _) => Some(Attr::string(s)),
        _ => None,
    }
}
