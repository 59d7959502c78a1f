//! One account of a whole module for every report that states its size and cost (`fuse
//! --stats` and `--stats-json`, `compare`, `coverage`): its op [`Census`] and its [`Bill`] under
//! the target's model, both over every function body with nested regions included, and whether
//! the numbers are estimates because some dimension is dynamic.
//!
//! A `?` dimension (or an unranked tensor) has no size in the module; the model costs it as the
//! target's `dynamic_dim` elements, so the bytes, cycles and total of such a module are
//! estimates. [`Summary::dynamic_dim`] says so, and its text form marks every number that is one.

use super::{module_bill, Bill, Key, Target};
use egfuse_ir::fused::{census, Census};
use egfuse_ir::{Module, Type};
use std::fmt;

/// What [`Summary`] counts, in words, for the reports to print beside the numbers.
pub const COUNTS: &str = "every function body, nested regions included";

/// A module's op census and cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub census: Census,
    /// The sum of [`module_bill`] over the functions.
    pub bill: Bill,
    /// The extent `?` dimensions were costed as, when the module has any: its bytes, cycles and
    /// total are then estimates.
    pub dynamic_dim: Option<u64>,
}

/// The census and the bill of `m` on `target`.
pub fn summary(target: &Target, m: &Module) -> Summary {
    let bill = module_bill(target, m)
        .iter()
        .fold(Bill::default(), |t, f| t + f.bill);
    let dynamic = m.walk().into_iter().any(|op| {
        let o = m.op(op);
        (o.operands.iter().chain(&o.results)).any(|&v| is_dynamic(m.ty(v)))
    });
    Summary {
        census: census(m),
        bill,
        dynamic_dim: dynamic.then(|| target.get(Key::DynamicDim)),
    }
}

/// Whether `t` has a dimension of no static size.
pub fn is_dynamic(t: &Type) -> bool {
    match t {
        Type::Tensor(tt) => tt.dims.as_ref().is_none_or(|d| d.iter().any(|&n| n < 0)),
        Type::Tuple(parts) => parts.iter().any(is_dynamic),
        _ => false,
    }
}

impl Summary {
    /// `estimated: ...` when a dimension is dynamic: what makes the numbers estimates.
    pub fn estimate(&self) -> Option<String> {
        let n = self.dynamic_dim?;
        Some(format!(
            "estimated: `?` dimensions costed as {n}, the target's dynamic_dim"
        ))
    }

    /// The note that follows an estimated number, ` (estimated: ...)`; empty for exact ones.
    pub fn estimate_note(&self) -> String {
        self.estimate().map_or(String::new(), |e| format!(" ({e})"))
    }
}

impl fmt::Display for Summary {
    /// `N ops, M inside K fusions (P% fused); cost T, B HBM bytes, L kernels`, then the
    /// estimate's note when a dimension is dynamic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; cost {}, {} HBM bytes, {}{}",
            self.census,
            self.bill.total,
            self.bill.hbm_bytes,
            egfuse_diag::plural(self.bill.kernels as usize, "kernel"),
            self.estimate_note()
        )
    }
}
