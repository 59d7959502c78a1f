//! A rule's pattern as a small dataflow graph to instantiate: inputs (the rule's variables and
//! `_`), splat constants and ops, operands before their users, the root last.
//!
//! A rewrite side is a tree whose variables are shared inputs, except a variable that an
//! `as %name` gives elsewhere in the tree: that is the named node, built once where the first
//! of its places is met (so a shared sub-expression is one node); a fusion body is a list of
//! bindings whose unbound variables are inputs; a grow rule has no fixed pattern, so it stands
//! for a chain of ops of its class. Op alternatives (`stablehlo.multiply | stablehlo.divide`)
//! make several patterns: [`Pattern::choices`] counts them and every builder takes the
//! combination to build.

use egfuse_dsl::ast::{
    Arg, AttrValue, Binding, CmpOp, ConstValue, Expr, Grow, Literal, OpPattern, Operand, Pred,
};

/// A node's index in [`Pattern::nodes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub usize);

/// One value of the pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// An input of the instance: a variable (its name without `%`) or `_` (named `_N`).
    Input(String),
    /// A splat constant.
    Const(ConstSpec),
    Op(OpNode),
}

/// A constant's value: written, or captured (`splat($c)`) and chosen when instantiating.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstSpec {
    Value(f64),
    Capture(String),
}

/// An op of the pattern with its operands and the attributes the rule names.
#[derive(Clone, Debug, PartialEq)]
pub struct OpNode {
    pub name: String,
    pub operands: Vec<NodeId>,
    pub attrs: Vec<(String, AttrSpec)>,
    /// The element types the rule's `dtype(%v) == T | ...` on its own result admits (empty
    /// when it names none).
    pub dtypes: Vec<String>,
}

/// What the rule says of an attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrSpec {
    /// `$d`: chosen when instantiating, equal wherever the capture appears.
    Capture(String),
    /// A literal (the first of alternatives); `_` leaves the attribute free.
    Literal(Literal),
}

/// The graph of one instance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pattern {
    pub nodes: Vec<Node>,
    pub root: NodeId,
    /// For inputs a rule's `dtype(%x) == T | ...` names, the element types it admits (an MX
    /// dequantize's fp8 elements and scales).
    pub input_dtypes: Vec<(String, Vec<String>)>,
}

impl Pattern {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// The inputs in order of first appearance.
    pub fn inputs(&self) -> Vec<NodeId> {
        (0..self.nodes.len())
            .map(NodeId)
            .filter(|&id| matches!(self.node(id), Node::Input(_)))
            .collect()
    }

    /// The ops in order.
    pub fn ops(&self) -> impl Iterator<Item = (NodeId, &OpNode)> {
        self.nodes.iter().enumerate().filter_map(|(i, n)| match n {
            Node::Op(o) => Some((NodeId(i), o)),
            _ => None,
        })
    }

    /// The numbers of alternatives of each op pattern of a rewrite side, in build order (the
    /// builder's own walk, so a named node counts once, where it is built).
    pub fn choices(e: &Expr) -> Vec<usize> {
        let mut b = Builder::new(&[]);
        b.expr(e, &named_nodes(e), &mut Vec::new());
        b.alternatives
    }

    /// The numbers of alternatives of each binding of a fusion body.
    pub fn binding_choices(bindings: &[Binding]) -> Vec<usize> {
        bindings.iter().map(|b| b.op.ops.len()).collect()
    }

    /// The pattern of a rewrite side with the ops `pick` chooses (one index per op pattern,
    /// in the order of [`Pattern::choices`]).
    pub fn from_expr(e: &Expr, pick: &[usize]) -> Pattern {
        let mut b = Builder::new(pick);
        let named = named_nodes(e);
        let root = b.expr(e, &named, &mut Vec::new());
        b.finish(root)
    }

    /// The pattern of a fusion body with the ops `pick` chooses (one index per binding).
    pub fn from_bindings(bindings: &[Binding], pick: &[usize]) -> Pattern {
        let mut b = Builder::new(pick);
        let mut bound: Vec<(&str, NodeId)> = Vec::new();
        let mut root = NodeId(0);
        for binding in bindings {
            let operands = binding
                .op
                .operands
                .iter()
                .map(|o| match o {
                    Operand::Var(v) => match bound.iter().find(|(n, _)| *n == v.name) {
                        Some(&(_, id)) => id,
                        None => b.input(&v.name),
                    },
                    Operand::Wildcard(_) => b.wildcard(),
                    Operand::Const(c) => b.constant(&c.value),
                })
                .collect();
            root = b.op(&binding.op, operands);
            if let Node::Op(op) = &mut b.nodes[root.0] {
                op.dtypes = named_dtypes(binding, &binding.var.name);
            }
            bound.push((&binding.var.name, root));
        }
        let mut p = b.finish(root);
        for binding in bindings {
            for id in p.inputs() {
                let Node::Input(name) = p.node(id) else {
                    continue;
                };
                let admitted = named_dtypes(binding, name);
                if !admitted.is_empty() {
                    p.input_dtypes.push((name.clone(), admitted));
                }
            }
        }
        p
    }

    /// A chain of `len` ops of a grow rule's class: each op takes the previous result and, for
    /// a binary op, a fresh input; a rule with `close` ends it with that op (of `arity`
    /// operands, the chain first). `None` when the class offers no unary or binary op.
    pub fn from_grow(
        g: &Grow,
        len: usize,
        candidates: &[(&str, usize)],
        close: Option<(&str, usize)>,
    ) -> Option<Pattern> {
        let allowed = |name: &str| {
            let listed = g.class.elementwise.is_some() || g.class.contains(name, false);
            listed && !g.except.iter().any(|o| o.name == name)
        };
        let ops: Vec<(&str, usize)> = candidates
            .iter()
            .copied()
            .filter(|(n, _)| allowed(n))
            .collect();
        if ops.is_empty() {
            return None;
        }
        let mut b = Builder::new(&[]);
        let mut last = b.input("x");
        for i in 0..len {
            let (name, arity) = ops[i % ops.len()];
            let mut operands = vec![last];
            if arity == 2 {
                operands.push(b.input(&format!("y{i}")));
            }
            last = b.push(Node::Op(OpNode {
                name: name.to_string(),
                operands,
                attrs: Vec::new(),
                dtypes: Vec::new(),
            }));
        }
        if let Some((name, arity)) = close {
            let mut operands = vec![last];
            operands.extend((1..arity).map(|i| b.input(&format!("z{i}"))));
            last = b.push(Node::Op(OpNode {
                name: name.to_string(),
                operands,
                attrs: Vec::new(),
                dtypes: Vec::new(),
            }));
        }
        Some(b.finish(last))
    }
}

/// Every combination of alternatives (the first `cap` of them, in order) and how many there are.
pub fn combinations(counts: &[usize], cap: usize) -> (Vec<Vec<usize>>, usize) {
    let total = counts
        .iter()
        .fold(1usize, |n, &c| n.saturating_mul(c.max(1)));
    let mut out = Vec::new();
    let mut pick = vec![0; counts.len()];
    while out.len() < cap.min(total) {
        out.push(pick.clone());
        for (p, &c) in pick.iter_mut().zip(counts).rev() {
            *p += 1;
            if *p < c {
                break;
            }
            *p = 0;
        }
    }
    (out, total)
}

/// The nodes of a rewrite side that `as` names, by name.
type Named<'e> = Vec<(&'e str, &'e Expr)>;

/// Every `as %name` of `e` with the node it names (the first, should a name repeat).
fn named_nodes(e: &Expr) -> Named<'_> {
    let mut out = Vec::new();
    fn walk<'e>(e: &'e Expr, out: &mut Named<'e>) {
        if let Expr::Op { pattern, name } = e {
            if let Some(n) = name {
                out.push((n.name.as_str(), e));
            }
            pattern.operands.iter().for_each(|o| walk(o, out));
        }
    }
    walk(e, &mut out);
    out
}

struct Builder<'p> {
    nodes: Vec<Node>,
    pick: &'p [usize],
    picked: usize,
    /// How many alternatives each op built had, in build order.
    alternatives: Vec<usize>,
    wildcards: usize,
}

impl<'p> Builder<'p> {
    fn new(pick: &'p [usize]) -> Builder<'p> {
        Builder {
            nodes: Vec::new(),
            pick,
            picked: 0,
            alternatives: Vec::new(),
            wildcards: 0,
        }
    }

    fn push(&mut self, n: Node) -> NodeId {
        self.nodes.push(n);
        NodeId(self.nodes.len() - 1)
    }

    fn finish(self, root: NodeId) -> Pattern {
        Pattern {
            nodes: self.nodes,
            root,
            input_dtypes: Vec::new(),
        }
    }

    fn input(&mut self, name: &str) -> NodeId {
        let found = self
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Input(x) if x == name));
        match found {
            Some(i) => NodeId(i),
            None => self.push(Node::Input(name.to_string())),
        }
    }

    fn wildcard(&mut self) -> NodeId {
        self.wildcards += 1;
        let name = format!("_{}", self.wildcards);
        self.push(Node::Input(name))
    }

    fn constant(&mut self, v: &ConstValue) -> NodeId {
        self.push(Node::Const(match v {
            ConstValue::Number(n) => ConstSpec::Value(n.value),
            ConstValue::Capture(c) => ConstSpec::Capture(c.name.clone()),
        }))
    }

    /// Builds `e`; `built` holds the `as` names met so far, with their node once built. A name
    /// read inside its own node (the rule checks reject it) is an input there.
    fn expr<'e>(
        &mut self,
        e: &'e Expr,
        named: &Named<'e>,
        built: &mut Vec<(&'e str, Option<NodeId>)>,
    ) -> NodeId {
        match e {
            Expr::Var(v) => match (built.iter()).find(|(n, _)| *n == v.name) {
                Some(&(_, Some(id))) => id,
                Some((_, None)) => self.input(&v.name),
                None => match named.iter().find(|(n, _)| *n == v.name) {
                    Some(&(_, node)) => self.expr(node, named, built),
                    None => self.input(&v.name),
                },
            },
            Expr::Wildcard(_) => self.wildcard(),
            Expr::Const(c) => self.constant(&c.value),
            Expr::Op { pattern, name } => {
                let at = match name {
                    Some(n) => match built.iter().position(|(b, _)| *b == n.name) {
                        Some(i) => return built[i].1.unwrap_or_else(|| self.input(&n.name)),
                        None => {
                            built.push((&n.name, None));
                            Some(built.len() - 1)
                        }
                    },
                    None => None,
                };
                let operands = (pattern.operands.iter())
                    .map(|o| self.expr(o, named, built))
                    .collect();
                let id = self.op(pattern, operands);
                if let Some(i) = at {
                    built[i].1 = Some(id);
                }
                id
            }
        }
    }

    fn op<A>(&mut self, p: &OpPattern<A>, operands: Vec<NodeId>) -> NodeId {
        let k = self.pick.get(self.picked).copied().unwrap_or(0);
        self.picked += 1;
        self.alternatives.push(p.ops.len());
        let name = p.ops.get(k).or(p.ops.first()).map_or("", |o| &o.name);
        let attrs = p
            .attrs
            .iter()
            .filter_map(|a| {
                let spec = match &a.value {
                    AttrValue::Capture(c) => AttrSpec::Capture(c.name.clone()),
                    AttrValue::Match(lits) => AttrSpec::Literal(lits.first()?.clone()),
                    AttrValue::Var(_) => return None,
                };
                Some((a.name.name.clone(), spec))
            })
            .collect();
        self.push(Node::Op(OpNode {
            name: name.to_string(),
            operands,
            attrs,
            dtypes: Vec::new(),
        }))
    }
}

/// The element types `binding`'s `dtype(%var) == T | ...` admits.
fn named_dtypes(binding: &Binding, var: &str) -> Vec<String> {
    let own =
        |p: &&Pred| p.name.name == "dtype" && matches!(&p.args[..], [Arg::Var(v)] if v.name == var);
    let Some(compare) = (binding.preds.iter().find(own))
        .and_then(|p| p.compare.as_ref())
        .filter(|c| c.op == CmpOp::Eq)
    else {
        return Vec::new();
    };
    (compare.rhs.iter())
        .filter_map(|l| match l {
            Literal::Word(w, _) => Some(w.clone()),
            _ => None,
        })
        .collect()
}
