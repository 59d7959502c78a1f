//! The predicates rules may write after `if`: their names, what each argument must be, and
//! what they return. The matcher gives them meaning; this table is what the checks hold
//! predicates to, and docs/rules.md lists the same set.

/// What a predicate argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A value `%v`: a binding's result or an input of the pattern.
    Value,
    /// A value that one of the pattern's own bindings produces (an op the rule matches).
    Op,
    /// A capture `$c`.
    Capture,
}

impl ArgKind {
    pub fn describe(self) -> &'static str {
        match self {
            ArgKind::Value => "a value (%name)",
            ArgKind::Op => "an op the pattern binds (%name on the left of `=`)",
            ArgKind::Capture => "a capture ($name)",
        }
    }
}

/// What a predicate returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    /// Written alone: `single_use(%x)`.
    Bool,
    /// Compared with a number: `rank(%x) >= 2`.
    Int,
    /// Compared with element types: `dtype(%x) == f32 | bf16`.
    DType,
    /// Compared with a list of sizes, `_` for any: `shape(%x) == [_, 128]`.
    Shape,
}

/// One predicate's signature.
#[derive(Clone, Copy, Debug)]
pub struct PredSig {
    pub name: &'static str,
    pub args: &'static [ArgKind],
    pub returns: Returns,
    /// One sentence saying what it tests.
    pub doc: &'static str,
}

use ArgKind::{Capture, Op, Value};

/// Every predicate, sorted by name.
pub const PREDICATES: &[PredSig] = &[
    PredSig {
        name: "dtype",
        args: &[Value],
        returns: Returns::DType,
        doc: "the element type of the value",
    },
    PredSig {
        name: "even_pieces",
        args: &[Op],
        returns: Returns::Bool,
        doc: "the op is not a concatenate of operands of different shapes (grow rules; an e-class never satisfies it)",
    },
    PredSig {
        name: "is_float",
        args: &[Value],
        returns: Returns::Bool,
        doc: "the value's element type is a floating-point type",
    },
    PredSig {
        name: "is_int",
        args: &[Value],
        returns: Returns::Bool,
        doc: "the value's element type is an integer type",
    },
    PredSig {
        name: "keeps_layout",
        args: &[Op],
        returns: Returns::Bool,
        doc: "the op is not a reshape or transpose that regroups or reorders dimensions of size above 1 (grow rules; an e-class never satisfies it)",
    },
    PredSig {
        name: "len",
        args: &[Capture],
        returns: Returns::Int,
        doc: "the number of elements of a captured list attribute",
    },
    PredSig {
        name: "moves_units",
        args: &[Capture, Value],
        returns: Returns::Bool,
        doc: "the captured permutation moves only the value's dimensions of size 1 (a transpose that is a reshape)",
    },
    PredSig {
        name: "no_table",
        args: &[Op],
        returns: Returns::Bool,
        doc: "the op is not a constant of more than one distinct element (grow rules; an e-class never satisfies it)",
    },
    PredSig {
        name: "not_fused",
        args: &[Op],
        returns: Returns::Bool,
        doc: "the op is not inside an `mhlo.fusion` (seed P0, the walk's guard)",
    },
    PredSig {
        name: "rank",
        args: &[Value],
        returns: Returns::Int,
        doc: "the rank of the value's tensor type",
    },
    PredSig {
        name: "same_shape",
        args: &[Value, Value],
        returns: Returns::Bool,
        doc: "the two values have the same shape",
    },
    PredSig {
        name: "same_squeezed",
        args: &[Value, Value],
        returns: Returns::Bool,
        doc: "the two values' static shapes are equal once their dimensions of size 1 are dropped",
    },
    PredSig {
        name: "same_type",
        args: &[Value, Value],
        returns: Returns::Bool,
        doc: "the two values have the same type",
    },
    PredSig {
        name: "shape",
        args: &[Value],
        returns: Returns::Shape,
        doc: "the dimension sizes of the value's tensor type",
    },
    PredSig {
        name: "single_use",
        args: &[Value],
        returns: Returns::Bool,
        doc: "the value has at most one user (seed P1 and P4: `getNumUsers <= 1`)",
    },
    PredSig {
        name: "top_level",
        args: &[Op],
        returns: Returns::Bool,
        doc: "the op's block is a function body (seed P0, the matcher's region check)",
    },
    PredSig {
        name: "uses",
        args: &[Value],
        returns: Returns::Int,
        doc: "the number of uses of the value",
    },
];

/// The signature of the predicate `name`.
pub fn lookup(name: &str) -> Option<&'static PredSig> {
    PREDICATES.iter().find(|p| p.name == name)
}

/// The element type words a `dtype` comparison may name.
pub const DTYPES: &[&str] = &[
    "bf16",
    "c128",
    "c64",
    "f16",
    "f32",
    "f4E2M1FN",
    "f64",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2",
    "f8E8M0FNU",
    "i1",
    "i16",
    "i32",
    "i4",
    "i64",
    "i8",
    "ui16",
    "ui32",
    "ui64",
    "ui8",
];
