//! The op catalog the rule language checks rules against: the registry's ops (in [`egfuse_ir::ops`])
//! that rules may name, with their operand and result counts, which the registry does not
//! record, and the attribute names a pattern may match.
//!
//! Attribute names are the registry's inherent attributes, with two changes that make patterns
//! read like the pretty form: a reduce also has the pseudo-attribute `body` (the op its body
//! applies), and a dot_general's `dot_dimension_numbers` is matched field by field
//! (`lhs_contracting_dimensions`, ...).

use egfuse_dsl::{Arity, OpCatalog, OpShape};
use egfuse_ir::ops;

/// The engine's catalog (a unit value; the data is static).
#[derive(Clone, Copy, Debug, Default)]
pub struct Catalog;

const NULLARY: &[&str] = &["constant", "iota"];

const UNARY: &[&str] = &[
    "abs",
    "bitcast_convert",
    "broadcast",
    "broadcast_in_dim",
    "cbrt",
    "ceil",
    "convert",
    "cosine",
    "count_leading_zeros",
    "exponential",
    "exponential_minus_one",
    "fft",
    "floor",
    "get_dimension_size",
    "imag",
    "is_finite",
    "log",
    "log_plus_one",
    "logistic",
    "negate",
    "not",
    "popcnt",
    "real",
    "reduce_precision",
    "reshape",
    "reverse",
    "round_nearest_afz",
    "round_nearest_even",
    "rsqrt",
    "sign",
    "sine",
    "slice",
    "sqrt",
    "tan",
    "tanh",
    "transpose",
    "uniform_dequantize",
    "uniform_quantize",
];

const BINARY: &[&str] = &[
    "add",
    "and",
    "atan2",
    "compare",
    "complex",
    "convolution",
    "divide",
    "dot",
    "dot_general",
    "dynamic_broadcast_in_dim",
    "dynamic_reshape",
    "maximum",
    "minimum",
    "multiply",
    "or",
    "pad",
    "power",
    "remainder",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "subtract",
    "xor",
];

const TERNARY: &[&str] = &["clamp", "select"];

/// Ops StableHLO's spec calls elementwise although the registry's trait (one shape for every
/// operand and result) does not hold for them: `compare` returns `i1`, and `select` may take a
/// scalar predicate.
const ELEMENTWISE_TOO: &[&str] = &[".compare", ".select"];

/// Ops with operand or result counts of their own: (op, operands, results).
const SPECIAL: &[(&str, Arity, Arity)] = &[
    ("batch_norm_grad", Arity::Fixed(5), Arity::Fixed(3)),
    ("batch_norm_inference", Arity::Fixed(5), Arity::Fixed(1)),
    ("batch_norm_training", Arity::Fixed(3), Arity::Fixed(3)),
    ("concatenate", Arity::AtLeast(1), Arity::Fixed(1)),
    // A pattern names a custom call of one result by its `call_target_name` (`mhlo.erf`).
    ("custom_call", Arity::AtLeast(0), Arity::Fixed(1)),
    ("dynamic_slice", Arity::AtLeast(1), Arity::Fixed(1)),
    ("dynamic_update_slice", Arity::AtLeast(2), Arity::Fixed(1)),
    ("reduce", Arity::Pairs, Arity::Pairs),
    ("rng_bit_generator", Arity::Fixed(1), Arity::Fixed(2)),
];

/// CHLO ops taking two operands; every other CHLO op in the registry takes one.
const CHLO_BINARY: &[&str] = &["next_after", "polygamma", "zeta"];

/// Operand and result counts of the op `name` (dialect `stablehlo`, `mhlo` or `chlo`).
fn counts(name: &str) -> Option<(Arity, Arity)> {
    let (dialect, op) = name.split_once('.')?;
    let one = Arity::Fixed(1);
    if dialect == "chlo" {
        return match op {
            "top_k" => Some((one, Arity::Fixed(2))),
            _ if CHLO_BINARY.contains(&op) => Some((Arity::Fixed(2), one)),
            _ => Some((one, one)),
        };
    }
    if dialect != "stablehlo" && dialect != "mhlo" {
        return None;
    }
    let fixed = [(NULLARY, 0), (UNARY, 1), (BINARY, 2), (TERNARY, 3)];
    if let Some(&(_, n)) = fixed.iter().find(|(ops, _)| ops.contains(&op)) {
        return Some((Arity::Fixed(n), one));
    }
    SPECIAL
        .iter()
        .find(|(o, _, _)| *o == op)
        .map(|&(_, operands, results)| (operands, results))
}

/// The attribute names a pattern may match on `name`, sorted.
fn attributes(name: &str, inherent: &[&str]) -> Vec<String> {
    let mut attrs: Vec<String> = inherent
        .iter()
        .filter(|a| **a != "dot_dimension_numbers")
        .map(|a| a.to_string())
        .collect();
    if name.ends_with(".reduce") {
        attrs.push("body".into());
    }
    if name.ends_with(".dot_general") {
        attrs.extend(
            [
                "lhs_batching_dimensions",
                "lhs_contracting_dimensions",
                "rhs_batching_dimensions",
                "rhs_contracting_dimensions",
            ]
            .map(String::from),
        );
    }
    attrs.sort();
    attrs
}

/// Whether the op `name` is elementwise as StableHLO's spec means it: the registry's trait, or
/// one of [`ELEMENTWISE_TOO`].
pub fn is_elementwise(name: &str) -> bool {
    ops::lookup(name).is_some_and(|d| d.traits.elementwise)
        || ELEMENTWISE_TOO.iter().any(|o| name.ends_with(o))
}

impl OpCatalog for Catalog {
    fn op(&self, name: &str) -> Option<OpShape> {
        let def = ops::lookup(name)?;
        let (operands, results) = counts(name)?;
        Some(OpShape {
            operands,
            results,
            elementwise: is_elementwise(name),
            commutative: def.traits.commutative,
            attributes: attributes(name, def.inherent),
        })
    }

    fn names(&self) -> Vec<String> {
        ops::known_names()
            .into_iter()
            .filter(|n| counts(n).is_some())
            .map(String::from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(name: &str) -> String {
        match Catalog.op(name) {
            Some(s) => format!(
                "{} -> {:?}, elementwise {}, commutative {}, attributes [{}]",
                s.operands,
                s.results,
                s.elementwise,
                s.commutative,
                s.attributes.join(", ")
            ),
            None => "not in the catalog".into(),
        }
    }

    #[test]
    fn shapes_of_the_ops_the_default_rules_name() {
        let shown: Vec<String> = [
            "stablehlo.multiply",
            "stablehlo.reduce",
            "stablehlo.sqrt",
            "stablehlo.dot_general",
            "stablehlo.compare",
            "stablehlo.broadcast_in_dim",
            "mhlo.select",
            "chlo.square",
            "stablehlo.while",
            "func.call",
        ]
        .iter()
        .map(|n| format!("{n}: {}", shape(n)))
        .collect();
        expect_test::expect![[r#"
            stablehlo.multiply: 2 operands -> Fixed(1), elementwise true, commutative true, attributes []
            stablehlo.reduce: an even number of operands (inputs, then inits) -> Pairs, elementwise false, commutative false, attributes [body, dimensions]
            stablehlo.sqrt: 1 operand -> Fixed(1), elementwise true, commutative false, attributes [result_accuracy]
            stablehlo.dot_general: 2 operands -> Fixed(1), elementwise false, commutative false, attributes [algorithm, lhs_batching_dimensions, lhs_contracting_dimensions, precision_config, rhs_batching_dimensions, rhs_contracting_dimensions]
            stablehlo.compare: 2 operands -> Fixed(1), elementwise true, commutative false, attributes [compare_type, comparison_direction]
            stablehlo.broadcast_in_dim: 1 operand -> Fixed(1), elementwise false, commutative false, attributes [broadcast_dimensions]
            mhlo.select: 3 operands -> Fixed(1), elementwise true, commutative false, attributes []
            chlo.square: 1 operand -> Fixed(1), elementwise true, commutative false, attributes []
            stablehlo.while: not in the catalog
            func.call: not in the catalog"#]]
        .assert_eq(&shown.join("\n"));
    }

    #[test]
    fn every_catalog_name_has_a_shape() {
        let names = Catalog.names();
        assert!(names.len() > 150, "only {} names", names.len());
        assert!(names.iter().all(|n| Catalog.op(n).is_some()));
    }
}
