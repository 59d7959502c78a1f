//! The verifier: structural invariants every later phase relies on. It runs after parsing and
//! after every transformation, and reports every problem it finds (not just the first).
//!
//! Checked: SSA dominance (a use sees its definition earlier in its block or in an enclosing
//! block, never across an isolated op), terminators of the regions of known ops, function return
//! types, call signatures, `mhlo.fusion` bodies (one argument per operand, a return of the
//! result types), `stablehlo.composite` names and decompositions, and the operand/result shapes
//! of known ops. Unknown ops are checked only for dominance.

use crate::{Attr, BlockId, Module, OpId, Operation, Type, ValueDef, ValueId};
use egfuse_diag::Diag;
use rustc_hash::FxHashMap;

/// Verifies `m`; an empty list means it is well formed.
pub fn verify(m: &Module) -> Vec<Diag> {
    let mut v = Verifier {
        m,
        errors: Vec::new(),
        position: vec![0; m.num_ops()],
        functions: FxHashMap::default(),
    };
    v.index();
    for op in m.walk() {
        v.dominance(op);
        v.regions(op);
        v.op_types(op);
    }
    v.errors
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<Diag>,
    /// Each op's index in its block, by op id.
    position: Vec<usize>,
    /// Function name to its (inputs, results).
    functions: FxHashMap<String, (&'m [Type], &'m [Type])>,
}

impl<'m> Verifier<'m> {
    fn index(&mut self) {
        let mut blocks = vec![self.m.top];
        for id in self.m.walk() {
            let op = self.m.op(id);
            blocks.extend(
                op.regions
                    .iter()
                    .flat_map(|&r| self.m.region(r).blocks.iter().copied()),
            );
            if &*op.name == "func.func" {
                if let (Some(Attr::Str { text, .. }), Some(Attr::Type(Type::Function(i, r)))) =
                    (op.attr("sym_name"), op.attr("function_type"))
                {
                    self.functions.insert(text.to_string(), (i, r));
                }
            }
        }
        for b in blocks {
            for (i, &o) in self.m.block(b).ops.iter().enumerate() {
                self.position[o.index()] = i;
            }
        }
    }

    fn error(&mut self, op: &Operation, code: &'static str, message: String, label: &str) {
        self.errors
            .push(Diag::new(code, op.span, message).with_label(label));
    }

    /// Every operand is defined before this op in its block or an enclosing one.
    fn dominance(&mut self, id: OpId) {
        let op = self.m.op(id);
        for (i, &v) in op.operands.iter().enumerate() {
            if let Err(why) = self.visible(v, id) {
                let name = self.m.value(v).name.as_deref().unwrap_or("?").to_string();
                self.error(
                    op,
                    "verify::dominance",
                    format!("operand #{i} (`%{name}`) {why}"),
                    "used here",
                );
            }
        }
    }

    fn visible(&self, v: ValueId, user: OpId) -> Result<(), &'static str> {
        let def_block = self.m.value_block(v).ok_or("is not defined in any block")?;
        let def_pos = match self.m.value(v).def {
            ValueDef::Result { op, .. } => Some(self.position[op.index()]),
            ValueDef::Arg { .. } => None,
        };
        let mut cur = user;
        loop {
            let block = self
                .m
                .op(cur)
                .parent
                .ok_or("is not defined in an enclosing scope")?;
            if block == def_block {
                let cur_pos = self.position[cur.index()];
                return match def_pos {
                    Some(p) if p >= cur_pos => Err("is used before it is defined"),
                    _ => Ok(()),
                };
            }
            if self.same_region(block, def_block) {
                return Ok(());
            }
            let parent = self
                .m
                .block_parent_op(block)
                .ok_or("is not defined in an enclosing scope")?;
            if self.m.op(parent).def.is_some_and(|d| d.traits.isolated) {
                return Err("is defined outside the isolated op that uses it");
            }
            cur = parent;
        }
    }

    /// Blocks of one multi-block region may use each other's values (no CFG dominance yet).
    fn same_region(&self, a: BlockId, b: BlockId) -> bool {
        let (ra, rb) = (self.m.block(a).parent, self.m.block(b).parent);
        ra.is_some() && ra == rb
    }

    /// Regions of known ops end in the right terminator; functions return their result types.
    fn regions(&mut self, id: OpId) {
        let op = self.m.op(id);
        let Some(def) = op.def else { return };
        if op.regions.is_empty() || def.traits.isolated && &*op.name == "builtin.module" {
            return;
        }
        let expected = if &*op.name == "func.func" {
            "func.return".to_string()
        } else {
            format!("{}.return", op.dialect())
        };
        for &r in &op.regions {
            for &b in &self.m.region(r).blocks {
                let last = self.m.block(b).ops.last().map(|&o| self.m.op(o));
                match last {
                    Some(t) if *t.name == *expected => {
                        if &*op.name == "func.func" {
                            self.return_types(op, t);
                        }
                    }
                    Some(t) => {
                        let message = format!(
                            "a region of `{}` must end in `{expected}`, not `{}`",
                            op.name, t.name
                        );
                        self.error(t, "verify::terminator", message, "the last op of the block");
                    }
                    None => {
                        let message = format!(
                            "a region of `{}` must end in `{expected}`, but its block is empty",
                            op.name
                        );
                        self.error(op, "verify::terminator", message, "this op");
                    }
                }
            }
        }
    }

    fn return_types(&mut self, func: &Operation, ret: &Operation) {
        let Some(Attr::Type(Type::Function(_, results))) = func.attr("function_type") else {
            return;
        };
        let got: Vec<&Type> = ret.operands.iter().map(|&v| self.m.ty(v)).collect();
        if got.len() != results.len() || got.iter().zip(results).any(|(a, b)| *a != b) {
            let message = "the returned types differ from the function's result types".to_string();
            self.error(ret, "verify::return", message, "this return");
        }
    }

    /// Shape rules of the known ops.
    fn op_types(&mut self, id: OpId) {
        let op = self.m.op(id);
        let Some(def) = op.def else { return };
        let short = op.name.split_once('.').map_or(&*op.name, |(_, s)| s);
        if def.traits.elementwise {
            self.elementwise(op, short);
        }
        self.enum_values(op);
        match short {
            "broadcast_in_dim" => self.broadcast_in_dim(op),
            "reshape" => self.reshape(op),
            "transpose" => self.transpose(op),
            "call" if op.dialect() == "func" => self.call(op),
            "fusion" if op.dialect() == "mhlo" => self.fusion(op),
            "composite" if op.dialect() == "stablehlo" => self.composite(op),
            "constant" => self.constant(op),
            "compare" => self.result_elem_is_bool(op),
            _ => {}
        }
    }

    fn elementwise(&mut self, op: &Operation, short: &str) {
        let arity = match short {
            "add"
            | "subtract"
            | "multiply"
            | "divide"
            | "maximum"
            | "minimum"
            | "remainder"
            | "power"
            | "atan2"
            | "and"
            | "or"
            | "xor"
            | "shift_left"
            | "shift_right_arithmetic"
            | "shift_right_logical"
            | "next_after" => 2,
            "clamp" => 3,
            _ => 1,
        };
        if op.operands.len() != arity || op.results.len() != 1 {
            let message = format!(
                "`{}` takes {arity} operand(s) and gives 1 result, not {} and {}",
                op.name,
                op.operands.len(),
                op.results.len()
            );
            return self.error(op, "verify::arity", message, "this op");
        }
        let result = self.m.ty(op.results[0]).dims();
        let scalar_ok = short == "clamp";
        for &v in &op.operands {
            let dims = self.m.ty(v).dims();
            let compatible = match (dims, result) {
                (Some(a), Some(b)) => same_shape(a, b) || (scalar_ok && a.is_empty()),
                _ => true,
            };
            if !compatible {
                let message = format!("`{}` needs operands and result of one shape", op.name);
                return self.error(op, "verify::shape", message, "the shapes differ here");
            }
        }
    }

    fn broadcast_in_dim(&mut self, op: &Operation) {
        let (Some(dims), [input], [result]) = (
            op.attr("broadcast_dimensions").and_then(Attr::as_i64_array),
            &op.operands[..],
            &op.results[..],
        ) else {
            return self.error(
                op,
                "verify::operands",
                "`broadcast_in_dim` takes one operand, one result and `dims`".into(),
                "this op",
            );
        };
        let (Some(from), Some(to)) = (self.m.ty(*input).dims(), self.m.ty(*result).dims()) else {
            return;
        };
        let ok = dims.len() == from.len()
            && dims.iter().zip(from).all(|(&d, &f)| {
                d >= 0
                    && (d as usize) < to.len()
                    && (f == 1 || f == to[d as usize] || f < 0 || to[d as usize] < 0)
            });
        if !ok {
            self.error(
                op,
                "verify::broadcast",
                format!("`dims = {dims:?}` does not map {from:?} into {to:?}"),
                "this broadcast",
            );
        }
    }

    fn reshape(&mut self, op: &Operation) {
        let ([input], [result]) = (&op.operands[..], &op.results[..]) else {
            return;
        };
        let count = |v: ValueId| self.m.ty(v).as_tensor().and_then(|t| t.num_elements());
        if let (Some(a), Some(b)) = (count(*input), count(*result)) {
            if a != b {
                self.error(
                    op,
                    "verify::reshape",
                    format!("reshape changes the element count from {a} to {b}"),
                    "this reshape",
                );
            }
        }
    }

    fn transpose(&mut self, op: &Operation) {
        let (Some(perm), [input], [result]) = (
            op.attr("permutation").and_then(Attr::as_i64_array),
            &op.operands[..],
            &op.results[..],
        ) else {
            return;
        };
        let (Some(from), Some(to)) = (self.m.ty(*input).dims(), self.m.ty(*result).dims()) else {
            return;
        };
        let mut seen = vec![false; from.len()];
        let is_perm = perm.len() == from.len()
            && perm.iter().all(|&p| {
                p >= 0
                    && (p as usize) < from.len()
                    && !std::mem::replace(&mut seen[p as usize], true)
            });
        if !is_perm
            || to.len() != from.len()
            || perm
                .iter()
                .zip(to)
                .any(|(&p, &t)| !same_dim(from[p as usize], t))
        {
            self.error(
                op,
                "verify::transpose",
                format!("`dims = {perm:?}` does not permute {from:?} into {to:?}"),
                "this transpose",
            );
        }
    }

    fn call(&mut self, op: &Operation) {
        let Some(Attr::SymbolRef(parts)) = op.attr("callee") else {
            return;
        };
        let callee = parts[0].trim_matches('"');
        match self.signature(op, callee) {
            Signature::Unknown => self.error(
                op,
                "verify::call",
                format!("call to unknown function `@{callee}`"),
                "this call",
            ),
            Signature::Differs => self.error(
                op,
                "verify::call",
                format!("the call's types differ from the signature of `@{callee}`"),
                "this call",
            ),
            Signature::Matches => {}
        }
    }

    /// Whether `op`'s operand and result types are the signature of the function `callee`.
    fn signature(&self, op: &Operation, callee: &str) -> Signature {
        let Some(&(ins, outs)) = self.functions.get(callee) else {
            return Signature::Unknown;
        };
        let args: Vec<&Type> = op.operands.iter().map(|&v| self.m.ty(v)).collect();
        let results: Vec<&Type> = op.results.iter().map(|&v| self.m.ty(v)).collect();
        let same =
            |a: &[&Type], b: &[Type]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| *x == y);
        if same(&args, ins) && same(&results, outs) {
            Signature::Matches
        } else {
            Signature::Differs
        }
    }

    /// StableHLO's composite constraints: (C1) a namespaced name, (C2) a decomposition defined
    /// in the module, (C3, C4) whose signature is the composite's types.
    fn composite(&mut self, op: &Operation) {
        let name = op.attr("name").and_then(Attr::as_str).unwrap_or_default();
        if !name
            .split_once('.')
            .is_some_and(|(d, n)| !d.is_empty() && !n.is_empty())
        {
            let message = format!("the composite name `{name}` is not namespaced (`dialect.op`)");
            self.error(op, "verify::composite", message, "this composite");
        }
        let Some(Attr::SymbolRef(parts)) = op.attr("decomposition") else {
            let message = "a composite needs a `decomposition` symbol".to_string();
            return self.error(op, "verify::composite", message, "this composite");
        };
        let callee = parts[0].trim_matches('"');
        let message = match self.signature(op, callee) {
            Signature::Matches => return,
            Signature::Unknown => format!("the decomposition `@{callee}` is not a function"),
            Signature::Differs => {
                format!("the composite's types differ from the signature of `@{callee}`")
            }
        };
        self.error(op, "verify::composite", message, "this composite");
    }

    /// `mhlo.fusion`: one body block taking one argument per operand, of its type, and an
    /// `mhlo.return` of the result types.
    fn fusion(&mut self, op: &Operation) {
        let body = match (op.regions.as_slice(), op.regions.first()) {
            ([_], Some(&r)) if self.m.region(r).blocks.len() == 1 => self.m.region(r).blocks[0],
            _ => {
                let message = "`mhlo.fusion` needs exactly one region of one block".to_string();
                return self.error(op, "verify::fusion", message, "this fusion");
            }
        };
        let block = self.m.block(body);
        let arg_types = block.args.iter().map(|&a| self.m.ty(a));
        let operand_types = op.operands.iter().map(|&v| self.m.ty(v));
        if block.args.len() != op.operands.len() || !arg_types.eq(operand_types) {
            let message = format!(
                "the body of `mhlo.fusion` must take one argument per operand ({}), of its type",
                op.operands.len()
            );
            self.error(op, "verify::fusion", message, "this fusion");
        }
        let ret = block.ops.last().map(|&r| self.m.op(r));
        if let Some(ret) = ret.filter(|r| &*r.name == "mhlo.return") {
            let returned = ret.operands.iter().map(|&v| self.m.ty(v));
            let results = op.results.iter().map(|&v| self.m.ty(v));
            if !returned.eq(results) {
                let message =
                    "the `mhlo.return` of `mhlo.fusion` must return its result types".to_string();
                self.error(ret, "verify::fusion", message, "this return");
            }
        }
    }

    fn constant(&mut self, op: &Operation) {
        if let (Some(Attr::Dense { ty, .. }), [r]) = (op.attr("value"), &op.results[..]) {
            let quantized = matches!(self.m.ty(*r).elem(), Some(crate::ElemType::Dialect(_)));
            if self.m.ty(*r) != ty && !quantized {
                self.error(
                    op,
                    "verify::constant",
                    "the constant's value type differs from its result type".into(),
                    "this constant",
                );
            }
        }
    }

    /// Every enum attribute of a kind StableHLO defines holds one of its values, alone or in
    /// an array (`precision_config`).
    fn enum_values(&mut self, op: &Operation) {
        let enums = op.props.iter().flat_map(|a| {
            let items = match &a.value {
                Attr::Array(items) => &items[..],
                one => std::slice::from_ref(one),
            };
            items.iter().map(move |v| (a, v))
        });
        for (a, v) in enums {
            let Attr::Enum { kind, value, .. } = v else {
                continue;
            };
            if let Some(values) = crate::ops::enum_values(kind) {
                if !values.contains(&&**value) {
                    let message = format!(
                        "`{}` is `{value}`, which is not a {} ({})",
                        a.name,
                        kind.replace('_', " "),
                        values.join(", ")
                    );
                    self.error(op, "verify::enum", message, "this op");
                }
            }
        }
    }

    fn result_elem_is_bool(&mut self, op: &Operation) {
        if let [r] = &op.results[..] {
            if self.m.ty(*r).elem().is_some_and(|e| !e.is_bool()) {
                self.error(
                    op,
                    "verify::compare",
                    "`compare` must produce i1 elements".into(),
                    "this compare",
                );
            }
        }
    }
}

/// How an op's types compare with a function's signature.
enum Signature {
    Unknown,
    Differs,
    Matches,
}

fn same_dim(a: i64, b: i64) -> bool {
    a == b || a < 0 || b < 0
}

fn same_shape(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| same_dim(x, y))
}
