//! Ops emitted just before the op a module pass rewrites, at the types of its values: the
//! builder `round_forms` and `bit_forms` spell their laws with.

use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, Module, NamedAttr, OpId, Signedness};
use egfuse_ir::{TensorType, Type, ValueId};

/// A builder of ops before `op`, computing in the tensor type `ty` (the op's shape).
pub(crate) struct At<'m> {
    pub m: &'m mut Module,
    pub op: OpId,
    pub ty: Type,
    /// The same shape of booleans.
    pub bool: Type,
    /// `FLOAT`, `SIGNED` or `UNSIGNED`: how compares of `ty` compare.
    pub compare_type: &'static str,
    /// The constants made so far, by literal: each is made once.
    splats: Vec<(String, ValueId)>,
}

impl<'m> At<'m> {
    /// A builder before `op` computing in `t`'s shape with element `elem`.
    pub fn new(m: &'m mut Module, op: OpId, t: &TensorType, elem: ElemType) -> At<'m> {
        let with = |elem| Type::Tensor(TensorType { elem, ..t.clone() });
        let compare_type = match elem {
            ElemType::Float(_) => "FLOAT",
            ElemType::Int {
                sign: Signedness::Unsigned,
                ..
            } => "UNSIGNED",
            _ => "SIGNED",
        };
        let bool = ElemType::Int {
            sign: Signedness::Signless,
            width: 1,
        };
        At {
            ty: with(elem),
            bool: with(bool),
            compare_type,
            splats: Vec::new(),
            m,
            op,
        }
    }

    /// The op `name` of `operands` with one result of type `ty`.
    pub fn op(&mut self, name: &str, operands: Vec<ValueId>, ty: &Type) -> ValueId {
        (self.m).create_before(self.op, (name, operands, Vec::new()), ty.clone())
    }

    /// The op `name` of `operands` computing in the builder's type.
    pub fn of(&mut self, name: &str, operands: Vec<ValueId>) -> ValueId {
        let ty = self.ty.clone();
        self.op(name, operands, &ty)
    }

    /// A constant of the builder's type, every element the literal `value`, made once.
    pub fn splat(&mut self, value: &str) -> ValueId {
        if let Some(&(_, v)) = self.splats.iter().find(|(text, _)| text == value) {
            return v;
        }
        let attr = Attr::Dense {
            body: DenseBody::Elems(DenseElem::Scalar(value.into())),
            ty: self.ty.clone(),
        };
        let props = vec![NamedAttr::new("value", attr)];
        let ty = self.ty.clone();
        let v = (self.m).create_before(self.op, ("stablehlo.constant", Vec::new(), props), ty);
        self.splats.push((value.to_string(), v));
        v
    }

    /// `a direction b`, as booleans.
    pub fn compare(&mut self, direction: &str, a: ValueId, b: ValueId) -> ValueId {
        let kind = self.compare_type;
        self.compare_as(direction, (a, b), kind)
    }

    /// `a direction b` of values compared as `kind` (`FLOAT`, `SIGNED`, `UNSIGNED`), whatever
    /// the builder's type, as booleans of its shape.
    pub fn compare_as(
        &mut self,
        direction: &str,
        (a, b): (ValueId, ValueId),
        kind: &str,
    ) -> ValueId {
        let props = vec![
            NamedAttr::new(
                "comparison_direction",
                enum_attr("comparison_direction", direction),
            ),
            NamedAttr::new("compare_type", enum_attr("comparison_type", kind)),
        ];
        let ty = self.bool.clone();
        (self.m).create_before(self.op, ("stablehlo.compare", vec![a, b], props), ty)
    }

    pub fn select(&mut self, p: ValueId, a: ValueId, b: ValueId) -> ValueId {
        self.of("stablehlo.select", vec![p, a, b])
    }

    /// Every use of the rewritten op's result made a use of `new`, and the op erased.
    pub fn replace(self, new: ValueId) {
        let old = self.m.op(self.op).results[0];
        self.m.replace_all_uses(old, new);
        self.m
            .erase_op(self.op)
            .expect("a rewritten op has no uses left");
    }
}

fn enum_attr(kind: &str, value: &str) -> Attr {
    Attr::Enum {
        dialect: "stablehlo".into(),
        kind: kind.into(),
        value: value.into(),
    }
}

/// `@main` of `m` run in the reference interpreter on `args`, its results' elements: how the
/// module passes' tests compare a module before and after a rewrite.
#[cfg(test)]
pub(crate) fn run_main(m: &Module, args: Vec<egfuse_interp::Rt>) -> Vec<Vec<f64>> {
    use egfuse_interp::{Interpreter, Limits, Tensor};
    let mut it = Interpreter::new(m, Limits::default());
    let f = it.find_func("main").expect("main");
    let out = it.run_func(f, args).expect("runs");
    (out.iter())
        .map(|r| {
            r.as_tensor()
                .and_then(Tensor::floats)
                .expect("floats")
                .to_vec()
        })
        .collect()
}
