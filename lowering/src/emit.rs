//! Ops emitted just before the op a module pass rewrites, at the types of its values: the
//! builder the `*_forms` passes spell their laws with, and [`replace_in_f32`], how those that
//! compute in fp32 replace an op.

use egfuse_ir::Signedness;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId};
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

/// Replaces `op`, whose one result has the float tensor type `t`, by `body` of its operands
/// computed in fp32: an operand of another float type is converted to f32 first, and the
/// result converted back to `t` (an integer that rounds a bf16 value, or a remainder of two,
/// is one of bf16's; an f64 is held as an f32 anyway, `crate::float64`).
pub(crate) fn replace_in_f32(
    m: &mut Module,
    op: OpId,
    t: &TensorType,
    body: impl FnOnce(&mut At, &[ValueId]) -> ValueId,
) {
    let f32 = ElemType::Float(FloatKind::F32);
    let operands = m.op(op).operands.clone();
    let mut at = At::new(m, op, t, f32.clone());
    let wide = t.elem != f32;
    let args: Vec<ValueId> = (operands.into_iter())
        .map(|v| match wide {
            true => at.of("stablehlo.convert", vec![v]),
            false => v,
        })
        .collect();
    let out = body(&mut at, &args);
    let out = match wide {
        true => at.op("stablehlo.convert", vec![out], &Type::Tensor(t.clone())),
        false => out,
    };
    at.replace(out);
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
