//! Types: ranked and unranked tensors of every element type the corpus uses, tuples, function
//! types, and dialect types kept verbatim (`!quant.uniform<...>`, `!stablehlo.token`).

use super::attr::Attr;

/// A tensor dimension: a size, or [`DYNAMIC`] for `?`.
pub type Dim = i64;

/// The value of a dynamic (`?`) dimension.
pub const DYNAMIC: Dim = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    TF32,
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E3M4,
    F8E4M3,
    F8E4M3FN,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E5M2,
    F8E5M2FNUZ,
    F8E8M0FNU,
}

/// Every float kind with its MLIR spelling.
pub const FLOAT_KINDS: &[(FloatKind, &str)] = &[
    (FloatKind::F16, "f16"),
    (FloatKind::BF16, "bf16"),
    (FloatKind::F32, "f32"),
    (FloatKind::F64, "f64"),
    (FloatKind::TF32, "tf32"),
    (FloatKind::F4E2M1FN, "f4E2M1FN"),
    (FloatKind::F6E2M3FN, "f6E2M3FN"),
    (FloatKind::F6E3M2FN, "f6E3M2FN"),
    (FloatKind::F8E3M4, "f8E3M4"),
    (FloatKind::F8E4M3, "f8E4M3"),
    (FloatKind::F8E4M3FN, "f8E4M3FN"),
    (FloatKind::F8E4M3FNUZ, "f8E4M3FNUZ"),
    (FloatKind::F8E4M3B11FNUZ, "f8E4M3B11FNUZ"),
    (FloatKind::F8E5M2, "f8E5M2"),
    (FloatKind::F8E5M2FNUZ, "f8E5M2FNUZ"),
    (FloatKind::F8E8M0FNU, "f8E8M0FNU"),
];

impl FloatKind {
    pub fn name(self) -> &'static str {
        FLOAT_KINDS
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, n)| *n)
            .unwrap_or("f32")
    }

    pub fn from_name(name: &str) -> Option<FloatKind> {
        FLOAT_KINDS
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(k, _)| *k)
    }

    /// Storage width in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 | FloatKind::TF32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            _ => 8,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: MLIR's signless integers, what StableHLO uses for signed values.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The element type of a tensor, or a scalar type on its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    Float(FloatKind),
    Int {
        sign: Signedness,
        width: u32,
    },
    Index,
    Complex(Box<ElemType>),
    /// A dialect element type such as `!quant.uniform<i8:f32, 0.5:-128>`, kept as written
    /// (the text after `!`).
    Dialect(Box<str>),
}

impl ElemType {
    pub const I1: ElemType = ElemType::Int {
        sign: Signedness::Signless,
        width: 1,
    };
    pub const I32: ElemType = ElemType::Int {
        sign: Signedness::Signless,
        width: 32,
    };
    pub const I64: ElemType = ElemType::Int {
        sign: Signedness::Signless,
        width: 64,
    };
    pub const F32: ElemType = ElemType::Float(FloatKind::F32);

    pub fn is_float(&self) -> bool {
        matches!(self, ElemType::Float(_))
    }

    pub fn is_int(&self) -> bool {
        matches!(self, ElemType::Int { .. } | ElemType::Index)
    }

    pub fn is_bool(&self) -> bool {
        *self == ElemType::I1
    }

    /// The real type of a complex type; any other type is its own real type.
    pub fn real(&self) -> &ElemType {
        match self {
            ElemType::Complex(inner) => inner,
            other => other,
        }
    }
}

/// A tensor type. `dims == None` is the unranked `tensor<*xT>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    pub dims: Option<Vec<Dim>>,
    pub elem: ElemType,
    /// The optional encoding attribute, e.g. `#stablehlo.bounds<?, 3>`.
    pub encoding: Option<Box<Attr>>,
}

impl TensorType {
    pub fn ranked(dims: Vec<Dim>, elem: ElemType) -> TensorType {
        TensorType {
            dims: Some(dims),
            elem,
            encoding: None,
        }
    }

    pub fn rank(&self) -> Option<usize> {
        self.dims.as_ref().map(Vec::len)
    }

    /// Number of elements, when every dimension is static.
    pub fn num_elements(&self) -> Option<u64> {
        let dims = self.dims.as_ref()?;
        dims.iter().try_fold(
            1u64,
            |n, &d| if d < 0 { None } else { n.checked_mul(d as u64) },
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Tensor(TensorType),
    /// A scalar builtin type used on its own (`f32`, `i64`, `index`).
    Scalar(ElemType),
    Tuple(Vec<Type>),
    Function(Vec<Type>, Vec<Type>),
    /// `none`.
    None,
    /// A dialect type such as `!stablehlo.token`, kept as written (the text after `!`).
    Dialect(Box<str>),
}

impl Type {
    pub fn tensor(dims: Vec<Dim>, elem: ElemType) -> Type {
        Type::Tensor(TensorType::ranked(dims, elem))
    }

    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The element type of a tensor or the scalar type itself.
    pub fn elem(&self) -> Option<&ElemType> {
        match self {
            Type::Tensor(t) => Some(&t.elem),
            Type::Scalar(e) => Some(e),
            _ => None,
        }
    }

    /// The static shape of a ranked tensor.
    pub fn dims(&self) -> Option<&[Dim]> {
        self.as_tensor().and_then(|t| t.dims.as_deref())
    }
}
