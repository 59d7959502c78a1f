//! A rebuilt e-graph's classes numbered densely, so that the passes over a finished graph
//! (kernels, extraction) keep their per-class facts in vectors. egg stores classes in a hash
//! map and finds them through its union-find on every `g[id]`; on the 32-layer model those
//! lookups were a fifth of extraction.
//!
//! [`components`] finds the strongly connected components of the classes (a class reaching
//! another through the operands of its nodes), in an order where every component comes after
//! the ones it reads, which lets extraction evaluate each class outside a cycle once.
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

/// The classes of one graph, numbered in the order of their ids (about the order they were
/// made in, operands before their readers), so that passes that follow operands mostly walk
/// the vectors forward.
pub struct Dense<'g> {
    pub g: &'g Graph,
    /// By id: the number of the id's class (`u32::MAX` for ids no class has).
    number: Vec<u32>,
    classes: Vec<&'g EClass<Node, Data>>,
}

impl<'g> Dense<'g> {
    pub fn new(g: &'g Graph) -> Dense<'g> {
        // egg keeps a node for every id it has handed out.
        let ids = g.nodes().len();
        let mut by_id: Vec<Option<&EClass<Node, Data>>> = vec![None; ids];
        g.classes().for_each(|c| by_id[usize::from(c.id)] = Some(c));
        let classes: Vec<&EClass<Node, Data>> = by_id.into_iter().flatten().collect();
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

    /// How many ids the graph has handed out (every id is below this).
    pub fn ids(&self) -> usize {
        self.number.len()
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

/// The strongly connected components of the graph whose `n` classes read the classes
/// `operands` gives, each component after every component its classes read (Tarjan's
/// algorithm, with an explicit stack: graphs are deep).
pub fn components<'a>(n: usize, operands: impl Fn(ClassNo) -> &'a [ClassNo]) -> Components {
    let mut t = Tarjan {
        index: vec![u32::MAX; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Components {
            order: Vec::with_capacity(n),
            ends: Vec::new(),
        },
    };
    // Per frame: the class, and how many of its operands are visited.
    let mut frames: Vec<(ClassNo, usize)> = Vec::new();
    for root in (0..n as u32).map(ClassNo) {
        if t.index[root.index()] != u32::MAX {
            continue;
        }
        t.enter(root);
        frames.push((root, 0));
        while let Some(&mut (k, ref mut at)) = frames.last_mut() {
            let next = operands(k).get(*at).copied();
            *at += 1;
            match next {
                Some(c) if t.index[c.index()] == u32::MAX => {
                    t.enter(c);
                    frames.push((c, 0));
                }
                Some(c) if t.on_stack[c.index()] => {
                    t.low[k.index()] = t.low[k.index()].min(t.index[c.index()]);
                }
                Some(_) => {}
                None => {
                    frames.pop();
                    if let Some(&(parent, _)) = frames.last() {
                        t.low[parent.index()] = t.low[parent.index()].min(t.low[k.index()]);
                    }
                    t.leave(k);
                }
            }
        }
    }
    t.out
}

/// Strongly connected components, in [`components`] order.
pub struct Components {
    /// The classes, component by component.
    order: Vec<ClassNo>,
    /// Where each component ends in `order`.
    ends: Vec<u32>,
}

impl Components {
    /// The components, each as its classes.
    pub fn iter(&self) -> impl Iterator<Item = &[ClassNo]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        (starts.zip(&self.ends)).map(|(a, &b)| &self.order[a as usize..b as usize])
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// Tarjan's bookkeeping: per class its discovery index, its low link and whether it is on the
/// stack of classes whose component is not finished.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<ClassNo>,
    next: u32,
    out: Components,
}

impl Tarjan {
    fn enter(&mut self, k: ClassNo) {
        self.index[k.index()] = self.next;
        self.low[k.index()] = self.next;
        self.next += 1;
        self.on_stack[k.index()] = true;
        self.stack.push(k);
    }

    /// After every operand of `k` is visited: when `k` is its component's first class, the
    /// component is finished and popped off the stack.
    fn leave(&mut self, k: ClassNo) {
        if self.low[k.index()] != self.index[k.index()] {
            return;
        }
        while let Some(c) = self.stack.pop() {
            self.on_stack[c.index()] = false;
            self.out.order.push(c);
            if c == k {
                break;
            }
        }
        self.out.ends.push(self.out.order.len() as u32);
    }
}
