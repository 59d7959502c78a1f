//! A small op catalog for the unit tests, shaped like the engine's (which the binary uses).

use crate::catalog::{Arity, OpCatalog, OpShape};

/// (name, operands, results, elementwise, commutative, attributes)
type Row = (
    &'static str,
    Arity,
    Arity,
    bool,
    bool,
    &'static [&'static str],
);

const ONE: Arity = Arity::Fixed(1);
const TWO: Arity = Arity::Fixed(2);

const OPS: &[Row] = &[
    ("chlo.square", ONE, ONE, true, false, &[]),
    ("stablehlo.add", TWO, ONE, true, true, &[]),
    (
        "stablehlo.batch_norm_training",
        Arity::Fixed(3),
        Arity::Fixed(3),
        false,
        false,
        &["epsilon", "feature_index"],
    ),
    (
        "stablehlo.broadcast_in_dim",
        ONE,
        ONE,
        false,
        false,
        &["broadcast_dimensions"],
    ),
    (
        "stablehlo.compare",
        TWO,
        ONE,
        true,
        false,
        &["compare_type", "comparison_direction"],
    ),
    (
        "stablehlo.constant",
        Arity::Fixed(0),
        ONE,
        false,
        false,
        &["value"],
    ),
    ("stablehlo.divide", TWO, ONE, true, false, &[]),
    (
        "stablehlo.dot",
        TWO,
        ONE,
        false,
        false,
        &["precision_config"],
    ),
    (
        "stablehlo.dot_general",
        TWO,
        ONE,
        false,
        false,
        &[
            "lhs_batching_dimensions",
            "lhs_contracting_dimensions",
            "precision_config",
            "rhs_batching_dimensions",
            "rhs_contracting_dimensions",
        ],
    ),
    ("stablehlo.exponential", ONE, ONE, true, false, &[]),
    (
        "stablehlo.exponential_minus_one",
        ONE,
        ONE,
        true,
        false,
        &[],
    ),
    ("stablehlo.log", ONE, ONE, true, false, &[]),
    ("stablehlo.log_plus_one", ONE, ONE, true, false, &[]),
    ("stablehlo.logistic", ONE, ONE, true, false, &[]),
    ("stablehlo.maximum", TWO, ONE, true, true, &[]),
    ("stablehlo.multiply", TWO, ONE, true, true, &[]),
    ("stablehlo.negate", ONE, ONE, true, false, &[]),
    ("stablehlo.power", TWO, ONE, true, false, &[]),
    (
        "stablehlo.reduce",
        Arity::Pairs,
        Arity::Pairs,
        false,
        false,
        &["body", "dimensions"],
    ),
    ("stablehlo.rsqrt", ONE, ONE, true, false, &[]),
    ("stablehlo.sqrt", ONE, ONE, true, false, &[]),
    ("stablehlo.subtract", TWO, ONE, true, false, &[]),
    ("stablehlo.tanh", ONE, ONE, true, false, &[]),
];

pub struct TestCatalog;

impl OpCatalog for TestCatalog {
    fn op(&self, name: &str) -> Option<OpShape> {
        let &(_, operands, results, elementwise, commutative, attrs) =
            OPS.iter().find(|r| r.0 == name)?;
        Some(OpShape {
            operands,
            results,
            elementwise,
            commutative,
            attributes: attrs.iter().map(|a| a.to_string()).collect(),
        })
    }

    fn names(&self) -> Vec<String> {
        OPS.iter().map(|r| r.0.to_string()).collect()
    }
}
