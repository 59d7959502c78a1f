//! A rebuilt e-graph's classes numbered densely, so that the passes over a finished graph
//! (kernels, extraction) keep their per-class facts in vectors. egg stores classes in a hash
//! map and finds them through its union-find on every `g[id]`; on the 32-layer model those
//! lookups were a fifth of extraction.
//!
//! Invariant: a `Dense` is made from a rebuilt graph and used only while that graph is not
//! changed; every id the graph has handed out, canonical or not, maps to its class's number.

use super::lang::Node;
use super::meta::{Data, Graph};
use egg::{EClass, Id};

/// A class's number in a [`Dense`] index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClassNo(pub u32);

impl ClassNo {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The classes of one graph, numbered in the order egg iterates them.
pub struct Dense<'g> {
    pub g: &'g Graph,
    /// By id: the number of the id's class (`u32::MAX` for ids no class has).
    number: Vec<u32>,
    classes: Vec<&'g EClass<Node, Data>>,
}

impl<'g> Dense<'g> {
    pub fn new(g: &'g Graph) -> Dense<'g> {
        let classes: Vec<&EClass<Node, Data>> = g.classes().collect();
        let ids = (classes.iter())
            .flat_map(|c| std::iter::once(c.id).chain(c.parents()))
            .map(usize::from)
            .max()
            .map_or(0, |m| m + 1);
        let mut number = vec![u32::MAX; ids];
        for (k, c) in classes.iter().enumerate() {
            number[usize::from(c.id)] = k as u32;
        }
        for id in 0..ids {
            if number[id] == u32::MAX {
                let canon = usize::from(g.find(Id::from(id)));
                number[id] = number.get(canon).copied().unwrap_or(u32::MAX);
            }
        }
        Dense { g, number, classes }
    }

    /// How many classes the graph has.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The number of `id`'s class.
    pub fn no(&self, id: Id) -> ClassNo {
        match self.number.get(usize::from(id)) {
            Some(&k) if k != u32::MAX => ClassNo(k),
            _ => ClassNo(self.number[usize::from(self.g.find(id))]),
        }
    }

    /// The class numbered `k`.
    pub fn class(&self, k: ClassNo) -> &'g EClass<Node, Data> {
        self.classes[k.index()]
    }

    /// The canonical id of the class numbered `k`.
    pub fn id(&self, k: ClassNo) -> Id {
        self.classes[k.index()].id
    }
}
