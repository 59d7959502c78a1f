//! Egraph mode's `transpose-folding` pass (XLA's TransposeFolding): a `transpose` that a
//! `dot_general` reads is folded into the dot's dimension numbers, so the dot reads the
//! transpose's operand and the transpose, once nothing else reads it, is gone. Attention's
//! `k^T` and a PyTorch linear layer's `w^T` are such transposes; each was a kernel of its own.
//!
//! The law: `dot_general(transpose(x, p), y)` with batching dimensions `B` and contracting
//! dimensions `C` on that side is `dot_general(x, y)` with `p[B]` and `p[C]`, when the side's
//! other (free) dimensions keep their order under `p`: the result lists a side's free
//! dimensions in the order its operand has them, so a transpose that reorders them changes the
//! result's layout and stays.
//!
//! Invariant: the folded dot computes what it did, element for element (the same products
//! summed over the same pairs); compat mode never runs this pass.

use egfuse_ir::facts::int_list;
use egfuse_ir::{blocks, Attr, Module, NamedAttr, OpId};

/// Folds every foldable transpose read by a `dot_general` in the blocks egraph mode fuses;
/// returns how many operands it folded.
pub fn fold_transposes(m: &mut Module) -> usize {
    let mut folded = 0;
    for body in blocks::bodies(m) {
        let dots: Vec<OpId> = (m.block(body.block).ops.iter().copied())
            .filter(|&op| &*m.op(op).name == "stablehlo.dot_general")
            .collect();
        for dot in dots {
            for side in [Side::Lhs, Side::Rhs] {
                folded += usize::from(fold(m, dot, side));
            }
        }
    }
    folded
}

#[derive(Clone, Copy)]
enum Side {
    Lhs,
    Rhs,
}

impl Side {
    fn index(self) -> usize {
        self as usize
    }

    fn field(self, what: &str) -> String {
        let side = match self {
            Side::Lhs => "lhs",
            Side::Rhs => "rhs",
        };
        format!("{side}_{what}_dimensions")
    }
}

/// Folds the transpose `dot` reads on `side`, if it is one the law allows.
fn fold(m: &mut Module, dot: OpId, side: Side) -> bool {
    let v = m.op(dot).operands[side.index()];
    let Some(t) = m.defining_op(v) else {
        return false;
    };
    let o = m.op(t);
    if &*o.name != "stablehlo.transpose" || o.parent != m.op(dot).parent {
        return false;
    }
    let Some(perm) = o.attr("permutation").and_then(int_list) else {
        return false;
    };
    let x = o.operands[0];
    let Some(dims) = m.op(dot).attr("dot_dimension_numbers") else {
        return false;
    };
    let Some(folded) = folded_dims(dims, side, &perm) else {
        return false;
    };
    let op = m.op_mut(dot);
    let slot = (op.props.iter_mut().chain(op.attrs.iter_mut()))
        .find(|a| &*a.name == "dot_dimension_numbers")
        .expect("the attribute just read");
    slot.value = folded;
    let k = side.index();
    m.replace_uses_if(v, x, |_, u| u.op == dot && u.operand as usize == k);
    if m.value(v).uses.is_empty() {
        m.erase_op(t).expect("a transpose nothing reads");
    }
    true
}

/// `dims` with `side`'s batching and contracting dimensions read through `perm`, or `None`
/// when the side's free dimensions would change order (or the attribute is not one).
fn folded_dims(dims: &Attr, side: Side, perm: &[i64]) -> Option<Attr> {
    let Attr::Struct { name, fields } = dims else {
        return None;
    };
    let list = |what: &str| {
        dims.field(&side.field(what))
            .map_or(Some(Vec::new()), Attr::as_int_list)
    };
    let (batch, contracting) = (list("batching")?, list("contracting")?);
    let through = |ds: &[i64]| -> Option<Vec<i64>> {
        ds.iter()
            .map(|&d| perm.get(usize::try_from(d).ok()?).copied())
            .collect()
    };
    let free: Vec<i64> = (0..perm.len() as i64)
        .filter(|d| !batch.contains(d) && !contracting.contains(d))
        .collect();
    if !through(&free)?.is_sorted() {
        return None;
    }
    let renamed = [
        (side.field("batching"), through(&batch)?),
        (side.field("contracting"), through(&contracting)?),
    ];
    let fields = (fields.iter())
        .map(|f| match renamed.iter().find(|(n, _)| *n == *f.name) {
            Some((n, ds)) => NamedAttr::new(n, int_array(ds)),
            None => f.clone(),
        })
        .collect();
    Some(Attr::Struct {
        name: name.clone(),
        fields,
    })
}

fn int_array(ds: &[i64]) -> Attr {
    let items = ds.iter().map(|&d| Attr::Int {
        value: i128::from(d),
        ty: None,
    });
    Attr::Array(items.collect())
}
