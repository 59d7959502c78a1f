//! The op signatures: each NKI ISA op's parameters, in NKI's keyword order, with the engines it
//! may run on. The parser, the printer, the verifier and the interpreter all read this one
//! table; `math` holds what the ops compute.

use crate::names::named;
use crate::{Ap, Engine};

/// The instructions a nisa program holds. Room is left for `sendrecv` and the collectives: a
/// new op is a row of [`OPS`] and its case in `math`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    Activation,
    ActivationReduce,
    TensorReduce,
    TensorTensor,
    TensorScalar,
    Reciprocal,
    BnStats,
    BnAggr,
    NcMatmul,
    NcTranspose,
    TensorCopy,
    TensorCopyPredicated,
    Memset,
    Iota,
    DmaCopy,
    DmaTranspose,
    QuantizeMx,
    NcMatmulMx,
}

/// What a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An access pattern the op writes.
    Dst,
    /// An access pattern the op reads.
    Src,
    /// A float immediate, or an access pattern of one value per partition (`[P, 1]`).
    Scalar,
    /// An ALU operator (`add`, `multiply`, ...).
    Alu,
    /// An activation function (`exp`, `rsqrt`, ...).
    Func,
    /// A list of view dimensions (`axis=[2]`).
    Axes,
    /// `true` or `false`.
    Flag,
    /// A float immediate.
    Float,
}

/// One parameter of an op.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
}

/// One op: its name in NKI, its parameters and the engines that can run it.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub op: Opcode,
    pub name: &'static str,
    pub params: &'static [Param],
    pub engines: &'static [Engine],
    /// The first core generation that has the op (2 for NeuronCore-v2).
    pub since: u8,
}

const fn req(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        required: true,
    }
}

const fn opt(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        required: false,
    }
}

use Engine::{Act, Dma, Dve, GpSimd, Pe};
use Kind::{Alu as A, Axes, Dst, Flag, Float, Func as F, Scalar, Src};

/// Every op, with the signature NKI's `nki.isa` gives it (lowering-anchors §1).
pub const OPS: &[OpSpec] = &[
    OpSpec {
        op: Opcode::Activation,
        name: "activation",
        params: &[
            req("dst", Dst),
            req("op", F),
            req("data", Src),
            opt("bias", Scalar),
            opt("scale", Scalar),
            opt("reduce_op", A),
            opt("reduce_res", Dst),
        ],
        since: 2,
        engines: &[Act],
    },
    OpSpec {
        op: Opcode::ActivationReduce,
        name: "activation_reduce",
        params: &[
            req("dst", Dst),
            req("op", F),
            req("data", Src),
            req("reduce_op", A),
            req("reduce_res", Dst),
            opt("bias", Scalar),
            opt("scale", Scalar),
        ],
        since: 2,
        engines: &[Act],
    },
    OpSpec {
        op: Opcode::TensorReduce,
        name: "tensor_reduce",
        params: &[
            req("dst", Dst),
            req("op", A),
            req("data", Src),
            req("axis", Axes),
            opt("negate", Flag),
        ],
        since: 2,
        engines: &[Dve, GpSimd],
    },
    OpSpec {
        op: Opcode::TensorTensor,
        name: "tensor_tensor",
        params: &[
            req("dst", Dst),
            req("data1", Src),
            req("data2", Src),
            req("op", A),
        ],
        since: 2,
        engines: &[Dve, GpSimd],
    },
    OpSpec {
        op: Opcode::TensorScalar,
        name: "tensor_scalar",
        params: &[
            req("dst", Dst),
            req("data", Src),
            req("op0", A),
            req("operand0", Scalar),
            opt("reverse0", Flag),
            opt("op1", A),
            opt("operand1", Scalar),
            opt("reverse1", Flag),
        ],
        since: 2,
        engines: &[Dve, Act, GpSimd],
    },
    OpSpec {
        op: Opcode::Reciprocal,
        name: "reciprocal",
        params: &[req("dst", Dst), req("data", Src)],
        since: 2,
        engines: &[Dve],
    },
    OpSpec {
        op: Opcode::BnStats,
        name: "bn_stats",
        params: &[req("dst", Dst), req("data", Src)],
        since: 2,
        engines: &[Dve],
    },
    OpSpec {
        op: Opcode::BnAggr,
        name: "bn_aggr",
        params: &[req("dst", Dst), req("data", Src)],
        since: 2,
        engines: &[Dve],
    },
    OpSpec {
        op: Opcode::NcMatmul,
        name: "nc_matmul",
        params: &[
            req("dst", Dst),
            req("stationary", Src),
            req("moving", Src),
            opt("accumulate", Flag),
        ],
        since: 2,
        engines: &[Pe],
    },
    OpSpec {
        op: Opcode::NcTranspose,
        name: "nc_transpose",
        params: &[req("dst", Dst), req("data", Src)],
        since: 2,
        engines: &[Pe, Dve],
    },
    OpSpec {
        op: Opcode::TensorCopy,
        name: "tensor_copy",
        // `bitcast`: the source's bytes read as the destination's dtype (NKI's `tile.view`).
        params: &[req("dst", Dst), req("src", Src), opt("bitcast", Flag)],
        since: 2,
        engines: &[Dve, Act, GpSimd],
    },
    OpSpec {
        op: Opcode::TensorCopyPredicated,
        name: "tensor_copy_predicated",
        params: &[req("dst", Dst), req("src", Src), req("predicate", Src)],
        since: 2,
        engines: &[Dve],
    },
    OpSpec {
        op: Opcode::Memset,
        name: "memset",
        params: &[req("dst", Dst), req("value", Float)],
        since: 2,
        engines: &[Dve, GpSimd],
    },
    OpSpec {
        op: Opcode::Iota,
        name: "iota",
        params: &[
            req("dst", Dst),
            opt("offset", Float),
            opt("channel_multiplier", Float),
        ],
        since: 2,
        engines: &[GpSimd],
    },
    OpSpec {
        op: Opcode::DmaCopy,
        name: "dma_copy",
        params: &[
            req("dst", Dst),
            req("src", Src),
            opt("vector_offset", Src),
            opt("dst_vector_offset", Src),
            opt("dst_rmw_op", A),
            opt("oob_skip", Flag),
        ],
        since: 2,
        engines: &[Dma],
    },
    OpSpec {
        op: Opcode::DmaTranspose,
        name: "dma_transpose",
        params: &[req("dst", Dst), req("src", Src)],
        since: 2,
        engines: &[Dma],
    },
    // The MX ops (lowering-anchors §1, §6; 003 §4): NeuronCore-v4 and later. Data views hold
    // the x4-packed elements unpacked, four consecutive free elements to a packed one; `mx.rs`
    // states the block geometry and the scale layout.
    OpSpec {
        op: Opcode::QuantizeMx,
        name: "quantize_mx",
        params: &[req("dst", Dst), req("src", Src), req("dst_scale", Dst)],
        since: 4,
        engines: &[Dve],
    },
    OpSpec {
        op: Opcode::NcMatmulMx,
        name: "nc_matmul_mx",
        params: &[
            req("dst", Dst),
            req("stationary", Src),
            req("moving", Src),
            req("stationary_scale", Src),
            req("moving_scale", Src),
            opt("accumulate", Flag),
        ],
        since: 4,
        engines: &[Pe],
    },
];

impl Opcode {
    pub fn spec(self) -> &'static OpSpec {
        OPS.iter()
            .find(|s| s.op == self)
            .expect("every opcode has a row in OPS")
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Whether the op writes only some of `dst`'s elements, the rest keeping what `dst` held:
    /// a select rule may then give `dst` the value it starts as.
    pub fn keeps_dst(self) -> bool {
        self == Opcode::TensorCopyPredicated
    }

    /// The index of the parameter `name` in the op's argument list.
    pub fn param(self, name: &str) -> Option<usize> {
        self.spec().params.iter().position(|p| p.name == name)
    }
}

/// Finds an op by its NKI name.
pub fn op_named(name: &str) -> Option<&'static OpSpec> {
    OPS.iter().find(|s| s.name == name)
}

named! {
    /// The ALU operators of tensor_tensor, tensor_scalar and the reduces, by NKI's names.
    pub enum Alu in ALUS {
        Add = "add",
        Subtract = "subtract",
        Multiply = "multiply",
        Divide = "divide",
        Maximum = "maximum",
        Minimum = "minimum",
        Power = "power",
        Equal = "equal",
        NotEqual = "not_equal",
        Greater = "greater",
        GreaterEqual = "greater_equal",
        Less = "less",
        LessEqual = "less_equal",
        BitwiseAnd = "bitwise_and",
        BitwiseOr = "bitwise_or",
        BitwiseXor = "bitwise_xor",
        LeftShift = "left_shift",
        RightShift = "right_shift",
    }
}

impl Alu {
    /// The operators a reduce can fold with: associative and commutative.
    pub fn reduces(self) -> bool {
        matches!(
            self,
            Alu::Add
                | Alu::Multiply
                | Alu::Maximum
                | Alu::Minimum
                | Alu::BitwiseAnd
                | Alu::BitwiseOr
                | Alu::BitwiseXor
        )
    }

    /// The operators that read their inputs' bits rather than their values.
    pub fn bitwise(self) -> bool {
        matches!(self, Alu::BitwiseAnd | Alu::BitwiseOr | Alu::BitwiseXor) || self.shifts()
    }

    /// The shifts, which compute at their data's width (`math::shift`).
    pub fn shifts(self) -> bool {
        matches!(self, Alu::LeftShift | Alu::RightShift)
    }
}

named! {
    /// The activation functions of the scalar engine, by NKI's names (`nl.exp`, ...).
    pub enum Func in FUNCS {
        Copy = "copy",
        Square = "square",
        Sqrt = "sqrt",
        Rsqrt = "rsqrt",
        Reciprocal = "reciprocal",
        Exp = "exp",
        Log = "log",
        Tanh = "tanh",
        Sigmoid = "sigmoid",
        Silu = "silu",
        Gelu = "gelu",
        GeluApprxTanh = "gelu_apprx_tanh",
        GeluApprxSigmoid = "gelu_apprx_sigmoid",
        Relu = "relu",
        Abs = "abs",
        Sign = "sign",
        Erf = "erf",
        Softplus = "softplus",
        Sin = "sin",
        Cos = "cos",
    }
}

/// One argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Ap(Ap),
    Float(f64),
    Alu(Alu),
    Func(Func),
    Axes(Vec<u32>),
    Flag(bool),
}

impl Arg {
    pub fn as_ap(&self) -> Option<&Ap> {
        match self {
            Arg::Ap(a) => Some(a),
            _ => None,
        }
    }
}
