//! Semi-naive search: after saturation's first iteration, a rewrite side can only match anew
//! where the graph changed, so each later iteration searches only the classes near a change.
//!
//! A match rooted at class `c` of a side `depth` levels deep reads `c`, the children of the
//! nodes it matches, their children, and so on, down to `depth` levels below `c`: their nodes,
//! their analysis data (types, use counts, splats) and their attribute leaves. If none of those
//! classes changed since the previous iteration searched, the previous search found the same
//! matches (the matcher is deterministic in what it reads), and applying them again adds
//! nothing. So an iteration need only search the classes from which a changed class is at most
//! `depth` levels down: [`Frontier`] holds each such class with that distance, found by walking
//! parents up from the changed classes.
//!
//! What changed is what egg reported to [`super::meta::Meta`]'s `modify`: it is called for
//! every new class, for the surviving class of every union, and for every class whose data
//! changed. A class whose node merely points at a merged child has that child, changed, one
//! level down.
//!
//! Every search uses the same walk to anchor on its pattern's rarest op ([`anchored`]): a match
//! whose rarest op is `k` levels below its root is rooted at most `k` levels above a class
//! holding that op. A rewrite side of a `multiply` of two `abs` searches near the few `abs`
//! classes, not every `multiply`; a pattern whose op the graph lacks searches nowhere.
//!
//! Invariant: with the frontier, every iteration applies the same new matches as a search of
//! the whole graph would, so saturation builds the same graph.

use super::meta::Graph;
use super::search::{candidate_classes, op_classes};
use egfuse_dsl::ast::OpPattern;
use egg::Id;

/// Deepest side saturation's frontier answers for; a deeper side searches every class.
pub const DEPTH: u32 = 12;

/// The classes that may hold a new match in this iteration, with how many levels above a
/// changed class each is (0: changed itself); `None` when every class must be searched.
#[derive(Debug, Default)]
pub struct Frontier {
    /// By node id (egg's ids index its node list): the level of a canonical class id within
    /// reach, [`FAR`] for the rest. A byte per id: a walk of a large graph reaches many
    /// classes, and a hash map of them cost about 3% of fusing the 32-layer Llama.
    near: Option<Vec<u8>>,
    /// How many levels up `near` reaches.
    depth: u32,
}

/// A class `near` does not reach.
const FAR: u8 = u8::MAX;

impl Frontier {
    /// Every class: the first iteration, or after a cut iteration left matches unapplied.
    pub fn everything() -> Frontier {
        Frontier {
            near: None,
            depth: 0,
        }
    }

    /// The classes at most `depth` levels above one of `changed` (ids as egg reported them,
    /// canonicalized here); every class when `depth` is more than a byte holds.
    pub fn around(g: &Graph, changed: &[Id], depth: u32) -> Frontier {
        if depth >= u32::from(FAR) {
            return Frontier::everything();
        }
        let mut near = vec![FAR; g.nodes().len()];
        let mut level: Vec<Id> = Vec::new();
        for &c in changed {
            let c = g.find(c);
            if std::mem::replace(&mut near[usize::from(c)], 0) == FAR {
                level.push(c);
            }
        }
        for d in 1..=depth {
            let mut next = Vec::new();
            for &c in &level {
                for p in g[c].parents() {
                    let p = g.find(p);
                    let slot = &mut near[usize::from(p)];
                    if *slot == FAR {
                        *slot = d as u8;
                        next.push(p);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        Frontier {
            near: Some(near),
            depth,
        }
    }

    /// Whether a side `depth` levels deep must search class `class` (canonical).
    pub fn admits(&self, class: Id, depth: u32) -> bool {
        match &self.near {
            None => true,
            Some(_) if depth > self.depth => true,
            Some(near) => near
                .get(usize::from(class))
                .is_some_and(|&d| u32::from(d) <= depth),
        }
    }
}

/// Of `classes`, the roots a pattern may match at, given `ops`: op patterns every match holds,
/// each with how many levels below the root it is. None when the graph lacks one of them; else,
/// when the rarest is rarer than the classes are many, those at most its levels above one of
/// its classes.
pub fn anchored<A>(g: &Graph, classes: Vec<Id>, ops: &[(&OpPattern<A>, u32)]) -> Vec<Id> {
    let counted = ops.iter().map(|&(p, level)| (op_classes(g, p), p, level));
    let Some((count, rare, level)) = counted.min_by_key(|&(count, _, _)| count) else {
        return classes;
    };
    if count == 0 {
        return Vec::new();
    }
    if count >= classes.len() {
        return classes;
    }
    let near = Frontier::around(g, &candidate_classes(g, rare), level);
    classes
        .into_iter()
        .filter(|&c| near.admits(c, level))
        .collect()
}
