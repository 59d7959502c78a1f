//! What the rule language needs to know about ops: the [`OpCatalog`] trait. The engine
//! implements it from its op registry; the checks use it for op names, arity, result counts,
//! `commute` and attribute names.

use std::fmt;

/// How many operands (or results) an op takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Fixed(u32),
    AtLeast(u32),
    /// A positive even number: N inputs then N inits (`reduce`). As a result count: one result
    /// per input/init pair.
    Pairs,
}

impl Arity {
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Fixed(k) => n == k as usize,
            Arity::AtLeast(k) => n >= k as usize,
            Arity::Pairs => n >= 2 && n & 1 == 0,
        }
    }
}

impl fmt::Display for Arity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Arity::Fixed(1) => f.write_str("1 operand"),
            Arity::Fixed(k) => write!(f, "{k} operands"),
            Arity::AtLeast(k) => write!(f, "at least {k} operands"),
            Arity::Pairs => f.write_str("an even number of operands (inputs, then inits)"),
        }
    }
}

/// The shape of one op as rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpShape {
    pub operands: Arity,
    pub results: Arity,
    /// Operands and results share one shape; `grow ... over elementwise` may take the op.
    pub elementwise: bool,
    /// A binary op whose operands may be swapped; `commute` is allowed on it.
    pub commutative: bool,
    /// The attribute names a pattern may match on this op (including pseudo-attributes such as
    /// a reduce's `body`), sorted.
    pub attributes: Vec<String>,
}

impl OpShape {
    /// Whether a pattern binding one value to this op is meaningful: the op has one result
    /// (or, for `reduce`, one result per input pair).
    pub fn single_result_for(&self, operands: usize) -> bool {
        match self.results {
            Arity::Fixed(n) => n == 1,
            Arity::AtLeast(_) => true,
            Arity::Pairs => operands == 2,
        }
    }
}

/// The ops rules may name.
pub trait OpCatalog {
    /// The op's shape, or `None` when rules cannot name it.
    fn op(&self, name: &str) -> Option<OpShape>;
    /// Every name rules can use, sorted (for "did you mean" suggestions).
    fn names(&self) -> Vec<String>;
}
