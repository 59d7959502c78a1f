//! Inlining of private `func.call` targets, the pass that runs before fusion: JAX wraps helpers
//! such as `@silu`, `@log_softmax` and `@_where` in private functions, and fusion only sees
//! across them once their bodies sit in the caller.
//!
//! [`inline`] replaces each `func.call` whose callee is a private, single-block `func.func` of the
//! call's symbol table (the nearest enclosing `builtin.module`) with a clone of the callee's body:
//! the callee's block arguments read the call's operands and the operands of its `func.return`
//! replace the call's results. Functions are visited bottom-up over the call graph's strongly
//! connected components (callees first), so every callee is already flattened when it is inlined
//! and every call of the input is looked at exactly once; the loop is bounded by the number of
//! calls.
//!
//! A call stays a call, counted by [`LeaveReason`] in [`InlineStats`], when its callee is
//! recursive (on a cycle of the call graph, direct or mutual), public, marked `noDelete` or used
//! as a `stablehlo.composite` decomposition, a declaration, or has more than one block; when the
//! call has `no_inline`, names no function of its symbol table, or has types other than the
//! callee's; or when a limit of [`InlineConfig`] is reached. Limits leave calls rather than fail:
//! the module stays valid and the statistics say what was left and why. Calls inside a kept
//! function (a decomposition) are inlined like any other; only the kept function itself stays.
//!
//! An inlined op's location becomes `callsite(its own at the call's)`, as MLIR's inliner remaps
//! it (one new `#loc` alias per distinct pair, so the output stays small); a call without a
//! location leaves the ops' own. Each op also records the span of the outermost call it came
//! through (`Operation::inlined_at`), so that what is reported of it can point at the user's
//! own code. In a function that received inlined code,
//! numeric SSA names are dropped so the printer renumbers it top to bottom as MLIR would; other
//! names (`%cst`, `%iota`) stay as hints.
//!
//! Afterwards the private functions that no live code references are erased (MLIR's symbol
//! DCE): a function is live when it is public or `noDelete`, or when a symbol reference (a call's
//! callee, a composite's decomposition, any other symbol attribute) in live code names it.
//!
//! Invariant: after [`inline`], the module's use lists are true, a module that verified still
//! verifies, and every `func.call` that remains is counted under the reason it was left.

use egfuse_diag::Span;
use egfuse_ir::parse::unquote;
use egfuse_ir::{Attr, BlockId, Location, Module, OpId, ValueId, ValueMap};
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;
use std::fmt;

/// Bounds on how much inlining may do. Reaching one leaves the remaining calls as calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineConfig {
    /// The longest chain of calls inlined into one another: a callee that received code from
    /// `d` levels of calls is inlined only when `d < max_depth`. Default 64.
    pub max_depth: u32,
    /// The most ops the pass may create by cloning callee bodies (nested ops included), summed
    /// over the module; a call whose body would go past it stays a call. Default 2^16: twenty
    /// times the most any module of the shared corpus needs (3,297 ops, random_gamma), while a
    /// chain of functions each calling the one before twice (2^40 copies of the last) stops at
    /// a module that fuses in about a second.
    pub max_new_ops: usize,
}

impl Default for InlineConfig {
    fn default() -> InlineConfig {
        InlineConfig {
            max_depth: 64,
            max_new_ops: 1 << 16,
        }
    }
}

/// Why a `func.call` was not inlined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LeaveReason {
    /// The callee is not a function of the call's symbol table (or is a nested reference).
    UnknownCallee,
    /// The call carries `no_inline`.
    NoInline,
    /// The callee is on a cycle of the call graph.
    Recursive,
    /// The callee is public (or of nested visibility).
    PublicCallee,
    /// The callee is marked `noDelete` or is a composite's decomposition.
    KeptCallee,
    /// The callee has no body.
    Declaration,
    /// The callee's body has more than one block.
    MultiBlock,
    /// The call's operand or result types differ from the callee's (or it lacks `func.return`).
    Signature,
    /// Inlining would nest deeper than [`InlineConfig::max_depth`].
    DepthLimit,
    /// Inlining would create more than [`InlineConfig::max_new_ops`] ops.
    GrowthLimit,
}

impl fmt::Display for LeaveReason {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            LeaveReason::UnknownCallee => "unknown callee",
            LeaveReason::NoInline => "no_inline",
            LeaveReason::Recursive => "recursive",
            LeaveReason::PublicCallee => "public callee",
            LeaveReason::KeptCallee => "noDelete or decomposition callee",
            LeaveReason::Declaration => "callee without a body",
            LeaveReason::MultiBlock => "multi-block callee",
            LeaveReason::Signature => "types differ from the callee's",
            LeaveReason::DepthLimit => "depth limit",
            LeaveReason::GrowthLimit => "growth limit",
        })
    }
}

/// What [`inline`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InlineStats {
    pub calls_inlined: usize,
    /// Ops created by cloning callee bodies, nested ops included.
    pub ops_created: usize,
    pub functions_erased: usize,
    /// The `func.call`s left in the module, by reason.
    pub calls_left: BTreeMap<LeaveReason, usize>,
}

impl InlineStats {
    /// How many `func.call`s are left in the module.
    pub fn total_left(&self) -> usize {
        self.calls_left.values().sum()
    }
}

impl fmt::Display for InlineStats {
    /// `inlined 3 calls (12 ops), erased 2 functions, left 1 call (recursive: 1)`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use egfuse_diag::plural;
        write!(
            f,
            "inlined {} ({}), erased {}, left {}",
            plural(self.calls_inlined, "call"),
            plural(self.ops_created, "op"),
            plural(self.functions_erased, "function"),
            plural(self.total_left(), "call"),
        )?;
        if !self.calls_left.is_empty() {
            let reasons: Vec<String> = (self.calls_left.iter())
                .map(|(r, n)| format!("{r}: {n}"))
                .collect();
            write!(f, " ({})", reasons.join(", "))?;
        }
        Ok(())
    }
}

/// Inlines every inlinable `func.call` of `m`, then erases the private functions left without
/// references. Never fails: what it could not inline stays a call and is counted.
pub fn inline(m: &mut Module, cfg: &InlineConfig) -> InlineStats {
    let mut g = CallGraph::build(m);
    let mut stats = InlineStats::default();
    let mut sites = CallSites::default();
    for i in 0..g.order.len() {
        let node = g.order[i];
        let calls = std::mem::take(&mut g.calls[node.index()]);
        if inline_calls(m, (&mut g, &mut sites), Some(node), calls, cfg, &mut stats) {
            renumber(m, g.graph[node]);
        }
    }
    let loose = std::mem::take(&mut g.loose_calls);
    inline_calls(m, (&mut g, &mut sites), None, loose, cfg, &mut stats);
    stats.functions_erased = erase_dead_functions(m);
    for call in m.walk().into_iter().filter(|&o| is_call(m, o)) {
        // An eligible call that is still here was stopped by the op budget.
        let reason = g
            .decide(m, call, cfg)
            .err()
            .unwrap_or(LeaveReason::GrowthLimit);
        *stats.calls_left.entry(reason).or_default() += 1;
    }
    stats
}

/// Inlines the eligible ones of `calls` (the calls of the function `owner`, in program order);
/// returns whether any was inlined.
fn inline_calls(
    m: &mut Module,
    (g, sites): (&mut CallGraph, &mut CallSites),
    owner: Option<NodeIndex>,
    calls: Vec<OpId>,
    cfg: &InlineConfig,
    stats: &mut InlineStats,
) -> bool {
    let mut changed = false;
    for call in calls {
        let Ok(callee) = g.decide(m, call, cfg) else {
            continue;
        };
        let func = g.graph[callee];
        // Everything under the function but its `func.return`.
        let size = m.walk_under(func).len() - 1;
        if stats.ops_created + size > cfg.max_new_ops {
            continue;
        }
        inline_call(m, call, func, sites);
        stats.calls_inlined += 1;
        stats.ops_created += size;
        changed = true;
        if let Some(n) = owner {
            g.depth[n.index()] = g.depth[n.index()].max(g.depth[callee.index()] + 1);
        }
    }
    changed
}

/// The `callsite(callee at caller)` locations made so far, each an alias named once.
#[derive(Default)]
struct CallSites(FxHashMap<(Location, Location), Location>);

impl CallSites {
    /// The location of an op at `own` inlined through a call at `caller`.
    fn get(&mut self, m: &mut Module, own: Location, caller: &Location) -> Location {
        let key = (own, caller.clone());
        if let Some(l) = self.0.get(&key) {
            return l.clone();
        }
        let site = Location::CallSite {
            callee: Box::new(key.0.clone()),
            caller: Box::new(key.1.clone()),
        };
        let loc = match site.names_alias() {
            true => m.new_loc_alias(site),
            false => site,
        };
        self.0.insert(key, loc.clone());
        loc
    }
}

/// Replaces `call` with a clone of the body of `func` (checked by [`CallGraph::decide`]).
fn inline_call(m: &mut Module, call: OpId, func: OpId, sites: &mut CallSites) {
    let body = single_block(m, func).expect("decide checked the callee has one block");
    let args = m.block(body).args.clone();
    let ops = m.block(body).ops.clone();
    let Some((&ret, ops)) = ops.split_last() else {
        return;
    };
    let mut map: ValueMap = (args.iter().copied())
        .zip(m.op(call).operands.iter().copied())
        .collect();
    let copies: Vec<OpId> = ops.iter().map(|&o| m.clone_op(o, &mut map)).collect();
    let at = match m.op(call).inlined_at {
        Span::NONE => m.op(call).span,
        outer => outer,
    };
    let caller = m.op(call).loc.clone();
    for &copy in &copies {
        for op in std::iter::once(copy)
            .chain(m.walk_under(copy))
            .collect::<Vec<_>>()
        {
            m.op_mut(op).inlined_at = at;
            if let Some(caller) = &caller {
                let own = m.op(op).loc.clone().unwrap_or(Location::Unknown);
                m.op_mut(op).loc = Some(sites.get(m, own, caller));
            }
        }
    }
    m.insert_ops_before(call, &copies);
    let returned: Vec<ValueId> = (m.op(ret).operands.iter())
        .map(|v| *map.get(v).unwrap_or(v))
        .collect();
    for (r, v) in m.op(call).results.clone().into_iter().zip(returned) {
        m.replace_all_uses(r, v);
    }
    m.erase_op(call)
        .expect("every result of the call was rewired to the inlined values");
}

/// Drops the numeric SSA names under `func`, so the printer numbers its values afresh.
fn renumber(m: &mut Module, func: OpId) {
    for op in m.walk_under(func) {
        for r in m.op(op).results.clone() {
            let value = m.value_mut(r);
            if (value.name.as_deref()).is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit())) {
                value.name = None;
            }
        }
    }
}

/// The module's functions (nodes, weighted by their `func.func` op) and calls (edges from the
/// calling function to the callee).
struct CallGraph {
    graph: DiGraph<OpId, ()>,
    /// Functions by (symbol table, name).
    symbols: FxHashMap<(Option<OpId>, String), NodeIndex>,
    /// Names used as a `stablehlo.composite` decomposition.
    decompositions: FxHashSet<String>,
    /// Functions on a cycle.
    recursive: FxHashSet<NodeIndex>,
    /// Every function, callees before callers.
    order: Vec<NodeIndex>,
    /// The calls of each function of the input, in program order, by node index.
    calls: Vec<Vec<OpId>>,
    /// Calls outside any function.
    loose_calls: Vec<OpId>,
    /// How many levels of calls were inlined into each function, by node index.
    depth: Vec<u32>,
}

impl CallGraph {
    fn build(m: &Module) -> CallGraph {
        let mut g = CallGraph {
            graph: DiGraph::new(),
            symbols: FxHashMap::default(),
            decompositions: FxHashSet::default(),
            recursive: FxHashSet::default(),
            order: Vec::new(),
            calls: Vec::new(),
            loose_calls: Vec::new(),
            depth: Vec::new(),
        };
        let ops = m.walk();
        let mut node_of = FxHashMap::default();
        for &op in &ops {
            let o = m.op(op);
            if &*o.name == "func.func" {
                let n = g.graph.add_node(op);
                node_of.insert(op, n);
                if let Some(name) = o.attr("sym_name").and_then(Attr::as_str) {
                    g.symbols.entry((symbol_table(m, op), name)).or_insert(n);
                }
            } else if &*o.name == "stablehlo.composite" {
                if let Some(Attr::SymbolRef(parts)) = o.attr("decomposition") {
                    (g.decompositions).extend(parts.iter().map(|p| unquote(p).into()));
                }
            }
        }
        g.calls = vec![Vec::new(); g.graph.node_count()];
        g.depth = vec![0; g.graph.node_count()];
        for op in ops.into_iter().filter(|&o| is_call(m, o)) {
            let Some(caller) = enclosing_func(m, op).map(|f| node_of[&f]) else {
                g.loose_calls.push(op);
                continue;
            };
            g.calls[caller.index()].push(op);
            if let Some(callee) = g.resolve(m, op) {
                g.graph.add_edge(caller, callee, ());
            }
        }
        for scc in tarjan_scc(&g.graph) {
            if scc.len() > 1 || g.graph.contains_edge(scc[0], scc[0]) {
                g.recursive.extend(scc.iter().copied());
            }
            g.order.extend(scc);
        }
        g
    }

    /// The function a call names, looked up in the call's symbol table.
    fn resolve(&self, m: &Module, call: OpId) -> Option<NodeIndex> {
        let Some(Attr::SymbolRef(parts)) = m.op(call).attr("callee") else {
            return None;
        };
        let [part] = parts.as_slice() else {
            return None;
        };
        let key = (symbol_table(m, call), unquote(part).into());
        self.symbols.get(&key).copied()
    }

    /// The callee to inline at `call`, or why the call stays.
    fn decide(&self, m: &Module, call: OpId, cfg: &InlineConfig) -> Result<NodeIndex, LeaveReason> {
        let callee = self.resolve(m, call).ok_or(LeaveReason::UnknownCallee)?;
        if m.op(call).attr("no_inline").is_some() {
            return Err(LeaveReason::NoInline);
        }
        if self.recursive.contains(&callee) {
            return Err(LeaveReason::Recursive);
        }
        let func = self.graph[callee];
        let f = m.op(func);
        if f.attr("sym_visibility").and_then(Attr::as_str).as_deref() != Some("private") {
            return Err(LeaveReason::PublicCallee);
        }
        let name = f
            .attr("sym_name")
            .and_then(Attr::as_str)
            .unwrap_or_default();
        if f.attr("noDelete").is_some() || self.decompositions.contains(&name) {
            return Err(LeaveReason::KeptCallee);
        }
        let blocks = f.regions.first().map_or(0, |&r| m.region(r).blocks.len());
        match blocks {
            0 => return Err(LeaveReason::Declaration),
            1 => {}
            _ => return Err(LeaveReason::MultiBlock),
        }
        if !signature_matches(m, call, func) {
            return Err(LeaveReason::Signature);
        }
        if self.depth[callee.index()] >= cfg.max_depth {
            return Err(LeaveReason::DepthLimit);
        }
        Ok(callee)
    }
}

fn is_call(m: &Module, op: OpId) -> bool {
    &*m.op(op).name == "func.call"
}

/// The body block of `func` when it has exactly one.
fn single_block(m: &Module, func: OpId) -> Option<BlockId> {
    let region = m.region(*m.op(func).regions.first()?);
    match region.blocks.as_slice() {
        [b] => Some(*b),
        _ => None,
    }
}

/// Whether the call's operand and result types are the types of the body's arguments and of its
/// `func.return` operands.
fn signature_matches(m: &Module, call: OpId, func: OpId) -> bool {
    let Some(body) = single_block(m, func) else {
        return false;
    };
    let block = m.block(body);
    let Some(&ret) = block
        .ops
        .last()
        .filter(|&&r| &*m.op(r).name == "func.return")
    else {
        return false;
    };
    let same = |a: &[ValueId], b: &[ValueId]| {
        a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| m.ty(x) == m.ty(y))
    };
    let c = m.op(call);
    same(&c.operands, &block.args) && same(&c.results, &m.op(ret).operands)
}

/// The nearest `builtin.module` around `op`, which holds the symbols `op` can name; `None` for
/// the file's top level.
fn symbol_table(m: &Module, op: OpId) -> Option<OpId> {
    let mut cur = m.parent_op(op);
    while let Some(p) = cur {
        if &*m.op(p).name == "builtin.module" {
            return Some(p);
        }
        cur = m.parent_op(p);
    }
    None
}

/// The `func.func` that `op` is, or sits in.
fn enclosing_func(m: &Module, op: OpId) -> Option<OpId> {
    let mut cur = Some(op);
    while let Some(p) = cur {
        if &*m.op(p).name == "func.func" {
            return Some(p);
        }
        cur = m.parent_op(p);
    }
    None
}

/// Erases the private, non-`noDelete` functions that no live code references; returns how many.
/// Live code is every op outside such functions; a function becomes live when live code names it.
/// Names are matched across symbol tables, which can only keep a function too many.
fn erase_dead_functions(m: &mut Module) -> usize {
    let ops = m.walk();
    let erasable = |m: &Module, f: OpId| {
        let o = m.op(f);
        &*o.name == "func.func"
            && o.attr("sym_visibility").and_then(Attr::as_str).as_deref() == Some("private")
            && o.attr("noDelete").is_none()
    };
    // Each function is asked once, not once per op it holds.
    let functions: FxHashSet<OpId> = ops.iter().copied().filter(|&f| erasable(m, f)).collect();
    let mut by_name: FxHashMap<String, Vec<OpId>> = FxHashMap::default();
    let mut refs_of: FxHashMap<OpId, Vec<String>> = FxHashMap::default();
    let mut pending = Vec::new();
    for &op in &ops {
        if functions.contains(&op) {
            let name = m.op(op).attr("sym_name").and_then(Attr::as_str);
            by_name
                .entry(name.unwrap_or_default())
                .or_default()
                .push(op);
        }
        let o = m.op(op);
        let mut names = Vec::new();
        for a in o.props.iter().chain(&o.attrs) {
            symbol_refs(&a.value, &mut names);
        }
        // Most ops refer to no symbol: no need to find their function.
        if names.is_empty() {
            continue;
        }
        match enclosing_func(m, op).filter(|f| functions.contains(f)) {
            Some(f) => refs_of.entry(f).or_default().extend(names),
            None => pending.extend(names),
        }
    }
    let mut live = FxHashSet::default();
    let mut seen = FxHashSet::default();
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        for &f in by_name.get(&name).into_iter().flatten() {
            if live.insert(f) {
                pending.extend(refs_of.get(&f).into_iter().flatten().cloned());
            }
        }
    }
    let dead: Vec<OpId> = (ops.into_iter())
        .filter(|f| functions.contains(f) && !live.contains(f))
        .collect();
    for &f in &dead {
        m.erase_op(f).expect("a function has no results to be used");
    }
    dead.len()
}

/// Collects the symbol names an attribute refers to: symbol references anywhere inside it, and
/// `@name` in the verbatim body of an opaque dialect attribute.
fn symbol_refs(attr: &Attr, out: &mut Vec<String>) {
    match attr {
        Attr::SymbolRef(parts) => out.extend(parts.iter().map(|p| unquote(p).into())),
        Attr::Array(items) => items.iter().for_each(|a| symbol_refs(a, out)),
        Attr::Dict(fields) | Attr::Struct { fields, .. } => {
            fields.iter().for_each(|a| symbol_refs(&a.value, out))
        }
        Attr::Opaque {
            body: Some(body), ..
        } => {
            for rest in body.split('@').skip(1) {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || "_.$-".contains(c)))
                    .unwrap_or(rest.len());
                out.push(rest[..end].to_string());
            }
        }
        _ => {}
    }
}
