//! 64-bit floats. NeuronCore-v2's engines have no fp64 datapath, and PyTorch/XLA holds a
//! `torch.float64` tensor as f32 on a Neuron device (`MaybeDowncastToXlaDeviceType` in
//! `torch_xla/csrc/dtype.cpp` maps F64 to F32 for `XlaDeviceType::NEURON`); a module exported
//! elsewhere, or by JAX with `jax_enable_x64`, still carries `f64`. The policy is that mapping:
//! an `f64` is held as an `f32` in HBM and on chip, computed in fp32 as any f32 is, and the
//! runtime converts the program's arguments and results at its boundary. A constant beyond
//! f32's range is refused, never made an infinity. `--float64 refuse` makes every 64-bit
//! float a diagnostic instead.

use egfuse_diag::{Diag, Span};
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, ValueId};

/// What the lowering does with a 64-bit float.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Float64 {
    /// Held as an f32 (PyTorch/XLA's mapping on Neuron).
    #[default]
    Downcast,
    /// A diagnostic at every op that reads or writes one.
    Refuse,
}

impl Float64 {
    /// Whether the engines compute floats of `elem` in fp32: f32 and the narrower floats, and
    /// an f64 when this policy holds it as an f32.
    pub fn in_fp32(self, elem: Option<&ElemType>) -> bool {
        match elem {
            Some(ElemType::Float(FloatKind::F32 | FloatKind::BF16 | FloatKind::F16)) => true,
            Some(ElemType::Float(FloatKind::F64)) => self == Float64::Downcast,
            _ => false,
        }
    }

    /// The policy by its name on the command line.
    pub fn named(name: &str) -> Option<Float64> {
        match name {
            "downcast" => Some(Float64::Downcast),
            "refuse" => Some(Float64::Refuse),
            _ => None,
        }
    }
}

/// Whether `v` holds 64-bit floats.
pub fn is_float64(m: &Module, v: ValueId) -> bool {
    matches!(m.ty(v).elem(), Some(ElemType::Float(FloatKind::F64)))
}

/// The diagnostics `policy` gives the kernel at `span` reading `sources` and computing
/// `values` (`crate::wide`): each 64-bit constant with a finite element beyond f32's range, or
/// when refused, the first 64-bit value.
pub fn check(
    m: &Module,
    policy: Float64,
    span: Span,
    sources: &[ValueId],
    values: &[ValueId],
) -> Vec<Diag> {
    let policy = crate::wide::Policy {
        refuse: policy == Float64::Refuse,
        wide: is_float64,
        beyond: too_large,
        help: "`--float64 downcast` holds 64-bit floats as f32, as PyTorch/XLA does on Neuron",
    };
    crate::wide::check(m, policy, span, (sources, values))
}

/// A diagnostic when `v` is a constant with a finite element beyond f32's largest.
fn too_large(m: &Module, v: ValueId) -> Option<Diag> {
    let op = m.defining_op(v)?;
    let o = m.op(op);
    if &*o.name != "stablehlo.constant" {
        return None;
    }
    let Some(Attr::Dense {
        body: DenseBody::Elems(e),
        ..
    }) = o.attr("value")
    else {
        return None;
    };
    let bad = first_beyond(e)?;
    let msg = format!("the 64-bit constant {bad} is beyond f32's range");
    Some(
        Diag::new("lower::float64", o.span, msg)
            .with_label("64-bit floats are held as f32 on the engines")
            .with_help("`--float64 refuse` reports every 64-bit float instead"),
    )
}

/// The first finite element of `e` that rounds to an infinity in f32, as written.
fn first_beyond(e: &DenseElem) -> Option<String> {
    match e {
        DenseElem::Scalar(s) => {
            let x = egfuse_ir::floats::float_literal(s, FloatKind::F64).ok()?;
            (x.is_finite() && (x as f32).is_infinite()).then(|| s.to_string())
        }
        DenseElem::Complex(..) => None,
        DenseElem::List(items) => items.iter().find_map(first_beyond),
    }
}
