//! How the interpreter rounds floats.
//!
//! [`Numerics::Declared`] is StableHLO's semantics and the default: every op rounds its result
//! to its element type, so a bf16 program rounds to bf16 after every op. [`Numerics::F32`]
//! holds the floats narrower than f32 (bf16, f16; not the quantized kinds) in f32, as XLA:CPU
//! does between the ops of a fusion and as the device's fused kernels do; a bf16 model then
//! rounds as it would run. [`Numerics::Exact`] keeps every float and complex value in f64 whatever its
//! declared type, with no rounding between ops: the reference that `egfuse verify` measures a
//! module's rounding error against. In exact mode a
//! `convert` between float types changes nothing, a constant is decoded at its declared type
//! and then held in f64, and a `bitcast_convert` sees its operand rounded to its declared type
//! (bits have no meaning in f64). Integer, boolean and quantized values are the same in both.
//!
//! Floats of 8 bits or fewer (the f8 and f4 kinds: MX elements and E8M0 scales) are held as
//! declared in every mode. Their rounding is not an implementation's precision but the
//! program's meaning (a quantize's output is its bits), so the exact reference keeps it, and
//! a kernel that skipped it is measured against a reference that did not.

use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::MiniFloat;
use egfuse_ir::{ElemType, FloatKind};

/// How float values are rounded between ops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Numerics {
    /// Every op's result is rounded to its declared element type.
    #[default]
    Declared,
    /// Floats narrower than f32 are held in f32, but for the quantized kinds.
    F32,
    /// Every float and complex value is kept in f64.
    Exact,
}

impl Numerics {
    /// The element kind values of type `ty` are held in.
    pub fn elem(self, ty: &ElemType) -> Result<Elem, String> {
        Ok(self.hold(Elem::from_type(ty)?))
    }

    /// The element kind values declared as `elem` are held in.
    pub fn hold(self, elem: Elem) -> Elem {
        let narrow =
            |k: FloatKind| MiniFloat::of(k).precision < MiniFloat::of(FloatKind::F32).precision;
        match (self, elem) {
            (_, Elem::Float(k)) if quantized(k) => Elem::Float(k),
            (Numerics::Exact, Elem::Float(_)) => Elem::Float(FloatKind::F64),
            (Numerics::Exact, Elem::Complex(_)) => Elem::Complex(FloatKind::F64),
            (Numerics::F32, Elem::Float(k)) if narrow(k) => Elem::Float(FloatKind::F32),
            (_, elem) => elem,
        }
    }

    /// `t` as this mode holds it: the same values, relabelled (they are exact in the wider
    /// kind).
    pub fn held(self, t: Tensor) -> Tensor {
        let elem = self.hold(t.elem.clone());
        Tensor { elem, ..t }
    }
}

/// Whether values of float kind `k` are quantized data, held as declared in every mode: the
/// kinds of 8 bits or fewer.
pub fn quantized(k: FloatKind) -> bool {
    k.bits() <= 8
}

/// `t`, held in a wider kind than it declares, rounded to the declared kind `declared` (for
/// the ops whose meaning depends on the bits of the declared type).
pub fn narrowed(t: &Tensor, declared: &Elem) -> Tensor {
    let data = match &t.data {
        Data::Float(v) => Data::Float(v.iter().map(|&x| declared.round(x)).collect()),
        Data::Complex(v) => Data::Complex(
            (v.iter())
                .map(|z| num_complex::Complex64::new(declared.round(z.re), declared.round(z.im)))
                .collect(),
        ),
        other => other.clone(),
    };
    Tensor::new(declared.clone(), t.shape.clone(), data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_ir::FloatKind::{BF16, F32, F64};

    #[test]
    fn exact_mode_holds_floats_in_f64_and_leaves_the_rest() {
        let bf16 = ElemType::Float(BF16);
        assert_eq!(Numerics::Declared.elem(&bf16), Ok(Elem::Float(BF16)));
        assert_eq!(Numerics::Exact.elem(&bf16), Ok(Elem::Float(F64)));
        assert_eq!(Numerics::F32.elem(&bf16), Ok(Elem::Float(F32)));
        let f64 = ElemType::Float(F64);
        assert_eq!(Numerics::F32.elem(&f64), Ok(Elem::Float(F64)));
        let e4m3 = ElemType::Float(egfuse_ir::FloatKind::F8E4M3FN);
        for numerics in [Numerics::Declared, Numerics::F32, Numerics::Exact] {
            let held = numerics.elem(&e4m3);
            assert_eq!(held, Ok(Elem::Float(egfuse_ir::FloatKind::F8E4M3FN)));
        }
        assert_eq!(
            Numerics::Exact.elem(&ElemType::I32),
            Numerics::Declared.elem(&ElemType::I32)
        );
        let t = Tensor::new(
            Elem::Float(F64),
            vec![2],
            Data::Float(vec![1.0 + 1e-12, 3.0]),
        );
        let n = narrowed(&t, &Elem::Float(F32));
        assert_eq!(
            (n.elem, n.data),
            (Elem::Float(F32), Data::Float(vec![1.0, 3.0]))
        );
    }
}
