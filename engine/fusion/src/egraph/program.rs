//! An extracted program: the node chosen in each class the roots need.
//!
//! A choice is stored as the index of the node among its class's nodes, by the class's
//! canonical id, in a vector: extraction hands over a million classes without cloning a node or
//! hashing an id (cloning them into a hash map was a third of extracting a 1M-node graph).
//!
//! Invariant: a `Program` is read against the graph it was chosen from, unchanged since, so
//! an index names the same node of the same class.

use super::lang::Node;
use super::meta::Graph;
use egg::Id;

/// No node chosen in the class.
const NONE: u32 = u32::MAX;

/// The chosen node of every class the roots need.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program {
    /// By canonical class id: the index of the chosen node in the class's nodes, or [`NONE`].
    pick: Vec<u32>,
}

impl Program {
    /// An empty program with room for class ids below `ids`.
    pub fn with_ids(ids: usize) -> Program {
        Program {
            pick: vec![NONE; ids],
        }
    }

    /// Chooses node `index` of the class whose canonical id is `class`.
    pub fn choose(&mut self, class: Id, index: usize) {
        let at = usize::from(class);
        if at >= self.pick.len() {
            self.pick.resize(at + 1, NONE);
        }
        self.pick[at] = u32::try_from(index).expect("a class has fewer than 2^32 nodes");
    }

    /// The index of the node chosen in `class`'s class, if one is.
    pub fn index(&self, g: &Graph, class: Id) -> Option<usize> {
        let i = *self.pick.get(usize::from(g.find(class)))?;
        (i != NONE).then_some(i as usize)
    }

    /// The node chosen in `class`'s class, if one is.
    pub fn node<'g>(&self, g: &'g Graph, class: Id) -> Option<&'g Node> {
        let i = self.index(g, class)?;
        Some(&g[class].nodes[i])
    }

    /// Every chosen class, by canonical id, with the index of its node, in id order.
    pub fn choices(&self) -> impl Iterator<Item = (Id, usize)> + '_ {
        (self.pick.iter().enumerate())
            .filter(|(_, &i)| i != NONE)
            .map(|(c, &i)| (Id::from(c), i as usize))
    }

    /// How many classes have a node chosen.
    pub fn len(&self) -> usize {
        self.pick.iter().filter(|&&i| i != NONE).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egraph::meta::{add_original, Meta};
    use egfuse_ir::{ElemType, FloatKind, OpId, Type};

    #[test]
    fn a_choice_is_read_back_through_any_id_of_its_class() {
        let f32 = || Type::Scalar(ElemType::Float(FloatKind::F32));
        let mut g = Graph::new(Meta::default());
        let a = add_original(&mut g, "stablehlo.a", OpId(0), (f32(), 1), &[]);
        let b = add_original(&mut g, "stablehlo.b", OpId(1), (f32(), 1), &[]);
        let c = add_original(&mut g, "stablehlo.c", OpId(2), (f32(), 1), &[a]);
        g.union(a, b);
        g.rebuild();
        let mut p = Program::default();
        assert!(p.is_empty() && p.node(&g, a).is_none());
        let class = g.find(b);
        let second = &g[class].nodes[1];
        p.choose(class, 1);
        assert_eq!(p.node(&g, a), Some(second));
        assert_eq!(p.node(&g, b), Some(second));
        assert_eq!(p.index(&g, c), None);
        p.choose(g.find(c), 0);
        assert_eq!(p.len(), 2);
        let mut expected = vec![(class, 1), (g.find(c), 0)];
        expected.sort();
        assert_eq!(p.choices().collect::<Vec<_>>(), expected);
    }
}
