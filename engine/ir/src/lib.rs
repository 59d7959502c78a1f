//! egfuse's IR and its text: an arena of operations, values, blocks and regions shaped like
//! MLIR's, the op registry ([`ops`]), the parser ([`parse`]), the printer ([`print`]) and the
//! verifier ([`verify`]), the float formats literals are read with ([`floats`]) and what a fused
//! module holds ([`fused`]). Every later crate works on this one `Module`; this crate depends on
//! nothing of theirs.
//!
//! A [`Module`] owns everything; ids ([`OpId`], [`ValueId`], [`BlockId`], [`RegionId`]) index its
//! arenas. Every value keeps its use list, so passes can move ops and rewire uses the way the
//! seed's `FusionCluster` does (`replaceUsesWithIf`).
//!
//! Invariant: `values[v].uses` lists exactly the `(op, operand index)` pairs whose operand is `v`.
//! Only the op constructors, [`Module::set_operand`], [`Module::replace_all_uses`] and the
//! editing primitives in [`edit`] touch operands, and they keep it true.
//!
//! Invariant: the ops of a block are in strictly increasing order of their order keys (as
//! MLIR's `Operation::isBeforeInBlock` keeps them), so an op's position is a binary search and
//! "before" is one comparison. Only [`Module::append_op`] and the primitives in [`edit`] change a
//! block's op list, and they keep it true.

mod arena;
pub mod attr;
pub mod blocks;
pub mod conv;
pub mod edit;
pub mod facts;
pub mod floats;
pub mod fused;
pub mod loc;
pub mod ops;
pub mod opset;
pub mod parse;
pub mod pass;
pub mod print;
pub mod types;
pub mod verify;

use arena::Arena;
pub use attr::{ArrayItems, Attr, DenseBody, DenseElem, NamedAttr};
pub use edit::ValueMap;
pub use loc::{LocAlias, Location};
pub use opset::OpSet;
pub use types::{Dim, ElemType, FloatKind, Signedness, TensorType, Type, DYNAMIC};

use crate::ops::OpDef;
use egfuse_diag::Span;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// An operation in a [`Module`].
    OpId
);
id_type!(
    /// An SSA value (an op result or a block argument) in a [`Module`].
    ValueId
);
id_type!(
    /// A block in a [`Module`].
    BlockId
);
id_type!(
    /// A region in a [`Module`].
    RegionId
);

/// One use of a value: operand `operand` of op `op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Use {
    pub op: OpId,
    pub operand: u32,
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    Arg { block: BlockId, index: u32 },
}

/// A value's uses, inline up to two (most values are read once or twice): a `Vec` made every
/// op result a heap allocation when it was first read.
pub type Uses = smallvec::SmallVec<[Use; 2]>;

/// An op's results, inline when there is one, as for nearly every op: no heap allocation for it.
pub type Results = smallvec::SmallVec<[ValueId; 1]>;

#[derive(Clone, Debug)]
pub struct Value {
    pub ty: Type,
    pub def: ValueDef,
    pub uses: Uses,
    /// The SSA name it was written with (without `%`), kept so output reads like input.
    pub name: Option<Box<str>>,
    /// The location of a block argument (`%arg0: T loc("x")`); results use their op's. Boxed:
    /// few values have one, and inline it was a fifth of every value's bytes.
    pub loc: Option<Box<Location>>,
    /// Where a block argument's name is written; results use their op's span.
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Operation {
    /// The full name, `stablehlo.add`, `func.return`, `builtin.module`.
    pub name: Box<str>,
    /// The registry entry for ops egfuse knows; `None` for ops it keeps as generic.
    pub def: Option<&'static OpDef>,
    pub operands: Vec<ValueId>,
    pub results: Results,
    /// Inherent attributes (MLIR properties, `<{...}>` in the generic form), sorted by name.
    pub props: Vec<NamedAttr>,
    /// Discardable attributes (`{...}` in the generic form), sorted by name.
    pub attrs: Vec<NamedAttr>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub loc: Option<Location>,
    pub parent: Option<BlockId>,
    /// Where the op was read from; [`Span::NONE`] for ops a pass built.
    pub span: Span,
    /// For an op that inlining brought into another function, the span of the outermost call
    /// it came through: where the user's own code uses it (MLIR's `callsite(... at ...)`
    /// location says the same). [`Span::NONE`] for an op that stands where it was written.
    pub inlined_at: Span,
    /// Its key in its block's order (meaningless while detached); see the module invariant.
    order: u64,
}

impl Operation {
    /// An inherent or discardable attribute by name (inherent first).
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        find_attr(&self.props, name).or_else(|| find_attr(&self.attrs, name))
    }

    /// The dialect prefix of the op name (`stablehlo` for `stablehlo.add`).
    pub fn dialect(&self) -> &str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }

    /// Where the user's own code has the op: the outermost call it was inlined through, if it
    /// was, else its own text ([`Span::NONE`] for an op a pass built).
    pub fn user_span(&self) -> Span {
        match self.inlined_at {
            Span::NONE => self.span,
            call => call,
        }
    }
}

pub fn find_attr<'a>(list: &'a [NamedAttr], name: &str) -> Option<&'a Attr> {
    list.iter().find(|a| &*a.name == name).map(|a| &a.value)
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub parent: Option<RegionId>,
}

#[derive(Clone, Debug, Default)]
pub struct Region {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
}

/// Everything needed to create an operation; see [`Module::create_op`].
#[derive(Clone, Debug)]
pub struct OpSpec {
    pub name: Box<str>,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<Type>,
    pub props: Vec<NamedAttr>,
    pub attrs: Vec<NamedAttr>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub loc: Option<Location>,
    pub span: Span,
}

impl OpSpec {
    pub fn new(name: &str) -> OpSpec {
        OpSpec {
            name: name.into(),
            operands: Vec::new(),
            result_types: Vec::new(),
            props: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc: None,
            span: Span::NONE,
        }
    }
}

/// A parsed MLIR file: its top-level operations (usually one `module`) and location aliases.
#[derive(Clone, Debug)]
pub struct Module {
    ops: Arena<Operation>,
    values: Arena<Value>,
    blocks: Vec<Block>,
    regions: Vec<Region>,
    /// The file's top-level block; its ops are the file's top-level operations.
    pub top: BlockId,
    pub loc_aliases: Vec<LocAlias>,
    /// What [`Module::new_loc_alias`] gives next (number, order), and how many aliases there
    /// were when it was worked out: an alias added otherwise makes it work it out again.
    next_loc_alias: Option<(usize, u64, u32)>,
}

impl Default for Module {
    fn default() -> Self {
        Module::new()
    }
}

impl Module {
    pub fn new() -> Module {
        let mut m = Module {
            ops: Arena::default(),
            values: Arena::default(),
            blocks: Vec::new(),
            regions: Vec::new(),
            top: BlockId(0),
            loc_aliases: Vec::new(),
            next_loc_alias: None,
        };
        m.top = m.new_block();
        m
    }

    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.index()]
    }

    pub fn op_mut(&mut self, id: OpId) -> &mut Operation {
        &mut self.ops[id.index()]
    }

    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.index()]
    }

    pub fn value_mut(&mut self, id: ValueId) -> &mut Value {
        &mut self.values[id.index()]
    }

    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.index()]
    }

    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }

    pub fn ty(&self, v: ValueId) -> &Type {
        &self.values[v.index()].ty
    }

    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    pub fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block::default());
        BlockId(self.blocks.len() as u32 - 1)
    }

    pub fn new_region(&mut self, blocks: Vec<BlockId>) -> RegionId {
        let id = RegionId(self.regions.len() as u32);
        for &b in &blocks {
            self.blocks[b.index()].parent = Some(id);
        }
        self.regions.push(Region {
            blocks,
            parent: None,
        });
        id
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, name: Option<Box<str>>) -> ValueId {
        let index = self.blocks[block.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::Arg { block, index }, name);
        self.blocks[block.index()].args.push(v);
        v
    }

    fn new_value(&mut self, ty: Type, def: ValueDef, name: Option<Box<str>>) -> ValueId {
        self.values.push(Value {
            ty,
            def,
            uses: Uses::new(),
            name,
            loc: None,
            span: Span::NONE,
        });
        ValueId(self.values.len() as u32 - 1)
    }

    /// Creates an op (not yet in any block), its results and its operand uses; adopts `regions`.
    pub fn create_op(&mut self, spec: OpSpec) -> OpId {
        let id = OpId(self.ops.len() as u32);
        let results = (spec.result_types.into_iter().enumerate())
            .map(|(i, ty)| {
                self.new_value(
                    ty,
                    ValueDef::Result {
                        op: id,
                        index: i as u32,
                    },
                    None,
                )
            })
            .collect();
        for (i, &v) in spec.operands.iter().enumerate() {
            self.values[v.index()].uses.push(Use {
                op: id,
                operand: i as u32,
            });
        }
        for &r in &spec.regions {
            self.regions[r.index()].parent = Some(id);
        }
        let def = crate::ops::lookup(&spec.name);
        self.ops.push(Operation {
            name: spec.name,
            def,
            operands: spec.operands,
            results,
            props: spec.props,
            attrs: spec.attrs,
            regions: spec.regions,
            successors: spec.successors,
            loc: spec.loc,
            parent: None,
            span: spec.span,
            inlined_at: Span::NONE,
            order: 0,
        });
        id
    }

    /// Appends a detached op to the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        let end = self.blocks[block.index()].ops.len();
        self.place(block, end, &[op]);
    }

    /// Makes operand `index` of `op` read `new`, keeping both use lists true.
    pub fn set_operand(&mut self, op: OpId, index: usize, new: ValueId) {
        let old = self.ops[op.index()].operands[index];
        let u = Use {
            op,
            operand: index as u32,
        };
        self.values[old.index()].uses.retain(|x| *x != u);
        self.values[new.index()].uses.push(u);
        self.ops[op.index()].operands[index] = new;
    }

    /// Makes `op` read `operands`, one for each it has, keeping every use list true.
    pub fn set_operands(&mut self, op: OpId, operands: &[ValueId]) {
        debug_assert_eq!(self.ops[op.index()].operands.len(), operands.len());
        for (index, &new) in operands.iter().enumerate() {
            if self.ops[op.index()].operands[index] != new {
                self.set_operand(op, index, new);
            }
        }
    }

    /// Rewires every use of `old` to `new` (MLIR's `replaceAllUsesWith`).
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) {
        for u in std::mem::take(&mut self.values[old.index()].uses) {
            self.ops[u.op.index()].operands[u.operand as usize] = new;
            self.values[new.index()].uses.push(u);
        }
    }

    /// The op that contains `block` (through its region), if any.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()]
            .parent
            .and_then(|r| self.regions[r.index()].parent)
    }

    /// The op that defines `v`, or `None` for a block argument.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v.index()].def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::Arg { .. } => None,
        }
    }

    /// The block a value is defined in.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.values[v.index()].def {
            ValueDef::Result { op, .. } => self.ops[op.index()].parent,
            ValueDef::Arg { block, .. } => Some(block),
        }
    }

    /// All ops nested anywhere under the top-level block, in pre-order.
    pub fn walk(&self) -> Vec<OpId> {
        let mut out = Vec::with_capacity(self.ops.len());
        self.walk_block(self.top, &mut out);
        out
    }

    /// The ops nested (at any depth) in the regions of `op`, in pre-order; `op` itself excluded.
    pub fn walk_under(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        for &r in &self.ops[op.index()].regions {
            for &b in &self.regions[r.index()].blocks {
                self.walk_block(b, &mut out);
            }
        }
        out
    }

    fn walk_block(&self, block: BlockId, out: &mut Vec<OpId>) {
        for &op in &self.blocks[block.index()].ops {
            out.push(op);
            for &r in &self.ops[op.index()].regions {
                for &b in &self.regions[r.index()].blocks {
                    self.walk_block(b, out);
                }
            }
        }
    }
}
