//! One direction of a rewrite rule applied to an instance of its matched side, the way egraph
//! mode applies it: the instance's e-graph is built, the rule's egg rewrite searches the root's
//! class and builds the other side there (with egraph mode's type inference and constants),
//! and the program that takes every node the rewrite built is materialized.
//!
//! So the check covers the rule as the engine runs it, not a second reading of the rule: a right
//! side the engine types or spells wrongly shows up as a difference or as a module that does
//! not verify.

use egfuse_dsl::ast::{Item, RewriteRule};
use egfuse_dsl::load::RuleFile;
use egfuse_dsl::RuleSet;
use egfuse_fusion::egraph::build::{build, BlockGraph};
use egfuse_fusion::egraph::extract::Choice;
use egfuse_fusion::egraph::lang::{Build, Node};
use egfuse_fusion::egraph::materialize::{materialize, roots};
use egfuse_fusion::egraph::meta::Graph;
use egfuse_fusion::egraph::program::Program;
use egfuse_fusion::egraph::rules::Prepared;
use egfuse_ir::{BlockId, Module};
use egg::{Id, SearchMatches};

/// What applying a rule to an instance gave.
pub enum Applied {
    /// The instance with the root computed by the other side.
    Rewritten(Module),
    /// The rule's side does not match the instance (its conditions exclude it).
    NoMatch,
    /// The rule matched but egraph mode cannot build the other side's types here, so it never
    /// rewrites such a program.
    NotBuilt,
}

/// The rule set of one expanded rule, as the checks passed it.
pub fn only(name: &str, item: &Item) -> RuleSet {
    let ast = egfuse_dsl::ast::File {
        header: Vec::new(),
        items: vec![item.clone()],
    };
    RuleSet {
        files: vec![RuleFile {
            name: name.to_string(),
            text: String::new(),
            ast,
            items: vec![item.clone()],
        }],
    }
}

/// Applies `rule` (right to left when `reverse`) at the root of `@main` of `m`.
pub fn apply(m: &Module, rule: &RewriteRule, reverse: bool) -> Result<Applied, String> {
    let set = only("rule", &Item::Rewrite(rule.clone()));
    let prepared = Prepared::new(&set);
    if let Some((_, why)) = prepared.refused.first() {
        return Err(format!("egg refuses the rule: {why}"));
    }
    let rw = prepared
        .rewrites
        .get(usize::from(reverse))
        .ok_or("the rule has no such direction")?;
    let mut m = m.clone();
    let block = main_block(&m).ok_or("the instance has no @main body")?;
    let mut bg = build(&m, block, prepared.meta());
    let root = root_class(&m, &bg, block).ok_or("the instance returns no value of the graph")?;
    let found = rw
        .search(&bg.egraph)
        .into_iter()
        .find(|sm| bg.egraph.find(sm.eclass) == root)
        .and_then(|sm| sm.substs.into_iter().next());
    let Some(subst) = found else {
        return Ok(Applied::NoMatch);
    };
    let one = SearchMatches {
        eclass: root,
        substs: vec![subst],
        ast: None,
    };
    if rw.apply(&mut bg.egraph, &[one]).is_empty() {
        return Ok(Applied::NotBuilt);
    }
    bg.egraph.rebuild();
    let root = bg.egraph.find(root);
    let choice = built_program(&bg.egraph, root)?;
    let needed = roots(&m, &bg);
    materialize(&mut m, &bg, &choice, &needed).map_err(|d| d.message)?;
    Ok(Applied::Rewritten(m))
}

/// The body of `@main`.
fn main_block(m: &Module) -> Option<BlockId> {
    let f = m.walk().into_iter().find(|&op| {
        let o = m.op(op);
        &*o.name == "func.func"
            && o.attr("sym_name").and_then(|a| a.as_str()).as_deref() == Some("main")
    })?;
    let region = *m.op(f).regions.first()?;
    m.region(region).blocks.first().copied()
}

/// The class of the value the body returns.
fn root_class(m: &Module, bg: &BlockGraph, block: BlockId) -> Option<Id> {
    let ret = *m.block(block).ops.last()?;
    let v = *m.op(ret).operands.first()?;
    Some(bg.egraph.find(*bg.class_of.get(&v)?))
}

/// The program from `root` that takes, in every class, a constant if there is one (the splat
/// an op of splats folds to, rounded to its type, which extraction always prefers), else a
/// node the rewrite built, else an input, else the original op; an error if that closes a
/// cycle.
fn built_program(g: &Graph, root: Id) -> Result<Choice, String> {
    let rank = |n: &Node| match n {
        Node::Op { .. } if n.op_name().is_some_and(|o| o.ends_with(".constant")) => 0,
        Node::Op {
            build: Build::Template(_),
            ..
        } => 1,
        Node::Input(_) => 2,
        _ => 3,
    };
    let mut program = Program::default();
    let mut open: Vec<Id> = Vec::new();
    let mut stack = vec![(root, false)];
    while let Some((c, done)) = stack.pop() {
        if done {
            open.retain(|&o| o != c);
            continue;
        }
        if open.contains(&c) {
            return Err("the rewritten program would be cyclic".into());
        }
        if program.index(g, c).is_some() {
            continue;
        }
        let (index, node) = (g[c].nodes.iter().enumerate())
            .min_by_key(|(_, n)| rank(n))
            .ok_or("an empty e-class")?;
        open.push(c);
        stack.push((c, true));
        for &child in node.operands() {
            stack.push((g.find(child), false));
        }
        program.choose(c, index);
    }
    Ok(Choice {
        program,
        ..Choice::default()
    })
}
