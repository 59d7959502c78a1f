//! The op registry: for every op egfuse knows, its custom assembly format, its inherent
//! attributes, and the traits the verifier checks.
//!
//! An op missing here is still parsed (in the generic form) and printed back generically: unknown
//! ops are kept, never dropped. The formats follow StableHLO's ODS `assemblyFormat`s; the
//! `mhlo.*` twins share them.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// How the value after `key =` in a [`Format::Keyed`] op is written and stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyValue {
    /// `[1, 2]` stored as `array<i64: 1, 2>`.
    I64Array,
    /// `3` stored as `3 : i64`.
    I64,
    /// `RFFT` stored as `#dialect<kind RFFT>`.
    Enum(&'static str),
    /// `e5m10` stored as `exponent_bits = 5 : i32, mantissa_bits = 10 : i32`.
    ExponentMantissa,
}

/// One `key = value` item of a [`Format::Keyed`] op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The word in the pretty form (`dims`).
    pub word: &'static str,
    /// The attribute it stands for (`broadcast_dimensions`).
    pub attr: &'static str,
    pub value: KeyValue,
}

/// How the types after `:` are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSig {
    /// `custom<SameOperandsAndResultType>`: one type when all agree, else a function type.
    Same,
    /// `functional-type(operands, results)`.
    Functional,
    /// Only the result type (`iota`).
    Result,
}

/// The custom assembly format of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// No custom form: always the generic form.
    Generic,
    /// `operands (, key = value)* attr-dict : sig`.
    Keyed(&'static [Key], TypeSig),
    Constant,
    Compare,
    Select,
    Complex,
    Slice,
    Dot,
    DotGeneral,
    Reduce,
    While,
    CustomCall,
    Composite,
    Convolution,
    /// `chlo` ops: `operands attr-dict : operand-types -> result-types`.
    Chlo,
    TopK,
    /// `return`, `func.return`, `stablehlo.return`, `mhlo.return`.
    Return,
    /// `optimization_barrier %a, %b : T, U` (results take the operand types) or `()`.
    Pairwise,
    Call,
    Func,
    Module,
}

/// What the verifier and later passes need to know about an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Traits {
    pub terminator: bool,
    /// Regions do not see values defined outside the op (`func.func`, `builtin.module`).
    pub isolated: bool,
    /// Operands and results share one shape (`Elementwise` in ODS).
    pub elementwise: bool,
    pub commutative: bool,
}

#[derive(Debug)]
pub struct OpDef {
    pub name: String,
    pub format: Format,
    pub inherent: &'static [&'static str],
    pub traits: Traits,
}

/// The values StableHLO defines for the enum attributes the custom formats spell as a bare
/// word (`GT`, `FLOAT`, `RFFT`, `HIGHEST`); `None` for a kind egfuse does not check.
pub fn enum_values(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "comparison_direction" => &["EQ", "NE", "GE", "GT", "LE", "LT"],
        "comparison_type" => &["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"],
        "fft_type" => &["FFT", "IFFT", "RFFT", "IRFFT"],
        "rng_algorithm" => &["DEFAULT", "THREE_FRY", "PHILOX"],
        "precision" => &["DEFAULT", "HIGH", "HIGHEST"],
        _ => return None,
    })
}

const NONE: &[&str] = &[];
const ACCURACY: &[&str] = &["result_accuracy"];

const fn key(word: &'static str, attr: &'static str, value: KeyValue) -> Key {
    Key { word, attr, value }
}

const DIMS_BCAST: &[Key] = &[key("dims", "broadcast_dimensions", KeyValue::I64Array)];
const DIMS_PERM: &[Key] = &[key("dims", "permutation", KeyValue::I64Array)];
const DIMS_REV: &[Key] = &[key("dims", "dimensions", KeyValue::I64Array)];
const DIM_CONCAT: &[Key] = &[key("dim", "dimension", KeyValue::I64)];
const DIM_IOTA: &[Key] = &[key("dim", "iota_dimension", KeyValue::I64)];
const SIZES_DS: &[Key] = &[key("sizes", "slice_sizes", KeyValue::I64Array)];
const SIZES_BCAST: &[Key] = &[key("sizes", "broadcast_sizes", KeyValue::I64Array)];
const PAD: &[Key] = &[
    key("low", "edge_padding_low", KeyValue::I64Array),
    key("high", "edge_padding_high", KeyValue::I64Array),
    key("interior", "interior_padding", KeyValue::I64Array),
];
const FFT: &[Key] = &[
    key("type", "fft_type", KeyValue::Enum("fft_type")),
    key("length", "fft_length", KeyValue::I64Array),
];
const RNG_BITS: &[Key] = &[key(
    "algorithm",
    "rng_algorithm",
    KeyValue::Enum("rng_algorithm"),
)];
const PRECISION: &[Key] = &[key("format", "exponent_bits", KeyValue::ExponentMantissa)];
const NO_KEYS: &[Key] = &[];

/// Elementwise ops in `custom<SameOperandsAndResultType>` form.
const ELEMENTWISE: &[(&str, bool)] = &[
    // (name, commutative)
    ("abs", false),
    ("add", true),
    ("and", true),
    ("atan2", false),
    ("cbrt", false),
    ("ceil", false),
    ("convert", false),
    ("cosine", false),
    ("count_leading_zeros", false),
    ("divide", false),
    ("exponential", false),
    ("exponential_minus_one", false),
    ("floor", false),
    ("imag", false),
    ("log", false),
    ("log_plus_one", false),
    ("logistic", false),
    ("maximum", true),
    ("minimum", true),
    ("multiply", true),
    ("negate", false),
    ("not", false),
    ("or", true),
    ("popcnt", false),
    ("power", false),
    ("real", false),
    ("remainder", false),
    ("round_nearest_afz", false),
    ("round_nearest_even", false),
    ("rsqrt", false),
    ("shift_left", false),
    ("shift_right_arithmetic", false),
    ("shift_right_logical", false),
    ("sign", false),
    ("sine", false),
    ("sqrt", false),
    ("subtract", false),
    ("tan", false),
    ("tanh", false),
    ("xor", true),
    ("clamp", false),
    ("uniform_quantize", false),
    ("uniform_dequantize", false),
];

/// Transcendental ops that carry an optional `result_accuracy` attribute.
const WITH_ACCURACY: &[&str] = &[
    "cbrt",
    "cosine",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "rsqrt",
    "sine",
    "sqrt",
    "tan",
    "tanh",
];

/// Ops whose pretty form is `operands attr-dict : functional-type(operands, results)`.
const FUNCTIONAL: &[&str] = &[
    "bitcast_convert",
    "dynamic_pad",
    "dynamic_reshape",
    "dynamic_update_slice",
    "is_finite",
    "real_dynamic_slice",
    "reshape",
];

/// The other StableHLO (and MHLO) ops: (name, format, inherent attributes).
const SPECIAL: &[(&str, Format, &[&str])] = &[
    ("constant", Format::Constant, &["value"]),
    (
        "iota",
        Format::Keyed(DIM_IOTA, TypeSig::Result),
        &["iota_dimension"],
    ),
    (
        "dynamic_iota",
        Format::Keyed(DIM_IOTA, TypeSig::Functional),
        &["iota_dimension"],
    ),
    (
        "broadcast_in_dim",
        Format::Keyed(DIMS_BCAST, TypeSig::Functional),
        &["broadcast_dimensions"],
    ),
    (
        "dynamic_broadcast_in_dim",
        Format::Keyed(DIMS_BCAST, TypeSig::Functional),
        &[
            "broadcast_dimensions",
            "known_expanding_dimensions",
            "known_nonexpanding_dimensions",
        ],
    ),
    (
        "broadcast",
        Format::Keyed(SIZES_BCAST, TypeSig::Functional),
        &["broadcast_sizes"],
    ),
    (
        "transpose",
        Format::Keyed(DIMS_PERM, TypeSig::Functional),
        &["permutation"],
    ),
    (
        "reverse",
        Format::Keyed(DIMS_REV, TypeSig::Same),
        &["dimensions"],
    ),
    (
        "concatenate",
        Format::Keyed(DIM_CONCAT, TypeSig::Functional),
        &["dimension"],
    ),
    (
        "get_dimension_size",
        Format::Keyed(DIM_CONCAT, TypeSig::Functional),
        &["dimension"],
    ),
    (
        "dynamic_slice",
        Format::Keyed(SIZES_DS, TypeSig::Functional),
        &["slice_sizes"],
    ),
    (
        "pad",
        Format::Keyed(PAD, TypeSig::Functional),
        &["edge_padding_low", "edge_padding_high", "interior_padding"],
    ),
    (
        "fft",
        Format::Keyed(FFT, TypeSig::Functional),
        &["fft_type", "fft_length"],
    ),
    (
        "rng_bit_generator",
        Format::Keyed(RNG_BITS, TypeSig::Functional),
        &["rng_algorithm"],
    ),
    (
        "reduce_precision",
        Format::Keyed(PRECISION, TypeSig::Same),
        &["exponent_bits", "mantissa_bits"],
    ),
    (
        "compare",
        Format::Compare,
        &["comparison_direction", "compare_type"],
    ),
    ("select", Format::Select, NONE),
    ("complex", Format::Complex, NONE),
    (
        "slice",
        Format::Slice,
        &["start_indices", "limit_indices", "strides"],
    ),
    ("dot", Format::Dot, &["precision_config"]),
    (
        "dot_general",
        Format::DotGeneral,
        &["dot_dimension_numbers", "precision_config", "algorithm"],
    ),
    ("reduce", Format::Reduce, &["dimensions"]),
    ("while", Format::While, NONE),
    (
        "custom_call",
        Format::CustomCall,
        &[
            "api_version",
            "backend_config",
            "call_target_name",
            "called_computations",
            "has_side_effect",
            "operand_layouts",
            "output_operand_aliases",
            "result_layouts",
            "result_tilings",
        ],
    ),
    (
        "composite",
        Format::Composite,
        &["composite_attributes", "decomposition", "name", "version"],
    ),
    (
        "convolution",
        Format::Convolution,
        &[
            "batch_group_count",
            "dimension_numbers",
            "feature_group_count",
            "lhs_dilation",
            "padding",
            "precision_config",
            "rhs_dilation",
            "window_reversal",
            "window_strides",
        ],
    ),
    ("return", Format::Return, NONE),
    ("optimization_barrier", Format::Pairwise, NONE),
    (
        "gather",
        Format::Generic,
        &["dimension_numbers", "indices_are_sorted", "slice_sizes"],
    ),
    (
        "dynamic_gather",
        Format::Generic,
        &["dimension_numbers", "indices_are_sorted"],
    ),
    (
        "scatter",
        Format::Generic,
        &[
            "indices_are_sorted",
            "scatter_dimension_numbers",
            "unique_indices",
        ],
    ),
    ("sort", Format::Generic, &["dimension", "is_stable"]),
    (
        "reduce_window",
        Format::Generic,
        &[
            "base_dilations",
            "padding",
            "window_dilations",
            "window_dimensions",
            "window_strides",
        ],
    ),
    (
        "select_and_scatter",
        Format::Generic,
        &["padding", "window_dimensions", "window_strides"],
    ),
    (
        "triangular_solve",
        Format::Generic,
        &["left_side", "lower", "transpose_a", "unit_diagonal"],
    ),
    (
        "dynamic_conv",
        Format::Generic,
        &[
            "batch_group_count",
            "dimension_numbers",
            "feature_group_count",
            "lhs_dilation",
            "precision_config",
            "rhs_dilation",
            "window_reversal",
            "window_strides",
        ],
    ),
    (
        "batch_norm_inference",
        Format::Generic,
        &["epsilon", "feature_index"],
    ),
    (
        "batch_norm_training",
        Format::Generic,
        &["epsilon", "feature_index"],
    ),
    (
        "batch_norm_grad",
        Format::Generic,
        &["epsilon", "feature_index"],
    ),
    ("map", Format::Generic, &["dimensions"]),
    ("case", Format::Generic, NONE),
    ("if", Format::Generic, NONE),
    (
        "fusion",
        Format::Generic,
        &["fusion_kind", "output_operand_aliases"],
    ),
];

/// CHLO ops, all in the `operands : types -> types` form.
const CHLO: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "bessel_i1e",
    "conj",
    "cosh",
    "digamma",
    "erf",
    "erf_inv",
    "erfc",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "lgamma",
    "next_after",
    "polygamma",
    "sinh",
    "square",
    "tan",
    "zeta",
];

fn build() -> FxHashMap<String, OpDef> {
    let mut table = FxHashMap::default();
    let mut add =
        |name: String, format: Format, inherent: &'static [&'static str], traits: Traits| {
            table.insert(
                name.clone(),
                OpDef {
                    name,
                    format,
                    inherent,
                    traits,
                },
            );
        };
    for dialect in ["stablehlo", "mhlo"] {
        for &(op, commutative) in ELEMENTWISE {
            let traits = Traits {
                elementwise: true,
                commutative,
                ..Traits::default()
            };
            let inherent = if WITH_ACCURACY.contains(&op) {
                ACCURACY
            } else {
                NONE
            };
            add(
                format!("{dialect}.{op}"),
                Format::Keyed(NO_KEYS, TypeSig::Same),
                inherent,
                traits,
            );
        }
        for &op in FUNCTIONAL {
            let traits = Traits {
                elementwise: op == "is_finite",
                ..Traits::default()
            };
            add(
                format!("{dialect}.{op}"),
                Format::Keyed(NO_KEYS, TypeSig::Functional),
                NONE,
                traits,
            );
        }
        for &(op, format, inherent) in SPECIAL {
            let terminator = op == "return";
            add(
                format!("{dialect}.{op}"),
                format,
                inherent,
                Traits {
                    terminator,
                    ..Traits::default()
                },
            );
        }
    }
    for &op in CHLO {
        add(
            format!("chlo.{op}"),
            Format::Chlo,
            NONE,
            Traits {
                elementwise: true,
                ..Traits::default()
            },
        );
    }
    add("chlo.top_k".into(), Format::TopK, &["k"], Traits::default());
    let term = Traits {
        terminator: true,
        ..Traits::default()
    };
    let isolated = Traits {
        isolated: true,
        ..Traits::default()
    };
    add("func.return".into(), Format::Return, NONE, term);
    add(
        "func.call".into(),
        Format::Call,
        &["callee", "arg_attrs", "res_attrs", "no_inline"],
        Traits::default(),
    );
    add(
        "func.func".into(),
        Format::Func,
        &[
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility",
        ],
        isolated,
    );
    add(
        "builtin.module".into(),
        Format::Module,
        &["sym_name", "sym_visibility"],
        isolated,
    );
    table
}

fn table() -> &'static FxHashMap<String, OpDef> {
    static TABLE: OnceLock<FxHashMap<String, OpDef>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The registry entry for a full op name, if egfuse knows the op.
pub fn lookup(name: &str) -> Option<&'static OpDef> {
    table().get(name)
}

/// Every op name the registry knows, sorted.
pub fn known_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = table().keys().map(String::as_str).collect();
    names.sort_unstable();
    names
}

/// The `custom_call` targets that name a CHLO op by its MHLO name, as torch_xla exports them
/// (PyTorch's exact GELU is `@mhlo.erf`): pure functions of their one operand.
pub const CHLO_CUSTOM_CALLS: &[&str] = &["mhlo.erf", "mhlo.erfc", "mhlo.erf_inv", "mhlo.lgamma"];

/// Whether `op` is a `custom_call` of a [`CHLO_CUSTOM_CALLS`] target without side effects.
pub fn is_chlo_custom_call(o: &crate::Operation) -> bool {
    let target = o.attr("call_target_name").and_then(|a| a.as_str());
    let effects = matches!(o.attr("has_side_effect"), Some(crate::Attr::Bool(true)));
    o.name.as_ref() == "stablehlo.custom_call"
        && target.is_some_and(|t| CHLO_CUSTOM_CALLS.contains(&t.as_str()))
        && !effects
}

/// Ops without regions (by name, the dialect left out) that are not pure: they touch state,
/// communicate or draw random bits. Egraph mode keeps them opaque; the lowering never folds them.
pub const IMPURE: &[&str] = &[
    "custom_call",
    "rng",
    "rng_bit_generator",
    "all_reduce",
    "all_gather",
    "all_to_all",
    "reduce_scatter",
    "collective_permute",
    "collective_broadcast",
    "infeed",
    "outfeed",
    "send",
    "recv",
    "after_all",
    "create_token",
    "partition_id",
    "replica_id",
    "optimization_barrier",
    "get_tuple_element",
    "tuple",
];
