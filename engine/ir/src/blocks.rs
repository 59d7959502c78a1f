//! The blocks that hold a program's dataflow, which egraph mode fuses and the reports name: the
//! entry block of every function (composite decompositions excepted) and, nested to any depth
//! below it, every block of a `stablehlo.while` (its cond and body), `stablehlo.case` (its
//! branches) and `stablehlo.if` (its two branches).
//!
//! The regions of these ops are not isolated from above: a value of an enclosing block that a
//! nested block reads is an input of that block's e-graph, as a function argument is. The op
//! that holds the regions stays opaque in its enclosing block's graph, so fusing one block never
//! moves an op of another, and the blocks may be fused one after the other.
//!
//! Each block has a name for the reports: the function's `@name`, then one step per control-flow
//! op on the way down, `kind#N region`, where `N` counts the ops of that kind in the function in
//! program order from 1 and `region` is `cond` or `body` (while), `branch K` (case), `true` or
//! `false` (if). The first while loop's body in `@main` is `@main/while#1 body`, a case nested in
//! it `@main/while#1 body/case#1 branch 0`. Names depend only on the module, so they are the
//! same on every run.

use crate::{BlockId, Module, OpId};

/// A block of a function's dataflow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// The function the block is in.
    pub func: OpId,
    pub block: BlockId,
    /// Its name in the reports, without the leading `@` (`main/while#1 body`).
    pub name: String,
}

/// Every such block of `m`, each enclosing block before the blocks nested in it, in program
/// order.
pub fn bodies(m: &Module) -> Vec<Body> {
    let mut out = Vec::new();
    for func in m.walk() {
        function_bodies(m, func, &mut out);
    }
    out
}

/// The blocks of `func` (none unless it is a function with a body that is not a composite
/// decomposition), appended to `out`.
fn function_bodies(m: &Module, func: OpId, out: &mut Vec<Body>) {
    let o = m.op(func);
    if &*o.name != "func.func" || o.attr("noDelete").is_some() || o.regions.len() != 1 {
        return;
    }
    let Some(&block) = m.region(o.regions[0]).blocks.first() else {
        return;
    };
    let name = o
        .attr("sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or_default();
    let mut walk = Walk {
        m,
        func,
        counts: Vec::new(),
        out,
    };
    walk.visit(block, name);
}

/// The name of the innermost of [`bodies`] that holds `op` (at any depth): the block a fusion
/// of `op` sits in, for the reports; the function's name when none does, empty outside any
/// function.
pub fn name_of(m: &Module, op: OpId) -> String {
    let mut func = Some(op);
    while let Some(f) = func.filter(|&f| &*m.op(f).name != "func.func") {
        func = m.parent_op(f);
    }
    let Some(func) = func else {
        return String::new();
    };
    let mut blocks = Vec::new();
    function_bodies(m, func, &mut blocks);
    let mut cur = Some(op);
    while let Some(o) = cur {
        let parent = m.op(o).parent;
        if let Some(b) = blocks.iter().find(|b| Some(b.block) == parent) {
            return b.name.clone();
        }
        cur = m.parent_op(o);
    }
    (m.op(func).attr("sym_name").and_then(|a| a.as_str())).unwrap_or_default()
}

/// Whether `block` is one of [`bodies`]' kind: a function's body, or a block of a `while`, `case`
/// or `if` in one.
pub fn is_fused(m: &Module, block: BlockId) -> bool {
    let mut cur = block;
    loop {
        let Some(p) = m.block_parent_op(cur) else {
            return false;
        };
        let o = m.op(p);
        if &*o.name == "func.func" {
            return true;
        }
        match (control_flow(&o.name), o.parent) {
            (Some(_), Some(outer)) => cur = outer,
            _ => return false,
        }
    }
}

/// One function's descent: the control-flow ops seen so far, by kind.
struct Walk<'a> {
    m: &'a Module,
    func: OpId,
    counts: Vec<(&'static str, usize)>,
    out: &'a mut Vec<Body>,
}

impl Walk<'_> {
    /// Records `block` under `name`, then the blocks of the control-flow ops in it.
    fn visit(&mut self, block: BlockId, name: String) {
        self.out.push(Body {
            func: self.func,
            block,
            name: name.clone(),
        });
        for &op in &self.m.block(block).ops {
            let Some(kind) = control_flow(&self.m.op(op).name) else {
                continue;
            };
            let n = self.next(kind);
            for (i, &region) in self.m.op(op).regions.iter().enumerate() {
                if let Some(&inner) = self.m.region(region).blocks.first() {
                    let step = format!("{kind}#{n} {}", region_name(kind, i));
                    self.visit(inner, format!("{name}/{step}"));
                }
            }
        }
    }

    /// The number of this op among the function's ops of `kind` so far, from 1.
    fn next(&mut self, kind: &'static str) -> usize {
        match self.counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.counts.push((kind, 1));
                1
            }
        }
    }
}

/// The short kind of a control-flow op whose blocks are fused, if `name` is one.
fn control_flow(name: &str) -> Option<&'static str> {
    match name {
        "stablehlo.while" => Some("while"),
        "stablehlo.case" => Some("case"),
        "stablehlo.if" => Some("if"),
        _ => None,
    }
}

/// The name of region `i` of a control-flow op of `kind`.
fn region_name(kind: &str, i: usize) -> String {
    match (kind, i) {
        ("while", 0) => "cond".to_string(),
        ("while", _) => "body".to_string(),
        ("if", 0) => "true".to_string(),
        ("if", _) => "false".to_string(),
        _ => format!("branch {i}"),
    }
}
