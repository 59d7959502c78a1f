//! Editing primitives on a [`Module`]: placing ops in blocks, moving and erasing them, rewiring a
//! subset of a value's uses, and deep-cloning an op with a value map.
//!
//! These are what the region builder (`egfuse_fusion::cluster`) needs to do what MLIR's
//! `Operation::moveBefore`, `Value::replaceUsesWithIf`, `Operation::erase` and
//! `Operation::clone(IRMapping&)` do. Each keeps the use-list invariant of the module: after any
//! of them, `values[v].uses` lists exactly the `(op, operand)` pairs that read `v`, and an op is
//! in a block's op list exactly when its `parent` names that block.

use super::{BlockId, Module, NamedAttr, OpId, OpSpec, Type, Use, Uses, ValueDef, ValueId};
use egfuse_diag::Diag;
use rustc_hash::FxHashMap;

/// A map from values of a cloned op (and its enclosing scope) to the values its clone reads.
pub type ValueMap = FxHashMap<ValueId, ValueId>;

/// The distance between the order keys of ops appended to a block or renumbered: room for
/// twenty halvings before a block is renumbered.
const ORDER_GAP: u64 = 1 << 20;

impl Module {
    /// The index of `op` in its block's op list, or `None` for a detached op: a binary search
    /// over the block's order keys.
    pub fn op_position(&self, op: OpId) -> Option<usize> {
        let block = self.op(op).parent?;
        let key = self.ops[op.index()].order;
        let list = &self.blocks[block.index()].ops;
        let pos = list.binary_search_by_key(&key, |o| self.ops[o.index()].order);
        debug_assert!(
            pos.is_ok_and(|p| list[p] == op),
            "order keys are out of date"
        );
        pos.ok()
    }

    /// Whether `a` comes before `b`; both sit in the same block.
    pub fn is_before_in_block(&self, a: OpId, b: OpId) -> bool {
        debug_assert_eq!(self.op(a).parent, self.op(b).parent, "ops of one block");
        self.ops[a.index()].order < self.ops[b.index()].order
    }

    /// Sorts ops of one block into program order.
    pub fn sort_in_block(&self, ops: &mut [OpId]) {
        ops.sort_unstable_by_key(|o| self.ops[o.index()].order);
    }

    /// Removes `op` from its block and leaves it detached; its operands, results and uses stay.
    pub fn detach_op(&mut self, op: OpId) {
        if let Some(pos) = self.op_position(op) {
            let block = self.ops[op.index()].parent.take().expect("an attached op");
            self.blocks[block.index()].ops.remove(pos);
        }
    }

    /// Detaches every op of `ops` at once: one pass over each block from the first of them on,
    /// where detaching them one by one would shift the block's tail once per op.
    pub fn detach_ops(&mut self, ops: &[OpId]) {
        let mut at: Vec<(BlockId, usize)> = (ops.iter())
            .filter_map(|&o| Some((self.ops[o.index()].parent?, self.op_position(o)?)))
            .collect();
        at.sort_unstable();
        at.dedup();
        for &o in ops {
            self.ops[o.index()].parent = None;
        }
        for group in at.chunk_by(|a, b| a.0 == b.0) {
            let list = &mut self.blocks[group[0].0.index()].ops;
            let mut kept = group[0].1;
            for (k, &(_, gone)) in group.iter().enumerate() {
                let next = group.get(k + 1).map_or(list.len(), |&(_, p)| p);
                list.copy_within(gone + 1..next, kept);
                kept += next - gone - 1;
            }
            list.truncate(kept);
        }
    }

    /// Puts the detached op `op` into `anchor`'s block, just before `anchor`.
    pub fn insert_op_before(&mut self, anchor: OpId, op: OpId) {
        self.insert_at(anchor, op, 0);
    }

    /// Creates the op `name` of `operands`, with properties `props` and one result of type
    /// `ty`, just before `anchor`, at `anchor`'s location and source span (a rewrite's new op
    /// stands where the op it rewrites stood); returns its result.
    pub fn create_before(
        &mut self,
        anchor: OpId,
        (name, operands, props): (&str, Vec<ValueId>, Vec<NamedAttr>),
        ty: Type,
    ) -> ValueId {
        let mut spec = OpSpec::new(name);
        spec.operands = operands;
        spec.result_types = vec![ty];
        spec.props = props;
        spec.loc = self.op(anchor).loc.clone();
        spec.span = self.op(anchor).span;
        let op = self.create_op(spec);
        self.insert_op_before(anchor, op);
        self.op(op).results[0]
    }

    /// Puts the detached op `op` into `anchor`'s block, just after `anchor`.
    pub fn insert_op_after(&mut self, anchor: OpId, op: OpId) {
        self.insert_at(anchor, op, 1);
    }

    /// Puts the detached ops `ops`, in their order, into `anchor`'s block just before `anchor`,
    /// in one splice (inserting many ops one by one would shift the block's tail for each).
    pub fn insert_ops_before(&mut self, anchor: OpId, ops: &[OpId]) {
        let (Some(block), Some(pos)) = (self.op(anchor).parent, self.op_position(anchor)) else {
            return;
        };
        self.place(block, pos, ops);
    }

    fn insert_at(&mut self, anchor: OpId, op: OpId, offset: usize) {
        let (Some(block), Some(pos)) = (self.op(anchor).parent, self.op_position(anchor)) else {
            return;
        };
        self.place(block, pos + offset, &[op]);
    }

    /// Makes `ops` the op list of `block`, in that order. The ops it held before that `ops`
    /// lacks are detached and returned, in their old order, for the caller to erase or place.
    pub fn set_block_ops(&mut self, block: BlockId, ops: Vec<OpId>) -> Vec<OpId> {
        let kept = super::OpSet::new(&ops);
        for &o in &ops {
            self.ops[o.index()].parent = Some(block);
        }
        let mut old = std::mem::replace(&mut self.blocks[block.index()].ops, ops);
        old.retain(|&o| !kept.contains(o));
        for &o in &old {
            self.ops[o.index()].parent = None;
        }
        self.renumber(block);
        old
    }

    /// Splices the detached ops `new` into `block` at index `at`, giving them order keys
    /// between their neighbours' (renumbering the block when there is no room).
    pub(super) fn place(&mut self, block: BlockId, at: usize, new: &[OpId]) {
        for &op in new {
            debug_assert!(self.ops[op.index()].parent.is_none(), "op is not detached");
            self.ops[op.index()].parent = Some(block);
        }
        let list = &self.blocks[block.index()].ops;
        let key = |i: usize| self.ops[list[i].index()].order;
        let lo = at.checked_sub(1).map_or(0, key);
        let step = match list.get(at) {
            Some(_) => (key(at) - lo) / (new.len() as u64 + 1),
            None => ORDER_GAP,
        };
        self.blocks[block.index()]
            .ops
            .splice(at..at, new.iter().copied());
        if step == 0 || lo.checked_add(step * (new.len() as u64 + 1)).is_none() {
            return self.renumber(block);
        }
        for (k, &op) in new.iter().enumerate() {
            self.ops[op.index()].order = lo + step * (k as u64 + 1);
        }
    }

    /// Spreads the order keys of `block`'s ops [`ORDER_GAP`] apart.
    fn renumber(&mut self, block: BlockId) {
        for (i, &op) in self.blocks[block.index()].ops.iter().enumerate() {
            self.ops[op.index()].order = (i as u64 + 1) * ORDER_GAP;
        }
    }

    /// Moves `op` (attached or not) to the end of `block`, as MLIR's
    /// `op->moveBefore(block, block->end())`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) {
        self.detach_op(op);
        self.append_op(block, op);
    }

    /// Moves the attached op `op` to just after `anchor` (in `anchor`'s block).
    pub fn move_op_after(&mut self, op: OpId, anchor: OpId) {
        self.detach_op(op);
        self.insert_op_after(anchor, op);
    }

    /// Rewires the uses of `old` for which `pred` holds to read `new` (MLIR's
    /// `replaceUsesWithIf`); the other uses keep reading `old`.
    pub fn replace_uses_if(
        &mut self,
        old: ValueId,
        new: ValueId,
        pred: impl Fn(&Module, Use) -> bool,
    ) {
        if old == new {
            return;
        }
        // The kept uses stay where they are (a value read by most of a module, as a shared
        // constant is, keeps a long list through every kernel that reads it).
        let mut uses = std::mem::take(&mut self.values[old.index()].uses);
        let mut moved = Uses::new();
        uses.retain(|u| {
            let moves = pred(self, *u);
            if moves {
                moved.push(*u);
            }
            !moves
        });
        self.values[old.index()].uses = uses;
        for u in moved {
            self.ops[u.op.index()].operands[u.operand as usize] = new;
            self.values[new.index()].uses.push(u);
        }
    }

    /// Erases `op`: detaches it and drops the operand uses of it and of every op nested in its
    /// regions. Its results must be unused; otherwise nothing changes and the error names the op.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), Diag> {
        let o = self.op(op);
        if let Some(&r) = o.results.iter().find(|&&r| !self.value(r).uses.is_empty()) {
            let user = self.value(r).uses[0].op;
            let message = format!(
                "cannot erase `{}`: its result is still used by `{}`",
                o.name,
                self.op(user).name
            );
            return Err(Diag::new("ir::erase", o.span, message).with_label("this op"));
        }
        self.detach_op(op);
        let mut stack = vec![op];
        while let Some(id) = stack.pop() {
            let operands = std::mem::take(&mut self.ops[id.index()].operands);
            for (i, v) in operands.into_iter().enumerate() {
                let u = Use {
                    op: id,
                    operand: i as u32,
                };
                self.values[v.index()].uses.retain(|x| *x != u);
            }
            for &r in &self.ops[id.index()].regions {
                for &b in &self.regions[r.index()].blocks {
                    stack.extend(self.blocks[b.index()].ops.iter().copied());
                }
            }
        }
        Ok(())
    }

    /// Deep-clones `op` (regions, blocks, block arguments and nested ops) into a new detached op.
    /// Operands found in `map` read the mapped value, others the same value; every value the
    /// clone defines is added to `map`, keyed by the value it copies. Names and locations stay.
    pub fn clone_op(&mut self, op: OpId, map: &mut ValueMap) -> OpId {
        let regions = self.op(op).regions.clone();
        let regions = (regions.iter())
            .map(|&r| self.clone_region(r, map))
            .collect();
        let src = self.op(op);
        let spec = OpSpec {
            name: src.name.clone(),
            operands: (src.operands.iter())
                .map(|v| *map.get(v).unwrap_or(v))
                .collect(),
            result_types: src.results.iter().map(|&r| self.ty(r).clone()).collect(),
            props: src.props.clone(),
            attrs: src.attrs.clone(),
            regions,
            successors: src.successors.clone(),
            loc: src.loc.clone(),
            span: src.span,
        };
        let inlined_at = src.inlined_at;
        let copy = self.create_op(spec);
        self.op_mut(copy).inlined_at = inlined_at;
        for k in 0..self.op(copy).results.len() {
            let (old, new) = (self.op(op).results[k], self.op(copy).results[k]);
            self.values[new.index()].name = self.values[old.index()].name.clone();
            map.insert(old, new);
        }
        copy
    }

    /// Deep-clones `region` into a new detached region, as [`Module::clone_op`] clones an op's.
    pub fn clone_region(&mut self, region: super::RegionId, map: &mut ValueMap) -> super::RegionId {
        let blocks = self.region(region).blocks.clone();
        let copies: Vec<BlockId> = blocks.iter().map(|_| self.new_block()).collect();
        for (&b, &c) in blocks.iter().zip(&copies) {
            for a in self.block(b).args.clone() {
                let value = self.value(a).clone();
                let new = self.add_block_arg(c, value.ty, value.name);
                self.values[new.index()].loc = value.loc;
                map.insert(a, new);
            }
        }
        for (&b, &c) in blocks.iter().zip(&copies) {
            for o in self.block(b).ops.clone() {
                let copy = self.clone_op(o, map);
                self.append_op(c, copy);
            }
        }
        self.new_region(copies)
    }

    /// The op whose region holds the block `op` sits in, if any.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).parent.and_then(|b| self.block_parent_op(b))
    }

    /// True when `op` is `ancestor` or nested (at any depth) in one of its regions.
    pub fn is_ancestor(&self, ancestor: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if c == ancestor {
                return true;
            }
            cur = self.parent_op(c);
        }
        false
    }

    /// `op` itself or the op enclosing it that sits directly in `block`, if there is one.
    pub fn ancestor_in_block(&self, op: OpId, block: BlockId) -> Option<OpId> {
        let mut cur = op;
        loop {
            if self.op(cur).parent == Some(block) {
                return Some(cur);
            }
            cur = self.parent_op(cur)?;
        }
    }

    /// The op that owns the definition of `v`: its defining op, or for a block argument the op
    /// whose region holds the block (`None` for arguments of the top-level block).
    pub fn value_owner(&self, v: ValueId) -> Option<OpId> {
        match self.value(v).def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::Arg { block, .. } => self.block_parent_op(block),
        }
    }

    /// True when `op` is reachable from the top-level block (not detached or erased, and not
    /// nested in a detached op).
    pub fn is_attached(&self, op: OpId) -> bool {
        let mut cur = op;
        loop {
            match self.op(cur).parent {
                None => return false,
                Some(b) if b == self.top => return true,
                Some(b) => match self.block_parent_op(b) {
                    Some(p) => cur = p,
                    None => return false,
                },
            }
        }
    }
}

impl Module {
    /// Checks the use-list invariant over every op reachable from the top-level block: each
    /// operand is listed in its value's uses, and each listed use of a value defined or read
    /// there reads that value. Returns the first violation found.
    pub fn check_use_lists(&self) -> Result<(), String> {
        let ops = self.walk();
        let mut values = Vec::new();
        for &o in &ops {
            let op = self.op(o);
            for (i, &v) in op.operands.iter().enumerate() {
                let u = Use {
                    op: o,
                    operand: i as u32,
                };
                if !self.value(v).uses.contains(&u) {
                    return Err(format!(
                        "operand {i} of `{}` is missing from its uses",
                        op.name
                    ));
                }
                values.push(v);
            }
            values.extend(op.results.iter().copied());
            for &r in &op.regions {
                for &b in &self.region(r).blocks {
                    values.extend(self.block(b).args.iter().copied());
                }
            }
        }
        for v in values {
            for u in &self.value(v).uses {
                let reads = self.op(u.op).operands.get(u.operand as usize) == Some(&v);
                if !reads || !self.is_attached(u.op) {
                    let name = &self.op(u.op).name;
                    return Err(format!("a stale use by operand {} of `{name}`", u.operand));
                }
            }
        }
        Ok(())
    }
}
