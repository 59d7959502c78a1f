//! The MLIR location of each instruction the tile pass builds, written as MLIR writes it
//! ([`crate::tensor::loc_text`]).

use crate::select::Selected;
use crate::tensor::loc_text;
use egfuse_ir::{Module, ValueDef, ValueId};

pub(super) fn loc_of(m: &Module, s: &Selected) -> Option<String> {
    m.op(s.root).loc.as_ref().map(|l| loc_text(m, l))
}

pub(super) fn loc_of_arg(m: &Module, v: ValueId) -> Option<String> {
    match m.value(v).def {
        ValueDef::Arg { .. } => m.value(v).loc.as_deref().map(|l| loc_text(m, l)),
        _ => None,
    }
}
