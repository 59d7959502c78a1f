//! What every lowering pass reads of a module's value besides its elements: its dimensions and
//! row-major strides, the nisa dtype of its element type, and the text of an MLIR location as
//! MLIR writes it inside `loc(...)`. The passes share these through this module, not through
//! each other, so that no two of them import each other.

use egfuse_diag::{Diag, Span};
use egfuse_ir::{ElemType, FloatKind, Module, Signedness, ValueId};
use egfuse_nisa::Dtype;

/// The dimensions of `v`'s type (a dynamic one as 0; none for a value that is not a tensor).
pub fn dims(m: &Module, v: ValueId) -> Vec<u64> {
    m.ty(v)
        .dims()
        .map_or(Vec::new(), |d| d.iter().map(|&x| x.max(0) as u64).collect())
}

/// Row-major element strides of `shape`.
pub fn strides(shape: &[u64]) -> Vec<i64> {
    let mut out = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        out[d] = out[d + 1] * shape[d + 1] as i64;
    }
    out
}

/// A location as the text inside `loc(...)`.
pub fn loc_text(m: &Module, l: &egfuse_ir::Location) -> String {
    let mut s = String::new();
    egfuse_ir::print::attr::write_loc(&mut s, m, &resolved(m, l, 0));
    s.strip_prefix("loc(")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(&s)
        .to_string()
}

/// `l` with every alias (`#loc3`) replaced by what it stands for: an alias means nothing
/// outside its module. Aliases nest at most as deep as there are aliases.
fn resolved(m: &Module, l: &egfuse_ir::Location, depth: usize) -> egfuse_ir::Location {
    use egfuse_ir::Location as L;
    if depth > m.loc_aliases.len() {
        return L::Unknown;
    }
    let r = |x: &L| Box::new(resolved(m, x, depth + 1));
    match l {
        L::Alias(i) => m
            .loc_aliases
            .get(*i as usize)
            .map_or(L::Unknown, |a| resolved(m, &a.loc, depth + 1)),
        L::Name { name, child } => L::Name {
            name: name.clone(),
            child: child.as_deref().map(r),
        },
        L::CallSite { callee, caller } => L::CallSite {
            callee: r(callee),
            caller: r(caller),
        },
        L::Fused { metadata, locs } => L::Fused {
            metadata: metadata.clone(),
            locs: locs.iter().map(|x| resolved(m, x, depth + 1)).collect(),
        },
        other => other.clone(),
    }
}

/// The nisa dtype of a value's elements.
pub fn dtype(m: &Module, v: ValueId) -> Result<Dtype, Diag> {
    let e = m.ty(v).elem();
    let d = match e {
        // 64-bit floats are held as f32 (the `--float64` policy).
        Some(ElemType::Float(FloatKind::F32 | FloatKind::F64)) => Dtype::F32,
        Some(ElemType::Float(FloatKind::BF16)) => Dtype::Bf16,
        Some(ElemType::Float(FloatKind::F16)) => Dtype::F16,
        Some(ElemType::Float(FloatKind::F8E4M3)) => Dtype::F8E4M3,
        Some(ElemType::Float(FloatKind::F8E5M2)) => Dtype::F8E5M2,
        Some(ElemType::Float(FloatKind::F8E4M3FN)) => Dtype::F8E4M3FN,
        Some(ElemType::Float(FloatKind::F8E8M0FNU)) => Dtype::F8E8M0FNU,
        Some(ElemType::Float(FloatKind::F4E2M1FN)) => Dtype::F4E2M1FN,
        Some(ElemType::Int { sign, width }) => match (sign, width) {
            // 64-bit integers are held as 32-bit ones (the `--int64` policy).
            (Signedness::Unsigned, 32 | 64) => Dtype::U32,
            (_, 32 | 64) => Dtype::I32,
            (Signedness::Unsigned, 16) => Dtype::U16,
            (_, 16) => Dtype::I16,
            (Signedness::Unsigned, 8) | (_, 1) => Dtype::U8,
            (_, 8) => Dtype::I8,
            _ => return Err(no_dtype(m, v)),
        },
        _ => return Err(no_dtype(m, v)),
    };
    Ok(d)
}

/// Why `v` has no nisa dtype, at the op that defines it (for a block argument, the first op
/// that reads it).
pub fn no_dtype(m: &Module, v: ValueId) -> Diag {
    let mut ty = String::new();
    egfuse_ir::print::attr::write_type(&mut ty, m.ty(v));
    let reader = || m.value(v).uses.first().map(|u| u.op);
    let owner = (m.defining_op(v)).or_else(reader);
    let span = owner.map_or(Span::NONE, |o| m.op(o).span);
    Diag::new(
        "lower::dtype",
        span,
        format!("the engines have no element type for {ty}"),
    )
    .with_label("nisa buffers hold f32, bf16, f16, fp8 (E4M3, E4M3FN, E5M2, E8M0), fp4 (E2M1) and integers up to 32 bits")
}
