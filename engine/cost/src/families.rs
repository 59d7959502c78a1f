//! The families of ops the cost model classifies by name alone (without dialect): ops that do
//! nothing, views, activations, vector arithmetic, copies, reductions and norms. The lists are
//! the data; [`family`] looks a name up in a table made from them once, where scanning the
//! lists one by one was a hundred string comparisons for an op in none of them.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// A family of ops [`super::shape`] costs alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Nothing,
    View,
    Activation,
    Vector,
    Copy,
    Reduction,
    Norm,
}

const NOTHING: &[&str] = &[
    "return",
    "tuple",
    "get_tuple_element",
    "optimization_barrier",
    "after_all",
    "create_token",
    "get_dimension_size",
    "partition_id",
    "replica_id",
];
const VIEWS: &[&str] = &[
    "reshape",
    "dynamic_reshape",
    "broadcast_in_dim",
    "dynamic_broadcast_in_dim",
    "broadcast",
    "slice",
    "dynamic_slice",
    "real_dynamic_slice",
    "reverse",
    "bitcast_convert",
];
const ACTIVATIONS: &[&str] = &[
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "tanh",
    "rsqrt",
    "sqrt",
    "cbrt",
    "sine",
    "cosine",
    "tan",
    "power",
    "atan2",
    "erf",
    "erfc",
    "erf_inv",
    "lgamma",
    "digamma",
    "sinh",
    "cosh",
    "asin",
    "acos",
    "atan",
    "asinh",
    "acosh",
    "atanh",
    "bessel_i1e",
    "polygamma",
    "zeta",
];
const VECTOR: &[&str] = &[
    "add",
    "subtract",
    "multiply",
    "divide",
    "remainder",
    "maximum",
    "minimum",
    "negate",
    "abs",
    "sign",
    "floor",
    "ceil",
    "round_nearest_afz",
    "round_nearest_even",
    "compare",
    "select",
    "clamp",
    "and",
    "or",
    "xor",
    "not",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "convert",
    "is_finite",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "real",
    "imag",
    "complex",
    "popcnt",
    "count_leading_zeros",
    "reduce_precision",
    "uniform_quantize",
    "uniform_dequantize",
    "map",
    "next_after",
];
/// Layout changes that move every element once: a VectorE copy of the result inside a
/// cluster.
const COPIES: &[&str] = &[
    "transpose",
    "concatenate",
    "pad",
    "dynamic_pad",
    "dynamic_update_slice",
];
const REDUCTIONS: &[&str] = &["reduce", "reduce_window"];
/// Batch normalization: a statistics pass and a normalizing pass over the operand.
const NORMS: &[&str] = &[
    "batch_norm_inference",
    "batch_norm_training",
    "batch_norm_grad",
];

/// Every family with its names; no name is in two (a test checks).
const FAMILIES: &[(Family, &[&str])] = &[
    (Family::Nothing, NOTHING),
    (Family::View, VIEWS),
    (Family::Activation, ACTIVATIONS),
    (Family::Vector, VECTOR),
    (Family::Copy, COPIES),
    (Family::Reduction, REDUCTIONS),
    (Family::Norm, NORMS),
];

/// The family of the op named `name` (its name without dialect), if it has one.
pub fn family(name: &str) -> Option<Family> {
    static TABLE: OnceLock<FxHashMap<&'static str, Family>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = FxHashMap::default();
        for &(family, names) in FAMILIES {
            for &name in names {
                table.insert(name, family);
            }
        }
        table
    });
    table.get(name).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_name_is_in_two_families() {
        let mut seen = std::collections::HashSet::new();
        for &(_, names) in FAMILIES {
            for name in names {
                assert!(seen.insert(name), "`{name}` is in two families");
            }
        }
        assert_eq!(family("logistic"), Some(Family::Activation));
        assert_eq!(family("dot_general"), None);
    }
}
