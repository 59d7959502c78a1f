//! 64-bit integers. NeuronCore-v2's engines have no 64-bit integer datapath, yet PyTorch
//! exports token ids, position ids and their arithmetic as `i64`. The policy is neuronx-cc's
//! default (`--native-int64=disabled`): a 64-bit integer is held as the 32-bit integer of the
//! same signedness, in HBM and on chip; the runtime converts the program's arguments and
//! results at its boundary. A constant that 32 bits cannot hold is refused, never wrapped.
//! `--int64 refuse` makes every 64-bit value a diagnostic instead.

use egfuse_diag::{Diag, Span};
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, Module, ValueId};

/// What the lowering does with a 64-bit integer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Int64 {
    /// Held as a 32-bit integer (neuronx-cc's default).
    #[default]
    Downcast,
    /// A diagnostic at every op that reads or writes one.
    Refuse,
}

impl Int64 {
    /// The policy by its name on the command line.
    pub fn named(name: &str) -> Option<Int64> {
        match name {
            "downcast" => Some(Int64::Downcast),
            "refuse" => Some(Int64::Refuse),
            _ => None,
        }
    }
}

/// Whether `v` holds 64-bit integers.
pub fn is_int64(m: &Module, v: ValueId) -> bool {
    matches!(m.ty(v).elem(), Some(ElemType::Int { width: 64, .. }))
}

/// The diagnostics `policy` gives the kernel at `span` reading `sources` and computing
/// `values` (`crate::wide`): each 64-bit constant that 32 bits cannot hold, or when refused,
/// the first 64-bit value.
pub fn check(
    m: &Module,
    policy: Int64,
    span: Span,
    sources: &[ValueId],
    values: &[ValueId],
) -> Vec<Diag> {
    let policy = crate::wide::Policy {
        refuse: policy == Int64::Refuse,
        wide: is_int64,
        beyond: too_wide,
        help:
            "`--int64 downcast` holds 64-bit integers as 32-bit ones, as neuronx-cc does by default",
    };
    crate::wide::check(m, policy, span, (sources, values))
}

/// A diagnostic when `v` is a constant with an element outside the 32-bit range of its
/// signedness.
fn too_wide(m: &Module, v: ValueId) -> Option<Diag> {
    let op = m.defining_op(v)?;
    let o = m.op(op);
    if &*o.name != "stablehlo.constant" {
        return None;
    }
    let unsigned = matches!(
        m.ty(v).elem(),
        Some(ElemType::Int {
            sign: egfuse_ir::Signedness::Unsigned,
            ..
        })
    );
    let (lo, hi) = if unsigned {
        (0, u32::MAX as i128)
    } else {
        (i32::MIN as i128, i32::MAX as i128)
    };
    let bad = elements(o.attr("value")?)?
        .into_iter()
        .find(|x| !(lo..=hi).contains(x))?;
    let msg = format!("the 64-bit constant {bad} does not fit in 32 bits");
    Some(
        Diag::new("lower::int64", o.span, msg)
            .with_label("64-bit integers are held as 32-bit ones on the engines")
            .with_help("`--int64 refuse` reports every 64-bit value instead"),
    )
}

/// The integers of a dense integer constant, in order; `None` when they cannot be read.
fn elements(a: &Attr) -> Option<Vec<i128>> {
    let Attr::Dense { body, .. } = a else {
        return None;
    };
    match body {
        DenseBody::Empty => Some(Vec::new()),
        DenseBody::Elems(e) => {
            let mut out = Vec::new();
            scalars(e, &mut out)?;
            Some(out)
        }
        DenseBody::Hex(h) => hex_words(h.strip_prefix("0x").unwrap_or(h)),
    }
}

fn scalars(e: &DenseElem, out: &mut Vec<i128>) -> Option<()> {
    match e {
        DenseElem::Scalar(s) => out.push(match &**s {
            "true" => 1,
            "false" => 0,
            s => s.parse().ok()?,
        }),
        DenseElem::Complex(..) => return None,
        DenseElem::List(items) => {
            for i in items {
                scalars(i, out)?;
            }
        }
    }
    Some(())
}

/// The little-endian 64-bit words of a hex blob, read as signed.
fn hex_words(h: &str) -> Option<Vec<i128>> {
    let bytes: Vec<u8> = (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(h.get(i..i + 2)?, 16).ok())
        .collect::<Option<_>>()?;
    let words = bytes.chunks_exact(8);
    if !words.remainder().is_empty() {
        return None;
    }
    Some(
        words
            .map(|w| i64::from_le_bytes(w.try_into().expect("eight bytes")) as i128)
            .collect(),
    )
}
