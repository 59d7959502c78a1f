//! The e-graph's language: one e-node per pure op of a function body, with attribute values as
//! leaf e-nodes (as TENSAT does) so that patterns bind them like operands, leaves for the values
//! the graph does not look inside, and fused kernels.
//!
//! An op node records how to build it back into IR ([`Build`]): the original op to reuse or
//! clone, or a template interned by a rewrite. Original ops are never hash-consed together
//! (their builds differ), so the initial graph is exactly the program; rewrites add nodes beside
//! them.

use egfuse_ir::OpId;
use egg::{Id, Language, Symbol};
use smallvec::SmallVec;

/// An e-node's children, inline up to four (an op's operands and attribute leaves mostly fit):
/// egg keeps a node in its memo, its class and its node list, and a `Vec` of children made each
/// copy a heap allocation.
pub type Children = SmallVec<[Id; 4]>;

/// How an op node becomes IR again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Build {
    /// The original op: kept when its operands are unchanged, else cloned (attributes, regions,
    /// result types and location included) with the new operands.
    Original(OpId),
    /// An op a rewrite created: an index into [`super::meta::Meta::templates`].
    Template(u32),
}

/// An e-node.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    /// A pure op: its operands, then one attribute leaf per attribute the rules name for this
    /// op (see [`super::meta::Meta::attr_names`]).
    Op {
        name: Symbol,
        build: Build,
        operands: u32,
        args: Children,
    },
    /// An attribute value: an index into [`super::meta::Meta::attrs`].
    Attr(u32),
    /// A value the graph does not look inside (a block argument, a result of an opaque op): an
    /// index into [`super::meta::Meta::inputs`].
    Input(u32),
    /// A fused kernel: an index into [`super::meta::Meta::fusions`]; its children are the
    /// kernel's inputs.
    Fused { fusion: u32, args: Children },
}

impl Node {
    /// The operand children (attribute leaves excluded).
    pub fn operands(&self) -> &[Id] {
        match self {
            Node::Op { operands, args, .. } => &args[..*operands as usize],
            Node::Fused { args, .. } => args,
            Node::Attr(_) | Node::Input(_) => &[],
        }
    }

    /// The attribute leaf children of an op node.
    pub fn attr_args(&self) -> &[Id] {
        match self {
            Node::Op { operands, args, .. } => &args[*operands as usize..],
            _ => &[],
        }
    }

    /// The op name of an op node, interned.
    pub fn op_symbol(&self) -> Option<Symbol> {
        match self {
            Node::Op { name, .. } => Some(*name),
            _ => None,
        }
    }

    /// The op name of an op node.
    pub fn op_name(&self) -> Option<&str> {
        match self {
            Node::Op { name, .. } => Some(symbol_str(*name)),
            _ => None,
        }
    }
}

/// The text of a symbol, remembered per thread: egg's `Symbol::as_str` locks a global table,
/// and the matcher reads op names millions of times on a big model (12% of fusion's
/// instructions before this). A direct-mapped cache of [`NAME_SLOTS`] entries keyed by the
/// symbol's number: a program names a few dozen ops, so a miss is rare and costs one lookup.
fn symbol_str(s: Symbol) -> &'static str {
    use std::cell::Cell;
    thread_local! {
        static NAMES: [Cell<(u32, &'static str)>; NAME_SLOTS] =
            const { [const { Cell::new((0, "")) }; NAME_SLOTS] };
    }
    let key = std::num::NonZeroU32::from(s).get();
    let slot = (key.wrapping_mul(0x9E37_79B9) >> (32 - NAME_SLOTS.trailing_zeros())) as usize;
    NAMES.with(|names| {
        let (cached, text) = names[slot].get();
        if cached == key {
            return text;
        }
        let text = s.as_str();
        names[slot].set((key, text));
        text
    })
}

/// The size of [`symbol_str`]'s cache, a power of two.
const NAME_SLOTS: usize = 256;

/// What egg indexes classes by ([`egg::EGraph::classes_for_op`]): an op node's name and
/// operand count (not its build, so that every `stablehlo.add` of two operands is found
/// together), a leaf's index.
pub type Discriminant = (u8, Option<Symbol>, u32);

/// The discriminant of op nodes named `name` with `operands` operands.
pub fn op_discriminant(name: Symbol, operands: usize) -> Discriminant {
    (0, Some(name), operands as u32)
}

impl Language for Node {
    type Discriminant = Discriminant;

    fn discriminant(&self) -> Discriminant {
        match self {
            Node::Op { name, operands, .. } => (0, Some(*name), *operands),
            Node::Attr(k) => (1, None, *k),
            Node::Input(k) => (2, None, *k),
            Node::Fused { fusion, .. } => (3, None, *fusion),
        }
    }

    fn matches(&self, other: &Self) -> bool {
        self.discriminant() == other.discriminant()
            && self.children().len() == other.children().len()
    }

    fn children(&self) -> &[Id] {
        match self {
            Node::Op { args, .. } | Node::Fused { args, .. } => args,
            Node::Attr(_) | Node::Input(_) => &[],
        }
    }

    fn children_mut(&mut self) -> &mut [Id] {
        match self {
            Node::Op { args, .. } | Node::Fused { args, .. } => args,
            Node::Attr(_) | Node::Input(_) => &mut [],
        }
    }
}
