//! Typed reads of op attributes shared by the op families: enum values, booleans, floats.

use super::Interpreter;
use egfuse_ir::{Attr, OpId};

/// The value of enum attribute `name` of kind `kind` (`#stablehlo<transpose ADJOINT>`).
pub fn enum_attr<'m>(cx: &Interpreter<'m>, op: OpId, name: &str, kind: &str) -> Option<&'m str> {
    cx.module.op(op).attr(name)?.enum_value(kind)
}

/// Whether boolean attribute `name` is present and true.
pub fn bool_attr(cx: &Interpreter, op: OpId, name: &str) -> bool {
    matches!(cx.module.op(op).attr(name), Some(Attr::Bool(true)))
}

/// The value of float attribute `name` (`1.0e-05 : f32`; an integer attribute also counts).
pub fn float_attr(cx: &Interpreter, op: OpId, name: &str) -> Option<f64> {
    match cx.module.op(op).attr(name)? {
        Attr::Float { text, .. } => text.parse().ok(),
        other => other.as_int().map(|v| v as f64),
    }
}
