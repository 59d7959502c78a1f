//! A binding written `through elementwise` reads its producer bindings through any elementwise
//! function of their values and splat constants: the matcher walks down from the operand's
//! class through elementwise nodes until it reaches the producer binding's match, and every
//! node it steps through joins the kernel. One rule then names an idiom whose middle each
//! exporter spells its own way: an MX quantize's shared scale is OCP's, NKI's or JAX's
//! rounding of the block maximum, and JAX spells its round-up in twenty integer ops.
//!
//! The walk is a search over e-nodes like the rest of the matcher: it tries each elementwise
//! node of a class in turn and backtracks. A class it has stepped through once is read again
//! as it is (the function is a DAG: JAX's exponent is read four times); a class on the way
//! down from itself is a cycle and never taken. The walk is bounded by [`DEPTH`] classes down,
//! [`OPS`] nodes in the function, and [`VISITS`] classes however it backtracks.

use super::lang::Node;
use super::search::{Env, Matcher, Then};
use crate::catalog::is_elementwise;
use crate::compat::squeezed;
use egg::Id;
use std::cell::Cell;
use std::ops::ControlFlow;

/// How many classes deep a function read `through elementwise` may be.
pub const DEPTH: usize = 32;

/// How many nodes one function read `through elementwise` may have.
pub const OPS: usize = 64;

/// How many elementwise nodes of one class the walk tries.
const NODES_PER_CLASS: usize = 4;

/// How many classes one walk may visit, however it backtracks: a failing walk through a
/// saturated graph's alternatives ends here.
const VISITS: usize = 4096;

/// Matches the producer binding at a class, then continues.
pub type Inner<'g, 'r> =
    dyn Fn(&Matcher<'g>, Id, &mut Env<'r>, Then<'_, 'r>) -> ControlFlow<()> + 'r;

/// The classes from a function's top down to the one being matched: a node reading one of
/// them would make the function read itself.
struct Path<'p> {
    id: Id,
    up: Option<&'p Path<'p>>,
}

/// How much further a walk may go: classes down, and visits left in all.
#[derive(Clone, Copy)]
struct Walk<'a> {
    depth: usize,
    visits: &'a Cell<usize>,
}

impl Path<'_> {
    fn holds(&self, id: Id) -> bool {
        self.id == id || self.up.is_some_and(|p| p.holds(id))
    }
}

impl<'g> Matcher<'g> {
    /// Matches `inner` at class `id`, or at the leaves of an elementwise function computed in
    /// `id` whose other leaves are splat constants, recording the function's nodes in
    /// `env.through`.
    pub(super) fn derived<'r>(
        &self,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
        inner: &Inner<'g, 'r>,
    ) -> ControlFlow<()> {
        let walk = Walk {
            depth: DEPTH,
            visits: &Cell::new(VISITS),
        };
        self.derived_at(id, None, walk, env, then, inner)
    }

    fn derived_at<'r>(
        &self,
        id: Id,
        up: Option<&Path<'_>>,
        walk: Walk<'_>,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
        inner: &Inner<'g, 'r>,
    ) -> ControlFlow<()> {
        let id = self.g.find(id);
        if walk.visits.get() == 0 || up.is_some_and(|p| p.holds(id)) {
            return ControlFlow::Continue(());
        }
        walk.visits.set(walk.visits.get() - 1);
        // A class stepped through already, or a splat constant, is a leaf read as it is.
        let stepped = env.through.iter().any(|(c, _)| *c == id);
        if up.is_some() && (stepped || self.g[id].data.splat.is_some()) {
            return then(env);
        }
        inner(self, id, env, then)?;
        // A class a binding matched is that binding's value, not a node to step through.
        if walk.depth == 0 || env.through.len() >= OPS || env.nodes.iter().any(|(_, c, _)| *c == id)
        {
            return ControlFlow::Continue(());
        }
        let path = Path { id, up };
        let steps = (self.g[id].nodes.iter().enumerate())
            .filter(|(_, n)| self.steps_through(id, n))
            .take(NODES_PER_CLASS);
        for (index, node) in steps {
            let mark = env.mark();
            env.through.push((id, index));
            let below = Walk {
                depth: walk.depth - 1,
                ..walk
            };
            let flow = self.derived_operands(node.operands(), &path, below, env, then, inner);
            env.undo(mark);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Matches each of `ops` as [`Self::derived_at`] below `path`, then continues.
    fn derived_operands<'r>(
        &self,
        ops: &[Id],
        path: &Path<'_>,
        walk: Walk<'_>,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
        inner: &Inner<'g, 'r>,
    ) -> ControlFlow<()> {
        match ops.split_first() {
            Some((&child, rest)) => self.derived_at(
                child,
                Some(path),
                walk,
                env,
                &mut |env| self.derived_operands(rest, path, walk, env, then, inner),
                inner,
            ),
            None => then(env),
        }
    }

    /// Whether `node` (in class `id`) computes each element from the elements at the same
    /// place: an elementwise op (`convert`, `compare` and `select` too) or `clamp`, or a
    /// `bitcast_convert`, `reshape` or `broadcast_in_dim` that keeps the elements where they
    /// are (the same element widths, the same static dimensions but units).
    fn steps_through(&self, id: Id, node: &Node) -> bool {
        let Some(name) = node.op_name() else {
            return false;
        };
        let op = name.rsplit('.').next().unwrap_or(name);
        if is_elementwise(name) || op == "clamp" {
            return true;
        }
        if !matches!(op, "bitcast_convert" | "reshape" | "broadcast_in_dim") {
            return false;
        }
        let [from] = node.operands() else {
            return false;
        };
        // A bitcast between element widths adds or drops a dimension, so equal static
        // dimensions but units also mean equal widths.
        let squeezed = |c: Id| squeezed(self.g[self.g.find(c)].data.ty.as_deref()?.as_tensor()?);
        squeezed(id).is_some_and(|s| squeezed(*from) == Some(s))
    }
}
